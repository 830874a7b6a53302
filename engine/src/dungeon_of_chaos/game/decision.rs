//! What The Dungeon of Chaos asks, the answers it takes, and what it reports.

use super::board::{Dir, Sq};
use crate::dungeon_of_chaos::combat::{self, Answer, End};
use crate::dungeon_of_chaos::death::DeathCause;
use arrayvec::ArrayVec;

/// What a pending decision is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Choose one of three Character Profiles drawn (§3, §15).
    Profile,
    /// The movement phase (§6): a movement action, a non-movement action, or the end of the
    /// turn. With no movement action left (or after a combat) only non-movement actions.
    Turn,
    /// Starting a turn in a room with the monsters fled from last turn (§6): move away (a
    /// movement action) or fight.
    Flight,
    /// A secret door just found: through it as part of the search, or stay (§7).
    SecretDoor,
    /// A combat action (§10).
    Combat,
    /// The beginning phase (§6): dismiss a companion (§16), or go on.
    Beginning,
    /// A successful flight from a portal chamber or a floodgates room (tile guide): into the
    /// portal, pull the lever, or simply away.
    Escape,
    /// A springboard under a pit (the tile guide's loop note): which of the two tiles to
    /// end up on.
    Loop,
}

/// A pending decision and who answers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChaosDecision {
    pub seat: u8,
    pub ask: Ask,
}

/// An answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChaosChoice {
    /// The profile offered at this index (0 to 2).
    Profile(u8),
    /// A movement action: out of the tile through the exit of square `from` in `dir`.
    Move { from: Sq, dir: Dir },
    /// A non-movement action: draw a Door card for the door of `from` in `dir` (§7).
    Open { from: Sq, dir: Dir },
    /// A movement action: search the solid wall of `from` in `dir` for a secret door (§7).
    Search { from: Sq, dir: Dir },
    /// A movement action: up the staircase (to the level above, or to town from level 1).
    Up,
    /// A movement action: down the staircase.
    Down,
    /// A non-movement action: drink the potion in hand `slot`.
    Drink(u8),
    /// End the turn (after the last non-movement actions).
    End,
    /// Stay and fight the monsters (§6, a turn begun in their room).
    Fight,
    /// Through the secret door just found.
    Through,
    /// Stay on this side of the secret door.
    Stay,
    /// A combat action.
    Combat(Answer),
    /// A non-movement action: equip the item in slot `i` (§13; another of its type comes off).
    Equip(u8),
    /// A non-movement action: take off the item in slot `i`.
    Unequip(u8),
    /// A non-movement action: discard the item in slot `i` (never a cursed one, §13).
    DropItem(u8),
    /// A non-movement action: read the scroll in hand `slot` (§13).
    Read(u8),
    /// A non-movement action: open the chest on the tile (§13).
    OpenChest,
    /// A non-movement action: give the item in slot `item` to the character of seat `to` on
    /// the same tile (§13: trading).
    Give { to: u8, item: u8 },
    /// A non-movement action: give coins to the character of seat `to` on the same tile.
    GiveGold { to: u8, amount: u32 },
    /// The beginning phase: dismiss companion `i` (§16).
    Dismiss(u8),
    /// The beginning phase: on to the rest of the turn.
    Go,
    /// A non-movement action in Ye Olde Shoppe: buy ware `i` (tile guide), store credit first.
    Buy(u8),
    /// A non-movement action in Ye Olde Shoppe: trade in the item in slot `i` for store
    /// credit at half its value (rounded up, §16).
    TradeIn(u8),
    /// A non-movement action in Ye Olde Shoppe: redeem the Treasure item in slot `i` for
    /// coins at its value (§13).
    Redeem(u8),
    /// A non-movement action of the Alchemist: turn the item in slot `i` into coins at its
    /// value (§13).
    Transmute(u8),
    /// A non-movement action in a portal chamber: into the portal (a random square of a
    /// random level); after a flight, the escape into it.
    Portal,
    /// A non-movement action at a tunnel mouth: out at the tunnel mouth of this square.
    Tunnel(Sq),
    /// A non-movement action in a floodgates room: pull the lever (the level and those below
    /// washed away); after a flight, the escape by it.
    Lever,
    /// A non-movement action on a chasm: jump in (two levels down).
    Jump,
    /// A non-movement action at a fountain: drink from it (once a turn).
    Fountain,
    /// A non-movement action in the room of the mysterious statues: touch one.
    Touch,
    /// A movement action out of a dark room: by an exit chosen at random.
    Stumble,
    /// After a flight: away without the portal or the lever.
    Away,
    /// The springboard's loop: end up on the tile of this square.
    Land(Sq),
}

/// Most legal answers at once: a combat's, or a 2×2 tile's exits, walls and doors.
pub const MAX_CHOICES: usize = combat::MAX_ANSWERS + 8;

/// The legal answers of a decision.
pub type ChaosChoices = ArrayVec<ChaosChoice, MAX_CHOICES>;

/// An answer that is not legal now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{choice:?} is not a legal answer to {pending:?}")]
pub struct ChaosIllegal {
    pub choice: ChaosChoice,
    pub pending: Option<ChaosDecision>,
}

/// A deck of the game, to name a card drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckId {
    /// A level's Monster deck (0-based level).
    Monsters(u8),
    /// A level's Item deck (0-based level).
    Items(u8),
    Spells,
    Potions,
    Scrolls,
    Rooms,
    Events,
    Doors,
    Chests,
    Curses,
    Gods,
    Profiles,
    /// A Dungeon Tile deck, by [`crate::dungeon_of_chaos::data::TileSize`] index.
    Tiles(u8),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A seat came back to town holding 2,000 gold coins.
    Won(u8),
    /// The round limit came first: recorded as unfinished.
    Unfinished,
}

/// One thing that happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChaosEvent {
    Round(u16),
    Turn(u8),
    /// A seat took a Character Profile.
    Profile {
        seat: u8,
        character: u8,
    },
    /// The first player's roll (§3).
    First {
        seat: u8,
    },
    TilePlaced {
        at: Sq,
        tile: u16,
        facing: Dir,
    },
    Moved {
        seat: u8,
        to: Sq,
    },
    /// A card drawn.
    Card {
        deck: DeckId,
        card: u16,
    },
    /// A die rolled outside combat.
    Rolled {
        sides: u8,
        value: u8,
    },
    Door {
        at: Sq,
        dir: Dir,
        card: u16,
    },
    SecretDoor {
        at: Sq,
        dir: Dir,
        found: bool,
    },
    Combat(combat::Event),
    CombatOver(End),
    /// A seat's character entered the town (§14).
    Town {
        seat: u8,
    },
    /// A seat's character died, and why.
    Died {
        seat: u8,
        cause: DeathCause,
    },
    Gold {
        seat: u8,
        amount: i32,
    },
    Over(Ending),
}
