//! Small dense linear systems, for the exact Markov chains of fights (`exact.rs` of each
//! family): not for the hot loop.

/// Gauss–Jordan elimination with partial pivoting of the `n` × `n` system in the first `n`
/// columns of `a`, the right-hand sides after them; the solutions are left in those columns.
/// A pivot of (nearly) zero is skipped, leaving its unknown undetermined (a chain's state that
/// never ends).
pub fn gauss_jordan(a: &mut [Vec<f64>], n: usize) {
    for c in 0..n {
        let piv = (c..n).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs())).unwrap_or(c);
        a.swap(c, piv);
        let d = a[c][c];
        if d.abs() < 1e-300 {
            continue;
        }
        for x in a[c][c..].iter_mut() {
            *x /= d;
        }
        let pivot = a[c].clone();
        for (r, row) in a.iter_mut().enumerate() {
            let f = row[c];
            if r != c && f != 0.0 {
                for (x, p) in row[c..].iter_mut().zip(&pivot[c..]) {
                    *x -= f * p;
                }
            }
        }
    }
}
