//! The tree below the root: negamax alpha-beta with principal-variation search, late-move
//! reductions, mate-distance pruning, the endgame tables and solved endings, the
//! transposition table, and a capture quiescence at the horizon; the draw rules at every node.

use super::{Searcher, lmr};
use crate::engine::endgame::{self, Solved};
use crate::engine::ordering::{self, MAX_PLY};
use crate::engine::score::{self, INF, loss_in, win_in};
use crate::engine::tt::{self, Bound};
use crate::engine::{eval, params};
use crate::rules::{
    Color, DrawState, Move, MoveList, NO_PROGRESS_LIMIT, Position, find_capturers, legal_moves,
    legal_moves_given,
};
use arrayvec::ArrayVec;
use std::sync::atomic::Ordering as AtomicOrdering;

/// [`Searcher::draw_bias`] for a search whose root has `root` to move.
pub(super) fn contempt_bias(contempt: i32, root: Color) -> [i32; 2] {
    let mut b = [contempt; 2];
    b[root as usize] = -contempt;
    b
}

/// What a draw is worth to the side to move in `pos`: level, nudged by one centi-man towards
/// the side with more material (a king counts two), shifted by contempt (`bias`).
pub(super) fn draw_score(pos: &Position, bias: [i32; 2]) -> i32 {
    let us = pos.side_to_move();
    let count = |c| {
        let p = pos.pieces_of(c);
        (p.count() + (p & pos.kings()).count()) as i32
    };
    (count(us) - count(us.opposite())).signum() + bias[us as usize]
}

impl Searcher<'_> {
    /// The table key: the position's hash, and which tenth of the no-progress count it is in
    /// (the same placement means something else with the draw 5 plies away).
    #[inline]
    pub(super) fn key(&self, ply: usize) -> u64 {
        tt::key(self.pos.hash(), self.np[ply])
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
    /// How far the winner of a table win of unknown distance has got (0 to 299): its kings,
    /// the loser's pieces and kings gone, and the no-progress count (R-G3) kept low, so the
    /// search heads for captures and promotions (into slices with known distances).
    fn progress(&self, w: crate::tables::Wdl, np: u32) -> i32 {
        let me = self.pos.side_to_move();
        let (winner, loser) = match w {
            crate::tables::Wdl::Loss(_) => (me.opposite(), me),
            _ => (me, me.opposite()),
        };
        let count = |b: crate::rules::Bitboard| b.count() as i32;
        let p = &self.pos;
        100 + 30 * count(p.kings_of(winner))
            - 30 * count(p.kings_of(loser))
            - 40 * count(p.pieces_of(loser))
            + (crate::rules::NO_PROGRESS_LIMIT as i32 - np as i32) / 2
    }

    fn draw_score(&self) -> i32 {
        draw_score(&self.pos, self.draw_bias)
    }

    /// Plays `m` and returns the position before it, for [`Searcher::unmake`] (copying the
    /// 24-byte position back is cheaper than undoing the move square by square).
    #[inline]
    pub(super) fn make(&mut self, m: &Move, ply: usize) -> Position {
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
    pub(super) fn unmake(&mut self, saved: Position) {
        self.pos = saved;
        self.hashes.pop();
    }

    pub(super) fn alpha_beta(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & self.clock.check_mask == 0 {
            if self.interruptible
                && (self.stop.load(AtomicOrdering::Relaxed)
                    || self
                        .caller_stop
                        .is_some_and(|f| f.load(AtomicOrdering::Relaxed))
                    || self.clock.out_of_budget(self.nodes))
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
        let draw = DrawState { no_progress: np };
        if draw.is_no_progress_draw() || draw.is_third_repetition(&self.hashes) {
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
        let capturers = find_capturers(&self.pos);
        let must_capture = capturers.any();
        // A position whose side to move must capture is not stored (the tables' "don't
        // care"): probing it would play its captures out inside the tables, which the search
        // is about to do anyway, and below 6 pieces that doubled work was the search's largest
        // cost. Its children are probed instead.
        if !must_capture
            && self.pos.occupied().count() <= self.table_pieces
            && let Some(w) = self.tables.and_then(|t| t.probe_for_search(&self.pos))
        {
            // No search below a table position whose distance is kept, exactly or as a bound
            // (a coarse 5-piece slice: won in at most so many plies, scored as that distance,
            // which keeps the no-progress check (R-G3) on the safe side). A win or loss whose
            // distance the tables do not keep (6 pieces and more) is searched on to the
            // horizon instead, scored there by the progress made, so the search finds the way
            // into the slices that know theirs; but only from a root in the tables: from one
            // outside them, reaching the win is all that counts (searched on, it cost twice
            // the time to the same depth in 7-8 piece endings).
            if w.distance_known() || w.is_bounded() {
                return score::from_table(w.bounded_as_known(), ply as i32, np, self.draw_score());
            }
            if depth <= 0 || self.unknown_is_leaf {
                return score::from_table_unknown(w, self.progress(w, np), self.draw_score());
            }
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
            if !pv_node && hit.depth >= depth.max(0) && hit.bound.cuts(hit.score, alpha, beta) {
                return hit.score;
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
            if depth >= 1 && i + 1 < moves.len() {
                // The next sibling's table bucket is brought in while this move's subtree is
                // searched: the child's own prefetch in `make` comes too late to hide the
                // memory's wait (bench: the same nodes in about 10 % less time; 20 % at depth
                // 20 with the default 64 MiB table). The order is unchanged: the scores do not
                // move during the loop, so picking the next move early picks the same one.
                ordering::pick(&mut moves, &mut scores, i + 1);
                let next = moves[i + 1];
                let np_next = if next.is_irreversible() { 0 } else { np + 1 };
                self.tt
                    .prefetch(tt::key(self.pos.after(&next).hash(), np_next));
            }
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
                let r = lmr::reduction(
                    self.experiment,
                    self.pos.rules(),
                    quiet,
                    depth,
                    i,
                    scores[i],
                    pv_node,
                    new_depth,
                );
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
        let bound = Bound::of(best, alpha0, beta);
        self.tt
            .store(key, depth.max(0), ply as i32, best, bound, best_move);
        best
    }
}
