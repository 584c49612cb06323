//! The batched env and the rollouts without Python: env steps per second
//! (random legal ids, observations and masks written) and rollout moves per
//! second, for 1 and 2 threads, each preset.
//!
//! ```text
//! cargo run --release --example time_vector [GAMES] [STEPS] [THREADS]
//! ```
//!
//! A timing tool for the crate's developers, not a test.

use std::sync::Arc;
use std::time::Instant;

use kanasta_core::bots::montecarlo::rollouts;
use kanasta_core::position::State;
use kanasta_core::rl::actions::NUM_ACTIONS;
use kanasta_core::rl::vector::{Config, Threads, VectorEnv};
use kanasta_core::rules::Rules;

fn env_rate(name: &str, games: usize, steps: usize, threads: usize) -> f64 {
    let rules = Arc::new(Rules::preset(name).expect("a preset"));
    let mut env = VectorEnv::new(
        rules,
        games,
        Threads::shared(threads).unwrap(),
        Config::default(),
    )
    .expect("an env");
    let mut obs = vec![0.0f32; games * env.observation_size()];
    let mut mask = vec![0i8; games * NUM_ACTIONS];
    let mut ids = vec![0i64; games];
    env.reset(1, &mut obs, &mut mask);
    let t = Instant::now();
    for _ in 0..steps {
        env.random_actions(&mut ids);
        env.step(&ids, &mut obs, &mut mask).expect("legal ids");
    }
    (games * steps) as f64 / t.elapsed().as_secs_f64()
}

fn rollout_rate(name: &str, count: usize, threads: usize) -> f64 {
    let rules = Arc::new(Rules::preset(name).expect("a preset"));
    let states: Vec<State> = (0..8)
        .map(|s| State::new_game(Arc::clone(&rules), s).0)
        .collect();
    let refs: Vec<&State> = states.iter().collect();
    let teams = vec![0; refs.len()];
    let pool = Threads::new(threads).unwrap();
    let t = Instant::now();
    let out = rollouts(&refs, &teams, count, 1, 100_000, &pool);
    let moves: u64 = out.iter().map(|o| o.moves).sum();
    moves as f64 / t.elapsed().as_secs_f64()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(256);
    let steps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(400);
    let only: Option<String> = args.next();
    if let Some(threads) = only.as_deref().and_then(|t| t.parse::<usize>().ok()) {
        // one figure only (for a profiler): classic env steps on THREADS threads
        println!("{:.0}", env_rate("classic", games, steps, threads));
        return;
    }
    for name in ["classic", "kanasta"] {
        let one = env_rate(name, games, steps, 1);
        let two = env_rate(name, games, steps, 2);
        println!(
            "{name:<8} env steps/s: 1 thread {one:>10.0}, 2 threads {two:>10.0} ({:.2}x)",
            two / one
        );
        let one = rollout_rate(name, 32, 1);
        let two = rollout_rate(name, 32, 2);
        println!(
            "{name:<8} rollout moves/s: 1 thread {one:>10.0}, 2 threads {two:>10.0} ({:.2}x)",
            two / one
        );
    }
}
