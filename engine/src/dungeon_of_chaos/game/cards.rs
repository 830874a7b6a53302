//! Card effects outside combat (Room, Door, Event, Chest, Gods and Potion cards) on the active
//! character, and what they leave to do once read: monsters in the room, a fall or a
//! teleport, the town, a lost turn.

use super::board::Sq;
use super::{ChaosEvent, ChaosGame, Companion, DeckId};
use crate::core::Observer;
use crate::dungeon_of_chaos::combat::{HandCard, MAX_FOES};
use crate::dungeon_of_chaos::data::{Ailment, Amount, AttackType, Attr, LevelRef};
use crate::dungeon_of_chaos::death::{Harm, Source};
use crate::dungeon_of_chaos::rules::{Op, Span, TypeSet};
use arrayvec::ArrayVec;

/// Cards drawn inside cards (an Event's God, a Chest's …) before the next one is ignored: a
/// guard against loops in edited data.
const MAX_DEPTH: u8 = 3;

/// A move a card makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relocate {
    /// Down this many levels to the same square (pits 1, chasms 2).
    Fall(u8),
    /// A random square of this level (§1: d6 and d8).
    Teleport,
    /// A random square of a random level.
    Portal,
    /// Out of the tile heading this way without an action (ice, slides).
    Carry(super::board::Dir),
    /// Blown this way by a giant fan until a wall or a door.
    Blown(super::board::Dir),
    /// Up to the square above (a springboard).
    Spring,
}

/// What is left to do once a card's effects are read.
#[derive(Clone, Debug, Default)]
pub struct Aftermath {
    /// Monsters that appear in the room (by card id).
    pub foes: ArrayVec<u8, MAX_FOES>,
    pub relocate: Option<Relocate>,
    pub town: bool,
    pub lose_turn: bool,
}

impl ChaosGame<'_> {
    /// A number on a card, rolled for the active character.
    pub(super) fn amount<O: Observer<ChaosEvent>>(&mut self, a: Amount, obs: &mut O) -> i32 {
        let mind = self.effective(self.active, Attr::Mind).max(0) as i32;
        match a {
            Amount::N(n) => n as i32,
            Amount::D6 => self.roll(6, obs) as i32,
            Amount::D8 => self.roll(8, obs) as i32,
            Amount::D8Plus(n) => self.roll(8, obs) as i32 + n as i32,
            Amount::TwoD8 => self.roll(8, obs) as i32 + self.roll(8, obs) as i32,
            Amount::Mind => mind,
            Amount::MindPlusD8 => mind + self.roll(8, obs) as i32,
            Amount::Full => 0,
        }
    }

    /// Immunities and weaknesses of the active character (profile and items).
    fn defences(&self) -> (TypeSet, TypeSet) {
        let h = self.hero(self.active);
        let mut immune = self.rules.characters[h.character as usize].immune;
        let mut weak = TypeSet(0);
        for &i in &h.items {
            let it = &self.rules.items[i as usize];
            immune = TypeSet(immune.0 | it.immune.0);
            weak = TypeSet(weak.0 | it.weak.0);
        }
        (immune, weak)
    }

    /// Lowers an actual value (§12: immune none, weak double; §5: a profile starting at 0
    /// Mind or Speed ignores losses to it).
    fn lose(&mut self, attr: Attr, n: i32, kind: AttackType) {
        let (immune, weak) = self.defences();
        if immune.has(kind) {
            return;
        }
        let a = attr as usize;
        let by = self.by;
        let h = self.me();
        if matches!(attr, Attr::Mind | Attr::Speed) && h.start[a] == 0 {
            return;
        }
        let n = if weak.has(kind) { 2 * n } else { n };
        if n > 0 {
            h.harm = Harm { source: by, kind };
        }
        h.stats[a] = (h.stats[a] as i32 - n).clamp(i8::MIN as i32, i8::MAX as i32) as i8;
    }

    /// Raises an actual value: past the start (gain) or up to it (restore); disease stops
    /// healing (§11).
    fn raise(&mut self, attr: Attr, n: i32, cap: bool, full: bool) {
        let a = attr as usize;
        let h = self.me();
        if attr == Attr::Health && h.ailments.has(Ailment::Diseased) {
            return;
        }
        if cap {
            if h.stats[a] < h.start[a] {
                h.stats[a] = if full { h.start[a] } else { (h.stats[a] as i32 + n).min(h.start[a] as i32) as i8 };
            }
        } else {
            h.stats[a] = (h.stats[a] as i32 + n).min(i8::MAX as i32) as i8;
        }
    }

    /// Coins found or lost.
    pub(super) fn gold<O: Observer<ChaosEvent>>(&mut self, amount: i32, obs: &mut O) {
        let seat = self.active;
        let h = self.me();
        let before = h.gold as i64;
        h.gold = (before + amount as i64).max(0) as u32;
        let moved = h.gold as i64 - before;
        if O::ENABLED && moved != 0 {
            obs.event(ChaosEvent::Gold { seat, amount: moved as i32 });
        }
    }

    /// A level deck's level (0-based) from a card's reference.
    fn level<O: Observer<ChaosEvent>>(&mut self, l: LevelRef, obs: &mut O) -> u8 {
        match l {
            LevelRef::Current => self.hero(self.active).square().map_or(0, Sq::level),
            LevelRef::Level(n) => n.clamp(1, 4) - 1,
            LevelRef::Random => self.roll(8, obs).div_ceil(2) - 1,
        }
    }

    /// A card into the hand, if a slot is free (else back to its discards).
    pub(super) fn take_into_hand(&mut self, c: HandCard) {
        let h = self.me();
        if let Some(slot) = h.hand.iter().position(|s| s.is_none()) {
            h.hand[slot] = Some(c);
            h.known &= !(1 << slot);
        } else {
            self.discard_hand_card(c);
        }
    }

    /// A card of the hand back to its discards.
    pub(super) fn discard_hand_card(&mut self, c: HandCard) {
        match c {
            HandCard::Spell { card, .. } => self.discard(DeckId::Spells, card),
            HandCard::Potion(card) => self.discard(DeckId::Potions, card),
            HandCard::Scroll { card, .. } => self.discard(DeckId::Scrolls, card),
        }
    }

    /// A Spell card drawn into the hand (§3, §14).
    pub(super) fn draw_spell<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        if let Some(card) = self.draw(DeckId::Spells, obs) {
            let on_enemy = self.rules.spells.cards[card as usize].on_enemy;
            self.take_into_hand(HandCard::Spell { card, on_enemy });
        }
    }

    /// An item of level `l` (0-based) drawn (kept if he can, else discarded).
    pub(super) fn draw_item<O: Observer<ChaosEvent>>(&mut self, l: u8, obs: &mut O) {
        if let Some(card) = self.draw(DeckId::Items(l), obs) {
            let seat = self.active;
            if !self.receive_item(seat, card as u8) {
                self.discard(DeckId::Items(l), card);
            }
        }
    }

    /// DRINK POTION outside combat: a non-movement action (§6, §13).
    pub(super) fn drink<O: Observer<ChaosEvent>>(&mut self, slot: u8, obs: &mut O) {
        let Some(Some(HandCard::Potion(card))) = self.me().hand.get(slot as usize).copied() else { return };
        self.me().hand[slot as usize] = None;
        self.me().known &= !(1 << slot);
        let mut after = Aftermath::default();
        self.by = Source::Card(DeckId::Potions);
        self.effects(self.rules.potions.cards[card as usize].effects, &mut after, 0, obs);
        self.discard(DeckId::Potions, card);
        if let Some((to, fresh)) = self.resolve(after, obs) {
            self.enter(to, fresh, obs);
        }
    }

    /// Applies a card's effects to the active character, collecting what they leave to do.
    pub(super) fn effects<O: Observer<ChaosEvent>>(
        &mut self,
        span: Span,
        after: &mut Aftermath,
        depth: u8,
        obs: &mut O,
    ) {
        for &op in self.rules.ops(span) {
            if self.me().is_dead() {
                return;
            }
            self.effect(op, after, depth, obs);
        }
    }

    /// Applies the effects of a card read in combat that the combat could not (a scroll's:
    /// a foe created, a teleport, an item...), once the combat is over.
    pub(super) fn effects_outside_combat<O: Observer<ChaosEvent>>(
        &mut self,
        span: Span,
        after: &mut Aftermath,
        obs: &mut O,
    ) {
        for &op in self.rules.ops(span) {
            if self.me().is_dead() {
                return;
            }
            if !op.in_combat() {
                self.effect(op, after, 0, obs);
            }
        }
    }

    /// One effect on the active character.
    fn effect<O: Observer<ChaosEvent>>(&mut self, op: Op, after: &mut Aftermath, depth: u8, obs: &mut O) {
        let rules = self.rules;
        {
            match op {
                Op::Damage { amount, kind } => {
                    let n = self.amount(amount, obs);
                    self.lose(Attr::Health, n, kind);
                }
                Op::Lose { attr, amount, kind } => {
                    let n = self.amount(amount, obs);
                    self.lose(attr, n, kind);
                }
                Op::Gain { attr, amount } => {
                    let n = self.amount(amount, obs);
                    self.raise(attr, n, false, false);
                }
                Op::Restore { attr, amount } => {
                    let n = self.amount(amount, obs);
                    self.raise(attr, n, true, amount == Amount::Full);
                }
                // Ruling: effective boosts last until the end of combat (§8); outside combat
                // there is none for them to last through.
                Op::Boost { .. } => {}
                Op::Ailment(a) => self.me().ailments.add(a),
                Op::Cure(a) => self.me().ailments.remove(a),
                Op::LoseTurn => after.lose_turn = true,
                Op::Test { attr, target, pass, fail } => {
                    let total = self.roll(8, obs) as i16 + self.effective(self.active, attr) as i16;
                    let s = if total >= target as i16 { pass } else { fail };
                    self.effects(s, after, depth, obs);
                }
                // Ruling: a contest outside combat has no one to roll against; nothing happens.
                Op::Contest { .. } => {}
                Op::Gold { amount, times } => {
                    let n = self.amount(amount, obs) * times as i32;
                    self.found_gold(n.max(0) as u32, obs);
                }
                Op::LoseGold(n) => self.gold(-(n as i32), obs),
                Op::Item(l) => {
                    let l = self.level(l, obs);
                    self.draw_item(l, obs);
                }
                Op::LoseItem => {
                    if let Some(i) = self.me().items.pop() {
                        self.discard(DeckId::Items(rules.items[i as usize].level - 1), i as u16);
                    }
                }
                Op::Potion => {
                    if let Some(card) = self.draw(DeckId::Potions, obs) {
                        self.take_into_hand(HandCard::Potion(card));
                    }
                }
                Op::Spell => {
                    if rules.characters[self.me().character as usize].colours != 0 {
                        self.draw_spell(obs);
                    }
                }
                Op::Scroll => {
                    if let Some(card) = self.draw(DeckId::Scrolls, obs) {
                        let on_enemy = rules.scrolls.cards[card as usize].on_enemy;
                        self.take_into_hand(HandCard::Scroll { card, on_enemy });
                    }
                }
                Op::Curse if depth >= MAX_DEPTH => {}
                Op::Curse => self.take_curse(after, depth, obs),
                Op::Companion { attr, by, share } => {
                    let _ = self.me().companions.try_push(Companion { attr, by, share, mount: None });
                }
                // §13: face-down potions and scrolls turned over.
                Op::Identify => self.me().known = u8::MAX,
                Op::God | Op::Event | Op::Chest if depth >= MAX_DEPTH => {}
                Op::God => self.read_card(DeckId::Gods, after, depth, obs),
                Op::Event => self.read_card(DeckId::Events, after, depth, obs),
                Op::Chest => self.chest_found(after, depth, obs),
                Op::Monster(l) => {
                    let l = self.level(l, obs);
                    if let Some(m) = self.draw(DeckId::Monsters(l), obs) {
                        if after.foes.try_push(m as u8).is_err() {
                            self.discard(DeckId::Monsters(l), m);
                        }
                    }
                }
                Op::Teleport => after.relocate = Some(Relocate::Teleport),
                Op::Portal => after.relocate = Some(Relocate::Portal),
                Op::Fall(n) => after.relocate = Some(Relocate::Fall(n)),
                Op::ToTown => after.town = true,
            }
        }
    }

    /// An Event or Gods card: drawn, followed, discarded.
    fn read_card<O: Observer<ChaosEvent>>(&mut self, deck: DeckId, after: &mut Aftermath, depth: u8, obs: &mut O) {
        let Some(card) = self.draw(deck, obs) else { return };
        let span = match deck {
            DeckId::Gods => self.rules.gods.cards[card as usize].effects,
            _ => self.rules.events.cards[card as usize].effects,
        };
        let outer = std::mem::replace(&mut self.by, Source::Card(deck));
        self.effects(span, after, depth + 1, obs);
        self.by = outer;
        self.discard(deck, card);
    }

    /// Does what a card left to do: monsters into the room (beyond four, back to their deck),
    /// the town, a lost turn; returns where a fall or teleport leads.
    pub(super) fn resolve<O: Observer<ChaosEvent>>(&mut self, after: Aftermath, obs: &mut O) -> Option<(Sq, bool)> {
        let at = self.me().square();
        for &m in &after.foes {
            if !at.is_some_and(|at| self.board.add_monster(at, m)) {
                let l = self.rules.monsters[m as usize].level;
                self.discard(DeckId::Monsters(l - 1), m as u16);
            }
        }
        if at.is_none() || self.me().is_dead() {
            return None;
        }
        if after.lose_turn {
            self.turn.over = true;
        }
        if after.town {
            self.go_to_town(obs);
            return None;
        }
        // Monsters met stop a fall or teleport the same card made (they are fought first).
        if !after.foes.is_empty() {
            return None;
        }
        let r = after.relocate?;
        self.relocation(r, obs)
    }
}
