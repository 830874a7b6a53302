//! The 1987 board as the bots see it: the laid tiles read through [`ClassicGame::tile`] and
//! the tile definitions, the unexplored spaces taken as open rooms, and distance maps over
//! them to the Treasure Chamber and to the nearest tower.
//!
//! Distances are in tenths of a turn and price what a space costs the hero who enters it: a
//! room a turn and its Room card, a corridor almost nothing (the move goes on at once), a
//! door the Door cards drawn until it opens, a portcullis the Strength tests, a pit its
//! Agility test, an unexplored space a turn and the chance that it leads nowhere. A node is a
//! space and, on a Chasm tile, the part of it the hero stands on.
//!
//! [`RouteMaps`] keeps each seat's maps from decision to decision, takes in the tiles laid or
//! turned where they lie ([`RouteMaps::look`]) and settles the distances only as far as a
//! decision reads them ([`RouteMaps::settle`]; what it reads equals a fresh fill, see the
//! tests below), so a decision costs a few loads unless the board changed. Fixed arrays, a
//! queue in the struct: no allocation per game.

use arrayvec::ArrayVec;
use dq_engine::dungeonquest::board::{is_tower, is_treasure, step, Cell, Dir, CELLS, PRINTED, TOWERS, TREASURE};
use dq_engine::dungeonquest::classic::game::ClassicGame;
use dq_engine::dungeonquest::classic::game::MAX_SEATS;
use dq_engine::dungeonquest::data::{Side, TileKind};
use dq_engine::rules::TileDef;

/// Nodes: a space and a part (0, or 1 for a Chasm tile's far part).
pub const NODES: usize = CELLS * 2;
/// The distance of a node with no way to the target.
pub const UNREACHED: u16 = u16::MAX;
const _: () = assert!(NODES <= 1024);

/// Tenths of a turn.
const TURN: u16 = 10;
/// Entering the Treasure Chamber: its turn (the loot is the reason to go).
pub const CHAMBER_ENTRY: u16 = TURN;
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
pub const RING: u16 = 3;
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
        self.game.sides(c)[d as usize]
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

    /// What entering `c` costs beyond [`BoardView::room_cost`]: another hero's room is
    /// closed while he stays (the Treasure Chamber holds any number).
    pub fn taken(&self, c: Cell, w: &Walker) -> u16 {
        let taken = self.explored(c)
            && !is_treasure(c)
            && (0..self.game.seats()).any(|s| {
                let h = self.game.hero(s);
                s != w.seat && h.inside() && h.pos == c
            });
        if taken {
            TAKEN
        } else {
            0
        }
    }

    /// What entering `c` costs whoever stands where: what the maps price. Another hero's room
    /// is left out of them (he will likely have moved on by the time the walker gets there;
    /// the room next door is priced by [`BoardView::taken`]), so one map serves every
    /// decision until a tile is laid or turned.
    pub fn room_cost(&self, c: Cell, w: &Walker) -> u16 {
        if !self.explored(c) {
            return UNKNOWN;
        }
        let agility = w.agility.clamp(1, 12) as u16;
        match self.kind(c) {
            // A tower is passed through (or left by); the chamber loots.
            None if is_treasure(c) => CHAMBER_ENTRY,
            None => 2,
            Some(TileKind::Corridor) => 1,
            Some(TileKind::TrapChamber) => TURN + TRAP_CARD,
            Some(TileKind::ChamberOfDarkness) => DARKNESS,
            Some(TileKind::CaveIn) => TURN + ROOM_CARD + TURN * (12 - agility) / agility,
            Some(TileKind::BottomlessPit) => TURN + w.dread * (12 - agility) / 12,
            Some(_) => TURN + ROOM_CARD,
        }
    }

    /// What the maps read of space `c`: its open sides, Chasm parts, entry and barriers.
    fn space(&self, c: Cell, w: &Walker, tiles_left: bool) -> Space {
        let mut sp = Space { explored: self.explored(c), enter: self.room_cost(c, w), ..Space::default() };
        if !sp.explored {
            sp.open = if tiles_left { 0xF } else { 0 };
            return sp;
        }
        // The sides as the engine keeps them turned to the world; a Chasm's parts turned here.
        let sides = self.game.sides(c);
        let chasm = self.def(c).filter(|(t, _)| t.kind == TileKind::Chasm);
        for d in Dir::ALL {
            let bit = 1 << d as u8;
            let part = chasm.map_or(0, |(t, rot)| t.part[((d as u8 + 4 - rot) & 3) as usize]);
            match sides[d as usize] {
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
            if part == 1 {
                sp.far |= bit;
            }
        }
        sp
    }

    /// Whether `left` tiles in the box is all of them: none drawn, so none laid.
    #[inline]
    fn full_box(&self, left: u8) -> bool {
        usize::from(left) == self.tiles.len().min(255)
    }

    /// The laid tile on `c` as one number (0: none), to notice a tile laid or turned.
    #[inline]
    fn stamp(&self, c: Cell) -> u16 {
        self.game.tile(c).map_or(0, |(t, rot)| ((u16::from(t) + 1) << 2) | u16::from(rot & 3))
    }
}

/// A move as the maps price it: the node entered, what entering costs (another hero's room
/// left out, see [`BoardView::room_cost`]) and the doors and portcullises crossed (without
/// the Ring of Opening).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub node: usize,
    pub enter: u16,
    pub barrier: u16,
}

/// Which spaces a map measures the way to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The Treasure Chamber (either half).
    Chamber,
    /// Any tower (leaving the dungeon).
    Tower,
}

/// Buckets of a [`Queue`]'s ring: keys within this of the level go into the ring.
const BUCKETS: u32 = 64;
/// Entries a [`Queue`] keeps beyond its ring's reach (a door or portcullis behind a dear
/// room; a handful at most).
const FAR_CAP: usize = 512;

/// The settling's queue of (key, node), taken in order of key, for keys never below the last
/// one taken (the settling's keys never fall): a ring of buckets, each a set of nodes, and the
/// few entries beyond the ring's reach apart. Why not a binary heap: a take is a rotate and three
/// trailing-zero counts, a put two bit sets, where a heap sifts through its levels (the fills
/// use it too).
#[derive(Clone, Debug)]
struct Queue {
    buckets: [[u64; WORDS]; BUCKETS as usize],
    /// Per bucket, bit `w`: its word `w` holds nodes (so a take finds its node without
    /// scanning the bucket's words).
    words: [u8; BUCKETS as usize],
    /// Bit `b`: bucket `b` holds nodes.
    full: u64,
    /// The key of the last entry taken (or where the queue starts): every entry is at or above.
    level: u32,
    /// Entries a ring's length or more above the level when put, as `key << 16 | node`.
    far: Box<ArrayVec<u32, FAR_CAP>>,
    /// The least key in `far` (`u32::MAX`: none).
    far_min: u32,
}

const _: () = assert!(WORDS <= 8);

impl Queue {
    fn new() -> Queue {
        Queue {
            buckets: [[0; WORDS]; BUCKETS as usize],
            words: [0; BUCKETS as usize],
            full: 0,
            level: 0,
            far: Box::new(ArrayVec::new()),
            far_min: u32::MAX,
        }
    }

    /// Empties the queue, to start at `level`.
    fn start(&mut self, level: u32) {
        while self.full != 0 {
            let b = self.full.trailing_zeros() as usize;
            self.buckets[b] = [0; WORDS];
            self.words[b] = 0;
            self.full &= self.full - 1;
        }
        self.far.clear();
        self.far_min = u32::MAX;
        self.level = level;
    }

    /// Puts node `n` into bucket `b`.
    #[inline]
    fn set(&mut self, b: usize, n: usize) {
        self.buckets[b][n / 64] |= 1 << (n % 64);
        self.words[b] |= 1 << (n / 64);
        self.full |= 1 << b;
    }

    #[inline]
    fn put(&mut self, key: u16, n: usize) {
        let k = u32::from(key);
        debug_assert!(k >= self.level);
        if k < self.level + BUCKETS {
            self.set((k % BUCKETS) as usize, n);
        } else {
            self.put_far(k, n);
        }
    }

    #[cold]
    fn put_far(&mut self, k: u32, n: usize) {
        // Not reached in play: entries beyond the ring are few.
        if self.far.try_push((k << 16) | n as u32).is_ok() {
            self.far_min = self.far_min.min(k);
        } else {
            debug_assert!(false, "route queue's far entries full");
        }
    }

    /// The entry of least key (of one key, the least node first).
    #[inline]
    fn take(&mut self) -> Option<(u16, usize)> {
        loop {
            if self.full != 0 {
                let key = self.level + self.full.rotate_right(self.level % BUCKETS).trailing_zeros();
                if key < self.far_min {
                    self.level = key;
                    let b = (key % BUCKETS) as usize;
                    let w = self.words[b].trailing_zeros() as usize;
                    let x = self.buckets[b][w];
                    let rest = x & (x - 1);
                    self.buckets[b][w] = rest;
                    // The word and the bucket noted empty without a branch.
                    let words = self.words[b] & !(u8::from(rest == 0) << w);
                    self.words[b] = words;
                    self.full &= !(u64::from(words == 0) << b);
                    return Some((key as u16, w * 64 + x.trailing_zeros() as usize));
                }
            }
            if self.far.is_empty() {
                return None;
            }
            self.reach_far();
        }
    }

    /// Moves the level on to the least far key and the far entries now within reach into the
    /// ring (every ring entry is at or above that key, and within a ring's length of it).
    #[cold]
    fn reach_far(&mut self) {
        self.level = self.far_min;
        let mut rest = u32::MAX;
        let mut i = 0;
        while i < self.far.len() {
            let e = self.far[i];
            let (k, n) = (e >> 16, (e & 0xFFFF) as usize);
            if k < self.level + BUCKETS {
                self.set((k % BUCKETS) as usize, n);
                self.far.swap_remove(i);
            } else {
                rest = rest.min(k);
                i += 1;
            }
        }
        self.far_min = rest;
    }
}

/// What the maps read of one space.
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

/// Steps [`RouteMaps::walk`] takes at most.
const WALK: usize = 64;

/// No node: no move that way.
const NONE: u16 = u16::MAX;

/// Words of a set of nodes, a bit per node.
const WORDS: usize = NODES.div_ceil(64);

/// One distance map, settled lazily: per node its distance `dist` (what [`RouteMaps::map`]
/// reads) and its offer `rhs`, the least over its moves out of the distance there and the
/// move's cost (0 on a target); the nodes where the two may differ are `pending`. A map
/// brought up to date with a change only works out the offers the change touched; the
/// distances are settled (Lifelong Planning A* without a heuristic: Koenig, Likhachev and
/// Furcy) as far as a decision reads them, so the nodes behind a hero, farther from the
/// target than anything he reads, wait (see [`settle`]).
#[derive(Clone, Debug)]
struct Map {
    dist: [u16; NODES],
    rhs: [u16; NODES],
    /// Every node whose distance is not its offer is here (consistent nodes may be too).
    pending: [u64; WORDS],
    /// At most the least key (`min(dist, rhs)`) of the nodes pending; `u32::MAX`: none.
    /// Every node whose exact distance is below it reads exact.
    floor: u32,
}

impl Map {
    const EMPTY: Map = Map { dist: [UNREACHED; NODES], rhs: [UNREACHED; NODES], pending: [0; WORDS], floor: u32::MAX };

    /// Notes node `n` as pending if its distance is not its offer.
    #[inline]
    fn mark(&mut self, n: usize) {
        let (g, r) = (self.dist[n], self.rhs[n]);
        // Without a branch (its outcome is a coin toss to the CPU).
        let differ = g != r;
        self.pending[n / 64] |= u64::from(differ) << (n % 64);
        let key = u32::from(g.min(r)) | u32::from(!differ).wrapping_neg();
        self.floor = self.floor.min(key);
    }
}

/// What prices a step for a walker (his seat left out: the maps ignore other heroes).
type Costs = (u8, u8, bool, u16);

impl Walker {
    fn costs(&self) -> Costs {
        (self.strength, self.agility, self.ring_of_opening, self.dread)
    }
}

/// A move between two nodes through a side open on both spaces: the node reached ([`NONE`]:
/// no move that way) and the barriers crossed, the same both ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Link {
    to: u16,
    barrier: u16,
}

impl Link {
    /// No move: its barrier alone prices it past [`UNREACHED`], so a sum over a move reads
    /// no way without a test for it.
    const NO: Link = Link { to: NONE, barrier: UNREACHED };
}

/// One walker's reading of the board (the spaces, and per node its moves) and his two maps
/// over it.
#[derive(Clone, Debug)]
struct Maps {
    costs: Costs,
    /// Unexplored spaces are open (tiles are left in the box).
    tiles_left: bool,
    spaces: [Space; CELLS],
    /// Per node and [`Dir`], the move that way: read from the spaces once, when they change, so
    /// the maps' inner loops only load it.
    links: [[Link; 4]; NODES],
    /// Per [`Target`] (as index), per node, what entering it costs: read from the spaces once,
    /// when they change.
    enter: [Enter; 2],
    chamber: Map,
    tower: Map,
    /// Per map ([`Target`] as index): the spaces changed since it was last asked for, to
    /// repair it for when it is (a hero heading in reads the chamber map only).
    pending: [ArrayVec<Cell, PENDING>; 2],
    /// Per map: more changes than [`PENDING`] missed, so it is filled afresh when asked for.
    stale: [bool; 2],
}

/// Changed spaces a map not asked for is kept behind by before it is refilled instead:
/// past about a dozen, one fill costs less than the repair's settling (four heroes, callgrind:
/// 24 → 12 −1.4%, 64 +7%, 4 +11%; one hero within 0.1%; docs/perf.md).
const PENDING: usize = 12;

/// A seat's maps and the board they were read from.
#[derive(Clone, Debug)]
struct SeatMaps {
    /// The maps describe this game's board (false after [`RouteMaps::new_game`]).
    valid: bool,
    /// Tiles left in the box at the last look: a tile laid lowers it.
    tiles_left: u8,
    /// Per space the laid tile and rotation the maps were read with (0: none).
    seen: [u16; CELLS],
    /// Laid tiles that may turn later (corridors under the Curse of the Wizard, rotating
    /// rooms), looked at again when the game's count of tiles turned moves.
    turning: ArrayVec<Cell, CELLS>,
    /// The game's count of tiles turned at the last look ([`ClassicGame::tiles_turned`]).
    turned: u16,
    maps: Maps,
}

/// How many walkers' maps of the empty board are kept.
const PRISTINE: usize = 16;

/// Distance maps to the Treasure Chamber and to the nearest tower per seat, kept from decision
/// to decision, brought up to date only where a tile was laid or turned and settled only as
/// far as a decision reads them.
///
/// Why: a decision then reads a map in a few loads; a laid tile costs the settling of the
/// nodes whose way ran through its space, and of those only the ones a decision reads (and
/// the ones nearer the target); a game starts from a copy of the empty board's maps. The
/// storage is built once per table and reused game after game (no allocation per game).
#[derive(Clone, Debug)]
pub struct RouteMaps {
    seats: Box<[SeatMaps; MAX_SEATS]>,
    /// The maps of the board before any tile is laid, per walker met so far.
    pristine: Box<ArrayVec<Maps, PRISTINE>>,
    queue: Queue,
}

impl Default for RouteMaps {
    fn default() -> RouteMaps {
        RouteMaps::new()
    }
}

impl RouteMaps {
    pub fn new() -> RouteMaps {
        let empty = Maps {
            costs: (0, 0, false, 0),
            tiles_left: true,
            spaces: [Space::default(); CELLS],
            links: [[Link::NO; 4]; NODES],
            enter: [[0; NODES]; 2],
            chamber: Map::EMPTY,
            tower: Map::EMPTY,
            pending: [ArrayVec::new_const(), ArrayVec::new_const()],
            stale: [true; 2],
        };
        let seat = SeatMaps {
            valid: false,
            tiles_left: 0,
            seen: [0; CELLS],
            turning: ArrayVec::new(),
            turned: 0,
            maps: empty,
        };
        RouteMaps {
            seats: Box::new([seat.clone(), seat.clone(), seat.clone(), seat]),
            pristine: Box::new(ArrayVec::new()),
            queue: Queue::new(),
        }
    }

    /// Forgets the boards: the next look reads the new game's.
    pub fn new_game(&mut self) {
        for s in self.seats.iter_mut() {
            s.valid = false;
        }
    }

    /// Settles seat `seat`'s map to `target` (brought up to date by [`RouteMaps::look`]) until
    /// what `want` reads is exact. Why not at the look: a hero heading in never reads the ways
    /// behind him that a tile laid ahead shortens, so they are never settled.
    ///
    /// Inlined, so the reader's need is worked out where its kind is known (one indirect jump
    /// a call, which the CPU mostly guessed wrong) and a map already right costs no call.
    #[inline(always)]
    pub fn settle(&mut self, seat: u8, target: Target, want: Want<'_>) {
        let m = &mut self.seats[seat as usize % MAX_SEATS].maps;
        let map = if target == Target::Chamber { &mut m.chamber } else { &mut m.tower };
        let need = want.need(map);
        if map.floor < need {
            settle(map, &m.enter[target as usize], &m.links, target, &mut self.queue, want, need);
        }
    }

    /// Whether what `want` reads of seat `seat`'s map to `target` is exact without settling.
    #[inline(always)]
    pub fn settled(&self, seat: u8, target: Target, want: Want<'_>) -> bool {
        let m = &self.seats[seat as usize % MAX_SEATS].maps;
        let map = if target == Target::Chamber { &m.chamber } else { &m.tower };
        map.floor >= want.need(map)
    }

    /// A lower bound of the distances of seat `seat`'s map to `target` that may not read
    /// exact: a distance below it reads exact, so an exact distance is at least the lesser of
    /// this and what the map reads.
    pub fn floor(&self, seat: u8, target: Target) -> u16 {
        let m = &self.seats[seat as usize % MAX_SEATS].maps;
        let map = if target == Target::Chamber { &m.chamber } else { &m.tower };
        map.floor.min(u32::from(UNREACHED)) as u16
    }

    /// The cost of a way from node `from` to the Treasure Chamber on seat `seat`'s map as it
    /// stands: each step to the neighbour of least distance read plus step cost, the costs
    /// summed, until a node that reads exact (below the map's floor), whose distance ends the
    /// sum. A real way, so at least the exact distance (equal where the map reads exact along
    /// it); `None` if it meets no such node within 64 steps (distances not yet settled
    /// may lead in circles) or has no move on.
    pub fn walk_to_chamber(&self, seat: u8, from: usize) -> Option<u32> {
        let m = &self.seats[seat as usize % MAX_SEATS].maps;
        let (map, enter) = (&m.chamber, &m.enter[Target::Chamber as usize]);
        let mut n = from;
        let mut cost = 0u32;
        for _ in 0..WALK {
            let d = u32::from(map.dist[n]);
            if d < map.floor {
                return Some(cost + d);
            }
            // The least way on, as `way << 2 | side` so the first of equal ones is the least
            // (a min, no branch); a missing move prices past `UNREACHED` (`Link::NO`).
            let none = u32::from(UNREACHED) << 2;
            let mut best = none;
            for (d, l) in m.links[n].iter().enumerate() {
                let to = (l.to as usize).min(NODES - 1);
                let way = u32::from(map.dist[to]) + u32::from(enter[to]) + u32::from(l.barrier);
                best = best.min((way << 2) | d as u32);
            }
            if best >= none {
                return None;
            }
            let l = m.links[n][(best & 3) as usize];
            let to = l.to as usize;
            cost += u32::from(enter[to]) + u32::from(l.barrier);
            n = to;
        }
        None
    }

    /// Seat `seat`'s map to `target` as the last [`RouteMaps::look`] and [`RouteMaps::settle`]
    /// left it: exact where `settle` was asked to make it so.
    pub fn map(&self, seat: u8, target: Target) -> &[u16; NODES] {
        let m = &self.seats[seat as usize % MAX_SEATS].maps;
        match target {
            Target::Chamber => &m.chamber.dist,
            Target::Tower => &m.tower.dist,
        }
    }

    /// A move of seat `seat` from space `from` through side `d`, priced off the spaces its
    /// maps were last read with (see [`RouteMaps::look`]); `None` off the board.
    pub fn step(&self, seat: u8, from: Cell, d: Dir) -> Option<Step> {
        let spaces = &self.seats[seat as usize % MAX_SEATS].maps.spaces;
        let to = step(from, d)?;
        let back = d.opposite();
        let there = &spaces[to as usize];
        Some(Step {
            node: to as usize * 2 + usize::from(there.far & (1 << back as u8) != 0),
            enter: there.enter,
            barrier: spaces[from as usize].barrier[d as usize] + there.barrier[back as usize],
        })
    }

    /// Brings walker `w`'s map to `target` up to date with the board of `view` (the other
    /// may go stale until asked for: a hero heading in reads the chamber map, one heading out
    /// the tower map).
    pub fn look(&mut self, view: &BoardView<'_, '_>, w: &Walker, target: Target) {
        let left = view.game.tiles_left();
        let costs = w.costs();
        let sm = &mut self.seats[w.seat as usize % MAX_SEATS];
        let rebuild = !sm.valid || sm.maps.costs != costs || left > sm.tiles_left || (left > 0) != sm.maps.tiles_left;
        // The spaces read anew since the last look.
        let mut changed: ArrayVec<Cell, CELLS> = ArrayVec::new();
        if rebuild {
            sm.valid = true;
            sm.tiles_left = left;
            sm.turning.clear();
            sm.turned = view.game.tiles_turned();
            match self.pristine.iter().find(|m| m.costs == costs).filter(|_| left > 0) {
                // The empty board's maps, and every laid tile a change to repair them by
                // (a seat that first looks once others have laid tiles).
                Some(p) => {
                    sm.maps.clone_from(p);
                    sm.seen = [0; CELLS];
                    // A full box: no tile laid yet, so no space to read.
                    if !view.full_box(left) {
                        for c in 0..CELLS as Cell {
                            sm.note(view, c, &mut changed);
                        }
                    }
                }
                None => {
                    let mut laid = false;
                    for c in 0..CELLS as Cell {
                        sm.seen[c as usize] = view.stamp(c);
                        if sm.seen[c as usize] != 0 {
                            laid = true;
                            if turns(view, c) {
                                sm.turning.push(c);
                            }
                        }
                    }
                    build(&mut sm.maps, view, w, &mut self.queue);
                    if !laid && left > 0 && !self.pristine.is_full() {
                        self.pristine.push(sm.maps.clone());
                    }
                }
            }
        } else {
            // What changed since the last look: a tile laid (fewer left) or turned.
            if left != sm.tiles_left {
                let drawn = usize::from(sm.tiles_left.saturating_sub(left));
                sm.tiles_left = left;
                // Tiles are laid where heroes step: around them first, else the whole board
                // (a tile drawn and not laid).
                let mut laid = 0;
                for seat in 0..view.game.seats() {
                    let pos = view.game.hero(seat).pos;
                    laid += sm.note(view, pos, &mut changed);
                    for d in Dir::ALL {
                        if let Some(c) = step(pos, d) {
                            laid += sm.note(view, c, &mut changed);
                        }
                    }
                }
                if laid < drawn {
                    for c in 0..CELLS as Cell {
                        sm.note(view, c, &mut changed);
                    }
                }
            }
            // A laid tile turned since: which one is read off the tiles that may turn.
            let turned = view.game.tiles_turned();
            if turned != sm.turned {
                sm.turned = turned;
                for i in 0..sm.turning.len() {
                    let c = sm.turning[i];
                    sm.note(view, c, &mut changed);
                }
            }
        }
        if !changed.is_empty() {
            let m = &mut sm.maps;
            for &c in &changed {
                m.spaces[c as usize] = view.space(c, w, m.tiles_left);
            }
            for &c in &changed {
                m.relink(c, w);
                m.reprice(c);
            }
            for t in [0, 1] {
                let pending = &mut m.pending[t];
                for &c in &changed {
                    if m.stale[t] {
                        break;
                    }
                    if !pending.contains(&c) && pending.try_push(c).is_err() {
                        m.stale[t] = true;
                        pending.clear();
                    }
                }
            }
        }
        let m = &mut self.seats[w.seat as usize % MAX_SEATS].maps;
        let t = target as usize;
        let map = if target == Target::Chamber { &mut m.chamber } else { &mut m.tower };
        if m.stale[t] {
            fill(map, &m.enter[t], &m.links, target, &mut self.queue);
            m.stale[t] = false;
            m.pending[t].clear();
        } else if !m.pending[t].is_empty() {
            note(map, &m.enter[t], &m.spaces, &m.links, target, &m.pending[t]);
            m.pending[t].clear();
        }
    }
}

impl SeatMaps {
    /// Notes space `c` in `changed` if its tile is not the one last seen; 1 if it was laid.
    #[inline]
    fn note(&mut self, view: &BoardView<'_, '_>, c: Cell, changed: &mut ArrayVec<Cell, CELLS>) -> usize {
        if c as usize >= CELLS {
            return 0;
        }
        let st = view.stamp(c);
        let was = self.seen[c as usize];
        if st == was {
            return 0;
        }
        self.seen[c as usize] = st;
        changed.push(c);
        if was == 0 {
            if turns(view, c) {
                self.turning.push(c);
            }
            1
        } else {
            0
        }
    }
}

/// Whether the tile on `c` may turn after it is laid.
fn turns(view: &BoardView<'_, '_>, c: Cell) -> bool {
    matches!(view.kind(c), Some(TileKind::Corridor | TileKind::RotatingChamber))
}

/// Reads every space and fills both maps afresh.
fn build(m: &mut Maps, view: &BoardView<'_, '_>, w: &Walker, queue: &mut Queue) {
    let tiles_left = view.game.tiles_left() > 0;
    m.costs = w.costs();
    m.tiles_left = tiles_left;
    for c in 0..CELLS as Cell {
        m.spaces[c as usize] = view.space(c, w, tiles_left);
    }
    for n in 0..NODES {
        for d in Dir::ALL {
            m.links[n][d as usize] = link(n, d, &m.spaces, w);
        }
    }
    for c in 0..CELLS as Cell {
        m.reprice(c);
    }
    fill(&mut m.tower, &m.enter[Target::Tower as usize], &m.links, Target::Tower, queue);
    fill(&mut m.chamber, &m.enter[Target::Chamber as usize], &m.links, Target::Chamber, queue);
    m.stale = [false; 2];
    m.pending[0].clear();
    m.pending[1].clear();
}

/// Fills `map` to `target` afresh: Dijkstra from the target spaces backwards; every node is
/// then settled.
fn fill(map: &mut Map, enter: &Enter, links: &Links, target: Target, queue: &mut Queue) {
    map.dist.fill(UNREACHED);
    queue.start(0);
    for &c in seeds(target) {
        map.dist[c as usize * 2] = 0;
        queue.put(0, c as usize * 2);
    }
    // Keys taken never fall (no move costs below 0); nodes of one key in any order, as the
    // distances do not depend on it.
    while let Some((d0, n)) = queue.take() {
        if d0 > map.dist[n] {
            continue;
        }
        let c = (n / 2) as Cell;
        // The Treasure Chamber's halves are one room.
        if is_treasure(c) {
            let m = other_half(c);
            if d0 < map.dist[m] {
                map.dist[m] = d0;
                queue.put(d0, m);
            }
        }
        // The forward move into `n` from each neighbour costs entering `c` and the barriers.
        let enter = enter[n];
        for l in links[n] {
            if l.to == NONE {
                continue;
            }
            let m = l.to as usize;
            let nd = d0.saturating_add(enter).saturating_add(l.barrier);
            if nd < map.dist[m] {
                map.dist[m] = nd;
                queue.put(nd, m);
            }
        }
    }
    map.rhs = map.dist;
    map.pending = [0; WORDS];
    map.floor = u32::MAX;
}

/// The spaces a map to `target` measures the way to.
#[inline]
fn seeds(target: Target) -> &'static [Cell] {
    match target {
        Target::Chamber => &TREASURE,
        Target::Tower => &TOWERS,
    }
}

/// The node of the Treasure Chamber's other half.
#[inline]
fn other_half(c: Cell) -> usize {
    (if c == TREASURE[0] { TREASURE[1] } else { TREASURE[0] }) as usize * 2
}

/// A tower's node (a [`NODE_FLAGS`] bit).
const TOWER_NODE: u8 = 1;
/// A Treasure Chamber half's node (a [`NODE_FLAGS`] bit).
const HALF_NODE: u8 = 2;

/// Per node, whether it is a tower's or a chamber half's: one load where the settling's inner
/// loops would compare the space with six.
static NODE_FLAGS: [u8; NODES] = {
    let mut f = [0; NODES];
    let mut i = 0;
    while i < TOWERS.len() {
        f[TOWERS[i] as usize * 2] = TOWER_NODE;
        i += 1;
    }
    f[TREASURE[0] as usize * 2] = HALF_NODE;
    f[TREASURE[1] as usize * 2] = HALF_NODE;
    f
};

/// The [`NODE_FLAGS`] bit of the nodes the map to `target` starts from.
#[inline]
fn seed_flag(target: Target) -> u8 {
    match target {
        Target::Chamber => HALF_NODE,
        Target::Tower => TOWER_NODE,
    }
}

/// Whether node `n` is one the map to `target` starts from (distance 0 whatever the board).
#[inline]
fn is_seed(n: usize, target: Target) -> bool {
    NODE_FLAGS[n] & seed_flag(target) != 0
}

/// Whether node `n` is a chamber half whose moves are the other half's too: on the map to the
/// towers (on the map to the chamber the halves are targets).
#[inline]
fn joined_half(n: usize, target: Target) -> bool {
    target == Target::Tower && NODE_FLAGS[n] & HALF_NODE != 0
}

/// Per node and [`Dir`], the move that way.
type Links = [[Link; 4]; NODES];

/// Per node, what entering it costs on the way to one target (see [`enter_cost`]).
type Enter = [u16; NODES];

/// The move from node `n` (space and chasm part) through side `d`, if that side is open on
/// both spaces, with the barriers crossed (doors, portcullises, the Ring of Opening's price).
/// Barriers read the same both ways, so a link serves moves out of `n` and, reversed, moves
/// into it.
fn link(n: usize, d: Dir, spaces: &[Space; CELLS], w: &Walker) -> Link {
    let (c, p) = ((n / 2) as Cell, (n % 2) as u8);
    let here = spaces[c as usize];
    let bit = 1 << d as u8;
    if here.open & bit == 0 || (here.far & bit != 0) != (p == 1) {
        return Link::NO;
    }
    let Some(v) = step(c, d) else { return Link::NO };
    let back = d.opposite();
    let there = spaces[v as usize];
    let bb = 1 << back as u8;
    if there.open & bb == 0 {
        return Link::NO;
    }
    let mut barrier = here.barrier[d as usize] + there.barrier[back as usize];
    if w.ring_of_opening && barrier > 0 {
        barrier = barrier.min(RING);
    }
    Link { to: (v as usize * 2 + usize::from(there.far & bb != 0)) as u16, barrier }
}

impl Maps {
    /// Reads what entering space `c`'s nodes costs anew, after `c` changed.
    fn reprice(&mut self, c: Cell) {
        for t in [Target::Chamber, Target::Tower] {
            let e = enter_cost(c, &self.spaces, t);
            self.enter[t as usize][c as usize * 2] = e;
            self.enter[t as usize][c as usize * 2 + 1] = e;
        }
    }

    /// Reads the links of space `c` anew, and its neighbours' links into it, after `c` changed.
    /// A side belongs to one part of its space, so only that part's node can have a link
    /// through it: the other node's link is none (and a neighbour's, unchanged, stays none).
    /// A link reads the same both ways (see [`link`]), so the neighbour's link back is the
    /// mirror of this one, not read again.
    fn relink(&mut self, c: Cell, w: &Walker) {
        for d in Dir::ALL {
            let far = usize::from(self.spaces[c as usize].far & (1 << d as u8) != 0);
            let n = c as usize * 2 + far;
            let l = link(n, d, &self.spaces, w);
            self.links[n][d as usize] = l;
            self.links[n ^ 1][d as usize] = Link::NO;
            if let Some(v) = step(c, d) {
                let back = d.opposite();
                let far = usize::from(self.spaces[v as usize].far & (1 << back as u8) != 0);
                let m = v as usize * 2 + far;
                let mirror = if l.to == NONE { Link::NO } else { Link { to: n as u16, barrier: l.barrier } };
                debug_assert_eq!(mirror, link(m, back, &self.spaces, w));
                self.links[m][back as usize] = mirror;
            }
        }
    }
}

/// What entering space `c` costs: a tower entered on the way out is the way out, no turn spent.
#[inline]
fn enter_cost(c: Cell, spaces: &[Space; CELLS], target: Target) -> u16 {
    if target == Target::Tower && is_tower(c) {
        0
    } else {
        spaces[c as usize].enter
    }
}

/// The offer of node `n` over the distances of `map`: 0 on a target, else the least over its
/// moves out of the distance there and the move's cost. The Treasure Chamber's halves are one
/// room, each half's moves the other's too (the free move between them would be a way of
/// no cost, which the settling cannot take: two halves could offer each other a way cut).
fn offer(map: &Map, enter: &Enter, links: &Links, target: Target, n: usize) -> u16 {
    if is_seed(n, target) {
        return 0;
    }
    let out = |n: usize, best: u32| {
        let mut best = best;
        for l in links[n] {
            // A missing move reads the last node and adds past `UNREACHED` (`Link::NO`).
            let m = (l.to as usize).min(NODES - 1);
            best = best.min(u32::from(map.dist[m]) + u32::from(enter[m]) + u32::from(l.barrier));
        }
        best
    };
    let mut best = out(n, u32::from(UNREACHED));
    if joined_half(n, target) {
        best = out(other_half((n / 2) as Cell), best);
    }
    best.min(u32::from(UNREACHED)) as u16
}

/// Takes the spaces `changed` (read anew, links and all) into `map`: the offers they may
/// change (their nodes', their neighbours', and both chamber halves' when one is among them)
/// are worked out again over the distances as they are, and the nodes left inconsistent
/// become pending. No distance changes here: [`settle`] does that, as far as a reader needs.
fn note(map: &mut Map, enter: &Enter, spaces: &[Space; CELLS], links: &Links, target: Target, changed: &[Cell]) {
    let redo = |map: &mut Map, n: usize| {
        if is_seed(n, target) {
            return;
        }
        map.rhs[n] = offer(map, enter, links, target, n);
        map.mark(n);
        if joined_half(n, target) {
            let m = other_half((n / 2) as Cell);
            map.rhs[m] = offer(map, enter, links, target, m);
            map.mark(m);
        }
    };
    for &c in changed {
        let n = c as usize * 2;
        redo(map, n);
        // The far part: only on a Chasm tile (or where one was).
        if links[n + 1].iter().any(|l| l.to != NONE) || map.rhs[n + 1] != UNREACHED {
            redo(map, n + 1);
        }
        // Of each neighbour, the node whose side faces `c` (the other has no move that way).
        for d in Dir::ALL {
            if let Some(v) = step(c, d) {
                let far = spaces[v as usize].far & (1 << d.opposite() as u8) != 0;
                redo(map, v as usize * 2 + usize::from(far));
            }
        }
    }
}

/// What a reader of a map needs settled: the map reads right once the least key of the
/// nodes pending is at least this.
#[derive(Clone, Copy, Debug)]
pub enum Want<'a> {
    /// Each of these nodes' distances exact: one more than the highest key among them (a
    /// consistent node that costs less than every pending key is exact).
    Each(&'a [usize]),
    /// The least distance over these nodes exact: one more than their least key (that node
    /// is then consistent and below every pending key, so exact, and no other is lower).
    Least(&'a [usize]),
    /// The least over these nodes of the distance plus a cost exact, and every node whose
    /// distance reads otherwise known to sum to more: one more than the least key plus cost
    /// (that node is then exact, and a node not exact costs the least pending key or more,
    /// both exactly and as read).
    Cheapest(&'a [(usize, u16)]),
    /// Every node.
    All,
}

impl Want<'_> {
    #[inline(always)]
    fn need(&self, map: &Map) -> u32 {
        let key = |n: usize| u32::from(map.dist[n].min(map.rhs[n])) + 1;
        match *self {
            Want::Each(ns) => ns.iter().map(|&n| key(n)).max().unwrap_or(0),
            Want::Least(ns) => ns.iter().map(|&n| key(n)).min().unwrap_or(0),
            Want::Cheapest(ns) => ns.iter().map(|&(n, c)| key(n) + u32::from(c)).min().unwrap_or(0),
            Want::All => u32::MAX,
        }
    }
}

/// Calls `f` with each node that can step onto `u` (links read the same both ways) and the
/// cost of that step; a chamber half's moves are the other half's too (see [`offer`]). A
/// missing move is passed too, as the last node at a cost past [`UNREACHED`] (`Link::NO`),
/// which no way through it can use: no branch per side, whose outcome a CPU cannot guess.
#[inline]
fn each_before(u: usize, enter: &Enter, links: &Links, target: Target, mut f: impl FnMut(usize, u32)) {
    let enter = u32::from(enter[u]);
    for l in links[u] {
        let p = (l.to as usize).min(NODES - 1);
        let cost = enter + u32::from(l.barrier);
        f(p, cost);
        if joined_half(p, target) {
            f(other_half((p / 2) as Cell), cost);
        }
    }
}

/// Settles `map` until what `want` reads is right: Lifelong Planning A* without a heuristic,
/// stopped once the least key pending is at least the reader's need.
///
/// Kept between calls and changes: every offer right over the distances as they are, every
/// inconsistent node pending, `floor` at most the least key pending. Then every node whose
/// exact distance is below the least key `K` reads exact (moves cost at least a tenth but
/// into a tower on the way out, which is a target), so a reader of nodes below it needs no
/// settling. The settling takes inconsistent nodes in order of key: one above its offer takes
/// it, and the nodes that can step onto it may get a lower offer; one below loses its
/// distance and waits at its offer, and the nodes whose offer came through it work theirs out
/// again. Keys taken never fall, so it can stop at the reader's need; whatever is left is
/// pending, and in whatever order and however many calls apart the nodes are settled, the
/// map ends where [`fill`] puts it.
/// `need` is what `want` needs now, above the map's floor (else nothing is to settle).
#[inline(never)]
fn settle(
    map: &mut Map,
    enter: &Enter,
    links: &Links,
    target: Target,
    queue: &mut Queue,
    want: Want<'_>,
    mut need: u32,
) {
    debug_assert!(map.floor < need && need == want.need(map));
    // Every pending key is at least the floor.
    queue.start(map.floor);
    for w in 0..WORDS {
        let mut bits = core::mem::take(&mut map.pending[w]);
        while bits != 0 {
            let n = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (g, r) = (map.dist[n], map.rhs[n]);
            if g != r {
                queue.put(g.min(r), n);
            }
        }
    }
    map.floor = u32::MAX;
    while let Some((k, u)) = queue.take() {
        let (g, r) = (map.dist[u], map.rhs[u]);
        if g == r || g.min(r) != k {
            // Settled already, or met at a key it no longer has (the entry at its key now is
            // in the queue).
            continue;
        }
        let k32 = u32::from(k);
        if k32 >= need {
            need = want.need(map);
            if k32 >= need {
                // Left for a later reader: the rest of the queue waits as pending.
                map.pending[u / 64] |= 1 << (u % 64);
                map.floor = k32;
                while let Some((_, n)) = queue.take() {
                    if map.dist[n] != map.rhs[n] {
                        map.pending[n / 64] |= 1 << (n % 64);
                    }
                }
                return;
            }
        }
        if r < g {
            // Takes its offer; the nodes that can step onto it may get a lower one.
            map.dist[u] = r;
            each_before(u, enter, links, target, |p, cost| {
                let through = u32::from(r) + cost;
                if through < u32::from(map.rhs[p]) && !is_seed(p, target) {
                    // Below an offer, so below `UNREACHED`.
                    let through = through as u16;
                    map.rhs[p] = through;
                    if through < map.dist[p] {
                        queue.put(through, p);
                    }
                }
            });
        } else {
            // Loses its distance, and waits at its offer if it has one.
            map.dist[u] = UNREACHED;
            if r != UNREACHED {
                queue.put(r, u);
            }
            // The nodes whose offer came through it look again.
            // (An offer at `UNREACHED` through it was no way: worked out again, it would read
            // the same.)
            each_before(u, enter, links, target, |p, cost| {
                if u32::from(map.rhs[p]) == u32::from(g) + cost && !is_seed(p, target) {
                    let now = offer(map, enter, links, target, p);
                    map.rhs[p] = now;
                    if now != map.dist[p] {
                        queue.put(now.min(map.dist[p]), p);
                    }
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heading in, the planner bounds the way between the chamber and the towers without
    /// settling the chamber map there: below by the least read at the towers or the map's
    /// floor, above by [`RouteMaps::walk_to_chamber`] from the tower read nearest. Both hold
    /// against a fresh fill, decision after decision, and the walk is most often exact. (It
    /// fails with the floor left out of the lower bound, or the walk's last distance out of
    /// its sum.)
    #[test]
    fn way_out_bounds_hold() {
        use crate::dungeonquest::classic::ClassicPlayers;
        use crate::{BotSpec, MonsterSpec, Policy};
        use dq_engine::core::{DecisionGame, NoObserver};
        use dq_engine::dungeonquest::classic::decks::Characteristic;
        use dq_engine::dungeonquest::classic::game::{ClassicConfig, ClassicGame};
        use dq_engine::dungeonquest::classic::ClassicRules;
        use dq_engine::rng::{GameRng, Stream};
        let rules = ClassicRules::embedded();
        let cfg = ClassicConfig::random(1);
        let mut players =
            ClassicPlayers::new(&rules, &[BotSpec::parse("greedy").unwrap()], MonsterSpec::Random, 1).unwrap();
        let (mut maps, mut fresh) = (RouteMaps::new(), RouteMaps::new());
        let towers: Vec<usize> = TOWERS.iter().map(|&c| c as usize * 2).collect();
        let (mut checked, mut exact, mut open) = (0, 0, 0);
        for i in 0..300 {
            let mut g = ClassicGame::new(&rules, &cfg, 11, i, &mut NoObserver).unwrap();
            let mut rng = GameRng::new(11, i, Stream::Bot);
            Policy::<ClassicGame<'_>>::new_game(&mut players);
            maps.new_game();
            while !g.is_over() {
                let h = g.hero(0);
                if h.inside() && (h.pos as usize) < CELLS && !is_treasure(h.pos) {
                    let sheet = &rules.heroes[h.hero as usize % rules.heroes.len()];
                    let w = Walker {
                        seat: 0,
                        strength: sheet.attrs[Characteristic::Strength.index()],
                        agility: sheet.attrs[Characteristic::Agility.index()],
                        ring_of_opening: false,
                        dread: 150,
                    };
                    let view = BoardView::new(&g);
                    let node =
                        h.pos as usize * 2 + usize::from(h.part == 1 && view.kind(h.pos) == Some(TileKind::Chasm));
                    maps.look(&view, &w, Target::Chamber);
                    maps.settle(0, Target::Chamber, Want::Each(&[node]));
                    fresh.new_game();
                    fresh.pristine.clear();
                    fresh.look(&view, &w, Target::Chamber);
                    let truth = towers.iter().map(|&t| fresh.map(0, Target::Chamber)[t]).min().unwrap();
                    let cm = maps.map(0, Target::Chamber);
                    let (read, nearest) = towers.iter().map(|&t| (cm[t], t)).min().unwrap();
                    let low = read.min(maps.floor(0, Target::Chamber));
                    assert!(low <= truth, "game {i}: low {low} > exact {truth}");
                    if let Some(high) = maps.walk_to_chamber(0, nearest) {
                        assert!(high >= u32::from(truth), "game {i}: walk {high} < exact {truth}");
                        exact += usize::from(high == u32::from(truth));
                    } else {
                        open += 1;
                    }
                    checked += 1;
                }
                let choices = g.legal_choices().clone();
                let c = players.choose(&g, &choices, &mut rng);
                g.apply(c, &mut NoObserver).unwrap();
            }
        }
        assert!(checked > 3_000, "{checked} decisions checked");
        // The walk is most often the exact way (here 4,152 of 6,339; no way when the chamber
        // is cut off from the towers: 1,319).
        assert!(exact * 2 > checked, "{exact} of {checked} walks exact, {open} without a way");
    }

    /// A map brought up to date and settled as far as asked reads as a map filled afresh,
    /// decision after decision of bot-played games.
    #[test]
    fn repairs_equal_fresh_fills() {
        use crate::dungeonquest::classic::ClassicPlayers;
        use crate::{BotSpec, MonsterSpec, Policy};
        use dq_engine::core::{DecisionGame, NoObserver};
        use dq_engine::dungeonquest::classic::decks::Characteristic;
        use dq_engine::dungeonquest::classic::game::{ClassicConfig, ClassicGame};
        use dq_engine::dungeonquest::classic::ClassicRules;
        use dq_engine::rng::{GameRng, Stream};
        let rules = ClassicRules::embedded();
        for seats in [1usize, 3] {
            let cfg = ClassicConfig::random(seats);
            let mut players =
                ClassicPlayers::new(&rules, &[BotSpec::parse("greedy").unwrap()], MonsterSpec::Random, seats).unwrap();
            let mut maps = RouteMaps::new();
            let mut fresh = RouteMaps::new();
            let mut checked = 0;
            for i in 0..150 {
                let mut g = ClassicGame::new(&rules, &cfg, 7, i, &mut NoObserver).unwrap();
                let mut rng = GameRng::new(7, i, Stream::Bot);
                Policy::<ClassicGame<'_>>::new_game(&mut players);
                maps.new_game();
                while !g.is_over() {
                    let seat = g.pending().map_or(0, |d| d.seat);
                    let h = g.hero(seat);
                    let sheet = &rules.heroes[h.hero as usize % rules.heroes.len()];
                    let w = Walker {
                        seat,
                        strength: sheet.attrs[Characteristic::Strength.index()],
                        agility: sheet.attrs[Characteristic::Agility.index()],
                        ring_of_opening: false,
                        dread: 150,
                    };
                    if h.inside() {
                        let view = BoardView::new(&g);
                        // Both maps kept up to date, or one at a time (the other refilled).
                        let t = if (i + u64::from(h.pos)) % 3 == 0 { Target::Tower } else { Target::Chamber };
                        maps.look(&view, &w, t);
                        let t2 = if i % 2 == 0 { Target::Tower } else { t };
                        maps.look(&view, &w, t2);
                        fresh.new_game();
                        fresh.pristine.clear();
                        fresh.look(&view, &w, t);
                        fresh.look(&view, &w, t2);
                        // Settled as far as a decision reads (the hero's node and the nodes
                        // around it, the nearest tower or chamber half), or now and then in
                        // full: what is read equals a fresh fill.
                        let mut near = vec![h.pos as usize * 2, h.pos as usize * 2 + 1];
                        for d in Dir::ALL {
                            if let Some(v) = step(h.pos, d) {
                                near.extend([v as usize * 2, v as usize * 2 + 1]);
                            }
                        }
                        near.retain(|&n| n < NODES);
                        let towers: Vec<usize> = seeds(Target::Tower).iter().map(|&c| c as usize * 2).collect();
                        let halves: Vec<usize> = seeds(Target::Chamber).iter().map(|&c| c as usize * 2).collect();
                        let all = checked % 3 == 0;
                        for t in [t, t2] {
                            let least = if t == Target::Chamber { &towers } else { &halves };
                            if all {
                                maps.settle(seat, t, Want::All);
                            } else {
                                maps.settle(seat, t, Want::Least(least));
                                // The cheapest of the nodes around plus a cost each, as the best
                                // move reads them: the same node and sum as on a fresh map.
                                let priced: Vec<(usize, u16)> = near.iter().map(|&n| (n, (n % 7) as u16 * 3)).collect();
                                maps.settle(seat, t, Want::Cheapest(&priced));
                                let best = |m: &[u16; NODES]| {
                                    let mut b: Option<(usize, u16)> = None;
                                    for &(n, c) in &priced {
                                        let s = m[n].saturating_add(c);
                                        if m[n] != UNREACHED && b.is_none_or(|(_, x)| s < x) {
                                            b = Some((n, s));
                                        }
                                    }
                                    b
                                };
                                let (got, want) = (maps.map(seat, t), fresh.map(seat, t));
                                assert_eq!(best(got), best(want), "game {i} {t:?}: cheapest of {priced:?}");
                                maps.settle(seat, t, Want::Each(&near));
                            }
                            let (got, want) = (maps.map(seat, t), fresh.map(seat, t));
                            let low = |m: &[u16; NODES]| least.iter().map(|&n| m[n]).min();
                            assert_eq!(low(got), low(want), "game {i} {t:?}: least of {least:?}");
                            let bad: Vec<_> = (0..NODES)
                                .filter(|&n| (all || near.contains(&n)) && got[n] != want[n])
                                .map(|n| (n, got[n], want[n]))
                                .collect();
                            assert!(bad.is_empty(), "game {i} {t:?} {bad:?}");
                        }
                        checked += 1;
                    }
                    let choices = g.legal_choices().clone();
                    let c = players.choose(&g, &choices, &mut rng);
                    g.apply(c, &mut NoObserver).unwrap();
                }
            }
            assert!(checked > 1_000, "{checked} decisions checked");
        }
    }
}
