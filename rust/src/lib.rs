//! The native core of kanasta, exposed to Python as `kanasta._core`.
//!
//! The Python engine in `src/kanasta/` is the reference implementation; every
//! piece here reproduces its behaviour exactly (the same seed gives the same
//! stream, the same shuffle and the same deal) and is checked against it by
//! the Python test suite (`tests/test_native_core.py`).  The pieces:
//!
//! * [`rng`]: the library's SplitMix64 stream and Fisher-Yates shuffle (RULES G-RNG-1);
//! * [`cards`]: cards as their index 0-52 and the 108-card deck (G-DECK-1);
//! * [`deal`]: dealing a hand with its chores (E-3: upcard, trump, red 3s);
//! * [`melds`]: checking one meld;
//! * [`limits`]: the one table of the limits of every number read (rules, positions);
//! * [`rules`]: the rule options (the Python `Rules`), read from its `to_dict()` form;
//! * [`action`]: the moves as a small `Copy` enum and their text notation;
//! * [`state`]: the game state, cheap to clone, with its events and hand results;
//! * [`legal`]: legality (E-1, E-2): every legal move in the Python engine's order, why a
//!   move is illegal, and the "can the turn still be finished" search;
//! * [`doc`]: position documents (`kanasta.position/1` JSON), as the Python `State.to_dict()`;
//! * [`apply`]: applying a move with every chore (E-3), and [`scoring`]: a hand's score;
//! * [`view`]: what one seat may see (E-4) as the view document (`kanasta.view/1` JSON);
//! * [`sampling`]: a full state that matches one seat's view, the unseen cards dealt again.
//!
//! The Python bindings live in `python/`, compiled only with the `python`
//! feature (maturin turns it on), so `cargo test` needs no libpython.

pub mod action;
pub mod apply;
pub mod cards;
pub mod deal;
pub mod doc;
pub(crate) mod inline;
pub mod legal;
pub mod limits;
pub mod melds;
pub mod rl;
pub mod rng;
pub mod rules;
pub mod sampling;
pub mod scoring;
pub mod state;
pub mod view;

#[cfg(feature = "python")]
mod python;
