//! The learnt evaluation's weights: two per feature of [`super::learnt`] (opening and
//! ending, mixed by the pieces on the board), read from the text files `weights/italian.txt`
//! and `weights/english.txt` that `dama tune` writes and the build includes.

use super::learnt::{
    BACK, CHASE_DISTANCE, CHASE_IMMOBILE, CHASE_RIM, COUNT, KING, KING_SQ, MAN, MAN_SQ,
    MOBILITY_KINGS, MOBILITY_MEN, PHASE_MAX, RUNAWAY, Shape, Sink, TEMPO, extract, name,
};
use crate::rules::{Position, RuleSet, Square};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Opening and ending weights of every feature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights(pub Vec<[i32; 2]>);

/// A line of a weights file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError {
    pub line: usize,
    pub text: String,
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "weights line {}: expected `name opening ending`, got {:?}",
            self.line, self.text
        )
    }
}

impl std::error::Error for WeightsError {}

impl Weights {
    pub fn zero() -> Weights {
        Weights(vec![[0, 0]; COUNT])
    }

    /// Reads `name opening ending` lines (`#` starts a comment; features not named weigh 0).
    ///
    /// # Errors
    /// A line that is not three fields, an unknown name or a number that does not parse.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let names: HashMap<String, usize> = (0..COUNT).map(|f| (name(f), f)).collect();
        let mut w = Weights::zero();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = || WeightsError {
                line: i + 1,
                text: line.to_string(),
            };
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [n, a, b] = fields[..] else {
                return Err(err());
            };
            let f = *names.get(n).ok_or_else(err)?;
            w.0[f] = [a.parse().map_err(|_| err())?, b.parse().map_err(|_| err())?];
        }
        Ok(w)
    }

    /// The file text: a header of comment lines, then every feature (zeros included, so the
    /// file shows the whole set).
    pub fn to_text(&self, header: &str) -> String {
        let mut s = String::new();
        for l in header.lines() {
            s.push_str(&format!("# {l}\n"));
        }
        for (f, [a, b]) in self.0.iter().enumerate() {
            s.push_str(&format!("{} {a} {b}\n", name(f)));
        }
        s
    }

    /// The score of a feature list, from White's view.
    pub fn score(&self, pos: &Position) -> i32 {
        let mut acc = Acc::new(self);
        let shape = extract(pos, &mut acc);
        acc.mix(shape)
    }
}

/// Sums the weights of the features it is given.
pub(super) struct Acc<'a> {
    w: &'a [[i32; 2]],
    pub(super) opening: i32,
    pub(super) ending: i32,
}

impl<'a> Acc<'a> {
    pub(super) fn new(w: &'a Weights) -> Acc<'a> {
        Acc {
            w: &w.0,
            opening: 0,
            ending: 0,
        }
    }

    /// The score: the opening and ending sums mixed by the phase, then scaled.
    #[inline(always)]
    pub(super) fn mix(&self, shape: Shape) -> i32 {
        (self.opening * shape.phase + self.ending * (PHASE_MAX - shape.phase))
            / PHASE_MAX
            / shape.divisor
    }
}

impl Sink for Acc<'_> {
    #[inline(always)]
    fn add(&mut self, feature: usize, value: i32) {
        let [a, b] = self.w[feature];
        self.opening += a * value;
        self.ending += b * value;
    }
}

/// The weights the engine plays with (the files are part of the build).
pub fn weights(rules: RuleSet) -> &'static Weights {
    static IT: OnceLock<Weights> = OnceLock::new();
    static EN: OnceLock<Weights> = OnceLock::new();
    let parse = |text: &str| Weights::parse(text).expect("the built-in weights parse");
    match rules {
        RuleSet::Italian => IT.get_or_init(|| parse(include_str!("weights/italian.txt"))),
        RuleSet::English => EN.get_or_init(|| parse(include_str!("weights/english.txt"))),
    }
}

/// The evaluation from White's view with the built-in weights.
#[inline]
pub fn evaluate_white(pos: &Position) -> i32 {
    weights(pos.rules()).score(pos)
}

/// Starting weights for the tuner: the hand-set evaluation's terms where a feature matches
/// one (material, advancement, centre and edge, back row, mobility, runaways, lone-king
/// chase), zero elsewhere.
pub fn initial(rules: RuleSet) -> Weights {
    let p = super::params_for(rules);
    let mut w = Weights::zero();
    w.0[MAN] = [p.man, p.man];
    w.0[KING] = [p.king, p.king];
    w.0[TEMPO] = [p.tempo, p.tempo];
    w.0[MOBILITY_MEN] = [p.mobility, p.mobility];
    w.0[MOBILITY_KINGS] = [p.mobility, p.mobility];
    w.0[CHASE_DISTANCE] = [-p.chase_distance; 2];
    w.0[CHASE_RIM] = [p.chase_edge; 2];
    w.0[CHASE_IMMOBILE] = [p.chase_mobility; 2];
    for s in Square::all() {
        let i = s.index();
        let (r, f) = (i32::from(s.row()), i32::from(s.file(rules)));
        let advance = 7 - r;
        let centre = (2..=5).contains(&r) && (2..=5).contains(&f);
        let edge = f == 0 || f == 7;
        let mut v = [p.advance_mid * advance, p.advance_end * advance];
        for x in &mut v {
            *x += if centre { p.centre } else { 0 } + if edge { p.edge } else { 0 };
        }
        w.0[MAN_SQ + i] = v;
        let king_centre = (1..=6).contains(&r) && (1..=6).contains(&f);
        w.0[KING_SQ + i] = [if king_centre { p.king_centre } else { 0 }; 2];
        // Rows to go: a man on row r has r rows left.
        if (1..8).contains(&r) {
            let run = p.runaway - p.runaway_step * r;
            w.0[RUNAWAY + r as usize] = [run, run];
        }
    }
    for c in 0..16 {
        let n = (c as u32).count_ones() as i32;
        w.0[BACK + c] = [p.back_row * n, 0];
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_files_round_trip() {
        let w = initial(RuleSet::Italian);
        assert_eq!(Weights::parse(&w.to_text("test")).unwrap(), w);
        assert!(Weights::parse("man 1").is_err());
        assert!(Weights::parse("nonsense 1 2").is_err());
    }
}
