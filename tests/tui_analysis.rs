//! The analysis board (issue 22, section 1) driven by keys: opened from the start screen, a
//! game in play and the viewer; moves for both sides, variations, walking the tree, promote
//! and delete, the engine's lines shown and the best move marked, space stopping and starting
//! the engine (never a search left running), more or fewer lines, the tree saved as PDN;
//! snapshots at 80x24 and 120x40 in both languages; the engine thread's side of it.

mod tui_common;

use dama::notation::pdn::{read_game, read_games};
use dama::notation::tree::{MoveTree, NodeId};
use dama::rules::{Game, Position, RuleSet, Square};
use dama::tui::app::{EngineMsg, Report, Request, StartItem};
use dama::tui::input::{Action, Context};
use dama::tui::viewer::Viewer;
use dama::tui::{App, GameSettings, Lang};
use ratatui::crossterm::event::KeyCode;
use tui_common::{check_snapshot, find_move, press, screen};

fn config(rules: RuleSet, lang: Lang) -> GameSettings {
    // No autosave and saves in a scratch folder: never the user's home.
    let mut c = GameSettings::new(rules);
    c.save_dir = std::env::temp_dir();
    c.autosave = None;
    c.lang = lang;
    c
}

fn sized(mut app: App) -> App {
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    app
}

/// The start screen, its cursor moved to the analysis board's entry, Enter.
fn from_start(rules: RuleSet, lang: Lang) -> App {
    let mut app = sized(App::start_screen(config(rules, lang), None));
    while app.start_menu().unwrap().current() != StartItem::Analysis {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    app
}

/// The analysis searches asked for since the last call: (id, position searched, lines).
fn analyses(app: &mut App) -> Vec<(u64, Game, usize)> {
    app.take_requests()
        .into_iter()
        .filter_map(|r| match r {
            Request::Analyse { id, game, lines } => Some((id, *game, lines)),
            _ => None,
        })
        .collect()
}

fn stops(requests: &[Request]) -> usize {
    requests
        .iter()
        .filter(|r| matches!(r, Request::Stop))
        .count()
}

/// Moves the board's cursor with h/j/k/l (the arrows walk the tree here) and presses Enter.
fn choose(app: &mut App, sq: Square) {
    let rules = app.settings().rules;
    while app.cursor() != (sq.row(), sq.file(rules)) {
        let (r, f) = app.cursor();
        let flip = app.flipped();
        let down = (r < sq.row()) != flip;
        let right = (f < sq.file(rules)) != flip;
        let c = if r != sq.row() {
            if down { 'j' } else { 'k' }
        } else if right {
            'l'
        } else {
            'h'
        };
        press(app, KeyCode::Char(c));
    }
    press(app, KeyCode::Enter);
}

fn play(app: &mut App, text: &str) {
    let m = find_move(app.game().position(), text);
    choose(app, m.from());
    choose(app, m.to());
}

/// `s` on the analysis board, the prompt's default name replaced by `path`, Enter.
fn save_as(app: &mut App, path: &std::path::Path) {
    press(app, KeyCode::Char('s'));
    assert_eq!(app.context(), Context::Text);
    for _ in 0..200 {
        press(app, KeyCode::Backspace);
    }
    for c in path.display().to_string().chars() {
        press(app, KeyCode::Char(c));
    }
    press(app, KeyCode::Enter);
}

fn lines_for(game: &Game, texts: &[(&str, i32)]) -> Vec<Report> {
    texts
        .iter()
        .map(|(line, score)| {
            let mut pos = *game.position();
            let pv = line
                .split(' ')
                .map(|t| {
                    let m = find_move(&pos, t);
                    pos = pos.after(&m);
                    m
                })
                .collect();
            Report {
                depth: 14,
                score: *score,
                nodes: 123_456,
                nps: 1,
                pv,
                tables: false,
            }
        })
        .collect()
}

/// The analysis board on an Italian position (FEN), in `lang`, sized.
fn board_on(fen: &str, lang: Lang) -> App {
    let start = dama::notation::fen::parse(RuleSet::Italian, fen).unwrap();
    let record = dama::notation::pdn::PdnGame {
        start,
        ..dama::notation::pdn::PdnGame::new(RuleSet::Italian)
    };
    sized(App::analysis_board(
        config(RuleSet::Italian, lang),
        record,
        0,
        false,
    ))
}

#[test]
fn from_the_start_screen_the_engine_analyses_at_once_and_its_lines_show() {
    let mut app = from_start(RuleSet::Italian, Lang::En);
    assert_eq!(app.context(), Context::Analysis);
    let asked = analyses(&mut app);
    assert_eq!(asked.len(), 1);
    let (id, game, lines) = &asked[0];
    assert_eq!(*lines, 3, "three lines to begin with");
    assert_eq!(*game.position(), Position::start(RuleSet::Italian));
    let found = lines_for(
        game,
        &[
            ("23-19 10-14 19x10", 3),
            ("22-18 12-15", -2),
            ("21-18 10-14", -5),
        ],
    );
    app.update(Action::Engine(EngineMsg::Lines {
        id: *id,
        lines: found.clone(),
    }));
    let a = app.analysis().unwrap();
    assert_eq!(a.lines(), &found[..]);
    // The best move is marked on the board.
    assert_eq!(app.hint(), Some(found[0].pv[0]));
    let text = screen(&app, 100, 32);
    assert!(text.contains("1. +0.03  d14 23-19 10-14 19x10"), "{text}");
    assert!(text.contains("3. -0.05  d14 21-18 10-14"), "{text}");
    // Lines of a search that is no longer the current one are dropped.
    app.update(Action::Engine(EngineMsg::Lines {
        id: id + 100,
        lines: Vec::new(),
    }));
    assert_eq!(app.analysis().unwrap().lines().len(), 3);
    // q goes back to the start screen, stopping the engine.
    press(&mut app, KeyCode::Char('q'));
    assert!(app.start_menu().is_some() && app.analysis().is_none());
    assert_eq!(stops(&app.take_requests()), 1);
}

#[test]
fn space_stops_and_starts_the_engine_and_never_leaves_a_search_running() {
    let mut app = from_start(RuleSet::English, Lang::En);
    let (id, ..) = analyses(&mut app).pop().unwrap();
    assert!(app.thinking().is_some());
    press(&mut app, KeyCode::Char(' '));
    let reqs = app.take_requests();
    assert_eq!(stops(&reqs), 1, "{reqs:?}");
    assert!(app.thinking().is_none() && !app.analysis().unwrap().running());
    // The stopped search's answer changes nothing.
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: None,
        report: Report::default(),
    }));
    assert!(app.thinking().is_none());
    // Moving while stopped starts nothing.
    play(&mut app, "11-15");
    let reqs = app.take_requests();
    assert!(
        reqs.iter().all(|r| !matches!(r, Request::Analyse { .. })),
        "{reqs:?}"
    );
    press(&mut app, KeyCode::Char(' '));
    let asked = analyses(&mut app);
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].1.ply(), 1, "the position shown");
    // Each new position stops the last search before the next starts: one running at most.
    press(&mut app, KeyCode::Left);
    let reqs = app.take_requests();
    assert_eq!(stops(&reqs), 1);
    let current: Vec<u64> = reqs
        .iter()
        .filter_map(|r| match r {
            Request::Analyse { id, .. } => Some(*id),
            _ => None,
        })
        .collect();
    assert_eq!(current.len(), 1);
    // A search that ends by itself (the position solved) leaves the engine stopped there
    // (QA practice: and there only; the next position is analysed again, see
    // `a_solved_position_stops_the_engine_there_only`).
    app.update(Action::Engine(EngineMsg::Done {
        id: current[0],
        best: None,
        report: Report::default(),
    }));
    assert!(app.thinking().is_none() && app.analysis().unwrap().finished());
    // Leaving stops nothing more: nothing runs (a move was made: asked first).
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.analysis().is_none());
    assert_eq!(stops(&app.take_requests()), 0);
}

#[test]
fn plus_and_minus_ask_for_more_or_fewer_lines() {
    let mut app = from_start(RuleSet::Italian, Lang::En);
    analyses(&mut app);
    press(&mut app, KeyCode::Char('+'));
    // The running search is stopped before the new one starts.
    let reqs = app.take_requests();
    assert!(
        matches!(reqs[..], [Request::Stop, Request::Analyse { lines: 4, .. }]),
        "{reqs:?}"
    );
    for _ in 0..10 {
        press(&mut app, KeyCode::Char('+'));
    }
    assert_eq!(app.analysis().unwrap().wanted(), 5, "at most five");
    for _ in 0..10 {
        press(&mut app, KeyCode::Char('-'));
    }
    assert_eq!(app.analysis().unwrap().wanted(), 1, "at least one");
    assert_eq!(analyses(&mut app).last().unwrap().2, 1);
}

#[test]
fn moves_off_the_line_become_variations_walked_promoted_and_deleted() {
    let mut app = from_start(RuleSet::Italian, Lang::En);
    play(&mut app, "22-18");
    play(&mut app, "10-14");
    assert_eq!(app.game().ply(), 2);
    // Back to the start, another first move: a variation.
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    assert_eq!(app.game().ply(), 0);
    play(&mut app, "21-17");
    assert!(app.message().contains("21-17"), "{}", app.message());
    let tree = app.analysis().unwrap().tree();
    assert_eq!(tree.node(NodeId::ROOT).children().len(), 2);
    assert!(!tree.is_main_line(app.analysis().unwrap().at()));
    // Up: the main move in its place; Right follows its line.
    press(&mut app, KeyCode::Up);
    assert_eq!(app.game().moves()[0].to_string(), "22-18");
    press(&mut app, KeyCode::Right);
    assert_eq!(app.game().ply(), 2);
    press(&mut app, KeyCode::Home);
    assert_eq!(app.game().ply(), 0);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    assert_eq!(app.game().moves()[0].to_string(), "21-17");
    // Playing the same move again goes to it, no duplicate.
    press(&mut app, KeyCode::Left);
    play(&mut app, "21-17");
    assert_eq!(app.analysis().unwrap().tree().len(), 3);
    // p: the variation becomes the main line.
    press(&mut app, KeyCode::Char('p'));
    let a = app.analysis().unwrap();
    assert!(a.tree().is_main_line(a.at()));
    press(&mut app, KeyCode::Char('p'));
    assert!(app.message().contains("main line"), "{}", app.message());
    // x: delete it; the board goes to the position before it.
    press(&mut app, KeyCode::Char('x'));
    let a = app.analysis().unwrap();
    assert_eq!(a.at(), NodeId::ROOT);
    assert_eq!(a.tree().len(), 2);
    assert_eq!(app.game().ply(), 0);
    press(&mut app, KeyCode::End);
    assert_eq!(app.game().ply(), 2);
}

#[test]
fn the_tree_is_saved_as_pdn_with_its_variations_and_the_scores_noted() {
    let dir = std::env::temp_dir().join(format!("dama-analysis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tree.pdn");
    let mut app = from_start(RuleSet::Italian, Lang::En);
    analyses(&mut app);
    play(&mut app, "22-18");
    let (id, game, _) = analyses(&mut app).pop().unwrap();
    let found = lines_for(&game, &[("10-14", -20)]);
    app.update(Action::Engine(EngineMsg::Lines { id, lines: found }));
    // n: the engine's score (White's view) and line as a comment on the move shown.
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Left);
    play(&mut app, "21-17");
    save_as(&mut app, &path);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let g = read_game(&text, RuleSet::Italian).unwrap();
    assert_eq!(g.moves.len(), 1);
    assert_eq!(g.moves[0].mv.to_string(), "22-18");
    assert_eq!(g.moves[0].comments, ["+0.20 d14 10-14"], "{text}");
    assert_eq!(g.moves[0].variations[0].moves[0].mv.to_string(), "21-17");
    assert_eq!(MoveTree::from_game(&g).len(), 2);
}

/// QA 11: a finished game analysed from the viewer and saved with another main line is
/// another record: not the game's result, termination or date. With the game's own main line
/// (only notes and variations added) the record stays the game's.
#[test]
fn a_saved_analysis_with_another_main_line_drops_the_games_result() {
    let dir = std::env::temp_dir().join(format!("dama-analysis-res-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = "[Event \"club\"]\n[Date \"2020.01.02\"]\n[Result \"1-0\"]\n\
                  [Termination \"resignation\"]\n[GameType \"22\"]\n\n1. 22-18 10-14 1-0\n";
    for promote in [true, false] {
        let path = dir.join(format!("a-{promote}.pdn"));
        let games = read_games(record, RuleSet::Italian);
        let viewer = Viewer::new("g.pdn".into(), games, 0);
        let mut app = sized(App::viewer(config(RuleSet::Italian, Lang::En), viewer));
        press(&mut app, KeyCode::Char('a'));
        assert_eq!(app.context(), Context::Analysis);
        press(&mut app, KeyCode::Home);
        play(&mut app, "21-17");
        if promote {
            press(&mut app, KeyCode::Char('p'));
        }
        save_as(&mut app, &path);
        let text = std::fs::read_to_string(&path).unwrap();
        let g = read_game(&text, RuleSet::Italian).unwrap();
        if promote {
            assert_eq!(g.moves[0].mv.to_string(), "21-17", "{text}");
            assert!(text.contains("[Result \"*\"]"), "{text}");
            assert!(!text.contains("Termination"), "{text}");
            assert_eq!(g.tag("Date"), Some(dama::notation::pdn::today().as_str()));
        } else {
            assert!(text.contains("[Result \"1-0\"]"), "{text}");
            assert!(text.contains("resignation"), "{text}");
            assert_eq!(g.tag("Date"), Some("2020.01.02"), "{text}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn from_a_game_in_play_and_back_without_taking_anything_back() {
    let rules = RuleSet::Italian;
    let mut game = Game::new(Position::start(rules));
    for t in ["21-17", "10-13"] {
        let m = find_move(game.position(), t);
        game.play(&m).unwrap();
    }
    let mut app = sized(App::new(config(rules, Lang::En), game.clone()));
    app.take_requests();
    press(&mut app, KeyCode::Char('a'));
    assert_eq!(app.context(), Context::Analysis);
    let a = app.analysis().unwrap();
    assert_eq!(a.tree().ply(a.at()), 2, "at the game's position");
    // Both sides move here, the game's side or not.
    play(&mut app, "17x10");
    play(&mut app, "5x14");
    press(&mut app, KeyCode::Home);
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.analysis().is_none());
    assert_eq!(app.context(), Context::Board);
    assert_eq!(app.game().moves(), game.moves(), "the game as it was");
}

#[test]
fn from_the_viewer_with_the_records_variations() {
    let text = "[GameType \"22\"]\n1. 21-17 (1. 22-18 10-14) 10-13 2. 17x10 5x14 *\n";
    let games = read_games(text, RuleSet::Italian);
    let mut app = sized(App::viewer(
        config(RuleSet::Italian, Lang::En),
        Viewer::new("v.pdn".into(), games, 0),
    ));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Char('a'));
    let a = app.analysis().unwrap();
    assert_eq!(a.tree().ply(a.at()), 2);
    assert_eq!(a.tree().len(), 4 + 2, "the main line and the variation");
    assert_eq!(app.game().ply(), 2);
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.context(), Context::Replay);
    assert!(app.replay_viewer().is_some());
}

#[test]
fn snapshots() {
    for lang in [Lang::En, Lang::It] {
        let mut app = from_start(RuleSet::Italian, lang);
        analyses(&mut app);
        play(&mut app, "22-18");
        let (id, game, _) = analyses(&mut app).pop().unwrap();
        let found = lines_for(
            &game,
            &[("10-14 21-17", 12), ("12-16 18-14", 0), ("11-15", -30)],
        );
        app.update(Action::Engine(EngineMsg::Lines { id, lines: found }));
        let l = match lang {
            Lang::En => "en",
            Lang::It => "it",
        };
        for (w, h) in [(80, 24), (120, 40)] {
            app.update(Action::Resize {
                width: w,
                height: h,
            });
            check_snapshot(&format!("analysis_{l}_{w}x{h}"), &screen(&app, w, h));
        }
    }
}

/// QA pass 5: space on a won position (a side without pieces, or without a move) said
/// "Analysis started" / "Analysis stopped" in turn, with nothing analysed; it says who has
/// won and that there is nothing to analyse, and starts no search.
#[test]
fn space_on_a_won_position_says_there_is_nothing_to_analyse() {
    for (fen, lang, words) in [
        (
            "B:W22:B",
            Lang::En,
            "White wins: Black has no pieces left: the engine has nothing",
        ),
        (
            "W:W29:BK25,K26",
            Lang::En,
            "Black wins: White has no legal move: the engine has",
        ),
        ("B:W22:B", Lang::It, "il motore non ha nulla da analizzare"),
    ] {
        let mut app = board_on(fen, lang);
        analyses(&mut app);
        for _ in 0..2 {
            press(&mut app, KeyCode::Char(' '));
            assert!(app.message().contains(words), "{fen}: {}", app.message());
            assert!(analyses(&mut app).is_empty(), "{fen}: no search");
        }
    }
}

/// QA pass 5: at 60x20 the engine's state was cut ("Engine: analysing, 3 lines (spa",
/// "Motore: analizza, 3 linee (spaz") and the keys split their groups ("space:" / "engine").
#[test]
fn the_panel_wraps_the_engines_state_and_keeps_key_groups_whole() {
    for lang in [Lang::En, Lang::It] {
        let mut app = from_start(RuleSet::Italian, lang);
        analyses(&mut app);
        app.update(Action::Resize {
            width: 60,
            height: 20,
        });
        let text = screen(&app, 60, 20);
        let panel: String = text
            .lines()
            .filter_map(|l| l.split_once(['|', '│']).map(|(_, p)| p.trim()))
            .collect::<Vec<_>>()
            .join(" ");
        let (state, group) = match lang {
            Lang::En => ("(space stops)", "space: engine"),
            Lang::It => ("(spazio lo ferma)", "spazio: motore"),
        };
        assert!(panel.contains(state), "{text}");
        assert!(
            text.lines().any(|l| l.contains(group)),
            "a key group split over two lines:\n{text}"
        );
    }
}

/// The engine thread's side: an analysis reports its lines until stopped, then answers once
/// and goes quiet (nothing left running); a new analysis after it works the same.
#[test]
fn the_engine_thread_analyses_until_stopped_and_then_goes_quiet() {
    use dama::tui::run::EngineLink;
    use dama::tui::worker::Worker;
    use std::time::{Duration, Instant};
    let mut w = Worker::spawn(None, 2, 0).unwrap();
    for (id, rules) in [(1, RuleSet::Italian), (2, RuleSet::English)] {
        let game = Game::new(Position::start(rules));
        w.send(Request::Analyse {
            id,
            game: Box::new(game.clone()),
            lines: 3,
        });
        // Lines come, three at a time, legal and best first.
        let start = Instant::now();
        let lines = loop {
            assert!(start.elapsed() < Duration::from_secs(60), "no lines");
            match w.try_recv() {
                Some(EngineMsg::Lines { id: i, lines }) if i == id && lines[0].depth >= 3 => {
                    break lines;
                }
                Some(EngineMsg::Done { .. }) => panic!("an analysis runs until stopped"),
                _ => std::thread::sleep(Duration::from_millis(5)),
            }
        };
        assert_eq!(lines.len(), 3);
        assert!(lines.windows(2).all(|p| p[0].score >= p[1].score));
        let legal = dama::rules::legal_moves(game.position());
        assert!(lines.iter().all(|l| legal.contains(&l.pv[0])));
        w.send(Request::Stop);
        let stopped = Instant::now();
        loop {
            assert!(stopped.elapsed() < Duration::from_secs(5), "not stopped");
            match w.try_recv() {
                Some(EngineMsg::Done { id: i, best, .. }) if i == id => {
                    assert!(legal.contains(&best.unwrap()));
                    break;
                }
                _ => std::thread::sleep(Duration::from_millis(2)),
            }
        }
        // Quiet afterwards: the search is over.
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(w.try_recv(), None);
    }
    // A new analysis sent without a stop still ends the one before (else the thread would be
    // held for ever): the first answers, then the second reports.
    let game = Game::new(Position::start(RuleSet::Italian));
    for id in [10, 11] {
        w.send(Request::Analyse {
            id,
            game: Box::new(game.clone()),
            lines: 2,
        });
    }
    let start = Instant::now();
    let (mut first_done, mut second_lines) = (false, false);
    while !(first_done && second_lines) {
        assert!(start.elapsed() < Duration::from_secs(20), "held up");
        match w.try_recv() {
            Some(EngineMsg::Done { id: 10, .. }) => first_done = true,
            Some(EngineMsg::Lines { id: 11, .. }) => second_lines = true,
            _ => std::thread::sleep(Duration::from_millis(2)),
        }
    }
    w.send(Request::Stop);
}

/// During a game: `[` and `]` look at the earlier positions, read-only, and come back to the
/// game's own without taking anything back; the game goes on meanwhile.
#[test]
fn looking_back_during_a_game_takes_nothing_back() {
    let rules = RuleSet::Italian;
    let mut game = Game::new(Position::start(rules));
    for t in ["21-17", "10-13", "17x10"] {
        let m = find_move(game.position(), t);
        game.play(&m).unwrap();
    }
    // Black (the engine) to move: the player is White.
    let mut app = sized(App::new(config(rules, Lang::En), game.clone()));
    let (id, _) = tui_common::pending_search(&mut app);
    press(&mut app, KeyCode::Char('['));
    assert_eq!(app.peeking(), Some(2));
    assert_eq!(app.board_game().ply(), 2);
    assert!(app.message().contains("ply 2 of 3"), "{}", app.message());
    press(&mut app, KeyCode::Char('['));
    press(&mut app, KeyCode::Char('['));
    assert_eq!(app.peeking(), Some(0));
    press(&mut app, KeyCode::Char('['));
    assert_eq!(app.peeking(), Some(0), "the start is as far as it goes");
    // Read-only: no move, no take-back.
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Enter);
    assert!(app.message().contains("read-only"), "{}", app.message());
    assert_eq!(app.game().moves(), game.moves());
    // The engine's move arrives in the game, not in the position looked at.
    let m = find_move(game.position(), "5x14");
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(m),
        report: Report::default(),
    }));
    assert_eq!(app.game().ply(), 4);
    assert_eq!(app.peeking(), Some(0));
    press(&mut app, KeyCode::Char(']'));
    assert_eq!(app.peeking(), Some(1));
    // Esc: back to the game's own position, where moves are made as usual.
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.peeking(), None);
    assert_eq!(app.board_game().ply(), 4);
    press(&mut app, KeyCode::Char('['));
    press(&mut app, KeyCode::Char(']'));
    assert_eq!(app.peeking(), None, "] at the last ply is the game");
    // `a` while looking back opens the analysis board there.
    press(&mut app, KeyCode::Char('['));
    press(&mut app, KeyCode::Char('a'));
    let a = app.analysis().unwrap();
    assert_eq!(a.tree().ply(a.at()), 3);
    assert_eq!(a.tree().len(), 4);
}

/// From a review under way: the board opens over it with the review's score graph, and the
/// review goes on where it was when the board closes.
#[test]
fn a_review_interrupted_by_the_board_goes_on_after_it() {
    use dama::tui::app::Purpose;
    let text = "[GameType \"22\"]\n1. 21-17 10-13 2. 17x10 5x14 *\n";
    let games = read_games(text, RuleSet::Italian);
    let mut app = sized(App::viewer(
        config(RuleSet::Italian, Lang::En),
        Viewer::new("v.pdn".into(), games, 0),
    ));
    press(&mut app, KeyCode::Char('v'));
    // The first position's search answered, the second's under way.
    let reqs = app.take_requests();
    let Some(Request::Search { id, game, .. }) = reqs.into_iter().last() else {
        panic!("a review search");
    };
    let best = game.legal_moves()[0];
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(best),
        report: Report {
            depth: 10,
            score: 300,
            ..Report::default()
        },
    }));
    app.take_requests();
    press(&mut app, KeyCode::Char('a'));
    assert!(app.analysis().is_some());
    assert!(screen(&app, 100, 32).contains('█'), "the score graph");
    press(&mut app, KeyCode::Char('q'));
    let reviews: Vec<usize> = app
        .take_requests()
        .into_iter()
        .filter_map(|r| match r {
            Request::Search {
                purpose: Purpose::Review(ply),
                ..
            } => Some(ply),
            _ => None,
        })
        .collect();
    assert_eq!(reviews, [1], "the review goes on at its next position");
}

/// `?` on the analysis board lists its own keys, in the player's language; any key closes it.
#[test]
fn the_help_lists_the_boards_own_keys() {
    for (lang, title, key) in [
        (Lang::En, "Analysis board keys", "promote the variation"),
        (
            Lang::It,
            "Tasti della damiera di analisi",
            "promuovi la variante",
        ),
    ] {
        let mut app = from_start(RuleSet::Italian, lang);
        press(&mut app, KeyCode::Char('?'));
        assert_eq!(app.context(), Context::Help);
        let text = screen(&app, 100, 32);
        assert!(text.contains(title) && text.contains(key), "{text}");
        press(&mut app, KeyCode::Char(' '));
        assert_eq!(app.context(), Context::Analysis);
        // A small terminal pages it; every page is reachable and it closes after the last.
        app.update(Action::Resize {
            width: 60,
            height: 15,
        });
        press(&mut app, KeyCode::Char('?'));
        let pages = dama::tui::app::analysis_help_pages(lang, 60, 15).len();
        assert!(pages > 1);
        for _ in 0..pages {
            assert_eq!(app.context(), Context::Help);
            press(&mut app, KeyCode::Char(' '));
        }
        assert_eq!(app.context(), Context::Analysis);
    }
}

mod fuzz {
    use super::*;
    use dama::rules::legal_moves;
    use proptest::prelude::*;

    fn action() -> impl Strategy<Value = Action> {
        prop_oneof![
            8 => prop::sample::select(vec![
                Action::TreeBack,
                Action::TreeForward,
                Action::TreeUp,
                Action::TreeDown,
                Action::First,
                Action::Last,
                Action::ToggleAnalysis,
                Action::DepthUp,
                Action::DepthDown,
                Action::Promote,
                Action::DeleteNode,
                Action::Note,
                Action::Up,
                Action::Down,
                Action::Left,
                Action::Right,
                Action::Select,
                Action::Select,
                Action::Select,
                Action::Cancel,
                Action::Flip,
                Action::ToggleNumbers,
                Action::Help,
                Action::Tick,
            ]),
            1 => (0u16..130, 0u16..45).prop_map(|(x, y)| Action::Click { x, y }),
            1 => (0u16..140, 0u16..50).prop_map(|(width, height)| Action::Resize { width, height }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// Any keys, clicks, sizes and engine answers: nothing panics, the screen draws, and
        /// the engine is never asked for a second analysis while one runs.
        #[test]
        fn any_input_on_the_board_is_drawable_and_runs_one_search_at_most(
            english in any::<bool>(),
            steps in prop::collection::vec((action(), any::<usize>()), 1..120),
        ) {
            let rules = if english { RuleSet::English } else { RuleSet::Italian };
            let mut app = from_start(rules, Lang::En);
            let mut running: Option<(u64, Game, usize)> = None;
            for (a, pick) in steps {
                app.update(a);
                for r in app.take_requests() {
                    match r {
                        Request::Stop => running = None,
                        Request::Analyse { id, game, lines } => {
                            prop_assert!(running.is_none(), "a second search while one runs");
                            running = Some((id, *game, lines));
                        }
                        other => prop_assert!(false, "unexpected {other:?}"),
                    }
                }
                if let Some((id, game, lines)) = running.clone() {
                    let moves = legal_moves(game.position());
                    let found: Vec<Report> = moves
                        .iter()
                        .take(lines)
                        .map(|&m| Report {
                            depth: 5,
                            score: (pick % 300) as i32 - 150,
                            nodes: 10,
                            nps: 1,
                            pv: vec![m],
                            tables: false,
                        })
                        .collect();
                    if pick % 7 == 0 {
                        app.update(Action::Engine(EngineMsg::Done {
                            id,
                            best: moves.first().copied(),
                            report: found.first().cloned().unwrap_or_default(),
                        }));
                        running = None;
                    } else {
                        app.update(Action::Engine(EngineMsg::Lines { id, lines: found }));
                    }
                }
                let (w, h) = (40 + (pick % 100) as u16, 10 + (pick % 35) as u16);
                let _ = screen(&app, w, h);
                prop_assert!(app.analysis().is_some());
                let a = app.analysis().unwrap();
                prop_assert_eq!(a.tree().position(a.at()), *app.game().position());
            }
        }
    }
}

/// QA practice: `q` on the analysis board with moves or notes not saved asks first (they were
/// lost to one key); `n` keeps the board, a save makes leaving quiet again, and a board
/// opened and left untouched leaves at once.
#[test]
fn leaving_the_board_with_lines_not_saved_asks_first() {
    let dir = std::env::temp_dir().join(format!("dama-analysis-leave-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for lang in Lang::ALL {
        let mut app = from_start(RuleSet::Italian, lang);
        press(&mut app, KeyCode::Char('q'));
        assert!(app.start_menu().is_some(), "nothing made: no question");

        let mut app = from_start(RuleSet::Italian, lang);
        play(&mut app, "22-18");
        press(&mut app, KeyCode::Char('q'));
        assert_eq!(
            app.overlay(),
            &dama::tui::app::Overlay::Confirm(dama::tui::app::Question::LeaveAnalysis)
        );
        let text = screen(&app, 100, 32);
        let asked = dama::tui::lang::Msg::AnalysisLeaveQ.text(lang);
        assert!(text.contains(&asked[..20]), "{text}");
        press(&mut app, KeyCode::Char('n'));
        assert!(app.analysis().is_some(), "n stays on the board");
        assert_eq!(app.analysis().unwrap().tree().len(), 1, "with its move");
        // Saved, it leaves at once; a move after the save asks again.
        save_as(&mut app, &dir.join(format!("leave-{lang:?}.pdn")));
        assert!(!app.analysis().unwrap().unsaved());
        press(&mut app, KeyCode::Left);
        press(&mut app, KeyCode::Char('q'));
        assert!(app.start_menu().is_some(), "saved: no question");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// QA practice: the analysis board's file and the game's are different records. A save on the
/// board used to become the game's file: the game's next `s` offered it and wrote the game
/// over the board's variations unasked (and a board saved over the game's file unasked).
#[test]
fn the_boards_file_and_the_games_file_never_overwrite_each_other_unasked() {
    let dir = std::env::temp_dir().join(format!("dama-analysis-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut c = config(RuleSet::Italian, Lang::En);
    c.save_dir = dir.clone();
    let mut game = Game::new(Position::start(RuleSet::Italian));
    game.play(&find_move(game.position(), "22-18")).unwrap();
    game.play(&find_move(game.position(), "10-14")).unwrap();
    let mut app = sized(App::new(c, game));
    app.take_requests();
    // The game saved first, to its own file.
    let game_file = dir.join("game.pdn");
    press(&mut app, KeyCode::Char('s'));
    for _ in 0..200 {
        press(&mut app, KeyCode::Backspace);
    }
    for ch in game_file.display().to_string().chars() {
        press(&mut app, KeyCode::Char(ch));
    }
    press(&mut app, KeyCode::Enter);
    let game_text = std::fs::read_to_string(&game_file).unwrap();
    // The board does not offer the game's file, and asks before writing over it.
    press(&mut app, KeyCode::Char('a'));
    play(&mut app, "21-17");
    press(&mut app, KeyCode::Char('s'));
    let offered = match app.overlay() {
        dama::tui::app::Overlay::SaveAs(t) => std::path::PathBuf::from(t),
        o => panic!("{o:?}"),
    };
    assert_ne!(offered, game_file);
    press(&mut app, KeyCode::Esc);
    save_as(&mut app, &game_file);
    assert_eq!(
        app.overlay(),
        &dama::tui::app::Overlay::Confirm(dama::tui::app::Question::Replace)
    );
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(std::fs::read_to_string(&game_file).unwrap(), game_text);
    // Saved to its own file, then again there without a question.
    let board_file = dir.join("board.pdn");
    save_as(&mut app, &board_file);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(
        app.overlay(),
        &dama::tui::app::Overlay::SaveAs(board_file.display().to_string())
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.overlay(), &dama::tui::app::Overlay::None);
    let board_text = std::fs::read_to_string(&board_file).unwrap();
    assert!(
        board_text.contains("(3. 21-17)") || board_text.contains("21-17"),
        "{board_text}"
    );
    press(&mut app, KeyCode::Char('q'));
    assert!(app.analysis().is_none());
    assert_eq!(
        app.saved_to(),
        Some(&game_file),
        "the game's file is the game's"
    );
    assert_eq!(app.analysis_saved_to(), Some(&board_file));
    // The game's `s` offers the game's file, never the board's.
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(
        app.overlay(),
        &dama::tui::app::Overlay::SaveAs(game_file.display().to_string())
    );
    press(&mut app, KeyCode::Esc);
    // A second board starts a file of its own: the first board's is not offered.
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Char('s'));
    match app.overlay() {
        dama::tui::app::Overlay::SaveAs(t) => {
            assert_ne!(std::path::PathBuf::from(t), board_file);
            assert_ne!(std::path::PathBuf::from(t), game_file);
        }
        o => panic!("{o:?}"),
    }
    assert_eq!(std::fs::read_to_string(&board_file).unwrap(), board_text);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// QA practice: past a draw by the rules (R-G2: a third repetition) the board goes on, as the
/// tree and a record may; the pick used to be refused with the game's "The game is over: v
/// reviews it, ... N starts a new game" (keys the board does not have).
#[test]
fn r_g2_moves_go_on_past_a_draw_by_repetition() {
    let mut app = board_on("W:WK29:BK4", Lang::En);
    for m in [
        "29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29", "8-4",
    ] {
        play(&mut app, m);
    }
    assert!(app.game().outcome().is_some(), "a third repetition");
    play(&mut app, "29-25");
    let a = app.analysis().unwrap();
    assert_eq!(a.tree().ply(a.at()), 9, "{}", app.message());
}

/// QA practice: a position where a side has no pieces left is won (R-G1) as the game board
/// says: no analysis, the panel and a pick say who has won (the engine used to analyse it,
/// "White wins in 1 ply", and a move could be played on).
#[test]
fn r_g1_a_position_without_pieces_for_a_side_is_over_on_the_board() {
    for lang in Lang::ALL {
        let mut app = board_on("W:W25:B", lang);
        assert!(analyses(&mut app).is_empty(), "nothing to analyse");
        let won = dama::tui::lang::Msg::OutNoPieces.fill(
            lang,
            &[
                &dama::tui::lang::color(lang, dama::rules::Color::White),
                &dama::tui::lang::color(lang, dama::rules::Color::Black),
            ],
        );
        assert!(screen(&app, 100, 32).contains(&won), "{won}");
        choose(&mut app, Square::from_number(25).unwrap());
        assert_eq!(app.selected(), None);
        assert_eq!(app.message(), won);
        assert!(app.analysis().unwrap().tree().is_empty());
    }
}

/// QA practice: a position the engine solves ends its analysis there only. It used to leave the
/// engine stopped on every position after it, as if the player had pressed space: in an
/// ending, where every position is solved at once, the board went silent after the first.
#[test]
fn a_solved_position_stops_the_engine_there_only() {
    let mut app = board_on("W:WK29,K30:BK4", Lang::En);
    let (id, ..) = analyses(&mut app).pop().unwrap();
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: None,
        report: Report::default(),
    }));
    let a = app.analysis().unwrap();
    assert!(a.finished() && app.thinking().is_none());
    let text = screen(&app, 100, 32);
    assert!(text.contains("Engine: done here"), "{text}");
    // The next position is analysed, without space.
    play(&mut app, "29-25");
    assert_eq!(analyses(&mut app).len(), 1);
    assert!(!app.analysis().unwrap().finished());
    // Space on a finished position starts it again; then it stops as usual.
    let (id, ..) = {
        press(&mut app, KeyCode::Left);
        analyses(&mut app).pop().unwrap()
    };
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: None,
        report: Report::default(),
    }));
    press(&mut app, KeyCode::Char(' '));
    assert_eq!(analyses(&mut app).len(), 1);
    assert!(app.analysis().unwrap().running() && app.thinking().is_some());
    press(&mut app, KeyCode::Char(' '));
    assert!(!app.analysis().unwrap().running() && app.thinking().is_none());
}

/// QA practice: a won score is noted as the panel shows it, saying who wins and in the player's
/// language; it was the engine's "win in 33" (whose win?), in English on the Italian board.
#[test]
fn a_won_score_is_noted_saying_who_wins_in_both_languages() {
    for lang in Lang::ALL {
        let mut app = board_on("B:WK29,K30:BK4", lang);
        let (id, game, _) = analyses(&mut app).pop().unwrap();
        // Black to move, lost: the engine's score is Black's, a loss in 33 plies.
        let mut found = lines_for(&game, &[("4-8", 0)]);
        found[0].score = -(dama::engine::WIN - 33);
        app.update(Action::Engine(EngineMsg::Lines { id, lines: found }));
        press(&mut app, KeyCode::Char('n'));
        let note = app.analysis().unwrap().tree().node(NodeId::ROOT).comments[0].clone();
        let white = dama::tui::lang::color(lang, dama::rules::Color::White);
        assert!(note.contains(white), "{note}");
        assert!(!note.contains("win in"), "{note}");
        assert!(note.ends_with("4-8"), "{note}");
        // `n` again with the same view keeps one note and says so; a deeper view is noted.
        press(&mut app, KeyCode::Char('n'));
        let comments = &app.analysis().unwrap().tree().node(NodeId::ROOT).comments;
        assert_eq!(comments.len(), 1, "{comments:?}");
        let already = if lang == Lang::En {
            "Already noted"
        } else {
            "Già annotato"
        };
        assert!(app.message().starts_with(already), "{}", app.message());
        assert!(app.message().contains(note.as_str()), "{}", app.message());
        let mut deeper = lines_for(&game, &[("4-8", 0)]);
        deeper[0].score = -(dama::engine::WIN - 33);
        deeper[0].depth += 1;
        app.update(Action::Engine(EngineMsg::Lines { id, lines: deeper }));
        press(&mut app, KeyCode::Char('n'));
        let comments = &app.analysis().unwrap().tree().node(NodeId::ROOT).comments;
        assert_eq!(comments.len(), 2, "{comments:?}");
    }
}

/// QA practice: on a narrow terminal the save prompt shows the end of the name, where the typing
/// goes (it showed the start and cut the rest, the cursor with it).
#[test]
fn the_save_prompt_keeps_the_end_of_a_long_name_in_sight() {
    let mut app = from_start(RuleSet::Italian, Lang::En);
    app.update(Action::Resize {
        width: 60,
        height: 20,
    });
    press(&mut app, KeyCode::Char('s'));
    for c in "/a/very/long/folder/name/that/does/not/fit/the/box/at/all/x".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    let text = screen(&app, 60, 20);
    assert!(text.contains("fit/the/box/at/all/x_"), "{text}");
    assert!(text.contains('…'), "{text}");
}
