//! The game families dq plays: [`Family`], the registry a new family adds a line to (its
//! name is the `--game` option's value, the results file's `game` column and `dq.game` key),
//! and [`GameFamily`], what a family gives the runner, the writer and merge, which are
//! written once over it (`crate::runner`).

use crate::cli::{Shard, TableArgs};
use crate::dealing_dungeons::run::DealingDungeons;
use crate::dungeon_of_chaos::run::DungeonOfChaos;
use crate::dungeonquest::run::DungeonQuest;
use crate::error::Failure;
use crate::meta::Meta;
use crate::schema::{ColumnDef, ResultsTable};
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

/// A game family: its rules engine, bots, results columns and report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Family {
    /// DungeonQuest in its editions (`--edition revised|third`).
    #[default]
    DungeonQuest,
    /// Dealing Dungeons (2021; `--mode standard`).
    DealingDungeons,
    /// The Dungeon of Chaos (`dq run`, `dq replay`, `dq bench`; no report yet).
    DungeonOfChaos,
}

impl Family {
    /// Every family, in the order help texts list them.
    pub const ALL: [Family; 3] = [Family::DungeonQuest, Family::DealingDungeons, Family::DungeonOfChaos];

    /// The family's name on the command line and in results files.
    pub fn name(self) -> &'static str {
        match self {
            Family::DungeonQuest => DungeonQuest::GAME,
            Family::DealingDungeons => DealingDungeons::GAME,
            Family::DungeonOfChaos => DungeonOfChaos::GAME,
        }
    }

    /// The family named `name`, if dq plays it.
    pub fn parse(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The results file's columns (the common prefix first).
    pub fn columns(self) -> &'static [ColumnDef] {
        match self {
            Family::DungeonQuest => columns::<DungeonQuest>(),
            Family::DealingDungeons => columns::<DealingDungeons>(),
            Family::DungeonOfChaos => columns::<DungeonOfChaos>(),
        }
    }

    /// The metadata keys (without `dq.`) that identify a run of the family, with their words
    /// in messages: see [`run_keys`].
    pub fn run_keys(self) -> Vec<(&'static str, &'static str)> {
        match self {
            Family::DungeonQuest => run_keys::<DungeonQuest>(),
            Family::DealingDungeons => run_keys::<DealingDungeons>(),
            Family::DungeonOfChaos => run_keys::<DungeonOfChaos>(),
        }
    }

    /// The known names, comma-separated (for messages).
    pub fn known() -> String {
        Family::ALL.map(Family::name).join(", ")
    }
}

/// The game a results file names in its `dq.game` metadata (`None` for a file that cannot be
/// read, or names a game dq does not know). A dq results file without the key is DungeonQuest
/// (the first files had none). Commands that read files use it where `--game` is not given.
pub fn game_in_file(path: &Path) -> Option<Family> {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let reader = SerializedFileReader::new(std::fs::File::open(path).ok()?).ok()?;
    let kv = reader.metadata().file_metadata().key_value_metadata().cloned().unwrap_or_default();
    match kv.into_iter().find(|k| k.key == "dq.game") {
        Some(k) => Family::parse(k.value.as_deref()?),
        None => Some(Family::DungeonQuest),
    }
}

impl std::fmt::Display for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The run-identity keys every family's files carry (without `dq.`), before the family's
/// rules keys: the build.
pub const BUILD_KEYS: [(&str, &str); 4] =
    [("schema_version", "schema version"), ("game", "game"), ("version", "dq version"), ("git_commit", "git commit")];

/// The run-identity keys every family's files carry after the family's rules keys: the seeds
/// and the run's size.
pub const SIZE_KEYS: [(&str, &str); 4] = [
    ("seed_scheme", "seed scheme"),
    ("master_seed", "seed"),
    ("games", "run size (--games)"),
    ("chunk_size", "chunk size"),
];

/// Every metadata key (without `dq.`) that identifies a run of family `F`, in order, with its
/// words in messages: parts of one run agree on all of them, and results files that agree on
/// them hold the same game at the same index.
pub fn run_keys<F: GameFamily>() -> Vec<(&'static str, &'static str)> {
    BUILD_KEYS.iter().chain(F::RULES_KEYS).chain(SIZE_KEYS.iter()).chain(F::TABLE_KEYS).copied().collect()
}

/// What a game family gives the shared runner (`dq run`, `dq sweep`), Parquet writer and
/// merge: its checked setup, players, rows, results table and integer tallies, and how it
/// plays a range of games. Everything is monomorphised (no `dyn`): the hot loop is the
/// family's own [`GameFamily::play`], called once per chunk.
pub trait GameFamily: Sized {
    /// The family's name (see [`Family::name`]).
    const GAME: &'static str;
    /// What a `--precision` run waits for, for its progress bar ("every hero's survival").
    const WATCHED: &'static str;
    /// Seats of the smallest table the family plays (a sweep's `players` default).
    const DEFAULT_SEATS: u8 = 1;
    /// Games per pass of `dq bench` without `--games`: enough for steady figures, few enough
    /// that a pass takes seconds, not minutes.
    const BENCH_GAMES: u64 = 200_000;
    /// The family's part of a checked run plan (DungeonQuest: rules and table), built once.
    type Setup: Sync;
    /// One worker thread's players, built once per thread and reused game after game.
    type Players;
    /// One seat's result in one game: the per-game columns of a results row.
    type Row: Copy + Send;
    /// What every row of a run shares; it writes the family's rows into its columns.
    type Consts: ResultsTable<Row = Self::Row>;
    /// Integer counts over games, what summaries and precision stops are computed from.
    type Tally: RunTally;

    /// Loads and checks the table options (refusing what the engine or bots would refuse).
    fn setup(table: &TableArgs) -> Result<Self::Setup, Failure>;

    /// A worker's players.
    fn players(setup: &Self::Setup) -> Self::Players;

    /// The run constants of a run of `setup` under `seed`.
    fn consts(setup: &Self::Setup, seed: u64) -> Self::Consts;

    /// Rows each game gives (seats), to size a chunk's row buffer once.
    fn rows_per_game(setup: &Self::Setup) -> usize;

    /// Plays games `games` (seeded from `seed` and each game's index), one game restarted in
    /// place, counting each into `into.tally` and keeping its rows with [`Chunk::keep`].
    /// `false` if a stop signal cut it short.
    fn play(
        setup: &Self::Setup,
        seed: u64,
        games: Range<u64>,
        players: &mut Self::Players,
        into: &mut Chunk<Self::Row, Self::Tally>,
    ) -> bool;

    /// Games per chunk of a run of this setup ([`crate::cli::chunk_games`] of its bots).
    fn chunk_games(setup: &Self::Setup) -> u64;

    /// The family's metadata keys (without `dq.`) that name what a run played, with their
    /// words in messages: parts of one run share them all (`dq merge`), and files agreeing on
    /// them hold the same game at the same index. The rules' keys follow the build's, the
    /// table's the run size, in [`GameFamily::meta`]'s order.
    const RULES_KEYS: &'static [(&'static str, &'static str)];
    /// See [`GameFamily::RULES_KEYS`].
    const TABLE_KEYS: &'static [(&'static str, &'static str)];

    /// The seats of every game of a run, read from its `dq.*` metadata (`dq merge` checks a
    /// part's row count with it): by default one a bot in `dq.bots`.
    fn seats(meta: &BTreeMap<String, String>) -> Option<u64> {
        meta.get("dq.bots").map(|b| b.split(',').count() as u64)
    }

    /// The family's own `dq.*` metadata keys.
    fn meta(setup: &Self::Setup) -> FamilyMeta;

    /// The half-width of the widest interval a `--precision` run watches, `None` while one
    /// of them has nothing counted yet.
    fn widest(setup: &Self::Setup, tally: &Self::Tally) -> Option<f64>;

    /// What is played, as `dq run --dry-run` says it after "of " (rules, seed, table).
    fn describe(setup: &Self::Setup, seed: u64) -> String;

    /// The readable summary of a finished run.
    fn summary_text(setup: &Self::Setup, tally: &Self::Tally, run: &RunEnd<'_>) -> String;

    /// The summary as JSON (`--json`).
    fn summary_json(setup: &Self::Setup, tally: &Self::Tally, run: &RunEnd<'_>) -> serde_json::Value;

    /// The figures runs are compared by at a glance (`dq sweep`'s table).
    fn headline(tally: &Self::Tally) -> Headline;
}

/// The results columns of family `F`.
pub fn columns<F: GameFamily>() -> &'static [ColumnDef] {
    <F::Consts as ResultsTable>::COLUMNS
}

/// Integer counts over a set of games: added in any order, they give the same result, so
/// summaries are the same for any thread count. A family's `play` adds its games.
pub trait RunTally: Default + Send {
    /// Games counted.
    fn games(&self) -> u64;
    /// Adds another tally.
    fn merge(&mut self, other: &Self);
    /// Back to zero.
    fn clear(&mut self) {
        *self = Self::default();
    }
}

/// A worker's output for one chunk, reused chunk after chunk: the rows (kept only when the
/// run writes a file) and the tally.
pub struct Chunk<R, T> {
    rows: Option<Vec<R>>,
    pub tally: T,
}

impl<R, T: RunTally> Chunk<R, T> {
    /// A buffer for chunks of `games` games of `rows_per_game` rows, keeping rows only if
    /// `keep_rows`.
    pub fn new(keep_rows: bool, games: usize, rows_per_game: usize) -> Self {
        Chunk { rows: keep_rows.then(|| Vec::with_capacity(games * rows_per_game)), tally: T::default() }
    }

    /// Keeps a row, if rows are kept.
    #[inline]
    pub fn keep(&mut self, row: R) {
        if let Some(rows) = &mut self.rows {
            rows.push(row);
        }
    }

    /// The rows kept, if rows are kept.
    pub fn rows(&self) -> Option<&[R]> {
        self.rows.as_deref()
    }

    /// Empty again, for the next chunk.
    pub fn clear(&mut self) {
        if let Some(rows) = &mut self.rows {
            rows.clear();
        }
        self.tally.clear();
    }
}

/// A family's own `dq.*` keys, in the three places of the file's key order (the order the
/// first files had, kept so that files stay byte for byte the same).
#[derive(Default)]
pub struct FamilyMeta {
    /// The rules played, after the build's keys (DungeonQuest: data hash, edition).
    pub rules: Meta,
    /// Who played, after the games' range (DungeonQuest: heroes, bots, monster policy, rules).
    pub table: Meta,
    /// Where the rules came from, after the command line (DungeonQuest: a `--data` folder).
    pub source: Meta,
}

/// What the runner knows of a finished run, for the family's summary.
pub struct RunEnd<'a> {
    pub seed: u64,
    /// Games in the run (a precision run: those it played to).
    pub games_in_run: u64,
    /// The games this process was to play (its shard of the run).
    pub range: &'a Range<u64>,
    /// The end of the games played.
    pub end_game: u64,
    /// `--precision` and the most games it would have played.
    pub precision: Option<(f64, u64)>,
    pub shard: Shard,
    pub threads: usize,
    pub seconds: f64,
    pub out: Option<&'a Path>,
}

impl RunEnd<'_> {
    /// The game whose replay command a summary prints: the first this process played.
    pub fn first_game(&self) -> u64 {
        self.range.start.min(self.range.end.saturating_sub(1))
    }

    /// The closing lines of a readable run summary: speed, the file written (`rows` rows) and
    /// the command that replays [`RunEnd::first_game`] (`replay`).
    pub fn footer(&self, games: u64, rows: u64, replay: &str) -> [Option<String>; 3] {
        [
            Some(format!(
                "{:.0} games/s ({games} games in {:.2} s on {} thread{})",
                games as f64 / self.seconds.max(1e-9),
                self.seconds,
                self.threads,
                if self.threads == 1 { "" } else { "s" }
            )),
            self.out.map(|out| format!("wrote {} ({rows} rows)", out.display())),
            Some(format!("replay a game: {replay}")),
        ]
    }
}

/// The headline of a run: games, seat-games, how many of these reached the family's goal
/// (DungeonQuest: survived), and the score summed over the rows the family's report scores:
/// those that reached the goal (their gold), or every row where the report scores them all
/// (The Dungeon of Chaos: gold held at the end, won or not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Headline {
    pub games: u64,
    pub seat_games: u64,
    pub reached: u64,
    pub score_of_reached: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_the_game_column() {
        for f in Family::ALL {
            assert_eq!(Family::parse(f.name()), Some(f));
            assert_eq!(f.columns()[0].name, "game");
        }
        assert_eq!(Family::parse("chess"), None);
        assert_eq!(Family::default().name(), "dungeonquest");
    }
}
