//! The Treasure Chamber (rulebook 9): two Treasure counters and a Dragon counter a turn, the
//! sleeping counters set aside, the fire-breathing Dragon, and the counters reshuffled when
//! the last hero leaves.

use super::flow::Flow;
use super::{Ask, Cause, ClassicEvent, ClassicGame, Onward};
use crate::core::Observer;
use crate::dungeonquest::classic::rules::Hit;

impl<'r> ClassicGame<'r> {
    /// A turn in the chamber: the counters, then a Dragon counter.
    pub(super) fn loot<O: Observer<ClassicEvent>>(&mut self, seat: u8, obs: &mut O) -> Flow {
        self.hero_mut(seat).stats.treasure_chamber_turns += 1;
        for _ in 0..self.rules.treasure_per_turn {
            let Some(c) = self.cup.draw() else { break };
            self.hero_mut(seat).counters |= 1 << (c % 32);
            if O::ENABLED {
                obs.event(ClassicEvent::Treasure { seat, counter: c });
            }
        }
        let Some(awake) = self.dragon.draw() else { return Flow::Done };
        let stats = &mut self.hero_mut(seat).stats;
        stats.dragon_draws += 1;
        stats.dragon_rage |= awake;
        if O::ENABLED {
            obs.event(ClassicEvent::Dragon { seat, awake });
        }
        if awake {
            // Everyone in the chamber, from the drawer clockwise (9.2).
            self.dragon_queue.clear();
            for k in 0..self.seats {
                let s = (seat + k) % self.seats;
                if self.in_chamber().any(|x| x == s) {
                    self.dragon_queue.push(s);
                }
            }
            // Every hero is driven out: the counters are gathered and shuffled at once.
            let d = self.rules.dragon;
            self.dragon.gather(d.asleep, d.awake, self.chance.shuffle.get());
            return self.next_breath(obs);
        }
        Flow::Done
    }

    /// The next hero in the chamber suffers the Dragon: all treasure lost, the breath's LPs,
    /// then he runs to an adjacent square (no Room card).
    pub(super) fn next_breath<O: Observer<ClassicEvent>>(&mut self, obs: &mut O) -> Flow {
        while !self.dragon_queue.is_empty() {
            let seat = self.dragon_queue.remove(0);
            if !self.hero(seat).inside() {
                continue;
            }
            self.drop_treasure(seat);
            let n = match self.rules.dragon.breath {
                Hit::Fixed(n) => n,
                Hit::D6 => self.d6(obs),
                Hit::D12 => self.d12(obs),
            };
            if self.lose(seat, n, Cause::Dragon, obs) {
                continue;
            }
            let mut any = false;
            self.for_moves(seat, |_| any = true);
            if any {
                self.ask(seat, Ask::Onward(Onward::Run));
                return Flow::Asked;
            }
        }
        Flow::Done
    }

    /// When no hero is left in the chamber, the Dragon counters set aside are shuffled back.
    pub(super) fn chamber_left<O: Observer<ClassicEvent>>(&mut self, _obs: &mut O) {
        if !self.dragon.whole() && self.in_chamber().next().is_none() {
            let d = self.rules.dragon;
            self.dragon.gather(d.asleep, d.awake, self.chance.shuffle.get());
        }
    }
}
