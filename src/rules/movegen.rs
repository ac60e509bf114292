//! Legal move generation: captures first (compulsory, R-C1), quiet moves only when there are
//! none (R-M1, R-K2).

use super::capture::{self, capturers, forward, forward_of, opposite};
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
    let rules = if IT {
        RuleSet::Italian
    } else {
        RuleSet::English
    };
    let g = geometry(rules);
    let us = pos.side_to_move();
    let (pieces, kings) = pos.raw();
    let own = pieces[us.index()];
    let empty = !(pieces[0] | pieces[1]);
    let promo = PROMOTION_ROW[us.index()];
    let mut push_all = |movers: u32, dir: Dir, king: bool| {
        let mut t = step(g, movers, dir) & empty;
        while t != 0 {
            let to = t.trailing_zeros() as u8;
            t &= t - 1;
            let from = g.neighbour[to as usize][opposite(dir) as usize];
            let promotes = !king && promo & (1 << to) != 0;
            list.push(Move::quiet(from, to, king, promotes));
        }
    };
    for d in forward(us) {
        push_all(own & !kings, d, false);
    }
    let own_kings = own & kings;
    if own_kings != 0 {
        for d in Dir::ALL {
            push_all(own_kings, d, true);
        }
    }
}

#[inline]
fn count<const IT: bool>(pos: &Position) -> u64 {
    match pos.side_to_move() {
        Color::White => count_for::<IT, true>(pos),
        Color::Black => count_for::<IT, false>(pos),
    }
}

#[inline(always)]
fn count_for<const IT: bool, const WHITE: bool>(pos: &Position) -> u64 {
    let (cm, ck) = capturers::<IT>(pos);
    if cm | ck != 0 {
        let mut list = MoveList::new();
        capture::generate_from::<IT>(pos, cm, ck, &mut list);
        return list.len() as u64;
    }
    let rules = if IT {
        RuleSet::Italian
    } else {
        RuleSet::English
    };
    let g = geometry(rules);
    let us = pos.side_to_move();
    let (pieces, kings) = pos.raw();
    let own = pieces[us.index()];
    let empty = !(pieces[0] | pieces[1]);
    let men = own & !kings;
    let [a, b] = forward_of(WHITE);
    let mut n = (step(g, men, a) & empty).count_ones() + (step(g, men, b) & empty).count_ones();
    let own_kings = own & kings;
    if own_kings != 0 {
        for d in Dir::ALL {
            n += (step(g, own_kings, d) & empty).count_ones();
        }
    }
    u64::from(n)
}
