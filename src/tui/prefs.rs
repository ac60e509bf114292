//! The settings the start screen remembers from one session to the next: the rules, the
//! colour, the level, the time control and the language, in `settings.toml` in dama's
//! configuration folder ([`crate::store::config_dir`]).
//!
//! The file is TOML, read and written with the `toml` crate through serde (both are kept by
//! the Rust project's own people and used across the ecosystem): a format a player can read
//! and mend by hand, and no parser of ours to get wrong. A file that cannot be read or holds
//! a value dama does not know is named and ignored as a whole, never fatal: the start screen
//! then opens with the usual defaults and says why.
//!
//! ```toml
//! rules = "italian"
//! colour = "black"
//! level = 7
//! time = "5+3"
//! lang = "it"
//! book = false         # the engine searches its opening moves (default: true, the book)
//! table_build = false   # no endgame tables built in the background (default: true)
//! table_cache = 64      # MiB of decompressed table blocks per rule set
//! ```
//!
//! The two table settings are set by hand only; the start screen keeps them when it writes.

use crate::rules::RuleSet;
use crate::store::{Overwrite, save_atomic};
use crate::tui::app::StartSide;
use crate::tui::clock::TimeControl;
use crate::tui::lang::Lang;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// The file's name in the configuration folder.
pub const FILE_NAME: &str = "settings.toml";

/// Where the settings are remembered (`None` without a home).
pub fn file() -> Option<PathBuf> {
    crate::store::config_dir().map(|d| d.join(FILE_NAME))
}

/// The settings remembered; each may be missing (an older file, or one written by hand).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Remembered {
    pub rules: Option<RuleSet>,
    pub side: Option<StartSide>,
    pub level: Option<u8>,
    pub time_control: Option<TimeControl>,
    /// Whether the engine plays its openings from the book (`None`: yes).
    pub book: Option<bool>,
    pub lang: Option<Lang>,
    pub tables: TablePrefs,
}

/// The endgame tables' settings (hand-set in the file; the board's options override them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TablePrefs {
    /// Whether the board builds the tables in the background (`None`: yes).
    pub build: Option<bool>,
    /// The block cache's budget in MiB (`None`: the default).
    pub cache_mib: Option<usize>,
}

/// The largest `table_cache` accepted (MiB), as `--table-cache` takes.
pub const MAX_TABLE_CACHE_MIB: usize = 4096;

/// The file as TOML holds it: words, checked into [`Remembered`] after reading.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    colour: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lang: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    book: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    table_build: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    table_cache: Option<usize>,
}

/// Why the remembered settings were ignored.
#[derive(Debug)]
pub enum PrefsError {
    /// The file exists but cannot be read.
    Read(PathBuf, std::io::Error),
    /// The file is not TOML, or holds an unknown setting or value: what and where.
    Damaged(PathBuf, String),
}

impl fmt::Display for PrefsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrefsError::Read(p, e) => write!(f, "{}: {e}", p.display()),
            PrefsError::Damaged(p, why) => write!(f, "{}: {why}", p.display()),
        }
    }
}

impl std::error::Error for PrefsError {}

/// Reads the settings remembered at `path`; no file is no settings.
///
/// # Errors
/// [`PrefsError`], naming the file: the caller ignores it and says so.
pub fn load(path: &Path) -> Result<Remembered, PrefsError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Remembered::default()),
        Err(e) => return Err(PrefsError::Read(path.to_path_buf(), e)),
    };
    let damaged = |why: String| PrefsError::Damaged(path.to_path_buf(), why);
    let file: File = toml::from_str(&text).map_err(|e| damaged(one_line(&e.to_string())))?;
    let bad = |key: &str, value: &str| damaged(format!("{key} = {value:?} is not a choice"));
    let rules = match file.rules.as_deref() {
        None => None,
        Some("italian") => Some(RuleSet::Italian),
        Some("english") => Some(RuleSet::English),
        Some(v) => return Err(bad("rules", v)),
    };
    let side = match file.colour.as_deref() {
        None => None,
        Some("white") => Some(StartSide::White),
        Some("black") => Some(StartSide::Black),
        Some("random") => Some(StartSide::Random),
        Some("two players") => Some(StartSide::TwoPlayers),
        Some("watch") => Some(StartSide::Watch),
        Some(v) => return Err(bad("colour", v)),
    };
    // The former top level (15) is read as today's: full strength then as now.
    let level = match file.level {
        Some(n) => match crate::engine::strength::Strength::saved_level(n) {
            Some(crate::engine::strength::Strength::Level(l)) => Some(l),
            _ => return Err(bad("level", &n.to_string())),
        },
        None => None,
    };
    let time_control = match file.time.as_deref() {
        None => None,
        Some(v) => Some(v.parse().map_err(|_| bad("time", v))?),
    };
    let lang = match file.lang.as_deref() {
        None => None,
        Some("en") => Some(Lang::En),
        Some("it") => Some(Lang::It),
        Some(v) => return Err(bad("lang", v)),
    };
    let cache_mib = match file.table_cache {
        Some(n) if !(1..=MAX_TABLE_CACHE_MIB).contains(&n) => {
            return Err(bad("table_cache", &n.to_string()));
        }
        c => c,
    };
    Ok(Remembered {
        rules,
        side,
        level,
        time_control,
        book: file.book,
        lang,
        tables: TablePrefs {
            build: file.table_build,
            cache_mib,
        },
    })
}

/// toml's message on one line: it spans several (the place, the line quoted, then what is
/// wrong); the place and what is wrong are kept.
fn one_line(message: &str) -> String {
    let mut lines = message.lines().map(str::trim).filter(|l| !l.is_empty());
    let place = lines.next().unwrap_or("");
    let what = message
        .lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .unwrap_or("");
    if what == place {
        place.to_string()
    } else {
        format!("{place}: {what}")
    }
}

/// Remembers `r` at `path` (atomically), making the configuration folder if need be.
///
/// # Errors
/// Any I/O error.
pub fn save(path: &Path, r: &Remembered) -> std::io::Result<()> {
    let file = File {
        rules: r.rules.map(|x| {
            match x {
                RuleSet::Italian => "italian",
                RuleSet::English => "english",
            }
            .to_string()
        }),
        colour: r.side.map(|s| {
            match s {
                StartSide::White => "white",
                StartSide::Black => "black",
                StartSide::Random => "random",
                StartSide::TwoPlayers => "two players",
                StartSide::Watch => "watch",
            }
            .to_string()
        }),
        level: r.level,
        time: r.time_control.map(|tc| tc.to_string()),
        book: r.book,
        lang: r.lang.map(|l| {
            match l {
                Lang::En => "en",
                Lang::It => "it",
            }
            .to_string()
        }),
        table_build: r.tables.build,
        table_cache: r.tables.cache_mib,
    };
    let text = toml::to_string(&file).map_err(std::io::Error::other)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    save_atomic(path, &text, Overwrite::Replace)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("dama-prefs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn settings_are_read_back_as_written() {
        let dir = scratch("round");
        let path = dir.join("dama").join(FILE_NAME);
        assert_eq!(load(&path).unwrap(), Remembered::default(), "no file");
        let r = Remembered {
            rules: Some(RuleSet::English),
            side: Some(StartSide::Black),
            level: Some(7),
            time_control: Some("5+3".parse().unwrap()),
            book: Some(false),
            lang: Some(Lang::It),
            tables: TablePrefs {
                build: Some(false),
                cache_mib: Some(16),
            },
        };
        save(&path, &r).unwrap();
        assert_eq!(load(&path).unwrap(), r);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_file_is_named() {
        let dir = scratch("bad");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE_NAME);
        for (text, why) in [
            ("rules = \"chess\"", "rules = \"chess\" is not a choice"),
            ("level = 99", "level = \"99\" is not a choice"),
            ("level = \"six\"", "invalid type"),
            ("colour = ", "TOML parse error"),
            ("\u{0}\u{1}garbage", "TOML parse error"),
            ("speed = 3", "unknown field"),
            ("table_cache = 0", "table_cache = \"0\" is not a choice"),
            ("table_build = \"no\"", "invalid type"),
            ("book = 1", "invalid type"),
        ] {
            std::fs::write(&path, text).unwrap();
            let e = load(&path).unwrap_err().to_string();
            assert!(e.starts_with(&path.display().to_string()), "{e}");
            assert!(e.contains(why), "{text:?}: {e}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_former_top_level_is_read_as_todays_top() {
        let dir = scratch("top");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE_NAME);
        let top = crate::engine::strength::FULL_STRENGTH;
        for (text, level) in [("level = 15", top), ("level = 14", top), ("level = 13", 13)] {
            std::fs::write(&path, text).unwrap();
            assert_eq!(load(&path).unwrap().level, Some(level), "{text}");
        }
        std::fs::write(&path, "level = 16").unwrap();
        assert!(load(&path).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
