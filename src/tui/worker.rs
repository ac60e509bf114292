//! The engine on its own thread. The app's [`Request`]s go in over a channel; progress and
//! results come back as [`EngineMsg`]s, into the terminal loop's event channel once it is
//! connected (so an answer wakes the loop at once), else into the worker's own channel, read
//! with [`EngineLink::try_recv`]. Stopping does not go through the channel (the thread is
//! busy searching): each search gets its own stop flag, which [`Worker`] sets directly, so
//! taking back or quitting while the engine thinks is instant.

use crate::engine::{Engine, Limits, SearchInfo};
use crate::rules::Game;
use crate::tui::app::{EngineMsg, Purpose, Report, Request, proven_line};
use crate::tui::event::Event;
use crate::tui::run::EngineLink;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SendError, Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};

/// A request on its way to the engine thread, with the stop flag of the search it starts.
struct Job {
    request: Request,
    stop: Arc<AtomicBool>,
}

/// Where the engine thread's messages go: the worker's own channel until the terminal loop
/// connects its own (see [`EngineLink::connect`]).
type Sink = Arc<Mutex<Sender<Event>>>;

/// The handle the terminal loop holds.
pub struct Worker {
    jobs: Sender<Job>,
    sink: Sink,
    /// The worker's own channel (see the module's comment).
    replies: Receiver<Event>,
    /// The stop flag of the latest search.
    stop: Option<Arc<AtomicBool>>,
    /// Ends only when the worker is dropped, or on a panic.
    thread: JoinHandle<()>,
}

/// Hash table size for the game (MiB): plenty for a second's search, small for a laptop.
const TT_MIB: usize = 64;

impl Worker {
    /// Starts the engine thread; its searches use `threads` threads (see
    /// [`Engine::set_threads`]).
    ///
    /// # Errors
    /// When the operating system refuses a new thread.
    /// `contempt` applies to the engine's own moves only (see [`Engine::set_contempt`]).
    pub fn spawn(seed: Option<u64>, threads: usize, contempt: i32) -> std::io::Result<Worker> {
        let (jobs, job_rx) = channel::<Job>();
        let (reply_tx, replies) = channel::<Event>();
        let sink = Arc::new(Mutex::new(reply_tx));
        let to = Arc::clone(&sink);
        let thread = thread::Builder::new()
            .name("dama-engine".into())
            .spawn(move || serve(job_rx, Replies(to), seed, threads, contempt))?;
        Ok(Worker {
            jobs,
            sink,
            replies,
            stop: None,
            thread,
        })
    }
}

/// The engine thread's end of the [`Sink`].
struct Replies(Sink);

impl Replies {
    /// Sends `msg` to wherever the sink points now; an error once nobody listens.
    fn send(&self, msg: EngineMsg) -> Result<(), SendError<Event>> {
        let to = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        to.send(Event::Engine(msg))
    }
}

fn serve(jobs: Receiver<Job>, replies: Replies, seed: Option<u64>, threads: usize, contempt: i32) {
    let mut engine = Engine::new(TT_MIB);
    engine.set_seed(seed);
    engine.set_threads(threads);
    for Job { request, stop } in jobs {
        match request {
            Request::NewGame => engine.new_game(),
            // Stopping is the handle's (it sets the flag); it never comes this way.
            Request::Stop => {}
            Request::Analyse { id, game, lines } => {
                if analyse(&mut engine, id, &game, lines, &stop, &replies).is_err() {
                    return; // the game screen is gone
                }
            }
            Request::Search {
                id,
                game,
                limits,
                purpose,
                variety,
                book,
            } => {
                // The engine's own move, in a position of the opening book: the book's move,
                // picked among its near-best ones by the level's margin (hints, reviews and
                // the analysis always search).
                if purpose == Purpose::Move
                    && book
                    && let Some(done) = book_move(id, &game, variety, seed)
                {
                    if replies.send(done).is_err() {
                        return; // the game screen is gone
                    }
                    continue;
                }
                engine.set_variety(if purpose == Purpose::Move { variety } else { 0 });
                // A hint or a review judges the position as it is: a draw is level.
                engine.set_contempt(if purpose == Purpose::Move {
                    contempt
                } else {
                    0
                });
                let mut on_info = |info: &SearchInfo| {
                    let _ = replies.send(EngineMsg::Info {
                        id,
                        report: Report {
                            depth: info.depth,
                            score: info.score,
                            nodes: info.nodes,
                            nps: info.nps,
                            pv: info.pv.clone(),
                            tables: info.tables,
                        },
                    });
                };
                // The rule set's endgame tables, if built (read once per process).
                engine.set_tables(crate::tables::shared(game.position().rules()));
                let mut result = engine.search(&game, limits, &stop, &mut on_info);
                // A shot's winning line shows the material its proof is about (not for a
                // stopped search: its answer is dropped, and a proof can take most of a second).
                if let Purpose::Training(Some(shot)) = purpose
                    && !stop.load(Ordering::Relaxed)
                {
                    result.pv = proven_line(game.position(), &result.pv, shot);
                }
                let done = EngineMsg::Done {
                    id,
                    best: result.best,
                    report: Report {
                        depth: result.depth,
                        score: result.score,
                        nodes: result.nodes,
                        nps: 0,
                        pv: result.pv,
                        tables: result.tables,
                    },
                };
                if replies.send(done).is_err() {
                    return; // the game screen is gone
                }
            }
        }
    }
}

/// The opening book's answer for the engine's move (see [`Report::is_book`]), when the
/// game's position is in the book (the data folder's, else the one shipped with dama).
fn book_move(id: u64, game: &Game, variety: i32, seed: Option<u64>) -> Option<EngineMsg> {
    use rand::SeedableRng;
    let book = crate::book::shared(game.position().rules()).book.as_ref()?;
    let margin = variety.clamp(0, crate::book::probe::MAX_MARGIN);
    let pick = match seed {
        // `--seed` replays the game: the pick too.
        Some(s) => {
            let s = s ^ game.position().hash() ^ game.ply() as u64;
            book.pick(game, margin, &mut rand::rngs::StdRng::seed_from_u64(s))
        }
        None => book.pick(game, margin, &mut rand::make_rng::<rand::rngs::StdRng>()),
    }?;
    Some(EngineMsg::Done {
        id,
        best: Some(pick.mv),
        report: Report {
            depth: 0,
            score: pick.score,
            nodes: 0,
            nps: 0,
            pv: vec![pick.mv],
            tables: false,
        },
    })
}

fn report(info: &SearchInfo) -> Report {
    Report {
        depth: info.depth,
        score: info.score,
        nodes: info.nodes,
        nps: info.nps,
        pv: info.pv.clone(),
        tables: info.tables,
    }
}

/// The analysis board's search: the best `lines` lines, no variety and no contempt (the
/// position as it is), until `stop`; the last lines found are the answer.
fn analyse(
    engine: &mut Engine,
    id: u64,
    game: &Game,
    lines: usize,
    stop: &AtomicBool,
    replies: &Replies,
) -> Result<(), SendError<Event>> {
    engine.set_variety(0);
    engine.set_contempt(0);
    engine.set_tables(crate::tables::shared(game.position().rules()));
    let mut on_lines = |found: &[SearchInfo]| {
        let lines = found.iter().map(report).collect();
        let _ = replies.send(EngineMsg::Lines { id, lines });
    };
    let found = engine.search_lines(game, Limits::Infinite, lines, stop, &mut on_lines);
    let first = found.first();
    replies.send(EngineMsg::Done {
        id,
        best: first.and_then(|l| l.pv.first().copied()),
        report: first.map(report).unwrap_or_default(),
    })
}

impl EngineLink for Worker {
    fn connect(&mut self, events: Sender<Event>) {
        let mut to = self.sink.lock().unwrap_or_else(PoisonError::into_inner);
        // What the thread said before goes first, in order (it waits for the lock meanwhile).
        while let Ok(ev) = self.replies.try_recv() {
            let _ = events.send(ev);
        }
        *to = events;
    }

    fn send(&mut self, request: Request) {
        let stop = Arc::new(AtomicBool::new(false));
        match request {
            Request::Stop => {
                if let Some(flag) = self.stop.take() {
                    flag.store(true, Ordering::Relaxed);
                }
                return;
            }
            Request::Search { .. } => self.stop = Some(Arc::clone(&stop)),
            // An analysis runs until stopped: one still running would hold the thread (and
            // this one behind it) for ever, so it is stopped here whatever the app did.
            Request::Analyse { .. } => {
                if let Some(old) = self.stop.replace(Arc::clone(&stop)) {
                    old.store(true, Ordering::Relaxed);
                }
            }
            Request::NewGame => {}
        }
        let _ = self.jobs.send(Job { request, stop });
    }

    fn try_recv(&mut self) -> Option<EngineMsg> {
        // Only engine messages are sent into the worker's own channel.
        self.replies.try_iter().find_map(|ev| match ev {
            Event::Engine(msg) => Some(msg),
            _ => None,
        })
    }

    fn alive(&self) -> bool {
        !self.thread.is_finished()
    }
}

/// Starts the engine thread on the first request (the viewer needs none until a game starts).
pub struct LazyEngine {
    worker: Option<Worker>,
    /// The thread could not be started: the loop ends with an error instead of waiting.
    failed: bool,
    threads: usize,
    /// The terminal loop's channel, for the worker once it starts.
    events: Option<Sender<Event>>,
}

impl LazyEngine {
    /// An engine of `threads` search threads, not started yet.
    pub fn new(threads: usize) -> LazyEngine {
        LazyEngine {
            worker: None,
            failed: false,
            threads,
            events: None,
        }
    }
}

impl EngineLink for LazyEngine {
    fn connect(&mut self, events: Sender<Event>) {
        if let Some(w) = self.worker.as_mut() {
            w.connect(events.clone());
        }
        self.events = Some(events);
    }
    fn send(&mut self, request: Request) {
        if self.worker.is_none() && !self.failed {
            // The viewer's engine reviews games: no contempt.
            match Worker::spawn(None, self.threads, 0) {
                Ok(mut w) => {
                    if let Some(events) = &self.events {
                        w.connect(events.clone());
                    }
                    self.worker = Some(w);
                }
                Err(_) => self.failed = true,
            }
        }
        if let Some(w) = self.worker.as_mut() {
            w.send(request);
        }
    }
    fn try_recv(&mut self) -> Option<EngineMsg> {
        self.worker.as_mut().and_then(Worker::try_recv)
    }
    fn alive(&self) -> bool {
        !self.failed && self.worker.as_ref().is_none_or(Worker::alive)
    }
}

impl Drop for Worker {
    /// Stops a running search so the thread ends soon; never waits for it.
    fn drop(&mut self) {
        if let Some(flag) = self.stop.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;
    use crate::notation::fen;
    use crate::rules::{Game, RuleSet};
    use crate::tui::app::EngineMsg;
    use std::time::{Duration, Instant};

    /// `m` (move now) sets the stop flag, perhaps before the engine thread has even begun:
    /// the move it answers is still one its search looked at (issue 23: an unsearched move
    /// could be played; here 18-13 loses and 18-14 wins).
    #[test]
    fn move_now_at_once_still_plays_a_searched_move() {
        let pos = fen::parse(RuleSet::Italian, "W:W18,19,21,25:B4,10,11,12").unwrap();
        for threads in [1, 4] {
            let mut w = Worker::spawn(Some(1), threads, 0).unwrap();
            for id in 0..3 {
                w.send(Request::Search {
                    id,
                    game: Box::new(Game::new(pos)),
                    limits: Limits::MoveTime(Duration::from_secs(60)),
                    purpose: Purpose::Move,
                    variety: 0,
                    book: true,
                });
                w.send(Request::Stop);
                let start = Instant::now();
                let (best, report) = loop {
                    assert!(start.elapsed() < Duration::from_secs(20), "no answer");
                    match w.try_recv() {
                        Some(EngineMsg::Done {
                            id: i,
                            best,
                            report,
                        }) if i == id => break (best, report),
                        _ => std::thread::sleep(Duration::from_millis(2)),
                    }
                };
                assert!(
                    report.depth >= 1,
                    "threads {threads}: depth {}",
                    report.depth
                );
                assert_eq!(best.unwrap().to_string(), "18-14", "threads {threads}");
                assert_eq!(report.pv.first(), best.as_ref());
            }
        }
    }
}
