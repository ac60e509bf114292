//! `dama book build|info`: the opening book in the data folder (or a file named).

use super::output::{Out, outln};
use super::values::Rules;
use crate::book::build::{self, Options, Step, Tree};
use crate::book::format::{ROOT, ROOTS_BALLOTS, ROOTS_START};
use crate::book::{self, Book};
use crate::rules::{Position, RuleSet};
use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    pub action: BookAction,
}

/// Where a book grows from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Roots {
    /// The start position.
    Start,
    /// The rule set's ballots (Italian 11-man, English 3-move).
    Ballots,
    /// Both.
    Both,
}

#[derive(Subcommand, Debug)]
pub enum BookAction {
    /// Grow an opening book by drop-out expansion (deep searches of the positions near the
    /// roots); interrupt at will: a rerun with the same options continues where it stopped.
    Build {
        /// Rule set of the book to grow.
        #[arg(long, value_enum, default_value_t = Rules::Italian)]
        rules: Rules,
        /// Nodes each position's search may use.
        #[arg(long, default_value_t = 300_000, value_parser = nodes)]
        nodes: u64,
        /// Where the book grows from.
        #[arg(long, value_enum, default_value_t = Roots::Both)]
        roots: Roots,
        /// No position this many plies past its root is expanded.
        #[arg(long, default_value_t = 30, value_parser = max_ply)]
        max_ply: u8,
        /// Stop once the book holds this many positions.
        #[arg(long, value_parser = super::values::positive_usize, allow_negative_numbers = true)]
        positions: Option<usize>,
        /// Stop after this many minutes (wall clock) of this session.
        #[arg(long, value_parser = minutes)]
        minutes: Option<f64>,
        /// Stop once the book's searches have used this many minutes of CPU time in all
        /// (over every session: a build to a fixed cost, whatever the load).
        #[arg(long, value_parser = minutes)]
        cpu_minutes: Option<f64>,
        /// Stop after this many expansions in this session.
        #[arg(long, value_parser = super::values::positive, allow_negative_numbers = true)]
        expansions: Option<u64>,
        /// The book file (default: the data folder's book/<rules>.book).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Seconds between progress lines (and saves of the book so far).
        #[arg(long, default_value_t = 30, value_parser = seconds)]
        every: u64,
    },
    /// What a book holds: positions, depth, moves from the start, size.
    Info {
        /// Rule set of the book to describe (default Italian; with --file, the file's own,
        /// and a different one is refused).
        #[arg(long, value_enum)]
        rules: Option<Rules>,
        /// A book file (default: the data folder's, else the one shipped with dama).
        #[arg(long)]
        file: Option<PathBuf>,
    },
}

fn nodes(text: &str) -> Result<u64, String> {
    super::values::number_in(text, 100, 1_000_000_000)
}

fn max_ply(text: &str) -> Result<u8, String> {
    super::values::number_in(text, 1, 200)
}

fn seconds(text: &str) -> Result<u64, String> {
    super::values::number_in(text, 1, 86_400)
}

fn minutes(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(m) if m.is_finite() && m > 0.0 => Ok(m),
        _ => Err(format!("{text:?} is not a number of minutes above 0")),
    }
}

/// # Errors
/// A book that cannot be read or written, or options that do not fit the book resumed.
pub fn run(args: &BookArgs, out: &mut Out) -> anyhow::Result<()> {
    match &args.action {
        BookAction::Build {
            rules,
            nodes,
            roots,
            max_ply,
            positions,
            minutes,
            cpu_minutes,
            expansions,
            out: file,
            every,
        } => {
            let rules = RuleSet::from(*rules);
            let path = match file {
                Some(p) => p.clone(),
                None => {
                    let dir = book::dir().context("no data folder: set HOME or XDG_DATA_HOME")?;
                    // A file in the way is named, not the system's "File exists".
                    std::fs::create_dir_all(&dir).map_err(|e| {
                        anyhow::anyhow!(
                            "cannot make {}: {}",
                            dir.display(),
                            crate::store::io_reason(&dir.join("book.bin"), &e)
                        )
                    })?;
                    dir.join(book::file_name(rules))
                }
            };
            let (roots, roots_bits) = root_positions(rules, *roots);
            let opts = Options {
                rules,
                nodes: *nodes,
                roots,
                roots_bits,
                max_ply: *max_ply,
            };
            let limits = Limits {
                positions: *positions,
                time: minutes.map(|m| Duration::from_secs_f64(m * 60.0)),
                cpu_ms: cpu_minutes.map(|m| (m * 60_000.0) as u64),
                expansions: *expansions,
                every: Duration::from_secs(*every),
            };
            build_book(&path, opts, &limits, out)
        }
        BookAction::Info { rules, file } => info(rules.map(RuleSet::from), file.as_deref(), out),
    }
}

/// The roots of a build and their bits in the file.
pub fn root_positions(rules: RuleSet, roots: Roots) -> (Vec<Position>, u8) {
    let mut list = Vec::new();
    let mut bits = 0;
    if roots != Roots::Ballots {
        list.push(Position::start(rules));
        bits |= ROOTS_START;
    }
    if roots != Roots::Start {
        bits |= ROOTS_BALLOTS;
        for n in 1..=crate::tui::ballots::count(rules) {
            if let Some(b) = crate::tui::ballots::get(rules, n) {
                list.push(b.position);
            }
        }
    }
    (list, bits)
}

/// When a build session stops.
pub struct Limits {
    pub positions: Option<usize>,
    pub time: Option<Duration>,
    /// The book's whole search CPU time, milliseconds.
    pub cpu_ms: Option<u64>,
    pub expansions: Option<u64>,
    /// Between progress lines and saves.
    pub every: Duration,
}

/// Builds (or goes on with) the book at `path`, saving it every `limits.every` and at the end;
/// SIGINT and SIGTERM stop it after the search at work, saved.
///
/// # Errors
/// A damaged book at `path`, other options than it was built with, or a failed save.
pub fn build_book(
    path: &Path,
    opts: Options,
    limits: &Limits,
    out: &mut Out,
) -> anyhow::Result<()> {
    crate::store::check_writable(path, false)
        .with_context(|| format!("cannot write {}", path.display()))?;
    // One build of a book at a time: two would each go on from the same file and save their
    // own tree over the other's, the expansions of one lost. Held until the build ends.
    let _lock = lock_book(path)?;
    let mut tree = if path.exists() {
        let book = Book::read(path).with_context(|| format!("{}", path.display()))?;
        let t = Tree::resume(&book, opts.clone())
            .with_context(|| format!("cannot go on with {}", path.display()))?;
        let s = t.stats();
        outln!(
            out,
            "book: going on with {} ({} positions, {} expanded)",
            path.display(),
            s.positions,
            s.expanded
        )?;
        t
    } else {
        outln!(
            out,
            "book: a new book at {} from {} ({} nodes a search)",
            path.display(),
            build::roots_text(opts.roots_bits),
            opts.nodes
        )?;
        Tree::new(opts)
    };
    let stop = Arc::new(AtomicBool::new(false));
    // The terminal closed (SIGHUP) stops it the same way: saved, not killed.
    #[cfg(unix)]
    for sig in [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ] {
        let _ = signal_hook::flag::register(sig, Arc::clone(&stop));
    }
    let start = Instant::now();
    let mut last = Instant::now();
    let mut done = 0u64;
    let why = loop {
        if stop.load(Ordering::Relaxed) {
            break "interrupted (run the same command again to go on)";
        }
        if limits.expansions.is_some_and(|n| done >= n) {
            break "expansions reached";
        }
        if limits.time.is_some_and(|t| start.elapsed() >= t) {
            break "time reached";
        }
        if limits.positions.is_some_and(|n| tree.positions() >= n) {
            break "positions reached";
        }
        if limits.cpu_ms.is_some_and(|ms| tree.cpu_ms() >= ms) {
            break "CPU time reached";
        }
        if tree.step() == Step::Done {
            break "nothing left to expand within --max-ply";
        }
        done += 1;
        if last.elapsed() >= limits.every {
            last = Instant::now();
            tree.save(path)
                .with_context(|| format!("cannot write {}", path.display()))?;
            progress(out, &tree, done, start)?;
        }
    };
    tree.save(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    progress(out, &tree, done, start)?;
    outln!(out, "book: saved {} ({why})", path.display())?;
    Ok(())
}

/// Takes the book's build lock (`.<name>.lock` beside it), refusing while another build holds
/// it; then removes the temporary files of builds killed while saving (`<name>.part<pid>`: no
/// other build can be at work on this book now). Where no lock can be had (a file system
/// without locks), the build goes on as before.
///
/// # Errors
/// Another build of this book is running.
fn lock_book(path: &Path) -> anyhow::Result<Option<std::fs::File>> {
    let (dir, name) = crate::store::folder_of(path)?;
    let lock = match crate::store::try_lock(&dir.join(format!(".{name}.lock"))) {
        Ok(Some(lock)) => lock,
        Ok(None) => anyhow::bail!(
            "another `dama book build` is growing {} (stop it, or wait for it to end)",
            path.display()
        ),
        Err(_) => return Ok(None),
    };
    let part = format!("{name}.part");
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for e in entries.flatten() {
            let file = e.file_name();
            let stale = file
                .to_str()
                .and_then(|f| f.strip_prefix(&part))
                .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()));
            if stale && e.file_type().is_ok_and(|t| t.is_file()) {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    Ok(Some(lock))
}

fn progress(out: &mut Out, tree: &Tree, done: u64, start: Instant) -> anyhow::Result<()> {
    let s = tree.stats();
    outln!(
        out,
        "book: {} positions, {} expanded (+{done} in {:.0} s), depth {}, search CPU {:.1} min",
        s.positions,
        s.expanded,
        start.elapsed().as_secs_f64(),
        s.max_depth,
        s.cpu_ms as f64 / 60_000.0
    )?;
    Ok(())
}

/// `rules`: as asked (`--rules`), if at all.
fn info(asked: Option<RuleSet>, file: Option<&Path>, out: &mut Out) -> anyhow::Result<()> {
    let (book, from) = match file {
        Some(p) => {
            let book = Book::read(p).with_context(|| format!("{}", p.display()))?;
            let own = book.header().rules;
            // The book's start position is the one of its own rules (it was looked up in the
            // start of --rules, Italian by default, whatever the file held).
            anyhow::ensure!(
                asked.is_none_or(|r| r == own),
                "{} is a book for the {own} rules, not {}",
                p.display(),
                asked.unwrap_or(own)
            );
            (Arc::new(book), p.display().to_string())
        }
        None => {
            let l = book::load(asked.unwrap_or(RuleSet::Italian));
            if let Some(p) = &l.problem {
                outln!(out, "not used: {p}")?;
            }
            let from = match &l.path {
                Some(p) => p.display().to_string(),
                None => "the book shipped with dama".to_string(),
            };
            (l.book.context("no opening book")?, from)
        }
    };
    let h = *book.header();
    let records: Vec<_> = book.records().collect();
    let expanded = records.iter().filter(|r| r.expanded()).count();
    let depth = records
        .iter()
        .filter(|r| r.depth != 255)
        .map(|r| r.depth)
        .max()
        .unwrap_or(0);
    let expanded_depth = records
        .iter()
        .filter(|r| r.expanded() && r.depth != 255)
        .map(|r| r.depth)
        .max()
        .unwrap_or(0);
    let roots = records.iter().filter(|r| r.flags & ROOT != 0);
    let (roots_in, roots_all) =
        roots.fold((0, 0), |(i, a), r| (i + usize::from(r.expanded()), a + 1));
    outln!(out, "book: {from}")?;
    outln!(out, "rules: {}", h.rules)?;
    outln!(out, "grown from: {}", build::roots_text(h.roots))?;
    outln!(
        out,
        "positions: {} ({expanded} with every move searched)",
        h.count
    )?;
    outln!(
        out,
        "depth: {depth} plies from a root ({expanded_depth} for the deepest expanded position)"
    )?;
    outln!(out, "roots in book: {roots_in} of {roots_all}")?;
    outln!(out, "search: {} nodes a position", h.nodes)?;
    outln!(
        out,
        "search CPU time: {:.1} min",
        h.cpu_ms as f64 / 60_000.0
    )?;
    outln!(out, "size: {} bytes", book.size())?;
    let start = Position::start(h.rules);
    match book.moves(&start) {
        Some(moves) => outln!(
            out,
            "start position: {}",
            crate::book::probe::describe(&moves, 10)
        )?,
        None => outln!(out, "start position: not in the book")?,
    }
    Ok(())
}
