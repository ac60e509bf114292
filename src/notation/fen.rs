//! PDN FEN (R-N2): `W:W21,22,K30:B1-12`. Reading is lenient in what people write (ranges,
//! kings, either side's list first, spaces around separators, a trailing dot, quotes);
//! writing is canonical (sorted squares, no ranges, White's list first).

use super::excerpt;
use crate::rules::{Color, Kind, Piece, Position, PositionError, RuleSet, Setup};
use std::fmt;

/// Why a FEN could not be read. Columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Nothing to read.
    Empty,
    /// The side to move is not `W` or `B`.
    BadSideToMove { column: usize, found: String },
    /// A piece list does not start with `W` or `B`.
    BadColor { column: usize, found: String },
    /// The same colour's list given twice.
    ColorTwice { column: usize, color: Color },
    /// Fewer or more than the three `:`-separated fields.
    FieldCount { found: usize },
    /// A square that is not a number (or `K` and a number, or a range).
    BadSquare { column: usize, found: String },
    /// A range whose end comes before its start.
    BadRange { column: usize, found: String },
    /// Well formed, but not a legal position.
    Invalid(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::BadSideToMove { column, found } => write!(
                f,
                "column {column}: side to move must be W or B, found {found:?}"
            ),
            FenError::BadColor { column, found } => write!(
                f,
                "column {column}: a piece list must start with W or B, found {found:?}"
            ),
            FenError::ColorTwice { column, color } => {
                write!(f, "column {column}: {color}'s pieces are listed twice")
            }
            FenError::FieldCount { found } => write!(
                f,
                "expected 3 fields separated by ':' (side:white:black), found {found}"
            ),
            FenError::BadSquare { column, found } => {
                write!(f, "column {column}: {found:?} is not a square number")
            }
            FenError::BadRange { column, found } => {
                write!(f, "column {column}: {found:?} is not a valid range")
            }
            FenError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Invalid(e)
    }
}

/// Reads a FEN into an unvalidated setup.
///
/// # Errors
/// A [`FenError`] with the column of the first thing that could not be read.
pub fn parse_setup(text: &str) -> Result<Setup, FenError> {
    // Column bookkeeping works on char offsets of the original text.
    let chars: Vec<char> = text.chars().collect();
    let mut start = 0;
    let mut end = chars.len();
    while start < end && (chars[start].is_whitespace() || chars[start] == '"') {
        start += 1;
    }
    while end > start && (chars[end - 1].is_whitespace() || matches!(chars[end - 1], '"' | '.')) {
        end -= 1;
    }
    if start == end {
        return Err(FenError::Empty);
    }
    let mut fields = Vec::new();
    let mut field_start = start;
    let colons = (start..end).filter(|&i| chars[i] == ':');
    for i in colons.chain([end]) {
        fields.push((field_start, i));
        field_start = i + 1;
    }
    if fields.len() != 3 {
        return Err(FenError::FieldCount {
            found: fields.len(),
        });
    }
    let (s, e) = trim(&chars, fields[0]);
    let side = match chars[s..e].iter().collect::<String>().as_str() {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        other => {
            return Err(FenError::BadSideToMove {
                column: s + 1,
                found: excerpt(other),
            });
        }
    };
    let mut pieces = Vec::new();
    let mut seen = [false; 2];
    for &field in &fields[1..] {
        let (s, e) = trim(&chars, field);
        let color = match chars.get(s).filter(|_| s < e) {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            _ => {
                return Err(FenError::BadColor {
                    column: s + 1,
                    found: excerpt(&chars[s..e].iter().collect::<String>()),
                });
            }
        };
        if std::mem::replace(&mut seen[color.index()], true) {
            return Err(FenError::ColorTwice {
                column: s + 1,
                color,
            });
        }
        let mut item_start = s + 1;
        let commas = (s + 1..e).filter(|&i| chars[i] == ',');
        for i in commas.chain([e]) {
            let (is, ie) = trim(&chars, (item_start, i));
            if is < ie {
                parse_item(&chars, is, ie, color, &mut pieces)?;
            } else if i != e || item_start != s + 1 {
                // An empty item between commas (an empty list is fine).
                return Err(FenError::BadSquare {
                    column: is + 1,
                    found: String::new(),
                });
            }
            item_start = i + 1;
        }
    }
    Ok(Setup {
        side_to_move: side,
        pieces,
    })
}

fn trim(chars: &[char], (mut s, mut e): (usize, usize)) -> (usize, usize) {
    while s < e && chars[s].is_whitespace() {
        s += 1;
    }
    while e > s && chars[e - 1].is_whitespace() {
        e -= 1;
    }
    (s, e)
}

fn parse_item(
    chars: &[char],
    s: usize,
    e: usize,
    color: Color,
    out: &mut Vec<(u32, Piece)>,
) -> Result<(), FenError> {
    let text: String = chars[s..e].iter().collect();
    let (kind, body) = match text.strip_prefix(['K', 'k']) {
        Some(rest) => (Kind::King, rest),
        None => (Kind::Man, text.as_str()),
    };
    let number = |t: &str| -> Result<u32, FenError> {
        let t = t.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) || t.len() > 3 {
            return Err(FenError::BadSquare {
                column: s + 1,
                found: excerpt(&text),
            });
        }
        Ok(t.parse().expect("digits"))
    };
    let piece = Piece { color, kind };
    match body.split_once('-') {
        None => out.push((number(body)?, piece)),
        Some((a, b)) => {
            let (a, b) = (number(a)?, number(b.strip_prefix(['K', 'k']).unwrap_or(b))?);
            if a > b {
                return Err(FenError::BadRange {
                    column: s + 1,
                    found: excerpt(&text),
                });
            }
            out.extend((a..=b).map(|n| (n, piece)));
        }
    }
    Ok(())
}

/// Reads and validates a FEN for a rule set.
///
/// # Errors
/// [`FenError`] for text that is not a FEN, `FenError::Invalid` for an impossible position.
pub fn parse(rules: RuleSet, text: &str) -> Result<Position, FenError> {
    Ok(Position::from_setup(rules, &parse_setup(text)?)?)
}

/// Writes the canonical FEN of a position: `W:W21,22,K30:B1,2,3`.
pub fn write(pos: &Position) -> String {
    let mut s = String::new();
    s.push(pos.side_to_move().letter());
    for color in [Color::White, Color::Black] {
        s.push(':');
        s.push(color.letter());
        let list: Vec<String> = pos
            .pieces_of(color)
            .iter()
            .map(|sq| {
                let k = if pos.kings().contains(sq) { "K" } else { "" };
                format!("{k}{}", sq.number())
            })
            .collect();
        s.push_str(&list.join(","));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_n2_start_positions() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let p = parse(rules, rules.start_fen()).unwrap();
            assert_eq!(p, Position::start(rules));
            assert_eq!(
                write(&p),
                format!(
                    "{}:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
                    rules.first_to_move().letter()
                )
            );
        }
    }

    #[test]
    fn r_n2_lenient_reading() {
        let a = parse(RuleSet::Italian, " B : B K5 , 9-10 : W K30, 22 .").unwrap();
        assert_eq!(write(&a), "B:W22,K30:BK5,9,10");
        assert_eq!(
            parse(RuleSet::Italian, "\"B:W22,K30:BK5,9,10\"").unwrap(),
            a
        );
        let empty_white = parse(RuleSet::Italian, "W:W:B1").unwrap();
        assert!(empty_white.pieces_of(Color::White).is_empty());
    }

    #[test]
    fn r_n2_errors_say_where() {
        let cases: &[(&str, FenError)] = &[
            ("", FenError::Empty),
            (
                "X:W1:B2",
                FenError::BadSideToMove {
                    column: 1,
                    found: "X".into(),
                },
            ),
            ("W:W1", FenError::FieldCount { found: 2 }),
            (
                "W:Q1:B2",
                FenError::BadColor {
                    column: 3,
                    found: "Q1".into(),
                },
            ),
            (
                "W:W1:W2",
                FenError::ColorTwice {
                    column: 6,
                    color: Color::White,
                },
            ),
            (
                "W:W21,x:B2",
                FenError::BadSquare {
                    column: 7,
                    found: "x".into(),
                },
            ),
            (
                "W:W21,,22:B2",
                FenError::BadSquare {
                    column: 7,
                    found: "".into(),
                },
            ),
            (
                "W:W30-21:B2",
                FenError::BadRange {
                    column: 4,
                    found: "30-21".into(),
                },
            ),
            (
                "W:W33:B2",
                FenError::Invalid(PositionError::SquareOutOfRange(33)),
            ),
            (
                "W:W0:B2",
                FenError::Invalid(PositionError::SquareOutOfRange(0)),
            ),
            (
                "W:W21:B21",
                FenError::Invalid(PositionError::SquareTwice(21)),
            ),
            (
                "W:W2:B10",
                FenError::Invalid(PositionError::ManOnPromotionRow {
                    square: 2,
                    color: Color::White,
                }),
            ),
            (
                "W:W20:B30",
                FenError::Invalid(PositionError::ManOnPromotionRow {
                    square: 30,
                    color: Color::Black,
                }),
            ),
            (
                "W:W13-32:B1",
                FenError::Invalid(PositionError::TooManyPieces {
                    color: Color::White,
                    count: 20,
                }),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(
                &parse(RuleSet::Italian, text).unwrap_err(),
                want,
                "{text:?}"
            );
        }
    }
}
