//! Checking one move against the rules (RULES E-1), as the Python engine's
//! `kanasta.legality.checks`: [`explain`] names the RULES ID and the message
//! of the first rule a move breaks, exactly as the Python engine's `explain`
//! does, or answers None for a legal move.  The listing of moves
//! ([`crate::legality::moves`]) asks these checks, never the reverse.
//!
//! * [`laying`]: a new meld, additions, run extensions and what a meld leads to;
//! * [`takes`]: taking the pile, every legal take, declining it;
//! * this module: a move by its parts ([`MoveParts`], [`explain_move`]), the
//!   discards, asking partner and answering.

pub mod laying;
pub mod takes;

#[cfg(test)]
mod tests;

pub use takes::{can_take, can_take_within, legal_takes, take_problem};

use laying::{add_problem, extend_problem, new_meld_problem};
use takes::decline_problem;

use crate::actions::{Action, Notation, Verb};
use crate::cards::Card;
use crate::legality::context::{empty_problem, problem, Context, Problem, Verdict};
use crate::legality::solver::{Finisher, SearchGaveUp, Work, SEARCH_BUDGET};
use crate::position::{Phase, State};

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
        Self::of_notation(&action.notation()).expect("an action's parts are a move")
    }

    /// The parts of a move as its text form reads them (any number of cards); None when
    /// they are no move (a discard without exactly one card, an addition or extension
    /// without its meld number).
    pub fn of_notation(n: &Notation<'a>) -> Option<MoveParts<'a>> {
        Some(match n.verb {
            Verb::Draw => MoveParts::Draw,
            Verb::Take => MoveParts::Take {
                cards: n.cards,
                meld: n.meld,
            },
            Verb::Meld => MoveParts::Meld { cards: n.cards },
            Verb::Add => MoveParts::Add {
                meld: n.meld?,
                cards: n.cards,
            },
            Verb::Extend => MoveParts::Extend {
                meld: n.meld?,
                run: n.cards,
            },
            Verb::Discard => match n.cards {
                [card] => MoveParts::Discard { card: *card },
                _ => return None,
            },
            Verb::Ask => MoveParts::Ask,
            Verb::Answer => MoveParts::Answer { permit: n.permit },
            Verb::Decline => MoveParts::Decline,
        })
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
    Ok(ask_refusal(ctx, finisher)?.map(|message| Problem::new("C-OUT-3", message)))
}

/// [`ask_problem`]'s message, without making the problem (the listing asks only
/// whether there is one).
pub(crate) fn ask_refusal(
    ctx: &Context<'_>,
    finisher: &mut Finisher<'_>,
) -> Result<Option<&'static str>, SearchGaveUp> {
    let turn = &ctx.s.turn;
    Ok(if !ctx.rules.ask_partner {
        Some("asking partner is not part of these rules")
    } else if turn.asked {
        Some("you may ask only once per turn")
    } else if turn.melded {
        Some("ask right after drawing, before melding")
    } else if !turn.aside.is_empty() {
        Some("the rest of the pile waits aside until your team is down: you cannot ask now")
    } else if !finisher.finishable(&ctx.here(turn.laid, true))? {
        Some("you cannot go out this turn with these cards")
    } else {
        None
    })
}

/// Why discarding `card` is illegal, or None (G-TURN-1, K-PILE-3, C-OUT-1, C-THREE-2, C-OUT-3, C-OPEN-2).
pub fn discard_problem(ctx: &Context<'_>, card: Card) -> Option<Problem> {
    card_discard_problem(ctx, card).or_else(|| turn_discard_problem(ctx))
}

/// Why `card` may not be discarded, whatever the turn (G-TURN-1, K-PILE-3), or None.
pub(crate) fn card_discard_problem(ctx: &Context<'_>, card: Card) -> Option<Problem> {
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
pub(crate) fn turn_discard_problem(ctx: &Context<'_>) -> Option<Problem> {
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
