//! Making a suite: seeded self-play games (a random opening of 4 to 6 plies, then the engine at
//! a small node budget with some variety, so that it leaves shots on the board), every quiet
//! position of which is put to the full-width proof ([`crate::proof`]). The same
//! configuration gives the same suite.
//!
//! At most one position is taken from each game (the first proven): a shot left on the board
//! is often still there a move later, and two near-copies of one shot would count it twice.

use super::Shot;
use crate::engine::{Engine, Limits};
use crate::lab::selfplay;
use crate::proof::{self as prove, Prover, Rejected};
use crate::rules::{Game, RuleSet, has_capture};
use rand::RngExt;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

/// What to build.
#[derive(Clone, Debug)]
pub struct SuiteBuildConfig {
    pub rules: RuleSet,
    /// Self-play games to play (at most).
    pub games: u32,
    pub seed: u64,
    /// Full-width depth of every proof, in plies.
    pub depth: u32,
    /// Plies the win must stand before the proof's horizon (see [`prove::prove`]).
    pub confirm: u32,
    /// A position found is proven again this many plies deeper (the win still showing by the
    /// same ply), and kept only if the answer stands: a win that a little more depth refutes,
    /// or shares with another move, is not one to hold the engine to.
    pub recheck: u32,
    /// Nodes per move of the self-play engine.
    pub nodes: u64,
    /// Its variety margin in centi-men (see [`Engine::set_variety`]).
    pub variety: i32,
    /// Stop once this many positions are found.
    pub positions: usize,
    /// Most nodes the proof of one position may take; a position past it is skipped.
    pub budget: u64,
}

/// How the positions of a build fared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: u32,
    /// Positions put to the proof (quiet ones, not seen before).
    pub proved: u64,
    /// Positions with a capture pending (skipped at once).
    pub captures: u64,
    /// Positions seen before (in this game or another).
    pub repeated: u64,
    /// Positions of kings alone (skipped: see [`build`]).
    pub kings_only: u64,
    pub no_gain: u64,
    pub not_unique: u64,
    /// The only winning move wins less than a man.
    pub small: u64,
    pub decisive: u64,
    /// The win shows too near the horizon.
    pub late: u64,
    /// Found, but not the same answer when proven deeper.
    pub unstable: u64,
    pub over_budget: u64,
    /// Nodes of all the proofs.
    pub nodes: u64,
}

/// What a build reports as it goes.
pub enum Event<'a> {
    /// A position was found in game `game` (from 1), `ply` plies in.
    Found {
        game: u32,
        ply: usize,
        shot: &'a Shot,
    },
    /// A game was played and scanned.
    GameDone { game: u32, stats: &'a Stats },
}

/// A game's seed: the build's seed and the game's number mixed (splitmix64), so that
/// neighbouring numbers give unrelated games.
fn game_seed(seed: u64, game: u32) -> u64 {
    let mut z = seed ^ (u64::from(game) << 32 | 0x5407).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `g` (from 1): a random opening of 4 to 6 plies, then the engine to the end.
fn play_game(cfg: &SuiteBuildConfig, engine: &mut Engine, g: u32) -> (Game, usize) {
    let seed = game_seed(cfg.seed, g);
    let mut rng = selfplay::rng(seed);
    let plies = rng.random_range(4..=6);
    let mut game = selfplay::random_opening(cfg.rules, plies, &mut rng);
    engine.set_seed(Some(seed));
    engine.set_variety(cfg.variety);
    engine.new_game();
    let stop = AtomicBool::new(false);
    while game.outcome().is_none() {
        let r = engine.search(&game, Limits::Nodes(cfg.nodes), &stop, &mut |_| {});
        let Some(m) = r.best else { break };
        game.play(&m).expect("the engine plays legal moves");
    }
    (game, plies)
}

/// Builds a suite: games are played and scanned in order until `cfg.positions` are found or
/// `cfg.games` are played. `on_event` hears of each find and each finished game.
///
/// Positions of kings alone are left out: there the engine knows the result (its solved
/// endings), and any move that keeps a won ending is as good as the one that wins a piece.
pub fn build(cfg: &SuiteBuildConfig, on_event: &mut dyn FnMut(Event)) -> (Vec<Shot>, Stats) {
    let mut engine = Engine::new(16);
    let mut seen = HashSet::new();
    let mut shots = Vec::new();
    let mut stats = Stats::default();
    for g in 1..=cfg.games {
        if shots.len() >= cfg.positions {
            break;
        }
        let (game, opening) = play_game(cfg, &mut engine, g);
        stats.games += 1;
        for ply in opening..game.ply() {
            let pos = *game.position_at(ply).expect("a ply of the game");
            if has_capture(&pos) {
                stats.captures += 1;
                continue;
            }
            if pos.kings() == pos.occupied() {
                stats.kings_only += 1;
                continue;
            }
            if !seen.insert(pos.hash()) {
                stats.repeated += 1;
                continue;
            }
            stats.proved += 1;
            let mut prover = Prover::new(cfg.budget);
            let proof = prove::prove(&pos, cfg.depth, cfg.confirm, &mut prover);
            stats.nodes += prover.nodes();
            // The answer proven again deeper; `None` when it does not stand.
            let proof = match proof {
                Ok(p) if cfg.recheck > 0 => {
                    let mut deeper = Prover::new(cfg.budget);
                    let depth = cfg.depth + cfg.recheck;
                    let again = prove::prove(&pos, depth, cfg.confirm + cfg.recheck, &mut deeper);
                    stats.nodes += deeper.nodes();
                    match again {
                        Ok(q) if q.best == p.best => Ok(q),
                        Err(Rejected::Budget) => Err(Rejected::Budget),
                        _ => {
                            stats.unstable += 1;
                            continue;
                        }
                    }
                }
                other => other,
            };
            match proof {
                Ok(p) => {
                    shots.push(Shot {
                        pos,
                        best: p.best,
                        gain: p.gain,
                        depth: cfg.depth + cfg.recheck,
                        sacrifice: p.sacrifice,
                        comment: format!("game {g} ply {ply}, shows at depth {}", p.shows_at),
                    });
                    on_event(Event::Found {
                        game: g,
                        ply,
                        shot: shots.last().expect("just pushed"),
                    });
                    break;
                }
                Err(Rejected::NoGain) => stats.no_gain += 1,
                Err(Rejected::NotUnique) => stats.not_unique += 1,
                Err(Rejected::Small) => stats.small += 1,
                Err(Rejected::Decisive) => stats.decisive += 1,
                Err(Rejected::Late) => stats.late += 1,
                Err(Rejected::Budget) => stats.over_budget += 1,
                // Filtered above; a position without a move ends the game before it is played.
                Err(Rejected::Capture | Rejected::NoMove) => {}
            }
        }
        on_event(Event::GameDone {
            game: g,
            stats: &stats,
        });
    }
    (shots, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_builds_the_same_suite() {
        let cfg = SuiteBuildConfig {
            rules: RuleSet::Italian,
            games: 2,
            seed: 3,
            depth: 4,
            confirm: 1,
            recheck: 2,
            nodes: 200,
            variety: 20,
            positions: 10,
            budget: 200_000,
        };
        let (a, sa) = build(&cfg, &mut |_| {});
        let (b, sb) = build(&cfg, &mut |_| {});
        assert_eq!(a, b);
        assert_eq!(sa, sb);
        assert_eq!(sa.games, 2);
        assert!(sa.proved > 10, "{sa:?}");
        for s in &a {
            assert!(s.gain >= prove::MAN && !has_capture(&s.pos));
        }
    }
}
