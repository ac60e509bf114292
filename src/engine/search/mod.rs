//! The search: iterative deepening over a negamax alpha-beta with principal-variation search,
//! aspiration windows, late-move reductions, a transposition table, killer and history move
//! ordering, and a capture quiescence (a position where the side to move must capture is never
//! judged statically: captures are compulsory, so they are searched out).
//!
//! Draws follow the rules exactly: the third occurrence of a position (R-G2), counted over the
//! game's real history and the search path, and 80 plies without a capture or a man move
//! (R-G3). A side without a legal move loses (R-G1), even on a ply that would also draw.
//!
//! The rooms: this file holds the [`Engine`] (what it keeps between searches, its settings)
//! and the state one thread searches with (`Searcher`); `iterate` the search itself (set-up,
//! iterative deepening, aspiration windows, the variety pick); `root` the root's moves and the
//! root's table probe; `alphabeta` the tree below the root; `lmr` the late-move reductions
//! (with the kept experiment); `smp` the helper threads of the parallel search.

mod alphabeta;
mod iterate;
mod lmr;
mod root;
mod smp;

use super::limits::Clock;
use super::ordering::{MAX_PLY, MoveOrder};
use super::params;
use super::tt::Table;
use crate::rules::{Move, Position};
use crate::tables::Tables;
use arrayvec::ArrayVec;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Duration;

/// The computer player: its transposition table, move-ordering memory and random source.
/// `Send`, so it can live on a worker thread; one search at a time.
pub struct Engine {
    tt: Table,
    ordering: MoveOrder,
    seed: Option<u64>,
    rng: StdRng,
    variety: i32,
    style: Style,
    experiment: u32,
    contempt: i32,
    pv_table: Vec<ArrayVec<Move, MAX_PLY>>,
    /// Endgame tables of the rule set played, if any were found.
    tables: Option<Arc<Tables>>,
    /// One per helper thread of the parallel search (threads - 1): their own move-ordering
    /// memory and lines; the table is the one they share with the main thread.
    helpers: Vec<Helper>,
}

/// A helper thread's own state, kept from search to search like the main thread's.
struct Helper {
    ordering: MoveOrder,
    pv_table: Vec<ArrayVec<Move, MAX_PLY>>,
}

impl Helper {
    fn new() -> Helper {
        Helper {
            ordering: MoveOrder::default(),
            pv_table: vec![ArrayVec::new(); MAX_PLY + 1],
        }
    }
}

/// How the engine searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// Everything this module describes.
    #[default]
    Full,
    /// The classic design of older draughts programs, kept as a yardstick for matches: plain
    /// alpha-beta with iterative deepening and capture quiescence; no table, no PVS or
    /// aspiration, no reductions or extensions, no killers or history.
    Classic,
}

impl Engine {
    /// An engine with a transposition table of `tt_mib` MiB (64 is the usual size).
    pub fn new(tt_mib: usize) -> Engine {
        Engine {
            tt: Table::new(tt_mib),
            ordering: MoveOrder::default(),
            seed: None,
            rng: rand::make_rng(),
            variety: params::VARIETY_MARGIN,
            style: Style::Full,
            experiment: 0,
            contempt: 0,
            pv_table: vec![ArrayVec::new(); MAX_PLY + 1],
            tables: None,
            helpers: Vec::new(),
        }
    }

    /// Searches with `n` threads (at least 1), "lazy SMP": helper threads search the same
    /// position, a ply deeper every other thread, and share what they find through the
    /// transposition table; the main thread alone decides the move and reports. With one
    /// thread the search is exactly the single-threaded one (reproducible with a seed); with
    /// more, which entries the table holds when depends on timing, so node counts and even
    /// moves may differ from run to run. The classic style has no table and ignores this, and
    /// so does a search limited by nodes (the playing levels keep their strength).
    pub fn set_threads(&mut self, n: usize) {
        self.helpers.resize_with(n.max(1) - 1, Helper::new);
    }

    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Endgame tables to probe (those of another rule set than the position's are ignored).
    pub fn set_tables(&mut self, tables: Option<Arc<Tables>>) {
        self.tables = tables;
    }

    /// The most pieces the engine's tables cover for `rules` (0: none).
    pub fn table_pieces(&self, rules: crate::rules::RuleSet) -> u32 {
        self.tables
            .as_deref()
            .filter(|t| t.rules() == rules)
            .map_or(0, Tables::max_pieces)
    }

    /// The transposition table's size in MiB: less than asked of [`Engine::new`] when the
    /// system could not spare that much.
    pub fn tt_mib(&self) -> usize {
        self.tt.mib()
    }

    /// `None`: the random choice among near-equal moves differs from run to run. `Some(seed)`:
    /// the same seed gives the same games (the generator restarts at each [`Engine::new_game`]).
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
        self.reseed();
    }

    /// Root moves within `margin` centi-men of the best may be chosen at random; 0 always plays
    /// the best move found (and makes node counts independent of the seed).
    pub fn set_variety(&mut self, margin: i32) {
        // Capped so that `alpha - variety` can never overflow.
        self.variety = margin.clamp(0, 1000);
    }

    /// Bits that switch off single search features, for A/B matches while tuning (`dama match
    /// --a-exp/--b-exp`, hidden): 4 the stronger late-move reductions (back to ln*ln/2 from
    /// the fourth move); 1 and 2 were reverse futility and late-move pruning, both removed on
    /// their matches. 0: all on.
    pub fn set_experiment(&mut self, bits: u32) {
        self.experiment = bits;
    }

    /// Contempt in centi-men: a draw scores this much below level for the side to move at the
    /// root (and as much above for the other side), so the engine plays on in a level position
    /// rather than repeat. 0 (the default) scores a draw as level: analysis, hints, matches.
    pub fn set_contempt(&mut self, cp: i32) {
        // Far below any win score, so a proven result always outranks a biased draw.
        self.contempt = cp.clamp(-params::MAX_CONTEMPT, params::MAX_CONTEMPT);
    }

    pub fn contempt(&self) -> i32 {
        self.contempt
    }

    pub fn set_style(&mut self, style: Style) {
        self.style = style;
    }

    /// Forgets everything learnt from earlier positions.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.ordering.clear();
        for h in &mut self.helpers {
            h.ordering.clear();
        }
        self.reseed();
    }

    fn reseed(&mut self) {
        self.rng = match self.seed {
            Some(s) => StdRng::seed_from_u64(s),
            None => rand::make_rng(),
        };
    }
}

/// A move at the root and what the last pass over the root found for it.
#[derive(Clone)]
struct RootMove {
    m: Move,
    score: i32,
    /// Proven (in the last finished pass) to score within the variety margin of the best.
    candidate: bool,
}

/// One thread's search: the shared table, its own ordering memory and lines, the position
/// and the path to it, and what the limits and the settings say.
struct Searcher<'a> {
    tt: &'a Table,
    ord: &'a mut MoveOrder,
    pv: &'a mut Vec<ArrayVec<Move, MAX_PLY>>,
    stop: &'a AtomicBool,
    /// A helper's look at the caller's stop flag too: on `stop` every helper ends at its next
    /// look instead of waiting for the main thread to notice and tell it, so with more threads
    /// than cores the main thread is not kept waiting for the processor by helpers whose work
    /// is over.
    caller_stop: Option<&'a AtomicBool>,
    clock: Clock,
    nodes: u64,
    stopped: bool,
    /// False during the main thread's first iteration, which the stop flag and the limits
    /// do not interrupt.
    interruptible: bool,
    pos: Position,
    /// Hashes since the last irreversible move of the game, then of the search path; the last
    /// one is the current position's.
    hashes: Vec<u64>,
    /// `np[ply]`: plies without a capture or man move at the node `ply` plies below the root.
    np: Vec<u32>,
    variety: i32,
    /// [`Style::Full`]; false for the classic yardstick.
    full: bool,
    experiment: u32,
    /// What a draw is worth to the side to move, indexed by its colour: minus the contempt
    /// for the root's side, plus it for the other (see [`Engine::set_contempt`]).
    draw_bias: [i32; 2],
    tables: Option<&'a Tables>,
    /// Positions with at most this many pieces are in `tables`.
    table_pieces: u32,
    /// The root is not in `tables`: a table win or loss of unknown distance is a leaf
    /// wherever it is met (win/draw/loss is all the root's choice needs), not only at the
    /// horizon (where the way into the slices that know their distances is searched for).
    unknown_is_leaf: bool,
    /// A helper thread's published node count, brought up to date at each look at the flag.
    node_counter: Option<&'a AtomicU64>,
    /// The root pass searches only some of the root's moves (multi-PV's later lines).
    subset: bool,
}

pub(crate) fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let s = elapsed.as_secs_f64();
    if s > 0.0 {
        (nodes as f64 / s) as u64
    } else {
        nodes
    }
}
