//! Plays games on one thread with nothing else running: the target to point `perf record` or
//! `valgrind --tool=callgrind` at, and a quick games/s reading while optimising.
//!
//! `cargo run --release -p dq-benches --example profile_games -- [BOTS] [SEATS] [GAMES]`
//! e.g. `-- greedy 1 100000`; BOTS is a comma-separated list of bot specs, one per seat or one
//! for all seats.

use dq_benches::{play_batch, Workload};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bots = args.first().map_or("greedy", String::as_str);
    let seats: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(50_000);
    let mut w = Workload::new(bots, seats);
    let t = Instant::now();
    let digest = play_batch(&mut w, 0, games);
    let s = t.elapsed().as_secs_f64();
    println!(
        "{bots} x{seats}: {games} games in {s:.3} s, {:.0} games/s, {:.0} ns/game, digest {digest:016x}",
        games as f64 / s,
        s * 1e9 / games as f64
    );
}
