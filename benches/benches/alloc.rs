//! Heap allocations per full game, shown by divan's allocation profiler:
//! `cargo bench -p dq-benches --bench alloc`. Every row should read 0 allocations (the
//! counting-allocator test `bots/tests/no_alloc.rs` asserts it over 10,000 games; this bench
//! shows it next to the timings).

use dq_benches::Workload;
use std::cell::RefCell;

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

fn main() {
    divan::main();
}

const BOTS: [&str; 4] = ["greedy", "cautious", "mixed", "random"];

fn play(bencher: divan::Bencher, bots: &str, heroes: usize) {
    // The workload (rules, bots) is built before timing: only the games are measured.
    let w = RefCell::new(Workload::new(bots, heroes));
    let mut i = 0u64;
    bencher.bench_local(|| {
        i += 1;
        w.borrow_mut().play(i & 4095).round()
    });
}

#[divan::bench(args = BOTS)]
fn solo_game(bencher: divan::Bencher, bots: &str) {
    play(bencher, bots, 1);
}

#[divan::bench(args = BOTS)]
fn four_hero_game(bencher: divan::Bencher, bots: &str) {
    play(bencher, bots, 4);
}
