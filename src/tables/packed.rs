//! A compact slice file once opened: memory-mapped (its pages are the page cache's, shared by
//! every process that reads the file), each block decompressed when a probe needs it and
//! checked then. The format itself is [`super::file`]'s.

use super::file::{DIGITS, ENTRY, block_sum, u64_at};
use super::{TableError, Wdl};
use std::path::PathBuf;

/// A compact slice file, memory-mapped: its pages are the page cache's, shared by every
/// process that reads the file, and each block is decompressed when a probe needs it (into the
/// bounded cache of [`super::Tables`]).
pub struct Packed {
    pub(super) map: memmap2::Mmap,
    /// Where the block index lies in the file (read from the map, so only the pages probes
    /// use are resident).
    pub(super) index: std::ops::Range<usize>,
    pub(super) path: PathBuf,
    /// Positions per block of each part.
    pub(super) block: [u32; 2],
    /// 0: the distances kept are exact (wins and losses, halved); `1 + s`: kept for wins only,
    /// the halved distance shifted right by `s` (`s > 0`: coarse, see
    /// [`super::file::EXACT_UP_TO`]).
    pub(super) wins_only: u8,
    pub(super) positions: u64,
    /// Unique in the process: the cache's key for this file's blocks.
    pub(super) id: u32,
}

/// The two parts of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Wdl = 0,
    Distance = 1,
}

impl Packed {
    /// The block index's bytes.
    pub(super) fn index(&self) -> &[u8] {
        &self.map[self.index.clone()]
    }

    /// The file's length in bytes.
    pub fn bytes(&self) -> u64 {
        self.map.len() as u64
    }

    /// Compressed bytes of each part: (win/draw/loss, distances).
    pub fn part_bytes(&self) -> (u64, u64) {
        let wdl = self.blocks(Part::Wdl) as usize;
        let mut t = (0, 0);
        for (i, e) in self.index().chunks_exact(ENTRY).enumerate() {
            let n = u64::from(u32::from_le_bytes(e[8..12].try_into().expect("4 bytes")));
            if i < wdl { t.0 += n } else { t.1 += n }
        }
        t
    }

    /// Positions per win/draw/loss block.
    pub fn wdl_block(&self) -> u32 {
        self.block[Part::Wdl as usize]
    }

    fn blocks(&self, part: Part) -> u64 {
        match self.block[part as usize] {
            // A file without distances (see [`super::file::DISTANCES_UP_TO`]).
            0 => 0,
            b => self.positions.div_ceil(u64::from(b)),
        }
    }

    /// Whether the file keeps distances (exact or coarse).
    pub fn has_distances(&self) -> bool {
        self.block[Part::Distance as usize] != 0
    }

    /// Whether the file keeps the exact distances of its wins and losses.
    pub fn exact(&self) -> bool {
        self.has_distances() && self.wins_only == 0
    }

    /// Whether every distance is exact, kept (both, or wins) or from the moves (losses).
    pub fn exact_distances(&self) -> bool {
        self.has_distances() && self.wins_only <= 1
    }

    /// Whether the file keeps the distances of its wins only (a loss's comes from its moves).
    pub fn wins_only(&self) -> bool {
        self.has_distances() && self.wins_only > 0
    }

    /// Whether the file keeps coarse distances of its wins only.
    pub fn coarse(&self) -> bool {
        self.has_distances() && self.wins_only > 1
    }

    /// Positions in block `b` of a part.
    fn block_positions(&self, b: u64, part: Part) -> usize {
        let size = u64::from(self.block[part as usize]);
        (self.positions - b * size).min(size) as usize
    }

    /// Decompresses one part of one block, checking its checksum and its length.
    ///
    /// # Errors
    /// A checksum that does not match, or data that does not decompress to the block.
    pub(crate) fn load(&self, b: u64, part: Part) -> Result<Vec<u8>, TableError> {
        let first = match part {
            Part::Wdl => 0,
            Part::Distance => self.blocks(Part::Wdl) as usize,
        };
        let e = &self.index()[(first + b as usize) * ENTRY..][..ENTRY];
        let at = u64_at(e, 0) as usize;
        let len = u32::from_le_bytes(e[8..12].try_into().expect("4 bytes")) as usize;
        let sum = u32::from_le_bytes(e[12..16].try_into().expect("4 bytes"));
        let bytes = &self.map[at..at + len];
        if block_sum(bytes) != sum {
            return Err(TableError::Checksum {
                path: self.path.clone(),
            });
        }
        let n = self.block_positions(b, part);
        let want = match part {
            Part::Wdl => n.div_ceil(5),
            Part::Distance => n,
        };
        thread_local! {
            static Z: std::cell::RefCell<Option<zstd::bulk::Decompressor<'static>>> =
                const { std::cell::RefCell::new(None) };
        }
        let out = Z.with(|z| {
            let mut z = z.borrow_mut();
            if z.is_none() {
                *z = zstd::bulk::Decompressor::new().ok();
            }
            z.as_mut().and_then(|z| z.decompress(bytes, want).ok())
        });
        match out {
            Some(v) if v.len() == want => Ok(v),
            _ => Err(TableError::Format {
                path: self.path.clone(),
                why: format!("block {b} does not decompress to its {want} bytes"),
            }),
        }
    }

    /// Lets go of the file's pages in this process (they stay in the page cache, and a later
    /// read maps them again): the blocks read are decompressed in the cache already.
    pub(crate) fn release(&self) {
        #[cfg(unix)]
        {
            // SAFETY: the mapping is shared and read-only: dropping its pages loses nothing,
            // a later access reads the file again.
            let _ = unsafe {
                self.map
                    .unchecked_advise(memmap2::UncheckedAdvice::DontNeed)
            };
        }
    }

    /// Checks every block of the file (checksum, decompression, length).
    ///
    /// # Errors
    /// The first block that fails.
    pub fn check(&self) -> Result<(), TableError> {
        for part in [Part::Wdl, Part::Distance] {
            for b in 0..self.blocks(part) {
                self.load(b, part)?;
            }
        }
        // Every page was read: not kept resident on this process's account.
        self.release();
        Ok(())
    }

    /// The value at `index` of a position whose side to move has no capture, through `cache`;
    /// `None` for a damaged block.
    #[inline]
    /// Sets `released` when it is time to let go of the mapped pages ([`Packed::release`]).
    pub(crate) fn value(
        &self,
        cache: &super::cache::Cache,
        index: u64,
        released: &std::cell::Cell<bool>,
    ) -> Option<Wdl> {
        let key = |part: Part, b: u64| (u64::from(self.id) << 33) | (b << 1) | part as u64;
        let (b, k) = self.locate(index, Part::Wdl);
        let load = |b: u64, part: Part| {
            let v = self.load(b, part).ok();
            if cache.loaded() {
                released.set(true);
            }
            v
        };
        let digit = cache.with(
            key(Part::Wdl, b),
            || load(b, Part::Wdl),
            |w| DIGITS[usize::from(w[k / 5])][k % 5],
        )?;
        if digit == 1 {
            return Some(Wdl::Draw);
        }
        if !self.has_distances() {
            return Some(if digit == 2 {
                Wdl::Win(super::UNKNOWN_DISTANCE + 1)
            } else {
                Wdl::Loss(super::UNKNOWN_DISTANCE)
            });
        }
        if self.wins_only > 0 && digit == 0 {
            // Not kept: the prober takes the slowest of its moves' wins.
            return Some(Wdl::Loss(super::BOUNDED));
        }
        let (b, k) = self.locate(index, Part::Distance);
        let half = cache.with(
            key(Part::Distance, b),
            || load(b, Part::Distance),
            |d| u32::from(d[k]),
        )?;
        if self.wins_only > 1 {
            // Won in at most this many plies: the longest of the halved distances kept so.
            let shift = self.wins_only - 1;
            let top = ((half + 1) << shift) - 1;
            return Some(Wdl::Win(super::BOUNDED + 2 * top + 1));
        }
        Some(if digit == 2 {
            Wdl::Win(2 * half + 1)
        } else {
            Wdl::Loss(2 * half)
        })
    }

    /// The block of a part holding `index`, and the place in it.
    #[inline]
    fn locate(&self, index: u64, part: Part) -> (u64, usize) {
        let size = u64::from(self.block[part as usize]);
        (index / size, (index % size) as usize)
    }
}
