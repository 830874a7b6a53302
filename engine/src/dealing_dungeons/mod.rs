//! Dealing Dungeons (Dark Keep Games, 2021; issue 26): each player builds a dungeon of room
//! cards, fights Encounter cards with Fight / Defend / Run and faces an End Boss on 3D6.
//!
//! This first slice holds the data and the fights: the data of `data/dealing_dungeons/` with
//! its loader ([`data`], [`rules`]: every card list is a documented estimate, the rulebook's
//! numbers and examples kept), one monster encounter and one End Boss fight as small states
//! driven by answers ([`combat`]), and the exact odds of a fight under a fixed policy
//! ([`exact`]). The second slice is the Standard-mode game as a `DecisionGame` ([`game`]);
//! the other modes, the optional rules and the bots come next.

pub mod combat;
pub mod data;
pub mod exact;
pub mod game;
pub mod rules;

pub use combat::{
    Answer, BossAnswer, BossFight, BossFoe, BossOutcome, BossPending, Dice, Fighter, Foe, MonsterFight, Outcome,
    Pending, RoundResult, Setting, Stacked,
};
pub use rules::{DealingRules, DealingSources};

#[cfg(test)]
mod tests;
