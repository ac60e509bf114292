//! The terminal loop: set the terminal up, read events, feed the app, hand its requests to the
//! engine thread, draw; and put the terminal back however the loop ends (normal exit, error,
//! Ctrl-C, which raw mode delivers as a key, or panic).

use crate::tui::app::{App, EngineMsg, Request};
use crate::tui::input::{self, Action};
use crate::tui::view;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use std::io::{self, IsTerminal, stdout};
use std::sync::Once;
use std::time::Duration;

/// Something that runs searches for the app: the engine worker thread.
pub trait EngineLink {
    fn send(&mut self, request: Request);
    fn try_recv(&mut self) -> Option<EngineMsg>;
    /// False once the engine thread has ended unexpectedly (a panic): the game cannot go on.
    fn alive(&self) -> bool {
        true
    }
}

/// How often the screen refreshes while nothing happens (the spinner's pace).
const TICK: Duration = Duration::from_millis(100);

/// Runs `app` in the terminal until it quits.
///
/// # Errors
/// Terminal I/O errors; the terminal is restored before they are returned.
pub fn run(app: &mut App, engine: &mut dyn EngineLink) -> io::Result<()> {
    // Without a terminal the screen's escape codes would go into a file or a pipe.
    if !stdout().is_terminal() {
        return Err(io::Error::other(
            "the board needs a terminal, and standard output is not one \
             (for text: dama replay FILE --text)",
        ));
    }
    let mut terminal = ratatui::try_init()
        .map_err(|e| io::Error::new(e.kind(), format!("cannot open the terminal: {e}")))?;
    install_mouse_panic_hook();
    let result = execute!(stdout(), EnableMouseCapture)
        .and_then(|()| event_loop(&mut terminal, app, engine));
    if result.is_err() {
        // Keep the game in the autosave before giving up.
        app.update(Action::Interrupt);
    }
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// ratatui's own hook restores raw mode and the alternate screen; this one wraps it so mouse
/// capture is switched off first (otherwise the shell receives mouse escape codes).
fn install_mouse_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(stdout(), DisableMouseCapture);
            previous(info);
        }));
    });
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    engine: &mut dyn EngineLink,
) -> io::Result<()> {
    let size = terminal.size()?;
    app.update(Action::Resize {
        width: size.width,
        height: size.height,
    });
    loop {
        for r in app.take_requests() {
            engine.send(r);
        }
        if app.should_quit() {
            return Ok(());
        }
        terminal.draw(|f| view::draw(f, app))?;
        if event::poll(TICK)? {
            // Take every event already waiting before drawing again.
            loop {
                let ev = event::read()?;
                if let Some(a) = input::map(&ev, app.context()) {
                    app.update(a);
                }
                if app.should_quit() || !event::poll(Duration::ZERO)? {
                    break;
                }
            }
        }
        while let Some(msg) = engine.try_recv() {
            app.update(Action::Engine(msg));
        }
        if !engine.alive() {
            return Err(io::Error::other("the engine thread stopped unexpectedly"));
        }
        // Every pass, not only while the engine thinks: the clocks run and a flag can fall.
        app.update(Action::Tick);
    }
}
