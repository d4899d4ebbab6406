//! How fast a search policy searches: its work (playouts for `mcts`,
//! positions for `alphabeta`, see [`Policy::work`]) per second of deciding,
//! over positions met in random games, for `ludus bench --search`.

use std::time::Instant;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::native_policies::NativePolicies;
use crate::core::options::Options;
use crate::core::policy::Policy;
use crate::core::seed::{SeatRng, Stream, below, stream};
use crate::policies::policy_spec::PolicySpec;
use crate::runner::cell_error::CellError;

/// What one measurement found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchSpeed {
    /// Decisions timed.
    pub decisions: usize,
    /// The policy's work over them.
    pub work: u64,
    /// The time they took, in seconds.
    pub seconds: f64,
}

/// Every `stride`-th position with a choice, from random games of seed
/// `seed` (game k on seed `seed + k`), until there are `count` of them:
/// the positions a search is measured or tested on.
pub fn positions<G: Game>(
    options: &Options,
    count: usize,
    seed: u64,
    stride: usize,
) -> Result<Vec<G>, CellError> {
    let mut out = Vec::with_capacity(count);
    let mut moves = Vec::new();
    let mut game_index = 0u64;
    while out.len() < count {
        if game_index >= 100 * count as u64 + 100 {
            return Err(CellError::NoPositions(if out.is_empty() {
                format!("no decision in {game_index} random games: nothing to search")
            } else {
                format!("{game_index} random games held fewer than {count} positions with a choice")
            }));
        }
        let game_seed = seed.wrapping_add(game_index);
        game_index += 1;
        let mut g = G::new(options)?;
        let mut dice = Dice::seeded(stream(game_seed, Stream::Dice));
        let mut rng = stream(game_seed, Stream::Seat(0));
        let mut seen = 0;
        loop {
            match g.turn() {
                Turn::Over => break,
                Turn::Chance => g.chance(&mut dice, &mut Silent),
                Turn::Decide(_) => {
                    g.legal_moves(&mut moves);
                    if moves.len() > 1 {
                        if seen % stride == 0 {
                            out.push(g.clone());
                            if out.len() == count {
                                break;
                            }
                        }
                        seen += 1;
                    }
                    let mv = moves[below(&mut rng, moves.len() as u32) as usize];
                    g.play(mv, &mut Silent);
                    if g.length() > 2_000 {
                        break;
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Times one decision of `spec` from each of `count` positions met in
/// random games (the same positions for the same `seed`), on this thread.
pub fn measure<G: Game + NativePolicies>(
    options: &Options,
    spec: &PolicySpec,
    count: usize,
    seed: u64,
) -> Result<SearchSpeed, CellError> {
    let in_force = G::options_in_force(options)?;
    // Every fifth: positions from all along the games, few from each.
    let games = positions::<G>(options, count, seed, 5)?;
    let mut policy: Box<dyn Policy<G>> = spec.build_for::<G>(&in_force)?;
    let mut moves = Vec::new();
    let mut seconds = 0.0;
    let before = policy.work();
    for (i, g) in games.iter().enumerate() {
        let Turn::Decide(seat) = g.turn() else {
            unreachable!("positions are decisions")
        };
        let mut seat_rng = SeatRng::new(seed ^ i as u64, seat);
        policy
            .start(seat, g, &mut seat_rng)
            .map_err(CellError::Bot)?;
        g.legal_moves(&mut moves);
        let t = Instant::now();
        policy
            .choose(g, &moves, seat_rng.get())
            .map_err(CellError::Bot)?;
        seconds += t.elapsed().as_secs_f64();
    }
    Ok(SearchSpeed {
        decisions: games.len(),
        work: policy.work() - before,
        seconds,
    })
}
