//! Ways across the laid tiles: a breadth-first search over the squares from the character's
//! tile, through every side that is not a wall and whose door he can pass (closed doors
//! included: they are opened on the way; locked doors only with a key, toll doors only with
//! the coins), around tiles that hurt or carry him off and rooms where monsters wait (or
//! across most of those tiles, [`Hazards::Cross`], where no safe way leads), in fixed arrays
//! (nothing allocated). One search serves every question of a decision ([`Routes`]).

use dq_engine::dungeon_of_chaos::data::{Feature, TileSize};
use dq_engine::dungeon_of_chaos::game::board::{COLS, LEVEL_SQUARES, ROWS, SQUARES};
use dq_engine::dungeon_of_chaos::game::{DeckId, Dir, DoorState, Edge, Hero, Sq};
use dq_engine::dungeon_of_chaos::ChaosGame;

/// The neighbour of every square in every [`Dir`] (wrapping off a board's side as
/// [`Sq::step`] does): searches read it instead of dividing at every step.
const NEXT: [[Sq; 4]; SQUARES] = next_squares();

const fn next_squares() -> [[Sq; 4]; SQUARES] {
    let (rows, cols, level_squares) = (ROWS as usize, COLS as usize, (ROWS * COLS) as usize);
    let mut out = [[Sq(0); 4]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let (base, r, c) = (i - i % level_squares, i % level_squares / cols, i % cols);
        let (up, down, left, right) = ((r + rows - 1) % rows, (r + 1) % rows, (c + cols - 1) % cols, (c + 1) % cols);
        // In `Dir` order: north, east, south, west.
        out[i] = [
            Sq((base + up * cols + c) as u8),
            Sq((base + r * cols + right) as u8),
            Sq((base + down * cols + c) as u8),
            Sq((base + r * cols + left) as u8),
        ];
        i += 1;
    }
    out
}

/// The neighbour of `s` in `d` ([`Sq::step`] from a table).
#[inline]
pub fn step(s: Sq, d: Dir) -> Sq {
    NEXT[s.0 as usize][d as usize]
}

/// What the walker can pass: locked doors (a key held) and toll doors (coins held).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walker {
    pub keys: bool,
    pub gold: u32,
    /// He flies: slides and ice do not carry him.
    pub flies: bool,
    pub hazards: Hazards,
}

/// Which tiles a walk keeps off besides rooms where monsters wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hazards {
    /// Every hazard (fans, barriers, slides, ice, pits, ...): the walks of a level with a safe way.
    Avoid,
    /// Only falls (pits and chasms, still goals): the way across a level that hazards cut
    /// in two, taken when no safe way leads where he must go (town, stairs).
    Cross,
}

impl Walker {
    /// The character `h` of game `g`.
    pub fn of(g: &ChaosGame<'_>, h: &Hero) -> Walker {
        let rules = g.rules();
        let keys = h.working(rules).any(|i| rules.items[i as usize].opens_locks);
        Walker { keys, gold: h.gold, flies: g.flies_or_climbs(g.active()).0, hazards: Hazards::Avoid }
    }

    /// Whether the side of `s` towards `d` lets him out (the far side not checked).
    fn passes(self, g: &ChaosGame<'_>, s: Sq, d: Dir) -> bool {
        let b = g.board();
        // The door of the passage, this side's first ([`Board::door`] without its division).
        let door = match b.edge(s, d) {
            Edge::Wall => return false,
            Edge::Door(st) => Some(st),
            _ => {
                let t = step(s, d);
                match b.edge(t, d.opp()) {
                    Edge::Door(st) if b.explored(t) => Some(st),
                    _ => None,
                }
            }
        };
        match door {
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
pub fn can_lay(g: &ChaosGame<'_>, s: Sq, d: Dir) -> bool {
    let b = g.board();
    let sizes: &[TileSize] = match b.edge(s, d) {
        Edge::Arrow => &[TileSize::TwoByTwo, TileSize::OneByTwo, TileSize::One],
        Edge::Door(_) => &[TileSize::OneByTwo, TileSize::One],
        _ => &[TileSize::One],
    };
    sizes.iter().any(|&z| {
        let st = g.stock(DeckId::Tiles(z as u8));
        st.left() + st.discarded() > 0 && b.fits(z, step(s, d), d).is_some()
    })
}

/// Whether walks keep off the tile on `s` (explored): monsters wait there, or a [`hazard`].
pub fn avoided(g: &ChaosGame<'_>, s: Sq) -> bool {
    g.board().laid_at(s).is_some_and(|l| l.n_monsters > 0 || hazard(g.rules().tiles[l.tile as usize].feature))
}

/// Whether a walk by `w` heading `d` keeps off the tile on `s` (explored). Across hazards it
/// still keeps off falls, tiles that send him to a random square, and a slide against its
/// direction (it carries him back: a flier hovers over it).
fn kept_off(g: &ChaosGame<'_>, s: Sq, d: Dir, w: Walker) -> bool {
    match w.hazards {
        Hazards::Avoid => avoided(g, s),
        Hazards::Cross => g.board().laid_at(s).is_some_and(|l| {
            l.n_monsters > 0
                || match g.rules().tiles[l.tile as usize].feature {
                    Feature::Pit | Feature::Chasm | Feature::Teleporter | Feature::Pentagram => true,
                    Feature::Slide => !w.flies && l.facing != d,
                    _ => false,
                }
        }),
    }
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
    let first_sq = start.level() * LEVEL_SQUARES;
    for s in (first_sq..first_sq + LEVEL_SQUARES).map(Sq).filter(|&s| b.explored(s) && b.same_tile(s, start)) {
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
            let t = step(s, d);
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
            if !b.same_tile(s, t) && kept_off(g, t, d, w) {
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

/// Most visits of one search: each of a level's squares is dequeued once and looks four ways,
/// besides the start tile's squares.
const MAX_VISITS: usize = 4 * LEVEL_SQUARES as usize + 4;

/// One search from the character's tile, kept as the order it visited squares in: every
/// question of a decision (the way to a goal, the squares reached) reads it instead of
/// searching again, with the answers a search stopped at the first goal would give.
pub struct Routes {
    visits: [(Sq, Option<(Sq, Dir)>); MAX_VISITS],
    len: usize,
}

impl Routes {
    /// The search from the tile on `start` by `w`.
    pub fn new(g: &ChaosGame<'_>, start: Sq, w: Walker) -> Routes {
        let mut r = Routes { visits: [(Sq(0), None); MAX_VISITS], len: 0 };
        search(g, start, w, |t, step| {
            r.visits[r.len] = (t, step);
            r.len += 1;
            false
        });
        r
    }

    /// The first step (the exit of the character's tile: square and side) of a shortest walk
    /// to a square of another tile where `goal` holds; `unexplored` squares count as goals
    /// when `frontier` is set (a tile is laid there on arrival).
    pub fn first_step(&self, g: &ChaosGame<'_>, frontier: bool, goal: impl Fn(Sq) -> bool) -> Option<(Sq, Dir)> {
        let b = g.board();
        self.visits[..self.len]
            .iter()
            .find(|&&(t, step)| step.is_some() && if b.explored(t) { goal(t) } else { frontier })
            .and_then(|&(_, step)| step)
    }

    /// Whether any square reached (the start tile's included) is a goal: an unexplored one
    /// (a tile can be laid there), or an explored one where `goal` holds.
    pub fn any(&self, g: &ChaosGame<'_>, goal: impl Fn(Sq) -> bool) -> bool {
        let b = g.board();
        self.visits[..self.len].iter().any(|&(t, _)| !b.explored(t) || goal(t))
    }

    /// The explored squares reached, as a mask over all squares.
    pub fn reach(&self, g: &ChaosGame<'_>) -> [bool; SQUARES] {
        let mut out = [false; SQUARES];
        let b = g.board();
        for &(t, _) in &self.visits[..self.len] {
            out[t.0 as usize] = b.explored(t);
        }
        out
    }
}
