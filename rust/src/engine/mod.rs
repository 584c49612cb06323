//! The native engine, as the Python `kanasta.engine` module: dealing a hand
//! with its chores ([`deal`], E-3) and applying a move with every chore that
//! follows from it ([`apply`], E-3).

pub mod apply;
pub mod deal;
