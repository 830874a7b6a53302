//! Path finding on the 10×13 board from what the players can see.
//!
//! A [`DistMap`] holds, for every space, the cheapest known cost of reaching a set of target
//! spaces (the treasure chamber, or the towers) and the number of moves along that path.
//! Explored spaces connect only through the halls the tiles show; unexplored spaces are
//! assumed open on every side (the optimistic guess a player makes) but cost extra, because a
//! new tile may turn out to be a dead end or a trap. Costs per tile kind come from a
//! [`CostModel`], so a cautious policy can pay a detour to avoid bridges, pits and webs.
//!
//! Everything is in fixed-size arrays: computing a map allocates nothing.

use arrayvec::ArrayVec;
use dq_engine::board::{CELLS, COLS, ROWS, TOWERS, TREASURE};
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

/// Cheapest cost and move count from every space to a goal.
#[derive(Clone, Debug)]
pub struct DistMap {
    pub cost: [u16; CELLS],
    pub hops: [u8; CELLS],
}

impl Default for DistMap {
    fn default() -> Self {
        DistMap { cost: [UNREACHABLE; CELLS], hops: [u8::MAX; CELLS] }
    }
}

/// `NEIGHBOURS[c][d]`: the space in direction `d` of `c`, or `NONE` past the outer wall.
const NONE: Cell = Cell::MAX;
static NEIGHBOURS: [[Cell; 4]; CELLS] = {
    let mut t = [[NONE; 4]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (r, k) = ((c / COLS as usize) as u8, (c % COLS as usize) as u8);
        if r > 0 {
            t[c][0] = c as Cell - COLS;
        }
        if k + 1 < COLS {
            t[c][1] = c as Cell + 1;
        }
        if r + 1 < ROWS {
            t[c][2] = c as Cell + COLS;
        }
        if k > 0 {
            t[c][3] = c as Cell - 1;
        }
        c += 1;
    }
    t
};

/// A fixed-capacity binary min-heap of (cost, cell) packed into u32 (no initialisation cost).
struct Heap {
    items: ArrayVec<u32, { CELLS * 5 }>,
}

impl Heap {
    fn push(&mut self, cost: u16, c: Cell) {
        // Each space is pushed at most once per improving edge, well under the capacity.
        if self.items.try_push((u32::from(cost) << 8) | u32::from(c)).is_err() {
            return;
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

/// What the board shows, reduced to arrays: the cost of entering each space and the sides a
/// hero could leave it by. Built once per board change and shared by every map.
#[derive(Clone, Debug)]
pub struct Graph {
    enter: [u16; CELLS],
    /// Bit `d` set: a hero on this space could step in world direction `d`.
    open: [u8; CELLS],
}

impl Default for Graph {
    fn default() -> Self {
        Graph { enter: [UNREACHABLE; CELLS], open: [0; CELLS] }
    }
}

impl Graph {
    /// Reads the board. Explored spaces use the halls their tiles show; unexplored spaces are
    /// open toward every neighbour that is unexplored or shows a hall back.
    pub fn build(&mut self, game: &Game<'_>, model: &CostModel, loaded: bool) {
        for c in 0..CELLS as Cell {
            self.enter[c as usize] = model.enter(game, c, loaded);
            let mut m = 0u8;
            if game.cell_is_explored(c) {
                for d in Dir::ALL {
                    if game.neighbour(c, d).is_some() {
                        m |= 1 << d as u8;
                    }
                }
            }
            self.open[c as usize] = m;
        }
        let tiles_left = game.tiles_left() > 0;
        for c in 0..CELLS as Cell {
            if !tiles_left || game.cell_is_explored(c) {
                continue;
            }
            let mut m = 0u8;
            for d in Dir::ALL {
                let v = NEIGHBOURS[c as usize][d as usize];
                if v == NONE {
                    continue;
                }
                let back = 1 << d.opposite() as u8;
                if !game.cell_is_explored(v) || self.open[v as usize] & back != 0 {
                    m |= 1 << d as u8;
                }
            }
            self.open[c as usize] = m;
        }
    }

    /// The cost of entering `c`.
    #[inline]
    pub fn enter(&self, c: Cell) -> u16 {
        self.enter[c as usize]
    }
}

impl DistMap {
    /// Computes the map to `goal` over `graph`: a Dijkstra search backwards from the targets.
    pub fn compute(&mut self, graph: &Graph, goal: Goal) {
        self.cost = [UNREACHABLE; CELLS];
        self.hops = [u8::MAX; CELLS];
        let mut heap = Heap { items: ArrayVec::new() };
        for &t in goal.cells() {
            self.cost[t as usize] = 0;
            self.hops[t as usize] = 0;
            heap.push(0, t);
        }
        while let Some((d, v)) = heap.pop() {
            if d > self.cost[v as usize] {
                continue;
            }
            let through = d.saturating_add(graph.enter[v as usize]);
            if through == UNREACHABLE {
                continue;
            }
            for dir in Dir::ALL {
                // u lies `dir` of v, so a hero on u steps toward v in `dir.opposite()`.
                let u = NEIGHBOURS[v as usize][dir as usize];
                if u == NONE {
                    continue;
                }
                if through >= self.cost[u as usize] || graph.open[u as usize] & (1 << dir.opposite() as u8) == 0 {
                    continue;
                }
                self.cost[u as usize] = through;
                self.hops[u as usize] = self.hops[v as usize].saturating_add(1);
                heap.push(through, u);
            }
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
        assert_eq!(m.hops[c as usize], 2);
        assert_eq!(m.cost[c as usize], CostModel::BOLD.unexplored + CostModel::BOLD.special);
        m.compute(&g, Goal::Tower);
        assert_eq!(m.hops[cell(1, 1) as usize], 2);
    }
}
