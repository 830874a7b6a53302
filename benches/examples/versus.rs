//! Two bot settings on the same games, paired: B − A in survival, gold per hero-game and the
//! objective of each, with 95% intervals over games (every seat plays the setting).
//!
//! `cargo run --release -p dq-benches --example versus -- EDITION SEATS GAMES A B [RULES|-] [SEED]`
//! (RULES comma-separated optional rules; SEED 20141 by default). What the frontier example's
//! proposals in docs/bots.md were measured with.

use dq_benches::paired::{Estimate, Outcomes};
use dq_bots::BotSpec;
use dq_engine::{Edition, Rules, Variant};

fn show(e: Estimate) -> String {
    format!("{:+.2} ± {:.2}", e.mean, e.half)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "EDITION SEATS GAMES A B [RULES|-] [SEED]";
    assert!(args.len() >= 5, "{usage}");
    let edition = args[0].parse::<Edition>().unwrap_or_else(|e| panic!("{e}"));
    let rules = Rules::embedded(edition).unwrap_or_else(|| panic!("{edition}: not an FFG edition"));
    let seats: usize = args[1].parse().expect(usage);
    let games: u64 = args[2].parse().expect(usage);
    let (a, b) = (BotSpec::parse(&args[3]).unwrap(), BotSpec::parse(&args[4]).unwrap());
    let variant = match args.get(5).map(String::as_str) {
        None | Some("-") => Variant::default(),
        Some(r) => Variant::from_label(r).unwrap_or_else(|e| panic!("{e}")),
    };
    let seed = args.get(6).map_or(20141, |s| s.parse().expect(usage));
    let ra = Outcomes::play(&rules, a, seats, variant, seed, games);
    let rb = Outcomes::play(&rules, b, seats, variant, seed, games);
    println!(
        "{} seats={seats} games={games} seed={seed} {a} → {b}: survival {:.2}% → {:.2}% ({} pp), gold {:.1} → {:.1} ({}), \
         objective of {a} {}, of {b} {}",
        rules.edition,
        ra.survival().mean,
        rb.survival().mean,
        show(rb.survival_change(&ra)),
        ra.gold().mean,
        rb.gold().mean,
        show(rb.gold_change(&ra)),
        show(rb.objective_change(&ra, a.params.life)),
        show(rb.objective_change(&ra, b.params.life)),
    );
}
