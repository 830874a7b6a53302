//! Combat as a two-player zero-sum game, and its Nash equilibrium.
//!
//! Each combat round both players pick a card at once; the results matrix says who suffers
//! how many wounds. The hero's payoff of a pair is the wounds dealt minus the wounds taken, the
//! monster's is the opposite. The equilibrium is found by the Shapley–Snow method: every
//! zero-sum matrix game has an optimal pair supported on a square, nonsingular sub-matrix, so
//! trying each pair of equal-size supports (at most 19 for 3×3) and solving its linear system
//! finds it exactly, with no LP solver and no iteration.

use dq_engine::dungeonquest::classic::ClassicRules;
use dq_engine::rules::HeroDef;
use dq_engine::Rules;

/// A 3×3 payoff matrix: `a[hero card][monster card]` is the hero's payoff.
pub type Payoff = [[f64; 3]; 3];

/// Optimal mixes and the value of a matrix game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Equilibrium {
    /// The hero's mix over (magic, melee, ranged).
    pub hero: [f64; 3],
    /// The monster's mix over (magic, melee, ranged).
    pub monster: [f64; 3],
    /// The hero's expected payoff per round.
    pub value: f64,
}

const EPS: f64 = 1e-9;

/// The hero's payoff matrix for one hero: wounds dealt minus wounds taken, with the hero's
/// cap on wounds per round (an ability) applied.
pub fn payoff(rules: &Rules, hero: &HeroDef) -> Payoff {
    let cap = hero.abilities.max_combat_wounds_per_round;
    payoff_of(|i, j| {
        let (hw, mw) = rules.matrix[i][j];
        (cap.map_or(hw, |c| hw.min(c)), mw)
    })
}

/// The hero's payoff matrix of the classic (1987) combat display for one hero: LPs the monster
/// loses minus LPs the hero loses, in the counter order (Mighty Blow, Slash, Leap Aside), with
/// the hero's Mighty Blow bonus (Sir Rohan). The same solver then gives its equilibrium.
pub fn classic_payoff(rules: &ClassicRules, hero: u8) -> Payoff {
    let chart = rules.chart_for(hero);
    payoff_of(|i, j| (chart[i][j].hero, chart[i][j].monster))
}

/// A payoff matrix from `cell(hero choice, monster choice)` = (hero's loss, monster's loss).
pub fn payoff_of(cell: impl Fn(usize, usize) -> (u8, u8)) -> Payoff {
    let mut a = [[0.0; 3]; 3];
    for (i, row) in a.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            let (hw, mw) = cell(i, j);
            *x = f64::from(mw) - f64::from(hw);
        }
    }
    a
}

/// Solves the zero-sum game `a` (row player maximises).
pub fn solve(a: &Payoff) -> Equilibrium {
    // Supports as bit masks, smallest first, so a pure saddle point is preferred when it exists.
    const SUPPORTS: [u8; 7] = [1, 2, 4, 3, 5, 6, 7];
    for size in 1..=3u32 {
        for &rows in SUPPORTS.iter().filter(|s| s.count_ones() == size) {
            for &cols in SUPPORTS.iter().filter(|s| s.count_ones() == size) {
                if let Some(eq) = try_supports(a, rows, cols) {
                    return eq;
                }
            }
        }
    }
    // Unreachable for any real matrix (Shapley–Snow); uniform play is the safe answer.
    let third = 1.0 / 3.0;
    Equilibrium { hero: [third; 3], monster: [third; 3], value: 0.0 }
}

/// Solves for mixes supported on `rows` and `cols` that make the opponent indifferent over
/// his support, then checks they are optimal against every card.
fn try_supports(a: &Payoff, rows: u8, cols: u8) -> Option<Equilibrium> {
    let r: Vec<usize> = (0..3).filter(|i| rows & (1 << i) != 0).collect();
    let c: Vec<usize> = (0..3).filter(|j| cols & (1 << j) != 0).collect();
    let k = r.len();
    // Hero: sum_i p_i a[i][j] = v for j in c; sum p_i = 1. Unknowns p (k) and v.
    let ps = indifference(k, |e, u| a[r[u]][c[e]])?;
    // Monster: sum_j q_j a[i][j] = v for i in r; sum q_j = 1.
    let qs = indifference(k, |e, u| a[r[e]][c[u]])?;
    let v = ps[k];
    if (qs[k] - v).abs() > EPS || ps[..k].iter().chain(&qs[..k]).any(|x| *x < -EPS) {
        return None;
    }
    let mut hero = [0.0; 3];
    let mut monster = [0.0; 3];
    for (u, &i) in r.iter().enumerate() {
        hero[i] = ps[u].max(0.0);
    }
    for (u, &j) in c.iter().enumerate() {
        monster[j] = qs[u].max(0.0);
    }
    // Optimality: no monster card does better against the hero's mix, no hero card against
    // the monster's.
    if (0..3).any(|j| (0..3).map(|i| hero[i] * a[i][j]).sum::<f64>() < v - EPS) {
        return None;
    }
    for row in a {
        if (0..3).map(|j| monster[j] * row[j]).sum::<f64>() > v + EPS {
            return None;
        }
    }
    Some(Equilibrium { hero, monster, value: v })
}

/// Solves for a mix over `k` cards that makes the opponent indifferent: equation `e` says
/// `sum_u x_u coef(e, u) = v`, plus `sum_u x_u = 1`. Returns `x` then `v`.
fn indifference(k: usize, coef: impl Fn(usize, usize) -> f64) -> Option<Vec<f64>> {
    let mut m = vec![vec![0.0; k + 2]; k + 1];
    for (e, row) in m.iter_mut().enumerate().take(k) {
        for (u, x) in row.iter_mut().enumerate().take(k) {
            *x = coef(e, u);
        }
        row[k] = -1.0;
    }
    let last = &mut m[k];
    last[..k].iter_mut().for_each(|x| *x = 1.0);
    last[k + 1] = 1.0;
    gauss(m)
}

/// Gaussian elimination with partial pivoting on an augmented matrix; `None` if singular.
fn gauss(mut m: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let n = m.len();
    for col in 0..n {
        let piv = (col..n).max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))?;
        if m[piv][col].abs() < EPS {
            return None;
        }
        m.swap(col, piv);
        let pivot = m[col].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i != col {
                let f = row[col] / pivot[col];
                for (x, p) in row[col..].iter_mut().zip(&pivot[col..]) {
                    *x -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

/// A mix as integer weights summing to 2^24, for sampling with the bot stream without floats
/// in the hot loop.
pub fn weights(mix: [f64; 3]) -> [u32; 3] {
    const SCALE: f64 = (1u32 << 24) as f64;
    let a = (mix[0] * SCALE).round() as u32;
    let b = (mix[1] * SCALE).round() as u32;
    let c = (1u32 << 24).saturating_sub(a + b);
    [a, b, c]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// Hand-derived solution of the Revised matrix (cards in the order magic, melee, ranged).
    /// Hero payoff = monster wounds - hero wounds:
    ///
    /// ```text
    ///              monster: magic  melee  ranged
    ///   hero magic            0     -1     +1
    ///   hero melee           +1      0     -1
    ///   hero ranged          -1     +2      0
    /// ```
    ///
    /// With a full-support mix p the monster must be indifferent: p_me - p_ra = -p_ma + 2 p_ra
    /// = p_ma - p_me = v. From the first and third, p_ma = 2 p_me - p_ra; with the second,
    /// p_ra = 3/4 p_me, so p = (5, 4, 3)/12 and v = 1/12. The same for the monster's q
    /// gives q = (magic 5, melee 3, ranged 4)/12.
    #[test]
    fn revised_matrix_equilibrium_matches_the_hand_derivation() {
        let rules = Rules::revised();
        let hero = rules.heroes.iter().find(|h| h.abilities.max_combat_wounds_per_round.is_none()).unwrap();
        let eq = solve(&payoff(&rules, hero));
        let h = [5.0 / 12.0, 4.0 / 12.0, 3.0 / 12.0];
        let m = [5.0 / 12.0, 3.0 / 12.0, 4.0 / 12.0];
        for i in 0..3 {
            assert!(close(eq.hero[i], h[i]), "hero {:?}", eq.hero);
            assert!(close(eq.monster[i], m[i]), "monster {:?}", eq.monster);
        }
        assert!(close(eq.value, 1.0 / 12.0), "value {}", eq.value);
    }

    /// Hand-derived solution of the classic (1987) combat display (counters in the order
    /// Mighty Blow, Slash, Leap Aside). Hero payoff = monster's loss - hero's loss:
    ///
    /// ```text
    ///              monster: MB   Slash  Leap
    ///   hero MB              0    +2     -1
    ///   hero Slash          -1     0     +1
    ///   hero Leap           +1    -1      0
    /// ```
    ///
    /// The same payoffs as the Revised matrix (Ranged = MB, Melee = Slash, Magic = Leap: the
    /// Revised Melee tie costs 2 each, which nets 0 as here). Full support: the monster must be
    /// indifferent, -p_s + p_l = 2 p_m - p_l = -p_m + p_s = v; the first and third give
    /// p_l = 2 p_s - p_m, the second then 3 p_m - 2 p_s = p_s - p_m, so p_s = 4/3 p_m and
    /// p_l = 5/3 p_m: p = (3, 4, 5)/12 and v = 1/12; likewise q = (4, 3, 5)/12.
    /// Sir Rohan (Mighty Blow against Slash 3): the second becomes 3 p_m - p_l, so 5 p_m =
    /// 3 p_s: p = (3, 5, 7)/15, q = (5, 3, 7)/15 and v = 2/15.
    #[test]
    fn classic_chart_equilibrium_matches_the_hand_derivation() {
        let rules = ClassicRules::embedded();
        let check = |hero: &str, h: [f64; 3], m: [f64; 3], v: f64| {
            let eq = solve(&classic_payoff(&rules, rules.hero_by_id(hero).unwrap()));
            for i in 0..3 {
                assert!(close(eq.hero[i], h[i]), "{hero} hero {:?}", eq.hero);
                assert!(close(eq.monster[i], m[i]), "{hero} monster {:?}", eq.monster);
            }
            assert!(close(eq.value, v), "{hero} value {}", eq.value);
        };
        check("ulf", [3.0 / 12.0, 4.0 / 12.0, 5.0 / 12.0], [4.0 / 12.0, 3.0 / 12.0, 5.0 / 12.0], 1.0 / 12.0);
        check("rohan", [3.0 / 15.0, 5.0 / 15.0, 7.0 / 15.0], [5.0 / 15.0, 3.0 / 15.0, 7.0 / 15.0], 2.0 / 15.0);
    }

    #[test]
    fn a_saddle_point_is_found_as_pure_strategies() {
        // Row 1 dominates and column 2 is the monster's best answer to it.
        let a = [[1.0, 2.0, 0.0], [3.0, 4.0, 2.0], [0.0, 1.0, -1.0]];
        let eq = solve(&a);
        assert_eq!(eq.hero, [0.0, 1.0, 0.0]);
        assert_eq!(eq.monster, [0.0, 0.0, 1.0]);
        assert!(close(eq.value, 2.0));
    }

    #[test]
    fn rock_paper_scissors_is_uniform() {
        let a = [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]];
        let eq = solve(&a);
        for i in 0..3 {
            assert!(close(eq.hero[i], 1.0 / 3.0) && close(eq.monster[i], 1.0 / 3.0));
        }
        assert!(close(eq.value, 0.0));
    }

    #[test]
    fn weights_sum_to_the_scale() {
        let w = weights([5.0 / 12.0, 4.0 / 12.0, 3.0 / 12.0]);
        assert_eq!(w.iter().sum::<u32>(), 1 << 24);
        assert_eq!(w[0], 6_990_507);
    }
}
