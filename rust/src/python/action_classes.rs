//! The action classes of the package (`kanasta.Draw`, `kanasta.LayMeld`, ...), one compiled
//! class per kind of move, each holding its move ([`Body`], `actions.rs`) once made.
//!
//! The listings and histories of every game take their objects from one table
//! ([`action_objects`]): nothing can change an action object, so one per move serves all.
//!
//! A constructor checks its fields and makes the move (`ActionError` otherwise, RULES E-5);
//! nothing can change it afterwards.  One path is kept for pickles written when the classes
//! were attrs classes: the unpickler makes an object with no fields (`cls.__new__(cls)`) and
//! hands it its fields (`__setstate__`), once; such an object refuses every use until then.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{LazyLock, Mutex, OnceLock};

use pyo3::exceptions::{PyAttributeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
use pyo3::IntoPyObjectExt;

use crate::actions::{Action, Verb};
use crate::cards::DISTINCT;
use crate::legality::solver::budget::FxHasher;

use super::factory::lock;

use super::actions::{
    card_arg, cards_arg, flag_arg, index_arg, set_order, wilds_last, Body, CLASSES,
};

/// A class's move, set once: by its constructor (or by `__setstate__`, for an object an
/// unpickler made with no fields).
type Made = OnceLock<Body>;

/// The fields given to the constructor of `name` (`args`, `kwargs`), by the class's field
/// names in order (None for one not given); Python's TypeErrors for too many, repeated or
/// unknown ones.
fn given<'py>(
    name: &str,
    fields: &[&str],
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Vec<Option<Bound<'py, PyAny>>>> {
    if args.len() > fields.len() {
        return Err(PyTypeError::new_err(format!(
            "{name}() takes {} positional arguments but {} were given",
            fields.len(),
            args.len()
        )));
    }
    let mut out: Vec<Option<Bound<'py, PyAny>>> = args.iter().map(Some).collect();
    out.resize(fields.len(), None);
    for (key, value) in kwargs.into_iter().flatten() {
        let key: String = key.extract()?;
        match fields.iter().position(|f| *f == key) {
            Some(i) if out[i].is_none() => out[i] = Some(value),
            Some(_) => {
                return Err(PyTypeError::new_err(format!(
                    "{name}() got multiple values for argument '{key}'"
                )))
            }
            None => {
                return Err(PyTypeError::new_err(format!(
                    "{name}() got an unexpected keyword argument '{key}'"
                )))
            }
        }
    }
    Ok(out)
}

/// The field `field` of `name`'s constructor, which must be given.
fn required<'a, 'py>(
    name: &str,
    field: &str,
    value: &'a Option<Bound<'py, PyAny>>,
) -> PyResult<&'a Bound<'py, PyAny>> {
    value.as_ref().ok_or_else(|| {
        PyTypeError::new_err(format!("{name}() missing 1 required argument: '{field}'"))
    })
}

/// The move of each class from its fields as given (in constructor order), checked and in
/// stored order: the classes' constructors.
fn build(verb: Verb, f: &[Option<Bound<'_, PyAny>>]) -> PyResult<Body> {
    let (name, fields) = CLASSES[verb as usize];
    let need = |i: usize| required(name, fields[i], &f[i]);
    // (as attrs did: the cards converted first, then the meld number checked)
    Ok(match verb {
        Verb::Draw | Verb::Ask | Verb::Decline => Body::new(verb, &[], None, false),
        Verb::Take => {
            let cards = match &f[0] {
                Some(c) => wilds_last(cards_arg(c)?),
                None => Vec::new(),
            };
            let meld = match &f[1] {
                Some(m) if !m.is_none() => Some(index_arg(m)?),
                _ => None,
            };
            Body::new(verb, &cards, meld, false)
        }
        Verb::Meld => Body::new(verb, &set_order(cards_arg(need(0)?)?), None, false),
        Verb::Add | Verb::Extend => {
            let (meld, cards) = (need(0)?, need(1)?);
            let cards = cards_arg(cards)?;
            let cards = if verb == Verb::Add {
                wilds_last(cards)
            } else {
                cards
            };
            Body::new(verb, &cards, Some(index_arg(meld)?), false)
        }
        Verb::Discard => Body::new(verb, &[card_arg(need(0)?)?], None, false),
        Verb::Answer => Body::new(verb, &[], None, flag_arg(need(0)?)?),
    })
}

/// The move of `verb` from a constructor's arguments.
fn build_from(
    verb: Verb,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Body> {
    let (name, fields) = CLASSES[verb as usize];
    build(verb, &given(name, fields, args, kwargs)?)
}

/// The methods every action class has: its constructor (`__new__`, and `__init__`, which
/// refuses an object left without its fields), equality and hash by class and fields, the
/// attrs-style repr, the text form, pickling (`__reduce__`; `__setstate__` reads the state of
/// a pickle of an attrs class), copying (the object itself: nothing in it can change),
/// `copy.replace`, and `__match_args__` (the fields in constructor order).
macro_rules! action_class {
    ($class:ident, $verb:expr, $sig:literal, { $($methods:tt)* }) => {
        impl $class {
            /// Whether `slf` equals `other`, an object of the class (by their moves; one without
            /// its fields only itself); None for anything else.
            fn equal(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> Option<bool> {
                let other = other.cast_exact::<$class>().ok()?;
                Some(match (slf.get().0.get(), other.get().0.get()) {
                    (Some(mine), Some(theirs)) => mine.same(theirs),
                    _ => slf.is(other),
                })
            }

            /// The move, or AttributeError for an object an unpickler left without its fields.
            fn body(&self) -> PyResult<&Body> {
                self.0.get().ok_or_else(|| {
                    PyAttributeError::new_err(format!(
                        "a {} not made by its constructor has no fields",
                        CLASSES[$verb as usize].0
                    ))
                })
            }
        }

        #[pymethods]
        impl $class {
            $($methods)*

            #[new]
            #[pyo3(signature = (*args, **kwargs), text_signature = $sig)]
            fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
                let made = Made::new();
                // no arguments: the fields come from `__init__` (the constructor, which makes the
                // defaults or refuses) or from `__setstate__` (an unpickler's object)
                if !args.is_empty() || kwargs.is_some_and(|k| !k.is_empty()) {
                    let _ = made.set(build_from($verb, args, kwargs)?);
                }
                Ok($class(made))
            }

            #[pyo3(signature = (*args, **kwargs))]
            fn __init__(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
                if self.0.get().is_none() {
                    let _ = self.0.set(build_from($verb, args, kwargs)?);
                }
                Ok(())
            }

            /// The fields of a pickle written by an attrs class (a dict of them by name), once.
            fn __setstate__(&self, state: &Bound<'_, PyAny>) -> PyResult<()> {
                let py = state.py();
                let body = match state.cast::<PyDict>() {
                    Ok(fields) => build_from($verb, &PyTuple::empty(py), Some(fields))?,
                    Err(_) => build_from($verb, state.cast::<PyTuple>()?, None)?,
                };
                match self.0.get() {
                    None => {
                        let _ = self.0.set(body);
                        Ok(())
                    }
                    Some(made) if made.same(&body) => Ok(()),
                    Some(_) => Err(PyAttributeError::new_err(format!(
                        "a {} cannot be changed",
                        CLASSES[$verb as usize].0
                    ))),
                }
            }

            #[classattr]
            fn __match_args__(py: Python<'_>) -> PyResult<Py<PyTuple>> {
                Ok(PyTuple::new(py, CLASSES[$verb as usize].1)?.unbind())
            }

            fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                let py = slf.py();
                match Self::equal(slf, other) {
                    Some(equal) => equal.into_py_any(py),
                    None => Ok(py.NotImplemented()),
                }
            }

            fn __ne__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                let py = slf.py();
                match Self::equal(slf, other) {
                    Some(equal) => (!equal).into_py_any(py),
                    None => Ok(py.NotImplemented()),
                }
            }

            fn __hash__(&self) -> PyResult<isize> {
                Ok(self.body().map_err(|e| PyTypeError::new_err(e.to_string()))?.hash)
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                match self.0.get() {
                    Some(body) => body.repr(py),
                    None => Ok(format!("<{} without its fields>", CLASSES[$verb as usize].0)),
                }
            }

            fn __str__(&self, py: Python<'_>) -> PyResult<String> {
                match self.0.get() {
                    Some(body) => Ok(body.notation().to_string()),
                    None => self.__repr__(py),
                }
            }

            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
                let py = slf.py();
                Ok((slf.get_type(), PyTuple::new(py, slf.get().body()?.values(py)?)?))
            }

            fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
                slf
            }

            fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
                slf
            }

            /// A copy with some fields changed (``copy.replace``), made by the constructor.
            #[pyo3(signature = (**changes))]
            fn __replace__<'py>(
                slf: &Bound<'py, Self>,
                changes: Option<&Bound<'py, PyDict>>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let py = slf.py();
                let kwargs = PyDict::new(py);
                for (name, value) in CLASSES[$verb as usize].1.iter().zip(slf.get().body()?.values(py)?) {
                    kwargs.set_item(name, value)?;
                }
                if let Some(changes) = changes {
                    kwargs.update(changes.as_mapping())?;
                }
                slf.get_type().call((), Some(&kwargs))
            }
        }
    };
}

/// Draw from the stock (G-TURN-1; two cards in the two-player game, C2-2).
///
/// >>> from kanasta import Draw
/// >>> str(Draw()), Draw() == Draw()
/// ('draw', True)
#[pyclass(frozen, weakref, module = "kanasta.actions", name = "Draw")]
pub(crate) struct Draw(Made);

action_class!(Draw, Verb::Draw, "()", {});

/// Take the discard pile.
///
/// In Classic Canasta (C-PILE-1) :attr:`cards` are the hand cards that meld the
/// top card — a natural pair, or one natural and one wild — or empty when the
/// top card goes onto the team's meld :attr:`meld`.  When both are given the
/// new three cards join meld :attr:`meld` (C-PILE-4).  In Kanasta the whole pile
/// goes to hand and both are empty (K-PILE-1).
///
/// >>> from kanasta import TakePile, parse_cards
/// >>> str(TakePile(parse_cards("KH KS")))
/// 'take KH KS'
/// >>> str(TakePile(parse_cards("2C KH"), meld=1))
/// 'take KH 2C @1'
/// >>> str(TakePile(meld=2)), str(TakePile())
/// ('take @2', 'take')
#[pyclass(frozen, weakref, module = "kanasta.actions", name = "TakePile")]
pub(crate) struct TakePile(Made);

action_class!(TakePile, Verb::Take, "(cards=(), meld=None)", {
    /// The hand cards that meld the pile's top card (naturals first, then wild cards).
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.body()?.cards(py)
    }

    /// The team's meld the pile's top card joins, or None.
    #[getter]
    fn meld(&self) -> PyResult<Option<u16>> {
        Ok(self.body()?.meld)
    }
});

/// Lay down a new meld from hand.
///
/// A set's cards are stored in canonical order (naturals, then wilds); a run's
/// are kept as given, low to high, the wild in the place it stands for
/// (K-MELD-5): ``5H 6H JK`` and ``JK 5H 6H`` are different moves.
///
/// >>> from kanasta import LayMeld, parse_cards
/// >>> str(LayMeld(parse_cards("2C 9S 9D")))
/// 'meld 9D 9S 2C'
/// >>> LayMeld(parse_cards("5H 6H JK")) == LayMeld(parse_cards("JK 5H 6H"))
/// False
#[pyclass(frozen, weakref, module = "kanasta.actions", name = "LayMeld")]
pub(crate) struct LayMeld(Made);

action_class!(LayMeld, Verb::Meld, "(cards)", {
    /// The meld's cards (a set's naturals first, then wild cards; a run's low to high).
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.body()?.cards(py)
    }
});

/// Add cards from hand to the team's set number :attr:`meld`.
///
/// >>> from kanasta import AddToMeld, parse_cards
/// >>> str(AddToMeld(0, parse_cards("JK 7C")))
/// 'add @0 7C JK'
#[pyclass(frozen, weakref, module = "kanasta.actions", name = "AddToMeld")]
pub(crate) struct AddToMeld(Made);

action_class!(AddToMeld, Verb::Add, "(meld, cards)", {
    /// The number of the team's set the cards join.
    #[getter]
    fn meld(&self) -> PyResult<u16> {
        Ok(self.body()?.meld.unwrap_or_default())
    }

    /// The cards added (naturals first, then wild cards).
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.body()?.cards(py)
    }
});

/// Add cards from hand to the team's run number :attr:`meld`.
///
/// :attr:`run` is the run's new list from low end to high end (K-MELD-5): it
/// shows where a new wild goes and, when its natural card is added, which free
/// end the run's wild moves to (K-MELD-7).
///
/// >>> from kanasta import ExtendRun, parse_cards
/// >>> str(ExtendRun(1, parse_cards("4H 5H 6H 7H JK")))
/// 'extend @1 4H 5H 6H 7H JK'
#[pyclass(frozen, weakref, module = "kanasta.actions", name = "ExtendRun")]
pub(crate) struct ExtendRun(Made);

action_class!(ExtendRun, Verb::Extend, "(meld, run)", {
    /// The number of the team's run.
    #[getter]
    fn meld(&self) -> PyResult<u16> {
        Ok(self.body()?.meld.unwrap_or_default())
    }

    /// The run's new list of cards, low end to high end.
    #[getter]
    fn run<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.body()?.cards(py)
    }
});

/// Discard a card, ending the turn (or emptying the hand with the last card).
///
/// >>> from kanasta import Discard, parse_card
/// >>> str(Discard(parse_card("QS")))
/// 'discard QS'
#[pyclass(frozen, weakref, module = "kanasta.actions", name = "Discard")]
pub(crate) struct Discard(Made);

action_class!(Discard, Verb::Discard, "(card)", {
    /// The card discarded.
    #[getter]
    fn card<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.body()?.card(py)
    }
});

/// Ask partner "may I go out?" (C-OUT-3); the partner answers next.
///
/// >>> from kanasta import AskPartner
/// >>> str(AskPartner())
/// 'ask'
#[pyclass(frozen, weakref, module = "kanasta.actions", name = "AskPartner")]
pub(crate) struct AskPartner(Made);

action_class!(AskPartner, Verb::Ask, "()", {});

/// The partner's binding answer to :class:`AskPartner` (C-OUT-3).
///
/// >>> from kanasta import AnswerPartner
/// >>> str(AnswerPartner(True)), str(AnswerPartner(False))
/// ('yes', 'no')
#[pyclass(frozen, weakref, module = "kanasta.actions", name = "AnswerPartner")]
pub(crate) struct AnswerPartner(Made);

action_class!(AnswerPartner, Verb::Answer, "(permit)", {
    /// True for "yes, go out", False for "no".
    #[getter]
    fn permit(&self) -> PyResult<bool> {
        Ok(self.body()?.permit)
    }
});

/// Decline to take the pile once the stock is empty, ending the hand (C-OUT-5).
///
/// >>> from kanasta import Decline
/// >>> str(Decline())
/// 'decline'
#[pyclass(frozen, weakref, module = "kanasta.actions", name = "Decline")]
pub(crate) struct Decline(Made);

action_class!(Decline, Verb::Decline, "()", {});

/// The object of the core's move `a`: a new object of its class.
pub(super) fn make<'py>(py: Python<'py>, a: &Action) -> PyResult<Bound<'py, PyAny>> {
    let body = Body::of(a);
    let made = |body: Body| Made::from(body);
    Ok(match body.verb {
        Verb::Draw => Bound::new(py, Draw(made(body)))?.into_any(),
        Verb::Take => Bound::new(py, TakePile(made(body)))?.into_any(),
        Verb::Meld => Bound::new(py, LayMeld(made(body)))?.into_any(),
        Verb::Add => Bound::new(py, AddToMeld(made(body)))?.into_any(),
        Verb::Extend => Bound::new(py, ExtendRun(made(body)))?.into_any(),
        Verb::Discard => Bound::new(py, Discard(made(body)))?.into_any(),
        Verb::Ask => Bound::new(py, AskPartner(made(body)))?.into_any(),
        Verb::Answer => Bound::new(py, AnswerPartner(made(body)))?.into_any(),
        Verb::Decline => Bound::new(py, Decline(made(body)))?.into_any(),
    })
}

/// The move `object` holds, when it is an object of one of the action classes with its fields.
pub(crate) fn body_of<'a>(object: &'a Bound<'_, PyAny>) -> Option<&'a Body> {
    macro_rules! try_class {
        ($($class:ident),*) => {
            $(if let Ok(o) = object.cast_exact::<$class>() {
                return o.get().0.get();
            })*
        };
    }
    try_class!(
        Discard,
        LayMeld,
        AddToMeld,
        ExtendRun,
        TakePile,
        Draw,
        AskPartner,
        AnswerPartner,
        Decline
    );
    None
}

// ------------------------------------------------------------------ the table of objects

/// The action objects handed out, one per move: made the first time a move is listed or
/// recorded, then shared by every game (nothing can change them).
#[derive(Default)]
struct ActionTable {
    /// The discards' objects by card: most moves listed are discards, found without hashing.
    discards: Vec<Option<Py<PyAny>>>,
    /// Every other move's object.
    objects: HashMap<Action, Py<PyAny>, BuildHasherDefault<FxHasher>>,
}

/// The most moves the table keeps; past it, it starts again (the moves in play come back).
const TABLE_LIMIT: usize = 1 << 16;

static TABLE: LazyLock<Mutex<ActionTable>> = LazyLock::new(Mutex::default);

impl ActionTable {
    fn get(&self, m: &Action) -> Option<&Py<PyAny>> {
        match *m {
            Action::Discard { card } => self
                .discards
                .get(usize::from(card))
                .and_then(Option::as_ref),
            _ => self.objects.get(m),
        }
    }

    fn keep(&mut self, m: Action, object: Py<PyAny>) {
        match m {
            Action::Discard { card } => {
                if self.discards.is_empty() {
                    self.discards.resize_with(DISTINCT, || None);
                }
                self.discards[usize::from(card)] = Some(object);
            }
            _ => {
                if self.objects.len() >= TABLE_LIMIT {
                    self.objects.clear();
                }
                self.objects.insert(m, object);
            }
        }
    }
}

/// The action objects of `moves` (each made the first time its move is met; making one runs
/// no Python code, so it is made with the table held).
pub(super) fn action_objects<'py>(
    py: Python<'py>,
    moves: &[Action],
) -> PyResult<Bound<'py, PyTuple>> {
    let mut out: Vec<Bound<'py, PyAny>> = Vec::with_capacity(moves.len());
    let mut t = lock(&TABLE);
    for m in moves {
        out.push(match t.get(m) {
            Some(obj) => obj.bind(py).clone(),
            None => {
                let made = make(py, m)?;
                t.keep(*m, made.clone().unbind());
                made
            }
        });
    }
    drop(t);
    PyTuple::new(py, out)
}

/// The doc of the submodule `kanasta._core.actions`: the action classes and their
/// registration (a module of its own, below the one of the states: `kanasta.actions`
/// imports only it).
pub(super) const DOC: &str =
    "The action classes, compiled (internal: kanasta.actions re-exports them).";

/// The classes and the registration of `kanasta._core.actions`.
pub(super) fn fill(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Draw>()?;
    m.add_class::<TakePile>()?;
    m.add_class::<LayMeld>()?;
    m.add_class::<AddToMeld>()?;
    m.add_class::<ExtendRun>()?;
    m.add_class::<Discard>()?;
    m.add_class::<AskPartner>()?;
    m.add_class::<AnswerPartner>()?;
    m.add_class::<Decline>()?;
    m.add_function(wrap_pyfunction!(super::actions::register_actions, m)?)?;
    Ok(())
}
