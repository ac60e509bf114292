//! The bench: a fixed set of positions of both rule sets searched to a fixed depth from an
//! empty table. The total node count is a fingerprint of the search's behaviour (it changes
//! only when the search or evaluation does); nodes/s measures speed.

use crate::engine::{Engine, Limits};
use crate::notation::fen;
use crate::rules::{Game, RuleSet};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Depth used by `dama bench` unless told otherwise.
pub const DEFAULT_DEPTH: u32 = 17;

/// (rule set, FEN): openings, middle games and endings of both games.
/// The middle games come from engine self-play after random openings.
pub const POSITIONS: &[(RuleSet, &str)] = &[
    (RuleSet::Italian, "W:W21-32:B1-12"),
    (
        RuleSet::Italian,
        "W:W19,23,24,25,26,28,29,31,32:B1,2,3,4,7,8,10,11,12",
    ),
    (
        RuleSet::Italian,
        "W:W20,21,22,24,25,31,32:B1,2,4,7,10,11,15",
    ),
    (
        RuleSet::Italian,
        "W:W19,20,21,22,23,24,25,27,28,29,31:B1,2,3,4,6,8,9,10,11,12,16",
    ),
    (
        RuleSet::Italian,
        "W:W18,20,21,22,23,24,25,27,30,32:B1,3,9,10,11,12,13,14,15,16",
    ),
    (
        RuleSet::Italian,
        "W:W10,11,23,24,27,30,32:B1,3,9,12,16,18,K29",
    ),
    (RuleSet::English, "B:W21-32:B1-12"),
    (
        RuleSet::English,
        "B:W21,22,24,27,28,29,30,32:B1,2,3,4,6,7,8,12",
    ),
    (
        RuleSet::English,
        "B:W18,19,20,21,22,24,25,26,28,29,30,31:B2,4,5,6,7,8,9,10,11,12,13,15",
    ),
    (
        RuleSet::English,
        "B:W14,19,20,24,28,29,30,31:B2,4,7,8,11,12,13",
    ),
    (RuleSet::English, "B:W13,21,23,25,27:B1,7,9,11,15"),
];

/// One bench position's outcome.
#[derive(Clone, Debug)]
pub struct BenchLine {
    pub rules: RuleSet,
    pub fen: &'static str,
    pub nodes: u64,
    pub elapsed: Duration,
    pub best: String,
    pub score: i32,
}

/// Searches every bench position to `depth` with a fresh 16 MiB table and no variety.
pub fn run(depth: u32) -> Vec<BenchLine> {
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    for &(rules, text) in POSITIONS {
        let pos = fen::parse(rules, text).expect("bench positions are valid");
        let game = Game::new(pos);
        let mut engine = Engine::new(16);
        engine.set_variety(0);
        // What the first search of a rule set makes once per process (the solved king
        // endings, the evaluation's tables) is made before the clock starts, as the search's
        // own clock does: it is no part of the search's speed.
        crate::engine::prepare(rules);
        let t = Instant::now();
        let r = engine.search(&game, Limits::Depth(depth), &stop, &mut |_| {});
        out.push(BenchLine {
            rules,
            fen: text,
            nodes: r.nodes,
            elapsed: t.elapsed(),
            best: r.best.map_or_else(|| "none".to_string(), |m| m.to_string()),
            score: r.score,
        });
    }
    out
}
