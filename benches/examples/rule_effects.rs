//! Each optional rule's effect on survival and gold per bot: every rule alone against no rule,
//! on the same seed and game indexes (paired), for greedy, cautious, mixed and random, in both
//! editions, solo and with four heroes (every seat the same bot), with 95% intervals.
//!
//! `cargo run --release -p dq-benches --example rule_effects -- [GAMES] [THREADS]` (defaults:
//! 20,000 games per cell, one thread). docs/bots.md ("Each rule's effect per bot") quotes it.
//!
//! A cell reads "survival change (percentage points); gold change (per hero-game)". Bold: a
//! rule that only removes options (see [`REMOVES_ONLY`]) raised a planner policy's own
//! objective (`BotSpec::objective`) beyond its interval, a bot artefact
//! (bots/tests/artefacts.rs holds the planner to it).

use dq_benches::paired::{Estimate, Outcomes};
use dq_bots::BotSpec;
use dq_engine::{Game, GameConfig, NoObserver, Rules, Variant};

/// The seed every cell plays (the outcomes example's).
const SEED: u64 = 20141;
/// The bots, in table order.
const BOTS: [&str; 4] = ["greedy", "cautious", "mixed", "random"];
/// The rules that only take options away (docs/bots.md says why each): they must not raise a
/// policy's own objective.
const REMOVES_ONLY: [&str; 3] = ["late-start", "no-guts-no-glory", "cloak-and-dagger"];

/// Every optional rule by one name (`going-it-alone` is `solo`; Magical Might deals 2 runes).
fn rule_names() -> Vec<&'static str> {
    Variant::NAMES
        .iter()
        .filter(|&&n| n != "going-it-alone")
        .map(|&n| if n == "magical-might=N" { "magical-might=2" } else { n })
        .collect()
}

/// A cell: `bot` under `rule` against `bot` with no rule.
struct Cell {
    survival: Estimate,
    gold: Estimate,
    objective: Estimate,
}

fn cell_text(c: &Cell, flagged: bool) -> String {
    let text = format!("{:+.1} ± {:.1}; {:+.0} ± {:.0}", c.survival.mean, c.survival.half, c.gold.mean, c.gold.half);
    if flagged {
        format!("**{text}**")
    } else {
        text
    }
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("GAMES THREADS")).collect();
    let games = args.first().copied().unwrap_or(20_000);
    let threads = args.get(1).copied().unwrap_or(1).max(1) as usize;
    println!("{games} games per cell, seed {SEED}; each cell: survival change (pp); gold change per hero-game");
    let mut flags = Vec::new();
    for rules in [Rules::revised(), Rules::third()] {
        for seats in [1usize, 4] {
            let variants: Vec<(&str, Variant)> = rule_names()
                .into_iter()
                .filter_map(|name| {
                    let v = Variant::from_label(name).expect("every listed rule enables");
                    let cfg = GameConfig::random(seats, v);
                    let ok =
                        v.check(rules.edition).is_ok() && Game::new(&rules, &cfg, SEED, 0, &mut NoObserver).is_ok();
                    ok.then_some((name, v))
                })
                .collect();
            // Every (bot, rule) run, the baseline first, shared out over the threads.
            let jobs: Vec<(usize, Option<usize>)> = (0..BOTS.len())
                .flat_map(|b| std::iter::once(None).chain((0..variants.len()).map(Some)).map(move |r| (b, r)))
                .collect();
            let mut runs: Vec<Option<Outcomes>> = vec![None; jobs.len()];
            std::thread::scope(|scope| {
                let (jobs, variants, rules) = (&jobs, &variants, &rules);
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        scope.spawn(move || {
                            (t..jobs.len())
                                .step_by(threads)
                                .map(|j| {
                                    let (b, r) = jobs[j];
                                    let spec = BotSpec::parse(BOTS[b]).unwrap();
                                    let v = r.map_or(Variant::default(), |r| variants[r].1);
                                    (j, Outcomes::play(rules, spec, seats, v, SEED, games))
                                })
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                for h in handles {
                    for (j, run) in h.join().expect("a worker panicked") {
                        runs[j] = Some(run);
                    }
                }
            });
            let run = |b: usize, r: Option<usize>| {
                runs[jobs.iter().position(|&j| j == (b, r)).expect("every job listed")].as_ref().expect("played")
            };
            let heroes = if seats == 1 { "1 hero" } else { "4 heroes" };
            println!("\n### {}, {heroes}\n", rules.edition);
            println!("| rule | {} |", BOTS.join(" | "));
            println!("|---|{}", "---|".repeat(BOTS.len()));
            let base: Vec<String> = (0..BOTS.len())
                .map(|b| {
                    let o = run(b, None);
                    format!(
                        "{:.1}% ± {:.1}; {:.0} ± {:.0}",
                        o.survival().mean,
                        o.survival().half,
                        o.gold().mean,
                        o.gold().half
                    )
                })
                .collect();
            println!("| no rule (survival; gold) | {} |", base.join(" | "));
            for (r, (name, _)) in variants.iter().enumerate() {
                let cells: Vec<String> = (0..BOTS.len())
                    .map(|b| {
                        let spec = BotSpec::parse(BOTS[b]).unwrap();
                        let (with, without) = (run(b, Some(r)), run(b, None));
                        let c = Cell {
                            survival: with.survival_change(without),
                            gold: with.gold_change(without),
                            objective: with.objective_change(without, spec.params.life),
                        };
                        let flagged = REMOVES_ONLY.contains(name) && BOTS[b] != "random" && c.objective.above_zero();
                        if flagged {
                            flags.push(format!(
                                "{} {heroes} {} under {name}: objective {:+.1} ± {:.1}",
                                rules.edition, BOTS[b], c.objective.mean, c.objective.half
                            ));
                        }
                        cell_text(&c, flagged)
                    })
                    .collect();
                println!("| {name} | {} |", cells.join(" | "));
            }
        }
    }
    println!(
        "\nRules that only remove options and raised a planner's own objective: {}",
        if flags.is_empty() { "none".to_string() } else { flags.join("; ") }
    );
}
