//! PDN (Portable Draughts Notation, R-N3): reading and writing game records, several games per
//! file, and saving them without ever leaving a half-written file.
//!
//! Reading takes what draughts programs write: tag pairs, move numbers (`12.`, `12...`),
//! comments `{...}`, `%` line comments, NAGs (`$3`) and `!`/`?` marks, variations `(...)` (kept
//! as text beside the move they replace, never mistaken for the main line), the results `1-0`,
//! `0-1`, `1/2-1/2`, `*` (and the `2-0`, `0-2`, `1-1` that some programs write), a `FEN` tag for
//! set-up positions, and `GameType` choosing the rule set (22 Italian, 21 English; without one,
//! the rules the caller gives: CheckerBoard writes none). Every move is replayed through the
//! rules as it is read, so an illegal or ambiguous move is an error with its line, column, text
//! and the position's FEN.
//!
//! [`Reader`] reads game after game; after a damaged game it skips to the next one, so one bad
//! record never hides the rest of a file.

use super::fen::{self, FenError};
use super::movetext::{MoveTextError, parse_move};
use crate::rules::{Color, Game, Move, Outcome, Position, RuleSet};
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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
    /// Variations that replace this move, as written between the parentheses (whitespace
    /// collapsed). Kept as text: they are not replayed.
    pub variations: Vec<String>,
}

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
            if game.play(&m.mv).is_err() {
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
    /// A `(` with no matching `)`.
    UnclosedVariation,
    /// A `)` with no `(`.
    UnmatchedParen,
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
            PdnErrorKind::UnexpectedText(t) if t.chars().count() > 40 => {
                let head: String = t.chars().take(40).collect();
                write!(f, "{head:?}... is not PDN movetext")
            }
            PdnErrorKind::UnexpectedText(t) => write!(f, "{t:?} is not PDN movetext"),
            PdnErrorKind::UnclosedVariation => write!(f, "variation '(' is never closed"),
            PdnErrorKind::UnmatchedParen => write!(f, "')' without a '('"),
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

// ---------------------------------------------------------------------------------------------
// Lexer

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Tag { name: String, value: String },
    Comment(String),
    MoveNumber,
    Move(String),
    Nag(String),
    Open,
    Close,
    Result(PdnResult),
}

#[derive(Clone, Debug)]
struct Spanned {
    tok: Tok,
    line: usize,
    column: usize,
    /// Char offsets of the token in the text (for the raw text of variations).
    start: usize,
    end: usize,
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: usize,
    column: usize,
    pending: VecDeque<Spanned>,
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_mark(c: char) -> bool {
    matches!(c, '!' | '?')
}

impl Lexer {
    fn new(text: &str) -> Lexer {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer {
            chars: text.chars().collect(),
            i: 0,
            line: 1,
            column: 1,
            pending: VecDeque::new(),
        }
    }

    fn peek_char(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.i).copied()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn err(&self, line: usize, column: usize, kind: PdnErrorKind) -> PdnError {
        PdnError { line, column, kind }
    }

    /// Skips the rest of the current line.
    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// After a damaged game: resume at the next line that starts with `[` (a new game's tags).
    fn skip_to_next_tag_line(&mut self) {
        self.pending.clear();
        if self.column != 1 {
            self.skip_line();
        }
        while let Some(c) = self.peek_char() {
            let rest = self.chars[self.i..]
                .iter()
                .take_while(|&&c| c != '\n')
                .find(|c| !c.is_whitespace());
            if rest == Some(&'[') {
                return;
            }
            let _ = c;
            self.skip_line();
        }
    }

    fn push_back(&mut self, t: Spanned) {
        self.pending.push_front(t);
    }

    fn next(&mut self) -> Option<Result<Spanned, PdnError>> {
        if let Some(t) = self.pending.pop_front() {
            return Some(Ok(t));
        }
        loop {
            let c = self.peek_char()?;
            if c == '%' && self.column == 1 {
                self.skip_line();
            } else if c.is_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
        let (line, column, start) = (self.line, self.column, self.i);
        let c = self.bump().expect("peeked");
        let tok = match c {
            '[' => self.tag(line, column),
            '{' => {
                let after_brace = (self.i, self.line, self.column);
                let mut body = String::new();
                loop {
                    match self.bump() {
                        None => {
                            // Rewind to just after the `{` so that the reader can skip to the
                            // next game instead of losing the rest of the file.
                            (self.i, self.line, self.column) = after_brace;
                            return Some(Err(self.err(
                                line,
                                column,
                                PdnErrorKind::UnclosedComment,
                            )));
                        }
                        Some('}') => break,
                        Some(ch) => body.push(ch),
                    }
                }
                Ok(Tok::Comment(collapse(&body)))
            }
            '(' => Ok(Tok::Open),
            ')' => Ok(Tok::Close),
            '*' => Ok(Tok::Result(PdnResult::Unknown)),
            '$' => {
                let mut nag = String::from("$");
                while let Some(d) = self.peek_char().filter(char::is_ascii_digit) {
                    nag.push(d);
                    self.bump();
                }
                if nag.len() == 1 {
                    Err(self.err(line, column, PdnErrorKind::UnexpectedText(nag)))
                } else {
                    Ok(Tok::Nag(nag))
                }
            }
            c if is_mark(c) => {
                let mut nag = String::from(c);
                while let Some(d) = self.peek_char().filter(|&d| is_mark(d)) {
                    nag.push(d);
                    self.bump();
                }
                Ok(Tok::Nag(nag))
            }
            c if c.is_ascii_digit() => {
                let mut word = String::from(c);
                while let Some(d) = self
                    .peek_char()
                    .filter(|&d| d.is_ascii_alphanumeric() || "-:./".contains(d))
                {
                    word.push(d);
                    self.bump();
                }
                let mut marks = String::new();
                while let Some(d) = self.peek_char().filter(|&d| is_mark(d)) {
                    marks.push(d);
                    self.bump();
                }
                self.word(word, marks, line, column, start)
            }
            _ => {
                let mut word = String::from(c);
                while let Some(d) = self
                    .peek_char()
                    .filter(|&d| !d.is_whitespace() && !"[]{}()".contains(d))
                {
                    word.push(d);
                    self.bump();
                }
                Err(self.err(line, column, PdnErrorKind::UnexpectedText(word)))
            }
        };
        Some(tok.map(|tok| Spanned {
            tok,
            line,
            column,
            start,
            end: self.i,
        }))
    }

    fn tag(&mut self, line: usize, column: usize) -> Result<Tok, PdnError> {
        let bad = |lx: &Lexer, kind| lx.err(line, column, kind);
        while self.peek_char().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let mut name = String::new();
        while let Some(c) = self
            .peek_char()
            .filter(|c| c.is_alphanumeric() || *c == '_')
        {
            name.push(c);
            self.bump();
        }
        while self.peek_char().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if name.is_empty() {
            return Err(bad(self, PdnErrorKind::BadTag));
        }
        match self.peek_char() {
            Some('"') => {
                self.bump();
            }
            None | Some('\n' | '\r') => return Err(bad(self, PdnErrorKind::UnclosedTag)),
            Some(_) => return Err(bad(self, PdnErrorKind::BadTag)),
        }
        let mut value = String::new();
        loop {
            match self.peek_char() {
                None | Some('\n' | '\r') => return Err(bad(self, PdnErrorKind::UnclosedTag)),
                Some('\\') => {
                    self.bump();
                    match self.peek_char() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    }
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        while self.peek_char().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.peek_char() != Some(']') {
            return Err(bad(self, PdnErrorKind::UnclosedTag));
        }
        self.bump();
        Ok(Tok::Tag { name, value })
    }

    /// Classifies a word that starts with a digit: a result, a move number, a move (or a
    /// move number glued to a move, `12.22-18`).
    fn word(
        &mut self,
        word: String,
        marks: String,
        line: usize,
        column: usize,
        start: usize,
    ) -> Result<Tok, PdnError> {
        if marks.is_empty() {
            if let Some(r) = PdnResult::parse(&word) {
                return Ok(Tok::Result(r));
            }
        }
        let digits = word.chars().take_while(char::is_ascii_digit).count();
        let dots = word[digits..].chars().take_while(|&c| c == '.').count();
        let rest = &word[digits + dots..];
        let queue_marks = |lx: &mut Lexer, at: usize| {
            if !marks.is_empty() {
                lx.pending.push_back(Spanned {
                    tok: Tok::Nag(marks.clone()),
                    line,
                    column: column + at,
                    start: start + at,
                    end: start + at + marks.len(),
                });
            }
        };
        if dots > 0 {
            if rest.is_empty() {
                return if marks.is_empty() {
                    Ok(Tok::MoveNumber)
                } else {
                    Err(self.err(line, column, PdnErrorKind::UnexpectedText(word + &marks)))
                };
            }
            // `12.22-18`: the number now, the move next.
            let at = digits + dots;
            self.pending.push_back(Spanned {
                tok: Tok::Move(rest.to_string()),
                line,
                column: column + at,
                start: start + at,
                end: start + word.len(),
            });
            queue_marks(self, word.len());
            return Ok(Tok::MoveNumber);
        }
        if word.contains(['.', '/']) {
            return Err(self.err(line, column, PdnErrorKind::UnexpectedText(word + &marks)));
        }
        queue_marks(self, word.len());
        Ok(Tok::Move(word))
    }
}

// ---------------------------------------------------------------------------------------------
// Reader

/// What is left of a damaged game after its error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skip {
    /// Nothing: the error was at the game's end.
    Nothing,
    /// The rest of its movetext, up to its result or the next tag pair.
    Movetext,
    /// Unreadable text: every line up to the next one that starts with a tag.
    Lines,
}

/// Reads the games of a PDN text one by one. After a damaged game (an `Err`), it resumes at
/// the next game, so every game of a file is reported, good or bad.
pub struct Reader {
    lex: Lexer,
    default_rules: RuleSet,
}

impl Reader {
    /// A reader of `text`; games without a `GameType` tag are read with `default_rules`.
    pub fn new(text: &str, default_rules: RuleSet) -> Reader {
        Reader {
            lex: Lexer::new(text),
            default_rules,
        }
    }

    /// Reads the next game, or `None` at the end of the text.
    fn read(&mut self) -> Option<Result<PdnGame, PdnError>> {
        let first = match self.lex.next()? {
            Ok(t) => t,
            Err(e) => {
                self.lex.skip_to_next_tag_line();
                return Some(Err(e));
            }
        };
        self.lex.push_back(first);
        let mut state = GameState::default();
        let r = self.read_body(&mut state);
        match r {
            Ok(()) => Some(Ok(state.finish())),
            Err((e, skip)) => {
                self.recover(skip);
                Some(Err(e))
            }
        }
    }

    /// Skips the rest of a damaged game: to the end of its movetext (its result or the next
    /// tag pair) when the text can still be read, else to the next line that starts a tag.
    fn recover(&mut self, skip: Skip) {
        if skip == Skip::Nothing {
            return;
        }
        if skip == Skip::Movetext {
            while let Some(t) = self.lex.next() {
                match t {
                    Ok(Spanned {
                        tok: Tok::Result(_),
                        ..
                    }) => return,
                    Ok(
                        t @ Spanned {
                            tok: Tok::Tag { .. },
                            ..
                        },
                    ) if t.column == 1 => {
                        self.lex.push_back(t);
                        return;
                    }
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
        }
        self.lex.skip_to_next_tag_line();
    }

    /// Reads tags and movetext up to and including the result. Errors carry whether they
    /// were lexical (the text itself unreadable) or about the game, i.e. what is left to skip.
    fn read_body(&mut self, st: &mut GameState) -> Result<(), (PdnError, Skip)> {
        loop {
            let Some(t) = self.lex.next() else {
                // End of text without a result: a record cut short, kept as unfinished.
                let (line, column) = (self.lex.line, self.lex.column);
                return st.start(self.default_rules).map_err(|(kind, tag)| {
                    let (line, column) = tag.unwrap_or((line, column));
                    (PdnError { line, column, kind }, Skip::Nothing)
                });
            };
            let t = t.map_err(|e| (e, Skip::Lines))?;
            let at = |kind| {
                let (line, column) = (t.line, t.column);
                (PdnError { line, column, kind }, Skip::Movetext)
            };
            // Errors of the FEN or GameType tag point at the tag.
            let at_tag = |(kind, tag): (PdnErrorKind, Option<(usize, usize)>)| {
                let (line, column) = tag.unwrap_or((t.line, t.column));
                (PdnError { line, column, kind }, Skip::Movetext)
            };
            match &t.tok {
                Tok::Tag { name, value } => {
                    if st.game.is_some() {
                        // A new game's tags before this one's result: this one ends here.
                        self.lex.push_back(t);
                        return Ok(());
                    }
                    st.tags.push((name.clone(), value.clone()));
                    st.tag_at.push((t.line, t.column));
                }
                Tok::Result(r) => {
                    // The game ends here, read or not: nothing of it is left to skip.
                    st.start(self.default_rules)
                        .map_err(at_tag)
                        .map_err(|(e, _)| (e, Skip::Nothing))?;
                    st.result = Some(*r);
                    return Ok(());
                }
                Tok::MoveNumber => {
                    st.start(self.default_rules).map_err(at_tag)?;
                }
                Tok::Comment(c) => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    match st.moves.last_mut() {
                        Some(m) => m.comments.push(c.clone()),
                        None => st.intro.push(c.clone()),
                    }
                }
                Tok::Nag(n) => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    match st.moves.last_mut() {
                        Some(m) => m.nags.push(n.clone()),
                        None => return Err(at(PdnErrorKind::NothingToAnnotate(n.clone()))),
                    }
                }
                Tok::Open => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    let raw = self.variation(&t)?;
                    match st.moves.last_mut() {
                        Some(m) => m.variations.push(raw),
                        None => {
                            return Err(at(PdnErrorKind::NothingToAnnotate(format!("({raw})"))));
                        }
                    }
                }
                Tok::Close => return Err(at(PdnErrorKind::UnmatchedParen)),
                Tok::Move(text) => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    let game = st.game.as_mut().expect("started");
                    let pos = *game.position();
                    if let Some(outcome) = game.outcome() {
                        return Err(at(PdnErrorKind::AfterEnd {
                            text: text.clone(),
                            outcome,
                            fen: fen::write(&pos),
                        }));
                    }
                    let m = parse_move(&pos, text).map_err(|error| {
                        at(PdnErrorKind::Move {
                            ply: game.ply(),
                            error,
                            fen: fen::write(&pos),
                        })
                    })?;
                    game.play(&m).expect("a legal move of a game not over");
                    st.moves.push(PdnMove::new(m));
                }
            }
        }
    }

    /// Reads a variation after its `(` up to the matching `)`; returns its text.
    fn variation(&mut self, open: &Spanned) -> Result<String, (PdnError, Skip)> {
        let mut depth = 1;
        let start = open.end;
        loop {
            let t = match self.lex.next() {
                None => {
                    return Err((
                        PdnError {
                            line: open.line,
                            column: open.column,
                            kind: PdnErrorKind::UnclosedVariation,
                        },
                        Skip::Lines,
                    ));
                }
                Some(t) => t.map_err(|e| (e, Skip::Lines))?,
            };
            match t.tok {
                Tok::Open => depth += 1,
                Tok::Close => {
                    depth -= 1;
                    if depth == 0 {
                        let raw: String = self.lex.chars[start..t.start].iter().collect();
                        return Ok(collapse(&raw));
                    }
                }
                // A tag inside a variation means the `)` is missing.
                Tok::Tag { .. } => {
                    self.lex.push_back(t);
                    return Err((
                        PdnError {
                            line: open.line,
                            column: open.column,
                            kind: PdnErrorKind::UnclosedVariation,
                        },
                        Skip::Movetext,
                    ));
                }
                _ => {}
            }
        }
    }
}

impl Iterator for Reader {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read()
    }
}

#[derive(Default)]
struct GameState {
    tags: Vec<(String, String)>,
    /// Line and column of each tag.
    tag_at: Vec<(usize, usize)>,
    game: Option<Game>,
    rules: Option<RuleSet>,
    intro: Vec<String>,
    moves: Vec<PdnMove>,
    result: Option<PdnResult>,
}

impl GameState {
    /// At the first movetext token: the rule set from `GameType`, the start from `FEN`.
    /// An error comes with the position of the tag at fault.
    fn start(
        &mut self,
        default_rules: RuleSet,
    ) -> Result<(), (PdnErrorKind, Option<(usize, usize)>)> {
        if self.game.is_some() {
            return Ok(());
        }
        let tag = |name: &str| {
            self.tags
                .iter()
                .position(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|i| (self.tags[i].1.clone(), Some(self.tag_at[i])))
        };
        let rules = match tag("GameType") {
            None => default_rules,
            Some((gt, at)) => match gt.split(',').next().map(str::trim) {
                Some("22") => RuleSet::Italian,
                Some("21") => RuleSet::English,
                _ => return Err((PdnErrorKind::UnsupportedGameType(gt), at)),
            },
        };
        let start = match tag("FEN") {
            None => Position::start(rules),
            Some((value, at)) => fen::parse(rules, &value)
                .map_err(|error| (PdnErrorKind::BadFen { value, error }, at))?,
        };
        self.rules = Some(rules);
        self.game = Some(Game::new(start));
        Ok(())
    }

    fn finish(self) -> PdnGame {
        let game = self.game.expect("started before the game ends");
        PdnGame {
            tags: self.tags,
            rules: self.rules.expect("started"),
            start: *game.start(),
            intro: self.intro,
            moves: self.moves,
            result: self.result.unwrap_or(PdnResult::Unknown),
        }
    }
}

/// The text of a PDN file: UTF-8 when it is (a byte-order mark is skipped by the reader), else
/// Latin-1, which older Windows programs write (accented player names in Italian files).
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// Reads every game of a PDN text, damaged ones as errors (see [`Reader`]).
pub fn read_games(text: &str, default_rules: RuleSet) -> Vec<Result<PdnGame, PdnError>> {
    Reader::new(text, default_rules).collect()
}

/// Reads the first game of a PDN text.
///
/// # Errors
/// The first game's [`PdnError`]; [`PdnErrorKind::NoGame`] when there is no game at all.
pub fn read_game(text: &str, default_rules: RuleSet) -> Result<PdnGame, PdnError> {
    Reader::new(text, default_rules)
        .next()
        .unwrap_or(Err(PdnError {
            line: 1,
            column: 1,
            kind: PdnErrorKind::NoGame,
        }))
}

// ---------------------------------------------------------------------------------------------
// Writer

/// Movetext lines are wrapped at this width.
pub const LINE_WIDTH: usize = 80;

/// A tag value between quotes: `\` and `"` escaped, line breaks (which a tag can't hold)
/// turned into spaces.
fn quote(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// Writes one game: the seven standard tags (`?` where unknown), `GameType`, `FEN` when the
/// game does not begin at the start position, the other tags as read, then the movetext
/// wrapped at 80 columns with comments, NAGs and variations, and the result.
pub fn write_game(g: &PdnGame) -> String {
    let mut out = String::new();
    for name in STANDARD_TAGS {
        let value = match name {
            "Result" => g.result.as_str().to_string(),
            "Date" => g.tag(name).unwrap_or("????.??.??").to_string(),
            _ => g.tag(name).unwrap_or("?").to_string(),
        };
        out.push_str(&format!("[{name} \"{}\"]\n", quote(&value)));
    }
    out.push_str(&format!("[GameType \"{}\"]\n", g.rules.pdn_game_type()));
    if g.start != Position::start(g.rules) {
        out.push_str(&format!("[FEN \"{}\"]\n", fen::write(&g.start)));
    }
    for (name, value) in &g.tags {
        let known = STANDARD_TAGS
            .iter()
            .chain(&["GameType", "FEN"])
            .any(|s| s.eq_ignore_ascii_case(name));
        if !known {
            out.push_str(&format!("[{name} \"{}\"]\n", quote(value)));
        }
    }
    let mut words: Vec<String> = Vec::new();
    let push_text = |words: &mut Vec<String>, open: &str, text: &str, close: &str| {
        // A `}` would end a comment early: a comment given by a player loses it.
        let text = if open == "{" {
            collapse(&text.replace('}', " "))
        } else {
            collapse(text)
        };
        // Split on spaces so that wrapping never needs a line longer than 80 columns; the
        // reader collapses whitespace, so the text reads back the same.
        let mut parts: Vec<String> = text.split(' ').map(str::to_string).collect();
        parts[0] = format!("{open}{}", parts[0]);
        let last = parts.len() - 1;
        parts[last] = format!("{}{close}", parts[last]);
        words.extend(parts);
    };
    for c in &g.intro {
        push_text(&mut words, "{", c, "}");
    }
    let mut restate = true;
    for (ply, m) in g.moves.iter().enumerate() {
        let (number, first) = g.move_number(ply);
        // The number stays on the line of its move.
        let mut word = if first {
            format!("{number}. ")
        } else if restate {
            format!("{number}... ")
        } else {
            String::new()
        };
        word.push_str(&m.mv.to_string());
        for n in &m.nags {
            // Marks stick to the move (`22-18!?`), numeric NAGs stand apart (`22-18 $3`).
            if n.starts_with('$') {
                word.push(' ');
            }
            word.push_str(n);
        }
        words.push(word);
        restate = false;
        for c in &m.comments {
            push_text(&mut words, "{", c, "}");
            restate = true;
        }
        for v in &m.variations {
            push_text(&mut words, "(", v, ")");
            restate = true;
        }
    }
    words.push(g.result.as_str().to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Writes several games, separated by blank lines.
pub fn write_games(games: &[PdnGame]) -> String {
    games.iter().map(write_game).collect::<Vec<_>>().join("\n")
}

// ---------------------------------------------------------------------------------------------
// Saving

/// Whether [`save_atomic`] may replace an existing file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overwrite {
    /// Replace the file: the user named it (or agreed).
    Replace,
    /// Fail with `io::ErrorKind::AlreadyExists` if the file exists.
    Never,
}

/// Writes `contents` to `path` so that the file is never left half-written: the text goes to
/// a temporary file in the same folder, is flushed to disk, then renamed over the target (or
/// linked to it, with [`Overwrite::Never`], which fails if the target exists).
///
/// # Errors
/// Any I/O error; the target is then unchanged and the temporary file removed.
pub fn save_atomic(path: &Path, contents: &str, overwrite: Overwrite) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
        .to_string_lossy()
        .into_owned();
    if overwrite == Overwrite::Never && path.exists() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} already exists", path.display()),
        ));
    }
    let tmp = (0..100u32)
        .map(|n| dir.join(format!(".{name}.{}.{n}.tmp", std::process::id())))
        .find(|p| !p.exists())
        .ok_or_else(|| io::Error::other("no free temporary file name"))?;
    let result = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()?;
        drop(f);
        match overwrite {
            Overwrite::Replace => std::fs::rename(&tmp, path),
            // A hard link fails if the target appeared meanwhile: nothing is ever replaced.
            Overwrite::Never => {
                std::fs::hard_link(&tmp, path).and_then(|()| std::fs::remove_file(&tmp))
            }
        }
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Today's date as PDN writes it, `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to (year, month, day) in the Gregorian calendar (H. Hinnant's
/// algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_787), (2026, 11, 30));
    }

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
