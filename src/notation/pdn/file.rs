//! Reading a PDN file's text: how much is read before deciding it is not PDN (a binary file or
//! an endless device is refused in a megabyte), and its encoding (UTF-8, UTF-16, Windows-1252 /
//! Latin-1).
//! Every command that reads a game file reads it here.

use super::lexer::{Lexer, Tok};
use super::reader::read_games;
use super::{PdnError, PdnErrorKind, PdnGame};
use crate::rules::RuleSet;

/// How much of a file is read before deciding that it is not PDN.
pub const SNIFF_BYTES: usize = 1 << 20;

/// Why a PDN file could not be read at all (its games' own errors are [`PdnError`]s).
#[derive(Debug)]
pub enum FileError {
    Io(std::io::Error),
    /// Longer than [`SNIFF_BYTES`], and its first megabyte holds no tag pair and no move.
    NotPdn,
    /// Longer than [`SNIFF_BYTES`], and a tag pair (or comment) that starts at this line and
    /// column of its first megabyte runs on past it, with no tag pair or move before it.
    TooLong {
        what: Unclosed,
        line: usize,
        column: usize,
    },
}

/// What runs on past the first megabyte in [`FileError::TooLong`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unclosed {
    Tag,
    Comment,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::Io(e) => write!(f, "{e}"),
            FileError::NotPdn => write!(
                f,
                "not a PDN file: its first megabyte holds no tag pair and no move"
            ),
            FileError::TooLong { what, line, column } => {
                let what = match what {
                    Unclosed::Tag => "tag pair",
                    Unclosed::Comment => "comment",
                };
                write!(
                    f,
                    "line {line}, column {column}: the {what} that starts there is too long: it \
                     runs on past the first megabyte of the file (read as PDN only when that \
                     megabyte holds a tag pair or a move)"
                )
            }
        }
    }
}

// No `source`: the message is the I/O error itself, which `{:#}` would print twice.
impl std::error::Error for FileError {}

impl From<std::io::Error> for FileError {
    fn from(e: std::io::Error) -> FileError {
        FileError::Io(e)
    }
}

/// Reads the text of a PDN file (see [`decode`] for its encoding). A file longer than
/// [`SNIFF_BYTES`] is read on only when its first megabyte looks like PDN, so that a binary
/// file or a device such as `/dev/zero` is refused instead of filling memory. Every command
/// that reads a game file reads it here.
///
/// # Errors
/// [`FileError::Io`] when the file can't be read, [`FileError::NotPdn`] or
/// [`FileError::TooLong`] as above.
pub fn read_text(path: &std::path::Path) -> Result<String, FileError> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(SNIFF_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() > SNIFF_BYTES {
        sniff(&decode(&bytes[..SNIFF_BYTES]))?;
        file.read_to_end(&mut bytes)?;
    }
    Ok(decode_owned(bytes))
}

/// Whether a text (the first megabyte of a file) holds at least one tag pair, move number,
/// move or result; if not, [`FileError::TooLong`] when a tag pair or comment left open runs to
/// its end (the file may be PDN with one absurdly long tag), else [`FileError::NotPdn`].
/// Binary data is [`FileError::NotPdn`] first: a megabyte of random bytes nearly always holds
/// something that lexes as a move number, and reading such a device on would fill memory.
fn sniff(text: &str) -> Result<(), FileError> {
    if looks_binary(text) {
        return Err(FileError::NotPdn);
    }
    let mut lex = Lexer::new(text);
    let mut too_long = None;
    while let Some(t) = lex.next() {
        match t {
            Ok(t)
                if matches!(
                    t.tok,
                    Tok::Comment(_) | Tok::Nag(_) | Tok::Open | Tok::Close
                ) => {}
            Ok(_) => return Ok(()),
            Err(e) => {
                // An open tag runs to the end of the text (its lexer is left there); an open
                // comment has no `}` after it at all.
                let what = match e.kind {
                    PdnErrorKind::UnclosedTag if lex.i == lex.text_len() => Some(Unclosed::Tag),
                    PdnErrorKind::UnclosedComment => Some(Unclosed::Comment),
                    _ => None,
                };
                if let (None, Some(what)) = (&too_long, what) {
                    too_long = Some(FileError::TooLong {
                        what,
                        line: e.line,
                        column: e.column,
                    });
                }
                lex.skip_to_next_tag_line();
            }
        }
    }
    Err(too_long.unwrap_or(FileError::NotPdn))
}

/// More than one character in a hundred is an ASCII control character other than tab, line
/// feed, form feed and carriage return: no text file, whatever its encoding once decoded, but
/// every binary file and device (`/dev/zero`, `/dev/urandom`: an eighth of random bytes are
/// such controls). The C1 range is left alone: Windows-1252 prints there, Latin-1 decodes it.
fn looks_binary(text: &str) -> bool {
    let (mut chars, mut controls) = (0usize, 0usize);
    for c in text.chars() {
        chars += 1;
        if (c < ' ' || c == '\x7f') && !matches!(c, '\t' | '\n' | '\r' | '\x0c') {
            controls += 1;
        }
    }
    controls * 100 > chars
}

/// Reads every game of a PDN file (see [`read_text`] and [`Reader`]). The games are all held
/// at once: to go through a large file, read its text and iterate a [`Reader`].
///
/// # Errors
/// [`FileError`] when the file can't be read or is not PDN.
pub fn read_file(
    path: &std::path::Path,
    default_rules: RuleSet,
) -> Result<Vec<Result<PdnGame, PdnError>>, FileError> {
    Ok(read_games(&read_text(path)?, default_rules))
}

/// The text of a PDN file: UTF-8 when it is; UTF-16 (little or big endian, with or without a
/// byte-order mark, as Windows "Unicode" text is saved); else Windows-1252 (Latin-1 with
/// punctuation in 0x80-0x9F), which older Windows programs write (accented player names in
/// Italian files). A UTF-8 byte-order mark is
/// skipped by the reader.
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => decode_other(bytes),
    }
}

/// [`decode`] without copying a UTF-8 file.
fn decode_owned(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => decode_other(e.as_bytes()),
    }
}

fn decode_other(bytes: &[u8]) -> String {
    match utf16_order(bytes) {
        Some(little) => {
            let units = bytes.chunks_exact(2).map(|p| {
                let pair = [p[0], p[1]];
                if little {
                    u16::from_le_bytes(pair)
                } else {
                    u16::from_be_bytes(pair)
                }
            });
            char::decode_utf16(units)
                .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                .collect()
        }
        None => bytes.iter().map(|&b| windows_1252(b)).collect(),
    }
}

/// Windows-1252, which files saved on Windows usually are: Latin-1 but for 0x80-0x9F, where
/// it has punctuation (dashes, curly quotes, the euro sign) instead of C1 control characters
/// (those would be stripped from tags and comments). Its five unused bytes stay Latin-1.
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '\u{20AC}', '\u{81}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}',
        '\u{2021}', '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{8D}',
        '\u{017D}', '\u{8F}', '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}',
        '\u{2013}', '\u{2014}', '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}',
        '\u{9D}', '\u{017E}', '\u{0178}',
    ];
    match b {
        0x80..=0x9F => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// `Some(true)` for UTF-16 little endian, `Some(false)` for big endian: a byte-order mark, or
/// (without one) text whose every other byte is zero, as ASCII is in UTF-16. Latin-1 text
/// has no zero bytes, so the two can't be confused.
fn utf16_order(bytes: &[u8]) -> Option<bool> {
    match bytes {
        [0xFF, 0xFE, ..] => return Some(true),
        [0xFE, 0xFF, ..] => return Some(false),
        _ => {}
    }
    let head = &bytes[..bytes.len().min(4096) & !1];
    if head.is_empty() {
        return None;
    }
    let zeros = |odd: usize| {
        head.iter()
            .skip(odd)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let pairs = head.len() / 2;
    let (even, odd) = (zeros(0), zeros(1));
    // Mostly ASCII: nearly every high byte zero, hardly any low byte zero.
    if odd * 10 >= pairs * 9 && even * 10 <= pairs {
        Some(true)
    } else if even * 10 >= pairs * 9 && odd * 10 <= pairs {
        Some(false)
    } else {
        None
    }
}
