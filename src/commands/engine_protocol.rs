//! `dama engine`: a line-based text protocol on stdin/stdout, so that other programs (a GUI, a
//! match runner, a tester) can drive the engine. docs/protocol.md documents it with an example.
//!
//! Commands, one per line (words separated by spaces):
//! - `rules italian|english`: the rule set (the position goes back to its start)
//! - `position startpos|fen <FEN> [moves <m1> <m2> ...]`: the position, and moves played since
//! - `go depth <n>|movetime <ms>|nodes <n>|infinite`: search; answers `info` lines, then
//!   `bestmove <move>` (`bestmove none` when there is no legal move or the game is over: no
//!   pieces left, repetition, no progress); with endgame tables of the
//!   rule set in the data folder, a position they hold is answered from them
//! - `stop`: end the search now (it still answers `bestmove`, always a searched move: the first
//!   iteration, depth 1, is never cut short); any other command waits for a
//!   bounded search to finish first (so scripts can pipe a batch) and stops an open-ended one
//!   (infinite, or deeper or longer than [`open_ended`] allows, which could block for hours)
//! - `newgame`: forget what was learnt (the table); `seed <n>|none`: reproducible or varied play;
//!   `variety <cp>`: how far below the best a randomly chosen move may be (0: always the best)
//! - `threads <n>`: search threads, 1 to 256 (lazy SMP; 1, the default, is reproducible)
//! - `isready`: answers `readyok` (also during a search); `d`: the position and its legal moves
//! - `quit`: end; a running search is stopped and still answers `bestmove` first. The end of
//!   input is a `quit`: nobody may be left to wait for a search (a batch piped in that wants its
//!   last search to run to its limit ends with a command that waits for it, e.g. `newgame`)
//!
//! Anything else, a number out of range or words a command does not take answers `error <why>`
//! and changes nothing: nothing malformed is silently taken for a default. So does a line
//! longer than [`MAX_LINE`], which is read and discarded as it comes, never held in memory.
//!
//! If the answers cannot be written the session ends: quietly when the other program closed
//! its end, with an error (and a non-zero exit) otherwise, e.g. on a full disk.

use super::output::{Out, OutputError};
use crate::cli::EngineArgs;
use crate::engine::limits::MAX_DEPTH;
use crate::engine::score::{self, ScoreKind};
use crate::engine::{Engine, Limits, SearchInfo};
use crate::notation::{fen, movetext};
use crate::rules::{Game, Position, RuleSet};
use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// The longest command line taken, in bytes. The longest useful one, a `position` with a few
/// thousand moves, is far shorter; a longer one is answered with an error without being kept.
pub const MAX_LINE: usize = 64 * 1024;

/// What the protocol's loop waits for.
enum Event {
    /// A command line from the reader thread.
    Line(String),
    /// A line that is not UTF-8 text (answered with an error, not taken for the end of input).
    NotUtf8,
    /// A line longer than [`MAX_LINE`] (its bytes were discarded as they came).
    TooLong,
    /// The end of input (or a read error): the session ends.
    End,
    /// The search thread could not write its answers: the session ends.
    OutputFailed(OutputError),
}

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
enum LineRead {
    Line,
    TooLong,
    End,
}

/// Reads one line (its line break dropped) into `buf`, holding at most `max + 1` bytes of it:
/// the rest of a longer line is skipped as it arrives, so a line with no end in sight costs
/// no memory.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<LineRead> {
    buf.clear();
    let n = input.by_ref().take(max as u64 + 1).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(LineRead::End);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        return Ok(LineRead::Line);
    }
    if buf.len() <= max {
        // The last line, without a line break.
        return Ok(LineRead::Line);
    }
    buf.clear();
    input.skip_until(b'\n')?;
    Ok(LineRead::TooLong)
}

/// The answers' output, shared with the search thread.
type Output = Arc<Mutex<Out>>;

/// Writes one answer line (sent at once: the other program waits for it).
fn say(out: &Mutex<Out>, line: std::fmt::Arguments) -> Result<(), OutputError> {
    // A thread that panicked holding the lock left no half-written line behind.
    let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
    out.line(line).and_then(|()| out.flush())
}

/// The protocol's score: `cp <centi-men>`, or `win <plies>` / `loss <plies>`.
fn score_text(score: i32) -> String {
    match score::classify(score) {
        ScoreKind::Win(n) => format!("win {n}"),
        ScoreKind::Loss(n) => format!("loss {n}"),
        ScoreKind::Centi(cp) => format!("cp {cp}"),
    }
}

fn info_line(i: &SearchInfo) -> String {
    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        i.depth,
        score_text(i.score),
        i.nodes,
        i.nps,
        i.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// Searches bounded by these limits (depth 18 takes about a second from the start, and each
/// further ply about 1.6 times the one before; 100 million nodes about half a minute) are
/// waited for by the next command. Anything deeper or longer may not end in any reasonable time,
/// so like `go infinite` it is stopped by the next command instead of blocking the protocol.
const BOUNDED_DEPTH: u32 = 24;
const BOUNDED_NODES: u64 = 100_000_000;
const BOUNDED_MOVETIME: Duration = Duration::from_secs(60);

/// Whether a search counts as `go infinite` for the commands that follow it.
fn open_ended(limits: Limits) -> bool {
    match limits {
        Limits::Depth(d) => d > BOUNDED_DEPTH,
        Limits::Nodes(n) => n > BOUNDED_NODES,
        Limits::MoveTime(t) => t > BOUNDED_MOVETIME,
        Limits::Infinite => true,
    }
}

/// The engine, either idle here or lent to the search thread.
struct Session {
    rules: RuleSet,
    game: Game,
    engine: Option<Engine>,
    /// Search threads, kept for an engine made afresh after a failed search.
    threads: usize,
    search: Option<(JoinHandle<Engine>, Arc<AtomicBool>, Limits)>,
    out: Output,
    /// The first answer that could not be written: the session ends with it.
    failed: Option<OutputError>,
}

impl Session {
    /// Waits for a running search (stopping it first) and takes the engine back.
    fn finish(&mut self) {
        self.wait(true);
    }

    /// Takes the engine back from a search, stopping it first if `stop` (else it runs to its
    /// limit, unless it is open-ended).
    fn wait(&mut self, stop: bool) {
        if let Some((handle, flag, limits)) = self.search.take() {
            if stop || open_ended(limits) {
                flag.store(true, Ordering::Relaxed);
            }
            match handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    self.say(format_args!(
                        "error the search failed; starting a fresh engine"
                    ));
                }
            }
        }
    }

    /// Writes an answer; the first failure is kept for the loop to end the session with.
    fn say(&mut self, line: std::fmt::Arguments) {
        if self.failed.is_none() {
            self.failed = say(&self.out, line).err();
        }
    }

    fn engine(&mut self, tt: usize) -> &mut Engine {
        self.wait(false);
        let threads = self.threads;
        self.engine.get_or_insert_with(|| {
            let mut e = super::engine_with_table(tt);
            e.set_threads(threads);
            e
        })
    }
}

/// # Errors
/// The answers cannot be written (a closed output is told apart by
/// [`super::output::is_closed_output`]).
pub fn run(args: &EngineArgs, out: Out) -> anyhow::Result<()> {
    let (tx, rx) = mpsc::channel::<Event>();
    let reader = tx.clone();
    // Lines are read on their own thread so that `stop` arrives while a search runs.
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            let event = match read_line(&mut input, &mut buf, MAX_LINE) {
                Ok(LineRead::End) | Err(_) => Event::End,
                Ok(LineRead::TooLong) => Event::TooLong,
                Ok(LineRead::Line) => match String::from_utf8(std::mem::take(&mut buf)) {
                    Ok(line) => Event::Line(line),
                    Err(_) => Event::NotUtf8,
                },
            };
            let end = matches!(event, Event::End);
            if reader.send(event).is_err() || end {
                break;
            }
        }
    });
    let rules = RuleSet::Italian;
    let mut s = Session {
        rules,
        game: Game::new(Position::start(rules)),
        engine: None,
        threads: args.threads,
        search: None,
        out: Arc::new(Mutex::new(out)),
        failed: None,
    };
    s.engine(args.tt);
    while let Ok(event) = rx.recv() {
        let line = match event {
            Event::Line(line) => line,
            Event::NotUtf8 => {
                s.say(format_args!("error the line is not UTF-8 text"));
                continue;
            }
            Event::TooLong => {
                s.say(format_args!(
                    "error the line is longer than {MAX_LINE} bytes (ignored)"
                ));
                continue;
            }
            Event::End => break,
            Event::OutputFailed(e) => {
                s.failed.get_or_insert(e);
                break;
            }
        };
        if s.failed.is_some() {
            break;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, rest)) = words.split_first() else {
            continue;
        };
        // Answers come in the order of the commands: anything but a bare `isready`, `stop` or
        // `quit` (errors included) first lets a bounded search print its `bestmove`.
        if !(rest.is_empty() && matches!(cmd, "isready" | "stop" | "quit")) {
            s.wait(false);
        }
        let result = match cmd {
            "quit" | "isready" | "stop" | "newgame" | "d" if !rest.is_empty() => Err(format!(
                "{cmd} takes no arguments, not {:?}",
                rest.join(" ")
            )),
            "quit" => {
                s.finish();
                break;
            }
            "isready" => {
                s.say(format_args!("readyok"));
                Ok(())
            }
            "stop" => {
                s.finish();
                Ok(())
            }
            "newgame" => {
                s.engine(args.tt).new_game();
                Ok(())
            }
            "variety" => variety(rest).map(|n| s.engine(args.tt).set_variety(n)),
            "contempt" => contempt(rest).map(|n| s.engine(args.tt).set_contempt(n)),
            "threads" => match rest {
                [n] => number_in("threads", "", n, 1, MAX_THREADS).map(|n| {
                    s.threads = n as usize;
                    s.engine(args.tt).set_threads(n as usize);
                }),
                _ => Err("usage: threads <n>".to_string()),
            },
            "seed" => match rest {
                ["none"] => {
                    s.engine(args.tt).set_seed(None);
                    Ok(())
                }
                [n] => n
                    .parse::<u64>()
                    .map(|n| s.engine(args.tt).set_seed(Some(n)))
                    .map_err(|_| format!("seed wants a number or none, not {n:?}")),
                _ => Err("usage: seed <n>|none".to_string()),
            },
            "rules" => match rest {
                ["italian"] | ["english"] => {
                    s.wait(false);
                    s.rules = if rest[0] == "italian" {
                        RuleSet::Italian
                    } else {
                        RuleSet::English
                    };
                    s.game = Game::new(Position::start(s.rules));
                    Ok(())
                }
                _ => Err("usage: rules italian|english".to_string()),
            },
            "position" => {
                s.wait(false);
                position(s.rules, rest).map(|g| s.game = g)
            }
            "d" => {
                s.wait(false);
                let legal: Vec<String> =
                    s.game.legal_moves().iter().map(|m| m.to_string()).collect();
                let fen = fen::write(s.game.position());
                s.say(format_args!("fen {fen}"));
                s.say(format_args!("legal {}", legal.join(" ")));
                if let Some(o) = s.game.outcome() {
                    s.say(format_args!("over {o}"));
                }
                Ok(())
            }
            "go" => match go_limits(rest) {
                // A finished game has no move to search for: answered at once, as when there
                // is no legal move (a side with no pieces is not "won in 1").
                Ok(_) if s.game.outcome().is_some() => {
                    s.say(format_args!("bestmove none"));
                    Ok(())
                }
                Ok(limits) => {
                    // The endgame tables of the position's rule set, if built (read once).
                    let rules = s.game.position().rules();
                    let engine = s.engine(args.tt);
                    engine.set_tables(super::tables::for_engine(rules));
                    let mut engine = engine.clone_out();
                    let game = s.game.clone();
                    let stop = Arc::new(AtomicBool::new(false));
                    let flag = Arc::clone(&stop);
                    let (out, events) = (Arc::clone(&s.out), tx.clone());
                    let handle = std::thread::spawn(move || {
                        let mut last = None;
                        // An answer that cannot be written ends the search, and the session.
                        let mut failed = None;
                        let r = engine.search(&game, limits, &flag, &mut |i| {
                            if failed.is_none() {
                                failed = say(&out, format_args!("{}", info_line(i))).err();
                                if failed.is_some() {
                                    flag.store(true, Ordering::Relaxed);
                                }
                            }
                            // The search's own clock, carried on past its last report.
                            last = Some((i.clone(), std::time::Instant::now()));
                        });
                        let answer = || {
                            if let Some(i) = super::chosen_line(last.as_ref(), &r) {
                                say(&out, format_args!("{}", info_line(&i)))?;
                            }
                            match r.best {
                                Some(m) => say(&out, format_args!("bestmove {m}")),
                                None => say(&out, format_args!("bestmove none")),
                            }
                        };
                        if let Some(e) = failed.map_or_else(|| answer().err(), Some) {
                            let _ = events.send(Event::OutputFailed(e));
                        }
                        engine
                    });
                    s.search = Some((handle, stop, limits));
                    Ok(())
                }
                Err(e) => Err(e),
            },
            other => Err(format!("unknown command {other:?}")),
        };
        if let Err(e) = result {
            s.say(format_args!("error {e}"));
        }
        if s.failed.is_some() {
            break;
        }
    }
    // End of input (or quit, or a failed answer) while a search runs: stop it. It still
    // answers (a searched move: the first iteration always finishes), unless the answers
    // can no longer be written.
    s.finish();
    // A search that ended with a failed answer says so on the channel.
    while let Ok(event) = rx.try_recv() {
        if let Event::OutputFailed(e) = event {
            s.failed.get_or_insert(e);
        }
    }
    match s.failed {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}

impl Engine {
    /// Moves the engine out of its slot (the session gets it back when the search ends).
    fn clone_out(&mut self) -> Engine {
        std::mem::replace(self, Engine::new(1))
    }
}

/// `startpos|fen <FEN> [moves ...]`: the game after the moves, or why not.
fn position(rules: RuleSet, words: &[&str]) -> Result<Game, String> {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let (setup, moves) = words.split_at(moves_at);
    let start = match setup {
        ["startpos"] => Position::start(rules),
        ["fen", rest @ ..] if !rest.is_empty() => {
            let text = rest.join(" ");
            fen::parse(rules, &text).map_err(|e| format!("bad fen {text:?}: {e}"))?
        }
        _ => return Err("usage: position startpos|fen <FEN> [moves <m1> ...]".to_string()),
    };
    let mut game = Game::new(start);
    for (i, text) in moves.iter().skip(1).enumerate() {
        let m = movetext::parse_move(game.position(), text)
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
        game.play(&m)
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
    }
    Ok(game)
}

/// The longest `go movetime` accepted: a day (anything longer is a typo, and would overflow
/// the clock's arithmetic at the extreme).
const MAX_MOVETIME_MS: u64 = 86_400_000;

/// The most search threads `threads` takes (as `--threads` does).
const MAX_THREADS: u64 = 256;

/// The widest `variety` margin accepted, in centi-men (ten men: far beyond any useful value).
const MAX_VARIETY: i32 = 1000;

/// A whole number in `lo..=hi` (of `unit`, if any), or why not (named `what` in the message).
fn number_in(what: &str, unit: &str, w: &str, lo: u64, hi: u64) -> Result<u64, String> {
    use std::num::IntErrorKind;
    let range = if hi == u64::MAX {
        format!("at least {lo}{unit}")
    } else {
        format!("{lo} to {hi}{unit}")
    };
    let n = match w.parse::<u64>() {
        Ok(n) => n,
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => {
            return Err(format!("{what} must be {range}; {w} is too large"));
        }
        // A negative number reads as a range error, not as "not a number".
        Err(_)
            if w.strip_prefix('-')
                .is_some_and(|d| d.parse::<u64>().is_ok()) =>
        {
            return Err(format!("{what} must be {range}, not {w}"));
        }
        Err(_) => {
            return Err(format!(
                "{w:?} is not a whole number ({what} must be {range})"
            ));
        }
    };
    if (lo..=hi).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{what} must be {range}, not {n}"))
    }
}

/// `variety <cp>`: the margin, or why not.
fn variety(words: &[&str]) -> Result<i32, String> {
    match words {
        [n] => number_in("variety", " centi-men", n, 0, MAX_VARIETY as u64).map(|n| n as i32),
        _ => Err("usage: variety <centi-men>".to_string()),
    }
}

fn contempt(words: &[&str]) -> Result<i32, String> {
    let max = crate::engine::params::MAX_CONTEMPT as u64;
    match words {
        [n] => number_in("contempt", " centi-men", n, 0, max).map(|n| n as i32),
        _ => Err("usage: contempt <centi-men>".to_string()),
    }
}

fn go_limits(words: &[&str]) -> Result<Limits, String> {
    match words {
        [] | ["infinite"] => Ok(Limits::Infinite),
        ["depth", n] => Ok(Limits::Depth(
            number_in("depth", " plies", n, 1, u64::from(MAX_DEPTH))? as u32,
        )),
        ["movetime", n] => Ok(Limits::MoveTime(Duration::from_millis(number_in(
            "movetime",
            " ms",
            n,
            1,
            MAX_MOVETIME_MS,
        )?))),
        ["nodes", n] => Ok(Limits::Nodes(number_in("nodes", "", n, 1, u64::MAX)?)),
        _ => Err("usage: go depth <n>|movetime <ms>|nodes <n>|infinite".to_string()),
    }
}
