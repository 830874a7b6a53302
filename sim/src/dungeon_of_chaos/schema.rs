//! The Dungeon of Chaos' results table: the common prefix, then the game's own columns, and
//! the writer that puts a chunk of [`Row`]s into a [`Sink`] column by column in that order.

use super::outcome::{End, Row};
use crate::core::schema::ColumnType::{Str, U16, U8};
use crate::core::schema::Encoding::Dictionary;
use crate::core::schema::Role::PerSeat;
use crate::core::schema::{
    self, nullable, prefix_columns, prefix_row, write_prefix, ColumnDef, ColumnType, Encoding, Keyed, PrefixConsts,
    PrefixDocs, ResultsTable, Role, Sink,
};
use dq_engine::dungeon_of_chaos::death::{self, Category, DeathCause, Source};

/// The `game` column's value and the `dq.game` metadata key's.
pub const GAME: &str = "dungeon-of-chaos";
/// The `edition` column's value: the one rulebook, with the card lists estimated.
pub const EDITION: &str = "standard";

/// A column that is never null, in the schema since version 2.
const fn col(name: &'static str, ty: ColumnType, encoding: Encoding, role: Role, doc: &'static str) -> ColumnDef {
    ColumnDef { name, ty, nullable: false, encoding, role, since: 2, doc }
}

/// The columns in file order (see `docs/schema.md`, which must show exactly this table).
pub const COLUMNS: [ColumnDef; 31] = schema::table(
    prefix_columns(
        2,
        PrefixDocs {
            game: "The game played: `dungeon-of-chaos` (the columns after `seed` are that game's own).",
            edition: "The edition: `standard` (the one rulebook; the decks' cards are documented estimates, data/dungeon_of_chaos/).",
            game_index: "The game's index in the run, from 0. With `seed`, it alone determines the game (`dq replay --game dungeon-of-chaos --index I --seed S` plays it again).",
            seat: "The adventurer's seat, from 0 (turns go round from the first player, who rolled highest on d8 + Speed).",
            hero: "The first Character Profile the seat chose (of three dealt, §3), in lower case with dashes (`faerie`).",
            bot: "The seat's bot: `greedy`, `cautious`, `mixed` or `random`.",
            players: "Adventurers in the game (2 to 4).",
            rules: "Optional rules: always empty (the game has none).",
            survived: "No character of the seat died in the game (a dead character is replaced by a new one, §15: see `deaths`).",
            winner: "The seat came back to town holding 2,000 gold coins, which ends the game; nobody wins a game the round limit ends.",
            gold: "Gold coins held at the end (a dead character's are lost with him; Treasure items not yet redeemed do not count).",
            death_cause: "What killed the seat's last character to die: `monster` (Health lost to a monster, its special rules card included), `insanity` (Mind 0 or less, §5), `paralysis` (Speed 0 or less), `tile` (spikes, a giant fan, a magical barrier, a bottomless pit or chasm, floodgates, a fountain), `card` (a Room, Door, Event, Gods, Chest or Curse card, or his own potion, scroll, spell, item or profile action) or `ailment` (poison, a confused blow at himself); null for the seats that never lost one. Before this column said only `died`.",
            turns: "Turns the seat began.",
            seed: "The run's master seed (the same in every row).",
        },
    ),
    [
        col("profile_last", Str, Dictionary, PerSeat, "The Character Profile played at the end (the same as `hero` unless a character died)."),
        col("characters", U8, Dictionary, PerSeat, "Characters the seat played (the first included)."),
        col("deaths", U16, Dictionary, PerSeat, "Characters of the seat who died (Health, Mind or Speed at 0 or less, §5)."),
        col("deepest_level", U8, Dictionary, PerSeat, "The deepest dungeon level any of the seat's characters reached (1 to 4)."),
        col("kills", U16, Dictionary, PerSeat, "Monsters the seat's characters killed."),
        col("town_visits", U16, Dictionary, PerSeat, "Times the seat's characters entered the town (§14)."),
        col("items", U8, Dictionary, PerSeat, "Item cards the seat's character held at the end."),
        col("rounds", U16, Dictionary, PerSeat, "Rounds the game lasted (the round limit is 200)."),
        col("game_end", Str, Dictionary, PerSeat, "How the game ended: `won` (a seat reached town with 2,000 gold coins) or `round_limit` (200 rounds: unfinished)."),
        nullable(col("death_by", Str, Dictionary, PerSeat, "What dealt the last death's fatal loss: the monster (`frail-goblin`; a summoned monster's own name), the special rules card (`vampire`, `zombie`, `werewolf`), the tile (`pit`, `chasm`, `wall-spikes`, `floor-spikes`, `giant-fan`, `magical-barrier`, `floodgates`, `fountain`), the card's deck (`room-card`, `door-card`, `event-card`, `gods-card`, `chest-card`, `curse-card`, `potion-card`, `scroll-card`, `spell-card`), the item (`item:` and its name), `profile` (his profile's action) or the ailment (`poisoned`, `confused`); null with `death_cause`.")),
        nullable(col("death_attack", Str, Dictionary, PerSeat, "How the fatal loss was dealt: its attack type when it has one (`fire`, `cold`, `lightning`, `acid`, `poison`, `draining`, `gaze`, §12), else a monster's act (`melee` for ATTACK, `spell`, `mindstrike`, `touch`, `chart` for a paragraph of its combat chart); null otherwise.")),
        col("deaths_monster", U16, Dictionary, PerSeat, "The seat's deaths of `death_cause` `monster` (every death, not only the last; the six `deaths_` columns add up to `deaths`)."),
        col("deaths_insanity", U16, Dictionary, PerSeat, "The seat's deaths by insanity (Mind 0 or less)."),
        col("deaths_paralysis", U16, Dictionary, PerSeat, "The seat's deaths by paralysis (Speed 0 or less)."),
        col("deaths_tile", U16, Dictionary, PerSeat, "The seat's deaths to a tile."),
        col("deaths_card", U16, Dictionary, PerSeat, "The seat's deaths to a card."),
        col("deaths_ailment", U16, Dictionary, PerSeat, "The seat's deaths to an ailment."),
    ],
);

/// What the rows of a run share: the run-constant columns' values and the strings behind a
/// row's profiles and seat.
#[derive(Clone, Debug)]
pub struct Consts {
    /// Profile names by the rules' character index.
    pub profile_names: Vec<String>,
    /// Bot spec by seat.
    pub bots: Vec<String>,
    /// Monster names (dashed) by card id, for `death_by`.
    pub monster_names: Vec<String>,
    /// `item:` and the item's dashed name by card id, for `death_by`.
    pub item_names: Vec<String>,
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

impl Keyed for Category {
    fn slot(self) -> u8 {
        self as u8
    }
    fn word(self) -> &'static str {
        self.name()
    }
}

prefix_row!(Row, Category, hero: |r| r.profile, death_cause: |r| r.cause.map(|d| d.category()), turns: |r| r.turns);

/// Writes `rows` into `sink`, every column of [`COLUMNS`] in order.
pub fn write_rows(rows: &[Row], c: &Consts, sink: &mut impl Sink) {
    let each = || rows.iter();
    let names = &c.profile_names;
    let prefix = PrefixConsts { game: GAME, edition: EDITION, heroes: names, bots: &c.bots, rules: "", seed: c.seed };
    write_prefix(rows, &prefix, sink);
    sink.keyed_strs("profile_last", each().map(|r| Some(r.last_profile)), |p| p, |p| names[usize::from(p)].as_str());
    sink.u8s("characters", each().map(|r| r.characters));
    sink.u16s("deaths", each().map(|r| r.deaths));
    sink.u8s("deepest_level", each().map(|r| r.deepest));
    sink.u16s("kills", each().map(|r| r.kills));
    sink.u16s("town_visits", each().map(|r| r.town_visits));
    sink.u8s("items", each().map(|r| r.items));
    sink.u16s("rounds", each().map(|r| r.rounds));
    sink.keyed_strs("game_end", each().map(|r| Some(r.end)), end_slot, End::name);
    sink.keyed_strs("death_by", each().map(|r| r.cause.map(|d| d.harm.source)), by_slot, |s| by_word(s, c));
    sink.keyed_strs("death_attack", each().map(|r| r.cause.and_then(DeathCause::attack)), attack_slot, |w| w);
    for (k, name) in DEATHS_BY.iter().enumerate() {
        sink.u16s(name, each().map(|r| r.deaths_by[k]));
    }
}

/// The `deaths_` columns, in [`CATEGORIES`] order (its last, `unknown`, is never written:
/// the engine's tests hold every death to a known cause).
const DEATHS_BY: [&str; 6] =
    ["deaths_monster", "deaths_insanity", "deaths_paralysis", "deaths_tile", "deaths_card", "deaths_ailment"];

/// Most monsters and items `death_by` keys apart (`Setup` refuses rules with more).
pub const MAX_NAMED: usize = 64;

/// The `death_by` words besides monsters and items, each its own dictionary slot.
fn other_words() -> impl Iterator<Item = &'static str> {
    use dq_engine::dungeon_of_chaos::data::{Ailment, Feature, SpikesAt};
    use dq_engine::dungeon_of_chaos::game::DeckId;
    let features = [
        Feature::Pit,
        Feature::Chasm,
        Feature::Spikes(SpikesAt::Wall),
        Feature::Spikes(SpikesAt::Floor),
        Feature::GiantFan,
        Feature::MagicalBarrier,
        Feature::Floodgates,
        Feature::Fountain,
    ]
    .map(death::feature_name);
    let decks = [
        DeckId::Rooms,
        DeckId::Doors,
        DeckId::Events,
        DeckId::Gods,
        DeckId::Chests,
        DeckId::Curses,
        DeckId::Potions,
        DeckId::Scrolls,
        DeckId::Spells,
    ]
    .map(death::deck_name);
    let ailments = [Ailment::Poisoned, Ailment::Confused].map(death::ailment_name);
    let specials = death::SPECIALS.map(death::special_name);
    features.into_iter().chain(decks).chain(ailments).chain(specials).chain(["profile", "unknown"])
}

/// A `death_by` key's dictionary slot: monsters from 0, items from [`MAX_NAMED`], the other
/// words from twice that (a word outside the list, which no loss produces, takes the last).
fn by_slot(s: Source) -> u8 {
    match s {
        Source::Monster { monster, .. } => monster,
        Source::Item(i) => MAX_NAMED as u8 + i,
        other => {
            let w = other_word(other);
            let at = other_words().position(|x| x == w).unwrap_or(other_words().count() - 1);
            (2 * MAX_NAMED + at) as u8
        }
    }
}

/// A `death_by` key's word.
fn by_word(s: Source, c: &Consts) -> &str {
    match s {
        Source::Monster { monster, .. } => c.monster_names.get(usize::from(monster)).map_or("unknown", |n| n.as_str()),
        Source::Item(i) => c.item_names.get(usize::from(i)).map_or("unknown", |n| n.as_str()),
        other => {
            let w = other_word(other);
            if other_words().any(|x| x == w) {
                w
            } else {
                "unknown"
            }
        }
    }
}

/// The word of a source that is neither a monster nor an item.
pub(crate) fn other_word(s: Source) -> &'static str {
    match s {
        Source::Special(r) => death::special_name(r),
        Source::Tile(f) => death::feature_name(f),
        Source::Card(d) => death::deck_name(d),
        Source::Ailment(a) => death::ailment_name(a),
        Source::Profile => "profile",
        Source::Unknown | Source::Monster { .. } | Source::Item(_) => "unknown",
    }
}

/// The `death_attack` words, each its own slot.
const ATTACK_WORDS: [&str; 12] = [
    "melee",
    "spell",
    "mindstrike",
    "touch",
    "chart",
    "fire",
    "cold",
    "lightning",
    "acid",
    "poison",
    "draining",
    "gaze",
];

fn attack_slot(w: &'static str) -> u8 {
    ATTACK_WORDS.iter().position(|&x| x == w).unwrap_or(ATTACK_WORDS.len()) as u8
}
