//! Reading a game back to continue it: `--load`, `--resume` (the autosave, else the newest
//! unfinished game on the shelf), and the [`Summary`] that names a game for the player.

use super::marks::{noted_elsewhere, older_mark};
use super::{PLAYER, previous_path, shelf, shelved};
use crate::engine::Strength;
use crate::notation::pdn::{self, PdnGame};
use crate::rules::{Color, Game, RuleSet};
use crate::tui::lang::{Lang, Msg};
use std::fmt;
use std::path::{Path, PathBuf};

/// A game read back to be continued.
pub struct Loaded {
    pub game: Game,
    /// The side the player had, when the record says (the side named [`PLAYER`]).
    pub human: Option<Color>,
    /// The engine's strength when the game was saved, read from its player name
    /// (`dama (depth 4)`, `dama (200 ms)`: [`Strength::from_player_name`]), so a resumed game
    /// goes on as it was played.
    pub engine: Option<Strength>,
    /// Two players at one keyboard played it (the record names the sides [`TWO_PLAYERS`]):
    /// it goes on as such.
    ///
    /// [`TWO_PLAYERS`]: super::TWO_PLAYERS
    pub two_players: bool,
    /// Which game this is, for the player: players, date, moves.
    pub summary: Summary,
    /// A timed game's time control and times left, to go on with.
    pub clock: Option<super::KeptClock>,
}

/// Which game a record is, for the player: `You (White) v dama (depth 12), 2026.12.01 14:03,
/// 7 moves, last 10-14` (date and time UTC, as saved): short enough for the message line.
/// `Display` words it in English; [`Summary::text`] in either language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    white: String,
    black: String,
    /// Date and time, when the record has them.
    when: Option<String>,
    /// Full moves (a move of each side, as numbered in the record), not plies.
    moves: usize,
    last: Option<String>,
    /// The kept game's folder cannot be written, so a newer game could not have been kept.
    pub unwritable: Option<PathBuf>,
    /// A newer game, of this date and time (UTC), could not be kept in its place: this one is
    /// older than the last one played.
    pub older_than: Option<String>,
}

impl Summary {
    pub fn text(&self, lang: Lang) -> String {
        let when = match &self.when {
            Some(w) => w.clone(),
            None => Msg::SummaryUndated.text(lang).to_string(),
        };
        let moves = match &self.last {
            None => Msg::SummaryNoMove.text(lang).to_string(),
            Some(m) if self.moves == 1 => Msg::SummaryOneMove.fill(lang, &[m]),
            Some(m) => Msg::SummaryMoves.fill(lang, &[&self.moves, m]),
        };
        // The warning first: the message line that shows the summary is cut at its width.
        let mut text = match &self.older_than {
            Some(newer) => Msg::SummaryOlder.fill(lang, &[newer]),
            None => String::new(),
        };
        let (white, black) = (
            crate::tui::lang::player_name(lang, &self.white),
            crate::tui::lang::player_name(lang, &self.black),
        );
        // Two players are named by their colours: not "White (White) v Black".
        if (self.white.as_str(), self.black.as_str()) == super::TWO_PLAYERS {
            text.push_str(&Msg::SummaryTwoPlayers.fill(lang, &[&when, &moves]));
        } else {
            text.push_str(&Msg::SummaryLine.fill(lang, &[&white, &black, &when, &moves]));
        }
        if let Some(dir) = &self.unwritable {
            text.push_str(&Msg::SummaryUnwritable.fill(lang, &[&dir.display()]));
        }
        text
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// Why a saved game could not be continued.
#[derive(Debug)]
pub enum LoadError {
    Io(PathBuf, pdn::FileError),
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
    // As every command reads a game file (a device such as /dev/zero is refused).
    let text = pdn::read_text(path).map_err(|e| LoadError::Io(path.to_path_buf(), e))?;
    // One game held at a time, however many the file holds.
    let mut games = pdn::Reader::new(&text, rules);
    let first = games
        .next()
        .ok_or_else(|| LoadError::NoGame(path.to_path_buf()))?;
    let more = games.count();
    if more > 0 {
        return Err(LoadError::Several(path.to_path_buf(), 1 + more));
    }
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
    let two_players = (record.tag("White"), record.tag("Black"))
        == (Some(super::TWO_PLAYERS.0), Some(super::TWO_PLAYERS.1));
    Ok(Loaded {
        game: record.game(),
        human,
        engine,
        two_players,
        summary: summary(&record),
        clock: super::KeptClock::read(&record),
    })
}

/// The record's [`Summary`].
fn summary(record: &PdnGame) -> Summary {
    let when = record.tag("Date").map(|d| {
        let mut when = d.to_string();
        if let Some(t) = record.tag("Time").and_then(|t| t.get(..5)) {
            when.push(' ');
            when.push_str(t);
        }
        when
    });
    Summary {
        white: record.tag("White").unwrap_or("?").to_string(),
        black: record.tag("Black").unwrap_or("?").to_string(),
        when,
        // "1. 22-18 11-14" is one move: numbered from the side that moves first.
        moves: (record.moves.len()
            + usize::from(record.start.side_to_move() != record.rules.first_to_move()))
        .div_ceil(2),
        last: record.moves.last().map(|m| m.mv.to_string()),
        unwritable: None,
        older_than: None,
    }
}

/// Why `--resume` has no game to continue.
#[derive(Debug)]
pub enum ResumeError {
    /// No game was kept.
    Nothing(PathBuf),
    /// The newest game could not be kept; an older one was set aside at `older`.
    NewestNotKept {
        autosave: PathBuf,
        older: PathBuf,
        summary: String,
    },
    Load(LoadError),
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The data folder made a file: "does not exist" would hide why.
            ResumeError::Nothing(p) if crate::store::file_in_the_way(p).is_some() => write!(
                f,
                "no game to resume: {} (dama keeps the game you play in {})",
                crate::store::io_reason(p, &std::io::Error::from(std::io::ErrorKind::NotFound)),
                p.display()
            ),
            ResumeError::Nothing(p) => write!(
                f,
                "no game to resume: {} does not exist (a game is kept there while you play it, \
                 until it ends)",
                p.display()
            ),
            ResumeError::NewestNotKept {
                autosave,
                older,
                summary,
            } => write!(
                f,
                "no game to resume in {}: the last game could not be kept there. An older \
                 game was set aside in {} ({summary}); `dama play --load {}` continues it",
                autosave.display(),
                older.display(),
                older.display()
            ),
            ResumeError::Load(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ResumeError {}

/// The kept game, for `--resume`. Only the autosave itself is continued: when it is missing but
/// an older game was set aside because a newer one could not be written, that is an error
/// saying so, not a silent step back.
///
/// # Errors
/// [`ResumeError`].
pub fn resume(autosave: &Path, rules: RuleSet) -> Result<Loaded, ResumeError> {
    resume_or_peek(autosave, rules, true)
}

/// Whether `path` is a game the data folder of `autosave` set aside: the game kept before a
/// newer one could not be kept ([`previous_path`], which `--resume` tells the player to load),
/// or an unfinished game on the shelf. Loaded, such a game is moved back into the autosave
/// ([`shelf::unshelve`]) and continued from there, as `--resume` continues one: loaded as any
/// file, it stayed where it was, an older copy of the game going on that would be continued
/// again (and, set aside beside the autosave, was then shelved as an unfinished game of its
/// own).
pub fn set_aside(autosave: &Path, path: &Path) -> bool {
    let canon = |p: &Path| std::fs::canonicalize(p).ok();
    let Some(file) = canon(path).filter(|f| f.is_file()) else {
        return false;
    };
    canon(&previous_path(autosave)).as_ref() == Some(&file)
        || file.parent() == canon(&super::shelf_dir(autosave)).as_deref()
}

/// `--load` of the data folder's own game (the autosave, however the path is written, or a
/// game [`set_aside`]): continued as `--resume` continues it, moved back into the autosave
/// first (the game there shelved), so that no older copy is left behind to be continued
/// twice. `None` for any other file, and while another board holds the autosave (nothing is
/// moved in or out of it then, as on the start screen): the file is loaded as any other.
pub fn continue_own(
    autosave: &Path,
    path: &Path,
    rules: RuleSet,
) -> Option<Result<Loaded, ResumeError>> {
    let canon = |p: &Path| std::fs::canonicalize(p).ok();
    let itself = canon(path).is_some_and(|p| Some(p) == canon(autosave));
    let aside = !itself && set_aside(autosave, path);
    if !itself && !aside {
        return None;
    }
    let dir = autosave.parent().unwrap_or(Path::new("."));
    // Held until the move is done; the board's keeper takes the lock up again.
    let _held = match crate::store::try_lock_for_process(dir) {
        Ok(None) => return None,
        Ok(Some(lock)) => Some(lock),
        Err(_) => None,
    };
    if aside && shelf::unshelve(autosave, path).is_err() {
        return None;
    }
    Some(resume(autosave, rules))
}

/// The game [`resume`] would continue, without moving a shelved one back: for the start
/// screen's line.
///
/// # Errors
/// [`ResumeError`].
pub fn peek_resume(autosave: &Path, rules: RuleSet) -> Result<Loaded, ResumeError> {
    resume_or_peek(autosave, rules, false)
}

fn resume_or_peek(autosave: &Path, rules: RuleSet, take: bool) -> Result<Loaded, ResumeError> {
    if !autosave.exists() {
        let older = previous_path(autosave);
        if let Ok(l) = load_game(&older, rules) {
            return Err(ResumeError::NewestNotKept {
                autosave: autosave.to_path_buf(),
                older,
                summary: l.summary.to_string(),
            });
        }
        // No game in play: the newest shelved one (moved back to be continued).
        let nothing = || ResumeError::Nothing(autosave.to_path_buf());
        if !take {
            let newest = shelved(autosave).into_iter().next().ok_or_else(nothing)?;
            return load_game(&newest, rules).map_err(ResumeError::Load);
        }
        shelf::unshelve_newest(autosave).ok_or_else(nothing)?;
    }
    // dama's own file: a pipe or a device there is refused, not read (reading a pipe would
    // wait for a writer forever, on the start screen too).
    if std::fs::metadata(autosave).is_ok_and(|m| !m.is_file()) {
        let e = std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file");
        return Err(ResumeError::Load(LoadError::Io(
            autosave.to_path_buf(),
            pdn::FileError::Io(e),
        )));
    }
    let mut loaded = load_game(autosave, rules).map_err(ResumeError::Load)?;
    // A session that could not keep its newer game marked this one.
    loaded.summary.older_than = older_mark(autosave).or_else(|| noted_elsewhere(autosave));
    // A folder that cannot be written could not have kept a newer game either, nor set this
    // one aside: say so rather than let an older game pass for the last one.
    if let Some(dir) = autosave.parent().filter(|d| !writable(d)) {
        loaded.summary.unwritable = Some(dir.to_path_buf());
    }
    Ok(loaded)
}

/// Whether this process may create files in `dir`.
#[cfg(unix)]
fn writable(dir: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(c) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else {
        return true;
    };
    // SAFETY: `c` is a valid NUL-terminated path for the duration of the call.
    unsafe { libc::access(c.as_ptr(), libc::W_OK) == 0 }
}

#[cfg(not(unix))]
fn writable(dir: &Path) -> bool {
    std::fs::metadata(dir).is_ok_and(|m| !m.permissions().readonly())
}
