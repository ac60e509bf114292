//! Issue 21, items 6-15 and 17: the rough edges a player meets on the way through the
//! screens (hints, the start screen, review, take-back after a flag fall, the move list, the
//! resume line, small terminals, the panel's words, the Italian screens). Each test drives the
//! app by keys; the screens that are about display are compared with snapshots in
//! tests/data/tui/ at 80x24 and 120x40 (`DAMA_UPDATE_SNAPSHOTS=1` rewrites them).

mod tui_common;

use tui_common::{
    answer_review, answer_search, check_snapshot, pending_search, play_by_keys, press, screen,
    zero_clocks,
};

use dama::engine::{Limits, Strength};
use dama::notation::fen;
use dama::notation::pdn::read_games;
use dama::rules::{Color, Game, Position, RuleSet};
use dama::tui::app::{Overlay, Purpose, Report, Request};
use dama::tui::clock::TimeControl;
use dama::tui::input::Action;
use dama::tui::viewer::Viewer;
use dama::tui::{App, GameSettings, Lang};
use ratatui::crossterm::event::KeyCode;
use std::time::Duration;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn config(lang: Lang) -> GameSettings {
    tui_common::ascii_settings(lang)
}

fn app_at(c: GameSettings, pos: Position, w: u16, h: u16) -> App {
    let mut app = App::new(c, Game::new(pos));
    app.update(Action::Resize {
        width: w,
        height: h,
    });
    app
}

/// The screen compared with `tests/data/tui/{name}.txt`.
fn check(name: &str, app: &App, w: u16, h: u16) {
    // A record made today carries today's date: written the same width every day.
    let today = dama::notation::pdn::today();
    let text = zero_clocks(&screen(app, w, h)).replace(&today, "YYYY.MM.DD");
    check_snapshot(name, &text);
}

fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::It => "it",
    }
}

fn report() -> Report {
    Report {
        depth: 9,
        score: 12,
        nodes: 4321,
        nps: 1000,
        pv: Vec::new(),
        tables: false,
    }
}

/// Item 6: a hint is the engine's best move at full strength (a fixed second on all its
/// threads), whatever the opponent's level, and the message line says so.
#[test]
fn i21_6_hints_are_full_strength_whatever_the_level() {
    for (lang, asking, given) in [
        (Lang::En, "Full-strength hint", "Full-strength hint: "),
        (Lang::It, "piena forza", "Suggerimento a piena forza: "),
    ] {
        let mut c = config(lang);
        c.strength = Strength::Level(1);
        let mut a = app_at(c, Position::start(RuleSet::Italian), 100, 32);
        press(&mut a, KeyCode::Char('t'));
        assert!(a.message().contains(asking), "{}", a.message());
        let limits = a.take_requests().into_iter().find_map(|r| match r {
            Request::Search {
                limits,
                purpose: Purpose::Hint,
                ..
            } => Some(limits),
            _ => None,
        });
        assert_eq!(limits, Some(Limits::MoveTime(Duration::from_secs(1))));
        press(&mut a, KeyCode::Char('t'));
        answer_search(&mut a, "22-18", report());
        assert!(a.message().starts_with(given), "{}", a.message());
        assert_eq!(a.hint().map(|m| m.to_string()).as_deref(), Some("22-18"));
    }
}

fn start_app(lang: Lang) -> App {
    let mut a = App::start_screen(config(lang), None);
    a.update(Action::Resize {
        width: 100,
        height: 32,
    });
    a
}

/// Item 7: Enter on a setting row starts the game with the settings shown (left/right change
/// them), as the footer says.
#[test]
fn i21_7_enter_on_a_setting_starts_the_game() {
    for row in 1..=3 {
        let mut a = start_app(Lang::En);
        for _ in 0..row {
            press(&mut a, KeyCode::Down);
        }
        if row == 3 {
            press(&mut a, KeyCode::Left); // level 6 -> 5
        }
        press(&mut a, KeyCode::Enter);
        assert!(
            a.start_menu().is_none(),
            "row {row}: still on the start screen"
        );
        let level = if row == 3 { 5 } else { 6 };
        assert_eq!(a.settings().strength, Strength::Level(level), "row {row}");
        assert_eq!(a.settings().rules, RuleSet::Italian);
    }
}

fn finished_game(lang: Lang, w: u16, h: u16) -> App {
    // White 22 takes Black's last piece on 18: over in one ply (R-G1).
    let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
    let mut a = app_at(config(lang), pos, w, h);
    play_by_keys(&mut a, "22x13");
    assert_eq!(*a.overlay(), Overlay::GameEnd);
    a
}

/// Item 8: the review the game-over dialog opens starts at the end, header and board
/// agreeing; Left steps back from there.
#[test]
fn i21_8_review_from_the_dialog_starts_at_the_end() {
    for lang in Lang::ALL {
        for (w, h) in SIZES {
            let mut a = finished_game(lang, w, h);
            press(&mut a, KeyCode::Char('r'));
            let v = a.replay_viewer().expect("the viewer is open");
            assert_eq!(v.replay().unwrap().ply(), 1);
            assert_eq!(a.game().ply(), 1, "the board shows the final position");
            answer_review(&mut a, |_| 100);
            let text = screen(&a, w, h);
            let ply = if lang == Lang::En {
                "ply 1/1"
            } else {
                "semimossa 1/1"
            };
            assert!(text.contains(ply), "{text}");
            check(
                &format!("i21_review_end_{}_{w}x{h}", lang_name(lang)),
                &a,
                w,
                h,
            );
            press(&mut a, KeyCode::Left);
            assert_eq!(a.replay_viewer().unwrap().replay().unwrap().ply(), 0);
            assert_eq!(a.game().ply(), 0);
            assert!(a.game().position().piece_at(sq(18)).is_some());
            press(&mut a, KeyCode::Right);
            assert_eq!(a.replay_viewer().unwrap().replay().unwrap().ply(), 1);
        }
    }
}

fn sq(n: u32) -> dama::rules::Square {
    dama::rules::Square::from_number(n).unwrap()
}

/// A reviewed record with two mistakes, White's first move (ply 0) and 23-19 (ply 2).
fn reviewed(lang: Lang, scores: impl Fn(usize) -> i32) -> App {
    let text = "[GameType \"22,W,8,8,N2,1\"]\n1. 22-18 12-16 2. 23-19 10-14 3. 19x10 *\n";
    let games = read_games(text, RuleSet::Italian);
    let mut a = App::viewer(config(lang), Viewer::new("g.pdn".into(), games, 0));
    a.update(Action::Resize {
        width: 100,
        height: 32,
    });
    press(&mut a, KeyCode::Char('v'));
    // Scores from the side to move's view: White's view w(ply), negated at Black's turns.
    answer_review(&mut a, |ply| {
        let w = scores(ply);
        if ply % 2 == 0 { w } else { -w }
    });
    assert!(a.review().unwrap().done());
    a
}

/// Item 9: `x` goes to the next mistake after the one shown, and after the last one back to
/// the first, saying so.
#[test]
fn i21_9_x_goes_past_the_mistake_shown() {
    // White's view: level, then -100 after 22-18, -200 after 23-19.
    let mut a = reviewed(Lang::En, |ply| match ply {
        0 => 0,
        1 | 2 => -100,
        _ => -200,
    });
    assert_eq!(a.mistakes(), vec![0, 2]);
    let ply = |a: &App| a.replay_viewer().unwrap().replay().unwrap().ply();
    press(&mut a, KeyCode::Char('x'));
    assert_eq!(ply(&a), 0);
    assert!(a.message().starts_with("Move 1: 22-18?"), "{}", a.message());
    press(&mut a, KeyCode::Char('x'));
    assert_eq!(ply(&a), 2, "the second x goes to the next mistake");
    assert!(a.message().starts_with("Move 2: 23-19?"), "{}", a.message());
    press(&mut a, KeyCode::Char('x'));
    assert_eq!(ply(&a), 0, "after the last, back to the first");
    assert!(
        a.message()
            .starts_with("No more mistakes after it: back to the first, move 1: 22-18?"),
        "{}",
        a.message()
    );
    // Stepping onto a mistake by hand, x shows that one first.
    press(&mut a, KeyCode::Right);
    press(&mut a, KeyCode::Right);
    press(&mut a, KeyCode::Char('x'));
    assert_eq!(ply(&a), 2);

    // QA 8: from the final position (where a finished game's review opens) the first x goes
    // to the first mistake without saying there are no more, and names the better move; the
    // round back to the first names it too.
    let mut a = reviewed(Lang::En, |ply| match ply {
        0 => 0,
        1 | 2 => -100,
        _ => -200,
    });
    press(&mut a, KeyCode::End);
    press(&mut a, KeyCode::Char('x'));
    assert_eq!(ply(&a), 0);
    assert!(
        a.message().starts_with("Move 1: 22-18?; better "),
        "{}",
        a.message()
    );
    press(&mut a, KeyCode::Char('x'));
    press(&mut a, KeyCode::Char('x'));
    assert!(
        a.message()
            .starts_with("No more mistakes after it: back to the first, move 1: 22-18?; better "),
        "{}",
        a.message()
    );
}

/// Item 10: a take-back after losing on time restores the position before the player's last
/// move with both clocks as they were then: the game is playable, not lost again at once.
#[test]
fn i21_10_take_back_after_a_flag_fall_gives_the_time_back() {
    let mut c = config(Lang::En);
    c.time_control = Some(TimeControl {
        base: Duration::from_millis(400),
        increment: Duration::ZERO,
    });
    let mut a = app_at(c, Position::start(RuleSet::Italian), 100, 32);
    play_by_keys(&mut a, "22-18");
    answer_search(&mut a, "11-14", report());
    std::thread::sleep(Duration::from_millis(450));
    a.update(Action::Tick);
    assert!(a.game().outcome().is_some(), "White's flag fell");
    assert_eq!(*a.overlay(), Overlay::GameEnd);
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.game().ply(), 0, "back before the player's 22-18");
    assert!(a.game().outcome().is_none(), "the game goes on");
    let left = a.clock().left(Color::White).unwrap();
    assert!(left > Duration::from_millis(250), "{left:?}");
    a.update(Action::Tick);
    assert!(a.game().outcome().is_none(), "the flag does not fall again");
    assert!(
        a.message().contains("clocks are as they were"),
        "{}",
        a.message()
    );
    assert_eq!(*a.overlay(), Overlay::None);
    // The game can be played on.
    play_by_keys(&mut a, "21-17");
    assert_eq!(a.game().ply(), 1);
    let (_, g) = pending_search(&mut a);
    assert_eq!(g.ply(), 1);

    // A game continued from a record has no clocks for its earlier turns: refused, saying why.
    let mut c = config(Lang::En);
    c.time_control = Some(TimeControl {
        base: Duration::from_millis(50),
        increment: Duration::ZERO,
    });
    let mut g = Game::new(Position::start(RuleSet::Italian));
    for m in ["22-18", "11-14"] {
        let mv = tui_common::find_move(g.position(), m);
        g.play(&mv).unwrap();
    }
    let mut a = App::new(c, g);
    a.update(Action::Resize {
        width: 100,
        height: 32,
    });
    std::thread::sleep(Duration::from_millis(80));
    a.update(Action::Tick);
    assert!(a.game().outcome().is_some());
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.game().ply(), 2, "nothing taken back");
    assert!(a.message().starts_with("Lost on time"), "{}", a.message());
}

/// Item 11: once the dialog is closed, `v` reviews the finished game from the board (and the
/// help names it); before the end it says when it works.
#[test]
fn i21_11_v_reviews_the_finished_game_from_the_board() {
    let mut a = app_at(config(Lang::En), Position::start(RuleSet::Italian), 100, 32);
    press(&mut a, KeyCode::Char('v'));
    assert!(a.replay_viewer().is_none());
    assert!(a.message().contains("once it is over"), "{}", a.message());
    press(&mut a, KeyCode::Char('?'));
    assert!(screen(&a, 100, 32).contains("review the finished game"));
    press(&mut a, KeyCode::Esc);

    for lang in Lang::ALL {
        let mut a = finished_game(lang, 100, 32);
        press(&mut a, KeyCode::Esc);
        assert_eq!(*a.overlay(), Overlay::None);
        press(&mut a, KeyCode::Char('v'));
        assert!(a.replay_viewer().is_some());
        assert!(a.review().is_some());
        // The dialog names v too.
        let a = finished_game(lang, 100, 32);
        assert!(screen(&a, 100, 32).contains("v    "));
    }
}

/// Item 12: a long capture in the move list does not run into the reply: the column is
/// widened (120x40) or the reply goes under it (80x24).
#[test]
fn i21_12_a_long_capture_keeps_the_move_list_in_columns() {
    for (w, h) in SIZES {
        let pos = fen::parse(RuleSet::Italian, "W:WK22:B18,19,10,11,1").unwrap();
        let mut a = app_at(config(Lang::En), pos, w, h);
        play_by_keys(&mut a, "22x13x6x15x22");
        answer_search(&mut a, "1-5", report());
        let text = screen(&a, w, h);
        assert!(!text.contains("x221-5"), "{text}");
        assert!(
            text.contains("1. 22x13x6x15x22  1-5")
                || (text.contains("1. 22x13x6x15x22\n") || text.contains("1. 22x13x6x15x22 ")),
            "{text}"
        );
        check(&format!("i21_long_capture_{w}x{h}"), &a, w, h);
    }
}

/// Item 13: the resume line counts moves, not plies ("1. 22-18 11-14" is one move).
#[test]
fn i21_13_the_resume_line_counts_moves() {
    let dir = std::env::temp_dir().join(format!("dama-i21-13-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.pdn");
    for (plies, en, it) in [
        (2, "1 move, 11-14", "1 mossa, 11-14"),
        (3, "2 moves, last 18x11", "2 mosse, ultima 18x11"),
        (4, "2 moves, last 7x14", "2 mosse, ultima 7x14"),
    ] {
        let mut g = Game::new(Position::start(RuleSet::Italian));
        for m in ["22-18", "11-14", "18x11", "7x14"].into_iter().take(plies) {
            let mv = tui_common::find_move(g.position(), m);
            g.play(&mv).unwrap();
        }
        dama::tui::keep::write_game(&g, Color::White, "dama (level 1)", &path).unwrap();
        let l = dama::tui::keep::load_game(&path, RuleSet::Italian).unwrap();
        let (e, i) = (l.summary.text(Lang::En), l.summary.text(Lang::It));
        assert!(e.ends_with(en), "{e}");
        assert!(i.ends_with(it), "{i}");
        // Item 17: dama's own names in Italian on the resume line.
        assert!(i.starts_with("Tu (Bianco) contro dama (livello 1)"), "{i}");
        assert!(e.starts_with("You (White) v dama (level 1)"), "{e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 14: at the smallest board size the panel keeps the clocks whole, and at 80x24 the
/// help keeps its rules note and the status line its message.
#[test]
fn i21_14_the_essentials_fit_the_small_sizes() {
    for lang in Lang::ALL {
        let mut c = config(lang);
        c.time_control = Some("5+3".parse().unwrap());
        let pos = fen::parse(RuleSet::Italian, "W:WK22,K23,30,31:B1,2,K5,6").unwrap();
        let a = app_at(c, pos, 60, 15);
        let text = screen(&a, 60, 15);
        for l in text
            .lines()
            .filter(|l| l.contains("(2K)") || l.contains("(2D)"))
        {
            assert!(
                l.trim_end().ends_with("5:00") || l.trim_end().ends_with("4:59"),
                "a cut clock: {l}\n{text}"
            );
        }
        check(&format!("i21_small_{}_60x15", lang_name(lang)), &a, 60, 15);

        // The help at 60x15: pages of whole lines, any key the next page, then closed.
        for replay in [false, true] {
            let pages = dama::tui::app::help_pages(lang, replay, 60, 15);
            assert!(replay || pages.len() > 1, "{pages:?}");
            for page in &pages {
                assert!(page.len() + 2 <= 15, "{page:?}");
                for l in page {
                    assert!(l.chars().count() <= 56, "cut: {l:?}");
                }
            }
        }
        // QA4 play: Ctrl-Z suspends (README's keys) and the help lists it, for one player
        // and for two.
        for which in [
            dama::tui::app::HelpKeys::Board,
            dama::tui::app::HelpKeys::TwoPlayers,
        ] {
            let all = dama::tui::app::help_pages_of(lang, which, 100, 40)
                .concat()
                .join(" ");
            assert!(all.contains("Ctrl-Z"), "{all}");
        }
        // QA 12: the rules notes are on the last page, not dropped.
        let plies = if lang == Lang::En {
            "80 plies"
        } else {
            "80 semimosse"
        };
        let pages = dama::tui::app::help_pages(lang, false, 60, 15);
        let last = pages.last().unwrap().join(" ");
        assert!(last.contains(plies), "{pages:?}");
        let mut a = a;
        // Esc closes the paged help at once.
        press(&mut a, KeyCode::Char('?'));
        press(&mut a, KeyCode::Esc);
        assert_eq!(*a.overlay(), Overlay::None);
        press(&mut a, KeyCode::Char('?'));
        let pages = dama::tui::app::help_pages(lang, false, 60, 15).len();
        for page in 0..pages {
            assert_eq!(*a.overlay(), Overlay::Help);
            assert_eq!(a.help_page(), page);
            check(
                &format!("i21_help_{}_60x15_{}", lang_name(lang), page + 1),
                &a,
                60,
                15,
            );
            press(&mut a, KeyCode::Char(' '));
        }
        assert_eq!(*a.overlay(), Overlay::None);

        let mut a = app_at(config(lang), Position::start(RuleSet::Italian), 80, 24);
        press(&mut a, KeyCode::Char('?'));
        let text = screen(&a, 80, 24);
        let rules = if lang == Lang::En {
            "80 plies"
        } else {
            "80 semimosse"
        };
        assert!(text.contains(rules), "{text}");
        check(&format!("i21_help_{}_80x24", lang_name(lang)), &a, 80, 24);
    }
}

/// Item 15: the panel says who took whose pieces; a long replay path keeps its file name;
/// `q` in a replay opened from the start screen goes back there; playing on from a review
/// clears the review's engine line; a review with no mistakes says so and offers no `x`.
#[test]
fn i21_15_panel_words_and_the_way_back() {
    for lang in Lang::ALL {
        for (w, h) in SIZES {
            let pos = fen::parse(RuleSet::Italian, "W:W22,30:B18,10,1").unwrap();
            let mut a = app_at(config(lang), pos, w, h);
            play_by_keys(&mut a, "22x13x6");
            let text = screen(&a, w, h);
            let taken = if lang == Lang::En {
                "White has taken 2, Black 0"
            } else {
                "Il Bianco ha mangiato 2, il Nero 0"
            };
            assert!(text.contains(taken), "{text}");
            check(&format!("i21_taken_{}_{w}x{h}", lang_name(lang)), &a, w, h);
        }
    }

    // A replay title keeps the file's name whole.
    let dir = std::env::temp_dir().join(format!(
        "dama-i21-15-{}/a-rather-long-folder-name/and-another-one",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("club-night-2026.pdn");
    std::fs::write(
        &file,
        "[White \"You\"]\n[Black \"dama (level 1)\"]\n[Result \"*\"]\n\
         [GameType \"22,W,8,8,N2,1\"]\n1. 22-18 {-0.10 (best 21-17 +0.05)} 12-16 *\n",
    )
    .unwrap();
    for lang in Lang::ALL {
        for (w, h) in SIZES {
            let mut a = App::start_screen(config(lang), None);
            a.update(Action::Resize {
                width: w,
                height: h,
            });
            // Down to the Replay line (where it is depends on the lines above it).
            while a.start_menu().map(|m| m.current()) != Some(dama::tui::app::StartItem::Replay) {
                press(&mut a, KeyCode::Down);
            }
            press(&mut a, KeyCode::Enter);
            for c in file.display().to_string().chars() {
                press(&mut a, KeyCode::Char(c));
            }
            press(&mut a, KeyCode::Enter);
            assert!(a.replay_viewer().is_some(), "{:?}", a.start_menu());
            press(&mut a, KeyCode::Right);
            let text = screen(&a, w, h);
            assert!(text.contains("club-night-2026.pdn"), "{text}");
            if lang == Lang::It {
                // Item 17: dama's names and the annotation's word in Italian.
                assert!(text.contains("Bianco: Tu"), "{text}");
                assert!(text.contains("Nero: dama (livello 1)"), "{text}");
                assert!(text.contains("(migliore 21-17"), "{text}");
            }
            check(&format!("i21_replay_{}_{w}x{h}", lang_name(lang)), &a, w, h);
            press(&mut a, KeyCode::Char('q'));
            assert!(!a.should_quit());
            assert!(a.start_menu().is_some(), "back on the start screen");
            assert!(a.replay_viewer().is_none());
        }
    }
    let _ = std::fs::remove_dir_all(dir.parent().unwrap().parent().unwrap());

    // Playing on from a review: the review's engine line goes.
    let mut a = reviewed(Lang::En, |_| 0);
    assert!(a.last_search().is_some(), "the review's last search");
    assert_eq!(
        a.message(),
        "Review done: no mistakes found",
        "no x offered for none"
    );
    let text = screen(&a, 100, 32);
    assert!(text.contains("Review: no mistakes"), "{text}");
    assert!(!text.contains("x next"), "{text}");
    press(&mut a, KeyCode::Char('p'));
    assert!(a.replay_viewer().is_none());
    assert!(a.last_search().is_none());
    assert!(screen(&a, 100, 32).contains("No engine search yet"));
}

/// Item 17: the Italian screens in Italian: "s" answers yes (and "y" still does), a picked
/// man is "la pedina", the start screen's colour row, the kept game "interrotta".
#[test]
fn i21_17_italian_words_and_keys() {
    let mut a = app_at(config(Lang::It), Position::start(RuleSet::Italian), 100, 32);
    play_by_keys(&mut a, "22-18");
    press(&mut a, KeyCode::Char('R'));
    assert!(screen(&a, 100, 32).contains("(s sì / n no)"));
    press(&mut a, KeyCode::Char('s'));
    assert!(a.game().outcome().is_some(), "s answers yes in Italian");

    let mut a = app_at(config(Lang::It), Position::start(RuleSet::Italian), 100, 32);
    play_by_keys(&mut a, "22-18");
    press(&mut a, KeyCode::Char('R'));
    press(&mut a, KeyCode::Char('y'));
    assert!(a.game().outcome().is_some(), "y still answers yes");

    // In English s is no answer: the question stays.
    let mut a = app_at(config(Lang::En), Position::start(RuleSet::Italian), 100, 32);
    play_by_keys(&mut a, "22-18");
    press(&mut a, KeyCode::Char('R'));
    press(&mut a, KeyCode::Char('s'));
    assert!(matches!(a.overlay(), Overlay::Confirm(_)));
    assert!(a.game().outcome().is_none());

    let mut a = app_at(config(Lang::It), Position::start(RuleSet::Italian), 100, 32);
    tui_common::choose_square(&mut a, sq(22));
    assert!(
        a.message().starts_with("Hai scelto la pedina 22"),
        "{}",
        a.message()
    );

    // A file that cannot be loaded is said in Italian.
    let mut a = App::start_screen(config(Lang::It), None);
    while a.start_menu().map(|m| m.current()) != Some(dama::tui::app::StartItem::Load) {
        press(&mut a, KeyCode::Down);
    }
    press(&mut a, KeyCode::Enter);
    for c in "/nonexistent/dama-i21.pdn".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    let error = a
        .start_menu()
        .and_then(|m| m.error.clone())
        .unwrap_or_default();
    assert!(
        error.starts_with("impossibile leggere /nonexistent/dama-i21.pdn"),
        "{error}"
    );

    // The list of a file's games names dama's players in Italian too.
    let two = "[White \"You\"]\n[Black \"dama (level 1)\"]\n[Result \"*\"]\n1. 22-18 *\n\n\
               [White \"dama (depth 12)\"]\n[Black \"You\"]\n[Result \"*\"]\n1. 21-17 *\n";
    let games = read_games(two, RuleSet::Italian);
    let mut a = App::viewer(config(Lang::It), Viewer::new("g.pdn".into(), games, 0));
    a.update(Action::Resize {
        width: 100,
        height: 32,
    });
    a.show_game_list();
    let text = screen(&a, 100, 32);
    assert!(text.contains("1. Tu - dama (livello 1)"), "{text}");
    assert!(text.contains("2. dama (profondità 12) - Tu"), "{text}");

    for (w, h) in SIZES {
        let mut a = App::start_screen(config(Lang::It), Some("Tu (Bianco) contro dama".into()));
        a.update(Action::Resize {
            width: w,
            height: h,
        });
        let text = screen(&a, w, h);
        assert!(text.contains("Colore   < Bianco >"), "{text}");
        assert!(text.contains("Riprendi la partita interrotta"), "{text}");
        check(&format!("i21_start_it_{w}x{h}"), &a, w, h);
    }
}

/// A question longer than the screen is wide wraps inside its box: the answer keys at its end
/// are never cut off (at 100 columns "Quit? You have not moved ..." lost its "(y/n)").
#[test]
fn a_long_question_wraps_and_keeps_its_answer_keys() {
    for (lang, keys) in [(Lang::En, "(y/n)"), (Lang::It, "(s sì / n no)")] {
        for w in [60, 80, 100] {
            let mut c = config(lang);
            c.human = Color::Black;
            let mut app = app_at(c, Position::start(RuleSet::Italian), w, 24);
            answer_search(&mut app, "21-18", Report::default());
            press(&mut app, KeyCode::Char('q'));
            assert!(matches!(app.overlay(), Overlay::Confirm(_)));
            let text = screen(&app, w, 24);
            assert!(text.contains(keys), "{lang:?} at {w} columns:\n{text}");
        }
    }
}
