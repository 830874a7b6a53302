//! The decision API every game family implements.

use super::observer::Observer;
use super::rng::GameRng;
use std::fmt::Debug;
use std::ops::Deref;

/// A game driven through decisions: it runs until a seat must decide, lists the legal answers,
/// and runs on when one is applied. Chance is inside the game, drawn from its own per-game
/// streams ([`crate::core::rng`]), so a game is a pure function of (rules, configuration,
/// master seed, game index, answers).
///
/// Why a trait: the random fuzzer, replay, the benchmarks, the runner and search bots are
/// written once over it, for every game family. Each family brings its own decision, answer
/// and event types. Tools are generic over the trait (monomorphised, never `dyn`), so a
/// family's hot loop costs what calling its own methods costs; implementations delegate
/// with `#[inline]`.
///
/// `Clone`: search copies a position and plays it on; a game holds fixed-size storage only,
/// so a clone does not allocate.
pub trait DecisionGame: Clone {
    /// What a pending decision is about, with the seat that answers it.
    type Decision: Copy + Debug;
    /// An answer to a decision.
    type Choice: Copy + Debug + PartialEq;
    /// The list a decision's legal answers are kept in (the family's own fixed-capacity
    /// list, so policies read it as the game keeps it).
    type Choices: Deref<Target = [Self::Choice]>;
    /// One thing that happened (chance included), reported to an [`Observer`].
    type Event;
    /// Why an answer was refused.
    type Illegal: Debug;
    /// What a game is set up with (seats, heroes, optional rules), besides its rules.
    type Config;
    /// Why a configuration cannot be set up.
    type ConfigError: Debug;

    /// Sets this game up afresh as game `index` of a run with `master` seed (its rules kept)
    /// and runs up to the first decision. Every random stream the game draws from is seeded
    /// from (`master`, `index`, purpose) alone, so any game of a run can be played by itself.
    fn restart<O: Observer<Self::Event>>(
        &mut self,
        config: &Self::Config,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<(), Self::ConfigError>;

    /// The decision the game waits for; `None` once the game is over.
    fn pending(&self) -> Option<Self::Decision>;

    /// The seat that must answer the pending decision, if one is pending.
    fn deciding_seat(&self) -> Option<u8>;

    /// The pending decision's legal answers: never empty while a decision is pending, empty
    /// once the game is over.
    fn legal_choices(&self) -> &Self::Choices;

    /// Answers the pending decision and runs on (chance included) to the next decision or the
    /// end. An answer not among [`DecisionGame::legal_choices`] is refused, the game unchanged.
    fn apply<O: Observer<Self::Event>>(&mut self, choice: Self::Choice, obs: &mut O) -> Result<(), Self::Illegal>;

    /// Whether the game has ended.
    fn is_over(&self) -> bool;

    /// How many seats play.
    fn seats(&self) -> u8;

    /// How seat `seat` fared (meaningful once the game is over).
    fn outcome(&self, seat: u8) -> Outcome;

    /// Redraws, in place, everything `seat` cannot see (the order of what is still to be
    /// drawn, what other players hold in secret) from the distribution consistent with what
    /// he knows, and reseeds the game's chance from `rng`, so the copy plays on to a future
    /// the real game does not decide. Why on the trait: a search bot written once plays
    /// resampled copies of the position it must decide, and so never peeks. Each family
    /// documents what it treats as hidden; a game without hidden information or chance does
    /// nothing.
    fn resample(&mut self, seat: u8, rng: &mut GameRng);
}

/// How one seat fared in a game: what every game family reports of each player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Whether the seat's hero came out of the game alive.
    pub survived: bool,
    /// The seat's score (DungeonQuest: the gold of the loot it holds).
    pub score: u32,
}
