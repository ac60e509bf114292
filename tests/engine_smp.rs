//! The parallel search (lazy SMP: threads sharing the transposition table without locks)
//! against the single-threaded one on many positions: every move it plays is legal, its line
//! is playable, its scores agree with one thread's in kind (a forced result is the same
//! result, a clear advantage the same side's), and one thread stays exactly reproducible.

use dama::engine::{Engine, Limits, SearchResult, WIN, format_score, is_decisive};
use dama::lab::selfplay;
use dama::notation::fen;
use dama::rules::{Game, RuleSet};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn search(g: &Game, threads: usize, limits: Limits) -> SearchResult {
    let mut e = Engine::new(8);
    e.set_variety(0);
    e.set_threads(threads);
    e.search(g, limits, &AtomicBool::new(false), &mut |_| {})
}

/// Positions from random openings of both rule sets (`n` of each, 2 to 40 random plies, so
/// many are lopsided), and a few set ones with forced wins; games already over are skipped.
fn positions(n: u64) -> Vec<Game> {
    let mut out = Vec::new();
    for rules in [RuleSet::Italian, RuleSet::English] {
        for i in 0..n {
            let mut rng = selfplay::rng(1000 + i);
            let g = selfplay::random_opening(rules, 2 + (i as usize * 7) % 39, &mut rng);
            if g.outcome().is_none() && !g.legal_moves().is_empty() {
                out.push(g);
            }
        }
    }
    for (rules, text) in [
        (RuleSet::Italian, "W:W18,19,21,25:B4,10,11,12"),
        (RuleSet::Italian, "W:WK1,K2:BK32"),
        (RuleSet::English, "B:WK10,K14:B11"),
        (RuleSet::English, "W:W13,21,23,25,27:B1,7,9,11,15"),
    ] {
        out.push(Game::new(fen::parse(rules, text).expect("test FEN")));
    }
    out
}

/// How far apart two non-decisive scores of the same position at the same depth may be:
/// the threads' table changes the tree (cut-offs, reductions), so scores differ a little.
const MARGIN: i32 = 150;

/// Searches every position with one thread and with `threads`, to `depth`, and checks the
/// parallel result against the single one. Returns how many scores differed at all.
fn compare(games: &[Game], threads: usize, depth: u32) -> usize {
    let mut differed = 0;
    for g in games {
        let fen = fen::write(g.position());
        let one = search(g, 1, Limits::Depth(depth));
        let many = search(g, threads, Limits::Depth(depth));
        let legal = g.legal_moves();
        let best = many
            .best
            .expect("a position with legal moves has a best move");
        assert!(legal.contains(&best), "{fen}: illegal best move {best}");
        // (A forced result ends the deepening early.)
        assert!(
            many.depth == depth || is_decisive(many.score),
            "{fen}: the main thread reaches the depth"
        );
        assert!(many.nodes >= 1);
        // The line is playable from the position.
        assert_eq!(
            many.pv.first(),
            Some(&best),
            "{fen}: the line starts with the move"
        );
        let mut after = g.clone();
        for m in &many.pv {
            if after.outcome().is_some() {
                break;
            }
            assert!(
                after.play(m).is_ok(),
                "{fen}: line {:?} not playable",
                many.pv
            );
        }
        let (a, b) = (one.score, many.score);
        assert!(a.abs() <= WIN && b.abs() <= WIN);
        let what = || {
            format!(
                "{fen}: one thread {} ({}), {threads} threads {} ({})",
                format_score(a),
                one.best.unwrap(),
                format_score(b),
                best
            )
        };
        if is_decisive(a) || is_decisive(b) {
            // Forced results agree on the winner. One search may see a forced result the
            // other only sees as an advantage (the helpers let the main thread see further),
            // never a forced result for the other side or an advantage to it.
            assert!(a.signum() * b.signum() >= 0, "{}", what());
            if is_decisive(a) && is_decisive(b) {
                assert_eq!(a.signum(), b.signum(), "{}", what());
            }
        } else {
            // Close scores stay close; a clear advantage (a man or more) stays the same side's.
            let close = (a - b).abs() <= MARGIN;
            let clear_same = a.signum() == b.signum() && a.abs().min(b.abs()) >= 100;
            assert!(close || clear_same, "{}", what());
            if std::env::var_os("DAMA_SMP_SCORES").is_some() {
                eprintln!("score {a} {b}");
            }
        }
        differed += usize::from(a != b);
    }
    differed
}

#[test]
fn two_threads_agree_with_one_on_many_positions() {
    let games = positions(20);
    assert!(games.len() >= 40);
    compare(&games, 2, 7);
}

#[test]
#[ignore = "many deeper searches: run in release"]
fn two_and_four_threads_agree_with_one_on_many_positions_deeper() {
    let games = positions(100);
    let differed = compare(&games, 2, 11);
    eprintln!(
        "2 threads: {differed} of {} scores differed from one thread's",
        games.len()
    );
    let differed = compare(&games[..60], 4, 11);
    eprintln!("4 threads: {differed} of 60 scores differed");
}

#[test]
fn one_thread_is_reproducible_after_more() {
    let g = Game::new(fen::parse(RuleSet::Italian, "W:W21-32:B1-12").unwrap());
    let plain = search(&g, 1, Limits::Depth(7));
    let mut e = Engine::new(8);
    e.set_variety(0);
    e.set_threads(3);
    assert_eq!(e.threads(), 3);
    e.set_threads(1);
    let r = e.search(&g, Limits::Depth(7), &AtomicBool::new(false), &mut |_| {});
    assert_eq!(
        (r.nodes, r.best, r.score),
        (plain.nodes, plain.best, plain.score)
    );
    assert_eq!(r.pv, plain.pv);
}

#[test]
fn a_timed_parallel_search_answers_in_time_with_a_legal_move() {
    for (rules, text) in [
        (RuleSet::Italian, "W:W21-32:B1-12"),
        (RuleSet::English, "B:W21-32:B1-12"),
    ] {
        let g = Game::new(fen::parse(rules, text).unwrap());
        let t = std::time::Instant::now();
        let r = search(&g, 3, Limits::MoveTime(Duration::from_millis(200)));
        // Generous: a debug build on a busy machine; the helpers must not hold the answer up.
        assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
        assert!(g.legal_moves().contains(&r.best.unwrap()));
        assert!(r.depth >= 1);
    }
}

#[test]
fn helpers_add_their_nodes() {
    // Four threads at depth 8: the helpers search too, and their nodes are counted.
    let g = Game::new(fen::parse(RuleSet::Italian, "W:W21-32:B1-12").unwrap());
    let mut e = Engine::new(8);
    e.set_variety(0);
    e.set_threads(4);
    let mut reported = 0;
    let r = e.search(&g, Limits::Depth(8), &AtomicBool::new(false), &mut |i| {
        reported = i.nodes
    });
    assert!(r.nodes >= reported && reported > 0);
}

#[test]
fn a_node_budget_is_searched_by_one_thread() {
    // The playing levels are node budgets: with more threads they must play as calibrated,
    // exactly the one-thread search.
    let g = Game::new(fen::parse(RuleSet::Italian, "W:W21-32:B1-12").unwrap());
    let one = search(&g, 1, Limits::Nodes(30_000));
    let four = search(&g, 4, Limits::Nodes(30_000));
    assert_eq!(
        (one.nodes, one.best, one.score),
        (four.nodes, four.best, four.score)
    );
}

/// The probe's position under many threads and a short move time, every search finishing its
/// first iteration and answering the move it found: `time_bound` also checks the answer came
/// within the move time and 250 ms.
fn many_threads_answer_a_searched_move(time_bound: bool) {
    // Issue 23: helpers started before the main thread's first iteration ate its time (8
    // threads at 5 ms answered the unsearched, losing 18-13 in 14 runs of 20), and 256
    // threads took 1.1 s to answer a 500 ms search. Helpers now start after the first
    // iteration, watch the clock themselves and stop with it.
    let g = Game::new(fen::parse(RuleSet::Italian, "W:W18,19,21,25:B4,10,11,12").unwrap());
    for (threads, ms, runs) in [(8, 5, 10), (64, 20, 3), (256, 100, 2)] {
        for _ in 0..runs {
            let mut e = Engine::new(8);
            e.set_variety(0);
            e.set_threads(threads);
            // Built once per process before the first search's clock starts (over 100 ms in
            // a debug build): not what is measured here.
            dama::engine::endgame::prepare(g.position().rules());
            let t = std::time::Instant::now();
            let limits = Limits::MoveTime(Duration::from_millis(ms));
            let r = e.search(&g, limits, &AtomicBool::new(false), &mut |_| {});
            let took = t.elapsed();
            assert!(
                r.depth >= 1,
                "{threads} threads, {ms} ms: depth {}",
                r.depth
            );
            assert_eq!(
                r.best.unwrap().to_string(),
                "18-14",
                "{threads} threads, {ms} ms"
            );
            // The bound: the move time and 250 ms for starting and stopping the helpers.
            assert!(
                !time_bound || took < Duration::from_millis(ms + 250),
                "{threads} threads, {ms} ms: answered after {took:?}"
            );
        }
    }
}

#[test]
fn many_threads_answer_a_short_move_time_with_a_searched_move() {
    many_threads_answer_a_searched_move(false);
}

/// The time bound, in the release run of the deep checks: a debug build beside the other
/// tests on two cores took up to 311 ms for 64 threads at 20 ms; release answers within a few
/// milliseconds of the move time.
#[test]
#[ignore = "timing: run in release by .ci/run"]
fn many_threads_answer_a_short_move_time_in_time() {
    many_threads_answer_a_searched_move(true);
}

/// `search_answering` and `search_lines_answering` give the answer once, the one the search
/// returns, as soon as it is decided (`dama engine` prints `bestmove` from there, before the
/// helper threads are joined): with helpers, with no legal move, and for multi-PV lines.
#[test]
fn the_answer_is_heard_once_and_is_the_result() {
    let g = Game::new(fen::parse(RuleSet::Italian, "W:W18,19,21,25:B4,10,11,12").unwrap());
    let stop = AtomicBool::new(false);
    let limits = Limits::MoveTime(Duration::from_millis(60));
    let mut e = Engine::new(8);
    e.set_threads(4);
    let mut heard = Vec::new();
    let r = e.search_answering(&g, limits, &stop, &mut |_| {}, &mut |r, lines| {
        assert!(lines.is_empty());
        heard.push((r.best, r.score, r.depth));
    });
    assert_eq!(heard, vec![(r.best, r.score, r.depth)]);
    assert_eq!(r.best.unwrap().to_string(), "18-14");

    // White's one man is blocked: no legal move.
    let over = Game::new(fen::parse(RuleSet::Italian, "W:W29:B25,26,21,22").unwrap());
    assert!(over.legal_moves().is_empty());
    let mut none = Vec::new();
    let r = e.search_answering(&over, limits, &stop, &mut |_| {}, &mut |r, _| {
        none.push(r.best);
    });
    assert_eq!((none, r.best), (vec![None], None));

    let mut lines_heard = Vec::new();
    let found = e.search_lines_answering(&g, limits, 3, &stop, &mut |_| {}, &mut |_, lines| {
        lines_heard.push(lines.iter().map(|l| l.pv[0]).collect::<Vec<_>>());
    });
    assert_eq!(
        lines_heard,
        vec![found.iter().map(|l| l.pv[0]).collect::<Vec<_>>()]
    );
    assert_eq!(found.len(), 3);
}
