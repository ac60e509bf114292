//! The archive of finished games: every game that ends in a session (on the board, by
//! resignation, by agreement, on time) is written at once to a PDN file of its own in
//! `<data>/archive/`, named for the moment it ended (`2026-12-02-103300.pdn`, UTC).
//!
//! One file per game rather than one per month: each file is written once, atomically, and
//! never again (unless the same game is taken back and ends anew), so a crash or a full disk
//! while one game is archived can never damage the games archived before it, and the list of
//! games is the folder's listing. A month's games are still one `cat archive/2026-12-*`.

use crate::notation::pdn;
use crate::rules::{DrawReason, Game, Outcome, WinReason};
use std::path::{Path, PathBuf};

/// The archive's folder, next to the autosave in the data folder.
pub fn archive_dir(data: &Path) -> PathBuf {
    data.join("archive")
}

/// What became of the archiving of the game that ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Archived {
    /// Handed to the keeper thread, not yet written.
    Pending(PathBuf),
    /// The game is in this file.
    Written(PathBuf),
    /// The file could not be written: where and why.
    Failed(PathBuf, String),
}

impl Archived {
    pub fn path(&self) -> &Path {
        match self {
            Archived::Pending(p) | Archived::Written(p) | Archived::Failed(p, _) => p,
        }
    }
}

/// A new file name in `dir` for a game that ends now: the date and time (UTC), with `-2`,
/// `-3`... when a game ended in the same second.
pub fn new_path(dir: &Path) -> PathBuf {
    let stamp = stamp_now();
    (1..1000)
        .map(|n| match n {
            1 => dir.join(format!("{stamp}.pdn")),
            n => dir.join(format!("{stamp}-{n}.pdn")),
        })
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join(format!("{stamp}-last.pdn")))
}

/// The `n`th name of a game that ended in the same second as the one at `first` (`-n`
/// before the extension), as [`new_path`] numbers them.
pub fn numbered(first: &Path, n: u32) -> PathBuf {
    let stem = first
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    first.with_file_name(format!("{stem}-{n}.pdn"))
}

/// `YYYY-MM-DD-HHMMSS`, UTC.
pub fn stamp_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let day = pdn::today().replace('.', "-");
    let t = secs % 86_400;
    format!("{day}-{:02}{:02}{:02}", t / 3600, t / 60 % 60, t % 60)
}

/// Why the game ended, for the record's `Termination` tag (records are in English whatever
/// the interface's language, as their other tags).
pub fn termination(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::NoPieces => "no pieces left",
            WinReason::NoMoves => "no legal move",
            WinReason::Resignation => "resignation",
            WinReason::Time => "time forfeit",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::Repetition => "third repetition",
            DrawReason::NoProgress => "80 plies without a capture or a man move",
            DrawReason::Agreement => "agreement",
        },
    }
}

/// The finished game's record: dama's usual record ([`super::record`]: players with the
/// engine's strength, date and time) with the `Termination` and, under a time control, the
/// `TimeControl` tags.
pub fn text(game: &Game, record: &mut pdn::PdnGame, time_control: Option<&str>) -> String {
    if let Some(o) = game.outcome() {
        record.set_tag("Termination", termination(o));
    }
    if let Some(tc) = time_control {
        record.set_tag("TimeControl", tc);
    }
    pdn::write_game(record)
}
