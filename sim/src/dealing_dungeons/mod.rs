//! Dealing Dungeons' commands (issue 26): the family [`run::DealingDungeons`] that `dq run`
//! plays (`--game dealing-dungeons`), the table of heroes and bots a run plays ([`table`]),
//! one row per seat per game and the run's integer tallies ([`outcome`]), its results table
//! ([`schema`]), its summary ([`summary`]), `dq replay` of one of its games ([`replay`]) and
//! its `dq bench` pass ([`mod@bench`]), and `dq duel` of one encounter or End Boss fight with
//! its exact odds ([`duel`]).
//!
//! Only the Standard mode plays yet (`--mode standard`); the other modes are refused with one
//! line until the engine plays them.

pub mod bench;
pub mod duel;
pub mod outcome;
pub mod replay;
pub mod run;
pub mod schema;
pub mod summary;
pub mod table;
