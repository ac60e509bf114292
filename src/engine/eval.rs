//! Static evaluation, in centi-men from the side to move's view. One function for both rule
//! sets; the weights (and geometry) differ and live in [`super::params`] and the tables here.
//!
//! The search never calls this on a position where the side to move has a capture: captures
//! are resolved first (quiescence), so these terms only judge quiet positions.

use super::params::{self, EvalParams};
use crate::rules::{Color, Dir, Position, RuleSet, Square};
use std::sync::OnceLock;

/// Geometry tables of one rule set, built from [`Square::neighbour`] (the rules module keeps its
/// own tables private).
pub(crate) struct Tables {
    /// `shift[dir]`: the masks of squares whose neighbour in `dir` is 3, 4 or 5 indices away.
    shift: [[u32; 3]; 4],
    /// `cone[colour][sq]`: every square a man on `sq` could reach moving forward.
    cone: [[u32; 32]; 2],
    /// Chebyshev distance between two squares on the 8x8 board.
    dist: [[u8; 32]; 32],
    /// Distance from the four centre squares (0 in the centre, 3 on the rim).
    rim: [u8; 32],
    centre: u32,
    edge: u32,
    king_centre: u32,
    /// Rows 0..8 as masks (row 0 holds squares 1-4).
    row: [u32; 8],
}

fn build(rules: RuleSet) -> Tables {
    let mut shift = [[0u32; 3]; 4];
    let mut dist = [[0u8; 32]; 32];
    let mut rim = [0u8; 32];
    let (mut centre, mut edge, mut king_centre) = (0u32, 0u32, 0u32);
    let mut row = [0u32; 8];
    for s in Square::all() {
        let i = s.index();
        for (d, dir) in Dir::ALL.iter().enumerate() {
            if let Some(n) = s.neighbour(rules, *dir) {
                let delta = (n.index() as i32 - i as i32).unsigned_abs() as usize;
                shift[d][delta - 3] |= 1 << i;
            }
        }
        let (r, f) = (i32::from(s.row()), i32::from(s.file(rules)));
        row[r as usize] |= 1 << i;
        for t in Square::all() {
            let (r2, f2) = (i32::from(t.row()), i32::from(t.file(rules)));
            dist[i][t.index()] = (r - r2).abs().max((f - f2).abs()) as u8;
        }
        rim[i] = ((2 * r - 7).abs().max((2 * f - 7).abs()) / 2) as u8;
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
    Tables {
        shift,
        cone,
        dist,
        rim,
        centre,
        edge,
        king_centre,
        row,
    }
}

pub(crate) fn tables(rules: RuleSet) -> &'static Tables {
    static IT: OnceLock<Tables> = OnceLock::new();
    static EN: OnceLock<Tables> = OnceLock::new();
    match rules {
        RuleSet::Italian => IT.get_or_init(|| build(RuleSet::Italian)),
        RuleSet::English => EN.get_or_init(|| build(RuleSet::English)),
    }
}

impl Tables {
    /// Every square of `bb` moved one step in direction `d` (index into [`Dir::ALL`]).
    #[inline(always)]
    fn step(&self, bb: u32, d: usize) -> u32 {
        let m = &self.shift[d];
        if d < 2 {
            ((bb & m[0]) >> 3) | ((bb & m[1]) >> 4) | ((bb & m[2]) >> 5)
        } else {
            ((bb & m[0]) << 3) | ((bb & m[1]) << 4) | ((bb & m[2]) << 5)
        }
    }
}

/// Whether the side *not* to move would have a capture if it were its turn (a threat the side
/// to move must meet). Men jump forward only and, in Italian, never take kings (R-M2, R-M3).
pub fn opponent_threatens(pos: &Position) -> bool {
    let t = tables(pos.rules());
    let them = pos.side_to_move().opposite();
    let kings = pos.kings().0;
    let theirs = pos.pieces_of(them).0;
    let ours = pos.pieces_of(pos.side_to_move()).0;
    let empty = !(theirs | ours);
    let men = theirs & !kings;
    let their_kings = theirs & kings;
    let men_victims = if pos.rules().men_capture_kings() {
        ours
    } else {
        ours & !kings
    };
    // Directions 0, 1 go up the board (White's forward), 2, 3 down; d ^ 3 is the opposite.
    let fwd: [usize; 2] = if them == Color::White { [0, 1] } else { [2, 3] };
    for d in fwd {
        if t.step(t.step(men, d) & men_victims, d) & empty != 0 {
            return true;
        }
    }
    if their_kings != 0 {
        for d in 0..4 {
            if t.step(t.step(their_kings, d) & ours, d) & empty != 0 {
                return true;
            }
        }
    }
    false
}

/// The weights used for a rule set.
pub fn params_for(rules: RuleSet) -> &'static EvalParams {
    match rules {
        RuleSet::Italian => &params::ITALIAN,
        RuleSet::English => &params::ENGLISH,
    }
}

/// The evaluation of `pos` from the side to move's view, in centi-men.
pub fn evaluate(pos: &Position) -> i32 {
    let p = params_for(pos.rules());
    let white = evaluate_white(pos, p);
    p.tempo
        + match pos.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        }
}

/// The evaluation from White's view.
pub fn evaluate_white(pos: &Position, p: &EvalParams) -> i32 {
    let t = tables(pos.rules());
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
        adv += (7 - r as i32) * (wm & t.row[r]).count_ones() as i32;
        adv -= r as i32 * (bm & t.row[r]).count_ones() as i32;
    }
    score += adv * adv_weight;

    // Back row guard: only worth keeping while the enemy still has men that could crown there.
    if nbm > 0 {
        score += p.back_row * (wm & t.row[7]).count_ones() as i32 * pieces / 24;
    }
    if nwm > 0 {
        score -= p.back_row * (bm & t.row[0]).count_ones() as i32 * pieces / 24;
    }

    // Centre and edge.
    score += p.centre * ((wm & t.centre).count_ones() as i32 - (bm & t.centre).count_ones() as i32);
    score += p.edge * ((wm & t.edge).count_ones() as i32 - (bm & t.edge).count_ones() as i32);
    score += p.king_centre
        * ((wk & t.king_centre).count_ones() as i32 - (bk & t.king_centre).count_ones() as i32);

    // Mobility: quiet steps available (0, 1 are the up directions: White's forward).
    let mob = |men: u32, ks: u32, fwd: [usize; 2]| -> i32 {
        let mut n =
            (t.step(men, fwd[0]) & empty).count_ones() + (t.step(men, fwd[1]) & empty).count_ones();
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

fn chase(t: &Tables, strong: u32, weak: u32, empty: u32, p: &EvalParams) -> i32 {
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
    use crate::notation::fen;

    #[test]
    fn start_position_is_level() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let pos = Position::start(rules);
            // Symmetric material and structure: only the geometry's asymmetry may show.
            assert!(evaluate(&pos).abs() < 20, "{rules}: {}", evaluate(&pos));
        }
    }

    #[test]
    fn more_material_is_better() {
        let up = fen::parse(RuleSet::Italian, "W:W21-32:B1-11").unwrap();
        assert!(evaluate(&up) > 80);
        let down = fen::parse(RuleSet::Italian, "B:W21-32:B1-11").unwrap();
        assert!(evaluate(&down) < -80);
    }

    #[test]
    fn cones_point_forward() {
        let t = tables(RuleSet::Italian);
        // A white man on 29 (b1) can reach the whole top row's b..? squares, never row 7.
        assert_eq!(t.cone[0][28] & t.row[7], 0);
        assert_ne!(t.cone[0][28] & t.row[0], 0);
        assert_eq!(t.cone[1][0] & t.row[0], 0);
        assert_ne!(t.cone[1][0] & t.row[7], 0);
    }
}
