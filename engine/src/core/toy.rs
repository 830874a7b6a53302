//! A toy game family for the core's own tests: proof that the tools need nothing of
//! DungeonQuest, and a game that can be made to misbehave in each way the fuzzer reports.

use super::rng::GameRng;
use super::{DecisionGame, Observer, Outcome};

/// How the toy game misbehaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fault {
    /// None: each answer takes 1 or 2 off the count; the game ends at 0.
    None,
    /// Answers take nothing off: the game never ends.
    Endless,
    /// A decision with no legal answer is pending from the count 3 down.
    Stuck,
    /// The answer 2 is listed but refused.
    Refuses,
}

/// Two seats take turns taking 1 or 2 off a count; the seat that takes the last one wins.
#[derive(Clone, Debug)]
pub(super) struct Countdown {
    pub(super) left: u32,
    pub(super) turn: u8,
    pub(super) fault: Fault,
    legal: Vec<u32>,
}

impl Countdown {
    pub(super) fn new(left: u32, fault: Fault) -> Self {
        let mut g = Countdown { left, turn: 0, fault, legal: Vec::new() };
        g.post();
        g
    }

    fn post(&mut self) {
        self.legal.clear();
        if self.left > 0 && !(self.fault == Fault::Stuck && self.left <= 3) {
            self.legal.extend(1..=self.left.min(2));
        }
    }
}

impl DecisionGame for Countdown {
    type Decision = u8;
    type Choice = u32;
    type Choices = Vec<u32>;
    type Event = u32;
    type Illegal = u32;
    type Config = u32;
    type ConfigError = ();

    fn restart<O: Observer<u32>>(&mut self, config: &u32, _: u64, _: u64, _: &mut O) -> Result<(), ()> {
        *self = Countdown::new(*config, self.fault);
        Ok(())
    }

    fn pending(&self) -> Option<u8> {
        (self.left > 0).then_some(self.turn)
    }

    fn deciding_seat(&self) -> Option<u8> {
        self.pending()
    }

    fn legal_choices(&self) -> &Vec<u32> {
        &self.legal
    }

    fn apply<O: Observer<u32>>(&mut self, choice: u32, obs: &mut O) -> Result<(), u32> {
        if !self.legal.contains(&choice) || (self.fault == Fault::Refuses && choice == 2) {
            return Err(choice);
        }
        if self.fault != Fault::Endless {
            self.left -= choice;
        }
        obs.event(self.left);
        if self.left > 0 {
            self.turn ^= 1;
        }
        self.post();
        Ok(())
    }

    fn is_over(&self) -> bool {
        self.left == 0
    }

    fn seats(&self) -> u8 {
        2
    }

    /// Nothing is hidden and nothing is left to chance: the count is all there is.
    fn resample(&mut self, _: u8, _: &mut GameRng) {}

    fn outcome(&self, seat: u8) -> Outcome {
        let won = self.is_over() && self.turn == seat;
        Outcome { survived: won, score: u32::from(won) }
    }
}
