//! Shared by the classic tests: the embedded files with one of them edited, lines, and the
//! combat display as the reference states it.

// Each test file that shares this module reads only part of it.
#![allow(dead_code)]

use dq_engine::dungeonquest::classic::data::Counter;
use dq_engine::dungeonquest::classic::rules::{ClassicRules, ClassicSources};
use dq_engine::rules::Source;

/// Loads the embedded files with `file` (one of the six) edited by `edit`; the error text.
pub fn broken(file: &str, edit: impl Fn(&str) -> String) -> String {
    let s = ClassicSources::embedded();
    let all = [s.heroes, s.combat, s.monsters, s.treasure, s.decks, s.tiles];
    let texts: Vec<String> =
        all.iter().map(|src| if src.name.ends_with(file) { edit(src.text) } else { src.text.to_string() }).collect();
    let src = |i: usize| Source { name: all[i].name, text: &texts[i] };
    let e = ClassicRules::load(ClassicSources {
        heroes: src(0),
        combat: src(1),
        monsters: src(2),
        treasure: src(3),
        decks: src(4),
        tiles: src(5),
    })
    .expect_err("the edit must be refused");
    e.to_string()
}

/// The line (1-based) of the first line of the embedded `file` holding `needle`.
pub fn line_of(file: &str, needle: &str) -> usize {
    let s = ClassicSources::embedded();
    let all = [s.heroes, s.combat, s.monsters, s.treasure, s.decks, s.tiles];
    let src = all.into_iter().find(|x| x.name.ends_with(file)).unwrap();
    src.text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

/// The combat display of reference 4.3: (hero's counter, monster's counter, LPs the hero
/// loses, LPs the monster loses).
pub const CHART: [(Counter, Counter, u8, u8); 9] = {
    use Counter::*;
    [
        (MightyBlow, MightyBlow, 1, 1),
        (MightyBlow, Slash, 0, 2),
        (MightyBlow, LeapAside, 1, 0),
        (Slash, MightyBlow, 1, 0),
        (Slash, Slash, 1, 1),
        (Slash, LeapAside, 0, 1),
        (LeapAside, MightyBlow, 0, 1),
        (LeapAside, Slash, 1, 0),
        (LeapAside, LeapAside, 1, 1),
    ]
};
