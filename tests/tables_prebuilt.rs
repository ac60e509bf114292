//! Conversion over tables built beforehand (a release check that does not build them again):
//! `DAMA_TEST_TABLES=<rules folder> DAMA_TEST_RULES=italian|english DAMA_TEST_GAMES=500 cargo
//! test --release --test tables_prebuilt -- --ignored --nocapture`. The engine (100 ms a move,
//! or `DAMA_TEST_NODES` nodes) plays won and drawn positions of the tables against the tables'
//! best defence until the game ends by the rules; every won one must be won, within the plies
//! its distance or bound says, and no drawn one lost.
//! Also times the root's conversion of coarse wins ([`Tables::converting_move`]).
//! `DAMA_TEST_PIECES=5`: positions of 5 pieces only; `DAMA_TEST_VERBOSE`: each won game's
//! result; `DAMA_TEST_TRACE`: every position and move played. Without `DAMA_TEST_TABLES` the
//! tests check nothing (they are for tables built by `dama tables build`, which take minutes).

use dama::rules::{Game, Position, RuleSet};
use dama::tables::{Material, Tables, Wdl};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn sample(t: &Tables, n: usize, want: fn(Wdl) -> bool, seed: u64, pieces: u32) -> Vec<Position> {
    let slices: Vec<Material> = t
        .slices()
        .iter()
        .map(|s| s.material)
        .filter(|m| m.pieces() >= pieces)
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

fn play_out(
    t: &Arc<Tables>,
    pos: Position,
    limits: dama::engine::Limits,
) -> (dama::rules::Outcome, usize) {
    let mut engine = dama::engine::Engine::new(1);
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
            t.best_move(&p)
        }
        .expect("a move: the game is not over");
        if env("DAMA_TEST_TRACE").is_some() {
            eprintln!(
                "  {:?} {:?} np {} -> {m}",
                p,
                t.probe(&p),
                game.draw_state().no_progress
            );
        }
        game.play(&m).unwrap();
    }
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

#[test]
#[ignore = "release: needs DAMA_TEST_TABLES, a folder of built tables"]
fn prebuilt_tables_convert_won_and_hold_drawn_endings() {
    let Some(dir) = env("DAMA_TEST_TABLES") else {
        eprintln!("DAMA_TEST_TABLES not set: nothing to check");
        return;
    };
    let rules = match env("DAMA_TEST_RULES").as_deref() {
        Some("english") => RuleSet::English,
        _ => RuleSet::Italian,
    };
    let games: usize = env("DAMA_TEST_GAMES").map_or(100, |g| g.parse().unwrap());
    let limits = env("DAMA_TEST_NODES").map_or(
        dama::engine::Limits::MoveTime(Duration::from_millis(100)),
        |n| dama::engine::Limits::Nodes(n.parse().unwrap()),
    );
    let pieces: u32 = env("DAMA_TEST_PIECES").map_or(2, |p| p.parse().unwrap());
    let t = Arc::new(Tables::load(std::path::Path::new(&dir), rules, 7));
    assert!(t.max_pieces() >= 3, "no tables in {dir}");
    let start = Instant::now();
    let mut failed = Vec::new();
    for (i, pos) in sample(&t, games, |w| matches!(w, Wdl::Win(_)), 3, pieces)
        .into_iter()
        .enumerate()
    {
        let (o, plies) = play_out(&t, pos, limits);
        if env("DAMA_TEST_VERBOSE").is_some() {
            eprintln!("won {i}: {:?} {o:?} after {plies}", t.probe(&pos));
        }
        let bound = t.probe(&pos).and_then(Wdl::at_most).unwrap_or(0) as usize;
        if o.winner() != Some(pos.side_to_move()) || plies > bound {
            eprintln!(
                "won {i}: {pos:?} {:?} not converted: {o:?} after {plies}",
                t.probe(&pos)
            );
            failed.push(pos);
        }
    }
    eprintln!(
        "{rules}: {} of {games} won converted ({:.1} s)",
        games - failed.len(),
        start.elapsed().as_secs_f64()
    );
    let start = Instant::now();
    let mut lost = Vec::new();
    for (i, pos) in sample(&t, games, |w| w == Wdl::Draw, 5, pieces)
        .into_iter()
        .enumerate()
    {
        let (o, plies) = play_out(&t, pos, limits);
        if o.winner() == Some(pos.side_to_move().opposite()) {
            eprintln!("drawn {i}: {pos:?} lost: {o:?} after {plies}");
            lost.push(pos);
        }
    }
    eprintln!(
        "{rules}: {} of {games} drawn held ({:.1} s)",
        games - lost.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(failed.is_empty() && lost.is_empty(), "{failed:?} {lost:?}");
}

#[test]
#[ignore = "release: needs DAMA_TEST_TABLES, a folder of built tables"]
fn prebuilt_coarse_wins_have_a_converting_move() {
    let Some(dir) = env("DAMA_TEST_TABLES") else {
        eprintln!("DAMA_TEST_TABLES not set: nothing to check");
        return;
    };
    let rules = match env("DAMA_TEST_RULES").as_deref() {
        Some("english") => RuleSet::English,
        _ => RuleSet::Italian,
    };
    let games: usize = env("DAMA_TEST_GAMES").map_or(100, |g| g.parse().unwrap());
    let t = Tables::load(std::path::Path::new(&dir), rules, 5);
    let won = sample(
        &t,
        games,
        |w| matches!(w, Wdl::Win(_)) && w.is_bounded(),
        7,
        5,
    );
    let (mut worst, mut total) = (Duration::ZERO, Duration::ZERO);
    let mut none = 0;
    for pos in &won {
        let s = Instant::now();
        let m = t.converting_move(pos);
        let e = s.elapsed();
        worst = worst.max(e);
        total += e;
        if m.is_none() {
            none += 1;
            eprintln!("no converting move: {pos:?} {:?}", t.probe(pos));
        }
    }
    eprintln!(
        "{rules}: {} coarse wins, {none} without a converting move, {:.2} ms average, {:.1} ms worst",
        won.len(),
        total.as_secs_f64() * 1000.0 / won.len() as f64,
        worst.as_secs_f64() * 1000.0
    );
    assert_eq!(none, 0);
}
