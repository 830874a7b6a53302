//! What a results file says about itself (Parquet key-value metadata, keys prefixed `dq.`):
//! enough to know which code, data, seed and options produced it, and to reproduce it.

use crate::table::shell_word;

/// The git commit the binary was built from ("unknown" outside a repository).
pub const GIT_COMMIT: &str = env!("DQ_GIT_COMMIT");

/// The kind of build: "release", "debug", or "pgo" for the profile-guided build of
/// `scripts/pgo/build.sh` (whose games/s are higher for the same results), so that a
/// benchmark figure says what it was measured on.
pub const BUILD_KIND: &str = env!("DQ_BUILD_KIND");

/// How game seeds are derived (see `dq_engine::rng`): recorded so a file stays reproducible
/// even if a later version changed the scheme.
pub const SEED_SCHEME: &str =
    "splitmix64(master, game_index, stream) -> xoshiro256++ per stream (setup, dice, shuffle, bot)";

/// The command line as typed, each argument shell-quoted if needed.
pub fn command_line() -> String {
    let mut args = std::env::args_os().map(|a| shell_word(&a.to_string_lossy()));
    let mut s =
        args.next().map(|p| if p.ends_with("/dq") || p == "dq" { "dq".to_string() } else { p }).unwrap_or_default();
    for a in args {
        s.push(' ');
        s.push_str(&a);
    }
    s
}

/// A data hash as the 16 hex digits that the metadata and summaries show.
pub fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}

/// Builds `dq.`-prefixed key-value pairs.
#[derive(Default)]
pub struct Meta(pub Vec<(String, String)>);

impl Meta {
    /// Adds `dq.{key}` = `value`.
    pub fn put(&mut self, key: &str, value: impl ToString) -> &mut Self {
        self.0.push((format!("dq.{key}"), value.to_string()));
        self
    }
}
