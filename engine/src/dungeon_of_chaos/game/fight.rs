//! The combat phase (§6, §10) through slice 1's [`Combat`]: started on meeting monsters,
//! answered seat by seat, paused by a lost turn, and its end brought back to the game
//! (treasure, the monsters left in the room, the cards used, the special rules cards).

use super::cards::Aftermath;
use super::{Ask, ChaosChoice, ChaosEvent, ChaosGame, DeckId};
use crate::core::Observer;
use crate::dungeon_of_chaos::combat::{
    Answer, Combat, End, HandCard, HeroSetup, Presence, Step, Who, MAX_HAND, MAX_TOOLS, MAX_WEAPONS,
};
use crate::dungeon_of_chaos::data::{Attr, Feature};
use crate::dungeon_of_chaos::death::{Source, SPECIALS};
use arrayvec::ArrayVec;

impl ChaosGame<'_> {
    /// The active character as he enters a combat: his values, items and hand.
    fn hero_setup(&self) -> HeroSetup {
        let h = self.hero(self.active);
        let mut s = HeroSetup::character(self.rules, h.character);
        s.start = h.start;
        s.stats = h.stats;
        s.ailments = h.ailments;
        for (slot, &i) in h.items.iter().enumerate() {
            if h.works(self.rules, slot) {
                s = s.with_item(self.rules, i);
            } else {
                // §13: weight slows him whether the item is equipped or not.
                let w = self.rules.items[i as usize].weight as i8;
                s.bonus[Attr::Speed as usize] -= w;
            }
        }
        for (b, o) in s.bonus.iter_mut().zip(h.other_bonus(self.rules)) {
            *b = b.saturating_add(o);
        }
        s.hand = h.hand;
        // Tile guide: no reading in a dark room, in combat too.
        s.reads = h.square().is_none_or(|at| self.feature_at(at) != Feature::Dark);
        s
    }

    /// The items behind seat `seat`'s weapons and combat tools, in the order a combat numbers
    /// them (`Answer::Attack`'s `weapon`, `Answer::Use`'s `tool`; as [`HeroSetup::with_item`]
    /// takes them): for naming an answer.
    pub fn combat_items(&self, seat: u8) -> (ArrayVec<u8, MAX_WEAPONS>, ArrayVec<u8, MAX_TOOLS>) {
        let h = self.hero(seat);
        let (mut weapons, mut tools) = (ArrayVec::new(), ArrayVec::new());
        for i in h.working(self.rules) {
            let it = &self.rules.items[i as usize];
            if it.weapon.is_some() && !weapons.is_full() {
                weapons.push(i);
            }
            if it.action.is_some() && !tools.is_full() {
                tools.push(i);
            }
        }
        (weapons, tools)
    }

    /// The combat phase against the monsters of the active character's room.
    pub(super) fn start_combat<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        let Some(at) = self.me().square() else { return };
        let foes = self.board.take_monsters(at);
        if foes.is_empty() {
            self.pose_turn();
            return;
        }
        let mut fight = Combat::new(self.rules, &self.hero_setup(), &foes);
        let step = fight.start(self.rules, &mut self.dice, &mut |e| obs.event(ChaosEvent::Combat(e)));
        self.me().fight = Some(fight);
        self.combat_step(step, obs);
    }

    /// A combat paused by a lost turn, continued (§10).
    pub(super) fn resume_combat<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        let Some(mut fight) = self.me().fight else { return };
        let step = fight.resume(self.rules, &mut self.dice, &mut |e| obs.event(ChaosEvent::Combat(e)));
        self.me().fight = Some(fight);
        self.combat_step(step, obs);
    }

    /// The active character's combat action.
    pub(super) fn combat_answer<O: Observer<ChaosEvent>>(&mut self, a: Answer, obs: &mut O) {
        let Some(mut fight) = self.me().fight else { return };
        let Ok(step) = fight.answer(self.rules, &mut self.dice, a, &mut |e| obs.event(ChaosEvent::Combat(e))) else {
            // The answer was among the combat's own legal ones.
            return;
        };
        self.me().fight = Some(fight);
        self.combat_step(step, obs);
    }

    fn combat_step<O: Observer<ChaosEvent>>(&mut self, step: Step, obs: &mut O) {
        match step {
            Step::HeroToAct => {
                self.legal.clear();
                if let Some(f) = &self.hero(self.active).fight {
                    self.legal.extend(f.legal().into_iter().map(ChaosChoice::Combat));
                }
                self.ask(Ask::Combat);
            }
            Step::TurnLost => {
                self.turn.over = true;
                self.end_turn(obs);
            }
            Step::Over(end) => self.finish_combat(end, obs),
        }
    }

    /// A combat's end: the character's values and cards, the monsters' cards (the slain and
    /// the fled discarded, the rest left in the room, §10, §15), treasure for a full
    /// victory, the special rules cards of monsters that wounded him.
    fn finish_combat<O: Observer<ChaosEvent>>(&mut self, end: End, obs: &mut O) {
        let Some(at) = self.me().square() else { return };
        let Some(fight) = self.me().fight.take() else { return };
        if O::ENABLED {
            obs.event(ChaosEvent::CombatOver(end));
        }
        let (stats, ailments) = fight.hero_after();
        let before = self.me().hand;
        let h = self.me();
        h.stats = stats;
        h.ailments = ailments;
        h.hand = *fight.hand();
        if let Some(harm) = fight.hero_harm {
            h.harm = harm;
        }
        if end == End::HeroDied && !h.is_dead() {
            h.stats[Attr::Health as usize] = 0;
        }
        let mut read: ArrayVec<u16, MAX_HAND> = ArrayVec::new();
        for (slot, (was, now)) in before.iter().zip(fight.hand()).enumerate() {
            if was.is_some() && now.is_none() {
                self.me().known &= !(1 << slot);
            }
            match (was, now) {
                (Some(HandCard::Spell { card, .. }), None) => self.discard(DeckId::Spells, *card),
                (Some(HandCard::Potion(card)), None) => self.discard(DeckId::Potions, *card),
                (Some(HandCard::Scroll { card, .. }), None) => read.push(*card),
                _ => {}
            }
        }
        // §13: tools broken in the combat are discarded (tool `k` is the k-th working item
        // with an action, as `hero_setup` listed them).
        if fight.broken != 0 {
            let rules = self.rules;
            let h = self.hero(self.active);
            let slots: ArrayVec<usize, MAX_TOOLS> = (0..h.items.len())
                .filter(|&i| h.works(rules, i) && rules.items[h.items[i] as usize].action.is_some())
                .take(MAX_TOOLS)
                .collect();
            let seat = self.active;
            for (k, &slot) in slots.iter().enumerate().rev() {
                if fight.broken & (1 << k) != 0 {
                    self.lose_item(seat, slot);
                }
            }
        }
        let seat = self.active;
        if fight.gold_lost > 0 {
            let h = self.me();
            h.gold = h.gold.saturating_sub(fight.gold_lost as u32);
            if O::ENABLED {
                obs.event(ChaosEvent::Gold { seat, amount: -(fight.gold_lost as i32) });
            }
        }
        for i in 1..fight.len() {
            let f = fight.fighter(i);
            let Who::Monster(m) = f.who else { continue };
            let deck = DeckId::Monsters(self.rules.monsters[m as usize].level - 1);
            match f.presence {
                Presence::In if self.board.add_monster(at, m) => {}
                Presence::Dead => {
                    self.me().tally.kills += 1;
                    if !self.take_mount(m) {
                        self.discard(deck, m as u16);
                    }
                }
                _ => self.discard(deck, m as u16),
            }
        }
        let mut after = Aftermath::default();
        if let End::Cleared { gold, items } = end {
            self.found_gold(gold as u32, obs);
            for (l, &n) in items.iter().enumerate() {
                for _ in 0..n {
                    self.draw_item(l as u8, obs);
                }
            }
        }
        if !self.me().is_dead() {
            // Ruling: a scroll read in combat did its combat effects at once; the rest (a
            // foe created, a teleport, the town...) happen once the combat is over.
            for &card in &read {
                self.effects_outside_combat(self.rules.scrolls.cards[card as usize].effects, &mut after, obs);
            }
            for (rule, special) in SPECIALS.into_iter().enumerate() {
                if fight.special_wounds & (1 << rule) != 0 {
                    self.by = Source::Special(special);
                    self.effects(self.rules.special_rules[rule], &mut after, 0, obs);
                }
            }
        }
        for &card in &read {
            self.discard(DeckId::Scrolls, card);
        }
        match end {
            End::Cleared { .. } => self.turn.after_combat = true,
            End::HeroFled => {
                self.me().fled = true;
                self.turn.over = true;
            }
            End::HeroDied => {}
        }
        if let Some((to, fresh)) = self.resolve(after, obs) {
            self.enter(to, fresh, obs);
        }
        // Tile guide: a flight from a portal chamber or a floodgates room may escape by it.
        if end == End::HeroFled && !self.me().is_dead() && self.me().fled && self.pose_escape() {
            return;
        }
        self.settle(obs);
    }
}
