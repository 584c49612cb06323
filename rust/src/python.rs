//! The `kanasta._core` extension module: thin PyO3 bindings over the core.
//!
//! Cards cross the boundary as their index (an `int`, `kanasta.Card.index`);
//! sequences of cards as tuples of ints.  The stub `src/kanasta/_core.pyi`
//! describes this module for type checkers and is checked by `mypy.stubtest`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use pyo3::IntoPyObjectExt;

use crate::cards::{self, Card, DECK_SIZE};
use crate::deal::{self, Deal, DealRules};
use crate::melds::{self, MeldKind, MeldRules, Problem};
use crate::rng;
use crate::state::{Drew, Event, HandResult, Line, Phase, State, TableMeld, TeamScore, Turn};
use crate::{action, apply, doc, rules};

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use crate::action::Action;
use crate::apply::MoveError;
use crate::legal::python::gave_up;
use crate::legal::SEARCH_BUDGET;

pyo3::create_exception!(
    kanasta._core,
    IllegalMove,
    PyValueError,
    "A move that is not legal in the state: its args are the RULES ID and the message, \
     those of kanasta.IllegalActionError for the same move."
);

fn move_error(e: MoveError) -> PyErr {
    match e {
        MoveError::Illegal(p) => IllegalMove::new_err((p.rule, p.message)),
        MoveError::GaveUp(g) => gave_up(g),
    }
}

fn cards_tuple<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, cards.iter().copied())
}

fn nested_tuple<'py>(py: Python<'py>, groups: &[Vec<Card>]) -> PyResult<Bound<'py, PyTuple>> {
    let items = groups
        .iter()
        .map(|g| cards_tuple(py, g))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, items)
}

/// A dealt hand (the Python engine's `_deal`): hands, packets, stock, upcard, red 3s.
#[pyclass(frozen, module = "kanasta._core", name = "Deal")]
struct PyDeal {
    inner: Deal,
}

#[pymethods]
impl PyDeal {
    /// The seat left of the dealer, who plays first.
    #[getter]
    fn first_player(&self) -> usize {
        self.inner.first_player
    }

    /// Each seat's hand, in card order.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        nested_tuple(py, &self.inner.hands)
    }

    /// The packets, the next one first.
    #[getter]
    fn packets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        nested_tuple(py, &self.inner.packets)
    }

    /// The stock from its top card.
    #[getter]
    fn stock<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        cards_tuple(py, &self.inner.stock)
    }

    /// The turned cards, bottom to top.
    #[getter]
    fn pile<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        cards_tuple(py, &self.inner.pile)
    }

    /// Whether a wild card or red 3 was turned (C-DEAL-2).
    #[getter]
    fn pile_frozen(&self) -> bool {
        self.inner.pile_frozen
    }

    /// The trump card's index (K-TRUMP-1), or None.
    #[getter]
    fn trump(&self) -> Option<Card> {
        self.inner.trump
    }

    /// Each team's red 3s laid in the deal.
    #[getter]
    fn red_threes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        nested_tuple(py, &self.inner.red_threes)
    }

    /// The red 3s laid in the deal, in order: (seat, card, replacement or None).
    #[getter]
    fn red_three_events(&self) -> Vec<(usize, Card, Option<Card>)> {
        self.inner
            .red_three_events
            .iter()
            .map(|e| (e.seat, e.card, e.replacement))
            .collect()
    }

    fn __repr__(&self) -> String {
        let hands: Vec<String> = self
            .inner
            .hands
            .iter()
            .map(|h| {
                h.iter()
                    .map(|&c| cards::notation(c))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        format!(
            "<Deal first_player={} hands=[{}]>",
            self.inner.first_player,
            hands.join(" | ")
        )
    }
}

/// The first `count` outputs of the stream `(seed, *labels)` (RULES G-RNG-1).
#[pyfunction]
fn stream_values(seed: u64, labels: Vec<u64>, count: usize) -> Vec<u64> {
    let mut g = rng::stream(seed, &labels);
    (0..count).map(|_| g.next_u64()).collect()
}

/// `range(n)` shuffled by the stream `(seed, *labels)`.
#[pyfunction]
fn shuffled_indices(seed: u64, labels: Vec<u64>, n: usize) -> Vec<usize> {
    let mut items: Vec<usize> = (0..n).collect();
    rng::shuffle(&mut items, &mut rng::stream(seed, &labels));
    items
}

/// The 108 card indices of a game's deck in canonical order.
#[pyfunction]
fn deck(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    cards_tuple(py, &cards::deck())
}

fn check_players(players: usize) -> PyResult<()> {
    if (2..=4).contains(&players) {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "players must be 2, 3 or 4, not {players}"
        )))
    }
}

/// The first dealer of the game with `seed` (G-DEAL-1).
#[pyfunction]
fn first_dealer(seed: u64, players: usize) -> PyResult<usize> {
    check_players(players)?;
    Ok(deal::first_dealer(seed, players))
}

/// Deal hand `hand_number` of the game with `seed`, `dealer` dealing.
#[pyfunction]
#[pyo3(name = "deal", signature = (
    seed, hand_number, dealer, *, players, hand_size, packets, packet_size,
    pile_freezing, red_threes, trump
))]
#[allow(clippy::too_many_arguments)]
fn deal_hand(
    seed: u64,
    hand_number: u64,
    dealer: usize,
    players: usize,
    hand_size: usize,
    packets: usize,
    packet_size: usize,
    pile_freezing: bool,
    red_threes: bool,
    trump: bool,
) -> PyResult<PyDeal> {
    check_players(players)?;
    if dealer >= players {
        return Err(PyValueError::new_err(format!(
            "dealer must be a seat below {players}, not {dealer}"
        )));
    }
    let dealt = players.checked_mul(hand_size).and_then(|h| {
        packets
            .checked_mul(packet_size)
            .and_then(|p| h.checked_add(p))
    });
    if dealt.is_none_or(|d| d >= DECK_SIZE) {
        return Err(PyValueError::new_err(
            "the hands and packets need more cards than the deck has",
        ));
    }
    let rules = DealRules {
        players,
        hand_size,
        packets,
        packet_size,
        pile_freezing,
        red_threes,
        trump,
    };
    Ok(PyDeal {
        inner: deal::deal(&rules, seed, hand_number, dealer),
    })
}

/// A legal meld read by [`PyMeldRules`]: the fields of `kanasta.Meld`, cards as indices.
#[pyclass(frozen, module = "kanasta._core", name = "Meld")]
struct PyMeld {
    inner: melds::Meld,
}

#[pymethods]
impl PyMeld {
    /// "set" or "run".
    #[getter]
    fn kind(&self) -> &'static str {
        match self.inner.kind {
            MeldKind::Set => "set",
            MeldKind::Run => "run",
        }
    }

    /// The cards in the meld's canonical order.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        cards_tuple(py, &self.inner.cards)
    }

    /// A set's rank 1-13, else None.
    #[getter]
    fn rank(&self) -> Option<u8> {
        self.inner.rank
    }

    /// A run's suit 0-3, else None.
    #[getter]
    fn suit(&self) -> Option<u8> {
        self.inner.suit
    }

    /// A run's first position (1-14); 0 for a set.
    #[getter]
    fn low(&self) -> u8 {
        self.inner.low
    }

    /// The place of a run's wild card, else None.
    #[getter]
    fn wild_index(&self) -> Option<usize> {
        self.inner.wild_index
    }
}

/// The rules that checking a meld depends on (fields of `kanasta.Rules`).
#[pyclass(frozen, module = "kanasta._core", name = "MeldRules")]
struct PyMeldRules {
    inner: MeldRules,
}

fn check_cards(cards: &[Card]) -> PyResult<()> {
    match cards.iter().find(|&&c| usize::from(c) >= cards::DISTINCT) {
        Some(c) => Err(PyValueError::new_err(format!(
            "a card index is 0-52, not {c}"
        ))),
        None => Ok(()),
    }
}

/// Check the card indices, read them with `read`: the meld, or (rule ID, message).
fn verdict(
    py: Python<'_>,
    cards: &[Card],
    read: impl FnOnce(&[Card]) -> Result<melds::Meld, Problem>,
) -> PyResult<Py<PyAny>> {
    check_cards(cards)?;
    match read(cards) {
        Ok(meld) => Ok(Py::new(py, PyMeld { inner: meld })?.into_any()),
        Err(p) => Ok((p.rule, p.message).into_pyobject(py)?.into_any().unbind()),
    }
}

#[pymethods]
impl PyMeldRules {
    #[new]
    #[pyo3(signature = (*, runs, max_wilds, wilds_within_naturals, max_meld_size, black_threes))]
    fn new(
        runs: bool,
        max_wilds: usize,
        wilds_within_naturals: bool,
        max_meld_size: Option<usize>,
        black_threes: bool,
    ) -> Self {
        PyMeldRules {
            inner: MeldRules {
                runs,
                max_wilds,
                wilds_within_naturals,
                max_meld_size,
                black_threes,
            },
        }
    }

    /// `cards` as a new set or run: the meld, or (rule ID, message).
    #[pyo3(signature = (cards, *, black_threes_ok = false))]
    fn read_meld(
        &self,
        py: Python<'_>,
        cards: Vec<Card>,
        black_threes_ok: bool,
    ) -> PyResult<Py<PyAny>> {
        verdict(py, &cards, |c| {
            melds::read_meld(c, &self.inner, black_threes_ok)
        })
    }

    /// `cards` as a set: the meld, or (rule ID, message).
    #[pyo3(signature = (cards, *, black_threes_ok = false))]
    fn read_set(
        &self,
        py: Python<'_>,
        cards: Vec<Card>,
        black_threes_ok: bool,
    ) -> PyResult<Py<PyAny>> {
        verdict(py, &cards, |c| {
            melds::read_set(c, &self.inner, black_threes_ok)
        })
    }

    /// `cards` (low to high) as a run, `wild_card` the run's old wild: the meld, or (rule ID, message).
    #[pyo3(signature = (cards, *, wild_card = None))]
    fn read_run(
        &self,
        py: Python<'_>,
        cards: Vec<Card>,
        wild_card: Option<Card>,
    ) -> PyResult<Py<PyAny>> {
        check_cards(wild_card.as_slice())?;
        verdict(py, &cards, |c| melds::read_run(c, &self.inner, wild_card))
    }
}

/// A native game position (the Python `State`'s data), with the events of
/// the move that led to it.  Immutable: `apply` returns a new one.
#[pyclass(frozen, module = "kanasta._core", name = "NativeState")]
pub(crate) struct PyNativeState {
    pub(crate) inner: State,
    events: Arc<Vec<Event>>,
    /// The legal moves, listed on first ask and kept (a state never changes).
    listing: OnceLock<Arc<[Action]>>,
    /// The listing's Python action objects (from the table), made on first ask and kept.
    objects: OnceLock<Py<PyTuple>>,
    /// Its history: the package's history made so far and the moves since
    /// (see `history`), never the states it was reached from.
    line: Mutex<Line<Py<PyAny>>>,
}

impl PyNativeState {
    fn made(inner: State, events: Arc<Vec<Event>>) -> PyNativeState {
        PyNativeState {
            inner,
            events,
            listing: OnceLock::new(),
            objects: OnceLock::new(),
            line: Mutex::new(Line::default()),
        }
    }

    /// The state `inner` reached from this one by `action`, with its `events`: its line one move further.
    fn reached(&self, inner: State, events: Vec<Event>, action: Action) -> PyNativeState {
        let events = Arc::new(events);
        let line = self
            .line_lock()
            .after(self.inner.player, action, events.clone());
        PyNativeState {
            line: Mutex::new(line),
            ..PyNativeState::made(inner, events)
        }
    }

    fn line_lock(&self) -> std::sync::MutexGuard<'_, Line<Py<PyAny>>> {
        self.line
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The legal moves, listed once within `budget` search nodes (a failed
    /// listing keeps nothing).
    fn listing(&self, budget: u64) -> PyResult<&[Action]> {
        if let Some(moves) = self.listing.get() {
            return Ok(moves);
        }
        let moves = crate::legal::legal_moves_within(&self.inner, budget)
            .0
            .map_err(gave_up)?;
        Ok(self.listing.get_or_init(|| moves.into()))
    }

    /// The Python objects of the listing, made once and kept.
    fn objects<'py>(&self, py: Python<'py>, budget: u64) -> PyResult<&Py<PyTuple>> {
        if let Some(objects) = self.objects.get() {
            return Ok(objects);
        }
        let made = action_objects(py, self.listing(budget)?)?.unbind();
        Ok(self.objects.get_or_init(|| made))
    }

    /// The legal move number `index` of the listing; IndexError when there is none.
    fn listed_move(&self, index: usize, budget: u64) -> PyResult<Action> {
        let moves = self.listing(budget)?;
        moves.get(index).copied().ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "move {index} of {} legal moves",
                moves.len()
            ))
        })
    }

    /// Whether `action` is in the listing, when the state has listed its moves.
    pub(crate) fn listed(&self, action: &Action) -> bool {
        self.listing
            .get()
            .is_some_and(|moves| moves.contains(action))
    }
}

/// The Python action objects of the moves met in this process, one per move,
/// made by the factory the package registers (`set_action_factory`): a
/// listing hands out the same objects every time, and `NativeState.play`
/// knows a move by its object.
struct ActionTable {
    factory: Py<PyAny>,
    objects: HashMap<action::Action, Py<PyAny>, BuildHasherDefault<MoveHasher>>,
}

/// A multiplicative hasher for the table's keys (moves: a few small integers).
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_isize(&mut self, n: isize) {
        self.write_u64(n as u64);
    }
}

/// The most moves the table keeps; past it, a listing makes new objects that are not kept.
const TABLE_LIMIT: usize = 1 << 20;

static TABLE: Mutex<Option<ActionTable>> = Mutex::new(None);

fn table() -> std::sync::MutexGuard<'static, Option<ActionTable>> {
    TABLE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The factory's arguments for a move: (kind, cards, meld number or the answer).
fn action_parts(a: &action::Action) -> (u8, Vec<Card>, Option<u16>) {
    use action::Action as A;
    match *a {
        A::Draw => (0, vec![], None),
        A::Take { cards, meld } => (1, cards.as_slice().to_vec(), meld),
        A::Meld { cards } => (2, cards.as_slice().to_vec(), None),
        A::Add { meld, cards } => (3, cards.as_slice().to_vec(), Some(meld)),
        A::Extend { meld, run } => (4, run.as_slice().to_vec(), Some(meld)),
        A::Discard { card } => (5, vec![card], None),
        A::Ask => (6, vec![], None),
        A::Answer { permit } => (7, vec![], Some(u16::from(permit))),
        A::Decline => (8, vec![], None),
    }
}

/// The Python objects of `moves`, from the table (made by the factory the first time).
fn action_objects<'py>(py: Python<'py>, moves: &[action::Action]) -> PyResult<Bound<'py, PyTuple>> {
    let mut out: Vec<Bound<'py, PyAny>> = Vec::with_capacity(moves.len());
    let mut missing: Vec<usize> = Vec::new();
    let factory = {
        let guard = table();
        let Some(t) = guard.as_ref() else {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "no action factory: kanasta._core.set_action_factory was not called",
            ));
        };
        for (i, m) in moves.iter().enumerate() {
            match t.objects.get(m) {
                Some(obj) => out.push(obj.bind(py).clone()),
                None => {
                    missing.push(i);
                    out.push(py.None().into_bound(py));
                }
            }
        }
        if missing.is_empty() {
            None
        } else {
            Some(t.factory.clone_ref(py))
        }
    };
    if let Some(factory) = factory {
        // the factory runs without the lock held (it is Python code)
        for i in missing {
            let made = factory.bind(py).call1(action_parts(&moves[i]))?;
            let mut guard = table();
            if let Some(t) = guard.as_mut() {
                out[i] = match t.objects.get(&moves[i]) {
                    Some(obj) => obj.bind(py).clone(),
                    None if t.objects.len() < TABLE_LIMIT => {
                        t.objects.insert(moves[i], made.clone().unbind());
                        made
                    }
                    None => made,
                };
            }
        }
    }
    PyTuple::new(py, out)
}

/// Make `factory(kind, cards, meld)` the maker of the action objects the native listing hands
/// out (kinds 0-8: draw, take, meld, add, extend, discard, ask, answer, decline; cards as
/// indices in stored order; `meld` the meld number, or 1/0 for an answer).  Set once, by the package.
#[pyfunction]
fn set_action_factory(factory: Py<PyAny>) {
    let mut guard = table();
    *guard = Some(ActionTable {
        factory,
        objects: HashMap::default(),
    });
}

/// Events as JSON text: a list of objects with the event's class name as `"kind"` and its fields.
fn events_text(events: &[Event]) -> String {
    serde_json::Value::Array(events.iter().map(doc::event_value).collect()).to_string()
}

fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// Apply one move natively, asking `can_take` (a Python callable; without one,
/// the native legality) the C-OUT-5 question; the move is checked first
/// unless `trusted`.
fn step(
    state: &State,
    action: &action::Action,
    can_take: Option<&Bound<'_, PyAny>>,
    budget: u64,
    trusted: bool,
) -> PyResult<(State, Vec<Event>)> {
    if !trusted {
        if let Some(p) = crate::legal::explain_within(state, action, budget).map_err(gave_up)? {
            return Err(IllegalMove::new_err((p.rule, p.message)));
        }
    }
    let Some(f) = can_take else {
        // the native legality answers the chore's question
        return apply::play_trusted(state, action, budget).map_err(move_error);
    };
    let failure: std::cell::RefCell<Option<PyErr>> = std::cell::RefCell::new(None);
    let ask = |s: &State| -> bool {
        let probe = PyNativeState::made(s.clone(), Arc::new(Vec::new()));
        match f.call1((probe,)).and_then(|r| r.is_truthy()) {
            Ok(b) => b,
            Err(e) => {
                failure.replace(Some(e));
                false
            }
        }
    };
    let out = apply::apply(state, action, &ask).map_err(|e| move_error(e.into()))?;
    match failure.into_inner() {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

#[pymethods]
impl PyNativeState {
    /// A new game: `rules` a preset's name or the JSON text of `Rules.to_dict()`.
    #[staticmethod]
    fn new_game(rules: &str, seed: u64) -> PyResult<Self> {
        let value = match rules::Rules::preset(rules) {
            Some(r) => r,
            None => {
                let data: serde_json::Value =
                    serde_json::from_str(rules).map_err(|e| value_error(format!("rules: {e}")))?;
                rules::Rules::from_value(&data).map_err(value_error)?
            }
        };
        let (inner, events) = State::new_game(Arc::new(value), seed);
        Ok(PyNativeState::made(inner, Arc::new(events)))
    }

    /// Read a position document (JSON text of `State.to_dict()`); ValueError names the bad path.
    /// The position's moves are listed last, within `budget` search nodes: a position past
    /// the budget is refused as the Python reader refuses it.
    #[staticmethod]
    #[pyo3(signature = (doc, *, budget = SEARCH_BUDGET))]
    fn from_json(doc: &str, budget: u64) -> PyResult<Self> {
        let (inner, _) = doc::from_json_within(doc, budget).map_err(value_error)?;
        Ok(PyNativeState::made(inner, Arc::new(Vec::new())))
    }

    /// The position document as JSON text (the same document as `State.to_dict()`).
    fn to_json(&self) -> String {
        doc::to_json(&self.inner)
    }

    /// The events of the move that led here (or of the first deal), as JSON text:
    /// a list of objects with the event's class name as `"kind"` and its fields.
    fn events_json(&self) -> String {
        events_text(&self.events)
    }

    /// The state after `move` (in the library's notation).
    ///
    /// An illegal move raises IllegalMove (a ValueError) with the RULES ID
    /// and message of `explain`; a move of the state's own listing is not
    /// checked again.  `can_take` answers, for a state whose stock is empty,
    /// whether its player may take the pile (the C-OUT-5 chore); without it
    /// the native legality answers.  A legality question past `budget`
    /// search nodes raises BudgetExceeded.
    #[pyo3(signature = (r#move, can_take = None, *, budget = SEARCH_BUDGET))]
    fn apply(
        &self,
        r#move: &str,
        can_take: Option<Bound<'_, PyAny>>,
        budget: u64,
    ) -> PyResult<Self> {
        let action = action::parse_action(r#move).map_err(value_error)?;
        let trusted = self.listed(&action);
        let (inner, events) = step(&self.inner, &action, can_take.as_ref(), budget, trusted)?;
        Ok(self.reached(inner, events, action))
    }

    /// The state after the legal move number `index` of `legal_moves()`,
    /// without checking it again (the fast path for a listed move); the
    /// native legality answers the C-OUT-5 chore.  IndexError when there is
    /// no such move.
    #[pyo3(signature = (index, *, budget = SEARCH_BUDGET))]
    fn apply_listed(&self, index: usize, budget: u64) -> PyResult<Self> {
        let action = self.listed_move(index, budget)?;
        let (inner, events) =
            apply::play_trusted(&self.inner, &action, budget).map_err(move_error)?;
        Ok(self.reached(inner, events, action))
    }

    /// The legal moves in notation, in the Python engine's order; listed
    /// once (within `budget` search nodes) and kept.
    #[pyo3(signature = (*, budget = SEARCH_BUDGET))]
    fn legal_moves(&self, budget: u64) -> PyResult<Vec<String>> {
        Ok(self
            .listing(budget)?
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    /// The legal move number `index` of `legal_moves()` in notation, without
    /// writing the others (the listing is kept); IndexError when there is none.
    #[pyo3(signature = (index, *, budget = SEARCH_BUDGET))]
    fn legal_move(&self, index: usize, budget: u64) -> PyResult<String> {
        Ok(self.listed_move(index, budget)?.to_string())
    }

    /// The legal moves (RULES E-1, E-2) as the package's action objects, in
    /// the Python engine's order; the same object for the same move every
    /// time (see `set_action_factory`).  Listed once and kept (the same
    /// tuple every time), as for `legal_moves`; past `budget` search nodes
    /// BudgetExceeded.
    #[pyo3(signature = (*, budget = SEARCH_BUDGET))]
    fn legal_actions<'py>(&self, py: Python<'py>, budget: u64) -> PyResult<Bound<'py, PyTuple>> {
        Ok(self.objects(py, budget)?.bind(py).clone())
    }

    /// The state after `action` when it is one of the objects of this
    /// state's `legal_actions()` (applied without checking it again, the
    /// native legality answering the C-OUT-5 chore), with its phase name and
    /// player: `(state, phase, player)`; otherwise None, and nothing is done.
    #[pyo3(signature = (action, *, budget = SEARCH_BUDGET))]
    fn play<'py>(
        &self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
        budget: u64,
    ) -> PyResult<Option<(Self, Bound<'py, PyString>, usize)>> {
        let objects = self.objects(py, budget)?.bind(py);
        let Some(index) = objects.iter().position(|o| o.is(action)) else {
            return Ok(None);
        };
        let m = self.listing(budget)?[index];
        let (inner, events) = apply::play_trusted(&self.inner, &m, budget).map_err(move_error)?;
        let phase = match inner.phase {
            Phase::Draw => pyo3::intern!(py, "draw"),
            Phase::Play => pyo3::intern!(py, "play"),
            Phase::Answer => pyo3::intern!(py, "answer"),
            Phase::GameOver => pyo3::intern!(py, "game_over"),
        }
        .clone();
        let player = inner.player;
        Ok(Some((self.reached(inner, events, m), phase, player)))
    }

    /// Whether the state keeps its listing (its legal moves were asked).
    #[getter]
    fn is_listed(&self) -> bool {
        self.listing.get().is_some()
    }

    /// The history of this state as the core keeps it: the package's history
    /// made so far (by `set_history`, for this state's line or one whose moves
    /// it shares; else None) and the moves made since, oldest first, each
    /// `(seat, action object, events as JSON text)`.
    fn history<'py>(&self, py: Python<'py>) -> PyResult<(Option<Py<PyAny>>, Bound<'py, PyList>)> {
        let line = self.line_lock();
        let (base, links) = line.history();
        let moves: Vec<Action> = links.iter().map(|l| *l.action()).collect();
        let objects = action_objects(py, &moves)?;
        let out = PyList::empty(py);
        for (link, object) in links.iter().zip(objects.iter()) {
            out.append((link.seat(), object, events_text(link.events())))?;
        }
        Ok((base.map(|b| b.clone_ref(py)), out))
    }

    /// Keep the package's history links made for the moves `history()` gave
    /// (oldest first; the last is this state's whole history): the states
    /// reached from this one, and those that share its moves, start from them.
    fn set_history(&self, made: Vec<Py<PyAny>>) {
        let mut line = self.line_lock();
        let started = line.made(made.into_iter().map(Arc::new).collect());
        let old = std::mem::replace(&mut *line, started);
        drop(line);
        drop(old);
    }

    /// How many legal moves there are (the listing is kept, as for `legal_moves`).
    #[pyo3(signature = (*, budget = SEARCH_BUDGET))]
    fn legal_count(&self, budget: u64) -> PyResult<usize> {
        Ok(self.listing(budget)?.len())
    }

    /// The state after `moves` (in notation), applied one after another in
    /// the core, each checked and applied as `apply` does; `can_take` as for
    /// `apply`.  The moves are read first: a bad one raises before any is applied.
    #[pyo3(signature = (moves, can_take = None, *, budget = SEARCH_BUDGET))]
    fn replay(
        &self,
        moves: Vec<String>,
        can_take: Option<Bound<'_, PyAny>>,
        budget: u64,
    ) -> PyResult<Self> {
        let actions = moves
            .iter()
            .map(|m| action::parse_action(m).map_err(value_error))
            .collect::<PyResult<Vec<_>>>()?;
        let mut state = PyNativeState {
            line: Mutex::new(self.line_lock().clone()),
            ..PyNativeState::made(self.inner.clone(), self.events.clone())
        };
        for a in &actions {
            let (inner, events) = step(&state.inner, a, can_take.as_ref(), budget, false)?;
            state = state.reached(inner, events, *a);
        }
        Ok(state)
    }

    /// Every field of the position but its rules, in the order of
    /// `kanasta.Position`'s fields, as plain values: cards as indices, melds
    /// as `(kind 0 set / 1 run, cards, rank, suit, low, wild index)`, the turn
    /// and the hand results as tuples of their fields (points in half points,
    /// names as text).  What a `kanasta.State` of this engine reads its fields from.
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        fields_raw(py, &self.inner)
    }

    /// "draw", "play", "answer" or "game_over".
    #[getter]
    fn phase(&self) -> &'static str {
        self.inner.phase.name()
    }

    /// The seat to act (in the answer phase, the partner who answers).
    #[getter]
    fn player(&self) -> usize {
        self.inner.player
    }

    /// Whether the game is over.
    #[getter]
    fn is_game_over(&self) -> bool {
        self.inner.phase == Phase::GameOver
    }

    /// Equal positions (events are not part of a position, as in Python).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyNativeState>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    /// Pickled as its position document (the events are not kept).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<PyNativeState>().getattr("from_json")?;
        Ok((from_json, (self.to_json(),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<NativeState hand {}, seat {} to {}>",
            self.inner.hand_number,
            self.inner.player,
            self.inner.phase.name()
        )
    }
}

// ------------------------------------------------------------ raw export

/// A value as a Python object.
fn any<'py, T: IntoPyObjectExt<'py>>(py: Python<'py>, value: T) -> PyResult<Bound<'py, PyAny>> {
    value.into_bound_py_any(py)
}

/// A tuple of the items made by `f`.
fn tuple_of<'py, T>(
    py: Python<'py>,
    items: impl IntoIterator<Item = T>,
    f: impl Fn(T) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let items = items.into_iter().map(f).collect::<PyResult<Vec<_>>>()?;
    Ok(PyTuple::new(py, items)?.into_any())
}

/// A meld as `(kind 0 set / 1 run, cards, rank or None, suit or None, low, wild index or None)`.
fn meld_raw<'py>(py: Python<'py>, m: &TableMeld) -> PyResult<Bound<'py, PyAny>> {
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

fn melds_raw<'py, 'a>(
    py: Python<'py>,
    teams: impl IntoIterator<Item = &'a [TableMeld]>,
) -> PyResult<Bound<'py, PyAny>> {
    tuple_of(py, teams, |team| tuple_of(py, team, |m| meld_raw(py, m)))
}

fn turn_raw<'py>(py: Python<'py>, t: &Turn) -> PyResult<Bound<'py, PyAny>> {
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

fn team_raw<'py>(py: Python<'py>, t: &TeamScore) -> PyResult<Bound<'py, PyAny>> {
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

fn result_raw<'py>(py: Python<'py>, r: &HandResult) -> PyResult<Bound<'py, PyAny>> {
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

/// Every field of a position but its rules, in `kanasta.Position`'s order, as
/// plain tuples (see `NativeState.fields`).
fn fields_raw<'py>(py: Python<'py>, s: &State) -> PyResult<Bound<'py, PyTuple>> {
    let n = s.rules.players;
    let teams = s.rules.teams();
    let hands: Vec<Vec<Card>> = s.hands[..n].iter().map(|h| h.cards()).collect();
    let packets: Vec<Vec<Card>> = s.packets().iter().map(|p| p.cards()).collect();
    let reds: Vec<Vec<Card>> = s.red_threes[..teams]
        .iter()
        .map(|r| r.as_slice().to_vec())
        .collect();
    let items = [
        any(py, s.seed)?,
        any(py, s.hand_number)?,
        any(py, s.dealer)?,
        PyTuple::new(py, &s.scores[..teams])?.into_any(),
        nested_tuple(py, &hands)?.into_any(),
        cards_tuple(py, s.stock())?.into_any(),
        cards_tuple(py, &s.pile)?.into_any(),
        any(py, s.pile_frozen)?,
        melds_raw(py, s.melds[..teams].iter().map(|m| m.as_slice()))?,
        nested_tuple(py, &reds)?.into_any(),
        nested_tuple(py, &packets)?.into_any(),
        PyTuple::new(py, &s.packets_taken[..teams])?.into_any(),
        any(py, s.trump)?,
        PyTuple::new(py, &s.opened[..teams])?.into_any(),
        PyTuple::new(py, &s.melded_this_hand[..n])?.into_any(),
        any(py, s.player)?,
        any(py, s.phase.name())?,
        turn_raw(py, &s.turn)?,
        any(py, s.winner)?,
        tuple_of(py, s.hand_results.iter(), |r| result_raw(py, r))?,
        any(py, s.hand_moves)?,
    ];
    PyTuple::new(py, items)
}

/// The native core of kanasta (internal; see the package documentation).
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDeal>()?;
    m.add_class::<PyMeld>()?;
    m.add_class::<PyMeldRules>()?;
    m.add_class::<PyNativeState>()?;
    m.add_function(wrap_pyfunction!(set_action_factory, m)?)?;
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    m.add_function(wrap_pyfunction!(stream_values, m)?)?;
    m.add_function(wrap_pyfunction!(shuffled_indices, m)?)?;
    m.add_function(wrap_pyfunction!(deck, m)?)?;
    m.add_function(wrap_pyfunction!(first_dealer, m)?)?;
    m.add_function(wrap_pyfunction!(deal_hand, m)?)?;
    crate::legal::python::register(m)?;
    Ok(())
}
