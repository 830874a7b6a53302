//! The settings that make one heuristic play as `greedy`, `cautious` or `mixed`.

use crate::dungeonquest::spec::BotKind;

/// How a hero answers a monster or an End Boss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CombatChoice {
    /// Attack every round (a ranged attack when he has Range: it never costs a life against a
    /// monster without the Range icon).
    Attack,
    /// Defend first (then attack with the bonus) when that costs fewer lives per wound dealt
    /// than attacking now.
    Defend,
    /// Whichever of attacking now and defending first (then attacking with the bonus) gives
    /// the better one-round balance of wounds dealt and lives lost.
    Mixed,
}

/// One heuristic's settings (see docs/bots.md, "Dealing Dungeons").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Style {
    pub combat: CombatChoice,
    /// Run from a monster at or below this many lives when the round is more likely lost
    /// than won and he can heal before meeting it again (0: never run).
    pub run_at: u8,
    /// Drink a potion at or below this many lives.
    pub heal_at: u8,
    /// Buy a life with 7 XP at or below this many lives; else save XP for a level (15).
    pub life_at: u8,
    /// Shoot from afar at a monster with the Range icon (a miss costs a life).
    pub shoot_ranged: bool,
    /// Worth of an In Hand card's Combat, Defend and Range points when equipping.
    pub weights: [i16; 3],
}

impl Style {
    /// The setting of a bot kind (`random` and `expert` have none: `None`).
    pub fn of(kind: BotKind) -> Option<Style> {
        Some(match kind {
            BotKind::Greedy => Style {
                combat: CombatChoice::Attack,
                run_at: 0,
                heal_at: 1,
                life_at: 1,
                shoot_ranged: true,
                weights: [3, 1, 2],
            },
            BotKind::Cautious => Style {
                combat: CombatChoice::Defend,
                run_at: 1,
                heal_at: 2,
                life_at: 1,
                shoot_ranged: false,
                weights: [2, 3, 1],
            },
            BotKind::Mixed => Style {
                combat: CombatChoice::Mixed,
                run_at: 1,
                heal_at: 1,
                life_at: 1,
                shoot_ranged: false,
                weights: [3, 2, 2],
            },
            BotKind::Random | BotKind::Expert => return None,
        })
    }
}
