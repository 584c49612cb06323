//! Can the turn still be finished? (RULES E-1, E-2)
//!
//! The engine offers a move only if, after it, the player can still end the
//! turn legally: discard with cards left (or empty the hand where the rules
//! allow it), after reaching the opening minimum when cards were laid
//! (C-OPEN-2, K-OPEN-1 to K-OPEN-4), going out when bound to (C-OUT-3 "yes",
//! C-THREE-2) and not going out when forbidden (C-OUT-3 "no"), with the
//! canastas the emptying needs (C-OUT-1, K-OUT-1, K-OUT-4).
//!
//! [`Finisher::finishable`] answers that for a [`Situation`], the position a
//! candidate move leads to, exactly as the Python engine's
//! `kanasta.legality.finish.finishable` does.  Most situations are settled by
//! a constant-time test (the team is open and two cards are left).  The rest
//! go to one of two exact searches:
//!
//! * the Classic count ([`classic`]): sets only, one meld per rank,
//!   so the turn's plans are counted by rank in a short greedy computation;
//! * the general search ([`search`]): a depth-first search over
//!   single-card steps (a new three-card meld, one card added to a meld) on
//!   count-vector hands, memoised.  A multi-card move is a sequence of such
//!   steps, so both see the same reachable end positions.
//!
//! A [`Finisher`] is made for one position's fixed facts ([`TurnFlags`]) and
//! keeps its memo across the candidate moves of that position, so the search
//! is shared rather than repeated per candidate.  All values are in half
//! points.
//!
//! Its modules are the concepts of the Python engine's `kanasta.legality`
//! package, under the same names where they do the same job:
//!
//! * [`tables`]: card indices, count-vector hands ([`Cards`]), meld shapes
//!   ([`Shape`]), the per-rules tables ([`Tables`]);
//! * [`situation`]: what the solver is asked about ([`TurnFlags`], [`Situation`]);
//! * [`budget`]: the work of one question ([`Work`], [`SEARCH_BUDGET`]) and what
//!   every procedure shares: the [`Finisher`], the search's nodes and steps;
//! * [`classic`], [`witness`] and [`search`] (with its [`bounds`]): the E-2 procedures;
//! * [`finish`]: the [`Finisher`]'s dispatch to them ([`Finisher::finishable`]).
//!
//! Each uses only those listed before it.

pub mod bounds;
pub mod budget;
pub mod classic;
pub mod finish;
pub mod search;
pub mod situation;
pub mod tables;
pub mod witness;

#[cfg(test)]
mod tests;

pub use budget::{Finisher, SearchGaveUp, Work, MAX_MELDS, SEARCH_BUDGET};
pub use situation::{team_opens, Situation, TurnFlags};
pub use tables::{
    canastas, sum4, Cards, FinishRules, Shape, Tables, BLACK_THREE_MELD_MAX, CANASTA_SIZE, MELD_MIN,
};
