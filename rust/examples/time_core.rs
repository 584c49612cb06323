//! Where the native core's time goes in random play: listing the legal moves
//! (E-1, E-2), applying a move (with its chores) and cloning a state, timed
//! apart on the same seeded random games, without Python.
//!
//! ```text
//! cargo run --release --example time_core [GAMES] [REPEATS] [PRESET]
//! ```
//!
//! Prints, per preset, the median over REPEATS runs of the wall-clock
//! nanoseconds per decision of each part (a decision is one listing and one
//! move applied).  A timing tool for the crate's developers, not a test.

use std::sync::Arc;
use std::time::Instant;

use kanasta_core::engine::apply::play_trusted;
use kanasta_core::legality::{legal_moves, SEARCH_BUDGET};
use kanasta_core::position::State;
use kanasta_core::rng::SplitMix64;
use kanasta_core::rules::{Rules, PRESET_NAMES};

/// Nanoseconds spent listing, applying and cloning over `games` seeded games, and the decisions.
fn run(name: &str, games: u64) -> (f64, f64, f64, u64) {
    let rules = Arc::new(Rules::preset(name).expect("a preset"));
    let (mut list_ns, mut apply_ns, mut clone_ns, mut decisions) = (0u128, 0u128, 0u128, 0u64);
    for seed in 0..games {
        let (mut s, _) = State::new_game(Arc::clone(&rules), seed);
        let mut pick = SplitMix64::new(seed);
        for _ in 0..3000 {
            if s.phase == kanasta_core::position::Phase::GameOver {
                break;
            }
            let t0 = Instant::now();
            let moves = legal_moves(&s).expect("within the budget");
            let t1 = Instant::now();
            let action = moves[pick.below(moves.len() as u64) as usize];
            let (next, _) = play_trusted(&s, &action, SEARCH_BUDGET).expect("a listed move");
            let t2 = Instant::now();
            let copy = next.clone();
            let t3 = Instant::now();
            drop(copy);
            list_ns += (t1 - t0).as_nanos();
            apply_ns += (t2 - t1).as_nanos();
            clone_ns += (t3 - t2).as_nanos();
            decisions += 1;
            s = next;
        }
    }
    let per = |ns: u128| ns as f64 / decisions as f64;
    (per(list_ns), per(apply_ns), per(clone_ns), decisions)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let repeats: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let only: Option<String> = args.next();
    println!(
        "native core, {games} random games per preset, median of {repeats} runs, ns per decision"
    );
    println!(
        "{:<10} {:>9} {:>10} {:>9} {:>9}",
        "preset", "decisions", "list", "apply", "clone"
    );
    for name in PRESET_NAMES {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let runs: Vec<(f64, f64, f64, u64)> = (0..repeats).map(|_| run(name, games)).collect();
        let pick = |f: fn(&(f64, f64, f64, u64)) -> f64| median(runs.iter().map(f).collect());
        println!(
            "{:<10} {:>9} {:>10.0} {:>9.0} {:>9.0}",
            name,
            runs[0].3,
            pick(|r| r.0),
            pick(|r| r.1),
            pick(|r| r.2)
        );
    }
}
