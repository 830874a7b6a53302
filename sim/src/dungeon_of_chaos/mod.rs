//! The Dungeon of Chaos' commands (issue 27): the family [`run::DungeonOfChaos`] that `dq run`
//! plays (`--game dungeon-of-chaos`), the table of adventurers and bots a run plays
//! ([`table`]), one row per seat per game and the run's integer tallies ([`outcome`]), its
//! results table ([`schema`]), its summary ([`summary`]), `dq replay` of one of its games
//! ([`replay`]) and its `dq bench` pass ([`mod@bench`]).
//!
//! Not yet: `dq duel`, `dq report`, `dq compare` and `dq sweep` of its files (each refused
//! with one line), and fixed profiles (the rules deal three to a seat, who chooses in play).

pub mod bench;
pub mod outcome;
pub mod replay;
pub mod run;
pub mod schema;
pub mod summary;
pub mod table;
