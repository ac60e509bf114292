//! The game as a PDN file: save, autosave, `--load` and `--resume`. The PDN text itself is the
//! notation layer's; this module names the players and picks the game to continue.

use crate::notation::pdn::{self, Overwrite, PdnGame};
use crate::rules::{Color, Game, RuleSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// The player's name in saved games; a game is continued with the player on the side that
/// carries it.
pub const PLAYER: &str = "You";

/// Writes `game` to `path` as PDN (atomically: a temporary file renamed over the target),
/// creating the folder if needed. `engine` names the computer player.
///
/// # Errors
/// Any I/O error; an existing file at `path` is then left as it was.
pub fn write_game(game: &Game, human: Color, engine: &str, path: &Path) -> std::io::Result<()> {
    let (white, black) = match human {
        Color::White => (PLAYER, engine),
        Color::Black => (engine, PLAYER),
    };
    let record = PdnGame::from_game(game, "dama", white, black);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    pdn::save_atomic(path, &pdn::write_game(&record), Overwrite::Replace)
}

/// A game read back to be continued.
pub struct Loaded {
    pub game: Game,
    /// The side the player had, when the record says (the side named [`PLAYER`]).
    pub human: Option<Color>,
    /// The engine's strength when the game was saved, read from its player name
    /// (`dama (depth 4)`, `dama (200 ms)`), so a resumed game goes on as it was played.
    pub engine: Option<Strength>,
}

/// How strongly the engine played a saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    Depth(u32),
    MoveTimeMs(u64),
}

impl Strength {
    /// Reads the name [`write_game`] gives the engine; `None` for any other name.
    pub fn from_player_name(name: &str) -> Option<Strength> {
        let inner = name.strip_prefix("dama (")?.strip_suffix(')')?;
        if let Some(d) = inner.strip_prefix("depth ") {
            return d
                .parse()
                .ok()
                .filter(|d| (1..=40).contains(d))
                .map(Strength::Depth);
        }
        let ms = inner.strip_suffix(" ms")?.parse().ok().filter(|&t| t > 0)?;
        Some(Strength::MoveTimeMs(ms))
    }
}

/// Why a saved game could not be continued.
#[derive(Debug)]
pub enum LoadError {
    Io(PathBuf, std::io::Error),
    NoGame(PathBuf),
    /// The file holds this many games: which one to continue is not for `--load` to guess.
    Several(PathBuf, usize),
    Pdn(PathBuf, Box<pdn::PdnError>),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(p, e) => write!(f, "cannot read {}: {e}", p.display()),
            LoadError::NoGame(p) => write!(f, "{}: no game found", p.display()),
            LoadError::Several(p, n) => write!(
                f,
                "{} holds {n} games; to play on from one of them, open it with \
                 `dama replay {} --game N` and press p",
                p.display(),
                p.display()
            ),
            // FILE:LINE:COLUMN, as `dama replay` and compilers write a place in a file.
            LoadError::Pdn(p, e) => {
                write!(f, "{}:{}:{}: {}", p.display(), e.line, e.column, e.kind)
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Reads the game of a PDN file (of one game) to continue it from its last position. `rules` is for
/// records without a GameType tag.
///
/// # Errors
/// [`LoadError`] saying which file and, for a bad record, which line and column.
pub fn load_game(path: &Path, rules: RuleSet) -> Result<Loaded, LoadError> {
    let bytes = std::fs::read(path).map_err(|e| LoadError::Io(path.to_path_buf(), e))?;
    // As `dama replay` reads it: UTF-8, else Latin-1 (older programs' accented names).
    let text = pdn::decode(&bytes);
    let mut games = pdn::read_games(&text, rules);
    if games.len() > 1 {
        return Err(LoadError::Several(path.to_path_buf(), games.len()));
    }
    let first = games
        .pop()
        .ok_or_else(|| LoadError::NoGame(path.to_path_buf()))?;
    let record = first.map_err(|e| LoadError::Pdn(path.to_path_buf(), Box::new(e)))?;
    let human = if record.tag("White") == Some(PLAYER) {
        Some(Color::White)
    } else if record.tag("Black") == Some(PLAYER) {
        Some(Color::Black)
    } else {
        None
    };
    let engine = match human {
        Some(Color::White) => record.tag("Black"),
        Some(Color::Black) => record.tag("White"),
        None => None,
    }
    .and_then(Strength::from_player_name);
    Ok(Loaded {
        game: record.game(),
        human,
        engine,
    })
}
