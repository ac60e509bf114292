//! Draw counters: the no-progress count (R-G3) and repetition since the last irreversible move
//! (R-G2).

use super::{Move, Position};

/// Plies without a capture or a man move that draw the game (R-G3).
pub const NO_PROGRESS_LIMIT: u32 = 80;

/// What the draw rules need to know about the past, carried from position to position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawState {
    /// Consecutive plies with no capture and no man move.
    pub no_progress: u32,
}

impl DrawState {
    /// The state after `m` is played.
    pub fn after(self, m: &Move) -> DrawState {
        DrawState {
            no_progress: if m.is_irreversible() {
                0
            } else {
                self.no_progress + 1
            },
        }
    }

    /// R-G3: 80 consecutive plies with no capture and no man move.
    pub fn is_no_progress_draw(self) -> bool {
        self.no_progress >= NO_PROGRESS_LIMIT
    }

    /// How often the last of `hashes` occurs among the positions since the last irreversible
    /// move (`hashes` ends with the current position; only every second one has the same side
    /// to move). Earlier positions cannot recur: a capture or a man move can't be undone.
    pub fn repetitions(self, hashes: &[u64]) -> usize {
        let Some(&current) = hashes.last() else {
            return 0;
        };
        let window = (self.no_progress as usize + 1).min(hashes.len());
        hashes[hashes.len() - window..]
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&h| h == current)
            .count()
    }

    /// R-G2: whether the last of `hashes` is the third occurrence of its position since the
    /// last irreversible move (`repetitions(hashes) >= 3` for the hashes of a real game).
    /// Answered at once when too few plies have passed, as they mostly have: the search asks
    /// at every node.
    #[inline]
    pub fn is_third_repetition(self, hashes: &[u64]) -> bool {
        // A position can first recur 4 plies later (each side goes and comes back), so its
        // third occurrence needs at least 8 reversible plies.
        self.no_progress >= 8 && self.repetitions(hashes) >= 3
    }
}

/// The line `best` plays from `pos`, at most `max` plies, stopped before a position would come
/// back. A line of best play that wins never repeats (its distance falls every ply); a drawn
/// one goes round in circles, on past the third repetition that ends the game (R-G2), and
/// would fill `max` plies with them: a line shown to a player or a program stops where it
/// starts repeating.
pub fn line_without_return(
    pos: &Position,
    max: usize,
    mut best: impl FnMut(&Position) -> Option<Move>,
) -> Vec<Move> {
    let mut line = Vec::new();
    let mut seen = vec![pos.hash()];
    let mut p = *pos;
    while line.len() < max {
        let Some(m) = best(&p) else { break };
        let next = p.after(&m);
        if seen.contains(&next.hash()) {
            break;
        }
        seen.push(next.hash());
        line.push(m);
        p = next;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn third_repetition_agrees_with_the_count_on_a_game_like_history() {
        // Kings going back and forth: the start recurs every 4 plies.
        let hashes = [7, 1, 2, 3, 7, 1, 2, 3, 7];
        for np in 0..12 {
            let d = DrawState { no_progress: np };
            assert_eq!(
                d.is_third_repetition(&hashes),
                d.repetitions(&hashes) >= 3,
                "{np}"
            );
        }
        assert!(DrawState { no_progress: 8 }.is_third_repetition(&hashes));
        assert!(!DrawState { no_progress: 8 }.is_third_repetition(&hashes[..8]));
    }
}
