//! The engine's behaviour on set positions: forced wins, the only legal move, stopping, won
//! endings converted within the no-progress limit (R-G3), draws as the rules count them.

use dama::engine::endgame::Solved;
use dama::engine::{Engine, Limits, SearchResult, WIN, format_score};
use dama::lab::selfplay::{self, Player};
use dama::notation::fen;
use dama::rules::{Color, Game, Outcome, Position, RuleSet, legal_moves};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn game(rules: RuleSet, text: &str) -> Game {
    Game::new(fen::parse(rules, text).expect("test FEN"))
}

fn search(g: &Game, limits: Limits) -> SearchResult {
    let mut e = Engine::new(8);
    e.set_variety(0);
    e.search(g, limits, &AtomicBool::new(false), &mut |_| {})
}

/// Independent check of forced wins: plain minimax over the legal moves (R-G1: no move, or no
/// piece, loses). Returns the plies to a forced win for the side to move within `depth`.
fn forced_win(pos: &Position, depth: u32) -> Option<u32> {
    fn value(pos: &Position, depth: u32) -> i32 {
        // +n: the side to move wins in n plies; -n: loses in n; 0: unknown within depth.
        let moves = legal_moves(pos);
        if moves.is_empty() {
            return -1000;
        }
        if depth == 0 {
            return 0;
        }
        let mut best = i32::MIN;
        for m in &moves {
            let v = -value(&pos.after(m), depth - 1);
            let v = if v > 0 {
                v - 1
            } else if v < 0 {
                v + 1
            } else {
                0
            };
            best = best.max(v);
        }
        best
    }
    let v = value(pos, depth);
    (v > 0).then(|| (1001 - v) as u32 - 1)
}

#[test]
fn finds_a_two_for_one_shot() {
    // R-C1, R-C2: White gives a man on 14 (18-14), Black must take 11x18 (25 blocks a second jump), and White takes two
    // back with 21x14x5, the chain going on over 10.
    let g = game(RuleSet::Italian, "W:W18,19,21,25:B4,10,11,12");
    let r = search(&g, Limits::Depth(8));
    assert_eq!(r.best.unwrap().to_string(), "18-14", "pv {:?}", r.pv);
    assert!(r.score >= 80, "score {}", format_score(r.score));
    let pv: Vec<String> = r.pv.iter().take(3).map(|m| m.to_string()).collect();
    assert_eq!(pv, ["18-14", "11x18", "21x14x5"]);
}

#[test]
fn wins_a_promotion_race() {
    // R-K1, R-K3: White crowns first (8-4 or 7-4) and the new king catches the black man
    // before it reaches the far row; plain minimax confirms the win in 11 plies.
    for text in ["W:W8:B1", "W:W7:B3"] {
        let g = game(RuleSet::Italian, text);
        assert_eq!(forced_win(g.position(), 11), Some(11), "{text}");
        let r = search(&g, Limits::Depth(13));
        assert_eq!(r.score, WIN - 11, "{text}: {}", format_score(r.score));
        assert!(r.best.unwrap().promotes(), "{text}: {:?}", r.best);
    }
}

#[test]
fn win_distance_matches_brute_force() {
    // Small endings where a forced win is near: the engine's "win in N" must be exactly the
    // shortest forced win that plain minimax finds.
    for (rules, text) in [
        (RuleSet::Italian, "W:WK14,K22:B6"),
        (RuleSet::Italian, "W:W9,K23:B5,K27"),
        (RuleSet::English, "B:WK18,25:BK10"),
        (RuleSet::English, "W:W14,K22:B1,K19"),
    ] {
        let g = game(rules, text);
        let r = search(&g, Limits::Depth(9));
        let truth = forced_win(g.position(), 7);
        match truth {
            Some(n) => assert_eq!(
                r.score,
                WIN - n as i32,
                "{text}: engine {} truth {n}",
                format_score(r.score)
            ),
            None => assert!(r.score < WIN - 7, "{text}: {}", format_score(r.score)),
        }
    }
}

#[test]
fn takes_the_only_legal_move_at_once() {
    // One capture is compulsory (R-C1): even an infinite search returns at once.
    let g = game(RuleSet::Italian, "B:W18,25,30:B14,3");
    assert_eq!(legal_moves(g.position()).len(), 1);
    let r = search(&g, Limits::Infinite);
    assert_eq!(r.best, Some(legal_moves(g.position())[0]));
}

#[test]
fn stops_when_asked_and_returns_a_legal_move() {
    let g = Game::new(Position::start(RuleSet::Italian));
    let stop = AtomicBool::new(false);
    let result = std::thread::scope(|s| {
        let h = s.spawn(|| {
            let mut e = Engine::new(8);
            e.search(&g, Limits::Infinite, &stop, &mut |_| {})
        });
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, Ordering::Relaxed);
        h.join().expect("search thread")
    });
    assert!(legal_moves(g.position()).contains(&result.best.unwrap()));
    // Already stopped before it starts: still a legal move.
    let stop = AtomicBool::new(true);
    let r = Engine::new(1).search(&g, Limits::Infinite, &stop, &mut |_| {});
    assert!(legal_moves(g.position()).contains(&r.best.unwrap()));
}

#[test]
fn reports_each_iteration() {
    let g = Game::new(Position::start(RuleSet::English));
    let mut depths = Vec::new();
    let mut e = Engine::new(8);
    let r = e.search(&g, Limits::Depth(5), &AtomicBool::new(false), &mut |i| {
        assert!(!i.pv.is_empty());
        depths.push(i.depth);
    });
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(r.depth, 5);
}

#[test]
fn no_move_means_no_best_move() {
    // R-G1: Black, to move, has no pieces at all.
    let g = game(RuleSet::Italian, "B:W:B");
    let r = search(&g, Limits::Depth(3));
    assert_eq!(r.best, None);
    assert!(r.score <= -(WIN - 1000));
}

fn seeded(seed: u64, depth: u32) -> Player {
    let mut engine = Box::new(Engine::new(8));
    engine.set_seed(Some(seed));
    Player::Engine {
        engine,
        limits: Limits::Depth(depth),
    }
}

/// Engine against engine from `text` (both with their random variety, seeded).
fn play_ending(rules: RuleSet, text: &str, depth: u32) -> (Outcome, usize) {
    let mut g = game(rules, text);
    let mut strong = seeded(1, depth);
    let mut weak = seeded(2, depth);
    let stop = AtomicBool::new(false);
    let o = if g.position().side_to_move() == Color::White {
        selfplay::play_out(&mut g, &mut strong, &mut weak, &stop)
    } else {
        selfplay::play_out(&mut g, &mut weak, &mut strong, &stop)
    };
    (o.unwrap(), g.ply())
}

#[test]
fn converts_two_kings_against_one() {
    // R-G3: the win must come before 80 plies without a capture or a man move. The lone king
    // starts in its safest place, the double corner.
    for (rules, text) in [
        (RuleSet::Italian, "W:WK29,K30:BK4"),
        (RuleSet::Italian, "B:WK18,K22:BK1"),
        (RuleSet::English, "W:WK29,K30:BK1"),
    ] {
        let (o, plies) = play_ending(rules, text, 4);
        assert_eq!(
            o.winner(),
            Some(Color::White),
            "{rules} {text}: {o} after {plies} plies"
        );
    }
}

#[test]
fn converts_three_kings_against_two() {
    // R-G3 again: the stronger side must force an exchange (into a won two against one) before
    // the no-progress draw.
    for (rules, text) in [
        (RuleSet::Italian, "W:WK29,K30,K31:BK4,K8"),
        (RuleSet::Italian, "B:WK32,K28,K27:BK1,K5"),
        (RuleSet::English, "W:WK29,K30,K31:BK1,K5"),
    ] {
        let (o, plies) = play_ending(rules, text, 6);
        assert_eq!(
            o.winner(),
            Some(Color::White),
            "{rules} {text}: {o} after {plies} plies"
        );
    }
}

#[test]
#[ignore = "deep: run in release"]
fn converts_three_kings_against_two_deeper() {
    for (rules, text) in [
        (RuleSet::Italian, "W:WK29,K30,K31:BK4,K8"),
        (RuleSet::Italian, "B:WK32,K28,K27:BK1,K5"),
        (RuleSet::Italian, "W:WK1,K5,K9:BK29,K25"),
        (RuleSet::Italian, "W:WK17,K9,K22:BK8,K3"),
    ] {
        let (o, plies) = play_ending(rules, text, 10);
        assert_eq!(
            o.winner(),
            Some(Color::White),
            "{rules} {text}: {o} after {plies} plies"
        );
    }
}

#[test]
fn does_not_throw_away_a_drawn_ending() {
    // One king each: nothing to win, and the engine must not lose it either.
    let (o, _) = play_ending(RuleSet::Italian, "W:WK29:BK4", 6);
    assert!(o.winner().is_none(), "{o}");
}

#[test]
fn never_loses_to_a_random_mover() {
    for rules in [RuleSet::Italian, RuleSet::English] {
        for g in 0..4u64 {
            let mut engine = Player::Engine {
                engine: Box::new(Engine::new(4)),
                limits: Limits::Depth(2),
            };
            let mut random = Player::Random(Box::new(selfplay::rng(g)));
            let mut game = Game::new(Position::start(rules));
            let stop = AtomicBool::new(false);
            let engine_colour = if g % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let o = if engine_colour == Color::White {
                selfplay::play_out(&mut game, &mut engine, &mut random, &stop)
            } else {
                selfplay::play_out(&mut game, &mut random, &mut engine, &stop)
            }
            .unwrap();
            assert_ne!(
                o.winner(),
                Some(engine_colour.opposite()),
                "{rules} game {g}: {o}"
            );
        }
    }
}

#[test]
fn two_against_one_table_agrees_with_brute_force() {
    // The retrograde table must give exactly the shortest forced win plain minimax finds.
    let mut checked = 0;
    for (a, b, k) in [
        (22, 18, 15),
        (29, 30, 4),
        (14, 15, 4),
        (7, 11, 8),
        (1, 6, 10),
        (26, 19, 24),
    ] {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let text = format!("W:WK{a},K{b}:BK{k}");
            let pos = fen::parse(rules, &text).unwrap();
            match dama::engine::endgame::probe(&pos).unwrap() {
                Solved::Win(n) if n <= 7 => {
                    assert_eq!(forced_win(&pos, 7), Some(n), "{rules} {text}");
                    checked += 1;
                }
                Solved::Win(_) => assert_eq!(forced_win(&pos, 5), None, "{rules} {text}"),
                other => panic!("{rules} {text}: {other:?}"),
            }
        }
    }
    assert!(checked >= 2);
}

#[test]
fn one_king_against_one_table_agrees_with_brute_force() {
    // Every placement of one king each, both rule sets, either side to move: a table win within
    // 5 plies is exactly the shortest forced win plain minimax finds, a position the table does
    // not call won has no forced win within 5, and wins in 6 or 7 are confirmed 7 deep.
    let mut wins = 0;
    for rules in [RuleSet::Italian, RuleSet::English] {
        for w in 1..=32 {
            for b in 1..=32 {
                if w == b {
                    continue;
                }
                for side in ["W", "B"] {
                    let text = format!("{side}:WK{w}:BK{b}");
                    let pos = fen::parse(rules, &text).unwrap();
                    match dama::engine::endgame::probe(&pos).unwrap() {
                        Solved::Win(n) if n <= 5 => {
                            assert_eq!(forced_win(&pos, 5), Some(n), "{rules} {text}");
                            wins += 1;
                        }
                        Solved::Win(n) if n <= 7 => {
                            assert_eq!(forced_win(&pos, 7), Some(n), "{rules} {text}");
                            wins += 1;
                        }
                        Solved::Win(_) => {}
                        _ => assert_eq!(forced_win(&pos, 5), None, "{rules} {text}"),
                    }
                }
            }
        }
    }
    // Cornered kings exist; this one caught the engine in a self-play game.
    assert!(wins > 0);
    let trap = fen::parse(RuleSet::Italian, "W:WK15:BK10").unwrap();
    assert!(matches!(
        dama::engine::endgame::probe(&trap),
        Some(Solved::Win(_))
    ));
    let held = fen::parse(RuleSet::Italian, "B:WK15:BK14").unwrap();
    assert_eq!(dama::engine::endgame::probe(&held), Some(Solved::Draw));
}

fn search_with_contempt(g: &Game, limits: Limits, contempt: i32) -> SearchResult {
    let mut e = Engine::new(8);
    e.set_variety(0);
    e.set_contempt(contempt);
    e.search(g, limits, &AtomicBool::new(false), &mut |_| {})
}

#[test]
fn contempt_scores_a_draw_below_level_for_the_side_to_move() {
    // One king against one, neither cornered: a draw (R-G2/R-G3 end it), whoever is to move.
    for text in ["W:WK29:BK4", "B:WK29:BK4", "W:WK22:BK11"] {
        let g = game(RuleSet::Italian, text);
        assert_eq!(
            search_with_contempt(&g, Limits::Depth(6), 0).score,
            0,
            "{text}"
        );
        assert_eq!(
            search_with_contempt(&g, Limits::Depth(6), 20).score,
            -20,
            "{text}"
        );
    }
}

#[test]
fn contempt_never_outranks_a_forced_win() {
    // Two kings against one (solved): the win and its distance are the same with contempt.
    for text in ["W:WK29,K30:BK4", "W:W18,19,21,25:B4,10,11,12"] {
        let g = game(RuleSet::Italian, text);
        let plain = search(&g, Limits::Depth(8));
        let biased = search_with_contempt(&g, Limits::Depth(8), 150);
        assert_eq!(plain.best, biased.best, "{text}");
        if plain.score > WIN / 2 {
            assert_eq!(plain.score, biased.score, "{text}");
        }
    }
}

/// The probe's position (issue 23): 18-14 wins, 18-13 (first in the untried root order) loses.
const SHOT: &str = "W:W18,19,21,25:B4,10,11,12";

#[test]
fn a_search_stopped_before_it_starts_still_plays_a_searched_move() {
    // The stop flag (`stop`, the board's `m`, a spent clock) never makes the engine answer a
    // move it has not searched: the first iteration (depth 1 with its captures) always ends.
    let g = game(RuleSet::Italian, SHOT);
    let depth1 = search(&g, Limits::Depth(1));
    assert_eq!(depth1.best.unwrap().to_string(), "18-14");
    for threads in [1, 4] {
        let stop = AtomicBool::new(true);
        let mut e = Engine::new(8);
        e.set_variety(0);
        e.set_threads(threads);
        let mut infos = Vec::new();
        let r = e.search(&g, Limits::Infinite, &stop, &mut |i| infos.push(i.clone()));
        assert_eq!(r.depth, 1, "threads {threads}");
        assert_eq!(r.best, depth1.best, "threads {threads}");
        assert_eq!(r.pv.first(), r.best.as_ref());
        assert_eq!(infos.len(), 1, "one finished iteration reported");
        assert_eq!(infos[0].pv.first(), r.best.as_ref());
    }
}

#[test]
fn the_shortest_move_time_still_finishes_the_first_iteration() {
    // 1 ms: in a debug build on a busy machine the clock may run out before the first node.
    let g = game(RuleSet::Italian, SHOT);
    for threads in [1, 8] {
        for _ in 0..5 {
            let mut e = Engine::new(8);
            e.set_variety(0);
            e.set_threads(threads);
            let r = e.search(
                &g,
                Limits::MoveTime(Duration::from_millis(1)),
                &AtomicBool::new(false),
                &mut |_| {},
            );
            assert!(r.depth >= 1, "threads {threads}: depth {}", r.depth);
            assert_eq!(r.best.unwrap().to_string(), "18-14", "threads {threads}");
        }
    }
}
