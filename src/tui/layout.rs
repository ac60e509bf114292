//! Where things go on the screen: the board (its cell size chosen to fit), the side panel and
//! the status line. Pure arithmetic shared by the view (to draw) and the app (to map a mouse
//! click to a square), so both always agree.

use ratatui::layout::Rect;

/// Cell sizes tried from the largest down; a terminal cell is about twice as tall as it is
/// wide, so width = 2 x height keeps squares square (the smallest one is a compromise).
const CELL_SIZES: [(u16, u16); 5] = [(10, 5), (8, 4), (6, 3), (4, 2), (3, 1)];
/// Columns left of the board for the rank labels.
const LEFT_MARGIN: u16 = 2;
/// The narrowest side panel worth drawing.
pub const PANEL_MIN_WIDTH: u16 = 32;
const PANEL_MAX_WIDTH: u16 = 48;
/// The smallest terminal the game draws in; below it the screen says how large to make it.
pub const MIN_WIDTH: u16 = LEFT_MARGIN + 8 * 3 + 1 + PANEL_MIN_WIDTH;
pub const MIN_HEIGHT: u16 = 8 + 1 + 1 + 1;

/// The screen split for one terminal size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    /// The whole terminal.
    pub area: Rect,
    /// The 8x8 squares (without labels).
    pub squares: Rect,
    pub cell_w: u16,
    pub cell_h: u16,
    pub panel: Rect,
    /// The bottom line: messages and the spinner.
    pub status: Rect,
}

impl Screen {
    /// The layout for a terminal of `area`, or `None` when it is smaller than
    /// [`MIN_WIDTH`] x [`MIN_HEIGHT`].
    pub fn new(area: Rect) -> Option<Screen> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        let status = Rect::new(area.x, area.y + area.height - 1, area.width, 1);
        // Rows for the board: all but the status line and the file labels below the board.
        let rows = area.height - 2;
        let cols = area.width - LEFT_MARGIN - 1 - PANEL_MIN_WIDTH;
        let (cell_w, cell_h) = CELL_SIZES
            .into_iter()
            .find(|&(w, h)| 8 * w <= cols && 8 * h <= rows)?;
        let squares = Rect::new(area.x + LEFT_MARGIN, area.y, 8 * cell_w, 8 * cell_h);
        let panel_x = squares.right() + 1;
        let panel_w = (area.right() - panel_x).min(PANEL_MAX_WIDTH);
        let panel = Rect::new(panel_x, area.y, panel_w, area.height - 1);
        Some(Screen {
            area,
            squares,
            cell_w,
            cell_h,
            panel,
            status,
        })
    }

    /// The screen rectangle of the cell at display row/column (0..8 each, top-left first).
    pub fn cell(&self, drow: u8, dcol: u8) -> Rect {
        Rect::new(
            self.squares.x + u16::from(dcol) * self.cell_w,
            self.squares.y + u16::from(drow) * self.cell_h,
            self.cell_w,
            self.cell_h,
        )
    }

    /// The display row/column under a screen position, if it is on the board.
    pub fn hit(&self, x: u16, y: u16) -> Option<(u8, u8)> {
        let s = self.squares;
        if x < s.x || y < s.y || x >= s.right() || y >= s.bottom() {
            return None;
        }
        Some((
            ((y - s.y) / self.cell_h) as u8,
            ((x - s.x) / self.cell_w) as u8,
        ))
    }
}

/// `text` in lines split at spaces: the first at most `first` characters, the others at most
/// `rest` (less where the caller indents them). A word longer than a line has a line of its own.
pub fn wrap(text: &str, first: usize, rest: usize) -> Vec<String> {
    // A text that fits stays as it is, leading spaces (an indent) and all.
    if text.chars().count() <= first {
        return vec![text.to_string()];
    }
    let mut out: Vec<String> = Vec::new();
    // The first line keeps the text's indent (the start screen's options are indented), and
    // runs of spaces inside a line stay (they align columns).
    let body = text.trim_start_matches(' ');
    let mut line = text[..text.len() - body.len()].to_string();
    let mut has_word = false;
    for word in body.split(' ') {
        let room = if out.is_empty() { first } else { rest };
        if has_word && line.chars().count() + 1 + word.chars().count() > room {
            out.push(std::mem::take(&mut line).trim_end().to_string());
            has_word = false;
        } else if has_word {
            line.push(' ');
        }
        if !has_word && word.is_empty() && !out.is_empty() {
            continue; // no run of spaces at the start of a later line
        }
        line.push_str(word);
        has_word = true;
    }
    out.push(line);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_scale_with_the_terminal() {
        let s = Screen::new(Rect::new(0, 0, 100, 32)).unwrap();
        assert_eq!((s.cell_w, s.cell_h), (6, 3));
        let s = Screen::new(Rect::new(0, 0, 80, 24)).unwrap();
        assert_eq!((s.cell_w, s.cell_h), (4, 2));
        let s = Screen::new(Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT)).unwrap();
        assert_eq!((s.cell_w, s.cell_h), (3, 1));
        assert!(s.panel.width >= PANEL_MIN_WIDTH);
        assert_eq!(Screen::new(Rect::new(0, 0, MIN_WIDTH - 1, 40)), None);
        assert_eq!(Screen::new(Rect::new(0, 0, 200, MIN_HEIGHT - 1)), None);
    }

    #[test]
    fn hit_inverts_cell() {
        let s = Screen::new(Rect::new(0, 0, 100, 32)).unwrap();
        for r in 0..8 {
            for c in 0..8 {
                let rect = s.cell(r, c);
                assert_eq!(s.hit(rect.x, rect.y), Some((r, c)));
                assert_eq!(s.hit(rect.right() - 1, rect.bottom() - 1), Some((r, c)));
            }
        }
        assert_eq!(s.hit(0, 0), None);
    }
}
