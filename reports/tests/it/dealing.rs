//! `dq report`, `dq compare` and `dq sweep` on Dealing Dungeons files (`--game
//! dealing-dungeons`): figures recomputed from the rows, a run compared with itself, modes and
//! rule sets never pooled, and files of the two games never read into one report.

use crate::runs::{run_of, summary};
use crate::support::*;
use serde_json::Value;
use std::collections::BTreeMap;

/// Counts of one (mode, rules, hero, players) group straight from the rows.
#[derive(Default, Debug, PartialEq)]
struct Expect {
    n: u64,
    survived: u64,
    winners: u64,
    boss: u64,
    levels: u64,
    lost: u64,
    causes: BTreeMap<String, u64>,
}

fn expectations(files: &[&str]) -> BTreeMap<(String, String, String, u64), Expect> {
    let mut m: BTreeMap<_, Expect> = BTreeMap::new();
    for f in files {
        for r in read_rows(f) {
            let s = |k: &str| r[k].as_str().unwrap().to_string();
            let rules = if s("rules").is_empty() { "none".to_string() } else { s("rules") };
            let e = m.entry((s("mode"), rules, s("hero"), r["players"].as_u64().unwrap())).or_default();
            e.n += 1;
            e.survived += r["survived"].as_bool().unwrap() as u64;
            e.winners += r["winner"].as_bool().unwrap() as u64;
            e.boss += r["boss_defeated"].as_bool().unwrap() as u64;
            e.levels += r["level"].as_u64().unwrap();
            e.lost += r["heroes_lost"].as_u64().unwrap();
            if let Some(c) = r["death_cause"].as_str() {
                *e.causes.entry(c.to_string()).or_default() += 1;
            }
        }
    }
    m
}

fn run(dir: &Scratch, name: &str, extra: &[&str]) -> String {
    run_of("dealing-dungeons", 600, dir, name, extra)
}

/// Every group's survival, wins, bosses, levels and death causes are the rows' own; groups
/// of different rules are not pooled.
#[test]
fn dealing_report_figures_come_from_the_data() {
    let dir = Scratch::new("dd-report");
    let a = run(&dir, "a.parquet", &["--heroes", "3"]);
    let b = run(&dir, "b.parquet", &["--heroes", "3", "--rule", "rolled-attack,replace-dead-hero"]);
    let out = dir.file("rep");
    let said = ok(&["report", "--game", "dealing-dungeons", &a, &b, "--out", &out]);
    assert!(said.starts_with("dq report: 2 files, 3600 hero-games in "), "{said}");
    let s = summary(&out);
    let totals = s["totals"].as_object().unwrap();
    assert_eq!(totals["differ_in"], serde_json::json!(["rules"]));
    assert_eq!(totals["survival_rate"], Value::Null, "different rules pooled");
    let want = expectations(&[&a, &b]);
    // Without the rule a seat loses its one hero or none; with it, some seats lose several.
    assert!(want.iter().all(|(k, e)| k.1.contains("replace-dead-hero") || e.lost == e.n - e.survived), "{want:?}");
    assert!(want.iter().any(|(k, e)| k.1.contains("replace-dead-hero") && e.lost > e.n - e.survived), "{want:?}");
    let groups = s["groups"].as_array().unwrap();
    assert_eq!(groups.len(), want.len());
    for g in groups {
        let t = |k: &str| g[k].as_str().unwrap().to_string();
        let key = (t("mode"), t("rules"), t("hero"), g["players"].as_u64().unwrap());
        let e = &want[&key];
        assert_eq!(g["hero_games"], e.n, "{key:?}");
        assert_eq!(g["survived"], e.survived, "{key:?}");
        assert_eq!(g["winners"], e.winners, "{key:?}");
        assert_eq!(g["boss_defeated"], e.boss, "{key:?}");
        let level_mean = g["level"]["mean"].as_f64().unwrap();
        assert!((level_mean - e.levels as f64 / e.n as f64).abs() < 1e-9, "{key:?}");
        let lost_mean = g["heroes_lost"]["mean"].as_f64().unwrap();
        assert!((lost_mean - e.lost as f64 / e.n as f64).abs() < 1e-9, "{key:?}");
        for (cause, n) in g["death_causes"].as_object().unwrap() {
            assert_eq!(n.as_u64().unwrap(), e.causes.get(cause).copied().unwrap_or(0), "{key:?} {cause}");
        }
    }
    for f in ["index.html", "summary.md", "survival.svg", "boss.svg", "loot.svg", "causes.svg", "levels.svg"] {
        assert!(std::path::Path::new(&out).join(f).is_file(), "{f} missing");
    }
    let md = std::fs::read_to_string(std::path::Path::new(&out).join("summary.md")).unwrap();
    for title in ["## Survival", "## End Boss", "## Loot of survivors", "## Death causes", "## Effects against none"] {
        assert!(md.contains(title), "{title} missing");
    }
}

/// A run compared with itself is paired and differs by nothing; with rolled attacks it is
/// paired too (the same seed and games).
#[test]
fn dealing_compare_pairs_runs_of_one_seed() {
    let dir = Scratch::new("dd-compare");
    let a = run(&dir, "a.parquet", &["--heroes", "2"]);
    let b = run(&dir, "b.parquet", &["--heroes", "2", "--rule", "rolled-attack"]);
    let same = json(&ok(&["compare", "--game", "dealing-dungeons", &a, &a, "--json"]));
    let overall = &same["overall"];
    assert_eq!(overall["paired"], true, "{same:?}");
    assert_eq!(overall["pairs"], 1200, "{same:?}");
    assert_eq!(overall["survival_diff"], 0.0, "{same:?}");
    assert_eq!(overall["gold_diff"], 0.0, "{same:?}");
    assert_eq!(same["gold"], "loot tally per hero-game, the dead counting 0");
    let c = ok(&["compare", "--game", "dealing-dungeons", &a, &b]);
    assert!(c.contains("McNemar") && c.contains("loot"), "{c}");
}

/// A Dealing Dungeons file and a DungeonQuest file are never read into one report or
/// comparison: one line names the file of the other game.
#[test]
fn files_of_two_games_are_refused() {
    let dir = Scratch::new("dd-mixed");
    let dd = run(&dir, "dd.parquet", &["--heroes", "2"]);
    let dq = dir.file("dq.parquet");
    ok(&["run", "--games", "300", "--heroes", "2", "--quiet", "--out", &dq]);
    let out = dir.file("rep");
    refused_with(
        &["report", "--game", "dealing-dungeons", &dd, &dq, "--out", &out],
        "results of the game dungeonquest",
    );
    // Without --game the first file (in sorted order: dd before dq) names the game.
    refused_with(&["report", &dd, &dq, "--out", &out], "results of the game dungeonquest");
    refused_with(&["report", "--game", "dungeonquest", &dd, "--out", &out], "--game dealing-dungeons reads its files");
    refused_with(&["compare", "--game", "dealing-dungeons", &dd, &dq], "results of the game dungeonquest");
    refused_with(&["compare", &dq, &dd], "results of the game dealing-dungeons");
    assert!(!std::path::Path::new(&out).exists(), "a refused report left a folder");
}

/// Without `--game`, a report or comparison reads its files as the game they name in their
/// metadata.
#[test]
fn the_game_is_read_from_the_files() {
    let dir = Scratch::new("dd-detect");
    let dd = run(&dir, "dd.parquet", &["--heroes", "2"]);
    let out = dir.file("rep");
    let said = ok(&["report", &dd, "--out", &out]);
    assert!(said.starts_with("dq report: 1 file, 1200 hero-games in "), "{said}");
    let given = dir.file("rep-given");
    ok(&["report", "--game", "dealing-dungeons", &dd, "--out", &given]);
    let (a, b) = (summary(&out), summary(&given));
    assert_eq!(a["groups"], b["groups"], "the detected game's report differs from --game's");
    let c = json(&ok(&["compare", &dd, &dd, "--json"]));
    assert_eq!(c, json(&ok(&["compare", "--game", "dealing-dungeons", &dd, &dd, "--json"])));
}

/// A sweep over modes and rules: a file per cell, modes kept apart in the report.
#[test]
fn dealing_sweep_keeps_modes_apart() {
    let dir = Scratch::new("dd-sweep");
    let config = dir.file("grid.toml");
    std::fs::write(
        &config,
        "games = 300\nseed = 2\nmodes = [\"solo-regular\", \"solo-moderate\"]\nrules = [\"standard\", \"rolled-attack\"]\nheroes = [\"barbarian\"]\n",
    )
    .unwrap();
    let out = dir.file("grid");
    let said = ok(&["sweep", "--game", "dealing-dungeons", "--config", &config, "--out", &out]);
    assert!(said.contains("mode_solo-moderate/rules_rolled-attack"), "{said}");
    let cells = [
        "mode_solo-regular/rules_standard",
        "mode_solo-regular/rules_rolled-attack",
        "mode_solo-moderate/rules_standard",
        "mode_solo-moderate/rules_rolled-attack",
    ];
    for c in cells {
        let rows = read_rows(&format!("{out}/{c}/part-0.parquet"));
        assert_eq!(rows.len(), 300, "{c}");
        let mode = c.split('/').next().unwrap().trim_start_matches("mode_");
        assert!(rows.iter().all(|r| r["mode"] == mode), "{c}");
    }
    let s = summary(&format!("{out}/_report"));
    assert_eq!(s["totals"]["differ_in"], serde_json::json!(["mode", "rules"]));
    assert_eq!(s["groups"].as_array().unwrap().len(), 4);
    let editions = dir.file("editions.toml");
    std::fs::write(&editions, "games = 10\neditions = [\"third\"]\n").unwrap();
    refused_with(
        &["sweep", "--game", "dealing-dungeons", "--config", &editions, "--out", &dir.file("x")],
        "--edition third is a dungeonquest option",
    );
}

/// A Dealing Dungeons file written before the `heroes_lost` column (session 17) is refused in
/// one line that says why and what to do, by `dq report` and `dq compare`.
#[test]
fn a_file_from_before_heroes_lost_is_refused_by_name() {
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use parquet::arrow::ArrowWriter;
    use parquet::file::properties::WriterProperties;
    use std::fs::File;
    let dir = Scratch::new("dd-old");
    let new = run(&dir, "new.parquet", &["--heroes", "2"]);
    // The same file with the column taken out, its metadata kept (as session 16's dq wrote it).
    let old = dir.file("old.parquet");
    let reader = ParquetRecordBatchReaderBuilder::try_new(File::open(&new).unwrap()).unwrap();
    let kv = reader.metadata().file_metadata().key_value_metadata().cloned();
    let commit = kv.iter().flatten().find(|k| k.key == "dq.git_commit").and_then(|k| k.value.clone()).unwrap();
    let mut batches: Vec<_> = reader.build().unwrap().map(|b| b.unwrap()).collect();
    for b in &mut batches {
        let i = b.schema().index_of("heroes_lost").unwrap();
        b.remove_column(i);
    }
    let props = WriterProperties::builder().set_key_value_metadata(kv).build();
    let mut w = ArrowWriter::try_new(File::create(&old).unwrap(), batches[0].schema(), Some(props)).unwrap();
    for b in &batches {
        w.write(b).unwrap();
    }
    w.close().unwrap();
    let why = "column \"heroes_lost\" is missing: written by an older dq";
    let by =
        if commit.len() >= 12 && commit != "unknown" { format!(" (commit {})", &commit[..12]) } else { String::new() };
    let line = refused_with(&["report", &old, "--out", &dir.file("rep")], &format!("{old}: {why}"));
    assert!(line.contains(&format!("{why}{by} before the column was added; re-run it with this dq")), "{line}");
    refused_with(&["compare", &new, &old], &format!("{old}: {why}"));
    refused_with(&["report", &new, &old, "--out", &dir.file("rep")], &format!("{old}: {why}"));
}
