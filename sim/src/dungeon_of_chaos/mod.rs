//! The Dungeon of Chaos' commands (issue 27): the family [`run::DungeonOfChaos`] that `dq run`
//! plays (`--game dungeon-of-chaos`), the table of adventurers and bots a run plays
//! ([`table`]), one row per seat per game and the run's integer tallies ([`outcome`]), its
//! results table ([`schema`]), its summary ([`summary`]), `dq replay` of one of its games
//! ([`replay`]), its `dq bench` pass ([`mod@bench`]) and `dq duel` ([`duel`]: one fight, with
//! its exact odds where it is a chain). `dq report`, `dq compare` and `dq sweep` of its files
//! are `dq-reports`' (reports/src/dungeon_of_chaos.rs).
//!
//! Not yet: fixed profiles in a run (the rules deal three to a seat, who chooses in play).

pub mod bench;
pub mod duel;
pub mod outcome;
pub mod replay;
pub mod run;
pub mod schema;
pub mod summary;
pub mod table;
