//! The spec of each seat of a game whose bots are the four plain settings (`greedy`,
//! `cautious`, `mixed`, `random`) and `expert` over them (the shared search,
//! [`crate::core::Expert`]): the check every such game makes of `--bot` / `--bots`.

use crate::dungeonquest::spec::{BotKind, BotSpec, SpecError};
use arrayvec::ArrayVec;

/// What names a game in the refusals: its `--game` name and what a seat holds ("heroes").
#[derive(Clone, Copy, Debug)]
pub struct Plain {
    pub game: &'static str,
    pub seat_noun: &'static str,
}

impl Plain {
    /// The spec of each of `seats` seats from `bots` (one spec for all, or one per seat), or
    /// why they cannot play: its bots take no planner parameters yet (`expert` takes its
    /// search's, `samples` and `base`).
    pub fn specs<const N: usize>(self, bots: &[BotSpec], seats: usize) -> Result<ArrayVec<BotSpec, N>, SpecError> {
        let Plain { game, seat_noun } = self;
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
                if s.base() != BotSpec::new(s.search.base) {
                    return Err(SpecError(format!(
                        "bot \"{s}\": {game}'s expert takes only samples and base (its planner takes no parameters yet)"
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
