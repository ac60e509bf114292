//! Lazy SMP: helper threads search the same root as the main thread, each with its own
//! move-ordering memory, and share what they find through the transposition table; the main
//! thread alone decides the move and reports (see [`Engine::set_threads`]).

use super::{Engine, RootMove, Searcher, Style};
use crate::engine::limits::{Limits, MAX_DEPTH};
use crate::engine::ordering::{MAX_PLY, MoveOrder};
use crate::rules::Move;
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering as AtomicOrdering};
use std::thread::Scope;

impl Engine {
    /// How many helper threads a search under `limits` gets. A node budget (the playing
    /// levels, `go nodes`) is the main thread's alone: helpers would add strength the levels
    /// were not calibrated with, and vary from run to run. The classic style has none.
    pub(super) fn helpers_for(&self, limits: Limits) -> usize {
        if self.style == Style::Full && !matches!(limits, Limits::Nodes(_)) {
            self.helpers.len()
        } else {
            0
        }
    }
}

/// The helpers' nodes so far, as each last published its count.
pub(super) fn node_sum(counters: &[AtomicU64]) -> u64 {
    counters
        .iter()
        .map(|c| c.load(AtomicOrdering::Relaxed))
        .sum::<u64>()
}

/// Sets the helpers to work on `root`. Started from a thread of their own: spawning a few
/// hundred threads takes milliseconds that are not the main thread's to spend. It stops
/// starting them when the search is over (`done`) or out of time.
pub(super) fn launch<'scope>(
    scope: &'scope Scope<'scope, '_>,
    workers: Vec<Searcher<'scope>>,
    root: &[RootMove],
    done: &'scope AtomicBool,
    main_depth: &'scope AtomicU32,
) {
    if workers.is_empty() {
        return;
    }
    let root = root.to_vec();
    let _ = std::thread::Builder::new()
        .name("dama-launcher".into())
        .spawn_scoped(scope, move || {
            for (id, mut w) in workers.into_iter().enumerate() {
                if done.load(AtomicOrdering::Relaxed) || w.clock.out_of_time() {
                    break;
                }
                let mut root = root.clone();
                // A helper the system cannot start is only missing help.
                let _ = std::thread::Builder::new()
                    .name("dama-helper".into())
                    .spawn_scoped(scope, move || w.helper_loop(&mut root, id, main_depth));
            }
        });
}

/// Sets its flag when dropped.
pub(super) struct SetOnDrop<'a>(pub(super) &'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, AtomicOrdering::Relaxed);
    }
}

impl<'a> Searcher<'a> {
    /// A helper thread's searcher for the same root: its own ordering memory and lines, the
    /// same table, no clock (it stops when `done` is set), no variety (it decides nothing).
    pub(super) fn helper<'b>(
        &self,
        ord: &'b mut MoveOrder,
        pv: &'b mut Vec<ArrayVec<Move, MAX_PLY>>,
        done: &'b AtomicBool,
        counter: &'b AtomicU64,
    ) -> Searcher<'b>
    where
        'a: 'b,
    {
        // Quick to notice `done` and the time: the main thread's answer waits for the helpers
        // (a look every 64 nodes costs nothing measurable).
        let clock = self.clock.for_helper();
        Searcher {
            tt: self.tt,
            ord,
            pv,
            stop: done,
            caller_stop: Some(self.stop),
            clock,
            nodes: 0,
            stopped: false,
            interruptible: true,
            pos: self.pos,
            hashes: self.hashes.clone(),
            np: self.np.clone(),
            variety: 0,
            full: self.full,
            experiment: self.experiment,
            draw_bias: self.draw_bias,
            tables: self.tables,
            table_pieces: self.table_pieces,
            unknown_is_leaf: self.unknown_is_leaf,
            node_counter: Some(counter),
            subset: false,
        }
    }

    /// A helper's iterative deepening: the first helper (`id` 0) searches the depth the main
    /// thread is on, the next a ply deeper, and so on alternately, each with its own killers
    /// and history, so they fill the table with parts of the tree the main thread is about to
    /// need. (With one helper, at the main thread's depth the main thread needed 1.6 times
    /// fewer nodes to finish an iteration than alone, a ply ahead 1.4 times; see
    /// docs/measurements.md.)
    /// Runs until told to stop.
    fn helper_loop(&mut self, root: &mut [RootMove], id: usize, main_depth: &AtomicU32) {
        let ahead = u32::from(id % 2 == 1);
        let mut depth = main_depth.load(AtomicOrdering::Relaxed) + 1 + ahead;
        let mut prev = 0;
        while depth <= MAX_DEPTH {
            let (score, completed) = self.aspiration(root, depth as i32, prev);
            if !completed {
                break;
            }
            prev = score;
            depth = (depth + 1).max(main_depth.load(AtomicOrdering::Relaxed) + 1 + ahead);
        }
        if let Some(c) = self.node_counter {
            c.store(self.nodes, AtomicOrdering::Relaxed);
        }
    }
}
