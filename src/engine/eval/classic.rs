//! The hand-set evaluation the learnt one grew from, in centi-men: it still judges endings of
//! kings only, gives the tuner its starting weights and plays as the classic yardstick. Its
//! weights live in [`crate::engine::params`]; its square-by-square terms are packed into
//! per-byte tables so four look-ups count them all.

use super::geometry::{Geometry, count2, geometry};
use crate::engine::params::{self, EvalParams};
use crate::rules::{Color, Position, RuleSet, Square};
use std::sync::OnceLock;

/// The packed square-by-square terms of one rule set.
struct Terms {
    /// `men[colour][byte][bits]`: the terms of a colour's men in byte `byte` of a bitboard,
    /// packed into one word (see [`field`]), so that four look-ups and three additions count
    /// them all at once instead of a dozen popcounts.
    men: [[[u32; 256]; 4]; 2],
    /// The same for kings of either colour.
    kings: [[u32; 256]; 4],
}

/// The squares each term counts; only the tables built from them are kept.
struct Masks {
    centre: u32,
    edge: u32,
    king_centre: u32,
    /// Rows 0..8 as masks (row 0 holds squares 1-4).
    row: [u32; 8],
}

fn masks(rules: RuleSet) -> Masks {
    let (mut centre, mut edge, mut king_centre) = (0u32, 0u32, 0u32);
    let mut row = [0u32; 8];
    for s in Square::all() {
        let i = s.index();
        let (r, f) = (i32::from(s.row()), i32::from(s.file(rules)));
        row[r as usize] |= 1 << i;
        if (2..=5).contains(&r) && (2..=5).contains(&f) {
            centre |= 1 << i;
        }
        if (1..=6).contains(&r) && (1..=6).contains(&f) {
            king_centre |= 1 << i;
        }
        if f == 0 || f == 7 {
            edge |= 1 << i;
        }
    }
    Masks {
        centre,
        edge,
        king_centre,
        row,
    }
}

/// Bit offsets of the packed terms in [`Terms::men`] and [`Terms::kings`]. Each
/// field is wide enough for its total over 12 pieces, so sums never carry into the next one.
mod field {
    /// Men: how many (up to 12, 8 bits).
    pub const COUNT: u32 = 0;
    /// Men: rows advanced from the own back row, summed (up to 84, 8 bits).
    pub const ADVANCE: u32 = 8;
    /// Men: on a centre square (8 squares, 4 bits).
    pub const CENTRE: u32 = 16;
    /// Men: on the a- or h-file (8 squares, 4 bits).
    pub const EDGE: u32 = 20;
    /// Men: on the own back row (4 squares, 4 bits).
    pub const BACK: u32 = 24;
    /// Kings: on a king-centre square (8 bits).
    pub const KING_CENTRE: u32 = 8;
}

#[inline(always)]
fn get(packed: u32, offset: u32, bits: u32) -> i32 {
    ((packed >> offset) & ((1 << bits) - 1)) as i32
}

/// Sums a packed term table over the squares of `bb`, a byte at a time.
#[inline(always)]
fn lookup(t: &[[u32; 256]; 4], bb: u32) -> u32 {
    t[0][(bb & 0xFF) as usize]
        + t[1][((bb >> 8) & 0xFF) as usize]
        + t[2][((bb >> 16) & 0xFF) as usize]
        + t[3][(bb >> 24) as usize]
}

/// Fills a per-byte table from a per-square value: entry `[byte][bits]` is the sum of
/// `value(square)` over the squares set in `bits`, square `8 * byte + i` for bit `i`.
fn byte_table(value: impl Fn(u32) -> u32) -> [[u32; 256]; 4] {
    let mut t = [[0u32; 256]; 4];
    for (byte, entries) in t.iter_mut().enumerate() {
        for (bits, e) in entries.iter_mut().enumerate() {
            *e = (0..8)
                .filter(|i| bits & (1 << i) != 0)
                .map(|i| value(8 * byte as u32 + i))
                .sum();
        }
    }
    t
}

fn build_terms(rules: RuleSet) -> Terms {
    let Masks {
        centre,
        edge,
        king_centre,
        row,
    } = masks(rules);
    let bit = |mask: u32, i: u32| (mask >> i) & 1;
    let men_terms = [Color::White, Color::Black].map(|c| {
        byte_table(|i| {
            let r = i / 4;
            // White men advance towards row 0, Black men towards row 7.
            let (advance, back) = match c {
                Color::White => (7 - r, row[7]),
                Color::Black => (r, row[0]),
            };
            (1 << field::COUNT)
                | (advance << field::ADVANCE)
                | (bit(centre, i) << field::CENTRE)
                | (bit(edge, i) << field::EDGE)
                | (bit(back, i) << field::BACK)
        })
    });
    let king_terms =
        byte_table(|i| (1 << field::COUNT) | (bit(king_centre, i) << field::KING_CENTRE));
    Terms {
        men: men_terms,
        kings: king_terms,
    }
}

fn terms(rules: RuleSet) -> &'static Terms {
    static IT: OnceLock<Terms> = OnceLock::new();
    static EN: OnceLock<Terms> = OnceLock::new();
    match rules {
        RuleSet::Italian => IT.get_or_init(|| build_terms(RuleSet::Italian)),
        RuleSet::English => EN.get_or_init(|| build_terms(RuleSet::English)),
    }
}

/// The weights used for a rule set.
pub fn params_for(rules: RuleSet) -> &'static EvalParams {
    match rules {
        RuleSet::Italian => &params::ITALIAN,
        RuleSet::English => &params::ENGLISH,
    }
}

/// The hand-set evaluation, from the side to move's view (the
/// tuner's starting point is taken from its weights).
pub fn evaluate_classic(pos: &Position) -> i32 {
    let p = params_for(pos.rules());
    let white = evaluate_white(pos, p);
    p.tempo
        + match pos.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        }
}

/// The hand-set evaluation from White's view.
pub fn evaluate_white(pos: &Position, p: &EvalParams) -> i32 {
    let t = geometry(pos.rules());
    let packed = terms(pos.rules());
    let kings = pos.kings().0;
    let w = pos.pieces_of(Color::White).0;
    let b = pos.pieces_of(Color::Black).0;
    let empty = !(w | b);
    let (wm, wk, bm, bk) = (w & !kings, w & kings, b & !kings, b & kings);
    // Every square-by-square term of each side at once (see `field`).
    let men_w = lookup(&packed.men[0], wm);
    let men_b = lookup(&packed.men[1], bm);
    let kings_w = lookup(&packed.kings, wk);
    let kings_b = lookup(&packed.kings, bk);
    let (nwm, nwk, nbm, nbk) = (
        get(men_w, field::COUNT, 8),
        get(kings_w, field::COUNT, 8),
        get(men_b, field::COUNT, 8),
        get(kings_b, field::COUNT, 8),
    );
    let mat_w = nwm * p.man + nwk * p.king;
    let mat_b = nbm * p.man + nbk * p.king;
    let pieces = nwm + nwk + nbm + nbk;
    let mut score = mat_w - mat_b;

    // Trading down when ahead: the same lead counts for more with fewer pieces on the board.
    score += (mat_w - mat_b) * p.trade_down / (mat_w + mat_b + 200);

    // Advancement: rows gained by each man, worth more as the board empties.
    let adv_weight = (p.advance_mid * pieces + p.advance_end * (24 - pieces)) / 24;
    let adv = get(men_w, field::ADVANCE, 8) - get(men_b, field::ADVANCE, 8);
    score += adv * adv_weight;

    // Back row guard: only worth keeping while the enemy still has men that could crown there.
    if nbm > 0 {
        score += p.back_row * get(men_w, field::BACK, 4) * pieces / 24;
    }
    if nwm > 0 {
        score -= p.back_row * get(men_b, field::BACK, 4) * pieces / 24;
    }

    // Centre and edge.
    score += p.centre * (get(men_w, field::CENTRE, 4) - get(men_b, field::CENTRE, 4));
    score += p.edge * (get(men_w, field::EDGE, 4) - get(men_b, field::EDGE, 4));
    score +=
        p.king_centre * (get(kings_w, field::KING_CENTRE, 8) - get(kings_b, field::KING_CENTRE, 8));

    // Mobility: quiet steps available (0, 1 are the up directions: White's forward).
    score +=
        p.mobility * (mobility::<true>(t, wm, wk, empty) - mobility::<false>(t, bm, bk, empty));

    // Runaway men: nothing of the enemy's stands in the forward cone and it has no king to
    // come and block (a man can't be stopped by men it has already passed).
    if nbk == 0 {
        for sq in crate::rules::Bitboard(wm) {
            if t.cone[0][sq.index()] & b == 0 {
                score += p.runaway - p.runaway_step * i32::from(sq.row());
            }
        }
    }
    if nwk == 0 {
        for sq in crate::rules::Bitboard(bm) {
            if t.cone[1][sq.index()] & w == 0 {
                score -= p.runaway - p.runaway_step * (7 - i32::from(sq.row()));
            }
        }
    }

    // Kings only, as many on each side: nothing to play for but a blunder.
    if nwm == 0 && nbm == 0 && nwk == nbk {
        return score / 8;
    }

    // Lone kings: the side with more material and the other with kings only drives them to the
    // rim and closes in.
    if nbm == 0 && nbk > 0 && mat_w > mat_b && wk != 0 {
        score += chase(t, wk, bk, empty, p);
    } else if nwm == 0 && nwk > 0 && mat_b > mat_w && bk != 0 {
        score -= chase(t, bk, wk, empty, p);
    }
    score
}

/// Quiet steps available to one side's men (forward: up the board for White) and kings.
/// Constant directions, so each step is three masks and shifts.
#[inline(always)]
fn mobility<const WHITE: bool>(t: &Geometry, men: u32, kings: u32, empty: u32) -> i32 {
    let fwd = if WHITE { [0, 1] } else { [2, 3] };
    let mut n = count2(t.step(men, fwd[0]) & empty, t.step(men, fwd[1]) & empty);
    if kings != 0 {
        n += count2(t.step(kings, 0) & empty, t.step(kings, 1) & empty);
        n += count2(t.step(kings, 2) & empty, t.step(kings, 3) & empty);
    }
    n
}

fn chase(t: &Geometry, strong: u32, weak: u32, empty: u32, p: &EvalParams) -> i32 {
    let mut s = 0;
    for k in crate::rules::Bitboard(weak) {
        s += p.chase_edge * i32::from(t.rim[k.index()]);
        let bit = 1u32 << k.index();
        let steps: u32 = (0..4).map(|d| (t.step(bit, d) & empty).count_ones()).sum();
        s += p.chase_mobility * (4 - steps as i32);
        for q in crate::rules::Bitboard(strong) {
            s -= p.chase_distance * i32::from(t.dist[q.index()][k.index()]);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::tests_support::random_position;
    use crate::rules::Bitboard;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    /// The evaluation as first written, term by term with a popcount each: the table-driven
    /// one must agree with it everywhere.
    fn reference_white(pos: &Position, p: &EvalParams) -> i32 {
        let t = geometry(pos.rules());
        let m = masks(pos.rules());
        let kings = pos.kings().0;
        let w = pos.pieces_of(Color::White).0;
        let b = pos.pieces_of(Color::Black).0;
        let empty = !(w | b);
        let (wm, wk, bm, bk) = (w & !kings, w & kings, b & !kings, b & kings);
        let (nwm, nwk, nbm, nbk) = (
            wm.count_ones() as i32,
            wk.count_ones() as i32,
            bm.count_ones() as i32,
            bk.count_ones() as i32,
        );
        let mat_w = nwm * p.man + nwk * p.king;
        let mat_b = nbm * p.man + nbk * p.king;
        let pieces = nwm + nwk + nbm + nbk;
        let mut score = mat_w - mat_b;

        // Trading down when ahead: the same lead counts for more with fewer pieces on the board.
        score += (mat_w - mat_b) * p.trade_down / (mat_w + mat_b + 200);

        // Advancement: rows gained by each man, worth more as the board empties.
        let adv_weight = (p.advance_mid * pieces + p.advance_end * (24 - pieces)) / 24;
        let mut adv = 0;
        for r in 0..8 {
            // White men advance towards row 0, Black men towards row 7.
            adv += (7 - r as i32) * (wm & m.row[r]).count_ones() as i32;
            adv -= r as i32 * (bm & m.row[r]).count_ones() as i32;
        }
        score += adv * adv_weight;

        // Back row guard: only worth keeping while the enemy still has men that could crown there.
        if nbm > 0 {
            score += p.back_row * (wm & m.row[7]).count_ones() as i32 * pieces / 24;
        }
        if nwm > 0 {
            score -= p.back_row * (bm & m.row[0]).count_ones() as i32 * pieces / 24;
        }

        // Centre and edge.
        score +=
            p.centre * ((wm & m.centre).count_ones() as i32 - (bm & m.centre).count_ones() as i32);
        score += p.edge * ((wm & m.edge).count_ones() as i32 - (bm & m.edge).count_ones() as i32);
        score += p.king_centre
            * ((wk & m.king_centre).count_ones() as i32 - (bk & m.king_centre).count_ones() as i32);

        // Mobility: quiet steps available (0, 1 are the up directions: White's forward).
        let mob = |men: u32, ks: u32, fwd: [usize; 2]| -> i32 {
            let mut n = (t.step(men, fwd[0]) & empty).count_ones()
                + (t.step(men, fwd[1]) & empty).count_ones();
            if ks != 0 {
                for d in 0..4 {
                    n += (t.step(ks, d) & empty).count_ones();
                }
            }
            n as i32
        };
        score += p.mobility * (mob(wm, wk, [0, 1]) - mob(bm, bk, [2, 3]));

        // Runaway men: nothing of the enemy's stands in the forward cone and it has no king to
        // come and block (a man can't be stopped by men it has already passed).
        if nbk == 0 {
            for sq in Bitboard(wm) {
                if t.cone[0][sq.index()] & b == 0 {
                    score += p.runaway - p.runaway_step * i32::from(sq.row());
                }
            }
        }
        if nwk == 0 {
            for sq in Bitboard(bm) {
                if t.cone[1][sq.index()] & w == 0 {
                    score -= p.runaway - p.runaway_step * (7 - i32::from(sq.row()));
                }
            }
        }

        // Kings only, as many on each side: nothing to play for but a blunder.
        if nwm == 0 && nbm == 0 && nwk == nbk {
            return score / 8;
        }

        // Lone kings: the side with more material and the other with kings only drives them to the
        // rim and closes in.
        if nbm == 0 && nbk > 0 && mat_w > mat_b && wk != 0 {
            score += chase(t, wk, bk, empty, p);
        } else if nwm == 0 && nwk > 0 && mat_b > mat_w && bk != 0 {
            score -= chase(t, bk, wk, empty, p);
        }
        score
    }

    #[test]
    fn table_driven_terms_match_the_term_by_term_evaluation() {
        let mut rng = StdRng::seed_from_u64(11);
        for rules in [RuleSet::Italian, RuleSet::English] {
            let p = params_for(rules);
            let check = |pos: &Position| {
                assert_eq!(evaluate_white(pos, p), reference_white(pos, p), "{pos:?}");
            };
            check(&Position::start(rules));
            for _ in 0..20_000 {
                check(&random_position(rules, &mut rng));
            }
        }
    }
}
