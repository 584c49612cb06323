//! Bindings of the batched env (`crate::rl::vector`) and the rollouts
//! (`crate::bots::montecarlo`) for `kanasta.rl.vector`.
//!
//! The env owns its NumPy arrays (made once, written in place at every step,
//! from the pool's threads, with the GIL released); the Python class hands
//! them out read-only or copied.  Action ids come in as an int64 array.

use std::sync::Arc;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::errors::IllegalMove;
use super::state::value_error;
use super::state::PyNativeState;
use crate::bots::montecarlo;
use crate::position::State;
use crate::rl::actions::NUM_ACTIONS;
use crate::rl::vector::{Config, Threads, VectorEnv};
use crate::rules::Rules;

/// The rules `text` names: a preset's name or the JSON text of `Rules.to_dict()`.
fn read_rules(text: &str) -> PyResult<Rules> {
    match Rules::preset(text) {
        Some(r) => Ok(r),
        None => {
            let data: serde_json::Value =
                serde_json::from_str(text).map_err(|e| value_error(format!("rules: {e}")))?;
            Rules::from_value(&data).map_err(value_error)
        }
    }
}

fn pool(count: usize) -> PyResult<Arc<Threads>> {
    Threads::shared(count).map_err(value_error)
}

fn contiguous<E: std::fmt::Display>(e: E) -> PyErr {
    PyValueError::new_err(format!("the env's arrays: {e}"))
}

/// `num_envs` games of one set of rules stepped together on `num_threads` threads.
#[pyclass(module = "kanasta._core", name = "VectorEnv")]
pub(crate) struct PyVectorEnv {
    env: VectorEnv,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<i8>>,
    players: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f64>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    actions: Py<PyArray1<i64>>,
}

impl PyVectorEnv {
    /// Copy the small per-game results (player, rewards, flags) into their arrays.
    fn write_results(&self, py: Python<'_>) -> PyResult<()> {
        let players = self.players.bind(py);
        self.env
            .players(players.readwrite().as_slice_mut().map_err(contiguous)?);
        let rewards = self.rewards.bind(py);
        self.env
            .rewards(rewards.readwrite().as_slice_mut().map_err(contiguous)?);
        let (terminated, truncated) = (self.terminated.bind(py), self.truncated.bind(py));
        self.env.flags(
            terminated.readwrite().as_slice_mut().map_err(contiguous)?,
            truncated.readwrite().as_slice_mut().map_err(contiguous)?,
        );
        Ok(())
    }
}

#[pymethods]
impl PyVectorEnv {
    /// The env of `rules` (a preset's name or the JSON text of `Rules.to_dict()`).
    #[new]
    #[pyo3(signature = (rules, num_envs, *, num_threads = 1, max_moves = None, score_scale = 1000.0, memory = false))]
    fn new(
        py: Python<'_>,
        rules: &str,
        num_envs: usize,
        num_threads: usize,
        max_moves: Option<u64>,
        score_scale: f64,
        memory: bool,
    ) -> PyResult<Self> {
        let rules = Arc::new(read_rules(rules)?);
        let teams = rules.teams();
        let config = Config {
            max_moves,
            score_scale,
            memory,
        };
        let threads = pool(num_threads)?;
        let env = py
            .detach(|| VectorEnv::new(rules, num_envs, threads, config))
            .map_err(value_error)?;
        let size = env.observation_size();
        let n = num_envs;
        Ok(PyVectorEnv {
            observations: PyArray2::zeros(py, [n, size], false).unbind(),
            masks: PyArray2::zeros(py, [n, NUM_ACTIONS], false).unbind(),
            players: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, [n, teams], false).unbind(),
            terminated: PyArray1::from_vec(py, vec![false; n]).unbind(),
            truncated: PyArray1::from_vec(py, vec![false; n]).unbind(),
            actions: PyArray1::zeros(py, n, false).unbind(),
            env,
        })
    }

    /// Deal every game's first game from `seed` (game `k` of slot `i`: `seed + i + k * num_envs`).
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        {
            let (obs, masks) = (self.observations.bind(py), self.masks.bind(py));
            let (mut obs, mut masks) = (obs.readwrite(), masks.readwrite());
            let o = obs.as_slice_mut().map_err(contiguous)?;
            let m = masks.as_slice_mut().map_err(contiguous)?;
            let env = &mut self.env;
            py.detach(|| env.reset(seed, o, m));
        }
        self.write_results(py)
    }

    /// Take one id in every game (an int64 array of `num_envs`); IllegalMove (a bad id,
    /// nothing changed) or ValueError (the wrong number of ids).
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let ids = actions.as_slice().map_err(contiguous)?;
        {
            let (obs, masks) = (self.observations.bind(py), self.masks.bind(py));
            let (mut obs, mut masks) = (obs.readwrite(), masks.readwrite());
            let o = obs.as_slice_mut().map_err(contiguous)?;
            let m = masks.as_slice_mut().map_err(contiguous)?;
            let env = &mut self.env;
            py.detach(|| env.step(ids, o, m)).map_err(|bad| {
                if bad.out_of_space {
                    PyValueError::new_err(bad.message)
                } else {
                    IllegalMove::new_err(("E-1", bad.message))
                }
            })?;
        }
        self.write_results(py)
    }

    /// A uniformly random legal id for every game (the env's own int64 array, rewritten each call).
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let out = self.actions.bind(py).clone();
        self.env
            .random_actions(out.readwrite().as_slice_mut().map_err(contiguous)?);
        Ok(out)
    }

    /// The observations, `[num_envs, observation_size]` float32 (the env's own array).
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.observations.bind(py).clone()
    }

    /// The legal masks, `[num_envs, 100]` int8.
    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        self.masks.bind(py).clone()
    }

    /// The seat to act in each game, int64.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.players.bind(py).clone()
    }

    /// The last step's rewards, `[num_envs, teams]` float64.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        self.rewards.bind(py).clone()
    }

    /// Whether the last step ended each game.
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.terminated.bind(py).clone()
    }

    /// Whether the last step cut each game.
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncated.bind(py).clone()
    }

    /// The seed of each game now.
    fn game_seeds(&self) -> Vec<u64> {
        self.env.game_seeds()
    }

    /// The moves each game has made.
    fn moves(&self) -> Vec<u64> {
        self.env.moves()
    }

    /// The ids chosen so far in the move of game `index`.
    fn pending(&self, index: usize) -> PyResult<Vec<u8>> {
        self.env
            .game(index)
            .map(|(_, p)| p.to_vec())
            .ok_or_else(|| value_error(format!("no game {index}")))
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.env.len()
    }

    #[getter]
    fn num_threads(&self) -> usize {
        self.env.threads().count()
    }

    #[getter]
    fn observation_size(&self) -> usize {
        self.env.observation_size()
    }
}

/// `count` random rollouts of each state to its hand's end on `num_threads` threads: the
/// score differences (`[len(states), count]` float64, state `s` for team `teams[s]`) and
/// the moves played in all.
#[pyfunction]
#[pyo3(signature = (states, teams, count, *, seed, num_threads = 1, max_moves = 100_000))]
pub(super) fn rollouts<'py>(
    py: Python<'py>,
    states: Vec<PyRef<'py, PyNativeState>>,
    teams: Vec<usize>,
    count: usize,
    seed: u64,
    num_threads: usize,
    max_moves: u64,
) -> PyResult<(Bound<'py, PyArray2<f64>>, u64)> {
    if teams.len() != states.len() {
        return Err(value_error("need one team per state"));
    }
    for (s, (&team, state)) in teams.iter().zip(&states).enumerate() {
        if team >= state.inner.rules.teams() {
            return Err(value_error(format!("state {s}: no team {team}")));
        }
    }
    let threads = pool(num_threads)?;
    let refs: Vec<&State> = states.iter().map(|s| &*s.inner).collect();
    let out = py.detach(|| montecarlo::rollouts(&refs, &teams, count, seed, max_moves, &threads));
    let moves = out.iter().map(|o| o.moves).sum();
    let values: Vec<f64> = out.iter().map(|o| o.value).collect();
    let array = PyArray1::from_vec(py, values).reshape([states.len(), count])?;
    Ok((array, moves))
}
