//! The board's background build: the tables up to [`super::DEFAULT_PIECES`] pieces, solved on
//! a thread of the lowest priority the system gives (Linux: the idle class and nice 19, which
//! the build's worker threads inherit), so the engine's search always gets the CPU first.
//!
//! It is [`super::build_until`] underneath: each slice is written (atomically) as soon as it
//! is solved, so a build stopped or killed goes on from the last slice written the next time;
//! a rule set whose tables are complete is only looked at (headers and indices). When a rule
//! set is done, [`super::reload_shared`] makes the engines' next search use the new tables.

use super::{BuildOptions, Material, Tables, build_until, reload_shared, rules_dir};
use crate::rules::RuleSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

/// What the background build is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Looking at what is there already.
    Starting,
    /// Another dama builds the rule set's tables in the same folder: waiting for it to end,
    /// then taking up what it built.
    Waiting { rules: RuleSet },
    /// Solving the rule set's slices: `done` of `total` positions (of this rule set's build).
    Building {
        rules: RuleSet,
        pieces: u32,
        done: u64,
        total: u64,
    },
    /// Every rule set asked for has its tables up to `pieces` (`built`: some were solved now,
    /// else all were there already).
    Done { pieces: u32, built: bool },
    /// Stopped before the end ([`Background::stop`]); what was written stays.
    Stopped,
    /// A file could not be written (a full disk, a folder that is not one): why.
    Failed(String),
}

impl Status {
    /// Per mille of the rule set's build done (for a progress line).
    pub fn permille(&self) -> Option<u64> {
        match self {
            Status::Building { done, total, .. } if *total > 0 => {
                Some((done * 1000 / total).min(1000))
            }
            _ => None,
        }
    }
}

/// What to build.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The tables folder (`<data>/tables`); each rule set's files go in its own folder.
    pub root: PathBuf,
    /// In this order (the rule set played first).
    pub rules: Vec<RuleSet>,
    pub pieces: u32,
    /// Worker threads (each at the lowest priority).
    pub threads: usize,
}

/// The build running on its own thread.
pub struct Background {
    status: Arc<Mutex<Status>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Background {
    /// Starts the build.
    ///
    /// # Errors
    /// When the operating system refuses a new thread.
    pub fn start(plan: Plan) -> std::io::Result<Background> {
        let status = Arc::new(Mutex::new(Status::Starting));
        let stop = Arc::new(AtomicBool::new(false));
        let (s, st) = (Arc::clone(&status), Arc::clone(&stop));
        let thread = std::thread::Builder::new()
            .name("dama-tables".into())
            .spawn(move || {
                lower_priority();
                let end = run(&plan, &st, &s);
                *s.lock().unwrap_or_else(PoisonError::into_inner) = end;
            })?;
        Ok(Background {
            status,
            stop,
            thread: Some(thread),
        })
    }

    /// What it is doing now.
    pub fn status(&self) -> Status {
        self.status
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Asks it to stop after the slice at work (its file is written first, whole or not at
    /// all); does not wait.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Stops it and waits for the thread to end.
    pub fn stop_and_wait(mut self) -> Status {
        self.stop();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.status()
    }

    /// Whether the thread has ended (done, stopped or failed).
    pub fn finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Waits (for tests) until the build has ended, at most a minute; its final status.
    #[cfg(test)]
    pub(crate) fn end_within_a_minute(&self) -> Status {
        let start = std::time::Instant::now();
        while !self.finished() {
            assert!(start.elapsed().as_secs() < 60, "the build did not end");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        self.status()
    }
}

impl Drop for Background {
    /// Stops the build at the next slice; never waits (the process may be ending).
    fn drop(&mut self) {
        self.stop();
    }
}

/// Every rule set of the plan in turn; the final status.
fn run(plan: &Plan, stop: &AtomicBool, status: &Mutex<Status>) -> Status {
    let set = |s: Status| *status.lock().unwrap_or_else(PoisonError::into_inner) = s;
    let mut built = false;
    let ours = crate::store::tables_dir().as_deref() == Some(plan.root.as_path());
    for &rules in &plan.rules {
        let dir = rules_dir(&plan.root, rules);
        // Another dama builds here (another board, `dama tables build`): wait for it, then
        // take up what it built, rather than write the same files under it.
        let mut waited = false;
        let _lock = loop {
            match super::build_lock(&dir) {
                Ok(None) => {
                    if stop.load(Ordering::Relaxed) {
                        return Status::Stopped;
                    }
                    if !waited {
                        set(Status::Waiting { rules });
                    }
                    waited = true;
                    std::thread::sleep(std::time::Duration::from_millis(500));
                }
                Ok(Some(lock)) => break Some(lock),
                Err(_) => break None,
            }
        };
        // Complete already: the cheap checks (headers, indices) of what the engine reads.
        let l = Tables::load_checked(&dir, rules, plan.pieces);
        if l.problems.is_empty() && l.tables.max_pieces() >= plan.pieces {
            if waited && ours {
                reload_shared(rules);
            }
            continue;
        }
        let total: u64 = Material::all_up_to(plan.pieces)
            .iter()
            .map(|m| m.size())
            .sum();
        set(Status::Building {
            rules,
            pieces: 2,
            done: 0,
            total,
        });
        let opts = BuildOptions {
            rules,
            max_pieces: plan.pieces,
            threads: plan.threads.max(1),
            dir: &dir,
            memory: None,
        };
        let r = build_until(
            &opts,
            stop,
            &mut |p| {
                set(Status::Building {
                    rules,
                    pieces: p.slice.pieces(),
                    done: p.done,
                    total: p.total,
                })
            },
            &mut |_| {},
        );
        match r {
            Ok(Some(_)) => {
                built = true;
                // The engines read the data folder's tables: a build elsewhere (a test's
                // scratch folder) is not theirs.
                if ours {
                    reload_shared(rules);
                }
            }
            Ok(None) => return Status::Stopped,
            Err(e) => return Status::Failed(e.to_string()),
        }
    }
    Status::Done {
        pieces: plan.pieces,
        built,
    }
}

/// The calling thread (and the threads it starts) at the lowest priority: Linux's idle
/// class runs it only when no other thread wants the CPU, nice 19 where that class is refused.
/// Elsewhere it runs at the usual priority (the build is still one slice at a time).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: plain system calls on this thread (pid 0 and the thread id name it), with a
        // parameter that lives across the call; a refusal changes nothing.
        unsafe {
            let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
            libc::setpriority(libc::PRIO_PROCESS, tid, 19);
            libc::sched_setscheduler(0, libc::SCHED_IDLE, &param);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permille_of_a_build() {
        let s = Status::Building {
            rules: RuleSet::Italian,
            pieces: 3,
            done: 250,
            total: 1000,
        };
        assert_eq!(s.permille(), Some(250));
        assert_eq!(Status::Starting.permille(), None);
    }

    /// While another dama builds in the folder (it holds the build lock), the board's build
    /// waits without writing anything there (each would remove the other's `.dtb.part` file),
    /// stops when asked, and goes on once the other is done.
    #[cfg(unix)]
    #[test]
    fn the_build_waits_for_another_building_in_the_folder() {
        let root = std::env::temp_dir().join(format!("dama-bg-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let dir = rules_dir(&root, RuleSet::English);
        let other = super::super::build_lock(&dir).unwrap();
        assert!(other.is_some());
        let plan = Plan {
            root: root.clone(),
            rules: vec![RuleSet::English],
            pieces: 2,
            threads: 1,
        };
        let tables = |dir: &std::path::Path| std::fs::read_dir(dir).unwrap().count();
        let b = Background::start(plan.clone()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1200));
        assert_eq!(
            b.status(),
            Status::Waiting {
                rules: RuleSet::English
            }
        );
        assert_eq!(tables(&dir), 0, "written under the other build");
        assert_eq!(b.stop_and_wait(), Status::Stopped);
        let b = Background::start(plan).unwrap();
        drop(other);
        assert_eq!(
            b.end_within_a_minute(),
            Status::Done {
                pieces: 2,
                built: true
            }
        );
        assert_eq!(tables(&dir), 4, "the four 2-piece slices");
        let _ = std::fs::remove_dir_all(&root);
    }
}
