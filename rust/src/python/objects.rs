//! The package's objects the core hands out for one game: its events (the
//! Python `kanasta.position` event classes) and hand results, made by the
//! makers the package registers (`set_event_factory`) and kept per game
//! ([`Game`]), so that the states of one game share them and no object
//! handed to one game is reachable from another.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;

use crate::legality::solver::budget::FxHasher;
use crate::position::{Event, HandResult};

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use super::actions::{card_objects, ActionTable};
use super::convert::result_raw;
use super::factory::{lock, Classes, Factory, Registered};

/// The event classes in the order of [`EVENT_FIELDS`], each with its fields in the
/// class's order: the one named table both sides read (the package registers each
/// class's slot setters by these names, and checks them against the class).
pub(super) const EVENT_FIELDS: [(&str, &[&str]); 12] = [
    ("HandStarted", &["hand_number", "dealer", "first_player"]),
    ("UpcardTurned", &["cards", "frozen", "trump"]),
    ("RedThreeLaid", &["seat", "card", "source", "replacement"]),
    ("CardsDrawn", &["seat", "cards"]),
    ("PileTaken", &["seat", "cards", "aside"]),
    ("PileJoined", &["seat", "cards"]),
    ("TeamOpened", &["team", "seat"]),
    ("PacketTaken", &["seat", "packet", "cards"]),
    ("WentOut", &["seat", "concealed"]),
    ("StockExhausted", &["seat"]),
    ("HandEnded", &["result"]),
    ("GameEnded", &["winner", "scores"]),
];

/// How the package's event objects are made: per class (in [`EVENT_FIELDS`]'s order)
/// the class and its slots' setters, and the maker of a hand result from its plain values.
struct Makers {
    classes: Classes,
    result: Py<PyAny>,
}

static MAKERS: Factory<Makers> = Factory::new("event factory", "set_event_factory");

/// Register how event objects are made: `classes` the event classes in `EVENT_FIELDS`'
/// order, each `(class, setters)` with its slots' setters in the order of its fields there
/// (an object is `object.__new__(class)` filled through them); `result` makes a
/// `HandResult` from its plain values (as `NativeState.field` writes one) and what the
/// package keeps of the game (`set_game`, or None).  Set by the
/// package when it loads.
#[pyfunction]
pub(super) fn set_event_factory(
    py: Python<'_>,
    classes: Registered,
    result: Py<PyAny>,
) -> PyResult<()> {
    let classes = Classes::new(
        py,
        classes,
        &EVENT_FIELDS,
        "set_event_factory",
        "EVENT_FIELDS",
    )?;
    MAKERS.set(Makers { classes, result });
    Ok(())
}

/// The most events a game keeps; past it, events are made anew and not kept.
const KEPT: usize = 1 << 16;

/// What the core keeps of one game (shared by every state reached in it): what the
/// package keeps of it (its rules and first deal's events, `set_game`), and the event
/// and result objects handed out so far, one per distinct value.
#[derive(Default)]
pub(crate) struct Game {
    pub(crate) package: OnceLock<Py<PyAny>>,
    events: Mutex<HashMap<Event, Py<PyAny>, BuildHasherDefault<FxHasher>>>,
    /// By the core's own result (its `Arc`, kept here so that its address stays its own).
    results: Mutex<Vec<(Arc<HandResult>, Py<PyAny>)>>,
    /// The action objects this game's listings handed out, one per move.
    pub(super) listed: Mutex<ActionTable>,
    /// The action objects of this game's histories, one per move: never handed out by a
    /// listing, so that a history does not change when a listed object is changed.
    pub(super) recorded: Mutex<ActionTable>,
    /// Whether a state of this game was asked its events: the states reached from then on
    /// make theirs with the move (`NativeState.play`), as the game reads them.
    reads: AtomicBool,
}

impl Game {
    /// Note that this game's events are read.
    pub(super) fn read_events(&self) {
        self.reads.store(true, Ordering::Relaxed);
    }

    /// Whether this game's events have been read.
    pub(super) fn reads_events(&self) -> bool {
        self.reads.load(Ordering::Relaxed)
    }

    /// The object of the hand result `r`, the same for the same result of this game.
    pub(super) fn result<'py>(
        &self,
        py: Python<'py>,
        r: &Arc<HandResult>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some((_, o)) = lock(&self.results).iter().find(|(k, _)| Arc::ptr_eq(k, r)) {
            return Ok(o.bind(py).clone());
        }
        // made without the lock held (it is Python code)
        // with what the package keeps of the game (its melds' objects are the game's own)
        let package = self.package.get().map(|g| g.clone_ref(py));
        let made = MAKERS
            .get()?
            .result
            .bind(py)
            .call1((result_raw(py, r)?, package))?;
        let mut kept = lock(&self.results);
        if let Some((_, o)) = kept.iter().find(|(k, _)| Arc::ptr_eq(k, r)) {
            return Ok(o.bind(py).clone());
        }
        kept.push((Arc::clone(r), made.clone().unbind()));
        Ok(made)
    }

    /// The objects of `events`, the same object for an equal event of this game.
    pub(super) fn events<'py>(
        &self,
        py: Python<'py>,
        events: &[Event],
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut out: Vec<Bound<'py, PyAny>> = Vec::with_capacity(events.len());
        for e in events {
            let kept = lock(&self.events).get(e).map(|o| o.bind(py).clone());
            let object = match kept {
                Some(o) => o,
                None => {
                    let made = self.make(py, e)?;
                    let mut kept = lock(&self.events);
                    if kept.len() < KEPT {
                        kept.entry(e.clone())
                            .or_insert_with(|| made.clone().unbind())
                            .bind(py)
                            .clone()
                    } else {
                        made
                    }
                }
            };
            out.push(object);
        }
        PyTuple::new(py, out)
    }

    /// A new object of the event `e`.
    fn make<'py>(&self, py: Python<'py>, e: &Event) -> PyResult<Bound<'py, PyAny>> {
        let makers = MAKERS.get()?;
        let cards = card_objects()?;
        let card = |c: u8| cards[usize::from(c)].bind(py).clone();
        let opt = |c: Option<u8>| c.map_or_else(|| py.None().into_bound(py), card);
        let list = |cs: &[u8]| -> PyResult<Bound<'py, PyAny>> {
            Ok(PyTuple::new(py, cs.iter().map(|&c| card(c)))?.into_any())
        };
        let int = |n: usize| n.into_bound_py_any(py);
        let flag = |b: bool| b.into_bound_py_any(py);
        let (kind, values): (usize, Vec<Bound<'py, PyAny>>) = match e {
            Event::HandStarted {
                hand_number,
                dealer,
                first_player,
            } => (
                0,
                vec![
                    hand_number.into_bound_py_any(py)?,
                    int(*dealer)?,
                    int(*first_player)?,
                ],
            ),
            Event::UpcardTurned {
                cards,
                frozen,
                trump,
            } => (1, vec![list(cards)?, flag(*frozen)?, opt(*trump)]),
            Event::RedThreeLaid {
                seat,
                card: c,
                source,
                replacement,
            } => (
                2,
                vec![
                    int(*seat)?,
                    card(*c),
                    pyo3::types::PyString::intern(py, source.name()).into_any(),
                    opt(*replacement),
                ],
            ),
            Event::CardsDrawn { seat, cards } => (3, vec![int(*seat)?, list(cards)?]),
            Event::PileTaken { seat, cards, aside } => {
                (4, vec![int(*seat)?, list(cards)?, flag(*aside)?])
            }
            Event::PileJoined { seat, cards } => (5, vec![int(*seat)?, list(cards)?]),
            Event::TeamOpened { team, seat } => (6, vec![int(*team)?, int(*seat)?]),
            Event::PacketTaken {
                seat,
                packet,
                cards,
            } => (7, vec![int(*seat)?, int(*packet)?, list(cards)?]),
            Event::WentOut { seat, concealed } => (8, vec![int(*seat)?, flag(*concealed)?]),
            Event::StockExhausted { seat } => (9, vec![int(*seat)?]),
            Event::HandEnded { result } => (10, vec![self.result(py, result)?]),
            Event::GameEnded { winner, scores } => (
                11,
                vec![int(*winner)?, PyTuple::new(py, scores)?.into_any()],
            ),
        };
        makers.classes.make(py, kind, values)
    }
}
