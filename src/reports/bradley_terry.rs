//! Ratings from a tournament's results: a Bradley-Terry fit by maximum
//! likelihood, each player's strength `p` such that `i` scores against `j`
//! a share `p_i / (p_i + p_j)` of their games (a draw counting half), on
//! the Elo scale: `elo_i = 400 log10(p_i / p_anchor)`, the anchor at 0.
//!
//! The fit is Hunter's (2004) minorise-maximise iteration; the 95%
//! intervals come from the inverse of the observed information of the log
//! strengths, the anchor's held at 0 (so an interval says how far a
//! player's rating may be from the anchor's, not from the others').

/// One pairing's results: players `i` and `j`, the games they played and
/// what `i` scored (wins plus half the draws).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    /// The first player.
    pub i: usize,
    /// The second player.
    pub j: usize,
    /// Games between them.
    pub games: f64,
    /// The first player's score in them.
    pub score_i: f64,
}

/// A player's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo, the anchor at 0.
    pub elo: f64,
    /// The 95% interval's low end (−∞ or +∞ where the results cannot bound it).
    pub low: f64,
    /// The 95% interval's high end.
    pub high: f64,
}

const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;
/// The normal quantile of 97.5%.
const Z95: f64 = 1.959_963_984_540_054;

/// Fits ratings for `players` players from `pairings`, anchored on
/// `anchor`. Every pairing that played gains one virtual draw (a prior, as
/// BayesElo's), so that a player who won every game still has a finite
/// rating, however wide its interval. A player connected to the anchor by
/// no games is rated NaN.
///
/// ```
/// use ludus::reports::bradley_terry::{Pairing, fit};
/// // 0 scores 75% against 1 (300.5 of 401 with the virtual draw): 1 is
/// // 400 log10(300.5 / 100.5) = 190.3 Elo below 0.
/// let r = fit(2, &[Pairing { i: 0, j: 1, games: 400.0, score_i: 300.0 }], 0);
/// assert_eq!(r[0].elo, 0.0);
/// assert!((r[1].elo + 190.3).abs() < 0.1, "{}", r[1].elo);
/// assert!(r[1].low < r[1].elo && r[1].elo < r[1].high);
/// // A clean sweep is finite, and far.
/// let r = fit(2, &[Pairing { i: 0, j: 1, games: 100.0, score_i: 100.0 }], 1);
/// assert!(r[0].elo > 400.0 && r[0].elo.is_finite());
/// ```
pub fn fit(players: usize, pairings: &[Pairing], anchor: usize) -> Vec<Rating> {
    let mut n = vec![vec![0.0; players]; players];
    let mut score = vec![0.0; players];
    for p in pairings.iter().filter(|p| p.games > 0.0) {
        n[p.i][p.j] += p.games + 1.0;
        n[p.j][p.i] += p.games + 1.0;
        score[p.i] += p.score_i + 0.5;
        score[p.j] += p.games - p.score_i + 0.5;
    }
    let connected = reachable(&n, anchor);
    let fitted: Vec<usize> = (0..players).filter(|&i| connected[i]).collect();
    let mut p = vec![1.0f64; players];
    for _ in 0..100_000 {
        let mut change: f64 = 0.0;
        for &i in &fitted {
            let denom: f64 = fitted
                .iter()
                .filter(|&&j| j != i && n[i][j] > 0.0)
                .map(|&j| n[i][j] / (p[i] + p[j]))
                .sum();
            if denom > 0.0 {
                let next = score[i] / denom;
                change = change.max((next.ln() - p[i].ln()).abs());
                p[i] = next;
            }
        }
        // The likelihood does not see the scale: hold the anchor at 1.
        let a = p[anchor];
        for &i in &fitted {
            p[i] /= a;
        }
        if change < 1e-13 {
            break;
        }
    }
    let se = standard_errors(&fitted, &n, &p, anchor);
    (0..players)
        .map(|i| {
            if !connected[i] {
                return Rating {
                    elo: f64::NAN,
                    low: f64::NAN,
                    high: f64::NAN,
                };
            }
            let elo = ELO_PER_NAT * p[i].ln();
            let half = ELO_PER_NAT * Z95 * se[i];
            Rating {
                elo,
                low: elo - half,
                high: elo + half,
            }
        })
        .collect()
}

/// The players joined to `from` by games, directly or through others.
fn reachable(n: &[Vec<f64>], from: usize) -> Vec<bool> {
    let mut seen = vec![false; n.len()];
    let mut stack = vec![from];
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        stack.extend((0..n.len()).filter(|&j| n[i][j] > 0.0 && !seen[j]));
    }
    seen
}

/// Standard errors of the log strengths, the anchor's fixed: the square
/// roots of the diagonal of the inverse information matrix.
fn standard_errors(fitted: &[usize], n: &[Vec<f64>], p: &[f64], anchor: usize) -> Vec<f64> {
    let players = p.len();
    let mut se = vec![0.0; players];
    let free: Vec<usize> = fitted.iter().copied().filter(|&i| i != anchor).collect();
    let k = free.len();
    if k == 0 {
        return se;
    }
    let w = |i: usize, j: usize| n[i][j] * p[i] * p[j] / (p[i] + p[j]).powi(2);
    let mut h = vec![vec![0.0; k]; k];
    for (a, &i) in free.iter().enumerate() {
        for &j in fitted {
            if j != i {
                h[a][a] += w(i, j);
            }
        }
        for (b, &j) in free.iter().enumerate() {
            if a != b {
                h[a][b] = -w(i, j);
            }
        }
    }
    match invert(h) {
        Some(inv) => {
            for (a, &i) in free.iter().enumerate() {
                se[i] = inv[a][a].max(0.0).sqrt();
            }
        }
        None => {
            for &i in &free {
                se[i] = f64::INFINITY;
            }
        }
    }
    se
}

/// The inverse of a small square matrix by Gauss-Jordan elimination with
/// partial pivoting; `None` if it is singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let k = a.len();
    let mut inv: Vec<Vec<f64>> = (0..k)
        .map(|i| (0..k).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..k {
        let pivot = (col..k).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..k {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for r in 0..k {
            if r != col {
                let f = a[r][col];
                if f != 0.0 {
                    for j in 0..k {
                        a[r][j] -= f * a[col][j];
                        inv[r][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

/// The likelihood of superiority: the probability that the first of two
/// players is the stronger, given its wins and losses against the other
/// (draws say nothing): Φ((w − l) / √(w + l)).
///
/// ```
/// use ludus::reports::bradley_terry::likelihood_of_superiority;
/// assert_eq!(likelihood_of_superiority(10, 10), 0.5);
/// assert!(likelihood_of_superiority(60, 40) > 0.97);
/// ```
pub fn likelihood_of_superiority(wins: u64, losses: u64) -> f64 {
    if wins + losses == 0 {
        return 0.5;
    }
    let z = (wins as f64 - losses as f64) / ((wins + losses) as f64).sqrt();
    use statrs::distribution::{ContinuousCDF, Normal};
    Normal::new(0.0, 1.0).expect("the standard normal").cdf(z)
}
