//! How strongly the engine plays: a [`Strength`] (a playing level, a depth, a time or a node
//! budget per move), with the search [`Limits`] and variety margin it stands for, the `+`/`-`
//! steps, and the name it gives the computer player in saved games (`dama (level 3)`), read
//! back to continue a game as it was played. Every caller (the board, its engine thread,
//! `dama play`, `dama match`, saved games) holds this one type. The words a player reads are
//! the TUI's language table's (`tui::lang::strength`); the PDN name is not translated.
//!
//! Playing levels 1-14 go from a beginner who misses combinations and picks a plausible
//! second-best move now and then, to the engine at full strength. Levels 1-13 are a search
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
//! variety margin does much of the work (level 7 searches one node more than level 6); from
//! level 10 the margin is the engine's own and the budget alone climbs. From level 11 up the
//! same multiple of nodes buys less (more games are drawn): level 12 scores 71 % and level 13
//! 68 % over the level below (level 13 at 4.7 times level 12's nodes), and full strength
//! searches some seven times level 13's nodes on one thread.
//!
//! The top level, [`FULL_STRENGTH`], is not a budget but a time: the engine as it plays
//! anywhere else, a second a move on all the threads the game's engine has, with its default
//! margin. Its strength depends on the machine, which is what "full strength" means.
//!
//! Calibrated by `dama match --a-level N --b-level N-1`; docs/developer.md ("Levels") gives
//! the recipe, docs/measurements.md the table.

use super::{Limits, params};
use std::fmt;
use std::time::Duration;

/// The number of levels.
pub const LEVELS: u8 = 14;

/// The top level, the engine at full strength: a time per move, not a node budget.
pub const FULL_STRENGTH: u8 = LEVELS;

/// The top level's number when there were fifteen levels (before 2026-12-05): saved games
/// and settings that name it mean full strength.
const FORMER_TOP: u8 = 15;

/// The top level's time per move.
pub const FULL_STRENGTH_MOVETIME: Duration = Duration::from_secs(1);

/// The deepest fixed depth a game's engine is set to (`dama play --depth`, `+`/`-`, a saved
/// game's player name). The search itself may go deeper ([`super::limits::MAX_DEPTH`]).
pub const MAX_DEPTH: u32 = 40;

/// Node budget and variety margin per level, 1 first, up to the level below full strength
/// (fitted as docs/developer.md says; levels 2-13 re-measured with Italian's default
/// evaluation, the patterns, level 3's budget refitted; again after the stronger Italian
/// reductions, levels 4, 10 and 13 refitted; again with the network evaluation, level 5
/// refitted). A level of 1,000,000 nodes between 13 (then
/// 300,000) and full strength scored 60.6 % over 13, under the band: from level 11 up each step
/// of about three times the nodes buys less, so the top step is full strength, about seven
/// times level 13's nodes on one thread (docs/developer.md "Levels").
const TABLE: [(u64, i32); LEVELS as usize - 1] = [
    (20, 90),
    (73, 75),
    (105, 60),
    (290, 50),
    (436, 40),
    (947, 30),
    (948, 19),
    (1_119, 14),
    (2_664, 9),
    (6_300, 6),
    (25_000, 6),
    (90_000, 6),
    (420_000, 6),
];

/// The move times `+`/`-` step through, in milliseconds.
const MOVETIME_STEPS: [u64; 12] = [
    50, 100, 200, 300, 500, 1000, 2000, 3000, 5000, 10_000, 20_000, 30_000,
];

/// How strongly the engine plays each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A playing level, 1 to [`LEVELS`]: a node budget and a variety margin, the top level a
    /// second a move.
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

    /// A level a saved game or the settings file names: as [`Strength::level`], and the
    /// former top level, 15, read as today's top (full strength then as now).
    pub fn saved_level(n: u8) -> Option<Strength> {
        Strength::level(if n == FORMER_TOP { FULL_STRENGTH } else { n })
    }

    /// A level's node budget and variety margin (a level outside the budgets' range, which no
    /// caller makes, is read as the nearest one).
    fn level_row(n: u8) -> (u64, i32) {
        TABLE[usize::from(n.clamp(1, LEVELS - 1)) - 1]
    }

    /// A level below full strength: a node budget that a game's clock does not replace (it
    /// only stops a search that runs past the clock's share).
    pub fn is_budget_level(self) -> bool {
        matches!(self, Strength::Level(n) if n < FULL_STRENGTH)
    }

    /// What ends each search.
    pub fn limits(self) -> Limits {
        match self {
            Strength::Level(FULL_STRENGTH) => Limits::MoveTime(FULL_STRENGTH_MOVETIME),
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
            Strength::Level(n) if n < FULL_STRENGTH => Strength::level_row(n).1,
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
            return Strength::saved_level(n.parse().ok()?);
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
        assert_eq!(Strength::level(LEVELS + 1), None);
        let mut last_nodes = 0;
        let mut last_variety = i32::MAX;
        for n in 1..FULL_STRENGTH {
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
        // The top: the engine itself, a second a move with its own margin.
        let top = Strength::level(FULL_STRENGTH).unwrap();
        assert_eq!(top.limits(), Limits::MoveTime(Duration::from_secs(1)));
        assert_eq!(top.variety(), params::VARIETY_MARGIN);
        assert_eq!(FULL_STRENGTH, 14);
    }

    #[test]
    fn player_names_read_back() {
        for s in [
            Strength::Level(1),
            Strength::Level(10),
            Strength::Level(11),
            Strength::Level(13),
            Strength::Level(LEVELS),
            Strength::Depth(1),
            Strength::Depth(MAX_DEPTH),
            Strength::MoveTime(Duration::from_millis(250)),
            Strength::Nodes(2000),
        ] {
            assert_eq!(Strength::from_player_name(&s.player_name()), Some(s), "{s}");
        }
        assert_eq!(Strength::DEFAULT.player_name(), "dama (depth 12)");
        assert_eq!(Strength::Level(14).player_name(), "dama (level 14)");
        // Games saved when the top was level 15 continue at today's top.
        assert_eq!(
            Strength::from_player_name("dama (level 15)"),
            Some(Strength::Level(FULL_STRENGTH))
        );
        assert_eq!(Strength::saved_level(15), Some(Strength::Level(14)));
        assert_eq!(Strength::saved_level(16), None);
        assert_eq!(Strength::saved_level(0), None);
        for other in [
            "dama (level 0)",
            "dama (level 16)",
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
        assert_eq!(Strength::Level(10).step(1), Strength::Level(11));
        assert_eq!(Strength::Level(13).step(1), Strength::Level(14));
        assert_eq!(Strength::Level(14).step(1), Strength::Level(14));
        assert_eq!(Strength::Level(14).step(-1), Strength::Level(13));
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
