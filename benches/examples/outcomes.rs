//! Survival and gold per hero-game for one configuration, and the time per game on one thread
//! (before/after figures of a rules change, without building the runner), the share of
//! hero-games that end out alive with no gold, and the first bot's objective per hero-game.
//! `cargo run --release -p dq-benches --example outcomes -- EDITION BOTS SEATS GAMES [RULES]`
use dq_benches::ExampleTable;
use dq_bots::play;
use dq_engine::NoObserver;

fn main() {
    let t = ExampleTable::from_args();
    let (rules, seats, games, a) = (&t.rules, t.seats, t.games, &t.args);
    let mut players = t.players();
    let cfg = t.config();
    let (mut n, mut surv, mut gold, mut empty) = (0u64, 0u64, 0u64, 0u64);
    let started = std::time::Instant::now();
    for i in 0..games {
        let g = play(rules, &cfg, 20141, i, &mut players, &mut NoObserver).unwrap();
        for s in 0..seats as u8 {
            n += 1;
            if g.hero(s).stats.death_cause.is_none() {
                surv += 1;
                gold += u64::from(g.gold(s));
                empty += u64::from(g.gold(s) == 0);
            }
        }
    }
    let ns = started.elapsed().as_nanos() as f64 / games as f64;
    let p = surv as f64 / n as f64;
    let half = 1.96 * (p * (1.0 - p) / n as f64).sqrt();
    println!(
        "{} {} seats={} games={} survival={:.2}% ±{:.2} gold/hero-game={:.1} out-with-0-gold={:.2}% objective={:.1} ns/game={ns:.0}",
        a[0],
        a[1],
        seats,
        games,
        100.0 * p,
        100.0 * half,
        gold as f64 / n as f64,
        100.0 * empty as f64 / n as f64,
        // The objective of the first seat's spec, every seat taken as playing it (see
        // `BotSpec::objective`).
        (gold as f64 + surv as f64 * f64::from(t.specs[0].params.life)) / n as f64
    );
}
