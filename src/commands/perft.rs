//! `dama perft`: node counts, time and nodes/s per depth; `--divide` per root move.

use super::output::{Out, outln};
use super::values::{Rules, concurrency, number_in};
use crate::notation::fen;
use crate::rules::{Position, RuleSet, divide_threads, perft_threads};
use anyhow::Context;
use clap::Args;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// Start from this position (PDN FEN) instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Depth in plies; every depth from 1 up to this one is reported.
    #[arg(long, short, value_parser = depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// Print the count below each root move at the given depth.
    #[arg(long)]
    pub divide: bool,
    /// Threads that share out the root moves (1 to 64; the counts do not change).
    #[arg(long, value_parser = concurrency, default_value_t = 1, allow_negative_numbers = true)]
    pub threads: usize,
}

/// The deepest perft allowed. From the start position depth 11 takes about a second (release
/// build, one thread), each ply more about 4.5 times as long: depth 15 takes minutes, 20
/// days; beyond it a run would never end (and its count would soon overflow).
pub const MAX_DEPTH: u32 = 20;

/// A depth from 1 to [`MAX_DEPTH`]; too deep says why there is a bound (the range said was
/// 1 to 4294967295 for 0, though 21 was refused).
fn depth(text: &str) -> Result<u32, String> {
    number_in(text, 1, u64::from(MAX_DEPTH)).map_err(|e| match text.trim().parse::<u64>() {
        Ok(d) if d > u64::from(MAX_DEPTH) => format!(
            "{d} is too deep: at most {MAX_DEPTH} (each ply multiplies the count and the time \
             by about 4.5: from the start position depth 15 takes minutes, depth 20 days)"
        ),
        _ => e,
    })
}

pub fn run(args: &PerftArgs, out: &mut Out) -> anyhow::Result<()> {
    let rules = RuleSet::from(args.rules);
    let pos = match &args.fen {
        Some(text) => fen::parse(rules, text).with_context(|| format!("bad --fen {text:?}"))?,
        None => Position::start(rules),
    };
    outln!(out, "rules {rules}  fen {}", fen::write(&pos))?;
    if args.threads > 1 {
        outln!(out, "threads {}", args.threads)?;
    }
    if args.divide {
        let t = Instant::now();
        let rows = divide_threads(&pos, args.depth, args.threads);
        let secs = t.elapsed().as_secs_f64();
        let mut total = 0;
        for (m, n) in &rows {
            outln!(out, "{m:<12} {n}")?;
            total += n;
        }
        outln!(
            out,
            "moves {}  depth {}  nodes {total}  time {secs:.3}s  nps {}",
            rows.len(),
            args.depth,
            nps(total, secs)
        )?;
        return Ok(());
    }
    outln!(
        out,
        "{:>5} {:>14} {:>10} {:>14}",
        "depth",
        "nodes",
        "time",
        "nodes/s"
    )?;
    for depth in 1..=args.depth {
        let t = Instant::now();
        let n = perft_threads(&pos, depth, args.threads);
        let secs = t.elapsed().as_secs_f64();
        outln!(
            out,
            "{depth:>5} {n:>14} {:>9.3}s {:>14}",
            secs,
            nps(n, secs)
        )?;
    }
    Ok(())
}

fn nps(nodes: u64, secs: f64) -> u64 {
    if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        nodes
    }
}
