//! `dq duel --game dungeon-of-chaos` end to end: its Monte Carlo figures against the exact
//! chain under each policy, the exact figures against the engine's chain computed here, "—"
//! with the chart rolls named where the fight is no chain, the same output for any thread
//! count, and bad options refused in one line.

use crate::duel_checks::{f, mean_close, rate_close, GAMES};
use crate::support::*;
use dq_engine::dungeon_of_chaos::combat::HeroSetup;
use dq_engine::dungeon_of_chaos::exact::{fight_odds, Policy};
use dq_engine::dungeon_of_chaos::ChaosRules;
use serde_json::{Map, Value};

fn duel(extra: &[&str]) -> Map<String, Value> {
    let games = GAMES.to_string();
    let mut args = vec!["duel", "--game", "dungeon-of-chaos", "--games", &games, "--json", "--quiet"];
    args.extend(extra);
    json(&ok(&args))
}

/// Every policy against the Frail Goblin (a chain): the Monte Carlo figures within 4
/// standard errors of the exact ones, which are the engine's chain's.
#[test]
fn chaos_duels_match_the_exact_chain() {
    let rules = ChaosRules::standard();
    let faerie = rules.character_names.iter().position(|n| n == "Faerie").unwrap() as u8;
    let goblin = rules.monster_names.iter().position(|n| n == "Frail Goblin").unwrap() as u8;
    let hero = HeroSetup::character(&rules, faerie);
    for (name, policy) in
        [("attack", Policy::Attack), ("flee-below=15", Policy::FleeBelow(15)), ("defend", Policy::Defend)]
    {
        let s = duel(&["--hero", "faerie", "--monster", "frail-goblin", "--policy", name]);
        let x = s["exact"].as_object().unwrap_or_else(|| panic!("{name}: no exact figures: {s:?}"));
        let o = fight_odds(&rules, &hero, goblin, policy).unwrap();
        // Equal but for JSON's last digit.
        assert!((f(x, "p_hero_wins") - o.win).abs() < 1e-12, "{name}");
        assert!((f(x, "p_hero_fled") - o.fled).abs() < 1e-12, "{name}");
        let ends = o.win + o.die + o.fled + o.foe_left;
        assert!((ends - 1.0).abs() < 1e-9, "{name}: the chain ends: {o:?}");
        for key in ["p_hero_wins", "p_hero_dies", "p_hero_fled", "p_foe_left"] {
            rate_close(&format!("{name} {key}"), f(&s, key), f(x, key));
        }
        mean_close(name, &s, "mean_rounds", f(x, "mean_rounds"));
        mean_close(name, &s, "mean_damage_taken", f(x, "mean_damage_taken"));
    }
    // Fleeing below 15 of 20 Health makes flights happen.
    let s = duel(&["--hero", "faerie", "--monster", "frail-goblin", "--policy", "flee-below=15"]);
    assert!(f(&s, "p_hero_fled") > 0.01, "{s:?}");
}

/// A drawn monster of level 1 includes spellcasters and summoners: no exact figures, "—" in
/// the text, and the monsters and their chart rolls named.
#[test]
fn chaos_duels_without_a_chain_say_why() {
    let s = duel(&["--hero", "warrior", "--level", "1"]);
    assert_eq!(s["exact"], Value::Null);
    assert!(s["no_exact"].as_str().unwrap().contains("chart rolls"), "{s:?}");
    let text = ok(&["duel", "--game", "dungeon-of-chaos", "--hero", "warrior", "--level", "1", "--games", "2000"]);
    assert!(text.contains("exact —") && text.contains("no exact figures"), "{text}");
}

/// The figures do not depend on the thread count.
#[test]
fn chaos_duels_do_not_depend_on_threads() {
    let run = |t: &str| {
        let mut s = duel(&["--hero", "knight", "--level", "2", "--threads", t]);
        for k in ["threads", "wall_seconds", "games_per_sec"] {
            s.remove(k);
        }
        s
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn chaos_duel_options_are_checked() {
    let g = ["duel", "--game", "dungeon-of-chaos"];
    let cases: &[(&[&str], &str)] = &[
        (&["--hero", "nobody"], "unknown Character Profile \"nobody\""),
        (&["--hero", "faerie", "--monster", "dragon-king"], "unknown monster \"dragon-king\""),
        (&["--hero", "faerie", "--monster", "frail-goblin", "--level", "1"], "--monster and --level"),
        (&["--hero", "faerie", "--level", "5"], "--level 5: the dungeon has levels 1 to 4"),
        (&["--hero", "faerie", "--policy", "run"], "unknown policy \"run\""),
        (&["--hero", "faerie", "--policy", "flee-below=0"], "K must be a whole number from 1 to 99"),
        (&["--hero", "faerie", "--wounds", "99"], "--wounds must be below that"),
        (&["--hero", "faerie", "--bot", "greedy"], "--bot: a dungeon-of-chaos duel has no such option"),
        (&["--hero", "faerie", "--rule", "solo"], "--rule: a dungeon-of-chaos duel has no such option"),
        (&["--hero", "faerie", "--life", "3"], "--life 3"),
    ];
    for (extra, expect) in cases {
        let mut a = g.to_vec();
        a.extend(*extra);
        refused_with(&a, expect);
    }
}
