//! The progress bar of long runs: games done, rate and ETA on stderr, one tick per chunk.
//! Hidden with `--quiet` or when stderr is not a terminal (logs and pipes stay clean).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A bar over `total` games, or a hidden one.
pub fn bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(4));
    let style = ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} games  {per_sec}  ETA {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}
