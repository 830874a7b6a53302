//! Serde schema of the Dealing Dungeons data files in `data/dealing_dungeons/`.
//!
//! The files read like the printed cards (a room's doorways, a monster's attack, defense,
//! lives and skill icons, a hero card's three levels), so that an owner of the game can type
//! the real values in. They are only used while loading: [`super::rules::DealingRules::load`]
//! checks them and compiles them into id-based tables. Every value no public source confirms
//! carries `estimated: Some("why")`. Skills and effects are closed vocabularies of typed
//! effects the engine applies, never free text.

use serde::Deserialize;

/// A side of a room card, read with the card upright (portrait, its title at the top).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum Side {
    North,
    East,
    South,
    West,
}

impl Side {
    /// All four, in bit order of the compiled doorway masks.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// This side's bit in a doorway mask.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// One room card (or several identical ones).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RoomData {
    /// Short unique id, used in messages and by tests.
    pub id: String,
    pub name: String,
    /// The sides with a doorway (at most one per side: the four door locations).
    pub doors: Vec<Side>,
    /// Identical cards in the deck.
    #[serde(default = "one")]
    pub copies: u8,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// Size of a room card and of a "space" on the table.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GeometryData {
    /// Inches per space (entrances 8 spaces apart = 20": 2.5).
    pub space_inches: f32,
    /// The card's sides in inches (long, short).
    pub card_inches: (f32, f32),
    /// The playing area, in spaces (width, depth).
    pub table_spaces: (u8, u8),
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `rooms.ron`: the Dungeon Room deck, the Entrance and Treasure Room cards, the geometry.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RoomsFile {
    /// Cards in the Dungeon Room deck; the loader checks the copies add up to it.
    pub size: u8,
    pub rooms: Vec<RoomData>,
    pub entrance: RoomData,
    pub treasure_room: RoomData,
    pub geometry: GeometryData,
}

/// A monster skill icon (the closed list the engine applies).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum MonsterSkill {
    /// The Range icon: a hero's failed ranged attack against it costs a life.
    Range,
}

/// What an Encounter card is.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum EncounterKind {
    /// A monster: Fight / Defend / Run. `defense: None` is N/A (it cannot be defended against).
    Monster {
        attack: u8,
        defense: Option<u8>,
        #[serde(default = "one")]
        lives: u8,
        #[serde(default)]
        skills: Vec<MonsterSkill>,
    },
    /// Darkness: the hero misses his next turn.
    Darkness,
    /// An empty room: nothing happens.
    Empty,
}

/// One Encounter card (or several identical ones).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EncounterData {
    pub id: String,
    pub name: String,
    pub kind: EncounterKind,
    #[serde(default = "one")]
    pub copies: u8,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `encounters.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EncountersFile {
    pub size: u8,
    pub cards: Vec<EncounterData>,
}

/// A modifier or skill of a hero level or an In Hand card (the closed vocabulary).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum Effect {
    /// +n to the 2D6 when Fighting.
    Combat(i8),
    /// +n to the die when Defending.
    Defend(i8),
    /// The Range skill: attack from up to n spaces away, +n to Combat when doing so.
    Range(u8),
    /// Hero only: In Hand cards that may be equipped at once (1 without this).
    HandSlots(u8),
    /// Hero only: +n to Fight rolls against an End Boss.
    BossCombat(i8),
    /// Hero only: a successful Defend adds this much more than the usual +2 to the next fight.
    DefendBonus(u8),
}

/// What one of the four special Healing Potions does (used once, then discarded).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum PotionEffect {
    /// Gain n lives (never above the maximum).
    Heal(u8),
    /// Gain `heal` lives and add `fight` to the next Fight roll.
    HealAndFight { heal: u8, fight: u8 },
    /// Kept face up: the next life lost is not lost (the card is discarded instead).
    Ward,
}

/// What a Loot card is.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum LootKind {
    /// Gold (or another valuable) for the Bag of Holding, worth `value` at the tally.
    Gold(u16),
    /// An In Hand item (the hand icon): equipped, or put in the bag.
    InHand(Vec<Effect>),
    /// A Healing Potion card: the hero's Healing Potion token (one at a time).
    HealingPotion,
    /// One of the four special Healing Potions.
    SpecialPotion(PotionEffect),
    /// An empty chest: nothing.
    Nothing,
}

/// One Loot card (or several identical ones).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LootData {
    pub id: String,
    pub name: String,
    pub kind: LootKind,
    #[serde(default = "one")]
    pub copies: u8,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `loot.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LootFile {
    pub size: u8,
    pub cards: Vec<LootData>,
}

/// An End Boss's unique combat skill (the closed vocabulary).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum BossSkill {
    /// −n to the hero's Fight rolls against it.
    Fear(u8),
    /// A wound needs the hero's roll to beat its total by more than n (closer is a tie).
    Armour(u8),
    /// +n to its three dice's total.
    Fury(u8),
    /// A lost Fight or Defend costs the hero two lives.
    Crushing,
    /// When it takes a life from the hero it heals one of its own wounds.
    Drain,
    /// The hero cannot Defend against it (Fight only).
    Relentless,
    /// At the start of each round it heals a wound on 1D6 ≥ n.
    Regenerate(u8),
    /// At the start of each round the hero loses a life on 1D6 ≤ n.
    Curse(u8),
    /// Its lowest die is rolled again (the second roll stands).
    Cunning,
    /// The hero's In Hand cards give nothing against it.
    Disarm,
    /// A tie costs the hero a life.
    Vengeful,
}

/// One End Boss card.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BossData {
    pub id: String,
    pub name: String,
    pub lives: u8,
    pub skill: BossSkill,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `bosses.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BossesFile {
    pub size: u8,
    pub bosses: Vec<BossData>,
}

/// One double-sided Hero card. A level lists the hero's totals at that level ("Now +1 to
/// Range and +1 to Defend"): what the previous levels gave stays.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HeroData {
    pub id: String,
    /// The front side's hero.
    pub name: String,
    /// The back side's hero.
    pub back: String,
    /// Skills at levels 1, 2 and 3.
    pub levels: Vec<Vec<Effect>>,
    /// The back side's levels when they differ from the front's.
    #[serde(default)]
    pub back_levels: Option<Vec<Vec<Effect>>>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `heroes.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HeroesFile {
    pub size: u8,
    pub heroes: Vec<HeroData>,
}

/// How a monster's attack is found when Fighting.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum AttackRule {
    /// The printed attack value (plus any bonus).
    Printed,
    /// `dice`D6 rolled each round, plus `plus` (the printed value is ignored).
    Rolled { dice: u8, plus: u8 },
}

/// One level of a Solo Hard dungeon.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HardLevelData {
    pub monster_attack: AttackRule,
    pub monster_lives: u8,
    pub boss_lives: u8,
    pub boss_attack: u8,
}

/// A 1D6 table line: rolls `lo..=hi` give `n`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RollLine {
    pub lo: u8,
    pub hi: u8,
    pub n: u8,
}

/// A number by player count.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ByPlayers {
    pub players: u8,
    pub n: u8,
}

/// Standard mode (and what every mode shares).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StandardData {
    pub players: (u8, u8),
    /// Spaces between entrances by player count.
    pub entrance_spacing: Vec<ByPlayers>,
    pub dungeon_rooms: u8,
    pub start_lives: u8,
    pub max_lives: u8,
    pub potion_tokens: u8,
    pub xp_per_life: u8,
    pub xp_per_level: u8,
    pub exchanges_per_turn: u8,
    pub card_levels: u8,
    pub gold_per_in_hand: u16,
    pub gold_per_potion: u16,
    pub defend_bonus: u8,
    pub boss_dice: u8,
    pub boss_loot: u8,
    /// Lives lost in the first room's first encounter before the Horn of Kilter may be blown.
    pub kilter_after_lives_lost: u8,
    /// "More of a challenge": the monster's attack rolled on this many dice each round.
    pub challenge_attack_dice: u8,
}

/// Solo Moderate: the way back out.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ModerateData {
    pub attack: u8,
    pub lives: u8,
    /// The optional longer dungeon: rooms from..=to.
    pub long_dungeon: (u8, u8),
}

/// Solo Hard.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HardData {
    pub levels: Vec<HardLevelData>,
    pub boss_loot: u8,
    /// Lives a "miss a turn" costs instead.
    pub missed_turn_lives: u8,
    /// Hero card levels past the third are counted in rounds of three (the Barbarian example).
    pub levels_beyond_card: bool,
}

/// Co-Op.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CoopData {
    pub rooms_by_players: Vec<ByPlayers>,
    pub move_spaces: u8,
    pub monster_lives: Vec<RollLine>,
    /// Lives added when two or more heroes are in the room.
    pub crowd_lives: u8,
    /// Attack added when more than one hero is in the room.
    pub crowd_attack: u8,
    pub flee_wounds: u8,
    pub minions: u8,
    pub minion_lives: u8,
    pub minion_attack: u8,
    pub boss_extra_lives: Vec<ByPlayers>,
}

/// Chaos.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ChaosData {
    pub boss_extra_lives: u8,
    pub boss_heal: Vec<RollLine>,
    /// After each combat round the hero takes a wound on 1D6 ≤ this.
    pub attack_back_on: u8,
    pub secret_doors: u8,
    pub encounters_dealt: u8,
}

/// The box's tokens and cards that bound play (how many can be out at once).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ComponentsData {
    pub life_tokens: u8,
    pub potion_tokens: u8,
    pub door_tokens: u8,
    pub entrance_cards: u8,
    pub treasure_room_cards: u8,
    pub dashboards: u8,
    pub dice: u8,
}

/// `game.ron`: the numbers of every mode.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub components: ComponentsData,
    pub standard: StandardData,
    pub solo_moderate: ModerateData,
    pub solo_hard: HardData,
    pub co_op: CoopData,
    pub chaos: ChaosData,
}

fn one() -> u8 {
    1
}
