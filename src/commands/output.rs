//! Standard output for the commands, the one place where they print: every write returns its
//! error (`println!` panics on a full disk or a closed pipe), and every line is made safe for
//! a terminal first (text read from a file must not be able to send it escape sequences).

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Write};

/// Text with the control characters removed, except the line breaks and tabs that only lay it
/// out: an escape sequence in a tag value (`\e]0;...\a` renames the terminal, others move the
/// cursor or rewrite the screen) is stripped, as the full-screen viewer strips it. C1 controls
/// (U+0080 to U+009F) go too: some terminals read U+009B as the start of a sequence.
pub fn printable(text: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() && c != '\n' && c != '\t';
    if text.contains(unsafe_char) {
        Cow::Owned(text.chars().filter(|&c| !unsafe_char(c)).collect())
    } else {
        Cow::Borrowed(text)
    }
}

/// A failed write to standard output. A closed pipe (`dama perft | head`) is the reader's
/// choice and ends the command quietly ([`OutputError::is_closed`]); anything else (a full
/// disk, an I/O error) is reported in one line with a non-zero exit.
#[derive(Debug)]
pub struct OutputError(pub io::Error);

impl OutputError {
    /// The reader went away (`EPIPE`).
    pub fn is_closed(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write to standard output: {}", self.0)
    }
}

// No `source`: the message already ends with the I/O error, which `{:#}` would repeat.
impl std::error::Error for OutputError {}

/// Whether `e` is (or was caused by) a closed standard output.
pub fn is_closed_output(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<OutputError>()
            .is_some_and(OutputError::is_closed)
    })
}

/// A command's standard output.
pub struct Out {
    w: Box<dyn Write + Send>,
    /// The reader went away while [`Out::outlive_reader`] was on: later lines are dropped.
    closed: bool,
    outlive: bool,
}

impl Out {
    /// The process's standard output; if it was closed when the program started (`dama perft
    /// >&-`), one whose every write fails, so the command reports it as any failed write.
    pub fn stdout() -> Out {
        if stdout_closed() {
            Out::new(Box::new(ClosedStdout))
        } else {
            Out::new(Box::new(io::stdout()))
        }
    }

    /// Any writer (tests write into a buffer or a failing writer).
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out {
            w,
            closed: false,
            outlive: false,
        }
    }

    /// For a command whose real product is a file (`match --pdn`, `analyze --annotate`): if
    /// the reader of its progress lines goes away, the work goes on and the file is still
    /// written; only the lines are dropped. Other write errors still end the command.
    pub fn outlive_reader(&mut self) {
        self.outlive = true;
    }

    /// Writes one line (`args` plus a line break), made [`printable`].
    ///
    /// # Errors
    /// The write failed: the reader went away (unless [`Out::outlive_reader`]), the disk is
    /// full, or any other I/O error.
    pub fn line(&mut self, args: fmt::Arguments) -> Result<(), OutputError> {
        self.text(format_args!("{args}\n"))
    }

    /// Writes `args` as they are (no line break added), made [`printable`].
    ///
    /// # Errors
    /// As [`Out::line`].
    pub fn text(&mut self, args: fmt::Arguments) -> Result<(), OutputError> {
        if self.closed {
            return Ok(());
        }
        let text = match args.as_str() {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(args.to_string()),
        };
        let r = self.w.write_all(printable(&text).as_bytes());
        self.result(r)
    }

    /// Sends what is buffered on (a command does this last, so that a full disk is reported
    /// even when the last line did not end a buffer).
    ///
    /// # Errors
    /// As [`Out::line`].
    pub fn flush(&mut self) -> Result<(), OutputError> {
        if self.closed {
            return Ok(());
        }
        let r = self.w.flush();
        self.result(r)
    }

    fn result(&mut self, r: io::Result<()>) -> Result<(), OutputError> {
        match r {
            Err(e) if self.outlive && e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            r => r.map_err(OutputError),
        }
    }
}

/// Whether standard output was closed when the program started. Rust's runtime opens
/// `/dev/null` on a closed standard descriptor before `main`, after which every write would
/// succeed unseen; so the descriptor is looked at earlier, by a constructor (Linux only: the
/// `.init_array` that runs before `main`).
pub fn stdout_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        // Used here, so the constructor is linked in wherever `Out` is.
        std::hint::black_box(&LOOK_AT_STDOUT);
    }
    STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
}

static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;

/// Runs before `main` (and before the runtime replaces a closed descriptor).
#[cfg(target_os = "linux")]
extern "C" fn look_at_stdout() {
    // SAFETY: F_GETFD only asks whether descriptor 1 is open; nothing else runs yet.
    let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
    STDOUT_CLOSED.store(closed, std::sync::atomic::Ordering::Relaxed);
}

/// The error of a write to a standard output that was closed at the start.
pub fn closed_stdout() -> OutputError {
    OutputError(closed_error())
}

fn closed_error() -> io::Error {
    io::Error::other("it was closed when dama started")
}

/// Standard output when it was closed at the start: every write fails.
struct ClosedStdout;

impl Write for ClosedStdout {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(closed_error())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// `outln!(out, "format", args...)`: one line to an [`Out`], as `writeln!` would write it;
/// returns `Result<(), OutputError>` for `?`.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {
        $out.line(format_args!($($arg)*))
    };
}
pub(crate) use outln;

/// A warning or note on standard error. Never panics (as `eprintln!` does when standard
/// error is unwritable): if even that fails, there is nowhere left to say so.
pub fn warn(args: fmt::Arguments) {
    let _ = writeln!(io::stderr().lock(), "{}", printable(&args.to_string()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_stripped_but_layout_is_kept() {
        assert_eq!(printable("\u{1b}]0;x\u{7}Event"), "]0;xEvent");
        assert_eq!(printable("a\r\nb\tc\u{9b}2J\u{7f}"), "a\nb\tc2J");
        assert!(matches!(printable("plain 22-18"), Cow::Borrowed(_)));
    }

    /// A writer that fails every write with `kind`.
    struct Failing(io::ErrorKind);
    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(self.0))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_reader_ends_a_report_unless_the_command_outlives_it() {
        let mut out = Out::new(Box::new(Failing(io::ErrorKind::BrokenPipe)));
        let e = outln!(out, "x").unwrap_err();
        assert!(e.is_closed());
        assert!(is_closed_output(&anyhow::Error::new(e)));
        let mut out = Out::new(Box::new(Failing(io::ErrorKind::BrokenPipe)));
        out.outlive_reader();
        assert!(outln!(out, "x").is_ok());
        assert!(outln!(out, "y").is_ok());
        // A full disk is an error either way.
        let mut out = Out::new(Box::new(Failing(io::ErrorKind::StorageFull)));
        out.outlive_reader();
        let e = outln!(out, "x").unwrap_err();
        assert!(!e.is_closed());
        assert!(e.to_string().starts_with("cannot write to standard output"));
    }
}
