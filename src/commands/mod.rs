//! One module per subcommand: each reads its arguments, calls the library, and prints. The
//! library itself never prints.

pub mod analyze;
pub mod bench;
pub mod engine_protocol;
pub mod matchplay;
pub mod perft;
pub mod play;
pub mod replay;

use std::path::Path;

/// Refuses an output file that exists unless `force` (the user asked to replace it): a
/// command must not destroy a file it was not clearly told to replace.
///
/// # Errors
/// The file exists and `force` is off.
pub(crate) fn check_output(path: &Path, force: bool) -> anyhow::Result<()> {
    if !force && path.exists() {
        anyhow::bail!(
            "{} already exists: add --force to replace it, or choose another name",
            path.display()
        );
    }
    Ok(())
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
