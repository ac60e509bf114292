//! The settings the start screen remembers from one session to the next: the rules, the
//! colour, the level, the time control and the language, in `settings.toml` in dama's
//! configuration folder ([`crate::store::config_dir`]).
//!
//! The file is TOML, read and written with the `toml` crate through serde (both are kept by
//! the Rust project's own people and used across the ecosystem): a format a player can read
//! and mend by hand, and no parser of ours to get wrong. A setting dama does not know, a value
//! it cannot use or a line that is not TOML is ignored on its own and named on the start
//! screen; the other settings still count (a typo in the level must not switch the table
//! build back on), and writing the file keeps such lines, and comments, as they are. A file
//! that cannot be read at all is ignored as a whole, never fatal.
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
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// The most a settings file may hold (dama writes a few hundred bytes).
const MAX_FILE_BYTES: u64 = 1 << 20;

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
    /// The settings (or lines) of the file that were ignored, as written there
    /// (`level = 99`): the start screen names them.
    pub ignored: Vec<String>,
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

/// The file as dama writes it (it is read setting by setting: [`load`]).
#[derive(Debug, Default, Serialize)]
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
}

impl fmt::Display for PrefsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrefsError::Read(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl std::error::Error for PrefsError {}

impl PrefsError {
    /// Why, for the start screen, in `lang`: "<folder> is a file, not a folder" when a file
    /// stands where the configuration folder (or one above it) should be, where the system
    /// says only "Not a directory" of `settings.toml`; else the system's error.
    pub fn reason(&self, lang: Lang) -> String {
        match self {
            PrefsError::Read(p, _) => match crate::store::file_in_the_way(p) {
                Some(f) => format!(
                    "{}: {}",
                    p.display(),
                    crate::tui::lang::Msg::FileNotFolder.fill(lang, &[&f.display()])
                ),
                None => self.to_string(),
            },
        }
    }
}

/// Reads the settings remembered at `path`; no file is no settings. A setting that cannot be
/// used is left out and listed in [`Remembered::ignored`]; the others are read.
///
/// # Errors
/// [`PrefsError`], naming the file: the caller ignores it and says so.
pub fn load(path: &Path) -> Result<Remembered, PrefsError> {
    let text = match crate::store::read_small_text(path, MAX_FILE_BYTES) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Remembered::default()),
        Err(e) => return Err(PrefsError::Read(path.to_path_buf(), e)),
    };
    let mut ignored = Vec::new();
    // A file that is not TOML as a whole is read line by line (each setting is one line), so
    // that one damaged line costs only itself.
    let table = match text.parse::<toml::Table>() {
        Ok(t) => t,
        Err(_) => {
            let mut t = toml::Table::new();
            let mut in_table = false;
            for line in text.lines() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                // A `[table]` is none of dama's: named once, its lines not read as settings.
                if line.starts_with('[') {
                    ignored.push(printable(line));
                    in_table = true;
                }
                if in_table {
                    continue;
                }
                match line.parse::<toml::Table>() {
                    Ok(one) => t.extend(one),
                    Err(_) => ignored.push(printable(line)),
                }
            }
            t
        }
    };
    let mut r = Remembered::default();
    for (key, value) in &table {
        if !read_setting(&mut r, key, value) {
            ignored.push(printable(&format!("{key} = {value}")));
        }
    }
    r.ignored = ignored;
    Ok(r)
}

/// Takes one setting into `r`; false when dama does not know it or cannot use its value.
fn read_setting(r: &mut Remembered, key: &str, value: &toml::Value) -> bool {
    let text = value.as_str();
    match key {
        "rules" => {
            r.rules = match text {
                Some("italian") => Some(RuleSet::Italian),
                Some("english") => Some(RuleSet::English),
                _ => return false,
            };
        }
        "colour" => {
            r.side = match text {
                Some("white") => Some(StartSide::White),
                Some("black") => Some(StartSide::Black),
                Some("random") => Some(StartSide::Random),
                Some("two players") => Some(StartSide::TwoPlayers),
                Some("watch") => Some(StartSide::Watch),
                _ => return false,
            };
        }
        // The former top level (15) is read as today's: full strength then as now.
        "level" => {
            let level = value
                .as_integer()
                .and_then(|n| u8::try_from(n).ok())
                .and_then(crate::engine::strength::Strength::saved_level);
            let Some(crate::engine::strength::Strength::Level(l)) = level else {
                return false;
            };
            r.level = Some(l);
        }
        "time" => match text.map(str::parse::<TimeControl>) {
            Some(Ok(tc)) => r.time_control = Some(tc),
            _ => return false,
        },
        "lang" => {
            r.lang = match text {
                Some("en") => Some(Lang::En),
                Some("it") => Some(Lang::It),
                _ => return false,
            };
        }
        "book" => match value.as_bool() {
            Some(b) => r.book = Some(b),
            None => return false,
        },
        "table_build" => match value.as_bool() {
            Some(b) => r.tables.build = Some(b),
            None => return false,
        },
        "table_cache" => match value.as_integer().and_then(|n| usize::try_from(n).ok()) {
            Some(n) if (1..=MAX_TABLE_CACHE_MIB).contains(&n) => r.tables.cache_mib = Some(n),
            _ => return false,
        },
        _ => return false,
    }
    true
}

/// A setting as the player wrote it, on one line and without control characters, at most
/// 60 characters (it is shown on the start screen).
fn printable(text: &str) -> String {
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if clean.chars().count() > 60 {
        format!("{}...", clean.chars().take(57).collect::<String>())
    } else {
        clean
    }
}

/// Remembers `r` at `path` (atomically), making the configuration folder if need be. Only
/// dama's own settings are rewritten, each on its line where it was (or added): comments, a
/// setting dama does not know (a newer dama's, a typo) and a line it cannot read are kept
/// as the player wrote them ([`merge`]).
///
/// # Errors
/// Any I/O error; an existing file that cannot be read is not written over.
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
    let ours = toml::to_string(&file).map_err(std::io::Error::other)?;
    let old = match crate::store::read_small_text(path, MAX_FILE_BYTES) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    let text = merge(&old, &ours);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    // A pipe or a device there is not written into (a pipe would hold the board until read).
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    save_atomic(path, &text, Overwrite::Replace)
}

/// dama's settings (`ours`, one `key = value` line each) written into the file's text `old`:
/// a line that sets one of dama's settings at the top level is replaced by that setting's
/// new line (or dropped when it is no longer set, or already written), every other line is
/// kept, and the settings the file did not have go after its top-level lines (before a
/// `[table]`, where a TOML top-level key can no longer be).
fn merge(old: &str, ours: &str) -> String {
    let key_of = |line: &str| {
        line.trim()
            .parse::<toml::Table>()
            .ok()
            .filter(|t| t.len() == 1)
            .and_then(|t| t.keys().next().cloned())
    };
    let mut new: Vec<(String, &str)> = ours.lines().filter_map(|l| Some((key_of(l)?, l))).collect();
    let mut out = String::new();
    let mut lines = old.lines().peekable();
    while let Some(line) = lines.next_if(|l| !l.trim_start().starts_with('[')) {
        match key_of(line).filter(|k| KNOWN.contains(&k.as_str())) {
            Some(key) => {
                if let Some(at) = new.iter().position(|(k, _)| *k == key) {
                    out.push_str(new.remove(at).1);
                    out.push('\n');
                }
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    for (_, line) in new {
        out.push_str(line);
        out.push('\n');
    }
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The settings dama writes (the fields of [`File`]).
const KNOWN: [&str; 8] = [
    "rules",
    "colour",
    "level",
    "time",
    "lang",
    "book",
    "table_build",
    "table_cache",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("dama-prefs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    /// QA pass 5: with `~/.config` a file, the start screen said "Settings not remembered
    /// (…/.config/dama/settings.toml: Not a directory (os error 20))", as if settings.toml
    /// were the folder; it names the file in the way, as the data folder's messages do.
    #[test]
    fn a_file_where_the_configuration_folder_should_be_is_named() {
        let dir = scratch("in-the-way");
        std::fs::create_dir_all(&dir).unwrap();
        let config = dir.join(".config");
        std::fs::write(&config, "not a folder").unwrap();
        let path = config.join("dama/settings.toml");
        let e = load(&path).unwrap_err();
        assert_eq!(
            e.reason(Lang::En),
            format!(
                "{}: {} is a file, not a folder",
                path.display(),
                config.display()
            )
        );
        assert!(e.reason(Lang::It).contains("è un file, non una cartella"));
        let _ = std::fs::remove_dir_all(&dir);
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
            ignored: Vec::new(),
        };
        save(&path, &r).unwrap();
        assert_eq!(load(&path).unwrap(), r);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_bad_setting_is_ignored_on_its_own_and_named() {
        let dir = scratch("bad");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE_NAME);
        for (text, named) in [
            ("rules = \"chess\"", "rules = \"chess\""),
            ("level = 99", "level = 99"),
            ("level = \"six\"", "level = \"six\""),
            ("colour = ", "colour ="),
            ("\u{0}\u{1}garbage", "??garbage"),
            ("speed = 3", "speed = 3"),
            ("table_cache = 0", "table_cache = 0"),
            ("table_build = \"no\"", "table_build = \"no\""),
            ("book = 1", "book = 1"),
        ] {
            // QA (cli 16): the other settings still count, table_build above all.
            let rest = if text.starts_with("table_build") {
                "lang = \"it\"\n"
            } else {
                "table_build = false\nlang = \"it\"\n"
            };
            std::fs::write(&path, format!("{text}\n{rest}")).unwrap();
            let r = load(&path).unwrap();
            assert_eq!(r.ignored, [named], "{text:?}");
            if !text.starts_with("table_build") {
                assert_eq!(r.tables.build, Some(false), "{text:?}");
            }
            assert_eq!(r.lang, Some(Lang::It), "{text:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_rewrite_keeps_what_dama_does_not_write() {
        // What dama does not know (a newer dama's setting, a typo, a damaged line, a comment,
        // a table) was dropped when the start screen wrote the file; now only dama's own
        // settings change, each where it was.
        let dir = scratch("keep");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE_NAME);
        let hand = "# mine\nlevel = 3\nsound = \"off\"\nlevle = 4\n\u{1}garbage = \ntime = \"5+3\"\n\n[window]\nwidth = 90\nlevel = 2\n";
        std::fs::write(&path, hand).unwrap();
        let before = load(&path).unwrap();
        let r = Remembered {
            rules: Some(RuleSet::English),
            level: Some(9),
            lang: Some(Lang::It),
            ..Remembered::default()
        };
        save(&path, &r).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "# mine\nlevel = 9\nsound = \"off\"\nlevle = 4\n\u{1}garbage = \n\nrules = \"english\"\nlang = \"it\"\n[window]\nwidth = 90\nlevel = 2\n"
        );
        let after = load(&path).unwrap();
        assert_eq!(
            (after.rules, after.level, after.lang, after.time_control),
            (r.rules, r.level, r.lang, None)
        );
        assert_eq!(after.ignored, before.ignored, "the same lines are named");
        // A file dama wrote itself comes back the same.
        save(&path, &after).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
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
        assert_eq!(load(&path).unwrap().ignored, ["level = 16"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
