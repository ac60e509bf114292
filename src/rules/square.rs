//! Squares 1-32 and the board geometry of each rule set (R-B1, R-B2, R-B4).
//!
//! A [`Square`] is a square *number*: the same numbers exist in both rule sets, but they name
//! squares with different neighbours. Row 0 is the far row for White (squares 1-4), row 7 the
//! far row for Black (29-32). Italian rows 0, 2, 4, 6 start on the a-file (1 = a8); English rows
//! 1, 3, 5, 7 do (5 = a7). All neighbour questions go through the per-rule-set tables here.

use super::RuleSet;
use std::fmt;

/// One of the 32 dark squares, stored as its number minus one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Square from a 0-based index (0..32).
    ///
    /// # Panics
    /// If `index >= 32`.
    pub const fn new(index: u8) -> Square {
        assert!(index < 32);
        Square(index)
    }

    /// Square from its number 1..=32, or `None` outside that range.
    pub fn from_number(n: u32) -> Option<Square> {
        (1..=32).contains(&n).then(|| Square((n - 1) as u8))
    }

    /// The square's number, 1..=32.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// 0-based index, 0..32 (also its bit in a [`super::Bitboard`]).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row from the top as White sees the board: 0 holds squares 1-4, 7 holds 29-32.
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// File 0..8 (a..h) as White sees the board; depends on the rule set (R-B2, R-B4).
    pub const fn file(self, rules: RuleSet) -> u8 {
        let col = self.0 % 4;
        2 * col
            + if row_starts_on_a(rules, self.0 / 4) {
                0
            } else {
                1
            }
    }

    /// The square at (row, file), if that is a dark square of the rule set.
    pub fn at(rules: RuleSet, row: u8, file: u8) -> Option<Square> {
        if row > 7 || file > 7 {
            return None;
        }
        let off = if row_starts_on_a(rules, row) { 0 } else { 1 };
        if file % 2 != off {
            return None;
        }
        Some(Square(row * 4 + file / 2))
    }

    /// Chess-style coordinate with White at the bottom, e.g. `a8`.
    pub fn coordinate(self, rules: RuleSet) -> String {
        format!("{}{}", (b'a' + self.file(rules)) as char, 8 - self.row())
    }

    /// The neighbouring square in `dir`, if it is on the board.
    pub fn neighbour(self, rules: RuleSet, dir: Dir) -> Option<Square> {
        let n = geometry(rules).neighbour[self.index()][dir as usize];
        (n != NONE).then_some(Square(n))
    }

    /// All 32 squares in number order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..32).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// The four diagonal directions as White sees the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    UpLeft = 0,
    UpRight = 1,
    DownLeft = 2,
    DownRight = 3,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];
}

/// Whether row `row` (0 = top) has its first dark square on the a-file.
const fn row_starts_on_a(rules: RuleSet, row: u8) -> bool {
    match rules {
        RuleSet::Italian => row.is_multiple_of(2),
        RuleSet::English => !row.is_multiple_of(2),
    }
}

pub(crate) const NONE: u8 = 255;

/// Neighbour tables and the bitboard shift masks derived from them.
pub(crate) struct Geometry {
    /// `neighbour[sq][dir]`: the adjacent square, or `NONE`.
    pub neighbour: [[u8; 4]; 32],
    /// For each direction, the squares whose neighbour is at `sq + 3/-3` (resp. 4, 5) as
    /// masks: `mask[dir][k]` for offsets k = 0 (3), 1 (4), 2 (5).
    pub mask: [[u32; 3]; 4],
    /// `jump[sq][dir]`: the square jumped over and the landing square, or `(NONE, NONE)`.
    pub jump: [[(u8, u8); 4]; 32],
}

const fn build(rules: RuleSet) -> Geometry {
    let mut neighbour = [[NONE; 4]; 32];
    let mut mask = [[0u32; 3]; 4];
    let mut sq = 0;
    while sq < 32 {
        let row = (sq / 4) as i32;
        let col = (sq % 4) as i32;
        let file = 2 * col
            + if row_starts_on_a(rules, row as u8) {
                0
            } else {
                1
            };
        let mut d = 0;
        while d < 4 {
            let (dr, df) = match d {
                0 => (-1, -1),
                1 => (-1, 1),
                2 => (1, -1),
                _ => (1, 1),
            };
            let (r2, f2) = (row + dr, file + df);
            if r2 >= 0 && r2 < 8 && f2 >= 0 && f2 < 8 {
                let to = (r2 * 4 + f2 / 2) as usize;
                neighbour[sq][d] = to as u8;
                let delta = (to as i32 - sq as i32).abs();
                mask[d][(delta - 3) as usize] |= 1 << sq;
            }
            d += 1;
        }
        sq += 1;
    }
    let mut jump = [[(NONE, NONE); 4]; 32];
    let mut sq = 0;
    while sq < 32 {
        let mut d = 0;
        while d < 4 {
            let over = neighbour[sq][d];
            if over != NONE && neighbour[over as usize][d] != NONE {
                jump[sq][d] = (over, neighbour[over as usize][d]);
            }
            d += 1;
        }
        sq += 1;
    }
    Geometry {
        neighbour,
        mask,
        jump,
    }
}

static ITALIAN: Geometry = build(RuleSet::Italian);
static ENGLISH: Geometry = build(RuleSet::English);

#[inline(always)]
pub(crate) fn geometry(rules: RuleSet) -> &'static Geometry {
    match rules {
        RuleSet::Italian => &ITALIAN,
        RuleSet::English => &ENGLISH,
    }
}

/// Moves every square of `bb` one step in `dir` (squares that would leave the board vanish).
/// Each direction uses two shifts, one of them always 4: up-left 4/5, up-right 3/4,
/// down-left 3/4, down-right 4/5 (the other depends on the row's parity).
#[inline(always)]
pub(crate) fn step(g: &Geometry, bb: u32, dir: Dir) -> u32 {
    let m = &g.mask[dir as usize];
    match dir {
        Dir::UpLeft => ((bb & m[1]) >> 4) | ((bb & m[2]) >> 5),
        Dir::UpRight => ((bb & m[0]) >> 3) | ((bb & m[1]) >> 4),
        Dir::DownLeft => ((bb & m[0]) << 3) | ((bb & m[1]) << 4),
        Dir::DownRight => ((bb & m[1]) << 4) | ((bb & m[2]) << 5),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u32) -> Square {
        Square::from_number(n).unwrap()
    }

    #[test]
    fn r_b1_r_b2_dark_squares_and_corners() {
        // R-B2 (IT): the corner at each player's right hand is dark: h1 for White, a8 for Black.
        assert_eq!(Square::at(RuleSet::Italian, 7, 7), Some(sq(32)));
        assert_eq!(Square::at(RuleSet::Italian, 0, 0), Some(sq(1)));
        assert_eq!(Square::at(RuleSet::Italian, 7, 0), None);
        // (EN) a dark square in the corner at each player's left hand: a1 for White.
        assert_eq!(Square::at(RuleSet::English, 7, 0), Some(sq(29)));
        assert_eq!(Square::at(RuleSet::English, 7, 7), None);
        // R-B1: exactly 32 dark squares, every one a distinct square.
        for rules in [RuleSet::Italian, RuleSet::English] {
            let mut seen = 0u32;
            for r in 0..8 {
                for f in 0..8 {
                    if let Some(s) = Square::at(rules, r, f) {
                        assert_eq!((s.row(), s.file(rules)), (r, f));
                        seen |= 1 << s.index();
                    }
                }
            }
            assert_eq!(seen, u32::MAX);
        }
    }

    #[test]
    fn r_b4_adjacency_differs_between_sets() {
        // Square 1 has one neighbour in Italian (5) and two in English (5, 6).
        let down = |rules| {
            [Dir::DownLeft, Dir::DownRight]
                .iter()
                .filter_map(|&d| sq(1).neighbour(rules, d))
                .map(|s| s.number())
                .collect::<Vec<_>>()
        };
        assert_eq!(down(RuleSet::Italian), vec![5]);
        assert_eq!(down(RuleSet::English), vec![5, 6]);
        // Italian 21 (b3) goes up to 17 (a4) and 18 (c4).
        assert_eq!(
            sq(21).neighbour(RuleSet::Italian, Dir::UpLeft),
            Some(sq(17))
        );
        assert_eq!(
            sq(21).neighbour(RuleSet::Italian, Dir::UpRight),
            Some(sq(18))
        );
    }

    #[test]
    fn step_matches_neighbour_table() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let g = geometry(rules);
            for s in Square::all() {
                for d in Dir::ALL {
                    let expect = s.neighbour(rules, d).map_or(0, |n| 1u32 << n.index());
                    assert_eq!(step(g, 1 << s.index(), d), expect, "{rules} {s} {d:?}");
                }
            }
        }
    }
}
