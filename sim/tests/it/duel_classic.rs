//! `dq duel --edition classic` end to end: its Monte Carlo figures against the exact chains
//! (solo table, counters under both monster policies, whole encounters), the same output for
//! any thread count, and the JSON fields.

use crate::duel_checks::{f, mean_close, rate_close, GAMES};
use crate::support::*;
use dq_bots::dungeonquest::classic::hero_mix;
use dq_bots::dungeonquest::equilibrium::{classic_payoff, solve};
use dq_bots::BotSpec;
use dq_engine::dungeonquest::classic::exact::{exact, RoundModel};
use dq_engine::dungeonquest::classic::ClassicRules;
use serde_json::{Map, Value};

fn duel(extra: &[&str]) -> Map<String, Value> {
    let games = GAMES.to_string();
    let mut args = vec!["duel", "--edition", "classic", "--games", &games, "--json", "--quiet"];
    args.extend(extra);
    json(&ok(&args))
}

/// With `--life N` the duel is the rounds alone: held against the engine's chain built here
/// from the display and the mixes (not from the duel's own exact figures), which the duel's
/// `exact` fields must equal.
#[test]
fn fixed_life_duels_match_the_exact_chains() {
    let rules = ClassicRules::embedded();
    let cases = [
        // (hero, LPs lost, life, bot, monster policy, solo)
        ("volrik", 9u8, 5u8, "greedy", "random", true),
        ("el-adoran", 4, 6, "mixed", "random", false),
        ("rohan", 10, 6, "mixed", "equilibrium", false),
        ("ulf", 11, 5, "greedy", "equilibrium", false),
    ];
    for (i, (hero, lost, life, bot, policy, solo)) in cases.into_iter().enumerate() {
        let h = rules.hero_by_id(hero).unwrap();
        let left = rules.heroes[h as usize].life - lost;
        let model = if solo {
            RoundModel::Solo(rules.solo)
        } else {
            let monster = if policy == "random" { [1.0 / 3.0; 3] } else { solve(&classic_payoff(&rules, h)).monster };
            RoundModel::Counters {
                chart: rules.chart_for(h),
                hero: hero_mix(&rules, BotSpec::parse(bot).unwrap(), h),
                monster,
            }
        };
        let e = exact(left, &[(life, 1.0)], 0, &model);
        assert!(e.hero_dies > 0.05 && e.hero_dies < 0.95, "case {i}: a test that cannot fail ({})", e.hero_dies);
        let (lost_s, life_s, seed) = (lost.to_string(), life.to_string(), (i + 1).to_string());
        let mut args = vec![
            "--hero",
            hero,
            "--wounds",
            &lost_s,
            "--monster",
            "orc",
            "--life",
            &life_s,
            "--bot",
            bot,
            "--monster-policy",
            policy,
            "--seed",
            &seed,
        ];
        if solo {
            args.push("--solo");
        }
        let s = duel(&args);
        let what = format!("case {i}: {hero} -{lost} against life {life}, {bot}/{policy}, solo {solo}");
        assert_eq!(s["games"], GAMES);
        assert_eq!(s["escapes"], 0, "{what}: no reaction, no escape");
        assert_eq!(s["monster_fled"], 0, "{what}");
        rate_close(&what, f(&s, "p_hero_wins"), e.monster_dies);
        rate_close(&what, f(&s, "p_hero_dies"), e.hero_dies);
        rate_close(&what, f(&s, "p_both_die"), e.both_die);
        mean_close(&what, &s, "mean_rounds", e.rounds);
        mean_close(&what, &s, "mean_hero_wounds", e.expected_loss(left));
        let x = s["exact"].as_object().unwrap();
        let same = |k: &str, v: f64| assert!((f(x, k) - v).abs() < 1e-12, "{what}: exact {k} {} against {v}", f(x, k));
        same("p_hero_wins", e.monster_dies);
        same("p_hero_dies", e.hero_dies);
        same("p_both_die", e.both_die);
        same("mean_rounds", e.rounds);
        same("mean_hero_wounds", e.expected_loss(left));
    }
}

/// Whole encounters (reaction, Monster card, arrows, rounds), any monster from the Room deck:
/// the Monte Carlo figures within 4 standard errors of the printed exact ones.
#[test]
fn whole_encounters_match_their_exact_odds() {
    for (bot, policy, solo) in
        [("mixed", "equilibrium", false), ("random", "random", false), ("greedy", "random", true)]
    {
        let mut args = vec!["--hero", "el-adoran", "--bot", bot, "--monster-policy", policy, "--seed", "5"];
        if solo {
            args.push("--solo");
        }
        let s = duel(&args);
        let x = s["exact"].as_object().unwrap().clone();
        let what = format!("{bot}/{policy}, solo {solo}");
        for k in ["p_hero_wins", "p_hero_dies", "p_both_die", "p_escape", "p_monster_flees"] {
            rate_close(&format!("{what}: {k}"), f(&s, k), f(&x, k));
        }
        mean_close(&what, &s, "mean_rounds", f(&x, "mean_rounds"));
        mean_close(&what, &s, "mean_hero_wounds", f(&x, "mean_hero_wounds"));
        let ends: u64 =
            ["hero_wins", "hero_deaths", "escapes", "monster_fled"].iter().map(|k| s[*k].as_u64().unwrap()).sum();
        assert_eq!(ends, GAMES, "{what}: every duel ends one way");
    }
}

/// The same seed gives the same figures on any number of threads; every documented field is
/// there.
#[test]
fn classic_duels_do_not_depend_on_threads_and_give_every_field() {
    let run = |t: &str| {
        let mut m = duel(&["--hero", "rohan", "--bot", "mixed", "--monster-policy", "equilibrium", "--threads", t]);
        for k in ["wall_seconds", "games_per_sec", "threads"] {
            m.remove(k);
        }
        m
    };
    let a = run("1");
    assert_eq!(a, run("2"));
    assert_eq!(a, run("3"));
    for k in [
        "hero",
        "wounds",
        "monster",
        "life",
        "solo",
        "escape",
        "bot",
        "monster_policy",
        "seed",
        "edition",
        "data_hash",
        "games",
        "hero_wins",
        "hero_deaths",
        "escapes",
        "monster_fled",
        "both_die",
        "p_hero_wins",
        "p_hero_wins_ci95",
        "p_hero_dies",
        "p_escape",
        "p_monster_flees",
        "p_both_die",
        "mean_rounds",
        "mean_rounds_ci95",
        "mean_hero_wounds",
        "exact",
    ] {
        assert!(a.contains_key(k), "missing {k}");
    }
    assert_eq!(a["edition"], "classic");
    let x = a["exact"].as_object().unwrap();
    for k in
        ["p_hero_wins", "p_hero_dies", "p_escape", "p_monster_flees", "p_both_die", "mean_rounds", "mean_hero_wounds"]
    {
        assert!(x.contains_key(k), "exact lacks {k}");
    }
}
