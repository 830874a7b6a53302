//! `dq duel --edition classic`: one combat of the 1987 rules fought many times, with its
//! exact odds beside the Monte Carlo ones.
//!
//! With `--life N` the fight is the rounds alone (no reaction, no Monster card, no bow):
//! counters chosen by the hero's bot and the monster policy, or with `--solo` the D12 solo
//! table. Without it, the whole encounter: the bot's reaction, the top Monster card of the
//! (estimated) deck, El-Adoran's arrows, then the rounds. Without `--monster` the monster type
//! is drawn like a Room card's monster (by the Room deck's counts). Duel `i` depends only on
//! (seed, `i`); the exact figures come from `dq_bots::dungeonquest::classic::encounter_odds`.

use super::{drawn, emit_duel, figures, play_duels, DuelCounts, DuelTally};
use crate::cli::DuelArgs;
use crate::error::{bad, Failure};
use crate::meta;
use crate::plan::default_threads;
use crate::summary::{ci95, mean_ci, rate};
use crate::table::DEFAULT_BOT;
use dq_bots::dungeonquest::classic::{encounter_odds, play_fight, ClassicHero, ClassicMonster, Odds};
use dq_bots::BotSpec;
use dq_engine::dungeonquest::classic::decks::{CardEffect, ClassicDeck};
use dq_engine::dungeonquest::classic::rules::MAX_MONSTER_LIFE;
use dq_engine::dungeonquest::classic::{ClassicRules, Encounter, Fight, Opening, Outcome, RoundSystem};
use dq_engine::rng::{GameRng, Stream};
use serde_json::{json, Map, Value};

/// The classic duel's counts: the common ones and the two the 1987 combat adds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    common: DuelTally,
    monster_fled: u64,
    both_die: u64,
}

impl DuelCounts for Tally {
    fn merge(&mut self, o: &Tally) {
        self.common.merge(&o.common);
        self.monster_fled += o.monster_fled;
        self.both_die += o.both_die;
    }

    fn games(&self) -> u64 {
        self.common.games
    }
}

/// What every duel of the run is: checked once before the first.
struct Setup {
    hero: u8,
    /// A fixed monster type, or by Room-deck weight.
    kinds: Vec<(u8, u32)>,
    enc: Encounter,
}

impl Setup {
    /// The encounter of one duel against monster type `kind`.
    fn encounter(&self, kind: u8) -> Encounter {
        Encounter { kind, ..self.enc }
    }

    /// The monster type of duel `i` (from the setup stream).
    fn kind(&self, seed: u64, i: u64) -> u8 {
        drawn(&self.kinds, seed, i)
    }
}

/// Runs `dq duel --edition classic` (or of a 1987 `--data` folder).
pub fn run(args: &DuelArgs, rules: ClassicRules) -> Result<(), Failure> {
    let setup = setup(&rules, args)?;
    let spec = BotSpec::parse(args.bot.as_deref().unwrap_or(DEFAULT_BOT)).map_err(|e| bad(e.to_string()))?;
    let monster_spec = crate::table::monster_policy(dq_engine::Edition::Classic, args.monster_policy.as_deref())?;
    let hero_policy = ClassicHero::new(&rules, spec);
    let monster_policy = ClassicMonster::new(&rules, monster_spec);

    let threads = args.threads.unwrap_or_else(default_threads);
    let (total, seconds) = play_duels(
        args,
        || (),
        |_, i, t: &mut Tally| {
            let enc = setup.encounter(setup.kind(args.seed, i));
            let mut dice = GameRng::new(args.seed, i, Stream::Dice);
            let mut deck = GameRng::new(args.seed, i, Stream::Shuffle);
            let mut bot = GameRng::new(args.seed, i, Stream::Bot);
            let mut fight = Fight::start(&rules, enc, &mut dice);
            let outcome = play_fight(&rules, &hero_policy, &monster_policy, &mut fight, &mut dice, &mut deck, &mut bot)
                .expect("the bots answer only legal answers");
            let c = &mut t.common;
            c.games += 1;
            match outcome {
                Outcome::MonsterKilled | Outcome::MonsterBlinded => c.hero_wins += 1,
                Outcome::HeroKilled { monster_dead } => {
                    c.hero_deaths += 1;
                    t.both_die += u64::from(monster_dead);
                }
                Outcome::Escaped => c.escapes += 1,
                Outcome::MonsterFled => t.monster_fled += 1,
            }
            c.add_lengths(u128::from(fight.rounds()), u128::from(enc.life_left - fight.hero_life()));
        },
    )?;

    let exact = exact_odds(&rules, &setup, &hero_policy, &monster_policy);
    let hero = &rules.heroes[setup.hero as usize];
    let monster = (setup.kinds.len() == 1).then(|| rules.kinds[setup.kinds[0].0 as usize].id.clone());
    let monster_name = match monster {
        Some(_) => rules.kinds[setup.kinds[0].0 as usize].name.clone(),
        None => "any monster".to_string(),
    };
    let life = args.life.map_or("life from the Monster card".to_string(), |l| format!("life {l}"));
    let combat = match (args.life.is_some(), args.solo) {
        (true, true) => "solo table",
        (true, false) => "counters",
        (false, true) => "reaction, Monster card, solo table",
        (false, false) => "reaction, Monster card, counters",
    };
    let mut head = Map::new();
    head.insert("hero".into(), json!(hero.id));
    head.insert("wounds".into(), json!(args.wounds));
    head.insert("monster".into(), json!(monster));
    head.insert("life".into(), json!(args.life));
    head.insert("solo".into(), json!(args.solo));
    head.insert("escape".into(), json!(!args.no_escape));
    head.insert("bot".into(), json!(spec.to_string()));
    head.insert("monster_policy".into(), json!(monster_spec.to_string()));
    head.insert("rules".into(), json!(if args.solo { "solo" } else { "" }));
    head.insert("seed".into(), json!(args.seed));
    head.insert("edition".into(), json!(dq_engine::Edition::Classic));
    head.insert("data_hash".into(), json!(meta::hex(rules.data_hash)));
    let text = format!(
        "dq duel: {} duels, seed {}: {} ({} LPs lost) against {monster_name} ({life}), {combat}{}, bot {spec}, monster policy {monster_spec}\n{}\n{:.0} duels/s ({:.2} s on {threads} thread{})",
        total.common.games,
        args.seed,
        hero.id,
        args.wounds,
        if args.no_escape { ", no escape" } else { "" },
        figures_text(&total, &exact),
        total.common.games as f64 / seconds.max(1e-9),
        seconds,
        if threads == 1 { "" } else { "s" },
    );
    let fields = args.json.then(|| {
        let mut m = head;
        m.extend(figures(&total.common));
        m.insert("monster_fled".into(), json!(total.monster_fled));
        m.insert("both_die".into(), json!(total.both_die));
        let n = total.common.games;
        for (key, k) in [("p_monster_flees", total.monster_fled), ("p_both_die", total.both_die)] {
            let (lo, hi) = ci95(k, n);
            m.insert(key.into(), json!(rate(k, n)));
            m.insert(format!("{key}_ci95"), json!([lo, hi]));
        }
        m.insert("exact".into(), exact_json(&exact));
        m
    });
    emit_duel(args, &text, fields, threads, seconds, total.common.games);
    Ok(())
}

/// Checks the command line against the classic data and builds the duels' common encounter.
fn setup(rules: &ClassicRules, args: &DuelArgs) -> Result<Setup, Failure> {
    if let Some(r) = args.rules.first() {
        return Err(bad(format!(
            "rule \"{}\" is not available in the classic edition: it has no optional rules (the solo table is --solo)",
            r.trim()
        )));
    }
    let id = args.hero.trim().to_ascii_lowercase();
    let hero = rules.hero_by_id(&id).ok_or_else(|| {
        let known: Vec<&str> = rules.heroes.iter().map(|h| h.id.as_str()).collect();
        bad(format!("unknown hero \"{id}\" (known: {})", known.join(", ")))
    })?;
    let sheet = &rules.heroes[hero as usize];
    if args.wounds >= sheet.life {
        return Err(bad(format!("{} has {} Life Points: wounds must be below that", sheet.id, sheet.life)));
    }
    let kinds = match &args.monster {
        Some(name) => {
            let n = name.trim().to_ascii_lowercase();
            let k =
                rules.kinds.iter().position(|k| k.id == n || k.name.to_ascii_lowercase() == n).ok_or_else(|| {
                    let known: Vec<&str> = rules.kinds.iter().map(|k| k.id.as_str()).collect();
                    bad(format!("unknown monster \"{}\" (known: {})", name.trim(), known.join(", ")))
                })?;
            vec![(k as u8, 1)]
        }
        None => room_deck_monsters(rules),
    };
    let opening = match args.life {
        None => Opening::Room,
        Some(0) => return Err(bad("monster life must be at least 1")),
        Some(l) if l > MAX_MONSTER_LIFE => {
            return Err(bad(format!("monster life {l}: the classic Monster cards go up to {MAX_MONSTER_LIFE}")))
        }
        Some(l) => Opening::Rounds { life: l },
    };
    let enc = Encounter {
        hero,
        life_left: sheet.life - args.wounds,
        kind: kinds[0].0,
        arrows: sheet.arrows,
        may_escape: !args.no_escape,
        ring_of_blinding: false,
        opening,
        rounds: if args.solo { RoundSystem::SoloTable } else { RoundSystem::Counters },
    };
    Ok(Setup { hero, kinds, enc })
}

/// The monster types of the Room deck's monster cards, each weighted by its count.
fn room_deck_monsters(rules: &ClassicRules) -> Vec<(u8, u32)> {
    let mut out: Vec<(u8, u32)> = Vec::new();
    for c in rules.decks.deck(ClassicDeck::Room) {
        if let CardEffect::Monster { kind } = c.effect {
            match out.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, w)) => *w += 1,
                None => out.push((kind, 1)),
            }
        }
    }
    if out.is_empty() {
        out = (0..rules.kinds.len() as u8).map(|k| (k, 1)).collect();
    }
    out
}

/// The exact odds of the duels: per monster type, weighted as they are drawn.
fn exact_odds(rules: &ClassicRules, setup: &Setup, hero: &ClassicHero, monster: &ClassicMonster) -> Odds {
    let total: f64 = setup.kinds.iter().map(|k| f64::from(k.1)).sum();
    let mut out = Odds::default();
    for &(k, w) in &setup.kinds {
        let o = encounter_odds(rules, hero, monster, setup.encounter(k));
        let q = f64::from(w) / total;
        out.hero_wins += q * o.hero_wins;
        out.hero_dies += q * o.hero_dies;
        out.both_die += q * o.both_die;
        out.escaped += q * o.escaped;
        out.monster_fled += q * o.monster_fled;
        out.mean_lost += q * o.mean_lost;
        out.mean_rounds += q * o.mean_rounds;
    }
    out
}

fn exact_json(e: &Odds) -> Value {
    json!({
        "p_hero_wins": e.hero_wins,
        "p_hero_dies": e.hero_dies,
        "p_escape": e.escaped,
        "p_monster_flees": e.monster_fled,
        "p_both_die": e.both_die,
        "mean_rounds": e.mean_rounds,
        "mean_hero_wounds": e.mean_lost,
    })
}

fn figures_text(t: &Tally, e: &Odds) -> String {
    let n = t.common.games;
    let p = |label: &str, k: u64, exact: f64| {
        let (lo, hi) = ci95(k, n);
        let v = rate(k, n).unwrap_or(0.0);
        format!(
            "  {label:<18} {:>7.3}%  [{:.3}%, {:.3}%]  exact {:.3}%",
            100.0 * v,
            100.0 * lo,
            100.0 * hi,
            100.0 * exact
        )
    };
    let m = |label: &str, sum: u128, sq: u128, exact: f64| {
        let (v, lo, hi) = mean_ci(sum, sq, n).unwrap_or((0.0, 0.0, 0.0));
        format!("  {label:<18} {v:>8.4}  [{lo:.4}, {hi:.4}]  exact {exact:.4}")
    };
    let c = &t.common;
    [
        p("P(hero wins)", c.hero_wins, e.hero_wins),
        p("P(hero dies)", c.hero_deaths, e.hero_dies),
        p("P(both die)", t.both_die, e.both_die),
        p("P(escape)", c.escapes, e.escaped),
        p("P(monster flees)", t.monster_fled, e.monster_fled),
        m("mean rounds", c.rounds, c.rounds_sq, e.mean_rounds),
        m("mean LPs lost", c.wounds, c.wounds_sq, e.mean_lost),
    ]
    .join("\n")
}
