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
//! - `multipv <n>`: each search reports its best n lines (1 to 10; 1, the default, is the
//!   ordinary search), `info ... multipv k ...` per line and iteration
//! - `tablecache <MiB>`: the endgame tables' cache of decompressed blocks, 1 to 4096 (default
//!   64, or `--table-cache`)
//! - `book on|off`: whether `go` answers from the opening book when the position is in it (a
//!   `book` line with the book's moves and scores, an `info depth 0` line, then `bestmove`);
//!   off by default, so a search is a search (see docs/protocol.md)
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
use super::values::{table_cache_mib, threads, tt_mib};
use crate::engine::{Engine, Limits};
use crate::line_protocol::{Answer, CommandError, EngineCommand, Info};
use crate::notation::fen;
use crate::rules::{Game, Position, RuleSet};
use clap::Args;
use std::cell::RefCell;
use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct EngineArgs {
    /// Transposition table size, MiB.
    #[arg(long, default_value_t = 64, value_parser = tt_mib, allow_negative_numbers = true)]
    pub tt: usize,
    /// Search threads at the start (the `threads N` command changes it).
    #[arg(long, default_value_t = 1, value_parser = threads, allow_negative_numbers = true)]
    pub threads: usize,
    /// Endgame tables' cache of decompressed blocks, MiB (the `tablecache N` command changes
    /// it).
    #[arg(long, default_value_t = 64, value_parser = table_cache_mib, allow_negative_numbers = true)]
    pub table_cache: usize,
    #[arg(long, value_enum, help = super::pattern::EVAL_HELP)]
    pub eval: Option<super::pattern::Eval>,
    /// A pattern weights file of `dama pattern fit` to use instead of the built-in one
    /// (rule set as named), for trying a fit without a rebuild.
    #[arg(long, value_names = ["RULES", "FILE"], num_args = 2, hide = true)]
    pub pattern_weights: Option<Vec<String>>,
    /// A network weights file of `dama pattern fit --network` to use instead of the built-in
    /// one (rule set as named), for trying a fit without a rebuild.
    #[arg(long, value_names = ["RULES", "FILE"], num_args = 2, hide = true)]
    pub network_weights: Option<Vec<String>>,
}

use crate::line_protocol::MAX_LINE;

/// What the protocol's loop waits for.
enum Event {
    /// A command line from the reader thread.
    Line(String),
    /// A line that is not UTF-8 text (answered with an error, not taken for the end of input).
    NotUtf8,
    /// A line longer than [`MAX_LINE`] (its bytes were discarded as they came).
    TooLong,
    /// The end of input: the session ends.
    End,
    /// The input could not be read (stdin a folder, a failed device): the session ends with
    /// this error, as a failed output does, instead of passing for a quiet end of input.
    InputFailed(io::Error),
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
fn say(out: &Mutex<Out>, answer: &Answer) -> Result<(), OutputError> {
    // A thread that panicked holding the lock left no half-written line behind.
    let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
    out.line(format_args!("{answer}"))
        .and_then(|()| out.flush())
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
    /// Lines each search reports (`multipv`).
    lines: usize,
    /// `go` answers from the opening book (`book on`).
    book: bool,
    /// The seed and variety margin given, for the book's pick among its near-best moves.
    seed: Option<u64>,
    variety: i32,
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
                    self.say(Answer::Error(
                        "the search failed; starting a fresh engine".to_string(),
                    ));
                }
            }
        }
    }

    /// Writes an answer; the first failure is kept for the loop to end the session with.
    fn say(&mut self, answer: Answer) {
        if self.failed.is_none() {
            self.failed = say(&self.out, &answer).err();
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
    super::pattern::use_eval(args.eval);
    if let Some(v) = &args.pattern_weights {
        super::pattern::load_weights(&v[0], &v[1])?;
    }
    if let Some(v) = &args.network_weights {
        super::pattern::load_network(&v[0], &v[1])?;
    }
    let (tx, rx) = mpsc::channel::<Event>();
    let reader = tx.clone();
    // Lines are read on their own thread so that `stop` arrives while a search runs.
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            let event = match read_line(&mut input, &mut buf, MAX_LINE) {
                Ok(LineRead::End) => Event::End,
                Err(e) => Event::InputFailed(e),
                Ok(LineRead::TooLong) => Event::TooLong,
                Ok(LineRead::Line) => match String::from_utf8(std::mem::take(&mut buf)) {
                    Ok(line) => Event::Line(line),
                    Err(_) => Event::NotUtf8,
                },
            };
            let end = matches!(event, Event::End | Event::InputFailed(_));
            if reader.send(event).is_err() || end {
                break;
            }
        }
    });
    crate::tables::set_cache_bytes(args.table_cache << 20);
    let rules = RuleSet::Italian;
    let mut s = Session {
        rules,
        game: Game::new(Position::start(rules)),
        engine: None,
        threads: args.threads,
        lines: 1,
        book: false,
        seed: None,
        variety: crate::engine::params::VARIETY_MARGIN,
        search: None,
        out: Arc::new(Mutex::new(out)),
        failed: None,
    };
    s.engine(args.tt);
    // The first `go` answers within its time: the tables a search needs are made before it.
    crate::engine::prepare(rules);
    let mut input_failed = None;
    while let Ok(event) = rx.recv() {
        let line = match event {
            Event::Line(line) => line,
            Event::NotUtf8 => {
                s.say(Answer::Error("the line is not UTF-8 text".to_string()));
                continue;
            }
            Event::TooLong => {
                s.say(Answer::Error(format!(
                    "the line is longer than {MAX_LINE} bytes (ignored)"
                )));
                continue;
            }
            Event::End => break,
            Event::InputFailed(e) => {
                input_failed = Some(e);
                break;
            }
            Event::OutputFailed(e) => {
                s.failed.get_or_insert(e);
                break;
            }
        };
        if s.failed.is_some() {
            break;
        }
        let command = match line.parse::<EngineCommand>() {
            Err(CommandError::Empty) => continue,
            c => c,
        };
        // Answers come in the order of the commands: anything but a bare `isready`, `stop` or
        // `quit` (errors included) first lets a bounded search print its `bestmove`.
        if !matches!(
            command,
            Ok(EngineCommand::IsReady | EngineCommand::Stop | EngineCommand::Quit)
        ) {
            s.wait(false);
        }
        let result = match command {
            Err(e) => Err(e.to_string()),
            Ok(EngineCommand::Quit) => {
                s.finish();
                break;
            }
            Ok(command) => s.obey(command, args.tt, &tx),
        };
        if let Err(e) = result {
            s.say(Answer::Error(e));
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
    match (s.failed, input_failed) {
        (Some(e), _) => Err(e.into()),
        (None, Some(e)) => Err(anyhow::anyhow!("cannot read standard input: {e}")),
        (None, None) => Ok(()),
    }
}

impl Session {
    /// Carries out a command other than `quit` (a search runs on its own thread); the error
    /// is answered after `error`.
    fn obey(
        &mut self,
        command: EngineCommand,
        tt: usize,
        events: &mpsc::Sender<Event>,
    ) -> Result<(), String> {
        match command {
            // The loop ends the session after it; here it only stops the search.
            EngineCommand::Quit | EngineCommand::Stop => self.finish(),
            EngineCommand::IsReady => self.say(Answer::ReadyOk),
            EngineCommand::NewGame => self.engine(tt).new_game(),
            EngineCommand::Variety(n) => {
                self.variety = n;
                self.engine(tt).set_variety(n);
            }
            EngineCommand::Book(on) => self.book = on,
            EngineCommand::Contempt(n) => self.engine(tt).set_contempt(n),
            EngineCommand::Threads(n) => {
                self.threads = n;
                self.engine(tt).set_threads(n);
            }
            EngineCommand::MultiPv(n) => self.lines = n,
            EngineCommand::Seed(seed) => {
                self.seed = seed;
                self.engine(tt).set_seed(seed);
            }
            // The tables are shared by the process: their cache is resized in place.
            EngineCommand::TableCache(mib) => crate::tables::set_cache_bytes(mib << 20),
            EngineCommand::Rules(rules) => {
                // What the first search would make on its time is made now.
                crate::engine::prepare(rules);
                self.rules = rules;
                self.game = Game::new(Position::start(rules));
            }
            EngineCommand::Position(p) => {
                self.game = p.game(self.rules).map_err(|e| e.to_string())?
            }
            EngineCommand::Show => {
                let legal = self
                    .game
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                self.say(Answer::Fen(fen::write(self.game.position())));
                self.say(Answer::Legal(legal));
                if let Some(o) = self.game.outcome() {
                    self.say(Answer::Over(o.to_string()));
                }
            }
            // A finished game has no move to search for: answered at once, as when there is
            // no legal move (a side with no pieces is not "won in 1").
            EngineCommand::Go(_) if self.game.outcome().is_some() => {
                self.say(Answer::BestMove(None))
            }
            EngineCommand::Go(limits) if self.book_move(limits) => {}
            EngineCommand::Go(limits) => self.go(limits, tt, events),
        }
        Ok(())
    }

    /// With `book on`, a bounded `go` of one line in a position of the opening book is
    /// answered from it: `book` with its moves, an `info depth 0` line for the move picked
    /// (among those within the variety margin of the book's best, at most
    /// [`crate::book::probe::MAX_MARGIN`]), `bestmove`. `false` when the search must run.
    fn book_move(&mut self, limits: Limits) -> bool {
        use rand::SeedableRng;
        if !self.book || self.lines > 1 || limits == Limits::Infinite {
            return false;
        }
        let loaded = crate::book::shared(self.game.position().rules());
        if let Some(p) = &loaded.problem {
            static SAID: AtomicBool = AtomicBool::new(false);
            if !SAID.swap(true, Ordering::Relaxed) {
                super::output::warn(format_args!(
                    "dama: opening book not used ({p}); using the book shipped with dama"
                ));
            }
        }
        let Some(book) = &loaded.book else {
            return false;
        };
        let margin = self.variety.clamp(0, crate::book::probe::MAX_MARGIN);
        let mut rng = match self.seed {
            Some(s) => rand::rngs::StdRng::seed_from_u64(s ^ self.game.ply() as u64),
            None => rand::make_rng(),
        };
        let Some(pick) = book.pick(&self.game, margin, &mut rng) else {
            return false;
        };
        let moves = book.moves_in(&self.game).unwrap_or_default();
        self.say(Answer::Book(
            moves
                .iter()
                .map(|b| (b.mv.to_string(), crate::line_protocol::Score::of(b.score)))
                .collect(),
        ));
        self.say(Answer::Info(Info {
            depth: 0,
            score: crate::line_protocol::Score::of(pick.score),
            nodes: 0,
            nps: 0,
            time: Duration::ZERO,
            pv: vec![pick.mv.to_string()],
            multipv: None,
        }));
        self.say(Answer::BestMove(Some(pick.mv.to_string())));
        true
    }

    /// Starts a search on its own thread: it answers `info` lines as it goes, then `bestmove`.
    fn go(&mut self, limits: Limits, tt: usize, events: &mpsc::Sender<Event>) {
        // The endgame tables of the position's rule set, if built (read once).
        let rules = self.game.position().rules();
        let engine = self.engine(tt);
        engine.set_tables(super::tables::for_engine(rules));
        let mut engine = engine.clone_out();
        let game = self.game.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let (out, events) = (Arc::clone(&self.out), events.clone());
        let lines = self.lines;
        let handle = std::thread::spawn(move || {
            if lines > 1 {
                multi_pv(&mut engine, &game, limits, lines, &flag, &out, &events);
                return engine;
            }
            // The last report and when it came, and the first answer that could not be
            // written (it ends the search, and the session); shared by the two callbacks.
            let last = RefCell::new(None);
            let failed = RefCell::new(None);
            let fail = |e: Option<OutputError>| {
                if e.is_some() {
                    flag.store(true, Ordering::Relaxed);
                    *failed.borrow_mut() = e;
                }
            };
            engine.search_answering(
                &game,
                limits,
                &flag,
                &mut |i| {
                    if failed.borrow().is_none() {
                        fail(say(&out, &Answer::Info(Info::from(i))).err());
                    }
                    // The search's own clock, carried on past its last report.
                    *last.borrow_mut() = Some((i.clone(), std::time::Instant::now()));
                },
                // The answer goes out before the helper threads are joined.
                &mut |r, _| {
                    if failed.borrow().is_some() {
                        return;
                    }
                    let answer = || {
                        if let Some(i) = super::chosen_line(last.borrow().as_ref(), r) {
                            say(&out, &Answer::Info(Info::from(&i)))?;
                        }
                        say(&out, &Answer::BestMove(r.best.map(|m| m.to_string())))
                    };
                    fail(answer().err());
                },
            );
            if let Some(e) = failed.into_inner() {
                let _ = events.send(Event::OutputFailed(e));
            }
            engine
        });
        self.search = Some((handle, stop, limits));
    }
}

/// A `multipv` search: after each iteration its lines, `multipv 1` the best, then the best
/// line's first move as `bestmove`.
fn multi_pv(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    lines: usize,
    flag: &AtomicBool,
    out: &Output,
    events: &mpsc::Sender<Event>,
) {
    let failed = RefCell::new(None);
    let fail = |e: Option<OutputError>| {
        if e.is_some() {
            flag.store(true, Ordering::Relaxed);
            *failed.borrow_mut() = e;
        }
    };
    engine.search_lines_answering(
        game,
        limits,
        lines,
        flag,
        &mut |infos| {
            for (k, i) in infos.iter().enumerate() {
                if failed.borrow().is_none() {
                    let info = Info {
                        multipv: Some(k + 1),
                        ..Info::from(i)
                    };
                    fail(say(out, &Answer::Info(info)).err());
                }
            }
        },
        // The answer goes out before the helper threads are joined.
        &mut |_, found| {
            if failed.borrow().is_none() {
                let best = found
                    .first()
                    .and_then(|l| l.pv.first())
                    .map(|m| m.to_string());
                fail(say(out, &Answer::BestMove(best)).err());
            }
        },
    );
    if let Some(e) = failed.into_inner() {
        let _ = events.send(Event::OutputFailed(e));
    }
}

impl Engine {
    /// Moves the engine out of its slot (the session gets it back when the search ends).
    fn clone_out(&mut self) -> Engine {
        std::mem::replace(self, Engine::new(1))
    }
}
