//! The native core of kanasta, exposed to Python as `kanasta._core`.
//!
//! The Python engine in `src/kanasta/` is the reference implementation; every
//! piece here reproduces its behaviour exactly (the same seed gives the same
//! stream, the same shuffle and the same deal) and is checked against it by
//! the Python test suite (`tests/test_native_core.py`).  Its modules are
//! named after the Python modules they mirror (the table is in
//! `docs/architecture.rst`) and form layers, bottom first, each using only the
//! layers below it; no file of the crate uses one that uses it back
//! (`tests/test_layers.py` checks both):
//!
//! 1. [`rng`]: the library's SplitMix64 stream and Fisher-Yates shuffle (RULES G-RNG-1);
//!    [`cards`]: cards as their index 0-52 and the 108-card deck (G-DECK-1);
//!    [`limits`]: the one table of the limits of every number read (rules, positions);
//!    `inline`: the short lists the hot loops keep without a heap allocation;
//! 2. [`melds`]: checking one meld; [`actions`]: the moves as a small `Copy` enum and
//!    their text notation;
//! 3. [`rules`]: the rule options (the Python `Rules`), read from its `to_dict()` form;
//! 4. [`position`]: the data of a game, cheap to clone, with its events, hand results
//!    and history (the Python `kanasta.position`);
//! 5. [`scoring`]: a hand's score; [`legality`]: legality (E-1, E-2): every legal move
//!    in the Python engine's order, why a move is illegal, and the "can the turn
//!    still be finished" search;
//! 6. [`engine`]: dealing a hand and applying a move with every chore (E-3);
//! 7. [`documents`]: position documents (`kanasta.position/1` JSON) and their parts,
//!    as the Python `kanasta.documents` writes and reads them;
//! 8. [`view`]: what one seat may see (E-4), its memory of public moves and its view
//!    document (`kanasta.view/1` JSON);
//! 9. [`rl`]: the action ids, the observation tensor, the batched env;
//! 10. [`bots`]: what the bots ask of the core: deals that match a seat's view,
//!     GreedyBot's choice, greedy and random rollouts;
//! 11. `python`: the Python bindings, compiled only with the `python` feature
//!     (maturin turns it on), so `cargo test` needs no libpython; nothing else
//!     in the crate uses PyO3.

pub mod actions;
pub mod bots;
pub mod cards;
pub mod documents;
pub mod engine;
pub(crate) mod inline;
pub mod legality;
pub mod limits;
pub mod melds;
pub mod position;
pub mod rl;
pub mod rng;
pub mod rules;
pub mod scoring;
pub mod view;

#[cfg(feature = "python")]
mod python;
