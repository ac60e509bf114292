//! The sequential probability ratio test that ends a match as soon as its result is clear:
//! "A is at least `elo1` stronger than B" (H1) against "A is at most `elo0` stronger" (H0),
//! with error rates alpha (accepting H1 when H0 holds) and beta (the other way round).
//!
//! The model is cutechess-cli's (`sprt.cpp`): wins, draws and losses are trinomial, with
//! probabilities from the BayesElo model; the draw Elo is estimated from the games so far, and
//! the hypotheses' (logistic) Elo differences are turned into BayesElo by the scale that draw
//! rate implies. The log-likelihood ratio is then summed over the three outcomes and compared
//! with Wald's bounds ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).

use super::selfplay::Tally;

/// The test's verdict so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not enough evidence either way yet.
    Continue,
    /// H0: A is not `elo1` stronger (at most about `elo0`).
    AcceptH0,
    /// H1: A is at least about `elo1` stronger.
    AcceptH1,
}

/// A test between two Elo differences (from A's view).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Win and loss probabilities of the BayesElo model with a draw Elo.
fn probabilities(bayes_elo: f64, draw_elo: f64) -> (f64, f64, f64) {
    let win = 1.0 / (1.0 + 10f64.powf((draw_elo - bayes_elo) / 400.0));
    let loss = 1.0 / (1.0 + 10f64.powf((draw_elo + bayes_elo) / 400.0));
    (win, 1.0 - win - loss, loss)
}

impl Sprt {
    /// The usual error rates: alpha = beta = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// (lower, upper): at or below the lower bound H0 is accepted, at or above the upper H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after these games. 0 until there is at least
    /// one win, one draw and one loss (before that the draw rate can't be estimated).
    pub fn llr(&self, t: &Tally) -> f64 {
        if t.wins == 0 || t.draws == 0 || t.losses == 0 {
            return 0.0;
        }
        let n = f64::from(t.games());
        let (w, l) = (f64::from(t.wins) / n, f64::from(t.losses) / n);
        // The BayesElo parameters that fit the sample exactly; only the draw Elo is used.
        let draw_elo = 200.0 * ((1.0 - l) / l * (1.0 - w) / w).log10();
        let x = 10f64.powf(-draw_elo / 400.0);
        let scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
        let (w0, d0, l0) = probabilities(self.elo0 / scale, draw_elo);
        let (w1, d1, l1) = probabilities(self.elo1 / scale, draw_elo);
        f64::from(t.wins) * (w1 / w0).ln()
            + f64::from(t.draws) * (d1 / d0).ln()
            + f64::from(t.losses) * (l1 / l0).ln()
    }

    pub fn verdict(&self, t: &Tally) -> Verdict {
        let llr = self.llr(t);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn bounds_are_walds() {
        let (lo, hi) = Sprt::new(0.0, 10.0).bounds();
        // ln(0.05 / 0.95) and its negative.
        assert!((lo + 2.944_438_979).abs() < 1e-8, "{lo}");
        assert!((hi - 2.944_438_979).abs() < 1e-8, "{hi}");
    }

    #[test]
    fn llr_matches_a_hand_computed_value() {
        // W 60, D 80, L 40: w = 0.3, l = 0.2, so the draw Elo is 200 log10(0.8/0.2 * 0.7/0.3)
        // = 169.0196, x = 10^(-169.0196/400) = 0.377964, scale = 4x/(1+x)^2 = 0.796223.
        // H0 (0 Elo): BayesElo 0, p = (0.274292, 0.451416, 0.274292).
        // H1 (20 Elo): BayesElo 25.1186, p = (0.303992, 0.449542, 0.246466).
        // LLR = 60 ln(0.303992/0.274292) + 80 ln(0.449542/0.451416) + 40 ln(0.246466/0.274292)
        //     = 6.16847 - 0.33283 - 4.27872 = 1.55691.
        let s = Sprt::new(0.0, 20.0);
        let llr = s.llr(&tally(60, 80, 40));
        assert!((llr - 1.556_91).abs() < 1e-4, "{llr}");
        assert_eq!(s.verdict(&tally(60, 80, 40)), Verdict::Continue);
    }

    #[test]
    fn decides_both_ways() {
        let s = Sprt::new(0.0, 20.0);
        // Twice the games at the same rates: the LLR doubles (3.1138), past the upper bound.
        assert!((s.llr(&tally(120, 160, 80)) - 3.113_83).abs() < 1e-4);
        assert_eq!(s.verdict(&tally(120, 160, 80)), Verdict::AcceptH1);
        // The mirrored result (A scores 44%) rejects the gain: -5.2772.
        assert!((s.llr(&tally(80, 160, 120)) + 5.277_21).abs() < 1e-4);
        assert_eq!(s.verdict(&tally(80, 160, 120)), Verdict::AcceptH0);
        // An even match is evidence against a 20-Elo gain, slowly: -0.745 after 300 games
        // (undecided), -2.981 after 1200 (H0).
        assert_eq!(s.verdict(&tally(100, 100, 100)), Verdict::Continue);
        assert!((s.llr(&tally(400, 400, 400)) + 2.980_93).abs() < 1e-4);
        assert_eq!(s.verdict(&tally(400, 400, 400)), Verdict::AcceptH0);
    }

    #[test]
    fn no_verdict_without_all_three_outcomes() {
        let s = Sprt::new(0.0, 20.0);
        assert_eq!(s.llr(&tally(30, 0, 0)), 0.0);
        assert_eq!(s.verdict(&tally(30, 10, 0)), Verdict::Continue);
    }
}
