//! `dama engine`: a line-based text protocol on stdin/stdout, so that other programs (a GUI, a
//! match runner, a tester) can drive the engine. The README documents it with an example.
//!
//! Commands, one per line (words separated by spaces):
//! - `rules italian|english`: the rule set (the position goes back to its start)
//! - `position startpos|fen <FEN> [moves <m1> <m2> ...]`: the position, and moves played since
//! - `go depth <n>|movetime <ms>|nodes <n>|infinite`: search; answers `info` lines, then
//!   `bestmove <move>` (`bestmove none` when there is no legal move)
//! - `stop`: end the search now (it still answers `bestmove`); any other command waits for a
//!   bounded search to finish first (so scripts can pipe a batch) and stops an open-ended one
//!   (infinite, or deeper or longer than [`open_ended`] allows, which could block for hours)
//! - `newgame`: forget what was learnt (the table); `seed <n>|none`: reproducible or varied play;
//!   `variety <cp>`: how far below the best a randomly chosen move may be (0: always the best)
//! - `isready`: answers `readyok` (also during a search); `d`: the position and its legal moves
//! - `quit`: end (also at the end of input)
//!
//! Anything else, a number out of range or words a command does not take answers `error <why>`
//! and changes nothing: nothing malformed is silently taken for a default.

use crate::cli::EngineArgs;
use crate::engine::limits::MAX_DEPTH;
use crate::engine::{Engine, Limits, SearchInfo, WIN};
use crate::notation::{fen, movetext};
use crate::rules::{Game, Position, RuleSet};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Writes one answer line. A closed output (the other program went away) is not an error
/// worth a panic: the answer is dropped, and the end of input ends the session.
fn say(line: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// The protocol's score: `cp <centi-men>`, or `win <plies>` / `loss <plies>`.
fn score_text(score: i32) -> String {
    if score > WIN - 1000 {
        format!("win {}", WIN - score)
    } else if score < -(WIN - 1000) {
        format!("loss {}", WIN + score)
    } else {
        format!("cp {score}")
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
/// so like `go infinite` it is stopped by the next command (or the end of input) instead of
/// blocking the protocol.
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
    search: Option<(JoinHandle<Engine>, Arc<AtomicBool>, Limits)>,
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
                    say(format_args!(
                        "error the search failed; starting a fresh engine"
                    ));
                }
            }
        }
    }

    fn engine(&mut self, tt: usize) -> &mut Engine {
        self.wait(false);
        self.engine
            .get_or_insert_with(|| super::engine_with_table(tt))
    }
}

pub fn run(args: &EngineArgs) -> anyhow::Result<()> {
    // `None`: a line that is not UTF-8 (answered with an error, not taken for the end of input).
    let (tx, rx) = mpsc::channel::<Option<String>>();
    // Lines are read on their own thread so that `stop` arrives while a search runs.
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if tx.send(String::from_utf8(buf.clone()).ok()).is_err() {
                break;
            }
        }
    });
    let rules = RuleSet::Italian;
    let mut s = Session {
        rules,
        game: Game::new(Position::start(rules)),
        engine: Some(super::engine_with_table(args.tt)),
        search: None,
    };
    while let Ok(line) = rx.recv() {
        let Some(line) = line else {
            say(format_args!("error the line is not UTF-8 text"));
            continue;
        };
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
                say(format_args!("readyok"));
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
                say(format_args!("fen {}", fen::write(s.game.position())));
                say(format_args!("legal {}", legal.join(" ")));
                if let Some(o) = s.game.outcome() {
                    say(format_args!("over {o}"));
                }
                Ok(())
            }
            "go" => match go_limits(rest) {
                Ok(limits) => {
                    let mut engine = s.engine(args.tt).clone_out();
                    let game = s.game.clone();
                    let stop = Arc::new(AtomicBool::new(false));
                    let flag = Arc::clone(&stop);
                    let handle = std::thread::spawn(move || {
                        let mut last = None;
                        let r = engine.search(&game, limits, &flag, &mut |i| {
                            say(format_args!("{}", info_line(i)));
                            // The search's own clock, carried on past its last report.
                            last = Some((i.clone(), std::time::Instant::now()));
                        });
                        if let Some(i) = super::chosen_line(last.as_ref(), &r) {
                            say(format_args!("{}", info_line(&i)));
                        }
                        match r.best {
                            Some(m) => say(format_args!("bestmove {m}")),
                            None => say(format_args!("bestmove none")),
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
            say(format_args!("error {e}"));
        }
    }
    // End of input (or quit) while a limited search runs: let it answer first.
    s.wait(false);
    Ok(())
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
