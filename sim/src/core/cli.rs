//! The command line as clap sees it: every option, its default and its help text.
//!
//! Values clap can check on its own (numbers, `--shard I/N`) are parsed here with messages
//! that say what is expected; names that need the rules (heroes, bots, optional rules) are
//! checked in [`crate::table`] once the rules are loaded.

use crate::family::Family;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// The seed used when `--seed` is not given (printed with every summary, so any run can be
/// repeated).
pub const DEFAULT_SEED: u64 = 20141;

/// Games per chunk: the unit of parallel work, of progress ticks and of output batches.
/// Results never depend on it (game `i` depends on the master seed and `i` only). Small
/// enough that a short four-hero run still cuts into enough chunks to keep every core busy
/// to the end (20,000 games make 20 chunks, not 5), large enough that handing out a chunk
/// costs nothing next to playing it.
pub const CHUNK: u64 = 1024;

/// Games per chunk when a seat searches (`expert`): its games take milliseconds to seconds
/// each, so 1,024-game chunks would leave all but one core idle in a run of a thousand games
/// and hold the progress bar still for minutes; a handful of games is still many times the
/// cost of handing a chunk out.
pub const SEARCH_CHUNK: u64 = 8;

/// Games per chunk of a run seating these bots: [`SEARCH_CHUNK`] if one of them searches,
/// else [`CHUNK`]. Fixed by the run's options, never by `--threads`, so the rows and the file
/// stay the same on any machine.
pub fn chunk_games(specs: &[dq_bots::BotSpec]) -> u64 {
    if specs.iter().any(|s| s.kind == dq_bots::BotKind::Expert) {
        SEARCH_CHUNK
    } else {
        CHUNK
    }
}

/// `dq`: the simulator of the dungeon games (DungeonQuest, Dealing Dungeons, The Dungeon of
/// Chaos).
#[derive(Parser, Debug)]
#[command(
    name = "dq",
    version,
    about = "Dungeon board games simulator (DungeonQuest, Dealing Dungeons, The Dungeon of Chaos): \
        seeded Monte Carlo runs, single-combat duels and replays",
    long_about = "Dungeon board games simulator (DungeonQuest, Dealing Dungeons, The Dungeon of Chaos): \
        seeded Monte Carlo runs, single-combat duels and replays.\n\n\
        Every result depends only on the options and the seed: the same command prints the same \
        figures and writes the same rows whatever --threads or --shard."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Monte Carlo run: play many games in parallel, print a summary, optionally write one
    /// Parquet row per hero per game.
    Run(RunArgs),
    /// One combat many times: the odds of a hero against a monster.
    Duel(DuelArgs),
    /// Re-play exactly one game of a run and print its turn-by-turn trace.
    Replay(ReplayArgs),
    /// Measure games/s on one thread and on all threads, the RNG floor and allocations per
    /// game, playing as `dq run` does.
    Bench(BenchArgs),
    /// Join the Parquet parts of a sharded run (`dq run --shard I/N`) into one file whose rows
    /// are those of the unsharded run; refuses parts of different runs, overlaps and gaps.
    Merge(MergeArgs),
    /// Print a shell completion script: `dq completions bash > ~/.local/share/bash-completion/completions/dq`.
    Completions(CompletionsArgs),
    /// Print the dq(1) man page as roff (`dq man | man -l -`), one subcommand's page, or write them all.
    Man(ManArgs),
    /// A report folder (HTML page, Markdown and JSON summaries, charts) from results files:
    /// survival with intervals, gold, death causes, turns and the treasure chamber per
    /// edition × rules × hero × bot × players (Dealing Dungeons: per mode × rules × hero × bot
    /// × players, with End Bosses defeated, loot and levels).
    Report(ReportArgs),
    /// Compare two runs (B − A): survival and gold differences with intervals and a p-value,
    /// paired game by game when the runs share seed and games.
    Compare(CompareArgs),
    /// Run a grid of variants from a TOML file as one job: one Parquet file per cell
    /// (a folder per cell) and the report of the whole grid.
    Sweep(SweepArgs),
}

/// Which game's rules a command plays, or whose results it reads.
#[derive(Args, Debug, Clone)]
pub struct GameArg {
    /// The game [known: dungeonquest, dealing-dungeons, dungeon-of-chaos] [default: dungeonquest]. Results files
    /// of another game are refused by name.
    #[arg(long = "game", value_name = "NAME", default_value = "dungeonquest", value_parser = FamilyName, hide_default_value = true, hide_possible_values = true)]
    pub family: Family,
}

/// `--game` of the commands that read results files (`report`, `compare`, `merge`): without
/// it, the game the first file names in its metadata, so a file is read as what it holds.
#[derive(Args, Debug, Clone)]
pub struct ReadGameArg {
    /// The game whose results files are read [known: dungeonquest, dealing-dungeons,
    /// dungeon-of-chaos] [default: the game of the first file]. Files of another game are refused
    /// by name.
    #[arg(long = "game", value_name = "NAME", value_parser = FamilyName, hide_possible_values = true)]
    pub family: Option<Family>,
}

/// Where the rule data comes from.
#[derive(Args, Debug, Clone)]
pub struct DataArgs {
    /// Rules edition whose embedded data to play [known: revised, third, classic] [default:
    /// revised]: DungeonQuest Revised (2014), 3rd edition (2010), or the 1987 Dungeonquest.
    #[arg(long, value_name = "NAME", conflicts_with = "data", value_parser = Listed(&["revised", "third", "classic"]), hide_possible_values = true)]
    pub edition: Option<String>,
    /// Play the data files of this folder (game.ron, heroes.ron, tiles.ron, decks.ron,
    /// combat.ron) instead of the embedded ones, e.g. a copy of data/dungeonquest/revised with
    /// estimated values replaced; a folder with monsters.ron is a 1987 one (heroes, combat,
    /// monsters, treasure, decks, tiles: a copy of data/dungeonquest/classic).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

/// The bot option that seats `bots` as a user would type it: `--bot` and one spec if all
/// seats share it, else `--bots` and each seat's.
pub fn bot_option(bots: &[String]) -> String {
    if bots.iter().all(|b| *b == bots[0]) {
        format!("--bot {}", bots[0])
    } else {
        format!("--bots {}", bots.join(","))
    }
}

/// What every game of a run is played with: data, heroes, bots, optional rules, seed.
#[derive(Args, Debug, Clone)]
pub struct TableArgs {
    #[command(flatten)]
    pub data: DataArgs,
    /// Heroes, one per seat: comma-separated hero ids (gherinn, challara, hugo, krutzbeck,
    /// lindel, tatianna; classic: rohan, ulf, el-adoran, volrik, and the unverified extra
    /// characters by name) or `random` (a seeded random hero), e.g. `hugo,random`; or a number
    /// 1-4 for that many random heroes. One hero without `--rule solo` plays the multiplayer
    /// rules, the monster played by `--monster-policy`; `--rule solo` gives the solo rules.
    /// dealing-dungeons: 1-4 heroes, a card's id for its front side (barbarian, ranger, mage,
    /// ...) or its back's name for the back (berserker, huntress, ...). dungeon-of-chaos: 2-4
    /// adventurers, a profile's name (faerie, wizard, ...) fixing a seat's first character, or
    /// `random` (three profiles dealt, the bot chooses). [default: one seat per `--bots`
    /// entry; else 1, or 2 where the game or mode needs two (dungeon-of-chaos;
    /// dealing-dungeons' standard, co-op and chaos modes)]
    #[arg(long, value_name = "LIST", value_parser = Listed(&HERO_VALUES), hide_possible_values = true)]
    pub heroes: Option<String>,
    /// Bot playing every seat, e.g. `greedy`, `cautious:margin=3` (bots: greedy, cautious,
    /// mixed, random) [default: greedy].
    #[arg(long_help = BOT_HELP, long, value_name = "SPEC", conflicts_with = "bots", value_parser = Listed(&BOT_VALUES), hide_possible_values = true)]
    pub bot: Option<String>,
    /// One bot per seat, comma-separated, e.g. `greedy,cautious`.
    #[arg(long, value_name = "SPEC,..")]
    pub bots: Option<String>,
    /// The monster player's combat-card policy: random, equilibrium or adversarial (third:
    /// random = a uniform legal card, equilibrium = the bots' card rules of thumb; adversarial
    /// is Revised only; classic: the counters uniform, at the display's equilibrium, or the
    /// best answer to the hero's mix) [default: random in revised and classic, equilibrium in
    /// third].
    #[arg(long, value_name = "NAME", value_parser = Listed(&["random", "equilibrium", "adversarial"]), hide_possible_values = true)]
    pub monster_policy: Option<String>,
    /// Optional rule, repeatable or comma-separated: cloak-and-dagger, combat-dice (third),
    /// death-can-wait, hero-vs-hero, late-start, live-to-fight-another-day, magical-might=N, no-abilities,
    /// no-guts-no-glory, servants-of-kalladra, solo (going-it-alone), torchlight, tower-power;
    /// rules that do not apply to the edition are refused (classic has none: one hero plays
    /// its solo rules) [default: none]. A one-hero game is
    /// played by the solo rules only with `solo`; without it, by the multiplayer rules with the
    /// monster played by the monster policy. Dealing Dungeons: bag-swap, choose-from-all,
    /// choose-from-two, long-dungeon=N (solo-moderate, 12-15), rolled-attack.
    #[arg(long = "rule", value_name = "NAME", value_delimiter = ',', value_parser = Listed(&RULE_VALUES), hide_possible_values = true)]
    pub rules: Vec<String>,
    /// The mode of `--game dealing-dungeons`: standard, co-op or chaos (2-4 heroes),
    /// solo-regular, solo-moderate or solo-hard (1 hero) [default: standard, or solo-regular
    /// for one hero]. The other games have none.
    #[arg(long, value_name = "NAME", value_parser = Listed(&MODE_VALUES), hide_possible_values = true)]
    pub mode: Option<String>,
    /// Master seed: game i of a run depends only on this seed and i.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED, value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: u64,
}

impl TableArgs {
    /// `--heroes` as given, or, when it is not, one seat per `--bots` entry, else
    /// `seats` (the game's or mode's smallest table): a user who names two bots or a
    /// two-player mode need not count seats again.
    pub fn heroes_or(&self, seats: usize) -> String {
        match (&self.heroes, &self.bots) {
            (Some(h), _) => h.clone(),
            (None, Some(bots)) => bots.split(',').count().to_string(),
            (None, None) => seats.to_string(),
        }
    }
}

/// `dq run`.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    #[command(flatten)]
    pub game: GameArg,
    #[command(flatten)]
    pub table: TableArgs,
    /// Games to play in the whole run (a shard plays its part of them); with --precision, the
    /// most to play [default: 100000; with --precision 100000000].
    #[arg(long, value_name = "N", value_parser = parse_games, allow_hyphen_values = true)]
    pub games: Option<u64>,
    /// Play until every hero's survival rate is known to within ±P (the 95% Wilson interval's
    /// half-width, e.g. 0.005 for ±0.5 percentage points), in whole chunks of 1,024 games in
    /// game order, so a seed always stops at the same game; the summary says how many it took.
    #[arg(long, value_name = "P", value_parser = parse_precision, conflicts_with = "shard", allow_hyphen_values = true)]
    pub precision: Option<f64>,
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// Play only shard I of N (0 <= I < N): the contiguous games [I*G/N, (I+1)*G/N) of the
    /// G-game run, with their run-wide game_index. The N shards together hold the whole run.
    #[arg(long, value_name = "I/N", value_parser = parse_shard, allow_hyphen_values = true)]
    pub shard: Option<Shard>,
    /// Write one row per hero per game to this Parquet file (zstd). Written under a
    /// temporary name and renamed when complete.
    #[arg(long, value_name = "FILE.parquet")]
    pub out: Option<PathBuf>,
    /// A name for this run's variant (e.g. `health-30` for a `--data` folder with Gherinn's
    /// health changed), kept in the file (`dq.label`); reports keep runs of different labels
    /// apart and name them by it.
    #[arg(long, value_name = "TEXT", value_parser = parse_label)]
    pub label: Option<String>,
    /// Print the summary as JSON on stdout (the readable summary goes to stderr).
    #[arg(long)]
    pub json: bool,
    /// No progress bar; with --json, no readable summary on stderr either (without --json the
    /// readable summary is the output, on stdout).
    #[arg(long)]
    pub quiet: bool,
    /// Check every option (heroes, bots, rules, data, the output path) and print what the run
    /// would play, without playing or writing anything (e.g. before queueing a cluster job).
    #[arg(long)]
    pub dry_run: bool,
}

impl RunArgs {
    /// Games in the run: `--games`, else its default (with `--precision`, the most to play).
    pub fn games(&self) -> u64 {
        self.games.unwrap_or(if self.precision.is_some() { 100_000_000 } else { 100_000 })
    }
}

/// `dq bench`.
#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    #[command(flatten)]
    pub game: GameArg,
    #[command(flatten)]
    pub table: TableArgs,
    /// Games per pass (a one-thread pass and an all-threads pass each play games 0..N)
    /// [default: 200000; The Dungeon of Chaos, whose games are long, 5000].
    #[arg(long, value_name = "N", value_parser = parse_games, allow_hyphen_values = true)]
    pub games: Option<u64>,
    /// Threads of the parallel pass [default: all cores].
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// Rounds of measurement, each a one-thread pass, an all-threads pass and the RNG floor;
    /// the figures are the rounds' medians, so one slow moment of a busy machine does not
    /// become the result.
    #[arg(long, value_name = "R", default_value = "3", value_parser = parse_rounds, allow_hyphen_values = true)]
    pub rounds: u32,
    /// Do not write Parquet rows (by default each pass writes them to a temporary file, as
    /// `dq run --out` would, and deletes it).
    #[arg(long)]
    pub no_out: bool,
    /// Print the figures as one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

/// `dq duel`.
#[derive(Args, Debug, Clone)]
pub struct DuelArgs {
    #[command(flatten)]
    pub game: GameArg,
    #[command(flatten)]
    pub data: DataArgs,
    /// The hero id, e.g. `hugo`.
    #[arg(long, value_name = "ID")]
    pub hero: String,
    /// Wounds the hero has before the fight.
    #[arg(long, value_name = "W", default_value_t = 0, value_parser = parse_small, allow_hyphen_values = true)]
    pub wounds: u8,
    /// Monster kind, e.g. `troll` [default: drawn from the monster deck, as in a game].
    #[arg(long, value_name = "KIND")]
    pub monster: Option<String>,
    /// The monster's life [default: the card's value, as in a game]. Classic: the counter
    /// rounds alone (no reaction, Monster card or bow).
    #[arg(long, value_name = "L", value_parser = parse_small, allow_hyphen_values = true)]
    pub life: Option<u8>,
    /// Solo combat (the `solo` rule): Revised, the d6 table; third, Going It Alone; classic,
    /// the D12 solo table.
    #[arg(long)]
    pub solo: bool,
    /// The hero's bot (its combat and escape choices) [default: greedy].
    #[arg(long, value_name = "SPEC")]
    pub bot: Option<String>,
    /// The monster player's combat-card policy: random, equilibrium or adversarial (third:
    /// random = a uniform legal card, equilibrium = the bots' card rules of thumb; adversarial
    /// is Revised only; classic: the counters uniform, at the display's equilibrium, or the
    /// best answer to the bot's mix) [default: random in revised and classic, equilibrium in
    /// third].
    #[arg(long, value_name = "NAME")]
    pub monster_policy: Option<String>,
    /// The hero never tries to escape.
    #[arg(long)]
    pub no_escape: bool,
    /// Dealing Dungeons: the hero's level (skills at that level), 1 to 3, past 3 (to 30)
    /// with `--mode solo-hard` [default: 1]. The Dungeon of
    /// Chaos: the level whose Monster deck the monster is drawn from, by its copies, without
    /// --monster [default: 1].
    #[arg(long, value_name = "L", value_parser = parse_small, allow_hyphen_values = true)]
    pub level: Option<u8>,
    /// Dealing Dungeons: an End Boss fight against this boss (its card id, e.g. `troll-mage`)
    /// instead of a monster encounter.
    #[arg(long, value_name = "ID")]
    pub boss: Option<String>,
    /// Dealing Dungeons: the hero's fixed way of fighting. A monster: `fight`, `ranged` or
    /// `defend-then-fight` (Fight where it cannot be defended against); a boss: `fight`,
    /// `defend-then-fight` or `defend-above=K` (Defend when its dice total is K or more)
    /// [default: fight]. The Dungeon of Chaos: `attack`, `defend` or `flee-below=K` (ATTACK
    /// while Health is K or more, else FLEE) [default: attack], with `cast=ID`, `cast=any` or
    /// `cast=none` (the spells cast before the move) [default: any with --spells] and
    /// `drink-below=K` (the first potion drunk below Health K) [default: half the Health with
    /// --potion], comma-separated.
    #[arg(long, value_name = "NAME")]
    pub policy: Option<String>,
    /// Dealing Dungeons: spaces between the hero and the monster (above 0 only a ranged
    /// attack reaches it) [default: 0, the same room].
    #[arg(long, value_name = "D", value_parser = parse_small, allow_hyphen_values = true)]
    pub distance: Option<u8>,
    /// Dealing Dungeons: In Hand loot cards equipped (ids, comma-separated, e.g. `short-sword`).
    #[arg(long, value_name = "ID", value_delimiter = ',')]
    pub gear: Vec<String>,
    /// The Dungeon of Chaos: an item the hero holds, worn (its id, e.g. `broadsword`;
    /// repeatable or comma-separated). He ATTACKs with his best weapon against the monster.
    #[arg(long = "item", value_name = "ID", value_delimiter = ',')]
    pub items: Vec<String>,
    /// The Dungeon of Chaos: Spell cards in a spellcaster's hand (ids, comma-separated, e.g.
    /// `fireball`).
    #[arg(long, value_name = "ID", value_delimiter = ',')]
    pub spells: Vec<String>,
    /// The Dungeon of Chaos: a Potion card in the hero's hand (its id, e.g.
    /// `potion-of-healing`; repeatable or comma-separated).
    #[arg(long = "potion", value_name = "ID", value_delimiter = ',')]
    pub potions: Vec<String>,
    /// Dealing Dungeons: the solo mode whose foe is fought, `solo-moderate` (with `--way-out`)
    /// or `solo-hard` (with `--dungeon-level`) [default: the printed foes, as in the standard,
    /// co-op, chaos and solo-regular modes].
    #[arg(long, value_name = "NAME")]
    pub mode: Option<String>,
    /// Dealing Dungeons `--mode solo-moderate`: a monster met on the way back out after the End
    /// Boss (its attack and lives raised as the mode says).
    #[arg(long)]
    pub way_out: bool,
    /// Dealing Dungeons `--mode solo-hard`: the dungeon level (1-4) the foe is met on (its
    /// rolled attack and extra lives; a level's End Boss is stronger too).
    #[arg(long, value_name = "N", value_parser = parse_small, allow_hyphen_values = true)]
    pub dungeon_level: Option<u8>,
    /// Optional rule, repeatable or comma-separated (as in `dq run`).
    #[arg(long = "rule", value_name = "NAME", value_delimiter = ',')]
    pub rules: Vec<String>,
    /// Combats to fight.
    #[arg(long, value_name = "N", default_value = "100000", value_parser = parse_games, allow_hyphen_values = true)]
    pub games: u64,
    /// Master seed: combat i depends only on this seed and i.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED, value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: u64,
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// Print the result as JSON on stdout (the readable result goes to stderr).
    #[arg(long)]
    pub json: bool,
    /// No progress bar and no readable result on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// Trace formats of `dq replay`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Readable turn-by-turn log.
    Text,
    /// One JSON object: the game, its events and its Parquet rows.
    Json,
}

/// `dq replay`.
#[derive(Args, Debug, Clone)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// The game's index in the run (the Parquet game_index), as a number; or the game
    /// [known: dungeonquest, dealing-dungeons, dungeon-of-chaos] [default: dungeonquest], as a name (then give
    /// the index with `--index`).
    #[arg(long = "game", value_name = "I|NAME", value_parser = parse_index_or_family, allow_hyphen_values = true)]
    pub game: Option<IndexOrFamily>,
    /// The game's index in the run, when `--game` names the game.
    #[arg(long, value_name = "I", value_parser = parse_index, allow_hyphen_values = true)]
    pub index: Option<u64>,
    /// The run's size, if given: checks that the game is part of it.
    #[arg(long, value_name = "N", value_parser = parse_games, allow_hyphen_values = true)]
    pub games: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// What `dq replay --game` was given: the game's index (as always) or the game's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexOrFamily {
    Index(u64),
    Family(Family),
}

impl ReplayArgs {
    /// The game family replayed.
    pub fn family(&self) -> Family {
        match self.game {
            Some(IndexOrFamily::Family(f)) => f,
            _ => Family::default(),
        }
    }

    /// The index of the game replayed: `--game I` or `--index I`, exactly one of them.
    pub fn index(&self) -> Result<u64, String> {
        match (self.game, self.index) {
            (Some(IndexOrFamily::Index(i)), None) | (Some(IndexOrFamily::Family(_)) | None, Some(i)) => Ok(i),
            (Some(IndexOrFamily::Index(_)), Some(_)) => {
                Err("--game I and --index I both give the index: give one".into())
            }
            (_, None) => Err("which game? give its index: --game I (or --index I)".into()),
        }
    }
}

/// `dq merge`.
#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    #[command(flatten)]
    pub game: ReadGameArg,
    /// The parts: Parquet files written by `dq run --shard I/N --out`, or folders whose
    /// `*.parquet` files are the parts (hidden temporary files skipped).
    #[arg(value_name = "PART", required = true)]
    pub parts: Vec<PathBuf>,
    /// The merged file. Written under a temporary name and renamed when complete.
    #[arg(long, value_name = "FILE.parquet")]
    pub out: PathBuf,
    /// Merge even if some games of the run are in no part (by default that is refused); the
    /// file's dq.shard then says `partial` and dq.game_ranges lists the games it holds.
    #[arg(long)]
    pub allow_partial: bool,
}

/// `dq completions`.
#[derive(Args, Debug, Clone)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// `dq man`.
#[derive(Args, Debug, Clone)]
pub struct ManArgs {
    /// A subcommand whose page to print, e.g. `run` for dq-run(1) [default: the dq(1) page].
    #[arg(value_name = "COMMAND", conflicts_with = "dir")]
    pub command: Option<String>,
    /// Write every page (dq.1 and dq-COMMAND.1 for each subcommand) into this folder and print
    /// their paths.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// `dq report`.
#[derive(Args, Debug, Clone)]
pub struct ReportArgs {
    #[command(flatten)]
    pub game: ReadGameArg,
    /// Results files of `dq run --out`, folders (every *.parquet below) or quoted glob
    /// patterns such as 'runs/*.parquet'.
    #[arg(value_name = "FILE_OR_GLOB", required = true)]
    pub inputs: Vec<String>,
    /// The report folder: index.html, summary.md, summary.json and the charts (SVG, PNG).
    /// Written under a temporary name; an earlier report there is replaced.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// The rules each variant's effect is measured against, e.g. `late-start` [default: the
    /// game without optional rules].
    #[arg(long, value_name = "RULES")]
    pub baseline: Option<String>,
}

/// `dq compare`.
#[derive(Args, Debug, Clone)]
pub struct CompareArgs {
    #[command(flatten)]
    pub game: ReadGameArg,
    /// Run A (the baseline): a results file, a folder or a quoted glob pattern.
    #[arg(value_name = "A")]
    pub a: String,
    /// Run B (the variant): a results file, a folder or a quoted glob pattern.
    #[arg(value_name = "B")]
    pub b: String,
    /// Also compare per group of these columns, comma-separated: edition, rules, hero, bot,
    /// players, seat, monster_policy.
    #[arg(long, value_name = "COLUMNS")]
    pub by: Option<String>,
    /// Print the comparison as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `dq sweep`.
#[derive(Args, Debug, Clone)]
pub struct SweepArgs {
    #[command(flatten)]
    pub game: GameArg,
    /// The grid: a TOML file of lists (`games`, `seed`, `editions`, `rules`, `heroes`, `bots`,
    /// `players`); every combination is a cell. The repository's scripts/sweep.toml is a
    /// commented example.
    #[arg(long, value_name = "FILE")]
    pub config: PathBuf,
    /// The sweep folder to create: one Parquet file per cell and _report/ (must not exist, or
    /// be empty).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// The rules each variant's effect is measured against in the report [default: the game
    /// without optional rules].
    #[arg(long, value_name = "RULES")]
    pub baseline: Option<String>,
    /// Worker threads [default: the config's, else all cores]. Results do not depend on it.
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Print the summary (each cell's games, survival and gold) as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Shard `index` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// The shard's games of a `games`-game run: `[I*G/N, (I+1)*G/N)`, computed in u128 so no
    /// product overflows.
    pub fn range(self, games: u64) -> std::ops::Range<u64> {
        let at = |i: u64| (i as u128 * games as u128 / self.count as u128) as u64;
        at(self.index)..at(self.index + 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A whole number, `_` allowed as a digit separator (`1_000_000`).
fn whole(s: &str) -> Option<u64> {
    let t: String = s.trim().chars().filter(|c| *c != '_').collect();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

fn parse_games(s: &str) -> Result<u64, String> {
    match whole(s) {
        Some(0) => Err("must be at least 1".into()),
        Some(n) => Ok(n),
        None => Err("expected a whole number of games, at least 1".into()),
    }
}

/// Values shell completions offer (help text lists them itself). The value is kept as typed:
/// names are checked against the rules later, with messages that say what is known.
#[derive(Clone)]
struct Listed(&'static [&'static str]);

impl clap::builder::TypedValueParser for Listed {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|v| clap::builder::PossibleValue::new(*v))))
    }
}

/// `--bot`'s long help: every parameter of the strategic bots, its range and the defaults.
const BOT_HELP: &str = "Bot playing every seat: NAME[:PARAM=VALUE]..., e.g. `greedy`, \
`cautious:margin=3`, `greedy:life=1000`. Bots: greedy, cautious, mixed (one planner with different \
parameters), expert (a search over the planner's rollouts) and random (a uniform legal answer; no \
parameters) [default: greedy].

Parameters, with their defaults for greedy / cautious / mixed:
  life=0..10000: what getting out alive is worth in gold (150 / 10000 / 150)
  dragon_draws=0..40: most dragon cards drawn in a game (4 / 1 / 4)
  risk=0..100: highest Dragon Rage chance in percent for one more draw (20 / 15 / 20)
  margin=0..30: spare sun spaces kept for the way back (0 / 2 / 0)
  pace=50..250: turns a move is reckoned to take, in percent (100 / 100 / 100)
  search=0..30: spare sun spaces needed to search; 0 never searches (0 / 0 / 0)
  combat=uniform|nash|magic|melee|ranged: combat cards (uniform / uniform / nash)
  escape=never|always|expected: when to try an escape (never / never / expected)
1987 board: cautious escapes whenever allowed unless told `escape=...`; `search` is not read there.
Each bot maximises the gold it carries out plus `life` if it gets out alive (docs/bots.md).

expert searches its key decisions (moves, draws, escapes, items) by playing each answer out on \
resampled copies of the game, never seeing what the hero cannot; the planner parameters above \
configure its base. Its own, with their defaults:
  samples=1..1000: rollouts per answer of a key decision, the budget (32)
  base=greedy|cautious|mixed: the planner that plays the rollouts, whose objective it maximises (greedy)
dealing-dungeons and dungeon-of-chaos: the bots take none of the planner parameters yet; expert \
takes samples and base, and searches each game's own key decisions (docs/bots.md). Its objective's \
bonuses, in gold:
  life=0..10000 (dealing-dungeons): added for a hero alive at the end (100)
  win=0..100000: added for a win (dealing-dungeons 100, dungeon-of-chaos 2000)";

const HERO_VALUES: [&str; 33] = [
    "1",
    "2",
    "3",
    "4",
    "random",
    "gherinn",
    "challara",
    "hugo",
    "krutzbeck",
    "lindel",
    "tatianna",
    "rohan",
    "ulf",
    "el-adoran",
    "volrik",
    "barbarian",
    "ranger",
    "mage",
    "knight",
    "dwarf",
    "rogue",
    "paladin",
    "monk",
    "elf",
    "cleric",
    "warlock",
    "gladiator",
    "samurai",
    "druid",
    "slayer",
    "pirate",
    "squire",
    "necromancer",
];
const MODE_VALUES: [&str; 6] = ["standard", "solo-regular", "solo-moderate", "solo-hard", "co-op", "chaos"];
const BOT_VALUES: [&str; 5] = ["greedy", "cautious", "mixed", "expert", "random"];
const RULE_VALUES: [&str; 24] = [
    "cloak-and-dagger",
    "combat-dice",
    "death-can-wait",
    "hero-vs-hero",
    "late-start",
    "live-to-fight-another-day",
    "magical-might=1",
    "magical-might=2",
    "magical-might=3",
    "no-abilities",
    "no-guts-no-glory",
    "servants-of-kalladra",
    "solo",
    "going-it-alone",
    "torchlight",
    "tower-power",
    "bag-swap",
    "choose-from-all",
    "choose-from-two",
    "long-dungeon=12",
    "long-dungeon=13",
    "long-dungeon=14",
    "long-dungeon=15",
    "rolled-attack",
];

fn parse_precision(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(p) if (0.0005..=0.25).contains(&p) => Ok(p),
        _ => Err("expected a half-width from 0.0005 to 0.25 (e.g. 0.005 for ±0.5 percentage points)".into()),
    }
}

fn parse_label(s: &str) -> Result<String, String> {
    let n = s.chars().count();
    if n == 0 || n > 60 || s.trim() != s || s.chars().any(char::is_control) {
        return Err("expected 1 to 60 printable characters, not starting or ending with a space".into());
    }
    Ok(s.to_string())
}

fn parse_index_or_family(s: &str) -> Result<IndexOrFamily, String> {
    match (whole(s), Family::parse(s)) {
        (Some(i), _) => Ok(IndexOrFamily::Index(i)),
        (None, Some(f)) => Ok(IndexOrFamily::Family(f)),
        (None, None) => {
            Err(format!("expected a game index (a whole number from 0) or a game name ({})", Family::known()))
        }
    }
}

/// Parses `--game NAME`, listing the known games for completions and errors.
#[derive(Clone)]
struct FamilyName;

impl clap::builder::TypedValueParser for FamilyName {
    type Value = Family;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Family, clap::Error> {
        let text = clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)?;
        Family::parse(&text).ok_or_else(|| {
            let mut e = clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(cmd);
            e.insert(clap::error::ContextKind::InvalidArg, clap::error::ContextValue::String("--game <NAME>".into()));
            e.insert(clap::error::ContextKind::InvalidValue, clap::error::ContextValue::String(text));
            e.insert(
                clap::error::ContextKind::ValidValue,
                clap::error::ContextValue::Strings(Family::ALL.map(|f| f.name().to_string()).to_vec()),
            );
            e
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(Family::ALL.into_iter().map(|f| clap::builder::PossibleValue::new(f.name()))))
    }
}

fn parse_index(s: &str) -> Result<u64, String> {
    whole(s).ok_or_else(|| "expected a game index: a whole number from 0".into())
}

fn parse_seed(s: &str) -> Result<u64, String> {
    whole(s).ok_or_else(|| format!("expected a whole number from 0 to {}", u64::MAX))
}

fn parse_threads(s: &str) -> Result<usize, String> {
    match whole(s) {
        Some(n @ 1..=1024) => Ok(n as usize),
        _ => Err("expected a number of threads from 1 to 1024".into()),
    }
}

fn parse_rounds(s: &str) -> Result<u32, String> {
    match whole(s) {
        Some(n @ 1..=100) => Ok(n as u32),
        _ => Err("expected a number of rounds from 1 to 100".into()),
    }
}

fn parse_small(s: &str) -> Result<u8, String> {
    whole(s).and_then(|n| u8::try_from(n).ok()).ok_or_else(|| "expected a whole number from 0 to 255".into())
}

fn parse_shard(s: &str) -> Result<Shard, String> {
    let bad = || "expected I/N with 0 <= I < N, e.g. 0/4".to_string();
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (index, count) = (whole(i).ok_or_else(bad)?, whole(n).ok_or_else(bad)?);
    if count == 0 || index >= count {
        return Err(bad());
    }
    Ok(Shard { index, count })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--bot`'s help lists every parameter with the defaults the bots really have.
    #[test]
    fn bot_help_lists_every_parameter_and_its_defaults() {
        use dq_bots::spec::{CombatStyle, PARAM_NAMES};
        use dq_bots::{BotKind, Params};
        let show = |p: Params, name: &str| match name {
            "life" => p.life.to_string(),
            "dragon_draws" => p.dragon_draws.to_string(),
            "risk" => p.risk.to_string(),
            "margin" => p.margin.to_string(),
            "pace" => p.pace.to_string(),
            "search" => p.search.to_string(),
            "combat" => match p.combat {
                CombatStyle::Uniform => "uniform".into(),
                CombatStyle::Nash => "nash".into(),
                CombatStyle::Always(c) => format!("{c:?}").to_lowercase(),
            },
            "escape" => format!("{:?}", p.escape).to_lowercase(),
            other => panic!("a parameter the test does not know: {other}"),
        };
        for name in PARAM_NAMES {
            let line = BOT_HELP
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{name}=")))
                .unwrap_or_else(|| panic!("{name} is not in --bot's help"));
            let defaults: Vec<String> =
                [BotKind::Greedy, BotKind::Cautious, BotKind::Mixed].map(|k| show(Params::defaults(k), name)).to_vec();
            assert!(line.ends_with(&format!("({})", defaults.join(" / "))), "{line} vs {defaults:?}");
        }
    }

    /// `expert`'s own parameters are in `--bot`'s help with its real defaults.
    #[test]
    fn bot_help_lists_the_expert_search_and_its_defaults() {
        use dq_bots::spec::{Search, SEARCH_PARAM_NAMES};
        let d = Search::default();
        for name in SEARCH_PARAM_NAMES {
            let value = match name {
                "samples" => d.samples.to_string(),
                "base" => d.base.name().to_string(),
                other => panic!("a parameter the test does not know: {other}"),
            };
            let line = BOT_HELP
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{name}=")))
                .unwrap_or_else(|| panic!("{name} is not in --bot's help"));
            assert!(line.ends_with(&format!("({value})")), "{line} vs {value}");
        }
    }
    use clap::CommandFactory;

    #[test]
    fn cli_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn shards_partition_the_run() {
        for games in [1u64, 7, 100, 4097, u64::MAX] {
            for count in [1u64, 2, 3, 7, 64] {
                let mut next = 0;
                for index in 0..count {
                    let r = Shard { index, count }.range(games);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, games);
            }
        }
        assert_eq!(Shard { index: 1, count: 3 }.range(10), 3..6);
    }

    #[test]
    fn numbers_and_shards_parse_strictly() {
        assert_eq!(parse_games("1_000"), Ok(1000));
        assert!(parse_games("0").is_err());
        assert!(parse_games("-3").is_err());
        assert!(parse_games("3.5").is_err());
        assert!(parse_games("").is_err());
        assert_eq!(parse_shard("2/5"), Ok(Shard { index: 2, count: 5 }));
        for bad in ["5/5", "1/0", "-1/4", "1", "1/2/3", "a/b", "/4", "0/"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
        assert!(parse_threads("0").is_err());
        assert_eq!(parse_small("255"), Ok(255));
        assert!(parse_small("256").is_err());
    }
}
