//! Read-only views of the game: what a player at the table can see.
//!
//! Bots must decide from these (and the pending decision) only. Hidden information (deck
//! order, the monster card's life and escape penalty, the hero's secret combat card) is not
//! reachable from here; the scenario API that reveals it is for tests and replays.

use super::*;
use crate::dungeonquest::board::{is_tower, is_treasure, Dir};
use crate::dungeonquest::data::{Side, TileKind};

/// What a player sees of one board space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellView {
    pub explored: bool,
    pub tower: bool,
    pub treasure: bool,
    /// The tile kind, for tile spaces.
    pub kind: Option<TileKind>,
    /// Side by world direction (north, east, south, west).
    pub sides: [Side; 4],
    pub torch: bool,
    pub catacomb_entrance: bool,
    pub searched: bool,
    pub monster: bool,
}

/// What a player sees of one hero.
#[derive(Clone, Copy, Debug)]
pub struct HeroView<'g> {
    pub hero: u8,
    pub status: HeroStatus,
    /// Board space (meaningless unless on the board).
    pub pos: Cell,
    pub part: u8,
    pub wounds: u8,
    pub health: u8,
    pub determination: u8,
    /// The play area (loot and kept cards). Empty when `held_hidden`.
    pub held: &'g [CardId],
    /// Cloak and Dagger: another hero's play area is face down to the player deciding now;
    /// only its number of loot cards ([`Game::loot_cards`]) is known.
    pub held_hidden: bool,
    pub runes: &'g [CardId],
    pub row: &'g [CardId],
    pub marker: Cell,
    pub marker_dir: Dir,
    pub lost_turns: u8,
    pub stats: HeroStats,
}

impl<'r> Game<'r> {
    /// Number of heroes.
    pub fn seats(&self) -> u8 {
        self.seats
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> u8 {
        self.active.get()
    }

    /// The first player (who moves the sun).
    pub fn first_player(&self) -> u8 {
        self.first
    }

    /// Current round (1 for the first).
    pub fn round(&self) -> u16 {
        self.clock.round
    }

    /// Sun track space (0 = start).
    pub fn sun(&self) -> u8 {
        self.clock.sun
    }

    /// Whether the game ended by sunset.
    pub fn sun_has_set(&self) -> bool {
        self.clock.sunset
    }

    /// Chamber tiles not yet placed.
    pub fn tiles_left(&self) -> u8 {
        self.tiles.left
    }

    /// Cards left to draw in a deck.
    pub fn deck_len(&self, deck: Deck) -> u16 {
        self.decks.draw[deck as usize]
    }

    /// The face-up discard pile of a deck, oldest first.
    pub fn discard_pile(&self, deck: Deck) -> impl Iterator<Item = CardId> + '_ {
        let r = self.rules.decks[deck as usize];
        let k = self.decks.discard[deck as usize] as usize;
        let end = (r.first + r.len) as usize;
        self.decks.slots[end - k..end].iter().rev().copied()
    }

    /// One space as the players see it.
    pub fn cell(&self, c: Cell) -> CellView {
        let s = self.board[c as usize];
        let explored = self.explored(c);
        let tile = self.tile_at(c);
        let sides = if explored { Dir::ALL.map(|d| self.side_at(c, d)) } else { [Side::Wall; 4] };
        CellView {
            explored,
            tower: is_tower(c),
            treasure: is_treasure(c),
            kind: tile.map(|t| t.kind),
            sides,
            torch: tile.is_some_and(|t| t.torch),
            catacomb_entrance: self.has_catacomb_entrance(c),
            searched: s.flags & F_SEARCHED != 0,
            monster: s.flags & F_MONSTER != 0,
        }
    }

    /// The space reached through a hall of an explored space, if open (unexplored spaces count
    /// while tiles remain). Path finding in bots builds on this.
    pub fn neighbour(&self, c: Cell, d: Dir) -> Option<Cell> {
        if !self.explored(c) {
            return None;
        }
        self.link(c, d)
    }

    /// Cloak and Dagger (2010): "When Heroes gain Loot, the cards are placed facedown …
    /// Other players may still count how many Loot cards a Hero has." While a decision is
    /// pending, a hero's loot is hidden from every other seat (the one deciding is the one
    /// looking); before the winner is worked out the cards are turned up.
    ///
    /// Adaptation (Revised): a hero's kept cards are one play area in the engine, so the whole
    /// play area is face down to others, non-loot kept cards (potions, curses) included; no
    /// policy reads another hero's kept cards, so nothing is lost.
    pub fn held_hidden(&self, seat: u8) -> bool {
        self.variant.cloak_and_dagger && !self.over && self.pending.is_some_and(|d| d.seat != seat)
    }

    /// The gold of a hero's loot as the player now deciding may know it: `None` when Cloak and
    /// Dagger hides it. Policies read gold through this; [`Game::gold`] is the scoring count.
    pub fn gold_seen(&self, seat: u8) -> Option<u32> {
        (!self.held_hidden(seat)).then(|| self.gold(seat))
    }

    /// One hero as the players see him (under Cloak and Dagger, as the player deciding now
    /// sees him: see [`Game::held_hidden`]).
    pub fn hero(&self, seat: u8) -> HeroView<'_> {
        let h = &self.heroes[seat as usize];
        let held_hidden = self.held_hidden(seat);
        HeroView {
            hero: h.def,
            status: h.status,
            pos: h.pos,
            part: h.part,
            wounds: h.wounds,
            health: self.rules.heroes[h.def as usize].health,
            determination: h.determination,
            held: if held_hidden { &[] } else { &h.held },
            held_hidden,
            runes: &h.runes,
            row: &h.row,
            marker: h.marker,
            marker_dir: Dir::from_u8(h.marker_dir),
            lost_turns: h.lost_turns,
            stats: h.stats,
        }
    }

    /// Loot cards a hero holds.
    pub fn loot_cards(&self, seat: u8) -> u8 {
        self.loot_count(seat)
    }

    /// Treasure cards a hero holds.
    pub fn treasure_cards(&self, seat: u8) -> u8 {
        self.treasure_count(seat)
    }

    /// The monster being fought: its kind (announced), the wounds dealt so far, and the rounds.
    pub fn combat(&self) -> Option<(u8, u8, u8)> {
        if self.combat.card == NO_CARD {
            return None;
        }
        let kind = self.rules.cards[self.combat.card as usize].monster.map_or(0, |m| m.kind);
        Some((kind, self.combat.wounds, self.combat.rounds))
    }

    /// Wounds the monster took in the last combat round (an escape declared under Live to
    /// Fight Another Day gives them back).
    pub fn combat_last_dealt(&self) -> u8 {
        self.combat.last_dealt
    }

    /// The test being decided on: (target, dice total with penalties).
    pub fn test_numbers(&self) -> (u8, u8) {
        (self.test.target, self.test.dice[0] + self.test.dice[1] + self.test.penalty)
    }

    /// What failing the test being decided on does, when it is a card's test (its fail
    /// effects); empty otherwise. Lets a player weigh a partial determination spend against
    /// a failure whose wounds are its margin (Crossfire Trap, Sorcerer's Bolt).
    pub fn test_fail_effects(&self) -> &'r [crate::dungeonquest::rules::Op] {
        match self.tasks.last() {
            Some(&Task::Branch { fail, .. }) => self.rules.span(fail),
            _ => &[],
        }
    }

    /// Cards in the player's hand for a pending pick (treasure drawn, Rune of Vision).
    pub fn pick_cards(&self) -> &[CardId] {
        &self.scratch.cards
    }

    /// Seats that won, as a bit mask (0 when nobody survived). Meaningful once the game is over.
    pub fn winners(&self) -> u8 {
        self.winners
    }

    /// The kind of the tile on an explored space (`None` if unexplored or a tower/treasure
    /// space). Cheaper than [`Game::cell`] for path finding.
    #[inline]
    pub fn tile_kind_at(&self, c: Cell) -> Option<TileKind> {
        self.tile_kind(c)
    }

    /// Whether a space holds a chamber (a tower, the treasure chamber or a placed tile).
    #[inline]
    pub fn cell_is_explored(&self, c: Cell) -> bool {
        self.explored(c)
    }

    /// A counter that changes whenever what the board shows changes (a tile placed or turned,
    /// a monster token put down or removed). Path caches stay valid while it is unchanged.
    #[inline]
    pub fn board_epoch(&self) -> u32 {
        self.board.epoch
    }

    /// The spaces whose look changed since [`Game::board_epoch`] was `since`, oldest first
    /// (a space may repeat), or `None` when more changed than the game remembers
    /// ([`BOARD_LOG`]): a cache keyed on the epoch then rebuilds in full.
    pub fn board_changes(&self, since: u32) -> Option<impl Iterator<Item = Cell> + '_> {
        let n = self.board.epoch.wrapping_sub(since);
        if n as usize > BOARD_LOG {
            return None;
        }
        Some((1..=n).map(move |k| self.board.log[since.wrapping_add(k) as usize % BOARD_LOG]))
    }

    /// The directions a hero on explored space `c` could step through open halls (bit `d`
    /// for [`Dir`] `d`), the mask of [`Game::neighbour`]; 0 for an unexplored space.
    #[inline]
    pub fn open_sides(&self, c: Cell) -> u8 {
        if self.explored(c) {
            self.open_mask(c)
        } else {
            0
        }
    }

    /// Random 64-bit words the game has drawn so far from its setup, dice and shuffle streams
    /// (not the bots' stream). The RNG-floor benchmark draws as many to price a game's
    /// randomness.
    pub fn rng_draws(&self) -> u32 {
        self.chance.setup_draws + self.chance.dice.draws() + self.chance.shuffle.draws()
    }

    /// Whether a monster token stands on a space.
    #[inline]
    pub fn monster_at(&self, c: Cell) -> bool {
        self.board[c as usize].flags & F_MONSTER != 0
    }

    /// The face-up card a pending decision is about (the card a rune or redraw would cancel),
    /// if any.
    pub fn window_card(&self) -> Option<CardId> {
        (self.scratch.window_card != NO_CARD).then_some(self.scratch.window_card)
    }
}
