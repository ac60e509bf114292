//! The command line (clap derive): the subcommands. Each command's options live in its own
//! module under `commands/` (the value parsers they share in `commands::values`); `main`
//! parses, `run` hands over to the module that does the work.

use crate::commands::analyze::AnalyzeArgs;
use crate::commands::bench::BenchArgs;
use crate::commands::book::BookArgs;
use crate::commands::engine_protocol::EngineArgs;
use crate::commands::matchplay::MatchArgs;
use crate::commands::pattern::PatternArgs;
use crate::commands::perft::PerftArgs;
use crate::commands::play::PlayArgs;
use crate::commands::replay::ReplayArgs;
use crate::commands::suite::SuiteArgs;
use crate::commands::tables::TablesArgs;
use crate::commands::train::TrainArgs;
use crate::commands::tune::TuneArgs;
use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "dama",
    version,
    about = "Italian draughts (dama italiana) and American checkers in the terminal",
    // `dama --depth 3 perft` would silently drop --depth: the play options go alone.
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// With no subcommand, `dama` opens the board as `dama play` does, with these options.
    #[command(flatten)]
    pub play: PlayArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the move tree (move generator check and speed test).
    Perft(PerftArgs),
    /// Replay a game saved as PDN (`--text` prints it for scripts).
    Replay(ReplayArgs),
    /// Search a fixed set of positions to a fixed depth: total nodes (deterministic) and nodes/s.
    Bench(BenchArgs),
    /// Play the engine against itself at two settings and report the score and Elo difference.
    Match(MatchArgs),
    /// Analyse a position (--fen) or a game from a PDN file: one line per search iteration, or
    /// with --annotate a copy of the game with the engine's judgement of every move.
    Analyze(AnalyzeArgs),
    /// Drive the engine over a line-based text protocol on stdin/stdout (see docs/protocol.md).
    Engine(EngineArgs),
    /// Play against the engine on a board in the terminal (the default command).
    Play(PlayArgs),
    /// Set up a position (pieces by keys or mouse, a FEN typed or pasted), then play it or
    /// copy its FEN.
    Edit(crate::commands::play::EditArgs),
    /// Training: find the move that wins material by force (combinations, "colpi"), easy to
    /// hard, from proven positions and your own reviewed games.
    Train(TrainArgs),
    /// Endgame tables: build them (retrograde analysis), list them, check them.
    Tables(TablesArgs),
    /// Opening book: grow one by deep searches (drop-out expansion), or say what one holds.
    Book(BookArgs),
    /// Learn the evaluation's weights from self-play games (developers: see docs/developer.md).
    Tune(TuneArgs),
    /// Test suites of shots (quiet moves that win material by force): build one from self-play
    /// games, or count how many the engine solves (developers: see docs/developer.md).
    Suite(SuiteArgs),
    /// The pattern evaluation: self-play training positions, and the fit of its weights
    /// (developers: see docs/developer.md).
    Pattern(PatternArgs),
}

/// Runs the parsed command line.
///
/// # Errors
/// Whatever the chosen command reports (bad input, I/O); `main` prints it and exits non-zero.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    use crate::commands::*;
    // Every command prints through this one handle, so a failed write is an error it returns
    // (a closed pipe, a full disk) instead of a panic.
    let mut out = output::Out::stdout();
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args, &mut out),
        Some(Command::Replay(args)) => replay::run(&args, &mut out),
        Some(Command::Bench(args)) => bench::run(&args, &mut out),
        Some(Command::Match(args)) => matchplay::run(&args, &mut out),
        Some(Command::Analyze(args)) => analyze::run(&args, &mut out),
        // The protocol shares the handle with its search thread.
        Some(Command::Engine(args)) => return engine_protocol::run(&args, out),
        // The board writes its closing lines itself: after a closed terminal they must not
        // become errors (see play::report_end).
        Some(Command::Tables(args)) => tables::run(&args, &mut out),
        Some(Command::Book(args)) => book::run(&args, &mut out),
        Some(Command::Tune(args)) => tune::run(&args, &mut out),
        Some(Command::Suite(args)) => suite::run(&args, &mut out),
        Some(Command::Pattern(args)) => pattern::run(&args, &mut out),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Edit(args)) => play::edit(&args),
        Some(Command::Train(args)) => train::run(&args),
        // No arguments at all: the start screen; any option goes straight to the board.
        None if std::env::args_os().len() <= 1 => play::start_screen(&cli.play),
        None => play::run(&cli.play),
    }?;
    Ok(out.flush()?)
}
