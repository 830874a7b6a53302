//! Dealing Dungeons' results table: the common prefix, then the game's own columns, and the
//! writer that puts a chunk of [`Row`]s into a [`Sink`] column by column in that order.

use super::outcome::{cause_name, end_name, Row};
use crate::core::schema::ColumnType::{Bool, Str, U16, U32, U8};
use crate::core::schema::Encoding::{Dictionary, Plain};
use crate::core::schema::Role::{PerSeat, RunConstant};
use crate::core::schema::{
    self, prefix_columns, prefix_row, write_prefix, ColumnDef, ColumnType, Encoding, Keyed, PrefixConsts, PrefixDocs,
    ResultsTable, Role, Sink,
};
use dq_engine::dealing_dungeons::game::DeathCause;

/// The `game` column's value and the `dq.game` metadata key's.
pub const GAME: &str = "dealing-dungeons";
/// The `edition` column's value: the one edition (Dark Keep Games, 2021).
pub const EDITION: &str = "2021";

/// A column that is never null, in the schema since version 2.
const fn col(name: &'static str, ty: ColumnType, encoding: Encoding, role: Role, doc: &'static str) -> ColumnDef {
    ColumnDef { name, ty, nullable: false, encoding, role, since: 2, doc }
}

/// The columns in file order (see `docs/schema.md`, which must show exactly this table).
pub const COLUMNS: [ColumnDef; 25] = schema::table(
    prefix_columns(
        2,
        PrefixDocs {
            game: "The game played: `dealing-dungeons` (the columns after `seed` are that game's own).",
            edition: "The edition: `2021` (Dark Keep Games; the card lists are documented estimates, data/dealing_dungeons/).",
            game_index: "The game's index in the run, from 0. With `seed`, it alone determines the game (`dq replay --game dealing-dungeons --index I --seed S` plays it again).",
            seat: "The hero's seat, from 0 (turns go round from the first player, who rolled highest).",
            hero: "The hero side played: the card's id for its front (`barbarian`), its back's name for the back (`berserker`).",
            bot: "The seat's bot: `greedy`, `cautious`, `mixed` or `random`.",
            players: "Heroes in the game (2 to 4 in Standard mode).",
            rules: "Optional rules (`--rule`), sorted and comma-joined; empty for none.",
            survived: "The hero was alive when the game ended (the victor, a hero stopped at the table edge, or one still playing; in `co-op`, a hero of the party still standing).",
            winner: "A boss was defeated and the hero is alive with the highest loot tally (ties shared); nobody wins otherwise. In `co-op` the party wins or loses together: true in every row of a game whose End Boss fell (the fallen heroes' too), false in every row otherwise.",
            gold: "The loot tally at the end: the Bag of Holding, In Hand cards 20 each, unused potions 10 each (counted for the dead too; survival decides whether it counts). In `chaos`, after a Loot card is discarded for each Secret Door token used past the free one.",
            death_cause: "What took the hero's last life: `monster`, `ranged_miss` (a failed ranged attack on a ranged monster) or `boss`; null for the living.",
            turns: "Turns the hero began (missed ones included); in `co-op`, rounds (his movement phase each round, until the vortex).",
            seed: "The run's master seed (the same in every row).",
        },
    ),
    [
        col("mode", Str, Dictionary, RunConstant, "The mode played: `standard`, `co-op`, `chaos`, `solo-regular`, `solo-moderate` or `solo-hard` (`--mode`; one hero plays `solo-regular` unless told)."),
        col("level", U8, Dictionary, PerSeat, "The hero's level at the end (1 to 3)."),
        col("xp", U16, Dictionary, PerSeat, "XP on the dashboard at the end, not yet exchanged (the defeated monsters' attack values)."),
        col("lives_left", U8, Dictionary, PerSeat, "Lives at the end (0 for the dead)."),
        col("loot_value", U32, Dictionary, PerSeat, "Gold in the Bag of Holding at the end: the Loot cards' values, bagged In Hand cards 20 each, extra potions 10 each (`gold` adds the equipped cards and unused potions)."),
        col("boss_defeated", Bool, Plain, PerSeat, "The hero defeated his End Boss (which ends the game); in `chaos`, the shared End Boss's killing blow."),
        col("rooms_built", U8, Dictionary, PerSeat, "Room cards laid in the hero's dungeon (the Treasure Room included); in `co-op`, the cards this player laid in the shared dungeon; in `chaos`, the cards this player laid in every dungeon (the others' and his own, his Treasure Room included)."),
        col("monsters_defeated", U8, Dictionary, PerSeat, "Monsters defeated (in the room or from afar)."),
        col("stopped_at_edge", Bool, Plain, PerSeat, "The hero's game ended with nowhere to build: his next card could only go off the table edge, or his dungeon is walled in (no doorway, nor with Secret Door tokens left a blank wall, onto an empty space); alive, he tallies. In `chaos`, also a hero whose Treasure Room could not be laid."),
        col("game_end", Str, Dictionary, PerSeat, "How the game ended: `boss` (a boss fell), `none_left` (no hero still playing) or `round_limit` (200 rounds)."),
        col("heroes_lost", U8, Dictionary, PerSeat, "Heroes of the seat who died. Under `--rule replace-dead-hero` a seat plays on with new heroes: `hero`, `survived` and `death_cause` are then its first hero's, and the columns from `level` to `loot_value` its last hero's."),
    ],
);

/// What the rows of a run share: the run-constant columns' values and the strings behind a
/// row's hero and seat.
#[derive(Clone, Debug)]
pub struct Consts {
    /// Hero side names by [`super::outcome::hero_side`] index.
    pub hero_names: Vec<String>,
    /// Bot spec by seat.
    pub bots: Vec<String>,
    pub mode: String,
    /// The optional rules, canonical (the `rules` column).
    pub rules: String,
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

impl Keyed for DeathCause {
    fn slot(self) -> u8 {
        self as u8
    }
    fn word(self) -> &'static str {
        cause_name(self)
    }
}

prefix_row!(Row, DeathCause, hero: |r| r.hero, death_cause: |r| r.death_cause, turns: |r| r.turns);

/// Writes `rows` into `sink`, every column of [`COLUMNS`] in order.
pub fn write_rows(rows: &[Row], c: &Consts, sink: &mut impl Sink) {
    let n = rows.len();
    let each = || rows.iter();
    let prefix = PrefixConsts {
        game: GAME,
        edition: EDITION,
        heroes: &c.hero_names,
        bots: &c.bots,
        rules: &c.rules,
        seed: c.seed,
    };
    write_prefix(rows, &prefix, sink);
    sink.same_str("mode", &c.mode, n);
    sink.u8s("level", each().map(|r| r.level));
    sink.u16s("xp", each().map(|r| r.xp));
    sink.u8s("lives_left", each().map(|r| r.lives));
    sink.u32s("loot_value", each().map(|r| u32::from(r.bag_gold)));
    sink.bools("boss_defeated", each().map(|r| r.boss_defeated));
    sink.u8s("rooms_built", each().map(|r| r.rooms_built));
    sink.u8s("monsters_defeated", each().map(|r| r.monsters_defeated));
    sink.bools("stopped_at_edge", each().map(|r| r.edge));
    sink.keyed_strs("game_end", each().map(|r| Some(r.end)), end_slot, end_name);
    sink.u8s("heroes_lost", each().map(|r| r.heroes_lost));
}

/// A game end's dictionary slot.
fn end_slot(e: dq_engine::dealing_dungeons::game::End) -> u8 {
    use dq_engine::dealing_dungeons::game::End;
    match e {
        End::Boss(_) => 0,
        End::NoneLeft => 1,
        End::RoundLimit => 2,
    }
}
