//! Ways across the laid tiles: a breadth-first search over the squares from the character's
//! tile, through every side that is not a wall (closed doors included: they are opened on the
//! way), in fixed arrays (nothing allocated).

use dq_engine::dungeon_of_chaos::game::board::SQUARES;
use dq_engine::dungeon_of_chaos::game::{Dir, Edge, Sq};
use dq_engine::dungeon_of_chaos::ChaosGame;

/// The first step (the exit of the character's tile: square and side) of a shortest walk from
/// the tile on `start` to a square where `goal` holds; `unexplored` squares count as goals
/// when `frontier` is set (a tile is laid there on arrival).
pub fn first_step(g: &ChaosGame<'_>, start: Sq, frontier: bool, goal: impl Fn(Sq) -> bool) -> Option<(Sq, Dir)> {
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
    }
    while head < tail {
        let s = queue[head];
        head += 1;
        for d in Dir::ALL {
            let t = s.step(d);
            if seen[t.0 as usize] || b.edge(s, d) == Edge::Wall {
                continue;
            }
            let step = first[s.0 as usize].or(Some((s, d)));
            if !b.explored(t) {
                if frontier {
                    return step;
                }
                continue;
            }
            if b.edge(t, d.opp()) == Edge::Wall {
                continue;
            }
            seen[t.0 as usize] = true;
            first[t.0 as usize] = if b.same_tile(s, t) { first[s.0 as usize] } else { step };
            if goal(t) && !b.same_tile(t, start) {
                return first[t.0 as usize];
            }
            queue[tail] = t;
            tail += 1;
        }
    }
    None
}
