//! The shelf of unfinished games: `<data>/unfinished/`. The game being played is always kept
//! in the autosave; when another game takes its place (a new game while one goes on, or an
//! earlier session's game when this session's player first moves), the game there is moved
//! to the shelf, not replaced. The shelf keeps the newest [`SHELF_SIZE`]; an older one is moved
//! to the archive (nothing is deleted) and the player is told. `--resume` continues the
//! autosave's game, else the newest shelved one.

use std::path::{Path, PathBuf};

/// How many unfinished games the shelf keeps.
pub const SHELF_SIZE: usize = 10;

/// The shelf's folder, beside the autosave.
pub fn shelf_dir(autosave: &Path) -> PathBuf {
    autosave
        .parent()
        .unwrap_or(Path::new("."))
        .join("unfinished")
}

/// The shelved games, newest first (their names are the moment they were shelved).
pub fn shelved(autosave: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(shelf_dir(autosave))
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "pdn"))
                // Games only: a pipe named like one would hold `--resume` until written.
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files.reverse();
    files
}

/// A game moved to the shelf.
#[derive(Debug)]
pub struct Shelved {
    /// Where it is now.
    pub to: PathBuf,
    /// The shelf's oldest game, moved to the archive to keep [`SHELF_SIZE`].
    pub dropped: Option<PathBuf>,
}

/// Moves the game at `from` (the autosave, or the game set aside beside it) to the shelf of
/// `autosave`; when the shelf is then over [`SHELF_SIZE`], moves its oldest game to the
/// archive. `None` when there is no game at `from` or the shelf cannot be made or written:
/// the game then stays where it is (the write that follows fails or replaces it, as before
/// there was a shelf).
pub fn shelve(from: &Path, autosave: &Path) -> Option<Shelved> {
    if !from.is_file() {
        return None;
    }
    let dir = shelf_dir(autosave);
    std::fs::create_dir_all(&dir).ok()?;
    // Never over a shelved game: another board may have taken the name a moment ago.
    let mut to = new_path(&dir);
    let mut tries = 0;
    while let Err(e) = crate::store::move_no_replace(from, &to) {
        tries += 1;
        if e.kind() != std::io::ErrorKind::AlreadyExists || tries > 100 {
            return None;
        }
        to = new_path(&dir);
    }
    let mut dropped = None;
    for old in shelved(autosave).into_iter().skip(SHELF_SIZE) {
        let archive = super::archive_dir(autosave.parent().unwrap_or(Path::new(".")));
        if std::fs::create_dir_all(&archive).is_err() {
            break;
        }
        let name = old.file_name().map(PathBuf::from).unwrap_or_default();
        let target = archive.join(name);
        if crate::store::move_no_replace(&old, &target).is_ok() {
            dropped = Some(target);
        }
    }
    Some(Shelved { to, dropped })
}

/// A new name on the shelf: the moment (UTC) and a number, so that names sort as the games
/// were shelved, within one second too.
fn new_path(dir: &Path) -> PathBuf {
    let stamp = super::archive::stamp_now();
    (1..1000)
        .map(|n| dir.join(format!("{stamp}-{n:03}.pdn")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join(format!("{stamp}-999.pdn")))
}

/// A new file on the shelf for a game kept there as it goes on (another board holds the
/// autosave): named as a shelved game is, with this process's id, so that two boards never
/// choose the same name.
pub fn aside_path(autosave: &Path) -> PathBuf {
    let stamp = super::archive::stamp_now();
    let dir = shelf_dir(autosave);
    let pid = std::process::id();
    (1..1000)
        .map(|n| dir.join(format!("{stamp}-{n:03}-{pid}.pdn")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join(format!("{stamp}-999-{pid}.pdn")))
}

/// Moves the newest shelved game back into the autosave, to be continued; `None` when the
/// shelf is empty or the move fails.
pub fn unshelve_newest(autosave: &Path) -> Option<PathBuf> {
    let newest = shelved(autosave).into_iter().next()?;
    std::fs::rename(&newest, autosave).ok()?;
    Some(autosave.to_path_buf())
}

/// Moves the shelved game at `shelved` back into the autosave, to be continued (the game in
/// the autosave, if any, is shelved first).
///
/// # Errors
/// Any I/O error of the move.
pub fn unshelve(autosave: &Path, shelved: &Path) -> std::io::Result<()> {
    shelve(autosave, autosave);
    std::fs::rename(shelved, autosave)
}
