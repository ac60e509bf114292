//! The games in the data folder, for the start screen's Load and Replay: the game in play
//! (the autosave), the unfinished games on the shelf, the archive and the games saved there,
//! newest first; and the completion of a typed path (Tab).

use crate::notation::pdn;
use crate::rules::RuleSet;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Where a listed game lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The autosave: the game in play.
    InPlay,
    /// On the shelf of unfinished games.
    Unfinished,
    /// In the archive of finished games.
    Archived,
    /// Saved with `s` (a PDN file in the data folder itself).
    Saved,
}

/// One game of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub path: PathBuf,
    pub kind: Kind,
    /// `2026.12.02 10:36` (UTC), from the record's tags; the file's own date without them.
    pub when: String,
    /// `None` when the file could not be read as a game.
    pub rules: Option<RuleSet>,
    /// The player who is not "You" (the engine, with its strength), or both players.
    pub players: (String, String),
    /// The PDN result, `*` for a game that goes on.
    pub result: String,
    /// Full moves.
    pub moves: usize,
    modified: SystemTime,
}

/// How many files the list reads at most (the newest): a folder of thousands of games
/// stays quick to open.
const MOST: usize = 300;

/// The games in the data folder `data`, newest first (by the files' times).
pub fn games(data: &Path, rules: RuleSet) -> Vec<Entry> {
    let mut files: Vec<(PathBuf, Kind, SystemTime)> = Vec::new();
    let auto = data.join("autosave.pdn");
    let mut add = |dir: &Path, kind: Kind| {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            let pdn = p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pdn"));
            let Ok(meta) = e.metadata() else { continue };
            if !pdn || !meta.is_file() {
                continue;
            }
            let kind = if p == auto { Kind::InPlay } else { kind };
            files.push((p, kind, meta.modified().unwrap_or(SystemTime::UNIX_EPOCH)));
        }
    };
    add(data, Kind::Saved);
    add(&super::shelf_dir(&auto), Kind::Unfinished);
    add(&super::archive_dir(data), Kind::Archived);
    files.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| b.0.cmp(&a.0)));
    files.truncate(MOST);
    files
        .into_iter()
        .map(|(path, kind, modified)| entry(path, kind, modified, rules))
        .collect()
}

fn entry(path: PathBuf, kind: Kind, modified: SystemTime, rules: RuleSet) -> Entry {
    let record = pdn::read_text(&path)
        .ok()
        .and_then(|t| pdn::Reader::new(&t, rules).next())
        .and_then(Result::ok);
    let Some(r) = record else {
        return Entry {
            when: file_date(modified),
            path,
            kind,
            rules: None,
            players: ("?".into(), "?".into()),
            result: "?".into(),
            moves: 0,
            modified,
        };
    };
    let mut when = r.tag("Date").unwrap_or("").to_string();
    if let Some(t) = r.tag("Time").and_then(|t| t.get(..5)) {
        when.push(' ');
        when.push_str(t);
    }
    if when.is_empty() {
        when = file_date(modified);
    }
    let moves = (r.moves.len() + usize::from(r.start.side_to_move() != r.rules.first_to_move()))
        .div_ceil(2);
    Entry {
        path,
        kind,
        when,
        rules: Some(r.rules),
        players: (
            r.tag("White").unwrap_or("?").to_string(),
            r.tag("Black").unwrap_or("?").to_string(),
        ),
        result: r.tag("Result").unwrap_or("*").to_string(),
        moves,
        modified,
    }
}

/// A file's date, `YYYY.MM.DD` (UTC), for records without one.
fn file_date(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    crate::notation::date::date_of(secs)
}

/// Completes the path `text` as a shell's Tab does: the one name in its folder that starts
/// with what was typed (a folder gets its `/`), else what all such names share. `~/` is the
/// home folder, and is kept as typed.
pub fn complete(text: &str) -> String {
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty());
    let (shown_prefix, typed) = match (text.strip_prefix("~/"), &home) {
        (Some(rest), Some(_)) => ("~/", rest),
        _ => ("", text),
    };
    // The folder to look in and the start of the name (after the last `/`).
    let (dir_text, stem) = match typed.rfind('/') {
        Some(i) => (&typed[..=i], &typed[i + 1..]),
        None => ("", typed),
    };
    let dir = match (&home, shown_prefix, dir_text) {
        (Some(h), "~/", d) => PathBuf::from(h).join(d),
        (_, _, "") => PathBuf::from("."),
        (_, _, d) => PathBuf::from(d),
    };
    let Ok(rd) = std::fs::read_dir(&dir) else {
        return text.to_string();
    };
    let mut names: Vec<(String, bool)> = rd
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let is_dir = e.path().is_dir();
            (name.starts_with(stem) && (stem.starts_with('.') || !name.starts_with('.')))
                .then_some((name, is_dir))
        })
        .collect();
    names.sort();
    let done = match names.as_slice() {
        [] => return text.to_string(),
        [(name, is_dir)] => {
            let mut n = name.clone();
            if *is_dir {
                n.push('/');
            }
            n
        }
        many => {
            let first = &many[0].0;
            let mut len = first.len();
            for (n, _) in &many[1..] {
                len = len.min(
                    first
                        .char_indices()
                        .zip(n.chars())
                        .take_while(|((_, a), b)| a == b)
                        .last()
                        .map_or(0, |((i, a), _)| i + a.len_utf8()),
                );
            }
            first[..len].to_string()
        }
    };
    format!("{shown_prefix}{dir_text}{done}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tab_completes_a_path() {
        let d = std::env::temp_dir().join(format!("dama-complete-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("games")).unwrap();
        std::fs::write(d.join("game-one.pdn"), "").unwrap();
        std::fs::write(d.join("game-two.pdn"), "").unwrap();
        let base = d.display().to_string();
        assert_eq!(complete(&format!("{base}/gam")), format!("{base}/game"));
        assert_eq!(
            complete(&format!("{base}/game-o")),
            format!("{base}/game-one.pdn")
        );
        assert_eq!(complete(&format!("{base}/ga")), format!("{base}/game"));
        assert_eq!(complete(&format!("{base}/games")), format!("{base}/games/"));
        assert_eq!(
            complete(&format!("{base}/x")),
            format!("{base}/x"),
            "no match"
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}
