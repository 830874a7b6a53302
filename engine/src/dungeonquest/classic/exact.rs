//! Exact outcome probabilities of one classic combat's rounds, by a Markov chain.
//!
//! Both sides' counter policies here are memoryless mixes (`random`: uniform; `equilibrium`:
//! the combat display's minimax mix, solved by `dq-bots`' equilibrium module), so every round
//! has the same distribution of losses, and the state (hero LPs lost, monster LPs lost) only
//! grows. Walking the states in lexicographic order is then a topological order, and one pass
//! gives the exact probability of every end: hero dead, monster dead, both, and how many LPs
//! the hero lost. The solo D12 table is the same chain with the table's losses (rerolls
//! dropped, the rest equally likely). Monte Carlo runs of [`super::combat::Fight`] are held to
//! these figures by the tests, and `dq duel --edition classic` is to print them.

use super::rules::{Losses, SoloRoll, MAX_HERO_LIFE, MAX_MONSTER_LIFE};
use arrayvec::ArrayVec;

/// How one round's losses are distributed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RoundModel {
    /// Counters: the chart (with the hero's bonus, [`super::rules::ClassicRules::chart_for`])
    /// and each side's mix over (Mighty Blow, Slash, Leap Aside).
    Counters { chart: [[Losses; 3]; 3], hero: [f64; 3], monster: [f64; 3] },
    /// The solo D12 table.
    Solo([SoloRoll; 12]),
}

/// The distinct losses of one round with their probabilities.
pub type RoundLaw = ArrayVec<(Losses, f64), 12>;

impl RoundModel {
    /// The round's law, equal losses merged, zero-probability ones dropped.
    pub fn law(&self) -> RoundLaw {
        let mut out = RoundLaw::new();
        let mut add = |l: Losses, p: f64| {
            if p <= 0.0 {
                return;
            }
            match out.iter_mut().find(|(x, _)| *x == l) {
                Some((_, q)) => *q += p,
                None => out.push((l, p)),
            }
        };
        match self {
            RoundModel::Counters { chart, hero, monster } => {
                for (i, row) in chart.iter().enumerate() {
                    for (j, &l) in row.iter().enumerate() {
                        add(l, hero[i] * monster[j]);
                    }
                }
            }
            RoundModel::Solo(table) => {
                let counted = table.iter().filter(|r| matches!(r, SoloRoll::Loses(_))).count() as f64;
                for r in table {
                    if let SoloRoll::Loses(l) = *r {
                        add(l, 1.0 / counted);
                    }
                }
            }
        }
        out
    }
}

/// Exact outcome probabilities of one combat.
#[derive(Clone, Debug, PartialEq)]
pub struct Exact {
    /// The hero dies (the monster may die in the same round).
    pub hero_dies: f64,
    /// Both die in the same round (part of `hero_dies`).
    pub both_die: f64,
    /// The monster dies and the hero lives.
    pub monster_dies: f64,
    /// By LPs lost (index), the probability that the hero won having lost that many.
    pub lost_when_won: [f64; MAX_HERO_LIFE as usize + 1],
    /// Expected rounds fought.
    pub rounds: f64,
}

impl Exact {
    /// Expected LPs the hero loses, counting a death as all his LPs.
    pub fn expected_loss(&self, life_left: u8) -> f64 {
        let won: f64 = self.lost_when_won.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        won + self.hero_dies * f64::from(life_left)
    }
}

/// The exact outcome of a fight of `life_left` hero LPs against a monster whose LPs follow
/// `lives` ((LPs, probability) pairs summing to 1), with rounds by `model`. The monster may
/// already have lost `monster_lost` LPs (an arrow). Values beyond the sheets' caps are clamped.
pub fn exact(life_left: u8, lives: &[(u8, f64)], monster_lost: u8, model: &RoundModel) -> Exact {
    let law = model.law();
    let h = life_left.clamp(1, MAX_HERO_LIFE) as usize;
    let mut out = Exact {
        hero_dies: 0.0,
        both_die: 0.0,
        monster_dies: 0.0,
        lost_when_won: [0.0; MAX_HERO_LIFE as usize + 1],
        rounds: 0.0,
    };
    const M: usize = MAX_MONSTER_LIFE as usize + 1;
    for &(life, w) in lives {
        let m = life.clamp(1, MAX_MONSTER_LIFE) as usize;
        if monster_lost as usize >= m {
            out.monster_dies += w;
            out.lost_when_won[0] += w;
            continue;
        }
        // mass[a][b]: probability of reaching hero-lost a, monster-lost b with both alive.
        let mut mass = [[0.0f64; M]; MAX_HERO_LIFE as usize + 1];
        mass[0][monster_lost as usize] = w;
        for a in 0..h {
            for b in 0..m {
                let p = mass[a][b];
                if p == 0.0 {
                    continue;
                }
                out.rounds += p;
                for &(l, q) in &law {
                    let (a2, b2) = (a + l.hero as usize, b + l.monster as usize);
                    let pq = p * q;
                    match (a2 >= h, b2 >= m) {
                        (true, both) => {
                            out.hero_dies += pq;
                            if both {
                                out.both_die += pq;
                            }
                        }
                        (false, true) => {
                            out.monster_dies += pq;
                            out.lost_when_won[a2] += pq;
                        }
                        (false, false) => mass[a2][b2] += pq,
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// One LP each, a round that always costs both: the hero dies (with the monster) for sure.
    #[test]
    fn a_certain_trade_kills_both() {
        let both = Losses { hero: 1, monster: 1 };
        let chart = [[both; 3]; 3];
        let m = RoundModel::Counters { chart, hero: [1.0, 0.0, 0.0], monster: [1.0, 0.0, 0.0] };
        let e = exact(1, &[(1, 1.0)], 0, &m);
        assert!(close(e.hero_dies, 1.0) && close(e.both_die, 1.0) && close(e.monster_dies, 0.0));
        assert!(close(e.rounds, 1.0));
    }

    /// Hand check on the solo table: 2 hero LPs against a 1-LP monster. Per counted roll (1-10):
    /// hero only 3/10, both 3/10, monster 1 for 3/10, monster 2 for 1/10. The hero wins at
    /// once with 4/10 (lost 0) or by "both" with 3/10 (lost 1, monster dead); after a hero-only
    /// roll (3/10) he has 1 LP: then he wins with 4/10, dies with 6/10 (3/10 of them both).
    #[test]
    fn the_solo_chain_matches_a_hand_count() {
        let solo = [
            SoloRoll::Loses(Losses { hero: 1, monster: 0 }),
            SoloRoll::Loses(Losses { hero: 1, monster: 0 }),
            SoloRoll::Loses(Losses { hero: 1, monster: 0 }),
            SoloRoll::Loses(Losses { hero: 1, monster: 1 }),
            SoloRoll::Loses(Losses { hero: 1, monster: 1 }),
            SoloRoll::Loses(Losses { hero: 1, monster: 1 }),
            SoloRoll::Loses(Losses { hero: 0, monster: 1 }),
            SoloRoll::Loses(Losses { hero: 0, monster: 1 }),
            SoloRoll::Loses(Losses { hero: 0, monster: 1 }),
            SoloRoll::Loses(Losses { hero: 0, monster: 2 }),
            SoloRoll::Reroll,
            SoloRoll::Reroll,
        ];
        let e = exact(2, &[(1, 1.0)], 0, &RoundModel::Solo(solo));
        assert!(close(e.lost_when_won[0], 0.4));
        assert!(close(e.lost_when_won[1], 0.3 + 0.3 * 0.4));
        assert!(close(e.hero_dies, 0.3 * 0.6));
        assert!(close(e.both_die, 0.3 * 0.3));
        assert!(close(e.rounds, 1.3));
        assert!(close(e.hero_dies + e.monster_dies, 1.0));
    }
}
