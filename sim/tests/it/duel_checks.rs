//! What the duel tests of every game hold their Monte Carlo figures to: rates and means
//! within 4 standard errors of the exact ones, over [`GAMES`] duels.

use serde_json::{Map, Value};

/// Duels per checked run.
pub const GAMES: u64 = 20_000;

/// A number of a JSON object, which must be there.
pub fn f(s: &Map<String, Value>, key: &str) -> f64 {
    s[key].as_f64().unwrap_or_else(|| panic!("{key} missing: {s:?}"))
}

/// A rate within 4 standard errors (from the exact p) of `want`.
pub fn rate_close(what: &str, got: f64, want: f64) {
    let se = (want * (1.0 - want) / GAMES as f64).sqrt().max(1.0 / GAMES as f64);
    assert!((got - want).abs() <= 4.0 * se, "{what}: {got} against exact {want} (se {se})");
}

/// A mean within 4 standard errors (from the run's own 95% interval) of `want`.
pub fn mean_close(what: &str, s: &Map<String, Value>, key: &str, want: f64) {
    let ci = s[&format!("{key}_ci95")].as_array().unwrap();
    let se = (ci[1].as_f64().unwrap() - ci[0].as_f64().unwrap()) / (2.0 * 1.96);
    let got = f(s, key);
    assert!((got - want).abs() <= 4.0 * se.max(1e-9), "{what}: {key} {got} against exact {want} (se {se})");
}
