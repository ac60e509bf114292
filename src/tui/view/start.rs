//! The start screen: the menu in a box in the middle of the terminal.

use super::overlay::popup;
use super::theme::Theme;
use crate::tui::app::{App, FileFor, StartItem, StartMenu, StartOpening, StartSide};
use crate::tui::lang::{Msg, color};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

pub(super) fn start_screen(app: &App, menu: &StartMenu, area: Rect, buf: &mut Buffer) {
    if let Some((what, text)) = &menu.prompt {
        return file_chooser(app, menu, (*what, text), area, buf);
    }
    let theme = Theme::new(app.settings().look);
    let lang = app.lang();
    let t = |m: Msg| m.text(lang);
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let mark = Style::new().add_modifier(Modifier::REVERSED);
    let (left, right) = if theme.ascii() {
        ("<", ">")
    } else {
        ("◂", "▸")
    };
    let option = |v: &str| format!("{left} {v} {right}");
    let head = vec![
        Line::from(Span::styled(t(Msg::StartTitle), bold)),
        Line::from(""),
    ];
    // The menu's rows, and which of them the chosen item takes (kept in sight when the
    // terminal is too short for them all).
    let mut lines: Vec<Line> = Vec::new();
    let mut chosen = (0, 0);
    let current = menu.current();
    for item in menu.items() {
        let from = lines.len();
        let text = match item {
            StartItem::NewGame => t(Msg::StartNewGame).to_string(),
            StartItem::Rules => Msg::StartRules.fill(
                lang,
                &[&option(t(match menu.rules {
                    crate::rules::RuleSet::Italian => Msg::RulesItalian,
                    crate::rules::RuleSet::English => Msg::RulesEnglish,
                }))],
            ),
            StartItem::Side => Msg::StartSide.fill(
                lang,
                &[&option(match menu.side {
                    StartSide::White => color(lang, crate::rules::Color::White),
                    StartSide::Black => color(lang, crate::rules::Color::Black),
                    StartSide::Random => t(Msg::StartRandomSide),
                    StartSide::TwoPlayers => t(Msg::StartSideTwo),
                    StartSide::Watch => t(Msg::StartSideWatch),
                })],
            ),
            StartItem::Turn => Msg::StartTurn.fill(
                lang,
                &[&option(t(if menu.turn {
                    Msg::StartTurnYes
                } else {
                    Msg::StartTurnNo
                }))],
            ),
            // The engine against itself: the Level line is White's.
            StartItem::Level if menu.side == StartSide::Watch => Msg::StartWhiteLevel.fill(
                lang,
                &[&option(&Msg::StrengthLevel.fill(
                    lang,
                    &[&menu.level, &crate::engine::strength::LEVELS],
                ))],
            ),
            StartItem::BlackLevel => Msg::StartBlackLevel.fill(
                lang,
                &[&option(&Msg::StrengthLevel.fill(
                    lang,
                    &[&menu.black_level, &crate::engine::strength::LEVELS],
                ))],
            ),
            StartItem::Opening => Msg::StartOpening.fill(
                lang,
                &[&option(&match menu.opening {
                    StartOpening::Start => t(Msg::StartOpeningNone).to_string(),
                    StartOpening::RandomBallot => t(Msg::StartOpeningRandom).to_string(),
                    StartOpening::Ballot(n) => Msg::StartOpeningBallot
                        .fill(lang, &[&n, &crate::tui::ballots::count(menu.rules)]),
                })],
            ),
            StartItem::Level => Msg::StartLevel.fill(
                lang,
                &[&option(&crate::tui::lang::strength(
                    lang,
                    crate::engine::Strength::Level(menu.level),
                ))],
            ),
            StartItem::Clock => Msg::StartClock.fill(
                lang,
                &[&option(&crate::tui::lang::time_control(lang, menu.clock))],
            ),
            StartItem::Book => Msg::StartBook.fill(
                lang,
                &[&option(t(if menu.book {
                    Msg::StartBookYes
                } else {
                    Msg::StartBookNo
                }))],
            ),
            StartItem::Resume => {
                Msg::StartResume.fill(lang, &[&menu.kept.as_deref().unwrap_or("")])
            }
            StartItem::Editor => t(Msg::StartEditor).to_string(),
            StartItem::Load => t(Msg::StartLoad).to_string(),
            StartItem::Replay => t(Msg::StartReplay).to_string(),
            StartItem::Analysis => t(Msg::StartAnalysis).to_string(),
            StartItem::Training => {
                let level = menu
                    .train_level
                    .map_or(t(Msg::TrainingAllLevels), |l| l.text(lang));
                Msg::StartTraining.fill(lang, &[&option(level)])
            }
            StartItem::Quit => t(Msg::StartQuit).to_string(),
        };
        let style = if item == current { mark } else { Style::new() };
        // A long line (the kept game's description) goes on over the next ones, indented,
        // rather than being cut by the box's edge.
        let room = area.width.saturating_sub(4) as usize;
        let mut parts = wrap(&text, room);
        // An option's closing arrow does not go to a line of its own: the last word with it.
        let n = parts.len();
        if n >= 2
            && parts[n - 1].trim() == right
            && let Some((head, word)) = parts[n - 2].clone().rsplit_once(' ')
        {
            parts[n - 2] = head.to_string();
            parts[n - 1] = format!("{word} {right}");
        }
        for (i, part) in parts.into_iter().enumerate() {
            let part = if i == 0 { part } else { format!("    {part}") };
            lines.push(Line::from(Span::styled(part, style)));
        }
        if item == StartItem::Training
            && let Some(line) = super::training::start_line(menu, lang)
        {
            for part in wrap(&line, room) {
                lines.push(Line::from(Span::styled(part, dim)));
            }
        }
        if item == current {
            chosen = (from, lines.len());
        }
    }
    let body = lines;
    let mut lines = vec![Line::from("")];
    match &menu.prompt {
        Some((what, text)) => {
            let key = match what {
                FileFor::Load => Msg::StartFileLoad,
                FileFor::Replay => Msg::StartFileReplay,
            };
            lines.push(Line::from(key.fill(lang, &[text])));
            lines.push(Line::from(Span::styled(t(Msg::StartFileHint), dim)));
        }
        None => {
            // The keys on two lines rather than cut where the box is narrow (59 and 60
            // columns cut "q quits" and Italian's "q esce").
            let room = area.width.saturating_sub(4) as usize;
            for part in crate::tui::layout::wrap(t(Msg::StartKeys), room, room) {
                lines.push(Line::from(Span::styled(part, dim)));
            }
            // The bigger endgame tables and their cost (the 5-piece ones build themselves),
            // as wide as the menu, so the box does not grow for it.
            let menu_width = (head.iter().chain(&body).chain(&lines))
                .map(Line::width)
                .max()
                .unwrap_or(0)
                .max(40);
            let room = menu_width.min(area.width.saturating_sub(4) as usize);
            let note = if app.settings().table_prefs.build == Some(false) {
                wrap(t(Msg::StartTablesOff), room)
            } else {
                wrap(t(Msg::StartTables), room)
            };
            // The note gives way to an error where the screen has no room for both.
            let error_rows = menu
                .error
                .as_ref()
                .map_or(0, |e| wrap(e, area.width.saturating_sub(4) as usize).len());
            let used = head.len() + body.len() + lines.len();
            if used + note.len() + error_rows + 2 <= usize::from(area.height) {
                for part in note {
                    lines.push(Line::from(Span::styled(part, dim)));
                }
            }
        }
    }
    if let Some(e) = &menu.error {
        // Errors name files, which can be long: wrapped as the kept game's line is.
        let room = area.width.saturating_sub(4) as usize;
        for (i, part) in wrap(e, room).into_iter().enumerate() {
            let part = if i == 0 { part } else { format!("    {part}") };
            lines.push(Line::from(part));
        }
    }
    let rows = usize::from(area.height.saturating_sub(2));
    popup(
        area,
        " dama ",
        fit(head, body, lines, chosen, rows),
        &theme,
        buf,
    );
}

/// The start screen's lines in `rows`: all of them when they fit; else without the blank
/// lines, the title and the keys kept, and the menu scrolled so that the chosen item's
/// rows (`chosen`, a range of `body`) are in sight.
fn fit<'a>(
    head: Vec<Line<'a>>,
    body: Vec<Line<'a>>,
    tail: Vec<Line<'a>>,
    chosen: (usize, usize),
    rows: usize,
) -> Vec<Line<'a>> {
    if head.len() + body.len() + tail.len() <= rows {
        return head.into_iter().chain(body).chain(tail).collect();
    }
    let blank = |l: &Line| l.width() == 0;
    let head: Vec<Line> = head.into_iter().filter(|l| !blank(l)).collect();
    let mut tail: Vec<Line> = tail.into_iter().filter(|l| !blank(l)).collect();
    // The chosen item first, then the keys and the title as room allows.
    let need = chosen.1 - chosen.0;
    tail.truncate(rows.saturating_sub(need));
    let head_rows = head.len().min(rows.saturating_sub(need + tail.len()));
    let room = rows.saturating_sub(head_rows + tail.len()).max(need);
    let first = chosen.1.saturating_sub(room).min(chosen.0);
    head.into_iter()
        .take(head_rows)
        .chain(body.into_iter().skip(first).take(room))
        .chain(tail)
        .collect()
}

/// `text` in lines of at most `width` characters, split at spaces (the later lines leave four
/// columns for their indent).
fn wrap(text: &str, width: usize) -> Vec<String> {
    crate::tui::layout::wrap(text, width, width.saturating_sub(4))
}

/// Load and Replay: the games in the data folder, newest first (a window around the one
/// chosen), then the file name field (Tab completes), the keys and any error.
fn file_chooser(
    app: &App,
    menu: &StartMenu,
    (what, text): (FileFor, &str),
    area: Rect,
    buf: &mut Buffer,
) {
    use crate::tui::keep::list::Kind;
    let theme = Theme::new(app.settings().look);
    let lang = app.lang();
    let t = |m: Msg| m.text(lang);
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let mark = Style::new().add_modifier(Modifier::REVERSED);
    let room = area.width.saturating_sub(4) as usize;
    let cut = |s: String| -> String { s.chars().take(room).collect() };
    let mut lines = vec![
        Line::from(Span::styled(t(Msg::StartTitle), bold)),
        Line::from(""),
    ];
    let folder = app
        .settings()
        .autosave
        .as_deref()
        .and_then(std::path::Path::parent)
        .map(|d| super::overlay::fit_path(d, room.saturating_sub(30)));
    if let Some(folder) = folder.as_ref().filter(|_| menu.games.is_empty()) {
        lines.push(Line::from(cut(Msg::StartGamesNone.fill(lang, &[folder]))));
    } else if folder.is_none() {
        // No data folder at all (no home): nothing listed, only the field (this read "No
        // games in  yet.").
        lines.push(Line::from(cut(Msg::StartGamesNoFolder
            .text(lang)
            .to_string())));
    } else if let Some(folder) = &folder {
        lines.push(Line::from(cut(Msg::StartGamesTitle.fill(lang, &[folder]))));
        // Rows left for the list: the box's frame and the other lines take ten.
        let rows = usize::from(area.height).saturating_sub(10).max(1);
        let at = menu.pick.unwrap_or(0);
        let first = at
            .saturating_sub(rows - 1)
            .min(menu.games.len().saturating_sub(rows));
        for (i, g) in menu.games.iter().enumerate().skip(first).take(rows) {
            let rules = match g.rules {
                Some(crate::rules::RuleSet::Italian) => t(Msg::ShortItalian),
                Some(crate::rules::RuleSet::English) => t(Msg::ShortEnglish),
                None => "?",
            };
            let (w, b) = &g.players;
            let you = crate::tui::keep::PLAYER;
            let name = |n: &str| crate::tui::lang::player_name(lang, n);
            let opponent = if w == you {
                name(b)
            } else if b == you {
                name(w)
            } else {
                format!("{} - {}", name(w), name(b))
            };
            let kind = t(match g.kind {
                Kind::InPlay => Msg::KindInPlay,
                Kind::Unfinished => Msg::KindUnfinished,
                Kind::Archived => Msg::KindArchived,
                Kind::Saved => Msg::KindSaved,
            });
            let moves = Msg::ListMoves.fill(lang, &[&g.moves]);
            // The opponent's column takes what the others leave (they take 51), up to 30. In
            // a narrow box (under 61 columns: 59x11 cut the kind, "1 m. arch") the date goes
            // without its time, which gives the opponent six columns back.
            let short = room < 61;
            let when: String = if short {
                g.when.chars().take(10).collect()
            } else {
                g.when.clone()
            };
            let others = if short { 45 } else { 51 };
            let wide = room.saturating_sub(others).clamp(10, 30);
            let date = if short { 10 } else { 16 };
            let row = format!(
                "{when:<date$} {rules:<8} {:<wide$} {:<7} {moves:>5} {kind}",
                // Cut where it must be, marked, rather than running into the result.
                if opponent.chars().count() > wide {
                    let more = if theme.ascii() { "..." } else { "…" };
                    let keep = wide.saturating_sub(more.chars().count());
                    format!("{}{more}", opponent.chars().take(keep).collect::<String>())
                } else {
                    opponent
                },
                g.result
            );
            let style = if menu.pick == Some(i) {
                mark
            } else {
                Style::new()
            };
            lines.push(Line::from(Span::styled(cut(row), style)));
        }
    }
    lines.push(Line::from(""));
    let key = match what {
        FileFor::Load => Msg::StartFileLoad,
        FileFor::Replay => Msg::StartFileReplay,
    };
    let field = if menu.pick.is_none() {
        mark
    } else {
        Style::new()
    };
    lines.push(Line::from(Span::styled(
        cut(key.fill(lang, &[&text])),
        field,
    )));
    for part in wrap(t(Msg::StartListHint), room) {
        lines.push(Line::from(Span::styled(part, dim)));
    }
    if let Some(e) = &menu.error {
        for (i, part) in wrap(e, room).into_iter().enumerate() {
            let part = if i == 0 { part } else { format!("    {part}") };
            lines.push(Line::from(part));
        }
    }
    popup(area, " dama ", lines, &theme, buf);
}
