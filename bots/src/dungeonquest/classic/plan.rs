//! A whole-game hero policy for the 1987 game: `greedy`, `cautious` and `mixed` are one
//! planner with different parameters (docs/bots.md, "Classic (1987)").
//!
//! Every decision reads the distance maps of [`super::route`]: the way to the Treasure
//! Chamber while going in is worth more by the spec's objective (gold carried out plus `life`
//! if out alive) than going home now, the night a continuous risk of the turns to spare and
//! the way's rooms a hazard per turn; else the way to the nearest tower. In the chamber it
//! loots while the spec's `dragon_draws` and `risk` allow and another draw pays by the same
//! objective. Combat answers come from [`ClassicHero`]. What a seat remembers within a game
//! is its [`Memory`].

use super::fight::ClassicHero;
use super::route::{BoardView, RouteMaps, Step, Target, Walker, Want, CHAMBER_ENTRY, NODES, RING, UNREACHED};
use crate::dungeonquest::spec::{BotKind, BotSpec, EscapeStyle};
use arrayvec::ArrayVec;
use dq_engine::dungeonquest::board::{
    chamber_cells, dir_between, is_tower, is_treasure, manhattan, Cell, TOWERS, TREASURE,
};
use dq_engine::dungeonquest::classic::data::RingEffect;
use dq_engine::dungeonquest::classic::decks::{CardEffect, Characteristic, ClassicDeck, PotionResult, Roll};
use dq_engine::dungeonquest::classic::game::{
    Ask, ClassicChoice, ClassicChoices, ClassicGame, Onward, Optional, Plight,
};
use dq_engine::dungeonquest::classic::rules::Hit;
use dq_engine::dungeonquest::classic::ClassicRules;
use dq_engine::dungeonquest::data::TileKind;
use dq_engine::rng::GameRng;

/// Turns kept in hand beyond the spec's `margin`: a Room card can cost a turn or two.
const SLACK: i32 = 1;
/// Turns a map distance takes, in percent of its tenths, at `pace=100`, on the way in to the
/// Treasure Chamber: the maps count a turn a room, and the way in is judged on that (an open
/// run could make it).
const PACE_IN: i32 = 100;
/// The same on every way out (from the chamber, or from where the hero stands): Room cards
/// (fights, jammed doors, a torch out) and tiles that lead nowhere make a way slower than
/// its rooms; measured, 120% keeps Night deaths low without giving up the chamber
/// (docs/bots.md, "Classic (1987)").
const PACE_OUT: i32 = 120;
/// The variance of a way's turns, in turns² per turn of it: Room cards, jammed doors and tiles
/// that lead nowhere.
const SPREAD: f64 = 0.35;
/// The worst a fight from a card is taken to cost, for a Corpse or Crypt search.
const FIGHT_WORST: u8 = 8;

/// How a planner setting weighs risk, beyond its [`BotSpec`] parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Temper {
    /// Heads for a tower once his LPs fall below this share of the sheet's, in percent.
    wounded_pct: u8,
    /// LPs kept above a Corpse or Crypt card's worst before searching it.
    spare_lp: u8,
    /// Tenths of a turn a certain death weighs on a route (a Bottomless Pit).
    dread: u16,
    /// The chance of dying on a turn of walking (monsters, traps, pits, cards): what a longer
    /// way risks besides the night. Estimated from the cliff planner's deaths other than by
    /// night and the Dragon (about 25% of greedy heroes over some 15 turns inside): greedy
    /// 1.5%, cautious (who escapes monsters) 0.5% (docs/bots.md, "Classic (1987)").
    hazard: f64,
    /// `ln(1 - hazard)`, for [`Temper::alive`].
    log_safe: f64,
}

impl Temper {
    fn of(kind: BotKind) -> Temper {
        let (wounded_pct, spare_lp, dread, hazard) = match kind {
            BotKind::Cautious => (40, 4, 400, 0.005),
            _ => (0, 0, 150, 0.015),
        };
        Temper { wounded_pct, spare_lp, dread, hazard, log_safe: (1.0 - hazard).ln() }
    }

    /// The chance of living through `turns` turns of walking: `(1 - hazard)^turns`, as one
    /// `exp` (a `powf` per estimate cost more than the rest of the estimate).
    fn alive(&self, turns: f64) -> f64 {
        (turns * self.log_safe).exp()
    }
}

/// What a hero sheet risks on each optional draw, worked out once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SheetRisk {
    /// The most LPs one card can cost (u8::MAX: it can kill outright).
    corpse: u8,
    crypt: u8,
    search: u8,
    /// Whether the Potion Table gains LPs on average.
    potion_heals: bool,
}

/// What a seat remembers within one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    /// The hero gave the Treasure Chamber up (out of time, or wounded): he heads out for good
    /// rather than turning back and forth as the estimate wavers.
    pub homeward: bool,
}

/// The planner of one seat: its spec, temper, combat policy and per-sheet risks.
#[derive(Clone, Debug)]
pub struct Planner {
    spec: BotSpec,
    temper: Temper,
    hero: ClassicHero,
    risks: Vec<SheetRisk>,
    /// The mean Treasure counter, in gold.
    counter_gold: f64,
}

/// The turn-by-turn facts a decision is made on.
struct Situation<'g, 'r> {
    game: &'g ClassicGame<'r>,
    view: BoardView<'g, 'r>,
    seat: u8,
    pos: Cell,
    /// The node the hero stands on (a Chasm's part).
    node: usize,
    walker: Walker,
    /// Sun turns left, this one included.
    turns: i32,
    life: u8,
    max_life: u8,
}

impl Planner {
    /// The planner of `spec` (a strategic kind) with its combat policy (tables built once
    /// per run).
    pub fn with_hero(rules: &ClassicRules, spec: BotSpec, hero: ClassicHero) -> Planner {
        let risks = rules
            .heroes
            .iter()
            .map(|h| SheetRisk {
                corpse: worst_loss(rules, ClassicDeck::Corpse, h.attrs),
                crypt: worst_loss(rules, ClassicDeck::Crypt, h.attrs),
                search: worst_loss(rules, ClassicDeck::Search, h.attrs),
                potion_heals: potion_mean(rules, h.attrs, h.life) > 0.0,
            })
            .collect();
        let n = rules.treasure.len().max(1) as f64;
        let counter_gold = rules.treasure.iter().map(|&g| f64::from(g)).sum::<f64>() / n;
        Planner { spec, temper: Temper::of(spec.kind), hero, risks, counter_gold }
    }

    pub fn spec(&self) -> BotSpec {
        self.spec
    }

    /// The combat policy (its counter mix is what the monster player may know).
    pub fn hero(&self) -> &ClassicHero {
        &self.hero
    }

    /// Answers the pending decision of `game` (one of `choices`).
    pub fn choose(
        &self,
        game: &ClassicGame<'_>,
        ask: Ask,
        choices: &ClassicChoices,
        rng: &mut GameRng,
        maps: &mut RouteMaps,
        memory: &mut Memory,
    ) -> ClassicChoice {
        let seat = game.pending().map_or(game.active(), |d| d.seat);
        let c = match ask {
            Ask::Tower => self.tower(game, seat, choices),
            Ask::Fight => match game.fight() {
                Some(f) => ClassicChoice::Combat(self.hero.decide(f, rng)),
                None => choices[0],
            },
            Ask::Spider => self.spider(game, seat, choices),
            Ask::Optional(o) => self.optional(game, seat, o),
            // A forced move (a corridor with one way on): nothing to weigh, so no map is
            // brought up to date; the next decision takes the tiles in at once.
            _ if choices.len() == 1 => choices[0],
            _ => {
                let s = self.situation(game, seat);
                self.move_decision(&s, ask, choices, rng, maps, memory)
            }
        };
        if choices.contains(&c) {
            c
        } else {
            choices[0]
        }
    }

    fn situation<'g, 'r>(&self, game: &'g ClassicGame<'r>, seat: u8) -> Situation<'g, 'r> {
        let view = BoardView::new(game);
        let h = game.hero(seat);
        let rules = game.rules();
        let sheet = &rules.heroes[h.hero as usize % rules.heroes.len()];
        let ring_of_opening =
            h.ring.and_then(|r| rules.rings.get(r as usize)).is_some_and(|r| r.effect == RingEffect::Opening);
        let walker = Walker {
            seat,
            strength: sheet.attrs[Characteristic::Strength.index()],
            agility: sheet.attrs[Characteristic::Agility.index()],
            ring_of_opening,
            dread: self.temper.dread,
        };
        let chasm = view.kind(h.pos) == Some(TileKind::Chasm);
        let node = h.pos as usize * 2 + usize::from(chasm && h.part == 1);
        Situation {
            game,
            view,
            seat,
            pos: h.pos,
            node,
            walker,
            turns: 27 - i32::from(game.round()),
            life: h.life,
            max_life: sheet.life,
        }
    }

    /// Turns a way out of `dist` takes.
    fn turns(&self, dist: u16) -> i32 {
        self.turns_at(dist, PACE_OUT)
    }

    /// Turns `dist` takes at `pace` percent and the spec's `pace`.
    fn turns_at(&self, dist: u16, pace: i32) -> i32 {
        if dist == UNREACHED {
            return 1_000;
        }
        (i32::from(dist) * i32::from(self.spec.params.pace) * pace + 99_999) / 100_000
    }

    /// The mean turns `dist` takes at `pace` percent and the spec's `pace` (1,000 if no way).
    fn mean_turns(&self, dist: u16, pace: i32) -> f64 {
        if dist == UNREACHED {
            return 1_000.0;
        }
        f64::from(dist) * f64::from(self.spec.params.pace) * f64::from(pace) / 100_000.0
    }

    /// The distance from where the hero stands (the nearer half of the chamber).
    fn here(map: &[u16; NODES], s: &Situation<'_, '_>) -> u16 {
        if is_treasure(s.pos) {
            chamber_cells(s.pos).iter().map(|&c| map[c as usize * 2]).min().unwrap_or(UNREACHED)
        } else {
            map[s.node]
        }
    }

    /// The nodes [`Planner::here`] reads.
    fn here_nodes(s: &Situation<'_, '_>) -> ArrayVec<usize, 2> {
        if is_treasure(s.pos) {
            chamber_cells(s.pos).iter().map(|&c| c as usize * 2).collect()
        } else {
            [s.node].into_iter().collect()
        }
    }

    /// The move from where the hero stands (either half of the chamber) into `to`, as the
    /// maps price it.
    fn move_step(s: &Situation<'_, '_>, maps: &RouteMaps, to: Cell) -> Option<Step> {
        let (from, d) = chamber_cells(s.pos).into_iter().find_map(|f| dir_between(f, to).map(|d| (f, d)))?;
        maps.step(s.seat, from, d)
    }

    /// The turn's action and every move that follows one.
    fn move_decision(
        &self,
        s: &Situation<'_, '_>,
        ask: Ask,
        choices: &ClassicChoices,
        rng: &mut GameRng,
        maps: &mut RouteMaps,
        memory: &mut Memory,
    ) -> ClassicChoice {
        let p = self.spec.params;
        let margin = i32::from(p.margin);
        let game = s.game;
        let h = game.hero(s.seat);
        // The chamber may still be the goal while no treasure is held.
        let may_go_in = h.counters == 0 && !memory.homeward && !is_treasure(s.pos);
        let wounded = u32::from(s.life) * 100 < u32::from(self.temper.wounded_pct) * u32::from(s.max_life);
        let mut target = Target::Tower;
        let mut spare = Spare::Known(0);
        if may_go_in {
            // Heading in, the chamber map is kept. A way's cost read backwards differs only by
            // its ends' entries, so the way out of the chamber is the chamber map's least
            // distance from a tower, less the chamber's entry; the way home is read off the
            // same map as the way from a tower to here (exact when the hero came by the
            // shortest way in, else short of it).
            maps.look(&s.view, &s.walker, Target::Chamber);
            maps.settle(s.seat, Target::Chamber, Want::Each(&Self::here_nodes(s)));
            let into = Self::here(maps.map(s.seat, Target::Chamber), s);
            let entry = s.view.room_cost(s.pos, &s.walker);
            let (held, worth) = (self.held_worth(game, s), self.treasure_worth(game, s));
            // The worth of going in and of heading home, were the way between the chamber and
            // the nearest tower `from_tower` long.
            let go = |from_tower: u16| {
                let out_of_chamber = from_tower.saturating_sub(CHAMBER_ENTRY);
                let trip = self.mean_turns(into, PACE_IN) + self.mean_turns(out_of_chamber, PACE_OUT);
                worth * self.way(s.turns, trip)
            };
            let stay = |from_tower: u16| {
                let home = if from_tower == UNREACHED || into == UNREACHED {
                    UNREACHED
                } else {
                    from_tower.saturating_sub(into).saturating_sub(entry)
                };
                held * self.way(s.turns, self.mean_turns(home, PACE_OUT))
            };
            let go_in = !wounded
                && match self.way_out_bounds(s, maps) {
                    Bounds::Exact(d) => go(d) > stay(d),
                    // Both worths fall as the way lengthens (see `Planner::way`): the decision
                    // holds over the whole range when it holds at its ends.
                    Bounds::Within(low, high) if sure_above(go(high), stay(low)) => true,
                    Bounds::Within(low, high) if sure_above(stay(high), go(low)) => false,
                    Bounds::Within(..) => {
                        let d = Self::from_tower(s, maps);
                        go(d) > stay(d)
                    }
                };
            if go_in {
                target = Target::Chamber;
                spare = Spare::Into(into);
            } else {
                memory.homeward = true;
            }
        }
        // Heading out (or in the chamber), the tower map; the way out of the chamber is read
        // by a hero in it, deciding to loot.
        let mut out_of_chamber = UNREACHED;
        // On a tower with the Exit offered, the way out is 0 (a tower is a target) and the
        // Exit is the best move: no map is brought up to date for a hero about to leave.
        if target == Target::Tower && is_tower(s.pos) && choices.contains(&ClassicChoice::Exit) {
            spare = Spare::Known(s.turns - margin - SLACK);
        } else if target == Target::Tower {
            maps.look(&s.view, &s.walker, Target::Tower);
            maps.settle(s.seat, Target::Tower, Want::Each(&Self::here_nodes(s)));
            // Read only where it is weighed (the choice to loot).
            if ask == Ask::Turn && choices.contains(&ClassicChoice::Loot) {
                maps.settle(s.seat, Target::Tower, Want::Least(&TOWERS_FROM_CHAMBER));
                let tower_map = maps.map(s.seat, Target::Tower);
                out_of_chamber = TOWERS_FROM_CHAMBER.iter().map(|&c| tower_map[c]).min().unwrap_or(UNREACHED);
            }
            let tower_map = maps.map(s.seat, Target::Tower);
            spare = Spare::Known(s.turns - self.turns(Self::here(tower_map, s)) - margin - SLACK);
        }
        let offered = if ask == Ask::Turn { Offered::of(choices) } else { Offered::default() };
        // Heading in, the turns to spare are read (with the exact way out of the chamber) only
        // where they are weighed: a heal or a search.
        let spare = match spare {
            Spare::Known(n) => n,
            Spare::Into(into) => {
                let weighed = ask == Ask::Turn
                    && ((offered.heal && s.life * 2 <= s.max_life) || (offered.search && p.search > 0));
                if weighed {
                    let out_of_chamber = Self::from_tower(s, maps).saturating_sub(CHAMBER_ENTRY);
                    s.turns - self.turns_at(into, PACE_IN) - self.turns(out_of_chamber) - margin - SLACK
                } else {
                    // Not read.
                    0
                }
            }
        };
        // The moves' nodes, which the best move reads.
        // The best move reads the moves' nodes: the cheapest exact, the others known dearer.
        let mut moves = ArrayVec::new();
        let priced = Self::priced_moves(s, maps, target, choices, &mut moves).then_some(&moves);
        if let Some(p) = priced {
            let ahead: ArrayVec<(usize, u16), 16> = p.iter().map(|p| (p.node, p.cost)).collect();
            maps.settle(s.seat, target, Want::Cheapest(&ahead));
        }
        let maps = &*maps;
        let life_ok = |worst: u8| s.life > worst;
        let risk = self.risks[h.hero as usize % self.risks.len()];
        match ask {
            Ask::Turn => {
                if offered.drink && s.life * 2 <= s.max_life && risk.potion_heals {
                    return ClassicChoice::Drink;
                }
                if offered.loot && !wounded && self.loot_pays(game, s, out_of_chamber) {
                    return ClassicChoice::Loot;
                }
                if offered.heal && s.life * 2 <= s.max_life && spare >= 1 {
                    return ClassicChoice::Heal;
                }
                if offered.search && p.search > 0 && spare >= i32::from(p.search) && life_ok(risk.search) {
                    return ClassicChoice::Search;
                }
                match Self::best_move(s, maps, target, priced) {
                    Some((c, _)) => c,
                    // No way known: a search may find a secret door.
                    None if offered.search => ClassicChoice::Search,
                    // Sealed in: rooms elsewhere in the pocket may be searched (or draw a
                    // Secret Door on entering).
                    None => random_move(choices, rng),
                }
            }
            Ask::Onward(Onward::Tower) => {
                if target == Target::Tower {
                    return ClassicChoice::Exit;
                }
                match Self::best_move(s, maps, target, priced) {
                    Some((c, _)) => c,
                    None => ClassicChoice::Exit,
                }
            }
            Ask::Onward(Onward::SecretDoor) => {
                let map = maps.map(s.seat, target);
                let stay = Self::here(map, s);
                match Self::best_move(s, maps, target, priced) {
                    Some((c, d)) if d < stay => c,
                    _ => ClassicChoice::Pass,
                }
            }
            Ask::CaveIn => {
                // Roll on while the way on is shorter than the way back (a failed roll costs
                // the turn: 12 / Agility turns expected).
                let map = maps.map(s.seat, target);
                let agility = i32::from(s.walker.agility.max(1));
                let on = i32::from(Self::here(map, s)) + 10 * (12 - agility) / agility;
                let back = Self::best_move(s, maps, target, priced).map_or(i32::MAX, |(_, d)| i32::from(d) + 10);
                if back < on && choices.contains(&ClassicChoice::Retreat) {
                    ClassicChoice::Retreat
                } else {
                    ClassicChoice::Roll
                }
            }
            _ => match Self::best_move(s, maps, target, priced) {
                Some((c, _)) => c,
                None => first_move(choices),
            },
        }
    }

    /// The chamber map's least distance from a tower: the way between the chamber and the
    /// nearest tower, settled exactly.
    fn from_tower(s: &Situation<'_, '_>, maps: &mut RouteMaps) -> u16 {
        maps.settle(s.seat, Target::Chamber, Want::Least(&TOWER_NODES));
        let cm = maps.map(s.seat, Target::Chamber);
        TOWER_NODES.iter().map(|&t| cm[t]).min().unwrap_or(UNREACHED)
    }

    /// What [`Planner::from_tower`] would read, without settling the chamber map at the
    /// towers (that settles every way a new tile shortens, all the way back to the tower the
    /// hero came from): exact if nothing there waits to be settled, else bounded. Below by
    /// what the map reads there or its least pending key, whichever is less (a distance below
    /// that key reads exact); above by a real way from the tower the map reads nearest
    /// ([`RouteMaps::walk_to_chamber`]), which is most often the exact one.
    fn way_out_bounds(&self, s: &Situation<'_, '_>, maps: &mut RouteMaps) -> Bounds {
        if maps.settled(s.seat, Target::Chamber, Want::Least(&TOWER_NODES)) {
            return Bounds::Exact(Self::from_tower(s, maps));
        }
        let cm = maps.map(s.seat, Target::Chamber);
        let (read, nearest) = TOWER_NODES.iter().map(|&t| (cm[t], t)).min().unwrap_or((UNREACHED, TOWER_NODES[0]));
        let low = read.min(maps.floor(s.seat, Target::Chamber));
        let fair = s.turns - i32::from(self.spec.params.margin) - SLACK >= 0;
        match maps.walk_to_chamber(s.seat, nearest) {
            Some(high) if high == u32::from(low) => Bounds::Exact(low),
            Some(high) if fair && high < u32::from(UNREACHED) && u32::from(low) < high => {
                Bounds::Within(low, high as u16)
            }
            _ => Bounds::Exact(Self::from_tower(s, maps)),
        }
    }

    /// The moves of `choices` priced as the maps price them (off the spaces they were read
    /// with): per move the node entered and what the move costs beyond the map's distance
    /// there, another hero's room dearer, the Ring of Opening's price for a move with it.
    /// They go into `out` (filled in place, not returned: a copy of it cost as much as the
    /// pricing); false when the Exit is offered on the way out: it is taken, no map read.
    fn priced_moves(
        s: &Situation<'_, '_>,
        maps: &RouteMaps,
        target: Target,
        choices: &ClassicChoices,
        out: &mut ArrayVec<Priced, 16>,
    ) -> bool {
        for &c in choices.iter() {
            let (to, ring) = match c {
                ClassicChoice::Move(t) => (t, false),
                ClassicChoice::MoveWithRing(t) => (t, true),
                ClassicChoice::Exit if target == Target::Tower => return false,
                _ => continue,
            };
            let Some(step) = Self::move_step(s, maps, to) else { continue };
            let enter =
                if target == Target::Tower && is_tower(to) { 0 } else { step.enter + s.view.taken(to, &s.walker) };
            let barrier = if ring { RING } else { step.barrier };
            let _ = out.try_push(Priced { choice: c, node: step.node, cost: enter.saturating_add(barrier) });
        }
        true
    }

    /// The move (or exit) with the shortest way on to `target`, and its distance, of the
    /// moves `priced` ([`Planner::priced_moves`]; the first of equal ones).
    fn best_move(
        s: &Situation<'_, '_>,
        maps: &RouteMaps,
        target: Target,
        priced: Option<&ArrayVec<Priced, 16>>,
    ) -> Option<(ClassicChoice, u16)> {
        let Some(priced) = priced else { return Some((ClassicChoice::Exit, 0)) };
        let map = maps.map(s.seat, target);
        let mut best: Option<(ClassicChoice, u16)> = None;
        for p in priced {
            let dist = map[p.node];
            if dist == UNREACHED {
                continue;
            }
            let score = dist.saturating_add(p.cost);
            if best.is_none_or(|(_, b)| score < b) {
                best = Some((p.choice, score));
            }
        }
        best
    }

    /// Whether one more turn in the Treasure Chamber pays by the spec's objective: within its
    /// `dragon_draws` and `risk`, the counters the turn may bring (or the Dragon's toll) and a
    /// turn less to get out ([`Planner::way`]) worth more than leaving now.
    fn loot_pays(&self, game: &ClassicGame<'_>, s: &Situation<'_, '_>, out_of_chamber: u16) -> bool {
        let p = self.spec.params;
        let rules = game.rules();
        let h = game.hero(s.seat);
        let per_turn = u32::from(rules.treasure_per_turn.max(1));
        let draws = h.counters.count_ones().div_ceil(per_turn);
        if draws >= u32::from(p.dragon_draws) || self.awake(game) * 100.0 > f64::from(p.risk) {
            return false;
        }
        // The turn in the chamber risks the Dragon, not the way's hazards.
        let out = self.mean_turns(out_of_chamber, PACE_OUT);
        let walk = self.temper.alive(out);
        let loot = self.treasure_worth(game, s) * walk * self.fits(s.turns - 1, out);
        let leave = self.held_worth(game, s) * walk * self.fits(s.turns, out);
        loot > leave
    }

    /// The chance the Dragon wakes at the next draw.
    fn awake(&self, game: &ClassicGame<'_>) -> f64 {
        let left = f64::from(game.dragon_left().max(1));
        (f64::from(game.rules().dragon.awake) / left).min(1.0)
    }

    /// The objective's worth of getting out with what the hero holds now: his gold and `life`.
    fn held_worth(&self, game: &ClassicGame<'_>, s: &Situation<'_, '_>) -> f64 {
        f64::from(game.gold(s.seat)) + f64::from(self.spec.params.life)
    }

    /// The objective's worth of getting out after one more draw in the Treasure Chamber: the
    /// Treasure counters' mean added while the Dragon sleeps; awake, all treasure lost and
    /// `life` only if its breath does not kill.
    fn treasure_worth(&self, game: &ClassicGame<'_>, s: &Situation<'_, '_>) -> f64 {
        let rules = game.rules();
        let awake = self.awake(game);
        let kills = match rules.dragon.breath {
            Hit::Fixed(n) => f64::from(u8::from(n >= s.life)),
            Hit::D6 => f64::from(7u8.saturating_sub(s.life).min(6)) / 6.0,
            Hit::D12 => f64::from(13u8.saturating_sub(s.life).min(12)) / 12.0,
        };
        let gain = self.counter_gold * f64::from(rules.treasure_per_turn.max(1));
        let life = f64::from(self.spec.params.life);
        (1.0 - awake) * (self.held_worth(game, s) + gain) + awake * (1.0 - kills) * life
    }

    /// The chance of getting out along a way of `need` turns on average with `turns` sun
    /// turns left: alive through its rooms (the temper's `hazard` a turn) and before night.
    fn way(&self, turns: i32, need: f64) -> f64 {
        self.temper.alive(need.min(60.0)) * self.fits(turns, need)
    }

    /// The chance a way of `need` turns on average fits in `turns` with the spec's `margin`
    /// (and [`SLACK`]) kept: the turns a way takes spread around its mean by [`SPREAD`] a
    /// turn, so time is a continuous risk, not a cliff.
    fn fits(&self, turns: i32, need: f64) -> f64 {
        if need >= 1_000.0 {
            return 0.0;
        }
        let spare = f64::from(turns - i32::from(self.spec.params.margin) - SLACK) + 0.5 - need;
        normal_cdf(spare / (1.0 + SPREAD * need).sqrt())
    }

    /// A start tower away from the heroes already placed.
    fn tower(&self, game: &ClassicGame<'_>, seat: u8, choices: &ClassicChoices) -> ClassicChoice {
        let placed = |c: Cell| {
            (0..game.seats())
                .filter(|&s| s != seat)
                .map(|s| game.hero(s).pos)
                .filter(|&p| TOWERS.contains(&p))
                .map(|p| manhattan(p, c))
                .min()
                .unwrap_or(u8::MAX)
        };
        let mut best = (choices[0], 0u8);
        for &c in choices.iter() {
            if let ClassicChoice::Tower(t) = c {
                let d = placed(TOWERS[t as usize % TOWERS.len()]);
                if d > best.1 {
                    best = (c, d);
                }
            }
        }
        best.0
    }

    /// The Giant Spider: arrows first; flight (which fights on if it fails) for a policy
    /// that escapes, or when a bite or two could kill; else a fight roll.
    fn spider(&self, game: &ClassicGame<'_>, seat: u8, choices: &ClassicChoices) -> ClassicChoice {
        if choices.contains(&ClassicChoice::Shoot) {
            return ClassicChoice::Shoot;
        }
        let h = game.hero(seat);
        let bite = match h.plight {
            Plight::Spider(k) => match game.rules().decks.deck(k.deck).get(k.card as usize).map(|c| c.effect) {
                Some(CardEffect::GiantSpider(sp)) => sp.bite,
                _ => 0,
            },
            _ => 0,
        };
        let flee = self.spec.params.escape == EscapeStyle::Always || h.life <= bite.saturating_mul(2);
        if flee && choices.contains(&ClassicChoice::Flee) {
            ClassicChoice::Flee
        } else if choices.contains(&ClassicChoice::Strike) {
            ClassicChoice::Strike
        } else {
            choices[0]
        }
    }

    /// Corpse and Crypt by risk appetite: searched while the worst card leaves LPs to spare;
    /// the Ring of Warning always used against a trap.
    fn optional(&self, game: &ClassicGame<'_>, seat: u8, o: Optional) -> ClassicChoice {
        let h = game.hero(seat);
        let risk = self.risks[h.hero as usize % self.risks.len()];
        let worst = match o {
            Optional::Corpse => risk.corpse,
            Optional::Crypt => risk.crypt,
            Optional::WarnTile | Optional::WarnCard => return ClassicChoice::Yes,
        };
        if u16::from(h.life) > u16::from(worst) + u16::from(self.temper.spare_lp) {
            ClassicChoice::Yes
        } else {
            ClassicChoice::No
        }
    }
}

/// The turn's actions besides moves that a decision offers, read in one pass over its
/// choices (a `contains` per action scanned every move again, at every turn).
#[derive(Clone, Copy, Debug, Default)]
struct Offered {
    drink: bool,
    loot: bool,
    heal: bool,
    search: bool,
}

impl Offered {
    fn of(choices: &ClassicChoices) -> Offered {
        let mut o = Offered::default();
        for c in choices.iter() {
            match c {
                ClassicChoice::Drink => o.drink = true,
                ClassicChoice::Loot => o.loot = true,
                ClassicChoice::Heal => o.heal = true,
                ClassicChoice::Search => o.search = true,
                _ => {}
            }
        }
        o
    }
}

/// The turns to spare as a decision knows them: worked out, or (heading in) to be worked
/// out from the way into the chamber if they are read.
#[derive(Clone, Copy, Debug)]
enum Spare {
    Known(i32),
    Into(u16),
}

/// What [`Planner::way_out_bounds`] knows of the way between the chamber and the towers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bounds {
    Exact(u16),
    /// At least the first, at most the second.
    Within(u16, u16),
}

/// Whether `a` exceeds `b` by more than rounding could blur (the worths are sums of
/// products of a few `exp`s: a relative 1e-9 is far above their rounding).
fn sure_above(a: f64, b: f64) -> bool {
    a - b > 1e-9 * (a.abs() + b.abs() + 1.0)
}

/// A move as [`Planner::best_move`] weighs it.
#[derive(Clone, Copy, Debug)]
struct Priced {
    choice: ClassicChoice,
    /// The node entered.
    node: usize,
    /// What the move costs beyond the map's distance at `node`.
    cost: u16,
}

/// The towers, as chamber-map nodes.
const TOWER_NODES: [usize; 4] =
    [TOWERS[0] as usize * 2, TOWERS[1] as usize * 2, TOWERS[2] as usize * 2, TOWERS[3] as usize * 2];

/// The two halves of the Treasure Chamber, as tower-map nodes.
const TOWERS_FROM_CHAMBER: [usize; 2] = [TREASURE[0] as usize * 2, TREASURE[1] as usize * 2];

/// A move of `choices` drawn uniformly, or `Pass` (else the first answer) if none.
fn random_move(choices: &ClassicChoices, rng: &mut GameRng) -> ClassicChoice {
    let moves = choices.iter().filter(|c| matches!(c, ClassicChoice::Move(_))).count();
    if moves == 0 {
        return if choices.contains(&ClassicChoice::Pass) { ClassicChoice::Pass } else { choices[0] };
    }
    let k = rng.below(moves as u32) as usize;
    choices.iter().copied().filter(|c| matches!(c, ClassicChoice::Move(_))).nth(k).unwrap_or(choices[0])
}

/// The first move of `choices`, or the first answer.
fn first_move(choices: &ClassicChoices) -> ClassicChoice {
    choices
        .iter()
        .copied()
        .find(|c| matches!(c, ClassicChoice::Move(_) | ClassicChoice::MoveWithRing(_)))
        .unwrap_or(choices[0])
}

/// The most LPs one card of `deck` can cost a hero of `attrs` (u8::MAX: it may kill).
fn worst_loss(rules: &ClassicRules, deck: ClassicDeck, attrs: [u8; 4]) -> u8 {
    let worst = |r: Roll| r.lose(r.die.faces(), attrs);
    rules
        .decks
        .deck(deck)
        .iter()
        .map(|c| match c.effect {
            CardEffect::Lose(r) | CardEffect::DoorTrap(r) => worst(r),
            CardEffect::Trapdoor { fall } => worst(fall),
            CardEffect::CaveIn { .. } => u8::MAX,
            CardEffect::GiantSpider(s) => s.bite.saturating_mul(2),
            CardEffect::Monster { .. } | CardEffect::Skeleton { .. } => FIGHT_WORST,
            CardEffect::SneakAttack { hit, .. } => worst(hit).saturating_add(FIGHT_WORST),
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// The Potion Table's mean LPs for a hero of `attrs` and `life` LPs ("all" read as half).
fn potion_mean(rules: &ClassicRules, attrs: [u8; 4], life: u8) -> f64 {
    let mean = |r: Roll| match r.die.faces() {
        0 => f64::from(r.lose(0, attrs)),
        n => (1..=n).map(|v| f64::from(r.lose(v, attrs))).sum::<f64>() / f64::from(n),
    };
    rules
        .decks
        .potion
        .iter()
        .map(|p| match *p {
            PotionResult::Nothing => 0.0,
            PotionResult::Lose(r) => -mean(r),
            PotionResult::Restore(r) => mean(r),
            PotionResult::RestoreAll => f64::from(life) / 2.0,
        })
        .sum::<f64>()
        / 12.0
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26, error below
/// 1.5e-7): what a way's spread of turns makes of the turns to spare.
fn normal_cdf(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x).exp();
    if z >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The go-in decision is taken off bounds of the way out of the chamber only because
    /// both worths fall as a way lengthens: `way` never rises with the turns needed while the
    /// turns left cover the margin (what `way_out_bounds` asks; below it, the spread's
    /// growth can outrun the shortfall's, so the bounds are not used there).
    #[test]
    fn way_falls_with_need_when_fair() {
        let rules = ClassicRules::embedded();
        for name in ["greedy", "cautious", "mixed"] {
            let spec = BotSpec::parse(name).unwrap().in_classic();
            let p = Planner::with_hero(&rules, spec, ClassicHero::new(&rules, spec));
            let floor = i32::from(spec.params.margin) + SLACK;
            for turns in floor..=27 {
                let mut last = f64::INFINITY;
                for tenth in 0..12_000 {
                    let w = p.way(turns, f64::from(tenth) / 10.0);
                    assert!(w <= last, "{name}: way({turns}, {}) = {w} rises above {last}", f64::from(tenth) / 10.0);
                    last = w;
                }
            }
        }
    }
}
