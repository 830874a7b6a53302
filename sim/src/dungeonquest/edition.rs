//! Which rule data a command plays: an embedded edition, or an edition folder on disk (so a
//! game's owner can replace the estimated values without rebuilding).

use crate::cli::DataArgs;
use crate::error::{bad, Failure};
use dq_engine::{Rules, Source, Sources};
use std::path::Path;

/// Editions whose data is embedded in the binary.
pub const EDITIONS: [&str; 3] = ["revised", "third", "classic"];

/// The 1987 edition's name: its data loads apart (`dq_engine`'s classic module) and only
/// `dq duel` plays it until the whole game is built (issue 25).
pub const CLASSIC: &str = "classic";

/// Why a command other than `dq duel` refuses `--edition classic`.
pub const CLASSIC_ONLY_IN_DUEL: &str =
    "the 1987 edition (classic) plays only in `dq duel` so far; whole games come with issue 25";

/// Whether `--edition classic` was given.
pub fn is_classic(args: &DataArgs) -> bool {
    args.data.is_none() && args.edition.as_deref() == Some(CLASSIC)
}

/// Loads the rules named by `--edition` / `--data`.
pub fn load(args: &DataArgs) -> Result<Rules, Failure> {
    if let Some(dir) = &args.data {
        return load_dir(dir);
    }
    match args.edition.as_deref().unwrap_or("revised") {
        "revised" => Ok(Rules::revised()),
        "third" => Ok(Rules::third()),
        CLASSIC => Err(bad(CLASSIC_ONLY_IN_DUEL)),
        other => Err(bad(format!("unknown edition \"{other}\" (known: {})", EDITIONS.join(", ")))),
    }
}

/// Reads and validates the five files of an edition folder. Errors name the file (and line).
fn load_dir(dir: &Path) -> Result<Rules, Failure> {
    if !dir.is_dir() {
        return Err(bad(format!("--data {}: not a folder", dir.display())));
    }
    let mut names = Vec::with_capacity(5);
    let mut texts = Vec::with_capacity(5);
    for file in Sources::FILES {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).map_err(|e| bad(format!("cannot read {}: {e}", path.display())))?;
        names.push(path.display().to_string());
        texts.push(text);
    }
    let src = |i: usize| Source { name: &names[i], text: &texts[i] };
    let sources = Sources { game: src(0), heroes: src(1), tiles: src(2), decks: src(3), combat: src(4) };
    Rules::load(sources).map_err(|e| bad(e.to_string()))
}
