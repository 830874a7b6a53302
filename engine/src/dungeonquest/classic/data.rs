//! Serde schema of the classic (1987) data files in `data/dungeonquest/classic/`.
//!
//! The files read like the printed components (hero sheets, the combat display, the Longbow
//! Table, Monster cards, counters), so that an owner of the game can type the real values in.
//! They are only used while loading: [`super::rules::ClassicRules::load`] checks them and
//! compiles them into id-based tables. Every value not confirmed by a public source carries
//! `estimated: Some("why")` (or `unverified` for the extra heroes).

use serde::Deserialize;

/// A combat counter (the combat display's three tactics).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum Counter {
    MightyBlow,
    Slash,
    LeapAside,
}

impl Counter {
    /// All three, in the order of the compiled chart's indices.
    pub const ALL: [Counter; 3] = [Counter::MightyBlow, Counter::Slash, Counter::LeapAside];

    /// Index in the compiled chart.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A hero ability from the closed list the classic combat implements.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum ClassicAbility {
    /// LPs added to the monster's loss when this hero's Mighty Blow meets its Slash (Sir
    /// Rohan +1; Rildo −1, "only 1 damage").
    MightyBlowBonus(i8),
    /// A missile weapon with this many shots a game, fired by the Longbow Table (El-Adoran's
    /// four arrows).
    Arrows(u8),
}

/// An ability line with its provenance.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClassicAbilityData {
    pub ability: ClassicAbility,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// One Character Sheet: Life Points, Strength, Agility, Armour, Luck.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClassicHeroData {
    /// Short id used on the command line (`rohan`).
    pub id: String,
    pub name: String,
    pub life: u8,
    pub strength: u8,
    pub agility: u8,
    pub armour: u8,
    pub luck: u8,
    #[serde(default)]
    pub abilities: Vec<ClassicAbilityData>,
    /// Why this sheet is not verified (the extra heroes); such heroes are off by default.
    #[serde(default)]
    pub unverified: Option<String>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `heroes.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClassicHeroesFile {
    pub heroes: Vec<ClassicHeroData>,
}

/// One cell of the combat display: LPs each side loses.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ChartCell {
    pub hero: Counter,
    pub monster: Counter,
    pub hero_loses: u8,
    pub monster_loses: u8,
}

/// What a line of the solo D12 table does.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum SoloResult {
    /// Each side loses this many LPs.
    Loses { hero: u8, monster: u8 },
    /// Ignore the roll and roll again.
    Reroll,
}

/// One line of the solo table: D12 rolls `lo..=hi`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SoloLine {
    pub lo: u8,
    pub hi: u8,
    pub result: SoloResult,
}

/// A Longbow Table result.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum Shot {
    /// The monster loses nothing.
    Missed,
    /// The monster loses half a D6, rounded down.
    Wounded,
    /// The monster dies (a tough type loses its `first_kill_damage` instead, the first time).
    Killed,
}

/// One line of the Longbow Table: D6 rolls `lo..=hi`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ShotLine {
    pub lo: u8,
    pub hi: u8,
    pub result: Shot,
}

/// The Longbow Table and the bow's limits.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LongbowData {
    /// Most arrows in one combat (one before the Monster card, one after).
    pub per_combat: u8,
    pub table: Vec<ShotLine>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `combat.ron`: the combat display, the solo table and the Longbow Table.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClassicCombatFile {
    pub chart: Vec<ChartCell>,
    pub solo: Vec<SoloLine>,
    pub longbow: LongbowData,
}

/// LPs a slash costs: a number or a die roll.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum Damage {
    Fixed(u8),
    D6,
    D12,
}

/// A Monster-card result under one heading for one monster.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum Reaction {
    /// Fight; the monster has `life` LPs (not told to the hero).
    Combat { life: u8 },
    /// The hero goes back to the tile he came from.
    Escape,
    /// The monster runs away (the Death Warrior and the Champion of Chaos are sneaked past).
    Flee,
    /// The hero is slashed in the back, then escapes.
    SlashEscape(Damage),
    /// The hero is slashed, then fights.
    SlashCombat { slash: Damage, life: u8 },
}

/// The three headings of one monster on a Monster card.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReactionRow {
    /// A `kinds` id.
    pub kind: String,
    pub attack: Reaction,
    pub wait: Reaction,
    pub escape: Reaction,
}

/// One Monster card: a row per monster type.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MonsterCardData {
    /// A unique name, used in error messages (`"Monster card 3"`).
    pub name: String,
    pub rows: Vec<ReactionRow>,
}

/// A monster type that follows the normal combat procedure.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MonsterKindData {
    pub id: String,
    pub name: String,
    /// LPs the first Killed arrow of a combat costs this type instead of killing it (the
    /// Champion of Chaos: 3).
    #[serde(default)]
    pub first_kill_damage: Option<u8>,
}

/// `monsters.ron`: the monster types and the Monster deck.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MonstersFile {
    pub kinds: Vec<MonsterKindData>,
    /// The number of Monster cards; the loader checks the list holds that many.
    pub size: u8,
    pub cards: Vec<MonsterCardData>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// What a Magic Ring does (each once a game).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum RingEffect {
    /// Defeats a monster drawn on a Room card (not a Sneak Attack).
    Blinding,
    /// Restores up to `up_to` LPs at the start of the turn (nothing else that turn).
    Healing { up_to: u8 },
    /// Opens one Door or Portcullis.
    Opening,
    /// Avoids one trap tile's Trap card or one trap Room card.
    Warning,
}

/// One Magic Ring counter.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RingData {
    pub name: String,
    pub effect: RingEffect,
}

/// The Dragon counters.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DragonData {
    pub asleep: u8,
    pub awake: u8,
    /// LPs the fire-breathing Dragon costs each character in the chamber.
    pub breath: Damage,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `treasure.ron`: Treasure counters, Dragon counters and Magic Rings.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TreasureFile {
    /// Gold pieces of each Treasure counter.
    pub treasure: Vec<u16>,
    /// Treasure counters taken per turn in the Treasure Chamber.
    pub per_turn: u8,
    pub dragon: DragonData,
    pub rings: Vec<RingData>,
}
