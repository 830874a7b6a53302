//! The cards: drawing (the Shuffle card), returning to the bottom, keeping, and what each of
//! the Room, Trap, Corpse, Crypt and Search cards does (reference sheet).

use super::flow::Flow;
use super::{Ask, Cause, ClassicChoice, ClassicEvent, ClassicGame, Kept, Onward, Optional, Plight};
use crate::core::Observer;
use crate::dungeonquest::classic::combat::Opening;
use crate::dungeonquest::classic::decks::{CardEffect, Characteristic, ClassicDeck, Roll};
use crate::dungeonquest::data::TileKind;

impl<'r> ClassicGame<'r> {
    /// The top card of `deck`. The Shuffle card shuffles the deck with itself in it, and the
    /// draw is made again (rulebook 7). `None` if the deck holds no other card.
    pub(super) fn draw<O: Observer<ClassicEvent>>(&mut self, deck: ClassicDeck, obs: &mut O) -> Option<Kept> {
        for _ in 0..4 {
            let card = self.decks[deck as usize].draw()?;
            let k = Kept { deck, card };
            if O::ENABLED {
                obs.event(ClassicEvent::Card { deck: Some(deck), card });
            }
            if self.card_effect(k) != Some(CardEffect::Shuffle) {
                return Some(k);
            }
            let q = &mut self.decks[deck as usize];
            q.put_bottom(card);
            q.shuffle(self.chance.shuffle.get());
        }
        None
    }

    /// A card back to the bottom of its deck.
    pub(super) fn return_card(&mut self, k: Kept) {
        self.decks[k.deck as usize].put_bottom(k.card);
    }

    pub(super) fn card_effect(&self, k: Kept) -> Option<CardEffect> {
        self.rules.decks.deck(k.deck).get(k.card as usize).map(|c| c.effect)
    }

    /// LPs a card's roll costs the hero (the die rolled if it has one).
    pub(super) fn roll_loss<O: Observer<ClassicEvent>>(&mut self, seat: u8, r: Roll, obs: &mut O) -> u8 {
        use crate::dungeonquest::classic::decks::Die;
        let rolled = match r.die {
            Die::None => 0,
            Die::D6 => self.d6(obs),
            Die::D12 => self.d12(obs),
        };
        r.lose(rolled, self.sheet(seat).attrs)
    }

    /// A Room card on entering a normal tile (6.3).
    pub(super) fn room_card<O: Observer<ClassicEvent>>(&mut self, seat: u8, obs: &mut O) -> Flow {
        let Some(k) = self.draw(ClassicDeck::Room, obs) else { return Flow::Done };
        let trap = self.rules.decks.deck(k.deck).get(k.card as usize).is_some_and(|c| c.trap);
        if trap && self.ring_effect(seat) == Some(crate::dungeonquest::classic::data::RingEffect::Warning) {
            self.held = Some(k);
            self.ask(seat, Ask::Optional(Optional::WarnCard));
            return Flow::Asked;
        }
        self.resolve(seat, k, obs)
    }

    /// A Trap card on entering a trap tile (reference sheet), instead of a Room card.
    pub(super) fn trap_card<O: Observer<ClassicEvent>>(&mut self, seat: u8, obs: &mut O) -> Flow {
        match self.draw(ClassicDeck::Trap, obs) {
            Some(k) => self.resolve(seat, k, obs),
            None => Flow::Done,
        }
    }

    /// Searching the room (5.2): a Search card.
    pub(super) fn search<O: Observer<ClassicEvent>>(&mut self, seat: u8, obs: &mut O) -> Flow {
        self.hero_mut(seat).stats.searches += 1;
        self.hero_mut(seat).searches += 1;
        match self.draw(ClassicDeck::Search, obs) {
            Some(k) => self.resolve(seat, k, obs),
            None => Flow::Done,
        }
    }

    pub(super) fn answer_optional<O: Observer<ClassicEvent>>(
        &mut self,
        o: Optional,
        c: ClassicChoice,
        obs: &mut O,
    ) -> Flow {
        let seat = self.active;
        let yes = c == ClassicChoice::Yes;
        match o {
            Optional::WarnTile if yes => {
                self.hero_mut(seat).ring = None;
                Flow::Done
            }
            Optional::WarnTile => self.trap_card(seat, obs),
            Optional::WarnCard => {
                let Some(k) = self.held.take() else { return Flow::Done };
                if yes {
                    self.hero_mut(seat).ring = None;
                    self.return_card(k);
                    return Flow::Done;
                }
                self.resolve(seat, k, obs)
            }
            Optional::Corpse | Optional::Crypt => {
                if let Some(k) = self.held.take() {
                    self.return_card(k);
                }
                if !yes {
                    return Flow::Done;
                }
                let deck = if o == Optional::Corpse { ClassicDeck::Corpse } else { ClassicDeck::Crypt };
                match self.draw(deck, obs) {
                    Some(k) => self.resolve(seat, k, obs),
                    None => Flow::Done,
                }
            }
        }
    }

    /// What card `k` does to the hero; the card goes back to the bottom of its deck unless he
    /// keeps it.
    pub(super) fn resolve<O: Observer<ClassicEvent>>(&mut self, seat: u8, k: Kept, obs: &mut O) -> Flow {
        let Some(effect) = self.card_effect(k) else { return Flow::Done };
        match effect {
            CardEffect::Nothing | CardEffect::Shuffle | CardEffect::DoorOpens | CardEffect::DoorJammed => {
                self.return_card(k);
            }
            CardEffect::DoorTrap(r) | CardEffect::Lose(r) => {
                self.return_card(k);
                let n = self.roll_loss(seat, r, obs);
                self.lose(seat, n, Cause::Card, obs);
            }
            CardEffect::Treasure { .. } => {
                if self.hero_mut(seat).cards.try_push(k).is_err() {
                    self.return_card(k);
                }
            }
            CardEffect::CaveIn { then } => {
                self.return_card(k);
                // The number picked out loud is immaterial on a fair die: 1 is picked.
                if self.d6(obs) == 1 {
                    self.die(seat, Cause::Card, obs);
                } else {
                    let n = self.roll_loss(seat, then, obs);
                    self.lose(seat, n, Cause::Card, obs);
                }
            }
            CardEffect::RotateCorridors { quarter_turns } => {
                self.return_card(k);
                let q = quarter_turns[(self.d6(obs) as usize - 1) % 6];
                self.rotate_corridors(q, obs);
            }
            CardEffect::Search(deck) => {
                self.held = Some(k);
                let o = if deck == ClassicDeck::Corpse { Optional::Corpse } else { Optional::Crypt };
                self.ask(seat, Ask::Optional(o));
                return Flow::Asked;
            }
            CardEffect::GiantSpider(_) => {
                self.hero_mut(seat).stats.monsters_met += 1;
                self.hero_mut(seat).plight = Plight::Spider(k);
                self.spider_new = true;
                self.ask(seat, Ask::Spider);
                return Flow::Asked;
            }
            CardEffect::Monster { kind } => return self.begin_fight(seat, kind, Opening::Room, k, obs),
            CardEffect::SneakAttack { kind, .. } => return self.begin_fight(seat, kind, Opening::SneakAttack, k, obs),
            CardEffect::Skeleton { kind, wakes_from } => {
                if self.d6(obs) >= wakes_from {
                    return self.begin_fight(seat, kind, Opening::Room, k, obs);
                }
                self.return_card(k);
            }
            CardEffect::Potion => {
                // Kept, one at a time: a second is discarded.
                let h = self.hero_mut(seat);
                if h.potion.is_none() {
                    h.potion = Some(k);
                } else {
                    self.return_card(k);
                }
            }
            CardEffect::Rope => {
                let h = self.hero_mut(seat);
                if h.rope.is_none() {
                    h.rope = Some(k);
                } else {
                    self.return_card(k);
                }
            }
            CardEffect::Trapdoor { fall } => {
                if self.d12(obs) <= self.attr(seat, Characteristic::Agility) {
                    self.return_card(k);
                } else {
                    let n = self.roll_loss(seat, fall, obs);
                    self.hero_mut(seat).plight = Plight::Trapdoor(k);
                    self.lose(seat, n, Cause::Card, obs);
                }
            }
            CardEffect::TorchGoesOut { .. } => self.hero_mut(seat).plight = Plight::Torch(k),
            CardEffect::SecretDoor => {
                self.return_card(k);
                self.ask(seat, Ask::Onward(Onward::SecretDoor));
                return Flow::Asked;
            }
        }
        Flow::Done
    }

    /// Curse of the Wizard: every Corridor tile turns.
    fn rotate_corridors<O: Observer<ClassicEvent>>(&mut self, quarters: u8, obs: &mut O) {
        for c in 0..crate::dungeonquest::board::CELLS as u8 {
            if self.tile_kind(c) == Some(TileKind::Corridor) {
                let rot = self.board.turn(c, quarters);
                if O::ENABLED {
                    obs.event(ClassicEvent::TileTurned { cell: c, rot });
                }
            }
        }
    }

    /// All the hero's treasure goes back: counters to the cup (shaken), cards to their decks.
    pub(super) fn drop_treasure(&mut self, seat: u8) {
        let h = self.hero_mut(seat);
        let counters = core::mem::take(&mut h.counters);
        let cards = core::mem::take(&mut h.cards);
        for i in 0..32u8 {
            if counters & (1 << i) != 0 {
                self.cup.put_bottom(i);
            }
        }
        if counters != 0 {
            self.cup.shuffle(self.chance.shuffle.get());
        }
        for k in cards {
            self.return_card(k);
        }
    }
}
