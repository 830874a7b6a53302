//! A global allocator that counts allocations per thread, so `dq bench` can report the heap
//! allocations each game costs. Counting is a thread-local increment: `dq run` pays nothing
//! measurable for it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

/// Set by the first allocation through [`Counting`]: tells whether the counts mean anything
/// (they stay 0 in a program that did not install it).
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// The system allocator, counting `alloc`, `alloc_zeroed` and `realloc` calls per thread.
pub struct Counting;

#[inline]
fn count() {
    // `try_with`: during thread teardown the slot may be gone; those allocations go uncounted.
    let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is forwarded unchanged to the system allocator; counting touches only a
// const-initialised thread-local `Cell` that never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
}

impl Counting {
    /// Marks the allocator as installed (call once from `main`).
    pub fn install(&self) {
        INSTALLED.store(true, Ordering::Relaxed);
    }
}

/// Allocations made so far on the calling thread, or `None` if [`Counting`] is not the global
/// allocator.
pub fn thread_allocs() -> Option<u64> {
    INSTALLED.load(Ordering::Relaxed).then(|| ALLOCS.with(Cell::get))
}
