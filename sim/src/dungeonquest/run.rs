//! DungeonQuest as a [`GameFamily`]: how `dq run` (the shared runner, `crate::runner`)
//! plays its games, what it counts and writes of them, and its metadata, precision watch
//! and summary.
//!
//! Each worker reuses one set of bots, and one `Game` restarted in place game after game;
//! each seat of a finished game gives a [`Row`] and integer [`Tally`] counts. The precision
//! stop watches every fielded hero's survival interval.

use crate::cli::{DataArgs, TableArgs};
use crate::edition;
use crate::error::Failure;
use crate::family::{Chunk, FamilyMeta, GameFamily, Headline, RunEnd, RunTally};
use crate::meta;
use crate::outcome::{Row, Tally};
use crate::parquet_out::Consts;
use crate::pipeline;
use crate::summary::{self, Precision, RunFacts};
use crate::table::Table;
use dq_bots::Players;
use dq_engine::{Game, HeroPick, NoObserver, Rules};
use std::collections::BTreeMap;
use std::ops::Range;

/// DungeonQuest, the family (see [`GameFamily`]).
pub struct DungeonQuest;

/// A DungeonQuest run's checked setup: the rules, where they came from, the table, and the
/// heroes a precision watches.
pub struct Setup {
    pub rules: Rules,
    /// Where the rules came from (an edition or a `--data` folder): printed back in the
    /// replay command and kept in the file.
    pub data: DataArgs,
    pub table: Table,
    /// The heroes whose survival a precision waits for: those the run's seats can field.
    watched: Vec<usize>,
}

impl GameFamily for DungeonQuest {
    const GAME: &'static str = crate::schema::dungeonquest::GAME;
    const WATCHED: &'static str = "every hero's survival";
    type Setup = Setup;
    type Players = Players;
    type Row = Row;
    type Consts = Consts;
    type Tally = Tally;

    const RULES_KEYS: &'static [(&'static str, &'static str)] = &[("data_hash", "data hash"), ("edition", "edition")];
    const TABLE_KEYS: &'static [(&'static str, &'static str)] =
        &[("heroes", "heroes"), ("bots", "bots"), ("monster_policy", "monster policy"), ("rules", "rules")];

    fn seats(meta: &BTreeMap<String, String>) -> Option<u64> {
        meta.get("dq.bots").map(|b| b.split(',').count() as u64)
    }

    fn setup(table: &TableArgs) -> Result<Setup, Failure> {
        let rules = edition::load(&table.data)?;
        // The table checks what the engine and the bots would refuse, without building either.
        let checked = Table::new(&rules, table)?;
        let watched = watched_heroes(&rules, &checked);
        Ok(Setup { rules, data: table.data.clone(), table: checked, watched })
    }

    fn players(s: &Setup) -> Players {
        s.table.players(&s.rules)
    }

    fn consts(s: &Setup, seed: u64) -> Consts {
        consts(&s.rules, &s.table, seed)
    }

    fn rows_per_game(s: &Setup) -> usize {
        s.table.seats()
    }

    fn play(s: &Setup, seed: u64, games: Range<u64>, players: &mut Players, into: &mut Chunk<Row, Tally>) -> bool {
        play_games(&s.rules, &s.table, seed, games, players, |game, i| {
            into.tally.add_game();
            for seat in 0..game.seats() {
                let row = Row::of(game, i, seat);
                into.tally.add_row(&row);
                into.keep(row);
            }
        })
    }

    fn meta(s: &Setup) -> FamilyMeta {
        let (rules, table) = (&s.rules, &s.table);
        let mut m = FamilyMeta::default();
        m.rules.put("data_hash", meta::hex(rules.data_hash)).put("edition", rules.edition);
        m.table
            .put("heroes", &table.heroes)
            .put("bots", table.bots.join(","))
            .put("monster_policy", table.monster)
            .put("rules", &table.rules_label);
        if let Some(dir) = &s.data.data {
            m.source.put("data_dir", dir.display());
        }
        m
    }

    fn widest(s: &Setup, tally: &Tally) -> Option<f64> {
        widest(tally, &s.watched).map(|(_, w)| w)
    }

    fn describe(s: &Setup, seed: u64) -> String {
        let table = &s.table;
        format!(
            "edition {}, seed {seed}, heroes {}, bots {}, rules {}",
            s.rules.edition,
            table.heroes,
            table.bots.join(","),
            if table.rules_label.is_empty() { "standard" } else { &table.rules_label },
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
    let (rules, table, range) = (&s.rules, &s.table, run.range);
    RunFacts {
        rules,
        seed: run.seed,
        games_in_run: run.games_in_run,
        first_game: range.start,
        end_game: run.end_game,
        precision: run.precision.map(|(wanted, most_games)| Precision {
            wanted,
            most_games,
            widest: widest(tally, &s.watched).map(|(h, w)| (rules.heroes[h].id.clone(), w)),
        }),
        shard: run.shard.to_string(),
        heroes: &table.heroes,
        bots: &table.bots,
        monster_policy: table.monster.to_string(),
        rules_label: &table.rules_label,
        threads: run.threads,
        seconds: run.seconds,
        out: run.out.map(|p| p.display().to_string()),
        replay: format!(
            "dq replay --seed {} --game {}{}",
            run.seed,
            range.start.min(range.end.saturating_sub(1)),
            table.options(&s.data)
        ),
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

/// The column values shared by every row of the run (also used by `dq replay`).
pub(crate) fn consts(rules: &Rules, table: &Table, seed: u64) -> Consts {
    Consts {
        hero_ids: rules.heroes.iter().map(|h| h.id.clone()).collect(),
        bots: table.bots.clone(),
        edition: rules.edition.name().into(),
        rules: table.rules_label.clone(),
        monster_policy: table.monster.to_string(),
        seed,
    }
}

/// The hero indexes whose survival `--precision` waits for: the fixed heroes of the seats, or
/// every hero if a seat is random.
fn watched_heroes(rules: &Rules, table: &Table) -> Vec<usize> {
    let mut v: Vec<usize> = if table.config.heroes.contains(&HeroPick::Random) {
        (0..rules.heroes.len()).collect()
    } else {
        table
            .config
            .heroes
            .iter()
            .filter_map(|p| if let HeroPick::Fixed(h) = p { Some(*h as usize) } else { None })
            .collect()
    };
    v.sort_unstable();
    v.dedup();
    v
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
