//! The limits a script runs under: an instruction budget per decision and
//! a memory ceiling per VM, and the hook that enforces the budget.

use std::cell::Cell;
use std::rc::Rc;

use mlua::{HookTriggers, Lua, VmState};

/// Lua VM instructions a script may execute per call (one `choose`, one
/// `init`, or loading the script for a game), unless its spec says otherwise.
pub const DEFAULT_INSTRUCTIONS: u64 = 10_000_000;

/// Memory a script's VM may hold, in MiB, unless its spec says otherwise.
pub const DEFAULT_MEMORY_MB: u64 = 64;

/// The hook runs every this many instructions: rare enough to cost nothing
/// measurable, often enough that the budget is exact to this granularity.
const HOOK_STEP: u32 = 1000;

/// A script's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Instructions per call.
    pub instructions: u64,
    /// Memory per VM, in MiB.
    pub memory_mb: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            instructions: DEFAULT_INSTRUCTIONS,
            memory_mb: DEFAULT_MEMORY_MB,
        }
    }
}

/// What is left of the current call's instruction budget.
#[derive(Debug, Default)]
pub struct Budget {
    limit: Cell<u64>,
    left: Cell<u64>,
    /// The script line running when the budget ran out.
    spent_at: Cell<Option<usize>>,
}

impl Budget {
    /// A fresh budget for the next call.
    pub fn refill(&self) {
        self.left.set(self.limit.get());
        self.spent_at.set(None);
    }

    /// Whether the budget ran out (then every later check fails too, so a
    /// script cannot catch the error with `pcall` and go on).
    pub fn spent(&self) -> bool {
        self.spent_at.get().is_some() || self.left.get() == 0
    }

    /// The line the script was on when the budget ran out, if known.
    pub fn spent_at(&self) -> Option<usize> {
        self.spent_at.get()
    }

    /// The budget per call.
    pub fn limit(&self) -> u64 {
        self.limit.get()
    }
}

/// The message of the error the hook raises.
pub const BUDGET_MESSAGE: &str = "instruction budget exceeded";

/// Applies `limits` to `lua`: the memory ceiling and the counting hook.
pub fn install(lua: &Lua, limits: Limits) -> mlua::Result<Rc<Budget>> {
    lua.set_memory_limit((limits.memory_mb as usize).saturating_mul(1 << 20))?;
    let budget = Rc::new(Budget::default());
    budget.limit.set(limits.instructions);
    budget.refill();
    let b = budget.clone();
    lua.set_hook(
        HookTriggers::new().every_nth_instruction(HOOK_STEP),
        move |_lua, debug| {
            let left = b.left.get();
            if left <= u64::from(HOOK_STEP) {
                b.left.set(0);
                if b.spent_at.get().is_none() {
                    b.spent_at.set(Some(debug.current_line().unwrap_or(0)));
                }
                return Err(mlua::Error::RuntimeError(BUDGET_MESSAGE.into()));
            }
            b.left.set(left - u64::from(HOOK_STEP));
            Ok(VmState::Continue)
        },
    )?;
    Ok(budget)
}
