//! `dq duel --game dealing-dungeons`: one monster encounter or one End Boss fight fought many
//! times under a fixed policy, with the exact odds of its Markov chain
//! (`dq_engine::dealing_dungeons::exact`) beside the Monte Carlo figures.
//!
//! The fights are the engine's own (`MonsterFight`, `BossFight`) on the dice stream of
//! (seed, duel index), so duel `i` depends only on the seed and `i`. Without `--monster` or
//! `--boss` the monster is drawn like an Encounter card's, by the deck's copies (from the
//! setup stream), and the exact figures are the same mixture. Run is never chosen (the chains
//! fight to the end), so every duel ends with the foe or the hero defeated. Rounds are the
//! hero's answers, plus one where a Curse takes his last life at the start of a round (the
//! chain counts that round, which the hero never answers). A fight whose chain does not end
//! with probability 1 (ranged shots that can neither hurt nor be hurt) is refused.

use crate::cli::DuelArgs;
use crate::dealing_dungeons::table::{hero_names, RULES};
use crate::duel::{by_copies, drawn, emit_duel, mean_line, play_duels, rate_line, DuelTally};
use crate::error::{bad, Failure};
use crate::meta;
use crate::plan::default_threads;
use crate::summary::{ci95, mean_ci, rate};
use dq_engine::dealing_dungeons::combat::{BossAnswer, BossPending, Pending, RoundResult};
use dq_engine::dealing_dungeons::data::AttackRule;
use dq_engine::dealing_dungeons::exact::{boss_odds, monster_odds, BossPolicy, Odds, Policy};
use dq_engine::dealing_dungeons::game::Mode;
use dq_engine::dealing_dungeons::rules::{Encounter, HeroSide, Loot, Mods, Monster, MAX_LEVEL, MAX_LIVES};
use dq_engine::dealing_dungeons::{
    Answer, BossFight, BossFoe, DealingRules, Fighter, Foe, MonsterFight, Outcome, Setting,
};
use dq_engine::rng::{GameRng, Stream};
use serde_json::{json, Map, Value};

/// Rounds after which a duel is given up (counted neither won nor lost). The exact chain is
/// checked to end before the run, so only a vanishingly unlikely duel could reach it.
const ROUND_CAP: u32 = 1_000_000;

/// The foe of every duel of the run.
#[derive(Clone, Debug)]
enum Opponent {
    /// Monsters by weight (one, or the Encounter deck's by copies), and the attack rule.
    Monsters {
        cards: Vec<(u8, u32)>,
        attack: AttackRule,
        lives: Option<u8>,
        stage: Stage,
        policy: Policy,
        setting: Setting,
    },
    Boss {
        foe: BossFoe,
        policy: BossPolicy,
    },
}

/// A duel run, checked once before the first duel.
struct Duel {
    hero: Fighter,
    opponent: Opponent,
}

/// What a solo mode adds to the printed foes (`--mode`): Solo Moderate's way out, Solo Hard's
/// level. Zero for the printed foes.
#[derive(Clone, Copy, Debug, Default)]
struct Stage {
    /// Added to a monster's attack.
    attack_bonus: u8,
    /// Added to a monster's printed lives (not to `--life`).
    extra_lives: u8,
    /// Solo Hard's attack rule of the level (printed where the level rolls none).
    attack: Option<AttackRule>,
    /// Added to an End Boss's lives and to its attack total.
    boss_lives: u8,
    boss_attack: u8,
}

/// The foe of one monster duel.
fn foe(monster: Monster, attack: AttackRule, lives: Option<u8>, stage: Stage) -> Foe {
    Foe {
        monster,
        attack,
        attack_bonus: stage.attack_bonus,
        lives: lives.unwrap_or(monster.lives.saturating_add(stage.extra_lives)),
    }
}

/// `--mode`, `--way-out`, `--dungeon-level`: the stage of a solo mode the foe is met in, as
/// the game builds it (`flow.rs`: `foe`, `drawn_lives`, the Solo Hard boss), and its words.
fn stage(rules: &DealingRules, args: &DuelArgs) -> Result<(Stage, Option<String>), Failure> {
    let m = &rules.modes;
    let mode = match args.mode.as_deref() {
        None => None,
        Some(name) => super::table::mode(Some(name))?,
    };
    match (mode, args.way_out, args.dungeon_level) {
        (None, false, None) => Ok((Stage::default(), None)),
        (Some(Mode::SoloModerate), true, None) => Ok((
            Stage { attack_bonus: m.moderate_attack, extra_lives: m.moderate_lives, ..Stage::default() },
            Some("Solo Moderate, on the way out".into()),
        )),
        (Some(Mode::SoloModerate), false, None) => {
            Ok((Stage::default(), Some("Solo Moderate, on the way in (printed foes)".into())))
        }
        (Some(Mode::SoloHard), false, Some(l)) if (1..=4).contains(&l) => {
            let h = m.hard_levels[usize::from(l - 1)];
            let stage = Stage {
                extra_lives: h.monster_lives,
                attack: Some(h.monster_attack),
                boss_lives: h.boss_lives,
                boss_attack: h.boss_attack,
                ..Stage::default()
            };
            Ok((stage, Some(format!("Solo Hard, dungeon level {l}"))))
        }
        (Some(Mode::SoloHard), false, Some(l)) => {
            Err(bad(format!("--dungeon-level {l}: Solo Hard's dungeon has levels 1 to 4")))
        }
        (Some(Mode::SoloHard), false, None) => {
            Err(bad("--mode solo-hard: give the foe's --dungeon-level (1 to 4)"))
        }
        (Some(m), _, _) if !matches!(m, Mode::SoloModerate | Mode::SoloHard) => Err(bad(format!(
            "--mode {}: its foes are the printed ones (duel without --mode); only solo-moderate and solo-hard change them",
            args.mode.as_deref().unwrap_or_default()
        ))),
        (_, true, _) => Err(bad("--way-out: only with --mode solo-moderate")),
        (_, _, Some(_)) => Err(bad("--dungeon-level: only with --mode solo-hard")),
        (Some(_), false, None) => unreachable!("every mode matched above"),
    }
}

/// The highest `--level` the duel's mode plays: the hero card's three, and past them (to
/// [`MAX_LEVEL`], the Barbarian example's rounds of three) only in Solo Hard, as the engine's
/// `DealingGame::max_level`.
fn level_ceiling(rules: &DealingRules, args: &DuelArgs) -> Result<u8, Failure> {
    let m = &rules.modes;
    let hard = matches!(super::table::mode(args.mode.as_deref())?, Some(Mode::SoloHard));
    Ok(if hard && m.hard_levels_beyond_card { MAX_LEVEL } else { m.card_levels })
}

/// A monster card's printed values (checked to be a monster).
fn monster(rules: &DealingRules, card: u8) -> Monster {
    match rules.encounters[card as usize].encounter {
        Encounter::Monster(m) => m,
        _ => unreachable!("only monster cards are chosen"),
    }
}

/// Runs `dq duel --game dealing-dungeons`.
pub fn run(args: &DuelArgs) -> Result<(), Failure> {
    let rules = DealingRules::standard();
    let (duel, head) = setup(&rules, args)?;
    let exact = exact_odds(&rules, &duel);
    if exact.win + exact.die < 1.0 - 1e-9 {
        return Err(bad(format!(
            "this fight may never end (the hero wins or dies with probability {:.6} only): a ranged attack that \
             can neither hurt nor be hurt",
            exact.win + exact.die
        )));
    }
    let threads = args.threads.unwrap_or_else(default_threads);
    let start = duel.hero.lives;
    let (total, seconds) = play_duels(
        args,
        || (),
        |_, i, t: &mut DuelTally| {
            let mut dice = GameRng::new(args.seed, i, Stream::Dice);
            let (won, died, rounds, left) = match &duel.opponent {
                Opponent::Monsters { cards, attack, lives, stage, policy, setting } => {
                    let card = drawn(cards, args.seed, i);
                    let foe = foe(monster(&rules, card), *attack, *lives, *stage);
                    fight_monster(duel.hero, foe, *setting, *policy, &mut dice)
                }
                Opponent::Boss { foe, policy } => {
                    fight_boss(duel.hero, *foe, rules.modes.defend_bonus, *policy, &mut dice)
                }
            };
            t.games += 1;
            t.hero_wins += u64::from(won);
            t.hero_deaths += u64::from(died);
            t.add_lengths(u128::from(rounds), u128::from(start - left));
        },
    )?;
    let lost = exact_lives_lost(&exact, start);
    let text = format!(
        "dq duel --game dealing-dungeons: {} duels, seed {}: {}\n{}\n{:.0} duels/s ({:.2} s on {threads} thread{})",
        total.games,
        args.seed,
        head["what"].as_str().unwrap_or_default(),
        figures_text(&total, &exact, lost),
        total.games as f64 / seconds.max(1e-9),
        seconds,
        if threads == 1 { "" } else { "s" },
    );
    let fields = args.json.then(|| {
        let mut m = head;
        m.remove("what");
        m.extend(figures(&total));
        m.insert(
            "exact".into(),
            json!({
                "p_hero_wins": exact.win,
                "p_hero_dies": exact.die,
                "mean_rounds": exact.rounds,
                "mean_lives_lost": lost,
                "p_win_with_lives": exact.win_with_lives[..=usize::from(start)],
            }),
        );
        m
    });
    emit_duel(args, &text, fields, threads, seconds, total.games);
    Ok(())
}

/// One monster encounter under `policy` to its end: (won, died, rounds, lives left).
fn fight_monster(
    hero: Fighter,
    foe: Foe,
    setting: Setting,
    policy: Policy,
    dice: &mut GameRng,
) -> (bool, bool, u32, u8) {
    let mut f = MonsterFight::new(hero, foe, setting, dice);
    let mut rounds = 0;
    while rounds < ROUND_CAP {
        let answer = match (f.pending(), policy) {
            (Pending::Over(_), _) => break,
            (_, Policy::Ranged) => Answer::Ranged,
            (Pending::Choose { .. }, Policy::DefendThenFight) if f.legal().contains(&Answer::Defend) => Answer::Defend,
            _ => Answer::Fight,
        };
        if f.apply(answer, dice).is_err() {
            break;
        }
        rounds += 1;
    }
    let o = f.pending();
    (o == Pending::Over(Outcome::Defeated), o == Pending::Over(Outcome::HeroDied), rounds, f.hero_lives())
}

/// One End Boss fight under `policy` to its end: (won, died, rounds, lives left). A Curse
/// that takes the last life at the start of a round counts that round, as the chain does.
fn fight_boss(
    hero: Fighter,
    foe: BossFoe,
    defend_bonus: u8,
    policy: BossPolicy,
    dice: &mut GameRng,
) -> (bool, bool, u32, u8) {
    let mut f = BossFight::new(hero, foe, defend_bonus, dice);
    let (mut rounds, mut bonus_waits) = (0, false);
    while let BossPending::Choose { target } = f.pending() {
        if rounds >= ROUND_CAP {
            break;
        }
        let defend = !bonus_waits
            && f.legal().contains(&BossAnswer::Defend)
            && match policy {
                BossPolicy::Fight => false,
                BossPolicy::DefendThenFight => true,
                BossPolicy::DefendAbove(k) => target >= k,
            };
        let Ok(r) = f.apply(if defend { BossAnswer::Defend } else { BossAnswer::Fight }, dice) else { break };
        rounds += 1;
        bonus_waits = r.result == RoundResult::Defended;
        if r.next.cursed && f.hero_lives() == 0 {
            rounds += 1;
        }
    }
    let o = f.pending();
    (
        o == BossPending::Over(dq_engine::dealing_dungeons::BossOutcome::Defeated),
        o == BossPending::Over(dq_engine::dealing_dungeons::BossOutcome::HeroDied),
        rounds,
        f.hero_lives(),
    )
}

/// The exact odds of the run's duels (a monster mixture weighted as drawn).
fn exact_odds(rules: &DealingRules, duel: &Duel) -> Odds {
    match &duel.opponent {
        Opponent::Boss { foe, policy } => boss_odds(duel.hero, *foe, rules.modes.defend_bonus, *policy),
        Opponent::Monsters { cards, attack, lives, stage, policy, setting } => {
            let total: f64 = cards.iter().map(|c| f64::from(c.1)).sum();
            let mut out = Odds { win: 0.0, die: 0.0, win_with_lives: [0.0; MAX_LIVES as usize + 1], rounds: 0.0 };
            for &(card, w) in cards {
                let o = monster_odds(duel.hero, foe(monster(rules, card), *attack, *lives, *stage), *setting, *policy);
                let q = f64::from(w) / total;
                out.win += q * o.win;
                out.die += q * o.die;
                out.rounds += q * o.rounds;
                for (x, y) in out.win_with_lives.iter_mut().zip(o.win_with_lives) {
                    *x += q * y;
                }
            }
            out
        }
    }
}

/// Expected lives lost: all of them in a death, the difference in a win.
fn exact_lives_lost(o: &Odds, start: u8) -> f64 {
    let wins: f64 = o.win_with_lives.iter().enumerate().map(|(h, p)| p * (f64::from(start) - h as f64)).sum();
    o.die * f64::from(start) + wins
}

/// Checks the command line against the rules: the duel and its description (`what` for the
/// text, the rest for `--json`).
fn setup(rules: &DealingRules, args: &DuelArgs) -> Result<(Duel, Map<String, Value>), Failure> {
    refuse_dungeonquest_options(args)?;
    let names = hero_names(rules);
    let id = args.hero.trim().to_ascii_lowercase();
    let side = names
        .iter()
        .position(|n| *n == id)
        .ok_or_else(|| bad(format!("unknown hero \"{id}\" (known: {})", names.join(", "))))?;
    let card = &rules.heroes[side / 2];
    let hero_side = if side % 2 == 0 { HeroSide::Front } else { HeroSide::Back };
    let level = args.level.unwrap_or(1);
    let top = level_ceiling(rules, args)?;
    if !(1..=top).contains(&level) {
        let past = if top > rules.modes.card_levels {
            " in Solo Hard".to_string()
        } else if level > top {
            format!(" (levels past {top} are Solo Hard's: --mode solo-hard --dungeon-level N)")
        } else {
            String::new()
        };
        return Err(bad(format!("--level {level}: a hero's level is 1 to {top}{past}")));
    }
    let skills = card.skills(hero_side, level);
    let start = rules.modes.start_lives;
    if args.wounds >= start {
        return Err(bad(format!("{id} starts with {start} lives: wounds must be below that")));
    }
    let gear = gear(rules, &args.gear, skills.hand_slots, &id)?;
    let hero = Fighter { lives: start - args.wounds, skills, gear };
    let lives = match args.life {
        None => None,
        Some(0) => return Err(bad("--life 0: a foe has at least 1 life")),
        Some(l) if l > MAX_LIVES => return Err(bad(format!("--life {l}: at most {MAX_LIVES} lives"))),
        Some(l) => Some(l),
    };
    let rolled = rolled_attack(&args.rules)?;
    let (stage, stage_text) = stage(rules, args)?;
    let mut head = Map::new();
    head.insert("game".into(), json!("dealing-dungeons"));
    head.insert("hero".into(), json!(names[side]));
    head.insert("level".into(), json!(level));
    head.insert("lives".into(), json!(hero.lives));
    head.insert("gear".into(), json!(args.gear.iter().map(|g| g.trim().to_ascii_lowercase()).collect::<Vec<_>>()));
    let gear_text = if args.gear.is_empty() { String::new() } else { format!(", with {}", args.gear.join(", ")) };
    let who = format!("{} level {level} ({} lives{gear_text})", names[side], hero.lives);
    let opponent = match (&args.boss, &args.monster) {
        (Some(_), Some(_)) => return Err(bad("--boss and --monster: a duel is one fight, give one of them")),
        (Some(b), None) => {
            if rolled {
                return Err(bad("rule \"rolled-attack\" rolls a monster's attack: a boss rolls its dice anyway"));
            }
            if args.distance.is_some_and(|d| d > 0) {
                return Err(bad("--distance: an End Boss is fought in the Treasure Room, from no distance"));
            }
            let b_id = b.trim().to_ascii_lowercase();
            let boss = rules.bosses.iter().position(|x| x.id == b_id).ok_or_else(|| {
                let known: Vec<&str> = rules.bosses.iter().map(|x| x.id.as_str()).collect();
                bad(format!("unknown boss \"{b_id}\" (known: {})", known.join(", ")))
            })?;
            let card = &rules.bosses[boss];
            let policy = boss_policy(args.policy.as_deref())?;
            if args.way_out {
                return Err(bad("--way-out: Solo Moderate's way out comes after its End Boss; fight a --monster"));
            }
            let foe = BossFoe {
                lives: lives.unwrap_or(card.lives.saturating_add(stage.boss_lives)),
                skill: card.skill,
                dice: rules.modes.boss_dice,
                attack_bonus: stage.boss_attack,
            };
            head.insert("boss".into(), json!(card.id));
            head.insert("foe_lives".into(), json!(foe.lives));
            head.insert("policy".into(), json!(boss_policy_name(policy)));
            head.insert(
                "what".into(),
                json!(format!(
                    "{who} against the End Boss {} ({} lives, {:?}), policy {}",
                    card.name,
                    foe.lives,
                    card.skill,
                    boss_policy_name(policy)
                )),
            );
            Opponent::Boss { foe, policy }
        }
        (None, m) => {
            let cards = monsters(rules, m.as_deref())?;
            let policy = monster_policy(args.policy.as_deref())?;
            let distance = args.distance.unwrap_or(0);
            if policy == Policy::Ranged && hero.reach() == 0 {
                return Err(bad(format!("--policy ranged: {} has no Range skill at level {level}", names[side])));
            }
            if distance > 0 && policy != Policy::Ranged {
                return Err(bad(format!(
                    "--distance {distance}: from a distance only --policy ranged reaches a monster"
                )));
            }
            if distance > hero.reach().max(1) {
                return Err(bad(format!("--distance {distance}: {} reaches {} spaces", names[side], hero.reach())));
            }
            // As the game: the level's attack rule, then "more of a challenge" where it is printed.
            let attack = match (stage.attack.unwrap_or(AttackRule::Printed), rolled) {
                (AttackRule::Printed, true) => AttackRule::Rolled { dice: rules.modes.challenge_attack_dice, plus: 0 },
                (a, _) => a,
            };
            let setting = Setting { distance, may_run: distance == 0, defend_bonus: rules.modes.defend_bonus };
            let monster_id = (cards.len() == 1).then(|| rules.encounters[cards[0].0 as usize].id.clone());
            let name = match &monster_id {
                Some(_) => rules.encounters[cards[0].0 as usize].name.clone(),
                None => "a monster drawn from the Encounter deck".into(),
            };
            head.insert("monster".into(), json!(monster_id));
            head.insert("foe_lives".into(), json!(lives));
            head.insert("distance".into(), json!(distance));
            head.insert("policy".into(), json!(monster_policy_name(policy)));
            let life_text = lives.map_or(String::new(), |l| format!(", {l} lives"));
            let at = if distance > 0 { format!(" from {distance} spaces") } else { String::new() };
            head.insert(
                "what".into(),
                json!(format!("{who} against {name}{life_text}{at}, policy {}", monster_policy_name(policy))),
            );
            Opponent::Monsters { cards, attack, lives, stage, policy, setting }
        }
    };
    head.insert("mode".into(), json!(args.mode.as_deref().map(|m| m.trim().to_ascii_lowercase())));
    if let Some(t) = &stage_text {
        let what = format!("{} ({t})", head["what"].as_str().unwrap_or_default());
        head.insert("what".into(), json!(what));
    }
    head.insert("rules".into(), json!(if rolled { "rolled-attack" } else { "" }));
    head.insert("seed".into(), json!(args.seed));
    head.insert("data_hash".into(), json!(meta::hex(rules.data_hash)));
    if rolled {
        let what = format!("{}, rule rolled-attack", head["what"].as_str().unwrap_or_default());
        head.insert("what".into(), json!(what));
    }
    Ok((Duel { hero, opponent }, head))
}

/// DungeonQuest's duel options, refused by name.
fn refuse_dungeonquest_options(args: &DuelArgs) -> Result<(), Failure> {
    crate::dungeon_of_chaos::duel::refuse_chaos_options(args, "dealing-dungeons")?;
    let not_here = |what: String| Err(bad(format!("{what} is a dungeonquest duel option: dealing-dungeons has none")));
    if let Some(e) = &args.data.edition {
        return not_here(format!("--edition {e}"));
    }
    if args.data.data.is_some() {
        return Err(bad("--data: dealing-dungeons plays its embedded data only (data/dealing_dungeons/) for now"));
    }
    if let Some(m) = &args.monster_policy {
        return not_here(format!("--monster-policy {m}"));
    }
    if let Some(b) = &args.bot {
        return Err(bad(format!(
            "--bot {b}: a dealing-dungeons duel fights under a fixed --policy (fight, ranged, defend-then-fight)"
        )));
    }
    if args.solo {
        return not_here("--solo".into());
    }
    if args.no_escape {
        return Err(bad("--no-escape: a dealing-dungeons duel never runs (its policies fight to the end)"));
    }
    Ok(())
}

/// `--rule`: only "more of a challenge" changes one fight.
fn rolled_attack(given: &[String]) -> Result<bool, Failure> {
    let mut rolled = false;
    for raw in given {
        let name = raw.trim().to_ascii_lowercase();
        match name.as_str() {
            "rolled-attack" if rolled => return Err(bad("rule \"rolled-attack\" is given twice")),
            "rolled-attack" => rolled = true,
            _ if RULES.iter().any(|(n, _)| n.split('=').next() == name.split('=').next()) => {
                return Err(bad(format!("rule \"{name}\" does not change one fight (a duel takes rolled-attack)")))
            }
            _ => return Err(bad(format!("unknown dealing-dungeons rule \"{name}\" (a duel takes rolled-attack)"))),
        }
    }
    Ok(rolled)
}

/// `--gear`: In Hand loot cards, at most the hero's hand slots.
fn gear(rules: &DealingRules, given: &[String], slots: u8, hero: &str) -> Result<Mods, Failure> {
    if given.len() > usize::from(slots) {
        return Err(bad(format!("--gear: {hero} equips {slots} In Hand card(s) at this level, not {}", given.len())));
    }
    let mut mods = Mods::default();
    for raw in given {
        let id = raw.trim().to_ascii_lowercase();
        let card = rules.loot.iter().find(|c| c.id == id).ok_or_else(|| {
            let known: Vec<&str> =
                rules.loot.iter().filter(|c| matches!(c.loot, Loot::InHand(_))).map(|c| c.id.as_str()).collect();
            bad(format!("unknown In Hand card \"{id}\" (known: {})", known.join(", ")))
        })?;
        match card.loot {
            Loot::InHand(m) => mods = mods.plus(m),
            _ => return Err(bad(format!("--gear {id}: not an In Hand card"))),
        }
    }
    Ok(mods)
}

/// The monster cards of the duels: the one named, or every monster of the Encounter deck
/// weighted by its copies.
fn monsters(rules: &DealingRules, given: Option<&str>) -> Result<Vec<(u8, u32)>, Failure> {
    let is_monster = |k: usize| matches!(rules.encounters[k].encounter, Encounter::Monster(_));
    if let Some(name) = given {
        let id = name.trim().to_ascii_lowercase();
        let known = || {
            let ids: Vec<&str> = (0..rules.encounters.len())
                .filter(|&k| is_monster(k))
                .map(|k| rules.encounters[k].id.as_str())
                .collect();
            ids.join(", ")
        };
        return match rules.encounters.iter().position(|c| c.id == id) {
            Some(k) if is_monster(k) => Ok(vec![(k as u8, 1)]),
            Some(_) => Err(bad(format!("encounter \"{id}\" is no monster (known: {})", known()))),
            None => Err(bad(format!("unknown monster \"{id}\" (known: {})", known()))),
        };
    }
    Ok(by_copies(rules.encounter_deck.iter().copied().filter(|&k| is_monster(usize::from(k)))))
}

/// The monster policies by name.
const MONSTER_POLICIES: [(Policy, &str); 3] =
    [(Policy::Fight, "fight"), (Policy::Ranged, "ranged"), (Policy::DefendThenFight, "defend-then-fight")];

fn monster_policy(given: Option<&str>) -> Result<Policy, Failure> {
    let name = given.unwrap_or("fight").trim().to_ascii_lowercase();
    MONSTER_POLICIES.iter().find(|(_, n)| *n == name).map(|(p, _)| *p).ok_or_else(|| {
        bad(format!("unknown monster policy \"{name}\" (known: {})", MONSTER_POLICIES.map(|(_, n)| n).join(", ")))
    })
}

fn monster_policy_name(p: Policy) -> &'static str {
    MONSTER_POLICIES.iter().find(|(q, _)| *q == p).map_or("fight", |(_, n)| n)
}

fn boss_policy(given: Option<&str>) -> Result<BossPolicy, Failure> {
    let name = given.unwrap_or("fight").trim().to_ascii_lowercase();
    match name.as_str() {
        "fight" => Ok(BossPolicy::Fight),
        "defend-then-fight" => Ok(BossPolicy::DefendThenFight),
        _ => match name.strip_prefix("defend-above=") {
            Some(k) => k
                .parse::<u8>()
                .ok()
                .filter(|k| (1..=30).contains(k))
                .map(BossPolicy::DefendAbove)
                .ok_or_else(|| bad(format!("boss policy \"{name}\": K must be a whole number from 1 to 30"))),
            None => {
                Err(bad(format!("unknown boss policy \"{name}\" (known: fight, defend-then-fight, defend-above=K)")))
            }
        },
    }
}

fn boss_policy_name(p: BossPolicy) -> String {
    match p {
        BossPolicy::Fight => "fight".into(),
        BossPolicy::DefendThenFight => "defend-then-fight".into(),
        BossPolicy::DefendAbove(k) => format!("defend-above={k}"),
    }
}

/// The Monte Carlo rates and means with their 95% intervals (Wilson for rates), as JSON.
fn figures(t: &DuelTally) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("games".into(), json!(t.games));
    m.insert("hero_wins".into(), json!(t.hero_wins));
    m.insert("hero_deaths".into(), json!(t.hero_deaths));
    for (key, k) in [("p_hero_wins", t.hero_wins), ("p_hero_dies", t.hero_deaths)] {
        let (lo, hi) = ci95(k, t.games);
        m.insert(key.into(), json!(rate(k, t.games)));
        m.insert(format!("{key}_ci95"), json!([lo, hi]));
    }
    for (key, sum, sq) in [("mean_rounds", t.rounds, t.rounds_sq), ("mean_lives_lost", t.wounds, t.wounds_sq)] {
        let m_ci = mean_ci(sum, sq, t.games);
        m.insert(key.into(), json!(m_ci.map(|x| x.0)));
        m.insert(format!("{key}_ci95"), json!(m_ci.map(|x| [x.1, x.2])));
    }
    m
}

fn figures_text(t: &DuelTally, e: &Odds, lost: f64) -> String {
    let n = t.games;
    [
        rate_line("P(hero wins)", t.hero_wins, n, Some(e.win)),
        rate_line("P(hero dies)", t.hero_deaths, n, Some(e.die)),
        mean_line("mean rounds", t.rounds, t.rounds_sq, n, Some(e.rounds)),
        mean_line("mean lives lost", t.wounds, t.wounds_sq, n, Some(lost)),
    ]
    .join("\n")
}
