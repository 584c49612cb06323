//! What reinforcement-learning adapters need from the core, module for
//! module the Python package's `kanasta.rl`: the fixed action space and its
//! tree of decisions ([`actions`]), the observation tensor ([`observation`])
//! and many games stepped together on a thread pool ([`vector`]).  The
//! Python modules are the reference for each; the Python test suite checks
//! them equal.

pub mod actions;
pub mod observation;
pub mod vector;
