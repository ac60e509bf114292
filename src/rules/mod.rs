//! The game itself: board geometry, positions, legal moves (with the Italian capture ladder),
//! draw counters, game history and perft. Depends on nothing else in the crate but `pool`
//! (perft's threads, itself depending on nothing).
//!
//! Both rule sets run through one code path; a [`RuleSet`] value picks the board geometry
//! (R-B2/R-B4), who moves first (R-B5), whether men may take kings (R-M3) and which capture
//! filter applies (R-C5 ladder or R-C6 free choice).

mod bitboard;
mod capture;
mod draw;
mod game;
mod movegen;
mod moves;
mod perft;
mod position;
mod square;
mod zobrist;

pub use bitboard::Bitboard;
pub use draw::{DrawState, NO_PROGRESS_LIMIT, line_without_return};
pub use game::{DrawReason, Game, IllegalMove, Outcome, WinReason, won_on_board};
pub use movegen::{
    Capturers, find_capturers, has_capture, legal_moves, legal_moves_given, legal_moves_into,
    quiet_only_count,
};
pub use moves::{MAX_JUMPS, MAX_MOVES, Move, MoveList};
pub use perft::{divide, divide_threads, perft, perft_threads};
pub use position::{Position, PositionError, Setup};
pub use square::{Dir, Square};

use std::fmt;

/// Which game is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RuleSet {
    /// Dama italiana (Italian draughts): the default.
    #[default]
    Italian,
    /// American checkers / English draughts.
    English,
}

impl RuleSet {
    /// The side that moves first (R-B5).
    pub fn first_to_move(self) -> Color {
        match self {
            RuleSet::Italian => Color::White,
            RuleSet::English => Color::Black,
        }
    }

    /// Whether a man may capture a king (R-M3).
    pub fn men_capture_kings(self) -> bool {
        matches!(self, RuleSet::English)
    }

    /// Lower-case name, as used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Italian => "italian",
            RuleSet::English => "english",
        }
    }

    /// The PDN `GameType` tag value (R-N3).
    pub fn pdn_game_type(self) -> &'static str {
        match self {
            RuleSet::Italian => "22,W,8,8,N2,1",
            RuleSet::English => "21,B,8,8,N1,0",
        }
    }

    /// The FEN of the start position (R-N2).
    pub fn start_fen(self) -> &'static str {
        match self {
            RuleSet::Italian => "W:W21-32:B1-12",
            RuleSet::English => "B:W21-32:B1-12",
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A side. White starts on squares 21-32 and moves up the board (towards square 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// `W` or `B`, as in FEN.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Man or king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Man,
    King,
}

/// A piece: a side and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}
