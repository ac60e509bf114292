//! The side panel (players, turn, pieces, move list, the engine's last search; or the replay
//! viewer's tags, moves and comments) and the status line.

use super::RenderRef;
use super::theme::Theme;
use crate::rules::{Color, Move, NO_PROGRESS_LIMIT};
use crate::tui::app::{App, Purpose, white_score_text};
use crate::tui::viewer::Viewer;
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
    let cfg = app.config();
    let game = app.game();
    let pos = game.position();
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let human = cfg.human;
    let engine_strength = match cfg.movetime {
        Some(t) => format!("{} ms a move", t.as_millis()),
        None => format!("depth {}", cfg.depth),
    };
    let rules_name = match cfg.rules {
        crate::rules::RuleSet::Italian => "Italian draughts",
        crate::rules::RuleSet::English => "English draughts",
    };
    let count = |c: Color| {
        let k = pos.kings_of(c).count();
        let n = pos.pieces_of(c).count();
        let who = if c == human { "you" } else { "engine" };
        let kings = if k > 0 {
            format!(" ({k}K)")
        } else {
            String::new()
        };
        let plural = if n == 1 { "" } else { "s" };
        Line::from(format!("{c} ({who}): {n} piece{plural}{kings}"))
    };
    let mut top = vec![
        Line::from(Span::styled(rules_name, bold)),
        count(Color::White),
        count(Color::Black),
        Line::from(format!("Engine {engine_strength}")),
    ];
    let turn = match game.outcome() {
        Some(o) => Line::from(Span::styled(format!("{o}"), bold)),
        None => {
            let side = pos.side_to_move();
            let who = if side == human { "you" } else { "engine" };
            Line::from(format!("{side} to move ({who})"))
        }
    };
    top.push(turn);
    // The draw rules' counters, once they matter (R-G3, R-G2).
    let quiet = game.draw_state().no_progress;
    if quiet >= 20 && game.outcome().is_none() {
        top.push(Line::from(format!(
            "No capture or man move: {quiet}/{NO_PROGRESS_LIMIT} plies"
        )));
    }
    let seen = game.repetitions();
    if seen >= 2 && game.outcome().is_none() {
        top.push(Line::from(format!(
            "This position has occurred {seen} times"
        )));
    }
    if app.eval_on() {
        let text = match app.last_search() {
            // The tables' exact result in words; a search score with its point of view.
            Some(s) if s.report.tables && s.white_score() == 0 => "Eval: draw (tables)".into(),
            Some(s) if s.report.tables => {
                format!("Eval: {} (tables)", white_score_text(s.white_score()))
            }
            Some(s) => format!("Eval: {} (White's view)", white_score_text(s.white_score())),
            None => "Eval: none yet".to_string(),
        };
        top.push(Line::from(text));
    }
    let rule: String = theme.rule().repeat(area.width.saturating_sub(2) as usize);
    top.push(Line::from(Span::styled(rule.clone(), dim)));

    let mut bottom = vec![Line::from(Span::styled(rule, dim))];
    match app.last_search() {
        Some(s) => {
            let r = &s.report;
            // "White +0.12" / "White wins in 3": whose view the score is in, and commas so
            // the numbers don't run together ("wins in 2 9 nodes").
            let score = s.white_score();
            let score = if crate::engine::is_decisive(score) {
                white_score_text(score)
            } else {
                format!("White {}", white_score_text(score))
            };
            let mut line = format!(
                "Engine d{}: {score}, {} nodes",
                r.depth,
                nodes_text(r.nodes)
            );
            // The narrowest panel drops the node count rather than cut it in half.
            if line.chars().count() + 2 > area.width as usize {
                line = format!("Engine d{}: {score}", r.depth);
            }
            bottom.push(Line::from(line));
            let pv: Vec<String> = r.pv.iter().take(8).map(Move::to_string).collect();
            bottom.push(Line::from(format!("Line: {}", pv.join(" "))));
        }
        None => bottom.push(Line::from(Span::styled("No engine search yet", dim))),
    }
    bottom.push(Line::from(Span::styled("? keys  q quit", dim)));

    let inner = panel_area(area, theme, buf);
    let game = app.game();
    let first = game.start().side_to_move() == cfg.rules.first_to_move();
    let texts: Vec<String> = game.moves().iter().map(Move::to_string).collect();
    let (list, _) = move_lines(&texts, first, None);
    stacked(inner, top, list, None, bottom, buf);
}

/// One half of a move-list row: the ply index and the move as written.
type MoveCell<'a> = Option<(usize, &'a str)>;

/// The move list: "  1. 22-18    10-14", numbered from the side that moves first, with the
/// move at index `current` (if any) shown reversed. Also returns the row of that move.
fn move_lines(
    moves: &[String],
    first_moves_first: bool,
    current: Option<usize>,
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
        return (vec![Line::from(Span::styled("No moves yet", dim))], 0);
    }
    let mut at = 0;
    let lines = rows
        .into_iter()
        .enumerate()
        .map(|(row, (n, pair))| {
            let mut spans = vec![Span::raw(format!("{n:>3}. "))];
            for (col, cell) in pair.iter().enumerate() {
                let (text, idx) = match cell {
                    Some((i, m)) => (m.to_string(), Some(*i)),
                    None if col == 0 => ("...".to_string(), None),
                    None => (String::new(), None),
                };
                let st = if idx.is_some() && idx == current {
                    at = row;
                    mark
                } else {
                    Style::new()
                };
                let pad = 11usize.saturating_sub(text.len());
                spans.push(Span::styled(text, st));
                if col == 0 {
                    spans.push(Span::raw(" ".repeat(pad)));
                }
            }
            Line::from(spans)
        })
        .collect();
    (lines, at)
}

/// A move's `!`/`?` marks as written, and the numeric NAGs that stand for them ($1-$6);
/// other NAGs have no short form and are left out.
fn marks(nags: &[String]) -> String {
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
fn stacked(
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
fn panel_area(area: Rect, theme: &Theme, buf: &mut Buffer) -> Rect {
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

pub(super) fn viewer_panel(app: &App, v: &Viewer, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let inner = panel_area(area, theme, buf);
    let rule: String = theme.rule().repeat(inner.width as usize);
    let mut top = vec![Line::from(Span::styled(
        format!("Replay: {}", v.name()),
        bold,
    ))];
    if v.count() > 1 {
        top.push(Line::from(format!(
            "Game {} of {}  ([ and ] change)",
            v.index() + 1,
            v.count()
        )));
    }
    let Some(r) = v.replay() else {
        let why = v
            .error()
            .map_or_else(|| "no game".to_string(), |e| e.to_string());
        top.push(Line::from(Span::styled(
            "This game could not be read:",
            bold,
        )));
        let bottom = vec![Line::from(Span::styled("[ ] another game  q quit", dim))];
        let lines: Vec<Line> = wrap_text(&why, inner.width as usize)
            .into_iter()
            .map(Line::from)
            .collect();
        stacked(inner, top, lines, None, bottom, buf);
        return;
    };
    let rec = r.record();
    let tag = |t: &str| rec.tag(t).unwrap_or("?").to_string();
    top.push(Line::from(format!("White: {}", tag("White"))));
    top.push(Line::from(format!("Black: {}", tag("Black"))));
    let mut extra = Vec::new();
    for t in ["Event", "Site", "Date", "Round"] {
        if let Some(val) = rec.tag(t).filter(|x| !x.is_empty() && *x != "?") {
            extra.push(format!("{t}: {val}"));
        }
    }
    for l in wrap_text(&extra.join("  "), inner.width as usize)
        .into_iter()
        .take(2)
    {
        top.push(Line::from(l));
    }
    let rules_name = match rec.rules {
        crate::rules::RuleSet::Italian => "Italian",
        crate::rules::RuleSet::English => "English",
    };
    top.push(Line::from(format!(
        "{rules_name}  result {}  ply {}/{}",
        rec.result.as_str(),
        r.ply(),
        r.len()
    )));
    if r.at_end() {
        for l in wrap_text(&r.ending(), inner.width as usize)
            .into_iter()
            .take(2)
        {
            top.push(Line::from(Span::styled(l, bold)));
        }
    } else {
        top.push(Line::from(format!("{} to move", app.side_to_move())));
    }
    top.push(Line::from(Span::styled(rule.clone(), dim)));
    // The annotator's marks stay with the moves (`22-18?`, `$4` as `??`).
    let moves: Vec<String> = rec
        .moves
        .iter()
        .map(|m| format!("{}{}", m.mv, marks(&m.nags)))
        .collect();
    let first = rec.start.side_to_move() == rec.rules.first_to_move();
    let current = r.ply().checked_sub(1);
    let (list, at) = move_lines(&moves, first, current);
    let comments: Vec<String> = match r.last_move() {
        Some(m) => m.comments.clone(),
        None => rec.intro.clone(),
    };
    let mut bottom = vec![Line::from(Span::styled(rule, dim))];
    for c in comments.iter().take(2) {
        for l in wrap_text(&format!("{{{c}}}"), inner.width as usize)
            .into_iter()
            .take(3)
        {
            bottom.push(Line::from(l));
        }
    }
    bottom.push(Line::from(Span::styled(
        "<-/-> step  Tab games  p play from here",
        dim,
    )));
    bottom.push(Line::from(Span::styled("? keys  q quit", dim)));
    stacked(inner, top, list, current.map(|_| at), bottom, buf);
}

/// Splits text into lines of at most `width` characters at spaces.
fn wrap_text(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

pub(super) fn status(app: &App, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let mut spans = Vec::new();
    if let Some((purpose, report)) = app.thinking() {
        let what = match purpose {
            Purpose::Move => "thinking",
            Purpose::Hint => "hint",
            Purpose::DrawOffer => "draw offer",
        };
        let mut s = format!("{} {what}", theme.spinner(app.tick()));
        if let Some(r) = report {
            let side = app.side_to_move();
            let white = if side == Color::White {
                r.score
            } else {
                -r.score
            };
            let score = if crate::engine::is_decisive(white) {
                white_score_text(white)
            } else {
                format!("White {}", white_score_text(white))
            };
            s.push_str(&format!(
                " d{}: {score}, {} nodes",
                r.depth,
                nodes_text(r.nodes)
            ));
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
    spans.push(Span::raw(msg));
    Paragraph::new(Line::from(spans)).render_ref(area, buf);
}

fn default_status(app: &App) -> String {
    if app.replay_viewer().is_some() {
        return "Replay: left/right step, Home/End jump, [ ] change game, p plays on from here"
            .into();
    }
    let game = app.game();
    if let Some(o) = game.outcome() {
        return format!("{o}");
    }
    if app.side_to_move() == app.config().human {
        if crate::rules::has_capture(game.position()) {
            "Your move: you must capture".into()
        } else {
            "Your move: arrows/hjkl and Enter, or click".into()
        }
    } else {
        "The engine is thinking".into()
    }
}
