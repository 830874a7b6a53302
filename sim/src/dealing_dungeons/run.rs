//! Dealing Dungeons as a [`GameFamily`]: how `dq run` plays its games (one `DealingGame`
//! restarted in place per worker, the seats' bots reused), what it counts and writes of
//! them, its metadata, precision watch and summary.

use super::outcome::{Row, Tally, Turns, MAX_HERO_SIDES};
use super::schema::{Consts, GAME};
use super::summary;
use super::table::{hero_names, mode_name, DealingTable};
use crate::cli::TableArgs;
use crate::error::Failure;
use crate::family::{Chunk, FamilyMeta, GameFamily, Headline, RunEnd, RunTally};
use crate::{meta, pipeline};
use dq_bots::dealing_dungeons::{play_dealing_into, DealingPlayers};
use dq_engine::dealing_dungeons::game::{DealingGame, End, HeroPick};
use dq_engine::dealing_dungeons::DealingRules;
use dq_engine::{DecisionGame, NoObserver};
use std::ops::Range;

/// Dealing Dungeons, the family (see [`GameFamily`]).
pub struct DealingDungeons;

/// A run's checked setup: the rules, the table, the hero sides' names and those a precision
/// watches.
pub struct Setup {
    pub rules: DealingRules,
    pub table: DealingTable,
    pub hero_names: Vec<String>,
    watched: Vec<usize>,
}

impl Setup {
    /// Loads the embedded rules and checks the table against them.
    pub fn new(args: &TableArgs) -> Result<Setup, Failure> {
        let rules = DealingRules::standard();
        let table = DealingTable::new(&rules, args)?;
        let hero_names = hero_names(&rules);
        if hero_names.len() > MAX_HERO_SIDES {
            return Err(Failure::Failed(format!("more than {} hero cards", MAX_HERO_SIDES / 2)));
        }
        // The fixed heroes' sides, or every side a random seat may draw.
        let fixed: Option<Vec<usize>> = table
            .config
            .heroes
            .iter()
            .map(|p| match *p {
                HeroPick::Fixed(h, side) => Some(usize::from(super::outcome::hero_side(h, side))),
                HeroPick::Random => None,
            })
            .collect();
        let mut watched = fixed.unwrap_or_else(|| (0..hero_names.len()).collect());
        watched.sort_unstable();
        watched.dedup();
        Ok(Setup { rules, table, hero_names, watched })
    }

    /// The column values shared by every row of the run.
    pub fn consts(&self, seed: u64) -> Consts {
        Consts {
            hero_names: self.hero_names.clone(),
            bots: self.table.bots.clone(),
            mode: mode_name(self.table.config.mode).to_string(),
            rules: self.table.rules.clone(),
            seed,
        }
    }

    /// The replay command of game `index` of a run with `seed`.
    pub fn replay_command(&self, seed: u64, index: u64) -> String {
        format!("dq replay --game {GAME} --index {index} --seed {seed}{}", self.table.options())
    }
}

/// Plays games `games` one after another, handing each finished game, its index and its
/// seats' turns to `each`: the loop `dq run` and `dq bench` share. `false` if a stop signal
/// cut it short (looked at every 256 games).
pub(crate) fn play_games(
    s: &Setup,
    seed: u64,
    games: Range<u64>,
    players: &mut DealingPlayers,
    mut each: impl FnMut(&DealingGame<'_>, u64, &Turns),
) -> bool {
    let config = &s.table.config;
    let mut game =
        DealingGame::new(&s.rules, config, seed, games.start, &mut NoObserver).expect("configuration checked");
    for i in games {
        if i % 256 == 0 && pipeline::stopping() {
            return false;
        }
        let mut turns = Turns::default();
        play_dealing_into(&mut game, config, seed, i, players, &mut turns).expect("configuration checked");
        each(&game, i, &turns);
    }
    true
}

impl GameFamily for DealingDungeons {
    const GAME: &'static str = GAME;
    const WATCHED: &'static str = "every hero's survival";
    type Setup = Setup;
    type Players = DealingPlayers;
    type Row = Row;
    type Consts = Consts;
    type Tally = Tally;

    const RULES_KEYS: &'static [(&'static str, &'static str)] =
        &[("data_hash", "data hash"), ("mode", "mode"), ("rules", "optional rules")];
    const TABLE_KEYS: &'static [(&'static str, &'static str)] = &[("heroes", "heroes"), ("bots", "bots")];

    fn setup(table: &TableArgs) -> Result<Setup, Failure> {
        Setup::new(table)
    }

    fn players(s: &Setup) -> DealingPlayers {
        s.table.players()
    }

    fn chunk_games(s: &Setup) -> u64 {
        crate::cli::chunk_games(&s.table.specs)
    }

    fn consts(s: &Setup, seed: u64) -> Consts {
        s.consts(seed)
    }

    fn rows_per_game(s: &Setup) -> usize {
        s.table.seats()
    }

    fn play(
        s: &Setup,
        seed: u64,
        games: Range<u64>,
        players: &mut DealingPlayers,
        into: &mut Chunk<Row, Tally>,
    ) -> bool {
        play_games(s, seed, games, players, |game, i, turns| {
            into.tally.add_game(game.end().unwrap_or(End::RoundLimit));
            for seat in 0..game.seats() {
                let row = Row::of(game, i, seat, turns);
                into.tally.add_row(&row);
                into.keep(row);
            }
        })
    }

    fn meta(s: &Setup) -> FamilyMeta {
        let mut m = FamilyMeta::default();
        m.rules
            .put("data_hash", meta::hex(s.rules.data_hash))
            .put("mode", mode_name(s.table.config.mode))
            .put("rules", &s.table.rules);
        m.table.put("heroes", &s.table.heroes).put("bots", s.table.bots.join(","));
        m
    }

    fn widest(s: &Setup, tally: &Tally) -> Option<f64> {
        summary::widest(tally, &s.watched).map(|(_, w)| w)
    }

    fn describe(s: &Setup, seed: u64) -> String {
        format!(
            "mode {}, rules: {}, seed {seed}, heroes {}, bots {}",
            mode_name(s.table.config.mode),
            if s.table.rules.is_empty() { "none" } else { &s.table.rules },
            s.table.heroes,
            s.table.bots.join(",")
        )
    }

    fn summary_text(s: &Setup, tally: &Tally, run: &RunEnd<'_>) -> String {
        summary::text(s, tally, run)
    }

    fn summary_json(s: &Setup, tally: &Tally, run: &RunEnd<'_>) -> serde_json::Value {
        summary::json(s, tally, run)
    }

    fn headline(tally: &Tally) -> Headline {
        let c = tally.total();
        Headline { games: tally.games, seat_games: c.games, reached: c.survived, score_of_reached: c.gold_survivors }
    }
}

impl RunTally for Tally {
    fn games(&self) -> u64 {
        self.games
    }
    fn merge(&mut self, other: &Tally) {
        Tally::merge(self, other);
    }
}
