//! The proof search behind the shot suites (`lab::suite`), and the winning lines the board's
//! training shows from their proofs ([`winning_line`]): plain negamax alpha-beta over the
//! rules' own move generator to a fixed depth, every capture played out past the horizon (captures are
//! compulsory, so a position where one is pending is never scored), and material alone as the
//! score. No reductions, no pruning but alpha-beta's own cut-offs, no table, no move ordering,
//! no draw rule: what it finds holds for every line within the depth, and it shares no code
//! with the engine it is there to test.
//!
//! The draw rules (R-G2, R-G3) are left out: a third repetition or 80 quiet plies cannot fall
//! inside a line of a dozen plies that starts with a man move and ends with a capture.

use crate::rules::{
    Color, Move, MoveList, Position, find_capturers, has_capture, legal_moves, legal_moves_given,
    quiet_only_count,
};

/// A man, in centi-men.
pub const MAN: i32 = 100;
/// A king: one and a half men in both rule sets (between the engine's English and Italian
/// values), fixed here so that a suite's proofs do not change when the engine is retuned.
pub const KING: i32 = 150;
/// A side without a legal move has lost (R-G1); far beyond any material count.
const LOST: i32 = -100_000;
const INF: i32 = 1_000_000;

/// Material from the side to move's view.
pub fn material(pos: &Position) -> i32 {
    let side = |c: Color| {
        let kings = pos.kings_of(c).count() as i32;
        pos.men_of(c).count() as i32 * MAN + kings * KING
    };
    let us = pos.side_to_move();
    side(us) - side(us.opposite())
}

/// A full-width search with a node budget: past the budget every search answers `None`.
pub struct Prover {
    nodes: u64,
    budget: u64,
}

impl Prover {
    /// A prover that gives up after `budget` nodes in all (`u64::MAX`: never).
    pub fn new(budget: u64) -> Prover {
        Prover { nodes: 0, budget }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The material score (side to move's view) of `pos` searched `depth` plies deep, as
    /// alpha-beta bounds it: exact inside `(alpha, beta)`, else a bound on the side it failed.
    /// A side that cannot move scores far below any material count. `None` past the budget.
    pub fn search(&mut self, pos: &Position, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
        let v = self.alpha_beta(pos, depth, alpha, beta);
        (self.nodes <= self.budget).then_some(v)
    }

    fn alpha_beta(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.budget {
            return 0;
        }
        let capturers = find_capturers(pos);
        if depth == 0 && !capturers.any() {
            // A side left without a move has lost, whatever its material (R-G1).
            return if quiet_only_count(pos) == 0 {
                LOST
            } else {
                material(pos)
            };
        }
        let mut moves = MoveList::new();
        legal_moves_given(pos, capturers, &mut moves);
        if moves.is_empty() {
            return LOST;
        }
        let mut best = -INF;
        for m in &moves {
            let v = -self.alpha_beta(&pos.after(m), depth.saturating_sub(1), -beta, -alpha);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// A proven shot: the only move that wins material within the depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    pub best: Move,
    /// What it wins, in centi-men (at least [`MAN`]).
    pub gain: i32,
    /// The least depth at which its gain of at least a man shows (the length of the shot).
    pub shows_at: u32,
    /// The opponent must capture at once: the move gives material first.
    pub sacrifice: bool,
}

/// Why a position is not a shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// The side to move must capture: no quiet move to find.
    Capture,
    /// No legal move at all.
    NoMove,
    /// No move wins material within the depth.
    NoGain,
    /// More than one move wins material: the answer is not unique.
    NotUnique,
    /// The only move that wins material wins less than a man.
    Small,
    /// The only winning move ends the game (the opponent is left without a move): not a
    /// question of material.
    Decisive,
    /// The win shows only at the last plies of the proof: the horizon may be hiding the
    /// answer to it.
    Late,
    /// The node budget ran out first.
    Budget,
}

/// Proves (or refutes) that `pos` holds a shot at `depth` plies: no capture is pending, and
/// exactly one legal move gains material, at least a man of it, every other move gaining
/// nothing (scores measured against the material before the move, captures played out). The
/// gain must show by `depth - confirm` plies, so that it has stood `confirm` plies more.
pub fn prove(
    pos: &Position,
    depth: u32,
    confirm: u32,
    prover: &mut Prover,
) -> Result<Proof, Rejected> {
    if has_capture(pos) {
        return Err(Rejected::Capture);
    }
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return Err(Rejected::NoMove);
    }
    let base = material(pos);
    let below = depth.saturating_sub(1);
    // First a zero-window test of each move: does it gain anything at all?
    let mut gaining = None;
    for m in &moves {
        let child = pos.after(m);
        let v = -prover
            .search(&child, below, -(base + 1), -base)
            .ok_or(Rejected::Budget)?;
        if v > base {
            if gaining.is_some() {
                return Err(Rejected::NotUnique);
            }
            gaining = Some((*m, child));
        }
    }
    let (best, child) = gaining.ok_or(Rejected::NoGain)?;
    // Its exact score, from a man's gain upwards.
    let v = -prover
        .search(&child, below, -INF, -(base + MAN - 1))
        .ok_or(Rejected::Budget)?;
    if v < base + MAN {
        return Err(Rejected::Small);
    }
    if v > -LOST / 2 {
        return Err(Rejected::Decisive);
    }
    // The least depth that shows it (known at `depth` itself), looked for no later than
    // `confirm` plies before the horizon.
    let mut shows_at = None;
    for d in 1..=depth.saturating_sub(confirm) {
        let w = if d == depth {
            v
        } else {
            -prover
                .search(&child, d - 1, -(base + MAN), -(base + MAN - 1))
                .ok_or(Rejected::Budget)?
        };
        if w >= base + MAN {
            shows_at = Some(d);
            break;
        }
    }
    let shows_at = shows_at.ok_or(Rejected::Late)?;
    Ok(Proof {
        best,
        gain: v - base,
        shows_at,
        sacrifice: has_capture(&child),
    })
}

/// A line that shows a proven shot's gain on the board: from `pos` (the position after the
/// winning move; the side not to move is the winner), play on until the winner is `gain`
/// centi-men up on the material before the move (`before`, the winner's view) with no capture
/// pending. While the line is the engine's (`prefer`), the loser plays the engine's move
/// (every move of the loser's loses the gain) and the winner the engine's move if it keeps
/// the gain within the depth left (`depth`, the proof's depth less the move); off the
/// engine's line, the winner plays the first move that keeps the gain, the loser the move
/// that loses no more than it (any, the winner having won more) and puts the loss off longest. Zero-window searches of the [`Prover`],
/// within its budget: `None` past the budget, or if the gain is not there (not a proof of
/// this depth).
pub fn winning_line(
    pos: &Position,
    before: i32,
    gain: i32,
    depth: u32,
    prefer: &[Move],
    prover: &mut Prover,
) -> Option<Vec<Move>> {
    let winner = pos.side_to_move().opposite();
    let target = before + gain;
    let of_winner = |p: &Position| {
        if p.side_to_move() == winner {
            material(p)
        } else {
            -material(p)
        }
    };
    let mut p = *pos;
    let mut left = depth;
    let mut line: Vec<Move> = Vec::new();
    // Every ply keeps the gain within the plies left, so the line ends by the proof's depth
    // plus the captures played out after it; the bound only guards a wrong `depth`.
    while line.len() < 2 * depth as usize + 24 {
        let capture = has_capture(&p);
        if of_winner(&p) >= target && !capture {
            return Some(line);
        }
        let mut moves = legal_moves(&p);
        if moves.is_empty() {
            return None;
        }
        let below = left.saturating_sub(1);
        let preferred = prefer
            .get(line.len())
            .filter(|_| prefer[..line.len()] == line[..])
            .and_then(|m| moves.iter().position(|x| x == m));
        if let Some(k) = preferred {
            moves.swap(0, k);
        }
        let m = if p.side_to_move() == winner {
            // The first move that keeps the target: the loser's score <= -target. There is
            // one (the proof).
            let mut pick = None;
            for m in &moves {
                if prover.search(&p.after(m), below, -target, -target + 1)? <= -target {
                    pick = Some(*m);
                    break;
                }
            }
            pick?
        } else if preferred.is_some() {
            // Every move of the loser's loses the target (the proof): the engine's is taken
            // as it is, whatever more it loses.
            moves[0]
        } else {
            // The loser's stoutest move: one that loses no more than the target if there is
            // one, and of those the one that puts the loss off longest (a man given away at
            // once loses as much, and shows nothing).
            let mut pick = None;
            for m in &moves {
                let child = p.after(m);
                // The winner's score there is at least the target; no more than it?
                let only = prover.search(&child, below, target, target + 1)? <= target;
                let mut shows = below;
                for d in 0..below {
                    if prover.search(&child, d, target - 1, target)? >= target {
                        shows = d;
                        break;
                    }
                }
                if pick.is_none_or(|(_, o, s)| (only, shows) > (o, s)) {
                    pick = Some((*m, only, shows));
                }
            }
            pick?.0
        };
        p = p.after(&m);
        line.push(m);
        left = below;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    fn pos(rules: RuleSet, fen: &str) -> Position {
        crate::notation::fen::parse(rules, fen).expect("test FEN")
    }

    #[test]
    fn material_counts_men_and_kings_for_the_side_to_move() {
        let p = pos(RuleSet::Italian, "B:W18,19,K30:B4,10");
        assert_eq!(material(&p), 2 * MAN - (2 * MAN + KING));
        assert_eq!(material(&Position::start(RuleSet::English)), 0);
    }

    #[test]
    fn the_two_for_one_shot_is_proven_and_unique() {
        // 18-14 gives a man, and the captures that follow (all forced) leave White a man up
        // and crowned on 5: a man and a half, seen at the first ply since captures are played
        // out past the horizon.
        let p = pos(RuleSet::Italian, "W:W18,19,21,25:B4,10,11,12");
        let proof = prove(&p, 6, 0, &mut Prover::new(u64::MAX)).expect("a shot");
        assert_eq!(proof.best.to_string(), "18-14");
        assert_eq!(proof.gain, MAN + (KING - MAN));
        assert!(proof.sacrifice);
        assert_eq!(proof.shows_at, 1);
        // Shown at 1 ply, it stands 5 more within 6, not 6.
        assert!(prove(&p, 6, 5, &mut Prover::new(u64::MAX)).is_ok());
        assert_eq!(
            prove(&p, 6, 6, &mut Prover::new(u64::MAX)),
            Err(Rejected::Late)
        );
    }

    #[test]
    fn a_long_shot_is_not_seen_short_of_its_length() {
        // Found by the generator: 21-25 wins a man in 8 plies; 7 see it win less than a man.
        let p = pos(RuleSet::Italian, "B:W5,15,16,17,27:B3,4,7,19,21");
        let proof = prove(&p, 8, 0, &mut Prover::new(u64::MAX)).expect("a shot");
        assert_eq!(
            (proof.best.to_string(), proof.shows_at),
            ("21-25".into(), 8)
        );
        assert_eq!(
            prove(&p, 7, 0, &mut Prover::new(u64::MAX)),
            Err(Rejected::Small)
        );
    }

    #[test]
    fn a_winning_line_plays_the_shot_to_its_gain() {
        // The eight-ply shot: after 21-25 Black plays on to a man up, no capture pending, and
        // the line stops there; every move is legal.
        let p = pos(RuleSet::Italian, "B:W5,15,16,17,27:B3,4,7,19,21");
        let proof = prove(&p, 8, 0, &mut Prover::new(u64::MAX)).expect("a shot");
        let after = p.after(&proof.best);
        let line = winning_line(
            &after,
            material(&p),
            proof.gain,
            7,
            &[],
            &mut Prover::new(u64::MAX),
        )
        .expect("the proof's line");
        let mut end = after;
        for m in &line {
            assert!(legal_moves(&end).contains(m), "{m} in {line:?}");
            end = end.after(m);
        }
        assert!(!has_capture(&end));
        let black_up = if end.side_to_move() == Color::Black {
            material(&end)
        } else {
            -material(&end)
        };
        assert!(black_up - material(&p) >= MAN, "{line:?}");
        // Short of that nowhere earlier: the line ends where the gain first shows.
        assert!(line.len() >= 7, "the win shows at the eighth ply: {line:?}");
        // Too shallow a depth for the gain: no line.
        assert_eq!(
            winning_line(
                &after,
                material(&p),
                proof.gain,
                3,
                &[],
                &mut Prover::new(u64::MAX)
            ),
            None
        );
    }

    #[test]
    fn start_positions_and_captures_are_not_shots() {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let p = Position::start(rules);
            assert_eq!(
                prove(&p, 4, 0, &mut Prover::new(u64::MAX)),
                Err(Rejected::NoGain)
            );
        }
        let p = pos(RuleSet::Italian, "W:W22:B18");
        assert_eq!(
            prove(&p, 4, 0, &mut Prover::new(u64::MAX)),
            Err(Rejected::Capture)
        );
    }

    #[test]
    fn a_budget_too_small_says_so() {
        let p = Position::start(RuleSet::Italian);
        assert_eq!(
            prove(&p, 8, 0, &mut Prover::new(100)),
            Err(Rejected::Budget)
        );
    }
}
