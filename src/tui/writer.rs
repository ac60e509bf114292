//! A thread that does the jobs handed to it, off the UI thread: the keeper thread behind
//! [`crate::tui::keep::Keeper`], which writes the autosave (with its `fsync`) so that a slow
//! disk never holds up a move. A job handed over while another waits replaces it when it says
//! so ([`Job::replaces`]: a newer autosave of the same game), else waits its turn (an
//! archive, a game shelved, must not be dropped for the next move); the UI takes up what the
//! jobs did when it looks, or waits for them when it must know (quitting). Dropping the
//! handle finishes the jobs in hand.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A job for the thread.
pub(crate) trait Job {
    /// Whether this job makes `older`, handed over before it and not yet begun, needless (it
    /// writes the same file anew and does nothing else).
    fn replaces(&self, older: &Self) -> bool;
}

/// What the UI and the thread share.
struct Slot<J, R> {
    /// The jobs not yet begun, oldest first.
    pending: VecDeque<J>,
    /// The thread is doing a job.
    busy: bool,
    /// What the jobs did, oldest first, until the UI takes it up.
    done: Vec<R>,
    /// No more jobs: the thread ends once `pending` is done.
    closed: bool,
}

type Shared<J, R> = Arc<(Mutex<Slot<J, R>>, Condvar)>;

/// The UI's handle on the thread.
pub(crate) struct Writer<J, R> {
    shared: Shared<J, R>,
    thread: Option<JoinHandle<()>>,
}

impl<J, R> std::fmt::Debug for Writer<J, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Writer").finish_non_exhaustive()
    }
}

/// Writers with a job in hand (pending or being done), for [`wait_for_all`].
static IN_HAND: AtomicUsize = AtomicUsize::new(0);

fn lock<J, R>(m: &Mutex<Slot<J, R>>) -> MutexGuard<'_, Slot<J, R>> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<J: Job + Send + 'static, R: Send + 'static> Writer<J, R> {
    /// Starts the thread `name`, which does each job with `work`.
    ///
    /// # Errors
    /// When the operating system refuses the thread.
    pub(crate) fn spawn(
        name: &str,
        work: impl FnMut(J) -> R + Send + 'static,
    ) -> std::io::Result<Writer<J, R>> {
        let shared: Shared<J, R> = Arc::new((
            Mutex::new(Slot {
                pending: VecDeque::new(),
                busy: false,
                done: Vec::new(),
                closed: false,
            }),
            Condvar::new(),
        ));
        let theirs = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || serve(&theirs, work))?;
        Ok(Writer {
            shared,
            thread: Some(thread),
        })
    }
}

impl<J: Job, R> Writer<J, R> {
    /// Hands `job` over, in place of the newest one not yet begun if it [`Job::replaces`] it;
    /// never waits for the job in hand.
    pub(crate) fn hand(&self, job: J) {
        let (m, cv) = &*self.shared;
        let mut slot = lock(m);
        if slot.pending.is_empty() && !slot.busy {
            IN_HAND.fetch_add(1, Ordering::SeqCst);
        }
        if slot.pending.back().is_some_and(|older| job.replaces(older)) {
            slot.pending.pop_back();
        }
        slot.pending.push_back(job);
        cv.notify_all();
    }
}

impl<J, R> Writer<J, R> {
    /// What the jobs did since the last look, oldest first; with `wait`, once every job
    /// handed over is done (unless the thread has ended: a panic in a job).
    pub(crate) fn done(&self, wait: bool) -> Vec<R> {
        let (m, cv) = &*self.shared;
        let mut slot = lock(m);
        while wait && (!slot.pending.is_empty() || slot.busy) && !self.ended() {
            slot = cv
                .wait_timeout(slot, Duration::from_millis(50))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        std::mem::take(&mut slot.done)
    }

    fn ended(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }
}

impl<J, R> Drop for Writer<J, R> {
    /// Finishes the jobs in hand (quitting, or unwinding from a panic), then ends the thread.
    fn drop(&mut self) {
        {
            let (m, cv) = &*self.shared;
            lock(m).closed = true;
            cv.notify_all();
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The thread: does the jobs handed over, in order, until closed.
fn serve<J, R>(shared: &(Mutex<Slot<J, R>>, Condvar), mut work: impl FnMut(J) -> R) {
    let (m, cv) = shared;
    loop {
        let job = {
            let mut slot = lock(m);
            loop {
                if let Some(job) = slot.pending.pop_front() {
                    slot.busy = true;
                    break job;
                }
                if slot.closed {
                    return;
                }
                slot = cv.wait(slot).unwrap_or_else(PoisonError::into_inner);
            }
        };
        let result = work(job);
        let mut slot = lock(m);
        slot.busy = false;
        slot.done.push(result);
        if slot.pending.is_empty() {
            IN_HAND.fetch_sub(1, Ordering::SeqCst);
        }
        cv.notify_all();
    }
}

/// Waits, up to `limit`, until no writer has a job in hand: for an exit that skips the usual
/// ending (the terminal loop's watchdog), so the last move's autosave is not cut short.
pub(crate) fn wait_for_all(limit: Duration) {
    let start = Instant::now();
    while IN_HAND.load(Ordering::SeqCst) > 0 && start.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A number stands for a write of one file: a newer one makes an older one needless.
    impl Job for u32 {
        fn replaces(&self, _older: &Self) -> bool {
            true
        }
    }

    /// A job that may be replaced (`true`) or must be done (`false`: an archive, say).
    #[derive(Debug)]
    struct Kind(u32, bool);

    impl Job for Kind {
        fn replaces(&self, older: &Self) -> bool {
            self.1 && older.1
        }
    }

    /// Issue 24: while a job is stuck (a slow disk), handing over new ones never waits; only
    /// the newest waiting is done once it answers; waiting gives its result.
    #[test]
    fn a_stuck_job_never_holds_up_the_hand_and_only_the_newest_is_done() {
        let gate = Arc::new(Mutex::new(()));
        let did = Arc::new(Mutex::new(Vec::new()));
        let (g, d) = (Arc::clone(&gate), Arc::clone(&did));
        let w = Writer::spawn("test-writer", move |job: u32| {
            let _stuck = g.lock().unwrap();
            d.lock().unwrap().push(job);
            job * 10
        })
        .unwrap();
        let stuck = gate.lock().unwrap();
        let start = Instant::now();
        for job in 1..=5 {
            w.hand(job);
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "handing over waited"
        );
        assert_eq!(w.done(false), [], "nothing done while stuck");
        drop(stuck);
        let done = w.done(true);
        assert_eq!(done.last(), Some(&50));
        let did = did.lock().unwrap().clone();
        // The first job may have begun before the others came; the rest were one.
        assert!(did == [5] || did == [1, 5], "{did:?}");
        let tens: Vec<u32> = did.iter().map(|j| j * 10).collect();
        assert_eq!(done, tens, "each job's result, in order");
        assert_eq!(w.done(false), [], "taken up once");
    }

    /// A job that does more than rewrite the file (the archive of a game that ended, a game
    /// shelved) is never dropped for a newer one, however slow the disk: only a plain write
    /// replaced by the next plain write is skipped.
    #[test]
    fn a_job_that_must_be_done_is_never_replaced() {
        let gate = Arc::new(Mutex::new(()));
        let did = Arc::new(Mutex::new(Vec::new()));
        let (g, d) = (Arc::clone(&gate), Arc::clone(&did));
        let w = Writer::spawn("test-writer", move |job: Kind| {
            let _stuck = g.lock().unwrap();
            d.lock().unwrap().push(job.0);
            job.0
        })
        .unwrap();
        let stuck = gate.lock().unwrap();
        for (n, plain) in [(1, true), (2, true), (3, false), (4, true), (5, true)] {
            w.hand(Kind(n, plain));
        }
        drop(stuck);
        let done = w.done(true);
        let did = did.lock().unwrap().clone();
        assert!(did == [2, 3, 5] || did == [1, 2, 3, 5], "{did:?}");
        assert_eq!(done, did, "every job's result is taken up");
    }

    /// Dropping the handle finishes the job in hand.
    #[test]
    fn dropping_finishes_the_job_in_hand() {
        let did = Arc::new(Mutex::new(Vec::new()));
        let d = Arc::clone(&did);
        let w = Writer::spawn("test-writer", move |job: u32| {
            std::thread::sleep(Duration::from_millis(20));
            d.lock().unwrap().push(job);
        })
        .unwrap();
        w.hand(7);
        drop(w);
        assert_eq!(*did.lock().unwrap(), [7]);
    }
}
