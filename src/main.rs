use clap::Parser;

fn main() -> std::process::ExitCode {
    restore_sigpipe();
    ignore_file_size_signal();
    let cli = dama::cli::Cli::parse();
    match dama::cli::run(cli) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dama: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Rust ignores SIGPIPE, so `dama perft | head` would panic on the first write after `head`
/// exits. A command-line tool should end quietly then, as `cat` does: restore the default.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread exists; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
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
