//! How much the Rust heap grew on this thread during a piece of work: the
//! measure the Lua host charges a script's memory limit with for what the
//! host allocates on its behalf (a copy of a game, a list of moves).
//!
//! The process's global allocator is the system one with a per-thread count
//! of the bytes allocated and freed beside it: one thread-local addition per
//! allocation, nothing else. Only the Lua host reads the count, so it
//! lives here; the library, not the binary, installs it, so that every
//! program playing Lua seats (the binary, the tests, a program built on
//! the library) charges scripts the same and their games end alike.
//!
//! ```
//! let (v, grew) = ludus::policies::lua::heap::measure(|| vec![0u8; 1000]);
//! assert!(grew >= 1000);
//! drop(v);
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Bytes allocated minus bytes freed by this thread.
    static NET: Cell<isize> = const { Cell::new(0) };
}

#[inline]
fn add(bytes: isize) {
    NET.with(|n| n.set(n.get().wrapping_add(bytes)));
}

/// The system allocator, counting.
pub struct Counting;

// SAFETY: every call is forwarded unchanged to `System`; the count is a
// thread-local integer that neither allocates nor panics.
unsafe impl GlobalAlloc for Counting {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as the caller promised for `layout`.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as the caller promised for `layout`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        add(-(layout.size() as isize));
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as the caller promised for `ptr`, `layout` and `new_size`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            add(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `work` and returns what it returned with the bytes by which this
/// thread's heap grew meanwhile (negative if it shrank).
#[inline]
pub fn measure<R>(work: impl FnOnce() -> R) -> (R, isize) {
    let before = NET.with(Cell::get);
    let r = work();
    (r, NET.with(Cell::get).wrapping_sub(before))
}
