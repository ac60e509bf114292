//! Perft: the number of leaf positions of the legal move tree, the standard check of a move
//! generator. Pure functions; the CLI does the printing. The threads come from
//! [`crate::pool`], which depends on nothing in the crate.

use super::movegen;
use super::{Move, MoveList, Position, RuleSet, legal_moves, quiet_only_count};

/// Leaves at `depth` plies below `pos`. Counts the last ply in bulk (without playing the moves).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => quiet_only_count(pos),
        _ => match pos.rules() {
            RuleSet::Italian => perft_from_2::<true>(pos, depth),
            RuleSet::English => perft_from_2::<false>(pos, depth),
        },
    }
}

/// [`perft`] for `depth >= 2`. The children of a depth-2 node are counted here directly:
/// most calls would be to depth 1, and a call per leaf's parent that only forwards is a
/// measurable share of the time.
fn perft_from_2<const IT: bool>(pos: &Position, depth: u32) -> u64 {
    let mut list = MoveList::new();
    movegen::generate::<IT>(pos, &mut list);
    let mut total = 0;
    // Copy-make: copying the 24-byte position is cheaper than undoing the move.
    for m in &list {
        let mut child = *pos;
        child.make(m);
        total += if depth == 2 {
            movegen::count::<IT>(&child)
        } else {
            perft_from_2::<IT>(&child, depth - 1)
        };
    }
    total
}

/// The perft count below each root move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    divide_threads(pos, depth, 1)
}

/// [`divide`] with the root moves shared out among `threads` threads (each takes the next
/// move nobody has taken): the same counts in the same order.
pub fn divide_threads(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = legal_moves(pos);
    let counts = crate::pool::map(threads, moves.len(), |i| {
        perft(&pos.after(&moves[i]), depth - 1)
    });
    moves.into_iter().zip(counts).collect()
}

/// [`perft`] with the root moves shared out among `threads` threads.
pub fn perft_threads(pos: &Position, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth < 2 {
        return perft(pos, depth);
    }
    divide_threads(pos, depth, threads)
        .iter()
        .map(|(_, n)| n)
        .sum()
}
