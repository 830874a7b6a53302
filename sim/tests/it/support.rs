//! What every end-to-end test of `dq` needs: running the binary, scratch folders, and reading
//! back the Parquet rows, metadata and JSON it writes.

use parquet::file::reader::{FileReader, SerializedFileReader};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The binary under test: `dq`, or in the reports package `dq-reports` (the same command line).
pub use crate::DQ;

/// Parquet rows as JSON objects, as `dq replay` shows them.
pub type Rows = Vec<Map<String, Value>>;

/// Runs `dq` with no input, capturing its output.
pub fn dq(args: &[&str]) -> Output {
    Command::new(DQ).args(args).stdin(Stdio::null()).output().expect("dq runs")
}

/// Runs `dq`, requires success and returns its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = dq(args);
    assert!(out.status.success(), "dq {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs `dq` expecting bad input: exit code 2, one line on stderr starting `dq: ` and
/// containing `expect`, nothing on stdout. Returns the line.
pub fn refused_with(args: &[&str], expect: &str) -> String {
    let o = dq(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("dq: ") && err.contains(expect), "{args:?}: expected \"{expect}\" in: {err}");
    assert!(o.stdout.is_empty(), "{args:?}");
    err
}

/// A scratch folder, removed afterwards. Its name carries the process id and a counter,
/// because every test module runs in this one process, in parallel.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!("dq-test-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Scratch(p)
    }

    /// The path of `name` inside the folder, as a `dq` argument.
    pub fn file(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }

    /// The file names in the folder, sorted.
    pub fn entries(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Every row of a results file.
pub fn read_rows(path: &str) -> Rows {
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    let reader = ParquetRecordBatchReaderBuilder::try_new(File::open(path).unwrap()).unwrap().build().unwrap();
    reader.flat_map(|b| dq_sim::replay::rows_json(&b.unwrap())).collect()
}

/// Every key-value metadata entry of a Parquet file.
pub fn read_meta(path: impl AsRef<Path>) -> BTreeMap<String, String> {
    let r = SerializedFileReader::new(File::open(path).unwrap()).unwrap();
    let kv = r.metadata().file_metadata().key_value_metadata().cloned().unwrap_or_default();
    kv.into_iter().map(|k| (k.key, k.value.unwrap_or_default())).collect()
}

/// The `dq.*` metadata entries of a Parquet file (arrow's own schema entry left out).
pub fn dq_meta(path: impl AsRef<Path>) -> BTreeMap<String, String> {
    read_meta(path).into_iter().filter(|(k, _)| k.starts_with("dq.")).collect()
}

/// Parses text that must be one JSON object.
pub fn json(s: &str) -> Map<String, Value> {
    match serde_json::from_str(s.trim()) {
        Ok(Value::Object(m)) => m,
        other => panic!("not a JSON object: {other:?}\n{s}"),
    }
}

/// Reads a file that must hold one JSON object.
pub fn read_json(path: &Path) -> Map<String, Value> {
    json(&std::fs::read_to_string(path).unwrap())
}

/// `dq run` with `table` (which asks for `--json`), then `extra`, writing `out`: its summary.
pub fn run_json(table: &[&str], extra: &[&str], out: &str) -> Map<String, Value> {
    let mut a: Vec<&str> = vec!["run"];
    a.extend(table);
    a.extend(extra);
    a.extend(["--out", out]);
    json(&ok(&a))
}

/// A run of `table` (with `--json`) on 1 and on 2 threads into `dir`, whose rows must be the
/// same: the two summaries, the rows and the 1-thread file's path.
pub fn rows_on_1_and_2_threads(
    dir: &Scratch,
    table: &[&str],
) -> (Map<String, Value>, Map<String, Value>, Rows, String) {
    let (one, two) = (dir.file("t1.parquet"), dir.file("t2.parquet"));
    let s1 = run_json(table, &["--threads", "1"], &one);
    let s2 = run_json(table, &["--threads", "2"], &two);
    let rows = read_rows(&one);
    assert_eq!(rows, read_rows(&two), "rows differ between 1 and 2 threads");
    (s1, s2, rows, one)
}

/// The shards of a run of `table` (with `--json`), each with its own arguments (`--shard k/n`
/// and any other) and written to `shard{k}.parquet` in `dir`: their rows in shard order, and
/// the games their summaries count.
pub fn shard_rows(dir: &Scratch, table: &[&str], shards: &[&[&str]]) -> (Rows, u64) {
    let (mut rows, mut games) = (Vec::new(), 0);
    for (k, extra) in shards.iter().enumerate() {
        let path = dir.file(&format!("shard{k}.parquet"));
        games += run_json(table, extra, &path)["games"].as_u64().unwrap();
        rows.extend(read_rows(&path));
    }
    (rows, games)
}

/// `dq replay` of one game as JSON (`args` name it, with `--format json`): the document, its
/// rows checked equal to game `game`'s rows in `rows`.
pub fn replay_matches(args: &[&str], rows: &Rows, game: u64) -> Map<String, Value> {
    let doc = json(&ok(args));
    let replayed: Rows = doc["rows"].as_array().unwrap().iter().map(|r| r.as_object().unwrap().clone()).collect();
    let stored: Rows = rows.iter().filter(|r| r["game_index"] == game).cloned().collect();
    assert_eq!(replayed, stored, "game {game}");
    doc
}

/// The JSON summary without the figures that depend on the machine.
pub fn without_timing(mut m: Map<String, Value>) -> Map<String, Value> {
    for k in ["wall_seconds", "games_per_sec", "threads", "out"] {
        m.remove(k);
    }
    m
}

/// Copies the Revised data files into the folder `to` (for `--data` runs with an edited copy).
pub fn copy_revised_data(to: &Path) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/dungeonquest/revised");
    for f in dq_engine::Sources::FILES {
        std::fs::copy(from.join(f), to.join(f)).unwrap();
    }
}
