//! Serde schema of The Dungeon of Chaos data files (`data/dungeon_of_chaos/`).
//!
//! The files read like the printed cards so an owner can type the real ones in. Card effects
//! are a closed vocabulary ([`Effect`], [`ChartAct`]) the engine applies, never free text.
//! These types live only while loading: [`super::rules::ChaosRules::load`] checks them and
//! compiles them into compact id-based tables.

use serde::Deserialize;

/// The five attributes, in the order of the rulebook (§4) and of the compiled stat arrays.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
pub enum Attr {
    Attack = 0,
    Defence = 1,
    Speed = 2,
    Mind = 3,
    Health = 4,
}

/// The attack types of §12; `Plain` is an attack without an icon.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, Hash)]
pub enum AttackType {
    #[default]
    Plain,
    Fire,
    Cold,
    Lightning,
    Acid,
    Poison,
    Draining,
    Gaze,
}

/// The status ailments of §11 (and the ones the estimated cards use).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
pub enum Ailment {
    Afraid,
    Asleep,
    Blind,
    Confused,
    Diseased,
    Drunk,
    Poisoned,
    Surprised,
}

/// The enemy types of §9.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
pub enum EnemyType {
    Humanoid,
    Animal,
    Undead,
    Thing,
    Plant,
    Dragon,
    Demon,
    Qyzox,
}

/// A number on a card: fixed, rolled, or the caster's Mind (§8: "most spells use the caster's
/// mind value").
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Amount {
    N(u8),
    D6,
    D8,
    D8Plus(u8),
    TwoD8,
    Mind,
    MindPlusD8,
    /// Up to the starting value (restore only).
    Full,
}

/// Which level's deck a card draws from.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum LevelRef {
    /// The level the card is drawn on.
    #[default]
    Current,
    Level(u8),
    /// A d4-style random level (d8 halved, rounded up, §16).
    Random,
}

/// The spell colours (the Altar, Tome of Knowledge and Crystal Ball of the tile guide).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Grey,
    Black,
}

/// What a card does, from the closed list the engine applies. "You" is whoever the card
/// affects: the drinker, the reader, the target of a spell, the one touched.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Effect {
    /// Health lost, by attack type (§12: immune none, weak double).
    Damage {
        amount: Amount,
        #[serde(default)]
        kind: AttackType,
    },
    /// An actual value lowered (the Mind Drinker's Mind).
    Lose {
        attr: Attr,
        amount: Amount,
        #[serde(default)]
        kind: AttackType,
    },
    /// An actual value raised, past the start if need be (§5 "gain").
    Gain {
        attr: Attr,
        amount: Amount,
    },
    /// An actual value raised, never past the start (§5 "restore").
    Restore {
        attr: Attr,
        amount: Amount,
    },
    /// An effective bonus (or malus) until the end of combat (spells wear off, §8), or while a
    /// Curse card is held.
    Boost {
        attr: Attr,
        by: i8,
    },
    Ailment(Ailment),
    Cure(Ailment),
    /// The rest of the turn lost; the combat continues next turn (§10).
    LoseTurn,
    /// A roll of `attr` with target (§16): d8 + value ≥ target passes.
    Test {
        attr: Attr,
        target: u8,
        #[serde(default)]
        pass: Vec<Effect>,
        #[serde(default)]
        fail: Vec<Effect>,
    },
    /// The card's user rolls `attr` with the one it affects (§16): the greater total wins, a
    /// tie is neither. `win` happens to the one affected when the user wins, `lose` to the user
    /// when he loses.
    Contest {
        attr: Attr,
        #[serde(default)]
        win: Vec<Effect>,
        #[serde(default)]
        lose: Vec<Effect>,
    },
    /// `d × times` gold coins (a plain `N(n)` with `times: 1` is n coins).
    Gold {
        amount: Amount,
        times: u16,
    },
    LoseGold {
        amount: u16,
    },
    Item {
        #[serde(default)]
        level: LevelRef,
    },
    LoseItem,
    Potion,
    Scroll,
    Spell,
    Curse,
    God,
    Event,
    Chest,
    /// A monster from a level deck appears (Room cards, Create Foe).
    Monster {
        #[serde(default)]
        level: LevelRef,
    },
    /// To a random square of the level (d6, d8; §1).
    Teleport,
    /// To a random square of a random level (the portal chamber).
    Portal,
    /// Down `levels` to the same square (pits 1, chasms 2).
    Fall {
        levels: u8,
    },
    ToTown,
    /// Face-down potions and scrolls turned over.
    Identify,
    /// A companion joins: an effective bonus, and whether he takes an equal share of gold (§16).
    Companion {
        attr: Attr,
        by: i8,
        share: bool,
    },
}

/// A monster's combat action (§9, §10); `Do` is a chart's own paragraph.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum ChartAct {
    Attack,
    /// An ATTACK of an attack type (a poisoned bite) and/or with a bonus to the roll.
    AttackWith {
        #[serde(default)]
        kind: AttackType,
        #[serde(default)]
        bonus: i8,
    },
    Flee,
    Defend,
    CastSpell,
    Teleport,
    Mindstrike,
    Touch(Vec<Effect>),
    /// Draws the level's Monster deck; the summoned monster performs its pentagram act.
    Summon(LevelRef),
    /// A paragraph applied to the enemy without a roll ("It breathes flame. Take d8 damage.").
    Do(Vec<Effect>),
}

/// One row of a d8 combat chart, `(from, to, act)`: the rolls `from..=to` give `act`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct ChartRow(pub u8, pub u8, pub ChartAct);

/// A special rules card (§ Components: Vampire, Zombie, Werewolf).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum SpecialRule {
    Vampire,
    Zombie,
    Werewolf,
}

/// One Monster card.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MonsterData {
    pub name: String,
    pub level: u8,
    #[serde(rename = "type")]
    pub kind: EnemyType,
    /// Attack, Defence, Speed, Mind, Health.
    pub stats: (i8, i8, i8, i8, i8),
    pub gold: u16,
    /// Whether its treasure includes a level item.
    #[serde(default)]
    pub item: bool,
    #[serde(default)]
    pub immune: Vec<AttackType>,
    #[serde(default)]
    pub weak: Vec<AttackType>,
    pub chart: Vec<ChartRow>,
    /// The act across from the pentagram, performed when summoned.
    pub summoned: ChartAct,
    /// Taken as a mount once defeated: the companion bonus it confers.
    #[serde(default)]
    pub mount: Option<(Attr, i8)>,
    #[serde(default)]
    pub special: Option<SpecialRule>,
    /// Copies of the card in its level deck.
    #[serde(default = "one")]
    pub copies: u8,
    #[serde(default)]
    pub estimated: Option<String>,
}

fn one() -> u8 {
    1
}

/// `monsters.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MonstersFile {
    pub monsters: Vec<MonsterData>,
    /// What each special rules card does to a character the monster defeats or touches.
    pub special_rules: Vec<SpecialRuleData>,
}

/// One special rules card.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SpecialRuleData {
    pub rule: SpecialRule,
    /// Applied to a character who takes damage from the monster.
    pub on_wound: Vec<Effect>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// A character ability (§4).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Ability {
    Spellcasting(Vec<Colour>),
    Flying,
    Climbing,
    /// "You cannot lift items with a weight value" (the Faerie).
    NoWeight,
    /// Turns Item cards into gold at their value (the Alchemist, §13).
    Transmute,
    Immune(AttackType),
    /// A combat action in COPPERPLATE GOTHIC: its effects on the chosen enemy or on yourself.
    Action {
        name: String,
        on_enemy: bool,
        effects: Vec<Effect>,
    },
}

/// One Character Profile card.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CharacterData {
    pub name: String,
    /// Attack, Defence, Speed, Mind, Health.
    pub stats: (i8, i8, i8, i8, i8),
    #[serde(default)]
    pub abilities: Vec<Ability>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `characters.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CharactersFile {
    pub characters: Vec<CharacterData>,
}

/// The item types of §13.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
pub enum ItemType {
    Weapon,
    BodyArmour,
    Shield,
    Helmet,
    Boots,
    Accessory,
    Tool,
    Treasure,
}

/// What an item does while held (equipped, for the types that must be).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum ItemPower {
    /// A weapon's bonus to ATTACK, of an attack type.
    Weapon {
        bonus: i8,
        #[serde(default)]
        kind: AttackType,
    },
    /// An effective bonus to an attribute.
    Bonus(Attr, i8),
    Immune(AttackType),
    Weak(AttackType),
    Grants(Ability),
    /// Damage dealt back to an enemy whose ATTACK wounds you (the Ring of Retribution).
    Retribution(u8),
    /// Opens locked doors and chests (the Skeleton Key).
    OpensLocks,
    /// A combat or non-movement action of the item.
    Action {
        name: String,
        on_enemy: bool,
        effects: Vec<Effect>,
    },
}

/// One Item card.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ItemData {
    pub name: String,
    pub level: u8,
    #[serde(rename = "type")]
    pub kind: ItemType,
    /// Gold coin value (shop price; Treasure redeems for it).
    pub value: u16,
    #[serde(default)]
    pub weight: u8,
    /// A tool breaks when a d8 after use exceeds this (§13); 0 for none.
    #[serde(default)]
    pub sturdiness: u8,
    #[serde(default)]
    pub cursed: bool,
    #[serde(default)]
    pub powers: Vec<ItemPower>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `items.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ItemsFile {
    pub items: Vec<ItemData>,
}

/// A card of the Spell, Potion, Scroll, Room, Event, Curse or Gods deck: effects on whoever
/// it affects (a spell: on the enemy when `on_enemy`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CardData {
    pub name: String,
    #[serde(default)]
    pub colour: Option<Colour>,
    #[serde(default)]
    pub on_enemy: bool,
    pub effects: Vec<Effect>,
    #[serde(default = "one")]
    pub copies: u8,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// How a Door card leaves the door (§7).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum DoorKind {
    Open,
    Locked,
    /// An ongoing effect: this many coins at every passage (the coin slot door).
    Toll(u16),
}

/// One Door card.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DoorData {
    pub name: String,
    pub door: DoorKind,
    #[serde(default)]
    pub effects: Vec<Effect>,
    #[serde(default = "one")]
    pub copies: u8,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// One Chest card (§13): locked, a trap suffered before it opens, and the loot along its bottom.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ChestData {
    pub name: String,
    #[serde(default)]
    pub locked: bool,
    #[serde(default)]
    pub trap: Vec<Effect>,
    pub loot: Vec<Effect>,
    #[serde(default = "one")]
    pub copies: u8,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// What a confused player does (the Confusion Special Rules card, §11).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Confusion {
    /// Acts as he chooses.
    Normal,
    /// ATTACKs a random combatant (himself included).
    AttackRandom,
    AttackSelf,
    Flee,
    /// Loses the action.
    Dither,
}

/// One row of the Confusion card, `(from, to, does)`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct ConfusionRow(pub u8, pub u8, pub Confusion);

/// Ye Olde Shoppe (tile guide): an Item card's price is its printed value; Potion and
/// Scroll cards print none, so their prices are data.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ShopData {
    pub potion_price: u16,
    pub scroll_price: u16,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `decks.ron`: the shared decks.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DecksFile {
    pub spells: Vec<CardData>,
    pub potions: Vec<CardData>,
    pub scrolls: Vec<CardData>,
    pub rooms: Vec<CardData>,
    pub events: Vec<CardData>,
    pub curses: Vec<CardData>,
    pub gods: Vec<CardData>,
    pub doors: Vec<DoorData>,
    pub chests: Vec<ChestData>,
    pub confusion: Vec<ConfusionRow>,
    /// Ye Olde Shoppe's prices for the cards that print none.
    pub shop: ShopData,
    /// Why the whole file is an estimate (cards without their own `estimated`).
    #[serde(default)]
    pub estimated: Option<String>,
}

/// The three tile decks and the special tiles (§2, §7).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
pub enum TileSize {
    One,
    OneByTwo,
    TwoByTwo,
}

/// A side of a square, seen from the tile's black arrow (pointing `Ahead`); the tile is
/// entered through its `Back`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
pub enum Side {
    Back,
    Ahead,
    Left,
    Right,
}

/// An exit of a tile (§7).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum ExitKind {
    Open,
    Door,
    /// A small white arrow: a 2×2 tile goes behind it.
    WhiteArrow,
}

/// One exit: the square of the tile (column, row; (0, 0) holds the arrow), its side, its kind.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub struct ExitData(pub u8, pub u8, pub Side, pub ExitKind);

/// Where a tile's spikes are.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum SpikesAt {
    Wall,
    Floor,
}

/// A feature of the tile guide.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Feature {
    Corridor,
    /// A plain room.
    Room,
    StaircaseUp,
    StaircaseDown,
    Ice,
    Slide,
    PortalChamber,
    Tunnel,
    MuddyCorridor,
    Chasm,
    Floodgates,
    Spikes(SpikesAt),
    GiantFan,
    Pit,
    LockedDoor,
    Dark,
    Laboratory,
    Library,
    MysteriousStatues,
    TomeOfKnowledge,
    CrystalBall,
    Shoppe,
    Pentagram,
    MagicalBarrier,
    Fountain,
    Springboard,
    Altar,
    Teleporter,
    Entry,
}

/// One Dungeon Tile card (or the entry tile).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TileData {
    pub name: String,
    pub size: TileSize,
    pub feature: Feature,
    /// A small line behind the black arrow: draw a Room card.
    #[serde(default)]
    pub room: bool,
    pub exits: Vec<ExitData>,
    #[serde(default = "one")]
    pub copies: u8,
    /// A special 1×1 tile placed by rules (staircase ends, §1), not drawn.
    #[serde(default)]
    pub special: bool,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `tiles.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TilesFile {
    /// Why the whole file is an estimate (tiles without their own `estimated`).
    #[serde(default)]
    pub estimated: Option<String>,
    pub tiles: Vec<TileData>,
}
