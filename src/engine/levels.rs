//! Playing levels 1-10: from a beginner who misses combinations and picks a plausible
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
