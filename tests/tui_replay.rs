//! The full-screen replay viewer: stepping with keys, switching games, comments and tags on
//! screen, and starting a game from a replayed position.

mod tui_common;

use tui_common::press;

use dama::notation::pdn::read_games;
use dama::rules::{Color, RuleSet};
use dama::tui::input::{Action, Context};
use dama::tui::view;
use dama::tui::viewer::Viewer;
use dama::tui::{App, GameSettings, Look};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

const FILE: &str = r#"[Event "Club night"]
[White "Rossi"]
[Black "Bianchi"]
[Result "1-0"]
[GameType "22,W,8,8,N2,1"]
{A quiet opening.} 1. 23-19 {the centre} 10-14 2. 19x10 5x14 3. 22-18 1-0

[Event "Second"]
[White "A"]
[Black "B"]
[Result "*"]
[GameType "22,W,8,8,N2,1"]
1. 21-17 12-16 *

[Event "Broken"]
[GameType "22,W,8,8,N2,1"]
1. 22-18 10-14 2. 18-22 *
"#;

fn viewer_app(look: Look) -> App {
    let games = read_games(FILE, RuleSet::Italian);
    let mut c = GameSettings::new(RuleSet::Italian);
    c.look = look;
    c.autosave = None;
    let mut app = App::viewer(c, Viewer::new("club.pdn".into(), games, 0));
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    app
}

fn screen_text(app: &App) -> String {
    let area = Rect::new(0, 0, 100, 32);
    let mut buf = Buffer::empty(area);
    view::render(app, area, &mut buf);
    let mut out = String::new();
    for y in 0..area.height {
        for x in 0..area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

#[test]
fn step_jump_and_switch_games() {
    let mut app = viewer_app(Look::Ascii);
    assert_eq!(app.context(), Context::Replay);
    let v = |app: &App| app.replay_viewer().unwrap().replay().unwrap().ply();
    assert_eq!(v(&app), 0);
    assert!(screen_text(&app).contains("{A quiet opening.}"));
    press(&mut app, KeyCode::Right);
    assert_eq!(v(&app), 1);
    assert_eq!(app.game().ply(), 1, "the board follows the replay");
    assert!(screen_text(&app).contains("{the centre}"));
    press(&mut app, KeyCode::End);
    assert_eq!(v(&app), 5);
    let text = screen_text(&app);
    assert!(text.contains("White: Rossi") && text.contains("Black: Bianchi"));
    assert!(text.contains("ply 5/5"), "{text}");
    press(&mut app, KeyCode::Right);
    assert_eq!(v(&app), 5, "no step past the end");
    press(&mut app, KeyCode::Left);
    assert_eq!(v(&app), 4);
    press(&mut app, KeyCode::Home);
    assert_eq!(v(&app), 0);
    assert_eq!(app.game().ply(), 0);
    press(&mut app, KeyCode::Char(']'));
    assert_eq!(app.replay_viewer().unwrap().index(), 1);
    assert!(screen_text(&app).contains("Game 2 of 3"));
    press(&mut app, KeyCode::Char(']'));
    let text = screen_text(&app);
    assert!(text.contains("could not be read"), "{text}");
    assert!(text.contains("line 17"), "{text}");
    press(&mut app, KeyCode::Char(']'));
    assert_eq!(
        app.replay_viewer().unwrap().index(),
        2,
        "no game after the last"
    );
    press(&mut app, KeyCode::Char('['));
    press(&mut app, KeyCode::Char('['));
    assert_eq!(app.replay_viewer().unwrap().index(), 0);
    // Tab lists the games; choosing one opens it.
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.context(), Context::List);
    let text = screen_text(&app);
    assert!(text.contains("1. Rossi - Bianchi  1-0"), "{text}");
    assert!(text.contains("3. (cannot be read: line 17"), "{text}");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.replay_viewer().unwrap().index(), 1);
    assert_eq!(app.context(), Context::Replay);
    press(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
}

#[test]
fn play_on_from_a_replayed_position() {
    let mut app = viewer_app(Look::Colour);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    // After 1. 23-19 10-14 2. 19x10 it is Black's turn: the player takes Black.
    press(&mut app, KeyCode::Char('p'));
    assert!(app.replay_viewer().is_none());
    assert_eq!(app.context(), Context::Board);
    assert_eq!(app.settings().human, Color::Black);
    assert!(app.flipped());
    assert_eq!(app.game().ply(), 3);
    assert!(app.message().contains("you are Black"), "{}", app.message());
    assert!(app.take_requests().is_empty(), "the player moves first");
}

#[test]
fn viewer_snapshot_ascii() {
    let mut app = viewer_app(Look::Ascii);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    let got = screen_text(&app)
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tui/replay_ascii_100x32.txt");
    if std::env::var_os("DAMA_UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert_eq!(got, want);
}

#[test]
fn the_record_decides_the_board_geometry() {
    // An English game (GameType 21) opened while the default rule set is Italian: the board
    // is drawn with English geometry (square 29 = a1 is dark).
    let text = "[GameType \"21,B,8,8,N1,0\"]\n1. 9-13 22-18 *\n";
    let games = read_games(text, RuleSet::Italian);
    let mut c = GameSettings::new(RuleSet::Italian);
    c.look = Look::Ascii;
    c.autosave = None;
    let mut app = App::viewer(c, Viewer::new("en.pdn".into(), games, 0));
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    assert_eq!(app.settings().rules, RuleSet::English);
    let screen = screen_text(&app);
    let rank1 = screen.lines().find(|l| l.starts_with("1 ")).unwrap();
    assert!(rank1.starts_with("1 ...w.."), "{rank1}");
}

/// The annotator's marks stay with their moves in the viewer's list: `?` as written, `$4`
/// as `??`; NAGs with no short form are left out.
#[test]
fn move_marks_show_in_the_list() {
    let text = "[GameType \"22,W,8,8,N2,1\"]\n1. 22-18? 11-14 $4 2. 18x11! $14 6x15 *\n";
    let games = read_games(text, RuleSet::Italian);
    let mut c = GameSettings::new(RuleSet::Italian);
    c.look = Look::Ascii;
    c.autosave = None;
    let mut app = App::viewer(c, Viewer::new("marks.pdn".into(), games, 0));
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    let screen = screen_text(&app);
    assert!(screen.contains("1. 22-18?     11-14??"), "{screen}");
    assert!(screen.contains("2. 18x11!     6x15"), "{screen}");
}

/// A move's variations show under its comments, as PDN, the cut marked when one is too long
/// for two rows; a move without them shows none.
#[test]
fn variations_show_under_their_move() {
    let long = "a long note ".repeat(20);
    let text = format!(
        "[GameType \"22,W,8,8,N2,1\"]\n1. 22-19 {{a comment}} (1. 21-18 {{side}} 10-14 \
         (1... 11-15)) (1. 24-20 {{{long}}}) 1... 11-14 2. 19-15 12x19 *\n"
    );
    let games = read_games(&text, RuleSet::Italian);
    let mut c = GameSettings::new(RuleSet::Italian);
    c.look = Look::Ascii;
    c.autosave = None;
    let mut app = App::viewer(c, Viewer::new("var.pdn".into(), games, 0));
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    assert!(!screen_text(&app).contains("(1. 21-18"));
    press(&mut app, KeyCode::Right);
    let screen = screen_text(&app);
    assert!(screen.contains("{a comment}"), "{screen}");
    assert!(
        screen.contains("(1. 21-18 {side} 1... 10-14 (1... 11-15))"),
        "{screen}"
    );
    let cut: Vec<&str> = screen
        .lines()
        .filter(|l| l.contains("a long note a long"))
        .collect();
    assert_eq!(cut.len(), 2, "{screen}");
    assert!(cut[1].trim_end().ends_with("..."), "{screen}");
    press(&mut app, KeyCode::Right);
    assert!(!screen_text(&app).contains("(1. 21-18"));
}

/// A `Result` tag at odds with the result ending the movetext is named beside the ending,
/// in the interface's language.
#[test]
fn a_result_tag_the_movetext_contradicts_is_named() {
    let text = "[Result \"0-1\"]\n[GameType \"22\"]\n1. 21-17 10-13 1-0\n";
    for (lang, says) in [
        (dama::tui::Lang::En, "its Result tag says 0-1"),
        (dama::tui::Lang::It, "il suo tag Result riporta 0-1"),
    ] {
        let mut c = GameSettings::new(RuleSet::Italian);
        c.look = Look::Ascii;
        c.autosave = None;
        c.lang = lang;
        let games = read_games(text, RuleSet::Italian);
        let mut app = App::viewer(c, Viewer::new("rt.pdn".into(), games, 0));
        app.update(Action::Resize {
            width: 100,
            height: 32,
        });
        press(&mut app, KeyCode::End);
        // The panel's words, its rows joined (a long ending wraps).
        let screen = screen_text(&app);
        let panel: Vec<&str> = screen
            .lines()
            .filter_map(|l| l.split_once('|').map(|(_, p)| p.trim()))
            .collect();
        assert!(panel.join(" ").contains(says), "{screen}");
    }
}

/// A damaged record is shown up to its damage, with the error beside it.
#[test]
fn a_damaged_game_shows_its_readable_plies_and_the_error() {
    let games = read_games(FILE, RuleSet::Italian);
    let mut c = GameSettings::new(RuleSet::Italian);
    c.look = Look::Ascii;
    c.autosave = None;
    let mut app = App::viewer(c, Viewer::new("club.pdn".into(), games, 2));
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    let r = app
        .replay_viewer()
        .unwrap()
        .replay()
        .expect("shown up to the damage");
    assert_eq!(r.len(), 2, "1. 22-18 10-14, then 18-22 is illegal");
    press(&mut app, KeyCode::End);
    assert_eq!(app.game().ply(), 2, "the board follows the readable plies");
    let text = screen_text(&app);
    assert!(text.contains("ply 2/2"), "{text}");
    assert!(
        text.contains("The rest could not be read: line 17"),
        "{text}"
    );
    assert!(text.contains("18-22 is illegal"), "{text}");
}

/// The viewer of a file's text reads each game again when it is opened: the same games as
/// the viewer of the games read up front.
#[test]
fn a_viewer_on_the_text_shows_the_same_games() {
    let held = Viewer::new("club.pdn".into(), read_games(FILE, RuleSet::Italian), 0);
    let mut lazy = Viewer::from_text("club.pdn".into(), FILE.to_string(), RuleSet::Italian, 0);
    let mut held = held;
    assert_eq!(lazy.count(), 3);
    for i in 0..3 {
        held.open(i);
        lazy.open(i);
        let record = |v: &Viewer| v.replay().map(|r| r.record().clone());
        assert_eq!(record(&lazy), record(&held), "game {i}");
        assert_eq!(lazy.error(), held.error(), "game {i}");
    }
    assert!(lazy.error().is_some() && lazy.replay().unwrap().len() == 2);
}
