//! `expert` against its base planner on the same games (paired seeds), by the base's own
//! objective: the figures of docs/bots.md ("expert").
//!
//! `cargo run --release -p dq-bots --example expert_vs_base -- [revised|third] [heroes]
//! [games] [samples] [rule,...] [base,...]`; defaults: revised, 1 hero, 2000 games, the
//! default budget (`-`: the default), no optional rule (`-`: none), the three bases. One thread; prints a Markdown table row per base.

use dq_bots::{play, BotSpec, MonsterSpec, Players};
use dq_engine::{GameConfig, NoObserver, Rules, Variant};
use std::time::Instant;

#[path = "common/paired.rs"]
mod paired;
use paired::{mean, paired};

/// The seed every comparison plays (the outcomes example's).
const SEED: u64 = 20141;

/// Survival, gold carried out and objective of every hero-game, and the seconds it took.
fn run(
    rules: &Rules,
    spec: BotSpec,
    objective: BotSpec,
    seats: usize,
    variant: Variant,
    games: u64,
) -> (Vec<[f64; 3]>, f64) {
    let monster = MonsterSpec::edition_default(rules.edition);
    let mut players = Players::new(rules, &vec![spec; seats], monster, seats).unwrap();
    let cfg = GameConfig::random(seats, variant);
    let start = Instant::now();
    let mut rows = Vec::new();
    for i in 0..games {
        let g = play(rules, &cfg, SEED, i, &mut players, &mut NoObserver).unwrap();
        for s in 0..seats as u8 {
            let alive = g.hero(s).stats.death_cause.is_none();
            let gold = if alive { g.gold(s) } else { 0 };
            rows.push([f64::from(u8::from(alive)), f64::from(gold), objective.objective(alive, gold)]);
        }
    }
    (rows, start.elapsed().as_secs_f64())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rules = match args.first().map(String::as_str) {
        Some("third") => Rules::third(),
        _ => Rules::revised(),
    };
    let seats: usize = args.get(1).map_or(1, |s| s.parse().unwrap());
    let games: u64 = args.get(2).map_or(2000, |s| s.parse().unwrap());
    let samples = args.get(3).filter(|s| *s != "-").map(|s| format!(":samples={s}")).unwrap_or_default();
    let mut variant = Variant::default();
    for rule in args.get(4).filter(|s| *s != "-").map(|s| s.split(',').collect::<Vec<_>>()).unwrap_or_default() {
        variant.enable(rule).unwrap();
    }
    println!("| base | survival base → expert | gold base → expert | objective base → expert | objective change (95%) | expert games/s |");
    println!("|---|---|---|---|---|---|");
    let bases = args.get(5).map_or("greedy,cautious,mixed", String::as_str);
    for base in bases.split(',') {
        let b = BotSpec::parse(base).unwrap();
        let e = BotSpec::parse(&format!("expert:base={base}{samples}")).unwrap();
        let (a, _) = run(&rules, b, b, seats, variant, games);
        let (x, secs) = run(&rules, e, b, seats, variant, games);
        let (d, h) = paired(&a, &x, 2);
        println!(
            "| {base} | {:.1}% → {:.1}% | {:.1} → {:.1} | {:.1} → {:.1} | {d:+.1} ± {h:.1} | {:.1} |",
            100.0 * mean(&a, 0),
            100.0 * mean(&x, 0),
            mean(&a, 1),
            mean(&x, 1),
            mean(&a, 2),
            mean(&x, 2),
            games as f64 / secs
        );
    }
}
