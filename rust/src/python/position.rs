//! A native position's fields one by one (the Python engine's
//! `kanasta.position.Position`'s, by name, for `NativeState.field`), and the
//! plain forms of melds, the turn, the teams' scores and the hand results
//! that the package turns into its objects.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;

use super::actions::card_objects;
use super::objects::Game;
use super::{cards_tuple, nested_tuple};
use crate::cards::Card;
use crate::position::{Drew, HandResult, State, TableMeld, TeamScore, Turn};

/// A value as a Python object.
pub(super) fn any<'py, T: IntoPyObjectExt<'py>>(
    py: Python<'py>,
    value: T,
) -> PyResult<Bound<'py, PyAny>> {
    value.into_bound_py_any(py)
}

/// A tuple of the items made by `f`.
pub(super) fn tuple_of<'py, T>(
    py: Python<'py>,
    items: impl IntoIterator<Item = T>,
    f: impl Fn(T) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let items = items.into_iter().map(f).collect::<PyResult<Vec<_>>>()?;
    Ok(PyTuple::new(py, items)?.into_any())
}

/// A meld as `(kind 0 set / 1 run, cards, rank or None, suit or None, low, wild index or None)`.
pub(super) fn meld_raw<'py>(py: Python<'py>, m: &TableMeld) -> PyResult<Bound<'py, PyAny>> {
    let kind: u8 = match m {
        TableMeld::Set { .. } => 0,
        TableMeld::Run { .. } => 1,
    };
    let wild = match m {
        TableMeld::Run { wild, .. } => wild.map(|(i, _)| i),
        TableMeld::Set { .. } => None,
    };
    let cards = cards_tuple(py, m.cards().as_slice())?;
    any(py, (kind, cards, m.rank(), m.suit(), m.low(), wild))
}

pub(super) fn melds_raw<'py, 'a>(
    py: Python<'py>,
    teams: impl IntoIterator<Item = &'a [TableMeld]>,
) -> PyResult<Bound<'py, PyAny>> {
    tuple_of(py, teams, |team| tuple_of(py, team, |m| meld_raw(py, m)))
}

pub(super) fn turn_raw<'py>(py: Python<'py>, t: &Turn) -> PyResult<Bound<'py, PyAny>> {
    let drew = t.drew.map(|d| match d {
        Drew::Stock => "stock",
        Drew::Pile => "pile",
    });
    let items = [
        any(py, drew)?,
        any(py, t.count_halves)?,
        any(py, t.laid)?,
        cards_tuple(py, &t.aside)?.into_any(),
        any(py, t.forbidden)?,
        any(py, t.asked)?,
        any(py, t.answer)?,
        any(py, t.melded)?,
        any(py, t.must_go_out)?,
        any(py, t.first_meld)?,
        any(py, t.own_from)?,
        any(py, t.added_to_old)?,
        any(py, t.last_stock)?,
    ];
    Ok(PyTuple::new(py, items)?.into_any())
}

pub(super) fn team_raw<'py>(py: Python<'py>, t: &TeamScore) -> PyResult<Bound<'py, PyAny>> {
    let canastas = tuple_of(py, &t.canastas, |c| {
        any(
            py,
            (c.meld, c.kind.name(), c.base, c.trump_doubled, c.bonus),
        )
    })?;
    let items = [
        any(py, t.team)?,
        any(py, t.packets)?,
        any(py, t.packet_points)?,
        any(py, t.meld_points_halves)?,
        canastas,
        any(py, t.canasta_points)?,
        any(py, t.red_threes)?,
        any(py, t.red_three_points)?,
        any(py, t.going_out_points)?,
        any(py, t.hand_points_halves)?,
        any(py, t.raw_total_halves)?,
        any(py, t.total)?,
    ];
    Ok(PyTuple::new(py, items)?.into_any())
}

pub(super) fn result_raw<'py>(py: Python<'py>, r: &HandResult) -> PyResult<Bound<'py, PyAny>> {
    let items = [
        any(py, r.hand_number)?,
        any(py, r.dealer)?,
        any(py, r.ended_by.name())?,
        any(py, r.went_out)?,
        any(py, r.concealed)?,
        tuple_of(py, &r.teams, |t| team_raw(py, t))?,
        PyTuple::new(py, &r.scores)?.into_any(),
        melds_raw(py, r.melds.iter().map(Vec::as_slice))?,
        nested_tuple(py, &r.hands)?.into_any(),
        nested_tuple(py, &r.red_threes)?.into_any(),
        any(py, r.trump)?,
    ];
    Ok(PyTuple::new(py, items)?.into_any())
}

/// The position's fields a native state hands out one by one (`NativeState.field`), by
/// name, in `kanasta.Position`'s order (all but the rules, the events and the history):
/// the one named table of them, which the package checks against its own field list.
pub(super) const POSITION_FIELDS: [&str; 21] = [
    "seed",
    "hand_number",
    "dealer",
    "scores",
    "hands",
    "stock",
    "pile",
    "pile_frozen",
    "melds",
    "red_threes",
    "packets",
    "packets_taken",
    "trump",
    "opened",
    "melded_this_hand",
    "player",
    "phase",
    "turn",
    "winner",
    "hand_results",
    "hand_moves",
];

/// The field `name` of the position `s` (see `NativeState.field`): cards as the
/// package's card objects, hand results as the game's result objects; melds, the turn
/// and the phase in their plain forms (`meld_raw`, `turn_raw`, the phase's name), which
/// the package turns into its objects.  None for a name that is not a field.
pub(super) fn field<'py>(
    py: Python<'py>,
    s: &State,
    game: &Game,
    name: &str,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let n = s.rules.players;
    let teams = s.rules.teams();
    let cards = card_objects()?;
    let list = |cs: &[Card]| -> PyResult<Bound<'py, PyAny>> {
        Ok(PyTuple::new(py, cs.iter().map(|&c| cards[usize::from(c)].bind(py)))?.into_any())
    };
    let value = match name {
        "seed" => any(py, s.seed)?,
        "hand_number" => any(py, s.hand_number)?,
        "dealer" => any(py, s.dealer)?,
        "scores" => PyTuple::new(py, &s.scores[..teams])?.into_any(),
        "hands" => tuple_of(py, &s.hands[..n], |h| list(&h.cards()))?,
        "stock" => list(s.stock())?,
        "pile" => list(&s.pile)?,
        "pile_frozen" => any(py, s.pile_frozen)?,
        "melds" => melds_raw(py, s.melds[..teams].iter().map(|m| m.as_slice()))?,
        "red_threes" => tuple_of(py, &s.red_threes[..teams], |r| list(r.as_slice()))?,
        "packets" => tuple_of(py, s.packets(), |p| list(&p.cards()))?,
        "packets_taken" => PyTuple::new(py, &s.packets_taken[..teams])?.into_any(),
        "trump" => match s.trump {
            Some(c) => cards[usize::from(c)].bind(py).clone(),
            None => py.None().into_bound(py),
        },
        "opened" => PyTuple::new(py, &s.opened[..teams])?.into_any(),
        "melded_this_hand" => PyTuple::new(py, &s.melded_this_hand[..n])?.into_any(),
        "player" => any(py, s.player)?,
        "phase" => any(py, s.phase.name())?,
        "turn" => turn_raw(py, &s.turn)?,
        "winner" => any(py, s.winner)?,
        "hand_results" => tuple_of(py, s.hand_results.iter(), |r| game.result(py, r))?,
        "hand_moves" => any(py, s.hand_moves)?,
        _ => return Ok(None),
    };
    Ok(Some(value))
}
