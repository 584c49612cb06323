//! The native legality: which moves the rules allow (RULES E-1) and whether
//! the turn can still be finished after one (E-2), exactly as the Python
//! engine's `kanasta.legality` package answers.  Its modules are that
//! package's, under the same names:
//!
//! * [`solver`]: the "can the turn still be finished" search on count-vector
//!   hands (the Python `budget`, `tables`, `situation`, `finish`, `classic`,
//!   `witness` and `search` modules);
//! * [`context`]: what the checks of one position share ([`context::Context`],
//!   the Python `Ctx`) and the rules several checks apply (the emptying check);
//! * [`checks`]: why one move is illegal, as a RULES ID and a message;
//! * [`moves`]: every legal move, in the Python engine's order.

pub mod checks;
pub mod context;
pub mod moves;
pub mod solver;

pub use checks::{can_take, can_take_within};
pub use checks::{explain, explain_within};
pub use moves::{legal_moves, legal_moves_within};
pub use solver::{SearchGaveUp, SEARCH_BUDGET};
