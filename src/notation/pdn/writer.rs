//! Writing games as PDN: standard tags first, movetext wrapped at 80 columns.

use super::lexer::collapse;
use super::{PdnGame, STANDARD_TAGS};
use crate::notation::fen;
use crate::rules::Position;

/// Movetext lines are wrapped at this width.
pub const LINE_WIDTH: usize = 80;

/// A tag value between quotes: `\` and `"` escaped, line breaks (which a tag can't hold)
/// turned into spaces.
fn quote(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// Writes one game: the seven standard tags (`?` where unknown), `GameType`, `FEN` when the
/// game does not begin at the start position, the other tags as read, then the movetext
/// wrapped at 80 columns with comments, NAGs and variations, and the result.
pub fn write_game(g: &PdnGame) -> String {
    let mut out = String::new();
    for name in STANDARD_TAGS {
        let value = match name {
            "Result" => g.result.as_str().to_string(),
            "Date" => g.tag(name).unwrap_or("????.??.??").to_string(),
            _ => g.tag(name).unwrap_or("?").to_string(),
        };
        out.push_str(&format!("[{name} \"{}\"]\n", quote(&value)));
    }
    out.push_str(&format!("[GameType \"{}\"]\n", g.rules.pdn_game_type()));
    if g.start != Position::start(g.rules) {
        out.push_str(&format!("[FEN \"{}\"]\n", fen::write(&g.start)));
    }
    for (name, value) in &g.tags {
        let known = STANDARD_TAGS
            .iter()
            .chain(&["GameType", "FEN"])
            .any(|s| s.eq_ignore_ascii_case(name));
        if !known {
            out.push_str(&format!("[{name} \"{}\"]\n", quote(value)));
        }
    }
    let mut words: Vec<String> = Vec::new();
    let push_text = |words: &mut Vec<String>, open: &str, text: &str, close: &str| {
        // A `}` would end a comment early: a comment given by a player loses it.
        let text = if open == "{" {
            collapse(&text.replace('}', " "))
        } else {
            collapse(text)
        };
        // Split on spaces so that wrapping never needs a line longer than 80 columns; the
        // reader collapses whitespace, so the text reads back the same.
        let mut parts: Vec<String> = text.split(' ').map(str::to_string).collect();
        parts[0] = format!("{open}{}", parts[0]);
        let last = parts.len() - 1;
        parts[last] = format!("{}{close}", parts[last]);
        words.extend(parts);
    };
    for c in &g.intro {
        push_text(&mut words, "{", c, "}");
    }
    let mut restate = true;
    for (ply, m) in g.moves.iter().enumerate() {
        let (number, first) = g.move_number(ply);
        // The number stays on the line of its move.
        let mut word = if first {
            format!("{number}. ")
        } else if restate {
            format!("{number}... ")
        } else {
            String::new()
        };
        word.push_str(&m.mv.to_string());
        for (i, n) in m.nags.iter().enumerate() {
            // The first mark sticks to the move (`22-18!?`); numeric NAGs and any later mark
            // stand apart (`22-18 $3`, `22-18! !`), or two marks would read back as one (`!!`).
            if i > 0 || n.starts_with('$') {
                word.push(' ');
            }
            word.push_str(n);
        }
        words.push(word);
        restate = false;
        for c in &m.comments {
            push_text(&mut words, "{", c, "}");
            restate = true;
        }
        for v in &m.variations {
            push_text(&mut words, "(", v, ")");
            restate = true;
        }
    }
    words.push(g.result.as_str().to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Writes several games, separated by blank lines.
pub fn write_games(games: &[PdnGame]) -> String {
    games.iter().map(write_game).collect::<Vec<_>>().join("\n")
}
