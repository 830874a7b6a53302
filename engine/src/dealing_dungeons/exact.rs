//! Exact win and loss probabilities of one fight under a fixed policy, by a Markov chain.
//!
//! A monster fight's state between rounds is (hero lives, monster lives, Defend bonus
//! waiting); a boss fight's adds whether it is the first round (no start-of-round skill
//! then). Ties, Defends and Regenerate make the chain loop, so the absorption probabilities
//! are the solution of a small linear system (a few hundred states at most), solved by
//! Gaussian elimination. Monte Carlo runs of [`super::combat`] are held to these figures by
//! the tests, and `dq duel --game dealing-dungeons` prints them. Not for the hot loop:
//! it allocates its matrix. A fight that can never end (ranged shots that cannot hurt either
//! side) has no meaningful odds: `win + die` falls short of 1 there.

use super::combat::{BossFoe, Fighter, Foe, Setting};
use super::data::{AttackRule, BossSkill};
use super::rules::MAX_LIVES;
use crate::core::linear::gauss_jordan;

/// A fixed way of answering a monster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// Fight every round.
    Fight,
    /// A ranged attack every round.
    Ranged,
    /// Defend, then Fight with the bonus; Fight when it cannot be defended against.
    DefendThenFight,
}

/// A fixed way of answering an End Boss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BossPolicy {
    Fight,
    /// Defend while no bonus waits, Fight with it.
    DefendThenFight,
    /// Defend (while no bonus waits) when its total is at least this, else Fight.
    DefendAbove(u8),
}

/// Exact outcome probabilities of one fight.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// The foe is defeated.
    pub win: f64,
    /// The hero dies.
    pub die: f64,
    /// By lives the hero has left, the probability he won with that many.
    pub win_with_lives: [f64; MAX_LIVES as usize + 1],
    /// Expected rounds (turns) fought.
    pub rounds: f64,
}

/// Where a transition leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum To {
    State(usize),
    Won(u8),
    Died,
}

/// Probability that 2D6 + `m` is above, equal to, below `t`.
fn two_d6_vs(m: i16, t: i16) -> (f64, f64, f64) {
    let (mut above, mut tie) = (0.0, 0.0);
    for a in 1..=6i16 {
        for b in 1..=6i16 {
            let s = a + b + m;
            if s > t {
                above += 1.0;
            } else if s == t {
                tie += 1.0;
            }
        }
    }
    (above / 36.0, tie / 36.0, 1.0 - (above + tie) / 36.0)
}

/// The law of the sum of `n` d6 plus `plus` (Cunning: the lowest die rolled again).
fn dice_law(n: u8, plus: u8, cunning: bool) -> Vec<(u8, f64)> {
    let n = n.min(4) as u32;
    let mut law = [0.0f64; 6 * 4 + 1];
    let outcomes = 6u32.pow(n);
    for code in 0..outcomes {
        let faces: Vec<u8> = (0..n).map(|i| (code / 6u32.pow(i) % 6) as u8 + 1).collect();
        let sum: u8 = faces.iter().sum();
        if cunning && n > 0 {
            let low = faces.iter().copied().min().unwrap_or(1);
            for r in 1..=6u8 {
                law[(sum - low + r) as usize] += 1.0 / (outcomes as f64 * 6.0);
            }
        } else {
            law[sum as usize] += 1.0 / outcomes as f64;
        }
    }
    law.iter().enumerate().filter(|(_, p)| **p > 0.0).map(|(s, p)| (s as u8 + plus, *p)).collect()
}

/// Solves the absorbing chain: for every transient state, the probability of each end and
/// the expected rounds; returns the start state's.
fn solve(n: usize, start: usize, rows: &[Vec<(To, f64)>]) -> Odds {
    // Unknowns per right-hand side: Won(0..=MAX), Died, rounds.
    let ends = MAX_LIVES as usize + 1;
    let cols = ends + 2;
    let mut a = vec![vec![0.0f64; n + cols]; n];
    for (s, row) in rows.iter().enumerate() {
        a[s][s] += 1.0;
        a[s][n + ends + 1] = 1.0;
        for &(to, p) in row {
            match to {
                To::State(t) => a[s][t] -= p,
                To::Won(h) => a[s][n + h as usize] += p,
                To::Died => a[s][n + ends] += p,
            }
        }
    }
    gauss_jordan(&mut a, n);
    let row = &a[start];
    let mut win_with_lives = [0.0; MAX_LIVES as usize + 1];
    win_with_lives.copy_from_slice(&row[n..n + ends]);
    Odds { win: win_with_lives.iter().sum(), die: row[n + ends], win_with_lives, rounds: row[n + ends + 1] }
}

/// The exact odds of a monster encounter fought to its end under `policy` (Run and Leave are
/// never chosen). A ranged policy needs the Range skill.
pub fn monster_odds(hero: Fighter, foe: Foe, setting: Setting, policy: Policy) -> Odds {
    let hl = hero.lives.clamp(1, MAX_LIVES) as usize;
    let ml = foe.lives.clamp(1, MAX_LIVES) as usize;
    let idx = |h: usize, m: usize, b: usize| ((h - 1) * ml + (m - 1)) * 2 + b;
    let targets: Vec<(u8, f64)> = match foe.attack {
        AttackRule::Printed => vec![(foe.monster.attack, 1.0)],
        AttackRule::Rolled { dice, plus } => dice_law(dice, plus, false),
    };
    let bonus = setting.defend_bonus as i16 + hero.skills.defend_bonus as i16;
    let melee = hero.skills.combat as i16 + hero.gear.combat as i16;
    let ranged = hero.skills.combat as i16
        + hero.reach() as i16
        + if setting.distance == 0 { hero.gear.combat as i16 } else { 0 };
    let mut rows = vec![Vec::new(); hl * ml * 2];
    for h in 1..=hl {
        for m in 1..=ml {
            for b in 0..2 {
                let row = &mut rows[idx(h, m, b)];
                let hurt =
                    |h: usize, lost: usize, m: usize| if h <= lost { To::Died } else { To::State(idx(h - lost, m, 0)) };
                let defend = policy == Policy::DefendThenFight && b == 0 && foe.monster.defense.is_some();
                if defend {
                    let need =
                        foe.monster.defense.unwrap_or(7) as i16 - hero.skills.defend as i16 - hero.gear.defend as i16;
                    let ok = ((7 - need.clamp(1, 7)) as f64 / 6.0).clamp(0.0, 1.0);
                    row.push((To::State(idx(h, m, 1)), ok));
                    row.push((hurt(h, 1, m), 1.0 - ok));
                    continue;
                }
                let (mods, miss) =
                    if policy == Policy::Ranged { (ranged, foe.monster.range as usize) } else { (melee, 1) };
                let extra = if b == 1 { bonus } else { 0 };
                for &(t, pt) in &targets {
                    let t = t as i16 + foe.attack_bonus as i16;
                    let (win, tie, lose) = two_d6_vs(mods + extra, t);
                    let won = if m == 1 { To::Won(h as u8) } else { To::State(idx(h, m - 1, 0)) };
                    row.push((won, pt * win));
                    row.push((To::State(idx(h, m, 0)), pt * tie));
                    let lost = if miss == 0 { To::State(idx(h, m, 0)) } else { hurt(h, miss, m) };
                    row.push((lost, pt * lose));
                }
            }
        }
    }
    solve(rows.len(), idx(hl, ml, 0), &rows)
}

/// The exact odds of an End Boss fight under `policy`.
pub fn boss_odds(hero: Fighter, foe: BossFoe, defend_bonus: u8, policy: BossPolicy) -> Odds {
    let hl = hero.lives.clamp(1, MAX_LIVES) as usize;
    let bl = foe.lives.clamp(1, MAX_LIVES) as usize;
    // (hero lives, boss lives, bonus waiting, first round)
    let idx = |h: usize, m: usize, b: usize, f: usize| (((h - 1) * bl + (m - 1)) * 2 + b) * 2 + f;
    let fury = if let BossSkill::Fury(k) = foe.skill { k } else { 0 };
    let targets = dice_law(foe.dice, fury.saturating_add(foe.attack_bonus), foe.skill == BossSkill::Cunning);
    let gear = if foe.skill == BossSkill::Disarm { Default::default() } else { hero.gear };
    let fear = if let BossSkill::Fear(k) = foe.skill { k as i16 } else { 0 };
    let armour = if let BossSkill::Armour(k) = foe.skill { k as i16 } else { 0 };
    let fight_mods = hero.skills.combat as i16 + gear.combat as i16 + hero.skills.boss_combat as i16 - fear;
    let defend_mods = hero.skills.defend as i16 + gear.defend as i16;
    let bonus = defend_bonus as i16 + hero.skills.defend_bonus as i16;
    let loss = if foe.skill == BossSkill::Crushing { 2 } else { 1 };
    let may_defend = foe.skill != BossSkill::Relentless;
    let mut rows = vec![Vec::new(); hl * bl * 4];
    for h in 1..=hl {
        for m in 1..=bl {
            for b in 0..2 {
                for f in 0..2 {
                    // The start of the round: (hero lives, boss lives, probability).
                    let mut starts: Vec<(usize, usize, f64)> = vec![(h, m, 1.0)];
                    if f == 0 {
                        match foe.skill {
                            BossSkill::Regenerate(n) if m < bl => {
                                let p = (7 - n as i16).clamp(0, 6) as f64 / 6.0;
                                starts = vec![(h, m + 1, p), (h, m, 1.0 - p)];
                            }
                            BossSkill::Curse(n) => {
                                let p = (n as f64 / 6.0).min(1.0);
                                starts = vec![(h - 1, m, p), (h, m, 1.0 - p)];
                            }
                            _ => {}
                        }
                    }
                    let row = &mut rows[idx(h, m, b, f)];
                    for (h, m, ps) in starts {
                        if h == 0 {
                            row.push((To::Died, ps));
                            continue;
                        }
                        // The hero loses `n` lives; Drain heals the boss.
                        let hurt = |n: usize| {
                            let m2 = if foe.skill == BossSkill::Drain && m < bl { m + 1 } else { m };
                            if h <= n {
                                To::Died
                            } else {
                                To::State(idx(h - n, m2, 0, 0))
                            }
                        };
                        for &(t, pt) in &targets {
                            let t = t as i16;
                            let defend = may_defend
                                && b == 0
                                && match policy {
                                    BossPolicy::Fight => false,
                                    BossPolicy::DefendThenFight => true,
                                    BossPolicy::DefendAbove(k) => t >= k as i16,
                                };
                            let p = ps * pt;
                            if defend {
                                let (above, tie, _) = two_d6_vs(defend_mods, t);
                                row.push((To::State(idx(h, m, 1, 0)), p * (above + tie)));
                                row.push((hurt(loss), p * (1.0 - above - tie)));
                                continue;
                            }
                            let mods = fight_mods + if b == 1 { bonus } else { 0 };
                            let (win, _, _) = two_d6_vs(mods, t + armour);
                            let (_, _, lose) = two_d6_vs(mods, t);
                            let tie = 1.0 - win - lose;
                            let won = if m == 1 { To::Won(h as u8) } else { To::State(idx(h, m - 1, 0, 0)) };
                            row.push((won, p * win));
                            let tied =
                                if foe.skill == BossSkill::Vengeful { hurt(1) } else { To::State(idx(h, m, 0, 0)) };
                            row.push((tied, p * tie));
                            row.push((hurt(loss), p * lose));
                        }
                    }
                }
            }
        }
    }
    solve(rows.len(), idx(hl, bl, 0, 1), &rows)
}
