//! `dama bench`: searches the fixed bench positions and prints nodes, time and nodes/s.

use super::output::{Out, outln};
use super::values::depth;
use crate::engine::format_score;
use crate::lab::bench;
use clap::Args;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies for every bench position.
    #[arg(long, short, default_value_t = crate::lab::bench::DEFAULT_DEPTH, value_parser = depth, allow_negative_numbers = true)]
    pub depth: u32,
    #[arg(long, value_enum, help = super::pattern::EVAL_HELP)]
    pub eval: Option<super::pattern::Eval>,
}

pub fn run(args: &BenchArgs, out: &mut Out) -> anyhow::Result<()> {
    anyhow::ensure!(args.depth >= 1, "--depth must be at least 1");
    super::pattern::use_eval(args.eval);
    outln!(
        out,
        "bench: {} positions, depth {}",
        bench::POSITIONS.len(),
        args.depth
    )?;
    let lines = bench::run(args.depth);
    let mut nodes = 0;
    let mut secs = 0.0;
    for (i, l) in lines.iter().enumerate() {
        let s = l.elapsed.as_secs_f64();
        outln!(
            out,
            "{:>2} {:<8} {:<40} best {:<10} score {:>9} nodes {:>11} time {:>7.3}s",
            i + 1,
            l.rules.name(),
            l.fen,
            l.best,
            format_score(l.score),
            l.nodes,
            s
        )?;
        nodes += l.nodes;
        secs += s;
    }
    let nps = if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        nodes
    };
    outln!(out, "total nodes {nodes}  time {secs:.3}s  nodes/s {nps}")?;
    Ok(())
}
