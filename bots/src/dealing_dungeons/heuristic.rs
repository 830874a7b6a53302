//! One heuristic, played with a [`Style`]: how `greedy`, `cautious` and `mixed` answer every
//! decision of a Dealing Dungeons game (potions, the action, placements, fights, the End
//! Boss, loot, XP). It reads the game only through its public state and the legal answers,
//! and allocates nothing.

use super::odds::{d6_reaches, two_d6_beats, two_d6_reaches};
use super::style::{CombatChoice, Style};
use dq_engine::dealing_dungeons::combat::{Answer, BossAnswer, BossPending, Pending};
use dq_engine::dealing_dungeons::data::Side;
use dq_engine::dealing_dungeons::game::table::{opposite, step, turn};
use dq_engine::dealing_dungeons::game::{offered, Ask, DealingChoice, DealingChoices, DealingGame, Mode, RoomCard};
use dq_engine::dealing_dungeons::rules::{Encounter, Loot, Mods, Monster};

use DealingChoice as C;

/// A seat's heuristic: its [`Style`] and nothing remembered between decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristic {
    pub style: Style,
}

impl Heuristic {
    pub fn new(style: Style) -> Heuristic {
        Heuristic { style }
    }

    /// The answer to `ask` for `seat` among `choices` (never empty).
    pub fn choose(&self, game: &DealingGame<'_>, seat: u8, ask: Ask, choices: &DealingChoices) -> DealingChoice {
        let coop = game.mode() == Mode::CoOp;
        let chaos = game.mode() == Mode::Chaos && game.chaos_placing_into().is_some();
        let pick = match ask {
            Ask::Potion => self.potion(game, seat, choices),
            // Taken from `choices` or offered (see `action`): no check.
            Ask::Action => return self.action(game, seat, choices).unwrap_or(choices[0]),
            Ask::Place if coop => super::coop::place(game, choices),
            // Chaos's set-up: the first turn that fits.
            Ask::Place if chaos => None,
            // Taken from `choices` (or the first): legal as it is, no check.
            Ask::Place => return place(game, seat, choices).unwrap_or(choices[0]),
            Ask::Fight => self.fight(game, seat, choices),
            Ask::Boss if coop => super::coop::boss(self, game, seat, choices),
            Ask::Boss => self.boss(game, seat, choices),
            Ask::Lay if chaos => super::chaos::lay(game, seat, choices),
            Ask::Spot if chaos => super::chaos::spot(game, seat, choices),
            Ask::Lay => super::coop::lay(self, game, seat, choices),
            Ask::Spot => super::coop::spot(game, choices),
            Ask::Deal => super::chaos::deal(game, seat, choices),
            Ask::Cover => super::chaos::cover(game, choices),
            Ask::Walk => super::coop::walk(self, game, seat, choices),
            Ask::Trade => super::coop::trade(self, game, seat, choices),
            Ask::Loot => self.loot(game, seat, choices),
            Ask::Exchange => self.exchange(game, seat, choices),
            Ask::Hero => hero(game, choices),
        };
        pick.filter(|&c| offered(choices, c)).unwrap_or(choices[0])
    }

    /// A potion at or below `heal_at` lives: the token first, else a special one.
    fn potion(&self, game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
        if game.player(seat).lives > self.style.heal_at {
            return Some(C::Go);
        }
        choices
            .iter()
            .copied()
            .find(|&c| matches!(c, C::Drink))
            .or_else(|| choices.iter().copied().find(|c| matches!(c, C::Special(_))))
            .or(Some(C::Go))
    }

    /// The turn's action: the fight after a Defend; a shot from afar worth taking; building
    /// from a room with a free doorway; else walking to the nearest such room; else a secret
    /// door; else what is left. Always a legal answer (one of `choices`, or a kind seen among
    /// them), so [`Heuristic::choose`] does not check it again.
    fn action(&self, game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
        // What is offered, read in one pass (was a scan per question).
        let (mut ranged, mut fight, mut shots, mut can_build) = (false, false, false, false);
        for c in choices {
            match c {
                C::Combat(Answer::Ranged) => ranged = true,
                C::Combat(Answer::Fight) => fight = true,
                C::Shoot(_) => shots = true,
                C::Build => can_build = true,
                _ => {}
            }
        }
        if ranged {
            return Some(C::Combat(Answer::Ranged));
        }
        if fight {
            return Some(C::Combat(Answer::Fight));
        }
        let p = game.player(seat);
        // Solo Moderate's way out after the End Boss: back to the entrance.
        if game.mode() == Mode::SoloModerate && p.bosses > 0 {
            if let Some(c) = toward(game, seat, 0, choices) {
                return Some(c);
            }
        }
        if shots {
            let fighter = game.fighter(seat);
            for &c in choices {
                if let C::Shoot(room) = c {
                    let Some(m) = monster_in(game, seat, room) else { continue };
                    let hit = two_d6_beats(fighter.skills.combat as i16 + fighter.reach() as i16, m.attack as i16);
                    if !m.range || hit >= 0.75 || (self.style.shoot_ranged && hit >= 0.5) {
                        return Some(c);
                    }
                }
            }
        }
        if game.mode() == Mode::Chaos {
            if let Some(c) = super::chaos::explore(game, seat, choices) {
                return Some(c);
            }
        }
        let dungeon = game.dungeon(seat);
        // Rooms a card may go from (Solo Hard: the level being built, see `builds_from`).
        let free = |room: u8| {
            dungeon.get(room as usize).is_some_and(|r| r.doors & r.open != 0) && game.builds_from(seat, room)
        };
        if can_build && free(p.at) {
            return Some(C::Build);
        }
        if can_build {
            // Moves are listed nearest first: the nearest room a card can be built from (a
            // cautious hero first looks for one without a monster).
            let careful = self.style.combat != CombatChoice::Attack;
            let clear = |room: u8| dungeon.get(room as usize).is_some_and(|r| r.monster.is_none());
            let mv = |ok: &dyn Fn(u8) -> bool| {
                choices.iter().copied().find(|&c| matches!(c, C::Move(r) if free(r) && ok(r)))
            };
            let found = if careful { mv(&clear).or_else(|| mv(&|_| true)) } else { mv(&|_| true) };
            if found.is_some() {
                return found;
            }
        }
        if let Some(&c) = choices.iter().find(|c| matches!(c, C::Search(_))) {
            return Some(c);
        }
        if can_build {
            // Walled in: to the nearest room with a blank wall onto an empty space, to search
            // there for a Secret Door.
            let searchable = |room: u8| {
                dungeon.get(room as usize).is_some_and(|r| r.open & !r.doors & 0xF != 0) && game.builds_from(seat, room)
            };
            if let Some(&c) = choices.iter().find(|&&c| matches!(c, C::Move(r) if searchable(r))) {
                return Some(c);
            }
        }
        // Nowhere to build or search from (a replacement hero in a reset dungeon): on to the
        // Treasure Room through the rooms to meet again; standing in it (Solo Hard, a level
        // begun past it), on to the newest room.
        let goal = match treasure_room(game, seat) {
            Some(t) if t == p.at => dungeon.len().checked_sub(1).map(|n| n as u8),
            t => t,
        };
        if let Some(c) = goal.and_then(|t| toward(game, seat, t, choices)) {
            return Some(c);
        }
        // Else on to the newest room still to meet (reset or with a monster): the ways on lie
        // past it.
        let to_meet = |r: u8| dungeon.get(r as usize).is_some_and(|r| r.fresh || r.monster.is_some());
        if let Some(c) =
            choices.iter().copied().filter(|&c| matches!(c, C::Move(r) if to_meet(r))).max_by_key(|&c| match c {
                C::Move(r) => r,
                _ => 0,
            })
        {
            return Some(c);
        }
        if offered(choices, C::Go) {
            return Some(C::Go);
        }
        // Nowhere to build from: the card goes back (or, at the table edge, his game ends).
        can_build.then_some(C::Build)
    }

    /// A monster in his room: the Horn of Kilter when he may; else by the style, with Run
    /// when low on lives and more likely to lose the round than win it.
    fn fight(&self, game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
        if offered(choices, C::Kilter) {
            return Some(C::Kilter);
        }
        let p = game.player(seat);
        let f = p.fight?;
        let target = match f.pending() {
            Pending::Choose { target } | Pending::AfterDefend { target } => target as i16,
            Pending::Over(_) => return None,
        };
        let m = monster_in(game, seat, p.at)?;
        let fighter = game.fighter(seat);
        let ranged = offered(choices, C::Combat(Answer::Ranged));
        let attack = if ranged { C::Combat(Answer::Ranged) } else { C::Combat(Answer::Fight) };
        let (s, g) = (fighter.skills, fighter.gear);
        let plus = s.combat as i16 + g.combat as i16 + if ranged { fighter.reach() as i16 } else { 0 };
        let bonus = f.bonus() as i16;
        let win = two_d6_beats(plus + bonus, target);
        let miss_costs = !ranged || m.range;
        let lose = if miss_costs { 1.0 - two_d6_reaches(plus + bonus, target) } else { 0.0 };
        // Running pays only if he can heal before he meets it again (a potion, or XP for a
        // life at the end of the turn); else he would walk back into the same fight.
        let modes = &game.rules().modes;
        let can_heal = p.potion || !p.specials.is_empty() || game.xp(seat) >= u16::from(modes.xp_per_life);
        if p.lives <= self.style.run_at && lose > win && can_heal && offered(choices, C::Combat(Answer::Run)) {
            return Some(C::Combat(Answer::Run));
        }
        let can_defend = offered(choices, C::Combat(Answer::Defend));
        if !can_defend {
            return Some(attack);
        }
        let defense = m.defense.unwrap_or(u8::MAX) as i16;
        let held = d6_reaches(s.defend as i16 + g.defend as i16, defense);
        let extra = game.rules().modes.defend_bonus as i16 + s.defend_bonus as i16;
        let after_win = two_d6_beats(plus + bonus + extra, target);
        let after_lose = if miss_costs { 1.0 - two_d6_reaches(plus + bonus + extra, target) } else { 0.0 };
        let defend = match self.style.combat {
            CombatChoice::Attack => false,
            // Lives lost per wound dealt: attacking, lose / win a round; defending first,
            // (a failed Defend, or the attack after it lost) per wound of the attack after it.
            CombatChoice::Defend => ((1.0 - held) + held * after_lose) * win < lose * held * after_win,
            CombatChoice::Mixed => held * (after_win - after_lose) - (1.0 - held) > win - lose,
        };
        Some(if defend { C::Combat(Answer::Defend) } else { attack })
    }

    /// The End Boss: Fight, or Defend first by the style (as against a monster).
    pub(super) fn boss(&self, game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
        let fight = C::Boss(BossAnswer::Fight);
        if !offered(choices, C::Boss(BossAnswer::Defend)) {
            return Some(fight);
        }
        let (_, f) = game.player(seat).boss?;
        let BossPending::Choose { target } = f.pending() else { return Some(fight) };
        let target = target as i16;
        let fighter = game.fighter(seat);
        let (s, g) = (fighter.skills, fighter.gear);
        let plus = s.combat as i16 + g.combat as i16 + s.boss_combat as i16 + f.bonus() as i16;
        let (win, lose) = (two_d6_beats(plus, target), 1.0 - two_d6_reaches(plus, target));
        let held = two_d6_reaches(s.defend as i16 + g.defend as i16, target);
        let extra = game.rules().modes.defend_bonus as i16 + s.defend_bonus as i16;
        let (after_win, after_lose) = (two_d6_beats(plus + extra, target), 1.0 - two_d6_reaches(plus + extra, target));
        let defend = f.bonus() == 0
            && match self.style.combat {
                CombatChoice::Attack => false,
                CombatChoice::Defend => ((1.0 - held) + held * after_lose) * win < lose * held * after_win,
                CombatChoice::Mixed => held * (after_win - after_lose) - (1.0 - held) > win - lose,
            };
        Some(if defend { C::Boss(BossAnswer::Defend) } else { fight })
    }

    /// An In Hand card: into a free hand, else in place of the held card worth least if it is
    /// worth more (by the style's weights), else into the bag.
    fn loot(&self, game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
        let rules = game.rules();
        let worth = |card: u8| match rules.loot.get(card as usize).map(|l| l.loot) {
            Some(Loot::InHand(m)) => self.worth(m),
            _ => 0,
        };
        let new = worth(game.held_loot()?);
        let hand = &game.player(seat).hand;
        if offered(choices, C::Equip(hand.len() as u8)) {
            return Some(C::Equip(hand.len() as u8));
        }
        let (k, least) = hand.iter().enumerate().map(|(k, &c)| (k, worth(c))).min_by_key(|&(_, w)| w)?;
        Some(if new > least { C::Equip(k as u8) } else { C::Bag })
    }

    pub(super) fn worth(&self, m: Mods) -> i16 {
        let w = self.style.weights;
        w[0] * m.combat as i16 + w[1] * m.defend as i16 + w[2] * m.range as i16
    }

    /// The end-of-turn XP exchange: a life at or below `life_at` lives, else a level when
    /// the XP reach it, else the XP kept.
    fn exchange(&self, game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
        let low = game.player(seat).lives <= self.style.life_at;
        Some(if low && offered(choices, C::Life) {
            C::Life
        } else if offered(choices, C::Level) {
            C::Level
        } else {
            C::Go
        })
    }
}

/// The monster standing in `seat`'s room `room`.
/// The move that brings the hero closest to room `goal`, counting steps along the tree of
/// rooms each was built from; `None` if no move gets closer than where he stands.
fn toward(game: &DealingGame<'_>, seat: u8, goal: u8, choices: &DealingChoices) -> Option<DealingChoice> {
    let dungeon = game.dungeon(seat);
    let parent = |room: u8| dungeon.get(room as usize).map_or(0, |r| r.parent);
    // Steps from each of the goal's ancestors (itself included) down to the goal.
    let mut to_goal = [u8::MAX; 64];
    let (mut room, mut steps) = (goal, 0u8);
    loop {
        to_goal[room as usize % 64] = steps;
        if room == 0 || steps >= 63 {
            break;
        }
        room = parent(room);
        steps += 1;
    }
    let distance = |mut room: u8| {
        let mut up = 0u8;
        while to_goal[room as usize % 64] == u8::MAX && up < 64 {
            room = parent(room);
            up += 1;
        }
        up.saturating_add(to_goal[room as usize % 64])
    };
    let here = distance(game.player(seat).at);
    choices
        .iter()
        .copied()
        .filter_map(|c| match c {
            C::Move(r) => Some((distance(r), c)),
            _ => None,
        })
        .filter(|&(d, _)| d < here)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// The last Treasure Room laid in the hero's dungeon (Solo Hard's deepest level's).
fn treasure_room(game: &DealingGame<'_>, seat: u8) -> Option<u8> {
    game.dungeon(seat).iter().rposition(|r| r.card == RoomCard::Treasure).map(|i| i as u8)
}

fn monster_in(game: &DealingGame<'_>, seat: u8, room: u8) -> Option<Monster> {
    let st = game.dungeon(seat).get(room as usize)?.monster?;
    match game.rules().encounters.get(st.card as usize)?.encounter {
        Encounter::Monster(m) => Some(m),
        _ => None,
    }
}

/// Where the drawn card goes: the placement leaving the most doorways onto free spaces
/// (more ways to build on), away from the players' edge on a tie.
fn place(game: &DealingGame<'_>, seat: u8, choices: &DealingChoices) -> Option<DealingChoice> {
    let rules = game.rules();
    let mask = match game.drawn()? {
        RoomCard::Deck(k) => rules.rooms.get(k as usize)?.doors,
        RoomCard::Treasure => return Some(choices[0]),
        RoomCard::Entrance => rules.entrance.doors,
    };
    let from = game.dungeon(seat).get(game.player(seat).at as usize)?;
    let (w, d) = (rules.geometry.table_spaces.0 as i8, rules.geometry.table_spaces.1 as i8);
    let taken = |x: i8, y: i8| game.room_at(x, y).is_some();
    let score = |side: Side, turns: u8| {
        let (dx, dy) = step(side);
        let (x, y) = (from.x + dx, from.y + dy);
        let doors = turn(mask, turns) & !opposite(side).bit();
        let onward = Side::ALL
            .into_iter()
            .filter(|&s| doors & s.bit() != 0)
            .filter(|&s| {
                let (ex, ey) = step(s);
                let (nx, ny) = (x + ex, y + ey);
                (0..w).contains(&nx) && (0..d).contains(&ny) && !taken(nx, ny)
            })
            .count() as i16;
        onward * 4 + i16::from(side == Side::North)
    };
    let mut best: Option<(i16, DealingChoice)> = None;
    for &c in choices {
        if let C::Place { side, turns } = c {
            let s = score(side, turns);
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, c));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// A hero card on offer (an optional hero-choice procedure): the strongest at level 1 by
/// its Combat and Defend first, then Range, then Boss Combat, the first such on a tie.
fn hero(game: &DealingGame<'_>, choices: &DealingChoices) -> Option<DealingChoice> {
    let heroes = &game.rules().heroes;
    let strength = |c: &DealingChoice| match *c {
        C::Hero { hero, side } => heroes.get(hero as usize).map(|h| {
            let s = h.skills(side, 1);
            (i16::from(s.combat) + i16::from(s.defend), s.range, s.boss_combat)
        }),
        _ => None,
    };
    // `max_by_key` keeps the last of equals: scan reversed to keep the first.
    choices.iter().rev().filter(|c| strength(c).is_some()).max_by_key(|c| strength(c)).copied()
}
