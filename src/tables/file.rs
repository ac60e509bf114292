//! The on-disk format: one file per material slice, `<rules folder>/<m-k>v<m-k>.dtb`.
//!
//! A 64-byte header, then one byte per index (see the module above for the values):
//!
//! ```text
//! 0  magic "DAMA-TB\0"     8  format version (u16 LE)   10 rules (0 italian, 1 english)
//! 11 men, kings, their men, their kings (4 x u8)        15 longest distance (u8)
//! 16 indices (u64 LE)      24 wins   32 draws   40 losses (u64 LE each)
//! 48 checksum (u64 LE): FNV-1a 64 over header bytes 0..48 and the whole body
//! 56 zero
//! ```
//!
//! Files are written to a temporary name and renamed, so a file that exists is complete.

use super::index::Material;
use super::{Slice, TableError};
use crate::rules::RuleSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"DAMA-TB\0";
/// Bumped whenever the index or the values change meaning.
pub const VERSION: u16 = 1;
const HEADER: usize = 64;

/// The path of a slice's file.
pub fn path(dir: &Path, m: Material) -> PathBuf {
    dir.join(format!("{}.dtb", m.name()))
}

/// FNV-1a, 64 bits.
fn checksum(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in *part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

fn rules_byte(rules: RuleSet) -> u8 {
    match rules {
        RuleSet::Italian => 0,
        RuleSet::English => 1,
    }
}

fn header(rules: RuleSet, s: &Slice) -> [u8; HEADER] {
    let mut h = [0u8; HEADER];
    h[0..8].copy_from_slice(MAGIC);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h[10] = rules_byte(rules);
    let m = s.material;
    h[11..15].copy_from_slice(&[m.men, m.kings, m.their_men, m.their_kings]);
    h[15] = s.max_dtw.min(255) as u8;
    h[16..24].copy_from_slice(&(s.data.len() as u64).to_le_bytes());
    h[24..32].copy_from_slice(&s.wins.to_le_bytes());
    h[32..40].copy_from_slice(&s.draws.to_le_bytes());
    h[40..48].copy_from_slice(&s.losses.to_le_bytes());
    let sum = checksum(&[&h[0..48], &s.data]);
    h[48..56].copy_from_slice(&sum.to_le_bytes());
    h
}

/// Writes a slice (atomically: temporary file, then rename).
///
/// # Errors
/// The file system's error, with the path.
pub fn write(dir: &Path, rules: RuleSet, s: &Slice) -> Result<(), TableError> {
    let final_path = path(dir, s.material);
    let tmp = final_path.with_extension("dtb.part");
    let h = header(rules, s);
    let mut f = std::fs::File::create(&tmp).map_err(|e| TableError::io(&tmp, e))?;
    f.write_all(&h)
        .and_then(|()| f.write_all(&s.data))
        .and_then(|()| f.sync_all())
        .map_err(|e| TableError::io(&tmp, e))?;
    drop(f);
    std::fs::rename(&tmp, &final_path).map_err(|e| TableError::io(&final_path, e))
}

fn u64_at(h: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(h[at..at + 8].try_into().expect("8 bytes"))
}

/// Reads a slice and checks its header and checksum.
///
/// # Errors
/// A missing or unreadable file, a file of another format, version, rule set or material, a
/// wrong length, or a checksum that does not match.
pub fn read(dir: &Path, rules: RuleSet, m: Material) -> Result<Slice, TableError> {
    let p = path(dir, m);
    let bad = |why: String| TableError::Format {
        path: p.clone(),
        why,
    };
    let mut f = std::fs::File::open(&p).map_err(|e| TableError::io(&p, e))?;
    let mut h = [0u8; HEADER];
    f.read_exact(&mut h)
        .map_err(|_| bad("shorter than a table header".into()))?;
    if &h[0..8] != MAGIC {
        return Err(bad("not a dama table file".into()));
    }
    let version = u16::from_le_bytes([h[8], h[9]]);
    if version != VERSION {
        return Err(bad(format!(
            "table format version {version}; this dama reads version {VERSION} (build the tables again)"
        )));
    }
    if h[10] != rules_byte(rules) {
        return Err(bad(format!("not a table of the {rules} rules")));
    }
    let found = Material::new(h[11], h[12], h[13], h[14]);
    if found != m {
        return Err(bad(format!("holds {found}, expected {m}")));
    }
    let len = u64_at(&h, 16);
    if len != m.size() {
        return Err(bad(format!(
            "{len} positions where {} are expected",
            m.size()
        )));
    }
    let mut data = Vec::new();
    data.try_reserve_exact(len as usize)
        .map_err(|_| bad("not enough memory to read it".into()))?;
    f.read_to_end(&mut data)
        .map_err(|e| TableError::io(&p, e))?;
    if data.len() as u64 != len {
        return Err(bad(format!("cut short: {} of {len} positions", data.len())));
    }
    if checksum(&[&h[0..48], &data]) != u64_at(&h, 48) {
        return Err(TableError::Checksum { path: p });
    }
    let s = Slice::new(m, data);
    if (s.wins, s.draws, s.losses) != (u64_at(&h, 24), u64_at(&h, 32), u64_at(&h, 40)) {
        return Err(bad("the counts in the header do not match the body".into()));
    }
    Ok(s)
}

/// What the header of a file says, without reading the body (for `dama tables info`).
pub struct Header {
    pub material: Material,
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub max_dtw: u32,
    pub bytes: u64,
}

/// Reads a slice's header only.
///
/// # Errors
/// As [`read`], without the checksum.
pub fn read_header(dir: &Path, rules: RuleSet, m: Material) -> Result<Header, TableError> {
    let p = path(dir, m);
    let bad = |why: &str| TableError::Format {
        path: p.clone(),
        why: why.into(),
    };
    let mut f = std::fs::File::open(&p).map_err(|e| TableError::io(&p, e))?;
    let bytes = f.metadata().map_err(|e| TableError::io(&p, e))?.len();
    let mut h = [0u8; HEADER];
    f.read_exact(&mut h)
        .map_err(|_| bad("shorter than a table header"))?;
    if &h[0..8] != MAGIC
        || u16::from_le_bytes([h[8], h[9]]) != VERSION
        || h[10] != rules_byte(rules)
        || Material::new(h[11], h[12], h[13], h[14]) != m
    {
        return Err(bad("not a table of this version, rule set and material"));
    }
    let (wins, draws, losses) = (u64_at(&h, 24), u64_at(&h, 32), u64_at(&h, 40));
    Ok(Header {
        material: m,
        positions: wins + draws + losses,
        wins,
        draws,
        losses,
        max_dtw: u32::from(h[15]),
        bytes,
    })
}
