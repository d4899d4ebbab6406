//! How the limits of [`crate::policies::lua::limits`] are enforced on one
//! VM: its [`Meter`].
//!
//! - **Instructions.** A count hook (a plain C hook, not mlua's, so that
//!   raising its error closes nothing while hooks are off) runs every
//!   [`HOOK_STEP`] instructions (fewer while the VM holds much memory, see
//!   [`step_for`]) and spends them from the call's budget; it is set to
//!   run exactly where the budget ends, so that where a call fails does
//!   not depend on the games played before.
//!   Library and host calls that do more than a few steps' work spend
//!   their share too ([`Meter::charge`]): a call's cost is bounded by its
//!   budget whatever it calls.
//! - **Memory.** Lua's own allocations stop at the limit (mlua's allocator);
//!   what the host allocates for the script (copies of the game, lists of
//!   moves, move values) is reserved from the same limit
//!   ([`Meter::reserve`]) and given back when Lua collects it. The sum is
//!   checked, after a full collection, whenever the host allocates and at
//!   every hook while the host holds anything.
//! - **Time.** The call's [`Watch`] (see [`crate::policies::lua::watchdog`]).
//! - **Output.** `print` is counted per game ([`Meter::printed`]).
//!
//! Passing a limit *halts* the call: the halt is kept until the call ends,
//! so every later hook, charge and `pcall` raises it again, and a script
//! cannot catch it and go on.

use std::cell::Cell;
use std::ffi::c_int;
use std::ptr;
use std::rc::Rc;
use std::sync::Arc;

use mlua::{Lua, ffi};

use crate::policies::lua::limits::Limits;
use crate::policies::lua::watchdog::{self, Watch};

/// The hook runs every this many instructions while the VM is small: rare
/// enough to cost nothing measurable.
pub const HOOK_STEP: u32 = 1000;

/// The fewest instructions between two runs of the hook.
const MIN_STEP: u32 = 16;

/// Below this much memory a VM's hook runs every [`HOOK_STEP`].
const SMALL_VM: usize = 4 << 20;

/// Instructions between two runs of the hook for a VM holding `used`
/// bytes. One instruction can work on a whole string (comparing or
/// joining two), and the longest string is bounded by the memory in use:
/// the step shrinks as memory grows, so that the hook, which checks the
/// clock's flag, runs at least every few hundred milliseconds.
pub fn step_for(used: usize) -> u32 {
    if used <= SMALL_VM {
        return HOOK_STEP;
    }
    // Halved each time memory doubles: the hook is set again only then
    // (setting it walks the whole call stack).
    let doublings = (used / SMALL_VM).ilog2();
    (HOOK_STEP >> doublings.min(31)).max(MIN_STEP)
}

/// Host allocations smaller than this may go unchecked until they add up
/// to it (a move value is a few dozen bytes).
const SLACK: usize = 64 << 10;

/// Which limit halted a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The instruction budget.
    Budget,
    /// The memory limit.
    Memory,
    /// The wall-clock limit.
    Time,
    /// What a script may print in a game.
    Print,
}

/// The limits of one VM and what its current call and game have used.
pub struct Meter {
    /// The limits.
    pub limits: Limits,
    left: Cell<u64>,
    halt: Cell<Option<Halt>>,
    /// The script's line when the call halted, where known.
    line: Cell<Option<usize>>,
    /// Bytes the host holds for the script.
    host: Cell<usize>,
    /// Host bytes reserved since the sum was last checked.
    unchecked: Cell<usize>,
    /// Bytes printed this game.
    printed: Cell<u64>,
    /// Instructions the hook was last set to count before it runs.
    armed: Cell<u32>,
    /// The wall-clock limit of the current call.
    pub watch: Arc<Watch>,
    state: Cell<*mut ffi::lua_State>,
}

thread_local! {
    /// The meter of the call in progress on this thread, for the hook.
    static CURRENT: Cell<*const Meter> = const { Cell::new(ptr::null()) };
}

/// The message a halted call raises inside the VM (the failure's message
/// is made from the [`Halt`], not from this text).
pub const HALTED: &str = "the call was halted by its limits";

impl Meter {
    /// A meter for `lua` under `limits`, its hook installed.
    pub fn install(lua: &Lua, limits: Limits) -> mlua::Result<Rc<Meter>> {
        lua.set_memory_limit(limits.memory_bytes())?;
        let meter = Rc::new(Meter {
            limits,
            left: Cell::new(limits.instructions),
            halt: Cell::new(None),
            line: Cell::new(None),
            host: Cell::new(0),
            unchecked: Cell::new(0),
            printed: Cell::new(0),
            armed: Cell::new(HOOK_STEP),
            watch: watchdog::watch(),
            state: Cell::new(ptr::null_mut()),
        });
        let m = meter.clone();
        // SAFETY: the closure runs on the VM's main state, where every call
        // of the script runs; it only records the pointer and sets the hook.
        unsafe {
            lua.exec_raw::<()>((), |state| {
                m.state.set(state);
                ffi::lua_sethook(
                    state,
                    Some(count_hook),
                    ffi::LUA_MASKCOUNT,
                    HOOK_STEP as c_int,
                );
            })?;
        }
        Ok(meter)
    }

    /// Starts a call (the top level, `init` or `choose`): a full budget,
    /// the hook's count from zero (so that where the budget ends depends on
    /// the call only), the clock started. The call ends when the value
    /// returned is dropped.
    pub fn call(&self) -> Call<'_> {
        self.left.set(self.limits.instructions);
        self.halt.set(None);
        self.line.set(None);
        let state = self.state.get();
        if !state.is_null() {
            // SAFETY: `state` is this VM's main state, not running now.
            unsafe { self.arm(state, true) };
        }
        self.watch.begin(self.limits.millis);
        let previous = CURRENT.with(|c| c.replace(self));
        Call {
            meter: self,
            previous,
        }
    }

    /// A new game: nothing printed yet, and the host's allocations checked
    /// from the first (when they are checked must not depend on the games
    /// before: a check may collect).
    pub fn new_game(&self) {
        self.printed.set(0);
        self.unchecked.set(0);
    }

    /// The limit that halted the current call, if one did.
    pub fn halted(&self) -> Option<Halt> {
        self.halt.get()
    }

    /// The script's line when the call halted, where known.
    pub fn halted_at(&self) -> Option<usize> {
        self.line.get()
    }

    /// Halts the call (the first limit passed is the one reported).
    pub fn halt(&self, why: Halt) -> mlua::Error {
        if self.halt.get().is_none() {
            self.halt.set(Some(why));
        }
        match why {
            Halt::Memory => mlua::Error::MemoryError(HALTED.into()),
            _ => mlua::Error::RuntimeError(HALTED.into()),
        }
    }

    /// Fails if the call is halted or out of time.
    #[inline]
    pub fn check(&self) -> mlua::Result<()> {
        if let Some(h) = self.halt.get() {
            return Err(self.halt(h));
        }
        if self.watch.expired() {
            return Err(self.halt(Halt::Time));
        }
        Ok(())
    }

    /// Spends `units` instructions of the budget for work done outside the
    /// VM's instructions (a library or host call).
    #[inline]
    pub fn charge(&self, units: u64) -> mlua::Result<()> {
        self.check()?;
        let left = self.left.get();
        if units >= left {
            self.left.set(0);
            return Err(self.halt(Halt::Budget));
        }
        self.left.set(left - units);
        Ok(())
    }

    /// Reserves `bytes` of the memory limit for something the host
    /// allocates for the script; fails (after a full collection) if it
    /// does not fit. Give it back with [`Meter::release`].
    pub fn reserve(&self, lua: &Lua, bytes: usize) -> mlua::Result<()> {
        self.check()?;
        self.host.set(self.host.get().saturating_add(bytes));
        let unchecked = self.unchecked.get().saturating_add(bytes);
        if unchecked < SLACK {
            self.unchecked.set(unchecked);
            return Ok(());
        }
        self.unchecked.set(0);
        let limit = self.limits.memory_bytes();
        let over = || lua.used_memory().saturating_add(self.host.get()) > limit;
        // As Lua does before it fails an allocation: collect, then see;
        // twice, since the values whose host memory a collection gives
        // back (their finalizers run) are freed only by the next.
        for _ in 0..2 {
            if !over() {
                return Ok(());
            }
            let _ = lua.gc_collect();
        }
        if over() {
            return Err(self.halt(Halt::Memory));
        }
        Ok(())
    }

    /// Gives back what [`Meter::reserve`] took.
    pub fn release(&self, bytes: usize) {
        self.host.set(self.host.get().saturating_sub(bytes));
    }

    /// Bytes the host holds for the script.
    pub fn host_bytes(&self) -> usize {
        self.host.get()
    }

    /// What the script may still print this game, in bytes.
    pub fn print_left(&self) -> usize {
        let allowance = self.limits.print_kb.saturating_mul(1024);
        usize::try_from(allowance.saturating_sub(self.printed.get())).unwrap_or(usize::MAX)
    }

    /// Counts `bytes` printed; fails past the game's allowance.
    pub fn printed(&self, bytes: usize) -> mlua::Result<()> {
        self.check()?;
        let total = self.printed.get().saturating_add(bytes as u64);
        self.printed.set(total);
        if total > self.limits.print_kb.saturating_mul(1024) {
            return Err(self.halt(Halt::Print));
        }
        Ok(())
    }

    /// Sets the hook to run after the instructions the VM's size allows,
    /// or where the budget ends if sooner (`force`: also when that is what
    /// it counts already, to start the count afresh).
    ///
    /// # Safety
    /// `state` must be this VM's main state, on this thread.
    unsafe fn arm(&self, state: *mut ffi::lua_State, force: bool) {
        // SAFETY: as the caller promised.
        let used = unsafe { used_memory(state) };
        let left = self.left.get().max(1);
        let n = u64::from(step_for(used)).min(left) as u32;
        if n == self.armed.get() && !force {
            // The hook counts the same again by itself.
            return;
        }
        self.armed.set(n);
        // SAFETY: as the caller promised; setting the hook from inside the
        // hook is allowed.
        unsafe { ffi::lua_sethook(state, Some(count_hook), ffi::LUA_MASKCOUNT, n as c_int) };
    }

    /// What the hook does when it runs: spends the instructions counted
    /// since it was set; the limit the call has passed, if any.
    ///
    /// # Safety
    /// `state` must be this VM's main state, running its hook.
    unsafe fn step(&self, state: *mut ffi::lua_State) -> Option<Halt> {
        if let Some(h) = self.halt.get() {
            return Some(h);
        }
        if self.watch.expired() {
            return Some(Halt::Time);
        }
        let left = self.left.get().saturating_sub(u64::from(self.armed.get()));
        self.left.set(left);
        if left == 0 {
            return Some(Halt::Budget);
        }
        if self.host.get() > 0 {
            let limit = self.limits.memory_bytes();
            // SAFETY: as the caller promised; a collection may run in a hook.
            unsafe {
                for _ in 0..2 {
                    if used_memory(state) + self.host.get() <= limit {
                        break;
                    }
                    ffi::lua_gc(state, ffi::LUA_GCCOLLECT);
                }
                if used_memory(state) + self.host.get() > limit {
                    return Some(Halt::Memory);
                }
            }
        }
        // SAFETY: as the caller promised.
        unsafe { self.arm(state, false) };
        None
    }
}

/// The bytes Lua holds.
///
/// # Safety
/// `state` must be a state of this thread not inside an allocation.
unsafe fn used_memory(state: *mut ffi::lua_State) -> usize {
    // SAFETY: as the caller promised.
    unsafe {
        (ffi::lua_gc(state, ffi::LUA_GCCOUNT) as usize) * 1024
            + ffi::lua_gc(state, ffi::LUA_GCCOUNTB) as usize
    }
}

/// A call in progress on a meter; dropping it ends the call.
pub struct Call<'a> {
    meter: &'a Meter,
    previous: *const Meter,
}

impl Drop for Call<'_> {
    fn drop(&mut self) {
        self.meter.watch.end();
        CURRENT.with(|c| c.set(self.previous));
    }
}

/// The line of the innermost function of the script's own file (chunks
/// named `@path`, not the host's prelude or a chunk the script loaded) on
/// the stack of `state`.
///
/// # Safety
/// `state` must be a running state and `ar` a record it may fill.
unsafe fn script_line(state: *mut ffi::lua_State, ar: *mut ffi::lua_Debug) -> Option<usize> {
    for level in 0..64 {
        // SAFETY: as the caller promised.
        unsafe {
            if ffi::lua_getstack(state, level, ar) == 0 {
                return None;
            }
            ffi::lua_getinfo(state, c"Sl".as_ptr(), ar);
            let source = (*ar).source;
            if !source.is_null() && *source == b'@' as std::ffi::c_char && (*ar).currentline > 0 {
                return Some((*ar).currentline as usize);
            }
        }
    }
    None
}

/// The count hook: spends the budget and raises the halt of any limit
/// passed as a plain Lua error.
///
/// Raising it here, with `lua_error`, leaves the closing of the script's
/// to-be-closed variables to the `pcall` that catches it, where hooks run
/// again (mlua's own hooks would close them inside the hook, where no
/// instruction is counted: a `__close` handler could then loop forever).
unsafe extern "C-unwind" fn count_hook(state: *mut ffi::lua_State, ar: *mut ffi::lua_Debug) {
    let meter = CURRENT.with(Cell::get);
    if meter.is_null() {
        return;
    }
    // SAFETY: CURRENT points to the meter of the call in progress on this
    // thread, which outlives the call (see `Meter::call`).
    let meter = unsafe { &*meter };
    // SAFETY: the hook runs on the VM's main state.
    let Some(why) = (unsafe { meter.step(state) }) else {
        return;
    };
    if meter.halt.get().is_none() {
        meter.halt.set(Some(why));
    }
    if meter.line.get().is_none() {
        // SAFETY: `ar` is the hook's activation record; `script_line` reads
        // the stack of the running state.
        meter.line.set(unsafe { script_line(state, ar) });
    }
    // SAFETY: raising an error from a hook is allowed; no Rust value with
    // a destructor is alive in this frame.
    unsafe {
        ffi::lua_pushstring(state, c"the call was halted by its limits".as_ptr());
        ffi::lua_error(state);
    }
}

/// Memory the host holds for the script, reserved from its limit for as
/// long as the value lives (a copy of the game, a list of moves, a move).
pub struct Held {
    meter: Rc<Meter>,
    bytes: usize,
}

impl Held {
    /// Reserves `bytes` (see [`Meter::reserve`]).
    pub fn new(lua: &Lua, meter: &Rc<Meter>, bytes: usize) -> mlua::Result<Held> {
        meter.reserve(lua, bytes)?;
        Ok(Held {
            meter: meter.clone(),
            bytes,
        })
    }

    /// The value grew (or shrank) by `bytes`.
    pub fn grow(&mut self, lua: &Lua, bytes: isize) -> mlua::Result<()> {
        if bytes > 0 {
            self.meter.reserve(lua, bytes as usize)?;
            self.bytes += bytes as usize;
        } else {
            let less = bytes.unsigned_abs().min(self.bytes);
            self.meter.release(less);
            self.bytes -= less;
        }
        Ok(())
    }

    /// The VM's meter.
    pub fn meter(&self) -> &Rc<Meter> {
        &self.meter
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.meter.release(self.bytes);
    }
}

/// What the host's calls cost, in instructions: about what the same time
/// buys of plain Lua (a few nanoseconds an instruction).
pub mod cost {
    /// Writing a move's text.
    pub const MOVE_TEXT: u64 = 20;
    /// Listing a position's legal moves, beside each move listed.
    pub const LEGAL_MOVES: u64 = 200;
    /// Each move listed.
    pub const PER_MOVE: u64 = 4;
    /// Copying a game, beside each 16 bytes copied.
    pub const CLONE: u64 = 50;
    /// Playing a move on a copy.
    pub const PLAY: u64 = 100;
    /// Throwing a copy's dice (one chance event resolved).
    pub const CHANCE: u64 = 50;
    /// Starting a rollout (its policies made), beside each ply: the moves
    /// listed and one played.
    pub const ROLLOUT: u64 = 200;
    /// Asking a view, beside each value made of it.
    pub const VIEW: u64 = 100;
    /// Each argument of `views_for`, beside each value made of its view:
    /// a view's work without the call.
    pub const VIEW_EACH: u64 = 50;
    /// Each value (number, text, table) a view is made of.
    pub const VIEW_VALUE: u64 = 25;
}

/// The host memory a userdata holding a `T` takes: the value and mlua's
/// shared cell around it.
pub fn userdata_bytes<T>() -> usize {
    std::mem::size_of::<T>() + 48
}
