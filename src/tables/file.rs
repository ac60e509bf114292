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
use crate::store;
use std::io::Read;
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

/// Writes a slice (atomically: temporary file, then rename). A temporary file left by an
/// earlier run is replaced, and one this write cannot finish (a full disk) is removed, so it
/// takes no room from the next try.
///
/// # Errors
/// The file system's error, with the path.
pub fn write(dir: &Path, rules: RuleSet, s: &Slice) -> Result<(), TableError> {
    let final_path = path(dir, s.material);
    let tmp = part_path(&final_path);
    let h = header(rules, s);
    // Removed first, so whatever has that name (a FIFO would block the open) is never opened.
    match std::fs::remove_file(&tmp) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(TableError::io(&tmp, e)),
        _ => {}
    }
    store::write_synced(&tmp, &[&h, &s.data]).map_err(|e| TableError::io(&tmp, e))?;
    store::move_into_place(&tmp, &final_path, store::Overwrite::Replace)
        .map_err(|e| TableError::io(&final_path, e))
}

/// The temporary name a slice is written under.
pub fn part_path(final_path: &Path) -> PathBuf {
    final_path.with_extension("dtb.part")
}

/// Temporary files left in `dir` by a build that did not finish (sorted).
pub fn leftovers(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".dtb.part"))
        .collect();
    v.sort();
    v
}

/// Whether anything has the name of slice `m`'s file, even a broken link.
pub fn present(dir: &Path, m: Material) -> bool {
    std::fs::symlink_metadata(path(dir, m)).is_ok()
}

fn u64_at(h: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(h[at..at + 8].try_into().expect("8 bytes"))
}

/// "1 byte", "64 bytes".
fn bytes(n: u64) -> String {
    if n == 1 {
        "1 byte".into()
    } else {
        format!("{n} bytes")
    }
}

/// What a file type is, for messages.
fn kind(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() { "a folder" } else { "not a file" }
}

/// Opens a slice's file for reading, with its length: only a regular file (links followed),
/// so a FIFO or a device named like a table neither blocks nor floods the reader.
fn open(p: &Path) -> Result<(std::fs::File, u64), TableError> {
    let not_regular = |t: std::fs::FileType| TableError::NotRegular {
        path: p.to_path_buf(),
        kind: kind(t),
    };
    let failed = |e: std::io::Error| {
        if e.kind() != std::io::ErrorKind::NotFound {
            return TableError::io(p, e);
        }
        // A link whose target is gone is named as such: the file is there to see.
        let link = std::fs::read_link(p).ok();
        TableError::Missing {
            path: p.to_path_buf(),
            link,
        }
    };
    let md = std::fs::metadata(p).map_err(failed)?;
    if !md.is_file() {
        return Err(not_regular(md.file_type()));
    }
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    // Should a FIFO take the file's place after the check above, the open still returns at
    // once; reads of a regular file ignore the flag.
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NONBLOCK);
    }
    let f = o.open(p).map_err(failed)?;
    let md = f.metadata().map_err(|e| TableError::io(p, e))?;
    if !md.is_file() {
        return Err(not_regular(md.file_type()));
    }
    Ok((f, md.len()))
}

/// Opens a slice's file and checks its header and its length against the slice it must hold.
fn open_checked(
    dir: &Path,
    rules: RuleSet,
    m: Material,
) -> Result<(std::fs::File, [u8; HEADER], u64), TableError> {
    let p = path(dir, m);
    let bad = |why: String| TableError::Format {
        path: p.clone(),
        why,
    };
    let (mut f, len) = open(&p)?;
    let mut h = [0u8; HEADER];
    if len < HEADER as u64 {
        return Err(bad(format!(
            "cut short: {}, shorter than a table header ({HEADER} bytes)",
            bytes(len)
        )));
    }
    f.read_exact(&mut h).map_err(|e| TableError::io(&p, e))?;
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
    let positions = u64_at(&h, 16);
    if positions != m.size() {
        return Err(bad(format!(
            "{positions} positions where {} are expected",
            m.size()
        )));
    }
    let want = HEADER as u64 + positions;
    if len != want {
        return Err(bad(format!(
            "{}: {} where a table of {positions} positions has {want}",
            if len < want { "cut short" } else { "too long" },
            bytes(len)
        )));
    }
    Ok((f, h, len))
}

/// Reads a slice and checks its header and checksum.
///
/// # Errors
/// A missing or unreadable file, one that is not a regular file, a file of another format,
/// version, rule set or material, a wrong length, or a checksum that does not match.
pub fn read(dir: &Path, rules: RuleSet, m: Material) -> Result<Slice, TableError> {
    let p = path(dir, m);
    let bad = |why: String| TableError::Format {
        path: p.clone(),
        why,
    };
    let (f, h, _) = open_checked(dir, rules, m)?;
    let len = m.size();
    let mut data = Vec::new();
    data.try_reserve_exact(len as usize + 1)
        .map_err(|_| bad("not enough memory to read it".into()))?;
    // One byte more than expected tells a file that grew while it was read.
    f.take(len + 1)
        .read_to_end(&mut data)
        .map_err(|e| TableError::io(&p, e))?;
    if data.len() as u64 != len {
        return Err(bad(format!(
            "changed while being read: {} where a table of {len} positions has {}",
            bytes(HEADER as u64 + data.len() as u64),
            HEADER as u64 + len
        )));
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

/// Reads a slice's header only, and checks the file's length.
///
/// # Errors
/// As [`read`], without the checksum.
pub fn read_header(dir: &Path, rules: RuleSet, m: Material) -> Result<Header, TableError> {
    let (_, h, bytes) = open_checked(dir, rules, m)?;
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
