//! The package's objects the core hands out for one game: its events (the
//! Python `kanasta.position` event classes), hand results and melds, made by
//! the makers the package registers (`set_event_factory`: classes, their
//! slots' setters and a few constants; the core calls none of the package's
//! functions) and kept per game ([`Game`]), so that the states of one game
//! share them and no object handed to one game is reachable from another.

use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use pyo3::IntoPyObjectExt;

use crate::legality::solver::budget::FxHasher;
use crate::position::events::{CANASTA_SCORE_FIELDS, HAND_RESULT_FIELDS, TEAM_SCORE_FIELDS};
use crate::position::{Event, HandResult, TableMeld, TeamScore};

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};

use super::actions::{card_objects, card_tuple};
use super::convert::tuple_of;
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

/// The classes of a hand result and its parts, and of a meld, in the order of
/// [`VALUE_FIELDS`], each with its fields in the class's order (checked by the package
/// against the class, as [`EVENT_FIELDS`]).
pub(super) const VALUE_FIELDS: [(&str, &[&str]); 4] = [
    (
        "Meld",
        &["kind", "cards", "rank", "suit", "low", "wild_index"],
    ),
    ("CanastaScore", &CANASTA_SCORE_FIELDS),
    ("TeamScore", &TEAM_SCORE_FIELDS),
    ("HandResult", &HAND_RESULT_FIELDS),
];
const MELD: usize = 0;
const CANASTA_SCORE: usize = 1;
const TEAM_SCORE: usize = 2;
const HAND_RESULT: usize = 3;

/// How the package's event, result and meld objects are made: per class (in
/// [`EVENT_FIELDS`]' and [`VALUE_FIELDS`]' order) the class and its slots' setters;
/// the package's meld kinds (set, run), ranks by number (1-13; 0 unused), suits by
/// number (0-3), the class of a score's halves (`fractions.Fraction`), and the setter of
/// the hidden slot of a hand result's class that holds its [`PyNativeResult`].
struct Makers {
    events: Classes,
    values: Classes,
    kinds: [Py<PyAny>; 2],
    ranks: Vec<Py<PyAny>>,
    suits: Vec<Py<PyAny>>,
    fraction: Py<PyAny>,
    result_native: Py<PyAny>,
}

static MAKERS: Factory<Makers> = Factory::new("event factory", "set_event_factory");

/// Register how event, hand-result and meld objects are made: `events` the event
/// classes in `EVENT_FIELDS`' order and `values` the classes of `VALUE_FIELDS`, each
/// `(class, setters)` with its slots' setters in the order of its fields there (an
/// object is `object.__new__(class)` filled through them); `kinds` the meld kinds
/// (set, run), `ranks` the 14 rank members by number (the first unused), `suits` the 4
/// suit members by number, and for the hand results `(fraction, result_native)`:
/// `fraction` the class of a score's half points
/// (`fractions.Fraction`, called with the halves and 2), `result_native` the setter of
/// the hidden slot in which the hand result's class (registered in `values`) keeps the
/// core's result: its fields of `RESULT_FIELDS_ON_READ` are left unset, for the class to
/// make when read (`NativeResult.field`).  Set by the package when it loads.
#[pyfunction]
pub(super) fn set_event_factory(
    py: Python<'_>,
    events: Registered,
    values: Registered,
    kinds: (Py<PyAny>, Py<PyAny>),
    ranks: Vec<Py<PyAny>>,
    suits: Vec<Py<PyAny>>,
    results: (Py<PyAny>, Py<PyAny>),
) -> PyResult<()> {
    let (fraction, result_native) = results;
    if ranks.len() != 14 || suits.len() != 4 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "set_event_factory needs 14 ranks (by number, the first unused) and 4 suits",
        ));
    }
    let events = Classes::new(
        py,
        events,
        &EVENT_FIELDS,
        "set_event_factory",
        "EVENT_FIELDS",
    )?;
    let values = Classes::new(
        py,
        values,
        &VALUE_FIELDS,
        "set_event_factory",
        "VALUE_FIELDS",
    )?;
    MAKERS.set(Makers {
        events,
        values,
        kinds: [kinds.0, kinds.1],
        ranks,
        suits,
        fraction,
        result_native,
    });
    Ok(())
}

/// A new object of the meld `m` (the package's `Meld`: its kind, cards, rank, suit, low
/// end and wild card's place).
fn meld_object<'py>(
    py: Python<'py>,
    makers: &Makers,
    cards: &[Py<PyAny>],
    m: &TableMeld,
) -> PyResult<Bound<'py, PyAny>> {
    let (kind, wild) = match m {
        TableMeld::Set { .. } => (0, None),
        TableMeld::Run { wild, .. } => (1, wild.map(|(i, _)| i)),
    };
    let member = |table: &[Py<PyAny>], n: Option<u8>| match n {
        Some(n) => table[usize::from(n)].bind(py).clone(),
        None => py.None().into_bound(py),
    };
    let held = card_tuple(py, cards, m.cards().as_slice())?;
    let values = vec![
        makers.kinds[kind].bind(py).clone(),
        held.into_any(),
        member(&makers.ranks, m.rank()),
        member(&makers.suits, m.suit()),
        m.low().into_bound_py_any(py)?,
        wild.into_bound_py_any(py)?,
    ];
    makers.values.make(py, MELD, values)
}

/// Each team's melds as a tuple of tuples of new meld objects (a view's: the game's own
/// are not a view's to hand out).
pub(super) fn melds_tuple<'py, 'a>(
    py: Python<'py>,
    teams: impl IntoIterator<Item = &'a [TableMeld]>,
) -> PyResult<Bound<'py, PyAny>> {
    let makers = MAKERS.get()?;
    let cards = card_objects()?;
    tuple_of(py, teams, |team| {
        tuple_of(py, team, |m| meld_object(py, &makers, &cards, m))
    })
}

/// The most events (melds, tables) a game keeps; past it, new ones are made and not kept.
const KEPT: usize = 1 << 16;

type Kept<K> = Mutex<HashMap<K, Py<PyAny>, BuildHasherDefault<FxHasher>>>;

/// What the core keeps of one game (shared by every state reached in it): what the
/// package keeps of it (its rules and first deal's events, `set_game`), and the event,
/// result and meld objects handed out so far, one per distinct value.
#[derive(Default)]
pub(crate) struct Game {
    pub(crate) package: OnceLock<Py<PyAny>>,
    events: Kept<Event>,
    /// The melds' objects, and the tables' (each team's melds: a table rarely changes from
    /// one move to the next, so the states of a game share its tuple).
    melds: Kept<TableMeld>,
    tables: Kept<Vec<Vec<TableMeld>>>,
    /// By the core's own result (its `Arc`, kept here so that its address stays its own).
    results: Mutex<Vec<(Arc<HandResult>, Py<PyAny>)>>,
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

    /// The object of the hand result `r`, the same for the same result of this game (its
    /// melds the game's own, as the states' tables, made when first read:
    /// [`RESULT_FIELDS_ON_READ`]).
    pub(super) fn result<'py>(
        self: &Arc<Self>,
        py: Python<'py>,
        r: &Arc<HandResult>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some((_, o)) = lock(&self.results).iter().find(|(k, _)| Arc::ptr_eq(k, r)) {
            return Ok(o.bind(py).clone());
        }
        // made without the lock held (setting a slot may run Python code)
        let made = self.make_result(py, r)?;
        let mut kept = lock(&self.results);
        if let Some((_, o)) = kept.iter().find(|(k, _)| Arc::ptr_eq(k, r)) {
            return Ok(o.bind(py).clone());
        }
        kept.push((Arc::clone(r), made.clone().unbind()));
        Ok(made)
    }

    /// A new object of the hand result `r`: its small fields set, the fields of
    /// [`RESULT_FIELDS_ON_READ`] left to be made when read, from the result's
    /// [`PyNativeResult`] in its hidden slot (the package's class for it fills them).
    fn make_result<'py>(
        self: &Arc<Self>,
        py: Python<'py>,
        r: &Arc<HandResult>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let makers = MAKERS.get()?;
        let cards = card_objects()?;
        let values = [
            Some(r.hand_number.into_bound_py_any(py)?),
            Some(r.dealer.into_bound_py_any(py)?),
            Some(PyString::intern(py, r.ended_by.name()).into_any()),
            Some(r.went_out.into_bound_py_any(py)?),
            Some(r.concealed.into_bound_py_any(py)?),
            None, // teams
            Some(PyTuple::new(py, &r.scores)?.into_any()),
            None, // melds
            None, // hands
            None, // red_threes
            Some(r.trump.map_or_else(
                || py.None().into_bound(py),
                |c| cards[usize::from(c)].bind(py).clone(),
            )),
        ];
        debug_assert!(HAND_RESULT_FIELDS
            .iter()
            .zip(&values)
            .all(|(name, v)| v.is_none() == RESULT_FIELDS_ON_READ.contains(name)));
        let object = makers.values.make_some(py, HAND_RESULT, values)?;
        let native = PyNativeResult {
            game: Arc::downgrade(self),
            result: Arc::clone(r),
        };
        makers
            .result_native
            .bind(py)
            .call1((&object, Bound::new(py, native)?))?;
        Ok(object)
    }

    /// Each team's melds as this game's objects: the same tuple for the same table, the
    /// same object for the same meld.
    pub(super) fn table<'py, 'a>(
        &self,
        py: Python<'py>,
        teams: impl IntoIterator<Item = &'a [TableMeld]>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let key: Vec<Vec<TableMeld>> = teams.into_iter().map(<[TableMeld]>::to_vec).collect();
        kept(py, &self.tables, &key, || {
            let makers = MAKERS.get()?;
            let cards = card_objects()?;
            tuple_of(py, &key, |team| {
                tuple_of(py, team, |m| {
                    kept(py, &self.melds, m, || meld_object(py, &makers, &cards, m))
                })
            })
        })
    }

    /// The objects of `events`, the same object for an equal event of this game.
    pub(super) fn events<'py>(
        self: &Arc<Self>,
        py: Python<'py>,
        events: &[Event],
    ) -> PyResult<Bound<'py, PyTuple>> {
        let out = events
            .iter()
            .map(|e| kept(py, &self.events, e, || self.make(py, e)))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, out)
    }

    /// A new object of the event `e`.
    fn make<'py>(self: &Arc<Self>, py: Python<'py>, e: &Event) -> PyResult<Bound<'py, PyAny>> {
        let makers = MAKERS.get()?;
        let cards = card_objects()?;
        let card = |c: u8| cards[usize::from(c)].bind(py).clone();
        let opt = |c: Option<u8>| c.map_or_else(|| py.None().into_bound(py), card);
        let list = |cs: &[u8]| card_tuple(py, &cards, cs).map(Bound::into_any);
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
        makers.events.make(py, kind, values)
    }
}

/// The object `table` keeps for `key`, or the one `make` makes, kept while the table holds
/// fewer than [`KEPT`] (made without the lock held: setting a slot may run Python code).
fn kept<'py, K: std::hash::Hash + Eq + Clone>(
    py: Python<'py>,
    table: &Kept<K>,
    key: &K,
    make: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(o) = lock(table).get(key) {
        return Ok(o.bind(py).clone());
    }
    let made = make()?;
    let mut kept = lock(table);
    if kept.len() >= KEPT {
        return Ok(made);
    }
    Ok(kept
        .entry(key.clone())
        .or_insert_with(|| made.clone().unbind())
        .bind(py)
        .clone())
}

/// The fields of a hand result the core leaves unset when it makes the result's object,
/// made when first read ([`PyNativeResult::field`]): a program that reads a hand's events
/// without looking into its result makes none of its score objects, meld objects and card
/// tuples.  The package's class for the core's results fills them (`kanasta._native`).
pub(super) const RESULT_FIELDS_ON_READ: [&str; 4] = ["teams", "melds", "hands", "red_threes"];

/// What a hand result's object made by the core holds in its hidden slot: the core's
/// result, and its game (weakly: the game keeps the result's object) for the melds.
#[pyclass(frozen, module = "kanasta._core", name = "NativeResult")]
pub(crate) struct PyNativeResult {
    game: Weak<Game>,
    result: Arc<HandResult>,
}

#[pymethods]
impl PyNativeResult {
    /// The field `name` of the result, one of `RESULT_FIELDS_ON_READ`: the teams'
    /// scores (half points as fractions), the melds (the game's objects, as its states'
    /// tables, while a state of the game is kept; else new ones), the cards left in each
    /// hand, each seat's red 3s.  KeyError for any other name.
    fn field<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        let r = &*self.result;
        let makers = MAKERS.get()?;
        let cards = card_objects()?;
        let list = |cs: &Vec<u8>| card_tuple(py, &cards, cs).map(Bound::into_any);
        match name {
            "teams" => tuple_of(py, &r.teams, |t| team_score(py, &makers, t)),
            "melds" => {
                let melds = r.melds.iter().map(Vec::as_slice);
                match self.game.upgrade() {
                    Some(game) => game.table(py, melds),
                    None => melds_tuple(py, melds),
                }
            }
            "hands" => tuple_of(py, &r.hands, list),
            "red_threes" => tuple_of(py, &r.red_threes, list),
            _ => Err(pyo3::exceptions::PyKeyError::new_err(name.to_owned())),
        }
    }
}

/// A new object of the team score `t` (half points as fractions) with its canastas'.
fn team_score<'py>(py: Python<'py>, makers: &Makers, t: &TeamScore) -> PyResult<Bound<'py, PyAny>> {
    let half = |h: i64| makers.fraction.bind(py).call1((h, 2));
    let canastas = tuple_of(py, &t.canastas, |c| {
        let values = vec![
            c.meld.into_bound_py_any(py)?,
            PyString::intern(py, c.kind.name()).into_any(),
            c.base.into_bound_py_any(py)?,
            c.trump_doubled.into_bound_py_any(py)?,
            c.bonus.into_bound_py_any(py)?,
        ];
        makers.values.make(py, CANASTA_SCORE, values)
    })?;
    let values = vec![
        t.team.into_bound_py_any(py)?,
        t.packets.into_bound_py_any(py)?,
        t.packet_points.into_bound_py_any(py)?,
        half(t.meld_points_halves)?,
        canastas,
        t.canasta_points.into_bound_py_any(py)?,
        t.red_threes.into_bound_py_any(py)?,
        t.red_three_points.into_bound_py_any(py)?,
        t.going_out_points.into_bound_py_any(py)?,
        half(t.hand_points_halves)?,
        half(t.raw_total_halves)?,
        t.total.into_bound_py_any(py)?,
    ];
    makers.values.make(py, TEAM_SCORE, values)
}
