//! The rule invariants ([`RuleCheck`]) over games the strategic bots play: greedy, cautious
//! and mixed, both editions, 1-4 heroes, no optional rule, each rule alone and each pair.
//!
//! Engine bugs still on `main` when this test was written are listed in
//! `dq_engine::rule_check::KNOWN_BUGS`; their violations are reported but do not fail the run.
//! Delete an entry when its fix is merged: from then on the invariant is held again (and
//! `the_audits_replays_show_exactly_the_known_bugs` checks that the replay that showed it is clean).

use dq_bots::{BotSpec, MonsterSpec, Players, Policy};
use dq_engine::rng::{GameRng, Stream};
use dq_engine::rule_check::rules_alone_and_in_pairs;
use dq_engine::{Edition, GameConfig, Invariant, RuleCheck, Rules, Violation};
use std::collections::BTreeMap;

fn known(rules: &Rules, inv: Invariant) -> bool {
    dq_engine::rule_check::is_known_bug(rules.edition, inv)
}

/// The monster policy `dq replay` uses by default in the edition.
fn monster(rules: &Rules) -> MonsterSpec {
    if rules.edition == Edition::Third {
        MonsterSpec::Equilibrium
    } else {
        MonsterSpec::Random
    }
}

/// Plays game `index` as `dq_bots::play` does, checking the invariants after each decision.
fn play_checked(rules: &Rules, cfg: &GameConfig, master: u64, index: u64, players: &mut Players) -> Vec<Violation> {
    players.new_game();
    let mut chk = RuleCheck::new(rules, cfg.variant);
    let mut game = dq_engine::Game::new(rules, cfg, master, index, &mut chk).expect("valid config");
    chk.check_after(&game);
    let mut rng = GameRng::new(master, index, Stream::Bot);
    let mut steps = 0u32;
    while !game.is_over() {
        let choices = game.legal_choices().clone();
        let c = players.choose(&game, &choices, &mut rng);
        game.apply(c, &mut chk).expect("bots answer legally");
        chk.check_after(&game);
        steps += 1;
        assert!(steps < 100_000, "game {index} of seed {master}: no end after 100,000 decisions");
    }
    chk.take_violations()
}

/// Plays `per` games of every table (bot × heroes × rules) in both editions; panics on a
/// violation not in [`KNOWN_BUGS`], and prints the known ones by invariant with examples.
fn run(per: u64, master: u64) {
    let mut unknown = Vec::new();
    for rules in [Rules::revised(), Rules::third()] {
        let tables = rules_alone_and_in_pairs(&rules);
        let mut known_seen: BTreeMap<Invariant, (usize, Vec<String>)> = BTreeMap::new();
        let mut games = 0u64;
        for bot in ["greedy", "cautious", "mixed"] {
            let spec = [BotSpec::parse(bot).unwrap()];
            for n in 1..=4usize {
                let mut players = Players::new(&rules, &spec, monster(&rules), n).unwrap();
                for (k, v) in tables.iter().enumerate() {
                    if v.solo && n > 1 {
                        continue;
                    }
                    let cfg = GameConfig::random(n, *v);
                    for j in 0..per {
                        let index = k as u64 * per + j;
                        games += 1;
                        for x in play_checked(&rules, &cfg, master, index, &mut players) {
                            let at = format!(
                                "--edition {} --seed {master} --game {index} --heroes {n} --bot {bot} --rule '{}': {x}",
                                rules.edition,
                                v.label()
                            );
                            if !known(&rules, x.invariant) {
                                unknown.push(at);
                                continue;
                            }
                            let e = known_seen.entry(x.invariant).or_default();
                            e.0 += 1;
                            if e.1.len() < 3 {
                                e.1.push(at);
                            }
                        }
                    }
                }
            }
        }
        println!("{}: {games} games", rules.edition);
        for (inv, (count, examples)) in known_seen {
            println!("  known bug {}: {count} violations, e.g.", inv.name());
            for e in examples {
                println!("    {e}");
            }
        }
    }
    let shown = unknown.iter().take(20).cloned().collect::<Vec<_>>().join("\n");
    assert!(unknown.is_empty(), "{} violations of the rule invariants:\n{shown}", unknown.len());
}

/// Replays of games that show each known bug (edition, invariant, seed, game, heroes, bot,
/// rules): the checker must find the bug there while it is listed, and nothing once its fix
/// is merged and its line deleted. (The `dq replay` of each, with the checker's findings:
/// `replay_with_checks`.)
const REPLAYS: &[(Edition, Invariant, u64, u64, usize, &str, &str)] = &[
    (Edition::Revised, Invariant::DragonRageSpared, 5, 80, 4, "greedy", ""),
    (Edition::Revised, Invariant::SplitEscape, 9, 21, 4, "cautious", ""),
    (Edition::Revised, Invariant::EscapeDenied, 21, 25, 3, "greedy", "hero-vs-hero,magical-might=2"),
    (Edition::Third, Invariant::CombatAfterDeath, 11, 267, 2, "cautious", ""),
    (Edition::Third, Invariant::EscapeForbidden, 11, 267, 2, "cautious", ""),
    (Edition::Third, Invariant::DragonRageSpared, 21, 14, 4, "greedy", "combat-dice"),
];

#[test]
fn the_audits_replays_show_exactly_the_known_bugs() {
    for &(edition, inv, seed, index, n, bot, label) in REPLAYS {
        let rules = Rules::embedded(edition).expect("an FFG edition");
        let cfg = GameConfig::random(n, dq_engine::Variant::from_label(label).unwrap());
        let spec = [BotSpec::parse(bot).unwrap()];
        let mut players = Players::new(&rules, &spec, monster(&rules), n).unwrap();
        let found: Vec<String> = play_checked(&rules, &cfg, seed, index, &mut players)
            .into_iter()
            .filter(|v| v.invariant == inv)
            .map(|v| v.to_string())
            .collect();
        let what =
            format!("--edition {edition} --seed {seed} --game {index} --heroes {n} --bot {bot} --rule '{label}'");
        if known(&rules, inv) {
            assert!(!found.is_empty(), "{what}: the known bug {} no longer shows", inv.name());
            println!("{what}:\n  {}", found.join("\n  "));
        } else {
            assert!(found.is_empty(), "{what}:\n{}", found.join("\n"));
        }
    }
}

#[test]
fn strategic_bots_keep_the_rule_invariants() {
    run(4, 21);
}

#[test]
#[ignore = "a larger run (minutes in release)"]
fn strategic_bots_keep_the_rule_invariants_many_games() {
    run(20, 2021);
}

/// Both observers: a trace, with a line where the checker found something.
struct Traced<'a, 'r> {
    check: &'a mut RuleCheck<'r>,
    trace: dq_engine::trace::Trace,
    marks: Vec<(usize, String)>,
}

impl dq_engine::core::Observer<dq_engine::Event> for Traced<'_, '_> {
    fn event(&mut self, e: dq_engine::Event) {
        self.trace.events.push(e);
        let before = self.check.violations().len();
        self.check.event(e);
        for v in &self.check.violations()[before..] {
            self.marks.push((self.trace.events.len(), v.to_string()));
        }
    }
}

/// A replay with the checker's findings inline: `DQ_EDITION=third DQ_SEED=11 DQ_GAME=267
/// DQ_HEROES=2 DQ_BOT=cautious DQ_RULES=death-can-wait cargo test -p dq-bots --release --test
/// rule_invariants replay_with_checks -- --ignored --nocapture`.
#[test]
#[ignore = "a debugging aid, driven by DQ_* variables"]
fn replay_with_checks() {
    let var = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
    let rules = if var("DQ_EDITION", "revised") == "third" { Rules::third() } else { Rules::revised() };
    let (seed, index): (u64, u64) = (var("DQ_SEED", "1").parse().unwrap(), var("DQ_GAME", "0").parse().unwrap());
    let n: usize = var("DQ_HEROES", "1").parse().unwrap();
    let cfg = GameConfig::random(n, dq_engine::Variant::from_label(&var("DQ_RULES", "")).unwrap());
    let spec = [BotSpec::parse(&var("DQ_BOT", "greedy")).unwrap()];
    let mut players = Players::new(&rules, &spec, monster(&rules), n).unwrap();
    let mut check = RuleCheck::new(&rules, cfg.variant);
    let mut t = Traced { check: &mut check, trace: Default::default(), marks: Vec::new() };
    let mut game = dq_engine::Game::new(&rules, &cfg, seed, index, &mut t).unwrap();
    t.check.check_after(&game);
    let mut rng = GameRng::new(seed, index, Stream::Bot);
    while !game.is_over() {
        let choices = game.legal_choices().clone();
        let c = players.choose(&game, &choices, &mut rng);
        game.apply(c, &mut t).unwrap();
        let before = t.check.violations().len();
        t.check.check_after(&game);
        for v in &t.check.violations()[before..] {
            t.marks.push((t.trace.events.len(), v.to_string()));
        }
    }
    // The trace up to each finding, the finding marked.
    let mut done = 0;
    for (k, msg) in &t.marks {
        let part = dq_engine::trace::Trace { events: t.trace.events[done..*k].to_vec() };
        print!("{}", part.render(&rules));
        println!(">>> {msg}");
        done = *k;
    }
    let rest = dq_engine::trace::Trace { events: t.trace.events[done..].to_vec() };
    print!("{}", rest.render(&rules));
}
