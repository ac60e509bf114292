//! The bench: a fixed set of positions of both rule sets searched to a fixed depth from an
//! empty table. The total node count is a fingerprint of the search's behaviour (it changes
//! only when the search or evaluation does); nodes/s measures speed.

use super::{Engine, Limits};
use crate::notation::fen;
use crate::rules::{Game, RuleSet};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Depth used by `dama bench` unless told otherwise.
pub const DEFAULT_DEPTH: u32 = 14;

/// (rule set, FEN): openings, middle games and endings of both games.
pub const POSITIONS: &[(RuleSet, &str)] = &[
    (RuleSet::Italian, "W:W21-32:B1-12"),
    (RuleSet::English, "B:W21-32:B1-12"),
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
