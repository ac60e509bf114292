//! Positions: an unvalidated [`Setup`] (what a FEN says) and a validated, playable
//! [`Position`] with an incrementally kept Zobrist hash.

use super::zobrist;
use super::{Bitboard, Color, Kind, Move, Piece, RuleSet, Square};
use std::fmt;

/// The far row for each side: White promotes on 1-4, Black on 29-32 (R-K1).
pub(crate) const PROMOTION_ROW: [u32; 2] = [0x0000_000F, 0xF000_0000];

/// A position as written, not yet checked: square numbers may be out of range, pieces may
/// repeat or stand where they could not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub side_to_move: Color,
    /// (square number, piece) in the order written.
    pub pieces: Vec<(u32, Piece)>,
}

/// Why a [`Setup`] is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square number outside 1..=32.
    SquareOutOfRange(u32),
    /// The same square given twice.
    SquareTwice(u32),
    /// A man on the row where it would already have been promoted.
    ManOnPromotionRow { square: u32, color: Color },
    /// More than 12 pieces for one side (R-B3).
    TooManyPieces { color: Color, count: usize },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::SquareOutOfRange(n) => {
                write!(f, "square {n} is not on the board (squares are 1-32)")
            }
            PositionError::SquareTwice(n) => write!(f, "square {n} is given twice"),
            PositionError::ManOnPromotionRow { square, color } => write!(
                f,
                "a {} man cannot stand on square {square}: it would have been crowned there",
                color.name().to_lowercase()
            ),
            PositionError::TooManyPieces { color, count } => {
                write!(f, "{color} has {count} pieces; a side has at most 12")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A legal, playable position of one rule set.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    rules: RuleSet,
    side: Color,
    /// Pieces by colour (index: `Color::index`).
    pieces: [u32; 2],
    kings: u32,
    hash: u64,
}

impl Position {
    /// The start position of a rule set (R-B3, R-B5).
    pub fn start(rules: RuleSet) -> Position {
        let mut p = Position {
            rules,
            side: rules.first_to_move(),
            pieces: [0xFFF0_0000, 0x0000_0FFF],
            kings: 0,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    /// Validates a setup.
    ///
    /// # Errors
    /// A [`PositionError`] naming the first square or side that is wrong.
    pub fn from_setup(rules: RuleSet, setup: &Setup) -> Result<Position, PositionError> {
        let mut pieces = [0u32; 2];
        let mut kings = 0u32;
        for &(n, piece) in &setup.pieces {
            let sq = Square::from_number(n).ok_or(PositionError::SquareOutOfRange(n))?;
            let bit = 1u32 << sq.index();
            if (pieces[0] | pieces[1]) & bit != 0 {
                return Err(PositionError::SquareTwice(n));
            }
            if piece.kind == Kind::Man && PROMOTION_ROW[piece.color.index()] & bit != 0 {
                return Err(PositionError::ManOnPromotionRow {
                    square: n,
                    color: piece.color,
                });
            }
            pieces[piece.color.index()] |= bit;
            if piece.kind == Kind::King {
                kings |= bit;
            }
        }
        for color in [Color::White, Color::Black] {
            let count = pieces[color.index()].count_ones() as usize;
            if count > 12 {
                return Err(PositionError::TooManyPieces { color, count });
            }
        }
        let mut p = Position {
            rules,
            side: setup.side_to_move,
            pieces,
            kings,
            hash: 0,
        };
        p.hash = p.compute_hash();
        Ok(p)
    }

    /// A position straight from bitboards (bit `i` for square `i + 1`): `pieces` by colour
    /// index, `kings` a subset of them. For generators that already know the placement is
    /// legal (the endgame tables); `None` if the colours overlap, a king is not a piece, or a
    /// man stands on its promotion row.
    pub fn from_bitboards(
        rules: RuleSet,
        side: Color,
        pieces: [u32; 2],
        kings: u32,
    ) -> Option<Position> {
        let men = [pieces[0] & !kings, pieces[1] & !kings];
        if pieces[0] & pieces[1] != 0
            || kings & !(pieces[0] | pieces[1]) != 0
            || men[0] & PROMOTION_ROW[0] != 0
            || men[1] & PROMOTION_ROW[1] != 0
        {
            return None;
        }
        let mut p = Position {
            rules,
            side,
            pieces,
            kings,
            hash: 0,
        };
        p.hash = p.compute_hash();
        Some(p)
    }

    /// The setup this position came from (pieces in square order, White first).
    pub fn to_setup(&self) -> Setup {
        let mut pieces = Vec::new();
        for color in [Color::White, Color::Black] {
            for sq in self.pieces_of(color) {
                pieces.push((u32::from(sq.number()), self.piece_at(sq).expect("occupied")));
            }
        }
        Setup {
            side_to_move: self.side,
            pieces,
        }
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn pieces_of(&self, color: Color) -> Bitboard {
        Bitboard(self.pieces[color.index()])
    }

    pub fn kings(&self) -> Bitboard {
        Bitboard(self.kings)
    }

    pub fn men_of(&self, color: Color) -> Bitboard {
        Bitboard(self.pieces[color.index()] & !self.kings)
    }

    pub fn kings_of(&self, color: Color) -> Bitboard {
        Bitboard(self.pieces[color.index()] & self.kings)
    }

    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.pieces[0] | self.pieces[1])
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = 1u32 << sq.index();
        let color = if self.pieces[0] & bit != 0 {
            Color::White
        } else if self.pieces[1] & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = if self.kings & bit != 0 {
            Kind::King
        } else {
            Kind::Man
        };
        Some(Piece { color, kind })
    }

    #[inline(always)]
    pub(crate) fn raw(&self) -> ([u32; 2], u32) {
        (self.pieces, self.kings)
    }

    /// The hash computed from nothing; [`Position::hash`] must always equal it.
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            zobrist::BLACK_TO_MOVE
        } else {
            0
        };
        for c in 0..2 {
            for sq in Bitboard(self.pieces[c]) {
                let k = (self.kings >> sq.index()) & 1;
                h ^= zobrist::PIECE[c][k as usize][sq.index()];
            }
        }
        h
    }

    /// Plays a move from this position's legal move list. No legality check: the search and
    /// perft use it on generated moves; [`super::Game::play`] checks.
    #[inline(always)]
    pub fn make(&mut self, m: &Move) {
        let us = self.side.index();
        let them = 1 - us;
        let (from, to) = m.squares_raw();
        let kind_before = m.is_king_move() as usize;
        let kind_after = (m.is_king_move() || m.promotes()) as usize;
        // from == to (a chain back to its start) cancels out in both XORs, as it should.
        self.pieces[us] ^= (1 << from) ^ (1 << to);
        if kind_before == 1 {
            self.kings ^= (1 << from) ^ (1 << to);
        } else if kind_after == 1 {
            self.kings |= 1 << to;
        }
        self.hash ^= zobrist::PIECE[us][kind_before][from] ^ zobrist::PIECE[us][kind_after][to];
        let (captured, captured_kings) = m.captured_raw();
        if captured != 0 {
            self.pieces[them] &= !captured;
            self.kings &= !captured_kings;
            self.hash ^= captured_hash(them, captured, captured_kings);
        }
        self.side = self.side.opposite();
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    /// Takes back `m`, which must be the last move made on this position.
    #[inline]
    pub fn unmake(&mut self, m: &Move) {
        self.side = self.side.opposite();
        self.hash ^= zobrist::BLACK_TO_MOVE;
        let us = self.side.index();
        let them = 1 - us;
        let (from, to) = m.squares_raw();
        let kind_before = m.is_king_move() as usize;
        let kind_after = (m.is_king_move() || m.promotes()) as usize;
        if kind_before == 1 {
            self.kings ^= (1 << from) ^ (1 << to);
        } else if kind_after == 1 {
            self.kings &= !(1 << to);
        }
        self.pieces[us] ^= (1 << from) ^ (1 << to);
        self.hash ^= zobrist::PIECE[us][kind_before][from] ^ zobrist::PIECE[us][kind_after][to];
        let (captured, captured_kings) = m.captured_raw();
        if captured != 0 {
            self.pieces[them] |= captured;
            self.kings |= captured_kings;
            self.hash ^= captured_hash(them, captured, captured_kings);
        }
    }

    /// The position after `m` (copy-make).
    #[inline]
    pub fn after(&self, m: &Move) -> Position {
        let mut p = *self;
        p.make(m);
        p
    }
}

fn captured_hash(color: usize, captured: u32, kings: u32) -> u64 {
    let mut h = 0;
    for sq in Bitboard(captured) {
        let k = (kings >> sq.index()) & 1;
        h ^= zobrist::PIECE[color][k as usize][sq.index()];
    }
    h
}

/// The board as White sees it: `w`/`b` men, `W`/`B` kings, `.` empty dark squares.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} to move ({})", self.side, self.rules)?;
        for row in 0..8u8 {
            for file in 0..8u8 {
                let c = match Square::at(self.rules, row, file) {
                    None => ' ',
                    Some(sq) => match self.piece_at(sq) {
                        None => '.',
                        Some(Piece {
                            color: Color::White,
                            kind: Kind::Man,
                        }) => 'w',
                        Some(Piece {
                            color: Color::White,
                            kind: Kind::King,
                        }) => 'W',
                        Some(Piece {
                            color: Color::Black,
                            kind: Kind::Man,
                        }) => 'b',
                        Some(Piece {
                            color: Color::Black,
                            kind: Kind::King,
                        }) => 'B',
                    },
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
