//! Checking a move that lays cards on the table (the Python engine's
//! `new_meld_problem`, `add_problem` and `extend_problem` in
//! `kanasta.legality.checks`): a new meld, cards added to a set, a run
//! extended, and the position a meld leads to (C-OUT-1, K-OUT-1, E-2), which
//! a take that melds the top card shares.

use crate::cards::{is_wild, notation, Card};
use crate::legality::context::{
    empty_problem, problem, remove_cards, shape_of, Context, Problem, Verdict,
};
use crate::legality::solver::{canastas, Cards, Shape, Situation};
use crate::melds::{self, Meld, MeldKind};
use crate::position::TableMeld;

const RANK_SYMBOLS: &[u8; 13] = b"A23456789TJQK";

/// A rank's symbol in the card notation (A, 2-9, T, J, Q, K).
pub(super) fn rank_symbol(rank: u8) -> char {
    RANK_SYMBOLS[usize::from(rank - 1)] as char
}

/// A meld's half-point value (a natural-place 2 at its own value).
pub(super) fn half_value(ctx: &Context<'_>, meld: &Meld) -> i32 {
    TableMeld::from_meld(meld).value(ctx.rules) as i32
}

pub(super) fn meld_shape(meld: &Meld) -> Shape {
    shape_of(&TableMeld::from_meld(meld))
}

pub(super) fn hand_without(ctx: &Context<'_>, cards: &[Card]) -> Option<Cards> {
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
pub(super) fn dead_end(ctx: &Context<'_>, what: &str, cards_left: u32, n_canastas: u32) -> Problem {
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

pub(super) fn new_meld_problem(ctx: &Context<'_>, cards: &[Card]) -> Verdict {
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

pub(super) fn add_problem(ctx: &Context<'_>, index: usize, cards: &[Card]) -> Verdict {
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

pub(super) fn extend_problem(ctx: &Context<'_>, index: usize, run: &[Card]) -> Verdict {
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
