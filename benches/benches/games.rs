//! One full game, solo and with four heroes, for each bot (criterion).
//!
//! `cargo bench -p dq-benches --bench games`. Before timing, each workload plays its first 64
//! games and checks their digest against the value recorded here, so an optimisation that
//! changes what the games do fails the benchmark instead of flattering it.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dq_benches::{play_batch, Workload};
use std::hint::black_box;

/// (bots, heroes, digest of games 0..64 at the bench seed).
const WORKLOADS: [(&str, usize, u64); 8] = [
    ("greedy", 1, 0x872a_1575_9bdb_2d69),
    ("cautious", 1, 0x5e97_378f_bad3_e56b),
    ("mixed", 1, 0xbe04_59c6_0f8f_2600),
    ("random", 1, 0xf1d1_ee43_f873_79ae),
    ("greedy", 4, 0x37bb_a190_ab0d_fe81),
    ("cautious", 4, 0x07e5_ea68_9a97_b40c),
    ("mixed", 4, 0xffea_75a4_7611_9f04),
    ("random", 4, 0xecbd_ec83_e3e6_37c2),
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
