//! Ways across the laid tiles: a breadth-first search over the squares from the character's
//! tile, through every side that is not a wall and whose door he can pass (closed doors
//! included: they are opened on the way; locked doors only with a key, toll doors only with
//! the coins), around tiles that hurt or carry him off and rooms where monsters wait, in
//! fixed arrays (nothing allocated).

use dq_engine::dungeon_of_chaos::data::{Feature, TileSize};
use dq_engine::dungeon_of_chaos::game::board::SQUARES;
use dq_engine::dungeon_of_chaos::game::{DeckId, Dir, DoorState, Edge, Hero, Sq};
use dq_engine::dungeon_of_chaos::ChaosGame;

/// What the walker can pass: locked doors (a key held) and toll doors (coins held).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walker {
    pub keys: bool,
    pub gold: u32,
}

impl Walker {
    /// The character `h` of game `g`.
    pub fn of(g: &ChaosGame<'_>, h: &Hero) -> Walker {
        let rules = g.rules();
        Walker { keys: h.working(rules).any(|i| rules.items[i as usize].opens_locks), gold: h.gold }
    }

    /// Whether the side of `s` towards `d` lets him out (the far side not checked).
    fn passes(self, g: &ChaosGame<'_>, s: Sq, d: Dir) -> bool {
        let b = g.board();
        if b.edge(s, d) == Edge::Wall {
            return false;
        }
        match b.door(s, d).map(|x| x.2) {
            Some(DoorState::Locked) => self.keys,
            Some(DoorState::Toll(n)) => self.gold >= u32::from(n),
            _ => true,
        }
    }
}

/// Whether a walk should keep off a tile with this feature: it hurts (a fan's side, a
/// barrier), carries him off (fans, slides, ice, pits, chasms, teleports, a springboard) or
/// picks his exit for him (a dark room). Walking onto one over and over was how a bot lost
/// 10 Health a turn to the same fan until it went to town, round after round.
fn hazard(f: Feature) -> bool {
    matches!(
        f,
        Feature::GiantFan
            | Feature::MagicalBarrier
            | Feature::Teleporter
            | Feature::Pentagram
            | Feature::Dark
            | Feature::Pit
            | Feature::Chasm
            | Feature::Slide
            | Feature::Ice
            | Feature::Springboard
    )
}

/// Whether a tile can be laid behind the exit of `s` towards `d` (an unexplored square):
/// the sizes the exit takes (§7: behind a white arrow 2×2, else 1×2, else 1×1; behind a door
/// 1×2, else 1×1; else 1×1) with a card left in their deck or its discards. Once the 1×1
/// deck is used up, most of the unexplored squares can no longer be entered.
fn can_lay(g: &ChaosGame<'_>, s: Sq, d: Dir) -> bool {
    let b = g.board();
    let sizes: &[TileSize] = match b.edge(s, d) {
        Edge::Arrow => &[TileSize::TwoByTwo, TileSize::OneByTwo, TileSize::One],
        Edge::Door(_) => &[TileSize::OneByTwo, TileSize::One],
        _ => &[TileSize::One],
    };
    sizes.iter().any(|&z| {
        let st = g.stock(DeckId::Tiles(z as u8));
        st.left() + st.discarded() > 0 && b.fits(z, s.step(d), d).is_some()
    })
}

/// Whether walks keep off the tile on `s` (explored): monsters wait there, or a [`hazard`].
pub fn avoided(g: &ChaosGame<'_>, s: Sq) -> bool {
    g.board().laid_at(s).is_some_and(|l| l.n_monsters > 0 || hazard(g.rules().tiles[l.tile as usize].feature))
}

/// The breadth-first search from the tile on `start`: calls `visit(square, first step)` for
/// each square reached (the start tile's own squares with no first step) and for each
/// unexplored square behind a passable exit, stopping when it returns `true`.
fn search(g: &ChaosGame<'_>, start: Sq, w: Walker, mut visit: impl FnMut(Sq, Option<(Sq, Dir)>) -> bool) {
    let b = g.board();
    let mut first: [Option<(Sq, Dir)>; SQUARES] = [None; SQUARES];
    let mut seen = [false; SQUARES];
    let mut queue = [Sq(0); SQUARES];
    let (mut head, mut tail) = (0usize, 0usize);
    let level = start.level();
    for s in (0..SQUARES as u8).map(Sq).filter(|&s| s.level() == level && b.explored(s) && b.same_tile(s, start)) {
        seen[s.0 as usize] = true;
        queue[tail] = s;
        tail += 1;
        if visit(s, None) {
            return;
        }
    }
    while head < tail {
        let s = queue[head];
        head += 1;
        for d in Dir::ALL {
            let t = s.step(d);
            if seen[t.0 as usize] || !w.passes(g, s, d) {
                continue;
            }
            let step = first[s.0 as usize].or(Some((s, d)));
            if !b.explored(t) {
                if can_lay(g, s, d) && visit(t, step) {
                    return;
                }
                continue;
            }
            if b.edge(t, d.opp()) == Edge::Wall {
                continue;
            }
            if !b.same_tile(s, t) && avoided(g, t) {
                // A pit is still a way down and monsters are treasure (goals, never ways
                // through).
                let goal = b
                    .laid_at(t)
                    .is_some_and(|l| l.n_monsters > 0 || g.rules().tiles[l.tile as usize].feature == Feature::Pit);
                if goal && visit(t, step) {
                    return;
                }
                continue;
            }
            seen[t.0 as usize] = true;
            first[t.0 as usize] = if b.same_tile(s, t) { first[s.0 as usize] } else { step };
            if visit(t, first[t.0 as usize]) {
                return;
            }
            queue[tail] = t;
            tail += 1;
        }
    }
}

/// The first step (the exit of the character's tile: square and side) of a shortest walk from
/// the tile on `start` to a square of another tile where `goal` holds; `unexplored` squares
/// count as goals when `frontier` is set (a tile is laid there on arrival).
pub fn first_step(
    g: &ChaosGame<'_>,
    start: Sq,
    w: Walker,
    frontier: bool,
    goal: impl Fn(Sq) -> bool,
) -> Option<(Sq, Dir)> {
    let b = g.board();
    let mut found = None;
    search(g, start, w, |t, step| {
        let hit = step.is_some() && if b.explored(t) { goal(t) } else { frontier };
        if hit {
            found = step;
        }
        hit
    });
    found
}

/// The squares reachable from the tile on `start` (by `w`), as a mask over all squares.
pub fn reach(g: &ChaosGame<'_>, start: Sq, w: Walker) -> [bool; SQUARES] {
    let mut out = [false; SQUARES];
    let b = g.board();
    search(g, start, w, |t, _| {
        out[t.0 as usize] = b.explored(t);
        false
    });
    out
}
