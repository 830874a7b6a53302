//! The tile guide's special tiles and rooms: what happens on arriving (ice, slides, giant
//! fans, spikes, the magical barrier, springboards), their actions (the portal, tunnels, the
//! floodgates' lever, jumping into a chasm, fountains, the mysterious statues, stumbling out
//! of a dark room), the rooms that reward ending a turn there (tome of knowledge, crystal
//! ball, altar) and the escapes after a flight (portal, lever).

use super::board::{Dir, DoorState, Edge, Laid, Sq};
use super::cards::{Aftermath, Relocate};
use super::{Ask, ChaosChoice, ChaosChoices, ChaosEvent, ChaosGame, DeckId, Place};
use crate::core::Observer;
use crate::dungeon_of_chaos::combat::HandCard;
use crate::dungeon_of_chaos::data::{Ailment, AttackType, Attr, Colour, Feature, LevelRef, SpikesAt, TileSize};
use crate::dungeon_of_chaos::death::{Harm, Source};
use crate::dungeon_of_chaos::rules::LEVELS;

/// Health lost to spikes, a giant fan's blades and a magical barrier (tile guide).
pub const TRAP_DAMAGE: i32 = 10;
/// Squares a giant fan blows a character along at most: a row of open corridors wraps round
/// the board (§1), so it could blow for ever.
const MAX_BLOWN: u8 = 16;

/// How a character came onto the tile he stands on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Arrival {
    /// Put there: a turn's start, stairs, a teleport, a tunnel.
    #[default]
    Placed,
    /// Walked in, heading this way.
    Walked(Dir),
    /// Carried in by ice, a slide or a giant fan, heading this way.
    Carried(Dir),
    /// Fell in from the level above.
    Fell,
}

impl Arrival {
    /// The heading of a character with momentum (tile guide, Ice: "sliding on the ice requires
    /// momentum").
    fn heading(self) -> Option<Dir> {
        match self {
            Arrival::Walked(d) | Arrival::Carried(d) => Some(d),
            Arrival::Placed | Arrival::Fell => None,
        }
    }
}

impl ChaosGame<'_> {
    /// The feature of the tile on `at` as one arrives (flying avoids pits, chasms, mud, ice,
    /// slides and springboards; climbing avoids pits).
    pub(super) fn arrive<O: Observer<ChaosEvent>>(&mut self, at: Sq, after: &mut Aftermath, obs: &mut O) {
        let (fly, climb) = self.flies_or_climbs(self.active);
        let facing = self.board.laid_at(at).map_or(Dir::N, |l| l.facing);
        let arrival = self.turn.arrival;
        match self.feature_at(at) {
            Feature::Pit if !fly && !climb => after.relocate = Some(Relocate::Fall(1)),
            Feature::Chasm if !fly => {
                // Ruling: "roll against your speed" is a d8 at most the effective Speed.
                let speed = self.effective(self.active, Attr::Speed);
                if self.roll(8, obs) as i8 > speed {
                    after.relocate = Some(Relocate::Fall(2));
                }
            }
            Feature::MuddyCorridor if !fly => self.turn.moves = 0,
            Feature::Teleporter | Feature::Pentagram => after.relocate = Some(Relocate::Teleport),
            f @ (Feature::Laboratory | Feature::Library) => self.identify_here(f),
            // Out through the side opposite the one entered, without an action.
            Feature::Ice if !fly => after.relocate = arrival.heading().map(Relocate::Carry),
            // On in the slide's direction (its arrow), momentum or not.
            Feature::Slide if !fly => after.relocate = Some(Relocate::Carry(facing)),
            Feature::GiantFan => {
                // Ruling: the fan stands on the tile's Ahead side and blows towards its Back.
                if arrival.heading() == Some(facing.opp()) {
                    self.hurt(TRAP_DAMAGE, Feature::GiantFan);
                }
                after.relocate = Some(Relocate::Blown(facing.opp()));
            }
            // Ruling: wall spikes are on the tile's Ahead wall, met by one carried that way.
            f @ Feature::Spikes(SpikesAt::Wall) if arrival == Arrival::Carried(facing) => self.hurt(TRAP_DAMAGE, f),
            f @ Feature::Spikes(SpikesAt::Floor) if arrival == Arrival::Fell => self.hurt(TRAP_DAMAGE, f),
            Feature::MagicalBarrier => {
                // Ruling: "roll against Mind" as the chasm's roll against Speed.
                let mind = self.effective(self.active, Attr::Mind);
                if self.roll(8, obs) as i8 > mind {
                    self.hurt(TRAP_DAMAGE, Feature::MagicalBarrier);
                }
            }
            Feature::Springboard if !fly => {
                let pit_above =
                    at.up().is_some_and(|up| self.feature_at(up) == Feature::Pit && self.board.explored(up) && !climb);
                match at.up() {
                    // The loop note: choose one of the two tiles (asked by `settle`).
                    Some(up) if pit_above => self.turn.looped = Some((at, up)),
                    _ => after.relocate = Some(Relocate::Spring),
                }
            }
            _ => {}
        }
    }

    /// Plain Health lost to a trap of the tile guide (no attack type).
    fn hurt(&mut self, n: i32, tile: Feature) {
        let h = self.me();
        h.harm = Harm { source: Source::Tile(tile), kind: AttackType::Plain };
        h.stats[Attr::Health as usize] = (h.stats[Attr::Health as usize] as i32 - n).max(i8::MIN as i32) as i8;
    }

    /// Where ice or a slide carries the character from `at` heading `d`: along his tile and
    /// out through its side, a tile laid behind if need be; `None` against a wall, a door not
    /// open, or where no tile fits (he stops on the tile).
    pub(super) fn carried<O: Observer<ChaosEvent>>(&mut self, at: Sq, d: Dir, obs: &mut O) -> Option<(Sq, bool)> {
        let mut s = at;
        for _ in 0..2 {
            if self.board.same_tile(s, s.step(d)) {
                s = s.step(d);
            }
        }
        let to = self.open_step(s, d, obs)?;
        self.turn.arrival = Arrival::Carried(d);
        Some(to)
    }

    /// One step out of the tile of `s` towards `d` that needs no action and no decision: an
    /// open exit (or open door) to a laid tile, or to a tile laid now.
    fn open_step<O: Observer<ChaosEvent>>(&mut self, s: Sq, d: Dir, obs: &mut O) -> Option<(Sq, bool)> {
        match self.board.edge(s, d) {
            Edge::Wall | Edge::Door(DoorState::Closed | DoorState::Locked | DoorState::Toll(_)) => return None,
            _ => {}
        }
        let to = s.step(d);
        if self.board.explored(to) {
            return (self.board.edge(to, d.opp()) != Edge::Wall).then_some((to, false));
        }
        let size = if self.board.edge(s, d) == Edge::Arrow { TileSize::TwoByTwo } else { TileSize::One };
        for size in [size, TileSize::One] {
            let st = self.stock(DeckId::Tiles(size as u8));
            if st.left() + st.discarded() > 0 && self.board.fits(size, to, d).is_some() {
                return self.lay_tile(size, to, d, obs).then_some((to, true));
            }
        }
        None
    }

    /// Where a giant fan blows the character from `at` towards `d`: on until a wall, a door or
    /// a square where no tile fits, tiles laid on the way; the tiles passed through draw no
    /// Room card and their features are ignored (tile guide). The tile where he stops is
    /// arrived on (its feature acts; ruling: no Room card either). Each new room laid on the
    /// way, the last included, gets a Room card face down (tile guide), turned by the next to
    /// enter it.
    pub(super) fn blown<O: Observer<ChaosEvent>>(&mut self, at: Sq, d: Dir, obs: &mut O) -> Option<(Sq, bool)> {
        let mut s = at;
        for _ in 0..MAX_BLOWN {
            let next = s.step(d);
            if self.board.same_tile(s, next) {
                s = next;
                continue;
            }
            if matches!(self.board.edge(s, d), Edge::Door(_)) {
                break;
            }
            match self.open_step(s, d, obs) {
                Some((to, fresh)) => {
                    s = to;
                    if fresh {
                        self.face_down_room(to, obs);
                    }
                }
                None => break,
            }
        }
        self.turn.arrival = Arrival::Carried(d);
        (s != at).then_some((s, false))
    }

    /// A Room card face down on the new tile on `at` if it is a room (the giant fan).
    fn face_down_room<O: Observer<ChaosEvent>>(&mut self, at: Sq, obs: &mut O) {
        let Some(l) = self.board.laid_at(at) else { return };
        if !self.rules.tiles[l.tile as usize].room || l.face_down.is_some() {
            return;
        }
        if let Some(card) = self.draw(DeckId::Rooms, obs) {
            if let Some(l) = self.board.laid_at_mut(at) {
                l.face_down = Some(card);
            }
        }
    }

    /// A springboard's leap to the square above (up from level 1 is the town, §1); an
    /// unexplored square gets a 1×1 tile as a fall does.
    pub(super) fn sprung<O: Observer<ChaosEvent>>(&mut self, at: Sq, obs: &mut O) -> Option<(Sq, bool)> {
        self.turn.arrival = Arrival::Placed;
        let Some(up) = at.up() else {
            self.go_to_town(obs);
            return None;
        };
        if self.board.explored(up) {
            return Some((up, false));
        }
        let facing = self.board.laid_at(at).map_or(Dir::N, |l| l.facing);
        self.lay_tile(TileSize::One, up, facing, obs).then_some((up, true))
    }

    /// The actions of the tile the active character stands on, added to the turn's answers.
    pub(super) fn room_actions(&self, legal: &mut ChaosChoices) {
        let Some(at) = self.hero(self.active).square() else { return };
        let mut push = |c| {
            if legal.len() + 1 < legal.capacity() {
                legal.push(c);
            }
        };
        match self.feature_at(at) {
            Feature::PortalChamber => push(ChaosChoice::Portal),
            Feature::Floodgates => push(ChaosChoice::Lever),
            Feature::Chasm => push(ChaosChoice::Jump),
            Feature::Fountain if !self.turn.drank => push(ChaosChoice::Fountain),
            Feature::MysteriousStatues if !self.turn.touched && !self.monsters_at(at) => push(ChaosChoice::Touch),
            Feature::Tunnel => {
                let here = self.board.laid_at(at).map(|l| l.origin);
                for l in self.board.laid() {
                    if self.rules.tiles[l.tile as usize].feature == Feature::Tunnel && Some(l.origin) != here {
                        push(ChaosChoice::Tunnel(l.origin));
                    }
                }
            }
            _ => {}
        }
    }

    /// Runs a tile's action.
    pub(super) fn room_action<O: Observer<ChaosEvent>>(&mut self, c: ChaosChoice, obs: &mut O) {
        let mut after = Aftermath::default();
        match c {
            ChaosChoice::Portal => after.relocate = Some(Relocate::Portal),
            ChaosChoice::Jump => after.relocate = Some(Relocate::Fall(2)),
            ChaosChoice::Lever => {
                self.pull_lever(obs);
                return;
            }
            ChaosChoice::Tunnel(to) => {
                self.turn.arrival = Arrival::Placed;
                self.enter(to, false, obs);
                return;
            }
            ChaosChoice::Fountain => {
                self.turn.drank = true;
                let Some(at) = self.me().square() else { return };
                let kept = self.board.laid_at(at).and_then(|l| l.fountain);
                let card = match kept {
                    Some(c) => c,
                    None => {
                        let Some(c) = self.draw(DeckId::Potions, obs) else { return };
                        if let Some(l) = self.board.laid_at_mut(at) {
                            l.fountain = Some(c);
                        }
                        c
                    }
                };
                self.by = Source::Tile(Feature::Fountain);
                self.effects(self.rules.potions.cards[card as usize].effects, &mut after, 0, obs);
            }
            ChaosChoice::Touch => {
                self.turn.touched = true;
                // Two statues, each a monster of a random level, come to life.
                for _ in 0..2 {
                    let l = self.level_of(LevelRef::Random, obs);
                    if let Some(m) = self.draw(DeckId::Monsters(l), obs) {
                        if after.foes.try_push(m as u8).is_err() {
                            self.discard(DeckId::Monsters(l), m);
                        }
                    }
                }
            }
            _ => return,
        }
        if let Some((to, fresh)) = self.resolve(after, obs) {
            self.enter(to, fresh, obs);
        }
    }

    /// The floodgates' lever (tile guide): the active level and those below washed away. Their
    /// tiles go back to their decks' discards; the characters on them go to the same square a
    /// level down (a 1×1 tile laid there; off level 4 they are lost); ruling: their monsters,
    /// chests, shops' wares and fountains' potions are washed away to their discards. The entry
    /// tile stays.
    pub(super) fn pull_lever<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        let Some(at) = self.me().square() else { return };
        let from = at.level();
        let rules = self.rules;
        let mut gone: arrayvec::ArrayVec<Laid, { super::board::SQUARES }> = arrayvec::ArrayVec::new();
        self.board.wash(from, |l| gone.push(*l));
        for l in &gone {
            let def = &rules.tiles[l.tile as usize];
            if rules.tile_decks[def.size as usize].contains(&l.tile) {
                self.discard(DeckId::Tiles(def.size as u8), l.tile);
            }
            for &m in l.monsters() {
                self.discard(DeckId::Monsters(rules.monsters[m as usize].level - 1), m as u16);
            }
            if let super::board::ChestLeft::Locked(c) = l.chest {
                self.discard(DeckId::Chests, c);
            }
            if let Some(p) = l.fountain {
                self.discard(DeckId::Potions, p);
            }
            if let Some(c) = l.face_down {
                self.discard(DeckId::Rooms, c);
            }
        }
        let mut i = 0;
        while i < self.shops.len() {
            if self.shops[i].at.level() >= from && self.shops[i].at != self.entry {
                let shop = self.shops.remove(i);
                for w in shop.wares {
                    match w {
                        super::Ware::Item(id) => {
                            self.discard(DeckId::Items(rules.items[id as usize].level - 1), id as u16)
                        }
                        super::Ware::Potion(c) => self.discard(DeckId::Potions, c),
                        super::Ware::Scroll(c) => self.discard(DeckId::Scrolls, c),
                    }
                }
            } else {
                i += 1;
            }
        }
        let active = self.active;
        for seat in 0..self.seats {
            let Place::Dungeon(s) = self.hero(seat).place else { continue };
            if s.level() < from || self.board.explored(s) || self.hero(seat).is_dead() {
                continue;
            }
            let facing = gone.iter().find(|l| l.origin == s).map_or(Dir::N, |l| l.facing);
            let landed = match s.down(1) {
                None => None,
                Some(to) if self.board.explored(to) => Some(to),
                Some(to) => self.lay_tile(TileSize::One, to, facing, obs).then_some(to),
            };
            let h = self.hero_mut(seat);
            h.fled = false;
            match landed {
                Some(to) => {
                    h.place = Place::Dungeon(to);
                    h.tally.deepest = h.tally.deepest.max(to.level() + 1);
                    if O::ENABLED {
                        obs.event(ChaosEvent::Moved { seat, to });
                    }
                }
                // Off level 4 (or with no tile to land on): lost, as in a bottomless pit; one
                // lost outside his turn is buried now and chooses anew at his turn (§15).
                None => {
                    h.harm = Harm { source: Source::Tile(Feature::Floodgates), kind: AttackType::Plain };
                    h.stats[Attr::Health as usize] = 0;
                    if seat != active {
                        self.active = seat;
                        self.bury(obs);
                        self.active = active;
                    }
                }
            }
        }
        self.active = active;
        self.turn.arrival = Arrival::Fell;
    }

    /// A level deck's level for a card's reference (a d8 halved for a random one).
    fn level_of<O: Observer<ChaosEvent>>(&mut self, l: LevelRef, obs: &mut O) -> u8 {
        match l {
            LevelRef::Current => self.hero(self.active).square().map_or(0, Sq::level),
            LevelRef::Level(n) => n.clamp(1, LEVELS) - 1,
            LevelRef::Random => self.roll(8, obs).div_ceil(2) - 1,
        }
    }

    /// The rooms that reward ending a turn there (tile guide; all help, so all are taken, as
    /// the town's benefits): the tome of knowledge, the crystal ball, the altar.
    pub(super) fn end_of_turn_room<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        let h = self.hero(self.active);
        if h.is_dead() || h.fight.is_some() {
            return;
        }
        let Some(at) = h.square() else { return };
        let colours = self.rules.characters[h.character as usize].colours;
        let casts = |c: Colour| colours & (1 << c as u8) != 0;
        match self.feature_at(at) {
            // As printed: a Black caster draws a Grey spell (docs/rulings.md).
            Feature::TomeOfKnowledge if casts(Colour::Black) => self.draw_spell_of(Colour::Grey, obs),
            Feature::CrystalBall => {
                if casts(Colour::Grey) {
                    self.draw_spell_of(Colour::Black, obs);
                }
                let h = self.me();
                let m = Attr::Mind as usize;
                h.stats[m] = h.stats[m].max(h.start[m]);
            }
            Feature::Altar => {
                let seat = self.active;
                let mut i = 0;
                while i < self.me().items.len() {
                    if self.rules.items[self.me().items[i] as usize].cursed {
                        self.lose_item(seat, i);
                    } else {
                        i += 1;
                    }
                }
                self.me().ailments.remove(Ailment::Diseased);
                if casts(Colour::White) {
                    self.draw_spell_of(Colour::White, obs);
                }
            }
            _ => {}
        }
    }

    /// A Spell card of colour `c` into the hand: the Spell deck drawn until one comes (ruling:
    /// one deck holds every colour; the others drawn go to the discards), at most once
    /// through the deck.
    fn draw_spell_of<O: Observer<ChaosEvent>>(&mut self, c: Colour, obs: &mut O) {
        let st = self.stock(DeckId::Spells);
        let n = st.left() + st.discarded();
        for _ in 0..n {
            let Some(card) = self.draw(DeckId::Spells, obs) else { return };
            let def = &self.rules.spells.cards[card as usize];
            if def.colour == Some(c) {
                self.take_into_hand(HandCard::Spell { card, on_enemy: def.on_enemy });
                return;
            }
            self.discard(DeckId::Spells, card);
        }
    }

    /// After a successful flight from a portal chamber or a floodgates room, asks whether he
    /// escapes into the portal or by the lever (tile guide); `false` elsewhere.
    pub(super) fn pose_escape(&mut self) -> bool {
        let Some(at) = self.hero(self.active).square() else { return false };
        let way = match self.feature_at(at) {
            Feature::PortalChamber => ChaosChoice::Portal,
            Feature::Floodgates => ChaosChoice::Lever,
            // Tile guide, Chasm: "you can just jump into the chasm (as an action or when
            // running away)".
            Feature::Chasm => ChaosChoice::Jump,
            _ => return false,
        };
        self.legal.clear();
        self.legal.push(way);
        self.legal.push(ChaosChoice::Away);
        self.ask(Ask::Escape);
        true
    }

    /// The answer to [`Ask::Escape`]: away from the monsters by the portal or the lever; the
    /// turn is over either way (§10).
    pub(super) fn escape<O: Observer<ChaosEvent>>(&mut self, c: ChaosChoice, obs: &mut O) {
        if c != ChaosChoice::Away {
            self.me().fled = false;
            self.room_action(c, obs);
        }
        self.turn.over = true;
        self.settle(obs);
    }

    /// Asks the springboard's loop (tile guide): which of the two tiles to end up on.
    pub(super) fn pose_loop(&mut self) -> bool {
        let Some((a, b)) = self.turn.looped else { return false };
        self.legal.clear();
        self.legal.push(ChaosChoice::Land(a));
        self.legal.push(ChaosChoice::Land(b));
        self.ask(Ask::Loop);
        true
    }

    /// The answer to [`Ask::Loop`]: on the chosen tile, the turn goes on.
    pub(super) fn land<O: Observer<ChaosEvent>>(&mut self, c: ChaosChoice, obs: &mut O) {
        self.turn.looped = None;
        if let ChaosChoice::Land(s) = c {
            self.turn.arrival = Arrival::Placed;
            self.place_hero(s, obs);
        }
        self.settle(obs);
    }

    /// Out of a dark room by a random exit (tile guide): one of those he could take, each as
    /// likely.
    pub(super) fn stumble<O: Observer<ChaosEvent>>(&mut self, exits: &[(Sq, Dir)], obs: &mut O) {
        if exits.is_empty() {
            return;
        }
        let i = crate::dungeon_of_chaos::combat::Dice::pick(&mut self.dice, exits.len() as u32) as usize;
        if O::ENABLED {
            obs.event(ChaosEvent::Rolled { sides: exits.len() as u8, value: i as u8 + 1 });
        }
        let (from, dir) = exits[i];
        self.go_through(from, dir, obs);
    }
}
