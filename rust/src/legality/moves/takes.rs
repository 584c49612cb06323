//! The draw phase: every legal take of the pile (the Python engine's
//! `legal_takes` in `kanasta.legality.checks`), and the C-OUT-5 question
//! whether the player may take it at all.

use super::candidates::{cards_of, rank_counts, wild_counts};
use crate::actions::{Action, CardList};
use crate::cards::Card;
use crate::legality::context::Context;
use crate::legality::solver::{SearchGaveUp, Work, SEARCH_BUDGET};
use crate::rules::PileTake;

/// Every legal take of the pile (C-PILE-1 to C-PILE-6, K-PILE-1 to K-PILE-3), in the Python engine's order.
pub fn legal_takes(ctx: &Context<'_>) -> Result<Vec<Action>, SearchGaveUp> {
    let s = ctx.s;
    let rules = ctx.rules;
    let Some(&top) = s.pile.last() else {
        return Ok(Vec::new());
    };
    if rules.pile_take == PileTake::Whole {
        let cand = Action::take(CardList::EMPTY, None);
        return Ok(
            if crate::legality::checks::take_problem(ctx, &[], None)?.is_none() {
                vec![cand]
            } else {
                Vec::new()
            },
        );
    }
    if ctx.unmeldable_top(top) || (rules.black_threes && crate::cards::is_black_three(top)) {
        return Ok(Vec::new());
    }
    let rank = top / 4 + 1;
    if !ctx.tables.forms_set(rank) {
        return Ok(Vec::new());
    }
    let naturals: Vec<Card> = rank_counts(&ctx.hand, rank)
        .iter()
        .map(|&(c, _)| c)
        .collect();
    let wilds: Vec<Card> = wild_counts(&ctx.hand).iter().map(|&(c, _)| c).collect();
    let same_rank = ctx.sets_of_rank(rank);
    let targets: Vec<Option<usize>> = if rules.one_meld_per_rank && !same_rank.is_empty() {
        same_rank.iter().map(|&i| Some(i)).collect()
    } else {
        std::iter::once(None)
            .chain(same_rank.iter().map(|&i| Some(i)))
            .collect()
    };
    let mut combos: Vec<[Card; 2]> = Vec::new();
    for (i, &a) in naturals.iter().enumerate() {
        for &b in &naturals[i..] {
            if a == b && ctx.hand.count(usize::from(a)) < 2 {
                continue;
            }
            combos.push([a, b]);
        }
    }
    for &a in &naturals {
        for &w in &wilds {
            combos.push([a, w]);
        }
    }
    let mut out = Vec::new();
    for cards in &combos {
        for &target in &targets {
            if crate::legality::checks::take_problem(ctx, cards, target)?.is_none() {
                out.push(Action::take(cards_of(cards), target.map(|i| i as u16)));
            }
        }
    }
    for &target in &same_rank {
        if crate::legality::checks::take_problem(ctx, &[], Some(target))?.is_none() {
            out.push(Action::take(CardList::EMPTY, Some(target as u16)));
        }
    }
    Ok(out)
}

/// Whether the player to move may take the pile (the C-OUT-5 chore asks it at an empty stock).
pub fn can_take(s: &crate::position::State) -> Result<bool, SearchGaveUp> {
    can_take_within(s, SEARCH_BUDGET)
}

/// [`can_take`] with a work budget of `limit` search nodes.
pub fn can_take_within(s: &crate::position::State, limit: u64) -> Result<bool, SearchGaveUp> {
    Ok(!legal_takes(&Context::within(s, Work::new(limit)))?.is_empty())
}
