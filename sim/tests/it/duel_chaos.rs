//! `dq duel --game dungeon-of-chaos` end to end: its Monte Carlo figures against the exact
//! chain under each policy, the exact figures against the engine's chain computed here, "—"
//! with the chart rolls named where the fight is no chain, the same output for any thread
//! count, and bad options refused in one line.

use crate::duel_checks::{f, mean_close, rate_close, GAMES};
use crate::support::*;
use dq_engine::dungeon_of_chaos::combat::HeroSetup;
use dq_engine::dungeon_of_chaos::exact::{fight_odds, fight_odds_with, Policy};
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

/// A weapon worn changes the odds as the chain says: the Warrior against the Troll
/// bare-handed (26.5% wins) and with a broadsword (+3, weight 2: 54.5%), and with the Ring
/// of Retribution (the monster's ATTACKs that wound him cost it 1 Health: 34.6%): Monte Carlo against the exact chain,
/// which is the engine's chain with the weapon.
#[test]
fn chaos_items_change_the_odds_as_the_chain_says() {
    let rules = ChaosRules::standard();
    let id = |names: &[String], n: &str| names.iter().position(|x| x == n).unwrap() as u8;
    let warrior = id(&rules.character_names, "Warrior");
    let troll = id(&rules.monster_names, "Troll");
    let bare = HeroSetup::character(&rules, warrior);
    let armed = bare.with_item(&rules, id(&rules.item_names, "Broadsword"));
    let ringed = bare.with_item(&rules, id(&rules.item_names, "Ring of Retribution"));
    let o_bare = fight_odds(&rules, &bare, troll, Policy::Attack).unwrap();
    let o_armed = fight_odds_with(&rules, &armed, troll, Policy::Attack, Some(0)).unwrap();
    let o_ringed = fight_odds(&rules, &ringed, troll, Policy::Attack).unwrap();
    assert!(o_armed.win > o_bare.win + 0.2, "{o_bare:?} {o_armed:?}");
    assert!(o_ringed.win > o_bare.win + 0.05, "{o_bare:?} {o_ringed:?}");
    for (items, o) in [
        (&[][..], &o_bare),
        (&["--item", "broadsword"][..], &o_armed),
        (&["--item", "ring-of-retribution"][..], &o_ringed),
    ] {
        let mut a = vec!["--hero", "warrior", "--monster", "troll"];
        a.extend(items);
        let s = duel(&a);
        let x = s["exact"].as_object().unwrap_or_else(|| panic!("{items:?}: no exact figures: {s:?}"));
        assert!((f(x, "p_hero_wins") - o.win).abs() < 1e-12, "{items:?}");
        for key in ["p_hero_wins", "p_hero_dies", "p_foe_left"] {
            rate_close(&format!("{items:?} {key}"), f(&s, key), f(x, key));
        }
        mean_close(&format!("{items:?}"), &s, "mean_rounds", f(x, "mean_rounds"));
    }
    let s = duel(&["--hero", "warrior", "--monster", "troll", "--item", "broadsword"]);
    assert_eq!(s["weapon"], "broadsword");
    assert_eq!(s["items"], serde_json::json!(["broadsword"]));
}

/// A Potion of Healing drunk below half Health (the default with --potion) against the
/// Troll: more wins than without it, and no exact figures (a potion is no chain), said so.
#[test]
fn chaos_a_healing_potion_helps_and_is_no_chain() {
    let without = duel(&["--hero", "warrior", "--monster", "troll"]);
    let with = duel(&["--hero", "warrior", "--monster", "troll", "--potion", "potion-of-healing"]);
    assert_eq!(with["policy"], "attack,drink-below=13");
    assert_eq!(with["exact"], Value::Null);
    assert!(with["no_exact"].as_str().unwrap().contains("spells and potions"), "{with:?}");
    assert!(without["exact"].is_object(), "{without:?}");
    let (w0, w1) = (f(&without, "p_hero_wins"), f(&with, "p_hero_wins"));
    assert!(w1 > w0 + 0.03, "the potion: {w0} → {w1}");
    // A potion never drunk leaves the chain exact.
    let unused = duel(&["--hero", "warrior", "--monster", "troll", "--potion", "poison", "--policy", "drink-below=0"]);
    assert!(unused["exact"].is_object(), "{unused:?}");
    // A caster's spells: cast=any by default.
    let s = duel(&["--hero", "wizard", "--monster", "troll", "--spells", "fireball,magic-missile"]);
    assert_eq!(s["policy"], "attack,cast=any");
    assert_eq!(s["exact"], Value::Null);
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
        (&["--hero", "warrior", "--item", "excalibur"], "--item excalibur: unknown item"),
        (&["--hero", "faerie", "--item", "broadsword"], "the faerie cannot lift an item with a weight"),
        (&["--hero", "warrior", "--spells", "fireball"], "--spells: the warrior has no spellcasting"),
        (&["--hero", "wizard", "--spells", "wish"], "--spells wish: unknown spell"),
        (&["--hero", "warrior", "--potion", "beer"], "--potion beer: unknown potion"),
        (&["--hero", "warrior", "--policy", "drink-below=5"], "drink-below=K with no --potion"),
        (
            &["--hero", "wizard", "--spells", "fireball", "--policy", "cast=sleep"],
            "cast=sleep: not a spell in --spells",
        ),
        (&["--hero", "warrior", "--policy", "attack,defend"], "one move of attack, defend, flee-below=K"),
        (&["--hero", "warrior", "--item", "leather-armour,chain-mail"], "leather-armour is worn already"),
    ];
    for (extra, expect) in cases {
        let mut a = g.to_vec();
        a.extend(*extra);
        refused_with(&a, expect);
    }
    // Other games' duels refuse this one's options by name.
    refused_with(&["duel", "--hero", "hugo", "--item", "broadsword"], "--item is a dungeon-of-chaos duel option");
    refused_with(
        &["duel", "--game", "dealing-dungeons", "--hero", "barbarian", "--potion", "poison"],
        "--potion is a dungeon-of-chaos duel option",
    );
}
