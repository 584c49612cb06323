//! What the Python package's bots (`kanasta.bots`) ask of the core: full
//! states that match what one seat sees ([`sampling`]), random rollouts to
//! the hand's end ([`rollout`]) and greedy ones ([`greedy`], GreedyBot's
//! choice), many at once on a thread pool, for the search bot.  The Python
//! bots are the reference for each; the Python test suite checks them equal.

pub mod greedy;
pub mod rollout;
pub mod sampling;
