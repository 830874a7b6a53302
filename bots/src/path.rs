//! Path finding on the 10×13 board from what the players can see.
//!
//! A [`DistMap`] holds, for every space, the cheapest known cost of reaching a set of target
//! spaces (the treasure chamber, or the towers), and the number of moves along that path on demand.
//! Explored spaces connect only through the halls the tiles show; unexplored spaces are
//! assumed open on every side (the optimistic guess a player makes) but cost extra, because a
//! new tile may turn out to be a dead end or a trap. Costs per tile kind come from a
//! [`CostModel`], so a cautious policy can pay a detour to avoid bridges, pits and webs.
//!
//! Everything is in fixed-size arrays: computing a map allocates nothing.

use arrayvec::ArrayVec;
use dq_engine::board::{CELLS, NEIGHBOURS, NO_CELL, TOWERS, TREASURE};
use dq_engine::data::TileKind;
use dq_engine::{Cell, Dir, Game};

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

/// Cheapest cost from every space to a goal; [`DistMap::hops`] gives the number of moves
/// along that path on demand.
#[derive(Clone, Debug)]
pub struct DistMap {
    pub cost: [u16; CELLS],
}

impl Default for DistMap {
    fn default() -> Self {
        DistMap { cost: [UNREACHABLE; CELLS] }
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

/// A set of spaces as three 64-bit words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spaces([u64; 3]);

impl Spaces {
    /// Whether `c` is in the set.
    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        self.0[c as usize >> 6] & (1 << (c & 63)) != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }

    #[inline]
    pub fn set(&mut self, c: Cell) {
        self.0[c as usize >> 6] |= 1 << (c & 63);
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
}

/// A binary min-heap of (cost, space) packed into u32, fixed capacity, for the repair of a map
/// (whose pending costs span more than the bucket ring of a full search).
struct Heap {
    items: ArrayVec<u32, { CELLS * 6 }>,
}

impl Heap {
    fn new() -> Heap {
        Heap { items: ArrayVec::new() }
    }

    /// Adds an entry; `false` if the heap is full (the caller then recomputes in full).
    #[must_use]
    fn push(&mut self, cost: u16, c: Cell) -> bool {
        if self.items.try_push((u32::from(cost) << 8) | u32::from(c)).is_err() {
            return false;
        }
        let mut i = self.items.len() - 1;
        while i > 0 {
            let p = (i - 1) / 2;
            if self.items[p] <= self.items[i] {
                break;
            }
            self.items.swap(p, i);
            i = p;
        }
        true
    }

    fn pop(&mut self) -> Option<(u16, Cell)> {
        let last = self.items.pop()?;
        let top = if self.items.is_empty() {
            last
        } else {
            let top = self.items[0];
            self.items[0] = last;
            let n = self.items.len();
            let mut i = 0;
            loop {
                let l = 2 * i + 1;
                if l >= n {
                    break;
                }
                let r = l + 1;
                let m = if r < n && self.items[r] < self.items[l] { r } else { l };
                if self.items[i] <= self.items[m] {
                    break;
                }
                self.items.swap(i, m);
                i = m;
            }
            top
        };
        Some(((top >> 8) as u16, (top & 0xFF) as Cell))
    }
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
#[derive(Clone, Debug)]
pub struct Graph {
    enter: [u16; CELLS],
    /// Bit `d` set: a hero on this space could step in world direction `d`.
    open: [u8; CELLS],
    /// (board epoch, tiles left, carrying loot) the arrays describe; `None` before the first
    /// build.
    key: Option<(u32, u8, bool)>,
}

impl Default for Graph {
    fn default() -> Self {
        Graph { enter: [UNREACHABLE; CELLS], open: [0; CELLS], key: None }
    }
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
        self.key = Some((game.board_epoch(), game.tiles_left(), loaded));
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
    pub fn update(&mut self, game: &Game<'_>, model: &CostModel, loaded: bool) -> Change {
        let key = (game.board_epoch(), game.tiles_left(), loaded);
        let Some(old) = self.key else {
            self.build(game, model, loaded);
            return Change::All;
        };
        if old == key {
            return Change::None;
        }
        // Running out of tiles closes every unexplored space: rebuild.
        let changes = if (old.1 == 0) == (key.1 == 0) { game.board_changes(old.0) } else { None };
        let Some(changes) = changes else {
            self.build(game, model, loaded);
            return Change::All;
        };
        let mut dirty = Spaces::default();
        if old.2 != loaded {
            // Loot reprices bridges: every explored bridge is read again.
            for c in 0..CELLS as Cell {
                if game.tile_kind_at(c) == Some(TileKind::Bridge) {
                    dirty.set(c);
                }
            }
        }
        for c in changes {
            dirty.set(c);
            for &n in &NEIGHBOURS[c as usize] {
                if n != NO_CELL {
                    dirty.set(n);
                }
            }
        }
        let before = (self.enter, self.open);
        // Every space's own facts first: the rule for unexplored ones reads their neighbours'.
        let (mut first, mut second, mut check) = (dirty, dirty, dirty);
        while let Some(c) = first.pop() {
            self.read_space(game, model, loaded, c);
        }
        while let Some(c) = second.pop() {
            self.read_unexplored(game, c);
        }
        let mut changed = Spaces::default();
        while let Some(c) = check.pop() {
            let i = c as usize;
            if before.0[i] != self.enter[i] || before.1[i] != self.open[i] {
                changed.set(c);
            }
        }
        self.key = Some(key);
        Change::Spaces(changed)
    }

    /// The entry cost of `c`, and its open sides if explored.
    #[inline]
    fn read_space(&mut self, game: &Game<'_>, model: &CostModel, loaded: bool, c: Cell) {
        self.enter[c as usize] = model.enter(game, c, loaded);
        self.open[c as usize] = game.open_sides(c);
    }

    /// The open sides of an unexplored `c` (none once the tiles have run out).
    #[inline]
    fn read_unexplored(&mut self, game: &Game<'_>, c: Cell) {
        if game.cell_is_explored(c) {
            return;
        }
        let mut m = 0u8;
        if game.tiles_left() > 0 {
            for d in Dir::ALL {
                let v = NEIGHBOURS[c as usize][d as usize];
                if v == NO_CELL {
                    continue;
                }
                let back = 1 << d.opposite() as u8;
                if !game.cell_is_explored(v) || self.open[v as usize] & back != 0 {
                    m |= 1 << d as u8;
                }
            }
        }
        self.open[c as usize] = m;
    }

    /// The cost of entering `c`.
    #[inline]
    pub fn enter(&self, c: Cell) -> u16 {
        self.enter[c as usize]
    }

    /// The sides a hero on `c` could step through (bit `d` for [`Dir`] `d`).
    #[inline]
    pub fn open(&self, c: Cell) -> u8 {
        self.open[c as usize]
    }

    /// Whether two graphs describe the same board (what the incremental update is tested by).
    pub fn same_as(&self, other: &Graph) -> bool {
        self.enter == other.enter && self.open == other.open
    }
}

impl DistMap {
    /// Computes the map to `goal` over `graph`: a search backwards from the targets (Dijkstra's
    /// algorithm over a ring of cost buckets, since every step costs less than [`MAX_STEP`]).
    pub fn compute(&mut self, graph: &Graph, goal: Goal) {
        self.cost = [UNREACHABLE; CELLS];
        // Bucket `level % RING` holds the spaces first reached at `level`; a space improved
        // later leaves a stale entry behind, skipped when met. Every step costs less than the
        // ring is long, so the pending levels never wrap onto each other.
        let mut ring = [Spaces::default(); RING];
        // Bit `k` set: ring bucket `k` holds entries.
        let mut full: u64 = 1;
        for &t in goal.cells() {
            self.cost[t as usize] = 0;
            ring[0].set(t);
        }
        let mut level: u16 = 0;
        while full != 0 {
            // The next non-empty bucket at or after `level`, going round the ring.
            level += full.rotate_right(u32::from(level) % RING as u32).trailing_zeros() as u16;
            let slot = level as usize % RING;
            let mut here = core::mem::take(&mut ring[slot]);
            full &= !(1 << slot);
            while let Some(v) = here.pop() {
                if self.cost[v as usize] != level {
                    continue;
                }
                let through = level.saturating_add(graph.enter[v as usize]);
                if through == UNREACHABLE {
                    continue;
                }
                let near = &NEIGHBOURS[v as usize];
                for dir in Dir::ALL {
                    // u lies `dir` of v, so a hero on u steps toward v in `dir.opposite()`.
                    let u = near[dir as usize];
                    if u == NO_CELL || graph.open[u as usize] & (1 << dir.opposite() as u8) == 0 {
                        continue;
                    }
                    if through < self.cost[u as usize] {
                        self.cost[u as usize] = through;
                        let k = through as usize % RING;
                        ring[k].set(u);
                        full |= 1 << k;
                    }
                }
            }
        }
    }

    /// Brings a map computed over the graph as it was before [`Graph::update`] reported
    /// `changed` up to date, touching only the spaces whose cost changes, with the same
    /// result as [`DistMap::compute`] (the path tests compare the two on many boards).
    ///
    /// First the spaces whose cheapest way went through a changed space and no longer exists
    /// are found, in order of their old cost, and forgotten; then a Dijkstra search from the
    /// spaces around them and from every space that got a cheaper way fills them in again.
    pub fn repair(&mut self, graph: &Graph, goal: Goal, changed: &Spaces) {
        if changed.is_empty() {
            return;
        }
        if !self.try_repair(graph, changed) {
            self.compute(graph, goal);
        }
    }

    /// The best cost a space can get from its neighbours' current costs, ignoring `lost` ones.
    #[inline]
    fn offer(&self, graph: &Graph, u: Cell, lost: &Spaces) -> u16 {
        let mut best = UNREACHABLE;
        for dir in Dir::ALL {
            if graph.open[u as usize] & (1 << dir as u8) == 0 {
                continue;
            }
            let v = NEIGHBOURS[u as usize][dir as usize];
            if lost.contains(v) {
                continue;
            }
            let (cv, ev) = (self.cost[v as usize], graph.enter[v as usize]);
            if cv == UNREACHABLE || ev == UNREACHABLE {
                continue;
            }
            best = best.min(cv.saturating_add(ev));
        }
        best
    }

    /// The repair; `false` if a heap filled up (then the caller computes the map in full).
    fn try_repair(&mut self, graph: &Graph, changed: &Spaces) -> bool {
        // Spaces whose own equation may no longer hold: the changed ones and their neighbours.
        let mut suspects = Spaces::default();
        let mut all = *changed;
        while let Some(c) = all.pop() {
            suspects.set(c);
            for &n in &NEIGHBOURS[c as usize] {
                if n != NO_CELL {
                    suspects.set(n);
                }
            }
        }
        let mut queue = Heap::new();
        let mut s = suspects;
        while let Some(c) = s.pop() {
            if !queue.push(self.cost[c as usize], c) {
                return false;
            }
        }
        // Pass 1, by old cost: a space that no neighbour still supports at its old cost loses
        // it, and so may the spaces that counted on it.
        let mut seen = Spaces::default();
        let mut lost = Spaces::default();
        let mut cheaper = Spaces::default();
        while let Some((cost, u)) = queue.pop() {
            if seen.contains(u) || cost == 0 {
                continue;
            }
            seen.set(u);
            let best = self.offer(graph, u, &lost);
            if best == cost {
                continue;
            }
            if best < cost {
                cheaper.set(u);
                continue;
            }
            lost.set(u);
            let through = cost.saturating_add(graph.enter[u as usize]);
            for dir in Dir::ALL {
                let w = NEIGHBOURS[u as usize][dir as usize];
                if w == NO_CELL || graph.open[w as usize] & (1 << dir.opposite() as u8) == 0 {
                    continue;
                }
                if self.cost[w as usize] == through && !seen.contains(w) && !queue.push(through, w) {
                    return false;
                }
            }
        }
        // Pass 2: lost spaces start from what their remaining neighbours offer, cheaper ones
        // from their new offer; a Dijkstra search spreads the changes.
        let mut l = lost;
        while let Some(u) = l.pop() {
            self.cost[u as usize] = UNREACHABLE;
        }
        let none = Spaces::default();
        let mut seeds = lost;
        seeds.0[0] |= cheaper.0[0];
        seeds.0[1] |= cheaper.0[1];
        seeds.0[2] |= cheaper.0[2];
        while let Some(u) = seeds.pop() {
            let best = self.offer(graph, u, &none);
            if best < self.cost[u as usize] {
                self.cost[u as usize] = best;
            }
            if self.cost[u as usize] != UNREACHABLE && !queue.push(self.cost[u as usize], u) {
                return false;
            }
        }
        while let Some((d, v)) = queue.pop() {
            if d != self.cost[v as usize] {
                continue;
            }
            let through = d.saturating_add(graph.enter[v as usize]);
            if through == UNREACHABLE {
                continue;
            }
            for dir in Dir::ALL {
                let u = NEIGHBOURS[v as usize][dir as usize];
                if u == NO_CELL || graph.open[u as usize] & (1 << dir.opposite() as u8) == 0 {
                    continue;
                }
                if through < self.cost[u as usize] {
                    self.cost[u as usize] = through;
                    if !queue.push(through, u) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Moves along the cheapest path from `c` to the goal (0 on a target, `u8::MAX` if the
    /// goal cannot be reached). Among equally cheap paths it takes, step by step, the next
    /// space with the lowest (cost to go, space number): the path a Dijkstra search that
    /// settles spaces in that order records.
    pub fn hops(&self, graph: &Graph, c: Cell) -> u8 {
        let mut at = c;
        let mut n: u8 = 0;
        loop {
            let cost = self.cost[at as usize];
            if cost == UNREACHABLE {
                return u8::MAX;
            }
            if cost == 0 {
                return n;
            }
            let mut best: Option<(u16, Cell)> = None;
            for dir in Dir::ALL {
                if graph.open[at as usize] & (1 << dir as u8) == 0 {
                    continue;
                }
                let v = NEIGHBOURS[at as usize][dir as usize];
                let (cv, ev) = (self.cost[v as usize], graph.enter[v as usize]);
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
    use dq_engine::board::cell;
    use dq_engine::{GameConfig, NoObserver, Rules, Variant};

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
            let mut step = 0u32;
            while !game.is_over() {
                // Loot state flips now and then, as it does when a hero picks up or drops loot.
                let loaded = (step / 5) % 2 == 1;
                match g.update(&game, &model, loaded) {
                    Change::None => {}
                    Change::Spaces(changed) => {
                        treasure.repair(&g, Goal::Treasure, &changed);
                        tower.repair(&g, Goal::Tower, &changed);
                        repairs += 1;
                    }
                    Change::All => {
                        treasure.compute(&g, Goal::Treasure);
                        tower.compute(&g, Goal::Tower);
                    }
                }
                let mut fresh = Graph::default();
                fresh.build(&game, &model, loaded);
                assert!(g.same_as(&fresh), "game {i} step {step}: graph");
                for (map, goal) in [(&treasure, Goal::Treasure), (&tower, Goal::Tower)] {
                    let mut m = DistMap::default();
                    m.compute(&fresh, goal);
                    assert_eq!(map.cost, m.cost, "game {i} step {step}: {goal:?} map");
                }
                let choices = game.legal_choices().clone();
                let c = choices[rng.below(choices.len() as u32) as usize];
                game.apply(c, &mut NoObserver).unwrap();
                step += 1;
            }
        }
        assert!(repairs > 2000, "only {repairs} repairs");
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
