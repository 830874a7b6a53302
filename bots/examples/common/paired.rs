//! The paired statistics the expert-against-base examples print: each game is played by the
//! base and by the expert from the same seed, and a row holds three figures of one seat.

/// Mean and 95% half-width of the paired differences `b - a` in column `k`.
pub fn paired(a: &[[f64; 3]], b: &[[f64; 3]], k: usize) -> (f64, f64) {
    let n = a.len() as f64;
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| y[k] - x[k]).collect();
    let mean = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// Mean of column `k`.
pub fn mean(a: &[[f64; 3]], k: usize) -> f64 {
    a.iter().map(|r| r[k]).sum::<f64>() / a.len() as f64
}
