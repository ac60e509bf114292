//! The search of one position: the set-up, iterative deepening (each iteration inside an
//! aspiration window), what an interrupted iteration still gives, the report of each
//! finished one, and the variety pick among near-equal moves at the end.

use super::alphabeta::contempt_bias;
use super::root::root_from_tables;
use super::smp::{self, SetOnDrop};
use super::{Engine, RootMove, Searcher, Style};
use super::{nps, params};
use crate::engine::endgame;
use crate::engine::limits::{Clock, Limits};
use crate::engine::ordering::MAX_PLY;
use crate::engine::score::{self, INF, is_decisive, loss_in};
use crate::engine::{SearchInfo, SearchResult};
use crate::rules::{Game, Move, Position, legal_moves};
use crate::tables::Tables;
use rand::RngExt;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering as AtomicOrdering};
/// Multi-PV's request: how many lines, and who hears them after each iteration.
type Multi<'a> = (usize, &'a mut dyn FnMut(&[SearchInfo]));

/// Hears a search's final answer (its result, and with multi-PV its lines) as soon as it is
/// decided, before the helper threads are joined.
pub type OnDone<'a> = &'a mut dyn FnMut(&SearchResult, &[SearchInfo]);

impl Engine {
    /// Contempt as the search applies it from `pos`'s side to move (the classic yardstick
    /// scores every draw as level).
    fn draw_bias(&self, pos: &Position) -> [i32; 2] {
        if self.style == Style::Full {
            contempt_bias(self.contempt, pos.side_to_move())
        } else {
            [0, 0]
        }
    }

    /// What a draw at the root is worth, as the search would score it there.
    fn root_draw(&self, pos: &Position) -> i32 {
        super::alphabeta::draw_score(pos, self.draw_bias(pos))
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
        self.search_answering(game, limits, stop, on_info, &mut |_, _| {})
    }

    /// [`Engine::search`], and `on_done` hears the result as soon as it is decided: before the
    /// helper threads are joined, which, with more threads than free cores, can take the
    /// system tens of milliseconds to schedule (a `bestmove` must not wait for them).
    pub fn search_answering(
        &mut self,
        game: &Game,
        limits: Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
        on_done: OnDone,
    ) -> SearchResult {
        self.search_inner(game, limits, None, stop, on_info, on_done)
            .0
    }

    /// Analysis ("multi-PV"): the best `lines` lines of the game's current position (fewer
    /// when it has fewer moves), each with its score, depth and line, best first, their first
    /// moves all different. Each iteration searches the best line as [`Engine::search`] does,
    /// then line k among the root's moves less the first moves of lines 1..k; `on_lines`
    /// hears the lines after each iteration finished for all of them. Stops as
    /// [`Engine::search`] does (the last finished iteration's lines are returned). Unlike
    /// play, a position the endgame tables decide is searched too (each move then scores
    /// what the tables say of it), and a single legal move gets no short search.
    pub fn search_lines(
        &mut self,
        game: &Game,
        limits: Limits,
        lines: usize,
        stop: &AtomicBool,
        on_lines: &mut dyn FnMut(&[SearchInfo]),
    ) -> Vec<SearchInfo> {
        self.search_lines_answering(game, limits, lines, stop, on_lines, &mut |_, _| {})
    }

    /// [`Engine::search_lines`], and `on_done` hears the lines as soon as they are decided
    /// (see [`Engine::search_answering`]).
    pub fn search_lines_answering(
        &mut self,
        game: &Game,
        limits: Limits,
        lines: usize,
        stop: &AtomicBool,
        on_lines: &mut dyn FnMut(&[SearchInfo]),
        on_done: OnDone,
    ) -> Vec<SearchInfo> {
        self.search_inner(
            game,
            limits,
            Some((lines.max(1), on_lines)),
            stop,
            &mut |_| {},
            on_done,
        )
        .1
    }

    /// [`Engine::search`], and with `multi` the lines of [`Engine::search_lines`]; `on_done`
    /// hears the answer once, as soon as it is decided.
    fn search_inner(
        &mut self,
        game: &Game,
        limits: Limits,
        mut multi: Option<Multi>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
        on_done: OnDone,
    ) -> (SearchResult, Vec<SearchInfo>) {
        let pos = *game.position();
        let np = game.draw_state().no_progress;
        let hashes = game.hashes();
        let window = (np as usize + 1).min(hashes.len());
        let moves = legal_moves(&pos);
        self.tt.new_search();
        self.ordering.new_search();
        for h in &mut self.helpers {
            h.ordering.new_search();
        }
        if moves.is_empty() {
            let none = SearchResult {
                best: None,
                score: loss_in(0),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
                tables: false,
            };
            on_done(&none, &[]);
            return (none, Vec::new());
        }
        let tables = self.tables.as_deref().filter(|t| t.rules() == pos.rules());
        let table_pieces = tables.map_or(0, Tables::max_pieces);
        if let Some(t) =
            tables.filter(|_| pos.occupied().count() <= table_pieces && multi.is_none())
            && let Some(r) = root_from_tables(t, &pos, np, self.root_draw(&pos), on_info)
        {
            on_done(&r, &[]);
            return (r, Vec::new());
        }
        // The only legal move is played at once; a short search still gives it a score.
        let single = moves.len() == 1 && multi.is_none();
        let n_lines = multi.as_ref().map_or(1, |m| m.0.min(moves.len()));
        // Solved endings and the evaluation's tables are ready before the clock starts, not
        // made on its time.
        crate::engine::prepare(pos.rules());
        // The clock starts here, after the set-up; nothing it measures (nor the stop flag) can
        // cut the first iteration short: see `interruptible`.
        let mut clock = Clock::new(limits);
        if single {
            clock.max_nodes = clock.max_nodes.min(params::SINGLE_MOVE_NODES);
        }
        let n_helpers = self.helpers_for(limits);
        let draw_bias = self.draw_bias(&pos);
        let mut s = Searcher {
            tt: &self.tt,
            ord: &mut self.ordering,
            pv: &mut self.pv_table,
            stop,
            caller_stop: None,
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
            draw_bias,
            tables,
            table_pieces,
            unknown_is_leaf: pos.occupied().count() > table_pieces,
            node_counter: None,
            subset: false,
        };
        let mut root = s.root_moves(moves);

        // Helper threads: set to work on the same root once the main thread has finished its
        // first iteration (so starting them never delays the one answer that must be there),
        // stopped (through `done`) when it ends, whatever ends it, or by the clock. Each
        // publishes its node count.
        let done = AtomicBool::new(false);
        let main_depth = AtomicU32::new(0);
        let counters: Vec<AtomicU64> = (0..n_helpers).map(|_| AtomicU64::new(0)).collect();
        let helper_nodes = || smp::node_sum(&counters);
        let workers: Vec<Searcher> = self.helpers[..n_helpers]
            .iter_mut()
            .zip(&counters)
            .map(|(h, c)| s.helper(&mut h.ordering, &mut h.pv_table, &done, c))
            .collect();

        let (variety, rng) = (self.variety, &mut self.rng);
        let (mut result, lines) = std::thread::scope(|scope| {
            // Helpers stop when the main thread is done, even if it panics.
            let _stop_helpers = SetOnDrop(&done);
            let (done, main_depth) = (&done, &main_depth);
            let mut workers = Some(workers);
            let mut launch = |root: &[RootMove]| {
                if let Some(w) = workers.take() {
                    smp::launch(scope, w, root, done, main_depth);
                }
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
            // Multi-PV: the last lines finished, and each line's score for its next window.
            let mut lines: Vec<SearchInfo> = Vec::new();
            let mut prev_lines = vec![0; n_lines];
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
                let info = SearchInfo {
                    depth,
                    score,
                    nodes: result.nodes,
                    nps: nps(result.nodes, elapsed),
                    elapsed,
                    pv: result.pv.clone(),
                    tables: false,
                };
                on_info(&info);
                if let Some((_, on_lines)) = multi.as_mut() {
                    match s.more_lines(&mut root, depth, &mut prev_lines, info, &helper_nodes) {
                        Some(found) => {
                            lines = found;
                            on_lines(&lines);
                        }
                        None => break,
                    }
                }
                // A forced result well inside the horizon won't change with more depth.
                if score::plies_to_end(score).is_some_and(|n| depth > n + 6) {
                    break;
                }
                if s.stopped {
                    break;
                }
                depth += 1;
            }
            // Variety: a random pick among moves proven within the margin of the best, never
            // when the game is decided (a slower win could run into the no-progress draw).
            if variety > 0 && candidates.len() > 1 && !is_decisive(result.score) {
                let pick = candidates[rng.random_range(0..candidates.len())];
                if Some(pick) != result.best {
                    result.best = Some(pick);
                    // Its own line, as far as the table knows it: the best move's is not its
                    // line.
                    result.pv = s.tt.line(&pos, np, pick, MAX_PLY);
                }
            }
            // The helpers are told first, then the answer goes out before they are joined.
            done.store(true, AtomicOrdering::Relaxed);
            result.nodes = s.nodes + helper_nodes();
            on_done(&result, &lines);
            (result, lines)
        });
        result.nodes = s.nodes + helper_nodes();
        (result, lines)
    }
}

impl Searcher<'_> {
    /// Multi-PV, after the best line of iteration `depth` (`first`): line k searched among
    /// `root[k..]` (the moves less the first moves of the lines before it, which each pass
    /// sorts to the front of its slice), in a window around its last score. Returns the lines
    /// best first, or `None` when the search stopped before all were found.
    fn more_lines(
        &mut self,
        root: &mut [RootMove],
        depth: u32,
        prev_lines: &mut [i32],
        first: SearchInfo,
        helper_nodes: &dyn Fn() -> u64,
    ) -> Option<Vec<SearchInfo>> {
        prev_lines[0] = first.score;
        let mut lines = vec![first];
        // A pass over part of the root must not store its best as the root's move.
        self.subset = true;
        for k in 1..prev_lines.len() {
            let (score, completed) = self.aspiration(&mut root[k..], depth as i32, prev_lines[k]);
            if self.stopped || !completed {
                self.subset = false;
                return None;
            }
            prev_lines[k] = score;
            let mut pv: Vec<Move> = self.pv[0].iter().copied().collect();
            if pv.first() != Some(&root[k].m) {
                pv = vec![root[k].m];
            }
            let nodes = self.nodes + helper_nodes();
            let elapsed = self.clock.elapsed();
            lines.push(SearchInfo {
                depth,
                score,
                nodes,
                nps: nps(nodes, elapsed),
                elapsed,
                pv,
                tables: false,
            });
        }
        self.subset = false;
        // A later pass can find more than an earlier one (the table knows more by then):
        // best first all the same.
        lines.sort_by_key(|l| std::cmp::Reverse(l.score));
        Some(lines)
    }

    /// Iteration `depth` with an aspiration window around the last score; returns the score
    /// and whether the iteration finished.
    pub(super) fn aspiration(
        &mut self,
        root: &mut [RootMove],
        depth: i32,
        prev: i32,
    ) -> (i32, bool) {
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
}
