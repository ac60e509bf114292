//! Putting a suite to the engine: each position searched from a fresh start (no table entries
//! or move-ordering memory from the one before), always the best move found (variety 0).

use super::Shot;
use crate::engine::{Engine, Limits};
use crate::rules::{Game, Move};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The engine's answer to one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The move it chose (`None` only for a position without a legal move).
    pub played: Option<Move>,
    pub solved: bool,
    pub score: i32,
    /// The deepest finished iteration.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The first finished iteration from which the engine kept the winning move to the end
    /// (its depth and the time it was reported); `None` when it did not end on it.
    pub found_at: Option<(u32, Duration)>,
    /// The move the last finished iteration put first: when it is not the move played, an
    /// iteration cut short by the limit changed the engine's mind.
    pub last_finished: Option<Move>,
}

/// Searches `shot`'s position within `limits` and compares the engine's move with the
/// suite's. The engine's table and memory are cleared first and its variety set to 0.
pub fn attempt(engine: &mut Engine, shot: &Shot, limits: Limits) -> Attempt {
    engine.set_variety(0);
    engine.new_game();
    let game = Game::new(shot.pos);
    let mut found_at = None;
    let mut last_finished = None;
    // Solved endings are made once per process: not on the first position's time.
    crate::engine::endgame::prepare(shot.pos.rules());
    let start = Instant::now();
    let r = engine.search(&game, limits, &AtomicBool::new(false), &mut |info| {
        last_finished = info.pv.first().copied();
        if info.pv.first() == Some(&shot.best) {
            found_at = found_at.or(Some((info.depth, info.elapsed)));
        } else {
            found_at = None;
        }
    });
    let solved = r.best == Some(shot.best);
    Attempt {
        played: r.best,
        solved,
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        elapsed: start.elapsed(),
        found_at: found_at.filter(|_| solved),
        last_finished,
    }
}
