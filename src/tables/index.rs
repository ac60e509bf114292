//! Index <-> position for one material slice.
//!
//! Every table position is stored from the side to move's view: the side to move is called
//! White here (its men move towards squares 1-4), the other side Black. A position with Black
//! to move is turned round first ([`normalize`]): the board rotated half a turn (square `i`
//! becomes `31 - i` in both rule sets' numbering, since both boards look the same after half a
//! turn) and the colours swapped. The rules treat both sides alike apart from who starts, so the
//! value is the same.
//!
//! Within a slice the index is a mixed-radix combinatorial rank: White's men among the 28
//! squares a white man can stand on, Black's men among their 28, then White's kings among the
//! squares the men left free, then Black's kings among what is still free. Men of both sides may
//! pick the same square in the first two digits; those indices are not positions (marked
//! [`super::NOT_A_POSITION`] in the tables), a small waste that keeps ranking a few additions.

use crate::rules::{Color, Position, RuleSet};
use std::fmt;

/// The material of a slice, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Men of the side to move.
    pub men: u8,
    /// Kings of the side to move.
    pub kings: u8,
    /// Men of the side not to move.
    pub their_men: u8,
    /// Kings of the side not to move.
    pub their_kings: u8,
}

impl Material {
    pub fn new(men: u8, kings: u8, their_men: u8, their_kings: u8) -> Material {
        Material {
            men,
            kings,
            their_men,
            their_kings,
        }
    }

    pub fn pieces(self) -> u32 {
        u32::from(self.men + self.kings + self.their_men + self.their_kings)
    }

    pub fn men_total(self) -> u32 {
        u32::from(self.men + self.their_men)
    }

    /// The same material seen from the other side.
    pub fn mirror(self) -> Material {
        Material::new(self.their_men, self.their_kings, self.men, self.kings)
    }

    /// Every material with 2..=`max` pieces and at least one piece a side (with none, the game
    /// is over: R-G1), in an order where every slice comes after the slices its moves can lead
    /// to outside its own pair (captures: fewer pieces; promotions: fewer men).
    pub fn all_up_to(max: u32) -> Vec<Material> {
        let mut v = Vec::new();
        for n in 2..=max.min(MAX_PIECES) {
            for a in 0..=n {
                for b in 0..=n - a {
                    for c in 0..=n - a - b {
                        let d = n - a - b - c;
                        if a + b >= 1 && c + d >= 1 && a <= 12 && c <= 12 {
                            v.push(Material::new(a as u8, b as u8, c as u8, d as u8));
                        }
                    }
                }
            }
        }
        v.sort_by_key(|m| (m.pieces(), m.men_total(), *m));
        v
    }

    /// The slice's size: the number of indices (including the few that are not positions).
    pub fn size(self) -> u64 {
        let (a, b, c, d) = self.counts();
        binom(28, a) * binom(28, c) * binom(32 - a - c, b) * binom(32 - a - c - b, d)
    }

    fn counts(self) -> (u32, u32, u32, u32) {
        (
            u32::from(self.men),
            u32::from(self.kings),
            u32::from(self.their_men),
            u32::from(self.their_kings),
        )
    }

    /// File name stem, e.g. `2-1v1-0` (our men-kings v their men-kings).
    pub fn name(self) -> String {
        format!(
            "{}-{}v{}-{}",
            self.men, self.kings, self.their_men, self.their_kings
        )
    }

    /// The material of a position from its side to move's view.
    pub fn of(pos: &Position) -> Material {
        let us = pos.side_to_move();
        let them = us.opposite();
        Material::new(
            pos.men_of(us).count() as u8,
            pos.kings_of(us).count() as u8,
            pos.men_of(them).count() as u8,
            pos.kings_of(them).count() as u8,
        )
    }
}

impl fmt::Display for Material {
    /// `2 men 1 king v 1 king`, naming only what is there.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn side(men: u8, kings: u8) -> String {
            let mut parts = Vec::new();
            if men > 0 {
                parts.push(format!("{men} m{}", if men == 1 { "an" } else { "en" }));
            }
            if kings > 0 {
                parts.push(format!("{kings} king{}", if kings == 1 { "" } else { "s" }));
            }
            parts.join(" ")
        }
        write!(
            f,
            "{} v {}",
            side(self.men, self.kings),
            side(self.their_men, self.their_kings)
        )
    }
}

/// The most pieces a table can hold (the index fits easily in u64 far beyond this; the limit
/// is build time and memory).
pub const MAX_PIECES: u32 = 7;

const fn binom_table() -> [[u64; 8]; 33] {
    let mut t = [[0u64; 8]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 8 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
}

static BINOM: [[u64; 8]; 33] = binom_table();

#[inline]
fn binom(n: u32, k: u32) -> u64 {
    BINOM[n as usize][k as usize]
}

/// White's men stand on squares 5-32 (indices 4..32), Black's on 1-28 (indices 0..28).
const WHITE_MEN_FIRST: u32 = 4;

/// A table position: White to move, bitboards by colour and the kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub white: u32,
    pub black: u32,
    pub kings: u32,
}

impl Placement {
    pub fn material(self) -> Material {
        Material::new(
            (self.white & !self.kings).count_ones() as u8,
            (self.white & self.kings).count_ones() as u8,
            (self.black & !self.kings).count_ones() as u8,
            (self.black & self.kings).count_ones() as u8,
        )
    }

    /// The playable position (White to move).
    pub fn position(self, rules: RuleSet) -> Option<Position> {
        Position::from_bitboards(rules, Color::White, [self.white, self.black], self.kings)
    }
}

/// A position as seen by its side to move (turned round if Black is to move).
#[inline]
pub fn normalize(pos: &Position) -> Placement {
    let (pieces, kings) = pos.raw();
    match pos.side_to_move() {
        Color::White => Placement {
            white: pieces[0],
            black: pieces[1],
            kings,
        },
        Color::Black => Placement {
            white: pieces[1].reverse_bits(),
            black: pieces[0].reverse_bits(),
            kings: kings.reverse_bits(),
        },
    }
}

/// Rank of a set of slots (bit `i` = slot `i`) among all sets of the same size.
#[inline]
fn rank_set(mut slots: u32) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while slots != 0 {
        let s = slots.trailing_zeros();
        r += binom(s, i);
        i += 1;
        slots &= slots - 1;
    }
    r
}

/// The set of `k` slots with rank `r` (inverse of [`rank_set`]).
#[inline]
fn unrank_set(mut r: u64, k: u32, n: u32) -> u32 {
    let mut slots = 0;
    let mut top = n;
    for i in (1..=k).rev() {
        // The largest s < top with C(s, i) <= r, by bisection (C(s, i) grows with s): the
        // build unranks every index, so this is hot.
        let s = if i == 1 {
            r as u32
        } else {
            let (mut lo, mut hi) = (i - 1, top - 1);
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                if binom(mid, i) <= r {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            lo
        };
        r -= binom(s, i);
        slots |= 1 << s;
        top = s;
    }
    slots
}

/// Squares of `set` renumbered as slots among the squares not in `taken` (`set` outside
/// `taken`): each taken square's gap closed, from the highest down (no bit counts: they are
/// slow on the baseline x86-64 target).
#[inline]
fn compress(set: u32, taken: u32) -> u32 {
    let mut out = set;
    let mut t = taken;
    while t != 0 {
        let top = 31 - t.leading_zeros();
        let below = (1u32 << top) - 1;
        out = (out & below) | ((out >> 1) & !below);
        t &= !(1 << top);
    }
    out
}

/// Inverse of [`compress`]: slot `j` is the `j`-th square not in `taken`. Inserting a gap at
/// each taken square (few of them) from the lowest up.
#[inline]
fn expand(slots: u32, taken: u32) -> u32 {
    let mut out = slots;
    let mut t = taken;
    while t != 0 {
        let below = (1u32 << t.trailing_zeros()) - 1;
        out = (out & below) | ((out & !below) << 1);
        t &= t - 1;
    }
    out
}

/// The index of a placement in its material's slice.
#[inline]
pub fn rank(p: Placement) -> u64 {
    rank_in(p.material(), p)
}

/// [`rank`] for a placement whose material `m` is known.
#[inline]
pub fn rank_in(m: Material, p: Placement) -> u64 {
    debug_assert_eq!(m, p.material());
    let (a, b, c, d) = m.counts();
    let wm = p.white & !p.kings;
    let bm = p.black & !p.kings;
    let wk = p.white & p.kings;
    let bk = p.black & p.kings;
    let r_wm = rank_set(wm >> WHITE_MEN_FIRST);
    let r_bm = rank_set(bm);
    let r_wk = rank_set(compress(wk, wm | bm));
    let r_bk = rank_set(compress(bk, wm | bm | wk));
    ((r_wm * binom(28, c) + r_bm) * binom(32 - a - c, b) + r_wk) * binom(32 - a - c - b, d) + r_bk
}

/// The placement at `index` of slice `m`, or `None` where both sides' men would share a square.
pub fn unrank(m: Material, index: u64) -> Option<Placement> {
    let (a, b, c, d) = m.counts();
    let nbk = binom(32 - a - c - b, d);
    let nwk = binom(32 - a - c, b);
    let nbm = binom(28, c);
    let r_bk = index % nbk;
    let rest = index / nbk;
    let r_wk = rest % nwk;
    let rest = rest / nwk;
    let r_bm = rest % nbm;
    let r_wm = rest / nbm;
    let wm = unrank_set(r_wm, a, 28) << WHITE_MEN_FIRST;
    let bm = unrank_set(r_bm, c, 28);
    if wm & bm != 0 {
        return None;
    }
    let wk = expand(unrank_set(r_wk, b, 32 - a - c), wm | bm);
    let bk = expand(unrank_set(r_bk, d, 32 - a - c - b), wm | bm | wk);
    Some(Placement {
        white: wm | wk,
        black: bm | bk,
        kings: wk | bk,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_of_small_slices_round_trips() {
        for m in Material::all_up_to(3) {
            let mut positions = 0;
            for i in 0..m.size() {
                if let Some(p) = unrank(m, i) {
                    assert_eq!(p.material(), m);
                    assert_eq!(rank(p), i, "{m:?} {p:?}");
                    assert!(p.position(RuleSet::Italian).is_some());
                    positions += 1;
                }
            }
            assert!(positions > 0);
        }
    }

    #[test]
    fn slices_come_after_what_they_lead_to() {
        let all = Material::all_up_to(5);
        let at = |m: Material| all.iter().position(|&x| x == m);
        for &m in &all {
            // A promotion of either side: one man fewer, one king more.
            if m.men > 0 {
                let p = Material::new(m.men - 1, m.kings + 1, m.their_men, m.their_kings);
                assert!(at(p.mirror()) < at(m));
            }
            assert!(at(m.mirror()).is_some());
        }
    }
}
