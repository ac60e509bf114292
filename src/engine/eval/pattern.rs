//! The pattern evaluation: the learnt evaluation ([`super::learnt`]) plus a weight for every
//! configuration of nine overlapping board regions, fitted on self-play positions by `dama
//! pattern fit` (in the lab).
//!
//! A region is 4 rows by 4 files, 8 dark squares; the regions start on rows 0, 2, 4 and files
//! a, c, e (3 x 3, overlapping by two rows or two files), so they cover the board, every
//! square in one to four of them. Each square is empty, White's or Black's (a man or a king:
//! the learnt terms tell kings apart), so a region has 3^8 = 6561 configurations, each with an
//! opening and an ending weight mixed by the pieces on the board as the learnt terms are.
//!
//! Indexes are cheap: a region's rows are two row pairs, each a byte of a bitboard in which
//! the squares sit the same way for every pair (a pair starts on an even row), so one table of
//! 3 x 256 base-3 values turns bytes into digits: 24 lookups and 9 weight reads a position.
//!
//! Colour symmetry by construction: the weights are fitted as "own view" weights `P` counted
//! for White's view of the board and, negated, for Black's (the board turned half round, the
//! colours swapped), and the file holds `E[r][c] = P[r][c] - P[r'][m(c)]` where `r'` is the
//! region turned half round and `m(c)` what `c` looks like from Black's side there. A
//! position and its colour-mirrored twin so evaluate to exact negatives.

use crate::rules::{Color, Position, RuleSet, Square};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// Regions: 3 row bands times 3 file bands.
pub const REGIONS: usize = 9;
/// Configurations of a region's 8 squares.
pub const CONFIGS: usize = 6561;
/// Weights a phase.
pub const WEIGHTS: usize = REGIONS * CONFIGS;
/// The number of pieces that makes the opening weight count in full (as in the learnt terms).
pub const PHASE_MAX: i32 = super::learnt::PHASE_MAX;
/// The weights file's first bytes.
pub const MAGIC: &[u8; 8] = b"DAMAPAT1";

/// Which evaluation the search uses: each rule set's [`default_kind`], unless `--eval` of
/// `dama engine`, `dama bench` or `dama suite run` chose one for the whole process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalKind {
    /// The learnt terms alone ([`super::learnt`]).
    Learnt,
    /// The learnt terms plus the region patterns.
    Pattern,
    /// The patterns plus the network's correction ([`super::net`]).
    Network,
}

/// The evaluation a rule set plays with unless told otherwise: the network for both (in each
/// it measured stronger than the patterns alone and than the learnt terms, and holds the shot
/// suite's floor, which the English patterns alone miss by one; see docs/measurements.md,
/// "The network evaluation").
pub const fn default_kind(_rules: RuleSet) -> EvalKind {
    EvalKind::Network
}

/// 0: every rule set its [`default_kind`]; 1: the learnt terms; 2: the patterns; 3: the
/// network.
static KIND: AtomicU8 = AtomicU8::new(0);

/// Chooses the evaluation for every search of this process, whatever the rule set (`None`:
/// each rule set's [`default_kind`]).
pub fn set_kind(kind: Option<EvalKind>) {
    let v = match kind {
        None => 0,
        Some(EvalKind::Learnt) => 1,
        Some(EvalKind::Pattern) => 2,
        Some(EvalKind::Network) => 3,
    };
    KIND.store(v, Ordering::Relaxed);
}

/// The evaluation the search uses for positions of `rules`.
#[inline]
pub fn kind(rules: RuleSet) -> EvalKind {
    match KIND.load(Ordering::Relaxed) {
        1 => EvalKind::Learnt,
        2 => EvalKind::Pattern,
        3 => EvalKind::Network,
        _ => default_kind(rules),
    }
}

/// `digits[o][byte]`: the base-3 value (digit k = 1 if the k-th square of the band is set) of
/// the squares of a row pair's byte that lie in files `2o..2o+4`.
struct Tables {
    digits: [[u8; 256]; 3],
    /// `band[o]`: the bits (0..8) of a pair's byte in files `2o..2o+4`, in digit order.
    band: [[u32; 4]; 3],
}

fn build(rules: RuleSet) -> Tables {
    let mut digits = [[0u8; 256]; 3];
    let mut band = [[0u32; 4]; 3];
    for o in 0..3 {
        let bits: Vec<u32> = (0..8u32)
            .filter(|&k| {
                (2 * o..2 * o + 4).contains(&usize::from(Square::new(k as u8).file(rules)))
            })
            .collect();
        assert_eq!(bits.len(), 4, "two dark squares a row in four files");
        band[o].copy_from_slice(&bits);
        for (byte, d) in digits[o].iter_mut().enumerate() {
            *d = bits
                .iter()
                .enumerate()
                .filter(|(_, b)| byte & (1 << **b) != 0)
                .map(|(k, _)| 3u8.pow(k as u32))
                .sum();
        }
    }
    Tables { digits, band }
}

fn tables(rules: RuleSet) -> &'static Tables {
    static IT: OnceLock<Tables> = OnceLock::new();
    static EN: OnceLock<Tables> = OnceLock::new();
    match rules {
        RuleSet::Italian => IT.get_or_init(|| build(RuleSet::Italian)),
        RuleSet::English => EN.get_or_init(|| build(RuleSet::English)),
    }
}

/// The configuration of every region for `own` and `opp` pieces (digit 1 own, 2 opp).
#[inline(always)]
pub fn configs(rules: RuleSet, own: u32, opp: u32) -> [u16; REGIONS] {
    let t = tables(rules);
    // q[pair][band]: the pair's four squares in the band, 0..81.
    let mut q = [[0u16; 3]; 4];
    for (p, qp) in q.iter_mut().enumerate() {
        let o = ((own >> (8 * p)) & 0xFF) as usize;
        let e = ((opp >> (8 * p)) & 0xFF) as usize;
        for (band, v) in qp.iter_mut().enumerate() {
            *v = u16::from(t.digits[band][o]) + 2 * u16::from(t.digits[band][e]);
        }
    }
    let mut c = [0u16; REGIONS];
    for a in 0..3 {
        for band in 0..3 {
            c[a * 3 + band] = q[a][band] + 81 * q[a + 1][band];
        }
    }
    c
}

/// The squares (bit indexes) of region `r`, in digit order.
pub fn region_squares(rules: RuleSet, r: usize) -> [u32; 8] {
    let t = tables(rules);
    let (a, band) = (r / 3, r % 3);
    let mut s = [0u32; 8];
    for k in 0..4 {
        s[k] = 8 * a as u32 + t.band[band][k];
        s[4 + k] = 8 * (a as u32 + 1) + t.band[band][k];
    }
    s
}

/// The pieces of configuration `c` of region `r`: (own, opp) bitboards.
pub fn config_pieces(rules: RuleSet, r: usize, mut c: usize) -> (u32, u32) {
    let (mut own, mut opp) = (0, 0);
    for sq in region_squares(rules, r) {
        match c % 3 {
            1 => own |= 1 << sq,
            2 => opp |= 1 << sq,
            _ => {}
        }
        c /= 3;
    }
    (own, opp)
}

/// Region `r` turned half round.
pub fn mirror_region(r: usize) -> usize {
    REGIONS - 1 - r
}

/// What configuration `c` of region `r` is from the other side: region [`mirror_region`]'s
/// configuration on the board turned half round with the colours swapped.
pub fn mirror_config(rules: RuleSet, r: usize, c: usize) -> usize {
    let (own, opp) = config_pieces(rules, r, c);
    configs(rules, opp.reverse_bits(), own.reverse_bits())[mirror_region(r)] as usize
}

/// The fitted weights: `w[(r * CONFIGS + c)]` = (opening, ending), in centi-men, White's view.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternWeights(pub Vec<[i16; 2]>);

/// A weights file that could not be read.
#[derive(Debug, PartialEq, Eq)]
pub struct BadWeights(pub &'static str);

impl std::fmt::Display for BadWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "pattern weights: {}", self.0)
    }
}

impl std::error::Error for BadWeights {}

impl std::fmt::Debug for PatternWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.0.iter().filter(|w| **w != [0, 0]).count();
        write!(f, "PatternWeights({used} of {} not zero)", self.0.len())
    }
}

impl PatternWeights {
    pub fn zero() -> PatternWeights {
        PatternWeights(vec![[0, 0]; WEIGHTS])
    }

    /// The file: [`MAGIC`], then every region's configurations' opening and ending weights as
    /// little-endian `i16`. An empty file is all zeros (no patterns fitted yet).
    ///
    /// # Errors
    /// A file of another size or without the magic bytes.
    pub fn parse(bytes: &[u8]) -> Result<PatternWeights, BadWeights> {
        if bytes.is_empty() {
            return Ok(PatternWeights::zero());
        }
        let body = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or(BadWeights("not a pattern weights file"))?;
        if body.len() != WEIGHTS * 4 {
            return Err(BadWeights("wrong size"));
        }
        Ok(PatternWeights(
            body.chunks_exact(4)
                .map(|b| {
                    [
                        i16::from_le_bytes([b[0], b[1]]),
                        i16::from_le_bytes([b[2], b[3]]),
                    ]
                })
                .collect(),
        ))
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = MAGIC.to_vec();
        for [a, b] in &self.0 {
            v.extend_from_slice(&a.to_le_bytes());
            v.extend_from_slice(&b.to_le_bytes());
        }
        v
    }

    /// The patterns' part of the score, White's view.
    #[inline]
    pub fn score(&self, pos: &Position) -> i32 {
        let w = pos.pieces_of(Color::White).0;
        let b = pos.pieces_of(Color::Black).0;
        let c = configs(pos.rules(), w, b);
        let (mut open, mut end) = (0i32, 0i32);
        for (r, &c) in c.iter().enumerate() {
            let [x, y] = self.0[r * CONFIGS + c as usize];
            open += i32::from(x);
            end += i32::from(y);
        }
        let phase = ((w | b).count_ones() as i32).min(PHASE_MAX);
        (open * phase + end * (PHASE_MAX - phase)) / PHASE_MAX
    }
}

static WEIGHTS_IT: OnceLock<PatternWeights> = OnceLock::new();
static WEIGHTS_EN: OnceLock<PatternWeights> = OnceLock::new();

fn cell(rules: RuleSet) -> &'static OnceLock<PatternWeights> {
    match rules {
        RuleSet::Italian => &WEIGHTS_IT,
        RuleSet::English => &WEIGHTS_EN,
    }
}

/// The weights the engine plays with: the built-in ones (the files are part of the build),
/// unless [`set_weights`] came first.
pub fn weights(rules: RuleSet) -> &'static PatternWeights {
    cell(rules).get_or_init(|| {
        let bytes: &[u8] = match rules {
            RuleSet::Italian => include_bytes!("weights/pattern_italian.bin"),
            RuleSet::English => include_bytes!("weights/pattern_english.bin"),
        };
        PatternWeights::parse(bytes).expect("the built-in pattern weights read")
    })
}

/// Plays with `w` instead of the built-in weights of `rules` (for trying a fit without a
/// rebuild: `dama engine --pattern-weights`). False if the weights were already in use.
pub fn set_weights(rules: RuleSet, w: PatternWeights) -> bool {
    cell(rules).set(w).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    #[test]
    fn regions_cover_the_board_and_configs_read_it() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let mut covered = 0u32;
            for r in 0..REGIONS {
                let sq = region_squares(rules, r);
                let files: Vec<u8> = sq
                    .iter()
                    .map(|&s| Square::new(s as u8).file(rules))
                    .collect();
                let lo = 2 * (r % 3) as u8;
                assert!(files.iter().all(|f| (lo..lo + 4).contains(f)), "{files:?}");
                let rows: Vec<u8> = sq.iter().map(|&s| Square::new(s as u8).row()).collect();
                let top = 2 * (r / 3) as u8;
                assert!(rows.iter().all(|x| (top..top + 4).contains(x)));
                covered |= sq.iter().fold(0, |m, s| m | 1 << s);
                // Every configuration reads back as itself.
                for c in [0, 1, 2, 3280, 6560, 4000] {
                    let (own, opp) = config_pieces(rules, r, c);
                    assert_eq!(configs(rules, own, opp)[r] as usize, c);
                }
            }
            assert_eq!(covered, u32::MAX);
            // The start: White's 12 men fill rows 5-7 (bits 20..32), Black's rows 0-2.
            let pos = Position::start(rules);
            let c = configs(
                rules,
                pos.pieces_of(Color::White).0,
                pos.pieces_of(Color::Black).0,
            );
            // The top band: rows 0-2 Black's (digit 2), row 3 empty.
            let (own, opp) = config_pieces(rules, 0, c[0] as usize);
            assert_eq!(own, 0);
            assert_eq!(opp.count_ones(), 6);
        }
    }

    #[test]
    fn mirror_is_an_involution() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            for r in 0..REGIONS {
                for c in (0..CONFIGS).step_by(37) {
                    let m = mirror_config(rules, r, c);
                    assert_eq!(mirror_config(rules, mirror_region(r), m), c);
                }
            }
        }
    }

    #[test]
    fn built_in_weights_are_antisymmetric() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let w = weights(rules);
            for r in 0..REGIONS {
                for c in 0..CONFIGS {
                    let m = mirror_config(rules, r, c);
                    let a = w.0[r * CONFIGS + c];
                    let b = w.0[mirror_region(r) * CONFIGS + m];
                    assert_eq!(a, [-b[0], -b[1]], "region {r} config {c}");
                }
            }
        }
        let p = fen::parse(RuleSet::Italian, "W:W21-32:B1-12").unwrap();
        assert!(weights(RuleSet::Italian).score(&p).abs() <= 9);
    }

    #[test]
    fn file_round_trip() {
        let mut w = PatternWeights::zero();
        w.0[5] = [3, -7];
        w.0[WEIGHTS - 1] = [-32768, 32767];
        let back = PatternWeights::parse(&w.to_bytes()).unwrap();
        assert_eq!(back.0, w.0);
        assert!(PatternWeights::parse(b"DAMAPAT1xx").is_err());
        assert!(PatternWeights::parse(b"nonsense").is_err());
        assert_eq!(
            PatternWeights::parse(b"").unwrap().0,
            PatternWeights::zero().0
        );
    }
}
