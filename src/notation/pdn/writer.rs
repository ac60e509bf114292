//! Writing games as PDN: standard tags first, movetext wrapped at 80 columns.

use super::lexer::collapse;
use super::{PdnGame, PdnMove, STANDARD_TAGS, Variation};
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
    for c in &g.intro {
        push_comment(&mut words, c, false);
    }
    line_words(g, &g.moves, 0, false, &mut words);
    words.push(g.result.as_str().to_string());
    let mut line = String::new();
    for w in words {
        // A `;` comment runs to the end of its line: the line ends after it.
        let (w, ends_line) = match w.strip_suffix('\n') {
            Some(w) => (w.to_string(), true),
            None => (w, false),
        };
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
        if ends_line {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Pushes a comment as words (see [`write_game`]): `{text}`, or, when the text holds a `}`
/// (which would end a brace comment early), `;text` as one word that ends its line.
/// `one_line` output has no line ends: there a `}` gives way to a space.
fn push_comment(words: &mut Vec<String>, text: &str, one_line: bool) {
    if text.contains('}') && !one_line {
        words.push(format!("; {}\n", collapse(text)));
        return;
    }
    let text = collapse(&text.replace('}', " "));
    // Split on spaces so that wrapping never needs a line longer than 80 columns; the
    // reader collapses whitespace, so the text reads back the same.
    let mut parts: Vec<String> = text.split(' ').map(str::to_string).collect();
    parts[0] = format!("{{{}", parts[0]);
    let last = parts.len() - 1;
    parts[last] = format!("{}}}", parts[last]);
    words.extend(parts);
}

/// The words of a line of moves whose first is ply `first_ply` of the game: move numbers,
/// moves with their marks, comments and variations (each between parentheses, nested ones
/// inside). The reader bounds how deep variations nest, so the recursion is bounded too.
fn line_words(
    g: &PdnGame,
    moves: &[PdnMove],
    first_ply: usize,
    one_line: bool,
    words: &mut Vec<String>,
) {
    let mut restate = true;
    for (i, m) in moves.iter().enumerate() {
        let ply = first_ply + i;
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
            push_comment(words, c, one_line);
            restate = true;
        }
        for v in &m.variations {
            let from = words.len();
            for c in &v.intro {
                push_comment(words, c, one_line);
            }
            line_words(g, &v.moves, ply, one_line, words);
            if let Some(r) = v.result {
                words.push(r.as_str().to_string());
            }
            if words.len() == from {
                words.push("()".to_string());
            } else {
                words[from].insert(0, '(');
                let last = words.last_mut().expect("a word");
                if last.ends_with('\n') {
                    // After a `;` comment, on the next line.
                    words.push(")".to_string());
                } else {
                    last.push(')');
                }
            }
            restate = true;
        }
    }
}

/// A variation of `g` replacing ply `ply` as PDN movetext on one line, e.g.
/// `1. 22-18 10-14 {a main alternative} (1... 11-15)` (without its own parentheses).
pub fn variation_text(g: &PdnGame, ply: usize, v: &Variation) -> String {
    let mut words = Vec::new();
    for c in &v.intro {
        push_comment(&mut words, c, true);
    }
    line_words(g, &v.moves, ply, true, &mut words);
    if let Some(r) = v.result {
        words.push(r.as_str().to_string());
    }
    words.join(" ")
}

/// Writes several games, separated by blank lines.
pub fn write_games(games: &[PdnGame]) -> String {
    games.iter().map(write_game).collect::<Vec<_>>().join("\n")
}
