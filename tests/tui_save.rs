//! Saving through the keys (`s`, a file name, Enter), reading the file back with the loader
//! `--load` and `--resume` use, and the autosave on quitting.

mod tui_common;

use tui_common::{answer_search, play_by_keys, press};

use dama::rules::{Color, Game, Move, Position, RuleSet};
use dama::tui::app::{Overlay, Report};
use dama::tui::save::load_game;
use dama::tui::{App, Config};
use ratatui::crossterm::event::KeyCode;
use std::path::PathBuf;

/// A fresh folder under the system's temporary folder (never the user's home).
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dama-tui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn history(game: &Game) -> Vec<String> {
    game.moves().iter().map(Move::to_string).collect()
}

#[test]
fn save_with_keys_and_reload() {
    let dir = temp_dir("save");
    let path = dir.join("mine.pdn");
    let mut c = Config::new(RuleSet::Italian);
    c.human = Color::Black;
    c.save_dir = dir.clone();
    c.autosave = None;
    let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    answer_search(&mut app, "23-19", Report::default());
    play_by_keys(&mut app, "10-14");
    answer_search(&mut app, "19x10", Report::default());
    play_by_keys(&mut app, "5x14");
    press(&mut app, KeyCode::Char('s'));
    let Overlay::SaveAs(default) = app.overlay().clone() else {
        panic!("s opens the file name prompt");
    };
    assert!(default.starts_with(&dir.display().to_string()), "{default}");
    for _ in 0..default.chars().count() {
        press(&mut app, KeyCode::Backspace);
    }
    for ch in path.display().to_string().chars() {
        press(&mut app, KeyCode::Char(ch));
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.overlay(), &Overlay::None);
    assert!(app.message().starts_with("Saved to"), "{}", app.message());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[GameType \"22,W,8,8,N2,1\"]"), "{text}"); // R-N3
    assert!(text.contains("[Black \"You\"]"), "{text}");

    let loaded = load_game(&path, RuleSet::English).unwrap();
    assert_eq!(
        loaded.human,
        Some(Color::Black),
        "the player keeps their side"
    );
    assert_eq!(history(&loaded.game), ["23-19", "10-14", "19x10", "5x14"]);
    assert_eq!(loaded.game.position(), app.game().position());
    assert_eq!(loaded.game.position().rules(), RuleSet::Italian);
    // The reloaded game goes on: it is White's (the engine's) turn, so it thinks at once.
    let mut c = Config::new(RuleSet::Italian);
    c.human = Color::Black;
    c.autosave = None;
    let mut again = App::new(c, loaded.game);
    assert!(again.engine_moving());
    answer_search(&mut again, "21-17", Report::default());
    assert_eq!(again.game().ply(), 5);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quitting_keeps_an_autosave_for_resume() {
    let dir = temp_dir("autosave");
    let auto = dir.join("autosave.pdn");
    let mut c = Config::new(RuleSet::English);
    c.autosave = Some(auto.clone());
    c.human = Color::Black;
    let mut app = App::new(c.clone(), Game::new(Position::start(RuleSet::English)));
    play_by_keys(&mut app, "11-15");
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit());
    let loaded = load_game(&auto, RuleSet::Italian).unwrap();
    assert_eq!(history(&loaded.game), ["11-15"]);
    assert_eq!(loaded.game.position().rules(), RuleSet::English);
    // A finished game leaves no autosave behind.
    let mut app = App::new(c, loaded.game);
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.game().outcome().is_some());
    press(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
    assert!(!auto.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_file_names_the_place() {
    let dir = temp_dir("bad");
    let path = dir.join("bad.pdn");
    std::fs::write(
        &path,
        "[GameType \"22,W,8,8,N2,1\"]\n1. 22-18 10-14 2. 18-22 *\n",
    )
    .unwrap();
    let err = load_game(&path, RuleSet::Italian)
        .err()
        .unwrap()
        .to_string();
    // FILE:LINE:COLUMN, as `dama replay` names a place.
    assert!(err.contains("bad.pdn:2:"), "{err}");
    let missing = load_game(&dir.join("none.pdn"), RuleSet::Italian);
    assert!(missing.is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--resume` and `--load` go on against the engine the game was played against: its depth
/// or move time is read back from its player name.
#[test]
fn a_saved_game_remembers_the_engine_strength() {
    use dama::tui::save::{Strength, write_game};
    let dir = temp_dir("strength");
    let game = Game::new(Position::start(RuleSet::Italian));
    let cases = [
        (Color::White, "dama (depth 3)", Some(Strength::Depth(3))),
        (
            Color::Black,
            "dama (250 ms)",
            Some(Strength::MoveTimeMs(250)),
        ),
        (Color::White, "dama (depth 0)", None),
        (Color::White, "Someone else", None),
    ];
    for (i, (human, engine, want)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("g{i}.pdn"));
        write_game(&game, human, engine, &path).unwrap();
        let loaded = load_game(&path, RuleSet::Italian).unwrap();
        assert_eq!(loaded.human, Some(human));
        assert_eq!(loaded.engine, want, "{engine}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Typing the name of another existing file asks before replacing it; `n` keeps the file as
/// it was, `y` replaces it; saving again to the game's own file does not ask.
#[test]
fn saving_over_another_file_asks_first() {
    use dama::tui::app::Question;
    let dir = temp_dir("replace");
    let other = dir.join("other.pdn");
    std::fs::write(&other, "precious games\n").unwrap();
    let mut c = Config::new(RuleSet::Italian);
    c.save_dir = dir.clone();
    c.autosave = None;
    let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut app, "22-18");
    let save_to = |app: &mut App, path: &std::path::Path| {
        press(app, KeyCode::Char('s'));
        let Overlay::SaveAs(default) = app.overlay().clone() else {
            panic!("s opens the file name prompt");
        };
        for _ in 0..default.chars().count() {
            press(app, KeyCode::Backspace);
        }
        for ch in path.display().to_string().chars() {
            press(app, KeyCode::Char(ch));
        }
        press(app, KeyCode::Enter);
    };
    save_to(&mut app, &other);
    assert_eq!(app.overlay(), &Overlay::Confirm(Question::Replace));
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.overlay(), &Overlay::None);
    assert!(
        app.message().contains("kept as it was"),
        "{}",
        app.message()
    );
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "precious games\n");

    save_to(&mut app, &other);
    press(&mut app, KeyCode::Char('y'));
    assert!(app.message().starts_with("Saved to"), "{}", app.message());
    assert!(std::fs::read_to_string(&other).unwrap().contains("22-18"));

    // The game's own file: saved again without a question.
    save_to(&mut app, &other);
    assert_eq!(app.overlay(), &Overlay::None);
    assert!(app.message().starts_with("Saved to"), "{}", app.message());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--load` on a file of several games does not silently pick the first: it says how to
/// choose one.
#[test]
fn loading_a_file_of_several_games_says_how_to_choose() {
    let dir = temp_dir("several");
    let path = dir.join("two.pdn");
    std::fs::write(&path, "1. 22-18 *\n\n1. 21-17 *\n").unwrap();
    let err = load_game(&path, RuleSet::Italian)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("holds 2 games"), "{err}");
    assert!(err.contains("--game N"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--load` reads a Latin-1 file (an older program's accented names) as `dama replay` does.
#[test]
fn a_latin1_file_loads() {
    let dir = temp_dir("latin1");
    let path = dir.join("old.pdn");
    std::fs::write(&path, b"[White \"Jos\xe9\"]\n[Black \"You\"]\n1. 22-18 *\n").unwrap();
    let loaded = load_game(&path, RuleSet::Italian).unwrap();
    assert_eq!(history(&loaded.game), ["22-18"]);
    assert_eq!(loaded.human, Some(Color::Black));
    let _ = std::fs::remove_dir_all(&dir);
}
