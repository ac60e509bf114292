//! Key sequences through the public input handler (`input::map` -> `App::update`), with the
//! engine's answers fed in as the worker would send them.

mod tui_common;

use tui_common::{find_move, pending_search, press};

use dama::notation::fen;
use dama::rules::{Color, Game, Move, Position, RuleSet, Square, legal_moves};
use dama::tui::app::{EngineMsg, Overlay, Purpose, Report, Request};
use dama::tui::input::{self, Action};
use dama::tui::{App, GameSettings};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

fn config(rules: RuleSet) -> GameSettings {
    // No autosave and no save folder in the user's home during tests.
    let mut c = GameSettings::new(rules);
    c.save_dir = std::env::temp_dir();
    c.autosave = None;
    c
}

fn new_app(rules: RuleSet, human: Color, pos: Position) -> App {
    let mut c = config(rules);
    c.human = human;
    let mut app = App::new(c, Game::new(pos));
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    app
}

fn type_keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            '\x1b' => KeyCode::Esc,
            c => KeyCode::Char(c),
        };
        press(app, code);
    }
}

fn sq(n: u32) -> Square {
    Square::from_number(n).unwrap()
}

/// Walks the cursor to square `n` with hjkl (as the player would, through a flipped board
/// too) and presses Enter.
fn choose(app: &mut App, n: u32) {
    let rules = app.settings().rules;
    let s = sq(n);
    let (row, file) = (s.row(), s.file(rules));
    for _ in 0..16 {
        let (r, f) = app.cursor();
        let flip = app.flipped();
        let key = if r < row {
            if flip { 'k' } else { 'j' }
        } else if r > row {
            if flip { 'j' } else { 'k' }
        } else if f < file {
            if flip { 'h' } else { 'l' }
        } else if f > file {
            if flip { 'l' } else { 'h' }
        } else {
            break;
        };
        type_keys(app, &key.to_string());
    }
    assert_eq!(app.cursor(), (row, file), "cursor reached {n}");
    type_keys(app, "\n");
}

/// Answers the pending search with `text` as the engine's best move.
fn engine_answers(app: &mut App, text: &str, score: i32) {
    let (id, game) = pending_search(app);
    let m = find_move(game.position(), text);
    app.update(Action::Engine(EngineMsg::Info {
        id,
        report: Report {
            depth: 1,
            score,
            nodes: 10,
            nps: 100,
            pv: vec![m],
            tables: false,
        },
    }));
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(m),
        report: Report {
            depth: 2,
            score,
            nodes: 42,
            nps: 1000,
            pv: vec![m],
            tables: false,
        },
    }));
}

fn history(app: &App) -> Vec<String> {
    app.game().moves().iter().map(Move::to_string).collect()
}

#[test]
fn an_opening_played_with_keys_against_scripted_replies() {
    let mut app = new_app(
        RuleSet::Italian,
        Color::White,
        Position::start(RuleSet::Italian),
    );
    assert!(
        app.take_requests().is_empty(),
        "White moves first: the engine waits"
    );
    // 1. 23-19 10-14  2. 19x10 5x14  3. 22-18
    choose(&mut app, 23);
    assert_eq!(app.selected(), Some(sq(23)));
    assert_eq!(app.targets(), vec![sq(19), sq(20)]);
    choose(&mut app, 19);
    assert_eq!(history(&app), ["23-19"]);
    assert!(app.engine_moving());
    engine_answers(&mut app, "10-14", 0);
    assert_eq!(history(&app), ["23-19", "10-14"]);
    assert!(!app.engine_moving());
    // R-C1: White must capture; a quiet move is refused with the reason.
    choose(&mut app, 21);
    assert!(
        app.message().starts_with("You must capture"),
        "{}",
        app.message()
    );
    assert_eq!(app.selected(), None);
    choose(&mut app, 19);
    choose(&mut app, 22);
    assert!(
        app.message().starts_with("You must capture"),
        "{}",
        app.message()
    );
    assert_eq!(
        app.selected(),
        Some(sq(19)),
        "the capturing piece stays in hand"
    );
    choose(&mut app, 10);
    assert_eq!(history(&app), ["23-19", "10-14", "19x10"]);
    engine_answers(&mut app, "5x14", 0);
    choose(&mut app, 22);
    choose(&mut app, 18);
    assert_eq!(app.game().ply(), 5);
    assert_eq!(app.side_to_move(), Color::Black);
    assert!(app.engine_moving());
}

#[test]
fn engine_moves_first_when_the_player_takes_black() {
    let mut app = new_app(
        RuleSet::Italian,
        Color::Black,
        Position::start(RuleSet::Italian),
    );
    assert!(app.flipped(), "Black sits at the bottom");
    engine_answers(&mut app, "23-19", 0);
    choose(&mut app, 10);
    choose(&mut app, 14);
    assert_eq!(history(&app), ["23-19", "10-14"]);
}

#[test]
fn multi_capture_chosen_by_landing_squares() {
    // R-C2/R-C5: the man on 22 (d3) takes two men either way round to 6 (d7): over 18 and 10
    // by 13, or over 19 and 11 by 15. Both chains are legal (a tie on the ladder).
    let pos = fen::parse(RuleSet::Italian, "W:W22,32:B18,19,10,11,4").unwrap();
    let mut app = new_app(RuleSet::Italian, Color::White, pos);
    choose(&mut app, 22);
    assert_eq!(app.targets(), vec![sq(6)]);
    choose(&mut app, 6);
    assert!(app.message().contains("end on 6"), "{}", app.message());
    assert_eq!(app.game().ply(), 0);
    assert_eq!(app.targets(), vec![sq(13), sq(15)]);
    choose(&mut app, 15);
    assert_eq!(history(&app), ["22x15x6"]);
    let m = app.game().moves()[0];
    assert!(m.captured().contains(sq(19)) && m.captured().contains(sq(11)));

    // The first landing square alone also decides it.
    let pos = fen::parse(RuleSet::Italian, "W:W22,32:B18,19,10,11,4").unwrap();
    let mut app = new_app(RuleSet::Italian, Color::White, pos);
    choose(&mut app, 22);
    choose(&mut app, 13);
    assert_eq!(history(&app), ["22x13x6"]);
}

#[test]
fn refused_attempts_say_why() {
    // R-M3: a man cannot capture a king.
    let pos = fen::parse(RuleSet::Italian, "W:W22,32:BK18,1").unwrap();
    let mut app = new_app(RuleSet::Italian, Color::White, pos);
    choose(&mut app, 22);
    choose(&mut app, 13);
    assert_eq!(app.message(), "A man cannot capture a king");
    assert_eq!(app.game().ply(), 0);
    // R-C5: the ladder requires the capture with the king.
    let pos = fen::parse(RuleSet::Italian, "W:W22,K24:B18,20,1").unwrap();
    let mut app = new_app(RuleSet::Italian, Color::White, pos);
    choose(&mut app, 22);
    assert!(
        app.message()
            .contains("the ladder requires the capture with the king"),
        "{}",
        app.message()
    );
    // In English draughts a man takes a king (R-M3 EN), so the same try is legal there.
    let pos = fen::parse(RuleSet::English, "W:W22,32:BK18,1").unwrap();
    let mut app = new_app(RuleSet::English, Color::White, pos);
    let legal: Vec<String> = legal_moves(app.game().position())
        .iter()
        .map(Move::to_string)
        .collect();
    assert!(legal.iter().any(|m| m.starts_with("22x")), "{legal:?}");
    let target = legal[0].split('x').nth(1).unwrap().parse().unwrap();
    choose(&mut app, 22);
    choose(&mut app, target);
    assert_eq!(app.game().ply(), 1);
}

#[test]
fn undo_while_the_engine_thinks_is_instant_and_drops_its_answer() {
    let mut app = new_app(
        RuleSet::Italian,
        Color::White,
        Position::start(RuleSet::Italian),
    );
    choose(&mut app, 22);
    choose(&mut app, 18);
    let (id, game) = pending_search(&mut app);
    assert!(app.engine_moving());
    type_keys(&mut app, "u");
    assert_eq!(
        app.game().ply(),
        0,
        "the player's move is taken back at once"
    );
    assert!(!app.engine_moving());
    assert!(
        app.take_requests()
            .iter()
            .any(|r| matches!(r, Request::Stop)),
        "the search is stopped"
    );
    // The stopped search still answers; the answer belongs to a game that no longer exists.
    let m = find_move(game.position(), "10-14");
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(m),
        report: Report::default(),
    }));
    assert_eq!(app.game().ply(), 0);
    // Redo brings the move back and the engine thinks again (a new search).
    type_keys(&mut app, "r");
    assert_eq!(history(&app), ["22-18"]);
    let (id2, _) = pending_search(&mut app);
    assert!(id2 > id);
}

#[test]
fn take_back_a_full_move_and_redo() {
    let mut app = new_app(
        RuleSet::Italian,
        Color::White,
        Position::start(RuleSet::Italian),
    );
    choose(&mut app, 22);
    choose(&mut app, 18);
    engine_answers(&mut app, "12-16", 0);
    type_keys(&mut app, "u");
    assert_eq!(app.game().ply(), 0, "yours and the engine's reply");
    type_keys(&mut app, "r");
    assert_eq!(history(&app), ["22-18", "12-16"]);
    assert!(!app.engine_moving(), "the reply was redone too");
}

#[test]
fn hint_draw_offer_resign() {
    let mut app = new_app(
        RuleSet::Italian,
        Color::White,
        Position::start(RuleSet::Italian),
    );
    type_keys(&mut app, "t");
    assert_eq!(app.thinking().map(|t| t.0), Some(Purpose::Hint));
    engine_answers(&mut app, "23-19", 0);
    assert_eq!(app.hint().map(|m| m.to_string()).as_deref(), Some("23-19"));
    assert_eq!(app.game().ply(), 0, "a hint plays nothing");
    // R-G5: the score is the player's view; +30 for White is -30 for the engine: accepted.
    type_keys(&mut app, "d");
    engine_answers(&mut app, "23-19", 30);
    assert!(
        app.message().starts_with("The engine accepts"),
        "{}",
        app.message()
    );
    assert!(app.game().outcome().is_some());
    type_keys(&mut app, "u");
    assert_eq!(app.message(), "Nothing to take back");
    assert!(
        app.game().outcome().is_some(),
        "no move was played: the agreement stands"
    );
    let mut app = new_app(
        RuleSet::Italian,
        Color::White,
        Position::start(RuleSet::Italian),
    );
    type_keys(&mut app, "d");
    engine_answers(&mut app, "23-19", -30);
    assert!(
        app.message().starts_with("The engine declines"),
        "{}",
        app.message()
    );
    assert!(app.game().outcome().is_none());
    // R-G4: resigning asks first.
    type_keys(&mut app, "R");
    assert!(matches!(app.overlay(), Overlay::Confirm(_)));
    type_keys(&mut app, "y");
    assert_eq!(
        app.game().outcome().and_then(|o| o.winner()),
        Some(Color::Black)
    );
}

#[test]
fn quitting_asks_during_a_game_and_ctrl_c_does_not() {
    let mut app = new_app(
        RuleSet::Italian,
        Color::White,
        Position::start(RuleSet::Italian),
    );
    type_keys(&mut app, "q");
    assert!(app.should_quit(), "no game in progress: quit at once");
    let mut app = new_app(
        RuleSet::Italian,
        Color::White,
        Position::start(RuleSet::Italian),
    );
    choose(&mut app, 22);
    choose(&mut app, 18);
    type_keys(&mut app, "q");
    assert!(!app.should_quit());
    type_keys(&mut app, "n");
    assert!(!app.should_quit());
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    app.update(input::map(&ctrl_c, app.context()).unwrap());
    assert!(app.should_quit());
}

#[test]
fn mouse_clicks_pick_and_put() {
    let mut app = new_app(
        RuleSet::Italian,
        Color::White,
        Position::start(RuleSet::Italian),
    );
    let screen = dama::tui::layout::Screen::new(ratatui::layout::Rect::new(0, 0, 100, 32)).unwrap();
    let click = |app: &mut App, n: u32| {
        let s = sq(n);
        let r = screen.cell(s.row(), s.file(RuleSet::Italian));
        app.update(Action::Click {
            x: r.x + 1,
            y: r.y + 1,
        });
    };
    click(&mut app, 23);
    click(&mut app, 19);
    assert_eq!(history(&app), ["23-19"]);
}

#[test]
fn touch_move_keeps_the_piece() {
    // R-G6: once a piece that can move is picked, it must move.
    let mut c = config(RuleSet::Italian);
    c.touch_move = true;
    let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    choose(&mut app, 22);
    type_keys(&mut app, "\x1b");
    assert_eq!(app.selected(), Some(sq(22)));
    choose(&mut app, 23);
    assert_eq!(app.selected(), Some(sq(22)));
    choose(&mut app, 19);
    assert_eq!(history(&app), ["22-19"]);
}

#[test]
fn the_end_of_the_game_is_shown_with_its_reason() {
    // R-G2: kings shuffle until the start position occurs for the third time.
    let pos = fen::parse(RuleSet::Italian, "W:WK29:BK4").unwrap();
    let mut app = new_app(RuleSet::Italian, Color::White, pos);
    for _ in 0..2 {
        choose(&mut app, 29);
        choose(&mut app, 25);
        engine_answers(&mut app, "4-8", 0);
        choose(&mut app, 25);
        choose(&mut app, 29);
        engine_answers(&mut app, "8-4", 0);
    }
    assert!(
        app.message()
            .starts_with("Draw: the same position occurred three times"),
        "{}",
        app.message()
    );
    assert!(app.take_requests().is_empty(), "no search after the end");
    choose(&mut app, 29);
    assert!(
        app.message().starts_with("The game is over"),
        "{}",
        app.message()
    );
    // Taking back reopens the game.
    type_keys(&mut app, "u");
    assert!(app.game().outcome().is_none());

    // R-G1: taking the last piece wins.
    let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    let mut app = new_app(RuleSet::Italian, Color::White, pos);
    choose(&mut app, 22);
    choose(&mut app, 13);
    assert!(
        app.message()
            .starts_with("White wins: Black has no pieces left (you win)"),
        "{}",
        app.message()
    );
}

#[test]
fn new_game_asks_during_a_game_and_starts_over() {
    let mut app = new_app(
        RuleSet::Italian,
        Color::White,
        Position::start(RuleSet::Italian),
    );
    choose(&mut app, 22);
    choose(&mut app, 18);
    type_keys(&mut app, "N");
    assert!(matches!(app.overlay(), Overlay::Confirm(_)));
    type_keys(&mut app, "y");
    assert_eq!(app.game().ply(), 0);
    assert!(!app.engine_moving());
    assert!(
        app.take_requests()
            .iter()
            .any(|r| matches!(r, Request::NewGame))
    );
}

#[test]
fn depth_changes_apply_to_the_next_search() {
    let mut app = new_app(
        RuleSet::Italian,
        Color::White,
        Position::start(RuleSet::Italian),
    );
    let dama::engine::Strength::Depth(d) = app.settings().strength else {
        panic!("a depth by default");
    };
    type_keys(&mut app, "++-+");
    assert_eq!(
        app.settings().strength,
        dama::engine::Strength::Depth(d + 2)
    );
    choose(&mut app, 22);
    choose(&mut app, 18);
    let limits = app.take_requests().into_iter().find_map(|r| match r {
        Request::Search { limits, .. } => Some(limits),
        _ => None,
    });
    assert_eq!(limits, Some(dama::engine::Limits::Depth(d + 2)));
}

#[test]
fn the_panel_keeps_the_longest_line_for_the_chosen_move() {
    let mut app = new_app(
        RuleSet::Italian,
        Color::Black,
        Position::start(RuleSet::Italian),
    );
    let (id, game) = pending_search(&mut app);
    let m1 = find_move(game.position(), "23-19");
    let m2 = find_move(&game.position().after(&m1), "10-14");
    let report = |pv: Vec<Move>| Report {
        depth: 5,
        score: 3,
        nodes: 99,
        nps: 9,
        pv,
        tables: false,
    };
    app.update(Action::Engine(EngineMsg::Info {
        id,
        report: report(vec![m1, m2]),
    }));
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(m1),
        report: report(vec![m1]),
    }));
    assert_eq!(app.last_search().unwrap().report.pv, vec![m1, m2]);
    assert_eq!(app.last_search().unwrap().white_score(), 3);
}

/// When the engine opens the game (English as White, Italian as Black), the cursor starts on
/// one of the player's own pieces, at its front, not on the engine's.
#[test]
fn the_cursor_starts_on_the_players_own_piece() {
    let cases = [
        (RuleSet::English, Color::White, 21),
        (RuleSet::Italian, Color::Black, 12),
        (RuleSet::Italian, Color::White, 21),
    ];
    for (rules, human, want) in cases {
        let app = new_app(rules, human, Position::start(rules));
        let s = sq(want);
        assert_eq!(
            app.cursor(),
            (s.row(), s.file(rules)),
            "{rules:?} playing {human:?}"
        );
    }
}

/// What the command line says at the start (the game `--resume` continues, the ballot) is not
/// wiped out by the engine's first move before the player did anything: the move's line comes
/// after it. Once the player acts, messages replace each other as before.
#[test]
fn the_note_of_the_start_stays_when_the_engine_moves_first() {
    // The player has Black: the engine (White) moves first.
    let mut app = new_app(
        RuleSet::Italian,
        Color::Black,
        Position::start(RuleSet::Italian),
    );
    app.note("Resumed: a kept game");
    tui_common::answer_search(&mut app, "21-18", Report::default());
    let msg = app.message().to_string();
    assert!(msg.starts_with("Resumed: a kept game. "), "{msg}");
    assert!(
        msg.contains("21-18"),
        "the engine's move is said too: {msg}"
    );
    // The player acts (a key); what comes next replaces the line.
    press(&mut app, KeyCode::Char('t'));
    assert!(!app.message().contains("Resumed"), "{}", app.message());
}

/// QA 9: once the game is over the panel no longer shows the engine's last search ("wins in
/// 1 ply", a line made of the move just played): it was about the position before the end.
#[test]
fn a_finished_game_shows_no_stale_engine_figures() {
    let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    let mut c = GameSettings::new(RuleSet::Italian);
    c.human = Color::Black;
    c.autosave = None;
    let mut app = App::new(c, Game::new(pos));
    engine_answers(&mut app, "22x13", 30_000);
    assert!(app.game().outcome().is_some());
    press(&mut app, KeyCode::Esc); // the dialog away: the panel as it stays
    let text = tui_common::screen(&app, 100, 32);
    assert!(text.contains("White wins"), "{text}");
    for stale in ["Eval:", "Engine d2:", "Line:"] {
        assert!(!text.contains(stale), "{stale}:\n{text}");
    }
}
