//! DungeonQuest's [`Game`] as a [`DecisionGame`]: each method delegates to the game's own, so
//! the tools written once in [`crate::core`] drive it as bots and tests always have.

use crate::core::rng::GameRng;
use crate::core::{DecisionGame, Observer, Outcome};
use crate::dungeonquest::decision::{Choice, Choices, Decision, IllegalChoice};
use crate::dungeonquest::game::{ConfigError, Game, GameConfig, HeroStatus};
use crate::dungeonquest::observer::Event;

impl DecisionGame for Game<'_> {
    type Decision = Decision;
    type Choice = Choice;
    type Choices = Choices;
    type Event = Event;
    type Illegal = IllegalChoice;
    type Config = GameConfig;
    type ConfigError = ConfigError;

    #[inline]
    fn restart<O: Observer<Event>>(
        &mut self,
        config: &GameConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<(), ConfigError> {
        Game::restart(self, config, master, index, obs)
    }

    #[inline]
    fn pending(&self) -> Option<Decision> {
        Game::pending(self)
    }

    #[inline]
    fn deciding_seat(&self) -> Option<u8> {
        Game::pending(self).map(|d| d.seat)
    }

    #[inline]
    fn legal_choices(&self) -> &Choices {
        Game::legal_choices(self)
    }

    #[inline]
    fn apply<O: Observer<Event>>(&mut self, choice: Choice, obs: &mut O) -> Result<(), IllegalChoice> {
        Game::apply(self, choice, obs)
    }

    #[inline]
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    #[inline]
    fn seats(&self) -> u8 {
        Game::seats(self)
    }

    #[inline]
    fn resample(&mut self, seat: u8, rng: &mut GameRng) {
        Game::resample(self, seat, rng)
    }

    /// Survived: left the dungeon alive (under Death Can Wait a hero may have died and
    /// restarted first); score: the gold of the loot a survivor carried out (the dead score
    /// nothing).
    fn outcome(&self, seat: u8) -> Outcome {
        let survived = self.hero(seat).status == HeroStatus::Exited;
        Outcome { survived, score: if survived { self.gold(seat) } else { 0 } }
    }
}
