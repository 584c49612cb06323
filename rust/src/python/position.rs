//! A native position's fields one by one (the Python engine's
//! `kanasta.position.Position`'s, by name, for `NativeState.field`): cards as
//! the package's card objects, hand results as the game's result objects, the
//! rest in their plain forms ([`super::convert`]).

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::Arc;

use super::actions::{card_objects, card_tuple};
use super::convert::{any, tuple_of, turn_raw};
use super::objects::Game;
use crate::cards::Card;
use crate::position::State;

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
/// package's card objects, hand results and melds as the game's objects; the turn and
/// the phase in their plain forms (`turn_raw`, the phase's name), which the package
/// turns into its objects.  None for a name that is not a field.
pub(super) fn field<'py>(
    py: Python<'py>,
    s: &State,
    game: &Arc<Game>,
    name: &str,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let n = s.rules.players;
    let teams = s.rules.teams();
    let cards = card_objects()?;
    let list = |cs: &[Card]| card_tuple(py, &cards, cs).map(Bound::into_any);
    let value = match name {
        "seed" => any(py, s.seed)?,
        "hand_number" => any(py, s.hand_number)?,
        "dealer" => any(py, s.dealer)?,
        "scores" => PyTuple::new(py, &s.scores[..teams])?.into_any(),
        "hands" => tuple_of(py, &s.hands[..n], |h| list(&h.cards()))?,
        "stock" => list(s.stock())?,
        "pile" => list(&s.pile)?,
        "pile_frozen" => any(py, s.pile_frozen)?,
        "melds" => game.table(py, s.melds[..teams].iter().map(|m| m.as_slice()))?,
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
