//! One heuristic for every decision of The Dungeon of Chaos, from what the players see and
//! the legal answers; its [`Style`] makes it `greedy`, `cautious` or `mixed`.
//!
//! In outline: a profile by its values; in the movement phase treasure redeemed, chests opened
//! and items put on first, then town when hurt or rich enough to win, down the stairs while
//! shallower than the style's depth, else new ground; in combat the weakest monster attacked
//! with the last weapon offered, or a flight when the fight looks lost (by the style's margin).

use super::route::first_step;
use super::style::Style;
use dq_engine::dungeon_of_chaos::combat::{Answer, Combat, Presence};
use dq_engine::dungeon_of_chaos::data::{Attr, Feature, ItemType};
use dq_engine::dungeon_of_chaos::game::{Ask, ChaosChoice, ChaosChoices, Hero, Sq, GOLD_TO_WIN};
use dq_engine::dungeon_of_chaos::ChaosGame;
use dq_engine::rng::GameRng;

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
        let step_to = |goal: &dyn Fn(Sq) -> bool, frontier: bool| {
            first_step(g, at, frontier, goal).and_then(|(from, dir)| {
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
        } else if at.level() + 1 < self.style.target_level(h.items.len()) {
            if legal.contains(&ChaosChoice::Down) {
                return Some(ChaosChoice::Down);
            }
            if let Some(c) = step_to(&|s| feature(s) == Feature::StaircaseDown, false) {
                return Some(c);
            }
        }
        // New ground: an exit onto an unexplored square, a door, the way to the nearest one,
        // now and then a search, else any way on.
        let new =
            |c: &ChaosChoice| matches!(*c, ChaosChoice::Move { from, dir } if !g.board().explored(from.step(dir)));
        pick(legal, rng, new)
            .or_else(|| pick(legal, rng, |c| matches!(c, ChaosChoice::Open { .. })))
            .or_else(|| step_to(&|_| false, true))
            .or_else(|| {
                let search = |c: &ChaosChoice| matches!(c, ChaosChoice::Search { .. });
                if rng.below(3) == 0 {
                    pick(legal, rng, search)
                } else {
                    None
                }
            })
            .or_else(|| pick(legal, rng, |c| matches!(c, ChaosChoice::Move { .. } | ChaosChoice::Stumble)))
            .or_else(|| legal.contains(&ChaosChoice::End).then_some(ChaosChoice::End))
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
