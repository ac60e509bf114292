//! Perft: the number of leaf positions of the legal move tree, the standard check of a move
//! generator. Pure functions; the CLI does the printing.

use super::{Move, MoveList, Position, legal_moves, legal_moves_into, quiet_only_count};

/// Leaves at `depth` plies below `pos`. Counts the last ply in bulk (without playing the moves).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => quiet_only_count(pos),
        _ => perft_from_2(pos, depth),
    }
}

/// [`perft`] for `depth >= 2`. The children of a depth-2 node are counted here directly:
/// most calls would be to depth 1, and a call per leaf's parent that only forwards is a
/// measurable share of the time.
fn perft_from_2(pos: &Position, depth: u32) -> u64 {
    let mut list = MoveList::new();
    legal_moves_into(pos, &mut list);
    let mut total = 0;
    // Copy-make: copying the 24-byte position is cheaper than undoing the move.
    for m in &list {
        let mut child = *pos;
        child.make(m);
        total += if depth == 2 {
            quiet_only_count(&child)
        } else {
            perft_from_2(&child, depth - 1)
        };
    }
    total
}

/// The perft count below each root move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    legal_moves(pos)
        .into_iter()
        .map(|m| (m, perft(&pos.after(&m), depth - 1)))
        .collect()
}
