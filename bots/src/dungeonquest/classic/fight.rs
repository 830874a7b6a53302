//! The bots' decisions in one combat of the 1987 edition (`classic`, issue 25): the hero's
//! reaction (attack, wait and see, escape, or the Ring of Blinding), El-Adoran's bow and the
//! hero's combat counters, and the monster player's counters.
//!
//! Every counter policy here is a fixed mix over (Mighty Blow, Slash, Leap Aside), the same
//! every round, so the exact chain of `dq_engine`'s classic `exact` module applies to any pair
//! of them; [`encounter_odds`] gives the exact outcome of a whole encounter under a pair of
//! policies, which `dq duel --edition classic` prints beside its Monte Carlo figures.
//!
//! The hero's reaction and ring are judged by a table of expected costs computed once per
//! policy ([`ClassicHero::new`]): for each hero sheet, round system, monster type, LPs left
//! and reaction, the mean over the Monster cards of what the card's result costs (LPs,
//! death, the ground an escape loses). Decisions are then a lookup: no allocation.
//! How each bot chooses is in docs/bots.md ("Classic (1987) combat").

use crate::dungeonquest::equilibrium::{classic_payoff, solve, weights, Payoff};
use crate::dungeonquest::monster::best_response;
use crate::dungeonquest::spec::{BotKind, BotSpec, CombatStyle, EscapeStyle, MonsterSpec};
use arrayvec::ArrayVec;
use dq_engine::data::CombatCard;
use dq_engine::dungeonquest::classic::combat::{Answers, BowWindow, Side};
use dq_engine::dungeonquest::classic::data::Counter;
use dq_engine::dungeonquest::classic::exact::{exact, RoundModel};
use dq_engine::dungeonquest::classic::rules::{Hit, Response, Stance, MAX_HERO_LIFE, MAX_MONSTER_LIFE};
use dq_engine::dungeonquest::classic::{Answer, ClassicRules, Dice, Encounter, Fight, Outcome, Pending, RoundSystem};
use dq_engine::rng::GameRng;

/// LP-equivalents a death costs beyond the LPs themselves (as the Revised escape comparison's).
const DEATH_COST: f64 = 12.0;
/// LP-equivalents of the ground an escape loses (back to the tile the hero came from).
const ESCAPE_DETOUR: f64 = 1.0;
/// A monster that does not fight under `attack` on at least this share of the cards is not
/// worth an arrow before the card, for a policy that saves arrows (`mixed`).
const SAVE_ARROW_IF_NO_FIGHT: f64 = 1.0 / 3.0;

/// The three counters in chart order, as `Counter::ALL`.
const COUNTERS: [Counter; 3] = Counter::ALL;

/// A policy's answers to a reaction or bow decision with their probabilities.
pub type AnswerLaw = ArrayVec<(Answer, f64), 4>;

/// Samples an index from integer weights summing to 2^24 (see [`weights`]).
fn pick(w: [u32; 3], rng: &mut GameRng) -> usize {
    let x = rng.below(1 << 24);
    if x < w[0] {
        0
    } else if x < w[0] + w[1] {
        1
    } else {
        2
    }
}

/// The classic counter a Revised combat card stands for: the two games have the same payoffs
/// with Ranged as Mighty Blow, Melee as Slash and Magic as Leap Aside (equilibrium.rs).
pub fn counter_of(card: CombatCard) -> Counter {
    match card {
        CombatCard::Ranged => Counter::MightyBlow,
        CombatCard::Melee => Counter::Slash,
        CombatCard::Magic => Counter::LeapAside,
    }
}

/// The monster player's counters in a classic combat.
#[derive(Clone, Debug)]
pub struct ClassicMonster {
    spec: MonsterSpec,
    /// Per hero sheet: the monster's equilibrium mix, and as sampling weights.
    eq: Vec<([f64; 3], [u32; 3])>,
    /// Per hero sheet: the hero's payoff matrix and LP losses, for the best response.
    payoff: Vec<(Payoff, [[u8; 3]; 3])>,
}

impl ClassicMonster {
    /// `random` (uniform), `equilibrium` (the monster's side of the combat display's
    /// equilibrium for that hero) or `adversarial` (the best answer to the hero's known mix).
    pub fn new(rules: &ClassicRules, spec: MonsterSpec) -> ClassicMonster {
        let mut eq = Vec::with_capacity(rules.heroes.len());
        let mut payoff = Vec::with_capacity(rules.heroes.len());
        for h in 0..rules.heroes.len() as u8 {
            let a = classic_payoff(rules, h);
            let m = solve(&a).monster;
            eq.push((m, weights(m)));
            payoff.push((a, rules.chart_for(h).map(|row| row.map(|l| l.hero))));
        }
        ClassicMonster { spec, eq, payoff }
    }

    pub fn spec(&self) -> MonsterSpec {
        self.spec
    }

    /// The mix this policy plays against hero sheet `hero` whose counters follow `hero_mix`.
    pub fn mix(&self, hero: u8, hero_mix: [f64; 3]) -> [f64; 3] {
        match self.spec {
            MonsterSpec::Random => [1.0 / 3.0; 3],
            MonsterSpec::Equilibrium => self.eq[hero as usize].0,
            MonsterSpec::Adversarial => {
                let (a, w) = &self.payoff[hero as usize];
                let mut m = [0.0; 3];
                m[best_response(a, w, hero_mix)] = 1.0;
                m
            }
        }
    }

    /// One round's counter.
    pub fn counter(&self, hero: u8, hero_mix: [f64; 3], rng: &mut GameRng) -> Counter {
        match self.spec {
            MonsterSpec::Random => COUNTERS[rng.below(3) as usize],
            MonsterSpec::Equilibrium => COUNTERS[pick(self.eq[hero as usize].1, rng)],
            MonsterSpec::Adversarial => {
                let (a, w) = &self.payoff[hero as usize];
                COUNTERS[best_response(a, w, hero_mix)]
            }
        }
    }
}

/// What a reaction is expected to cost: the chance of dying and the LP-equivalent cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StanceCost {
    pub p_death: f64,
    pub cost: f64,
}

/// When a policy fires El-Adoran's arrows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BowUse {
    /// Whenever the rules allow (the arrow costs nothing in this fight).
    Always,
    /// After the Monster card always; before it only against a type that fights under
    /// `attack` on more than two cards in three (an arrow at a monster that then runs away is
    /// lost for the rest of the game).
    WhenFightLikely,
}

/// The hero's side of a classic combat for one bot.
#[derive(Clone, Debug)]
pub struct ClassicHero {
    spec: BotSpec,
    bow: BowUse,
    /// Per hero sheet: the counter mix, and as sampling weights.
    mix: Vec<([f64; 3], [u32; 3])>,
    /// `[hero][round system][kind][LPs left][stance]`, flattened (see [`ClassicHero::at`]).
    costs: Vec<StanceCost>,
    kinds: usize,
    /// Per monster type: the share of Monster cards on which it fights under `attack`.
    fights_when_attacked: Vec<f64>,
}

const SYSTEMS: [RoundSystem; 2] = [RoundSystem::Counters, RoundSystem::SoloTable];
const LIVES: usize = MAX_HERO_LIFE as usize + 1;

impl ClassicHero {
    /// The policy of `spec` with its tables (a few thousand small chains: once per run), played
    /// with the spec's 1987 parameters ([`BotSpec::in_classic`]).
    pub fn new(rules: &ClassicRules, spec: BotSpec) -> ClassicHero {
        let spec = spec.in_classic();
        let n_heroes = rules.heroes.len();
        let kinds = rules.kinds.len();
        let mix: Vec<([f64; 3], [u32; 3])> = (0..n_heroes as u8)
            .map(|h| {
                let m = hero_mix(rules, spec, h);
                (m, weights(m))
            })
            .collect();
        let bow = if spec.kind == BotKind::Mixed { BowUse::WhenFightLikely } else { BowUse::Always };
        let fights_when_attacked = (0..kinds as u8)
            .map(|k| {
                let n = rules.monster_cards.len().max(1) as f64;
                let fights = rules
                    .monster_cards
                    .iter()
                    .filter(|c| {
                        matches!(c.read(k, Stance::Attack), Response::Combat { .. } | Response::SlashCombat { .. })
                    })
                    .count() as f64;
                fights / n
            })
            .collect();
        let mut costs = vec![StanceCost::default(); n_heroes * 2 * kinds * LIVES * 3];
        if spec.kind != BotKind::Random {
            for h in 0..n_heroes as u8 {
                // The hero assumes the monster player plays its equilibrium mix (as Revised's
                // escape comparison does).
                let monster = solve(&classic_payoff(rules, h)).monster;
                for (s, system) in SYSTEMS.iter().enumerate() {
                    let model = match system {
                        RoundSystem::Counters => {
                            RoundModel::Counters { chart: rules.chart_for(h), hero: mix[h as usize].0, monster }
                        }
                        RoundSystem::SoloTable => RoundModel::Solo(rules.solo),
                    };
                    let fight = FightCosts::new(&model, rules.heroes[h as usize].life);
                    for k in 0..kinds as u8 {
                        for left in 1..=rules.heroes[h as usize].life.min(MAX_HERO_LIFE) {
                            for stance in [Stance::Attack, Stance::Wait, Stance::Escape] {
                                let i = index(kinds, h, s, k, left, stance);
                                costs[i] = stance_cost(rules, &fight, k, left, stance);
                            }
                        }
                    }
                }
            }
        }
        ClassicHero { spec, bow, mix, costs, kinds, fights_when_attacked }
    }

    pub fn spec(&self) -> BotSpec {
        self.spec
    }

    /// The hero's counter mix for hero sheet `hero` (what an adversarial monster knows).
    pub fn counter_mix(&self, hero: u8) -> [f64; 3] {
        self.mix[hero as usize].0
    }

    /// The expected cost of a reaction, as the policy judges it.
    pub fn stance_cost(&self, enc: &Encounter, life_left: u8, stance: Stance) -> StanceCost {
        let s = usize::from(enc.rounds == RoundSystem::SoloTable);
        self.costs[index(self.kinds, enc.hero, s, enc.kind, life_left.min(MAX_HERO_LIFE), stance)]
    }

    /// The policy's answers to a reaction or bow decision with their probabilities (empty
    /// for the other decisions). A strategic policy gives one answer with probability 1.
    pub fn law(&self, fight: &Fight, out: &mut AnswerLaw) {
        out.clear();
        let mut legal = Answers::new();
        fight.legal(&mut legal);
        if legal.is_empty() || !matches!(fight.pending(), Pending::Reaction | Pending::Bow(_)) {
            return;
        }
        if self.spec.kind == BotKind::Random {
            let p = 1.0 / legal.len() as f64;
            out.extend(legal.iter().map(|&a| (a, p)));
            return;
        }
        let answer = match fight.pending() {
            Pending::Bow(window) => self.bow(fight, window),
            _ => self.reaction(fight, &legal),
        };
        out.push((answer, 1.0));
    }

    /// Attack, wait or escape by the table and the policy's escape style; the Ring of
    /// Blinding when the chosen reaction's chance of death is above the policy's `risk`.
    fn reaction(&self, fight: &Fight, legal: &Answers) -> Answer {
        let enc = fight.encounter();
        let left = fight.hero_life();
        let style = self.spec.params.escape;
        let allowed = |s: Stance| match s {
            Stance::Escape => style != EscapeStyle::Never,
            _ => true,
        };
        let may = |s: Stance| legal.contains(&Answer::Stance(s));
        let chosen = if style == EscapeStyle::Always && may(Stance::Escape) {
            Stance::Escape
        } else {
            let mut best: Option<(Stance, f64)> = None;
            for s in [Stance::Attack, Stance::Wait, Stance::Escape] {
                if !may(s) || !allowed(s) {
                    continue;
                }
                let c = self.stance_cost(&enc, left, s).cost;
                if best.is_none_or(|(_, b)| c < b - 1e-12) {
                    best = Some((s, c));
                }
            }
            best.map_or(Stance::Attack, |(s, _)| s)
        };
        let risk = f64::from(self.spec.params.risk) / 100.0;
        if legal.contains(&Answer::Blind) && self.stance_cost(&enc, left, chosen).p_death > risk {
            return Answer::Blind;
        }
        if may(chosen) {
            Answer::Stance(chosen)
        } else {
            legal[0]
        }
    }

    fn bow(&self, fight: &Fight, window: BowWindow) -> Answer {
        match (self.bow, window) {
            (BowUse::Always, _) | (BowUse::WhenFightLikely, BowWindow::AfterCard) => Answer::Fire,
            (BowUse::WhenFightLikely, BowWindow::BeforeCard) => {
                let k = fight.encounter().kind as usize;
                let fights = self.fights_when_attacked.get(k).copied().unwrap_or(1.0);
                if 1.0 - fights >= SAVE_ARROW_IF_NO_FIGHT {
                    Answer::Hold
                } else {
                    Answer::Fire
                }
            }
        }
    }

    /// The hero's answer to whatever the fight waits for from him.
    pub fn decide(&self, fight: &Fight, rng: &mut GameRng) -> Answer {
        if fight.pending() == Pending::HeroCounter {
            let h = fight.encounter().hero as usize;
            return Answer::Counter(COUNTERS[pick(self.mix[h].1, rng)]);
        }
        let mut law = AnswerLaw::new();
        self.law(fight, &mut law);
        match law.len() {
            0 => Answer::Hold,
            1 => law[0].0,
            // Only the random policy gives more than one answer, all equally likely.
            n => law[rng.below(n as u32) as usize].0,
        }
    }
}

/// The counter mix of `spec` for hero sheet `hero`: the Revised `combat` style read for the
/// classic display (`uniform`, `nash` = the display's equilibrium, a fixed card = its counter).
pub fn hero_mix(rules: &ClassicRules, spec: BotSpec, hero: u8) -> [f64; 3] {
    if spec.kind == BotKind::Random {
        return [1.0 / 3.0; 3];
    }
    match spec.params.combat {
        CombatStyle::Uniform => [1.0 / 3.0; 3],
        CombatStyle::Nash => solve(&classic_payoff(rules, hero)).hero,
        CombatStyle::Always(card) => {
            let mut m = [0.0; 3];
            m[counter_of(card).index()] = 1.0;
            m
        }
    }
}

/// Where `(hero, system, kind, LPs left, stance)` sits in [`ClassicHero::costs`].
fn index(kinds: usize, hero: u8, system: usize, kind: u8, left: u8, stance: Stance) -> usize {
    let mut i = hero as usize * 2 + system;
    i = i * kinds + (kind as usize % kinds.max(1));
    i = i * LIVES + left as usize;
    i * 3 + stance as usize
}

/// By (LPs left, monster LPs): what fighting the rounds out costs, from the exact chain.
struct FightCosts {
    table: Vec<StanceCost>,
}

impl FightCosts {
    fn new(model: &RoundModel, max_life: u8) -> FightCosts {
        let m = MAX_MONSTER_LIFE as usize + 1;
        let mut table = vec![StanceCost::default(); LIVES * m];
        for left in 1..=max_life.min(MAX_HERO_LIFE) {
            for life in 1..=MAX_MONSTER_LIFE {
                let e = exact(left, &[(life, 1.0)], 0, model);
                table[left as usize * m + life as usize] =
                    StanceCost { p_death: e.hero_dies, cost: e.expected_loss(left) + DEATH_COST * e.hero_dies };
            }
        }
        FightCosts { table }
    }

    fn get(&self, left: u8, life: u8) -> StanceCost {
        let m = MAX_MONSTER_LIFE as usize + 1;
        self.table[left.min(MAX_HERO_LIFE) as usize * m + life.min(MAX_MONSTER_LIFE) as usize]
    }
}

/// The values a slash takes, with their probabilities.
fn hit_law(hit: Hit) -> ArrayVec<(u8, f64), 12> {
    let mut out = ArrayVec::new();
    match hit {
        Hit::Fixed(n) => out.push((n, 1.0)),
        Hit::D6 => out.extend((1..=6).map(|v| (v, 1.0 / 6.0))),
        Hit::D12 => out.extend((1..=12).map(|v| (v, 1.0 / 12.0))),
    }
    out
}

/// A slash of `hit` on a hero with `left` LPs, then `then(LPs left)` if he lives.
fn after_slash(hit: Hit, left: u8, then: impl Fn(u8) -> StanceCost) -> StanceCost {
    let mut c = StanceCost::default();
    for (v, q) in hit_law(hit) {
        if v >= left {
            c.p_death += q;
            c.cost += q * (DEATH_COST + f64::from(left));
        } else {
            let t = then(left - v);
            c.p_death += q * t.p_death;
            c.cost += q * (f64::from(v) + t.cost);
        }
    }
    c
}

/// The mean over the Monster cards of what `stance` costs against monster type `kind`.
fn stance_cost(rules: &ClassicRules, fight: &FightCosts, kind: u8, left: u8, stance: Stance) -> StanceCost {
    let n = rules.monster_cards.len().max(1) as f64;
    let mut total = StanceCost::default();
    for card in &rules.monster_cards {
        let c = match card.read(kind, stance) {
            Response::Combat { life } => fight.get(left, life),
            Response::Escape => StanceCost { p_death: 0.0, cost: ESCAPE_DETOUR },
            Response::Flee => StanceCost::default(),
            Response::SlashEscape(hit) => after_slash(hit, left, |_| StanceCost { p_death: 0.0, cost: ESCAPE_DETOUR }),
            Response::SlashCombat { slash, life } => after_slash(slash, left, |l| fight.get(l, life)),
        };
        total.p_death += c.p_death / n;
        total.cost += c.cost / n;
    }
    total
}

/// Plays `fight` to its end: the hero's answers from `hero`, the monster's counters from
/// `monster` (both drawing on `bot`), the Monster card from a deck shuffled by `deck` (its top
/// card: any of them with equal chance). Returns how it ended.
pub fn play_fight<D: Dice>(
    rules: &ClassicRules,
    hero: &ClassicHero,
    monster: &ClassicMonster,
    fight: &mut Fight,
    dice: &mut D,
    deck: &mut GameRng,
    bot: &mut GameRng,
) -> Result<Outcome, dq_engine::dungeonquest::classic::combat::IllegalAnswer> {
    loop {
        match fight.side() {
            Side::Hero => {
                let a = hero.decide(fight, bot);
                fight.apply(rules, a, dice)?;
            }
            Side::Monster => {
                let h = fight.encounter().hero;
                let c = monster.counter(h, hero.counter_mix(h), bot);
                fight.apply(rules, Answer::Counter(c), dice)?;
            }
            Side::Host => {
                let card = deck.below(rules.monster_cards.len().max(1) as u32) as u8;
                fight.read_card(rules, card, dice)?;
            }
            Side::Nobody => break,
        }
    }
    Ok(fight.outcome().unwrap_or(Outcome::MonsterFled))
}

/// The exact outcome of an encounter under a pair of policies.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Odds {
    /// The monster killed (or blinded) and the hero alive.
    pub hero_wins: f64,
    /// The hero dead (with or without the monster).
    pub hero_dies: f64,
    /// Both dead in the same round (part of `hero_dies`).
    pub both_die: f64,
    /// The hero back on the tile he came from.
    pub escaped: f64,
    /// The monster ran away (or was sneaked past).
    pub monster_fled: f64,
    /// Expected LPs the hero loses (a death counts all he had).
    pub mean_lost: f64,
    /// Expected counter rounds (or counted solo rolls).
    pub mean_rounds: f64,
}

/// Rolls asked of one step of the enumeration: the prefix given, then a note of the die
/// wanted next (the step is then replayed once per value of that die).
struct Branch {
    rolls: ArrayVec<u8, 8>,
    at: usize,
    wants: Option<u8>,
}

impl Branch {
    fn roll(&mut self, sides: u8) -> u8 {
        if let Some(&v) = self.rolls.get(self.at) {
            self.at += 1;
            return v;
        }
        self.wants.get_or_insert(sides);
        1
    }
}

impl Dice for Branch {
    fn d6(&mut self) -> u8 {
        self.roll(6)
    }

    fn d12(&mut self) -> u8 {
        self.roll(12)
    }
}

/// What the enumeration of [`encounter_odds`] carries.
struct Walk<'a> {
    rules: &'a ClassicRules,
    hero: &'a ClassicHero,
    model: RoundModel,
    start: u8,
    /// The rounds' exact chain by (hero LPs, monster LPs, monster LPs lost).
    chains: std::collections::HashMap<(u8, u8, u8), dq_engine::dungeonquest::classic::exact::Exact>,
    odds: Odds,
}

/// The exact outcome of encounter `enc` with the hero played by `hero` and the monster's
/// counters by `monster`: every chance event before the rounds (a Sneak Attack's roll, the
/// Monster card, arrows, slashes) enumerated with its probability by replaying [`Fight`]
/// itself, each branch's rounds by the exact chain. Not for the hot loop: it allocates.
pub fn encounter_odds(rules: &ClassicRules, hero: &ClassicHero, monster: &ClassicMonster, enc: Encounter) -> Odds {
    let h = enc.hero;
    let model = match enc.rounds {
        RoundSystem::Counters => RoundModel::Counters {
            chart: rules.chart_for(h),
            hero: hero.counter_mix(h),
            monster: monster.mix(h, hero.counter_mix(h)),
        },
        RoundSystem::SoloTable => RoundModel::Solo(rules.solo),
    };
    let mut w = Walk { rules, hero, model, start: enc.life_left, chains: Default::default(), odds: Odds::default() };
    // The steps before the rounds are the same under both round systems; counters stop the
    // fight at the first round, where the chain takes over.
    let walked = Encounter { rounds: RoundSystem::Counters, ..enc };
    step(&mut w, 1.0, &mut ArrayVec::new(), &|d| Some(Fight::start(rules, walked, d)));
    w.odds
}

/// Runs one step under every roll sequence it may ask for, then walks on from each result.
fn step(w: &mut Walk<'_>, p: f64, rolls: &mut ArrayVec<u8, 8>, run: &dyn Fn(&mut Branch) -> Option<Fight>) {
    let mut d = Branch { rolls: rolls.clone(), at: 0, wants: None };
    let f = run(&mut d);
    if let Some(sides) = d.wants {
        for v in 1..=sides {
            rolls.push(v);
            step(w, p / f64::from(sides), rolls, run);
            rolls.pop();
        }
        return;
    }
    if let Some(f) = f {
        visit(w, p, &f);
    }
}

fn visit(w: &mut Walk<'_>, p: f64, f: &Fight) {
    let lost_so_far = f64::from(w.start - f.hero_life());
    match f.pending() {
        Pending::Over(o) => {
            let odds = &mut w.odds;
            odds.mean_lost += p * lost_so_far;
            odds.mean_rounds += p * f64::from(f.rounds());
            match o {
                Outcome::MonsterKilled | Outcome::MonsterBlinded => odds.hero_wins += p,
                Outcome::HeroKilled { monster_dead } => {
                    odds.hero_dies += p;
                    if monster_dead {
                        odds.both_die += p;
                    }
                }
                Outcome::Escaped => odds.escaped += p,
                Outcome::MonsterFled => odds.monster_fled += p,
            }
        }
        Pending::HeroCounter | Pending::MonsterCounter => {
            let left = f.hero_life();
            let key = (left, f.secret_life().unwrap_or(1), f.monster_lost());
            let model = w.model;
            let e = w.chains.entry(key).or_insert_with(|| exact(key.0, &[(key.1, 1.0)], key.2, &model));
            let odds = &mut w.odds;
            odds.hero_wins += p * e.monster_dies;
            odds.hero_dies += p * e.hero_dies;
            odds.both_die += p * e.both_die;
            odds.mean_lost += p * (lost_so_far + e.expected_loss(left));
            odds.mean_rounds += p * (f64::from(f.rounds()) + e.rounds);
        }
        Pending::MonsterCard => {
            let rules = w.rules;
            let n = rules.monster_cards.len().max(1);
            for card in 0..n as u8 {
                let from = *f;
                step(w, p / n as f64, &mut ArrayVec::new(), &move |d| {
                    let mut g = from;
                    g.read_card(rules, card, d).ok().map(|_| g)
                });
            }
        }
        Pending::Reaction | Pending::Bow(_) => {
            let mut law = AnswerLaw::new();
            w.hero.law(f, &mut law);
            let rules = w.rules;
            for (a, q) in law {
                let from = *f;
                step(w, p * q, &mut ArrayVec::new(), &move |d| {
                    let mut g = from;
                    g.apply(rules, a, d).ok().map(|_| g)
                });
            }
        }
    }
}
