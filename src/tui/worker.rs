//! The engine on its own thread. The app's [`Request`]s go in over a channel; progress and
//! results come back as [`EngineMsg`]s. Stopping does not go through the channel (the thread
//! is busy searching): each search gets its own stop flag, which [`Worker`] sets directly, so
//! taking back or quitting while the engine thinks is instant.

use crate::engine::{Engine, Limits, SearchInfo};
use crate::rules::Game;
use crate::tui::app::{EngineMsg, Purpose, Report, Request, SearchLimits};
use crate::tui::run::EngineLink;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread;

enum Job {
    Search {
        id: u64,
        game: Box<Game>,
        limits: SearchLimits,
        purpose: Purpose,
        variety: i32,
        stop: Arc<AtomicBool>,
    },
    NewGame,
}

/// The handle the terminal loop holds.
pub struct Worker {
    jobs: Sender<Job>,
    replies: Receiver<EngineMsg>,
    /// The stop flag of the latest search.
    stop: Option<Arc<AtomicBool>>,
    /// Set when the thread's end of the channel is gone (it panicked).
    dead: bool,
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
        let (reply_tx, replies) = channel::<EngineMsg>();
        thread::Builder::new()
            .name("dama-engine".into())
            .spawn(move || serve(job_rx, reply_tx, seed, threads, contempt))?;
        Ok(Worker {
            jobs,
            replies,
            stop: None,
            dead: false,
        })
    }
}

fn serve(
    jobs: Receiver<Job>,
    replies: Sender<EngineMsg>,
    seed: Option<u64>,
    threads: usize,
    contempt: i32,
) {
    let mut engine = Engine::new(TT_MIB);
    engine.set_seed(seed);
    engine.set_threads(threads);
    for job in jobs {
        match job {
            Job::NewGame => engine.new_game(),
            Job::Search {
                id,
                game,
                limits,
                purpose,
                variety,
                stop,
            } => {
                engine.set_variety(if purpose == Purpose::Move { variety } else { 0 });
                // A hint or a review judges the position as it is: a draw is level.
                engine.set_contempt(if purpose == Purpose::Move {
                    contempt
                } else {
                    0
                });
                let limits = match limits {
                    SearchLimits::Depth(d) => Limits::Depth(d),
                    SearchLimits::MoveTime(t) => Limits::MoveTime(t),
                    SearchLimits::Nodes(n) => Limits::Nodes(n),
                };
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
                let result = engine.search(&game, limits, &stop, &mut on_info);
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

impl EngineLink for Worker {
    fn send(&mut self, request: Request) {
        match request {
            Request::Search {
                id,
                game,
                limits,
                purpose,
                variety,
            } => {
                let stop = Arc::new(AtomicBool::new(false));
                self.stop = Some(Arc::clone(&stop));
                let _ = self.jobs.send(Job::Search {
                    id,
                    game,
                    limits,
                    purpose,
                    variety,
                    stop,
                });
            }
            Request::Stop => {
                if let Some(flag) = self.stop.take() {
                    flag.store(true, Ordering::Relaxed);
                }
            }
            Request::NewGame => {
                let _ = self.jobs.send(Job::NewGame);
            }
        }
    }

    fn try_recv(&mut self) -> Option<EngineMsg> {
        match self.replies.try_recv() {
            Ok(msg) => Some(msg),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.dead = true;
                None
            }
        }
    }

    fn alive(&self) -> bool {
        !self.dead
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
