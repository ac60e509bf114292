//! The training's files in the data folder, one pair per rule set, both TOML (read and written
//! through serde, as the settings are: a player can read them and mend them by hand):
//!
//! - `training-<rules>.toml`: the progress (solved, failed, the streak, the positions solved);
//! - `colpi-<rules>.toml`: positions from the player's own reviewed games, where a move marked
//!   `?` or `??` had a better one, kept after each review for the training to show.
//!
//! Both are written atomically. A file that cannot be read or is damaged is named and ignored,
//! never fatal: a damaged progress file is set aside as `<name>.damaged` at the next save,
//! and a damaged positions file is left as it is (nothing is added to it).

use crate::rules::RuleSet;
use crate::store::{Overwrite, save_atomic};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// The most positions of the player's own games kept per rule set (the newest stay).
pub const OWN_LIMIT: usize = 500;

/// The most a training file may hold: the positions file's 500 positions take about 150 KB.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// The progress file of `rules` in the data folder `data`.
pub fn progress_path(data: &Path, rules: RuleSet) -> PathBuf {
    data.join(format!("training-{}.toml", rules.name()))
}

/// The file of positions from the player's games, for `rules`, in the data folder `data`.
pub fn own_path(data: &Path, rules: RuleSet) -> PathBuf {
    data.join(format!("colpi-{}.toml", rules.name()))
}

/// The training's progress for one rule set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// Positions answered right at the first try (each time it was shown).
    #[serde(default)]
    pub solved: u32,
    /// Positions answered wrong, or whose solution was asked for before answering.
    #[serde(default)]
    pub failed: u32,
    /// Right answers in a row, up to now.
    #[serde(default)]
    pub streak: u32,
    /// The longest streak so far.
    #[serde(default)]
    pub best_streak: u32,
    /// The positions solved (their FEN): the training shows the others first.
    #[serde(default)]
    pub done: BTreeSet<String>,
}

impl Progress {
    /// Counts one answer to the position `key` (its FEN).
    pub fn record(&mut self, key: &str, right: bool) {
        if right {
            self.solved += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
            self.done.insert(key.to_string());
        } else {
            self.failed += 1;
            self.streak = 0;
        }
    }
}

/// A position from the player's own game: the move played there was marked `?` or `??` by the
/// review, which found `better`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnPosition {
    /// The position (FEN), the player to move.
    pub fen: String,
    /// The review's better move.
    pub better: String,
    /// The move the player made.
    pub played: String,
    /// `?` or `??`.
    pub mark: String,
    /// The review's score of the position, centi-men from the mover's view (a forced win or
    /// loss counts as ten men, as the review's graph does).
    pub score: i32,
    /// Where it came from (the game's players and date, the move number).
    #[serde(default)]
    pub source: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OwnFile {
    #[serde(default)]
    position: Vec<OwnPosition>,
}

/// Why a training file was ignored.
#[derive(Debug)]
pub enum TrainingFileError {
    /// The file exists but cannot be read.
    Read(PathBuf, std::io::Error),
    /// The file is not TOML or holds something unknown: what and where.
    Damaged(PathBuf, String),
}

impl fmt::Display for TrainingFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainingFileError::Read(p, e) => write!(f, "{}: {e}", p.display()),
            TrainingFileError::Damaged(p, why) => write!(f, "{}: {why}", p.display()),
        }
    }
}

impl std::error::Error for TrainingFileError {}

fn read<T: for<'de> Deserialize<'de> + Default>(path: &Path) -> Result<T, TrainingFileError> {
    let text = match crate::store::read_small_text(path, MAX_FILE_BYTES) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(T::default()),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
            return Err(TrainingFileError::Damaged(
                path.to_path_buf(),
                "not UTF-8 text".into(),
            ));
        }
        // Damaged too (set aside, not written over, at the next save).
        Err(e) if e.kind() == std::io::ErrorKind::FileTooLarge => {
            return Err(TrainingFileError::Damaged(
                path.to_path_buf(),
                e.to_string(),
            ));
        }
        Err(e) => return Err(TrainingFileError::Read(path.to_path_buf(), e)),
    };
    toml::from_str(&text).map_err(|e| {
        // toml's message spans several lines (it quotes the line): one line on the screen.
        let why = e
            .to_string()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        TrainingFileError::Damaged(path.to_path_buf(), why)
    })
}

/// Reads the progress at `path`; no file is no progress yet.
///
/// # Errors
/// [`TrainingFileError`], naming the file: the caller ignores it and says so.
pub fn load_progress(path: &Path) -> Result<Progress, TrainingFileError> {
    read(path)
}

/// Writes the progress to `path` atomically. `set_aside` (the file was found damaged): the old
/// file is first renamed `<name>.damaged`, so what it held is not lost.
///
/// # Errors
/// I/O errors (the folder is created if missing).
pub fn save_progress(path: &Path, p: &Progress, set_aside: bool) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    if set_aside && path.exists() {
        let mut aside = path.as_os_str().to_owned();
        aside.push(".damaged");
        std::fs::rename(path, aside)?;
    }
    refuse_special(path)?;
    let text = toml::to_string(p).map_err(std::io::Error::other)?;
    save_atomic(path, &text, Overwrite::Replace)
}

/// Counts one answer to the position `key` into the progress file at `path` as the file is now,
/// and returns the progress written: another board training the same rule set may have written
/// it since this one read it, and writing this board's own count over it lost the other's
/// answers. `current` is this board's progress, counted from when the file is damaged (then it
/// is set aside, as with `set_aside`) or was found damaged at the start (`set_aside`).
///
/// # Errors
/// The file cannot be read (other than damaged) or written; nothing is written then.
pub fn record_answer(
    path: &Path,
    current: &Progress,
    key: &str,
    right: bool,
    set_aside: bool,
) -> std::io::Result<Progress> {
    let (mut p, set_aside) = if set_aside {
        (current.clone(), true)
    } else {
        match load_progress(path) {
            Ok(p) => (p, false),
            Err(TrainingFileError::Damaged(..)) => (current.clone(), true),
            Err(TrainingFileError::Read(_, e)) => return Err(e),
        }
    };
    p.record(key, right);
    save_progress(path, &p, set_aside)?;
    Ok(p)
}

/// A pipe or a device where a training file should be is not written into: a pipe would hold
/// the board until something reads it.
fn refuse_special(path: &Path) -> std::io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} is not a regular file", path.display()),
        ));
    }
    Ok(())
}

/// Reads the positions of the player's games at `path`; no file is none.
///
/// # Errors
/// [`TrainingFileError`], naming the file.
pub fn load_own(path: &Path) -> Result<Vec<OwnPosition>, TrainingFileError> {
    read::<OwnFile>(path).map(|f| f.position)
}

/// Adds `new` to the positions at `path` (one per position: a position already there is
/// replaced by the newer), keeping the newest [`OWN_LIMIT`]; returns how many were not there
/// before.
///
/// # Errors
/// The file cannot be read or is damaged (then it is left untouched), or cannot be written.
pub fn add_own(path: &Path, new: &[OwnPosition]) -> Result<usize, TrainingFileError> {
    let mut all = load_own(path)?;
    let mut added = 0;
    for p in new {
        let before = all.len();
        all.retain(|q| q.fen != p.fen);
        added += usize::from(all.len() == before);
        all.push(p.clone());
    }
    let extra = all.len().saturating_sub(OWN_LIMIT);
    all.drain(..extra);
    let io = |e| TrainingFileError::Read(path.to_path_buf(), e);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    refuse_special(path).map_err(io)?;
    let text =
        toml::to_string(&OwnFile { position: all }).map_err(|e| io(std::io::Error::other(e)))?;
    save_atomic(path, &text, Overwrite::Replace).map_err(io)?;
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA data: two boards training the same rule set each wrote their own count over the
    /// other's; each answer is now counted into the file as it is.
    #[test]
    fn two_boards_training_at_once_keep_each_others_answers() {
        let dir = std::env::temp_dir().join(format!("dama-training-two-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = progress_path(&dir, RuleSet::Italian);
        // Both boards read the (absent) file: no progress yet.
        let a = load_progress(&path).unwrap();
        let b = load_progress(&path).unwrap();
        let a = record_answer(&path, &a, "W:W21:B5", true, false).unwrap();
        assert_eq!((a.solved, a.failed), (1, 0));
        // B has not seen A's answer; its own is counted with it.
        let b = record_answer(&path, &b, "W:W22:B6", false, false).unwrap();
        assert_eq!((b.solved, b.failed, b.streak), (1, 1, 0));
        assert!(b.done.contains("W:W21:B5"));
        assert_eq!(load_progress(&path).unwrap(), b);
        // A damaged file is set aside and the board's own count goes on from it.
        std::fs::write(&path, "solved = \"many\"").unwrap();
        let c = record_answer(&path, &a, "W:W23:B7", true, false).unwrap();
        assert_eq!((c.solved, c.streak), (2, 2));
        let mut aside = path.as_os_str().to_owned();
        aside.push(".damaged");
        assert!(std::path::Path::new(&aside).exists());
        assert_eq!(load_progress(&path).unwrap(), c);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A progress file too large to be one is damaged: set aside at the next save, never
    /// written over; a pipe there is neither read nor written into (either would hold the
    /// board), and the positions file is refused the same way.
    #[cfg(unix)]
    #[test]
    fn a_huge_or_special_progress_file_is_set_aside_or_refused() {
        let dir = crate::store::scratch_dir("training-files");
        let path = progress_path(&dir, RuleSet::Italian);
        let huge = std::fs::File::create(&path).unwrap();
        huge.set_len(MAX_FILE_BYTES + 1).unwrap();
        drop(huge);
        let e = load_progress(&path).unwrap_err();
        assert!(matches!(e, TrainingFileError::Damaged(..)), "{e}");
        let mut p = Progress::default();
        p.record("W:W22:B18", true);
        save_progress(&path, &p, true).unwrap();
        assert_eq!(load_progress(&path).unwrap(), p);
        let aside = dir.join("training-italian.toml.damaged");
        assert_eq!(std::fs::metadata(&aside).unwrap().len(), MAX_FILE_BYTES + 1);

        std::fs::remove_file(&path).unwrap();
        let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(matches!(
            load_progress(&path),
            Err(TrainingFileError::Read(..))
        ));
        let e = save_progress(&path, &p, false).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let own = own_path(&dir, RuleSet::Italian);
        let c = std::ffi::CString::new(own.to_str().unwrap()).unwrap();
        // SAFETY: as above.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(load_own(&own).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
