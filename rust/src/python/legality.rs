//! Bindings of the native legality for `kanasta._core` (compiled with the
//! `python` feature).  Meld shapes cross the boundary as the Python engine's
//! tuples: `(0, rank, naturals, wilds, size)` for a set, `(1, suit, low,
//! high, wild position or 0)` for a run.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::actions::parse_action;
use crate::cards::{Card, DISTINCT};
use crate::legality::solver::{
    Cards, FinishRules, Finisher, Shape, Situation, Tables, TurnFlags, Work, MAX_MELDS,
    SEARCH_BUDGET,
};

use super::action_classes::body_of;
use super::errors::gave_up;
use super::state::PyNativeState;

/// The Python engine's tuple for a meld shape.
type ShapeTuple = (u8, u8, u8, u8, u8);

fn shape_from(t: ShapeTuple) -> PyResult<Shape> {
    let (kind, a, b, c, d) = t;
    match kind {
        0 if (1..=13).contains(&a) && b + c == d => Ok(Shape::Set {
            rank: a,
            naturals: b,
            wilds: c,
            size: d,
        }),
        1 if a < 4 && 1 <= b && b <= c && c <= 14 && (d == 0 || (b..=c).contains(&d)) => {
            Ok(Shape::Run {
                suit: a,
                low: b,
                high: c,
                wild: (d != 0).then_some(d),
            })
        }
        _ => Err(PyValueError::new_err(format!("not a meld shape: {t:?}"))),
    }
}

fn cards_from(cards: &[Card]) -> PyResult<Cards> {
    if let Some(bad) = cards.iter().find(|&&c| usize::from(c) >= DISTINCT) {
        return Err(PyValueError::new_err(format!("not a card index: {bad}")));
    }
    Ok(Cards::from_cards(cards))
}

/// The rule options the E-2 search reads, card values in half points.
#[pyclass(frozen, module = "kanasta._core._testing", name = "FinishRules")]
pub(crate) struct PyFinishRules {
    tables: Tables,
}

#[pymethods]
impl PyFinishRules {
    #[new]
    #[pyo3(signature = (
        *, values, natural_two, runs, max_wilds, wilds_within_naturals, max_meld_size,
        one_meld_per_rank, canastas_to_go_out, black_threes, opening_natural_run,
        opening_one_card_exempt
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        values: Vec<i32>,
        natural_two: i32,
        runs: bool,
        max_wilds: u32,
        wilds_within_naturals: bool,
        max_meld_size: Option<u32>,
        one_meld_per_rank: bool,
        canastas_to_go_out: u32,
        black_threes: bool,
        opening_natural_run: bool,
        opening_one_card_exempt: bool,
    ) -> PyResult<Self> {
        let values: [i32; DISTINCT] = values.try_into().map_err(|v: Vec<i32>| {
            PyValueError::new_err(format!("values: {DISTINCT} card values, not {}", v.len()))
        })?;
        Ok(PyFinishRules {
            tables: Tables::new(FinishRules {
                values,
                natural_two,
                runs,
                max_wilds,
                wilds_within_naturals,
                max_meld_size,
                one_meld_per_rank,
                canastas_to_go_out,
                black_threes,
                opening_natural_run,
                opening_one_card_exempt,
            }),
        })
    }

    /// Whether the turn can still be finished from this situation (RULES E-2).
    #[pyo3(signature = (
        hand, shapes, *, opened, laid, count, aside, must_out, minimum, forbidden,
        no_out, out_exempt, discard_empty_ok, black3_ok
    ))]
    #[allow(clippy::too_many_arguments)]
    fn finishable(
        &self,
        hand: Vec<Card>,
        shapes: Vec<ShapeTuple>,
        opened: bool,
        laid: bool,
        count: i32,
        aside: Vec<Card>,
        must_out: bool,
        minimum: i32,
        forbidden: Option<Card>,
        no_out: bool,
        out_exempt: bool,
        discard_empty_ok: bool,
        black3_ok: bool,
    ) -> PyResult<bool> {
        if let Some(f) = forbidden {
            cards_from(&[f])?;
        }
        if shapes.len() > MAX_MELDS {
            return Err(PyValueError::new_err(format!(
                "{} melds: a team has at most {MAX_MELDS} (each holds three of the 108 cards)",
                shapes.len()
            )));
        }
        let situation = Situation {
            hand: cards_from(&hand)?,
            shapes: shapes
                .into_iter()
                .map(shape_from)
                .collect::<PyResult<_>>()?,
            opened,
            laid,
            count,
            aside: cards_from(&aside)?,
            must_out,
        };
        let flags = TurnFlags {
            minimum,
            forbidden,
            no_out,
            out_exempt,
            discard_empty_ok,
            black3_ok,
        };
        let work = Work::default();
        let answer = Finisher::new(&self.tables, flags, &work).finishable(&situation);
        answer.map_err(gave_up)
    }
}

/// Every legal move of `state` in notation, in the Python engine's order (RULES E-1, E-2);
/// past `budget` search nodes (default the engine's work budget) BudgetExceeded.  Listed
/// afresh on each call (`NativeState.legal_moves` keeps its listing).
#[pyfunction]
#[pyo3(signature = (state, *, budget = SEARCH_BUDGET))]
pub(super) fn legal_moves(state: &Bound<'_, PyNativeState>, budget: u64) -> PyResult<Vec<String>> {
    let moves = crate::legality::legal_moves_within(&state.get().inner, budget)
        .0
        .map_err(gave_up)?;
    Ok(moves.iter().map(ToString::to_string).collect())
}

/// The E-2 search nodes that listing `state`'s moves expands (as many as the Python
/// engine's listing counts in its `Work.nodes`); past `budget`, BudgetExceeded.
#[pyfunction]
#[pyo3(signature = (state, *, budget = SEARCH_BUDGET))]
pub(super) fn search_nodes(state: &Bound<'_, PyNativeState>, budget: u64) -> PyResult<u64> {
    let (moves, nodes) = crate::legality::legal_moves_within(&state.get().inner, budget);
    moves.map_err(gave_up)?;
    Ok(nodes)
}

/// Whether the player to move in `state` may take the pile (the C-OUT-5 chore asks it at an
/// empty stock); `NativeState.apply` takes it as its `can_take`.
#[pyfunction]
#[pyo3(signature = (state, *, budget = SEARCH_BUDGET))]
pub(super) fn can_take(state: &Bound<'_, PyNativeState>, budget: u64) -> PyResult<bool> {
    crate::legality::can_take_within(&state.get().inner, budget).map_err(gave_up)
}

/// Why `move` (notation) is illegal in `state`, as (RULES ID, message), or None when it is legal.
#[pyfunction]
#[pyo3(signature = (state, r#move, *, budget = SEARCH_BUDGET))]
pub(super) fn explain(
    state: &Bound<'_, PyNativeState>,
    r#move: &str,
    budget: u64,
) -> PyResult<Option<(String, String)>> {
    let action = parse_action(r#move).map_err(PyValueError::new_err)?;
    if state.get().listed(&action) {
        return Ok(None); // a move of the state's kept listing is legal
    }
    let verdict =
        crate::legality::explain_within(&state.get().inner, &action, budget).map_err(gave_up)?;
    Ok(verdict.map(|p| (p.rule.to_string(), p.message)))
}

/// Why `action` (an object of one of the package's action classes, with any number of
/// cards) is illegal in `state`, as (RULES ID, message), or None when it is legal: `explain`
/// for any move the action classes hold, even one with more cards than a legal move has.
/// TypeError for anything else.
#[pyfunction]
#[pyo3(signature = (state, action, *, budget = SEARCH_BUDGET))]
fn explain_action(
    state: &Bound<'_, PyNativeState>,
    action: &Bound<'_, PyAny>,
    budget: u64,
) -> PyResult<Option<(String, String)>> {
    use crate::legality::checks::MoveParts;
    let parts = body_of(action)
        .and_then(|body| MoveParts::of_notation(&body.notation()))
        .ok_or_else(|| PyTypeError::new_err("explain_action needs an action object"))?;
    let native = state.get();
    if native.listed_parts(&parts) {
        return Ok(None); // a move of the state's kept listing is legal
    }
    let verdict =
        crate::legality::checks::explain_move(&native.inner, parts, budget).map_err(gave_up)?;
    Ok(verdict.map(|p| (p.rule.to_string(), p.message)))
}

/// Add the legality's classes and functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(explain_action, m)?)?;
    Ok(())
}
