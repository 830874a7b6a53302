//! Tests of the data, the loader and the fights (`cargo test -p dq-engine dealing`).

mod combat;
mod data;
mod game_chaos;
mod game_coop;
mod game_fuzz;
mod game_modes;
mod game_rules;
