//! The VMs of one worker thread: one per script, parameters, rule options
//! and seat, made the first time the thread plays that seat and kept for
//! every later game. VMs are never shared across threads (a Lua VM is not
//! thread-safe); a policy finds its VM again through a [`Slot`], which is
//! valid only on the thread that made it.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::core::game::Game;
use crate::core::policy::BotError;
use crate::core::seat::Seat;
use crate::policies::lua::script::ScriptVm;

static NEXT_THREAD: AtomicUsize = AtomicUsize::new(1);

#[derive(Default)]
struct Cache {
    keys: HashMap<(TypeId, String, Seat), usize>,
    vms: Vec<Option<Rc<dyn Any>>>,
}

thread_local! {
    static THREAD: usize = NEXT_THREAD.fetch_add(1, Ordering::Relaxed);
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// Where a policy's VM is kept: on which thread, at which index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    thread: usize,
    index: usize,
}

/// The slot of the VM for (`key`, `seat`) on this thread, made by `load`
/// if there is none yet.
pub fn slot<G: Game>(
    key: &str,
    seat: Seat,
    load: impl FnOnce() -> Result<ScriptVm<G>, BotError>,
) -> Result<Slot, BotError> {
    let thread = THREAD.with(|t| *t);
    let k = (TypeId::of::<G>(), key.to_string(), seat);
    let found = CACHE.with(|c| {
        let c = c.borrow();
        c.keys.get(&k).copied().filter(|&i| c.vms[i].is_some())
    });
    if let Some(index) = found {
        return Ok(Slot { thread, index });
    }
    // Loading runs Lua: no borrow of the cache is held meanwhile.
    let vm: Rc<dyn Any> = Rc::new(load()?);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let index = match c.keys.get(&k) {
            Some(&i) => {
                c.vms[i] = Some(vm);
                i
            }
            None => {
                c.vms.push(Some(vm));
                let i = c.vms.len() - 1;
                c.keys.insert(k, i);
                i
            }
        };
        Ok(Slot { thread, index })
    })
}

/// The VM in `slot`, if the slot belongs to this thread and was not discarded.
#[inline]
pub fn get<G: Game>(slot: Slot) -> Option<Rc<ScriptVm<G>>> {
    if THREAD.with(|t| *t) != slot.thread {
        return None;
    }
    let vm = CACHE.with(|c| c.borrow().vms.get(slot.index).cloned().flatten())?;
    vm.downcast::<ScriptVm<G>>().ok()
}

/// Drops the VM in `slot` (after a failure, which may have left it out of
/// memory or half-run): the next game on this thread loads a fresh one.
pub fn discard(slot: Slot) {
    if THREAD.with(|t| *t) != slot.thread {
        return;
    }
    let vm = CACHE.with(|c| {
        c.borrow_mut()
            .vms
            .get_mut(slot.index)
            .and_then(Option::take)
    });
    drop(vm);
}
