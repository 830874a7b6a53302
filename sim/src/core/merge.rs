//! `dq merge`: joins the parts of a sharded run (`dq run --shard I/N`, typically one per task
//! of a Slurm job array or a Kubernetes Indexed Job) into one results file whose rows are
//! exactly those of the unsharded run, in the same order.
//!
//! Everything that can be checked from the parts' metadata is checked before a byte is
//! written: the parts must be of this dq's schema version, come from one run (same game, dq
//! version and commit, data, seed, table and run size) and hold disjoint games; by default
//! they must hold every game of the run (`--allow-partial` merges what is there). While rows
//! are copied, each part is held to what its metadata promises (game range, row count, seed).
//! The output is written under a temporary name and renamed when complete, so a refusal
//! leaves nothing behind.
//!
//! The merged file's metadata is the run's, as an unsharded run writes it (`dq.shard` = `0/1`,
//! games 0 to the run size), so merged and unsharded files can be read, compared and merged
//! alike. What legitimately differs between parts moves to `dq.parts` (JSON, one object per
//! part: file, shard, game range, command line, data folder); `dq.command_line` is the
//! merge's own; `dq.data_dir` and `dq.label` stay only if every part has the same one. A
//! merge with games missing says `dq.shard` = `partial` and lists the games it holds in
//! `dq.game_ranges`.

use crate::cli::MergeArgs;
use crate::dungeonquest::run::DungeonQuest;
use crate::error::{bad, Failure};
use crate::family::{self, run_keys, Family, GameFamily, BUILD_KEYS};
use crate::meta::{self, Meta};
use crate::parquet_out::{ParquetOut, SCHEMA_VERSION};
use crate::pipeline;
use crate::schema::ResultsTable;
use crate::schema::{self, GAME_INDEX, SEED};
use arrow_array::cast::AsArray;
use arrow_array::types::UInt64Type;
use arrow_array::{Array, RecordBatch};
use parquet::arrow::arrow_reader::{ParquetRecordBatchReader, ParquetRecordBatchReaderBuilder};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The per-part keys that legitimately differ between parts: kept for each part in `dq.parts`
/// (without the `dq.` prefix), as the part's metadata has them.
pub const PART_KEYS: [&str; 6] = ["shard", "first_game", "end_game", "game_ranges", "command_line", "data_dir"];

/// One input file, read as far as its metadata.
struct Part {
    path: PathBuf,
    meta: BTreeMap<String, String>,
    /// The games the part holds, sorted and disjoint (empty ranges dropped).
    ranges: Vec<Range<u64>>,
    /// Where the part sits in game order: its first game (its `dq.first_game` if it holds none).
    order: u64,
    rows: u64,
    /// Why the columns differ from this dq's schema, if they do.
    columns: Option<String>,
}

impl Part {
    fn shown(&self) -> String {
        self.path.display().to_string()
    }

    fn get(&self, key: &str) -> Result<&str, Failure> {
        self.meta
            .get(key)
            .map(String::as_str)
            .ok_or_else(|| bad(format!("{}: no {key} metadata: not a file written by dq run", self.shown())))
    }

    fn number(&self, key: &str) -> Result<u64, Failure> {
        let v = self.get(key)?;
        v.parse().map_err(|_| bad(format!("{}: {key} is \"{v}\", not a whole number", self.shown())))
    }
}

/// Runs `dq merge`: dispatches on the family once.
pub fn run(args: &MergeArgs) -> Result<(), Failure> {
    // Without --game, the first part's game (a part of another game is refused by name below).
    let first = || expand(&args.parts).ok()?.first().and_then(|f| family::game_in_file(f));
    match args.game.family.or_else(first).unwrap_or_default() {
        Family::DungeonQuest => merge::<DungeonQuest>(args),
        Family::DealingDungeons => merge::<crate::dealing_dungeons::run::DealingDungeons>(args),
        Family::DungeonOfChaos => merge::<crate::dungeon_of_chaos::run::DungeonOfChaos>(args),
    }
}

/// Merges parts of family `F`'s results table.
fn merge<F: GameFamily>(args: &MergeArgs) -> Result<(), Failure> {
    pipeline::catch_ctrl_c();
    let files = expand(&args.parts)?;
    if let Ok(out) = args.out.canonicalize() {
        if files.iter().any(|f| f.canonicalize().is_ok_and(|f| f == out)) {
            return Err(bad(format!(
                "--out {} is also one of the parts: write the merged file elsewhere",
                args.out.display()
            )));
        }
    }
    let mut parts = files.iter().map(|f| read_part::<F>(f)).collect::<Result<Vec<_>, _>>()?;
    same_run::<F>(&parts)?;
    let games = parts[0].number("dq.games")?;
    let seed = parts[0].number("dq.master_seed")?;
    let seats = F::seats(&parts[0].meta)
        .ok_or_else(|| bad(format!("{}: no seats in its metadata: not a file written by dq run", parts[0].shown())))?;
    for p in &mut parts {
        if let Some(why) = &p.columns {
            return Err(bad(format!("{}: {why}", p.shown())));
        }
        p.ranges = ranges(p, games)?;
        let held: u64 = p.ranges.iter().map(|r| r.end - r.start).sum();
        let expect = held.saturating_mul(seats);
        if p.rows != expect {
            return Err(bad(format!(
                "{}: {} rows, but {held} games × {seats} seat(s) make {expect}: not a complete dq results file",
                p.shown(),
                p.rows
            )));
        }
    }
    // Game order; the path breaks ties (parts without games) so the order given does not matter.
    parts.sort_by(|a, b| (a.order, &a.path).cmp(&(b.order, &b.path)));
    let plan = plan(&parts)?;
    let missing = gaps(&plan, games);
    if !missing.is_empty() && !args.allow_partial {
        let lost: u64 = missing.iter().map(|r| r.end - r.start).sum();
        // Where every part is a shard of one split, name the shard indexes to rerun.
        let shards = match missing_shards(&parts) {
            Some((idx, n)) if !idx.is_empty() => {
                let list: Vec<String> = idx.iter().take(20).map(u64::to_string).collect();
                let more = if idx.len() > 20 { format!(" and {} more", idx.len() - 20) } else { String::new() };
                format!(
                    "shard{} {}{more} of {n} ({}) ",
                    if idx.len() == 1 { "" } else { "s" },
                    list.join(", "),
                    describe(&missing)
                )
            }
            _ => format!("{} ", describe(&missing)),
        };
        return Err(bad(format!(
            "{shards}of the {games}-game run are missing ({lost} games, no part holds them): merge every shard, \
             or pass --allow-partial"
        )));
    }

    let mut out = ParquetOut::<F::Consts>::create(&args.out, merged_meta::<F>(&parts, &plan, &missing, games)?)?;
    let rows = copy(&parts, &plan, seats, seed, &mut out)?;
    out.finish(Vec::new())?;

    let held = games - missing.iter().map(|r| r.end - r.start).sum::<u64>();
    let mut line = format!(
        "dq merge: {} parts, {held} of {games} games (seed {seed}), {rows} rows -> {}",
        parts.len(),
        args.out.display()
    );
    if !missing.is_empty() {
        line += &format!("; missing {}", describe(&missing));
    }
    crate::error::emit(&format!("{line}\n"));
    Ok(())
}

/// The part files: files as given, folders as their `*.parquet` files (hidden ones, such as a
/// run's temporary output, skipped), each file once.
fn expand(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    let mut files = Vec::new();
    for p in inputs {
        let shown = p.display();
        if p.is_dir() {
            let entries = std::fs::read_dir(p).map_err(|e| bad(format!("cannot read {shown}: {e}")))?;
            let mut found = Vec::new();
            for e in entries {
                let e = e.map_err(|e| bad(format!("cannot read {shown}: {e}")))?;
                let name = e.file_name().to_string_lossy().into_owned();
                if name.ends_with(".parquet") && !name.starts_with('.') && e.path().is_file() {
                    found.push(e.path());
                }
            }
            if found.is_empty() {
                return Err(bad(format!("{shown}: no .parquet files in this folder")));
            }
            found.sort();
            files.extend(found);
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(bad(format!("{shown}: no such file or folder")));
        }
    }
    let mut seen = BTreeSet::new();
    for f in &files {
        let real = f.canonicalize().map_err(|e| bad(format!("cannot read {}: {e}", f.display())))?;
        if !seen.insert(real) {
            return Err(bad(format!("{} is given twice", f.display())));
        }
    }
    Ok(files)
}

/// Opens a Parquet file for reading, with a message that names it.
fn open(path: &Path) -> Result<ParquetRecordBatchReaderBuilder<File>, Failure> {
    let shown = path.display();
    let file = File::open(path).map_err(|e| bad(format!("cannot read {shown}: {e}")))?;
    ParquetRecordBatchReaderBuilder::try_new(file).map_err(|e| bad(format!("{shown}: not a Parquet file ({e})")))
}

/// Reads a part's metadata, row count and columns.
fn read_part<F: GameFamily>(path: &Path) -> Result<Part, Failure> {
    let builder = open(path)?;
    let fm = builder.metadata().file_metadata();
    let meta: BTreeMap<String, String> = fm
        .key_value_metadata()
        .map(|kv| kv.iter().filter_map(|k| Some((k.key.clone(), k.value.clone()?))).collect())
        .unwrap_or_default();
    let Some(version) = meta.get("dq.schema_version") else {
        return Err(bad(format!("{}: not a dq results file (no dq.schema_version metadata)", path.display())));
    };
    // A file of another version is refused before its columns are compared: they differ.
    if let Some(why) = schema::version_refusal(version, SCHEMA_VERSION) {
        return Err(bad(format!("{}: {why}", path.display())));
    }
    if let Some(game) = meta.get("dq.game").filter(|g| *g != F::GAME) {
        return Err(bad(format!("{}: results of the game {game}, not {} (--game)", path.display(), F::GAME)));
    }
    let ours = crate::schema::arrow_schema(family::columns::<F>());
    let theirs = builder.schema();
    let columns = if theirs.fields().len() != ours.fields().len() {
        Some(format!("{} columns, schema version {SCHEMA_VERSION} has {}", theirs.fields().len(), ours.fields().len()))
    } else {
        theirs.fields().iter().zip(ours.fields()).find_map(|(t, o)| {
            let spell = |f: &arrow_schema::Field| {
                format!("{} {}{}", f.name(), f.data_type(), if f.is_nullable() { " (nullable)" } else { "" })
            };
            (t.name() != o.name() || t.data_type() != o.data_type() || t.is_nullable() != o.is_nullable())
                .then(|| format!("column {}, schema version {SCHEMA_VERSION} has {}", spell(t), spell(o)))
        })
    };
    let rows = u64::try_from(fm.num_rows()).unwrap_or(0);
    let order = meta.get("dq.first_game").and_then(|v| v.parse().ok()).unwrap_or(u64::MAX);
    Ok(Part { path: path.to_path_buf(), meta, ranges: Vec::new(), order, rows, columns })
}

/// Refuses parts of different runs (the first of the family's [`run_keys`] that differs is
/// named).
fn same_run<F: GameFamily>(parts: &[Part]) -> Result<(), Failure> {
    let first = &parts[0];
    let show = |v: Option<&String>| v.map_or("nothing".to_string(), |s| format!("\"{s}\""));
    for (key, words) in run_keys::<F>() {
        let key = format!("dq.{key}");
        for p in &parts[1..] {
            let (a, b) = (first.meta.get(&key), p.meta.get(&key));
            if a != b {
                return Err(bad(format!(
                    "{} has {words} {} but {} has {words} {}: parts of different runs cannot be merged",
                    p.shown(),
                    show(b),
                    first.shown(),
                    show(a)
                )));
            }
        }
        first.get(&key)?;
    }
    Ok(())
}

/// The games a part holds: `dq.game_ranges` (a partial merge) or `[dq.first_game, dq.end_game)`.
fn ranges(p: &Part, games: u64) -> Result<Vec<Range<u64>>, Failure> {
    let shown = p.shown();
    let list: Vec<Range<u64>> = match p.meta.get("dq.game_ranges") {
        Some(text) => {
            let wrong = || bad(format!("{shown}: dq.game_ranges is not a list of [first, end] pairs: {text}"));
            let pairs: Vec<[u64; 2]> = serde_json::from_str(text).map_err(|_| wrong())?;
            pairs.into_iter().map(|[a, b]| a..b).collect()
        }
        None => std::iter::once(p.number("dq.first_game")?..p.number("dq.end_game")?).collect(),
    };
    let mut end = 0;
    for r in &list {
        if r.start > r.end || r.end > games || r.start < end {
            return Err(bad(format!(
                "{shown}: games [{}, {}) are not a valid part of a {games}-game run",
                r.start, r.end
            )));
        }
        end = r.end;
    }
    Ok(list.into_iter().filter(|r| !r.is_empty()).collect())
}

/// Every game range of every part, in game order, refusing any game held twice.
fn plan(parts: &[Part]) -> Result<Vec<(usize, Range<u64>)>, Failure> {
    let mut plan: Vec<(usize, Range<u64>)> =
        parts.iter().enumerate().flat_map(|(i, p)| p.ranges.iter().map(move |r| (i, r.clone()))).collect();
    plan.sort_by_key(|(i, r)| (r.start, *i));
    for w in plan.windows(2) {
        let ((a, ra), (b, rb)) = (&w[0], &w[1]);
        if rb.start < ra.end {
            return Err(bad(format!(
                "{} and {} both hold games [{}, {}): parts overlap (the same shard twice, or shards of different \
                 splits)",
                parts[*a].shown(),
                parts[*b].shown(),
                rb.start,
                ra.end.min(rb.end)
            )));
        }
    }
    Ok(plan)
}

/// When every part is one shard `I/N` of the same split: the indexes no part is, and N.
fn missing_shards(parts: &[Part]) -> Option<(Vec<u64>, u64)> {
    let mut n = None;
    let mut seen = BTreeSet::new();
    for p in parts {
        let (i, c) = p.meta.get("dq.shard")?.split_once('/')?;
        let (i, c): (u64, u64) = (i.parse().ok()?, c.parse().ok()?);
        if *n.get_or_insert(c) != c {
            return None;
        }
        seen.insert(i);
    }
    let n = n?;
    Some(((0..n).filter(|i| !seen.contains(i)).collect(), n))
}

/// The games of `[0, games)` that no range of the plan holds.
fn gaps(plan: &[(usize, Range<u64>)], games: u64) -> Vec<Range<u64>> {
    let mut missing = Vec::new();
    let mut next = 0;
    for (_, r) in plan {
        if r.start > next {
            missing.push(next..r.start);
        }
        next = r.end;
    }
    if next < games {
        missing.push(next..games);
    }
    missing
}

/// The held ranges, adjacent ones joined.
fn coalesce(plan: &[(usize, Range<u64>)]) -> Vec<Range<u64>> {
    let mut held: Vec<Range<u64>> = Vec::new();
    for (_, r) in plan {
        match held.last_mut() {
            Some(last) if last.end == r.start => last.end = r.end,
            _ => held.push(r.clone()),
        }
    }
    held
}

/// "games [a, b), [c, d) and 3 more ranges".
fn describe(ranges: &[Range<u64>]) -> String {
    let shown: Vec<String> = ranges.iter().take(3).map(|r| format!("[{}, {})", r.start, r.end)).collect();
    let mut s = format!("games {}", shown.join(", "));
    if ranges.len() > 3 {
        s += &format!(" and {} more ranges", ranges.len() - 3);
    }
    s
}

/// The merged file's metadata (see the module documentation).
fn merged_meta<F: GameFamily>(
    parts: &[Part],
    plan: &[(usize, Range<u64>)],
    missing: &[Range<u64>],
    games: u64,
) -> Result<Vec<(String, String)>, Failure> {
    let first = &parts[0];
    let mut m = Meta::default();
    let copy = |m: &mut Meta, key: &str| -> Result<(), Failure> {
        m.put(key, first.get(&format!("dq.{key}"))?);
        Ok(())
    };
    let build = BUILD_KEYS.iter().chain(F::RULES_KEYS).map(|(k, _)| *k);
    for key in build.chain(["master_seed", "seed_scheme", "chunk_size"]) {
        copy(&mut m, key)?;
    }
    m.put("games", games);
    let held = coalesce(plan);
    if missing.is_empty() {
        m.put("shard", "0/1").put("first_game", 0).put("end_game", games);
    } else {
        let pairs: Vec<Value> = held.iter().map(|r| Value::from(vec![r.start, r.end])).collect();
        m.put("shard", "partial")
            .put("first_game", held.first().map_or(0, |r| r.start))
            .put("end_game", held.last().map_or(0, |r| r.end))
            .put("game_ranges", Value::Array(pairs));
    }
    for (key, _) in F::TABLE_KEYS {
        copy(&mut m, key)?;
    }
    m.put("command_line", meta::command_line());
    for key in ["data_dir", "label"] {
        let values: BTreeSet<Option<&String>> = parts.iter().map(|p| p.meta.get(&format!("dq.{key}"))).collect();
        if let [Some(v)] = values.into_iter().collect::<Vec<_>>()[..] {
            m.put(key, v);
        }
    }
    let list: Vec<Value> = parts
        .iter()
        .map(|p| {
            let mut o = Map::new();
            o.insert("file".into(), Value::from(p.shown()));
            for key in PART_KEYS {
                if let Some(v) = p.meta.get(&format!("dq.{key}")) {
                    o.insert(key.into(), Value::from(v.as_str()));
                }
            }
            if let Some(v) = p.meta.get("dq.parts") {
                o.insert("parts".into(), serde_json::from_str(v).unwrap_or_else(|_| Value::from(v.as_str())));
            }
            Value::Object(o)
        })
        .collect();
    m.put("parts", Value::Array(list));
    Ok(m.0)
}

/// A part's rows, read batch by batch and handed out by game range.
struct Cursor<'a> {
    part: &'a Part,
    reader: ParquetRecordBatchReader,
    batch: Option<RecordBatch>,
    offset: usize,
    last: u64,
    /// Where the `game_index` column is.
    game_col: usize,
}

impl<'a> Cursor<'a> {
    fn open(part: &'a Part, game_col: usize) -> Result<Cursor<'a>, Failure> {
        let reader = open(&part.path)?
            .with_batch_size(8192)
            .build()
            .map_err(|e| bad(format!("{}: cannot read rows: {e}", part.shown())))?;
        Ok(Cursor { part, reader, batch: None, offset: 0, last: 0, game_col })
    }

    /// The next batch with rows left, if any.
    fn current(&mut self) -> Result<Option<&RecordBatch>, Failure> {
        while self.batch.as_ref().is_none_or(|b| self.offset == b.num_rows()) {
            match self.reader.next() {
                None => return Ok(None),
                Some(b) => {
                    self.batch = Some(b.map_err(|e| bad(format!("{}: cannot read rows: {e}", self.part.shown())))?);
                    self.offset = 0;
                }
            }
        }
        Ok(self.batch.as_ref())
    }

    /// Hands `f` the part's next rows, which must be the games of `range`, in order.
    fn take(
        &mut self,
        range: &Range<u64>,
        f: &mut dyn FnMut(RecordBatch) -> Result<(), Failure>,
    ) -> Result<(), Failure> {
        loop {
            let Some(batch) = self.current()?.cloned() else { return Ok(()) };
            let (start, len) = (self.offset, batch.num_rows());
            let index = batch.column(self.game_col).as_primitive::<UInt64Type>();
            let mut k = start;
            while k < len && index.value(k) < range.end {
                let g = index.value(k);
                if g < range.start || g < self.last {
                    return Err(bad(format!(
                        "{}: a row of game {g} is out of order or outside the games its metadata declares",
                        self.part.shown()
                    )));
                }
                self.last = g;
                k += 1;
            }
            if k > start {
                self.offset = k;
                f(batch.slice(start, k - start))?;
            }
            if k < len {
                return Ok(());
            }
        }
    }

    /// Refuses rows beyond the games the part declares.
    fn finish(mut self) -> Result<(), Failure> {
        let shown = self.part.shown();
        if let Some(b) = self.current()?.cloned() {
            let g = b.column(self.game_col).as_primitive::<UInt64Type>().value(self.offset);
            return Err(bad(format!("{shown}: a row of game {g} is outside the games its metadata declares")));
        }
        Ok(())
    }
}

/// Copies the rows of the plan's ranges in order, checking each range's row count and seed.
fn copy<T: ResultsTable>(
    parts: &[Part],
    plan: &[(usize, Range<u64>)],
    seats: u64,
    seed: u64,
    out: &mut ParquetOut<T>,
) -> Result<u64, Failure> {
    let mut left: Vec<usize> = parts.iter().map(|p| p.ranges.len()).collect();
    let mut cursors: Vec<Option<Cursor>> = parts.iter().map(|_| None).collect();
    let seed_col = schema::position(T::COLUMNS, SEED).expect("every table has a seed");
    let game_col = schema::position(T::COLUMNS, GAME_INDEX).expect("every table has a game index");
    let mut total = 0u64;
    for (i, range) in plan {
        let part = &parts[*i];
        let cursor = match &mut cursors[*i] {
            Some(c) => c,
            slot => slot.insert(Cursor::open(part, game_col)?),
        };
        let mut rows = 0u64;
        cursor.take(range, &mut |batch: RecordBatch| {
            if pipeline::stopping() {
                return Err(Failure::Interrupted("interrupted; no output written".into()));
            }
            let seeds = batch.column(seed_col).as_primitive::<UInt64Type>();
            if seeds.null_count() > 0 || seeds.values().iter().any(|s| *s != seed) {
                return Err(bad(format!("{}: rows of another seed than its dq.master_seed {seed}", part.shown())));
            }
            rows += batch.num_rows() as u64;
            out.write_batch(&batch)
        })?;
        let expect = (range.end - range.start).saturating_mul(seats);
        if rows != expect {
            return Err(bad(format!(
                "{}: games [{}, {}) have {rows} rows, but they make {expect} at {seats} seat(s)",
                part.shown(),
                range.start,
                range.end
            )));
        }
        total += rows;
        left[*i] -= 1;
        if left[*i] == 0 {
            cursors[*i].take().expect("opened above").finish()?;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(ranges: &[(usize, u64, u64)]) -> Vec<(usize, Range<u64>)> {
        ranges.iter().map(|&(i, a, b)| (i, a..b)).collect()
    }

    #[test]
    fn gaps_and_coalescing() {
        let plan = at(&[(0, 0, 10), (1, 10, 20), (2, 30, 40)]);
        assert_eq!(gaps(&plan, 50), vec![20..30, 40..50]);
        assert_eq!(gaps(&plan, 40), vec![20..30]);
        assert_eq!(gaps(&at(&[(0, 5, 10)]), 10), vec![0..5]);
        assert_eq!(gaps(&[], 7), vec![0..7]);
        assert_eq!(coalesce(&plan), vec![0..20, 30..40]);
        assert_eq!(describe(&[0..1, 2..3, 4..5, 6..7, 8..9]), "games [0, 1), [2, 3), [4, 5) and 2 more ranges");
        let one = std::iter::once(20..30).collect::<Vec<_>>();
        assert_eq!(describe(&one), "games [20, 30)");
    }
}
