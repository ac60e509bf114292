//! The engine thread behind the board: it answers a search, and a stop ends a deep search
//! at once (taking back or quitting while the engine thinks never waits for it).

use dama::engine::Limits;
use dama::rules::{Game, Position, RuleSet, legal_moves};
use dama::tui::app::{EngineMsg, Purpose, Request};
use dama::tui::run::EngineLink;
use dama::tui::worker::Worker;
use std::time::{Duration, Instant};

fn wait_done(w: &mut Worker, id: u64, limit: Duration) -> Option<EngineMsg> {
    let start = Instant::now();
    while start.elapsed() < limit {
        while let Some(msg) = w.try_recv() {
            if matches!(msg, EngineMsg::Done { id: i, .. } if i == id) {
                return Some(msg);
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

#[test]
fn answers_with_a_legal_move() {
    let mut w = Worker::spawn(Some(1), 1, 0).unwrap();
    let game = Game::new(Position::start(RuleSet::Italian));
    w.send(Request::Search {
        id: 7,
        game: Box::new(game.clone()),
        limits: Limits::Depth(3),
        purpose: Purpose::Move,
        variety: 0,
    });
    let Some(EngineMsg::Done { best, report, .. }) = wait_done(&mut w, 7, Duration::from_secs(60))
    else {
        panic!("no answer");
    };
    let best = best.expect("a move");
    assert!(legal_moves(game.position()).contains(&best));
    assert!(report.depth >= 1);
}

#[test]
fn stop_ends_a_deep_search_at_once() {
    let mut w = Worker::spawn(None, 1, 0).unwrap();
    let game = Game::new(Position::start(RuleSet::Italian));
    w.send(Request::Search {
        id: 1,
        game: Box::new(game),
        limits: Limits::Depth(60),
        purpose: Purpose::Hint,
        variety: 0,
    });
    std::thread::sleep(Duration::from_millis(50));
    w.send(Request::Stop);
    // Generous for a loaded debug build; a search to depth 60 would take far longer.
    assert!(
        wait_done(&mut w, 1, Duration::from_secs(20)).is_some(),
        "the stopped search answered"
    );
}
