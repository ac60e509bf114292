//! Conversion over tables built beforehand (a release check that does not build them again):
//! `DAMA_TEST_TABLES=<rules folder> DAMA_TEST_RULES=italian|english DAMA_TEST_GAMES=500 cargo
//! test --release --test tables_prebuilt -- --ignored --nocapture`. The engine (100 ms a move,
//! or `DAMA_TEST_NODES` nodes) plays won and drawn positions of the tables against the tables'
//! best defence until the game ends by the rules; every won one must be won, within the plies
//! its distance or bound says (above 5 pieces, where none is kept, by the rules alone), and no
//! drawn one lost.
//! Also times the root's conversion of coarse wins ([`Tables::converting_move`]).
//! `DAMA_TEST_PIECES=5`: positions of 5 pieces only; `DAMA_TEST_VERBOSE`: each won game's
//! result; `DAMA_TEST_TRACE`: every position and move played. Without `DAMA_TEST_TABLES` the
//! tests check nothing (they are for tables built by `dama tables build`, which take minutes).

mod tables_common;

use dama::rules::RuleSet;
use dama::tables::{Tables, Wdl};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

/// The tables' folder, rule set and sample size from the environment (none without
/// `DAMA_TEST_TABLES`: then there is nothing to check).
fn setup() -> Option<(String, RuleSet, usize)> {
    let Some(dir) = env("DAMA_TEST_TABLES") else {
        eprintln!("DAMA_TEST_TABLES not set: nothing to check");
        return None;
    };
    let rules = match env("DAMA_TEST_RULES").as_deref() {
        Some("english") => RuleSet::English,
        _ => RuleSet::Italian,
    };
    let games: usize = env("DAMA_TEST_GAMES").map_or(100, |g| g.parse().unwrap());
    Some((dir, rules, games))
}

#[test]
#[ignore = "release: needs DAMA_TEST_TABLES, a folder of built tables"]
fn prebuilt_tables_convert_won_and_hold_drawn_endings() {
    let Some((dir, rules, games)) = setup() else {
        return;
    };
    let limits = env("DAMA_TEST_NODES").map_or(
        dama::engine::Limits::MoveTime(Duration::from_millis(100)),
        |n| dama::engine::Limits::Nodes(n.parse().unwrap()),
    );
    let pieces: u32 = env("DAMA_TEST_PIECES").map_or(2, |p| p.parse().unwrap());
    let t = Arc::new(Tables::load(std::path::Path::new(&dir), rules, 7));
    assert!(t.max_pieces() >= 3, "no tables in {dir}");
    let trace = env("DAMA_TEST_TRACE").is_some();
    let start = Instant::now();
    let mut failed = Vec::new();
    for (i, pos) in
        tables_common::sample_positions(&t, games, |w| matches!(w, Wdl::Win(_)), 3, pieces)
            .into_iter()
            .enumerate()
    {
        let (o, plies) = tables_common::play_out(&t, &t, pos, limits, trace);
        if env("DAMA_TEST_VERBOSE").is_some() {
            eprintln!("won {i}: {:?} {o:?} after {plies}", t.probe(&pos));
        }
        // Above 5 pieces no distance is kept: the win must then come within the rules alone
        // (R-G3's 80 plies without progress and repetition end the game as a draw).
        let bound = t
            .probe(&pos)
            .and_then(Wdl::at_most)
            .map_or(usize::MAX, |b| b as usize);
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
    for (i, pos) in tables_common::sample_positions(&t, games, |w| w == Wdl::Draw, 5, pieces)
        .into_iter()
        .enumerate()
    {
        let (o, plies) = tables_common::play_out(&t, &t, pos, limits, trace);
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
    let Some((dir, rules, games)) = setup() else {
        return;
    };
    let t = Tables::load(std::path::Path::new(&dir), rules, 5);
    let won = tables_common::sample_positions(
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
