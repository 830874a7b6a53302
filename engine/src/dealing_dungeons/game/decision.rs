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

/// An answer. `repr(u8)`: the kind is a plain first byte, so telling kinds apart (and `==`)
/// is one byte compare, not decoded from niches in the fields (docs/perf.md). `Hash` is
/// written out to hash as the derive did without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
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

impl std::hash::Hash for DealingChoice {
    /// The kind's number as an `isize`, then the fields in order: the bytes the derive fed
    /// the hasher before `repr(u8)` (which hashes the kind as a `u8`), so recorded digests
    /// of answers stay valid.
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        use DealingChoice as C;
        let kind: isize = match self {
            C::Drink => 0,
            C::Special(_) => 1,
            C::Swap { .. } => 2,
            C::Go => 3,
            C::Build => 4,
            C::Move(_) => 5,
            C::Shoot(_) => 6,
            C::Search(_) => 7,
            C::Place { .. } => 8,
            C::Combat(_) => 9,
            C::Kilter => 10,
            C::Boss(_) => 11,
            C::Equip(_) => 12,
            C::Bag => 13,
            C::Life => 14,
            C::Level => 15,
            C::Hero { .. } => 16,
            C::Card(_) => 17,
            C::Spot { .. } => 18,
            C::Minion { .. } => 19,
            C::Cover(_) => 20,
            C::Give { .. } => 21,
        };
        kind.hash(h);
        match *self {
            C::Drink | C::Go | C::Build | C::Kilter | C::Bag | C::Life | C::Level => {}
            C::Special(i) | C::Move(i) | C::Shoot(i) | C::Equip(i) | C::Card(i) | C::Cover(i) => i.hash(h),
            C::Swap { slot, bag } => (slot, bag).hash(h),
            C::Search(side) => side.hash(h),
            C::Place { side, turns } => (side, turns).hash(h),
            C::Combat(a) => a.hash(h),
            C::Boss(a) => a.hash(h),
            C::Hero { hero, side } => (hero, side).hash(h),
            C::Spot { room, side } => (room, side).hash(h),
            C::Minion { minion, answer } => (minion, answer).hash(h),
            C::Give { to, gift } => (to, gift).hash(h),
        }
    }
}

/// The legal answers of a decision (at most 16 placements, 47 rooms to move to with a few
/// shots and searches, or 18 hero cards by two sides).
pub type DealingChoices = ArrayVec<DealingChoice, 64>;

/// Whether `want` is among `choices`: the engine's check of an answer and the bots' test of
/// an answer they made up. Why not `contains`: the derived `==` over every answer kind is not
/// inlined (a call per element); here the answer's kind is matched once, outside the scan,
/// and each element is compared inline (docs/perf.md).
#[inline(always)]
pub fn offered(choices: &[DealingChoice], want: DealingChoice) -> bool {
    use DealingChoice as C;
    let kind = std::mem::discriminant(&want);
    match want {
        C::Move(r) => choices.iter().any(|&c| matches!(c, C::Move(k) if k == r)),
        C::Place { side, turns } => {
            choices.iter().any(|&c| matches!(c, C::Place { side: s, turns: t } if s == side && t == turns))
        }
        C::Combat(a) => choices.iter().any(|&c| matches!(c, C::Combat(b) if b == a)),
        C::Boss(a) => choices.iter().any(|&c| matches!(c, C::Boss(b) if b == a)),
        C::Equip(k) => choices.iter().any(|&c| matches!(c, C::Equip(j) if j == k)),
        C::Shoot(r) => choices.iter().any(|&c| matches!(c, C::Shoot(k) if k == r)),
        C::Search(side) => choices.iter().any(|&c| matches!(c, C::Search(s) if s == side)),
        // No fields: the kind is the answer.
        C::Drink | C::Go | C::Build | C::Kilter | C::Bag | C::Life | C::Level => {
            choices.iter().any(|c| std::mem::discriminant(c) == kind)
        }
        _ => choices.iter().any(|c| std::mem::discriminant(c) == kind && *c == want),
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use DealingChoice as C;

    /// `offered` answers as `contains` for answers of every kind, with neighbours differing
    /// in one field.
    #[test]
    fn dealing_offered_is_contains() {
        let all = [
            C::Drink,
            C::Special(0),
            C::Special(1),
            C::Swap { slot: 0, bag: 1 },
            C::Swap { slot: 1, bag: 0 },
            C::Go,
            C::Build,
            C::Move(3),
            C::Move(4),
            C::Shoot(3),
            C::Shoot(5),
            C::Search(Side::North),
            C::Search(Side::West),
            C::Place { side: Side::East, turns: 1 },
            C::Place { side: Side::East, turns: 2 },
            C::Place { side: Side::South, turns: 1 },
            C::Combat(Answer::Fight),
            C::Combat(Answer::Defend),
            C::Kilter,
            C::Boss(BossAnswer::Fight),
            C::Boss(BossAnswer::Defend),
            C::Equip(0),
            C::Equip(1),
            C::Bag,
            C::Life,
            C::Level,
            C::Hero { hero: 2, side: HeroSide::Front },
            C::Hero { hero: 2, side: HeroSide::Back },
            C::Card(1),
            C::Spot { room: 1, side: Side::North },
            C::Minion { minion: 0, answer: Answer::Fight },
            C::Cover(2),
            C::Give { to: 1, gift: Gift::Hand { slot: 0, back: None } },
            C::Give { to: 1, gift: Gift::Hand { slot: 0, back: Some(1) } },
            C::Give { to: 2, gift: Gift::Potion },
        ];
        // Every other answer listed, from each start: each answer is in one list, not the other.
        for start in 0..2 {
            let list: Vec<C> = all.iter().copied().skip(start).step_by(2).collect();
            for &want in &all {
                assert_eq!(offered(&list, want), list.contains(&want), "{want:?}");
            }
        }
        assert!(!offered(&[], C::Go));
    }
}
