//! What every game family shares, written once: the seeded per-game random streams.

pub mod rng;
