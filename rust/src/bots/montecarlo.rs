//! The rollouts of Monte Carlo search (the search bot of the Python
//! `kanasta.bots.montecarlo` plays them through `kanasta.rl.vector.rollouts`):
//! one loop that plays a hand out under a [`Policy`] (random here, greedy in
//! [`super::greedy`]), and random rollouts to the hand's end, many at once on
//! a thread pool.
//!
//! A rollout plays uniformly random legal moves (each move of the listing
//! equally likely) from a state until the hand in progress ends, and gives the
//! hand's score difference for one team: its hand total less the best other
//! team's.  Rollout `j` of state `s` draws its moves from the library's
//! stream `(seed, s, j)` (`crate::rng::stream`), move `m` of a listing of `k`
//! moves when it gives `m` below `k`: the results depend on the seed only,
//! not on the threads.
//!
//! A rollout plays the state it is given, every card of it: a search for one
//! seat must give it states whose hidden cards were sampled from that seat's
//! view, never the true state.

use rayon::prelude::*;

use crate::actions::Action;
use crate::engine::apply::play_trusted_in_place;
use crate::legality::{legal_moves_within, SEARCH_BUDGET};
use crate::position::{Event, Phase, State};
use crate::rl::vector::Threads;
use crate::rng::{stream, SplitMix64};
use crate::rules::Rules;

/// Rollouts handed to a thread at a time.
const MIN_PER_TASK: usize = 4;

/// How one rollout ended: the score difference (NaN when the hand could not be
/// finished: a listing past the work budget, or `max_moves` moves made) and the
/// moves it made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    pub value: f64,
    pub moves: u64,
}

/// How a rollout picks its moves (and what it follows of them).
pub trait Policy {
    /// Before a move, `moves` moves into the rollout: Some(value) ends the rollout there.
    fn cut(&mut self, _s: &State, _moves: u64) -> Option<f64> {
        None
    }
    /// The index of the move to play in the non-empty `listing` of `s` (None: give up).
    fn choose(&mut self, s: &State, listing: &[Action]) -> Option<usize>;
    /// `seat`'s move `action` was played and made `events`.
    fn seen(&mut self, _rules: &Rules, _seat: usize, _action: &Action, _events: &[Event]) {}
}

/// Uniformly random legal moves, from one stream of the library's generator.
struct Random<'a>(&'a mut SplitMix64);

impl Policy for Random<'_> {
    fn choose(&mut self, _s: &State, listing: &[Action]) -> Option<usize> {
        Some(self.0.below(listing.len() as u64) as usize)
    }
}

/// `values[team]` less the best other team's value.
pub fn difference(values: &[f64], team: usize) -> f64 {
    let best_other = values
        .iter()
        .enumerate()
        .filter(|&(t, _)| t != team)
        .map(|(_, &v)| v)
        .fold(f64::NEG_INFINITY, f64::max);
    values[team] - best_other
}

/// Play `policy`'s moves from `start` until its hand ends, at most `max_moves` of them;
/// value the hand for `team` (NaN when it cannot be finished: a listing past the work
/// budget, no legal move, `max_moves` moves made, or the game over at the start).
pub fn play_out_hand(
    start: &State,
    team: usize,
    max_moves: u64,
    policy: &mut impl Policy,
) -> Outcome {
    let hands = start.hand_results.len();
    let mut s = start.clone();
    let mut events: Vec<Event> = Vec::new();
    let mut moves = 0;
    let nan = |moves| Outcome {
        value: f64::NAN,
        moves,
    };
    while s.hand_results.len() == hands && s.phase != Phase::GameOver {
        if let Some(value) = policy.cut(&s, moves) {
            return Outcome { value, moves };
        }
        if moves >= max_moves {
            return nan(moves);
        }
        let Ok(listing) = legal_moves_within(&s, SEARCH_BUDGET).0 else {
            return nan(moves);
        };
        if listing.is_empty() {
            return nan(moves);
        }
        let Some(action) = policy.choose(&s, &listing).and_then(|i| listing.get(i)) else {
            return nan(moves);
        };
        let seat = s.player;
        events.clear();
        if play_trusted_in_place(&mut s, action, SEARCH_BUDGET, &mut events).is_err() {
            return nan(moves);
        }
        policy.seen(&s.rules, seat, action, &events);
        moves += 1;
    }
    let Some(result) = s.hand_results.get(hands) else {
        return nan(moves); // the game was over at the start: no hand to finish
    };
    let totals: Vec<f64> = result.teams.iter().map(|t| t.total as f64).collect();
    Outcome {
        value: difference(&totals, team),
        moves,
    }
}

/// Play random moves from `start` until its hand ends; value it for `team`.
pub fn random_rollout(start: &State, team: usize, g: &mut SplitMix64, max_moves: u64) -> Outcome {
    play_out_hand(start, team, max_moves, &mut Random(g))
}

/// `count` random rollouts of each of `states` (state `s` valued for `teams[s]`), on
/// `threads`: the outcomes by state, then rollout.
pub fn rollouts(
    states: &[&State],
    teams: &[usize],
    count: usize,
    seed: u64,
    max_moves: u64,
    threads: &Threads,
) -> Vec<Outcome> {
    let jobs = states.len() * count;
    threads.install(|| {
        (0..jobs)
            .into_par_iter()
            .with_min_len(MIN_PER_TASK)
            .map(|job| {
                let (s, j) = (job / count, job % count);
                let mut g = stream(seed, &[s as u64, j as u64]);
                random_rollout(states[s], teams[s], &mut g, max_moves)
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use std::sync::Arc;

    #[test]
    fn rollouts_end_the_hand_and_do_not_depend_on_the_threads() {
        let (s, _) = State::new_game(Arc::new(Rules::classic(4).unwrap()), 5);
        let one = rollouts(&[&s, &s], &[0, 1], 6, 3, 100_000, &Threads::new(1).unwrap());
        let two = rollouts(&[&s, &s], &[0, 1], 6, 3, 100_000, &Threads::new(2).unwrap());
        assert_eq!(one.len(), 12);
        assert!(one
            .iter()
            .zip(&two)
            .all(|(a, b)| a.value.to_bits() == b.value.to_bits()));
        assert!(one.iter().all(|o| o.value.is_finite() && o.moves > 0));
        // the two states are the same; the streams differ by state, so state 1's rollout 0
        // is a different game from state 0's rollout 0 (their values are for other teams anyway)
        let mut g = stream(3, &[0, 0]);
        assert_eq!(random_rollout(&s, 0, &mut g, 100_000), one[0]);
    }

    #[test]
    fn a_rollout_cut_short_is_nan() {
        let (s, _) = State::new_game(Arc::new(Rules::classic(4).unwrap()), 5);
        let mut g = SplitMix64::new(1);
        let out = random_rollout(&s, 0, &mut g, 3);
        assert!(out.value.is_nan());
        assert_eq!(out.moves, 3);
    }
}
