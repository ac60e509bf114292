//! A set of squares as 32 bits, bit `i` for square number `i + 1`.

use super::Square;
use std::fmt;
use std::ops::{BitAnd, BitOr, BitXor, Not};

#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u32);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    pub fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    pub fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares in number order.
    pub fn iter(self) -> Squares {
        Squares(self.0)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        Bitboard(iter.into_iter().fold(0, |acc, s| acc | 1 << s.index()))
    }
}

/// Iterator over the squares of a bitboard, lowest number first.
pub struct Squares(pub(crate) u32);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::new(i as u8))
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ o.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.number()))
            .finish()
    }
}
