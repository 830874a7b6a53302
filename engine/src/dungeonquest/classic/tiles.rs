//! The classic (1987) Room tiles and the Chamber of Darkness exit table: the schema of
//! `tiles.ron` and its compiled form.
//!
//! The tiles use the engine's own vocabulary ([`TileKind`], [`Side`], [`SideName`]) and compile
//! to the engine's [`TileDef`], so the board code that lays, turns and connects Revised tiles
//! serves the 1987 ones too. What differs is checked here: the 1987 cave-in is not split, the
//! box has no bridge or spider-web tile (docs/rulings.md, "Classic (1987)"), and "searchable"
//! follows the rulebook's list of rooms that may not be searched (5.2).

use serde::Deserialize;

use crate::dungeonquest::data::{Side, SideName, TileKind};
use crate::dungeonquest::rules::{err, far_parts, DataError, Source, TileDef, MAX_TILES};

/// One tile line: `count` identical tiles.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClassicTileLine {
    pub kind: TileKind,
    /// (top, right, bottom, left); the entry arrow is on the bottom side.
    pub sides: (Side, Side, Side, Side),
    #[serde(default = "crate::dungeonquest::data::one")]
    pub count: u8,
    /// Chasm tiles: the sides beyond (the part without the entry arrow).
    #[serde(default)]
    pub far: Vec<SideName>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// Where a Chamber of Darkness lets the hero out (reference sheet).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum DarkExit {
    /// The way he came in.
    Entry,
    /// The other exit (two exits).
    Other,
    /// The closest exit clockwise (three exits).
    Clockwise,
    /// The closest exit anticlockwise (three exits).
    Anticlockwise,
}

/// One line of a darkness table: D6 rolls `lo..=hi`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DarkLine {
    pub lo: u8,
    pub hi: u8,
    pub exit: DarkExit,
}

/// The Chamber of Darkness D6 tables, for two and three exits.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DarknessData {
    pub two_exits: Vec<DarkLine>,
    pub three_exits: Vec<DarkLine>,
}

/// `tiles.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClassicTilesFile {
    /// Tiles in all; the loader checks the lines add up to it.
    pub size: u16,
    pub tiles: Vec<ClassicTileLine>,
    pub darkness: DarknessData,
}

/// The compiled tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicTiles {
    /// Every tile of the box, in file order (what a game draws from).
    pub all: Vec<TileDef>,
    /// Chamber of Darkness exits by D6 roll − 1: two exits, three exits.
    pub darkness: [[DarkExit; 6]; 2],
}

impl ClassicTiles {
    /// The tiles a game draws from.
    pub fn drawn(&self) -> &[TileDef] {
        &self.all
    }

    /// Where a Chamber of Darkness with `exits` (2 or 3) lets the hero out on a D6 of `roll`.
    pub fn dark_exit(&self, exits: u8, roll: u8) -> DarkExit {
        self.darkness[usize::from(exits >= 3)][(roll.clamp(1, 6) - 1) as usize]
    }
}

/// Rooms the rulebook says may not be searched (5.2; towers and the treasure chamber are on
/// the board, not tiles).
pub fn searchable(kind: TileKind) -> bool {
    !matches!(
        kind,
        TileKind::RotatingChamber
            | TileKind::ChamberOfDarkness
            | TileKind::BottomlessPit
            | TileKind::TrapChamber
            | TileKind::Chasm
            | TileKind::Corridor
    )
}

/// Checks `tiles.ron` and compiles it.
pub fn compile_tiles(f: &ClassicTilesFile, src: Source<'_>) -> Result<ClassicTiles, DataError> {
    let mut all: Vec<TileDef> = Vec::new();
    for (i, td) in f.tiles.iter().enumerate() {
        let sides = [td.sides.0, td.sides.1, td.sides.2, td.sides.3];
        let here = |m: String| err(src, "kind:", i, format!("tile line {}: {m}", i + 1));
        if sides[2] == Side::Wall {
            return Err(here("the bottom side holds the entry arrow and must be open".into()));
        }
        if td.count == 0 {
            return Err(here("count must be at least 1".into()));
        }
        // Neither is described by the 1987 rulebook or reference sheet (docs/rulings.md).
        if matches!(td.kind, TileKind::Bridge | TileKind::SpiderWeb) {
            return Err(here(format!("the 1987 rules have no {:?} tile", td.kind)));
        }
        let part = far_parts(&td.far).map_err(|m| here(m.into()))?;
        // The 1987 cave-in is a roll next turn, not a split tile (reference sheet).
        let split = td.kind == TileKind::Chasm;
        if split == td.far.is_empty() {
            return Err(here(format!("{:?} tiles {} `far` sides", td.kind, if split { "need" } else { "have no" })));
        }
        let open = sides.iter().filter(|&&s| s != Side::Wall).count();
        if td.kind == TileKind::ChamberOfDarkness && !(2..=3).contains(&open) {
            return Err(here("a Chamber of Darkness has 2 or 3 exits (its D6 tables)".into()));
        }
        let walls = (0..4).filter(|&k| sides[k] == Side::Wall).fold(0u8, |m, k| m | 1 << k);
        let barriers =
            (0..4).filter(|&k| matches!(sides[k], Side::Door | Side::Portcullis)).fold(0u8, |m, k| m | 1 << k);
        let def = TileDef { kind: td.kind, sides, part, torch: searchable(td.kind), stairs: false, walls, barriers };
        for _ in 0..td.count {
            all.push(def);
        }
    }
    if all.len() != f.size as usize {
        return Err(err(src, "size:", 0, format!("the tile lines add up to {} but size: {}", all.len(), f.size)));
    }
    if all.len() > MAX_TILES || all.is_empty() {
        return Err(err(src, "size:", 0, format!("1 to {MAX_TILES} tiles in all")));
    }
    let two = dark_table(&f.darkness.two_exits, &[DarkExit::Entry, DarkExit::Other], src, 0)?;
    let three = dark_table(
        &f.darkness.three_exits,
        &[DarkExit::Entry, DarkExit::Clockwise, DarkExit::Anticlockwise],
        src,
        f.darkness.two_exits.len(),
    )?;
    Ok(ClassicTiles { all, darkness: [two, three] })
}

/// One darkness table: D6 lines covering 1-6 once, with the exits that table may name. `skip`
/// counts the `(lo:` lines before it in the file.
fn dark_table(
    lines: &[DarkLine],
    allowed: &[DarkExit],
    src: Source<'_>,
    skip: usize,
) -> Result<[DarkExit; 6], DataError> {
    let mut t = [None::<DarkExit>; 6];
    for (i, l) in lines.iter().enumerate() {
        let at = |m: String| err(src, "(lo:", skip + i, format!("darkness line {}-{}: {m}", l.lo, l.hi));
        if l.lo == 0 || l.hi > 6 || l.lo > l.hi {
            return Err(at("must lie within 1-6".into()));
        }
        if !allowed.contains(&l.exit) {
            return Err(at(format!("{:?} is not one of {allowed:?}", l.exit)));
        }
        for v in l.lo..=l.hi {
            if t[v as usize - 1].replace(l.exit).is_some() {
                return Err(at(format!("roll {v} is covered twice")));
            }
        }
    }
    let mut out = [DarkExit::Entry; 6];
    for (v, e) in t.iter().enumerate() {
        out[v] =
            e.ok_or_else(|| err(src, "darkness:", 0, format!("a darkness table does not cover roll {}", v + 1)))?;
    }
    Ok(out)
}
