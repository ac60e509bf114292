//! How long a search may run: a [`Limits`] value, turned into a [`Clock`] with a soft limit
//! (checked between iterations: don't start one that can't finish) and a hard one (checked every
//! few hundred nodes inside the search, together with the stop flag).

use std::time::{Duration, Instant};

/// The deepest iteration the engine will start (far beyond anything reachable in play).
pub const MAX_DEPTH: u32 = 100;

/// What ends a search (besides the stop flag, which always does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limits {
    /// Complete iterations up to this depth in plies.
    Depth(u32),
    /// Think for about this long and never longer.
    MoveTime(Duration),
    /// Stop after about this many nodes (checked every few hundred nodes).
    Nodes(u64),
    /// Until stopped (or until the position is solved).
    Infinite,
}

/// A running search's limits.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub start: Instant,
    pub max_depth: u32,
    hard: Option<Instant>,
    soft: Option<Instant>,
    pub max_nodes: u64,
}

impl Clock {
    pub fn new(limits: Limits) -> Clock {
        let start = Instant::now();
        let mut c = Clock {
            start,
            max_depth: MAX_DEPTH,
            hard: None,
            soft: None,
            max_nodes: u64::MAX,
        };
        match limits {
            Limits::Depth(d) => c.max_depth = d.clamp(1, MAX_DEPTH),
            Limits::MoveTime(t) => {
                c.hard = Some(start + t);
                // The next iteration usually takes a few times longer than the last one: past
                // half the time, starting one is mostly wasted.
                c.soft = Some(start + t / 2);
            }
            Limits::Nodes(n) => c.max_nodes = n.max(1),
            Limits::Infinite => {}
        }
        c
    }

    /// The hard limit: time or nodes used up.
    #[inline]
    pub fn out_of_budget(&self, nodes: u64) -> bool {
        nodes >= self.max_nodes || self.hard.is_some_and(|h| Instant::now() >= h)
    }

    /// Whether another iteration may start.
    pub fn may_start_iteration(&self, depth: u32, nodes: u64) -> bool {
        depth <= self.max_depth
            && nodes < self.max_nodes
            && self.soft.is_none_or(|s| Instant::now() < s)
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
