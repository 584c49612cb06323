//! Checking one move against the rules (RULES E-1): [`explain`] names the
//! RULES ID and the message of the first rule a move breaks, exactly as the
//! Python engine's `explain` does, or answers None for a legal move.

use crate::actions::Action;
use crate::cards::{is_black_three, is_wild, notation, Card};
use crate::legality::context::{empty_problem, shape_of, Context, Problem};
use crate::legality::moves::{discard_problem, legal_takes, remove_cards};
use crate::legality::solver::{
    canastas, Cards, Finisher, SearchGaveUp, Shape, Situation, Work, SEARCH_BUDGET,
};
use crate::melds::{self, Meld, MeldKind};
use crate::position::{Phase, State, TableMeld};
use crate::rules::{PileTake, StockEnd};

/// The verdict of a check: None for a legal move, or why it is not.
pub type Verdict = Result<Option<Problem>, SearchGaveUp>;

fn problem(rule: &'static str, message: impl Into<String>) -> Verdict {
    Ok(Some(Problem::new(rule, message)))
}

const RANK_SYMBOLS: &[u8; 13] = b"A23456789TJQK";

fn rank_symbol(rank: u8) -> char {
    RANK_SYMBOLS[usize::from(rank - 1)] as char
}

/// Why `action` is illegal in `s` as a RULES ID and a message, or None if it
/// is legal, within the engine's work budget.
pub fn explain(s: &State, action: &Action) -> Verdict {
    explain_within(s, action, SEARCH_BUDGET)
}

/// A move as [`explain_move`] reads it: an [`Action`]'s parts, its cards as a slice of
/// any length (a move the caller spells may hold more cards than an [`Action`] can).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveParts<'a> {
    Draw,
    Take {
        cards: &'a [Card],
        meld: Option<u16>,
    },
    Meld {
        cards: &'a [Card],
    },
    Add {
        meld: u16,
        cards: &'a [Card],
    },
    Extend {
        meld: u16,
        run: &'a [Card],
    },
    Discard {
        card: Card,
    },
    Ask,
    Answer {
        permit: bool,
    },
    Decline,
}

impl<'a> MoveParts<'a> {
    /// The parts of `action`.
    pub fn of(action: &'a Action) -> MoveParts<'a> {
        match action {
            Action::Draw => MoveParts::Draw,
            Action::Take { cards, meld } => MoveParts::Take {
                cards: cards.as_slice(),
                meld: *meld,
            },
            Action::Meld { cards } => MoveParts::Meld {
                cards: cards.as_slice(),
            },
            Action::Add { meld, cards } => MoveParts::Add {
                meld: *meld,
                cards: cards.as_slice(),
            },
            Action::Extend { meld, run } => MoveParts::Extend {
                meld: *meld,
                run: run.as_slice(),
            },
            Action::Discard { card } => MoveParts::Discard { card: *card },
            Action::Ask => MoveParts::Ask,
            Action::Answer { permit } => MoveParts::Answer { permit: *permit },
            Action::Decline => MoveParts::Decline,
        }
    }
}

/// [`explain`] with a work budget of `limit` search nodes.
pub fn explain_within(s: &State, action: &Action, limit: u64) -> Verdict {
    explain_move(s, MoveParts::of(action), limit)
}

/// [`explain_within`] of a move given by its parts: the same checks in the same order,
/// for a move of any number of cards.
pub fn explain_move(s: &State, action: MoveParts<'_>, limit: u64) -> Verdict {
    let context = || Context::within(s, Work::new(limit));
    if s.phase == Phase::GameOver {
        return problem("G-GAME-1", "the game is over");
    }
    if let MoveParts::Answer { permit } = action {
        if s.phase != Phase::Answer {
            return problem("C-OUT-3", "nobody has asked to go out");
        }
        if permit {
            return Ok(None);
        }
        return answer_no_problem(&context());
    }
    if s.phase == Phase::Answer {
        return problem("C-OUT-3", "your partner asked to go out: answer yes or no");
    }
    match action {
        MoveParts::Draw | MoveParts::Take { .. } | MoveParts::Decline => {
            if s.phase != Phase::Draw {
                return problem("G-TURN-1", "you have drawn already this turn");
            }
            let ctx = context();
            return match action {
                MoveParts::Draw if s.stock().is_empty() => problem("C-OUT-5", "the stock is empty"),
                MoveParts::Draw => Ok(None),
                MoveParts::Take { cards, meld } => take_problem(&ctx, cards, meld.map(usize::from)),
                _ => decline_problem(&ctx),
            };
        }
        _ => {}
    }
    if s.phase != Phase::Play {
        return problem(
            "G-TURN-1",
            "it is the draw phase: draw from the stock or take the pile",
        );
    }
    let ctx = context();
    match action {
        MoveParts::Discard { card } => Ok(discard_problem(&ctx, card)),
        MoveParts::Meld { cards } => new_meld_problem(&ctx, cards),
        MoveParts::Add { meld, cards } => add_problem(&ctx, usize::from(meld), cards),
        MoveParts::Extend { meld, run } => extend_problem(&ctx, usize::from(meld), run),
        MoveParts::Ask => {
            let turn = &ctx.s.turn;
            let mut finisher = ctx.finisher(turn.forbidden, turn.answer == Some(false));
            ask_problem(&ctx, &mut finisher)
        }
        // the draw-phase moves and the answers are handled above
        MoveParts::Draw
        | MoveParts::Take { .. }
        | MoveParts::Decline
        | MoveParts::Answer { .. } => Ok(None),
    }
}

/// Why "no" is not a legal answer: the partner could not end the turn without going out (E-2).
pub fn answer_no_problem(ctx: &Context<'_>) -> Verdict {
    let turn = &ctx.s.turn;
    let mut finisher = ctx.finisher(turn.forbidden, true);
    if !finisher.finishable(&ctx.here(turn.laid, false))? {
        return problem(
            "E-2",
            "your partner could not end the turn without going out: the answer must be yes",
        );
    }
    Ok(None)
}

/// Why asking partner is not legal now (C-OUT-3); `finisher` is this position's.
pub fn ask_problem(ctx: &Context<'_>, finisher: &mut Finisher<'_>) -> Verdict {
    let turn = &ctx.s.turn;
    if !ctx.rules.ask_partner {
        return problem("C-OUT-3", "asking partner is not part of these rules");
    }
    if turn.asked {
        return problem("C-OUT-3", "you may ask only once per turn");
    }
    if turn.melded {
        return problem("C-OUT-3", "ask right after drawing, before melding");
    }
    if !turn.aside.is_empty() {
        return problem(
            "C-OUT-3",
            "the rest of the pile waits aside until your team is down: you cannot ask now",
        );
    }
    if !finisher.finishable(&ctx.here(turn.laid, true))? {
        return problem("C-OUT-3", "you cannot go out this turn with these cards");
    }
    Ok(None)
}

/// Why declining the pile is not legal (C-OUT-5).
fn decline_problem(ctx: &Context<'_>) -> Verdict {
    if !ctx.s.stock().is_empty() || ctx.rules.stock_end != StockEnd::PilePlay {
        return problem(
            "C-OUT-5",
            "you may decline the pile only when the stock is empty",
        );
    }
    if legal_takes(ctx)?.iter().any(|t| t.cards().is_empty()) {
        return problem(
            "C-OUT-5",
            "the top card goes onto your team's meld: you must take the pile",
        );
    }
    Ok(None)
}

/// A meld's half-point value (a natural-place 2 at its own value).
fn half_value(ctx: &Context<'_>, meld: &Meld) -> i32 {
    TableMeld::from_meld(meld).value(ctx.rules) as i32
}

fn meld_shape(meld: &Meld) -> Shape {
    shape_of(&TableMeld::from_meld(meld))
}

fn hand_without(ctx: &Context<'_>, cards: &[Card]) -> Option<Cards> {
    let mut hand = ctx.hand;
    for &c in cards {
        if !hand.has(usize::from(c)) {
            return None;
        }
        hand.take(usize::from(c));
    }
    Some(hand)
}

/// Check the position a meld move leads to: C-OUT-1, K-OUT-1, E-2.
fn after_meld(
    ctx: &Context<'_>,
    removed: &[Card],
    index: Option<usize>,
    meld: &Meld,
    gain: i32,
    black3: bool,
) -> Verdict {
    let Some(mut hand) = hand_without(ctx, removed) else {
        return problem("G-TURN-1", "those cards are not all in your hand");
    };
    let shapes = ctx.shapes_with(index, meld_shape(meld));
    let turn = &ctx.s.turn;
    let count = turn.count_halves as i32 + gain;
    let nat_runs = shapes.iter().filter(|m| m.is_natural_run()).count() as u32;
    let opened = ctx.opened || ctx.open_condition(nat_runs, count, hand.len());
    let mut aside = Cards::from_cards(&turn.aside);
    if opened && !aside.is_empty() {
        hand = hand.union(&aside);
        aside = Cards::default();
    }
    let n_can = canastas(&shapes);
    let no_out = turn.answer == Some(false);
    if hand.is_empty() {
        return Ok(empty_problem(ctx, n_can, opened, false, no_out));
    }
    let must_out = turn.must_go_out || turn.answer == Some(true) || black3;
    let situation = Situation::after_laying(hand, shapes, opened, count, aside, must_out);
    let mut finisher = ctx.finisher(turn.forbidden, no_out);
    let cards_left = situation.hand.len();
    if !finisher.finishable(&situation)? {
        return Ok(Some(dead_end(ctx, "move", cards_left, n_can)));
    }
    Ok(None)
}

/// E-2's refusal of a meld or take after which the turn could not be finished.
///
/// With one card left and the team short of canastas, that card could only be
/// melded to go out (C-OUT-1, K-OUT-1: the hand is emptied only with the
/// canastas), so the message says that.
fn dead_end(ctx: &Context<'_>, what: &str, cards_left: u32, n_canastas: u32) -> Problem {
    let mut message = format!("after this {what} the turn could not be finished legally");
    let needed = ctx.rules.canastas_to_go_out;
    if cards_left == 1 && (n_canastas as usize) < needed {
        let rule = ctx.rule_id("C-OUT-1", "K-OUT-1");
        message.push_str(&format!(
            ": the one card left could not be melded to go out, and without {needed} canasta(s) \
             it may not be discarded ({rule})"
        ));
    }
    Problem::new("E-2", message)
}

fn new_meld_problem(ctx: &Context<'_>, cards: &[Card]) -> Verdict {
    let rules = ctx.rules;
    if hand_without(ctx, cards).is_none() {
        return problem("G-TURN-1", "those cards are not all in your hand");
    }
    let meld = match melds::read_meld(cards, &rules.meld_rules(), ctx.black3_ok) {
        Ok(m) => m,
        Err(p) => return Ok(Some(p.into())),
    };
    if meld.cards != cards {
        return problem("K-MELD-5", "cards are out of order");
    }
    let set_rank = (meld.kind == MeldKind::Set).then_some(meld.rank).flatten();
    let black3 = set_rank.is_some_and(|r| rules.black_threes && r == 3);
    if let Some(rank) = set_rank {
        if rules.one_meld_per_rank && !ctx.sets_of_rank(rank).is_empty() {
            return problem(
                "C-MELD-2",
                "your team has a meld of that rank: add to it instead",
            );
        }
    }
    after_meld(ctx, cards, None, &meld, half_value(ctx, &meld), black3)
}

fn add_problem(ctx: &Context<'_>, index: usize, cards: &[Card]) -> Verdict {
    let rules = ctx.rules;
    let Some(old) = ctx.melds.get(index) else {
        return problem("G-MELD-1", format!("your team has no meld @{index}"));
    };
    let TableMeld::Set { rank, .. } = *old else {
        return problem(
            "K-MELD-5",
            format!("meld @{index} is a run: give its new low-to-high list with 'extend'"),
        );
    };
    if cards.is_empty() {
        return problem("G-TURN-1", "add at least one card");
    }
    if hand_without(ctx, cards).is_none() {
        return problem("G-TURN-1", "those cards are not all in your hand");
    }
    let black3 = rules.black_threes && rank == 3;
    for &c in cards {
        if !is_wild(c) && c / 4 + 1 != rank {
            return problem(
                ctx.rule_id("C-MELD-2", "K-MELD-1"),
                format!(
                    "{} does not belong in a meld of {}s",
                    notation(c),
                    rank_symbol(rank)
                ),
            );
        }
    }
    let mut all = old.cards().as_slice().to_vec();
    all.extend_from_slice(cards);
    let new = match melds::read_set(&all, &rules.meld_rules(), true) {
        Ok(m) => m,
        Err(p) => return Ok(Some(p.into())),
    };
    if black3 && !ctx.black3_ok {
        return problem("C-THREE-2", "black 3s are not melded in these rules");
    }
    let gain = cards.iter().map(|&c| ctx.value(c)).sum();
    after_meld(ctx, cards, Some(index), &new, gain, black3)
}

fn extend_problem(ctx: &Context<'_>, index: usize, run: &[Card]) -> Verdict {
    let rules = ctx.rules;
    let Some(old) = ctx.melds.get(index) else {
        return problem("G-MELD-1", format!("your team has no meld @{index}"));
    };
    let TableMeld::Run {
        suit: old_suit,
        low: old_low,
        wild: old_wild,
        ..
    } = *old
    else {
        return problem("K-MELD-5", format!("meld @{index} is a set: use 'add'"));
    };
    let old_high = old.high();
    let old_cards = old.cards();
    let old_cards = old_cards.as_slice();
    let old_wild_card = old_wild.map(|(_, c)| c);
    let new = match melds::read_run(run, &rules.meld_rules(), old_wild_card) {
        Ok(m) => m,
        Err(p) => return Ok(Some(p.into())),
    };
    let added = remove_cards(run, old_cards);
    let Some(added) = added.filter(|_| new.suit == Some(old_suit)) else {
        return problem("K-MELD-7", "the new list must keep every card of the run");
    };
    if added.is_empty() {
        return problem("G-TURN-1", "add at least one card");
    }
    if hand_without(ctx, added.as_slice()).is_none() {
        return problem("G-TURN-1", "the added cards are not all in your hand");
    }
    let new_low = i32::from(new.low);
    let new_high = new_low + run.len() as i32 - 1;
    let (low, high) = (i32::from(old_low), i32::from(old_high));
    if new_low > low || new_high < high {
        return problem(
            "K-MELD-7",
            "a run only grows: its cards keep their places, and its wild moves only when its natural card is added",
        );
    }
    let old_wild_index = old_wild.map(|(i, _)| usize::from(i));
    for (i, &c) in old_cards.iter().enumerate() {
        if Some(i) == old_wild_index {
            continue;
        }
        let j = low + i as i32 - new_low;
        if j < 0
            || j >= run.len() as i32
            || run[j as usize] != c
            || Some(j as usize) == new.wild_index
        {
            return problem("K-MELD-7", "the run's natural cards keep their places");
        }
    }
    if let Some(wi) = old_wild_index {
        let Some(nwi) = new.wild_index.filter(|&w| Some(run[w]) == old_wild_card) else {
            return problem("K-MELD-7", "the run's wild card stays its wild");
        };
        let old_pos = low + wi as i32;
        let new_pos = new_low + nwi as i32;
        if new_pos != old_pos {
            if !(low <= old_pos && old_pos <= high) || (low <= new_pos && new_pos <= high) {
                return problem("K-MELD-7", "the wild moves only beyond the run's old ends");
            }
            let j = (old_pos - new_low) as usize;
            let natural_two = j != nwi && new_low + j as i32 == 2;
            if is_wild(run[j]) && !natural_two {
                return problem(
                    "K-MELD-7",
                    "the wild moves only when its natural card is added",
                );
            }
        }
    }
    let gain = half_value(ctx, &new) - TableMeld::value(old, ctx.rules) as i32;
    after_meld(ctx, added.as_slice(), Some(index), &new, gain, false)
}

/// Why taking the pile with `cards` onto meld `index` is illegal, or None.
pub fn take_problem(ctx: &Context<'_>, cards: &[Card], index: Option<usize>) -> Verdict {
    let s = ctx.s;
    let rules = ctx.rules;
    let Some(&top) = s.pile.last() else {
        return problem(
            ctx.rule_id("C-PILE-1", "K-PILE-1"),
            "the discard pile is empty",
        );
    };
    if rules.black_threes && is_black_three(top) {
        return problem("C-THREE-3", "a black 3 on top stops the pile being taken");
    }
    if rules.single_card_pile_block && ctx.hand.len() == 1 && s.pile.len() == 1 {
        return problem(
            ctx.rule_id("C-PILE-6", "K-PILE-2"),
            "holding one card you cannot take a one-card pile",
        );
    }
    if rules.pile_take == PileTake::Whole {
        if !cards.is_empty() || index.is_some() {
            return problem(
                "K-PILE-1",
                "the whole pile goes to hand: take it with no cards",
            );
        }
        return take_whole_after(ctx);
    }
    take_meld_top(ctx, cards, index)
}

fn take_whole_after(ctx: &Context<'_>) -> Verdict {
    let s = ctx.s;
    let mut hand = ctx.hand;
    for &c in &s.pile {
        if !ctx.is_bonus_three(c) {
            hand.add(usize::from(c));
        }
    }
    let taken_single =
        (s.pile.len() == 1 && ctx.rules.single_card_discard_block).then(|| s.pile[0]);
    let forbidden = taken_single.or(s.turn.forbidden);
    let situation = Situation {
        hand,
        shapes: ctx.shapes.clone(),
        opened: ctx.opened,
        laid: false,
        count: 0,
        aside: Cards::default(),
        must_out: false,
    };
    let mut finisher = ctx.finisher(forbidden, false);
    if !finisher.finishable(&situation)? {
        return problem("K-PILE-3", "after this take no card could be discarded");
    }
    Ok(None)
}

fn take_meld_top(ctx: &Context<'_>, cards: &[Card], index: Option<usize>) -> Verdict {
    let s = ctx.s;
    let rules = ctx.rules;
    let top = *s.pile.last().expect("the pile is not empty");
    if ctx.unmeldable_top(top) {
        return problem(
            "C-PILE-2",
            format!("the pile cannot be taken with {} on top", notation(top)),
        );
    }
    let rank = top / 4 + 1;
    if !ctx.tables.forms_set(rank) {
        return problem("C-PILE-2", format!("{} cannot be melded", notation(top)));
    }
    if !ctx.opened && !rules.take_pile_before_down {
        return problem(
            "C-PILE-5",
            "your team must be down before taking the pile (option take_pile_before_down)",
        );
    }
    if hand_without(ctx, cards).is_none() {
        return problem("G-TURN-1", "those cards are not all in your hand");
    }
    let frozen = rules.pile_freezing && (!ctx.opened || s.pile_frozen);
    let naturals: Vec<Card> = cards.iter().copied().filter(|&c| !is_wild(c)).collect();
    if naturals.iter().any(|&c| c / 4 + 1 != rank) {
        return problem(
            "C-PILE-1",
            format!(
                "the cards that take the pile must match the top card {}",
                notation(top)
            ),
        );
    }
    let same_rank = ctx.sets_of_rank(rank);
    if !cards.is_empty() && cards.len() != 2 {
        return problem(
            "C-PILE-4",
            "take the pile with a pair, a natural and a wild, or no cards onto your meld",
        );
    }
    if frozen && naturals.len() != 2 {
        let why = if ctx.opened {
            "the pile is frozen"
        } else {
            "your team is not down"
        };
        return problem(
            "C-PILE-3",
            format!("{why}: the pile is taken only with a natural pair of the top card's rank"),
        );
    }
    if !cards.is_empty() && naturals.is_empty() {
        return problem(
            "C-PILE-4",
            "at least one natural card must match the top card",
        );
    }
    match index {
        Some(i) => {
            if i >= ctx.melds.len() || !same_rank.contains(&i) {
                return problem(
                    "C-PILE-4",
                    format!(
                        "meld @{i} is not your team's meld of {}s",
                        rank_symbol(rank)
                    ),
                );
            }
        }
        None => {
            if cards.is_empty() {
                return problem("C-PILE-4", "name the meld the top card goes onto");
            }
            if rules.one_meld_per_rank && !same_rank.is_empty() {
                return problem(
                    "C-MELD-2",
                    "your team has a meld of that rank: the take joins it",
                );
            }
        }
    }
    let mut all: Vec<Card> = match index {
        Some(i) => ctx.melds[i].cards().as_slice().to_vec(),
        None => Vec::new(),
    };
    all.push(top);
    all.extend_from_slice(cards);
    let meld = match melds::read_set(&all, &rules.meld_rules(), false) {
        Ok(m) => m,
        Err(p) => return problem("C-PILE-4", p.message),
    };
    after_take(ctx, cards, index, &meld)
}

fn after_take(ctx: &Context<'_>, cards: &[Card], index: Option<usize>, meld: &Meld) -> Verdict {
    let s = ctx.s;
    let top = *s.pile.last().expect("the pile is not empty");
    let mut hand = hand_without(ctx, cards).expect("checked by the caller");
    let shapes = ctx.shapes_with(index, meld_shape(meld));
    let rest: Vec<Card> = s.pile[..s.pile.len() - 1]
        .iter()
        .copied()
        .filter(|&c| !ctx.is_bonus_three(c))
        .collect();
    let count = ctx.value(top) + cards.iter().map(|&c| ctx.value(c)).sum::<i32>();
    let nat_runs = shapes.iter().filter(|m| m.is_natural_run()).count() as u32;
    let opened = ctx.opened || ctx.open_condition(nat_runs, count, hand.len());
    let mut aside = Cards::default();
    if opened {
        for &c in &rest {
            hand.add(usize::from(c));
        }
    } else {
        aside = Cards::from_cards(&rest);
    }
    let n_can = canastas(&shapes);
    if hand.is_empty() {
        return Ok(empty_problem(
            ctx,
            n_can,
            opened,
            false,
            s.turn.answer == Some(false),
        ));
    }
    let cards_left = hand.len();
    let situation = Situation::after_laying(hand, shapes, opened, count, aside, false);
    let mut finisher = ctx.finisher(s.turn.forbidden, false);
    if !finisher.finishable(&situation)? {
        if !ctx.opened {
            return problem(
                "C-PILE-5",
                "with this take the opening minimum could not be reached",
            );
        }
        return Ok(Some(dead_end(ctx, "take", cards_left, n_can)));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::actions::{parse_action, CardList};
    use crate::cards::card;
    use crate::position::{Drew, Hand, Turn};
    use crate::rules::Rules;
    use std::sync::Arc;

    /// Seat 0 of a four-player game of `rules` to play, holding `hand`, drawn from the stock.
    fn play(rules: Rules, hand: &[Card]) -> State {
        let (mut s, _) = State::new_game(Arc::new(rules), 1);
        s.player = 0;
        s.phase = Phase::Play;
        s.hands[0] = Hand::from_cards(hand);
        s.turn = Turn {
            drew: Some(Drew::Stock),
            ..Turn::default()
        };
        s
    }

    fn why(s: &State, text: &str) -> Option<(&'static str, String)> {
        let action = parse_action(text).unwrap();
        explain(s, &action).unwrap().map(|p| (p.rule, p.message))
    }

    #[test]
    fn g_turn_1_a_discard_names_a_card_in_hand() {
        let s = play(Rules::kanasta(), &[card(7, 2), card(9, 0), card(9, 1)]);
        assert_eq!(
            why(&s, "discard KS"),
            Some(("G-TURN-1", "KS is not in your hand".to_string()))
        );
        assert_eq!(why(&s, "discard 7H"), None);
        // a draw-phase move in the play phase
        assert_eq!(why(&s, "draw").unwrap().0, "G-TURN-1");
    }

    #[test]
    fn k_pile_3_the_taken_card_is_not_discarded() {
        let mut s = play(Rules::kanasta(), &[card(7, 2), card(9, 0), card(9, 1)]);
        s.turn.forbidden = Some(card(7, 2));
        assert_eq!(why(&s, "discard 7H").unwrap().0, "K-PILE-3");
        assert_eq!(why(&s, "discard 9C"), None);
    }

    #[test]
    fn g_meld_1_and_k_meld_5_name_the_meld_and_its_kind() {
        // The team has one run, 5H 6H 7H (meld @0): there is no @1, and a run is not added to.
        let mut s = play(Rules::kanasta(), &[card(8, 2), card(9, 0), card(9, 1)]);
        let run = crate::melds::read_meld(
            &[card(5, 2), card(6, 2), card(7, 2)],
            &s.rules.meld_rules(),
            false,
        )
        .unwrap();
        s.melds[0] = Arc::new(vec![TableMeld::from_meld(&run)]);
        s.opened[0] = true;
        assert_eq!(
            why(&s, "add @1 8H"),
            Some(("G-MELD-1", "your team has no meld @1".to_string()))
        );
        assert_eq!(why(&s, "add @0 8H").unwrap().0, "K-MELD-5");
        // 8H at the high end keeps two cards in hand: legal.
        assert_eq!(why(&s, "extend @0 5H 6H 7H 8H"), None);
        let listed = crate::legality::legal_moves(&s).unwrap();
        let extend = Action::Extend {
            meld: 0,
            run: CardList::new(&[card(5, 2), card(6, 2), card(7, 2), card(8, 2)]).unwrap(),
        };
        assert!(listed.contains(&extend));
    }
}
