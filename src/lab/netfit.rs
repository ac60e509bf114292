//! Fitting the network of [`crate::engine::eval::net`] (`dama pattern fit --network`): a
//! correction over the pattern evaluation (the learnt terms and the patterns, a fixed offset),
//! on the positions of `dama pattern gen`, by Adam on the cross-entropy against the pattern
//! fit's blended labels, in minibatches. It is fitted on every position (half of them have
//! fewer than [`MIN_PIECES`] pieces, and they teach the hidden units too), and judged as the
//! engine uses it: no correction below [`MIN_PIECES`]. Every tenth game is held out. Reproducible: the shuffles and the
//! first weights come from the seed, and each minibatch's gradient is summed as two fixed
//! halves in a fixed order (one thread or two).

use super::patterndata::Record;
use super::patternfit::{Adam, cross_entropy, fit_k_by, scale, sigmoid};
use crate::engine::eval::folded;
use crate::engine::eval::net::{self, INPUTS, MIN_PIECES, Net, QH};
use crate::engine::eval::pattern::EvalKind;
use crate::rules::RuleSet;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// How to fit.
#[derive(Clone, Debug)]
pub struct NetFitConfig {
    pub epochs: u32,
    pub batch: usize,
    /// Adam's step, falling linearly to a tenth by the last batch.
    pub learning_rate: f64,
    pub regularisation: f64,
    pub lambda: f64,
    pub seed: u64,
    pub threads: usize,
}

/// A position as the fit sees it.
struct Row {
    f: [u8; 32],
    n: u8,
    sign: f32,
    /// Whether the engine adds the correction here ([`MIN_PIECES`] or more pieces).
    counted: bool,
    /// The pattern evaluation, White's view.
    offset: f32,
    target: f32,
    result: f32,
}

/// What a fit did: the held-out losses are the mean cross-entropy against the labels and the
/// mean squared error against the results, without the network and with it (rounded to whole
/// centi-men as the engine adds it).
pub struct NetFitReport {
    pub net: Net,
    pub k: f64,
    pub train_positions: usize,
    pub test_positions: usize,
    pub test_before: (f64, f64),
    pub test_after: (f64, f64),
}

/// Mean cross-entropy against the labels and squared error against the results, with the
/// network `net` as the engine adds it (rounded, and only from [`MIN_PIECES`] pieces) or
/// without.
fn losses(rows: &[Row], c: f64, net: Option<&Net>) -> (f64, f64) {
    let (mut ce, mut se) = (0.0, 0.0);
    let mut z = vec![0f32; 256];
    for r in rows {
        let extra = match net {
            Some(n) if r.counted => {
                (r.sign * 100.0 * n.forward(&r.f[..usize::from(r.n)], &mut z)).round()
            }
            _ => 0.0,
        };
        let p = sigmoid(c * f64::from(r.offset + extra));
        ce += cross_entropy(f64::from(r.target), p);
        se += (f64::from(r.result) - p).powi(2);
    }
    let n = rows.len().max(1) as f64;
    (ce / n, se / n)
}

/// Fits a network to `records`; `progress` hears each epoch's training and held-out loss.
pub fn fit(
    rules: RuleSet,
    records: &[Record],
    cfg: &NetFitConfig,
    progress: &mut dyn FnMut(u32, f64, f64),
) -> NetFitReport {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for r in records {
        let Some(pos) = r.position(rules) else {
            continue;
        };
        let mut f = [0u8; 32];
        let (n, sign) = net::features(&pos, &mut f);
        let row = Row {
            f,
            n: n as u8,
            sign,
            counted: pos.occupied().count() >= MIN_PIECES,
            offset: folded::evaluate_white(&pos, EvalKind::Pattern) as f32,
            target: f32::from(r.score),
            result: f32::from(r.result) / 2.0,
        };
        if r.game % 10 == 9 {
            test.push(row);
        } else {
            train.push(row);
        }
    }
    let k = fit_k_by(&train, |r| (r.offset, r.result));
    let c = scale(k);
    for r in train.iter_mut().chain(test.iter_mut()) {
        let s = sigmoid(c * f64::from(r.target));
        r.target = (cfg.lambda * f64::from(r.result) + (1.0 - cfg.lambda) * s) as f32;
    }
    let test_before = losses(&test, c, None);

    let h = QH;
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let mut net = Net::new(h);
    for w in net.w1.iter_mut() {
        *w = (rng.random::<f32>() - 0.5) * 0.2;
    }
    net.b1.iter_mut().for_each(|b| *b = 0.5);
    for w in net.w2.iter_mut() {
        *w = (rng.random::<f32>() - 0.5) * 0.02;
    }
    let n_params = INPUTS * h + 2 * h + 1;
    let flat = |net: &Net| -> Vec<f32> {
        let mut v = net.w1.clone();
        v.extend_from_slice(&net.b1);
        v.extend_from_slice(&net.w2);
        v.push(net.b2);
        v
    };
    let unflat = |v: &[f32], net: &mut Net| {
        net.w1.copy_from_slice(&v[..INPUTS * h]);
        net.b1.copy_from_slice(&v[INPUTS * h..INPUTS * h + h]);
        net.w2
            .copy_from_slice(&v[INPUTS * h + h..INPUTS * h + 2 * h]);
        net.b2 = v[n_params - 1];
    };
    let mut p = flat(&net);
    let mut adam = Adam::new(n_params, false);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let batch = cfg.batch.max(1);
    let total = (train.len().div_ceil(batch).max(1) as f64) * f64::from(cfg.epochs.max(1));
    let mut t = 0u64;
    for epoch in 1..=cfg.epochs {
        for i in (1..order.len()).rev() {
            let j = rng.random_range(0..=i);
            order.swap(i, j);
        }
        let mut epoch_loss = 0.0;
        for chunk in order.chunks(batch) {
            t += 1;
            let net_ref = &net;
            let train_ref = &train;
            let work = |part: &[u32], g: &mut [f32]| -> f64 {
                let mut z = vec![0f32; h];
                let mut l = 0.0;
                let (gw1, rest) = g.split_at_mut(INPUTS * h);
                let (gb1, rest) = rest.split_at_mut(h);
                let (gw2, gb2) = rest.split_at_mut(h);
                let mut dz = vec![0f32; h];
                for &i in part {
                    let r = &train_ref[i as usize];
                    let f = &r.f[..usize::from(r.n)];
                    let y = net_ref.forward(f, &mut z);
                    let e = f64::from(r.offset) + f64::from(r.sign) * 100.0 * f64::from(y);
                    let pr = sigmoid(c * e);
                    l += cross_entropy(f64::from(r.target), pr);
                    let dy = ((pr - f64::from(r.target)) * c * 100.0) as f32 * r.sign;
                    gb2[0] += dy;
                    for j in 0..h {
                        let a = z[j];
                        gw2[j] += dy * a.clamp(0.0, 1.0);
                        dz[j] = if a > 0.0 && a < 1.0 {
                            dy * net_ref.w2[j]
                        } else {
                            0.0
                        };
                        gb1[j] += dz[j];
                    }
                    for &fi in f {
                        let row = &mut gw1[usize::from(fi) * h..][..h];
                        for (gr, d) in row.iter_mut().zip(&dz) {
                            *gr += d;
                        }
                    }
                }
                l
            };
            epoch_loss += adam.gradient(chunk, cfg.threads, &work);
            let lr = cfg.learning_rate * (1.0 - 0.9 * (t - 1) as f64 / total);
            // The decay falls with the step, as the step does.
            let decay = (1.0 - cfg.regularisation * lr / cfg.learning_rate) as f32;
            adam.update(&mut p, chunk.len(), lr, decay);
            unflat(&p, &mut net);
        }
        let test_loss = losses(&test, c, Some(&net)).0;
        progress(epoch, epoch_loss / train.len().max(1) as f64, test_loss);
    }
    let test_after = losses(&test, c, Some(&net));
    NetFitReport {
        net,
        k,
        train_positions: train.len(),
        test_positions: test.len(),
        test_before,
        test_after,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_is_reproducible_learns_and_the_engine_reads_it() {
        let (rules, recs) = crate::lab::patterndata::test_records();
        let cfg = |threads| NetFitConfig {
            epochs: 3,
            batch: 64,
            learning_rate: 0.003,
            regularisation: 0.0,
            lambda: 0.3,
            seed: 1,
            threads,
        };
        let mut losses = Vec::new();
        let a = fit(rules, &recs, &cfg(1), &mut |_, train, _| losses.push(train));
        let b = fit(rules, &recs, &cfg(2), &mut |_, _, _| {});
        assert_eq!(
            a.net.to_bytes(),
            b.net.to_bytes(),
            "threads do not change the weights"
        );
        assert!(losses[2] < losses[0], "{losses:?}");
        assert!(a.train_positions > 0 && a.test_positions > 0);
        // What the fit writes, the engine reads.
        let back = Net::parse(&a.net.to_bytes()).unwrap();
        assert!(net::QNet::from_net(&back).is_ok());
    }
}
