//! The start screen: the menu in a box in the middle of the terminal.

use super::overlay::popup;
use super::theme::Theme;
use crate::tui::app::{App, FileFor, StartItem, StartMenu, StartSide};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

pub(super) fn start_screen(app: &App, menu: &StartMenu, area: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.config().look);
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let mark = Style::new().add_modifier(Modifier::REVERSED);
    let (left, right) = if theme.ascii() {
        ("<", ">")
    } else {
        ("◂", "▸")
    };
    let option = |v: String| format!("{left} {v} {right}");
    let mut lines = vec![
        Line::from(Span::styled("dama: draughts in the terminal", bold)),
        Line::from(""),
    ];
    let current = menu.current();
    for item in menu.items() {
        let text = match item {
            StartItem::NewGame => "New game".to_string(),
            StartItem::Rules => format!(
                "  Rules    {}",
                option(
                    match menu.rules {
                        crate::rules::RuleSet::Italian => "Italian draughts",
                        crate::rules::RuleSet::English => "English draughts",
                    }
                    .to_string()
                )
            ),
            StartItem::Side => format!(
                "  You play {}",
                option(
                    match menu.side {
                        StartSide::White => "White",
                        StartSide::Black => "Black",
                        StartSide::Random => "a random colour",
                    }
                    .to_string()
                )
            ),
            StartItem::Level => format!(
                "  Engine   {}",
                option(format!(
                    "level {} of {}",
                    menu.level,
                    crate::engine::levels::LEVELS
                ))
            ),
            StartItem::Resume => format!(
                "Resume the kept game: {}",
                menu.kept.as_deref().unwrap_or("")
            ),
            StartItem::Load => "Load a saved game...".to_string(),
            StartItem::Replay => "Replay a game file...".to_string(),
            StartItem::Quit => "Quit".to_string(),
        };
        let style = if item == current { mark } else { Style::new() };
        lines.push(Line::from(Span::styled(text, style)));
    }
    lines.push(Line::from(""));
    match &menu.prompt {
        Some((what, text)) => {
            let what = match what {
                FileFor::Load => "Game to load",
                FileFor::Replay => "File to replay",
            };
            lines.push(Line::from(format!("{what}: {text}_")));
            lines.push(Line::from(Span::styled("Enter opens, Esc goes back", dim)));
        }
        None => lines.push(Line::from(Span::styled(
            "up/down choose, left/right change, Enter starts, q quits",
            dim,
        ))),
    }
    if let Some(e) = &menu.error {
        lines.push(Line::from(e.clone()));
    }
    popup(area, " dama ", lines, &theme, buf);
}
