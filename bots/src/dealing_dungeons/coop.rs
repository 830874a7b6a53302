//! The Co-Op choices of `greedy`, `cautious` and `mixed`: which hand card to lay and where,
//! where to walk in the movement phase, whom to strike in the Treasure Room, and what to give
//! in the trading. The rest of a
//! Co-Op game (potions, fights, shots, loot, XP) is the Standard heuristic's, which reads the
//! shared dungeon through `DealingGame::dungeon`.

use super::heuristic::Heuristic;
use super::odds::two_d6_beats;
use super::style::CombatChoice;
use dq_engine::dealing_dungeons::combat::{Answer, BossPending};
use dq_engine::dealing_dungeons::data::Side;
use dq_engine::dealing_dungeons::game::table::{opposite, step, turn, NO_LINK, ROOM_POOL};
use dq_engine::dealing_dungeons::game::{CoopPhase, DealingChoice, DealingChoices, DealingGame, Gift, RoomCard};
use dq_engine::dealing_dungeons::rules::{Encounter, Loot, Mods};
use dq_engine::DecisionGame;

use DealingChoice as C;

/// Lay: the card with the most doorways (the chain goes on without a Secret Door, and the
/// dungeon grows more rooms, monsters and loot); a cautious hero lays the fewest once the
/// chain is done (fewer rooms to clear).
pub fn lay(h: &Heuristic, game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
    let rules = game.rules();
    let hand = &game.player(seat).deck;
    let doors = |c: &DealingChoice| match c {
        C::Card(i) => match hand.get(*i as usize) {
            Some(RoomCard::Deck(k)) => rules.rooms.get(*k as usize).map_or(0, |r| r.doors.count_ones() as i16),
            _ => 0,
        },
        _ => -1,
    };
    let fewest = h.style.combat == CombatChoice::Defend && game.coop().spot.0 == u8::MAX;
    let sign = if fewest { -1 } else { 1 };
    // `max_by_key` keeps the last of equals: scan reversed to keep the first.
    choices.iter().rev().max_by_key(|c| sign * doors(c)).copied()
}

/// Spot: the doorway whose space beyond has the most free spaces around it.
pub fn spot(game: &DealingGame<'_>, choices: &DealingChoices) -> Option<DealingChoice> {
    let d = game.dungeon(0);
    let (w, dp) = (game.rules().geometry.table_spaces.0 as i8, game.rules().geometry.table_spaces.1 as i8);
    let free = |x: i8, y: i8| (0..w).contains(&x) && (0..dp).contains(&y) && !d.iter().any(|r| r.x == x && r.y == y);
    let score = |c: &DealingChoice| match *c {
        C::Spot { room, side } => d.get(room as usize).map_or(0, |r| {
            let (dx, dy) = step(side);
            let (x, y) = (r.x + dx, r.y + dy);
            Side::ALL.iter().filter(|&&s| free(x + step(s).0, y + step(s).1)).count() as i16 * 2
                + i16::from(side == Side::North)
        }),
        _ => -1,
    };
    choices.iter().rev().max_by_key(|c| score(c)).copied()
}

/// Place (Co-Op): the turn leaving the most doorways onto free spaces.
pub fn place(game: &DealingGame<'_>, choices: &DealingChoices) -> Option<DealingChoice> {
    let rules = game.rules();
    let mask = match game.drawn()? {
        RoomCard::Deck(k) => rules.rooms.get(k as usize)?.doors,
        RoomCard::Treasure => return Some(choices[0]),
        RoomCard::Entrance => rules.entrance.doors,
    };
    let d = game.dungeon(0);
    let from = d.get(game.coop().spot.0 as usize)?;
    let (w, dp) = (rules.geometry.table_spaces.0 as i8, rules.geometry.table_spaces.1 as i8);
    let free = |x: i8, y: i8| (0..w).contains(&x) && (0..dp).contains(&y) && !d.iter().any(|r| r.x == x && r.y == y);
    let score = |c: &DealingChoice| match *c {
        C::Place { side, turns } => {
            let (dx, dy) = step(side);
            let (x, y) = (from.x + dx, from.y + dy);
            let doors = turn(mask, turns) & !opposite(side).bit();
            Side::ALL.iter().filter(|&&s| doors & s.bit() != 0 && free(x + step(s).0, y + step(s).1)).count() as i16
        }
        _ => -1,
    };
    choices.iter().rev().max_by_key(|c| score(c)).copied()
}

/// Walk: stay to rest when low on lives (a cautious hero sooner); else towards the nearest
/// unresolved room (a face-down card or a monster), joining a monster another hero fights
/// first when the style is not greedy.
pub fn walk(h: &Heuristic, game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
    let d = game.dungeon(0);
    let p = game.player(seat);
    let unresolved = |r: usize| d[r].monster.is_some() || d[r].fresh;
    if p.lives <= h.style.heal_at && !unresolved(p.at as usize) {
        return Some(C::Go);
    }
    if h.style.combat != CombatChoice::Attack {
        let helped = choices.iter().find(|c| {
            matches!(c, C::Move(r) if d[*r as usize].monster.is_some()
                && (0..game.seats()).any(|s| s != seat && game.player(s).playing() && game.player(s).at == *r))
        });
        if helped.is_some() {
            return helped.copied();
        }
    }
    // Distances to the nearest unresolved room, by links (one pass of a breadth-first search).
    let mut dist = [u8::MAX; ROOM_POOL];
    let mut queue = [0u8; ROOM_POOL];
    let (mut head, mut tail) = (0, 0);
    for (r, far) in dist.iter_mut().enumerate().take(d.len()) {
        if unresolved(r) {
            *far = 0;
            queue[tail] = r as u8;
            tail += 1;
        }
    }
    while head < tail {
        let r = queue[head] as usize;
        head += 1;
        for &k in &d[r].links {
            if k != NO_LINK && (k as usize) < ROOM_POOL && dist[k as usize] == u8::MAX {
                dist[k as usize] = dist[r] + 1;
                queue[tail] = k;
                tail += 1;
            }
        }
    }
    let mut best = (dist[p.at as usize % ROOM_POOL], C::Go);
    for &c in choices {
        if let C::Move(r) = c {
            if dist[r as usize % ROOM_POOL] < best.0 {
                best = (dist[r as usize % ROOM_POOL], c);
            }
        }
    }
    Some(best.1)
}

/// The Treasure Room: the End Boss (its fall wins the game), as the Standard heuristic
/// fights one; a greedy hero first takes a minion he beats more easily than the boss (its
/// Loot card), while the boss has lives to spare.
pub fn boss(h: &Heuristic, game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
    if h.style.combat == CombatChoice::Attack {
        let fighter = game.fighter(seat);
        let plus = fighter.skills.combat as i16 + fighter.gear.combat as i16;
        let boss_left = game.coop().boss.map_or(0, |(_, l)| l);
        let boss_odds = match game.player(seat).boss.map(|(_, f)| f.pending()) {
            Some(BossPending::Choose { target }) => {
                two_d6_beats(plus + fighter.skills.boss_combat as i16, target as i16)
            }
            _ => 0.0,
        };
        let rules = game.rules();
        let m = &rules.modes;
        for &c in choices {
            if let C::Minion { minion, answer: Answer::Fight } = c {
                let Some(st) = game.coop().minions[minion as usize % 2] else { continue };
                let Some(Encounter::Monster(mon)) = rules.encounters.get(st.card as usize).map(|e| e.encounter) else {
                    continue;
                };
                let odds = two_d6_beats(plus, mon.attack as i16 + m.coop_minion_attack as i16);
                if boss_left > 2 && odds > boss_odds + 0.25 {
                    return Some(c);
                }
            }
        }
    }
    h.boss(game, seat, choices)
}

/// An In Hand card's worth to the hero of `seat`, by the style's weights; its Range counted
/// once more for a hero without Range of his own or from his other cards (it gives him the
/// Range skill: shots from afar).
fn gear_worth(h: &Heuristic, game: &DealingGame<'_>, seat: u8, card: u8) -> i16 {
    let Some(Loot::InHand(m)) = game.rules().loot.get(card as usize).map(|c| c.loot) else { return 0 };
    let f = game.fighter(seat);
    let own =
        f.skills.range as i16 + f.gear.range as i16 - m.range as i16 * game.player(seat).hand.contains(&card) as i16;
    h.worth(m) + if own <= 0 { h.worth(Mods { range: m.range, ..Mods::default() }) } else { 0 }
}

/// Trade: the gift the party gains most by, else done. An In Hand card in the bag goes into a
/// free slot (unused, it is worth nothing to the party); an equipped one goes where it is worth
/// more than where it is (an exchange counts both cards). A potion (the token or a special
/// one) goes to a hero with at least two lives fewer than the giver, in the Treasure Room
/// only: elsewhere a hero rests for nothing, and a potion given there is drunk before the
/// boss, where nothing else heals (given anywhere, party wins fell 3 points, docs/bots.md).
pub fn trade(h: &Heuristic, game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
    let me = game.player(seat);
    let shut = game.coop().phase == CoopPhase::Boss;
    let gain = |c: &DealingChoice| -> i16 {
        let C::Give { to, gift } = *c else { return 0 };
        let them = game.player(to);
        match gift {
            Gift::Hand { slot, back } => {
                let Some(&card) = me.hand.get(slot as usize) else { return 0 };
                let mut g = gear_worth(h, game, to, card) - gear_worth(h, game, seat, card);
                if let Some(&theirs) = back.and_then(|b| them.hand.get(b as usize)) {
                    g += gear_worth(h, game, seat, theirs) - gear_worth(h, game, to, theirs);
                }
                g
            }
            Gift::Bag(i) => me.bag.get(i as usize).map_or(0, |&c| gear_worth(h, game, to, c)),
            Gift::Potion | Gift::Special(_) if shut => i16::from(me.lives) - i16::from(them.lives) - 1,
            Gift::Potion | Gift::Special(_) => 0,
        }
    };
    // `max_by_key` keeps the last of equals: scan reversed to keep the first.
    let best = choices.iter().rev().max_by_key(|c| gain(c)).copied();
    Some(best.filter(|c| gain(c) > 0).unwrap_or(C::Go))
}
