//! The Dungeon of Chaos' results table: the common prefix, then the game's own columns, and
//! the writer that puts a chunk of [`Row`]s into a [`Sink`] column by column in that order.

use super::outcome::{End, Row};
use crate::core::schema::ColumnType::{Bool, Str, U16, U32, U64, U8};
use crate::core::schema::Encoding::{Dictionary, Plain};
use crate::core::schema::Role::{Identity, PerSeat, RunConstant};
use crate::core::schema::{ColumnDef, ColumnType, Encoding, ResultsTable, Role, Sink};

/// The `game` column's value and the `dq.game` metadata key's.
pub const GAME: &str = "dungeon-of-chaos";
/// The `edition` column's value: the one rulebook, with the card lists estimated.
pub const EDITION: &str = "standard";

/// A column that is never null, in the schema since version 2.
const fn col(name: &'static str, ty: ColumnType, encoding: Encoding, role: Role, doc: &'static str) -> ColumnDef {
    ColumnDef { name, ty, nullable: false, encoding, role, since: 2, doc }
}

/// The columns in file order (see `docs/schema.md`, which must show exactly this table).
pub const COLUMNS: [ColumnDef; 23] = [
    // The common prefix.
    col("game", Str, Dictionary, RunConstant, "The game played: `dungeon-of-chaos` (the columns after `seed` are that game's own)."),
    col("edition", Str, Dictionary, RunConstant, "The edition: `standard` (the one rulebook; the decks' cards are documented estimates, data/dungeon_of_chaos/)."),
    col("game_index", U64, Plain, Identity, "The game's index in the run, from 0. With `seed`, it alone determines the game (`dq replay --game dungeon-of-chaos --index I --seed S` plays it again)."),
    col("seat", U8, Dictionary, Identity, "The adventurer's seat, from 0 (turns go round from the first player, who rolled highest on d8 + Speed)."),
    col("hero", Str, Dictionary, PerSeat, "The first Character Profile the seat chose (of three dealt, §3), in lower case with dashes (`faerie`)."),
    col("bot", Str, Dictionary, PerSeat, "The seat's bot: `greedy`, `cautious`, `mixed` or `random`."),
    col("players", U8, Dictionary, PerSeat, "Adventurers in the game (2 to 4)."),
    col("rules", Str, Dictionary, RunConstant, "Optional rules: always empty (the game has none)."),
    col("survived", Bool, Plain, PerSeat, "No character of the seat died in the game (a dead character is replaced by a new one, §15: see `deaths`)."),
    col("winner", Bool, Plain, PerSeat, "The seat came back to town holding 2,000 gold coins, which ends the game; nobody wins a game the round limit ends."),
    col("gold", U32, Plain, PerSeat, "Gold coins held at the end (a dead character's are lost with him; Treasure items not yet redeemed do not count)."),
    ColumnDef {
        nullable: true,
        ..col("death_cause", Str, Dictionary, PerSeat, "The word `died` if a character of the seat died (the engine does not yet report what killed him); null for the seats that never lost one.")
    },
    col("turns", U16, Dictionary, PerSeat, "Turns the seat began."),
    col("seed", U64, Dictionary, RunConstant, "The run's master seed (the same in every row)."),
    // The Dungeon of Chaos' own.
    col("profile_last", Str, Dictionary, PerSeat, "The Character Profile played at the end (the same as `hero` unless a character died)."),
    col("characters", U8, Dictionary, PerSeat, "Characters the seat played (the first included)."),
    col("deaths", U16, Dictionary, PerSeat, "Characters of the seat who died (Health, Mind or Speed at 0 or less, §5)."),
    col("deepest_level", U8, Dictionary, PerSeat, "The deepest dungeon level any of the seat's characters reached (1 to 4)."),
    col("kills", U16, Dictionary, PerSeat, "Monsters the seat's characters killed."),
    col("town_visits", U16, Dictionary, PerSeat, "Times the seat's characters entered the town (§14)."),
    col("items", U8, Dictionary, PerSeat, "Item cards the seat's character held at the end."),
    col("rounds", U16, Dictionary, PerSeat, "Rounds the game lasted (the round limit is 200)."),
    col("game_end", Str, Dictionary, PerSeat, "How the game ended: `won` (a seat reached town with 2,000 gold coins) or `round_limit` (200 rounds: unfinished)."),
];

/// What the rows of a run share: the run-constant columns' values and the strings behind a
/// row's profiles and seat.
#[derive(Clone, Debug)]
pub struct Consts {
    /// Profile names by the rules' character index.
    pub profile_names: Vec<String>,
    /// Bot spec by seat.
    pub bots: Vec<String>,
    pub seed: u64,
}

impl ResultsTable for Consts {
    type Row = Row;
    const COLUMNS: &'static [ColumnDef] = &COLUMNS;
    #[inline]
    fn write_rows(&self, rows: &[Row], sink: &mut impl Sink) {
        write_rows(rows, self, sink);
    }
}

/// A game end's dictionary slot.
fn end_slot(e: End) -> u8 {
    match e {
        End::Won => 0,
        End::RoundLimit => 1,
    }
}

/// Writes `rows` into `sink`, every column of [`COLUMNS`] in order.
pub fn write_rows(rows: &[Row], c: &Consts, sink: &mut impl Sink) {
    let n = rows.len();
    let each = || rows.iter();
    let names = &c.profile_names;
    sink.same_str("game", GAME, n);
    sink.same_str("edition", EDITION, n);
    sink.u64s("game_index", each().map(|r| r.game_index));
    sink.u8s("seat", each().map(|r| r.seat));
    sink.keyed_strs("hero", each().map(|r| Some(r.profile)), |p| p, |p| names[usize::from(p)].as_str());
    let bots = &c.bots;
    sink.keyed_strs("bot", each().map(|r| Some(r.seat)), |s| s, |s| bots[usize::from(s)].as_str());
    sink.u8s("players", each().map(|r| r.players));
    sink.same_str("rules", "", n);
    sink.bools("survived", each().map(|r| r.survived));
    sink.bools("winner", each().map(|r| r.winner));
    sink.u32s("gold", each().map(|r| r.gold));
    sink.keyed_strs("death_cause", each().map(|r| (!r.survived).then_some(())), |()| 0, |()| "died");
    sink.u16s("turns", each().map(|r| r.turns));
    sink.u64s("seed", std::iter::repeat_n(c.seed, n));
    sink.keyed_strs("profile_last", each().map(|r| Some(r.last_profile)), |p| p, |p| names[usize::from(p)].as_str());
    sink.u8s("characters", each().map(|r| r.characters));
    sink.u16s("deaths", each().map(|r| r.deaths));
    sink.u8s("deepest_level", each().map(|r| r.deepest));
    sink.u16s("kills", each().map(|r| r.kills));
    sink.u16s("town_visits", each().map(|r| r.town_visits));
    sink.u8s("items", each().map(|r| r.items));
    sink.u16s("rounds", each().map(|r| r.rounds));
    sink.keyed_strs("game_end", each().map(|r| Some(r.end)), end_slot, End::name);
}
