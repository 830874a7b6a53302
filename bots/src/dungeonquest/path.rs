//! Path finding on the 10×13 board from what the players can see.
//!
//! A [`DistMap`] holds, for every space, the cheapest known cost of reaching a set of target
//! spaces (the treasure chamber, or the towers), and the number of moves along that path on demand.
//! Explored spaces connect only through the halls the tiles show; unexplored spaces are
//! assumed open on every side (the optimistic guess a player makes) but cost extra, because a
//! new tile may turn out to be a dead end or a trap. Costs per tile kind come from a
//! [`CostModel`], so a cautious policy can pay a detour to avoid bridges, pits and webs.
//!
//! Everything is in fixed-size arrays: computing a map allocates nothing. The per-space arrays
//! have a slot for every `u8` ([`SLOTS`]), so the hot loops index them without bounds checks.
//!
//! After a board change a map is not recomputed: [`Graph::update`] keeps what the changed
//! spaces were, [`DistMap::note`] brings only the offers the change touched up to date and
//! marks the spaces left inconsistent, and [`DistMap::settle`] settles them (Lifelong
//! Planning A* on a ring of cost buckets, sets of spaces) only as far as a reader needs: the
//! spaces behind a hero, farther from the goal than anything asked, may never be settled.
//! [`DistMap::hops`] walks the settled costs step by step.
//! The costs read, the steps and the counts are exactly those of a plain search (the tests
//! compare them on many boards).

use dq_engine::board::{CELLS, COLS, NO_CELL, OUTER_WALL, TOWERS, TREASURE};
use dq_engine::data::TileKind;
use dq_engine::{Cell, Game};

/// Cost (in quarter moves) of entering a space, by what is known of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CostModel {
    /// An unexplored space.
    pub unexplored: u16,
    /// An explored tile, by [`TileKind`] (in declaration order).
    pub kind: [u16; 10],
    /// A tower or the treasure chamber.
    pub special: u16,
    /// Added when a monster token stands there.
    pub monster: u16,
    /// Added to a bridge while the hero carries loot (each loot card makes the crossing
    /// test harder).
    pub bridge_loaded: u16,
}

/// One move, in cost units.
pub const MOVE: u16 = 4;
/// Cost of a space that cannot be reached.
pub const UNREACHABLE: u16 = u16::MAX;

impl CostModel {
    /// Costs for a policy that takes risks for speed.
    pub const BOLD: CostModel = CostModel {
        unexplored: MOVE + 2,
        // room, corridor, bridge, pit, cave-in, darkness, chasm, rotating, web, trap
        kind: [MOVE, MOVE - 1, MOVE + 3, MOVE + 4, MOVE + 2, MOVE + 2, MOVE + 2, MOVE + 2, MOVE + 2, MOVE + 2],
        special: MOVE,
        monster: 8,
        bridge_loaded: 0,
    };

    /// Costs for a policy that pays detours to avoid hazards.
    pub const CAREFUL: CostModel = CostModel {
        unexplored: MOVE + 3,
        kind: [MOVE, MOVE - 1, MOVE + 4, MOVE + 16, MOVE + 6, MOVE + 4, MOVE + 6, MOVE + 4, MOVE + 12, MOVE + 8],
        special: MOVE,
        monster: 16,
        bridge_loaded: 12,
    };

    /// The cost of entering `c` for a hero carrying loot or not, or [`UNREACHABLE`]. It
    /// depends only on what the board shows (not on where heroes stand), so a map stays valid
    /// while [`Game::board_epoch`] and the hero's loot hold.
    #[inline]
    pub fn enter(&self, game: &Game<'_>, c: Cell, loaded: bool) -> u16 {
        let base = match game.tile_kind_at(c) {
            Some(TileKind::Bridge) if loaded => self.kind[kind_index(TileKind::Bridge)] + self.bridge_loaded,
            Some(k) => self.kind[kind_index(k)],
            None if game.cell_is_explored(c) => self.special,
            None if game.tiles_left() == 0 => return UNREACHABLE,
            None => self.unexplored,
        };
        let mut cost = base;
        if game.monster_at(c) {
            cost += self.monster;
        }
        cost
    }
}

fn kind_index(k: TileKind) -> usize {
    match k {
        TileKind::DungeonRoom => 0,
        TileKind::Corridor => 1,
        TileKind::Bridge => 2,
        TileKind::BottomlessPit => 3,
        TileKind::CaveIn => 4,
        TileKind::ChamberOfDarkness => 5,
        TileKind::Chasm => 6,
        TileKind::RotatingChamber => 7,
        TileKind::SpiderWeb => 8,
        TileKind::TrapChamber => 9,
    }
}

/// Where a policy is heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    Treasure,
    Tower,
}

impl Goal {
    /// The target spaces of a goal.
    pub fn cells(self) -> &'static [Cell] {
        match self {
            Goal::Treasure => &TREASURE,
            Goal::Tower => &TOWERS,
        }
    }
}

/// Length of the per-space arrays of [`Graph`] and [`DistMap`]: one slot for every value of a
/// [`Cell`] (a `u8`), so indexing them with a space never needs a bounds check. Slots past the
/// board are never open, cost [`UNREACHABLE`] to enter and are [`UNREACHABLE`] in every map.
pub const SLOTS: usize = 256;

/// The space one step from `c` in direction `d` (0..4, as [`Dir`](dq_engine::Dir)), for a
/// side known to lead onto the board (an open side, or a bit of [`Graph`]'s `into` mask):
/// plain arithmetic on the `row * COLS + col` numbering, instead of a table lookup and a
/// [`NO_CELL`] test.
fn toward(c: Cell, d: u32) -> Cell {
    const STEP: [u8; 4] = [COLS.wrapping_neg(), 1, COLS, u8::MAX];
    c.wrapping_add(STEP[d as usize & 3])
}

/// Calls `f` with the neighbour of `c` behind each side in the mask `m` (sides known to lead
/// onto the board), unrolled over the four directions.
fn each_side(m: u8, c: Cell, mut f: impl FnMut(Cell)) {
    if m & 1 != 0 {
        f(c.wrapping_sub(COLS));
    }
    if m & 2 != 0 {
        f(c.wrapping_add(1));
    }
    if m & 4 != 0 {
        f(c.wrapping_add(COLS));
    }
    if m & 8 != 0 {
        f(c.wrapping_sub(1));
    }
}

/// Like [`each_side`], also passing the direction of each side (as a bit) and of the side
/// facing back from the neighbour.
fn each_side_dir(m: u8, c: Cell, mut f: impl FnMut(u8, u8, Cell)) {
    if m & 1 != 0 {
        f(1, 4, c.wrapping_sub(COLS));
    }
    if m & 2 != 0 {
        f(2, 8, c.wrapping_add(1));
    }
    if m & 4 != 0 {
        f(4, 1, c.wrapping_add(COLS));
    }
    if m & 8 != 0 {
        f(8, 2, c.wrapping_sub(1));
    }
}

/// The set bits of a side mask, as direction numbers (lowest first).
fn sides(mut m: u8) -> impl Iterator<Item = u32> {
    core::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let d = m.trailing_zeros();
        m &= m - 1;
        Some(d)
    })
}

/// Cheapest cost from every space to a goal; [`DistMap::hops`] gives the number of moves
/// along that path on demand (walked afresh at every call: a memo of the last answer bought
/// 0.6% of a game for its 55 lines, docs/perf.md).
#[derive(Debug)]
pub struct DistMap {
    /// Cost to the goal by space ([`SLOTS`] long: the slots past the board stay
    /// [`UNREACHABLE`]).
    pub cost: [u16; SLOTS],
    /// The [`Graph::rev`] the costs were computed or noted for.
    rev: u64,
    /// Spaces that may be inconsistent (their cost not their best offer); every inconsistent
    /// space is here or kept in `ring` at its key (see [`DistMap::settle_now`]).
    pending: Spaces,
    /// The best offer of each space (see [`DistMap::settle_now`]).
    rhs: [u16; SLOTS],
    /// At most the least key of the inconsistent spaces (`u32::MAX`: none): every space that
    /// costs less is exact.
    floor: u32,
    /// Scratch space of the searches (empty between them).
    ring: Ring,
}

/// Copies the costs, the offers and what is pending (the settling's scratch buckets, empty
/// between settlings, stay behind).
impl Clone for DistMap {
    fn clone(&self) -> Self {
        let mut m = DistMap::default();
        m.clone_from(self);
        m
    }

    fn clone_from(&mut self, source: &Self) {
        self.rev = source.rev;
        self.cost = source.cost;
        self.rhs = source.rhs;
        self.pending = source.pending;
        self.floor = source.floor;
    }
}

impl Default for DistMap {
    fn default() -> Self {
        DistMap {
            cost: [UNREACHABLE; SLOTS],
            rev: u64::MAX,
            pending: Spaces::default(),
            rhs: [UNREACHABLE; SLOTS],
            floor: u32::MAX,
            ring: Ring::default(),
        }
    }
}

/// One more than the largest cost of entering a space a [`CostModel`] may give (apart from
/// [`UNREACHABLE`]): the ring of buckets of the shortest-path search must be longer than any
/// single step.
pub const MAX_STEP: u16 = 64;
const RING: usize = MAX_STEP as usize;

impl CostModel {
    /// The dearest space this model can price, which must stay below [`MAX_STEP`].
    pub const fn max_enter(&self) -> u16 {
        let mut m = self.unexplored;
        if self.special > m {
            m = self.special;
        }
        let mut k = 0;
        while k < self.kind.len() {
            if self.kind[k] > m {
                m = self.kind[k];
            }
            k += 1;
        }
        m + self.bridge_loaded + self.monster
    }
}

const _: () = assert!(CostModel::BOLD.max_enter() < MAX_STEP && CostModel::CAREFUL.max_enter() < MAX_STEP);

/// A set of spaces as four 64-bit words (one bit for every value of a [`Cell`], so that no
/// test needs a bounds check; bits past the board are never set by the path code).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spaces([u64; 4]);

impl Spaces {
    /// Whether `c` is in the set.
    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        self.0[c as usize >> 6] & (1 << (c & 63)) != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Adds `c`, a space of the board (what [`Spaces::each`] counts on).
    #[inline]
    pub const fn set(&mut self, c: Cell) {
        debug_assert!((c as usize) < CELLS, "a space past the board");
        self.0[c as usize >> 6] |= 1 << (c & 63);
    }

    /// The set of the spaces `cells`.
    pub const fn of(cells: &[Cell]) -> Spaces {
        let mut s = Spaces([0; 4]);
        let mut i = 0;
        while i < cells.len() {
            s.set(cells[i]);
            i += 1;
        }
        s
    }

    /// Adds every space of `other`.
    #[inline]
    pub fn union(&mut self, other: &Spaces) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    /// Removes and returns the lowest space, if any.
    #[inline]
    pub fn pop(&mut self) -> Option<Cell> {
        for (i, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let b = w.trailing_zeros();
                *w &= *w - 1;
                return Some((i as u32 * 64 + b) as Cell);
            }
        }
        None
    }

    /// The set with every neighbour of its spaces added (on the board), by word shifts: up and
    /// down are ±[`COLS`] bits, left and right ±1 bit away from the side columns.
    #[inline]
    pub fn grown(&self) -> Spaces {
        let w = self.0;
        // The set shifted toward higher numbers by `k` bits, and toward lower ones.
        let up = |k: u32| {
            [
                w[0] << k,
                (w[1] << k) | (w[0] >> (64 - k)),
                (w[2] << k) | (w[1] >> (64 - k)),
                (w[3] << k) | (w[2] >> (64 - k)),
            ]
        };
        let down = |k: u32| {
            [
                (w[0] >> k) | (w[1] << (64 - k)),
                (w[1] >> k) | (w[2] << (64 - k)),
                (w[2] >> k) | (w[3] << (64 - k)),
                w[3] >> k,
            ]
        };
        let (south, north, east, west) = (up(u32::from(COLS)), down(u32::from(COLS)), up(1), down(1));
        let mut out = [0u64; 4];
        for i in 0..4 {
            out[i] =
                (w[i] | south[i] | north[i] | (east[i] & !FIRST_COLUMN[i]) | (west[i] & !LAST_COLUMN[i])) & BOARD[i];
        }
        Spaces(out)
    }

    /// Calls `f` with each space of the set, lowest first: word by word, instead of searching
    /// from the first word for every space as [`Spaces::pop`] does (the graph update and the
    /// repair go through sets at every board change).
    ///
    /// The words are indexed by a plain counter, which the compiler unrolls: going through
    /// the array by value (`into_iter().enumerate()`) kept an iterator's bookkeeping for
    /// every word, often the larger part of a set of one or two spaces.
    ///
    /// Only the words that hold the board's spaces are looked at (`BOARD_WORDS`, three of
    /// the four): [`Spaces::set`] takes board spaces only, and the set operations keep to them,
    /// so the last word is always empty. Why: a set goes through `each` at every board change
    /// and settling, and the empty last word's test was a measurable share of them (more where
    /// the loop is not unrolled, as in the repair's, whose word counter lives on the stack;
    /// docs/perf.md).
    pub fn each(self, mut f: impl FnMut(Cell)) {
        let words = self.0;
        #[allow(clippy::needless_range_loop)]
        for i in 0..BOARD_WORDS {
            let mut w = words[i];
            while w != 0 {
                f((i as u32 * 64 + w.trailing_zeros()) as Cell);
                w &= w - 1;
            }
        }
    }

    /// The spaces of the set, lowest first.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        let mut s = self;
        core::iter::from_fn(move || s.pop())
    }
}

/// The words of a [`Spaces`] that hold the board's spaces (the rest are always empty).
const BOARD_WORDS: usize = CELLS.div_ceil(64);
const _: () = assert!(BOARD_WORDS <= 4);

/// Bit masks of the spaces of the first and last board columns, and of the whole board.
const FIRST_COLUMN: [u64; 4] = column_mask(0);
const LAST_COLUMN: [u64; 4] = column_mask(COLS - 1);
const BOARD: [u64; 4] = {
    let mut m = [0u64; 4];
    let mut c = 0;
    while c < CELLS {
        m[c >> 6] |= 1 << (c & 63);
        c += 1;
    }
    m
};

const fn column_mask(col: u8) -> [u64; 4] {
    let mut m = [0u64; 4];
    let mut c = col as usize;
    while c < CELLS {
        m[c >> 6] |= 1 << (c & 63);
        c += COLS as usize;
    }
    m
}

/// What [`Graph::update`] changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing.
    None,
    /// The entry cost or open sides of these spaces (possibly none).
    Spaces(Spaces),
    /// Everything may have changed: the graph was rebuilt.
    All,
}

/// What the board shows, reduced to arrays: the cost of entering each space and the sides a
/// hero could leave it by. Shared by every map, and brought up to date space by space from
/// the engine's log of board changes rather than rebuilt.
///
/// Besides those, the graph keeps what the repair of a map needs to touch only what matters:
/// the sides through which each space is entered (`into`, the reverse of `open`), and, for the
/// spaces the last update changed, their entry cost and open sides before it.
#[derive(Debug)]
pub struct Graph {
    enter: [u16; SLOTS],
    /// Bit `d` set: a hero on this space could step in world direction `d`.
    open: [u8; SLOTS],
    /// Bit `d` set: a hero on the neighbour in direction `d` could step onto this space.
    into: [u8; SLOTS],
    /// (board epoch, tiles left, carrying loot) the arrays describe; `None` before the first
    /// build.
    key: Option<(u32, u8, bool)>,
    /// Bumped whenever the arrays change, so a map knows which graph its costs belong to.
    rev: u64,
    /// The spaces the last update reported, and their entry costs and open sides before it
    /// (valid at those spaces only); `last` is emptied by a full build.
    last: Spaces,
    was: Before,
}

/// Copies what the board shows; the record of the last update stays behind (the copy reports
/// no last change, so a repair over it checks conservatively until its next update).
impl Clone for Graph {
    fn clone(&self) -> Self {
        let mut g = Graph::default();
        g.clone_from(self);
        g
    }

    fn clone_from(&mut self, source: &Self) {
        self.enter = source.enter;
        self.open = source.open;
        self.into = source.into;
        self.key = source.key;
        self.rev = source.rev;
        self.last = Spaces::default();
    }
}

impl Default for Graph {
    fn default() -> Self {
        Graph {
            enter: [UNREACHABLE; SLOTS],
            open: [0; SLOTS],
            into: [0; SLOTS],
            key: None,
            rev: 0,
            last: Spaces::default(),
            was: Before::default(),
        }
    }
}

/// The entry costs and open sides the spaces the graph's last update changed had before it
/// (valid at those spaces only): what [`DistMap::note`] needs to tell which way each changed
/// space changed, for a map brought up to date just before that update.
///
/// Only the graph keeps one. A map several updates behind works out the offers around every
/// changed space again instead: a record of its own, kept up at every update, cost more than
/// it saved (see `DeferredMap::note` in the maps module).
#[derive(Clone, Debug)]
struct Before {
    enter: [u16; SLOTS],
    open: [u8; SLOTS],
}

impl Default for Before {
    fn default() -> Self {
        Before { enter: [UNREACHABLE; SLOTS], open: [0; SLOTS] }
    }
}

/// Builds counted process-wide: a full build starts a graph's revisions at a number of its
/// own (high 32 bits), so graphs built apart do not share revisions; updates count on from it.
static BUILDS: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(1);

/// The next revision of a graph after an update.
fn next_rev(rev: &mut u64) {
    *rev = rev.wrapping_add(1);
}

impl Graph {
    /// Reads the whole board. Explored spaces use the halls their tiles show; unexplored spaces
    /// are open toward every neighbour that is unexplored or shows a hall back.
    pub fn build(&mut self, game: &Game<'_>, model: &CostModel, loaded: bool) {
        for c in 0..CELLS as Cell {
            self.read_space(game, model, loaded, c);
        }
        for c in 0..CELLS as Cell {
            self.read_unexplored(game, c);
        }
        for c in 0..CELLS as Cell {
            self.into[c as usize] = 0;
        }
        for c in 0..CELLS as Cell {
            self.write_into(c);
        }
        self.key = Some((game.board_epoch(), game.tiles_left(), loaded));
        self.last = Spaces::default();
        self.rev = BUILDS.fetch_add(1, core::sync::atomic::Ordering::Relaxed) << 32;
    }

    /// Forgets the board (a new game starts).
    pub fn clear(&mut self) {
        self.key = None;
    }

    /// (board epoch, tiles left, carrying loot) the graph describes, if built.
    pub fn key(&self) -> Option<(u32, u8, bool)> {
        self.key
    }

    /// Brings the graph up to date with the board: nothing if it is unchanged, only the
    /// changed spaces and their neighbours if the engine still remembers the changes, else a
    /// full build. Says which spaces' entry cost or open sides changed.
    ///
    /// The changed spaces are read from the engine; of their neighbours only the sides toward
    /// them can change, and those mirror the changed spaces' own sides (see the loop), so the
    /// neighbours cost no engine calls. Each space read again is compared with what it was as
    /// it is read (no copy of the whole graph), and what it was is kept for
    /// [`DistMap::note`].
    ///
    /// The test for an unchanged board (most decisions) comes first; the rest is a call of its
    /// own.
    pub fn update(&mut self, game: &Game<'_>, model: &CostModel, loaded: bool) -> Change {
        let key = (game.board_epoch(), game.tiles_left(), loaded);
        if self.key == Some(key) {
            return Change::None;
        }
        self.update_changed(game, model, loaded, key)
    }

    /// [`Graph::update`] once the board is known to differ from what the graph describes
    /// (`key`).
    #[inline(never)]
    fn update_changed(&mut self, game: &Game<'_>, model: &CostModel, loaded: bool, key: (u32, u8, bool)) -> Change {
        let Some(old) = self.key else {
            self.build(game, model, loaded);
            return Change::All;
        };
        // Running out of tiles closes every unexplored space: rebuild.
        let changes = if (old.1 == 0) == (key.1 == 0) { game.board_changes(old.0) } else { None };
        let Some(changes) = changes else {
            self.build(game, model, loaded);
            return Change::All;
        };
        let reprice = old.2 != loaded && model.bridge_loaded != 0;
        let mut hit = Spaces::default();
        let mut hidden = false;
        // The changed space if there is only one (most updates), `NO_CELL` if none, else
        // `MANY`.
        const MANY: Cell = NO_CELL - 1;
        let mut one = NO_CELL;
        for c in changes {
            hit.set(c);
            hidden |= !game.cell_is_explored(c);
            one = if one == NO_CELL || one == c { c } else { MANY };
        }
        if !reprice && !hidden {
            if one < MANY {
                return self.update_one(game, model, loaded, one, key);
            }
            if one == MANY {
                return self.update_few(game, model, loaded, hit, key);
            }
        }
        // Spaces read in full from the engine: the changed ones, and every explored bridge
        // when loot reprices bridges (unless the model prices them alike).
        let mut full = Spaces::default();
        if reprice {
            for c in 0..CELLS as Cell {
                if game.tile_kind_at(c) == Some(TileKind::Bridge) {
                    full.set(c);
                }
            }
        }
        full.union(&hit);
        // The neighbours of the changed spaces, which only their sides toward those may change.
        let mut around = hit.grown();
        for (a, f) in around.0.iter_mut().zip(full.0) {
            *a &= !f;
        }
        if hidden {
            // A changed space that shows no chamber (never seen in play): its neighbours' sides
            // toward it depend on their own walls, so they are read in full too.
            full.union(&around);
            around = Spaces::default();
        }
        // Every space's own facts first: the rule for unexplored ones reads their neighbours'.
        full.each(|c| self.reread_space(game, model, loaded, c));
        let mut changed = Spaces::default();
        full.each(|c| {
            self.read_unexplored(game, c);
            self.note_sides(c, &mut changed);
        });
        // A neighbour `n` of changed spaces that are all explored: a hero on `n` can step onto
        // such a space `c` exactly when one on `c` can step onto `n` (an explored space links
        // to an explored one when neither wall is closed, and to an unexplored one while
        // tiles remain, as the rule for unexplored spaces says of the way back), so its side
        // toward `c` is copied from `c`'s side back, without asking the engine.
        //
        // The copies go out from the changed spaces (usually one) to their neighbours, rather
        // than each neighbour looking on all four sides for a changed space.
        around.each(|n| {
            let i = n as usize;
            self.was.enter[i] = self.enter[i];
            self.was.open[i] = self.open[i];
        });
        hit.each(|c| {
            let m = self.open[c as usize];
            let open = &mut self.open;
            each_side_dir(!FIXED_CLOSED_EDGE[c as usize] & 0xF, c, |side, back, n| {
                if around.contains(n) {
                    if m & side != 0 {
                        open[n as usize] |= back;
                    } else {
                        open[n as usize] &= !back;
                    }
                }
            });
        });
        around.each(|n| self.note_sides(n, &mut changed));
        self.finish_update(key, changed)
    }

    /// [`Graph::update`] when the board changed at one explored space `c` only and loot
    /// reprices nothing (nearly every update): the same steps on `c` and its neighbours,
    /// without the sets a change of several spaces goes through.
    ///
    /// `c` is read in full (being explored, the rule for unexplored spaces leaves it be); each
    /// neighbour `n` keeps what it was, takes its side toward `c` from `c`'s side back, and
    /// is noted. A neighbour's steps touch only its own sides and the `into` bits it sources,
    /// so taking the neighbours one by one gives what taking each step for all of them does.
    #[inline(never)]
    fn update_one(
        &mut self,
        game: &Game<'_>,
        model: &CostModel,
        loaded: bool,
        c: Cell,
        key: (u32, u8, bool),
    ) -> Change {
        let i = c as usize;
        self.reread_space(game, model, loaded, c);
        let mut changed = Spaces::default();
        self.note_sides(c, &mut changed);
        let m = self.open[i];
        each_side_dir(!FIXED_CLOSED_EDGE[i] & 0xF, c, |side, back, n| {
            let j = n as usize;
            self.was.enter[j] = self.enter[j];
            self.was.open[j] = self.open[j];
            self.take_side(n, m & side != 0, back, c, side, &mut changed);
        });
        self.finish_update(key, changed)
    }

    /// [`Graph::update_one`] for several changed spaces `hit`, all explored, loot repricing
    /// nothing (most other updates: a tile laid and a neighbour changed with it): each is
    /// read in full, then each neighbour outside `hit` takes its sides toward them, as the
    /// general update does, without the sets of neighbours it builds.
    ///
    /// A neighbour of two changed spaces keeps what it was before the first (`kept`), and is
    /// noted after each: its sides only move to their final values one by one (each changed
    /// space's own, whose `into` bit follows it), so it is noted changed exactly when its
    /// final sides differ from what it was. A changed space next to another is read from the
    /// engine, never copied.
    #[inline(never)]
    fn update_few(
        &mut self,
        game: &Game<'_>,
        model: &CostModel,
        loaded: bool,
        hit: Spaces,
        key: (u32, u8, bool),
    ) -> Change {
        let mut changed = Spaces::default();
        hit.each(|c| {
            self.reread_space(game, model, loaded, c);
            self.note_sides(c, &mut changed);
        });
        let mut kept = hit;
        hit.each(|c| {
            let i = c as usize;
            let m = self.open[i];
            each_side_dir(!FIXED_CLOSED_EDGE[i] & 0xF, c, |side, back, n| {
                if kept.contains(n) {
                    if hit.contains(n) {
                        return;
                    }
                } else {
                    kept.set(n);
                    let j = n as usize;
                    self.was.enter[j] = self.enter[j];
                    self.was.open[j] = self.open[j];
                }
                self.take_side(n, m & side != 0, back, c, side, &mut changed);
            });
        });
        self.finish_update(key, changed)
    }

    /// The end of every update: the graph's key, what changed, and a new revision if anything
    /// did.
    fn finish_update(&mut self, key: (u32, u8, bool), changed: Spaces) -> Change {
        self.key = Some(key);
        self.last = changed;
        if !changed.is_empty() {
            next_rev(&mut self.rev);
        }
        Change::Spaces(changed)
    }

    /// Neighbour `n` of a space `c` read again takes `c`'s side toward it (`open` or not,
    /// `back` being the side of `n` facing `c`, `side` that of `c` facing `n`), then is noted
    /// as [`Graph::note_sides`] says: added to `changed` if its sides differ from what it was.
    ///
    /// Only the side facing `c` can move here, so of the `into` masks its sides are copied
    /// into only `c`'s can change, in the one bit for `n`'s side: that bit follows, instead of
    /// all four neighbours' masks written again.
    fn take_side(&mut self, n: Cell, open: bool, back: u8, c: Cell, side: u8, changed: &mut Spaces) {
        let j = n as usize;
        let before = self.open[j];
        let now = if open { before | back } else { before & !back };
        if now != before {
            self.open[j] = now;
            let into = &mut self.into[c as usize];
            *into = if open { *into | side } else { *into & !side };
        }
        if now != self.was.open[j] || self.enter[j] != self.was.enter[j] {
            changed.set(n);
        }
    }

    /// After `c` was read again: copies its sides into the neighbours' `into` masks if they
    /// changed, and adds it to `changed` if its sides or entry cost did.
    #[inline]
    fn note_sides(&mut self, c: Cell, changed: &mut Spaces) {
        let i = c as usize;
        let open_changed = self.was.open[i] != self.open[i];
        if open_changed {
            self.write_into(c);
        }
        if open_changed || self.was.enter[i] != self.enter[i] {
            changed.set(c);
        }
    }

    /// Copies the open sides of `c` into its neighbours' `into` masks.
    #[inline]
    fn write_into(&mut self, c: Cell) {
        let open = self.open[c as usize];
        let into = &mut self.into;
        each_side_dir(!FIXED_CLOSED_EDGE[c as usize] & 0xF, c, |side, back, n| {
            if open & side != 0 {
                into[n as usize] |= back;
            } else {
                into[n as usize] &= !back;
            }
        });
    }

    /// A changed space read again: what it was is kept (for a repair to tell which way it
    /// changed), and its own facts are read.
    fn reread_space(&mut self, game: &Game<'_>, model: &CostModel, loaded: bool, c: Cell) {
        let i = c as usize;
        self.was.enter[i] = self.enter[i];
        self.was.open[i] = self.open[i];
        self.read_space(game, model, loaded, c);
    }

    /// The entry cost of `c`, and its open sides if explored (never past the outer wall).
    #[inline]
    fn read_space(&mut self, game: &Game<'_>, model: &CostModel, loaded: bool, c: Cell) {
        self.enter[c as usize] = model.enter(game, c, loaded);
        self.open[c as usize] = game.open_sides(c) & !FIXED_CLOSED_EDGE[c as usize];
    }

    /// The open sides of an unexplored `c` (none once the tiles have run out).
    #[inline]
    fn read_unexplored(&mut self, game: &Game<'_>, c: Cell) {
        if game.cell_is_explored(c) {
            return;
        }
        let mut m = 0u8;
        if game.tiles_left() > 0 {
            let open = &self.open;
            each_side_dir(!FIXED_CLOSED_EDGE[c as usize] & 0xF, c, |side, back, v| {
                if !game.cell_is_explored(v) || open[v as usize] & back != 0 {
                    m |= side;
                }
            });
        }
        self.open[c as usize] = m;
    }

    /// The cost of entering `c`.
    #[inline]
    pub fn enter(&self, c: Cell) -> u16 {
        self.enter[c as usize]
    }

    /// The sides a hero on `c` could step through (bit `d` for [`Dir`](dq_engine::Dir) `d`).
    #[inline]
    pub fn open(&self, c: Cell) -> u8 {
        self.open[c as usize]
    }

    /// Whether every space a hero on `c` could step to is `back` (and there is one at least):
    /// from `c` the only way on is into `back`.
    pub fn only_way_on_is(&self, c: Cell, back: Cell) -> bool {
        let mut other = false;
        each_side(self.open[c as usize], c, |v| other |= v != back);
        !other && self.open[c as usize] != 0
    }

    /// Whether two graphs describe the same board (what the incremental update is tested by).
    pub fn same_as(&self, other: &Graph) -> bool {
        self.enter == other.enter && self.open == other.open && self.into == other.into
    }
}

/// The outer wall of each space, as a mask of [`Dir`](dq_engine::Dir) bits: sides that never
/// lead anywhere.
/// (The engine's [`OUTER_WALL`] in a slot per `u8`, so a lookup needs no bounds check.)
static FIXED_CLOSED_EDGE: [u8; SLOTS] = {
    let mut t = [0u8; SLOTS];
    let mut c = 0;
    while c < CELLS {
        t[c] = OUTER_WALL[c];
        c += 1;
    }
    t
};

/// A queue of spaces by key, taken in order of key, for Dijkstra's search and the settling:
/// a ring of [`RING`] buckets, each the set of spaces put at one key. Every entry must lie
/// within one ring's length above the level (the key of the last bucket taken, or where the
/// ring was started), so that no two pending keys share a bucket (every step costs less than
/// [`MAX_STEP`], the ring's length). Entries of equal key come out lowest space first, which
/// neither search depends on. Kept in a [`DistMap`] as scratch space, empty between searches.
#[derive(Clone, Debug)]
struct Ring {
    buckets: [Spaces; RING],
    /// Bit `k` set: bucket `k` holds entries.
    full: u64,
    /// The key of the last bucket taken (or where the ring was started).
    level: u16,
}

impl Default for Ring {
    fn default() -> Self {
        Ring { buckets: [Spaces::default(); RING], full: 0, level: 0 }
    }
}

impl Ring {
    /// Whether an entry at `key` (not below the level) lies within the ring's reach.
    fn reaches(&self, key: u16) -> bool {
        debug_assert!(key >= self.level, "{key} below the ring's level {}", self.level);
        key.wrapping_sub(self.level) < RING as u16
    }

    /// Adds `c` at `key`, within reach.
    fn put(&mut self, key: u16, c: Cell) {
        debug_assert!(self.reaches(key));
        let k = key as usize % RING;
        self.buckets[k].set(c);
        self.full |= 1 << k;
    }

    /// Moves the level on to the lowest key of the entries (its bucket's entries are then
    /// taken by [`Ring::take`], the bucket closed by [`Ring::close`]); `None` if there are
    /// none.
    fn next_key(&mut self) -> Option<(u16, usize)> {
        if self.full == 0 {
            return None;
        }
        self.level += self.full.rotate_right(u32::from(self.level) % RING as u32).trailing_zeros() as u16;
        Some((self.level, self.level as usize % RING))
    }

    /// Takes the lowest space of bucket `k` (the level's), if any.
    fn take(&mut self, k: usize) -> Option<Cell> {
        self.buckets[k].pop()
    }

    /// Clears the bit of the level's bucket `k` once [`Ring::take`] has emptied it (an entry
    /// put in it meanwhile, at the level's own key, is taken in the same pass).
    fn close(&mut self, k: usize) {
        self.full &= !(1 << k);
    }

    /// Adds the space of every entry to `set`, and empties the ring.
    #[inline]
    fn drain_into(&mut self, set: &mut Spaces) {
        let mut full = self.full;
        while full != 0 {
            let k = full.trailing_zeros() as usize;
            full &= full - 1;
            set.union(&core::mem::take(&mut self.buckets[k]));
        }
        self.full = 0;
    }
}

/// The best cost space `u` can get from its neighbours' costs in `cost` over `graph`: the
/// `rhs` of the settling (see [`DistMap`]), for a space that is not a target.
fn offer(cost: &[u16; SLOTS], graph: &Graph, u: Cell) -> u16 {
    let mut best = u32::from(UNREACHABLE);
    each_side(graph.open[u as usize], u, |v| {
        // An unreachable cost or entry makes the sum at least `UNREACHABLE`.
        best = best.min(u32::from(cost[v as usize]) + u32::from(graph.enter[v as usize]));
    });
    best as u16
}

/// What a reader of a map needs settled (see [`DistMap::settle`]), as a key: the map reads
/// right once the least key of its inconsistent spaces is at least this.
pub trait Want {
    /// The least key of the inconsistent spaces from which on what is wanted reads right over
    /// the costs `cost` and offers `rhs` (a map's, perhaps not settled yet) on `graph`. The
    /// answer may fall or rise as the costs are settled; it is asked again before the
    /// settling stops.
    fn need(&self, cost: &[u16; SLOTS], rhs: &[u16; SLOTS], graph: &Graph) -> u32;
}

/// Spaces whose costs are read (or walked from): wanted exact, so the highest of their
/// costs, for a space that is not consistent (its cost not its offer) one more than its key
/// (the lesser of the two).
///
/// Why the key and not the cost for an inconsistent space: the settling cannot stop while the
/// space is inconsistent (its key, at least the least key, is below the need), and once it is
/// consistent the need is asked again. A space raised by a change (its cost below its offer:
/// mostly the hero's own space once a tile is laid there or next to it) loses its cost to
/// [`UNREACHABLE`] when taken; a need of that cost plus one was never reached by any key, so
/// every pending space was settled, the spaces behind the hero included (2,363 of the 2,881
/// settlings for exact spaces in greedy 1 2000). Asked again at its offer, the settling stops
/// once the space has taken it.
///
/// Why a consistent space `c` needs no more than its cost `g(c)`: with every inconsistent
/// key at least `g(c)` (see `DistMap::settle_now`), the neighbour whose sum makes `c`'s
/// offer costs less than `g(c)` (entry costs are positive), so it is exact, and any
/// neighbour whose exact cost is lower than that is exact too (below the least key), so
/// `c`'s offer, its cost, is the exact one. A walk from `c` then compares only neighbours
/// that cost less than `g(c)`, all exact (one that costs `g(c)` or more sums to more).
/// Asking one more would settle every space keyed at `g(c)` first, spaces neither `c`'s
/// cost nor the walk reads.
pub struct Exact<'a>(pub &'a [Cell]);

impl Want for Exact<'_> {
    fn need(&self, cost: &[u16; SLOTS], rhs: &[u16; SLOTS], _: &Graph) -> u32 {
        self.0.iter().fold(0, |n, &c| {
            let (g, r) = (cost[c as usize], rhs[c as usize]);
            n.max(u32::from(g.min(r)) + u32::from(g != r))
        })
    }
}

/// Every space: no key is enough, the map is settled in full.
struct Everything;

impl Want for Everything {
    fn need(&self, _: &[u16; SLOTS], _: &[u16; SLOTS], _: &Graph) -> u32 {
        u32::MAX
    }
}

/// Makes `w` pending at `key` (not below the ring's level): into the ring if within its
/// reach (it joins `pending` when the ring is drained), else into `pending` to wait, `far`
/// the least key waiting.
fn queue(ring: &mut Ring, pending: &mut Spaces, far: &mut u32, key: u16, w: Cell) {
    if ring.reaches(key) {
        ring.put(key, w);
    } else {
        pending.set(w);
        *far = (*far).min(u32::from(key));
    }
}

impl DistMap {
    /// Computes the map to `goal` over `graph`: a search backwards from the targets (Dijkstra's
    /// algorithm over a ring of cost buckets, since every step costs less than [`MAX_STEP`]).
    /// Every space is then consistent: nothing is pending.
    pub fn compute(&mut self, graph: &Graph, goal: Goal) {
        self.cost = [UNREACHABLE; SLOTS];
        // The ring holds the spaces reached at each cost; a space improved later leaves a
        // stale entry behind, skipped when met.
        let ring = &mut self.ring;
        ring.level = 0;
        for &t in goal.cells() {
            self.cost[t as usize] = 0;
            ring.put(0, t);
        }
        while let Some((level, slot)) = ring.next_key() {
            while let Some(v) = ring.take(slot) {
                if self.cost[v as usize] != level {
                    continue;
                }
                let through = level.saturating_add(graph.enter[v as usize]);
                if through == UNREACHABLE {
                    continue;
                }
                for d in sides(graph.into[v as usize]) {
                    let u = toward(v, d);
                    if through < self.cost[u as usize] {
                        self.cost[u as usize] = through;
                        ring.put(through, u);
                    }
                }
            }
            ring.close(slot);
        }
        self.rhs = self.cost;
        self.pending = Spaces::default();
        self.floor = u32::MAX;
        self.rev = graph.rev;
    }

    /// Brings a map computed over the graph as it was before [`Graph::update`] reported
    /// `changed` up to date in full: [`DistMap::note`], then every pending space settled. The
    /// result is that of [`DistMap::compute`] (the path tests compare the two on many boards).
    pub fn repair(&mut self, graph: &Graph, changed: &Spaces) {
        self.note(graph, changed);
        self.settle_all(graph);
    }

    /// Takes in the graph changes `changed` (made since the map was last brought up to date;
    /// it must hold every space they changed): the offers they change are brought up to date,
    /// and the spaces they leave inconsistent become pending. No cost changes here:
    /// [`DistMap::settle`] does that, as far as a reader needs.
    ///
    /// When the map was last brought up to date just before the graph's last update and
    /// `changed` is what that update reported, the graph's record of the spaces before it says
    /// which way each one changed (see `DistMap::note_with`); otherwise the offers of every
    /// changed space and its neighbours are worked out again.
    pub fn note(&mut self, graph: &Graph, changed: &Spaces) {
        // Whether the map was last synced to the graph as it was just before its last update,
        // and `changed` is what that update reported.
        let one_behind = self.rev == graph.rev.wrapping_sub(1) && graph.last == *changed;
        self.note_with(graph, changed, one_behind.then_some(&graph.was));
    }

    /// [`DistMap::note`], told what every space of `changed` was when the map was last brought
    /// up to date (`before`) if that is known, else working the offers around every changed
    /// space out again (one body for both ways in).
    ///
    /// Told what they were: a space's offer is the least of `g(w) + enter(w)` over the
    /// neighbours `w` it can step onto, so it changes only with its own open sides or a
    /// neighbour's entry cost (costs do not change here). Where one of those only got cheaper
    /// or opened, the offer is lowered to the new sum if that is less; where one got dearer or
    /// closed, the offer is worked out again only if it came that way (a space that lost its
    /// side toward a changed space lost a side itself, so is among the changed ones). Taken
    /// one change at a time in any order, each step leaves the offer the least over the sums
    /// as they are by then.
    fn note_with(&mut self, graph: &Graph, changed: &Spaces, before: Option<&Before>) {
        if changed.is_empty() {
            return;
        }
        let DistMap { cost, rhs, pending, floor, .. } = self;
        // A space whose offer may now differ from its cost becomes pending.
        let mut mark = |cost: &[u16; SLOTS], rhs: &[u16; SLOTS], w: Cell| {
            let i = w as usize;
            if rhs[i] != cost[i] {
                pending.set(w);
                *floor = (*floor).min(u32::from(cost[i].min(rhs[i])));
            }
        };
        match before {
            Some(before) => changed.each(|c| {
                let i = c as usize;
                // A target's offer is 0 whatever its sides.
                if cost[i] != 0 {
                    let (o0, o1) = (before.open[i], graph.open[i]);
                    if o0 & !o1 != 0 {
                        rhs[i] = offer(cost, graph, c);
                        mark(cost, rhs, c);
                    } else if o1 != o0 {
                        for d in sides(o1 & !o0) {
                            let v = toward(c, d) as usize;
                            let t = u32::from(cost[v]) + u32::from(graph.enter[v]);
                            if t < u32::from(rhs[i]) {
                                rhs[i] = t as u16;
                                mark(cost, rhs, c);
                            }
                        }
                    }
                }
                let (e0, e1) = (before.enter[i], graph.enter[i]);
                if e1 != e0 {
                    // The spaces that can step onto it (a target's offer, 0, is never a sum).
                    let (was, now) = (u32::from(cost[i]) + u32::from(e0), u32::from(cost[i]) + u32::from(e1));
                    for d in sides(graph.into[i]) {
                        let w = toward(c, d);
                        let j = w as usize;
                        if now < u32::from(rhs[j]) {
                            rhs[j] = now as u16;
                            mark(cost, rhs, w);
                        } else if now > was && u32::from(rhs[j]) == was {
                            rhs[j] = offer(cost, graph, w);
                            mark(cost, rhs, w);
                        }
                    }
                }
            }),
            None => changed.grown().each(|w| {
                let i = w as usize;
                if cost[i] != 0 {
                    rhs[i] = offer(cost, graph, w);
                    mark(cost, rhs, w);
                }
            }),
        }
        self.rev = graph.rev;
    }

    /// Settles pending spaces until what `want` reads is right (see [`Want`]; for
    /// [`Exact`] spaces, until each is exact: costs what [`DistMap::compute`] would give it,
    /// and so is every space that costs less, what a walk from them reads). The test for a
    /// map that reads right already (most reads) comes first; the settling is a call of its
    /// own.
    pub fn settle(&mut self, graph: &Graph, want: &impl Want) {
        if self.reads_right(want.need(&self.cost, &self.rhs, graph)) {
            return;
        }
        self.settle_now(graph, want);
    }

    /// Whether the map reads right for a reader whose [`Want::need`] is `need` without
    /// settling.
    pub fn reads_right(&self, need: u32) -> bool {
        self.floor >= need
    }

    /// Whether nothing is pending: every space is exact.
    pub fn is_settled(&self) -> bool {
        self.floor == u32::MAX
    }

    /// Settles every pending space: the map is then what [`DistMap::compute`] gives.
    pub fn settle_all(&mut self, graph: &Graph) {
        if self.floor != u32::MAX {
            self.settle_now(graph, &Everything);
        }
    }

    /// The settling: Lifelong Planning A* without a heuristic (Koenig, Likhachev and Furcy),
    /// run only as far as a reader needs.
    ///
    /// Every space `v` has its cost `g(v)` (the `cost` array) and its offer `rhs(v)`: 0 on a
    /// target, else the least of `g(w) + enter(w)` over the neighbours `w` it can step onto.
    /// A space is consistent when the two are equal; its key is the lesser of the two. The
    /// map keeps, between settlings and graph changes alike:
    ///
    /// (I) `rhs` holds every space's offer; every inconsistent space is in `pending` (which
    /// may hold consistent spaces too); `floor` is at most the least key of the inconsistent
    /// spaces (`u32::MAX`: there are none).
    ///
    /// From (I) alone, with `K` the least key of the inconsistent spaces: every space that
    /// costs less than `K` is exact, and so is every space whose exact cost is below `K`. A
    /// space `v` with `g(v) < K` is consistent, so (if no target) `g(v) = g(w) + enter(w)`
    /// for a neighbour `w` with `g(w) < g(v)` (entry costs are positive), and so on down to
    /// a target: `g(v)` is the cost of a way there, at least the exact cost `d(v)`. And by
    /// induction over `d(v) < K`: the next space `w` of a cheapest way has `g(w) = d(w)`, so
    /// `rhs(v) <= d(v) < K`, so `v` (whose key would be below `K`) is consistent and
    /// `g(v) = rhs(v) <= d(v)`. A space that costs `K` or more has `d >= K` too. So a reader
    /// of spaces that cost less than the floor needs no settling; [`DistMap::hops`]' walk
    /// from such a space goes only through cheaper ones, and each step compares neighbours
    /// that cost less, all exact (one that is not costs `K` or more, and so does its exact
    /// cost: it offers no step either way).
    ///
    /// The settling takes inconsistent spaces in order of key. One whose cost is above its
    /// offer takes the offer (consistent from then on); the spaces that can step onto it get
    /// the new sum as their offer if it is lower. One whose cost is below its offer loses its
    /// cost (`UNREACHABLE`) and is pending at its offer; a space that can step onto it and
    /// whose offer came that way works its offer out again. Every cost or offer changed is
    /// above the key being taken, so keys taken never fall, and the settling can stop once
    /// the next key is at least what the reader needs, leaving the rest pending (I holding,
    /// the floor that key). Whatever order the pending spaces are settled in over several
    /// calls and graph changes, they end at the fixed point of the graph, the map
    /// [`DistMap::compute`] gives.
    ///
    /// Keys within one ring's length of the lowest go into the bucket ring; a pending space
    /// whose key lies beyond waits (only the least such key is kept), and the ring is filled
    /// again from `pending` before its entries reach that key. A space put in the ring leaves
    /// `pending` (it joins it again if the ring is drained into it, before a refill), and one
    /// that becomes consistent leaves it at the next fill. A settling that stops drains the
    /// ring into `pending`: (I) holds again whenever the settling returns.
    #[inline(never)]
    fn settle_now(&mut self, graph: &Graph, want: &impl Want) {
        let DistMap { cost, rhs, pending, floor, ring, .. } = self;
        let mut need = want.need(cost, rhs, graph);
        // At most the least key of the pending spaces: where the ring starts.
        let mut level = *floor;
        'fill: loop {
            ring.level = level as u16;
            // The pending spaces go into the ring, those beyond its reach wait (`far` the
            // least key waiting, `pending` the spaces waiting); the consistent ones are
            // dropped.
            let mut far = u32::MAX;
            let mut keep = Spaces::default();
            pending.each(|v| {
                let i = v as usize;
                if cost[i] != rhs[i] {
                    let key = cost[i].min(rhs[i]);
                    if ring.reaches(key) {
                        ring.put(key, v);
                    } else {
                        keep.set(v);
                        far = far.min(u32::from(key));
                    }
                }
            });
            *pending = keep;
            // A bucket at a time, lowest space first. A key put while it is taken is the level's own (a
            // space met again at its key: taken in the same pass) or above it, and one that
            // waits beyond the ring's reach is a ring's length above it: `far` is tested once
            // per bucket.
            while let Some((k, b)) = ring.next_key() {
                let k32 = u32::from(k);
                if k32 >= far {
                    // Waiting spaces may come first from here on (the bucket goes back with
                    // the ring's entries).
                    ring.drain_into(pending);
                    level = far;
                    continue 'fill;
                }
                while let Some(u) = ring.take(b) {
                    let i = u as usize;
                    let (g, r) = (cost[i], rhs[i]);
                    if g == r || g.min(r) != k {
                        // Settled already, or met at a key it no longer has (its entry at the key
                        // it has now is pending, never below this one).
                        debug_assert!(g == r || g.min(r) > k);
                        continue;
                    }
                    if k32 >= need {
                        need = want.need(cost, rhs, graph);
                        if k32 >= need {
                            *floor = k32;
                            // The space taken is pending still (inconsistent), and so is
                            // what waits in the ring.
                            pending.set(u);
                            ring.drain_into(pending);
                            break 'fill;
                        }
                    }
                    if r < g {
                        // Takes its offer; the spaces that can step onto it may get a lower one.
                        // (Left in `pending` if there: dropped as consistent at the next fill.)
                        cost[i] = r;
                        let through = u32::from(r) + u32::from(graph.enter[i]);
                        each_side(graph.into[i], u, |w| {
                            let j = w as usize;
                            if through < u32::from(rhs[j]) {
                                rhs[j] = through as u16;
                                // Its key falls only if its cost is above the new offer (if not,
                                // it is pending already, or now consistent).
                                if through < u32::from(cost[j]) {
                                    queue(ring, pending, &mut far, through as u16, w);
                                }
                            }
                        });
                    } else {
                        // Loses its cost, and waits at its offer if it has one.
                        cost[i] = UNREACHABLE;
                        if r != UNREACHABLE {
                            queue(ring, pending, &mut far, r, u);
                        }
                        // The spaces whose offer came through it look again.
                        let through = u32::from(g) + u32::from(graph.enter[i]);
                        // A loop rather than `each_side`: the offer inside made its closure a call
                        // of its own per side.
                        for d in sides(graph.into[i]) {
                            let w = toward(u, d);
                            let j = w as usize;
                            if u32::from(rhs[j]) == through {
                                let now = offer(cost, graph, w);
                                rhs[j] = now;
                                if now != cost[j] {
                                    queue(ring, pending, &mut far, now.min(cost[j]), w);
                                }
                            }
                        }
                    }
                }
                ring.close(b);
            }
            if far == u32::MAX {
                // Nothing waits: every space is consistent.
                *pending = Spaces::default();
                *floor = u32::MAX;
                break;
            }
            level = far;
        }
    }

    /// Checks the settling's invariant (I) (see [`DistMap::settle_now`]) over `graph` toward
    /// `goal`: every offer right, every inconsistent space pending, none keyed below the floor.
    #[cfg(test)]
    fn check_settling(&self, graph: &Graph, goal: Goal) -> Result<(), String> {
        for c in 0..CELLS as Cell {
            let i = c as usize;
            let want = if goal.cells().contains(&c) { 0 } else { offer(&self.cost, graph, c) };
            if self.rhs[i] != want {
                return Err(format!("space {c}: offer {} kept, {want} now", self.rhs[i]));
            }
            if self.cost[i] != self.rhs[i] {
                let key = u32::from(self.cost[i].min(self.rhs[i]));
                if !self.pending.contains(c) || key < self.floor {
                    return Err(format!("space {c}: key {key} (floor {}) not pending", self.floor));
                }
            }
        }
        Ok(())
    }

    /// Moves along the cheapest path from `c` to the goal (0 on a target, `u8::MAX` if the
    /// goal cannot be reached). Among equally cheap paths it takes, step by step, the next
    /// space with the lowest (cost to go, space number): the path a Dijkstra search that
    /// settles spaces in that order records.
    pub fn hops(&self, graph: &Graph, c: Cell) -> u8 {
        let mut at = c;
        // Costs fall at every step, so a path has fewer steps than the board has spaces.
        let mut n: usize = 0;
        loop {
            let cost = self.cost[at as usize];
            if cost == UNREACHABLE {
                return u8::MAX;
            }
            if cost == 0 {
                return n.min(usize::from(u8::MAX)) as u8;
            }
            let next = self.step(graph, at, cost);
            if next == NO_CELL {
                return u8::MAX;
            }
            at = next;
            n += 1;
        }
    }

    /// The next space on the way from `at` (which costs `cost`, neither 0 nor unreachable):
    /// the open neighbour with the lowest (cost to go, space number) among those on a
    /// cheapest path, or [`NO_CELL`].
    #[inline]
    fn step(&self, graph: &Graph, at: Cell, cost: u16) -> Cell {
        let mut best = u32::MAX;
        each_side(graph.open[at as usize], at, |v| {
            let cv = u32::from(self.cost[v as usize]);
            // An unreachable cost or entry makes the sum at least `UNREACHABLE` > `cost`.
            if cv + u32::from(graph.enter[v as usize]) == u32::from(cost) {
                best = best.min((cv << 8) | u32::from(v));
            }
        });
        if best == u32::MAX {
            NO_CELL
        } else {
            best as Cell
        }
    }

    /// The cost of moving into `to` and on to the goal from there.
    #[inline]
    pub fn via(&self, graph: &Graph, to: Cell) -> u32 {
        let rest = self.cost[to as usize];
        if rest == UNREACHABLE {
            return u32::MAX;
        }
        u32::from(graph.enter(to)) + u32::from(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeonquest::random_play::each_board;
    use dq_engine::board::{cell, NEIGHBOURS};
    use dq_engine::{Dir, GameConfig, NoObserver, Rules, Variant};

    /// `each` gives a set's spaces lowest first, across word boundaries and empty words, as
    /// popping them one by one does, up to the board's last space (the word it skips is
    /// always empty: the board ends in the third).
    #[test]
    fn spaces_each_goes_lowest_first_across_words() {
        let last = (CELLS - 1) as Cell;
        assert!(usize::from(last) >> 6 == BOARD_WORDS - 1 && BOARD_WORDS < 4);
        for pick in [&[][..], &[0][..], &[63, 64][..], &[1, 2, 127, 128, last][..], &[5, 64, 65, last][..]] {
            let mut s = Spaces::default();
            for &c in pick {
                s.set(c);
            }
            let mut seen = Vec::new();
            s.each(|c| seen.push(c));
            assert_eq!(seen, pick);
            assert_eq!(s.iter().collect::<Vec<_>>(), pick);
        }
    }

    /// Maps settled only as far as readers ask (a few spaces now and then, over boards that
    /// change between the reads, as a table's seats do) read what maps computed afresh read:
    /// the costs of the spaces asked for and the walks from them; every space below the floor
    /// is exact and every other costs at least the floor afresh; the settling's invariant
    /// holds after every change taken in and every settling.
    #[test]
    fn maps_settled_as_far_as_asked_read_as_fresh_ones() {
        let (reads, partial, at_floor, raised) = read_maps_settled_as_far_as_asked(53);
        assert!(reads > 10_000 && partial > 2_000, "{reads} reads, {partial} left partly settled");
        assert!(at_floor > 100, "only {at_floor} reads at the floor");
        assert!(raised > 100, "only {raised} reads of a raised space");
    }

    /// The reads of `maps_settled_as_far_as_asked_read_as_fresh_ones` over the boards of
    /// games played at random from `seed`, each checked: (reads, reads that left a map partly
    /// settled, reads at the floor, reads of a space whose cost was below its offer). A map
    /// left partly settled is copied and the copy settled in full, to the map computed afresh.
    ///
    /// Besides the spaces a step picks, a read on one step in three takes the first pending
    /// space whose cost is below its offer, if any: the hero's own space after a tile laid
    /// before it, which the policy reads (its need rests on its offer, see `Exact`).
    fn read_maps_settled_as_far_as_asked(seed: u64) -> (usize, usize, usize, usize) {
        let rules = Rules::revised();
        let (mut g, mut maps) = (Graph::default(), [DistMap::default(), DistMap::default()]);
        let (mut reads, mut partial, mut at_floor, mut raised, mut copied) = (0, 0, 0, 0, 0);
        each_board(&rules, seed, 300, |game, i, step| {
            let model = if i % 2 == 0 { CostModel::BOLD } else { CostModel::CAREFUL };
            if step == 0 {
                g = Graph::default();
            }
            let goals = [Goal::Treasure, Goal::Tower];
            match g.update(game, &model, false) {
                Change::None => {}
                Change::Spaces(changed) => maps.iter_mut().for_each(|m| m.note(&g, &changed)),
                Change::All => maps.iter_mut().zip(goals).for_each(|(m, goal)| m.compute(&g, goal)),
            }
            let mut fresh = Graph::default();
            fresh.build(game, &model, false);
            for (m, goal) in maps.iter_mut().zip(goals) {
                m.check_settling(&g, goal).unwrap_or_else(|e| panic!("game {i} step {step}: {goal:?} noted: {e}"));
                // Read on one step in three, one to three spaces picked by the step.
                let x = u64::from(step) * 0x9E37_79B9 + i * 31 + goal as u64;
                if !x.is_multiple_of(3) {
                    continue;
                }
                let mut cells: Vec<Cell> =
                    (0..1 + x % 3).map(|k| ((x >> (8 * k + 4)) % CELLS as u64) as Cell).collect();
                if x.is_multiple_of(9) {
                    let low = m.pending.iter().find(|&c| m.cost[c as usize] < m.rhs[c as usize]);
                    cells.extend(low);
                }
                raised += cells.iter().filter(|&&c| m.cost[c as usize] < m.rhs[c as usize]).count();
                m.settle(&g, &Exact(&cells));
                m.check_settling(&g, goal).unwrap_or_else(|e| panic!("game {i} step {step}: {goal:?} settled: {e}"));
                // A copy of a map left partly settled settles in full to the same map.
                if !m.is_settled() {
                    let mut copy = DistMap::default();
                    copy.clone_from(m);
                    assert!(copy.pending == m.pending, "game {i} step {step}: copy");
                    copy.check_settling(&g, goal).unwrap_or_else(|e| panic!("game {i} step {step}: copy: {e}"));
                    copy.settle_all(&g);
                    let mut whole = DistMap::default();
                    whole.compute(&g, goal);
                    assert!(copy.cost == whole.cost, "game {i} step {step}: copy settled");
                    copied += 1;
                }
                let mut want = DistMap::default();
                want.compute(&fresh, goal);
                for &c in &cells {
                    assert_eq!(m.cost[c as usize], want.cost[c as usize], "game {i} step {step}: {goal:?} cost of {c}");
                    assert_eq!(
                        m.hops(&g, c),
                        plain_hops(&want, &fresh, c),
                        "game {i} step {step}: {goal:?} hops from {c}"
                    );
                    reads += 1;
                    // Read at the floor itself: consistent there, left unsettled at its key
                    // (see `Exact`).
                    at_floor += usize::from(u32::from(m.cost[c as usize]) == m.floor);
                }
                for c in 0..CELLS {
                    let (got, exact) = (u32::from(m.cost[c]), u32::from(want.cost[c]));
                    if got < m.floor {
                        assert_eq!(got, exact, "game {i} step {step}: {goal:?} space {c} below the floor");
                    } else {
                        assert!(exact >= m.floor, "game {i} step {step}: {goal:?} space {c} above the floor");
                    }
                }
                partial += usize::from(!m.is_settled());
            }
        });
        assert!(copied > 1_000, "only {copied} maps copied partly settled");
        (reads, partial, at_floor, raised)
    }

    #[test]
    fn open_board_distances_are_manhattan_to_the_nearest_target() {
        let rules = Rules::revised();
        let game = Game::new(&rules, &GameConfig::random(1, Variant::default()), 1, 0, &mut NoObserver).unwrap();
        let mut g = Graph::default();
        g.build(&game, &CostModel::BOLD, false);
        let mut m = DistMap::default();
        m.compute(&g, Goal::Treasure);
        // From an unexplored space two rows above the treasure chamber, nothing known between.
        let c = cell(2, 6);
        assert_eq!(m.hops(&g, c), 2);
        assert_eq!(m.cost[c as usize], CostModel::BOLD.unexplored + CostModel::BOLD.special);
        m.compute(&g, Goal::Tower);
        assert_eq!(m.hops(&g, cell(1, 1)), 2);
    }

    #[test]
    fn updated_graphs_and_repaired_maps_equal_fresh_ones() {
        use dq_engine::rng::GameRng;
        let rules = Rules::revised();
        let mut repairs = 0;
        for i in 0..400u64 {
            let seats = 1 + (i % 4) as usize;
            let cfg = GameConfig::random(seats, Variant::default());
            let mut game = Game::new(&rules, &cfg, 77, i, &mut NoObserver).unwrap();
            let model = if i % 2 == 0 { CostModel::BOLD } else { CostModel::CAREFUL };
            let mut rng = GameRng::from_seed(i);
            let (mut g, mut treasure, mut tower) = (Graph::default(), DistMap::default(), DistMap::default());
            // A tower map brought up to date only every few steps, from the changes gathered
            // meanwhile (`None`: computed in full), as a table that shares maps does.
            let (mut late, mut behind) = (DistMap::default(), None::<Spaces>);
            let mut step = 0u32;
            while !game.is_over() {
                // Loot state flips now and then, as it does when a hero picks up or drops loot.
                let loaded = (step / 5) % 2 == 1;
                match g.update(&game, &model, loaded) {
                    Change::None => {}
                    Change::Spaces(changed) => {
                        treasure.repair(&g, &changed);
                        tower.repair(&g, &changed);
                        if let Some(b) = behind.as_mut() {
                            b.union(&changed);
                        }
                        repairs += 1;
                    }
                    Change::All => {
                        treasure.compute(&g, Goal::Treasure);
                        tower.compute(&g, Goal::Tower);
                        behind = None;
                    }
                }
                if (step + i as u32).is_multiple_of(1 + (i % 4) as u32) {
                    match behind {
                        None => late.compute(&g, Goal::Tower),
                        Some(b) => late.repair(&g, &b),
                    }
                    behind = Some(Spaces::default());
                    for c in 0..CELLS as Cell {
                        assert_eq!(late.hops(&g, c), tower.hops(&g, c), "game {i} step {step}: late hops from {c}");
                    }
                    assert_eq!(late.cost, tower.cost, "game {i} step {step}: late tower map");
                }
                let mut fresh = Graph::default();
                fresh.build(&game, &model, loaded);
                assert!(g.same_as(&fresh), "game {i} step {step}: graph");
                for (map, goal) in [(&treasure, Goal::Treasure), (&tower, Goal::Tower)] {
                    let mut m = DistMap::default();
                    m.compute(&fresh, goal);
                    assert_eq!(map.cost, m.cost, "game {i} step {step}: {goal:?} map");
                    // One space asked first and last at every step.
                    let c0 = (i % CELLS as u64) as Cell;
                    let want0 = plain_hops(&m, &fresh, c0);
                    assert_eq!(map.hops(&g, c0), want0, "game {i} step {step}: {goal:?} hops from {c0}");
                    // Hops equal a plain search.
                    for c in (0..CELLS as Cell).filter(|c| (u32::from(*c) + step).is_multiple_of(7)) {
                        let want = plain_hops(&m, &fresh, c);
                        assert_eq!(map.hops(&g, c), want, "game {i} step {step}: {goal:?} hops from {c}");
                        assert_eq!(m.hops(&fresh, c), want, "game {i} step {step}: {goal:?} fresh hops from {c}");
                    }
                    assert_eq!(map.hops(&g, c0), want0, "game {i} step {step}: {goal:?} hops again from {c0}");
                }
                let choices = game.legal_choices().clone();
                let c = choices[rng.below(choices.len() as u32) as usize];
                game.apply(c, &mut NoObserver).unwrap();
                step += 1;
            }
        }
        assert!(repairs > 2000, "only {repairs} repairs");
    }

    /// Hops as first written: no memo, neighbours from the engine's table.
    fn plain_hops(map: &DistMap, graph: &Graph, c: Cell) -> u8 {
        let mut at = c;
        let mut n: u8 = 0;
        loop {
            let cost = map.cost[at as usize];
            if cost == UNREACHABLE {
                return u8::MAX;
            }
            if cost == 0 {
                return n;
            }
            let mut best: Option<(u16, Cell)> = None;
            for dir in Dir::ALL {
                if graph.open(at) & (1 << dir as u8) == 0 {
                    continue;
                }
                let v = NEIGHBOURS[at as usize][dir as usize];
                let (cv, ev) = (map.cost[v as usize], graph.enter(v));
                if cv == UNREACHABLE || ev == UNREACHABLE || u32::from(cv) + u32::from(ev) != u32::from(cost) {
                    continue;
                }
                if best.is_none_or(|b| (cv, v) < b) {
                    best = Some((cv, v));
                }
            }
            let Some((_, v)) = best else { return u8::MAX };
            at = v;
            n = n.saturating_add(1);
        }
    }

    /// A copy of a graph and of its maps is the source in
    /// every slot and walks as the source does, copied over maps of other boards.
    #[test]
    fn copies_equal_their_sources() {
        let rules = Rules::revised();
        let (mut g2, mut m2) = (Graph::default(), DistMap::default());
        let mut checked = 0;
        each_board(&rules, 59, 40, |game, i, step| {
            let mut g = Graph::default();
            g.build(game, &CostModel::BOLD, false);
            let mut m = DistMap::default();
            m.compute(&g, if step % 2 == 0 { Goal::Treasure } else { Goal::Tower });
            let _ = m.hops(&g, (step % CELLS as u32) as Cell);
            g2.clone_from(&g);
            m2.clone_from(&m);
            assert!(g2.same_as(&g) && g2.key() == g.key(), "game {i} step {step}: graph");
            assert!(m2.cost == m.cost && m2.rhs == m.rhs && m2.floor == m.floor, "game {i} step {step}: map");
            for c in 0..CELLS as Cell {
                assert_eq!(m2.hops(&g2, c), m.hops(&g, c), "game {i} step {step}: hops from {c}");
            }
            // A map with spaces pending has offers apart from its costs (a copy of a settled
            // map takes its offers from the costs): one made inconsistent by hand.
            let c = (step as usize * 7) % CELLS;
            m.cost[c] = m.cost[c].wrapping_add(1);
            m.pending.set(c as Cell);
            m.floor = 0;
            m2.clone_from(&m);
            assert!(m2.cost == m.cost && m2.rhs == m.rhs && m2.pending == m.pending, "game {i} step {step}: pending");
            checked += 1;
        });
        assert!(checked > 1000, "only {checked} copies");
    }

    /// A settling whose ring bucket fills up gives up and computes the map in full. On the
    /// board of a game's start, with every space entered at one unit, every space two or more
    /// moves from a tower is given a cost of 2 (the offers worked out again and the spaces
    /// left inconsistent pending, so that invariant (I) holds): far more of them wait at that
    /// one key than a bucket holds, and the settling still ends at the map computed afresh.
    #[test]
    fn a_settling_that_fills_a_bucket_ends_at_the_map_computed_afresh() {
        let rules = Rules::revised();
        let game = Game::new(&rules, &GameConfig::random(1, Variant::default()), 1, 0, &mut NoObserver).unwrap();
        let flat = CostModel { unexplored: 1, kind: [1; 10], special: 1, monster: 0, bridge_loaded: 0 };
        let mut g = Graph::default();
        g.build(&game, &flat, false);
        let goal = Goal::Tower;
        let mut want = DistMap::default();
        want.compute(&g, goal);
        let mut m = DistMap::default();
        m.compute(&g, goal);
        for c in 0..CELLS {
            if m.cost[c] > 2 {
                m.cost[c] = 2;
            }
        }
        let mut waiting = 0;
        for c in 0..CELLS as Cell {
            let i = c as usize;
            if !goal.cells().contains(&c) {
                m.rhs[i] = offer(&m.cost, &g, c);
            }
            if m.rhs[i] != m.cost[i] {
                m.pending.set(c);
                m.floor = m.floor.min(u32::from(m.cost[i].min(m.rhs[i])));
                waiting += usize::from(m.cost[i].min(m.rhs[i]) == 2);
            }
        }
        assert!(waiting > 32, "only {waiting} spaces wait at one key");
        m.check_settling(&g, goal).unwrap();
        m.settle_all(&g);
        assert_eq!(m.cost, want.cost);
        assert!(m.is_settled());
    }

    #[test]
    fn grown_sets_add_the_neighbours() {
        for c in 0..CELLS as Cell {
            let mut one = Spaces::default();
            one.set(c);
            let mut want = one;
            for &n in &NEIGHBOURS[c as usize] {
                if n != NO_CELL {
                    want.set(n);
                }
            }
            assert_eq!(one.grown(), want, "space {c}");
        }
    }

    #[test]
    fn hops_follow_the_lowest_cheapest_neighbour() {
        // A straight unexplored run: hops equal the Manhattan distance from the treasure
        // chamber, and from a tower corner to the nearest tower it is zero.
        let rules = Rules::revised();
        let game = Game::new(&rules, &GameConfig::random(1, Variant::default()), 3, 0, &mut NoObserver).unwrap();
        let mut g = Graph::default();
        g.build(&game, &CostModel::CAREFUL, false);
        let mut m = DistMap::default();
        m.compute(&g, Goal::Treasure);
        for r in 0..4 {
            assert_eq!(m.hops(&g, cell(r, 6)), 4 - r, "row {r}");
        }
        m.compute(&g, Goal::Tower);
        assert_eq!(m.hops(&g, cell(0, 0)), 0);
        assert_eq!(m.hops(&g, cell(2, 3)), 5);
    }
}
