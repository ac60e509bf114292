//! The PDN lexer: tag pairs, comments (`{...}`, and `;` to the end of the line), move numbers,
//! moves, NAGs, parentheses and results, each with its line and column. `%` lines are skipped
//! here.
//!
//! It walks the text in place (byte offsets into a `&str`, columns counted in characters) and
//! never goes back over text it has read, so reading is linear in the size of the file.

use super::{PdnError, PdnErrorKind, PdnResult};
use crate::notation::excerpt;
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok<'a> {
    Tag { name: String, value: String },
    Comment(String),
    MoveNumber,
    Move(&'a str),
    Nag(&'a str),
    Open,
    Close,
    Result(PdnResult),
}

#[derive(Clone, Debug)]
pub(super) struct Spanned<'a> {
    pub(super) tok: Tok<'a>,
    pub(super) line: usize,
    pub(super) column: usize,
    /// Byte offset of the token in the text (where a reader resumes).
    pub(super) start: usize,
}

#[derive(Clone)]
pub(super) struct Lexer<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    pub(super) i: usize,
    pub(super) line: usize,
    /// In characters, from 1.
    pub(super) column: usize,
    pending: VecDeque<Spanned<'a>>,
    /// A byte offset after which the text holds no `}`, learnt from a comment left open: a
    /// later `{` fails at once instead of searching to the end again (a file of many open
    /// comments would otherwise take quadratic time).
    no_close_after: Option<usize>,
}

pub(super) fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_mark(c: char) -> bool {
    matches!(c, '!' | '?')
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer {
            text,
            i: 0,
            line: 1,
            column: 1,
            pending: VecDeque::new(),
            no_close_after: None,
        }
    }

    /// A lexer of `text` that starts at a place an earlier one reported with [`Lexer::mark`].
    pub(super) fn resume(text: &'a str, (i, line, column): (usize, usize, usize)) -> Lexer<'a> {
        let mut lx = Lexer::new(text);
        (lx.i, lx.line, lx.column) = (i.min(lx.text.len()), line, column);
        lx
    }

    /// Where the next token will be read from: byte offset, line, column.
    pub(super) fn mark(&self) -> (usize, usize, usize) {
        match self.pending.front() {
            Some(t) => (t.start, t.line, t.column),
            None => (self.i, self.line, self.column),
        }
    }

    /// The length of the text in bytes (where [`Lexer::i`] ends).
    pub(super) fn text_len(&self) -> usize {
        self.text.len()
    }

    /// The text between two byte offsets of tokens.
    pub(super) fn slice(&self, start: usize, end: usize) -> &'a str {
        &self.text[start..end]
    }

    fn peek_char(&self) -> Option<char> {
        self.text[self.i..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.i += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// Moves on to byte offset `to` (a char boundary after `i`), counting lines and columns.
    fn advance_to(&mut self, to: usize) {
        let skipped = &self.text[self.i..to];
        match skipped.rfind('\n') {
            Some(nl) => {
                self.line += skipped.bytes().filter(|&b| b == b'\n').count();
                self.column = 1 + skipped[nl + 1..].chars().count();
            }
            None => self.column += skipped.chars().count(),
        }
        self.i = to;
    }

    /// Bumps while `keep` holds; returns the text passed over.
    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let start = self.i;
        let rest = &self.text[start..];
        let len = rest.find(|c: char| !keep(c)).unwrap_or(rest.len());
        // Never a newline in what `keep` accepts here, so the column counts the characters.
        self.column += rest[..len].chars().count();
        self.i += len;
        &self.text[start..self.i]
    }

    fn err(&self, line: usize, column: usize, kind: PdnErrorKind) -> PdnError {
        PdnError {
            line,
            column,
            kind,
            partial: None,
        }
    }

    /// Skips the rest of the current line.
    fn skip_line(&mut self) {
        match self.text[self.i..].find('\n') {
            Some(nl) => {
                self.i += nl + 1;
                self.line += 1;
                self.column = 1;
            }
            None => self.advance_to(self.text.len()),
        }
    }

    /// After a damaged game: resume at the next line that starts with `[` (a new game's tags).
    pub(super) fn skip_to_next_tag_line(&mut self) {
        self.pending.clear();
        if self.column != 1 {
            self.skip_line();
        }
        while self.i < self.text.len() {
            let rest = &self.text[self.i..];
            let first = rest
                .find(|c: char| c == '\n' || !c.is_whitespace())
                .map(|at| rest.as_bytes()[at]);
            if first == Some(b'[') {
                return;
            }
            self.skip_line();
        }
    }

    pub(super) fn push_back(&mut self, t: Spanned<'a>) {
        self.pending.push_front(t);
    }

    pub(super) fn next(&mut self) -> Option<Result<Spanned<'a>, PdnError>> {
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
            '{' => self.comment(line, column),
            // PDN's other comment: from `;` to the end of its line.
            ';' => Ok(Tok::Comment(collapse(self.take_while(|d| d != '\n')))),
            '(' => Ok(Tok::Open),
            ')' => Ok(Tok::Close),
            '*' => Ok(Tok::Result(PdnResult::Unknown)),
            '$' => {
                let digits = self.take_while(|d| d.is_ascii_digit());
                if digits.is_empty() {
                    Err(self.err(line, column, PdnErrorKind::UnexpectedText("$".into())))
                } else {
                    Ok(Tok::Nag(self.slice(start, self.i)))
                }
            }
            c if is_mark(c) => {
                self.take_while(is_mark);
                Ok(Tok::Nag(self.slice(start, self.i)))
            }
            c if c.is_ascii_digit() => {
                self.take_while(|d| {
                    d.is_ascii_alphanumeric() || matches!(d, '-' | ':' | '.' | '/')
                });
                let word = self.slice(start, self.i);
                let marks = self.take_while(is_mark);
                self.word(word, marks, line, column, start)
            }
            _ => {
                self.take_while(|d| {
                    !d.is_whitespace() && !matches!(d, '[' | ']' | '{' | '}' | '(' | ')')
                });
                let word = self.slice(start, self.i);
                Err(self.err(line, column, PdnErrorKind::UnexpectedText(excerpt(word))))
            }
        };
        Some(tok.map(|tok| Spanned {
            tok,
            line,
            column,
            start,
        }))
    }

    /// A comment after its `{`, up to the `}`.
    fn comment(&mut self, line: usize, column: usize) -> Result<Tok<'a>, PdnError> {
        let close = match self.no_close_after {
            Some(after) if self.i >= after => None,
            _ => self.text[self.i..].find('}').map(|at| self.i + at),
        };
        let Some(close) = close else {
            // Stay just after the `{` so that the reader can skip to the next game instead of
            // losing the rest of the file.
            self.no_close_after = Some(self.no_close_after.map_or(self.i, |a| a.min(self.i)));
            return Err(self.err(line, column, PdnErrorKind::UnclosedComment));
        };
        let body = collapse(&self.text[self.i..close]);
        self.advance_to(close + 1);
        Ok(Tok::Comment(body))
    }

    fn tag(&mut self, line: usize, column: usize) -> Result<Tok<'a>, PdnError> {
        let bad = |lx: &Lexer, kind| lx.err(line, column, kind);
        let blank = |c: char| c == ' ' || c == '\t';
        self.take_while(blank);
        let name = self.take_while(|c| c.is_alphanumeric() || c == '_');
        self.take_while(blank);
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
            let run = self.take_while(|c| !matches!(c, '\n' | '\r' | '\\' | '"'));
            value.push_str(run);
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
                _ => {
                    self.bump();
                    break;
                }
            }
        }
        self.take_while(blank);
        if self.peek_char() != Some(']') {
            return Err(bad(self, PdnErrorKind::UnclosedTag));
        }
        self.bump();
        Ok(Tok::Tag {
            name: name.to_string(),
            value,
        })
    }

    /// Classifies a word that starts with a digit: a result, a move number, a move (or a
    /// move number glued to a move, `12.22-18`). The word and marks are ASCII, so byte and
    /// column offsets within them agree.
    fn word(
        &mut self,
        word: &'a str,
        marks: &'a str,
        line: usize,
        column: usize,
        start: usize,
    ) -> Result<Tok<'a>, PdnError> {
        if marks.is_empty() {
            if let Some(r) = PdnResult::parse(word) {
                return Ok(Tok::Result(r));
            }
        }
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&c| c == b'.').count();
        let rest = &word[digits + dots..];
        let unexpected = |lx: &Lexer| {
            let text = lx.slice(start, start + word.len() + marks.len());
            lx.err(line, column, PdnErrorKind::UnexpectedText(excerpt(text)))
        };
        let queue_marks = |lx: &mut Lexer<'a>, at: usize| {
            if !marks.is_empty() {
                lx.pending.push_back(Spanned {
                    tok: Tok::Nag(marks),
                    line,
                    column: column + at,
                    start: start + at,
                });
            }
        };
        if dots > 0 {
            if rest.is_empty() {
                return if marks.is_empty() {
                    Ok(Tok::MoveNumber)
                } else {
                    Err(unexpected(self))
                };
            }
            // `12.22-18`: the number now, the move next.
            let at = digits + dots;
            self.pending.push_back(Spanned {
                tok: Tok::Move(rest),
                line,
                column: column + at,
                start: start + at,
            });
            queue_marks(self, word.len());
            return Ok(Tok::MoveNumber);
        }
        if word.contains(['.', '/']) {
            return Err(unexpected(self));
        }
        queue_marks(self, word.len());
        Ok(Tok::Move(word))
    }
}
