//! The game's stocks in fixed-size storage: card decks drawn from the top and returned to the
//! bottom, the Treasure counters' cup and the Dragon counters' stack.

use crate::core::rng::GameRng;

/// Most cards in one deck (the Room deck has 84).
pub const DECK_CAP: usize = 128;
/// Most Treasure counters (the box has 32; a bit each in a hero's `u32`).
pub const COUNTER_CAP: usize = 32;
/// Most Dragon counters.
pub const DRAGON_CAP: usize = 16;

/// A deck: card indices in a ring, drawn from the top, put back at the bottom (rulebook 7).
/// Cards a hero keeps are out of the ring until he returns them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardQueue {
    cards: [u8; DECK_CAP],
    head: u8,
    pub(super) len: u8,
    /// Cards from the top no one has seen since the deck was last shuffled: the cards put
    /// back at the bottom lie below them in an order everyone saw.
    pub(super) unseen: u8,
}

impl CardQueue {
    /// An empty deck.
    pub const EMPTY: CardQueue = CardQueue { cards: [0; DECK_CAP], head: 0, len: 0, unseen: 0 };

    /// Cards `0..n` in order (`n ≤ DECK_CAP`).
    pub fn fill(&mut self, n: usize) {
        let n = n.min(DECK_CAP);
        for (i, c) in self.cards.iter_mut().take(n).enumerate() {
            *c = i as u8;
        }
        self.head = 0;
        self.len = n as u8;
        self.unseen = n as u8;
    }

    /// Cards in the deck.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// The card `i` from the top.
    pub fn get(&self, i: usize) -> Option<u8> {
        (i < self.len as usize).then(|| self.cards[(self.head as usize + i) % DECK_CAP])
    }

    /// The top card, taken.
    pub fn draw(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        let c = self.cards[self.head as usize % DECK_CAP];
        self.head = ((self.head as usize + 1) % DECK_CAP) as u8;
        self.len -= 1;
        self.unseen = self.unseen.saturating_sub(1);
        Some(c)
    }

    /// Puts `card` at the bottom.
    pub fn put_bottom(&mut self, card: u8) {
        if self.len as usize >= DECK_CAP {
            return;
        }
        self.cards[(self.head as usize + self.len as usize) % DECK_CAP] = card;
        self.len += 1;
    }

    /// Shuffles the cards in the deck.
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        self.cards.rotate_left(self.head as usize % DECK_CAP);
        self.head = 0;
        self.unseen = self.len;
        rng.shuffle(&mut self.cards[..self.len as usize]);
    }

    /// Redraws the order of what `all_hidden` says is hidden: the whole deck, or only the
    /// cards no one has seen since its last shuffle (those put back lie below in a seen
    /// order). Put in card order first, so the result depends only on what is known and `rng`.
    pub fn resample(&mut self, all_hidden: bool, rng: &mut GameRng) {
        self.cards.rotate_left(self.head as usize % DECK_CAP);
        self.head = 0;
        let hidden = if all_hidden { self.len } else { self.unseen.min(self.len) } as usize;
        self.cards[..hidden].sort_unstable();
        rng.shuffle(&mut self.cards[..hidden]);
    }

    /// Moves `card` (in the deck) to the top: a test's stacked deck.
    pub fn lift(&mut self, card: u8) -> bool {
        self.cards.rotate_left(self.head as usize % DECK_CAP);
        self.head = 0;
        let n = self.len as usize;
        match self.cards[..n].iter().position(|&c| c == card) {
            Some(i) => {
                self.cards[..=i].rotate_right(1);
                true
            }
            None => false,
        }
    }
}

/// The Dragon counters: a face-down stack of the counters not set aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DragonStack {
    /// `true` for the fire-breathing Dragon; drawn from the end.
    pub(super) order: [bool; DRAGON_CAP],
    pub(super) left: u8,
    total: u8,
}

impl DragonStack {
    /// No counters.
    pub const EMPTY: DragonStack = DragonStack { order: [false; DRAGON_CAP], left: 0, total: 0 };

    /// All counters back in the stack, shuffled.
    pub fn gather(&mut self, asleep: u8, awake: u8, rng: &mut GameRng) {
        let total = (asleep as usize + awake as usize).min(DRAGON_CAP);
        for (i, c) in self.order.iter_mut().take(total).enumerate() {
            *c = i >= asleep as usize;
        }
        self.total = total as u8;
        self.left = total as u8;
        rng.shuffle(&mut self.order[..total]);
    }

    /// Counters in the stack.
    pub fn left(&self) -> u8 {
        self.left
    }

    /// Whether every counter is in the stack (none set aside).
    pub fn whole(&self) -> bool {
        self.left == self.total
    }

    /// The next counter turned over: `Some(true)` for the awake Dragon; a sleeping one is set
    /// aside. `None` when the stack is empty.
    pub fn draw(&mut self) -> Option<bool> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        Some(self.order[self.left as usize])
    }

    /// Redraws the order of the counters still in the stack (all face down), from their
    /// make-up and `rng` only.
    pub fn resample(&mut self, rng: &mut GameRng) {
        let n = self.left as usize;
        let awake = self.order[..n].iter().filter(|&&a| a).count();
        for (i, c) in self.order[..n].iter_mut().enumerate() {
            *c = i < awake;
        }
        rng.shuffle(&mut self.order[..n]);
    }

    /// Puts the counters `top` (first drawn first) on the stack's top: a test's stacking.
    pub fn stack(&mut self, top: &[bool]) {
        let n = self.left as usize;
        let awake = self.order[..n].iter().filter(|&&a| a).count();
        let want_awake = top.iter().filter(|&&a| a).count();
        let (mut a, mut s) = (awake.saturating_sub(want_awake), (n - awake).saturating_sub(top.len() - want_awake));
        let mut i = 0;
        while a + s > 0 {
            let awake = a > 0;
            self.order[i] = awake;
            if awake {
                a -= 1;
            } else {
                s -= 1;
            }
            i += 1;
        }
        for &t in top.iter().rev() {
            if i < DRAGON_CAP {
                self.order[i] = t;
                i += 1;
            }
        }
        self.left = i as u8;
    }
}
