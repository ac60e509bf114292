//! Draw counters: the no-progress count (R-G3) and repetition since the last irreversible move
//! (R-G2).

use super::Move;

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
}
