//! `dq report`, `dq compare` and `dq sweep` end to end: figures recomputed from the Parquet
//! rows without the reports crate, byte-identical reruns, paired comparisons of a run with
//! itself and of Late Start with the standard game, a 2 × 2 sweep, clean refusals of bad
//! input, and (ignored, opt-in) the HTML page in headless Chromium.

use crate::support::*;
use parquet::arrow::ArrowWriter;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};

/// Independent counts of one group, straight from the rows.
#[derive(Default, Debug)]
struct Expect {
    n: u64,
    survived: u64,
    winners: u64,
    gold: Vec<i64>,
    causes: BTreeMap<String, u64>,
    reached: u64,
    rage: u64,
    turns_sum: u64,
}

/// Nearest-rank quantile of sorted values: the ceil(q n)-th smallest.
fn nearest_rank(sorted: &[i64], num: usize, den: usize) -> Option<i64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (sorted.len() * num).div_ceil(den).max(1);
    Some(sorted[rank - 1])
}

fn expectations(files: &[&str]) -> BTreeMap<(String, String, String, String, u64), Expect> {
    let mut m: BTreeMap<_, Expect> = BTreeMap::new();
    for f in files {
        for r in read_rows(f) {
            let s = |k: &str| r[k].as_str().unwrap().to_string();
            let rules = if s("rules").is_empty() { "standard".to_string() } else { s("rules") };
            let e = m.entry((s("edition"), rules, s("hero"), s("bot"), r["players"].as_u64().unwrap())).or_default();
            e.n += 1;
            let survived = r["survived"].as_bool().unwrap();
            e.survived += survived as u64;
            e.winners += r["winner"].as_bool().unwrap() as u64;
            if survived {
                e.gold.push(r["gold"].as_i64().unwrap());
            }
            if let Some(c) = r["death_cause"].as_str() {
                *e.causes.entry(c.to_string()).or_default() += 1;
            }
            let reached = r["dragon_draws"].as_u64().unwrap() > 0 || r["treasure_chamber_turns"].as_u64().unwrap() > 0;
            e.reached += reached as u64;
            e.rage += r["dragon_rage"].as_bool().unwrap() as u64;
            e.turns_sum += r["turns"].as_u64().unwrap();
        }
    }
    for e in m.values_mut() {
        e.gold.sort();
    }
    m
}

fn pct(k: u64, n: u64) -> String {
    format!("{:.2}%", 100.0 * k as f64 / n as f64)
}

#[test]
fn report_figures_come_from_the_data() {
    let dir = Scratch::new("report");
    let (a, b) = (dir.file("a.parquet"), dir.file("b.parquet"));
    ok(&["run", "--games", "1500", "--heroes", "2", "--seed", "11", "--quiet", "--out", &a]);
    ok(&["run", "--games", "1500", "--heroes", "2", "--seed", "11", "--rule", "late-start", "--quiet", "--out", &b]);
    let out = dir.file("rep");
    let said = ok(&["report", &a, &b, "--out", &out]);
    assert!(said.starts_with("dq report: 2 files, 6000 hero-games in "), "{said}");
    let rep = Path::new(&out);
    let mut files: Vec<String> =
        std::fs::read_dir(rep).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    files.sort();
    assert_eq!(
        files,
        [
            "causes.png",
            "causes.svg",
            "effects.png",
            "effects.svg",
            "gold.png",
            "gold.svg",
            "index.html",
            "rounds.png",
            "rounds.svg",
            "summary.json",
            "summary.md",
            "survival.png",
            "survival.svg"
        ]
    );
    for png in ["causes.png", "gold.png", "rounds.png", "survival.png"] {
        let bytes = std::fs::read(rep.join(png)).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{png}");
        assert!(bytes.len() > 10_000, "{png} is only {} bytes", bytes.len());
    }

    let summary = read_json(&rep.join("summary.json"));
    let md = std::fs::read_to_string(rep.join("summary.md")).unwrap();
    let html = std::fs::read_to_string(rep.join("index.html")).unwrap();
    assert_eq!(summary["schema_version"], 2);
    assert_eq!(summary["totals"]["hero_games"], 6000);
    assert_eq!(summary["totals"]["games"], 3000);

    let expect = expectations(&[&a, &b]);
    let groups = summary["groups"].as_array().unwrap();
    assert_eq!(groups.len(), expect.len(), "one group per edition, rules, hero, bot, players");
    let mut checked_md = 0;
    for g in groups {
        let s = |k: &str| g[k].as_str().unwrap().to_string();
        let key = (s("edition"), s("rules"), s("hero"), s("bot"), g["players"].as_u64().unwrap());
        let e = &expect[&key];
        assert_eq!(g["hero_games"], e.n, "{key:?}");
        assert_eq!(g["survived"], e.survived, "{key:?}");
        assert_eq!(g["exited"], e.survived, "{key:?}");
        assert_eq!(g["winners"], e.winners, "{key:?}");
        assert!((g["survival_rate"].as_f64().unwrap() - e.survived as f64 / e.n as f64).abs() < 1e-12);
        let gold = &g["gold_survivors"];
        assert_eq!(gold["n"], e.gold.len());
        assert_eq!(gold["median"].as_i64(), nearest_rank(&e.gold, 1, 2), "{key:?}");
        assert_eq!(gold["p90"].as_i64(), nearest_rank(&e.gold, 9, 10), "{key:?}");
        if !e.gold.is_empty() {
            let mean = e.gold.iter().sum::<i64>() as f64 / e.gold.len() as f64;
            assert!((gold["mean"].as_f64().unwrap() - mean).abs() < 1e-9);
        }
        for (cause, n) in g["death_causes"].as_object().unwrap() {
            assert_eq!(n.as_u64().unwrap(), e.causes.get(cause).copied().unwrap_or(0), "{key:?} {cause}");
        }
        assert_eq!(g["deaths"], e.n - e.survived);
        assert_eq!(g["treasure"]["reached"], e.reached);
        assert_eq!(g["treasure"]["rage"], e.rage);
        assert!((g["turns"]["mean"].as_f64().unwrap() - e.turns_sum as f64 / e.n as f64).abs() < 1e-9);

        // The same figures in the pages: the survival row of this hero and rules (the only key
        // columns that vary here) in Markdown and HTML.
        let (lo, hi) = dq_reports::wilson(e.survived, e.n, dq_reports::Z95);
        let wilson = format!("[{:.2}, {:.2}]", 100.0 * lo, 100.0 * hi);
        let row_md =
            format!("| {} | {} | {} | {} | {} | {wilson} |", key.2, key.1, e.n, e.survived, pct(e.survived, e.n));
        assert!(md.contains(&row_md), "summary.md lacks {row_md}");
        let row_html = format!(
            "<tr><td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
             <td class=\"n\">{wilson}</td>",
            key.2,
            key.1,
            e.n,
            e.survived,
            pct(e.survived, e.n)
        );
        assert!(html.contains(&row_html), "index.html lacks {row_html}");
        let median = nearest_rank(&e.gold, 1, 2).map_or("-".to_string(), |v| v.to_string());
        let p90 = nearest_rank(&e.gold, 9, 10).map_or("-".to_string(), |v| v.to_string());
        assert!(
            md.lines().any(|l| l.starts_with(&format!("| {} | {} | {} |", key.2, key.1, e.gold.len()))
                && l.contains(&format!(" | {median} | {p90} |"))),
            "summary.md lacks the gold row of {key:?} (median {median}, p90 {p90})"
        );
        checked_md += 1;
    }
    assert!(checked_md >= 10, "both rules, all six heroes expected");
    assert!(html.contains("<img src=\"data:image/png;base64,"), "charts are embedded");
    assert!(md.contains("All groups: edition revised · bot greedy · players 2 · monster policy random."), "{md}");

    // Same inputs, same bytes.
    let again = dir.file("rep2");
    ok(&["report", &b, &a, "--out", &again]);
    for f in &files {
        let x = std::fs::read(rep.join(f)).unwrap();
        let y = std::fs::read(Path::new(&again).join(f)).unwrap();
        assert!(x == y, "{f} differs between identical reports");
    }
    // A glob and a folder read the same files; an earlier report is replaced.
    let glob = format!("{}/*.parquet", dir.0.display());
    ok(&["report", &glob, "--out", &again]);
    assert_eq!(
        std::fs::read(Path::new(&again).join("summary.json")).unwrap(),
        std::fs::read(rep.join("summary.json")).unwrap()
    );
}

/// An overall survival is given only over groups of one setting: pooled over the standard
/// game and Late Start it would be a blend weighed by the two runs' sizes.
#[test]
fn overall_survival_is_pooled_only_within_one_setting() {
    let dir = Scratch::new("pooled");
    let (a, b) = (dir.file("a.parquet"), dir.file("b.parquet"));
    ok(&["run", "--games", "600", "--heroes", "2", "--seed", "5", "--quiet", "--out", &a]);
    ok(&["run", "--games", "300", "--heroes", "2", "--seed", "5", "--rule", "late-start", "--quiet", "--out", &b]);

    let one = dir.file("one");
    ok(&["report", &a, "--out", &one]);
    let totals = &read_json(&Path::new(&one).join("summary.json"))["totals"];
    let survived = read_rows(&a).iter().filter(|r| r["survived"].as_bool().unwrap()).count() as f64;
    assert_eq!(totals["differ_in"], serde_json::json!([]));
    assert!((totals["survival_rate"].as_f64().unwrap() - survived / 1200.0).abs() < 1e-12, "{totals}");
    let md = std::fs::read_to_string(Path::new(&one).join("summary.md")).unwrap();
    assert!(md.contains("in 6 groups; overall survival "), "{md}");

    let both = dir.file("both");
    ok(&["report", &a, &b, "--out", &both]);
    let summary = read_json(&Path::new(&both).join("summary.json"));
    assert_eq!(summary["totals"]["differ_in"], serde_json::json!(["rules"]));
    assert!(summary["totals"]["survival_rate"].is_null() && summary["totals"]["survival_wilson95"].is_null());
    for page in ["summary.md", "index.html"] {
        let text = std::fs::read_to_string(Path::new(&both).join(page)).unwrap();
        assert!(!text.contains("; overall survival"), "{page} pools different settings");
        assert!(text.contains("The groups differ in rules, so no overall survival is given"), "{page}");
    }
}

/// Runs `dq` expecting bad input: exit code 2, one line on stderr, nothing on stdout.
fn refused(args: &[&str], expect: &str) {
    refused_with(args, expect);
}

/// Writes a results file whose metadata claims schema version `version`.
fn write_versioned(path: &str, version: &str) {
    write_with_meta(path, &[("dq.schema_version", version)]);
}

/// Writes a results file without rows whose metadata is `meta`.
fn write_with_meta(path: &str, meta: &[(&str, &str)]) {
    let consts = dq_sim::parquet_out::Consts {
        hero_ids: vec!["hugo".into()],
        bots: vec!["greedy".into()],
        edition: "revised".into(),
        rules: String::new(),
        monster_policy: "random".into(),
        seed: 1,
    };
    let batch = dq_sim::parquet_out::batch(&[], &consts);
    let props = WriterProperties::builder()
        .set_key_value_metadata(Some(meta.iter().map(|(k, v)| KeyValue::new(k.to_string(), v.to_string())).collect()))
        .build();
    let mut w = ArrowWriter::try_new(File::create(path).unwrap(), dq_sim::parquet_out::schema(), Some(props)).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
}

#[test]
fn bad_input_is_refused_without_output() {
    let dir = Scratch::new("bad");
    let good = dir.file("good.parquet");
    ok(&["run", "--games", "20", "--quiet", "--out", &good]);
    let v3 = dir.file("v3.parquet");
    write_versioned(&v3, "3");
    let v1 = dir.file("v1.parquet");
    write_versioned(&v1, "1");
    let chess = dir.file("chess.parquet");
    write_with_meta(&chess, &[("dq.schema_version", "2"), ("dq.game", "chess")]);
    let text = dir.file("text.parquet");
    std::fs::write(&text, "not parquet").unwrap();
    let foreign = dir.file("foreign.parquet");
    {
        let props = WriterProperties::builder().build();
        let w =
            ArrowWriter::try_new(File::create(&foreign).unwrap(), dq_sim::parquet_out::schema(), Some(props)).unwrap();
        w.close().unwrap();
    }
    // Pages overwritten, the footer intact: the file passes the checks, its rows do not read.
    let corrupt = dir.file("corrupt.parquet");
    let mut bytes = std::fs::read(&good).unwrap();
    let footer = u32::from_le_bytes(bytes[bytes.len() - 8..bytes.len() - 4].try_into().unwrap()) as usize;
    let pages_end = bytes.len() - 8 - footer;
    bytes[4..pages_end].fill(0xff);
    std::fs::write(&corrupt, &bytes).unwrap();
    let out = dir.file("rep");
    let bad_toml = dir.file("bad.toml");
    std::fs::write(&bad_toml, "").unwrap();
    let before = dir.entries();
    refused(&["report", &good, &v3, "--out", &out], &format!("{v3}: schema version 3, but this dq reads version 2"));
    // A file of schema version 1 (an older dq's): named, and said to need a re-run.
    let old = "schema version 1, written by an older dq: re-run it with this dq (which reads schema version 2 only)";
    let whole = refused_with(&["report", &good, &v1, "--out", &out], &format!("{v1}: {old}"));
    assert_eq!(whole, format!("dq: {v1}: {old}\n"));
    refused(&["compare", &v1, &good], &format!("{v1}: {old}"));
    // A file of another game, named as such.
    refused(
        &["report", &good, &chess, "--out", &out],
        &format!("{chess}: results of the game chess; this dq reports on dungeonquest"),
    );
    refused(&["report", &text, "--out", &out], &format!("{text}: not a Parquet file"));
    refused(&["report", &foreign, "--out", &out], &format!("{foreign}: not a dq results file"));
    refused(&["report", &corrupt, "--out", &out], &format!("{corrupt}: cannot read: "));
    refused(&["compare", &good, &corrupt], &format!("{corrupt}: cannot read: "));
    refused(&["report", &dir.file("nope.parquet"), "--out", &out], "nope.parquet: no such file or folder");
    refused(&["report", &dir.file("*.nothing"), "--out", &out], "*.nothing: no file matches");
    refused(&["report", &good], "--out");
    refused(&["report", &good, "--out", &dir.file("no/such/dir")], "does not exist");
    let busy = dir.file("busy");
    std::fs::create_dir(&busy).unwrap();
    std::fs::write(Path::new(&busy).join("keep.txt"), "mine").unwrap();
    refused(&["report", &good, "--out", &busy], "is not a dq report (remove it or choose another)");
    assert_eq!(std::fs::read_to_string(Path::new(&busy).join("keep.txt")).unwrap(), "mine");
    std::fs::remove_dir_all(&busy).unwrap();
    // A shard beside the whole run holds games the whole run holds too: refused, not counted twice.
    let part = dir.file("part.parquet");
    ok(&["run", "--games", "20", "--shard", "1/2", "--quiet", "--out", &part]);
    refused(
        &["report", &good, &part, "--out", &out],
        &format!("{good} and {part} hold the same games [10, 20) of one run (shard parts beside their merged file?)"),
    );
    std::fs::remove_file(&part).unwrap();
    refused(&["compare", &good, &v3], "schema version 3");
    let empty = dir.file("empty.parquet");
    write_versioned(&empty, &dq_sim::schema::SCHEMA_VERSION.to_string());
    refused(&["compare", &good, &empty], &format!("{empty}: side B holds no rows: nothing to compare"));
    std::fs::remove_file(&empty).unwrap();
    refused(&["compare", &good, &good, "--by", "colour"], "--by colour: unknown column");
    refused(&["compare", &good], "B");
    std::fs::write(&bad_toml, "games = 10\nrules = [\"standard\", \"tower-powr\"]\n").unwrap();
    refused(&["sweep", "--config", &bad_toml, "--out", &out], "cell rules_tower-powr/: unknown rule \"tower-powr\"");
    std::fs::write(&bad_toml, "games = 10\nprecision = 0.9\n").unwrap();
    refused(&["sweep", "--config", &bad_toml, "--out", &out], "precision = 0.9: expected a half-width");
    std::fs::write(&bad_toml, "games = 10\nbots = \"greedy\"\n").unwrap();
    refused(&["sweep", "--config", &bad_toml, "--out", &out], "bad.toml line 2: invalid type");
    refused(&["sweep", "--config", &dir.file("none.toml"), "--out", &out], "cannot read");
    // Nothing was written: no report folder, no temporary folder.
    assert_eq!(dir.entries(), before);
}

fn compare_json(a: &str, b: &str, by: Option<&str>) -> Map<String, Value> {
    let mut args = vec!["compare", a, b, "--json"];
    if let Some(by) = by {
        args.extend(["--by", by]);
    }
    json(&ok(&args))
}

#[test]
fn a_run_against_itself_differs_by_nothing() {
    let dir = Scratch::new("self");
    let a = dir.file("a.parquet");
    ok(&["run", "--games", "2000", "--heroes", "2", "--quiet", "--out", &a]);
    let c = compare_json(&a, &a, Some("hero"));
    for d in std::iter::once(&c["overall"]).chain(c["groups"].as_array().unwrap()) {
        assert_eq!(d["test"], "mcnemar-exact");
        assert_eq!(d["paired"], true);
        assert_eq!(d["survival_diff"], 0.0);
        assert_eq!(d["survival_diff_ci95"], serde_json::json!([0.0, 0.0]));
        assert_eq!(d["p_value"], 1.0);
        assert_eq!(d["gold_diff"], 0.0);
        assert_eq!(d["gold_diff_ci95"], serde_json::json!([0.0, 0.0]));
        assert_eq!(d["a_only_survived"], 0);
        assert_eq!(d["b_only_survived"], 0);
    }
    assert_eq!(c["overall"]["pairs"], 4000);
    assert_eq!(c["groups"].as_array().unwrap().len(), 6);
    let text = ok(&["compare", &a, &a, "--by", "hero,bot"]);
    assert!(text.contains("Differences are B - A"), "{text}");
    let all = text.lines().find(|l| l.starts_with("all ")).unwrap();
    assert!(all.contains("+0.00 pp [+0.00, +0.00]") && all.contains("1.0000") && all.contains("McNemar"), "{all}");
    assert_eq!(text.lines().filter(|l| l.starts_with("hero=")).count(), 6, "{text}");
}

/// Runs that differ in their rule data (or their `--label`), monster policy or bots are
/// reported apart, each named, never pooled into one figure.
#[test]
fn variants_are_kept_apart_and_named() {
    let dir = Scratch::new("variants");
    let data = dir.0.join("mod");
    std::fs::create_dir(&data).unwrap();
    copy_revised_data(&data);
    // Gherinn is the first hero of the file: his health 13 -> 30.
    let heroes = data.join("heroes.ron");
    let text = std::fs::read_to_string(&heroes).unwrap();
    std::fs::write(&heroes, text.replacen("health: 13,", "health: 30,", 1)).unwrap();
    let (base, modded, labelled, monster) =
        (dir.file("base.parquet"), dir.file("mod.parquet"), dir.file("lab.parquet"), dir.file("adv.parquet"));
    let common = ["run", "--games", "400", "--heroes", "gherinn", "--quiet"];
    ok(&[&common[..], &["--out", &base]].concat());
    ok(&[&common[..], &["--data", &data.display().to_string(), "--out", &modded]].concat());
    ok(&[&common[..], &["--data", &data.display().to_string(), "--label", "health 30", "--out", &labelled]].concat());
    ok(&[&common[..], &["--monster-policy", "adversarial", "--out", &monster]].concat());
    let out = dir.file("rep");
    ok(&["report", &base, &modded, &labelled, &monster, "--out", &out]);
    let j = read_json(&Path::new(&out).join("summary.json"));
    let mut seen: Vec<(String, String, u64)> = j["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            assert_eq!(g["hero"], "gherinn");
            (
                g["variant"].as_str().unwrap().to_string(),
                g["monster_policy"].as_str().unwrap().to_string(),
                g["hero_games"].as_u64().unwrap(),
            )
        })
        .collect();
    seen.sort();
    let expect = [("-", "adversarial"), ("-", "random"), ("data mod/", "random"), ("health 30", "random")];
    assert_eq!(seen.len(), 4, "{seen:?}");
    for ((v, m, n), (ev, em)) in seen.iter().zip(expect) {
        assert_eq!((v.as_str(), m.as_str(), *n), (ev, em, 400));
    }
    let md = std::fs::read_to_string(Path::new(&out).join("summary.md")).unwrap();
    assert!(md.contains("| variant |") && md.contains("health 30") && md.contains("monster policy"), "{md}");
}

/// A run and a longer run of the same seed share their first games: the comparison pairs the
/// shorter run's hero-games with their partners (as the README says), in either order.
#[test]
fn a_run_pairs_with_a_longer_run_of_its_seed() {
    let dir = Scratch::new("subset");
    let (short, long) = (dir.file("short.parquet"), dir.file("long.parquet"));
    ok(&["run", "--games", "1500", "--seed", "4", "--quiet", "--out", &short]);
    ok(&["run", "--games", "2500", "--seed", "4", "--rule", "late-start", "--quiet", "--out", &long]);
    for (a, b) in [(&short, &long), (&long, &short)] {
        let d = &compare_json(a, b, None)["overall"];
        assert_eq!(d["test"], "mcnemar-exact", "{d}");
        assert_eq!(d["pairs"], 1500, "{d}");
        let (ao, bo) = (d["a_only_survived"].as_u64().unwrap(), d["b_only_survived"].as_u64().unwrap());
        let diff = d["survival_diff"].as_f64().unwrap();
        assert!((diff - (bo as f64 - ao as f64) / 1500.0).abs() < 1e-12, "{d}");
        let (sa, sb) = (d["survival_a"].as_f64().unwrap(), d["survival_b"].as_f64().unwrap());
        assert!((sb - sa - diff).abs() < 1e-12, "the rates shown are not those of the pairs: {d}");
    }
}

#[test]
fn late_start_changes_survival_with_a_stable_sign() {
    // With the greedy bot, Late Start's shorter day sends heroes home sooner: more survive,
    // with less gold. Whatever the direction, it must not flip from seed to seed.
    let dir = Scratch::new("late");
    let mut signs = Vec::new();
    for seed in ["1", "2", "3"] {
        let (a, b) = (dir.file(&format!("std{seed}.parquet")), dir.file(&format!("late{seed}.parquet")));
        ok(&["run", "--games", "3000", "--seed", seed, "--quiet", "--out", &a]);
        ok(&["run", "--games", "3000", "--seed", seed, "--rule", "late-start", "--quiet", "--out", &b]);
        let c = compare_json(&a, &b, None);
        let d = &c["overall"];
        assert_eq!(d["test"], "mcnemar-exact", "seed {seed}");
        assert_eq!(d["pairs"], 3000);
        let diff = d["survival_diff"].as_f64().unwrap();
        let ci: Vec<f64> = d["survival_diff_ci95"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
        assert!(ci[0] <= diff && diff <= ci[1] && (ci[0] > 0.0 || ci[1] < 0.0), "seed {seed}: CI excludes 0: {d}");
        assert!(d["p_value"].as_f64().unwrap() < 0.01, "seed {seed}: {d}");
        // The paired difference is exactly the discordant pairs over the pairs.
        let (ao, bo) = (d["a_only_survived"].as_u64().unwrap(), d["b_only_survived"].as_u64().unwrap());
        assert!((diff - (bo as f64 - ao as f64) / 3000.0).abs() < 1e-12);
        signs.push(diff > 0.0);
    }
    assert!(signs.iter().all(|s| *s == signs[0]), "the sign of Late Start's effect flips between seeds: {signs:?}");
    // Different seeds deal different dungeons: no pairing, and the output says so.
    let c = compare_json(&dir.file("std1.parquet"), &dir.file("late2.parquet"), None);
    assert_eq!(c["overall"]["test"], "two-proportion-z");
    assert_eq!(c["overall"]["paired"], false);
    assert_eq!(c["overall"]["survival_diff"].as_f64().unwrap() > 0.0, signs[0]);
}

#[test]
fn a_two_by_two_sweep_writes_four_partitions_and_one_report() {
    let dir = Scratch::new("sweep");
    let config = dir.file("grid.toml");
    std::fs::write(
        &config,
        "games = 400\nseed = 9\nrules = [\"standard\", \"late-start\"]\nbots = [\"greedy\", \"cautious\"]\n",
    )
    .unwrap();
    let out = dir.file("grid");
    let said = ok(&["sweep", "--config", &config, "--out", &out, "--quiet"]);
    assert!(said.starts_with("dq sweep: 4 cells x 400 games (seed 9)"), "{said}");
    let root = Path::new(&out);
    let mut parts = Vec::new();
    for rules in ["standard", "late-start"] {
        for bot in ["greedy", "cautious"] {
            let p = root.join(format!("rules_{rules}/bot_{bot}/part-0.parquet"));
            let rows = read_rows(&p.display().to_string());
            assert_eq!(rows.len(), 400, "{}", p.display());
            let expect_rules = if rules == "standard" { "" } else { rules };
            assert!(rows.iter().all(|r| r["rules"] == expect_rules && r["bot"] == bot && r["seed"] == 9));
            parts.push(p);
        }
    }
    let mut top: Vec<String> =
        std::fs::read_dir(root).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    top.sort();
    assert_eq!(top, ["_report", "rules_late-start", "rules_standard"]);
    let summary = read_json(&root.join("_report/summary.json"));
    assert_eq!(summary["totals"]["games"], 1600);
    assert_eq!(summary["files"].as_array().unwrap().len(), 4);
    assert_eq!(summary["files"][0]["file"], "rules_standard/bot_greedy/part-0.parquet");
    let combos: std::collections::BTreeSet<(String, String)> = summary["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["rules"].as_str().unwrap().to_string(), g["bot"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(combos.len(), 4);
    assert!(root.join("_report/index.html").is_file() && root.join("_report/survival.png").is_file());
    // Each cell is the `dq run` of its options: the same rows as running it alone.
    let alone = dir.file("alone.parquet");
    ok(&[
        "run",
        "--games",
        "400",
        "--seed",
        "9",
        "--rule",
        "late-start",
        "--bot",
        "cautious",
        "--quiet",
        "--out",
        &alone,
    ]);
    assert_eq!(read_rows(&alone), read_rows(&parts[3].display().to_string()));
    // The cells of a sweep pair up in a comparison (same seed and games).
    let c = compare_json(&parts[0].display().to_string(), &parts[2].display().to_string(), None);
    assert_eq!(c["overall"]["test"], "mcnemar-exact");
    // The report gives Late Start's effect per bot against the standard game, paired, exactly
    // as dq compare does, and the interaction: how much more it changes cautious than greedy.
    let effects = summary["effects"]["effects"].as_array().unwrap();
    assert_eq!(summary["effects"]["baseline"], "standard");
    // Baseline first, then the variants, in the sweep's own order of cells (greedy first).
    let all: Vec<&Value> = effects.iter().filter(|e| e["hero"] == "all").collect();
    assert_eq!(all.len(), 2, "{effects:?}");
    assert_eq!((all[0]["bots"].as_str(), all[1]["bots"].as_str()), (Some("greedy"), Some("cautious")));
    let (greedy, cautious) = (all[0], all[1]);
    assert_eq!(greedy["rules"], "late-start");
    assert_eq!(greedy["test"], "mcnemar-exact");
    assert_eq!(greedy["survival_diff"], c["overall"]["survival_diff"]);
    assert_eq!(greedy["gold_diff"], c["overall"]["gold_diff"]);
    let inter = summary["effects"]["interactions"].as_array().unwrap();
    assert_eq!(inter.len(), 1, "{inter:?}");
    let dd = inter[0]["survival_dd"].as_f64().unwrap();
    let expect = cautious["survival_diff"].as_f64().unwrap() - greedy["survival_diff"].as_f64().unwrap();
    assert!((dd - expect).abs() < 1e-12, "{inter:?}");
    assert_eq!((inter[0]["bots"].as_str(), inter[0]["reference_bots"].as_str()), (Some("cautious"), Some("greedy")));
    assert!(root.join("_report/effects.png").is_file());
    let md = std::fs::read_to_string(root.join("_report/summary.md")).unwrap();
    assert!(md.contains("## Effects against standard") && md.contains("## Interactions with the bots"), "{md}");
    // A sweep never overwrites.
    refused(&["sweep", "--config", &config, "--out", &out, "--quiet"], "the folder exists and is not empty");
    assert!(dir.entries().iter().all(|e| !e.starts_with('.')), "temporary folder left: {:?}", dir.entries());
}

/// A sweep to a precision: each cell stops at its own whole chunk, says so in `--json`, and the
/// file holds exactly the games played.
#[test]
fn a_sweep_to_a_precision_stops_each_cell_when_known() {
    let dir = Scratch::new("sweep-precision");
    let config = dir.file("grid.toml");
    std::fs::write(&config, "games = 100000\nseed = 4\nprecision = 0.04\nrules = [\"standard\", \"late-start\"]\n")
        .unwrap();
    let out = dir.file("grid");
    let j = json(&ok(&["sweep", "--config", &config, "--out", &out, "--json"]));
    let cells = j["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 2);
    for c in cells {
        let games = c["games"].as_u64().unwrap();
        assert!(games.is_multiple_of(1024) && games < 100_000, "{c}");
        let part = Path::new(&out).join(c["cell"].as_str().unwrap()).join("part-0.parquet");
        assert_eq!(read_rows(&part.display().to_string()).len() as u64, games);
    }
}

/// Renders a report and screenshots it in headless Chromium (Debian's `chromium`). Opt in
/// with `cargo test -p dq-sim --release --test it reports:: -- --ignored`; the screenshot's path
/// is printed so a person can look at it.
#[test]
#[ignore]
fn html_report_renders_in_headless_chromium() {
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].into_iter().find(|p| Path::new(p).exists());
    let Some(chromium) = chromium else { panic!("install Chromium first: apt-get install -y chromium") };
    let dir = std::env::temp_dir().join("dq-report-screenshot");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let d = |n: &str| dir.join(n).display().to_string();
    ok(&["run", "--games", "4000", "--heroes", "2", "--quiet", "--out", &d("std.parquet")]);
    ok(&["run", "--games", "4000", "--heroes", "2", "--rule", "late-start", "--quiet", "--out", &d("late.parquet")]);
    ok(&["report", &d("std.parquet"), &d("late.parquet"), "--out", &d("report")]);
    let shot = d("screenshot.png");
    let profile = dir.join("profile");
    let o = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            &format!("--user-data-dir={}", profile.display()),
            &format!("--screenshot={shot}"),
            "--window-size=1280,4200",
            &format!("file://{}", d("report/index.html")),
        ])
        .stdin(Stdio::null())
        .output()
        .expect("chromium runs");
    assert!(o.status.success(), "chromium failed: {}", String::from_utf8_lossy(&o.stderr));
    let png = std::fs::read(&shot).expect("a screenshot");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(png.len() > 100_000, "a blank page is small; got {} bytes", png.len());
    println!("screenshot: {shot}");
}
