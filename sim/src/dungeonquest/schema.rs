//! DungeonQuest's results table: the common prefix, then the game's own columns, and the
//! writer that puts a chunk of [`Row`]s into a [`Sink`] column by column in that order.

use crate::core::schema::ColumnType::{Bool, Str, U16};
#[cfg(test)]
use crate::core::schema::ColumnType::{U32, U64, U8};
use crate::core::schema::Encoding::{Dictionary, Plain};
use crate::core::schema::Role::{PerSeat, RunConstant};
use crate::core::schema::{
    self, prefix_columns, prefix_row, write_prefix, ColumnDef, ColumnType, Encoding, Keyed, PrefixConsts, PrefixDocs,
    ResultsTable, Role, Sink,
};
use crate::outcome::Row;
use dq_engine::DeathCause;

/// The `game` column's value and the `dq.game` metadata key's.
pub const GAME: &str = "dungeonquest";

/// A column that is never null.
const fn col(name: &'static str, ty: ColumnType, encoding: Encoding, role: Role, doc: &'static str) -> ColumnDef {
    ColumnDef { name, ty, nullable: false, encoding, role, since: 1, doc }
}

/// The columns in file order (see `docs/schema.md`, which must show exactly this table).
pub const COLUMNS: [ColumnDef; 32] = schema::table(
    prefix_columns(
        1,
        PrefixDocs {
            game: "The game played: `dungeonquest` (the columns after `seed` are that game's own).",
            edition: "Rules edition of the data played: `revised`, `third` or `classic` (1987), or the edition of a `--data` folder.",
            game_index: "The game's index in the run, from 0. With `seed`, it alone determines the game (`dq replay --seed S --game I` plays it again).",
            seat: "The hero's seat, from 0 (seat order is turn order, starting at the first player).",
            hero: "Hero id: `gherinn`, `challara`, `hugo`, `krutzbeck`, `lindel`, `tatianna` in the Revised data; `rohan`, `ulf`, `el-adoran`, `volrik` in the 1987 data.",
            bot: "The seat's bot spec in canonical form, parameters included (e.g. `greedy`, `cautious:margin=3`).",
            players: "Heroes in the game (1 to 4).",
            rules: "Optional rules, sorted and comma-joined (e.g. `late-start,torchlight`); empty for none.",
            survived: "The hero left the dungeon alive before the game ended (under Death Can Wait, possibly after dying and restarting).",
            winner: "The hero won: the survivor with the most gold (ties broken by the most valuable card, then the most loot cards; a tie beyond that is shared); nobody wins when nobody survives.",
            gold: "Gold value of the loot held when the game ended (counted for the dead too; survival decides whether it counts in the game).",
            death_cause: "Why the hero died: `monster`, `dragon`, `trap`, `card`, `pit`, `bridge`, `resurfacing`, `dead_end`, `sunset`, `hero` (Hero vs. Hero Combat); null for survivors. 1987: traps count as `card`, nightfall as `sunset`.",
            turns: "Turns the hero played.",
            seed: "The run's master seed (the same in every row; kept so files of several runs can be read together).",
        },
    ),
    [
        col("exited", Bool, Plain, PerSeat, "The hero left through a tower. Equal to `survived` today; kept apart for editions where they may differ."),
        col("loot_cards", U16, Dictionary, PerSeat, "Loot cards held at the end (1987: treasure cards kept from the decks)."),
        col("treasure_cards", U16, Dictionary, PerSeat, "Treasure cards (from the treasure chamber) held at the end (1987: Treasure counters)."),
        col("wounds", U16, Dictionary, PerSeat, "Wounds on the hero sheet at the end (1987: Life Points lost from the sheet)."),
        col("end_round", U16, Dictionary, PerSeat, "Round in which the hero died or left (or the game's last round)."),
        col("treasure_chamber_turns", U16, Dictionary, PerSeat, "Turns spent in the treasure chamber."),
        col("dragon_draws", U16, Dictionary, PerSeat, "Dragon cards drawn (1987: Dragon counters turned over)."),
        col("dragon_rage", Bool, Plain, PerSeat, "The hero drew a Dragon Rage card (1987: turned over a fire-breathing Dragon counter)."),
        col("monsters_met", U16, Dictionary, PerSeat, "Monster encounters (1987: Giant Spiders included)."),
        col("monsters_killed", U16, Dictionary, PerSeat, "Monsters killed (1987: the Giant Spider included; not those the Ring of Blinding defeats)."),
        col("escapes", U16, Dictionary, PerSeat, "Successful escapes from combat (1987: the Giant Spider fled included)."),
        col("catacomb_entries", U16, Dictionary, PerSeat, "Times the hero went down into the catacombs (always 0 in 1987, which has none)."),
        col("chambers_explored", U16, Dictionary, PerSeat, "Chamber tiles the hero placed (explored)."),
        col("searches", U16, Dictionary, PerSeat, "Searches made."),
        col("wounds_taken", U16, Dictionary, PerSeat, "Wounds suffered in total, healed ones included."),
        col("deaths", U16, Dictionary, PerSeat, "Times the hero died (above 0 for a survivor only under Death Can Wait)."),
        col("first_player", Bool, Plain, PerSeat, "The seat moved first."),
        col("monster_policy", Str, Dictionary, RunConstant, "The monster player's combat-card policy: `random`, `equilibrium` or `adversarial`."),
    ],
);

/// What the rows of a run share (or only index): the run-constant columns' values and the
/// strings behind a row's hero and seat.
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
        self.name()
    }
}

prefix_row!(Row, DeathCause, hero: |r| r.hero, death_cause: |r| r.death_cause, turns: |r| r.stats.turns);

/// Writes `rows` into `sink`, every column of [`COLUMNS`] in order, a column at a time (a
/// tight loop per column; the run constants' strings looked up once per call).
pub fn write_rows(rows: &[Row], c: &Consts, sink: &mut impl Sink) {
    let n = rows.len();
    let each = || rows.iter();
    let prefix = PrefixConsts {
        game: GAME,
        edition: &c.edition,
        heroes: &c.hero_ids,
        bots: &c.bots,
        rules: &c.rules,
        seed: c.seed,
    };
    write_prefix(rows, &prefix, sink);
    sink.bools("exited", each().map(|r| r.exited));
    sink.u16s("loot_cards", each().map(|r| r.loot_cards));
    sink.u16s("treasure_cards", each().map(|r| r.treasure_cards));
    sink.u16s("wounds", each().map(|r| r.wounds));
    sink.u16s("end_round", each().map(|r| r.stats.end_round));
    sink.u16s("treasure_chamber_turns", each().map(|r| r.stats.treasure_chamber_turns));
    sink.u16s("dragon_draws", each().map(|r| r.stats.dragon_draws));
    sink.bools("dragon_rage", each().map(|r| r.stats.dragon_rage));
    sink.u16s("monsters_met", each().map(|r| r.stats.monsters_met));
    sink.u16s("monsters_killed", each().map(|r| r.stats.monsters_killed));
    sink.u16s("escapes", each().map(|r| r.stats.escapes));
    sink.u16s("catacomb_entries", each().map(|r| r.stats.catacomb_entries));
    sink.u16s("chambers_explored", each().map(|r| r.stats.chambers_explored));
    sink.u16s("searches", each().map(|r| r.stats.searches));
    sink.u16s("wounds_taken", each().map(|r| r.stats.wounds_taken));
    sink.u16s("deaths", each().map(|r| r.stats.deaths));
    sink.bools("first_player", each().map(|r| r.first_player));
    sink.same_str("monster_policy", &c.monster_policy, n);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink that notes each column written, with its type.
    struct Names(Vec<(String, ColumnType)>);

    impl Sink for Names {
        fn u8s(&mut self, name: &str, _: impl Iterator<Item = u8>) {
            self.0.push((name.into(), U8));
        }
        fn u16s(&mut self, name: &str, _: impl Iterator<Item = u16>) {
            self.0.push((name.into(), U16));
        }
        fn u32s(&mut self, name: &str, _: impl Iterator<Item = u32>) {
            self.0.push((name.into(), U32));
        }
        fn u64s(&mut self, name: &str, _: impl Iterator<Item = u64>) {
            self.0.push((name.into(), U64));
        }
        fn bools(&mut self, name: &str, _: impl Iterator<Item = bool>) {
            self.0.push((name.into(), Bool));
        }
        fn keyed_strs<'a, K: Copy>(
            &mut self,
            name: &str,
            _: impl Iterator<Item = Option<K>>,
            _: impl Fn(K) -> u8,
            _: impl Fn(K) -> &'a str,
        ) {
            self.0.push((name.into(), Str));
        }
        fn same_str(&mut self, name: &str, _: &str, _: usize) {
            self.0.push((name.into(), Str));
        }
    }

    /// The writer writes the table's columns in order with their types (release builds do
    /// not check this as they write).
    #[test]
    fn rows_are_written_in_table_order() {
        let c = Consts {
            hero_ids: vec![],
            bots: vec![],
            edition: String::new(),
            rules: String::new(),
            monster_policy: String::new(),
            seed: 0,
        };
        let mut names = Names(Vec::new());
        write_rows(&[], &c, &mut names);
        let table: Vec<(String, ColumnType)> = COLUMNS.iter().map(|c| (c.name.to_string(), c.ty)).collect();
        assert_eq!(names.0, table);
    }

    /// The other families' writers too (the sink is this one).
    #[test]
    fn every_familys_rows_are_written_in_table_order() {
        use crate::core::schema::{dealing_dungeons as dd, dungeon_of_chaos as doc};
        let table = |columns: &[ColumnDef]| -> Vec<(String, ColumnType)> {
            columns.iter().map(|c| (c.name.to_string(), c.ty)).collect()
        };
        let mut names = Names(Vec::new());
        let c = dd::Consts { hero_names: vec![], bots: vec![], mode: String::new(), rules: String::new(), seed: 0 };
        dd::write_rows(&[], &c, &mut names);
        assert_eq!(names.0, table(&dd::COLUMNS));
        let mut names = Names(Vec::new());
        let c = doc::Consts { profile_names: vec![], bots: vec![], monster_names: vec![], item_names: vec![], seed: 0 };
        doc::write_rows(&[], &c, &mut names);
        assert_eq!(names.0, table(&doc::COLUMNS));
    }
}
