//! The progress bar of long runs: games done, rate and ETA on stderr, one tick per chunk.
//! Hidden with `--quiet` or when stderr is not a terminal (logs and pipes stay clean).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A bar over `total` games, or a hidden one.
pub fn bar(total: u64, quiet: bool) -> ProgressBar {
    styled(Some(total), quiet, "{bar:40} {human_pos}/{human_len} games  {rate}  ETA {eta}")
}

/// A counter of games for a run whose length is not known in advance (`--precision`): games
/// done and their rate, with `note` after them.
pub fn open_bar(quiet: bool, note: &str) -> ProgressBar {
    styled(None, quiet, &format!("{{human_pos}} games  {{rate}}  {note}"))
}

fn styled(total: Option<u64>, quiet: bool, template: &str) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr_with_hz(4));
    // The rate as a whole number of games per second (indicatif's own prints four decimals).
    let style = ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()).with_key(
        "rate",
        |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0} games/s", s.per_sec());
        },
    );
    bar.set_style(style);
    bar
}
