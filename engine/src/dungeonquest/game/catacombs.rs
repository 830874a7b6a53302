//! The catacombs: entering, drawing a card a turn, and resurfacing by the travel marker.

use super::*;
use crate::dungeonquest::board::{walk, Dir};

impl<'r> Game<'r> {
    /// Entering: the travel marker points the way the player chose; figure off; turn over.
    pub(crate) fn answer_travel<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        let Choice::Dir(d) = c else { return };
        let seat = self.active.get();
        let rules = self.rules;
        let h = self.cur_mut();
        if !h.on_board() {
            return;
        }
        let at = h.pos;
        h.status = HeroStatus::Catacombs;
        h.marker = at;
        h.marker_dir = d as u8;
        h.pos = NO_CELL;
        h.retest = NO_CARD;
        h.stats.catacomb_entries += 1;
        let mut dropped: ArrayVec<CardId, HELD_CAP> = ArrayVec::new();
        h.held.retain(rules, |c| {
            let keep = !rules.card(c).discard_on_catacombs;
            if !keep {
                dropped.push(c);
            }
            keep
        });
        for c in dropped {
            self.put_discard(c, obs);
        }
        if O::ENABLED {
            obs.event(Event::EnterCatacombs { seat, at, facing: d });
        }
        self.left_cell(at, obs);
        self.end_turn_now(obs);
    }

    pub(crate) fn catacomb_draw<O: Observer>(&mut self, obs: &mut O) {
        if self.cur().status != HeroStatus::Catacombs {
            return;
        }
        let Some(card) = self.draw_card(Deck::Catacomb, obs) else { return };
        let seat = self.active.get();
        if O::ENABLED {
            obs.event(Event::CardDrawn { seat, card });
        }
        self.scratch.cause = DeathCause::Card;
        if self.cur_mut().row.try_push(card).is_err() {
            self.put_discard(card, obs);
            return;
        }
        let span = self.rules.card(card).effect;
        self.push(Task::Ops { span, card });
    }

    /// Leaving (or, for a blocked way, shifting) by the travel marker: advance one space per
    /// catacomb card to the wall, then the player turns the marker and rolls a die.
    pub(crate) fn exit_catacombs<O: Observer>(&mut self, blocked: bool, keep_loot: bool, obs: &mut O) {
        if self.cur().status != HeroStatus::Catacombs {
            return;
        }
        let h = self.cur_mut();
        let n = h.row.len().min(255) as u8;
        let (at, _) = walk(h.marker, Dir::from_u8(h.marker_dir), n);
        h.marker = at;
        self.scratch.exit_blocked = blocked;
        self.scratch.exit_keep_loot = keep_loot;
        self.ask(self.active.get(), DecisionKind::TurnDirection, obs);
    }

    pub(crate) fn answer_turn<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        let Choice::Turn(right) = c else { return };
        let facing = Dir::from_u8(self.cur().marker_dir);
        let side = facing.turn(right);
        let roll = self.d6(obs);
        let h = self.cur_mut();
        let (at, over) = walk(h.marker, side, roll);
        h.marker = at;
        // 2010: "if the die roll would place the Hero outside the dungeon, he stops at the
        // dungeon wall instead" (no wounds).
        if self.edition != Edition::Third {
            self.wound(self.active.get(), over, DeathCause::Resurfacing, obs);
        }
        if self.cur().status != HeroStatus::Catacombs {
            return;
        }
        let rules = self.rules;
        let keep_loot = self.scratch.exit_keep_loot;
        let h = self.cur_mut();
        let row = core::mem::take(&mut h.row);
        let mut dropped: ArrayVec<CardId, ROW_CAP> = ArrayVec::new();
        for c in row {
            if keep_loot && rules.card(c).loot && h.held.try_push(rules, c).is_ok() {
                continue;
            }
            dropped.push(c);
        }
        if self.edition == Edition::Third {
            // 2010: "The Hero must then return all the Catacomb cards he collected to the
            // Catacomb deck and shuffle it" (not to its discard pile).
            self.shuffle_into_deck(Deck::Catacomb, &dropped, obs);
        } else {
            for c in dropped {
                self.put_discard(c, obs);
            }
        }
        if self.scratch.exit_blocked {
            // Giant Naga: the marker stays below, turned around; keep drawing next turn.
            let h = self.cur_mut();
            h.marker_dir = facing.opposite() as u8;
            return;
        }
        self.cur_mut().status = HeroStatus::Board;
        self.push(Task::Resurface);
    }

    /// The figure replaces the travel marker and the chamber there is resolved.
    pub(crate) fn resurface<O: Observer>(&mut self, obs: &mut O) {
        let seat = self.active.get();
        let at = self.cur().marker;
        self.cur_mut().pos = NO_CELL;
        if self.edition == Edition::Third {
            // 2010: the turn ends on resurfacing; the chamber (and a monster there, which must
            // be attacked) is encountered next turn.
            self.third.defer[seat as usize] = 2;
        }
        if O::ENABLED {
            obs.event(Event::Resurface { seat, at });
        }
        self.push(Task::Enter { to: at, from: NO_CELL, via: Via::Catacombs });
    }

    /// Greedy Deep Elf: a loot card as a bribe, then a roll against its gold.
    pub(crate) fn answer_bribe<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        let Choice::Card(card) = c else { return };
        let h = self.cur();
        let gold = self.card_gold(h, card);
        self.discard_held(self.active.get(), card, obs);
        let (_, _, wounds) = self.scratch.bribe;
        self.push(Task::AfterBribe { gold, wounds });
    }

    pub(crate) fn after_bribe<O: Observer>(&mut self, gold: u32, wounds: u8, obs: &mut O) {
        let (dice, times, _) = self.scratch.bribe;
        let v = self.roll(dice, obs) as u32 * times as u32;
        if v < gold {
            self.ask(self.active.get(), DecisionKind::ExitCatacombs, obs);
        } else if v > gold {
            self.wound(self.active.get(), wounds, self.scratch.cause, obs);
        }
    }
}
