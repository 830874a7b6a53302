//! Movement actions and what they lead to (§1, §6, §7): exits, tiles laid behind them, doors,
//! secret doors, staircases, and arriving on a tile (its Room card and the features of this
//! slice: pits, chasms, muddy corridors, teleporters and pentagrams).

use super::board::{Dir, DoorState, Edge, Sq};
use super::cards::{Aftermath, Relocate};
use super::{Arrival, Ask, ChaosChoice, ChaosEvent, ChaosGame, DeckId, Place, MAX_CHAIN};
use crate::core::Observer;
use crate::dungeon_of_chaos::combat::HandCard;
use crate::dungeon_of_chaos::data::{AttackType, Attr, DoorKind, Feature, TileSize};
use crate::dungeon_of_chaos::death::{Harm, Source};
use crate::dungeon_of_chaos::rules::LEVELS;
use arrayvec::ArrayVec;

/// Whether a passage out of the tile can be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    No,
    /// Through; the size of the tile laid behind it if the square is unexplored.
    Yes(Option<TileSize>),
    /// A closed door: draw its Door card first.
    Closed,
}

/// Secret doors are found on 2d8 of this or more (§7).
pub const SECRET_DOOR: u8 = 12;

impl ChaosGame<'_> {
    /// Puts the active character on `at` (no effect of the tile).
    pub(super) fn place_hero<O: Observer<ChaosEvent>>(&mut self, at: Sq, obs: &mut O) {
        let seat = self.active;
        let h = self.me();
        h.place = Place::Dungeon(at);
        h.tally.deepest = h.tally.deepest.max(at.level() + 1);
        if O::ENABLED {
            obs.event(ChaosEvent::Moved { seat, to: at });
        }
    }

    /// The tile sizes tried behind an exit, by its kind (§7): behind a white arrow 2×2, else
    /// 1×2, else 1×1; behind a door 1×2, else 1×1; else 1×1.
    fn tile_for(&self, from: Sq, d: Dir) -> Option<TileSize> {
        let to = from.step(d);
        let sizes: &[TileSize] = match self.board.edge(from, d) {
            Edge::Arrow => &[TileSize::TwoByTwo, TileSize::OneByTwo, TileSize::One],
            Edge::Door(_) => &[TileSize::OneByTwo, TileSize::One],
            _ => &[TileSize::One],
        };
        sizes.iter().copied().find(|&s| {
            let st = self.stock(DeckId::Tiles(s as u8));
            st.left() + st.discarded() > 0 && self.board.fits(s, to, d).is_some()
        })
    }

    /// Whether the active character can pass from `from` towards `d`.
    fn pass(&self, from: Sq, d: Dir) -> Pass {
        if self.board.edge(from, d) == Edge::Wall {
            return Pass::No;
        }
        let to = from.step(d);
        if self.board.explored(to) && self.board.edge(to, d.opp()) == Edge::Wall {
            return Pass::No;
        }
        match self.board.door(from, d).map(|x| x.2) {
            Some(DoorState::Closed) => return Pass::Closed,
            Some(DoorState::Locked) if !self.opens_locks() => return Pass::No,
            Some(DoorState::Toll(n)) if self.hero(self.active).gold < n as u32 => return Pass::No,
            _ => {}
        }
        if self.board.explored(to) {
            Pass::Yes(None)
        } else {
            match self.tile_for(from, d) {
                Some(s) => Pass::Yes(Some(s)),
                None => Pass::No,
            }
        }
    }

    /// The sides of the active tile's squares that lead out of it.
    fn sides(&self, at: Sq) -> impl Iterator<Item = (Sq, Dir)> + '_ {
        let cover = self.board.squares_of(self.rules, at);
        cover.into_iter().flat_map(move |(_, _, s)| {
            Dir::ALL.into_iter().filter(move |&d| !self.board.same_tile(s, s.step(d))).map(move |d| (s, d))
        })
    }

    pub(super) fn feature_at(&self, at: Sq) -> Feature {
        self.board.laid_at(at).map_or(Feature::Corridor, |l| self.rules.tiles[l.tile as usize].feature)
    }

    /// Whether the staircase of the tile on `at` leads up (to town from level 1) or down; a
    /// flier or climber goes down a pit as a staircase (a climber "may avoid" it, so may also
    /// climb down: docs/rulings.md), and up through the pit above (tile guide).
    fn stairs(&self, at: Sq) -> (bool, bool) {
        let (fly, climb) = self.flies_or_climbs(self.active);
        let pit_above = at.up().is_some_and(|up| self.board.explored(up) && self.feature_at(up) == Feature::Pit);
        let up_pit = (fly || climb) && pit_above;
        match self.feature_at(at) {
            Feature::StaircaseUp => (true, false),
            Feature::Entry => (at.level() == 0, false),
            Feature::StaircaseDown => (up_pit, at.level() + 1 < LEVELS),
            Feature::Pit => (up_pit, (fly || climb) && at.level() + 1 < LEVELS),
            _ => (up_pit, false),
        }
    }

    /// The exits he could take out of the tile on `at` now.
    fn open_exits(&self, at: Sq) -> ArrayVec<(Sq, Dir), 16> {
        self.sides(at).filter(|&(s, d)| matches!(self.pass(s, d), Pass::Yes(_))).take(16).collect()
    }

    /// Asks the movement phase's decision (§6).
    pub(super) fn pose_turn(&mut self) {
        self.legal.clear();
        let Some(at) = self.hero(self.active).square() else { return };
        let moving = self.turn.moves > 0 && !self.turn.after_combat;
        let mut legal = std::mem::take(&mut self.legal);
        // A dark room's exit is taken at random (tile guide).
        let dark = self.feature_at(at) == Feature::Dark;
        if dark && moving && !self.open_exits(at).is_empty() {
            legal.push(ChaosChoice::Stumble);
        }
        for (s, d) in self.sides(at) {
            match self.pass(s, d) {
                Pass::Yes(_) if moving && !dark => legal.push(ChaosChoice::Move { from: s, dir: d }),
                Pass::Closed => legal.push(ChaosChoice::Open { from: s, dir: d }),
                _ => {}
            }
            if moving && self.board.edge(s, d) == Edge::Wall {
                legal.push(ChaosChoice::Search { from: s, dir: d });
            }
        }
        if moving {
            let (up, down) = self.stairs(at);
            if up {
                legal.push(ChaosChoice::Up);
            }
            if down {
                legal.push(ChaosChoice::Down);
            }
        }
        for (slot, c) in self.hero(self.active).hand.iter().enumerate() {
            if matches!(c, Some(HandCard::Potion(_))) && legal.len() < legal.capacity() - 1 {
                legal.push(ChaosChoice::Drink(slot as u8));
            }
        }
        self.carry_actions(&mut legal);
        self.shop_actions(&mut legal);
        self.room_actions(&mut legal);
        legal.push(ChaosChoice::End);
        self.legal = legal;
        self.ask(Ask::Turn);
    }

    /// Asks how a turn begun beside the monsters fled from goes (§6): a movement action away,
    /// or the fight.
    pub(super) fn pose_flight(&mut self) {
        self.legal.clear();
        let Some(at) = self.hero(self.active).square() else { return };
        let mut legal = std::mem::take(&mut self.legal);
        if self.turn.moves > 0 {
            let dark = self.feature_at(at) == Feature::Dark;
            if dark && !self.open_exits(at).is_empty() {
                legal.push(ChaosChoice::Stumble);
            }
            for (s, d) in self.sides(at) {
                match self.pass(s, d) {
                    Pass::Yes(_) if dark => {}
                    Pass::Yes(_) => legal.push(ChaosChoice::Move { from: s, dir: d }),
                    Pass::Closed => legal.push(ChaosChoice::Open { from: s, dir: d }),
                    Pass::No => {}
                }
            }
            let (up, down) = self.stairs(at);
            if up {
                legal.push(ChaosChoice::Up);
            }
            if down {
                legal.push(ChaosChoice::Down);
            }
        }
        legal.push(ChaosChoice::Fight);
        self.legal = legal;
        self.ask(Ask::Flight);
    }

    /// A turn begun beside the monsters fled from: the movement action away (a door tried and
    /// found shut means the fight after all).
    pub(super) fn flee_away<O: Observer<ChaosEvent>>(&mut self, c: ChaosChoice, obs: &mut O) {
        if let ChaosChoice::Open { from, dir } = c {
            self.open_door(from, dir, obs);
            if self.me().is_dead() {
                self.die(obs);
                return;
            }
            if !matches!(self.pass(from, dir), Pass::Yes(_)) || self.turn.moves == 0 {
                self.start_combat(obs);
                return;
            }
            self.turn.moves -= 1;
            self.go_through(from, dir, obs);
            self.settle(obs);
            return;
        }
        self.action(c, obs);
    }

    /// A movement or non-movement action of the movement phase.
    pub(super) fn action<O: Observer<ChaosEvent>>(&mut self, c: ChaosChoice, obs: &mut O) {
        match c {
            ChaosChoice::End => {
                self.turn.over = true;
            }
            ChaosChoice::Move { from, dir } => {
                self.turn.moves -= 1;
                self.go_through(from, dir, obs);
            }
            ChaosChoice::Open { from, dir } => self.open_door(from, dir, obs),
            ChaosChoice::Search { from, dir } => {
                self.turn.moves -= 1;
                let total = self.roll(8, obs) + self.roll(8, obs);
                let found = total >= SECRET_DOOR;
                if O::ENABLED {
                    obs.event(ChaosEvent::SecretDoor { at: from, dir, found });
                }
                if found {
                    self.board.set_edge(from, dir, Edge::Secret);
                    let to = from.step(dir);
                    if self.board.explored(to) {
                        self.board.set_edge(to, dir.opp(), Edge::Secret);
                    }
                    if matches!(self.pass(from, dir), Pass::Yes(_)) {
                        self.turn.found = Some((from, dir));
                        self.legal.clear();
                        self.legal.push(ChaosChoice::Through);
                        self.legal.push(ChaosChoice::Stay);
                        self.ask(Ask::SecretDoor);
                        return;
                    }
                }
            }
            ChaosChoice::Up | ChaosChoice::Down => {
                self.turn.moves -= 1;
                self.climb(c == ChaosChoice::Up, obs);
            }
            ChaosChoice::Drink(slot) => self.drink(slot, obs),
            ChaosChoice::Stumble => {
                self.turn.moves -= 1;
                if let Some(at) = self.me().square() {
                    let exits = self.open_exits(at);
                    self.stumble(&exits, obs);
                }
            }
            c
            @ (ChaosChoice::Buy(_) | ChaosChoice::TradeIn(_) | ChaosChoice::Redeem(_) | ChaosChoice::Transmute(_)) => {
                self.shop_action(c, obs)
            }
            c @ (ChaosChoice::Portal
            | ChaosChoice::Tunnel(_)
            | ChaosChoice::Lever
            | ChaosChoice::Jump
            | ChaosChoice::Fountain
            | ChaosChoice::Touch) => self.room_action(c, obs),
            c => self.carry_action(c, obs),
        }
        self.settle(obs);
    }

    /// Through the secret door just found, in the same movement action (§7).
    pub(super) fn through_secret_door<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        if let Some((from, dir)) = self.turn.found.take() {
            self.go_through(from, dir, obs);
        }
        self.settle(obs);
    }

    /// Draws the Door card of the door of `from` towards `dir` (§7).
    fn open_door<O: Observer<ChaosEvent>>(&mut self, from: Sq, dir: Dir, obs: &mut O) {
        let Some(card) = self.draw(DeckId::Doors, obs) else {
            // Every Door card is on the board: the door opens (the rule unless stated).
            self.board.set_door(from, dir, DoorState::Open);
            return;
        };
        if O::ENABLED {
            obs.event(ChaosEvent::Door { at: from, dir, card });
        }
        let door = self.rules.doors.cards[card as usize];
        let state = match door.door {
            DoorKind::Open => DoorState::Open,
            DoorKind::Locked => DoorState::Locked,
            DoorKind::Toll(n) => DoorState::Toll(n),
        };
        self.board.set_door(from, dir, state);
        let mut after = Aftermath::default();
        self.by = Source::Card(DeckId::Doors);
        self.effects(door.effects, &mut after, 0, obs);
        // A door with an ongoing effect stays on the board (its card with it); the others go
        // back to the discards.
        if !matches!(door.door, DoorKind::Toll(_)) {
            self.discard(DeckId::Doors, card);
        }
        self.resolve(after, obs);
    }

    /// Out through the exit of `from` towards `dir`: a locked door opened by an item, a toll
    /// paid, a tile laid behind it if need be, and arrival (§7).
    pub(super) fn go_through<O: Observer<ChaosEvent>>(&mut self, from: Sq, dir: Dir, obs: &mut O) {
        let Pass::Yes(size) = self.pass(from, dir) else { return };
        match self.board.door(from, dir).map(|x| x.2) {
            Some(DoorState::Locked) => {
                self.use_key(obs);
                self.board.set_door(from, dir, DoorState::Open);
            }
            Some(DoorState::Toll(n)) => {
                let seat = self.active;
                self.me().gold -= n as u32;
                if O::ENABLED {
                    obs.event(ChaosEvent::Gold { seat, amount: -(n as i32) });
                }
            }
            _ => {}
        }
        let to = from.step(dir);
        let fresh = match size {
            Some(s) if !self.lay_tile(s, to, dir, obs) => return,
            Some(_) => true,
            None => false,
        };
        self.turn.arrival = Arrival::Walked(dir);
        self.enter(to, fresh, obs);
    }

    /// Draws a tile of `size` and lays it with its arrow on `at` pointing `facing`; `false`
    /// when none is left or it does not fit.
    pub(super) fn lay_tile<O: Observer<ChaosEvent>>(
        &mut self,
        size: TileSize,
        at: Sq,
        facing: Dir,
        obs: &mut O,
    ) -> bool {
        if self.board.fits(size, at, facing).is_none() {
            return false;
        }
        let Some(tile) = self.draw(DeckId::Tiles(size as u8), obs) else { return false };
        self.board.lay(&self.rules.tiles[tile as usize], tile, at, facing);
        if O::ENABLED {
            obs.event(ChaosEvent::TilePlaced { at, tile, facing });
        }
        // Tile guide: a shoppe is stocked when it appears on the board.
        if self.rules.tiles[tile as usize].feature == Feature::Shoppe {
            self.stock_shop(at, obs);
        }
        true
    }

    /// Up or down the staircase of the active tile: the same square a level away, its
    /// staircase tile put there if it is unexplored; up from level 1 the town (§1, §14).
    fn climb<O: Observer<ChaosEvent>>(&mut self, up: bool, obs: &mut O) {
        let Some(at) = self.me().square() else { return };
        let target = if up { at.up() } else { at.down(1) };
        let Some(to) = target else {
            self.go_to_town(obs);
            return;
        };
        let mut fresh = false;
        self.turn.arrival = Arrival::Placed;
        let f = self.feature_at(at);
        let stairs = if up { matches!(f, Feature::StaircaseUp | Feature::Entry) } else { f == Feature::StaircaseDown };
        if !stairs && !self.board.explored(to) {
            // Through a pit (tile guide): an unexplored square gets a 1×1 tile, as a fall.
            let facing = self.board.laid_at(at).map_or(Dir::N, |l| l.facing);
            if !self.lay_tile(TileSize::One, to, facing, obs) {
                return;
            }
            fresh = true;
        } else if !self.board.explored(to) {
            let tile = if up { self.stair_down } else { self.stair_up };
            let facing = self.board.laid_at(at).map_or(Dir::N, |l| l.facing);
            self.board.lay(&self.rules.tiles[tile as usize], tile, to, facing);
            if O::ENABLED {
                obs.event(ChaosEvent::TilePlaced { at: to, tile, facing });
            }
            fresh = true;
        }
        self.enter(to, fresh, obs);
    }

    /// Arrives on `to` (its tile just laid when `fresh`): the Room card of a new room, then
    /// the tile's feature; falls and teleports lead on, at most [`MAX_CHAIN`] in a row.
    pub(super) fn enter<O: Observer<ChaosEvent>>(&mut self, to: Sq, fresh: bool, obs: &mut O) {
        let (mut at, mut fresh) = (to, fresh);
        for _ in 0..MAX_CHAIN {
            self.place_hero(at, obs);
            let mut after = Aftermath::default();
            let laid = self.board.laid_at(at).map(|l| l.tile);
            if let Some(tile) = laid {
                // A new room draws its Room card; a room a fan blew someone through turns the
                // card left face down on it (tile guide).
                let card = if fresh && self.rules.tiles[tile as usize].room {
                    self.draw(DeckId::Rooms, obs)
                } else {
                    self.board.laid_at_mut(at).and_then(|l| l.face_down.take())
                };
                if let Some(card) = card {
                    self.by = Source::Card(DeckId::Rooms);
                    self.effects(self.rules.rooms.cards[card as usize].effects, &mut after, 0, obs);
                    self.discard(DeckId::Rooms, card);
                }
            }
            if !self.me().is_dead() {
                self.arrive(at, &mut after, obs);
            }
            match self.resolve(after, obs) {
                Some((next, f)) => (at, fresh) = (next, f),
                None => return,
            }
        }
    }

    /// Where a relocation leads from `at`: the square and whether a tile was laid there
    /// (`None`: the character stays, or fell through a bottomless pit and died).
    pub(super) fn relocation<O: Observer<ChaosEvent>>(&mut self, r: Relocate, obs: &mut O) -> Option<(Sq, bool)> {
        let at = self.me().square()?;
        self.turn.arrival = if matches!(r, Relocate::Fall(_)) { Arrival::Fell } else { Arrival::Placed };
        let to = match r {
            Relocate::Carry(d) => return self.carried(at, d, obs),
            Relocate::Blown(d) => return self.blown(at, d, obs),
            Relocate::Spring => return self.sprung(at, obs),
            Relocate::Fall(n) => match at.down(n) {
                Some(to) => to,
                None => {
                    // Bottomless (§1 tile guide: pits on level 4, chasms on levels 3 and 4);
                    // a card's trapdoor is the card's doing.
                    let source = match self.feature_at(at) {
                        f @ (Feature::Pit | Feature::Chasm) => Source::Tile(f),
                        _ => self.by,
                    };
                    self.me().harm = Harm { source, kind: AttackType::Plain };
                    self.me().stats[Attr::Health as usize] = 0;
                    return None;
                }
            },
            Relocate::Teleport | Relocate::Portal => {
                let level = if r == Relocate::Portal { self.roll(8, obs).div_ceil(2) - 1 } else { at.level() };
                let row = self.roll(6, obs) - 1;
                let col = self.roll(8, obs) - 1;
                Sq::new(level, row, col)
            }
        };
        if self.board.explored(to) {
            return Some((to, false));
        }
        // An unexplored square: a 1×1 tile with its arrow as the tile left (§1 tile guide, Pit).
        let facing = self.board.laid_at(at).map_or(Dir::N, |l| l.facing);
        self.lay_tile(TileSize::One, to, facing, obs).then_some((to, true))
    }
}
