//! Growing a book by drop-out expansion (Lincke, "Strategies for the automatic construction
//! of opening books", 2001).
//!
//! The book is a tree (a graph: transpositions share a node) grown from its roots (the start
//! position, the ballots). A leaf holds the score of a search of its own position with a
//! fixed node budget; an expanded node has every legal move's position in the book, and its
//! value is the minimax of its children's. Which leaf to expand next: for a player X, a leaf's
//! priority is the sum along its path of `DEPTH_COST` per ply plus, at each node where X is
//! to move, how far the move taken is below that node's best (in centi-men). X's book then
//! answers every move of the opponent but follows X's own moves only while they are near the
//! best, and a line is followed deeper the better it is. The build expands the leaf of least
//! priority for White and for Black in turn, and (a book grown from the start position and the
//! ballots) under the start position and under the ballots in turn, each half the work. A leaf whose value is already decided (one side
//! up [`RESOLVED`] centi-men or more, a win or a loss found), one with kings, and one
//! `max_ply` plies from every root, are not expanded.
//!
//! Every search starts from a cleared table with no variety, on one thread, so a leaf's value
//! depends only on its position and the node budget, and the next leaf only on the book so
//! far: a build interrupted, saved and resumed makes the same book as one that never stopped.

use super::Book;
use super::format::{self, EXPANDED, Header, ROOT, ROOTS_BALLOTS, ROOTS_START, Record, TERMINAL};
use crate::engine::score::{INF, is_decisive, loss_in};
use crate::engine::{Engine, Limits};
use crate::rules::{Color, Game, Position, RuleSet, legal_moves};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// A ply's cost in the expansion priority, in centi-men: a move this much below the best is
/// followed as deep as the best move one ply further.
pub const DEPTH_COST: i32 = 8;

/// A leaf whose value is this far from level (either way) is decided: not expanded.
pub const RESOLVED: i32 = 300;

/// What a build grows from and how deep it searches.
#[derive(Clone, Debug)]
pub struct Options {
    pub rules: RuleSet,
    /// The node budget of each leaf's search.
    pub nodes: u64,
    /// The roots, in the order ties are broken.
    pub roots: Vec<Position>,
    /// Which roots, as the file records them ([`format::ROOTS_START`], [`format::ROOTS_BALLOTS`]).
    pub roots_bits: u8,
    /// No leaf this many plies from its nearest root is expanded.
    pub max_ply: u8,
}

/// The transposition table of the build's searches, MiB (cleared before each one).
pub const TT_MIB: usize = 16;

#[derive(Clone, Debug)]
struct Node {
    search: i16,
    flags: u8,
    mover: Color,
    /// The positions of the legal moves, in the legal moves' order (expanded nodes).
    children: Vec<u64>,
}

/// What [`Tree::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A leaf was expanded: this many new positions searched.
    Expanded { searched: usize },
    /// Nothing left to expand within the limits.
    Done,
}

/// Figures of a book in the making.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub positions: usize,
    pub expanded: usize,
    /// The deepest position, in plies from its nearest root.
    pub max_depth: u32,
    /// Milliseconds of search CPU time spent on the book, over every session.
    pub cpu_ms: u64,
}

/// A book being built.
pub struct Tree {
    opts: Options,
    roots: Vec<(u64, Position)>,
    nodes: HashMap<u64, Node>,
    cpu_ms: u64,
    engine: Engine,
}

/// Per node, one pass: value, priority for White and for Black.
type Memo = HashMap<u64, (i32, [i32; 2])>;

fn clamp16(v: i32) -> i16 {
    v.clamp(-INF, INF) as i16
}

/// The CPU time of the calling thread, in milliseconds (wall time where it is not known).
fn thread_cpu_ms() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid timespec for the call to fill.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        if rc == 0 {
            return Some(ts.tv_sec as u64 * 1000 + ts.tv_nsec as u64 / 1_000_000);
        }
    }
    None
}

impl Tree {
    /// A new book: the roots, none expanded yet.
    pub fn new(opts: Options) -> Tree {
        let mut t = Tree {
            roots: Vec::new(),
            nodes: HashMap::new(),
            cpu_ms: 0,
            engine: Engine::new(TT_MIB),
            opts,
        };
        t.add_roots();
        t
    }

    fn add_roots(&mut self) {
        for p in self.opts.roots.clone() {
            let h = p.hash();
            if !self.roots.iter().any(|(r, _)| *r == h) {
                self.roots.push((h, p));
            }
            let node = self.nodes.entry(h).or_insert_with(|| Node {
                search: 0,
                flags: 0,
                mover: p.side_to_move(),
                children: Vec::new(),
            });
            node.flags |= ROOT;
        }
    }

    /// Goes on from a book saved earlier with the same roots and budget.
    ///
    /// # Errors
    /// Another rule set, node budget or set of roots than `opts` (the book would mix
    /// searches of two kinds), or an expanded position whose moves' positions are missing.
    pub fn resume(book: &Book, opts: Options) -> anyhow::Result<Tree> {
        let h = book.header();
        anyhow::ensure!(
            h.rules == opts.rules,
            "the book is for {} rules, not {}",
            h.rules,
            opts.rules
        );
        anyhow::ensure!(
            h.nodes == opts.nodes && h.roots == opts.roots_bits,
            "the book was built with {} nodes a search from {}; this build asks {} from {}: \
             give the same options, or build a new book elsewhere (--out)",
            h.nodes,
            roots_text(h.roots),
            opts.nodes,
            roots_text(opts.roots_bits)
        );
        let mut t = Tree::new(opts);
        t.cpu_ms = h.cpu_ms;
        let flags: HashMap<u64, Record> = book.records().map(|r| (r.hash, r)).collect();
        // Walk from the roots through the expanded positions, which gives each its position.
        let mut stack: Vec<Position> = t.roots.iter().map(|(_, p)| *p).collect();
        while let Some(p) = stack.pop() {
            let hash = p.hash();
            let Some(rec) = flags.get(&hash) else {
                continue;
            };
            let node = t.nodes.entry(hash).or_insert_with(|| Node {
                search: rec.search,
                flags: 0,
                mover: p.side_to_move(),
                children: Vec::new(),
            });
            node.search = rec.search;
            let was_expanded = node.flags & EXPANDED != 0;
            node.flags |= rec.flags & (EXPANDED | TERMINAL);
            if rec.expanded() && !was_expanded {
                let mut children = Vec::new();
                for m in legal_moves(&p).iter() {
                    let c = p.after(m);
                    anyhow::ensure!(
                        flags.contains_key(&c.hash()),
                        "the book is damaged: an expanded position lacks a move's position"
                    );
                    children.push(c.hash());
                    stack.push(c);
                }
                t.nodes.get_mut(&hash).expect("inserted").children = children;
            }
        }
        Ok(t)
    }

    /// Values and priorities of every node under `hash`.
    fn eval(&self, hash: u64, memo: &mut Memo) -> (i32, [i32; 2]) {
        if let Some(v) = memo.get(&hash) {
            return *v;
        }
        let n = &self.nodes[&hash];
        let out = if n.flags & EXPANDED == 0 || n.children.is_empty() {
            let v = i32::from(n.search);
            let open = n.flags & (TERMINAL | EXPANDED) == 0;
            (v, if open { [0, 0] } else { [INF, INF] })
        } else {
            let kids: Vec<(i32, [i32; 2])> =
                n.children.iter().map(|c| self.eval(*c, memo)).collect();
            let best = kids.iter().map(|(v, _)| -v).max().expect("children");
            let mut prio = [INF, INF];
            for (v, p) in &kids {
                for side in 0..2 {
                    let dev = if side == n.mover.index() { best + v } else { 0 };
                    let cost = p[side].saturating_add(DEPTH_COST + dev).min(INF);
                    prio[side] = prio[side].min(cost);
                }
            }
            (best, prio)
        };
        memo.insert(hash, out);
        out
    }

    /// The plies from the nearest root of every node.
    fn depths(&self) -> HashMap<u64, u32> {
        let mut depth: HashMap<u64, u32> = HashMap::with_capacity(self.nodes.len());
        let mut frontier: Vec<u64> = self.roots.iter().map(|(h, _)| *h).collect();
        for h in &frontier {
            depth.insert(*h, 0);
        }
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for h in frontier {
                for c in &self.nodes[&h].children {
                    if !depth.contains_key(c) {
                        depth.insert(*c, d);
                        next.push(*c);
                    }
                }
            }
            frontier = next;
        }
        depth
    }

    /// Whether a leaf may be expanded: not decided, no kings, within `max_ply`.
    fn expandable(&self, pos: &Position, depth: u32) -> bool {
        let n = &self.nodes[&pos.hash()];
        let v = i32::from(n.search);
        let root = n.flags & ROOT != 0;
        depth < u32::from(self.opts.max_ply)
            && pos.kings().is_empty()
            && (root || (v.abs() < RESOLVED && !is_decisive(v)))
    }

    /// Expands the next leaf: White's and Black's in turn, and in turn again under the start
    /// position and under the ballots (when the book has both: each gets half the work, so
    /// two thousand ballots do not hold the start position's tree back); another's when one
    /// has none left.
    pub fn step(&mut self) -> Step {
        let depths = self.depths();
        let done = self
            .nodes
            .values()
            .filter(|n| n.flags & EXPANDED != 0)
            .count();
        let (turn, group) = (done % 2, (done / 2) % 2);
        let start = Position::start(self.opts.rules).hash();
        let order = [
            (turn, group),
            (1 - turn, group),
            (turn, 1 - group),
            (1 - turn, 1 - group),
        ];
        // Leaves that may not be expanded are closed first, so the priorities skip them.
        loop {
            let mut memo = Memo::new();
            for (h, _) in &self.roots {
                self.eval(*h, &mut memo);
            }
            let mut found = None;
            for (side, group) in order {
                let best = self
                    .roots
                    .iter()
                    .filter(|(h, _)| usize::from(*h != start) == group)
                    .map(|(h, p)| (memo[h].1[side], *p))
                    .filter(|(prio, _)| *prio < INF)
                    .min_by_key(|(prio, _)| *prio);
                if let Some((_, root)) = best {
                    found = Some(self.walk(root, side, &memo));
                    break;
                }
            }
            let Some(leaf) = found else {
                return Step::Done;
            };
            let depth = depths.get(&leaf.hash()).copied().unwrap_or(u32::MAX);
            if self.expandable(&leaf, depth) {
                return Step::Expanded {
                    searched: self.expand(&leaf),
                };
            }
            // Closed for good: the same flags a saved book keeps (an expanded node with no
            // children is a closed leaf; see `eval`).
            self.nodes.get_mut(&leaf.hash()).expect("a node").flags |= TERMINAL;
        }
    }

    /// From `pos` down the children of least priority for `side` to a leaf.
    fn walk(&self, mut pos: Position, side: usize, memo: &Memo) -> Position {
        loop {
            let n = &self.nodes[&pos.hash()];
            if n.flags & EXPANDED == 0 || n.children.is_empty() {
                return pos;
            }
            let best = memo[&pos.hash()].0;
            let moves = legal_moves(&pos);
            let (i, _) = n
                .children
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let (v, p) = memo[c];
                    let dev = if side == n.mover.index() { best + v } else { 0 };
                    (i, p[side].saturating_add(DEPTH_COST + dev))
                })
                .min_by_key(|(_, cost)| *cost)
                .expect("children");
            pos = pos.after(&moves[i]);
        }
    }

    /// Searches every move's position of `pos` not yet in the book; `pos` is then expanded.
    fn expand(&mut self, pos: &Position) -> usize {
        let mut children = Vec::new();
        let mut searched = 0;
        for m in legal_moves(pos).iter() {
            let c = pos.after(m);
            let h = c.hash();
            children.push(h);
            if self.nodes.contains_key(&h) {
                continue;
            }
            let (search, flags) = if legal_moves(&c).is_empty() {
                (loss_in(0), TERMINAL)
            } else {
                searched += 1;
                let v = self.search(&c);
                // Decided, or with kings: a closed leaf from the start.
                let closed = !c.kings().is_empty() || v.abs() >= RESOLVED || is_decisive(v);
                (v, if closed { TERMINAL } else { 0 })
            };
            self.nodes.insert(
                h,
                Node {
                    search: clamp16(search),
                    flags,
                    mover: c.side_to_move(),
                    children: Vec::new(),
                },
            );
        }
        let n = self.nodes.get_mut(&pos.hash()).expect("a node");
        n.children = children;
        n.flags |= EXPANDED;
        searched
    }

    /// A leaf's search: a cleared table, no variety, one thread, the node budget.
    fn search(&mut self, pos: &Position) -> i32 {
        let never = AtomicBool::new(false);
        let e = &mut self.engine;
        e.new_game();
        e.set_seed(Some(0));
        e.set_variety(0);
        e.set_contempt(0);
        e.set_threads(1);
        let cpu = thread_cpu_ms();
        let wall = std::time::Instant::now();
        let r = e.search(
            &Game::new(*pos),
            Limits::Nodes(self.opts.nodes),
            &never,
            &mut |_| {},
        );
        self.cpu_ms += match (cpu, thread_cpu_ms()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall.elapsed().as_millis() as u64,
        };
        r.score
    }

    pub fn positions(&self) -> usize {
        self.nodes.len()
    }

    /// The search CPU time spent on the book so far (every session), milliseconds.
    pub fn cpu_ms(&self) -> u64 {
        self.cpu_ms
    }

    pub fn stats(&self) -> Stats {
        let depths = self.depths();
        Stats {
            positions: self.nodes.len(),
            expanded: self
                .nodes
                .values()
                .filter(|n| n.flags & EXPANDED != 0)
                .count(),
            max_depth: depths.values().copied().max().unwrap_or(0),
            cpu_ms: self.cpu_ms,
        }
    }

    /// The records of the book as it stands (values by minimax), sorted by hash.
    pub fn records(&self) -> Vec<Record> {
        let mut memo = Memo::new();
        for (h, _) in &self.roots {
            self.eval(*h, &mut memo);
        }
        let depths = self.depths();
        let mut out: Vec<Record> = self
            .nodes
            .iter()
            .map(|(h, n)| Record {
                hash: *h,
                value: clamp16(memo.get(h).map_or(i32::from(n.search), |m| m.0)),
                search: n.search,
                flags: n.flags,
                depth: depths.get(h).map_or(255, |d| (*d).min(255) as u8),
            })
            .collect();
        out.sort_unstable_by_key(|r| r.hash);
        out
    }

    /// The book file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = Header {
            rules: self.opts.rules,
            roots: self.opts.roots_bits,
            count: self.nodes.len() as u64,
            nodes: self.opts.nodes,
            cpu_ms: self.cpu_ms,
        };
        format::to_bytes(&header, &mut self.records())
    }

    /// Writes the book to `path` atomically (a temporary file in its folder, synced, renamed).
    ///
    /// # Errors
    /// The file system's.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        save_bytes(path, &self.to_bytes())
    }
}

/// Writes a book file atomically through the store.
///
/// # Errors
/// The file system's.
pub fn save_bytes(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let (dir, name) = crate::store::folder_of(path)?;
    let tmp = dir.join(format!("{name}.part{}", std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    crate::store::write_synced(&tmp, &[bytes])?;
    crate::store::move_into_place(&tmp, path, crate::store::Overwrite::Replace)
}

/// The roots in words.
pub fn roots_text(bits: u8) -> &'static str {
    match (bits & ROOTS_START != 0, bits & ROOTS_BALLOTS != 0) {
        (true, true) => "the start position and the ballots",
        (false, true) => "the ballots",
        _ => "the start position",
    }
}
