//! Bot artefacts: a rule that only removes options must not help a policy by its own measure.
//!
//! A policy that plays well by its own objective (docs/bots.md, "Objectives") can only do as
//! well or worse when a rule takes options away; if it does better, the rule has covered for a
//! flaw of the policy (as a hard cutoff on the sun once did: late-start raised greedy survival
//! from 32.5% to 57.1%). The check plays the same seed and game indexes with and without the
//! rule, so each game has its partner, and fails when the paired mean difference of the
//! objective is above zero by more than its 95% interval allows (intervals over games: the
//! heroes of one game share its board).
//!
//! The rules that only remove options ([`REMOVES_ONLY`]; docs/bots.md, "Each rule's effect per
//! bot", says why the others do not):
//! - Late Start: the sun advances 1d6 spaces at setup: turns taken away, nothing added.
//! - No Guts, No Glory: exiting needs a treasure card instead of any loot: exits taken away.
//! - Cloak and Dagger: the other heroes' play areas are face down: information taken away.
//!
//! Slow (a few minutes in release): `cargo test -p dq-bots --release --test artefacts --
//! --ignored --nocapture` prints the table docs/bots.md quotes.

use dq_bots::{play_into, BotSpec, MonsterSpec, Players};
use dq_engine::{Game, GameConfig, NoObserver, Rules, Variant};

/// Games per cell (each cell: one policy, edition and table size, with and without a rule).
const GAMES: u64 = 20_000;
/// Games per cell of `expert` (about 60 games a second solo): solo only.
const EXPERT_GAMES: u64 = 500;
/// The seed every cell plays (the outcomes example's).
const SEED: u64 = 20141;
/// The optional rules that only take options away from the heroes.
const REMOVES_ONLY: [&str; 3] = ["late-start", "no-guts-no-glory", "cloak-and-dagger"];

/// Per game, in order: heroes out alive and the gold they carried out.
struct Run {
    seats: usize,
    survivors: Vec<u8>,
    gold: Vec<u32>,
}

impl Run {
    /// Per game, the mean over its seats of `f(heroes out alive, gold carried out)`.
    fn per_game(&self, f: impl Fn(f64, f64) -> f64) -> Vec<f64> {
        let n = self.seats as f64;
        self.survivors.iter().zip(&self.gold).map(|(&a, &g)| f(f64::from(a), f64::from(g)) / n).collect()
    }
}

fn run(rules: &Rules, spec: BotSpec, seats: usize, variant: Variant, games: u64) -> Run {
    let monster = MonsterSpec::edition_default(rules.edition);
    let mut players = Players::new(rules, &vec![spec; seats], monster, seats).unwrap();
    let cfg = GameConfig::random(seats, variant);
    let mut g = Game::new(rules, &cfg, SEED, 0, &mut NoObserver).unwrap();
    let mut r = Run { seats, survivors: Vec::new(), gold: Vec::new() };
    for i in 0..games {
        play_into(&mut g, &cfg, SEED, i, &mut players, &mut NoObserver).unwrap();
        let (mut alive, mut gold) = (0, 0);
        for s in 0..seats as u8 {
            if g.hero(s).stats.death_cause.is_none() {
                alive += 1;
                gold += g.gold(s);
            }
        }
        r.survivors.push(alive);
        r.gold.push(gold);
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

fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len() as f64
}

/// Plays `bots` at `seats` heroes in both editions, `games` games with and without each rule of
/// [`REMOVES_ONLY`], prints a row per cell and returns the rows where the policy's objective rose.
fn check(bots: &[&str], seats: &[usize], games: u64) -> Vec<String> {
    let mut failures = Vec::new();
    println!("| edition | heroes | bot | rule | survival none → rule | gold none → rule | objective change (95%) |");
    println!("|---|---|---|---|---|---|---|");
    for rules in [Rules::revised(), Rules::third()] {
        for &seats in seats {
            for &name in bots {
                let spec = BotSpec::parse(name).unwrap();
                let life = f64::from(spec.params.life);
                let surv = |r: &Run| 100.0 * mean(&r.per_game(|a, _| a));
                let gold = |r: &Run| mean(&r.per_game(|_, g| g));
                let objective = |r: &Run| r.per_game(|a, g| g + life * a);
                let a = run(&rules, spec, seats, Variant::default(), games);
                for rule in REMOVES_ONLY {
                    let b = run(&rules, spec, seats, Variant::from_label(rule).unwrap(), games);
                    let (d, half) = paired(&objective(&a), &objective(&b));
                    let row = format!(
                        "| {} | {seats} | {name} | {rule} | {:.1}% → {:.1}% | {:.0} → {:.0} | {d:+.1} ± {half:.1} |",
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
    }
    failures
}

#[test]
#[ignore = "slow: 960,000 games"]
fn no_rule_that_only_removes_options_raises_a_planner_s_objective() {
    let failures = check(&["greedy", "cautious", "mixed"], &[1, 4], GAMES);
    assert!(
        failures.is_empty(),
        "a rule that only removes options raises the policy's own objective:\n{}",
        failures.join("\n")
    );
}

#[test]
#[ignore = "slow: 4,000 games of expert, a few minutes"]
fn no_rule_that_only_removes_options_raises_expert_s_objective() {
    let failures = check(&["expert"], &[1], EXPERT_GAMES);
    assert!(
        failures.is_empty(),
        "a rule that only removes options raises expert's objective:\n{}",
        failures.join("\n")
    );
}
