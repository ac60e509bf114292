//! Everything the terminal loop waits for, in one channel (as ratatui's event-driven template
//! does): the terminal's keys, clicks and resizes, read on a thread of their own, and the
//! engine thread's messages, sent straight into the same channel. The loop sleeps on the
//! channel until the next tick, so an engine's answer is drawn at once, not at the next
//! pause in reading the keyboard.
//!
//! Reading the terminal: the terminal library is asked for an event only once the terminal's
//! descriptor says input is there (`poll`): on a closed terminal the library would read
//! end-of-file forever without returning, so the hang-up is seen here first.

use crate::tui::app::EngineMsg;
use ratatui::crossterm::event;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// One thing for the terminal loop to handle.
#[derive(Debug)]
pub enum Event {
    /// A key, a click or a resize from the terminal.
    Input(event::Event),
    /// A message from the engine thread.
    Engine(EngineMsg),
    /// The terminal is gone (closed without a SIGHUP reaching us, as under `sh -c`).
    HungUp,
    /// Reading the terminal failed; the loop ends with this error.
    Failed(io::Error),
    /// A signal arrived: the loop reads which one from the signal flag.
    Signal,
}

/// How long the input thread waits on the terminal before looking again (resizes reach the
/// terminal library through its own signal pipe, not the terminal, and are read then).
const INPUT_WAIT: Duration = Duration::from_millis(100);

/// The terminal loop's end of the channel, and the thread that reads the terminal into it.
pub struct Events {
    tx: Sender<Event>,
    rx: Receiver<Event>,
    reader: Option<Reader>,
}

struct Reader {
    stop: Arc<AtomicBool>,
    /// Wakes the reader out of its wait (unix: a socket it watches beside the terminal).
    #[cfg(unix)]
    wake: std::os::unix::net::UnixStream,
    thread: JoinHandle<()>,
}

impl Default for Events {
    fn default() -> Events {
        Events::new()
    }
}

impl Events {
    /// A channel with nobody reading the terminal yet (see [`Events::read_terminal`]).
    pub fn new() -> Events {
        let (tx, rx) = channel();
        Events {
            tx,
            rx,
            reader: None,
        }
    }

    /// A sender for another source (the engine thread).
    pub fn sender(&self) -> Sender<Event> {
        self.tx.clone()
    }

    /// Starts the thread that reads the terminal's events into the channel.
    ///
    /// # Errors
    /// When the operating system refuses the thread (or, on unix, the socket that wakes it).
    pub fn read_terminal(&mut self) -> io::Result<()> {
        let stop = Arc::new(AtomicBool::new(false));
        let tx = self.tx.clone();
        let flag = Arc::clone(&stop);
        #[cfg(unix)]
        {
            let (wake, watched) = std::os::unix::net::UnixStream::pair()?;
            watched.set_nonblocking(true)?;
            let thread = std::thread::Builder::new()
                .name("dama-input".into())
                .spawn(move || read_input(&tx, &flag, &watched))?;
            self.reader = Some(Reader { stop, wake, thread });
        }
        #[cfg(not(unix))]
        {
            let thread = std::thread::Builder::new()
                .name("dama-input".into())
                .spawn(move || read_input(&tx, &flag))?;
            self.reader = Some(Reader { stop, thread });
        }
        Ok(())
    }

    /// The next event, waiting until `deadline` at most (`None`: the time is up).
    pub fn next(&self, deadline: Instant) -> Option<Event> {
        let wait = deadline.saturating_duration_since(Instant::now());
        // The channel holds a sender of its own: it is never disconnected.
        self.rx.recv_timeout(wait).ok()
    }

    /// An event already waiting, if any.
    pub fn try_next(&self) -> Option<Event> {
        self.rx.try_recv().ok()
    }

    /// Stops the input thread and waits a moment for it, so that no key typed after the
    /// board closes is taken from the shell. A thread stuck in the terminal library (a
    /// terminal closed under it) is left behind: the program ends soon after.
    pub fn stop_reading(&mut self) {
        let Some(r) = self.reader.take() else {
            return;
        };
        r.stop.store(true, Ordering::SeqCst);
        #[cfg(unix)]
        {
            use std::io::Write;
            let _ = (&r.wake).write_all(&[1]);
        }
        let start = Instant::now();
        while !r.thread.is_finished() && start.elapsed() < INPUT_WAIT * 3 {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        self.stop_reading();
    }
}

/// The input thread: waits for the terminal, then hands over every event the library has.
#[cfg(unix)]
fn read_input(tx: &Sender<Event>, stop: &AtomicBool, wake: &std::os::unix::net::UnixStream) {
    use std::os::fd::AsRawFd;
    while !stop.load(Ordering::SeqCst) {
        match wait_input(INPUT_WAIT, Some(wake.as_raw_fd())) {
            Ok(Wait::HungUp) => {
                let _ = tx.send(Event::HungUp);
                return;
            }
            Err(e) => {
                let _ = tx.send(Event::Failed(e));
                return;
            }
            Ok(Wait::Woken) => {
                drain(wake);
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                // Woken by a signal: the loop reads the flag.
                if tx.send(Event::Signal).is_err() {
                    return;
                }
            }
            Ok(Wait::Ready) => {}
        }
        if !hand_over(tx, stop) {
            return;
        }
        rearm_if_unread();
    }
}

/// The terminal library waits on the terminal edge-triggered, and when a resize and a key
/// arrive together it may return the resize and drop the terminal's readiness: the key then
/// stays unread until the next key arrives. If input is still waiting once the library has
/// nothing more to give, re-setting the terminal's modes unchanged wakes its waiters (Linux's
/// line discipline does so on every mode change), and the library reads the key at once.
#[cfg(unix)]
fn rearm_if_unread() {
    let Some(tty) = terminal_fd() else {
        return;
    };
    let mut fd = libc::pollfd {
        fd: tty,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd for the duration of the call; termios filled by tcgetattr on
    // the same descriptor before it is written back unchanged.
    unsafe {
        if libc::poll(&mut fd, 1, 0) <= 0 || fd.revents & libc::POLLIN == 0 {
            return;
        }
        let mut t: libc::termios = std::mem::zeroed();
        if libc::tcgetattr(tty, &mut t) == 0 {
            libc::tcsetattr(tty, libc::TCSANOW, &t);
        }
    }
}

#[cfg(not(unix))]
fn read_input(tx: &Sender<Event>, stop: &AtomicBool) {
    while !stop.load(Ordering::SeqCst) {
        if let Err(e) = event::poll(INPUT_WAIT) {
            let _ = tx.send(Event::Failed(e));
            return;
        }
        if !hand_over(tx, stop) {
            return;
        }
    }
}

/// Sends every event the terminal library has ready; false once the thread should end.
fn hand_over(tx: &Sender<Event>, stop: &AtomicBool) -> bool {
    loop {
        if stop.load(Ordering::SeqCst) {
            return false;
        }
        let ev = match event::poll(Duration::ZERO) {
            Ok(false) => return true,
            Ok(true) => event::read(),
            Err(e) => Err(e),
        };
        let sent = match ev {
            Ok(ev) => tx.send(Event::Input(ev)),
            Err(e) => {
                let _ = tx.send(Event::Failed(e));
                return false;
            }
        };
        if sent.is_err() {
            return false; // the loop is gone
        }
    }
}

/// Empties the wake-up socket (non-blocking).
#[cfg(unix)]
fn drain(wake: &std::os::unix::net::UnixStream) {
    use std::io::Read;
    let mut buf = [0u8; 64];
    while matches!((&*wake).read(&mut buf), Ok(n) if n > 0) {}
}

/// What waiting for input found.
#[derive(Debug, PartialEq, Eq)]
pub enum Wait {
    /// Input may be there (the terminal library reads it), or the time is up.
    Ready,
    /// The terminal is gone (closed without a SIGHUP reaching us, as under `sh -c`).
    HungUp,
    /// The other descriptor watched has something to read.
    Woken,
}

/// Waits up to `timeout` for input on the terminal, or for `wake` to be readable. A signal
/// received by this thread cuts the wait short.
#[cfg(unix)]
pub fn wait_input(timeout: Duration, wake: Option<libc::c_int>) -> io::Result<Wait> {
    let Some(tty) = terminal_fd() else {
        // No descriptor to watch: the library's own wait.
        event::poll(timeout)?;
        return Ok(Wait::Ready);
    };
    let mut fds = [
        libc::pollfd {
            fd: tty,
            events: libc::POLLIN,
            revents: 0,
        },
        libc::pollfd {
            fd: wake.unwrap_or(-1), // a negative descriptor is skipped
            events: libc::POLLIN,
            revents: 0,
        },
    ];
    let ms = timeout.as_millis().min(i32::MAX as u128) as libc::c_int;
    // SAFETY: two valid pollfds for the duration of the call.
    let r = unsafe { libc::poll(fds.as_mut_ptr(), 2, ms) };
    if r < 0 {
        let e = io::Error::last_os_error();
        return if e.kind() == io::ErrorKind::Interrupted {
            Ok(Wait::Ready)
        } else {
            Err(e)
        };
    }
    if fds[0].revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
        return Ok(Wait::HungUp);
    }
    if fds[1].revents & libc::POLLIN != 0 {
        return Ok(Wait::Woken);
    }
    Ok(Wait::Ready)
}

/// Whether the terminal is gone, looked at without waiting and without the terminal library
/// (which a stuck thread may hold).
#[cfg(unix)]
pub fn hung_up() -> bool {
    terminal_fd().is_some() && matches!(wait_input(Duration::ZERO, None), Ok(Wait::HungUp))
}

#[cfg(not(unix))]
pub fn hung_up() -> bool {
    false
}

/// The descriptor the terminal library reads keys from: standard input when it is the
/// terminal, else `/dev/tty` (opened once here, to watch the same terminal).
#[cfg(unix)]
fn terminal_fd() -> Option<libc::c_int> {
    use std::io::IsTerminal;
    use std::os::fd::AsRawFd;
    use std::sync::OnceLock;
    static TTY: OnceLock<Option<std::fs::File>> = OnceLock::new();
    if io::stdin().is_terminal() {
        return Some(libc::STDIN_FILENO);
    }
    TTY.get_or_init(|| std::fs::File::open("/dev/tty").ok())
        .as_ref()
        .map(|f| f.as_raw_fd())
}

/// Where a caught signal also wakes the input thread (so the loop sees it at once, whichever
/// thread the signal interrupted): the write end of a socket the reader watches.
#[cfg(unix)]
pub fn wake_on_signals(events: &Events, signals: &[libc::c_int]) {
    if let Some(r) = &events.reader
        && let Ok(w) = r.wake.try_clone()
    {
        use std::os::fd::IntoRawFd;
        let fd = w.into_raw_fd();
        for &sig in signals {
            // signal-hook's handler writes one byte to `fd` (without blocking). The
            // descriptor stays open for the life of the process on purpose: a handler may
            // still run after the loop.
            let _ = signal_hook::low_level::pipe::register_raw(sig, fd);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loop's wait ends when a message is sent, not at the tick's deadline.
    #[test]
    fn a_message_ends_the_wait_at_once() {
        let events = Events::new();
        let tx = events.sender();
        let sent = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            let _ = tx.send(Event::Signal);
            Instant::now()
        });
        let got = events.next(Instant::now() + Duration::from_secs(30));
        let woke = Instant::now();
        assert!(matches!(got, Some(Event::Signal)), "{got:?}");
        let lag = woke.saturating_duration_since(sent.join().unwrap());
        assert!(
            lag < Duration::from_secs(5),
            "woke {lag:?} after the message"
        );
        // Nothing waiting: the deadline ends the wait.
        assert!(events.try_next().is_none());
        assert!(
            events
                .next(Instant::now() + Duration::from_millis(5))
                .is_none()
        );
    }
}
