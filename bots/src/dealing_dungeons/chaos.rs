//! The Chaos set-up choices of `greedy`, `cautious` and `mixed`: which room card to lay in
//! whose dungeon and where, and which Encounter card to lay face down where. Play itself is
//! the Standard heuristic's (with no card to build it heads for the Treasure Room).
//!
//! The aim: a short, easy way to one's own Treasure Room, and long ways past strong monsters
//! in the others'.

use dq_engine::dealing_dungeons::game::{DealingChoice, DealingChoices, DealingGame, RoomCard};
use dq_engine::dealing_dungeons::rules::Encounter;

use DealingChoice as C;

/// Whether the pending placement goes into `seat`'s own dungeon.
fn own(game: &DealingGame<'_>, seat: u8) -> bool {
    game.chaos_placing_into() == Some(seat)
}

/// Lay: in one's own dungeon the card with the fewest doorways that still leaves one open
/// (a hall leads on without branches); in another's the one with the most (branches to wander,
/// more rooms to pass).
pub fn lay(game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
    let rules = game.rules();
    let hand = &game.player(seat).deck;
    let mine = own(game, seat);
    let score = |c: &DealingChoice| -> i16 {
        let doors = match c {
            C::Card(i) => match hand.get(*i as usize) {
                Some(RoomCard::Deck(k)) => rules.rooms.get(*k as usize).map_or(0, |r| r.doors.count_ones() as i16),
                _ => 0,
            },
            _ => return i16::MIN,
        };
        if mine {
            // Two doorways best, then three, four; a dead end last.
            match doors {
                2 => 4,
                3 => 3,
                4 => 2,
                _ => 1,
            }
        } else {
            doors
        }
    };
    choices.iter().rev().max_by_key(|c| score(c)).copied()
}

/// Rooms between a room and its dungeon's entrance.
fn depth(game: &DealingGame<'_>, t: u8, mut room: u8) -> u8 {
    let d = game.dungeon(t);
    let mut n = 0u8;
    while room != 0 && n < 64 {
        room = d.get(room as usize).map_or(0, |r| r.parent);
        n += 1;
    }
    n
}

/// Spot: one's own dungeon (and its Treasure Room) grows off the room nearest the entrance;
/// another's off the deepest room.
pub fn spot(game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
    let t = game.chaos_placing_into()?;
    let mine = t == seat;
    let key = |c: &DealingChoice| match c {
        C::Spot { room, .. } => {
            let d = depth(game, t, *room) as i16;
            if mine {
                -d
            } else {
                d
            }
        }
        _ => i16::MIN,
    };
    choices.iter().rev().max_by_key(|c| key(c)).copied()
}

/// How hard an Encounter card is to meet: a monster's attack and lives; Darkness a little.
fn menace(game: &DealingGame<'_>, card: u8) -> i16 {
    match game.rules().encounters.get(card as usize).map(|e| e.encounter) {
        Some(Encounter::Monster(m)) => m.attack as i16 * m.lives as i16 + 2 * m.range as i16,
        Some(Encounter::Darkness) => 3,
        _ => 0,
    }
}

/// Deal: the strongest card into another's dungeon, the weakest into one's own.
pub fn deal(game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
    let hand = &game.chaos().hands[seat as usize];
    let sign = if own(game, seat) { -1 } else { 1 };
    let key = |c: &DealingChoice| match c {
        C::Card(i) => hand.get(*i as usize).map_or(i16::MIN, |&k| sign * menace(game, k)),
        _ => i16::MIN,
    };
    choices.iter().rev().max_by_key(|c| key(c)).copied()
}

/// Cover: rooms nearest the entrance first (every hero passes them).
pub fn cover(game: &DealingGame<'_>, choices: &DealingChoices) -> Option<DealingChoice> {
    let t = game.chaos_placing_into()?;
    choices
        .iter()
        .rev()
        .min_by_key(|c| match c {
            C::Cover(r) => depth(game, t, *r),
            _ => u8::MAX,
        })
        .copied()
}

/// Play: every room still face down is met before the Treasure Room (XP for levels, loot to
/// win by), the nearest first (moves are listed nearest first).
pub fn explore(game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
    let d = game.dungeon(seat);
    choices.iter().copied().find(
        |c| matches!(c, C::Move(r) if d.get(*r as usize).is_some_and(|q| q.fresh && q.card != RoomCard::Treasure)),
    )
}
