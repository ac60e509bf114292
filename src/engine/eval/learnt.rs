//! The learnt evaluation's features: one function, [`extract`], lists what a position holds
//! (feature index and count, White's minus Black's) and both the search (through
//! [`super::evaluate`]) and the tuner (`dama tune`, in the lab) read it, so the
//! tuner fits exactly what the engine evaluates.
//!
//! Every feature has two weights, one for the opening (24 pieces on the board) and one for
//! the ending (none left), mixed by the number of pieces. The weights of each rule set live in
//! a text file (`weights/italian.txt`, `weights/english.txt`) written by `dama tune`.
//!
//! Colour symmetry by construction: Black's features are White's features of the board turned
//! half round (bit `i` becomes bit `31 - i`, a symmetry of both boards) with the colours
//! swapped, counted negative. A position and its colour-mirrored twin so evaluate to exact
//! negatives.

use super::geometry::{Geometry, count2, geometry};
use crate::rules::{Bitboard, Color, Position, RuleSet, Square};
use std::sync::OnceLock;

/// Material: men and kings.
pub const MAN: usize = 0;
pub const KING: usize = 1;
/// Having the move (counted for the side to move).
pub const TEMPO: usize = 2;
/// Pieces of the side to move the opponent could take if it were its turn.
pub const HANGING: usize = 3;
/// Quiet steps for the men (forward) and for the kings.
pub const MOBILITY_MEN: usize = 4;
pub const MOBILITY_KINGS: usize = 5;
/// Kings with no empty square around them.
pub const TRAPPED_KING: usize = 6;
/// Men with neither forward square empty.
pub const LOCKED_MAN: usize = 7;
/// Men on one wing (files a-d) less men on the other, as a size.
pub const WING_BALANCE: usize = 8;
/// Endings against kings only, for the side with more pieces and at least one king: summed
/// distance between its kings and the lone kings, the lone kings' distance from the centre,
/// and the squares they cannot step to.
pub const CHASE_DISTANCE: usize = 9;
pub const CHASE_RIM: usize = 10;
pub const CHASE_IMMOBILE: usize = 11;
/// A man with no enemy piece in its forward cone, by rows still to go (8 entries), when the
/// enemy has no king ...
pub const RUNAWAY: usize = 12;
/// ... and when it has one (which can still come back and block).
pub const RUNAWAY_VS_KINGS: usize = 20;
/// Men and kings by square (32 each), in the own side's view (White's squares as numbered).
pub const MAN_SQ: usize = 28;
pub const KING_SQ: usize = 60;
/// The own back row's men (16 configurations) while the enemy still has men to crown.
pub const BACK: usize = 92;
/// Small regions: two rows by four files (4 dark squares), each square empty, own or enemy
/// (81 configurations), for 7 row pairs and 3 file offsets (a-d, c-f, e-h).
pub const PATTERN: usize = 108;
pub const PATTERN_REGIONS: usize = 21;
pub const PATTERN_CONFIGS: usize = 81;
/// How many features there are.
pub const COUNT: usize = PATTERN + PATTERN_REGIONS * PATTERN_CONFIGS;

/// The number of pieces that makes the opening weight count in full.
pub const PHASE_MAX: i32 = 24;

/// What [`extract`] emits into: the engine sums weights, the tuner records the list.
pub trait Sink {
    fn add(&mut self, feature: usize, value: i32);
}

/// How to turn the weighted sums into a score: `(opening * phase + ending * (PHASE_MAX -
/// phase)) / PHASE_MAX / divisor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub phase: i32,
    /// 8 when only kings are left, as many a side (nothing to play for but a blunder), else 1.
    pub divisor: i32,
}

/// Geometry the features need beyond [`Geometry`].
struct FeatureTables {
    /// `pattern[pair][offset][byte]`: the base-3 digits (1 per occupied square of the region)
    /// of the squares set in `byte`, byte = bits `4 * pair .. 4 * pair + 8` of a bitboard.
    pattern: [[[u8; 256]; 3]; 7],
    /// Squares on files a-d.
    left: u32,
}

fn build(rules: RuleSet) -> FeatureTables {
    let mut pattern = [[[0u8; 256]; 3]; 7];
    for (pair, by_offset) in pattern.iter_mut().enumerate() {
        for (o, table) in by_offset.iter_mut().enumerate() {
            // The region's squares in index order; digit k is the k-th of them.
            let squares: Vec<u32> = (0..8)
                .filter(|&k| {
                    let f = Square::new((4 * pair + k) as u8).file(rules) as usize;
                    (2 * o..2 * o + 4).contains(&f)
                })
                .map(|k| k as u32)
                .collect();
            debug_assert_eq!(squares.len(), 4);
            for (byte, e) in table.iter_mut().enumerate() {
                *e = squares
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| byte & (1 << **b) != 0)
                    .map(|(k, _)| 3u8.pow(k as u32))
                    .sum();
            }
        }
    }
    let left = Square::all()
        .filter(|s| s.file(rules) < 4)
        .fold(0, |m, s| m | 1 << s.index());
    FeatureTables { pattern, left }
}

fn feature_tables(rules: RuleSet) -> &'static FeatureTables {
    static IT: OnceLock<FeatureTables> = OnceLock::new();
    static EN: OnceLock<FeatureTables> = OnceLock::new();
    match rules {
        RuleSet::Italian => IT.get_or_init(|| build(RuleSet::Italian)),
        RuleSet::English => EN.get_or_init(|| build(RuleSet::English)),
    }
}

/// Lists the features of `pos` into `sink` (White's minus Black's) and says how to scale.
/// The position should be quiet (no capture for the side to move), as the search's are.
#[inline]
pub fn extract<S: Sink>(pos: &Position, sink: &mut S) -> Shape {
    let ft = feature_tables(pos.rules());
    for (bb, sign) in views(pos) {
        placement(bb, sign, sink);
        small_patterns(ft, bb, sign, sink);
    }
    extract_unfolded(pos, sink)
}

/// Both sides' views of `pos`: White's `[men, kings, enemy men, enemy kings]` counted
/// positive, and Black's on the board turned half round (so its men move up as White's do)
/// counted negative.
#[inline(always)]
pub(super) fn views(pos: &Position) -> [([u32; 4], i32); 2] {
    let kings = pos.kings().0;
    let w = pos.pieces_of(Color::White).0;
    let b = pos.pieces_of(Color::Black).0;
    let (wm, wk, bm, bk) = (w & !kings, w & kings, b & !kings, b & kings);
    let r = u32::reverse_bits;
    [([wm, wk, bm, bk], 1), ([r(bm), r(bk), r(wm), r(wk)], -1)]
}

/// The features that depend on more than which squares hold whose pieces (men and kings
/// apart, runaways, mobility, the back row, the chase, tempo, hanging), with the scale: the
/// part of [`extract`] that [`super::folded`] cannot fold into its region tables.
#[inline(always)]
pub(super) fn extract_unfolded<S: Sink>(pos: &Position, sink: &mut S) -> Shape {
    let rules = pos.rules();
    let (t, ft) = (geometry(rules), feature_tables(rules));
    for (bb, sign) in views(pos) {
        runaways(t, bb, sign, sink);
        structure(t, ft, bb, sign, sink);
    }
    let stm = pos.side_to_move();
    let sign = if stm == Color::White { 1 } else { -1 };
    sink.add(TEMPO, sign);
    let hanging = hanging(t, pos);
    if hanging != 0 {
        sink.add(HANGING, sign * hanging);
    }
    let kings = pos.kings().0;
    let w = pos.pieces_of(Color::White).0;
    let b = pos.pieces_of(Color::Black).0;
    let pieces = (w | b).count_ones() as i32;
    Shape {
        phase: pieces.min(PHASE_MAX),
        divisor: if (w | b) & !kings == 0 && (w & kings).count_ones() == (b & kings).count_ones() {
            8
        } else {
            1
        },
    }
}

/// One side's material and squares (`bb` as [`views`] gives it).
#[inline(always)]
fn placement<S: Sink>(bb: [u32; 4], sign: i32, sink: &mut S) {
    let [men, kings, _, _] = bb;
    // Counted in the loops: popcounts are a dozen instructions each here (none is assumed
    // in hardware), and the loops visit every piece anyway.
    let (mut n_men, mut n_kings) = (0, 0);
    for sq in Bitboard(men) {
        n_men += 1;
        sink.add(MAN_SQ + sq.index(), sign);
    }
    for sq in Bitboard(kings) {
        n_kings += 1;
        sink.add(KING_SQ + sq.index(), sign);
    }
    if n_men != 0 {
        sink.add(MAN, sign * n_men);
    }
    if n_kings != 0 {
        sink.add(KING, sign * n_kings);
    }
}

/// One side's men with no enemy piece in their forward cone, by rows to go.
#[inline(always)]
fn runaways<S: Sink>(t: &Geometry, bb: [u32; 4], sign: i32, sink: &mut S) {
    let [men, _, opp_men, opp_kings] = bb;
    let opp = opp_men | opp_kings;
    let runaway = if opp_kings == 0 {
        RUNAWAY
    } else {
        RUNAWAY_VS_KINGS
    };
    for sq in Bitboard(men) {
        let i = sq.index();
        if t.cone[0][i] & opp == 0 {
            sink.add(runaway + i / 4, sign);
        }
    }
}

/// One side's mobility, locked men, trapped kings, wing balance, back row and the chase of
/// lone kings.
#[inline(always)]
fn structure<S: Sink>(t: &Geometry, ft: &FeatureTables, bb: [u32; 4], sign: i32, sink: &mut S) {
    let [men, kings, opp_men, opp_kings] = bb;
    let own = men | kings;
    let opp = opp_men | opp_kings;
    let empty = !(own | opp);
    // Directions 0, 1 go up (forward here), 2, 3 down; squares whose neighbour in direction
    // d is empty are the empty squares stepped the opposite way (3 - d).
    let free = [
        t.step(empty, 3),
        t.step(empty, 2),
        t.step(empty, 1),
        t.step(empty, 0),
    ];
    let mob_men = count2(free[0] & men, free[1] & men);
    if mob_men != 0 {
        sink.add(MOBILITY_MEN, sign * mob_men);
    }
    let locked = (men & !(free[0] | free[1])).count_ones();
    if locked != 0 {
        sink.add(LOCKED_MAN, sign * locked as i32);
    }
    if kings != 0 {
        let mob =
            count2(free[0] & kings, free[1] & kings) + count2(free[2] & kings, free[3] & kings);
        sink.add(MOBILITY_KINGS, sign * mob);
        let trapped = (kings & !(free[0] | free[1] | free[2] | free[3])).count_ones();
        if trapped != 0 {
            sink.add(TRAPPED_KING, sign * trapped as i32);
        }
    }
    // Men on files a-d less men on e-h, as a size.
    let balance = (men & ft.left).count_ones() as i32 - (men & !ft.left).count_ones() as i32;
    let balance = balance.abs();
    if balance != 0 {
        sink.add(WING_BALANCE, sign * balance);
    }
    if opp_men != 0 {
        sink.add(BACK + (men >> 28) as usize, sign);
    }

    // Lone enemy kings and more pieces here, kings among them: drive them into a corner.
    if opp_men == 0 && opp_kings != 0 && kings != 0 && own.count_ones() > opp_kings.count_ones() {
        let (mut dist, mut rim, mut immobile) = (0, 0, 0);
        for sq in Bitboard(opp_kings) {
            let k = sq.index();
            rim += i32::from(t.rim[k]);
            let steps: u32 = free.iter().map(|f| (f >> k) & 1).sum();
            immobile += 4 - steps as i32;
            for own_king in Bitboard(kings) {
                dist += i32::from(t.dist[own_king.index()][k]);
            }
        }
        sink.add(CHASE_DISTANCE, sign * dist);
        sink.add(CHASE_RIM, sign * rim);
        if immobile != 0 {
            sink.add(CHASE_IMMOBILE, sign * immobile);
        }
    }
}

/// One side's small regions (two rows by four files).
#[inline(always)]
fn small_patterns<S: Sink>(ft: &FeatureTables, bb: [u32; 4], sign: i32, sink: &mut S) {
    let [men, kings, opp_men, opp_kings] = bb;
    let (own, opp) = (men | kings, opp_men | opp_kings);
    for pair in 0..7 {
        let o = ((own >> (4 * pair)) & 0xFF) as usize;
        let e = ((opp >> (4 * pair)) & 0xFF) as usize;
        for r in 0..3 {
            sink.add(small_pattern(ft, pair, r, o, e), sign);
        }
    }
}

/// The feature of small region (`pair`, file offset `r`) for the bytes `o` (own pieces) and
/// `e` (enemy pieces) of the pair's rows.
#[inline(always)]
fn small_pattern(ft: &FeatureTables, pair: usize, r: usize, o: usize, e: usize) -> usize {
    let region = &ft.pattern[pair][r];
    let config = region[o] as usize + 2 * region[e] as usize;
    PATTERN + (pair * 3 + r) * PATTERN_CONFIGS + config
}

/// The squares (bits) of small region (`pair`, file offset `r`) in White's view.
pub(super) fn small_region_mask(rules: RuleSet, pair: usize, r: usize) -> u32 {
    let ft = feature_tables(rules);
    (0..8)
        .filter(|&k| ft.pattern[pair][r][1 << k] != 0)
        .fold(0, |m, k| m | 1 << (4 * pair + k))
}

/// The small-region feature (`pair`, `r`) of one side whose own pieces are `own` and the
/// enemy's `opp`, in that side's view (for folding: [`super::folded`]).
pub(super) fn small_pattern_feature(
    rules: RuleSet,
    pair: usize,
    r: usize,
    own: u32,
    opp: u32,
) -> usize {
    let o = ((own >> (4 * pair)) & 0xFF) as usize;
    let e = ((opp >> (4 * pair)) & 0xFF) as usize;
    small_pattern(feature_tables(rules), pair, r, o, e)
}

/// Pieces of the side to move that the opponent could take (single jumps) if it were its
/// turn. Men take forward only and, in Italian, never a king (R-M2, R-M3).
#[inline(always)]
fn hanging(t: &Geometry, pos: &Position) -> i32 {
    let stm = pos.side_to_move();
    let them = stm.opposite();
    let kings = pos.kings().0;
    let ours = pos.pieces_of(stm).0;
    let theirs = pos.pieces_of(them).0;
    let empty = !(ours | theirs);
    let men_victims = if pos.rules().men_capture_kings() {
        ours
    } else {
        ours & !kings
    };
    let fwd: [usize; 2] = if them == Color::White { [0, 1] } else { [2, 3] };
    let mut hit = 0;
    for d in fwd {
        hit |= t.step(theirs & !kings, d) & men_victims & t.step(empty, 3 - d);
    }
    let their_kings = theirs & kings;
    if their_kings != 0 {
        for d in 0..4 {
            hit |= t.step(their_kings, d) & ours & t.step(empty, 3 - d);
        }
    }
    hit.count_ones() as i32
}

/// A feature's name in the weights files.
pub fn name(f: usize) -> String {
    const FIXED: [&str; 12] = [
        "man",
        "king",
        "tempo",
        "hanging",
        "mobility_men",
        "mobility_kings",
        "trapped_king",
        "locked_man",
        "wing_balance",
        "chase_distance",
        "chase_rim",
        "chase_immobile",
    ];
    match f {
        _ if f < RUNAWAY => FIXED[f].to_string(),
        _ if f < RUNAWAY_VS_KINGS => format!("runaway.{}", f - RUNAWAY),
        _ if f < MAN_SQ => format!("runaway_vs_kings.{}", f - RUNAWAY_VS_KINGS),
        _ if f < KING_SQ => format!("man.{}", f - MAN_SQ + 1),
        _ if f < BACK => format!("king.{}", f - KING_SQ + 1),
        _ if f < PATTERN => {
            // Squares 29..32 left to right, 1 for a man there.
            let c = f - BACK;
            let s: String = (0..4)
                .map(|k| if c & (1 << k) != 0 { '1' } else { '0' })
                .collect();
            format!("back.{s}")
        }
        _ => {
            let p = f - PATTERN;
            let (region, mut config) = (p / PATTERN_CONFIGS, p % PATTERN_CONFIGS);
            let mut digits = String::new();
            for _ in 0..4 {
                digits.push(char::from(b'0' + (config % 3) as u8));
                config /= 3;
            }
            format!("pattern.{}.{}.{digits}", region / 3, region % 3)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::weights::{Weights, weights};
    use crate::notation::fen;
    use crate::rules::Dir;

    /// Records the features, for comparing.
    #[derive(Default)]
    struct List(Vec<(usize, i32)>);
    impl Sink for List {
        fn add(&mut self, f: usize, v: i32) {
            self.0.push((f, v));
        }
    }

    /// The colour-mirrored twin: the board turned half round, colours swapped, the other side
    /// to move.
    fn mirrored(pos: &Position) -> Position {
        let w = pos.pieces_of(Color::White).0.reverse_bits();
        let b = pos.pieces_of(Color::Black).0.reverse_bits();
        Position::from_bitboards(
            pos.rules(),
            pos.side_to_move().opposite(),
            [b, w],
            pos.kings().0.reverse_bits(),
        )
        .expect("the mirror of a legal placement is legal")
    }

    #[test]
    fn half_turn_is_a_symmetry_of_both_boards() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            for s in Square::all() {
                let m = Square::new(31 - s.index() as u8);
                assert_eq!(m.row(), 7 - s.row());
                assert_eq!(m.file(rules), 7 - s.file(rules));
                for (d, opposite) in Dir::ALL.iter().zip(Dir::ALL.iter().rev()) {
                    assert_eq!(
                        s.neighbour(rules, *d).map(|n| 31 - n.index()),
                        m.neighbour(rules, *opposite).map(|n| n.index())
                    );
                }
            }
        }
    }

    #[test]
    fn mirrored_twins_evaluate_to_the_negation() {
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(5);
        for rules in [RuleSet::Italian, RuleSet::English] {
            // Distinct weights everywhere, so no term can hide behind a zero weight.
            let w = Weights(
                (0..COUNT as i32)
                    .map(|i| [i * 7 % 23 - 11, i % 13 - 6])
                    .collect(),
            );
            for _ in 0..3000 {
                let pos = super::super::tests_support::random_position(rules, &mut rng);
                let twin = mirrored(&pos);
                assert_eq!(w.score(&pos), -w.score(&twin), "{}", fen::write(&pos));
                let (mut a, mut b) = (List::default(), List::default());
                assert_eq!(extract(&pos, &mut a), extract(&twin, &mut b));
                let mut sum = vec![0; COUNT];
                for (f, v) in a.0.iter().chain(b.0.iter()) {
                    sum[*f] += v;
                }
                assert!(sum.iter().all(|&s| s == 0), "{}", fen::write(&pos));
            }
        }
    }

    #[test]
    fn start_position_is_level_and_names_are_unique() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let pos = Position::start(rules);
            // Only the tempo term differs between the sides at the start (Black moves first
            // in English).
            let w = weights(rules);
            let sign = if pos.side_to_move() == Color::White {
                1
            } else {
                -1
            };
            assert_eq!(w.score(&pos), sign * w.0[TEMPO][0]);
        }
        let names: std::collections::HashSet<String> = (0..COUNT).map(name).collect();
        assert_eq!(names.len(), COUNT);
    }

    #[test]
    fn features_read_the_board() {
        // A lone white man on 5 (row 1) with nothing ahead: a runaway one row from crowning.
        let pos = fen::parse(RuleSet::Italian, "W:W5:B12").unwrap();
        let mut l = List::default();
        extract(&pos, &mut l);
        assert!(l.0.contains(&(RUNAWAY + 1, 1)));
        assert!(l.0.contains(&(MAN_SQ + 4, 1)));
        // Black's man on 12 (row 2) is White's square 21 turned half round: row 5 to go.
        assert!(l.0.contains(&(MAN_SQ + 20, -1)));
        assert!(l.0.contains(&(RUNAWAY + 5, -1)));
        // Hanging: a white man on 22 attacked by a black man on 18, White to move.
        let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
        let mut l = List::default();
        extract(&pos, &mut l);
        assert!(l.0.contains(&(HANGING, 1)));
    }
}
