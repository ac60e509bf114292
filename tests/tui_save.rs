//! Saving through the keys (`s`, a file name, Enter), reading the file back with the loader
//! `--load` and `--resume` use, and the autosave on quitting.

mod tui_common;

use tui_common::{answer_search, four_games, play_by_keys, press};

use dama::rules::{Color, Game, Move, Position, RuleSet};
use dama::tui::app::{Overlay, Report};
use dama::tui::keep::load_game;
use dama::tui::{App, GameSettings};
use ratatui::crossterm::event::KeyCode;
use std::path::PathBuf;
use std::time::Duration;

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
    let mut c = GameSettings::new(RuleSet::Italian);
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
    let mut c = GameSettings::new(RuleSet::Italian);
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
    let mut c = GameSettings::new(RuleSet::English);
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
    // A finished game leaves no autosave behind (continued as `--resume` does: the game is
    // the kept one, so the session owns the autosave before any move).
    c.resumed = true;
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
    use dama::engine::Strength;
    use dama::tui::keep::write_game;
    let dir = temp_dir("strength");
    let game = Game::new(Position::start(RuleSet::Italian));
    let cases = [
        (Color::White, "dama (depth 3)", Some(Strength::Depth(3))),
        (
            Color::Black,
            "dama (250 ms)",
            Some(Strength::MoveTime(Duration::from_millis(250))),
        ),
        (Color::White, "dama (level 4)", Some(Strength::Level(4))),
        (Color::White, "dama (level 14)", Some(Strength::Level(14))),
        // Saved when the top was level 15: the top now.
        (Color::White, "dama (level 15)", Some(Strength::Level(14))),
        (Color::White, "dama (level 16)", None),
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
    let mut c = GameSettings::new(RuleSet::Italian);
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

/// Item 1 of "nothing lost": a session whose player has not moved leaves the kept game alone,
/// however it ends (q with no game under way, Ctrl-C, a signal), even when the engine opened.
#[test]
fn a_session_without_a_move_leaves_the_kept_game_alone() {
    use dama::tui::Action;
    use dama::tui::keep::Kept;
    let dir = temp_dir("untouched");
    let auto = dir.join("autosave.pdn");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(auto.clone());
    let mut app = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut app, "22-18");
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.kept(), &Kept::InFile(auto.clone()));
    let kept = std::fs::read_to_string(&auto).unwrap();

    let ends: [fn(&mut App); 3] = [
        |app| press(app, KeyCode::Char('q')),
        |app| app.update(Action::Interrupt),
        |app| app.update(Action::Terminate),
    ];
    for (i, end) in ends.iter().enumerate() {
        let mut app = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
        end(&mut app);
        assert!(app.should_quit(), "end {i}");
        assert_eq!(app.kept(), &Kept::Untouched, "end {i}");
        assert_eq!(std::fs::read_to_string(&auto).unwrap(), kept, "end {i}");
    }
    // The engine opens (the player is Black): its move alone does not replace the kept game.
    let mut black = c.clone();
    black.human = Color::Black;
    let mut app = App::new(black, Game::new(Position::start(RuleSet::Italian)));
    answer_search(&mut app, "23-19", Report::default());
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(
        app.overlay(),
        &Overlay::Confirm(dama::tui::app::Question::QuitUntouched)
    );
    press(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit());
    assert_eq!(std::fs::read_to_string(&auto).unwrap(), kept);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 2: the autosave follows every move (the player's, the engine's, a take-back), not
/// only quitting; a resumed game owns the autosave from the start, and `--resume` says which
/// game it continues.
#[test]
fn every_move_is_kept_at_once_and_resume_names_the_game() {
    use dama::tui::keep::resume;
    let dir = temp_dir("every-move");
    let auto = dir.join("autosave.pdn");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(auto.clone());
    let mut app = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
    assert!(!auto.exists(), "nothing kept before a move");
    play_by_keys(&mut app, "22-18");
    let kept = |p: &std::path::Path| history(&load_game(p, RuleSet::English).unwrap().game);
    assert_eq!(kept(&auto), ["22-18"]);
    answer_search(&mut app, "11-14", Report::default());
    assert_eq!(kept(&auto), ["22-18", "11-14"]);
    play_by_keys(&mut app, "18x11");
    answer_search(&mut app, "7x14", Report::default());
    assert_eq!(kept(&auto), ["22-18", "11-14", "18x11", "7x14"]);
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(kept(&auto), ["22-18", "11-14"]);
    // No temporary file is left beside it.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["autosave.pdn"]);

    let loaded = resume(&auto, RuleSet::English).unwrap();
    let s = &loaded.summary.to_string();
    assert!(s.starts_with("You (White) v dama (depth 12), "), "{s}");
    assert!(s.contains(&dama::notation::pdn::today()), "{s}");
    assert!(s.ends_with("1 move, 11-14"), "{s}");
    // Continued with --resume, the game is the kept one: quitting at once leaves the file as
    // it was (not even rewritten), resigning it clears it.
    let before = std::fs::read_to_string(&auto).unwrap();
    let mut r = c.clone();
    r.resumed = true;
    let mut quits = App::new(r.clone(), loaded.game.clone());
    quits.update(dama::tui::Action::Interrupt);
    assert!(quits.should_quit());
    assert_eq!(quits.kept(), &dama::tui::keep::Kept::InFile(auto.clone()));
    assert_eq!(std::fs::read_to_string(&auto).unwrap(), before);
    let mut app = App::new(r, loaded.game);
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.game().outcome().is_some());
    assert!(!auto.exists(), "a finished game leaves nothing to resume");
    let err = resume(&auto, RuleSet::Italian).err().unwrap().to_string();
    assert!(err.contains("no game to resume"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 4: when the game cannot be kept, the player is told at once and again on quitting,
/// can save it elsewhere first, and is never told it is kept. Ctrl-C asks once, then quits.
#[test]
fn a_game_that_cannot_be_kept_is_never_called_kept() {
    use dama::tui::Action;
    use dama::tui::app::Question;
    use dama::tui::keep::Kept;
    let dir = temp_dir("unkept");
    // The data folder cannot be made: a file stands where it should be (as for a read-only
    // folder, but also when the tests run as root).
    std::fs::write(dir.join("data"), "not a folder").unwrap();
    let auto = dir.join("data/autosave.pdn");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(auto.clone());
    c.save_dir = dir.join("data");
    let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut app, "22-18");
    assert!(
        app.message().contains("could not be kept"),
        "{}",
        app.message()
    );
    answer_search(&mut app, "11-14", Report::default());
    assert!(
        app.message().contains("The game could not be kept"),
        "{}",
        app.message()
    );
    assert!(matches!(app.kept(), Kept::Failed(p, _) if *p == auto));

    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay(), &Overlay::Confirm(Question::QuitNotKept));
    assert!(
        !Question::QuitNotKept
            .text(dama::tui::Lang::En)
            .contains("is kept")
    );
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.should_quit());
    // Saved elsewhere, then quit.
    let elsewhere = dir.join("mine.pdn");
    press(&mut app, KeyCode::Char('s'));
    let Overlay::SaveAs(default) = app.overlay().clone() else {
        panic!("s opens the file name prompt");
    };
    for _ in 0..default.chars().count() {
        press(&mut app, KeyCode::Backspace);
    }
    for ch in elsewhere.display().to_string().chars() {
        press(&mut app, KeyCode::Char(ch));
    }
    press(&mut app, KeyCode::Enter);
    assert!(app.message().starts_with("Saved to"), "{}", app.message());
    assert_eq!(
        history(&load_game(&elsewhere, RuleSet::Italian).unwrap().game),
        ["22-18", "11-14"]
    );
    let ctrl_c = || Action::Interrupt;
    app.update(ctrl_c());
    assert!(
        !app.should_quit(),
        "Ctrl-C asks first when the game is not kept"
    );
    assert_eq!(app.overlay(), &Overlay::Confirm(Question::QuitNotKept));
    app.update(ctrl_c());
    assert!(app.should_quit(), "a second Ctrl-C quits");
    assert!(matches!(app.kept(), Kept::Failed(..)));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 10: a save into a folder that does not exist is an error naming it, and no folder is
/// made; only dama's own data folder (the default) is created when needed.
#[test]
fn saving_into_a_missing_folder_is_an_error() {
    use dama::tui::keep::write_game;
    let dir = temp_dir("no-folder");
    let game = Game::new(Position::start(RuleSet::Italian));
    let missing = dir.join("typo/sub/game.pdn");
    let err = write_game(&game, Color::White, "dama (depth 3)", &missing).unwrap_err();
    assert!(err.to_string().contains("typo/sub does not exist"), "{err}");
    assert!(!dir.join("typo").exists());

    let data = dir.join("data/dama");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(data.join("autosave.pdn"));
    c.save_dir = data.clone();
    let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut app, "22-18");
    assert!(
        data.join("autosave.pdn").is_file(),
        "the data folder is made for the autosave"
    );
    let save_to = |app: &mut App, path: &str| {
        press(app, KeyCode::Char('s'));
        let Overlay::SaveAs(default) = app.overlay().clone() else {
            panic!("s opens the file name prompt");
        };
        for _ in 0..default.chars().count() {
            press(app, KeyCode::Backspace);
        }
        for ch in path.chars() {
            press(app, KeyCode::Char(ch));
        }
        press(app, KeyCode::Enter);
    };
    save_to(&mut app, &missing.display().to_string());
    assert!(app.message().starts_with("Not saved"), "{}", app.message());
    assert!(
        app.message().contains("does not exist"),
        "{}",
        app.message()
    );
    assert!(!dir.join("typo").exists());
    // The default name, in the data folder, saves.
    std::fs::remove_dir_all(&data).unwrap();
    press(&mut app, KeyCode::Char('s'));
    press(&mut app, KeyCode::Enter);
    assert!(app.message().starts_with("Saved to"), "{}", app.message());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 5: temporary files left by a save that was killed midway are removed by the next save
/// to the same file; one of a process still running is left alone.
#[test]
fn a_killed_saves_temporary_file_is_removed_by_the_next_save() {
    use dama::tui::keep::write_game;
    let dir = temp_dir("stale-tmp");
    // A process id above any system's limit (2^22): no such process.
    let stale = dir.join(".game.pdn.4999999.0.tmp");
    let other = dir.join(".other.pdn.4999999.0.tmp");
    let live = dir.join(format!(".game.pdn.{}.7.tmp", std::process::id()));
    for p in [&stale, &other, &live] {
        std::fs::write(p, "[Event \"half\"]\n1. 22-").unwrap();
    }
    let game = Game::new(Position::start(RuleSet::Italian));
    write_game(&game, Color::White, "dama (depth 3)", &dir.join("game.pdn")).unwrap();
    assert!(!stale.exists(), "the killed save's file is removed");
    assert!(
        other.exists(),
        "another file's temporary is not this save's business"
    );
    assert!(live.exists(), "a save under way is left alone");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 9 of issue 23: a kept game marked older than a game that could not be kept (as a
/// session does when the data folder cannot be written) still loads as it was; `--resume`
/// says first, in either language, that it is an older game; a newer game kept replaces it,
/// mark and all.
#[test]
fn a_marked_game_is_resumed_as_an_older_one_until_a_newer_game_is_kept() {
    use dama::tui::Lang;
    use dama::tui::keep::{mark_older, resume, write_game};
    let dir = temp_dir("marked");
    let auto = dir.join("autosave.pdn");
    let mut older = Game::new(Position::start(RuleSet::Italian));
    older
        .play(&tui_common::find_move(older.position(), "21-17"))
        .unwrap();
    write_game(&older, Color::White, "dama (depth 2)", &auto).unwrap();
    assert_eq!(
        resume(&auto, RuleSet::Italian).unwrap().summary.older_than,
        None
    );
    mark_older(&auto).unwrap();
    let text = std::fs::read_to_string(&auto).unwrap();
    assert!(text.ends_with(" UTC\n"), "{text}");
    assert_eq!(
        history(&load_game(&auto, RuleSet::Italian).unwrap().game),
        ["21-17"]
    );

    let loaded = resume(&auto, RuleSet::Italian).unwrap();
    let when = loaded.summary.older_than.clone().expect("the mark is read");
    assert!(when.starts_with(&dama::notation::pdn::today()), "{when}");
    let en = loaded.summary.text(Lang::En);
    assert!(
        en.starts_with(&format!(
            "an older game (your game of {when} could not be kept): You"
        )),
        "{en}"
    );
    let it = loaded.summary.text(Lang::It);
    assert!(
        it.starts_with("una partita precedente (la tua partita del "),
        "{it}"
    );
    assert!(it.contains("non è stata conservata"), "{it}");

    // Continued and played on: the newer game is kept, and is the last one again.
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(auto.clone());
    c.human = Color::Black;
    c.resumed = true;
    let mut app = App::new(c, loaded.game);
    play_by_keys(&mut app, "10-14");
    let again = resume(&auto, RuleSet::Italian).unwrap();
    assert_eq!(again.summary.older_than, None);
    assert_eq!(history(&again.game), ["21-17", "10-14"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 24: with the autosave written by the keeper thread (as under the terminal loop),
/// every move is still kept, a failure still reaches the player as the same message (at the
/// next tick), and quitting still knows whether the game is kept.
#[test]
fn the_keeper_thread_keeps_every_move_and_reports_failures() {
    use dama::tui::Action;
    use dama::tui::app::Question;
    use dama::tui::keep::Kept;
    use std::time::{Duration, Instant};
    let dir = temp_dir("keeper-thread");
    let auto = dir.join("autosave.pdn");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(auto.clone());
    let mut app = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
    app.keep_in_background().unwrap();
    play_by_keys(&mut app, "22-18");
    answer_search(&mut app, "11-14", Report::default());
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay(), &Overlay::Confirm(Question::Quit));
    assert_eq!(app.kept(), &Kept::InFile(auto.clone()));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit());
    let kept = load_game(&auto, RuleSet::Italian).unwrap();
    assert_eq!(history(&kept.game), ["22-18", "11-14"]);

    std::fs::write(dir.join("data"), "not a folder").unwrap();
    c.autosave = Some(dir.join("data/autosave.pdn"));
    c.save_dir = dir.join("data");
    let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    app.keep_in_background().unwrap();
    play_by_keys(&mut app, "22-18");
    let start = Instant::now();
    while !app.message().contains("could not be kept") {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{}",
            app.message()
        );
        std::thread::sleep(Duration::from_millis(5));
        app.update(Action::Tick);
    }
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay(), &Overlay::Confirm(Question::QuitNotKept));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The archived records in `dir`'s archive, oldest first.
fn archived(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("archive"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// Issue 21 item 1: every game that ends is archived at once, in a file of its own, with
/// its result, how it ended, the players (the engine's strength) and the time control;
/// quitting from the dialog leaves it there, and a new game is archived apart.
#[test]
fn every_game_that_ends_is_archived_at_once() {
    use dama::notation::fen;
    use dama::tui::keep::Archived;
    let dir = temp_dir("archive");
    let auto = dir.join("autosave.pdn");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(auto.clone());
    c.time_control = Some("5+3".parse().unwrap());
    // Won on the board, then `q` in the dialog.
    let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    let mut app = App::new(c.clone(), Game::new(pos));
    play_by_keys(&mut app, "22x13");
    assert_eq!(app.overlay(), &Overlay::GameEnd);
    let files = archived(&dir);
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(app.archived(), Some(&Archived::Written(files[0].clone())));
    press(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
    let text = std::fs::read_to_string(&files[0]).unwrap();
    for tag in [
        "[Result \"1-0\"]",
        "[Termination \"no pieces left\"]",
        "[White \"You\"]",
        "[Black \"dama (depth 12)\"]",
        "[TimeControl \"300+3\"]",
        "[Date \"",
        "[Time \"",
    ] {
        assert!(text.contains(tag), "no {tag} in\n{text}");
    }
    let back = load_game(&files[0], RuleSet::English).unwrap();
    assert_eq!(history(&back.game), ["22x13"]);
    assert!(back.game.outcome().is_some());
    assert!(!auto.exists(), "a finished game leaves nothing to resume");

    // A draw agreed at once: another file, the first one as it was.
    let mut app = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
    press(&mut app, KeyCode::Char('d'));
    answer_search(
        &mut app,
        "23-19",
        Report {
            score: 30,
            ..Report::default()
        },
    );
    assert!(app.game().outcome().is_some(), "{}", app.message());
    let files2 = archived(&dir);
    assert_eq!(files2.len(), 2, "{files2:?}");
    assert_eq!(std::fs::read_to_string(&files[0]).unwrap(), text);
    let other = files2.iter().find(|f| **f != files[0]).unwrap();
    let draw = std::fs::read_to_string(other).unwrap();
    assert!(draw.contains("[Termination \"agreement\"]"), "{draw}");
    assert!(draw.contains("[Result \"1/2-1/2\"]"), "{draw}");
    // Ctrl-C in the dialog: nothing more, nothing less.
    app.update(dama::tui::Action::Interrupt);
    assert!(app.should_quit());
    assert_eq!(archived(&dir).len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 21 item 4: the start screen opens with the settings chosen last time (rules,
/// colour, level, the time control and language); a damaged file is named and ignored.
#[test]
fn the_start_screen_remembers_the_last_settings() {
    use dama::tui::Action;
    use dama::tui::app::StartSide;
    use dama::tui::prefs;
    let dir = temp_dir("prefs");
    let file = dir.join("config/dama/settings.toml");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.prefs = Some(file.clone());
    c.lang = dama::tui::Lang::It;
    let mut a = App::start_screen(c.clone(), None);
    a.remember(prefs::load(&file).as_ref().map_err(ToString::to_string));
    assert_eq!(a.start_menu().unwrap().level, 6, "no file: the defaults");
    // Rules: English; colour: Black; level 8; Enter starts the game.
    a.update(Action::Down);
    a.update(Action::Right);
    a.update(Action::Down);
    a.update(Action::Right);
    a.update(Action::Down);
    a.update(Action::Right);
    a.update(Action::Right);
    a.update(Action::Select);
    assert!(a.start_menu().is_none(), "the game started");
    let r = prefs::load(&file).unwrap();
    assert_eq!(r.rules, Some(RuleSet::English));
    assert_eq!(r.side, Some(StartSide::Black));
    assert_eq!(r.level, Some(8));
    assert_eq!(r.lang, Some(dama::tui::Lang::It));
    // The next session's start screen.
    let mut b = App::start_screen(c.clone(), None);
    b.remember(Ok(&r));
    let m = b.start_menu().unwrap();
    assert_eq!(
        (m.rules, m.side, m.level),
        (RuleSet::English, StartSide::Black, 8)
    );
    assert!(m.error.is_none());
    // A damaged line: named and ignored on its own, the other settings kept (QA cli 16).
    std::fs::write(&file, "level = [\nrules = \"english\"\n").unwrap();
    let mut d = App::start_screen(c.clone(), None);
    d.remember(prefs::load(&file).as_ref().map_err(ToString::to_string));
    let m = d.start_menu().unwrap();
    assert_eq!((m.rules, m.level), (RuleSet::English, 6));
    let e = m.error.as_deref().unwrap();
    assert!(e.contains(&file.display().to_string()), "{e}");
    assert!(e.starts_with("Impostazioni: level = [ ignorata"), "{e}");
    // Two, in English.
    std::fs::write(&file, "level = 99\nspeed = 3\ntable_build = false\n").unwrap();
    let mut e = c.clone();
    e.lang = dama::tui::Lang::En;
    let mut d = App::start_screen(e, None);
    d.remember(prefs::load(&file).as_ref().map_err(ToString::to_string));
    let e = d.start_menu().unwrap().error.clone().unwrap();
    assert!(
        e.starts_with("Settings: level = 99, speed = 3 ignored, not settings or values dama knows"),
        "{e}"
    );
    assert_eq!(prefs::load(&file).unwrap().tables.build, Some(false));
    // With table_build = false the start screen does not say the tables build themselves.
    for (build, want, not) in [
        (
            Some(false),
            "not built in the background",
            "build themselves",
        ),
        (None, "build themselves", "not built in the background"),
    ] {
        let mut t = c.clone();
        t.lang = dama::tui::Lang::En;
        t.table_prefs.build = build;
        let mut a = App::start_screen(t, None);
        a.update(Action::Resize {
            width: 120,
            height: 40,
        });
        let text = tui_common::screen(&a, 120, 40);
        assert!(text.contains(want) && !text.contains(not), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 21 item 2: a new game never replaces an unfinished one. The game in the autosave is
/// shelved (`unfinished/`) when another takes its place, whether it was an earlier session's or
/// this session's before `n`; `--resume` continues the newest; the shelf keeps ten and moves
/// the oldest to the archive, saying so.
#[test]
fn unfinished_games_are_shelved_not_replaced() {
    use dama::tui::keep::{SHELF_SIZE, resume, shelved};
    let dir = temp_dir("shelf");
    let auto = dir.join("autosave.pdn");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(auto.clone());
    let moves = |p: &std::path::Path| history(&load_game(p, RuleSet::Italian).unwrap().game);
    // An earlier session's game, then this session's first move.
    let mut a = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut a, "22-18");
    drop(a);
    let mut b = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut b, "21-17");
    assert_eq!(moves(&auto), ["21-17"]);
    let shelf = shelved(&auto);
    assert_eq!(shelf.len(), 1, "{shelf:?}");
    assert_eq!(moves(&shelf[0]), ["22-18"]);
    // `N` while this game goes on: it is shelved too, the new game has nothing to keep yet.
    press(&mut b, KeyCode::Char('N'));
    press(&mut b, KeyCode::Char('y'));
    assert_eq!(b.game().ply(), 0);
    assert!(!auto.exists());
    let shelf = shelved(&auto);
    assert_eq!(shelf.len(), 2, "{shelf:?}");
    assert_eq!(moves(&shelf[0]), ["21-17"], "newest first");
    // --resume: the newest, moved back to the autosave; the other stays shelved.
    let l = resume(&auto, RuleSet::Italian).unwrap();
    assert_eq!(history(&l.game), ["21-17"]);
    assert!(auto.exists());
    assert_eq!(shelved(&auto).len(), 1);
    // A full shelf: the oldest goes to the archive, and the player is told.
    for i in 0..SHELF_SIZE {
        let mut s = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
        play_by_keys(&mut s, "23-19");
        // The eleventh game on the shelf: the oldest leaves it.
        let told = s
            .message()
            .starts_with("10 unfinished games are kept: the oldest moved to");
        assert_eq!(told, i == SHELF_SIZE - 1, "{i}: {}", s.message());
    }
    let shelf = shelved(&auto);
    assert_eq!(shelf.len(), SHELF_SIZE);
    assert!(
        shelf.iter().all(|p| moves(p) != ["22-18"]),
        "the oldest left"
    );
    let archived = archived(&dir);
    assert_eq!(archived.len(), 1, "{archived:?}");
    assert_eq!(moves(&archived[0]), ["22-18"], "moved, not deleted");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 21 item 3: Load and Replay list the games in the data folder (in play, unfinished,
/// archived, saved), newest first, with a file name field where Tab completes; Enter with
/// nothing chosen or typed says so (not an OS error); a shelved game is continued from the
/// list as `--resume` continues one (moved back to the autosave, no copy left).
#[test]
fn load_and_replay_list_the_games_in_the_data_folder() {
    use dama::tui::Action;
    use dama::tui::keep::list::Kind;
    let dir = temp_dir("list");
    four_games(&dir);
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(dir.join("autosave.pdn"));
    let mut a = App::start_screen(c.clone(), None);
    // New game, rules, colour, level, then Load.
    tui_common::menu_to(&mut a, dama::tui::app::StartItem::Load);
    a.update(Action::Select);
    let m = a.start_menu().unwrap();
    let kinds: Vec<Kind> = m.games.iter().map(|g| g.kind).collect();
    assert_eq!(
        kinds,
        [Kind::InPlay, Kind::Archived, Kind::Unfinished, Kind::Saved],
        "newest first"
    );
    assert_eq!(m.games[1].result, "1-0");
    assert_eq!(m.games[1].moves, 2);
    assert_eq!(m.games[1].when, "2026.12.01 12:00");
    assert_eq!(m.pick, Some(0));
    // Up from the first game: the file name; Enter with nothing typed.
    a.update(Action::Up);
    a.update(Action::Select);
    let m = a.start_menu().unwrap();
    assert!(m.prompt.is_some(), "still choosing");
    assert_eq!(
        m.error.as_deref(),
        Some("Choose a game above or type a file name")
    );
    // Tab completes a typed path.
    for ch in format!("{}/dama-it", dir.display()).chars() {
        a.update(Action::Char(ch));
    }
    a.update(Action::Complete);
    let typed = a.start_menu().unwrap().prompt.as_ref().unwrap().1.clone();
    assert_eq!(
        typed,
        format!("{}/dama-italian-2026.11.30-1.pdn", dir.display())
    );
    // The shelved game, chosen from the list, is continued as the game in play.
    for _ in 0..3 {
        a.update(Action::Down);
    }
    a.update(Action::Select);
    assert!(
        a.start_menu().is_none(),
        "{:?}",
        a.start_menu().map(|m| &m.error)
    );
    assert_eq!(history(a.game()), ["21-17"]);
    let shelf = dama::tui::keep::shelved(&dir.join("autosave.pdn"));
    assert_eq!(shelf.len(), 1, "the game in play took its place: {shelf:?}");
    assert_eq!(
        history(&load_game(&shelf[0], RuleSet::Italian).unwrap().game),
        ["22-18", "11-14"]
    );
    // Replay: the archived game opens in the viewer.
    let mut r = App::start_screen(c, None);
    tui_common::menu_to(&mut r, dama::tui::app::StartItem::Replay);
    r.update(Action::Select);
    let i = r
        .start_menu()
        .unwrap()
        .games
        .iter()
        .position(|g| g.kind == Kind::Archived)
        .unwrap();
    for _ in 0..i {
        r.update(Action::Down);
    }
    r.update(Action::Select);
    assert!(
        r.replay_viewer().is_some(),
        "{:?}",
        r.start_menu().map(|m| &m.error)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 21 item 1: a game lost on time is archived as such.
#[test]
fn a_flag_fall_is_archived() {
    let dir = temp_dir("archive-flag");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(dir.join("autosave.pdn"));
    // 0.6 s each: shorter than `--time` takes (6 s), set directly to make the flag fall fast.
    c.time_control = Some(dama::tui::clock::TimeControl {
        base: Duration::from_millis(600),
        increment: Duration::ZERO,
    });
    let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut app, "22-18");
    // The engine's clock runs out while it thinks.
    std::thread::sleep(Duration::from_millis(800));
    app.update(dama::tui::Action::Tick);
    assert!(app.game().outcome().is_some(), "{}", app.message());
    let files = archived(&dir);
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
    assert!(text.contains("[TimeControl \"0.6+0\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 21 item 1: when the archive cannot be written, the dialog says so (and why) instead
/// of naming a file that is not there.
#[test]
fn an_archive_that_cannot_be_written_is_said() {
    use dama::notation::fen;
    use dama::tui::keep::Archived;
    let dir = temp_dir("archive-bad");
    std::fs::write(dir.join("archive"), "a file where the folder should be").unwrap();
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(dir.join("autosave.pdn"));
    let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    let mut app = App::new(c, Game::new(pos));
    play_by_keys(&mut app, "22x13");
    assert!(
        matches!(app.archived(), Some(Archived::Failed(p, _)) if p.starts_with(dir.join("archive"))),
        "{:?}",
        app.archived()
    );
    // Why, in words: a file stands where the archive's folder should be (the system says only
    // "File exists").
    app.update(dama::tui::Action::Resize {
        width: 200,
        height: 50,
    });
    let shown = tui_common::screen(&app, 200, 50);
    assert!(shown.contains("is a file, not a folder"), "{shown}");
    assert!(!shown.contains("File exists"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// QA 1: a timed game is kept with its time control and both clocks, and goes on under them
/// when resumed from the start screen or loaded; an untimed game is kept without them.
#[test]
fn a_timed_game_is_kept_and_resumed_with_its_clock() {
    use dama::tui::clock::TimeControl;
    use dama::tui::keep::{KeptClock, resume};
    let dir = temp_dir("timed");
    let auto = dir.join("autosave.pdn");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(auto.clone());
    c.save_dir = dir.clone();
    let five_three = TimeControl {
        base: Duration::from_secs(300),
        increment: Duration::from_secs(3),
    };
    c.time_control = Some(five_three);
    let mut app = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut app, "22-18");
    answer_search(&mut app, "11-14", Report::default());
    let text = std::fs::read_to_string(&auto).unwrap();
    assert!(text.contains("[TimeControl \"300+3\"]"), "{text}");
    assert!(text.contains("[WhiteClock \"0:05:0"), "{text}");
    assert!(text.contains("[BlackClock \"0:05:0"), "{text}");
    let kept = resume(&auto, RuleSet::Italian)
        .unwrap()
        .clock
        .expect("kept clock");
    assert_eq!(kept.control, five_three);
    // The times left as the record says, whatever they are: White has 1:23.4 now.
    let text = text.replace(
        &text[text.find("[WhiteClock").unwrap()..][..24],
        "[WhiteClock \"0:01:23.4\"]",
    );
    std::fs::write(&auto, &text).unwrap();
    assert_eq!(
        resume(&auto, RuleSet::Italian).unwrap().clock.unwrap().left[0],
        Duration::from_millis(83_400)
    );

    // The start screen's Resume goes on under that clock, not under the menu's (untimed).
    let mut s = c.clone();
    s.time_control = None;
    let mut a = App::start_screen(s, Some("kept".into()));
    tui_common::menu_to(&mut a, dama::tui::app::StartItem::Resume);
    press(&mut a, KeyCode::Enter);
    assert!(a.start_menu().is_none(), "{}", a.message());
    assert_eq!(a.clock().control(), Some(five_three));
    let white = a.clock().left(Color::White).unwrap();
    assert!(
        white <= Duration::from_millis(83_400) && white > Duration::from_secs(80),
        "{white:?}"
    );
    assert!(a.clock().left(Color::Black).unwrap() > Duration::from_secs(300));

    // Saved with s, the clock goes with the game too.
    let saved = dir.join("saved.pdn");
    dama::tui::keep::write_timed(
        a.game(),
        &dama::tui::keep::Names::against(Color::White, "dama (level 1)"),
        Some(&KeptClock {
            control: five_three,
            left: [Duration::from_secs(61), Duration::from_millis(9_900)],
        }),
        &saved,
    )
    .unwrap();
    let l = load_game(&saved, RuleSet::Italian).unwrap().clock.unwrap();
    assert_eq!(
        l.left,
        [Duration::from_secs(61), Duration::from_millis(9_900)]
    );

    // An untimed game carries no clock.
    let mut u = c.clone();
    u.time_control = None;
    let _ = std::fs::remove_file(&auto);
    let mut app = App::new(u, Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut app, "22-18");
    let text = std::fs::read_to_string(&auto).unwrap();
    assert!(
        !text.contains("TimeControl") && !text.contains("Clock"),
        "{text}"
    );
    assert!(resume(&auto, RuleSet::Italian).unwrap().clock.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// QA 10: `N` while a kept game goes on says the game is kept with the unfinished ones (it
/// is shelved, not lost).
#[test]
fn a_new_game_says_the_kept_one_stays_with_the_unfinished_ones() {
    use dama::tui::app::Question;
    let dir = temp_dir("new-kept");
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(dir.join("autosave.pdn"));
    let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut app, "22-18");
    press(&mut app, KeyCode::Char('N'));
    assert_eq!(app.overlay(), &Overlay::Confirm(Question::NewGameKept));
    assert!(
        Question::NewGameKept
            .text(dama::tui::Lang::En)
            .contains("kept with the unfinished games")
    );
    press(&mut app, KeyCode::Char('y'));
    // As it says: the game is among the unfinished ones.
    assert_eq!(dama::tui::keep::shelved(&dir.join("autosave.pdn")).len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// QA 5: a game saved with `s` and played on to its end: the file holds an earlier point,
/// which the exit message must not hide (`saved_earlier`), and the finished game is named in
/// the archive also after reviewing it (the review shows other positions of the same game).
#[test]
fn a_save_before_the_end_is_told_as_earlier_and_the_archive_survives_a_review() {
    let dir = temp_dir("saved-earlier");
    let pos = dama::notation::fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(dir.join("autosave.pdn"));
    c.save_dir = dir.clone();
    let mut app = App::new(c, Game::new(pos));
    press(&mut app, KeyCode::Char('s'));
    press(&mut app, KeyCode::Enter);
    assert!(app.saved_to().is_some(), "{}", app.message());
    assert!(!app.saved_earlier(), "nothing played since");
    play_by_keys(&mut app, "22x13");
    assert!(app.game().outcome().is_some());
    assert!(app.saved_earlier(), "the file has the game before 22x13");
    assert!(app.archived_as_it_stands().is_some());
    // The review of the finished game: still the game that is archived.
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('v'));
    assert!(app.replay_viewer().is_some());
    assert!(app.archived_as_it_stands().is_some());
    // Saved again at the end: the file holds the finished game.
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(dir.join("autosave.pdn"));
    c.save_dir = dir.clone();
    let pos = dama::notation::fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    let mut app = App::new(c, Game::new(pos));
    play_by_keys(&mut app, "22x13");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('s'));
    press(&mut app, KeyCode::Enter);
    assert!(app.saved_to().is_some(), "{}", app.message());
    assert!(!app.saved_earlier());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two boards: a game resumed on this board while another board (another process: its lock
/// on the data folder is held here) plays the kept game goes on in a file of its own on the
/// shelf; the message line says so, before the note of which game is resumed, and the other
/// board's game in the autosave is never touched.
#[cfg(unix)]
#[test]
fn a_game_resumed_while_another_board_plays_it_is_kept_aside_and_said() {
    use dama::tui::keep::{Kept, shelved};
    let dir = temp_dir("two-boards");
    let auto = dir.join("autosave.pdn");
    let mut kept = Game::new(Position::start(RuleSet::Italian));
    kept.play(&tui_common::find_move(kept.position(), "22-18"))
        .unwrap();
    kept.play(&tui_common::find_move(kept.position(), "11-14"))
        .unwrap();
    dama::tui::keep::write_game(&kept, Color::White, "dama (level 1)", &auto).unwrap();
    let before = std::fs::read_to_string(&auto).unwrap();
    let other_board = dama::store::try_lock(&dir).unwrap();
    assert!(other_board.is_some());
    let mut c = GameSettings::new(RuleSet::Italian);
    c.autosave = Some(auto.clone());
    c.resumed = true;
    let mut app = App::new(c, kept);
    app.note("Resuming: the kept game");
    // As the terminal loop runs: the board's first tick, then the player's move.
    app.update(dama::tui::Action::Tick);
    let msg = app.message().to_string();
    assert!(msg.contains("Another board holds the autosave"), "{msg}");
    assert!(msg.contains("unfinished/"), "{msg}");
    assert!(msg.contains("Resuming: the kept game"), "{msg}");
    play_by_keys(&mut app, "18x11");
    let Kept::InFile(aside) = app.kept().clone() else {
        panic!("not kept: {:?}", app.kept());
    };
    assert_eq!(shelved(&auto), std::slice::from_ref(&aside));
    assert_eq!(
        history(&load_game(&aside, RuleSet::Italian).unwrap().game).len(),
        3
    );
    assert_eq!(
        std::fs::read_to_string(&auto).unwrap(),
        before,
        "the other board's game"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
