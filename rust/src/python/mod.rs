//! The `kanasta._core` extension module: thin PyO3 bindings over the core.
//!
//! Cards cross the boundary as their index (an `int`, `kanasta.Card.index`);
//! sequences of cards as tuples of ints.  The stub `src/kanasta/_core/__init__.pyi`
//! describes this module for type checkers and is checked by `mypy.stubtest`
//! (with its submodule's, `_core/_testing.pyi`).
//!
//! Its parts, named after the Python modules they serve:
//!
//! * [`deal`]: the random stream and the deal (`kanasta._rng`, `kanasta.engine`);
//! * [`melds`]: reading melds (`kanasta.melds`);
//! * [`state`]: the `NativeState` class (`kanasta.state`, `kanasta._native`);
//! * [`actions`]: the moves the action objects hold, their fields' checks and the one table
//!   of the objects (`kanasta.actions`);
//! * [`action_classes`]: the action classes themselves (`kanasta.Draw`, `kanasta.LayMeld`, ...),
//!   in the submodule `kanasta._core.actions`, and the table of their objects;
//! * [`legality`]: the native legality's functions (`kanasta.legality`);
//! * [`position`]: a position's fields one by one (`kanasta.position`);
//! * [`objects`]: a game's event and hand-result objects (`kanasta.position`);
//! * [`view`]: the `NativeView` class, one seat's view of a `NativeState` (`kanasta.view`);
//! * [`rl`]: observation tensors and the action-id decision tree (`kanasta.rl`);
//! * [`vector`]: the batched env and the rollouts (`kanasta.rl.vector`);
//! * [`greedy`]: greedy rollouts and GreedyBot's choice (`kanasta.bots`);
//! * [`factory`]: how the core makes the package's objects (the makers it registers);
//! * [`testing`]: the `kanasta._core._testing` submodule, the entry points only the
//!   tests and benchmarks call (the deal, the melds, the legality by notation, ...);
//! * this module: the shared conversions, the `IllegalMove` exception and the
//!   module's registration.

mod action_classes;
mod actions;
mod convert;
mod deal;
mod errors;
mod factory;
mod greedy;
mod legality;
mod melds;
mod objects;
mod position;
mod rl;
mod state;
mod testing;
mod vector;
mod view;

/// The extension's heap allocator: mimalloc, whose small-object pools make
/// the core's short-lived allocations (a listing's moves, a search's nodes, a
/// position's copy) cheaper than the C library's `malloc`: about 6 % fewer
/// instructions over a game of random play.  Only the extension uses it
/// (`cargo test` builds without the `python` feature, so with the default);
/// Python's own objects keep Python's allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The native core of kanasta (internal; see the package documentation).
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<state::PyNativeState>()?;
    m.add_class::<view::PyNativeView>()?;
    m.add_function(wrap_pyfunction!(view::native_view, m)?)?;
    m.add_function(wrap_pyfunction!(view::set_view_factory, m)?)?;
    m.add("VIEW_FIELDS", PyTuple::new(m.py(), view::VIEW_FIELDS)?)?;
    let seen = view::SEEN_FIELDS
        .iter()
        .map(|(kind, names)| (*kind, PyTuple::new(m.py(), names.iter()).ok()))
        .collect::<Vec<_>>();
    m.add("SEEN_FIELDS", PyTuple::new(m.py(), seen)?)?;
    add_submodule(m, "actions", action_classes::DOC, action_classes::fill)?;
    m.add_function(wrap_pyfunction!(state::set_state_factory, m)?)?;
    m.add_function(wrap_pyfunction!(objects::set_event_factory, m)?)?;
    m.add(
        "POSITION_FIELDS",
        PyTuple::new(m.py(), position::POSITION_FIELDS)?,
    )?;
    m.add("EVENT_FIELDS", field_table(m.py(), &objects::EVENT_FIELDS)?)?;
    m.add("VALUE_FIELDS", field_table(m.py(), &objects::VALUE_FIELDS)?)?;
    m.add_class::<objects::PyNativeResult>()?;
    m.add(
        "RESULT_FIELDS_ON_READ",
        PyTuple::new(m.py(), objects::RESULT_FIELDS_ON_READ)?,
    )?;
    m.add_class::<rl::PyNativeDecisions>()?;
    m.add_function(wrap_pyfunction!(rl::observation_into, m)?)?;
    m.add_function(wrap_pyfunction!(rl::observation_array, m)?)?;
    m.add_class::<vector::PyVectorEnv>()?;
    m.add_function(wrap_pyfunction!(vector::rollouts, m)?)?;
    m.add_function(wrap_pyfunction!(greedy::greedy_rollouts, m)?)?;
    m.add("IllegalMove", m.py().get_type::<errors::IllegalMove>())?;
    m.add(
        "BudgetExceeded",
        m.py().get_type::<errors::BudgetExceeded>(),
    )?;
    legality::register(m)?;
    add_submodule(m, "_testing", testing::DOC, testing::fill)
}

/// Make the submodule `kanasta._core.<name>` (its `__doc__` set, not added: a module's
/// added names are its `__all__`), filled by `fill`, and add it to `core` as `name` and to
/// `sys.modules` (so that `import kanasta._core.<name>` finds it).
fn add_submodule(
    core: &Bound<'_, PyModule>,
    name: &str,
    doc: &str,
    fill: impl FnOnce(&Bound<'_, PyModule>) -> PyResult<()>,
) -> PyResult<()> {
    let py = core.py();
    let full = format!("kanasta._core.{name}");
    let m = PyModule::new(py, &full)?;
    m.setattr("__doc__", doc)?;
    fill(&m)?;
    py.import("sys")?.getattr("modules")?.set_item(full, &m)?;
    core.setattr(name, m)
}

/// A table of fields as Python reads it: per class, its name and its fields' names.
fn field_table<'py>(py: Python<'py>, table: &factory::FieldTable) -> PyResult<Bound<'py, PyTuple>> {
    let rows = table
        .iter()
        .map(|(kind, names)| Ok((*kind, PyTuple::new(py, names.iter())?)))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, rows)
}
