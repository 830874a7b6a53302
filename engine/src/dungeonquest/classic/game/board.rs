//! The laid tiles and what they allow: which sides of a space are open, where its halls lead.

use crate::dungeonquest::board::{chamber_cells, rotate_mask, step, Cell, Dir, CELLS, FIXED_CLOSED, NO_CELL, PRINTED};
use crate::dungeonquest::data::Side;
use crate::dungeonquest::rules::TileDef;

/// One space: the tile on it (its index + 1; 0 for none), its rotation, and what is on each
/// world side (the tile's sides turned, or the printed room's): kept when a tile is laid or
/// turned, so the moves listed at every decision read one byte a side (docs/perf.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Space {
    tile: u8,
    rot: u8,
    sides: [Side; 4],
}

/// The sides of a space with no tile: walls where the board closes it, halls elsewhere.
const fn bare_sides(c: usize) -> [Side; 4] {
    let mut sides = [Side::Hall; 4];
    let mut d = 0;
    while d < 4 {
        if FIXED_CLOSED[c] & (1 << d) != 0 {
            sides[d] = Side::Wall;
        }
        d += 1;
    }
    sides
}

/// The board's tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    spaces: [Space; CELLS],
    /// Tiles turned after they were laid, counted (wrapping): a reader that keeps the board
    /// it saw knows from one number whether any laid tile turned since.
    turned: u16,
}

impl Board {
    /// No tile laid.
    pub const EMPTY: Board = {
        let mut spaces = [Space { tile: 0, rot: 0, sides: [Side::Hall; 4] }; CELLS];
        let mut c = 0;
        while c < CELLS {
            spaces[c].sides = bare_sides(c);
            c += 1;
        }
        Board { spaces, turned: 0 }
    };

    /// The tile on `c` and its rotation.
    #[inline]
    pub fn tile(&self, c: Cell) -> Option<(u8, u8)> {
        let s = self.spaces.get(c as usize)?;
        (s.tile != 0).then(|| (s.tile - 1, s.rot))
    }

    /// Whether `c` holds a room: a tile, a tower or the treasure chamber.
    pub fn explored(&self, c: Cell) -> bool {
        (c as usize) < CELLS && (PRINTED[c as usize] || self.spaces[c as usize].tile != 0)
    }

    /// Lays tile `t` (of `tiles`) on `c`, turned `rot` quarter turns clockwise.
    pub fn lay(&mut self, tiles: &[TileDef], c: Cell, t: u8, rot: u8) {
        if let Some(s) = self.spaces.get_mut(c as usize) {
            let rot = rot & 3;
            let mut sides = bare_sides(c as usize);
            if let Some(def) = tiles.get(t as usize) {
                for (d, side) in sides.iter_mut().enumerate() {
                    *side = def.sides[(d + 4 - rot as usize) & 3];
                }
            }
            *s = Space { tile: t + 1, rot, sides };
        }
    }

    /// Turns the tile on `c` by `quarters` more; its new rotation.
    pub fn turn(&mut self, c: Cell, quarters: u8) -> u8 {
        match self.spaces.get_mut(c as usize) {
            Some(s) if s.tile != 0 => {
                self.turned = self.turned.wrapping_add(1);
                s.rot = (s.rot + quarters) & 3;
                s.sides.rotate_right((quarters & 3) as usize);
                s.rot
            }
            _ => 0,
        }
    }

    /// Tiles turned after they were laid so far (wrapping).
    #[inline]
    pub fn turned(&self) -> u16 {
        self.turned
    }

    /// The tile side (in the tile's own orientation) facing world side `d` of `c`.
    fn local(&self, c: Cell, d: Dir) -> usize {
        ((d as u8 + 4 - self.spaces[c as usize].rot) & 3) as usize
    }

    /// What is on each world side of `c` (walls off the board).
    #[inline]
    pub fn sides(&self, c: Cell) -> [Side; 4] {
        self.spaces.get(c as usize).map_or([Side::Wall; 4], |s| s.sides)
    }

    /// What is on world side `d` of explored space `c` (the printed rooms: halls, walls at the
    /// outer wall and between the treasure chamber's halves).
    #[inline]
    pub fn side(&self, _tiles: &[TileDef], c: Cell, d: Dir) -> Side {
        self.spaces.get(c as usize).map_or(Side::Wall, |s| s.sides[d as usize])
    }

    /// The part (0 near the entry arrow) of a split tile's side `d`; 0 for other rooms.
    pub fn part(&self, tiles: &[TileDef], c: Cell, d: Dir) -> u8 {
        self.def(tiles, c).map_or(0, |t| t.part[self.local(c, d)])
    }

    /// The tile definition on `c`.
    pub fn def<'t>(&self, tiles: &'t [TileDef], c: Cell) -> Option<&'t TileDef> {
        self.tile(c).and_then(|(t, _)| tiles.get(t as usize))
    }

    /// The space beyond world side `d` of explored `c`, if the hall is open from `c` (not a
    /// wall, not the outer wall) and, when a room is laid there, open from its side too;
    /// `tiles_left` says whether an empty space can still get a tile. Doors and portcullises
    /// count as open (they are tried when crossed).
    pub fn beyond(&self, tiles: &[TileDef], c: Cell, d: Dir, tiles_left: bool) -> Option<Cell> {
        if self.side(tiles, c, d) == Side::Wall {
            return None;
        }
        let to = step(c, d)?;
        if self.explored(to) {
            (self.side(tiles, to, d.opposite()) != Side::Wall).then_some(to)
        } else {
            tiles_left.then_some(to)
        }
    }

    /// Whether the move from `c` through side `d` crosses a door or a portcullis on either
    /// tile; (portcullises, doors) on the way.
    pub fn barriers(&self, tiles: &[TileDef], c: Cell, d: Dir) -> (u8, u8) {
        let mut count = (0, 0);
        let mut add = |s: Side| match s {
            Side::Portcullis => count.0 += 1,
            Side::Door => count.1 += 1,
            _ => {}
        };
        add(self.side(tiles, c, d));
        if let Some(to) = step(c, d).filter(|&t| self.explored(t)) {
            add(self.side(tiles, to, d.opposite()));
        }
        count
    }

    /// Every (cell of the chamber, side, space beyond) from the chamber on `pos`, as
    /// [`Board::beyond`] allows, keeping to `part` of a split tile when `part` is given.
    pub fn exits(
        &self,
        tiles: &[TileDef],
        pos: Cell,
        part: Option<u8>,
        tiles_left: bool,
        mut put: impl FnMut(Cell, Dir, Cell),
    ) {
        if pos == NO_CELL {
            return;
        }
        for c in chamber_cells(pos) {
            for d in Dir::ALL {
                if part.is_some_and(|p| self.part(tiles, c, d) != p) {
                    continue;
                }
                if let Some(to) = self.beyond(tiles, c, d, tiles_left) {
                    put(c, d, to);
                }
            }
        }
    }

    /// The tile's walls turned to the world, as a mask of [`Dir`] bits (printed rooms: their
    /// fixed closed sides).
    pub fn walls(&self, tiles: &[TileDef], c: Cell) -> u8 {
        match self.def(tiles, c) {
            Some(t) => rotate_mask(t.walls, self.spaces[c as usize].rot),
            None => FIXED_CLOSED.get(c as usize).copied().unwrap_or(0xF),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeonquest::board::cell;
    use crate::dungeonquest::classic::rules::ClassicRules;

    /// The sides kept per space are the tile's sides turned to the world, after laying and
    /// after every turn (a rotation read the wrong way round fails on the first asymmetric
    /// tile), and the board's own with no tile.
    #[test]
    fn kept_sides_are_the_tiles_turned() {
        let rules = ClassicRules::embedded();
        let tiles = rules.tiles.drawn();
        let c = cell(3, 4);
        for t in 0..tiles.len() as u8 {
            for rot in 0..4 {
                let mut b = Board::EMPTY;
                b.lay(tiles, c, t, rot);
                for quarters in [0, 1, 2, 3, 2] {
                    let r = b.turn(c, quarters);
                    for d in Dir::ALL {
                        let want = tiles[t as usize].sides[((d as u8 + 4 - r) & 3) as usize];
                        assert_eq!(b.side(tiles, c, d), want, "tile {t} rot {r} side {d:?}");
                    }
                }
            }
        }
        for c in 0..CELLS as Cell {
            for d in Dir::ALL {
                let wall = FIXED_CLOSED[c as usize] & (1 << d as u8) != 0;
                assert_eq!(Board::EMPTY.side(tiles, c, d) == Side::Wall, wall, "space {c} {d:?}");
            }
        }
    }

    /// The count of tiles turned moves with every turn of a laid tile and with nothing else
    /// (the bots read the turning tiles again only when it moves; one missed turn would leave
    /// their maps on the old sides).
    #[test]
    fn turns_are_counted() {
        let rules = ClassicRules::embedded();
        let tiles = rules.tiles.drawn();
        let (c, empty) = (cell(3, 4), cell(5, 2));
        let mut b = Board::EMPTY;
        assert_eq!(b.turned(), 0);
        b.lay(tiles, c, 0, 1);
        assert_eq!(b.turned(), 0, "laying is not turning");
        b.turn(empty, 1);
        assert_eq!(b.turned(), 0, "no tile there to turn");
        for (i, q) in [1, 2, 3].into_iter().enumerate() {
            b.turn(c, q);
            assert_eq!(usize::from(b.turned()), i + 1);
        }
    }
}
