//! Chunks of games played on a thread pool and handed back in chunk order.
//!
//! Workers claim chunk numbers from a counter and fill a buffer each; the calling thread
//! receives the buffers and drains them strictly in chunk order (writing Parquet, adding
//! tallies), then recycles them. At most `window` chunks are in flight, so memory stays
//! bounded however long the run; since chunks are drained in order and every game depends
//! only on (seed, index), the output is the same for any number of threads.

use crate::error::Failure;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{mpsc, Condvar, Mutex};
use std::time::Duration;

/// Set by Ctrl-C, SIGTERM or SIGHUP (and by a failing drain): workers stop taking chunks.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// The signal that asked the run to stop (0: none yet), for the exit code.
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// The exit code of a run stopped by a signal: 128 + the signal's number, as shells report
/// it (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP; 130 if no signal was seen).
pub fn interrupt_code() -> u8 {
    match SIGNAL.load(Ordering::SeqCst) {
        s @ 1..=127 => 128 + s as u8,
        _ => 130,
    }
}

/// Whether the run was asked to stop.
pub fn stopping() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Installs the handlers for Ctrl-C (SIGINT), SIGTERM and SIGHUP once: they only note the
/// signal and raise [`STOP`], so the run ends at a chunk boundary and the caller cleans up
/// (removes the temporary output) before exiting. Why all three: Slurm's cancel, a pod's
/// deletion and `timeout` send SIGTERM, a closed terminal SIGHUP.
pub fn catch_ctrl_c() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            // SAFETY: the action only stores to two atomics, which is async-signal-safe.
            // If a handler cannot be installed the default (immediate exit) stays.
            let _ = unsafe {
                signal_hook::low_level::register(sig, move || {
                    let _ = SIGNAL.compare_exchange(0, sig, Ordering::SeqCst, Ordering::SeqCst);
                    STOP.store(true, Ordering::SeqCst);
                })
            };
        }
    });
}

struct Shared<B> {
    /// Chunks drained so far (chunk numbers below this are done).
    drained: u64,
    /// Buffers back from the drain, ready for reuse.
    free: Vec<B>,
    /// A worker panicked or the drain failed: everybody stops.
    abort: bool,
}

/// Raises `abort` if a worker or the drain unwinds, so nobody waits forever for it.
struct AbortOnPanic<'a, B>(&'a Mutex<Shared<B>>, &'a Condvar);

impl<B> Drop for AbortOnPanic<'_, B> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            if let Ok(mut g) = self.0.lock() {
                g.abort = true;
            }
            self.1.notify_all();
        }
    }
}

/// What the drain says after a chunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on with the next chunk.
    More,
    /// This chunk was the last one wanted (e.g. a precision reached): the chunks after it are
    /// not drained. Decided in chunk order, so the stop does not depend on the threads.
    Enough,
}

/// How [`run`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every chunk was drained.
    All,
    /// The drain said [`Flow::Enough`] after this many chunks.
    Enough(u64),
    /// Stopped by a signal.
    Interrupted,
}

/// Fills chunks `0..chunks` on `threads` workers and drains them in order on this thread.
///
/// - `worker()` builds one worker's reusable state (e.g. its bots);
/// - `fill(state, chunk, buf)` plays a chunk into `buf` (cleared by `fill` itself); it returns
///   `false` if it stopped early because of [`STOP`];
/// - `drain(chunk, buf)` consumes a filled buffer, in chunk order, and says whether more are
///   wanted.
pub fn run<W, B, FW, FB, FF, FD>(
    threads: usize,
    chunks: u64,
    worker: FW,
    new_buf: FB,
    fill: FF,
    mut drain: FD,
) -> Result<Ended, Failure>
where
    B: Send,
    FW: Fn() -> W + Sync,
    FB: Fn() -> B + Sync,
    FF: Fn(&mut W, u64, &mut B) -> bool + Sync,
    FD: FnMut(u64, &mut B) -> Result<Flow, Failure>,
{
    let threads = threads.max(1);
    let window = 4 * threads as u64 + 4;
    let next = AtomicU64::new(0);
    let shared = Mutex::new(Shared { drained: 0, free: Vec::new(), abort: false });
    let cv = Condvar::new();
    let (tx, rx) = mpsc::channel::<(u64, B)>();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("dq-worker-{i}"))
        .build()
        .map_err(|e| Failure::Failed(format!("cannot start {threads} threads: {e}")))?;

    let mut result = Ok(());
    let mut enough = false;
    let mut drained = 0u64;
    pool.in_place_scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, shared, cv, worker, new_buf, fill) = (&next, &shared, &cv, &worker, &new_buf, &fill);
            scope.spawn(move |_| {
                let _guard = AbortOnPanic(shared, cv);
                let mut state = worker();
                loop {
                    if stopping() {
                        return;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= chunks {
                        return;
                    }
                    let recycled = {
                        let mut g = shared.lock().expect("no panic while locked");
                        while k >= g.drained + window && !g.abort && !stopping() {
                            g = cv.wait_timeout(g, Duration::from_millis(50)).expect("no panic while locked").0;
                        }
                        if g.abort || stopping() {
                            return;
                        }
                        g.free.pop()
                    };
                    let mut buf = recycled.unwrap_or_else(new_buf);
                    if !fill(&mut state, k, &mut buf) || tx.send((k, buf)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);

        // Drain in order; out-of-order arrivals wait in `pending` (at most `window` of them).
        // A panic while draining must release the workers too, or the scope would wait forever.
        let _guard = AbortOnPanic(&shared, &cv);
        let mut pending: Vec<(u64, B)> = Vec::new();
        for (k, buf) in rx {
            pending.push((k, buf));
            while let Some(i) = pending.iter().position(|(k, _)| *k == drained) {
                let (_, mut buf) = pending.swap_remove(i);
                if result.is_ok() && !enough {
                    match drain(drained, &mut buf) {
                        Ok(flow) => enough = flow == Flow::Enough,
                        Err(e) => result = Err(e),
                    }
                    drained += 1;
                }
                let mut g = shared.lock().expect("no panic while locked");
                g.drained = drained;
                g.free.push(buf);
                if result.is_err() || enough {
                    g.abort = true;
                }
                drop(g);
                cv.notify_all();
            }
        }
    });
    result?;
    if enough {
        Ok(Ended::Enough(drained))
    } else if drained == chunks {
        Ok(Ended::All)
    } else if stopping() {
        Ok(Ended::Interrupted)
    } else {
        // Only a worker panic gets here, and in_place_scope re-raises it before this point.
        Err(Failure::Failed(format!("only {drained} of {chunks} chunks finished")))
    }
}

/// The chunks of a game range: chunk `k` is the part of `range` in the `k`-th multiple of
/// `size` games (the plan's, [`crate::cli::CHUNK`] unless a seat searches) from the one holding
/// `range.start`.
pub fn chunks(range: &Range<u64>, size: u64) -> (u64, impl Fn(u64) -> Range<u64> + Sync + '_) {
    let size = size.max(1);
    let first = range.start / size;
    let n = if range.is_empty() { 0 } else { range.end.div_ceil(size) - first };
    let at = move |k: u64| {
        let base = (first + k).saturating_mul(size);
        base.max(range.start)..base.saturating_add(size).min(range.end)
    };
    (n, at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::CHUNK;

    #[test]
    fn drains_in_order_for_any_thread_count() {
        for threads in [1, 2, 5] {
            let mut seen = Vec::new();
            let done = run(
                threads,
                100,
                || 0u64,
                Vec::<u64>::new,
                |count, k, buf| {
                    *count += 1;
                    buf.clear();
                    // Uneven work so chunks finish out of order.
                    let spin = (k * 7919) % 13;
                    buf.extend((0..3).map(|j| k * 10 + j));
                    std::thread::sleep(Duration::from_micros(spin * 20));
                    true
                },
                |k, buf| {
                    assert_eq!(buf[0], k * 10);
                    seen.push(k);
                    Ok(Flow::More)
                },
            )
            .unwrap();
            assert_eq!(done, Ended::All);
            assert_eq!(seen, (0..100).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn enough_stops_after_that_chunk_for_any_thread_count() {
        for threads in [1, 2, 5] {
            let mut seen = Vec::new();
            let ended = run(
                threads,
                1000,
                || (),
                || 0u64,
                |_, k, buf| {
                    *buf = k;
                    true
                },
                |k, buf| {
                    assert_eq!(*buf, k);
                    seen.push(k);
                    Ok(if k == 37 { Flow::Enough } else { Flow::More })
                },
            )
            .unwrap();
            assert_eq!(ended, Ended::Enough(38));
            assert_eq!(seen, (0..38).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn a_failing_drain_stops_the_run() {
        let err = run(
            2,
            1000,
            || (),
            || 0u8,
            |_, _, _| true,
            |k, _| if k == 5 { Err(Failure::Failed("disk full".into())) } else { Ok(Flow::More) },
        );
        assert_eq!(err, Err(Failure::Failed("disk full".into())));
    }

    #[test]
    fn panics_end_the_run_instead_of_hanging() {
        use std::panic::{catch_unwind, AssertUnwindSafe};
        // The worker panics are expected: keep their messages out of the test output.
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let worker = catch_unwind(AssertUnwindSafe(|| {
            run(2, 10_000, || (), || 0u8, |_, k, _| if k == 3 { panic!("worker") } else { true }, |_, _| Ok(Flow::More))
        }));
        let drain = catch_unwind(AssertUnwindSafe(|| {
            run(2, 10_000, || (), || 0u8, |_, _, _| true, |k, _| if k == 3 { panic!("drain") } else { Ok(Flow::More) })
        }));
        std::panic::set_hook(hook);
        assert!(worker.is_err() && drain.is_err());
    }

    #[test]
    fn chunks_follow_global_multiples() {
        assert_eq!(CHUNK, 1024);
        let r = 0..2500;
        let (n, at) = chunks(&r, CHUNK);
        assert_eq!(n, 3);
        assert_eq!((at(0), at(1), at(2)), (0..1024, 1024..2048, 2048..2500));
        let r = 1500..2200;
        let (n, at) = chunks(&r, CHUNK);
        assert_eq!(n, 2);
        assert_eq!((at(0), at(1)), (1500..2048, 2048..2200));
        let r = 1024..1024;
        assert_eq!(chunks(&r, CHUNK).0, 0);
        let r = u64::MAX - 10..u64::MAX;
        let (n, at) = chunks(&r, CHUNK);
        assert_eq!(n, 1);
        assert_eq!(at(0), r);
        // A searching run's small chunks follow their own multiples.
        let r = 5..30;
        let (n, at) = chunks(&r, crate::cli::SEARCH_CHUNK);
        assert_eq!(n, 4);
        assert_eq!((at(0), at(1), at(3)), (5..8, 8..16, 24..30));
    }
}
