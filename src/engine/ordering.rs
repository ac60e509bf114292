//! Move ordering: the table's move first, then captures and promotions, then the two killer
//! moves of the ply, then quiet moves by their history score.

use super::tt::{self, PackedMove};
use crate::rules::{Color, Move, MoveList};

/// Deepest ply the search keeps per-ply data for.
pub const MAX_PLY: usize = 128;

const HISTORY_MAX: i32 = 1 << 14;

/// The move-ordering memory one thread keeps from node to node and search to search: killers
/// per ply and the history table. (Not `Ordering`: that name is std's, for atomics and `cmp`.)
pub struct MoveOrder {
    killers: [[PackedMove; 2]; MAX_PLY],
    /// `history[colour][from][to]`, kept within +-HISTORY_MAX by the gravity update.
    history: Box<[[[i32; 32]; 32]; 2]>,
}

impl Default for MoveOrder {
    fn default() -> MoveOrder {
        MoveOrder {
            killers: [[tt::NO_MOVE; 2]; MAX_PLY],
            history: Box::new([[[0; 32]; 32]; 2]),
        }
    }
}

impl MoveOrder {
    pub fn clear(&mut self) {
        *self = MoveOrder::default();
    }

    /// Forget the killers of the last search but keep a damped history.
    pub fn new_search(&mut self) {
        self.killers = [[tt::NO_MOVE; 2]; MAX_PLY];
        for side in self.history.iter_mut() {
            for row in side.iter_mut() {
                for h in row.iter_mut() {
                    *h /= 2;
                }
            }
        }
    }

    /// Scores for `moves` in the same order (higher first), written into `out` (cleared
    /// first): filled in place, since returning a 1 KiB list would copy it at every node.
    pub fn score(
        &self,
        moves: &MoveList,
        tt_move: PackedMove,
        ply: usize,
        side: Color,
        out: &mut Scores,
    ) {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let history = &self.history[side.index()];
        out.clear();
        out.extend(moves.iter().map(|m| {
            let p = tt::pack(m);
            if tt_move != tt::NO_MOVE && p == tt_move {
                1 << 30
            } else if m.is_capture() {
                (1 << 24)
                    + 64 * m.captured_kings().count() as i32
                    + 16 * m.capture_count() as i32
                    + i32::from(m.promotes())
            } else if m.promotes() {
                1 << 23
            } else if p == killers[0] {
                1 << 22
            } else if p == killers[1] {
                (1 << 22) - 1
            } else {
                history[m.from().index()][m.to().index()]
            }
        }));
    }

    /// A quiet move caused a cutoff at `ply` with `depth` plies left; the quiet moves tried
    /// before it (`tried`) did not.
    pub fn reward(&mut self, m: &Move, tried: &[Move], ply: usize, depth: i32, side: Color) {
        let p = tt::pack(m);
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != p {
            k[1] = k[0];
            k[0] = p;
        }
        let bonus = (depth * depth).min(400);
        let h = &mut self.history[side.index()];
        update(&mut h[m.from().index()][m.to().index()], bonus);
        for t in tried {
            update(&mut h[t.from().index()][t.to().index()], -bonus);
        }
    }
}

fn update(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// Move scores, one per move (no fixed-size array to fill or copy at every node).
pub type Scores = arrayvec::ArrayVec<i32, 256>;

/// Picks the best-scored move among `moves[from..]` (the first of equals) and swaps it into
/// place `from`. The scan keeps the best so far with conditional moves, not branches: which
/// score wins is data the processor cannot predict, and mispredicted branches made this scan
/// a tenth of the search's time.
#[inline]
pub fn pick(moves: &mut MoveList, scores: &mut Scores, from: usize) {
    let n = moves.len().min(scores.len());
    if from >= n {
        return;
    }
    let mut best = from;
    let mut best_score = scores[from];
    for (i, &s) in scores[..n].iter().enumerate().skip(from + 1) {
        let better = s > best_score;
        best = if better { i } else { best };
        best_score = if better { s } else { best_score };
    }
    if best != from {
        moves.swap(from, best);
        scores.swap(from, best);
    }
}
