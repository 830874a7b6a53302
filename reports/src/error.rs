//! How report commands fail: the `dq` command line's own failure (one line; bad input exits 2,
//! a failure while working 1), so the report commands and the simulator fail alike.

use std::fmt;

pub use dq_sim::error::{bad, failed, Failure as Error};

/// The first line of an error's text: library errors (polars' among them) can span lines.
pub fn one_line(e: &dyn fmt::Display) -> String {
    let s = e.to_string();
    let line: Vec<&str> = s.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    line.join(" ")
}
