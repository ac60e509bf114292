//! `dama engine`: a line-based text protocol on stdin/stdout, so that other programs (a GUI, a
//! match runner, a tester) can drive the engine. The README documents it with an example.
//!
//! Commands, one per line (words separated by spaces):
//! - `rules italian|english`: the rule set (the position goes back to its start)
//! - `position startpos|fen <FEN> [moves <m1> <m2> ...]`: the position, and moves played since
//! - `go depth <n>|movetime <ms>|nodes <n>|infinite`: search; answers `info` lines, then
//!   `bestmove <move>` (`bestmove none` when there is no legal move)
//! - `stop`: end the search now (it still answers `bestmove`); any other command waits for a
//!   limited search to finish first (and stops an infinite one), so scripts can pipe a batch
//! - `newgame`: forget what was learnt (the table); `seed <n>|none`: reproducible or varied play;
//!   `variety <cp>`: how far below the best a randomly chosen move may be (0: always the best)
//! - `isready`: answers `readyok` (also during a search); `d`: the position and its legal moves
//! - `quit`: end (also at the end of input)
//!
//! Anything else answers `error <why>` and changes nothing.

use crate::cli::EngineArgs;
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
    /// limit, unless it is infinite).
    fn wait(&mut self, stop: bool) {
        if let Some((handle, flag, limits)) = self.search.take() {
            if stop || limits == Limits::Infinite {
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
        self.engine.get_or_insert_with(|| Engine::new(tt))
    }
}

pub fn run(args: &EngineArgs) -> anyhow::Result<()> {
    let (tx, rx) = mpsc::channel::<String>();
    // Lines are read on their own thread so that `stop` arrives while a search runs.
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let rules = RuleSet::Italian;
    let mut s = Session {
        rules,
        game: Game::new(Position::start(rules)),
        engine: Some(Engine::new(args.tt)),
        search: None,
    };
    while let Ok(line) = rx.recv() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, rest)) = words.split_first() else {
            continue;
        };
        let result = match cmd {
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
            "variety" => match rest {
                [n] => n
                    .parse::<i32>()
                    .map(|n| s.engine(args.tt).set_variety(n))
                    .map_err(|_| format!("variety wants centi-men, not {n:?}")),
                _ => Err("usage: variety <centi-men>".to_string()),
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
                        let r = engine.search(&game, limits, &flag, &mut |i| {
                            say(format_args!("{}", info_line(i)))
                        });
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

fn go_limits(words: &[&str]) -> Result<Limits, String> {
    let number = |w: &str| {
        w.parse::<u64>()
            .map_err(|_| format!("{w:?} is not a number"))
    };
    match words {
        [] | ["infinite"] => Ok(Limits::Infinite),
        ["depth", n] => Ok(Limits::Depth(number(n)?.clamp(1, 100) as u32)),
        ["movetime", n] => Ok(Limits::MoveTime(Duration::from_millis(number(n)?.max(1)))),
        ["nodes", n] => Ok(Limits::Nodes(number(n)?.max(1))),
        _ => Err("usage: go depth <n>|movetime <ms>|nodes <n>|infinite".to_string()),
    }
}
