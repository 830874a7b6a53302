//! The two interval figures the run summary prints (the reports crate builds the rest of its
//! statistics on them): kept here so `dq run` needs nothing of the reports' dependencies.

/// The 97.5% standard normal quantile, for 95% two-sided intervals.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval for `k` successes in `n` trials at normal quantile `z`.
/// With `n = 0` nothing is known: `(0, 1)`.
pub fn wilson(k: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p) = (n as f64, k as f64 / n as f64);
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / d;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
