//! DungeonQuest's bots: the strategic policies and their path maps, the monster player, the
//! table of policies a game is played with, and playing a game of a run with them.

mod circles;
pub mod classic;
pub mod equilibrium;
pub mod expert;
pub mod maps;
pub mod monster;
pub mod path;
mod play;
pub mod players;
#[cfg(test)]
mod random_play;
pub mod spec;
pub mod strategic;
pub mod third;
pub mod value;

pub use play::{play, play_duel, play_into};
pub use players::{Bot, Players};
pub use spec::{BotKind, BotSpec, MonsterSpec, Params, SpecError};
