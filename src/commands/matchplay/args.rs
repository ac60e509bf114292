//! `dama match`'s options.

use crate::commands::values::{
    Rules, concurrency, contempt, depth, level, opening_plies, positive, positive_u32, threads,
    tt_mib,
};
use clap::{Args, ValueEnum};

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
// The external engines, which `--timeout` and `--ready-timeout` are about (the match's own
// engines never run late: without an external one they would be ignored without a word).
#[command(group(clap::ArgGroup::new("external").args(["a_engine", "b_engine"]).multiple(true)))]
pub struct MatchArgs {
    /// Number of games (played in pairs from the same opening, colours swapped).
    #[arg(long, default_value_t = 40, value_parser = positive_u32, allow_negative_numbers = true)]
    pub games: u32,
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// Both players: milliseconds per move (unless --a-... / --b-... say otherwise).
    #[arg(long, value_name = "MS", value_parser = crate::commands::values::movetime, allow_negative_numbers = true)]
    pub movetime: Option<u64>,
    /// Player A: search depth in plies.
    #[arg(long, conflicts_with_all = ["a_movetime", "a_nodes"], value_parser = depth, allow_negative_numbers = true)]
    pub a_depth: Option<u32>,
    /// Player A: milliseconds per move.
    #[arg(long, value_name = "MS", conflicts_with = "a_nodes", value_parser = crate::commands::values::movetime, allow_negative_numbers = true)]
    pub a_movetime: Option<u64>,
    /// Player A: nodes per move.
    #[arg(long, value_parser = positive, allow_negative_numbers = true)]
    pub a_nodes: Option<u64>,
    /// Player A: a playing level, 1-14 (its node budget and variety as in the game; 14: a
    /// second a move on --a-threads).
    #[arg(long, value_parser = level, conflicts_with_all = ["a_depth", "a_movetime", "a_nodes", "a_engine"], allow_negative_numbers = true)]
    pub a_level: Option<u8>,
    /// Player A: what kind of player.
    #[arg(long, value_enum, default_value_t = PlayerKind::Full)]
    pub a_kind: PlayerKind,
    /// Player A: another program speaking the `dama engine` protocol, run through `sh -c`
    /// as `exec CMD`: one command with its arguments (e.g. "/path/to/old/dama engine --tt 16";
    /// "env NAME=VALUE CMD" sets a variable, "sh -c 'cd DIR && exec ./engine'" a folder); it gets
    /// `go depth/movetime/nodes` by the --a-... limits.
    #[arg(long, value_name = "CMD", conflicts_with = "a_kind", value_parser = engine_command)]
    pub a_engine: Option<String>,
    /// Player B: search depth in plies.
    #[arg(long, conflicts_with_all = ["b_movetime", "b_nodes"], value_parser = depth, allow_negative_numbers = true)]
    pub b_depth: Option<u32>,
    /// Player B: milliseconds per move.
    #[arg(long, value_name = "MS", conflicts_with = "b_nodes", value_parser = crate::commands::values::movetime, allow_negative_numbers = true)]
    pub b_movetime: Option<u64>,
    /// Player B: nodes per move.
    #[arg(long, value_parser = positive, allow_negative_numbers = true)]
    pub b_nodes: Option<u64>,
    /// Player B: a playing level, 1-14 (see --a-level).
    #[arg(long, value_parser = level, conflicts_with_all = ["b_depth", "b_movetime", "b_nodes", "b_engine"], allow_negative_numbers = true)]
    pub b_level: Option<u8>,
    /// Player B: what kind of player.
    #[arg(long, value_enum, default_value_t = PlayerKind::Full)]
    pub b_kind: PlayerKind,
    /// Player B: another program speaking the `dama engine` protocol (see --a-engine).
    #[arg(long, value_name = "CMD", conflicts_with = "b_kind", value_parser = engine_command)]
    pub b_engine: Option<String>,
    /// Player A: search threads (lazy SMP); games at the same time (--concurrency) each use
    /// this many.
    #[arg(long, default_value_t = 1, value_parser = threads, conflicts_with = "a_engine", allow_negative_numbers = true)]
    pub a_threads: usize,
    /// Player B: search threads (see --a-threads).
    #[arg(long, default_value_t = 1, value_parser = threads, conflicts_with = "b_engine", allow_negative_numbers = true)]
    pub b_threads: usize,
    /// An external engine that has not answered this many milliseconds after `go` loses the
    /// game on time (default: the move time plus a second, or a minute for depth and nodes).
    #[arg(long, value_name = "MS", requires = "external", value_parser = positive, allow_negative_numbers = true)]
    pub timeout: Option<u64>,
    /// An external engine that has not answered `isready` this many milliseconds after it
    /// was started or given a new game loses that game (default 10000).
    #[arg(long, value_name = "MS", requires = "external", value_parser = positive, allow_negative_numbers = true)]
    pub ready_timeout: Option<u64>,
    /// Player A: contempt in centi-men (a draw counts that much below level for A; 0-150).
    #[arg(long, default_value_t = 0, value_parser = contempt, conflicts_with = "a_engine", allow_negative_numbers = true)]
    pub a_contempt: i32,
    /// Player B: contempt in centi-men (see --a-contempt).
    #[arg(long, default_value_t = 0, value_parser = contempt, conflicts_with = "b_engine", allow_negative_numbers = true)]
    pub b_contempt: i32,
    /// Player A: play from the opening book where it has the position: `on` (the data
    /// folder's book, else the one shipped with dama), `off` (the default, so a match measures
    /// the engines' searches), or a book file.
    #[arg(long, value_name = "on|off|FILE", default_value = "off", value_parser = book_choice, conflicts_with = "a_engine")]
    pub a_book: BookChoice,
    /// Player B: the opening book (see --a-book).
    #[arg(long, value_name = "on|off|FILE", default_value = "off", value_parser = book_choice, conflicts_with = "b_engine")]
    pub b_book: BookChoice,
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
        value_parser = opening_plies, allow_negative_numbers = true)]
    pub opening_plies: usize,
    /// Openings from a PDN file instead: each game's FEN tag, or the position after its
    /// moves; each played twice (colours swapped), in the file's order (shuffled by --seed when
    /// given), cycled until --games.
    #[arg(long, value_name = "FILE.pdn")]
    pub book: Option<std::path::PathBuf>,
    /// Seed for the openings and the engines' choices (the same seed replays the same match;
    /// 1 when not given).
    #[arg(long, value_parser = crate::commands::values::seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Games played at the same time (each on its own thread, with its own engines).
    #[arg(long, default_value_t = 1, value_parser = concurrency, allow_negative_numbers = true)]
    pub concurrency: usize,
    /// Stop as soon as a sequential probability ratio test (alpha = beta = 0.05) decides
    /// between "A is ELO0 stronger" and "A is ELO1 stronger" (Elo differences, ELO0 < ELO1);
    /// --games is then the most it plays.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = sprt_bounds)]
    pub sprt: Option<(f64, f64)>,
    /// Transposition table size per engine, MiB.
    #[arg(long, default_value_t = 16, value_parser = tt_mib, allow_negative_numbers = true)]
    pub tt: usize,
    /// Endgame tables' cache of decompressed blocks, MiB, shared by the built-in engines of
    /// the match (per rule set; the files themselves are mapped). Default 64.
    #[arg(long, value_name = "MIB", value_parser = super::super::values::table_cache_mib, allow_negative_numbers = true)]
    pub table_cache: Option<usize>,
    /// End a game as a draw once both players' scores have stayed within CP centi-men of 0
    /// for their last COUNT moves each, from full move MOVE on (e.g. 40,8,10; off by default).
    #[arg(long, value_name = "MOVE,COUNT,CP", value_parser = super::adjudicate::draw_rule)]
    pub adjudicate_draw: Option<super::adjudicate::DrawRule>,
    /// End a game as a loss once one player's score has been at least CP centi-men below 0
    /// and the other's as far above for their last COUNT moves each (e.g. 4,500; off by
    /// default).
    #[arg(long, value_name = "COUNT,CP", value_parser = super::adjudicate::win_rule)]
    pub adjudicate_win: Option<super::adjudicate::WinRule>,
    /// Write every game to this PDN file (rewritten as each game ends, so a match stopped part
    /// way keeps its finished games).
    #[arg(long, value_name = "FILE")]
    pub pdn: Option<std::path::PathBuf>,
    /// Go on with the match whose games the --pdn file holds: they are counted and the rest
    /// are played. Give the options that began it (each game is checked against them); with
    /// no file yet, the match starts.
    #[arg(long, requires = "pdn", conflicts_with = "force")]
    pub resume: bool,
    /// Replace the --pdn file if it exists (without this, an existing file is kept).
    #[arg(long, requires = "pdn")]
    pub force: bool,
}

/// Refuses a side's option that its kind of player would ignore without a word: a random
/// mover has no search to limit, no book, contempt or threads; the classic yardstick scores
/// every draw as level, so it has no contempt. (`--movetime`, for both sides, stays.)
///
/// # Errors
/// The first such option, named with the side's kind.
pub fn check_kinds(args: &MatchArgs) -> anyhow::Result<()> {
    let sides = [
        (
            "a",
            args.a_kind,
            [
                ("depth", args.a_depth.is_some()),
                ("movetime", args.a_movetime.is_some()),
                ("nodes", args.a_nodes.is_some()),
                ("level", args.a_level.is_some()),
                ("book", args.a_book != BookChoice::Off),
                ("threads", args.a_threads != 1),
            ],
            args.a_contempt,
        ),
        (
            "b",
            args.b_kind,
            [
                ("depth", args.b_depth.is_some()),
                ("movetime", args.b_movetime.is_some()),
                ("nodes", args.b_nodes.is_some()),
                ("level", args.b_level.is_some()),
                ("book", args.b_book != BookChoice::Off),
                ("threads", args.b_threads != 1),
            ],
            args.b_contempt,
        ),
    ];
    for (side, kind, options, contempt) in sides {
        if kind == PlayerKind::Random
            && let Some((name, _)) = options.iter().find(|(_, given)| *given)
        {
            anyhow::bail!(
                "--{side}-{name}: a random mover (--{side}-kind random) would ignore it: it has \
                 no search, book or threads"
            );
        }
        if kind != PlayerKind::Full && contempt != 0 {
            let why = match kind {
                PlayerKind::Random => {
                    format!("a random mover (--{side}-kind random) does not search")
                }
                _ => format!(
                    "the classic yardstick (--{side}-kind classic) scores every draw as level"
                ),
            };
            anyhow::bail!("--{side}-contempt: {why}");
        }
    }
    Ok(())
}

/// A side's opening book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookChoice {
    Off,
    /// The rule set's book: the data folder's, else the shipped one.
    On,
    File(std::path::PathBuf),
}

/// `on`, `off` or a book file's path.
pub fn book_choice(text: &str) -> Result<BookChoice, String> {
    match text {
        "on" => Ok(BookChoice::On),
        "off" => Ok(BookChoice::Off),
        "" => Err("give on, off or a book file".to_string()),
        path => Ok(BookChoice::File(path.into())),
    }
}

/// An external engine's command: not empty (`sh -c "exec "` runs nothing and exits 0, which
/// the match reported as an engine that crashed).
fn engine_command(text: &str) -> Result<String, String> {
    if text.trim().is_empty() {
        return Err(
            "give the command that starts the engine (e.g. \"/path/to/dama engine\")".to_string(),
        );
    }
    Ok(text.to_string())
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
