//! Noticing when a hero goes in circles: the spaces his last moves led to, and the
//! spaces to keep away from for a while once they turned out to be a circle.
//!
//! Why: the planner follows the cheapest known way to its goal, and some boards make that way
//! a loop the plan cannot see: a hall whose door or portcullis turns the hero back, a rotating
//! chamber, a dark chamber whose die drops the hero back where he came from, a monster room
//! he escapes from and walks back into (issue 24: ping-pong to sunset, G=66; 21 bounces off a
//! dark chamber, G=376154; seven round trips into one monster room, G=224299). A player
//! notices that he is getting nowhere and tries another way.
//!
//! Fixed arrays only: noted at every action, so nothing is allocated in a game.

use dq_engine::Cell;

/// Moves looked back over.
const WINDOW: usize = 4;
/// At most this many different spaces in the window, with nothing gained, is a circle.
const FEW: usize = 2;
/// Moves the spaces of a circle are kept away from, once noticed.
const AVOID_FOR: u8 = 8;

/// The spaces the hero's last moves led to since his last gain, and the spaces he keeps away
/// from.
#[derive(Clone, Debug)]
pub(crate) struct Circles {
    /// The spaces the last moves led to, a ring (`len` of them, the next at `next`).
    cells: [Cell; WINDOW],
    len: u8,
    next: u8,
    /// What the hero had at the last action (see [`Circles::note`]): a change is a gain.
    worth: u64,
    /// The spaces of the last circle noticed (`avoid_len` of them), kept away from for
    /// `avoid_left` more moves.
    avoid: [Cell; WINDOW],
    avoid_len: u8,
    avoid_left: u8,
}

impl Default for Circles {
    fn default() -> Circles {
        Circles { cells: [0; WINDOW], len: 0, next: 0, worth: 0, avoid: [0; WINDOW], avoid_len: 0, avoid_left: 0 }
    }
}

impl Circles {
    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        *self = Circles::default();
    }

    /// Notes a move to `pos` with `worth` in hand (any number that changes when the hero gains
    /// gold or cards). Returns whether the last moves went in a circle: then its spaces are
    /// kept away from for a while, and the window starts afresh.
    pub(crate) fn note(&mut self, pos: Cell, worth: u64) -> bool {
        if worth != self.worth {
            self.worth = worth;
            self.len = 0;
            self.avoid_left = 0;
        }
        self.avoid_left = self.avoid_left.saturating_sub(1);
        self.cells[usize::from(self.next)] = pos;
        self.next = ((usize::from(self.next) + 1) % WINDOW) as u8;
        self.len = (self.len + 1).min(WINDOW as u8);
        if usize::from(self.len) < WINDOW {
            return false;
        }
        let mut seen = [0 as Cell; WINDOW];
        let mut n = 0;
        for &c in &self.cells {
            if !seen[..n].contains(&c) {
                seen[n] = c;
                n += 1;
            }
        }
        if n > FEW {
            return false;
        }
        self.avoid = seen;
        self.avoid_len = n as u8;
        self.avoid_left = AVOID_FOR;
        self.len = 0;
        true
    }

    /// Whether the hero is keeping away from a circle now.
    pub(crate) fn breaking_out(&self) -> bool {
        self.avoid_left > 0
    }

    /// Whether `c` is a space of the circle being kept away from.
    pub(crate) fn avoids(&self, c: Cell) -> bool {
        self.breaking_out() && self.avoid[..usize::from(self.avoid_len)].contains(&c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ping_pong_without_gain_is_a_circle_and_a_gain_forgets_it() {
        let mut c = Circles::default();
        let notes: Vec<bool> = (0..WINDOW).map(|i| c.note(10 + (i % 2) as Cell, 7)).collect();
        assert_eq!(notes.iter().filter(|&&x| x).count(), 1);
        assert!(notes[WINDOW - 1]);
        assert!(c.breaking_out() && c.avoids(10) && c.avoids(11) && !c.avoids(12));
        // A gain ends the breaking out.
        c.note(12, 8);
        assert!(!c.breaking_out());
    }

    #[test]
    fn walking_on_is_no_circle() {
        let mut c = Circles::default();
        for i in 0..40 {
            assert!(!c.note(i as Cell, 0), "action {i}");
        }
        // Three spaces in turn, nothing gained: no circle at FEW = 2.
        for i in 0..40 {
            assert!(!c.note(50 + (i % 3) as Cell, 0), "action {i}");
        }
    }

    #[test]
    fn the_circle_is_kept_away_from_for_a_while() {
        let mut c = Circles::default();
        for i in 0..WINDOW {
            c.note(3 + (i % 2) as Cell, 0);
        }
        for i in 0..AVOID_FOR - 1 {
            assert!(c.avoids(3));
            c.note(20 + i as Cell, 0);
        }
        c.note(40, 0);
        assert!(!c.avoids(3));
    }
}
