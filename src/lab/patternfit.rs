//! Fitting the pattern evaluation's weights (`dama pattern fit`) to the positions of `dama
//! pattern gen`: Adam on the logistic (cross-entropy) loss over the sparse region features,
//! in minibatches, the learnt evaluation's score a fixed offset the patterns add to.
//!
//! The label blends the game's result with the search's score there: `lambda * result +
//! (1 - lambda) * sigmoid(K * score)`. Results alone are what the evaluation must predict,
//! but at small budgets most games are drawn and one game's result labels a hundred
//! positions, noisily; the search's score is a dense, position-by-position signal but
//! carries the present evaluation's own errors. Half and half (the default) keeps both.
//!
//! Reproducible: the shuffles come from the seed, every minibatch's gradient is summed as two
//! fixed halves in a fixed order (one thread or two), so the same data, seed and settings
//! write the same weights.

use super::patterndata::Record;
use crate::engine::eval::pattern::{
    CONFIGS, PHASE_MAX, PatternWeights, REGIONS, WEIGHTS, configs, mirror_config, mirror_region,
};
use crate::engine::eval::weights;
use crate::rules::RuleSet;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// How to fit.
#[derive(Clone, Debug)]
pub struct FitConfig {
    pub epochs: u32,
    pub batch: usize,
    /// Adam's step size in centi-men, falling linearly to a tenth of it by the last batch.
    pub learning_rate: f64,
    /// Decoupled weight decay (AdamW): the fraction every weight the batch moves loses.
    pub regularisation: f64,
    /// The result's share of the label (the search score's is the rest).
    pub lambda: f64,
    pub seed: u64,
    pub threads: usize,
    /// An experiment, not an evaluation the engine reads: the regions see men only, and a
    /// second set of the same regions sees the kings only (each square empty, a White king or
    /// a Black king), so the fit tells men and kings apart. The held-out losses are then those
    /// of the unrounded weights, and the weights returned are only the men's half.
    pub kings_apart: bool,
}

/// A position as the fit sees it.
struct Row {
    /// White's view's region configurations, then Black's.
    configs: [u16; 2 * REGIONS],
    /// The same of the kings alone, with [`FitConfig::kings_apart`] (else unused).
    kings: [u16; 2 * REGIONS],
    /// The learnt evaluation, White's view.
    offset: f32,
    /// The opening weights' share.
    phase: f32,
    target: f32,
    result: f32,
}

/// What a fit did.
#[derive(Clone, Debug)]
pub struct FitReport {
    pub weights: PatternWeights,
    pub k: f64,
    pub train_positions: usize,
    pub test_positions: usize,
    /// Mean cross-entropy against the labels on the fitted and on the held-out positions
    /// (every tenth game), with the learnt evaluation alone and with the patterns added
    /// (rounded as the engine reads them) ...
    pub train_before: f64,
    pub train_after: f64,
    pub test_before: f64,
    pub test_after: f64,
    /// ... and the held-out mean squared error against the results alone.
    pub test_result_mse_before: f64,
    pub test_result_mse_after: f64,
}

pub(super) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The scale of a score in the logistic: `K ln 10 / 400` per centi-man.
pub(super) fn scale(k: f64) -> f64 {
    k * std::f64::consts::LN_10 / 400.0
}

pub(super) fn cross_entropy(t: f64, p: f64) -> f64 {
    let p = p.clamp(1e-7, 1.0 - 1e-7);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// The K that predicts the results best from the learnt evaluation (golden-section search on
/// the cross-entropy), on up to 200,000 of the rows.
fn fit_k(rows: &[Row]) -> f64 {
    fit_k_by(rows, |r| (r.offset, r.result))
}

/// The K that predicts the results best from a fixed score (golden-section search on the
/// cross-entropy), on up to 200,000 of the rows; `of` gives a row's score (White's view, in
/// centi-men) and result (0 to 1).
pub(super) fn fit_k_by<T>(rows: &[T], of: impl Fn(&T) -> (f32, f32)) -> f64 {
    let step = (rows.len() / 200_000).max(1);
    let loss = |k: f64| -> f64 {
        let c = scale(k);
        rows.iter()
            .step_by(step)
            .map(|r| {
                let (offset, result) = of(r);
                cross_entropy(f64::from(result), sigmoid(c * f64::from(offset)))
            })
            .sum()
    };
    let (mut lo, mut hi) = (0.05f64, 10.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let (m1, m2) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if loss(m1) < loss(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    (lo + hi) / 2.0
}

/// The feature sets a row has: the regions, and with the kings apart the kings' regions
/// (their weights after the first set's).
#[inline]
fn feature_sets(r: &Row, kings_apart: bool) -> impl Iterator<Item = (usize, &[u16; 2 * REGIONS])> {
    std::iter::once((0, &r.configs)).chain(kings_apart.then_some((2 * WEIGHTS, &r.kings)))
}

/// The patterns' sum for a row with own-view weights `p` (`p[2i]` opening, `p[2i + 1]`
/// ending; with twice the weights, the kings apart).
#[inline]
fn pattern_sum(r: &Row, p: &[f32]) -> f64 {
    let (mut a, mut b) = (0f32, 0f32);
    for (base, set) in feature_sets(r, p.len() > 2 * WEIGHTS) {
        for (i, &c) in set.iter().enumerate() {
            let idx = base + 2 * ((i % REGIONS) * CONFIGS + c as usize);
            let sign = if i < REGIONS { 1.0 } else { -1.0 };
            a += sign * p[idx];
            b += sign * p[idx + 1];
        }
    }
    f64::from(a * r.phase + b * (1.0 - r.phase))
}

/// Mean cross-entropy against the labels, and mean squared error against the results, with
/// the patterns' sum `extra(row)` added.
fn losses(rows: &[Row], c: f64, extra: &dyn Fn(&Row) -> f64) -> (f64, f64) {
    if rows.is_empty() {
        return (0.0, 0.0);
    }
    let (mut ce, mut se) = (0.0, 0.0);
    for r in rows {
        let p = sigmoid(c * (f64::from(r.offset) + extra(r)));
        ce += cross_entropy(f64::from(r.target), p);
        se += (f64::from(r.result) - p).powi(2);
    }
    (ce / rows.len() as f64, se / rows.len() as f64)
}

/// The combined, colour-antisymmetric weights the engine reads (see `eval::pattern`).
fn combine(rules: RuleSet, p: &[f32]) -> PatternWeights {
    let mut w = PatternWeights::zero();
    for r in 0..REGIONS {
        for c in 0..CONFIGS {
            let m = mirror_region(r) * CONFIGS + mirror_config(rules, r, c);
            let i = r * CONFIGS + c;
            for ph in 0..2 {
                let v = f64::from(p[2 * i + ph]) - f64::from(p[2 * m + ph]);
                w.0[i][ph] = v.round().clamp(-32767.0, 32767.0) as i16;
            }
        }
    }
    w
}

/// The fit's rows from `records`, split into fitted and held out (every tenth game), with K
/// fitted on the former and the labels blended by `lambda`.
fn prepare(
    rules: RuleSet,
    records: &[Record],
    lambda: f64,
    kings_apart: bool,
) -> (Vec<Row>, Vec<Row>, f64) {
    let both_views = |w: u32, b: u32| {
        let mut all = [0u16; 2 * REGIONS];
        all[..REGIONS].copy_from_slice(&configs(rules, w, b));
        all[REGIONS..].copy_from_slice(&configs(rules, b.reverse_bits(), w.reverse_bits()));
        all
    };
    let make = |r: &Record| -> Option<(bool, Row)> {
        let pos = r.position(rules)?;
        let (w, b) = (r.white, r.black);
        let (all, kings) = if kings_apart {
            let k = r.kings;
            (both_views(w & !k, b & !k), both_views(w & k, b & k))
        } else {
            (both_views(w, b), [0; 2 * REGIONS])
        };
        let phase = ((w | b).count_ones() as i32).min(PHASE_MAX) as f32 / PHASE_MAX as f32;
        Some((
            r.game % 10 == 9,
            Row {
                configs: all,
                kings,
                offset: weights::evaluate_white(&pos) as f32,
                phase,
                target: f32::from(r.score),
                result: f32::from(r.result) / 2.0,
            },
        ))
    };
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (held, row) in records.iter().filter_map(make) {
        if held {
            test.push(row);
        } else {
            train.push(row);
        }
    }
    let k = fit_k(&train);
    let c = scale(k);
    // The labels: the score (kept in `target` so far) becomes its expected result, blended.
    for r in train.iter_mut().chain(test.iter_mut()) {
        let s = sigmoid(c * f64::from(r.target));
        r.target = (lambda * f64::from(r.result) + (1.0 - lambda) * s) as f32;
    }
    (train, test, k)
}

/// How given weights (e.g. the built-in ones) do on the positions a fit of `records` with
/// this `lambda` holds out: the mean cross-entropy against the labels and the mean squared
/// error against the results, as [`FitReport::test_after`] and
/// [`FitReport::test_result_mse_after`] count them, so a fit's weights and older ones can be
/// compared on the same positions.
pub fn held_out_losses(
    rules: RuleSet,
    records: &[Record],
    lambda: f64,
    w: &PatternWeights,
) -> (f64, f64) {
    let (_, test, k) = prepare(rules, records, lambda, false);
    losses(&test, scale(k), &|r| score_combined(w, r))
}

/// Fits the weights to `records` (kings-only positions are not in them); every tenth game is
/// held out. `progress` hears each epoch's training loss and held-out loss.
pub fn fit(
    rules: RuleSet,
    records: &[Record],
    cfg: &FitConfig,
    progress: &mut dyn FnMut(u32, f64, f64),
) -> FitReport {
    let (train, test, k) = prepare(rules, records, cfg.lambda, cfg.kings_apart);
    let c = scale(k);
    let none = |_: &Row| 0.0;
    let (train_before, _) = losses(&train, c, &none);
    let (test_before, test_result_mse_before) = losses(&test, c, &none);

    let n = if cfg.kings_apart { 4 } else { 2 } * WEIGHTS;
    let mut p = vec![0f32; n];
    let mut adam = Adam::new(n, true);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let batch = cfg.batch.max(1);
    let batches_per_epoch = train.len().div_ceil(batch).max(1);
    let total = batches_per_epoch as f64 * f64::from(cfg.epochs.max(1));
    let mut t = 0u64;
    for epoch in 1..=cfg.epochs {
        // Fisher-Yates from the seed.
        for i in (1..order.len()).rev() {
            let j = rng.random_range(0..=i);
            order.swap(i, j);
        }
        let mut epoch_loss = 0.0;
        for chunk in order.chunks(batch) {
            t += 1;
            let work = |part: &[u32], g: &mut [f32]| -> f64 {
                let mut l = 0.0;
                for &i in part {
                    let r = &train[i as usize];
                    let e = f64::from(r.offset) + pattern_sum(r, &p);
                    let pr = sigmoid(c * e);
                    l += cross_entropy(f64::from(r.target), pr);
                    let d = ((pr - f64::from(r.target)) * c) as f32;
                    let (da, db) = (d * r.phase, d * (1.0 - r.phase));
                    for (base, set) in feature_sets(r, cfg.kings_apart) {
                        for (k, &cf) in set.iter().enumerate() {
                            let idx = base + 2 * ((k % REGIONS) * CONFIGS + cf as usize);
                            let sign = if k < REGIONS { 1.0 } else { -1.0 };
                            g[idx] += sign * da;
                            g[idx + 1] += sign * db;
                        }
                    }
                }
                l
            };
            epoch_loss += adam.gradient(chunk, cfg.threads, &work);
            let lr = cfg.learning_rate * (1.0 - 0.9 * (t - 1) as f64 / total);
            adam.update(&mut p, chunk.len(), lr, (1.0 - cfg.regularisation) as f32);
        }
        let test_loss = if cfg.kings_apart {
            losses(&test, c, &|r| pattern_sum(r, &p)).0
        } else {
            let w = combine(rules, &p);
            losses(&test, c, &|r| score_combined(&w, r)).0
        };
        progress(epoch, epoch_loss / train.len().max(1) as f64, test_loss);
    }
    let weights = combine(rules, &p[..2 * WEIGHTS]);
    let extra = |r: &Row| {
        if cfg.kings_apart {
            pattern_sum(r, &p)
        } else {
            score_combined(&weights, r)
        }
    };
    let (train_after, _) = losses(&train, c, &extra);
    let (test_after, test_result_mse_after) = losses(&test, c, &extra);
    FitReport {
        k,
        train_positions: train.len(),
        test_positions: test.len(),
        train_before,
        train_after,
        test_before,
        test_after,
        test_result_mse_before,
        test_result_mse_after,
        weights,
    }
}

/// AdamW over a fit's weights, each minibatch's gradient summed as two fixed halves (on two
/// threads or one, the same sums in the same order, so the same weights either way).
pub(super) struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    grads: [Vec<f32>; 2],
    t: i32,
    /// Weights with no gradient and no momentum are left alone (the sparse patterns: most
    /// configurations are not in a given minibatch), decay included.
    sparse: bool,
}

impl Adam {
    pub(super) fn new(n: usize, sparse: bool) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            grads: [vec![0.0; n], vec![0.0; n]],
            t: 0,
            sparse,
        }
    }

    /// A minibatch's gradient: `work(half, gradient)` sums a half's gradient into a zeroed
    /// buffer and returns its loss. Returns the batch's summed loss.
    pub(super) fn gradient(
        &mut self,
        chunk: &[u32],
        threads: usize,
        work: &(dyn Fn(&[u32], &mut [f32]) -> f64 + Sync),
    ) -> f64 {
        let half = chunk.len().div_ceil(2);
        let (first, second) = chunk.split_at(half);
        let [g0, g1] = &mut self.grads;
        g0.iter_mut().for_each(|x| *x = 0.0);
        g1.iter_mut().for_each(|x| *x = 0.0);
        let (l0, l1) = if threads >= 2 {
            std::thread::scope(|s| {
                let h = s.spawn(|| work(second, g1));
                let l0 = work(first, g0);
                (l0, h.join().expect("the gradient thread"))
            })
        } else {
            (work(first, g0), work(second, g1))
        };
        l0 + l1
    }

    /// The step after [`Adam::gradient`] of `count` positions: every weight of `p` decays by
    /// `decay` (decoupled, AdamW: the gradient's scale does not matter) and takes Adam's step
    /// of size `lr` along the mean gradient.
    pub(super) fn update(&mut self, p: &mut [f32], count: usize, lr: f64, decay: f32) {
        let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8f64);
        self.t += 1;
        let inv = 1.0 / count.max(1) as f64;
        let (c1, c2) = (1.0 - b1.powi(self.t), 1.0 - b2.powi(self.t));
        let ([g0, g1], m, v) = (&self.grads, &mut self.m, &mut self.v);
        for i in 0..p.len() {
            let g = f64::from(g0[i] + g1[i]) * inv;
            if self.sparse && g == 0.0 && m[i] == 0.0 {
                continue;
            }
            p[i] *= decay;
            let mi = b1 * f64::from(m[i]) + (1.0 - b1) * g;
            let vi = b2 * f64::from(v[i]) + (1.0 - b2) * g * g;
            m[i] = mi as f32;
            v[i] = vi as f32;
            p[i] -= (lr * (mi / c1) / ((vi / c2).sqrt() + eps)) as f32;
        }
    }
}

/// The patterns' part of a row's score with the engine's (combined, rounded) weights, as
/// [`PatternWeights::score`] computes it.
fn score_combined(w: &PatternWeights, r: &Row) -> f64 {
    let (mut a, mut b) = (0i32, 0i32);
    for (i, &c) in r.configs[..REGIONS].iter().enumerate() {
        let [x, y] = w.0[i * CONFIGS + c as usize];
        a += i32::from(x);
        b += i32::from(y);
    }
    let phase = (r.phase * PHASE_MAX as f32).round() as i32;
    f64::from((a * phase + b * (PHASE_MAX - phase)) / PHASE_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::pattern;

    #[test]
    fn fit_is_reproducible_lowers_the_loss_and_matches_the_engine() {
        let (rules, recs) = crate::lab::patterndata::test_records();
        let cfg = |threads| FitConfig {
            epochs: 3,
            batch: 64,
            learning_rate: 2.0,
            regularisation: 1e-4,
            lambda: 0.5,
            seed: 1,
            threads,
            kings_apart: false,
        };
        let a = fit(rules, &recs, &cfg(1), &mut |_, _, _| {});
        let b = fit(rules, &recs, &cfg(2), &mut |_, _, _| {});
        assert_eq!(
            a.weights.0, b.weights.0,
            "threads do not change the weights"
        );
        assert!(a.train_after < a.train_before, "{a:?}");
        // The experiment with the kings apart: reproducible too, and it learns.
        let apart = |threads| {
            let c = FitConfig {
                kings_apart: true,
                ..cfg(threads)
            };
            fit(rules, &recs, &c, &mut |_, _, _| {})
        };
        let (x, y) = (apart(1), apart(2));
        assert_eq!((x.train_after, x.test_after), (y.train_after, y.test_after));
        assert!(x.train_after < x.train_before, "{x:?}");
        assert_ne!(
            x.train_after, a.train_after,
            "the kings' regions are fitted"
        );
        assert!(a.weights.0.iter().any(|w| *w != [0, 0]));
        // The fit's view of a position's patterns is the engine's.
        for r in recs.iter().take(50) {
            let pos = r.position(rules).unwrap();
            let (w, bl) = (r.white, r.black);
            let cw = configs(rules, w, bl);
            let cb = configs(rules, bl.reverse_bits(), w.reverse_bits());
            let mut all = [0u16; 2 * REGIONS];
            all[..REGIONS].copy_from_slice(&cw);
            all[REGIONS..].copy_from_slice(&cb);
            let row = Row {
                configs: all,
                kings: [0; 2 * REGIONS],
                offset: 0.0,
                phase: ((w | bl).count_ones() as i32).min(PHASE_MAX) as f32 / PHASE_MAX as f32,
                target: 0.0,
                result: 0.0,
            };
            assert_eq!(
                score_combined(&a.weights, &row) as i32,
                a.weights.score(&pos),
                "{}",
                crate::notation::fen::write(&pos)
            );
        }
        // Antisymmetric by construction.
        for i in (0..pattern::WEIGHTS).step_by(11) {
            let (r, c) = (i / CONFIGS, i % CONFIGS);
            let m = mirror_region(r) * CONFIGS + mirror_config(rules, r, c);
            assert_eq!(a.weights.0[i], [-a.weights.0[m][0], -a.weights.0[m][1]]);
        }
    }
}
