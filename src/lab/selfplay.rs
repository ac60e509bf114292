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

    /// Elo difference and the half-width of its 95% interval. `None` for an empty match; a
    /// 100% (or 0%) score has no finite Elo and is reported at the +-800 cap.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        if n == 0.0 {
            return None;
        }
        let s = self.score();
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let se = (var / n).sqrt();
        let lo = elo_of(s - 1.96 * se);
        let hi = elo_of(s + 1.96 * se);
        Some((elo_of(s), (hi - lo) / 2.0))
    }
}

/// The Elo difference that gives an expected score `s` (capped at +-800).
pub fn elo_of(s: f64) -> f64 {
    let s = s.clamp(0.01, 0.99);
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-800.0, 800.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_arithmetic() {
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (e, m) = even.elo().unwrap();
        assert!(e.abs() < 1e-9);
        assert!(m > 100.0 && m < 200.0, "{m}");
        // 75% is about +191 Elo.
        let t = Tally {
            wins: 50,
            draws: 50,
            losses: 0,
        };
        assert!((t.elo().unwrap().0 - 190.8).abs() < 1.0);
        assert_eq!(Tally::default().elo(), None);
    }

    #[test]
    fn openings_are_quiet_and_reproducible() {
        let a = random_opening(RuleSet::Italian, 6, &mut rng(7));
        let b = random_opening(RuleSet::Italian, 6, &mut rng(7));
        assert_eq!(a.moves(), b.moves());
        assert!(!crate::rules::has_capture(a.position()));
    }
}
