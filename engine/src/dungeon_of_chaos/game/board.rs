//! The four 6×8 dungeon levels (§1): squares, directions, laid tiles and the walls and doors
//! between squares, in fixed arrays.

use crate::dungeon_of_chaos::combat::MAX_FOES;
use crate::dungeon_of_chaos::data::{ExitKind, Feature, Side, TileSize};
use crate::dungeon_of_chaos::rules::{ChaosRules, TileDef, LEVELS};
use arrayvec::ArrayVec;

/// Rows of a level: its short side, numbered by a d6 (§1).
pub const ROWS: u8 = 6;
/// Columns of a level: its long side, numbered by a d8 (§1).
pub const COLS: u8 = 8;
/// Squares of one level.
pub const LEVEL_SQUARES: u8 = ROWS * COLS;
/// Squares of the dungeon.
pub const SQUARES: usize = LEVELS as usize * LEVEL_SQUARES as usize;
/// No tile on a square.
const NO_TILE: u8 = u8::MAX;

/// A compass direction on a board: north is row − 1, east column + 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The opposite direction.
    #[inline]
    pub fn opp(self) -> Dir {
        Dir::ALL[(self as usize + 2) % 4]
    }

    /// A quarter turn clockwise.
    #[inline]
    pub fn cw(self) -> Dir {
        Dir::ALL[(self as usize + 1) % 4]
    }

    /// The world direction of a tile's side when its black arrow points `facing`.
    #[inline]
    pub fn of_side(facing: Dir, side: Side) -> Dir {
        match side {
            Side::Ahead => facing,
            Side::Back => facing.opp(),
            Side::Right => facing.cw(),
            Side::Left => facing.cw().opp(),
        }
    }

    fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (-1, 0),
            Dir::E => (0, 1),
            Dir::S => (1, 0),
            Dir::W => (0, -1),
        }
    }
}

/// A square: level (0 for dungeon level 1), row and column packed in one byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq(pub u8);

impl Sq {
    /// The square on level `level` (0-based), `row` 0..6, `col` 0..8.
    #[inline]
    pub fn new(level: u8, row: u8, col: u8) -> Sq {
        debug_assert!(level < LEVELS && row < ROWS && col < COLS);
        Sq(level * LEVEL_SQUARES + row * COLS + col)
    }
    /// The dungeon level, 0-based (level 1 is 0).
    #[inline]
    pub fn level(self) -> u8 {
        self.0 / LEVEL_SQUARES
    }
    #[inline]
    pub fn row(self) -> u8 {
        self.0 % LEVEL_SQUARES / COLS
    }
    #[inline]
    pub fn col(self) -> u8 {
        self.0 % COLS
    }

    /// The neighbour in `d`; off a side of the board it is the square directly opposite
    /// on the same board (§1).
    #[inline]
    pub fn step(self, d: Dir) -> Sq {
        let (dr, dc) = d.delta();
        let r = (self.row() as i8 + dr).rem_euclid(ROWS as i8) as u8;
        let c = (self.col() as i8 + dc).rem_euclid(COLS as i8) as u8;
        Sq::new(self.level(), r, c)
    }

    /// The square `rows` ahead and `cols` to the right of this one, facing `facing`, if it is on
    /// the board (tiles never wrap: §7 "extend off the edge").
    fn offset(self, facing: Dir, rows: u8, cols: u8) -> Option<Sq> {
        let (ar, ac) = facing.delta();
        let (rr, rc) = facing.cw().delta();
        let r = self.row() as i8 + ar * rows as i8 + rr * cols as i8;
        let c = self.col() as i8 + ac * rows as i8 + rc * cols as i8;
        ((0..ROWS as i8).contains(&r) && (0..COLS as i8).contains(&c)).then(|| Sq::new(self.level(), r as u8, c as u8))
    }

    /// The same square one level down (`None` below level 4).
    #[inline]
    pub fn down(self, levels: u8) -> Option<Sq> {
        (self.level() + levels < LEVELS).then_some(Sq(self.0 + levels * LEVEL_SQUARES))
    }

    /// The same square one level up (`None` above level 1).
    #[inline]
    pub fn up(self) -> Option<Sq> {
        (self.level() > 0).then(|| Sq(self.0 - LEVEL_SQUARES))
    }
}

/// A door's state once its Door card is drawn (§7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoorState {
    /// No Door card drawn yet.
    Closed,
    Open,
    Locked,
    /// Open for this many coins a passage (the coin slot door).
    Toll(u16),
}

/// One side of a square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Edge {
    #[default]
    Wall,
    Open,
    /// An exit with a small white arrow: a 2×2 tile goes behind it.
    Arrow,
    Door(DoorState),
    /// A secret door found (§7).
    Secret,
}

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Laid {
    pub tile: u16,
    /// The square of the black arrow.
    pub origin: Sq,
    /// Where the black arrow points.
    pub facing: Dir,
    /// Monsters waiting in the room (§10: left there healed).
    pub monsters: [u8; MAX_FOES],
    pub n_monsters: u8,
    /// A chest waiting on the tile (§13).
    pub chest: ChestLeft,
    /// The Potion card of a fountain once someone drank from it (tile guide).
    pub fountain: Option<u16>,
    /// A Room card placed face down on a new room a giant fan blew someone through (tile
    /// guide); the next to enter the tile turns it and follows it (docs/rulings.md).
    pub face_down: Option<u16>,
}

/// A chest left on a tile (§13): a token for one nobody risked opening (the next to open it
/// draws a Chest card), or a locked chest's card, left for someone who can open locks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChestLeft {
    #[default]
    None,
    Token,
    Locked(u16),
}

impl Laid {
    /// The monsters waiting here.
    pub fn monsters(&self) -> &[u8] {
        &self.monsters[..self.n_monsters as usize]
    }
}

/// Tiles and squares of the four levels.
#[derive(Clone, Debug)]
pub struct Board {
    /// By square: the index in `laid` of its tile.
    tile_at: [u8; SQUARES],
    /// By square and [`Dir`].
    edges: [[Edge; 4]; SQUARES],
    laid: ArrayVec<Laid, SQUARES>,
}

/// The squares a tile covers, (column, row) in its frame with the square.
pub type Cover = ArrayVec<(u8, u8, Sq), 4>;

impl Board {
    pub fn new() -> Board {
        Board { tile_at: [NO_TILE; SQUARES], edges: [[Edge::Wall; 4]; SQUARES], laid: ArrayVec::new() }
    }

    /// Whether a tile lies on the square.
    #[inline]
    pub fn explored(&self, s: Sq) -> bool {
        self.tile_at[s.0 as usize] != NO_TILE
    }

    /// The index of the tile on a square.
    #[inline]
    pub fn tile_index(&self, s: Sq) -> Option<u8> {
        let t = self.tile_at[s.0 as usize];
        (t != NO_TILE).then_some(t)
    }

    /// The tile on a square.
    #[inline]
    pub fn laid_at(&self, s: Sq) -> Option<&Laid> {
        self.tile_index(s).map(|t| &self.laid[t as usize])
    }

    #[inline]
    pub fn laid_at_mut(&mut self, s: Sq) -> Option<&mut Laid> {
        let t = self.tile_index(s)?;
        Some(&mut self.laid[t as usize])
    }

    /// Every tile laid, in order.
    pub fn laid(&self) -> &[Laid] {
        &self.laid
    }

    /// A side of a square.
    #[inline]
    pub fn edge(&self, s: Sq, d: Dir) -> Edge {
        self.edges[s.0 as usize][d as usize]
    }

    #[inline]
    pub fn set_edge(&mut self, s: Sq, d: Dir, e: Edge) {
        self.edges[s.0 as usize][d as usize] = e;
    }

    /// Whether two squares are parts of one tile.
    #[inline]
    pub fn same_tile(&self, a: Sq, b: Sq) -> bool {
        self.explored(a) && self.tile_at[a.0 as usize] == self.tile_at[b.0 as usize]
    }

    /// The squares of a tile of `size` with its arrow on `origin` pointing `facing`, if every
    /// one is on the board and unexplored (§7).
    pub fn fits(&self, size: TileSize, origin: Sq, facing: Dir) -> Option<Cover> {
        let (cols, rows) = match size {
            TileSize::One => (1, 1),
            TileSize::OneByTwo => (1, 2),
            TileSize::TwoByTwo => (2, 2),
        };
        let mut out = Cover::new();
        for row in 0..rows {
            for col in 0..cols {
                let s = origin.offset(facing, row, col)?;
                if self.explored(s) {
                    return None;
                }
                out.push((col, row, s));
            }
        }
        Some(out)
    }

    /// Lays tile `tile` (its definition `def`) with its arrow on `origin` pointing `facing`;
    /// the caller has checked it [`Board::fits`].
    pub fn lay(&mut self, def: &TileDef, tile: u16, origin: Sq, facing: Dir) {
        let cover = self.fits(def.size, origin, facing).expect("the tile fits");
        let index = self.laid.len() as u8;
        for &(col, row, s) in &cover {
            self.tile_at[s.0 as usize] = index;
            let exits = def.exits[(row * 2 + col) as usize];
            for side in [Side::Back, Side::Ahead, Side::Left, Side::Right] {
                let e = match exits.get(side) {
                    None => Edge::Wall,
                    Some(ExitKind::Open) => Edge::Open,
                    Some(ExitKind::WhiteArrow) => Edge::Arrow,
                    // Tile guide: the locked door tile's door is locked from the start
                    // (docs/rulings.md).
                    Some(ExitKind::Door) if def.feature == Feature::LockedDoor => Edge::Door(DoorState::Locked),
                    Some(ExitKind::Door) => Edge::Door(DoorState::Closed),
                };
                self.edges[s.0 as usize][Dir::of_side(facing, side) as usize] = e;
            }
        }
        self.laid.push(Laid {
            tile,
            origin,
            facing,
            monsters: [0; MAX_FOES],
            n_monsters: 0,
            chest: ChestLeft::None,
            fountain: None,
            face_down: None,
        });
    }

    /// The squares of the tile on `s` (none if unexplored).
    pub fn squares_of(&self, rules: &ChaosRules, s: Sq) -> Cover {
        match self.laid_at(s) {
            Some(l) => self.fits_ignoring(rules.tiles[l.tile as usize].size, l.origin, l.facing),
            None => Cover::new(),
        }
    }

    fn fits_ignoring(&self, size: TileSize, origin: Sq, facing: Dir) -> Cover {
        let (cols, rows) = match size {
            TileSize::One => (1, 1),
            TileSize::OneByTwo => (1, 2),
            TileSize::TwoByTwo => (2, 2),
        };
        let mut out = Cover::new();
        for row in 0..rows {
            for col in 0..cols {
                if let Some(s) = origin.offset(facing, row, col) {
                    out.push((col, row, s));
                }
            }
        }
        out
    }

    /// The door of the passage from `s` towards `d`: the side that holds it (this one's first).
    pub fn door(&self, s: Sq, d: Dir) -> Option<(Sq, Dir, DoorState)> {
        let t = s.step(d);
        if let Edge::Door(st) = self.edge(s, d) {
            return Some((s, d, st));
        }
        if self.explored(t) {
            if let Edge::Door(st) = self.edge(t, d.opp()) {
                return Some((t, d.opp(), st));
            }
        }
        None
    }

    /// Sets the state of the door between `s` and its neighbour in `d`, on both sides that
    /// have one (a door is one door, whichever side it was drawn from).
    pub fn set_door(&mut self, s: Sq, d: Dir, st: DoorState) {
        let t = s.step(d);
        for (q, e) in [(s, d), (t, d.opp())] {
            if matches!(self.edge(q, e), Edge::Door(_)) {
                self.set_edge(q, e, Edge::Door(st));
            }
        }
    }

    /// Adds a monster to the room on `s`; `false` when the room is full (the card is then the
    /// caller's to discard).
    pub fn add_monster(&mut self, s: Sq, m: u8) -> bool {
        let Some(l) = self.laid_at_mut(s) else { return false };
        if (l.n_monsters as usize) < MAX_FOES {
            l.monsters[l.n_monsters as usize] = m;
            l.n_monsters += 1;
            true
        } else {
            false
        }
    }

    /// Washes away every tile of levels `from` and below but the entry tile (index 0), in
    /// place (the floodgates, tile guide); `gone` sees each tile taken off.
    pub fn wash(&mut self, from: u8, mut gone: impl FnMut(&Laid)) {
        let mut map = [NO_TILE; SQUARES];
        let mut kept = 0u8;
        let mut i = 0;
        self.laid.retain(|l| {
            let keep = i == 0 || l.origin.level() < from;
            if keep {
                map[i] = kept;
                kept += 1;
            } else {
                gone(l);
            }
            i += 1;
            keep
        });
        for s in 0..SQUARES {
            let t = self.tile_at[s];
            if t == NO_TILE {
                continue;
            }
            self.tile_at[s] = map[t as usize];
            if self.tile_at[s] == NO_TILE {
                self.edges[s] = [Edge::Wall; 4];
            }
        }
    }

    /// Takes every monster out of the room on `s`.
    pub fn take_monsters(&mut self, s: Sq) -> ArrayVec<u8, MAX_FOES> {
        let mut out = ArrayVec::new();
        if let Some(l) = self.laid_at_mut(s) {
            out.extend(l.monsters[..l.n_monsters as usize].iter().copied());
            l.n_monsters = 0;
        }
        out
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}
