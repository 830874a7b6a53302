//! The Parquet results file: one row per hero per game (schema version 1), zstd, streamed
//! chunk by chunk so memory stays bounded, written under a temporary name and renamed only
//! when complete, so a reader never sees a half-written file.

use crate::error::{bad, Failure};
use crate::outcome::Row;
use arrow_array::{
    ArrayRef, BooleanArray, RecordBatch, StringArray, UInt16Array, UInt32Array, UInt64Array, UInt8Array,
};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Version of the column layout below. Adding a column keeps it; renaming, removing or
/// retyping one bumps it.
pub const SCHEMA_VERSION: u32 = 1;

/// Rows per Parquet row group: bounds the writer's buffered memory (a few MB).
const ROW_GROUP_ROWS: usize = 256 * 1024;

/// The columns in file order: name, type, nullable.
pub const COLUMNS: [(&str, DataType, bool); 31] = [
    ("game_index", DataType::UInt64, false),
    ("seat", DataType::UInt8, false),
    ("hero", DataType::Utf8, false),
    ("bot", DataType::Utf8, false),
    ("edition", DataType::Utf8, false),
    ("rules", DataType::Utf8, false),
    ("players", DataType::UInt8, false),
    ("survived", DataType::Boolean, false),
    ("exited", DataType::Boolean, false),
    ("winner", DataType::Boolean, false),
    ("gold", DataType::UInt32, false),
    ("loot_cards", DataType::UInt16, false),
    ("treasure_cards", DataType::UInt16, false),
    ("death_cause", DataType::Utf8, true),
    ("wounds", DataType::UInt16, false),
    ("turns", DataType::UInt16, false),
    ("end_round", DataType::UInt16, false),
    ("treasure_chamber_turns", DataType::UInt16, false),
    ("dragon_draws", DataType::UInt16, false),
    ("dragon_rage", DataType::Boolean, false),
    ("monsters_met", DataType::UInt16, false),
    ("monsters_killed", DataType::UInt16, false),
    ("escapes", DataType::UInt16, false),
    ("catacomb_entries", DataType::UInt16, false),
    ("chambers_explored", DataType::UInt16, false),
    ("searches", DataType::UInt16, false),
    // Beyond the list: total wounds suffered (healed ones included), deaths (more
    // than 0 for a survivor only under Death Can Wait), whether the seat moved first, and
    // the run-wide constants that make files from several runs concatenable.
    ("wounds_taken", DataType::UInt16, false),
    ("deaths", DataType::UInt16, false),
    ("first_player", DataType::Boolean, false),
    ("monster_policy", DataType::Utf8, false),
    ("seed", DataType::UInt64, false),
];

/// The Arrow schema of the results file.
pub fn schema() -> SchemaRef {
    Arc::new(Schema::new(COLUMNS.iter().map(|(n, t, null)| Field::new(*n, t.clone(), *null)).collect::<Vec<_>>()))
}

/// The columns that are the same for every row of a run (or that rows only index).
#[derive(Clone, Debug)]
pub struct Consts {
    /// Hero ids by sheet index.
    pub hero_ids: Vec<String>,
    /// Bot spec by seat.
    pub bots: Vec<String>,
    pub edition: String,
    pub rules: String,
    pub monster_policy: String,
    pub seed: u64,
}

/// The rows as an Arrow batch in [`COLUMNS`] order.
pub fn batch(rows: &[Row], c: &Consts) -> RecordBatch {
    let n = rows.len();
    fn u16s(rows: &[Row], f: impl Fn(&Row) -> u16) -> ArrayRef {
        Arc::new(UInt16Array::from_iter_values(rows.iter().map(f)))
    }
    fn bools(rows: &[Row], f: impl Fn(&Row) -> bool) -> ArrayRef {
        Arc::new(rows.iter().map(|r| Some(f(r))).collect::<BooleanArray>())
    }
    let same = |s: &str| -> ArrayRef { Arc::new(StringArray::from_iter_values(std::iter::repeat_n(s, n))) };
    let columns: Vec<ArrayRef> = vec![
        Arc::new(UInt64Array::from_iter_values(rows.iter().map(|r| r.game_index))),
        Arc::new(UInt8Array::from_iter_values(rows.iter().map(|r| r.seat))),
        Arc::new(StringArray::from_iter_values(rows.iter().map(|r| c.hero_ids[r.hero as usize].as_str()))),
        Arc::new(StringArray::from_iter_values(rows.iter().map(|r| c.bots[r.seat as usize].as_str()))),
        same(&c.edition),
        same(&c.rules),
        Arc::new(UInt8Array::from_iter_values(rows.iter().map(|r| r.players))),
        bools(rows, |r| r.survived),
        bools(rows, |r| r.exited),
        bools(rows, |r| r.winner),
        Arc::new(UInt32Array::from_iter_values(rows.iter().map(|r| r.gold))),
        u16s(rows, |r| r.loot_cards),
        u16s(rows, |r| r.treasure_cards),
        Arc::new(rows.iter().map(|r| r.death_cause.map(|d| d.name())).collect::<StringArray>()),
        u16s(rows, |r| r.wounds),
        u16s(rows, |r| r.stats.turns),
        u16s(rows, |r| r.stats.end_round),
        u16s(rows, |r| r.stats.treasure_chamber_turns),
        u16s(rows, |r| r.stats.dragon_draws),
        bools(rows, |r| r.stats.dragon_rage),
        u16s(rows, |r| r.stats.monsters_met),
        u16s(rows, |r| r.stats.monsters_killed),
        u16s(rows, |r| r.stats.escapes),
        u16s(rows, |r| r.stats.catacomb_entries),
        u16s(rows, |r| r.stats.chambers_explored),
        u16s(rows, |r| r.stats.searches),
        u16s(rows, |r| r.stats.wounds_taken),
        u16s(rows, |r| r.stats.deaths),
        bools(rows, |r| r.first_player),
        same(&c.monster_policy),
        Arc::new(UInt64Array::from_iter_values(std::iter::repeat_n(c.seed, n))),
    ];
    RecordBatch::try_new(schema(), columns).expect("columns match COLUMNS")
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

/// A results file being written.
pub struct ParquetOut {
    writer: Option<ArrowWriter<BufWriter<File>>>,
    temp: TempFile,
    path: PathBuf,
}

/// `.{name}.tmp-{pid}` beside `path`: same folder, so the final rename is atomic.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

impl ParquetOut {
    /// Creates the temporary file now, so an unwritable path fails before any game is played.
    pub fn create(path: &Path, metadata: Vec<(String, String)>) -> Result<ParquetOut, Failure> {
        let shown = path.display();
        if path.file_name().is_none() || path.as_os_str().to_string_lossy().ends_with('/') {
            return Err(bad(format!("--out {shown}: not a file name")));
        }
        if path.is_dir() {
            return Err(bad(format!("--out {shown}: is a folder")));
        }
        let tmp = temp_path(path);
        let file = File::create(&tmp).map_err(|e| bad(format!("cannot write {shown}: {e}")))?;
        let temp = TempFile(Some(tmp));
        let props = WriterProperties::builder()
            // Level 1: on these small pages of small integers it compresses as well as level 3
            // (20,000 random-bot games: 151 KB against 163 KB) for less of the drain thread's time.
            .set_compression(Compression::ZSTD(ZstdLevel::try_new(1).expect("valid level")))
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            // A different value in (nearly) every row: a dictionary only grows until the
            // writer gives up on it. Plain values compress better (files about 18% smaller).
            .set_column_dictionary_enabled("game_index".into(), false)
            .set_column_dictionary_enabled("gold".into(), false)
            .set_created_by(format!("dq {}", env!("CARGO_PKG_VERSION")))
            .set_key_value_metadata(Some(metadata.into_iter().map(|(k, v)| KeyValue::new(k, v)).collect()))
            .build();
        let writer = ArrowWriter::try_new(BufWriter::with_capacity(1 << 20, file), schema(), Some(props))
            .map_err(|e| bad(format!("cannot write {shown}: {e}")))?;
        Ok(ParquetOut { writer: Some(writer), temp, path: path.to_path_buf() })
    }

    /// Appends rows.
    pub fn write(&mut self, rows: &[Row], consts: &Consts) -> Result<(), Failure> {
        let w = self.writer.as_mut().expect("open until finish");
        w.write(&batch(rows, consts)).map_err(|e| Failure::Failed(format!("writing {}: {e}", self.path.display())))
    }

    /// Appends a batch that already holds [`COLUMNS`] (`dq merge` copies parts this way); it is
    /// re-labelled with [`schema`], so a batch whose columns differ is refused, not written.
    pub fn write_batch(&mut self, batch: &RecordBatch) -> Result<(), Failure> {
        let shown = self.path.display();
        let batch = RecordBatch::try_new(schema(), batch.columns().to_vec())
            .map_err(|e| bad(format!("{shown}: columns do not match schema version {SCHEMA_VERSION}: {e}")))?;
        let w = self.writer.as_mut().expect("open until finish");
        w.write(&batch).map_err(|e| Failure::Failed(format!("writing {shown}: {e}")))
    }

    /// Adds the final metadata, writes the footer, syncs and renames to the final name.
    pub fn finish(mut self, metadata: Vec<(String, String)>) -> Result<(), Failure> {
        let shown = self.path.display().to_string();
        let fail = |e: &dyn std::fmt::Display| Failure::Failed(format!("writing {shown}: {e}"));
        let mut w = self.writer.take().expect("open until finish");
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
