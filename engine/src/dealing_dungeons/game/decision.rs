//! What the Dealing Dungeons game asks, the answers it takes, and what it reports.

use crate::dealing_dungeons::combat::{Answer, BossAnswer, RoundResult};
use crate::dealing_dungeons::data::Side;
use crate::dealing_dungeons::rules::HeroSide;
use arrayvec::ArrayVec;

/// What a pending decision is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Start of turn: drink the Healing Potion token or a special potion, swap an In Hand
    /// card from the Bag of Holding (where allowed), or go on.
    Potion,
    /// The turn's one action: Build/Encounter, Move, a ranged attack, a Secret Door search;
    /// after a successful Defend also the Fight with its +2.
    Action,
    /// Where the drawn room card goes (a doorway of the hero's room, a rotation).
    Place,
    /// A monster in the hero's room: Fight, Defend, Run (Re-Encounter), or the Horn of Kilter.
    Fight,
    /// The End Boss: Fight or Defend.
    Boss,
    /// An In Hand Loot card drawn: equip it (in a hand slot) or put it in the bag.
    Loot,
    /// End of turn: 7 XP for a life, 15 XP for a level, or keep the XP.
    Exchange,
    /// Before round 1, a hero-choice procedure: a hero card on offer and its side.
    Hero,
    /// Co-Op's building: which room card of the hand to lay.
    Lay,
    /// Co-Op's building: off which room's doorway the card goes.
    Spot,
    /// Co-Op's movement phase: where to walk (up to three spaces), or stay.
    Walk,
    /// Chaos's populating phase: which Encounter card of the hand to lay face down.
    Deal,
    /// Chaos's populating phase: in which empty room of the dungeon.
    Cover,
    /// Co-Op's phase 4: a card to give a hero in the same room, or done trading.
    Trade,
}

/// A card one hero gives another in Co-Op's trading (docs/rulings.md, "Co-Op").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gift {
    /// The In Hand card equipped in this slot. To a full hand it goes in exchange for the
    /// receiver's card in slot `back`, which the giver equips.
    Hand { slot: u8, back: Option<u8> },
    /// The In Hand card in this place of the giver's Bag of Holding, into a free slot of the
    /// receiver's hands.
    Bag(u8),
    /// The special potion in this place of the giver's.
    Special(u8),
    /// The Healing Potion token (to a hero without one).
    Potion,
}

/// A pending decision and who answers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealingDecision {
    pub seat: u8,
    pub ask: Ask,
}

/// An answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DealingChoice {
    /// Potion: exchange the Healing Potion token for a life.
    Drink,
    /// Potion: drink the special potion held in this slot.
    Special(u8),
    /// Potion (start of turn, Bag of Holding swaps allowed): this bag card (index in
    /// `Player::bag`) into this hand slot; a card in the slot goes to the bag.
    Swap { slot: u8, bag: u8 },
    /// Potion / Exchange: do nothing more.
    Go,
    /// Action: Build/Encounter (the top card of the Dungeon Deck).
    Build,
    /// Action: move to this room of one's own dungeon (by index).
    Move(u8),
    /// Action: a ranged attack on the monster in this room of one's own dungeon.
    Shoot(u8),
    /// Action: place a Secret Door token on this side of the hero's room.
    Search(Side),
    /// Place: the card off the hero's room's doorway on `side` (a world side), turned
    /// `turns` quarter turns clockwise from upright.
    Place { side: Side, turns: u8 },
    /// Fight / Action after a Defend: an answer to the monster.
    Combat(Answer),
    /// Fight: blow the Mighty Horn of Kilter.
    Kilter,
    /// Boss: an answer to the End Boss.
    Boss(BossAnswer),
    /// Loot: equip the card in this hand slot (a full slot's card goes to the bag).
    Equip(u8),
    /// Loot: put the card in the Bag of Holding.
    Bag,
    /// Exchange: 7 XP for a life.
    Life,
    /// Exchange: 15 XP for a level.
    Level,
    /// Hero: this hero card, this side up.
    Hero { hero: u8, side: HeroSide },
    /// Lay: this card of the hand (index in `Player::deck`).
    Card(u8),
    /// Spot: off this room's doorway on `side`.
    Spot { room: u8, side: Side },
    /// Boss (Co-Op): an answer to one of the End Boss's two minions.
    Minion { minion: u8, answer: Answer },
    /// Cover (Chaos): the Encounter card face down in this room (index in the dungeon).
    Cover(u8),
    /// Trade (Co-Op): this card to the hero of seat `to`.
    Give { to: u8, gift: Gift },
}

/// The legal answers of a decision (at most 16 placements, 47 rooms to move to with a few
/// shots and searches, or 18 hero cards by two sides).
pub type DealingChoices = ArrayVec<DealingChoice, 64>;

/// An answer that is not legal now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{choice:?} is not a legal answer to {pending:?}")]
pub struct DealingIllegal {
    pub choice: DealingChoice,
    pub pending: Option<DealingDecision>,
}

/// Where a seat stands in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Playing,
    /// Mortally injured: out, tallies nothing.
    Dead(DeathCause),
    /// The next card could only go off the table edge: "your game is over" (alive; tallies).
    Edge,
    /// Walled in: cards left, but no room of his dungeon has a doorway onto an empty space
    /// nor (with Secret Door tokens left) a blank wall onto one. Nothing can ever free a
    /// space, so his game is over as at the table edge (alive; tallies).
    WalledIn,
    /// Defeated his End Boss.
    Victor,
}

/// What took a hero's last life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeathCause {
    /// A monster (and, in Solo Hard, a missed turn's life).
    Monster,
    /// A failed ranged attack on a ranged monster.
    RangedMiss,
    Boss,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// This seat defeated its End Boss first (Solo Moderate: and fought his way back out;
    /// Solo Hard: the fourth level's).
    Boss(u8),
    /// No hero is left playing (dead, or stopped at the table edge).
    NoneLeft,
    /// The round limit ([`super::ROUND_LIMIT`]) was reached: recorded as unfinished.
    RoundLimit,
}

/// One thing that happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealingEvent {
    FirstPlayer(u8),
    Round(u16),
    /// A seat's turn begins.
    Turn(u8),
    /// Darkness: this turn is missed.
    Missed(u8),
    Drank {
        seat: u8,
        lives: u8,
    },
    /// A room card was laid (index in the seat's dungeon, table space).
    Built {
        seat: u8,
        room: u8,
        x: i8,
        y: i8,
    },
    /// A Blocked Door token on a room's doorway facing another dungeon.
    Blocked {
        seat: u8,
        room: u8,
        side: Side,
    },
    /// No placement: the card went back on the Dungeon Deck.
    NoPlacement(u8),
    /// Only a placement off the table edge: the seat's game is over.
    OffTable(u8),
    /// Walled in ([`Status::WalledIn`]): the seat's game is over.
    WalledIn(u8),
    SecretDoor {
        seat: u8,
        room: u8,
        side: Side,
    },
    Moved {
        seat: u8,
        room: u8,
    },
    /// An Encounter card drawn (its kind id).
    Encounter {
        seat: u8,
        card: u8,
    },
    /// The encounter discard pile was shuffled into a new deck.
    Reshuffled,
    /// The End Boss deck ran out: the bosses defeated were shuffled into a new one (a
    /// replacement hero meeting the Treasure Rooms again).
    BossesReshuffled,
    /// One combat round against a monster (or a ranged shot).
    Combat {
        seat: u8,
        answer: Answer,
        roll: u8,
        total: i16,
        target: u8,
        result: RoundResult,
    },
    MonsterDefeated {
        seat: u8,
        card: u8,
    },
    Ran {
        seat: u8,
        room: u8,
    },
    Kilter(u8),
    /// A Ward potion kept a life.
    Warded(u8),
    BossDrawn {
        seat: u8,
        boss: u8,
    },
    BossRound {
        seat: u8,
        answer: BossAnswer,
        roll: u8,
        total: i16,
        target: u8,
        result: RoundResult,
    },
    /// A Loot card drawn (its kind id).
    Loot {
        seat: u8,
        card: u8,
    },
    LifeBought(u8),
    LevelUp {
        seat: u8,
        level: u8,
    },
    Died(u8),
    /// A replacement hero (the optional rule) starts at the entrance; the dungeon is reset.
    NewHero {
        seat: u8,
        hero: u8,
        side: HeroSide,
    },
    /// Solo Moderate: the End Boss fell and the dungeon resets for the way out.
    Reset(u8),
    /// Co-Op: a face-down Encounter card turned up (a monster's lives by 1D6; 0 otherwise).
    Flipped {
        room: u8,
        card: u8,
        lives: u8,
    },
    /// Co-Op: a hero rested and healed a life.
    Rested(u8),
    /// Co-Op: a card changed hands in phase 4 (its Loot card kind; `None`: the Healing
    /// Potion token).
    Gave {
        from: u8,
        to: u8,
        card: Option<u8>,
    },
    /// Co-Op: the last Encounter card resolved, the heroes are in the Treasure Room.
    Vortex,
    /// Co-Op: a minion of the End Boss (its Encounter card).
    Minion {
        card: u8,
    },
    /// Chaos: another hero reached his Treasure Room and the wounded End Boss healed.
    BossHealed {
        lives: u8,
    },
    /// Chaos: a monster attacked back (a 1 on 1D6 after the round) and took a life.
    AttackedBack(u8),
    Over(End),
}
