//! Applying a move with every chore that follows from it (RULES E-3), step
//! for step as the Python engine's `apply` does it: the same changes, the
//! same events in the same order.
//!
//! [`apply`] trusts that the move is legal (the legality checks come first,
//! in [`crate::legality`]); it still refuses, with an error and no new state, any move
//! whose cards are not there or whose meld does not read, so that no move
//! can make it panic.  One chore needs a legality question: when a turn ends
//! at an empty stock under `stock_end="pile_play"` (C-OUT-5) the hand ends if
//! the next player cannot take the pile; the caller answers it (`can_take`).
//!
//! [`play`] is the whole move as the Python engine's `State.apply` makes it:
//! the move is checked first (an illegal one is refused with the RULES ID
//! and message of `legality::explain`), and the native legality answers the
//! chore's question.  [`play_trusted`] skips the check, for a move taken from
//! the state's own listing.

use std::sync::Arc;

use crate::actions::Action;
use crate::cards::{is_red_three, is_wild, Card};
use crate::legality::context::Problem;
use crate::legality::SearchGaveUp;
use crate::melds::{read_meld, read_run, read_set, MeldKind};
use crate::position::{Drew, Event, Hand, HandEnd, Phase, RedThreeSource, State, TableMeld, Turn};
use crate::rules::{PileTake, StockEnd};
use crate::scoring::{game_winner, score_hand, HandEndTable};

/// Why a move cannot be applied: the RULES ID and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApplyError {
    pub rule: &'static str,
    pub message: String,
}

impl std::fmt::Display for ApplyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} [{}]", self.message, self.rule)
    }
}

impl std::error::Error for ApplyError {}

fn refuse<T>(rule: &'static str, message: impl Into<String>) -> Result<T, ApplyError> {
    Err(ApplyError {
        rule,
        message: message.into(),
    })
}

/// Why [`play`] made no new state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The move is not legal here: the RULES ID and message of the first rule it breaks.
    Illegal(Problem),
    /// A legality question (the check, the C-OUT-5 chore) needed more than its work budget.
    GaveUp(SearchGaveUp),
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Illegal(p) => write!(f, "{} [{}]", p.message, p.rule),
            MoveError::GaveUp(e) => e.fmt(f),
        }
    }
}

impl From<SearchGaveUp> for MoveError {
    fn from(e: SearchGaveUp) -> MoveError {
        MoveError::GaveUp(e)
    }
}

impl From<ApplyError> for MoveError {
    fn from(e: ApplyError) -> MoveError {
        MoveError::Illegal(Problem {
            rule: e.rule,
            message: e.message,
        })
    }
}

/// The state after the move `action` and its events, as the Python engine's
/// `State.apply` makes them: an illegal move is refused (the RULES ID and
/// message of [`crate::legality::explain`]), and the native legality answers
/// the C-OUT-5 chore.  Each legality question may expand `limit` search nodes.
pub fn play(s: &State, action: &Action, limit: u64) -> Result<(State, Vec<Event>), MoveError> {
    if let Some(problem) = crate::legality::explain_within(s, action, limit)? {
        return Err(MoveError::Illegal(problem));
    }
    play_trusted(s, action, limit)
}

/// [`play`] without the check: for a move known to be legal (one of the
/// state's own listing).
pub fn play_trusted(
    s: &State,
    action: &Action,
    limit: u64,
) -> Result<(State, Vec<Event>), MoveError> {
    on_copy(s, |d, events| {
        play_trusted_in_place(d, action, limit, events)
    })
}

/// A copy of `s` changed by `change` (in place), with the events it wrote; `s` is unchanged.
fn on_copy<E>(
    s: &State,
    change: impl FnOnce(&mut State, &mut Vec<Event>) -> Result<(), E>,
) -> Result<(State, Vec<Event>), E> {
    let mut d = s.clone();
    let mut events = Vec::new();
    change(&mut d, &mut events)?;
    Ok((d, events))
}

/// [`play_trusted`] on a state the caller owns (a copy it keeps only when this succeeds).
pub fn play_trusted_in_place(
    d: &mut State,
    action: &Action,
    limit: u64,
    events: &mut Vec<Event>,
) -> Result<(), MoveError> {
    let failure = std::cell::Cell::new(None);
    let ask = |probe: &State| -> bool {
        crate::legality::can_take_within(probe, limit).unwrap_or_else(|e| {
            failure.set(Some(e));
            false
        })
    };
    apply_in_place(d, action, &ask, events)?;
    match failure.into_inner() {
        Some(e) => Err(MoveError::GaveUp(e)),
        None => Ok(()),
    }
}

/// The state after `action` and the events of applying it; `s` is unchanged.
///
/// `can_take` answers whether the player to move in a state (the draw phase,
/// the stock empty) may take the pile.
pub fn apply(
    s: &State,
    action: &Action,
    can_take: &dyn Fn(&State) -> bool,
) -> Result<(State, Vec<Event>), ApplyError> {
    on_copy(s, |d, events| apply_in_place(d, action, can_take, events))
}

/// [`apply`] on a state the caller owns (changed only when the move is applied).
pub fn apply_in_place(
    d: &mut State,
    action: &Action,
    can_take: &dyn Fn(&State) -> bool,
    events: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let expected = match action {
        Action::Draw | Action::Take { .. } | Action::Decline => Phase::Draw,
        Action::Answer { .. } => Phase::Answer,
        _ => Phase::Play,
    };
    if d.phase != expected {
        return refuse(
            "G-TURN-1",
            format!("'{action}' is not a move of the {} phase", d.phase.name()),
        );
    }
    let mut a = Applier {
        s: d,
        events,
        can_take,
    };
    let n = a.s.rules.players;
    match action {
        Action::Draw => a.draw(),
        Action::Take { cards, meld } => a.take(cards.as_slice(), meld.map(usize::from))?,
        Action::Decline => a.end_hand(HandEnd::Declined, None, false),
        Action::Discard { card } => a.discard(*card)?,
        Action::Meld { cards } => a.meld(cards.as_slice(), None)?,
        Action::Add { meld, cards } => a.meld(cards.as_slice(), Some(usize::from(*meld)))?,
        Action::Extend { meld, run } => a.extend(usize::from(*meld), run.as_slice())?,
        Action::Ask => {
            a.s.turn.asked = true;
            a.s.phase = Phase::Answer;
            a.s.player = (a.s.player + 2) % n;
        }
        Action::Answer { permit } => {
            a.s.turn.answer = Some(*permit);
            a.s.phase = Phase::Play;
            a.s.player = (a.s.player + 2) % n;
        }
    }
    if let Some(limit) = a.s.rules.hand_move_limit {
        a.count_move(limit);
    }
    Ok(())
}

struct Applier<'a> {
    s: &'a mut State,
    events: &'a mut Vec<Event>,
    can_take: &'a dyn Fn(&State) -> bool,
}

impl Applier<'_> {
    fn seat_team(&self) -> (usize, usize) {
        let seat = self.s.player;
        (seat, self.s.team_of(seat))
    }

    fn fresh_turn(&self, seat: usize, drew: Option<Drew>) -> Turn {
        let team = self.s.team_of(seat);
        Turn {
            drew,
            first_meld: !self.s.melded_this_hand[seat],
            own_from: self.s.melds[team].len(),
            ..Turn::default()
        }
    }

    fn lay_red_three(
        &mut self,
        seat: usize,
        card: Card,
        source: RedThreeSource,
        replacement: Option<Card>,
    ) {
        let team = self.s.team_of(seat);
        self.s.red_threes[team].push(card);
        self.events.push(Event::RedThreeLaid {
            seat,
            card,
            source,
            replacement,
        });
    }

    fn count_move(&mut self, limit: i64) {
        if self
            .events
            .iter()
            .any(|e| matches!(e, Event::HandEnded { .. }))
        {
            self.s.hand_moves = 0;
            return;
        }
        self.s.hand_moves += 1;
        if self.s.hand_moves >= limit as u64 && self.s.phase == Phase::Draw {
            self.s.hand_moves = 0;
            self.end_hand(HandEnd::MoveLimit, None, false);
        }
    }

    fn draw(&mut self) {
        let (seat, _) = self.seat_team();
        let red_threes = self.s.rules.red_threes;
        let mut drawn: Vec<Card> = Vec::with_capacity(self.s.rules.draw_count);
        for _ in 0..self.s.rules.draw_count {
            let Some(mut card) = self.s.draw_card() else {
                break;
            };
            while red_threes && is_red_three(card) {
                let replacement = self.s.draw_card();
                self.lay_red_three(seat, card, RedThreeSource::Stock, replacement);
                match replacement {
                    Some(r) => card = r,
                    None => {
                        // The last stock card was a red 3: the hand ends at once (C-OUT-5, C2-2).
                        if !drawn.is_empty() {
                            self.s.hands[seat].add_all(&drawn);
                            self.events.push(Event::CardsDrawn { seat, cards: drawn });
                        }
                        self.events.push(Event::StockExhausted { seat });
                        self.end_hand(HandEnd::RedThree, None, false);
                        return;
                    }
                }
            }
            drawn.push(card);
        }
        self.s.hands[seat].add_all(&drawn);
        self.events.push(Event::CardsDrawn { seat, cards: drawn });
        let last = self.s.stock().is_empty();
        if last {
            self.events.push(Event::StockExhausted { seat });
        }
        self.s.phase = Phase::Play;
        self.s.turn = Turn {
            last_stock: last,
            ..self.fresh_turn(seat, Some(Drew::Stock))
        };
    }

    fn take(&mut self, cards: &[Card], index: Option<usize>) -> Result<(), ApplyError> {
        let (seat, team) = self.seat_team();
        let rules = self.s.rules.clone();
        let Some(&top) = self.s.pile.last() else {
            return refuse("G-TURN-1", "the discard pile is empty");
        };
        let whole = rules.pile_take == PileTake::Whole;
        // Check what can fail before changing anything.
        let mut hand = self.s.hands[seat];
        let mut new_meld = None;
        if !whole {
            if !hand.remove_all(cards) {
                return refuse("G-TURN-1", "those cards are not all in your hand");
            }
            let mut all: Vec<Card> = match index {
                None => Vec::new(),
                Some(i) => match self.s.melds[team].get(i) {
                    Some(m) => m.cards().as_slice().to_vec(),
                    None => return refuse("G-TURN-1", format!("your team has no meld @{i}")),
                },
            };
            all.push(top);
            all.extend_from_slice(cards);
            match read_set(&all, &rules.meld_rules(), false) {
                Ok(m) => new_meld = Some(TableMeld::from_meld(&m)),
                Err(p) => return refuse(p.rule, p.message),
            }
        } else if !cards.is_empty() || index.is_some() {
            return refuse(
                "K-PILE-1",
                "the whole pile goes to hand: take it with no cards",
            );
        }
        let pile = std::mem::take(&mut self.s.pile);
        let aside = !whole && !self.s.opened[team];
        self.events.push(Event::PileTaken {
            seat,
            cards: pile.clone(),
            aside,
        });
        let mut turn = self.fresh_turn(seat, Some(Drew::Pile));
        self.s.pile_frozen = false;
        if whole {
            let mut gained = Vec::with_capacity(pile.len());
            for &c in &pile {
                if rules.red_threes && is_red_three(c) {
                    self.lay_red_three(seat, c, RedThreeSource::Pile, None);
                } else {
                    gained.push(c);
                }
            }
            self.s.hands[seat].add_all(&gained);
            if pile.len() == 1 && rules.single_card_discard_block {
                turn.forbidden = Some(pile[0]);
            }
            self.s.turn = turn;
            self.s.phase = Phase::Play;
            return Ok(());
        }
        let new_meld = new_meld.expect("read above");
        let melds = self.s.team_melds_mut(team);
        match index {
            None => melds.push(new_meld),
            Some(i) => {
                melds[i] = new_meld;
                if i < turn.own_from {
                    turn.added_to_old = true;
                }
            }
        }
        self.s.melded_this_hand[seat] = true;
        let mut rest = Vec::with_capacity(pile.len());
        for &c in &pile[..pile.len() - 1] {
            if rules.red_threes && is_red_three(c) {
                self.lay_red_three(seat, c, RedThreeSource::Pile, None);
            } else {
                rest.push(c);
            }
        }
        turn.laid = true;
        turn.count_halves =
            rules.card_value(top) + cards.iter().map(|&c| rules.card_value(c)).sum::<i64>();
        if self.s.opened[team] {
            hand.add_all(&rest);
        } else {
            turn.aside = rest;
        }
        self.s.hands[seat] = hand;
        self.s.turn = turn;
        self.s.phase = Phase::Play;
        self.after_laying();
        Ok(())
    }

    fn meld(&mut self, cards: &[Card], index: Option<usize>) -> Result<(), ApplyError> {
        let (seat, team) = self.seat_team();
        let rules = self.s.rules.clone();
        let mut hand = self.s.hands[seat];
        if !hand.remove_all(cards) {
            return refuse("G-TURN-1", "those cards are not all in your hand");
        }
        let mr = rules.meld_rules();
        let (new, gain) = match index {
            None => match read_meld(cards, &mr, true) {
                Ok(m) => {
                    let t = TableMeld::from_meld(&m);
                    (t, t.value(&rules))
                }
                Err(p) => return refuse(p.rule, p.message),
            },
            Some(i) => {
                let Some(old) = self.s.melds[team].get(i) else {
                    return refuse("G-TURN-1", format!("your team has no meld @{i}"));
                };
                let mut all = old.cards().as_slice().to_vec();
                all.extend_from_slice(cards);
                match read_set(&all, &mr, true) {
                    Ok(m) => (
                        TableMeld::from_meld(&m),
                        cards.iter().map(|&c| rules.card_value(c)).sum(),
                    ),
                    Err(p) => return refuse(p.rule, p.message),
                }
            }
        };
        if new.size() > crate::actions::MAX_MOVE_CARDS {
            return refuse("C-MELD-1", "a meld holds more cards than a meld can");
        }
        let mut turn = std::mem::take(&mut self.s.turn);
        let melds = self.s.team_melds_mut(team);
        match index {
            None => melds.push(new),
            Some(i) => {
                melds[i] = new;
                if i < turn.own_from {
                    turn.added_to_old = true;
                }
            }
        }
        let black3 = new.kind() == MeldKind::Set && new.rank() == Some(3) && rules.black_threes;
        self.s.hands[seat] = hand;
        self.s.melded_this_hand[seat] = true;
        turn.laid = true;
        turn.melded = true;
        turn.count_halves += gain;
        turn.must_go_out |= black3;
        self.s.turn = turn;
        self.after_laying();
        Ok(())
    }

    fn extend(&mut self, index: usize, run: &[Card]) -> Result<(), ApplyError> {
        let (seat, team) = self.seat_team();
        let rules = self.s.rules.clone();
        let Some(&old) = self.s.melds[team].get(index) else {
            return refuse("G-TURN-1", format!("your team has no meld @{index}"));
        };
        if old.kind() != MeldKind::Run {
            return refuse("K-MELD-7", format!("meld @{index} is not a run"));
        }
        let new = match read_run(run, &rules.meld_rules(), old.wild_card()) {
            Ok(m) => TableMeld::from_meld(&m),
            Err(p) => return refuse(p.rule, p.message),
        };
        // the cards added: the new list less the old one (a multiset difference)
        let mut added = Hand::from_cards(run);
        if !added.remove_all(old.cards().as_slice()) {
            return refuse(
                "K-MELD-7",
                "the new run must hold every card of the old one",
            );
        }
        let added = added.cards();
        let mut hand = self.s.hands[seat];
        if !hand.remove_all(&added) {
            return refuse("G-TURN-1", "those cards are not all in your hand");
        }
        let mut turn = std::mem::take(&mut self.s.turn);
        self.s.team_melds_mut(team)[index] = new;
        if index < turn.own_from {
            turn.added_to_old = true;
        }
        self.s.hands[seat] = hand;
        self.s.melded_this_hand[seat] = true;
        turn.laid = true;
        turn.melded = true;
        turn.count_halves += new.value(&rules) - old.value(&rules);
        self.s.turn = turn;
        self.after_laying();
        Ok(())
    }

    /// After a meld or a take: opening, the pile aside joining, emptying the hand.
    fn after_laying(&mut self) {
        let (seat, team) = self.seat_team();
        let rules = self.s.rules.clone();
        if !self.s.opened[team] {
            let minimum = rules.opening_minimum(self.s.scores[team]);
            let run_ok = !rules.opening_natural_run
                || self.s.melds[team].iter().any(TableMeld::is_natural_run);
            let n = self.s.hands[seat].len();
            if run_ok
                && (self.s.turn.count_halves >= minimum
                    || (rules.opening_one_card_exempt && n <= 1))
            {
                self.s.opened[team] = true;
                self.events.push(Event::TeamOpened { team, seat });
                if !self.s.turn.aside.is_empty() {
                    let aside = std::mem::take(&mut self.s.turn.aside);
                    self.s.hands[seat].add_all(&aside);
                    self.events.push(Event::PileJoined { seat, cards: aside });
                }
            }
        }
        if self.s.hands[seat].is_empty() {
            self.emptied(false);
        }
    }

    /// The player emptied the hand: pick up a packet (K-OUT-2) or go out.
    fn emptied(&mut self, by_discard: bool) {
        let (seat, team) = self.seat_team();
        if let Some(&packet) = self.s.packets().first() {
            self.s.packets_used += 1;
            self.s.packets_taken[team] += 1;
            self.s.hands[seat] = packet;
            let number = self.s.rules.packets - self.s.packets().len();
            self.events.push(Event::PacketTaken {
                seat,
                packet: number,
                cards: packet.cards(),
            });
            if by_discard {
                self.end_turn();
            }
            return;
        }
        let rules = self.s.rules.clone();
        let turn = &self.s.turn;
        let mut concealed = false;
        if rules.concealed_bonus.is_some() && turn.first_meld && !turn.added_to_old {
            let own = self.s.melds[team]
                .get(turn.own_from..)
                .unwrap_or_default()
                .iter()
                .filter(|m| m.is_canasta())
                .count();
            concealed = own >= rules.canastas_to_go_out;
        }
        if !self.s.opened[team] {
            self.s.opened[team] = true;
            self.events.push(Event::TeamOpened { team, seat });
        }
        self.events.push(Event::WentOut { seat, concealed });
        self.end_hand(HandEnd::GoingOut, Some(seat), concealed);
    }

    fn discard(&mut self, card: Card) -> Result<(), ApplyError> {
        let (seat, _) = self.seat_team();
        if !self.s.hands[seat].remove(card) {
            return refuse("G-TURN-1", "that card is not in your hand");
        }
        self.s.pile.push(card);
        let rules = &self.s.rules;
        if rules.pile_freezing && (is_wild(card) || (rules.red_threes && is_red_three(card))) {
            self.s.pile_frozen = true;
        }
        if self.s.hands[seat].is_empty() {
            self.emptied(true);
        } else {
            self.end_turn();
        }
        Ok(())
    }

    fn end_turn(&mut self) {
        let rules = self.s.rules.clone();
        if self.s.turn.last_stock && rules.stock_end == StockEnd::EndOfTurn {
            self.end_hand(HandEnd::Stock, None, false);
            return;
        }
        let seat = (self.s.player + 1) % rules.players;
        self.s.player = seat;
        self.s.phase = Phase::Draw;
        self.s.turn = self.fresh_turn(seat, None);
        if self.s.stock().is_empty()
            && rules.stock_end == StockEnd::PilePlay
            && !(self.can_take)(self.s)
        {
            self.end_hand(HandEnd::NoTake, None, false);
        }
    }

    /// Score the hand (E-3), then end the game (G-GAME-1) or deal the next hand.
    fn end_hand(&mut self, ended_by: HandEnd, went_out: Option<usize>, concealed: bool) {
        let s = &mut *self.s;
        let rules = s.rules.clone();
        let (n, teams) = (rules.players, rules.teams());
        let result = score_hand(
            &rules,
            HandEndTable::of_state(s, ended_by, went_out, concealed),
        );
        s.scores[..teams].copy_from_slice(&result.scores);
        let result = Arc::new(result);
        Arc::make_mut(&mut s.hand_results).push(result.clone());
        self.events.push(Event::HandEnded { result });
        if let Some(winner) = game_winner(&rules, &s.scores[..teams]) {
            s.winner = Some(winner);
            s.phase = Phase::GameOver;
            self.events.push(Event::GameEnded {
                winner,
                scores: s.scores[..teams].to_vec(),
            });
            return;
        }
        s.dealer = (s.dealer + 1) % n;
        let next = s.hand_number + 1;
        s.deal_hand(next, self.events);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::actions::{parse_action, CardList};
    use crate::rules::Rules;

    fn never(_: &State) -> bool {
        false
    }

    fn new(name: &str, seed: u64) -> State {
        State::new_game(Arc::new(Rules::preset(name).unwrap()), seed).0
    }

    #[test]
    fn play_refuses_an_illegal_move_with_the_rule_explain_names() {
        // G-TURN-1: a discard in the draw phase is refused, with explain's ID and message,
        // and the state is unchanged (play takes it by reference).
        let s = new("classic", 1);
        let card = s.hands[s.player].cards()[0];
        let discard = Action::Discard { card };
        let want = crate::legality::explain(&s, &discard).unwrap().unwrap();
        assert_eq!(want.rule, "G-TURN-1");
        assert_eq!(
            play(&s, &discard, crate::legality::SEARCH_BUDGET),
            Err(MoveError::Illegal(want))
        );
        // A legal move: what apply makes.
        let (a, _) = play(&s, &Action::Draw, crate::legality::SEARCH_BUDGET).unwrap();
        let (b, _) = apply(&s, &Action::Draw, &never).unwrap();
        assert!(a == b);
    }

    #[test]
    fn c_open_1_play_refuses_a_meld_below_the_minimum_that_apply_would_lay() {
        // Not down, score 0, Classic minimum 50 (C-OPEN-1): after drawing, a set of three
        // 7s (15 points) with nothing else to meld leaves the turn unfinishable (E-2).
        // apply trusts its caller and lays it; play refuses it.
        let mut s = new("classic", 1);
        s.phase = Phase::Play;
        s.turn = Turn {
            drew: Some(Drew::Stock),
            ..Turn::default()
        };
        let seat = s.player;
        let hand = [25, 26, 27, 50, 45]; // 7D 7H 7S KH QD
        s.hands[seat] = Hand::from_cards(&hand);
        let meld = Action::lay(CardList::new(&hand[..3]).unwrap());
        assert!(apply(&s, &meld, &never).is_ok());
        match play(&s, &meld, crate::legality::SEARCH_BUDGET) {
            Err(MoveError::Illegal(p)) => assert_eq!(p.rule, "E-2"),
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn drawing_and_discarding_pass_the_turn() {
        let s = new("classic", 1);
        let seat = s.player;
        let (s2, events) = apply(&s, &Action::Draw, &never).unwrap();
        assert_eq!((s2.phase, s2.hands[seat].len()), (Phase::Play, 12));
        assert_eq!(events.len(), 1);
        assert_eq!(s2.turn.drew, Some(Drew::Stock));
        let card = s2.hands[seat].cards()[0];
        let (s3, _) = apply(&s2, &Action::Discard { card }, &never).unwrap();
        assert_eq!((s3.phase, s3.player), (Phase::Draw, (seat + 1) % 4));
        assert_eq!(s3.pile.last(), Some(&card));
        assert_eq!(s3.card_count(), 108);
        // the first state is unchanged
        assert_eq!(s.hands[seat].len(), 11);
    }

    #[test]
    fn wrong_phase_missing_cards_and_bad_melds_are_refused() {
        let s = new("kanasta", 2);
        let e = apply(&s, &parse_action("discard 7H").unwrap(), &never).unwrap_err();
        assert_eq!(e.rule, "G-TURN-1");
        let (s2, _) = apply(&s, &Action::Draw, &never).unwrap();
        let hand = s2.hands[s2.player].cards();
        let missing = (0..52)
            .find(|&c| s2.hands[s2.player].count(c) == 0)
            .unwrap();
        assert!(apply(&s2, &Action::Discard { card: missing }, &never).is_err());
        let two = CardList::new(&hand[..2]).unwrap();
        assert!(apply(&s2, &Action::lay(two), &never).is_err());
        assert!(apply(&s2, &Action::add(5, two), &never).is_err());
        let one = CardList::new(&hand[..1]).unwrap();
        assert!(apply(&s2, &Action::Extend { meld: 0, run: one }, &never).is_err());
    }

    #[test]
    fn kanasta_take_whole_pile_and_the_forbidden_card() {
        // K-PILE-1, K-PILE-3: a one-card pile goes to hand and that card may not be discarded.
        let s = new("kanasta", 2);
        let top = *s.pile.last().unwrap();
        assert_eq!(s.pile.len(), 1);
        let (s2, events) = apply(&s, &Action::take(CardList::EMPTY, None), &never).unwrap();
        assert!(s2.pile.is_empty());
        assert_eq!(s2.turn.forbidden, Some(top));
        assert_eq!(s2.turn.drew, Some(Drew::Pile));
        assert_eq!(events[0].kind(), "PileTaken");
        assert_eq!(s2.hands[s.player].len(), 12);
    }

    #[test]
    fn random_play_keeps_every_card_and_ends_games() {
        // Not a rule check (the Python engine is the reference, compared in the Python
        // tests): random structurally valid moves never lose a card or panic.
        for name in crate::rules::PRESET_NAMES {
            let mut s = new(name, 11);
            let mut g = crate::rng::SplitMix64::new(5);
            for _ in 0..400 {
                let seat = s.player;
                let hand = s.hands[seat].cards();
                let action = match s.phase {
                    Phase::Draw if !s.stock().is_empty() => Action::Draw,
                    Phase::Draw => Action::Decline,
                    Phase::Play => Action::Discard {
                        card: hand[g.below(hand.len() as u64) as usize],
                    },
                    Phase::Answer => Action::Answer { permit: true },
                    Phase::GameOver => break,
                };
                s = apply(&s, &action, &never).unwrap().0;
                if s.phase != Phase::GameOver {
                    assert_eq!(s.card_count(), 108, "{name}");
                }
            }
        }
    }
}
