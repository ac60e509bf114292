//! What the book says of a position: every legal move with the book's value of the position
//! it leads to, and the pick among the sound ones.
//!
//! A position is "in book" only when its record is expanded (the build searched every legal
//! move's position) and every move's position is found: the moves come from the position's
//! own legal moves, so a book move is always legal, and a position the book knows only in
//! part (a hash met by chance) is never played from it.

use super::Book;
use crate::engine::Strength;
use crate::rules::{Game, Move, Position, legal_moves};
use rand::{Rng, RngExt};

/// One move of a position in book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    /// The book's value of the move, from the mover's view (centi-men, or the engine's win
    /// and loss encoding).
    pub score: i32,
}

/// The widest margin below the book's best move that a pick goes (the lowest levels): a
/// quarter of a man by the book's deep searches is a sound alternative, more is a mistake the
/// level's own search may make but the book should not teach.
pub const MAX_MARGIN: i32 = 25;

/// How far below the book's best a move picked for `strength` may be: the level's variety
/// margin, at most [`MAX_MARGIN`] (the engine's own 0.06 at the top levels, a time or a
/// depth).
pub fn margin(strength: Strength) -> i32 {
    strength.variety().clamp(0, MAX_MARGIN)
}

impl Book {
    /// Every legal move of `pos` with its book value, best first (equal values in the order of
    /// the legal moves), when `pos` is in book; `None` otherwise (not in the book, only a leaf
    /// of it, a position with kings, or one with no legal move).
    pub fn moves(&self, pos: &Position) -> Option<Vec<BookMove>> {
        if pos.rules() != self.rules() || !pos.kings().is_empty() {
            return None;
        }
        let rec = self.find(pos.hash())?;
        if !rec.expanded() {
            return None;
        }
        let legal = legal_moves(pos);
        if legal.is_empty() {
            return None;
        }
        let mut out = Vec::with_capacity(legal.len());
        for m in legal.iter() {
            let child = self.find(pos.after(m).hash())?;
            out.push(BookMove {
                mv: *m,
                score: -i32::from(child.value),
            });
        }
        out.sort_by_key(|b| -b.score);
        Some(out)
    }

    /// [`Book::moves`] of the game's current position, `None` once the game is over.
    pub fn moves_in(&self, game: &Game) -> Option<Vec<BookMove>> {
        if game.outcome().is_some() {
            return None;
        }
        self.moves(game.position())
    }

    /// A move of the game's current position from the book: one picked at random among those
    /// within `margin` centi-men of the book's best. `None` when the position is not in book.
    pub fn pick(&self, game: &Game, margin: i32, rng: &mut impl Rng) -> Option<BookMove> {
        let moves = self.moves_in(game)?;
        let best = moves[0].score;
        let n = moves
            .iter()
            .take_while(|b| b.score >= best - margin.max(0))
            .count();
        Some(moves[rng.random_range(0..n)])
    }
}

/// The book's moves formatted for a report: `22-18 +0.12, 21-17 +0.05` (at most `most`).
pub fn describe(moves: &[BookMove], most: usize) -> String {
    moves
        .iter()
        .take(most)
        .map(|b| format!("{} {}", b.mv, crate::engine::format_score(b.score)))
        .collect::<Vec<_>>()
        .join(", ")
}
