//! The native legality: which moves the rules allow (RULES E-1) and whether
//! the turn can still be finished after one (E-2), exactly as the Python
//! engine's `kanasta.legality` package answers.
//!
//! * [`solver`]: the "can the turn still be finished" search on count-vector hands.

pub mod solver;

#[cfg(feature = "python")]
pub(crate) mod python;
