//! Learning the evaluation's weights from games (`dama tune`): self-play games at a small
//! node budget from random openings, their quiet positions labelled with the game's result,
//! and a logistic fit of the weights to those results (Texel's method: the squared error
//! between the result and `sigmoid(K * eval)`, K fitted first with the starting weights so the
//! evaluation keeps its scale in centi-men).
//!
//! Deterministic: the games are node-limited with seeded openings and seeded variety (each
//! game's seed depends on the run's seed and the game's number only, so the thread count does
//! not matter), and the fit is full-batch Adam in `f64` summed in a fixed order. The same
//! command with the same seed (and the same binary) writes the same weights.

use super::selfplay;
use crate::engine::eval::learnt::{COUNT, PHASE_MAX, Sink, extract};
use crate::engine::eval::weights::Weights;
use crate::engine::{Engine, Limits};
use crate::rules::{Color, Position, RuleSet, has_capture};
use std::sync::atomic::AtomicBool;

/// What a run plays and fits.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    pub rules: RuleSet,
    pub games: u32,
    /// Nodes per move in the self-play games.
    pub nodes: u64,
    pub seed: u64,
    /// Games played at once (the result does not depend on it).
    pub threads: usize,
    /// Random plies at the start of each game.
    pub opening_plies: usize,
    /// Root moves within this many centi-men of the best may be played, for variety.
    pub variety: i32,
    /// Passes of the optimiser over all positions.
    pub epochs: u32,
    /// Adam's step size, in centi-men.
    pub learning_rate: f64,
    /// L2 pull of every weight towards its starting value (keeps rarely seen features put).
    pub regularisation: f64,
}

/// A quiet position from a game and that game's result for White (1, 1/2, 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub game: u32,
    pub pos: Position,
    pub result: f32,
}

/// Every game's seed: the run's seed and the game's number, mixed (splitmix64) so that
/// neighbouring numbers give unrelated games.
pub(crate) fn game_seed(seed: u64, game: u32) -> u64 {
    let mut z = seed ^ (u64::from(game) << 32 | 0x5EED).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `g` and returns its quiet positions after the opening, with the result.
fn play_game(cfg: &TuneConfig, engine: &mut Engine, g: u32) -> Vec<Sample> {
    let mut game = selfplay::begin(
        engine,
        cfg.rules,
        cfg.opening_plies,
        game_seed(cfg.seed, g),
        cfg.variety,
    );
    let stop = AtomicBool::new(false);
    let mut positions = Vec::new();
    while game.outcome().is_none() {
        let pos = *game.position();
        if !has_capture(&pos) {
            positions.push(pos);
        }
        let r = engine.search(&game, Limits::Nodes(cfg.nodes), &stop, &mut |_| {});
        let Some(m) = r.best else { break };
        game.play(&m).expect("the engine plays legal moves");
    }
    let result = match game.outcome().and_then(|o| o.winner()) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    };
    positions
        .into_iter()
        .map(|pos| Sample {
            game: g,
            pos,
            result,
        })
        .collect()
}

/// Plays `cfg.games` games on `cfg.threads` threads; `progress` hears of each finished game
/// (how many so far). The samples come in game order whatever the threads did.
pub fn play_games(cfg: &TuneConfig, progress: &mut dyn FnMut(u32)) -> Vec<Sample> {
    let mut by_game: Vec<Option<Vec<Sample>>> = vec![None; cfg.games as usize];
    crate::pool::run(
        cfg.threads,
        cfg.games as usize,
        || Engine::new(16),
        |engine, g| Some(play_game(cfg, engine, g as u32)),
        |rx| {
            let mut done = 0;
            for (g, samples) in rx {
                by_game[g] = Some(samples);
                done += 1;
                progress(done);
            }
        },
    );
    by_game.into_iter().flatten().flatten().collect()
}

/// One line of a positions file: `game result fen`.
pub fn sample_line(s: &Sample) -> String {
    format!(
        "{} {} {}",
        s.game,
        s.result,
        crate::notation::fen::write(&s.pos)
    )
}

/// Reads a line written by [`sample_line`].
pub fn parse_sample(rules: RuleSet, line: &str) -> Option<Sample> {
    let mut it = line.splitn(3, ' ');
    let game = it.next()?.parse().ok()?;
    let result = it.next()?.parse().ok()?;
    let pos = crate::notation::fen::parse(rules, it.next()?.trim()).ok()?;
    Some(Sample { game, pos, result })
}

const _: () = assert!(COUNT <= u16::MAX as usize);

/// The positions as the fit sees them: each one's feature list (a range of `entries`), its
/// phase and divisor, and its result.
struct Data {
    /// (feature, count): four bytes each, as there may be a hundred million.
    entries: Vec<(u16, i16)>,
    rows: Vec<Row>,
}

struct Row {
    start: usize,
    end: usize,
    /// The opening weights' share (phase / PHASE_MAX), divided by the divisor ...
    a: f64,
    /// ... and the ending weights'.
    b: f64,
    result: f64,
}

struct Collect<'a>(&'a mut Vec<(u16, i16)>);
impl Sink for Collect<'_> {
    fn add(&mut self, f: usize, v: i32) {
        // Counts are small (a few dozen at most) and features under 2^16 (checked below).
        self.0.push((f as u16, v as i16));
    }
}

fn compile<'a>(samples: impl Iterator<Item = &'a Sample>) -> Data {
    let mut entries = Vec::new();
    let mut rows = Vec::new();
    for s in samples {
        let start = entries.len();
        let shape = extract(&s.pos, &mut Collect(&mut entries));
        let d = f64::from(shape.divisor) * f64::from(PHASE_MAX);
        rows.push(Row {
            start,
            end: entries.len(),
            a: f64::from(shape.phase) / d,
            b: f64::from(PHASE_MAX - shape.phase) / d,
            result: s.result.into(),
        });
    }
    Data { entries, rows }
}

/// `w[2f]` is feature f's opening weight, `w[2f + 1]` its ending weight.
fn eval(d: &Data, r: &Row, w: &[f64]) -> f64 {
    let (mut a, mut b) = (0.0, 0.0);
    for &(f, v) in &d.entries[r.start..r.end] {
        let v = f64::from(v);
        a += w[2 * f as usize] * v;
        b += w[2 * f as usize + 1] * v;
    }
    a * r.a + b * r.b
}

/// The expected score for an evaluation (centi-men from White's view): `1 / (1 + 10^(-K e /
/// 400))`.
fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + (-k * e * std::f64::consts::LN_10 / 400.0).exp())
}

fn loss(d: &Data, w: &[f64], k: f64) -> f64 {
    if d.rows.is_empty() {
        return 0.0;
    }
    let sum: f64 = d
        .rows
        .iter()
        .map(|r| (r.result - sigmoid(k, eval(d, r, w))).powi(2))
        .sum();
    sum / d.rows.len() as f64
}

/// The K that fits the results best with the given weights (golden-section search).
fn fit_k(d: &Data, w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 10.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..50 {
        let (m1, m2) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if loss(d, w, m1) < loss(d, w, m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    (lo + hi) / 2.0
}

/// What a fit did.
#[derive(Clone, Debug)]
pub struct Report {
    pub weights: Weights,
    pub k: f64,
    pub train_positions: usize,
    pub test_positions: usize,
    /// Mean squared error on the fitted positions and on the held-out ones (every tenth game),
    /// with the starting weights and with the rounded fitted ones.
    pub train_before: f64,
    pub train_after: f64,
    pub test_before: f64,
    pub test_after: f64,
}

fn flat(w: &Weights) -> Vec<f64> {
    w.0.iter()
        .flat_map(|[a, b]| [f64::from(*a), f64::from(*b)])
        .collect()
}

/// Fits the weights to `samples`, starting from `start`; every tenth game is held out to
/// measure the fit. `progress` hears the epoch and the training loss now and then.
pub fn fit(
    cfg: &TuneConfig,
    samples: &[Sample],
    start: &Weights,
    progress: &mut dyn FnMut(u32, f64),
) -> Report {
    let held_out = |s: &&Sample| s.game % 10 == 9;
    // Kings-only positions are left to the hand-set terms (see `eval::evaluate`).
    let learnt = |s: &&Sample| !crate::engine::eval::kings_only(&s.pos);
    let train = compile(samples.iter().filter(learnt).filter(|s| !held_out(s)));
    let test = compile(samples.iter().filter(learnt).filter(held_out));
    let w0 = flat(start);
    let k = fit_k(&train, &w0);
    let mut w = w0.clone();
    let (mut m, mut v) = (vec![0.0; 2 * COUNT], vec![0.0; 2 * COUNT]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let n = train.rows.len().max(1) as f64;
    let c = k * std::f64::consts::LN_10 / 400.0;
    let mut grad = vec![0.0; 2 * COUNT];
    for epoch in 1..=cfg.epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut total = 0.0;
        for r in &train.rows {
            let s = sigmoid(k, eval(&train, r, &w));
            total += (r.result - s).powi(2);
            // d(error)/d(eval), spread over the weights by each feature's share.
            let g = -2.0 * (r.result - s) * s * (1.0 - s) * c / n;
            let (ga, gb) = (g * r.a, g * r.b);
            for &(f, x) in &train.entries[r.start..r.end] {
                let x = f64::from(x);
                grad[2 * f as usize] += ga * x;
                grad[2 * f as usize + 1] += gb * x;
            }
        }
        let t = i32::try_from(epoch).unwrap_or(i32::MAX);
        for i in 0..w.len() {
            let g = grad[i] + 2.0 * cfg.regularisation * (w[i] - w0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t));
            let vh = v[i] / (1.0 - b2.powi(t));
            w[i] -= cfg.learning_rate * mh / (vh.sqrt() + eps);
        }
        if epoch % 25 == 0 || epoch == cfg.epochs {
            progress(epoch, total / n);
        }
    }
    let weights = Weights(
        w.chunks(2)
            .map(|p| [p[0].round() as i32, p[1].round() as i32])
            .collect(),
    );
    let wr = flat(&weights);
    Report {
        k,
        train_positions: train.rows.len(),
        test_positions: test.rows.len(),
        train_before: loss(&train, &w0, k),
        train_after: loss(&train, &wr, k),
        test_before: loss(&test, &w0, k),
        test_after: loss(&test, &wr, k),
        weights,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::weights::initial;

    fn tiny(seed: u64, threads: usize) -> TuneConfig {
        TuneConfig {
            rules: RuleSet::Italian,
            games: 4,
            nodes: 300,
            seed,
            threads,
            opening_plies: 6,
            variety: 10,
            epochs: 30,
            learning_rate: 1.0,
            regularisation: 1e-6,
        }
    }

    #[test]
    fn same_seed_same_weights() {
        let start = initial(RuleSet::Italian);
        let run = |cfg: &TuneConfig| {
            let samples = play_games(cfg, &mut |_| {});
            let report = fit(cfg, &samples, &start, &mut |_, _| {});
            (samples, report.weights)
        };
        let (s1, w1) = run(&tiny(3, 1));
        let (s2, w2) = run(&tiny(3, 2));
        assert!(!s1.is_empty());
        assert_eq!(s1, s2);
        assert_eq!(w1, w2);
        assert_ne!(w1, start, "the fit moved the weights");
        let (s3, _) = run(&tiny(4, 1));
        assert_ne!(s1, s3, "another seed plays other games");
        // Quiet positions only, and the file lines read back.
        for s in &s1 {
            assert!(!has_capture(&s.pos));
            assert_eq!(
                parse_sample(RuleSet::Italian, &sample_line(s)).as_ref(),
                Some(s)
            );
        }
    }

    #[test]
    fn fitting_lowers_the_error() {
        let cfg = tiny(9, 1);
        let samples = play_games(&cfg, &mut |_| {});
        let r = fit(&cfg, &samples, &initial(RuleSet::Italian), &mut |_, _| {});
        assert!(r.k > 0.05 && r.k < 10.0);
        assert!(r.train_after < r.train_before, "{r:?}");
    }
}
