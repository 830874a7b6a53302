//! Hero vs. Hero Combat (2010 optional rule) in the Revised game; the parts both editions
//! share (who is attacked, the defeat at four, the loot taken, the retreat). The 2010 form,
//! fought with the card combat, is in `third/optional.rs`.
//!
//! 2010 text: "When a Hero moves into a space with another Hero, he must attack him (there is
//! no chance of escape …). Combat is resolved following the normal rules, except the combat
//! ends after any round in which a Hero has four or more cards in his damage stack. That Hero
//! is defeated … The victor may take any one Loot card of his choice from the defeated Hero.
//! The defeated Hero must then move into an adjacent chamber as if he escaped from a Monster.
//! … A Hero cannot attack other Heroes in the Treasure Chamber."
//!
//! Revised adaptations (rule decisions):
//! - The fight uses the Revised three-card combat: the attacker plays a hero combat card, the
//!   defender one too, read in the monster column of the results diagram; the attacker suffers
//!   the hero wounds, the defender the monster wounds. (The diagram is all but symmetric; only
//!   a Ranged-beats-Melee round hurts the loser by 2 when the attacker wins it and by 1 when
//!   the defender does.)
//! - The 2010 damage stack becomes the Revised wound tokens: wounds are real and can kill
//!   (death cause `hero`); a hero with four or more wounds from this fight is defeated. If both
//!   reach four in the same round, the one with more is defeated, the attacker on a tie.
//! - A dead loser's cards go to the discard piles as on any death: nothing is taken.
//! - The combat replaces the chamber's effect (as a monster token does in the Revised rules)
//!   and ends the attacker's turn, like a monster killed; abilities about monsters (opening
//!   strike) do not apply, the wound cap of a hero's ability does.
//! - The defeated hero flees to an adjacent explored chamber joined by a hall (doors and
//!   portcullises ignored, as an escape) with no other hero in it if there is one; the chamber
//!   is not resolved.

use super::*;
use crate::dungeonquest::board::is_treasure;
use crate::dungeonquest::rules::combat_index;

/// No seat.
pub(crate) const NO_SEAT: u8 = u8::MAX;
/// "Four or more cards in his damage stack" (2010) / wounds from the fight (Revised).
pub(crate) const PVP_DEFEAT: u8 = 4;

/// A fight between two heroes in progress.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PvpState {
    pub defender: u8,
    /// Wounds taken in this fight: attacker, defender.
    pub taken: [u8; 2],
    pub attacker_card: Option<CombatCard>,
    /// The defeated hero, waiting to flee.
    pub loser: u8,
}

impl PvpState {
    pub const NONE: PvpState = PvpState { defender: NO_SEAT, taken: [0, 0], attacker_card: None, loser: NO_SEAT };
}

impl<'r> Game<'r> {
    /// The other hero the active hero would have to attack in chamber `pos`, if any. Inlined:
    /// see `Game::attr_value`.
    #[inline]
    pub(crate) fn defender_at(&self, pos: Cell) -> Option<u8> {
        if !self.variant.hero_vs_hero || is_treasure(pos) {
            return None;
        }
        (0..self.seats).find(|&s| {
            s != self.active.get() && self.heroes[s as usize].on_board() && self.heroes[s as usize].pos == pos
        })
    }

    pub(crate) fn pvp_start(&mut self, defender: u8) {
        self.pvp = PvpState { defender, ..PvpState::NONE };
        self.push(Task::PvpRound);
    }

    /// One round: the attacker's card, then the defender's.
    pub(crate) fn pvp_round<O: Observer>(&mut self, obs: &mut O) {
        let d = self.pvp.defender;
        if d == NO_SEAT || !self.cur().in_game() || !self.heroes[d as usize].in_game() {
            self.pvp = PvpState::NONE;
            return;
        }
        if self.pvp.attacker_card.is_none() {
            self.ask(self.active.get(), DecisionKind::AttackCard, obs);
        } else {
            self.ask(d, DecisionKind::DefendCard, obs);
        }
    }

    pub(crate) fn answer_attack_card(&mut self, c: Choice) {
        if let Choice::Combat(cc) = c {
            self.pvp.attacker_card = Some(cc);
            self.push(Task::PvpRound);
        }
    }

    fn capped(&self, seat: u8, w: u8) -> u8 {
        match self.abilities(seat).max_combat_wounds_per_round {
            Some(m) => w.min(m),
            None => w,
        }
    }

    /// Both cards are revealed: wounds on both heroes, then the end of the fight or a new round.
    pub(crate) fn answer_defend_card<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        let Choice::Combat(dc) = c else { return };
        let Some(ac) = self.pvp.attacker_card.take() else { return };
        let (a, d) = (self.active.get(), self.pvp.defender);
        let (hw, mw) = self.rules.matrix[combat_index(ac)][combat_index(dc)];
        let (aw, dw) = (self.capped(a, hw), self.capped(d, mw));
        if O::ENABLED {
            obs.event(Event::CombatRound { hero_card: ac, monster_card: dc, hero_wounds: aw, monster_wounds: dw });
        }
        self.pvp.taken[0] = self.pvp.taken[0].saturating_add(aw);
        self.pvp.taken[1] = self.pvp.taken[1].saturating_add(dw);
        self.wound(a, aw, DeathCause::Hero, obs);
        self.wound(d, dw, DeathCause::Hero, obs);
        let (a_in, d_in) = (self.heroes[a as usize].in_game(), self.heroes[d as usize].in_game());
        if !a_in || !d_in {
            // A death ends the fight; the attacker's turn ended with him, or ends now.
            self.pvp = PvpState::NONE;
            if a_in {
                self.end_turn_now(obs);
                // Ending the turn drops the steps above the turn's end, the defender's
                // Death Can Wait restart among them: put it back.
                let queued = self.tasks.iter().any(|t| matches!(t, Task::Respawn { seat } if *seat == d));
                if self.variant.death_can_wait && !d_in && !queued && !self.finishing() {
                    self.push(Task::Respawn { seat: d });
                }
            }
            return;
        }
        if !self.pvp_decided(obs) {
            self.push(Task::PvpRound);
        }
    }

    /// Whether a hero has four or more wounds (Revised) or damage-stack cards (2010) from the
    /// fight (`pvp.taken`): if so he is defeated (both at once, Revised only: more loses, the
    /// attacker on a tie), the victor may take a loot card, and the loser retreats. Both
    /// editions end the fight here.
    pub(crate) fn pvp_decided<O: Observer>(&mut self, obs: &mut O) -> bool {
        let [ta, td] = self.pvp.taken;
        if ta < PVP_DEFEAT && td < PVP_DEFEAT {
            return false;
        }
        let (a, d) = (self.active.get(), self.pvp.defender);
        let (loser, victor) = if td > ta { (d, a) } else { (a, d) };
        self.pvp.loser = loser;
        self.push(Task::PvpRetreat);
        if self.loot_count(loser) > 0 {
            self.ask(victor, DecisionKind::TakeLoot, obs);
        }
        true
    }

    /// The loot cards of the defeated hero the victor may take. Under Cloak and Dagger they
    /// are face down: the victor picks the `k`th loot card (`Part(k)`) without seeing it.
    pub(crate) fn take_loot_choices(&self, out: &mut Choices) {
        let l = self.pvp.loser;
        if l == NO_SEAT {
            return;
        }
        let mut k = 0u8;
        for &c in &self.heroes[l as usize].held {
            if self.rules.card(c).loot && out.len() < out.capacity() {
                out.push(if self.variant.cloak_and_dagger { Choice::Part(k) } else { Choice::Card(c) });
                k += 1;
            }
        }
    }

    pub(crate) fn answer_take_loot(&mut self, victor: u8, c: Choice) {
        let l = self.pvp.loser as usize;
        let card = match c {
            Choice::Card(card) => card,
            Choice::Part(k) => {
                let rules = self.rules;
                let loot = self.heroes[l].held.iter().copied().filter(|&x| rules.card(x).loot).nth(k as usize);
                let Some(card) = loot else { return };
                card
            }
            _ => return,
        };
        let Some(i) = self.heroes[l].held.iter().position(|&x| x == card) else { return };
        let rules = self.rules;
        self.heroes[l].held.remove(rules, i);
        let set =
            self.heroes[l].gold_set.iter().position(|(k, _)| *k == card).map(|j| self.heroes[l].gold_set.remove(j));
        let v = &mut self.heroes[victor as usize];
        let _ = v.held.try_push(rules, card);
        if let Some(s) = set {
            let _ = v.gold_set.try_push(s);
        }
    }

    /// Where a defeated hero may flee: adjacent explored chambers joined by a hall, free ones
    /// first (any if none is free).
    pub(crate) fn retreat_choices(&self, out: &mut Choices) {
        let l = self.pvp.loser;
        if l == NO_SEAT || !self.heroes[l as usize].on_board() {
            return;
        }
        if let Some(back) = self.third_retreat_back(l) {
            out.push(Choice::Move(back));
            return;
        }
        let mut busy = Choices::new();
        // On the loser's side of a split chamber, as an escape ([`Game::halls_out`]).
        self.halls_out(l, |_, _, to| {
            if !self.explored(to) || out.contains(&Choice::Move(to)) || busy.contains(&Choice::Move(to)) {
                return;
            }
            if self.occupied(to, l) {
                busy.push(Choice::Move(to));
            } else {
                out.push(Choice::Move(to));
            }
        });
        if out.is_empty() {
            out.extend(busy);
        }
    }

    pub(crate) fn pvp_retreat<O: Observer>(&mut self, obs: &mut O) {
        let l = self.pvp.loser;
        let mut t = Choices::new();
        self.retreat_choices(&mut t);
        if l != NO_SEAT && !t.is_empty() {
            self.ask(l, DecisionKind::Retreat, obs);
        } else {
            // Nowhere to flee (no explored chamber around): the defeated hero stays.
            self.pvp_over(obs);
        }
    }

    pub(crate) fn answer_retreat<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        if let Choice::Move(to) = c {
            let l = self.pvp.loser;
            let from = self.heroes[l as usize].pos;
            // The side of a split chamber the hall leads into, as `set_position` finds it.
            let part = match (self.dir_to(from, to), self.tile_at(to)) {
                (Some((_, d)), Some(t)) => t.part[self.local_side(to, d.opposite())],
                _ => 0,
            };
            let h = &mut self.heroes[l as usize];
            h.pos = to;
            h.part = part;
            h.entry = 4;
            if l == self.active.get() {
                self.turn.entered.insert(to);
            }
            if O::ENABLED {
                obs.event(Event::Escaped { seat: l, to });
            }
            self.left_cell(from, obs);
            if self.edition == Edition::Third {
                self.third_retreated(l, from);
            }
        }
        self.pvp_over(obs);
    }

    pub(crate) fn pvp_over<O: Observer>(&mut self, obs: &mut O) {
        self.pvp = PvpState::NONE;
        self.third.pvp = false;
        self.end_turn_now(obs);
    }
}
