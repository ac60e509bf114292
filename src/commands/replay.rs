//! `dama replay FILE.pdn`: lists the games of a file, or replays one. `--text` prints the
//! replay for scripts; the full-screen viewer belongs to the board (TUI) and reuses
//! [`crate::notation::replay::Replay`].

use super::output::{Out, OutputError, outln, warn};
use crate::cli::ReplayArgs;
use crate::notation::fen;
use crate::notation::pdn::{PdnError, PdnGame, PdnResult, Reader, read_text};
use crate::notation::replay::{Replay, board_text};
use crate::rules::RuleSet;
use anyhow::{Context, bail};
use std::io::{self, IsTerminal};
use std::path::Path;

pub fn run(args: &ReplayArgs, out: &mut Out) -> anyhow::Result<()> {
    let path = &args.file;
    let rules: RuleSet = args.rules.into();
    let text = read_text(path).with_context(|| format!("cannot read {}", path.display()))?;
    // One pass over the file: a short summary of each game, and the chosen game whole. The
    // games are not all held at once (a large file's games take many times its size).
    let mut rows = Vec::new();
    let mut chosen_game = None;
    for (i, g) in Reader::new(&text, rules).enumerate() {
        rows.push(Row::of(&g));
        if args.game == Some(i + 1) {
            chosen_game = Some(g);
        }
    }
    if rows.is_empty() {
        bail!("{}: not a PDN file (no game found)", path.display());
    }
    // A file in which nothing reads is an error, not a list of errors.
    if args.game.is_none() && rows.len() > 1 && rows.iter().all(Row::shows_nothing) {
        let Some(Row::Damaged { error, .. }) = rows.first() else {
            unreachable!("every game is damaged")
        };
        bail!(
            "none of the {} games in {} can be read (games without a GameType tag are read as \
             {rules}; see --rules); the first: {}",
            rows.len(),
            path.display(),
            located(path, 1, rows.len(), error)
        );
    }
    // Without --text, on a terminal, the full-screen viewer opens on the chosen game or the
    // first readable one (its panel says how many the file holds; [ and ] change game). Piped
    // into a script, the output stays text: the list of games, or the replay.
    let tty = io::stdout().is_terminal() && io::stdin().is_terminal();
    if !args.text && tty && args.game.is_none_or(|n| (1..=rows.len()).contains(&n)) {
        let index = match args.game {
            Some(n) => n - 1,
            None => rows.iter().position(Row::is_ok).unwrap_or(0),
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
            lang: crate::cli::LangChoice::resolve(args.lang),
        };
        drop((rows, chosen_game));
        return crate::commands::play::view(name, text, &opts);
    }
    let count = rows.len();
    let chosen = match args.game {
        Some(0) => bail!("games are numbered from 1"),
        Some(n) if n > count => bail!(
            "{} holds {count} game{}; there is no game {n}",
            path.display(),
            if count == 1 { "" } else { "s" }
        ),
        Some(n) => n,
        None if count == 1 => 1,
        None => {
            // Options about one game's replay would otherwise vanish without a word.
            if args.ply.is_some() || args.numbers {
                warn(format_args!(
                    "dama: --ply and --numbers replay one game: choose it with --game N \
                     (the file holds {count})"
                ));
            }
            return Ok(list(path, &rows, out)?);
        }
    };
    let game = match chosen_game {
        Some(g) => g,
        // The only game of the file (no --game given).
        None => Reader::new(&text, rules).next().expect("one game"),
    };
    drop(text);
    match game {
        Ok(g) => Ok(print_text(&g, args, None, out).map(drop)?),
        // A damaged game is shown up to its damage; the error follows.
        Err(e) => {
            let Some(partial) = &e.partial else {
                bail!("{}", located(path, chosen, count, &e))
            };
            let damage = located(path, chosen, count, &e);
            let whole = print_text(partial, args, Some(&damage), out)?;
            match whole {
                Shown::UpToDamage => bail!(
                    "{damage} (game shown up to ply {}, where the record is damaged)",
                    partial.moves.len()
                ),
                Shown::Stopped => Ok(()),
            }
        }
    }
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
fn located(path: &Path, n: usize, count: usize, e: &PdnError) -> String {
    let which = if count > 1 {
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

fn list(path: &Path, rows: &[Row], out: &mut Out) -> Result<(), OutputError> {
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

/// Prints the replay of `game`; `damage` says where a damaged game's record breaks off.
fn print_text(
    game: &PdnGame,
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
    let mut replay = Replay::new(game.clone());
    let stop = args.ply.unwrap_or(usize::MAX).min(replay.len());
    outln!(out, "")?;
    outln!(out, "Start: {}", fen::write(replay.position()))?;
    for c in &game.intro {
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
            outln!(out, "({v})")?;
        }
        if let Some(d) = game.rule_draw.filter(|d| d.ply == replay.ply()) {
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
        None if replay.at_end() => outln!(out, "Result {}", replay.ending())?,
        None => outln!(
            out,
            "Stopped after ply {} of {} (result {})",
            replay.ply(),
            replay.len(),
            game.result
        )?,
    }
    outln!(out, "FEN {}", fen::write(replay.position()))?;
    Ok(shown)
}
