//! The PDN lexer: tag pairs, comments, move numbers, moves, NAGs, parentheses and results,
//! each with its line and column. `%` lines are skipped here.

use super::{PdnError, PdnErrorKind, PdnResult};
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
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
pub(super) struct Spanned {
    pub(super) tok: Tok,
    pub(super) line: usize,
    pub(super) column: usize,
    /// Char offsets of the token in the text (for the raw text of variations).
    pub(super) start: usize,
    pub(super) end: usize,
}

pub(super) struct Lexer {
    pub(super) chars: Vec<char>,
    pub(super) i: usize,
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) pending: VecDeque<Spanned>,
}

pub(super) fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_mark(c: char) -> bool {
    matches!(c, '!' | '?')
}

impl Lexer {
    pub(super) fn new(text: &str) -> Lexer {
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
    pub(super) fn skip_to_next_tag_line(&mut self) {
        self.pending.clear();
        if self.column != 1 {
            self.skip_line();
        }
        while self.peek_char().is_some() {
            let first = self.chars[self.i..]
                .iter()
                .take_while(|&&c| c != '\n')
                .find(|c| !c.is_whitespace());
            if first == Some(&'[') {
                return;
            }
            self.skip_line();
        }
    }

    pub(super) fn push_back(&mut self, t: Spanned) {
        self.pending.push_front(t);
    }

    pub(super) fn next(&mut self) -> Option<Result<Spanned, PdnError>> {
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
