//! Endgame tables: every position with few pieces solved by retrograde analysis, for both rule
//! sets through the rules module's own move generator. Depends on `rules` (and `store`, for
//! the data folder and atomic writes) only and never prints; building reports progress
//! through callbacks.
//!
//! - [`index`]: position <-> index within a material slice (side to move's view);
//! - [`build`]: the retrograde solver, multi-threaded, writing each slice when solved;
//! - [`background`]: the board's build on a thread of the lowest priority;
//! - [`file`]: the on-disk format (compact, block-compressed, memory-mapped; versioned);
//! - [`cache`]: the bounded cache of decompressed blocks;
//! - [`Tables::probe`]: what the engine asks.
//!
//! While a build solves a slice, each position is one byte: [`DRAW`], [`NOT_A_POSITION`] for the few indices where both
//! sides' men would share a square, else the distance to the end in plies plus one. An odd
//! distance is a win for the side to move, an even one a loss (0: no move now). So every slice
//! carries its distance to win, and the engine can convert within the no-progress rule (R-G3).
//! On disk (and so in a player's process) the same values are kept compactly: see [`file`].

pub mod background;
pub mod build;
pub mod cache;
pub mod file;
pub mod index;
pub mod memory;
pub mod packed;
pub mod verify;

pub use build::{
    BuildOptions, Progress, SliceEvent, build, build_slices, build_until, memory_needed,
};
pub use index::{MAX_PIECES, Material};

use crate::rules::{Move, MoveList, Position, RuleSet, has_capture, legal_moves, legal_moves_into};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// A position nobody can force: a draw (also "not yet decided" during a build).
pub const DRAW: u8 = 0;
/// An index that is no position.
pub const NOT_A_POSITION: u8 = 255;

/// The largest table size the engine and tests ask for by default.
pub const DEFAULT_PIECES: u32 = 5;

/// A table result from the side to move's view, the draw rules aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wdl {
    /// Wins in this many plies (odd, at least 1).
    Win(u32),
    Draw,
    /// Loses in this many plies (even; 0: no move now).
    Loss(u32),
}

/// Distances from here on are not known: a slice stored without its distances (see
/// [`file::DISTANCES_UP_TO`]) answers a win as `Win(UNKNOWN_DISTANCE + 1)` and a loss as
/// `Loss(UNKNOWN_DISTANCE)`, and a value found from such moves (one ply more) stays above it.
/// Far above the longest distance the format holds (253), so it is never taken for one.
pub const UNKNOWN_DISTANCE: u32 = 300;

/// Distances from here on are bounds: a slice stored with coarse distances (the 5-piece ones,
/// see [`file::EXACT_UP_TO`]) answers a win as `Win(BOUNDED + b)`: won in at most `b` plies
/// (and in more than `b - 8`), and a loss, from its moves, as `Loss(BOUNDED + b)`: lost in at
/// most `b` plies (the search, which does not probe the moves, gets the slice's longest
/// distance as the bound: [`Tables::probe_for_search`]). A value found from such moves (one
/// ply more) stays a bound.
pub const BOUNDED: u32 = 1000;

impl Wdl {
    /// Whether the distance is known exactly (a draw has none to know).
    pub fn distance_known(self) -> bool {
        match self {
            Wdl::Win(n) | Wdl::Loss(n) => n < UNKNOWN_DISTANCE,
            Wdl::Draw => true,
        }
    }

    /// The most plies the result can take: the distance when it is known, the bound when the
    /// tables keep one (a coarse slice), `None` for a draw or a distance not kept at all.
    pub fn at_most(self) -> Option<u32> {
        match self {
            Wdl::Win(n) | Wdl::Loss(n) if n < UNKNOWN_DISTANCE => Some(n),
            Wdl::Win(n) | Wdl::Loss(n) if n >= BOUNDED => Some(n - BOUNDED),
            _ => None,
        }
    }

    /// The same result, a bound taken as the distance (won or lost in at most so many plies):
    /// how the search scores a coarse slice's result, as cheaply as an exact one.
    pub fn bounded_as_known(self) -> Wdl {
        match self {
            Wdl::Win(n) if n >= BOUNDED => Wdl::Win(n - BOUNDED),
            Wdl::Loss(n) if n >= BOUNDED => Wdl::Loss(n - BOUNDED),
            w => w,
        }
    }

    /// The same result with its distance forgotten.
    pub fn without_distance(self) -> Wdl {
        match self {
            Wdl::Win(_) => Wdl::Win(UNKNOWN_DISTANCE + 1),
            Wdl::Loss(_) => Wdl::Loss(UNKNOWN_DISTANCE),
            Wdl::Draw => Wdl::Draw,
        }
    }

    /// Whether the distance is a bound only (a coarse slice).
    pub fn is_bounded(self) -> bool {
        matches!(self, Wdl::Win(n) | Wdl::Loss(n) if n >= BOUNDED)
    }

    /// The same result: equal when both distances are known, else the same win, draw or loss.
    pub fn same_result(self, other: Wdl) -> bool {
        if self.distance_known() && other.distance_known() {
            return self == other;
        }
        matches!(
            (self, other),
            (Wdl::Win(_), Wdl::Win(_)) | (Wdl::Loss(_), Wdl::Loss(_)) | (Wdl::Draw, Wdl::Draw)
        )
    }

    /// An order on the distances of results of one kind (win or loss): by the most plies they
    /// can take, a distance not kept last, and a bound before a known distance of the same
    /// number (it may be shorter).
    fn key(self) -> u64 {
        let n = self.at_most().map_or(u64::MAX / 4, u64::from);
        2 * n + u64::from(!self.is_bounded())
    }

    fn from_byte(v: u8) -> Option<Wdl> {
        match v {
            DRAW => Some(Wdl::Draw),
            NOT_A_POSITION => None,
            v => {
                let d = u32::from(v - 1);
                Some(if d % 2 == 1 {
                    Wdl::Win(d)
                } else {
                    Wdl::Loss(d)
                })
            }
        }
    }
}

/// The value of a position from the values of its moves, taken one at a time: a win one ply
/// after the quickest loss among them, else a draw if any, else a loss one ply after the
/// slowest win, else (no move) a loss now. One ply more keeps the kind of distance (known,
/// bound, or not kept).
#[derive(Default)]
pub(crate) struct FromMoves {
    /// The quickest loss (a bound before a known distance of the same number: it may be
    /// quicker).
    best_loss: Option<Wdl>,
    /// The slowest win (a known distance before a bound of the same number).
    worst_win: Option<Wdl>,
    draw: bool,
    /// A loss whose distance is a bound or not kept: it may be quicker than a known one.
    vague_loss: bool,
}

impl FromMoves {
    pub(crate) fn add(&mut self, w: Wdl) {
        match w {
            Wdl::Loss(_) => {
                self.vague_loss |= w.is_bounded() || !w.distance_known();
                if self.best_loss.is_none_or(|b| w.key() < b.key()) {
                    self.best_loss = Some(w);
                }
            }
            Wdl::Win(_) if self.worst_win.is_none_or(|b| w.key() > b.key()) => {
                self.worst_win = Some(w);
            }
            Wdl::Win(_) => {}
            Wdl::Draw => self.draw = true,
        }
    }

    pub(crate) fn value(&self) -> Wdl {
        match (self.best_loss, self.worst_win) {
            // Won through a known distance, but another move may win sooner: in at most so
            // many plies, a bound (English W:WK10,K22,26,K30:BK23,25: 30x21 loses in 4, 26x19
            // in at most 8, in fact in 2).
            (Some(Wdl::Loss(n)), _) if n < UNKNOWN_DISTANCE && self.vague_loss => {
                Wdl::Win(BOUNDED + n + 1)
            }
            (Some(Wdl::Loss(n)), _) => Wdl::Win(n + 1),
            _ if self.draw => Wdl::Draw,
            (_, Some(Wdl::Win(n))) => Wdl::Loss(n + 1),
            _ => Wdl::Loss(0),
        }
    }
}

/// One solved material slice.
pub struct Slice {
    pub material: Material,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub max_dtw: u32,
    /// Whether the distances of a slice in memory are its true ones (slices of more than
    /// [`file::DISTANCES_UP_TO`] pieces are solved for win, draw or loss only).
    distances: bool,
    store: Store,
}

/// Where a slice's values are.
enum Store {
    /// One byte a position, in memory: a slice just solved.
    Full(Vec<u8>),
    /// A compact file, memory-mapped.
    Packed(file::Packed),
}

impl Slice {
    /// A slice from its values, counting them.
    pub fn new(material: Material, data: Vec<u8>) -> Slice {
        let (mut wins, mut draws, mut losses, mut max_dtw) = (0, 0, 0, 0);
        for &v in &data {
            match Wdl::from_byte(v) {
                Some(Wdl::Win(d)) => {
                    wins += 1;
                    max_dtw = max_dtw.max(d);
                }
                Some(Wdl::Loss(d)) => {
                    losses += 1;
                    max_dtw = max_dtw.max(d);
                }
                Some(Wdl::Draw) => draws += 1,
                None => {}
            }
        }
        Slice {
            material,
            wins,
            draws,
            losses,
            max_dtw,
            distances: true,
            store: Store::Full(data),
        }
    }

    /// A slice read from a compact file, with the counts its header gives.
    pub(crate) fn packed(
        material: Material,
        (wins, draws, losses): (u64, u64, u64),
        max_dtw: u32,
        p: file::Packed,
    ) -> Slice {
        Slice {
            material,
            wins,
            draws,
            losses,
            max_dtw,
            distances: true,
            store: Store::Packed(p),
        }
    }

    pub fn positions(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Marks a slice in memory as solved for win, draw or loss only: its distances are not
    /// its true ones, and probes answer them as not kept.
    pub(crate) fn forget_distances(&mut self) {
        self.distances = false;
    }

    /// One byte a position (see the module's doc), when the slice was solved in this process.
    pub fn values(&self) -> Option<&[u8]> {
        match &self.store {
            Store::Full(d) => Some(d),
            Store::Packed(_) => None,
        }
    }

    /// The compact file behind the slice, when it was read from one.
    pub fn packed_file(&self) -> Option<&file::Packed> {
        match &self.store {
            Store::Full(_) => None,
            Store::Packed(p) => Some(p),
        }
    }
}

/// The slices by material, hashed by the four counts packed in a word: SipHash, the map's
/// default, took 7 % of a 7-piece build's time (a look-up at every probe).
type Slices = HashMap<Material, Slice, std::hash::BuildHasherDefault<MaterialHasher>>;

#[derive(Default)]
struct MaterialHasher(u64);

impl std::hash::Hasher for MaterialHasher {
    fn finish(&self) -> u64 {
        // Mixed so that the low bits (the map's bucket) depend on every count.
        let h = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ (h >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
}

/// The tables of one rule set, in memory.
pub struct Tables {
    rules: RuleSet,
    slices: Slices,
    /// Decompressed blocks of the compact slices.
    cache: cache::Cache,
}

/// Why tables could not be built or read.
#[derive(Debug)]
pub enum TableError {
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// No file where a slice is expected (`link`: a link whose target is gone).
    Missing {
        path: PathBuf,
        link: Option<PathBuf>,
    },
    /// Something else under a slice's name: a FIFO, a device, a folder.
    NotRegular { path: PathBuf, kind: &'static str },
    /// A file that is not a dama table, of another version, or of the wrong length.
    Format { path: PathBuf, why: String },
    /// The checksum does not match the contents.
    Checksum { path: PathBuf },
    /// A distance over 253 plies (the format's limit).
    TooDeep,
    /// Not enough memory free to solve a slice pair: `need` bytes, `free` free.
    Memory {
        slices: Vec<Material>,
        need: u64,
        free: u64,
    },
}

impl TableError {
    pub(crate) fn io(path: &Path, error: std::io::Error) -> TableError {
        TableError::Io {
            path: path.to_path_buf(),
            error,
        }
    }

    /// The file it is about, if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            TableError::Io { path, .. }
            | TableError::Missing { path, .. }
            | TableError::NotRegular { path, .. }
            | TableError::Format { path, .. }
            | TableError::Checksum { path } => Some(path),
            TableError::TooDeep | TableError::Memory { .. } => None,
        }
    }

    /// No file at all under the name (not even a broken link): not built yet.
    pub fn is_absent(&self) -> bool {
        matches!(self, TableError::Missing { link: None, .. })
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            TableError::Missing { path, link: None } => write!(f, "{}: missing", path.display()),
            TableError::Missing {
                path,
                link: Some(to),
            } => write!(
                f,
                "{}: a link to {}, which is missing",
                path.display(),
                to.display()
            ),
            TableError::NotRegular { path, kind } => {
                write!(f, "{}: {kind}, not a table file", path.display())
            }
            TableError::Format { path, why } => write!(f, "{}: {why}", path.display()),
            TableError::Checksum { path } => write!(
                f,
                "{}: checksum mismatch (the file is damaged; build the tables again)",
                path.display()
            ),
            TableError::TooDeep => f.write_str("a distance to win longer than 253 plies"),
            TableError::Memory { slices, need, free } => {
                let names: Vec<String> = slices.iter().map(ToString::to_string).collect();
                let size = |bytes: u64| {
                    if bytes >= 1_000_000_000 {
                        format!("{:.1} GB", bytes as f64 / 1e9)
                    } else {
                        format!("{} MB", bytes.div_ceil(1_000_000))
                    }
                };
                write!(
                    f,
                    "solving {} takes about {} of memory, and {} is free: close other programs \
                     and run the build again (it goes on from here)",
                    names.join(" and "),
                    size(*need),
                    size(*free)
                )
            }
        }
    }
}

impl std::error::Error for TableError {}

/// What [`Tables::load_checked`] found.
pub struct Loaded {
    /// Every slice of the piece counts complete and sound up to the first that is not.
    pub tables: Tables,
    /// The highest piece count any file is present for (0: none): the build the folder holds.
    pub top: u32,
    /// Each slice up to `top` pieces that could not be used, and why (missing, damaged,
    /// unreadable), in build order. Only headers, block indices and lengths are checked here;
    /// a block is checked when first decompressed (a damaged one answers no probe), and every
    /// block by `dama tables verify`.
    pub problems: Vec<TableError>,
}

impl Tables {
    /// No tables: every probe answers `None`.
    pub fn empty(rules: RuleSet) -> Tables {
        Tables {
            rules,
            slices: Slices::default(),
            cache: cache::Cache::new(cache_bytes()),
        }
    }

    /// The bytes of decompressed blocks held now.
    pub fn cache_bytes(&self) -> usize {
        self.cache.bytes()
    }

    /// Reads every complete set of slices found in `dir` (the rule set's folder): all slices of
    /// up to `n` pieces for the largest `n` whose files are all present and sound. Damaged or
    /// missing files above that are left out (the engine then knows fewer pieces); a missing
    /// folder gives no tables. [`Tables::load_checked`] also says what was left out.
    pub fn load(dir: &Path, rules: RuleSet, max_pieces: u32) -> Tables {
        Tables::load_checked(dir, rules, max_pieces).tables
    }

    /// As [`Tables::load`], and which slices were left out and why: every slice of each piece
    /// count up to the highest one present must be there (a build goes up piece by piece), so
    /// a deleted, damaged or unreadable file is named, never silently dropped.
    pub fn load_checked(dir: &Path, rules: RuleSet, max_pieces: u32) -> Loaded {
        let top = built_up_to(dir, max_pieces);
        let mut t = Tables::empty(rules);
        let mut problems: Vec<TableError> = folder_problem(dir).into_iter().collect();
        let mut complete = true;
        for n in 2..=top {
            let mats = Material::all_up_to(n)
                .into_iter()
                .filter(|m| m.pieces() == n);
            if !complete {
                // Not used whatever they hold: the cheap checks suffice to name them.
                problems.extend(mats.filter_map(|m| file::read_header(dir, rules, m).err()));
                continue;
            }
            let mut slices = Vec::new();
            for m in mats {
                // Once the piece count is known to be unusable, the rest of it is only named.
                let read = if problems.is_empty() {
                    file::open_mapped(dir, rules, m).map(|s| slices.push(s))
                } else {
                    file::read_header(dir, rules, m).map(|_| ())
                };
                if let Err(e) = read {
                    problems.push(e);
                }
            }
            if problems.is_empty() {
                for s in slices {
                    t.slices.insert(s.material, s);
                }
            } else {
                complete = false;
            }
        }
        Loaded {
            tables: t,
            top,
            problems,
        }
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The most pieces every slice is present for (0: none).
    pub fn max_pieces(&self) -> u32 {
        (2..=MAX_PIECES)
            .take_while(|&n| {
                Material::all_up_to(n)
                    .iter()
                    .all(|m| self.slices.contains_key(m))
            })
            .last()
            .unwrap_or(0)
    }

    /// The slices, in build order.
    pub fn slices(&self) -> Vec<&Slice> {
        let mut v: Vec<&Slice> = self.slices.values().collect();
        v.sort_by_key(|s| (s.material.pieces(), s.material.men_total(), s.material));
        v
    }

    pub fn slice(&self, m: Material) -> Option<&Slice> {
        self.slices.get(&m)
    }

    /// The exact result of a position whose material is in the tables, the draw rules aside;
    /// `None` otherwise (or for a position of the other rule set).
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Wdl> {
        self.probe_with(pos, true)
    }

    /// As [`Tables::probe`], where only win, draw or loss matters: a loss of a file of wins'
    /// distances comes with the slice's longest distance as its bound (see
    /// [`Tables::probe_for_search`]), which saves probing its moves.
    pub(crate) fn probe_result(&self, pos: &Position) -> Option<Wdl> {
        self.probe_with(pos, false)
    }

    /// What the search asks: as [`Tables::probe`], except that a loss of a coarse slice (5
    /// pieces) comes bounded by the slice's longest distance (`Loss(BOUNDED + n)`: lost in at
    /// most `n` plies) instead of by its slowest move, which would cost a probe of each move.
    /// The search scores it as a leaf, as it does a coarse win (by its bucket's bound), so a
    /// 5-piece position costs it one probe, as an exact one did in format 2. A loss of up to
    /// [`file::EXACT_UP_TO`] pieces is read from its moves (exact).
    #[inline]
    pub fn probe_for_search(&self, pos: &Position) -> Option<Wdl> {
        match self.probe_with(pos, false) {
            Some(w @ Wdl::Loss(_))
                if w.is_bounded() && pos.occupied().count() <= file::EXACT_UP_TO =>
            {
                self.probe_with(pos, true)
            }
            w => w,
        }
    }

    #[inline]
    fn probe_with(&self, pos: &Position, bounds: bool) -> Option<Wdl> {
        if pos.rules() != self.rules || pos.occupied().count() > MAX_PIECES {
            return None;
        }
        let p = index::normalize(pos);
        let m = p.material();
        if m.men + m.kings == 0 {
            return Some(Wdl::Loss(0));
        }
        if m.their_men + m.their_kings == 0 {
            // Not a position the game reaches (it ended a ply ago); the tables leave it out.
            return None;
        }
        let s = self.slices.get(&m)?;
        match &s.store {
            Store::Full(d) if s.distances => Wdl::from_byte(d[index::rank(p) as usize]),
            Store::Full(d) => Wdl::from_byte(d[index::rank(p) as usize]).map(Wdl::without_distance),
            // Not stored (don't care): the captures are played out against smaller slices.
            Store::Packed(_) if has_capture(pos) => self.through_captures(pos),
            Store::Packed(f) => {
                let release = std::cell::Cell::new(false);
                let v = f.value(&self.cache, index::rank(p), &release);
                if release.get() {
                    self.release_pages();
                }
                match v {
                    // A file of wins' distances keeps no loss's: every move wins for the other
                    // side, and the slowest of them gives it (or bounds it, when coarse).
                    Some(Wdl::Loss(_)) if bounds && f.wins_only() => self.through_captures(pos),
                    // Not asked for: bounded by the longest distance of the slice.
                    Some(Wdl::Loss(_)) if f.wins_only() => Some(Wdl::Loss(BOUNDED + s.max_dtw)),
                    v => v,
                }
            }
        }
    }

    /// Lets go of the mapped pages of every compact slice, so the process's resident memory
    /// stays near the cache's budget (the pages stay in the system's page cache).
    #[cold]
    fn release_pages(&self) {
        for s in self.slices.values() {
            if let Store::Packed(f) = &s.store {
                f.release();
            }
        }
    }

    /// The value of a position whose side to move must capture, from its moves' values: what
    /// the build stored for it (a win one ply after the quickest loss among them, else a draw
    /// if any, else a loss one ply after the longest win).
    fn through_captures(&self, pos: &Position) -> Option<Wdl> {
        // Generated in place: a move list is 4 KB, and returning one copies it; this runs at
        // every capture a build of 7 pieces meets in the 6-piece files (3/4 of its time went
        // on the copies).
        let mut moves = MoveList::new();
        legal_moves_into(pos, &mut moves);
        self.through_moves(pos, &moves)
    }

    /// The value of `pos` from the values of the positions after `moves` (its legal moves, at
    /// least one): a win one ply after the quickest loss among them, else a draw if any, else
    /// a loss one ply after the longest win. `None` when a child is not in the tables.
    pub(crate) fn through_moves(&self, pos: &Position, moves: &[Move]) -> Option<Wdl> {
        let mut values = FromMoves::default();
        for m in moves {
            values.add(self.probe(&pos.after(m))?);
        }
        Some(values.value())
    }

    /// The best move by the tables: the fastest win, the slowest loss, or a move that keeps
    /// the draw. `None` when the position is not in the tables or has no move.
    pub fn best_move(&self, pos: &Position) -> Option<Move> {
        self.probe(pos)?;
        let rank = |m: &Move| -> i64 {
            let w = self.probe(&pos.after(m));
            let n = w.and_then(Wdl::at_most).map_or(600, i64::from);
            match w {
                Some(Wdl::Loss(_)) => 1_000 - n,
                Some(Wdl::Win(_)) => -1_000 + n,
                Some(Wdl::Draw) | None => 0,
            }
        };
        let moves = legal_moves(pos);
        // The first of the best: ties keep the generator's order, so play is reproducible.
        let mut best: Option<(i64, Move)> = None;
        for m in moves.iter() {
            let r = rank(m);
            if best.is_none_or(|(b, _)| r > b) {
                best = Some((r, *m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// For a win of a coarse slice (a bound only): a move that forces, whatever the defence,
    /// a win of a lower bound (or of an exact distance, or the end) within [`BUCKET`] plies,
    /// by the shortest such line. One exists: with the true distance `d` in the bucket of
    /// bound `b` (`b - 8 < d <= b`), the fastest win reaches `b - 8` within `d - (b - 8) <= 8`
    /// plies. It is found by a search over the tables' results alone, so the engine converts
    /// such wins however little time it has; played every move, the line found shortens by two
    /// plies a move until the bound falls, so the winner never comes back to a position (no
    /// repetition, R-G2) and wins within `b` plies of the first coarse position. `None` for
    /// anything else (or, never seen, a search cut by its budget).
    pub fn converting_move(&self, pos: &Position) -> Option<Move> {
        let w = self.probe(pos)?;
        let (Wdl::Win(_), Some(top)) = (w, w.at_most()) else {
            return None;
        };
        if !w.is_bounded() {
            return None;
        }
        if has_capture(pos) {
            // A bound read through the captures (6 pieces into coarse 5-piece slices): one
            // ply above its child's, so not on a bucket's edge, and the line to the next bucket
            // down can be longer than the search below looks. The capture to the quickest loss
            // keeps the bound by definition.
            return self.best_move(pos);
        }
        let mut c = Converter {
            t: self,
            goal: top.saturating_sub(BUCKET),
            failed: HashMap::new(),
            budget: 5_000_000,
        };
        (1..=BUCKET + 1)
            .step_by(2)
            .find_map(|d| c.forcing_win(pos, d))
    }

    /// The line of best moves from a position in the tables, at most `max` plies, stopped
    /// before a position would come back (see [`crate::rules::line_without_return`]: a drawn
    /// ending's best play goes round in circles).
    pub fn best_line(&self, pos: &Position, max: usize) -> Vec<Move> {
        crate::rules::line_without_return(pos, max, |p| self.best_move(p))
    }
}

/// The width of a coarse slice's buckets, in plies: a win of bound `b` takes more than `b - 8`.
pub const BUCKET: u32 = 8;

/// The search of [`Tables::converting_move`]: the winner's moves to a loss against every
/// reply of the loser, until a win of bound `goal` or less (or of exact distance) is reached.
struct Converter<'a> {
    t: &'a Tables,
    goal: u32,
    /// Positions (the winner to move) from which no line of so many plies was found.
    failed: HashMap<u64, u32>,
    /// Positions of the loser still to look at: a bound on the work, never reached in the
    /// release checks (it would take seconds).
    budget: u32,
}

impl Converter<'_> {
    /// A move of the winner (to move at `pos`) that reaches the goal within `depth - 1` plies
    /// against every defence.
    fn forcing_win(&mut self, pos: &Position, depth: u32) -> Option<Move> {
        let key = pos.hash();
        if self.failed.get(&key).is_some_and(|&d| d >= depth) {
            return None;
        }
        for m in legal_moves(pos).iter() {
            let child = pos.after(m);
            if matches!(self.t.probe_result(&child), Some(Wdl::Loss(_)))
                && self.forced_loss(&child, depth - 1)
            {
                return Some(*m);
            }
        }
        self.failed.insert(key, depth);
        None
    }

    /// Whether every move of the loser (to move at `pos`) leaves the winner the goal reached,
    /// or reachable within `depth - 2` plies.
    fn forced_loss(&mut self, pos: &Position, depth: u32) -> bool {
        let moves = legal_moves(pos);
        if moves.is_empty() {
            return true;
        }
        if depth == 0 || self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        // Every reply first (a cheap refutation ends it), the hardest ones searched first.
        let mut open: Vec<(u32, Position)> = Vec::new();
        for m in moves.iter() {
            let child = pos.after(m);
            match self.t.probe(&child) {
                Some(w @ Wdl::Win(_)) => {
                    let b = w.at_most().unwrap_or(u32::MAX);
                    if b <= self.goal {
                        continue;
                    }
                    // An exact distance `b` (a capture into 4 pieces) is `b - goal` plies from
                    // the goal; a bound `b`, more than `b - 8` from the end, at least
                    // `b - 7 - goal` (the distance falls by one ply a move at the most). An
                    // exact win further off than the goal is no progress: counting it as some
                    // once let a win bounded by 7 plies take 23.
                    let slack = if w.is_bounded() { BUCKET - 1 } else { 0 };
                    if depth < 3 || (b - self.goal).saturating_sub(slack) > depth - 2 {
                        return false;
                    }
                    open.push((b, child));
                }
                _ => return false,
            }
        }
        open.sort_by_key(|(b, _)| std::cmp::Reverse(*b));
        open.iter()
            .all(|(_, c)| self.forcing_win(c, depth - 1).is_some())
    }
}

/// Why the rule set's folder cannot be looked into (not a folder, no permission); `None` when
/// it can, or when it does not exist (no tables built).
pub fn folder_problem(dir: &Path) -> Option<TableError> {
    match std::fs::read_dir(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Some(TableError::io(dir, e)),
        _ => None,
    }
}

/// The highest piece count (up to `max_pieces`) any slice file is present for in `dir`, even a
/// broken link; 0 for none. A build goes up piece by piece, so every slice up to it is due.
pub fn built_up_to(dir: &Path, max_pieces: u32) -> u32 {
    (2..=max_pieces.min(MAX_PIECES))
        .rev()
        .find(|&n| {
            Material::all_up_to(n)
                .into_iter()
                .any(|m| m.pieces() == n && file::present(dir, m))
        })
        .unwrap_or(0)
}

/// The folder of a rule set's tables under the data folder (`<data>/tables/<rules>`).
pub fn rules_dir(tables_dir: &Path, rules: RuleSet) -> PathBuf {
    tables_dir.join(rules.name())
}

/// Takes the build lock of a rule set's folder `dir` (made if need be), without waiting: one
/// build at a time writes there (two boards on their first run, or `dama tables build` while a
/// board builds, would each remove the other's `.dtb.part` file under it). `Ok(Some)` holds it
/// while the file lives; `Ok(None)` while another process builds.
///
/// # Errors
/// No lock can be had (the folder cannot be made, a file system without locks): the build
/// goes on unlocked, as before.
pub fn build_lock(dir: &Path) -> std::io::Result<Option<std::fs::File>> {
    std::fs::create_dir_all(dir)?;
    // Beside the folder (`.italian.build.lock`), not in it: the folder holds tables only.
    let name = dir
        .file_name()
        .map_or_else(|| "tables".into(), |n| n.to_string_lossy().into_owned());
    crate::store::try_lock(&dir.with_file_name(format!(".{name}.build.lock")))
}

/// The budget of each [`Tables`]' block cache made from now on (0: the default).
static CACHE_BYTES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Sets the budget of the block cache of the tables read from now on, and of the shared
/// tables already read ([`shared`]). 0 restores the default, [`cache::DEFAULT_BYTES`].
pub fn set_cache_bytes(bytes: usize) {
    CACHE_BYTES.store(bytes, std::sync::atomic::Ordering::Relaxed);
    for rules in [RuleSet::Italian, RuleSet::English] {
        let held = shared_cell(rules)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        if let Some(t) = held.as_ref().and_then(|l| l.tables.as_ref()) {
            t.cache.set_budget(cache_bytes());
        }
    }
}

fn cache_bytes() -> usize {
    match CACHE_BYTES.load(std::sync::atomic::Ordering::Relaxed) {
        0 => cache::DEFAULT_BYTES,
        n => n,
    }
}

/// The rule set's tables from the data folder ([`crate::store::tables_dir`]), read once per process and shared by every
/// engine (the files are memory-mapped, decompressed a block at a time into a bounded cache). `None` when there are none.
pub fn shared(rules: RuleSet) -> Option<std::sync::Arc<Tables>> {
    shared_load(rules).tables.clone()
}

/// What reading the shared tables found: see [`Loaded`].
pub struct SharedLoad {
    /// The rule set's folder (`None` without a data folder).
    pub dir: Option<PathBuf>,
    pub tables: Option<std::sync::Arc<Tables>>,
    pub top: u32,
    pub problems: Vec<TableError>,
}

/// The read behind [`shared`], with the slices it had to leave out (for the notice that
/// names them). Read once per process, again after [`reload_shared`].
pub fn shared_load(rules: RuleSet) -> std::sync::Arc<SharedLoad> {
    let cell = shared_cell(rules);
    let mut held = cell
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    std::sync::Arc::clone(held.get_or_insert_with(|| std::sync::Arc::new(read_shared(rules))))
}

/// Reads the rule set's tables from the data folder again (a background build has finished
/// some): engines given [`shared`] from now on get the new ones; those holding the old keep
/// them until they ask again.
pub fn reload_shared(rules: RuleSet) {
    let fresh = std::sync::Arc::new(read_shared(rules));
    let cell = shared_cell(rules);
    *cell
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(fresh);
}

type SharedCell = std::sync::Mutex<Option<std::sync::Arc<SharedLoad>>>;

fn shared_cell(rules: RuleSet) -> &'static SharedCell {
    static IT: SharedCell = std::sync::Mutex::new(None);
    static EN: SharedCell = std::sync::Mutex::new(None);
    match rules {
        RuleSet::Italian => &IT,
        RuleSet::English => &EN,
    }
}

fn read_shared(rules: RuleSet) -> SharedLoad {
    let Some(dir) = crate::store::tables_dir().map(|d| rules_dir(&d, rules)) else {
        return SharedLoad {
            dir: None,
            tables: None,
            top: 0,
            problems: Vec::new(),
        };
    };
    let l = Tables::load_checked(&dir, rules, MAX_PIECES);
    SharedLoad {
        dir: Some(dir),
        tables: (l.tables.max_pieces() > 0).then(|| std::sync::Arc::new(l.tables)),
        top: l.top,
        problems: l.problems,
    }
}

#[cfg(test)]
mod tests {
    use super::{BOUNDED, FromMoves, UNKNOWN_DISTANCE, Wdl};

    fn from(values: &[Wdl]) -> Wdl {
        let mut f = FromMoves::default();
        values.iter().for_each(|&w| f.add(w));
        f.value()
    }

    #[test]
    fn a_win_through_a_known_loss_is_known_only_when_no_other_loss_may_be_quicker() {
        assert_eq!(from(&[Wdl::Loss(4), Wdl::Win(3)]), Wdl::Win(5));
        assert_eq!(from(&[Wdl::Loss(4), Wdl::Loss(8)]), Wdl::Win(5));
        // A bound of 8 plies may be 2: won in at most 5 (the English 6-piece case).
        assert_eq!(
            from(&[Wdl::Loss(BOUNDED + 8), Wdl::Loss(4)]),
            Wdl::Win(BOUNDED + 5)
        );
        assert_eq!(
            from(&[Wdl::Loss(4), Wdl::Loss(UNKNOWN_DISTANCE)]),
            Wdl::Win(BOUNDED + 5)
        );
        // The bound is the quicker: kept as it is.
        assert_eq!(
            from(&[Wdl::Loss(BOUNDED + 2), Wdl::Loss(4)]),
            Wdl::Win(BOUNDED + 3)
        );
        assert_eq!(
            from(&[Wdl::Loss(UNKNOWN_DISTANCE)]),
            Wdl::Win(UNKNOWN_DISTANCE + 1)
        );
    }

    #[test]
    fn a_loss_takes_the_slowest_win_and_a_draw_comes_before_it() {
        // The loser takes the slowest: a bound of 7 below a known 9 cannot be slower.
        assert_eq!(from(&[Wdl::Win(9), Wdl::Win(BOUNDED + 7)]), Wdl::Loss(10));
        assert_eq!(
            from(&[Wdl::Win(3), Wdl::Win(BOUNDED + 7)]),
            Wdl::Loss(BOUNDED + 8)
        );
        assert_eq!(from(&[Wdl::Win(3), Wdl::Draw]), Wdl::Draw);
        assert_eq!(from(&[]), Wdl::Loss(0));
    }
}
