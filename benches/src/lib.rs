//! What the benchmarks share: the workloads they play and a digest of the results, so that
//! every benchmark also checks that an optimisation did not change what the games do.
//!
//! The benches themselves live in `benches/benches/`: `games` (criterion, one full game per
//! bot, solo and four heroes), `pieces` (criterion, the hot parts: tile placement, path
//! finding, a combat, a dragon draw) and `alloc` (divan with its allocation profiler).
//! [`paired`] holds the paired measurements the `frontier` and `rule_effects` examples make.

use dq_bots::{play, play_into, BotSpec, MonsterSpec, Players};
use dq_engine::{Edition, Game, GameConfig, NoObserver, Rules, Variant};

pub mod paired;

/// The master seed every benchmark plays with.
pub const BENCH_SEED: u64 = 42;

/// A table ready to play: rules, bots and the game configuration, built once.
pub struct Workload {
    pub rules: &'static Rules,
    pub players: Players,
    pub config: GameConfig,
    /// The game [`Workload::play_in_place`] restarts for each game (built on first use).
    slot: Option<Game<'static>>,
}

impl Workload {
    /// `bots`: one spec for every seat or one per seat, comma-separated; `seats` random heroes;
    /// the random monster policy and no optional rules (the `dq run` defaults).
    pub fn new(bots: &str, seats: usize) -> Workload {
        // Leaked once per workload so games can borrow the rules for as long as the bench runs.
        let rules: &'static Rules = Box::leak(Box::new(Rules::revised()));
        let mut specs = BotSpec::parse_list(bots).expect("valid bot specs");
        if specs.len() == 1 {
            specs = vec![specs[0]; seats];
        }
        let players = Players::new(rules, &specs, MonsterSpec::Random, seats).expect("valid table");
        Workload { rules, players, config: GameConfig::random(seats, Variant::default()), slot: None }
    }

    /// Plays game `index` of the benchmark run to the end.
    #[inline]
    pub fn play(&mut self, index: u64) -> Game<'static> {
        play(self.rules, &self.config, BENCH_SEED, index, &mut self.players, &mut NoObserver).expect("valid game")
    }

    /// Plays game `index` to the end in one `Game` kept by the workload and restarted in place
    /// (as a runner playing many games on a thread does): the same game as [`Workload::play`].
    #[inline]
    pub fn play_in_place(&mut self, index: u64) -> &Game<'static> {
        match &mut self.slot {
            Some(g) => {
                play_into(g, &self.config, BENCH_SEED, index, &mut self.players, &mut NoObserver).expect("valid game")
            }
            None => {
                let g = self.play(index);
                self.slot = Some(g);
            }
        }
        self.slot.as_ref().expect("filled above")
    }
}

/// Folds a finished game into a running FNV-1a digest: the last round, the engine's random
/// draws, and per hero the status, death cause, gold, turns, wounds and dragon draws.
#[inline]
pub fn fold(digest: u64, g: &Game<'_>) -> u64 {
    let mut d = digest;
    let mut put = |x: u64| d = (d ^ x).wrapping_mul(0x0100_0000_01b3);
    put(u64::from(g.round()));
    put(u64::from(g.rng_draws()));
    for s in 0..g.seats() {
        let h = g.hero(s);
        put(h.status as u64);
        put(h.stats.death_cause.map_or(99, |c| c as u64));
        put(u64::from(g.gold(s)));
        put(u64::from(h.stats.turns));
        put(u64::from(h.stats.wounds_taken));
        put(u64::from(h.stats.dragon_draws));
    }
    d
}

/// The digest's starting value.
pub const DIGEST_START: u64 = 0xcbf2_9ce4_8422_2325;

/// Plays games `first..first + n` and returns their digest.
pub fn play_batch(w: &mut Workload, first: u64, n: u64) -> u64 {
    let mut d = DIGEST_START;
    for i in first..first + n {
        d = fold(d, w.play_in_place(i));
    }
    d
}

/// Plays game `index` of the workload until `want` holds for the game at a decision, and
/// returns that position (or `None` if the game ends first). The pieces benchmarks take their
/// positions from real games this way instead of building them by hand.
pub fn harvest(w: &mut Workload, index: u64, mut want: impl FnMut(&Game<'static>) -> bool) -> Option<Game<'static>> {
    use dq_bots::Policy;
    use dq_engine::rng::{GameRng, Stream};
    w.players.new_game();
    let mut game = Game::new(w.rules, &w.config, BENCH_SEED, index, &mut NoObserver).expect("valid game");
    let mut rng = GameRng::new(BENCH_SEED, index, Stream::Bot);
    while !game.is_over() {
        if want(&game) {
            return Some(game);
        }
        let c = w.players.choose(&game, game.legal_choices(), &mut rng);
        game.apply(c, &mut NoObserver).expect("bots answer legally");
    }
    None
}

/// The first position, over games `0..`, for which `want` holds.
pub fn first_position(w: &mut Workload, mut want: impl FnMut(&Game<'static>) -> bool) -> Game<'static> {
    (0..10_000).find_map(|i| harvest(w, i, &mut want)).expect("some game reaches the position")
}

/// A table of bots as the example programs take it on their command line:
/// `EDITION BOTS SEATS GAMES [RULES]` (RULES comma-separated optional rules); the monster
/// played as `dq run` plays it by default in that edition.
pub struct ExampleTable {
    /// The arguments as given.
    pub args: Vec<String>,
    pub rules: Rules,
    pub specs: Vec<BotSpec>,
    pub monster: MonsterSpec,
    pub seats: usize,
    pub games: u64,
    pub variant: Variant,
}

impl ExampleTable {
    /// Reads the process's arguments (panics on bad ones: these are developer tools).
    pub fn from_args() -> ExampleTable {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let edition: Edition = args[0].parse().unwrap_or_else(|e| panic!("{e}"));
        let rules = Rules::embedded(edition).unwrap_or_else(|| panic!("{edition}: not an FFG edition"));
        let mut variant = Variant::default();
        for n in args.get(4).into_iter().flat_map(|r| r.split(',')) {
            variant.enable(n).unwrap();
        }
        let monster = MonsterSpec::edition_default(edition);
        ExampleTable {
            specs: BotSpec::parse_list(&args[1]).unwrap(),
            seats: args[2].parse().unwrap(),
            games: args[3].parse().unwrap(),
            args,
            rules,
            monster,
            variant,
        }
    }

    /// The table's players.
    pub fn players(&self) -> Players {
        Players::new(&self.rules, &self.specs, self.monster, self.seats).unwrap()
    }

    /// The games' configuration: random heroes at every seat.
    pub fn config(&self) -> GameConfig {
        GameConfig::random(self.seats, self.variant)
    }
}
