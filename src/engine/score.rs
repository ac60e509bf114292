//! The score's encoding, in one place: what an `i32` score means and how it changes as it
//! moves through the tree and the transposition table. Formatting for people lives in the
//! language layer (`tui::lang`), the protocol's wording in `commands::engine_protocol`; both
//! read a score through [`classify`].
//!
//! From the side to move's view, from the highest:
//! - `WIN - n` (above `WIN - 1000`): a forced win `n` plies from the root (so the search prefers
//!   the nearer one); `-(WIN - n)`: a forced loss. [`win_in`], [`loss_in`], [`classify`].
//! - [`TABLE_WIN`]` - n`: an endgame-table win that the no-progress rule (R-G3) could still cut
//!   short: below any proven win, above any evaluation.
//! - Centi-men (a man is worth 100): the evaluation. A draw is 0, nudged by one centi-man
//!   towards the side with more material and shifted by contempt (`Engine::set_contempt`).
//!
//! Everything fits in an `i16` (the table stores 16 bits): `WIN` plus the deepest ply.

use super::params;
use crate::rules::NO_PROGRESS_LIMIT;
use crate::tables::Wdl;

/// The score of a won position at the root (a win found `n` plies away scores `WIN - n`).
pub const WIN: i32 = 30_000;

/// Above every score: the bounds of an open search window.
pub const INF: i32 = WIN + 1;

/// A forced result is at most this many plies away; scores within it of `WIN` are forced.
const FORCED_WITHIN: i32 = 1000;

/// A table win that the no-progress count (R-G3) could cut short if nothing reset it: scored
/// below any proven win, above any evaluation, less the distance (the nearer the better).
pub const TABLE_WIN: i32 = 20_000;

/// What a score says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    /// An estimate (or a table win short of a proven one) in centi-men.
    Centi(i32),
    /// A forced win so many plies away.
    Win(u32),
    /// A forced loss so many plies away.
    Loss(u32),
}

/// The one reading of a score: a forced win, a forced loss, or centi-men.
#[inline]
pub fn classify(score: i32) -> ScoreKind {
    if score > WIN - FORCED_WITHIN {
        ScoreKind::Win((WIN - score) as u32)
    } else if score < -(WIN - FORCED_WITHIN) {
        ScoreKind::Loss((WIN + score) as u32)
    } else {
        ScoreKind::Centi(score)
    }
}

/// Whether a score is a forced win or loss.
#[inline]
pub fn is_decisive(score: i32) -> bool {
    score.abs() > WIN - FORCED_WITHIN
}

/// Whether a score is a table result short of a proven one ([`TABLE_WIN`]'s band, which
/// evaluations never reach): `Some(true)` won, `Some(false)` lost, `None` any other score.
/// People are told "wins if the 80-ply rule allows", not a number near 200 men.
#[inline]
pub fn table_unproven(score: i32) -> Option<bool> {
    (!is_decisive(score) && score.abs() > TABLE_WIN - 1000).then_some(score > 0)
}

/// Whether a score names a winner rather than counting men: a forced result, or a table
/// result short of a proven one. Sums over scores (a review's graph, a move's loss) count such
/// a score as a fixed lead.
#[inline]
pub fn names_winner(score: i32) -> bool {
    is_decisive(score) || table_unproven(score).is_some()
}

/// Plies to a forced end (win or loss), `None` for any other score.
#[inline]
pub fn plies_to_end(score: i32) -> Option<u32> {
    match classify(score) {
        ScoreKind::Win(n) | ScoreKind::Loss(n) => Some(n),
        ScoreKind::Centi(_) => None,
    }
}

/// A forced win `plies` plies from the root.
#[inline]
pub const fn win_in(plies: i32) -> i32 {
    WIN - plies
}

/// A forced loss `plies` plies from the root.
#[inline]
pub const fn loss_in(plies: i32) -> i32 {
    -(WIN - plies)
}

/// A score as the table stores it: a forced result counted from the node `ply` plies below
/// the root, not from the root.
#[inline]
pub fn to_tt(score: i32, ply: i32) -> i32 {
    match classify(score) {
        ScoreKind::Win(_) => score + ply,
        ScoreKind::Loss(_) => score - ply,
        ScoreKind::Centi(_) => score,
    }
}

/// A stored score read back at a node `ply` plies below the root (the inverse of [`to_tt`]).
#[inline]
pub fn from_tt(score: i32, ply: i32) -> i32 {
    match classify(score) {
        ScoreKind::Win(_) => score - ply,
        ScoreKind::Loss(_) => score + ply,
        ScoreKind::Centi(_) => score,
    }
}

/// The score of a table result `ply` plies below the root with `np` plies of no progress:
/// a win or loss in mate terms when it comes before the no-progress draw (R-G3) even if
/// nothing resets the count; otherwise a won ending short of a proven win. `draw` is what a
/// draw is worth here.
pub fn from_table(w: Wdl, ply: i32, np: u32, draw: i32) -> i32 {
    match w {
        Wdl::Win(n) if np + n <= NO_PROGRESS_LIMIT => win_in(ply + n as i32),
        Wdl::Loss(n) if np + n <= NO_PROGRESS_LIMIT => loss_in(ply + n as i32),
        Wdl::Win(n) => TABLE_WIN - n as i32,
        Wdl::Loss(n) => -(TABLE_WIN - n as i32),
        Wdl::Draw => draw,
    }
}

/// The score of a table win (or, negated, loss) whose distance the tables do not keep (their
/// larger slices, see [`crate::tables::file::DISTANCES_UP_TO`]): below every table win of known
/// distance (`TABLE_WIN - 253` at the least), and higher the more `progress` the winner has
/// made (0 to 299), so that the search converts by heading for captures and promotions, into
/// the slices whose distances are known.
pub fn from_table_unknown(w: Wdl, progress: i32, draw: i32) -> i32 {
    let s = TABLE_WIN - 600 + progress.clamp(0, 299);
    match w {
        Wdl::Win(_) => s,
        Wdl::Loss(_) => -s,
        Wdl::Draw => draw,
    }
}

/// Contempt is kept far below any proven result, so a proven result always outranks a biased
/// draw (checked here, where both numbers are known).
const _: () = assert!(params::MAX_CONTEMPT < TABLE_WIN && TABLE_WIN < WIN - FORCED_WITHIN);
/// The deepest adjusted score still fits the table's 16 bits.
const _: () = assert!(WIN + super::ordering::MAX_PLY as i32 <= i16::MAX as i32);

impl std::fmt::Display for ScoreKind {
    /// The plain English form (command-line reports): `+1.25` (men), `-0.40`, `win in 7` /
    /// `loss in 4` (plies to the end). The TUI words it in the player's language.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            ScoreKind::Win(n) => write!(f, "win in {n}"),
            ScoreKind::Loss(n) => write!(f, "loss in {n}"),
            ScoreKind::Centi(c) if table_unproven(c).is_some() => {
                let what = if c > 0 { "win" } else { "loss" };
                write!(f, "{what} if the 80-ply rule allows")
            }
            ScoreKind::Centi(c) => {
                let sign = if c < 0 { "-" } else { "+" };
                let a = c.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
        }
    }
}

/// A score for command-line reports: `+1.25` (men), `-0.40`, `win in 7` / `loss in 4`.
pub fn format_score(score: i32) -> String {
    classify(score).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_people_expect() {
        assert_eq!(format_score(125), "+1.25");
        assert_eq!(format_score(-40), "-0.40");
        assert_eq!(format_score(0), "+0.00");
        assert_eq!(format_score(WIN - 7), "win in 7");
        assert_eq!(format_score(-(WIN - 4)), "loss in 4");
        assert!(is_decisive(WIN - 3) && !is_decisive(900));
        // A table win the no-progress count could cut short is no number of men.
        assert_eq!(
            format_score(from_table(Wdl::Win(70), 1, 20, 0)),
            "win if the 80-ply rule allows"
        );
        assert_eq!(
            format_score(-from_table_unknown(Wdl::Win(0), 0, 0)),
            "loss if the 80-ply rule allows"
        );
        assert_eq!(table_unproven(TABLE_WIN - 253), Some(true));
        assert_eq!(table_unproven(-(TABLE_WIN - 600)), Some(false));
        assert_eq!(table_unproven(win_in(5)), None);
        assert_eq!(table_unproven(3000), None);
    }

    #[test]
    fn classification_has_one_edge() {
        assert_eq!(classify(win_in(999)), ScoreKind::Win(999));
        assert_eq!(classify(win_in(1000)), ScoreKind::Centi(WIN - 1000));
        assert_eq!(classify(loss_in(999)), ScoreKind::Loss(999));
        assert_eq!(classify(loss_in(1000)), ScoreKind::Centi(-(WIN - 1000)));
        assert_eq!(classify(TABLE_WIN), ScoreKind::Centi(TABLE_WIN));
        assert_eq!(classify(-WIN), ScoreKind::Loss(0));
        for s in [0, 1, -1, TABLE_WIN, win_in(998), loss_in(998), win_in(1000)] {
            assert_eq!(is_decisive(s), plies_to_end(s).is_some(), "{s}");
        }
    }

    #[test]
    fn table_round_trip_moves_forced_results_only() {
        for s in [win_in(9), loss_in(9), 250, -250, TABLE_WIN - 3] {
            assert_eq!(from_tt(to_tt(s, 5), 5), s);
        }
        assert_eq!(to_tt(win_in(9), 5), win_in(4));
        assert_eq!(to_tt(loss_in(9), 5), loss_in(4));
        assert_eq!(to_tt(250, 5), 250);
    }

    #[test]
    fn table_results_outrank_evaluations_below_proven_wins() {
        // Win in 10 from ply 3 with room before R-G3: a proven win 13 plies away.
        assert_eq!(from_table(Wdl::Win(10), 3, 0, 0), win_in(13));
        assert_eq!(from_table(Wdl::Loss(10), 3, 0, 0), loss_in(13));
        // The no-progress count could run out first: a table win, not a proven one.
        let short = from_table(Wdl::Win(10), 3, NO_PROGRESS_LIMIT - 5, 0);
        assert_eq!(short, TABLE_WIN - 10);
        assert!(!is_decisive(short));
        assert_eq!(from_table(Wdl::Draw, 3, 0, -7), -7);
        // A distance not kept: below every known one, ordered by progress, never a proven win.
        let unknown = Wdl::Win(crate::tables::UNKNOWN_DISTANCE + 1);
        let (lo, hi) = (
            from_table_unknown(unknown, 0, 0),
            from_table_unknown(unknown, 299, 0),
        );
        assert!(
            lo < hi && hi < from_table(Wdl::Win(253), 0, 80, 0),
            "{lo} {hi}"
        );
        assert!(lo > 10_000 && !is_decisive(hi));
        assert_eq!(
            from_table_unknown(Wdl::Loss(300), 10, 0),
            -from_table_unknown(unknown, 10, 0)
        );
    }

    #[test]
    fn a_coarse_result_scores_as_its_bound() {
        // A 5-piece win "within 15 plies" at ply 3: a proven win 18 plies away at the most,
        // unless the no-progress count could run out first (checked against the bound).
        let b = crate::tables::BOUNDED;
        assert_eq!(
            from_table(Wdl::Win(b + 15).bounded_as_known(), 3, 0, 0),
            win_in(18)
        );
        let late = from_table(
            Wdl::Win(b + 15).bounded_as_known(),
            3,
            NO_PROGRESS_LIMIT - 10,
            0,
        );
        assert_eq!(late, TABLE_WIN - 15);
        // A loss bounded by the slice's longest distance, and exact results as they were.
        assert_eq!(
            from_table(Wdl::Loss(b + 40).bounded_as_known(), 2, 0, 0),
            loss_in(42)
        );
        assert_eq!(Wdl::Win(9).bounded_as_known(), Wdl::Win(9));
        assert_eq!(Wdl::Draw.bounded_as_known(), Wdl::Draw);
    }
}
