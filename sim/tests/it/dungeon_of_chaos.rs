//! `--game dungeon-of-chaos` through every command that plays games (run, replay, bench):
//! rows and summaries independent of threads and shards, replays that reproduce the rows,
//! and bad inputs refused with one line.

use crate::support::*;
use serde_json::Value;

const GAME: [&str; 2] = ["--game", "dungeon-of-chaos"];

/// Rows and summaries are the same for 1 and 2 threads and for 2 shards (merged too).
#[test]
fn chaos_rows_do_not_depend_on_threads_or_shards() {
    let dir = Scratch::new("doc-determinism");
    let table = [
        GAME[0],
        GAME[1],
        "--games",
        "2100",
        "--heroes",
        "3",
        "--bots",
        "greedy,cautious,random",
        "--seed",
        "5",
        "--quiet",
        "--json",
    ];
    let (s1, s2, full, _) = rows_on_1_and_2_threads(&dir, &table);
    assert_eq!(full.len(), 6_300);
    assert_eq!(s1["game"], Value::from("dungeon-of-chaos"));
    assert_eq!(s1["by_profile"], s2["by_profile"]);
    assert_eq!(s1["ends"], s2["ends"]);
    let (union, _) = shard_rows(&dir, &table, &[&["--shard", "0/2"], &["--shard", "1/2"]]);
    assert_eq!(union, full, "the shards together are not the full run");
    let merged = dir.file("merged.parquet");
    ok(&[
        "merge",
        "--game",
        "dungeon-of-chaos",
        &dir.file("shard0.parquet"),
        &dir.file("shard1.parquet"),
        "--out",
        &merged,
    ]);
    assert_eq!(read_rows(&merged), full, "the merged shards are not the full run");
    // Without --game the parts name their game.
    let detected = dir.file("detected.parquet");
    ok(&["merge", &dir.file("shard0.parquet"), &dir.file("shard1.parquet"), "--out", &detected]);
    assert_eq!(read_rows(&detected), full, "merged without --game");
    let mut wins = 0;
    for r in &full {
        assert_eq!(r["game"], Value::from("dungeon-of-chaos"));
        assert_eq!(r["players"], Value::from(3));
        assert_eq!(r["death_cause"].is_null(), r["survived"] == true, "{r:?}");
        assert_eq!(r["death_by"].is_null(), r["survived"] == true, "{r:?}");
        let cats = ["monster", "insanity", "paralysis", "tile", "card", "ailment"];
        if let Some(c) = r["death_cause"].as_str() {
            assert!(cats.contains(&c), "{r:?}");
            assert_ne!(r["death_by"], "unknown", "{r:?}");
        }
        let by: u64 = cats.iter().map(|c| r[&format!("deaths_{c}")].as_u64().unwrap()).sum();
        assert_eq!(by, r["deaths"].as_u64().unwrap(), "{r:?}");
        assert_eq!(r["deaths"] == 0, r["survived"] == true, "{r:?}");
        assert_eq!(r["characters"].as_u64().unwrap(), r["deaths"].as_u64().unwrap() + 1, "{r:?}");
        let deepest = r["deepest_level"].as_u64().unwrap();
        assert!((1..=4).contains(&deepest), "{r:?}");
        if r["winner"] == true {
            wins += 1;
            assert_eq!(r["game_end"], Value::from("won"), "{r:?}");
            assert!(r["gold"].as_u64().unwrap() >= 2000, "{r:?}");
        } else if r["game_end"] == "round_limit" {
            assert_eq!(r["rounds"], Value::from(200), "{r:?}");
        }
    }
    let won_games = s1["ends"]["won"].as_u64().unwrap();
    assert_eq!(wins, won_games, "one winner a won game");
}

/// `dq replay` rebuilds a run's rows exactly, and prints the bots' answers.
#[test]
fn chaos_replay_reproduces_the_parquet_rows() {
    let dir = Scratch::new("doc-replay");
    let out = dir.file("r.parquet");
    let table = ["--heroes", "random,random,random", "--bots", "greedy,cautious,random", "--seed", "11"];
    let mut a = vec!["run", "--games", "1100", "--quiet", "--out", &out];
    a.extend(GAME);
    a.extend(table);
    let summary = ok(&a);
    let replay_line = summary.lines().find(|l| l.starts_with("replay a game: ")).expect("replay command printed");
    assert_eq!(
        replay_line,
        "replay a game: dq replay --game dungeon-of-chaos --index 0 --seed 11 --heroes 3 --bots greedy,cautious,random"
    );
    let rows = read_rows(&out);
    for game in [0u64, 1, 1024, 1099] {
        let g = game.to_string();
        let mut a = vec!["replay", "--index", &g, "--format", "json"];
        a.extend(GAME);
        a.extend(table);
        let doc = replay_matches(&a, &rows, game);
        assert!(!doc["events"].as_array().unwrap().is_empty());
    }
    let mut a = vec!["replay", "--index", "3"];
    a.extend(GAME);
    a.extend(table);
    let text = ok(&a);
    assert!(text.starts_with("dq replay: game 3 of seed 11, dungeon-of-chaos"), "{text}");
    assert!(text.contains(" ends the turn"), "the bots' answers are in the trace: {text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("  seat ") && l.contains(" (cautious): ")).count(), 1, "{text}");
}

/// `dq bench --game dungeon-of-chaos` measures and allocates nothing per game.
#[test]
fn chaos_bench_allocates_nothing_per_game() {
    let out =
        ok(&["bench", "--game", "dungeon-of-chaos", "--heroes", "2", "--games", "1000", "--rounds", "1", "--json"]);
    let f = json(&out);
    assert!(f["games_per_sec_1_thread"].as_f64().unwrap() > 0.0, "{f:?}");
    assert_eq!(f["allocations_per_game"].as_f64(), Some(0.0), "{f:?}");
}

/// `expert` (the shared search) plays through `dq run`: the same rows on 1 and 2 threads.
#[test]
fn chaos_expert_runs_alike_on_any_threads() {
    let dir = Scratch::new("doc-expert");
    let (one, two) = (dir.file("e1.parquet"), dir.file("e2.parquet"));
    for (threads, out) in [("1", &one), ("2", &two)] {
        let mut a = vec!["run", "--games", "3", "--seed", "4", "--quiet", "--threads", threads, "--out", out];
        a.extend(GAME);
        a.extend(["--heroes", "2", "--bots", "expert:samples=2,cautious"]);
        ok(&a);
    }
    assert_eq!(read_rows(&one), read_rows(&two), "expert rows differ between 1 and 2 threads");
}

/// Bad inputs: exit 2, one line, nothing written.
#[test]
fn chaos_bad_inputs_are_refused_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["--heroes", "fairy,random"], "--heroes fairy,random: unknown profile \"fairy\" (known: faerie, wizard,"),
        (&["--heroes", "faerie,faerie"], "--heroes faerie,faerie: profile \"faerie\" is named twice"),
        (&["--heroes", "1"], "--heroes 1: dungeon-of-chaos has 2 to 4 adventurers"),
        (&["--heroes", "5"], "--heroes 5: dungeon-of-chaos has 2 to 4 adventurers"),
        (&["--heroes", "random"], "--heroes random: dungeon-of-chaos has 2 to 4 adventurers"),
        (&["--heroes", "2", "--edition", "third"], "--edition third: dungeon-of-chaos has no such option"),
        (&["--heroes", "2", "--mode", "chaos"], "--mode chaos: dungeon-of-chaos has no such option"),
        (&["--heroes", "2", "--rule", "torchlight"], "--rule torchlight: dungeon-of-chaos has no optional rules"),
        (&["--heroes", "2", "--monster-policy", "random"], "--monster-policy random: dungeon-of-chaos has no such"),
        (&["--heroes", "2", "--bot", "expert:risk=5"], "dungeon-of-chaos's expert takes only samples, base and win"),
        (&["--heroes", "2", "--bot", "expert:samples=0"], "samples=0: expected a whole number from 1 to 1000"),
        (&["--heroes", "2", "--bot", "expert:samples=x"], "samples=x: expected a whole number from 1 to 1000"),
        (&["--heroes", "2", "--bot", "expert:base=random"], "base=random: expected greedy, cautious or mixed"),
        (&["--heroes", "2", "--bot", "expert:depth=3"], "unknown parameter \"depth\""),
        (&["--heroes", "2", "--bots", "expert:samples=4,expert:samples"], "parameter \"samples\" is not name=value"),
        (&["--heroes", "2", "--bot", "greedy:risk=5"], "take no parameters yet"),
        (&["--heroes", "2", "--bot", "expert:win=-1"], "win=-1: expected a whole number from 0 to 100000"),
        (&["--heroes", "2", "--bot", "expert:life=200"], "dungeon-of-chaos's expert takes only samples, base and win"),
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
}

/// `--heroes faerie,random`: seat 1 plays the Faerie in every game (the draw of three skipped
/// for its first character); the summary and the replay command keep the list.
#[test]
fn chaos_a_profile_named_on_the_command_line_is_played() {
    let mut a = vec!["run"];
    a.extend(GAME);
    a.extend(["--heroes", "faerie,random", "--games", "40", "--seed", "3", "--quiet", "--json"]);
    let s = json(&ok(&a));
    assert_eq!(s["heroes"], Value::from("faerie,random"));
    assert!(s["by_profile"]["faerie"]["seat_games"].as_u64().unwrap() >= 40, "{s:?}");
    assert!(s["replay"].as_str().unwrap().contains("--heroes faerie,random"), "{s:?}");
}
