//! `dq duel --game dungeon-of-chaos`: one fight of a fresh character (`--hero`, with the items
//! of `--item` worn and the Spell and Potion cards of `--spells` and `--potion` in hand)
//! against one monster (`--monster`, or drawn from `--level`'s Monster deck by its copies)
//! fought many times under a fixed policy, with the exact odds of the engine's Markov chain
//! (`dq_engine::dungeon_of_chaos::exact`) beside the Monte Carlo figures where the fight is
//! one, and "—" with what makes it none (chart rolls, the cards used).
//!
//! The hero ATTACKs with the weapon that deals the most on average against the monster
//! (immunity and weakness counted; bare-handed if none does better), casts his spells when
//! `--policy` says `cast=ID` or `cast=any` (the default with `--spells`) and drinks his first
//! potion below `drink-below=K` (the default with `--potion`: half his starting Health,
//! rounded up).
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
use dq_engine::dungeon_of_chaos::combat::{
    Answer, Combat, Dice, End, HandCard, HeroSetup, Presence, Step, HERO, MAX_HAND, MAX_TOOLS, MAX_WEAPONS,
};
use dq_engine::dungeon_of_chaos::data::{AttackType, Attr};
use dq_engine::dungeon_of_chaos::exact::{fight_odds_with, Move, Odds, Policy};
use dq_engine::dungeon_of_chaos::game::{needs_equipping, MAX_ITEMS};
use dq_engine::dungeon_of_chaos::rules::MonsterDef;
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

/// Which spells the hero casts (§8), one an action while he holds them, before his ATTACK or
/// DEFEND (never instead of a flight).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cast {
    Never,
    /// Every Spell card in hand, in hand order.
    Any,
    /// The Spell cards of this id.
    Spell(u16),
}

/// The hero's way of fighting: `--policy`'s moves and when he uses his cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Plan {
    base: Policy,
    cast: Cast,
    /// DRINK POTION (the first in hand) while Health is below this (0: never).
    drink_below: i8,
}

/// A duel run, checked once before the first duel.
struct Duel {
    hero: HeroSetup,
    /// Monster ids by weight (one, or a level's deck by copies), each with the weapon the hero
    /// ATTACKs it with.
    monsters: Vec<(u8, u32)>,
    weapons: Vec<Option<u8>>,
    plan: Plan,
}

/// The hero's action at this point of the fight under `plan`.
fn choose(c: &Combat, weapon: Option<u8>, plan: Plan) -> Answer {
    let health = c.fighter(HERO).stats[Attr::Health as usize];
    let hand = c.hand();
    if health < plan.drink_below {
        if let Some(slot) = hand.iter().position(|h| matches!(h, Some(HandCard::Potion(_)))) {
            return Answer::Drink { slot: slot as u8 };
        }
    }
    let mv = plan.base.act(health);
    if mv != Move::Flee {
        let spell = hand.iter().enumerate().find_map(|(slot, h)| match (*h, plan.cast) {
            (Some(HandCard::Spell { on_enemy, .. }), Cast::Any) => Some((slot, on_enemy)),
            (Some(HandCard::Spell { card, on_enemy }), Cast::Spell(id)) if card == id => Some((slot, on_enemy)),
            _ => None,
        });
        if let Some((slot, on_enemy)) = spell {
            return Answer::Cast { slot: slot as u8, foe: if on_enemy { 1 } else { HERO } };
        }
    }
    match mv {
        Move::Attack => Answer::Attack { foe: 1, weapon },
        Move::Defend => Answer::Defend,
        Move::Flee => Answer::Flee,
    }
}

/// The weapon (an index of the hero's weapons) whose ATTACK deals the most on average against
/// `m`'s Defence, immunity and weakness counted; `None` (bare-handed) unless one does better.
fn best_weapon(hero: &HeroSetup, m: &MonsterDef) -> Option<u8> {
    let attack = i16::from(hero.stats[Attr::Attack as usize]) + i16::from(hero.bonus[Attr::Attack as usize]);
    let defence = i16::from(m.stats[Attr::Defence as usize]);
    let mean = |bonus: i8, kind: AttackType| {
        let hit = |total: i16| {
            let d = f64::from((total - defence).max(0));
            if m.immunities().has(kind) {
                0.0
            } else if m.weak.has(kind) {
                2.0 * d
            } else {
                d
            }
        };
        let a = attack + i16::from(bonus);
        // §10: a 1 fumbles, an 8 adds one more die.
        (2..=7).map(|r| hit(r + a) / 8.0).sum::<f64>() + (1..=8).map(|e| hit(8 + e + a) / 64.0).sum::<f64>()
    };
    let mut best = (None, mean(0, AttackType::Plain));
    for w in 0..hero.n_weapons.min(MAX_WEAPONS as u8) {
        let x = hero.weapons[w as usize];
        let v = mean(x.bonus, x.kind);
        if v > best.1 {
            best = (Some(w), v);
        }
    }
    best.0
}

/// One fight to its end: how it ended, the hero's actions and the Health he lost.
fn fight(
    rules: &ChaosRules,
    hero: &HeroSetup,
    monster: u8,
    weapon: Option<u8>,
    plan: Plan,
    dice: &mut impl Dice,
) -> (Ending, u32, i16) {
    let start = hero.stats[Attr::Health as usize];
    let mut c = Combat::new(rules, hero, &[monster]);
    let mut step = c.start(rules, dice, &mut |_| {});
    let mut actions = 0;
    loop {
        match step {
            Step::HeroToAct if actions < ACTION_CAP => {
                let wanted = choose(&c, weapon, plan);
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

/// Whether the plan plays a card the hero holds (spells and potions are not a chain).
fn uses_cards(duel: &Duel) -> bool {
    duel.hero.hand.iter().flatten().any(|c| match *c {
        HandCard::Potion(_) => duel.plan.drink_below > 0,
        HandCard::Spell { card, .. } => match duel.plan.cast {
            Cast::Any => true,
            Cast::Spell(id) => id == card,
            Cast::Never => false,
        },
        HandCard::Scroll { .. } => false,
    })
}

/// The exact odds of the run's duels (a drawn monster's as the mixture of the deck), or why
/// there are none: the cards the plan plays, the monsters and chart rolls the chain cannot
/// follow.
fn exact_odds(rules: &ChaosRules, duel: &Duel) -> Result<Odds, String> {
    if uses_cards(duel) {
        return Err("no exact figures: the spells and potions the hero uses are not a chain (their effects, \
                    ailments and healing are not followed)"
            .into());
    }
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
    for (&(m, w), &weapon) in duel.monsters.iter().zip(&duel.weapons) {
        match fight_odds_with(rules, &duel.hero, m, duel.plan.base, weapon) {
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
            let k = duel.monsters.iter().position(|c| c.0 == m).unwrap_or(0);
            let (end, rounds, lost) = fight(&rules, &duel.hero, m, duel.weapons[k], duel.plan, &mut dice);
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

/// `--policy`: a move (`attack`, `defend` or `flee-below=K`) and the cards' use (`cast=ID`,
/// `cast=any`, `cast=none`, `drink-below=K`), comma-separated in any order. `spells` and
/// `potions` are the cards in hand (ids); `health` the starting Health.
fn plan(given: Option<&str>, rules: &ChaosRules, spells: &[u16], potions: usize, health: i8) -> Result<Plan, Failure> {
    let text = given.unwrap_or("attack").trim().to_ascii_lowercase();
    let (mut base, mut cast, mut drink) = (None, None, None);
    let whole = |k: &str, what: &str, from: i8| {
        k.parse::<i8>()
            .ok()
            .filter(|k| (from..=99).contains(k))
            .ok_or_else(|| bad(format!("policy \"{text}\": {what} K must be a whole number from {from} to 99")))
    };
    for part in text.split(',').map(str::trim) {
        let move_ = match part {
            "attack" => Some(Policy::Attack),
            "defend" => Some(Policy::Defend),
            _ => match part.strip_prefix("flee-below=") {
                Some(k) => Some(Policy::FleeBelow(whole(k, "flee-below=K:", 1)?)),
                None => None,
            },
        };
        if let Some(m) = move_ {
            if base.replace(m).is_some() {
                return Err(bad(format!("policy \"{text}\": one move of attack, defend, flee-below=K")));
            }
        } else if let Some(id) = part.strip_prefix("cast=") {
            let c = match id {
                "any" => Cast::Any,
                "none" => Cast::Never,
                _ => {
                    let card = rules.spells.names.iter().position(|n| dashed(n) == id).map(|c| c as u16);
                    match card.filter(|c| spells.contains(c)) {
                        Some(c) => Cast::Spell(c),
                        None => {
                            let held: Vec<String> =
                                spells.iter().map(|&c| dashed(&rules.spells.names[c as usize])).collect();
                            return Err(bad(format!(
                                "policy \"{text}\": cast={id}: not a spell in --spells (given: {})",
                                if held.is_empty() { "none".into() } else { held.join(", ") }
                            )));
                        }
                    }
                }
            };
            if cast.replace(c).is_some() {
                return Err(bad(format!("policy \"{text}\": cast= given twice")));
            }
        } else if let Some(k) = part.strip_prefix("drink-below=") {
            if potions == 0 {
                return Err(bad(format!("policy \"{text}\": drink-below=K with no --potion to drink")));
            }
            if drink.replace(whole(k, "drink-below=K:", 0)?).is_some() {
                return Err(bad(format!("policy \"{text}\": drink-below= given twice")));
            }
        } else {
            return Err(bad(format!(
                "unknown policy \"{part}\" (known: attack, defend, flee-below=K, cast=ID, cast=any, cast=none, \
                 drink-below=K; comma-separated)"
            )));
        }
    }
    let any_spell = if spells.is_empty() { Cast::Never } else { Cast::Any };
    let half = if potions == 0 { 0 } else { (health + 1) / 2 };
    Ok(Plan {
        base: base.unwrap_or(Policy::Attack),
        cast: cast.unwrap_or(any_spell),
        drink_below: drink.unwrap_or(half),
    })
}

fn plan_name(p: Plan, rules: &ChaosRules) -> String {
    let mut out = match p.base {
        Policy::Attack => "attack".to_string(),
        Policy::Defend => "defend".to_string(),
        Policy::FleeBelow(k) => format!("flee-below={k}"),
    };
    match p.cast {
        Cast::Never => {}
        Cast::Any => out.push_str(",cast=any"),
        Cast::Spell(c) => out.push_str(&format!(",cast={}", dashed(&rules.spells.names[c as usize]))),
    }
    if p.drink_below > 0 {
        out.push_str(&format!(",drink-below={}", p.drink_below));
    }
    out
}

/// A card's id among `names` (dashed), or a one-line error naming the known ones.
fn card_id(names: &[String], given: &str, what: &str, option: &str) -> Result<usize, Failure> {
    let id = given.trim().to_ascii_lowercase();
    let known: Vec<String> = names.iter().map(|n| dashed(n)).collect();
    known
        .iter()
        .position(|n| *n == id)
        .ok_or_else(|| bad(format!("{option} {id}: unknown {what} (known: {})", known.join(", "))))
}

/// `--item`: the items the hero holds and wears, checked (§13: a Faerie lifts nothing with a
/// weight; one item of each worn type; the storage bounds).
fn items(rules: &ChaosRules, profile: usize, who: &str, given: &[String]) -> Result<Vec<u8>, Failure> {
    let mut out: Vec<u8> = Vec::new();
    for g in given {
        let i = card_id(&rules.item_names, g, "item", "--item")?;
        let def = &rules.items[i];
        let name = dashed(&rules.item_names[i]);
        if rules.characters[profile].no_weight && def.weight > 0 {
            return Err(bad(format!(
                "--item {name}: the {who} cannot lift an item with a weight (it weighs {})",
                def.weight
            )));
        }
        if needs_equipping(def.kind) {
            if let Some(&o) = out.iter().find(|&&o| rules.items[o as usize].kind == def.kind) {
                return Err(bad(format!(
                    "--item {name}: {} is worn already, one {:?} at a time (§13)",
                    dashed(&rules.item_names[o as usize]),
                    def.kind
                )));
            }
        }
        out.push(i as u8);
    }
    let count = |f: &dyn Fn(u8) -> bool| out.iter().filter(|&&i| f(i)).count();
    if out.len() > MAX_ITEMS {
        return Err(bad(format!("--item: {} items, a character carries at most {MAX_ITEMS}", out.len())));
    }
    if count(&|i| rules.items[i as usize].weapon.is_some()) > MAX_WEAPONS {
        return Err(bad(format!("--item: more than {MAX_WEAPONS} weapons")));
    }
    if count(&|i| rules.items[i as usize].action.is_some()) > MAX_TOOLS {
        return Err(bad(format!("--item: more than {MAX_TOOLS} items with a combat action")));
    }
    Ok(out)
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
    let held = items(rules, profile, &id, &args.items)?;
    for &i in &held {
        hero = hero.with_item(rules, i);
    }
    if !args.spells.is_empty() && !hero.casts {
        return Err(bad(format!("--spells: the {id} has no spellcasting (§8)")));
    }
    let spells = args
        .spells
        .iter()
        .map(|s| card_id(&rules.spells.names, s, "spell", "--spells").map(|c| c as u16))
        .collect::<Result<Vec<u16>, Failure>>()?;
    let potions = args
        .potions
        .iter()
        .map(|s| card_id(&rules.potions.names, s, "potion", "--potion").map(|c| c as u16))
        .collect::<Result<Vec<u16>, Failure>>()?;
    if spells.len() + potions.len() > MAX_HAND {
        return Err(bad(format!(
            "--spells and --potion: {} cards, a hand holds at most {MAX_HAND}",
            spells.len() + potions.len()
        )));
    }
    for &c in &spells {
        hero = hero.with_card(rules, true, c);
    }
    for &c in &potions {
        hero = hero.with_card(rules, false, c);
    }
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
    let start = hero.stats[Attr::Health as usize];
    let plan = plan(args.policy.as_deref(), rules, &spells, potions.len(), start)?;
    let weapons: Vec<Option<u8>> =
        monsters.iter().map(|&(m, _)| best_weapon(&hero, &rules.monsters[m as usize])).collect();
    let item_name = |i: u8| dashed(&rules.item_names[i as usize]);
    let weapon_item =
        |w: u8| held.iter().copied().filter(|&i| rules.items[i as usize].weapon.is_some()).nth(w as usize);
    let mut head = Map::new();
    head.insert("game".into(), json!("dungeon-of-chaos"));
    head.insert("hero".into(), json!(names[profile]));
    head.insert("health".into(), json!(start));
    head.insert("policy".into(), json!(plan_name(plan, rules)));
    head.insert("items".into(), json!(held.iter().map(|&i| item_name(i)).collect::<Vec<_>>()));
    head.insert(
        "spells".into(),
        json!(spells.iter().map(|&c| dashed(&rules.spells.names[c as usize])).collect::<Vec<_>>()),
    );
    head.insert(
        "potions".into(),
        json!(potions.iter().map(|&c| dashed(&rules.potions.names[c as usize])).collect::<Vec<_>>()),
    );
    let armed =
        |w: Option<u8>| w.and_then(weapon_item).map_or("bare-handed".to_string(), |i| format!("with {}", item_name(i)));
    let foe = if monsters.len() == 1 {
        let m = monsters[0].0 as usize;
        head.insert("monster".into(), json!(monster_ids[m]));
        head.insert("weapon".into(), json!(weapons[0].and_then(weapon_item).map(item_name)));
        format!("{} (Health {})", rules.monster_names[m], rules.monsters[m].stats[Attr::Health as usize])
    } else {
        head.insert("monster".into(), Value::Null);
        head.insert("level".into(), json!(args.level.unwrap_or(1)));
        format!("a monster drawn from the level {} Monster deck", args.level.unwrap_or(1))
    };
    let how = if monsters.len() == 1 { armed(weapons[0]) } else { "the best of his weapons".to_string() };
    let mut cards: Vec<String> = Vec::new();
    if !held.is_empty() {
        cards.push(format!("items {}", held.iter().map(|&i| item_name(i)).collect::<Vec<_>>().join(", ")));
    }
    if !spells.is_empty() || !potions.is_empty() {
        cards.push(format!("{} cards in hand", spells.len() + potions.len()));
    }
    let cards = if cards.is_empty() { String::new() } else { format!("; {}", cards.join("; ")) };
    head.insert(
        "what".into(),
        json!(format!(
            "{} (Health {start}, {how}{cards}) against {foe}, policy {}",
            rules.character_names[profile],
            plan_name(plan, rules)
        )),
    );
    head.insert("seed".into(), json!(args.seed));
    head.insert("data_hash".into(), json!(meta::hex(rules.data_hash)));
    Ok((Duel { hero, monsters, weapons, plan }, head))
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
             --item, --spells, --potion, --policy)"
        ))),
        None => Ok(()),
    }
}

/// This game's duel options, refused by name in another game's duel (`game`).
pub fn refuse_chaos_options(args: &DuelArgs, game: &str) -> Result<(), Failure> {
    let given = [
        ("--item", !args.items.is_empty()),
        ("--spells", !args.spells.is_empty()),
        ("--potion", !args.potions.is_empty()),
    ];
    match given.iter().find(|(_, g)| *g) {
        Some((name, _)) => Err(bad(format!("{name} is a dungeon-of-chaos duel option: {game} has none"))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dice that roll the given values in order.
    struct Forced(Vec<u8>);

    impl Dice for Forced {
        fn d8(&mut self) -> u8 {
            self.0.remove(0)
        }
        fn d6(&mut self) -> u8 {
            self.0.remove(0)
        }
        fn pick(&mut self, n: u32) -> u32 {
            u32::from(self.0.remove(0)) % n
        }
    }

    fn id(names: &[String], name: &str) -> usize {
        names.iter().position(|n| n == name).unwrap_or_else(|| panic!("{name}"))
    }

    /// The weapon that deals the most: a cold one against the cold-weak, the biggest bonus
    /// otherwise, bare hands against a monster immune to the only weapon's type.
    #[test]
    fn the_best_weapon_counts_weakness_and_immunity() {
        let r = ChaosRules::standard();
        let warrior = id(&r.character_names, "Warrior") as u8;
        let item = |n: &str| id(&r.item_names, n) as u8;
        let hero =
            HeroSetup::character(&r, warrior).with_item(&r, item("Broadsword")).with_item(&r, item("Frost Brand"));
        let m = |n: &str| r.monsters[id(&r.monster_names, n)];
        assert_eq!(best_weapon(&hero, &m("Dragon Hatching")), Some(1), "frost brand doubles on the cold-weak");
        assert_eq!(best_weapon(&hero, &m("Troll")), Some(0), "the broadsword's +3");
        let frost_only = HeroSetup::character(&r, warrior).with_item(&r, item("Frost Brand"));
        assert_eq!(best_weapon(&frost_only, &m("Wraith")), None, "the wraith is immune to cold");
    }

    /// A Potion of Healing drunk below `drink-below`: the Warrior at Health 5 goes first,
    /// drinks (2d8 = 3 + 4) and stands at 12; above K he attacks with his weapon.
    #[test]
    fn a_potion_is_drunk_below_its_threshold() {
        let r = ChaosRules::standard();
        let warrior = id(&r.character_names, "Warrior") as u8;
        let goblin = id(&r.monster_names, "Frail Goblin") as u8;
        let healing = id(&r.potions.names, "Potion of Healing") as u16;
        let mut hero = HeroSetup::character(&r, warrior).with_card(&r, false, healing);
        hero.stats[Attr::Health as usize] = 5;
        let plan = Plan { base: Policy::Attack, cast: Cast::Never, drink_below: 10 };
        let mut c = Combat::new(&r, &hero, &[goblin]);
        // Initiative: Warrior 8 + 4, goblin 2 + 4.
        let mut dice = Forced(vec![8, 2, 3, 4, 6]);
        assert_eq!(c.start(&r, &mut dice, &mut |_| {}), Step::HeroToAct);
        assert_eq!(choose(&c, None, plan), Answer::Drink { slot: 0 });
        // The potion's 2d8; the goblin's chart 6 (DEFEND).
        assert_eq!(c.answer(&r, &mut dice, Answer::Drink { slot: 0 }, &mut |_| {}), Ok(Step::HeroToAct));
        assert_eq!(c.fighter(HERO).stats[Attr::Health as usize], 12);
        assert_eq!(choose(&c, Some(0), plan), Answer::Attack { foe: 1, weapon: Some(0) });
        assert!(dice.0.is_empty());
    }
}
