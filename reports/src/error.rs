//! How report commands fail: a one-line message and whether the input or the work was at
//! fault, so the `dq` binary can map it to its exit codes (2 bad input, 1 failure).

use std::fmt;

/// Why a report, comparison or sweep configuration could not be produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Bad input: a missing or foreign file, a schema mismatch, a bad option or config.
    Bad(String),
    /// Something failed while working (a query, a write).
    Failed(String),
}

impl Error {
    /// The message, whichever kind.
    pub fn message(&self) -> &str {
        match self {
            Error::Bad(m) | Error::Failed(m) => m,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

/// Shorthand for bad input.
pub fn bad(msg: impl Into<String>) -> Error {
    Error::Bad(msg.into())
}

/// Shorthand for a failure while working.
pub fn failed(msg: impl Into<String>) -> Error {
    Error::Failed(msg.into())
}

/// The first line of an error's text: library errors (polars' among them) can span lines.
pub fn one_line(e: &dyn fmt::Display) -> String {
    let s = e.to_string();
    let line: Vec<&str> = s.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    line.join(" ")
}
