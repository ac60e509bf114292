//! One module per subcommand: each reads its arguments, calls the library, and prints. The
//! library itself never prints.

pub mod analyze;
pub mod bench;
pub mod book;
pub mod engine_protocol;
pub mod matchplay;
pub mod output;
pub mod pattern;
pub mod perft;
pub mod play;
pub mod replay;
pub mod suite;
pub mod tables;
pub mod train;
pub mod tune;
pub mod values;

use crate::engine::{Engine, SearchInfo, SearchResult};
use crate::store;
use std::path::Path;
use std::time::Instant;

/// An engine with a table of `tt_mib` MiB, saying on stderr (stdout may be a protocol) when
/// the system could only spare a smaller one.
pub(crate) fn engine_with_table(tt_mib: usize) -> Engine {
    let engine = Engine::new(tt_mib);
    if engine.tt_mib() < tt_mib {
        output::warn(format_args!(
            "dama: not enough memory for a {tt_mib} MiB table; using {} MiB",
            engine.tt_mib()
        ));
    }
    engine
}

/// The report to print after a search whose chosen move is not the first move of the last
/// reported line (a move picked at random among near-equal ones for variety, or a better move
/// found by an interrupted iteration), so the last line printed always starts with the move
/// played: the chosen move's own line, with the result's score and counts. `last` is the last
/// report and when it came. `None` when it already starts with the move (or nothing came).
pub(crate) fn chosen_line(
    last: Option<&(SearchInfo, Instant)>,
    r: &SearchResult,
) -> Option<SearchInfo> {
    let ((last, at), best) = (last?, r.best?);
    // The search's time: that of its last report, and what went by since.
    let elapsed = last.elapsed + at.elapsed();
    if last.pv.first() == Some(&best) {
        return None;
    }
    let pv = if r.pv.first() == Some(&best) {
        r.pv.clone()
    } else {
        vec![best]
    };
    let secs = elapsed.as_secs_f64();
    Some(SearchInfo {
        depth: last.depth.max(r.depth),
        score: r.score,
        nodes: r.nodes,
        nps: if secs > 0.0 {
            (r.nodes as f64 / secs) as u64
        } else {
            r.nodes
        },
        elapsed,
        pv,
        tables: r.tables,
    })
}

/// Checks, before the long work that produces it, that an output file can be written: it
/// does not exist unless `force` (the user asked to replace it: a command must not destroy a
/// file it was not clearly told to replace), and the store can write it there
/// ([`store::check_writable`]: not a folder, a folder that takes a new file; with `force`,
/// links followed as the save follows them, a device or pipe writable, a disk refused).
///
/// # Errors
/// The file exists and `force` is off, or the file cannot be written there.
pub(crate) fn check_output(path: &Path, force: bool) -> anyhow::Result<()> {
    let shown = path.display();
    // A folder is never replaced, --force or not: saying "add --force" would only lead to a
    // second refusal.
    if path.is_dir() {
        anyhow::bail!("cannot write {shown}: it is a folder");
    }
    if !force && (path.exists() || path.is_symlink()) {
        anyhow::bail!("{shown} already exists: add --force to replace it, or choose another name");
    }
    store::check_writable(path, force).map_err(|e| {
        if e.kind() == std::io::ErrorKind::IsADirectory {
            anyhow::anyhow!("cannot write {shown}: it is a folder")
        } else {
            anyhow::anyhow!("cannot write {shown}: {e}")
        }
    })
}

/// Refuses an output file that is one of the command's input files (compared as canonical
/// paths, so `./a.pdn`, `a.pdn` and a link to it are the same file): writing it would replace
/// what is being read, e.g. the other games of a file whose one game is annotated. `--force`
/// does not lift this: it means "replace an old output", not "overwrite the input".
///
/// # Errors
/// The output is one of `inputs`.
pub(crate) fn check_not_input(output: &Path, inputs: &[&Path], option: &str) -> anyhow::Result<()> {
    let Ok(out) = std::fs::canonicalize(output) else {
        // Not there yet (or unreachable): it cannot be an input that was read.
        return Ok(());
    };
    for input in inputs {
        if std::fs::canonicalize(input).is_ok_and(|i| i == out) || same_file(input, output) {
            anyhow::bail!(
                "{} is the file being read: {option} must name another file (it would replace \
                 the input)",
                output.display()
            );
        }
    }
    Ok(())
}

/// Whether two paths are one file under two names (a hard link), by device and inode.
#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &Path, _: &Path) -> bool {
    false
}

/// The error for a failed save, naming the file (and --force when it was in the way).
pub(crate) fn write_error(path: &Path, e: std::io::Error) -> anyhow::Error {
    if e.kind() == std::io::ErrorKind::AlreadyExists {
        anyhow::anyhow!(
            "{} already exists: add --force to replace it, or choose another name",
            path.display()
        )
    } else {
        anyhow::anyhow!("cannot write {}: {e}", path.display())
    }
}
