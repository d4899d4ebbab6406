//! `copy:rollout(policy [, cap])`: a copy played on by a native policy in
//! every seat, in native code, to the end of the game or for `cap`
//! decisions. Each ply is charged to the script's budget (and so checks its
//! clock), and what the copy grows by is reserved from its memory, so a
//! rollout is bounded as the script's own loop would be.
//!
//! Only policies whose every decision costs about a ply are taken: `random`
//! and the game's own native policies (e.g. `threshold:2`). A search
//! (`mcts`, `alphabeta`) does work per decision that the budget could not
//! charge before doing it; a script (`lua:`) needs a VM of its own.

use crate::core::native_policies::NativePolicies;
use mlua::Lua;

use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::policy::Policy;
use crate::core::seed::{SeatRng, below};
use crate::core::text::quoted;
use crate::policies::lua::copy::Copied;
use crate::policies::lua::heap;
use crate::policies::lua::meter::{Meter, cost};
use crate::policies::random::UniformRandom;

/// One rollout to play.
pub struct Rollout<'a> {
    /// The policy as the script names it, e.g. `"random"`.
    pub policy: &'a str,
    /// Decisions to play at most; `None`: to the end.
    pub cap: Option<u64>,
    /// The seed of the policies' streams (see
    /// [`crate::policies::lua::decision::Decision::next_stream`]).
    pub seed: u64,
}

fn err(message: impl Into<String>) -> mlua::Error {
    mlua::Error::RuntimeError(message.into())
}

/// The policy of every seat, or why the name is refused.
fn policies<G: Game + NativePolicies>(
    run: &Rollout<'_>,
    players: usize,
) -> mlua::Result<Vec<Box<dyn Policy<G>>>> {
    let text = run.policy.trim();
    let (name, param) = match text.split_once(':') {
        Some((n, p)) => (n, Some(p)),
        None => (text, None),
    };
    let one = || -> Result<Option<Box<dyn Policy<G>>>, String> {
        if name == "random" {
            return match param {
                None => Ok(Some(Box::new(UniformRandom))),
                Some(_) => Err("policy `random` takes no parameter".into()),
            };
        }
        G::native_policy(name, param).map_err(|e| e.to_string())
    };
    let mut all = Vec::with_capacity(players);
    for _ in 0..players {
        match one() {
            Ok(Some(p)) => all.push(p),
            Ok(None) => {
                let mut known = vec!["random".to_string()];
                known.extend(
                    G::native_policies()
                        .iter()
                        .map(|p| format!("{}:...", p.name)),
                );
                return Err(err(format!(
                    "rollout: `{}` cannot play a rollout of {} (it takes {}; a search or a \
                     script does more work per decision than the budget can charge)",
                    quoted(text.as_bytes(), 100),
                    G::NAME,
                    known.join(", ")
                )));
            }
            Err(e) => return Err(err(format!("rollout: {}", quoted(e.as_bytes(), 300)))),
        }
    }
    Ok(all)
}

/// Plays `run` on the copy `c`: a decision of each seat by its policy,
/// chance by the copy's dice, until the game is over or `cap` decisions
/// are played.
pub fn play<G: Game + NativePolicies>(
    lua: &Lua,
    meter: &Meter,
    c: &mut Copied<G>,
    run: &Rollout<'_>,
) -> mlua::Result<()> {
    meter.charge(cost::ROLLOUT)?;
    // The copy moves on: the moves it listed are another position's.
    c.legal = None;
    let players = c.game.players();
    let mut policies = policies::<G>(run, players)?;
    let mut rngs: Vec<SeatRng> = (0..players).map(|s| SeatRng::new(run.seed, s)).collect();
    for (seat, p) in policies.iter_mut().enumerate() {
        p.start(seat, &c.game, &mut rngs[seat])
            .map_err(|e| err(format!("rollout: {e}")))?;
    }
    let mut moves = Vec::new();
    let mut decisions = 0u64;
    loop {
        match c.game.turn() {
            Turn::Over => return Ok(()),
            Turn::Chance => c.settle(lua, meter)?,
            Turn::Decide(seat) => {
                if run.cap.is_some_and(|cap| decisions >= cap) {
                    return Ok(());
                }
                decisions += 1;
                let policy = &mut policies[seat];
                let rng = rngs[seat].get();
                let mut listed = 0;
                // A uniform policy draws without the list where the game can.
                let picked = if policy.uniform() {
                    c.game.pick_move(&mut |n| {
                        listed = n;
                        below(rng, n as u32) as usize
                    })
                } else {
                    None
                };
                let mv = match picked {
                    Some(mv) => mv,
                    None => {
                        c.game.legal_moves(&mut moves);
                        listed = moves.len();
                        let i = policy
                            .choose(&c.game, &moves, rng)
                            .map_err(|e| err(format!("rollout: {e}")))?;
                        *moves.get(i).ok_or_else(|| {
                            err(format!(
                                "rollout: the policy chose move {} of {}",
                                i + 1,
                                moves.len()
                            ))
                        })?
                    }
                };
                meter.charge(cost::LEGAL_MOVES + cost::PER_MOVE * listed as u64 + cost::PLAY)?;
                let ((), grew) = heap::measure(|| c.game.play(mv, &mut Silent));
                c.held.grow(lua, grew)?;
            }
        }
    }
}
