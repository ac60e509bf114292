//! Board geometry the evaluations read, built once per rule set from [`Square::neighbour`]
//! (the rules module keeps its own tables private): one-step shifts, forward cones, distances.

use crate::rules::{Dir, RuleSet, Square};
use std::sync::OnceLock;

/// Geometry tables of one rule set.
pub(crate) struct Geometry {
    /// `shift[dir]`: the masks of squares whose neighbour in `dir` is 3, 4 or 5 indices away.
    pub(crate) shift: [[u32; 3]; 4],
    /// `cone[colour][sq]`: every square a man on `sq` could reach moving forward.
    pub(crate) cone: [[u32; 32]; 2],
    /// Chebyshev distance between two squares on the 8x8 board.
    pub(crate) dist: [[u8; 32]; 32],
    /// Distance from the four centre squares (0 in the centre, 3 on the rim).
    pub(crate) rim: [u8; 32],
}

/// The geometry of a rule set (built on first use).
pub(crate) fn geometry(rules: RuleSet) -> &'static Geometry {
    static IT: OnceLock<Geometry> = OnceLock::new();
    static EN: OnceLock<Geometry> = OnceLock::new();
    match rules {
        RuleSet::Italian => IT.get_or_init(|| build(RuleSet::Italian)),
        RuleSet::English => EN.get_or_init(|| build(RuleSet::English)),
    }
}

impl Geometry {
    /// Every square of `bb` moved one step in direction `d` (index into [`Dir::ALL`]).
    #[inline(always)]
    pub(crate) fn step(&self, bb: u32, d: usize) -> u32 {
        let m = &self.shift[d];
        if d < 2 {
            ((bb & m[0]) >> 3) | ((bb & m[1]) >> 4) | ((bb & m[2]) >> 5)
        } else {
            ((bb & m[0]) << 3) | ((bb & m[1]) << 4) | ((bb & m[2]) << 5)
        }
    }
}

/// Squares in `a` plus squares in `b`: one 64-bit popcount for two (no popcount instruction
/// is assumed, so each count is a dozen instructions).
#[inline(always)]
pub(crate) fn count2(a: u32, b: u32) -> i32 {
    (u64::from(a) | (u64::from(b) << 32)).count_ones() as i32
}

fn build(rules: RuleSet) -> Geometry {
    let mut shift = [[0u32; 3]; 4];
    let mut dist = [[0u8; 32]; 32];
    let mut rim = [0u8; 32];
    for s in Square::all() {
        let i = s.index();
        for (d, dir) in Dir::ALL.iter().enumerate() {
            if let Some(n) = s.neighbour(rules, *dir) {
                let delta = (n.index() as i32 - i as i32).unsigned_abs() as usize;
                shift[d][delta - 3] |= 1 << i;
            }
        }
        let (r, f) = (i32::from(s.row()), i32::from(s.file(rules)));
        for t in Square::all() {
            let (r2, f2) = (i32::from(t.row()), i32::from(t.file(rules)));
            dist[i][t.index()] = (r - r2).abs().max((f - f2).abs()) as u8;
        }
        rim[i] = ((2 * r - 7).abs().max((2 * f - 7).abs()) / 2) as u8;
    }
    let mut cone = [[0u32; 32]; 2];
    for (c, dirs) in [[Dir::UpLeft, Dir::UpRight], [Dir::DownLeft, Dir::DownRight]]
        .iter()
        .enumerate()
    {
        // White moves up (towards row 0): fill rows from the top down so each square's cone
        // is built from cones already known; Black the other way round.
        let order: Vec<Square> = if c == 0 {
            Square::all().collect()
        } else {
            Square::all()
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect()
        };
        for s in order {
            let mut m = 0;
            for d in dirs {
                if let Some(n) = s.neighbour(rules, *d) {
                    m |= (1 << n.index()) | cone[c][n.index()];
                }
            }
            cone[c][s.index()] = m;
        }
    }
    Geometry {
        shift,
        cone,
        dist,
        rim,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cones_point_forward() {
        let t = geometry(RuleSet::Italian);
        let row = |r: u8| {
            Square::all()
                .filter(|s| s.row() == r)
                .fold(0u32, |m, s| m | 1 << s.index())
        };
        // A white man on 29 (b1) can reach the whole top row's b..? squares, never row 7.
        assert_eq!(t.cone[0][28] & row(7), 0);
        assert_ne!(t.cone[0][28] & row(0), 0);
        assert_eq!(t.cone[1][0] & row(0), 0);
        assert_ne!(t.cone[1][0] & row(7), 0);
    }
}
