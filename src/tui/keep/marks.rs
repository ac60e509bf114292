//! The marks that say a kept game is older than the last one played: when a newer game could
//! not be kept and the older one could not be set aside either, a `%` line at the end of the
//! kept file, else a note in the temporary folder; `--resume` reads them back.

use std::io;
use std::path::{Path, PathBuf};

use super::time_of_day;

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
pub(super) fn older_mark(path: &Path) -> Option<String> {
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
pub(super) fn note_elsewhere(autosave: &Path) -> io::Result<()> {
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
pub(super) fn clear_note_elsewhere(autosave: &Path) {
    let note = note_path(autosave);
    if own_note(&note).is_some() {
        let _ = std::fs::remove_file(note);
    }
}

/// When the note of [`note_elsewhere`] for `autosave` was made, if there is one and the kept
/// game is no newer than it.
pub(super) fn noted_elsewhere(autosave: &Path) -> Option<String> {
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
