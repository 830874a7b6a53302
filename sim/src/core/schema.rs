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

/// `c`, but nullable.
pub const fn nullable(c: ColumnDef) -> ColumnDef {
    ColumnDef { nullable: true, ..c }
}

/// How each column of [`COMMON_PREFIX`] is stored and what it depends on, in its order: the
/// same in every game's table.
const PREFIX_STORAGE: [(Encoding, Role); COMMON_PREFIX.len()] = [
    (Encoding::Dictionary, Role::RunConstant),
    (Encoding::Dictionary, Role::RunConstant),
    (Encoding::Plain, Role::Identity),
    (Encoding::Dictionary, Role::Identity),
    (Encoding::Dictionary, Role::PerSeat),
    (Encoding::Dictionary, Role::PerSeat),
    (Encoding::Dictionary, Role::PerSeat),
    (Encoding::Dictionary, Role::RunConstant),
    (Encoding::Plain, Role::PerSeat),
    (Encoding::Plain, Role::PerSeat),
    (Encoding::Plain, Role::PerSeat),
    (Encoding::Dictionary, Role::PerSeat),
    (Encoding::Dictionary, Role::PerSeat),
    (Encoding::Dictionary, Role::RunConstant),
];

/// What the common prefix's columns mean in one game: their names, types and storage are
/// shared ([`COMMON_PREFIX`]), their docs are the game's own.
pub struct PrefixDocs {
    pub game: &'static str,
    pub edition: &'static str,
    pub game_index: &'static str,
    pub seat: &'static str,
    pub hero: &'static str,
    pub bot: &'static str,
    pub players: &'static str,
    pub rules: &'static str,
    pub survived: &'static str,
    pub winner: &'static str,
    pub gold: &'static str,
    pub death_cause: &'static str,
    pub turns: &'static str,
    pub seed: &'static str,
}

/// The common prefix's columns with a game's docs, each in the schema since `since` (the
/// game's first version), but for `game`, which version 2 added.
pub const fn prefix_columns(since: u32, d: PrefixDocs) -> [ColumnDef; COMMON_PREFIX.len()] {
    let docs = [
        d.game,
        d.edition,
        d.game_index,
        d.seat,
        d.hero,
        d.bot,
        d.players,
        d.rules,
        d.survived,
        d.winner,
        d.gold,
        d.death_cause,
        d.turns,
        d.seed,
    ];
    let mut out = [ColumnDef {
        name: "",
        ty: ColumnType::U8,
        nullable: false,
        encoding: Encoding::Plain,
        role: Role::Identity,
        since,
        doc: "",
    }; COMMON_PREFIX.len()];
    let mut i = 0;
    while i < out.len() {
        let (name, ty, nullable) = COMMON_PREFIX[i];
        let (encoding, role) = PREFIX_STORAGE[i];
        out[i] = ColumnDef { name, ty, nullable, encoding, role, since: if i == 0 { 2 } else { since }, doc: docs[i] };
        i += 1;
    }
    out
}

/// A game's table: the common prefix, then the game's own columns (`N` must be their sum,
/// which building the constant checks).
pub const fn table<const M: usize, const N: usize>(
    prefix: [ColumnDef; COMMON_PREFIX.len()],
    own: [ColumnDef; M],
) -> [ColumnDef; N] {
    assert!(N == COMMON_PREFIX.len() + M, "a table is the common prefix and the game's own columns");
    let mut out = [prefix[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = if i < prefix.len() { prefix[i] } else { own[i - prefix.len()] };
        i += 1;
    }
    out
}

/// A small set of words a column keys (a death cause): each value's dictionary slot (below
/// 256) and word.
pub trait Keyed: Copy {
    fn slot(self) -> u8;
    fn word(self) -> &'static str;
}

/// A game's row, as the common prefix reads it (the values that are not run constants);
/// `prefix_row!` implements it.
pub trait PrefixRow {
    /// The `death_cause` column's values.
    type Cause: Keyed;
    fn game_index(&self) -> u64;
    fn seat(&self) -> u8;
    /// The hero's index in [`PrefixConsts::heroes`].
    fn hero(&self) -> u8;
    fn players(&self) -> u8;
    fn survived(&self) -> bool;
    fn winner(&self) -> bool;
    fn gold(&self) -> u32;
    fn death_cause(&self) -> Option<Self::Cause>;
    fn turns(&self) -> u16;
}

/// Implements [`PrefixRow`] for a row type `$row` whose fields have the columns' names (the
/// seat, players, outcome and gold), the hero, death cause (a `$cause`) and turns read by the
/// closures given: a family's row says only where it differs.
#[rustfmt::skip]
macro_rules! prefix_row {
    ($row:ty, $cause:ty, hero: |$h:ident| $hero:expr, death_cause: |$d:ident| $death:expr, turns: |$t:ident| $turns:expr) => {
        impl $crate::core::schema::PrefixRow for $row {
            type Cause = $cause;
            #[inline] fn game_index(&self) -> u64 { self.game_index }
            #[inline] fn seat(&self) -> u8 { self.seat }
            #[inline] fn hero(&self) -> u8 { let $h = self; $hero }
            #[inline] fn players(&self) -> u8 { self.players }
            #[inline] fn survived(&self) -> bool { self.survived }
            #[inline] fn winner(&self) -> bool { self.winner }
            #[inline] fn gold(&self) -> u32 { self.gold }
            #[inline] fn death_cause(&self) -> Option<$cause> { let $d = self; $death }
            #[inline] fn turns(&self) -> u16 { let $t = self; $turns }
        }
    };
}
pub(crate) use prefix_row;

/// The common prefix's run constants and the strings a row's keys stand for.
pub struct PrefixConsts<'a> {
    pub game: &'a str,
    pub edition: &'a str,
    /// Hero names by a row's `hero`.
    pub heroes: &'a [String],
    /// Bot spec by seat.
    pub bots: &'a [String],
    pub rules: &'a str,
    pub seed: u64,
}

/// Writes the common prefix's columns of `rows` into `sink`, in order: what every game's
/// `write_rows` opens with.
#[inline]
pub fn write_prefix<R: PrefixRow>(rows: &[R], c: &PrefixConsts<'_>, sink: &mut impl Sink) {
    let n = rows.len();
    let each = || rows.iter();
    sink.same_str("game", c.game, n);
    sink.same_str("edition", c.edition, n);
    sink.u64s("game_index", each().map(|r| r.game_index()));
    sink.u8s("seat", each().map(|r| r.seat()));
    let heroes = c.heroes;
    sink.keyed_strs("hero", each().map(|r| Some(r.hero())), |h| h, |h| heroes[usize::from(h)].as_str());
    let bots = c.bots;
    sink.keyed_strs("bot", each().map(|r| Some(r.seat())), |s| s, |s| bots[usize::from(s)].as_str());
    sink.u8s("players", each().map(|r| r.players()));
    sink.same_str("rules", c.rules, n);
    sink.bools("survived", each().map(|r| r.survived()));
    sink.bools("winner", each().map(|r| r.winner()));
    sink.u32s("gold", each().map(|r| r.gold()));
    sink.keyed_strs("death_cause", each().map(|r| r.death_cause()), Keyed::slot, Keyed::word);
    sink.u16s("turns", each().map(|r| r.turns()));
    sink.u64s("seed", std::iter::repeat_n(c.seed, n));
}

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
