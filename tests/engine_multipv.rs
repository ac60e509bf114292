//! Multi-PV analysis (`Engine::search_lines`) over many positions of both rule sets: every
//! line legal, the lines best first, their first moves all different, as many as asked (or as
//! the position has moves); one line is exactly the play search's answer; a stop is honoured.

use dama::engine::{Engine, Limits, SearchInfo};
use dama::rules::{Game, Position, RuleSet, legal_moves};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Positions reached by random legal moves from the start (a fixed xorshift: the same every
/// run), a few at each of several game lengths, finished games left out.
fn positions(rules: RuleSet, count: usize) -> Vec<Game> {
    let mut x: u64 = 0x2545_F491_4F6C_DD1D ^ rules as u64;
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(Position::start(rules));
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let plies = 4 + (x % 50) as usize;
        for _ in 0..plies {
            let moves = legal_moves(game.position());
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = moves[(x % moves.len() as u64) as usize];
            game.play(&m).unwrap();
        }
        if game.outcome().is_none() {
            out.push(game);
        }
    }
    out
}

fn assert_lines(game: &Game, lines: &[SearchInfo], asked: usize) {
    let pos = *game.position();
    let moves = legal_moves(&pos);
    assert_eq!(lines.len(), asked.min(moves.len()), "{pos:?}");
    for l in lines {
        let mut p = pos;
        assert!(!l.pv.is_empty());
        for m in &l.pv {
            assert!(legal_moves(&p).iter().any(|x| x == m), "{m} in {p:?}");
            p = p.after(m);
        }
    }
    for w in lines.windows(2) {
        assert!(w[0].score >= w[1].score, "best first: {lines:?}");
        assert_eq!(w[0].depth, w[1].depth, "one iteration's lines");
    }
    let mut firsts: Vec<_> = lines.iter().map(|l| l.pv[0]).collect();
    firsts.sort_by_key(|m| m.to_string());
    firsts.dedup();
    assert_eq!(firsts.len(), lines.len(), "first moves differ: {lines:?}");
}

#[test]
fn lines_are_legal_best_first_and_begin_differently() {
    for rules in [RuleSet::Italian, RuleSet::English] {
        for game in positions(rules, 30) {
            let mut e = Engine::new(4);
            e.set_variety(0);
            let mut reports = 0;
            let stop = AtomicBool::new(false);
            let lines = e.search_lines(&game, Limits::Depth(4), 3, &stop, &mut |ls| {
                reports += 1;
                assert_lines(&game, ls, 3);
            });
            assert!(reports >= 1);
            assert_eq!(lines[0].depth, 4);
            assert_lines(&game, &lines, 3);
        }
    }
}

#[test]
fn one_line_is_the_play_search() {
    for rules in [RuleSet::Italian, RuleSet::English] {
        for game in positions(rules, 12) {
            if legal_moves(game.position()).len() < 2 {
                continue;
            }
            let stop = AtomicBool::new(false);
            let mut a = Engine::new(4);
            a.set_variety(0);
            let r = a.search(&game, Limits::Depth(5), &stop, &mut |_| {});
            let mut b = Engine::new(4);
            b.set_variety(0);
            let lines = b.search_lines(&game, Limits::Depth(5), 1, &stop, &mut |_| {});
            assert_eq!(lines.len(), 1);
            assert_eq!((lines[0].score, &lines[0].pv), (r.score, &r.pv));
            assert_eq!(lines[0].nodes, r.nodes, "the same search");
        }
    }
}

#[test]
fn more_lines_than_moves_gives_every_move() {
    // The start has 7 moves in Italian.
    let game = Game::new(Position::start(RuleSet::Italian));
    let mut e = Engine::new(4);
    let lines = e.search_lines(
        &game,
        Limits::Depth(3),
        10,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert_eq!(lines.len(), 7);
    assert_lines(&game, &lines, 10);
}

#[test]
fn an_infinite_analysis_stops_when_asked() {
    let game = Game::new(Position::start(RuleSet::English));
    let mut e = Engine::new(4);
    e.set_threads(2);
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let lines = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
        });
        e.search_lines(&game, Limits::Infinite, 3, &stop, &mut |_| {})
    });
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_lines(&game, &lines, 3);
}

/// `dama engine`'s `multipv N`: each iteration's lines as `info ... multipv k ...`, read back
/// by the protocol's own reader, best first and beginning differently; `multipv 1` is the
/// ordinary search again; out of range is an error.
#[test]
fn the_engine_protocol_reports_multipv_lines() {
    use dama::line_protocol::{Info, Score};
    use std::io::Write;
    use std::process::{Command, Stdio};
    let input = "rules english\nmultipv 3\nposition startpos\ngo depth 4\nmultipv 11\n\
                 multipv 1\ngo depth 3\nnewgame\n";
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["engine", "--tt", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let first_best = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    let infos: Vec<Info> = lines[..first_best]
        .iter()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(infos.len(), 4 * 3, "{text}");
    for depth in infos.chunks(3) {
        let k: Vec<_> = depth.iter().map(|i| i.multipv).collect();
        assert_eq!(k, [Some(1), Some(2), Some(3)]);
        let rank = |s: &Score| match *s {
            Score::Win(n) => 1_000_000 - i64::from(n),
            Score::Loss(n) => -1_000_000 + i64::from(n),
            Score::Cp(c) => i64::from(c),
        };
        assert!(
            depth
                .windows(2)
                .all(|w| rank(&w[0].score) >= rank(&w[1].score)),
            "{text}"
        );
        assert!(depth[0].pv[0] != depth[1].pv[0] && depth[1].pv[0] != depth[2].pv[0]);
        assert!(depth[0].pv[0] != depth[2].pv[0]);
    }
    assert_eq!(lines[first_best], format!("bestmove {}", infos[9].pv[0]));
    assert!(lines[first_best + 1].starts_with("error multipv"), "{text}");
    // One line: no multipv field, as before.
    let rest = &lines[first_best + 2..];
    assert!(rest.iter().all(|l| !l.contains("multipv")), "{text}");
    assert!(rest.last().unwrap().starts_with("bestmove"), "{text}");
}
