//! Observation of everything that happens in a game, chance included.
//!
//! The engine reports each step as a small `Copy` [`Event`]. A [`NoObserver`] compiles away;
//! [`crate::dungeonquest::trace::Trace`] records events and prints a turn-by-turn log. Bulk runs and traces
//! share one code path, so a trace always shows what the statistics counted.

use crate::dungeonquest::board::{Cell, Dir};
use crate::dungeonquest::data::{Attr, CombatCard};
use crate::dungeonquest::decision::{Choice, DecisionKind};
use crate::dungeonquest::game::DeathCause;
use crate::dungeonquest::rules::{CardId, Deck};

/// One thing that happened. Serializes as `{"event": "CardDrawn", "seat": 0, "card": 17}` for
/// JSON replays (`dq replay --format json`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "event")]
#[allow(missing_docs)]
pub enum Event {
    HeroJoins {
        seat: u8,
        hero: u8,
        tower: Cell,
    },
    RuneDealt {
        seat: u8,
        card: CardId,
    },
    FirstPlayer {
        seat: u8,
    },
    LateStart {
        roll: u8,
    },
    RoundStart {
        round: u16,
        sun: u8,
    },
    SunRoll {
        space: u8,
        roll: u8,
        sets_on_or_below: u8,
        set: bool,
    },
    TurnStart {
        seat: u8,
        round: u16,
        extra: bool,
    },
    TurnLost {
        seat: u8,
        left: u8,
    },
    Decided {
        seat: u8,
        kind: DecisionKind,
        choice: Choice,
        forced: bool,
    },
    Dice {
        seat: u8,
        dice: [u8; 3],
        count: u8,
    },
    CardDrawn {
        seat: u8,
        card: CardId,
    },
    CardDiscarded {
        card: CardId,
    },
    Shuffled {
        deck: Deck,
    },
    TilePlaced {
        cell: Cell,
        tile: u8,
        rotation: u8,
    },
    TileRotated {
        cell: Cell,
        rotation: u8,
    },
    Moved {
        seat: u8,
        from: Cell,
        to: Cell,
    },
    Test {
        seat: u8,
        attr: Attr,
        target: u8,
        total: u8,
        pass: bool,
    },
    Wounds {
        seat: u8,
        amount: u8,
        total: u8,
    },
    Healed {
        seat: u8,
        amount: u8,
        total: u8,
    },
    Determination {
        seat: u8,
        total: u8,
    },
    MonsterAppears {
        seat: u8,
        card: CardId,
        monster_seat: u8,
    },
    CombatRound {
        hero_card: CombatCard,
        monster_card: CombatCard,
        hero_wounds: u8,
        monster_wounds: u8,
    },
    SoloRound {
        roll: u8,
        hero_wounds: u8,
        monster_wounds: u8,
    },
    /// 2010 rules: an escape attempt by power cards.
    PowerEscape {
        seat: u8,
        hero_escape: u8,
        monster_escape: u8,
        damage: u8,
        escaped: bool,
    },
    /// 2010 card combat: a round's result (`winner` 0 hero, 1 monster, 2 stand-off).
    CardCombatRound {
        winner: u8,
        hero_total: u8,
        monster_total: u8,
        deathblow: u8,
        hero_damage: u8,
        monster_damage: u8,
    },
    /// 2010: Tatianna's opening volley: `cards` revealed, `hits` of them onto the monster's
    /// damage stack.
    Volley {
        seat: u8,
        cards: u8,
        hits: u8,
    },
    /// 2010 Combat Dice Variant (`combat-dice`): 2d6 `roll` against the hero's `target`
    /// attribute; above it the hero takes a wound, else the monster (`monster_wounds` in all).
    DiceCombatRound {
        roll: u8,
        target: u8,
        hero_hit: bool,
        monster_wounds: u8,
    },
    MonsterKilled {
        seat: u8,
        card: CardId,
    },
    Escaped {
        seat: u8,
        to: Cell,
    },
    DragonRage {
        seat: u8,
    },
    EnterCatacombs {
        seat: u8,
        at: Cell,
        facing: Dir,
    },
    Resurface {
        seat: u8,
        at: Cell,
    },
    Died {
        seat: u8,
        #[serde(serialize_with = "cause_name")]
        cause: DeathCause,
    },
    Respawned {
        seat: u8,
        tower: Cell,
    },
    Exited {
        seat: u8,
    },
    Sunset,
    GameOver {
        round: u16,
    },
}

/// A death cause by its Parquet name (`monster`, `dead_end`…), for JSON replays.
fn cause_name<S: serde::Serializer>(cause: &DeathCause, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(cause.name())
}

/// Receives every event of a DungeonQuest game: an observer of [`Event`]s
/// ([`crate::core::Observer`]). Implement the core trait; this one follows (a blanket impl).
/// Why a trait of its own: the engine and the other crates bound their observers by it, and
/// it reads as the family's observer where `Observer<Event>` would repeat the event type.
pub trait Observer: crate::core::Observer<Event> {}

impl<T: crate::core::Observer<Event>> Observer for T {}

pub use crate::core::NoObserver;
