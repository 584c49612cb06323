//! The native legality: which moves the rules allow (RULES E-1) and whether
//! the turn can still be finished after one (E-2), exactly as the Python
//! engine's `kanasta.legality` package answers.
//!
//! * [`solver`]: the "can the turn still be finished" search on count-vector hands;
//! * [`rulebook`]: what the checks of one position share ([`rulebook::Context`]) and
//!   the rules several checks apply (the emptying check);
//! * [`movegen`]: every legal move, in the Python engine's order;
//! * [`check`]: why one move is illegal, as a RULES ID and a message.

pub mod check;
pub mod movegen;
pub mod rulebook;
pub mod solver;

pub use check::{explain, explain_within};
pub use movegen::{can_take, can_take_within, legal_moves, legal_moves_within};
pub use solver::{SearchGaveUp, SEARCH_BUDGET};

#[cfg(feature = "python")]
pub(crate) mod python;
