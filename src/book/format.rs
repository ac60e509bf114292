//! The book file (version 1), little-endian throughout:
//!
//! ```text
//!  0 magic      "DAMABOOK"
//!  8 version    u32 (1)
//! 12 rules      u8 (0 Italian, 1 English)
//! 13 roots      u8 (bit 0: the start position, bit 1: the rule set's ballots)
//! 14 reserved   2 bytes, zero
//! 16 count      u64, the records
//! 24 nodes      u64, the node budget of each search that valued a leaf
//! 32 key check  u64, the start position's hash (the Zobrist keys the hashes were made with)
//! 40 cpu        u64, milliseconds of search the build has spent so far
//! 48 checksum   u64 over bytes 0..48, 56..64 and the records
//! 56 reserved   8 bytes, zero
//! 64 records    count x 16 bytes, sorted by hash, each hash once:
//!      hash u64, value i16 (minimax over the book, side to move's view, centi-men or the
//!      engine's win/loss encoding), search i16 (the leaf search's own score), flags u8
//!      (bit 0 expanded: every legal move's position is in the book; bit 1 a root; bit 2 a
//!      leaf never to expand: no legal move, decided, with kings, or too deep), depth u8
//!      (plies from the nearest root, 255 = further), 2 bytes zero
//! ```
//!
//! A file that fails any check (size, magic, version, rules, reserved bytes, checksum, keys,
//! order, flags, a score out of range) is refused with a [`BookError`] saying which; nothing
//! of it is used.

use crate::engine::score::INF;
use crate::rules::{Position, RuleSet};
use std::borrow::Cow;
use std::fmt;
use std::path::Path;

pub const MAGIC: &[u8; 8] = b"DAMABOOK";
pub const VERSION: u32 = 1;
pub const HEADER: usize = 64;
pub const RECORD: usize = 16;

pub const EXPANDED: u8 = 1;
pub const ROOT: u8 = 2;
pub const TERMINAL: u8 = 4;
const KNOWN_FLAGS: u8 = EXPANDED | ROOT | TERMINAL;

/// `roots` bits.
pub const ROOTS_START: u8 = 1;
pub const ROOTS_BALLOTS: u8 = 2;

/// One position of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub hash: u64,
    /// Minimax over the book's tree below it (its leaf search when not expanded), from the
    /// side to move's view.
    pub value: i16,
    /// The score of the search that valued it as a leaf (0 for a root never searched).
    pub search: i16,
    pub flags: u8,
    pub depth: u8,
}

impl Record {
    pub fn expanded(&self) -> bool {
        self.flags & EXPANDED != 0
    }
}

/// What a book file says of itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub rules: RuleSet,
    pub roots: u8,
    pub count: u64,
    pub nodes: u64,
    pub cpu_ms: u64,
}

/// Why a book file is refused.
#[derive(Debug)]
pub enum BookError {
    Io(std::io::Error),
    TooShort(usize),
    NotABook,
    /// Made by a later dama.
    Version(u32),
    Damaged(&'static str),
    Checksum,
    /// Hashed with other Zobrist keys (another build of dama).
    Keys,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io(e) => write!(f, "cannot read it: {e}"),
            BookError::TooShort(n) => write!(f, "not an opening book ({n} bytes, too short)"),
            BookError::NotABook => write!(f, "not an opening book (no DAMABOOK header)"),
            BookError::Version(v) => write!(
                f,
                "book format version {v}, this dama reads version {VERSION}: build it again \
                 with `dama book build`"
            ),
            BookError::Damaged(why) => {
                write!(f, "damaged ({why}): build it again with `dama book build`")
            }
            BookError::Checksum => write!(
                f,
                "damaged (checksum does not match): build it again with `dama book build`"
            ),
            BookError::Keys => write!(
                f,
                "made with other position hashes (another dama): build it again with `dama \
                 book build`"
            ),
        }
    }
}

impl std::error::Error for BookError {}

/// A 64-bit checksum, a word at a time; each step a bijection of the state, so one changed
/// word always changes it.
pub fn checksum(parts: &[&[u8]]) -> u64 {
    const K: u64 = 0xff51_afd7_ed55_8ccd;
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
    for part in parts {
        h ^= part.len() as u64;
        let mut words = part.chunks_exact(8);
        for w in &mut words {
            let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
            h = (h ^ w).wrapping_mul(K).rotate_left(29);
        }
        for &b in words.remainder() {
            h = (h ^ u64::from(b)).wrapping_mul(K).rotate_left(29);
        }
    }
    h ^ (h >> 31)
}

fn rules_byte(rules: RuleSet) -> u8 {
    match rules {
        RuleSet::Italian => 0,
        RuleSet::English => 1,
    }
}

/// The hash the file's key check holds for `rules`.
fn key_check(rules: RuleSet) -> u64 {
    Position::start(rules).hash()
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

/// The bytes of a book: the header and `records` (sorted here by hash; a hash given twice is
/// a caller's bug).
pub fn to_bytes(header: &Header, records: &mut [Record]) -> Vec<u8> {
    records.sort_unstable_by_key(|r| r.hash);
    debug_assert!(records.windows(2).all(|w| w[0].hash < w[1].hash));
    let mut body = Vec::with_capacity(records.len() * RECORD);
    for r in records.iter() {
        body.extend_from_slice(&r.hash.to_le_bytes());
        body.extend_from_slice(&r.value.to_le_bytes());
        body.extend_from_slice(&r.search.to_le_bytes());
        body.push(r.flags);
        body.push(r.depth);
        body.extend_from_slice(&[0, 0]);
    }
    let mut h = [0u8; HEADER];
    h[0..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&VERSION.to_le_bytes());
    h[12] = rules_byte(header.rules);
    h[13] = header.roots;
    h[16..24].copy_from_slice(&(records.len() as u64).to_le_bytes());
    h[24..32].copy_from_slice(&header.nodes.to_le_bytes());
    h[32..40].copy_from_slice(&key_check(header.rules).to_le_bytes());
    h[40..48].copy_from_slice(&header.cpu_ms.to_le_bytes());
    let sum = checksum(&[&h[0..48], &h[56..64], &body]);
    h[48..56].copy_from_slice(&sum.to_le_bytes());
    let mut out = h.to_vec();
    out.extend_from_slice(&body);
    out
}

/// An opening book read and checked: its header and its records, looked up by hash.
pub struct Book {
    header: Header,
    bytes: Cow<'static, [u8]>,
}

impl fmt::Debug for Book {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Book")
            .field("header", &self.header)
            .finish()
    }
}

impl Book {
    /// Reads and checks a book file.
    ///
    /// # Errors
    /// The file cannot be read, or any check fails ([`BookError`]).
    pub fn read(path: &Path) -> Result<Book, BookError> {
        let meta = std::fs::metadata(path).map_err(BookError::Io)?;
        if !meta.is_file() {
            return Err(BookError::Io(std::io::Error::other("not a regular file")));
        }
        let bytes = std::fs::read(path).map_err(BookError::Io)?;
        Book::from_bytes(Cow::Owned(bytes))
    }

    /// A book in the program's own bytes (the shipped book).
    ///
    /// # Errors
    /// As [`Book::read`].
    pub fn from_static(bytes: &'static [u8]) -> Result<Book, BookError> {
        Book::from_bytes(Cow::Borrowed(bytes))
    }

    /// Checks `bytes` as a book file.
    ///
    /// # Errors
    /// Any check failing ([`BookError`]).
    pub fn from_bytes(bytes: Cow<'static, [u8]>) -> Result<Book, BookError> {
        let b = &bytes[..];
        if b.len() < 8 || &b[0..8] != MAGIC {
            return Err(if b.len() < HEADER && MAGIC.starts_with(b) {
                BookError::TooShort(b.len())
            } else {
                BookError::NotABook
            });
        }
        if b.len() < HEADER {
            return Err(BookError::TooShort(b.len()));
        }
        let version = u32::from_le_bytes(b[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(BookError::Version(version));
        }
        let rules = match b[12] {
            0 => RuleSet::Italian,
            1 => RuleSet::English,
            _ => return Err(BookError::Damaged("unknown rule set")),
        };
        if b[14..16] != [0, 0] || b[56..64] != [0; 8] || b[13] & !3 != 0 {
            return Err(BookError::Damaged("reserved bytes set"));
        }
        let count = u64_at(b, 16);
        let expected = count
            .checked_mul(RECORD as u64)
            .and_then(|n| n.checked_add(HEADER as u64));
        if expected != Some(b.len() as u64) {
            return Err(BookError::Damaged(
                "its length does not match its record count",
            ));
        }
        let sum = checksum(&[&b[0..48], &b[56..64], &b[HEADER..]]);
        if sum != u64_at(b, 48) {
            return Err(BookError::Checksum);
        }
        if u64_at(b, 32) != key_check(rules) {
            return Err(BookError::Keys);
        }
        let book = Book {
            header: Header {
                rules,
                roots: b[13],
                count,
                nodes: u64_at(b, 24),
                cpu_ms: u64_at(b, 40),
            },
            bytes,
        };
        let mut last = None;
        for i in 0..book.len() {
            let r = book.record(i);
            if last.is_some_and(|h| h >= r.hash) {
                return Err(BookError::Damaged("records out of order"));
            }
            last = Some(r.hash);
            let in_range = |v: i16| i32::from(v).abs() <= INF;
            if r.flags & !KNOWN_FLAGS != 0 || !in_range(r.value) || !in_range(r.search) {
                return Err(BookError::Damaged("a record out of range"));
            }
        }
        Ok(book)
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    pub fn rules(&self) -> RuleSet {
        self.header.rules
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.header.count as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The file's size in bytes.
    pub fn size(&self) -> usize {
        self.bytes.len()
    }

    /// Record `i` (in hash order).
    pub fn record(&self, i: usize) -> Record {
        let at = HEADER + i * RECORD;
        let r = &self.bytes[at..at + RECORD];
        Record {
            hash: u64_at(r, 0),
            value: i16::from_le_bytes([r[8], r[9]]),
            search: i16::from_le_bytes([r[10], r[11]]),
            flags: r[12],
            depth: r[13],
        }
    }

    /// Every record, in hash order.
    pub fn records(&self) -> impl Iterator<Item = Record> + '_ {
        (0..self.len()).map(|i| self.record(i))
    }

    /// The record of the position with this hash.
    pub fn find(&self, hash: u64) -> Option<Record> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let r = self.record(mid);
            match r.hash.cmp(&hash) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(r),
            }
        }
        None
    }
}
