//! Issue 21 item 5: levels 1-15, the top one the engine at full strength, and the start
//! screen's time-control row. Driven by keys on the app; the start screen with the top level
//! and a clock chosen is compared with snapshots at 80x24 and 120x40 in both languages
//! (`DAMA_UPDATE_SNAPSHOTS=1` rewrites them).

mod tui_common;

use tui_common::{check_snapshot, press, screen, zero_clocks};

use dama::engine::{Limits, Strength};
use dama::rules::{Color, Game, Position, RuleSet};
use dama::tui::app::Request;
use dama::tui::clock::TimeControl;
use dama::tui::input::Action;
use dama::tui::{App, GameSettings, Lang};
use ratatui::crossterm::event::KeyCode;
use std::time::Duration;

fn config(lang: Lang) -> GameSettings {
    tui_common::ascii_settings(lang)
}

fn start(c: GameSettings, w: u16, h: u16) -> App {
    tui_common::start_sized(c, w, h)
}

fn tc(minutes: u64, seconds: u64) -> TimeControl {
    TimeControl {
        base: Duration::from_secs(minutes * 60),
        increment: Duration::from_secs(seconds),
    }
}

/// The engine's move search among the requests, if one was asked for.
fn move_search(a: &mut App) -> Option<Limits> {
    a.take_requests().into_iter().find_map(|r| match r {
        Request::Search { limits, .. } => Some(limits),
        _ => None,
    })
}

/// Down to the level row, up to level 14 (from 6), down to the clock row, one step right
/// (none to 5+3): the screen says "full strength" and the clock; Enter there starts the game
/// with that level and that clock.
#[test]
fn full_strength_and_a_clock_chosen_on_the_start_screen_start_the_game() {
    for (lang, full, clock, started) in [
        (
            Lang::En,
            "< level 14 of 14 (full strength) >",
            "Clock    < 5 min + 3 s a move >",
            "the engine at level 14 of 14 (full strength)",
        ),
        (
            Lang::It,
            "< livello 14 di 14 (piena forza) >",
            "Tempo    < 5 min + 3 s a mossa >",
            "computer: livello 14 di 14 (piena forza)",
        ),
    ] {
        let mut a = start(config(lang), 100, 32);
        let text = screen(&a, 100, 32);
        assert!(
            text.contains(match lang {
                Lang::En => "Clock    < none >",
                Lang::It => "Tempo    < senza limite >",
            }),
            "{text}"
        );
        press(&mut a, KeyCode::Down); // rules
        press(&mut a, KeyCode::Down); // colour
        press(&mut a, KeyCode::Right); // Black: the engine moves first
        press(&mut a, KeyCode::Down); // level
        for _ in 0..12 {
            press(&mut a, KeyCode::Right); // past the top: stays at 14
        }
        assert_eq!(a.start_menu().unwrap().level, 14);
        press(&mut a, KeyCode::Down); // clock
        press(&mut a, KeyCode::Right);
        let text = screen(&a, 100, 32);
        assert!(text.contains(full), "{text}");
        assert!(text.contains(clock), "{text}");
        press(&mut a, KeyCode::Enter);
        assert!(a.start_menu().is_none(), "the game started");
        assert_eq!(a.settings().strength, Strength::Level(14));
        assert_eq!(a.settings().time_control, Some(tc(5, 3)));
        assert_eq!(a.settings().human, Color::Black);
        assert!(a.message().contains(started), "{}", a.message());
        // Full strength on a clock plays on the clock: a share of 5 minutes plus most of
        // the increment, not the level's bare second.
        match move_search(&mut a) {
            Some(Limits::MoveTime(t)) => {
                assert!(
                    t > Duration::from_secs(10) && t < Duration::from_secs(20),
                    "{t:?}"
                )
            }
            other => panic!("a time from the clock, not {other:?}"),
        }
        // Both clocks show five minutes (the engine's running).
        let text = screen(&a, 100, 32);
        assert!(
            text.contains("5:00") || text.contains("4:59"),
            "the clock: {text}"
        );
    }
}

/// Without a clock the top level is a second a move; the row goes round its choices (none,
/// 5+3, 15+10, 30+0) both ways.
#[test]
fn the_clock_row_goes_round_and_none_means_no_clock() {
    let mut a = start(config(Lang::En), 100, 32);
    for _ in 0..4 {
        press(&mut a, KeyCode::Down);
    }
    let mut seen = Vec::new();
    for _ in 0..4 {
        press(&mut a, KeyCode::Right);
        seen.push(a.start_menu().unwrap().clock);
    }
    assert_eq!(
        seen,
        [Some(tc(5, 3)), Some(tc(15, 10)), Some(tc(30, 0)), None]
    );
    press(&mut a, KeyCode::Left);
    assert_eq!(a.start_menu().unwrap().clock, Some(tc(30, 0)));
    assert!(screen(&a, 100, 32).contains("Clock    < 30 minutes >"));
    press(&mut a, KeyCode::Right); // back to none
    press(&mut a, KeyCode::Up); // the level row
    for _ in 0..8 {
        press(&mut a, KeyCode::Right);
    }
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Right); // Black
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.settings().strength, Strength::Level(14));
    assert_eq!(a.settings().time_control, None);
    assert_eq!(
        move_search(&mut a),
        Some(Limits::MoveTime(Duration::from_secs(1)))
    );
}

/// A level below full strength keeps its node budget under a clock (the clock is the
/// player's), and the search is told to answer when it reaches the clock's share, so the
/// level never loses on time.
#[test]
fn a_level_keeps_its_budget_under_a_clock_and_answers_in_time() {
    let mut c = config(Lang::En);
    c.strength = Strength::Level(3);
    c.human = Color::Black;
    c.time_control = Some(tc(5, 3));
    let mut a = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
    a.update(Action::Resize {
        width: 100,
        height: 32,
    });
    assert_eq!(move_search(&mut a), Some(Strength::Level(3).limits()));
    let text = screen(&a, 100, 32);
    assert!(text.contains("level 3 of 14"), "{text}");
    a.update(Action::Tick);
    assert!(
        !a.take_requests().iter().any(|r| matches!(r, Request::Stop)),
        "well within its share: not stopped"
    );

    // One second for the game: the share is the 10 ms floor.
    c.time_control = Some(TimeControl {
        base: Duration::from_secs(1),
        increment: Duration::ZERO,
    });
    let mut a = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    assert!(matches!(move_search(&mut a), Some(Limits::Nodes(_))));
    std::thread::sleep(Duration::from_millis(30));
    a.update(Action::Tick);
    let stops = |a: &mut App| {
        a.take_requests()
            .iter()
            .filter(|r| matches!(r, Request::Stop))
            .count()
    };
    assert_eq!(stops(&mut a), 1, "told to answer now");
    assert!(a.game().outcome().is_none(), "no flag fall");
    assert!(a.engine_moving(), "still waiting for the answer");
    a.update(Action::Tick);
    assert_eq!(stops(&mut a), 0, "told once");
}

/// The time control chosen is remembered with the level, and the next start screen opens
/// with both.
#[test]
fn the_clock_and_the_top_level_are_remembered() {
    use dama::tui::prefs;
    let dir = std::env::temp_dir().join(format!("dama-levels-prefs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("settings.toml");
    let mut c = config(Lang::En);
    c.prefs = Some(file.clone());
    let mut a = start(c.clone(), 100, 32);
    for _ in 0..3 {
        press(&mut a, KeyCode::Down);
    }
    for _ in 0..8 {
        press(&mut a, KeyCode::Right);
    }
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Right);
    press(&mut a, KeyCode::Right); // 15+10
    press(&mut a, KeyCode::Enter);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("level = 14"), "{text}");
    assert!(text.contains("time = \"15+10\""), "{text}");
    let r = prefs::load(&file).unwrap();
    let mut b = start(c, 100, 32);
    b.remember(Ok(&r));
    let m = b.start_menu().unwrap();
    assert_eq!((m.level, m.clock), (14, Some(tc(15, 10))));
    let text = screen(&b, 100, 32);
    assert!(text.contains("< 15 min + 10 s a move >"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A settings file that could not be read at all is named and left as it is: starting a game
/// does not write this session's settings over it (what it holds may be the player's, in a
/// form dama cannot read); a pipe there is neither read nor written into (either would hold
/// the board).
#[cfg(unix)]
#[test]
fn an_unreadable_settings_file_is_never_written_over() {
    use dama::tui::prefs;
    let dir = std::env::temp_dir().join(format!("dama-levels-badprefs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("settings.toml");
    // Latin-1: not UTF-8, so not read; the player's comment must survive.
    let theirs: &[u8] = b"# livello per la citt\xe0\nlevel = 3\n";
    std::fs::write(&file, theirs).unwrap();
    let mut c = config(Lang::En);
    c.prefs = Some(file.clone());
    let mut a = start(c.clone(), 100, 32);
    let why = prefs::load(&file).unwrap_err().to_string();
    a.remember(Err(why));
    assert!(screen(&a, 100, 32).contains("Settings not remembered"));
    press(&mut a, KeyCode::Enter);
    assert!(a.start_menu().is_none(), "the game started");
    assert_eq!(std::fs::read(&file).unwrap(), theirs, "written over");

    std::fs::remove_file(&file).unwrap();
    let c_path = std::ffi::CString::new(file.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    let why = prefs::load(&file).unwrap_err().to_string();
    assert!(why.contains("not a regular file"), "{why}");
    let e = prefs::save(&file, &prefs::Remembered::default()).unwrap_err();
    assert!(e.to_string().contains("not a regular file"), "{e}");
    let mut b = start(c, 100, 32);
    b.remember(Err(why));
    press(&mut b, KeyCode::Enter);
    assert!(
        b.start_menu().is_none(),
        "the game started without waiting on the pipe"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game saved against the top level reads back as played against it.
#[test]
fn the_top_level_reads_back_from_a_saved_game() {
    let s = Strength::Level(14);
    assert_eq!(s.player_name(), "dama (level 14)");
    assert_eq!(Strength::from_player_name("dama (level 14)"), Some(s));
    // Saved when the top was level 15: still the top.
    assert_eq!(Strength::from_player_name("dama (level 15)"), Some(s));
    assert_eq!(Strength::from_player_name("dama (level 16)"), None);
}

/// The start screen with full strength and 5+3 chosen, both languages, 80x24 and 120x40.
#[test]
fn start_screen_with_full_strength_and_a_clock_snapshots() {
    for lang in [Lang::En, Lang::It] {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut a = start(config(lang), w, h);
            for _ in 0..3 {
                press(&mut a, KeyCode::Down);
            }
            for _ in 0..9 {
                press(&mut a, KeyCode::Right);
            }
            press(&mut a, KeyCode::Down);
            press(&mut a, KeyCode::Right);
            let name = match lang {
                Lang::En => "en",
                Lang::It => "it",
            };
            check_snapshot(
                &format!("levels_start_{name}_{w}x{h}"),
                &zero_clocks(&screen(&a, w, h)),
            );
        }
    }
}
