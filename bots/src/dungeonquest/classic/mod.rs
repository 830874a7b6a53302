//! The bots of the 1987 edition (`classic`, issue 25).
//!
//! - `fight.rs`: one monster combat: the hero's reaction, bow and counters ([`ClassicHero`]),
//!   the monster player's counters ([`ClassicMonster`]), the exact odds of an encounter;
//! - `route.rs`: the board as a graph of laid tiles and unexplored spaces, and the distance
//!   maps (in tenths of a turn) to the Treasure Chamber and to the towers;
//! - `plan.rs`: a whole-game hero policy (`greedy`, `cautious`, `mixed`) over those maps;
//! - `players.rs`: [`ClassicPlayers`], a policy per seat plus the monster player, and
//!   [`play_classic_into`].
//!
//! How each policy plays is in docs/bots.md ("Classic (1987)").

mod fight;
mod plan;
mod players;
mod route;

pub use fight::*;
pub use players::{play_classic_into, play_classic_noting, ClassicPlayers};
pub use route::{RouteMaps, UNREACHED};
