//! Colours, glyphs and box lines of each look (colour, no colour, ASCII).

use crate::rules::{Color, Kind, Piece};
use crate::tui::app::Look;
use ratatui::style::{Color as Tc, Style};
use ratatui::symbols::border;

/// Colours and glyphs of one look.
pub(super) struct Theme {
    look: Look,
}

impl Theme {
    pub(super) fn new(look: Look) -> Theme {
        Theme { look }
    }
    pub(super) fn ascii(&self) -> bool {
        self.look == Look::Ascii
    }
    pub(super) fn colour(&self) -> bool {
        self.look == Look::Colour
    }
    pub(super) fn glyph(&self, p: Piece) -> &'static str {
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
    pub(super) fn piece_style(&self, c: Color) -> Style {
        match (self.colour(), c) {
            (true, Color::White) => Style::new().fg(Tc::Rgb(255, 255, 255)).bold(),
            (true, Color::Black) => Style::new().fg(Tc::Rgb(10, 10, 10)).bold(),
            (false, _) => Style::new().bold(),
        }
    }
    /// Whether pieces on large squares are drawn as discs (the Unicode looks; ASCII keeps
    /// letters).
    pub(super) fn shapes(&self) -> bool {
        self.look != Look::Ascii
    }
    /// A king's crown drawn above its letter in ASCII, where `W` and `w` differ only by case
    /// (the Unicode looks draw kings as crowns already).
    pub(super) fn crown(&self) -> Option<&'static str> {
        (self.look == Look::Ascii).then_some("^^^")
    }
    /// The dark-square fill of the no-colour looks.
    pub(super) fn fill(&self) -> &'static str {
        match self.look {
            Look::Colour => " ",
            Look::Mono => "░",
            Look::Ascii => ".",
        }
    }
    pub(super) fn spinner(&self, tick: u64) -> &'static str {
        const UNI: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
        const ASC: [&str; 4] = ["|", "/", "-", "\\"];
        if self.look == Look::Ascii {
            ASC[(tick % 4) as usize]
        } else {
            UNI[(tick % 10) as usize]
        }
    }
    pub(super) fn border(&self) -> border::Set<'static> {
        if self.look == Look::Ascii {
            ASCII_BORDER
        } else {
            border::PLAIN
        }
    }
    pub(super) fn rule(&self) -> &'static str {
        if self.look == Look::Ascii { "-" } else { "─" }
    }
}

/// Box lines in plain ASCII for `--ascii`.
pub(super) const ASCII_BORDER: border::Set<'static> = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

pub(super) const LIGHT: Tc = Tc::Rgb(222, 196, 150);
pub(super) const DARK: Tc = Tc::Rgb(128, 88, 56);
pub(super) const LAST: Tc = Tc::Rgb(160, 128, 64);
pub(super) const CURSOR: Tc = Tc::Rgb(220, 180, 40);
pub(super) const SELECTED: Tc = Tc::Rgb(60, 110, 190);
pub(super) const TARGET: Tc = Tc::Rgb(70, 150, 80);
pub(super) const MUST: Tc = Tc::Rgb(190, 100, 50);
pub(super) const HINT: Tc = Tc::Rgb(150, 80, 160);
pub(super) const CAPTURED: Tc = Tc::Rgb(190, 40, 40);
/// A king's crown (both sides: the body's colour tells the side).
pub(super) const CROWN: Tc = Tc::Rgb(240, 190, 40);
