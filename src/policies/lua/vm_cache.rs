//! The VMs of one worker thread: one per script, parameters, rule options
//! and seat, made the first time the thread plays that seat and kept for
//! later games. VMs are never shared across threads (a Lua VM is not
//! thread-safe); a policy finds its VM again through a [`Slot`], which is
//! valid only on the thread that made it.
//!
//! A thread keeps at most [`KEPT`] VMs: a sweep of thousands of cells
//! makes a VM per cell and seat, and the one played longest ago goes when
//! a new one comes (the cells are played roughly in order, so it is rarely
//! needed again).

use crate::core::native_policies::NativePolicies;
use std::any::{Any, TypeId};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::core::game::Game;
use crate::core::policy::BotError;
use crate::core::seat::Seat;
use crate::policies::lua::script::ScriptVm;

static NEXT_THREAD: AtomicUsize = AtomicUsize::new(1);

/// How many VMs this thread has loaded: once per script and seat for a
/// script whose games leave its VM as they found it, more for one whose
/// games do not (see [`crate::policies::lua::script`]) or that failed.
pub fn loads() -> usize {
    LOADS.with(Cell::get)
}

/// The most VMs one thread keeps.
pub const KEPT: usize = 64;

type Key = (TypeId, String, Seat);

struct Entry {
    vm: Rc<dyn Any>,
    key: Key,
    generation: u64,
    /// When a game last started on it.
    used: u64,
}

#[derive(Default)]
struct Cache {
    keys: HashMap<Key, usize>,
    entries: Vec<Option<Entry>>,
    free: Vec<usize>,
    clock: u64,
}

impl Cache {
    fn remove(&mut self, index: usize) -> Option<Rc<dyn Any>> {
        let e = self.entries.get_mut(index)?.take()?;
        self.keys.remove(&e.key);
        self.free.push(index);
        Some(e.vm)
    }

    /// Drops the VM used longest ago if the thread keeps too many.
    fn evict(&mut self) -> Option<Rc<dyn Any>> {
        if self.keys.len() < KEPT {
            return None;
        }
        let oldest = self
            .entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.as_ref().map(|e| (e.used, i)))
            .min()?
            .1;
        self.remove(oldest)
    }
}

thread_local! {
    static THREAD: usize = NEXT_THREAD.fetch_add(1, Ordering::Relaxed);
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
    static LOADS: Cell<usize> = const { Cell::new(0) };
}

/// Where a policy's VM is kept: on which thread, at which index, and which
/// VM of those kept there over time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    thread: usize,
    index: usize,
    generation: u64,
}

/// The slot of the VM for (`key`, `seat`) on this thread, made by `load`
/// if there is none yet.
pub fn slot<G: Game + NativePolicies>(
    key: &str,
    seat: Seat,
    load: impl FnOnce() -> Result<ScriptVm<G>, BotError>,
) -> Result<Slot, BotError> {
    let thread = THREAD.with(|t| *t);
    let k = (TypeId::of::<G>(), key.to_string(), seat);
    let found = CACHE.with(|c| {
        let mut c = c.borrow_mut();
        c.clock += 1;
        let now = c.clock;
        let index = *c.keys.get(&k)?;
        let e = c.entries[index].as_mut()?;
        e.used = now;
        Some(Slot {
            thread,
            index,
            generation: e.generation,
        })
    });
    if let Some(slot) = found {
        return Ok(slot);
    }
    // Loading runs Lua, and dropping a VM frees it: no borrow of the cache
    // is held meanwhile.
    let evicted = CACHE.with(|c| c.borrow_mut().evict());
    drop(evicted);
    LOADS.with(|n| n.set(n.get() + 1));
    let vm: Rc<dyn Any> = Rc::new(load()?);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        c.clock += 1;
        let generation = c.clock;
        let entry = Entry {
            vm,
            key: k.clone(),
            generation,
            used: generation,
        };
        let index = match c.free.pop() {
            Some(i) => {
                c.entries[i] = Some(entry);
                i
            }
            None => {
                c.entries.push(Some(entry));
                c.entries.len() - 1
            }
        };
        c.keys.insert(k, index);
        Ok(Slot {
            thread,
            index,
            generation,
        })
    })
}

/// The VM in `slot`, if the slot belongs to this thread and its VM is kept.
#[inline]
pub fn get<G: Game + NativePolicies>(slot: Slot) -> Option<Rc<ScriptVm<G>>> {
    if THREAD.with(|t| *t) != slot.thread {
        return None;
    }
    let vm = CACHE.with(|c| {
        c.borrow()
            .entries
            .get(slot.index)
            .and_then(Option::as_ref)
            .filter(|e| e.generation == slot.generation)
            .map(|e| e.vm.clone())
    })?;
    vm.downcast::<ScriptVm<G>>().ok()
}

/// Drops the VM in `slot` (after a failure, which may have left it out of
/// memory or half-run): the next game on this thread loads a fresh one.
pub fn discard(slot: Slot) {
    if THREAD.with(|t| *t) != slot.thread {
        return;
    }
    let vm = CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let current = c
            .entries
            .get(slot.index)
            .and_then(Option::as_ref)
            .is_some_and(|e| e.generation == slot.generation);
        if current { c.remove(slot.index) } else { None }
    });
    drop(vm);
}
