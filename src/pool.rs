//! A small pool of scoped threads over numbered jobs: each thread takes the next job nobody
//! has taken (an atomic counter), so a slow job holds up only its own thread. Used by perft,
//! the tables' build, the tuner's self-play and matches. Depends on nothing in the crate, so
//! `rules` (perft) may use it.
//!
//! Not rayon: the tuner and matches keep a state per thread (an engine, a pair of players),
//! hear of each result on the calling thread as it comes (progress, a running score) and stop
//! the rest early; that is the shape below, in a few dozen lines, with nothing to add to the
//! build. It measured the same as the copies it replaced (`perft --threads 2`, `tables build
//! --threads 2`, release).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};

/// Runs jobs `0..n` on up to `threads` threads (at least one, at most one per job). Each
/// thread first makes its own state with `init`, on that thread (per-thread settings such as
/// a signal mask belong there), and keeps it for every job it takes;
/// `work(state, i)` does job `i`, and `None` ends that thread (it takes no more jobs).
///
/// The results reach `collect` on the calling thread while the threads run, as `(i, result)`
/// in the order they are done; `collect` returning (its receiver dropped) stops the threads
/// once their current jobs end. Returns what `collect` returns, after every thread ended.
///
/// # Panics
/// If a job panics (after the other threads ended).
pub fn run<S, T: Send, R>(
    threads: usize,
    n: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> Option<T> + Sync,
    collect: impl FnOnce(Receiver<(usize, T)>) -> R,
) -> R {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, n.max(1)) {
            let (tx, next, init, work) = (tx.clone(), &next, &init, &work);
            s.spawn(move || {
                let mut state = init();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let Some(done) = work(&mut state, i) else {
                        break;
                    };
                    // The receiver is gone: nobody wants more.
                    if tx.send((i, done)).is_err() {
                        break;
                    }
                }
            });
        }
        // Only the threads' senders are left: the receiver ends when the last thread does.
        drop(tx);
        collect(rx)
    })
}

/// `work(i)` for every `i` in `0..n` on up to `threads` threads, the results in the order of
/// `i` (on the calling thread alone with one thread).
///
/// # Panics
/// If a job panics.
pub fn map<T: Send>(threads: usize, n: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    if threads <= 1 {
        return (0..n).map(work).collect();
    }
    let mut out: Vec<Option<T>> = std::iter::repeat_with(|| None).take(n).collect();
    run(
        threads,
        n,
        || (),
        |(), i| Some(work(i)),
        |rx| {
            for (i, t) in rx {
                out[i] = Some(t);
            }
        },
    );
    // Every job sent its result: a job that panicked made `run` panic.
    out.into_iter()
        .map(|t| t.expect("every job answers"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn map_keeps_the_order_with_any_threads() {
        for threads in [0, 1, 2, 3, 8, 100] {
            let got = map(threads, 50, |i| i * i);
            assert_eq!(got, (0..50).map(|i| i * i).collect::<Vec<_>>(), "{threads}");
        }
        assert!(map(4, 0, |i| i).is_empty());
    }

    #[test]
    fn every_job_runs_once_with_state_per_thread() {
        let inits = AtomicUsize::new(0);
        let mut seen = vec![0; 200];
        let jobs_per_thread = run(
            3,
            200,
            || {
                inits.fetch_add(1, Ordering::Relaxed);
                0usize
            },
            |count, i| {
                *count += 1;
                Some((i, *count))
            },
            |rx| {
                let mut n = 0;
                for (i, (j, _)) in rx {
                    assert_eq!(i, j);
                    seen[i] += 1;
                    n += 1;
                }
                n
            },
        );
        assert_eq!(jobs_per_thread, 200);
        assert!(seen.iter().all(|&k| k == 1));
        assert_eq!(inits.load(Ordering::Relaxed), 3);
    }

    #[test]
    fn a_stopped_collector_or_a_none_stops_the_threads() {
        let started = AtomicUsize::new(0);
        // The collector takes two results and leaves: the threads take few more jobs.
        let got = run(
            2,
            1_000_000,
            || (),
            |(), i| {
                started.fetch_add(1, Ordering::Relaxed);
                Some(i)
            },
            |rx| rx.iter().take(2).count(),
        );
        assert_eq!(got, 2);
        assert!(started.load(Ordering::Relaxed) < 1_000_000);
        // A job answering `None` ends its thread: with one thread, nothing after job 4.
        let done = run(
            1,
            100,
            || (),
            |(), i| (i < 5).then_some(i),
            |rx| rx.iter().count(),
        );
        assert_eq!(done, 5);
    }
}
