//! Issue 26 §2: the opening book on the board. The start screen's Book line turns it off (the
//! engine then searches its opening moves), it is remembered in settings.toml, two players
//! have no such line; snapshots at 80x24 and 120x40 in both languages
//! (`DAMA_UPDATE_SNAPSHOTS=1` rewrites them).

mod tui_common;

use tui_common::{check_snapshot, press, screen};

use dama::rules::Color;
use dama::tui::app::{Purpose, Request, StartItem};
use dama::tui::{App, GameSettings, Lang};
use ratatui::crossterm::event::KeyCode;

fn config(lang: Lang) -> GameSettings {
    tui_common::ascii_settings(lang)
}

fn start(c: GameSettings, w: u16, h: u16) -> App {
    tui_common::start_sized(c, w, h)
}

/// Down to the Book line (rules, colour, level, clock, book).
fn to_book_line(a: &mut App) {
    for _ in 0..5 {
        press(a, KeyCode::Down);
    }
    assert_eq!(a.start_menu().unwrap().current(), StartItem::Book);
}

/// Whether the engine's move search asks for the book, if a move search was asked for.
fn move_search_book(a: &mut App) -> Option<bool> {
    a.take_requests().into_iter().find_map(|r| match r {
        Request::Search {
            purpose: Purpose::Move,
            book,
            ..
        } => Some(book),
        _ => None,
    })
}

#[test]
fn the_book_line_turns_the_book_off_for_the_engines_moves() {
    for (lang, on, off) in [
        (
            Lang::En,
            "Book     < the engine plays its openings from its book >",
            "Book     < off: the engine searches every move >",
        ),
        (
            Lang::It,
            "Libro    < il computer gioca le aperture dal suo libro >",
            "Libro    < no: il computer calcola ogni mossa >",
        ),
    ] {
        // On by default: the engine (White, the player Black) asks for the book.
        let mut a = start(config(lang), 100, 32);
        assert!(screen(&a, 100, 32).contains(on), "{}", screen(&a, 100, 32));
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Right); // Black: the engine moves first
        press(&mut a, KeyCode::Enter);
        assert_eq!(a.settings().human, Color::Black);
        assert!(a.settings().book);
        assert_eq!(move_search_book(&mut a), Some(true));

        // Off: Left or Right on the line toggles it, Enter there starts the game.
        let mut a = start(config(lang), 100, 32);
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Right);
        for _ in 0..3 {
            press(&mut a, KeyCode::Down);
        }
        assert_eq!(a.start_menu().unwrap().current(), StartItem::Book);
        press(&mut a, KeyCode::Left);
        assert!(!a.start_menu().unwrap().book);
        let text = screen(&a, 100, 32);
        assert!(text.contains(off), "{text}");
        press(&mut a, KeyCode::Enter);
        assert!(a.start_menu().is_none(), "the game started");
        assert!(!a.settings().book);
        assert_eq!(move_search_book(&mut a), Some(false));
    }
}

#[test]
fn two_players_have_no_book_line_and_watching_has_one() {
    let mut a = start(config(Lang::En), 100, 32);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down);
    for (steps, book) in [(3, false), (1, true)] {
        // White, then Black, Random, Two players (no engine), Watch (the engine both sides).
        for _ in 0..steps {
            press(&mut a, KeyCode::Right);
        }
        let items = a.start_menu().unwrap().items();
        assert_eq!(items.contains(&StartItem::Book), book, "{items:?}");
        assert_eq!(screen(&a, 100, 32).contains("Book     <"), book);
    }
}

/// The choice is written to settings.toml with the rest, and the next start screen opens
/// with it.
#[test]
fn the_book_choice_is_remembered() {
    use dama::tui::prefs;
    let dir = std::env::temp_dir().join(format!("dama-book-prefs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("settings.toml");
    let mut c = config(Lang::En);
    c.prefs = Some(file.clone());
    let mut a = start(c.clone(), 100, 32);
    to_book_line(&mut a);
    press(&mut a, KeyCode::Right);
    press(&mut a, KeyCode::Enter);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("book = false"), "{text}");
    let r = prefs::load(&file).unwrap();
    assert_eq!(r.book, Some(false));
    let mut b = start(c, 100, 32);
    b.remember(Ok(&r));
    assert!(!b.start_menu().unwrap().book);
    assert!(screen(&b, 100, 32).contains("Book     < off"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The start screen with the book turned off, both languages, 80x24 and 120x40.
#[test]
fn start_screen_with_the_book_off_snapshots() {
    for lang in [Lang::En, Lang::It] {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut a = start(config(lang), w, h);
            to_book_line(&mut a);
            press(&mut a, KeyCode::Right);
            let name = match lang {
                Lang::En => "en",
                Lang::It => "it",
            };
            check_snapshot(&format!("book_off_start_{name}_{w}x{h}"), &screen(&a, w, h));
        }
    }
}
