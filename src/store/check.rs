//! Whether a file can be written, asked before the long work that produces it.

use super::{Target, folder_of};
use std::io;
use std::path::Path;

/// Checks that a file can be written at `path`: it is not a folder, and its folder exists and
/// takes a new file (tried with an empty file, removed at once: permissions, a read-only disk
/// and the like show only when trying). With `follow_links` (the file is to be replaced),
/// symbolic links are followed as [`super::save_atomic`] follows them ([`Target`]): a device
/// or pipe there must be writable (it is written into, not replaced), and a disk or socket is
/// refused. Whether a file already there may be replaced is the caller's question.
///
/// # Errors
/// `IsADirectory` for a folder; else why the file cannot be written there.
pub fn check_writable(path: &Path, follow_links: bool) -> io::Result<()> {
    let file = if follow_links {
        match Target::of(path)? {
            Target::File(file) => file,
            Target::Stream(stream) => return check_stream(&stream),
        }
    } else {
        path.to_path_buf()
    };
    if file.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            format!("{} is a folder", file.display()),
        ));
    }
    let (dir, name) = folder_of(&file)?;
    // Named after the file, cut as the atomic save's temporary files are: a name the system
    // takes must not fail here for being a few bytes too long.
    let probe = dir.join(format!(
        ".{}.{}.probe",
        super::atomic::short_name(&name),
        std::process::id()
    ));
    let f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    drop(f);
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// A device or FIFO: writable by this process? (Not opened to try: a FIFO would wait for its
/// reader.)
#[cfg(unix)]
fn check_stream(stream: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(stream.as_os_str().as_bytes()) else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name",
        ));
    };
    // SAFETY: `c` is a valid NUL-terminated string; access only reads it.
    if unsafe { libc::access(c.as_ptr(), libc::W_OK) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_stream(_: &Path) -> io::Result<()> {
    Ok(())
}
