//! Retrograde analysis by distance, over the rules module's own move generator.
//!
//! Slices are solved in [`Material::all_up_to`] order, a slice together with its mirror (the
//! same pieces, the other side to move): quiet moves that promote nothing go from one to the
//! other, captures and promotions lead to slices already solved. One forward pass over the pair
//! generates every position's moves once; then the values are found level by level, backwards:
//! a position is won in `d` plies if a move leads to a position lost in `d - 1`, and lost in `d`
//! plies if every move leads to a win for the opponent, the longest in `d - 1`. A position
//! nothing ever decides is a draw. Distances are plies to the end of the game (R-G1: no piece or
//! no move loses); the draw rules (R-G2, R-G3) are not part of a table's value.
//!
//! The backward steps go from a decided position to its predecessors inside the pair by
//! stepping one piece back (a man one square back, a king one square any way), keeping the
//! candidates whose side to move had no capture (R-C1: the forward pass, through the rules
//! module, knows which those are). Per index the pair at work keeps three bytes (value, moves
//! still open, longest win outside), 0.7 GB for the largest 6-piece pair, plus four bytes per
//! position in the lists of positions decided at each level.

use super::index::{Material, Placement, normalize, rank, rank_in, unrank};
use super::memory::memory_free;
use super::{DRAW, NOT_A_POSITION, Slice, TableError, Tables, Wdl, file};
use crate::rules::{Dir, MoveList, Position, RuleSet, Square, has_capture, legal_moves_into};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

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
#[derive(Debug)]
pub enum SliceEvent {
    /// Found on disk but unusable (damaged, unreadable, not a file): solved again, and the
    /// file replaced. Comes before the slice's `Built`.
    Damaged(TableError),
    /// Solved now and written.
    Built(Material),
    /// Found on disk, checked and kept (a rerun after an interruption).
    Kept(Material),
    /// Found on disk in the old one-byte format, sound, and written again in the compact one.
    Converted(Material),
    /// Found on disk without distances in blocks of the earlier size, and written again in
    /// those of [`file::BARE_WDL_BLOCK`] positions (the same values).
    Reblocked(Material),
}

/// How a build is to run.
pub struct BuildOptions<'a> {
    pub rules: RuleSet,
    pub max_pieces: u32,
    pub threads: usize,
    /// Where the rule set's files go (created if missing).
    pub dir: &'a Path,
    /// The most memory a slice pair may take to solve, in bytes. `None`: what the system has
    /// free when the pair begins ([`memory_free`]), not checked where that is not known.
    pub memory: Option<u64>,
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
    let never = AtomicBool::new(false);
    Ok(build_until(opts, &never, progress, event)?.expect("never stopped"))
}

/// [`build`], stopping before the next slice pair once `stop` is set (`Ok(None)`): what was
/// written stays, and a later build goes on from there (the board's background build).
///
/// # Errors
/// As [`build`].
pub fn build_until(
    opts: &BuildOptions<'_>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
    event: &mut dyn FnMut(SliceEvent),
) -> Result<Option<Tables>, TableError> {
    build_list(
        opts,
        Material::all_up_to(opts.max_pieces),
        stop,
        progress,
        event,
    )
}

/// Builds (or completes) the slices `targets` and every slice their captures and promotions
/// can lead to (up to `opts.max_pieces` pieces), and no other: a few large slices without the
/// whole of their piece count (the release tests check 7-piece slices so).
///
/// # Errors
/// As [`build`].
pub fn build_slices(
    opts: &BuildOptions<'_>,
    targets: &[Material],
    progress: &mut dyn FnMut(&Progress),
    event: &mut dyn FnMut(SliceEvent),
) -> Result<Tables, TableError> {
    let list: Vec<Material> = Material::all_up_to(opts.max_pieces)
        .into_iter()
        .filter(|&m| targets.iter().any(|&t| reachable(t, m)))
        .collect();
    let never = AtomicBool::new(false);
    Ok(build_list(opts, list, &never, progress, event)?.expect("never stopped"))
}

/// Whether a game in slice `from` can reach slice `to` (either side to move): on each side men
/// only go (captured or promoted), kings come only from that side's men, pieces only go.
fn reachable(from: Material, to: Material) -> bool {
    let side = |men: u8, kings: u8, men2: u8, kings2: u8| {
        men2 <= men && men2 + kings2 <= men + kings && kings2 <= kings + (men - men2)
    };
    let within = |a: Material, b: Material| {
        side(a.men, a.kings, b.men, b.kings)
            && side(a.their_men, a.their_kings, b.their_men, b.their_kings)
    };
    within(from, to) || within(from, to.mirror())
}

fn build_list(
    opts: &BuildOptions<'_>,
    all: Vec<Material>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
    event: &mut dyn FnMut(SliceEvent),
) -> Result<Option<Tables>, TableError> {
    std::fs::create_dir_all(opts.dir).map_err(|e| TableError::io(opts.dir, e))?;
    let total: u64 = all.iter().map(|m| m.size()).sum();
    let mut tables = Tables::empty(opts.rules);
    let mut done = 0u64;
    // Per piece count: whether every slice has a sound file (see `whole_on_disk`).
    let mut complete: std::collections::HashMap<u32, bool> = std::collections::HashMap::new();
    for &m in &all {
        if tables.slices.contains_key(&m) {
            continue;
        }
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        // Looked at before anything of the piece count is written.
        complete
            .entry(m.pieces())
            .or_insert_with(|| whole_on_disk(opts.dir, opts.rules, m.pieces()));
        let group: Vec<Material> = if m == m.mirror() {
            vec![m]
        } else {
            vec![m, m.mirror()]
        };
        let group_size: u64 = group.iter().map(|g| g.size()).sum();
        // Refused before the arrays are allocated: a pair the memory cannot hold would be
        // killed by the system part way, its work lost, and again at every rerun.
        let need = memory_needed(group_size);
        if let Some(free) = opts.memory.or_else(memory_free)
            && need > free
        {
            return Err(TableError::Memory {
                slices: group,
                need,
                free,
            });
        }
        let read: Vec<Result<file::Found, TableError>> = group
            .iter()
            .map(|&g| file::read_for_build(opts.dir, opts.rules, g))
            .collect();
        // A file without exact distances serves only where its whole piece count is there:
        // solving a slice of that count needs the distances of those its promotions lead to.
        let n = m.pieces();
        let whole = complete[&n];
        // Above [`file::DISTANCES_UP_TO`] pieces the solver needs win, draw or loss only.
        let usable = |r: &Result<file::Found, TableError>| match r {
            Ok(file::Found::Compact(s))
                if n <= file::DISTANCES_UP_TO
                    && !s.packed_file().is_some_and(file::Packed::exact_distances) =>
            {
                whole
            }
            r => r.is_ok(),
        };
        // Sound files from an earlier run are kept (those of the old format converted); the
        // rest is solved and written now.
        let slices = if read.iter().all(usable) {
            let mut kept = Vec::new();
            for f in read.into_iter().filter_map(Result::ok) {
                kept.push(match f {
                    file::Found::Compact(s) => {
                        event(SliceEvent::Kept(s.material));
                        s
                    }
                    file::Found::Old(s) => {
                        file::write(opts.dir, opts.rules, &s, opts.threads)?;
                        event(SliceEvent::Converted(s.material));
                        s
                    }
                });
            }
            kept
        } else {
            // Said before the files are replaced; a file never built (or kept without its
            // distances) is no news.
            for e in read.into_iter().filter_map(Result::err) {
                if !e.is_absent() {
                    event(SliceEvent::Damaged(e));
                }
            }
            let mut solved = solve_group(opts, &tables, &group, &mut |level, first_pass| {
                progress(&Progress {
                    done: done + first_pass,
                    total,
                    slice: m,
                    level,
                })
            })?;
            if n > file::DISTANCES_UP_TO {
                // Solved for win, draw or loss only (see `solved_value`): no distances kept.
                solved.iter_mut().for_each(Slice::forget_distances);
            }
            for s in &solved {
                file::write(opts.dir, opts.rules, s, opts.threads)?;
                event(SliceEvent::Built(s.material));
            }
            if n > file::DISTANCES_UP_TO {
                // Read from now on through its file, memory-mapped (win/draw/loss only, all
                // the larger slices need): only the pair at work is held whole in memory, so
                // 7 pieces (37 G positions) build in the memory of their largest pair.
                let mut mapped = Vec::with_capacity(solved.len());
                for s in solved {
                    let m = s.material;
                    drop(s);
                    mapped.push(file::open_mapped(opts.dir, opts.rules, m)?);
                }
                mapped
            } else {
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
    // Every piece count is whole now: each file keeps what its piece count keeps (see
    // [`file::kind_for`]); files of version 2 are written again in this one.
    for &m in &all {
        let kind = file::kind_for(m.pieces());
        let reblock = kind == file::Kind::Bare
            && tables
                .slices
                .get(&m)
                .and_then(Slice::packed_file)
                .is_some_and(|f| f.wdl_block() != file::BARE_WDL_BLOCK);
        match file::settle(opts.dir, opts.rules, m, kind, opts.threads)? {
            Some(file::V2) => event(SliceEvent::Converted(m)),
            Some(_) if reblock => event(SliceEvent::Reblocked(m)),
            _ => {}
        }
    }
    Ok(Some(tables))
}

/// Whether every slice of `n` pieces has a sound file in `dir` (every block checked), so
/// nothing of that piece count is to be solved. Asked only of files without distances: where
/// every file has them (the headers say), the answer does not matter and nothing is read.
fn whole_on_disk(dir: &Path, rules: RuleSet, n: u32) -> bool {
    let mats: Vec<Material> = Material::all_up_to(n)
        .into_iter()
        .filter(|m| m.pieces() == n)
        .collect();
    let opened: Vec<_> = mats
        .iter()
        .map(|&m| file::map_any(dir, rules, m).map(|(s, _)| s))
        .collect();
    let bare = |r: &Result<Slice, TableError>| {
        r.as_ref()
            .is_ok_and(|s| !s.packed_file().is_some_and(file::Packed::exact_distances))
    };
    if !opened.iter().any(bare) {
        return opened.iter().all(Result::is_ok);
    }
    opened.iter().all(|r| {
        r.as_ref()
            .is_ok_and(|s| s.packed_file().is_none_or(|f| f.check().is_ok()))
    })
}

/// Stored value of a decided position lost or won in `dtw` plies.
fn encode(dtw: u32) -> Result<u8, TableError> {
    u8::try_from(dtw + 1)
        .ok()
        .filter(|&v| v < NOT_A_POSITION)
        .ok_or(TableError::TooDeep)
}

/// The stored value of the position after a capture or a promotion (Black to move): it lies in
/// a slice solved before the pair at work.
#[inline]
fn solved_value(done: &Tables, group: &[Material], child: &Position) -> u8 {
    let p = normalize(child);
    let m = p.material();
    if m.men + m.kings == 0 {
        // R-G1: the side to move has no piece, lost now.
        return 1;
    }
    let slice = done.slices.get(&m).unwrap_or_else(|| {
        panic!(
            "{m:?} is reached from {group:?} but not solved before it ({})",
            done.rules
        )
    });
    match slice.values() {
        Some(d) => d[rank(p) as usize],
        // A slice kept from an earlier run: read through the tables, as the engine does.
        // Up to [`file::DISTANCES_UP_TO`] pieces a loss's distance counts too.
        None => match if group[0].pieces() > file::DISTANCES_UP_TO {
            done.probe_result(child)
        } else {
            done.probe(child)
        } {
            Some(Wdl::Draw) => DRAW,
            // Above [`file::DISTANCES_UP_TO`] pieces only win, draw or loss counts: a loss
            // now, a win in one (the parities of a loss and a win).
            Some(Wdl::Loss(_)) if group[0].pieces() > file::DISTANCES_UP_TO => 1,
            Some(Wdl::Win(_)) if group[0].pieces() > file::DISTANCES_UP_TO => 2,
            // Kept without distances only where nothing of its piece count is solved.
            Some(w) if !w.distance_known() => {
                panic!("{m:?}: kept without its distances ({w:?}), yet needed to solve {group:?}")
            }
            Some(Wdl::Win(d) | Wdl::Loss(d)) => (d + 1) as u8,
            None => panic!("{m:?}: a damaged block in a slice kept from an earlier run"),
        },
    }
}

/// Where a piece of the side that just moved can have come from by a quiet move that
/// promotes nothing, in the table's view (that side is Black: its men go towards 29-32).
struct Unmoves {
    rules: RuleSet,
    /// A man now on the square came from one of these (one step back).
    man: [u32; 32],
    /// A king now on the square came from one of these (one step, any way: kings move one
    /// square in both rule sets, R-K2).
    king: [u32; 32],
}

impl Unmoves {
    fn new(rules: RuleSet) -> Unmoves {
        let mut u = Unmoves {
            rules,
            man: [0; 32],
            king: [0; 32],
        };
        for s in Square::all() {
            for d in Dir::ALL {
                if let Some(n) = s.neighbour(rules, d) {
                    u.king[s.index()] |= 1 << n.index();
                    if matches!(d, Dir::UpLeft | Dir::UpRight) {
                        u.man[s.index()] |= 1 << n.index();
                    }
                }
            }
        }
        u
    }

    /// Calls `f` with every placement (turned round to its side to move's view) from which a
    /// quiet move that promotes nothing leads to `c`: one piece of the side that just moved
    /// stepped back. Each such move is found once. Whether the move was legal there (no capture
    /// for that side, R-C1) is the caller's question: the forward pass has the answer.
    #[inline]
    fn each(&self, c: Placement, mut f: impl FnMut(Placement)) {
        let occupied = c.white | c.black;
        let mut movers = c.black;
        while movers != 0 {
            let s = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            let at = 1u32 << s;
            let king = c.kings & at != 0;
            let mut froms = if king { self.king[s] } else { self.man[s] } & !occupied;
            while froms != 0 {
                let from = 1u32 << froms.trailing_zeros();
                froms &= froms - 1;
                let black = c.black ^ at ^ from;
                let kings = if king { c.kings ^ at ^ from } else { c.kings };
                f(Placement {
                    white: black.reverse_bits(),
                    black: c.white.reverse_bits(),
                    kings: kings.reverse_bits(),
                });
            }
        }
    }

    /// Whether the side to move of `p` has a capture (for checks in debug builds).
    fn must_capture(&self, p: Placement) -> bool {
        has_capture(
            &p.position(self.rules)
                .expect("a step back keeps a legal placement"),
        )
    }
}

/// Splits `0..n` into chunks taken by `threads` workers ([`crate::pool`]); the calling thread
/// reports the positions done every [`TICK`] while they run. `work(start, end)` returns a
/// per-chunk result merged by the caller (in no particular order).
fn parallel<T: Send>(
    threads: usize,
    n: usize,
    chunk: usize,
    work: &(dyn Fn(usize, usize) -> T + Sync),
    mut tick: impl FnMut(u64),
) -> Vec<T> {
    let range = |c: usize| (c * chunk, ((c + 1) * chunk).min(n));
    crate::pool::run(
        threads,
        n.div_ceil(chunk),
        || (),
        |(), c| {
            let (start, end) = range(c);
            Some(work(start, end))
        },
        |rx| {
            let mut out = Vec::new();
            let mut processed = 0u64;
            let mut last = Instant::now();
            loop {
                match rx.recv_timeout(TICK) {
                    Ok((c, t)) => {
                        let (start, end) = range(c);
                        processed += (end - start) as u64;
                        out.push(t);
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => break,
                }
                if last.elapsed() >= TICK {
                    tick(processed);
                    last = Instant::now();
                }
            }
            out
        },
    )
}

/// How often a build reports progress.
const TICK: Duration = Duration::from_millis(200);

const CHUNK: usize = 1 << 14;

/// The open-move count of a position the forward pass decided (or left a draw): it has no
/// quiet move inside the pair, so it is nobody's predecessor.
const DECIDED: u8 = u8::MAX - 1;

/// The open-move count of a position that can no longer lose: a move leads to a draw or a loss
/// outside the pair, so it is won or drawn however its moves inside the pair turn out.
const CANNOT_LOSE: u8 = u8::MAX;

/// The arrays of a slice pair at work, one entry per index.
struct Work {
    /// The stored values: [`DRAW`] while undecided.
    value: Vec<AtomicU8>,
    /// For an undecided position: its moves inside the pair not yet known to be won for the
    /// opponent, or [`CANNOT_LOSE`]; [`DECIDED`] for the others. A position with a move
    /// inside the pair has no capture (captures are compulsory and leave the pair), so this
    /// says which placements found by stepping a piece back are real predecessors.
    open: Vec<AtomicU8>,
    /// For an undecided position with moves open: 1 + the longest win for the opponent among
    /// its moves that leave the pair (promotions), 0 if none; a loss comes no sooner than one
    /// ply after it, the level it waits for once its open moves all lead to wins. For one that
    /// cannot lose by a move to a loss outside the pair: the level that move wins at.
    outside_win: Vec<AtomicU8>,
    /// Per block of [`SCAN_BLOCK`] positions, a bit per level: set when a position of the block
    /// is given a value of that level (or waits for it), so a level's scan skips the others.
    marks: Vec<AtomicU64>,
}

impl Work {
    fn new(size: u64) -> Work {
        let bytes = |v: u8| (0..size).map(|_| AtomicU8::new(v)).collect();
        Work {
            value: bytes(DRAW),
            open: bytes(DECIDED),
            outside_win: bytes(0),
            marks: (0..(size as usize).div_ceil(SCAN_BLOCK) * MARK_WORDS)
                .map(|_| AtomicU64::new(0))
                .collect(),
        }
    }

    /// Notes that position `i` is decided at (or waits for) `level`.
    #[inline]
    fn mark(&self, i: usize, level: u32) {
        let word = i / SCAN_BLOCK * MARK_WORDS + level as usize / 64;
        self.marks[word].fetch_or(1 << (level % 64), Ordering::Relaxed);
    }

    /// Visits every position of the blocks marked for `level`, on `threads` workers; each
    /// chunk of positions collects into a `T` of its own, and those are returned.
    fn scan<T: Send + Default>(
        &self,
        threads: usize,
        level: u32,
        visit: &(dyn Fn(usize, &mut T) + Sync),
    ) -> Vec<T> {
        parallel(
            threads,
            self.value.len(),
            SCAN_CHUNK,
            &|start, end| {
                let mut found = T::default();
                self.marked(level, start, end, |i| visit(i, &mut found));
                found
            },
            |_| {},
        )
    }

    /// Calls `f` with every position in `start..end` of a block marked for `level`.
    fn marked(&self, level: u32, start: usize, end: usize, mut f: impl FnMut(usize)) {
        let bit = 1u64 << (level % 64);
        for b in start / SCAN_BLOCK..end.div_ceil(SCAN_BLOCK) {
            let word = b * MARK_WORDS + level as usize / 64;
            if self.marks[word].load(Ordering::Relaxed) & bit != 0 {
                (b * SCAN_BLOCK).max(start)..((b + 1) * SCAN_BLOCK).min(end)
            } else {
                0..0
            }
            .for_each(&mut f);
        }
    }
}

/// The memory a slice pair of `indices` positions takes to solve: the arrays of [`Work`].
pub fn memory_needed(indices: u64) -> u64 {
    3 * indices + indices.div_ceil(SCAN_BLOCK as u64) * MARK_WORDS as u64 * 8
}

/// The positions a level's scan skips or reads as one.
const SCAN_BLOCK: usize = 1 << 12;

/// Words of level bits per block: a bit for every stored value but [`NOT_A_POSITION`].
const MARK_WORDS: usize = 4;

/// The positions a worker scans at a time.
const SCAN_CHUNK: usize = 1 << 20;

/// Solves a slice and its mirror. First a forward pass over every position with the rules'
/// move generator: positions with no move, and positions whose moves all leave the pair, are
/// decided from the slices solved before; the others keep a count of their moves inside the
/// pair. Then level by level (plies, so distances stay exact) the positions decided at the
/// level are found by a scan of the values and their predecessors inside the pair generated by
/// stepping a piece back: a predecessor of a loss is won one ply later, and a predecessor whose
/// last open move leads to a win is lost one ply later. A value written during a level belongs
/// to the next level, which the scan of this level does not look for, so workers write in place
/// without locks (atomics only).
///
/// Nothing but the three arrays of [`Work`] is kept per position: no list of positions, which
/// took 4 bytes a listed position (more than the arrays' 3 an index on a 7-piece pair). The
/// price is a scan of the pair per level, cheap beside stepping back from the positions found.
fn solve_group(
    opts: &BuildOptions<'_>,
    done: &Tables,
    group: &[Material],
    progress: &mut dyn FnMut(u32, u64),
) -> Result<Vec<Slice>, TableError> {
    let rules = opts.rules;
    let work: Vec<Work> = group.iter().map(|g| Work::new(g.size())).collect();
    // The slice of a position's predecessors (and of its quiet moves): its mirror.
    let other = |k: usize| if group.len() == 1 { 0 } else { 1 - k };
    let too_deep = AtomicBool::new(false);
    // By level: how many positions may be decided at it (a level with none is not scanned; a
    // count too high costs a scan, never a value), and how many wait for it (see
    // `Work::outside_win`).
    let levels = usize::from(NOT_A_POSITION) + 1;
    let expected: Vec<AtomicU64> = (0..levels).map(|_| AtomicU64::new(0)).collect();
    let waiting: Vec<AtomicU64> = (0..levels).map(|_| AtomicU64::new(0)).collect();
    let add = |counts: &[AtomicU64], local: &[u32]| {
        for (c, &n) in counts.iter().zip(local) {
            if n > 0 {
                c.fetch_add(u64::from(n), Ordering::Relaxed);
            }
        }
    };
    let mut deepest_forward = 0u32;

    let mut offset = 0u64;
    for (k, &g) in group.iter().enumerate() {
        let w = &work[k];
        let res = parallel(
            opts.threads,
            g.size() as usize,
            CHUNK,
            &|start, end| {
                let mut list = MoveList::new();
                let mut deepest = 0u32;
                let mut decided_at = vec![0u32; levels];
                let mut waiting_at = vec![0u32; levels];
                for i in start..end {
                    let Some(pos) = unrank(g, i as u64).and_then(|p| p.position(rules)) else {
                        w.value[i].store(NOT_A_POSITION, Ordering::Relaxed);
                        continue;
                    };
                    legal_moves_into(&pos, &mut list);
                    let mut inside = 0u8;
                    let mut best_loss: Option<u32> = None;
                    let mut worst_win: Option<u32> = None;
                    let mut any_draw = false;
                    for m in list.iter() {
                        if !m.is_capture() && !m.promotes() {
                            inside += 1;
                            continue;
                        }
                        match solved_value(done, group, &pos.after(m)) {
                            DRAW => any_draw = true,
                            v => {
                                let d = u32::from(v - 1);
                                if d % 2 == 0 {
                                    best_loss = Some(best_loss.map_or(d, |b| b.min(d)));
                                } else {
                                    worst_win = Some(worst_win.map_or(d, |b| b.max(d)));
                                }
                            }
                        }
                    }
                    if inside == 0 {
                        // Decided now (no move at all: lost in 0).
                        let dtw = match (best_loss, any_draw) {
                            (Some(l), _) => Some(l + 1),
                            (None, true) => None,
                            (None, false) => Some(worst_win.map_or(0, |x| x + 1)),
                        };
                        if let Some(d) = dtw {
                            match encode(d) {
                                Ok(v) => {
                                    w.value[i].store(v, Ordering::Relaxed);
                                    w.mark(i, d);
                                    decided_at[d as usize] += 1;
                                }
                                Err(_) => too_deep.store(true, Ordering::Relaxed),
                            }
                            deepest = deepest.max(d);
                        }
                        continue;
                    }
                    if best_loss.is_some() || any_draw {
                        w.open[i].store(CANNOT_LOSE, Ordering::Relaxed);
                        if let Some(l) = best_loss {
                            // Won at level l + 1 unless won sooner inside the pair. A stored
                            // loss is at most 253 plies, so l + 1 fits.
                            w.outside_win[i].store(l as u8 + 1, Ordering::Relaxed);
                            w.mark(i, l + 1);
                            waiting_at[l as usize + 1] += 1;
                        }
                    } else {
                        w.open[i].store(inside, Ordering::Relaxed);
                        // A win outside is at most 253 plies (the format's limit), so + 1 fits.
                        let x = worst_win.map_or(0, |x| x as u8 + 1);
                        w.outside_win[i].store(x, Ordering::Relaxed);
                    }
                }
                add(&expected, &decided_at);
                add(&waiting, &waiting_at);
                deepest
            },
            |n| progress(0, offset + n),
        );
        offset += g.size();
        deepest_forward = res.into_iter().fold(deepest_forward, u32::max);
    }
    if too_deep.load(Ordering::Relaxed) {
        return Err(TableError::TooDeep);
    }
    let mut expected: Vec<u64> = expected.into_iter().map(AtomicU64::into_inner).collect();
    let mut waiting: Vec<u64> = waiting.into_iter().map(AtomicU64::into_inner).collect();

    let unmoves = Unmoves::new(rules);
    let mut level = 0u32;
    loop {
        progress(level, offset);
        let l = level as usize;
        if waiting[l] > 0 {
            // The positions waiting for this level, decided before any predecessor is stepped
            // to (a win found inside the pair now would come a ply later): wins by a loss
            // outside the pair (`CANNOT_LOSE`), and losses whose open moves all lead to wins
            // (none left open) waiting for a longer win outside it.
            let v = encode(level)?;
            for w in &work {
                let found = w.scan(opts.threads, level, &|i, n: &mut u64| {
                    if w.value[i].load(Ordering::Relaxed) != DRAW
                        || u32::from(w.outside_win[i].load(Ordering::Relaxed)) != level
                    {
                        return;
                    }
                    let open = w.open[i].load(Ordering::Relaxed);
                    if open == CANNOT_LOSE || open == 0 {
                        w.value[i].store(v, Ordering::Relaxed);
                        *n += 1;
                    }
                });
                expected[l] += found.into_iter().sum::<u64>();
            }
        }
        let mut carried = 0u64;
        if expected[l] > 0 {
            let cur = encode(level)?;
            let next = encode(level + 1).ok();
            let win_next = level.is_multiple_of(2);
            for (k, w) in work.iter().enumerate() {
                let pk = other(k);
                let pw = &work[pk];
                // Per chunk: how many were decided for the next level, and the levels of
                // those that wait.
                let visit = |i: usize, (now, wait_at): &mut (u64, Vec<u8>)| {
                    if w.value[i].load(Ordering::Relaxed) != cur {
                        return;
                    }
                    let c = unrank(group[k], i as u64).expect("a decided index is a position");
                    unmoves.each(c, |p| {
                        let j = rank_in(group[pk], p) as usize;
                        let cell = &pw.value[j];
                        if cell.load(Ordering::Relaxed) != DRAW {
                            return;
                        }
                        let open = &pw.open[j];
                        let count = open.load(Ordering::Relaxed);
                        debug_assert_eq!(count == DECIDED, unmoves.must_capture(p));
                        if count == DECIDED {
                            return;
                        }
                        let Some(next) = next else {
                            too_deep.store(true, Ordering::Relaxed);
                            return;
                        };
                        if win_next {
                            if cell
                                .compare_exchange(DRAW, next, Ordering::Relaxed, Ordering::Relaxed)
                                .is_ok()
                            {
                                pw.mark(j, level + 1);
                                *now += 1;
                            }
                            return;
                        }
                        if count == CANNOT_LOSE {
                            return;
                        }
                        if open.fetch_sub(1, Ordering::Relaxed) == 1 {
                            // Its last open move: lost one ply after the longest win
                            // among all its moves.
                            let outside = pw.outside_win[j].load(Ordering::Relaxed);
                            if u32::from(outside) <= level + 1 {
                                cell.store(next, Ordering::Relaxed);
                                pw.mark(j, level + 1);
                                *now += 1;
                            } else {
                                // Its level is in `outside_win` already.
                                pw.mark(j, u32::from(outside));
                                wait_at.push(outside);
                            }
                        }
                    });
                };
                let res = w.scan(opts.threads, level, &visit);
                for (now, wait_at) in res {
                    carried += now;
                    for at in wait_at {
                        waiting[usize::from(at)] += 1;
                    }
                }
            }
        }
        if too_deep.load(Ordering::Relaxed) {
            return Err(TableError::TooDeep);
        }
        // Nothing decided for the next level and nothing waiting further on: done.
        if carried == 0 && level >= deepest_forward && waiting[l + 1..].iter().all(|&n| n == 0) {
            break;
        }
        expected[l + 1] += carried;
        level += 1;
    }

    Ok(group
        .iter()
        .zip(work)
        .map(|(&g, w)| Slice::new(g, w.value.into_iter().map(AtomicU8::into_inner).collect()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::legal_moves;

    /// The memory a pair takes: 3 bytes an index and the level bits (the largest 7-piece pair,
    /// 3.02 G indices, measured at 9.0 GB).
    #[test]
    fn memory_needed_for_the_largest_pair() {
        let largest = Material::new(1, 2, 2, 2).size() + Material::new(2, 2, 1, 2).size();
        let need = memory_needed(largest);
        assert!((9_050_000_000..9_150_000_000).contains(&need), "{need}");
    }

    /// Stepping a piece back finds exactly the positions whose legal quiet moves that promote
    /// nothing lead to the position: both ways, every position of the slices up to 3 pieces and
    /// every 29th of two 4-piece slices (men and kings of both sides), both rule sets.
    #[test]
    fn unmoves_are_the_quiet_moves_backwards() {
        let mut slices: Vec<Material> = Material::all_up_to(3);
        slices.extend([Material::new(1, 1, 1, 1), Material::new(2, 0, 1, 1)]);
        for rules in [RuleSet::Italian, RuleSet::English] {
            let unmoves = Unmoves::new(rules);
            let mut edges = 0;
            for &m in &slices {
                let step = if m.pieces() > 3 { 29 } else { 1 };
                for i in (0..m.size()).step_by(step) {
                    let Some(c) = unrank(m, i) else { continue };
                    // Forwards: every quiet move inside the pair is found backwards.
                    let pos = c.position(rules).unwrap();
                    for mv in legal_moves(&pos).iter() {
                        if mv.is_capture() || mv.promotes() {
                            continue;
                        }
                        let child = normalize(&pos.after(mv));
                        let mut back = Vec::new();
                        unmoves.each(child, |p| back.push(p));
                        assert!(back.contains(&c), "{rules} {m} {c:?} {mv}");
                        edges += 1;
                    }
                    // Backwards: a candidate without a capture has the move to this position.
                    unmoves.each(c, |p| {
                        if unmoves.must_capture(p) {
                            return;
                        }
                        let before = p.position(rules).unwrap();
                        let found = legal_moves(&before)
                            .iter()
                            .filter(|mv| normalize(&before.after(mv)) == c)
                            .count();
                        assert_eq!(found, 1, "{rules} {m} {c:?} from {p:?}");
                    });
                }
            }
            assert!(edges > 100_000, "{rules}: {edges}");
        }
    }
}
