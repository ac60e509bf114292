//! Moves that describe themselves: start, landing squares, captured pieces (and which of them
//! were kings), promotion. Undo, notation and the ladder need no board lookup.

use super::{Bitboard, Square};
use arrayvec::ArrayVec;
use std::fmt;

/// Longest capture chain: a side has at most 12 pieces to lose.
pub const MAX_JUMPS: usize = 12;

/// Room for every legal move of any position reachable in play: quiet moves are at most 48
/// (12 kings x 4), and merged capture chains (R-C7) stay far below this.
pub const MAX_MOVES: usize = 256;

pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    jumps: u8,
    flags: u8,
    /// Landing squares of a capture, 5 bits each, first jump in the low bits.
    path: u64,
    captured: u32,
    captured_kings: u32,
}

const KING: u8 = 1;
const PROMOTES: u8 = 2;

impl Move {
    /// A quiet move (one step, no capture).
    pub(crate) fn quiet(from: u8, to: u8, king: bool, promotes: bool) -> Move {
        Move {
            from,
            to,
            jumps: 0,
            flags: (king as u8 * KING) | (promotes as u8 * PROMOTES),
            path: 0,
            captured: 0,
            captured_kings: 0,
        }
    }

    /// A capture chain; `path` packs the landing squares as in the field doc.
    pub(crate) fn capture(
        from: u8,
        path: u64,
        jumps: u8,
        captured: u32,
        captured_kings: u32,
        king: bool,
        promotes: bool,
    ) -> Move {
        let to = ((path >> (5 * (jumps as u64 - 1))) & 31) as u8;
        Move {
            from,
            to,
            jumps,
            flags: (king as u8 * KING) | (promotes as u8 * PROMOTES),
            path,
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
        let n = self.jumps.max(1) as u64;
        let quiet = self.jumps == 0;
        (0..n).map(move |i| {
            if quiet {
                self.to()
            } else {
                Square::new(((self.path >> (5 * i)) & 31) as u8)
            }
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
