//! `dama pattern gen|fit`: training positions for the pattern evaluation and the fit of its
//! weights (see [`crate::lab::patterndata`], [`crate::lab::patternfit`] and
//! docs/developer.md), and the `--eval` choice the engine, bench and analysis share.

use super::check_output;
use super::output::{Out, outln};
use super::values::{Rules, concurrency, positive, positive_u32};
use crate::engine::eval::net;
use crate::engine::eval::pattern::{self, EvalKind};
use crate::lab::patterndata::{self, GenConfig};
use crate::lab::patternfit::{self, FitConfig};
use crate::rules::RuleSet;
use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Instant;

/// Which evaluation the search uses (`--eval`; without it, each rule set's default:
/// [`pattern::default_kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Eval {
    /// The learnt terms alone.
    Learnt,
    /// The learnt terms plus the region patterns of `dama pattern fit`.
    Pattern,
    /// The patterns plus the network's correction of `dama pattern fit --network`
    /// (the default).
    Network,
}

/// The `--eval` help, shared by the commands that take it.
pub const EVAL_HELP: &str = "The evaluation for both rule sets: the learnt terms, those plus the region patterns, or those plus the network's correction (default: network)";

/// Makes `eval` the evaluation of every search this process runs (`None`: each rule set's
/// default).
pub fn use_eval(eval: Option<Eval>) {
    pattern::set_kind(eval.map(|e| match e {
        Eval::Learnt => EvalKind::Learnt,
        Eval::Pattern => EvalKind::Pattern,
        Eval::Network => EvalKind::Network,
    }));
}

/// The rule set a weights option names ("italian" or "english").
fn rule_set(name: &str) -> anyhow::Result<RuleSet> {
    match name {
        "italian" => Ok(RuleSet::Italian),
        "english" => Ok(RuleSet::English),
        _ => anyhow::bail!("{name:?}: expected italian or english"),
    }
}

/// Loads a weights file for `rules` ("italian" or "english") in place of the built-in one.
///
/// # Errors
/// An unknown rule set, a file that cannot be read or is not a pattern weights file.
pub fn load_weights(rules: &str, path: &str) -> anyhow::Result<()> {
    let rules = rule_set(rules)?;
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {path}"))?;
    let w = pattern::PatternWeights::parse(&bytes).with_context(|| path.to_string())?;
    anyhow::ensure!(
        pattern::set_weights(rules, w),
        "pattern weights already in use"
    );
    Ok(())
}

/// Runs a fit whose progress (each epoch's training and held-out loss) is printed as it comes;
/// a failed write ends the command with its error once the fit is done.
fn with_epochs<R>(
    out: &mut Out,
    fit: impl FnOnce(&mut dyn FnMut(u32, f64, f64)) -> R,
) -> anyhow::Result<R> {
    let t = Instant::now();
    let mut failed = None;
    let r = fit(&mut |epoch, train, test| {
        if failed.is_none() {
            failed = outln!(
                out,
                "epoch {epoch}  train loss {train:.6}  held-out loss {test:.6}  {:.0}s",
                t.elapsed().as_secs_f64()
            )
            .err();
        }
    });
    match failed {
        Some(e) => Err(e.into()),
        None => Ok(r),
    }
}

/// Loads a network weights file for `rules` ("italian" or "english") in place of the built-in
/// network.
///
/// # Errors
/// An unknown rule set, a file that cannot be read or is not a network the engine reads.
pub fn load_network(rules: &str, path: &str) -> anyhow::Result<()> {
    let rules = rule_set(rules)?;
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {path}"))?;
    let net = net::Net::parse(&bytes).with_context(|| path.to_string())?;
    let q = net::QNet::from_net(&net).with_context(|| path.to_string())?;
    anyhow::ensure!(net::set_network(rules, q), "a network already in use");
    Ok(())
}

#[derive(Args, Debug)]
pub struct PatternArgs {
    #[command(subcommand)]
    pub action: PatternAction,
}

#[derive(Subcommand, Debug)]
pub enum PatternAction {
    /// Play self-play games at a small node budget and write their quiet positions (each
    /// once) with the search's score and the game's result to a binary file.
    Gen(GenArgs),
    /// Fit the pattern weights to a positions file and write the weights file the build
    /// includes.
    Fit(FitArgs),
}

#[derive(Args, Debug)]
pub struct GenArgs {
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    #[arg(long, default_value_t = 10_000, value_parser = positive_u32, allow_negative_numbers = true)]
    pub games: u32,
    /// Nodes per move.
    #[arg(long, default_value_t = 1500, value_parser = positive, allow_negative_numbers = true)]
    pub nodes: u64,
    #[arg(long, default_value_t = 1, value_parser = crate::commands::values::seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Games played at once (the file does not depend on it).
    #[arg(long, default_value_t = 1, value_parser = concurrency, allow_negative_numbers = true)]
    pub threads: usize,
    /// Random plies that open each game.
    #[arg(long, default_value_t = 4, value_parser = super::values::opening_plies, allow_negative_numbers = true)]
    pub openings: usize,
    /// Root moves within this many centi-men of the best may be played.
    #[arg(long, default_value_t = 15, value_parser = super::values::variety, allow_negative_numbers = true)]
    pub variety: i32,
    /// The positions file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Replace --out if it exists.
    #[arg(long)]
    pub force: bool,
    #[arg(long, value_enum, help = EVAL_HELP)]
    pub eval: Option<Eval>,
}

#[derive(Args, Debug)]
pub struct FitArgs {
    /// Positions files of `dama pattern gen` (one rule set).
    #[arg(required = true)]
    pub positions: Vec<PathBuf>,
    #[arg(long, default_value_t = 6, value_parser = positive_u32, allow_negative_numbers = true)]
    pub epochs: u32,
    /// Positions a minibatch [default: 16384; with --network 1024].
    #[arg(long, value_parser = super::values::positive_usize, allow_negative_numbers = true)]
    pub batch: Option<usize>,
    /// Adam's step size (falling to a tenth of it by the end): in centi-men for the patterns,
    /// in the network's weights with --network [default: 1.0; with --network 0.003].
    #[arg(long, value_parser = super::values::step, allow_negative_numbers = true)]
    pub learning_rate: Option<f64>,
    /// Pull of every weight towards 0 [default: 1e-4; with --network 0].
    #[arg(long, value_parser = super::values::pull, allow_negative_numbers = true)]
    pub regularisation: Option<f64>,
    /// The game result's share of the label (the search score's is the rest), 0-1.
    #[arg(long, default_value_t = 0.5, value_parser = share)]
    pub lambda: f64,
    #[arg(long, default_value_t = 1, value_parser = crate::commands::values::seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Threads for the gradient (1 or 2; the weights do not depend on it).
    #[arg(long, default_value_t = 2, value_parser = concurrency, allow_negative_numbers = true)]
    pub threads: usize,
    /// The weights file to write (e.g. src/engine/eval/weights/pattern_italian.bin).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    #[arg(long)]
    pub force: bool,
    /// Also report the held-out losses of this weights file (e.g. the built-in one) on the
    /// same held-out positions, to compare it with the new fit.
    #[arg(long, value_name = "WEIGHTS")]
    pub compare: Option<PathBuf>,
    /// An experiment: fit with men and kings told apart (a second set of the regions for
    /// the kings) and report the losses; the engine cannot read such weights, so no weights
    /// file is written.
    #[arg(long, hide = true)]
    pub kings_apart: bool,
    /// Fit the network's correction over the patterns instead of the patterns (the weights
    /// file the build includes as src/engine/eval/weights/network_italian.bin).
    #[arg(long)]
    pub network: bool,
}

fn share(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{s:?}: expected a number from 0 to 1")),
    }
}

pub fn run(args: &PatternArgs, out: &mut Out) -> anyhow::Result<()> {
    match &args.action {
        PatternAction::Gen(a) => generate(a, out),
        PatternAction::Fit(a) => fit(a, out),
    }
}

fn generate(a: &GenArgs, out: &mut Out) -> anyhow::Result<()> {
    use_eval(a.eval);
    check_output(&a.out, a.force)?;
    let cfg = GenConfig {
        rules: RuleSet::from(a.rules),
        games: a.games,
        nodes: a.nodes,
        seed: a.seed,
        threads: a.threads,
        opening_plies: a.openings,
        variety: a.variety,
    };
    let file = std::fs::File::create(&a.out)
        .with_context(|| format!("cannot write {}", a.out.display()))?;
    let mut w = std::io::BufWriter::new(file);
    let t = Instant::now();
    let mut failed = None;
    let stats = patterndata::generate(&cfg, &mut w, &mut |s| {
        if (s.games % 200 == 0 || s.games == cfg.games) && failed.is_none() {
            let secs = t.elapsed().as_secs_f64().max(1e-9);
            failed = outln!(
                out,
                "games {}/{}  positions {} kept of {} quiet  {:.0} kept/s  {:.0}s",
                s.games,
                cfg.games,
                s.kept,
                s.quiet,
                s.kept as f64 / secs,
                secs
            )
            .err();
        }
    })
    .with_context(|| format!("cannot write {}", a.out.display()))?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    let secs = t.elapsed().as_secs_f64().max(1e-9);
    outln!(
        out,
        "wrote {}: {} positions from {} games in {secs:.0}s on {} thread{} ({:.0} positions per CPU-hour)",
        a.out.display(),
        stats.kept,
        stats.games,
        cfg.threads,
        if cfg.threads == 1 { "" } else { "s" },
        stats.kept as f64 / secs * 3600.0 / cfg.threads as f64
    )?;
    Ok(())
}

fn fit(a: &FitArgs, out: &mut Out) -> anyhow::Result<()> {
    // Before --force is weighed: writing the weights over a positions file would lose it.
    let inputs: Vec<&std::path::Path> = a.positions.iter().map(PathBuf::as_path).collect();
    super::check_not_input(&a.out, &inputs, "--out")?;
    check_output(&a.out, a.force)?;
    let compare = match &a.compare {
        Some(p) => {
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
            let w =
                pattern::PatternWeights::parse(&bytes).with_context(|| p.display().to_string())?;
            Some((p, w))
        }
        None => None,
    };
    let mut rules = None;
    let mut records = Vec::new();
    for p in &a.positions {
        let (r, mut recs) = patterndata::read_file(p)?;
        anyhow::ensure!(
            rules.is_none_or(|x| x == r),
            "{}: another rule set than the files before it",
            p.display()
        );
        rules = Some(r);
        records.append(&mut recs);
    }
    let rules = rules.context("no positions file")?;
    let read = records.len();
    let repeats = patterndata::dedup(rules, &mut records);
    outln!(
        out,
        "{} positions ({rules}; {read} read, {repeats} repeats of an earlier one dropped)",
        records.len()
    )?;
    if a.network {
        let cfg = crate::lab::netfit::NetFitConfig {
            epochs: a.epochs,
            batch: a.batch.unwrap_or(1024),
            learning_rate: a.learning_rate.unwrap_or(0.003),
            regularisation: a.regularisation.unwrap_or(0.0),
            lambda: a.lambda,
            seed: a.seed,
            threads: a.threads,
        };
        let r = with_epochs(out, |progress| {
            crate::lab::netfit::fit(rules, &records, &cfg, progress)
        })?;
        std::fs::write(&a.out, r.net.to_bytes())
            .with_context(|| format!("cannot write {}", a.out.display()))?;
        outln!(
            out,
            "K {:.4}  {} fitted, {} held out; held out, cross-entropy / squared error against the results: patterns {:.6} / {:.6}, with the network from {} pieces {:.6} / {:.6}",
            r.k,
            r.train_positions,
            r.test_positions,
            r.test_before.0,
            r.test_before.1,
            crate::engine::eval::net::MIN_PIECES,
            r.test_after.0,
            r.test_after.1
        )?;
        outln!(out, "wrote {}", a.out.display())?;
        return Ok(());
    }
    let cfg = FitConfig {
        epochs: a.epochs,
        batch: a.batch.unwrap_or(16384),
        learning_rate: a.learning_rate.unwrap_or(1.0),
        regularisation: a.regularisation.unwrap_or(1e-4),
        lambda: a.lambda,
        seed: a.seed,
        threads: a.threads,
        kings_apart: a.kings_apart,
    };
    let report = with_epochs(out, |progress| {
        patternfit::fit(rules, &records, &cfg, progress)
    })?;
    if !a.kings_apart {
        std::fs::write(&a.out, report.weights.to_bytes())
            .with_context(|| format!("cannot write {}", a.out.display()))?;
    }
    outln!(
        out,
        "K {:.4}  cross-entropy {:.6} -> {:.6} on {} positions, held out {:.6} -> {:.6} on {}",
        report.k,
        report.train_before,
        report.train_after,
        report.train_positions,
        report.test_before,
        report.test_after,
        report.test_positions
    )?;
    outln!(
        out,
        "held-out squared error against the results {:.6} -> {:.6}",
        report.test_result_mse_before,
        report.test_result_mse_after
    )?;
    if let Some((p, w)) = &compare {
        let (ce, mse) = patternfit::held_out_losses(rules, &records, a.lambda, w);
        outln!(
            out,
            "{} on the same held-out positions: cross-entropy {ce:.6}, squared error against the results {mse:.6}",
            p.display()
        )?;
    }
    if a.kings_apart {
        outln!(
            out,
            "an experiment (kings apart, unrounded weights): no weights file written"
        )?;
        return Ok(());
    }
    let used = report.weights.0.iter().filter(|w| **w != [0, 0]).count();
    outln!(
        out,
        "wrote {} ({used} of {} weights pairs not zero)",
        a.out.display(),
        report.weights.0.len()
    )?;
    Ok(())
}
