//! The player's games on disk: saving one as a PDN file, `--load`, and keeping the game in
//! progress for `--resume` (the autosave: what this module is named for, apart from the
//! notation layer's atomic writes).
//!
//! [`Keeper`] is the one place that keeps the game in progress: the TUI tells it about every
//! change and it writes the autosave (atomically), clears it when there is nothing left to
//! continue, and remembers whether that worked, so nobody is told a game is kept when it is
//! not. Under the terminal loop the writing (with its `fsync`) is done by a keeper thread, so
//! a slow disk never holds up a move. The PDN text itself is the notation layer's; this
//! module names the players. Apart: the archive of finished games (`archive`), the shelf of
//! unfinished ones (`shelf`), the list of the games in the data folder (`list`), reading a
//! game back (`load`) and the marks of an older kept game (`marks`).

mod archive;
pub mod list;
mod load;
mod marks;
mod shelf;
pub mod training;

pub use load::{
    LoadError, Loaded, ResumeError, Summary, continue_own, load_game, peek_resume, resume,
    set_aside,
};
pub use marks::mark_older;
use marks::{clear_note_elsewhere, note_elsewhere};

pub use archive::{Archived, archive_dir, termination};
pub use shelf::{SHELF_SIZE, shelf_dir, shelved, unshelve};

use crate::notation::pdn::{self, PdnGame};
use crate::rules::{Color, Game, Move, Outcome, Position};
use crate::store::{Overwrite, save_atomic};
use crate::tui::clock::TimeControl;
use crate::tui::writer::Writer;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The player's name in saved games; a game is continued with the player on the side that
/// carries it.
pub const PLAYER: &str = "You";

/// The names of two people at one keyboard in their records (the PDN colours' own names, so
/// that a record says plainly who had which side).
pub const TWO_PLAYERS: (&str, &str) = ("White", "Black");

/// Who played each side, as the record names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    pub white: String,
    pub black: String,
}

impl Names {
    /// The player (named [`PLAYER`]) as `human` against the computer `engine`.
    pub fn against(human: Color, engine: &str) -> Names {
        let (white, black) = match human {
            Color::White => (PLAYER, engine),
            Color::Black => (engine, PLAYER),
        };
        Names::of(white, black)
    }

    pub fn of(white: &str, black: &str) -> Names {
        Names {
            white: white.to_string(),
            black: black.to_string(),
        }
    }
}

/// A timed game's clock as its record keeps it: the time control (PDN's `TimeControl` tag,
/// seconds and increment: `300+3`) and each side's time left after the last move
/// (`WhiteClock`/`BlackClock`, `H:MM:SS.t`). Readers that do not know the clock tags pass
/// them over, as PDN readers do with any tag they do not use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeptClock {
    pub control: TimeControl,
    /// White's and Black's time left.
    pub left: [Duration; 2],
}

impl KeptClock {
    /// The `TimeControl` tag's value: `300+3`.
    pub fn control_tag(control: TimeControl) -> String {
        format!(
            "{}+{}",
            control.base.as_secs_f64(),
            control.increment.as_secs_f64()
        )
    }

    /// Writes the clock's tags into `record`.
    pub fn tag(&self, record: &mut PdnGame) {
        record.set_tag("TimeControl", &KeptClock::control_tag(self.control));
        record.set_tag("WhiteClock", &clock_tag(self.left[0]));
        record.set_tag("BlackClock", &clock_tag(self.left[1]));
    }

    /// The clock `record` keeps, if it names a time control dama can play (`None` for an
    /// untimed game). A missing or unreadable side's clock is the full time.
    pub fn read(record: &PdnGame) -> Option<KeptClock> {
        let control = parse_control(record.tag("TimeControl")?)?;
        let side = |tag| {
            record
                .tag(tag)
                .and_then(parse_clock)
                .unwrap_or(control.base)
        };
        Some(KeptClock {
            control,
            left: [side("WhiteClock"), side("BlackClock")],
        })
    }
}

/// `H:MM:SS.t`.
fn clock_tag(d: Duration) -> String {
    let tenths = d.as_millis() / 100;
    let s = tenths / 10;
    format!(
        "{}:{:02}:{:02}.{}",
        s / 3600,
        s / 60 % 60,
        s % 60,
        tenths % 10
    )
}

/// `H:MM:SS`, `MM:SS` or seconds, each with optional decimals.
fn parse_clock(text: &str) -> Option<Duration> {
    let mut secs = 0.0;
    for part in text.trim().split(':') {
        let v: f64 = part.parse().ok()?;
        if !(0.0..3600.0 * 24.0).contains(&v) {
            return None;
        }
        secs = secs * 60.0 + v;
    }
    Duration::try_from_secs_f64(secs).ok()
}

/// `SECONDS+INCREMENT` (PDN and PGN's form, as dama writes it), or `SECONDS` alone; within
/// the bounds `--time` takes.
fn parse_control(text: &str) -> Option<TimeControl> {
    let (base, inc) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
    let base: f64 = base.trim().parse().ok()?;
    let inc: f64 = inc.trim().parse().ok()?;
    if !(base > 0.0 && base <= 36_000.0 && (0.0..=600.0).contains(&inc)) {
        return None;
    }
    Some(TimeControl {
        base: Duration::from_secs_f64(base),
        increment: Duration::from_secs_f64(inc),
    })
}

/// The record of `game` as dama saves it: the player named [`PLAYER`], the computer `engine`,
/// today's date and the time of day (UTC, so that two games of one day can be told apart).
pub fn record(game: &Game, human: Color, engine: &str) -> PdnGame {
    record_of(game, &Names::against(human, engine))
}

/// The record of `game` with the players `names` (see [`record`]).
pub fn record_of(game: &Game, names: &Names) -> PdnGame {
    let mut record = PdnGame::from_game(game, "dama", &names.white, &names.black);
    record.set_tag("Time", &time_of_day());
    record
}

/// The time of day, UTC: `HH:MM:SS`.
pub fn time_of_day() -> String {
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
    write_record(game, &Names::against(human, engine), path)
}

/// [`write_game`] with both players named.
///
/// # Errors
/// As [`write_game`].
pub fn write_record(game: &Game, names: &Names, path: &Path) -> io::Result<()> {
    write_timed(game, names, None, path)
}

/// [`write_record`] with the game's clock, if it is timed, so that loading it goes on under
/// the same time control with the times left.
///
/// # Errors
/// As [`write_game`].
pub fn write_timed(
    game: &Game,
    names: &Names,
    clock: Option<&KeptClock>,
    path: &Path,
) -> io::Result<()> {
    let mut record = record_of(game, names);
    if let Some(c) = clock {
        c.tag(&mut record);
    }
    save_atomic(path, &pdn::write_game(&record), Overwrite::Replace)
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

/// Why a game could not be kept at `path`, in `lang`: "<folder> is a file, not a folder" when
/// a file stands where the data folder should be (the system says only "File exists"),
/// "<folder> is a link to <target>, which does not exist" for a link to nothing, else the
/// system's error `e`.
pub fn failure_reason(lang: crate::tui::Lang, path: &Path, e: &str) -> String {
    use crate::tui::lang::Msg;
    if let Some(f) = crate::store::file_in_the_way(path) {
        return Msg::FileNotFolder.fill(lang, &[&f.display()]);
    }
    // A folder linked to what is not there (a disk not mounted): "File exists" otherwise.
    if let Some((link, to)) = crate::store::dangling_link_in_the_way(path) {
        return Msg::LinkToNothing.fill(lang, &[&link.display(), &to.display()]);
    }
    e.to_string()
}

/// What the autosave was last brought up to date with.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    start: Position,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
    names: Names,
}

impl Snapshot {
    fn of(game: &Game, names: &Names) -> Snapshot {
        Snapshot {
            start: *game.start(),
            moves: game.moves().to_vec(),
            outcome: game.outcome(),
            names: names.clone(),
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
    /// The game as the keeper was last told about it, owned or not.
    latest: Option<Snapshot>,
    /// Where this session's game was archived, once it ended.
    archive: Option<Archived>,
    /// A timed game's clock after its last move, for the autosave's and the archive's tags.
    clock: Option<KeptClock>,
    /// The autosave does not hold this session's game yet: another unfinished game there
    /// (an earlier session's, or this session's before a new game) is shelved, not replaced.
    fresh: bool,
    /// An unfinished game moved from the shelf to the archive (the shelf was full), not told yet.
    dropped: Option<PathBuf>,
    /// Whether this session may write the autosave, or another board on the same data folder
    /// holds it.
    claim: Claim,
    /// This game is kept aside (another board holds the autosave), in this file: not told yet.
    aside_note: Option<PathBuf>,
}

/// Whether this session writes the autosave. Two boards on one data folder would otherwise
/// write the one file in turn, each replacing the other's game: the first to keep a game
/// holds a lock on it for as long as it runs, and the other keeps its game in a file of its
/// own on the shelf of unfinished games, where Load and `--resume` find it.
#[derive(Debug)]
enum Claim {
    /// Not asked yet.
    NotYet,
    /// The autosave is this session's: the data folder is held locked (released at exit,
    /// however the process ends).
    Held(#[allow(dead_code)] std::sync::Arc<std::fs::File>),
    /// Another board holds the autosave: the game is kept in this file on the shelf (asked
    /// again when a new game begins).
    Aside(PathBuf),
    /// No lock can be had here (no lock file can be made, a file system without locks): the
    /// autosave is written as if no other board ran.
    Unlocked,
}

impl Keeper {
    /// A keeper for the autosave at `path` (`None`: there is nowhere to keep games), which
    /// the session does not own yet.
    pub fn new(path: Option<PathBuf>) -> Keeper {
        Keeper {
            disk: path.clone().map(|path| Disk {
                path,
                marked: false,
                previous_mine: false,
            }),
            archive_dir: path.as_deref().and_then(Path::parent).map(archive_dir),
            path,
            owned: false,
            last: None,
            state: Kept::Untouched,
            writer: None,
            seen_going: false,
            ended: None,
            latest: None,
            archive: None,
            clock: None,
            fresh: true,
            dropped: None,
            claim: Claim::NotYet,
            aside_note: None,
        }
    }

    /// Whether this session may write the autosave (it holds it, or takes it now): not while
    /// another board holds it. The start screen asks before moving games in and out of it.
    pub fn autosave_free(&mut self) -> bool {
        // Asked between games (the start screen): a game kept aside so far is left behind.
        if matches!(self.claim, Claim::Aside(_)) {
            self.claim = Claim::NotYet;
        }
        self.try_claim();
        let free = matches!(self.claim, Claim::Held(_) | Claim::Unlocked);
        if !free {
            // Asked again, with a new file, when the game chosen is kept.
            self.claim = Claim::NotYet;
            self.aside_note = None;
        }
        free
    }

    /// Tries to take the autosave's lock, once: not again while it is held, cannot be had, or
    /// the game goes on aside (taking the autosave mid-game would write this game over what
    /// the other board left there, unshelved).
    fn try_claim(&mut self) {
        let Some(auto) = &self.path else {
            return;
        };
        if !matches!(self.claim, Claim::NotYet) {
            return;
        }
        // The data folder itself is locked (no file of its own): made here as the autosave's
        // write would. Another process holding it is another board; this one shares its own.
        let dir = match auto.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(d) => d.to_path_buf(),
            None => PathBuf::from("."),
        };
        let lock =
            std::fs::create_dir_all(&dir).and_then(|()| crate::store::try_lock_for_process(&dir));
        self.claim = match lock {
            Ok(Some(file)) => Claim::Held(file),
            Ok(None) => {
                // Told once, with the game's first write there.
                let aside = shelf::aside_path(auto);
                self.aside_note = Some(aside.clone());
                Claim::Aside(aside)
            }
            Err(_) => Claim::Unlocked,
        };
    }

    /// Where this game is kept when another board holds the autosave (`None`: the autosave).
    /// A new game asks for the autosave again (the other board may have ended).
    fn kept_aside(&mut self, new_game: bool) -> Option<PathBuf> {
        if new_game && matches!(self.claim, Claim::Aside(_)) {
            self.claim = Claim::NotYet;
        }
        self.try_claim();
        match &self.claim {
            Claim::Aside(p) => Some(p.clone()),
            _ => None,
        }
    }

    /// The file this game is kept in instead of the autosave, since the last call, for the
    /// player to be told once: another board holds the autosave.
    pub fn take_aside(&mut self) -> Option<PathBuf> {
        self.aside_note.take()
    }

    /// The unfinished game moved from the shelf to the archive since the last call (the
    /// shelf keeps [`SHELF_SIZE`]), for the player to be told once.
    pub fn take_dropped(&mut self) -> Option<PathBuf> {
        self.dropped.take()
    }

    /// The game's clock as of its last move (`None` untimed), kept with the game in the
    /// autosave and the archive.
    pub fn set_clock(&mut self, clock: Option<KeptClock>) {
        self.clock = clock;
    }

    /// A new game begins: its end is archived in a file of its own.
    pub fn new_game(&mut self) {
        self.fresh = true;
        // A game kept aside stays in its file on the shelf; the new one asks for the
        // autosave again (and, still refused, gets a file of its own).
        if matches!(self.claim, Claim::Aside(_)) {
            self.claim = Claim::NotYet;
        }
        self.seen_going = false;
        self.ended = None;
        self.latest = None;
        self.archive = None;
    }

    /// Where the game was archived, while the game is still as it ended (not taken back and
    /// played on since).
    pub fn archived_as_it_stands(&self) -> Option<&Archived> {
        self.archive
            .as_ref()
            .filter(|_| self.ended.is_some() && self.ended == self.latest)
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

    /// The writing is done by the keeper thread (its answers come later).
    pub fn is_background(&self) -> bool {
        self.writer.is_some()
    }

    /// The game is the kept game itself, as the autosave holds it (`--resume`): the session
    /// owns the autosave, which is rewritten only once the game changes.
    pub fn adopt(&mut self, game: &Game, names: &Names) {
        self.owned = true;
        self.fresh = false;
        // The game in the autosave is this board's from now on: another board's first move
        // keeps its own game aside rather than shelve this one under the player.
        self.try_claim();
        self.last = Some(Snapshot::of(game, names));
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

    /// Brings the autosave up to date with `game` (its players named by `names`)
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
    pub fn keep(&mut self, game: &Game, names: &Names, retry: bool) -> &Kept {
        self.collect(retry);
        let snap = Snapshot::of(game, names);
        self.latest = Some(snap.clone());
        let over = game.outcome().is_some();
        if !over {
            self.seen_going = true;
        }
        // A game that went on here and has ended is archived, owned or not: the autosave is
        // an earlier session's until the player acts, the finished game is this one's.
        let archive = self.archive_job(game, names, &snap);
        if !self.owned {
            if let Some(a) = archive {
                self.run(Job::Finish {
                    clear: false,
                    archive: Some(a),
                    shelve: false,
                    aside: None,
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
        // The first job of this game shelves another unfinished game found in the autosave
        // (unless another board holds the autosave: then the game is kept aside).
        let new_game = std::mem::take(&mut self.fresh);
        let aside = self.kept_aside(new_game);
        let shelve = new_game && aside.is_none();
        let job = if goes_on {
            let mut record = record_of(game, names);
            if let Some(c) = &self.clock {
                c.tag(&mut record);
            }
            Job::Write {
                text: pdn::write_game(&record),
                shelve,
                aside,
            }
        } else {
            Job::Finish {
                clear: true,
                archive,
                shelve,
                aside,
            }
        };
        self.run(job);
        self.collect(retry);
        &self.state
    }

    /// The archive's file and text when `game` has ended since it was last archived (and
    /// went on in this session).
    fn archive_job(&mut self, game: &Game, names: &Names, snap: &Snapshot) -> Option<ArchiveJob> {
        if game.outcome().is_none() || !self.seen_going || self.ended.as_ref() == Some(snap) {
            return None;
        }
        self.ended = Some(snap.clone());
        let dir = self.archive_dir.as_ref()?;
        // The same game ended anew (after a take-back) replaces its own archived record.
        let (path, replace) = match &self.archive {
            Some(a) => (a.path().to_path_buf(), true),
            None => (archive::new_path(dir), false),
        };
        let mut rec = record_of(game, names);
        let control = self.clock.map(|c| KeptClock::control_tag(c.control));
        let text = archive::text(game, &mut rec, control.as_deref());
        self.archive = Some(Archived::Pending(path.clone()));
        Some(ArchiveJob {
            path,
            text,
            replace,
        })
    }

    /// Does `job` on the keeper thread, or in step without one.
    fn run(&mut self, job: Job) {
        if let Some(w) = &self.writer {
            w.hand(job);
        } else if let Some(disk) = &mut self.disk {
            let done = disk.put(&job);
            self.take(done);
        } else if let Job::Finish {
            archive: Some(a), ..
        } = &job
        {
            // No autosave (and so no data folder) yet an archive: write it all the same.
            let done = Done {
                kept: None,
                archived: Some((a.path.clone(), write_archive(a))),
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
        // Matched by the name asked for: the file may have taken another (a name taken by
        // another board meanwhile).
        if let Some((asked, a)) = done.archived
            && self
                .archive
                .as_ref()
                .is_some_and(|mine| mine.path() == asked)
        {
            self.archive = Some(a);
        }
    }

    /// Takes up what the keeper thread has finished, after waiting for all of it if `wait`.
    fn collect(&mut self, wait: bool) {
        let done = self
            .writer
            .as_ref()
            .map(|w| w.done(wait))
            .unwrap_or_default();
        for d in done {
            self.take(d);
        }
    }
}

/// What the autosave is to become.
#[derive(Debug)]
enum Job {
    /// The game goes on: this PDN text; with `shelve`, another unfinished game in the
    /// autosave is shelved first. With `aside`, the text goes there instead of the autosave
    /// (another board holds it).
    Write {
        text: String,
        shelve: bool,
        aside: Option<PathBuf>,
    },
    /// The game is over: archive it (when it went on here), and, when `clear`, leave no
    /// autosave (nothing to continue), or no file `aside`.
    Finish {
        clear: bool,
        archive: Option<ArchiveJob>,
        shelve: bool,
        aside: Option<PathBuf>,
    },
}

impl crate::tui::writer::Job for Job {
    /// Only a newer text of the game going on makes an older one needless: a job that also
    /// archives a game, clears the autosave or shelves another game must be done, or a
    /// finished game would never reach the archive, or an unfinished one would be written
    /// over instead of shelved.
    fn replaces(&self, older: &Job) -> bool {
        match (self, older) {
            (
                Job::Write {
                    shelve: false,
                    aside,
                    ..
                },
                Job::Write {
                    shelve: false,
                    aside: theirs,
                    ..
                },
            ) => aside == theirs,
            _ => false,
        }
    }
}

/// What a job did: the autosave's state (when the job touched it) and the archive's.
#[derive(Debug)]
struct Done {
    kept: Option<Kept>,
    /// The archive's file as the job named it, and what became of it.
    archived: Option<(PathBuf, Archived)>,
    /// An unfinished game the full shelf moved to the archive.
    dropped: Option<PathBuf>,
}

/// A finished game for the archive.
#[derive(Debug)]
struct ArchiveJob {
    /// The file it goes to: a new name ([`archive::new_path`]), or its own file again.
    path: PathBuf,
    text: String,
    /// The same game ended anew (after a take-back): its own file is replaced.
    replace: bool,
}

/// Writes the archived record, making the archive's folder if need be. A new record never
/// replaces a file: the name was free when chosen, but another board may have ended a game in
/// the same second since; the next free name is taken then.
fn write_archive(job: &ArchiveJob) -> Archived {
    let failed = |e: io::Error| Archived::Failed(job.path.clone(), e.to_string());
    if job.replace {
        return match keep_file(&job.text, &job.path) {
            Ok(()) => Archived::Written(job.path.clone()),
            Err(e) => failed(e),
        };
    }
    if let Some(dir) = job.path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        return failed(e);
    }
    let mut path = job.path.clone();
    for n in 2..1000 {
        match save_atomic(&path, &job.text, Overwrite::Never) {
            Ok(()) => return Archived::Written(path),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                path = archive::numbered(&job.path, n);
            }
            Err(e) => return failed(e),
        }
    }
    failed(io::Error::other("no free name in the archive"))
}

/// The part of keeping that touches the disk, on whichever thread writes.
#[derive(Clone, Debug)]
struct Disk {
    path: PathBuf,
    /// The kept game was marked older than this session's (see [`mark_older`]) since this
    /// session last kept its game: once is enough.
    marked: bool,
    /// The game set aside at [`previous_path`] is this session's game itself, as it was some
    /// moves ago (its newer text could not be written): once the game is kept whole again, or
    /// archived, that older copy is removed rather than shelved as an unfinished game of its
    /// own, which `--resume` would continue after the game had ended.
    previous_mine: bool,
}

impl Disk {
    fn put(&mut self, job: &Job) -> Done {
        // A new game's first job: whatever is set aside now belongs to another game.
        if matches!(
            job,
            Job::Write {
                shelve: true,
                aside: None,
                ..
            } | Job::Finish {
                shelve: true,
                aside: None,
                ..
            }
        ) {
            self.previous_mine = false;
        }
        let archived = match job {
            Job::Finish {
                archive: Some(a), ..
            } => Some((a.path.clone(), write_archive(a))),
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
            Job::Write {
                text,
                aside: Some(aside),
                ..
            } => Some(match keep_file(text, aside) {
                Ok(()) => Kept::InFile(aside.clone()),
                Err(e) => Kept::Failed(aside.clone(), e.to_string()),
            }),
            Job::Finish {
                aside: Some(aside), ..
            } => Some(match std::fs::remove_file(aside) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => Kept::Failed(
                    aside.clone(),
                    format!("the game kept before could not be removed: {e}"),
                ),
                _ => Kept::Nothing,
            }),
            _ => Some(self.put_autosave(job)),
        };
        // The newest game could not be kept: the game shelved for it is set aside instead,
        // so that `--resume` says so rather than continue it as if it were the last.
        if let (Some(Kept::Failed(..)), Some(s)) = (&kept, &shelved) {
            let _ = std::fs::rename(&s.to, previous_path(&self.path));
        }
        // This game ended and is archived, its autosave cleared: the older copy of it set
        // aside is not a game to continue.
        if self.previous_mine
            && matches!(kept, Some(Kept::Nothing))
            && matches!(archived, Some((_, Archived::Written(_))))
        {
            let _ = std::fs::remove_file(previous_path(&self.path));
            self.previous_mine = false;
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
            Job::Write { text, shelve, .. } => match keep_file(text, &path) {
                Ok(()) => {
                    // The newest game is kept (the file replaced, any mark with it): an older
                    // one set aside is no longer needed to tell the player anything, and
                    // goes back on the shelf of unfinished games; an older copy of this very
                    // game is simply removed.
                    let previous = previous_path(&path);
                    if self.previous_mine {
                        let _ = std::fs::remove_file(&previous);
                        self.previous_mine = false;
                    } else {
                        shelf::shelve(&previous, &path);
                    }
                    clear_note_elsewhere(&path);
                    self.marked = false;
                    Kept::InFile(path)
                }
                Err(e) => {
                    if path.is_file() {
                        if std::fs::rename(&path, previous_path(&path)).is_ok() {
                            // Without a shelving, the autosave held this game's earlier text.
                            self.previous_mine = !shelve;
                        } else {
                            self.mark();
                        }
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

/// Writes the autosave (`text`, atomically), creating the data folder it lives in (the one
/// folder dama makes on its own: it is dama's, and the player never typed it).
fn keep_file(text: &str, path: &Path) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    // dama's own file, never a pipe or a device: writing into a pipe would wait for a reader
    // forever, and quitting waits for the keeper (a save the player names may be one).
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a regular file", path.display()),
        ));
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

/// Removes the temporary files that saves killed midway left in the data folder and in the
/// two folders of games dama writes there (the archive and the unfinished games), whose
/// files are never written twice under one name, so no later save of the same file removes them.
pub fn clean_data_folder(dir: &Path) {
    crate::store::remove_stale_temporaries(dir, None);
    crate::store::remove_stale_temporaries(&archive_dir(dir), None);
    crate::store::remove_stale_temporaries(&shelf_dir(&dir.join("autosave.pdn")), None);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RuleSet, legal_moves};

    fn play(game: &mut Game, text: &str) {
        let m = legal_moves(game.position())
            .into_iter()
            .find(|m| m.to_string() == text)
            .unwrap();
        game.play(&m).unwrap();
    }

    /// The Italian start position after `first`.
    fn game_after(first: &str) -> Game {
        let mut g = Game::new(Position::start(RuleSet::Italian));
        play(&mut g, first);
        g
    }

    /// The moves of the game in the file `p`.
    fn moves(p: &Path) -> Vec<crate::rules::Move> {
        load_game(p, RuleSet::Italian)
            .unwrap()
            .game
            .moves()
            .to_vec()
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
            k.keep(
                &game,
                &Names::against(Color::White, "dama (depth 1)"),
                false,
            );
        }
        assert_eq!(
            k.keep(&game, &Names::against(Color::White, "dama (depth 1)"), true),
            &Kept::InFile(auto.clone())
        );
        let kept = load_game(&auto, RuleSet::Italian).unwrap().game;
        assert_eq!(kept.moves(), game.moves());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// On a slow disk the keeper thread may be given several jobs before it begins the next:
    /// only a newer autosave of the game going on makes an older one needless; the archive of
    /// a game that ended, the clearing of the autosave and the shelving of another unfinished
    /// game are never dropped for the next move.
    #[test]
    fn only_a_plain_autosave_replaces_a_job_waiting_for_the_keeper_thread() {
        use crate::tui::writer::Job as _;
        let write = |shelve| Job::Write {
            text: "1. 22-18 *".into(),
            shelve,
            aside: None,
        };
        let finish = |archive: bool| Job::Finish {
            clear: true,
            archive: archive.then(|| ArchiveJob {
                path: PathBuf::from("archive/x.pdn"),
                text: String::new(),
                replace: false,
            }),
            shelve: false,
            aside: None,
        };
        assert!(write(false).replaces(&write(false)));
        assert!(!write(false).replaces(&write(true)), "a shelving dropped");
        assert!(!write(false).replaces(&finish(true)), "an archive dropped");
        assert!(!write(false).replaces(&finish(false)), "a clearing dropped");
        assert!(
            !write(true).replaces(&write(false)),
            "the last move dropped"
        );
        assert!(!finish(false).replaces(&write(false)));
    }

    /// Two boards on one data folder: the first to keep a game holds the data folder (the
    /// other board, another process, is played here by a lock of the folder's own and the
    /// game it keeps); the other keeps its game in a file of its own on the shelf (and says so
    /// once), so neither writes over the other's game, a game ending on one board never clears
    /// the other's, and once the first board is gone a new game takes the autosave over again.
    #[cfg(unix)]
    #[test]
    fn two_boards_on_one_data_folder_never_write_over_each_other() {
        let dir = crate::store::scratch_dir("two-boards");
        let auto = dir.join("autosave.pdn");
        let names = Names::against(Color::White, "dama (level 1)");
        // The first board: its lock and its game in the autosave.
        let first = crate::store::try_lock(&dir).unwrap();
        assert!(first.is_some());
        let mut g1 = Game::new(Position::start(RuleSet::Italian));
        play(&mut g1, "22-18");
        write_record(&g1, &names, &auto).unwrap();
        let mut two = Keeper::new(Some(auto.clone()));
        two.take_over();
        let mut g2 = Game::new(Position::start(RuleSet::Italian));
        play(&mut g2, "21-17");
        let Kept::InFile(aside) = two.keep(&g2, &names, false).clone() else {
            panic!("the second board's game was not kept");
        };
        assert_ne!(aside, auto);
        assert_eq!(aside.parent(), Some(shelf_dir(&auto).as_path()));
        assert_eq!(two.take_aside(), Some(aside.clone()), "the player is told");
        assert_eq!(two.take_aside(), None, "once");
        // The first board goes away for a moment: the game aside stays aside (taking the
        // autosave mid-game would write it over the first board's game, unshelved).
        drop(first);
        play(&mut g2, "10-13");
        two.keep(&g2, &names, false);
        let first = crate::store::try_lock(&dir).unwrap();
        assert!(first.is_some(), "not taken mid-game");
        assert_eq!(moves(&auto), g1.moves(), "the first board's game untouched");
        assert_eq!(moves(&aside), g2.moves());
        assert_eq!(
            shelved(&auto),
            std::slice::from_ref(&aside),
            "nothing of the first board shelved"
        );
        // The second board's game ends: its own file goes, the first board's game stays.
        g2.resign(Color::Black);
        assert_eq!(two.keep(&g2, &names, false), &Kept::Nothing);
        assert!(!aside.exists());
        assert_eq!(moves(&auto), g1.moves());
        // The first board quits: the second one's next game takes the autosave, the first
        // board's game going to the shelf.
        drop(first);
        two.new_game();
        let mut g3 = Game::new(Position::start(RuleSet::Italian));
        play(&mut g3, "23-19");
        assert_eq!(two.keep(&g3, &names, false), &Kept::InFile(auto.clone()));
        assert_eq!(moves(&auto), g3.moves());
        let shelf = shelved(&auto);
        assert_eq!(shelf.len(), 1);
        assert_eq!(moves(&shelf[0]), g1.moves());
        assert!(
            crate::store::try_lock(&dir).unwrap().is_none(),
            "held by the second board now"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A board that resumes the kept game holds the data folder at once, before its first
    /// move: another board (another process) finds it held, and keeps its game aside instead
    /// of shelving the game being resumed. A game resumed while another board holds the
    /// folder goes on aside, and the player is told.
    #[cfg(unix)]
    #[test]
    fn a_resumed_game_is_held_before_its_first_move() {
        let dir = crate::store::scratch_dir("resume-held");
        let auto = dir.join("autosave.pdn");
        let names = Names::against(Color::White, "dama (level 1)");
        let mut kept = Game::new(Position::start(RuleSet::Italian));
        play(&mut kept, "22-18");
        write_record(&kept, &names, &auto).unwrap();
        let mut resumed = Keeper::new(Some(auto.clone()));
        assert!(
            crate::store::try_lock(&dir).unwrap().is_some(),
            "free before"
        );
        resumed.adopt(&kept, &names);
        assert!(
            crate::store::try_lock(&dir).unwrap().is_none(),
            "held once resumed"
        );
        drop(resumed);
        // Resumed while another board plays it: the resumed game goes on aside, and the
        // player is told at its first move.
        let other = crate::store::try_lock(&dir).unwrap();
        assert!(other.is_some(), "released");
        let mut second = Keeper::new(Some(auto.clone()));
        second.adopt(&kept, &names);
        play(&mut kept, "11-14");
        let Kept::InFile(aside) = second.keep(&kept, &names, false).clone() else {
            panic!("not kept");
        };
        assert_ne!(aside, auto);
        assert_eq!(second.take_aside(), Some(aside));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A data folder that is a link to nothing (a disk not mounted): the game cannot be kept,
    /// and the reason says so in the board's language instead of the system's "File exists".
    #[cfg(unix)]
    #[test]
    fn a_data_folder_linked_to_nothing_is_named() {
        use crate::tui::Lang;
        let dir = crate::store::scratch_dir("keep-dangling");
        let data = dir.join("dama");
        let nowhere = dir.join("unmounted/dama");
        std::os::unix::fs::symlink(&nowhere, &data).unwrap();
        let auto = data.join("autosave.pdn");
        let mut k = Keeper::new(Some(auto.clone()));
        k.take_over();
        let mut game = Game::new(Position::start(RuleSet::Italian));
        play(&mut game, "22-18");
        let names = Names::against(Color::White, "dama (level 1)");
        let Kept::Failed(p, e) = k.keep(&game, &names, false).clone() else {
            panic!("kept through a link to nothing");
        };
        assert_eq!(
            failure_reason(Lang::En, &p, &e),
            format!(
                "{} is a link to {}, which does not exist",
                data.display(),
                nowhere.display()
            )
        );
        assert!(failure_reason(Lang::It, &p, &e).contains("è un collegamento a"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Two boards ending a game in the same second choose the same free name in the archive;
    /// the second to write it takes the next name instead of replacing the first one's game.
    /// The same game archived again (after a take-back) replaces its own file.
    #[test]
    fn an_archived_game_never_replaces_another_boards() {
        let dir = std::env::temp_dir().join(format!("dama-archive-race-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let first = dir.join("archive/2026-12-07-101010.pdn");
        let job = |replace| ArchiveJob {
            path: first.clone(),
            text: "[Result \"1-0\"]\n1-0\n".into(),
            replace,
        };
        assert_eq!(write_archive(&job(false)), Archived::Written(first.clone()));
        std::fs::write(&first, "the other board's game").unwrap();
        let second = dir.join("archive/2026-12-07-101010-2.pdn");
        assert_eq!(
            write_archive(&job(false)),
            Archived::Written(second.clone())
        );
        assert_eq!(
            std::fs::read_to_string(&first).unwrap(),
            "the other board's game"
        );
        assert_eq!(write_archive(&job(true)), Archived::Written(first.clone()));
        assert!(std::fs::read_to_string(&first).unwrap().contains("1-0"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A pipe where the autosave should be is neither written into (the keeper would wait
    /// for a reader forever, and quitting for the keeper) nor read by `--resume` and the start
    /// screen (which would wait for a writer): both say it is not a regular file.
    #[cfg(unix)]
    #[test]
    fn a_pipe_at_the_autosave_is_refused_not_waited_on() {
        let dir = crate::store::scratch_dir("keep-fifo");
        let auto = dir.join("autosave.pdn");
        let c = std::ffi::CString::new(auto.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = peek_resume(&auto, RuleSet::Italian).err().unwrap();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        // Nor one on the shelf: not taken for an unfinished game.
        std::fs::create_dir_all(shelf_dir(&auto)).unwrap();
        let shelved_pipe = shelf_dir(&auto).join("2026-12-07-101010-001.pdn");
        let c = std::ffi::CString::new(shelved_pipe.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(shelved(&auto).is_empty());
        let mut k = Keeper::new(Some(auto.clone()));
        k.in_background().unwrap();
        k.take_over();
        let mut game = Game::new(Position::start(RuleSet::Italian));
        play(&mut game, "22-18");
        let names = Names::against(Color::White, "dama (level 1)");
        let state = k.keep(&game, &names, true).clone();
        assert!(
            matches!(&state, Kept::Failed(p, e) if *p == auto && e.contains("not a regular")),
            "{state:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Blocks every temporary name this process's atomic save of `auto` would take (folders
    /// there), so that writing the autosave fails even for root; returns them to unblock.
    fn block_saves(auto: &Path) -> Vec<PathBuf> {
        let dir = auto.parent().unwrap();
        let name = auto.file_name().unwrap().to_string_lossy().into_owned();
        let blocks: Vec<PathBuf> = (0..100)
            .map(|n| dir.join(format!(".{name}.{}.{n}.tmp", std::process::id())))
            .collect();
        for b in &blocks {
            std::fs::create_dir_all(b).unwrap();
        }
        blocks
    }

    /// QA pass 5: a move that could not be kept (a full disk) set the game's earlier text
    /// aside, and once the disk had room again that older copy of the same game was shelved
    /// as an unfinished game of its own: the Load list showed it, and after the game ended
    /// `--resume` continued it. Now it is removed once the game is kept whole (or archived);
    /// another game set aside is still shelved.
    #[test]
    fn an_older_copy_of_the_game_set_aside_is_not_shelved_as_another_game() {
        let dir = crate::store::scratch_dir("keep-previous-mine");
        let auto = dir.join("autosave.pdn");
        let names = Names::against(Color::White, "dama (level 1)");
        let mut k = Keeper::new(Some(auto.clone()));
        k.take_over();
        let mut game = Game::new(Position::start(RuleSet::Italian));
        play(&mut game, "22-18");
        assert_eq!(k.keep(&game, &names, false), &Kept::InFile(auto.clone()));
        let blocks = block_saves(&auto);
        play(&mut game, "11-14");
        assert!(matches!(k.keep(&game, &names, false), Kept::Failed(..)));
        assert!(previous_path(&auto).exists(), "the earlier text set aside");
        for b in &blocks {
            std::fs::remove_dir(b).unwrap();
        }
        play(&mut game, "18x11");
        assert_eq!(k.keep(&game, &names, false), &Kept::InFile(auto.clone()));
        assert!(!previous_path(&auto).exists());
        assert!(shelved(&auto).is_empty(), "{:?}", shelved(&auto));
        assert_eq!(
            load_game(&auto, RuleSet::Italian).unwrap().game.moves(),
            game.moves()
        );

        // Not kept again, then the game ends: archived, and nothing of it left to resume.
        let blocks = block_saves(&auto);
        play(&mut game, "7x14");
        assert!(matches!(k.keep(&game, &names, false), Kept::Failed(..)));
        for b in &blocks {
            std::fs::remove_dir(b).unwrap();
        }
        game.resign(Color::White);
        assert_eq!(k.keep(&game, &names, false), &Kept::Nothing);
        assert!(!auto.exists() && !previous_path(&auto).exists());
        assert!(shelved(&auto).is_empty(), "{:?}", shelved(&auto));
        assert_eq!(std::fs::read_dir(dir.join("archive")).unwrap().count(), 1);

        // Another game in the autosave, set aside when this session's first move cannot be
        // kept, goes back on the shelf once it can.
        let mut other = Game::new(Position::start(RuleSet::Italian));
        play(&mut other, "21-17");
        write_record(&other, &names, &auto).unwrap();
        let mut k = Keeper::new(Some(auto.clone()));
        k.take_over();
        let blocks = block_saves(&auto);
        let mut game = Game::new(Position::start(RuleSet::Italian));
        play(&mut game, "23-19");
        assert!(matches!(k.keep(&game, &names, false), Kept::Failed(..)));
        for b in &blocks {
            std::fs::remove_dir(b).unwrap();
        }
        play(&mut game, "10-13");
        assert_eq!(k.keep(&game, &names, false), &Kept::InFile(auto.clone()));
        let shelf = shelved(&auto);
        assert_eq!(shelf.len(), 1, "{shelf:?}");
        assert_eq!(
            load_game(&shelf[0], RuleSet::Italian).unwrap().game.moves(),
            other.moves()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// QA pass 5: a game archived (or shelved) by a board killed while writing it left its
    /// temporary file in `archive/` (or `unfinished/`) for good: only the data folder itself
    /// was cleaned, and an archive's name is never saved to again. Now all three are.
    #[test]
    fn killed_saves_in_the_archive_and_the_shelf_are_cleaned() {
        let dir = crate::store::scratch_dir("clean-subfolders");
        let auto = dir.join("autosave.pdn");
        let archive = archive_dir(&dir);
        let shelf = shelf_dir(&auto);
        std::fs::create_dir_all(&archive).unwrap();
        std::fs::create_dir_all(&shelf).unwrap();
        // A process id above any system's limit (2^22): no such process.
        let stale = [
            dir.join(".autosave.pdn.4999999.0.tmp"),
            archive.join(".2026-12-07-081852.pdn.4999999.0.tmp"),
            shelf.join(".2026-12-07-081852-001.pdn.4999999.0.tmp"),
        ];
        for p in &stale {
            std::fs::write(p, "[Event \"half\"]\n1. 22-").unwrap();
        }
        let live = archive.join(format!(
            ".2026-12-07-081900.pdn.{}.0.tmp",
            std::process::id()
        ));
        let game = archive.join("2026-12-07-081800.pdn");
        std::fs::write(&live, "being written").unwrap();
        std::fs::write(&game, "1. 22-18 1-0").unwrap();
        clean_data_folder(&dir);
        for p in &stale {
            assert!(!p.exists(), "{} left", p.display());
        }
        assert!(live.exists() && game.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// QA pass 5: `--resume` says the newest game could not be kept and that `dama play
    /// --load <data>/autosave-previous.pdn` continues the older one; loaded so (as any file),
    /// that file was then shelved as an unfinished game of its own at the first move kept,
    /// and `--load` of a shelved game (or of the autosave by its path) left the older copy
    /// where it was. Now `--load` of the data folder's own games continues them as `--resume`
    /// does, moved back into the autosave; any other file is loaded as before, and nothing is
    /// moved while another board holds the folder.
    #[cfg(unix)]
    #[test]
    fn loading_a_game_the_data_folder_set_aside_moves_it_back() {
        let dir = crate::store::scratch_dir("continue-own");
        let auto = dir.join("autosave.pdn");
        let names = Names::against(Color::White, "dama (level 1)");
        let older = game_after("22-18");
        let previous = previous_path(&auto);
        write_record(&older, &names, &previous).unwrap();
        let l = continue_own(&auto, &previous, RuleSet::Italian)
            .expect("the game set aside is the data folder's own")
            .unwrap();
        assert_eq!(l.game.moves(), older.moves());
        assert!(!previous.exists(), "left behind as an older copy");
        assert_eq!(moves(&auto), older.moves());
        // Played on: kept in the autosave, nothing shelved.
        let mut k = Keeper::new(Some(auto.clone()));
        let mut going = l.game;
        k.adopt(&going, &names);
        play(&mut going, "11-14");
        assert_eq!(k.keep(&going, &names, false), &Kept::InFile(auto.clone()));
        assert!(shelved(&auto).is_empty(), "{:?}", shelved(&auto));
        drop(k);

        // A shelved game: moved back, the game in play shelved in its place.
        let other = game_after("21-17");
        std::fs::create_dir_all(shelf_dir(&auto)).unwrap();
        let on_shelf = shelf_dir(&auto).join("2026-12-07-080000-001.pdn");
        write_record(&other, &names, &on_shelf).unwrap();
        let l = continue_own(&auto, &on_shelf, RuleSet::Italian)
            .unwrap()
            .unwrap();
        assert_eq!(l.game.moves(), other.moves());
        assert!(!on_shelf.exists());
        assert_eq!(moves(&auto), other.moves());
        let shelf = shelved(&auto);
        assert_eq!(shelf.len(), 1);
        assert_eq!(moves(&shelf[0]), going.moves());
        // The autosave by another spelling of its path is the kept game itself.
        let spelt = dir.join(".").join("autosave.pdn");
        assert!(continue_own(&auto, &spelt, RuleSet::Italian).is_some());
        // Any other file is loaded as it is.
        let saved = dir.join("saved.pdn");
        write_record(&other, &names, &saved).unwrap();
        assert!(continue_own(&auto, &saved, RuleSet::Italian).is_none());
        // Another board holds the folder: nothing moved.
        write_record(&older, &names, &previous).unwrap();
        let other_board = crate::store::try_lock(&dir).unwrap();
        assert!(other_board.is_some());
        assert!(continue_own(&auto, &previous, RuleSet::Italian).is_none());
        assert!(previous.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A write that fails on the keeper thread is reported by the next `keep`, as in step;
    /// dropping the keeper finishes a write still in hand.
    #[test]
    fn the_keeper_thread_reports_failures_and_finishes_on_drop() {
        let dir = crate::store::scratch_dir("keeper-fail");
        std::fs::write(dir.join("data"), "not a folder").unwrap();
        let bad = dir.join("data/autosave.pdn");
        let mut k = Keeper::new(Some(bad.clone()));
        k.in_background().unwrap();
        k.take_over();
        let mut game = Game::new(Position::start(RuleSet::Italian));
        play(&mut game, "22-18");
        k.keep(
            &game,
            &Names::against(Color::White, "dama (depth 1)"),
            false,
        );
        let state = k
            .keep(&game, &Names::against(Color::White, "dama (depth 1)"), true)
            .clone();
        assert!(
            matches!(&state, Kept::Failed(p, _) if *p == bad),
            "{state:?}"
        );

        let good = dir.join("autosave.pdn");
        let mut k = Keeper::new(Some(good.clone()));
        k.in_background().unwrap();
        k.take_over();
        k.keep(
            &game,
            &Names::against(Color::White, "dama (depth 1)"),
            false,
        );
        drop(k);
        assert_eq!(
            load_game(&good, RuleSet::Italian).unwrap().game.moves(),
            game.moves()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
