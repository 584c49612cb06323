//! The `kanasta._core._testing` submodule: the core's entry points that only
//! the tests and benchmarks call, kept out of `kanasta._core`, whose names are
//! the ones the package uses.  Each lets a test ask one piece of the core
//! alone and compare it with the Python engine's: the random stream, the
//! shuffle and the deal (`kanasta._rng`, `kanasta.engine`), reading melds
//! (`kanasta.melds`), the E-2 search on a situation ([`PyFinishRules`],
//! `kanasta.legality.finish`), a position's listing, its search nodes and its
//! one-move checks by notation (`kanasta.legality`), GreedyBot's choice
//! (`kanasta.bots`) and the observation's blocks (`kanasta.rl.observation`).
//!
//! The submodule is also `sys.modules["kanasta._core._testing"]`, so that
//! `import kanasta._core._testing` and `mypy.stubtest` find it; its stub is
//! `src/kanasta/_core/_testing.pyi`.

use pyo3::prelude::*;

use super::deal::{deal_hand, deck, first_dealer, shuffled_indices, stream_values, PyDeal};
use super::greedy::greedy_choice_index;
use super::legality::{can_take, explain, legal_moves, search_nodes, PyFinishRules};
use super::melds::{PyMeld, PyMeldRules};
use super::rl::observation_layout;

/// The doc of the submodule `kanasta._core._testing`.
pub(super) const DOC: &str =
    "The native core's entry points that only tests and benchmarks call (internal).";

/// The classes and functions of `kanasta._core._testing`.
pub(super) fn fill(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDeal>()?;
    m.add_class::<PyFinishRules>()?;
    m.add_class::<PyMeld>()?;
    m.add_class::<PyMeldRules>()?;
    m.add_function(wrap_pyfunction!(can_take, m)?)?;
    m.add_function(wrap_pyfunction!(deal_hand, m)?)?;
    m.add_function(wrap_pyfunction!(deck, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(first_dealer, m)?)?;
    m.add_function(wrap_pyfunction!(greedy_choice_index, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(observation_layout, m)?)?;
    m.add_function(wrap_pyfunction!(search_nodes, m)?)?;
    m.add_function(wrap_pyfunction!(shuffled_indices, m)?)?;
    m.add_function(wrap_pyfunction!(stream_values, m)?)?;
    Ok(())
}
