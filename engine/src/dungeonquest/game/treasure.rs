//! The treasure chamber: dragon cards, treasure, and Dragon Rage.

use super::*;
use crate::dungeonquest::board::is_treasure;
use crate::dungeonquest::data::RuneWindow;

impl<'r> Game<'r> {
    /// Draws dragon cards: one, or two while holding a card that doubles dragon draws.
    /// `draws` counts the cards already drawn this time.
    ///
    /// Whether a draw is doubled is settled at its first card: a Harp found by that card
    /// doubles only later draws (its estimate says "every later draw"), so the second card
    /// is queued now or never.
    pub(crate) fn dragon_draw<O: Observer>(&mut self, draws: u8, obs: &mut O) {
        let h = self.cur();
        if !h.on_board() || !is_treasure(h.pos) || (draws > 0 && self.turn.raged) || draws > 1 {
            return;
        }
        if draws == 0 && h.held.iter().any(|&c| self.rules.card(c).double_dragon) {
            self.push(Task::DragonDraw { draws: 1 });
        }
        self.cur_mut().stats.dragon_draws += 1;
        self.push(Task::Draw { deck: Deck::Dragon, redraw_ok: false });
        self.offer_runes(RuneWindow::BeforeDragon, NO_CARD, obs);
    }

    /// Dragon Rage: every hero in the chamber, the drawer first and then clockwise, loses his
    /// treasure cards and suffers the dice in wounds (each rolls his own, reference row 12);
    /// then all dragon cards are shuffled back.
    pub(crate) fn dragon_rage<O: Observer>(&mut self, dice: u8, card: CardId, obs: &mut O) {
        self.turn.raged = true;
        self.scratch.rage_dice = dice;
        let seat = self.active.get();
        self.cur_mut().stats.dragon_rage = true;
        if O::ENABLED {
            obs.event(Event::DragonRage { seat });
        }
        self.discard_anywhere(card, obs);
        self.reshuffle(Deck::Dragon, obs);
        for k in (0..self.seats).rev() {
            let s = (seat + k) % self.seats;
            let h = &self.heroes[s as usize];
            if h.on_board() && is_treasure(h.pos) {
                self.push(Task::RageHit { seat: s });
            }
        }
    }

    pub(crate) fn rage_hit<O: Observer>(&mut self, seat: u8, obs: &mut O) {
        if !self.heroes[seat as usize].in_game() {
            return;
        }
        let rules = self.rules;
        let treasures: ArrayVec<CardId, HELD_CAP> =
            self.heroes[seat as usize].held.iter().copied().filter(|&c| rules.card(c).deck == Deck::Treasure).collect();
        for c in treasures {
            self.discard_held(seat, c, obs);
        }
        let save = self.active.get();
        self.active = Seat::of(seat);
        let dice = self.scratch.rage_dice.min(2);
        self.test.dice = [self.d6(obs), if dice > 1 { self.d6(obs) } else { 0 }];
        let extra: u8 = (2..self.scratch.rage_dice).map(|_| self.d6(obs)).sum();
        self.test.penalty = extra;
        self.active = Seat::of(save);
        if self.abilities(seat).reroll_dragon_rage {
            self.ask(seat, DecisionKind::RageReroll, obs);
        } else {
            self.rage_wounds(seat, obs);
        }
    }

    pub(crate) fn answer_rage_reroll<O: Observer>(&mut self, seat: u8, c: Choice, obs: &mut O) {
        if let Choice::Reroll(i) = c {
            let save = self.active.get();
            self.active = Seat::of(seat);
            if i != 1 {
                self.test.dice[0] = self.d6(obs);
            }
            if i != 0 {
                self.test.dice[1] = self.d6(obs);
            }
            self.active = Seat::of(save);
        }
        self.rage_wounds(seat, obs);
    }

    fn rage_wounds<O: Observer>(&mut self, seat: u8, obs: &mut O) {
        let n = self.test.dice[0] + self.test.dice[1] + self.test.penalty;
        self.test.penalty = 0;
        self.heroes[seat as usize].stats.dragon_rage = true;
        self.wound(seat, n, DeathCause::Dragon, obs);
        if self.edition == Edition::Third && self.heroes[seat as usize].in_game() {
            // 2010: "he must retreat" to an adjacent space, encountered on his next turn.
            self.push(Task::Third(third::Step::Retreat { seat }));
        }
    }
}
