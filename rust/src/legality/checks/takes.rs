//! Taking the pile (the draw phase): why one take is illegal
//! ([`take_problem`], the Python engine's `take_problem` in
//! `kanasta.legality.checks`), every legal take ([`legal_takes`], the Python
//! `legal_takes`), the C-OUT-5 question whether the player may take it at all
//! ([`can_take`]) and why declining it is illegal.

use super::laying::{dead_end, hand_without, meld_shape, rank_symbol};
use crate::actions::{Action, CardList};
use crate::cards::{is_black_three, is_wild, notation, Card};
use crate::legality::context::{
    cards_of, empty_problem, problem, rank_counts, wild_counts, Context, Verdict,
};
use crate::legality::solver::{canastas, Cards, SearchGaveUp, Situation, Work, SEARCH_BUDGET};
use crate::melds::{self, Meld};
use crate::rules::{PileTake, StockEnd};

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

/// Every legal take of the pile (C-PILE-1 to C-PILE-6, K-PILE-1 to K-PILE-3), in the Python engine's order.
pub fn legal_takes(ctx: &Context<'_>) -> Result<Vec<Action>, SearchGaveUp> {
    let s = ctx.s;
    let rules = ctx.rules;
    let Some(&top) = s.pile.last() else {
        return Ok(Vec::new());
    };
    if rules.pile_take == PileTake::Whole {
        let cand = Action::take(CardList::EMPTY, None);
        return Ok(if take_problem(ctx, &[], None)?.is_none() {
            vec![cand]
        } else {
            Vec::new()
        });
    }
    if ctx.unmeldable_top(top) || (rules.black_threes && crate::cards::is_black_three(top)) {
        return Ok(Vec::new());
    }
    let rank = top / 4 + 1;
    if !ctx.tables.forms_set(rank) {
        return Ok(Vec::new());
    }
    // take_problem refuses every take here before any search (C-PILE-6, K-PILE-2, C-PILE-5)
    if (rules.single_card_pile_block && ctx.hand.len() == 1 && s.pile.len() == 1)
        || (!ctx.opened && !rules.take_pile_before_down)
    {
        return Ok(Vec::new());
    }
    // a frozen pile is taken only with a natural pair (C-PILE-3): take_problem refuses a
    // natural and a wild, or no cards, before any search
    let frozen = rules.pile_freezing && (!ctx.opened || s.pile_frozen);
    let naturals = rank_counts(&ctx.hand, rank);
    let wilds = wild_counts(&ctx.hand);
    let same_rank = ctx.sets_of_rank(rank);
    // the targets: a new meld (unless the rank's meld must be joined), then the sets of the rank
    let new_meld = !rules.one_meld_per_rank || same_rank.is_empty();
    let targets = new_meld
        .then_some(None)
        .into_iter()
        .chain(same_rank.iter().map(|&i| Some(i)));
    let mut out = Vec::new();
    // each pair of cards (natural pairs, then a natural and a wild) onto each target
    let mut each_target = |cards: [Card; 2]| -> Result<(), SearchGaveUp> {
        for target in targets.clone() {
            if take_problem(ctx, &cards, target)?.is_none() {
                out.push(Action::take(cards_of(&cards), target.map(|i| i as u16)));
            }
        }
        Ok(())
    };
    for (i, &(a, held)) in naturals.iter().enumerate() {
        for &(b, _) in &naturals[i..] {
            if a == b && held < 2 {
                continue;
            }
            each_target([a, b])?;
        }
    }
    // a natural and a wild card, then no cards onto a set of the rank: never onto a frozen pile
    if !frozen {
        for &(a, _) in naturals.iter() {
            for &(w, _) in wilds.iter() {
                each_target([a, w])?;
            }
        }
        for &target in same_rank.iter() {
            if take_problem(ctx, &[], Some(target))?.is_none() {
                out.push(Action::take(CardList::EMPTY, Some(target as u16)));
            }
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

/// Why declining the pile is not legal (C-OUT-5).
pub(super) fn decline_problem(ctx: &Context<'_>) -> Verdict {
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
