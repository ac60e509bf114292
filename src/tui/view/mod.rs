//! Drawing: `draw(frame, &App)` paints the board, the side panel, the status line and any
//! overlay. It reads the app and the game and changes nothing.

mod analysis_panel;
mod board;
mod editor;
mod overlay;
mod panel;
mod start;
mod theme;
mod training;
mod viewer_panel;

pub use overlay::{KEYS, REPLAY_KEYS};

use crate::tui::app::App;
use crate::tui::lang::Msg;
use crate::tui::layout::{MIN_HEIGHT, MIN_WIDTH, Screen};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use theme::Theme;

/// Paints the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    render(app, area, buf);
}

/// Paints into a buffer (the tests render this way at fixed sizes).
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if let Some(menu) = app.start_menu() {
        start::start_screen(app, menu, area, buf);
        return;
    }
    let Some(screen) = Screen::new(area) else {
        too_small(app, area, buf);
        return;
    };
    let theme = Theme::new(app.settings().look);
    board::board(app, &screen, &theme, buf);
    if let Some(e) = app.editor() {
        editor::editor_panel(app, e, screen.panel, &theme, buf);
        panel::status(app, screen.status, &theme, buf);
        overlay::overlay(app, area, &theme, buf);
        return;
    }
    match (app.training_state(), app.analysis(), app.replay_viewer()) {
        (Some(t), _, _) => training::panel(app, t, screen.panel, &theme, buf),
        (None, Some(a), _) => analysis_panel::analysis_panel(app, a, screen.panel, &theme, buf),
        (None, None, Some(v)) => viewer_panel::viewer_panel(app, v, screen.panel, &theme, buf),
        (None, None, None) => panel::panel(app, screen.panel, &theme, buf),
    }
    panel::status(app, screen.status, &theme, buf);
    overlay::overlay(app, area, &theme, buf);
}

fn too_small(app: &App, area: Rect, buf: &mut Buffer) {
    let lang = app.lang();
    let mut text = vec![
        Line::from(Msg::TooSmall.text(lang)),
        Line::from(
            Msg::TooSmallSize.fill(lang, &[&MIN_WIDTH, &MIN_HEIGHT, &area.width, &area.height]),
        ),
        Line::from(Msg::TooSmallQuit.text(lang)),
    ];
    // A pending question must stay answerable even without room for the board.
    if let crate::tui::app::Overlay::Confirm(q) = app.overlay() {
        text.insert(0, Line::from(q.text(lang)));
    }
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render_ref(area, buf);
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
