//! `dama tune`: plays self-play games (or reads saved positions), fits the evaluation's
//! weights to the results and writes them as a weights file the build includes.

use super::check_output;
use super::output::{Out, outln};
use crate::cli::TuneArgs;
use crate::engine::eval::weights;
use crate::engine::tune::{self, Sample, TuneConfig};
use crate::rules::RuleSet;
use anyhow::Context;
use std::io::Write;

pub fn run(args: &TuneArgs, out: &mut Out) -> anyhow::Result<()> {
    let rules = RuleSet::from(args.rules);
    check_output(&args.out, args.force)?;
    if let Some(p) = &args.save_positions {
        check_output(p, args.force)?;
    }
    let cfg = TuneConfig {
        rules,
        games: args.games,
        nodes: args.nodes,
        seed: args.seed,
        threads: args.threads,
        opening_plies: args.openings,
        variety: args.variety,
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        regularisation: args.regularisation,
    };
    let samples: Vec<Sample> = match &args.positions {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("cannot read {}", p.display()))?;
            text.lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(i, l)| {
                    tune::parse_sample(rules, l).with_context(|| {
                        format!("{} line {}: not `game result fen`", p.display(), i + 1)
                    })
                })
                .collect::<anyhow::Result<_>>()?
        }
        None => {
            let mut failed = None;
            let samples = tune::play_games(&cfg, &mut |done| {
                if (done % 100 == 0 || done == cfg.games) && failed.is_none() {
                    failed = outln!(out, "games {done}/{}", cfg.games).err();
                }
            });
            if let Some(e) = failed {
                return Err(e.into());
            }
            samples
        }
    };
    outln!(out, "positions {}", samples.len())?;
    if let Some(p) = &args.save_positions {
        let mut f = std::io::BufWriter::new(
            std::fs::File::create(p).with_context(|| format!("cannot write {}", p.display()))?,
        );
        for s in &samples {
            writeln!(f, "{}", tune::sample_line(s))?;
        }
        f.flush()?;
    }
    let start = if args.from_current {
        weights::weights(rules).clone()
    } else {
        weights::initial(rules)
    };
    let mut failed = None;
    let report = tune::fit(&cfg, &samples, &start, &mut |epoch, loss| {
        if failed.is_none() {
            failed = outln!(out, "epoch {epoch} error {loss:.6}").err();
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    let source = match &args.positions {
        Some(p) => format!("positions from {}", p.display()),
        None => format!(
            "{} games at {} nodes a move, openings of {} plies, variety {}, seed {}",
            args.games, args.nodes, args.openings, args.variety, args.seed
        ),
    };
    let header = format!(
        "Evaluation weights ({rules}): feature, opening weight, ending weight (centi-men).\n\
         Written by `dama tune`: {source};\n\
         {} epochs, step {}, regularisation {}, from {} weights.\n\
         K {:.4}; error {:.6} -> {:.6} on {} positions, held out {:.6} -> {:.6} on {}.",
        args.epochs,
        args.learning_rate,
        args.regularisation,
        if args.from_current {
            "the built-in"
        } else {
            "the hand-set"
        },
        report.k,
        report.train_before,
        report.train_after,
        report.train_positions,
        report.test_before,
        report.test_after,
        report.test_positions,
    );
    std::fs::write(&args.out, report.weights.to_text(&header))
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    outln!(
        out,
        "K {:.4}  error {:.6} -> {:.6}  held out {:.6} -> {:.6}",
        report.k,
        report.train_before,
        report.train_after,
        report.test_before,
        report.test_after
    )?;
    outln!(out, "wrote {}", args.out.display())?;
    Ok(())
}
