//! The bounded cache of decompressed blocks shared by every probe of a [`super::Tables`]:
//! sharded (each shard its own lock, so the search's threads seldom wait on one another),
//! each shard evicting by "second chance" (a block used since the hand last passed stays one
//! more round) once its share of the budget is used.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// The default budget: 64 MiB of decompressed blocks per rule set.
pub const DEFAULT_BYTES: usize = 64 << 20;

const SHARDS: usize = 16;

struct Entry {
    data: Box<[u8]>,
    used: bool,
}

#[derive(Default)]
struct Shard {
    map: HashMap<u64, Entry>,
    /// Keys in the order the hand visits them.
    ring: VecDeque<u64>,
    bytes: usize,
}

pub struct Cache {
    shards: Vec<Mutex<Shard>>,
    budget: usize,
}

impl Cache {
    /// A cache holding at most about `bytes` of blocks (at least one block per shard).
    pub fn new(bytes: usize) -> Cache {
        Cache {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
            budget: bytes / SHARDS,
        }
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
        // Fibonacci hashing spreads consecutive blocks over the shards.
        let shard = &self.shards[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60) as usize];
        {
            let mut s = shard
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(e) = s.map.get_mut(&key) {
                e.used = true;
                return Some(f(&e.data));
            }
        }
        // Decompressed without the lock: another thread may do the same block meanwhile,
        // which costs only the work.
        let data = load()?.into_boxed_slice();
        let r = f(&data);
        let mut s = shard
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if s.map.contains_key(&key) {
            return Some(r);
        }
        s.bytes += data.len();
        s.map.insert(key, Entry { data, used: false });
        s.ring.push_back(key);
        while s.bytes > self.budget && s.ring.len() > 1 {
            let Some(k) = s.ring.pop_front() else { break };
            let Some(e) = s.map.get_mut(&k) else { continue };
            if e.used {
                e.used = false;
                s.ring.push_back(k);
            } else if let Some(e) = s.map.remove(&k) {
                s.bytes -= e.data.len();
            }
        }
        Some(r)
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
}
