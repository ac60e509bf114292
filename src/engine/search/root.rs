//! The root: a position the endgame tables decide is answered from them; otherwise the root's
//! moves are ordered once and searched each iteration, proving which of them are candidates
//! for the variety pick.

use super::{RootMove, Searcher};
use crate::engine::ordering::{self, MAX_PLY};
use crate::engine::score::{self, INF};
use crate::engine::tt::{self, Bound};
use crate::engine::{SearchInfo, SearchResult};
use crate::rules::{DrawState, Move, MoveList, Position, legal_moves};
use crate::tables::{Tables, Wdl};
use std::time::Duration;

/// At the root of a position the tables decide: the fastest win, the slowest loss, or (a
/// draw) the first move that keeps it, reported as one line. A draw scores `draw`, as the
/// search scores one (contempt included).
pub(super) fn root_from_tables(
    t: &Tables,
    pos: &Position,
    np: u32,
    draw: i32,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<SearchResult> {
    let w = t.probe(pos)?;
    // A win of a coarse slice: a move that forces a lower bound within 8 plies.
    let bounded = w.is_bounded() && matches!(w, crate::tables::Wdl::Win(_));
    // Without the distance the tables cannot say which winning move makes progress: the
    // search finds it (see `score::from_table_unknown`).
    if !w.distance_known() && !bounded {
        return None;
    }
    let (best, pv, score) = if bounded {
        // Scored as the search scores it: a win in at most the bound's plies.
        let m = t.converting_move(pos)?;
        (
            m,
            vec![m],
            score::from_table(w.bounded_as_known(), 0, np, draw),
        )
    } else {
        let pv = t.best_line(pos, MAX_PLY);
        let score = score::from_table(w, 0, np, draw);
        // A win the no-progress count already run could cut short (R-G3), proved by a move
        // that resets the count.
        let proven = if matches!(w, Wdl::Win(_)) && !score::is_decisive(score) {
            proven_win(t, pos, np)
        } else {
            None
        };
        match proven {
            Some(proven) => proven,
            None => (t.best_move(pos)?, pv, score),
        }
    };
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

/// A table win is proved under the no-progress rule (R-G3) by a move into a loss that comes
/// before the count runs out, counted from the move (a capture or a man's move resets it): the
/// fastest such move, its line and its score as a proven win, if there is one. For a root
/// whose table distance the count already run could cut short (after many king moves, or a
/// distance over 80 plies), which the tables alone score as a won ending short of a proven
/// win.
fn proven_win(t: &Tables, pos: &Position, np: u32) -> Option<(Move, Vec<Move>, i32)> {
    legal_moves(pos)
        .iter()
        .filter_map(|m| {
            let child = pos.after(m);
            let w = t.probe(&child)?;
            if !matches!(w, Wdl::Loss(_)) || w.is_bounded() || !w.distance_known() {
                return None;
            }
            let count = DrawState { no_progress: np }.after(m).no_progress;
            let s = -score::from_table(w, 1, count, 0);
            score::is_decisive(s).then_some((*m, child, s))
        })
        .min_by_key(|&(_, _, s)| -s)
        .map(|(m, child, s)| {
            let mut pv = vec![m];
            pv.extend(t.best_line(&child, MAX_PLY - 1));
            (m, pv, s)
        })
}

impl Searcher<'_> {
    /// The root's moves in their order for the first iteration: table move, captures, history.
    pub(super) fn root_moves(&mut self, mut moves: MoveList) -> Vec<RootMove> {
        let tt_move = self.tt.probe(self.key(0), 0).map_or(tt::NO_MOVE, |h| h.mv);
        let mut scores = ordering::Scores::new();
        self.ord
            .score(&moves, tt_move, 0, self.pos.side_to_move(), &mut scores);
        for i in 0..moves.len() {
            ordering::pick(&mut moves, &mut scores, i);
        }
        moves
            .iter()
            .map(|&m| RootMove {
                m,
                score: -INF,
                candidate: false,
            })
            .collect()
    }

    /// One pass over the root's moves in the window `alpha..beta`; returns the best score.
    pub(super) fn root(
        &mut self,
        root: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
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
            if best > -INF && self.full && !self.subset {
                let key = self.key(0);
                let bound = Bound::of(best, alpha0, beta);
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
}
