//! The network evaluation: a small network that adds a correction to the pattern evaluation
//! ([`super::pattern`]), fitted by `dama pattern fit --network` on the same self-play positions
//! and labels as the patterns, with the patterns' score as the fixed offset it corrects.
//!
//! Inputs: 128 bits, each square by piece from the side to move's view (its men, its kings,
//! the opponent's men, its kings; Black's view is the board turned half round), so a position
//! and its colour-mirrored twin get the same correction by construction. One hidden layer of
//! [`QH`] clipped-ReLU units and one output in men. The fit works in floats ([`Net`]); the
//! search reads 16-bit weights ([`QNet`]): at most 24 rows of 64 additions a position.
//!
//! Below [`MIN_PIECES`] pieces the correction is left out: endings are where the self-play
//! positions are fewest, the endgame tables and the learnt terms' ending weights judge them,
//! and with the network there too two Italian shots of king endings were missed
//! (docs/measurements.md).

use crate::rules::{Color, Position, RuleSet};
use std::sync::OnceLock;

pub const INPUTS: usize = 128;
/// The weights file's first bytes.
pub const MAGIC: &[u8; 8] = b"DAMANET1";
/// The fewest pieces on the board with which the network's correction counts.
pub const MIN_PIECES: u32 = 8;

/// The network in floats, as the fit makes it and the weights file holds it.
#[derive(Clone, Debug)]
pub struct Net {
    pub hidden: usize,
    /// `w1[f * hidden + j]`: input `f` to unit `j`.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: f32,
}

/// The active inputs of `pos` from the side to move's view, and +1 (White to move) or -1.
#[inline]
pub fn features(pos: &Position, out: &mut [u8; 32]) -> (usize, f32) {
    let w = pos.pieces_of(Color::White).0;
    let b = pos.pieces_of(Color::Black).0;
    let k = pos.kings().0;
    let (own, opp, k, sign) = match pos.side_to_move() {
        Color::White => (w, b, k, 1.0),
        Color::Black => (b.reverse_bits(), w.reverse_bits(), k.reverse_bits(), -1.0),
    };
    let mut n = 0;
    for (base, bits) in [(0, own & !k), (32, own & k), (64, opp & !k), (96, opp & k)] {
        let mut x = bits;
        while x != 0 {
            out[n] = (base + x.trailing_zeros()) as u8;
            n += 1;
            x &= x - 1;
        }
    }
    (n, sign)
}

impl Net {
    pub fn new(hidden: usize) -> Net {
        Net {
            hidden,
            w1: vec![0.0; INPUTS * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; hidden],
            b2: 0.0,
        }
    }

    /// The output in men from the side to move's view, for active inputs `f`.
    #[inline]
    pub fn forward(&self, f: &[u8], z: &mut [f32]) -> f32 {
        let h = self.hidden;
        z[..h].copy_from_slice(&self.b1);
        for &i in f {
            let row = &self.w1[usize::from(i) * h..][..h];
            for (a, b) in z[..h].iter_mut().zip(row) {
                *a += b;
            }
        }
        let mut y = self.b2;
        for (a, w) in z[..h].iter().zip(&self.w2) {
            y += a.clamp(0.0, 1.0) * w;
        }
        y
    }

    /// The correction from White's view in centi-men, in floats (what the fit scores).
    pub fn white(&self, pos: &Position) -> f32 {
        let mut f = [0u8; 32];
        let (n, sign) = features(pos, &mut f);
        let mut z = [0f32; 256];
        sign * 100.0 * self.forward(&f[..n], &mut z)
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for x in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        out
    }

    /// Reads a weights file of [`Net::to_bytes`].
    ///
    /// # Errors
    /// Not a network weights file, or one of another size than its header says.
    pub fn parse(bytes: &[u8]) -> anyhow::Result<Net> {
        anyhow::ensure!(
            bytes.len() >= 12 && &bytes[..8] == MAGIC,
            "not a network weights file of `dama pattern fit --network`"
        );
        let hidden = u32::from_le_bytes(bytes[8..12].try_into()?) as usize;
        anyhow::ensure!(
            (1..=256).contains(&hidden),
            "{hidden} hidden units (1 to 256 expected)"
        );
        let n = INPUTS * hidden + 2 * hidden + 1;
        anyhow::ensure!(
            bytes.len() == 12 + 4 * n,
            "{} bytes, {} expected for {hidden} hidden units",
            bytes.len(),
            12 + 4 * n
        );
        let v: Vec<f32> = bytes[12..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        let (w1, rest) = v.split_at(INPUTS * hidden);
        let (b1, rest) = rest.split_at(hidden);
        let (w2, rest) = rest.split_at(hidden);
        Ok(Net {
            hidden,
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2: rest[0],
        })
    }
}

/// The hidden units of the engine's integer network.
pub const QH: usize = 64;
/// A hidden unit's activation 1.0 in the integer network.
const QA: i32 = 1024;
/// The output weights' scale (centi-men per activation 1.0, times this).
const QB: i32 = 64;

/// The network as the search reads it: 16-bit weights, so the hidden layer is summed eight
/// or sixteen units to an instruction.
#[derive(Clone, Debug)]
pub struct QNet {
    w1: Vec<[i16; QH]>,
    b1: [i16; QH],
    w2: [i16; QH],
    /// The output bias in centi-men times `QA * QB`.
    b2: i32,
}

impl QNet {
    /// The network rounded to 16 bits.
    ///
    /// # Errors
    /// Other than [`QH`] hidden units, or a weight or sum that could leave 16 bits.
    pub fn from_net(net: &Net) -> anyhow::Result<QNet> {
        anyhow::ensure!(
            net.hidden == QH,
            "{} hidden units: the engine reads networks of {QH}",
            net.hidden
        );
        let q = |x: f32, s: i32| -> anyhow::Result<i16> {
            i16::try_from((x * s as f32).round() as i32)
                .map_err(|_| anyhow::anyhow!("a weight {x} too large for 16 bits"))
        };
        let mut w1 = vec![[0i16; QH]; INPUTS];
        for (f, row) in w1.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                *w = q(net.w1[f * QH + j], QA)?;
            }
        }
        let mut b1 = [0i16; QH];
        let mut w2 = [0i16; QH];
        for j in 0..QH {
            b1[j] = q(net.b1[j], QA)?;
            w2[j] = q(net.w2[j] * 100.0, QB)?;
            // The largest sum 24 inputs could reach must stay inside 16 bits.
            let mut col: Vec<i32> = w1.iter().map(|r| i32::from(r[j]).abs()).collect();
            col.sort_unstable();
            let worst: i32 = col.iter().rev().take(24).sum::<i32>() + i32::from(b1[j]).abs();
            anyhow::ensure!(
                worst <= i32::from(i16::MAX),
                "hidden unit {j} could sum beyond 16 bits"
            );
        }
        let b2 = (net.b2 * 100.0 * (QA * QB) as f32).round() as i32;
        Ok(QNet { w1, b1, w2, b2 })
    }

    /// The residual from the side to move's view in centi-men.
    #[inline]
    pub fn stm(&self, f: &[u8]) -> i32 {
        let mut z = self.b1;
        for &i in f {
            let row = &self.w1[usize::from(i)];
            // Cannot overflow: `from_net` bounds every unit's largest sum.
            for (a, w) in z.iter_mut().zip(row) {
                *a = a.wrapping_add(*w);
            }
        }
        let mut s = self.b2;
        for (a, w) in z.iter().zip(&self.w2) {
            s += i32::from((*a).clamp(0, QA as i16)) * i32::from(*w);
        }
        s.div_euclid(QA * QB)
    }

    /// The residual from White's view in centi-men.
    #[inline]
    pub fn white(&self, pos: &Position) -> i32 {
        let mut f = [0u8; 32];
        let (n, sign) = features(pos, &mut f);
        let y = self.stm(&f[..n]);
        if sign > 0.0 { y } else { -y }
    }
}

static NET_IT: OnceLock<QNet> = OnceLock::new();
static NET_EN: OnceLock<QNet> = OnceLock::new();

fn cell(rules: RuleSet) -> &'static OnceLock<QNet> {
    match rules {
        RuleSet::Italian => &NET_IT,
        RuleSet::English => &NET_EN,
    }
}

/// The network file built into the program for `rules`.
fn built_in_bytes(rules: RuleSet) -> &'static [u8] {
    match rules {
        RuleSet::Italian => include_bytes!("weights/network_italian.bin"),
        RuleSet::English => include_bytes!("weights/network_english.bin"),
    }
}

/// The network the engine plays with for `rules`: the built-in one of its rule set (the files
/// are part of the build), unless [`set_network`] came first.
#[inline]
pub fn network(rules: RuleSet) -> &'static QNet {
    cell(rules).get_or_init(|| {
        let net = Net::parse(built_in_bytes(rules)).expect("the built-in network reads");
        QNet::from_net(&net).expect("the built-in network fits 16 bits")
    })
}

/// Plays with `net` for `rules` instead of the built-in network (for trying a fit without a
/// rebuild: `dama engine --network-weights`). False if a network was already in use.
pub fn set_network(rules: RuleSet, net: QNet) -> bool {
    cell(rules).set(net).is_ok()
}

/// The network's correction of `pos` from White's view in centi-men (0 with fewer than
/// [`MIN_PIECES`] pieces).
#[inline]
pub fn correction_white(pos: &Position) -> i32 {
    if pos.occupied().count() >= MIN_PIECES {
        network(pos.rules()).white(pos)
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::tests_support::random_position;
    use crate::notation::fen;

    /// `pos` with the colours swapped and the board turned half round.
    fn mirrored(pos: &Position) -> Position {
        let w = pos.pieces_of(Color::White).0;
        let b = pos.pieces_of(Color::Black).0;
        Position::from_bitboards(
            pos.rules(),
            pos.side_to_move().opposite(),
            [b.reverse_bits(), w.reverse_bits()],
            pos.kings().0.reverse_bits(),
        )
        .expect("a mirrored position is a position")
    }

    fn built_in(rules: RuleSet) -> Net {
        Net::parse(built_in_bytes(rules)).unwrap()
    }

    #[test]
    fn each_rule_set_has_its_own_built_in_network() {
        let (italian, english) = (built_in(RuleSet::Italian), built_in(RuleSet::English));
        for net in [&italian, &english] {
            assert_eq!(net.hidden, QH);
            assert_eq!(Net::parse(&net.to_bytes()).unwrap().w1, net.w1);
        }
        assert_ne!(italian.w1, english.w1);
        // The same men on the same squares, judged by each rule set's own network.
        let fen = "W:W19,23,24,25,26,28,29,31,32:B1,2,3,4,7,8,10,11,12";
        let it = fen::parse(RuleSet::Italian, fen).unwrap();
        let en = fen::parse(RuleSet::English, fen).unwrap();
        assert_eq!(correction_white(&it), network(RuleSet::Italian).white(&it));
        assert_eq!(correction_white(&en), network(RuleSet::English).white(&en));
        assert_ne!(correction_white(&it), correction_white(&en));
    }

    #[test]
    fn bad_files_are_told_apart() {
        let good = built_in(RuleSet::Italian).to_bytes();
        let err = |b: &[u8]| Net::parse(b).unwrap_err().to_string();
        assert!(err(b"DAMAPAT1....").contains("not a network"));
        assert!(err(&good[..good.len() - 4]).contains("bytes"));
        let mut zero = good.clone();
        zero[8..12].copy_from_slice(&0u32.to_le_bytes());
        assert!(err(&zero).contains("hidden units"));
        // 16 hidden units read, but the engine plays with 64 only.
        let small = Net::new(16);
        let back = Net::parse(&small.to_bytes()).unwrap();
        assert!(QNet::from_net(&back).is_err());
        // A weight beyond 16 bits is refused, not wrapped.
        let mut big = built_in(RuleSet::Italian);
        big.w1[0] = 1000.0;
        assert!(QNet::from_net(&big).is_err());
    }

    #[test]
    fn the_correction_is_colour_symmetric_and_the_integers_follow_the_floats() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let net = built_in(rules);
            let q = QNet::from_net(&net).unwrap();
            let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
            let (mut counted, mut nonzero, mut worst) = (0, 0, 0f32);
            for i in 0..5000 {
                let pos = if i == 0 {
                    Position::start(rules)
                } else {
                    random_position(rules, &mut rng)
                };
                let c = correction_white(&pos);
                assert_eq!(
                    c,
                    -correction_white(&mirrored(&pos)),
                    "{}",
                    fen::write(&pos)
                );
                if pos.occupied().count() < MIN_PIECES {
                    assert_eq!(c, 0);
                    continue;
                }
                counted += 1;
                nonzero += usize::from(c != 0);
                // Rounding to 16 bits moves the correction by a centi-man or two.
                let f = net.white(&pos);
                worst = worst.max((q.white(&pos) as f32 - f).abs());
            }
            assert!(
                counted > 1000 && nonzero > counted / 2,
                "{rules}: {counted} {nonzero}"
            );
            assert!(worst <= 2.0, "{rules}: {worst}");
        }
    }
}
