//! Counts per game, averaged: decisions by kind, rounds, random words drawn and board changes.
//! The denominators a profile is read against (`instructions per decision`).
//!
//! `cargo run --release -p dq-benches --example game_stats -- [BOTS] [SEATS] [GAMES]`
use dq_benches::{Workload, BENCH_SEED};
use dq_bots::Policy;
use dq_engine::rng::{GameRng, Stream};
use dq_engine::{Game, NoObserver};
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bots = args.first().map_or("greedy", String::as_str);
    let seats: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let mut w = Workload::new(bots, seats);
    let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
    let (mut decisions, mut rounds, mut draws, mut epochs) = (0u64, 0u64, 0u64, 0u64);
    for i in 0..games {
        w.players.new_game();
        let mut game = Game::new(w.rules, &w.config, BENCH_SEED, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(BENCH_SEED, i, Stream::Bot);
        while !game.is_over() {
            let d = game.pending().unwrap();
            *kinds.entry(format!("{:?}", d.kind)).or_default() += 1;
            decisions += 1;
            let c = w.players.choose(&game, game.legal_choices(), &mut rng);
            game.apply(c, &mut NoObserver).unwrap();
        }
        rounds += u64::from(game.round());
        draws += u64::from(game.rng_draws());
        epochs += u64::from(game.board_epoch());
    }
    let g = games as f64;
    println!(
        "per game: decisions {:.1} rounds {:.1} rng draws {:.1} board epochs {:.1}",
        decisions as f64 / g,
        rounds as f64 / g,
        draws as f64 / g,
        epochs as f64 / g
    );
    for (k, n) in kinds {
        println!("  {k:20} {:.2}", n as f64 / g);
    }
}
