//! The spec of each seat of a game whose bots are the four plain settings (`greedy`,
//! `cautious`, `mixed`, `random`) and `expert` over them (the shared search,
//! [`crate::core::Expert`]): the check every such game makes of `--bot` / `--bots`.

use crate::dungeonquest::spec::{BotKind, BotSpec, SpecError};
use arrayvec::ArrayVec;

/// What names a game in the refusals: its `--game` name and what a seat holds ("heroes"),
/// and which of the expert's objective parameters it reads.
#[derive(Clone, Copy, Debug)]
pub struct Plain {
    pub game: &'static str,
    pub seat_noun: &'static str,
    pub stakes: Stakes,
}

/// The expert objective parameters a game reads (the others it refuses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stakes {
    /// `life` (being alive at the end) and `win`.
    LifeAndWin,
    /// `win` only: a death costs what it takes, nothing is added for living.
    Win,
}

impl Stakes {
    /// The expert's parameters in a refusal.
    fn names(self) -> &'static str {
        match self {
            Stakes::LifeAndWin => "samples, base, life and win",
            Stakes::Win => "samples, base and win",
        }
    }
}

impl Plain {
    /// The spec of each of `seats` seats from `bots` (one spec for all, or one per seat), or
    /// why they cannot play: its bots take no planner parameters yet (`expert` takes its
    /// search's, `samples` and `base`, and the objective's the game reads, [`Stakes`]).
    pub fn specs<const N: usize>(self, bots: &[BotSpec], seats: usize) -> Result<ArrayVec<BotSpec, N>, SpecError> {
        let Plain { game, seat_noun, stakes } = self;
        if !(1..=N).contains(&seats) {
            return Err(SpecError(format!("{seats} seats: a game has 1 to {N} {seat_noun}")));
        }
        let specs: ArrayVec<BotSpec, N> = match bots.len() {
            1 => (0..seats).map(|_| bots[0]).collect(),
            n if n == seats => bots.iter().copied().collect(),
            n => return Err(SpecError(format!("{n} bots for {seats} heroes: give one bot, or one per hero"))),
        };
        for s in &specs {
            if s.kind == BotKind::Expert {
                // `life` is read by the search here, not by the planner.
                let mut planner = s.base();
                let plain = BotSpec::new(s.search.base);
                if stakes == Stakes::LifeAndWin {
                    (planner.params.life, planner.classic.life) = (plain.params.life, plain.classic.life);
                }
                if planner != plain {
                    return Err(SpecError(format!(
                        "bot \"{s}\": {game}'s expert takes only {} (its planner takes no parameters yet)",
                        stakes.names()
                    )));
                }
                continue;
            }
            if *s != BotSpec::new(s.kind) {
                return Err(SpecError(format!(
                    "bot \"{s}\": {game} bots take no parameters yet (give greedy, cautious, mixed or random)"
                )));
            }
        }
        Ok(specs)
    }
}
