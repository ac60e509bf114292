//! `dama` / `dama play`: the board in the terminal against the engine; and the full-screen
//! replay viewer that `dama replay FILE` opens.

use crate::cli::{ColorChoice, PlayArgs};
use crate::notation::fen;
use crate::notation::pdn::{PdnError, PdnGame};
use crate::rules::{Color, Game, Position, RuleSet};
use crate::tui::run::EngineLink;
use crate::tui::save::Strength;
use crate::tui::viewer::Viewer;
use crate::tui::worker::Worker;
use crate::tui::{App, Config, Look};
use anyhow::Context;
use std::path::PathBuf;
use std::time::Duration;

pub fn run(args: &PlayArgs) -> anyhow::Result<()> {
    let rules = RuleSet::from(args.rules);
    let mut config = Config::new(rules);
    config.look = look(args.ascii);
    let data = data_dir();
    config.save_dir = data.clone().unwrap_or_else(|| PathBuf::from("."));
    config.autosave = data.map(|d| d.join("autosave.pdn"));

    let mut loaded_side = None;
    let mut loaded_strength = None;
    let game = if let Some(text) = &args.fen {
        let pos = fen::parse(rules, text).with_context(|| format!("bad --fen {text:?}"))?;
        Game::new(pos)
    } else if let Some(path) = &args.load {
        let l = crate::tui::save::load_game(path, rules)?;
        loaded_side = l.human;
        loaded_strength = l.engine;
        l.game
    } else if args.resume {
        let path = config
            .autosave
            .clone()
            .context("no home folder: there is no autosave to resume")?;
        if !path.exists() {
            anyhow::bail!(
                "no game to resume: {} does not exist (a game is kept there when you quit it \
                 unfinished)",
                path.display()
            );
        }
        let l = crate::tui::save::load_game(&path, rules)?;
        loaded_side = l.human;
        loaded_strength = l.engine;
        l.game
    } else {
        Game::new(Position::start(rules))
    };
    config.rules = game.position().rules();
    config.human = match args.color {
        Some(ColorChoice::White) => Color::White,
        Some(ColorChoice::Black) => Color::Black,
        Some(ColorChoice::Random) => {
            // With a seed the choice is repeatable: its lowest bit picks the side.
            let white = match args.seed {
                Some(s) => s & 1 == 0,
                None => rand::random_bool(0.5),
            };
            if white { Color::White } else { Color::Black }
        }
        None => loaded_side.unwrap_or(Color::White),
    };
    // A continued game keeps the engine it was played against, unless told otherwise.
    match (args.depth, args.movetime, loaded_strength) {
        (None, None, Some(Strength::Depth(d))) => config.depth = d,
        (None, None, Some(Strength::MoveTimeMs(t))) => {
            config.movetime = Some(Duration::from_millis(t));
        }
        _ => {}
    }
    if let Some(d) = args.depth {
        anyhow::ensure!((1..=40).contains(&d), "--depth must be between 1 and 40");
        config.depth = d;
    }
    if let Some(t) = args.movetime {
        config.movetime = Some(Duration::from_millis(t));
    }
    config.seed = args.seed;
    config.touch_move = args.touch_move;

    // Said before the board takes the screen (the line stays above it), and the tables are
    // read now rather than on the engine's first move.
    super::tables::for_engine(config.rules);
    let mut app = App::new(config, game);
    let mut engine = Worker::spawn(args.seed).context("cannot start the engine thread")?;
    crate::tui::run::run(&mut app, &mut engine).context("terminal error")?;
    if let Some(p) = app.saved_to() {
        println!("Game saved to {}", p.display());
    }
    Ok(())
}

/// Opens the full-screen viewer on the games of a PDN file, at game `index` (0-based); when
/// the file holds several and none was `chosen`, on the list of games. The engine thread
/// starts only if the player starts a game from a position of the replay.
pub fn view(
    name: String,
    games: Vec<Result<PdnGame, PdnError>>,
    opts: &ViewOptions,
) -> anyhow::Result<()> {
    let mut config = Config::new(opts.rules);
    config.look = look(opts.ascii);
    let data = data_dir();
    config.save_dir = data.clone().unwrap_or_else(|| PathBuf::from("."));
    config.autosave = data.map(|d| d.join("autosave.pdn"));
    let list = games.len() > 1 && !opts.chosen;
    let mut viewer = Viewer::new(name, games, opts.index);
    if let Some(ply) = opts.ply {
        viewer.goto(ply);
    }
    let mut app = App::viewer(config, viewer);
    if opts.numbers {
        app.update(crate::tui::Action::ToggleNumbers);
    }
    if list {
        app.show_game_list();
    }
    let mut link = LazyEngine::default();
    crate::tui::run::run(&mut app, &mut link).context("terminal error")?;
    if let Some(p) = app.saved_to() {
        println!("Game saved to {}", p.display());
    }
    Ok(())
}

/// How `dama replay` opens the viewer.
pub struct ViewOptions {
    /// The game to show first (0-based).
    pub index: usize,
    /// Whether the user named that game (else a file of several opens on the list).
    pub chosen: bool,
    /// Start at this ply instead of the start position.
    pub ply: Option<usize>,
    /// Square numbers on the board.
    pub numbers: bool,
    /// For records without a GameType tag.
    pub rules: RuleSet,
    pub ascii: bool,
}

/// Starts the engine thread on the first request (the viewer needs none until a game starts).
#[derive(Default)]
struct LazyEngine {
    worker: Option<Worker>,
    /// The thread could not be started: the loop ends with an error instead of waiting.
    failed: bool,
}

impl EngineLink for LazyEngine {
    fn send(&mut self, request: crate::tui::app::Request) {
        if self.worker.is_none() && !self.failed {
            match Worker::spawn(None) {
                Ok(w) => self.worker = Some(w),
                Err(_) => self.failed = true,
            }
        }
        if let Some(w) = self.worker.as_mut() {
            w.send(request);
        }
    }
    fn try_recv(&mut self) -> Option<crate::tui::app::EngineMsg> {
        self.worker.as_mut().and_then(Worker::try_recv)
    }
    fn alive(&self) -> bool {
        !self.failed && self.worker.as_ref().is_none_or(Worker::alive)
    }
}

fn look(ascii: bool) -> Look {
    if ascii {
        Look::Ascii
    } else if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        Look::Mono
    } else {
        Look::Colour
    }
}

/// The user's data folder for dama (`$XDG_DATA_HOME/dama`, else `~/.local/share/dama`), if a
/// home is known.
pub(crate) fn data_dir() -> Option<PathBuf> {
    if let Some(x) = std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(x).join("dama"));
    }
    let home = std::env::var_os("HOME").filter(|v| !v.is_empty())?;
    Some(PathBuf::from(home).join(".local/share/dama"))
}
