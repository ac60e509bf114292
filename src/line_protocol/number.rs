//! The numbers the commands take: which ([`Field`]), their ranges, and why a word is not one
//! of them ([`NumberError`]).

use crate::engine::limits::MAX_DEPTH;
use crate::engine::params::MAX_CONTEMPT;
use std::fmt;

/// The longest `go movetime` accepted: a day (anything longer is a typo, and would overflow
/// the clock's arithmetic at the extreme).
pub const MAX_MOVETIME_MS: u64 = 86_400_000;

/// The most search threads `threads` takes (as `--threads` does).
pub const MAX_THREADS: usize = 256;

/// The largest `tablecache` accepted, MiB (as `--table-cache` takes).
pub const MAX_TABLE_CACHE_MIB: u64 = 4096;

/// The widest `variety` margin accepted, in centi-men (ten men: far beyond any useful value).
pub const MAX_VARIETY: i32 = 1000;

/// A number a command takes, with its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Depth,
    MoveTime,
    Nodes,
    Variety,
    Contempt,
    Threads,
    /// `multipv`: how many lines a search reports.
    MultiPv,
    TableCache,
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Depth => "depth",
            Field::MoveTime => "movetime",
            Field::Nodes => "nodes",
            Field::Variety => "variety",
            Field::Contempt => "contempt",
            Field::Threads => "threads",
            Field::MultiPv => "multipv",
            Field::TableCache => "tablecache",
        }
    }

    fn unit(self) -> &'static str {
        match self {
            Field::Depth => " plies",
            Field::MoveTime => " ms",
            Field::Variety | Field::Contempt => " centi-men",
            Field::Nodes | Field::Threads | Field::MultiPv => "",
            Field::TableCache => " MiB",
        }
    }

    /// The values taken, both ends included.
    pub fn range(self) -> (u64, u64) {
        match self {
            Field::Depth => (1, u64::from(MAX_DEPTH)),
            Field::MoveTime => (1, MAX_MOVETIME_MS),
            Field::Nodes => (1, u64::MAX),
            Field::Variety => (0, MAX_VARIETY as u64),
            Field::Contempt => (0, MAX_CONTEMPT as u64),
            Field::Threads => (1, MAX_THREADS as u64),
            Field::MultiPv => (1, crate::engine::MAX_LINES as u64),
            Field::TableCache => (1, MAX_TABLE_CACHE_MIB),
        }
    }

    /// `word` as a whole number in this field's range, or why not.
    pub(super) fn read(self, word: &str) -> Result<u64, NumberError> {
        use std::num::IntErrorKind;
        let (lo, hi) = self.range();
        let bad = |problem| NumberError {
            field: self,
            problem,
        };
        let n = match word.parse::<u64>() {
            Ok(n) => n,
            Err(e) if *e.kind() == IntErrorKind::PosOverflow => {
                return Err(bad(Problem::TooLarge(word.to_string())));
            }
            // A negative number reads as a range error, not as "not a number".
            Err(_)
                if word
                    .strip_prefix('-')
                    .is_some_and(|d| d.parse::<u64>().is_ok()) =>
            {
                return Err(bad(Problem::Negative(word.to_string())));
            }
            Err(_) => return Err(bad(Problem::NotANumber(word.to_string()))),
        };
        if (lo..=hi).contains(&n) {
            Ok(n)
        } else {
            Err(bad(Problem::OutOfRange(n)))
        }
    }
}

/// A number a command cannot take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberError {
    pub field: Field,
    pub problem: Problem,
}

/// What is wrong with a number (the word as written, or the number read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    NotANumber(String),
    Negative(String),
    TooLarge(String),
    OutOfRange(u64),
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, unit) = (self.field.name(), self.field.unit());
        let range = match self.field.range() {
            (lo, u64::MAX) => format!("at least {lo}{unit}"),
            (lo, hi) => format!("{lo} to {hi}{unit}"),
        };
        match &self.problem {
            Problem::TooLarge(w) => write!(f, "{what} must be {range}; {w} is too large"),
            Problem::Negative(w) => write!(f, "{what} must be {range}, not {w}"),
            Problem::NotANumber(w) => {
                write!(f, "{w:?} is not a whole number ({what} must be {range})")
            }
            Problem::OutOfRange(n) => write!(f, "{what} must be {range}, not {n}"),
        }
    }
}

impl std::error::Error for NumberError {}
