//! `dama replay FILE.pdn`: lists the games of a file, or replays one. `--text` prints the
//! replay for scripts; the full-screen viewer belongs to the board (TUI) and reuses
//! [`crate::notation::stepper::Stepper`].

use super::output::{Out, OutputError, outln, warn};
use super::values::{LangChoice, Rules};
use crate::notation::fen;
use crate::notation::pdn::{PdnError, PdnGame, PdnResult, Reader, read_text, variation_text};
use crate::notation::stepper::{Stepper, board_text};
use crate::rules::RuleSet;
use anyhow::{Context, bail};
use clap::Args;
use std::io::{self, IsTerminal};
use std::path::Path;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The PDN file.
    pub file: std::path::PathBuf,
    /// Which game of the file (numbered from 1); without it a file of several games is listed.
    #[arg(long, short, value_parser = crate::commands::values::game_number, allow_negative_numbers = true)]
    pub game: Option<usize>,
    /// Print the replay as text: tags, each move and the board after it, the result, the FEN.
    #[arg(long)]
    pub text: bool,
    /// Stop after this many plies.
    #[arg(long, value_parser = crate::commands::values::plies, allow_negative_numbers = true)]
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

pub fn run(args: &ReplayArgs, out: &mut Out) -> anyhow::Result<()> {
    let path = &args.file;
    let rules: RuleSet = args.rules.into();
    let text = read_text(path).with_context(|| format!("cannot read {}", path.display()))?;
    // Without --text, on a terminal, the full-screen viewer opens on the chosen game or the
    // first readable one (its panel says how many the file holds; [ and ] change game). Piped
    // into a script, the output stays text: the list of games, or the replay.
    let tty = io::stdout().is_terminal() && io::stdin().is_terminal();
    if !args.text && tty {
        // Opened on a game the file holds; else the text errors below say what is wrong.
        let n = args.game.unwrap_or(1);
        if n >= 1 && Reader::new(&text, rules).nth(n - 1).is_some() {
            return view(path, text, args);
        }
    }
    if args.game == Some(0) {
        bail!("games are numbered from 1");
    }
    // The games are read one at a time, up to the chosen one (a large file's games take many
    // times its size), and that one only up to --ply.
    let mut reader = Reader::new(&text, rules);
    let chosen = args.game.unwrap_or(1);
    for read in 0..chosen - 1 {
        if reader.next().is_none() {
            return Err(no_game(path, read, chosen));
        }
    }
    let Some(head) = reader.next_up_to(args.ply.unwrap_or(usize::MAX)) else {
        return Err(no_game(path, chosen - 1, chosen));
    };
    let several = chosen > 1 || !reader.at_end();
    if args.game.is_none() && several {
        // Options about one game's replay would otherwise vanish without a word.
        drop(head);
        return list(path, &text, rules, args, out);
    }
    drop(reader);
    drop(text);
    match head.game {
        Ok(g) => Ok(print_text(g, head.cut, args, None, out).map(drop)?),
        // A damaged game is shown up to its damage; the error follows.
        Err(mut e) => {
            let damage = located(path, chosen, several, &e);
            let Some(partial) = e.partial.take() else {
                bail!("{damage}")
            };
            let plies = partial.moves.len();
            let whole = print_text(*partial, false, args, Some(&damage), out)?;
            match whole {
                Shown::UpToDamage => {
                    bail!("{damage} (game shown up to ply {plies}, where the record is damaged)")
                }
                Shown::Stopped => Ok(()),
            }
        }
    }
}

/// The error for a game number past the file's `count` games.
fn no_game(path: &Path, count: usize, n: usize) -> anyhow::Error {
    if count == 0 {
        anyhow::anyhow!("{}: not a PDN file (no game found)", path.display())
    } else {
        anyhow::anyhow!(
            "{} holds {count} game{}; there is no game {n}",
            path.display(),
            if count == 1 { "" } else { "s" }
        )
    }
}

/// Opens the full-screen viewer on the file's text.
fn view(path: &Path, text: String, args: &ReplayArgs) -> anyhow::Result<()> {
    let rules: RuleSet = args.rules.into();
    let index = match args.game {
        Some(n) => n - 1,
        None => Reader::new(&text, rules)
            .position(|g| g.is_ok())
            .unwrap_or(0),
    };
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let opts = crate::commands::play::ViewOptions {
        index,
        chosen: args.game.is_some(),
        ply: args.ply,
        numbers: args.numbers,
        rules,
        ascii: args.ascii,
        lang: LangChoice::resolve(args.lang),
    };
    crate::commands::play::view(name, text, &opts)
}

/// The list of a file's games (a file of several, no --game): one pass, a short summary of
/// each game, one game held at a time.
fn list(
    path: &Path,
    text: &str,
    rules: RuleSet,
    args: &ReplayArgs,
    out: &mut Out,
) -> anyhow::Result<()> {
    let rows: Vec<Row> = Reader::new(text, rules).map(|g| Row::of(&g)).collect();
    // A file in which nothing reads is an error, not a list of errors.
    if rows.iter().all(Row::shows_nothing) {
        let Some(Row::Damaged { error, .. }) = rows.first() else {
            unreachable!("every game is damaged")
        };
        bail!(
            "none of the {} games in {} can be read (games without a GameType tag are read as \
             {rules}; see --rules); the first: {}",
            rows.len(),
            path.display(),
            located(path, 1, true, error)
        );
    }
    if args.ply.is_some() || args.numbers {
        warn(format_args!(
            "dama: --ply and --numbers replay one game: choose it with --game N \
             (the file holds {})",
            rows.len()
        ));
    }
    Ok(write_list(path, &rows, out)?)
}

/// One game in the list of a file's games.
enum Row {
    Ok {
        players: String,
        result: PdnResult,
        moves: usize,
    },
    Damaged {
        /// Without its partial game, which the list does not need.
        error: PdnError,
        /// Plies readable before the damage.
        plies: usize,
    },
}

impl Row {
    fn of(g: &Result<PdnGame, PdnError>) -> Row {
        match g {
            Ok(g) => Row::Ok {
                players: players(g),
                result: g.result,
                moves: g.moves.len(),
            },
            Err(e) => Row::Damaged {
                plies: e.partial.as_ref().map_or(0, |p| p.moves.len()),
                error: PdnError::new(e.line, e.column, e.kind.clone()),
            },
        }
    }

    fn is_ok(&self) -> bool {
        matches!(self, Row::Ok { .. })
    }

    /// A damaged game of which not one ply can be shown.
    fn shows_nothing(&self) -> bool {
        matches!(self, Row::Damaged { plies: 0, .. })
    }
}

/// `FILE:LINE:COLUMN: message`, naming the game when the file holds several.
fn located(path: &Path, n: usize, several: bool, e: &PdnError) -> String {
    let which = if several {
        format!(" (game {n})")
    } else {
        String::new()
    };
    format!(
        "{}:{}:{}{which}: {}",
        path.display(),
        e.line,
        e.column,
        e.kind
    )
}

/// A reader that stops (`dama replay ... | head`) is not an error.
fn players(g: &PdnGame) -> String {
    format!(
        "{} - {}",
        g.tag("White").unwrap_or("?"),
        g.tag("Black").unwrap_or("?")
    )
}

fn write_list(path: &Path, rows: &[Row], out: &mut Out) -> Result<(), OutputError> {
    let ok = rows.iter().filter(|r| r.is_ok()).count();
    outln!(
        out,
        "{}: {} games ({ok} readable); choose one with --game N",
        path.display(),
        rows.len()
    )?;
    outln!(
        out,
        "{:>5}  {:<44} {:>8} {:>6}",
        "game",
        "white - black",
        "result",
        "moves"
    )?;
    for (i, r) in rows.iter().enumerate() {
        match r {
            Row::Ok {
                players,
                result,
                moves,
            } => outln!(
                out,
                "{:>5}  {:<44} {:>8} {:>6}",
                i + 1,
                truncate(players, 44),
                result.as_str(),
                moves.div_ceil(2)
            )?,
            Row::Damaged { error, plies } => {
                let shown = match plies {
                    0 => String::new(),
                    n => format!(" (shown up to ply {n})"),
                };
                outln!(
                    out,
                    "{:>5}  cannot be read: line {}, column {}: {}{shown}",
                    i + 1,
                    error.line,
                    error.column,
                    error.kind
                )?;
            }
        }
    }
    Ok(())
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n - 1).collect();
        t.push('~');
        t
    }
}

/// How much of a damaged game `print_text` showed.
#[derive(Default, PartialEq, Eq)]
enum Shown {
    /// Every readable ply: the damage comes next.
    UpToDamage,
    /// It stopped (`--ply`) before the damage, as asked, or the reader of the output left.
    #[default]
    Stopped,
}

/// Prints the replay of `game`; `damage` says where a damaged game's record breaks off, `cut`
/// that the record goes on past the plies read (`--ply`).
fn print_text(
    game: PdnGame,
    cut: bool,
    args: &ReplayArgs,
    damage: Option<&str>,
    out: &mut Out,
) -> Result<Shown, OutputError> {
    for (name, value) in &game.tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        outln!(out, "[{name} \"{value}\"]")?;
    }
    let rules: RuleSet = game.rules;
    outln!(out, "Rules: {rules}")?;
    // Copied out: the replay owns the record, and moves on below.
    let (rule_draw, result) = (game.rule_draw, game.result);
    let mut replay = Stepper::new(game);
    let stop = args.ply.unwrap_or(usize::MAX).min(replay.len());
    outln!(out, "")?;
    outln!(out, "Start: {}", fen::write(replay.position()))?;
    for c in &replay.record().intro {
        outln!(out, "{{{c}}}")?;
    }
    out.text(format_args!(
        "{}",
        board_text(replay.position(), args.numbers)
    ))?;
    while replay.ply() < stop {
        let label = replay
            .move_label(replay.ply())
            .expect("a move before the end");
        replay.forward();
        let m = replay.last_move().expect("just moved");
        outln!(out, "")?;
        let mut line = label;
        for n in &m.nags {
            line.push(' ');
            line.push_str(n);
        }
        outln!(out, "{line}")?;
        for c in &m.comments {
            outln!(out, "{{{c}}}")?;
        }
        for v in &m.variations {
            let text = variation_text(replay.record(), replay.ply() - 1, v);
            outln!(out, "({text})")?;
        }
        if let Some(d) = rule_draw.filter(|d| d.ply == replay.ply()) {
            outln!(out, "Draw: {d}")?;
        }
        out.text(format_args!(
            "{}",
            board_text(replay.position(), args.numbers)
        ))?;
    }
    outln!(out, "")?;
    // `--ply K` up to the damage is shown whole; more, or the whole game, runs into it.
    let shown = match damage {
        Some(_) if args.ply.is_none_or(|k| k > replay.len()) => Shown::UpToDamage,
        _ => Shown::Stopped,
    };
    match damage {
        Some(d) if shown == Shown::UpToDamage => outln!(
            out,
            "Damaged after ply {}: the rest of the record cannot be read ({d})",
            replay.len()
        )?,
        Some(d) => outln!(
            out,
            "Stopped after ply {} of the {} readable (the record is damaged after them: {d})",
            replay.ply(),
            replay.len()
        )?,
        None if cut => outln!(
            out,
            "Stopped after ply {} (the record goes on and is not read further; result {result})",
            replay.ply()
        )?,
        // Read up to --ply only: not cut, the game ends there.
        None => outln!(out, "Result {}", replay.ending())?,
    }
    outln!(out, "FEN {}", fen::write(replay.position()))?;
    Ok(shown)
}
