//! How long a search may run: a [`Limits`] value, turned into a [`Clock`] with a soft limit
//! (checked between iterations) and a hard one (checked every few hundred nodes inside the
//! search, together with the stop flag).
//!
//! A fixed move time is the time the engine is given, so it is used: iterations keep starting
//! until the hard limit (an interrupted iteration still plays a better move when its first
//! moves found one), which sits a small margin before the time so the answer is in on time.

use super::params;
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
    /// The search looks at the clock and the stop flag when `nodes & check_mask == 0`.
    pub check_mask: u64,
}

/// Under a move time the clock is read every 256 nodes (a fifth of a millisecond at the
/// release build's speed, a couple of milliseconds in a debug build): reading it costs about
/// 25 ns, under a thousandth of the search. Other limits keep [`params::CHECK_EVERY`], so
/// node-limited searches stop at the same node as before.
const TIME_CHECK_EVERY: u64 = 255;

/// How long before the move time the search stops: the time to unwind the search and send the
/// answer (well under this), so the move arrives within the time given.
fn answer_margin(t: Duration) -> Duration {
    (t / 20).min(Duration::from_millis(1))
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
            check_mask: params::CHECK_EVERY,
        };
        match limits {
            Limits::Depth(d) => c.max_depth = d.clamp(1, MAX_DEPTH),
            Limits::MoveTime(t) => {
                let hard = start + t.saturating_sub(answer_margin(t));
                c.hard = Some(hard);
                // Stopping at 60% (where the next iteration would rarely finish) left about a
                // third of the time unused; an unfinished iteration is not wasted (see above).
                c.soft = Some(hard);
                c.check_mask = TIME_CHECK_EVERY;
            }
            Limits::Nodes(n) => c.max_nodes = n.max(1),
            Limits::Infinite => {}
        }
        c
    }

    /// The hard limit: time or nodes used up.
    #[inline]
    pub fn out_of_budget(&self, nodes: u64) -> bool {
        nodes >= self.max_nodes || self.out_of_time()
    }

    /// Whether another iteration may start.
    pub fn may_start_iteration(&self, depth: u32, nodes: u64) -> bool {
        depth <= self.max_depth
            && nodes < self.max_nodes
            && self.soft.is_none_or(|s| Instant::now() < s)
    }

    /// A helper thread's clock: the same hard time limit, so helpers stop on time by
    /// themselves (with more threads than cores the main thread may be waiting for a core
    /// when the time is up), and nothing else; they look at it every 64 nodes.
    pub fn for_helper(&self) -> Clock {
        Clock {
            start: self.start,
            max_depth: MAX_DEPTH,
            hard: self.hard,
            soft: None,
            max_nodes: u64::MAX,
            check_mask: 63,
        }
    }

    /// Whether the hard time limit has passed.
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| Instant::now() >= h)
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
