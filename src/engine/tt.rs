//! The transposition table: buckets of four 16-byte entries (one cache line), indexed by the
//! Zobrist hash, replacing the shallowest or oldest entry. Win/loss scores are stored relative
//! to the node (distance from it) and converted back to the root's view when read.
//!
//! The table is shared by the threads of a parallel search without locks: an entry is two
//! atomic words, the data and the key xor the data. Two threads writing the same entry at once
//! can leave the words of different stores side by side; such an entry no longer verifies
//! (key ^ data does not give back the key) and reads as empty, so a torn entry is never used.

use super::score::{from_tt, to_tt};
use crate::rules::{Move, Position, legal_moves};
use std::alloc::Layout;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value (a PV node).
    Exact = 1,
    /// At least this (the search failed high).
    Lower = 2,
    /// At most this (failed low).
    Upper = 3,
}

impl Bound {
    /// What a node's best score says about its true value, given the window it was searched
    /// with: at least it (failed high), exactly it, or at most it (failed low).
    #[inline]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles a node searched with `alpha..beta`.
    #[inline]
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A stored move, identified by its start and landing squares (enough to find it again among
/// the legal moves; two captures that share both but take different pieces are so rare that
/// the first of them is a fine guess for move ordering).
pub type PackedMove = u16;
pub const NO_MOVE: PackedMove = 0;

pub fn pack(m: &Move) -> PackedMove {
    0x8000 | (m.from().index() as u16) | ((m.to().index() as u16) << 5)
}

pub fn matches(p: PackedMove, m: &Move) -> bool {
    p != NO_MOVE && p == pack(m)
}

/// One entry: `check` is the key xor `data`; `data` packs score (bits 0-15), move (16-31),
/// depth (32-39), bound (40-47, 0: empty) and age (48-55). Relaxed loads and stores: each word
/// is read and written whole, and the xor check catches words of two different stores.
#[derive(Default)]
#[repr(C)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// An entry's fields, unpacked.
#[derive(Clone, Copy)]
struct Data {
    score: i16,
    mv: u16,
    depth: u8,
    bound: u8,
    age: u8,
}

impl Data {
    #[inline]
    fn pack(self) -> u64 {
        u64::from(self.score as u16)
            | u64::from(self.mv) << 16
            | u64::from(self.depth) << 32
            | u64::from(self.bound) << 40
            | u64::from(self.age) << 48
    }

    #[inline]
    fn unpack(d: u64) -> Data {
        Data {
            score: d as u16 as i16,
            mv: (d >> 16) as u16,
            depth: (d >> 32) as u8,
            bound: (d >> 40) as u8,
            age: (d >> 48) as u8,
        }
    }
}

impl Entry {
    /// The entry's key and fields as one consistent pair (a torn pair gives a key that matches
    /// no probe but the one-in-2^64 accident).
    #[inline]
    fn load(&self) -> (u64, Data) {
        let data = self.data.load(Relaxed);
        (self.check.load(Relaxed) ^ data, Data::unpack(data))
    }

    #[inline]
    fn save(&self, key: u64, d: Data) {
        let data = d.pack();
        self.check.store(key ^ data, Relaxed);
        self.data.store(data, Relaxed);
    }
}

const BUCKET: usize = 4;

#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Entry; BUCKET]);

/// The buckets, in an anonymous memory map: the system hands out fresh pages that read as
/// zero (an all-zero bucket is four empty entries) and are mapped only when first touched, so
/// a table of any size is ready at once and takes memory as the search fills it (filling a
/// `Vec` instead made `--tt 4096` wait 8.8 s before its first answer). On Linux the map asks
/// for huge pages: a probe lands on a random bucket, and with 4 KiB pages nearly every probe of
/// a large table also missed the processor's address cache (see `HUGE`).
struct Buckets {
    /// Owns the memory; unmapped when dropped.
    _map: memmap2::MmapMut,
    /// The first bucket, at the first huge-page boundary inside the map (or the map's start).
    first: NonNull<Bucket>,
    len: usize,
}

/// The huge-page size the table is aligned to (2 MiB on x86-64 and most arm64 kernels):
/// tables smaller than this are mapped as they are.
const HUGE: usize = 2 << 20;

// SAFETY: `Buckets` owns its map alone, as a `Box<[Bucket]>` would.
unsafe impl Send for Buckets {}
// SAFETY: shared access goes through `&[Bucket]`, whose entries are atomics.
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `len` (at least 1) zeroed buckets, or `None` if the memory cannot be had.
    fn zeroed(len: usize) -> Option<Buckets> {
        let len = len.max(1);
        let size = len.checked_mul(std::mem::size_of::<Bucket>())?;
        let slack = if size >= HUGE { HUGE } else { 0 };
        let map = memmap2::MmapOptions::new()
            .len(size.checked_add(slack)?)
            .map_anon()
            .ok()?;
        let addr = map.as_ptr() as usize;
        // Pages are 4 KiB-aligned at least, so cache-line aligned; a large table starts on a
        // huge-page boundary so that every one of its huge pages is whole.
        let offset = if slack > 0 {
            addr.next_multiple_of(HUGE) - addr
        } else {
            0
        };
        #[cfg(target_os = "linux")]
        if slack > 0 {
            // A hint: where the kernel has no huge pages to give, the table works as before.
            let _ = map.advise_range(memmap2::Advice::HugePage, offset, size);
        }
        // Tables up to `POPULATE_BYTES` are faulted in here, at once and writable: left to the
        // search, the first touches of a fresh table's pages (each zeroed, a huge one
        // compacted for) came inside the first timed search and made it answer late.
        #[cfg(target_os = "linux")]
        if size <= POPULATE_BYTES {
            // A hint as well: on a kernel before 5.14 the pages come as the search touches them.
            let _ = map.advise_range(memmap2::Advice::PopulateWrite, offset, size);
        }
        // SAFETY: `offset <= slack`, so `len` buckets from there end within the map.
        let first = unsafe { NonNull::new_unchecked(map.as_ptr().add(offset) as *mut Bucket) };
        Some(Buckets {
            _map: map,
            first,
            len,
        })
    }
}

impl Buckets {
    /// Every bucket back to empty (all zero).
    fn zero(&mut self) {
        // SAFETY: `len` buckets from `first` lie within the map (see `zeroed`), and `&mut self`
        // means no search holds them; all-zero bytes are four empty entries.
        unsafe { std::ptr::write_bytes(self.first.as_ptr(), 0, self.len) }
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `len` aligned buckets, mapped and zeroed (a valid `Bucket`: plain integers)
        // in `zeroed`, borrowed with `self`.
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

/// Tables up to this size are made resident when they are made (see `Buckets::zeroed`; 40 ms
/// for 256 MiB on a quiet system, several times that when the system must first gather free
/// huge pages) and are cleared in place; larger ones (the 4 GiB an analysis may ask for) stay
/// ready at once and take their memory as the search touches it.
const POPULATE_BYTES: usize = 256 << 20;

/// Tables from this size on are freed on a thread of their own: giving back gigabytes of
/// touched pages takes the system a noticeable time, which `newgame` need not wait for.
const FREE_APART_BYTES: usize = 256 << 20;

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    pub mv: PackedMove,
}

pub struct Table {
    buckets: Buckets,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of at most `mib` MiB (rounded down to a power of two buckets, at least one).
    /// Allocated fallibly: if the system refuses that much, the table falls back to the default
    /// 64 MiB (or half the request, if smaller) and halves again until it fits, so a large
    /// request never aborts the process. [`Table::mib`] tells what was obtained. (Halving from
    /// the huge request itself could land on a size the kernel's overcommit grants but the
    /// machine cannot back, and filling it would bring in the out-of-memory killer.) The memory
    /// comes zeroed and untouched (see `Buckets`): the table is ready at once, whatever its size.
    pub fn new(mib: usize) -> Table {
        let mib = mib.max(1);
        let mut size = mib;
        loop {
            if let Some(t) = Table::try_new(size) {
                return t;
            }
            size = if size == mib {
                (mib / 2).min(64)
            } else {
                size / 2
            };
            if size == 0 {
                // Not even 1 MiB: a single bucket (64 bytes) still lets the search run.
                let one = Buckets::zeroed(1)
                    .unwrap_or_else(|| std::alloc::handle_alloc_error(Layout::new::<Bucket>()));
                return Table::with_buckets(one);
            }
        }
    }

    /// A table of at most `mib` MiB, or `None` if that much memory cannot be had.
    pub fn try_new(mib: usize) -> Option<Table> {
        let bytes = mib.max(1).checked_mul(1 << 20)?;
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Some(Table::with_buckets(Buckets::zeroed(n)?))
    }

    fn with_buckets(buckets: Buckets) -> Table {
        Table {
            mask: buckets.len() - 1,
            buckets,
            age: 0,
        }
    }

    /// The table's size in MiB (0 when it is under 1 MiB, the last resort).
    pub fn mib(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Empties the table, at once whatever its size. A table made resident when it was made
    /// (see `POPULATE_BYTES`) is zeroed in place, tens of milliseconds at most, and stays
    /// resident; a fresh map would be faulted in again, which on a busy system took up to
    /// 0.7 s for 256 MiB. A larger one gets fresh zeroed memory in place of the old (freed in the
    /// background when large), or if none can be had just now, the old is zeroed in place.
    pub fn clear(&mut self) {
        if self.buckets.len * std::mem::size_of::<Bucket>() <= POPULATE_BYTES {
            self.buckets.zero();
            self.age = 0;
            return;
        }
        match Buckets::zeroed(self.buckets.len) {
            Some(fresh) => {
                let old = std::mem::replace(&mut self.buckets, fresh);
                if old.len * std::mem::size_of::<Bucket>() >= FREE_APART_BYTES {
                    // If no thread can be started, the closure (and the table) is dropped here.
                    let _ = std::thread::Builder::new()
                        .name("tt-free".into())
                        .spawn(move || drop(old));
                }
            }
            None => {
                for e in self.buckets.iter().flat_map(|b| &b.0) {
                    e.save(0, Data::unpack(0));
                }
            }
        }
        self.age = 0;
    }

    /// Called at the start of each search so older entries are replaced first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Number of entries (for reports).
    pub fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// The entry for `key`, if the table holds one, its score seen from `ply` plies below the
    /// root.
    #[inline]
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let b = &self.buckets[key as usize & self.mask];
        for e in &b.0 {
            let (k, d) = e.load();
            if k == key && d.bound != 0 {
                let bound = match d.bound {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(Hit {
                    score: from_tt(i32::from(d.score), ply),
                    depth: i32::from(d.depth),
                    bound,
                    mv: d.mv,
                });
            }
        }
        None
    }

    /// Asks the processor to bring `key`'s bucket into the cache: called as soon as a child
    /// position's hash is known, so that the probe at the child does not wait on memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let b: *const Bucket = &self.buckets[key as usize & self.mask];
            // SAFETY: a prefetch is only a hint; the address is that of a live bucket.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(b.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Stores a result; `&self`, since the threads of a parallel search store into one table
    /// (see the module's notes on torn entries).
    #[inline]
    pub fn store(&self, key: u64, depth: i32, ply: i32, score: i32, bound: Bound, mv: PackedMove) {
        let age = self.age;
        let b = &self.buckets[key as usize & self.mask];
        let mut slot = 0;
        let mut worst = i32::MAX;
        let mut slot_data = None;
        for (i, e) in b.0.iter().enumerate() {
            let (k, d) = e.load();
            if k == key || d.bound == 0 {
                slot = i;
                slot_data = Some((k, d));
                break;
            }
            // Prefer to replace stale entries, then shallow ones.
            let stale = i32::from(age.wrapping_sub(d.age)) * 8;
            let value = i32::from(d.depth) - stale;
            if value < worst {
                worst = value;
                slot = i;
            }
        }
        // Keep a known move when the new result has none.
        let mv = match slot_data {
            Some((k, d)) if mv == NO_MOVE && k == key => d.mv,
            _ => mv,
        };
        b.0[slot].save(
            key,
            Data {
                score: to_tt(score, ply) as i16,
                mv,
                depth: depth.clamp(0, 255) as u8,
                bound: bound as u8,
                age,
            },
        );
    }
}

/// The table key of a position with the hash `hash`, `np` plies into the no-progress count
/// (R-G3): which tenth of the count it is in goes into the key, since the same placement means
/// something else with the draw 5 plies away.
#[inline]
pub fn key(hash: u64, np: u32) -> u64 {
    hash ^ u64::from(np / 10).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Table {
    /// `first` (a legal move from `pos`, `np` plies into the no-progress count), then the move
    /// the table holds for each position it leads to, while that move is legal and no position
    /// repeats; at most `max` plies. The line of a root move the search did not report as its
    /// principal variation (a move chosen for variety among near-equal ones).
    pub fn line(&self, pos: &Position, np: u32, first: Move, max: usize) -> Vec<Move> {
        let mut line = vec![first];
        let mut p = pos.after(&first);
        let mut np = if first.is_irreversible() { 0 } else { np + 1 };
        let mut seen = vec![pos.hash(), p.hash()];
        while line.len() < max {
            let Some(hit) = self.probe(key(p.hash(), np), 0) else {
                break;
            };
            let Some(m) = legal_moves(&p).into_iter().find(|m| matches(hit.mv, m)) else {
                break;
            };
            p = p.after(&m);
            if seen.contains(&p.hash()) {
                break;
            }
            seen.push(p.hash());
            np = if m.is_irreversible() { 0 } else { np + 1 };
            line.push(m);
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::score::WIN;

    #[test]
    fn bounds_read_the_window() {
        assert_eq!(Bound::of(50, 10, 50), Bound::Lower);
        assert_eq!(Bound::of(30, 10, 50), Bound::Exact);
        assert_eq!(Bound::of(10, 10, 50), Bound::Upper);
        assert!(Bound::Exact.cuts(30, 10, 50));
        assert!(Bound::Lower.cuts(50, 10, 50) && !Bound::Lower.cuts(49, 10, 50));
        assert!(Bound::Upper.cuts(10, 10, 50) && !Bound::Upper.cuts(11, 10, 50));
    }

    #[test]
    fn stores_and_finds_with_ply_adjusted_wins() {
        let t = Table::new(1);
        // A win 5 plies from a node that is 3 plies below the root: WIN - 8 at the root.
        t.store(0xABCD, 4, 3, WIN - 8, Bound::Exact, NO_MOVE);
        let hit = t.probe(0xABCD, 3).unwrap();
        assert_eq!(hit.score, WIN - 8);
        // Reached at ply 1 by another path, the same node is a win 6 plies from the root.
        assert_eq!(t.probe(0xABCD, 1).unwrap().score, WIN - 6);
        assert!(t.probe(0x1234, 0).is_none());
        t.store(0x1234, 2, 0, -50, Bound::Upper, NO_MOVE);
        assert_eq!(t.probe(0x1234, 0).unwrap().bound, Bound::Upper);
        assert_eq!(std::mem::size_of::<Entry>(), 16);
    }

    #[test]
    fn a_table_too_large_to_allocate_falls_back_instead_of_aborting() {
        // 2^60 bytes: more than any machine has, so the allocation is refused (not aborted).
        assert!(Table::try_new(1 << 40).is_none());
        // A request whose byte count overflows usize is refused too.
        assert!(Table::try_new(usize::MAX).is_none());
        let t = Table::new(1 << 40);
        assert_eq!(t.mib(), 64);
        assert_eq!(t.capacity(), 64 << 20 >> 4);
        assert_eq!(Table::new(4).mib(), 4);
    }

    #[test]
    fn threads_storing_into_the_same_buckets_never_read_a_torn_entry() {
        // Keys that share one bucket, each stored with fields derived from the key: four
        // threads store and probe them at once, and every hit must carry its own key's fields
        // (a mix of two stores' words would show as fields of another key).
        let t = Table::new(1);
        let fields = |k: u64| {
            let n = k >> 20;
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][(n % 3) as usize];
            (
                (n % 1000) as i32 - 500,
                (n % 60) as i32,
                bound,
                0x8000 | (n & 0x7fff) as u16,
            )
        };
        std::thread::scope(|s| {
            for id in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    let mut x = id.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                    for _ in 0..400_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // One bucket, one of 64 keys: its four entries change hands all the time.
                        let k = (x % 64) << 20;
                        let (score, depth, bound, mv) = fields(k);
                        t.store(k, depth, 0, score, bound, mv);
                        let probe = k ^ (1 << 20);
                        if let Some(h) = t.probe(probe, 0) {
                            let (score, depth, bound, mv) = fields(probe);
                            assert_eq!(
                                (h.score, h.depth, h.bound, h.mv),
                                (score, depth, bound, mv)
                            );
                        }
                    }
                });
            }
        });
    }

    /// Memory resident in this process (Linux: /proc/self/statm, in pages).
    #[cfg(target_os = "linux")]
    fn resident_bytes() -> usize {
        let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
        let pages: usize = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
        // SAFETY: sysconf has no preconditions.
        pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize
    }

    #[test]
    fn a_small_table_cleared_in_place_is_empty_everywhere() {
        // 64 MiB: made resident and cleared in place (see `POPULATE_BYTES`), not remapped.
        let mut t = Table::new(64);
        let keys: Vec<u64> = (0..10_000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys {
            t.store(k, 3, 0, 12, Bound::Exact, NO_MOVE);
        }
        assert!(keys.iter().filter(|&&k| t.probe(k, 0).is_some()).count() > 9_000);
        let first = t.buckets.first;
        t.clear();
        assert_eq!(t.buckets.first, first, "the same memory");
        assert!(keys.iter().all(|&k| t.probe(k, 0).is_none()), "cleared");
        t.store(keys[0], 5, 0, -7, Bound::Upper, NO_MOVE);
        assert_eq!(t.probe(keys[0], 0).unwrap().score, -7);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_large_table_is_ready_at_once_and_cleared_at_once() {
        // A GiB table whose creation or clearing wrote every byte would make it all resident
        // (and take seconds); fresh zeroed memory is mapped as it is touched. The margin leaves
        // room for what the tests running alongside allocate meanwhile.
        let margin = 256 << 20;
        let before = resident_bytes();
        let mut t = Table::new(1024);
        assert_eq!(t.mib(), 1024);
        assert!(
            resident_bytes() < before + margin,
            "creating filled the table"
        );
        t.store(0xABCD, 4, 0, 30, Bound::Exact, NO_MOVE);
        assert_eq!(t.probe(0xABCD, 0).unwrap().score, 30);
        t.clear();
        assert!(t.probe(0xABCD, 0).is_none(), "cleared");
        assert!(
            resident_bytes() < before + margin,
            "clearing filled the table"
        );
        // Buckets sit on cache lines, whatever the allocator returned.
        assert_eq!(t.buckets.first.as_ptr() as usize % 64, 0);
        t.store(0x1234, 2, 0, -5, Bound::Lower, NO_MOVE);
        assert_eq!(t.probe(0x1234, 0).unwrap().bound, Bound::Lower);
    }
}
