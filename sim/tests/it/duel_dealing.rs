//! `dq duel --game dealing-dungeons` end to end: its Monte Carlo figures against the exact
//! chains (monster encounters under each policy, End Boss fights against each kind of boss
//! skill), the exact figures against the engine's chains built here, the same output for any
//! thread count, and the JSON fields.

use crate::duel_checks::{f, mean_close, rate_close, GAMES};
use crate::support::*;
use dq_engine::dealing_dungeons::exact::{boss_odds, monster_odds, BossPolicy, Policy};
use dq_engine::dealing_dungeons::rules::{Encounter, HeroSide, Loot};
use dq_engine::dealing_dungeons::{BossFoe, DealingRules, Fighter, Foe, Setting};
use serde_json::{Map, Value};

fn duel(extra: &[&str]) -> Map<String, Value> {
    let games = GAMES.to_string();
    let mut args = vec!["duel", "--game", "dealing-dungeons", "--games", &games, "--json", "--quiet"];
    args.extend(extra);
    json(&ok(&args))
}

/// The Monte Carlo figures within 4 standard errors of the printed exact ones; every duel
/// ends with a win or a death.
fn agrees(what: &str, s: &Map<String, Value>) {
    let x = s["exact"].as_object().unwrap();
    assert_eq!(s["games"], GAMES, "{what}");
    assert_eq!(s["hero_wins"].as_u64().unwrap() + s["hero_deaths"].as_u64().unwrap(), GAMES, "{what}");
    assert!((f(x, "p_hero_wins") + f(x, "p_hero_dies") - 1.0).abs() < 1e-9, "{what}: the chain ends");
    rate_close(what, f(s, "p_hero_wins"), f(x, "p_hero_wins"));
    rate_close(what, f(s, "p_hero_dies"), f(x, "p_hero_dies"));
    mean_close(what, s, "mean_rounds", f(x, "mean_rounds"));
    mean_close(what, s, "mean_lives_lost", f(x, "mean_lives_lost"));
    let ci = s["p_hero_wins_ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= f(s, "p_hero_wins") && f(s, "p_hero_wins") <= ci[1].as_f64().unwrap());
}

/// A hero side's fighter at `level`, by its front card's id.
fn fighter(rules: &DealingRules, hero: &str, level: u8, wounds: u8, gear: &[&str]) -> Fighter {
    let card = rules.heroes.iter().find(|h| h.id == hero).unwrap();
    let gear = gear.iter().fold(Default::default(), |acc: dq_engine::dealing_dungeons::rules::Mods, g| {
        match rules.loot.iter().find(|c| c.id == *g).unwrap().loot {
            Loot::InHand(m) => acc.plus(m),
            _ => panic!("{g} is no In Hand card"),
        }
    });
    Fighter { lives: rules.modes.start_lives - wounds, skills: card.skills(HeroSide::Front, level), gear }
}

/// Monster encounters under each policy: the exact figures are the engine's chain built here
/// from the cards, and the Monte Carlo ones agree with them.
#[test]
fn monster_duels_match_the_exact_chains() {
    let rules = DealingRules::standard();
    let monster = |id: &str| {
        let c = rules.encounters.iter().find(|c| c.id == id).unwrap();
        match c.encounter {
            Encounter::Monster(m) => Foe::printed(m),
            _ => panic!("{id} is no monster"),
        }
    };
    let room = Setting::in_room(rules.modes.defend_bonus);
    let cases: [(&[&str], Fighter, Foe, Setting, Policy); 4] = [
        (
            &["--hero", "barbarian", "--monster", "troll"],
            fighter(&rules, "barbarian", 1, 0, &[]),
            monster("troll"),
            room,
            Policy::Fight,
        ),
        (
            &["--hero", "knight", "--monster", "werewolf", "--policy", "defend-then-fight", "--wounds", "1"],
            fighter(&rules, "knight", 1, 1, &[]),
            monster("werewolf"),
            room,
            Policy::DefendThenFight,
        ),
        (
            &["--hero", "mage", "--monster", "wyvern", "--policy", "ranged", "--distance", "1"],
            fighter(&rules, "mage", 1, 0, &[]),
            monster("wyvern"),
            Setting { distance: 1, may_run: false, defend_bonus: rules.modes.defend_bonus },
            Policy::Ranged,
        ),
        (
            &["--hero", "barbarian", "--monster", "hydra", "--gear", "battle-axe", "--wounds", "2"],
            fighter(&rules, "barbarian", 1, 2, &["battle-axe"]),
            monster("hydra"),
            room,
            Policy::Fight,
        ),
    ];
    for (i, (args, hero, foe, setting, policy)) in cases.into_iter().enumerate() {
        let e = monster_odds(hero, foe, setting, policy);
        assert!(e.win > 0.05 && e.win < 0.95, "case {i}: a test that cannot fail ({})", e.win);
        let seed = (i + 1).to_string();
        let mut a = args.to_vec();
        a.extend(["--seed", &seed]);
        let s = duel(&a);
        let what = format!("case {i}: {args:?}");
        agrees(&what, &s);
        let x = s["exact"].as_object().unwrap();
        assert!((f(x, "p_hero_wins") - e.win).abs() < 1e-12, "{what}");
        assert!((f(x, "mean_rounds") - e.rounds).abs() < 1e-12, "{what}");
    }
}

/// "More of a challenge": the attack rolled on 2D6 each round changes the odds, and the Monte
/// Carlo figures follow the rolled chain, not the printed one.
#[test]
fn rolled_attack_duels_follow_the_rolled_chain() {
    let printed = duel(&["--hero", "knight", "--monster", "orc", "--policy", "defend-then-fight"]);
    let rolled =
        duel(&["--hero", "knight", "--monster", "orc", "--policy", "defend-then-fight", "--rule", "rolled-attack"]);
    agrees("rolled", &rolled);
    assert_eq!(rolled["rules"], "rolled-attack");
    let (a, b) = (
        f(&printed["exact"].as_object().unwrap().clone(), "p_hero_wins"),
        f(rolled["exact"].as_object().unwrap(), "p_hero_wins"),
    );
    assert!((a - b).abs() > 0.01, "the rule changes nothing: {a} {b}");
}

/// End Boss fights against bosses of different skills (Regenerate, Curse, Drain, Crushing,
/// Armour, Relentless, Cunning, Vengeful) under each boss policy.
#[test]
fn boss_duels_match_the_exact_chains() {
    let rules = DealingRules::standard();
    let cases = [
        ("troll-mage", "fight"),
        ("lich", "defend-then-fight"),
        ("vampire-lord", "defend-above=11"),
        ("minotaur-chief", "fight"),
        ("iron-golem", "fight"),
        ("demon-lord", "defend-then-fight"),
        ("goblin-king", "defend-above=12"),
        ("spider-queen", "fight"),
    ];
    for (i, (boss, policy)) in cases.into_iter().enumerate() {
        let seed = (i + 10).to_string();
        let s = duel(&["--hero", "knight", "--level", "3", "--boss", boss, "--policy", policy, "--seed", &seed]);
        let what = format!("{boss} under {policy}");
        agrees(&what, &s);
        let card = rules.bosses.iter().find(|b| b.id == boss).unwrap();
        let foe = BossFoe { lives: card.lives, skill: card.skill, dice: rules.modes.boss_dice, attack_bonus: 0 };
        let p = match policy {
            "fight" => BossPolicy::Fight,
            "defend-then-fight" => BossPolicy::DefendThenFight,
            _ => BossPolicy::DefendAbove(policy[13..].parse().unwrap()),
        };
        let e = boss_odds(fighter(&rules, "knight", 3, 0, &[]), foe, rules.modes.defend_bonus, p);
        let x = s["exact"].as_object().unwrap();
        assert!((f(x, "p_hero_wins") - e.win).abs() < 1e-12, "{what}");
        assert!(e.win > 0.02 && e.win < 0.98, "{what}: a test that cannot fail ({})", e.win);
    }
}

/// Any monster of the Encounter deck (drawn by its copies): the exact mixture and the Monte
/// Carlo figures agree.
#[test]
fn drawn_monster_duels_match_the_mixture() {
    let s = duel(&["--hero", "rogue", "--policy", "defend-then-fight", "--seed", "3"]);
    assert_eq!(s["monster"], Value::Null);
    agrees("drawn", &s);
}

/// The same seed gives the same figures on any number of threads; the fields are there.
#[test]
fn dealing_duels_do_not_depend_on_threads() {
    let run = |t: &str| {
        let mut m = duel(&["--hero", "paladin", "--boss", "lich", "--threads", t]);
        for k in ["wall_seconds", "games_per_sec", "threads"] {
            m.remove(k);
        }
        m
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    for k in ["game", "hero", "level", "lives", "boss", "policy", "rules", "seed", "data_hash", "exact"] {
        assert!(one.contains_key(k), "{k} missing: {one:?}");
    }
    let text = ok(&["duel", "--game", "dealing-dungeons", "--hero", "paladin", "--boss", "lich", "--games", "2000"]);
    assert!(text.contains("P(hero wins)") && text.contains("exact"), "{text}");
}

/// The solo modes' foes (`--mode`): Solo Moderate's way out raises a monster's attack and
/// lives, Solo Hard's level rolls its attack and adds lives, and strengthens the End Boss; the
/// exact figures are the engine's chains of those foes built here from `game.ron`'s numbers,
/// and the Monte Carlo ones agree.
#[test]
fn solo_mode_foes_match_their_chains() {
    let rules = DealingRules::standard();
    let m = &rules.modes;
    let werewolf = match rules.encounters.iter().find(|c| c.id == "werewolf").unwrap().encounter {
        Encounter::Monster(w) => w,
        _ => panic!("werewolf is no monster"),
    };
    let room = Setting::in_room(m.defend_bonus);
    let barbarian = fighter(&rules, "barbarian", 1, 0, &[]);
    let printed = monster_odds(barbarian, Foe::printed(werewolf), room, Policy::Fight);

    let out =
        Foe { attack_bonus: m.moderate_attack, lives: werewolf.lives + m.moderate_lives, ..Foe::printed(werewolf) };
    let level3 = m.hard_levels[2];
    let hard =
        Foe { attack: level3.monster_attack, lives: werewolf.lives + level3.monster_lives, ..Foe::printed(werewolf) };
    let werewolf_args = ["--hero", "barbarian", "--monster", "werewolf"];
    for (i, (extra, foe)) in [
        (&["--mode", "solo-moderate", "--way-out"][..], out),
        (&["--mode", "solo-hard", "--dungeon-level", "3"][..], hard),
    ]
    .into_iter()
    .enumerate()
    {
        let e = monster_odds(barbarian, foe, room, Policy::Fight);
        assert!((e.win - printed.win).abs() > 0.05, "{extra:?}: the mode changes nothing ({} {})", e.win, printed.win);
        let seed = (i + 30).to_string();
        let mut a = werewolf_args.to_vec();
        a.extend(extra);
        a.extend(["--seed", &seed]);
        let s = duel(&a);
        agrees(&format!("{extra:?}"), &s);
        assert!((f(s["exact"].as_object().unwrap(), "p_hero_wins") - e.win).abs() < 1e-12, "{extra:?}");
        assert_eq!(s["mode"], extra[1]);
    }

    let card = rules.bosses.iter().find(|b| b.id == "troll-mage").unwrap();
    let level2 = m.hard_levels[1];
    let foe = BossFoe {
        lives: card.lives + level2.boss_lives,
        skill: card.skill,
        dice: m.boss_dice,
        attack_bonus: level2.boss_attack,
    };
    let e = boss_odds(fighter(&rules, "barbarian", 3, 0, &[]), foe, m.defend_bonus, BossPolicy::Fight);
    assert!(e.win > 0.02 && e.win < 0.98, "a test that cannot fail ({})", e.win);
    let boss_args = ["--hero", "barbarian", "--level", "3", "--boss", "troll-mage"];
    let s = duel(&[&boss_args[..], &["--mode", "solo-hard", "--dungeon-level", "2"]].concat());
    agrees("troll-mage on level 2", &s);
    assert!((f(s["exact"].as_object().unwrap(), "p_hero_wins") - e.win).abs() < 1e-12);
    assert_eq!(s["foe_lives"], card.lives + level2.boss_lives);

    // Solo Hard heroes level past 3 (the Barbarian example): level 9 against the fourth
    // level's boss, the chain built here from the card's skills at 9 (three times level 3).
    let level4 = m.hard_levels[3];
    let foe = BossFoe { lives: card.lives + level4.boss_lives, attack_bonus: level4.boss_attack, ..foe };
    let nine = fighter(&rules, "barbarian", 9, 0, &[]);
    assert_ne!(nine.skills, fighter(&rules, "barbarian", 3, 0, &[]).skills, "level 9 is level 3 again");
    let e = boss_odds(nine, foe, m.defend_bonus, BossPolicy::Fight);
    assert!(e.win > 0.02 && e.win < 0.98, "a test that cannot fail ({})", e.win);
    let s = duel(&[
        "--hero",
        "barbarian",
        "--level",
        "9",
        "--boss",
        "troll-mage",
        "--mode",
        "solo-hard",
        "--dungeon-level",
        "4",
    ]);
    agrees("level 9 against troll-mage on level 4", &s);
    assert!((f(s["exact"].as_object().unwrap(), "p_hero_wins") - e.win).abs() < 1e-12);
    assert_eq!(s["level"], 9);
    // Past 3 only where the engine plays it, and to its most.
    for (args, why) in [
        (&["--level", "4"][..], "--level 4: a hero's level is 1 to 3 (levels past 3 are Solo Hard's"),
        (&["--level", "4", "--mode", "solo-moderate", "--way-out"], "--level 4: a hero's level is 1 to 3"),
        (
            &["--level", "31", "--mode", "solo-hard", "--dungeon-level", "1"],
            "--level 31: a hero's level is 1 to 30 in Solo Hard",
        ),
        (&["--level", "0", "--mode", "solo-hard", "--dungeon-level", "1"], "--level 0: a hero's level is 1 to 30"),
    ] {
        let mut a = vec!["duel", "--game", "dealing-dungeons"];
        a.extend(werewolf_args);
        a.extend(args);
        refused_with(&a, why);
    }

    for (args, why) in [
        (&["--mode", "solo-hard"][..], "--mode solo-hard: give the foe's --dungeon-level (1 to 4)"),
        (&["--mode", "solo-hard", "--dungeon-level", "5"], "--dungeon-level 5: Solo Hard's dungeon has levels 1 to 4"),
        (&["--way-out"], "--way-out: only with --mode solo-moderate"),
        (&["--mode", "solo-hard", "--dungeon-level", "2", "--way-out"], "--way-out: only with --mode solo-moderate"),
        (&["--dungeon-level", "2"], "--dungeon-level: only with --mode solo-hard"),
        (&["--mode", "standard"], "--mode standard: its foes are the printed ones"),
        (&["--mode", "dungeon"], "unknown mode \"dungeon\""),
    ] {
        let mut a = vec!["duel", "--game", "dealing-dungeons"];
        a.extend(werewolf_args);
        a.extend(args);
        refused_with(&a, why);
    }
    refused_with(
        &[
            "duel",
            "--game",
            "dealing-dungeons",
            "--hero",
            "knight",
            "--boss",
            "lich",
            "--mode",
            "solo-moderate",
            "--way-out",
        ],
        "--way-out: Solo Moderate's way out comes after its End Boss",
    );
    refused_with(&["duel", "--hero", "hugo", "--mode", "solo-hard"], "--mode is a dealing-dungeons duel option");
}
