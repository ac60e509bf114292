//! `dama suite build|run`: test suites of shots (see [`crate::lab::suite`]) made from self-play
//! games and put to the engine.

use super::output::{Out, outln};
use super::values::Rules;
use super::{check_output, write_error};
use crate::engine::{Limits, format_score};
use crate::lab::suite::build::{self, Event, SuiteBuildConfig};
use crate::lab::suite::{self, Suite, run as suite_run};
use crate::proof::{self as prove, Prover};
use crate::rules::RuleSet;
use anyhow::Context;
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Args, Debug)]
pub struct SuiteArgs {
    #[command(subcommand)]
    pub action: SuiteAction,
}

#[derive(Subcommand, Debug)]
pub enum SuiteAction {
    /// Find positions where one quiet move, and only it, wins material by force (proven by a
    /// full-width search) in seeded self-play games, and write them to a suite file.
    Build(BuildArgs),
    /// Search every position of a suite file and count those where the engine plays the
    /// winning move.
    Run(RunArgs),
    /// Prove every position of a suite file again with the full-width search (at its own
    /// depth, or deeper with --depth) and count those whose answer stands.
    Verify(VerifyArgs),
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The suite file.
    pub file: PathBuf,
    /// Prove at this depth instead of each position's own.
    #[arg(long, value_parser = proof_depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Plies the win must stand before the horizon (as in build).
    #[arg(long, default_value_t = 2, value_parser = confirm, allow_negative_numbers = true)]
    pub confirm: u32,
    /// Only every Nth position (1: all).
    #[arg(long, default_value_t = 1, value_parser = super::values::positive_usize, allow_negative_numbers = true)]
    pub every: usize,
}

#[derive(Args, Debug)]
pub struct BuildArgs {
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// Most self-play games to play.
    #[arg(long, default_value_t = 1000, value_parser = positive_u32, allow_negative_numbers = true)]
    pub games: u32,
    /// Seed of the openings and the self-play engine's choices (the same seed, the same file).
    #[arg(long, default_value_t = 1, value_parser = crate::commands::values::seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Depth of the full-width proof every position is put to, in plies.
    #[arg(long, default_value_t = 10, value_parser = proof_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// A position found is proven again this many plies deeper and kept only if the answer
    /// stands (the file gives the deeper depth).
    #[arg(long, default_value_t = 2, value_parser = recheck, allow_negative_numbers = true)]
    pub recheck: u32,
    /// Plies the win must stand before the proof's horizon: a win that shows only at the last
    /// plies may be answered just beyond them.
    #[arg(long, default_value_t = 2, value_parser = confirm, allow_negative_numbers = true)]
    pub confirm: u32,
    /// Nodes per move of the self-play engine (few, so that it leaves shots on the board).
    #[arg(long, default_value_t = 1000, value_parser = positive, allow_negative_numbers = true)]
    pub nodes: u64,
    /// Root moves within this many centi-men of the best may be played in self-play.
    #[arg(long, default_value_t = 20, value_parser = super::values::variety, allow_negative_numbers = true)]
    pub variety: i32,
    /// Stop once this many positions are found.
    #[arg(long, default_value_t = 200, value_parser = super::values::positive_usize, allow_negative_numbers = true)]
    pub positions: usize,
    /// Most nodes the proof of one position may take (a position past it is skipped).
    #[arg(long, default_value_t = 50_000_000, value_parser = positive, allow_negative_numbers = true)]
    pub budget: u64,
    /// The suite file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Replace --out if it exists.
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The suite file.
    pub file: PathBuf,
    /// Milliseconds per position (the default, 100, when no limit is given).
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "nodes"], value_parser = positive, allow_negative_numbers = true)]
    pub movetime: Option<u64>,
    /// Search depth in plies per position.
    #[arg(long, conflicts_with = "nodes", value_parser = depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Nodes per position.
    #[arg(long, value_parser = positive, allow_negative_numbers = true)]
    pub nodes: Option<u64>,
    /// Transposition table size, MiB.
    #[arg(long, default_value_t = 64, value_parser = tt_mib, allow_negative_numbers = true)]
    pub tt: usize,
    /// Tuning aid: search features switched off (bits, see engine::search).
    #[arg(long, default_value_t = 0, hide = true)]
    pub exp: u32,
    #[arg(long, value_enum, help = super::pattern::EVAL_HELP)]
    pub eval: Option<super::pattern::Eval>,
}

fn positive(text: &str) -> Result<u64, String> {
    super::values::number_in(text, 1, u64::MAX)
}

fn positive_u32(text: &str) -> Result<u32, String> {
    super::values::number_in(text, 1, u64::from(u32::MAX))
}

/// A proof deeper than 16 plies would take hours per position.
fn proof_depth(text: &str) -> Result<u32, String> {
    super::values::number_in(text, 1, 16)
}

fn recheck(text: &str) -> Result<u32, String> {
    super::values::number_in(text, 0, 4)
}

fn confirm(text: &str) -> Result<u32, String> {
    super::values::number_in(text, 0, 15)
}

fn depth(text: &str) -> Result<u32, String> {
    super::values::number_in(text, 1, u64::from(crate::engine::limits::MAX_DEPTH))
}

fn tt_mib(text: &str) -> Result<usize, String> {
    super::values::number_in(text, 0, 4096)
}

/// Runs `dama suite ...`.
///
/// # Errors
/// An output file that cannot be written (build); a suite file that cannot be read or is
/// malformed, with its line number (run).
pub fn run(args: &SuiteArgs, out: &mut Out) -> anyhow::Result<()> {
    match &args.action {
        SuiteAction::Build(a) => build(a, out),
        SuiteAction::Run(a) => run_suite(a, out),
        SuiteAction::Verify(a) => verify(a, out),
    }
}

/// The command line that makes the same file, every option spelt out.
fn command_line(a: &BuildArgs) -> String {
    format!(
        "dama suite build --rules {} --games {} --seed {} --depth {} --recheck {} --confirm {} --nodes {} --variety {} \
         --positions {} --budget {} --out {}",
        RuleSet::from(a.rules),
        a.games,
        a.seed,
        a.depth,
        a.recheck,
        a.confirm,
        a.nodes,
        a.variety,
        a.positions,
        a.budget,
        a.out.display()
    )
}

fn build(a: &BuildArgs, out: &mut Out) -> anyhow::Result<()> {
    if a.confirm >= a.depth {
        anyhow::bail!(
            "--confirm {} leaves no ply of the --depth {} proof to show a win in",
            a.confirm,
            a.depth
        );
    }
    check_output(&a.out, a.force)?;
    let rules = RuleSet::from(a.rules);
    let cfg = SuiteBuildConfig {
        rules,
        games: a.games,
        seed: a.seed,
        depth: a.depth,
        confirm: a.confirm,
        recheck: a.recheck,
        nodes: a.nodes,
        variety: a.variety,
        positions: a.positions,
        budget: a.budget,
    };
    let mut failed = None;
    let mut found = 0;
    let (shots, stats) = build::build(&cfg, &mut |e| {
        if failed.is_some() {
            return;
        }
        let r = match e {
            Event::Found { game, ply, shot } => {
                found += 1;
                outln!(
                    out,
                    "{found:4}  game {game} ply {ply}: {}",
                    suite::shot_line(shot)
                )
            }
            Event::GameDone { game, stats } if game % 20 == 0 => outln!(
                out,
                "games {game}: {found} found, {} positions proved",
                stats.proved
            ),
            Event::GameDone { .. } => Ok(()),
        };
        failed = r.err();
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    let sacrifices = shots.iter().filter(|s| s.sacrifice).count();
    let header = vec![
        format!(
            "Shot suite ({rules}): one quiet move, and only it, wins at least a man by force, as \
             full-width searches of {} and {} plies prove",
            a.depth,
            a.depth + a.recheck
        ),
        format!(
            "(material only, a man {} and a king {}, captures played out past the horizon; every \
             other move wins nothing; the win shows by ply {}).",
            crate::proof::MAN,
            crate::proof::KING,
            a.depth - a.confirm
        ),
        format!("Made by: {}", command_line(a)),
        format!(
            "{} games, {} positions proved (kings alone skipped: {}), {} found ({sacrifices} \
             sacrifices); rejected: no gain {}, more than one winning move {}, less than a man \
             {}, game-ending {}, shown too near the horizon {}, not the same {} plies deeper {}, \
             over budget {}.",
            stats.games,
            stats.proved,
            stats.kings_only,
            shots.len(),
            stats.no_gain,
            stats.not_unique,
            stats.small,
            stats.decisive,
            stats.late,
            a.recheck,
            stats.unstable,
            stats.over_budget
        ),
        "Fields: FEN, winning move, men won, proof depth, sacrifice or quiet; after ';' the source \
         and the least depth at which the win shows."
            .to_string(),
    ];
    let text = suite::write(&Suite { rules, shots }, &header);
    let mut f = std::fs::File::create(&a.out).map_err(|e| write_error(&a.out, e))?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.flush())
        .map_err(|e| write_error(&a.out, e))?;
    outln!(
        out,
        "{found} positions ({sacrifices} sacrifices) from {} games, {} positions proved in {} \
         nodes; wrote {}",
        stats.games,
        stats.proved,
        stats.nodes,
        a.out.display()
    )?;
    Ok(())
}

/// Reads and checks a suite file.
///
/// # Errors
/// The file cannot be read, or a line is malformed (named with its number).
pub fn read_suite(path: &Path) -> anyhow::Result<Suite> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    suite::parse(&text).with_context(|| format!("{} is not a suite file", path.display()))
}

fn run_suite(a: &RunArgs, out: &mut Out) -> anyhow::Result<()> {
    let suite = read_suite(&a.file)?;
    let limits = match (a.movetime, a.depth, a.nodes) {
        (_, Some(d), _) => Limits::Depth(d),
        (_, _, Some(n)) => Limits::Nodes(n),
        (ms, _, _) => Limits::MoveTime(Duration::from_millis(ms.unwrap_or(100))),
    };
    super::pattern::use_eval(a.eval);
    let mut engine = super::engine_with_table(a.tt);
    engine.set_experiment(a.exp);
    let n = suite.shots.len();
    let mut solved = 0;
    for (i, shot) in suite.shots.iter().enumerate() {
        let t = suite_run::attempt(&mut engine, shot, limits);
        let played = t.played.map_or("none".to_string(), |m| m.to_string());
        let verdict = if t.solved {
            solved += 1;
            let (d, at) = t.found_at.unwrap_or((t.depth, t.elapsed));
            format!("ok    {played:<8} from depth {d} ({} ms)", at.as_millis())
        } else if t.last_finished == Some(shot.best) {
            // Right at the last finished depth, changed by the one the limit cut short.
            format!(
                "FAIL  {played:<8} expected {} (had it at depth {})",
                shot.best, t.depth
            )
        } else {
            format!("FAIL  {played:<8} expected {}", shot.best)
        };
        outln!(
            out,
            "{:4} {verdict:<44} depth {:2}  {:>8}  {:>9} nodes  {:4} ms  {}",
            i + 1,
            t.depth,
            format_score(t.score),
            t.nodes,
            t.elapsed.as_millis(),
            crate::notation::fen::write(&shot.pos)
        )?;
    }
    outln!(out, "solved {solved} / {n}")?;
    Ok(())
}

fn verify(a: &VerifyArgs, out: &mut Out) -> anyhow::Result<()> {
    let suite = read_suite(&a.file)?;
    let (mut checked, mut held) = (0, 0);
    for (i, shot) in suite.shots.iter().enumerate().step_by(a.every) {
        let depth = a.depth.unwrap_or(shot.depth);
        let mut prover = Prover::new(u64::MAX);
        let proof = prove::prove(&shot.pos, depth, a.confirm, &mut prover);
        checked += 1;
        let verdict = match &proof {
            Ok(p) if p.best == shot.best => {
                held += 1;
                format!("ok    {} wins {}.{:02}", p.best, p.gain / 100, p.gain % 100)
            }
            Ok(p) => format!("FAIL  {} wins, not {}", p.best, shot.best),
            Err(why) => format!("FAIL  {why:?}"),
        };
        outln!(
            out,
            "{:4} {verdict:<28} depth {depth:2}  {:>11} nodes  {}",
            i + 1,
            prover.nodes(),
            crate::notation::fen::write(&shot.pos)
        )?;
    }
    outln!(out, "verified {held} / {checked}")?;
    Ok(())
}
