//! Saving files so that they are never left half-written, and today's date for records.

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
/// linked to it, with [`Overwrite::Never`], which fails if the target exists).
///
/// # Errors
/// Any I/O error; the target is then unchanged and the temporary file removed.
pub fn save_atomic(path: &Path, contents: &str, overwrite: Overwrite) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
        .to_string_lossy()
        .into_owned();
    if overwrite == Overwrite::Never && path.exists() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} already exists", path.display()),
        ));
    }
    let tmp = (0..100u32)
        .map(|n| dir.join(format!(".{name}.{}.{n}.tmp", std::process::id())))
        .find(|p| !p.exists())
        .ok_or_else(|| io::Error::other("no free temporary file name"))?;
    let result = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()?;
        drop(f);
        match overwrite {
            Overwrite::Replace => std::fs::rename(&tmp, path),
            // A hard link fails if the target appeared meanwhile: nothing is ever replaced.
            Overwrite::Never => {
                std::fs::hard_link(&tmp, path).and_then(|()| std::fs::remove_file(&tmp))
            }
        }
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Today's date as PDN writes it, `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to (year, month, day) in the Gregorian calendar (H. Hinnant's
/// algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_787), (2026, 11, 30));
    }
}
