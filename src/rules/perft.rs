//! Perft: the number of leaf positions of the legal move tree, the standard check of a move
//! generator. Pure functions; the CLI does the printing.

use super::{Move, MoveList, Position, legal_moves, legal_moves_into, quiet_only_count};

/// Leaves at `depth` plies below `pos`. Counts the last ply in bulk (without playing the moves).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => quiet_only_count(pos),
        _ => {
            let mut p = *pos;
            let mut total = 0;
            let mut list = MoveList::new();
            legal_moves_into(pos, &mut list);
            for m in &list {
                p.make(m);
                total += perft(&p, depth - 1);
                p.unmake(m);
            }
            total
        }
    }
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
