//! The module's exceptions (the Python `kanasta.errors` of the core): a move
//! that is not legal ([`IllegalMove`], the package's `IllegalActionError`) and a
//! question given up past its work budget ([`BudgetExceeded`], the package's
//! `EngineLimitError`), and the core's errors turned into them.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::engine::apply::MoveError;
use crate::legality::solver::SearchGaveUp;

pyo3::create_exception!(
    kanasta._core,
    IllegalMove,
    PyValueError,
    "A move that is not legal in the state: its args are the RULES ID and the message, \
     those of kanasta.IllegalActionError for the same move."
);

pyo3::create_exception!(
    kanasta._core,
    BudgetExceeded,
    PyRuntimeError,
    "The E-2 search gave up: one question (a listing, a move check) needs more search \
     nodes than its work budget; the message is the Python engine's EngineLimitError message."
);

/// The Python exception for a question given up past its work budget.
pub(super) fn gave_up(e: SearchGaveUp) -> PyErr {
    BudgetExceeded::new_err(e.to_string())
}

/// The Python exception for a move the core refused.
pub(super) fn move_error(e: MoveError) -> PyErr {
    match e {
        MoveError::Illegal(p) => IllegalMove::new_err((p.rule, p.message)),
        MoveError::GaveUp(g) => gave_up(g),
    }
}
