//! The Dungeon of Chaos as a [`GameFamily`]: how `dq run` plays its games (one `ChaosGame`
//! restarted in place per worker, the seats' bots reused), what it counts and writes of them,
//! its metadata, precision watch and summary.

use super::outcome::{End, FirstProfiles, Row, Tally, MAX_PROFILES};
use super::schema::{Consts, GAME, MAX_NAMED};
use super::summary;
use super::table::{profile_names, ChaosTable};
use crate::cli::TableArgs;
use crate::error::Failure;
use crate::family::{Chunk, FamilyMeta, GameFamily, Headline, RunEnd, RunTally};
use crate::{meta, pipeline};
use dq_bots::dungeon_of_chaos::{play_chaos_into, ChaosPlayers};
use dq_engine::dungeon_of_chaos::{ChaosGame, ChaosRules};
use dq_engine::NoObserver;
use std::ops::Range;

/// The Dungeon of Chaos, the family (see [`GameFamily`]).
pub struct DungeonOfChaos;

/// A run's checked setup: the rules, the table and the profiles' names.
pub struct Setup {
    pub rules: ChaosRules,
    pub table: ChaosTable,
    pub profile_names: Vec<String>,
}

impl Setup {
    /// Loads the embedded rules and checks the table.
    pub fn new(args: &TableArgs) -> Result<Setup, Failure> {
        let rules = ChaosRules::standard();
        let table = ChaosTable::new(args, &rules)?;
        let profile_names = profile_names(&rules);
        if profile_names.len() > MAX_PROFILES {
            return Err(Failure::Failed(format!("more than {MAX_PROFILES} Character Profiles")));
        }
        if rules.monster_names.len() > MAX_NAMED || rules.item_names.len() > MAX_NAMED {
            return Err(Failure::Failed(format!("more than {MAX_NAMED} Monster or Item cards")));
        }
        // The engine's own check (enough profiles for the seats, storage).
        ChaosGame::new(&rules, &table.config, 0, 0, &mut NoObserver).map_err(|e| crate::error::bad(e.to_string()))?;
        Ok(Setup { rules, table, profile_names })
    }

    /// The column values shared by every row of the run.
    pub fn consts(&self, seed: u64) -> Consts {
        let dashed = super::table::dashed;
        Consts {
            profile_names: self.profile_names.clone(),
            bots: self.table.bots.clone(),
            seed,
            monster_names: self.rules.monster_names.iter().map(|n| dashed(n)).collect(),
            item_names: self.rules.item_names.iter().map(|n| format!("item:{}", dashed(n))).collect(),
        }
    }

    /// The replay command of game `index` of a run with `seed`.
    pub fn replay_command(&self, seed: u64, index: u64) -> String {
        format!("dq replay --game {GAME} --index {index} --seed {seed}{}", self.table.options())
    }
}

/// Plays games `games` one after another, handing each finished game, its index and its
/// seats' first profiles to `each`: the loop `dq run` and `dq bench` share. `false` if a stop
/// signal cut it short (looked at every 64 games).
pub(crate) fn play_games(
    s: &Setup,
    seed: u64,
    games: Range<u64>,
    players: &mut ChaosPlayers,
    mut each: impl FnMut(&ChaosGame<'_>, u64, &FirstProfiles),
) -> bool {
    let config = &s.table.config;
    let mut game = ChaosGame::new(&s.rules, config, seed, games.start, &mut NoObserver).expect("configuration checked");
    for i in games {
        if i % 64 == 0 && pipeline::stopping() {
            return false;
        }
        let mut first = FirstProfiles::default();
        play_chaos_into(&mut game, config, seed, i, players, &mut first).expect("configuration checked");
        each(&game, i, &first);
    }
    true
}

impl GameFamily for DungeonOfChaos {
    const GAME: &'static str = GAME;
    const WATCHED: &'static str = "the adventurers' survival";
    const DEFAULT_SEATS: u8 = super::table::MIN_SEATS as u8;
    // About 1,000 games/s on a thread: a pass of 5,000 takes seconds.
    const BENCH_GAMES: u64 = 5_000;
    type Setup = Setup;
    type Players = ChaosPlayers;
    type Row = Row;
    type Consts = Consts;
    type Tally = Tally;

    const RULES_KEYS: &'static [(&'static str, &'static str)] = &[("data_hash", "data hash")];
    const TABLE_KEYS: &'static [(&'static str, &'static str)] = &[("heroes", "heroes"), ("bots", "bots")];

    fn setup(table: &TableArgs) -> Result<Setup, Failure> {
        Setup::new(table)
    }

    fn players(s: &Setup) -> ChaosPlayers {
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

    fn play(s: &Setup, seed: u64, games: Range<u64>, players: &mut ChaosPlayers, into: &mut Chunk<Row, Tally>) -> bool {
        play_games(s, seed, games, players, |game, i, first| {
            into.tally.add_game(End::of(game.ending()), game.round());
            for seat in 0..game.seats() {
                let row = Row::of(game, i, seat, first);
                into.tally.add_row(&row);
                into.keep(row);
            }
        })
    }

    fn meta(s: &Setup) -> FamilyMeta {
        let mut m = FamilyMeta::default();
        m.rules.put("data_hash", meta::hex(s.rules.data_hash));
        m.table.put("heroes", &s.table.heroes).put("bots", s.table.bots.join(","));
        m
    }

    fn widest(_s: &Setup, tally: &Tally) -> Option<f64> {
        summary::widest(tally)
    }

    fn describe(s: &Setup, seed: u64) -> String {
        format!("seed {seed}, heroes {}, bots {}", s.table.heroes, s.table.bots.join(","))
    }

    fn summary_text(s: &Setup, tally: &Tally, run: &RunEnd<'_>) -> String {
        summary::text(s, tally, run)
    }

    fn summary_json(s: &Setup, tally: &Tally, run: &RunEnd<'_>) -> serde_json::Value {
        summary::json(s, tally, run)
    }

    fn headline(tally: &Tally) -> Headline {
        let c = tally.total();
        Headline { games: tally.games, seat_games: c.games, reached: c.wins, score_of_reached: c.gold }
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
