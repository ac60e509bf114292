//! Whole games between players (engines at chosen settings, or a random mover), varied
//! openings, and the arithmetic of match results (score, Elo difference and its error margin).
//! Pure: `dama match` and the tests do the reporting.

use crate::engine::{Engine, Limits};
use crate::rules::{Color, Game, Move, Outcome, Position, RuleSet};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;

/// Something that picks moves.
pub enum Player {
    /// The engine, searching within these limits each move.
    Engine { engine: Box<Engine>, limits: Limits },
    /// Uniformly random legal moves (the weakest opponent there is).
    Random(Box<StdRng>),
}

impl Player {
    /// The move to play in `game`'s position, or `None` when there is none.
    pub fn choose(&mut self, game: &Game, stop: &AtomicBool) -> Option<Move> {
        match self {
            Player::Engine { engine, limits } => {
                engine.search(game, *limits, stop, &mut |_| {}).best
            }
            Player::Random(rng) => {
                let moves = game.legal_moves();
                (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
            }
        }
    }

    /// Called before each game.
    pub fn new_game(&mut self) {
        if let Player::Engine { engine, .. } = self {
            engine.new_game();
        }
    }
}

/// Plays `game` to its end (R-G1..R-G3 decide it; the draw rules make every game finite).
/// Returns the outcome, or `None` if `stop` was raised first.
pub fn play_out(
    game: &mut Game,
    white: &mut Player,
    black: &mut Player,
    stop: &AtomicBool,
) -> Option<Outcome> {
    loop {
        if let Some(o) = game.outcome() {
            return Some(o);
        }
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        let player = match game.position().side_to_move() {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let m = player.choose(game, stop)?;
        game.play(&m).expect("players choose legal moves");
    }
}

/// A varied opening: `plies` random legal moves from the start, skipping lines where the game
/// ends or a capture is pending at the end (so both colours start from a quiet position).
/// Lines longer than [`MAX_OPENING_PLIES`] are rarely usable: this may then take very long.
pub fn random_opening(rules: RuleSet, plies: usize, rng: &mut StdRng) -> Game {
    loop {
        if let Some(game) = random_line(rules, plies, rng) {
            return game;
        }
    }
}

/// The longest random opening worth asking for: about one line of 100 random plies in six
/// is usable (the game goes on, no capture pending), one of 200 in 400, none of 300 in 2,000.
pub const MAX_OPENING_PLIES: usize = 100;

/// One try of [`random_opening`]: the line, or `None` if it is not usable.
pub fn random_line(rules: RuleSet, plies: usize, rng: &mut StdRng) -> Option<Game> {
    let mut game = Game::new(Position::start(rules));
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        game.play(&m).expect("legal");
    }
    (game.outcome().is_none() && !crate::rules::has_capture(game.position())).then_some(game)
}

/// A self-play game's start: a random opening of `plies` from `seed`, and `engine` readied
/// for a new game with that seed and `variety` (the tuner and the pattern data use the same).
pub fn begin(engine: &mut Engine, rules: RuleSet, plies: usize, seed: u64, variety: i32) -> Game {
    let game = random_opening(rules, plies, &mut rng(seed));
    engine.set_seed(Some(seed));
    engine.set_variety(variety);
    engine.new_game();
    game
}

/// A seeded generator (for openings and random movers).
pub fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// Wins, draws and losses from one player's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The fraction of the points, 0..=1.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            self.points() / f64::from(self.games())
        }
    }

    /// The Elo difference and its 95% interval (normal approximation of the mean score).
    /// `None` for an empty match or a score of 0% or 100%, which has no finite Elo.
    pub fn elo(&self) -> Option<EloEstimate> {
        let n = f64::from(self.games());
        let s = self.score();
        let elo = elo_of(s).filter(|_| n > 0.0)?;
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let half = 1.96 * (var / n).sqrt();
        Some(EloEstimate {
            elo,
            low: elo_of(s - half),
            high: elo_of(s + half),
        })
    }
}

/// An Elo difference measured by a match, with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    /// The interval's lower end; `None` when the score's interval reaches 0%, where the Elo
    /// has no finite bound (too few games for the score).
    pub low: Option<f64>,
    /// The interval's upper end; `None` when the score's interval reaches 100%.
    pub high: Option<f64>,
}

impl EloEstimate {
    /// Half the interval's width, when both ends are finite.
    pub fn margin(&self) -> Option<f64> {
        Some((self.high? - self.low?) / 2.0)
    }
}

/// The Elo difference that gives an expected score `s`; `None` at or beyond 0% and 100%,
/// where it is infinite.
pub fn elo_of(s: f64) -> Option<f64> {
    (s > 0.0 && s < 1.0).then(|| -400.0 * (1.0 / s - 1.0).log10())
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
    fn elo_arithmetic() {
        let even = tally(10, 0, 10).elo().unwrap();
        assert!(even.elo.abs() < 1e-9);
        let m = even.margin().unwrap();
        assert!(m > 100.0 && m < 200.0, "{m}");
        // 75% is about +191 Elo.
        assert!((tally(50, 50, 0).elo().unwrap().elo - 190.8).abs() < 1.0);
        assert_eq!(Tally::default().elo(), None);
        assert_eq!(tally(3, 0, 0).elo(), None);
        assert_eq!(tally(0, 0, 3).elo(), None);
    }

    /// The interval computed by hand: W 30, D 20, L 10 scores 0.6667 with a standard error
    /// of sqrt(((30 (1/3)^2 + 20 (1/6)^2 + 10 (2/3)^2) / 60) / 60) = 0.04811, so 95% is
    /// 0.5724..0.7610: +50.6..+201.2 Elo around +120.4, a margin of 75.3.
    #[test]
    fn elo_interval_matches_a_hand_computed_one() {
        let e = tally(30, 20, 10).elo().unwrap();
        assert!((e.elo - 120.41).abs() < 0.01, "{e:?}");
        assert!((e.low.unwrap() - 50.6).abs() < 0.1, "{e:?}");
        assert!((e.high.unwrap() - 201.2).abs() < 0.1, "{e:?}");
        assert!((e.margin().unwrap() - 75.3).abs() < 0.1, "{e:?}");
    }

    /// A score near 100% (or 0%) is not capped at +-800, and an interval that reaches past
    /// 100% has no upper end, instead of an end at the cap that made the margin look measured
    /// ("+2 =1 -1: Elo +89 +- 510", whose 510 came from the cap alone).
    #[test]
    fn elo_interval_past_a_whole_score_has_no_end_there() {
        let e = tally(2, 1, 1).elo().unwrap();
        assert!((e.elo - 88.7).abs() < 0.1, "{e:?}");
        assert_eq!(e.high, None);
        assert!((e.low.unwrap() + 221.2).abs() < 0.1, "{e:?}");
        assert_eq!(e.margin(), None);
        let e = tally(1, 0, 1).elo().unwrap();
        assert_eq!((e.low, e.high), (None, None));
        // 199.5 of 200: +1040 Elo, not the cap's +798.
        let e = tally(199, 1, 0).elo().unwrap();
        assert!((e.elo - 1040.4).abs() < 0.1, "{e:?}");
        let e = tally(1, 0, 3).elo().unwrap();
        assert!(e.high.is_some() && e.low.is_none(), "{e:?}");
    }

    #[test]
    fn openings_are_quiet_and_reproducible() {
        let a = random_opening(RuleSet::Italian, 6, &mut rng(7));
        let b = random_opening(RuleSet::Italian, 6, &mut rng(7));
        assert_eq!(a.moves(), b.moves());
        assert!(!crate::rules::has_capture(a.position()));
    }
}
