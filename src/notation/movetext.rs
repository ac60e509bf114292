//! Move text (R-N1): writing moves in standard form (`22-18`, `21x14`, `10x19x26`) and reading
//! what people and other programs write, checked against a position.
//!
//! Reading is two steps, so that errors keep syntax apart from meaning: [`MoveText::parse`]
//! reads the squares and separators without a position ([`MoveTextError::NotAMove`]);
//! [`MoveText::resolve`] finds the legal move they name ([`MoveTextError::Illegal`],
//! [`MoveTextError::Ambiguous`]). [`parse_move`] does both.
//!
//! Accepted forms: `22-18`; a capture with every landing square (`10x19x26`); a capture with
//! some or all intermediate landings left out (`10x26`, as CheckerBoard writes multi-jumps)
//! when exactly one legal capture matches; `x`, `X` or `:` as the capture separator; a capture
//! written with `-` or a step written with `x` when the move it names is unique.

use super::excerpt;
use crate::rules::{Color, Dir, Move, MoveList, Position, Square, legal_moves_into};
use std::fmt;

/// Writes a move in standard form (R-N1): `22-18`, `21x14`, `10x19x26`.
pub fn write_move(m: &Move) -> String {
    m.to_string()
}

/// Reads a move and finds the legal move of `pos` it names.
///
/// # Errors
/// [`MoveTextError::NotAMove`] when the text is not move notation, [`MoveTextError::Illegal`]
/// when no legal move matches, [`MoveTextError::Ambiguous`] when several do.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    MoveText::parse(text)?.resolve(pos)
}

/// A move as written, read without a position: the squares in order and whether it was
/// written as a capture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    text: String,
    squares: Vec<Square>,
    capture: bool,
}

/// What is wrong with the syntax of a move. Columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// Nothing to read.
    Empty,
    /// A character that has no place in a move.
    UnexpectedChar { column: usize, found: char },
    /// A separator with no square after it (or before it).
    MissingSquare { column: usize },
    /// A number that is not a square (squares are 1-32).
    BadSquare { column: usize, number: String },
    /// Only one square: a move needs a start and a landing square.
    OneSquare,
    /// `-` and `x` in the same move.
    MixedSeparators { column: usize },
}

/// Why a well-formed move is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The side to move has no legal move: the game is over (R-G1).
    NoMoves,
    /// No piece stands on the start square.
    EmptySquare(Square),
    /// The piece on the start square belongs to the side not to move.
    NotYourPiece { square: Square, to_move: Color },
    /// A capture is available, so a move that does not capture is illegal (R-C1); lists the
    /// legal captures.
    MustCapture { captures: Vec<Move> },
    /// A capture is compulsory but this is not one of the legal captures (wrong path, or one
    /// the Italian ladder rules out, R-C5); lists the legal captures.
    NotALegalCapture { captures: Vec<Move> },
    /// There is nothing to capture.
    NothingToCapture,
    /// The piece cannot go there; lists the legal moves of that piece (possibly none).
    NoSuchMove { from_here: Vec<Move> },
}

/// Why move text could not be read as a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Not move notation at all (syntax).
    NotAMove { text: String, problem: Syntax },
    /// Well formed, but no legal move of the position matches.
    Illegal { text: String, why: Why },
    /// Several legal moves match; names them all.
    Ambiguous { text: String, candidates: Vec<Move> },
}

impl MoveTextError {
    /// The move text the error is about.
    pub fn text(&self) -> &str {
        match self {
            MoveTextError::NotAMove { text, .. }
            | MoveTextError::Illegal { text, .. }
            | MoveTextError::Ambiguous { text, .. } => text,
        }
    }
}

fn list(moves: &[Move], sep: &str) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

impl fmt::Display for Syntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Syntax::Empty => write!(f, "nothing written"),
            Syntax::UnexpectedChar { column, found } => {
                write!(f, "unexpected {found:?} at column {column}")
            }
            Syntax::MissingSquare { column } => {
                write!(f, "a square number is missing at column {column}")
            }
            Syntax::BadSquare { column, number } => write!(
                f,
                "{number} at column {column} is not a square (squares are 1-32)"
            ),
            Syntax::OneSquare => write!(f, "a move needs a start and a landing square"),
            Syntax::MixedSeparators { column } => {
                write!(f, "'-' and 'x' mixed in one move (column {column})")
            }
        }
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::NoMoves => write!(f, "the side to move has no legal move: the game is over"),
            Why::EmptySquare(s) => write!(f, "there is no piece on {s}"),
            Why::NotYourPiece { square, to_move } => write!(
                f,
                "the piece on {square} is {}'s, and {to_move} is to move",
                to_move.opposite()
            ),
            Why::MustCapture { captures } => {
                write!(f, "you must capture (legal: {})", list(captures, ", "))
            }
            Why::NotALegalCapture { captures } => write!(
                f,
                "not one of the legal captures ({})",
                list(captures, ", ")
            ),
            Why::NothingToCapture => write!(f, "there is nothing to capture"),
            Why::NoSuchMove { from_here } if from_here.is_empty() => {
                write!(f, "that piece has no legal move")
            }
            Why::NoSuchMove { from_here } => {
                write!(f, "that piece can only play {}", list(from_here, ", "))
            }
        }
    }
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::NotAMove { text, problem } => {
                write!(f, "{text:?} is not a move: {problem}")
            }
            MoveTextError::Illegal { text, why } => write!(f, "{text} is illegal here: {why}"),
            MoveTextError::Ambiguous { text, candidates } => write!(
                f,
                "{text} is ambiguous: could be {}",
                list(candidates, " or ")
            ),
        }
    }
}

impl std::error::Error for MoveTextError {}

impl MoveText {
    /// Reads the syntax of a move: square numbers 1-32 separated by `-` (a step) or `x`, `X`,
    /// `:` (a capture). Surrounding whitespace is ignored; nothing else is accepted.
    ///
    /// # Errors
    /// [`MoveTextError::NotAMove`] saying what and where.
    pub fn parse(text: &str) -> Result<MoveText, MoveTextError> {
        let trimmed = text.trim();
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let err = |problem| MoveTextError::NotAMove {
            text: excerpt(trimmed),
            problem,
        };
        if trimmed.is_empty() {
            return Err(err(Syntax::Empty));
        }
        let mut squares = Vec::new();
        let mut sep: Option<bool> = None;
        // The digits of the square being read: byte offsets in `trimmed`, and its column.
        let mut number = 0..0;
        let mut number_col = 0;
        // `None` marks the end, after the last character.
        let chars = trimmed
            .char_indices()
            .map(Some)
            .chain(std::iter::once(None));
        for (i, ic) in chars.enumerate() {
            let column = lead + i + 1;
            let c = ic.map(|(_, c)| c);
            let at = ic.map_or(trimmed.len(), |(at, _)| at);
            if c.is_some_and(|d| d.is_ascii_digit()) {
                if number.is_empty() {
                    (number, number_col) = (at..at, column);
                }
                number.end = at + 1;
                continue;
            }
            let this_sep = match c {
                Some('-') => Some(false),
                Some('x' | 'X' | ':') => Some(true),
                None => None,
                Some(c) => return Err(err(Syntax::UnexpectedChar { column, found: c })),
            };
            if number.is_empty() {
                return Err(err(Syntax::MissingSquare { column }));
            }
            let digits = &trimmed[number.clone()];
            let sq = digits
                .parse::<u32>()
                .ok()
                .and_then(Square::from_number)
                .ok_or_else(|| {
                    err(Syntax::BadSquare {
                        column: number_col,
                        number: excerpt(digits),
                    })
                })?;
            squares.push(sq);
            number = 0..0;
            if let Some(s) = this_sep {
                if sep.is_some_and(|prev| prev != s) {
                    return Err(err(Syntax::MixedSeparators { column }));
                }
                sep = Some(s);
            }
        }
        if squares.len() < 2 {
            return Err(err(Syntax::OneSquare));
        }
        Ok(MoveText {
            text: trimmed.to_string(),
            squares,
            capture: sep == Some(true),
        })
    }

    /// The squares as written, in order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// Whether it was written as a capture (`x`).
    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// The text as read (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Finds the legal move of `pos` this text names.
    ///
    /// A legal move matches when it starts on the first square, ends on the last, and lands
    /// on the written intermediate squares in that order (others may be left out). A full
    /// capture path also matches a legal move with the same start, landing and captured pieces
    /// that the rules keep under another path (R-C7).
    ///
    /// # Errors
    /// [`MoveTextError::Illegal`] with the reason, or [`MoveTextError::Ambiguous`] naming the
    /// candidates.
    pub fn resolve(&self, pos: &Position) -> Result<Move, MoveTextError> {
        // Filled in place: a move list is kilobytes, too big to copy for every move read.
        let mut legal = MoveList::new();
        legal_moves_into(pos, &mut legal);
        let from = self.squares[0];
        let to = *self.squares.last().expect("at least two squares");
        let inner = &self.squares[1..self.squares.len() - 1];
        let jumped = jumped_squares(pos, &self.squares);
        let mut candidates = legal
            .iter()
            .filter(|m| m.from() == from && m.to() == to)
            .filter(|m| lands_in_order(m, inner) || jumped.is_some_and(|c| c == m.captured().0));
        match (candidates.next(), candidates.next()) {
            (Some(m), None) => return Ok(*m),
            (None, _) => {}
            (Some(a), Some(b)) => {
                let candidates = [*a, *b].into_iter().chain(candidates.copied()).collect();
                return Err(MoveTextError::Ambiguous {
                    text: excerpt(&self.text),
                    candidates,
                });
            }
        }
        let why = if legal.is_empty() {
            Why::NoMoves
        } else if let Some(piece) = pos.piece_at(from) {
            if piece.color != pos.side_to_move() {
                Why::NotYourPiece {
                    square: from,
                    to_move: pos.side_to_move(),
                }
            } else if legal[0].is_capture() {
                let captures: Vec<Move> = legal.to_vec();
                // A single step where a capture is due: the player forgot to capture.
                if self.squares.len() == 2 && is_step(pos, from, to) {
                    Why::MustCapture { captures }
                } else {
                    Why::NotALegalCapture { captures }
                }
            } else if self.capture || self.squares.len() > 2 {
                Why::NothingToCapture
            } else {
                Why::NoSuchMove {
                    from_here: legal.iter().filter(|m| m.from() == from).copied().collect(),
                }
            }
        } else {
            Why::EmptySquare(from)
        };
        Err(MoveTextError::Illegal {
            text: excerpt(&self.text),
            why,
        })
    }
}

/// Whether `inner` appears, in order, among the landing squares of `m` before its last one.
fn lands_in_order(m: &Move, inner: &[Square]) -> bool {
    let landings = m.path().count();
    let mut want = inner.iter().peekable();
    for s in m.path().take(landings - 1) {
        if want.peek() == Some(&&s) {
            want.next();
        }
    }
    want.peek().is_none()
}

/// The squares jumped over by a written path when every hop is a two-square diagonal jump,
/// as a bitboard; `None` otherwise.
fn jumped_squares(pos: &Position, squares: &[Square]) -> Option<u32> {
    let rules = pos.rules();
    let mut captured = 0u32;
    for w in squares.windows(2) {
        let over = Dir::ALL.iter().find_map(|&d| {
            let mid = w[0].neighbour(rules, d)?;
            (mid.neighbour(rules, d)? == w[1]).then_some(mid)
        })?;
        captured |= 1 << over.index();
    }
    Some(captured)
}

fn is_step(pos: &Position, from: Square, to: Square) -> bool {
    Dir::ALL
        .iter()
        .any(|&d| from.neighbour(pos.rules(), d) == Some(to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::rules::{RuleSet, legal_moves};

    fn it(text: &str) -> Position {
        fen::parse(RuleSet::Italian, text).unwrap()
    }

    #[test]
    fn r_n1_quiet_moves_read_and_written() {
        let start = Position::start(RuleSet::Italian);
        for m in legal_moves(&start) {
            let text = write_move(&m);
            assert_eq!(parse_move(&start, &text), Ok(m), "{text}");
        }
        assert_eq!(write_move(&parse_move(&start, " 22-18 ").unwrap()), "22-18");
    }

    #[test]
    fn r_n1_syntax_errors() {
        let start = Position::start(RuleSet::Italian);
        let cases: &[(&str, Syntax)] = &[
            ("", Syntax::Empty),
            ("22", Syntax::OneSquare),
            ("22-", Syntax::MissingSquare { column: 4 }),
            ("-18", Syntax::MissingSquare { column: 1 }),
            (
                "22-33",
                Syntax::BadSquare {
                    column: 4,
                    number: "33".into(),
                },
            ),
            (
                "0-4",
                Syntax::BadSquare {
                    column: 1,
                    number: "0".into(),
                },
            ),
            (
                "e3-d4",
                Syntax::UnexpectedChar {
                    column: 1,
                    found: 'e',
                },
            ),
            ("10x19-26", Syntax::MixedSeparators { column: 6 }),
        ];
        for (text, want) in cases {
            match parse_move(&start, text) {
                Err(MoveTextError::NotAMove { problem, .. }) => {
                    assert_eq!(&problem, want, "{text:?}")
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn r_n1_ambiguous_short_capture_names_candidates() {
        // R-N1, R-C5 tie: the White man on 22 (d3) takes two men either way, 22x15x6 (over 19
        // and 11) or 22x13x6 (over 18 and 10); same start and landing, different pieces.
        let pos = it("W:W22:B10,11,18,19");
        let err = parse_move(&pos, "22x6").unwrap_err();
        let MoveTextError::Ambiguous { candidates, .. } = &err else {
            panic!("{err:?}");
        };
        let mut names: Vec<String> = candidates.iter().map(Move::to_string).collect();
        names.sort();
        assert_eq!(names, ["22x13x6", "22x15x6"]);
        assert_eq!(
            err.to_string(),
            format!(
                "22x6 is ambiguous: could be {} or {}",
                candidates[0], candidates[1]
            )
        );
        // The full paths, or one intermediate square, pick one.
        assert_eq!(parse_move(&pos, "22x15x6").unwrap().to_string(), "22x15x6");
        assert_eq!(parse_move(&pos, "22x13x6").unwrap().to_string(), "22x13x6");
        assert_eq!(parse_move(&pos, "22:13:6").unwrap().to_string(), "22x13x6");
    }

    #[test]
    fn r_n1_short_capture_form_when_unique() {
        // R-N1: White man on 22 (d3) takes 18 (c4) and 10 (c6): 22x13x6 is the only capture,
        // so the CheckerBoard-style `22x6` names it.
        let pos = it("W:W22:B18,10");
        assert_eq!(legal_moves(&pos).len(), 1);
        assert_eq!(parse_move(&pos, "22x6").unwrap().to_string(), "22x13x6");
        assert_eq!(parse_move(&pos, "22x13x6").unwrap().to_string(), "22x13x6");
        // A capture written with '-' is read when unique too.
        assert_eq!(parse_move(&pos, "22-6").unwrap().to_string(), "22x13x6");
        // A wrong intermediate square matches nothing.
        assert!(matches!(
            parse_move(&pos, "22x15x6"),
            Err(MoveTextError::Illegal {
                why: Why::NotALegalCapture { .. },
                ..
            })
        ));
    }

    #[test]
    fn r_c1_quiet_move_when_capture_due_says_must_capture() {
        // R-C1: White 22 (d3) can take 18 (c4); 31-27 (f1-e2) is a step that ignores it.
        let pos = it("W:W22,31:B18");
        let legal = legal_moves(&pos);
        assert!(legal.iter().all(Move::is_capture));
        let err = parse_move(&pos, "31-27").unwrap_err();
        assert!(
            matches!(
                &err,
                MoveTextError::Illegal {
                    why: Why::MustCapture { .. },
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("you must capture"), "{err}");
    }

    #[test]
    fn illegal_reasons() {
        let start = Position::start(RuleSet::Italian);
        let why = |pos: &Position, t: &str| match parse_move(pos, t) {
            Err(MoveTextError::Illegal { why, .. }) => why,
            other => panic!("{t}: {other:?}"),
        };
        assert_eq!(
            why(&start, "18-14"),
            Why::EmptySquare(Square::from_number(18).unwrap())
        );
        assert_eq!(
            why(&start, "9-13"),
            Why::NotYourPiece {
                square: Square::from_number(9).unwrap(),
                to_move: Color::White
            }
        );
        assert_eq!(why(&start, "22x13"), Why::NothingToCapture);
        // 26 is blocked by 22 and 23 at the start: no move.
        assert_eq!(why(&start, "26-22"), Why::NoSuchMove { from_here: vec![] });
        let Why::NoSuchMove { from_here } = why(&start, "22-17") else {
            panic!()
        };
        let mut names: Vec<String> = from_here.iter().map(Move::to_string).collect();
        names.sort();
        assert_eq!(names, ["22-18", "22-19"]);
        let over = it("W:W:B1");
        assert_eq!(why(&over, "22-18"), Why::NoMoves);
    }

    #[test]
    fn r_n1_round_trip_over_random_games() {
        // Every legal move of positions along pseudo-random games reads back as itself.
        for rules in [RuleSet::Italian, RuleSet::English] {
            let mut seed = 0x9E37_79B9_7F4A_7C15u64;
            for _game in 0..20 {
                let mut pos = Position::start(rules);
                for _ply in 0..120 {
                    let legal = legal_moves(&pos);
                    if legal.is_empty() {
                        break;
                    }
                    for m in &legal {
                        assert_eq!(parse_move(&pos, &write_move(m)), Ok(*m), "{pos:?}");
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos = pos.after(&legal[(seed % legal.len() as u64) as usize]);
                }
            }
        }
    }
}
