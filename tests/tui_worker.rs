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
        book: true,
    });
    let Some(EngineMsg::Done { best, report, .. }) = wait_done(&mut w, 7, Duration::from_secs(60))
    else {
        panic!("no answer");
    };
    let best = best.expect("a move");
    assert!(legal_moves(game.position()).contains(&best));
    // The start position is in the opening book: the engine's own move is the book's (depth
    // 0, no nodes), its best with no variety. A hint searches.
    let book = dama::book::shared(RuleSet::Italian).book.clone().unwrap();
    let moves = book.moves(game.position()).expect("the start is in book");
    assert!(report.is_book(), "{report:?}");
    assert_eq!(report.score, moves[0].score);
    assert!(
        moves
            .iter()
            .any(|b| b.mv == best && b.score == moves[0].score)
    );
    w.send(Request::Search {
        id: 8,
        game: Box::new(game.clone()),
        limits: Limits::Depth(3),
        purpose: Purpose::Hint,
        variety: 0,
        book: true,
    });
    let Some(EngineMsg::Done { best, report, .. }) = wait_done(&mut w, 8, Duration::from_secs(60))
    else {
        panic!("no answer");
    };
    assert!(legal_moves(game.position()).contains(&best.unwrap()));
    assert!(report.depth >= 1 && !report.is_book());
    // With the book turned off (`--no-book`, the start screen's Book line) the engine's own
    // move is searched too.
    w.send(Request::Search {
        id: 9,
        game: Box::new(game.clone()),
        limits: Limits::Depth(3),
        purpose: Purpose::Move,
        variety: 0,
        book: false,
    });
    let Some(EngineMsg::Done { best, report, .. }) = wait_done(&mut w, 9, Duration::from_secs(60))
    else {
        panic!("no answer");
    };
    assert!(legal_moves(game.position()).contains(&best.unwrap()));
    assert!(report.depth >= 1 && report.nodes > 0 && !report.is_book());
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
        book: true,
    });
    std::thread::sleep(Duration::from_millis(50));
    w.send(Request::Stop);
    // Generous for a loaded debug build; a search to depth 60 would take far longer.
    assert!(
        wait_done(&mut w, 1, Duration::from_secs(20)).is_some(),
        "the stopped search answered"
    );
}

/// Issue 24: once connected, the engine's answers go into the terminal loop's one event
/// channel, so the loop wakes as soon as the answer is sent (before, they waited in the
/// worker's own channel for the loop's next pass, up to a 100 ms input poll later). The lazy
/// engine of the replay viewer connects the worker it starts.
#[test]
fn a_connected_engine_answers_into_the_event_channel() {
    use dama::tui::event::{Event, Events};
    use dama::tui::worker::LazyEngine;
    let events = Events::new();
    let mut w = Worker::spawn(Some(1), 1, 0).unwrap();
    let mut lazy = LazyEngine::new(1);
    w.connect(events.sender());
    lazy.connect(events.sender());
    let game = Game::new(Position::start(RuleSet::Italian));
    for (id, link) in [(3, &mut w as &mut dyn EngineLink), (4, &mut lazy)] {
        link.send(Request::Search {
            id,
            game: Box::new(game.clone()),
            limits: Limits::Depth(2),
            purpose: Purpose::Hint,
            variety: 0,
            book: true,
        });
        let deadline = Instant::now() + Duration::from_secs(60);
        let best = loop {
            match events.next(deadline) {
                Some(Event::Engine(EngineMsg::Done { id: i, best, .. })) if i == id => break best,
                Some(_) => {}
                None => panic!("no answer in the channel for search {id}"),
            }
        };
        assert!(legal_moves(game.position()).contains(&best.expect("a move")));
        assert!(link.try_recv().is_none(), "nothing left in the old channel");
        assert!(link.alive());
    }
}
