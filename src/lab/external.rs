//! A match player that is another program speaking the `dama engine` protocol
//! (docs/protocol.md, written and read with [`crate::line_protocol`]): a build of an older
//! commit, or another engine. It runs as a child process through `sh -c`, so the command may
//! hold arguments and quotes as typed in a shell. A move that does not come in time, an engine
//! that exits, or an answer that is not a legal move loses that game (a [`Forfeit`]), and so
//! does one that is not ready in time for a game or floods its output (a line longer than
//! `dama engine` takes, or thousands of lines with no answer). The process is then ended, with
//! its process group (all it started), and started afresh for the next game; what it writes is
//! read a bounded line at a time into a bounded queue, so no engine can make the match run out
//! of memory. It knows nothing of the match that uses it.

use crate::engine::Limits;
use crate::line_protocol::{
    Answer, AnswerError, EngineCommand, Info, MAX_LINE, SetPosition, Start,
};
use crate::notation::{fen, movetext};
use crate::rules::{Game, Move, RuleSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

/// Makes a write to an engine that has exited fail with an error on this thread instead of
/// ending dama: `main` restores the default SIGPIPE (so `dama perft | head` ends quietly), and
/// a crashed engine's pipe would raise it. A broken pipe's signal goes to the thread that
/// wrote, so blocking it here leaves the other threads (and stdout) as they were. Every thread
/// that talks to an external engine calls this first.
pub fn quiet_broken_pipes() {
    #[cfg(unix)]
    // SAFETY: the set is initialised by sigemptyset before use; blocking a signal for the
    // calling thread has no other effect.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGPIPE);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
}

/// Why a player lost a game other than on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forfeit {
    /// No move within the time allowed.
    Time,
    /// No answer to `isready` within the time allowed (after starting, or for a new game).
    NotReady(Duration),
    /// The program ended, could not be started, or its pipes broke.
    Crash(String),
    /// The answer was not a legal move here (or `bestmove none` with legal moves left), or an
    /// `error` line.
    BadAnswer(String),
    /// It answered `error` to the match's rule set: it cannot play these games.
    Refused(String),
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Forfeit::Time => write!(f, "lost on time"),
            Forfeit::NotReady(t) => write!(f, "not ready: no answer within {} ms", t.as_millis()),
            Forfeit::Crash(why) => write!(f, "engine crashed: {why}"),
            Forfeit::BadAnswer(why) => write!(f, "bad answer: {why}"),
            Forfeit::Refused(why) => write!(f, "refused the rules: {why}"),
        }
    }
}

/// What the reader thread passes on from an engine's output.
enum Output {
    /// One line, its line break dropped (a line that is not UTF-8 text is passed on as a
    /// placeholder: a bad answer, not the end of the output).
    Line(String),
    /// A line longer than [`MAX_LINE`] (the longest `dama engine` takes from its input):
    /// nothing more is read after it.
    TooLong,
}

/// Lines read ahead of the match: with [`MAX_LINE`], at most 4 MiB held per engine, however
/// fast it writes.
const QUEUE: usize = 64;

/// Lines an engine may write after a command without answering it (an engine writes a few
/// `info` lines a move): one that floods its output loses the game at once rather than after
/// the whole timeout.
const MAX_LINES: u32 = 10_000;

/// Reads an engine's output line by line onto `tx`, holding at most [`MAX_LINE`] bytes of a
/// line, until the output ends, a line is too long, or the match no longer listens.
fn read_output(output: impl Read, tx: SyncSender<Output>) {
    let mut input = BufReader::new(output);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        } else if buf.len() > MAX_LINE {
            // Not skipped to its end as `dama engine` does: a line may have no end at all.
            let _ = tx.send(Output::TooLong);
            return;
        }
        let line = String::from_utf8(std::mem::take(&mut buf))
            .unwrap_or_else(|_| "(not UTF-8 text)".to_string());
        if tx.send(Output::Line(line)).is_err() {
            return;
        }
    }
}

/// The most characters of an engine's line that a reason quotes (the line itself may be up to
/// [`MAX_LINE`] bytes: the game's line and its record's `Termination` tag stay readable).
const QUOTE: usize = 100;

/// An engine's line as a reason shows it: at most [`QUOTE`] characters (then how long it was),
/// its control characters escaped, so that nothing the program wrote (a terminal's escape
/// sequence, a line break) reaches the match's terminal or its PDN file as it is.
fn shown(line: &str) -> String {
    let mut chars = line.chars();
    let mut text: String = chars
        .by_ref()
        .take(QUOTE)
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    if chars.next().is_some() {
        text.push_str(&format!("... ({} bytes)", line.len()));
    }
    text
}

/// [`shown`] in quotes, as a word the engine answered is quoted.
fn quoted(line: &str) -> String {
    format!("\"{}\"", shown(line))
}

/// A running engine: its input, and its output lines arriving on a channel (a reader thread
/// feeds it, so waiting for an answer can time out).
struct Running {
    child: Child,
    /// Whether `child` has been waited for (its process id may then be another's).
    reaped: bool,
    /// A process in the engine's group that ends the group when the match ends without doing
    /// so itself (see [`watchdog`]); while it runs, the group's id stays the engine's.
    #[cfg(unix)]
    watchdog: Option<(Child, ChildStdin)>,
    input: ChildStdin,
    lines: Receiver<Output>,
    /// The last command sent, and the lines read since.
    asked: String,
    unanswered: u32,
}

impl Running {
    fn send(&mut self, command: &EngineCommand) -> Result<(), Forfeit> {
        self.asked = command.to_string();
        self.unanswered = 0;
        writeln!(self.input, "{}", self.asked)
            .and_then(|()| self.input.flush())
            .map_err(|e| Forfeit::Crash(format!("cannot write to it ({e})")))
    }

    /// The next line before `deadline`, read as an answer (a program may print anything
    /// else).
    fn answer(&mut self, deadline: Instant) -> Result<Result<Answer, AnswerError>, Forfeit> {
        Ok(self.line(deadline)?.parse())
    }

    /// The next line before `deadline`.
    fn line(&mut self, deadline: Instant) -> Result<String, Forfeit> {
        self.unanswered += 1;
        if self.unanswered > MAX_LINES {
            return Err(Forfeit::BadAnswer(format!(
                "{MAX_LINES} lines after `{}` without an answer",
                self.asked
            )));
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Output::Line(line)) => Ok(line),
            Ok(Output::TooLong) => Err(Forfeit::BadAnswer(format!(
                "a line longer than {MAX_LINE} bytes"
            ))),
            Err(RecvTimeoutError::Timeout) => Err(Forfeit::Time),
            Err(RecvTimeoutError::Disconnected) => Err(Forfeit::Crash(self.exit_status())),
        }
    }

    /// Whether the engine has exited, waiting for it if so.
    fn exited(&mut self) -> Option<std::process::ExitStatus> {
        let status = self.child.try_wait().ok().flatten();
        self.reaped |= status.is_some();
        status
    }

    /// How the program ended, given a moment to do so (one that closed its output but runs
    /// on is not waited for: it is ended when dropped).
    fn exit_status(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.exited() {
                Some(status) => return format!("it exited ({status})"),
                None if Instant::now() < until => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                None => return "it closed its output".to_string(),
            }
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // `quit` first, so a well-behaved engine ends by itself; then make sure it has.
        let _ = writeln!(self.input, "{}", EngineCommand::Quit).and_then(|()| self.input.flush());
        let until = Instant::now() + Duration::from_millis(200);
        while self.exited().is_none() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        // Then whatever it started and left behind (a hung engine's children): its group.
        #[cfg(unix)]
        {
            let group_is_ours = !self.reaped || self.watchdog.is_some();
            if let (Ok(group), true) = (i32::try_from(self.child.id()), group_is_ours) {
                // SAFETY: sends a signal to the engine's own process group, nothing else.
                unsafe { libc::kill(-group, libc::SIGKILL) };
            }
        }
        if !self.reaped {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        #[cfg(unix)]
        if let Some((mut w, _)) = self.watchdog.take() {
            // Ended with the group; waited for so that it leaves no zombie.
            let _ = w.kill();
            let _ = w.wait();
        }
    }
}

/// Starts a watchdog for the engine whose process group is `group`: a shell in that group
/// that waits for the end of its input (a pipe only the match writes to) and then ends the
/// group. The match ends the group itself when a game is over and when it finishes; the
/// watchdog does it when the match is ended without the chance, by a signal or `kill -9`
/// (its end of the pipe closes with the process). Unlike `PR_SET_PDEATHSIG`, this reaches
/// the engine's own children too. `None` if it cannot be started: the match goes on without.
#[cfg(unix)]
fn watchdog(group: u32) -> Option<(Child, ChildStdin)> {
    use std::os::unix::process::CommandExt;
    let mut child = Command::new("sh")
        .arg("-c")
        // `read` ends at the end of input; `-KILL -N` signals the group N (dash and bash).
        .arg("read _ ; kill -KILL -$1")
        .arg("dama-watchdog")
        .arg(group.to_string())
        .process_group(i32::try_from(group).ok()?)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    match child.stdin.take() {
        Some(input) => Some((child, input)),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            None
        }
    }
}

/// An external engine, started on demand.
pub struct External {
    command: String,
    seed: u64,
    /// How long a starting (or new-game) engine may take to answer `isready`.
    ready: Duration,
    running: Option<Running>,
}

/// How long a starting (or new-game) engine may take to answer `isready` unless the match
/// says otherwise (`--ready-timeout`).
pub const READY_TIME: Duration = Duration::from_secs(10);

impl External {
    /// A player for `command`; the process starts with the first game, and must answer
    /// `isready` within `ready`. `seed` is sent as `seed N` (an engine that doesn't know the
    /// command may answer `error`: that is ignored).
    pub fn new(command: &str, seed: u64, ready: Duration) -> External {
        External {
            command: command.to_string(),
            seed,
            ready,
            running: None,
        }
    }

    fn start(&mut self) -> Result<&mut Running, Forfeit> {
        if self.running.is_none() {
            let mut command = Command::new("sh");
            command
                .arg("-c")
                // `exec`: the engine itself is the child, so ending the child ends the engine.
                .arg(format!("exec {}", self.command))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit());
            // Its own process group, so that it can be ended with all it starts (and a
            // Ctrl-C at the terminal reaches the match alone, which ends it).
            #[cfg(unix)]
            std::os::unix::process::CommandExt::process_group(&mut command, 0);
            let mut child = command
                .spawn()
                .map_err(|e| Forfeit::Crash(format!("cannot start it ({e})")))?;
            #[cfg(unix)]
            let watchdog = watchdog(child.id());
            let (input, output) = match (child.stdin.take(), child.stdout.take()) {
                (Some(i), Some(o)) => (i, o),
                _ => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(Forfeit::Crash("no pipes to it".to_string()));
                }
            };
            let (tx, lines) = sync_channel(QUEUE);
            std::thread::spawn(move || read_output(output, tx));
            self.running = Some(Running {
                child,
                reaped: false,
                #[cfg(unix)]
                watchdog,
                input,
                lines,
                asked: String::new(),
                unanswered: 0,
            });
        }
        Ok(self.running.as_mut().expect("just started"))
    }

    /// Starts the program if it is not running and prepares a new game under `rules`: it
    /// must answer `isready` in the time given to [`External::new`].
    ///
    /// # Errors
    /// The program could not be started or did not answer (it is then ended).
    pub fn new_game(&mut self, rules: RuleSet) -> Result<(), Forfeit> {
        let seed = self.seed;
        let ready = self.ready;
        let fresh = self.running.is_none();
        let result = (|| {
            let r = self.start()?;
            let deadline = Instant::now() + ready;
            // The rules on their own first: an `error` to them is the one answer that says
            // the engine cannot play these games (to `seed` it only says it cannot vary).
            r.send(&EngineCommand::Rules(rules))?;
            r.send(&EngineCommand::IsReady)?;
            loop {
                match r.answer(deadline)? {
                    Ok(Answer::ReadyOk) => break,
                    Ok(Answer::Error(why)) => {
                        return Err(Forfeit::Refused(format!(
                            "`{}` answered `error {}`",
                            EngineCommand::Rules(rules),
                            shown(&why)
                        )));
                    }
                    _ => {}
                }
            }
            if fresh {
                // A first search, not timed, so that one-time setup (dama solves its endgame
                // table in its first search) is not charged to the first move of the match.
                r.send(&EngineCommand::Position(SetPosition {
                    start: Start::StartPos,
                    moves: Vec::new(),
                }))?;
                r.send(&EngineCommand::Go(Limits::Depth(1)))?;
                while !matches!(
                    r.answer(deadline)?,
                    Ok(Answer::BestMove(_)) | Err(AnswerError::NoMove)
                ) {}
            }
            r.send(&EngineCommand::NewGame)?;
            r.send(&EngineCommand::Seed(Some(seed)))?;
            r.send(&EngineCommand::IsReady)?;
            while r.answer(deadline)? != Ok(Answer::ReadyOk) {}
            Ok(())
        })();
        if result.is_err() {
            self.running = None;
        }
        result.map_err(|f| match f {
            Forfeit::Time => Forfeit::NotReady(ready),
            f => f,
        })
    }

    /// The engine's move in `game`, the time it took (from `go` to `bestmove`) and the last
    /// `info` line it gave (if any could be read), or why it has lost. `limit` is how long it
    /// may take before it loses on time.
    ///
    /// # Errors
    /// A [`Forfeit`]; the program is then ended (the next game starts a fresh one).
    pub fn choose(
        &mut self,
        game: &Game,
        limits: Limits,
        limit: Duration,
    ) -> Result<(Move, Duration, Option<Info>), Forfeit> {
        let result = self.ask(game, limits, limit);
        if result.is_err() {
            self.running = None;
        }
        result
    }

    fn ask(
        &mut self,
        game: &Game,
        limits: Limits,
        limit: Duration,
    ) -> Result<(Move, Duration, Option<Info>), Forfeit> {
        let r = self.start()?;
        r.send(&EngineCommand::Position(SetPosition::of(game)))?;
        let started = Instant::now();
        r.send(&EngineCommand::Go(limits))?;
        let deadline = started + limit;
        let mut last = None;
        loop {
            let line = r.line(deadline)?;
            let bad_move = || {
                Forfeit::BadAnswer(format!(
                    "{} is not a legal move in {}",
                    quoted(&line),
                    fen::write(game.position())
                ))
            };
            match line.parse::<Answer>() {
                Ok(Answer::BestMove(m)) => {
                    let used = started.elapsed();
                    let played = m
                        .and_then(|m| movetext::parse_move(game.position(), &m).ok())
                        .filter(|m| game.legal_moves().contains(m));
                    return played.map(|m| (m, used, last)).ok_or_else(bad_move);
                }
                Err(AnswerError::NoMove) => return Err(bad_move()),
                Ok(Answer::Error(_)) => return Err(Forfeit::BadAnswer(shown(&line))),
                Ok(Answer::Info(i)) => last = Some(i),
                // Anything else a program may print (an `info` line that cannot be read
                // included) is not the answer.
                _ => {}
            }
        }
    }
}
