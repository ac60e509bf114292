//! Static evaluation, in centi-men from the side to move's view: the learnt evaluation
//! ([`learnt`]: features whose weights `dama tune` fits, read from [`weights`]), and the
//! hand-set one it grew from ([`classic`]), which still judges endings of kings only. Both read
//! the board through [`geometry`]. [`pattern`] adds board regions' configurations to the learnt
//! terms, and [`net`] a small network's correction to those: Italian's default evaluation
//! (English plays with the learnt terms alone); `--eval` chooses one for a whole process
//! ([`pattern::default_kind`], [`pattern::set_kind`]).
//!
//! The search never calls this on a position where the side to move has a capture: captures
//! are resolved first (quiescence), so these terms only judge quiet positions.

pub mod classic;
pub mod folded;
pub(crate) mod geometry;
pub mod learnt;
pub mod net;
pub mod pattern;
pub mod weights;

pub use classic::{evaluate_classic, params_for};

use crate::rules::{Color, Position};

/// The evaluation of `pos` from the side to move's view, in centi-men: the learnt one (see
/// [`learnt`]; its weights are fitted to self-play results by `dama tune`), plus the region
/// patterns ([`pattern`], fitted by `dama pattern fit`) and the network's correction ([`net`],
/// `dama pattern fit --network`) where the rule set plays with them.
///
/// Endings of kings only are left to the hand-set terms: converting them (driving lone kings
/// into a corner before the no-progress draw) is technique that self-play games at small
/// budgets seldom show, so results fitted there teach "a draw" instead.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    if kings_only(pos) {
        return evaluate_classic(pos);
    }
    let white = folded::evaluate_white(pos, pattern::kind(pos.rules()));
    match pos.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// No men left on the board.
#[inline]
pub fn kings_only(pos: &Position) -> bool {
    pos.kings().0 == pos.occupied().0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::rules::RuleSet;

    #[test]
    fn start_position_is_level() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let pos = Position::start(rules);
            // Symmetric material and structure: only the geometry's asymmetry may show.
            assert!(
                evaluate_classic(&pos).abs() < 20,
                "{rules}: {}",
                evaluate_classic(&pos)
            );
            assert!(evaluate(&pos).abs() < 20, "{rules}: {}", evaluate(&pos));
        }
    }

    #[test]
    fn both_rule_sets_are_judged_with_the_network() {
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(7);
        for rules in [RuleSet::Italian, RuleSet::English] {
            assert_eq!(pattern::default_kind(rules), pattern::EvalKind::Network);
            let (mut patterns_counted, mut network_counted) = (0, 0);
            for _ in 0..200 {
                let pos = tests_support::random_position(rules, &mut rng);
                if kings_only(&pos) {
                    continue;
                }
                let white = match pos.side_to_move() {
                    Color::White => evaluate(&pos),
                    Color::Black => -evaluate(&pos),
                };
                assert_eq!(
                    white,
                    folded::reference_white(&pos, pattern::EvalKind::Network),
                    "{pos:?}"
                );
                patterns_counted += usize::from(white != weights::evaluate_white(&pos));
                network_counted +=
                    usize::from(white != folded::reference_white(&pos, pattern::EvalKind::Pattern));
            }
            // The patterns and the network do change the scores (not a vacuous check).
            assert!(patterns_counted > 100, "{rules}: {patterns_counted}");
            assert!(network_counted > 50, "{rules}: {network_counted}");
        }
    }

    #[test]
    fn more_material_is_better() {
        let up = fen::parse(RuleSet::Italian, "W:W21-32:B1-11").unwrap();
        assert!(evaluate(&up) > 80);
        let down = fen::parse(RuleSet::Italian, "B:W21-32:B1-11").unwrap();
        assert!(evaluate(&down) < -80);
    }
}

/// Helpers shared by the evaluation's tests and the features' tests.
#[cfg(test)]
pub(crate) mod tests_support {
    use crate::rules::{Color, Kind, Piece, Position, RuleSet, Setup};
    use rand::RngExt;
    use rand::rngs::StdRng;

    /// A random legal placement: up to 12 pieces a side, men never on their promotion row.
    pub(crate) fn random_position(rules: RuleSet, rng: &mut StdRng) -> Position {
        let mut squares: Vec<u32> = (1..=32).collect();
        let mut pieces = Vec::new();
        for color in [Color::White, Color::Black] {
            let n = rng.random_range(0..=12);
            let king_odds = rng.random_range(0..=4);
            for _ in 0..n {
                let i = rng.random_range(0..squares.len());
                let sq = squares.swap_remove(i);
                let far = match color {
                    Color::White => sq <= 4,
                    Color::Black => sq >= 29,
                };
                let kind = if far || rng.random_range(0..4) < king_odds {
                    Kind::King
                } else {
                    Kind::Man
                };
                pieces.push((sq, Piece { color, kind }));
            }
        }
        let side_to_move = if rng.random_range(0..2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        Position::from_setup(
            rules,
            &Setup {
                side_to_move,
                pieces,
            },
        )
        .expect("valid placement")
    }
}
