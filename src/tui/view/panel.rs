//! The side panel while a game is played (players, turn, pieces, move list, the engine's last
//! search) and the status line; the parts the replay viewer's panel shares with it
//! ([`super::viewer_panel`]).

use super::RenderRef;
use super::theme::Theme;
use crate::rules::{Color, Move, NO_PROGRESS_LIMIT};
use crate::tui::app::{App, Players, Purpose};
use crate::tui::clock::clock_text;
use crate::tui::lang::white_score;
use crate::tui::lang::{Lang, Msg, color, who};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tc, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

/// Nodes as "950", "12.3k", "4.56M".
fn nodes_text(n: u64) -> String {
    if n < 10_000 {
        n.to_string()
    } else if n < 100_000 {
        format!("{:.1}k", n as f64 / 1e3)
    } else if n < 1_000_000 {
        format!("{:.0}k", n as f64 / 1e3)
    } else {
        format!("{:.2}M", n as f64 / 1e6)
    }
}

pub(super) fn panel(app: &App, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let cfg = app.settings();
    let game = app.game();
    let pos = game.position();
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let human = cfg.human;
    let lang = cfg.lang;
    let t = |m: Msg| m.text(lang);
    // Under a time control the engine plays on its clock, except a level below full
    // strength, which keeps its budget.
    let engine_strength = match cfg.time_control {
        Some(tc) if !cfg.strength.is_budget_level() => Msg::StrengthTime.fill(lang, &[&tc]),
        _ => crate::tui::lang::strength(lang, cfg.strength),
    };
    // Who plays each side: "you" and "engine", two players, or the engine twice.
    // (The engine against itself: each side's strength in place of "engine".)
    let who = |lang, c: Color, human| match cfg.players {
        Players::Engine => who(lang, c, human).to_string(),
        Players::TwoPlayers { .. } => t(Msg::APlayer).to_string(),
        Players::Watch { .. } => crate::tui::lang::strength(lang, app.strength_of(c)),
    };
    let strength_line = match cfg.players {
        Players::Engine => Msg::EngineStrength.fill(lang, &[&engine_strength]),
        Players::TwoPlayers { .. } => t(Msg::TwoPlayersLine).to_string(),
        Players::Watch { .. } => t(Msg::WatchLine).to_string(),
    };
    // Each side's clock: the time left under a time control, else the time used.
    let clock = app.clock();
    let clock_of = |c: Color| match clock.left(c) {
        Some(left) => clock_text(left, true),
        None => clock_text(clock.used(c), false),
    };
    let rules_name = match cfg.rules {
        crate::rules::RuleSet::Italian => t(Msg::RulesItalian),
        crate::rules::RuleSet::English => t(Msg::RulesEnglish),
    };
    let count = |c: Color| {
        let k = pos.kings_of(c).count();
        let n = pos.pieces_of(c).count();
        let kings = if k > 0 {
            Msg::KingsShort.fill(lang, &[&k])
        } else {
            String::new()
        };
        let key = if n == 1 {
            Msg::PiecesOne
        } else {
            Msg::PiecesMany
        };
        let args: [&dyn std::fmt::Display; 5] = [
            &color(lang, c),
            &who(lang, c, human),
            &n,
            &kings,
            &clock_of(c),
        ];
        // The narrowest panel drops words rather than cut the clock: "pieces", then whose.
        let room = area.width.saturating_sub(2) as usize;
        let mut line = key.fill(lang, &args);
        // (Numbers and names only: the same in every language.)
        if line.chars().count() > room {
            line = format!("{} ({}): {n}{kings}  {}", args[0], args[1], args[4]);
        }
        if line.chars().count() > room {
            line = format!("{}: {n}{kings}  {}", color(lang, c), clock_of(c));
        }
        Line::from(line)
    };
    // A line that may be longer than a narrow panel (60x20: 31 columns) goes on over a
    // second line rather than be cut: the draw counters' numbers come at their end.
    let width = area.width.saturating_sub(2) as usize;
    let wrapped = |text: &str, style: Style| -> Vec<Line<'static>> {
        wrap_text(text, width)
            .into_iter()
            .take(2)
            .map(|l| Line::from(Span::styled(l, style)))
            .collect()
    };
    let mut top = vec![
        Line::from(Span::styled(rules_name, bold)),
        count(Color::White),
        count(Color::Black),
    ];
    // Pieces each side has taken in this game (from its start position), once there are any.
    let start = game.start();
    let took = |c: Color| {
        let theirs = c.opposite();
        start
            .pieces_of(theirs)
            .count()
            .saturating_sub(pos.pieces_of(theirs).count())
    };
    let (tw, tb) = (took(Color::White), took(Color::Black));
    if tw + tb > 0 {
        top.extend(wrapped(&Msg::Taken.fill(lang, &[&tw, &tb]), Style::new()));
    }
    top.extend(wrapped(&strength_line, Style::new()));
    match game.outcome() {
        // The reason may be longer than the narrow panel: two lines rather than cut.
        Some(o) => top.extend(wrapped(&crate::tui::lang::outcome(lang, o), bold)),
        None => {
            let side = pos.side_to_move();
            top.extend(wrapped(
                &Msg::ToMove.fill(lang, &[&color(lang, side), &who(lang, side, human)]),
                Style::new(),
            ));
        }
    }
    // The draw rules' counters, once they matter (R-G3, R-G2).
    let quiet = game.draw_state().no_progress;
    if quiet >= 20 && game.outcome().is_none() {
        top.extend(wrapped(
            &Msg::NoProgress.fill(lang, &[&quiet, &NO_PROGRESS_LIMIT]),
            Style::new(),
        ));
    }
    let seen = game.repetitions();
    if seen >= 2 && game.outcome().is_none() {
        top.extend(wrapped(&Msg::Occurred.fill(lang, &[&seen]), Style::new()));
    }
    // Once the game is over the engine's last search (of the position before the last move)
    // says nothing more: "wins in 1 ply" and a line of the move already played only confuse.
    let over = game.outcome().is_some();
    if app.eval_on() && !over {
        let text = match app.last_search() {
            // The tables' exact result in words; a search score with its point of view.
            Some(s) if s.report.tables && s.white_score() == 0 => {
                t(Msg::EvalTablesDraw).to_string()
            }
            Some(s) if s.report.tables => {
                Msg::EvalTables.fill(lang, &[&white_score(lang, s.white_score())])
            }
            Some(s) if s.report.is_book() => {
                Msg::EvalBook.fill(lang, &[&white_score(lang, s.white_score())])
            }
            Some(s) => Msg::EvalLine.fill(lang, &[&white_score(lang, s.white_score())]),
            None => t(Msg::EvalNone).to_string(),
        };
        top.extend(wrapped(&text, Style::new()));
    }
    // The tables built in the background: two lines at most, rather than cut.
    if let Some(text) = app.table_build_line() {
        top.extend(wrapped(&text, dim));
    }
    let rule: String = theme.rule().repeat(area.width.saturating_sub(2) as usize);
    top.push(Line::from(Span::styled(rule.clone(), dim)));

    let mut bottom = vec![Line::from(Span::styled(rule, dim))];
    match app.last_search() {
        _ if over => {}
        // `e` hides the engine's judgement everywhere: the score and the line it expects.
        Some(s) if !app.eval_on() => {
            let r = &s.report;
            bottom.push(Line::from(if r.is_book() {
                t(Msg::EngineBookHidden).to_string()
            } else {
                Msg::EngineNodes.fill(lang, &[&r.depth, &nodes_text(r.nodes)])
            }));
            bottom.push(Line::from(Span::styled(t(Msg::EvalHiddenShows), dim)));
        }
        Some(s) => {
            let r = &s.report;
            // "White +0.12" / "White wins in 3": whose view the score is in, and commas so
            // the numbers don't run together ("wins in 2 9 nodes").
            let score = s.white_score();
            let score = if crate::engine::is_decisive(score) {
                white_score(lang, score)
            } else {
                Msg::WhiteScore.fill(lang, &[&white_score(lang, score)])
            };
            let mut line = Msg::EngineLine.fill(lang, &[&r.depth, &score, &nodes_text(r.nodes)]);
            if r.is_book() {
                line = Msg::EngineBook.fill(lang, &[&score]);
            }
            // The narrowest panel drops the node count rather than cut it in half.
            if line.chars().count() + 2 > area.width as usize && !r.is_book() {
                line = Msg::EngineLineShort.fill(lang, &[&r.depth, &score]);
            }
            bottom.push(Line::from(line));
            let pv: Vec<String> = r.pv.iter().take(8).map(Move::to_string).collect();
            let room = (area.width as usize).saturating_sub(2);
            let more = if theme.ascii() { "..." } else { "…" };
            bottom.push(Line::from(fit_words(t(Msg::LinePrefix), &pv, room, more)));
        }
        None => bottom.push(Line::from(Span::styled(t(Msg::NoSearchYet), dim))),
    }
    bottom.push(Line::from(Span::styled(t(Msg::KeysQuit), dim)));

    let inner = panel_area(area, theme, buf);
    let game = app.game();
    let first = game.start().side_to_move() == cfg.rules.first_to_move();
    let texts: Vec<String> = game.moves().iter().map(Move::to_string).collect();
    let (mut list, _) = move_lines(&texts, first, None, inner.width as usize, lang);
    // The result closes the move list, as in a PDN record.
    if let Some(o) = game.outcome() {
        list.push(Line::from(Span::styled(
            format!("     {}", o.pdn_result(cfg.rules)),
            bold,
        )));
    }
    stacked(inner, top, list, None, bottom, buf);
}

/// One half of a move-list row: the ply index and the move as written.
type MoveCell<'a> = Option<(usize, &'a str)>;

/// The move list: "  1. 22-18    10-14", numbered from the side that moves first, with the
/// move at index `current` (if any) shown reversed. Also returns the row of that move.
///
/// The first column is as wide as its longest move (a long capture such as `22x13x6x15x22`
/// would run into the reply); where that leaves no room in `width` for a reply, the reply
/// goes on a line of its own under its column.
pub(super) fn move_lines(
    moves: &[String],
    first_moves_first: bool,
    current: Option<usize>,
    width: usize,
    lang: Lang,
) -> (Vec<Line<'static>>, usize) {
    let offset = usize::from(!first_moves_first);
    let mark = Style::new().add_modifier(Modifier::REVERSED);
    let mut rows: Vec<(usize, [MoveCell; 2])> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let k = i + offset;
        let (num, col) = (k / 2 + 1, k % 2);
        if col == 0 || rows.is_empty() {
            rows.push((num, [None, None]));
        }
        if let Some(last) = rows.last_mut() {
            last.1[col] = Some((i, m.as_str()));
        }
    }
    if rows.is_empty() {
        let dim = Style::new().add_modifier(Modifier::DIM);
        return (
            vec![Line::from(Span::styled(Msg::NoMovesYet.text(lang), dim))],
            0,
        );
    }
    let len = |c: &MoveCell| c.map_or(3, |(_, m)| m.chars().count());
    let col = rows
        .iter()
        .map(|(_, [a, _])| len(a) + 2)
        .max()
        .unwrap_or(0)
        .max(11);
    let second = rows.iter().map(|(_, [_, b])| len(b)).max().unwrap_or(0);
    // "  1. " then the columns; too wide for the panel, only the long rows change.
    let col = if 5 + col + second <= width { col } else { 11 };
    let mut at = 0;
    let mut lines = Vec::new();
    for (n, pair) in rows {
        let mut spans = vec![Span::raw(format!("{n:>3}. "))];
        for (c, cell) in pair.iter().enumerate() {
            let (text, idx) = match cell {
                Some((i, m)) => (m.to_string(), Some(*i)),
                None if c == 0 => ("...".to_string(), None),
                None => (String::new(), None),
            };
            if c == 1 && text.is_empty() {
                break;
            }
            let st = if idx.is_some() && idx == current {
                at = lines.len();
                mark
            } else {
                Style::new()
            };
            let used = text.chars().count();
            spans.push(Span::styled(text, st));
            if c == 0 {
                if used + 1 > col {
                    // The reply on its own line, under its column.
                    lines.push(Line::from(std::mem::take(&mut spans)));
                    spans.push(Span::raw(" ".repeat(5 + col)));
                } else {
                    spans.push(Span::raw(" ".repeat(col - used)));
                }
            }
        }
        lines.push(Line::from(spans));
    }
    (lines, at)
}

/// A move's `!`/`?` marks as written, and the numeric NAGs that stand for them ($1-$6);
/// other NAGs have no short form and are left out.
pub(super) fn marks(nags: &[String]) -> String {
    nags.iter()
        .filter_map(|n| match n.as_str() {
            "$1" => Some("!"),
            "$2" => Some("?"),
            "$3" => Some("!!"),
            "$4" => Some("??"),
            "$5" => Some("!?"),
            "$6" => Some("?!"),
            t if !t.is_empty() && t.chars().all(|c| c == '!' || c == '?') => Some(t),
            _ => None,
        })
        .collect()
}

/// Fills `area` with `top`, then as much of `list` as fits (keeping row `focus` visible,
/// else showing its end), then `bottom` at the foot.
pub(super) fn stacked(
    area: Rect,
    top: Vec<Line<'static>>,
    list: Vec<Line<'static>>,
    focus: Option<usize>,
    mut bottom: Vec<Line<'static>>,
    buf: &mut Buffer,
) {
    // In a short terminal the list keeps two rows (the last moves matter more than the key
    // reminder or the engine's line): the bottom lines give way from its end, down to two.
    let want = list.len().min(2);
    while bottom.len() > 2 && (area.height as usize).saturating_sub(top.len() + bottom.len()) < want
    {
        bottom.pop();
    }
    let fixed = (top.len() + bottom.len()) as u16;
    let list_h = area.height.saturating_sub(fixed) as usize;
    let skip = match focus {
        Some(f) if f >= list_h => f + 1 - list_h,
        Some(_) => 0,
        None => list.len().saturating_sub(list_h),
    };
    let mut lines = top;
    let shown: Vec<Line> = list.into_iter().skip(skip).take(list_h).collect();
    let pad = list_h - shown.len();
    lines.extend(shown);
    lines.extend(std::iter::repeat_n(Line::from(""), pad));
    lines.extend(bottom);
    Paragraph::new(lines).render_ref(area, buf);
}

/// Draws the panel's left rule and returns the room inside it.
pub(super) fn panel_area(area: Rect, theme: &Theme, buf: &mut Buffer) -> Rect {
    let dim = Style::new().add_modifier(Modifier::DIM);
    let block = Block::new()
        .borders(Borders::LEFT)
        .border_set(theme.border())
        .border_style(dim);
    let inner = block.inner(area);
    block.render_ref(area, buf);
    Rect::new(
        inner.x + 1,
        inner.y,
        inner.width.saturating_sub(1),
        inner.height,
    )
}

/// `prefix` and as many of `words` as fit in `width` characters, each whole; when some are
/// left out, `more` (an ellipsis) ends the line instead of half a move.
pub(super) fn fit_words(prefix: &str, words: &[String], width: usize, more: &str) -> String {
    let mut line = prefix.to_string();
    for (i, w) in words.iter().enumerate() {
        let rest = if i + 1 < words.len() {
            1 + more.chars().count()
        } else {
            0
        };
        if line.chars().count() + 1 + w.chars().count() + rest > width {
            line.push(' ');
            line.push_str(more);
            return line;
        }
        line.push(' ');
        line.push_str(w);
    }
    line
}

/// Splits text into lines of at most `width` characters at spaces.
pub(super) fn wrap_text(text: &str, width: usize) -> Vec<String> {
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if words.is_empty() {
        return Vec::new();
    }
    crate::tui::layout::wrap(&words, width, width)
}

/// A line of keys (groups such as `space: engine` set apart by two spaces) wrapped to
/// `width` between its groups, so that no group is split over two lines ("move space:" /
/// "engine"); a group wider than `width` alone is wrapped by its words.
pub(super) fn wrap_groups(text: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for group in text.split("  ").map(str::trim).filter(|g| !g.is_empty()) {
        let n = line.chars().count();
        if n > 0 && n + 2 + group.chars().count() <= width {
            line.push_str("  ");
            line.push_str(group);
            continue;
        }
        if n > 0 {
            out.push(std::mem::take(&mut line));
        }
        if group.chars().count() <= width {
            line = group.to_string();
        } else {
            let mut parts = wrap_text(group, width);
            line = parts.pop().unwrap_or_default();
            out.extend(parts);
        }
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

pub(super) fn status(app: &App, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let mut spans = Vec::new();
    let lang = app.lang();
    if let Some((purpose, report)) = app.thinking() {
        let what = match purpose {
            Purpose::Move => Msg::Thinking,
            Purpose::Hint => Msg::HintPurpose,
            Purpose::DrawOffer => Msg::DrawPurpose,
            Purpose::Review(_) => Msg::ReviewPurpose,
            Purpose::Analysis => Msg::AnalysisPurpose,
            Purpose::Training(_) => Msg::TrainingPurpose,
        }
        .text(lang);
        let mut s = format!("{} {what}", theme.spinner(app.tick()));
        if let Some(r) = report.filter(|_| !app.eval_on()) {
            s.push_str(&Msg::StatusNodes.fill(lang, &[&r.depth, &nodes_text(r.nodes)]));
        } else if let Some(r) = report {
            let side = app.side_to_move();
            let white = if side == Color::White {
                r.score
            } else {
                -r.score
            };
            let score = if crate::engine::is_decisive(white) {
                white_score(lang, white)
            } else {
                Msg::WhiteScore.fill(lang, &[&white_score(lang, white)])
            };
            s.push_str(&Msg::StatusScore.fill(lang, &[&r.depth, &score, &nodes_text(r.nodes)]));
        }
        // Plain ASCII in --ascii, like every other line there.
        s.push_str(if theme.ascii() { " | " } else { " │ " });
        let st = if theme.colour() {
            Style::new().fg(Tc::Rgb(220, 180, 40))
        } else {
            Style::new()
        };
        spans.push(Span::styled(s, st));
    }
    let msg = if app.message().is_empty() {
        default_status(app)
    } else {
        app.message().to_string()
    };
    let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
    let more = if theme.ascii() { "..." } else { "…" };
    spans.push(Span::raw(fit_status(
        &msg,
        (area.width as usize).saturating_sub(used),
        more,
    )));
    Paragraph::new(Line::from(spans)).render_ref(area, buf);
}

/// `text` in `width` columns: a file's path too long for the line loses its start (the file's
/// name is what matters), marked with `more`; what still does not fit is cut at the end, marked.
pub(super) fn fit_status(text: &str, width: usize, more: &str) -> String {
    let len = |s: &str| s.chars().count();
    if len(text) <= width {
        return text.to_string();
    }
    let mut words: Vec<String> = text.split(' ').map(str::to_string).collect();
    // The longest path first, shortened by what the line is over, keeping at least its
    // last two parts' worth.
    if let Some(i) = (0..words.len())
        .filter(|&i| words[i].contains('/'))
        .max_by_key(|&i| len(&words[i]))
    {
        let over = len(text) - width;
        let w = &words[i];
        let name = w.rsplit('/').next().unwrap_or(w);
        let keep = len(w)
            .saturating_sub(over + len(more))
            .max(len(name) + 1)
            .min(len(w));
        if keep < len(w) {
            let tail: String = w.chars().skip(len(w) - keep).collect();
            words[i] = format!("{more}{tail}");
        }
    }
    let joined = words.join(" ");
    if len(&joined) <= width {
        return joined;
    }
    let cut: String = joined
        .chars()
        .take(width.saturating_sub(len(more)))
        .collect();
    format!("{cut}{more}")
}

fn default_status(app: &App) -> String {
    let lang = app.lang();
    if app.replay_viewer().is_some() {
        return Msg::DefaultReplay.text(lang).into();
    }
    if app.analysis().is_some() {
        return Msg::AnalysisOpened.text(lang).into();
    }
    if app.editor().is_some() {
        return Msg::EditOpened.text(lang).into();
    }
    if let Some(t) = app.training_state() {
        return super::training::default_status(t, lang);
    }
    let game = app.game();
    if let Some(o) = game.outcome() {
        return crate::tui::lang::outcome(lang, o);
    }
    if app.paused() {
        return Msg::WatchPaused.text(lang).into();
    }
    if let Players::TwoPlayers { .. } = app.players() {
        let side = crate::tui::lang::color(lang, app.side_to_move());
        return Msg::SideToMove.fill(lang, &[&side]);
    }
    let key = if !app.person_to_move() {
        Msg::EngineThinking
    } else if crate::rules::has_capture(game.position()) {
        Msg::YourMoveCapture
    } else {
        Msg::YourMove
    };
    key.text(lang).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    /// QA pass 5: the analysis board's keys wrapped by words read "move space:" / "engine";
    /// they wrap between their groups, and a group wider than the panel by its words.
    #[test]
    fn keys_wrap_between_their_groups() {
        let keys = "arrows: tree  hjkl Enter/mouse: move  space: engine  +/-: lines";
        assert_eq!(
            wrap_groups(keys, 46),
            [
                "arrows: tree  hjkl Enter/mouse: move",
                "space: engine  +/-: lines"
            ]
        );
        assert_eq!(wrap_groups(keys, 100), [keys]);
        assert_eq!(
            wrap_groups("ab  a very long group here", 10),
            ["ab", "a very", "long group", "here"]
        );
        for w in [20, 31, 46] {
            for line in wrap_groups(keys, w) {
                assert!(line.chars().count() <= w, "{line:?} at {w}");
            }
        }
    }

    /// A long capture widens the first column where the panel has room, and puts the reply on
    /// a line of its own where it has not: never "22x13x6x15x221-5".
    #[test]
    fn a_long_capture_keeps_the_columns_apart() {
        let moves: Vec<String> = ["22x13x6x15x22", "1-5", "22-18", "5-9"]
            .map(String::from)
            .to_vec();
        let (wide, _) = move_lines(&moves, true, None, 40, Lang::En);
        assert_eq!(
            texts(&wide),
            ["  1. 22x13x6x15x22  1-5", "  2. 22-18          5-9"]
        );
        let (narrow, at) = move_lines(&moves, true, Some(1), 20, Lang::En);
        assert_eq!(
            texts(&narrow),
            [
                "  1. 22x13x6x15x22",
                "                1-5",
                "  2. 22-18      5-9"
            ]
        );
        assert_eq!(at, 1, "the reply's own line is the marked row");
    }
}

#[cfg(test)]
mod fit_tests {
    use super::fit_status;

    /// QA 6: a message naming a file keeps the file's name when the line is short: the path
    /// loses its start, marked; other text is cut at the end, marked.
    #[test]
    fn a_long_path_keeps_its_file_name() {
        let msg = "Saved to /tmp/qahome/data/dama/dama-italian-2026.12.06-1.pdn";
        let got = fit_status(msg, 50, "…");
        assert!(got.chars().count() <= 50, "{got}");
        assert!(got.starts_with("Saved to …"), "{got}");
        assert!(got.ends_with("/dama-italian-2026.12.06-1.pdn"), "{got}");
        assert_eq!(fit_status(msg, 80, "…"), msg);
        let plain = "left/right step, Tab other line, r retry, n next, q back";
        let got = fit_status(plain, 30, "...");
        assert_eq!(got.chars().count(), 30);
        assert!(got.ends_with("..."), "{got}");
    }
}
