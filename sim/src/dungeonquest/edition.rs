//! Which rule data a command plays: an embedded edition, or an edition folder on disk (so a
//! game's owner can replace the estimated values without rebuilding). The FFG editions
//! (revised, third) load into [`Rules`]; the 1987 edition (classic) into [`ClassicRules`],
//! whose game differs in kind.

use crate::cli::DataArgs;
use crate::error::{bad, Failure};
use dq_engine::dungeonquest::classic::rules::ClassicSources;
use dq_engine::dungeonquest::classic::ClassicRules;
use dq_engine::{Edition, Rules, Source, Sources};
use std::path::Path;

/// The rules of the edition a command plays.
pub enum Loaded {
    /// Revised (2014) or third (2010).
    Ffg(Rules),
    /// The 1987 game.
    Classic(ClassicRules),
}

impl Loaded {
    /// The edition played.
    pub fn edition(&self) -> Edition {
        match self {
            Loaded::Ffg(r) => r.edition,
            Loaded::Classic(_) => Edition::Classic,
        }
    }
}

/// Loads the rules named by `--edition` / `--data`: a folder holding `monsters.ron` (a file
/// only the 1987 data has) is a classic folder.
pub fn load_any(args: &DataArgs) -> Result<Loaded, Failure> {
    if let Some(dir) = &args.data {
        if !dir.is_dir() {
            return Err(bad(format!("--data {}: not a folder", dir.display())));
        }
        return if dir.join("monsters.ron").is_file() {
            load_classic_dir(dir).map(Loaded::Classic)
        } else {
            load_dir(dir).map(Loaded::Ffg)
        };
    }
    let name = args.edition.as_deref().unwrap_or("revised");
    match Edition::from_name(name).map_err(|e| bad(e.to_string()))? {
        Edition::Revised => Ok(Loaded::Ffg(Rules::revised())),
        Edition::Third => Ok(Loaded::Ffg(Rules::third())),
        Edition::Classic => Ok(Loaded::Classic(ClassicRules::embedded())),
    }
}

/// Loads FFG rules for a command that plays only those, refusing the 1987 edition with
/// `why_not` (what the command would need of it).
pub fn load_ffg(args: &DataArgs, why_not: &str) -> Result<Rules, Failure> {
    match load_any(args)? {
        Loaded::Ffg(r) => Ok(r),
        Loaded::Classic(_) => Err(bad(why_not)),
    }
}

/// Reads `files` of `dir`: (path as shown in errors, text).
fn read_files(dir: &Path, files: &[&str]) -> Result<(Vec<String>, Vec<String>), Failure> {
    let mut names = Vec::with_capacity(files.len());
    let mut texts = Vec::with_capacity(files.len());
    for file in files {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).map_err(|e| bad(format!("cannot read {}: {e}", path.display())))?;
        names.push(path.display().to_string());
        texts.push(text);
    }
    Ok((names, texts))
}

/// Reads and validates the five files of an FFG edition folder. Errors name the file (and line).
fn load_dir(dir: &Path) -> Result<Rules, Failure> {
    let (names, texts) = read_files(dir, &Sources::FILES)?;
    let src = |i: usize| Source { name: &names[i], text: &texts[i] };
    let sources = Sources { game: src(0), heroes: src(1), tiles: src(2), decks: src(3), combat: src(4) };
    Rules::load(sources).map_err(|e| bad(e.to_string()))
}

/// Reads and validates the six files of a 1987 edition folder. Errors name the file (and line).
fn load_classic_dir(dir: &Path) -> Result<ClassicRules, Failure> {
    let (names, texts) = read_files(dir, &ClassicSources::FILES)?;
    let src = |i: usize| Source { name: &names[i], text: &texts[i] };
    let sources = ClassicSources {
        heroes: src(0),
        combat: src(1),
        monsters: src(2),
        treasure: src(3),
        decks: src(4),
        tiles: src(5),
    };
    ClassicRules::load(sources).map_err(|e| bad(e.to_string()))
}
