//! Why a character died (§5, §15): which value reached 0 (Health, or Mind for insanity, Speed
//! for paralysis) and where its last loss came from (a monster and its blow, a tile, a card, an
//! ailment). Compact `Copy` values kept by the engine as losses happen, so the hot loop carries
//! no strings; the names are here for the results files and traces.

use super::data::{Ailment, AttackType, Feature, SpecialRule, SpikesAt};
use super::game::DeckId;

/// How a monster dealt a loss (§10): the act of its combat chart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Blow {
    /// ATTACK (d8 + Attack against Defence).
    #[default]
    Attack,
    /// CAST SPELL (the top of the Spell deck).
    Spell,
    Mindstrike,
    Touch,
    /// A paragraph of the chart itself (breath, a bite's effects, …).
    Chart,
}

impl Blow {
    /// The word for it (`melee` for an ATTACK of no attack type).
    pub fn name(self) -> &'static str {
        match self {
            Blow::Attack => "melee",
            Blow::Spell => "spell",
            Blow::Mindstrike => "mindstrike",
            Blow::Touch => "touch",
            Blow::Chart => "chart",
        }
    }
}

/// Where a loss of Health, Mind or Speed came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Source {
    /// Nothing recorded (never expected at a death; the random-game tests check it).
    #[default]
    Unknown,
    /// A monster in combat: its card id (a summoned monster's own), and its act.
    Monster { monster: u8, blow: Blow },
    /// A special rules card taken from a monster that wounded him (Vampire, Zombie, Werewolf).
    Special(SpecialRule),
    /// A tile of the guide (spikes, giant fan, barrier, a bottomless pit or chasm, floodgates,
    /// a fountain).
    Tile(Feature),
    /// A card read outside a monster's act: Room, Door, Event, Gods, Chest, Curse, or his own
    /// Potion, Scroll or Spell.
    Card(DeckId),
    /// His own item's combat action (by item id).
    Item(u8),
    /// His profile's own combat action.
    Profile,
    /// An ailment (§11): poison's loss each turn, a confused blow at himself.
    Ailment(Ailment),
}

/// A loss: where it came from and its attack type (§12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Harm {
    pub source: Source,
    pub kind: AttackType,
}

/// Which value reached 0 (§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fatal {
    Health,
    /// Mind 0 or less: insanity.
    Mind,
    /// Speed 0 or less: paralysis.
    Speed,
}

/// Why a character died: the value that reached 0 and the last loss before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeathCause {
    pub fatal: Fatal,
    pub harm: Harm,
}

/// The cause's category, the `death_cause` column's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// Health lost to a monster (its special rules card included).
    Monster,
    /// Mind 0 or less, whatever took it.
    Insanity,
    /// Speed 0 or less, whatever took it.
    Paralysis,
    Tile,
    Card,
    Ailment,
    /// Nothing recorded (a gap in the engine; never expected).
    Unknown,
}

/// The categories in [`crate::dungeon_of_chaos::game::Tally::deaths_by`] order.
pub const CATEGORIES: [Category; 7] = [
    Category::Monster,
    Category::Insanity,
    Category::Paralysis,
    Category::Tile,
    Category::Card,
    Category::Ailment,
    Category::Unknown,
];

impl Category {
    /// The word for it.
    pub fn name(self) -> &'static str {
        match self {
            Category::Monster => "monster",
            Category::Insanity => "insanity",
            Category::Paralysis => "paralysis",
            Category::Tile => "tile",
            Category::Card => "card",
            Category::Ailment => "ailment",
            Category::Unknown => "unknown",
        }
    }

    /// Its index in [`CATEGORIES`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl DeathCause {
    /// The category: insanity and paralysis by the value lost, else by where Health went.
    pub fn category(self) -> Category {
        match (self.fatal, self.harm.source) {
            (Fatal::Mind, _) => Category::Insanity,
            (Fatal::Speed, _) => Category::Paralysis,
            (Fatal::Health, Source::Monster { .. } | Source::Special(_)) => Category::Monster,
            (Fatal::Health, Source::Tile(_)) => Category::Tile,
            (Fatal::Health, Source::Card(_) | Source::Item(_) | Source::Profile) => Category::Card,
            (Fatal::Health, Source::Ailment(_)) => Category::Ailment,
            (Fatal::Health, Source::Unknown) => Category::Unknown,
        }
    }

    /// How the blow was dealt: the attack type when it has one (`fire`, `poison`, …), else a
    /// monster's act (`melee`, `spell`, `mindstrike`, `touch`, `chart`); `None` otherwise.
    pub fn attack(self) -> Option<&'static str> {
        match (self.harm.kind, self.harm.source) {
            (AttackType::Plain, Source::Monster { blow, .. }) => Some(blow.name()),
            (AttackType::Plain, _) => None,
            (k, _) => Some(attack_type_name(k)),
        }
    }
}

/// An attack type's word (§12).
pub fn attack_type_name(k: AttackType) -> &'static str {
    match k {
        AttackType::Plain => "plain",
        AttackType::Fire => "fire",
        AttackType::Cold => "cold",
        AttackType::Lightning => "lightning",
        AttackType::Acid => "acid",
        AttackType::Poison => "poison",
        AttackType::Draining => "draining",
        AttackType::Gaze => "gaze",
    }
}

/// An ailment's word (§11).
pub fn ailment_name(a: Ailment) -> &'static str {
    match a {
        Ailment::Afraid => "afraid",
        Ailment::Asleep => "asleep",
        Ailment::Blind => "blind",
        Ailment::Confused => "confused",
        Ailment::Diseased => "diseased",
        Ailment::Drunk => "drunk",
        Ailment::Poisoned => "poisoned",
        Ailment::Surprised => "surprised",
    }
}

/// A special rules card's word.
pub fn special_name(s: SpecialRule) -> &'static str {
    match s {
        SpecialRule::Vampire => "vampire",
        SpecialRule::Zombie => "zombie",
        SpecialRule::Werewolf => "werewolf",
    }
}

/// A tile feature's word, as the tile guide names it.
pub fn feature_name(f: Feature) -> &'static str {
    match f {
        Feature::Corridor => "corridor",
        Feature::Room => "room",
        Feature::StaircaseUp => "staircase-up",
        Feature::StaircaseDown => "staircase-down",
        Feature::Ice => "ice",
        Feature::Slide => "slide",
        Feature::PortalChamber => "portal-chamber",
        Feature::Tunnel => "tunnel",
        Feature::MuddyCorridor => "muddy-corridor",
        Feature::Chasm => "chasm",
        Feature::Floodgates => "floodgates",
        Feature::Spikes(SpikesAt::Wall) => "wall-spikes",
        Feature::Spikes(SpikesAt::Floor) => "floor-spikes",
        Feature::GiantFan => "giant-fan",
        Feature::Pit => "pit",
        Feature::LockedDoor => "locked-door",
        Feature::Dark => "dark-room",
        Feature::Laboratory => "laboratory",
        Feature::Library => "library",
        Feature::MysteriousStatues => "mysterious-statues",
        Feature::TomeOfKnowledge => "tome-of-knowledge",
        Feature::CrystalBall => "crystal-ball",
        Feature::Shoppe => "ye-olde-shoppe",
        Feature::Pentagram => "pentagram",
        Feature::MagicalBarrier => "magical-barrier",
        Feature::Fountain => "fountain",
        Feature::Springboard => "springboard",
        Feature::Altar => "altar",
        Feature::Teleporter => "teleporter",
        Feature::Entry => "entry",
    }
}

/// A deck's word for the card read (`room-card`, …).
pub fn deck_name(d: DeckId) -> &'static str {
    match d {
        DeckId::Monsters(_) => "monster-card",
        DeckId::Items(_) => "item-card",
        DeckId::Spells => "spell-card",
        DeckId::Potions => "potion-card",
        DeckId::Scrolls => "scroll-card",
        DeckId::Rooms => "room-card",
        DeckId::Events => "event-card",
        DeckId::Doors => "door-card",
        DeckId::Chests => "chest-card",
        DeckId::Curses => "curse-card",
        DeckId::Gods => "gods-card",
        DeckId::Profiles => "profile-card",
        DeckId::Tiles(_) => "tile",
    }
}

/// The special rules cards in the order of [`crate::dungeon_of_chaos::ChaosRules::special_rules`].
pub const SPECIALS: [SpecialRule; 3] = [SpecialRule::Vampire, SpecialRule::Zombie, SpecialRule::Werewolf];
