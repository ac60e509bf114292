//! The terminal's lifetime, in one place: set it up, run the loop (read events, feed the app,
//! hand its requests to the engine thread, draw), and put the terminal back however the loop
//! ends: quitting, an error, Ctrl-C (which raw mode delivers as a key), a panic, or a signal
//! (SIGTERM, SIGHUP when the terminal is closed, SIGINT, SIGQUIT). On an error or a signal the
//! game is kept first, exactly as quitting keeps it.

use crate::tui::app::{App, EngineMsg, Request};
use crate::tui::input::{self, Action};
use crate::tui::view;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{LeaveAlternateScreen, disable_raw_mode};
use std::io::{self, IsTerminal, stdout};
use std::sync::Once;
use std::time::Duration;

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
    fn send(&mut self, request: Request);
    fn try_recv(&mut self) -> Option<EngineMsg>;
    /// False once the engine thread has ended unexpectedly (a panic): the game cannot go on.
    fn alive(&self) -> bool {
        true
    }
}

/// How often the screen refreshes while nothing happens (the spinner's pace).
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
    let result = execute!(stdout(), EnableMouseCapture)
        .and_then(|()| event_loop(&mut terminal, app, engine));
    signals::stand_down();
    if !matches!(result, Ok(Ended::Quit)) {
        // Keep the game before touching the terminal again: after a hang-up, writing to it
        // may fail, and the game matters more than the screen.
        app.update(Action::Terminate);
    }
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
    let _ = execute!(stdout(), DisableMouseCapture);
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), LeaveAlternateScreen, Show);
}

/// ratatui's own hook restores raw mode and the alternate screen; this one wraps it so mouse
/// capture is switched off first (otherwise the shell receives mouse escape codes) and the
/// cursor is shown again.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(stdout(), DisableMouseCapture, Show);
            previous(info);
        }));
    });
}

/// The signals that end the program, turned into a flag the loop reads between events
/// (signal-hook does the async-signal-safe part: the handler only stores the number), and the
/// terminal's hang-up seen on its own.
#[cfg(unix)]
mod signals {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    use std::io::{self, IsTerminal};
    use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
    use std::sync::{Arc, OnceLock};
    use std::time::{Duration, Instant};

    static FLAG: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
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
            for sig in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
                // Registering fails only for signals that cannot be caught; these can.
                let _ = signal_hook::flag::register_usize(sig, Arc::clone(&flag), sig as usize);
            }
            let _ = std::thread::Builder::new()
                .name("dama-watchdog".into())
                .spawn(watchdog);
            flag
        });
        beat();
        ACTIVE.store(true, Ordering::SeqCst);
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

    /// What waiting for input found.
    pub enum Wait {
        /// Input may be there (the terminal library reads it), or the time is up.
        Ready,
        /// The terminal is gone (closed without a SIGHUP reaching us, as under `sh -c`).
        HungUp,
    }

    /// Waits up to `timeout` for input on the terminal. The terminal library is asked only
    /// once input is there: on a closed terminal it would read end-of-file forever without
    /// returning, so the hang-up is seen here first. A signal cuts the wait short.
    pub fn wait_input(timeout: Duration) -> io::Result<Wait> {
        let Some(tty) = terminal_fd() else {
            // No descriptor to watch: the library's own wait.
            ratatui::crossterm::event::poll(timeout)?;
            return Ok(Wait::Ready);
        };
        let mut fd = libc::pollfd {
            fd: tty,
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = timeout.as_millis().min(i32::MAX as u128) as libc::c_int;
        // SAFETY: one valid pollfd for the duration of the call.
        let r = unsafe { libc::poll(&mut fd, 1, ms) };
        if r < 0 {
            let e = io::Error::last_os_error();
            return if e.kind() == io::ErrorKind::Interrupted {
                Ok(Wait::Ready)
            } else {
                Err(e)
            };
        }
        if fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
            return Ok(Wait::HungUp);
        }
        Ok(Wait::Ready)
    }

    /// The descriptor the terminal library reads keys from: standard input when it is the
    /// terminal, else `/dev/tty` (opened once here, to watch the same terminal).
    fn terminal_fd() -> Option<libc::c_int> {
        use std::os::fd::AsRawFd;
        static TTY: OnceLock<Option<std::fs::File>> = OnceLock::new();
        if io::stdin().is_terminal() {
            return Some(libc::STDIN_FILENO);
        }
        TTY.get_or_init(|| std::fs::File::open("/dev/tty").ok())
            .as_ref()
            .map(|f| f.as_raw_fd())
    }

    fn hung_up() -> bool {
        // Only through the descriptor: the terminal library is the stuck loop's to use.
        terminal_fd().is_some() && matches!(wait_input(Duration::ZERO), Ok(Wait::HungUp))
    }

    /// Should the loop ever be stuck (the terminal library spinning on a terminal closed
    /// between two checks) while a signal or a hang-up waits, end the program here: the
    /// game is already kept up to its last move, so only the terminal is left to restore.
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
                super::restore();
                std::process::exit(128 + pending().unwrap_or(SIGHUP));
            }
        }
    }
}

/// Elsewhere the terminal library reports Ctrl-C as a key and there are no such signals.
#[cfg(not(unix))]
mod signals {
    use std::io;
    use std::time::Duration;

    pub enum Wait {
        Ready,
        #[allow(dead_code)]
        HungUp,
    }
    pub fn watch() {}
    pub fn beat() {}
    pub fn stand_down() {}
    pub fn pending() -> Option<i32> {
        None
    }
    pub fn wait_input(timeout: Duration) -> io::Result<Wait> {
        ratatui::crossterm::event::poll(timeout)?;
        Ok(Wait::Ready)
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
) -> io::Result<Ended> {
    let size = terminal.size()?;
    app.update(Action::Resize {
        width: size.width,
        height: size.height,
    });
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
        // A signal cuts this wait short. The library is asked either way: resizes reach it
        // through its own signal pipe, not the terminal.
        if let signals::Wait::HungUp = signals::wait_input(TICK)? {
            return Ok(Ended::Signal(HANGUP));
        }
        if event::poll(Duration::ZERO)? {
            // Take every event already waiting before drawing again.
            loop {
                let ev = event::read()?;
                if let Some(a) = input::map(&ev, app.context()) {
                    app.update(a);
                }
                if app.should_quit()
                    || signals::pending().is_some()
                    || !event::poll(Duration::ZERO)?
                {
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
        if app.take_bell() {
            use std::io::Write;
            let mut out = std::io::stdout();
            out.write_all(b"\x07")?;
            out.flush()?;
        }
    }
}
