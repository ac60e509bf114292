//! Moves that describe themselves: start, landing squares, captured pieces (and which of them
//! were kings), promotion. Undo, notation and the ladder need no board lookup.

use super::square::geometry;
use super::{Bitboard, RuleSet, Square};
use arrayvec::ArrayVec;
use std::fmt;

/// Longest capture chain: a side has at most 12 pieces to lose.
pub const MAX_JUMPS: usize = 12;

/// Room for every legal move of any position reachable in play: quiet moves are at most 48
/// (12 kings x 4), and merged capture chains (R-C7) stay far below this.
pub const MAX_MOVES: usize = 256;

pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// 16 bytes: move lists are written at every node and reordered by the search.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    jumps: u8,
    flags: u8,
    /// The direction of each jump of a capture ([`super::Dir`] as 2 bits, first jump in the
    /// low bits): with the start square and the rule set's board (flag `ENGLISH`) they give
    /// the landing squares.
    dirs: u32,
    captured: u32,
    captured_kings: u32,
}

const KING: u8 = 1;
const PROMOTES: u8 = 2;
const ENGLISH: u8 = 4;

impl Move {
    /// A quiet move (one step, no capture).
    pub(crate) fn quiet(from: u8, to: u8, king: bool, promotes: bool) -> Move {
        Move {
            from,
            to,
            jumps: 0,
            flags: (king as u8 * KING) | (promotes as u8 * PROMOTES),
            dirs: 0,
            captured: 0,
            captured_kings: 0,
        }
    }

    /// A capture chain of `jumps` jumps in the directions `dirs` (packed as in the field
    /// doc), ending on `to`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn capture(
        rules: RuleSet,
        from: u8,
        to: u8,
        dirs: u32,
        jumps: u8,
        captured: u32,
        captured_kings: u32,
        king: bool,
        promotes: bool,
    ) -> Move {
        let english = matches!(rules, RuleSet::English);
        Move {
            from,
            to,
            jumps,
            flags: (king as u8 * KING) | (promotes as u8 * PROMOTES) | (english as u8 * ENGLISH),
            dirs,
            captured,
            captured_kings,
        }
    }

    pub fn from(&self) -> Square {
        Square::new(self.from)
    }

    pub fn to(&self) -> Square {
        Square::new(self.to)
    }

    pub fn is_capture(&self) -> bool {
        self.jumps > 0
    }

    /// Number of pieces captured.
    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// Every square the piece lands on, in order (for a quiet move just the destination).
    pub fn path(&self) -> impl Iterator<Item = Square> + '_ {
        let rules = if self.flags & ENGLISH != 0 {
            RuleSet::English
        } else {
            RuleSet::Italian
        };
        let jump = &geometry(rules).jump;
        let quiet = self.jumps == 0;
        let mut sq = self.from;
        (0..self.jumps.max(1)).map(move |i| {
            if quiet {
                return self.to();
            }
            let d = (self.dirs >> (2 * i)) & 3;
            sq = jump[sq as usize][d as usize].1;
            Square::new(sq)
        })
    }

    /// The squares of the captured pieces.
    pub fn captured(&self) -> Bitboard {
        Bitboard(self.captured)
    }

    /// The squares of the captured kings (a subset of [`Move::captured`]).
    pub fn captured_kings(&self) -> Bitboard {
        Bitboard(self.captured_kings)
    }

    /// Whether the moving piece was a king before the move.
    pub fn is_king_move(&self) -> bool {
        self.flags & KING != 0
    }

    /// Whether a man becomes a king on this move (R-K1).
    pub fn promotes(&self) -> bool {
        self.flags & PROMOTES != 0
    }

    /// Irreversible moves (a capture or a man move) reset the draw counters (R-G2, R-G3).
    pub fn is_irreversible(&self) -> bool {
        self.is_capture() || !self.is_king_move()
    }

    /// (from, to) as bit indices; the mask proves them in range so that make's table
    /// lookups need no bounds checks.
    #[inline(always)]
    pub(crate) fn squares_raw(&self) -> (usize, usize) {
        (usize::from(self.from & 31), usize::from(self.to & 31))
    }

    pub(crate) fn captured_raw(&self) -> (u32, u32) {
        (self.captured, self.captured_kings)
    }

    /// Standard notation (R-N1): `22-18`, `21x14`, `10x19x26`.
    pub fn notation(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from().number())?;
        if self.is_capture() {
            for s in self.path() {
                write!(f, "x{}", s.number())?;
            }
            Ok(())
        } else {
            write!(f, "-{}", self.to().number())
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self}")?;
        if !self.captured().is_empty() {
            write!(f, " takes {:?}", self.captured())?;
        }
        if self.promotes() {
            write!(f, " promotes")?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_16_bytes() {
        // Move lists are filled at every node and reordered by the search.
        assert_eq!(std::mem::size_of::<Move>(), 16);
    }
}
