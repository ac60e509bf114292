//! Legal move generation: captures first (compulsory, R-C1), quiet moves only when there are
//! none (R-M1, R-K2).

use super::capture::{self, capturers, forward_of, opposite, rules_of};
use super::moves::MoveList;
use super::position::{PROMOTION_ROW, Position};
use super::square::{Dir, geometry, step};
use super::{Color, Move, RuleSet};

/// Every legal move of the side to move.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    legal_moves_into(pos, &mut list);
    list
}

/// Every legal move of the side to move, written into `list` (cleared first). The search and
/// perft use this form: a move list is a few kilobytes, not worth copying at every node.
pub fn legal_moves_into(pos: &Position, list: &mut MoveList) {
    list.clear();
    match pos.rules() {
        RuleSet::Italian => generate::<true>(pos, list),
        RuleSet::English => generate::<false>(pos, list),
    }
}

/// Whether the side to move must capture.
pub fn has_capture(pos: &Position) -> bool {
    let (m, k) = match pos.rules() {
        RuleSet::Italian => capturers::<true>(pos),
        RuleSet::English => capturers::<false>(pos),
    };
    m | k != 0
}

/// The number of legal moves, counted without building them when there is no capture
/// (perft's bulk count at the last ply).
pub fn quiet_only_count(pos: &Position) -> u64 {
    match pos.rules() {
        RuleSet::Italian => count::<true>(pos),
        RuleSet::English => count::<false>(pos),
    }
}

fn generate<const IT: bool>(pos: &Position, list: &mut MoveList) {
    if capture::generate::<IT>(pos, list) {
        return;
    }
    let g = geometry(rules_of(IT));
    let promo = PROMOTION_ROW[pos.side_to_move().index()];
    let push = |mut t: u32, dir: Dir, king: bool| {
        while t != 0 {
            let to = t.trailing_zeros() as u8;
            t &= t - 1;
            let from = g.neighbour[to as usize][opposite(dir) as usize];
            let promotes = !king && promo & (1 << to) != 0;
            list.push(Move::quiet(from, to, king, promotes));
        }
    };
    match pos.side_to_move() {
        Color::White => quiet_targets::<IT, true>(pos, push),
        Color::Black => quiet_targets::<IT, false>(pos, push),
    }
}

/// Calls `f(targets, dir, king)` with the squares that men (then kings) of the side to move
/// reach by one quiet step in `dir` (R-M1, R-K2). Captures are not looked at.
/// `WHITE` must be the side to move: constant directions let the step shifts fold away.
#[inline(always)]
fn quiet_targets<const IT: bool, const WHITE: bool>(
    pos: &Position,
    mut f: impl FnMut(u32, Dir, bool),
) {
    let g = geometry(rules_of(IT));
    let us = pos.side_to_move();
    let (pieces, kings) = pos.raw();
    let own = pieces[us.index()];
    let empty = !(pieces[0] | pieces[1]);
    let men = own & !kings;
    for d in forward_of(WHITE) {
        f(step(g, men, d) & empty, d, false);
    }
    let own_kings = own & kings;
    if own_kings != 0 {
        for d in Dir::ALL {
            f(step(g, own_kings, d) & empty, d, true);
        }
    }
}

#[inline]
fn count<const IT: bool>(pos: &Position) -> u64 {
    let (cm, ck) = capturers::<IT>(pos);
    if cm | ck != 0 {
        let mut list = MoveList::new();
        capture::generate_from::<IT>(pos, cm, ck, &mut list);
        return list.len() as u64;
    }
    let mut n = 0;
    let add = |t: u32, _, _| n += t.count_ones();
    match pos.side_to_move() {
        Color::White => quiet_targets::<IT, true>(pos, add),
        Color::Black => quiet_targets::<IT, false>(pos, add),
    }
    u64::from(n)
}
