//! Which results files a report reads: files, folders and glob patterns resolved to a sorted,
//! de-duplicated list, each checked to be a `dq run` file of the expected schema version
//! before any query runs, so a foreign or stale file is refused with its name.

use crate::error::{bad, Error};
use crate::spec::ReportSpec;
use dq_sim::family::Family;
use dq_sim::schema::{self, ColumnDef};
use parquet::file::reader::{FileReader, SerializedFileReader};
use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::path::{Path, PathBuf};

/// The columns a report or comparison of `spec`'s family reads, checked before any query:
/// the spec's, then those that pair hero-games across runs and that a comparison may be
/// grouped by. Their types and whether they may hold nulls are the family's schema's.
pub fn checked_columns(spec: &ReportSpec) -> Vec<&'static str> {
    let mut out = spec.columns();
    for c in crate::compare::PAIR_KEYS.iter().chain(spec.compare_by) {
        if !out.contains(c) {
            out.push(c);
        }
    }
    out
}

/// The schema's entry of each column of [`checked_columns`].
fn read_columns(spec: &ReportSpec) -> impl Iterator<Item = &'static ColumnDef> {
    let columns = spec.family.columns();
    checked_columns(spec).into_iter().map(move |name| {
        let at = schema::position(columns, name).unwrap_or_else(|| panic!("{name} is not a column of the schema"));
        &columns[at]
    })
}

/// The run metadata a report shows for each file (the `dq.` prefix dropped), in this order.
pub const SHOWN_META: [&str; 16] = [
    "label",
    "data_dir",
    "edition",
    "mode",
    "rules",
    "heroes",
    "bots",
    "monster_policy",
    "master_seed",
    "games",
    "shard",
    "first_game",
    "end_game",
    "data_hash",
    "git_commit",
    "version",
];

/// One checked results file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputFile {
    /// Where to read it.
    pub path: PathBuf,
    /// How reports name it (the path as found, or relative to a sweep's folder).
    pub shown: String,
    /// Rows in the file (one per hero per game).
    pub rows: u64,
    /// Its `dq.*` metadata, prefix dropped, [`SHOWN_META`] keys only.
    pub meta: BTreeMap<String, String>,
}

/// Resolves command-line arguments to files: an existing file is taken as is, a folder
/// contributes every `*.parquet` below it, anything else is a glob pattern that must match
/// something. Hidden entries (a run's `.name.tmp-PID` file in progress) are skipped. The
/// result is sorted and free of duplicates (the same file reached twice would be counted
/// twice).
pub fn resolve(args: &[String]) -> Result<Vec<PathBuf>, Error> {
    if args.is_empty() {
        return Err(bad("no results file given"));
    }
    let mut seen = BTreeSet::new();
    let mut files = Vec::new();
    let mut add = |p: PathBuf| {
        let key = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
        if seen.insert(key) {
            files.push(p);
        }
    };
    for arg in args {
        let p = Path::new(arg);
        if p.is_file() {
            add(p.to_path_buf());
        } else if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found).map_err(|e| bad(format!("{arg}: cannot list the folder: {e}")))?;
            if found.is_empty() {
                return Err(bad(format!("{arg}: no .parquet file in this folder")));
            }
            found.into_iter().for_each(&mut add);
        } else if arg.contains(['*', '?', '[']) {
            let opts = glob::MatchOptions { require_literal_leading_dot: true, ..Default::default() };
            let paths = glob::glob_with(arg, opts).map_err(|e| bad(format!("{arg}: bad glob pattern: {e}")))?;
            let mut found: Vec<PathBuf> = paths.filter_map(Result::ok).filter(|p| p.is_file()).collect();
            if found.is_empty() {
                return Err(bad(format!("{arg}: no file matches")));
            }
            found.sort();
            found.into_iter().for_each(&mut add);
        } else {
            return Err(bad(format!("{arg}: no such file or folder")));
        }
    }
    files.sort();
    Ok(files)
}

/// Every non-hidden `*.parquet` file below `dir`, sorted.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
    entries.sort();
    for p in entries {
        let hidden = p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if p.is_dir() {
            walk(&p, out)?;
        } else if p.extension().is_some_and(|e| e == "parquet") {
            out.push(p);
        }
    }
    Ok(())
}

/// Opens the footer of each file and checks that it is a `dq run` results file of schema
/// version `expected` with every column a report of `spec` reads, and that no two files hold the same
/// games of one run (shard parts lying beside their merge would be counted twice).
pub fn check(spec: &ReportSpec, paths: &[PathBuf], expected: u32) -> Result<Vec<InputFile>, Error> {
    // run identity -> [first, end) game ranges held, with the file holding each.
    let mut held: BTreeMap<Vec<Option<String>>, Vec<Held>> = BTreeMap::new();
    let mut files = Vec::with_capacity(paths.len());
    for p in paths {
        let (file, kv) = read_checked(spec, p, &p.display().to_string(), expected)?;
        // Files that agree on the run's identity (and its `--label`: runs labelled apart are
        // variants a user keeps apart on purpose) and hold the same index hold the same game.
        let run = std::iter::once(("label", ""))
            .chain(spec.family.run_keys())
            .map(|(k, _)| kv.get(&format!("dq.{k}")).cloned())
            .collect();
        held.entry(run)
            .or_default()
            .extend(games_held(&kv, &file.shown)?.into_iter().map(|(a, b)| (a, b, file.shown.clone())));
        files.push(file);
    }
    for spans in held.values_mut() {
        spans.sort();
        for w in spans.windows(2) {
            let ((_, b1, f1), (a2, b2, f2)) = (&w[0], &w[1]);
            if a2 < b1 {
                return Err(bad(format!(
                    "{f1} and {f2} hold the same games [{a2}, {}) of one run (shard parts beside their merged \
                     file?): read one or the other",
                    b1.min(b2)
                )));
            }
        }
    }
    Ok(files)
}

/// Games `[first, end)` of a run, held by the file named.
type Held = (u64, u64, String);

/// The `[first, end)` game ranges a file says it holds (`dq.game_ranges`, else
/// `dq.first_game`..`dq.end_game`; none if it says neither).
fn games_held(kv: &BTreeMap<String, String>, shown: &str) -> Result<Vec<(u64, u64)>, Error> {
    let num = |k: &str, v: &str| {
        v.trim().parse::<u64>().map_err(|_| bad(format!("{shown}: metadata {k} is not a game index: {v:?}")))
    };
    if let Some(r) = kv.get("dq.game_ranges") {
        let pairs: Vec<(u64, u64)> = serde_json::from_str(r)
            .map_err(|_| bad(format!("{shown}: metadata dq.game_ranges is not a list of [first, end] pairs")))?;
        return Ok(pairs.into_iter().filter(|(a, b)| a < b).collect());
    }
    match (kv.get("dq.first_game"), kv.get("dq.end_game")) {
        (Some(a), Some(b)) => {
            let (a, b) = (num("dq.first_game", a)?, num("dq.end_game", b)?);
            Ok(if a < b { vec![(a, b)] } else { Vec::new() })
        }
        _ => Ok(Vec::new()),
    }
}

/// The game of a command's results files: `given` (`--game`), else the one the first file of
/// `args` names in its `dq.game` metadata (DungeonQuest for a file without the key, as the
/// first results files had none). A file that cannot be read gives DungeonQuest here: reading
/// it for the report then fails with its own one-line error.
pub fn family_of(given: Option<Family>, args: &[String]) -> Family {
    given.or_else(|| resolve(args).ok()?.first().and_then(|f| dq_sim::family::game_in_file(f))).unwrap_or_default()
}

/// [`check`] for one file shown as `shown`.
pub fn check_one(spec: &ReportSpec, path: &Path, shown: &str, expected: u32) -> Result<InputFile, Error> {
    read_checked(spec, path, shown, expected).map(|(f, _)| f)
}

/// [`check_one`], also giving all the file's key-value metadata.
fn read_checked(
    spec: &ReportSpec,
    path: &Path,
    shown: &str,
    expected: u32,
) -> Result<(InputFile, BTreeMap<String, String>), Error> {
    let file = File::open(path).map_err(|e| bad(format!("{shown}: cannot open: {e}")))?;
    let reader = SerializedFileReader::new(file)
        .map_err(|e| bad(format!("{shown}: not a Parquet file ({})", crate::error::one_line(&e))))?;
    let fm = reader.metadata().file_metadata();
    let kv: BTreeMap<String, String> = fm
        .key_value_metadata()
        .map(|kv| kv.iter().map(|k| (k.key.clone(), k.value.clone().unwrap_or_default())).collect())
        .unwrap_or_default();
    let Some(version) = kv.get("dq.schema_version") else {
        return Err(bad(format!("{shown}: not a dq results file (no dq.schema_version in its metadata)")));
    };
    if let Some(why) = schema::version_refusal(version, expected) {
        return Err(bad(format!("{shown}: {why}")));
    }
    // The family the command was given (`--game`), whose spec this is.
    let family = spec.family.name();
    if let Some(game) = kv.get("dq.game").filter(|g| *g != family) {
        // Files of two games are never pooled: one game per report (`--game` names it).
        return Err(bad(format!(
            "{shown}: results of the game {game}; this dq reports on {family} (one game per report: --game {game} \
             reads its files)"
        )));
    }
    let columns = fm.schema_descr().columns();
    for def in read_columns(spec) {
        let name = def.name;
        let Some(i) = columns.iter().position(|c| c.name() == name) else {
            return Err(bad(missing_column(shown, name, &kv)));
        };
        let (found, physical) = (columns[i].physical_type(), def.ty.physical());
        if found != physical {
            return Err(bad(format!("{shown}: column \"{name}\" holds {found} values, a dq results file {physical}")));
        }
        if def.nullable {
            continue;
        }
        // Nulls where the schema allows none would be read as false or 0: refused instead.
        let nulls: u64 = reader
            .metadata()
            .row_groups()
            .iter()
            .filter_map(|rg| rg.column(i).statistics().and_then(|s| s.null_count_opt()))
            .sum();
        if nulls > 0 {
            return Err(bad(format!(
                "{shown}: column \"{name}\" holds {nulls} nulls, which a dq results file never has"
            )));
        }
    }
    let meta =
        SHOWN_META.iter().filter_map(|k| kv.get(&format!("dq.{k}")).map(|v| (k.to_string(), v.clone()))).collect();
    let file =
        InputFile { path: path.to_path_buf(), shown: shown.to_string(), rows: fm.num_rows().max(0) as u64, meta };
    Ok((file, kv))
}

/// The refusal of a file of this schema version that lacks one of its columns: one added to
/// the game's table since (Dealing Dungeons' `heroes_lost`, session 17: adding a column keeps
/// the version), so the file comes from an older dq, named by the commit it was built from.
fn missing_column(shown: &str, name: &str, kv: &BTreeMap<String, String>) -> String {
    let commit = kv.get("dq.git_commit").filter(|c| c.len() >= 12 && c.as_str() != "unknown");
    let by = commit.map_or_else(|| "an older dq".to_string(), |c| format!("an older dq (commit {})", &c[..12]));
    format!(
        "{shown}: column \"{name}\" is missing: written by {by} before the column was added; re-run it with this dq, \
         or report on it with the dq that wrote it"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::spec::spec_of;
    use dq_sim::family::Family;

    #[test]
    fn the_columns_read_are_the_schemas() {
        let spec = spec_of(Family::DungeonQuest).unwrap();
        assert_eq!(read_columns(spec).count(), checked_columns(spec).len());
    }

    /// Each query reads its own few columns (memory); every one of them is checked here first.
    #[test]
    fn every_column_a_query_reads_is_checked() {
        let spec = spec_of(Family::DungeonQuest).unwrap();
        let read = spec.columns();
        let read = read.iter().chain(&crate::compare::PAIR_KEYS).chain(spec.compare_by);
        for c in read.chain(&["survived", "gold"]) {
            assert!(checked_columns(spec).contains(c), "{c} is read but not checked");
        }
    }

    #[test]
    fn missing_inputs_say_what() {
        let dir = std::env::temp_dir().join(format!("dq-reports-input-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let d = dir.display().to_string();
        assert_eq!(resolve(&[]), Err(bad("no results file given")));
        assert_eq!(
            resolve(&[format!("{d}/nope.parquet")]),
            Err(bad(format!("{d}/nope.parquet: no such file or folder")))
        );
        assert_eq!(resolve(&[format!("{d}/*.parquet")]), Err(bad(format!("{d}/*.parquet: no file matches"))));
        assert_eq!(resolve(std::slice::from_ref(&d)), Err(bad(format!("{d}: no .parquet file in this folder"))));
        // Folders are walked, hidden files skipped, duplicates dropped, the result sorted.
        for f in ["b.parquet", "sub/a.parquet", ".x.parquet.tmp-1", "sub/.hidden.parquet", "notes.txt"] {
            std::fs::write(dir.join(f), b"x").unwrap();
        }
        let got = resolve(&[d.clone(), format!("{d}/*.parquet"), format!("{d}/sub/a.parquet")]).unwrap();
        assert_eq!(got, vec![dir.join("b.parquet"), dir.join("sub/a.parquet")]);
        // A file that is not Parquet is named.
        let err = check(spec_of(Family::DungeonQuest).unwrap(), &[dir.join("b.parquet")], schema::SCHEMA_VERSION)
            .unwrap_err();
        assert!(err.message().starts_with(&format!("{d}/b.parquet: not a Parquet file")), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
