//! The board: squares, pieces, the cursor and every mark (selection, targets, hint, last
//! move, pieces that must capture), and the rank and file labels.

use super::theme::*;
use crate::rules::{Move, Piece, Square};
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

pub(super) fn board(app: &App, screen: &Screen, theme: &Theme, buf: &mut Buffer) {
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
