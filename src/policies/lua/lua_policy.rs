//! A seat played by a Lua script: the [`Policy`] the runner sees.

use crate::core::native_policies::NativePolicies;
use std::marker::PhantomData;

use crate::core::game::Game;
use crate::core::options::Options;
use crate::core::policy::{BotError, Policy, Values};
use crate::core::seat::Seat;
use crate::core::seed::{Rng, SeatRng};
use crate::policies::lua::declared::{apply, declared};
use crate::policies::lua::script::ScriptVm;
use crate::policies::lua::source::{source, syntax};
use crate::policies::lua::spec::LuaSpec;
use crate::policies::lua::vm_cache::{self, Slot};
use crate::policies::policy_error::PolicyError;

/// A policy that asks a Lua script for each decision.
///
/// The value holds no VM: it finds its thread's VM through a [`Slot`]
/// made at the start of each game, so the value itself can be sent to the
/// worker that plays with it.
pub struct LuaPolicy<G> {
    spec: LuaSpec,
    options: Options,
    key: String,
    slot: Option<Slot>,
    /// Whether it judges for the metrics ([`LuaPolicy::evaluator`]).
    evaluator: bool,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game + NativePolicies> LuaPolicy<G> {
    /// The policy `lua:<text>` for a game with `options`. Checks that the
    /// parameters parse, reads the script and compiles it (once per
    /// process, see `source` and `syntax`), and checks the parameters
    /// against those it declares, adding the defaults of those left out
    /// (see `declared`): a script that cannot run at all, or a parameter
    /// it does not take, is refused before any game; what fails in a game
    /// names the game and its seed.
    pub fn new(text: &str, options: &Options) -> Result<LuaPolicy<G>, PolicyError> {
        let mut spec = LuaSpec::parse(text)?;
        source(&spec.path).map_err(|e| PolicyError::ScriptUnreadable {
            spec: text.to_string(),
            path: spec.path.clone(),
            reason: e.to_string(),
        })?;
        syntax(&spec.path).map_err(|message| PolicyError::ScriptSyntax {
            spec: text.to_string(),
            message,
        })?;
        let declared =
            declared::<G>(&spec, options).map_err(|message| PolicyError::BadDeclaration {
                spec: text.to_string(),
                path: spec.path.clone(),
                message,
            })?;
        if let Some(declared) = declared {
            apply(text, &mut spec, &declared)?;
        }
        Ok(LuaPolicy {
            key: format!("{text}|{options}"),
            options: options.clone(),
            spec,
            slot: None,
            evaluator: false,
            _game: PhantomData,
        })
    }

    /// The script `lua:<text>` as a cell's `metrics_evaluator`: as
    /// [`LuaPolicy::new`], in a VM of its own on each thread, apart from
    /// any seat's that plays the same script.
    pub fn evaluator(text: &str, options: &Options) -> Result<LuaPolicy<G>, PolicyError> {
        let mut p = LuaPolicy::new(text, options)?;
        p.key.insert_str(0, "evaluator|");
        p.evaluator = true;
        Ok(p)
    }

    fn vm(&self) -> Result<(Slot, std::rc::Rc<ScriptVm<G>>), BotError> {
        self.slot
            .and_then(|s| vm_cache::get::<G>(s).map(|vm| (s, vm)))
            .ok_or_else(|| BotError {
                message: format!(
                    "{}: asked to choose before its game started on this thread",
                    self.spec.path
                ),
            })
    }
}

impl<G: Game + NativePolicies> Policy<G> for LuaPolicy<G> {
    fn start(&mut self, seat: Seat, game: &G, rng: &mut SeatRng) -> Result<(), BotError> {
        self.slot = None;
        let load = || ScriptVm::load(&self.spec, seat, self.options.clone(), game, self.evaluator);
        let mut slot = vm_cache::slot::<G>(&self.key, seat, load)?;
        let mut vm = vm_cache::get::<G>(slot).expect("the slot was just made on this thread");
        if !vm.ready_for_game() {
            // The games before left the VM holding more than a new one:
            // this game gets a new one, to play as it would anywhere.
            drop(vm);
            vm_cache::discard(slot);
            slot = vm_cache::slot::<G>(&self.key, seat, load)?;
            vm = vm_cache::get::<G>(slot).expect("the slot was just made on this thread");
        }
        vm.start(game, rng)
            .inspect_err(|_| vm_cache::discard(slot))?;
        self.slot = Some(slot);
        Ok(())
    }

    #[inline]
    fn choose(&mut self, game: &G, moves: &[G::Move], rng: &mut Rng) -> Result<usize, BotError> {
        let (slot, vm) = self.vm()?;
        vm.choose(game, moves, rng)
            .inspect_err(|_| vm_cache::discard(slot))
    }

    /// The script's `evaluate(game, seat)`; a script without one fails
    /// here.
    fn evaluate(
        &mut self,
        game: &G,
        seat: Seat,
        rng: &mut Rng,
    ) -> Result<Option<Values>, BotError> {
        let (slot, vm) = self.vm()?;
        vm.evaluate(game, seat, rng)
            .map(Some)
            .inspect_err(|_| vm_cache::discard(slot))
    }
}
