//! The on-disk format: one file per material slice, `<rules folder>/<m-k>v<m-k>.dtb`,
//! memory-mapped when read ([`Packed`]) and decompressed a block at a time on demand.
//!
//! Version 3 (this one): as version 2 below, and the distance part comes in three kinds, said
//! by header byte 63: exact (0: wins and losses, halved, as version 2; every slice of up to
//! [`DISTANCES_UP_TO`] pieces while a build is under way), wins only (`1 + s`: the halved
//! distance of a win shifted right by `s`, in blocks of [`COARSE_BLOCK`] at zstd 19; losses
//! are don't care, the prober takes the slowest of the moves' wins: exact with `s = 0`, the
//! slices of up to [`EXACT_UP_TO`] pieces; a bound with `s = 2`, the 5-piece slices), or none
//! (a distance block length of 0; larger slices).
//!
//! Version 2. Per position two values are kept: win/draw/loss, packed five to the
//! byte (base 3: 0 loss, 1 draw, 2 win), and for a win or a loss half its distance in plies
//! (one byte; the parity follows from win or loss: wins are odd, losses even). Positions whose
//! side to move has a capture are "don't care" in both (the prober plays the captures out
//! against smaller slices, as the search does anyway), and so are indices that are no position
//! and the distance of a draw: they take the value before them, which lengthens the runs the
//! compressor sees. Each part is cut in blocks of a fixed number of positions (32,768 for
//! win/draw/loss, 8,192 for distances: 6.5 KB and 8 KB decompressed; the header says), each
//! compressed on its own (zstd), so a probe that misses the cache decompresses one or two
//! small blocks. Version 3 cuts the win/draw/loss of a file without distances in blocks of
//! [`BARE_WDL_BLOCK`] positions.
//!
//! ```text
//! 0  magic "DAMA-TB\0"     8  format version (u16 LE)   10 rules (0 italian, 1 english)
//! 11 men, kings, their men, their kings (4 x u8)        15 longest distance (u8)
//! 16 indices (u64 LE)      24 wins   32 draws   40 losses (u64 LE each, as built)
//! 48 checksum (u64 LE): FNV-1a 64 over header bytes 0..48 and 56..64 and the block index
//! 56 positions per win/draw/loss block (u32 LE)   60 positions per distance block (24 bits
//!    LE; 0: the file keeps no distances, see [`DISTANCES_UP_TO`])   63 coarse shift (u8; 0:
//!    exact distances; version 3 only)
//! 64 the block index: every win/draw/loss block, then every distance block, each as
//!    offset in the file (u64 LE), compressed length (u32 LE), checksum of the compressed
//!    bytes ([`block_sum`], u32 LE)
//!    then the compressed blocks, in index order, to the end of the file
//! ```
//!
//! Versions 1 (one byte a position, a checksum over the whole file) and 2 are still read by the
//! build, which converts such files in place; anything else refuses them with a message that
//! says so (`dama tables build` converts them).
//! Files are written to a temporary name and renamed, so a file that exists is complete.

use super::index::{Material, unrank};
pub use super::packed::Packed;
use super::{NOT_A_POSITION, Slice, TableError, Wdl};
use crate::rules::{RuleSet, has_capture};
use crate::store;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

const MAGIC: &[u8; 8] = b"DAMA-TB\0";
/// Bumped whenever the index or the values change meaning.
pub const VERSION: u16 = 3;
/// Exact distances for every slice kept with distances; read by the build only, to convert.
pub const V2: u16 = 2;
/// The one-byte-a-position format of earlier versions, converted by the build.
const V1: u16 = 1;
pub(super) const HEADER: usize = 64;
/// Positions per win/draw/loss block (6.5 KB decompressed).
pub const WDL_BLOCK: u32 = 1 << 15;
/// Positions per win/draw/loss block in a file without distances (the slices of more than
/// [`DISTANCES_UP_TO`] pieces, 820 bytes decompressed): a search from outside the tables
/// probes such slices all over, one position a block, and a small block puts more of the
/// positions probed into the cache's budget and costs less to decompress on a miss.
pub const BARE_WDL_BLOCK: u32 = 1 << 12;
/// Positions per distance block (8 KB decompressed): a quarter of the above, since distances
/// take five times the bytes; smaller blocks cost 5% more disk (5 pieces), and a miss less.
pub const DISTANCE_BLOCK: u32 = 1 << 13;
/// Slices of more pieces than this keep win/draw/loss only, once their piece count is built
/// whole: the distances are nine tenths of a 6-piece file (668 of 731 MB), and the engine
/// converts those wins by searching for progress (captures and promotions into the smaller
/// slices, whose distances are kept). A build keeps them until its piece count is complete,
/// since solving a slice needs the distances of the slices its promotions lead to.
pub const DISTANCES_UP_TO: u32 = 5;
/// Slices of up to this many pieces keep their exact distances; those of more, up to
/// [`DISTANCES_UP_TO`], coarse ones, for wins only (a build writes them exact and makes them
/// coarse once every slice is built): the exact distances of the 5-piece slices took 40 of the
/// 46 MB of the tables up to 5 pieces, coarse ones of wins only about 10. With them the
/// search converts a win by bringing the bound down, 8 plies at a time at the most.
pub const EXACT_UP_TO: u32 = 4;
/// The coarse shift of the halved distances: buckets of 8 plies.
pub const COARSE_SHIFT: u8 = 2;
/// Positions per coarse distance block (64 KB decompressed).
pub const COARSE_BLOCK: u32 = 1 << 16;
/// zstd's level for coarse distance blocks.
const COARSE_LEVEL: i32 = 19;
/// One index entry: offset, length, checksum.
pub(super) const ENTRY: usize = 16;
/// zstd's level for the build: the files are written once and read many times.
const LEVEL: i32 = 12;

/// The path of a slice's file.
pub fn path(dir: &Path, m: Material) -> PathBuf {
    dir.join(format!("{}.dtb", m.name()))
}

/// FNV-1a, 64 bits.
fn checksum(parts: &[&[u8]]) -> u64 {
    parts
        .iter()
        .fold(CHECKSUM_START, |h, part| checksum_on(h, part))
}

/// FNV-1a 64's state before any byte.
const CHECKSUM_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a 64 carried on over `bytes` from state `h` (so a long part can be summed in pieces).
fn checksum_on(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn rules_byte(rules: RuleSet) -> u8 {
    match rules {
        RuleSet::Italian => 0,
        RuleSet::English => 1,
    }
}

/// A block's checksum: a word at a time (eight times FNV's speed: it runs at every
/// decompression); each step a bijection, so one changed word always changes the state.
pub fn block_sum(bytes: &[u8]) -> u32 {
    const K: u64 = 0xff51_afd7_ed55_8ccd;
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15 ^ bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(K).rotate_left(29);
    }
    for &b in words.remainder() {
        h = (h ^ u64::from(b)).wrapping_mul(K).rotate_left(29);
    }
    (h ^ (h >> 32)) as u32
}

/// Base-3 digit `j` (0..5) of every byte value, so unpacking is a table look-up.
pub(super) const DIGITS: [[u8; 5]; 256] = {
    let mut t = [[0u8; 5]; 256];
    let mut b = 0;
    while b < 243 {
        let (mut v, mut j) = (b, 0);
        while j < 5 {
            t[b][j] = (v % 3) as u8;
            v /= 3;
            j += 1;
        }
        b += 1;
    }
    t
};
const POW3: [u8; 5] = [1, 3, 9, 27, 81];

/// The two parts of one block before compression: win/draw/loss packed, distances halved.
fn encode_block(rules: RuleSet, m: Material, data: &[u8], start: usize) -> (Vec<u8>, Vec<u8>) {
    let n = data.len();
    let mut wdl = vec![0u8; n.div_ceil(5)];
    let mut dist = vec![0u8; n];
    // A don't-care repeats the value before it; a block starts from a draw.
    let (mut w, mut d) = (1u8, 0u8);
    for (k, &v) in data.iter().enumerate() {
        let care = v != NOT_A_POSITION
            && unrank(m, (start + k) as u64)
                .and_then(|p| p.position(rules))
                .is_some_and(|pos| !has_capture(&pos));
        if care {
            match Wdl::from_byte(v) {
                Some(Wdl::Draw) | None => w = 1,
                Some(Wdl::Win(x)) => (w, d) = (2, (x / 2) as u8),
                Some(Wdl::Loss(x)) => (w, d) = (0, (x / 2) as u8),
            }
        }
        wdl[k / 5] += w * POW3[k % 5];
        dist[k] = d;
    }
    (wdl, dist)
}

/// The file's bytes for a solved slice (all its values in memory), compressing blocks on up
/// to `threads` threads.
fn encode(rules: RuleSet, s: &Slice, data: &[u8], threads: usize) -> Vec<u8> {
    const _: () = assert!(WDL_BLOCK.is_multiple_of(DISTANCE_BLOCK));
    let wdl_block = wdl_block(s.distances);
    let blocks = data.len().div_ceil(wdl_block as usize);
    // Per win/draw/loss block: its compressed part, and those of the distance blocks in it.
    let mut parts: Vec<(Vec<u8>, Vec<Vec<u8>>)> = vec![(Vec::new(), Vec::new()); blocks];
    crate::pool::run(
        threads,
        blocks,
        || zstd::bulk::Compressor::new(LEVEL).expect("a zstd context"),
        |z, b| {
            let start = b * wdl_block as usize;
            let end = (start + wdl_block as usize).min(data.len());
            let (wdl, dist) = encode_block(rules, s.material, &data[start..end], start);
            let mut c = |x: &[u8]| z.compress(x).expect("zstd compresses into memory");
            // A slice solved for win, draw or loss only keeps no distances.
            let dist = if s.distances {
                dist.chunks(DISTANCE_BLOCK as usize).map(&mut c).collect()
            } else {
                Vec::new()
            };
            Some((c(&wdl), dist))
        },
        |rx| {
            for (b, p) in rx {
                parts[b] = p;
            }
        },
    );
    let mut h = [0u8; HEADER];
    h[0..8].copy_from_slice(MAGIC);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h[10] = rules_byte(rules);
    let m = s.material;
    h[11..15].copy_from_slice(&[m.men, m.kings, m.their_men, m.their_kings]);
    h[15] = s.max_dtw.min(255) as u8;
    h[16..24].copy_from_slice(&(data.len() as u64).to_le_bytes());
    h[24..32].copy_from_slice(&s.wins.to_le_bytes());
    h[32..40].copy_from_slice(&s.draws.to_le_bytes());
    h[40..48].copy_from_slice(&s.losses.to_le_bytes());
    h[56..60].copy_from_slice(&wdl_block.to_le_bytes());
    let dist_block = if s.distances { DISTANCE_BLOCK } else { 0 };
    h[60..64].copy_from_slice(&dist_block.to_le_bytes());
    let in_order: Vec<&[u8]> = parts
        .iter()
        .map(|p| p.0.as_slice())
        .chain(parts.iter().flat_map(|p| p.1.iter().map(Vec::as_slice)))
        .collect();
    let mut index = Vec::with_capacity(in_order.len() * ENTRY);
    let mut at = (HEADER + in_order.len() * ENTRY) as u64;
    for p in &in_order {
        index.extend_from_slice(&at.to_le_bytes());
        index.extend_from_slice(&(p.len() as u32).to_le_bytes());
        index.extend_from_slice(&block_sum(p).to_le_bytes());
        at += p.len() as u64;
    }
    let sum = checksum(&[&h[0..48], &h[56..64], &index]);
    h[48..56].copy_from_slice(&sum.to_le_bytes());
    let mut out = Vec::with_capacity(at as usize);
    out.extend_from_slice(&h);
    out.extend_from_slice(&index);
    for p in &in_order {
        out.extend_from_slice(p);
    }
    out
}

/// Positions per win/draw/loss block of a file that keeps distances or not.
pub fn wdl_block(distances: bool) -> u32 {
    if distances { WDL_BLOCK } else { BARE_WDL_BLOCK }
}

/// Writes a solved slice (its values in memory) in the compact format, atomically: temporary
/// file, then rename. A temporary file left by an earlier run is replaced, and one this write
/// cannot finish (a full disk) is removed, so it takes no room from the next try.
///
/// # Errors
/// The file system's error, with the path.
///
/// # Panics
/// If the slice was read from a file (its values are not in memory).
pub fn write(dir: &Path, rules: RuleSet, s: &Slice, threads: usize) -> Result<(), TableError> {
    let data = s.values().expect("a solved slice has its values in memory");
    let bytes = encode(rules, s, data, threads);
    put(&path(dir, s.material), &bytes)
}

/// What a slice's file keeps of its distances.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Exact, for wins and losses (what the build writes, and needs to solve larger slices).
    Exact,
    /// For wins only, the halved distance shifted right by this much (0: exact; a loss's
    /// distance comes from its moves, exact or a bound as theirs are).
    Wins(u8),
    /// None.
    Bare,
}

impl Kind {
    /// How much it keeps, to compare kinds.
    fn rank(self) -> u32 {
        match self {
            Kind::Exact => 100,
            Kind::Wins(s) => 50 - u32::from(s),
            Kind::Bare => 0,
        }
    }
}

/// The kind the finished tables keep for a slice of `pieces` pieces.
pub fn kind_for(pieces: u32) -> Kind {
    if pieces <= EXACT_UP_TO {
        Kind::Wins(0)
    } else if pieces <= DISTANCES_UP_TO {
        Kind::Wins(COARSE_SHIFT)
    } else {
        Kind::Bare
    }
}

impl Packed {
    /// What the file keeps of its distances.
    pub fn kind(&self) -> Kind {
        if !self.has_distances() {
            Kind::Bare
        } else if self.wins_only == 0 {
            Kind::Exact
        } else {
            Kind::Wins(self.wins_only - 1)
        }
    }
}

/// Rewrites a slice's file without its distances (win/draw/loss blocks as they are, the
/// index and the header's checksum made again), atomically. `false` when the file had none.
///
/// # Errors
/// The file cannot be read or written.
pub fn strip_distances(dir: &Path, rules: RuleSet, m: Material) -> Result<bool, TableError> {
    let had = map_any(dir, rules, m)?
        .0
        .packed_file()
        .is_some_and(Packed::has_distances);
    Ok(rewrite(dir, rules, m, Kind::Bare, 1)?.is_some() && had)
}

/// As [`rewrite`] with `kind`, or with less where the file keeps less (a file kept without
/// its distances stays so): what a finished build does to every file.
///
/// # Errors
/// As [`rewrite`].
pub fn settle(
    dir: &Path,
    rules: RuleSet,
    m: Material,
    kind: Kind,
    threads: usize,
) -> Result<Option<u16>, TableError> {
    let have = map_any(dir, rules, m)?
        .0
        .packed_file()
        .map_or(Kind::Bare, Packed::kind);
    let kind = if have.rank() < kind.rank() {
        have
    } else {
        kind
    };
    rewrite(dir, rules, m, kind, threads)
}

/// Rewrites a slice's file (of this version or version 2) as one of this version keeping
/// `kind` of its distances (exact ones only from exact ones), atomically: the win/draw/loss
/// blocks as they are, the distance blocks dropped or made coarse on up to `threads` threads.
/// `None` when the file was of that version and kind already, else the version it had.
///
/// # Errors
/// The file cannot be read or written, or it has less than `kind` needs.
pub fn rewrite(
    dir: &Path,
    rules: RuleSet,
    m: Material,
    kind: Kind,
    threads: usize,
) -> Result<Option<u16>, TableError> {
    let (s, version) = map_any(dir, rules, m)?;
    let f = s.packed_file().expect("a mapped slice");
    // A file without distances is cut in the smaller blocks of its kind (see [`BARE_WDL_BLOCK`]).
    let reblock = kind == Kind::Bare && f.block[0] != BARE_WDL_BLOCK;
    if version == VERSION && f.kind() == kind && !reblock {
        return Ok(None);
    }
    let have = f.kind();
    let fits = match (kind, have) {
        (Kind::Wins(s), Kind::Wins(t)) => t <= s,
        _ => have.rank() >= kind.rank(),
    };
    if !fits {
        return Err(TableError::Format {
            path: f.path.clone(),
            why: format!("keeps {have:?} distances, not enough for {kind:?} ones"),
        });
    }
    let wdl_blocks = f.positions.div_ceil(u64::from(f.block[0])) as usize;
    let mut h = [0u8; HEADER];
    h.copy_from_slice(&f.map[..HEADER]);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    // The compressed parts kept as they are (win/draw/loss, and exact distances), then new ones.
    let entries: Vec<&[u8]> = f.index().chunks_exact(ENTRY).collect();
    let kept = match kind {
        Kind::Exact => entries.len(),
        Kind::Wins(_) | Kind::Bare => wdl_blocks,
    };
    // An index entry's block as stored (its bytes and checksum).
    let stored = |e: &&[u8]| {
        let from = u64_at(e, 0) as usize;
        let len = u32::from_le_bytes(e[8..12].try_into().expect("4 bytes"));
        let sum = u32::from_le_bytes(e[12..16].try_into().expect("4 bytes"));
        (&f.map[from..from + len as usize], sum)
    };
    let mut parts: Vec<(&[u8], u32)> = entries[..kept].iter().map(stored).collect();
    let fresh: Vec<Vec<u8>> = match kind {
        Kind::Exact => Vec::new(),
        Kind::Bare => {
            h[60..64].copy_from_slice(&0u32.to_le_bytes());
            if reblock {
                h[56..60].copy_from_slice(&BARE_WDL_BLOCK.to_le_bytes());
                parts.clear();
                reblocked_wdl(f, BARE_WDL_BLOCK, threads)?
            } else {
                Vec::new()
            }
        }
        Kind::Wins(_) if have == kind => {
            // A version-2 file of this kind cannot be: only the header changes.
            parts = entries.iter().map(stored).collect();
            Vec::new()
        }
        Kind::Wins(shift) => {
            let mut block = COARSE_BLOCK.to_le_bytes();
            block[3] = shift + 1;
            h[60..64].copy_from_slice(&block);
            let from = match have {
                Kind::Wins(t) => t,
                _ => 0,
            };
            coarse_blocks(f, shift - from, threads)?
        }
    };
    let sums: Vec<u32> = fresh.iter().map(|b| block_sum(b)).collect();
    parts.extend(fresh.iter().map(Vec::as_slice).zip(sums));
    let mut index = Vec::with_capacity(parts.len() * ENTRY);
    let mut at = (HEADER + parts.len() * ENTRY) as u64;
    for (p, sum) in &parts {
        index.extend_from_slice(&at.to_le_bytes());
        index.extend_from_slice(&(p.len() as u32).to_le_bytes());
        index.extend_from_slice(&sum.to_le_bytes());
        at += p.len() as u64;
    }
    let sum = checksum(&[&h[0..48], &h[56..64], &index]);
    h[48..56].copy_from_slice(&sum.to_le_bytes());
    let mut bytes = Vec::with_capacity(at as usize);
    bytes.extend_from_slice(&h);
    bytes.extend_from_slice(&index);
    for (p, _) in parts {
        bytes.extend_from_slice(p);
    }
    drop(s);
    put(&path(dir, m), &bytes)?;
    Ok(Some(version))
}

/// The win/draw/loss blocks of `f` cut again at `block` positions (a divisor of the file's
/// block size), compressed on up to `threads` threads, one of the file's blocks at a time.
fn reblocked_wdl(f: &Packed, block: u32, threads: usize) -> Result<Vec<Vec<u8>>, TableError> {
    use super::packed::Part;
    let old = f.block[0];
    if !old.is_multiple_of(block) {
        return Err(TableError::Format {
            path: f.path.clone(),
            why: format!("blocks of {old} positions cannot be cut in blocks of {block}"),
        });
    }
    let blocks = f.positions.div_ceil(u64::from(old)) as usize;
    let mut out: Vec<Vec<Vec<u8>>> = vec![Vec::new(); blocks];
    let mut failed = None;
    crate::pool::run(
        threads.max(1),
        blocks,
        || zstd::bulk::Compressor::new(LEVEL).expect("a zstd context"),
        |z, b| {
            let w = match f.load(b as u64, Part::Wdl) {
                Ok(w) => w,
                Err(e) => return Some(Err(e)),
            };
            let n = (f.positions - b as u64 * u64::from(old)).min(u64::from(old)) as usize;
            let digit = |k: usize| DIGITS[usize::from(w[k / 5])][k % 5];
            let parts = (0..n)
                .step_by(block as usize)
                .map(|start| {
                    let end = (start + block as usize).min(n);
                    let mut packed = vec![0u8; (end - start).div_ceil(5)];
                    for k in start..end {
                        packed[(k - start) / 5] += digit(k) * POW3[(k - start) % 5];
                    }
                    z.compress(&packed).expect("zstd compresses into memory")
                })
                .collect();
            Some(Ok(parts))
        },
        |rx| {
            for (b, r) in rx {
                match r {
                    Ok(p) => out[b] = p,
                    Err(e) => failed = Some(e),
                }
            }
        },
    );
    f.release();
    match failed {
        Some(e) => Err(e),
        None => Ok(out.into_iter().flatten().collect()),
    }
}

/// The distance blocks of wins only, compressed, from a file with exact ones or ones of wins
/// only: per position the halved distance of a win (as the file has it) shifted right by
/// `shift`; anything else (losses, draws, and the
/// don't-care positions) repeats the value before it, which lengthens the runs.
fn coarse_blocks(f: &Packed, shift: u8, threads: usize) -> Result<Vec<Vec<u8>>, TableError> {
    use super::packed::Part;
    let n = f.positions as usize;
    let mut digits = Vec::with_capacity(n);
    let mut halves = Vec::with_capacity(n);
    for b in 0..f.positions.div_ceil(u64::from(f.block[0])) {
        let w = f.load(b, Part::Wdl)?;
        let size = (f.positions - b * u64::from(f.block[0])).min(u64::from(f.block[0]));
        for k in 0..size as usize {
            digits.push(DIGITS[usize::from(w[k / 5])][k % 5]);
        }
    }
    for b in 0..f.positions.div_ceil(u64::from(f.block[1])) {
        halves.extend(f.load(b, Part::Distance)?);
    }
    f.release();
    let mut prev = 0u8;
    for (h, &d) in halves.iter_mut().zip(&digits) {
        if d == 2 {
            prev = *h >> shift;
        }
        *h = prev;
    }
    drop(digits);
    let blocks = n.div_ceil(COARSE_BLOCK as usize);
    let mut out = vec![Vec::new(); blocks];
    crate::pool::run(
        threads.max(1),
        blocks,
        || zstd::bulk::Compressor::new(COARSE_LEVEL).expect("a zstd context"),
        |z, b| {
            let start = b * COARSE_BLOCK as usize;
            let end = (start + COARSE_BLOCK as usize).min(n);
            Some(
                z.compress(&halves[start..end])
                    .expect("zstd compresses into memory"),
            )
        },
        |rx| {
            for (b, p) in rx {
                out[b] = p;
            }
        },
    );
    Ok(out)
}

/// Writes a file's bytes atomically (temporary name, then rename).
fn put(final_path: &Path, bytes: &[u8]) -> Result<(), TableError> {
    let tmp = part_path(final_path);
    // Removed first, so whatever has that name (a FIFO would block the open) is never opened.
    match std::fs::remove_file(&tmp) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(TableError::io(&tmp, e)),
        _ => {}
    }
    store::write_synced(&tmp, &[bytes]).map_err(|e| TableError::io(&tmp, e))?;
    store::move_into_place(&tmp, final_path, store::Overwrite::Replace)
        .map_err(|e| TableError::io(final_path, e))
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

pub(super) fn u64_at(h: &[u8], at: usize) -> u64 {
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

/// A file whose header is sound, opened, with the header, its length and its version.
struct Opened {
    file: std::fs::File,
    path: PathBuf,
    header: [u8; HEADER],
    len: u64,
    version: u16,
}

impl Opened {
    fn bad(&self, why: String) -> TableError {
        TableError::Format {
            path: self.path.clone(),
            why,
        }
    }

    fn positions(&self) -> u64 {
        u64_at(&self.header, 16)
    }

    /// The length a table of this many positions and bytes must have, or the message saying
    /// it has another.
    fn check_len(&self, want: u64) -> Result<(), TableError> {
        if self.len == want {
            return Ok(());
        }
        Err(self.bad(format!(
            "{}: {} where a table of {} positions has {want}",
            if self.len < want {
                "cut short"
            } else {
                "too long"
            },
            bytes(self.len),
            self.positions()
        )))
    }
}

/// The message for a file of an old format where this one is expected.
fn old_format(o: &Opened) -> TableError {
    let what = if o.version == V1 {
        " (one byte a position)"
    } else {
        " (exact 5-piece distances)"
    };
    o.bad(format!(
        "table format version {}{what}; this dama reads version {VERSION} (`dama tables build` converts it)",
        o.version
    ))
}

/// Opens a slice's file and checks its header (either version) against the slice it must hold.
fn open_header(dir: &Path, rules: RuleSet, m: Material) -> Result<Opened, TableError> {
    let p = path(dir, m);
    let (mut file, len) = open(&p)?;
    let mut header = [0u8; HEADER];
    let short = len < HEADER as u64;
    if !short {
        file.read_exact(&mut header)
            .map_err(|e| TableError::io(&p, e))?;
    }
    let mut o = Opened {
        file,
        path: p,
        header,
        len,
        version: 0,
    };
    if short {
        return Err(o.bad(format!(
            "cut short: {}, shorter than a table header ({HEADER} bytes)",
            bytes(len)
        )));
    }
    let h = &o.header;
    if &h[0..8] != MAGIC {
        return Err(o.bad("not a dama table file".into()));
    }
    o.version = u16::from_le_bytes([h[8], h[9]]);
    if o.version != VERSION && o.version != V2 && o.version != V1 {
        return Err(o.bad(format!(
            "table format version {}; this dama reads version {VERSION} (build the tables again)",
            o.version
        )));
    }
    if h[10] != rules_byte(rules) {
        return Err(o.bad(format!("not a table of the {rules} rules")));
    }
    let found = Material::new(h[11], h[12], h[13], h[14]);
    if found != m {
        return Err(o.bad(format!("holds {found}, expected {m}")));
    }
    let positions = o.positions();
    if positions != m.size() {
        return Err(o.bad(format!(
            "{positions} positions where {} are expected",
            m.size()
        )));
    }
    Ok(o)
}

/// Reads and checks a version-2 file's block index: the header's checksum, every part inside
/// the file, the file's length. Returns the index's length in bytes (it starts at [`HEADER`]),
/// the block lengths and the distance kind. The index is read in pieces and not kept: a
/// slice's index is read from its mapped file when probed, so only the pages a search uses
/// become resident (the 7-piece indexes are 134 MB).
fn check_index(o: &mut Opened) -> Result<(usize, [u32; 2], u8), TableError> {
    let at = |i: usize| u32::from_le_bytes(o.header[i..i + 4].try_into().expect("4 bytes"));
    let block = [at(56), at(60) & 0x00FF_FFFF];
    let coarse = o.header[63];
    if coarse > 9 || (coarse > 0 && (block[1] == 0 || o.version != VERSION)) {
        return Err(o.bad(format!("distance kind {coarse}")));
    }
    for (i, b) in block.into_iter().enumerate() {
        // 0 distance positions a block: a file without distances (see [`DISTANCES_UP_TO`]).
        if (b == 0 && i == 0) || b > 1 << 24 {
            return Err(o.bad(format!("{b} positions per block")));
        }
    }
    let blocks: u64 = block
        .iter()
        .filter(|&&b| b > 0)
        .map(|&b| o.positions().div_ceil(u64::from(b)))
        .sum();
    let index_len = blocks * ENTRY as u64;
    let data_start = HEADER as u64 + index_len;
    if o.len < data_start {
        return Err(o.bad(format!(
            "cut short: {}, shorter than its block index ({} bytes)",
            bytes(o.len),
            data_start
        )));
    }
    let mut sum = checksum(&[&o.header[0..48], &o.header[56..64]]);
    // The parts follow one another from the end of the index: so the index says the length.
    let mut at = data_start;
    let mut out_of_order = false;
    let mut piece = vec![0u8; 4096 * ENTRY];
    let mut left = index_len as usize;
    while left > 0 {
        let n = left.min(piece.len());
        o.file
            .read_exact(&mut piece[..n])
            .map_err(|e| TableError::io(&o.path, e))?;
        sum = checksum_on(sum, &piece[..n]);
        for e in piece[..n].chunks_exact(ENTRY) {
            out_of_order |= u64_at(e, 0) != at;
            at = at.saturating_add(u64::from(u32::from_le_bytes(
                e[8..12].try_into().expect("4 bytes"),
            )));
        }
        left -= n;
    }
    if sum != u64_at(&o.header, 48) {
        return Err(TableError::Checksum {
            path: o.path.clone(),
        });
    }
    if out_of_order {
        return Err(o.bad("the block index is out of order".into()));
    }
    o.check_len(at)?;
    Ok((index_len as usize, block, coarse))
}

/// Maps a slice's file after checking its header and block index (not its blocks: each is
/// checked when first decompressed, and all of them by [`Packed::check`]), so opening the
/// tables costs no reading of their bodies.
///
/// # Errors
/// A missing or unreadable file, one that is not a regular file, a file of another format,
/// version (the old one named as such), rule set or material, a wrong length, or a header
/// checksum that does not match.
pub fn open_mapped(dir: &Path, rules: RuleSet, m: Material) -> Result<Slice, TableError> {
    let o = open_header(dir, rules, m)?;
    if o.version != VERSION {
        return Err(old_format(&o));
    }
    map(o)
}

/// As [`open_mapped`], a file of version 2 too (for the build, which converts it), with the
/// version.
pub(super) fn map_any(dir: &Path, rules: RuleSet, m: Material) -> Result<(Slice, u16), TableError> {
    let o = open_header(dir, rules, m)?;
    if o.version == V1 {
        return Err(old_format(&o));
    }
    let v = o.version;
    Ok((map(o)?, v))
}

fn map(mut o: Opened) -> Result<Slice, TableError> {
    static NEXT_ID: AtomicU32 = AtomicU32::new(0);
    let m = Material::new(o.header[11], o.header[12], o.header[13], o.header[14]);
    let (index_len, block, coarse) = check_index(&mut o)?;
    // SAFETY: the file is mapped read-only. Table files are only ever replaced by a rename
    // (never written in place), so the mapped inode keeps its contents while mapped; a file
    // truncated behind dama's back is the one case memmap cannot guard against.
    let map = unsafe { memmap2::Mmap::map(&o.file) }.map_err(|e| TableError::io(&o.path, e))?;
    o.check_len(map.len() as u64)?;
    #[cfg(unix)]
    {
        // Probes jump about: no read-ahead, so only the pages used become resident.
        let _ = map.advise(memmap2::Advice::Random);
    }
    let h = &o.header;
    let packed = Packed {
        map,
        index: HEADER..HEADER + index_len,
        path: o.path.clone(),
        block,
        wins_only: coarse,
        positions: o.positions(),
        id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
    };
    Ok(Slice::packed(
        m,
        (u64_at(h, 24), u64_at(h, 32), u64_at(h, 40)),
        u32::from(h[15]),
        packed,
    ))
}

/// As [`open_mapped`], and checks every block (checksum, decompression, length).
///
/// # Errors
/// As [`open_mapped`], and a block that fails its check.
pub fn read(dir: &Path, rules: RuleSet, m: Material) -> Result<Slice, TableError> {
    let s = open_mapped(dir, rules, m)?;
    if let Some(f) = s.packed_file() {
        f.check()?;
    }
    Ok(s)
}

/// What [`read_for_build`] found.
pub enum Found {
    /// A file of this format.
    Compact(Slice),
    /// A sound file of the old format, read whole (to be written again in this one).
    Old(Slice),
}

/// As [`read`], and also reads a file of the old one-byte format whole (checking its
/// checksum), so the build can convert it rather than solve it again.
///
/// # Errors
/// As [`read`], except for the old format.
pub fn read_for_build(dir: &Path, rules: RuleSet, m: Material) -> Result<Found, TableError> {
    let o = open_header(dir, rules, m)?;
    if o.version != V1 {
        // Version 2 is read as this one (its files are exact or bare); the build rewrites it.
        let s = map(o)?;
        if let Some(f) = s.packed_file() {
            f.check()?;
        }
        return Ok(Found::Compact(s));
    }
    let len = m.size();
    o.check_len(HEADER as u64 + len)?;
    let mut data = Vec::new();
    data.try_reserve_exact(len as usize + 1)
        .map_err(|_| o.bad("not enough memory to read it".into()))?;
    // One byte more than expected tells a file that grew while it was read.
    (&o.file)
        .take(len + 1)
        .read_to_end(&mut data)
        .map_err(|e| TableError::io(&o.path, e))?;
    if data.len() as u64 != len {
        return Err(o.bad("changed while being read".into()));
    }
    let h = &o.header;
    if checksum(&[&h[0..48], &data]) != u64_at(h, 48) {
        return Err(TableError::Checksum { path: o.path });
    }
    let s = Slice::new(m, data);
    if (s.wins, s.draws, s.losses) != (u64_at(h, 24), u64_at(h, 32), u64_at(h, 40)) {
        return Err(o.bad("the counts in the header do not match the body".into()));
    }
    Ok(Found::Old(s))
}

/// What the header of a file says, without reading the blocks (for `dama tables info`).
pub struct Header {
    pub material: Material,
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub max_dtw: u32,
    pub bytes: u64,
}

/// Reads a slice's header and block index only, and checks the file's length.
///
/// # Errors
/// As [`read`].
pub fn read_header(dir: &Path, rules: RuleSet, m: Material) -> Result<Header, TableError> {
    let mut o = open_header(dir, rules, m)?;
    if o.version != VERSION {
        return Err(old_format(&o));
    }
    check_index(&mut o)?;
    let h = &o.header;
    let (wins, draws, losses) = (u64_at(h, 24), u64_at(h, 32), u64_at(h, 40));
    Ok(Header {
        material: m,
        positions: wins + draws + losses,
        wins,
        draws,
        losses,
        max_dtw: u32::from(h[15]),
        bytes: o.len,
    })
}
