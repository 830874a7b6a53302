//! The query side of reports: results files (read by [`crate::load`]) as one lazy frame,
//! reduced by group-by to integer counts and sums. Everything downstream works on those
//! counts, so the figures do not depend on how polars splits or orders the work.

use crate::error::{failed, one_line, Error};
use crate::input::InputFile;
use polars::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

/// `columns` of `files`, read whole into memory, as one lazy frame with a [`VARIANT`] column
/// naming each file's variant. A file that fails to read is refused in one line naming it.
pub fn frame(files: &[InputFile], columns: &[&str]) -> Result<LazyFrame, Error> {
    let names = variant_names(files);
    let frames = files
        .iter()
        .zip(&names)
        .map(|(f, v)| {
            let df = crate::load::read(&f.path, &f.shown, columns)?;
            Ok(df.lazy().with_column(lit(v.to_string()).alias(VARIANT)))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    concat(frames, UnionArgs::default()).map_err(polars_error)
}

/// The column [`frame`] adds: the variant a row's file belongs to (see [`variant_names`]).
pub const VARIANT: &str = "variant";

/// Each file's variant: what makes runs with equal columns differ, so a report never pools
/// them. The `--label` given to the run, else the `--data` folder's name, else nothing (the
/// embedded data); where one name covers rule data of different hashes, each gets its hash.
pub fn variant_names(files: &[InputFile]) -> Vec<String> {
    let base = |f: &InputFile| {
        let dir = f.meta.get("data_dir").map(|d| {
            let p = std::path::Path::new(d.trim_end_matches('/'));
            format!("data {}/", p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| d.clone()))
        });
        f.meta.get("label").cloned().or(dir).unwrap_or_default()
    };
    let hash = |f: &InputFile| f.meta.get("data_hash").cloned().unwrap_or_default();
    let mut hashes: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        hashes.entry(base(f)).or_default().insert(hash(f));
    }
    files
        .iter()
        .map(|f| {
            let b = base(f);
            if hashes[&b].len() < 2 {
                return b;
            }
            let h: String = hash(f).chars().take(8).collect();
            if b.is_empty() {
                format!("data {h}")
            } else {
                format!("{b} (data {h})")
            }
        })
        .collect()
}

/// Turns a polars error into a one-line failure.
pub fn polars_error(e: PolarsError) -> Error {
    failed(format!("reading the results: {}", one_line(&e)))
}

/// A group key column. [`count_by`] and [`sums_by`] give keys back as text (so numbers,
/// booleans and strings come back alike), cast after grouping, when only the groups are left
/// (casting every row first took half as much memory again: docs/perf.md).
pub fn key(name: &str) -> Expr {
    col(name)
}

/// The key columns `k0, k1, ..` of a grouped frame, as text.
fn key_texts(n: usize) -> Vec<Expr> {
    (0..n).map(|i| col(format!("k{i}")).cast(DataType::String)).collect()
}

/// One row of [`count_by`]: the key texts (`None` for null), the integer values and the count.
pub type CountRow = (Vec<Option<String>>, Vec<i64>, u64);

/// `SELECT keys, values, count(*) GROUP BY keys, values`, with `keys` as text and `values`
/// as integers; rows come back sorted by (keys, values).
pub fn count_by(lf: LazyFrame, keys: &[Expr], values: &[Expr]) -> Result<Vec<CountRow>, Error> {
    let mut by: Vec<Expr> = keys.iter().enumerate().map(|(i, k)| k.clone().alias(format!("k{i}"))).collect();
    by.extend(values.iter().enumerate().map(|(i, v)| v.clone().cast(DataType::Int64).alias(format!("v{i}"))));
    let df = lf
        .group_by(by)
        .agg([len().cast(DataType::UInt64).alias("n")])
        .with_columns(key_texts(keys.len()))
        .collect()
        .map_err(polars_error)?;
    let keys: Vec<Vec<Option<String>>> =
        (0..keys.len()).map(|i| strs(&df, &format!("k{i}"))).collect::<Result<_, _>>()?;
    let vals: Vec<Vec<i64>> = (0..values.len()).map(|i| ints(&df, &format!("v{i}"))).collect::<Result<_, _>>()?;
    let n = counts(&df, "n")?;
    let mut rows: Vec<CountRow> = (0..df.height())
        .map(|r| (keys.iter().map(|k| k[r].clone()).collect(), vals.iter().map(|v| v[r]).collect(), n[r]))
        .collect();
    rows.sort();
    Ok(rows)
}

/// One row of [`sums_by`]: the key texts, the row count and the integer sums.
pub type SumRow = (Vec<Option<String>>, u64, Vec<u64>);

/// `SELECT keys, count(*), sum(x) for x in sums GROUP BY keys`; each `x` is cast to an
/// unsigned integer before summing (booleans count their `true`s). Sorted by keys.
pub fn sums_by(lf: LazyFrame, keys: &[Expr], sums: &[Expr]) -> Result<Vec<SumRow>, Error> {
    let by: Vec<Expr> = keys.iter().enumerate().map(|(i, k)| k.clone().alias(format!("k{i}"))).collect();
    let mut aggs = vec![len().cast(DataType::UInt64).alias("n")];
    aggs.extend(sums.iter().enumerate().map(|(i, s)| s.clone().cast(DataType::UInt64).sum().alias(format!("s{i}"))));
    let df = lf.group_by(by).agg(aggs).with_columns(key_texts(keys.len())).collect().map_err(polars_error)?;
    let keys: Vec<Vec<Option<String>>> =
        (0..keys.len()).map(|i| strs(&df, &format!("k{i}"))).collect::<Result<_, _>>()?;
    let s: Vec<Vec<u64>> = (0..sums.len()).map(|i| counts(&df, &format!("s{i}"))).collect::<Result<_, _>>()?;
    let n = counts(&df, "n")?;
    let mut rows: Vec<SumRow> = (0..df.height())
        .map(|r| (keys.iter().map(|k| k[r].clone()).collect(), n[r], s.iter().map(|v| v[r]).collect()))
        .collect();
    rows.sort();
    Ok(rows)
}

fn column<'a>(df: &'a DataFrame, name: &str) -> Result<&'a Column, Error> {
    df.column(name).map_err(polars_error)
}

fn strs(df: &DataFrame, name: &str) -> Result<Vec<Option<String>>, Error> {
    let c = column(df, name)?.str().map_err(polars_error)?;
    Ok(c.iter().map(|v| v.map(str::to_string)).collect())
}

fn ints(df: &DataFrame, name: &str) -> Result<Vec<i64>, Error> {
    let c = column(df, name)?.i64().map_err(polars_error)?;
    Ok(c.iter().map(|v| v.unwrap_or(0)).collect())
}

fn counts(df: &DataFrame, name: &str) -> Result<Vec<u64>, Error> {
    let c = column(df, name)?.u64().map_err(polars_error)?;
    Ok(c.iter().map(|v| v.unwrap_or(0)).collect())
}
