//! Benchmarks of the engine and bots live in `benches/benches/` (the Performance issue adds the
//! criterion and allocation benches). This library holds what they share.

/// The workload every full-game benchmark plays: game `index` of a run with this seed.
pub const BENCH_SEED: u64 = 42;
