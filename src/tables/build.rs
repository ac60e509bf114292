//! Retrograde analysis by distance, over the rules module's own move generator.
//!
//! Slices are solved in [`Material::all_up_to`] order, a slice together with its mirror (the
//! same pieces, the other side to move): quiet moves that promote nothing go from one to the
//! other, captures and promotions lead to slices already solved. Within such a pair the values
//! are found level by level: at level `d` a position is won in `d` plies if a move leads to a
//! position lost in fewer (exactly `d - 1`: a shorter one would have shown at an earlier level),
//! and lost in `d` plies if every move leads to a position won in fewer. A position nothing ever
//! decides is a draw. Distances are plies to the end of the game (R-G1: no piece or no move
//! loses); the draw rules (R-G2, R-G3) are not part of a table's value.
//!
//! Every level re-generates the moves of the positions still open (no successor lists kept: a
//! 5-piece pair would need gigabytes), spread over `threads` workers that take chunks of the
//! open list. A value written during a level has a distance of at least that level, which the
//! readers of the same level ignore, so workers write in place without locks.

use super::index::{Material, normalize, rank, unrank};
use super::{DRAW, NOT_A_POSITION, Slice, TableError, Tables, file};
use crate::rules::{MoveList, Position, RuleSet, legal_moves_into};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

/// How far a build has got, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions (indices) of slices finished, plus the first pass over the slice pair at work.
    pub done: u64,
    /// All indices of all slices of the build.
    pub total: u64,
    /// The slice at work.
    pub slice: Material,
    /// The level (plies) the slice pair has reached.
    pub level: u32,
}

/// What happened to one slice pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceEvent {
    /// Solved now and written.
    Built(Material),
    /// Found on disk, checked and kept (a rerun after an interruption).
    Kept(Material),
}

/// How a build is to run.
pub struct BuildOptions<'a> {
    pub rules: RuleSet,
    pub max_pieces: u32,
    pub threads: usize,
    /// Where the rule set's files go (created if missing).
    pub dir: &'a Path,
}

/// Builds (or completes) the tables of a rule set up to `max_pieces` pieces, writing each
/// slice to `dir` as soon as it is solved, so an interrupted build keeps what it finished and a
/// rerun continues. `progress` is called from this thread a few times a second, `event` once per
/// slice.
///
/// # Errors
/// A file that cannot be written, or a distance too long for the format.
pub fn build(
    opts: &BuildOptions<'_>,
    progress: &mut dyn FnMut(&Progress),
    event: &mut dyn FnMut(SliceEvent),
) -> Result<Tables, TableError> {
    std::fs::create_dir_all(opts.dir).map_err(|e| TableError::io(opts.dir, e))?;
    let all = Material::all_up_to(opts.max_pieces);
    let total: u64 = all.iter().map(|m| m.size()).sum();
    let mut tables = Tables {
        rules: opts.rules,
        slices: HashMap::new(),
    };
    let mut done = 0u64;
    for &m in &all {
        if tables.slices.contains_key(&m) {
            continue;
        }
        let group: Vec<Material> = if m == m.mirror() {
            vec![m]
        } else {
            vec![m, m.mirror()]
        };
        let group_size: u64 = group.iter().map(|g| g.size()).sum();
        let kept: Option<Vec<Slice>> = group
            .iter()
            .map(|&g| file::read(opts.dir, opts.rules, g).ok())
            .collect();
        // Sound files from an earlier run are kept; the rest is solved and written now.
        let slices = match kept {
            Some(kept) => {
                for s in &kept {
                    event(SliceEvent::Kept(s.material));
                }
                kept
            }
            None => {
                let solved = solve_group(opts, &tables, &group, &mut |level, first_pass| {
                    progress(&Progress {
                        done: done + first_pass,
                        total,
                        slice: m,
                        level,
                    })
                })?;
                for s in &solved {
                    file::write(opts.dir, opts.rules, s)?;
                    event(SliceEvent::Built(s.material));
                }
                solved
            }
        };
        for s in slices {
            tables.slices.insert(s.material, s);
        }
        done += group_size;
        progress(&Progress {
            done,
            total,
            slice: m,
            level: 0,
        });
    }
    Ok(tables)
}

/// Stored value of a decided position lost or won in `dtw` plies.
fn encode(dtw: u32) -> Result<u8, TableError> {
    u8::try_from(dtw + 1)
        .ok()
        .filter(|&v| v < NOT_A_POSITION)
        .ok_or(TableError::TooDeep)
}

/// The values of the positions after each move, by where they lead.
struct Lookup<'a> {
    rules: RuleSet,
    done: &'a Tables,
    group: &'a [Material],
    work: &'a [Vec<AtomicU8>],
}

impl Lookup<'_> {
    /// The stored value of the position after a move (Black to move), and whether it lies in
    /// the pair at work (its value may still change).
    #[inline]
    fn child(&self, child: &Position) -> (u8, bool) {
        let p = normalize(child);
        let m = p.material();
        if m.men + m.kings == 0 {
            // R-G1: the side to move has no piece, lost now.
            return (1, false);
        }
        if let Some(k) = self.group.iter().position(|&g| g == m) {
            return (self.work[k][rank(p) as usize].load(Ordering::Relaxed), true);
        }
        let slice = self.done.slices.get(&m).unwrap_or_else(|| {
            panic!(
                "{m:?} is reached from {:?} but not solved before it ({})",
                self.group, self.rules
            )
        });
        (slice.data[rank(p) as usize], false)
    }
}

/// Splits `0..n` into chunks taken by `threads` workers; the calling thread reports progress
/// while they run. `work(start, end)` returns a per-chunk result merged by the caller.
fn parallel<T: Send>(
    threads: usize,
    n: usize,
    chunk: usize,
    work: &(dyn Fn(usize, usize) -> T + Sync),
    mut tick: impl FnMut(u64),
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let processed = AtomicU64::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                let tx = tx.clone();
                s.spawn(|| {
                    let tx = tx;
                    let mut out = Vec::new();
                    loop {
                        let start = next.fetch_add(chunk, Ordering::Relaxed);
                        if start >= n {
                            break;
                        }
                        let end = (start + chunk).min(n);
                        out.push(work(start, end));
                        processed.fetch_add((end - start) as u64, Ordering::Relaxed);
                    }
                    // The receiver waits for one message per worker; it never hangs up first.
                    let _ = tx.send(());
                    out
                })
            })
            .collect();
        let mut left = handles.len();
        while left > 0 {
            match rx.recv_timeout(Duration::from_millis(200)) {
                Ok(()) => left -= 1,
                Err(_) => tick(processed.load(Ordering::Relaxed)),
            }
        }
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a table worker panicked"))
            .collect()
    })
}

const CHUNK: usize = 1 << 14;

fn solve_group(
    opts: &BuildOptions<'_>,
    done: &Tables,
    group: &[Material],
    progress: &mut dyn FnMut(u32, u64),
) -> Result<Vec<Slice>, TableError> {
    let rules = opts.rules;
    for g in group {
        if g.size() >= u64::from(u32::MAX) {
            return Err(TableError::TooLarge(*g));
        }
    }
    let work: Vec<Vec<AtomicU8>> = group
        .iter()
        .map(|g| (0..g.size()).map(|_| AtomicU8::new(DRAW)).collect())
        .collect();
    let look = Lookup {
        rules,
        done,
        group,
        work: &work,
    };
    // The longest distance known so far: nothing can be decided at a level more than one past it.
    let mut max_dtw = done.slices.values().map(|s| s.max_dtw).max().unwrap_or(0);
    let too_deep = AtomicBool::new(false);

    // Level 0: lost positions (no move), positions whose moves all leave the pair (captures,
    // promotions: decided now, from solved slices), and the open list of the rest.
    let mut open: Vec<Vec<u32>> = Vec::new();
    let mut offset = 0u64;
    for (k, &g) in group.iter().enumerate() {
        let slot = &work[k];
        let res = parallel(
            opts.threads,
            g.size() as usize,
            CHUNK,
            &|start, end| {
                let mut list = MoveList::new();
                let mut open = Vec::new();
                let mut deepest = 0u32;
                for (i, cell) in slot.iter().enumerate().take(end).skip(start) {
                    let Some(pos) = unrank(g, i as u64).and_then(|p| p.position(rules)) else {
                        cell.store(NOT_A_POSITION, Ordering::Relaxed);
                        continue;
                    };
                    legal_moves_into(&pos, &mut list);
                    if list.is_empty() {
                        cell.store(1, Ordering::Relaxed);
                        continue;
                    }
                    let mut inside = false;
                    let mut best_loss: Option<u32> = None;
                    let mut worst_win = 0u32;
                    let mut any_draw = false;
                    for m in list.iter() {
                        let (v, internal) = look.child(&pos.after(m));
                        if internal {
                            inside = true;
                            break;
                        }
                        match v {
                            DRAW => any_draw = true,
                            v if (v - 1) % 2 == 0 => {
                                best_loss = Some(
                                    best_loss.map_or(u32::from(v - 1), |b| b.min(u32::from(v - 1))),
                                )
                            }
                            v => worst_win = worst_win.max(u32::from(v - 1)),
                        }
                    }
                    if inside {
                        open.push(i as u32);
                        continue;
                    }
                    let dtw = match best_loss {
                        Some(l) => Some(l + 1),
                        None if any_draw => None,
                        None => Some(worst_win + 1),
                    };
                    if let Some(d) = dtw {
                        match encode(d) {
                            Ok(v) => cell.store(v, Ordering::Relaxed),
                            Err(_) => too_deep.store(true, Ordering::Relaxed),
                        }
                        deepest = deepest.max(d);
                    }
                }
                (open, deepest)
            },
            |n| progress(0, offset + n),
        );
        offset += g.size();
        let mut list = Vec::new();
        for (o, d) in res {
            list.extend(o);
            max_dtw = max_dtw.max(d);
        }
        list.sort_unstable();
        open.push(list);
    }
    if too_deep.load(Ordering::Relaxed) {
        return Err(TableError::TooDeep);
    }

    let mut level = 1u32;
    while level <= max_dtw + 1 && open.iter().any(|o| !o.is_empty()) {
        progress(level, offset);
        let win_level = level % 2 == 1;
        let mut decided_any = false;
        for (k, &g) in group.iter().enumerate() {
            let slot = &work[k];
            let list = &open[k];
            let res = parallel(
                opts.threads,
                list.len(),
                CHUNK,
                &|start, end| {
                    let mut moves = MoveList::new();
                    let mut still = Vec::new();
                    let mut decided = false;
                    for &i in &list[start..end] {
                        let pos = unrank(g, u64::from(i))
                            .and_then(|p| p.position(rules))
                            .expect("open positions are positions");
                        legal_moves_into(&pos, &mut moves);
                        let decide = if win_level {
                            moves.iter().any(|m| {
                                let v = u32::from(look.child(&pos.after(m)).0);
                                v != 0 && v < 255 && (v - 1) % 2 == 0 && v - 1 < level
                            })
                        } else {
                            moves.iter().all(|m| {
                                let v = u32::from(look.child(&pos.after(m)).0);
                                v != 0 && (v - 1) % 2 == 1 && v - 1 < level
                            })
                        };
                        if decide {
                            match encode(level) {
                                Ok(v) => slot[i as usize].store(v, Ordering::Relaxed),
                                Err(_) => too_deep.store(true, Ordering::Relaxed),
                            }
                            decided = true;
                        } else {
                            still.push(i);
                        }
                    }
                    (still, decided)
                },
                |_| {},
            );
            let mut next = Vec::with_capacity(list.len());
            for (s, d) in res {
                next.extend(s);
                decided_any |= d;
            }
            next.sort_unstable();
            open[k] = next;
        }
        if too_deep.load(Ordering::Relaxed) {
            return Err(TableError::TooDeep);
        }
        if decided_any {
            max_dtw = max_dtw.max(level);
        }
        level += 1;
    }

    Ok(group
        .iter()
        .zip(work)
        .map(|(&g, w)| Slice::new(g, w.into_iter().map(AtomicU8::into_inner).collect()))
        .collect())
}
