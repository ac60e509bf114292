//! A lock that one process holds while it writes files others may also want to write (the
//! autosave, when two boards share a data folder; a table or book build): an advisory `flock`
//! on a lock file or on a folder itself, released by the kernel however the process ends
//! (`kill -9` too), so no stale lock is ever left behind.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// Takes the lock at `path` without waiting: a folder is locked itself (nothing is written in
/// it), else a lock file (made if need be). `Ok(Some)` holds it until the file is dropped;
/// `Ok(None)` when another process (or another open of it in this one) holds it.
///
/// # Errors
/// The lock file cannot be made or opened, or the file system has no locks: the caller goes
/// on as if there were no other process.
#[cfg(unix)]
pub fn try_lock(path: &Path) -> io::Result<Option<File>> {
    use std::os::fd::AsRawFd;
    let file = if path.is_dir() {
        File::open(path)?
    } else {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            // A folder that cannot be written may still hold the lock file: a read-only open locks.
            .or_else(|e| File::open(path).map_err(|_| e))?
    };
    // SAFETY: the descriptor is open for as long as `file` lives; flock only reads it.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        return Ok(Some(file));
    }
    let e = io::Error::last_os_error();
    if e.raw_os_error() == Some(libc::EWOULDBLOCK) {
        Ok(None)
    } else {
        Err(e)
    }
}

/// Without `flock`: no lock to be had (the caller goes on as before there were locks).
#[cfg(not(unix))]
pub fn try_lock(_path: &Path) -> io::Result<Option<File>> {
    Err(io::Error::new(io::ErrorKind::Unsupported, "no file locks"))
}

/// The locks [`try_lock_for_process`] holds, by path: shared by every holder in this process.
static HELD: Mutex<Vec<(PathBuf, Weak<File>)>> = Mutex::new(Vec::new());

/// [`try_lock`] for this whole process: a lock this process holds already (another holder in it
/// still alive) is shared rather than refused, so that only another process counts as another
/// holder. Released when the last holder drops it.
///
/// # Errors
/// As [`try_lock`].
pub fn try_lock_for_process(path: &Path) -> io::Result<Option<Arc<File>>> {
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    held.retain(|(_, w)| w.strong_count() > 0);
    if let Some(mine) = held
        .iter()
        .find(|(p, _)| p == path)
        .and_then(|(_, w)| w.upgrade())
    {
        return Ok(Some(mine));
    }
    let Some(file) = try_lock(path)? else {
        return Ok(None);
    };
    let file = Arc::new(file);
    held.push((path.to_path_buf(), Arc::downgrade(&file)));
    Ok(Some(file))
}

/// Moves `from` to `to` unless a file is already there (`AlreadyExists`): never replaces one,
/// even one that appeared a moment ago (another process choosing the same name). A hard link
/// then the removal of `from`; where a file system has no hard links, a rename after a check.
///
/// # Errors
/// `AlreadyExists`, or the file system's error; `from` is then where it was.
pub fn move_no_replace(from: &Path, to: &Path) -> io::Result<()> {
    match std::fs::hard_link(from, to) {
        Ok(()) => {
            let _ = std::fs::remove_file(from);
            Ok(())
        }
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) if to.exists() => Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} already exists", to.display()),
        )),
        Err(_) => std::fs::rename(from, to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One holder at a time, the lock is free again once dropped, and a move never replaces
    /// a file.
    #[cfg(unix)]
    #[test]
    fn the_lock_has_one_holder_and_moves_never_replace() {
        let dir = crate::store::scratch_dir("lock");
        let lock = dir.join(".autosave.lock");
        let first = try_lock(&lock).unwrap();
        assert!(first.is_some());
        assert!(try_lock(&lock).unwrap().is_none(), "held twice");
        drop(first);
        assert!(try_lock(&lock).unwrap().is_some(), "not released");

        // A folder is locked itself, nothing written in it; within one process the
        // process-wide lock is shared, and another open still finds it held.
        let folder = dir.join("data");
        std::fs::create_dir_all(&folder).unwrap();
        let one = try_lock_for_process(&folder).unwrap().unwrap();
        let two = try_lock_for_process(&folder).unwrap().unwrap();
        assert!(Arc::ptr_eq(&one, &two));
        assert!(try_lock(&folder).unwrap().is_none(), "held for the process");
        assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
        drop((one, two));
        assert!(
            try_lock(&folder).unwrap().is_some(),
            "released with the last holder"
        );

        let (a, b) = (dir.join("a.pdn"), dir.join("b.pdn"));
        std::fs::write(&a, "a").unwrap();
        std::fs::write(&b, "b").unwrap();
        let e = move_no_replace(&a, &b).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "b");
        assert!(a.exists());
        let c = dir.join("c.pdn");
        move_no_replace(&a, &c).unwrap();
        assert!(!a.exists());
        assert_eq!(std::fs::read_to_string(&c).unwrap(), "a");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
