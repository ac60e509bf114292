//! The opening book: positions near the start (and, for Italian, near the 11-man ballots) with
//! the value a deep search and the minimax over the book's tree gave them, so the engine plays
//! its first moves from searches far deeper than a move's time allows.
//!
//! The rooms: `format` (the file: a header, records sorted by position hash, a checksum;
//! read back or refused, never misread), `probe` (a position's book moves and the pick among
//! them), `build` (growing a book by drop-out expansion, resumable). Where the book lives:
//! the data folder's `book/<rules>.book` (a user's build) takes precedence over the small book
//! shipped in the program (`src/book/data/<rules>.book`, built by the command in
//! docs/engine.md, "Opening book").
//!
//! Imports `rules`, `store` and (the build only) `engine`.

pub mod build;
pub mod format;
pub mod probe;

pub use format::{Book, BookError, Record};
pub use probe::BookMove;

use crate::rules::RuleSet;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// The book shipped in the program, per rule set.
const SHIPPED_ITALIAN: &[u8] = include_bytes!("data/italian.book");
const SHIPPED_ENGLISH: &[u8] = include_bytes!("data/english.book");

/// The rule set's file name in the book folder.
pub fn file_name(rules: RuleSet) -> String {
    format!("{}.book", rules.name().to_lowercase())
}

/// The book folder of the data folder, `<data>/book`. `None` without a data folder.
pub fn dir() -> Option<PathBuf> {
    crate::store::data_dir().map(|d| d.join("book"))
}

/// Where a user's book of `rules` is (or would be) kept.
pub fn user_path(rules: RuleSet) -> Option<PathBuf> {
    dir().map(|d| d.join(file_name(rules)))
}

/// The book shipped in the program for `rules`.
///
/// # Errors
/// Only if the shipped file were damaged (a test checks it is not).
pub fn shipped(rules: RuleSet) -> Result<Book, BookError> {
    let bytes = match rules {
        RuleSet::Italian => SHIPPED_ITALIAN,
        RuleSet::English => SHIPPED_ENGLISH,
    };
    Book::from_static(bytes)
}

/// Which book a player uses: the user's (the data folder's), else the shipped one.
pub struct Loaded {
    pub book: Option<Arc<Book>>,
    /// Where it came from: the user's file, or `None` for the shipped book.
    pub path: Option<PathBuf>,
    /// A user's file that could not be used (damaged, another rule set, unreadable), and why:
    /// the shipped book is used instead.
    pub problem: Option<String>,
}

/// The rule set's book: the data folder's file when there is one that reads, else the
/// shipped book. A damaged user file is reported in [`Loaded::problem`], never misread.
pub fn load(rules: RuleSet) -> Loaded {
    let mut problem = None;
    if let Some(path) = user_path(rules).filter(|p| p.exists()) {
        match Book::read(&path) {
            Ok(b) if b.rules() == rules => {
                return Loaded {
                    book: Some(Arc::new(b)),
                    path: Some(path),
                    problem: None,
                };
            }
            Ok(b) => {
                problem = Some(format!(
                    "{}: a book for {} rules, not {rules}",
                    path.display(),
                    b.rules()
                ))
            }
            Err(e) => problem = Some(format!("{}: {e}", path.display())),
        }
    }
    Loaded {
        book: shipped(rules).ok().map(Arc::new),
        path: None,
        problem,
    }
}

/// [`load`], once per process and rule set (the board, `dama engine` and every engine of a
/// match share it). The caller says what [`Loaded::problem`] holds where it can (stderr, the
/// board's message line).
pub fn shared(rules: RuleSet) -> &'static Loaded {
    static IT: OnceLock<Loaded> = OnceLock::new();
    static EN: OnceLock<Loaded> = OnceLock::new();
    let cell = match rules {
        RuleSet::Italian => &IT,
        RuleSet::English => &EN,
    };
    cell.get_or_init(|| load(rules))
}
