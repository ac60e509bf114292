//! Every tunable of the engine in one place: evaluation weights per rule set and the search's
//! margins. Units are centi-men (a man is worth 100) unless a comment says otherwise.

use crate::rules::RuleSet;

/// Evaluation weights of one rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// A man.
    pub man: i32,
    /// A king. Italian kings are worth far more than English ones: no man can take them (R-M3).
    pub king: i32,
    /// Per row a man has advanced, in the middle game (24 pieces on the board) ...
    pub advance_mid: i32,
    /// ... and with few pieces left, where promoting is what matters (scaled between the two).
    pub advance_end: i32,
    /// A man still on its own back row while the opponent has men that could promote there.
    pub back_row: i32,
    /// A man on one of the four central squares of rows 3-6 (files c-f).
    pub centre: i32,
    /// A man on the a- or h-file (fewer ways to move and to defend).
    pub edge: i32,
    /// A king on one of the central squares (kings rule the board from the middle).
    pub king_centre: i32,
    /// Per quiet move available to the side (an estimate: men steps and king steps).
    pub mobility: i32,
    /// A man no enemy piece can stop from promoting, minus `runaway_step` per row still to go.
    pub runaway: i32,
    pub runaway_step: i32,
    /// Trading down when ahead: the material lead times this, divided by the pieces left.
    pub trade_down: i32,
    /// Endings where the weaker side has kings only: per square of distance between the
    /// stronger side's kings and the lone kings (smaller is better for the stronger side) ...
    pub chase_distance: i32,
    /// ... and per step the weakest king stands from the centre (edges and corners are where it
    /// gets caught).
    pub chase_edge: i32,
    /// Per square a lone king cannot step to (it is caught when it has none left).
    pub chase_mobility: i32,
    /// A bonus for the side to move (the tempo of having the move).
    pub tempo: i32,
}

/// Italian weights: a king near 1.6 men.
pub const ITALIAN: EvalParams = EvalParams {
    man: 100,
    king: 165,
    advance_mid: 2,
    advance_end: 6,
    back_row: 8,
    centre: 6,
    edge: -4,
    king_centre: 6,
    mobility: 2,
    runaway: 60,
    runaway_step: 6,
    trade_down: 400,
    chase_distance: 10,
    chase_edge: 6,
    chase_mobility: 20,
    tempo: 3,
};

/// English weights: a king about 1.3 men, since men can take kings.
pub const ENGLISH: EvalParams = EvalParams {
    man: 100,
    king: 130,
    advance_mid: 2,
    advance_end: 6,
    back_row: 8,
    centre: 6,
    edge: -4,
    king_centre: 6,
    mobility: 2,
    runaway: 50,
    runaway_step: 6,
    trade_down: 400,
    chase_distance: 10,
    chase_edge: 6,
    chase_mobility: 20,
    tempo: 3,
};

// An Italian king is worth far more than an English one (no man can take it, R-M3).
const _: () = assert!(ITALIAN.king > ENGLISH.king && ITALIAN.king >= 150);

/// Half-width of the aspiration window around the previous iteration's score.
pub const ASPIRATION: i32 = 30;

/// Late-move reductions: only from this depth on ...
pub const LMR_MIN_DEPTH: i32 = 3;
/// ... and after this many moves have been searched at full depth.
pub const LMR_MIN_MOVES: usize = 2;
/// ... by ln(depth) * ln(move number) / LMR_DIVISOR + the rule set's [`lmr_base`] plies (at
/// least one).
pub const LMR_DIVISOR: f64 = 1.25;

/// The reductions' constant term: half a ply more in Italian (1.0, measured stronger at equal
/// nodes with the shot suite at its floor; docs/measurements.md, "Search features on trial"),
/// English's 0.5 unmeasured against it and so unchanged.
pub const fn lmr_base(rules: RuleSet) -> f64 {
    match rules {
        RuleSet::Italian => 1.0,
        RuleSet::English => 0.5,
    }
}

/// Root moves within this many centi-men of the best may be picked at random for variety.
pub const VARIETY_MARGIN: i32 = 6;

/// Past this no-progress count the evaluation fades, down to half at the draw (R-G3).
pub const FADE_FROM: u32 = 16;

/// With only one legal move the engine answers at once: the search that gives it a score stops
/// after this many nodes.
pub const SINGLE_MOVE_NODES: u64 = 50_000;

/// Check the clock and the stop flag every this many nodes (a power of two minus one): about a
/// millisecond at the engine's speed.
pub const CHECK_EVERY: u64 = 1023;

/// Contempt against a player (the TUI game and `dama play`), in centi-men: a draw counts this
/// much below level for the engine, so in a level position it plays on rather than repeat.
/// Analysis, hints, reviews, `dama engine` and matches use 0 unless told otherwise. 30: against
/// the classic yardstick (a clearly weaker opponent), 600 games paired by opening, 82.4 % with
/// it against 79.2 % without, +3.25 +- 2.7 % (docs/measurements.md, "Contempt"); 15 against a
/// weaker engine at fixed nodes changed nothing.
pub const CONTEMPT: i32 = 30;

/// The largest contempt accepted, a man and a half: far below any proven result.
pub const MAX_CONTEMPT: i32 = 150;
