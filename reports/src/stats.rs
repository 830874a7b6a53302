//! Interval estimates and tests computed from integer counts at report time.
//!
//! Every function here takes counts (successes, trials, discordant pairs, histograms of
//! integer values), never running float sums, so the same data gives the same figures
//! whatever order the counts were added in.

use statrs::function::beta::{beta_reg, inv_beta_reg};
use statrs::function::erf::erfc;
use std::collections::BTreeMap;

pub use dq_sim::interval::{wilson, Z95};

/// Clopper–Pearson ("exact") interval for `k` successes in `n` trials at confidence
/// `1 - alpha`: the beta quantiles that bound every binomial p not rejected by a two-sided
/// exact test. Conservative where Wilson is approximate, so a report shows both.
pub fn clopper_pearson(k: u64, n: u64, alpha: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (kf, nf) = (k as f64, n as f64);
    let lo = if k == 0 { 0.0 } else { inv_beta_reg(kf, nf - kf + 1.0, alpha / 2.0) };
    let hi = if k == n { 1.0 } else { inv_beta_reg(kf + 1.0, nf - kf, 1.0 - alpha / 2.0) };
    (lo.clamp(0.0, 1.0), hi.clamp(0.0, 1.0))
}

/// P(|Z| >= |z|) for a standard normal Z: the two-sided p-value of a z statistic.
pub fn normal_two_sided_p(z: f64) -> f64 {
    if !z.is_finite() {
        return if z.is_nan() { 1.0 } else { 0.0 };
    }
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// P(X <= k) for X ~ Binomial(n, 1/2).
pub fn binomial_half_cdf(k: u64, n: u64) -> f64 {
    if k >= n {
        return 1.0;
    }
    // P(X <= k) = I_{1/2}(n - k, k + 1), the regularized incomplete beta function.
    beta_reg((n - k) as f64, (k + 1) as f64, 0.5)
}

/// Exact McNemar test of paired binary outcomes: two-sided p-value of the discordant pairs
/// (`a_only` pairs where only the first outcome is a success, `b_only` the reverse) under
/// the null that both directions are equally likely. No discordant pair gives `p = 1`.
pub fn mcnemar_exact(a_only: u64, b_only: u64) -> f64 {
    let n = a_only + b_only;
    if n == 0 {
        return 1.0;
    }
    (2.0 * binomial_half_cdf(a_only.min(b_only), n)).min(1.0)
}

/// Two-sided p-value of the pooled two-proportion z-test of `k1/n1` against `k2/n2`
/// (independent samples). Without variance (both rates 0 or both 1, or an empty side)
/// nothing can be rejected: `p = 1`.
pub fn two_proportion_p(k1: u64, n1: u64, k2: u64, n2: u64) -> f64 {
    if n1 == 0 || n2 == 0 {
        return 1.0;
    }
    let (p1, p2) = (k1 as f64 / n1 as f64, k2 as f64 / n2 as f64);
    let pooled = (k1 + k2) as f64 / (n1 + n2) as f64;
    let var = pooled * (1.0 - pooled) * (1.0 / n1 as f64 + 1.0 / n2 as f64);
    if var <= 0.0 {
        return 1.0;
    }
    normal_two_sided_p((p2 - p1) / var.sqrt())
}

/// 95% interval of `k2/n2 - k1/n1` for independent samples: Newcombe's hybrid score
/// interval (method 10), built from the two Wilson intervals, which keeps its coverage
/// near the boundaries where the Wald interval does not.
pub fn newcombe_diff(k1: u64, n1: u64, k2: u64, n2: u64) -> (f64, f64) {
    let p = |k: u64, n: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    let (p1, p2) = (p(k1, n1), p(k2, n2));
    let (l1, u1) = wilson(k1, n1, Z95);
    let (l2, u2) = wilson(k2, n2, Z95);
    let d = p2 - p1;
    let lo = d - ((p2 - l2).powi(2) + (u1 - p1).powi(2)).sqrt();
    let hi = d + ((u2 - p2).powi(2) + (p1 - l1).powi(2)).sqrt();
    (lo.max(-1.0), hi.min(1.0))
}

/// Difference of paired proportions `(b_only - a_only) / pairs` (the second rate minus the
/// first) with its 95% Wald interval from the discordant counts. No discordant pair gives
/// exactly `(0, 0, 0)`.
pub fn paired_diff(a_only: u64, b_only: u64, pairs: u64) -> (f64, f64, f64) {
    if pairs == 0 {
        return (0.0, -1.0, 1.0);
    }
    let n = pairs as f64;
    let diff = (b_only as f64 - a_only as f64) / n;
    // Var = ((a + b) - (b - a)^2 / n) / n^2, with the numerator in integers.
    let disc = (a_only + b_only) as i128;
    let net = b_only as i128 - a_only as i128;
    let num = (disc * pairs as i128 - net * net) as f64 / n;
    let half = Z95 * (num.max(0.0)).sqrt() / n;
    (diff, (diff - half).max(-1.0), (diff + half).min(1.0))
}

/// Count, sum and sum of squares of integer values, exact in `i128`: the source of means and
/// variances.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moments {
    pub n: u64,
    pub sum: i128,
    pub sum_sq: i128,
}

impl Moments {
    /// The moments of a histogram (value -> count).
    pub fn of(hist: &BTreeMap<i64, u64>) -> Moments {
        let mut m = Moments::default();
        for (&v, &c) in hist {
            m.add(v, c);
        }
        m
    }

    /// Adds `count` copies of `value`.
    pub fn add(&mut self, value: i64, count: u64) {
        self.n += count;
        self.sum += value as i128 * count as i128;
        self.sum_sq += (value as i128) * (value as i128) * count as i128;
    }

    /// The mean, `None` when empty.
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum as f64 / self.n as f64)
    }

    /// The sample variance (n - 1 denominator); 0 for a single value.
    pub fn variance(&self) -> Option<f64> {
        match self.n {
            0 => None,
            1 => Some(0.0),
            n => {
                // (n Σx² - (Σx)²) / (n (n - 1)), numerator exact in integers.
                let num = self.sum_sq * n as i128 - self.sum * self.sum;
                Some(num as f64 / (n as f64 * (n as f64 - 1.0)))
            }
        }
    }

    /// The mean with its 95% normal interval.
    pub fn mean_ci95(&self) -> Option<(f64, f64, f64)> {
        let mean = self.mean()?;
        let half = Z95 * (self.variance()? / self.n as f64).sqrt();
        Some((mean, mean - half, mean + half))
    }
}

/// Difference of two independent means (`b - a`) with its 95% Welch (unpooled normal)
/// interval.
pub fn welch_diff(a: &Moments, b: &Moments) -> Option<(f64, f64, f64)> {
    let (ma, mb) = (a.mean()?, b.mean()?);
    let se = (a.variance()? / a.n as f64 + b.variance()? / b.n as f64).sqrt();
    let d = mb - ma;
    Some((d, d - Z95 * se, d + Z95 * se))
}

/// The nearest-rank `num/den` quantile of a histogram: the smallest value `v` with at least
/// `ceil(n * num / den)` observations `<= v` (always a value that occurs in the data; the
/// median of an even count is the lower middle value). `None` when empty.
pub fn quantile(hist: &BTreeMap<i64, u64>, num: u64, den: u64) -> Option<i64> {
    let n: u64 = hist.values().sum();
    if n == 0 {
        return None;
    }
    let rank = ((n as u128 * num as u128).div_ceil(den as u128) as u64).max(1);
    let mut seen = 0u64;
    for (&v, &c) in hist {
        seen += c;
        if seen >= rank {
            return Some(v);
        }
    }
    hist.keys().next_back().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn wilson_known_values() {
        let (lo, hi) = wilson(37, 100, Z95);
        assert!(close(lo, 0.28182, 5e-6) && close(hi, 0.46779, 5e-6), "{lo} {hi}");
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
        let (lo, hi) = wilson(0, 10, Z95);
        assert_eq!(lo, 0.0);
        assert!(close(hi, 0.27753, 5e-5), "{hi}");
    }

    #[test]
    fn clopper_pearson_known_values() {
        let (lo, hi) = clopper_pearson(37, 100, 0.05);
        assert!(close(lo, 0.27557, 5e-6) && close(hi, 0.47235, 5e-6), "{lo} {hi}");
        // k = 0: the upper bound is 1 - (alpha/2)^(1/n).
        let (lo, hi) = clopper_pearson(0, 10, 0.05);
        assert_eq!(lo, 0.0);
        assert!(close(hi, 1.0 - 0.025f64.powf(0.1), 1e-9), "{hi}");
        let (lo, hi) = clopper_pearson(10, 10, 0.05);
        assert!(close(lo, 0.025f64.powf(0.1), 1e-9) && hi == 1.0, "{lo}");
        // 1 in 2: (0.01258, 0.98742).
        let (lo, hi) = clopper_pearson(1, 2, 0.05);
        assert!(close(lo, 0.012579, 5e-6) && close(hi, 0.987421, 5e-6), "{lo} {hi}");
        assert_eq!(clopper_pearson(0, 0, 0.05), (0.0, 1.0));
        // Exact is wider than Wilson.
        let (wl, wh) = wilson(37, 100, Z95);
        let (cl, ch) = clopper_pearson(37, 100, 0.05);
        assert!(cl < wl && ch > wh);
    }

    #[test]
    fn binomial_and_mcnemar_known_values() {
        // P(X <= 2), X ~ Bin(10, 1/2) = 56/1024.
        assert!(close(binomial_half_cdf(2, 10), 56.0 / 1024.0, 1e-12));
        assert_eq!(binomial_half_cdf(10, 10), 1.0);
        // 2 against 10 discordant pairs: 2 * 79/4096 = 0.038574...
        assert!(close(mcnemar_exact(2, 10), 2.0 * 79.0 / 4096.0, 1e-12), "{}", mcnemar_exact(2, 10));
        assert_eq!(mcnemar_exact(10, 2), mcnemar_exact(2, 10));
        assert_eq!(mcnemar_exact(0, 0), 1.0);
        assert_eq!(mcnemar_exact(5, 5), 1.0);
        assert!(mcnemar_exact(0, 30) < 1e-8);
    }

    #[test]
    fn normal_and_two_proportion_known_values() {
        assert!(close(normal_two_sided_p(1.959_963_984_540_054), 0.05, 1e-9));
        assert!(close(normal_two_sided_p(-2.575_829_303_548_9), 0.01, 1e-9));
        assert_eq!(normal_two_sided_p(0.0), 1.0);
        // 45/100 against 60/100: z = 0.15 / sqrt(0.525 * 0.475 * 0.02) = 2.12398, p = 0.033672.
        let p = two_proportion_p(45, 100, 60, 100);
        assert!(close(p, 0.033_672, 5e-6), "{p}");
        assert_eq!(two_proportion_p(0, 50, 0, 70), 1.0);
        assert_eq!(two_proportion_p(3, 0, 1, 5), 1.0);
    }

    #[test]
    fn newcombe_known_values() {
        // Newcombe (1998), example (a): 56/70 against 48/80: p1 - p2 = 0.2, 95% CI
        // 0.0524 to 0.3339. Here the difference is second minus first, so swap the sides.
        let (lo, hi) = newcombe_diff(48, 80, 56, 70);
        assert!(close(lo, 0.0524, 5e-5) && close(hi, 0.3339, 5e-5), "{lo} {hi}");
        let (lo, hi) = newcombe_diff(30, 100, 30, 100);
        assert!(lo < 0.0 && hi > 0.0 && close(lo, -hi, 1e-12));
    }

    #[test]
    fn paired_difference() {
        assert_eq!(paired_diff(0, 0, 500), (0.0, 0.0, 0.0));
        // 10 pairs only the first succeeded, 30 only the second, of 200: diff 0.1,
        // var = (40 - 400/200) / 200^2 = 38/40000, half = 1.96 * 0.030822.
        let (d, lo, hi) = paired_diff(10, 30, 200);
        assert!(close(d, 0.1, 1e-12));
        let half = Z95 * (38.0f64 / 40_000.0).sqrt();
        assert!(close(lo, 0.1 - half, 1e-12) && close(hi, 0.1 + half, 1e-12));
    }

    #[test]
    fn moments_and_quantiles() {
        let hist: BTreeMap<i64, u64> = [(1, 2), (3, 1), (10, 1)].into_iter().collect();
        let m = Moments::of(&hist);
        assert_eq!((m.n, m.sum, m.sum_sq), (4, 15, 111));
        assert_eq!(m.mean(), Some(3.75));
        // Values 1 1 3 10: variance (111 - 15^2/4) / 3 = 18.25.
        assert!(close(m.variance().unwrap(), 18.25, 1e-12));
        assert_eq!(quantile(&hist, 1, 2), Some(1)); // lower middle of 1 1 3 10
        assert_eq!(quantile(&hist, 3, 4), Some(3));
        assert_eq!(quantile(&hist, 9, 10), Some(10));
        assert_eq!(quantile(&hist, 0, 1), Some(1));
        assert_eq!(quantile(&BTreeMap::new(), 1, 2), None);
        let a = Moments::of(&[(0, 50), (10, 50)].into_iter().collect());
        let b = Moments::of(&[(2, 50), (12, 50)].into_iter().collect());
        let (d, lo, hi) = welch_diff(&a, &b).unwrap();
        assert!(close(d, 2.0, 1e-12) && close(hi - d, d - lo, 1e-9));
        assert_eq!(Moments::default().mean_ci95(), None);
    }
}
