//! `dama tables build|info|verify`: the endgame tables in the data folder.

use super::output::{Out, outln, warn};
use super::values::Rules;
use crate::rules::RuleSet;
use crate::tables::{self, BuildOptions, Material, SliceEvent, file};
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
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
        /// Rule set of the tables to build.
        #[arg(long, value_enum, default_value_t = Rules::Italian)]
        rules: Rules,
        /// Most pieces on the board (2 to 7; 7 is hours of CPU, see docs/engine.md).
        #[arg(long, default_value_t = tables::DEFAULT_PIECES, value_parser = pieces)]
        pieces: u32,
        /// Worker threads (default: every core).
        #[arg(long, value_parser = threads, allow_negative_numbers = true)]
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
        #[arg(long, default_value_t = 200, value_parser = super::values::positive_u32, allow_negative_numbers = true)]
        samples: u32,
    },
}

fn pieces(text: &str) -> Result<u32, String> {
    super::values::number_in(text, 2, u64::from(tables::MAX_PIECES))
}

fn threads(text: &str) -> Result<usize, String> {
    super::values::number_in(text, 1, 256)
}

fn required_dir() -> anyhow::Result<PathBuf> {
    crate::store::tables_dir().context("no data folder: set HOME or XDG_DATA_HOME")
}

/// The rule set's tables for an engine, saying once per process on stderr (stdout may be a
/// protocol or the board) when they are missing, smaller than the default build, or when
/// slices of the build present could not be used (named, with why), and how to build them.
pub(crate) fn for_engine(rules: RuleSet) -> Option<Arc<tables::Tables>> {
    for_engine_in(rules, crate::tui::Lang::En)
}

/// [`for_engine`], the missing tables' notice in `lang` (the board's language).
pub(crate) fn for_engine_in(rules: RuleSet, lang: crate::tui::Lang) -> Option<Arc<tables::Tables>> {
    use crate::tui::lang::Msg;
    static SAID: AtomicBool = AtomicBool::new(false);
    let load = tables::shared_load(rules);
    let have = load.tables.as_ref().map_or(0, |t| t.max_pieces());
    // A file where the data folder (or a folder in it) should be: that, not each table's
    // "Not a directory" (any name in the folder finds it).
    let in_the_way = load
        .dir
        .as_ref()
        .and_then(|dir| crate::store::file_in_the_way(&dir.join("tables.bin")));
    let notice = match &load.dir {
        Some(_) if in_the_way.is_some() => Some(format!(
            "dama: no {rules} endgame tables: {} is a file, not a folder; the engine plays \
             without them",
            in_the_way
                .as_ref()
                .map_or_else(String::new, |f| f.display().to_string())
        )),
        Some(dir) if !load.problems.is_empty() => Some(problems_notice(rules, dir, &load, have)),
        _ if have < tables::DEFAULT_PIECES => {
            let now = if have == 0 {
                Msg::TablesNone.text(lang).to_string()
            } else {
                Msg::TablesUpTo.fill(lang, &[&have])
            };
            // The rules by their name in the board's language; the command keeps `--rules`'s.
            let name = match rules {
                RuleSet::Italian => Msg::ShortItalian,
                RuleSet::English => Msg::ShortEnglish,
            };
            Some(Msg::TablesNotice.fill(
                lang,
                &[&now, &rules, &tables::DEFAULT_PIECES, &name.text(lang)],
            ))
        }
        _ => None,
    };
    if let Some(notice) = notice {
        if !SAID.swap(true, AtomicOrdering::Relaxed) {
            warn(format_args!("{notice}"));
        }
    }
    load.tables.clone()
}

/// The slices the engine had to leave out, by name (the first few), what it uses instead, and
/// the commands that list and repair them.
fn problems_notice(rules: RuleSet, dir: &Path, load: &tables::SharedLoad, have: u32) -> String {
    const NAMED: usize = 3;
    let mut named: Vec<String> = load
        .problems
        .iter()
        .take(NAMED)
        .map(|e| short(e, dir))
        .collect();
    if load.problems.len() > NAMED {
        named.push(format!("and {} more", load.problems.len() - NAMED));
    }
    let what = if load.problems.iter().all(tables::TableError::is_absent) {
        "incomplete"
    } else {
        "damaged or unreadable"
    };
    let uses = if have == 0 {
        "the engine plays without them".to_string()
    } else {
        format!("the engine uses them up to {have} pieces only")
    };
    let pieces = if load.top >= 2 {
        format!(" --pieces {}", load.top)
    } else {
        String::new()
    };
    format!(
        "dama: the {rules} endgame tables in {} are {what} ({}); {uses}; `dama tables build --rules {rules}{pieces}` rebuilds what is missing or damaged (`dama tables verify --rules {rules}` checks them all)",
        dir.display(),
        named.join("; "),
    )
}

/// An error about a file of `dir`, naming the file without the folder.
fn short(e: &tables::TableError, dir: &Path) -> String {
    short_note(&e.to_string(), dir)
}

/// "1 problem", "2 problems".
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// What a leftover temporary file means.
fn leftover_note(p: &Path) -> String {
    format!(
        "{}: left by a build that did not finish (run that build again to complete it)",
        p.display()
    )
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
    // A file where the tables' folder (or one above it) should be: named, rather than the
    // system's "File exists" or "Not a directory" of a folder that is not the file.
    if let Some(f) = crate::store::file_in_the_way(&dir.join("tables.bin")) {
        anyhow::bail!(
            "building the {rules} tables in {}: {} is a file, not a folder",
            dir.display(),
            f.display()
        );
    }
    // One build at a time in a folder: another (a board's background build, another
    // `dama tables build`) is waited for, then what it wrote is kept.
    let mut told = false;
    let _lock = loop {
        match tables::build_lock(&dir) {
            Ok(None) => {
                if !told {
                    warn(format_args!(
                        "dama: another dama is building the {rules} tables in {}; waiting for it \
                         to finish",
                        dir.display()
                    ));
                    told = true;
                }
                std::thread::sleep(std::time::Duration::from_millis(500));
            }
            Ok(Some(lock)) => break Some(lock),
            Err(_) => break None,
        }
    };
    let (mut built, mut kept, mut replaced, mut converted, mut reblocked) = (0, 0, 0, 0, 0);
    let t = tables::build(
        &BuildOptions {
            rules,
            max_pieces: pieces,
            threads,
            dir: &dir,
            memory: None,
        },
        &mut |p| {
            bar.set_length(p.total);
            bar.set_position(p.done);
            bar.set_message(format!("{} (ply {})", p.slice, p.level));
        },
        &mut |e| match e {
            SliceEvent::Damaged(why) => {
                replaced += 1;
                bar.suspend(|| {
                    warn(format_args!(
                        "dama: {why}; solving it again and replacing the file"
                    ))
                });
            }
            SliceEvent::Built(_) => built += 1,
            SliceEvent::Kept(_) => kept += 1,
            SliceEvent::Converted(_) => converted += 1,
            SliceEvent::Reblocked(_) => reblocked += 1,
        },
    )
    .with_context(|| format!("building the {rules} tables in {}", dir.display()))?;
    bar.finish_and_clear();
    let positions: u64 = t.slices().iter().map(|s| s.positions()).sum();
    outln!(
        out,
        "{rules} tables up to {pieces} pieces in {}: {} slices ({built} built{}, {kept} already there{}{}), {positions} positions, {:.1} s",
        dir.display(),
        built + kept + converted,
        match replaced {
            0 => String::new(),
            1 => ", 1 of them in place of a damaged file".to_string(),
            n => format!(", {n} of them in place of damaged files"),
        },
        match converted {
            0 => String::new(),
            n => format!(", {n} converted from the old one-byte format"),
        },
        match reblocked {
            0 => String::new(),
            1 => ", 1 of them rewritten in smaller blocks".to_string(),
            n => format!(", {n} of them rewritten in smaller blocks"),
        },
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
        let mut per_n = [(0u64, 0u64, 0u64, 0u64, 0u64, 0usize); tables::MAX_PIECES as usize + 1];
        // Every slice up to the highest piece count present is due: one that is not there,
        // or whose header or length is wrong, is named below rather than left out unsaid.
        let top = tables::built_up_to(&dir, tables::MAX_PIECES);
        let mut problems: Vec<tables::TableError> =
            tables::folder_problem(&dir).into_iter().collect();
        for m in Material::all_up_to(top) {
            let h = match file::read_header(&dir, rules, m) {
                Ok(h) => h,
                Err(e) => {
                    problems.push(e);
                    continue;
                }
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
        let leftovers = file::leftovers(&dir);
        if !any && problems.is_empty() && leftovers.is_empty() {
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
            if n >= 2 && n as u32 <= top {
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
        if !problems.is_empty() {
            outln!(
                out,
                "  {} (`dama tables build --rules {rules}{}` rebuilds what it can):",
                count(problems.len(), "problem"),
                if top >= 2 {
                    format!(" --pieces {top}")
                } else {
                    String::new()
                }
            )?;
            for e in &problems {
                outln!(out, "    {}", short(e, &dir))?;
            }
        }
        for p in &leftovers {
            outln!(out, "  {}", short_note(&leftover_note(p), &dir))?;
        }
    }
    Ok(())
}

/// A note about a file of `dir`, naming the file without the folder.
fn short_note(text: &str, dir: &Path) -> String {
    let prefix = format!("{}{}", dir.display(), std::path::MAIN_SEPARATOR);
    text.strip_prefix(&prefix).unwrap_or(text).to_string()
}

fn verify(sets: &[RuleSet], samples: u32, out: &mut Out) -> anyhow::Result<()> {
    let root = required_dir()?;
    let (mut problems, mut found) = (0, false);
    for &rules in sets {
        let dir = tables::rules_dir(&root, rules);
        let load = tables::Tables::load_checked(&dir, rules, tables::MAX_PIECES);
        let t = &load.tables;
        let leftovers = file::leftovers(&dir);
        if load.top == 0 && leftovers.is_empty() && load.problems.is_empty() {
            outln!(
                out,
                "{rules}: no tables in {} (build them with `dama tables build --rules {rules}`)",
                dir.display()
            )?;
            continue;
        }
        found = true;
        // Every slice up to the highest piece count present must be there and sound. The load
        // read in full the piece counts it uses; the others are read in full here (it checked
        // only their headers).
        let due = Material::all_up_to(load.top);
        let (mut sound, mut here) = (0, 0);
        if let Some(e) = tables::folder_problem(&dir) {
            outln!(out, "{rules}: {e}")?;
            here += 1;
        }
        for &m in &due {
            // Every block of every file: the load checked headers and block indices only.
            let checked = match t.slice(m).and_then(tables::Slice::packed_file) {
                Some(f) => f.check(),
                None => file::read(&dir, rules, m).and_then(|s| match s.packed_file() {
                    Some(f) => f.check(),
                    None => Ok(()),
                }),
            };
            match checked {
                Ok(()) => sound += 1,
                Err(e) => {
                    outln!(out, "{rules}: {e}")?;
                    here += 1;
                }
            }
        }
        for p in &leftovers {
            outln!(out, "{rules}: {}", leftover_note(p))?;
            here += 1;
        }
        let mut checked = tables::verify::Report::default();
        for s in t.slices() {
            let r = tables::verify::sample(t, s.material, samples, 0x5eed ^ s.material.size());
            for bad in &r.wrong {
                outln!(out, "{rules}: {bad}")?;
            }
            here += r.wrong.len();
            checked.add(&r);
        }
        let pieces = if load.top == 2 {
            "2 pieces".to_string()
        } else {
            format!("2 to {} pieces", load.top)
        };
        let have = t.max_pieces();
        let state = if here == 0 {
            "checksums good".to_string()
        } else if have == load.top {
            count(here, "problem")
        } else if have == 0 {
            format!("{}; the engine cannot use them", count(here, "problem"))
        } else {
            format!(
                "{}; the engine uses them up to {have} pieces only",
                count(here, "problem")
            )
        };
        let sampled = if checked.consistent == 0 {
            "no position checked against its moves".to_string()
        } else {
            format!(
                "{} positions checked against their moves, {} of them against a full search",
                checked.consistent, checked.searched
            )
        };
        if load.top == 0 {
            outln!(out, "{rules}: no slices, {state}")?;
        } else {
            outln!(
                out,
                "{rules}: {sound} of {} slices ({pieces}) sound, {state}; {sampled}",
                due.len()
            )?;
        }
        problems += here;
    }
    if problems > 0 {
        bail!("{} found", count(problems, "problem"));
    }
    if !found {
        bail!("no tables to verify in {}", root.display());
    }
    Ok(())
}
