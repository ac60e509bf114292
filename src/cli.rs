//! The command line (clap derive): subcommands and their options. `main` parses, `run` hands
//! over to the module that does the work.

use crate::rules::RuleSet;
use clap::{Args, Parser, Subcommand, ValueEnum};

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
    /// Endgame tables: build them (retrograde analysis), list them, check them.
    Tables(crate::commands::tables::TablesArgs),
    /// Learn the evaluation's weights from self-play games (developers: see docs/developer.md).
    Tune(TuneArgs),
    /// Test suites of shots (quiet moves that win material by force): build one from self-play
    /// games, or count how many the engine solves (developers: see docs/developer.md).
    Suite(crate::commands::suite::SuiteArgs),
}

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// Self-play games to play (ignored with --positions).
    #[arg(long, default_value_t = 2000, value_parser = positive_u32)]
    pub games: u32,
    /// Nodes per move in the self-play games.
    #[arg(long, default_value_t = 2000, value_parser = positive)]
    pub nodes: u64,
    /// Seed for the openings and the engines' variety (the same seed gives the same weights).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (the result does not depend on it).
    #[arg(long, default_value_t = 1, value_parser = concurrency)]
    pub threads: usize,
    /// Random plies that open each game.
    #[arg(long, default_value_t = 6, value_parser = opening_plies)]
    pub openings: usize,
    /// Root moves within this many centi-men of the best may be played in self-play.
    #[arg(long, default_value_t = 10)]
    pub variety: i32,
    /// Passes of the optimiser over the positions.
    #[arg(long, default_value_t = 300)]
    pub epochs: u32,
    /// Adam's step size, in centi-men.
    #[arg(long, default_value_t = 1.0)]
    pub learning_rate: f64,
    /// Pull of every weight towards its starting value (1e-6 and 1e-7 fitted the held-out
    /// games worse on 10,000 Italian games).
    #[arg(long, default_value_t = 1e-8)]
    pub regularisation: f64,
    /// Read the positions from this file (written by --save-positions) instead of playing.
    #[arg(long, value_name = "FILE")]
    pub positions: Option<std::path::PathBuf>,
    /// Write the positions and results to this file (one `game result fen` a line).
    #[arg(long, value_name = "FILE")]
    pub save_positions: Option<std::path::PathBuf>,
    /// Start from the built-in weights instead of the hand-set evaluation's.
    #[arg(long)]
    pub from_current: bool,
    /// The weights file to write (e.g. src/engine/eval/weights/italian.txt).
    #[arg(long, value_name = "FILE")]
    pub out: std::path::PathBuf,
    /// Replace --out (and --save-positions) if they exist.
    #[arg(long)]
    pub force: bool,
}

/// A whole number within `lo..=hi`, or an error that says the allowed range in words.
pub(crate) fn number_in<T: TryFrom<u64>>(text: &str, lo: u64, hi: u64) -> Result<T, String> {
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number"))?;
    let range = if hi >= u64::from(u32::MAX) {
        format!("at least {lo}")
    } else {
        format!("from {lo} to {hi}")
    };
    if n < lo || n > hi {
        return Err(format!("must be {range}"));
    }
    T::try_from(n).map_err(|_| format!("must be {range}"))
}

/// An engine depth: at least one ply, at most the engine's limit (a bad value is an error,
/// not silently clamped).
fn depth(text: &str) -> Result<u32, String> {
    number_in(text, 1, u64::from(crate::engine::limits::MAX_DEPTH))
}

/// The play depth: the board's own range (`+` and `-` keep to it too).
fn play_depth(text: &str) -> Result<u32, String> {
    number_in(text, 1, u64::from(crate::engine::strength::MAX_DEPTH))
}

/// A time in milliseconds, a node count or a perft depth: zero would be no work at all.
fn positive(text: &str) -> Result<u64, String> {
    number_in(text, 1, u64::MAX)
}

/// A count of games or a perft depth.
fn positive_u32(text: &str) -> Result<u32, String> {
    number_in(text, 1, u64::from(u32::MAX))
}

/// Transposition table MiB: at most 4 GiB, so a mistyped size is an error rather than an
/// allocation that aborts the process.
fn tt_mib(text: &str) -> Result<usize, String> {
    number_in(text, 0, 4096)
}

/// Contempt: 0 to 150 centi-men.
pub(crate) fn contempt(text: &str) -> Result<i32, String> {
    let max = crate::engine::params::MAX_CONTEMPT;
    match text.parse::<i32>() {
        Ok(n) if (0..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a whole number of centi-men from 0 to {max}"
        )),
    }
}

/// Search threads: 1 to 256 (lazy SMP; more than the machine's cores only compete for them).
pub(crate) fn threads(text: &str) -> Result<usize, String> {
    number_in(text, 1, 256)
}

/// The rule set, as chosen on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Rules {
    /// Dama italiana (Italian draughts).
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
    #[arg(long, short, value_parser = positive_u32)]
    pub depth: u32,
    /// Print the count below each root move at the given depth.
    #[arg(long)]
    pub divide: bool,
    /// Threads that share out the root moves (1 to 64; the counts do not change).
    #[arg(long, value_parser = concurrency, default_value_t = 1)]
    pub threads: usize,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The PDN file.
    pub file: std::path::PathBuf,
    /// Which game of the file (numbered from 1); without it a file of several games is listed.
    #[arg(long, short)]
    pub game: Option<usize>,
    /// Print the replay as text: tags, each move and the board after it, the result, the FEN.
    #[arg(long)]
    pub text: bool,
    /// Stop after this many plies.
    #[arg(long)]
    pub ply: Option<usize>,
    /// Show square numbers on the empty squares of the board.
    #[arg(long)]
    pub numbers: bool,
    /// Rule set for games without a GameType tag (CheckerBoard writes none).
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// The viewer in plain ASCII without colour (`NO_COLOR` also turns colour off).
    #[arg(long)]
    pub ascii: bool,
    /// The viewer's language (default from LC_ALL / LC_MESSAGES / LANG: `it...` is Italian).
    #[arg(long, value_enum)]
    pub lang: Option<LangChoice>,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies for every bench position.
    #[arg(long, short, default_value_t = crate::engine::bench::DEFAULT_DEPTH, value_parser = depth)]
    pub depth: u32,
}

/// Which kind of player a side of a match is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum PlayerKind {
    /// The engine with everything on.
    #[default]
    Full,
    /// Plain alpha-beta with quiescence and no table (the classic design, as a yardstick).
    Classic,
    /// Random legal moves.
    Random,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Number of games (played in pairs from the same opening, colours swapped).
    #[arg(long, default_value_t = 40, value_parser = positive_u32)]
    pub games: u32,
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// Both players: milliseconds per move (unless --a-... / --b-... say otherwise).
    #[arg(long, value_name = "MS", value_parser = positive)]
    pub movetime: Option<u64>,
    /// Player A: search depth in plies.
    #[arg(long, conflicts_with_all = ["a_movetime", "a_nodes"], value_parser = depth)]
    pub a_depth: Option<u32>,
    /// Player A: milliseconds per move.
    #[arg(long, conflicts_with = "a_nodes", value_parser = positive)]
    pub a_movetime: Option<u64>,
    /// Player A: nodes per move.
    #[arg(long, value_parser = positive)]
    pub a_nodes: Option<u64>,
    /// Player A: a playing level, 1-10 (its depth or time and its variety, as in the game).
    #[arg(long, value_parser = level, conflicts_with_all = ["a_depth", "a_movetime", "a_nodes", "a_engine"])]
    pub a_level: Option<u8>,
    /// Player A: what kind of player.
    #[arg(long, value_enum, default_value_t = PlayerKind::Full)]
    pub a_kind: PlayerKind,
    /// Player A: another program speaking the `dama engine` protocol, run through `sh -c`
    /// (e.g. "/path/to/old/dama engine --tt 16"); it gets `go depth/movetime/nodes` by the
    /// --a-... limits.
    #[arg(long, value_name = "CMD", conflicts_with = "a_kind")]
    pub a_engine: Option<String>,
    /// Player B: search depth in plies.
    #[arg(long, conflicts_with_all = ["b_movetime", "b_nodes"], value_parser = depth)]
    pub b_depth: Option<u32>,
    /// Player B: milliseconds per move.
    #[arg(long, conflicts_with = "b_nodes", value_parser = positive)]
    pub b_movetime: Option<u64>,
    /// Player B: nodes per move.
    #[arg(long, value_parser = positive)]
    pub b_nodes: Option<u64>,
    /// Player B: a playing level, 1-10 (see --a-level).
    #[arg(long, value_parser = level, conflicts_with_all = ["b_depth", "b_movetime", "b_nodes", "b_engine"])]
    pub b_level: Option<u8>,
    /// Player B: what kind of player.
    #[arg(long, value_enum, default_value_t = PlayerKind::Full)]
    pub b_kind: PlayerKind,
    /// Player B: another program speaking the `dama engine` protocol (see --a-engine).
    #[arg(long, value_name = "CMD", conflicts_with = "b_kind")]
    pub b_engine: Option<String>,
    /// Player A: search threads (lazy SMP); games at the same time (--concurrency) each use
    /// this many.
    #[arg(long, default_value_t = 1, value_parser = threads, conflicts_with = "a_engine")]
    pub a_threads: usize,
    /// Player B: search threads (see --a-threads).
    #[arg(long, default_value_t = 1, value_parser = threads, conflicts_with = "b_engine")]
    pub b_threads: usize,
    /// An external engine that has not answered this many milliseconds after `go` loses the
    /// game on time (default: the move time plus a second, or a minute for depth and nodes).
    #[arg(long, value_name = "MS", value_parser = positive)]
    pub timeout: Option<u64>,
    /// An external engine that has not answered `isready` this many milliseconds after it
    /// was started or given a new game loses that game (default 10000).
    #[arg(long, value_name = "MS", value_parser = positive)]
    pub ready_timeout: Option<u64>,
    /// Player A: contempt in centi-men (a draw counts that much below level for A; 0-150).
    #[arg(long, default_value_t = 0, value_parser = contempt, conflicts_with = "a_engine")]
    pub a_contempt: i32,
    /// Player B: contempt in centi-men (see --a-contempt).
    #[arg(long, default_value_t = 0, value_parser = contempt, conflicts_with = "b_engine")]
    pub b_contempt: i32,
    /// Tuning aid: search features switched off for A (bits, see engine::search).
    #[arg(long, default_value_t = 0, hide = true)]
    pub a_exp: u32,
    /// Tuning aid: search features switched off for B.
    #[arg(long, default_value_t = 0, hide = true)]
    pub b_exp: u32,
    /// Random plies that open each pair of games.
    #[arg(
        long = "openings",
        visible_alias = "opening-plies",
        value_name = "PLIES",
        default_value_t = 4,
        conflicts_with = "book",
        value_parser = opening_plies
    )]
    pub opening_plies: usize,
    /// Openings from a PDN file instead: each game's FEN tag, or the position after its
    /// moves; each played twice (colours swapped), in the file's order (shuffled by --seed when
    /// given), cycled until --games.
    #[arg(long, value_name = "FILE.pdn")]
    pub book: Option<std::path::PathBuf>,
    /// Seed for the openings and the engines' choices (the same seed replays the same match;
    /// 1 when not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Games played at the same time (each on its own thread, with its own engines).
    #[arg(long, default_value_t = 1, value_parser = concurrency)]
    pub concurrency: usize,
    /// Stop as soon as a sequential probability ratio test (alpha = beta = 0.05) decides
    /// between "A is ELO0 stronger" and "A is ELO1 stronger" (Elo differences, ELO0 < ELO1);
    /// --games is then the most it plays.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = sprt_bounds)]
    pub sprt: Option<(f64, f64)>,
    /// Transposition table size per engine, MiB.
    #[arg(long, default_value_t = 16, value_parser = tt_mib)]
    pub tt: usize,
    /// Write every game to this PDN file.
    #[arg(long)]
    pub pdn: Option<std::path::PathBuf>,
    /// Replace the --pdn file if it exists (without this, an existing file is kept).
    #[arg(long, requires = "pdn")]
    pub force: bool,
}

/// A playing level: 1 to 10.
fn level(text: &str) -> Result<u8, String> {
    number_in(text, 1, u64::from(crate::engine::strength::LEVELS))
}

/// Random opening plies: at most 100 (longer random lines nearly all end the game).
fn opening_plies(text: &str) -> Result<usize, String> {
    let max = crate::engine::selfplay::MAX_OPENING_PLIES;
    number_in(text, 0, max as u64).map_err(|e| {
        format!("{e} (longer random lines nearly all end the game or leave a capture pending)")
    })
}

/// Games at once: 1 to 64 (more threads than that only compete for the same cores).
fn concurrency(text: &str) -> Result<usize, String> {
    number_in(text, 1, 64)
}

/// `ELO0,ELO1`: two Elo differences, the first below the second.
fn sprt_bounds(text: &str) -> Result<(f64, f64), String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [e0, e1] = parts[..] else {
        return Err(format!("{text:?} is not two numbers ELO0,ELO1 (e.g. 0,10)"));
    };
    let number = |w: &str| {
        w.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && x.abs() <= 1000.0)
            .ok_or_else(|| format!("{w:?} is not an Elo difference (a number from -1000 to 1000)"))
    };
    let (e0, e1) = (number(e0)?, number(e1)?);
    if e0 >= e1 {
        return Err(format!("ELO0 ({e0}) must be below ELO1 ({e1})"));
    }
    Ok((e0, e1))
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
    /// The engine's playing level, 1 (a beginner) to 10 (the top of the ladder; --movetime or
    /// --depth give the engine more); each level scores about three games in four against the
    /// one below.
    #[arg(long, value_parser = level, conflicts_with_all = ["depth", "movetime", "time"])]
    pub level: Option<u8>,
    /// Engine search depth in plies (default 12: about a quarter of a second from the start
    /// position in a release build).
    #[arg(long, conflicts_with = "movetime", value_parser = play_depth)]
    pub depth: Option<u32>,
    /// Engine time per move in milliseconds (instead of a depth).
    #[arg(long, value_name = "MS", value_parser = positive)]
    pub movetime: Option<u64>,
    /// A time control for both sides: minutes for the game + seconds added per move (e.g.
    /// 5+3). The engine manages its own time; whoever runs out of time loses.
    #[arg(long, value_name = "MIN+SEC", conflicts_with_all = ["depth", "movetime"])]
    pub time: Option<crate::tui::clock::TimeControl>,
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
    /// Ring the terminal bell at the engine's move and at the end of the game (`b` in game).
    #[arg(long)]
    pub bell: bool,
    /// The board's language (default from LC_ALL / LC_MESSAGES / LANG: `it...` is Italian).
    #[arg(long, value_enum)]
    pub lang: Option<LangChoice>,
    /// Engine search threads (default: all cores but one, at least one; with --seed, one, so
    /// that the games replay).
    #[arg(long, value_parser = threads)]
    pub threads: Option<usize>,
    /// How much below level (centi-men, 0-150) the engine counts a draw, so it plays on for a
    /// win in a level position (default 30, measured against a weaker opponent); 0 lets it take
    /// a draw whenever it sees no more. Hints and reviews always count a draw as level.
    #[arg(long, default_value_t = crate::engine::params::CONTEMPT, value_parser = contempt)]
    pub contempt: i32,
}

/// The board's default search threads: all cores but one (left for the terminal and the
/// rest of the machine), at least one.
pub fn default_play_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// The language of the board and the viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangChoice {
    /// Italiano.
    It,
    /// English.
    En,
}

impl LangChoice {
    /// The language chosen, else the one the locale asks for.
    pub fn resolve(choice: Option<LangChoice>) -> crate::tui::Lang {
        match choice {
            Some(LangChoice::It) => crate::tui::Lang::It,
            Some(LangChoice::En) => crate::tui::Lang::En,
            None => crate::tui::Lang::from_env(),
        }
    }
}

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// Rule set (a PDN file's GameType tag takes precedence).
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// The position to analyse (PDN FEN).
    #[arg(long, conflicts_with = "file")]
    pub fen: Option<String>,
    /// A PDN file: its game's final position (or the one after --ply plies) is analysed.
    #[arg(required_unless_present = "fen")]
    pub file: Option<std::path::PathBuf>,
    /// Which game of the file (from 1).
    #[arg(long, default_value_t = 1, requires = "file")]
    pub game: usize,
    /// Analyse the position after this many plies of the game instead of its last one.
    #[arg(long, requires = "file")]
    pub ply: Option<usize>,
    /// Search depth in plies.
    #[arg(long, short, conflicts_with = "movetime", value_parser = depth)]
    pub depth: Option<u32>,
    /// Milliseconds per position.
    #[arg(long, value_parser = positive)]
    pub movetime: Option<u64>,
    /// Write the game to this PDN file with the evaluation and best move after every move as
    /// comments, and `?` / `??` on moves that lose half a man / one and a half men or more.
    #[arg(long, requires = "file")]
    pub annotate: Option<std::path::PathBuf>,
    /// Replace the --annotate file if it exists (without this, an existing file is kept).
    #[arg(long, requires = "annotate")]
    pub force: bool,
    /// Transposition table size, MiB.
    #[arg(long, default_value_t = 64, value_parser = tt_mib)]
    pub tt: usize,
    /// Search threads (lazy SMP: node counts and lines then vary from run to run).
    #[arg(long, default_value_t = 1, value_parser = threads)]
    pub threads: usize,
}

#[derive(Args, Debug)]
pub struct EngineArgs {
    /// Transposition table size, MiB.
    #[arg(long, default_value_t = 64, value_parser = tt_mib)]
    pub tt: usize,
    /// Search threads at the start (the `threads N` command changes it).
    #[arg(long, default_value_t = 1, value_parser = threads)]
    pub threads: usize,
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
        Some(Command::Tune(args)) => tune::run(&args, &mut out),
        Some(Command::Suite(args)) => suite::run(&args, &mut out),
        Some(Command::Play(args)) => play::run(&args),
        // No arguments at all: the start screen; any option goes straight to the board.
        None if std::env::args_os().len() <= 1 => play::start_screen(&cli.play),
        None => play::run(&cli.play),
    }?;
    Ok(out.flush()?)
}
