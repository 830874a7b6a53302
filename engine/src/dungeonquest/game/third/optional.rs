//! The 2010 forms of the optional rules that change the card combat, the monster tokens or the
//! tower rooms (rulebook "Optional Rules", p. 24), played in edition `third`. The mechanisms the
//! Revised game shares (who is attacked, the loot taken, the retreat, the servants' choices)
//! stay in `pvp.rs` and `servants.rs`; this file holds what the 2010 rules do differently.
//!
//! - Hero vs. Hero Combat: "Combat is resolved following the normal rules, except the combat
//!   ends after any round in which a Hero has four or more cards in his damage stack. That Hero
//!   is defeated … The victor may take any one Loot card of his choice from the defeated Hero.
//!   The defeated Hero must then move into an adjacent chamber as if he escaped from a Monster."
//!   Rule decisions: the attacker plays the hero side of [`Fight`], the defender the monster
//!   side with his own hand and his hero's power cards (he draws one in the first round, as a
//!   hero does); each side's stack is capped at four or at the wounds he can still take, and
//!   at the end each takes his damage stack as wounds "as normal" (a stack that reaches his life
//!   kills him, death cause `hero`; nothing is taken from the dead, a knocked-out hero (Death
//!   Can Wait) is not also defeated). Only the winner of a round deals damage, so two heroes
//!   never reach four in the same round. Abilities about monsters (Tatianna's volley, deathblow
//!   immunities) do not apply. The fight replaces the chamber (and a token in it) and ends the
//!   attacker's turn. The defeated hero returns to the chamber he entered his own from, as an
//!   escape does, or, without one, to an adjacent explored chamber joined by a passage; he
//!   encounters it at the start of his next turn, without escape, as an escaped hero does (all
//!   special movement). Only a move into the space starts a fight: the encounter owed after an
//!   escape or retreat does not.
//! - Live to Fight Another Day: see [`Game::third_live_to_fight`].
//! - Servants of Kalladra: see `servants.rs`; the 2010 tokens carry their monster and life.
//! - Tower Power: see [`Game::tower_choices`].

use super::*;
use crate::dungeonquest::game::pvp::{PvpState, PVP_DEFEAT};
use crate::dungeonquest::rules::Op;

impl<'r> Game<'r> {
    /// Whether a card combat is under way: a monster token, or two heroes (Hero vs. Hero).
    pub(crate) fn third_fighting(&self) -> bool {
        self.third.token != NO_CARD || self.third.pvp
    }

    /// Whether the active hero moved into `pos` this turn (a Hero vs. Hero attack needs that).
    pub(crate) fn moved_into(&self, pos: Cell) -> bool {
        let canon = if is_treasure(pos) { crate::dungeonquest::board::TREASURE[0] } else { pos };
        self.turn.entered.contains(canon)
    }

    /// Hero vs. Hero (2010): the active hero attacks `defender` with the card combat.
    pub(crate) fn third_pvp_start(&mut self, defender: u8) {
        let a = self.active.get();
        let cr = self.card_rules();
        let side = |s: u8| {
            let h = &self.heroes[s as usize];
            let def = h.def as usize;
            let room = self.rules.heroes[def].health.saturating_sub(h.wounds).max(1);
            (def, room.min(PVP_DEFEAT), cr.hand_size + self.abilities(s).extra_hand_cards)
        };
        let (da, ra, ha) = side(a);
        let (dd, rd, hd) = side(defender);
        let setup = FightSetup {
            solo: false,
            life: rd,
            hero_room: ra,
            hand_size: [ha, hd],
            no_deathblow: [false, false],
            hero_powers: cr.hero_powers[da],
            monster_powers: cr.hero_powers[dd],
        };
        let deck = core::mem::take(&mut self.third.stacked_deck);
        let hp = core::mem::take(&mut self.third.stacked_power[HERO]);
        let mp = core::mem::take(&mut self.third.stacked_power[MONSTER]);
        self.third.fight.start(cr, setup, self.chance.shuffle.get(), &deck, [&hp, &mp]);
        self.pvp = PvpState { defender, ..PvpState::NONE };
        self.third.pvp = true;
        self.third.declared = false;
        self.third.monster_seat = defender;
        self.scratch.cause = DeathCause::Hero;
        self.push(Task::Third(Step::Round));
    }

    /// After a Hero vs. Hero round: over once a damage stack reaches its cap.
    pub(crate) fn third_pvp_round_over<O: Observer>(&mut self, obs: &mut O) {
        let f = &self.third.fight;
        if f.hero_dead() || f.monster_dead() {
            self.third_pvp_end(obs);
        } else {
            self.push(Task::Third(Step::Round));
        }
    }

    /// The fight is over (or stalled): both heroes take their damage stacks as wounds; a hero
    /// with four or more cards is defeated unless the wounds killed or knocked him out.
    pub(crate) fn third_pvp_end<O: Observer>(&mut self, obs: &mut O) {
        let (a, d) = (self.active.get(), self.pvp.defender);
        let taken = [self.third.fight.damage(HERO).len() as u8, self.third.fight.damage(MONSTER).len() as u8];
        self.pvp.taken = taken;
        self.third.pvp = false;
        // The attacker's turn ends with the fight; ended first, so that the steps a knock-out
        // (Death Can Wait) pushes below survive.
        self.end_turn_now(obs);
        let deaths = [self.heroes[a as usize].stats.deaths, self.heroes[d as usize].stats.deaths];
        self.wound(a, taken[HERO], DeathCause::Hero, obs);
        self.wound(d, taken[MONSTER], DeathCause::Hero, obs);
        let down = |g: &Self, s: u8, k: usize| {
            let h = &g.heroes[s as usize];
            !h.in_game() || h.stats.deaths != deaths[k]
        };
        if down(self, a, 0) || down(self, d, 1) || !self.pvp_decided(obs) {
            self.pvp = PvpState::NONE;
        }
    }

    /// Where a defeated hero goes "as if he escaped from a Monster" (2010): back to the chamber
    /// he entered his own from, when there is one next to him; `None` in the Revised game.
    pub(crate) fn third_retreat_back(&self, seat: u8) -> Option<Cell> {
        if self.edition != Edition::Third {
            return None;
        }
        self.third_back(seat).filter(|&back| self.explored(back))
    }

    /// The defeated hero has fled from `from`: as after an escape, he encounters his new
    /// chamber on his next turn.
    pub(crate) fn third_retreated(&mut self, seat: u8, from: Cell) {
        self.third.came_from[seat as usize] = from;
        // "As if he escaped": special movement, so no escape from a monster met there.
        self.third.encounter_next[seat as usize] = 2;
    }
}

impl<'r> Game<'r> {
    /// Live to Fight Another Day (2010), after a round's damage is assigned. "If a Hero wins a
    /// combat round, he may announce that he is attempting to escape … any cards that would have
    /// been added to his opponent's damage stack for winning that combat round are discarded
    /// instead … If the Hero wins the next combat round, he escapes instead of inflicting damage
    /// to the Monster. At the end of that round, combat ends and the Hero suffers wounds as
    /// normal for a Hero who survives combat. … If the Hero does not win the combat round after
    /// the round in which he declared …, he cannot escape and combat continues as normal."
    ///
    /// Rule decisions: the announcement is offered only where an escape before combat would be
    /// (a chamber to return to, no portcullis, not after special movement; in the catacombs the
    /// monster wanders off), so it moves the hero as that escape does, and the token stays with
    /// its printed life; it is not offered when the round's cards kill the monster (the combat is
    /// over); the round won after declaring deals no damage either (its cards, deathblows
    /// included, are discarded). In solo play ("Going It Alone") it is the hero's only way out
    /// once combat has begun. Under the dice variant a won roll is a won round and its one
    /// wound is what is discarded (`dice_combat.rs`). Returns true if it took the step after the
    /// round in hand.
    pub(crate) fn third_live_to_fight<O: Observer>(&mut self, winner: u8, before: u8, obs: &mut O) -> bool {
        let declared = core::mem::take(&mut self.third.declared);
        if !self.variant.live_to_fight || winner != HERO as u8 {
            return false;
        }
        if declared {
            self.third.dealt_before = before;
            self.third_discard_round_damage();
            let n = self.third.fight.damage(HERO).len() as u8;
            self.wound(self.active.get(), n, DeathCause::Monster, obs);
            if self.cur().in_game() {
                self.third_escaped(obs);
            }
            return true;
        }
        if self.third.fight.monster_dead() || !self.third_escape_allowed(self.third.escape_ok) {
            return false;
        }
        self.third.dealt_before = before;
        self.ask(self.active.get(), DecisionKind::LiveToFight, obs);
        true
    }

    /// The answer to the announcement: declaring discards the round's cards from the monster's
    /// damage stack; either way the combat goes on.
    pub(crate) fn third_answer_live_to_fight(&mut self, c: Choice) {
        if c == Choice::Yes {
            self.third_discard_round_damage();
            self.third.declared = true;
        }
        self.push(Task::Third(Step::Round));
    }

    /// The won round deals no damage: its cards leave the monster's damage stack, or under
    /// the dice variant its wound is taken back.
    fn third_discard_round_damage(&mut self) {
        if self.variant.combat_dice {
            self.third.fight.undo_dice_hit();
        } else {
            self.third.fight.discard_damage(MONSTER, self.third.dealt_before as usize);
        }
    }
}

impl<'r> Game<'r> {
    /// Servants of Kalladra (2010): the token on `from` moves to `to` with its monster and
    /// life; returns its type and card for an attack.
    pub(crate) fn third_move_token(&mut self, from: Cell, to: Cell) -> Option<(u8, CardId)> {
        let token = self.token_on(from)?;
        self.lift_token(token);
        self.place_token(token, to);
        Some((self.token_kind(token), token))
    }

    /// Servants of Kalladra (2010), "Adding More Monsters": "the monster player draws the top
    /// card of the Dungeon deck until a Monster is drawn. (If he draws the "Shuffle" card …, he
    /// shuffles the Dungeon deck and its discard pile together and continues drawing …) He then
    /// discards all of the drawn Dungeon cards" and places a token of that monster on `at`.
    /// Rule decision: a monster card's type picks the token, drawn as in an encounter; the
    /// drawing stops (nothing added) if the deck and discard pile hold no monster card. The
    /// drawn cards (a Shuffle card included) are held until the monster card is found and
    /// then discarded together, so a reshuffle mixes in only the deck and its discard pile.
    pub(crate) fn third_add_token<O: Observer>(&mut self, at: Cell, obs: &mut O) {
        let limit = 2 * self.rules.decks[Deck::Dungeon as usize].len as usize + 2;
        let mut kind = None;
        let mut drawn: ArrayVec<CardId, 128> = ArrayVec::new();
        for _ in 0..limit {
            let Some(card) = self.draw_card(Deck::Dungeon, obs) else { break };
            let first = self.rules.span(self.rules.card(card).effect).first().copied();
            if drawn.try_push(card).is_err() {
                self.put_discard(card, obs);
            }
            match first {
                Some(Op::Monster { kind: k, .. }) => {
                    kind = Some(k);
                    break;
                }
                Some(Op::Shuffle) => self.reshuffle(Deck::Dungeon, obs),
                _ => {}
            }
        }
        for card in drawn {
            self.put_discard(card, obs);
        }
        if let Some(token) = kind.and_then(|k| self.draw_token(k)) {
            self.place_token(token, at);
        }
    }
}
