//! Bot artefacts: a rule that only removes options must not help a policy by its own measure.
//!
//! Late Start moves the sun 1d6 spaces on at setup: it takes turns away and adds nothing. A
//! policy that plays well by its own objective (docs/bots.md, "Objectives") can only do as
//! well or worse with fewer turns; if it does better, the rule has covered for a flaw of the
//! policy (as a hard cutoff on the sun once did: late-start raised greedy survival from 32.5%
//! to 57.1%). The check plays the same seed and game indexes with and without the rule, so
//! each hero-game has its partner, and fails when the paired mean difference of the objective
//! is above zero by more than its 95% interval allows.
//!
//! Slow (about a minute in release): `cargo test -p dq-bots --release --test artefacts --
//! --ignored --nocapture` prints the table docs/bots.md quotes.

use dq_bots::{play, BotSpec, MonsterSpec, Players};
use dq_engine::{GameConfig, NoObserver, Rules, Variant};

/// Games per cell (each cell: one policy, edition and table size, with and without the rule).
const GAMES: u64 = 20_000;
/// The seed every cell plays (the outcomes example's).
const SEED: u64 = 20141;

/// Survival, gold carried out and the objective of every hero-game of one run, in order.
struct Run {
    survived: Vec<bool>,
    gold: Vec<u32>,
    objective: Vec<f64>,
}

fn run(rules: &Rules, spec: BotSpec, seats: usize, variant: Variant) -> Run {
    let monster = MonsterSpec::edition_default(rules.edition);
    let mut players = Players::new(rules, &vec![spec; seats], monster, seats).unwrap();
    let cfg = GameConfig::random(seats, variant);
    let mut r = Run { survived: Vec::new(), gold: Vec::new(), objective: Vec::new() };
    for i in 0..GAMES {
        let g = play(rules, &cfg, SEED, i, &mut players, &mut NoObserver).unwrap();
        for s in 0..seats as u8 {
            let alive = g.hero(s).stats.death_cause.is_none();
            let gold = if alive { g.gold(s) } else { 0 };
            r.survived.push(alive);
            r.gold.push(gold);
            r.objective.push(spec.objective(alive, gold));
        }
    }
    r
}

/// Mean and 95% half-width of the paired differences `b - a`.
fn paired(a: &[f64], b: &[f64]) -> (f64, f64) {
    let n = a.len() as f64;
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| y - x).collect();
    let mean = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

fn mean(x: impl Iterator<Item = f64>) -> f64 {
    let (mut s, mut n) = (0.0, 0.0);
    for v in x {
        s += v;
        n += 1.0;
    }
    s / n
}

#[test]
#[ignore = "slow: 240,000 games"]
fn late_start_does_not_raise_any_policy_s_objective() {
    let mut late = Variant::default();
    late.enable("late-start").unwrap();
    let mut failures = Vec::new();
    println!("| edition | heroes | bot | survival std → late | gold std → late | objective change (95%) |");
    println!("|---|---|---|---|---|---|");
    for rules in [Rules::revised(), Rules::third()] {
        for seats in [1, 4] {
            for name in ["greedy", "cautious", "mixed"] {
                let spec = BotSpec::parse(name).unwrap();
                let a = run(&rules, spec, seats, Variant::default());
                let b = run(&rules, spec, seats, late);
                let surv = |r: &Run| 100.0 * mean(r.survived.iter().map(|&s| f64::from(u8::from(s))));
                let gold = |r: &Run| mean(r.gold.iter().map(|&g| f64::from(g)));
                let (d, half) = paired(&a.objective, &b.objective);
                let row = format!(
                    "| {} | {seats} | {name} | {:.1}% → {:.1}% | {:.0} → {:.0} | {d:+.1} ± {half:.1} |",
                    rules.edition,
                    surv(&a),
                    surv(&b),
                    gold(&a),
                    gold(&b)
                );
                println!("{row}");
                if d > half {
                    failures.push(row);
                }
            }
        }
    }
    assert!(failures.is_empty(), "late-start raises the policy's own objective:\n{}", failures.join("\n"));
}
