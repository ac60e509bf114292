//! The bounded cache of decompressed blocks shared by every probe of a [`super::Tables`]:
//! sharded (each shard its own lock, so the search's threads seldom wait on one another),
//! each shard evicting by "second chance" (a block used since the hand last passed stays one
//! more round) once its share of the budget is used.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// The default budget: 64 MiB of decompressed blocks per rule set.
pub const DEFAULT_BYTES: usize = 64 << 20;

const SHARDS: usize = 16;
/// Blocks each thread keeps in front of the shared cache: at most 64 x 32 KB a thread.
const RECENT: usize = 64;

/// A block this thread used, under its key.
type Recent = Option<(u64, Arc<[u8]>)>;

thread_local! {
    /// The blocks this thread used last, by key (keys are unique in the process, whichever
    /// cache they came from, so one list serves every cache).
    static RECENT_BLOCKS: RefCell<Vec<Recent>> =
        RefCell::new(vec![None; RECENT]);
}

/// Keys are mixed already by this multiply; the map needs no other hash.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = mix(k);
    }
}

#[inline]
fn mix(k: u64) -> u64 {
    k.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

struct Entry {
    data: Arc<[u8]>,
    used: bool,
}

#[derive(Default)]
struct Shard {
    map: HashMap<u64, Entry, std::hash::BuildHasherDefault<KeyHasher>>,
    /// Keys in the order the hand visits them.
    ring: VecDeque<u64>,
    bytes: usize,
}

pub struct Cache {
    shards: Vec<Mutex<Shard>>,
    /// Each shard's share of the budget (changed by [`Cache::set_budget`]).
    budget: std::sync::atomic::AtomicUsize,
    /// Blocks decompressed since the mapped pages were last let go (see [`Cache::loaded`]).
    misses: std::sync::atomic::AtomicUsize,
}

/// After this many blocks decompressed, the files' pages are let go of: each read of a block
/// maps its pages (and the kernel maps up to 64 KiB around each fault), which counts in the
/// process's resident memory though the pages are the page cache's. About 64 MiB of them.
const MISSES_BEFORE_RELEASE: usize = 1024;

impl Cache {
    /// A cache holding at most about `bytes` of blocks (at least one block per shard).
    pub fn new(bytes: usize) -> Cache {
        Cache {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
            budget: std::sync::atomic::AtomicUsize::new(bytes / SHARDS),
            misses: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// A new budget of about `bytes`: a smaller one is met as blocks come in (each shard
    /// evicts down to its share on its next insertion).
    pub fn set_budget(&self, bytes: usize) {
        self.budget
            .store(bytes / SHARDS, std::sync::atomic::Ordering::Relaxed);
    }

    /// Counts a block decompressed; true once every [`MISSES_BEFORE_RELEASE`], when the caller
    /// should let go of the mapped pages (one thread is told).
    pub fn loaded(&self) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        self.misses.fetch_add(1, Relaxed) + 1 == MISSES_BEFORE_RELEASE
            && self.misses.swap(0, Relaxed) >= MISSES_BEFORE_RELEASE
    }

    /// The bytes of blocks held now.
    pub fn bytes(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().map_or(0, |s| s.bytes))
            .sum()
    }

    /// `f` of the block under `key`, loaded by `load` when not held (`None`: it could not
    /// be, and the answer is `None`).
    #[inline]
    pub fn with<R>(
        &self,
        key: u64,
        load: impl FnOnce() -> Option<Vec<u8>>,
        f: impl FnOnce(&[u8]) -> R,
    ) -> Option<R> {
        let slot = (mix(key) >> 58) as usize % RECENT;
        let recent = RECENT_BLOCKS.with(|r| match &r.borrow()[slot] {
            Some((k, d)) if *k == key => Some(d.clone()),
            _ => None,
        });
        let data = match recent {
            Some(d) => d,
            None => {
                let d = self.shared(key, load)?;
                RECENT_BLOCKS.with(|r| r.borrow_mut()[slot] = Some((key, d.clone())));
                d
            }
        };
        Some(f(&data))
    }

    /// The block under `key` from the shared shards, loaded and inserted when not there.
    fn shared(&self, key: u64, load: impl FnOnce() -> Option<Vec<u8>>) -> Option<Arc<[u8]>> {
        // The multiply spreads consecutive blocks over the shards.
        let shard = &self.shards[(mix(key) >> 60) as usize % SHARDS];
        {
            let mut s = shard
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(e) = s.map.get_mut(&key) {
                e.used = true;
                return Some(e.data.clone());
            }
        }
        // Decompressed without the lock: another thread may do the same block meanwhile,
        // which costs only the work.
        let data: Arc<[u8]> = load()?.into();
        let mut s = shard
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(e) = s.map.get(&key) {
            return Some(e.data.clone());
        }
        s.bytes += data.len();
        s.map.insert(
            key,
            Entry {
                data: data.clone(),
                used: false,
            },
        );
        s.ring.push_back(key);
        let budget = self.budget.load(std::sync::atomic::Ordering::Relaxed);
        while s.bytes > budget && s.ring.len() > 1 {
            let Some(k) = s.ring.pop_front() else { break };
            let Some(e) = s.map.get_mut(&k) else { continue };
            if e.used {
                e.used = false;
                s.ring.push_back(k);
            } else if let Some(e) = s.map.remove(&k) {
                s.bytes -= e.data.len();
            }
        }
        Some(data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_stays_within_its_budget_and_keeps_what_is_used() {
        let c = Cache::new(SHARDS * 4096);
        for k in 0..1000u64 {
            assert_eq!(
                c.with(k, || Some(vec![k as u8; 1024]), |d| d[0]),
                Some(k as u8)
            );
            // Key 0 is used again and again: it stays.
            assert_eq!(c.with(0, || panic!("key 0 was evicted"), |d| d[0]), Some(0));
        }
        assert!(c.bytes() <= SHARDS * 4096, "{}", c.bytes());
        assert_eq!(c.with(5000, || None, |d| d.len()), None);
    }

    #[test]
    fn a_smaller_budget_is_met_as_blocks_come_in() {
        let c = Cache::new(SHARDS * 64 * 1024);
        for k in 0..1000u64 {
            c.with(k, || Some(vec![0; 1024]), |_| ());
        }
        assert!(c.bytes() > SHARDS * 16 * 1024, "{}", c.bytes());
        c.set_budget(SHARDS * 4096);
        for k in 1000..2000u64 {
            c.with(k, || Some(vec![0; 1024]), |_| ());
        }
        assert!(c.bytes() <= SHARDS * 4096, "{}", c.bytes());
    }
}
