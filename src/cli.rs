//! The command line (clap derive): subcommands and their options. `main` parses, `run` hands
//! over to the module that does the work.

use crate::rules::RuleSet;
use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "dama",
    version,
    about = "Italian draughts (dama italiana) and American checkers in the terminal"
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
    /// Play against the engine on a board in the terminal (the default command).
    Play(PlayArgs),
}

/// The rule set, as chosen on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Rules {
    /// Dama italiana (FID rules).
    #[default]
    Italian,
    /// American checkers / English draughts.
    English,
}

impl From<Rules> for RuleSet {
    fn from(r: Rules) -> RuleSet {
        match r {
            Rules::Italian => RuleSet::Italian,
            Rules::English => RuleSet::English,
        }
    }
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// Start from this position (PDN FEN) instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Depth in plies; every depth from 1 up to this one is reported.
    #[arg(long, short)]
    pub depth: u32,
    /// Print the count below each root move at the given depth.
    #[arg(long)]
    pub divide: bool,
}

/// The side the player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorChoice {
    #[default]
    White,
    Black,
    /// Chosen at random (by `--seed` when given).
    Random,
}

#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// The side you play (default White; a loaded game keeps the side you had).
    #[arg(long, value_enum)]
    pub color: Option<ColorChoice>,
    /// Engine search depth in plies (default 8).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Engine time per move in milliseconds (instead of a depth).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Seed for the engine's choices among equal moves (and for `--color random`).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start from this position (PDN FEN) instead of the start position.
    #[arg(long, conflicts_with_all = ["load", "resume"])]
    pub fen: Option<String>,
    /// Continue a saved game (PDN) from its last position.
    #[arg(long, value_name = "FILE.pdn", conflicts_with = "resume")]
    pub load: Option<std::path::PathBuf>,
    /// Continue the game kept when you last quit.
    #[arg(long)]
    pub resume: bool,
    /// Plain ASCII board without colour (`NO_COLOR` also turns colour off).
    #[arg(long)]
    pub ascii: bool,
    /// Touch-move (R-G6): a piece you pick up that can move must move.
    #[arg(long)]
    pub touch_move: bool,
}

/// Runs the parsed command line.
///
/// # Errors
/// Whatever the chosen command reports (bad input, I/O); `main` prints it and exits non-zero.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Some(Command::Perft(args)) => crate::commands::perft::run(&args),
        Some(Command::Play(args)) => crate::commands::play::run(&args),
        None => crate::commands::play::run(&cli.play),
    }
}
