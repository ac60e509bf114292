//! Where dama keeps its files and how it writes them: the data folder (saved games, the
//! kept game, the endgame tables), atomic writes (a file is whole or as it was), and the check
//! that an output file can be written before the long work that makes it. Depends on nothing
//! else in the crate, so every floor (notation, tables, the TUI, the commands) may use it.
//!
//! The folders are found here by hand rather than by a per-platform crate (`dirs`,
//! `directories`): on Linux those ignore a relative `XDG_DATA_HOME` and, with `HOME` unset
//! or empty, ask the password database for a home, so the data folder could move for a
//! player who has one set that way (and a test's scratch `HOME` would not be the only way
//! in). The rule below is the one dama has always had on Linux.

mod atomic;
mod check;
mod lock;

pub use atomic::{
    Overwrite, Target, folder_of, move_into_place, remove_stale_temporaries, save_atomic,
    write_synced,
};
pub use check::check_writable;
pub use lock::{move_no_replace, try_lock, try_lock_for_process};

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// dama's data folder: `$XDG_DATA_HOME/dama`, else (on Windows) `%APPDATA%\dama`, else
/// `~/.local/share/dama`. `None` when none of these is known (no home). Saved games, the
/// kept game and the endgame tables live here.
///
/// `XDG_DATA_HOME` comes first on every platform so that tests (and players who set it)
/// choose the folder everywhere; macOS keeps the XDG folder, where it has always been.
pub fn data_dir() -> Option<PathBuf> {
    data_dir_from(|name| std::env::var_os(name))
}

/// [`data_dir`] with the environment read through `env`. A variable set but empty counts as
/// unset; a relative `XDG_DATA_HOME` is taken as it is (relative to the current folder).
fn data_dir_from(env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let var = |name: &str| env(name).filter(|v| !v.is_empty());
    if let Some(x) = var("XDG_DATA_HOME") {
        return Some(PathBuf::from(x).join("dama"));
    }
    #[cfg(windows)]
    if let Some(app) = var("APPDATA") {
        return Some(PathBuf::from(app).join("dama"));
    }
    Some(PathBuf::from(var("HOME")?).join(".local/share/dama"))
}

/// dama's configuration folder: `$XDG_CONFIG_HOME/dama`, else (on Windows) `%APPDATA%\dama`,
/// else `~/.config/dama`. `None` when none of these is known (no home). The settings the start
/// screen remembers live here.
pub fn config_dir() -> Option<PathBuf> {
    config_dir_from(|name| std::env::var_os(name))
}

/// [`config_dir`] with the environment read through `env`, by [`data_dir_from`]'s rule.
fn config_dir_from(env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let var = |name: &str| env(name).filter(|v| !v.is_empty());
    if let Some(x) = var("XDG_CONFIG_HOME") {
        return Some(PathBuf::from(x).join("dama"));
    }
    #[cfg(windows)]
    if let Some(app) = var("APPDATA") {
        return Some(PathBuf::from(app).join("dama"));
    }
    Some(PathBuf::from(var("HOME")?).join(".config/dama"))
}

/// Reads a small text file dama keeps (the settings, the training's progress): a regular file
/// of at most `limit` bytes. Anything else is refused rather than read: a named pipe would
/// wait for a writer forever, a device such as `/dev/zero` (or a huge file put there by
/// mistake) would fill memory.
///
/// # Errors
/// The system's error (`NotFound` when there is no file); `InvalidInput` for what is not a
/// regular file; `FileTooLarge` past `limit`; `InvalidData` for text that is not UTF-8.
pub fn read_small_text(path: &Path, limit: u64) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind, Read};
    // Looked at before opening: opening a named pipe waits for its writer.
    if !std::fs::metadata(path)?.is_file() {
        return Err(Error::new(ErrorKind::InvalidInput, "not a regular file"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(Error::new(
            ErrorKind::FileTooLarge,
            format!("larger than {} KiB: not a file dama wrote", limit >> 10),
        ));
    }
    String::from_utf8(bytes).map_err(|_| Error::new(ErrorKind::InvalidData, "not UTF-8 text"))
}

/// The endgame tables' folder, `<data>/tables` (each rule set in a folder of its own there).
/// `None` without a data folder.
pub fn tables_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("tables"))
}

/// The file that stands where a folder of `path` should be (the data folder made a regular
/// file by mistake, say): the nearest of `path`'s parent folders that exists and is not a
/// folder. `None` when there is none (the error was something else). The system's own words
/// for it ("File exists", "Not a directory", or a file that "does not exist") miss the cause.
pub fn file_in_the_way(path: &Path) -> Option<PathBuf> {
    path.ancestors()
        .skip(1)
        .filter(|a| !a.as_os_str().is_empty())
        .find(|a| std::fs::metadata(a).is_ok_and(|m| !m.is_dir()))
        .map(Path::to_path_buf)
}

/// The symbolic link that stands where a folder of `path` should be and points to nothing (the
/// data folder linked to a disk not mounted, say): the nearest such parent folder of `path`
/// and where it points. The system says only "File exists" when a folder is made there.
pub fn dangling_link_in_the_way(path: &Path) -> Option<(PathBuf, PathBuf)> {
    path.ancestors()
        .skip(1)
        .filter(|a| !a.as_os_str().is_empty())
        .find(|a| {
            std::fs::symlink_metadata(a).is_ok_and(|m| m.file_type().is_symlink())
                && std::fs::metadata(a).is_err()
        })
        .and_then(|a| Some((a.to_path_buf(), std::fs::read_link(a).ok()?)))
}

/// Why `path` could not be written or read: "<folder> is a file, not a folder" when a file
/// stands where one of its folders should be ([`file_in_the_way`]), else the system's error.
pub fn io_reason(path: &Path, e: &std::io::Error) -> String {
    match file_in_the_way(path) {
        Some(f) => format!("{} is a file, not a folder", f.display()),
        None => e.to_string(),
    }
}

/// A fresh, empty scratch folder for a unit test: `dama-<name>-<pid>` in the system's
/// temporary folder (what was left there by an earlier run removed first).
#[cfg(test)]
pub(crate) fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_where_a_folder_should_be_is_named() {
        let dir = crate::store::scratch_dir("in-the-way");
        let data = dir.join("dama");
        std::fs::write(&data, "not a folder").unwrap();
        let kept = data.join("autosave.pdn");
        assert_eq!(file_in_the_way(&kept), Some(data.clone()));
        assert_eq!(
            file_in_the_way(&data.join("tables").join("italian")),
            Some(data.clone())
        );
        let e = std::fs::write(&kept, "x").unwrap_err();
        assert_eq!(
            io_reason(&kept, &e),
            format!("{} is a file, not a folder", data.display())
        );
        std::fs::remove_file(&data).unwrap();
        assert_eq!(file_in_the_way(&kept), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A pipe, a device or a huge file where a small file is expected is refused at once,
    /// never read (a pipe would hang the program, `/dev/zero` fill its memory).
    #[cfg(unix)]
    #[test]
    fn small_files_refuse_pipes_devices_and_huge_files() {
        use std::io::ErrorKind;
        let dir = crate::store::scratch_dir("small");
        let file = dir.join("settings.toml");
        std::fs::write(&file, "level = 3\n").unwrap();
        assert_eq!(read_small_text(&file, 64).unwrap(), "level = 3\n");
        let kind = |p: &Path, limit| read_small_text(p, limit).unwrap_err().kind();
        assert_eq!(kind(&file, 4), ErrorKind::FileTooLarge);
        assert_eq!(kind(&dir.join("none"), 64), ErrorKind::NotFound);
        assert_eq!(kind(&dir, 64), ErrorKind::InvalidInput);
        std::os::unix::fs::symlink("/dev/zero", dir.join("zero")).unwrap();
        assert_eq!(kind(&dir.join("zero"), 64), ErrorKind::InvalidInput);
        let fifo = dir.join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert_eq!(
            kind(&fifo, 64),
            ErrorKind::InvalidInput,
            "a pipe is not waited on"
        );
        std::fs::write(&file, [0xff, 0xfe, 0]).unwrap();
        assert_eq!(kind(&file, 64), ErrorKind::InvalidData);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The rule dama has always had on Linux (a crate for per-platform folders would differ on
    /// the relative `XDG_DATA_HOME` and on the missing `HOME`).
    #[cfg(unix)]
    #[test]
    fn the_data_folder_follows_xdg_then_home() {
        let dir = |vars: &[(&str, &str)]| {
            let vars: Vec<(String, OsString)> = vars
                .iter()
                .map(|(k, v)| (k.to_string(), OsString::from(v)))
                .collect();
            data_dir_from(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
        };
        let home = [("HOME", "/h")];
        assert_eq!(dir(&home), Some(PathBuf::from("/h/.local/share/dama")));
        let both = [("XDG_DATA_HOME", "/x"), ("HOME", "/h")];
        assert_eq!(dir(&both), Some(PathBuf::from("/x/dama")));
        let empty_xdg = [("XDG_DATA_HOME", ""), ("HOME", "/h")];
        assert_eq!(dir(&empty_xdg), Some(PathBuf::from("/h/.local/share/dama")));
        let relative = [("XDG_DATA_HOME", "rel")];
        assert_eq!(dir(&relative), Some(PathBuf::from("rel/dama")));
        assert_eq!(dir(&[("HOME", "")]), None);
        assert_eq!(dir(&[]), None);
    }

    /// The configuration folder: the same rule with `XDG_CONFIG_HOME` and `~/.config`.
    #[cfg(unix)]
    #[test]
    fn the_config_folder_follows_xdg_then_home() {
        let dir = |vars: &[(&str, &str)]| {
            config_dir_from(|name| {
                vars.iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| OsString::from(v))
            })
        };
        assert_eq!(
            dir(&[("HOME", "/h")]),
            Some(PathBuf::from("/h/.config/dama"))
        );
        let both = [("XDG_CONFIG_HOME", "/x"), ("HOME", "/h")];
        assert_eq!(dir(&both), Some(PathBuf::from("/x/dama")));
        let empty = [("XDG_CONFIG_HOME", ""), ("HOME", "/h")];
        assert_eq!(dir(&empty), Some(PathBuf::from("/h/.config/dama")));
        assert_eq!(dir(&[]), None);
    }
}
