//! What the Python package's bots (`kanasta.bots`) ask of the core, module
//! for module: full states that match what one seat sees ([`sampling`],
//! `kanasta.bots.sampling`), GreedyBot's choice and greedy rollouts
//! ([`greedy`], `kanasta.bots.greedy`), and the rollouts of the Monte Carlo
//! search bot, the loop that plays a hand out and random rollouts
//! ([`montecarlo`], `kanasta.bots.montecarlo`), many at once on a thread
//! pool.  The Python bots are the reference for each; the Python test suite
//! checks them equal.

pub mod greedy;
pub mod montecarlo;
pub mod sampling;
