//! Scenario control for tests, examples and replays: stacking decks, fixing dice, laying
//! tiles, and checking that no card was lost. This reveals and changes hidden information;
//! bots must not use it.

use super::*;
use crate::dungeonquest::board::Dir;

impl<'r> Game<'r> {
    /// Puts these cards on top of their deck, the first one on top. Each card must be in its
    /// deck's draw or discard pile.
    pub fn stack_deck(&mut self, cards: &[CardId]) {
        for &card in cards.iter().rev() {
            let deck = self.rules.card(card).deck;
            let r = self.rules.decks[deck as usize];
            let (first, len) = (r.first as usize, r.len as usize);
            let d = self.decks.draw[deck as usize] as usize;
            let k = self.decks.discard[deck as usize] as usize;
            if let Some(i) = self.decks.slots[first..first + d].iter().position(|&c| c == card) {
                self.decks.slots.copy_within(first + i + 1..first + d, first + i);
                self.decks.slots[first + d - 1] = card;
            } else if let Some(i) = self.decks.slots[first + len - k..first + len].iter().position(|&c| c == card) {
                let at = first + len - k + i;
                self.decks.slots.copy_within(first + len - k..at, first + len - k + 1);
                self.decks.discard[deck as usize] -= 1;
                self.decks.slots[first + d] = card;
                self.decks.draw[deck as usize] += 1;
            }
        }
        self.refresh_legal();
    }

    /// The next dice rolled will show these values, in order.
    pub fn force_dice(&mut self, dice: &[u8]) {
        for &d in dice {
            let _ = self.chance.forced.try_push(d.clamp(1, 6));
        }
        self.refresh_legal();
    }

    /// The next chamber tiles drawn will be these (tile indices into `Rules::tiles`), first
    /// drawn first. Tiles already on the board are skipped.
    pub fn stack_tiles(&mut self, tiles: &[u8]) {
        for &t in tiles.iter().rev() {
            let n = self.tiles.left as usize;
            if let Some(i) = self.tiles.order[..n].iter().position(|&x| x == t) {
                self.tiles.order.copy_within(i + 1..n, i);
                self.tiles.order[n - 1] = t;
            }
        }
        self.refresh_legal();
    }

    /// Lays tile `t` on `c` with its entry arrow facing `arrow`, taking it from the stack.
    pub fn lay_tile(&mut self, c: Cell, t: u8, arrow: Dir) {
        let n = self.tiles.left as usize;
        if let Some(i) = self.tiles.order[..n].iter().position(|&x| x == t) {
            self.tiles.order.copy_within(i + 1..n, i);
            self.tiles.left -= 1;
            let rot = (arrow as u8 + 2) & 3;
            self.board[c as usize] = Space { tile: t + 1, rot, flags: 0, look: 0 };
            self.touch(c);
        }
        self.refresh_legal();
    }

    /// Moves a hero's figure (no effects).
    pub fn put_hero(&mut self, seat: u8, c: Cell) {
        let h = &mut self.heroes[seat as usize];
        h.pos = if crate::dungeonquest::board::is_treasure(c) { crate::dungeonquest::board::TREASURE[0] } else { c };
        h.part = 0;
        h.entry = 4;
        self.refresh_legal();
    }

    /// Sets a hero's wounds and determination tokens.
    pub fn set_hero_state(&mut self, seat: u8, wounds: u8, determination: u8) {
        let h = &mut self.heroes[seat as usize];
        h.wounds = wounds;
        h.determination = determination;
        self.refresh_legal();
    }

    /// Puts a card from its deck into a hero's play area.
    pub fn give_card(&mut self, seat: u8, card: CardId) {
        self.stack_deck(&[card]);
        let deck = self.rules.card(card).deck;
        if self.take_top(deck) == Some(card) {
            let rules = self.rules;
            let _ = self.heroes[seat as usize].held.try_push(rules, card);
        }
        self.refresh_legal();
    }

    /// Replaces a hero's runes with this one (taken from the rune deck or discard pile).
    pub fn give_rune(&mut self, seat: u8, card: CardId) {
        let old: ArrayVec<CardId, 4> = self.heroes[seat as usize].runes.take();
        for c in old {
            self.put_top(c);
        }
        self.stack_deck(&[card]);
        if self.take_top(Deck::Rune) == Some(card) {
            let rules = self.rules;
            self.heroes[seat as usize].runes.push(rules, card);
        }
        self.refresh_legal();
    }

    /// Kills a hero who is not the one taking his turn (cards to the discard piles, as on any
    /// death; Death Can Wait applies).
    pub fn kill_hero(&mut self, seat: u8) {
        if seat != self.active.get() {
            self.kill(seat, DeathCause::Card, &mut crate::dungeonquest::observer::NoObserver);
        }
        self.refresh_legal();
    }

    /// Sets the sun position.
    pub fn set_sun(&mut self, space: u8) {
        self.clock.sun = space.min(self.rules.sun_spaces);
        self.refresh_legal();
    }

    /// Sets or clears a monster token on a space.
    pub fn set_monster_token(&mut self, c: Cell, on: bool) {
        if on {
            self.board[c as usize].flags |= F_MONSTER;
            self.touch(c);
        } else {
            self.board[c as usize].flags &= !F_MONSTER;
            self.touch(c);
        }
        self.refresh_legal();
    }

    /// Checks that every card is in exactly one place, every tile is placed at most once, and
    /// every living hero has fewer wounds than his health. Returns what is wrong.
    pub fn check_invariants(&self) -> Result<(), String> {
        let rules = self.rules;
        for c in 0..CELLS as Cell {
            if self.board[c as usize].look != self.look_of(c) {
                return Err(format!(
                    "space {c}: cached look {} but the board shows {}",
                    self.board[c as usize].look,
                    self.look_of(c)
                ));
            }
        }
        let mut seen = [0u8; MAX_CARDS];
        let mut mark = |c: CardId, place: &str| -> Result<(), String> {
            let s = &mut seen[c as usize];
            *s += 1;
            if *s > 1 {
                return Err(format!("card {} ({}) is in two places, one of them {place}", c, rules.card(c).name));
            }
            Ok(())
        };
        for deck in Deck::ALL {
            let r = rules.decks[deck as usize];
            let (first, len) = (r.first as usize, r.len as usize);
            let d = self.decks.draw[deck as usize] as usize;
            let k = self.decks.discard[deck as usize] as usize;
            if d + k > len {
                return Err(format!("{} deck: {d} drawable + {k} discarded > {len}", deck.name()));
            }
            for &c in self.decks.slots[first..first + d].iter().chain(&self.decks.slots[first + len - k..first + len]) {
                if rules.card(c).deck != deck {
                    return Err(format!("card {c} sits in the {} deck", deck.name()));
                }
                mark(c, "a deck")?;
            }
        }
        for (seat, h) in self.seated().iter().enumerate() {
            for &c in h.held.iter().chain(&h.row).chain(&h.runes) {
                mark(c, "a hero")?;
            }
            let health = rules.hero(h.def).health;
            if h.in_game() && h.wounds >= health {
                return Err(format!("seat {seat} is alive with {} wounds of {health}", h.wounds));
            }
        }
        for &c in self.scratch.resolving.iter().chain(&self.scratch.cards) {
            mark(c, "resolution")?;
        }
        if self.combat.card != NO_CARD {
            mark(self.combat.card, "combat")?;
        }
        // Every card somewhere, except undealt runes, which stay in the rune deck.
        if let Some(i) = seen.iter().take(rules.cards.len()).position(|&s| s == 0) {
            return Err(format!("card {i} ({}) is nowhere", rules.cards[i].name));
        }
        let mut tiles = [0u8; MAX_TILES];
        for s in self.board.iter() {
            if s.tile != 0 {
                tiles[s.tile as usize - 1] += 1;
            }
        }
        for &t in &self.tiles.order[..self.tiles.left as usize] {
            tiles[t as usize] += 1;
        }
        if let Some(t) = tiles.iter().take(rules.tiles.len()).position(|&n| n > 1) {
            return Err(format!("tile {t} is placed twice"));
        }
        let placed = self.board.iter().filter(|s| s.tile != 0).count() + self.tiles.left as usize;
        if placed > rules.tiles.len() {
            return Err(format!("{placed} tiles in play of {}", rules.tiles.len()));
        }
        if rules.edition == Edition::Third {
            self.third_invariants()?;
        }
        Ok(())
    }
}
