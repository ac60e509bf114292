//! The player's games on disk: saving one as a PDN file, `--load`, and keeping the game in
//! progress for `--resume` (the autosave: what this module is named for, apart from the
//! notation layer's atomic writes).
//!
//! [`Keeper`] is the one place that keeps the game in progress: the TUI tells it about every
//! change and it writes the autosave (atomically), clears it when there is nothing left to
//! continue, and remembers whether that worked, so nobody is told a game is kept when it is
//! not. Under the terminal loop the writing (with its `fsync`) is done by a keeper thread, so
//! a slow disk never holds up a move. The PDN text itself is the notation layer's; this
//! module names the players and picks the game to continue.

mod archive;
pub mod list;
mod shelf;

pub use archive::{Archived, archive_dir, termination};
pub use shelf::{SHELF_SIZE, shelf_dir, shelved, unshelve};

use crate::engine::Strength;
use crate::notation::pdn::{self, PdnGame};
use crate::rules::{Color, Game, Move, Outcome, Position, RuleSet};
use crate::store::{Overwrite, save_atomic};
use crate::tui::lang::{Lang, Msg};
use crate::tui::writer::Writer;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// The player's name in saved games; a game is continued with the player on the side that
/// carries it.
pub const PLAYER: &str = "You";

/// The record of `game` as dama saves it: the player named [`PLAYER`], the computer `engine`,
/// today's date and the time of day (UTC, so that two games of one day can be told apart).
pub fn record(game: &Game, human: Color, engine: &str) -> PdnGame {
    let (white, black) = match human {
        Color::White => (PLAYER, engine),
        Color::Black => (engine, PLAYER),
    };
    let mut record = PdnGame::from_game(game, "dama", white, black);
    record.set_tag("Time", &time_of_day());
    record
}

/// The time of day, UTC: `HH:MM:SS`.
fn time_of_day() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
        % 86_400;
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// Writes `game` to `path` as PDN (atomically: a temporary file renamed over the target).
/// `engine` names the computer player. The folder must exist.
///
/// # Errors
/// Any I/O error (a missing folder is one); an existing file at `path` is then left as it was.
pub fn write_game(game: &Game, human: Color, engine: &str, path: &Path) -> io::Result<()> {
    let text = pdn::write_game(&record(game, human, engine));
    save_atomic(path, &text, Overwrite::Replace)
}

/// What became of the game in progress as far as the autosave goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// The player has not acted on this game here: the kept game, if any, is as it was.
    Untouched,
    /// The game is in the autosave, up to its last move.
    InFile(PathBuf),
    /// Nothing to continue (the game is over or has no move): no autosave is left.
    Nothing,
    /// The game could not be kept: the autosave's path and why.
    Failed(PathBuf, String),
    /// There is no data folder (no home) to keep it in.
    NoPlace,
}

/// What the autosave was last brought up to date with.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    start: Position,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
    human: Color,
    engine: String,
}

impl Snapshot {
    fn of(game: &Game, human: Color, engine: &str) -> Snapshot {
        Snapshot {
            start: *game.start(),
            moves: game.moves().to_vec(),
            outcome: game.outcome(),
            human,
            engine: engine.to_string(),
        }
    }
}

/// Keeps the game in progress in the autosave file, after every change, once this session
/// has taken it over.
///
/// A session takes the autosave over when its player first acts on the game (a move, a take
/// back) or when it continues the kept game (`--resume`). Until then the kept game belongs to
/// an earlier session and is left alone, however this one ends.
///
/// The writing is done in step with [`Keeper::keep`], or, once [`Keeper::in_background`] was
/// called, by a keeper thread: then [`Keeper::state`] follows once the write is done, and a
/// `keep` with `retry` (quitting, or asking whether to) waits for it.
#[derive(Debug)]
pub struct Keeper {
    path: Option<PathBuf>,
    owned: bool,
    /// The game as of the last attempt to keep it; nothing is written while it is unchanged.
    last: Option<Snapshot>,
    state: Kept,
    /// Where the autosave is written in step (none once the keeper thread has it).
    disk: Option<Disk>,
    /// The keeper thread, once the writing is handed to it.
    writer: Option<Writer<Job, Done>>,
    /// The archive's folder (none without a data folder).
    archive_dir: Option<PathBuf>,
    /// The game was seen going on in this session: when it ends, it is archived.
    seen_going: bool,
    /// The game as it was archived last (a take-back and a new end archive it again).
    ended: Option<Snapshot>,
    /// Where this session's game was archived, once it ended.
    archive: Option<Archived>,
    /// The time control, for the archived record's `TimeControl` tag (`300+3`).
    time_control: Option<String>,
    /// The autosave does not hold this session's game yet: another unfinished game there
    /// (an earlier session's, or this session's before a new game) is shelved, not replaced.
    fresh: bool,
    /// An unfinished game moved from the shelf to the archive (the shelf was full), not told yet.
    dropped: Option<PathBuf>,
}

impl Keeper {
    /// A keeper for the autosave at `path` (`None`: there is nowhere to keep games), which
    /// the session does not own yet.
    pub fn new(path: Option<PathBuf>) -> Keeper {
        Keeper {
            disk: path.clone().map(|path| Disk {
                path,
                marked: false,
            }),
            archive_dir: path.as_deref().and_then(Path::parent).map(archive_dir),
            path,
            owned: false,
            last: None,
            state: Kept::Untouched,
            writer: None,
            seen_going: false,
            ended: None,
            archive: None,
            time_control: None,
            fresh: true,
            dropped: None,
        }
    }

    /// The unfinished game moved from the shelf to the archive since the last call (the
    /// shelf keeps [`SHELF_SIZE`]), for the player to be told once.
    pub fn take_dropped(&mut self) -> Option<PathBuf> {
        self.dropped.take()
    }

    /// The time control of the games played (`300+3`: seconds and increment, as PDN writes
    /// it), for the archive.
    pub fn set_time_control(&mut self, tc: Option<String>) {
        self.time_control = tc;
    }

    /// A new game begins: its end is archived in a file of its own.
    pub fn new_game(&mut self) {
        self.fresh = true;
        self.seen_going = false;
        self.ended = None;
        self.archive = None;
    }

    /// Where the game that ended was archived (or is being, or could not be).
    pub fn archived(&self) -> Option<&Archived> {
        self.archive.as_ref()
    }

    /// From now on the autosave is written by a keeper thread of its own (see [`Keeper`]).
    /// Without an autosave there is nothing to hand over.
    ///
    /// # Errors
    /// When the operating system refuses the thread: the keeper then goes on writing in step.
    pub fn in_background(&mut self) -> io::Result<()> {
        let Some(disk) = &self.disk else {
            return Ok(()); // no autosave, or handed over already
        };
        let mut theirs = disk.clone();
        self.writer = Some(Writer::spawn("dama-keeper", move |job| theirs.put(&job))?);
        self.disk = None;
        Ok(())
    }

    /// The game is the kept game itself, as the autosave holds it (`--resume`): the session
    /// owns the autosave, which is rewritten only once the game changes.
    pub fn adopt(&mut self, game: &Game, human: Color, engine: &str) {
        self.owned = true;
        self.fresh = false;
        self.last = Some(Snapshot::of(game, human, engine));
        if let Some(p) = &self.path {
            self.state = Kept::InFile(p.clone());
        }
    }

    /// The autosave's path, if there is one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The player acted on the game: from now on the autosave follows it.
    pub fn take_over(&mut self) {
        self.owned = true;
    }

    /// What the last attempt to keep the game did (of those the keeper thread has finished).
    pub fn state(&self) -> &Kept {
        &self.state
    }

    /// Brings the autosave up to date with `game` (played by the player as `human` against
    /// `engine`): written while the game goes on, removed once there is nothing left to
    /// continue. Nothing happens before the session has taken the autosave over, nor while
    /// the game is as it was at the last attempt, unless `retry` and that attempt failed.
    /// With `retry` (the player quits, or is asked whether to) the answer must be known: any
    /// write the keeper thread has in hand is finished before this returns.
    ///
    /// When writing fails, the file kept before (an older game, or this one some moves ago) is
    /// set aside as [`previous_path`], so that `--resume` says the newest game was not kept
    /// instead of quietly continuing an older one. Where the folder cannot be written, so
    /// that nothing can be set aside, the file kept before is marked instead (when it can be
    /// written: see [`mark_older`]), and `--resume` says the same.
    pub fn keep(&mut self, game: &Game, human: Color, engine: &str, retry: bool) -> &Kept {
        self.collect(retry);
        let snap = Snapshot::of(game, human, engine);
        let over = game.outcome().is_some();
        if !over {
            self.seen_going = true;
        }
        // A game that went on here and has ended is archived, owned or not: the autosave is
        // an earlier session's until the player acts, the finished game is this one's.
        let archive = self.archive_job(game, human, engine, &snap);
        if !self.owned {
            if let Some(a) = archive {
                self.run(Job::Finish {
                    clear: false,
                    archive: Some(a),
                    shelve: false,
                });
            }
            return &self.state;
        }
        let failed = matches!(self.state, Kept::Failed(..) | Kept::NoPlace);
        if archive.is_none() && self.last.as_ref() == Some(&snap) && !(retry && failed) {
            return &self.state;
        }
        self.last = Some(snap);
        let goes_on = game.ply() > 0 && !over;
        if self.path.is_none() {
            self.state = if goes_on {
                Kept::NoPlace
            } else {
                Kept::Nothing
            };
            return &self.state;
        }
        // The text is made here, at the change (its time of day is the move's).
        // The first job of this game shelves another unfinished game found in the autosave.
        let shelve = std::mem::take(&mut self.fresh);
        let job = if goes_on {
            Job::Write {
                text: pdn::write_game(&record(game, human, engine)),
                shelve,
            }
        } else {
            Job::Finish {
                clear: true,
                archive,
                shelve,
            }
        };
        self.run(job);
        self.collect(retry);
        &self.state
    }

    /// The archive's file and text when `game` has ended since it was last archived (and
    /// went on in this session).
    fn archive_job(
        &mut self,
        game: &Game,
        human: Color,
        engine: &str,
        snap: &Snapshot,
    ) -> Option<(PathBuf, String)> {
        if game.outcome().is_none() || !self.seen_going || self.ended.as_ref() == Some(snap) {
            return None;
        }
        self.ended = Some(snap.clone());
        let dir = self.archive_dir.as_ref()?;
        // The same game ended anew (after a take-back) replaces its own archived record.
        let path = match &self.archive {
            Some(a) => a.path().to_path_buf(),
            None => archive::new_path(dir),
        };
        let mut rec = record(game, human, engine);
        let text = archive::text(game, &mut rec, self.time_control.as_deref());
        self.archive = Some(Archived::Pending(path.clone()));
        Some((path, text))
    }

    /// Does `job` on the keeper thread, or in step without one.
    fn run(&mut self, job: Job) {
        if let Some(w) = &self.writer {
            w.hand(job);
        } else if let Some(disk) = &mut self.disk {
            let done = disk.put(&job);
            self.take(done);
        } else if let Job::Finish {
            archive: Some((path, text)),
            ..
        } = &job
        {
            // No autosave (and so no data folder) yet an archive: write it all the same.
            let done = Done {
                kept: None,
                archived: Some(write_archive(path, text)),
                dropped: None,
            };
            self.take(done);
        }
    }

    /// Takes up what a job did. An archive's outcome counts only for the game archived now
    /// (a new game may have begun since the job was handed over).
    fn take(&mut self, done: Done) {
        if let Some(k) = done.kept {
            self.state = k;
        }
        if done.dropped.is_some() {
            self.dropped = done.dropped;
        }
        if let Some(a) = done.archived
            && self
                .archive
                .as_ref()
                .is_some_and(|mine| mine.path() == a.path())
        {
            self.archive = Some(a);
        }
    }

    /// Takes up what the keeper thread has finished, after waiting for all of it if `wait`.
    fn collect(&mut self, wait: bool) {
        if let Some(done) = self.writer.as_ref().and_then(|w| w.done(wait)) {
            self.take(done);
        }
    }
}

/// What the autosave is to become.
#[derive(Debug)]
enum Job {
    /// The game goes on: this PDN text; with `shelve`, another unfinished game in the
    /// autosave is shelved first.
    Write { text: String, shelve: bool },
    /// The game is over: archive it (when it went on here), and, when `clear`, leave no
    /// autosave (nothing to continue).
    Finish {
        clear: bool,
        archive: Option<(PathBuf, String)>,
        shelve: bool,
    },
}

/// What a job did: the autosave's state (when the job touched it) and the archive's.
#[derive(Debug)]
struct Done {
    kept: Option<Kept>,
    archived: Option<Archived>,
    /// An unfinished game the full shelf moved to the archive.
    dropped: Option<PathBuf>,
}

/// Writes the archived record `text` at `path`, making the archive's folder if need be.
fn write_archive(path: &Path, text: &str) -> Archived {
    match keep_file(text, path) {
        Ok(()) => Archived::Written(path.to_path_buf()),
        Err(e) => Archived::Failed(path.to_path_buf(), e.to_string()),
    }
}

/// The part of keeping that touches the disk, on whichever thread writes.
#[derive(Clone, Debug)]
struct Disk {
    path: PathBuf,
    /// The kept game was marked older than this session's (see [`mark_older`]) since this
    /// session last kept its game: once is enough.
    marked: bool,
}

impl Disk {
    fn put(&mut self, job: &Job) -> Done {
        let archived = match job {
            Job::Finish {
                archive: Some((path, text)),
                ..
            } => Some(write_archive(path, text)),
            _ => None,
        };
        let shelved = match job {
            Job::Write { shelve: true, .. } | Job::Finish { shelve: true, .. } => {
                shelf::shelve(&self.path, &self.path)
            }
            _ => None,
        };
        let kept = match job {
            Job::Finish { clear: false, .. } => None,
            _ => Some(self.put_autosave(job)),
        };
        // The newest game could not be kept: the game shelved for it is set aside instead,
        // so that `--resume` says so rather than continue it as if it were the last.
        if let (Some(Kept::Failed(..)), Some(s)) = (&kept, &shelved) {
            let _ = std::fs::rename(&s.to, previous_path(&self.path));
        }
        Done {
            kept,
            archived,
            dropped: shelved.and_then(|s| s.dropped),
        }
    }

    fn put_autosave(&mut self, job: &Job) -> Kept {
        let path = self.path.clone();
        match job {
            Job::Write { text, .. } => match keep_file(text, &path) {
                Ok(()) => {
                    // The newest game is kept (the file replaced, any mark with it): an older
                    // one set aside is no longer needed to tell the player anything, and
                    // goes back on the shelf of unfinished games.
                    shelf::shelve(&previous_path(&path), &path);
                    clear_note_elsewhere(&path);
                    self.marked = false;
                    Kept::InFile(path)
                }
                Err(e) => {
                    if path.is_file() && std::fs::rename(&path, previous_path(&path)).is_err() {
                        self.mark();
                    }
                    Kept::Failed(path, e.to_string())
                }
            },
            Job::Finish { .. } => match std::fs::remove_file(&path) {
                Ok(()) => {
                    clear_note_elsewhere(&path);
                    Kept::Nothing
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    clear_note_elsewhere(&path);
                    Kept::Nothing
                }
                Err(e) => {
                    // The game kept before stays, though this one is newer (and over).
                    self.mark();
                    let why = format!("the game kept before could not be removed: {e}");
                    Kept::Failed(path, why)
                }
            },
        }
    }

    /// Marks the game kept at the autosave as older than this session's, once per failure: in
    /// the file itself, else (the file cannot be written either: a read-only file system, or
    /// `chmod -R`) in a note outside the data folder.
    fn mark(&mut self) {
        if !self.marked {
            self.marked = mark_older(&self.path)
                .or_else(|_| note_elsewhere(&self.path))
                .is_ok();
        }
    }
}

/// Starts the line that marks a kept game as older than a later session's game, which could
/// not be kept: a PDN escape line (`%` in the first column), which readers skip, so the game
/// still loads as it was saved. The date and time of the failure (UTC) follow.
const OLDER_MARK: &str = "% dama: a newer game could not be kept here, at ";

/// How much of the autosave's end [`older_mark`] reads: the marks are appended there.
const MARK_TAIL: u64 = 4096;

/// Appends the mark to the game kept at `path`, in place: when the folder cannot be written
/// (no file can be made or renamed there), the file itself often still can be. One write of
/// one line: a line cut short (a full disk) is still an escape line, and the record before it
/// is left as it was. The mark goes when a newer game replaces the file.
///
/// # Errors
/// Any I/O error (the file cannot be written either).
pub fn mark_older(path: &Path) -> io::Result<()> {
    use std::io::Write;
    let when = format!("{} {}", crate::notation::pdn::today(), &time_of_day()[..5]);
    let mut f = std::fs::OpenOptions::new().append(true).open(path)?;
    f.write_all(format!("\n{OLDER_MARK}{when} UTC\n").as_bytes())?;
    f.sync_all()
}

/// When the newest of the marks of [`mark_older`] at the end of the file at `path` was made
/// (`2026.12.01 14:03`, UTC), if it has one.
fn older_mark(path: &Path) -> Option<String> {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = std::fs::File::open(path).ok()?;
    let len = f.metadata().ok()?.len();
    f.seek(SeekFrom::Start(len.saturating_sub(MARK_TAIL)))
        .ok()?;
    let mut tail = Vec::new();
    f.take(MARK_TAIL).read_to_end(&mut tail).ok()?;
    let tail = String::from_utf8_lossy(&tail);
    let when = tail
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix(OLDER_MARK))?;
    Some(when.trim_end().trim_end_matches(" UTC").to_string())
}

/// Where [`note_elsewhere`] records that the game kept at `autosave` is older than the last
/// one: in the temporary folder, which stays writable when the data folder's whole file
/// system is read-only, named for this user and this autosave (a hash of its path).
fn note_path(autosave: &Path) -> PathBuf {
    // FNV-1a: stable from run to run, unlike the standard library's hasher.
    let hash = autosave
        .as_os_str()
        .as_encoded_bytes()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    std::env::temp_dir().join(format!("dama-unkept-{}-{hash:016x}", user_id()))
}

#[cfg(unix)]
fn user_id() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

#[cfg(not(unix))]
fn user_id() -> u32 {
    0
}

/// Whether the note at `note` is this user's own (the temporary folder is shared: a file
/// another user left there says nothing about this user's games).
#[cfg(unix)]
fn own_note(note: &Path) -> Option<std::fs::Metadata> {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(note)
        .ok()
        .filter(|m| m.is_file() && m.uid() == user_id())
}

#[cfg(not(unix))]
fn own_note(note: &Path) -> Option<std::fs::Metadata> {
    std::fs::symlink_metadata(note).ok().filter(|m| m.is_file())
}

/// Records, outside the data folder, when a newer game could not be kept in place of the one
/// at `autosave` (the second choice after [`mark_older`]). A new file (never through a link
/// someone left in the shared folder), replacing only a note of this user's own.
///
/// # Errors
/// Any I/O error.
fn note_elsewhere(autosave: &Path) -> io::Result<()> {
    use std::io::Write;
    let note = note_path(autosave);
    if own_note(&note).is_some() {
        std::fs::remove_file(&note)?;
    }
    let when = format!("{} {}", crate::notation::pdn::today(), &time_of_day()[..5]);
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&note)?;
    f.write_all(when.as_bytes())?;
    f.sync_all()
}

/// A newer game is kept (or there is nothing left to continue): the note is no longer true.
fn clear_note_elsewhere(autosave: &Path) {
    let note = note_path(autosave);
    if own_note(&note).is_some() {
        let _ = std::fs::remove_file(note);
    }
}

/// When the note of [`note_elsewhere`] for `autosave` was made, if there is one and the kept
/// game is no newer than it.
fn noted_elsewhere(autosave: &Path) -> Option<String> {
    let note = note_path(autosave);
    let written = own_note(&note)?.modified().ok()?;
    if std::fs::metadata(autosave).ok()?.modified().ok()? > written {
        return None;
    }
    use std::io::Read;
    let mut text = Vec::new();
    let file = std::fs::File::open(&note).ok()?;
    file.take(64).read_to_end(&mut text).ok()?;
    let when = String::from_utf8_lossy(&text).trim().to_string();
    Some(when).filter(|w| !w.is_empty())
}

/// Writes the autosave (`text`, atomically), creating the data folder it lives in (the one
/// folder dama makes on its own: it is dama's, and the player never typed it).
fn keep_file(text: &str, path: &Path) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    save_atomic(path, text, Overwrite::Replace)
}

/// Where the game kept before is set aside when the newest one could not be written:
/// `autosave.pdn` -> `autosave-previous.pdn`.
pub fn previous_path(autosave: &Path) -> PathBuf {
    let stem = autosave
        .file_stem()
        .map_or_else(|| "autosave".into(), |s| s.to_string_lossy().into_owned());
    let name = match autosave.extension() {
        Some(ext) => format!("{stem}-previous.{}", ext.to_string_lossy()),
        None => format!("{stem}-previous"),
    };
    autosave.with_file_name(name)
}

/// Removes the temporary files that saves killed midway left in the data folder.
pub fn clean_data_folder(dir: &Path) {
    crate::store::remove_stale_temporaries(dir, None);
}

/// A game read back to be continued.
pub struct Loaded {
    pub game: Game,
    /// The side the player had, when the record says (the side named [`PLAYER`]).
    pub human: Option<Color>,
    /// The engine's strength when the game was saved, read from its player name
    /// (`dama (depth 4)`, `dama (200 ms)`: [`Strength::from_player_name`]), so a resumed game
    /// goes on as it was played.
    pub engine: Option<Strength>,
    /// Which game this is, for the player: players, date, moves.
    pub summary: Summary,
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
        text.push_str(&Msg::SummaryLine.fill(lang, &[&white, &black, &when, &moves]));
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
    Ok(Loaded {
        game: record.game(),
        human,
        engine,
        summary: summary(&record),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::legal_moves;

    fn play(game: &mut Game, text: &str) {
        let m = legal_moves(game.position())
            .into_iter()
            .find(|m| m.to_string() == text)
            .unwrap();
        game.play(&m).unwrap();
    }

    /// Issue 24: with the keeper thread, every move is handed over and the newest game is
    /// in the file once quitting (`retry`) has waited for it.
    #[test]
    fn the_keeper_thread_keeps_the_newest_game() {
        let dir = std::env::temp_dir().join(format!("dama-keeper-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let auto = dir.join("autosave.pdn");
        let mut k = Keeper::new(Some(auto.clone()));
        k.in_background().unwrap();
        k.take_over();
        let mut game = Game::new(Position::start(RuleSet::Italian));
        for m in ["22-18", "11-14", "18x11", "7x14"] {
            play(&mut game, m);
            k.keep(&game, Color::White, "dama (depth 1)", false);
        }
        assert_eq!(
            k.keep(&game, Color::White, "dama (depth 1)", true),
            &Kept::InFile(auto.clone())
        );
        let kept = load_game(&auto, RuleSet::Italian).unwrap().game;
        assert_eq!(kept.moves(), game.moves());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A write that fails on the keeper thread is reported by the next `keep`, as in step;
    /// dropping the keeper finishes a write still in hand.
    #[test]
    fn the_keeper_thread_reports_failures_and_finishes_on_drop() {
        let dir = std::env::temp_dir().join(format!("dama-keeper-fail-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("data"), "not a folder").unwrap();
        let bad = dir.join("data/autosave.pdn");
        let mut k = Keeper::new(Some(bad.clone()));
        k.in_background().unwrap();
        k.take_over();
        let mut game = Game::new(Position::start(RuleSet::Italian));
        play(&mut game, "22-18");
        k.keep(&game, Color::White, "dama (depth 1)", false);
        let state = k.keep(&game, Color::White, "dama (depth 1)", true).clone();
        assert!(
            matches!(&state, Kept::Failed(p, _) if *p == bad),
            "{state:?}"
        );

        let good = dir.join("autosave.pdn");
        let mut k = Keeper::new(Some(good.clone()));
        k.in_background().unwrap();
        k.take_over();
        k.keep(&game, Color::White, "dama (depth 1)", false);
        drop(k);
        assert_eq!(
            load_game(&good, RuleSet::Italian).unwrap().game.moves(),
            game.moves()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
