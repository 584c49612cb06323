//! Many games of one set of rules stepped together, one action id per game
//! per step, on a thread pool (`kanasta.rl.vector.VectorEnv`).
//!
//! Each game sits in a *slot*: its state, its listing and tree of decisions
//! ([`Decisions`]), the ids chosen so far in the current move, and what its
//! last step gave (the rewards by team, whether the game ended or was cut).
//! The `k`-th game of slot `i` is dealt with the seed `seed + i + k * n`
//! (wrapping), so a slot's games depend only on the seed, never on the
//! number of threads or on the other slots: the batch is the same for any
//! pool.  A finished game is replaced by the slot's next one in the same
//! step (the observation written is the new game's first).
//!
//! A step checks every id of the batch first and changes nothing when one is
//! not legal in its game ([`BadAction`]).  The observation (the tensor of
//! [`crate::rl::observation`], of the seat to act only) and the legal mask
//! are written into the caller's slices, one stretch per slot, in parallel.

use std::sync::{Arc, Mutex, PoisonError};

use rayon::prelude::*;

use crate::actions::Action;
use crate::engine::apply::play_trusted_in_place;
use crate::legality::{legal_moves_within, SEARCH_BUDGET};
use crate::position::{Event, Phase, State, MAX_SEATS};
use crate::rl::actions::{id_name, Decisions, IdSet, Spelling, NUM_ACTIONS};
use crate::rl::observation;
use crate::rng::{stream, SplitMix64};
use crate::rules::Rules;
use crate::view::memory::Memory;
use crate::view::seen::SeatView;

/// Slots handed to a thread at a time (fewer hand-offs than one slot each).
const MIN_SLOTS_PER_TASK: usize = 8;
/// The label of a slot's stream of random legal actions ([`VectorEnv::random_actions`]).
const RANDOM_ACTIONS: u64 = 0x7261_6e64_6f6d;

/// A thread pool of a chosen size: every parallel loop of the batch runs on it.
pub struct Threads {
    pool: rayon::ThreadPool,
    count: usize,
}

impl Threads {
    /// A pool of `count` threads (at least 1).
    pub fn new(count: usize) -> Result<Threads, String> {
        if count == 0 {
            return Err("num_threads: must be at least 1, not 0".into());
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .thread_name(|i| format!("kanasta-{i}"))
            .build()
            .map_err(|e| format!("num_threads: {e}"))?;
        Ok(Threads { pool, count })
    }

    /// A pool of `count` threads shared by every caller that asks for that many (made once).
    pub fn shared(count: usize) -> Result<Arc<Threads>, String> {
        static POOLS: Mutex<Vec<Arc<Threads>>> = Mutex::new(Vec::new());
        let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(pool) = pools.iter().find(|p| p.count == count) {
            return Ok(Arc::clone(pool));
        }
        let pool = Arc::new(Threads::new(count)?);
        pools.push(Arc::clone(&pool));
        Ok(pool)
    }

    /// The number of threads.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Run `work` on the pool.
    pub fn install<R: Send>(&self, work: impl FnOnce() -> R + Send) -> R {
        self.pool.install(work)
    }
}

/// How the games are played and rewarded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// A game is cut (truncated) after this many moves (not ids); None: never.
    pub max_moves: Option<u64>,
    /// A hand's score difference is divided by this in the rewards.
    pub score_scale: f64,
    /// Whether the observations have the memory blocks ([`crate::view::memory`]).
    pub memory: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_moves: None,
            score_scale: 1000.0,
            memory: false,
        }
    }
}

/// An action id of the batch that its game cannot take: the slot, the id and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadAction {
    pub slot: usize,
    pub id: i64,
    /// Whether the id is outside the action space (0 to 99) rather than illegal in its game.
    pub out_of_space: bool,
    pub message: String,
}

/// One slot: a game in progress and what its last step gave.
#[derive(Clone)]
struct Slot {
    state: State,
    listing: Vec<Action>,
    tree: Decisions,
    /// The ids that may follow `pending` now.
    legal: IdSet,
    pending: Spelling,
    /// The seed of the game in the slot, and how many games the slot has started.
    seed: u64,
    games: u64,
    /// Moves made in this game.
    moves: u64,
    events: Vec<Event>,
    /// The game's public memory (followed only when the observations show it).
    memory: Memory,
    random: SplitMix64,
    reward: [f64; MAX_SEATS],
    terminated: bool,
    truncated: bool,
}

impl Slot {
    /// The `k`-th game of slot `i` of `n`: its seed.
    fn game_seed(base: u64, i: usize, n: usize, k: u64) -> u64 {
        base.wrapping_add(i as u64)
            .wrapping_add(k.wrapping_mul(n as u64))
    }

    fn new(rules: &Arc<Rules>, base: u64, i: usize, n: usize) -> Slot {
        let mut slot = Slot {
            state: State::blank(Arc::clone(rules), 0, 0),
            listing: Vec::new(),
            tree: Decisions::default(),
            legal: IdSet::default(),
            pending: Spelling::default(),
            seed: 0,
            games: 0,
            moves: 0,
            events: Vec::new(),
            memory: Memory::default(),
            random: stream(base, &[RANDOM_ACTIONS, i as u64]),
            reward: [0.0; MAX_SEATS],
            terminated: false,
            truncated: false,
        };
        slot.next_game(rules, base, i, n);
        slot
    }

    /// Deal the slot's next game (skipping, in the unlikely case, one whose first listing
    /// is past the work budget).
    fn next_game(&mut self, rules: &Arc<Rules>, base: u64, i: usize, n: usize) {
        loop {
            self.seed = Slot::game_seed(base, i, n, self.games);
            self.games += 1;
            let (state, _) = State::new_game(Arc::clone(rules), self.seed);
            self.state = state;
            self.moves = 0;
            self.memory.clear();
            if self.relist() {
                return;
            }
        }
    }

    /// List the state's moves and build their tree; false when the listing is past the budget.
    fn relist(&mut self) -> bool {
        self.pending = Spelling::default();
        match legal_moves_within(&self.state, SEARCH_BUDGET).0 {
            Ok(moves) => {
                self.tree.rebuild(&moves);
                self.listing = moves;
                self.legal = self.tree.next_ids(&[]);
                true
            }
            Err(_) => false,
        }
    }

    /// Take the id `id` (checked legal), ending the move when it completes one; true when
    /// it only extends the move (the position is the same, one more id pending).
    fn step(&mut self, id: u8, config: &Config, base: u64, i: usize, n: usize) -> bool {
        self.reward = [0.0; MAX_SEATS];
        self.terminated = false;
        self.truncated = false;
        // `id` is legal after the pending ids (checked): the longer sequence is a move or starts one
        self.pending.push(id);
        let Some(k) = self.tree.find(&self.pending) else {
            self.legal = self.tree.next_ids(&self.pending);
            return true;
        };
        let action = self.listing[k];
        self.play(&action, config);
        if self.terminated || self.truncated {
            let rules = Arc::clone(&self.state.rules);
            self.next_game(&rules, base, i, n);
        }
        false
    }

    /// Apply a listed move: the rewards of the hands (and game) it ended, the game's end or cut.
    fn play(&mut self, action: &Action, config: &Config) {
        let hands_before = self.state.hand_results.len();
        let seat = self.state.player;
        self.events.clear();
        if play_trusted_in_place(&mut self.state, action, SEARCH_BUDGET, &mut self.events).is_err()
        {
            self.truncated = true; // a chore past the work budget: the game cannot go on
            return;
        }
        self.moves += 1;
        if config.memory {
            self.memory
                .record(&self.state.rules, seat, action, &self.events);
        }
        let teams = self.state.rules.teams();
        for result in &self.state.hand_results[hands_before..] {
            let totals: Vec<i64> = result.teams.iter().map(|t| t.total).collect();
            let sum: i64 = totals.iter().sum();
            for (t, &own) in totals.iter().enumerate().take(teams) {
                let others = (sum - own) as f64 / (teams - 1) as f64;
                self.reward[t] += (own as f64 - others) / config.score_scale;
            }
        }
        if self.state.phase == Phase::GameOver {
            let winner = self.state.winner;
            for (t, r) in self.reward.iter_mut().enumerate().take(teams) {
                *r += if Some(t) == winner {
                    1.0
                } else {
                    -1.0 / (teams - 1) as f64
                };
            }
            self.terminated = true;
        } else if config.max_moves.is_some_and(|m| self.moves >= m) || !self.relist() {
            self.truncated = true;
        }
    }

    /// Write the observation of the seat to act (with the memory blocks when `memory`) and
    /// the legal mask.
    fn write(&self, obs: &mut [f32], mask: &mut [i8], memory: bool) {
        let seat = self.state.player;
        let view = SeatView::new(&self.state, seat).expect("the seat to act is a seat");
        let remembered = memory.then_some(&self.memory);
        observation::encode(&view, &self.pending, remembered, obs);
        self.write_mask(mask);
    }

    /// Write the legal mask.
    fn write_mask(&self, mask: &mut [i8]) {
        let bits = self.legal.0;
        for (id, flag) in mask.iter_mut().enumerate().take(NUM_ACTIONS) {
            *flag = (bits >> id & 1) as i8;
        }
    }

    /// Why `id` cannot be taken now, if it cannot.
    fn refuse(&self, slot: usize, id: i64) -> Option<BadAction> {
        let (in_space, legal) = match u8::try_from(id) {
            Ok(b) if usize::from(b) < NUM_ACTIONS => (true, self.legal.contains(b)),
            _ => (false, false),
        };
        if legal {
            return None;
        }
        let message = if in_space {
            let after: Vec<String> = self.pending.iter().map(|&p| id_name(p)).collect();
            format!(
                "game {slot}: id {id} ({}) continues no legal move after [{}]",
                id_name(id as u8),
                after.join(", ")
            )
        } else {
            format!(
                "game {slot}: an action id must be from 0 to {}, not {id}",
                NUM_ACTIONS - 1
            )
        };
        Some(BadAction {
            slot,
            id,
            out_of_space: !in_space,
            message,
        })
    }
}

/// `n` games of one set of rules, stepped together (see the module's documentation).
pub struct VectorEnv {
    rules: Arc<Rules>,
    config: Config,
    seed: u64,
    n: usize,
    slots: Vec<Slot>,
    threads: Arc<Threads>,
}

impl VectorEnv {
    /// `n` games of `rules` (dealt from seed 0 until [`VectorEnv::reset`]), stepped on `threads`.
    pub fn new(
        rules: Arc<Rules>,
        n: usize,
        threads: Arc<Threads>,
        config: Config,
    ) -> Result<Self, String> {
        if n == 0 {
            return Err("num_envs: must be at least 1, not 0".into());
        }
        if !(config.score_scale.is_finite() && config.score_scale > 0.0) {
            return Err(format!(
                "score_scale: must be a finite number above 0, not {}",
                config.score_scale
            ));
        }
        if config.max_moves == Some(0) {
            return Err("max_moves: must be None or at least 1, not 0".into());
        }
        let mut env = VectorEnv {
            rules,
            config,
            seed: 0,
            n,
            slots: Vec::new(),
            threads,
        };
        env.deal(0);
        Ok(env)
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Always false: an env has at least one game.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The length of one observation.
    pub fn observation_size(&self) -> usize {
        observation::size(self.rules.players, self.rules.teams(), self.config.memory)
    }

    /// The rules.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The threads.
    pub fn threads(&self) -> &Threads {
        &self.threads
    }

    fn deal(&mut self, seed: u64) {
        let n = self.n;
        let rules = &self.rules;
        self.seed = seed;
        self.slots = self.threads.install(|| {
            (0..n)
                .into_par_iter()
                .with_min_len(MIN_SLOTS_PER_TASK)
                .map(|i| Slot::new(rules, seed, i, n))
                .collect()
        });
    }

    /// Deal every slot's first game from `seed` and write the observations and masks.
    pub fn reset(&mut self, seed: u64, obs: &mut [f32], mask: &mut [i8]) {
        self.deal(seed);
        self.write_all(obs, mask);
    }

    fn write_all(&self, obs: &mut [f32], mask: &mut [i8]) {
        let size = self.observation_size();
        let memory = self.config.memory;
        self.threads.install(|| {
            self.slots
                .par_iter()
                .zip(obs.par_chunks_mut(size))
                .zip(mask.par_chunks_mut(NUM_ACTIONS))
                .with_min_len(MIN_SLOTS_PER_TASK)
                .for_each(|((slot, o), m)| slot.write(o, m, memory));
        });
    }

    /// The first id of `actions` (one per slot) that its game cannot take, if any.
    pub fn check(&self, actions: &[i64]) -> Result<(), BadAction> {
        if actions.len() != self.slots.len() {
            return Err(BadAction {
                slot: 0,
                id: 0,
                out_of_space: true,
                message: format!(
                    "need one action id per game ({}), got {}",
                    self.slots.len(),
                    actions.len()
                ),
            });
        }
        match self
            .slots
            .iter()
            .zip(actions)
            .enumerate()
            .find_map(|(i, (slot, &id))| slot.refuse(i, id))
        {
            Some(bad) => Err(bad),
            None => Ok(()),
        }
    }

    /// Take one id in every game (all checked first: a bad one changes nothing), replace
    /// the games that ended, and write every slot's observation and mask.
    pub fn step(
        &mut self,
        actions: &[i64],
        obs: &mut [f32],
        mask: &mut [i8],
    ) -> Result<(), BadAction> {
        self.check(actions)?;
        let (config, seed, n) = (self.config, self.seed, self.slots.len());
        let size = self.observation_size();
        let slots = &mut self.slots;
        self.threads.install(|| {
            slots
                .par_iter_mut()
                .zip(actions.par_iter())
                .zip(obs.par_chunks_mut(size))
                .zip(mask.par_chunks_mut(NUM_ACTIONS))
                .enumerate()
                .with_min_len(MIN_SLOTS_PER_TASK)
                .for_each(|(i, (((slot, &id), o), m))| {
                    if slot.step(id as u8, &config, seed, i, n) {
                        // the same position: `o` holds its tensor, one id fewer pending
                        let before = &slot.pending[..slot.pending.len() - 1];
                        observation::push_pending(o, before, id as u8);
                        slot.write_mask(m);
                    } else {
                        slot.write(o, m, config.memory);
                    }
                });
        });
        Ok(())
    }

    /// A uniformly random legal id for every game, from each slot's own stream
    /// (seeded by [`VectorEnv::reset`]'s seed and the slot).
    pub fn random_actions(&mut self, out: &mut [i64]) {
        for (slot, id) in self.slots.iter_mut().zip(out.iter_mut()) {
            let mut bits = slot.legal.0;
            let pick = slot.random.below(u64::from(bits.count_ones()));
            for _ in 0..pick {
                bits &= bits - 1; // drop the lowest legal id: `pick` of them go
            }
            *id = if bits == 0 {
                -1
            } else {
                i64::from(bits.trailing_zeros())
            };
        }
    }

    /// The seat to act in each game.
    pub fn players(&self, out: &mut [i64]) {
        for (slot, p) in self.slots.iter().zip(out.iter_mut()) {
            *p = slot.state.player as i64;
        }
    }

    /// Each game's rewards of its last step, by team (`teams` numbers a game).
    pub fn rewards(&self, out: &mut [f64]) {
        let teams = self.rules.teams();
        for (slot, r) in self.slots.iter().zip(out.chunks_mut(teams)) {
            r.copy_from_slice(&slot.reward[..teams]);
        }
    }

    /// Whether each game's last step ended it (terminated) or cut it (truncated).
    pub fn flags(&self, terminated: &mut [bool], truncated: &mut [bool]) {
        for ((slot, a), b) in self.slots.iter().zip(terminated).zip(truncated) {
            *a = slot.terminated;
            *b = slot.truncated;
        }
    }

    /// The seed of each slot's game now (the game `kanasta.new_game(rules, seed)` deals).
    pub fn game_seeds(&self) -> Vec<u64> {
        self.slots.iter().map(|s| s.seed).collect()
    }

    /// Slot `i`'s game now and the ids chosen so far in its move.
    pub fn game(&self, i: usize) -> Option<(&State, &[u8])> {
        self.slots.get(i).map(|s| (&s.state, &s.pending[..]))
    }

    /// How many moves each slot's game has made.
    pub fn moves(&self) -> Vec<u64> {
        self.slots.iter().map(|s| s.moves).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(n: usize, threads: usize) -> (VectorEnv, Vec<f32>, Vec<i8>) {
        let rules = Arc::new(Rules::classic(4).unwrap());
        let e = VectorEnv::new(
            rules,
            n,
            Threads::shared(threads).unwrap(),
            Config::default(),
        )
        .unwrap();
        let size = e.observation_size();
        (e, vec![0.0; n * size], vec![0; n * NUM_ACTIONS])
    }

    /// Play `steps` random steps and return everything the batch wrote.
    fn run(threads: usize, steps: usize) -> (Vec<f32>, Vec<i8>, Vec<f64>, Vec<u64>) {
        let n = 5;
        let (mut e, mut obs, mut mask) = env(n, threads);
        e.reset(7, &mut obs, &mut mask);
        let mut ids = vec![0i64; n];
        let mut rewards = vec![0.0; n * 2];
        let mut total = vec![0.0; n * 2];
        for _ in 0..steps {
            e.random_actions(&mut ids);
            e.step(&ids, &mut obs, &mut mask).unwrap();
            e.rewards(&mut rewards);
            for (t, r) in total.iter_mut().zip(&rewards) {
                *t += r;
            }
        }
        (obs, mask, total, e.game_seeds())
    }

    #[test]
    fn the_batch_is_the_same_for_any_number_of_threads() {
        assert!(run(1, 300) == run(2, 300));
    }

    #[test]
    fn slot_i_plays_the_seeds_base_plus_i_then_plus_n() {
        let (mut e, mut obs, mut mask) = env(3, 1);
        e.reset(100, &mut obs, &mut mask);
        assert_eq!(e.game_seeds(), vec![100, 101, 102]);
        // the second game of slot 1 of 3: 100 + 1 + 1 * 3
        assert_eq!(Slot::game_seed(100, 1, 3, 1), 104);
        assert_eq!(Slot::game_seed(u64::MAX, 1, 3, 0), 0);
    }

    #[test]
    fn a_bad_id_changes_nothing() {
        let (mut e, mut obs, mut mask) = env(2, 1);
        e.reset(1, &mut obs, &mut mask);
        let before = (obs.clone(), mask.clone());
        // a fresh Classic deal: the first decision is draw (0) or take (1); discard (5) is not legal
        let bad = e.step(&[0, 5], &mut obs, &mut mask).unwrap_err();
        assert_eq!((bad.slot, bad.id, bad.out_of_space), (1, 5, false));
        assert!(bad.message.contains("discard"), "{}", bad.message);
        let far = e.step(&[100, 0], &mut obs, &mut mask).unwrap_err();
        assert!(far.out_of_space);
        assert!(e.step(&[0], &mut obs, &mut mask).is_err());
        assert!((obs, mask) == before);
        assert!(e.slots.iter().all(|s| s.pending.is_empty() && s.moves == 0));
    }
}
