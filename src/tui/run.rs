//! The terminal's lifetime, in one place: set it up, run the loop (wait on the one event
//! channel for keys, engine messages and the tick, feed the app, hand its requests to the
//! engine thread, draw), and put the terminal back however the loop ends: quitting, an error,
//! Ctrl-C (which raw mode delivers as a key), a panic, or a signal (SIGTERM, SIGHUP when the
//! terminal is closed, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM). On an error or a signal
//! the game is kept first, exactly as quitting keeps it.

use crate::tui::app::{App, EngineMsg, Request};
use crate::tui::event::{Event, Events};
use crate::tui::input::{self, Action};
use crate::tui::view;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::{self, IsTerminal, stdout};
use std::sync::Once;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// How the terminal loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The player quit.
    Quit,
    /// This signal arrived (its number; a terminal closed without one counts as SIGHUP): the
    /// game was kept and the terminal restored; the program should now exit with status
    /// 128 + the number, as a shell reports it.
    Signal(i32),
}

/// Something that runs searches for the app: the engine worker thread.
pub trait EngineLink {
    /// From now on, send messages into the terminal loop's channel (so an answer wakes the
    /// loop). A link that cannot is read with [`EngineLink::try_recv`] after every event.
    fn connect(&mut self, _events: Sender<Event>) {}
    fn send(&mut self, request: Request);
    fn try_recv(&mut self) -> Option<EngineMsg>;
    /// False once the engine thread has ended unexpectedly (a panic): the game cannot go on.
    fn alive(&self) -> bool {
        true
    }
}

/// How often the app is told the time (the clocks, a flag falling) and the screen refreshes
/// while nothing happens (the spinner's pace).
const TICK: Duration = Duration::from_millis(100);

/// Runs `app` in the terminal until it quits or a signal ends it.
///
/// # Errors
/// Terminal I/O errors; the game is kept and the terminal restored before they are returned.
pub fn run(app: &mut App, engine: &mut dyn EngineLink) -> io::Result<Ended> {
    // Without a terminal the screen's escape codes would go into a file or a pipe.
    if !stdout().is_terminal() {
        return Err(io::Error::other(
            "the board needs a terminal, and standard output is not one \
             (for text: dama replay FILE --text)",
        ));
    }
    // Before the terminal changes: a signal from then on is the loop's to handle.
    signals::watch();
    let mut terminal = ratatui::try_init()
        .map_err(|e| io::Error::new(e.kind(), format!("cannot open the terminal: {e}")))?;
    install_panic_hook();
    // Failing that, the autosave is written in step, as it always was.
    let _ = app.keep_in_background();
    let mut events = Events::new();
    // Bracketed paste: a pasted FEN or file name arrives whole, not as keys that would act.
    let result = execute!(stdout(), EnableMouseCapture, EnableBracketedPaste)
        .and_then(|()| events.read_terminal())
        .and_then(|()| {
            signals::wake(&events);
            engine.connect(events.sender());
            event_loop(&mut terminal, app, engine, &events)
        });
    signals::stand_down();
    if !matches!(result, Ok(Ended::Quit)) {
        // Keep the game before touching the terminal again: after a hang-up, writing to it
        // may fail, and the game matters more than the screen.
        app.update(Action::Terminate);
    }
    // Before the terminal is restored: no key typed from then on is taken from the shell.
    events.stop_reading();
    restore();
    // Dropping ratatui's terminal shows the cursor again (done above) and, on a closed
    // terminal, reports that failing with `eprintln!`, which panics when standard error is
    // that closed terminal too: a clean exit would turn into an abort.
    std::mem::forget(terminal);
    result
}

/// The signal that arrived since the terminal loop started watching, if any (one that came
/// while the terminal was being restored is reported here, so the program still ends with
/// the signal's status).
pub fn pending_signal() -> Option<i32> {
    signals::pending()
}

/// Puts the terminal back as it was: mouse reporting off, raw mode off, the main screen, the
/// cursor shown. Every step is tried even if one fails (a closed terminal fails them all).
fn restore() {
    let _ = execute!(stdout(), DisableMouseCapture, DisableBracketedPaste);
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), LeaveAlternateScreen, Show);
}

/// Gives the terminal back to the shell and stops the program (as the terminal's own Ctrl-Z
/// would; raw mode reads it as a key) until the shell continues it (`fg`), then takes the
/// terminal again, draws the whole screen anew and tells the app how long it was away, so no
/// clock is charged for it. The engine's thread stops with the process. The game is kept after
/// every move already.
///
/// # Errors
/// The terminal cannot be set up again.
fn suspend_until_continued(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
) -> io::Result<()> {
    #[cfg(unix)]
    {
        let away = Instant::now();
        restore();
        // SAFETY: raising a signal has no memory effects; SIGSTOP cannot be caught, so this
        // returns once the process is continued.
        unsafe {
            libc::raise(libc::SIGSTOP);
        }
        enable_raw_mode()?;
        execute!(
            stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            EnableBracketedPaste
        )?;
        // What the shell wrote meanwhile is on no screen ratatui knows of: draw it all.
        terminal.clear()?;
        let size = terminal.size()?;
        app.update(Action::Resize {
            width: size.width,
            height: size.height,
        });
        app.update(Action::Resumed {
            away: away.elapsed(),
        });
    }
    #[cfg(not(unix))]
    let _ = (terminal, app);
    Ok(())
}

/// ratatui's own hook restores raw mode and the alternate screen; this one wraps it so mouse
/// capture is switched off first (otherwise the shell receives mouse escape codes) and the
/// cursor is shown again.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(stdout(), DisableMouseCapture, DisableBracketedPaste, Show);
            previous(info);
        }));
    });
}

/// The signals that end the program, turned into a flag the loop reads between events
/// (signal-hook does the async-signal-safe part: the handler only stores the number), and the
/// terminal's hang-up seen on its own.
#[cfg(unix)]
mod signals {
    use signal_hook::consts::{
        SIGALRM, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2,
    };
    use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
    use std::sync::{Arc, OnceLock};
    use std::time::{Duration, Instant};

    /// The signals that end the program as quitting does. Besides the usual four, those
    /// whose default is also to end it (`kill -USR1`, an alarm): uncaught, they would leave
    /// the terminal in raw mode on the alternate screen.
    const ENDING: [i32; 7] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM];

    static FLAG: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    /// A SIGTSTP (`kill -TSTP`, or a terminal whose Ctrl-Z still sends it) waits to be
    /// turned into a suspension the loop makes itself: stopped as the signal's default would,
    /// the program left the terminal in raw mode and the shell's lines on the board.
    static SUSPEND: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    /// When the loop last came round (milliseconds since [`EPOCH`]), for the watchdog.
    static HEARTBEAT: AtomicU64 = AtomicU64::new(0);
    /// The loop is running and has not yet taken up a signal or a hang-up itself.
    static ACTIVE: AtomicBool = AtomicBool::new(false);
    static EPOCH: OnceLock<Instant> = OnceLock::new();

    /// How long the loop may go without coming round, once a signal or a hang-up is there,
    /// before the watchdog ends the program itself.
    const STUCK: Duration = Duration::from_secs(2);

    fn now_ms() -> u64 {
        EPOCH.get_or_init(Instant::now).elapsed().as_millis() as u64
    }

    /// Starts catching the signals and the watchdog (once per process; they stay until it
    /// exits, which follows soon after the loop ends).
    pub fn watch() {
        FLAG.get_or_init(|| {
            let flag = Arc::new(AtomicUsize::new(0));
            for sig in ENDING {
                // Registering fails only for signals that cannot be caught; these can.
                let _ = signal_hook::flag::register_usize(sig, Arc::clone(&flag), sig as usize);
            }
            let _ = std::thread::Builder::new()
                .name("dama-watchdog".into())
                .spawn(watchdog);
            flag
        });
        SUSPEND.get_or_init(|| {
            let suspend = Arc::new(AtomicBool::new(false));
            let _ = signal_hook::flag::register(SIGTSTP, Arc::clone(&suspend));
            suspend
        });
        beat();
        ACTIVE.store(true, Ordering::SeqCst);
    }

    /// A caught signal also wakes the loop through its channel, whichever thread it
    /// interrupted.
    pub fn wake(events: &crate::tui::event::Events) {
        let mut all = ENDING.to_vec();
        all.push(SIGTSTP);
        crate::tui::event::wake_on_signals(events, &all);
    }

    /// Whether a SIGTSTP came since the last call.
    pub fn take_suspend() -> bool {
        SUSPEND
            .get()
            .is_some_and(|s| s.swap(false, Ordering::SeqCst))
    }

    /// The loop came round.
    pub fn beat() {
        HEARTBEAT.store(now_ms(), Ordering::SeqCst);
    }

    /// The loop has stopped (quit, or it is handling the signal itself): the watchdog stands
    /// down.
    pub fn stand_down() {
        ACTIVE.store(false, Ordering::SeqCst);
    }

    pub fn pending() -> Option<i32> {
        let n = FLAG.get()?.load(Ordering::SeqCst);
        (n != 0).then_some(n as i32)
    }

    fn hung_up() -> bool {
        // Only through the descriptor: the terminal library is the stuck thread's to use.
        crate::tui::event::hung_up()
    }

    /// Should the loop ever be stuck (the terminal library spinning on a terminal closed
    /// between two checks) while a signal or a hang-up waits, end the program here: the
    /// game is already kept up to its last move (once the keeper thread has written it), so
    /// only the terminal is left to restore.
    fn watchdog() {
        let mut since: Option<Instant> = None;
        loop {
            std::thread::sleep(Duration::from_millis(100));
            let stale = now_ms().saturating_sub(HEARTBEAT.load(Ordering::SeqCst));
            let stuck = ACTIVE.load(Ordering::SeqCst)
                && stale >= STUCK.as_millis() as u64
                && (pending().is_some() || hung_up());
            since = if stuck {
                since.or(Some(Instant::now()))
            } else {
                None
            };
            if since.is_some_and(|t| t.elapsed() >= STUCK) {
                // The keeper thread may still be writing the last move: let it finish.
                crate::tui::writer::wait_for_all(STUCK);
                super::restore();
                std::process::exit(128 + pending().unwrap_or(SIGHUP));
            }
        }
    }
}

/// Elsewhere the terminal library reports Ctrl-C as a key and there are no such signals.
#[cfg(not(unix))]
mod signals {
    pub fn watch() {}
    pub fn wake(_events: &crate::tui::event::Events) {}
    pub fn beat() {}
    pub fn stand_down() {}
    pub fn pending() -> Option<i32> {
        None
    }
    pub fn take_suspend() -> bool {
        false
    }
}

/// The status a closed terminal ends the program with: that of SIGHUP, which says the same.
#[cfg(unix)]
const HANGUP: i32 = libc::SIGHUP;
#[cfg(not(unix))]
const HANGUP: i32 = 1;

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    engine: &mut dyn EngineLink,
    events: &Events,
) -> io::Result<Ended> {
    let size = terminal.size()?;
    app.update(Action::Resize {
        width: size.width,
        height: size.height,
    });
    let mut next_tick = Instant::now() + TICK;
    loop {
        signals::beat();
        for r in app.take_requests() {
            engine.send(r);
        }
        if let Some(sig) = signals::pending() {
            return Ok(Ended::Signal(sig));
        }
        if app.should_quit() {
            return Ok(Ended::Quit);
        }
        terminal.draw(|f| view::draw(f, app))?;
        // Sleep until something happens or the tick is due, then take every event already
        // waiting before drawing again.
        let mut next = events.next(next_tick);
        let mut suspend = false;
        while let Some(ev) = next.take() {
            match ev {
                Event::Input(ev) => match input::map(&ev, app.context()) {
                    Some(Action::Suspend) => suspend = true,
                    Some(a) => app.update(a),
                    None => {}
                },
                Event::Engine(msg) => app.update(Action::Engine(msg)),
                Event::HungUp => return Ok(Ended::Signal(HANGUP)),
                Event::Failed(e) => return Err(e),
                Event::Signal => {}
            }
            if app.should_quit() || signals::pending().is_some() {
                break;
            }
            next = events.try_next();
        }
        // Ctrl-Z, or a SIGTSTP from elsewhere (`kill -TSTP`).
        if suspend || signals::take_suspend() {
            suspend_until_continued(terminal, app)?;
        }
        // A link that does not send into the channel.
        while let Some(msg) = engine.try_recv() {
            app.update(Action::Engine(msg));
        }
        if !engine.alive() {
            return Err(io::Error::other("the engine thread stopped unexpectedly"));
        }
        if Instant::now() >= next_tick {
            next_tick = Instant::now() + TICK;
            // The input thread reports a closed terminal, unless the terminal library holds
            // it (closed between two checks): looked at here too.
            if crate::tui::event::hung_up() {
                return Ok(Ended::Signal(HANGUP));
            }
            // Always, not only while the engine thinks: the clocks run and a flag can fall.
            app.update(Action::Tick);
        }
        // The editor's copied FEN, to the terminal's clipboard (OSC 52) through the
        // terminal's own writer; terminals without it ignore the escape.
        if let Some(text) = app.take_clipboard() {
            use std::io::Write;
            let out = terminal.backend_mut();
            out.write_all(crate::tui::app::osc52(&text).as_bytes())?;
            out.flush()?;
        }
        if app.take_bell() {
            use std::io::Write;
            let mut out = std::io::stdout();
            out.write_all(b"\x07")?;
            out.flush()?;
        }
    }
}
