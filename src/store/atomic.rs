//! Writing files so that they are never left half-written: a temporary file in the target's
//! folder, flushed to disk, then renamed over the target. [`save_atomic`] does it all for a
//! text (games); [`write_synced`] and [`move_into_place`] are its two steps, for a writer
//! that names its own temporary file (the endgame tables' `.dtb.part`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Whether [`save_atomic`] may replace an existing file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overwrite {
    /// Replace the file: the user named it (or agreed).
    Replace,
    /// Fail with `io::ErrorKind::AlreadyExists` if the file exists.
    Never,
}

/// Writes `contents` to `path` so that the file is never left half-written: the text goes to
/// a temporary file in the same folder, is flushed to disk, then renamed over the target (or
/// linked to it, with [`Overwrite::Never`], which fails if the target exists). Temporary files
/// of the same target left by a save that was killed midway are removed first.
///
/// With [`Overwrite::Replace`], the file replaced is the one `path` names once symbolic links
/// are followed ([`Target`]): the link stays, the file it points to gets the text. A device or
/// a pipe that exists there (`/dev/null`, a FIFO, a terminal) is written into, never replaced
/// by a file; a block device (a disk) or a socket is refused.
///
/// The folder must exist: a mistyped folder is reported, not created.
///
/// # Errors
/// Any I/O error (a missing folder as `NotFound` naming it, a full device as `StorageFull`);
/// the target is then unchanged and the temporary file removed.
pub fn save_atomic(path: &Path, contents: &str, overwrite: Overwrite) -> io::Result<()> {
    if overwrite == Overwrite::Replace {
        return match Target::of(path)? {
            Target::File(file) => save_file(&file, contents, overwrite),
            Target::Stream(stream) => write_through(&stream, contents),
        };
    }
    save_file(path, contents, overwrite)
}

/// Where a save that may replace `path` lands, symbolic links followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A regular file, or no file yet (the last link of a chain may point to none): written
    /// atomically, by a rename in this file's own folder.
    File(PathBuf),
    /// A character device or a FIFO (`/dev/null`, a terminal, a named pipe): the text is
    /// written into it; renaming a file over it would replace the device.
    Stream(PathBuf),
}

/// More links than this in a chain is a loop (as the kernel's own limit).
const MAX_LINKS: usize = 40;

impl Target {
    /// Follows the symbolic links of `path` to what a save would write.
    ///
    /// # Errors
    /// A loop of links; a folder, a block device or a socket at the end of the chain.
    pub fn of(path: &Path) -> io::Result<Target> {
        let mut p = path.to_path_buf();
        for _ in 0..MAX_LINKS {
            // Not there (or not readable): a new file, which the save itself checks further.
            let Ok(meta) = std::fs::symlink_metadata(&p) else {
                return Ok(Target::File(p));
            };
            let kind = meta.file_type();
            if kind.is_symlink() {
                let link = std::fs::read_link(&p)?;
                // A relative link is read from the link's own folder.
                let next = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
                // A link the system resolves by itself to a pipe or a terminal
                // (`/proc/self/fd/1`, where `/dev/stdout` leads: its target reads
                // `pipe:[1234]`, no path): written through the link, as any program's
                // output is.
                if std::fs::symlink_metadata(&next).is_err()
                    && std::fs::metadata(&p).is_ok_and(|m| is_stream(m.file_type()))
                {
                    return Ok(Target::Stream(p));
                }
                p = next;
                continue;
            }
            if kind.is_file() {
                return Ok(Target::File(p));
            }
            if kind.is_dir() {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    format!("{} is a folder", p.display()),
                ));
            }
            return stream_or_refused(p, kind);
        }
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: more than {MAX_LINKS} symbolic links in a row (a loop?)",
                path.display()
            ),
        ))
    }
}

/// A character device or a FIFO: what a save writes into rather than replaces.
#[cfg(unix)]
fn is_stream(kind: std::fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    kind.is_char_device() || kind.is_fifo()
}

#[cfg(not(unix))]
fn is_stream(_: std::fs::FileType) -> bool {
    false
}

/// A special file: a character device or FIFO takes the text; a disk or socket does not.
#[cfg(unix)]
fn stream_or_refused(p: PathBuf, kind: std::fs::FileType) -> io::Result<Target> {
    use std::os::unix::fs::FileTypeExt;
    if is_stream(kind) {
        return Ok(Target::Stream(p));
    }
    let what = if kind.is_block_device() {
        "a block device (a disk): a game file is never written over one"
    } else if kind.is_socket() {
        "a socket, not a file"
    } else {
        "not a file"
    };
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{} is {what}", p.display()),
    ))
}

#[cfg(not(unix))]
fn stream_or_refused(p: PathBuf, _: std::fs::FileType) -> io::Result<Target> {
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{} is not a file", p.display()),
    ))
}

/// Writes `contents` into an existing device or FIFO (opening a FIFO waits for its reader,
/// as any program's output into one does). Nothing is synced: a device or pipe keeps nothing.
fn write_through(path: &Path, contents: &str) -> io::Result<()> {
    // Never created or truncated: it exists, and is not a file.
    let mut f = std::fs::OpenOptions::new().write(true).open(path)?;
    if f.metadata()?.is_file() {
        // Replaced by a file since it was looked at: writing into it unchecked could leave a
        // half-overwritten file, which is what the atomic save is for.
        return Err(io::Error::new(
            io::ErrorKind::Interrupted,
            format!("{} was replaced by a file while saving", path.display()),
        ));
    }
    f.write_all(contents.as_bytes())?;
    f.flush()
}

/// The folder `path` goes into (`.` for a bare name) and its file name, checked: the folder
/// must exist (a mistyped folder is reported, never created).
///
/// # Errors
/// `InvalidInput` without a file name; `NotFound` naming the folder when it does not exist or
/// is not a folder.
pub fn folder_of(path: &Path) -> io::Result<(PathBuf, String)> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
        .to_string_lossy()
        .into_owned();
    if !dir.is_dir() {
        let why = if dir.exists() {
            "is not a folder"
        } else {
            "does not exist"
        };
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("the folder {} {why}", dir.display()),
        ));
    }
    Ok((dir, name))
}

/// Creates `tmp` (which must not exist: nothing already there is ever opened), writes `parts`
/// into it one after the other and flushes it to disk. A file this cannot finish (a full
/// disk) is removed, so it takes no room from the next try.
///
/// # Errors
/// The file system's error.
pub fn write_synced(tmp: &Path, parts: &[&[u8]]) -> io::Result<()> {
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(tmp)
        .and_then(|mut f| {
            for part in parts {
                f.write_all(part)?;
            }
            f.sync_all()
        });
    if written.is_err() {
        let _ = std::fs::remove_file(tmp);
    }
    written
}

/// Puts the finished file `tmp` at `path` in one step: renamed over it
/// ([`Overwrite::Replace`]), or linked there and then removed ([`Overwrite::Never`]: a hard
/// link fails if `path` exists, even if it appeared meanwhile, so nothing is ever replaced;
/// where the file system has no hard links, a FAT stick, a rename after a check).
/// On failure `tmp` is removed and `path` is as it was.
///
/// # Errors
/// The file system's error (`AlreadyExists` with [`Overwrite::Never`]).
pub fn move_into_place(tmp: &Path, path: &Path, overwrite: Overwrite) -> io::Result<()> {
    let placed = match overwrite {
        Overwrite::Replace => std::fs::rename(tmp, path),
        Overwrite::Never => super::lock::move_no_replace(tmp, path),
    };
    if placed.is_err() {
        let _ = std::fs::remove_file(tmp);
    }
    placed
}

/// The atomic save of a regular file (see [`save_atomic`]).
fn save_file(path: &Path, contents: &str, overwrite: Overwrite) -> io::Result<()> {
    let (dir, name) = folder_of(path)?;
    remove_stale_temporaries(&dir, Some(&name));
    if overwrite == Overwrite::Never && path.exists() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} already exists", path.display()),
        ));
    }
    let tmp = (0..TEMP_TRIES)
        .map(|n| dir.join(temp_name(&name, std::process::id(), n)))
        .find(|p| !p.exists())
        .ok_or_else(|| io::Error::other("no free temporary file name"))?;
    write_synced(&tmp, &[contents.as_bytes()])?;
    move_into_place(&tmp, path, overwrite)
}

/// How many temporary names one process tries for one target.
const TEMP_TRIES: u32 = 100;

/// The temporary file name for saving `target`: `.{target}.{pid}.{n}.tmp`, hidden and not
/// ending in `.pdn`, so nothing takes it for a game. A long target name is cut
/// ([`short_name`]) so that the temporary name stays within the file system's limit.
fn temp_name(target: &str, pid: u32, n: u32) -> String {
    format!(".{}.{pid}.{n}.tmp", short_name(target))
}

/// The longest part of a target's name a temporary name made from it keeps, in bytes: the
/// rest (a dot before, the process id, a number and a suffix after: at most 30 bytes) then
/// fits the 255 bytes most file systems allow a name.
const SHORT_NAME: usize = 200;

/// `name`, or its first [`SHORT_NAME`] bytes (cut at a character's edge) when longer: the
/// part of a file's name that the names of its temporary and probe files carry. A name the
/// file system takes would otherwise give a temporary name it refuses ("File name too long").
pub(super) fn short_name(name: &str) -> &str {
    if name.len() <= SHORT_NAME {
        return name;
    }
    let mut end = SHORT_NAME;
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    &name[..end]
}

/// For a name [`temp_name`] makes: (the target's name, cut as [`short_name`] cuts it, the
/// saving process's id).
fn parse_temp_name(file: &str) -> Option<(&str, u32)> {
    let inner = file.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (rest, n) = inner.rsplit_once('.')?;
    let (target, pid) = rest.rsplit_once('.')?;
    let n: u32 = n.parse().ok()?;
    let pid: u32 = pid.parse().ok()?;
    (n < TEMP_TRIES && !target.is_empty()).then_some((target, pid))
}

/// Removes the temporary files in `dir` that saves killed midway left behind (those of
/// `target` only, or of every target when `None`): the files of processes that are gone.
/// A save under way in another process is left alone. Returns how many were removed; errors
/// are ignored (a file that cannot be removed is no worse than before).
pub fn remove_stale_temporaries(dir: &Path, target: Option<&str>) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some((name, pid)) = file.to_str().and_then(parse_temp_name) else {
            continue;
        };
        if target.is_some_and(|t| short_name(t) != name) || process_alive(pid) {
            continue;
        }
        if entry.file_type().is_ok_and(|t| t.is_file())
            && std::fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// Whether process `pid` is running (this one counts).
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    // EPERM: it exists but belongs to someone else.
    r == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Without a way to ask, only this process's own files count as in use.
#[cfg(not(unix))]
fn process_alive(pid: u32) -> bool {
    pid == std::process::id()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA5 files: archiving and every never-replace save placed the file by a hard link alone,
    /// so on a file system without hard links nothing was kept. Where the link fails for any
    /// reason but an existing file, a rename after a check places it. (A folder cannot be hard
    /// linked on any file system: it stands in for the file such a system refuses to link.)
    #[cfg(unix)]
    #[test]
    fn never_replace_places_what_cannot_be_hard_linked() {
        let dir = crate::store::scratch_dir("no-links");
        let tmp = dir.join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        std::fs::write(tmp.join("inside"), "kept").unwrap();
        let path = dir.join("placed");
        move_into_place(&tmp, &path, Overwrite::Never).unwrap();
        assert!(!tmp.exists());
        assert_eq!(
            std::fs::read_to_string(path.join("inside")).unwrap(),
            "kept"
        );
        // And still never over a file that is there.
        std::fs::create_dir(&tmp).unwrap();
        let err = move_into_place(&tmp, &path, Overwrite::Never).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(
            std::fs::read_to_string(path.join("inside")).unwrap(),
            "kept"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporary_names_read_back() {
        let name = temp_name("autosave.pdn", 4321, 7);
        assert_eq!(name, ".autosave.pdn.4321.7.tmp");
        assert_eq!(parse_temp_name(&name), Some(("autosave.pdn", 4321)));
        for other in [
            "autosave.pdn",
            ".autosave.pdn.tmp",
            ".autosave.pdn.x.0.tmp",
            ".autosave.pdn.12.100.tmp",
            "..12.0.tmp",
            "a.12.0.tmp",
        ] {
            assert_eq!(parse_temp_name(other), None, "{other}");
        }
    }

    /// QA pass 5: a file name of 240 bytes (the system takes up to 255) could not be saved:
    /// the temporary name made from it, 19 bytes longer, was "File name too long". Now the
    /// temporary name carries the name's first 200 bytes only, and a killed save's
    /// temporary file of such a name is still found and removed.
    #[test]
    fn a_long_file_name_is_saved_and_its_temporaries_cleaned() {
        let dir = crate::store::scratch_dir("long-name");
        let name = format!("{}é.pdn", "x".repeat(235));
        assert_eq!(name.len(), 241);
        let path = dir.join(&name);
        save_atomic(&path, "1. 22-18 *", Overwrite::Replace).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1. 22-18 *");
        save_atomic(&path, "again", Overwrite::Never).unwrap_err();
        crate::store::check_writable(&path, true).unwrap();
        crate::store::check_writable(&path, false).unwrap();
        // A cut inside a character stops before it.
        let wide = "é".repeat(120);
        assert_eq!(short_name(&wide).len(), 200);
        assert_eq!(short_name(&format!("x{wide}")).len(), 199);
        // A temporary file a killed save left (process id 0: no process) goes at the next save.
        let stale = dir.join(temp_name(&name, 0, 0));
        assert!(stale.file_name().unwrap().len() <= 255);
        std::fs::write(&stale, "half").unwrap();
        save_atomic(&path, "third", Overwrite::Replace).unwrap();
        assert!(!stale.exists(), "the killed save's temporary file is left");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// QA pass 5: `dama analyze FILE --annotate /dev/stdout --force | less` said "cannot
    /// write /dev/stdout: No such file or directory": the link was followed by hand to its
    /// target, `pipe:[1234]`, which is no path. A link the system resolves to a pipe is
    /// written through.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_link_the_system_resolves_to_a_pipe_is_written_into() {
        use std::io::Read;
        use std::os::fd::FromRawFd;
        let mut fds = [0; 2];
        // SAFETY: `fds` has room for the two descriptors pipe() fills.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        // SAFETY: both descriptors were just opened by pipe() and are owned here alone.
        let (mut reader, writer) = unsafe {
            (
                std::fs::File::from_raw_fd(fds[0]),
                std::fs::File::from_raw_fd(fds[1]),
            )
        };
        let link = PathBuf::from(format!("/proc/self/fd/{}", fds[1]));
        assert_eq!(Target::of(&link).unwrap(), Target::Stream(link.clone()));
        crate::store::check_writable(&link, true).unwrap();
        save_atomic(&link, "1. 22-18 *\n", Overwrite::Replace).unwrap();
        drop(writer);
        let mut got = String::new();
        reader.read_to_string(&mut got).unwrap();
        assert_eq!(got, "1. 22-18 *\n");
    }

    #[cfg(unix)]
    #[test]
    fn targets_follow_links_to_files_and_keep_devices() {
        use std::os::unix::fs::symlink;
        let dir = std::env::temp_dir().join(format!("dama-store-target-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let file = dir.join("sub/real.pdn");
        std::fs::write(&file, "x").unwrap();
        assert_eq!(Target::of(&file).unwrap(), Target::File(file.clone()));
        // A relative link is read from its own folder; a chain is followed to its end.
        symlink("sub/real.pdn", dir.join("one")).unwrap();
        symlink(dir.join("one"), dir.join("two")).unwrap();
        let got = Target::of(&dir.join("two")).unwrap();
        assert_eq!(got, Target::File(dir.join("sub/real.pdn")));
        // Nothing there: a new file, at the end of a dangling link too.
        assert_eq!(
            Target::of(&dir.join("new")).unwrap(),
            Target::File(dir.join("new"))
        );
        symlink("sub/none.pdn", dir.join("dangling")).unwrap();
        let got = Target::of(&dir.join("dangling")).unwrap();
        assert_eq!(got, Target::File(dir.join("sub/none.pdn")));
        symlink("/dev/null", dir.join("null")).unwrap();
        let got = Target::of(&dir.join("null")).unwrap();
        assert_eq!(got, Target::Stream("/dev/null".into()));
        symlink("loop", dir.join("loop")).unwrap();
        assert!(Target::of(&dir.join("loop")).is_err());
        assert!(Target::of(&dir.join("sub")).is_err());
        // Saved through the links, the file changes and the links stay.
        save_atomic(&dir.join("two"), "new text", Overwrite::Replace).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "new text");
        assert!(dir.join("two").is_symlink() && dir.join("one").is_symlink());
        save_atomic(&dir.join("null"), "gone", Overwrite::Replace).unwrap();
        assert!(dir.join("null").is_symlink());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
