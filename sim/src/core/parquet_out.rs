//! The Parquet results file: one row per seat per game (the columns of the family's
//! [`ResultsTable`]), zstd, streamed chunk by chunk so memory stays bounded, written under a
//! temporary name and renamed only when complete, so a reader never sees a half-written file.
//!
//! The column chunks are encoded by `encode`, specialised to the schema's column kinds
//! (dictionaries and RLE / bit-packed indices, or PLAIN, as the table says of each column),
//! at a fraction of the cost of arrow-rs's generic `ArrowWriter`; the file, its types,
//! statistics and metadata are those an `ArrowWriter` would write.

mod columns;
mod encode;
mod hybrid;

use crate::error::{bad, Failure};
use crate::schema::{ColumnDef, ColumnType, ResultsTable, Sink};
use arrow_array::{
    ArrayRef, BooleanArray, RecordBatch, StringArray, UInt16Array, UInt32Array, UInt64Array, UInt8Array,
};
use arrow_schema::SchemaRef;
use encode::{Encoder, Limits, PAGE_ROWS, ZSTD_LEVEL};
use parquet::arrow::{add_encoded_arrow_schema_to_metadata, ArrowSchemaConverter};
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use std::fs::File;
use std::io::BufWriter;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// DungeonQuest's table, where the tests and `dq-reports` have always named it.
pub use crate::schema::dungeonquest::{Consts, COLUMNS};
pub use crate::schema::SCHEMA_VERSION;

/// Rows per Parquet row group: bounds the writer's buffered memory (a few MB).
const ROW_GROUP_ROWS: usize = 256 * 1024;

/// The Arrow schema of DungeonQuest's results file, from the table of [`COLUMNS`].
pub fn schema() -> SchemaRef {
    schema_of::<Consts>()
}

/// The Arrow schema of table `T`'s results file.
pub fn schema_of<T: ResultsTable>() -> SchemaRef {
    crate::schema::arrow_schema(T::COLUMNS)
}

/// The rows as an Arrow batch in the table's column order (what `dq replay` shows, and what
/// tests compare the encoder's files with).
pub fn batch<T: ResultsTable<Row = R>, R>(rows: &[R], c: &T) -> RecordBatch {
    let mut arrays = Arrays { defs: T::COLUMNS, arrays: Vec::with_capacity(T::COLUMNS.len()) };
    c.write_rows(rows, &mut arrays);
    RecordBatch::try_new(schema_of::<T>(), arrays.arrays).expect("columns match the table")
}

/// A [`Sink`] that makes each column an Arrow array.
struct Arrays {
    defs: &'static [ColumnDef],
    arrays: Vec<ArrayRef>,
}

impl Arrays {
    fn push(&mut self, name: &str, ty: ColumnType, array: ArrayRef) {
        let def = &self.defs[self.arrays.len()];
        debug_assert!(
            def.name == name && def.ty == ty,
            "column {}: {name} {ty:?} written as {def:?}",
            self.arrays.len()
        );
        self.arrays.push(array);
    }
}

impl Sink for Arrays {
    fn u8s(&mut self, name: &str, values: impl Iterator<Item = u8>) {
        self.push(name, ColumnType::U8, Arc::new(UInt8Array::from_iter_values(values)));
    }
    fn u16s(&mut self, name: &str, values: impl Iterator<Item = u16>) {
        self.push(name, ColumnType::U16, Arc::new(UInt16Array::from_iter_values(values)));
    }
    fn u32s(&mut self, name: &str, values: impl Iterator<Item = u32>) {
        self.push(name, ColumnType::U32, Arc::new(UInt32Array::from_iter_values(values)));
    }
    fn u64s(&mut self, name: &str, values: impl Iterator<Item = u64>) {
        self.push(name, ColumnType::U64, Arc::new(UInt64Array::from_iter_values(values)));
    }
    fn bools(&mut self, name: &str, values: impl Iterator<Item = bool>) {
        self.push(name, ColumnType::Bool, Arc::new(values.map(Some).collect::<BooleanArray>()));
    }
    fn keyed_strs<'a, K: Copy>(
        &mut self,
        name: &str,
        keys: impl Iterator<Item = Option<K>>,
        _slot: impl Fn(K) -> u8,
        text: impl Fn(K) -> &'a str,
    ) {
        self.push(name, ColumnType::Str, Arc::new(keys.map(|k| k.map(&text)).collect::<StringArray>()));
    }
    fn same_str(&mut self, name: &str, value: &str, n: usize) {
        self.push(name, ColumnType::Str, Arc::new(StringArray::from_iter_values(std::iter::repeat_n(value, n))));
    }
}

/// Removes the temporary file unless the output was completed: on errors, on Ctrl-C and
/// on panics alike, nothing half-written is left behind.
struct TempFile(Option<PathBuf>);

impl Drop for TempFile {
    fn drop(&mut self) {
        if let Some(p) = self.0.take() {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// A results file of table `T` being written.
pub struct ParquetOut<T: ResultsTable> {
    writer: Option<SerializedFileWriter<BufWriter<File>>>,
    encoder: Encoder,
    temp: TempFile,
    path: PathBuf,
    table: PhantomData<fn(&T)>,
}

/// Where an `--out` file goes: refused if it names a folder (or no file), a device, FIFO or
/// socket; a link gives the file it points at (written through, the link kept). Creates
/// nothing.
pub fn check_out(path: &Path) -> Result<PathBuf, Failure> {
    let shown = path.display();
    if path.file_name().is_none() || path.as_os_str().to_string_lossy().ends_with('/') {
        return Err(bad(format!("--out {shown}: not a file name")));
    }
    if path.is_dir() {
        return Err(bad(format!("--out {shown}: is a folder")));
    }
    // A results file named as another format would be opened by the wrong tool.
    if let Some(ext) = path.extension().map(|e| e.to_string_lossy().to_lowercase()) {
        if ext != "parquet" && ext != "pq" {
            return Err(bad(format!("--out {shown}: dq writes Parquet; name the file .parquet, not .{ext}")));
        }
    }
    let target = crate::outdir::file_target(path, "--out")?;
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() && !p.is_dir() => {
            Err(bad(format!("cannot write {shown}: No such file or directory (os error 2)")))
        }
        _ => Ok(target),
    }
}

/// `.{name}.tmp-{pid}` beside `path`: same folder, so the final rename is atomic.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

impl<T: ResultsTable> ParquetOut<T> {
    /// Creates the temporary file now, so an unwritable path fails before any game is played.
    pub fn create(path: &Path, metadata: Vec<(String, String)>) -> Result<ParquetOut<T>, Failure> {
        ParquetOut::create_with(path, metadata, Limits { page_rows: PAGE_ROWS, group_rows: ROW_GROUP_ROWS })
    }

    /// [`ParquetOut::create`] with other page and row group sizes (tests use small ones).
    fn create_with(path: &Path, metadata: Vec<(String, String)>, limits: Limits) -> Result<ParquetOut<T>, Failure> {
        let shown = path.display();
        let path = &check_out(path)?;
        let tmp = temp_path(path);
        let file = File::create(&tmp).map_err(|e| bad(format!("cannot write {shown}: {e}")))?;
        let temp = TempFile(Some(tmp));
        let fail = |e: &dyn std::fmt::Display| bad(format!("cannot write {shown}: {e}"));
        let schema = schema_of::<T>();
        // The same Parquet schema, writer name and metadata (the Arrow schema included, so
        // Arrow readers get `schema()` back exactly) as arrow-rs's ArrowWriter gives.
        let parquet_schema = ArrowSchemaConverter::new().convert(&schema).map_err(|e| fail(&e))?;
        let mut props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::try_new(ZSTD_LEVEL).map_err(|e| fail(&e))?))
            .set_created_by(format!("dq {}", env!("CARGO_PKG_VERSION")))
            .set_key_value_metadata(Some(metadata.into_iter().map(|(k, v)| KeyValue::new(k, v)).collect()))
            .build();
        add_encoded_arrow_schema_to_metadata(&schema, &mut props);
        let writer = SerializedFileWriter::new(
            BufWriter::with_capacity(1 << 20, file),
            parquet_schema.root_schema_ptr(),
            Arc::new(props),
        )
        .map_err(|e| fail(&e))?;
        let encoder =
            Encoder::new(T::COLUMNS, writer.schema_descr().columns().to_vec(), limits).map_err(|e| fail(&e))?;
        Ok(ParquetOut { writer: Some(writer), encoder, temp, path: path.to_path_buf(), table: PhantomData })
    }

    /// Appends rows.
    pub fn write(&mut self, rows: &[T::Row], consts: &T) -> Result<(), Failure> {
        let w = self.writer.as_mut().expect("open until finish");
        self.encoder
            .write(rows, consts, w)
            .map_err(|e| Failure::Failed(format!("writing {}: {e}", self.path.display())))
    }

    /// Appends a batch that already holds the table's columns (`dq merge` copies parts this
    /// way); it is re-labelled with the table's schema, so a batch whose columns differ is
    /// refused, not written.
    pub fn write_batch(&mut self, batch: &RecordBatch) -> Result<(), Failure> {
        let shown = self.path.display();
        let batch = RecordBatch::try_new(schema_of::<T>(), batch.columns().to_vec())
            .map_err(|e| bad(format!("{shown}: columns do not match schema version {SCHEMA_VERSION}: {e}")))?;
        let w = self.writer.as_mut().expect("open until finish");
        self.encoder.write_batch(&batch, w).map_err(|e| Failure::Failed(format!("writing {shown}: {e}")))
    }

    /// Writes the last row group, adds the final metadata, writes the footer, syncs and
    /// renames to the final name.
    pub fn finish(mut self, metadata: Vec<(String, String)>) -> Result<(), Failure> {
        let shown = self.path.display().to_string();
        let fail = |e: &dyn std::fmt::Display| Failure::Failed(format!("writing {shown}: {e}"));
        let mut w = self.writer.take().expect("open until finish");
        self.encoder.finish(&mut w).map_err(|e| fail(&e))?;
        for (k, v) in metadata {
            w.append_key_value_metadata(KeyValue::new(k, v));
        }
        let buf = w.into_inner().map_err(|e| fail(&e))?;
        let file = buf.into_inner().map_err(|e| fail(&e.into_error()))?;
        file.sync_all().map_err(|e| fail(&e))?;
        drop(file);
        let tmp = self.temp.0.as_ref().expect("present until renamed");
        std::fs::rename(tmp, &self.path).map_err(|e| fail(&e))?;
        self.temp.0 = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Row;

    #[test]
    fn batch_matches_schema_and_names_causes() {
        let c = Consts {
            hero_ids: vec!["a".into(), "b".into()],
            bots: vec!["greedy".into(), "random".into()],
            edition: "revised".into(),
            rules: "".into(),
            monster_policy: "random".into(),
            seed: 7,
        };
        let mut r = Row {
            game_index: 3,
            seat: 1,
            hero: 1,
            players: 2,
            survived: false,
            exited: false,
            winner: false,
            first_player: true,
            gold: 0,
            loot_cards: 0,
            treasure_cards: 0,
            death_cause: Some(dq_engine::DeathCause::Sunset),
            wounds: 0,
            stats: dq_engine::HeroStats { turns: 1, end_round: 2, deaths: 1, ..Default::default() },
        };
        let b = batch(&[r], &c);
        assert_eq!(b.num_rows(), 1);
        assert_eq!(b.num_columns(), COLUMNS.len());
        let col = |name: &str| b.column_by_name(name).unwrap().clone();
        let cause = col("death_cause");
        let cause = cause.as_any().downcast_ref::<StringArray>().unwrap();
        assert_eq!(cause.value(0), "sunset");
        let bot = col("bot");
        assert_eq!(bot.as_any().downcast_ref::<StringArray>().unwrap().value(0), "random");
        r.death_cause = None;
        assert!(batch(&[r], &c).column_by_name("death_cause").unwrap().is_null(0));
        assert_eq!(batch(&[], &c).num_rows(), 0);
    }
}

#[cfg(test)]
mod round_trip {
    //! Files written by the encoder, read back with arrow-rs's reader and compared with
    //! [`batch`] of the same rows and with what `ArrowWriter` writes.
    use super::*;
    use crate::outcome::Row;
    use arrow_schema::DataType;
    use dq_engine::{DeathCause, HeroStats};
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use parquet::arrow::ArrowWriter;
    use parquet::file::metadata::ParquetMetaData;

    fn consts() -> Consts {
        Consts {
            hero_ids: vec!["challara".into(), "tatianna".into(), "rohan".into()],
            bots: vec!["random".into(), "greedy".into(), "random".into(), "cautious".into()],
            edition: "revised".into(),
            rules: "".into(),
            monster_policy: "random".into(),
            seed: 20141,
        }
    }

    /// Varied rows: small and large values, runs and noise, nulls and causes.
    fn rows(n: usize, from: u64) -> Vec<Row> {
        let causes = [DeathCause::Monster, DeathCause::Sunset, DeathCause::Trap, DeathCause::Hero];
        let mut x = from.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..n as u64)
            .map(|i| {
                let r = next();
                let survived = r % 3 == 0;
                Row {
                    game_index: from + i / 2,
                    seat: (i % 2) as u8,
                    hero: (r >> 8) as u8 % 3,
                    players: 2,
                    survived,
                    exited: survived,
                    winner: survived && r % 2 == 0,
                    first_player: i % 2 == 0,
                    gold: if survived { (r >> 16) as u32 % 5000 } else { 0 },
                    loot_cards: (r >> 20) as u16 % 11,
                    treasure_cards: if i > 40 { 3 } else { 0 },
                    death_cause: (!survived).then(|| causes[(r >> 24) as usize % 4]),
                    wounds: (r >> 28) as u16 % 30,
                    stats: HeroStats {
                        turns: (r >> 32) as u16 % 40 + 1,
                        end_round: (r >> 32) as u16 % 40 + 2,
                        treasure_chamber_turns: (i / 10) as u16,
                        dragon_draws: 1,
                        dragon_rage: r % 17 == 0,
                        monsters_met: (r >> 36) as u16 % 9,
                        monsters_killed: (r >> 40) as u16 % 7,
                        escapes: if i % 20 >= 10 { 300 + (i % 3) as u16 } else { (i % 4) as u16 },
                        catacomb_entries: if i % 50 == 0 { 60_000 } else { 300 },
                        chambers_explored: (r >> 44) as u16,
                        searches: (r >> 48) as u16 % 3,
                        wounds_taken: (r >> 52) as u16 % 36,
                        deaths: 0,
                        death_cause: None,
                    },
                }
            })
            .collect()
    }

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("dq-parquet-out-{}-{name}.parquet", std::process::id()))
    }

    fn meta() -> Vec<(String, String)> {
        vec![("dq.schema_version".into(), SCHEMA_VERSION.to_string()), ("dq.games".into(), "12".into())]
    }

    fn finish_meta() -> Vec<(String, String)> {
        vec![("dq.wall_seconds".into(), "1.5".into())]
    }

    /// Reads a file back: metadata, Arrow schema and all rows in one batch per row group.
    fn read(path: &Path) -> (Arc<ParquetMetaData>, SchemaRef, Vec<RecordBatch>) {
        let builder = ParquetRecordBatchReaderBuilder::try_new(File::open(path).unwrap()).unwrap();
        let (meta, schema) = (builder.metadata().clone(), builder.schema().clone());
        let batches = builder.with_batch_size(1 << 20).build().unwrap().map(|b| b.unwrap()).collect();
        (meta, schema, batches)
    }

    /// The file holds exactly `expected`'s rows, under `schema()` and the given metadata.
    fn check(path: &Path, expected: &RecordBatch, group_rows: usize) -> Arc<ParquetMetaData> {
        let (md, got_schema, batches) = read(path);
        assert_eq!(got_schema.fields(), schema().fields());
        let groups: Vec<i64> = md.row_groups().iter().map(|g| g.num_rows()).collect();
        let n = expected.num_rows();
        let want: Vec<i64> = (0..n.div_ceil(group_rows)).map(|g| (n - g * group_rows).min(group_rows) as i64).collect();
        assert_eq!(groups, want, "row groups");
        let mut at = 0;
        for b in &batches {
            let e = expected.slice(at, b.num_rows());
            for (i, (got, want)) in b.columns().iter().zip(e.columns()).enumerate() {
                assert_eq!(got.as_ref(), want.as_ref(), "column {} rows {at}..", COLUMNS[i].name);
            }
            at += b.num_rows();
        }
        assert_eq!(at, n);
        let kv: Vec<(String, String)> = md
            .file_metadata()
            .key_value_metadata()
            .unwrap()
            .iter()
            .filter(|kv| kv.key != "ARROW:schema")
            .map(|kv| (kv.key.clone(), kv.value.clone().unwrap_or_default()))
            .collect();
        assert_eq!(kv, [meta(), finish_meta()].concat());
        assert_eq!(md.file_metadata().created_by(), Some(format!("dq {}", env!("CARGO_PKG_VERSION")).as_str()));
        md
    }

    fn small() -> Limits {
        Limits { page_rows: 7, group_rows: 20 }
    }

    #[test]
    fn rows_across_pages_and_row_groups_read_back() {
        let path = temp("groups");
        let c = consts();
        let all = rows(93, 1000);
        let mut out = ParquetOut::create_with(&path, meta(), small()).unwrap();
        for part in [&all[..5], &all[5..5], &all[5..22], &all[22..60], &all[60..]] {
            out.write(part, &c).unwrap();
        }
        out.finish(finish_meta()).unwrap();
        assert!(!temp_path(&path).exists());
        check(&path, &batch(&all, &c), 20);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn empty_output_reads_back() {
        let path = temp("empty");
        let out = ParquetOut::<Consts>::create_with(&path, meta(), small()).unwrap();
        out.finish(finish_meta()).unwrap();
        let meta = check(&path, &batch(&[], &consts()), 20);
        assert_eq!(meta.num_row_groups(), 0);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn batches_with_other_strings_and_nulls_read_back() {
        let path = temp("batches");
        let c = consts();
        let odd = Consts {
            hero_ids: vec!["ünïcødé".into(), "".into(), "x".repeat(100)],
            bots: vec!["a\"b".into(), "greedy".into(), "zz".into(), "z".into()],
            edition: "classic".into(),
            rules: "death-can-wait,hero-combat".into(),
            monster_policy: "first".into(),
            seed: u64::MAX,
        };
        let (a, b, d) = (rows(30, 0), rows(25, 50), rows(12, 90));
        // Only nulls in a row group, and none at all in another.
        let nulls: Vec<Row> = a.iter().map(|r| Row { death_cause: None, ..*r }).collect();
        let causes: Vec<Row> = b.iter().map(|r| Row { death_cause: Some(DeathCause::Pit), ..*r }).collect();
        let mut out = ParquetOut::create_with(&path, meta(), small()).unwrap();
        out.write_batch(&batch(&nulls, &odd)).unwrap();
        out.write(&causes, &c).unwrap();
        out.write_batch(&batch(&d, &odd).slice(3, 9)).unwrap();
        out.finish(finish_meta()).unwrap();
        let want = [batch(&nulls, &odd), batch(&causes, &c), batch(&d, &odd).slice(3, 9)];
        let want = concat_batches(&want);
        check(&path, &want, 20);
        std::fs::remove_file(&path).unwrap();
    }

    /// Concatenates batches of [`schema`] (without adding arrow-select as a dependency).
    fn concat_batches(batches: &[RecordBatch]) -> RecordBatch {
        let columns = (0..COLUMNS.len())
            .map(|i| {
                let parts: Vec<&dyn arrow_array::Array> = batches.iter().map(|b| b.column(i).as_ref()).collect();
                concat(&parts)
            })
            .collect();
        RecordBatch::try_new(schema(), columns).unwrap()
    }

    fn concat(parts: &[&dyn arrow_array::Array]) -> ArrayRef {
        use arrow_array::cast::AsArray;
        use arrow_array::types::{UInt16Type, UInt32Type, UInt64Type, UInt8Type};
        let dt = parts[0].data_type().clone();
        match dt {
            DataType::UInt8 => {
                Arc::new(parts.iter().flat_map(|p| p.as_primitive::<UInt8Type>().iter()).collect::<UInt8Array>())
            }
            DataType::UInt16 => {
                Arc::new(parts.iter().flat_map(|p| p.as_primitive::<UInt16Type>().iter()).collect::<UInt16Array>())
            }
            DataType::UInt32 => {
                Arc::new(parts.iter().flat_map(|p| p.as_primitive::<UInt32Type>().iter()).collect::<UInt32Array>())
            }
            DataType::UInt64 => {
                Arc::new(parts.iter().flat_map(|p| p.as_primitive::<UInt64Type>().iter()).collect::<UInt64Array>())
            }
            DataType::Boolean => Arc::new(parts.iter().flat_map(|p| p.as_boolean().iter()).collect::<BooleanArray>()),
            _ => Arc::new(parts.iter().flat_map(|p| p.as_string::<i32>().iter()).collect::<StringArray>()),
        }
    }

    /// The same rows through arrow-rs's `ArrowWriter` as the writer had them before.
    fn arrow_writer_file(path: &Path, b: &RecordBatch) {
        let mut props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::try_new(1).unwrap()))
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            .set_created_by(format!("dq {}", env!("CARGO_PKG_VERSION")))
            .set_key_value_metadata(Some(meta().into_iter().map(|(k, v)| KeyValue::new(k, v)).collect()));
        for c in COLUMNS.iter().filter(|c| c.encoding == crate::schema::Encoding::Plain) {
            props = props.set_column_dictionary_enabled(c.name.into(), false);
        }
        let props = props.build();
        let mut w = ArrowWriter::try_new(File::create(path).unwrap(), schema(), Some(props)).unwrap();
        w.write(b).unwrap();
        for (k, v) in finish_meta() {
            w.append_key_value_metadata(KeyValue::new(k, v));
        }
        w.close().unwrap();
    }

    #[test]
    fn reads_back_as_arrow_writer_output_does() {
        let (ours, theirs) = (temp("ours"), temp("theirs"));
        let c = consts();
        let all = rows(45_000, 7);
        let mut out = ParquetOut::create(&ours, meta()).unwrap();
        for chunk in all.chunks(1024) {
            out.write(chunk, &c).unwrap();
        }
        out.finish(finish_meta()).unwrap();
        let expected = batch(&all, &c);
        arrow_writer_file(&theirs, &expected);
        let mine = check(&ours, &expected, ROW_GROUP_ROWS);
        let other = check(&theirs, &expected, ROW_GROUP_ROWS);
        // The same Parquet schema (physical and logical types), Arrow schema and metadata.
        assert_eq!(
            mine.file_metadata().schema_descr().root_schema(),
            other.file_metadata().schema_descr().root_schema()
        );
        assert_eq!(mine.file_metadata().key_value_metadata(), other.file_metadata().key_value_metadata());
        // The same column chunk statistics, compression and dictionary use.
        for (a, b) in mine.row_groups().iter().zip(other.row_groups()) {
            for (x, y) in a.columns().iter().zip(b.columns()) {
                let name = x.column_path().string();
                let (sx, sy) = (x.statistics().unwrap(), y.statistics().unwrap());
                assert_eq!(sx.min_bytes_opt(), sy.min_bytes_opt(), "{name} min");
                assert_eq!(sx.max_bytes_opt(), sy.max_bytes_opt(), "{name} max");
                assert_eq!(sx.null_count_opt(), sy.null_count_opt(), "{name} nulls");
                assert_eq!(x.compression(), y.compression(), "{name}");
                assert_eq!(x.dictionary_page_offset().is_some(), y.dictionary_page_offset().is_some(), "{name}");
                assert_eq!(x.num_values(), y.num_values(), "{name}");
            }
        }
        // About as small (within 5%).
        let size = |p: &Path| std::fs::metadata(p).unwrap().len() as f64;
        let ratio = size(&ours) / size(&theirs);
        assert!((0.95..1.05).contains(&ratio), "size ratio {ratio}");
        std::fs::remove_file(&ours).unwrap();
        std::fs::remove_file(&theirs).unwrap();
    }
}
