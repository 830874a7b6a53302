//! Rounds and turns: the sun, the turn order, the plights that hold a hero at the start of his
//! turn, the turn's action, and the end of the game.

use super::{Ask, Cause, ClassicChoice, ClassicDecision, ClassicEvent, ClassicGame, Fate, Onward, Plight, ROUNDS};
use crate::core::Observer;
use crate::dungeonquest::board::{chamber_cells, is_treasure, Cell, CellSet, Dir, TOWERS};
use crate::dungeonquest::classic::combat::{Answers, Dice};
use crate::dungeonquest::classic::data::RingEffect;
use crate::dungeonquest::classic::decks::{CardEffect, Characteristic, PotionResult};
use crate::dungeonquest::classic::tiles::DarkExit;
use crate::dungeonquest::data::TileKind;

/// Whether a step left a decision pending or finished the active hero's turn.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Flow {
    Asked,
    Done,
}

/// How a move is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Through a hall: doors and portcullises are tried; the room's rules apply.
    Normal,
    /// Through a Secret Door: any adjacent square; no escape from a monster there.
    Secret,
    /// Back to the previous tile (combat, spider): no Door card, no Room card.
    Escape,
    /// Out of the Treasure Chamber before the Dragon: no Room card.
    Run,
}

impl<'r> ClassicGame<'r> {
    /// Runs an answer to its end: the pending decision, or the next turns.
    pub(super) fn answer<O: Observer<ClassicEvent>>(&mut self, d: ClassicDecision, c: ClassicChoice, obs: &mut O) {
        let flow = match d.ask {
            Ask::Tower => return self.answer_tower(d.seat, c, obs),
            Ask::Turn => self.answer_turn(c, obs),
            Ask::Onward(o) => self.answer_onward(d.seat, o, c, obs),
            Ask::Optional(o) => self.answer_optional(o, c, obs),
            Ask::CaveIn => self.answer_cave_in(c, obs),
            Ask::Spider => self.answer_spider(c, obs),
            Ask::Fight => self.answer_fight(c, obs),
        };
        self.settle(flow, obs);
    }

    /// After a step: the Dragon's other victims, then the next turns.
    pub(super) fn settle<O: Observer<ClassicEvent>>(&mut self, mut flow: Flow, obs: &mut O) {
        loop {
            if flow == Flow::Asked {
                return;
            }
            if self.dragon_queue.is_empty() {
                break;
            }
            flow = self.next_breath(obs);
        }
        self.next_turn(obs);
    }

    fn answer_tower<O: Observer<ClassicEvent>>(&mut self, seat: u8, c: ClassicChoice, obs: &mut O) {
        if let ClassicChoice::Tower(t) = c {
            let cell = TOWERS[t as usize % TOWERS.len()];
            let h = self.hero_mut(seat);
            h.pos = cell;
            h.prev = cell;
            if O::ENABLED {
                obs.event(ClassicEvent::Start { seat, cell });
            }
        }
        let next = (seat + 1) % self.seats;
        if next != self.first {
            return self.ask(next, Ask::Tower);
        }
        self.round = 1;
        self.active = self.first;
        if O::ENABLED {
            obs.event(ClassicEvent::Round(1));
        }
        let flow = self.begin_turn(obs);
        self.settle(flow, obs);
    }

    /// Passes the turn on until a hero must decide, or the game ends (rulebook 5).
    fn next_turn<O: Observer<ClassicEvent>>(&mut self, obs: &mut O) {
        loop {
            self.fight = None;
            if self.heroes.iter().take(self.seats as usize).all(|h| !h.inside()) {
                return self.end(obs);
            }
            self.active = (self.active + 1) % self.seats;
            if self.active == self.first {
                if self.round >= ROUNDS {
                    return self.night(obs);
                }
                self.round += 1;
                if O::ENABLED {
                    obs.event(ClassicEvent::Round(self.round));
                }
            }
            if self.hero(self.active).inside() && self.begin_turn(obs) == Flow::Asked {
                return;
            }
        }
    }

    /// Night falls: everyone still inside has lost (5.1).
    fn night<O: Observer<ClassicEvent>>(&mut self, obs: &mut O) {
        for s in 0..self.seats {
            if self.hero(s).inside() {
                self.die(s, Cause::Night, obs);
            }
        }
        self.end(obs);
    }

    fn end<O: Observer<ClassicEvent>>(&mut self, obs: &mut O) {
        self.pending = None;
        self.legal.clear();
        if O::ENABLED {
            obs.event(ClassicEvent::Over);
        }
    }

    /// The start of the active hero's turn: what holds him, then his action.
    pub(super) fn begin_turn<O: Observer<ClassicEvent>>(&mut self, obs: &mut O) -> Flow {
        let seat = self.active;
        if !self.hero(seat).inside() {
            return Flow::Done;
        }
        if O::ENABLED {
            obs.event(ClassicEvent::Turn(seat));
        }
        self.hero_mut(seat).stats.turns += 1;
        self.shots = 0;
        self.spider_new = false;
        self.visited = CellSet::EMPTY;
        for c in chamber_cells(self.hero(seat).pos) {
            self.visited.insert(c);
        }
        let agility = self.attr(seat, Characteristic::Agility);
        match self.hero(seat).plight {
            Plight::None => {}
            Plight::Trapdoor(k) => {
                // The Rope climbs out on the turn after the fall; else D12 ≤ Agility.
                if self.hero(seat).rope.is_none() && self.d12(obs) > agility {
                    return self.missed(seat, obs);
                }
                self.hero_mut(seat).plight = Plight::None;
                self.return_card(k);
            }
            Plight::Torch(k) => {
                let picks = match self.card_effect(k) {
                    Some(CardEffect::TorchGoesOut { picks }) => picks,
                    _ => 3,
                };
                if self.d6(obs) > picks {
                    return self.missed(seat, obs);
                }
                self.hero_mut(seat).plight = Plight::None;
                self.return_card(k);
            }
            Plight::Spider(_) => {
                self.ask(seat, Ask::Spider);
                return Flow::Asked;
            }
            Plight::Darkness => return self.darkness(seat, obs),
            Plight::CaveIn => {
                self.ask(seat, Ask::CaveIn);
                return Flow::Asked;
            }
        }
        self.action(seat, obs)
    }

    /// The turn's action, unless the hero is trapped for good in a dead end (6.6).
    fn action<O: Observer<ClassicEvent>>(&mut self, seat: u8, obs: &mut O) -> Flow {
        if self.trapped(seat) {
            self.die(seat, Cause::DeadEnd, obs);
            return Flow::Done;
        }
        self.ask(seat, Ask::Turn);
        Flow::Asked
    }

    /// No way out ever (walls and the board's edge, other heroes aside) and no search left.
    fn trapped(&self, seat: u8) -> bool {
        let h = self.hero(seat);
        if is_treasure(h.pos) || self.may_search(seat) {
            return false;
        }
        let mut out = false;
        self.board.exits(self.tile_defs(), h.pos, self.part_rule(seat), self.tiles_left > 0, |_, _, _| out = true);
        !out
    }

    /// The hero misses his turn.
    pub(super) fn missed<O: Observer<ClassicEvent>>(&mut self, seat: u8, obs: &mut O) -> Flow {
        if O::ENABLED {
            obs.event(ClassicEvent::Missed(seat));
        }
        Flow::Done
    }

    /// Chamber of Darkness: the D6 picks the exit; an impassable one costs the turn.
    fn darkness<O: Observer<ClassicEvent>>(&mut self, seat: u8, obs: &mut O) -> Flow {
        let (pos, came) = (self.hero(seat).pos, self.hero(seat).came);
        let walls = self.board.walls(self.tile_defs(), pos);
        let open = 4 - walls.count_ones() as u8;
        let came = came.unwrap_or(Dir::South);
        let roll = self.d6(obs);
        let exit = if open >= 2 { self.rules.tiles.dark_exit(open.min(3), roll) } else { DarkExit::Entry };
        let is_open = |d: Dir| walls & (1 << d as u8) == 0;
        let turn = |right: bool| {
            let mut d = came;
            for _ in 0..3 {
                d = d.turn(right);
                if is_open(d) {
                    return d;
                }
            }
            came
        };
        let dir = match exit {
            DarkExit::Entry => came,
            DarkExit::Other | DarkExit::Clockwise => turn(true),
            DarkExit::Anticlockwise => turn(false),
        };
        match self.board.beyond(self.tile_defs(), pos, dir, self.tiles_left > 0) {
            Some(to) if !self.occupied(to, seat) => self.start_move(seat, to, false, super::flow::Mode::Normal, obs),
            _ => self.missed(seat, obs),
        }
    }

    fn answer_turn<O: Observer<ClassicEvent>>(&mut self, c: ClassicChoice, obs: &mut O) -> Flow {
        let seat = self.active;
        match c {
            ClassicChoice::Move(to) => self.start_move(seat, to, false, Mode::Normal, obs),
            ClassicChoice::MoveWithRing(to) => self.start_move(seat, to, true, Mode::Normal, obs),
            ClassicChoice::Search => self.search(seat, obs),
            ClassicChoice::Loot => self.loot(seat, obs),
            ClassicChoice::Drink => {
                self.drink(seat, obs);
                if !self.hero(seat).inside() {
                    return Flow::Done;
                }
                self.action(seat, obs)
            }
            ClassicChoice::Heal => {
                let up_to = match self.ring_effect(seat) {
                    Some(RingEffect::Healing { up_to }) => up_to,
                    _ => 0,
                };
                self.hero_mut(seat).ring = None;
                self.heal(seat, up_to, obs);
                Flow::Done
            }
            _ => self.missed(seat, obs),
        }
    }

    /// The potion: D12 on the Potion Table, the card back to its deck (reference sheet).
    fn drink<O: Observer<ClassicEvent>>(&mut self, seat: u8, obs: &mut O) {
        let Some(k) = self.hero_mut(seat).potion.take() else { return };
        self.return_card(k);
        let roll = self.d12(obs);
        match self.rules.decks.potion[(roll as usize - 1) % 12] {
            PotionResult::Nothing => {}
            PotionResult::Lose(r) => {
                let n = self.roll_loss(seat, r, obs);
                self.lose(seat, n, Cause::Card, obs);
            }
            PotionResult::Restore(r) => {
                let n = self.roll_loss(seat, r, obs);
                self.heal(seat, n, obs);
            }
            PotionResult::RestoreAll => self.heal(seat, u8::MAX, obs),
        }
    }

    fn answer_cave_in<O: Observer<ClassicEvent>>(&mut self, c: ClassicChoice, obs: &mut O) -> Flow {
        let seat = self.active;
        if c == ClassicChoice::Retreat {
            let prev = self.hero(seat).prev;
            return self.start_move(seat, prev, false, Mode::Normal, obs);
        }
        if self.d12(obs) > self.attr(seat, Characteristic::Agility) {
            return self.missed(seat, obs);
        }
        self.hero_mut(seat).plight = Plight::None;
        self.action(seat, obs)
    }

    /// Lists the legal answers of the pending decision.
    pub(super) fn list_legal(&mut self) {
        let Some(d) = self.pending else { return };
        let mut out = core::mem::take(&mut self.legal);
        out.clear();
        let seat = d.seat;
        match d.ask {
            Ask::Tower => {
                for (i, &t) in TOWERS.iter().enumerate() {
                    if (0..self.seats).all(|s| s == seat || self.hero(s).pos != t) {
                        out.push(ClassicChoice::Tower(i as u8));
                    }
                }
            }
            Ask::Turn => {
                self.push_moves(seat, true, &mut out);
                if is_treasure(self.hero(seat).pos) {
                    out.push(ClassicChoice::Loot);
                } else if self.may_search(seat) {
                    out.push(ClassicChoice::Search);
                }
                if self.hero(seat).potion.is_some() {
                    out.push(ClassicChoice::Drink);
                }
                let max = self.sheet(seat).life;
                if matches!(self.ring_effect(seat), Some(RingEffect::Healing { .. })) && self.hero(seat).life < max {
                    out.push(ClassicChoice::Heal);
                }
                // Never voluntarily on a Bottomless Pit; but a hero with nothing else misses.
                if self.tile_kind(self.hero(seat).pos) != Some(TileKind::BottomlessPit) || out.is_empty() {
                    out.push(ClassicChoice::Pass);
                }
            }
            Ask::Onward(o) => {
                match o {
                    Onward::Corridor => self.push_moves(seat, true, &mut out),
                    Onward::Tower => {
                        out.push(ClassicChoice::Exit);
                        self.push_moves(seat, true, &mut out);
                    }
                    _ => {}
                }
                if matches!(o, Onward::Corridor | Onward::Tower) {
                    let seen = self.visited;
                    out.retain(
                        |c| !matches!(c, ClassicChoice::Move(t) | ClassicChoice::MoveWithRing(t) if seen.contains(*t)),
                    );
                }
                match o {
                    Onward::Corridor | Onward::Tower => {}
                    Onward::SecretDoor => {
                        self.push_secret(seat, &mut out);
                        out.push(ClassicChoice::Pass);
                    }
                    Onward::Run => self.push_moves(seat, false, &mut out),
                }
                if out.is_empty() {
                    out.push(ClassicChoice::Pass);
                }
            }
            Ask::Optional(_) => {
                out.push(ClassicChoice::Yes);
                out.push(ClassicChoice::No);
            }
            Ask::CaveIn => {
                out.push(ClassicChoice::Roll);
                let prev = self.hero(seat).prev;
                let mut back = false;
                self.for_moves(seat, |to| back |= to == prev);
                if back {
                    out.push(ClassicChoice::Retreat);
                }
            }
            Ask::Spider => self.spider_choices(seat, &mut out),
            Ask::Fight => {
                let mut a = Answers::new();
                if let Some((f, _)) = &self.fight {
                    f.legal(&mut a);
                }
                out.extend(a.into_iter().map(ClassicChoice::Combat));
            }
        }
        self.legal = out;
    }

    /// Move answers: every space a move may go to, with the Ring of Opening where a door or a
    /// portcullis is crossed (`ring`).
    fn push_moves(&self, seat: u8, ring: bool, out: &mut super::ClassicChoices) {
        let opening = ring && self.ring_effect(seat) == Some(RingEffect::Opening);
        let pos = self.hero(seat).pos;
        let tiles = self.tile_defs();
        self.for_moves(seat, |to| {
            if out.is_full() {
                return;
            }
            out.push(ClassicChoice::Move(to));
            if opening && !out.is_full() {
                if let Some((c, d)) = self.step_from(pos, to) {
                    let (p, doors) = self.board.barriers(tiles, c, d);
                    if p + doors > 0 {
                        out.push(ClassicChoice::MoveWithRing(to));
                    }
                }
            }
        });
    }

    /// Every space the hero may move to through a hall: open on both sides, on his side of a
    /// chasm, not another hero's room (the Treasure Chamber excepted).
    pub(super) fn for_moves(&self, seat: u8, mut put: impl FnMut(Cell)) {
        let h = self.hero(seat);
        let mut seen = [crate::dungeonquest::board::NO_CELL; 8];
        let mut n = 0;
        self.board.exits(self.tile_defs(), h.pos, self.part_rule(seat), self.tiles_left > 0, |_, _, to| {
            if !self.occupied(to, seat) && !seen[..n].contains(&to) && n < seen.len() {
                seen[n] = to;
                n += 1;
                put(to);
            }
        });
    }

    /// A Chasm keeps the hero to the part he came in by (reference sheet).
    pub(super) fn part_rule(&self, seat: u8) -> Option<u8> {
        let h = self.hero(seat);
        (self.tile_kind(h.pos) == Some(TileKind::Chasm)).then_some(h.part)
    }

    /// Whether the hero may search here: a searchable tile, fewer than two searches (5.2).
    pub(super) fn may_search(&self, seat: u8) -> bool {
        let h = self.hero(seat);
        h.searches < 2 && self.board.def(self.tile_defs(), h.pos).is_some_and(|t| t.torch)
    }

    /// Whether another hero still inside is in the room on `c` (the Treasure Chamber holds any
    /// number).
    pub(super) fn occupied(&self, c: Cell, seat: u8) -> bool {
        !is_treasure(c) && (0..self.seats).any(|s| s != seat && self.hero(s).inside() && self.hero(s).pos == c)
    }

    /// One of the hero's characteristics (tested on a D12).
    pub(super) fn attr(&self, seat: u8, c: Characteristic) -> u8 {
        self.sheet(seat).attrs[c.index()]
    }

    pub(super) fn sheet(&self, seat: u8) -> &'r crate::dungeonquest::classic::rules::ClassicHero {
        &self.rules.heroes[self.hero(seat).hero as usize % self.rules.heroes.len()]
    }

    pub(super) fn ring_effect(&self, seat: u8) -> Option<RingEffect> {
        self.hero(seat).ring.and_then(|r| self.rules.rings.get(r as usize)).map(|r| r.effect)
    }

    pub(super) fn tile_defs(&self) -> &'r [crate::dungeonquest::rules::TileDef] {
        self.rules.tiles.drawn()
    }

    pub(super) fn tile_kind(&self, c: Cell) -> Option<TileKind> {
        self.board.def(self.tile_defs(), c).map(|t| t.kind)
    }

    /// A D6 from the dice, reported.
    pub(super) fn d6<O: Observer<ClassicEvent>>(&mut self, obs: &mut O) -> u8 {
        let v = self.chance.dice.d6();
        if O::ENABLED {
            obs.event(ClassicEvent::Rolled { sides: 6, value: v });
        }
        v
    }

    /// A D12 from the dice, reported.
    pub(super) fn d12<O: Observer<ClassicEvent>>(&mut self, obs: &mut O) -> u8 {
        let v = self.chance.dice.d12();
        if O::ENABLED {
            obs.event(ClassicEvent::Rolled { sides: 12, value: v });
        }
        v
    }

    /// The hero loses `n` LPs; whether it killed him (the cause recorded).
    pub(super) fn lose<O: Observer<ClassicEvent>>(&mut self, seat: u8, n: u8, cause: Cause, obs: &mut O) -> bool {
        let h = self.hero_mut(seat);
        h.stats.wounds_taken += u16::from(n.min(h.life));
        h.life = h.life.saturating_sub(n);
        let dead = h.life == 0;
        if O::ENABLED && n > 0 {
            obs.event(ClassicEvent::LifeLost { seat, lp: n });
        }
        if dead {
            self.die(seat, cause, obs);
        }
        dead
    }

    /// Restores up to `n` LPs, never above the starting level.
    pub(super) fn heal<O: Observer<ClassicEvent>>(&mut self, seat: u8, n: u8, obs: &mut O) {
        let max = self.sheet(seat).life;
        let h = self.hero_mut(seat);
        let before = h.life;
        h.life = h.life.saturating_add(n).min(max);
        let gained = h.life - before;
        if O::ENABLED && gained > 0 {
            obs.event(ClassicEvent::LifeGained { seat, lp: gained });
        }
    }

    /// The hero dies: out of the game; what he held goes back (counters to the cup, cards to
    /// the bottom of their decks).
    pub(super) fn die<O: Observer<ClassicEvent>>(&mut self, seat: u8, cause: Cause, obs: &mut O) {
        if !self.hero(seat).inside() {
            return;
        }
        self.drop_treasure(seat);
        let round = self.round;
        let h = self.hero_mut(seat);
        h.fate = Fate::Dead(cause);
        h.life = 0;
        h.stats.deaths += 1;
        h.stats.death_cause = Some(cause.into());
        h.stats.end_round = u16::from(round);
        let held = [h.potion.take(), h.rope.take()];
        let plight = core::mem::replace(&mut h.plight, Plight::None);
        for k in held.into_iter().flatten() {
            self.return_card(k);
        }
        if let Plight::Trapdoor(k) | Plight::Torch(k) | Plight::Spider(k) = plight {
            self.return_card(k);
        }
        if O::ENABLED {
            obs.event(ClassicEvent::Died { seat, cause });
        }
        self.chamber_left(obs);
    }
}
