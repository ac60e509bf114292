//! The shot suites' file format: positions where one quiet move, and only one, wins material
//! by force (often by giving a man first). The lab builds and proves them (`lab::suite`); the
//! board's training mode shows them to the player, so the format lives here, beside FEN.
//!
//! The file format, one position a line after a `rules` line; `#` starts a comment line:
//!
//! ```text
//! # made by: dama suite build --rules italian ...
//! rules italian
//! W:W18,19,21,25:B4,10,11,12 18-14 1.00 10 sacrifice ; game 3 ply 41, shows at depth 3
//! ```
//!
//! The fields: the position (FEN), the winning move, what it wins in men, the depth of the
//! proof in plies, `sacrifice` (the opponent must capture at once) or `quiet`; after `;` a
//! free comment.

use crate::notation::fen::{self, FenError};
use crate::notation::movetext::{self, MoveTextError};
use crate::rules::{Move, Position, RuleSet, has_capture};
use std::fmt;

/// One position of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    pub pos: Position,
    /// The only move that wins material.
    pub best: Move,
    /// What it wins, in centi-men.
    pub gain: i32,
    /// The full-width depth that proved it, in plies.
    pub depth: u32,
    /// The opponent must capture right after the move.
    pub sacrifice: bool,
    /// Where it came from (free text, no line break).
    pub comment: String,
}

impl Shot {
    /// The least depth at which the win shows, in plies, as `dama suite build` notes it in the
    /// comment (`shows at depth 3`); `None` for a comment without it (a suite made by hand).
    /// The shallower it shows, the easier the shot is to see: the training mode grades by it.
    pub fn shows_at(&self) -> Option<u32> {
        let (_, rest) = self.comment.split_once("shows at depth ")?;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok().filter(|&d| d >= 1)
    }
}

/// A suite: its rule set and its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suite {
    pub rules: RuleSet,
    pub shots: Vec<Shot>,
}

/// What is wrong with a suite file, and on which line (from 1; 0 for the file as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    pub line: usize,
    pub kind: SuiteErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SuiteErrorKind {
    /// A position before the `rules` line.
    NoRules,
    /// A second `rules` line.
    RulesTwice,
    /// `rules` names no known rule set.
    UnknownRules(String),
    /// A field is missing (named).
    Missing(&'static str),
    /// More fields than the five (a comment goes after `;`).
    Extra(String),
    BadFen(FenError),
    BadMove(MoveTextError),
    /// The gain is not a number of men above zero (`1.00`, `2`).
    BadGain(String),
    /// The depth is not a whole number of plies from 1.
    BadDepth(String),
    /// Neither `sacrifice` nor `quiet`.
    BadKind(String),
    /// The side to move must capture: not a position for a quiet move.
    CapturePending,
    /// Marked `sacrifice` but the move gives nothing to take, or `quiet` but it does.
    KindMismatch {
        marked: &'static str,
    },
    /// No position in the file.
    Empty,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            SuiteErrorKind::NoRules => write!(
                f,
                "a position before the `rules italian` or `rules english` line"
            ),
            SuiteErrorKind::RulesTwice => write!(f, "a second `rules` line"),
            SuiteErrorKind::UnknownRules(r) => {
                write!(f, "unknown rules {r:?} (italian or english)")
            }
            SuiteErrorKind::Missing(what) => write!(f, "the {what} is missing"),
            SuiteErrorKind::Extra(t) => {
                write!(
                    f,
                    "unexpected {t:?} after the five fields (a comment goes after ';')"
                )
            }
            SuiteErrorKind::BadFen(e) => write!(f, "bad FEN: {e}"),
            SuiteErrorKind::BadMove(e) => write!(f, "bad move: {e}"),
            SuiteErrorKind::BadGain(t) => {
                write!(
                    f,
                    "gain {t:?} is not a number of men above zero (like 1.00)"
                )
            }
            SuiteErrorKind::BadDepth(t) => {
                write!(f, "depth {t:?} is not a whole number of plies from 1")
            }
            SuiteErrorKind::BadKind(t) => {
                write!(f, "{t:?} is neither `sacrifice` nor `quiet`")
            }
            SuiteErrorKind::CapturePending => {
                write!(f, "the side to move must capture: no quiet move to find")
            }
            SuiteErrorKind::KindMismatch { marked } => {
                let why = if *marked == "sacrifice" {
                    "the move gives nothing to take"
                } else {
                    "the move gives a piece to take"
                };
                write!(f, "marked {marked}, but {why}")
            }
            SuiteErrorKind::Empty => write!(f, "no positions"),
        }
    }
}

impl std::error::Error for SuiteError {}

/// Reads a suite file.
///
/// # Errors
/// The first line that is not a comment, a `rules` line or a well-formed position of the
/// suite's rule set, with its number; [`SuiteErrorKind::Empty`] for a file with no position.
pub fn parse(text: &str) -> Result<Suite, SuiteError> {
    let mut rules = None;
    let mut shots = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let err = |kind| SuiteError { line: i + 1, kind };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line
            .strip_prefix("rules")
            .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        {
            if rules.is_some() {
                return Err(err(SuiteErrorKind::RulesTwice));
            }
            rules = Some(match name.trim() {
                "italian" => RuleSet::Italian,
                "english" => RuleSet::English,
                other => return Err(err(SuiteErrorKind::UnknownRules(other.to_string()))),
            });
            continue;
        }
        let rules = rules.ok_or_else(|| err(SuiteErrorKind::NoRules))?;
        shots.push(parse_shot(rules, line).map_err(err)?);
    }
    if shots.is_empty() {
        return Err(SuiteError {
            line: 0,
            kind: SuiteErrorKind::Empty,
        });
    }
    Ok(Suite {
        rules: rules.unwrap_or_default(),
        shots,
    })
}

fn parse_shot(rules: RuleSet, line: &str) -> Result<Shot, SuiteErrorKind> {
    let (fields, comment) = match line.split_once(';') {
        Some((f, c)) => (f, c.trim()),
        None => (line, ""),
    };
    // Each field is checked as it is read, so the first wrong one is the one reported.
    let mut words = fields.split_whitespace();
    let mut next = |what| words.next().ok_or(SuiteErrorKind::Missing(what));
    let pos = fen::parse(rules, next("FEN")?).map_err(SuiteErrorKind::BadFen)?;
    if has_capture(&pos) {
        return Err(SuiteErrorKind::CapturePending);
    }
    let best = movetext::parse_move(&pos, next("move")?).map_err(SuiteErrorKind::BadMove)?;
    let gain_text = next("gain")?;
    let gain = parse_men(gain_text)
        .filter(|&g| g > 0)
        .ok_or_else(|| SuiteErrorKind::BadGain(gain_text.to_string()))?;
    let depth_text = next("depth")?;
    let depth = depth_text
        .parse::<u32>()
        .ok()
        .filter(|&d| d >= 1)
        .ok_or_else(|| SuiteErrorKind::BadDepth(depth_text.to_string()))?;
    let kind_text = next("kind")?;
    if let Some(extra) = words.next() {
        return Err(SuiteErrorKind::Extra(extra.to_string()));
    }
    let sacrifice = match kind_text {
        "sacrifice" => true,
        "quiet" => false,
        other => return Err(SuiteErrorKind::BadKind(other.to_string())),
    };
    if sacrifice != has_capture(&pos.after(&best)) {
        return Err(SuiteErrorKind::KindMismatch {
            marked: if sacrifice { "sacrifice" } else { "quiet" },
        });
    }
    Ok(Shot {
        pos,
        best,
        gain,
        depth,
        sacrifice,
        comment: comment.to_string(),
    })
}

/// `1.50` or `2` men as centi-men (at most two decimals, no sign).
fn parse_men(text: &str) -> Option<i32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 3 || frac.len() > 2 || !digits(whole) || !digits(frac) {
        return None;
    }
    let frac = format!("{frac:0<2}");
    Some(whole.parse::<i32>().ok()? * 100 + frac.parse::<i32>().ok()?)
}

/// A position's line in a suite file.
pub fn shot_line(s: &Shot) -> String {
    let mut line = format!(
        "{} {} {}.{:02} {} {}",
        fen::write(&s.pos),
        s.best,
        s.gain / 100,
        s.gain % 100,
        s.depth,
        if s.sacrifice { "sacrifice" } else { "quiet" }
    );
    if !s.comment.is_empty() {
        line.push_str(" ; ");
        line.push_str(&s.comment.replace(['\n', '\r'], " "));
    }
    line
}

/// A whole suite file: `header` as comment lines, the `rules` line, one line per position.
pub fn write(suite: &Suite, header: &[String]) -> String {
    let mut text = String::new();
    for h in header {
        text.push_str("# ");
        text.push_str(h);
        text.push('\n');
    }
    text.push_str(&format!("rules {}\n", suite.rules.name()));
    for s in &suite.shots {
        text.push_str(&shot_line(s));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "W:W18,19,21,25:B4,10,11,12 18-14 1.00 6 sacrifice ; a comment";

    #[test]
    fn a_file_reads_back_as_written() {
        let suite = parse(&format!("# made by hand\n\nrules italian\n{LINE}\n")).unwrap();
        assert_eq!(suite.rules, RuleSet::Italian);
        let s = &suite.shots[0];
        assert_eq!(
            (s.best.to_string(), s.gain, s.depth),
            ("18-14".into(), 100, 6)
        );
        assert!(s.sacrifice);
        assert_eq!(s.comment, "a comment");
        assert_eq!(s.shows_at(), None);
        let text = write(&suite, &["made by hand".into()]);
        assert_eq!(text, format!("# made by hand\nrules italian\n{LINE}\n"));
        assert_eq!(parse(&text).unwrap(), suite);
    }

    #[test]
    fn the_depth_the_win_shows_at_is_read_from_the_comment() {
        let line =
            "W:W18,19,21,25:B4,10,11,12 18-14 1.00 6 sacrifice ; game 3 ply 41, shows at depth 3";
        let suite = parse(&format!("rules italian\n{line}\n")).unwrap();
        assert_eq!(suite.shots[0].shows_at(), Some(3));
        let mut s = suite.shots[0].clone();
        for (comment, want) in [
            ("shows at depth 10", Some(10)),
            ("shows at depth x", None),
            ("shows at depth 0", None),
        ] {
            s.comment = comment.into();
            assert_eq!(s.shows_at(), want, "{comment}");
        }
    }

    #[test]
    fn men_read_with_up_to_two_decimals() {
        assert_eq!(parse_men("1.00"), Some(100));
        assert_eq!(parse_men("1.5"), Some(150));
        assert_eq!(parse_men("2"), Some(200));
        for bad in ["", ".5", "1.234", "-1", "+1", "1,5", "x"] {
            assert_eq!(parse_men(bad), None, "{bad:?}");
        }
    }
}
