use clap::Parser;

fn main() -> std::process::ExitCode {
    restore_sigpipe();
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
