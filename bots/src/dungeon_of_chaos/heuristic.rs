//! One heuristic for every decision of The Dungeon of Chaos, from what the players see and
//! the legal answers; its [`Style`] makes it `greedy`, `cautious` or `mixed`.
//!
//! In outline: a profile by its values; in the movement phase treasure redeemed, chests opened
//! and items put on first, then town when hurt or rich enough to win, down the stairs while
//! shallower than the style's depth, else new ground; in combat the weakest monster attacked
//! with the last weapon offered, or a flight when the fight looks lost (by the style's margin).

use super::memory::Memory;
use super::route::{avoided, can_lay, step, Hazards, Routes, Walker};
use super::style::Style;
use dq_engine::dungeon_of_chaos::combat::{Answer, Combat, Presence};
use dq_engine::dungeon_of_chaos::data::{Attr, Feature, TileSize};
use dq_engine::dungeon_of_chaos::game::board::LEVEL_SQUARES;
use dq_engine::dungeon_of_chaos::game::{
    Ask, ChaosChoice, ChaosChoices, ChestLeft, DeckId, Dir, Edge, Hero, Laid, Sq, GOLD_TO_WIN,
};
use dq_engine::dungeon_of_chaos::rules::LEVELS;
use dq_engine::dungeon_of_chaos::ChaosGame;
use dq_engine::rng::GameRng;
use std::cell::{Cell, OnceCell};

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

/// One walk over explored ground in this many is a random way on ([`Heuristic::unstick`]).
const UNSTICK: u32 = 8;

/// The first step towards the nearest square where a goal holds (or new ground when asked),
/// as a legal answer.
type StepTo<'a> = dyn Fn(&dyn Fn(Sq) -> bool, bool) -> Option<ChaosChoice> + 'a;

/// What is left on a level for a character to go there for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Left {
    /// Ground to explore (a way on or a wall to search), or no tile yet.
    Ground,
    /// Only monsters waiting in rooms (their treasure, and often the way on behind them).
    Monsters,
    Nothing,
}

/// What level `level` (0-based) has left: an unexplored square where a tile can still be laid
/// beside a square of a tile walks may cross, or no tile yet, is ground; else a room where
/// monsters wait. (Once the tile decks run out, the dungeon is what is on the board.)
fn left_on(g: &ChaosGame<'_>, level: u8) -> Left {
    let b = g.board();
    let first = level * LEVEL_SQUARES;
    let mut any = false;
    let mut monsters = false;
    for s in (first..first + LEVEL_SQUARES).map(Sq) {
        if let Some(l) = b.laid_at(s) {
            any = true;
            monsters |= l.n_monsters > 0;
            if !avoided(g, s) && Dir::ALL.into_iter().any(|d| !b.explored(step(s, d)) && can_lay(g, s, d)) {
                return Left::Ground;
            }
        }
    }
    match (any, monsters) {
        (false, _) => Left::Ground,
        (true, true) => Left::Monsters,
        (true, false) => Left::Nothing,
    }
}

/// What each level of game `g` has left, worked out once a decision when first asked.
struct Levels<'g, 'r> {
    g: &'g ChaosGame<'r>,
    left: OnceCell<[Left; LEVELS as usize]>,
}

impl Levels<'_, '_> {
    fn left(&self) -> &[Left; LEVELS as usize] {
        self.left.get_or_init(|| [0, 1, 2, 3].map(|l| left_on(self.g, l)))
    }

    /// Whether no level has ground left: what is left to win with is the monsters waiting.
    fn ground_gone(&self) -> bool {
        !self.left().contains(&Left::Ground)
    }

    /// Whether level `level` has something a character goes there for: ground, or monsters
    /// when `monsters` (going down to them, or back up when fit to fight).
    fn open(&self, level: u8, monsters: bool) -> bool {
        match self.left()[usize::from(level)] {
            Left::Ground => true,
            Left::Monsters => monsters,
            Left::Nothing => false,
        }
    }
}

/// Where a level change is for: what counts on the level landed on.
#[derive(Clone, Copy, Debug)]
struct Landing {
    /// Rooms where monsters wait count.
    monsters: bool,
    /// A way on in the same direction counts (stairs or a pit down; stairs up), when the
    /// levels sought lie beyond the one landed on.
    onward: Option<Onward>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Onward {
    Down,
    Up,
}

/// Whether going up or down to `to` leads to something: a square not yet explored (a tile
/// is laid on arrival), or, on a walk from there across hazards, new ground (an exit, or a
/// wall to search, onto a square that can still take a tile), a room where monsters wait or a
/// way on, as `land` says. Without it, two levels that each looked worth a visit from the
/// other sent characters up and down one staircase to the round limit.
fn worth_landing(g: &ChaosGame<'_>, from: Sq, to: Sq, w: Walker, land: Landing) -> bool {
    let b = g.board();
    if !b.explored(to) {
        // Stairs lay their own tile; a pit needs a 1×1 card, and once that deck is used up
        // the move goes nowhere (a movement action spent standing still, over and over).
        let stairs = b.laid_at(from).is_some_and(|l| {
            matches!(
                g.rules().tiles[l.tile as usize].feature,
                Feature::StaircaseDown | Feature::StaircaseUp | Feature::Entry
            )
        });
        let one = g.stock(DeckId::Tiles(TileSize::One as u8));
        return stairs || one.left() + one.discarded() > 0;
    }
    if bounces(g, to, to.level() < from.level()) {
        return false;
    }
    let routes = Routes::new(g, to, Walker { hazards: Hazards::Cross, ..w });
    let feature = |s: Sq| b.laid_at(s).map(|l| g.rules().tiles[l.tile as usize].feature);
    routes.any(g, |t| {
        let waiting = b.laid_at(t).is_some_and(|l| l.n_monsters > 0);
        let onward = match land.onward {
            Some(Onward::Down) => matches!(feature(t), Some(Feature::StaircaseDown | Feature::Pit)),
            Some(Onward::Up) => feature(t) == Some(Feature::StaircaseUp),
            None => false,
        };
        onward
            || (land.monsters && waiting)
            || (!avoided(g, t)
                && Dir::ALL
                    .into_iter()
                    .any(|d| b.edge(t, d) == Edge::Wall && !b.explored(step(t, d)) && can_lay(g, t, d)))
    })
}

/// Whether going up (`up`) or down onto `to` (explored) sends him straight back: a
/// springboard below throws him up through the ceiling, a pit above drops him down again (tile
/// guide), unless he flies (or, for the pit, climbs). Such stairs were taken over and over, a
/// movement action each, to the round limit.
fn bounces(g: &ChaosGame<'_>, to: Sq, up: bool) -> bool {
    let Some(l) = g.board().laid_at(to) else { return false };
    let (fly, climb) = g.flies_or_climbs(g.active());
    match g.rules().tiles[l.tile as usize].feature {
        Feature::Pit => up && !fly && !climb,
        Feature::Springboard => !up && !fly,
        _ => false,
    }
}

/// Expected wounds of a blow: d8 (4.5) + Attack − Defence, at least none.
fn wounds(attack: f32, defence: f32) -> f32 {
    (attack + 4.5 - defence).max(0.0)
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
        memory: &mut Memory,
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
            Ask::Combat => h.fight.as_ref().and_then(|f| self.combat(f, legal, memory.hunting())),
            Ask::Turn => {
                if let Some(at) = h.square() {
                    memory.note(g.board(), at, h.tally.turns);
                }
                let hunt = Cell::new(false);
                let c = self.turn(g, h, legal, rng, memory, &hunt).map(|c| Self::unstick(g, c, legal, rng));
                memory.set_hunting(hunt.get());
                if let (Some(at), Some(ChaosChoice::Up | ChaosChoice::Down)) = (h.square(), c) {
                    memory.changing(at, c == Some(ChaosChoice::Up));
                }
                c
            }
        };
        chosen.filter(|c| legal.contains(c)).unwrap_or(legal[0])
    }

    /// Gold and treasure enough to win, or Health below the style's share: town.
    fn wants_town(&self, g: &ChaosGame<'_>, h: &Hero) -> bool {
        let treasure = g.treasure_value(h);
        let health = i32::from(h.stats[Attr::Health as usize]);
        let start = i32::from(h.start[Attr::Health as usize]).max(1);
        h.gold + treasure >= GOLD_TO_WIN || health * 100 < start * i32::from(self.style.town_below)
    }

    /// A walk over explored ground is now and then (one time in [`UNSTICK`]) a random way on
    /// instead: rules that each send him back towards the other (a way to a wall worth
    /// searching from one tile, a staircase worth taking from the next) kept some characters
    /// pacing between two tiles to the round limit; a random step breaks the cycle.
    fn unstick(g: &ChaosGame<'_>, c: ChaosChoice, legal: &ChaosChoices, rng: &mut GameRng) -> ChaosChoice {
        let b = g.board();
        let walk = matches!(c, ChaosChoice::Move { from, dir } if b.explored(step(from, dir)));
        if !walk || rng.below(UNSTICK) != 0 {
            return c;
        }
        pick(legal, rng, |c| {
            matches!(c, ChaosChoice::Move { .. } | ChaosChoice::Search { .. } | ChaosChoice::Up | ChaosChoice::Down)
        })
        .unwrap_or(c)
    }

    /// Whether he is fit enough to go back for monsters waiting in a room: the style's share
    /// of the starting Health, or (every style) unhurt once no level has ground left, when
    /// their treasure is all that is left to win with.
    fn fit(&self, h: &Hero, levels: &Levels<'_, '_>) -> bool {
        let health = i32::from(h.stats[Attr::Health as usize]);
        let start = i32::from(h.start[Attr::Health as usize]);
        health * 100 >= start * i32::from(self.style.hunt_above) || (health >= start && levels.ground_gone())
    }

    /// The movement phase.
    fn turn(
        &self,
        g: &ChaosGame<'_>,
        h: &Hero,
        legal: &ChaosChoices,
        rng: &mut GameRng,
        memory: &Memory,
        hunt: &Cell<bool>,
    ) -> Option<ChaosChoice> {
        let rules = g.rules();
        let at = h.square()?;
        // §13: weight that brings Speed to 0 stops every movement action until dropped: the
        // heaviest item goes (the least valuable of the heaviest).
        if g.effective(g.active(), Attr::Speed) <= 0 {
            let load = |c: &ChaosChoice| match *c {
                ChaosChoice::DropItem(i) => {
                    let it = &rules.items[h.items[usize::from(i)] as usize];
                    (it.weight > 0).then_some((it.weight, u16::MAX - it.value))
                }
                _ => None,
            };
            if let Some(c) = legal.iter().filter(|c| load(c).is_some()).max_by_key(|c| load(c)) {
                return Some(*c);
            }
        }
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
        // One search a decision for the safe ways, one across hazards, each made when first
        // asked.
        let (safe, across) = (OnceCell::new(), OnceCell::new());
        let safe = || safe.get_or_init(|| Routes::new(g, at, walker));
        let across = || across.get_or_init(|| Routes::new(g, at, Walker { hazards: Hazards::Cross, ..walker }));
        let answer = |(from, dir): (Sq, Dir)| {
            [ChaosChoice::Move { from, dir }, ChaosChoice::Open { from, dir }].into_iter().find(|c| legal.contains(c))
        };
        let step_to = |goal: &dyn Fn(Sq) -> bool, frontier: bool| safe().first_step(g, frontier, goal).and_then(answer);
        // Where he must go (town, stairs): the safe way, else across hazards.
        let must_to = |goal: &dyn Fn(Sq) -> bool, frontier: bool| {
            step_to(goal, frontier).or_else(|| across().first_step(g, frontier, goal).and_then(answer))
        };
        let levels = Levels { g, left: OnceCell::new() };
        let fit = self.fit(h, &levels);
        // Walks other than to town skip the tiles stood on lately, and level changes other
        // than to town skip levels left this turn ([`Memory`]).
        let fresh = |s: Sq| !memory.stood_on(g.board(), s);
        let turn = h.tally.turns;
        let town = self.wants_town(g, h);
        let back_down = |s: Sq| memory.bounced(s, true) || s.up().is_some_and(|t| bounces(g, t, true));
        let to_town = || {
            if legal.contains(&ChaosChoice::Up) && !back_down(at) {
                return Some(ChaosChoice::Up);
            }
            let up = |s: Sq| {
                (matches!(feature(s), Feature::StaircaseUp) || (feature(s) == Feature::Entry && s.level() == 0))
                    && !back_down(s)
            };
            must_to(&up, false)
        };
        let target = self.style.target_level(h.items.len());
        if town {
            if let Some(c) = to_town() {
                return Some(c);
            }
        } else if (at.level() + 1..target).any(|l| levels.open(l, fit)) && !memory.left_this_turn(at.level() + 1, turn)
        {
            let onward = (at.level() + 2..target).any(|l| levels.open(l, fit)).then_some(Onward::Down);
            let land = Landing { monsters: fit, onward };
            let lands =
                |s: Sq| !memory.bounced(s, false) && s.down(1).is_some_and(|to| worth_landing(g, s, to, walker, land));
            if legal.contains(&ChaosChoice::Down) && lands(at) {
                return Some(ChaosChoice::Down);
            }
            if let Some(c) = must_to(&|s| feature(s) == Feature::StaircaseDown && fresh(s) && lands(s), false) {
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
        // A chest left on a tile (a token, or a locked one he holds a key for): coins without
        // a fight. Walks never went back for them, and unfinished games ended with a seat a
        // chest short of 2,000 beside three or four chests on the board.
        let openable = |l: &Laid| match l.chest {
            ChestLeft::Token => true,
            ChestLeft::Locked(_) => walker.keys,
            ChestLeft::None => false,
        };
        let chest = |s: Sq| b.laid_at(s).is_some_and(openable);
        // (The walk is searched only when such a chest lies on his level: most decisions
        // have none, and a search across hazards for nothing cost a fifth of a game.)
        if b.laid().iter().any(|l| l.origin.level() == at.level() && openable(l)) {
            if let Some(c) = must_to(&chest, false) {
                return Some(c);
            }
        }
        // Monsters waiting in a room (fled from, or left by the dead) while nearly unhurt:
        // their treasure is still there.
        let waiting = |s: Sq| fresh(s) && b.laid_at(s).is_some_and(|l| l.n_monsters > 0) && self.takes_on(g, h, s);
        let go_hunt = || {
            let c = must_to(&waiting, false);
            hunt.set(c.is_some());
            c
        };
        if fit {
            if let Some(c) = go_hunt() {
                return Some(c);
            }
        }
        // A wall between a square he can reach and one he cannot.
        let reached = safe().reach(g);
        let blind_wall = |s: Sq, d: Dir| {
            let t = step(s, d);
            b.edge(s, d) == Edge::Wall
                && !b.same_tile(s, t)
                && !reached[t.0 as usize]
                && !avoided(g, t)
                && (b.explored(t) || can_lay(g, s, d))
        };
        let other = || {
            if town {
                None
            } else {
                self.other_level(h, walker, legal, &must_to, &feature, &levels, fit, (memory, turn))
            }
        };
        pick(legal, rng, |c| matches!(*c, ChaosChoice::Search { from, dir } if blind_wall(from, dir)))
            .or_else(|| {
                step_to(&|s| fresh(s) && !avoided(g, s) && Dir::ALL.into_iter().any(|d| blind_wall(s, d)), false)
            })
            .or_else(other)
            // New ground across hazards; hurt with nothing left to do, town (it heals: hurt
            // characters stood idle for 150 rounds where monsters waited for the fit); any
            // way on, any wall searched (a room whose ways out are all shut), and only then
            // the end of the turn.
            .or_else(|| across().first_step(g, true, |_| false).and_then(answer))
            .or_else(|| {
                let hurt = h.stats[Attr::Health as usize] < h.start[Attr::Health as usize];
                match (hurt, town) {
                    (_, true) => None,
                    // Unhurt with nothing else to do, every style goes for the monsters
                    // waiting on the level: their treasure is what is left to win with.
                    (false, false) => go_hunt(),
                    (true, false) => to_town(),
                }
            })
            .or_else(|| pick(legal, rng, |c| matches!(c, ChaosChoice::Move { .. } | ChaosChoice::Stumble)))
            .or_else(|| pick(legal, rng, |c| matches!(c, ChaosChoice::Search { .. })))
            .or_else(|| legal.contains(&ChaosChoice::End).then_some(ChaosChoice::End))
    }

    /// A level with nothing left to explore: down a staircase or a pit (or a step towards
    /// one) while above the style's depth, else up, towards levels with something left; never
    /// back to a level left this turn, nor to stairs stood on lately (`memory` at the seat's
    /// `turn`).
    #[allow(clippy::too_many_arguments)]
    fn other_level(
        &self,
        h: &Hero,
        walker: Walker,
        legal: &ChaosChoices,
        step_to: &StepTo<'_>,
        feature: &dyn Fn(Sq) -> Feature,
        levels: &Levels<'_, '_>,
        fit: bool,
        (memory, turn): (&Memory, u16),
    ) -> Option<ChaosChoice> {
        let g = levels.g;
        let at = h.square()?;
        let fresh = |s: Sq| !memory.stood_on(g.board(), s);
        let up = |s: Sq| matches!(feature(s), Feature::StaircaseUp | Feature::Entry);
        // Deeper while shallower than the style's depth (the levels below it kill) and
        // where something is left (ground, or monsters when fit to fight them); else up to
        // such a level. When every level down to the style's depth and above is done, deeper,
        // monsters or not, as deep as something is left: there is nothing else to win with
        // (cautious bots idled on two empty levels to the round limit while ground was left
        // below, the tile decks used up).
        let deeper = at.level() + 1;
        let above = (0..at.level()).any(|l| levels.open(l, fit) && !memory.left_this_turn(l, turn));
        let depth = self.style.target_level(h.items.len()).min(LEVELS);
        let below = |to: u8, monsters: bool| (deeper..to).any(|l| levels.open(l, monsters));
        let within = below(depth, fit);
        let down_ok = !memory.left_this_turn(deeper, turn);
        if down_ok && (within || (!above && below(LEVELS, true))) {
            let (to, monsters) = if within { (depth, fit) } else { (LEVELS, true) };
            let onward = (deeper + 1..to).any(|l| levels.open(l, monsters)).then_some(Onward::Down);
            let land = Landing { monsters, onward };
            let lands =
                |s: Sq| !memory.bounced(s, false) && s.down(1).is_some_and(|to| worth_landing(g, s, to, walker, land));
            let down = (legal.contains(&ChaosChoice::Down) && lands(at)).then_some(ChaosChoice::Down);
            // A pit leads to the same square below as well as stairs do: a fall, or for a
            // flier or climber a way down (docs/rulings.md).
            let way_down = |s: Sq| matches!(feature(s), Feature::StaircaseDown | Feature::Pit) && fresh(s) && lands(s);
            if let Some(c) = down.or_else(|| step_to(&way_down, false)) {
                return Some(c);
            }
        }
        if !above || at.level() == 0 || memory.left_this_turn(at.level() - 1, turn) {
            return None;
        }
        let onward = (0..at.level().saturating_sub(1)).any(|l| levels.open(l, fit)).then_some(Onward::Up);
        let land = Landing { monsters: fit, onward };
        let lands = |s: Sq| !memory.bounced(s, true) && s.up().is_some_and(|to| worth_landing(g, s, to, walker, land));
        let up = |s: Sq| up(s) && fresh(s) && lands(s);
        (legal.contains(&ChaosChoice::Up) && lands(at)).then_some(ChaosChoice::Up).or_else(|| step_to(&up, false))
    }

    /// Whether he goes back for the monsters waiting on `s`: their next round, by the
    /// combat's estimate from their printed values, cannot kill him. The fight he goes back
    /// for is fought to the end ([`Heuristic::combat`]'s `hunted`), so only the next round's
    /// risk counts, whatever the style's flight margin: with the margin, `mixed` and
    /// `cautious` characters left the monsters that held the last coins alone (or fled them
    /// again, town to room and back) to the round limit.
    fn takes_on(&self, g: &ChaosGame<'_>, h: &Hero, s: Sq) -> bool {
        let Some(l) = g.board().laid_at(s) else { return false };
        let defence = f32::from(g.effective(g.active(), Attr::Defence));
        let taken: f32 = l
            .monsters()
            .iter()
            .map(|&m| wounds(f32::from(g.rules().monsters[m as usize].stats[Attr::Attack as usize]), defence))
            .sum();
        f32::from(h.stats[Attr::Health as usize].max(0)) > taken
    }

    /// The style's flight rule: the next round may kill (expected wounds `taken` at least his
    /// `health`), or (with a margin) the rounds to fall, times the margin, are fewer than the
    /// rounds `to_deal` to win.
    fn flees(&self, health: f32, taken: f32, to_deal: f32) -> bool {
        let dying = health <= taken;
        let losing = self.style.flee_margin > 0
            && taken > 0.0
            && health / taken * f32::from(self.style.flee_margin) / 100.0 < to_deal;
        dying || losing
    }

    /// A combat action: flight when the fight looks lost by the style's margin, else the
    /// weakest monster attacked with the last weapon offered.
    /// A fight he went back for (`hunted`, by [`Heuristic::takes_on`]) is fought until the
    /// next round may kill: fled from at the style's margin, the monsters healed and he came
    /// back for them, town to room and back, to the round limit.
    fn combat(&self, f: &Combat, legal: &ChaosChoices, hunted: bool) -> Option<ChaosChoice> {
        let hero_health = f32::from(f.effective(0, Attr::Health).max(0));
        let (hero_attack, hero_defence) =
            (f32::from(f.effective(0, Attr::Attack)), f32::from(f.effective(0, Attr::Defence)));
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
        let flees = if hunted { hero_health <= taken } else { self.flees(hero_health, taken, to_deal) };
        if legal.contains(&flee) && flees {
            return Some(flee);
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
