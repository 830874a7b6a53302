//! `dq report`, `dq compare` and `dq sweep` on The Dungeon of Chaos files (`--game
//! dungeon-of-chaos`): figures recomputed from the rows, a run compared with itself, bots and
//! seat counts never pooled, and files of two games never read into one report.

use crate::runs::{run_of, summary};
use crate::support::*;
use serde_json::Value;
use std::collections::BTreeMap;

/// Sums of one (first profile, bot, seats) group straight from the rows.
#[derive(Default, Debug, PartialEq)]
struct Expect {
    n: u64,
    winners: u64,
    unfinished: u64,
    survived: u64,
    gold: u64,
    deaths: u64,
    characters: u64,
    deepest: u64,
    kills: u64,
    town: u64,
    items: u64,
    rounds: u64,
    /// Seat-games by their last death's cause.
    causes: BTreeMap<String, u64>,
    /// Deaths by category (the `deaths_` columns).
    deaths_by: BTreeMap<&'static str, u64>,
}

/// The death categories of the `deaths_` columns.
const CATEGORIES: [&str; 6] = ["monster", "insanity", "paralysis", "tile", "card", "ailment"];

fn expectations(files: &[&str]) -> BTreeMap<(String, String, u64), Expect> {
    let mut m: BTreeMap<_, Expect> = BTreeMap::new();
    for f in files {
        for r in read_rows(f) {
            let s = |k: &str| r[k].as_str().unwrap().to_string();
            let u = |k: &str| r[k].as_u64().unwrap();
            let e = m.entry((s("hero"), s("bot"), u("players"))).or_default();
            e.n += 1;
            e.winners += r["winner"].as_bool().unwrap() as u64;
            e.unfinished += (s("game_end") == "round_limit") as u64;
            e.survived += r["survived"].as_bool().unwrap() as u64;
            if let Some(c) = r["death_cause"].as_str() {
                *e.causes.entry(c.to_string()).or_default() += 1;
            }
            let mut by = 0;
            for c in CATEGORIES {
                let n = u(&format!("deaths_{c}"));
                *e.deaths_by.entry(c).or_default() += n;
                by += n;
            }
            assert_eq!(by, u("deaths"), "the deaths_ columns add up to deaths");
            e.gold += u("gold");
            e.deaths += u("deaths");
            e.characters += u("characters");
            e.deepest += u("deepest_level");
            e.kills += u("kills");
            e.town += u("town_visits");
            e.items += u("items");
            e.rounds += u("rounds");
        }
    }
    m
}

fn run(dir: &Scratch, name: &str, extra: &[&str]) -> String {
    run_of("dungeon-of-chaos", 200, dir, name, extra)
}

/// Every group's wins, unfinished games, deaths and the means of gold, characters, depth,
/// kills, town visits, items and rounds are the rows' own; groups of different bots and seat
/// counts are not pooled.
#[test]
fn chaos_report_figures_come_from_the_data() {
    let dir = Scratch::new("doc-report");
    let a = run(&dir, "a.parquet", &["--heroes", "2"]);
    let b = run(&dir, "b.parquet", &["--heroes", "3", "--bot", "cautious"]);
    let out = dir.file("rep");
    let said = ok(&["report", "--game", "dungeon-of-chaos", &a, &b, "--out", &out]);
    assert!(said.starts_with("dq report: 2 files, 1000 seat-games in "), "{said}");
    let s = summary(&out);
    let totals = s["totals"].as_object().unwrap();
    assert_eq!(totals["differ_in"], serde_json::json!(["bot", "seats"]));
    assert_eq!(totals["survival_rate"], Value::Null, "different bots pooled");
    let want = expectations(&[&a, &b]);
    let groups = s["groups"].as_array().unwrap();
    assert_eq!(groups.len(), want.len());
    let mut unfinished = 0;
    for g in groups {
        let t = |k: &str| g[k].as_str().unwrap().to_string();
        let key = (t("hero"), t("bot"), g["players"].as_u64().unwrap());
        let e = &want[&key];
        assert_eq!(g["hero_games"], e.n, "{key:?}");
        assert_eq!(g["winners"], e.winners, "{key:?}");
        assert_eq!(g["unfinished"], e.unfinished, "{key:?}");
        assert_eq!(g["survived"], e.survived, "{key:?}");
        let mean = |k: &str, sum: u64| {
            let m = g[k]["mean"].as_f64().unwrap();
            assert!((m - sum as f64 / e.n as f64).abs() < 1e-9, "{key:?} {k}: {m}");
        };
        for (c, n) in &e.causes {
            assert_eq!(g["death_causes"][c], *n, "{key:?} {c}");
        }
        for (c, n) in &e.deaths_by {
            mean(&format!("deaths_{c}"), *n);
        }
        unfinished += e.unfinished;
        mean("gold", e.gold);
        mean("deaths", e.deaths);
        mean("characters", e.characters);
        mean("deepest_level", e.deepest);
        mean("kills", e.kills);
        mean("town_visits", e.town);
        mean("items", e.items);
        mean("rounds", e.rounds);
    }
    // Some games stay unfinished (about 10% of cautious 3-seat games since session 20's bot
    // fixes, docs/bots.md; 81 seat-games of these files), so the count is not vacuous.
    assert!(unfinished > 30, "{unfinished}");
    for f in ["index.html", "summary.md", "wins.svg", "unfinished.svg", "gold.svg", "deaths.svg", "depth.svg"] {
        assert!(std::path::Path::new(&out).join(f).is_file(), "{f} missing");
    }
    let md = std::fs::read_to_string(std::path::Path::new(&out).join("summary.md")).unwrap();
    let titles = [
        "## Wins and unfinished games",
        "## Gold held at the end",
        "## Deaths and characters",
        "## Last death's cause",
        "## Deaths by cause",
        "## Depth",
    ];
    for title in titles {
        assert!(md.contains(title), "{title} missing");
    }
    // No optional rules: no rule effects.
    assert!(!md.contains("## Effects"), "{md}");
}

/// A run compared with itself is paired and differs by nothing; greedy against cautious on
/// the same seed is paired too, gold counted for every seat.
#[test]
fn chaos_compare_pairs_runs_of_one_seed() {
    let dir = Scratch::new("doc-compare");
    let a = run(&dir, "a.parquet", &["--heroes", "2"]);
    let b = run(&dir, "b.parquet", &["--heroes", "2", "--bot", "cautious"]);
    let same = json(&ok(&["compare", "--game", "dungeon-of-chaos", &a, &a, "--json"]));
    let overall = &same["overall"];
    assert_eq!(overall["paired"], true, "{same:?}");
    assert_eq!(overall["pairs"], 400, "{same:?}");
    assert_eq!(overall["gold_diff"], 0.0, "{same:?}");
    assert_eq!(same["gold"], "gold held at the end per seat-game");
    let ab = json(&ok(&["compare", "--game", "dungeon-of-chaos", &a, &b, "--json"]));
    assert_eq!(ab["overall"]["paired"], true, "{ab:?}");
    // The gold difference is the rows' own, losers' gold included.
    let gold = |f: &str| read_rows(f).iter().map(|r| r["gold"].as_u64().unwrap() as f64).sum::<f64>() / 400.0;
    let diff = ab["overall"]["gold_diff"].as_f64().unwrap();
    assert!((diff - (gold(&b) - gold(&a))).abs() < 1e-9, "{diff}");
    let c = ok(&["compare", "--game", "dungeon-of-chaos", &a, &b, "--by", "hero"]);
    assert!(c.contains("win") && c.contains("gold"), "{c}");
}

/// A Dungeon of Chaos file is never read into one report with another game's.
#[test]
fn chaos_files_with_another_games_are_refused() {
    let dir = Scratch::new("doc-mixed");
    let doc = run(&dir, "doc.parquet", &["--heroes", "2"]);
    let dd = dir.file("dd.parquet");
    ok(&["run", "--game", "dealing-dungeons", "--games", "100", "--quiet", "--out", &dd]);
    let out = dir.file("rep");
    refused_with(
        &["report", "--game", "dungeon-of-chaos", &doc, &dd, "--out", &out],
        "results of the game dealing-dungeons",
    );
    refused_with(&["compare", "--game", "dungeon-of-chaos", &doc, &dd], "results of the game dealing-dungeons");
    refused_with(
        &["report", "--game", "dealing-dungeons", &doc, "--out", &out],
        "results of the game dungeon-of-chaos",
    );
    assert!(!std::path::Path::new(&out).exists(), "a refused report left a folder");
}

/// A sweep over seats and bots: a file per cell, kept apart in the report; without
/// `players` a sweep seats two (the game has 2 to 4), and one player is refused in one line.
#[test]
fn chaos_sweep_keeps_seats_and_bots_apart() {
    let dir = Scratch::new("doc-sweep");
    let config = dir.file("grid.toml");
    std::fs::write(&config, "games = 60\nseed = 2\nplayers = [2, 3]\nbots = [\"greedy\", \"cautious\"]\n").unwrap();
    let out = dir.file("grid");
    let said = ok(&["sweep", "--game", "dungeon-of-chaos", "--config", &config, "--out", &out]);
    assert!(said.contains("mean gold of seat-games"), "{said}");
    let cells = ["bot_greedy/players_2", "bot_greedy/players_3", "bot_cautious/players_2", "bot_cautious/players_3"];
    for c in cells {
        let rows = read_rows(&format!("{out}/{c}/part-0.parquet"));
        let seats: usize = c.rsplit('_').next().unwrap().parse().unwrap();
        assert_eq!(rows.len(), 60 * seats, "{c}");
        assert!(rows.iter().all(|r| r["game"] == "dungeon-of-chaos"), "{c}");
    }
    let s = summary(&format!("{out}/_report"));
    assert_eq!(s["totals"]["differ_in"], serde_json::json!(["bot", "seats"]));
    let js =
        json(&ok(&["sweep", "--game", "dungeon-of-chaos", "--config", &config, "--out", &dir.file("j"), "--json"]));
    let first = &js["cells"][0];
    assert!(first["winner"].is_u64() && first["win_rate"].is_number() && first["mean_gold"].is_number(), "{js:?}");
    let plain = dir.file("plain.toml");
    std::fs::write(&plain, "games = 10\n").unwrap();
    let two = dir.file("two");
    ok(&["sweep", "--game", "dungeon-of-chaos", "--config", &plain, "--out", &two, "--quiet"]);
    assert_eq!(read_rows(&format!("{two}/part-0.parquet")).len(), 20, "two seats by default");
    let one = dir.file("one.toml");
    std::fs::write(&one, "games = 10\nplayers = [1]\n").unwrap();
    refused_with(
        &["sweep", "--game", "dungeon-of-chaos", "--config", &one, "--out", &dir.file("x")],
        "dungeon-of-chaos has 2 to 4 adventurers",
    );
}

/// A file written before the death causes (no `deaths_` columns, `death_cause` only `died`)
/// is refused in one line naming the missing column, not read wrong.
#[test]
fn chaos_a_file_without_the_death_cause_columns_is_refused_in_one_line() {
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use parquet::arrow::{ArrowWriter, ProjectionMask};
    use parquet::file::properties::WriterProperties;
    let dir = Scratch::new("doc-old");
    let a = run(&dir, "a.parquet", &["--heroes", "2"]);
    let old = dir.file("old.parquet");
    let b = ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(&a).unwrap()).unwrap();
    let meta: Vec<_> = b
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .unwrap()
        .iter()
        .filter(|kv| kv.key != "ARROW:schema")
        .cloned()
        .collect();
    let new = |n: &str| n.starts_with("deaths_") || n == "death_by" || n == "death_attack";
    let keep: Vec<usize> =
        b.schema().fields().iter().enumerate().filter(|(_, f)| !new(f.name())).map(|(i, _)| i).collect();
    let mask = ProjectionMask::roots(b.parquet_schema(), keep);
    let batches: Vec<_> = b.with_projection(mask).build().unwrap().map(|r| r.unwrap()).collect();
    let props = WriterProperties::builder().set_key_value_metadata(Some(meta)).build();
    let mut w = ArrowWriter::try_new(std::fs::File::create(&old).unwrap(), batches[0].schema(), Some(props)).unwrap();
    for batch in &batches {
        w.write(batch).unwrap();
    }
    w.close().unwrap();
    let out = dir.file("rep");
    refused_with(
        &["report", "--game", "dungeon-of-chaos", &old, "--out", &out],
        &format!("{old}: column \"deaths_monster\" is missing"),
    );
}
