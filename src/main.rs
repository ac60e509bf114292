use clap::Parser;
use dama::commands::output::{closed_stdout, is_closed_output, stdout_closed, warn};
use std::process::ExitCode;

fn main() -> ExitCode {
    // SIGPIPE stays ignored (Rust's default) while the command runs: a closed pipe comes back
    // as an error from the write, so a command whose product is a file (`analyze --annotate`,
    // `match --pdn`) still writes it, and the others end as `cat` does (see `closed_pipe`).
    ignore_file_size_signal();
    let cli = match dama::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match dama::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader stopped (`dama perft | head`): its choice, not a failure.
        Err(e) if is_closed_output(&e) => closed_pipe(),
        Err(e) => {
            warn(format_args!("dama: {e:#}"));
            ExitCode::FAILURE
        }
    }
}

/// `--help`, `--version` (on standard output) or a usage error (on standard error). clap's
/// own `exit` ignores a failed write and reports success: here a help text that could not be
/// written is an error like any other output.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    // Help and version go to standard output, which clap would write to `/dev/null` unseen.
    if !e.use_stderr() && stdout_closed() {
        warn(format_args!("dama: {}", closed_stdout()));
        return ExitCode::FAILURE;
    }
    match e.print() {
        Ok(()) => code,
        Err(io) if io.kind() == std::io::ErrorKind::BrokenPipe => closed_pipe(),
        Err(io) => {
            let stream = if e.use_stderr() { "error" } else { "output" };
            warn(format_args!(
                "dama: cannot write to standard {stream}: {io}"
            ));
            ExitCode::FAILURE
        }
    }
}

/// A file-size limit (`ulimit -f`) reached while saving would kill the program with SIGXFSZ,
/// losing the game it was saving. Ignored, the write fails with EFBIG instead, which the save
/// reports as an error like any other.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread exists; SIG_IGN is a valid handler.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// The reader went away (`dama perft | head`): end quietly, with the status the shell expects
/// from a command killed by SIGPIPE (as `cat` would be), so `set -o pipefail` sees the same
/// thing as with any other tool.
fn closed_pipe() -> ExitCode {
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal and raising it; no handler runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        libc::raise(libc::SIGPIPE);
    }
    // Not reached on unix (the signal ends the process); elsewhere a quiet success.
    ExitCode::SUCCESS
}
