//! Exact play of two kings against one: solved by retrograde analysis the first time such an
//! ending is reached (about 30,000 positions per rule set, a few milliseconds). The search can't
//! see these wins otherwise: from the worst starting squares they take more than 30 plies, and
//! the 80-ply no-progress count (R-G3) leaves no room for aimless king moves.
//!
//! One king against one is solved too (under 2,000 positions): mostly a draw, but a king near
//! the edge can be cornered, and a search of modest depth choosing among "equal" moves walked
//! into such traps (8 plies deep) in about one game in three.

use crate::rules::{Color, Kind, Piece, Position, RuleSet, Setup, legal_moves};
use std::sync::OnceLock;

/// Not (yet) known to be won or lost.
const UNKNOWN: i16 = i16::MIN;
/// A child where the side to move has lost already (the last piece was taken).
const LOST_CHILD: u32 = u32::MAX;
/// Children from this index on are positions of one king each: `ONE_KING + index_one(..)`,
/// valued by the one-king table.
const ONE_KING: u32 = 1 << 30;

/// The solved table of one rule set: for (the two kings' squares, the lone king's square, who
/// moves), 0 for a draw, else the number of plies to the end with best play plus one, positive
/// when the side to move wins, negative when it loses.
pub struct KingTable {
    value: Vec<i16>,
    /// One king each: (White's square, Black's square, who moves), valued as `value`.
    one: Vec<i16>,
}

fn index_one(white: usize, black: usize, white_to_move: bool) -> usize {
    (white * 32 + black) * 2 + usize::from(!white_to_move)
}

/// The one-king child of a move from a one-king position (or [`LOST_CHILD`]).
fn child_one(pos: &Position) -> u32 {
    let (w, b) = (pos.kings_of(Color::White), pos.kings_of(Color::Black));
    match (w.iter().next(), b.iter().next()) {
        (Some(w), Some(b)) => {
            index_one(w.index(), b.index(), pos.side_to_move() == Color::White) as u32
        }
        _ => LOST_CHILD,
    }
}

/// One king each, solved.
fn solve_one(rules: RuleSet) -> Vec<i16> {
    let n = 32 * 32 * 2;
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut valid = vec![false; n];
    for w in 0..32 {
        for b in 0..32 {
            if w == b {
                continue;
            }
            for white_to_move in [true, false] {
                let pos = kings_only(rules, &[w], &[b], white_to_move);
                let i = index_one(w, b, white_to_move);
                valid[i] = true;
                children[i] = legal_moves(&pos)
                    .iter()
                    .map(|m| child_one(&pos.after(m)))
                    .collect();
            }
        }
    }
    retrograde(&children, &valid, &[])
}

fn pair_index(a: usize, b: usize) -> usize {
    let (a, b) = if a < b { (a, b) } else { (b, a) };
    // Pairs (a, b) with a < b, in order: all pairs with smaller a first.
    a * 32 - a * (a + 1) / 2 + (b - a - 1)
}

const PAIRS: usize = 32 * 31 / 2;

fn index(a: usize, b: usize, w: usize, strong_to_move: bool) -> usize {
    (pair_index(a, b) * 32 + w) * 2 + usize::from(!strong_to_move)
}

/// The position with White's kings on `white` and Black's on `black` (0-based squares).
fn kings_only(rules: RuleSet, white: &[usize], black: &[usize], white_to_move: bool) -> Position {
    let on = |squares: &[usize], color| -> Vec<(u32, Piece)> {
        squares
            .iter()
            .map(|&s| (s as u32 + 1, king(color)))
            .collect()
    };
    let mut pieces = on(white, Color::White);
    pieces.extend(on(black, Color::Black));
    let setup = Setup {
        side_to_move: if white_to_move {
            Color::White
        } else {
            Color::Black
        },
        pieces,
    };
    Position::from_setup(rules, &setup).expect("kings fit anywhere")
}

fn king(color: Color) -> Piece {
    Piece {
        color,
        kind: Kind::King,
    }
}

fn solve(rules: RuleSet) -> KingTable {
    let n = PAIRS * 32 * 2;
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut valid = vec![false; n];
    for a in 0..32 {
        for b in a + 1..32 {
            for w in 0..32 {
                if w == a || w == b {
                    continue;
                }
                for strong_to_move in [true, false] {
                    let pos = kings_only(rules, &[a, b], &[w], strong_to_move);
                    let i = index(a, b, w, strong_to_move);
                    valid[i] = true;
                    children[i] = legal_moves(&pos)
                        .iter()
                        .map(|m| child(&pos.after(m)))
                        .collect();
                }
            }
        }
    }
    let one = solve_one(rules);
    let value = retrograde(&children, &valid, &one);
    KingTable { value, one }
}

/// Values (see [`KingTable`]) of the positions whose moves lead to `children` (indices into
/// the same list, [`LOST_CHILD`], or `ONE_KING +` an index into the solved `one`).
fn retrograde(children: &[Vec<u32>], valid: &[bool], one: &[i16]) -> Vec<i16> {
    let n = children.len();
    let mut value = vec![UNKNOWN; n];
    // Retrograde by distance: at pass d, positions won in d plies (a child lost in d - 1) and
    // lost in d plies (every child won, the slowest in d - 1).
    let mut d: i16 = 0;
    let mut idle = 0;
    while idle < 2 {
        let mut changed = false;
        for i in 0..n {
            if !valid[i] || value[i] != UNKNOWN {
                continue;
            }
            let kids = &children[i];
            if d == 0 {
                if kids.is_empty() {
                    // R-G1: no move, lost now (distance 0, stored as -1).
                    value[i] = -1;
                    changed = true;
                }
                continue;
            }
            let get = |c: u32| {
                if c >= ONE_KING {
                    one[(c - ONE_KING) as usize]
                } else {
                    value[c as usize]
                }
            };
            let lost = |c: u32| match c {
                LOST_CHILD => Some(0),
                c => {
                    let v = get(c);
                    (v != UNKNOWN && v < 0).then(|| -v - 1)
                }
            };
            let won = |c: u32| match c {
                LOST_CHILD => None,
                c => {
                    let v = get(c);
                    (v != UNKNOWN && v > 0).then(|| v - 1)
                }
            };
            if kids.iter().any(|&c| lost(c) == Some(d - 1)) {
                // Stored as distance + 1 so that 0 stays free for draws.
                value[i] = d + 1;
                changed = true;
            } else if !kids.is_empty()
                && kids.iter().all(|&c| won(c).is_some_and(|x| x < d))
                && kids.iter().any(|&c| won(c) == Some(d - 1))
            {
                value[i] = -(d + 1);
                changed = true;
            }
        }
        idle = if changed { 0 } else { idle + 1 };
        d += 1;
    }
    // Unknown after the last pass: neither side can force anything.
    for v in &mut value {
        if *v == UNKNOWN {
            *v = 0;
        }
    }
    value
}

/// Where a move from a table position leads.
fn child(pos: &Position) -> u32 {
    let strong = pos.kings_of(Color::White);
    let weak = pos.kings_of(Color::Black);
    if weak.is_empty() {
        return LOST_CHILD;
    }
    match strong.count() {
        // The lone king took both (the side to move, the strong side, has lost) or one (one
        // king each).
        0 => return LOST_CHILD,
        1 => return ONE_KING + child_one(pos),
        _ => {}
    }
    let mut s = strong.iter();
    let (a, b) = (
        s.next().expect("two").index(),
        s.next().expect("two").index(),
    );
    let w = weak.iter().next().expect("one").index();
    index(a, b, w, pos.side_to_move() == Color::White) as u32
}

fn table(rules: RuleSet) -> &'static KingTable {
    static IT: OnceLock<KingTable> = OnceLock::new();
    static EN: OnceLock<KingTable> = OnceLock::new();
    match rules {
        RuleSet::Italian => IT.get_or_init(|| solve(RuleSet::Italian)),
        RuleSet::English => EN.get_or_init(|| solve(RuleSet::English)),
    }
}

/// Solves the rule set's table now if it is not yet (once per process, about 10 ms in a release
/// build). The search calls this before its clock starts: solved lazily inside the first search
/// that reaches such an ending, the solving ate that search's time, so a timed search's depth
/// (and what it left in the table for the next search) depended on whether it was the first.
pub fn prepare(rules: RuleSet) {
    table(rules);
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved {
    /// Neither side can force a win.
    Draw,
    /// The side to move wins in this many plies (at least 1).
    Win(u32),
    /// The side to move loses in this many plies (0: it has no move now).
    Loss(u32),
}

/// For two kings against one or one king against one (and nothing else on the board), the
/// result with best play, ignoring the draw rules (the caller checks the no-progress count).
/// `None` for any other material.
pub fn probe(pos: &Position) -> Option<Solved> {
    if pos.kings() != pos.occupied() {
        return None;
    }
    let solved = |v: i16| match v {
        0 => Solved::Draw,
        v if v > 0 => Solved::Win(v as u32 - 1),
        v => Solved::Loss(v.unsigned_abs() as u32 - 1),
    };
    match pos.occupied().count() {
        2 => {
            let i = child_one(pos);
            return (i != LOST_CHILD).then(|| solved(table(pos.rules()).one[i as usize]));
        }
        3 => {}
        _ => return None,
    }
    let (w, b) = (pos.pieces_of(Color::White), pos.pieces_of(Color::Black));
    let (strong, weak, strong_colour) = match (w.count(), b.count()) {
        (2, 1) => (w, b, Color::White),
        (1, 2) => (b, w, Color::Black),
        _ => return None,
    };
    let mut s = strong.iter();
    let (a, c) = (s.next()?.index(), s.next()?.index());
    let k = weak.iter().next()?.index();
    let strong_to_move = pos.side_to_move() == strong_colour;
    Some(solved(
        table(pos.rules()).value[index(a, c, k, strong_to_move)],
    ))
}

/// The best move of a solved position: the fastest win, or the slowest loss, or a move that
/// keeps the draw. `None` when the position is not in the table or has no move.
pub fn best_move(pos: &Position) -> Option<crate::rules::Move> {
    probe(pos)?;
    // From the mover's view: a child lost for the opponent in n plies is a win in n + 1.
    let rank = |m: &crate::rules::Move| -> i64 {
        let child = pos.after(m);
        if child.pieces_of(child.side_to_move()).is_empty() {
            return 1_000;
        }
        match probe(&child) {
            Some(Solved::Loss(n)) => 1_000 - i64::from(n),
            Some(Solved::Win(n)) => -1_000 + i64::from(n),
            Some(Solved::Draw) | None => 0,
        }
    };
    legal_moves(pos).into_iter().max_by_key(rank)
}

/// The line of best moves from a solved position, at most `max` plies, stopped before a
/// position would come back (see [`crate::rules::line_without_return`]: a drawn ending's best
/// play goes round in circles).
pub fn best_line(pos: &Position, max: usize) -> Vec<crate::rules::Move> {
    crate::rules::line_without_return(pos, max, best_move)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    #[test]
    fn pair_indices_are_dense() {
        let mut seen = vec![false; PAIRS];
        for a in 0..32 {
            for b in a + 1..32 {
                assert!(!seen[pair_index(a, b)]);
                seen[pair_index(a, b)] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn a_drawn_ending_s_line_stops_before_a_position_comes_back() {
        // One king against one: a draw whose best play goes round in circles, past the third
        // repetition that ends the game (R-G2); the line stops before the first return.
        let pos = fen::parse(RuleSet::Italian, "W:WK18:BK4").unwrap();
        assert_eq!(probe(&pos), Some(Solved::Draw));
        let line = best_line(&pos, 128);
        assert!(!line.is_empty());
        let mut p = pos;
        let mut seen = vec![p.hash()];
        for m in &line {
            p = p.after(m);
            assert!(!seen.contains(&p.hash()), "{line:?}");
            seen.push(p.hash());
        }
        // The next best move would bring a position back.
        let next = best_move(&p).unwrap();
        assert!(seen.contains(&p.after(&next).hash()), "{line:?}");
    }

    #[test]
    fn two_kings_beat_one_from_the_double_corner() {
        let pos = fen::parse(RuleSet::Italian, "W:WK29,K30:BK4").unwrap();
        assert!(matches!(probe(&pos), Some(Solved::Win(n)) if n <= 40));
        // The same with Black the strong side.
        let pos = fen::parse(RuleSet::Italian, "W:WK4:BK29,K30").unwrap();
        assert!(matches!(probe(&pos), Some(Solved::Loss(_))));
        // A king is taken at once: won in one ply.
        let pos = fen::parse(RuleSet::English, "W:WK22,K30:BK18").unwrap();
        assert_eq!(probe(&pos), Some(Solved::Win(1)));
        // R-G1: the lone king in the single corner, its only step taken and its jump blocked.
        let pos = fen::parse(RuleSet::Italian, "B:WK5,K10:BK1").unwrap();
        assert_eq!(probe(&pos), Some(Solved::Loss(0)));
        assert_eq!(probe(&Position::start(RuleSet::Italian)), None);
        // The line of best play ends with the lone king taken, in the table's number of plies.
        let pos = fen::parse(RuleSet::Italian, "W:WK29,K30:BK4").unwrap();
        let Some(Solved::Win(n)) = probe(&pos) else {
            panic!("a win")
        };
        let line = best_line(&pos, 100);
        assert_eq!(line.len(), n as usize);
        let end = line.iter().fold(pos, |p, m| p.after(m));
        assert!(end.pieces_of(crate::rules::Color::Black).is_empty());
    }
}
