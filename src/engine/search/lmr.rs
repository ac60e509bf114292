//! Late-move reductions: which moves a node searches shallower first, and by how much. Also
//! the kept experiment: bit 4 of `Engine::set_experiment` (`dama match --a-exp/--b-exp 4`)
//! plays the earlier, milder reduction, so a match can measure one against the other again
//! (docs/measurements.md: +52 +- 25 Elo for today's).

use crate::engine::params;
use crate::rules::RuleSet;
use std::sync::OnceLock;

/// The experiment bit that switches back to the earlier reduction.
const OLD_LMR: u32 = 4;

/// Plies to reduce the `i`-th move (0-based) of a node at `depth`, its move-ordering score
/// `order`, searched at `new_depth` if not reduced, under `rules`. 0 (not reduced): a capture
/// or promotion (not `quiet`), a shallow node, an early move, a killer.
#[inline]
#[allow(clippy::too_many_arguments)]
pub(super) fn reduction(
    experiment: u32,
    rules: RuleSet,
    quiet: bool,
    depth: i32,
    i: usize,
    order: i32,
    pv_node: bool,
    new_depth: i32,
) -> i32 {
    let old = experiment & OLD_LMR != 0;
    let min_moves = if old { 3 } else { params::LMR_MIN_MOVES };
    // Killers score (1 << 22) - 1 and above in the move ordering.
    if quiet && depth >= params::LMR_MIN_DEPTH && i >= min_moves && order < (1 << 22) - 1 {
        let r = if old {
            old_lmr_reduction(depth, i)
        } else {
            lmr_reduction(rules, depth, i)
        };
        (r - i32::from(pv_node)).clamp(1, new_depth - 1)
    } else {
        0
    }
}

/// Late-move reduction in plies for the `i`-th move (0-based) at `depth`: grows with the log
/// of both, as in most modern alpha-beta programs. Read from a table built once per rule set
/// (two logarithms per move were a measurable share of the search); the same formula beyond it.
#[inline]
fn lmr_reduction(rules: RuleSet, depth: i32, i: usize) -> i32 {
    type Table = [[[u8; LMR_TABLE]; LMR_TABLE]; 2];
    static TABLE: OnceLock<Box<Table>> = OnceLock::new();
    let d = depth as usize;
    if (1..LMR_TABLE as i32).contains(&depth) && i < LMR_TABLE {
        let t = TABLE.get_or_init(|| {
            let mut t = Box::new([[[0u8; LMR_TABLE]; LMR_TABLE]; 2]);
            for (layer, rules) in t.iter_mut().zip([RuleSet::Italian, RuleSet::English]) {
                for (d, row) in layer.iter_mut().enumerate().skip(1) {
                    for (i, r) in row.iter_mut().enumerate() {
                        *r = lmr_formula(rules, d as i32, i) as u8;
                    }
                }
            }
            t
        });
        i32::from(t[usize::from(rules == RuleSet::English)][d][i])
    } else {
        lmr_formula(rules, depth, i)
    }
}

const LMR_TABLE: usize = 64;

/// Out of line, so the compiler can't hoist a logarithm to every node.
#[cold]
#[inline(never)]
fn lmr_formula(rules: RuleSet, depth: i32, i: usize) -> i32 {
    let r = (f64::from(depth).ln() * (i as f64 + 1.0).ln()) / params::LMR_DIVISOR
        + params::lmr_base(rules);
    r as i32
}

/// The earlier, milder reduction (experiment bit 4): ln * ln / 2 from the fourth move.
#[cold]
#[inline(never)]
fn old_lmr_reduction(depth: i32, i: usize) -> i32 {
    (f64::from(depth).ln() * (i as f64 + 1.0).ln() / 2.0 + 0.5) as i32
}
