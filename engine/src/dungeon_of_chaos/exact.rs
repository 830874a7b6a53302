//! Exact odds of one fight of a character against one monster under a fixed policy, by a
//! Markov chain, where the fight is one.
//!
//! It is one when every act of the monster's chart is an ATTACK (pure damage of a type), a
//! MINDSTRIKE (d8 + its Mind − the hero's), DEFEND, FLEE or TELEPORT, and the hero only
//! ATTACKs (bare-handed), DEFENDs or FLEEs: then nothing but the two Healths, who acts next and
//! the other's guard (open, defending, stumbled after a failed flight, or surprised from the
//! initiative roll) matters. CAST SPELL, TOUCH, summoning and a chart's own effects bring
//! ailments, spells and losses the chain does not follow: [`fight_odds`] names those rolls.
//! The hero's items are followed where they are fixed numbers: their bonuses (weight
//! included), immunities and weaknesses, the weapon he ATTACKs with ([`fight_odds_with`]) and
//! the Ring of Retribution's damage back; his cards and actions are not.
//!
//! Health never rises in such a fight, so the states are solved block by block from the
//! lowest Healths up, each (hero Health, monster Health) block a small linear system of the
//! turns that change neither (misses, DEFEND, failed flights) solved by Gaussian elimination.
//! A state also holds the stalemate count (unhurt rounds in a row, counted as the engine
//! does at the start of the second fighter's turn): at [`STALEMATE_ROUNDS`] the monster
//! leaves, so every fight ends. A block whose states could not leave it would be counted as
//! [`Odds::never`] (kept as a guard; no chain fight reaches it under the stalemate ruling). Not for the hot loop: it
//! allocates. Monte Carlo runs of [`super::combat::Combat`] are held to it by the tests, and
//! `dq duel --game dungeon-of-chaos` prints it.

use super::combat::{HeroSetup, STALEMATE_ROUNDS};
use super::data::{AttackType, Attr};
use super::rules::{Act, ChaosRules, MonsterDef, TypeSet};
use crate::core::linear::gauss_jordan;

/// The hero's fixed way of fighting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// ATTACK bare-handed every turn.
    Attack,
    /// DEFEND every turn (only the monster's flight, or its death, ends the fight).
    Defend,
    /// ATTACK while Health is at least `K`, FLEE once it is below.
    FleeBelow(i8),
}

impl Policy {
    /// What the hero does at Health `h`.
    pub fn act(self, h: i8) -> Move {
        match self {
            Policy::Attack => Move::Attack,
            Policy::Defend => Move::Defend,
            Policy::FleeBelow(k) if h < k => Move::Flee,
            Policy::FleeBelow(_) => Move::Attack,
        }
    }
}

/// One hero action of a [`Policy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Attack,
    Defend,
    Flee,
}

/// Exact outcome probabilities of one fight.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// The monster died.
    pub win: f64,
    /// The hero died.
    pub die: f64,
    /// The hero fled.
    pub fled: f64,
    /// The monster fled or teleported away (no treasure).
    pub foe_left: f64,
    /// The fight never ends (neither side can end it).
    pub never: f64,
    /// By Health left (index 0 for a death), the probability the fight ends with it.
    pub health_left: Vec<f64>,
    /// Expected hero actions until the end (counted only up to a never-ending loop).
    pub rounds: f64,
}

impl Odds {
    /// Expected Health lost (a death loses all the Health the hero started with), counting
    /// only fights that end.
    pub fn damage_taken(&self, start: i8) -> f64 {
        self.health_left.iter().enumerate().map(|(h, p)| p * (f64::from(start) - h as f64)).sum()
    }
}

/// Why a fight is not a chain: the chart rolls (1 to 8) whose acts it does not follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAChain {
    pub rolls: Vec<u8>,
}

/// The other fighter's state as the next one begins his turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Guard {
    Open = 0,
    Defending = 1,
    Stumbled = 2,
    /// Surprised by the initiative roll and not yet acted: Defence 0, flight from him free.
    Surprised = 3,
}

const GUARDS: usize = 4;

/// Where a transition leads.
#[derive(Clone, Copy, Debug)]
enum To {
    /// (hero Health, monster Health, monster to act next, the other's guard)
    State(i8, i8, bool, Guard),
    Won(i8),
    Died,
    Fled(i8),
    FoeLeft(i8),
}

/// The chart rolls a chain cannot follow.
pub fn unchained_rolls(monster: &MonsterDef) -> Vec<u8> {
    (1..=8u8)
        .filter(|r| {
            !matches!(
                monster.chart[*r as usize - 1],
                Act::Attack { .. } | Act::Defend | Act::Flee | Act::Teleport | Act::Mindstrike
            )
        })
        .collect()
}

/// The law of an ATTACK's damage before immunity (§10): d8 + `attack` − `defence`, a 1
/// fumbles, an 8 adds one more d8. (damage ≥ 1, probability); the rest deals nothing.
fn strike_law(attack: i16, defence: i16) -> Vec<(i16, f64)> {
    let mut out = Vec::new();
    for r in 2..=7 {
        let d = r + attack - defence;
        if d > 0 {
            out.push((d, 1.0 / 8.0));
        }
    }
    for e in 1..=8 {
        let d = 8 + e + attack - defence;
        if d > 0 {
            out.push((d, 1.0 / 64.0));
        }
    }
    out
}

/// Damage after immunity and weakness (§12).
fn typed(d: i16, kind: AttackType, immune: TypeSet, weak: TypeSet) -> i16 {
    if immune.has(kind) {
        0
    } else if weak.has(kind) {
        d * 2
    } else {
        d
    }
}

/// P(d8 + a > d8 + b).
fn contest(a: i16, b: i16) -> f64 {
    let mut n = 0;
    for x in 1..=8 {
        for y in 1..=8 {
            if x + a > y + b {
                n += 1;
            }
        }
    }
    f64::from(n) / 64.0
}

/// The two fighters' fixed values.
struct Sides {
    h_attack: i16,
    h_defence: i16,
    h_speed: i16,
    h_mind: i16,
    h_immune: TypeSet,
    h_weak: TypeSet,
    /// The weapon's bonus and attack type (0 and plain bare-handed).
    w_bonus: i16,
    w_kind: AttackType,
    /// Damage back on a monster whose ATTACK wounds him (§10, the Ring of Retribution).
    retribution: i16,
    m: MonsterDef,
}

impl Sides {
    fn defence(base: i16, g: Guard) -> i16 {
        match g {
            Guard::Open => base,
            Guard::Defending => base + 4,
            Guard::Stumbled => base - 2,
            Guard::Surprised => 0,
        }
    }

    /// The transitions of the state (h, m, whose turn, the other's guard) under `policy`.
    fn moves(&self, policy: Policy, h: i8, m: i8, monster_next: bool, g: Guard) -> Vec<(To, f64)> {
        let ms = &self.m.stats;
        let (m_attack, m_defence, m_speed, m_mind) = (
            ms[Attr::Attack as usize] as i16,
            ms[Attr::Defence as usize] as i16,
            ms[Attr::Speed as usize] as i16,
            ms[Attr::Mind as usize] as i16,
        );
        let mut out = Vec::new();
        if !monster_next {
            match policy.act(h) {
                Move::Attack => {
                    let mut hit = 0.0;
                    for (d, p) in strike_law(self.h_attack + self.w_bonus, Self::defence(m_defence, g)) {
                        let d = typed(d, self.w_kind, self.m.immunities(), self.m.weak);
                        if d <= 0 {
                            continue;
                        }
                        hit += p;
                        let left = i16::from(m) - d;
                        out.push((if left <= 0 { To::Won(h) } else { To::State(h, left as i8, true, Guard::Open) }, p));
                    }
                    out.push((To::State(h, m, true, Guard::Open), 1.0 - hit));
                }
                Move::Defend => out.push((To::State(h, m, true, Guard::Defending), 1.0)),
                Move::Flee => {
                    let free = g == Guard::Surprised || m_speed <= 0;
                    let p = if free { 1.0 } else { contest(self.h_speed, m_speed) };
                    out.push((To::Fled(h), p));
                    out.push((To::State(h, m, true, Guard::Stumbled), 1.0 - p));
                }
            }
            return out;
        }
        let wounded = |d: i16| {
            let left = i16::from(h) - d;
            if left <= 0 {
                To::Died
            } else {
                To::State(left as i8, m, false, Guard::Open)
            }
        };
        // An ATTACK that wounds him and leaves him standing takes the ring's damage back.
        let back = typed(self.retribution, AttackType::Plain, self.m.immunities(), self.m.weak);
        let struck = |d: i16| match wounded(d) {
            To::State(h2, _, _, _) if back > 0 && i16::from(m) - back <= 0 => To::Won(h2),
            To::State(h2, _, mn, g2) if back > 0 => To::State(h2, (i16::from(m) - back) as i8, mn, g2),
            to => to,
        };
        let stay = To::State(h, m, false, Guard::Open);
        for act in self.m.chart {
            let q = 1.0 / 8.0;
            match act {
                Act::Attack { kind, bonus } => {
                    let mut hit = 0.0;
                    for (d, p) in strike_law(m_attack + i16::from(bonus), Self::defence(self.h_defence, g)) {
                        let d = typed(d, kind, self.h_immune, self.h_weak);
                        if d > 0 {
                            hit += p;
                            out.push((struck(d), q * p));
                        }
                    }
                    out.push((stay, q * (1.0 - hit)));
                }
                Act::Mindstrike => {
                    let mut hit = 0.0;
                    for r in 1..=8 {
                        let d = typed(r + m_mind - self.h_mind, AttackType::Plain, self.h_immune, self.h_weak);
                        if d > 0 {
                            hit += 1.0 / 8.0;
                            out.push((wounded(d), q / 8.0));
                        }
                    }
                    out.push((stay, q * (1.0 - hit)));
                }
                Act::Defend => out.push((To::State(h, m, false, Guard::Defending), q)),
                Act::Flee => {
                    let free = g == Guard::Surprised || self.h_speed <= 0;
                    let p = if free { 1.0 } else { contest(m_speed, self.h_speed) };
                    out.push((To::FoeLeft(h), q * p));
                    out.push((To::State(h, m, false, Guard::Stumbled), q * (1.0 - p)));
                }
                Act::Teleport => out.push((To::FoeLeft(h), q)),
                _ => unreachable!("checked by unchained_rolls"),
            }
        }
        out
    }
}

/// The exact odds of `hero` against monster `monster` (an id of [`ChaosRules::monsters`]),
/// bare-handed under `policy`, or the chart rolls that make it no chain. His items' fixed
/// numbers count (bonuses, immunities, retribution); his cards and actions are not used.
pub fn fight_odds(rules: &ChaosRules, hero: &HeroSetup, monster: u8, policy: Policy) -> Result<Odds, NotAChain> {
    fight_odds_with(rules, hero, monster, policy, None)
}

/// [`fight_odds`] with every ATTACK made with the hero's weapon `weapon` (an index of
/// [`HeroSetup::weapons`]; `None` bare-handed).
pub fn fight_odds_with(
    rules: &ChaosRules,
    hero: &HeroSetup,
    monster: u8,
    policy: Policy,
    weapon: Option<u8>,
) -> Result<Odds, NotAChain> {
    let def = rules.monsters[monster as usize];
    let rolls = unchained_rolls(&def);
    if !rolls.is_empty() {
        return Err(NotAChain { rolls });
    }
    let eff = |a: Attr| i16::from(hero.stats[a as usize]) + i16::from(hero.bonus[a as usize]);
    let sides = Sides {
        h_attack: eff(Attr::Attack),
        h_defence: eff(Attr::Defence),
        h_speed: eff(Attr::Speed),
        h_mind: eff(Attr::Mind),
        h_immune: hero.immune,
        h_weak: hero.weak,
        w_bonus: weapon.map_or(0, |w| i16::from(hero.weapons[w as usize].bonus)),
        w_kind: weapon.map_or(AttackType::Plain, |w| hero.weapons[w as usize].kind),
        retribution: i16::from(hero.retribution),
        m: def,
    };
    let hh = hero.stats[Attr::Health as usize].max(1);
    let mh = def.stats[Attr::Health as usize].max(1);
    Ok(solve(&sides, policy, hh, mh))
}

/// Columns of a state's value: the ends by Health left (won, died, fled, foe left), never,
/// rounds.
struct Layout {
    hh: usize,
}

impl Layout {
    fn cols(&self) -> usize {
        3 * (self.hh + 1) + 3
    }
    fn won(&self, h: i8) -> usize {
        h as usize
    }
    fn died(&self) -> usize {
        self.hh + 1
    }
    fn fled(&self, h: i8) -> usize {
        self.hh + 1 + h as usize
    }
    fn foe_left(&self, h: i8) -> usize {
        2 * (self.hh + 1) + h as usize
    }
    fn never(&self) -> usize {
        3 * (self.hh + 1) + 1
    }
    fn rounds(&self) -> usize {
        3 * (self.hh + 1) + 2
    }
}

/// The stalemate count of a state: whole rounds in a row with no one hurt (0 to
/// [`STALEMATE_ROUNDS`] − 1), or [`HURT`]: someone was hurt since the last count.
const HURT: usize = STALEMATE_ROUNDS as usize;
/// Stalemate counts a state can hold.
const COUNTS: usize = HURT + 1;

/// The block's states: (monster next, the other's guard, the stalemate count).
const BLOCK: usize = 2 * GUARDS * COUNTS;

fn slot(monster_next: bool, g: Guard, count: usize) -> usize {
    (usize::from(monster_next) * GUARDS + g as usize) * COUNTS + count
}

/// (monster next, guard, count) of a slot.
fn unslot(i: usize) -> (bool, Guard, usize) {
    let g = [Guard::Open, Guard::Defending, Guard::Stumbled, Guard::Surprised][(i / COUNTS) % GUARDS];
    (i / COUNTS >= GUARDS, g, i % COUNTS)
}

/// Where a move to `to` from a state of Healths (h, m) and stalemate count `count` leads once
/// the round's count is taken: the combat counts when the last fighter of the order is
/// about to begin his turn (the monster when the hero acts first), and after
/// [`STALEMATE_ROUNDS`] unhurt rounds in a row the monster leaves (`combat.rs`'s
/// `round_over`). `Err` is an end; `Ok` the next state and its slot.
fn counted(to: To, h: i8, m: i8, count: usize, hero_first: bool) -> Result<(i8, i8, usize), To> {
    let To::State(h2, m2, mn2, g2) = to else { return Err(to) };
    let hurt = count == HURT || (h2, m2) != (h, m);
    let next = if mn2 != hero_first {
        // The next fighter is the first of the order: no count yet.
        if hurt {
            HURT
        } else {
            count
        }
    } else if hurt {
        0
    } else if count + 1 >= HURT {
        return Err(To::FoeLeft(h2));
    } else {
        count + 1
    };
    Ok((h2, m2, slot(mn2, g2, next)))
}

fn solve(s: &Sides, policy: Policy, hh: i8, mh: i8) -> Odds {
    let lay = Layout { hh: hh as usize };
    let cols = lay.cols();
    let at = |h: i8, m: i8| (h as usize - 1) * mh as usize + (m as usize - 1);
    // The chain of each order of the two (the stalemate count follows the order).
    let by_order = [false, true].map(|hero_first| values(s, policy, hh, mh, hero_first, &lay));
    // The start: initiative (§10), d8 + Speed each, a 1 surprises, ties rolled off.
    let m_speed = i16::from(s.m.stats[Attr::Speed as usize]);
    let mut v = vec![0.0f64; cols];
    for hr in 1..=8i16 {
        for mr in 1..=8i16 {
            let key_h = (hr == 1, -(hr + s.h_speed));
            let key_m = (mr == 1, -(mr + m_speed));
            let firsts: &[(bool, f64)] = match key_h.cmp(&key_m) {
                std::cmp::Ordering::Less => &[(false, 1.0)],
                std::cmp::Ordering::Greater => &[(true, 1.0)],
                std::cmp::Ordering::Equal => &[(false, 0.5), (true, 0.5)],
            };
            for &(monster_first, p) in firsts {
                // The second to act is still surprised while the first acts.
                let second_surprised = if monster_first { hr == 1 } else { mr == 1 };
                let g = if second_surprised { Guard::Surprised } else { Guard::Open };
                let value = &by_order[usize::from(!monster_first)];
                for (x, y) in v.iter_mut().zip(&value[at(hh, mh)][slot(monster_first, g, 0)]) {
                    *x += p / 64.0 * y;
                }
            }
        }
    }
    let mut health_left = vec![0.0; hh as usize + 1];
    health_left[0] = v[lay.died()];
    for h in 1..=hh {
        health_left[h as usize] = v[lay.won(h)] + v[lay.fled(h)] + v[lay.foe_left(h)];
    }
    Odds {
        win: (1..=hh).map(|h| v[lay.won(h)]).sum(),
        die: v[lay.died()],
        fled: (1..=hh).map(|h| v[lay.fled(h)]).sum(),
        foe_left: (1..=hh).map(|h| v[lay.foe_left(h)]).sum(),
        never: v[lay.never()],
        health_left,
        rounds: v[lay.rounds()],
    }
}

/// value[(h, m)][slot][col] of every state of the fight whose order puts the hero first or
/// not, blocks solved from the lowest Healths up.
fn values(s: &Sides, policy: Policy, hh: i8, mh: i8, hero_first: bool, lay: &Layout) -> Vec<Vec<Vec<f64>>> {
    let cols = lay.cols();
    let at = |h: i8, m: i8| (h as usize - 1) * mh as usize + (m as usize - 1);
    let mut value = vec![vec![vec![0.0f64; cols]; BLOCK]; hh as usize * mh as usize];
    for h in 1..=hh {
        for m in 1..=mh {
            // (I - Q) x = b over the block's states.
            let mut q = [[0.0f64; BLOCK]; BLOCK];
            let mut b = vec![vec![0.0f64; cols]; BLOCK];
            let mut leaves = [false; BLOCK];
            for (i, row) in b.iter_mut().enumerate() {
                let (mn, g, count) = unslot(i);
                if !mn {
                    row[lay.rounds()] += 1.0;
                }
                for (to, p) in s.moves(policy, h, m, mn, g) {
                    if p <= 0.0 {
                        continue;
                    }
                    match counted(to, h, m, count, hero_first) {
                        Ok((h2, m2, j)) if (h2, m2) == (h, m) => q[i][j] += p,
                        Ok((h2, m2, j)) => {
                            leaves[i] = true;
                            for (x, v) in row.iter_mut().zip(&value[at(h2, m2)][j]) {
                                *x += p * v;
                            }
                        }
                        Err(end) => {
                            leaves[i] = true;
                            let c = match end {
                                To::Won(h) => lay.won(h),
                                To::Died => lay.died(),
                                To::Fled(h) => lay.fled(h),
                                To::FoeLeft(h) => lay.foe_left(h),
                                To::State(..) => unreachable!(),
                            };
                            row[c] += p;
                        }
                    }
                }
            }
            // States that can never leave the block loop for ever.
            let mut out = leaves;
            loop {
                let more: Vec<usize> =
                    (0..BLOCK).filter(|&i| !out[i] && (0..BLOCK).any(|j| q[i][j] > 0.0 && out[j])).collect();
                if more.is_empty() {
                    break;
                }
                more.into_iter().for_each(|i| out[i] = true);
            }
            let live: Vec<usize> = (0..BLOCK).filter(|&i| out[i]).collect();
            let n = live.len();
            let mut a = vec![vec![0.0f64; n + cols]; n];
            for (r, &i) in live.iter().enumerate() {
                a[r][r] += 1.0;
                for (c, &j) in live.iter().enumerate() {
                    a[r][c] -= q[i][j];
                }
                // Moves into the looping states never end.
                let lost: f64 = (0..BLOCK).filter(|&j| !out[j]).map(|j| q[i][j]).sum();
                a[r][n..].copy_from_slice(&b[i]);
                a[r][n + lay.never()] += lost;
            }
            gauss_jordan(&mut a, n);
            let block = &mut value[at(h, m)];
            for (i, v) in block.iter_mut().enumerate() {
                match live.iter().position(|&j| j == i) {
                    Some(r) => v.copy_from_slice(&a[r][n..]),
                    None => {
                        v.iter_mut().for_each(|x| *x = 0.0);
                        v[lay.never()] = 1.0;
                    }
                }
            }
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::{GameRng, Stream};
    use crate::dungeon_of_chaos::combat::{Answer, Combat, End, Presence, Step};

    /// The standard rules with monster 0 made over: `stats` and every chart roll `act`.
    fn rules_with(stats: [i8; 5], act: Act) -> ChaosRules {
        let mut r = ChaosRules::standard();
        r.monsters[0].stats = stats;
        r.monsters[0].chart = [act; 8];
        r.monsters[0].immune = TypeSet(0);
        r.monsters[0].weak = TypeSet(0);
        r
    }

    fn hero(rules: &ChaosRules, stats: [i8; 5]) -> HeroSetup {
        HeroSetup { start: stats, stats, immune: TypeSet(0), ..HeroSetup::character(rules, 0) }
    }

    /// By hand: equal Speeds give the hero the first turn with probability 1/2 (the 64 rolls:
    /// 7 where only the monster rolled a 1, 21 higher, half of the 8 ties). A monster that
    /// always teleports leaves on its first turn, so the hero wins only by killing it (6
    /// Health, Defence 3, his Attack 2) with his first blow: a 7 or an 8 (1/4), or 4 and up
    /// (5/8) when the monster rolled the 1 and stands surprised at Defence 0 (7.5 of his 32
    /// first turns). P(win) = (7.5 · 5/8 + 24.5 · 1/4) / 64 = 173/1024.
    #[test]
    fn a_hand_computed_fight() {
        let rules = rules_with([3, 3, 2, 2, 6], Act::Teleport);
        let h = hero(&rules, [2, 3, 2, 2, 5]);
        let o = fight_odds(&rules, &h, 0, Policy::Attack).unwrap();
        assert!((o.win - 173.0 / 1024.0).abs() < 1e-12, "{o:?}");
        assert!((o.foe_left - 851.0 / 1024.0).abs() < 1e-12, "{o:?}");
        assert_eq!((o.die, o.fled, o.never), (0.0, 0.0, 0.0));
        assert!((o.rounds - 0.5).abs() < 1e-12, "{o:?}");
        assert!(o.damage_taken(5).abs() < 1e-12);
    }

    /// Two sides that only DEFEND: no one is ever hurt, and the monster leaves when the
    /// eighth unhurt round is counted, at the start of the second fighter's eighth turn. The
    /// hero goes first in half the initiative rolls (equal Speeds): then he has acted 8 times,
    /// else 7. Mean hero actions 7.5.
    #[test]
    fn a_fight_without_harm_ends_in_stalemate() {
        let rules = rules_with([3, 3, 2, 2, 6], Act::Defend);
        let h = hero(&rules, [2, 3, 2, 2, 5]);
        let o = fight_odds(&rules, &h, 0, Policy::Defend).unwrap();
        assert!((o.foe_left - 1.0).abs() < 1e-12 && o.never == 0.0, "{o:?}");
        assert!((o.rounds - 7.5).abs() < 1e-12, "{o:?}");
    }

    /// A chart with a CAST SPELL (or TOUCH, summoning, own effects) is no chain: its rolls named.
    #[test]
    fn spells_on_the_chart_are_named() {
        let mut rules = rules_with([3, 3, 2, 2, 6], Act::Defend);
        rules.monsters[0].chart[4] = Act::CastSpell;
        let h = hero(&rules, [2, 3, 2, 2, 5]);
        assert_eq!(fight_odds(&rules, &h, 0, Policy::Attack), Err(NotAChain { rolls: vec![5] }));
    }

    /// Monte Carlo tallies of `n` fights of the engine's own combat: (won, died, fled, foe
    /// left, hero actions).
    fn simulate(rules: &ChaosRules, h: &HeroSetup, monster: u8, policy: Policy, n: u64) -> [u64; 5] {
        let mut t = [0u64; 5];
        for i in 0..n {
            let mut dice = GameRng::new(99, i, Stream::Dice);
            let mut c = Combat::new(rules, h, &[monster]);
            let mut step = c.start(rules, &mut dice, &mut |_| {});
            let mut acts = 0;
            while step == Step::HeroToAct {
                let health = c.fighter(0).stats[Attr::Health as usize];
                let a = match policy.act(health) {
                    Move::Attack => Answer::Attack { foe: 1, weapon: None },
                    Move::Defend => Answer::Defend,
                    Move::Flee => Answer::Flee,
                };
                acts += 1;
                step = c.answer(rules, &mut dice, a, &mut |_| {}).unwrap();
            }
            t[4] += acts;
            match step {
                Step::Over(End::Cleared { .. }) if c.fighter(1).presence == Presence::Dead => t[0] += 1,
                Step::Over(End::Cleared { .. }) => t[3] += 1,
                Step::Over(End::HeroDied) => t[1] += 1,
                Step::Over(End::HeroFled) => t[2] += 1,
                other => panic!("{other:?}"),
            }
        }
        t
    }

    /// The chain against 200,000 fights of the engine's combat, for every chain monster of
    /// level 1 and 2 a profile can meet, under each policy: every probability within 4.5
    /// standard errors, the mean actions within 4.5 of theirs.
    #[test]
    fn the_chain_matches_the_combat() {
        let rules = ChaosRules::standard();
        let h = HeroSetup::character(&rules, 0);
        let chains: Vec<u8> = (0..rules.monsters.len() as u8)
            .filter(|&m| unchained_rolls(&rules.monsters[m as usize]).is_empty())
            .filter(|&m| rules.monsters[m as usize].level <= 2)
            .take(3)
            .collect();
        assert!(!chains.is_empty(), "no chain monster in the data");
        let n = 200_000;
        let mut checked = 0;
        for &m in &chains {
            for policy in [Policy::Attack, Policy::FleeBelow(3), Policy::Defend] {
                let o = fight_odds(&rules, &h, m, policy).unwrap();
                if o.never > 0.0 {
                    continue;
                }
                let t = simulate(&rules, &h, m, policy, n);
                checked += 1;
                for (p, k) in [(o.win, t[0]), (o.die, t[1]), (o.fled, t[2]), (o.foe_left, t[3])] {
                    let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
                    let got = k as f64 / n as f64;
                    assert!((got - p).abs() <= 4.5 * se, "monster {m} {policy:?}: {got} against {p} ({o:?})");
                }
                let mean = t[4] as f64 / n as f64;
                assert!(
                    (mean - o.rounds).abs() <= 0.05 * o.rounds.max(1.0),
                    "monster {m} {policy:?}: {mean} against {o:?}"
                );
            }
        }
        assert!(checked >= 6, "only {checked} fights checked");
    }
}
