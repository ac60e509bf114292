//! What covers the board: the help, a y/n question, the file name prompt, the list of games.

use super::RenderRef;
use super::theme::Theme;
use crate::tui::app::{App, Overlay};
use crate::tui::lang::{Lang, Msg};
use crate::tui::viewer::GameRow;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph};

/// The keys, as the help overlay lists them (in English; [`Lang::keys`] for each language).
pub const KEYS: &[(&str, &str)] = crate::tui::lang::EN_KEYS;

/// The replay viewer's keys (in English; [`Lang::replay_keys`] for each language).
pub const REPLAY_KEYS: &[(&str, &str)] = crate::tui::lang::EN_REPLAY_KEYS;

pub(super) fn overlay(app: &App, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let lang = app.lang();
    let t = |m: Msg| m.text(lang);
    match app.overlay() {
        Overlay::None => {}
        Overlay::Help => {
            let replay = app.replay_viewer().is_some();
            let pages =
                crate::tui::app::help_pages_of(lang, app.help_keys(), area.width, area.height);
            let page = pages
                .get(app.help_page())
                .or(pages.last())
                .cloned()
                .unwrap_or_default();
            let lines: Vec<Line> = page.into_iter().map(Line::from).collect();
            let title = if app.editor().is_some() {
                Msg::EditorKeysTitle
            } else if app.analysis().is_some() {
                Msg::AnalysisKeysTitle
            } else if app.training_state().is_some() {
                Msg::TrainingKeysTitle
            } else if replay {
                Msg::ReplayKeysTitle
            } else {
                Msg::HelpTitle
            };
            popup(area, t(title), lines, theme, buf);
        }
        Overlay::Games(at) => games_popup(app, *at, area, theme, buf),
        Overlay::GameEnd => game_end_popup(app, area, theme, buf),
        // Wrapped to the screen: the answer keys come last and must not be cut off.
        Overlay::Confirm(q) => popup(
            area,
            t(Msg::QuestionTitle),
            crate::tui::layout::wrap(q.text(lang), width_inside(area), width_inside(area))
                .into_iter()
                .map(Line::from)
                .collect(),
            theme,
            buf,
        ),
        Overlay::SaveAs(text) => popup(
            area,
            t(Msg::SaveAsTitle),
            vec![
                Line::from(field_tail(
                    text,
                    area.width.saturating_sub(4) as usize,
                    theme,
                )),
                Line::from(""),
                Line::from(t(Msg::SaveAsHint)),
            ],
            theme,
            buf,
        ),
    }
}

/// A typed field with its cursor, cut at the start (marked) when it is wider than `width`:
/// the end, where the typing goes, stays in sight.
fn field_tail(text: &str, width: usize, theme: &Theme) -> String {
    let n = text.chars().count();
    if n < width || width < 3 {
        return format!("{text}_");
    }
    let more = if theme.ascii() { "<" } else { "…" };
    let keep: String = text.chars().skip(n + 2 - width).collect();
    format!("{more}{keep}_")
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
    let lang = app.lang();
    let mut lines: Vec<Line> = Vec::new();
    for (i, g) in v.rows().iter().enumerate().skip(first).take(rows) {
        let text = match g {
            GameRow::Read {
                white,
                black,
                result,
            } => format!(
                "{:>4}. {} - {}  {}",
                i + 1,
                crate::tui::lang::player_name(lang, white),
                crate::tui::lang::player_name(lang, black),
                result.as_str()
            ),
            GameRow::Damaged(e) => format!(
                "{:>4}. {}",
                i + 1,
                Msg::CannotBeRead.fill(lang, &[&crate::tui::lang::pdn_error(lang, e)])
            ),
        };
        let text: String = text.chars().take(width).collect();
        let style = if i == at { mark } else { Style::new() };
        lines.push(Line::from(Span::styled(format!("{text:<width$}"), style)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Msg::GamesHint.text(lang)));
    let title = match v.count() {
        1 => Msg::OneGame.text(lang).to_string(),
        n => Msg::NGames.fill(lang, &[&n]),
    };
    popup(area, &title, lines, theme, buf);
}

/// The widest text a popup holds in `area` (its borders and a column of space each side).
fn width_inside(area: Rect) -> usize {
    usize::from(area.width.saturating_sub(4)).max(1)
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
    let rules = app.settings().rules;
    let lang: Lang = app.lang();
    let t = |m: Msg| m.text(lang);
    let verdict = match o.winner() {
        // Said to the one player only; two players, or the engine twice, by colour.
        Some(w) if app.players() != crate::tui::app::Players::Engine => {
            Msg::SideWins.fill(lang, &[&crate::tui::lang::color(lang, w)])
        }
        Some(w) if w == app.settings().human => t(Msg::YouWin).to_string(),
        Some(_) => t(Msg::YouLose).to_string(),
        None => t(Msg::ADraw).to_string(),
    };
    let plies = game.ply();
    let moves = plies.div_ceil(2);
    let mut lines = vec![
        Line::from(format!("{}   {verdict}", o.pdn_result(rules))),
        Line::from(crate::tui::lang::outcome(lang, o)),
        Line::from(Msg::After.fill(
            lang,
            &[
                &crate::tui::lang::moves(lang, moves as u64),
                &crate::tui::lang::plies(lang, plies as u64),
            ],
        )),
    ];
    // Where the game was archived: it is never lost, whatever key closes the dialog.
    if let Some(a) = app.archived() {
        use crate::tui::keep::Archived;
        lines.push(Line::from(match a {
            // "<folder> is a file, not a folder" rather than the system's "File exists".
            Archived::Failed(p, e) => {
                Msg::ArchiveFailed.fill(lang, &[&crate::tui::keep::failure_reason(lang, p, e)])
            }
            _ => t(Msg::ArchivedIn).to_string(),
        }));
        let room = usize::from(area.width.saturating_sub(4));
        lines.push(Line::from(fit_path(a.path(), room)));
    }
    // A key a line where the terminal has the rows (the border takes two); else all of them
    // in a few lines, so that a short terminal (59x11) still shows every key, `q` included.
    if lines.len() + 7 + 2 <= usize::from(area.height) {
        lines.extend([
            Line::from(""),
            Line::from(t(if app.players() == crate::tui::app::Players::Engine {
                Msg::EndPlayAgain
            } else {
                Msg::EndPlayAgainTwo
            })),
            Line::from(t(Msg::EndReview)),
            Line::from(t(Msg::EndSave)),
            Line::from(t(Msg::EndUndo)),
            Line::from(t(Msg::EndLook)),
            Line::from(t(Msg::EndQuit)),
        ]);
    } else {
        // Each key with its word ("Esc look") stays on one line.
        let room = usize::from(area.width.saturating_sub(4));
        let mut row = String::new();
        for item in t(Msg::EndKeysShort).split("  ") {
            if !row.is_empty() && row.chars().count() + 2 + item.chars().count() > room {
                lines.push(Line::from(std::mem::take(&mut row)));
            }
            if !row.is_empty() {
                row.push_str("  ");
            }
            row.push_str(item);
        }
        lines.push(Line::from(row));
    }
    popup(area, t(Msg::GameOverTitle), lines, theme, buf);
}

/// `path` in at most `room` columns: the home folder as `~`, then, if still too long, its
/// end (the file name is what tells games apart) after an ellipsis.
pub(super) fn fit_path(path: &std::path::Path, room: usize) -> String {
    let mut text = path.display().to_string();
    if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty())
        && let Ok(rest) = path.strip_prefix(&home)
    {
        text = format!("~/{}", rest.display());
    }
    let n = text.chars().count();
    if n <= room || room < 2 {
        return text;
    }
    let tail: String = text.chars().skip(n + 1 - room).collect();
    format!("…{tail}")
}
