//! One full game, solo and with four heroes, for each bot (criterion).
//!
//! `cargo bench -p dq-benches --bench games`. Before timing, each workload plays its first 64
//! games and checks their digest against the value recorded here, so an optimisation that
//! changes what the games do fails the benchmark instead of flattering it.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dq_benches::{play_batch, Workload};
use std::hint::black_box;

/// (bots, heroes, digest of games 0..64 at the bench seed). Re-recorded for the rules fixes
/// of issue 21, for the bots' valued plan of issue 24 and for its exit rules and circle
/// detection (session 14; see `bots/tests/golden.rs`; the random bot's games did not change,
/// nor cautious solo's first 64), and for the defaults moved onto the survival-gold frontier
/// (session 16, docs/bots.md "On the frontier"; the random bot's games did not change).
const WORKLOADS: [(&str, usize, u64); 8] = [
    ("greedy", 1, 0x7692_ea55_a66f_6414),
    ("cautious", 1, 0xf27c_55bc_12b8_dbea),
    ("mixed", 1, 0xb66b_5bc8_e4fc_5011),
    ("random", 1, 0x3a5a_2bfc_2c29_726d),
    ("greedy", 4, 0xdb5d_2ca1_0eb0_9329),
    ("cautious", 4, 0x8b28_917a_daa6_fcca),
    ("mixed", 4, 0xbb55_82fc_589e_cc6c),
    ("random", 4, 0x4138_87a4_01db_da1d),
];

fn full_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("game");
    group.throughput(Throughput::Elements(1));
    for (bots, heroes, digest) in WORKLOADS {
        let mut w = Workload::new(bots, heroes);
        let got = play_batch(&mut w, 0, 64);
        assert_eq!(got, digest, "{bots} x{heroes}: the first 64 games changed (digest {got:016x})");
        let mut i = 0u64;
        group.bench_function(format!("{bots}/{heroes}-heroes"), |b| {
            b.iter(|| {
                // Cycle through 4096 different games so no single dungeon is measured.
                let g = w.play(i & 4095);
                i += 1;
                black_box(g.round())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, full_games);
criterion_main!(benches);
