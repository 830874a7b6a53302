//! The decks in play (§2): a draw pile and its discards in one fixed array, the discards
//! shuffled into a new draw pile when it runs out.

use crate::core::rng::GameRng;

/// Most physical cards in one deck.
pub const STOCK_CAP: usize = 128;

/// One deck: `cards[..draw]` the draw pile (top last), `cards[draw..draw + discards]` the
/// discards. Cards held by players or lying on the board are in neither.
#[derive(Clone, Copy, Debug)]
pub struct Stock {
    cards: [u16; STOCK_CAP],
    draw: u8,
    discards: u8,
}

impl Stock {
    /// A deck of these cards, shuffled.
    pub fn new(cards: &[u16], rng: &mut GameRng) -> Stock {
        let mut s = Stock { cards: [0; STOCK_CAP], draw: cards.len() as u8, discards: 0 };
        s.cards[..cards.len()].copy_from_slice(cards);
        rng.shuffle(&mut s.cards[..cards.len()]);
        s
    }

    /// Cards in the draw pile.
    pub fn left(&self) -> usize {
        self.draw as usize
    }

    /// Cards in the discards.
    pub fn discarded(&self) -> usize {
        self.discards as usize
    }

    /// Every card in the draw pile and the discards (for the count of cards).
    pub fn cards(&self) -> &[u16] {
        &self.cards[..self.draw as usize + self.discards as usize]
    }

    /// The top card, the discards shuffled into a new pile first when the pile is empty
    /// (§2); `None` when both are empty.
    pub fn draw(&mut self, rng: &mut GameRng) -> Option<u16> {
        if self.draw == 0 {
            if self.discards == 0 {
                return None;
            }
            rng.shuffle(&mut self.cards[..self.discards as usize]);
            self.draw = self.discards;
            self.discards = 0;
        }
        let top = self.draw as usize - 1;
        let card = self.cards[top];
        // The last discard fills the hole, so the discards stay right after the pile.
        self.cards[top] = self.cards[top + self.discards as usize];
        self.draw -= 1;
        Some(card)
    }

    /// A card onto the discards.
    pub fn discard(&mut self, card: u16) {
        let at = self.draw as usize + self.discards as usize;
        debug_assert!(at < STOCK_CAP);
        if at < STOCK_CAP {
            self.cards[at] = card;
            self.discards += 1;
        }
    }

    /// Puts a card of the draw pile on top, the cards above it moving down one (test
    /// set-ups stack several); `false` if it is not in the pile.
    pub fn put_on_top(&mut self, card: u16) -> bool {
        let pile = &mut self.cards[..self.draw as usize];
        match pile.iter().rposition(|&c| c == card) {
            Some(i) => {
                pile[i..].rotate_left(1);
                true
            }
            None => false,
        }
    }

    /// Shuffles a card back into the draw pile (§3: the profiles not chosen).
    pub fn shuffle_in(&mut self, card: u16, rng: &mut GameRng) {
        let (d, x) = (self.draw as usize, self.discards as usize);
        if d + x >= STOCK_CAP {
            return;
        }
        self.cards[d + x] = self.cards[d];
        self.cards[d] = card;
        self.draw += 1;
        rng.shuffle(&mut self.cards[..d + 1]);
    }

    /// Takes a card out of the draw pile (a test set-up's cards in hand or on the board);
    /// `false` if it is not there.
    pub fn take(&mut self, card: u16) -> bool {
        if !self.put_on_top(card) {
            return false;
        }
        let top = self.draw as usize - 1;
        self.cards[top] = self.cards[top + self.discards as usize];
        self.draw -= 1;
        true
    }

    /// The draw pile put in a canonical order and shuffled (a resampled game's unknown order).
    pub fn resample(&mut self, rng: &mut GameRng) {
        let pile = &mut self.cards[..self.draw as usize];
        pile.sort_unstable();
        rng.shuffle(pile);
    }
}
