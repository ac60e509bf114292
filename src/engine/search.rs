//! The search: iterative deepening over a negamax alpha-beta with principal-variation search,
//! aspiration windows, late-move reductions, a transposition table, killer and history move
//! ordering, and a capture quiescence (a position where the side to move must capture is never
//! judged statically: captures are compulsory, so they are searched out).
//!
//! Draws follow the rules exactly: the third occurrence of a position (R-G2), counted over the
//! game's real history and the search path, and 80 plies without a capture or a man move
//! (R-G3). A side without a legal move loses (R-G1), even on a ply that would also draw.

use super::endgame::{self, Solved};
use super::limits::{Clock, Limits};
use super::ordering::{self, MAX_PLY, Ordering};
use super::params;
use super::score::{self, INF, is_decisive, loss_in, win_in};
use super::tt::{self, Bound, Table};
use super::{SearchInfo, SearchResult, eval};
use crate::rules::{
    Color, Game, Move, MoveList, NO_PROGRESS_LIMIT, Position, find_capturers, legal_moves,
    legal_moves_given,
};
use crate::tables::Tables;
use arrayvec::ArrayVec;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering as AtomicOrdering};
use std::time::Duration;

/// The computer player: its transposition table, move-ordering memory and random source.
/// `Send`, so it can live on a worker thread; one search at a time.
pub struct Engine {
    tt: Table,
    ordering: Ordering,
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
    ordering: Ordering,
    pv_table: Vec<ArrayVec<Move, MAX_PLY>>,
}

impl Helper {
    fn new() -> Helper {
        Helper {
            ordering: Ordering::default(),
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
            ordering: Ordering::default(),
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

    /// Searches the game's current position. Always finishes the first iteration (depth 1 with
    /// its captures, microseconds), whatever `stop` and `limits` say, so the move returned is
    /// one the search looked at and at least one iteration is reported; after that, honours
    /// `stop` within about a millisecond and returns the best move found so far (a legal move
    /// whenever there is one). Reports each finished iteration through `on_info`.
    pub fn search(
        &mut self,
        game: &Game,
        limits: Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let pos = *game.position();
        let np = game.draw_state().no_progress;
        let hashes = game.hashes();
        let window = (np as usize + 1).min(hashes.len());
        let mut moves = legal_moves(&pos);
        self.tt.new_search();
        self.ordering.new_search();
        for h in &mut self.helpers {
            h.ordering.new_search();
        }
        if moves.is_empty() {
            return SearchResult {
                best: None,
                score: loss_in(0),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
                tables: false,
            };
        }
        let tables = self.tables.as_deref().filter(|t| t.rules() == pos.rules());
        let table_pieces = tables.map_or(0, Tables::max_pieces);
        if let Some(t) = tables.filter(|_| pos.occupied().count() <= table_pieces)
            && let Some(r) = root_from_tables(t, &pos, np, on_info)
        {
            return r;
        }
        // The only legal move is played at once; a short search still gives it a score.
        let single = moves.len() == 1;
        // Solved endings are ready before the clock starts, not solved on its time.
        endgame::prepare(pos.rules());
        // The clock starts here, after the set-up; nothing it measures (nor the stop flag) can
        // cut the first iteration short: see `interruptible`.
        let mut clock = Clock::new(limits);
        if single {
            clock.max_nodes = clock.max_nodes.min(params::SINGLE_MOVE_NODES);
        }
        let mut s = Searcher {
            tt: &self.tt,
            ord: &mut self.ordering,
            pv: &mut self.pv_table,
            stop,
            clock,
            nodes: 0,
            stopped: false,
            interruptible: false,
            pos,
            hashes: {
                // Room for the deepest path, so pushing never reallocates mid-search.
                let mut h = Vec::with_capacity(window + MAX_PLY + 2);
                h.extend_from_slice(&hashes[hashes.len() - window..]);
                h
            },
            np: vec![np; MAX_PLY + 2],
            variety: self.variety,
            full: self.style == Style::Full,
            experiment: self.experiment,
            // The classic yardstick scores every draw as level.
            draw_bias: if self.style == Style::Full {
                contempt_bias(self.contempt, pos.side_to_move())
            } else {
                [0, 0]
            },
            tables,
            table_pieces,
            node_counter: None,
        };
        // Root order for the first iteration: table move, captures, history.
        let tt_move = s.tt.probe(s.key(0), 0).map_or(tt::NO_MOVE, |h| h.mv);
        let mut scores = ordering::Scores::new();
        s.ord
            .score(&moves, tt_move, 0, pos.side_to_move(), &mut scores);
        for i in 0..moves.len() {
            ordering::pick(&mut moves, &mut scores, i);
        }
        let mut root: Vec<RootMove> = moves
            .iter()
            .map(|&m| RootMove {
                m,
                score: -INF,
                candidate: false,
            })
            .collect();

        // Helper threads: set to work on the same root once the main thread has finished its
        // first iteration (so starting them never delays the one answer that must be there),
        // stopped (through `done`) when it ends, whatever ends it, or by the clock. Each
        // publishes its node count.
        let done = AtomicBool::new(false);
        let main_depth = AtomicU32::new(0);
        // A node budget (the playing levels, `go nodes`) is the main thread's alone: helpers
        // would add strength the levels were not calibrated with, and vary from run to run.
        let n_helpers = if s.full && !matches!(limits, Limits::Nodes(_)) {
            self.helpers.len()
        } else {
            0
        };
        let counters: Vec<AtomicU64> = (0..n_helpers).map(|_| AtomicU64::new(0)).collect();
        let helper_nodes = || {
            counters
                .iter()
                .map(|c| c.load(AtomicOrdering::Relaxed))
                .sum::<u64>()
        };
        let mut workers: Vec<Searcher> = self.helpers[..n_helpers]
            .iter_mut()
            .zip(&counters)
            .map(|(h, c)| s.helper(&mut h.ordering, &mut h.pv_table, &done, c))
            .collect();

        let (mut result, candidates) = std::thread::scope(|scope| {
            // Helpers stop when the main thread is done, even if it panics.
            let _stop_helpers = SetOnDrop(&done);
            let (done, main_depth) = (&done, &main_depth);
            // Started from a thread of their own: spawning a few hundred threads takes
            // milliseconds that are not the main thread's to spend. It stops starting them
            // when the search is over.
            let mut launch = |root: &[RootMove]| {
                let workers = std::mem::take(&mut workers);
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
                                .spawn_scoped(scope, move || {
                                    w.helper_loop(&mut root, id, main_depth)
                                });
                        }
                    });
            };
            let mut result = SearchResult {
                best: Some(root[0].m),
                score: 0,
                depth: 0,
                nodes: 0,
                pv: vec![root[0].m],
                tables: false,
            };
            let mut candidates: Vec<Move> = Vec::new();
            let mut prev = 0;
            let mut depth = 1;
            // The first iteration always runs, and runs to its end (whatever the clock or the
            // stop flag say): the answer is a move the search looked at, with a line to show.
            // Depth 1 with its capture quiescence takes microseconds.
            while depth == 1
                || (s.clock.may_start_iteration(depth, s.nodes)
                    && !stop.load(AtomicOrdering::Relaxed))
            {
                s.interruptible = depth > 1;
                if depth == 2 {
                    launch(&root);
                }
                let (score, completed) = s.aspiration(&mut root, depth as i32, prev);
                if s.stopped && !completed {
                    // An interrupted iteration still improves on the last one if its first move
                    // (the previous best) was searched through and another one beat it.
                    if let Some(best) = root.iter().find(|r| r.score > -INF).filter(|_| depth > 1)
                        && best.m != result.best.unwrap_or(best.m)
                        && best.score > result.score
                    {
                        result.best = Some(best.m);
                        result.score = best.score;
                        // Its own line, as far as the table knows it (not the old best's).
                        result.pv = s.tt.line(&pos, np, best.m, MAX_PLY);
                        candidates.clear();
                    }
                    break;
                }
                prev = score;
                let mut pv: Vec<Move> = s.pv[0].iter().copied().collect();
                // A line that ends in a solved ending goes on with the table's best play.
                let end = pv.iter().fold(pos, |p, m| p.after(m));
                if let Some(t) = tables.filter(|t| t.probe(&end).is_some()) {
                    pv.extend(t.best_line(&end, MAX_PLY.saturating_sub(pv.len())));
                } else if endgame::probe(&end).is_some() {
                    pv.extend(endgame::best_line(&end, MAX_PLY));
                }
                result = SearchResult {
                    best: Some(root[0].m),
                    score,
                    depth,
                    nodes: s.nodes + helper_nodes(),
                    pv: if pv.is_empty() { vec![root[0].m] } else { pv },
                    tables: false,
                };
                candidates = root
                    .iter()
                    .filter(|r| r.candidate && r.score > score - s.variety)
                    .map(|r| r.m)
                    .collect();
                main_depth.store(depth, AtomicOrdering::Relaxed);
                let elapsed = s.clock.elapsed();
                on_info(&SearchInfo {
                    depth,
                    score,
                    nodes: result.nodes,
                    nps: nps(result.nodes, elapsed),
                    elapsed,
                    pv: result.pv.clone(),
                    tables: false,
                });
                // A forced result well inside the horizon won't change with more depth.
                if score::plies_to_end(score).is_some_and(|n| depth > n + 6) {
                    break;
                }
                if s.stopped {
                    break;
                }
                depth += 1;
            }
            (result, candidates)
        });
        result.nodes = s.nodes + helper_nodes();
        // Variety: a random pick among moves proven within the margin of the best, never when
        // the game is decided (a slower win could run into the no-progress draw).
        if self.variety > 0 && candidates.len() > 1 && !is_decisive(result.score) {
            let pick = candidates[self.rng.random_range(0..candidates.len())];
            if Some(pick) != result.best {
                result.best = Some(pick);
                // Its own line, as far as the table knows it: the best move's is not its line.
                result.pv = s.tt.line(&pos, np, pick, MAX_PLY);
            }
        }
        result
    }
}

/// Sets its flag when dropped.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, AtomicOrdering::Relaxed);
    }
}

#[derive(Clone)]
struct RootMove {
    m: Move,
    score: i32,
    /// Proven (in the last finished pass) to score within the variety margin of the best.
    candidate: bool,
}

struct Searcher<'a> {
    tt: &'a Table,
    ord: &'a mut Ordering,
    pv: &'a mut Vec<ArrayVec<Move, MAX_PLY>>,
    stop: &'a AtomicBool,
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
    /// A helper thread's published node count, brought up to date at each look at the flag.
    node_counter: Option<&'a AtomicU64>,
}

/// [`Searcher::draw_bias`] for a search whose root has `root` to move.
fn contempt_bias(contempt: i32, root: Color) -> [i32; 2] {
    let mut b = [contempt; 2];
    b[root as usize] = -contempt;
    b
}

/// At the root of a position the tables decide: the fastest win, the slowest loss, or (a
/// draw) the first move that keeps it, reported as one line.
fn root_from_tables(
    t: &Tables,
    pos: &Position,
    np: u32,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<SearchResult> {
    let w = t.probe(pos)?;
    let best = t.best_move(pos)?;
    let pv = t.best_line(pos, MAX_PLY);
    let score = score::from_table(w, 0, np, 0);
    on_info(&SearchInfo {
        depth: 1,
        score,
        nodes: 1,
        nps: 0,
        elapsed: Duration::ZERO,
        pv: pv.clone(),
        tables: true,
    });
    Some(SearchResult {
        best: Some(best),
        score,
        depth: 1,
        nodes: 1,
        pv,
        tables: true,
    })
}

impl<'a> Searcher<'a> {
    /// A helper thread's searcher for the same root: its own ordering memory and lines, the
    /// same table, no clock (it stops when `done` is set), no variety (it decides nothing).
    fn helper<'b>(
        &self,
        ord: &'b mut Ordering,
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
            node_counter: Some(counter),
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
        while depth <= super::limits::MAX_DEPTH {
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

    /// The table key: the position's hash, and which tenth of the no-progress count it is in
    /// (the same placement means something else with the draw 5 plies away).
    #[inline]
    fn key(&self, ply: usize) -> u64 {
        tt::key(self.pos.hash(), self.np[ply])
    }

    /// Iteration `depth` with an aspiration window around the last score; returns the score
    /// and whether the iteration finished.
    fn aspiration(&mut self, root: &mut [RootMove], depth: i32, prev: i32) -> (i32, bool) {
        let mut delta = params::ASPIRATION;
        let (mut alpha, mut beta) = if self.full && depth >= 5 && !is_decisive(prev) {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let score = self.root(root, depth, alpha, beta);
            if self.stopped {
                return (score, false);
            }
            if score <= alpha && alpha > -INF {
                alpha = (alpha - delta).max(-INF);
                beta = (alpha + beta) / 2;
            } else if score >= beta && beta < INF {
                beta = (beta + delta).min(INF);
            } else {
                return (score, true);
            }
            delta *= 2;
            if delta > 400 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    fn root(&mut self, root: &mut [RootMove], depth: i32, mut alpha: i32, beta: i32) -> i32 {
        self.pv[0].clear();
        let alpha0 = alpha;
        let mut best = -INF;
        for r in root.iter_mut() {
            r.score = -INF;
            r.candidate = false;
        }
        for i in 0..root.len() {
            let m = root[i].m;
            let saved = self.make(&m, 0);
            let child = depth - 1 + i32::from(self.full && root.len() == 1);
            let score = if i == 0 {
                -self.alpha_beta(child, 1, -beta, -alpha)
            } else if !self.full {
                // Plain alpha-beta, its window lowered by the variety margin so that a score
                // above the bar is exact (below it, only a bound: never a candidate).
                -self.alpha_beta(child, 1, -beta, -(alpha - self.variety))
            } else {
                // With variety on, test against a bar a little below alpha so near-equal moves
                // get proven as candidates; only those above alpha are searched exactly.
                let bar = alpha - self.variety;
                let mut sc = -self.alpha_beta(child, 1, -bar - 1, -bar);
                if self.variety > 0 && sc > bar && sc <= alpha && !self.stopped {
                    // Above the bar is only a lower bound: test alpha itself too, keeping the
                    // bound if the move does not beat it.
                    let test = -self.alpha_beta(child, 1, -alpha - 1, -alpha);
                    if test > alpha {
                        sc = test;
                    }
                }
                if sc > alpha && !self.stopped {
                    sc = -self.alpha_beta(child, 1, -beta, -alpha);
                }
                sc
            };
            self.unmake(saved);
            if self.stopped {
                break;
            }
            root[i].score = score;
            // Proven within the margin: the first move (searched exactly) or a move that beat
            // the bar (a lower bound above it; a score at or below the bar is only a bound).
            root[i].candidate = i == 0 || score > alpha - self.variety;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(1);
                    head[0].clear();
                    head[0].push(m);
                    head[0].extend(tail[0].iter().copied());
                }
                if score >= beta {
                    break;
                }
            }
        }
        if !self.stopped {
            // Best first for the next iteration; the rest in the order of their (bound) scores.
            root.sort_by_key(|r| std::cmp::Reverse(r.score));
            if best > -INF && self.full {
                let key = self.key(0);
                let bound = if best >= beta {
                    Bound::Lower
                } else if best > alpha0 {
                    Bound::Exact
                } else {
                    Bound::Upper
                };
                self.tt
                    .store(key, depth, 0, best, bound, tt::pack(&root[0].m));
            }
        } else if let Some(pos) = root.iter().position(|r| r.score > -INF) {
            // Interrupted: bring the best fully searched move to the front. On equal scores the
            // earlier move: a later one that failed low scored its bound, equal to the best's
            // exact score, and must not replace it (the shot suites lost 30 positions to that).
            let best_i = (pos..root.len())
                .filter(|&i| root[i].score > -INF)
                .max_by_key(|&i| (root[i].score, std::cmp::Reverse(i)))
                .unwrap_or(pos);
            root.swap(0, best_i);
        }
        best
    }

    /// The static evaluation, fading towards a draw as the no-progress count (R-G3) runs out:
    /// a lead that makes no progress is worth less, so the side ahead trades or advances.
    #[inline]
    fn evaluate(&self, np: u32) -> i32 {
        let e = eval::evaluate(&self.pos);
        if np <= params::FADE_FROM {
            e
        } else {
            let left = NO_PROGRESS_LIMIT.saturating_sub(np) as i32;
            let span = (NO_PROGRESS_LIMIT - params::FADE_FROM) as i32;
            e * (left + span) / (2 * span)
        }
    }

    /// A draw is a draw, but one a piece up is 0.01 better than one a piece down: between
    /// drawn lines, the engine keeps its material instead of handing it over.
    fn draw_score(&self) -> i32 {
        let us = self.pos.side_to_move();
        let count = |c| {
            let p = self.pos.pieces_of(c);
            (p.count() + (p & self.pos.kings()).count()) as i32
        };
        (count(us) - count(us.opposite())).signum() + self.draw_bias[us as usize]
    }

    /// Plays `m` and returns the position before it, for [`Searcher::unmake`] (copying the
    /// 24-byte position back is cheaper than undoing the move square by square).
    #[inline]
    fn make(&mut self, m: &Move, ply: usize) -> Position {
        let saved = self.pos;
        self.pos.make(m);
        self.hashes.push(self.pos.hash());
        self.np[ply + 1] = if m.is_irreversible() {
            0
        } else {
            self.np[ply] + 1
        };
        self.tt.prefetch(self.key(ply + 1));
        saved
    }

    #[inline]
    fn unmake(&mut self, saved: Position) {
        self.pos = saved;
        self.hashes.pop();
    }

    /// Third occurrence of the current position since the last irreversible move (R-G2).
    fn is_third_repetition(&self, np: u32) -> bool {
        // A position can first recur 4 plies later, so the third time needs 8 reversible plies.
        if np < 8 {
            return false;
        }
        let n = self.hashes.len();
        let window = (np as usize + 1).min(n);
        let current = self.hashes[n - 1];
        self.hashes[n - window..]
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&h| h == current)
            .count()
            >= 3
    }

    fn alpha_beta(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & self.clock.check_mask == 0 {
            if self.interruptible
                && (self.stop.load(AtomicOrdering::Relaxed) || self.clock.out_of_budget(self.nodes))
            {
                self.stopped = true;
            }
            if let Some(c) = self.node_counter {
                c.store(self.nodes, AtomicOrdering::Relaxed);
            }
        }
        if self.stopped {
            return 0;
        }
        self.pv[ply].clear();
        // Only a node searched with an open window can be on the principal variation (a
        // zero-window node that beats alpha is searched again with the open window before
        // its line is used), so only those copy their best line up.
        let open_window = beta - alpha > 1;
        let np = self.np[ply];
        if np >= NO_PROGRESS_LIMIT || self.is_third_repetition(np) {
            // R-G1 comes first: a side that cannot move has lost, draw or not.
            return if legal_moves(&self.pos).is_empty() {
                loss_in(ply as i32)
            } else {
                self.draw_score()
            };
        }
        // Mate-distance pruning: nothing here beats a win already found nearer the root.
        alpha = alpha.max(loss_in(ply as i32));
        beta = beta.min(win_in(ply as i32 + 1));
        if alpha >= beta {
            return alpha;
        }
        if self.pos.occupied().count() <= self.table_pieces
            && let Some(w) = self.tables.and_then(|t| t.probe(&self.pos))
        {
            // Exact: no search below a table position.
            return score::from_table(w, ply as i32, np, self.draw_score());
        }
        // Only all-king positions can be in the built-in table: a cheap test first.
        if self.pos.kings() == self.pos.occupied()
            && let Some(solved) = endgame::probe(&self.pos)
        {
            // Solved: a win stands if it comes before the no-progress draw (R-G3).
            let ply = ply as i32;
            return match solved {
                Solved::Win(n) if np + n <= NO_PROGRESS_LIMIT => win_in(ply + n as i32),
                Solved::Loss(n) if np + n <= NO_PROGRESS_LIMIT => loss_in(ply + n as i32),
                _ => self.draw_bias[self.pos.side_to_move() as usize],
            };
        }
        let pv_node = beta - alpha > 1;
        let capturers = find_capturers(&self.pos);
        let must_capture = capturers.any();
        if ply >= MAX_PLY - 1 || (depth <= 0 && !must_capture) {
            // Quiescence: at the horizon only forced captures are played out. Decided before
            // the table is read: these leaves are most of the nodes, their entries are rare
            // (a quiet leaf is never stored), and waiting on the table's memory was the
            // search's largest single cost (bench: 1% fewer nodes, about 30% less time).
            return self.evaluate(np);
        }
        let key = self.key(ply);
        let mut tt_move = tt::NO_MOVE;
        if let Some(hit) = self.tt.probe(key, ply as i32).filter(|_| self.full) {
            tt_move = hit.mv;
            if !pv_node && hit.depth >= depth.max(0) {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        // No reverse futility pruning: a quiet node cut on its static score near the horizon
        // (60 centi-men a ply over beta, up to 4 plies) showed no gain over 779 games at 50 ms
        // (-7 +- 18 Elo; docs/measurements.md), so it went.
        let mut moves = MoveList::new();
        legal_moves_given(&self.pos, capturers, &mut moves);
        if moves.is_empty() {
            return loss_in(ply as i32);
        }
        let side = self.pos.side_to_move();
        let mut scores = ordering::Scores::new();
        if self.full {
            self.ord.score(&moves, tt_move, ply, side, &mut scores);
        } else {
            scores.extend(moves.iter().map(|_| 0));
        }
        let single = self.full && moves.len() == 1;
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = tt::NO_MOVE;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        for i in 0..moves.len() {
            ordering::pick(&mut moves, &mut scores, i);
            let m = moves[i];
            let quiet = !m.is_capture() && !m.promotes();
            // A forced move costs no depth (a single reply is no choice); captures at the
            // horizon stay at depth 0.
            let new_depth = if depth <= 0 {
                0
            } else {
                depth - 1 + i32::from(single)
            };
            let saved = self.make(&m, ply);
            let score = if i == 0 || !self.full {
                -self.alpha_beta(new_depth, ply + 1, -beta, -alpha)
            } else {
                let old = self.experiment & 4 != 0;
                let min_moves = if old { 3 } else { params::LMR_MIN_MOVES };
                let r = if quiet
                    && depth >= params::LMR_MIN_DEPTH
                    && i >= min_moves
                    && scores[i] < (1 << 22) - 1
                {
                    let r = if old {
                        old_lmr_reduction(depth, i)
                    } else {
                        lmr_reduction(depth, i)
                    };
                    (r - i32::from(pv_node)).clamp(1, new_depth - 1)
                } else {
                    0
                };
                let mut sc = -self.alpha_beta(new_depth - r, ply + 1, -alpha - 1, -alpha);
                if sc > alpha && r > 0 {
                    sc = -self.alpha_beta(new_depth, ply + 1, -alpha - 1, -alpha);
                }
                if sc > alpha && sc < beta {
                    sc = -self.alpha_beta(new_depth, ply + 1, -beta, -alpha);
                }
                sc
            };
            self.unmake(saved);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = tt::pack(&m);
                if score > alpha {
                    alpha = score;
                    if open_window {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        let line = &mut head[ply];
                        line.clear();
                        line.push(m);
                        let rest = &tail[0];
                        let room = MAX_PLY - 1;
                        line.extend(rest.iter().copied().take(room));
                    }
                    if score >= beta {
                        if quiet && self.full {
                            self.ord.reward(&m, &quiets_tried, ply, depth.max(1), side);
                        }
                        break;
                    }
                }
            }
            if quiet && !quiets_tried.is_full() {
                quiets_tried.push(m);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, depth.max(0), ply as i32, best, bound, best_move);
        best
    }
}

/// Late-move reduction in plies for the `i`-th move (0-based) at `depth`: grows with the log
/// of both, as in most modern alpha-beta programs. Read from a table built once (two
/// logarithms per move were a measurable share of the search); the same formula beyond it.
#[inline]
fn lmr_reduction(depth: i32, i: usize) -> i32 {
    static TABLE: OnceLock<[[u8; LMR_TABLE]; LMR_TABLE]> = OnceLock::new();
    let d = depth as usize;
    if (1..LMR_TABLE as i32).contains(&depth) && i < LMR_TABLE {
        let t = TABLE.get_or_init(|| {
            let mut t = [[0u8; LMR_TABLE]; LMR_TABLE];
            for (d, row) in t.iter_mut().enumerate().skip(1) {
                for (i, r) in row.iter_mut().enumerate() {
                    *r = lmr_formula(d as i32, i) as u8;
                }
            }
            t
        });
        i32::from(t[d][i])
    } else {
        lmr_formula(depth, i)
    }
}

const LMR_TABLE: usize = 64;

/// Out of line, so the compiler can't hoist a logarithm to every node.
#[cold]
#[inline(never)]
fn lmr_formula(depth: i32, i: usize) -> i32 {
    let r =
        (f64::from(depth).ln() * (i as f64 + 1.0).ln()) / params::LMR_DIVISOR + params::LMR_BASE;
    r as i32
}

/// The earlier, milder reduction (experiment bit 4): ln * ln / 2 from the fourth move.
#[cold]
#[inline(never)]
fn old_lmr_reduction(depth: i32, i: usize) -> i32 {
    (f64::from(depth).ln() * (i as f64 + 1.0).ln() / 2.0 + 0.5) as i32
}

pub(crate) fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let s = elapsed.as_secs_f64();
    if s > 0.0 {
        (nodes as f64 / s) as u64
    } else {
        nodes
    }
}
