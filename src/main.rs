use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = dama::cli::Cli::parse();
    match dama::cli::run(cli) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dama: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
