//! Drawing: `draw(frame, &App)` paints the board, the side panel, the status line and any
//! overlay. It reads the app and the game and changes nothing.

use crate::rules::{Color, Kind, Move, Piece, Square};
use crate::tui::app::{App, Look, Overlay, Purpose, white_score_text};
use crate::tui::layout::{MIN_HEIGHT, MIN_WIDTH, Screen};
use crate::tui::viewer::Viewer;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tc, Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

/// Paints the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    render(app, area, buf);
}

/// Paints into a buffer (the tests render this way at fixed sizes).
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let Some(screen) = Screen::new(area) else {
        too_small(area, buf);
        return;
    };
    let theme = Theme::new(app.config().look);
    board(app, &screen, &theme, buf);
    match app.replay_viewer() {
        Some(v) => viewer_panel(app, v, screen.panel, &theme, buf),
        None => panel(app, screen.panel, &theme, buf),
    }
    status(app, screen.status, &theme, buf);
    overlay(app, area, &theme, buf);
}

fn too_small(area: Rect, buf: &mut Buffer) {
    let text = vec![
        Line::from("The terminal is too small for the board."),
        Line::from(format!(
            "Make it at least {MIN_WIDTH}x{MIN_HEIGHT} (now {}x{}).",
            area.width, area.height
        )),
        Line::from("q quits."),
    ];
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render_ref(area, buf);
}

/// Colours and glyphs of one look.
struct Theme {
    look: Look,
}

impl Theme {
    fn new(look: Look) -> Theme {
        Theme { look }
    }
    fn colour(&self) -> bool {
        self.look == Look::Colour
    }
    fn glyph(&self, p: Piece) -> &'static str {
        match (self.look, p.color, p.kind) {
            (Look::Ascii, Color::White, Kind::Man) => "w",
            (Look::Ascii, Color::White, Kind::King) => "W",
            (Look::Ascii, Color::Black, Kind::Man) => "b",
            (Look::Ascii, Color::Black, Kind::King) => "B",
            // In colour both sides use the solid shapes, told apart by colour.
            (Look::Colour, _, Kind::Man) => "●",
            (Look::Colour, _, Kind::King) => "♛",
            (Look::Mono, Color::White, Kind::Man) => "○",
            (Look::Mono, Color::White, Kind::King) => "♕",
            (Look::Mono, Color::Black, Kind::Man) => "●",
            (Look::Mono, Color::Black, Kind::King) => "♛",
        }
    }
    fn piece_style(&self, c: Color) -> Style {
        match (self.colour(), c) {
            (true, Color::White) => Style::new().fg(Tc::Rgb(255, 255, 255)).bold(),
            (true, Color::Black) => Style::new().fg(Tc::Rgb(10, 10, 10)).bold(),
            (false, _) => Style::new().bold(),
        }
    }
    /// The dark-square fill of the no-colour looks.
    fn fill(&self) -> &'static str {
        match self.look {
            Look::Colour => " ",
            Look::Mono => "░",
            Look::Ascii => ".",
        }
    }
    fn spinner(&self, tick: u64) -> &'static str {
        const UNI: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
        const ASC: [&str; 4] = ["|", "/", "-", "\\"];
        if self.look == Look::Ascii {
            ASC[(tick % 4) as usize]
        } else {
            UNI[(tick % 10) as usize]
        }
    }
    fn border(&self) -> border::Set<'static> {
        if self.look == Look::Ascii {
            ASCII_BORDER
        } else {
            border::PLAIN
        }
    }
    fn rule(&self) -> &'static str {
        if self.look == Look::Ascii { "-" } else { "─" }
    }
}

/// Box lines in plain ASCII for `--ascii`.
const ASCII_BORDER: border::Set<'static> = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

const LIGHT: Tc = Tc::Rgb(222, 196, 150);
const DARK: Tc = Tc::Rgb(128, 88, 56);
const LAST: Tc = Tc::Rgb(160, 128, 64);
const CURSOR: Tc = Tc::Rgb(220, 180, 40);
const SELECTED: Tc = Tc::Rgb(60, 110, 190);
const TARGET: Tc = Tc::Rgb(70, 150, 80);
const MUST: Tc = Tc::Rgb(190, 100, 50);
const HINT: Tc = Tc::Rgb(150, 80, 160);
const CAPTURED: Tc = Tc::Rgb(190, 40, 40);

/// What is special about a square right now.
#[derive(Default)]
struct Marks {
    cursor: bool,
    selected: bool,
    target: bool,
    hint: bool,
    /// The start or a landing square of the last move.
    last: bool,
    /// A piece the last move captured stood here.
    captured: bool,
    /// A piece that must capture (nothing picked yet).
    must: bool,
}

fn marks(app: &App, sq: Square, cursor: bool, targets: &[Square], must: &[Square]) -> Marks {
    let on_move = |m: &Move| m.from() == sq || m.path().any(|s| s == sq);
    let last = app.game().moves().last();
    Marks {
        cursor,
        selected: app.selected() == Some(sq),
        target: targets.contains(&sq),
        hint: app.hint().is_some_and(|m| on_move(&m)),
        last: last.is_some_and(on_move),
        captured: last.is_some_and(|m| m.captured().contains(sq)),
        must: must.contains(&sq),
    }
}

fn board(app: &App, screen: &Screen, theme: &Theme, buf: &mut Buffer) {
    let rules = app.config().rules;
    let pos = app.game().position();
    let targets = app.targets();
    let must = app.capturers();
    for drow in 0..8u8 {
        for dcol in 0..8u8 {
            let (row, file) = app.display_to_board(drow, dcol);
            let rect = screen.cell(drow, dcol);
            let cursor = app.cursor() == (row, file) && app.replay_viewer().is_none();
            match Square::at(rules, row, file) {
                None => light_cell(rect, cursor, theme, buf),
                Some(sq) => {
                    let m = marks(app, sq, cursor, &targets, &must);
                    dark_cell(rect, sq, pos.piece_at(sq), &m, app.numbers(), theme, buf);
                }
            }
        }
    }
    // Labels: ranks at the left, files below, as the board is turned.
    let label = Style::new().add_modifier(Modifier::DIM);
    for d in 0..8u8 {
        let (row, file) = app.display_to_board(d, d);
        let r = screen.cell(d, 0);
        buf.set_string(
            screen.squares.x - 2,
            r.y + r.height / 2,
            (8 - row).to_string(),
            label,
        );
        let c = screen.cell(7, d);
        buf.set_string(
            c.x + c.width / 2,
            screen.squares.bottom(),
            ((b'a' + file) as char).to_string(),
            label,
        );
    }
}

fn light_cell(rect: Rect, cursor: bool, theme: &Theme, buf: &mut Buffer) {
    if theme.colour() {
        let bg = if cursor { CURSOR } else { LIGHT };
        buf.set_style(rect, Style::new().bg(bg));
        fill(rect, " ", buf);
    } else {
        fill(rect, " ", buf);
        if cursor {
            let (cx, cy) = centre(rect);
            buf.set_string(cx - 1, cy, "[ ]", Style::new());
        }
    }
}

fn fill(rect: Rect, sym: &str, buf: &mut Buffer) {
    for y in rect.top()..rect.bottom() {
        for x in rect.left()..rect.right() {
            if let Some(c) = buf.cell_mut((x, y)) {
                c.set_symbol(sym);
            }
        }
    }
}

fn centre(rect: Rect) -> (u16, u16) {
    (rect.x + rect.width / 2, rect.y + rect.height / 2)
}

fn dark_cell(
    rect: Rect,
    sq: Square,
    piece: Option<Piece>,
    m: &Marks,
    numbers: bool,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let (cx, cy) = centre(rect);
    if theme.colour() {
        let bg = if m.cursor {
            CURSOR
        } else if m.selected {
            SELECTED
        } else if m.target {
            TARGET
        } else if m.must {
            MUST
        } else if m.hint {
            HINT
        } else if m.last {
            LAST
        } else {
            DARK
        };
        buf.set_style(rect, Style::new().bg(bg));
        fill(rect, " ", buf);
        match piece {
            Some(p) => {
                buf.set_string(cx, cy, theme.glyph(p), theme.piece_style(p.color));
            }
            None if m.captured => {
                buf.set_string(cx, cy, "×", Style::new().fg(CAPTURED));
            }
            None if m.target => {
                buf.set_string(cx, cy, "•", Style::new().fg(Tc::Rgb(230, 255, 230)));
            }
            None => {}
        }
    } else {
        fill(rect, theme.fill(), buf);
        let (l, r) = if m.cursor {
            ("[", "]")
        } else if m.selected {
            ("<", ">")
        } else if m.must {
            ("!", "!")
        } else if m.hint {
            ("{", "}")
        } else if m.last && piece.is_some() {
            ("(", ")")
        } else {
            (theme.fill(), theme.fill())
        };
        let centre_sym = match piece {
            Some(p) => theme.glyph(p),
            None if m.target => "*",
            None if m.captured => "x",
            None if m.last => "+",
            None => theme.fill(),
        };
        let st = piece.map_or(Style::new(), |p| theme.piece_style(p.color));
        buf.set_string(cx - 1, cy, l, Style::new());
        buf.set_string(cx, cy, centre_sym, st);
        buf.set_string(cx + 1, cy, r, Style::new());
    }
    if numbers {
        let n = sq.number().to_string();
        let st = if theme.colour() {
            Style::new().fg(Tc::Rgb(235, 220, 190))
        } else {
            Style::new()
        };
        if rect.height >= 2 {
            buf.set_string(rect.x, rect.y, &n, st);
        } else if piece.is_none() && !m.target && !m.cursor {
            buf.set_string(rect.x, rect.y, format!("{n:>2} "), st);
        }
    }
}

/// Nodes as "950", "12.3k", "4.56M".
fn nodes_text(n: u64) -> String {
    if n < 10_000 {
        n.to_string()
    } else if n < 10_000_000 {
        format!("{:.1}k", n as f64 / 1e3)
    } else {
        format!("{:.2}M", n as f64 / 1e6)
    }
}

fn panel(app: &App, area: Rect, theme: &Theme, buf: &mut Buffer) {
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
    let mut top = vec![
        Line::from(Span::styled(rules_name, bold)),
        Line::from(format!("You: {human}   Engine: {}", human.opposite())),
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
    let count = |c: Color| {
        let k = pos.kings_of(c).count();
        let n = pos.pieces_of(c).count();
        if k > 0 {
            format!("{n} ({k}K)")
        } else {
            n.to_string()
        }
    };
    top.push(Line::from(format!(
        "Pieces: White {}  Black {}",
        count(Color::White),
        count(Color::Black)
    )));
    if app.eval_on() {
        let text = match app.last_search() {
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
            bottom.push(Line::from(format!(
                "Search: d{} {} {} nodes",
                r.depth,
                white_score_text(s.white_score()),
                nodes_text(r.nodes)
            )));
            let pv: Vec<String> = r.pv.iter().take(8).map(Move::to_string).collect();
            bottom.push(Line::from(format!("Line: {}", pv.join(" "))));
        }
        None => bottom.push(Line::from(Span::styled("No engine search yet", dim))),
    }
    bottom.push(Line::from(Span::styled("? keys  q quit", dim)));

    let inner = panel_area(area, theme, buf);
    let game = app.game();
    let first = game.start().side_to_move() == cfg.rules.first_to_move();
    let (list, _) = move_lines(game.moves(), first, None);
    stacked(inner, top, list, None, bottom, buf);
}

/// One half of a move-list row: the ply index and the move.
type MoveCell = Option<(usize, Move)>;

/// The move list: "  1. 22-18    10-14", numbered from the side that moves first, with the
/// move at index `current` (if any) shown reversed. Also returns the row of that move.
fn move_lines(
    moves: &[Move],
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
            last.1[col] = Some((i, *m));
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

/// Fills `area` with `top`, then as much of `list` as fits (keeping row `focus` visible,
/// else showing its end), then `bottom` at the foot.
fn stacked(
    area: Rect,
    top: Vec<Line<'static>>,
    list: Vec<Line<'static>>,
    focus: Option<usize>,
    bottom: Vec<Line<'static>>,
    buf: &mut Buffer,
) {
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

fn viewer_panel(app: &App, v: &Viewer, area: Rect, theme: &Theme, buf: &mut Buffer) {
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
    let moves: Vec<Move> = rec.moves.iter().map(|m| m.mv).collect();
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

fn status(app: &App, area: Rect, theme: &Theme, buf: &mut Buffer) {
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
            s.push_str(&format!(
                " d{} {} {}n",
                r.depth,
                white_score_text(white),
                nodes_text(r.nodes)
            ));
        }
        s.push_str(" │ ");
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
        "The engine is to move".into()
    }
}

/// The keys, as the help overlay lists them.
pub const KEYS: &[(&str, &str)] = &[
    ("arrows, hjkl", "move the cursor"),
    ("Enter, Space", "pick up a piece / put it down"),
    ("mouse click", "the same; right click lets go"),
    ("Esc", "let go of the piece"),
    ("u, Backspace", "take back a full move"),
    ("r", "redo a taken-back move"),
    ("t", "hint: the engine's move for you"),
    ("+ / -", "engine depth up / down"),
    ("f", "flip the board"),
    ("c", "square numbers on/off"),
    ("e", "evaluation on/off"),
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
    ("f", "flip the board"),
    ("c", "square numbers on/off"),
    ("q, Esc", "quit"),
    ("?", "this help"),
];

fn overlay(app: &App, area: Rect, theme: &Theme, buf: &mut Buffer) {
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
            lines.push(Line::from(""));
            lines.push(Line::from(
                "Captures are compulsory; a chain is entered by its final square.",
            ));
            lines.push(Line::from(
                "Draws: threefold repetition; 80 plies with no capture or man move",
            ));
            lines.push(Line::from(
                "(a house rule of the seed site, not FID's text).",
            ));
            lines.push(Line::from(""));
            lines.push(Line::from("Any key closes this help."));
            popup(area, " Keys ", lines, theme, buf);
        }
        Overlay::Games(at) => games_popup(app, *at, area, theme, buf),
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
    for (i, g) in v.games().iter().enumerate().skip(first).take(rows) {
        let text = match g {
            Ok(g) => format!(
                "{:>4}. {} - {}  {}",
                i + 1,
                g.tag("White").unwrap_or("?"),
                g.tag("Black").unwrap_or("?"),
                g.result.as_str()
            ),
            Err(e) => format!("{:>4}. (cannot be read: {e})", i + 1),
        };
        let text: String = text.chars().take(width).collect();
        let style = if i == at { mark } else { Style::new() };
        lines.push(Line::from(Span::styled(format!("{text:<width$}"), style)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from("up/down choose, Enter opens, Esc closes"));
    let title = format!(" {} games ", v.count());
    popup(area, &title, lines, theme, buf);
}

fn popup(area: Rect, title: &str, lines: Vec<Line>, theme: &Theme, buf: &mut Buffer) {
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
            Block::bordered()
                .border_set(theme.border())
                .title(title.to_string()),
        )
        .render_ref(r, buf);
}

/// `render_ref` for widgets, so the view can paint into a plain buffer.
trait RenderRef {
    fn render_ref(self, area: Rect, buf: &mut Buffer);
}

impl<W: ratatui::widgets::Widget> RenderRef for W {
    fn render_ref(self, area: Rect, buf: &mut Buffer) {
        self.render(area, buf);
    }
}
