//! Playing levels 1-10: from a beginner who misses combinations and picks a plausible
//! second-best move now and then, to full strength. A level is a search limit and a variety
//! margin: the engine picks at random among the root moves its search proved within the
//! margin of the best (so a weaker move is always one that looked nearly as good at that
//! depth, never a random blunder). The margins stay under a man from level 3 up, so middle
//! levels never throw a whole piece away by choice; the low levels lose pieces the way a
//! beginner does, by not seeing far enough.
//!
//! Calibrated by `dama match --a-level N --b-level N-1` (the README gives the table).

use super::Limits;
use std::time::Duration;

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

/// Depth (or, at the top, time) and variety margin per level, 1 first.
const TABLE: [(Option<u32>, i32); LEVELS as usize] = [
    (Some(1), 150),
    (Some(2), 130),
    (Some(3), 100),
    (Some(4), 75),
    (Some(5), 55),
    (Some(6), 45),
    (Some(7), 32),
    (Some(8), 20),
    (Some(10), 6),
    (None, 6),
];

/// Full strength: a second a move.
const TOP_MOVETIME: Duration = Duration::from_millis(1000);

/// Level `n` (1-10), or `None` outside that range.
pub fn level(n: u8) -> Option<Level> {
    let (depth, variety) = *TABLE.get(usize::from(n).checked_sub(1)?)?;
    Some(Level {
        number: n,
        limits: depth.map_or(Limits::MoveTime(TOP_MOVETIME), Limits::Depth),
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
        let mut last_depth = 0;
        let mut last_variety = i32::MAX;
        for n in 1..=LEVELS {
            let l = level(n).unwrap();
            assert_eq!(l.number, n);
            assert!(l.variety <= last_variety, "level {n} varies less");
            last_variety = l.variety;
            match l.limits {
                Limits::Depth(d) => {
                    assert!(d > last_depth, "level {n} searches deeper");
                    last_depth = d;
                }
                Limits::MoveTime(t) => assert_eq!((n, t), (LEVELS, TOP_MOVETIME)),
                other => panic!("{other:?}"),
            }
            // No whole man given away by choice from level 3 up.
            if n >= 3 {
                assert!(l.variety < 100, "level {n}");
            }
        }
    }
}
