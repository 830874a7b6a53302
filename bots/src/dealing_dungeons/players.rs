//! The bots of a Dealing Dungeons table: a policy per seat, and playing game `index` of a run
//! with them.

use super::expert::{DealingExpert, DealingSearch};
use super::heuristic::Heuristic;
use super::style::Style;
use crate::core::seats::{Plain, Stakes};
use crate::core::{play_out_noting, Budget, Policy};
use crate::dungeonquest::spec::{BotKind, BotSpec, SpecError};
use arrayvec::ArrayVec;
use dq_engine::core::Observer;
use dq_engine::dealing_dungeons::game::{
    DealingChoice, DealingChoices, DealingConfig, DealingConfigError, DealingDecision, DealingEvent, DealingGame,
    MAX_SEATS,
};
use dq_engine::rng::{GameRng, Stream};

/// One seat's policy: enum dispatch, no virtual calls in the hot loop.
#[derive(Clone, Debug)]
enum Seat {
    /// Uniform over the legal answers.
    Random,
    Heuristic(Heuristic),
    /// The shared search over its base (boxed: it holds a table of its own).
    Expert(Box<DealingExpert>),
}

/// The bots of a table: a policy per seat (`greedy`, `cautious`, `mixed`, `random`,
/// `expert`). Without state between decisions: built once per worker, nothing allocated per
/// game or decision (an expert's buffers are built with it).
#[derive(Clone, Debug)]
pub struct DealingPlayers {
    specs: ArrayVec<BotSpec, MAX_SEATS>,
    seats: ArrayVec<Seat, MAX_SEATS>,
}

impl DealingPlayers {
    /// The spec of each of `seats` seats from `bots` (one spec for all, or one per seat), or
    /// why they cannot play: its bots take no planner parameters yet (`expert` takes
    /// `samples` and `base`).
    pub fn check(bots: &[BotSpec], seats: usize) -> Result<ArrayVec<BotSpec, MAX_SEATS>, SpecError> {
        Plain { game: "dealing-dungeons", seat_noun: "heroes", stakes: Stakes::LifeAndWin }.specs(bots, seats)
    }

    /// The bots of `seats` seats (see [`DealingPlayers::check`]).
    pub fn new(bots: &[BotSpec], seats: usize) -> Result<DealingPlayers, SpecError> {
        let specs = DealingPlayers::check(bots, seats)?;
        let n = specs.len();
        let seats = specs.iter().map(|s| match s.kind {
            BotKind::Expert => {
                let base = DealingPlayers::plain(BotSpec::new(s.search.base), n);
                Seat::Expert(Box::new(DealingExpert::new(
                    DealingSearch::of(&s.search),
                    base,
                    Budget { samples: s.search.samples },
                )))
            }
            kind => DealingPlayers::seat(kind),
        });
        Ok(DealingPlayers { seats: seats.collect(), specs })
    }

    /// A table of `spec` (not `expert`) at each of `seats` seats: an expert's base.
    fn plain(spec: BotSpec, seats: usize) -> DealingPlayers {
        DealingPlayers {
            specs: (0..seats).map(|_| spec).collect(),
            seats: (0..seats).map(|_| DealingPlayers::seat(spec.kind)).collect(),
        }
    }

    fn seat(kind: BotKind) -> Seat {
        Style::of(kind).map_or(Seat::Random, |st| Seat::Heuristic(Heuristic::new(st)))
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
        let n = self.seats.len();
        match &mut self.seats[d.seat as usize % n] {
            Seat::Random => choices[rng.below(choices.len() as u32) as usize],
            Seat::Heuristic(h) => h.choose(game, d.seat, d.ask, choices),
            Seat::Expert(e) => e.choose(game, choices, rng),
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
    play_dealing_noting(game, config, master, index, players, obs, |_, _, _, _| {})
}

/// [`play_dealing_into`], handing each decision and its answer to `noted` (with the game as it
/// stands) before it is applied (see [`crate::core::play_out_noting`]): `dq replay`'s trace of the answers.
pub fn play_dealing_noting<'r, P: Policy<DealingGame<'r>>, O: Observer<DealingEvent>>(
    game: &mut DealingGame<'r>,
    config: &DealingConfig,
    master: u64,
    index: u64,
    players: &mut P,
    obs: &mut O,
    noted: impl FnMut(&mut O, &DealingGame<'r>, DealingDecision, DealingChoice),
) -> Result<(), DealingConfigError> {
    players.new_game();
    game.restart(config, master, index, obs)?;
    let mut rng = GameRng::new(master, index, Stream::Bot);
    play_out_noting(game, &mut rng, players, obs, noted);
    Ok(())
}
