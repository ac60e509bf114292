//! How strongly the engine plays: a [`Strength`] (a playing level, a depth, a time or a node
//! budget per move), with the search [`Limits`] and variety margin it stands for, the `+`/`-`
//! steps, and the name it gives the computer player in saved games (`dama (level 3)`), read
//! back to continue a game as it was played. Every caller (the board, its engine thread,
//! `dama play`, `dama match`, saved games) holds this one type. The words a player reads are
//! the TUI's language table's (`tui::lang::strength`); the PDN name is not translated.
//!
//! Playing levels 1-10 go from a beginner who misses combinations and picks a plausible
//! second-best move now and then, to the engine's own play at a quick pace. A level is a search
//! budget and a variety margin: the engine picks at random among the root moves its search
//! proved within the margin of the best (so a weaker move is always one that looked nearly as
//! good to it, never a random blunder). The margins stay under a man, so no level throws a
//! whole piece away by choice; the low levels lose pieces the way a beginner does, by not
//! seeing far enough.
//!
//! The budget is a node count, fitted level by level so that each scores about 77 % against
//! the one below (the 65-80 % a step may score; 72.5 % steps left level 10 at a 1,342-node
//! search with the learnt evaluation, far weaker than before). Whole plies of depth are too
//! coarse a step, and nodes weaken the same on any machine. From level 3 to 8 the narrowing
//! variety margin does much of the work (level 7 searches one node more than level 6). The
//! top level is a budget too: the full engine at a second a move is far more than one step
//! above level 9.
//!
//! Calibrated by `dama match --a-level N --b-level N-1`; docs/developer.md ("Levels") gives
//! the recipe, docs/measurements.md the table.

use super::{Limits, params};
use std::fmt;
use std::time::Duration;

/// The number of levels.
pub const LEVELS: u8 = 10;

/// The deepest fixed depth a game's engine is set to (`dama play --depth`, `+`/`-`, a saved
/// game's player name). The search itself may go deeper ([`super::limits::MAX_DEPTH`]).
pub const MAX_DEPTH: u32 = 40;

/// Node budget and variety margin per level, 1 first (fitted as docs/developer.md says).
const TABLE: [(u64, i32); LEVELS as usize] = [
    (20, 90),
    (73, 75),
    (126, 60),
    (325, 50),
    (472, 40),
    (947, 30),
    (948, 19),
    (1_119, 14),
    (2_664, 9),
    (7_500, 6),
];

/// The move times `+`/`-` step through, in milliseconds.
const MOVETIME_STEPS: [u64; 12] = [
    50, 100, 200, 300, 500, 1000, 2000, 3000, 5000, 10_000, 20_000, 30_000,
];

/// How strongly the engine plays each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A playing level, 1 to [`LEVELS`]: a node budget and a variety margin.
    Level(u8),
    /// Complete iterations up to this depth in plies.
    Depth(u32),
    /// A fixed time per move.
    MoveTime(Duration),
    /// A node budget per move.
    Nodes(u64),
}

impl Strength {
    /// The engine's strength in a game when none is given: depth 12 (about a quarter of a
    /// second from the start position in a release build).
    pub const DEFAULT: Strength = Strength::Depth(12);

    /// Level `n`, or `None` outside 1 to [`LEVELS`].
    pub fn level(n: u8) -> Option<Strength> {
        (1..=LEVELS).contains(&n).then_some(Strength::Level(n))
    }

    /// A level's node budget and variety margin (a level outside the range, which no caller
    /// makes, is read as the nearest one).
    fn level_row(n: u8) -> (u64, i32) {
        TABLE[usize::from(n.clamp(1, LEVELS)) - 1]
    }

    /// What ends each search.
    pub fn limits(self) -> Limits {
        match self {
            Strength::Level(n) => Limits::Nodes(Strength::level_row(n).0),
            Strength::Depth(d) => Limits::Depth(d),
            Strength::MoveTime(t) => Limits::MoveTime(t),
            Strength::Nodes(n) => Limits::Nodes(n),
        }
    }

    /// Root moves within this many centi-men of the best may be played: a level's margin,
    /// else the engine's default small one.
    pub fn variety(self) -> i32 {
        match self {
            Strength::Level(n) => Strength::level_row(n).1,
            _ => params::VARIETY_MARGIN,
        }
    }

    /// One or more steps stronger (`delta > 0`) or weaker, in the unit the player chose
    /// (stepping a time setting as a depth would make a 3-second engine a depth-13 one):
    /// levels and depths within their range, times through fixed steps (a time between two
    /// steps goes to the neighbouring one). A node budget is the lab's setting: it stays.
    pub fn step(self, delta: i32) -> Strength {
        match self {
            Strength::Level(n) => {
                Strength::Level((i32::from(n) + delta).clamp(1, i32::from(LEVELS)) as u8)
            }
            Strength::Depth(d) => {
                Strength::Depth((d as i32 + delta).clamp(1, MAX_DEPTH as i32) as u32)
            }
            Strength::MoveTime(t) => {
                let ms = t.as_millis() as u64;
                let next = if delta > 0 {
                    MOVETIME_STEPS.iter().copied().find(|&s| s > ms)
                } else {
                    MOVETIME_STEPS.iter().rev().copied().find(|&s| s < ms)
                };
                Strength::MoveTime(Duration::from_millis(next.unwrap_or(ms)))
            }
            Strength::Nodes(n) => Strength::Nodes(n),
        }
    }

    /// The computer player's name in saved games: `dama (level 3)`, `dama (depth 12)`,
    /// `dama (500 ms)`, `dama (2000 nodes)`.
    pub fn player_name(self) -> String {
        format!("dama ({self})")
    }

    /// Reads the name [`Strength::player_name`] gives; `None` for any other name (or a
    /// level, depth or time out of range).
    pub fn from_player_name(name: &str) -> Option<Strength> {
        let inner = name.strip_prefix("dama (")?.strip_suffix(')')?;
        if let Some(n) = inner.strip_prefix("level ") {
            return Strength::level(n.parse().ok()?);
        }
        if let Some(d) = inner.strip_prefix("depth ") {
            return d
                .parse()
                .ok()
                .filter(|d| (1..=MAX_DEPTH).contains(d))
                .map(Strength::Depth);
        }
        if let Some(n) = inner.strip_suffix(" nodes") {
            return n.parse().ok().filter(|&n| n > 0).map(Strength::Nodes);
        }
        let ms = inner.strip_suffix(" ms")?.parse().ok().filter(|&t| t > 0)?;
        Some(Strength::MoveTime(Duration::from_millis(ms)))
    }
}

/// The strength inside the player name: `level 3`, `depth 12`, `500 ms`, `2000 nodes`.
impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strength::Level(n) => write!(f, "level {n}"),
            Strength::Depth(d) => write!(f, "depth {d}"),
            Strength::MoveTime(t) => write!(f, "{} ms", t.as_millis()),
            Strength::Nodes(n) => write!(f, "{n} nodes"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        assert_eq!(Strength::level(0), None);
        assert_eq!(Strength::level(11), None);
        let mut last_nodes = 0;
        let mut last_variety = i32::MAX;
        for n in 1..=LEVELS {
            let l = Strength::level(n).unwrap();
            assert!(l.variety() <= last_variety, "level {n} varies less");
            last_variety = l.variety();
            match l.limits() {
                Limits::Nodes(k) => {
                    assert!(k > last_nodes, "level {n} searches more");
                    last_nodes = k;
                }
                other => panic!("{other:?}"),
            }
            // No whole man given away by choice.
            assert!(l.variety() < 100, "level {n}");
        }
    }

    #[test]
    fn player_names_read_back() {
        for s in [
            Strength::Level(1),
            Strength::Level(LEVELS),
            Strength::Depth(1),
            Strength::Depth(MAX_DEPTH),
            Strength::MoveTime(Duration::from_millis(250)),
            Strength::Nodes(2000),
        ] {
            assert_eq!(Strength::from_player_name(&s.player_name()), Some(s), "{s}");
        }
        assert_eq!(Strength::DEFAULT.player_name(), "dama (depth 12)");
        for other in [
            "dama (level 0)",
            "dama (level 11)",
            "dama (depth 0)",
            "dama (depth 41)",
            "dama (0 ms)",
            "dama (0 nodes)",
            "dama",
            "Kingsrow (depth 3)",
        ] {
            assert_eq!(Strength::from_player_name(other), None, "{other}");
        }
    }

    #[test]
    fn steps_keep_to_the_unit_and_range() {
        assert_eq!(Strength::Level(10).step(1), Strength::Level(10));
        assert_eq!(Strength::Level(3).step(-1), Strength::Level(2));
        assert_eq!(Strength::Depth(1).step(-1), Strength::Depth(1));
        assert_eq!(
            Strength::Depth(MAX_DEPTH).step(1),
            Strength::Depth(MAX_DEPTH)
        );
        let ms = |t| Strength::MoveTime(Duration::from_millis(t));
        assert_eq!(ms(250).step(1), ms(300));
        assert_eq!(ms(250).step(-1), ms(200));
        assert_eq!(ms(30_000).step(1), ms(30_000));
        assert_eq!(Strength::Nodes(500).step(1), Strength::Nodes(500));
    }
}
