//! Listing every legal move of a position (RULES E-1, E-2), exactly the
//! moves of the Python engine's `legal_actions()` in the same order:
//!
//! * the draw phase: draw, the takes, decline (C-OUT-5);
//! * the play phase: ask (C-OUT-3), new sets, new runs, then for each of the
//!   team's melds in index order its additions (sets) or extensions (runs),
//!   then the discards by card;
//! * the answer phase: yes, then no when the partner could end the turn without going out.
//!
//! Candidates are built from the hand within the meld rules; a candidate is
//! kept when the turn can still be finished after it ([`Finisher`](crate::legality::solver::Finisher)), one
//! finisher (and memo) per position.
//!
//! Its modules follow the Python engine's `kanasta.legality.moves` (and the
//! listing's share of `kanasta.legality.checks`):
//!
//! * [`candidates`]: the candidate melds, additions and extensions the hand
//!   allows, and the card-list helpers;
//! * [`play`]: the play phase's generator ([`play::Gen`]);
//! * [`takes`]: the draw phase's takes of the pile ([`legal_takes`], [`can_take`]);
//! * this module: the listing of any phase ([`legal_moves`]) and the discard
//!   check it shares with the one-move check ([`discard_problem`]).

mod candidates;
mod play;
mod takes;

pub(crate) use candidates::remove_cards;
pub use takes::{can_take, can_take_within, legal_takes};

use play::Gen;

use crate::actions::Action;
use crate::cards::Card;
use crate::legality::context::{empty_problem, Context, Problem};
use crate::legality::solver::{SearchGaveUp, Shape, Work, SEARCH_BUDGET};
use crate::position::Phase;

/// Every legal move of `s`, each once, in the Python engine's order (E-1, E-2),
/// within the engine's work budget.
pub fn legal_moves(s: &crate::position::State) -> Result<Vec<Action>, SearchGaveUp> {
    legal_moves_within(s, SEARCH_BUDGET).0
}

/// [`legal_moves`] with a work budget of `limit` search nodes, and the nodes
/// the listing expanded (as many as the Python engine's listing expands).
pub fn legal_moves_within(
    s: &crate::position::State,
    limit: u64,
) -> (Result<Vec<Action>, SearchGaveUp>, u64) {
    let ctx = Context::within(s, Work::new(limit));
    let moves = list_moves(&ctx);
    (moves, ctx.work.nodes())
}

/// Every legal move of `ctx`'s position.
fn list_moves(ctx: &Context<'_>) -> Result<Vec<Action>, SearchGaveUp> {
    let s = ctx.s;
    match s.phase {
        Phase::GameOver => Ok(Vec::new()),
        Phase::Draw => {
            let takes = legal_takes(ctx)?;
            let mut out = Vec::with_capacity(takes.len() + 2);
            let stock = !s.stock().is_empty();
            if stock {
                out.push(Action::Draw);
            }
            let plain_take = takes.iter().any(|t| t.cards().is_empty());
            out.extend(takes);
            if !stock && ctx.rules.stock_end == crate::rules::StockEnd::PilePlay && !plain_take {
                out.push(Action::Decline);
            }
            Ok(out)
        }
        Phase::Answer => {
            let mut out = vec![Action::Answer { permit: true }];
            if crate::legality::checks::answer_no_problem(ctx)?.is_none() {
                out.push(Action::Answer { permit: false });
            }
            Ok(out)
        }
        Phase::Play => play_moves(ctx),
    }
}

/// Every legal move of the play phase, in the documented order.
fn play_moves(ctx: &Context<'_>) -> Result<Vec<Action>, SearchGaveUp> {
    let mut g = Gen::new(ctx);
    // most listings are short: the list grows past 16 moves when it must
    let mut out = Vec::with_capacity(16);
    if ctx.rules.ask_partner
        && crate::legality::checks::ask_problem(ctx, &mut g.finisher)?.is_none()
    {
        out.push(Action::Ask);
    }
    g.new_sets(&mut out)?;
    if ctx.rules.runs {
        g.new_runs(&mut out)?;
    }
    for index in 0..ctx.melds.len() {
        match ctx.shapes[index] {
            Shape::Set { .. } => g.set_adds(index, &mut out)?,
            Shape::Run { .. } => g.run_extends(index, &mut out)?,
        }
    }
    // the turn's reasons are the same for every card: asked once
    if turn_discard_problem(ctx).is_none() {
        for (c, _) in ctx.hand.iter() {
            if card_discard_problem(ctx, c as Card).is_none() {
                out.push(Action::Discard { card: c as Card });
            }
        }
    }
    Ok(out)
}

/// Why discarding `card` is illegal, or None (G-TURN-1, K-PILE-3, C-OUT-1, C-THREE-2, C-OUT-3, C-OPEN-2).
pub fn discard_problem(ctx: &Context<'_>, card: Card) -> Option<Problem> {
    card_discard_problem(ctx, card).or_else(|| turn_discard_problem(ctx))
}

/// Why `card` may not be discarded, whatever the turn (G-TURN-1, K-PILE-3), or None.
fn card_discard_problem(ctx: &Context<'_>, card: Card) -> Option<Problem> {
    let turn = &ctx.s.turn;
    if !ctx.hand.has(usize::from(card)) {
        return Some(Problem::new(
            "G-TURN-1",
            format!("{} is not in your hand", crate::cards::notation(card)),
        ));
    }
    if turn.forbidden == Some(card) {
        return Some(Problem::new(
            "K-PILE-3",
            format!(
                "you took {} as a one-card pile: you may not discard it this turn",
                crate::cards::notation(card)
            ),
        ));
    }
    None
}

/// Why no card may be discarded now (C-OUT-1, C-THREE-2, C-OUT-3, C-OPEN-2), or None.
fn turn_discard_problem(ctx: &Context<'_>) -> Option<Problem> {
    let turn = &ctx.s.turn;
    if ctx.hand.len() == 1 {
        return empty_problem(
            ctx,
            ctx.n_canastas,
            ctx.opened,
            true,
            turn.answer == Some(false),
        );
    }
    if turn.must_go_out {
        return Some(Problem::new(
            "C-THREE-2",
            "you melded black 3s: you must go out this turn",
        ));
    }
    if turn.answer == Some(true) {
        return Some(Problem::new(
            "C-OUT-3",
            "partner answered yes: you must go out this turn",
        ));
    }
    if turn.laid && !ctx.opened {
        return Some(Problem::new(
            ctx.not_open_rule(),
            "you laid cards down: reach the opening minimum before you discard",
        ));
    }
    None
}

#[cfg(test)]
mod tests;
