//! Playing levels 1-10: from a beginner who misses combinations and picks a plausible
//! second-best move now and then, to the engine's own play at a quick pace. A level is a search
//! budget and a variety margin: the engine picks at random among the root moves its search
//! proved within the margin of the best (so a weaker move is always one that looked nearly as
//! good to it, never a random blunder). The margins stay under a man, so no level throws a
//! whole piece away by choice; the low levels lose pieces the way a beginner does, by not
//! seeing far enough.
//!
//! The budget is a node count, fitted level by level so that each scores about 73 % against
//! the one below (2 to 5 times the nodes at the bottom, under 2 from level 7 up, where the
//! variety margins narrow too): whole plies of depth are too coarse a step (depth 3 beat depth
//! 2 by over 300 Elo), and nodes weaken the same on any machine. The top level is a budget too:
//! the full engine at a second a move is more than one 65-80 % step above level 9.
//!
//! Calibrated by `dama match --a-level N --b-level N-1`; the README gives the fit and the table.

use super::Limits;

/// The number of levels.
pub const LEVELS: u8 = 10;

/// One level's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub number: u8,
    pub limits: Limits,
    /// Root moves within this many centi-men of the best may be played.
    pub variety: i32,
}

/// Node budget and variety margin per level, 1 first (fitted as the README says).
const TABLE: [(u64, i32); LEVELS as usize] = [
    (20, 90),
    (91, 75),
    (476, 60),
    (1_142, 50),
    (2_398, 40),
    (5_276, 30),
    (9_459, 20),
    (18_026, 12),
    (28_945, 6),
    (75_257, 6),
];

/// Level `n` (1-10), or `None` outside that range.
pub fn level(n: u8) -> Option<Level> {
    let (nodes, variety) = *TABLE.get(usize::from(n).checked_sub(1)?)?;
    Some(Level {
        number: n,
        limits: Limits::Nodes(nodes),
        variety,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        assert_eq!(level(0), None);
        assert_eq!(level(11), None);
        let mut last_nodes = 0;
        let mut last_variety = i32::MAX;
        for n in 1..=LEVELS {
            let l = level(n).unwrap();
            assert_eq!(l.number, n);
            assert!(l.variety <= last_variety, "level {n} varies less");
            last_variety = l.variety;
            match l.limits {
                Limits::Nodes(k) => {
                    assert!(k > last_nodes, "level {n} searches more");
                    last_nodes = k;
                }
                other => panic!("{other:?}"),
            }
            // No whole man given away by choice.
            assert!(l.variety < 100, "level {n}");
        }
    }
}
