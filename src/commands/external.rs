//! A match player that is another program speaking the `dama engine` protocol (see the
//! README): a build of an older commit, or another engine. It runs as a child process through
//! `sh -c`, so the command may hold arguments and quotes as typed in a shell. A move that does
//! not come in time, an engine that exits, or an answer that is not a legal move loses that
//! game (a [`Forfeit`]); the process is then ended and started afresh for the next game.

use crate::engine::Limits;
use crate::notation::{fen, movetext};
use crate::rules::{Game, Move, RuleSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
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
    /// The program ended, could not be started, or its pipes broke.
    Crash(String),
    /// The answer was not a legal move here (or `bestmove none` with legal moves left), or an
    /// `error` line.
    BadAnswer(String),
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Forfeit::Time => write!(f, "lost on time"),
            Forfeit::Crash(why) => write!(f, "engine crashed: {why}"),
            Forfeit::BadAnswer(why) => write!(f, "bad answer: {why}"),
        }
    }
}

/// A running engine: its input, and its output lines arriving on a channel (a reader thread
/// feeds it, so waiting for an answer can time out).
struct Running {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Running {
    fn send(&mut self, line: &str) -> Result<(), Forfeit> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| Forfeit::Crash(format!("cannot write to it ({e})")))
    }

    /// The next line before `deadline`.
    fn line(&mut self, deadline: Instant) -> Result<String, Forfeit> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Forfeit::Time),
            Err(RecvTimeoutError::Disconnected) => Err(Forfeit::Crash(self.exit_status())),
        }
    }
}

impl Running {
    /// How the program ended, given a moment to do so (one that closed its output but runs
    /// on is not waited for: it is ended when dropped).
    fn exit_status(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("it exited ({status})"),
                Ok(None) if Instant::now() < until => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Ok(None) => return "it closed its output".to_string(),
                Err(e) => return e.to_string(),
            }
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // `quit` first, so a well-behaved engine ends by itself; then make sure it has.
        let _ = writeln!(self.input, "quit").and_then(|()| self.input.flush());
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An external engine, started on demand.
pub struct External {
    command: String,
    seed: u64,
    running: Option<Running>,
}

/// How long a starting (or new-game) engine may take to answer `isready`.
const READY_TIME: Duration = Duration::from_secs(10);

impl External {
    /// A player for `command`; the process starts with the first game. `seed` is sent as
    /// `seed N` (an engine that doesn't know the command may answer `error`: that is ignored).
    pub fn new(command: &str, seed: u64) -> External {
        External {
            command: command.to_string(),
            seed,
            running: None,
        }
    }

    fn start(&mut self) -> Result<&mut Running, Forfeit> {
        if self.running.is_none() {
            let mut child = Command::new("sh")
                .arg("-c")
                // `exec`: the engine itself is the child, so ending the child ends the engine.
                .arg(format!("exec {}", self.command))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .map_err(|e| Forfeit::Crash(format!("cannot start it ({e})")))?;
            let (input, output) = match (child.stdin.take(), child.stdout.take()) {
                (Some(i), Some(o)) => (i, o),
                _ => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(Forfeit::Crash("no pipes to it".to_string()));
                }
            };
            let (tx, lines) = channel();
            std::thread::spawn(move || {
                for line in BufReader::new(output).lines() {
                    // A line that is not UTF-8 is a bad answer, not the end of the output.
                    let line = line.unwrap_or_else(|_| "(not UTF-8 text)".to_string());
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
            self.running = Some(Running {
                child,
                input,
                lines,
            });
        }
        Ok(self.running.as_mut().expect("just started"))
    }

    /// Starts the program if it is not running and prepares a new game under `rules`: it
    /// must answer `isready` within ten seconds.
    ///
    /// # Errors
    /// The program could not be started or did not answer (it is then ended).
    pub fn new_game(&mut self, rules: RuleSet) -> Result<(), Forfeit> {
        let seed = self.seed;
        let fresh = self.running.is_none();
        let result = (|| {
            let r = self.start()?;
            let deadline = Instant::now() + READY_TIME;
            r.send(&format!("rules {}", rules_word(rules)))?;
            if fresh {
                // A first search, not timed, so that one-time setup (dama solves its endgame
                // table in its first search) is not charged to the first move of the match.
                r.send("position startpos")?;
                r.send("go depth 1")?;
                while !r.line(deadline)?.starts_with("bestmove") {}
            }
            r.send("newgame")?;
            r.send(&format!("seed {seed}"))?;
            r.send("isready")?;
            while r.line(deadline)? != "readyok" {}
            Ok(())
        })();
        if result.is_err() {
            self.running = None;
        }
        result
    }

    /// The engine's move in `game` and the time it took (from `go` to `bestmove`), or why it
    /// has lost. `limit` is how long it may take before it loses on time.
    ///
    /// # Errors
    /// A [`Forfeit`]; the program is then ended (the next game starts a fresh one).
    pub fn choose(
        &mut self,
        game: &Game,
        limits: Limits,
        limit: Duration,
    ) -> Result<(Move, Duration, bool), Forfeit> {
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
    ) -> Result<(Move, Duration, bool), Forfeit> {
        let r = self.start()?;
        r.send(&position_command(game))?;
        let started = Instant::now();
        r.send(&go_command(limits))?;
        let deadline = started + limit;
        // Whether the last `info` line says the search ended before the clock.
        let mut ended = false;
        loop {
            let line = r.line(deadline)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let used = started.elapsed();
                    let text = words.next().unwrap_or("");
                    return match movetext::parse_move(game.position(), text) {
                        Ok(m) if game.legal_moves().contains(&m) => Ok((m, used, ended)),
                        _ => Err(Forfeit::BadAnswer(format!(
                            "{line:?} is not a legal move in {}",
                            fen::write(game.position())
                        ))),
                    };
                }
                Some("error") => return Err(Forfeit::BadAnswer(line)),
                Some("info") => {
                    if let Some((d, s, n)) = super::matchplay::read_info(&line) {
                        ended = super::matchplay::ended_on_its_own(d, s, n);
                    }
                }
                // `info` lines, and anything else a program may print, are not the answer.
                _ => {}
            }
        }
    }
}

fn rules_word(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Italian => "italian",
        RuleSet::English => "english",
    }
}

/// `position fen START moves ...`: the whole game, so the engine knows the positions that
/// count for repetition.
fn position_command(game: &Game) -> String {
    let mut line = format!("position fen {}", fen::write(game.start()));
    if !game.moves().is_empty() {
        line.push_str(" moves");
        for m in game.moves() {
            line.push(' ');
            line.push_str(&m.to_string());
        }
    }
    line
}

fn go_command(limits: Limits) -> String {
    match limits {
        Limits::Depth(d) => format!("go depth {d}"),
        Limits::MoveTime(t) => format!("go movetime {}", t.as_millis().max(1)),
        Limits::Nodes(n) => format!("go nodes {n}"),
        Limits::Infinite => "go infinite".to_string(),
    }
}
