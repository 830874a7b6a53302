//! `expert` for The Dungeon of Chaos: the shared search ([`crate::core::Expert`]) told which
//! decisions matter, how far a rollout looks and what an adventurer plays for.

use super::players::ChaosPlayers;
use crate::core::SearchFamily;
use crate::dungeonquest::spec::Search;
use dq_engine::dungeon_of_chaos::game::{Ask, ChaosDecision, Ending, GOLD_TO_WIN};
use dq_engine::dungeon_of_chaos::ChaosGame;

/// Decisions a rollout plays (every seat's) before it is scored as it stands: about four
/// rounds of two adventurers. Why cut: a game runs some 1,100 decisions, a whole one about
/// 3.5 ms; what a flight, a fight or a profile decides shows within a few turns (Health and
/// the gold held, or a death that takes it all).
pub const HORIZON: u32 = 60;

/// The Dungeon of Chaos' part of the search: the choices of a fight (whom to strike, with
/// what, flight), a turn begun beside monsters, a secret door, an escape, and the profile
/// after a death. The movement phase's steps (some 950 a game) stay the base's: too many to
/// search, and each one small.
///
/// What a win adds is a parameter (`expert:win=G`, by default [`GOLD_TO_WIN`]).
#[derive(Clone, Copy, Debug)]
pub struct ChaosSearch {
    /// Added once the seat has won, in gold.
    pub win: u32,
}

impl Default for ChaosSearch {
    fn default() -> ChaosSearch {
        ChaosSearch { win: GOLD_TO_WIN }
    }
}

impl ChaosSearch {
    /// The search of an expert spec: its `win`, else [`GOLD_TO_WIN`].
    pub fn of(search: &Search) -> ChaosSearch {
        ChaosSearch { win: search.win.unwrap_or(GOLD_TO_WIN) }
    }

    /// The searching seat's objective in a position: the gold held, plus the value of the
    /// Treasure items it can redeem, plus `win` once it has won. A death takes the
    /// character's gold and items with it, so it is counted by what it loses.
    pub fn objective_of(&self, game: &ChaosGame<'_>, seat: u8) -> f64 {
        let h = game.hero(seat);
        let treasure = game.treasure_value(h);
        let won = if game.ending() == Some(Ending::Won(seat)) { self.win } else { 0 };
        f64::from(h.gold + treasure) + f64::from(won)
    }
}

impl<'r> SearchFamily<ChaosGame<'r>> for ChaosSearch {
    fn is_key(&self, _game: &ChaosGame<'r>, d: ChaosDecision) -> bool {
        matches!(d.ask, Ask::Combat | Ask::Flight | Ask::SecretDoor | Ask::Escape | Ask::Profile)
    }

    fn objective(&self, game: &ChaosGame<'r>, seat: u8) -> f64 {
        self.objective_of(game, seat)
    }

    fn horizon(&self) -> u32 {
        HORIZON
    }
}

/// The expert's type: the search over a [`ChaosPlayers`] table of its base at every seat.
pub type ChaosExpert = crate::core::Expert<ChaosSearch, ChaosPlayers>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon_of_chaos::play_chaos_into;
    use crate::dungeonquest::spec::BotSpec;
    use dq_engine::dungeon_of_chaos::game::ChaosConfig;
    use dq_engine::dungeon_of_chaos::ChaosRules;
    use dq_engine::NoObserver;

    /// `win` is what the objective adds for a win, exactly; by default the gold a win takes.
    #[test]
    fn win_changes_the_objective() {
        let rules = ChaosRules::standard();
        let config = ChaosConfig::new(2);
        let mut game = ChaosGame::new(&rules, &config, 20141, 0, &mut NoObserver).unwrap();
        let mut players = ChaosPlayers::new(&[BotSpec::parse("greedy").unwrap()], 2).unwrap();
        let spec = |s: &str| ChaosSearch::of(&BotSpec::parse(s).unwrap().search);
        let (plain, zero, some) = (spec("expert"), spec("expert:win=0"), spec("expert:win=5"));
        assert_eq!(plain.win, GOLD_TO_WIN);
        for index in 0..100 {
            play_chaos_into(&mut game, &config, 20141, index, &mut players, &mut NoObserver).unwrap();
            let Some(Ending::Won(seat)) = game.ending() else { continue };
            let base = zero.objective_of(&game, seat);
            assert_eq!(some.objective_of(&game, seat), base + 5.0);
            assert_eq!(plain.objective_of(&game, seat), base + 2000.0);
            assert_eq!(some.objective_of(&game, 1 - seat), zero.objective_of(&game, 1 - seat));
            return;
        }
        panic!("no game won: the test checks nothing");
    }
}
