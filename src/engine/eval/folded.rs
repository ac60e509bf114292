//! The search's path through the learnt terms and the patterns, the same score with fewer
//! table reads: every term that depends only on which squares hold White's and Black's
//! pieces (the men's square values and material, the 2x4 small regions of [`super::learnt`])
//! is folded into the nine 4x4 regions' tables of [`super::pattern`], whose configurations
//! already say which squares hold whose pieces. A position then costs 9 region reads plus the
//! terms that need more than that (kings, runaways, mobility, the back row, tempo, hanging),
//! instead of 9 + 42 small-region reads and a read per piece.
//!
//! Each square's value goes to one region that holds it, each small region's to one 4x4
//! region that contains it (every two rows lie inside one of the bands of rows 0-3, 2-5,
//! 4-7). Kings are counted as men by the folded tables and corrected one by one (they are
//! few). The learnt and the pattern sums stay apart, each mixed and divided as
//! [`super::weights::Weights::score`] and [`super::pattern::PatternWeights::score`] do, so the
//! score is exactly theirs (a test compares them on random positions).

use super::learnt::{self, KING, KING_SQ, MAN, MAN_SQ, PHASE_MAX};
use super::net;
use super::pattern::{self, CONFIGS, EvalKind, REGIONS};
use super::weights::{self, Acc};
use crate::rules::{Bitboard, Color, Position, RuleSet};
use std::sync::OnceLock;

/// A rule set's folded tables.
pub(crate) struct Folded {
    /// `region[r * CONFIGS + c]`: the learnt terms' opening and ending weights, then the
    /// patterns', of region `r` in configuration `c` (White's view, as [`pattern::configs`]).
    region: Vec<[i16; 4]>,
    /// A king on square `i` of its own side's view instead of a man: `king.i + king - man.i -
    /// man`, opening and ending.
    king: [[i32; 2]; 32],
}

impl Folded {
    /// Folds the built-in learnt weights and the patterns in use. `None` if a folded sum does
    /// not fit the tables' 16 bits (then the search reads the terms one by one).
    fn build(rules: RuleSet) -> Option<Folded> {
        let lw = &weights::weights(rules).0;
        let pw = &pattern::weights(rules).0;
        let masks: Vec<u32> = (0..REGIONS)
            .map(|r| {
                pattern::region_squares(rules, r)
                    .iter()
                    .fold(0, |m, s| m | 1 << s)
            })
            .collect();
        let home = |mask: u32| {
            masks
                .iter()
                .position(|&m| m & mask == mask)
                .expect("every small region lies inside a 4x4 region")
        };
        // Squares by the region that counts them.
        let mut squares = [0u32; REGIONS];
        for s in 0..32 {
            squares[home(1 << s)] |= 1 << s;
        }
        // Small regions by the region that counts them: (pair, offset, White's view or not).
        let mut smalls: Vec<Vec<(usize, usize, bool)>> = vec![Vec::new(); REGIONS];
        for pair in 0..7 {
            for o in 0..3 {
                let m = learnt::small_region_mask(rules, pair, o);
                smalls[home(m)].push((pair, o, true));
                smalls[home(m.reverse_bits())].push((pair, o, false));
            }
        }
        let mut region = vec![[0i16; 4]; REGIONS * CONFIGS];
        for r in 0..REGIONS {
            for c in 0..CONFIGS {
                let (white, black) = pattern::config_pieces(rules, r, c);
                let mut sum = [0i32; 2];
                let mut add = |f: usize, sign: i32| {
                    sum[0] += sign * lw[f][0];
                    sum[1] += sign * lw[f][1];
                };
                for s in Bitboard(white & squares[r]) {
                    add(MAN_SQ + s.index(), 1);
                    add(MAN, 1);
                }
                // Black's squares are White's turned half round.
                for s in Bitboard(black & squares[r]) {
                    add(MAN_SQ + 31 - s.index(), -1);
                    add(MAN, -1);
                }
                for &(pair, o, white_view) in &smalls[r] {
                    if white_view {
                        add(
                            learnt::small_pattern_feature(rules, pair, o, white, black),
                            1,
                        );
                    } else {
                        let (own, opp) = (black.reverse_bits(), white.reverse_bits());
                        add(learnt::small_pattern_feature(rules, pair, o, own, opp), -1);
                    }
                }
                let [a, b] = pw[r * CONFIGS + c];
                region[r * CONFIGS + c] = [
                    i16::try_from(sum[0]).ok()?,
                    i16::try_from(sum[1]).ok()?,
                    a,
                    b,
                ];
            }
        }
        let king = std::array::from_fn(|i| {
            std::array::from_fn(|p| {
                lw[KING_SQ + i][p] + lw[KING][p] - lw[MAN_SQ + i][p] - lw[MAN][p]
            })
        });
        Some(Folded { region, king })
    }

    /// The score from White's view: the learnt terms, plus the patterns and the network's
    /// correction if `kind` says so.
    #[inline]
    fn score(&self, pos: &Position, kind: EvalKind) -> i32 {
        let rules = pos.rules();
        let mut acc = Acc::new(weights::weights(rules));
        let shape = learnt::extract_unfolded(pos, &mut acc);
        let kings = pos.kings().0;
        let w = pos.pieces_of(Color::White).0;
        let b = pos.pieces_of(Color::Black).0;
        for s in Bitboard(w & kings) {
            let [x, y] = self.king[s.index()];
            acc.opening += x;
            acc.ending += y;
        }
        for s in Bitboard(b & kings) {
            let [x, y] = self.king[31 - s.index()];
            acc.opening -= x;
            acc.ending -= y;
        }
        let (mut po, mut pe) = (0i32, 0i32);
        for (r, &c) in pattern::configs(rules, w, b).iter().enumerate() {
            let [a, b, x, y] = self.region[r * CONFIGS + usize::from(c)];
            acc.opening += i32::from(a);
            acc.ending += i32::from(b);
            po += i32::from(x);
            pe += i32::from(y);
        }
        let learnt = acc.mix(shape);
        match kind {
            EvalKind::Learnt => learnt,
            EvalKind::Pattern => {
                learnt + (po * shape.phase + pe * (PHASE_MAX - shape.phase)) / PHASE_MAX
            }
            EvalKind::Network => {
                learnt
                    + (po * shape.phase + pe * (PHASE_MAX - shape.phase)) / PHASE_MAX
                    + net::correction_white(pos)
            }
        }
    }
}

fn folded(rules: RuleSet) -> Option<&'static Folded> {
    static IT: OnceLock<Option<Folded>> = OnceLock::new();
    static EN: OnceLock<Option<Folded>> = OnceLock::new();
    match rules {
        RuleSet::Italian => IT.get_or_init(|| Folded::build(RuleSet::Italian)),
        RuleSet::English => EN.get_or_init(|| Folded::build(RuleSet::English)),
    }
    .as_ref()
}

/// The evaluation of `kind` from White's view, through the folded tables: exactly
/// [`reference_white`].
#[inline]
pub fn evaluate_white(pos: &Position, kind: EvalKind) -> i32 {
    match folded(pos.rules()) {
        Some(f) => f.score(pos, kind),
        None => reference_white(pos, kind),
    }
}

/// The evaluation of `kind` from White's view, term by term (what the tuner and the pattern
/// fit model).
pub fn reference_white(pos: &Position, kind: EvalKind) -> i32 {
    let learnt = weights::evaluate_white(pos);
    match kind {
        EvalKind::Learnt => learnt,
        EvalKind::Pattern => learnt + pattern::weights(pos.rules()).score(pos),
        EvalKind::Network => {
            learnt + pattern::weights(pos.rules()).score(pos) + net::correction_white(pos)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::tests_support::random_position;
    use crate::notation::fen;

    #[test]
    fn the_built_in_weights_fold() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            assert!(folded(rules).is_some(), "{rules}");
        }
    }

    #[test]
    fn folded_scores_are_the_terms_scores() {
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(11);
        for rules in [RuleSet::Italian, RuleSet::English] {
            let f = folded(rules).expect("folds");
            let mut differ = 0;
            for i in 0..20_000 {
                let pos = if i == 0 {
                    Position::start(rules)
                } else {
                    random_position(rules, &mut rng)
                };
                for kind in [EvalKind::Learnt, EvalKind::Pattern, EvalKind::Network] {
                    assert_eq!(
                        f.score(&pos, kind),
                        reference_white(&pos, kind),
                        "{rules} {kind:?} {}",
                        fen::write(&pos)
                    );
                }
                differ += usize::from(
                    reference_white(&pos, EvalKind::Learnt)
                        != reference_white(&pos, EvalKind::Pattern),
                );
            }
            // The two kinds do differ (both lanes of the tables are read).
            assert!(differ > 10_000, "{rules}: {differ}");
        }
    }
}
