//! `dama replay FILE.pdn`: lists the games of a file, or replays one. `--text` prints the
//! replay for scripts; the full-screen viewer belongs to the board (TUI) and reuses
//! [`crate::notation::replay::Replay`].

use crate::cli::ReplayArgs;
use crate::notation::fen;
use crate::notation::pdn::{PdnError, PdnGame, read_file};
use crate::notation::replay::{Replay, board_text};
use crate::rules::RuleSet;
use anyhow::{Context, bail};
use std::io::{self, IsTerminal, Write};
use std::path::Path;

pub fn run(args: &ReplayArgs) -> anyhow::Result<()> {
    let path = &args.file;
    let games = read_file(path, args.rules.into())
        .with_context(|| format!("cannot read {}", path.display()))?;
    if games.is_empty() {
        bail!("{}: not a PDN file (no game found)", path.display());
    }
    // A file in which nothing reads is an error, not a list of errors.
    if args.game.is_none() && games.len() > 1 && games.iter().all(Result::is_err) {
        let Some(Err(first)) = games.first() else {
            unreachable!("all games are errors")
        };
        bail!(
            "none of the {} games in {} can be read (games without a GameType tag are read as \
             {}; see --rules); the first: {}",
            games.len(),
            path.display(),
            RuleSet::from(args.rules),
            located(path, 1, games.len(), first)
        );
    }
    // Without --text, on a terminal, the full-screen viewer opens on the chosen game or the
    // first readable one (its panel says how many the file holds; [ and ] change game). Piped
    // into a script, the output stays text: the list of games, or the replay.
    let tty = io::stdout().is_terminal() && io::stdin().is_terminal();
    if !args.text && tty && args.game.is_none_or(|n| (1..=games.len()).contains(&n)) {
        let index = match args.game {
            Some(n) => n - 1,
            None => games.iter().position(Result::is_ok).unwrap_or(0),
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
            rules: args.rules.into(),
            ascii: args.ascii,
            lang: crate::cli::LangChoice::resolve(args.lang),
        };
        return crate::commands::play::view(name, games, &opts);
    }
    let chosen = match args.game {
        Some(0) => bail!("games are numbered from 1"),
        Some(n) if n > games.len() => bail!(
            "{} holds {} game{}; there is no game {n}",
            path.display(),
            games.len(),
            if games.len() == 1 { "" } else { "s" }
        ),
        Some(n) => n,
        None if games.len() == 1 => 1,
        None => {
            // Options about one game's replay would otherwise vanish without a word.
            if args.ply.is_some() || args.numbers {
                eprintln!(
                    "dama: --ply and --numbers replay one game: choose it with --game N \
                     (the file holds {})",
                    games.len()
                );
            }
            return ignore_broken_pipe(list(path, &games));
        }
    };
    let game = match &games[chosen - 1] {
        Ok(g) => g.clone(),
        Err(e) => bail!("{}", located(path, chosen, games.len(), e)),
    };
    ignore_broken_pipe(print_text(&game, args))
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
fn ignore_broken_pipe(r: io::Result<()>) -> anyhow::Result<()> {
    match r {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        r => Ok(r?),
    }
}

fn players(g: &PdnGame) -> String {
    format!(
        "{} - {}",
        g.tag("White").unwrap_or("?"),
        g.tag("Black").unwrap_or("?")
    )
}

fn list(path: &Path, games: &[Result<PdnGame, PdnError>]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let ok = games.iter().filter(|g| g.is_ok()).count();
    writeln!(
        out,
        "{}: {} games ({ok} readable); choose one with --game N",
        path.display(),
        games.len()
    )?;
    writeln!(
        out,
        "{:>5}  {:<44} {:>8} {:>6}",
        "game", "white - black", "result", "moves"
    )?;
    for (i, g) in games.iter().enumerate() {
        match g {
            Ok(g) => writeln!(
                out,
                "{:>5}  {:<44} {:>8} {:>6}",
                i + 1,
                truncate(&players(g), 44),
                g.result.as_str(),
                g.moves.len().div_ceil(2)
            )?,
            Err(e) => writeln!(
                out,
                "{:>5}  cannot be read: line {}, column {}: {}",
                i + 1,
                e.line,
                e.column,
                e.kind
            )?,
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

fn print_text(game: &PdnGame, args: &ReplayArgs) -> io::Result<()> {
    let mut out = io::stdout().lock();
    for (name, value) in &game.tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        writeln!(out, "[{name} \"{value}\"]")?;
    }
    let rules: RuleSet = game.rules;
    writeln!(out, "Rules: {rules}")?;
    let mut replay = Replay::new(game.clone());
    let stop = args.ply.unwrap_or(usize::MAX).min(replay.len());
    writeln!(out)?;
    writeln!(out, "Start: {}", fen::write(replay.position()))?;
    for c in &game.intro {
        writeln!(out, "{{{c}}}")?;
    }
    write!(out, "{}", board_text(replay.position(), args.numbers))?;
    while replay.ply() < stop {
        let label = replay
            .move_label(replay.ply())
            .expect("a move before the end");
        replay.forward();
        let m = replay.last_move().expect("just moved");
        writeln!(out)?;
        let mut line = label;
        for n in &m.nags {
            line.push(' ');
            line.push_str(n);
        }
        writeln!(out, "{line}")?;
        for c in &m.comments {
            writeln!(out, "{{{c}}}")?;
        }
        for v in &m.variations {
            writeln!(out, "({v})")?;
        }
        write!(out, "{}", board_text(replay.position(), args.numbers))?;
    }
    writeln!(out)?;
    if replay.at_end() {
        writeln!(out, "Result {}", replay.ending())?;
    } else {
        writeln!(
            out,
            "Stopped after ply {} of {} (result {})",
            replay.ply(),
            replay.len(),
            game.result
        )?;
    }
    writeln!(out, "FEN {}", fen::write(replay.position()))?;
    Ok(())
}
