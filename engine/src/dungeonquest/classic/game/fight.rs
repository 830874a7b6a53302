//! Monsters through [`Fight`] (rulebook 8) and the Giant Spider (reference sheet).

use super::flow::Flow;
use super::{Ask, Cause, ClassicChoice, ClassicEvent, ClassicGame, Kept, Plight};
use crate::core::Observer;
use crate::dungeonquest::classic::combat::{Encounter, Fight, Opening, Outcome, RoundSystem, Side};
use crate::dungeonquest::classic::data::RingEffect;
use crate::dungeonquest::classic::decks::{CardEffect, Spider};

impl<'r> ClassicGame<'r> {
    /// A monster of `kind` met through card `card` (Room card, or the Crypt's Skeleton).
    pub(super) fn begin_fight<O: Observer<ClassicEvent>>(
        &mut self,
        seat: u8,
        kind: u8,
        opening: Opening,
        card: Kept,
        obs: &mut O,
    ) -> Flow {
        let h = self.hero(seat);
        let enc = Encounter {
            hero: h.hero,
            life_left: h.life,
            kind,
            arrows: h.arrows,
            may_escape: self.may_escape(seat),
            ring_of_blinding: self.ring_effect(seat) == Some(RingEffect::Blinding),
            opening,
            // Solo: the D12 table (11); else the counters, the monster's by the player to the right.
            rounds: if self.seats == 1 { RoundSystem::SoloTable } else { RoundSystem::Counters },
        };
        self.hero_mut(seat).stats.monsters_met += 1;
        let f = Fight::start(self.rules, enc, &mut self.chance.dice);
        self.fight = Some((f, card));
        self.drive_fight(obs)
    }

    /// The seat on the hero's right: it reads the Monster card and plays the monster (8.1).
    pub fn monster_seat(&self, hero: u8) -> u8 {
        (hero + self.seats - 1) % self.seats
    }

    /// Runs the fight to its next decision or its end.
    fn drive_fight<O: Observer<ClassicEvent>>(&mut self, obs: &mut O) -> Flow {
        let seat = self.active;
        loop {
            let Some((mut f, card)) = self.fight else { return Flow::Done };
            match f.side() {
                Side::Hero => {
                    self.ask(seat, Ask::Fight);
                    return Flow::Asked;
                }
                Side::Monster => {
                    self.ask(self.monster_seat(seat), Ask::Fight);
                    return Flow::Asked;
                }
                Side::Host => {
                    let m = self.monsters.draw().unwrap_or(0);
                    if O::ENABLED {
                        obs.event(ClassicEvent::Card { deck: None, card: m });
                    }
                    let _ = f.read_card(self.rules, m, &mut self.chance.dice);
                    self.monsters.put_bottom(m);
                    self.fight = Some((f, card));
                }
                Side::Nobody => {
                    self.fight = None;
                    return self.end_fight(seat, f, card, obs);
                }
            }
        }
    }

    pub(super) fn answer_fight<O: Observer<ClassicEvent>>(&mut self, c: ClassicChoice, obs: &mut O) -> Flow {
        if let (ClassicChoice::Combat(a), Some((mut f, card))) = (c, self.fight) {
            let _ = f.apply(self.rules, a, &mut self.chance.dice);
            self.fight = Some((f, card));
        }
        self.drive_fight(obs)
    }

    /// The fight is over: LPs and arrows back on the sheet, the card back in its deck.
    fn end_fight<O: Observer<ClassicEvent>>(&mut self, seat: u8, f: Fight, card: Kept, obs: &mut O) -> Flow {
        self.return_card(card);
        let lost = self.hero(seat).life.saturating_sub(f.hero_life());
        let h = self.hero_mut(seat);
        h.arrows = f.arrows_left();
        match f.outcome() {
            Some(Outcome::MonsterKilled | Outcome::HeroKilled { monster_dead: true }) => h.stats.monsters_killed += 1,
            Some(Outcome::Escaped) => h.stats.escapes += 1,
            _ => {}
        }
        if f.outcome() == Some(Outcome::MonsterBlinded) {
            h.ring = None;
        }
        if self.lose(seat, lost, Cause::Monster, obs) {
            return Flow::Done;
        }
        match f.outcome() {
            Some(Outcome::Escaped) => self.escape(seat, obs),
            _ => Flow::Done,
        }
    }

    fn spider(&self, seat: u8) -> Option<(Kept, Spider)> {
        let Plight::Spider(k) = self.hero(seat).plight else { return None };
        match self.card_effect(k) {
            Some(CardEffect::GiantSpider(s)) => Some((k, s)),
            _ => None,
        }
    }

    pub(super) fn spider_choices(&self, seat: u8, out: &mut super::ClassicChoices) {
        let Some((_, s)) = self.spider(seat) else {
            out.push(ClassicChoice::Stop);
            return;
        };
        let h = self.hero(seat);
        let may_shoot = self.sheet(seat).arrows > 0 && h.arrows > 0 && self.shots < s.arrows;
        if self.shots == 0 {
            out.push(ClassicChoice::Strike);
            if self.spider_new && self.may_escape(seat) {
                out.push(ClassicChoice::Flee);
            }
        } else {
            out.push(ClassicChoice::Stop);
        }
        if may_shoot {
            out.push(ClassicChoice::Shoot);
        }
    }

    /// The spider's answers: a fight roll, flight (D6), an arrow, or the end of the shooting.
    pub(super) fn answer_spider<O: Observer<ClassicEvent>>(&mut self, c: ClassicChoice, obs: &mut O) -> Flow {
        let seat = self.active;
        let Some((k, s)) = self.spider(seat) else { return Flow::Done };
        match c {
            ClassicChoice::Flee => {
                if self.d6(obs) >= s.flee_from {
                    self.hero_mut(seat).stats.escapes += 1;
                    self.hero_mut(seat).plight = Plight::None;
                    self.return_card(k);
                    return self.escape(seat, obs);
                }
                // A failed flight: stay and fight at once.
                self.strike(seat, k, s, obs)
            }
            ClassicChoice::Strike => self.strike(seat, k, s, obs),
            ClassicChoice::Shoot => {
                self.shots += 1;
                let h = self.hero_mut(seat);
                h.arrows = h.arrows.saturating_sub(1);
                if self.d6(obs) >= s.arrow_kills_from {
                    self.spider_dead(seat, k);
                    return Flow::Done;
                }
                self.ask(seat, Ask::Spider);
                Flow::Asked
            }
            _ => {
                self.lose(seat, s.bite, Cause::Card, obs);
                Flow::Done
            }
        }
    }

    /// One fight roll: one of the numbers picked kills it (the picks are immaterial on a fair
    /// die: 1 to `picks`); else a bite and the turn ends.
    fn strike<O: Observer<ClassicEvent>>(&mut self, seat: u8, k: Kept, s: Spider, obs: &mut O) -> Flow {
        if self.d6(obs) <= s.picks {
            self.spider_dead(seat, k);
        } else {
            self.lose(seat, s.bite, Cause::Card, obs);
        }
        Flow::Done
    }

    fn spider_dead(&mut self, seat: u8, k: Kept) {
        self.hero_mut(seat).stats.monsters_killed += 1;
        self.hero_mut(seat).plight = Plight::None;
        self.return_card(k);
    }
}
