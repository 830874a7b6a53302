//! `dq duel`: one combat fought many times, for the odds of a hero against a monster.
//!
//! Duel `i` depends only on (seed, `i`), like the games of a run, and runs in chunks on the
//! same pipeline; the result is integer counts and sums (of values and of squares), from
//! which the rates, means and intervals are derived at print time.

use crate::cli::DuelArgs;
use crate::error::{bad, Failure};
use crate::family::Family;
use crate::pipeline::chunks;
use crate::plan::default_threads;
use crate::summary::{ci95, mean_ci, rate};
use crate::table::{self, DEFAULT_BOT};
use crate::{edition, meta, pipeline, progress};
use dq_bots::{BotSpec, Players};
use dq_engine::game::DuelConfig;
use dq_engine::rng::{GameRng, Stream};
use dq_engine::{Game, NoObserver};
use serde_json::{json, Map, Value};
use std::time::Instant;

mod classic;

/// Integer results of a set of duels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DuelTally {
    pub games: u64,
    pub hero_wins: u64,
    pub hero_deaths: u64,
    pub escapes: u64,
    pub rounds: u128,
    pub rounds_sq: u128,
    pub wounds: u128,
    pub wounds_sq: u128,
}

impl DuelTally {
    /// Counts one duel's rounds and the LPs (wounds) the hero lost in it, with their squares.
    pub(crate) fn add_lengths(&mut self, rounds: u128, wounds: u128) {
        self.rounds += rounds;
        self.rounds_sq += rounds * rounds;
        self.wounds += wounds;
        self.wounds_sq += wounds * wounds;
    }

    pub(crate) fn merge(&mut self, o: &DuelTally) {
        self.games += o.games;
        self.hero_wins += o.hero_wins;
        self.hero_deaths += o.hero_deaths;
        self.escapes += o.escapes;
        self.rounds += o.rounds;
        self.rounds_sq += o.rounds_sq;
        self.wounds += o.wounds;
        self.wounds_sq += o.wounds_sq;
    }
}

/// Prints a duel run's result: the readable `text`, or with `--json` the JSON `fields` with
/// the run's speed on stdout and the text on stderr (unless `--quiet`).
pub(crate) fn emit_duel(
    args: &DuelArgs,
    text: &str,
    fields: Option<Map<String, Value>>,
    threads: usize,
    seconds: f64,
    games: u64,
) {
    match fields {
        Some(mut m) => {
            m.insert("threads".into(), json!(threads));
            m.insert("wall_seconds".into(), json!(seconds));
            m.insert("games_per_sec".into(), json!(games as f64 / seconds.max(1e-9)));
            crate::error::emit(&format!("{}\n", Value::Object(m)));
            if !args.quiet {
                eprintln!("{text}");
            }
        }
        None => crate::error::emit(&format!("{text}\n")),
    }
}

/// The index of duel `i`'s pick among `weights` (id, weight): the only one, or drawn by
/// weight from the setup stream of (seed, `i`), so it depends on nothing else.
pub(crate) fn drawn(weights: &[(u8, u32)], seed: u64, i: u64) -> u8 {
    if weights.len() == 1 {
        return weights[0].0;
    }
    let total: u32 = weights.iter().map(|c| c.1).sum();
    let mut x = GameRng::new(seed, i, Stream::Setup).below(total);
    for &(k, w) in weights {
        if x < w {
            return k;
        }
        x -= w;
    }
    weights[0].0
}

/// The ids of a deck weighted by their copies, in first-seen order.
pub(crate) fn by_copies(deck: impl IntoIterator<Item = u8>) -> Vec<(u8, u32)> {
    let mut out: Vec<(u8, u32)> = Vec::new();
    for k in deck {
        match out.iter_mut().find(|(c, _)| *c == k) {
            Some((_, w)) => *w += 1,
            None => out.push((k, 1)),
        }
    }
    out
}

/// One rate of a duel's text: the Monte Carlo share of `k` in `n` with its 95% interval, and
/// the exact figure beside it ("—" where the fight has none).
pub(crate) fn rate_line(label: &str, k: u64, n: u64, exact: Option<f64>) -> String {
    let (lo, hi) = ci95(k, n);
    let v = rate(k, n).unwrap_or(0.0);
    let exact = exact.map_or("—".to_string(), |e| format!("{:.3}%", 100.0 * e));
    format!("  {label:<18} {:>7.3}%  [{:.3}%, {:.3}%]  exact {exact}", 100.0 * v, 100.0 * lo, 100.0 * hi)
}

/// One mean of a duel's text, as [`rate_line`].
pub(crate) fn mean_line(label: &str, sum: u128, sq: u128, n: u64, exact: Option<f64>) -> String {
    let (v, lo, hi) = mean_ci(sum, sq, n).unwrap_or((0.0, 0.0, 0.0));
    let exact = exact.map_or("—".to_string(), |e| format!("{e:.4}"));
    format!("  {label:<18} {v:>8.4}  [{lo:.4}, {hi:.4}]  exact {exact}")
}

/// Integer counts of a set of duels, merged chunk by chunk in order.
pub(crate) trait DuelCounts: Default + Send {
    fn merge(&mut self, o: &Self);
    /// Duels counted.
    fn games(&self) -> u64;
}

impl DuelCounts for DuelTally {
    fn merge(&mut self, o: &DuelTally) {
        DuelTally::merge(self, o)
    }

    fn games(&self) -> u64 {
        self.games
    }
}

/// Plays duels `0..args.games` on the run's threads in chunks, duel `i` by `one(worker state,
/// i, counts)` (it depends only on the seed and `i`), under the progress bar and Ctrl-C: the
/// counts and the seconds they took. Every family's and edition's duels run on it.
pub(crate) fn play_duels<W, T: DuelCounts>(
    args: &DuelArgs,
    worker: impl Fn() -> W + Sync,
    one: impl Fn(&mut W, u64, &mut T) + Sync,
) -> Result<(T, f64), Failure> {
    let threads = args.threads.unwrap_or_else(default_threads);
    pipeline::catch_ctrl_c();
    let bar = progress::bar(args.games, args.quiet);
    let range = 0..args.games;
    let (n_chunks, chunk) = chunks(&range, crate::cli::CHUNK);
    let started = Instant::now();
    let mut total = T::default();
    let complete = pipeline::run(
        threads,
        n_chunks,
        worker,
        T::default,
        |w, k, t| {
            *t = T::default();
            let games = chunk(k);
            let len = games.end - games.start;
            for i in games {
                if i % 1024 == 0 && pipeline::stopping() {
                    return false;
                }
                one(w, i, t);
            }
            bar.inc(len);
            true
        },
        |_, t| {
            total.merge(t);
            Ok(pipeline::Flow::More)
        },
    )? == pipeline::Ended::All;
    bar.finish_and_clear();
    if !complete {
        return Err(Failure::Interrupted(format!("interrupted after {} of {} duels", total.games(), args.games)));
    }
    Ok((total, started.elapsed().as_secs_f64()))
}

/// Runs `dq duel`: one combat of the game family's, many times.
pub fn run(args: &DuelArgs) -> Result<(), Failure> {
    match args.game.family {
        Family::DungeonQuest => dungeonquest(args),
        Family::DealingDungeons => crate::dealing_dungeons::duel::run(args),
        Family::DungeonOfChaos => crate::dungeon_of_chaos::duel::run(args),
    }
}

/// Dealing Dungeons' duel options, refused by name in a DungeonQuest duel.
fn refuse_dealing_options(args: &DuelArgs) -> Result<(), Failure> {
    let given = [
        ("--level", args.level.is_some()),
        ("--boss", args.boss.is_some()),
        ("--policy", args.policy.is_some()),
        ("--distance", args.distance.is_some()),
        ("--gear", !args.gear.is_empty()),
        ("--mode", args.mode.is_some()),
        ("--way-out", args.way_out),
        ("--dungeon-level", args.dungeon_level.is_some()),
    ];
    match given.iter().find(|(_, g)| *g) {
        Some((name, _)) => Err(bad(format!("{name} is a dealing-dungeons duel option: dungeonquest has none"))),
        None => Ok(()),
    }
}

/// `dq duel` of DungeonQuest.
fn dungeonquest(args: &DuelArgs) -> Result<(), Failure> {
    refuse_dealing_options(args)?;
    crate::dungeon_of_chaos::duel::refuse_chaos_options(args, "dungeonquest")?;
    let rules = match edition::load_any(&args.data)? {
        edition::Loaded::Classic(rules) => return classic::run(args, rules),
        edition::Loaded::Ffg(rules) => rules,
    };
    let hero = table::hero(&rules, &args.hero)?;
    let monster = match &args.monster {
        None => None,
        Some(name) => Some(rules.monster_kind_by_name(name.trim()).ok_or_else(|| {
            bad(format!("unknown monster \"{}\" (known: {})", name.trim(), rules.monster_kinds.join(", ")))
        })?),
    };
    let mut variant = table::variant(rules.edition, &args.rules)?;
    variant.solo |= args.solo;
    let config = DuelConfig { hero, wounds: args.wounds, monster, life: args.life, escape: !args.no_escape, variant };
    let spec = BotSpec::parse(args.bot.as_deref().unwrap_or(DEFAULT_BOT)).map_err(|e| bad(e.to_string()))?;
    let monster_policy = table::monster_policy(rules.edition, args.monster_policy.as_deref())?;
    // Checked here; each worker builds its own (bots keep per-game scratch that is not `Sync`).
    Players::new(&rules, &[spec], monster_policy, 1).map_err(|e| bad(e.to_string()))?;
    // Anything the engine refuses (wounds beyond health, life 0…) is refused before starting.
    Game::duel(&rules, &config, args.seed, 0, &mut NoObserver).map_err(|e| bad(e.to_string()))?;

    let threads = args.threads.unwrap_or_else(default_threads);
    let (total, seconds) = play_duels(
        args,
        || Players::new(&rules, &[spec], monster_policy, 1).expect("checked before the run"),
        |players, i, t: &mut DuelTally| {
            let game = dq_bots::play_duel(&rules, &config, args.seed, i, players, &mut NoObserver)
                .expect("duel configuration checked before the run");
            let o = game.duel_outcome().expect("a played duel is over");
            t.games += 1;
            t.hero_wins += o.hero_won as u64;
            t.hero_deaths += o.hero_died as u64;
            t.escapes += o.escaped as u64;
            t.add_lengths(o.rounds as u128, o.hero_wounds as u128);
        },
    )?;

    let monster_name = monster.map_or("any monster".to_string(), |k| rules.monster_kinds[k as usize].clone());
    let third = rules.edition == dq_engine::Edition::Third;
    let life = args
        .life
        .map_or(if third { "life from the token" } else { "life from the card" }.to_string(), |l| format!("life {l}"));
    let combat = match (third, variant.combat_dice, variant.solo) {
        (false, _, true) => "solo table",
        (false, _, false) => "three-card combat",
        (true, true, true) => "combat dice, going it alone",
        (true, true, false) => "combat dice",
        (true, false, true) => "card combat, going it alone",
        (true, false, false) => "card combat",
    };
    let mut head = Map::new();
    head.insert("hero".into(), json!(rules.heroes[hero as usize].id));
    head.insert("wounds".into(), json!(args.wounds));
    head.insert("monster".into(), json!(monster.map(|k| rules.monster_kinds[k as usize].clone())));
    head.insert("life".into(), json!(args.life));
    head.insert("solo".into(), json!(variant.solo));
    head.insert("escape".into(), json!(!args.no_escape));
    head.insert("bot".into(), json!(spec.to_string()));
    head.insert("monster_policy".into(), json!(monster_policy.to_string()));
    head.insert("rules".into(), json!(variant.label()));
    head.insert("seed".into(), json!(args.seed));
    head.insert("edition".into(), json!(rules.edition));
    head.insert("data_hash".into(), json!(meta::hex(rules.data_hash)));
    let figures = figures(&total);
    let text = format!(
        "dq duel: {} duels, seed {}: {} ({} wounds) against {monster_name} ({life}), {}{}, bot {spec}, monster policy {monster_policy}\n{}\n{:.0} duels/s ({:.2} s on {threads} thread{})",
        total.games,
        args.seed,
        rules.heroes[hero as usize].id,
        args.wounds,
        combat,
        if args.no_escape { ", no escape" } else { "" },
        figures_text(&total),
        total.games as f64 / seconds.max(1e-9),
        seconds,
        if threads == 1 { "" } else { "s" },
    );
    let fields = args.json.then(|| {
        let mut m = head;
        m.extend(figures);
        m
    });
    emit_duel(args, &text, fields, threads, seconds, total.games);
    Ok(())
}

/// The rates and means with their 95% intervals, as JSON fields.
pub fn figures(t: &DuelTally) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("games".into(), json!(t.games));
    m.insert("hero_wins".into(), json!(t.hero_wins));
    m.insert("hero_deaths".into(), json!(t.hero_deaths));
    m.insert("escapes".into(), json!(t.escapes));
    for (key, k) in [("p_hero_wins", t.hero_wins), ("p_hero_dies", t.hero_deaths), ("p_escape", t.escapes)] {
        let (lo, hi) = ci95(k, t.games);
        m.insert(key.into(), json!(rate(k, t.games)));
        m.insert(format!("{key}_ci95"), json!([lo, hi]));
    }
    for (key, sum, sq) in [("mean_rounds", t.rounds, t.rounds_sq), ("mean_hero_wounds", t.wounds, t.wounds_sq)] {
        let m_ci = mean_ci(sum, sq, t.games);
        m.insert(key.into(), json!(m_ci.map(|x| x.0)));
        m.insert(format!("{key}_ci95"), json!(m_ci.map(|x| [x.1, x.2])));
    }
    m
}

fn figures_text(t: &DuelTally) -> String {
    let p = |label: &str, k: u64| {
        let (lo, hi) = ci95(k, t.games);
        let v = rate(k, t.games).unwrap_or(0.0);
        format!("  {label:<18} {:>7.3}%  [{:.3}%, {:.3}%]", 100.0 * v, 100.0 * lo, 100.0 * hi)
    };
    let m = |label: &str, sum: u128, sq: u128| {
        let (v, lo, hi) = mean_ci(sum, sq, t.games).unwrap_or((0.0, 0.0, 0.0));
        format!("  {label:<18} {v:>8.4}  [{lo:.4}, {hi:.4}]")
    };
    [
        p("P(hero wins)", t.hero_wins),
        p("P(hero dies)", t.hero_deaths),
        p("P(escape)", t.escapes),
        m("mean rounds", t.rounds, t.rounds_sq),
        m("mean wounds taken", t.wounds, t.wounds_sq),
    ]
    .join("\n")
}
