//! Monster encounters: the Revised three-card combat, escapes, and the solo d6 table.

use super::*;
use crate::dungeonquest::board::is_treasure;
use crate::dungeonquest::data::RuneWindow;
use crate::dungeonquest::rules::combat_index;

impl<'r> Game<'r> {
    /// A monster encounter: the monster player (the next seat) draws a monster card and a
    /// monster token goes into the chamber.
    pub(crate) fn encounter<O: Observer>(&mut self, escape: bool, obs: &mut O) {
        if !self.cur().in_game() {
            return;
        }
        let Some(card) = self.draw_card(Deck::Monster, obs) else { return };
        let seat = self.active.get();
        let monster_seat = if self.seats == 1 {
            seat
        } else if self.servants.seat != super::pvp::NO_SEAT {
            // Servants of Kalladra: the servant who moved the token plays the monster.
            self.servants.seat
        } else {
            (seat + 1) % self.seats
        };
        let ab = self.abilities(seat);
        self.combat = CombatState {
            card,
            monster_seat,
            wounds: 0,
            escape: escape && !self.escape_forbidden_here() && !ab.never_escapes,
            hero_card: None,
            rounds: 0,
            declared: false,
            last_dealt: 0,
        };
        self.scratch.cause = DeathCause::Monster;
        if self.cur().on_board() {
            let pos = self.cur().pos;
            if !is_treasure(pos) {
                self.board[pos as usize].flags |= F_MONSTER;
                self.touch(pos);
            }
        }
        self.cur_mut().stats.monsters_met += 1;
        if O::ENABLED {
            obs.event(Event::MonsterAppears { seat, card, monster_seat });
        }
        if self.variant.solo {
            // Solo: the strike waits for her choice to fight (see `fight_solo`).
            self.push(Task::SoloEscapeOffer);
        } else if !self.opening_strike(obs) {
            // Multiplayer: no escape before round one, so she always chooses to fight.
            self.push(Task::CombatRound);
        }
    }

    /// Tatianna's opening strike (estimated: "when she chooses to fight"): wounds on the
    /// monster before round one. Returns whether they killed it (the encounter is then over).
    fn opening_strike<O: Observer>(&mut self, obs: &mut O) -> bool {
        let n = self.abilities(self.active.get()).opening_strike;
        if n == 0 {
            return false;
        }
        self.combat.wounds = n;
        if self.monster_dead() {
            self.monster_killed(obs);
            return true;
        }
        false
    }

    /// Solo: the hero fights without having tried the escape before combat (declined, or none
    /// possible): the opening strike, then the rounds. A failed escape goes straight to the
    /// rounds: she did not choose to fight.
    pub(crate) fn fight_solo<O: Observer>(&mut self, obs: &mut O) {
        if !self.opening_strike(obs) {
            self.push(Task::CombatRound);
        }
    }

    /// Whether this turn forbids escaping a monster met where the hero stands: the 2010
    /// resurfacing attack (all turn), or the chamber a secret door or teleport led to.
    pub(crate) fn escape_forbidden_here(&self) -> bool {
        let h = self.cur();
        self.turn.no_escape || (h.on_board() && self.turn.no_escape_at == Some(h.pos))
    }

    fn monster_life(&self) -> u8 {
        if let Some(life) = self.duel.and_then(|d| d.life) {
            return life;
        }
        self.rules.card(self.combat.card).monster.map_or(1, |m| m.life)
    }

    fn escape_penalty(&self) -> u8 {
        self.rules.card(self.combat.card).monster.map_or(0, |m| m.escape_penalty)
    }

    /// Inlined: see `Game::attr_value`.
    #[inline]
    fn monster_dead(&self) -> bool {
        self.combat.wounds >= self.monster_life()
    }

    /// Solo play: the one chance to escape comes before combat.
    pub(crate) fn solo_escape_offer<O: Observer>(&mut self, obs: &mut O) {
        if self.combat.escape && self.has_escape_target() {
            self.ask(self.active.get(), DecisionKind::SoloEscape, obs);
        } else {
            self.fight_solo(obs);
        }
    }

    pub(crate) fn after_solo_escape<O: Observer>(&mut self, obs: &mut O) {
        if self.test.pass {
            // Monster card discarded, token stays; the hero leaves through an open hall.
            let c = self.combat.card;
            self.combat.card = NO_CARD;
            self.put_discard(c, obs);
            self.cur_mut().stats.escapes += 1;
            self.ask(self.active.get(), DecisionKind::EscapeTo, obs);
        } else {
            let p = self.escape_penalty();
            self.wound(self.active.get(), p, DeathCause::Monster, obs);
            if self.cur().in_game() {
                self.push(Task::CombatRound);
            }
        }
    }

    /// One combat round: the solo die, or the two players' card choices. Always inlined: see
    /// `Game::ops`.
    #[inline(always)]
    pub(crate) fn combat_round<O: Observer>(&mut self, obs: &mut O) {
        if self.combat.card == NO_CARD || !self.cur().in_game() {
            return;
        }
        if self.variant.solo {
            let roll = self.d6(obs);
            let (hw, mw) = self.rules.solo[roll as usize - 1];
            let hw = self.cap_wounds(hw);
            if O::ENABLED {
                obs.event(Event::SoloRound { roll, hero_wounds: hw, monster_wounds: mw });
            }
            self.apply_round(hw, mw, obs);
            return;
        }
        if self.combat.hero_card.is_none() {
            self.ask(self.active.get(), DecisionKind::HeroCombatCard, obs);
        } else {
            self.ask(self.combat.monster_seat, DecisionKind::MonsterCombatCard, obs);
        }
    }

    /// A round's wounds to the hero, capped by his ability (inlined: see `chamber_cells`).
    #[inline]
    fn cap_wounds(&self, w: u8) -> u8 {
        match self.abilities(self.active.get()).max_combat_wounds_per_round {
            Some(m) => w.min(m),
            None => w,
        }
    }

    /// Both cards are revealed: the results diagram says who suffers what.
    pub(crate) fn resolve_combat_round<O: Observer>(
        &mut self,
        monster_card: crate::dungeonquest::data::CombatCard,
        obs: &mut O,
    ) {
        let Some(hero_card) = self.combat.hero_card.take() else { return };
        let (hw, mw) = self.rules.matrix[combat_index(hero_card)][combat_index(monster_card)];
        let hw = self.cap_wounds(hw);
        if O::ENABLED {
            obs.event(Event::CombatRound { hero_card, monster_card, hero_wounds: hw, monster_wounds: mw });
        }
        self.apply_round(hw, mw, obs);
    }

    /// Hero death is checked first: a hero who dies does not also kill the monster
    /// (Rules Reference "Combat").
    fn apply_round<O: Observer>(&mut self, hw: u8, mw: u8, obs: &mut O) {
        self.combat.rounds = self.combat.rounds.saturating_add(1);
        // Live to Fight Another Day: a round the hero wins (see `won_round`) after declaring an
        // escape is the escape, instead of its damage.
        let won = Self::won_round(hw, mw);
        if core::mem::take(&mut self.combat.declared) && won {
            self.live_to_fight_escape(obs);
            return;
        }
        self.wound(self.active.get(), hw, DeathCause::Monster, obs);
        if !self.cur().in_game() {
            return;
        }
        self.combat.wounds = self.combat.wounds.saturating_add(mw);
        self.combat.last_dealt = mw;
        if self.monster_dead() {
            self.monster_killed(obs);
        } else if won && self.variant.live_to_fight && self.can_escape_now() {
            self.ask(self.active.get(), DecisionKind::LiveToFight, obs);
        } else if self.variant.solo {
            self.push(Task::CombatRound);
        } else if self.runs_next() {
            // A round is the last act of the step or answer that plays it: see
            // `Game::runs_next`. (Solo rounds go through the stack: no recursion per round.)
            self.escape_offer(obs);
        } else {
            self.push(Task::EscapeOffer);
        }
    }

    /// Live to Fight Another Day, Revised adaptation. The 2010 text says "if a Hero wins a
    /// combat round"; the Revised combat has no winner of a round, so a round is won when the
    /// monster took wounds and the hero none (results diagram or solo d6 table alike). In the
    /// Revised game the hero may already try an agility escape after every round (multiplayer);
    /// the declared escape is a second way out with no test, and in solo play, where the only
    /// escape is the one before combat, it is the only way out of a fight under way.
    pub(crate) fn won_round(hw: u8, mw: u8) -> bool {
        hw == 0 && mw > 0
    }

    /// Whether the hero could flee now: escape not forbidden and somewhere to go.
    fn can_escape_now(&self) -> bool {
        self.combat.escape && self.has_escape_target()
    }

    /// Declaring gives back the wounds the monster just took ("discarded instead … the Hero
    /// inflicts no damage that round"); no agility escape is tried this round, since the hero
    /// has chosen how he flees.
    pub(crate) fn answer_live_to_fight(&mut self, c: Choice) {
        if matches!(c, Choice::Yes) {
            self.combat.wounds = self.combat.wounds.saturating_sub(self.combat.last_dealt);
            self.combat.declared = true;
            self.push(Task::CombatRound);
        } else if self.variant.solo {
            self.push(Task::CombatRound);
        } else {
            self.push(Task::EscapeOffer);
        }
    }

    /// The declared escape succeeds: the monster card is discarded without being revealed to
    /// count a penalty. Adaptation: the 2010 hero "suffers wounds as normal for a Hero who
    /// survives combat", which in the Revised game are the wounds already taken round by round;
    /// the Revised escape penalty is the price of the agility escape and is not added (this
    /// escape was paid for with the round's damage). The hero then flees as after any escape.
    fn live_to_fight_escape<O: Observer>(&mut self, obs: &mut O) {
        let c = self.combat.card;
        self.combat.card = NO_CARD;
        self.put_discard(c, obs);
        self.cur_mut().stats.escapes += 1;
        self.ask(self.active.get(), DecisionKind::EscapeTo, obs);
    }

    /// The monster dies: its card and token are discarded and the hero's turn ends.
    fn monster_killed<O: Observer>(&mut self, obs: &mut O) {
        let card = self.combat.card;
        self.combat.card = NO_CARD;
        self.put_discard(card, obs);
        let seat = self.active.get();
        if self.cur().on_board() {
            let pos = self.cur().pos;
            self.board[pos as usize].flags &= !F_MONSTER;
            self.touch(pos);
        }
        self.cur_mut().stats.monsters_killed += 1;
        if O::ENABLED {
            obs.event(Event::MonsterKilled { seat, card });
        }
        self.end_turn_now(obs);
        self.offer_runes(RuneWindow::AfterKill, NO_CARD, obs);
    }

    /// After a round nobody died in, the hero may try to escape.
    pub(crate) fn escape_offer<O: Observer>(&mut self, obs: &mut O) {
        if self.combat.escape && self.has_escape_target() {
            self.ask(self.active.get(), DecisionKind::Escape, obs);
        } else if self.runs_next() {
            // The escape offer's last act (step or end of a round): see `Game::runs_next`.
            self.combat_round(obs);
        } else {
            self.push(Task::CombatRound);
        }
    }

    pub(crate) fn after_escape<O: Observer>(&mut self, obs: &mut O) {
        if !self.test.pass {
            self.push(Task::CombatRound);
            return;
        }
        // The monster is revealed: the hero suffers its escape penalty, then flees.
        let p = self.escape_penalty();
        let c = self.combat.card;
        self.combat.card = NO_CARD;
        self.put_discard(c, obs);
        self.wound(self.active.get(), p, DeathCause::Monster, obs);
        if self.cur().in_game() {
            self.cur_mut().stats.escapes += 1;
            self.ask(self.active.get(), DecisionKind::EscapeTo, obs);
        }
    }

    pub(crate) fn answer_escape_to<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        let Choice::Move(to) = c else { return };
        let seat = self.active.get();
        if O::ENABLED {
            obs.event(Event::Escaped { seat, to });
        }
        if self.duel.is_some() {
            // A single combat ends with the escape; where the hero went does not matter.
            self.end_turn_now(obs);
            return;
        }
        if self.variant.solo {
            // Solo: out through any open hall, doors and portcullises ignored, into the next
            // chamber, which is resolved as usual.
            self.push(Task::Move { to, mode: MoveMode::SLIP });
        } else {
            // Multiplayer: the chamber fled to is not resolved (reference row 19); turn over.
            let via = self.dir_to(self.cur().pos, to).map_or(Via::Special, |(_, d)| Via::Hall(d.opposite() as u8));
            self.set_position(to, via, obs);
            self.end_turn_now(obs);
        }
    }
}
