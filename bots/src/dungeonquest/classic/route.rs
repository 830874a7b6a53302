//! The 1987 board as the bots see it: the laid tiles read through [`ClassicGame::tile`] and
//! the tile definitions, the unexplored spaces taken as open rooms, and distance maps over
//! them to the Treasure Chamber and to the nearest tower.
//!
//! Distances are in tenths of a turn and price what a space costs the hero who enters it: a
//! room a turn and its Room card, a corridor almost nothing (the move goes on at once), a
//! door the Door cards drawn until it opens, a portcullis the Strength tests, a pit its
//! Agility test, an unexplored space a turn and the chance that it leads nowhere. A node is a
//! space and, on a Chasm tile, the part of it the hero stands on. Fixed arrays, a heap in the
//! struct: no allocation.

use dq_engine::dungeonquest::board::{
    is_tower, is_treasure, step, Cell, Dir, CELLS, FIXED_CLOSED, PRINTED, TOWERS, TREASURE,
};
use dq_engine::dungeonquest::classic::game::ClassicGame;
use dq_engine::dungeonquest::data::{Side, TileKind};
use dq_engine::rules::TileDef;

/// Nodes: a space and a part (0, or 1 for a Chasm tile's far part).
pub const NODES: usize = CELLS * 2;
/// The distance of a node with no way to the target.
pub const UNREACHED: u16 = u16::MAX;
/// Heap entries: every relaxation pushes one (at most four per node) plus the seeds.
const HEAP_CAP: usize = NODES * 4 + 8;
const _: () = assert!(NODES <= 1024);

/// Tenths of a turn.
const TURN: u16 = 10;
/// A room's Room card beyond its turn: the fights, traps and lost turns it may bring.
const ROOM_CARD: u16 = 1;
/// A Trap chamber's Trap card.
const TRAP_CARD: u16 = 8;
/// An unexplored space: a turn, a Room card, and the chance its tile leads nowhere.
const UNKNOWN: u16 = TURN + ROOM_CARD + 1;
/// A Chamber of Darkness: the D6 may send the hero back or waste turns.
const DARKNESS: u16 = TURN + 20;
/// A door: Door cards are drawn until one opens (about one in three), a trap now and then.
const DOOR: u16 = 21;
/// Crossing a door or portcullis with the Ring of Opening (kept for later, so not free).
const RING: u16 = 3;
/// Another hero's room: closed while he stays.
const TAKEN: u16 = 30;

/// What a hero brings to the costs: his Strength and Agility, whether he holds the Ring of
/// Opening, and how much a death-risking tile weighs (cautious heroes fear pits more).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walker {
    pub seat: u8,
    pub strength: u8,
    pub agility: u8,
    pub ring_of_opening: bool,
    /// Tenths of a turn a certain death is worth.
    pub dread: u16,
}

/// The laid board read from a game.
#[derive(Clone, Copy)]
pub struct BoardView<'g, 'r> {
    game: &'g ClassicGame<'r>,
    tiles: &'r [TileDef],
}

impl<'g, 'r> BoardView<'g, 'r> {
    pub fn new(game: &'g ClassicGame<'r>) -> BoardView<'g, 'r> {
        BoardView { game, tiles: game.rules().tiles.drawn() }
    }

    /// Whether a room is on `c` (a laid tile, a tower, the Treasure Chamber).
    #[inline]
    pub fn explored(&self, c: Cell) -> bool {
        (c as usize) < CELLS && (PRINTED[c as usize] || self.game.tile(c).is_some())
    }

    /// The tile on `c` with its rotation.
    #[inline]
    fn def(&self, c: Cell) -> Option<(&'r TileDef, u8)> {
        let (t, rot) = self.game.tile(c)?;
        self.tiles.get(t as usize).map(|d| (d, rot))
    }

    /// The kind of the tile on `c`.
    #[inline]
    pub fn kind(&self, c: Cell) -> Option<TileKind> {
        self.def(c).map(|(d, _)| d.kind)
    }

    /// What is on world side `d` of explored `c` (as the engine's board reads it).
    #[inline]
    pub fn side(&self, c: Cell, d: Dir) -> Side {
        match self.def(c) {
            Some((t, rot)) => t.sides[((d as u8 + 4 - rot) & 3) as usize],
            None if FIXED_CLOSED[c as usize] & (1 << d as u8) != 0 => Side::Wall,
            None => Side::Hall,
        }
    }

    /// The part of a Chasm tile side `d` of `c` belongs to; 0 elsewhere (only a chasm keeps
    /// the hero to his part).
    #[inline]
    pub fn part(&self, c: Cell, d: Dir) -> u8 {
        match self.def(c) {
            Some((t, rot)) if t.kind == TileKind::Chasm => t.part[((d as u8 + 4 - rot) & 3) as usize],
            _ => 0,
        }
    }

    /// The node a hero lands on when he enters `to` through its side `side`.
    #[inline]
    pub fn node(&self, to: Cell, side: Dir) -> usize {
        to as usize * 2 + usize::from(self.explored(to) && self.part(to, side) == 1)
    }

    /// What crossing from `c` through side `d` costs at its doors and portcullises.
    pub fn barrier_cost(&self, c: Cell, d: Dir, w: &Walker) -> u16 {
        let mut cost = 0;
        let mut add = |s: Side| match s {
            Side::Door => cost += DOOR,
            Side::Portcullis => cost += TURN * (12 - w.strength.min(11)) as u16 / w.strength.max(1) as u16,
            _ => {}
        };
        if self.explored(c) {
            add(self.side(c, d));
        }
        if let Some(to) = step(c, d).filter(|&t| self.explored(t)) {
            add(self.side(to, d.opposite()));
        }
        if w.ring_of_opening && cost > 0 {
            cost.min(RING)
        } else {
            cost
        }
    }

    /// What entering `c` costs (a target's own entry is priced by the caller).
    pub fn enter_cost(&self, c: Cell, w: &Walker) -> u16 {
        if !self.explored(c) {
            return UNKNOWN;
        }
        let taken = (0..self.game.seats()).any(|s| {
            let h = self.game.hero(s);
            s != w.seat && h.inside() && h.pos == c
        });
        let extra = if taken && !is_treasure(c) { TAKEN } else { 0 };
        let agility = w.agility.clamp(1, 12) as u16;
        let base = match self.kind(c) {
            // A tower is passed through (or left by); the chamber loots.
            None if is_treasure(c) => TURN,
            None => 2,
            Some(TileKind::Corridor) => 1,
            Some(TileKind::TrapChamber) => TURN + TRAP_CARD,
            Some(TileKind::ChamberOfDarkness) => DARKNESS,
            Some(TileKind::CaveIn) => TURN + ROOM_CARD + TURN * (12 - agility) / agility,
            Some(TileKind::BottomlessPit) => TURN + w.dread * (12 - agility) / 12,
            Some(_) => TURN + ROOM_CARD,
        };
        base + extra
    }
}

/// Which spaces a map measures the way to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The Treasure Chamber (either half).
    Chamber,
    /// Any tower (leaving the dungeon).
    Tower,
}

/// A min-heap of (distance, node) in fixed storage, each entry one `u32` (distance in the
/// high bits) so a comparison is one instruction.
#[derive(Clone, Debug)]
struct Heap {
    items: Box<[u32; HEAP_CAP]>,
    len: usize,
}

impl Heap {
    fn new() -> Heap {
        Heap { items: Box::new([0; HEAP_CAP]), len: 0 }
    }

    fn push(&mut self, (d, n): (u16, u16)) {
        let x = (u32::from(d) << 10) | u32::from(n);
        if self.len == HEAP_CAP {
            return;
        }
        let mut i = self.len;
        self.len += 1;
        self.items[i] = x;
        while i > 0 {
            let p = (i - 1) / 2;
            if self.items[p] <= self.items[i] {
                break;
            }
            self.items.swap(p, i);
            i = p;
        }
    }

    fn pop(&mut self) -> Option<(u16, u16)> {
        if self.len == 0 {
            return None;
        }
        let top = self.items[0];
        let top = ((top >> 10) as u16, (top & 0x3FF) as u16);
        self.len -= 1;
        self.items[0] = self.items[self.len];
        let mut i = 0;
        loop {
            let (l, r) = (2 * i + 1, 2 * i + 2);
            let mut m = i;
            if l < self.len && self.items[l] < self.items[m] {
                m = l;
            }
            if r < self.len && self.items[r] < self.items[m] {
                m = r;
            }
            if m == i {
                break;
            }
            self.items.swap(m, i);
            i = m;
        }
        Some(top)
    }
}

/// What the maps read of one space, worked out once per decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Space {
    /// A room is there (a laid tile, a tower, the Treasure Chamber).
    explored: bool,
    /// Sides (bit per [`Dir`]) that are not walls (all four on an unexplored space).
    open: u8,
    /// Sides on a Chasm tile's far part.
    far: u8,
    /// What entering costs.
    enter: u16,
    /// Per side: the door or portcullis on this space's side of the hall.
    barrier: [u16; 4],
}

/// Distance maps of one decision: to the Treasure Chamber and to the nearest tower.
///
/// Why one scratch per table: a decision refills the maps it needs (a few µs); the storage is
/// reused game after game.
#[derive(Clone, Debug)]
pub struct RouteMaps {
    chamber: Box<[u16; NODES]>,
    tower: Box<[u16; NODES]>,
    spaces: Box<[Space; CELLS]>,
    heap: Heap,
}

impl Default for RouteMaps {
    fn default() -> RouteMaps {
        RouteMaps::new()
    }
}

impl RouteMaps {
    pub fn new() -> RouteMaps {
        RouteMaps {
            chamber: Box::new([UNREACHED; NODES]),
            tower: Box::new([UNREACHED; NODES]),
            spaces: Box::new([Space::default(); CELLS]),
            heap: Heap::new(),
        }
    }

    /// Whether the space `c` had a Chasm's far part at the last [`RouteMaps::read`] (its node
    /// `2c + 1` is in use).
    pub fn has_far(&self, c: Cell) -> bool {
        self.spaces.get(c as usize).is_some_and(|s| s.far != 0)
    }

    /// The map to `target` as last filled.
    pub fn map(&self, target: Target) -> &[u16; NODES] {
        match target {
            Target::Chamber => &self.chamber,
            Target::Tower => &self.tower,
        }
    }

    /// Reads the board for walker `w`: what every space's sides and entry cost; the maps
    /// filled after it use this reading.
    pub fn read(&mut self, view: &BoardView<'_, '_>, w: &Walker) {
        let tiles_left = view.game.tiles_left() > 0;
        for c in 0..CELLS as Cell {
            let mut sp = Space { explored: view.explored(c), enter: view.enter_cost(c, w), ..Space::default() };
            if !sp.explored {
                sp.open = if tiles_left { 0xF } else { 0 };
            } else {
                for d in Dir::ALL {
                    let bit = 1 << d as u8;
                    match view.side(c, d) {
                        Side::Wall => {}
                        Side::Door => {
                            sp.open |= bit;
                            sp.barrier[d as usize] = DOOR;
                        }
                        Side::Portcullis => {
                            sp.open |= bit;
                            let st = w.strength.clamp(1, 11) as u16;
                            sp.barrier[d as usize] = TURN * (12 - st) / st;
                        }
                        Side::Hall => sp.open |= bit,
                    }
                    if view.part(c, d) == 1 {
                        sp.far |= bit;
                    }
                }
            }
            self.spaces[c as usize] = sp;
        }
    }

    /// Fills the map to `target` from the last [`RouteMaps::read`]: Dijkstra from the target
    /// spaces backwards (a move's cost is the entered space's and the crossed barriers',
    /// which read the same both ways), stopped once every node of `wanted` is settled: exact
    /// there, an upper bound elsewhere.
    pub fn fill(&mut self, target: Target, w: &Walker, wanted: &[usize]) {
        let dist: &mut [u16; NODES] = match target {
            Target::Chamber => &mut self.chamber,
            Target::Tower => &mut self.tower,
        };
        let spaces = &self.spaces;
        dist.fill(UNREACHED);
        let heap = &mut self.heap;
        heap.len = 0;
        let seeds: &[Cell] = match target {
            Target::Chamber => &TREASURE,
            Target::Tower => &TOWERS,
        };
        for &c in seeds {
            dist[c as usize * 2] = 0;
            heap.push((0, c as u16 * 2));
        }
        // The wanted nodes as bits, so each settled node is checked in one load.
        let mut marks = [0u64; NODES.div_ceil(64)];
        let mut left = 0;
        for &n in wanted.iter().filter(|&&n| n < NODES) {
            if marks[n / 64] & (1 << (n % 64)) == 0 {
                marks[n / 64] |= 1 << (n % 64);
                left += 1;
            }
        }
        while let Some((d0, n)) = heap.pop() {
            let n = n as usize;
            if d0 > dist[n] {
                continue;
            }
            if marks[n / 64] & (1 << (n % 64)) != 0 {
                left -= 1;
                if left == 0 {
                    break;
                }
            }
            let (c, p) = ((n / 2) as Cell, (n % 2) as u8);
            // The Treasure Chamber's halves are one room.
            if is_treasure(c) {
                let other = if c == TREASURE[0] { TREASURE[1] } else { TREASURE[0] };
                let m = other as usize * 2;
                if d0 < dist[m] {
                    dist[m] = d0;
                    heap.push((d0, m as u16));
                }
            }
            let here = spaces[c as usize];
            // Entering `c`; a tower entered on the way out is the way out, no turn spent.
            let enter = if target == Target::Tower && is_tower(c) { 0 } else { here.enter };
            for d in Dir::ALL {
                // The forward move comes from `v` through `d`'s opposite into side `d` of `c`.
                let bit = 1 << d as u8;
                if here.open & bit == 0 || (here.far & bit != 0) != (p == 1) {
                    continue;
                }
                let Some(v) = step(c, d) else { continue };
                let back = d.opposite();
                let there = spaces[v as usize];
                let bb = 1 << back as u8;
                if there.open & bb == 0 {
                    continue;
                }
                let m = v as usize * 2 + usize::from(there.far & bb != 0);
                let mut barrier = here.barrier[d as usize] + there.barrier[back as usize];
                if w.ring_of_opening && barrier > 0 {
                    barrier = barrier.min(RING);
                }
                let nd = d0.saturating_add(enter).saturating_add(barrier);
                if nd < dist[m] {
                    dist[m] = nd;
                    heap.push((nd, m as u16));
                }
            }
        }
    }
}
