//! `--edition classic`: the 1987 game through every command that plays games (run, replay,
//! bench; sweep and the reports read its files like any other DungeonQuest file).

use crate::support::*;
use serde_json::Value;
use std::path::Path;

/// Rows and summaries are the same for any thread count and shard split.
#[test]
fn classic_rows_do_not_depend_on_threads_or_shards() {
    let dir = Scratch::new("classic-determinism");
    let table = ["--edition", "classic", "--games", "3000", "--heroes", "4", "--seed", "5", "--quiet", "--json"];
    let (s1, s2, full, one) = rows_on_1_and_2_threads(&dir, &table);
    assert_eq!(full.len(), 12_000);
    assert_eq!(s1["edition"], Value::from("classic"));
    assert_eq!(s1["by_hero"], s2["by_hero"]);
    let (union, _) = shard_rows(&dir, &table, &[&["--shard", "0/2"], &["--shard", "1/2"]]);
    assert_eq!(union, full, "the shards together are not the full run");
    // Every row is a 1987 row: its edition, heroes, and the columns the 1987 rules fill.
    for r in &full {
        assert_eq!(r["edition"], Value::from("classic"));
        assert!(["rohan", "ulf", "el-adoran", "volrik"].contains(&r["hero"].as_str().unwrap()), "{r:?}");
        assert_eq!(r["catacomb_entries"], Value::from(0));
        assert_eq!(r["survived"], r["exited"]);
        assert_eq!(r["death_cause"].is_null(), r["survived"] == true, "{r:?}");
        assert!(r["turns"].as_u64().unwrap() <= 26 && r["end_round"].as_u64().unwrap() <= 26, "{r:?}");
    }
    let meta = dq_meta(&one);
    assert_eq!(meta["dq.edition"], "classic");
    assert_eq!(meta["dq.monster_policy"], "random");
}

/// `dq replay --edition classic` plays a run's game again: the same rows, the 1987 trace.
#[test]
fn classic_replay_reproduces_the_parquet_rows() {
    let dir = Scratch::new("classic-replay");
    let out = dir.file("r.parquet");
    let table = ["--edition", "classic", "--heroes", "rohan,random", "--bot", "cautious", "--seed", "11"];
    let mut a = vec!["run", "--games", "1500", "--quiet", "--out", &out];
    a.extend(table);
    let summary = ok(&a);
    let replay_line = summary.lines().find(|l| l.starts_with("replay a game: ")).expect("replay command printed");
    assert_eq!(
        replay_line,
        "replay a game: dq replay --seed 11 --game 0 --edition classic --heroes rohan,random --bot cautious"
    );
    let rows = read_rows(&out);
    for game in [0u64, 1, 1024, 1499] {
        let g = game.to_string();
        let mut a = vec!["replay", "--game", &g, "--format", "json"];
        a.extend(table);
        let doc = replay_matches(&a, &rows, game);
        assert_eq!(doc["game"]["edition"], Value::from("classic"));
        assert!(!doc["events"].as_array().unwrap().is_empty());
    }
    let mut a = vec!["replay", "--game", "3"];
    a.extend(table);
    let text = ok(&a);
    assert!(text.starts_with("dq replay: game 3 of seed 11, edition classic"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("  seat ") && l.contains(" (cautious): ")).count(), 2, "{text}");
}

/// A copy of data/dungeonquest/classic plays as the embedded data; a bad value names the file
/// and line.
#[test]
fn classic_data_folders_load_or_fail_with_file_and_line() {
    let dir = Scratch::new("classic-data");
    let data = dir.0.join("classic");
    std::fs::create_dir(&data).unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/dungeonquest/classic");
    for f in dq_engine::dungeonquest::classic::rules::ClassicSources::FILES {
        std::fs::copy(from.join(f), data.join(f)).unwrap();
    }
    let d = data.display().to_string();
    let a = json(&ok(&["run", "--games", "500", "--json", "--quiet", "--data", &d, "--heroes", "2"]));
    let b = json(&ok(&["run", "--games", "500", "--json", "--quiet", "--edition", "classic", "--heroes", "2"]));
    assert_eq!(without_timing(a), without_timing(b));
    let heroes = data.join("heroes.ron");
    let text = std::fs::read_to_string(&heroes).unwrap();
    let line = text.lines().position(|l| l.contains("life: 16,")).unwrap() + 1;
    std::fs::write(&heroes, text.replacen("life: 16,", "life: sixteen,", 1)).unwrap();
    let out = dir.file("x.parquet");
    let err = refused_with(&["run", "--data", &d, "--out", &out], "");
    assert!(err.starts_with(&format!("dq: {}:{line}: ", heroes.display())), "{err}");
    assert_eq!(dir.entries(), ["classic"]);
}

/// `dq bench --edition classic` plays the 1987 game with no allocation per game.
#[test]
fn classic_bench_allocates_nothing_per_game() {
    let j = json(&ok(&[
        "bench",
        "--edition",
        "classic",
        "--heroes",
        "4",
        "--games",
        "400",
        "--threads",
        "1",
        "--rounds",
        "1",
        "--json",
    ]));
    assert_eq!(j["allocations_per_game"].as_f64(), Some(0.0), "{j:?}");
    assert!(j["rng_draws_per_game"].as_f64().unwrap() > 0.0, "{j:?}");
}
