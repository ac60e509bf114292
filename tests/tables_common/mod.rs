//! Helpers shared by the table suites: random positions of the tables with a given result, and
//! a won or drawn ending played out by the engine against the tables' best defence.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use dama::engine::{Engine, Limits};
use dama::rules::{Game, Outcome, Position};
use dama::tables::{Material, Tables, Wdl};
use std::sync::Arc;

/// `n` random positions of `t`'s slices of at least `min_pieces` pieces whose result for the
/// side to move `want` accepts (a fixed xorshift from `seed`, so the sample is the same every
/// run).
pub fn sample_positions(
    t: &Tables,
    n: usize,
    want: fn(Wdl) -> bool,
    seed: u64,
    min_pieces: u32,
) -> Vec<Position> {
    let slices: Vec<Material> = t
        .slices()
        .iter()
        .map(|s| s.material)
        .filter(|m| m.pieces() >= min_pieces)
        .collect();
    let mut x = seed | 1;
    let mut out = Vec::new();
    while out.len() < n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = slices[(x % slices.len() as u64) as usize];
        let Some(pos) = dama::tables::index::unrank(m, (x >> 20) % m.size())
            .and_then(|p| p.position(t.rules()))
        else {
            continue;
        };
        if t.probe(&pos).is_some_and(want) {
            out.push(pos);
        }
    }
    out
}

/// Plays the engine (searching `limits` a move, with the tables `t`) from `pos` against
/// `defence`'s best play for the other side until the game ends by the rules; returns the
/// outcome and the plies played. `trace` prints every position and move.
pub fn play_out(
    t: &Arc<Tables>,
    defence: &Tables,
    pos: Position,
    limits: Limits,
    trace: bool,
) -> (Outcome, usize) {
    let mut engine = Engine::new(1);
    engine.set_variety(0);
    engine.set_tables(Some(t.clone()));
    let engine_side = pos.side_to_move();
    let mut game = Game::new(pos);
    let stop = std::sync::atomic::AtomicBool::new(false);
    loop {
        if let Some(o) = game.outcome() {
            return (o, game.ply());
        }
        let p = *game.position();
        let m = if p.side_to_move() == engine_side {
            engine.search(&game, limits, &stop, &mut |_| {}).best
        } else {
            defence.best_move(&p)
        }
        .expect("a move: the game is not over");
        if trace {
            let np = game.draw_state().no_progress;
            eprintln!("  {p:?} {:?} np {np} -> {m}", t.probe(&p));
        }
        game.play(&m).unwrap();
    }
}
