//! `--game dealing-dungeons` through every command that plays games (run, replay, bench):
//! rows and summaries independent of threads and shards, replays that reproduce the rows,
//! and bad inputs refused with one line (the rest of the bad-input corpus is in `cli.rs`).

use crate::support::*;
use serde_json::Value;

const GAME: [&str; 2] = ["--game", "dealing-dungeons"];

/// Rows and summaries are the same for 1 and 2 threads and for 2 shards.
#[test]
fn dealing_rows_do_not_depend_on_threads_or_shards() {
    let dir = Scratch::new("dd-determinism");
    let table = [
        GAME[0],
        GAME[1],
        "--games",
        "3000",
        "--heroes",
        "3",
        "--bots",
        "greedy,cautious,mixed",
        "--seed",
        "5",
        "--quiet",
        "--json",
    ];
    let (s1, s2, full, one) = rows_on_1_and_2_threads(&dir, &table);
    assert_eq!(full.len(), 9_000);
    assert_eq!(s1["game"], Value::from("dealing-dungeons"));
    assert_eq!(s1["by_hero"], s2["by_hero"]);
    assert_eq!(s1["ends"], s2["ends"]);
    let (union, _) = shard_rows(&dir, &table, &[&["--shard", "0/2"], &["--shard", "1/2"]]);
    assert_eq!(union, full, "the shards together are not the full run");
    let merged = dir.file("merged.parquet");
    ok(&[
        "merge",
        "--game",
        "dealing-dungeons",
        &dir.file("shard0.parquet"),
        &dir.file("shard1.parquet"),
        "--out",
        &merged,
    ]);
    assert_eq!(read_rows(&merged), full, "the merged shards are not the full run");
    for r in &full {
        assert_eq!(r["game"], Value::from("dealing-dungeons"));
        assert_eq!(r["mode"], Value::from("standard"));
        assert_eq!(r["players"], Value::from(3));
        assert_eq!(r["death_cause"].is_null(), r["survived"] == true, "{r:?}");
        assert_eq!(r["lives_left"] == 0, r["survived"] == false, "{r:?}");
        if r["boss_defeated"] == true {
            assert_eq!(r["game_end"], Value::from("boss"), "{r:?}");
        }
        let level = r["level"].as_u64().unwrap();
        assert!((1..=3).contains(&level), "{r:?}");
    }
    let meta = dq_meta(&one);
    assert_eq!(meta["dq.game"], "dealing-dungeons");
    assert_eq!(meta["dq.mode"], "standard");
    assert_eq!(meta["dq.bots"], "greedy,cautious,mixed");
    assert!(!meta.contains_key("dq.edition") && !meta.contains_key("dq.monster_policy"), "{meta:?}");
}

/// The solo modes and the optional rules: one hero plays Solo Regular unless `--mode` says
/// otherwise, the rules are written canonically (sorted) to the `rules` column and
/// `dq.rules`, and threads do not change the rows.
#[test]
fn dealing_solo_modes_and_rules_run() {
    let dir = Scratch::new("dd-solo");
    for (extra, mode, rules) in [
        (&["--heroes", "1"][..], "solo-regular", ""),
        (&["--heroes", "1", "--mode", "solo-hard"][..], "solo-hard", ""),
        (
            &["--heroes", "ranger", "--mode", "solo-moderate", "--rule", "rolled-attack,long-dungeon=13"][..],
            "solo-moderate",
            "long-dungeon=13,rolled-attack",
        ),
        (&["--heroes", "3", "--rule", "choose-from-two,bag-swap"][..], "standard", "bag-swap,choose-from-two"),
    ] {
        let (one, two) = (dir.file(&format!("{mode}1.parquet")), dir.file(&format!("{mode}2.parquet")));
        for (threads, out) in [("1", &one), ("2", &two)] {
            let mut a: Vec<&str> = vec!["run", "--games", "400", "--seed", "3", "--quiet", "--threads", threads];
            a.extend(GAME);
            a.extend(extra);
            a.extend(["--out", out]);
            let said = ok(&a);
            assert!(said.is_empty() || !said.contains("error"), "{said}");
        }
        let rows = read_rows(&one);
        assert_eq!(rows, read_rows(&two), "{mode}: rows differ between 1 and 2 threads");
        assert!(rows.iter().all(|r| r["mode"] == mode && r["rules"] == rules), "{mode}");
        let meta = dq_meta(&one);
        assert_eq!((meta["dq.mode"].as_str(), meta["dq.rules"].as_str()), (mode, rules));
    }
}

/// Under `--rule replace-dead-hero` a seat plays on with new heroes: its row keeps the hero it
/// started with (the same as without the rule, whose set-up is the same), counts the heroes
/// lost, and says the first hero died when one did.
#[test]
fn dealing_replacement_rows_report_the_first_hero() {
    let dir = Scratch::new("dd-replace");
    let run = |rules: &[&str], out: &str| {
        let mut a: Vec<&str> = vec!["run", "--games", "1000", "--heroes", "2", "--seed", "8", "--quiet"];
        a.extend(GAME);
        a.extend(rules);
        a.extend(["--out", out]);
        ok(&a);
        read_rows(out)
    };
    let plain = run(&[], &dir.file("plain.parquet"));
    let replaced = run(&["--rule", "replace-dead-hero"], &dir.file("replaced.parquet"));
    assert_eq!(plain.len(), replaced.len());
    let lost = |r: &serde_json::Map<String, Value>| r["heroes_lost"].as_u64().unwrap();
    for (a, b) in plain.iter().zip(&replaced) {
        assert_eq!(a["hero"], b["hero"], "the row's hero is the seat's first: {b:?}");
        assert!(lost(a) <= 1 && (lost(a) == 1) == (a["survived"] == false), "{a:?}");
        assert_eq!(lost(b) == 0, b["survived"] == true, "{b:?}");
        assert_eq!(b["death_cause"].is_null(), b["survived"] == true, "{b:?}");
        assert_eq!(b["rules"], Value::from("replace-dead-hero"));
    }
    assert!(replaced.iter().any(|r| lost(r) >= 2), "no seat lost two heroes in 1,000 games");
    // A seat with a new hero plays on: the game ends with a boss far more often.
    let boss_ends = |rows: &Rows| rows.iter().filter(|r| r["game_end"] == "boss").count();
    assert!(boss_ends(&replaced) > boss_ends(&plain) + 200, "{} vs {}", boss_ends(&replaced), boss_ends(&plain));
}

/// Solo Hard under `--rule replace-dead-hero`: new heroes walk back through the reset levels
/// and build on past the newest boss, so games end by the fourth boss or with no hero left,
/// never at the round limit (half of them did when levels followed the bosses beaten).
#[test]
fn dealing_solo_hard_with_replacement_heroes_runs_to_an_end() {
    let mut a: Vec<&str> = vec!["run", "--games", "2000", "--seed", "20141", "--quiet", "--json"];
    a.extend(GAME);
    a.extend(["--mode", "solo-hard", "--heroes", "1", "--rule", "replace-dead-hero"]);
    let summary = json(&ok(&a));
    let ends = &summary["ends"];
    assert_eq!(ends["round_limit"], 0, "{ends}");
    assert!(ends["boss"].as_u64().unwrap() > 1_200, "{ends}");
}

/// `--mode co-op`: the rows of a game win or lose together, a win is a boss's fall, and the
/// rows do not depend on the threads.
#[test]
fn dealing_coop_runs_and_the_party_wins_or_loses_together() {
    let dir = Scratch::new("dd-coop");
    let (one, two) = (dir.file("coop1.parquet"), dir.file("coop2.parquet"));
    let mut summaries = Vec::new();
    for (threads, out) in [("1", &one), ("2", &two)] {
        let mut a: Vec<&str> = vec!["run", "--games", "600", "--seed", "4", "--quiet", "--json", "--threads", threads];
        a.extend(GAME);
        a.extend(["--mode", "co-op", "--heroes", "3", "--bots", "greedy,cautious,mixed", "--out", out]);
        summaries.push(json(&ok(&a)));
    }
    let rows = read_rows(&one);
    assert_eq!(rows, read_rows(&two), "co-op rows differ between 1 and 2 threads");
    assert_eq!(summaries[0]["by_hero"], summaries[1]["by_hero"]);
    assert_eq!(rows.len(), 1_800);
    let mut wins = 0;
    for game in rows.chunks(3) {
        assert!(game.iter().all(|r| r["mode"] == "co-op" && r["game_index"] == game[0]["game_index"]));
        assert!(game.iter().all(|r| r["winner"] == game[0]["winner"]), "the party wins together: {game:?}");
        if game[0]["winner"] == true {
            wins += 1;
            assert!(game.iter().all(|r| r["game_end"] == "boss"), "{game:?}");
            assert_eq!(game.iter().filter(|r| r["boss_defeated"] == true).count(), 1, "one killing blow");
        }
        for r in game {
            assert_eq!(r["death_cause"].is_null(), r["survived"] == true, "{r:?}");
        }
    }
    assert!(wins > 100 && wins < 600, "{wins} of 600 games won");
}

/// `--mode chaos`: every seat's row, one killing blow in a game won by a boss's fall, the
/// winner the living hero with the most loot; the same rows on 1 and 2 threads.
#[test]
fn dealing_chaos_runs_with_the_most_loot_winning() {
    let dir = Scratch::new("dd-chaos");
    let (one, two) = (dir.file("1.parquet"), dir.file("2.parquet"));
    for (out, threads) in [(&one, "1"), (&two, "2")] {
        let mut a = vec!["run", "--games", "1000", "--seed", "5", "--threads", threads, "--quiet"];
        a.extend(GAME);
        a.extend(["--mode", "chaos", "--heroes", "2", "--bots", "greedy,cautious", "--out", out]);
        ok(&a);
    }
    let rows = read_rows(&one);
    assert_eq!(rows, read_rows(&two), "chaos rows differ between 1 and 2 threads");
    assert_eq!(rows.len(), 2_000);
    let mut boss_games = 0;
    for game in rows.chunks(2) {
        assert!(game.iter().all(|r| r["mode"] == "chaos" && r["game_index"] == game[0]["game_index"]));
        let killed = game.iter().filter(|r| r["boss_defeated"] == true).count();
        if game[0]["game_end"] == "boss" {
            boss_games += 1;
            assert_eq!(killed, 1, "one killing blow: {game:?}");
            let best = game.iter().filter(|r| r["survived"] == true).map(|r| r["gold"].as_u64().unwrap()).max();
            for r in game {
                let top = r["survived"] == true && Some(r["gold"].as_u64().unwrap()) == best;
                assert_eq!(r["winner"] == true, top, "{game:?}");
            }
        } else {
            assert!(game.iter().all(|r| r["winner"] == false));
        }
    }
    // Few: every turn in the Treasure Room is a new minion, then a round with the boss.
    assert!(boss_games > 100, "{boss_games} of 1000 games end with the boss's fall");
}

/// `dq replay --game dealing-dungeons --index I` plays a run's game again: the same rows, and a
/// trace of its events and answers.
#[test]
fn dealing_replay_reproduces_the_parquet_rows() {
    let dir = Scratch::new("dd-replay");
    let out = dir.file("r.parquet");
    let table = ["--heroes", "barbarian,huntress,random", "--bots", "greedy,cautious,random", "--seed", "11"];
    let mut a = vec!["run", "--games", "1500", "--quiet", "--out", &out];
    a.extend(GAME);
    a.extend(table);
    let summary = ok(&a);
    let replay_line = summary.lines().find(|l| l.starts_with("replay a game: ")).expect("replay command printed");
    assert_eq!(
        replay_line,
        "replay a game: dq replay --game dealing-dungeons --index 0 --seed 11 --mode standard \
         --heroes barbarian,huntress,random --bots greedy,cautious,random"
    );
    let rows = read_rows(&out);
    for game in [0u64, 1, 1024, 1499] {
        let g = game.to_string();
        let mut a = vec!["replay", "--index", &g, "--format", "json"];
        a.extend(GAME);
        a.extend(table);
        let doc = replay_matches(&a, &rows, game);
        assert_eq!(doc["game"]["mode"], Value::from("standard"));
        assert!(!doc["events"].as_array().unwrap().is_empty());
    }
    let mut a = vec!["replay", "--index", "3"];
    a.extend(GAME);
    a.extend(table);
    let text = ok(&a);
    assert!(text.starts_with("dq replay: game 3 of seed 11, dealing-dungeons mode standard"), "{text}");
    assert!(text.contains(" builds (Build/Encounter)"), "the bots' answers are in the trace: {text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("  seat ") && l.contains(" (cautious): ")).count(), 1, "{text}");
}

/// `expert` (the shared search) plays through `dq run` and `dq replay`: the same rows on 1
/// and 2 threads, its spec in the replay command, and a replayed game equal to its rows.
#[test]
fn dealing_expert_runs_and_replays() {
    let dir = Scratch::new("dd-expert");
    let table = ["--heroes", "2", "--bots", "expert:samples=4:base=mixed,greedy", "--seed", "12"];
    let (one, two) = (dir.file("e1.parquet"), dir.file("e2.parquet"));
    let mut summary = String::new();
    for (threads, out) in [("1", &one), ("2", &two)] {
        let mut a = vec!["run", "--games", "60", "--threads", threads, "--out", out];
        a.extend(GAME);
        a.extend(table);
        summary = ok(&a);
    }
    let rows = read_rows(&one);
    assert_eq!(rows, read_rows(&two), "expert rows differ between 1 and 2 threads");
    assert!(summary.contains("--bots expert:base=mixed:samples=4,greedy"), "{summary}");
    // A searching seat cuts the run into small chunks, so every core gets games to play
    // (1,024-game chunks kept a 400-game expert run on one core).
    assert_eq!(dq_meta(&one)["dq.chunk_size"], "8");
    let plain = dir.file("plain.parquet");
    let mut a = vec!["run", "--games", "10", "--quiet", "--out", &plain, "--heroes", "2"];
    a.extend(GAME);
    ok(&a);
    assert_eq!(dq_meta(&plain)["dq.chunk_size"], "1024");
    let mut a = vec!["replay", "--index", "41", "--format", "json"];
    a.extend(GAME);
    a.extend(table);
    replay_matches(&a, &rows, 41);
}

/// A replacement hero's arrival is in the trace under the new hero's name, and the seat's
/// later lines name him, not the dead one.
#[test]
fn dealing_replay_names_a_replacement_hero() {
    let mut a = vec!["replay", "--index", "2", "--seed", "20141", "--mode", "standard", "--heroes", "2"];
    a.extend(GAME);
    a.extend(["--rule", "replace-dead-hero"]);
    let text = ok(&a);
    let line = text.lines().position(|l| l.contains(" replaces the dead ")).expect("a hero is replaced in game 2");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[line].trim(), "seat 0: barbarian replaces the dead gladiator at the entrance; the dungeon resets");
    assert!(lines[line..].iter().any(|l| l.contains("seat 0 (barbarian)")), "{text}");
    assert!(!lines[line..].iter().any(|l| l.contains("seat 0 (gladiator)")), "{text}");
}

/// `dq bench --game dealing-dungeons` measures and allocates nothing per game.
#[test]
fn dealing_bench_allocates_nothing_per_game() {
    let out =
        ok(&["bench", "--game", "dealing-dungeons", "--heroes", "2", "--games", "3000", "--rounds", "1", "--json"]);
    let f = json(&out);
    assert!(f["games_per_sec_1_thread"].as_f64().unwrap() > 0.0, "{f:?}");
    assert_eq!(f["allocations_per_game"].as_f64(), Some(0.0), "{f:?}");
}

/// Bad inputs: exit 2, one line, nothing written.
#[test]
fn dealing_bad_inputs_are_refused_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["--heroes", "bob"], "unknown hero \"bob\" (known: barbarian, berserker, ranger"),
        (&["--heroes", "1", "--mode", "standard"], "--heroes 1: dealing-dungeons' standard mode has 2 to 4 heroes"),
        (&["--heroes", "2", "--mode", "solo-hard"], "--heroes 2: dealing-dungeons' solo-hard mode has 1 hero"),
        (&["--heroes", "5"], "--heroes 5: dealing-dungeons has 1 to 4 heroes"),
        (&["--heroes", "barbarian,berserker"], "hero card \"barbarian\" is chosen twice"),
        (
            &["--heroes", "2", "--mode", "chaos", "--rule", "replace-dead-hero"],
            "replacement hero does not apply here: Chaos's dungeons were built and populated by every player",
        ),
        (&["--heroes", "2", "--mode", "hard"], "unknown mode \"hard\" (known: standard, solo-regular"),
        (
            &["--heroes", "2", "--rule", "torchlight"],
            "unknown dealing-dungeons rule \"torchlight\" (known: replace-dead-hero,",
        ),
        (
            &["--heroes", "2", "--rule", "long-dungeon=13"],
            "long dungeon does not apply here: only Solo Moderate builds its dungeon with 12 to 15",
        ),
        (
            &["--heroes", "1", "--mode", "solo-moderate", "--rule", "long-dungeon=16"],
            "the rulebook's longer dungeon has 12 to 15",
        ),
        (&["--heroes", "1", "--mode", "solo-moderate", "--rule", "long-dungeon=x"], "must be a number 12 to 15"),
        (&["--heroes", "1", "--mode", "solo-moderate", "--rule", "replace-dead-hero"], "in Solo Moderate"),
        (&["--heroes", "2", "--rule", "choose-from-two,choose-from-all"], "a hero-choice procedure is given twice"),
        (&["--heroes", "2", "--rule", "bag-swap,bag-swap"], "rule \"bag-swap\" is given twice"),
        (&["--heroes", "2", "--edition", "third"], "--edition third is a dungeonquest option"),
        (&["--heroes", "2", "--monster-policy", "random"], "--monster-policy random is a dungeonquest option"),
        (
            &["--heroes", "2", "--bot", "expert:risk=5"],
            "dealing-dungeons's expert takes only samples, base, life and win",
        ),
        (&["--heroes", "2", "--bot", "expert:samples=0"], "samples=0: expected a whole number from 1 to 1000"),
        (&["--heroes", "2", "--bot", "expert:samples=x"], "samples=x: expected a whole number from 1 to 1000"),
        (&["--heroes", "2", "--bot", "expert:base=random"], "base=random: expected greedy, cautious or mixed"),
        (&["--heroes", "2", "--bot", "expert:depth=3"], "unknown parameter \"depth\""),
        (&["--heroes", "2", "--bots", "expert:samples=4,expert:samples"], "parameter \"samples\" is not name=value"),
        (&["--heroes", "2", "--bot", "greedy:risk=5"], "take no parameters yet"),
        (&["--heroes", "2", "--bot", "expert:win=x"], "win=x: expected a whole number from 0 to 100000"),
        (&["--heroes", "2", "--bot", "expert:win=100001"], "win=100001: expected a whole number from 0 to 100000"),
        (&["--heroes", "2", "--bot", "expert:life=-5"], "life=-5: expected a whole number from 0 to 10000"),
        (&["--heroes", "2", "--bot", "greedy:win=5"], "unknown parameter \"win\""),
        (&["--heroes", "3", "--bots", "greedy,cautious"], "2 bots for 3 heroes"),
    ];
    for (extra, expect) in cases {
        for cmd in ["run", "bench"] {
            let mut a = vec![cmd];
            a.extend(GAME);
            a.extend(*extra);
            refused_with(&a, expect);
        }
        let mut a = vec!["replay", "--index", "0"];
        a.extend(GAME);
        a.extend(*extra);
        refused_with(&a, expect);
    }
    refused_with(&["run", "--mode", "standard"], "--mode standard: modes are dealing-dungeons'; dungeonquest has none");
    // `dq duel --game dealing-dungeons`.
    let duels: &[(&[&str], &str)] = &[
        (&["--hero", "bob"], "unknown hero \"bob\" (known: barbarian, berserker"),
        (&["--hero", "barbarian", "--monster", "dragon"], "unknown monster \"dragon\" (known: giant-rat"),
        (&["--hero", "barbarian", "--monster", "darkness"], "encounter \"darkness\" is no monster"),
        (&["--hero", "barbarian", "--boss", "smaug"], "unknown boss \"smaug\" (known: troll-mage"),
        (&["--hero", "barbarian", "--boss", "lich", "--monster", "orc"], "--boss and --monster: a duel is one fight"),
        (&["--hero", "barbarian", "--policy", "charge"], "unknown monster policy \"charge\" (known: fight, ranged"),
        (&["--hero", "barbarian", "--boss", "lich", "--policy", "ranged"], "unknown boss policy \"ranged\""),
        (&["--hero", "barbarian", "--boss", "lich", "--policy", "defend-above=99"], "K must be a whole number"),
        (&["--hero", "barbarian", "--policy", "ranged"], "barbarian has no Range skill at level 1"),
        (&["--hero", "barbarian", "--distance", "1"], "from a distance only --policy ranged"),
        (&["--hero", "barbarian", "--boss", "lich", "--distance", "1"], "an End Boss is fought in the Treasure Room"),
        (&["--hero", "barbarian", "--wounds", "3"], "barbarian starts with 3 lives"),
        (&["--hero", "barbarian", "--level", "0"], "--level 0: a hero's level is 1 to"),
        (&["--hero", "barbarian", "--life", "0"], "--life 0: a foe has at least 1 life"),
        (&["--hero", "barbarian", "--gear", "short-sword,mace"], "barbarian equips 1 In Hand card(s)"),
        (&["--hero", "barbarian", "--gear", "excalibur"], "unknown In Hand card \"excalibur\""),
        (&["--hero", "barbarian", "--rule", "bag-swap"], "rule \"bag-swap\" does not change one fight"),
        (&["--hero", "barbarian", "--rule", "nonsense"], "unknown dealing-dungeons rule \"nonsense\""),
        (&["--hero", "barbarian", "--boss", "lich", "--rule", "rolled-attack"], "a boss rolls its dice anyway"),
        (&["--hero", "barbarian", "--bot", "greedy"], "a dealing-dungeons duel fights under a fixed --policy"),
        (&["--hero", "barbarian", "--edition", "third"], "--edition third is a dungeonquest duel option"),
        (&["--hero", "barbarian", "--monster-policy", "random"], "--monster-policy random is a dungeonquest duel"),
        (&["--hero", "barbarian", "--solo"], "--solo is a dungeonquest duel option"),
        (&["--hero", "barbarian", "--no-escape"], "a dealing-dungeons duel never runs"),
    ];
    for (extra, expect) in duels {
        let mut a = vec!["duel", "--game", "dealing-dungeons"];
        a.extend(*extra);
        refused_with(&a, expect);
    }
    refused_with(&["duel", "--hero", "hugo", "--boss", "lich"], "--boss is a dealing-dungeons duel option");
    refused_with(&["duel", "--hero", "hugo", "--policy", "fight"], "--policy is a dealing-dungeons duel option");
}
