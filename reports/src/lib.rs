//! Reports over `dq run` results files: statistics with intervals, variant comparisons,
//! sweep grids, charts and a self-contained HTML page.
//!
//! Analysis runs on polars lazy frames here and nowhere else, so the simulation never
//! depends on it; results files are read into them with the arrow-rs Parquet reader
//! ([`load`]). Queries reduce the rows to integer counts and histograms
//! ([`analysis`], [`compare`]); every rate, interval and quantile is derived from those
//! integers at report time ([`stats`], [`summary`]), so figures do not depend on thread
//! counts or file order.
//!
//! - [`spec`]: what a family's report is made of ([`dungeonquest`] declares DungeonQuest's,
//!   [`dealing_dungeons`] Dealing Dungeons', [`dungeon_of_chaos`] The Dungeon of Chaos');
//! - [`report`]: `dq report`, the folder with `index.html`, `summary.md`, `summary.json`
//!   and the charts;
//! - [`compare`]: `dq compare`, paired (common random numbers) or unpaired differences;
//! - [`sweep_config`]: the grid of `dq sweep`;
//! - [`commands`]: the `report`, `compare` and `sweep` subcommands of the `dq-reports` binary,
//!   to which `dq` hands them (so that `dq run` is built without polars).

pub mod analysis;
pub mod charts;
pub mod commands;
pub mod compare;
pub mod dealing_dungeons;
pub mod dungeon_of_chaos;
pub mod dungeonquest;
pub mod effects;
pub mod error;
pub mod hero_games;
pub mod html;
pub mod input;
pub mod load;
pub mod markdown;
pub mod report;
pub mod scan;
pub mod spec;
pub mod stats;
pub mod summary;
pub mod sweep_config;
pub mod tables;

pub use error::Error;
pub use stats::{wilson, Z95};
