//! What the 1987 game asks, the answers it takes, and what it reports.

use super::super::combat::Answer;
use super::super::decks::ClassicDeck;
use crate::dungeonquest::board::Cell;
use crate::dungeonquest::game::DeathCause;
use arrayvec::ArrayVec;

/// What a pending decision is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Set-up: a start tower, no two alike (rulebook 4).
    Tower,
    /// The turn's action: move, search, miss the turn, drink a potion, the Ring of Healing, or
    /// stay looting in the Treasure Chamber.
    Turn,
    /// A move that follows another at once.
    Onward(Onward),
    /// An optional step: yes or no.
    Optional(Optional),
    /// On a Cave-In tile, the turn after entering: roll D12 ≤ Agility or retreat.
    CaveIn,
    /// The Giant Spider: fight, flee (the turn it is drawn), or El-Adoran's arrows.
    Spider,
    /// A monster combat: the hero's reaction, bow or counter, or the monster player's counter.
    Fight,
}

/// Why a hero moves again at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Onward {
    /// A Corridor: move again (must, while a move is possible).
    Corridor,
    /// A Tower room entered: leave the dungeon, or pass through it.
    Tower,
    /// A Secret Door found: move to any adjacent square, or stay.
    SecretDoor,
    /// The fire-breathing Dragon: run to an adjacent square.
    Run,
}

/// An optional step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Optional {
    /// Dead Adventurer: search the body (a Corpse card).
    Corpse,
    /// Crypt: search it (a Crypt card).
    Crypt,
    /// Ring of Warning against a trap tile's Trap card.
    WarnTile,
    /// Ring of Warning against a trap Room card.
    WarnCard,
}

/// A pending decision and who answers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassicDecision {
    pub seat: u8,
    pub ask: Ask,
}

/// An answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClassicChoice {
    /// A start tower, by index in `board::TOWERS`.
    Tower(u8),
    /// Move to this adjacent space.
    Move(Cell),
    /// Move to this adjacent space, the Ring of Opening opening its door or portcullis.
    MoveWithRing(Cell),
    Search,
    /// Miss the turn (or decline a move that may follow).
    Pass,
    /// Drink the potion carried (start of turn).
    Drink,
    /// Use the Ring of Healing (the turn's only action).
    Heal,
    /// Stay in the Treasure Chamber: two Treasure counters and a Dragon counter.
    Loot,
    /// Leave the dungeon through this tower.
    Exit,
    Yes,
    No,
    /// Cave-In tile: back to the previous tile.
    Retreat,
    /// Cave-In tile: roll D12 against Agility.
    Roll,
    /// Giant Spider: one fight roll.
    Strike,
    /// Giant Spider: try to flee (the turn it is drawn).
    Flee,
    /// Giant Spider: fire one arrow (El-Adoran).
    Shoot,
    /// Giant Spider: stop shooting; the spider bites and the turn ends.
    Stop,
    /// An answer to the combat.
    Combat(Answer),
}

/// The legal answers of a decision.
pub type ClassicChoices = ArrayVec<ClassicChoice, 16>;

/// An answer that is not legal now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{choice:?} is not a legal answer to {pending:?}")]
pub struct ClassicIllegal {
    pub choice: ClassicChoice,
    pub pending: Option<ClassicDecision>,
}

/// How a hero left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// Still in the dungeon.
    Inside,
    /// Out through a tower.
    Exited,
    /// Dead, and how.
    Dead(Cause),
}

/// What killed a hero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    Monster,
    Dragon,
    /// A card's damage or roll (traps, cave-in, bats, spider, doors, potion).
    Card,
    /// Fell into a bottomless pit.
    Pit,
    /// Trapped in a dead end (a rotating room, or no way out and no search left).
    DeadEnd,
    /// Still inside at nightfall.
    Night,
}

impl From<Cause> for DeathCause {
    /// The results column's name for a 1987 cause: night is the FFG games' sunset (still
    /// inside when the game ends); traps are cards in 1987 (the Trap deck).
    fn from(c: Cause) -> DeathCause {
        match c {
            Cause::Monster => DeathCause::Monster,
            Cause::Dragon => DeathCause::Dragon,
            Cause::Card => DeathCause::Card,
            Cause::Pit => DeathCause::Pit,
            Cause::DeadEnd => DeathCause::DeadEnd,
            Cause::Night => DeathCause::Sunset,
        }
    }
}

/// One thing that happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassicEvent {
    /// A round began; the sun stands on this space.
    Round(u8),
    /// A seat's turn began.
    Turn(u8),
    /// A seat's hero was put on a start tower.
    Start {
        seat: u8,
        cell: Cell,
    },
    /// Tile `tile` was laid on `cell` turned `rot` quarter turns clockwise.
    TilePlaced {
        cell: Cell,
        tile: u8,
        rot: u8,
    },
    /// The tile on `cell` now lies turned `rot` quarter turns.
    TileTurned {
        cell: Cell,
        rot: u8,
    },
    Moved {
        seat: u8,
        to: Cell,
    },
    /// A card drawn from a deck (`Monster` for the Monster deck: `None`).
    Card {
        deck: Option<ClassicDeck>,
        card: u8,
    },
    /// A die rolled by the game (not inside a combat).
    Rolled {
        sides: u8,
        value: u8,
    },
    LifeLost {
        seat: u8,
        lp: u8,
    },
    LifeGained {
        seat: u8,
        lp: u8,
    },
    /// A Treasure counter taken.
    Treasure {
        seat: u8,
        counter: u8,
    },
    /// A Dragon counter turned over.
    Dragon {
        seat: u8,
        awake: bool,
    },
    /// A seat missed its turn.
    Missed(u8),
    Exited(u8),
    Died {
        seat: u8,
        cause: Cause,
    },
    /// Night fell (or no hero is left inside): the game is over.
    Over,
}
