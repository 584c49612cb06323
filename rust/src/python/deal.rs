//! The deal and the random stream for `kanasta._core` (the Python engine's
//! `kanasta._rng` and its deal): the `Deal` class, the stream's values and
//! shuffles, the deck, the first dealer, dealing a hand.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::convert::{cards_tuple, nested_tuple};
use crate::cards::{self, Card, DECK_SIZE};
use crate::engine::deal::{self, Deal, DealRules};
use crate::rng;

/// A dealt hand (the Python engine's `_deal`): hands, packets, stock, upcard, red 3s.
#[pyclass(frozen, module = "kanasta._core._testing", name = "Deal")]
pub(super) struct PyDeal {
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
pub(super) fn stream_values(seed: u64, labels: Vec<u64>, count: usize) -> Vec<u64> {
    let mut g = rng::stream(seed, &labels);
    (0..count).map(|_| g.next_u64()).collect()
}

/// `range(n)` shuffled by the stream `(seed, *labels)`.
#[pyfunction]
pub(super) fn shuffled_indices(seed: u64, labels: Vec<u64>, n: usize) -> Vec<usize> {
    let mut items: Vec<usize> = (0..n).collect();
    rng::shuffle(&mut items, &mut rng::stream(seed, &labels));
    items
}

/// The 108 card indices of a game's deck in canonical order.
#[pyfunction]
pub(super) fn deck(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    cards_tuple(py, &cards::deck())
}

pub(super) fn check_players(players: usize) -> PyResult<()> {
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
pub(super) fn first_dealer(seed: u64, players: usize) -> PyResult<usize> {
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
pub(super) fn deal_hand(
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
