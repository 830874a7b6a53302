//! DungeonQuest as a [`GameFamily`]: how `dq run` (the shared runner, `crate::runner`)
//! plays its games, what it counts and writes of them, and its metadata, precision watch
//! and summary.
//!
//! Each worker reuses one set of bots, and one `Game` restarted in place game after game;
//! each seat of a finished game gives a [`Row`] and integer [`Tally`] counts. The precision
//! stop watches every fielded hero's survival interval.

use crate::cli::{DataArgs, TableArgs};
use crate::edition::{self, Loaded};
use crate::error::Failure;
use crate::family::{Chunk, FamilyMeta, GameFamily, Headline, RunEnd, RunTally};
use crate::meta;
use crate::outcome::{Row, Tally};
use crate::parquet_out::Consts;
use crate::pipeline;
use crate::summary::{self, Precision, RunFacts, Sheets};
use crate::table::{ClassicTable, Seating, Table};
use dq_bots::dungeonquest::classic::{play_classic_into, ClassicPlayers};
use dq_bots::Players;
use dq_engine::dungeonquest::classic::game::{ClassicGame, Pick};
use dq_engine::dungeonquest::classic::ClassicRules;
use dq_engine::{Edition, Game, HeroPick, NoObserver, Rules};
use std::ops::Range;

/// DungeonQuest, the family (see [`GameFamily`]).
pub struct DungeonQuest;

/// A DungeonQuest run's checked setup: the edition's rules and table, where the rules came
/// from, and the heroes a precision watches.
pub struct Setup {
    /// Where the rules came from (an edition or a `--data` folder): printed back in the
    /// replay command and kept in the file.
    pub data: DataArgs,
    /// The heroes whose survival a precision waits for: those the run's seats can field.
    watched: Vec<usize>,
    pub engine: Engine,
}

/// The rules and table of the engine that plays the edition.
pub enum Engine {
    /// Revised and third, played by [`Game`].
    Ffg { rules: Rules, table: Table },
    /// The 1987 game, played by [`ClassicGame`].
    Classic { rules: ClassicRules, table: ClassicTable },
}

/// A worker's bots, for the engine of the run. One per worker, built once and never moved in
/// the game loop, so the 1987 table's large route maps are not worth a box.
#[allow(clippy::large_enum_variant)]
pub enum Seats {
    Ffg(Players),
    Classic(ClassicPlayers),
}

impl Setup {
    /// Loads the rules of `table`'s edition and checks the table against them.
    pub fn new(table: &TableArgs) -> Result<Setup, Failure> {
        if let Some(mode) = &table.mode {
            return Err(crate::error::bad(format!(
                "--mode {mode}: modes are dealing-dungeons'; dungeonquest has none"
            )));
        }
        // The table checks what the engine and the bots would refuse, without building either.
        let engine = match edition::load_any(&table.data)? {
            Loaded::Ffg(rules) => {
                let checked = Table::new(&rules, table)?;
                Engine::Ffg { rules, table: checked }
            }
            Loaded::Classic(rules) => {
                let checked = ClassicTable::new(&rules, table)?;
                Engine::Classic { rules, table: checked }
            }
        };
        let watched = engine.watched();
        Ok(Setup { data: table.data.clone(), watched, engine })
    }

    /// What the summary names of the rules.
    pub fn sheets(&self) -> Sheets<'_> {
        match &self.engine {
            Engine::Ffg { rules, .. } => Sheets {
                edition: rules.edition,
                data_hash: rules.data_hash,
                hero_ids: rules.heroes.iter().map(|h| h.id.as_str()).collect(),
            },
            Engine::Classic { rules, .. } => Sheets {
                edition: Edition::Classic,
                data_hash: rules.data_hash,
                hero_ids: rules.heroes.iter().map(|h| h.id.as_str()).collect(),
            },
        }
    }

    /// The table's seats as the user named them (the engine's configuration aside).
    pub fn seating(&self) -> Seating<'_> {
        match &self.engine {
            Engine::Ffg { table, .. } => Seating::of(table),
            Engine::Classic { table, .. } => Seating::of(table),
        }
    }

    /// Seats per game.
    pub fn seats(&self) -> usize {
        match &self.engine {
            Engine::Ffg { table, .. } => table.seats(),
            Engine::Classic { table, .. } => table.seats(),
        }
    }

    /// A worker's bots.
    pub fn players(&self) -> Seats {
        match &self.engine {
            Engine::Ffg { rules, table } => Seats::Ffg(table.players(rules)),
            Engine::Classic { rules, table } => Seats::Classic(table.players(rules)),
        }
    }
}

impl Engine {
    /// The hero indexes whose survival `--precision` waits for: the fixed heroes of the seats,
    /// or every hero a random seat may draw.
    fn watched(&self) -> Vec<usize> {
        let mut v: Vec<usize> = match self {
            Engine::Ffg { rules, table } => {
                let fixed = table.config.heroes.iter().map(|p| match p {
                    HeroPick::Fixed(h) => Some(usize::from(*h)),
                    HeroPick::Random => None,
                });
                watched(fixed, 0..rules.heroes.len())
            }
            Engine::Classic { rules, table } => {
                let fixed = table.config.heroes.iter().map(|p| match p {
                    Pick::Fixed(h) => Some(usize::from(*h)),
                    Pick::Random => None,
                });
                watched(fixed, rules.default_heroes().map(|(h, _)| usize::from(h)))
            }
        };
        v.sort_unstable();
        v.dedup();
        v
    }
}

/// The fixed heroes of the seats, or the pool a random seat draws from if there is one.
fn watched(fixed: impl Iterator<Item = Option<usize>>, pool: impl Iterator<Item = usize>) -> Vec<usize> {
    let fixed: Option<Vec<usize>> = fixed.collect();
    fixed.unwrap_or_else(|| pool.collect())
}

impl GameFamily for DungeonQuest {
    const GAME: &'static str = crate::schema::dungeonquest::GAME;
    const WATCHED: &'static str = "every hero's survival";
    type Setup = Setup;
    type Players = Seats;
    type Row = Row;
    type Consts = Consts;
    type Tally = Tally;

    const RULES_KEYS: &'static [(&'static str, &'static str)] = &[("data_hash", "data hash"), ("edition", "edition")];
    const TABLE_KEYS: &'static [(&'static str, &'static str)] =
        &[("heroes", "heroes"), ("bots", "bots"), ("monster_policy", "monster policy"), ("rules", "rules")];

    fn setup(table: &TableArgs) -> Result<Setup, Failure> {
        Setup::new(table)
    }

    fn players(s: &Setup) -> Seats {
        s.players()
    }

    fn chunk_games(s: &Setup) -> u64 {
        crate::cli::chunk_games(match &s.engine {
            Engine::Ffg { table, .. } => &table.specs,
            Engine::Classic { table, .. } => &table.specs,
        })
    }

    fn consts(s: &Setup, seed: u64) -> Consts {
        consts(&s.sheets(), &s.seating(), seed)
    }

    fn rows_per_game(s: &Setup) -> usize {
        s.seats()
    }

    fn play(s: &Setup, seed: u64, games: Range<u64>, players: &mut Seats, into: &mut Chunk<Row, Tally>) -> bool {
        // One match a chunk: each arm's loop is the engine's own, monomorphised.
        match (&s.engine, players) {
            (Engine::Ffg { rules, table }, Seats::Ffg(players)) => {
                play_games(rules, table, seed, games, players, |game, i| {
                    into.tally.add_game();
                    for seat in 0..game.seats() {
                        keep(into, Row::of(game, i, seat));
                    }
                })
            }
            (Engine::Classic { rules, table }, Seats::Classic(players)) => {
                play_classic(rules, table, seed, games, players, |game, i| {
                    into.tally.add_game();
                    for seat in 0..game.seats() {
                        keep(into, Row::of_classic(game, i, seat));
                    }
                })
            }
            _ => unreachable!("a worker's players are built from its setup"),
        }
    }

    fn meta(s: &Setup) -> FamilyMeta {
        let (sheets, seating) = (s.sheets(), s.seating());
        let mut m = FamilyMeta::default();
        m.rules.put("data_hash", meta::hex(sheets.data_hash)).put("edition", sheets.edition);
        m.table
            .put("heroes", seating.heroes)
            .put("bots", seating.bots.join(","))
            .put("monster_policy", seating.monster)
            .put("rules", seating.rules_label);
        if let Some(dir) = &s.data.data {
            m.source.put("data_dir", dir.display());
        }
        m
    }

    fn widest(s: &Setup, tally: &Tally) -> Option<f64> {
        widest(tally, &s.watched).map(|(_, w)| w)
    }

    fn describe(s: &Setup, seed: u64) -> String {
        let seating = s.seating();
        format!(
            "edition {}, seed {seed}, heroes {}, bots {}, rules {}",
            s.sheets().edition,
            seating.heroes,
            seating.bots.join(","),
            if seating.rules_label.is_empty() { "standard" } else { seating.rules_label },
        )
    }

    fn summary_text(s: &Setup, tally: &Tally, run: &RunEnd<'_>) -> String {
        summary::text(tally, &facts(s, tally, run))
    }

    fn summary_json(s: &Setup, tally: &Tally, run: &RunEnd<'_>) -> serde_json::Value {
        summary::json(tally, &facts(s, tally, run))
    }

    fn headline(tally: &Tally) -> Headline {
        let c = tally.total();
        Headline { games: tally.games, seat_games: c.games, reached: c.survived, score_of_reached: c.gold_survivors }
    }
}

/// Counts a row and keeps it.
#[inline]
fn keep(into: &mut Chunk<Row, Tally>, row: Row) {
    into.tally.add_row(&row);
    into.keep(row);
}

impl RunTally for Tally {
    fn games(&self) -> u64 {
        self.games
    }
    fn merge(&mut self, other: &Tally) {
        Tally::merge(self, other);
    }
    fn clear(&mut self) {
        Tally::clear(self);
    }
}

/// The summary's facts of a finished run.
fn facts<'a>(s: &'a Setup, tally: &Tally, run: &RunEnd<'_>) -> RunFacts<'a> {
    let (sheets, seating, range) = (s.sheets(), s.seating(), run.range);
    let widest = widest(tally, &s.watched).map(|(h, w)| (sheets.hero_ids[h].to_string(), w));
    RunFacts {
        seed: run.seed,
        games_in_run: run.games_in_run,
        first_game: range.start,
        end_game: run.end_game,
        precision: run.precision.map(|(wanted, most_games)| Precision { wanted, most_games, widest }),
        shard: run.shard.to_string(),
        heroes: seating.heroes,
        bots: seating.bots,
        monster_policy: seating.monster.to_string(),
        rules_label: seating.rules_label,
        threads: run.threads,
        seconds: run.seconds,
        out: run.out.map(|p| p.display().to_string()),
        replay: format!(
            "dq replay --seed {} --game {}{}",
            run.seed,
            range.start.min(range.end.saturating_sub(1)),
            seating.options(&s.data)
        ),
        rules: sheets,
    }
}

/// Plays games `games` one after another with `players`, handing each finished game and its
/// index to `each`: the loop `dq run` and `dq bench` share. `false` if Ctrl-C stopped it
/// (looked at every 256 games).
pub(crate) fn play_games(
    rules: &Rules,
    table: &Table,
    seed: u64,
    games: Range<u64>,
    players: &mut Players,
    mut each: impl FnMut(&Game<'_>, u64),
) -> bool {
    // One `Game` for all the games, restarted in place for each: the same games without
    // building (and copying out) kilobytes of fresh state per game.
    let mut slot: Option<Game<'_>> = None;
    for i in games {
        if i % 256 == 0 && pipeline::stopping() {
            return false;
        }
        let game = match &mut slot {
            Some(g) => {
                dq_bots::play_into(g, &table.config, seed, i, players, &mut NoObserver)
                    .expect("configuration checked before the run");
                g
            }
            None => slot.insert(
                dq_bots::play(rules, &table.config, seed, i, players, &mut NoObserver)
                    .expect("configuration checked before the run"),
            ),
        };
        each(game, i);
    }
    true
}

/// Plays 1987 games `games` one after another with `players`, handing each finished game
/// and its index to `each` (as [`play_games`] for the FFG editions).
pub(crate) fn play_classic(
    rules: &ClassicRules,
    table: &ClassicTable,
    seed: u64,
    games: Range<u64>,
    players: &mut ClassicPlayers,
    mut each: impl FnMut(&ClassicGame<'_>, u64),
) -> bool {
    let mut game = ClassicGame::new(rules, &table.config, seed, games.start, &mut NoObserver)
        .expect("configuration checked before the run");
    for i in games {
        if i % 256 == 0 && pipeline::stopping() {
            return false;
        }
        play_classic_into(&mut game, &table.config, seed, i, players, &mut NoObserver)
            .expect("configuration checked before the run");
        each(&game, i);
    }
    true
}

/// The column values shared by every row of the run (also used by `dq replay`).
pub(crate) fn consts(sheets: &Sheets<'_>, seating: &Seating<'_>, seed: u64) -> Consts {
    Consts {
        hero_ids: sheets.hero_ids.iter().map(|h| h.to_string()).collect(),
        bots: seating.bots.to_vec(),
        edition: sheets.edition.name().into(),
        rules: seating.rules_label.to_string(),
        monster_policy: seating.monster.to_string(),
        seed,
    }
}

/// The watched hero with the widest survival interval and its half-width, or `None` while
/// one of them has no game yet.
pub fn widest(t: &Tally, watched: &[usize]) -> Option<(usize, f64)> {
    let mut out: Option<(usize, f64)> = None;
    for &h in watched {
        let c = &t.by_hero[h % crate::outcome::MAX_HEROES];
        if c.games == 0 {
            return None;
        }
        let (lo, hi) = crate::summary::ci95(c.survived, c.games);
        let half = (hi - lo) / 2.0;
        if out.is_none_or(|(_, w)| half > w) {
            out = Some((h, half));
        }
    }
    out
}
