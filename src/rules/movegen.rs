//! Legal move generation: captures first (compulsory, R-C1), quiet moves only when there are
//! none (R-M1, R-K2).

use super::capture::{self, ManJumps, capturers, forward_of, opposite, rules_of};
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
    find_capturers(pos).any()
}

/// The pieces of the side to move that can capture, found once so that a caller that asks
/// [`Capturers::any`] and then wants the moves ([`legal_moves_given`]) looks only once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capturers {
    men: u32,
    kings: u32,
    /// Where men could jump: the generator walks the men's chains on these.
    jumps: ManJumps,
}

impl Capturers {
    /// Whether the side to move must capture.
    pub fn any(&self) -> bool {
        self.men | self.kings != 0
    }
}

/// The capturing pieces of the side to move.
pub fn find_capturers(pos: &Position) -> Capturers {
    let (jumps, men, kings) = match pos.rules() {
        RuleSet::Italian => capturers::<true>(pos),
        RuleSet::English => capturers::<false>(pos),
    };
    Capturers { men, kings, jumps }
}

/// [`legal_moves_into`] for a position whose capturers are already known (`c` must come from
/// [`find_capturers`] on this same position): the same moves in the same order.
pub fn legal_moves_given(pos: &Position, c: Capturers, list: &mut MoveList) {
    list.clear();
    match (pos.rules(), c.any()) {
        (RuleSet::Italian, true) => {
            capture::generate_from::<true>(pos, &c.jumps, c.men, c.kings, list)
        }
        (RuleSet::English, true) => {
            capture::generate_from::<false>(pos, &c.jumps, c.men, c.kings, list)
        }
        (RuleSet::Italian, false) => quiet::<true>(pos, list),
        (RuleSet::English, false) => quiet::<false>(pos, list),
    }
}

/// The number of legal moves, counted without building them when there is no capture
/// (perft's bulk count at the last ply).
pub fn quiet_only_count(pos: &Position) -> u64 {
    match pos.rules() {
        RuleSet::Italian => count::<true>(pos),
        RuleSet::English => count::<false>(pos),
    }
}

/// [`legal_moves_into`] for one rule set, into an empty list.
pub(crate) fn generate<const IT: bool>(pos: &Position, list: &mut MoveList) {
    if capture::generate::<IT>(pos, list) {
        return;
    }
    quiet::<IT>(pos, list);
}

/// The quiet moves (for a position without a capture).
#[inline(always)]
fn quiet<const IT: bool>(pos: &Position, list: &mut MoveList) {
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

/// [`quiet_only_count`] for one rule set (perft calls it with the rule set fixed).
#[inline(always)]
pub(crate) fn count<const IT: bool>(pos: &Position) -> u64 {
    match pos.side_to_move() {
        Color::White => count_for::<IT, true>(pos),
        Color::Black => count_for::<IT, false>(pos),
    }
}

#[inline(always)]
fn count_for<const IT: bool, const WHITE: bool>(pos: &Position) -> u64 {
    let (jumps, cm, ck) = capture::capturers_with_jumps::<IT, WHITE>(pos);
    if cm | ck != 0 {
        return capture::count_from::<IT, WHITE>(pos, &jumps, cm, ck);
    }
    // Two directions' targets share one 64-bit popcount (without a popcount instruction in
    // the baseline target each one is a dozen instructions).
    let (mut n, mut pair, mut half) = (0, 0u64, 0);
    let add = |t: u32, _, _| {
        pair |= u64::from(t) << half;
        half ^= 32;
        if half == 0 {
            n += pair.count_ones();
            pair = 0;
        }
    };
    quiet_targets::<IT, WHITE>(pos, add);
    u64::from(n)
}
