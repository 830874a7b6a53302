//! The decision API: what the engine asks, and the answers it accepts.
//!
//! A game runs until a player must choose; it then exposes a [`Decision`] (who decides and
//! what about) and the legal [`Choice`]s (see [`crate::Game::legal`]). The caller (a bot, a
//! replay, a test, a search) answers with [`crate::Game::apply`]. Decisions with a single legal
//! answer are taken by the engine itself and only reported to the observer.

use crate::dungeonquest::board::{Cell, Dir};
use crate::dungeonquest::data::CombatCard;
use crate::dungeonquest::rules::{CardId, Deck};
use arrayvec::ArrayVec;

/// What a decision is about. The context (the test being rolled, the monster fought, …) is
/// readable from the game.
///
/// `repr(u8)`: the variant is a byte of its own, so a test for one kind (the bots and the
/// engine make several per decision) compares that byte. Without it the draw offer's deck
/// shared the byte with the variant, and every test worked the variant out first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[repr(u8)]
pub enum DecisionKind {
    /// The action phase: move, search, enter the catacombs, exit, draw a dragon card, or (in the
    /// catacombs) draw a catacomb card or retake a test.
    Action,
    /// A chamber makes the hero move again (corridor, spider web, tower).
    MoveAgain,
    /// Entering a tower: exit, move again, or jump to another tower.
    Tower,
    /// Entering a bridge: cross now or end the turn.
    Bridge,
    /// Before crossing a bridge: discard loot cards (each lightens the test) or be done.
    BridgeDiscard,
    /// About to make an attribute test with an ability usable beforehand (Gherinn).
    BeforeTest,
    /// An attribute test failed: accept it, or spend determination, reroll, use a rune or item.
    TestFailed,
    /// Dragon Rage dice rolled by a hero who may reroll them (Gherinn).
    RageReroll,
    /// The player may draw a card of this deck.
    MayDraw(Deck),
    /// A dungeon card was drawn by a hero who may replace it (Challara).
    Redraw,
    /// A rune can be used now.
    Rune,
    /// Start of turn: use a card of the play area (potion, quicksilver, harp) or be done.
    StatusItems,
    /// End of game: use an optional end-of-game card (Bottle Imp) or be done.
    EndGameItems,
    /// Combat: the hero player picks a combat card.
    HeroCombatCard,
    /// Combat: the monster player picks a combat card (asked of the monster player's seat).
    MonsterCombatCard,
    /// Combat: attempt to escape after a round.
    Escape,
    /// Solo combat: attempt the one escape before combat.
    SoloEscape,
    /// Where to go after a successful escape.
    EscapeTo,
    /// Entering the catacombs: which way the travel marker points.
    TravelDirection,
    /// A catacomb card lets the hero leave: leave now or stay.
    ExitCatacombs,
    /// Leaving the catacombs: turn the travel marker left or right before the die.
    TurnDirection,
    /// Resurfacing on an unexplored space: which way the new tile's entry arrow faces.
    TileOrientation,
    /// Entering a split chamber not through a hall: which part (or web side) to stand on.
    ChooseSide,
    /// Secret Door: move into an adjacent space or stay.
    SecretDoor,
    /// Teleportation Rune: which adjacent space to move to.
    Teleport,
    /// Discard one loot card (Golem Grab).
    DiscardLoot,
    /// Greedy Deep Elf: bribe with a loot card or refuse.
    Bribe,
    /// Drew more treasure cards than may be kept: discard one.
    DiscardTreasure,
    /// Rune of Vision: pick the next card for the top of the search deck.
    ArrangeSearch,
    /// Rune of Transformation: which of the two drawn tiles to place.
    ChooseTile,
    /// Death Can Wait: the player to the left picks the tower the hero restarts on.
    RespawnTower,
    /// Live to Fight Another Day: after winning a round, give up its damage to escape by
    /// winning the next round.
    LiveToFight,
    /// Hero vs. Hero: the attacking hero picks a combat card.
    AttackCard,
    /// Hero vs. Hero: the defending hero picks a combat card (asked of the defender's seat).
    DefendCard,
    /// Hero vs. Hero: the victor takes one loot card of the defeated hero.
    TakeLoot,
    /// Hero vs. Hero: the defeated hero picks the adjacent chamber he flees to.
    Retreat,
    /// Servants of Kalladra: a dead hero's player moves a monster token (`MoveToken`), adds
    /// one next to a tower (`Move`), or passes (`Done`).
    ServantMove,
    /// 2010 rules: before combat, try to escape (`Yes`) or attack (`No`).
    EscapeOrAttack,
    /// 2010 card combat: the hero's or the monster player's card for this round
    /// (`Card(id)`, an index into the card combat's cards; see [`crate::Game::fight_deciding`]).
    CombatPlay,
    /// 2010 card combat: add a card to the counterattack (`Card(id)`) or stop (`Done`).
    Counterattack,
    /// 2010 rules: after Dragon Rage, the adjacent space to retreat to.
    RageRetreat,
}

/// A decision: the seat that answers and what it is about.
///
/// Aligned to four bytes (three are used) so that a decision, or none, is read and written
/// as one word: at three bytes every read of the pending decision was two loads and a merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(4))]
pub struct Decision {
    pub seat: u8,
    pub kind: DecisionKind,
}

/// An answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Choice {
    No,
    Yes,
    Done,
    /// Move to (or pick) this space.
    Move(Cell),
    /// Move out of a chamber of darkness (the die picks the hall).
    MoveDark,
    Search,
    EnterCatacombs,
    ExitDungeon,
    DrawDragon,
    DrawCatacomb,
    Retest,
    Cross,
    EndTurn,
    /// Spend this many determination tokens.
    Spend(u8),
    /// Reroll die 0, 1, or both (2).
    Reroll(u8),
    /// Use, discard or pick this card.
    Card(CardId),
    /// Pick this tile.
    Tile(u8),
    Combat(CombatCard),
    Dir(Dir),
    /// Turn right (`true`) or left.
    Turn(bool),
    /// Stand on this part of a split tile (0 near the entry arrow, 1 far), or for a web the
    /// tile side entered by.
    Part(u8),
    /// Move the monster token on the first space to the second (Servants of Kalladra).
    MoveToken(Cell, Cell),
}

/// Room for the legal choices of any decision (the largest is a discard among held cards).
pub type Choices = ArrayVec<Choice, 128>;

/// An answer that is not among the legal choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal choice {choice:?} for {decision:?}")]
pub struct IllegalChoice {
    pub decision: Option<Decision>,
    pub choice: Choice,
}
