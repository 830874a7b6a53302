//! The 10 × 13 board: cells, directions, printed chambers, and a fixed-size cell set.

/// Board rows.
pub const ROWS: u8 = 10;
/// Board columns.
pub const COLS: u8 = 13;
/// Number of spaces.
pub const CELLS: usize = ROWS as usize * COLS as usize;

/// A board space, `row * COLS + col`, row 0 at the top.
pub type Cell = u8;

/// The four tower chambers (corners), where heroes start and exit.
pub const TOWERS: [Cell; 4] = [0, COLS - 1, (ROWS - 1) * COLS, ROWS * COLS - 1];
/// The two spaces of the treasure chamber, (4,6) and (5,6). The first is its canonical cell.
pub const TREASURE: [Cell; 2] = [4 * COLS + 6, 5 * COLS + 6];

/// Marks "no space" in [`NEIGHBOURS`].
pub const NO_CELL: Cell = Cell::MAX;

/// Entries of the tables below indexed by a [`Cell`]: one per `Cell` value (256), so that a
/// lookup by a `Cell` needs no bounds check. The entries past [`CELLS`] are those of a space
/// off the board ([`NO_CELL`] among them): no neighbours, not printed, every side closed.
pub const CELL_SLOTS: usize = Cell::MAX as usize + 1;

/// `NEIGHBOURS[c][d]`: the space in direction `d` of `c`, or [`NO_CELL`] past the outer wall
/// (and for every `c` off the board). A table lookup instead of row/column arithmetic in the
/// move and path-finding loops; a slot per `Cell` value ([`CELL_SLOTS`]).
pub static NEIGHBOURS: [[Cell; 4]; CELL_SLOTS] = {
    let mut t = [[NO_CELL; 4]; CELL_SLOTS];
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

/// Whether a space is printed on the board (a tower or a treasure chamber space): explored from
/// the start, never holds a tile. A slot per `Cell` value ([`CELL_SLOTS`]).
pub static PRINTED: [bool; CELL_SLOTS] = {
    let mut t = [false; CELL_SLOTS];
    let mut i = 0;
    while i < 4 {
        t[TOWERS[i] as usize] = true;
        i += 1;
    }
    t[TREASURE[0] as usize] = true;
    t[TREASURE[1] as usize] = true;
    t
};

/// The sides of each space on the edge of the board, as a mask of [`Dir`] bits (a `const`, so
/// that other tables can be built from it at compile time).
pub const OUTER_WALL: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut d = 0;
        while d < 4 {
            if NEIGHBOURS[c][d] == NO_CELL {
                t[c] |= 1 << d;
            }
            d += 1;
        }
        c += 1;
    }
    t
};

/// Sides of each space that are closed whatever lies there, as a mask of [`Dir`] bits: the
/// outer wall, and the side between the two treasure chamber spaces (one chamber, not a hall).
/// A slot per `Cell` value ([`CELL_SLOTS`]; all sides closed off the board).
pub static FIXED_CLOSED: [u8; CELL_SLOTS] = {
    let mut t = [0xF; CELL_SLOTS];
    let mut c = 0;
    while c < CELLS {
        t[c] = OUTER_WALL[c];
        c += 1;
    }
    t[TREASURE[0] as usize] |= 1 << Dir::South as u8;
    t[TREASURE[1] as usize] |= 1 << Dir::North as u8;
    t
};

/// A 4-bit side mask turned `quarters` quarter turns clockwise (bit `d` moves to `d + quarters`).
#[inline]
pub const fn rotate_mask(m: u8, quarters: u8) -> u8 {
    let q = quarters & 3;
    ((m << q) | (m >> ((4 - q) & 3))) & 0xF
}

/// Builds a cell from (row, col).
#[inline]
pub const fn cell(row: u8, col: u8) -> Cell {
    row * COLS + col
}

/// Row of a cell.
#[inline]
pub const fn row(c: Cell) -> u8 {
    c / COLS
}

/// Column of a cell.
#[inline]
pub const fn col(c: Cell) -> u8 {
    c % COLS
}

/// Compass direction on the board; also a tile side once a rotation is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[repr(u8)]
pub enum Dir {
    North = 0,
    East = 1,
    South = 2,
    West = 3,
}

impl Dir {
    /// All four, clockwise from north.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// From a number taken modulo 4.
    #[inline]
    pub const fn from_u8(v: u8) -> Dir {
        match v & 3 {
            0 => Dir::North,
            1 => Dir::East,
            2 => Dir::South,
            _ => Dir::West,
        }
    }

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Dir {
        Dir::from_u8(self as u8 + 2)
    }

    /// Turned a quarter clockwise (`right`) or counter-clockwise.
    #[inline]
    pub const fn turn(self, right: bool) -> Dir {
        Dir::from_u8(self as u8 + if right { 1 } else { 3 })
    }

    /// Lower-case name for traces.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        }
    }
}

/// The neighbour of `c` in direction `d`, or `None` past the outer wall. A value that is not
/// a space (such as [`NO_CELL`]) has no neighbours, so a caller holding a stale or unset
/// space gets `None` rather than a wrapped-around one.
#[inline]
pub fn step(c: Cell, d: Dir) -> Option<Cell> {
    let n = NEIGHBOURS[c as usize][d as usize];
    (n != NO_CELL).then_some(n)
}

/// The direction from `a` to an orthogonally adjacent `b`.
#[inline]
pub fn dir_between(a: Cell, b: Cell) -> Option<Dir> {
    // One table row read instead of a `step` per direction (moves ask this every step).
    // `NO_CELL` entries mark the outer wall: never a neighbour, even of `b == NO_CELL`.
    let n = &NEIGHBOURS[a as usize];
    if b == NO_CELL {
        return None;
    }
    n.iter().position(|&x| x == b).map(|d| Dir::from_u8(d as u8))
}

/// Moves `n` spaces from `c` in direction `d`, stopping at the outer wall. Returns the cell
/// reached and how many spaces were left over at the wall.
pub fn walk(c: Cell, d: Dir, n: u8) -> (Cell, u8) {
    let mut at = c;
    for i in 0..n {
        match step(at, d) {
            Some(next) => at = next,
            None => return (at, n - i),
        }
    }
    (at, 0)
}

/// Whether a cell is a tower chamber.
#[inline]
pub fn is_tower(c: Cell) -> bool {
    PRINTED[c as usize] && !is_treasure(c)
}

/// Whether a cell is one of the two treasure chamber spaces.
#[inline]
pub fn is_treasure(c: Cell) -> bool {
    c == TREASURE[0] || c == TREASURE[1]
}

/// The cells making up the chamber on `c`: both spaces of the treasure chamber, else `c`
/// alone. Shared by the editions' games, whose heroes stand on one space of a chamber.
#[inline]
pub fn chamber_cells(c: Cell) -> arrayvec::ArrayVec<Cell, 2> {
    let mut v = arrayvec::ArrayVec::new();
    if is_treasure(c) {
        v.extend(TREASURE);
    } else {
        v.push(c);
    }
    v
}

/// Manhattan distance between two cells.
#[inline]
pub fn manhattan(a: Cell, b: Cell) -> u8 {
    row(a).abs_diff(row(b)) + col(a).abs_diff(col(b))
}

/// A set of cells: no allocation, `Copy`. Four words, a bit per `Cell` value (the board needs
/// three), so that a cell's word is found without a bounds check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; 4]);

    /// Adds a cell.
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[(c / 64) as usize] |= 1 << (c % 64);
    }

    /// Removes a cell.
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0[(c / 64) as usize] &= !(1 << (c % 64));
    }

    /// Membership.
    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        self.0[(c / 64) as usize] & (1 << (c % 64)) != 0
    }

    /// Number of cells.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_off_the_board_have_no_neighbours() {
        for c in [CELLS as Cell, 200, 242, NO_CELL] {
            for d in Dir::ALL {
                assert_eq!(step(c, d), None, "{c} {d:?}");
            }
        }
    }

    #[test]
    fn tables_agree_with_step() {
        for c in 0..CELLS as Cell {
            for d in Dir::ALL {
                // The table against row and column arithmetic.
                let (r, k) = (i32::from(row(c)), i32::from(col(c)));
                let (dr, dk) = match d {
                    Dir::North => (-1, 0),
                    Dir::East => (0, 1),
                    Dir::South => (1, 0),
                    Dir::West => (0, -1),
                };
                let (nr, nk) = (r + dr, k + dk);
                let inside = (0..i32::from(ROWS)).contains(&nr) && (0..i32::from(COLS)).contains(&nk);
                let want = inside.then(|| (nr * i32::from(COLS) + nk) as Cell);
                assert_eq!(step(c, d), want, "cell {c} {d:?}");
                let fixed = FIXED_CLOSED[c as usize] & (1 << d as u8) != 0;
                let treasure_inside = step(c, d).is_some_and(|n| is_treasure(c) && is_treasure(n));
                assert_eq!(fixed, step(c, d).is_none() || treasure_inside, "cell {c} {d:?}");
            }
            assert_eq!(PRINTED[c as usize], TOWERS.contains(&c) || TREASURE.contains(&c));
        }
        assert!(!is_tower(Cell::MAX));
        // West wall (bit 3) turned a quarter clockwise faces north (bit 0).
        assert_eq!(rotate_mask(0b1000, 1), 0b0001);
        assert_eq!(rotate_mask(0b0011, 2), 0b1100);
        assert_eq!(rotate_mask(0b0101, 0), 0b0101);
    }

    #[test]
    fn geometry() {
        assert_eq!(TOWERS, [0, 12, 117, 129]);
        assert_eq!(TREASURE, [cell(4, 6), cell(5, 6)]);
        assert_eq!(step(0, Dir::North), None);
        assert_eq!(step(0, Dir::East), Some(1));
        assert_eq!(step(12, Dir::East), None);
        assert_eq!(step(129, Dir::South), None);
        assert_eq!(walk(cell(2, 2), Dir::West, 5), (cell(2, 0), 3));
        assert_eq!(walk(cell(2, 2), Dir::South, 3), (cell(5, 2), 0));
        assert_eq!(manhattan(0, TREASURE[0]), 10);
        assert_eq!(dir_between(cell(3, 3), cell(4, 3)), Some(Dir::South));
        let mut s = CellSet::EMPTY;
        s.insert(129);
        s.insert(64);
        assert!(s.contains(129) && s.contains(64) && !s.contains(63));
        assert_eq!(s.len(), 2);
    }
}
