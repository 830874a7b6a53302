//! `expert` for Dealing Dungeons: the shared search ([`crate::core::Expert`]) told which
//! decisions matter and what a hero plays for.

use super::players::DealingPlayers;
use crate::core::SearchFamily;
use crate::dungeonquest::spec::Search;
use dq_engine::dealing_dungeons::game::{Ask, DealingDecision, DealingGame};
use dq_engine::DecisionGame;

/// What a hero coming out alive is worth by default (`life`), in loot-tally gold, to the
/// search: about a survivor's mean tally (docs/bots.md, "Dealing Dungeons"), so dying is not
/// taken lightly.
pub const LIFE: f64 = 100.0;

/// What winning is worth besides by default (`win`; the End Boss down with the best tally;
/// Co-Op, the party's win), so a hero does not sit out the boss for a safe tally.
pub const WIN: f64 = 100.0;

/// Dealing Dungeons' part of the search: every decision with a stake is searched, and a
/// rollout is played to the game's end (a whole game costs some 20 µs). Its objective's
/// bonuses are parameters (`expert:life=G:win=G`): session 19 found Chaos mode's expert
/// trading wins for survival at the defaults.
#[derive(Clone, Copy, Debug)]
pub struct DealingSearch {
    /// Added for a hero alive at the end, in gold.
    pub life: f64,
    /// Added for a win, in gold.
    pub win: f64,
}

impl Default for DealingSearch {
    fn default() -> DealingSearch {
        DealingSearch { life: LIFE, win: WIN }
    }
}

impl DealingSearch {
    /// The search of an expert spec: its `life` and `win`, else the defaults.
    pub fn of(search: &Search) -> DealingSearch {
        DealingSearch { life: search.life.map_or(LIFE, f64::from), win: search.win.map_or(WIN, f64::from) }
    }

    /// The searching seat's objective once the game is over: the loot tally (0 for a fallen
    /// hero), plus `life` if alive, plus `win` if it won.
    pub fn objective_of(&self, game: &DealingGame<'_>, seat: u8) -> f64 {
        let out = game.outcome(seat);
        let mut v = f64::from(out.score);
        if out.survived {
            v += self.life;
        }
        if game.won(seat) {
            v += self.win;
        }
        v
    }
}

impl<'r> SearchFamily<DealingGame<'r>> for DealingSearch {
    /// Every decision but the start's hero choice: the turn's action, placements, fights,
    /// the End Boss, potions, loot, XP, and each mode's own (Co-Op's building and walks,
    /// Chaos's populating). The hero choice is left to the base: a search from before round 1
    /// over up to 36 answers buys little the base's own pick does not.
    fn is_key(&self, _game: &DealingGame<'r>, d: DealingDecision) -> bool {
        !matches!(d.ask, Ask::Hero)
    }

    fn objective(&self, game: &DealingGame<'r>, seat: u8) -> f64 {
        self.objective_of(game, seat)
    }
}

/// The expert's base table: [`DealingPlayers`] of the base setting at every seat.
pub type DealingExpert = crate::core::Expert<DealingSearch, DealingPlayers>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealing_dungeons::play_dealing_into;
    use crate::dungeonquest::spec::BotSpec;
    use dq_engine::dealing_dungeons::game::DealingConfig;
    use dq_engine::dealing_dungeons::DealingRules;
    use dq_engine::NoObserver;

    /// `life` and `win` are what the objective adds for a hero alive and for a win, exactly;
    /// a spec without them keeps the defaults (100 and 100).
    #[test]
    fn life_and_win_change_the_objective() {
        let rules = DealingRules::standard();
        let config = DealingConfig::standard(2);
        let mut game = DealingGame::new(&rules, &config, 20141, 0, &mut NoObserver).unwrap();
        let mut players = DealingPlayers::new(&[BotSpec::parse("greedy").unwrap()], 2).unwrap();
        let spec = |s: &str| DealingSearch::of(&BotSpec::parse(s).unwrap().search);
        let (plain, zero, some) = (spec("expert"), spec("expert:life=0:win=0"), spec("expert:life=7:win=1000"));
        assert_eq!((plain.life, plain.win), (LIFE, WIN));
        let (mut alive, mut won) = (false, false);
        for index in 0..200 {
            play_dealing_into(&mut game, &config, 20141, index, &mut players, &mut NoObserver).unwrap();
            for seat in 0..2 {
                let (a, w) = (game.outcome(seat).survived, game.won(seat));
                let base = zero.objective_of(&game, seat);
                let bonus = |l: f64, v: f64| f64::from(u8::from(a)) * l + f64::from(u8::from(w)) * v;
                assert_eq!(some.objective_of(&game, seat), base + bonus(7.0, 1000.0));
                assert_eq!(plain.objective_of(&game, seat), base + bonus(100.0, 100.0));
                (alive, won) = (alive || a, won || w);
            }
            if alive && won {
                return;
            }
        }
        panic!("no game with a survivor and a winner: the test checks nothing");
    }
}
