//! The bots of a Dealing Dungeons table: a policy per seat, and playing game `index` of a run
//! with them.

use super::heuristic::Heuristic;
use super::style::Style;
use crate::core::seats::Plain;
use crate::core::{play_out_noting, Policy};
use crate::dungeonquest::spec::{BotSpec, SpecError};
use arrayvec::ArrayVec;
use dq_engine::core::Observer;
use dq_engine::dealing_dungeons::game::{
    DealingChoice, DealingChoices, DealingConfig, DealingConfigError, DealingDecision, DealingEvent, DealingGame,
    MAX_SEATS,
};
use dq_engine::rng::{GameRng, Stream};

/// One seat's policy: enum dispatch, no virtual calls in the hot loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    /// Uniform over the legal answers.
    Random,
    Heuristic(Heuristic),
}

/// The bots of a table: a policy per seat (`greedy`, `cautious`, `mixed`, `random`). `Copy`
/// and without state between decisions: built once per worker, nothing allocated per game.
#[derive(Clone, Debug)]
pub struct DealingPlayers {
    specs: ArrayVec<BotSpec, MAX_SEATS>,
    seats: ArrayVec<Seat, MAX_SEATS>,
}

impl DealingPlayers {
    /// The spec of each of `seats` seats from `bots` (one spec for all, or one per seat), or
    /// why they cannot play: `expert` is not written for this game, and its bots take no
    /// parameters yet.
    pub fn check(bots: &[BotSpec], seats: usize) -> Result<ArrayVec<BotSpec, MAX_SEATS>, SpecError> {
        Plain { game: "dealing-dungeons", seat_noun: "heroes" }.specs(bots, seats)
    }

    /// The bots of `seats` seats (see [`DealingPlayers::check`]).
    pub fn new(bots: &[BotSpec], seats: usize) -> Result<DealingPlayers, SpecError> {
        let specs = DealingPlayers::check(bots, seats)?;
        let seats =
            specs.iter().map(|s| Style::of(s.kind).map_or(Seat::Random, |st| Seat::Heuristic(Heuristic::new(st))));
        Ok(DealingPlayers { seats: seats.collect(), specs })
    }

    /// The spec seat `seat` plays.
    pub fn spec(&self, seat: u8) -> BotSpec {
        self.specs[seat as usize % self.specs.len()]
    }
}

impl<'r> Policy<DealingGame<'r>> for DealingPlayers {
    #[inline]
    fn choose(&mut self, game: &DealingGame<'r>, choices: &DealingChoices, rng: &mut GameRng) -> DealingChoice {
        let Some(d) = game.pending() else { return choices[0] };
        match &self.seats[d.seat as usize % self.seats.len()] {
            Seat::Random => choices[rng.below(choices.len() as u32) as usize],
            Seat::Heuristic(h) => h.choose(game, d.seat, d.ask, choices),
        }
    }
}

/// Plays game `index` of a run to its end in `game`, restarted in place (its rules kept),
/// every decision answered by `players` from the game's bot stream.
pub fn play_dealing_into<'r, P: Policy<DealingGame<'r>>, O: Observer<DealingEvent>>(
    game: &mut DealingGame<'r>,
    config: &DealingConfig,
    master: u64,
    index: u64,
    players: &mut P,
    obs: &mut O,
) -> Result<(), DealingConfigError> {
    play_dealing_noting(game, config, master, index, players, obs, |_, _, _| {})
}

/// [`play_dealing_into`], handing each decision and its answer to `noted` before it is
/// applied (see [`crate::core::play_out_noting`]): `dq replay`'s trace of the answers.
pub fn play_dealing_noting<'r, P: Policy<DealingGame<'r>>, O: Observer<DealingEvent>>(
    game: &mut DealingGame<'r>,
    config: &DealingConfig,
    master: u64,
    index: u64,
    players: &mut P,
    obs: &mut O,
    noted: impl FnMut(&mut O, DealingDecision, DealingChoice),
) -> Result<(), DealingConfigError> {
    players.new_game();
    game.restart(config, master, index, obs)?;
    let mut rng = GameRng::new(master, index, Stream::Bot);
    play_out_noting(game, &mut rng, players, obs, noted);
    Ok(())
}
