//! What one seat's heuristic remembers between its decisions: the tiles it stood on lately
//! and the levels it stood on this turn. One-step rules that each looked right from where the
//! character stood sent him back and forth between two tiles (a wall worth searching seen from
//! one, a staircase from the other) or up and down one staircase until the round limit; with
//! the memory a walk does not head back to a tile just left, and a turn does not go back to a
//! level it left (docs/bots.md, "Games that end").

use dq_engine::dungeon_of_chaos::game::board::Board;
use dq_engine::dungeon_of_chaos::game::Sq;

/// Tiles remembered: a walk's goals skip the last this many tiles stood on.
pub const TRAIL: usize = 12;

/// One seat's memory, fixed storage (nothing allocated), forgotten at each new game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    /// Laid-tile indexes ([`Board::tile_index`]) of the last tiles stood on at a movement
    /// decision, a ring; `None` where nothing is remembered yet.
    trail: [Option<u8>; TRAIL],
    next: usize,
    /// The same tiles as a set, bit `t` for tile `t` (walks ask it at every square).
    on_trail: [u64; 4],
    /// The seat's turn (its turn count) the levels are of.
    turn: u16,
    /// Levels stood on during that turn, bit `l` for 0-based level `l`.
    levels: u8,
    /// The last movement decision was a step towards monsters waiting in a room.
    hunting: bool,
    /// The last level change answered this turn: from this square, up (`true`) or down.
    change: Option<(Sq, bool)>,
    /// Level changes that left him on the level he left or beyond it the other way (a slide
    /// into a pit, a springboard, a teleporter): from this square, up or down; a ring.
    bounced: [Option<(Sq, bool)>; BOUNCES],
    next_bounce: usize,
}

/// Level changes remembered as going nowhere.
const BOUNCES: usize = 4;

impl Memory {
    /// Forgets everything (a new game).
    pub fn forget(&mut self) {
        *self = Memory::default();
    }

    /// Notes the square `at` stood on at a movement decision of the seat's turn `turn`. Noting
    /// the same position twice changes nothing (a search's copies may ask again).
    pub fn note(&mut self, board: &Board, at: Sq, turn: u16) {
        // A level change is judged at the next position noted in the same turn (town, a
        // death or the turn's end in between tell nothing), elsewhere than where it was
        // answered: the same decision asked again (a search's copy) is no bounce, and the
        // bounces back onto the same square (a springboard, a pit) are seen from the board.
        let change = self.change.take().filter(|&(from, _)| turn == self.turn && from != at);
        if turn != self.turn {
            self.turn = turn;
            self.levels = 0;
        }
        self.levels |= 1 << at.level();
        if let Some((from, up)) = change {
            let went = if up { at.level() < from.level() } else { at.level() > from.level() };
            if !went && !self.bounced.contains(&Some((from, up))) {
                self.bounced[self.next_bounce] = Some((from, up));
                self.next_bounce = (self.next_bounce + 1) % BOUNCES;
            }
        }
        let Some(tile) = board.tile_index(at) else { return };
        let last = self.trail[(self.next + TRAIL - 1) % TRAIL];
        if last != Some(tile) {
            self.trail[self.next] = Some(tile);
            self.next = (self.next + 1) % TRAIL;
            self.on_trail = [0; 4];
            for t in self.trail.iter().flatten() {
                self.on_trail[usize::from(t / 64)] |= 1 << (t % 64);
            }
        }
    }

    /// Notes whether the last movement decision went for monsters waiting in a room.
    pub fn set_hunting(&mut self, hunting: bool) {
        self.hunting = hunting;
    }

    /// Whether the last movement decision went for monsters waiting in a room (the fight
    /// that follows is one he chose).
    pub fn hunting(&self) -> bool {
        self.hunting
    }

    /// Notes a level change answered from `from`, up or down (`up`): the next position noted
    /// tells whether it went anywhere.
    pub fn changing(&mut self, from: Sq, up: bool) {
        self.change = Some((from, up));
    }

    /// Whether going up (`up`) or down from `s` went nowhere before.
    pub fn bounced(&self, s: Sq, up: bool) -> bool {
        self.bounced.contains(&Some((s, up)))
    }

    /// Whether the tile on `s` is one of the last tiles stood on.
    pub fn stood_on(&self, board: &Board, s: Sq) -> bool {
        board.tile_index(s).is_some_and(|t| self.on_trail[usize::from(t / 64)] & (1 << (t % 64)) != 0)
    }

    /// Whether level `level` (0-based) was stood on during the seat's turn `turn`.
    pub fn left_this_turn(&self, level: u8, turn: u16) -> bool {
        self.turn == turn && self.levels & (1 << level) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dq_engine::dungeon_of_chaos::game::Dir;
    use dq_engine::dungeon_of_chaos::ChaosRules;

    /// A board with a 1×1 corridor on each of the first `n` squares of level 1's top row.
    fn board(n: u8) -> Board {
        let rules = ChaosRules::standard();
        let id = rules.tile_names.iter().position(|x| x == "Crossroads").unwrap();
        let mut b = Board::new();
        for c in 0..n {
            b.lay(&rules.tiles[id], id as u16, Sq::new(0, 0, c), Dir::N);
        }
        b
    }

    #[test]
    fn the_trail_keeps_the_last_tiles_stood_on() {
        let b = board(8);
        let mut m = Memory::default();
        assert!(!m.stood_on(&b, Sq::new(0, 0, 0)));
        m.note(&b, Sq::new(0, 0, 0), 1);
        // Noting the same square again (a search's copy asking again) adds nothing.
        for _ in 0..TRAIL {
            m.note(&b, Sq::new(0, 0, 1), 1);
        }
        assert!(m.stood_on(&b, Sq::new(0, 0, 0)) && m.stood_on(&b, Sq::new(0, 0, 1)));
        assert!(!m.stood_on(&b, Sq::new(0, 0, 2)), "never stood on");
        // Unexplored squares are no tile: never remembered.
        assert!(!m.stood_on(&b, Sq::new(0, 3, 3)));
        // After TRAIL other tiles the first is forgotten.
        for i in 0..TRAIL {
            m.note(&b, Sq::new(0, 0, 2 + (i % 6) as u8), 1);
            m.note(&b, Sq::new(0, 0, 1), 1);
        }
        assert!(!m.stood_on(&b, Sq::new(0, 0, 0)));
        m.forget();
        assert_eq!(m, Memory::default());
    }

    #[test]
    fn levels_are_remembered_for_the_turn_they_were_stood_on() {
        let b = board(1);
        let mut m = Memory::default();
        m.note(&b, Sq::new(0, 0, 0), 4);
        m.note(&b, Sq::new(1, 2, 2), 4);
        assert!(m.left_this_turn(0, 4) && m.left_this_turn(1, 4) && !m.left_this_turn(2, 4));
        assert!(!m.left_this_turn(0, 5), "another turn");
        m.note(&b, Sq::new(2, 0, 0), 5);
        assert!(!m.left_this_turn(0, 5) && m.left_this_turn(2, 5));
    }

    #[test]
    fn a_level_change_that_lands_on_the_level_left_went_nowhere() {
        let b = board(1);
        let stairs = Sq::new(1, 0, 0);
        let mut m = Memory::default();
        m.note(&b, stairs, 3);
        m.changing(stairs, true);
        // Up and down again in the same move (a slide into a pit): back on level 2.
        m.note(&b, Sq::new(1, 0, 1), 3);
        assert!(m.bounced(stairs, true) && !m.bounced(stairs, false));
        // Down from elsewhere that went down is no bounce; neither is one judged next turn.
        let other = Sq::new(1, 3, 3);
        m.changing(other, false);
        m.note(&b, Sq::new(2, 3, 3), 3);
        assert!(!m.bounced(other, false));
        m.changing(other, false);
        m.note(&b, other, 4);
        assert!(!m.bounced(other, false), "a new turn tells nothing");
        m.changing(stairs, false);
        m.note(&b, stairs, 4);
        assert!(!m.bounced(stairs, false), "the same decision asked again");
    }
}
