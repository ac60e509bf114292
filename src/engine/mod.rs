//! The computer player: an alpha-beta searcher over the rules module. Depends on `rules` only
//! and never prints; commands and the TUI report what it finds.
//!
//! Scores are centi-men (a man is worth 100) from the side to move's view. A score above
//! `WIN - 1000` is a forced win, `WIN - score` plies away; below `-(WIN - 1000)` a forced loss.

pub mod bench;
pub mod endgame;
pub mod eval;
pub mod limits;
pub mod ordering;
pub mod params;
pub mod search;
pub mod selfplay;
pub mod sprt;
pub mod strength;
pub mod tt;
pub mod tune;

pub use limits::Limits;
pub use search::{Engine, Style};
pub use strength::Strength;

use crate::rules::Move;
use std::time::Duration;

/// The score of a won position at the root (a win found `n` plies away scores `WIN - n`).
pub const WIN: i32 = 30_000;

/// A report on one finished iteration of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub nps: u64,
    pub elapsed: Duration,
    /// The principal variation, the move to play first.
    pub pv: Vec<Move>,
    /// The endgame tables decided the score (exact, the draw rules aside).
    pub tables: bool,
}

/// What a search decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    pub score: i32,
    /// The deepest finished iteration (0 if none finished).
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
    /// The endgame tables chose the move.
    pub tables: bool,
}

/// Whether a score is a forced win or loss.
pub fn is_decisive(score: i32) -> bool {
    score.abs() > WIN - 1000
}

/// A score for people: `+1.25` (men), `-0.40`, `win in 7` / `loss in 4` (plies to the end).
pub fn format_score(score: i32) -> String {
    if score > WIN - 1000 {
        format!("win in {}", WIN - score)
    } else if score < -(WIN - 1000) {
        format!("loss in {}", WIN + score)
    } else {
        let sign = if score < 0 { "-" } else { "+" };
        let a = score.unsigned_abs();
        format!("{sign}{}.{:02}", a / 100, a % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_can_live_on_a_worker_thread() {
        fn send<T: Send>() {}
        send::<Engine>();
        send::<SearchResult>();
    }

    #[test]
    fn scores_read_as_people_expect() {
        assert_eq!(format_score(125), "+1.25");
        assert_eq!(format_score(-40), "-0.40");
        assert_eq!(format_score(0), "+0.00");
        assert_eq!(format_score(WIN - 7), "win in 7");
        assert_eq!(format_score(-(WIN - 4)), "loss in 4");
        assert!(is_decisive(WIN - 3) && !is_decisive(900));
    }
}
