//! The computer player: an alpha-beta searcher over the rules module. Depends on `rules` only
//! and never prints; commands and the TUI report what it finds.
//!
//! Scores are centi-men (a man is worth 100) from the side to move's view, or a forced win or
//! loss in so many plies: [`score`] holds the encoding.

pub mod endgame;
pub mod eval;
pub mod limits;
pub mod ordering;
pub mod params;
pub mod score;
pub mod search;
pub mod strength;
pub mod tt;

pub use limits::Limits;
pub use score::{WIN, format_score, is_decisive};
pub use search::{Engine, Style};
pub use strength::Strength;

use crate::rules::{Move, Position, RuleSet};
use std::time::Duration;

/// Makes ready now what the first search of `rules` would otherwise make on its time: the
/// solved king endings (about 18 ms in a release build) and the evaluation's tables (about
/// 5 ms). Once per process and rule set; later calls cost nothing. The search calls it before
/// its clock starts; `dama engine`, the board's engine and `match` call it when they start (and
/// on a change of rules), so that even the first `go movetime 50` answers in 50 ms.
/// Weights set by `--pattern-weights` or `--network-weights` must be set before.
pub fn prepare(rules: RuleSet) {
    endgame::prepare(rules);
    std::hint::black_box(eval::evaluate(&Position::start(rules)));
}

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

/// The most lines a multi-PV analysis shows ([`Engine::search_lines`]).
pub const MAX_LINES: usize = 10;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_can_live_on_a_worker_thread() {
        fn send<T: Send>() {}
        send::<Engine>();
        send::<SearchResult>();
    }
}
