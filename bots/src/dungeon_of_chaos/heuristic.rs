//! One heuristic for every decision of The Dungeon of Chaos, from what the players see and
//! the legal answers; its [`Style`] makes it `greedy`, `cautious` or `mixed`.
//!
//! In outline: a profile by its values; in the movement phase treasure redeemed, chests opened
//! and items put on first, then town when hurt or rich enough to win, down the stairs while
//! shallower than the style's depth, else new ground; in combat the weakest monster attacked
//! with the last weapon offered, or a flight when the fight looks lost (by the style's margin).

use super::route::{avoided, step, Routes, Walker};
use super::style::Style;
use dq_engine::dungeon_of_chaos::combat::{Answer, Combat, Presence};
use dq_engine::dungeon_of_chaos::data::{Attr, Feature, ItemType};
use dq_engine::dungeon_of_chaos::game::board::LEVEL_SQUARES;
use dq_engine::dungeon_of_chaos::game::{Ask, ChaosChoice, ChaosChoices, Dir, Edge, Hero, Sq, GOLD_TO_WIN};
use dq_engine::dungeon_of_chaos::rules::LEVELS;
use dq_engine::dungeon_of_chaos::ChaosGame;
use dq_engine::rng::GameRng;
use std::cell::OnceCell;

/// The heuristic with its settings. `Copy`, no state between decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristic {
    pub style: Style,
}

/// A uniform pick among the legal answers that `f` accepts.
fn pick(legal: &ChaosChoices, rng: &mut GameRng, f: impl Fn(&ChaosChoice) -> bool) -> Option<ChaosChoice> {
    let n = legal.iter().filter(|c| f(c)).count();
    (n > 0).then(|| legal.iter().filter(|c| f(c)).nth(rng.below(n as u32) as usize).copied()).flatten()
}

/// The first step towards the nearest square where a goal holds (or new ground when asked),
/// as a legal answer.
type StepTo<'a> = dyn Fn(&dyn Fn(Sq) -> bool, bool) -> Option<ChaosChoice> + 'a;

/// Whether level `level` (0-based) has something left to explore: an unexplored square
/// beside a square of a tile walks may cross (a way on or a wall to search), or no tile yet.
fn open_level(g: &ChaosGame<'_>, level: u8) -> bool {
    let b = g.board();
    let first = level * LEVEL_SQUARES;
    let squares = (first..first + LEVEL_SQUARES).map(Sq);
    let mut any = false;
    for s in squares {
        if b.explored(s) {
            any = true;
            if !avoided(g, s) && Dir::ALL.into_iter().any(|d| !b.explored(step(s, d))) {
                return true;
            }
        }
    }
    !any
}

/// A profile's worth: fighting values first, then Health, Speed and Mind.
fn profile_worth(stats: [i8; 5]) -> i32 {
    let v = |a: Attr| i32::from(stats[a as usize]);
    3 * v(Attr::Attack) + 3 * v(Attr::Defence) + v(Attr::Health) + 2 * v(Attr::Speed) + v(Attr::Mind)
}

impl Heuristic {
    pub fn new(style: Style) -> Heuristic {
        Heuristic { style }
    }

    /// The answer of `seat` to `ask`, one of `legal` (never empty).
    pub fn choose(
        &self,
        g: &ChaosGame<'_>,
        seat: u8,
        ask: Ask,
        legal: &ChaosChoices,
        rng: &mut GameRng,
    ) -> ChaosChoice {
        let h = g.hero(seat);
        let has = |c: ChaosChoice| legal.contains(&c);
        let chosen = match ask {
            Ask::Profile => {
                let offer = g.offer();
                let worth = |c: &ChaosChoice| match *c {
                    ChaosChoice::Profile(i) => {
                        profile_worth(g.rules().characters[offer[usize::from(i) % 3] as usize].stats)
                    }
                    _ => i32::MIN,
                };
                legal.iter().copied().max_by_key(|c| worth(c))
            }
            Ask::Beginning => has(ChaosChoice::Go).then_some(ChaosChoice::Go),
            Ask::SecretDoor => has(ChaosChoice::Through).then_some(ChaosChoice::Through),
            Ask::Escape => has(ChaosChoice::Away).then_some(ChaosChoice::Away),
            Ask::Loop => None,
            Ask::Flight => {
                if self.wants_town(g, h) && has(ChaosChoice::Up) {
                    Some(ChaosChoice::Up)
                } else if self.style.flee_margin > 0 {
                    pick(legal, rng, |c| matches!(c, ChaosChoice::Move { .. } | ChaosChoice::Up | ChaosChoice::Down))
                } else {
                    has(ChaosChoice::Fight).then_some(ChaosChoice::Fight)
                }
            }
            Ask::Combat => h.fight.as_ref().and_then(|f| self.combat(f, legal)),
            Ask::Turn => self.turn(g, h, legal, rng),
        };
        chosen.filter(|c| legal.contains(c)).unwrap_or(legal[0])
    }

    /// Gold and treasure enough to win, or Health below the style's share: town.
    fn wants_town(&self, g: &ChaosGame<'_>, h: &Hero) -> bool {
        let rules = g.rules();
        let treasure: u32 = h
            .items
            .iter()
            .map(|&i| &rules.items[i as usize])
            .filter(|i| i.kind == ItemType::Treasure)
            .map(|i| u32::from(i.value))
            .sum();
        let health = i32::from(h.stats[Attr::Health as usize]);
        let start = i32::from(h.start[Attr::Health as usize]).max(1);
        h.gold + treasure >= GOLD_TO_WIN || health * 100 < start * i32::from(self.style.town_below)
    }

    /// The movement phase.
    fn turn(&self, g: &ChaosGame<'_>, h: &Hero, legal: &ChaosChoices, rng: &mut GameRng) -> Option<ChaosChoice> {
        let rules = g.rules();
        let at = h.square()?;
        // Coins first (treasure redeemed, the Alchemist's transmutation), then chests and
        // items put on where nothing of their type is worn.
        if let Some(c) = pick(legal, rng, |c| matches!(c, ChaosChoice::Redeem(_) | ChaosChoice::Transmute(_))) {
            return Some(c);
        }
        let kind = |i: u8| rules.items[h.items[i as usize] as usize].kind;
        let bare = |i: u8| {
            !rules.items[h.items[i as usize] as usize].cursed
                && (0..h.items.len() as u8).all(|j| h.worn & (1 << j) == 0 || kind(j) != kind(i))
        };
        if let Some(c) =
            pick(legal, rng, |c| matches!(*c, ChaosChoice::OpenChest) || matches!(*c, ChaosChoice::Equip(i) if bare(i)))
        {
            return Some(c);
        }
        let feature = |s: Sq| g.board().laid_at(s).map_or(Feature::Corridor, |l| rules.tiles[l.tile as usize].feature);
        let walker = Walker::of(g, h);
        // One search a decision, made when first asked.
        let routes = OnceCell::new();
        let routes = || routes.get_or_init(|| Routes::new(g, at, walker));
        let step_to = |goal: &dyn Fn(Sq) -> bool, frontier: bool| {
            routes().first_step(g, frontier, goal).and_then(|(from, dir)| {
                [ChaosChoice::Move { from, dir }, ChaosChoice::Open { from, dir }]
                    .into_iter()
                    .find(|c| legal.contains(c))
            })
        };
        if self.wants_town(g, h) {
            if legal.contains(&ChaosChoice::Up) {
                return Some(ChaosChoice::Up);
            }
            let up =
                |s: Sq| matches!(feature(s), Feature::StaircaseUp) || (feature(s) == Feature::Entry && s.level() == 0);
            if let Some(c) = step_to(&up, false) {
                return Some(c);
            }
        } else if (at.level() + 1..self.style.target_level(h.items.len())).any(|l| open_level(g, l)) {
            if legal.contains(&ChaosChoice::Down) {
                return Some(ChaosChoice::Down);
            }
            if let Some(c) = step_to(&|s| feature(s) == Feature::StaircaseDown, false) {
                return Some(c);
            }
        }
        // New ground: an exit onto an unexplored square, a door, the way to the nearest one;
        // when none is left, a search for a secret door in a wall facing unexplored squares
        // (here, or on the nearest tile that has one); on a level with neither, a staircase
        // to another level; else any way on.
        let b = g.board();
        let new = |c: &ChaosChoice| matches!(*c, ChaosChoice::Move { from, dir } if !b.explored(step(from, dir)));
        if let Some(c) = pick(legal, rng, new)
            .or_else(|| pick(legal, rng, |c| matches!(c, ChaosChoice::Open { .. })))
            .or_else(|| step_to(&|_| false, true))
        {
            return Some(c);
        }
        // Monsters waiting in a room (fled from, or left by the dead) while nearly unhurt:
        // their treasure is still there.
        let health = i32::from(h.stats[Attr::Health as usize]);
        let fit = health * 100 >= i32::from(h.start[Attr::Health as usize]) * i32::from(self.style.hunt_above);
        if fit {
            if let Some(c) = step_to(&|s| b.laid_at(s).is_some_and(|l| l.n_monsters > 0), false) {
                return Some(c);
            }
        }
        // A wall between a square he can reach and one he cannot.
        let reached = routes().reach(g);
        let blind_wall = |s: Sq, d: Dir| {
            let t = step(s, d);
            b.edge(s, d) == Edge::Wall && !b.same_tile(s, t) && !reached[t.0 as usize] && !avoided(g, t)
        };
        pick(legal, rng, |c| matches!(*c, ChaosChoice::Search { from, dir } if blind_wall(from, dir)))
            .or_else(|| step_to(&|s| !avoided(g, s) && Dir::ALL.into_iter().any(|d| blind_wall(s, d)), false))
            .or_else(|| self.other_level(g, h, legal, &step_to, &feature))
            .or_else(|| pick(legal, rng, |c| matches!(c, ChaosChoice::Move { .. } | ChaosChoice::Stumble)))
            .or_else(|| legal.contains(&ChaosChoice::End).then_some(ChaosChoice::End))
    }

    /// A level with nothing left to explore: down a staircase (or a step towards one) while
    /// above the style's depth, else up, towards levels with something left to explore.
    fn other_level(
        &self,
        g: &ChaosGame<'_>,
        h: &Hero,
        legal: &ChaosChoices,
        step_to: &StepTo<'_>,
        feature: &dyn Fn(Sq) -> Feature,
    ) -> Option<ChaosChoice> {
        let at = h.square()?;
        let up = |s: Sq| matches!(feature(s), Feature::StaircaseUp | Feature::Entry);
        // Deeper while shallower than the style's depth (the levels below it kill) and
        // where something is left to explore; else up to a level with something left.
        // When every level down to the style's depth is done, one level deeper: there is
        // nothing else to win with.
        let deeper = at.level() + 1;
        let above = (0..at.level()).any(|l| open_level(g, l));
        let depth = self.style.target_level(h.items.len()).min(LEVELS);
        let below = |to: u8| (deeper..to).any(|l| open_level(g, l));
        if below(depth) || (!above && below((depth + 1).min(LEVELS))) {
            let down = legal.contains(&ChaosChoice::Down).then_some(ChaosChoice::Down);
            // A pit drops him to the same square below as well as stairs do.
            // (not for a climber who does not fly: he climbs round it).
            let (fly, climb) = g.flies_or_climbs(g.active());
            let pit = fly || !climb;
            return down.or_else(|| {
                step_to(&|s| feature(s) == Feature::StaircaseDown || (pit && feature(s) == Feature::Pit), false)
            });
        }
        if !above {
            return None;
        }
        legal.contains(&ChaosChoice::Up).then_some(ChaosChoice::Up).or_else(|| step_to(&up, false))
    }

    /// A combat action: flight when the fight looks lost by the style's margin, else the
    /// weakest monster attacked with the last weapon offered.
    fn combat(&self, f: &Combat, legal: &ChaosChoices) -> Option<ChaosChoice> {
        let hero_health = f32::from(f.effective(0, Attr::Health).max(0));
        let (hero_attack, hero_defence) =
            (f32::from(f.effective(0, Attr::Attack)), f32::from(f.effective(0, Attr::Defence)));
        // Expected wounds a round: d8 (4.5) + Attack − Defence, at least none.
        let wounds = |attack: f32, defence: f32| (attack + 4.5 - defence).max(0.0);
        let (mut taken, mut to_deal) = (0.0f32, 0.0f32);
        let mut weakest: Option<(u8, i8)> = None;
        for i in 1..f.len() {
            let m = f.fighter(i);
            if m.presence != Presence::In {
                continue;
            }
            taken += wounds(f32::from(f.effective(i, Attr::Attack)), hero_defence);
            let health = f.effective(i, Attr::Health).max(0);
            to_deal += f32::from(health) / wounds(hero_attack, f32::from(f.effective(i, Attr::Defence))).max(0.5);
            if weakest.is_none_or(|(_, h)| health < h) {
                weakest = Some((i, health));
            }
        }
        let flee = ChaosChoice::Combat(Answer::Flee);
        if legal.contains(&flee) {
            let dying = hero_health <= taken;
            let losing = self.style.flee_margin > 0
                && taken > 0.0
                && hero_health / taken * f32::from(self.style.flee_margin) / 100.0 < to_deal;
            if dying || losing {
                return Some(flee);
            }
        }
        let foe = weakest.map(|(i, _)| i);
        legal
            .iter()
            .rev()
            .find(|c| matches!(c, ChaosChoice::Combat(Answer::Attack { foe: t, .. }) if Some(*t) == foe))
            .or_else(|| legal.iter().rev().find(|c| matches!(c, ChaosChoice::Combat(Answer::Attack { .. }))))
            .copied()
    }
}
