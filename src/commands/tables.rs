//! `dama tables build|info|verify`: the endgame tables in the data folder.

use super::output::{Out, outln, warn};
use crate::cli::Rules;
use crate::rules::RuleSet;
use crate::tables::{self, BuildOptions, Material, SliceEvent, file};
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct TablesArgs {
    #[command(subcommand)]
    pub action: TablesAction,
}

#[derive(Subcommand, Debug)]
pub enum TablesAction {
    /// Solve every position with up to N pieces by retrograde analysis (interrupt at will: a
    /// rerun continues where it stopped).
    Build {
        #[arg(long, value_enum, default_value_t = Rules::Italian)]
        rules: Rules,
        /// Most pieces on the board (2 to 6).
        #[arg(long, default_value_t = tables::DEFAULT_PIECES, value_parser = pieces)]
        pieces: u32,
        /// Worker threads (default: every core).
        #[arg(long, value_parser = threads)]
        threads: Option<usize>,
        /// No progress bar (for logs).
        #[arg(long)]
        quiet: bool,
    },
    /// List the tables present: pieces, positions, size, wins/draws/losses.
    Info {
        /// Only this rule set (default: both).
        #[arg(long, value_enum)]
        rules: Option<Rules>,
    },
    /// Re-check every file's checksum and a sample of positions against a fresh search.
    Verify {
        /// Only this rule set (default: both).
        #[arg(long, value_enum)]
        rules: Option<Rules>,
        /// Positions sampled per slice.
        #[arg(long, default_value_t = 200)]
        samples: u32,
    },
}

fn pieces(text: &str) -> Result<u32, String> {
    crate::cli::number_in(text, 2, u64::from(tables::MAX_PIECES))
}

fn threads(text: &str) -> Result<usize, String> {
    crate::cli::number_in(text, 1, 256)
}

fn required_dir() -> anyhow::Result<PathBuf> {
    tables::default_dir().context("no data folder: set HOME or XDG_DATA_HOME")
}

/// The rule set's tables for an engine, saying once per process on stderr (stdout may be a
/// protocol or the board) when they are missing or smaller than the default build, and how
/// to build them.
pub(crate) fn for_engine(rules: RuleSet) -> Option<Arc<tables::Tables>> {
    static SAID: AtomicBool = AtomicBool::new(false);
    let t = tables::shared(rules);
    let have = t.as_ref().map_or(0, |t| t.max_pieces());
    if have < tables::DEFAULT_PIECES && !SAID.swap(true, AtomicOrdering::Relaxed) {
        let now = if have == 0 {
            "no endgame tables".to_string()
        } else {
            format!("endgame tables up to {have} pieces only")
        };
        warn(format_args!(
            "dama: {now} for the {rules} rules; endings with up to {} pieces are played exactly after `dama tables build --rules {rules}`",
            tables::DEFAULT_PIECES
        ));
    }
    t
}

fn rule_sets(r: Option<Rules>) -> Vec<RuleSet> {
    match r {
        Some(r) => vec![r.into()],
        None => vec![RuleSet::Italian, RuleSet::English],
    }
}

/// Runs `dama tables ...`.
///
/// # Errors
/// A folder that cannot be written or read, a damaged file (verify), a failed check.
pub fn run(args: &TablesArgs, out: &mut Out) -> anyhow::Result<()> {
    match &args.action {
        TablesAction::Build {
            rules,
            pieces,
            threads,
            quiet,
        } => build(
            (*rules).into(),
            *pieces,
            threads.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
            }),
            *quiet,
            out,
        ),
        TablesAction::Info { rules } => info(&rule_sets(*rules), out),
        TablesAction::Verify { rules, samples } => verify(&rule_sets(*rules), *samples, out),
    }
}

fn build(
    rules: RuleSet,
    pieces: u32,
    threads: usize,
    quiet: bool,
    out: &mut Out,
) -> anyhow::Result<()> {
    let dir = tables::rules_dir(&required_dir()?, rules);
    let started = Instant::now();
    let bar = if quiet {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(1)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {human_pos}/{human_len} positions  {per_sec}  {eta} left  {msg}",
        )
        .expect("a valid template"),
    );
    let (mut built, mut kept) = (0, 0);
    let t = tables::build(
        &BuildOptions {
            rules,
            max_pieces: pieces,
            threads,
            dir: &dir,
        },
        &mut |p| {
            bar.set_length(p.total);
            bar.set_position(p.done);
            bar.set_message(format!("{} (ply {})", p.slice, p.level));
        },
        &mut |e| match e {
            SliceEvent::Built(_) => built += 1,
            SliceEvent::Kept(_) => kept += 1,
        },
    )
    .with_context(|| format!("building the {rules} tables in {}", dir.display()))?;
    bar.finish_and_clear();
    let positions: u64 = t.slices().iter().map(|s| s.positions()).sum();
    outln!(
        out,
        "{rules} tables up to {pieces} pieces in {}: {} slices ({built} built, {kept} already there), {positions} positions, {:.1} s",
        dir.display(),
        built + kept,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

fn info(sets: &[RuleSet], out: &mut Out) -> anyhow::Result<()> {
    let root = required_dir()?;
    for &rules in sets {
        let dir = tables::rules_dir(&root, rules);
        outln!(out, "{rules} ({}):", dir.display())?;
        let mut any = false;
        outln!(
            out,
            "  {:<8} {:<24} {:>12} {:>12} {:>12} {:>12} {:>12} {:>5}",
            "slice",
            "material",
            "positions",
            "bytes",
            "wins",
            "draws",
            "losses",
            "dtw"
        )?;
        let mut per_n = [(0u64, 0u64, 0u64, 0u64, 0u64, 0usize); 7];
        for m in Material::all_up_to(tables::MAX_PIECES) {
            let Ok(h) = file::read_header(&dir, rules, m) else {
                continue;
            };
            any = true;
            outln!(
                out,
                "  {:<8} {:<24} {:>12} {:>12} {:>12} {:>12} {:>12} {:>5}",
                m.name(),
                m.to_string(),
                h.positions,
                h.bytes,
                h.wins,
                h.draws,
                h.losses,
                h.max_dtw
            )?;
            let t = &mut per_n[m.pieces() as usize];
            t.0 += h.positions;
            t.1 += h.bytes;
            t.2 += h.wins;
            t.3 += h.draws;
            t.4 += h.losses;
            t.5 += 1;
        }
        if !any {
            outln!(
                out,
                "  none (build them with `dama tables build --rules {rules}`)"
            )?;
            continue;
        }
        for (n, t) in per_n.iter().enumerate() {
            let expected = Material::all_up_to(n as u32)
                .iter()
                .filter(|m| m.pieces() == n as u32)
                .count();
            if t.5 > 0 {
                outln!(
                    out,
                    "  {n} pieces: {}/{expected} slices, {} positions, {} bytes, {} wins, {} draws, {} losses",
                    t.5,
                    t.0,
                    t.1,
                    t.2,
                    t.3,
                    t.4
                )?;
            }
        }
    }
    Ok(())
}

fn verify(sets: &[RuleSet], samples: u32, out: &mut Out) -> anyhow::Result<()> {
    let root = required_dir()?;
    let mut failures = 0;
    for &rules in sets {
        let dir = tables::rules_dir(&root, rules);
        let mut files = 0;
        let mut checked = tables::verify::Report::default();
        let t = tables::Tables::load(&dir, rules, tables::MAX_PIECES);
        for m in Material::all_up_to(tables::MAX_PIECES) {
            if !file::path(&dir, m).exists() {
                continue;
            }
            files += 1;
            if let Err(e) = file::read(&dir, rules, m) {
                outln!(out, "{rules}: {e}")?;
                failures += 1;
            }
        }
        for s in t.slices() {
            let r = tables::verify::sample(&t, s.material, samples, 0x5eed ^ s.data.len() as u64);
            for bad in &r.wrong {
                outln!(out, "{rules}: {bad}")?;
            }
            failures += r.wrong.len();
            checked.add(&r);
        }
        outln!(
            out,
            "{rules}: {files} files, checksums {}; {} positions checked against their moves, {} of them against a full search",
            if failures == 0 {
                "good"
            } else {
                "NOT all good"
            },
            checked.consistent,
            checked.searched
        )?;
    }
    if failures > 0 {
        bail!("{failures} problems found");
    }
    Ok(())
}
