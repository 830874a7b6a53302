//! The results file's columns as data: one table per game ([`dungeonquest::COLUMNS`]) from
//! which the Arrow schema, the encoder's column buffers, the reports' column checks, `dq
//! merge`'s identity columns and the schema-doc test are all derived, so a column is named,
//! typed and documented in one place.
//!
//! Every game's table opens with the same [`COMMON_PREFIX`] (who played what, and how it
//! ended), so files of different games can be read together on those columns; the game's own
//! columns follow.

/// Each family's table, by the family's name (it lives in the family's own module).
pub use crate::dealing_dungeons::schema as dealing_dungeons;
pub use crate::dungeon_of_chaos::schema as dungeon_of_chaos;
pub use crate::dungeonquest::schema as dungeonquest;

use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::basic::Type as Physical;
use std::sync::Arc;

/// Version of the column layout. Adding a column keeps it; renaming, removing, retyping or
/// reordering one bumps it. Version 2 added `game` and put the common prefix first.
pub const SCHEMA_VERSION: u32 = 2;

/// A column's value type (all integers unsigned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    U8,
    U16,
    U32,
    U64,
    Bool,
    Str,
}

impl ColumnType {
    /// The Arrow type the writer declares.
    pub fn arrow(self) -> DataType {
        match self {
            ColumnType::U8 => DataType::UInt8,
            ColumnType::U16 => DataType::UInt16,
            ColumnType::U32 => DataType::UInt32,
            ColumnType::U64 => DataType::UInt64,
            ColumnType::Bool => DataType::Boolean,
            ColumnType::Str => DataType::Utf8,
        }
    }

    /// The Parquet physical type the values are stored as.
    pub fn physical(self) -> Physical {
        match self {
            ColumnType::U8 | ColumnType::U16 | ColumnType::U32 => Physical::INT32,
            ColumnType::U64 => Physical::INT64,
            ColumnType::Bool => Physical::BOOLEAN,
            ColumnType::Str => Physical::BYTE_ARRAY,
        }
    }
}

/// How a column's values are stored in its pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// As they are: columns whose values nearly all differ (a dictionary would only grow),
    /// and booleans (a bit each already).
    Plain,
    /// A dictionary per column chunk and RLE / bit-packed indices: few distinct values.
    Dictionary,
}

/// What a column's value depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Together with the run, names the row: the game and the seat.
    Identity,
    /// The same in every row of a run (kept so files of several runs read together).
    RunConstant,
    /// The seat's own result in the game.
    PerSeat,
}

impl Role {
    /// How `docs/schema.md` names the role.
    pub fn name(self) -> &'static str {
        match self {
            Role::Identity => "identity",
            Role::RunConstant => "run constant",
            Role::PerSeat => "per seat",
        }
    }
}

/// One column of a results file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnDef {
    pub name: &'static str,
    pub ty: ColumnType,
    /// Whether the column may hold nulls.
    pub nullable: bool,
    pub encoding: Encoding,
    pub role: Role,
    /// The first schema version that has the column.
    pub since: u32,
    /// What the value means (Markdown; `docs/schema.md` shows it as written).
    pub doc: &'static str,
}

/// The name of the column holding the game's index in the run (game order).
pub const GAME_INDEX: &str = "game_index";
/// The name of the column holding the run's master seed.
pub const SEED: &str = "seed";

/// The columns every game's table opens with, in this order: name, type, nullable.
pub const COMMON_PREFIX: [(&str, ColumnType, bool); 14] = [
    ("game", ColumnType::Str, false),
    ("edition", ColumnType::Str, false),
    (GAME_INDEX, ColumnType::U64, false),
    ("seat", ColumnType::U8, false),
    ("hero", ColumnType::Str, false),
    ("bot", ColumnType::Str, false),
    ("players", ColumnType::U8, false),
    ("rules", ColumnType::Str, false),
    ("survived", ColumnType::Bool, false),
    ("winner", ColumnType::Bool, false),
    ("gold", ColumnType::U32, false),
    ("death_cause", ColumnType::Str, true),
    ("turns", ColumnType::U16, false),
    (SEED, ColumnType::U64, false),
];

/// The Arrow schema of a table.
pub fn arrow_schema(columns: &[ColumnDef]) -> SchemaRef {
    Arc::new(Schema::new(columns.iter().map(|c| Field::new(c.name, c.ty.arrow(), c.nullable)).collect::<Vec<_>>()))
}

/// The position of column `name` in a table.
pub fn position(columns: &[ColumnDef], name: &str) -> Option<usize> {
    columns.iter().position(|c| c.name == name)
}

/// Why a file of schema version `found` (as its metadata spells it) cannot be read by a dq
/// that reads version `reads` (this one: [`SCHEMA_VERSION`]), or `None` if it can: the
/// sentence a refusal puts after the file's name.
pub fn version_refusal(found: &str, reads: u32) -> Option<String> {
    match found.trim().parse::<u32>() {
        Ok(v) if v == reads => None,
        Ok(v) if v < reads => Some(format!(
            "schema version {v}, written by an older dq: re-run it with this dq (which reads schema version {reads} \
             only)"
        )),
        _ => Some(format!("schema version {found}, but this dq reads version {reads} (use the dq that wrote it)")),
    }
}

/// Where a game's rows go, one column at a time in table order: the encoder's page buffers,
/// or Arrow arrays. Each call names its column, so a sink can check (in debug builds) that the
/// game writes its table's columns in order and with their types.
pub trait Sink {
    fn u8s(&mut self, name: &str, values: impl Iterator<Item = u8>);
    fn u16s(&mut self, name: &str, values: impl Iterator<Item = u16>);
    fn u32s(&mut self, name: &str, values: impl Iterator<Item = u32>);
    fn u64s(&mut self, name: &str, values: impl Iterator<Item = u64>);
    fn bools(&mut self, name: &str, values: impl Iterator<Item = bool>);
    /// Strings given as small keys (a hero index, a seat, a cause; `None` for a null) and
    /// each key's slot (below 256) and string: a sink may look each slot's string up once.
    fn keyed_strs<'a, K: Copy>(
        &mut self,
        name: &str,
        keys: impl Iterator<Item = Option<K>>,
        slot: impl Fn(K) -> u8,
        text: impl Fn(K) -> &'a str,
    );
    /// The same string in `n` rows (a run constant).
    fn same_str(&mut self, name: &str, value: &str, n: usize);
}

/// A family's results table: its columns, and how a chunk of its rows goes into them.
/// Implemented by the values every row of a run shares (the run constants, which the writing
/// needs), so that a writer or a batch knows its table from the values it is given.
pub trait ResultsTable {
    /// One row's own values (one seat in one game).
    type Row: Copy;
    /// The columns in file order (the common prefix first).
    const COLUMNS: &'static [ColumnDef];
    /// Writes `rows` into `sink`, every column of [`ResultsTable::COLUMNS`] in order.
    fn write_rows(&self, rows: &[Self::Row], sink: &mut impl Sink);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_opens_with_the_common_prefix() {
        for table in [&dungeonquest::COLUMNS[..], &dealing_dungeons::COLUMNS[..], &dungeon_of_chaos::COLUMNS[..]] {
            let head: Vec<(&str, ColumnType, bool)> =
                table.iter().take(COMMON_PREFIX.len()).map(|c| (c.name, c.ty, c.nullable)).collect();
            assert_eq!(head, COMMON_PREFIX);
            let mut names: Vec<&str> = table.iter().map(|c| c.name).collect();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), table.len(), "a column named twice");
            for c in table {
                assert!((1..=SCHEMA_VERSION).contains(&c.since), "{}: since {}", c.name, c.since);
                assert!(c.doc.len() > 10, "{}: no doc", c.name);
                assert!(!c.doc.contains('|') && !c.doc.contains('\n'), "{}: the doc must fit a table cell", c.name);
            }
        }
    }

    #[test]
    fn versions_other_than_this_one_are_refused_by_age() {
        assert_eq!(version_refusal(" 2", 2), None);
        assert_eq!(
            version_refusal("1", 2).unwrap(),
            "schema version 1, written by an older dq: re-run it with this dq (which reads schema version 2 only)"
        );
        assert_eq!(
            version_refusal("9", 2).unwrap(),
            "schema version 9, but this dq reads version 2 (use the dq that wrote it)"
        );
        assert!(version_refusal("x", 2).unwrap().starts_with("schema version x, but"));
    }
}
