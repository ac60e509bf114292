//! The position editor's panel: the side to move, the pieces of each side, who will play it,
//! whether it can be played (or why not, live), the keys, the FEN being typed and the FEN
//! copied (always on screen, for selecting with the mouse where the terminal's clipboard
//! cannot be reached).

use super::RenderRef;
use super::theme::Theme;
use crate::tui::app::{App, Editor, StartSide};
use crate::tui::lang::{Msg, color};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

pub(super) fn editor_panel(app: &App, e: &Editor, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let area = super::panel::panel_area(area, theme, buf);
    let lang = app.lang();
    let t = |m: Msg| m.text(lang);
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let rules = match e.rules {
        crate::rules::RuleSet::Italian => t(Msg::RulesItalian),
        crate::rules::RuleSet::English => t(Msg::RulesEnglish),
    };
    let who = match e.play {
        StartSide::White | StartSide::Random => color(lang, crate::rules::Color::White),
        StartSide::Black => color(lang, crate::rules::Color::Black),
        StartSide::TwoPlayers => t(Msg::StartSideTwo),
        StartSide::Watch => t(Msg::StartSideWatch),
    };
    let level = Msg::StrengthLevel.fill(lang, &[&e.level, &crate::engine::strength::LEVELS]);
    let mut lines = vec![
        Line::from(Span::styled(
            format!("{} · {rules}", t(Msg::EditTitle)),
            bold,
        )),
        Line::from(Msg::SideToMove.fill(lang, &[&color(lang, e.side)])),
        // "White 1 piece, Black 3": the noun goes with White's number.
        Line::from(
            if e.count(crate::rules::Color::White) == 1 {
                Msg::EditCountsOne
            } else {
                Msg::EditCounts
            }
            .fill(
                lang,
                &[
                    &e.count(crate::rules::Color::White),
                    &e.count(crate::rules::Color::Black),
                ],
            ),
        ),
        Line::from(Msg::EditPlayAs.fill(lang, &[&who, &level])),
    ];
    // Checked as it stands, so the reason is on screen before `p` is pressed.
    lines.push(
        match crate::tui::app::check_edited(e.rules, &e.squares, e.side) {
            Ok(_) => Line::from(Span::styled(t(Msg::EditReady), bold)),
            Err(p) => Line::from(p.text(lang)),
        },
    );
    // The FEN being typed, or the one copied, before the keys: a short terminal cuts the
    // panel's foot, and these must stay on screen (typed blind, or not there to select).
    if let Some(text) = &e.prompt {
        lines.push(Line::from(""));
        lines.push(Line::from(Msg::EditFenField.fill(lang, &[text])));
    } else if let Some(fen) = &e.fen_shown {
        lines.push(Line::from(""));
        lines.push(Line::from(Msg::EditFenLine.fill(lang, &[fen])));
    }
    lines.push(Line::from(""));
    // `?` first: a short terminal cuts the list's end, and the help's box has it all.
    for k in [
        Msg::EditKeysHelp,
        Msg::EditKeys1,
        Msg::EditKeys2,
        Msg::EditKeys3,
        Msg::EditKeys4,
        Msg::EditKeys5,
        Msg::EditKeys6,
        // `n` was in no list on the board (QA pass 5): the square numbers, to set up a
        // position read by numbers.
        Msg::EditKeys7,
    ] {
        lines.push(Line::from(Span::styled(t(k), dim)));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render_ref(area, buf);
}
