//! PDN (Portable Draughts Notation, R-N3): reading and writing game records, several games per
//! file, and saving them without ever leaving a half-written file.
//!
//! Reading takes what draughts programs write: tag pairs, move numbers (`12.`, `12...`),
//! comments `{...}` and `;` to the end of the line, `%` escape lines, NAGs (`$3`) and `!`/`?` marks, variations `(...)`
//! (nested, each kept beside the move it replaces and replayed through the rules like the main
//! line, never mistaken for it; [`crate::notation::tree`] turns them into a move tree), the
//! results `1-0`,
//! `0-1`, `1/2-1/2`, `*` (and the `2-0`, `0-2`, `1-1` that some programs write), a `FEN` tag for
//! set-up positions, and `GameType` choosing the rule set (22 Italian, 21 English; without one,
//! the rules the caller gives: CheckerBoard writes none). Every move is replayed through the
//! rules as it is read, so an illegal or ambiguous move is an error with its line, column, text
//! and the position's FEN.
//!
//! [`Reader`] reads game after game; after a damaged game it skips to the next one, so one bad
//! record never hides the rest of a file.

mod file;
mod lexer;
mod reader;
mod writer;

pub use file::{FileError, SNIFF_BYTES, Unclosed, decode, read_file, read_text};
pub use reader::{GameStart, Head, Reader, read_game, read_games};
pub use writer::{LINE_WIDTH, variation_text, write_game, write_games};
// Saving lives in the store; re-exported here where records are written.
pub use super::date::today;

use super::fen::FenError;
use super::movetext::MoveTextError;
use crate::rules::{Color, DrawReason, Game, Move, Outcome, Position, RuleSet};
use std::fmt;

/// The result written at the end of a game (and in the `Result` tag).
///
/// PDN scores the side that moves first (R-B5) first: `1-0` is a win for White in Italian
/// and for Black in English. CheckerBoard's English files agree: of the 103 decisive Tinsley
/// games that end with one side ahead in material, 84 name that side the winner when read
/// this way (19 when `1-0` is read as White wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PdnResult {
    /// `1-0` (also read from `2-0`): the side that moves first won.
    FirstPlayerWins,
    /// `0-1` (also read from `0-2`): the other side won.
    SecondPlayerWins,
    /// `1/2-1/2` (also read from `1-1`).
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl PdnResult {
    /// The PDN text: `1-0`, `0-1`, `1/2-1/2`, `*` (R-N3).
    pub fn as_str(self) -> &'static str {
        match self {
            PdnResult::FirstPlayerWins => "1-0",
            PdnResult::SecondPlayerWins => "0-1",
            PdnResult::Draw => "1/2-1/2",
            PdnResult::Unknown => "*",
        }
    }

    /// Reads a result token; `None` if it is not one.
    pub fn parse(text: &str) -> Option<PdnResult> {
        Some(match text {
            "1-0" | "2-0" => PdnResult::FirstPlayerWins,
            "0-1" | "0-2" => PdnResult::SecondPlayerWins,
            "1/2-1/2" | "1-1" => PdnResult::Draw,
            "*" => PdnResult::Unknown,
            _ => return None,
        })
    }

    /// The result of a game of `rules` that ended with `outcome` (or has not ended).
    pub fn from_outcome(rules: RuleSet, outcome: Option<Outcome>) -> PdnResult {
        match outcome.map(Outcome::winner) {
            None => PdnResult::Unknown,
            Some(None) => PdnResult::Draw,
            Some(Some(c)) if c == rules.first_to_move() => PdnResult::FirstPlayerWins,
            Some(Some(_)) => PdnResult::SecondPlayerWins,
        }
    }

    /// The winner in a game of `rules`, if the result names one.
    pub fn winner(self, rules: RuleSet) -> Option<Color> {
        match self {
            PdnResult::FirstPlayerWins => Some(rules.first_to_move()),
            PdnResult::SecondPlayerWins => Some(rules.first_to_move().opposite()),
            _ => None,
        }
    }

    /// In words, e.g. "Black wins" (English `1-0`), "draw", "unfinished".
    pub fn describe(self, rules: RuleSet) -> String {
        match (self, self.winner(rules)) {
            (_, Some(c)) => format!("{c} wins"),
            (PdnResult::Draw, None) => "draw".to_string(),
            _ => "unfinished".to_string(),
        }
    }
}

impl fmt::Display for PdnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One move of the main line with what the record says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnMove {
    /// The legal move, as the rules know it.
    pub mv: Move,
    /// NAGs and marks written after the move (`$3`, `!`, `?!`), in order.
    pub nags: Vec<String>,
    /// Comments written after the move, whitespace collapsed.
    pub comments: Vec<String>,
    /// Variations that replace this move (each starts from the position before it), in the
    /// order written.
    pub variations: Vec<Variation>,
}

/// A variation `( ... )`: a line played instead of the move it is written after.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// Comments before its first move.
    pub intro: Vec<String>,
    /// Its moves, every one legal, each with its own comments, NAGs and nested variations.
    /// Empty for a `()` written as such.
    pub moves: Vec<PdnMove>,
    /// The result some programs write at a variation's end, `(... 1-0)`.
    pub result: Option<PdnResult>,
}

/// Variations nest at most this deep: deeper text is refused rather than read by a recursion
/// that a hostile file could drive off the stack.
pub const MAX_VARIATION_DEPTH: usize = 100;

impl PdnMove {
    pub fn new(mv: Move) -> PdnMove {
        PdnMove {
            mv,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// One game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs in the order read (or to be written after the standard ones).
    pub tags: Vec<(String, String)>,
    pub rules: RuleSet,
    /// The start position (the `FEN` tag, or the rule set's start).
    pub start: Position,
    /// Comments before the first move.
    pub intro: Vec<String>,
    /// The main line, every move legal.
    pub moves: Vec<PdnMove>,
    pub result: PdnResult,
    /// Where the rules drew the game (R-G2, R-G3) when the record plays on after it.
    pub rule_draw: Option<RuleDraw>,
}

/// A draw by the rules in a record that goes on after it (players under other conventions, or
/// a third repetition nobody claimed): the moves after it are still replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleDraw {
    /// Plies played when the draw arose (the draw came with move `ply - 1`, 0-based).
    pub ply: usize,
    pub reason: DrawReason,
}

impl fmt::Display for RuleDraw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = match self.reason {
            DrawReason::Repetition => "third repetition, R-G2",
            DrawReason::NoProgress => "80 plies without a capture or a man move, R-G3",
            DrawReason::Agreement => "agreement",
        };
        write!(
            f,
            "the rules draw the game after ply {} ({rule}); the record plays on",
            self.ply
        )
    }
}

/// The seven standard tags, in the order PDN writes them.
pub const STANDARD_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl PdnGame {
    /// An empty game from the start position of `rules`.
    pub fn new(rules: RuleSet) -> PdnGame {
        PdnGame {
            tags: Vec::new(),
            rules,
            start: Position::start(rules),
            intro: Vec::new(),
            moves: Vec::new(),
            result: PdnResult::Unknown,
            rule_draw: None,
        }
    }

    /// A record of a game played here: today's date, the players' names as given (for the
    /// computer, its name and depth, e.g. "dama (depth 8)"), the result from the game's end.
    pub fn from_game(game: &Game, event: &str, white: &str, black: &str) -> PdnGame {
        let start = *game.start();
        let rules = start.rules();
        let mut g = PdnGame {
            tags: Vec::new(),
            rules,
            start,
            intro: Vec::new(),
            moves: game.moves().iter().copied().map(PdnMove::new).collect(),
            result: PdnResult::from_outcome(rules, game.outcome()),
            rule_draw: None,
        };
        g.set_tag("Event", event);
        g.set_tag("Date", &today());
        g.set_tag("White", white);
        g.set_tag("Black", black);
        g
    }

    /// The value of a tag, if present (names compare without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The `Result` tag's result when it says otherwise than the result that ends the
    /// movetext (which is the one believed: it is the record's last word).
    pub fn result_tag_disagrees(&self) -> Option<PdnResult> {
        self.tag("Result")
            .and_then(|t| PdnResult::parse(t.trim()))
            .filter(|&t| t != self.result)
    }

    /// Sets a tag, replacing its value if present, else appending it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Replays the main line through the rules: the game after the last move, with the
    /// record's result declared when the board itself does not end the game.
    pub fn game(&self) -> Game {
        let mut game = Game::new(self.start);
        for m in &self.moves {
            // Every move was checked when the record was read or built from a Game.
            if game.play_past_draw(&m.mv).is_err() {
                break;
            }
        }
        if game.outcome().is_none() {
            if let Some(outcome) = declared_outcome(self.rules, self.result) {
                game.declare(outcome);
            }
        }
        game
    }

    /// Every position of the main line: the start, then the one after each move.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start;
        out.push(pos);
        for m in &self.moves {
            pos = pos.after(&m.mv);
            out.push(pos);
        }
        out
    }

    /// The position after the last move.
    pub fn final_position(&self) -> Position {
        self.moves
            .iter()
            .fold(self.start, |pos, m| pos.after(&m.mv))
    }

    /// The label of ply `i` (0-based): `12.` for the first player's move, `12...` for the
    /// second's. Move numbers count from 1 at the start position.
    pub fn move_number(&self, ply: usize) -> (usize, bool) {
        let first = self.rules.first_to_move();
        let offset = usize::from(self.start.side_to_move() != first);
        let n = ply + offset;
        (n / 2 + 1, n.is_multiple_of(2))
    }
}

fn declared_outcome(rules: RuleSet, result: PdnResult) -> Option<Outcome> {
    use crate::rules::{DrawReason, WinReason};
    match (result, result.winner(rules)) {
        (_, Some(winner)) => Some(Outcome::Win {
            winner,
            reason: WinReason::Resignation,
        }),
        (PdnResult::Draw, None) => Some(Outcome::Draw {
            reason: DrawReason::Agreement,
        }),
        _ => None,
    }
}

/// Why a PDN text could not be read. Lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    pub line: usize,
    pub column: usize,
    pub kind: PdnErrorKind,
    /// What could be read of a damaged game: its tags and the moves before the damage (result
    /// unknown), to show it up to there. `None` when nothing of a game could be read or its
    /// tags are at fault.
    pub partial: Option<Box<PdnGame>>,
}

impl PdnError {
    pub fn new(line: usize, column: usize, kind: PdnErrorKind) -> PdnError {
        PdnError {
            line,
            column,
            kind,
            partial: None,
        }
    }
}

/// What went wrong (see [`PdnError`] for where).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnErrorKind {
    /// A `{` comment with no `}` before the end of the file.
    UnclosedComment,
    /// A tag pair not closed by `"` and `]` on its line.
    UnclosedTag,
    /// A `[` that does not start a tag pair `[Name "value"]`.
    BadTag,
    /// Text that is no part of PDN movetext.
    UnexpectedText(String),
    /// A `(` with no matching `)` (before the end of the text, a tag or the game's result).
    UnclosedVariation,
    /// A `)` with no `(`.
    UnmatchedParen,
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    VariationTooDeep,
    /// A variation or NAG before the first move, with no move to attach it to.
    NothingToAnnotate(String),
    /// The `FEN` tag could not be read.
    BadFen { value: String, error: FenError },
    /// A `GameType` this program does not play.
    UnsupportedGameType(String),
    /// A move that is not a legal move of the position; `fen` is the position.
    Move {
        ply: usize,
        error: MoveTextError,
        fen: String,
    },
    /// The text holds no game at all.
    NoGame,
    /// A move after the game had ended on the board.
    AfterEnd {
        text: String,
        outcome: Outcome,
        fen: String,
    },
}

impl fmt::Display for PdnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnErrorKind::UnclosedComment => write!(f, "comment '{{' is never closed by '}}'"),
            PdnErrorKind::UnclosedTag => {
                write!(
                    f,
                    "tag pair not closed (expected [Name \"value\"] on one line)"
                )
            }
            PdnErrorKind::BadTag => write!(f, "malformed tag pair (expected [Name \"value\"])"),
            PdnErrorKind::UnexpectedText(t) => write!(f, "{t:?} is not PDN movetext"),
            PdnErrorKind::UnclosedVariation => write!(f, "variation '(' is never closed"),
            PdnErrorKind::UnmatchedParen => write!(f, "')' without a '('"),
            PdnErrorKind::VariationTooDeep => {
                write!(f, "variations nested more than {MAX_VARIATION_DEPTH} deep")
            }
            PdnErrorKind::NoGame => write!(f, "no game found"),
            PdnErrorKind::NothingToAnnotate(t) => {
                write!(f, "{t:?} comes before any move, with nothing to annotate")
            }
            PdnErrorKind::BadFen { value, error } => write!(f, "bad FEN tag {value:?}: {error}"),
            PdnErrorKind::UnsupportedGameType(t) => write!(
                f,
                "GameType {t:?} is not a game this program plays (22: Italian, 21: English)"
            ),
            PdnErrorKind::Move { ply, error, fen } => {
                write!(f, "ply {}: {error} (position {fen})", ply + 1)
            }
            PdnErrorKind::AfterEnd { text, outcome, fen } => write!(
                f,
                "{text}: the game was already over ({outcome}) in position {fen}"
            ),
        }
    }
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for PdnError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_n3_results_read_and_written() {
        for (text, r) in [
            ("1-0", PdnResult::FirstPlayerWins),
            ("0-1", PdnResult::SecondPlayerWins),
            ("1/2-1/2", PdnResult::Draw),
            ("*", PdnResult::Unknown),
        ] {
            assert_eq!(PdnResult::parse(text), Some(r));
            assert_eq!(r.as_str(), text);
        }
        assert_eq!(PdnResult::parse("2-0"), Some(PdnResult::FirstPlayerWins));
        assert_eq!(PdnResult::parse("1-1"), Some(PdnResult::Draw));
        assert_eq!(PdnResult::parse("22-18"), None);
    }

    #[test]
    fn r_n3_minimal_game() {
        let g = read_game(
            "[GameType \"22,W,8,8,N2,1\"]\n1. 21-17 10-13 2. 17x10 *",
            RuleSet::English,
        )
        .unwrap();
        assert_eq!(g.rules, RuleSet::Italian);
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.moves[2].mv.to_string(), "17x10");
        assert_eq!(g.result, PdnResult::Unknown);
    }
}
