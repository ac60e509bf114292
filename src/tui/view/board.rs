//! The board: squares, pieces, the cursor and every mark (selection, targets, hint, last
//! move, pieces that must capture), and the rank and file labels.

use super::theme::*;
use crate::rules::{Color, Kind, Move, Piece, Square};
use crate::tui::app::App;
use crate::tui::layout::Screen;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tc, Modifier, Style};

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
    let last = app.board_game().moves().last();
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

pub(super) fn board(app: &App, screen: &Screen, theme: &Theme, buf: &mut Buffer) {
    let rules = app.settings().rules;
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
                    dark_cell(rect, sq, app.piece_on(sq), &m, app.numbers(), theme, buf);
                }
            }
        }
    }
    capture_order(app, screen, theme, buf);
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

/// The last capture's landing squares numbered in the order the piece took them (1, 2, ...),
/// in each square's bottom-right corner, so a chain reads on the board as it was played. Only
/// for chains of two jumps or more, and only where a square has a corner free of the piece.
fn capture_order(app: &App, screen: &Screen, theme: &Theme, buf: &mut Buffer) {
    let Some(m) = app.board_game().moves().last() else {
        return;
    };
    if m.capture_count() < 2 || screen.cell_h < 2 || app.replay_viewer().is_some() {
        return;
    }
    let rules = app.settings().rules;
    let style = if theme.colour() {
        Style::new()
            .fg(Tc::Rgb(255, 255, 255))
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new().add_modifier(Modifier::BOLD)
    };
    for (i, sq) in m.path().enumerate() {
        let (drow, dcol) = app.display_to_board(sq.row(), sq.file(rules));
        let r = screen.cell(drow, dcol);
        let n = ((i + 1) % 10).to_string();
        if let Some(c) = buf.cell_mut((r.right() - 1, r.bottom() - 1)) {
            c.set_symbol(&n).set_style(style);
        }
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
        // A chain that ends back on the picked piece's square makes that square a target:
        // the target colour wins there, or the player could not see it may be chosen.
        let bg = if m.cursor {
            CURSOR
        } else if m.selected && !m.target {
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
            Some(p) if big_piece(rect, numbers) => {
                draw_big_piece(rect, p, Some(bg), theme, buf);
            }
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
        } else if m.selected && m.target {
            ("*", "*")
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
        match piece {
            // The disc takes the middle of the square: the marks go to its edges.
            Some(p) if theme.shapes() && big_piece(rect, numbers) => {
                draw_big_piece(rect, p, None, theme, buf);
                buf.set_string(rect.x, cy, l, Style::new());
                buf.set_string(rect.right() - 1, cy, r, Style::new());
            }
            _ => {
                buf.set_string(cx - 1, cy, l, Style::new());
                buf.set_string(cx, cy, centre_sym, st);
                buf.set_string(cx + 1, cy, r, Style::new());
            }
        }
        // A king's crown above it, where the square has a row for it ("^^^" over "W").
        if let Some(crown) = theme.crown()
            && piece.is_some_and(|p| p.kind == Kind::King)
            && cy > rect.y
        {
            buf.set_string(cx - 1, cy - 1, crown, Style::new());
        }
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

/// Men as a round disc and kings as a crowned one, drawn with block and quadrant glyphs so a
/// piece fills most of its square (a terminal cell is about twice as tall as wide: a disc
/// w cells wide is w/2 rows tall). One row per cell row; `None` for sizes without a shape.
fn disc(w: u16, h: u16) -> Option<&'static [&'static str]> {
    Some(match (w, h) {
        (4, 2) => &[" ▄▄ ", " ▀▀ "],
        (6, 3) => &[" ▗▄▄▖ ", " ████ ", " ▝▀▀▘ "],
        (8, 4) => &["  ▄▄▄▄  ", " ██████ ", " ██████ ", "  ▀▀▀▀  "],
        (10, 5) => &[
            "  ▗▄▄▄▄▖  ",
            " ▟██████▙ ",
            " ████████ ",
            " ▜██████▛ ",
            "  ▝▀▀▀▀▘  ",
        ],
        _ => return None,
    })
}

/// White's pieces without colour: the same disc in outline, hollow ('.' clears the fill).
fn ring(w: u16) -> &'static [&'static str] {
    match w {
        4 => &[" ╭╮ ", " ╰╯ "],
        6 => &[" ╭──╮ ", " │..│ ", " ╰──╯ "],
        8 => &["  ╭──╮  ", " ╭╯..╰╮ ", " ╰╮..╭╯ ", "  ╰──╯  "],
        _ => &[
            "  ╭────╮  ",
            " ╭╯....╰╮ ",
            " │......│ ",
            " ╰╮....╭╯ ",
            "  ╰────╯  ",
        ],
    }
}

/// A king's top row in place of the disc's: the points of a crown over a band.
fn crown_row(w: u16) -> &'static str {
    match w {
        4 => " ▙▟ ",
        6 => " ▙▟▙▟ ",
        8 => " ▐▙▟▙▟▌ ",
        _ => "  ▐▙▟▙▟▌  ",
    }
}

/// Whether the square is large enough for the disc: with square numbers on, a 4-wide
/// square has no room for both, and keeps the one-glyph piece.
fn big_piece(rect: Rect, numbers: bool) -> bool {
    disc(rect.width, rect.height).is_some() && !(numbers && rect.width <= 4)
}

/// A piece as a disc filling most of the square, a king with a crown on top. In colour
/// (`bg` given) the square's background, and so every mark, stays visible around it, and the
/// crown is gold unless the cursor's own gold is behind it. Without colour, Black's pieces
/// are solid and White's are outlines.
fn draw_big_piece(rect: Rect, p: Piece, bg: Option<Tc>, theme: &Theme, buf: &mut Buffer) {
    let Some(solid) = disc(rect.width, rect.height) else {
        return;
    };
    let rows = if bg.is_none() && p.color == Color::White {
        ring(rect.width)
    } else {
        solid
    };
    let body = match bg {
        Some(bg) => theme.piece_style(p.color).bg(bg),
        None => Style::new(),
    };
    for (dy, row) in rows.iter().enumerate() {
        let (text, style) = match bg {
            _ if dy > 0 || p.kind == Kind::Man => (*row, body),
            // A gold crown only where the disc below it is big enough to show the owner's
            // colour: on a 2-row square the crown is half the piece, so it takes that colour.
            Some(bg) if bg != CURSOR && rect.height > 2 => {
                (crown_row(rect.width), Style::new().fg(CROWN).bg(bg))
            }
            _ => (crown_row(rect.width), body),
        };
        for (dx, ch) in text.chars().enumerate() {
            let ch = match ch {
                ' ' => continue,
                '.' => ' ',
                c => c,
            };
            let (x, y) = (rect.x + dx as u16, rect.y + dy as u16);
            if let Some(c) = buf.cell_mut((x, y)) {
                c.set_char(ch).set_style(style);
            }
        }
    }
}
