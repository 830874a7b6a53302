//! The bots of a Dungeon of Chaos table: a policy per seat, and playing game `index` of a run
//! with them.

use super::expert::{ChaosExpert, ChaosSearch};
use super::heuristic::Heuristic;
use super::memory::Memory;
use super::style::Style;
use crate::core::seats::{Plain, Stakes};
use crate::core::{play_out_noting, Budget, Policy};
use crate::dungeonquest::spec::{BotKind, BotSpec, SpecError};
use arrayvec::ArrayVec;
use dq_engine::core::Observer;
use dq_engine::dungeon_of_chaos::game::{
    ChaosChoice, ChaosChoices, ChaosConfig, ChaosConfigError, ChaosDecision, ChaosEvent, MAX_SEATS,
};
use dq_engine::dungeon_of_chaos::ChaosGame;
use dq_engine::rng::{GameRng, Stream};

/// One seat's policy: enum dispatch, no virtual calls in the hot loop.
#[derive(Clone, Debug)]
enum Seat {
    /// Uniform over the legal answers.
    Random,
    /// The heuristic and what it remembers of this seat's last moves.
    Heuristic(Heuristic, Memory),
    /// The shared search over its base (boxed: it holds a table of its own).
    Expert(Box<ChaosExpert>),
}

/// The bots of a table: a policy per seat (`greedy`, `cautious`, `mixed`, `random`,
/// `expert`). Built once per worker; a heuristic seat's only state between decisions is its
/// [`Memory`] (forgotten at each new game); nothing allocated per game or decision (an
/// expert's buffers are built with it). (A guard that ended overlong turns is gone: the
/// engine now ends a combat in which no one is hurt for
/// [`dq_engine::dungeon_of_chaos::combat::STALEMATE_ROUNDS`] rounds.)
#[derive(Clone, Debug)]
pub struct ChaosPlayers {
    specs: ArrayVec<BotSpec, MAX_SEATS>,
    seats: ArrayVec<Seat, MAX_SEATS>,
}

impl ChaosPlayers {
    /// The spec of each of `seats` seats from `bots` (one spec for all, or one per seat), or
    /// why they cannot play: its bots take no planner parameters yet (`expert` takes
    /// `samples` and `base`).
    pub fn check(bots: &[BotSpec], seats: usize) -> Result<ArrayVec<BotSpec, MAX_SEATS>, SpecError> {
        Plain { game: "dungeon-of-chaos", seat_noun: "adventurers", stakes: Stakes::Win }.specs(bots, seats)
    }

    /// The bots of `seats` seats (see [`ChaosPlayers::check`]).
    pub fn new(bots: &[BotSpec], seats: usize) -> Result<ChaosPlayers, SpecError> {
        let specs = ChaosPlayers::check(bots, seats)?;
        let n = specs.len();
        let seats = specs.iter().map(|s| match s.kind {
            BotKind::Expert => {
                let base = ChaosPlayers::plain(BotSpec::new(s.search.base), n);
                Seat::Expert(Box::new(ChaosExpert::new(
                    ChaosSearch::of(&s.search),
                    base,
                    Budget { samples: s.search.samples },
                )))
            }
            kind => ChaosPlayers::seat(kind),
        });
        Ok(ChaosPlayers { seats: seats.collect(), specs })
    }

    /// A table of `spec` (not `expert`) at each of `seats` seats: an expert's base.
    fn plain(spec: BotSpec, seats: usize) -> ChaosPlayers {
        ChaosPlayers {
            specs: (0..seats).map(|_| spec).collect(),
            seats: (0..seats).map(|_| ChaosPlayers::seat(spec.kind)).collect(),
        }
    }

    fn seat(kind: BotKind) -> Seat {
        Style::of(kind).map_or(Seat::Random, |st| Seat::Heuristic(Heuristic::new(st), Memory::default()))
    }

    /// The spec seat `seat` plays.
    pub fn spec(&self, seat: u8) -> BotSpec {
        self.specs[seat as usize % self.specs.len()]
    }
}

impl<'r> Policy<ChaosGame<'r>> for ChaosPlayers {
    fn new_game(&mut self) {
        for s in &mut self.seats {
            match s {
                Seat::Heuristic(_, m) => m.forget(),
                Seat::Expert(e) => <ChaosExpert as Policy<ChaosGame<'r>>>::new_game(e),
                Seat::Random => {}
            }
        }
    }

    #[inline]
    fn choose(&mut self, game: &ChaosGame<'r>, choices: &ChaosChoices, rng: &mut GameRng) -> ChaosChoice {
        let Some(d) = game.pending() else { return choices[0] };
        let n = self.seats.len();
        match &mut self.seats[d.seat as usize % n] {
            Seat::Random => choices[rng.below(choices.len() as u32) as usize],
            Seat::Heuristic(h, m) => h.choose(game, d.seat, d.ask, choices, rng, m),
            Seat::Expert(e) => e.choose(game, choices, rng),
        }
    }
}

/// Plays game `index` of a run to its end in `game`, restarted in place (its rules kept),
/// every decision answered by `players` from the game's bot stream.
pub fn play_chaos_into<'r, P: Policy<ChaosGame<'r>>, O: Observer<ChaosEvent>>(
    game: &mut ChaosGame<'r>,
    config: &ChaosConfig,
    master: u64,
    index: u64,
    players: &mut P,
    obs: &mut O,
) -> Result<(), ChaosConfigError> {
    play_chaos_noting(game, config, master, index, players, obs, |_, _, _, _| {})
}

/// [`play_chaos_into`], handing each decision and its answer to `noted` (with the game as it
/// stands) before it is applied (see [`crate::core::play_out_noting`]): `dq replay`'s trace of
/// the answers.
pub fn play_chaos_noting<'r, P: Policy<ChaosGame<'r>>, O: Observer<ChaosEvent>>(
    game: &mut ChaosGame<'r>,
    config: &ChaosConfig,
    master: u64,
    index: u64,
    players: &mut P,
    obs: &mut O,
    noted: impl FnMut(&mut O, &ChaosGame<'r>, ChaosDecision, ChaosChoice),
) -> Result<(), ChaosConfigError> {
    players.new_game();
    game.restart(config, master, index, obs)?;
    let mut rng = GameRng::new(master, index, Stream::Bot);
    play_out_noting(game, &mut rng, players, obs, noted);
    Ok(())
}
