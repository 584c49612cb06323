//! The Python action objects of the native listing (the Python engine's
//! `kanasta.actions`): made by the core from the classes and slot setters the
//! package registers (`set_action_factory`), and kept per game ([`ActionTable`],
//! held by the game's [`Game`](super::objects::Game)), so that no object handed
//! to one game is reachable from another.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;

use crate::actions;
use crate::cards::{Card, DISTINCT};
use crate::legality::solver::budget::FxHasher;

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{Arc, Mutex};

use super::factory::{lock, Classes, Factory, Recycler, Registered};

/// The action classes by kind (the kinds of `explain_parts`: draw, take, meld, add,
/// extend, discard, ask, answer, decline), each with the fields the core sets, in the
/// order it sets them: the one named table both sides read (the package registers each
/// class's slot setters by these names, and checks them against the class).  A class
/// with no fields is handed out as the package's one object of it.
pub(super) const ACTION_FIELDS: [(&str, &[&str]); 9] = [
    ("Draw", &[]),
    ("TakePile", &["cards", "meld"]),
    ("LayMeld", &["cards"]),
    ("AddToMeld", &["meld", "cards"]),
    ("ExtendRun", &["meld", "run"]),
    ("Discard", &["card"]),
    ("AskPartner", &[]),
    ("AnswerPartner", &["permit"]),
    ("Decline", &[]),
];

/// How the package's action objects are made: per kind (in [`ACTION_FIELDS`]' order) the
/// class and its slots' setters (or, for a class with no fields, its one object and no
/// setters), and the package's 53 card objects by index.
struct Makers {
    classes: Classes,
    cards: Arc<[Py<PyAny>]>,
    tuples: Mutex<CardTuples>,
}

/// Tuples of the package's card objects, one per sequence of cards (up to [`TUPLE_CARDS`]
/// cards, at most [`TUPLES_KEPT`] sequences): the `cards` of the moves and events the core
/// makes.  A tuple cannot be changed and holds only the package's constant cards, so one
/// tuple serves every game, as the cards themselves do; the objects holding it stay each
/// game's own.  Most of a listing's new moves are new melds of cards met before, and a
/// kept tuple saves making one (and the collector following it).
type CardTuples = HashMap<u128, Py<PyTuple>, BuildHasherDefault<FxHasher>>;

/// The longest sequence of cards whose tuple is kept (six bits a card and the length fit a `u128`).
const TUPLE_CARDS: usize = 19;

/// The most tuples kept; past it, tuples of new sequences are made and not kept.
const TUPLES_KEPT: usize = 1 << 16;

static MAKERS: Factory<Makers> = Factory::new("action factory", "set_action_factory");

/// The package's 53 card objects by index (registered with the action factory): constants,
/// shared by every game as the package's own `Card` values are.
pub(super) fn card_objects() -> PyResult<Arc<[Py<PyAny>]>> {
    Ok(Arc::clone(&MAKERS.get()?.cards))
}

/// The tuple of the package's card objects of `held`, in order: the kept one for a
/// sequence met before (see [`CardTuples`]).
pub(super) fn card_tuple<'py>(py: Python<'py>, held: &[Card]) -> PyResult<Bound<'py, PyTuple>> {
    let makers = MAKERS.get()?;
    card_tuple_of(py, &makers, held)
}

fn card_tuple_of<'py>(
    py: Python<'py>,
    makers: &Makers,
    held: &[Card],
) -> PyResult<Bound<'py, PyTuple>> {
    let new = || {
        PyTuple::new(
            py,
            held.iter().map(|&c| makers.cards[usize::from(c)].bind(py)),
        )
    };
    if held.len() > TUPLE_CARDS {
        return new();
    }
    // the cards six bits each (an index is below 64), then the length
    let key = held
        .iter()
        .fold(held.len() as u128, |k, &c| (k << 6) | u128::from(c));
    if let Some(kept) = lock(&makers.tuples).get(&key) {
        return Ok(kept.bind(py).clone());
    }
    let made = new()?;
    let mut kept = lock(&makers.tuples);
    if kept.len() < TUPLES_KEPT {
        kept.entry(key).or_insert_with(|| made.clone().unbind());
    }
    Ok(made)
}

/// A move as a hash key: its kind and meld number (or answer) and its cards (at most
/// [`actions::MAX_MOVE_CARDS`], six bits each) packed in two numbers, cheaper to hash and
/// compare than the move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct MoveKey(u128, u32);

impl MoveKey {
    fn of(m: &actions::Action) -> MoveKey {
        use actions::Action as A;
        // the kind (as in ACTION_FIELDS), then the meld number plus one (0: none)
        let (kind, number, held): (u32, u32, &[Card]) = match m {
            A::Draw => (0, 0, &[]),
            A::Take { cards, meld } => (1, meld.map_or(0, |n| u32::from(n) + 1), cards.as_slice()),
            A::Meld { cards } => (2, 0, cards.as_slice()),
            A::Add { meld, cards } => (3, u32::from(*meld) + 1, cards.as_slice()),
            A::Extend { meld, run } => (4, u32::from(*meld) + 1, run.as_slice()),
            A::Discard { card } => (5, 0, std::slice::from_ref(card)),
            A::Ask => (6, 0, &[]),
            A::Answer { permit } => (7, u32::from(*permit), &[]),
            A::Decline => (8, 0, &[]),
        };
        let cards = held.iter().fold(0u128, |k, &c| (k << 6) | u128::from(c));
        MoveKey(cards, (kind << 27) | (number << 5) | held.len() as u32)
    }
}

type Objects = HashMap<MoveKey, Py<PyAny>, BuildHasherDefault<FxHasher>>;

/// The action objects of one game's moves, one per move (for the listings, or for the
/// histories: two tables, so that no object a listing handed out is one a history keeps).
#[derive(Default)]
pub(crate) struct ActionTable {
    /// The discards' objects by card: most moves listed are discards, found without hashing.
    discards: Vec<Option<Py<PyAny>>>,
    /// Every other move's object.
    objects: Objects,
}

/// The most moves a table keeps; past it, new objects are made and not kept.
const TABLE_LIMIT: usize = 1 << 16;

/// Emptied tables of ended games, kept for new games (a game's table grows to a few
/// thousand moves: a new one would grow again from nothing).
static SPARE: Mutex<Vec<Objects>> = Mutex::new(Vec::new());

/// The most emptied tables kept.
const SPARE_TABLES: usize = 4;

impl ActionTable {
    /// The object of `m`, when made.
    fn get(&self, m: &actions::Action) -> Option<&Py<PyAny>> {
        match *m {
            actions::Action::Discard { card } => self
                .discards
                .get(usize::from(card))
                .and_then(Option::as_ref),
            _ => self.objects.get(&MoveKey::of(m)),
        }
    }

    /// Keep `object` as the object of `m` (past [`TABLE_LIMIT`] moves, only a discard's is kept).
    fn keep(&mut self, m: actions::Action, object: Py<PyAny>) {
        match m {
            actions::Action::Discard { card } => {
                if self.discards.is_empty() {
                    self.discards.resize_with(DISTINCT, || None);
                }
                self.discards[usize::from(card)] = Some(object);
            }
            _ if self.objects.len() < TABLE_LIMIT => {
                if self.objects.capacity() == 0 {
                    if let Some(spare) = lock(&SPARE).pop() {
                        self.objects = spare;
                    }
                }
                self.objects.insert(MoveKey::of(&m), object);
            }
            _ => {}
        }
    }
}

/// The kind of the move `a` (its place in [`ACTION_FIELDS`]) and the values of its fields,
/// in the table's order, as its object holds them (cards as the package's card objects).
fn fields<'py>(
    py: Python<'py>,
    makers: &Makers,
    a: &actions::Action,
) -> PyResult<(usize, Vec<Bound<'py, PyAny>>)> {
    use actions::Action as A;
    let cards = |held: &[Card]| -> PyResult<Bound<'py, PyAny>> {
        Ok(card_tuple_of(py, makers, held)?.into_any())
    };
    let meld = |m: &Option<u16>| m.into_bound_py_any(py);
    Ok(match a {
        A::Draw => (0, Vec::new()),
        A::Take {
            cards: held,
            meld: m,
        } => (1, vec![cards(held.as_slice())?, meld(m)?]),
        A::Meld { cards: held } => (2, vec![cards(held.as_slice())?]),
        A::Add {
            meld: m,
            cards: held,
        } => (3, vec![m.into_bound_py_any(py)?, cards(held.as_slice())?]),
        A::Extend { meld: m, run } => (4, vec![m.into_bound_py_any(py)?, cards(run.as_slice())?]),
        A::Discard { card } => (5, vec![makers.cards[usize::from(*card)].bind(py).clone()]),
        A::Ask => (6, Vec::new()),
        A::Answer { permit } => (7, vec![permit.into_bound_py_any(py)?]),
        A::Decline => (8, Vec::new()),
    })
}

/// The objects of ended games' moves, for later games (see [`Recycler`]).
static RECYCLED: Recycler<MoveKey> = Recycler::new(RECYCLED_LIMIT);

/// The most objects of ended games' moves kept for later games.
const RECYCLED_LIMIT: usize = 1 << 15;

/// An object of the move `a` for a game that has none yet: an ended game's object of the
/// same move that no one holds, its fields checked, or else a new one (`object.__new__` of
/// its class, its slots set directly, as the package's own hot paths make them; the core's
/// moves are valid and in stored order).
fn make<'py>(py: Python<'py>, makers: &Makers, a: &actions::Action) -> PyResult<Bound<'py, PyAny>> {
    let (kind, values) = fields(py, makers, a)?;
    match makers.classes.registered(py, kind) {
        (one, false) => Ok(one),
        _ => {
            if let Some(old) = RECYCLED.take(&MoveKey::of(a)) {
                let old = old.into_bound(py);
                if makers.classes.holds(py, kind, &old, &values) {
                    return Ok(old);
                }
            }
            makers.classes.make(py, kind, values)
        }
    }
}

/// Give the objects of an ended game's `table` to the later games (see [`Recycler`]), and
/// its emptied table to a new game.
pub(super) fn recycle(py: Python<'_>, table: ActionTable) {
    let ActionTable {
        discards,
        mut objects,
    } = table;
    let discards = discards.into_iter().enumerate().filter_map(|(card, o)| {
        let card = Card::try_from(card).ok()?;
        Some((MoveKey::of(&actions::Action::Discard { card }), o?))
    });
    RECYCLED.give(py, discards.chain(objects.drain()));
    if objects.capacity() > 0 {
        let mut spare = lock(&SPARE);
        if spare.len() < SPARE_TABLES {
            spare.push(objects);
        }
    }
}

/// The Python objects of `moves`, from `table` (made the first time a move is met in it).
pub(super) fn action_objects<'py>(
    py: Python<'py>,
    table: &Mutex<ActionTable>,
    moves: &[actions::Action],
) -> PyResult<Bound<'py, PyTuple>> {
    let mut out: Vec<Bound<'py, PyAny>> = Vec::with_capacity(moves.len());
    let mut missing: Vec<usize> = Vec::new();
    {
        let t = lock(table);
        for (i, m) in moves.iter().enumerate() {
            match t.get(m) {
                Some(obj) => out.push(obj.bind(py).clone()),
                None => {
                    missing.push(i);
                    out.push(py.None().into_bound(py));
                }
            }
        }
    }
    if !missing.is_empty() {
        let makers = MAKERS.get()?;
        // made without the lock held (setting a slot may run Python code)
        for i in missing {
            let made = make(py, &makers, &moves[i])?;
            let mut t = lock(table);
            out[i] = match t.get(&moves[i]) {
                Some(obj) => obj.bind(py).clone(),
                None => {
                    t.keep(moves[i], made.clone().unbind());
                    made
                }
            };
        }
    }
    PyTuple::new(py, out)
}

/// Register how the action objects the native core hands out are made: `kinds` the action
/// classes in `ACTION_FIELDS`' order, each `(class, setters)` with its slots' setters in
/// the order of its fields there (an object is `object.__new__(class)` filled through
/// them), or, for a class with no fields, `(its one object, [])`; `cards` the package's
/// 53 card objects by index.  Set by the package when it loads.  Each game keeps the
/// objects made for it: no object handed to one game is reachable from another (an ended
/// game's objects that no one holds may serve a later game, checked: see `Recycler`; those
/// kept are dropped when the factory is registered again).
#[pyfunction]
pub(super) fn set_action_factory(
    py: Python<'_>,
    kinds: Registered,
    cards: Vec<Py<PyAny>>,
) -> PyResult<()> {
    if cards.len() != DISTINCT {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "set_action_factory needs the {DISTINCT} card objects by index, not {}",
            cards.len()
        )));
    }
    let classes = Classes::new(
        py,
        kinds,
        &ACTION_FIELDS,
        "set_action_factory",
        "ACTION_FIELDS",
    )?;
    MAKERS.set(Makers {
        classes,
        cards: cards.into(),
        tuples: Mutex::default(),
    });
    RECYCLED.clear(); // objects made by the factory registered before

    Ok(())
}
