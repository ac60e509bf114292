//! `dama analyze`, `dama match` and `dama bench` end to end through the real binary.

mod cli_common;

use cli_common::dama;

use dama::notation::pdn;
use dama::rules::RuleSet;
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-engine-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn analyze_a_fen_prints_iterations_and_the_best_move() {
    let (ok, out, _) = dama(&[
        "analyze",
        "--fen",
        "W:W18,19,21,25:B4,10,11,12",
        "--depth",
        "6",
    ]);
    assert!(ok);
    let iterations = out.lines().filter(|l| l.starts_with("depth ")).count();
    assert_eq!(iterations, 6, "{out}");
    assert!(
        out.lines().last().unwrap().starts_with("bestmove 18-14"),
        "{out}"
    );
}

#[test]
fn analyze_rejects_a_bad_fen() {
    let (ok, _, err) = dama(&["analyze", "--fen", "W:W33:B1", "--depth", "2"]);
    assert!(!ok);
    assert!(err.contains("33"), "{err}");
}

#[test]
fn match_writes_games_that_read_back_and_annotate() {
    let games = temp("match.pdn");
    let path = games.to_str().unwrap();
    let (ok, out, _) = dama(&[
        "match",
        "--games",
        "2",
        "--a-depth",
        "3",
        "--b-kind",
        "random",
        "--pdn",
        path,
    ]);
    assert!(ok, "{out}");
    // Never loses to the random mover (and the tally line says so).
    assert!(out.contains("A vs B: +2 =0 -0"), "{out}");
    let read = pdn::read_file(&games, RuleSet::Italian).unwrap();
    assert_eq!(read.len(), 2);
    let first = read[0].as_ref().expect("a valid record");
    assert!(first.game().outcome().is_some());

    let annotated = temp("annotated.pdn");
    let (ok, out, err) = dama(&[
        "analyze",
        path,
        "--game",
        "2",
        "--depth",
        "4",
        "--annotate",
        annotated.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("annotated game written"), "{out}");
    let back = pdn::read_file(&annotated, RuleSet::Italian).unwrap();
    let g = back[0].as_ref().expect("the annotated copy reads back");
    assert_eq!(g.moves.len(), read[1].as_ref().unwrap().moves.len());
    assert!(
        g.moves
            .iter()
            .all(|m| m.comments.iter().any(|c| c.contains("best")))
    );
    let _ = std::fs::remove_dir_all(games.parent().unwrap());
}

/// The first position of each rule set was timed with the set-up its rule set's first search
/// makes once per process (the solved king endings, the evaluation's tables): 0.1 s of a
/// depth-1 bench's 0.19 s in a release build (0.27 s and 0.32 s in a debug one), and about a
/// tenth of the default bench's time, so nodes/s read low. A search of depth 1 (a few dozen
/// nodes) takes well under a millisecond on any row.
#[test]
fn bench_times_the_search_alone() {
    let (ok, out, _) = dama(&["bench", "--depth", "1"]);
    assert!(ok);
    let times: Vec<f64> = out
        .lines()
        .filter(|l| l.contains(" best "))
        .map(|l| {
            let t = l.split_whitespace().last().unwrap();
            t.trim_end_matches('s').parse().unwrap()
        })
        .collect();
    assert_eq!(times.len(), 11, "{out}");
    assert!(times.iter().all(|&t| t < 0.1), "{out}");
}

#[test]
fn bench_prints_a_node_total() {
    let (ok, out, _) = dama(&["bench", "--depth", "3"]);
    assert!(ok);
    let total = out.lines().last().unwrap();
    assert!(total.starts_with("total nodes "), "{out}");
    // Deterministic: the same count twice.
    let (_, again, _) = dama(&["bench", "--depth", "3"]);
    let nodes = |s: &str| {
        s.lines()
            .last()
            .unwrap()
            .split_whitespace()
            .nth(2)
            .unwrap()
            .to_string()
    };
    assert_eq!(nodes(&out), nodes(&again));
}

#[test]
fn analyze_with_threads_finds_the_same_shot() {
    // Two threads find the two-for-one as one does; --threads 0 is refused.
    let (ok, out, _) = dama(&[
        "analyze",
        "--fen",
        "W:W18,19,21,25:B4,10,11,12",
        "--depth",
        "8",
        "--threads",
        "2",
    ]);
    assert!(ok);
    assert_eq!(out.lines().filter(|l| l.starts_with("depth ")).count(), 8);
    assert!(
        out.lines().last().unwrap().starts_with("bestmove 18-14"),
        "{out}"
    );
    let (ok, _, err) = dama(&["analyze", "--fen", "W:W21-32:B1-12", "--threads", "0"]);
    assert!(!ok && err.contains("must be from 1 to 256"), "{err}");
}
