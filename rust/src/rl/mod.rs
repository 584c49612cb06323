//! What reinforcement-learning and search adapters need from the core: the
//! fixed action space and its tree of decisions ([`ids`]), what one seat may
//! see ([`seat`]), the observation tensor ([`observation`]) and many games
//! stepped together on a thread pool ([`vector`]), random rollouts to the
//! hand's end ([`rollout`]) and greedy ones ([`greedy`], the Python
//! GreedyBot's choice).  The Python package's `kanasta.rl` modules and bots
//! are the reference for each; the Python test suite checks them equal.

pub mod greedy;
pub mod ids;
pub mod memory;
pub mod observation;
pub mod rollout;
pub mod seat;
pub mod vector;
