//! `dq merge` end to end: shards played by separate processes merge into exactly the unsharded
//! run; partial merges only on request, completed later; every kind of mismatched, broken or
//! overlapping part refused with one line, exit code 2 and no output; and the Slurm scripts run
//! locally as the array tasks and the merge job would run them.

use crate::support::*;
use arrow_array::cast::AsArray;
use arrow_array::types::UInt64Type;
use arrow_array::{RecordBatch, UInt64Array};
use arrow_schema::Schema;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs::File;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

/// Waits for a child started with piped output and checks it succeeded.
fn finished(child: Child, what: &str) {
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{what} failed: {}", String::from_utf8_lossy(&out.stderr));
}

/// `dq run` arguments for shard `shard` (or the whole run) written to `out`.
fn run_args<'a>(table: &[&'a str], shard: Option<&'a str>, out: &'a str) -> Vec<&'a str> {
    let mut a = vec!["run", "--quiet", "--out", out];
    a.extend(table);
    if let Some(s) = shard {
        a.extend(["--shard", s]);
    }
    a
}

#[test]
fn shards_played_by_separate_processes_merge_into_the_unsharded_run() {
    let dir = Scratch::new("shards");
    // 9001 games: the shards are uneven and cross the 1024-game chunk boundaries.
    let table = ["--games", "9001", "--heroes", "2", "--bots", "greedy,random", "--rule", "torchlight", "--seed", "31"];
    std::fs::create_dir(dir.0.join("parts")).unwrap();
    let parts: Vec<String> = (0..4).map(|i| dir.file(&format!("parts/part-{i}.parquet"))).collect();
    let shards: Vec<String> = (0..4).map(|i| format!("{i}/4")).collect();
    let children: Vec<Child> = (0..4)
        .map(|i| {
            let mut a = run_args(&table, Some(&shards[i]), &parts[i]);
            a.extend(["--threads", "1"]);
            Command::new(DQ).args(&a).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap()
        })
        .collect();
    let full = dir.file("full.parquet");
    ok(&run_args(&table, None, &full));
    for (i, c) in children.into_iter().enumerate() {
        finished(c, &format!("shard {i}/4"));
    }

    let merged = dir.file("merged.parquet");
    let folder = dir.file("parts");
    let said = ok(&["merge", &folder, "--out", &merged]);
    assert_eq!(said, format!("dq merge: 4 parts, 9001 of 9001 games (seed 31), 18002 rows -> {merged}\n"));
    let rows = read_rows(&full);
    assert_eq!(rows.len(), 18_002);
    assert_eq!(read_rows(&merged), rows, "the merged rows differ from the unsharded run's");

    // The merged file describes the run as the unsharded file does, except for what the merge
    // replaces (its own command line, the parts' moving to dq.parts).
    let (m, f) = (dq_meta(&merged), dq_meta(&full));
    let mut expect = f.clone();
    expect.remove("dq.command_line");
    let mut got = m.clone();
    let command = got.remove("dq.command_line").unwrap();
    let listed = got.remove("dq.parts").unwrap();
    assert_eq!(got, expect);
    assert_eq!(m["dq.shard"], "0/1");
    assert_eq!(command, format!("dq merge {folder} --out {merged}"));
    let listed: Vec<Value> = serde_json::from_str(&listed).unwrap();
    let firsts = ["0", "2250", "4500", "6750"];
    let ends = ["2250", "4500", "6750", "9001"];
    assert_eq!(listed.len(), 4);
    for (i, p) in listed.iter().enumerate() {
        let part_meta = dq_meta(&parts[i]);
        assert_eq!(p["file"], parts[i].as_str());
        assert_eq!(p["shard"], shards[i].as_str());
        assert_eq!((p["first_game"].as_str().unwrap(), p["end_game"].as_str().unwrap()), (firsts[i], ends[i]));
        assert_eq!(p["command_line"], part_meta["dq.command_line"].as_str());
    }

    // Same inputs, same bytes; and the order the parts are named in does not matter.
    let first = std::fs::read(&merged).unwrap();
    std::fs::remove_file(&merged).unwrap();
    ok(&["merge", &folder, "--out", &merged]);
    assert_eq!(std::fs::read(&merged).unwrap(), first, "merging twice gave different bytes");
    let shuffled = dir.file("shuffled.parquet");
    ok(&["merge", &parts[2], &parts[0], &parts[3], &parts[1], "--out", &shuffled]);
    assert_eq!(read_rows(&shuffled), rows);
}

#[test]
fn partial_merges_need_allow_partial_and_can_be_completed_later() {
    let dir = Scratch::new("partial");
    let table = ["--games", "5000", "--seed", "12", "--bot", "random"];
    let full = dir.file("full.parquet");
    ok(&run_args(&table, None, &full));
    let parts: Vec<String> = (0..3).map(|i| dir.file(&format!("p{i}.parquet"))).collect();
    for (i, p) in parts.iter().enumerate() {
        ok(&run_args(&table, Some(&format!("{i}/3")), p));
    }
    let rows = read_rows(&full);
    let before = dir.entries();

    let partial = dir.file("partial.parquet");
    let o = dq(&["merge", &parts[0], &parts[2], "--out", &partial]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(
        err,
        "dq: shard 1 of 3 (games [1666, 3333)) of the 5000-game run are missing (1667 games, no part holds them): \
         merge every shard, or pass --allow-partial\n"
    );
    assert!(o.stdout.is_empty());
    assert_eq!(dir.entries(), before, "a refused merge left a file");

    let said = ok(&["merge", &parts[0], &parts[2], "--out", &partial, "--allow-partial"]);
    assert!(said.ends_with(&format!("-> {partial}; missing games [1666, 3333)\n")), "{said}");
    let held: Rows =
        rows.iter().filter(|r| !(1666..3333).contains(&r["game_index"].as_u64().unwrap())).cloned().collect();
    assert_eq!(read_rows(&partial), held);
    let m = dq_meta(&partial);
    assert_eq!(m["dq.shard"], "partial");
    assert_eq!(m["dq.game_ranges"], "[[0,1666],[3333,5000]]");
    assert_eq!((m["dq.first_game"].as_str(), m["dq.end_game"].as_str()), ("0", "5000"));

    // The missing shard arrives later: its rows go between the partial file's two ranges.
    let complete = dir.file("complete.parquet");
    ok(&["merge", &partial, &parts[1], "--out", &complete]);
    assert_eq!(read_rows(&complete), rows);
    let m = dq_meta(&complete);
    assert_eq!(m["dq.shard"], "0/1");
    assert!(!m.contains_key("dq.game_ranges"));
    let listed: Vec<Value> = serde_json::from_str(&m["dq.parts"]).unwrap();
    assert_eq!(listed[0]["file"], partial.as_str());
    assert_eq!(listed[0]["parts"].as_array().unwrap().len(), 2, "the partial file's own parts are kept");
    assert_eq!(listed[1]["shard"], "1/3");

    // One middle shard alone: its range only.
    let middle = dir.file("middle.parquet");
    ok(&["merge", &parts[1], "--out", &middle, "--allow-partial"]);
    let m = dq_meta(&middle);
    assert_eq!((m["dq.first_game"].as_str(), m["dq.end_game"].as_str()), ("1666", "3333"));
    assert_eq!(m["dq.game_ranges"], "[[1666,3333]]");
    assert_eq!(read_rows(&middle).len(), 1667);
}

/// Rewrites a results file with edited metadata and rows (to make parts no dq would write).
fn rewrite(
    src: &str,
    dst: &str,
    edit_meta: impl Fn(&mut BTreeMap<String, String>),
    edit_rows: impl Fn(RecordBatch) -> RecordBatch,
) {
    let b = ParquetRecordBatchReaderBuilder::try_new(File::open(src).unwrap()).unwrap();
    let kv = b.metadata().file_metadata().key_value_metadata().cloned().unwrap_or_default();
    let mut meta: BTreeMap<String, String> =
        kv.into_iter().filter(|k| k.key.starts_with("dq.")).map(|k| (k.key, k.value.unwrap_or_default())).collect();
    edit_meta(&mut meta);
    let batches: Vec<RecordBatch> = b.build().unwrap().map(|b| edit_rows(b.unwrap())).collect();
    let schema = Arc::new(Schema::new(batches[0].schema().fields().clone()));
    let props = WriterProperties::builder()
        .set_key_value_metadata(Some(meta.into_iter().map(|(k, v)| KeyValue::new(k, v)).collect()))
        .build();
    let mut w = ArrowWriter::try_new(File::create(dst).unwrap(), schema.clone(), Some(props)).unwrap();
    for b in batches {
        w.write(&RecordBatch::try_new(schema.clone(), b.columns().to_vec()).unwrap()).unwrap();
    }
    w.close().unwrap();
}

/// Replaces one u64 column of a batch.
fn with_u64(b: RecordBatch, name: &str, f: impl Fn(u64) -> u64) -> RecordBatch {
    let i = b.schema().index_of(name).unwrap();
    let mut cols = b.columns().to_vec();
    let old = cols[i].as_primitive::<UInt64Type>().clone();
    cols[i] = Arc::new(UInt64Array::from_iter_values(old.values().iter().map(|v| f(*v))));
    RecordBatch::try_new(b.schema(), cols).unwrap()
}

/// Runs `dq merge` expecting a refusal: exit 2, one line naming the problem, no stdout, no file.
fn refused(dir: &Scratch, args: &[&str], expect: &str) -> String {
    let before = dir.entries();
    let out = dir.file("merged.parquet");
    let mut a = vec!["merge"];
    a.extend(args);
    a.extend(["--out", &out]);
    let err = refused_with(&a, expect);
    assert_eq!(dir.entries(), before, "{a:?} left a file behind");
    err
}

#[test]
fn parts_of_different_runs_are_refused() {
    let dir = Scratch::new("different");
    let table = ["--games", "2000", "--seed", "3", "--bot", "random"];
    let a = dir.file("a.parquet");
    ok(&run_args(&table, Some("0/2"), &a));
    let b = dir.file("b.parquet");
    ok(&run_args(&table, Some("1/2"), &b));

    // A second half played with one option changed, named by what differs.
    let data = dir.0.join("data");
    std::fs::create_dir(&data).unwrap();
    copy_revised_data(&data);
    let heroes = data.join("heroes.ron");
    let text = std::fs::read_to_string(&heroes).unwrap();
    assert!(text.contains("health: 13,"));
    std::fs::write(&heroes, text.replacen("health: 13,", "health: 12,", 1)).unwrap();
    let data = data.display().to_string();
    let variants: &[(&[&str], &str)] = &[
        (&["--seed", "4"], "has seed \"4\" but"),
        (&["--rule", "late-start"], "has rules \"late-start\" but"),
        (&["--heroes", "hugo"], "has heroes \"hugo\" but"),
        (&["--bot", "greedy"], "has bots \"greedy\" but"),
        (&["--monster-policy", "equilibrium"], "has monster policy \"equilibrium\" but"),
        (&["--games", "3000"], "has run size (--games) \"3000\" but"),
        (&["--data", &data], "has data hash \""),
    ];
    for (i, (change, words)) in variants.iter().enumerate() {
        let other = dir.file(&format!("other{i}.parquet"));
        let mut args: Vec<&str> = vec!["run", "--quiet", "--out", &other, "--shard", "1/2"];
        // The changed option replaces the table's value, or is added to the table.
        let mut t: Vec<&str> = table.to_vec();
        for pair in change.chunks(2) {
            if let Some(k) = t.iter().position(|x| *x == pair[0]) {
                t[k + 1] = pair[1];
            } else {
                t.extend(pair);
            }
        }
        args.extend(t);
        ok(&args);
        let err = refused(&dir, &[&a, &other], &format!("{other} {words}"));
        if i == 0 {
            let whole = format!(
                "dq: {other} has seed \"4\" but {a} has seed \"3\": parts of different runs cannot be merged\n"
            );
            assert_eq!(err, whole);
        }
        std::fs::remove_file(&other).unwrap();
    }

    // What the binary cannot be made to write: another dq version, commit or schema version.
    let crafted: &[(&str, &str, &str)] = &[
        ("dq.version", "9.9.9", "has dq version \"9.9.9\" but"),
        ("dq.git_commit", "0123456789abcdef0123456789abcdef01234567", "has git commit \"0123456789abcdef"),
        ("dq.edition", "classic", "has edition \"classic\" but"),
    ];
    let c = dir.file("crafted.parquet");
    for (key, value, words) in crafted {
        rewrite(&b, &c, |m| *m.get_mut(*key).unwrap() = value.to_string(), |r| r);
        refused(&dir, &[&a, &c], &format!("{c} {words}"));
    }
    // A part of another game than `--game` (default dungeonquest): named with its game.
    rewrite(&b, &c, |m| *m.get_mut("dq.game").unwrap() = "chess".into(), |r| r);
    refused(&dir, &[&a, &c], &format!("{c}: results of the game chess, not dungeonquest (--game)"));
    refused(&dir, &[&a, &c, "--game", "chess"], "invalid value 'chess' for '--game <NAME>'");
    // A part of a newer schema, or both: refused as such, not merged with this dq's columns.
    let c2 = dir.file("crafted2.parquet");
    rewrite(&a, &c2, |m| *m.get_mut("dq.schema_version").unwrap() = "3".into(), |r| r);
    rewrite(&b, &c, |m| *m.get_mut("dq.schema_version").unwrap() = "3".into(), |r| r);
    let newer = "schema version 3, but this dq reads version 2 (use the dq that wrote it)";
    refused(&dir, &[&a, &c], &format!("{c}: {newer}"));
    refused(&dir, &[&c2, &c], newer);
    // A part as a dq of schema version 1 wrote it (no `game` column, no dq.game): the
    // message says to re-run it.
    rewrite(
        &b,
        &c,
        |m| {
            *m.get_mut("dq.schema_version").unwrap() = "1".into();
            m.remove("dq.game");
        },
        |r| {
            let keep: Vec<usize> = (0..r.num_columns()).filter(|&i| r.schema().field(i).name() != "game").collect();
            r.project(&keep).unwrap()
        },
    );
    let whole = refused(&dir, &[&a, &c], &format!("{c}: schema version 1, written by an older dq: re-run it"));
    assert_eq!(
        whole,
        format!("dq: {c}: schema version 1, written by an older dq: re-run it with this dq (which reads schema version 2 only)\n")
    );
    // A key missing from one part only.
    rewrite(&b, &c, |m| drop(m.remove("dq.master_seed")), |r| r);
    refused(&dir, &[&a, &c], "has seed nothing but");
}

#[test]
fn broken_missing_and_overlapping_parts_are_refused() {
    let dir = Scratch::new("broken");
    let table = ["--games", "2000", "--seed", "3", "--bot", "random"];
    let a = dir.file("a.parquet");
    ok(&run_args(&table, Some("0/2"), &a));
    let b = dir.file("b.parquet");
    ok(&run_args(&table, Some("1/2"), &b));
    let third = dir.file("third.parquet");
    ok(&run_args(&table, Some("0/3"), &third));
    let err = refused(&dir, &[&a, &b, &third], &format!("{a} and {third} both hold games [0, 666): parts overlap"));
    assert!(err.ends_with("parts overlap (the same shard twice, or shards of different splits)\n"), "{err}");
    refused(&dir, &[&a, &b, &a], &format!("{a} is given twice"));
    let missing = dir.file("nothing-here.parquet");
    refused(&dir, &[&a, &missing], &format!("{missing}: no such file or folder"));
    let empty = dir.file("empty");
    std::fs::create_dir(&empty).unwrap();
    refused(&dir, &[&empty], &format!("{empty}: no .parquet files in this folder"));
    std::fs::remove_dir(&empty).unwrap();
    let o = dq(&["merge", &a, &b, "--out", &a]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        format!("dq: --out {a} is also one of the parts: write the merged file elsewhere\n")
    );

    let text = dir.file("text.parquet");
    std::fs::write(&text, "not parquet at all").unwrap();
    refused(&dir, &[&a, &text], &format!("{text}: not a Parquet file"));
    std::fs::remove_file(&text).unwrap();

    let c = dir.file("crafted.parquet");
    rewrite(&b, &c, |m| m.clear(), |r| r);
    refused(&dir, &[&a, &c], &format!("{c}: not a dq results file (no dq.schema_version metadata)"));
    // Fewer rows than the games it claims.
    rewrite(&b, &c, |_| {}, |r| r.slice(0, r.num_rows() - 1));
    refused(
        &dir,
        &[&a, &c],
        &format!("{c}: 999 rows, but 1000 games × 1 seat(s) make 1000: not a complete dq results file"),
    );
    // Rows of other games than the metadata says (the first half's rows, labelled second half).
    rewrite(
        &a,
        &c,
        |m| {
            m.insert("dq.first_game".into(), "1000".into());
            m.insert("dq.end_game".into(), "2000".into());
            m.insert("dq.shard".into(), "1/2".into());
        },
        |r| r,
    );
    refused(&dir, &[&a, &c], &format!("{c}: a row of game 0 is out of order or outside the games"));
    // Rows of another seed.
    rewrite(&b, &c, |_| {}, |r| with_u64(r, "seed", |s| s + 1));
    refused(&dir, &[&a, &c], &format!("{c}: rows of another seed than its dq.master_seed 3"));
    // Rows out of game order.
    rewrite(&b, &c, |_| {}, |r| with_u64(r, "game_index", |g| if g == 1500 { 1400 } else { g }));
    refused(&dir, &[&a, &c], &format!("{c}: a row of game 1400 is out of order"));
    // A column missing.
    rewrite(&b, &c, |_| {}, |r| r.project(&(0..r.num_columns() - 1).collect::<Vec<_>>()).unwrap());
    refused(&dir, &[&a, &c], &format!("{c}: 31 columns, schema version 2 has 32"));
    // A column of another type.
    rewrite(
        &b,
        &c,
        |_| {},
        |r| {
            let i = r.schema().index_of("gold").unwrap();
            let mut fields: Vec<_> = r.schema().fields().iter().map(|f| f.as_ref().clone()).collect();
            fields[i] = arrow_schema::Field::new("gold", arrow_schema::DataType::UInt64, false);
            let mut cols = r.columns().to_vec();
            let gold: Vec<u64> =
                cols[i].as_primitive::<arrow_array::types::UInt32Type>().values().iter().map(|g| *g as u64).collect();
            cols[i] = Arc::new(UInt64Array::from(gold));
            RecordBatch::try_new(Arc::new(Schema::new(fields)), cols).unwrap()
        },
    );
    refused(&dir, &[&a, &c], &format!("{c}: column gold UInt64, schema version 2 has gold UInt32"));
}

/// The Slurm scripts, run as Slurm would run them: each array task is its own process with
/// the SLURM_* variables set; then the merge job; then `submit.sh` against a stand-in `sbatch`
/// that records what it was asked to queue.
#[test]
fn slurm_scripts_run_each_task_as_a_separate_process() {
    let dir = Scratch::new("slurm");
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/slurm");
    let out = dir.file("run");
    let run = ["--games", "3000", "--heroes", "2", "--seed", "8", "--bot", "random"];
    // Task `i` of an array whose indexes start at `min` and number `count`.
    let task = |i: u32, min: &str, count: &str, shards: Option<&str>| {
        let mut c = Command::new("bash");
        c.arg(scripts.join("dq-shards.sbatch"))
            .arg(&out)
            .args(run)
            .env("DQ", DQ)
            .env("SLURM_ARRAY_TASK_ID", i.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", count)
            .env("SLURM_ARRAY_TASK_MIN", min)
            .env("SLURM_CPUS_PER_TASK", "1")
            .env_remove("DQ_SHARDS")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(n) = shards {
            c.env("DQ_SHARDS", n);
        }
        c.spawn().unwrap()
    };
    // Tasks 0 and 2 of `--array=0-2`; task 1 as a rerun of that index alone
    // (`--array=1 --export=ALL,DQ_SHARDS=3`).
    let tasks: Vec<Child> = vec![task(0, "0", "3", None), task(2, "0", "3", None), task(1, "1", "1", Some("3"))];
    for (i, t) in tasks.into_iter().enumerate() {
        finished(t, &format!("array task {i}"));
    }
    let mut parts: Vec<String> = std::fs::read_dir(dir.0.join("run/parts"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    parts.sort();
    assert_eq!(parts, ["SHARDS", "part-00000.parquet", "part-00001.parquet", "part-00002.parquet"]);
    assert_eq!(dq_meta(format!("{out}/parts/part-00001.parquet"))["dq.shard"], "1/3");

    let merge = Command::new("bash").arg(scripts.join("dq-merge.sbatch")).arg(&out).env("DQ", DQ).output().unwrap();
    assert!(merge.status.success(), "{}", String::from_utf8_lossy(&merge.stderr));
    let full = dir.file("full.parquet");
    ok(&run_args(&run, None, &full));
    assert_eq!(read_rows(&format!("{out}/results.parquet")), read_rows(&full));

    // An array that does not start at 0, without DQ_SHARDS, is refused before dq runs.
    let bad = task(1, "1", "2", None).wait_with_output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("the array must be 0-(N-1) (it starts at 1)"));
    // A rerun of index 0 alone without DQ_SHARDS (it would play the whole run as 0/1), or with
    // another split, is refused before it replaces the good part.
    let good = std::fs::read(format!("{out}/parts/part-00000.parquet")).unwrap();
    for (count, shards) in [("1", None), ("1", Some("4"))] {
        let bad = task(0, "0", count, shards).wait_with_output().unwrap();
        assert_eq!(bad.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&bad.stderr).contains("holds shards of a 3-way split"), "{bad:?}");
    }
    assert!(std::fs::read(format!("{out}/parts/part-00000.parquet")).unwrap() == good, "a good part was replaced");
    // A missing part: the merge names the shard to rerun.
    std::fs::rename(format!("{out}/parts/part-00001.parquet"), dir.file("aside.parquet")).unwrap();
    let merge = Command::new("bash").arg(scripts.join("dq-merge.sbatch")).arg(&out).env("DQ", DQ).output().unwrap();
    assert_eq!(merge.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&merge.stderr).contains("dq: shard 1 of 3 (games"), "{merge:?}");

    // submit.sh: the array 0..N-1 with DQ_SHARDS=N, then the merge after the array succeeded.
    let bin = dir.0.join("bin");
    std::fs::create_dir(&bin).unwrap();
    let log = dir.file("sbatch.log");
    let fake = "#!/bin/bash\necho \"$*\" >> \"$SBATCH_LOG\"\necho \"$((4000 + $(wc -l < \"$SBATCH_LOG\")));cluster\"\n";
    std::fs::write(bin.join("sbatch"), fake).unwrap();
    Command::new("chmod").arg("+x").arg(bin.join("sbatch")).status().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let queued = dir.file("queued");
    let submit = Command::new("bash")
        .arg(scripts.join("submit.sh"))
        .args(["16", &queued, "--games", "1000000", "--rule", "late-start"])
        .env("PATH", &path)
        .env("DQ", DQ)
        .env_remove("DQ_CPUS")
        .env("SBATCH_LOG", &log)
        .env("SBATCH_OPTS", "--partition=cpu")
        .output()
        .unwrap();
    assert!(submit.status.success(), "{}", String::from_utf8_lossy(&submit.stderr));
    assert_eq!(
        String::from_utf8_lossy(&submit.stdout),
        format!("shards: job 4001 (16 tasks, 1 CPUs each), merge: job 4002 -> {queued}/results.parquet\n")
    );
    let calls = std::fs::read_to_string(&log).unwrap();
    let calls: Vec<&str> = calls.lines().collect();
    let s = scripts.canonicalize().unwrap().display().to_string();
    assert_eq!(
        calls,
        [
            format!(
                "--parsable --partition=cpu --array=0-15 --cpus-per-task=1 --export=ALL,DQ_SHARDS=16 \
                 --output={queued}/dq-shards-%A_%a.log {s}/dq-shards.sbatch {queued} --games 1000000 --rule late-start"
            ),
            format!(
                "--parsable --partition=cpu --dependency=afterany:4001 --output={queued}/dq-merge-%j.log \
                 {s}/dq-merge.sbatch {queued}"
            ),
        ]
    );
    assert_eq!(std::fs::read_to_string(format!("{queued}/parts/SHARDS")).unwrap(), "16\n");
    let usage = Command::new("bash").arg(scripts.join("submit.sh")).args(["0", &queued]).output().unwrap();
    assert_eq!(usage.status.code(), Some(2));
    // Bad options are caught by the dry run before anything is queued or created.
    let typo = dir.file("typo");
    let refused = Command::new("bash")
        .arg(scripts.join("submit.sh"))
        .args(["4", &typo, "--rule", "late-strat"])
        .env("PATH", &path)
        .env("DQ", DQ)
        .env("SBATCH_LOG", &log)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("unknown rule \"late-strat\""), "{refused:?}");
    assert!(!Path::new(&typo).exists());
    assert_eq!(std::fs::read_to_string(&log).unwrap().lines().count(), 2, "sbatch was called");
    // sbatch refusing the array: the folder submit.sh made is removed.
    std::fs::write(bin.join("sbatch"), "#!/bin/bash\necho 'sbatch: error: invalid partition' >&2\nexit 1\n").unwrap();
    let gone = dir.file("gone");
    let failed = Command::new("bash")
        .arg(scripts.join("submit.sh"))
        .args(["4", &gone, "--games", "100"])
        .env("PATH", &path)
        .env("DQ", DQ)
        .output()
        .unwrap();
    assert_eq!(failed.status.code(), Some(1));
    assert!(!Path::new(&gone).exists(), "submit.sh left {gone}");
}
