//! The engine on its own thread. The app's [`Request`]s go in over a channel; progress and
//! results come back as [`EngineMsg`]s. Stopping does not go through the channel (the thread
//! is busy searching): each search gets its own stop flag, which [`Worker`] sets directly, so
//! taking back or quitting while the engine thinks is instant.

use crate::engine::{Engine, Limits, SearchInfo};
use crate::rules::Game;
use crate::tui::app::{EngineMsg, Purpose, Report, Request};
use crate::tui::run::EngineLink;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread;

enum Job {
    Search {
        id: u64,
        game: Box<Game>,
        limits: Limits,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::rules::RuleSet;
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
