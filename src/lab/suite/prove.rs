//! The proof search behind the shot suite: plain negamax alpha-beta over the rules' own move
//! generator to a fixed depth, every capture played out past the horizon (captures are
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
