//! Moving: trying doors and portcullises, laying a drawn tile with its entry arrow at the point
//! of entry, and what each room does to the hero who arrives (rulebook 5.2, 6; reference sheet
//! "Special Tiles").

use super::flow::{Flow, Mode};
use super::{Ask, Cause, ClassicChoice, ClassicEvent, ClassicGame, Fate, Onward, Optional, Plight, Via};
use crate::core::Observer;
use crate::dungeonquest::board::{chamber_cells, dir_between, is_tower, is_treasure, step, Cell, Dir};
use crate::dungeonquest::classic::data::RingEffect;
use crate::dungeonquest::classic::decks::{CardEffect, Characteristic, ClassicDeck};
use crate::dungeonquest::data::{Side, TileKind};

impl<'r> ClassicGame<'r> {
    /// The cell of the chamber on `pos` next to `to`, and the side towards it.
    pub(super) fn step_from(&self, pos: Cell, to: Cell) -> Option<(Cell, Dir)> {
        chamber_cells(pos).into_iter().find_map(|c| dir_between(c, to).map(|d| (c, d)))
    }

    /// A move of `seat` to adjacent `to`: portcullises lifted (D12 ≤ Strength) and doors
    /// opened (a Door card each) unless the Ring of Opening is used (`ring`), then the arrival.
    pub(super) fn start_move<O: Observer<ClassicEvent>>(
        &mut self,
        seat: u8,
        to: Cell,
        ring: bool,
        mode: Mode,
        obs: &mut O,
    ) -> Flow {
        let pos = self.hero(seat).pos;
        let Some((from, d)) = self.step_from(pos, to) else { return Flow::Done };
        let (portcullises, doors) = self.board.barriers(self.tile_defs(), from, d);
        let mut via = if mode == Mode::Secret { Via::SecretDoor } else { Via::Hall };
        if mode == Mode::Normal && portcullises + doors > 0 {
            if ring && self.ring_effect(seat) == Some(RingEffect::Opening) {
                // One ring opens the doorway, a pair of lined-up doors included.
                self.hero_mut(seat).ring = None;
            } else {
                let strength = self.attr(seat, Characteristic::Strength);
                for _ in 0..portcullises {
                    if self.d12(obs) > strength {
                        return Flow::Done;
                    }
                }
                if !self.open_doors(seat, doors, obs) {
                    return Flow::Done;
                }
            }
            if doors > 0 {
                via = Via::Door;
            }
        }
        self.arrive(seat, from, d, to, via, mode, obs)
    }

    /// Draws a Door card per door (6.5): the way opens only if every card says so; each other
    /// card is followed (jammed, or a trap's LPs). Whether the way is open.
    fn open_doors<O: Observer<ClassicEvent>>(&mut self, seat: u8, doors: u8, obs: &mut O) -> bool {
        let mut open = true;
        for _ in 0..doors {
            let Some(k) = self.draw(ClassicDeck::Door, obs) else { continue };
            let effect = self.card_effect(k);
            self.return_card(k);
            match effect {
                Some(CardEffect::DoorOpens) => {}
                Some(CardEffect::DoorTrap(r)) => {
                    open = false;
                    let n = self.roll_loss(seat, r, obs);
                    if self.lose(seat, n, Cause::Card, obs) {
                        return false;
                    }
                }
                _ => open = false,
            }
        }
        open
    }

    /// Takes the next tile from the box.
    fn take_tile(&mut self) -> Option<u8> {
        if self.tiles_left == 0 {
            return None;
        }
        self.tiles_left -= 1;
        Some(self.tiles[self.tiles_left as usize])
    }

    /// The hero steps from `from` through side `d` onto `to`: a tile is laid there first if the
    /// square is empty, its entry arrow towards `from` (6.1, 6.2); then the room's rules.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn arrive<O: Observer<ClassicEvent>>(
        &mut self,
        seat: u8,
        from: Cell,
        d: Dir,
        to: Cell,
        via: Via,
        mode: Mode,
        obs: &mut O,
    ) -> Flow {
        let back = d.opposite();
        let mut laid = false;
        if !self.board.explored(to) {
            let Some(t) = self.take_tile() else { return Flow::Done };
            let rot = (back as u8 + 2) & 3;
            self.board.lay(self.tile_defs(), to, t, rot);
            laid = true;
            self.hero_mut(seat).stats.chambers_explored += 1;
            if O::ENABLED {
                obs.event(ClassicEvent::TilePlaced { cell: to, tile: t, rot });
            }
        }
        let tiles = self.tile_defs();
        // A portcullis on the side he came in by has fallen behind him.
        let via = if via == Via::Hall && self.board.side(tiles, to, back) == Side::Portcullis {
            Via::Portcullis
        } else {
            via
        };
        let part = self.board.part(tiles, to, back);
        let h = self.hero_mut(seat);
        h.prev = from;
        h.pos = to;
        h.came = Some(back);
        h.via = via;
        h.part = part;
        h.searches = 0;
        h.plight = Plight::None;
        if O::ENABLED {
            obs.event(ClassicEvent::Moved { seat, to });
        }
        if seat == self.active {
            for c in chamber_cells(to) {
                self.visited.insert(c);
            }
        }
        self.chamber_left(obs);
        let fresh = matches!(mode, Mode::Normal | Mode::Secret);
        if is_tower(to) {
            self.ask(seat, Ask::Onward(Onward::Tower));
            return Flow::Asked;
        }
        if is_treasure(to) {
            return if fresh { self.loot(seat, obs) } else { Flow::Done };
        }
        let kind = self.tile_kind(to).unwrap_or(TileKind::DungeonRoom);
        match kind {
            TileKind::RotatingChamber => {
                if laid {
                    let rot = self.board.turn(to, 2);
                    if O::ENABLED {
                        obs.event(ClassicEvent::TileTurned { cell: to, rot });
                    }
                    self.hero_mut(seat).came = None;
                    let mut out = false;
                    self.board.exits(self.tile_defs(), to, None, self.tiles_left > 0, |_, _, _| out = true);
                    if !out {
                        self.die(seat, Cause::DeadEnd, obs);
                    }
                }
                Flow::Done
            }
            TileKind::BottomlessPit => {
                if self.d12(obs) > self.attr(seat, Characteristic::Agility) {
                    self.die(seat, Cause::Pit, obs);
                }
                Flow::Done
            }
            TileKind::ChamberOfDarkness => {
                self.hero_mut(seat).plight = Plight::Darkness;
                Flow::Done
            }
            TileKind::Corridor if fresh => {
                let mut any = false;
                let seen = self.visited;
                self.for_moves(seat, |to| any |= !seen.contains(to));
                if !any {
                    return Flow::Done;
                }
                self.ask(seat, Ask::Onward(Onward::Corridor));
                Flow::Asked
            }
            TileKind::TrapChamber if fresh => {
                if self.ring_effect(seat) == Some(RingEffect::Warning) {
                    self.ask(seat, Ask::Optional(Optional::WarnTile));
                    return Flow::Asked;
                }
                self.trap_card(seat, obs)
            }
            TileKind::CaveIn | TileKind::Chasm | TileKind::DungeonRoom => {
                if kind == TileKind::CaveIn {
                    self.hero_mut(seat).plight = Plight::CaveIn;
                }
                if fresh {
                    self.room_card(seat, obs)
                } else {
                    Flow::Done
                }
            }
            _ => Flow::Done,
        }
    }

    /// Whether `seat` may escape back where he came from: not under a fallen portcullis, not
    /// through a secret door (8.1), and that room not taken by another hero.
    pub(super) fn may_escape(&self, seat: u8) -> bool {
        let h = self.hero(seat);
        h.came.is_some() && matches!(h.via, Via::Hall | Via::Door) && h.prev != h.pos && !self.occupied(h.prev, seat)
    }

    /// Back to the previous tile (an escape): no Door card, no Room card (8.1).
    pub(super) fn escape<O: Observer<ClassicEvent>>(&mut self, seat: u8, obs: &mut O) -> Flow {
        let (pos, prev) = (self.hero(seat).pos, self.hero(seat).prev);
        if !self.may_escape(seat) {
            return Flow::Done;
        }
        match self.step_from(pos, prev) {
            Some((from, d)) => self.arrive(seat, from, d, prev, Via::Hall, Mode::Escape, obs),
            None => Flow::Done,
        }
    }

    /// Secret Door targets: every adjacent square on the board, walls or not, that is not
    /// another hero's room.
    pub(super) fn push_secret(&self, seat: u8, out: &mut super::ClassicChoices) {
        let pos = self.hero(seat).pos;
        for c in chamber_cells(pos) {
            for d in Dir::ALL {
                let Some(to) = step(c, d) else { continue };
                if chamber_cells(pos).contains(&to) || self.occupied(to, seat) || out.is_full() {
                    continue;
                }
                if !self.board.explored(to) && self.tiles_left == 0 {
                    continue;
                }
                out.push(ClassicChoice::Move(to));
            }
        }
    }

    pub(super) fn answer_onward<O: Observer<ClassicEvent>>(
        &mut self,
        seat: u8,
        o: Onward,
        c: ClassicChoice,
        obs: &mut O,
    ) -> Flow {
        match (o, c) {
            (Onward::Tower, ClassicChoice::Exit) => {
                let round = u16::from(self.round);
                let h = self.hero_mut(seat);
                h.fate = Fate::Exited;
                h.stats.end_round = round;
                if O::ENABLED {
                    obs.event(ClassicEvent::Exited(seat));
                }
                Flow::Done
            }
            (Onward::SecretDoor, ClassicChoice::Move(to)) => {
                let pos = self.hero(seat).pos;
                match self.step_from(pos, to) {
                    Some((from, d)) => self.arrive(seat, from, d, to, Via::SecretDoor, Mode::Secret, obs),
                    None => Flow::Done,
                }
            }
            (Onward::Run, ClassicChoice::Move(to)) => {
                let pos = self.hero(seat).pos;
                match self.step_from(pos, to) {
                    Some((from, d)) => self.arrive(seat, from, d, to, Via::Hall, Mode::Run, obs),
                    None => Flow::Done,
                }
            }
            (_, ClassicChoice::Move(to)) => self.start_move(seat, to, false, Mode::Normal, obs),
            (_, ClassicChoice::MoveWithRing(to)) => self.start_move(seat, to, true, Mode::Normal, obs),
            _ => Flow::Done,
        }
    }
}
