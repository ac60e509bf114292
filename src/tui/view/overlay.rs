//! What covers the board: the help, a y/n question, the file name prompt, the list of games.

use super::RenderRef;
use super::theme::Theme;
use crate::tui::app::{App, Overlay};
use crate::tui::viewer::GameRow;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph};

/// The keys, as the help overlay lists them.
pub const KEYS: &[(&str, &str)] = &[
    ("arrows, hjkl", "move the cursor"),
    ("Enter, Space", "pick up a piece / put it down"),
    ("mouse click", "the same; right click lets go"),
    ("Esc", "let go of the piece"),
    ("u, Backspace", "take back a full move"),
    ("r", "redo a taken-back move"),
    ("t", "hint: the engine's move for you"),
    ("m", "move now: the engine plays its best so far"),
    ("+ / -", "engine stronger / weaker (depth or time)"),
    ("f", "flip the board"),
    ("c", "square numbers on/off"),
    ("e", "engine's score and line shown / hidden"),
    ("b", "bell at the engine's move on/off"),
    ("d", "offer a draw"),
    ("R", "resign"),
    ("N", "new game"),
    ("s", "save the game (PDN)"),
    ("q", "quit (asks first)  Ctrl-C: quit now"),
    ("?", "this help"),
];

/// The replay viewer's keys.
pub const REPLAY_KEYS: &[(&str, &str)] = &[
    ("left, right", "one ply back / forward"),
    ("Home, End", "the start / the end of the game"),
    ("[ and ]", "previous / next game of the file"),
    ("Tab", "the list of games"),
    ("p, Enter", "play on from here against the engine"),
    ("v", "review: the engine marks the mistakes"),
    ("x", "next mistake, with the better move"),
    ("f", "flip the board"),
    ("c", "square numbers on/off"),
    ("q, Esc", "quit"),
    ("?", "this help"),
];

pub(super) fn overlay(app: &App, area: Rect, theme: &Theme, buf: &mut Buffer) {
    match app.overlay() {
        Overlay::None => {}
        Overlay::Help if app.replay_viewer().is_some() => {
            let mut lines: Vec<Line> = REPLAY_KEYS
                .iter()
                .map(|(k, d)| Line::from(format!("{k:<14} {d}")))
                .collect();
            lines.push(Line::from(""));
            lines.push(Line::from("Any key closes this help."));
            popup(area, " Replay keys ", lines, theme, buf);
        }
        Overlay::Help => {
            let mut lines: Vec<Line> = KEYS
                .iter()
                .map(|(k, d)| Line::from(format!("{k:<14} {d}")))
                .collect();
            // The rules reminder only where it fits with every key (the box has a border).
            if lines.len() + 7 <= area.height as usize {
                lines.push(Line::from(""));
                lines.push(Line::from(
                    "Captures are compulsory; a chain is entered by its final square.",
                ));
                lines.push(Line::from(
                    "Draws: threefold repetition; 80 plies with no capture or man move",
                ));
                lines.push(Line::from(
                    "(a house rule of the Italian site the rules come from).",
                ));
            }
            lines.push(Line::from(""));
            lines.push(Line::from("Any key closes this help."));
            popup(area, " Keys ", lines, theme, buf);
        }
        Overlay::Games(at) => games_popup(app, *at, area, theme, buf),
        Overlay::GameEnd => game_end_popup(app, area, theme, buf),
        Overlay::Confirm(q) => popup(area, " Question ", vec![Line::from(q.text())], theme, buf),
        Overlay::SaveAs(text) => popup(
            area,
            " Save as ",
            vec![
                Line::from(format!("{text}_")),
                Line::from(""),
                Line::from("Enter saves, Esc cancels"),
            ],
            theme,
            buf,
        ),
    }
}

/// The replay viewer's list of games, a window of rows around the highlighted one.
fn games_popup(app: &App, at: usize, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let Some(v) = app.replay_viewer() else {
        return;
    };
    let rows = (area.height.saturating_sub(6) as usize).clamp(1, 20);
    let first = at
        .saturating_sub(rows / 2)
        .min(v.count().saturating_sub(rows));
    let width = (area.width.saturating_sub(8) as usize).min(70);
    let mark = Style::new().add_modifier(Modifier::REVERSED);
    let mut lines: Vec<Line> = Vec::new();
    for (i, g) in v.rows().iter().enumerate().skip(first).take(rows) {
        let text = match g {
            GameRow::Read {
                white,
                black,
                result,
            } => format!("{:>4}. {white} - {black}  {}", i + 1, result.as_str()),
            GameRow::Damaged(e) => format!("{:>4}. (cannot be read: {e})", i + 1),
        };
        let text: String = text.chars().take(width).collect();
        let style = if i == at { mark } else { Style::new() };
        lines.push(Line::from(Span::styled(format!("{text:<width$}"), style)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from("up/down choose, Enter opens, Esc closes"));
    let title = match v.count() {
        1 => " 1 game ".to_string(),
        n => format!(" {n} games "),
    };
    popup(area, &title, lines, theme, buf);
}

pub(super) fn popup(area: Rect, title: &str, lines: Vec<Line>, theme: &Theme, buf: &mut Buffer) {
    let want_w = lines.iter().map(Line::width).max().unwrap_or(10) as u16 + 4;
    let w = want_w.min(area.width);
    let h = (lines.len() as u16 + 2).min(area.height);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    Clear.render_ref(r, buf);
    Paragraph::new(lines)
        .block(
            // A column of space inside each side (the width above allows for it).
            Block::bordered()
                .border_set(theme.border())
                .padding(Padding::horizontal(1))
                .title(title.to_string()),
        )
        .render_ref(r, buf);
}

/// The end of the game: the result as PDN writes it, why, how long, and what next.
fn game_end_popup(app: &App, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let game = app.game();
    let Some(o) = game.outcome() else {
        return;
    };
    let rules = app.config().rules;
    let verdict = match o.winner() {
        Some(w) if w == app.config().human => "You win.",
        Some(_) => "You lose.",
        None => "A draw.",
    };
    let plies = game.ply();
    let moves = plies.div_ceil(2);
    let lines = vec![
        Line::from(format!("{}   {verdict}", o.pdn_result(rules))),
        Line::from(format!("{o}")),
        Line::from(format!(
            "after {moves} move{} ({plies} pl{})",
            if moves == 1 { "" } else { "s" },
            if plies == 1 { "y" } else { "ies" }
        )),
        Line::from(""),
        Line::from("n    play again (colours swapped)"),
        Line::from("r    review it with the engine"),
        Line::from("s    save the game"),
        Line::from("u    take back the last move"),
        Line::from("Esc  look at the final position"),
        Line::from("q    quit"),
    ];
    popup(area, " Game over ", lines, theme, buf);
}
