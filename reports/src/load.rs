//! Results files into polars frames. Each file is read with the arrow-rs Parquet reader,
//! only the columns asked for, and each Arrow column is copied into a polars column of the
//! same type, nulls kept; strings become categoricals (four bytes a row, whatever the text).
//! Polars is built without its own Parquet reader, which brings a cloud and HTTP stack a tool
//! reading local files does not need (see the workspace Cargo.toml).

use crate::error::{bad, one_line, Error};
use arrow_array::cast::AsArray;
use arrow_array::types as arrow_types;
use arrow_array::{Array, ArrowPrimitiveType};
use arrow_schema::DataType as ArrowType;
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReaderBuilder};
use parquet::arrow::ProjectionMask;
use polars::prelude::*;
use std::fmt::Display;
use std::fs::File;
use std::path::Path;

/// Rows per Arrow batch, each becoming one chunk of every polars column.
const BATCH_ROWS: usize = 64 * 1024;

/// Reads `columns` of the file at `path` (named `shown` in errors) into a frame, columns in
/// file order. A file that fails to read, lacks a column or holds one of a type reports do
/// not read is refused in one line naming it.
pub fn read(path: &Path, shown: &str, columns: &[&str]) -> Result<DataFrame, Error> {
    let cannot = |e: &dyn Display| bad(format!("{shown}: cannot read: {}", one_line(e)));
    let file = File::open(path).map_err(|e| cannot(&e))?;
    let meta = ArrowReaderMetadata::load(&file, ArrowReaderOptions::new()).map_err(|e| cannot(&e))?;
    // Strings are read as dictionaries: the file stores them so, and each batch's few
    // distinct values are then looked up once, not once a row.
    let fields: Vec<arrow_schema::Field> = meta
        .schema()
        .fields()
        .iter()
        .map(|f| match f.data_type() {
            text @ (ArrowType::Utf8 | ArrowType::LargeUtf8) => f
                .as_ref()
                .clone()
                .with_data_type(ArrowType::Dictionary(Box::new(ArrowType::Int32), Box::new(text.clone()))),
            _ => f.as_ref().clone(),
        })
        .collect();
    let hinted = ArrowReaderOptions::new().with_schema(Arc::new(arrow_schema::Schema::new(fields)));
    let meta = ArrowReaderMetadata::try_new(meta.metadata().clone(), hinted).map_err(|e| cannot(&e))?;

    let strings = DataType::from_categories(Categories::global());
    let mut out: Vec<Series> = Vec::with_capacity(columns.len());
    for f in meta.schema().fields().iter().filter(|f| columns.contains(&f.name().as_str())) {
        let Some(dtype) = polars_type(f.data_type(), &strings) else {
            return Err(bad(format!(
                "{shown}: column \"{}\" holds {} values, which reports do not read",
                f.name(),
                f.data_type()
            )));
        };
        out.push(Series::new_empty(f.name().as_str().into(), &dtype));
    }
    if let Some(missing) = columns.iter().find(|c| !out.iter().any(|s| s.name().as_str() == **c)) {
        return Err(bad(format!("{shown}: column \"{missing}\" is missing")));
    }

    let mask = ProjectionMask::columns(meta.parquet_schema(), columns.iter().copied());
    let batches = ParquetRecordBatchReaderBuilder::new_with_metadata(file, meta)
        .with_projection(mask)
        .with_batch_size(BATCH_ROWS)
        .build()
        .map_err(|e| cannot(&e))?;
    let mut rows = 0;
    for batch in batches {
        let batch = batch.map_err(|e| cannot(&e))?;
        rows += batch.num_rows();
        for (s, a) in out.iter_mut().zip(batch.columns()) {
            let chunk = to_series(s.name().clone(), a.as_ref(), &strings).map_err(|e| cannot(&e))?;
            s.append_owned(chunk).map_err(|e| cannot(&e))?;
        }
    }
    DataFrame::new(rows, out.into_iter().map(Column::from).collect()).map_err(|e| cannot(&e))
}

/// The polars type an Arrow column (as read, strings as dictionaries) becomes, if reports
/// read it: integers and booleans as they are, strings as `strings` (a categorical).
fn polars_type(t: &ArrowType, strings: &DataType) -> Option<DataType> {
    Some(match t {
        ArrowType::UInt8 => DataType::UInt8,
        ArrowType::UInt16 => DataType::UInt16,
        ArrowType::UInt32 => DataType::UInt32,
        ArrowType::UInt64 => DataType::UInt64,
        ArrowType::Int32 => DataType::Int32,
        ArrowType::Int64 => DataType::Int64,
        ArrowType::Boolean => DataType::Boolean,
        ArrowType::Dictionary(k, v)
            if **k == ArrowType::Int32 && matches!(**v, ArrowType::Utf8 | ArrowType::LargeUtf8) =>
        {
            strings.clone()
        }
        _ => return None,
    })
}

/// One Arrow array as a polars column of the matching [`polars_type`].
fn to_series(name: PlSmallStr, a: &dyn Array, strings: &DataType) -> PolarsResult<Series> {
    Ok(match a.data_type() {
        ArrowType::UInt8 => numbers::<arrow_types::UInt8Type, UInt8Type>(name, a),
        ArrowType::UInt16 => numbers::<arrow_types::UInt16Type, UInt16Type>(name, a),
        ArrowType::UInt32 => numbers::<arrow_types::UInt32Type, UInt32Type>(name, a),
        ArrowType::UInt64 => numbers::<arrow_types::UInt64Type, UInt64Type>(name, a),
        ArrowType::Int32 => numbers::<arrow_types::Int32Type, Int32Type>(name, a),
        ArrowType::Int64 => numbers::<arrow_types::Int64Type, Int64Type>(name, a),
        ArrowType::Boolean => {
            let b = a.as_boolean();
            if b.null_count() == 0 {
                BooleanChunked::from_iter_values(name, b.values().iter()).into_series()
            } else {
                BooleanChunked::from_iter_options(name, b.iter()).into_series()
            }
        }
        ArrowType::Dictionary(..) => categories(name, a, strings)?,
        t => polars_bail!(ComputeError: "unexpected Arrow type {t}"),
    })
}

/// Integers copied as they are (a plain copy of the values when there are no nulls).
fn numbers<A, P>(name: PlSmallStr, a: &dyn Array) -> Series
where
    A: ArrowPrimitiveType,
    P: PolarsNumericType<Native = A::Native>,
    ChunkedArray<P>: IntoSeries,
{
    let p = a.as_primitive::<A>();
    if p.null_count() == 0 {
        ChunkedArray::<P>::from_slice(name, p.values()).into_series()
    } else {
        ChunkedArray::<P>::from_iter_options(name, p.iter()).into_series()
    }
}

/// A dictionary of strings as a categorical of `strings`: each dictionary value is mapped to
/// its category once, then every row's key to that category.
fn categories(name: PlSmallStr, a: &dyn Array, strings: &DataType) -> PolarsResult<Series> {
    let d = a.as_dictionary::<arrow_types::Int32Type>();
    let mapping = strings.cat_mapping()?;
    let values: Vec<Option<&str>> = match d.values().data_type() {
        ArrowType::LargeUtf8 => d.values().as_string::<i64>().iter().collect(),
        _ => d.values().as_string::<i32>().iter().collect(),
    };
    let cats: Vec<Option<CatSize>> =
        values.into_iter().map(|v| v.map(|s| mapping.insert_cat(s)).transpose()).collect::<PolarsResult<_>>()?;
    let ids = UInt32Chunked::from_iter_options(
        name,
        d.keys().iter().map(|k| k.and_then(|k| cats.get(k as usize).copied().flatten())),
    );
    Series::from_cats_and_dtype(&ids.into_series(), strings, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::{ArrayRef, BooleanArray, Date32Array, RecordBatch, StringArray, UInt16Array, UInt64Array};
    use parquet::arrow::ArrowWriter;

    /// A scratch file named for the test and the process, removed on drop.
    struct Scratch(std::path::PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            Scratch(std::env::temp_dir().join(format!("dq-reports-load-{name}-{}.parquet", std::process::id())))
        }
        fn shown(&self) -> String {
            self.0.display().to_string()
        }
        /// Writes `columns` as one file with two row groups.
        fn write(&self, columns: Vec<(&str, ArrayRef)>) {
            let batch = RecordBatch::try_from_iter(columns).unwrap();
            let props =
                parquet::file::properties::WriterProperties::builder().set_max_row_group_row_count(Some(2)).build();
            let mut w = ArrowWriter::try_new(File::create(&self.0).unwrap(), batch.schema(), Some(props)).unwrap();
            w.write(&batch).unwrap();
            w.close().unwrap();
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    fn sample() -> Vec<(&'static str, ArrayRef)> {
        vec![
            ("game_index", Arc::new(UInt64Array::from(vec![0, 0, 1])) as ArrayRef),
            ("hero", Arc::new(StringArray::from(vec!["hugo", "lindel", "hugo"]))),
            ("death_cause", Arc::new(StringArray::from(vec![None, Some("trap"), Some("")]))),
            ("survived", Arc::new(BooleanArray::from(vec![true, false, false]))),
            ("turns", Arc::new(UInt16Array::from(vec![30, 12, 65535]))),
        ]
    }

    #[test]
    fn columns_keep_their_types_values_and_nulls() {
        let f = Scratch::new("types");
        f.write(sample());
        let df = read(&f.0, &f.shown(), &["turns", "hero", "death_cause", "survived"]).unwrap();
        // Only the columns asked for, in file order.
        let names: Vec<&str> = df.get_column_names().into_iter().map(|n| n.as_str()).collect();
        assert_eq!(names, ["hero", "death_cause", "survived", "turns"]);
        let strings = DataType::from_categories(Categories::global());
        assert_eq!(df.column("hero").unwrap().dtype(), &strings);
        assert_eq!(df.column("turns").unwrap().dtype(), &DataType::UInt16);
        let text = |c: &str| -> Vec<Option<String>> {
            let s = df.column(c).unwrap().cast(&DataType::String).unwrap();
            s.str().unwrap().iter().map(|v| v.map(str::to_string)).collect()
        };
        assert_eq!(text("hero"), [Some("hugo".into()), Some("lindel".into()), Some("hugo".into())]);
        assert_eq!(text("death_cause"), [None, Some("trap".into()), Some(String::new())]);
        let turns: Vec<Option<u16>> = df.column("turns").unwrap().u16().unwrap().iter().collect();
        assert_eq!(turns, [Some(30), Some(12), Some(65535)]);
        let survived: Vec<Option<bool>> = df.column("survived").unwrap().bool().unwrap().iter().collect();
        assert_eq!(survived, [Some(true), Some(false), Some(false)]);
    }

    #[test]
    fn bad_files_are_refused_in_one_line_naming_them() {
        let f = Scratch::new("bad");
        let shown = f.shown();
        f.write(sample());
        let err = read(&f.0, &shown, &["hero", "colour"]).unwrap_err();
        assert_eq!(err, bad(format!("{shown}: column \"colour\" is missing")));

        // Pages overwritten, the footer intact: the metadata reads, the rows do not.
        let mut bytes = std::fs::read(&f.0).unwrap();
        let footer = u32::from_le_bytes(bytes[bytes.len() - 8..bytes.len() - 4].try_into().unwrap()) as usize;
        let end = bytes.len() - 8 - footer;
        bytes[4..end].fill(0xff);
        std::fs::write(&f.0, &bytes).unwrap();
        let err = read(&f.0, &shown, &["hero", "turns"]).unwrap_err();
        assert!(matches!(&err, Error::Bad(m) if m.starts_with(&format!("{shown}: cannot read: "))), "{err:?}");
        assert!(!err.message().contains('\n'), "{err:?}");

        let dates = Scratch::new("dates");
        dates.write(vec![("end_round", Arc::new(Date32Array::from(vec![1, 2])) as ArrayRef)]);
        let err = read(&dates.0, "d.parquet", &["end_round"]).unwrap_err();
        assert_eq!(err, bad("d.parquet: column \"end_round\" holds Date32 values, which reports do not read"));
    }
}
