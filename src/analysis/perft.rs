//! Perft: the number of leaf positions a given number of decisions deep,
//! the standard check of a move generator against another program's.

use crate::analysis::analysis_error::AnalysisError;
use crate::analysis::start::chance_error;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;

/// The positions `depth` decisions after `game` (a finished game is a
/// leaf); an error at a chance event.
///
/// ```
/// use ludus::analysis::perft::perft;
/// use ludus::core::game::Game;
/// use ludus::core::options::Options;
/// use ludus::games::morris::ThreeMen;
/// let o = Options::resolve(ThreeMen::option_specs(), &[("first".into(), "seat1".into())]).unwrap();
/// assert_eq!(perft(&ThreeMen::new(&o).unwrap(), 1).unwrap(), 9);
/// ```
pub fn perft<G: Game>(game: &G, depth: u32) -> Result<u64, AnalysisError> {
    let mut bufs: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    count_leaves(game, depth, &mut bufs)
}

fn count_leaves<G: Game>(
    game: &G,
    depth: u32,
    bufs: &mut [Vec<G::Move>],
) -> Result<u64, AnalysisError> {
    if depth == 0 {
        return Ok(1);
    }
    match game.turn() {
        Turn::Over => Ok(1),
        Turn::Chance => Err(chance_error::<G>(
            "perft counts positions of games without chance; `ludus exact` gives a dice \
             game's exact odds and counts its states",
        )),
        Turn::Decide(_) => {
            let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
            game.legal_moves(buf);
            let mut n = 0;
            for &mv in buf.iter() {
                let mut next = game.clone();
                next.play(mv, &mut Silent);
                n += count_leaves(&next, depth - 1, rest)?;
            }
            Ok(n)
        }
    }
}
