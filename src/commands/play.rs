//! `dama` / `dama play`: the board in the terminal against the engine.

use crate::cli::{ColorChoice, PlayArgs};
use crate::notation::fen;
use crate::rules::{Color, Game, Position, RuleSet};
use crate::tui::{App, Config, Look};
use anyhow::Context;
use std::path::PathBuf;
use std::time::Duration;

pub fn run(args: &PlayArgs) -> anyhow::Result<()> {
    let rules = RuleSet::from(args.rules);
    let mut config = Config::new(rules);
    config.human = match args.color {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => {
            // With a seed the choice is repeatable: its lowest bit picks the side.
            let white = match args.seed {
                Some(s) => s & 1 == 0,
                None => rand::random_bool(0.5),
            };
            if white { Color::White } else { Color::Black }
        }
    };
    if let Some(d) = args.depth {
        anyhow::ensure!((1..=40).contains(&d), "--depth must be between 1 and 40");
        config.depth = d;
    }
    config.movetime = args.movetime.map(Duration::from_millis);
    config.seed = args.seed;
    config.touch_move = args.touch_move;
    config.look = if args.ascii {
        Look::Ascii
    } else if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        Look::Mono
    } else {
        Look::Colour
    };
    let data = data_dir();
    config.save_dir = data.clone().unwrap_or_else(|| PathBuf::from("."));
    config.autosave = data.map(|d| d.join("autosave.pdn"));

    let game = if let Some(text) = &args.fen {
        let pos = fen::parse(rules, text).with_context(|| format!("bad --fen {text:?}"))?;
        Game::new(pos)
    } else if args.load.is_some() || args.resume {
        anyhow::bail!("--load and --resume need the PDN reader, which is not merged yet");
    } else {
        Game::new(Position::start(rules))
    };
    let mut app = App::new(config, game);
    let mut engine = crate::tui::run::NoEngine;
    crate::tui::run::run(&mut app, &mut engine).context("terminal error")?;
    if let Some(p) = app.saved_to() {
        println!("Game saved to {}", p.display());
    }
    Ok(())
}

/// The user's data folder for dama (`$XDG_DATA_HOME/dama`, else `~/.local/share/dama`), if a
/// home is known.
fn data_dir() -> Option<PathBuf> {
    if let Some(x) = std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(x).join("dama"));
    }
    let home = std::env::var_os("HOME").filter(|v| !v.is_empty())?;
    Some(PathBuf::from(home).join(".local/share/dama"))
}
