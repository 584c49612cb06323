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
//! Its modules follow the Python engine's `kanasta.legality.moves`, above
//! the one-move checks it asks ([`crate::legality::checks`]: the takes, the
//! discards, asking and answering):
//!
//! * `candidates`: the candidate melds, additions and extensions the hand allows;
//! * `play`: the play phase's generator (`play::Gen`);
//! * this module: the listing of any phase ([`legal_moves`]).

mod candidates;
mod play;

#[cfg(test)]
mod tests;

use play::Gen;

use crate::actions::Action;
use crate::cards::Card;
use crate::legality::checks::{answer_no_problem, ask_refusal, legal_takes, turn_discard_problem};
use crate::legality::context::Context;
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
            if answer_no_problem(ctx)?.is_none() {
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
    if ctx.rules.ask_partner && ask_refusal(ctx, g.finisher())?.is_none() {
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
    // the turn's reasons are the same for every card: asked once; a card of the hand is
    // refused only as the one it may not be (card_discard_problem, K-PILE-3)
    if turn_discard_problem(ctx).is_none() {
        let forbidden = ctx.s.turn.forbidden;
        for (c, _) in ctx.hand.iter() {
            if forbidden != Some(c as Card) {
                out.push(Action::Discard { card: c as Card });
            }
        }
    }
    Ok(out)
}
