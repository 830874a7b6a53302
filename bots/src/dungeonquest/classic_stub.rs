//! TEMPORARY (lead's branch only): the interface of task A's ClassicPlayers, random play.
use crate::core::{play_out, Policy, RandomPolicy};
use crate::dungeonquest::{BotSpec, MonsterSpec, SpecError};
use arrayvec::ArrayVec;
use dq_engine::core::Observer;
use dq_engine::dungeonquest::classic::game::{
    ClassicChoice, ClassicChoices, ClassicConfig, ClassicConfigError, ClassicEvent, ClassicGame,
};
use dq_engine::dungeonquest::classic::ClassicRules;
use dq_engine::rng::{GameRng, Stream};

#[derive(Clone, Debug)]
pub struct ClassicPlayers {
    specs: ArrayVec<BotSpec, 4>,
    monster: MonsterSpec,
}

impl ClassicPlayers {
    pub fn check(
        _rules: &ClassicRules,
        bots: &[BotSpec],
        _monster: MonsterSpec,
        seats: usize,
    ) -> Result<ArrayVec<BotSpec, 4>, SpecError> {
        if !(1..=4).contains(&seats) {
            return Err(SpecError(format!("{seats} seats: a game has 1 to 4 heroes")));
        }
        match bots.len() {
            1 => Ok((0..seats).map(|_| bots[0]).collect()),
            n if n == seats => Ok(bots.iter().copied().collect()),
            n => Err(SpecError(format!("{n} bots for {seats} heroes: give one bot, or one per hero"))),
        }
    }
    pub fn new(
        rules: &ClassicRules,
        bots: &[BotSpec],
        monster: MonsterSpec,
        seats: usize,
    ) -> Result<ClassicPlayers, SpecError> {
        Ok(ClassicPlayers { specs: Self::check(rules, bots, monster, seats)?, monster })
    }
    pub fn spec(&self, seat: u8) -> BotSpec {
        self.specs[seat as usize]
    }
    pub fn monster_spec(&self) -> MonsterSpec {
        self.monster
    }
}

impl<'r> Policy<ClassicGame<'r>> for ClassicPlayers {
    fn choose(&mut self, game: &ClassicGame<'r>, choices: &ClassicChoices, rng: &mut GameRng) -> ClassicChoice {
        RandomPolicy.choose(game, choices, rng)
    }
}

pub fn play_classic_into<O: Observer<ClassicEvent>>(
    game: &mut ClassicGame<'_>,
    config: &ClassicConfig,
    master: u64,
    index: u64,
    players: &mut ClassicPlayers,
    obs: &mut O,
) -> Result<(), ClassicConfigError> {
    Policy::<ClassicGame<'_>>::new_game(players);
    game.restart(config, master, index, obs)?;
    let mut rng = GameRng::new(master, index, Stream::Bot);
    play_out(game, &mut rng, players, obs);
    Ok(())
}
