//! Bindings of the greedy rollout policy (`crate::bots::greedy`) for
//! `kanasta.rl.vector.rollouts(policy="greedy")` and its tests.

use numpy::PyArray1;
use pyo3::prelude::*;

use super::state::value_error;
use super::state::PyNativeState;
use crate::bots::greedy::{self, greedy_choice, Limits};
use crate::legality::{legal_moves_within, SEARCH_BUDGET};
use crate::position::{State, MAX_SEATS};
use crate::rl::vector::Threads;
use crate::view::memory::Memory;

/// The memory of `known` (by seat, the card indices the seat is known to hold) for `state`.
fn memory(state: &State, known: &[Vec<u8>]) -> PyResult<Memory> {
    let mut out = Memory::default();
    if known.len() > state.rules.players {
        return Err(value_error(format!(
            "known: {} seats for a game of {}",
            known.len(),
            state.rules.players
        )));
    }
    for (seat, cards) in known.iter().enumerate().take(MAX_SEATS) {
        for &c in cards {
            let slot = out.known[seat]
                .get_mut(usize::from(c))
                .ok_or_else(|| value_error(format!("known: no card index {c}")))?;
            *slot = slot.saturating_add(1);
        }
    }
    Ok(out)
}

/// The index in the state's listing of GreedyBot's move, each seat known to hold `known[seat]`.
#[pyfunction]
pub(super) fn greedy_choice_index(
    state: PyRef<'_, PyNativeState>,
    known: Vec<Vec<u8>>,
) -> PyResult<usize> {
    let s = &*state.inner;
    let memory = memory(s, &known)?;
    let listing = legal_moves_within(s, SEARCH_BUDGET)
        .0
        .map_err(|_| value_error("the listing is past the work budget"))?;
    if listing.is_empty() {
        return Err(value_error("no legal move: the game is over"));
    }
    Ok(greedy_choice(s, &listing, &memory.known))
}

/// One greedy rollout of each state (for team `teams[s]`, its seats known to hold
/// `known[s]`) on `num_threads` threads: the score differences and the moves played in all.
#[pyfunction]
#[pyo3(signature = (states, teams, known, *, num_threads = 1, max_moves = 100_000, horizon = None, progress = 0.0))]
#[allow(clippy::too_many_arguments)]
pub(super) fn greedy_rollouts<'py>(
    py: Python<'py>,
    states: Vec<PyRef<'py, PyNativeState>>,
    teams: Vec<usize>,
    known: Vec<Vec<Vec<u8>>>,
    num_threads: usize,
    max_moves: u64,
    horizon: Option<u64>,
    progress: f64,
) -> PyResult<(Bound<'py, PyArray1<f64>>, u64)> {
    if teams.len() != states.len() || known.len() != states.len() {
        return Err(value_error("need one team and one known list per state"));
    }
    let mut memories = Vec::with_capacity(states.len());
    for (s, ((&team, state), cards)) in teams.iter().zip(&states).zip(&known).enumerate() {
        if team >= state.inner.rules.teams() {
            return Err(value_error(format!("state {s}: no team {team}")));
        }
        memories
            .push(memory(&state.inner, cards).map_err(|e| value_error(format!("state {s}: {e}")))?);
    }
    let threads = Threads::shared(num_threads).map_err(value_error)?;
    let refs: Vec<&State> = states.iter().map(|s| &*s.inner).collect();
    let limits = Limits {
        horizon,
        progress,
        max_moves,
    };
    let out = py.detach(|| greedy::greedy_rollouts(&refs, &teams, &memories, &limits, &threads));
    let moves = out.iter().map(|o| o.moves).sum();
    let values: Vec<f64> = out.iter().map(|o| o.value).collect();
    Ok((PyArray1::from_vec(py, values), moves))
}
