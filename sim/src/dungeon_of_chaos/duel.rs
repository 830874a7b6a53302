//! `dq duel --game dungeon-of-chaos`: one fight of a fresh character (`--hero`, bare-handed,
//! no cards) against one monster (`--monster`, or drawn from `--level`'s Monster deck by its
//! copies) fought many times under a fixed policy, with the exact odds of the engine's Markov
//! chain (`dq_engine::dungeon_of_chaos::exact`) beside the Monte Carlo figures where the fight
//! is one, and "—" with the chart rolls that make it none.
//!
//! The fights are the engine's own `Combat` on the dice stream of (seed, duel index), so duel
//! `i` depends only on the seed and `i`; a drawn monster comes from the setup stream. Rounds
//! are the hero's actions. A duel still going after [`ACTION_CAP`] actions (two sides that
//! cannot hurt each other) is counted unended.

use crate::cli::DuelArgs;
use crate::duel::{by_copies, drawn, emit_duel, mean_line, play_duels, rate_line, DuelCounts};
use crate::dungeon_of_chaos::table::dashed;
use crate::error::{bad, Failure};
use crate::meta;
use crate::plan::default_threads;
use crate::summary::{ci95, mean_ci, rate};
use dq_engine::dungeon_of_chaos::combat::{Answer, Combat, End, HeroSetup, Presence, Step};
use dq_engine::dungeon_of_chaos::data::Attr;
use dq_engine::dungeon_of_chaos::exact::{fight_odds, Move, Odds, Policy};
use dq_engine::dungeon_of_chaos::ChaosRules;
use dq_engine::rng::{GameRng, Stream};
use serde_json::{json, Map, Value};

/// Hero actions after which a duel is given up and counted unended.
pub const ACTION_CAP: u32 = 10_000;

/// Integer results of a set of duels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
    pub deaths: u64,
    pub fled: u64,
    /// The monster fled or teleported.
    pub foe_left: u64,
    pub unended: u64,
    pub rounds: u128,
    pub rounds_sq: u128,
    /// Health lost (all of it in a death).
    pub damage: u128,
    pub damage_sq: u128,
}

impl DuelCounts for Tally {
    fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.wins += o.wins;
        self.deaths += o.deaths;
        self.fled += o.fled;
        self.foe_left += o.foe_left;
        self.unended += o.unended;
        self.rounds += o.rounds;
        self.rounds_sq += o.rounds_sq;
        self.damage += o.damage;
        self.damage_sq += o.damage_sq;
    }

    fn games(&self) -> u64 {
        self.games
    }
}

/// How one fight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Won,
    Died,
    Fled,
    FoeLeft,
    Unended,
}

/// A duel run, checked once before the first duel.
struct Duel {
    hero: HeroSetup,
    /// Monster ids by weight (one, or a level's deck by copies).
    monsters: Vec<(u8, u32)>,
    policy: Policy,
}

/// One fight to its end: how it ended, the hero's actions and the Health he lost.
fn fight(rules: &ChaosRules, hero: &HeroSetup, monster: u8, policy: Policy, dice: &mut GameRng) -> (Ending, u32, i16) {
    let start = hero.stats[Attr::Health as usize];
    let mut c = Combat::new(rules, hero, &[monster]);
    let mut step = c.start(rules, dice, &mut |_| {});
    let mut actions = 0;
    loop {
        match step {
            Step::HeroToAct if actions < ACTION_CAP => {
                let health = c.fighter(0).stats[Attr::Health as usize];
                let wanted = match policy.act(health) {
                    Move::Attack => Answer::Attack { foe: 1, weapon: None },
                    Move::Defend => Answer::Defend,
                    Move::Flee => Answer::Flee,
                };
                // An afraid hero may only flee (§11).
                let a = if c.legal().contains(&wanted) { wanted } else { Answer::Flee };
                actions += 1;
                step = c.answer(rules, dice, a, &mut |_| {}).unwrap_or(step);
            }
            Step::TurnLost => step = c.resume(rules, dice, &mut |_| {}),
            _ => break,
        }
    }
    let health = c.fighter(0).stats[Attr::Health as usize];
    let lost = |h: i8| (i16::from(start) - i16::from(h.max(0))).max(0);
    match step {
        Step::Over(End::HeroDied) => (Ending::Died, actions, i16::from(start)),
        Step::Over(End::HeroFled) => (Ending::Fled, actions, lost(health)),
        Step::Over(End::Cleared { .. }) if c.fighter(1).presence == Presence::Dead => {
            (Ending::Won, actions, lost(health))
        }
        Step::Over(End::Cleared { .. }) => (Ending::FoeLeft, actions, lost(health)),
        _ => (Ending::Unended, actions, lost(health)),
    }
}

/// The exact odds of the run's duels (a drawn monster's as the mixture of the deck), or why
/// there are none: the monsters and chart rolls the chain cannot follow.
fn exact_odds(rules: &ChaosRules, duel: &Duel) -> Result<Odds, String> {
    let total: f64 = duel.monsters.iter().map(|c| f64::from(c.1)).sum();
    let start = duel.hero.stats[Attr::Health as usize].max(1) as usize;
    let mut out = Odds {
        win: 0.0,
        die: 0.0,
        fled: 0.0,
        foe_left: 0.0,
        never: 0.0,
        health_left: vec![0.0; start + 1],
        rounds: 0.0,
    };
    let mut why = Vec::new();
    for &(m, w) in &duel.monsters {
        match fight_odds(rules, &duel.hero, m, duel.policy) {
            Ok(o) => {
                let q = f64::from(w) / total;
                out.win += q * o.win;
                out.die += q * o.die;
                out.fled += q * o.fled;
                out.foe_left += q * o.foe_left;
                out.never += q * o.never;
                out.rounds += q * o.rounds;
                for (x, y) in out.health_left.iter_mut().zip(o.health_left) {
                    *x += q * y;
                }
            }
            Err(e) => {
                let rolls: Vec<String> = e.rolls.iter().map(u8::to_string).collect();
                why.push(format!("{} (chart rolls {})", rules.monster_names[m as usize], rolls.join(", ")));
            }
        }
    }
    if why.is_empty() {
        Ok(out)
    } else {
        Err(format!(
            "no exact figures: spells, touches, summons or a chart's own effects are not a chain: {}",
            why.join("; ")
        ))
    }
}

/// Runs `dq duel --game dungeon-of-chaos`.
pub fn run(args: &DuelArgs) -> Result<(), Failure> {
    let rules = ChaosRules::standard();
    let (duel, head) = setup(&rules, args)?;
    let exact = exact_odds(&rules, &duel);
    let threads = args.threads.unwrap_or_else(default_threads);
    let (total, seconds) = play_duels(
        args,
        || (),
        |_, i, t: &mut Tally| {
            let mut dice = GameRng::new(args.seed, i, Stream::Dice);
            let m = drawn(&duel.monsters, args.seed, i);
            let (end, rounds, lost) = fight(&rules, &duel.hero, m, duel.policy, &mut dice);
            t.games += 1;
            match end {
                Ending::Won => t.wins += 1,
                Ending::Died => t.deaths += 1,
                Ending::Fled => t.fled += 1,
                Ending::FoeLeft => t.foe_left += 1,
                Ending::Unended => t.unended += 1,
            }
            let (r, d) = (u128::from(rounds), lost.max(0) as u128);
            t.rounds += r;
            t.rounds_sq += r * r;
            t.damage += d;
            t.damage_sq += d * d;
        },
    )?;
    let start = duel.hero.stats[Attr::Health as usize];
    let ended = exact.as_ref().ok().filter(|o| o.never < 1e-12);
    let text = format!(
        "dq duel --game dungeon-of-chaos: {} duels, seed {}: {}\n{}\n{:.0} duels/s ({:.2} s on {threads} thread{})",
        total.games,
        args.seed,
        head["what"].as_str().unwrap_or_default(),
        figures_text(&total, exact.as_ref().ok(), ended, start),
        total.games as f64 / seconds.max(1e-9),
        seconds,
        if threads == 1 { "" } else { "s" },
    );
    let text = match &exact {
        Err(why) => format!("{text}\n  {why}"),
        Ok(o) if o.never > 0.0 => {
            format!("{text}\n  the fight may never end (probability {:.6}): no exact rounds or damage", o.never)
        }
        Ok(_) => text,
    };
    let fields = args.json.then(|| {
        let mut m = head;
        m.remove("what");
        m.extend(figures(&total));
        let exact_json = match &exact {
            Ok(o) => json!({
                "p_hero_wins": o.win,
                "p_hero_dies": o.die,
                "p_hero_fled": o.fled,
                "p_foe_left": o.foe_left,
                "p_never_ends": o.never,
                "mean_rounds": ended.map(|o| o.rounds),
                "mean_damage_taken": ended.map(|o| o.damage_taken(start)),
                "p_health_left": o.health_left,
            }),
            Err(_) => Value::Null,
        };
        m.insert("exact".into(), exact_json);
        if let Err(why) = &exact {
            m.insert("no_exact".into(), json!(why));
        }
        m
    });
    emit_duel(args, &text, fields, threads, seconds, total.games);
    Ok(())
}

/// The Monte Carlo rates and means with their 95% intervals (Wilson for rates), as JSON.
fn figures(t: &Tally) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("games".into(), json!(t.games));
    let rates = [
        ("p_hero_wins", t.wins),
        ("p_hero_dies", t.deaths),
        ("p_hero_fled", t.fled),
        ("p_foe_left", t.foe_left),
        ("p_unended", t.unended),
    ];
    for (key, k) in rates {
        let (lo, hi) = ci95(k, t.games);
        m.insert(key.into(), json!(rate(k, t.games)));
        m.insert(format!("{key}_ci95"), json!([lo, hi]));
    }
    for (key, sum, sq) in [("mean_rounds", t.rounds, t.rounds_sq), ("mean_damage_taken", t.damage, t.damage_sq)] {
        let m_ci = mean_ci(sum, sq, t.games);
        m.insert(key.into(), json!(m_ci.map(|x| x.0)));
        m.insert(format!("{key}_ci95"), json!(m_ci.map(|x| [x.1, x.2])));
    }
    m
}

/// The readable figures; `ended` is the exact odds of a fight that surely ends (rounds and
/// damage need it).
fn figures_text(t: &Tally, e: Option<&Odds>, ended: Option<&Odds>, start: i8) -> String {
    let n = t.games;
    let mut lines = vec![
        rate_line("P(hero wins)", t.wins, n, e.map(|o| o.win)),
        rate_line("P(hero dies)", t.deaths, n, e.map(|o| o.die)),
        rate_line("P(hero fled)", t.fled, n, e.map(|o| o.fled)),
        rate_line("P(monster left)", t.foe_left, n, e.map(|o| o.foe_left)),
    ];
    if t.unended > 0 || e.is_some_and(|o| o.never > 0.0) {
        lines.push(rate_line("P(never ends)", t.unended, n, e.map(|o| o.never)));
    }
    lines.push(mean_line("mean rounds", t.rounds, t.rounds_sq, n, ended.map(|o| o.rounds)));
    lines.push(mean_line("mean damage taken", t.damage, t.damage_sq, n, ended.map(|o| o.damage_taken(start))));
    lines.join("\n")
}

/// `--policy`: attack, defend or flee-below=K.
fn policy(given: Option<&str>) -> Result<Policy, Failure> {
    let name = given.unwrap_or("attack").trim().to_ascii_lowercase();
    match name.as_str() {
        "attack" => Ok(Policy::Attack),
        "defend" => Ok(Policy::Defend),
        _ => match name.strip_prefix("flee-below=") {
            Some(k) => k
                .parse::<i8>()
                .ok()
                .filter(|k| (1..=99).contains(k))
                .map(Policy::FleeBelow)
                .ok_or_else(|| bad(format!("policy \"{name}\": K must be a whole number from 1 to 99"))),
            None => Err(bad(format!("unknown policy \"{name}\" (known: attack, defend, flee-below=K)"))),
        },
    }
}

fn policy_name(p: Policy) -> String {
    match p {
        Policy::Attack => "attack".into(),
        Policy::Defend => "defend".into(),
        Policy::FleeBelow(k) => format!("flee-below={k}"),
    }
}

/// Checks the command line against the rules: the duel and its description (`what` for the
/// text, the rest for `--json`).
fn setup(rules: &ChaosRules, args: &DuelArgs) -> Result<(Duel, Map<String, Value>), Failure> {
    refuse_other_options(args)?;
    let names: Vec<String> = rules.character_names.iter().map(|n| dashed(n)).collect();
    let id = args.hero.trim().to_ascii_lowercase();
    let profile = names
        .iter()
        .position(|n| *n == id)
        .ok_or_else(|| bad(format!("unknown Character Profile \"{id}\" (known: {})", names.join(", "))))?;
    let mut hero = HeroSetup::character(rules, profile as u8);
    let health = hero.stats[Attr::Health as usize];
    if i16::from(args.wounds) >= i16::from(health) {
        return Err(bad(format!("{id} starts with Health {health}: --wounds must be below that")));
    }
    hero.stats[Attr::Health as usize] -= args.wounds as i8;
    let monster_ids: Vec<String> = rules.monster_names.iter().map(|n| dashed(n)).collect();
    let monsters: Vec<(u8, u32)> = match (&args.monster, args.level) {
        (Some(_), Some(_)) => return Err(bad("--monster and --level: give one monster, or a level to draw one from")),
        (Some(m), None) => {
            let m_id = m.trim().to_ascii_lowercase();
            let k = monster_ids
                .iter()
                .position(|n| *n == m_id)
                .ok_or_else(|| bad(format!("unknown monster \"{m_id}\" (known: {})", monster_ids.join(", "))))?;
            vec![(k as u8, 1)]
        }
        (None, level) => {
            let level = level.unwrap_or(1);
            if !(1..=4).contains(&level) {
                return Err(bad(format!("--level {level}: the dungeon has levels 1 to 4")));
            }
            let out = by_copies(rules.monster_decks[usize::from(level) - 1].iter().copied());
            if out.is_empty() {
                return Err(bad(format!("--level {level}: its Monster deck is empty")));
            }
            out
        }
    };
    if let Some(life) = args.life {
        return Err(bad(format!(
            "--life {life}: a Dungeon of Chaos monster fights with its card's Health (no override yet)"
        )));
    }
    let policy = policy(args.policy.as_deref())?;
    let mut head = Map::new();
    head.insert("game".into(), json!("dungeon-of-chaos"));
    head.insert("hero".into(), json!(names[profile]));
    head.insert("health".into(), json!(hero.stats[Attr::Health as usize]));
    head.insert("policy".into(), json!(policy_name(policy)));
    let foe = if monsters.len() == 1 {
        let m = monsters[0].0 as usize;
        head.insert("monster".into(), json!(monster_ids[m]));
        format!("{} (Health {})", rules.monster_names[m], rules.monsters[m].stats[Attr::Health as usize])
    } else {
        head.insert("monster".into(), Value::Null);
        head.insert("level".into(), json!(args.level.unwrap_or(1)));
        format!("a monster drawn from the level {} Monster deck", args.level.unwrap_or(1))
    };
    head.insert(
        "what".into(),
        json!(format!(
            "{} (Health {}, bare-handed) against {foe}, policy {}",
            rules.character_names[profile],
            hero.stats[Attr::Health as usize],
            policy_name(policy)
        )),
    );
    head.insert("seed".into(), json!(args.seed));
    head.insert("data_hash".into(), json!(meta::hex(rules.data_hash)));
    Ok((Duel { hero, monsters, policy }, head))
}

/// Other games' duel options, refused by name.
fn refuse_other_options(args: &DuelArgs) -> Result<(), Failure> {
    let given = [
        ("--edition", args.data.edition.is_some()),
        ("--data", args.data.data.is_some()),
        ("--monster-policy", args.monster_policy.is_some()),
        ("--bot", args.bot.is_some()),
        ("--solo", args.solo),
        ("--no-escape", args.no_escape),
        ("--boss", args.boss.is_some()),
        ("--distance", args.distance.is_some()),
        ("--gear", !args.gear.is_empty()),
        ("--mode", args.mode.is_some()),
        ("--way-out", args.way_out),
        ("--dungeon-level", args.dungeon_level.is_some()),
        ("--rule", !args.rules.is_empty()),
    ];
    match given.iter().find(|(_, g)| *g) {
        Some((name, _)) => Err(bad(format!(
            "{name}: a dungeon-of-chaos duel has no such option (it takes --hero, --monster or --level, --wounds, \
             --policy)"
        ))),
        None => Ok(()),
    }
}
