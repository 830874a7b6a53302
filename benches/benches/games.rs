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
/// nor cautious solo's first 64).
const WORKLOADS: [(&str, usize, u64); 8] = [
    ("greedy", 1, 0xff39_47cf_3198_6ac0),
    ("cautious", 1, 0x5325_b230_900f_144e),
    ("mixed", 1, 0xe9b9_5ed5_b8c1_e91c),
    ("random", 1, 0x3a5a_2bfc_2c29_726d),
    ("greedy", 4, 0x3a65_1ec5_be14_7451),
    ("cautious", 4, 0x7db0_5809_826a_cce1),
    ("mixed", 4, 0x22a2_b1ee_6164_798a),
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
