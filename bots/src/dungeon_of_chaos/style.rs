//! The settings that make one heuristic play as `greedy`, `cautious` or `mixed`.

use crate::dungeonquest::spec::BotKind;

/// One heuristic's settings (see docs/bots.md, "The Dungeon of Chaos").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Style {
    /// Head for town below this share of the starting Health, in percent (town restores, §14).
    pub town_below: u8,
    /// The deepest level (1-based) sought with no items; one level deeper for every
    /// `items_per_level` items carried, at most level 4.
    pub depth: u8,
    pub items_per_level: u8,
    /// Flee a fight when the expected rounds to fall, times this (in percent), are fewer than
    /// the rounds to win; 0 flees only when the next round may kill.
    pub flee_margin: u16,
    /// Go back for monsters waiting in a room only at this share of the starting Health or
    /// more, in percent (above 100: never).
    pub hunt_above: u8,
}

impl Style {
    /// The setting of a bot kind (`random` and `expert` have none: `None`).
    pub fn of(kind: BotKind) -> Option<Style> {
        Some(match kind {
            BotKind::Greedy => Style { town_below: 30, depth: 2, items_per_level: 3, flee_margin: 0, hunt_above: 80 },
            BotKind::Cautious => {
                Style { town_below: 60, depth: 1, items_per_level: 5, flee_margin: 150, hunt_above: 101 }
            }
            BotKind::Mixed => Style { town_below: 45, depth: 2, items_per_level: 4, flee_margin: 100, hunt_above: 100 },
            BotKind::Random | BotKind::Expert => return None,
        })
    }

    /// The deepest level (1-based) sought carrying `items` items.
    pub fn target_level(&self, items: usize) -> u8 {
        let extra = items / usize::from(self.items_per_level.max(1));
        (usize::from(self.depth) + extra).min(4) as u8
    }
}
