//! What the game screen and the engine thread say to each other: search requests out,
//! progress and results back. Every search has an id, so an answer to a stopped search is
//! recognised and dropped.

use crate::engine::Limits;
use crate::rules::{Game, Move};

/// Why a search was started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine's own move.
    Move,
    /// The best move for the player, drawn on the board.
    Hint,
    /// The player offered a draw: the engine judges the position (R-G5).
    DrawOffer,
    /// Reviewing a game: the position after this many plies.
    Review(usize),
    /// The analysis board: the engine's best lines, until stopped.
    Analysis,
    /// Training: the line after a move (the winning line, or the answer to the player's move);
    /// for a proven shot's winning line, its proof, so that the line shows the gain.
    Training(Option<ShotProof>),
}

/// What a shot's proof says of its winning move: the material before it (centi-men, the
/// winner's view), what it wins, and the depth of the full-width search that proved it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShotProof {
    pub before: i32,
    pub gain: i32,
    pub depth: u32,
}

/// Work for the engine thread.
#[derive(Clone, Debug)]
pub enum Request {
    /// Search this game's current position (the history is there for repetitions).
    Search {
        id: u64,
        game: Box<Game>,
        /// How long the engine may think (a [`crate::engine::Strength`]'s limits, or a share
        /// of the clock under a time control).
        limits: Limits,
        /// Only the engine's own moves vary among near-equal moves; a hint or a draw verdict
        /// is the best move and score the engine found.
        purpose: Purpose,
        /// For the engine's own moves: root moves within this many centi-men of the best may
        /// be played ([`crate::engine::Strength::variety`]).
        variety: i32,
        /// For the engine's own moves: a position of the opening book is answered from it.
        book: bool,
    },
    /// The analysis board: search this game's current position for its best `lines` lines
    /// (multi-PV) until stopped, on every thread the engine has, reporting
    /// [`EngineMsg::Lines`] after each iteration and [`EngineMsg::Done`] at the end.
    Analyse {
        id: u64,
        game: Box<Game>,
        lines: usize,
    },
    /// Stop the running search at once.
    Stop,
    /// Forget what was learnt (hash tables) before a new game.
    NewGame,
}

/// What the engine reports about a search; `score` is from the side to move's view.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Report {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub nps: u64,
    pub pv: Vec<Move>,
    /// The endgame tables decided the score (shown as `(tables)`).
    pub tables: bool,
}

impl Report {
    /// The engine's move came from the opening book, not a search: the worker reports such a
    /// move at depth 0 with no nodes (a search always finishes depth 1).
    pub fn is_book(&self) -> bool {
        self.depth == 0 && self.nodes == 0 && self.pv.len() == 1
    }
}

/// A message from the engine thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMsg {
    /// Progress (one per finished iteration).
    Info { id: u64, report: Report },
    /// An analysis's lines after an iteration, best first.
    Lines { id: u64, lines: Vec<Report> },
    /// The search ended.
    Done {
        id: u64,
        best: Option<Move>,
        report: Report,
    },
}
