//! The practice features as a player meets them: strength steps in the unit chosen, the
//! evaluation hidden everywhere, feedback for every key, and the board's marks where a
//! capture ends on its own square.

mod tui_common;

use tui_common::{answer_review, pending_search, play_by_keys, press, screen};

use dama::notation::fen;
use dama::notation::pdn::read_games;
use dama::rules::{Game, Move, Position, RuleSet, Square};
use dama::tui::app::{EngineMsg, Report};
use dama::tui::input::Action;
use dama::tui::view;
use dama::tui::viewer::Viewer;
use dama::tui::{App, GameSettings, Look};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use std::time::Duration;

fn app_with(c: GameSettings, pos: Position, w: u16, h: u16) -> App {
    let mut app = App::new(c, Game::new(pos));
    app.update(Action::Resize {
        width: w,
        height: h,
    });
    app
}

fn config(rules: RuleSet) -> GameSettings {
    let mut c = GameSettings::new(rules);
    c.look = Look::Ascii;
    c.autosave = None;
    c
}

/// The viewer on the Italian games of `text` (as file `name`), at 100x32.
fn viewer_of(text: &str, name: &str) -> App {
    let games = read_games(text, RuleSet::Italian);
    let mut a = App::viewer(config(RuleSet::Italian), Viewer::new(name.into(), games, 0));
    a.update(Action::Resize {
        width: 100,
        height: 32,
    });
    a
}

fn sq(n: u32) -> Square {
    Square::from_number(n).unwrap()
}

/// `+`/`-` with a move time step the time, never switch to a depth (a 3-second engine made
/// a depth-13 one would be weaker, not stronger).
#[test]
fn plus_and_minus_step_the_time_when_a_time_is_set() {
    use dama::engine::Strength;
    let mut c = config(RuleSet::Italian);
    let Strength::Depth(depth) = c.strength else {
        panic!("a depth by default");
    };
    c.strength = Strength::MoveTime(Duration::from_millis(3000));
    let mut a = app_with(c, Position::start(RuleSet::Italian), 100, 32);
    press(&mut a, KeyCode::Char('+'));
    assert_eq!(
        a.settings().strength,
        Strength::MoveTime(Duration::from_millis(5000))
    );
    assert!(a.message().contains("5 s a move"), "{}", a.message());
    press(&mut a, KeyCode::Char('-'));
    press(&mut a, KeyCode::Char('-'));
    assert_eq!(
        a.settings().strength,
        Strength::MoveTime(Duration::from_millis(2000))
    );
    assert!(screen(&a, 100, 32).contains("Engine 2 s a move"));
    // A depth setting still steps the depth.
    let mut a = app_with(
        config(RuleSet::Italian),
        Position::start(RuleSet::Italian),
        100,
        32,
    );
    press(&mut a, KeyCode::Char('+'));
    assert_eq!(a.settings().strength, Strength::Depth(depth + 1));
}

/// The engine answers the pending search with its first legal move (depth and score as
/// given, from the engine's view).
fn engine_plays_first_move(a: &mut App, depth: u32, score: i32) {
    let (id, game) = pending_search(a);
    let m = game.legal_moves()[0];
    a.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(m),
        report: report(depth, score, vec![m]),
    }));
}

fn report(depth: u32, score: i32, pv: Vec<Move>) -> Report {
    Report {
        depth,
        score,
        nodes: 45_678,
        nps: 1_000_000,
        pv,
        tables: false,
    }
}

/// `e` hides the engine's judgement everywhere: the readout, the panel's engine line and its
/// expected line, and the spinner while it thinks; `e` again shows them.
#[test]
fn hiding_the_evaluation_hides_every_score() {
    let mut a = app_with(
        config(RuleSet::Italian),
        Position::start(RuleSet::Italian),
        100,
        32,
    );
    play_by_keys(&mut a, "23-19");
    engine_plays_first_move(&mut a, 9, -37);
    let shown = screen(&a, 100, 32);
    assert!(shown.contains("Eval: +0.37"), "{shown}");
    assert!(shown.contains("Engine d9: White +0.37"), "{shown}");
    assert!(shown.contains("Line: "), "{shown}");

    press(&mut a, KeyCode::Char('e'));
    let hidden = screen(&a, 100, 32);
    for s in ["Eval:", "+0.37", "Line: "] {
        assert!(!hidden.contains(s), "{s:?} still shown:\n{hidden}");
    }
    assert!(hidden.contains("Engine d9, 45.7k nodes"), "{hidden}");

    // While the engine thinks, the spinner shows depth and nodes only.
    play_by_keys(&mut a, "22-18");
    let (id, _) = pending_search(&mut a);
    a.update(Action::Engine(EngineMsg::Info {
        id,
        report: report(7, 55, vec![]),
    }));
    let thinking = screen(&a, 100, 32);
    let status = thinking.lines().nth(31).unwrap();
    assert!(status.contains("thinking d7, 45.7k nodes"), "{status}");
    assert!(!status.contains("0.55"), "{status}");

    press(&mut a, KeyCode::Char('e'));
    let status = screen(&a, 100, 32).lines().nth(31).unwrap().to_string();
    assert!(status.contains("0.55"), "{status}");
}

/// The engine's line is cut at a move, with an ellipsis, never in the middle of one.
#[test]
fn the_engine_line_is_cut_between_moves() {
    // Kings shuffle: long enough lines to overflow the panel at 80x24.
    let pos = fen::parse(RuleSet::Italian, "W:WK29,K30,K31:BK1,K2,K3").unwrap();
    let mut a = app_with(config(RuleSet::Italian), pos, 80, 24);
    let mut g = Game::new(pos);
    let mut pv = Vec::new();
    for _ in 0..8 {
        let m = g.legal_moves()[0];
        g.play(&m).unwrap();
        pv.push(m);
    }
    // The player's turn: the report comes as a hint's answer.
    press(&mut a, KeyCode::Char('t'));
    let (id, _) = pending_search(&mut a);
    a.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(pv[0]),
        report: report(12, 0, pv.clone()),
    }));
    let text = screen(&a, 80, 24);
    let line = text
        .lines()
        .find_map(|l| l.split("Line:").nth(1))
        .unwrap_or_else(|| panic!("no engine line:\n{text}"))
        .trim()
        .to_string();
    let written: Vec<String> = pv.iter().map(Move::to_string).collect();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert!(words.len() < written.len() + 1, "{line}");
    assert_eq!(words.last(), Some(&"..."), "cut with an ellipsis: {line}");
    for (w, m) in words.iter().zip(&written) {
        if *w != "..." {
            assert_eq!(*w, m.as_str(), "whole moves only: {line}");
        }
    }
}

/// R-C3: a king's capture may end on its own starting square; that square is then a target,
/// marked on the board and named in the status line, and choosing it plays the capture.
#[test]
fn r_c3_a_capture_ending_on_its_start_square_can_be_chosen() {
    // The king on 22 (d3) takes 18, 10, 11 and 19 round the block and lands on 22 again.
    let pos = fen::parse(RuleSet::Italian, "W:WK22:B18,10,11,19,1").unwrap();
    let mut a = app_with(config(RuleSet::Italian), pos, 100, 32);
    play_by_keys_to(&mut a, 22);
    assert!(a.targets().contains(&sq(22)), "{:?}", a.targets());
    assert!(
        a.message().contains("22 itself ends a capture"),
        "{}",
        a.message()
    );
    // With the cursor elsewhere, the ASCII board marks the held piece's square as a target:
    // "*W*", not "<W>".
    press(&mut a, KeyCode::Down);
    let text = screen(&a, 100, 32);
    assert!(text.contains("*W*"), "{text}");
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Enter);
    // Either played at once or, with two ways round, the player is asked for one of them.
    let played = a.game().moves().len() == 1;
    assert!(
        played || a.message().contains("landing square"),
        "{}",
        a.message()
    );
}

/// Moves the cursor to square `n` by arrow keys and presses Enter there.
fn play_by_keys_to(app: &mut App, n: u32) {
    tui_common::choose_square(app, sq(n));
}

/// R-G6: with touch-move the status never offers to let go of the piece.
#[test]
fn r_g6_touch_move_does_not_offer_esc() {
    let mut c = config(RuleSet::Italian);
    c.touch_move = true;
    let mut a = app_with(c, Position::start(RuleSet::Italian), 100, 32);
    play_by_keys_to(&mut a, 22);
    assert_eq!(a.selected(), Some(sq(22)));
    assert!(!a.message().contains("Esc"), "{}", a.message());
    assert!(a.message().contains("must move"), "{}", a.message());
}

/// Too small to draw the board: keys do nothing blind; `q` still quits.
#[test]
fn too_small_only_quits() {
    let mut a = app_with(
        config(RuleSet::Italian),
        Position::start(RuleSet::Italian),
        40,
        10,
    );
    let cursor = a.cursor();
    for k in [
        KeyCode::Up,
        KeyCode::Left,
        KeyCode::Enter,
        KeyCode::Char('f'),
        KeyCode::Char('N'),
        KeyCode::Char('t'),
    ] {
        press(&mut a, k);
    }
    assert_eq!(a.cursor(), cursor);
    assert_eq!(a.selected(), None);
    assert!(!a.flipped());
    assert!(a.take_requests().is_empty(), "no search was started");
    // Grown again, the keys act.
    a.update(Action::Resize {
        width: 100,
        height: 32,
    });
    press(&mut a, KeyCode::Char('f'));
    assert!(a.flipped());
    a.update(Action::Resize {
        width: 40,
        height: 10,
    });
    press(&mut a, KeyCode::Char('q'));
    assert!(a.should_quit());
}

/// `f` and `c` say what they did.
#[test]
fn flip_and_numbers_give_feedback() {
    let mut a = app_with(
        config(RuleSet::Italian),
        Position::start(RuleSet::Italian),
        100,
        32,
    );
    press(&mut a, KeyCode::Char('f'));
    assert!(
        a.message().contains("Black at the bottom"),
        "{}",
        a.message()
    );
    press(&mut a, KeyCode::Char('f'));
    assert!(
        a.message().contains("White at the bottom"),
        "{}",
        a.message()
    );
    press(&mut a, KeyCode::Char('c'));
    assert!(a.message().contains("numbers shown"), "{}", a.message());
    press(&mut a, KeyCode::Char('c'));
    assert!(a.message().contains("numbers hidden"), "{}", a.message());
}

/// A long game in the viewer opens at ply 0 with its move list at the first move, and the
/// game list of a one-game file says "1 game".
#[test]
fn the_viewer_opens_at_the_first_move() {
    let mut g = Game::new(Position::start(RuleSet::Italian));
    while g.ply() < 80 && g.outcome().is_none() {
        let m = g.legal_moves()[0];
        g.play(&m).unwrap();
    }
    let mut text = String::from("[GameType \"22,W,8,8,N2,1\"]\n");
    for (i, m) in g.moves().iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(&format!("{m} "));
    }
    text.push_str("*\n");
    let mut a = viewer_of(&text, "long.pdn");
    let shown = screen(&a, 100, 32);
    assert!(shown.contains("  1. "), "the first row shows:\n{shown}");
    assert!(
        !shown.contains(" 40. "),
        "not scrolled to the end:\n{shown}"
    );
    a.update(Action::GameList);
    let list = screen(&a, 100, 32);
    assert!(list.contains(" 1 game "), "{list}");
    assert!(!list.contains("1 games"), "{list}");
}

/// `m` stops the engine's search and plays the answer it sends for the stopped search (its
/// best so far): the answer is not dropped as a stale one.
#[test]
fn move_now_plays_the_best_move_so_far() {
    let mut a = app_with(
        config(RuleSet::Italian),
        Position::start(RuleSet::Italian),
        100,
        32,
    );
    play_by_keys(&mut a, "22-18");
    let (id, game) = pending_search(&mut a);
    press(&mut a, KeyCode::Char('m'));
    let requests = a.take_requests();
    assert!(
        requests
            .iter()
            .any(|r| matches!(r, dama::tui::app::Request::Stop)),
        "{requests:?}"
    );
    assert!(
        a.engine_moving(),
        "still waiting for the stopped search's answer"
    );
    let m = game.legal_moves()[0];
    a.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(m),
        report: report(3, 0, vec![m]),
    }));
    assert_eq!(a.game().moves().len(), 2, "the engine's move was played");
    assert!(!a.engine_moving());
    // Not thinking: m says so and changes nothing.
    press(&mut a, KeyCode::Char('m'));
    assert!(a.message().contains("not thinking"), "{}", a.message());
    assert!(a.take_requests().is_empty());
}

/// QA4 play: in the smallest terminal the board takes (59x11) the game-end dialog lost its
/// last lines: `u`, `Esc` and `q` were not shown. Its keys now go on a few lines there, in
/// both languages; a larger terminal keeps a key a line.
#[test]
fn the_game_end_dialog_shows_every_key_in_a_short_terminal() {
    let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    for (lang, keys) in [
        (
            dama::tui::Lang::En,
            [
                "n again",
                "v review",
                "s save",
                "u take back",
                "Esc look",
                "q quit",
            ],
        ),
        (
            dama::tui::Lang::It,
            [
                "n ancora",
                "v rivedi",
                "s salva",
                "u annulla",
                "Esc guarda",
                "q esci",
            ],
        ),
    ] {
        let mut c = config(RuleSet::Italian);
        c.lang = lang;
        let mut a = app_with(c, pos, 59, 11);
        play_by_keys(&mut a, "22x13");
        assert_eq!(*a.overlay(), dama::tui::app::Overlay::GameEnd);
        let text = screen(&a, 59, 11);
        for k in keys {
            assert!(text.contains(k), "{k:?} missing:\n{text}");
        }
        // Where there is room, a key a line as before.
        a.update(Action::Resize {
            width: 100,
            height: 32,
        });
        let text = screen(&a, 100, 32);
        assert!(
            text.contains("q    quit") || text.contains("q    esci"),
            "{text}"
        );
    }
}

/// README: after a game, "any other key shows the final position": x (a key the board does
/// not use) closed nothing.
#[test]
fn any_other_key_closes_the_game_end_dialog() {
    let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    let mut a = app_with(config(RuleSet::Italian), pos, 100, 32);
    play_by_keys(&mut a, "22x13");
    assert_eq!(*a.overlay(), dama::tui::app::Overlay::GameEnd);
    press(&mut a, KeyCode::Char('x'));
    assert_eq!(*a.overlay(), dama::tui::app::Overlay::None);
    let text = screen(&a, 100, 32);
    assert!(!text.contains("Game over"), "{text}");
    assert!(a.game().outcome().is_some(), "the game stays finished");
}

/// The end of a game opens a dialog with the result as PDN writes it, the reason and the
/// length; `n` plays again with the colours swapped; the result closes the move list.
#[test]
fn the_game_end_dialog_offers_the_next_step() {
    // R-G1: White 22 takes Black's last piece on 18.
    let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    let mut a = app_with(config(RuleSet::Italian), pos, 100, 32);
    play_by_keys(&mut a, "22x13");
    assert!(a.game().outcome().is_some());
    assert_eq!(*a.overlay(), dama::tui::app::Overlay::GameEnd);
    let text = screen(&a, 100, 32);
    for s in [
        "Game over",
        "1-0   You win.",
        "White wins: Black has no pieces left",
        "after 1 move (1 ply)",
        "play again (colours swapped)",
    ] {
        assert!(text.contains(s), "{s:?} missing:\n{text}");
    }
    // Esc shows the final position with the result at the end of the move list.
    press(&mut a, KeyCode::Esc);
    let text = screen(&a, 100, 32);
    assert!(!text.contains("Game over"), "{text}");
    assert!(text.contains("1. 22x13"), "{text}");
    assert!(
        text.lines().any(|l| l.trim_end().ends_with("| 1-0")
            || l.split('|').nth(1).is_some_and(|p| p.trim() == "1-0")),
        "{text}"
    );

    // n plays again from the same start with the colours swapped: the engine (now White)
    // is asked for the first move.
    let mut a = app_with(config(RuleSet::Italian), pos, 100, 32);
    play_by_keys(&mut a, "22x13");
    press(&mut a, KeyCode::Char('n'));
    assert_eq!(a.settings().human, dama::rules::Color::Black);
    assert!(a.flipped());
    assert_eq!(a.game().ply(), 0);
    assert_eq!(*a.overlay(), dama::tui::app::Overlay::None);
    let (_, game) = pending_search(&mut a);
    assert_eq!(game.position().side_to_move(), dama::rules::Color::White);
}

/// Square numbers and the board's a-h/1-8 labels agree: the status line gives both (R-B4:
/// Italian 22 is d3 and 18 is c4; English 11 is f6 and 15 is e5).
#[test]
fn r_b4_moves_are_told_in_numbers_and_coordinates() {
    let mut a = app_with(
        config(RuleSet::Italian),
        Position::start(RuleSet::Italian),
        100,
        32,
    );
    play_by_keys(&mut a, "22-18");
    assert!(
        a.message().contains("You played 22-18 (d3-c4)"),
        "{}",
        a.message()
    );
    let mut c = config(RuleSet::English);
    c.human = dama::rules::Color::White;
    let mut a = app_with(c, Position::start(RuleSet::English), 100, 32);
    let (id, game) = pending_search(&mut a);
    let m = game
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == "11-15")
        .unwrap();
    a.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(m),
        report: report(3, 0, vec![m]),
    }));
    assert!(
        a.message().contains("The engine played 11-15 (f6-e5)"),
        "{}",
        a.message()
    );
}

/// A time control (`--time`): the engine gets a share of its time left, the panel shows the
/// time left, and a flag fall ends the game as a loss for the side whose time ran out.
#[test]
fn a_time_control_ends_the_game_on_a_flag_fall() {
    use dama::engine::Limits;
    use dama::tui::app::Request;
    use dama::tui::clock::TimeControl;
    let mut c = config(RuleSet::Italian);
    c.human = dama::rules::Color::Black;
    c.time_control = Some("1+2".parse::<TimeControl>().unwrap());
    let mut a = app_with(c, Position::start(RuleSet::Italian), 100, 32);
    let limits = a
        .take_requests()
        .into_iter()
        .find_map(|r| match r {
            Request::Search { limits, .. } => Some(limits),
            _ => None,
        })
        .expect("the engine (White) moves first");
    match limits {
        // About 60 s / 20 + 1.5 s, less a margin: between 1 and 5 seconds.
        Limits::MoveTime(t) => assert!(
            t > Duration::from_secs(1) && t < Duration::from_secs(5),
            "{t:?}"
        ),
        other => panic!("a time budget, not {other:?}"),
    }
    let text = screen(&a, 100, 32);
    assert!(text.contains("time control 1+2"), "{text}");
    assert!(
        text.contains("pieces  1:00") || text.contains("pieces  0:59"),
        "{text}"
    );

    // A flag fall: with 30 ms for the game, the engine's side runs out while it thinks.
    let mut c = config(RuleSet::Italian);
    c.human = dama::rules::Color::Black;
    c.time_control = Some(TimeControl {
        base: Duration::from_millis(30),
        increment: Duration::ZERO,
    });
    let mut a = app_with(c, Position::start(RuleSet::Italian), 100, 32);
    std::thread::sleep(Duration::from_millis(60));
    a.update(Action::Tick);
    let o = a.game().outcome().expect("the flag fell");
    assert_eq!(o.winner(), Some(dama::rules::Color::Black));
    assert_eq!(o.to_string(), "Black wins: White ran out of time");
    assert!(
        a.take_requests().iter().any(|r| matches!(r, Request::Stop)),
        "the engine's search is stopped"
    );
}

/// The last capture's landing squares carry their order on the board (R-C2: a chain of
/// jumps), in each square's bottom-right corner.
#[test]
fn r_c2_the_last_capture_is_numbered_in_order() {
    // White 22 (d3) takes 18 (c4) and 10 (c6): 22x13x6.
    let pos = fen::parse(RuleSet::Italian, "W:W22:B18,10,1").unwrap();
    let m = pos_capture(&pos);
    assert_eq!(m.to_string(), "22x13x6");
    let mut a = app_with(config(RuleSet::Italian), pos, 100, 32);
    play_by_keys(&mut a, &m.to_string());
    let area = Rect::new(0, 0, 100, 32);
    let mut buf = Buffer::empty(area);
    view::render(&a, area, &mut buf);
    let screen = dama::tui::layout::Screen::new(area).unwrap();
    for (i, s) in m.path().enumerate() {
        let r = screen.cell(s.row(), s.file(RuleSet::Italian));
        let corner = buf[(r.right() - 1, r.bottom() - 1)].symbol().to_string();
        assert_eq!(corner, (i + 1).to_string(), "landing {i} on {s}");
    }
}

fn pos_capture(pos: &Position) -> Move {
    dama::rules::legal_moves(pos)
        .into_iter()
        .max_by_key(Move::capture_count)
        .unwrap()
}

/// The bell: off by default; `b` turns it on, and then it is due once at the engine's move
/// and once at the end of the game.
#[test]
fn the_bell_rings_at_the_engines_move_when_on() {
    let mut a = app_with(
        config(RuleSet::Italian),
        Position::start(RuleSet::Italian),
        100,
        32,
    );
    play_by_keys(&mut a, "22-18");
    engine_plays_first_move(&mut a, 3, 0);
    assert!(!a.take_bell(), "off by default");
    press(&mut a, KeyCode::Char('b'));
    assert!(a.settings().bell);
    assert!(a.message().contains("Bell on"), "{}", a.message());
    let next = a.game().legal_moves()[0].to_string();
    play_by_keys(&mut a, &next);
    engine_plays_first_move(&mut a, 3, 0);
    assert!(a.take_bell(), "due at the engine's move");
    assert!(!a.take_bell(), "once");
}

/// Playing levels: the engine's search takes the level's limit and variety margin, `+`/`-`
/// step the level, and the panel names it.
#[test]
fn levels_set_the_engines_search_and_step_with_plus_and_minus() {
    use dama::engine::{Limits, Strength};
    use dama::tui::app::Request;
    let mut c = config(RuleSet::Italian);
    c.strength = Strength::Level(3);
    let mut a = app_with(c, Position::start(RuleSet::Italian), 100, 32);
    assert!(screen(&a, 100, 32).contains("Engine level 3 of 14"));
    play_by_keys(&mut a, "22-18");
    let (limits, variety) = a
        .take_requests()
        .into_iter()
        .find_map(|r| match r {
            Request::Search {
                limits, variety, ..
            } => Some((limits, variety)),
            _ => None,
        })
        .unwrap();
    let l3 = Strength::level(3).unwrap();
    match l3.limits() {
        Limits::Nodes(n) => assert_eq!(limits, Limits::Nodes(n)),
        other => panic!("level 3 is a node budget, not {other:?}"),
    }
    assert_eq!(variety, l3.variety());
    press(&mut a, KeyCode::Char('+'));
    assert_eq!(a.settings().strength, Strength::Level(4));
    assert!(a.message().contains("level 4 of 14"), "{}", a.message());
    for _ in 0..9 {
        press(&mut a, KeyCode::Char('+'));
    }
    assert_eq!(a.settings().strength, Strength::Level(13));
    let Limits::Nodes(top) = Strength::level(13).unwrap().limits() else {
        panic!("level 13 is a node budget");
    };
    assert_eq!(a.settings().strength.limits(), Limits::Nodes(top));
    // The top: the engine at full strength, a second a move, and said so.
    press(&mut a, KeyCode::Char('+'));
    assert_eq!(a.settings().strength, Strength::Level(14));
    assert_eq!(
        a.settings().strength.limits(),
        Limits::MoveTime(std::time::Duration::from_secs(1))
    );
    assert!(
        a.message()
            .contains("Engine at full strength, level 14 of 14"),
        "{}",
        a.message()
    );
    // QA4 play: `+` past the top said the same "(from its next move)", as if it changed
    // something; it says the engine is already at its strongest (and `-` at the bottom).
    press(&mut a, KeyCode::Char('+'));
    assert_eq!(a.settings().strength, Strength::Level(14));
    assert_eq!(
        a.message(),
        "The engine is already at its strongest: level 14 of 14 (full strength)"
    );
    for _ in 0..16 {
        press(&mut a, KeyCode::Char('-'));
    }
    assert_eq!(a.settings().strength, Strength::Level(1));
    assert_eq!(
        a.message(),
        "The engine is already at its weakest: level 1 of 14"
    );
}

fn start_app(kept: Option<&str>, autosave: Option<std::path::PathBuf>) -> App {
    let mut c = config(RuleSet::Italian);
    c.autosave = autosave;
    let mut a = App::start_screen(c, kept.map(str::to_string));
    a.update(Action::Resize {
        width: 100,
        height: 32,
    });
    a
}

/// The start screen: the options change with left/right, Enter on "New game" starts a game
/// with them (English, Black, level 3; in English Black moves first, so the player does);
/// q quits.
#[test]
fn the_start_screen_starts_a_game_with_the_chosen_options() {
    let mut a = start_app(None, None);
    assert!(a.start_menu().is_some());
    assert!(a.take_requests().is_empty(), "no search before a game");
    let text = screen(&a, 100, 32);
    assert!(text.contains("New game"), "{text}");
    assert!(
        !text.contains("Resume"),
        "no kept game, no resume line:\n{text}"
    );
    press(&mut a, KeyCode::Down); // Rules
    press(&mut a, KeyCode::Right); // English
    press(&mut a, KeyCode::Down); // Side
    press(&mut a, KeyCode::Right); // Black
    press(&mut a, KeyCode::Down); // Level 6 -> 3
    for _ in 0..3 {
        press(&mut a, KeyCode::Left);
    }
    let text = screen(&a, 100, 32);
    assert!(text.contains("English draughts"), "{text}");
    assert!(text.contains("level 3 of 14"), "{text}");
    for _ in 0..3 {
        press(&mut a, KeyCode::Up);
    }
    press(&mut a, KeyCode::Enter);
    assert!(a.start_menu().is_none());
    assert_eq!(a.settings().rules, RuleSet::English);
    assert_eq!(a.settings().human, dama::rules::Color::Black);
    assert_eq!(a.settings().strength, dama::engine::Strength::Level(3));
    assert_eq!(a.game().position().rules(), RuleSet::English);
    // R-B5: in English Black moves first, so it is the player's turn and no search is asked.
    assert!(
        a.take_requests()
            .iter()
            .all(|r| !matches!(r, dama::tui::app::Request::Search { .. }))
    );
    assert!(screen(&a, 100, 32).contains("Engine level 3 of 14"));

    let mut a = start_app(None, None);
    press(&mut a, KeyCode::Char('q'));
    assert!(a.should_quit());
}

/// Resume continues the kept game (named on the screen); Load and Replay ask for a file
/// and say why one cannot be opened, staying on the screen.
#[test]
fn the_start_screen_resumes_loads_and_replays() {
    let dir = std::env::temp_dir().join(format!("dama-start-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kept = dir.join("autosave.pdn");
    let mut g = Game::new(Position::start(RuleSet::Italian));
    for m in ["22-18", "10-14"] {
        let mv = g
            .legal_moves()
            .into_iter()
            .find(|x| x.to_string() == m)
            .unwrap();
        g.play(&mv).unwrap();
    }
    dama::tui::keep::write_game(&g, dama::rules::Color::White, "dama (level 4)", &kept).unwrap();
    let mut a = start_app(Some("You v dama, 1 move"), Some(kept.clone()));
    let text = screen(&a, 100, 32);
    assert!(
        text.contains("Resume the kept game: You v dama, 1 move"),
        "{text}"
    );
    tui_common::menu_to(&mut a, dama::tui::app::StartItem::Resume);
    press(&mut a, KeyCode::Enter);
    assert!(a.start_menu().is_none(), "{}", a.message());
    assert_eq!(a.game().ply(), 2);
    assert_eq!(a.settings().strength, dama::engine::Strength::Level(4));
    assert!(a.message().starts_with("Resuming"), "{}", a.message());

    // Load: a missing file is an error on the screen.
    let mut a = start_app(None, None);
    tui_common::menu_to(&mut a, dama::tui::app::StartItem::Load);
    press(&mut a, KeyCode::Enter);
    for c in dir.join("none.pdn").display().to_string().chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    let menu = a.start_menu().expect("still on the start screen");
    assert!(
        menu.error
            .as_deref()
            .is_some_and(|e| e.contains("none.pdn")),
        "{:?}",
        menu.error
    );
    // Replay: the kept file opens in the viewer.
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Enter);
    for c in kept.display().to_string().chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    assert!(a.start_menu().is_none());
    assert!(a.replay_viewer().is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Review in the viewer: `v` has the engine search every position in turn (a progress line
/// while it runs), the move that threw away a man is marked `??`, the graph shows, and `x`
/// shows the position before it with the engine's better move marked.
#[test]
fn a_review_marks_the_mistakes_and_jumps_to_them() {
    let text = "[GameType \"22,W,8,8,N2,1\"]\n1. 22-18 12-16 2. 23-19 10-14 3. 19x10 *\n";
    let mut a = viewer_of(text, "g.pdn");
    press(&mut a, KeyCode::Char('v'));
    assert!(a.review().is_some());
    let shown = screen(&a, 100, 32);
    assert!(shown.contains("Review 0/6 ["), "{shown}");
    // Level until White's 23-19 (ply 2): from then on White is a man down (-100 for White).
    let answered = answer_review(&mut a, |ply| match ply {
        0..=2 => 0,
        // Ply 3 is Black to move: +100 for Black.
        p if p % 2 == 1 => 100,
        _ => -100,
    });
    assert_eq!(answered, 6);
    assert!(a.review().unwrap().done());
    assert_eq!(a.mistakes(), vec![2]);
    let shown = screen(&a, 100, 32);
    assert!(shown.contains("23-19?"), "{shown}");
    assert!(shown.contains("Review: 1 mistake  x next"), "{shown}");
    // The graph (ASCII look): level for three positions, then White a man down.
    assert!(shown.contains("===---"), "the graph: {shown}");
    press(&mut a, KeyCode::Char('x'));
    assert_eq!(a.replay_viewer().unwrap().replay().unwrap().ply(), 2);
    let better = a.hint().expect("the better move is marked");
    assert_ne!(better.to_string(), "23-19");
    assert!(a.message().contains("better"), "{}", a.message());
}

/// `r` in the game-end dialog opens the finished game in the viewer and reviews it.
#[test]
fn the_game_end_dialog_reviews_the_game() {
    let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    let mut a = app_with(config(RuleSet::Italian), pos, 100, 32);
    play_by_keys(&mut a, "22x13");
    press(&mut a, KeyCode::Char('r'));
    assert!(a.replay_viewer().is_some());
    assert!(a.review().is_some());
    // The one position before the end is searched; the end needs no search.
    assert_eq!(answer_review(&mut a, |_| 100), 1);
    assert!(a.review().unwrap().done());
    assert!(screen(&a, 100, 32).contains("Review: no mistakes"));
}

/// The pieces each side has taken show in the panel once there are any (R-C2: a capture
/// removes the jumped pieces).
#[test]
fn r_c2_the_panel_counts_the_pieces_taken() {
    let pos = fen::parse(RuleSet::Italian, "W:W22,30:B18,10,1").unwrap();
    let mut a = app_with(config(RuleSet::Italian), pos, 100, 32);
    assert!(!screen(&a, 100, 32).contains("has taken"));
    play_by_keys(&mut a, "22x13x6");
    let text = screen(&a, 100, 32);
    assert!(text.contains("White has taken 2, Black 0"), "{text}");
}

/// Defect 4 of the play screen: picking a man when the ladder (R-C5 step 2) makes the king
/// capture gives the ladder's reason, not a bare "You must capture".
#[test]
fn r_c5_picking_the_man_when_the_king_must_capture_says_why() {
    // The man on 22 (d3) can take 18 (c4), the king on 24 (h3) can take 20 (g4).
    let pos = fen::parse(RuleSet::Italian, "W:W22,K24:B18,20,1").unwrap();
    let mut a = app_with(config(RuleSet::Italian), pos, 100, 32);
    play_by_keys_to(&mut a, 22);
    assert_eq!(a.selected(), None);
    assert!(
        a.message()
            .contains("the ladder requires the capture with the king"),
        "{}",
        a.message()
    );
}

/// QA 3: on a short terminal the start screen scrolls its menu so that the chosen row is
/// always in sight and marked (Up from "New game" reaches Quit, shown), the keys stay on the
/// screen, and an option's row keeps its indent when its text is wrapped.
#[test]
fn the_start_screen_scrolls_to_the_chosen_row_on_a_short_terminal() {
    use dama::tui::app::StartItem;
    let kept = "You (White) v dama (level 1), 2026.12.06 22:42, 2 moves, last 8x15 \
                (and 1 more unfinished: Load lists them)";
    let mut a = start_app(Some(kept), None);
    let (w, h) = (60u16, 20u16);
    a.update(Action::Resize {
        width: w,
        height: h,
    });
    let label = |item: StartItem| match item {
        StartItem::NewGame => "New game",
        StartItem::Rules => "  Rules",
        StartItem::Side => "  You play",
        StartItem::Level => "  Engine",
        StartItem::Clock => "  Clock",
        StartItem::Book => "  Book",
        StartItem::Opening => "  Opening",
        StartItem::Resume => "Resume the kept game",
        StartItem::Editor => "Set up a position",
        StartItem::Load => "Load a saved game",
        StartItem::Replay => "Replay a game file",
        StartItem::Analysis => "Analysis board",
        StartItem::Training => "Training",
        StartItem::Quit => "Quit",
        other => panic!("{other:?} is not on this menu"),
    };
    // The row (inside the box) that starts with `text`, and whether it is marked.
    let row_of = |a: &App, text: &str| -> Option<bool> {
        let area = ratatui::layout::Rect::new(0, 0, w, h);
        let mut buf = ratatui::buffer::Buffer::empty(area);
        view::render(a, area, &mut buf);
        (0..h).find_map(|y| {
            let x0 = (0..w).find(|&x| matches!(buf[(x, y)].symbol(), "│" | "|"))? + 2;
            let line: String = (x0..w).map(|x| buf[(x, y)].symbol()).collect();
            line.starts_with(text).then(|| {
                let cell = &buf[(x0 + text.len() as u16 - 1, y)];
                cell.modifier.contains(ratatui::style::Modifier::REVERSED)
            })
        })
    };
    let items = a.start_menu().unwrap().items();
    assert_eq!(a.start_menu().unwrap().current(), StartItem::NewGame);
    // Up from the first row goes round to Quit, which is then shown and marked.
    a.update(Action::Up);
    assert_eq!(a.start_menu().unwrap().current(), StartItem::Quit);
    assert_eq!(row_of(&a, "Quit"), Some(true), "{}", screen(&a, w, h));
    assert!(screen(&a, w, h).contains("q quits"), "{}", screen(&a, w, h));
    // Every row, one after another, is in sight and marked when chosen.
    for _ in 0..items.len() {
        a.update(Action::Down);
        let item = a.start_menu().unwrap().current();
        assert_eq!(
            row_of(&a, label(item)),
            Some(true),
            "{item:?}:\n{}",
            screen(&a, w, h)
        );
    }
    // The Book row, wrapped, keeps the indent of the options above it (this screen is drawn
    // in ASCII).
    tui_common::menu_to(&mut a, StartItem::Book);
    assert!(
        screen(&a, w, h).contains("|   Book     < the engine"),
        "{}",
        screen(&a, w, h)
    );
    // Its closing arrow goes down with the last word, not on a line of its own.
    assert!(
        screen(&a, w, h).contains("|     book >"),
        "{}",
        screen(&a, w, h)
    );
}

/// QA practice: `x` names a mistake by its move number as the move list numbers it. A record
/// from a position with Black to move starts at `1...`, so White's mistake at ply 1 is move 2
/// (it used to be called move 1, ply / 2 + 1, whoever moved first).
#[test]
fn the_mistake_is_named_by_the_move_lists_number_in_a_game_from_a_position() {
    let text = "[GameType \"22\"]\n[FEN \"B:W18,21,23,24,25,26,27,28,29,30,31,32:\
                B1,2,3,4,5,6,7,8,9,10,11,12\"]\n1... 12-16 2. 23-19 10-14 *\n";
    let mut a = viewer_of(text, "g.pdn");
    press(&mut a, KeyCode::Char('v'));
    // Level until White's 23-19 (ply 1), then White a man down.
    answer_review(&mut a, |ply| match ply {
        0 | 1 => 0,
        p if p % 2 == 0 => 100,
        _ => -100,
    });
    assert_eq!(a.mistakes(), vec![1]);
    assert!(screen(&a, 100, 32).contains("2. 23-19?"));
    press(&mut a, KeyCode::Char('x'));
    assert!(a.message().starts_with("Move 2: 23-19?"), "{}", a.message());
}

/// QA practice: choosing another game of the file from the list (Tab, Enter) drops the review
/// of the game shown before, as `[` and `]` do. It stayed: `x` jumped by the other game's
/// marks, and a review of "You"'s game ending meanwhile kept this game's moves against the
/// other's positions for the training.
#[test]
fn another_game_chosen_from_the_list_drops_the_review() {
    let text = "[GameType \"22\"]\n1. 22-18 12-16 2. 23-19 10-14 3. 19x10 *\n\n\
                [GameType \"22\"]\n1. 21-17 10-14 2. 17x10 5x14 *\n";
    let mut a = viewer_of(text, "g.pdn");
    press(&mut a, KeyCode::Char('v'));
    answer_review(&mut a, |ply| match ply {
        0..=2 => 0,
        p if p % 2 == 1 => 100,
        _ => -100,
    });
    assert_eq!(a.mistakes(), vec![2]);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.replay_viewer().unwrap().index(), 1);
    assert!(a.review().is_none());
    assert!(a.mistakes().is_empty());
    press(&mut a, KeyCode::Char('x'));
    assert_eq!(a.replay_viewer().unwrap().replay().unwrap().ply(), 0);
    assert_eq!(a.hint(), None);
}
