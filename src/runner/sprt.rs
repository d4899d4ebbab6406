//! The sequential probability ratio test that stops a match of two
//! policies as soon as the games played say which of two Elo differences
//! is the likelier, as fishtest does: H0 `elo = elo0` against H1
//! `elo = elo1`, with error rates alpha (accepting H1 when H0 holds) and
//! beta. The log-likelihood ratio is the generalised SPRT's normal
//! approximation on the trinomial results (wins, draws, losses) of the
//! first policy, with the logistic Elo model:
//! `LLR = N (s1 − s0) (2 x̄ − s0 − s1) / (2 σ²)`, where `s` is the score an
//! Elo difference expects, `x̄` the mean score and `σ²` its variance per
//! game. The test stops when LLR leaves (ln(β/(1−α)), ln((1−β)/α)).

use crate::runner::run_setting_error::RunSettingError;

/// An SPRT's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference under H0.
    pub elo0: f64,
    /// The Elo difference under H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H0 accepted: the difference is elo0 rather than elo1.
    H0,
    /// H1 accepted.
    H1,
    /// Neither yet.
    Continue,
}

impl Verdict {
    /// How reports write it.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::H0 => "H0",
            Verdict::H1 => "H1",
            Verdict::Continue => "none",
        }
    }
}

/// The score an Elo difference expects.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The largest Elo difference a hypothesis may name.
pub const MAX_ELO: f64 = 1000.0;

impl Sprt {
    /// Parses `elo0,elo1[,alpha,beta]` (alpha and beta default to 0.05).
    ///
    /// ```
    /// use ludus::runner::sprt::Sprt;
    /// let s = Sprt::parse("0,10").unwrap();
    /// assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 10.0, 0.05, 0.05));
    /// assert!(Sprt::parse("10,0").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Sprt, RunSettingError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let usage = "--sprt takes elo0,elo1[,alpha,beta], e.g. 0,10 or 0,10,0.05,0.05";
        let refused = |message: String| RunSettingError {
            setting: "--sprt",
            message,
        };
        if parts.len() != 2 && parts.len() != 4 {
            return Err(refused(format!("{usage}, not `{text}`")));
        }
        let num = |s: &str| {
            s.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| refused(format!("{usage}: `{s}` is not a number")))
        };
        let (elo0, elo1) = (num(parts[0])?, num(parts[1])?);
        let (alpha, beta) = if parts.len() == 4 {
            (num(parts[2])?, num(parts[3])?)
        } else {
            (0.05, 0.05)
        };
        // Past a few hundred Elo a score is all wins or all losses: the
        // test's expected scores round to 0 or 1 and it decides nothing.
        if elo0.abs() > MAX_ELO || elo1.abs() > MAX_ELO {
            return Err(refused(format!(
                "{usage}: elo0 and elo1 lie within ±{MAX_ELO} (a score of 0.3% to 99.7%)"
            )));
        }
        if elo1 <= elo0 {
            return Err(refused(format!("{usage}: elo1 must exceed elo0")));
        }
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err(refused(format!(
                "{usage}: alpha and beta lie between 0 and 0.5"
            )));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds (lower, upper) of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after these results of
    /// the first policy.
    ///
    /// ```
    /// use ludus::runner::sprt::Sprt;
    /// let s = Sprt::parse("0,50").unwrap();
    /// assert!(s.llr(600, 0, 400) > 0.0);
    /// assert!(s.llr(480, 40, 480) < 0.0);
    /// assert_eq!(s.llr(0, 0, 0), 0.0);
    /// ```
    pub fn llr(&self, wins: u64, draws: u64, losses: u64) -> f64 {
        let n = (wins + draws + losses) as f64;
        if n == 0.0 {
            return 0.0;
        }
        let (w, d, l) = (wins as f64 / n, draws as f64 / n, losses as f64 / n);
        let x = w + d / 2.0;
        let var = w * (1.0 - x).powi(2) + d * (0.5 - x).powi(2) + l * x.powi(2);
        // A clean sweep shows no variance: bound it below by what one game
        // more or less could show, so the ratio stays finite.
        let var = var.max(0.25 / n);
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * var)
    }

    /// The verdict after these results.
    pub fn verdict(&self, wins: u64, draws: u64, losses: u64) -> Verdict {
        let llr = self.llr(wins, draws, losses);
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}
