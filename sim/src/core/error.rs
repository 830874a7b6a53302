//! How a command fails: one line on stderr and an exit code a script can test.

use std::process::ExitCode;

/// Why a command stopped without finishing.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// Bad input (arguments, data files, an unwritable output path): exit code 2.
    Bad(String),
    /// Something failed while working (e.g. the disk filled up): exit code 1.
    Failed(String),
    /// Stopped by Ctrl-C, SIGTERM or SIGHUP: exit code 128 + the signal (130, 143, 129), as
    /// shells report it.
    Interrupted(String),
}

impl Failure {
    /// The message, whichever kind.
    pub fn message(&self) -> &str {
        match self {
            Failure::Bad(m) | Failure::Failed(m) | Failure::Interrupted(m) => m,
        }
    }

    /// Prints the one-line message and gives the exit code.
    pub fn report(&self) -> ExitCode {
        let (msg, code) = match self {
            Failure::Bad(m) => (m, 2),
            Failure::Failed(m) => (m, 1),
            Failure::Interrupted(m) => (m, crate::pipeline::interrupt_code()),
        };
        // One line whatever the message holds: a multi-line error would break log greps.
        eprintln!("dq: {}", msg.replace('\n', " "));
        ExitCode::from(code)
    }
}

/// Shorthand for bad input.
pub fn bad(msg: impl Into<String>) -> Failure {
    Failure::Bad(msg.into())
}

/// Shorthand for a failure while working.
pub fn failed(msg: impl Into<String>) -> Failure {
    Failure::Failed(msg.into())
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Failure {}

/// Prints a result on stdout. A closed pipe (`dq replay … | head`) is not an error worth a
/// panic: the reader has what it wanted.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}
