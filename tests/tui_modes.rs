//! Issue 22 §2 and §4: two players at one keyboard, the engine against itself, a game from an
//! opening ballot, the position editor. Each is driven by keys through the public input
//! handler; the screens are compared with snapshots in tests/data/tui/ at 80x24 and 120x40
//! in both languages (`DAMA_UPDATE_SNAPSHOTS=1` rewrites them).

mod tui_common;

use tui_common::{
    answer_search, check_snapshot, pending_search, play_by_keys, press, screen, zero_clocks,
};

use dama::engine::Strength;
use dama::notation::fen;
use dama::rules::{Color, DrawReason, Game, Outcome, Position, RuleSet, WinReason};
use dama::tui::app::{Overlay, Players, Purpose, Question, Report, Request};
use dama::tui::input::{Action, Context};
use dama::tui::{App, GameSettings, Lang, Look};
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dama-modes-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn config(lang: Lang, players: Players) -> GameSettings {
    let mut c = GameSettings::new(RuleSet::Italian);
    c.look = Look::Ascii;
    c.autosave = None;
    c.lang = lang;
    c.players = players;
    c
}

fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::It => "it",
    }
}

fn report() -> Report {
    Report {
        depth: 5,
        score: 0,
        nodes: 100,
        nps: 1000,
        pv: Vec::new(),
        tables: false,
    }
}

/// Whether the app asked the engine for a move since the last look.
fn asked_for_a_move(app: &mut App) -> bool {
    app.take_requests().iter().any(|r| {
        matches!(
            r,
            Request::Search {
                purpose: Purpose::Move,
                ..
            }
        )
    })
}

/// The archived records in `dir`'s archive.
fn archived(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("archive"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
}

const TWO: Players = Players::TwoPlayers { turn: true };

/// Two players at one keyboard on the Italian start position, in `lang`.
fn two_players(lang: Lang) -> App {
    App::new(
        config(lang, TWO),
        Game::new(Position::start(RuleSet::Italian)),
    )
}

/// [`two_players`] on a 100x32 terminal.
fn two_players_at_100x32(lang: Lang) -> App {
    let mut app = two_players(lang);
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    app
}

/// Both sides are moved by keys, the engine is never asked for a move, and the board turns to
/// the side to move; `u` takes back one ply (the last mover's).
/// The editor opened on the Italian start position from a game against the engine, in
/// `lang`, at `size` (columns, rows) if given.
fn editor_at_start(lang: Lang, size: Option<(u16, u16)>) -> App {
    let mut a = App::new(
        config(lang, Players::Engine),
        Game::new(Position::start(RuleSet::Italian)),
    );
    if let Some((width, height)) = size {
        a.update(Action::Resize { width, height });
    }
    a.open_editor(&Position::start(RuleSet::Italian), None);
    a
}

#[test]
fn two_players_move_in_turn_and_the_board_turns() {
    let mut app = two_players(Lang::En);
    assert!(!asked_for_a_move(&mut app));
    assert!(!app.flipped());
    play_by_keys(&mut app, "22-18");
    assert!(app.flipped(), "Black to move: the board faces Black");
    assert!(!asked_for_a_move(&mut app));
    play_by_keys(&mut app, "10-14");
    assert!(!app.flipped());
    assert_eq!(app.game().ply(), 2);
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game().ply(), 1, "one ply back");
    assert!(app.flipped());
    assert!(!asked_for_a_move(&mut app));
    // The board left as it is when asked.
    let mut fixed = App::new(
        config(Lang::En, Players::TwoPlayers { turn: false }),
        Game::new(Position::start(RuleSet::Italian)),
    );
    play_by_keys(&mut fixed, "22-18");
    assert!(!fixed.flipped());
    assert_eq!(fixed.side_to_move(), Color::Black);
    assert!(fixed.person_to_move());
}

/// A draw offer is answered by the other player: declined, the game goes on; accepted, it
/// ends drawn by agreement and is archived with both players named by their colours.
/// QA4 play: at the end of two players' game the dialog offered "play again (colours
/// swapped)" and `n` said "New game: you play Black (colours swapped)", to nobody in
/// particular. Two players are told a new game for two.
#[test]
fn two_players_play_again_without_a_colour_of_their_own() {
    for (lang, again, started) in [
        (Lang::En, "n    play again", "New game for two players"),
        (
            Lang::It,
            "n    gioca ancora",
            "Nuova partita a due giocatori",
        ),
    ] {
        let mut app = two_players_at_100x32(lang);
        play_by_keys(&mut app, "22-18");
        press(&mut app, KeyCode::Char('R'));
        press(&mut app, KeyCode::Char('y'));
        assert_eq!(app.overlay(), &Overlay::GameEnd);
        let text = tui_common::screen(&app, 100, 32);
        assert!(text.contains(again), "{text}");
        assert!(
            !text.contains("colours swapped") && !text.contains("colori scambiati"),
            "{text}"
        );
        press(&mut app, KeyCode::Char('n'));
        assert_eq!(app.game().ply(), 0);
        assert_eq!(app.players(), TWO);
        assert!(app.message().starts_with(started), "{}", app.message());
    }
}

#[test]
fn two_players_offer_draws_resign_and_the_game_is_archived() {
    let dir = temp_dir("two");
    let mut c = config(Lang::En, TWO);
    c.autosave = Some(dir.join("autosave.pdn"));
    let mut app = App::new(c.clone(), Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut app, "22-18");
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(
        app.overlay(),
        &Overlay::Confirm(Question::DrawOfferedByBlack)
    );
    assert_eq!(app.context(), Context::YesNo);
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.game().outcome(), None);
    assert!(
        app.message().contains("White declines"),
        "{}",
        app.message()
    );
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(
        app.game().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    assert_eq!(app.overlay(), &Overlay::GameEnd);
    let files = archived(&dir);
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    for tag in [
        "[White \"White\"]",
        "[Black \"Black\"]",
        "[Result \"1/2-1/2\"]",
        "[Termination \"agreement\"]",
    ] {
        assert!(text.contains(tag), "{tag} in\n{text}");
    }
    // Resigning: the side to move resigns, and the game is archived apart.
    press(&mut app, KeyCode::Char('n'));
    play_by_keys(&mut app, "21-17");
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(
        app.game().outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(archived(&dir).len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Italian: "s" answers yes to the other player's offer.
#[test]
fn an_italian_player_accepts_with_s() {
    let mut app = two_players(Lang::It);
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(
        app.overlay(),
        &Overlay::Confirm(Question::DrawOfferedByWhite)
    );
    press(&mut app, KeyCode::Char('s'));
    assert!(matches!(app.game().outcome(), Some(Outcome::Draw { .. })));
}

const WATCH: Players = Players::Watch {
    white: Strength::Level(2),
    black: Strength::Level(7),
};

/// The engine plays both sides, each at its own strength; Space pauses (the search is
/// stopped and none started), the right arrow plays one move and pauses again, Space goes
/// on; the player's keys for moving, taking back and offering do nothing to the game.
#[test]
fn the_engine_plays_itself_with_pause_and_step() {
    let mut app = App::new(
        config(Lang::En, WATCH),
        Game::new(Position::start(RuleSet::Italian)),
    );
    let (_, g) = pending_search(&mut app);
    assert_eq!(g.ply(), 0);
    app.update(Action::Select); // pause
    assert!(app.paused());
    assert!(
        app.take_requests()
            .iter()
            .any(|r| matches!(r, Request::Stop))
    );
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(app.game().ply(), 0);
    assert!(!asked_for_a_move(&mut app));
    press(&mut app, KeyCode::Right); // one move
    assert!(!app.paused());
    answer_search(&mut app, "22-18", report());
    assert_eq!(app.game().ply(), 1);
    assert!(app.paused(), "paused again after the step");
    assert!(!asked_for_a_move(&mut app));
    press(&mut app, KeyCode::Char(' ')); // go on
    assert!(!app.paused());
    let r = app.take_requests();
    let variety = r.iter().find_map(|r| match r {
        Request::Search {
            purpose: Purpose::Move,
            variety,
            ..
        } => Some(*variety),
        _ => None,
    });
    assert_eq!(
        variety,
        Some(Strength::Level(7).variety()),
        "Black's strength"
    );
}

/// The end of the engine's game: archived with both engines named, then the replay viewer's
/// keys step through it.
#[test]
fn the_engines_game_is_archived_then_viewed() {
    let dir = temp_dir("watch");
    let mut c = config(Lang::En, WATCH);
    c.autosave = Some(dir.join("autosave.pdn"));
    let pos = fen::parse(RuleSet::Italian, "W:W22,31:B18").unwrap();
    let mut app = App::new(c, Game::new(pos));
    answer_search(&mut app, "22x13", report());
    assert!(app.game().outcome().is_some());
    assert!(app.replay_viewer().is_some(), "the viewer is open");
    assert_eq!(app.context(), Context::Replay);
    let files = archived(&dir);
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.contains("[White \"dama (level 2)\"]"), "{text}");
    assert!(text.contains("[Black \"dama (level 7)\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    // The viewer's keys: back to the start position and forward again.
    press(&mut app, KeyCode::Left);
    assert_eq!(app.game().ply(), 0);
    press(&mut app, KeyCode::Right);
    assert_eq!(app.game().ply(), 1);
    // The autosave is not the engine's to fill.
    assert!(!dir.join("autosave.pdn").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// QA4 play: a ballot reached with the arrows ("ballot 1 of 2400") and then typed over: 1, 7
/// gave ballot 117 (the digits went on the number shown); they now make ballot 17. Digits
/// typed one after another still make one number, and Backspace still takes the last off.
#[test]
fn a_ballot_typed_over_one_chosen_with_the_arrows_is_the_number_typed() {
    use dama::tui::app::StartOpening as Opening;
    let mut a = App::start_screen(config(Lang::En, Players::Engine), None);
    tui_common::menu_to(&mut a, dama::tui::app::StartItem::Opening);
    press(&mut a, KeyCode::Right); // a ballot drawn by lot
    press(&mut a, KeyCode::Right); // ballot 1
    assert_eq!(a.start_menu().unwrap().opening, Opening::Ballot(1));
    press(&mut a, KeyCode::Char('1'));
    press(&mut a, KeyCode::Char('7'));
    assert_eq!(a.start_menu().unwrap().opening, Opening::Ballot(17));
    press(&mut a, KeyCode::Backspace);
    press(&mut a, KeyCode::Char('5'));
    assert_eq!(a.start_menu().unwrap().opening, Opening::Ballot(15));
    // The arrows again, then digits: a fresh number.
    press(&mut a, KeyCode::Right);
    assert_eq!(a.start_menu().unwrap().opening, Opening::Ballot(16));
    press(&mut a, KeyCode::Char('4'));
    assert_eq!(a.start_menu().unwrap().opening, Opening::Ballot(4));
    press(&mut a, KeyCode::Enter);
    let ballot = dama::tui::ballots::get(RuleSet::Italian, 4).unwrap();
    assert_eq!(a.game().start(), &ballot.position);
}

/// The start screen: the side line offers two players and engine v engine (with a level for
/// each side), the opening line a ballot by number; Enter starts as chosen.
#[test]
fn the_start_screen_starts_each_mode_and_a_ballot() {
    // Two players, from ballot 12 typed on its line.
    let mut a = App::start_screen(config(Lang::En, Players::Engine), None);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down); // the side line
    for _ in 0..3 {
        press(&mut a, KeyCode::Right); // black, random, two players
    }
    press(&mut a, KeyCode::Down); // the board line
    press(&mut a, KeyCode::Right); // turns
    tui_common::menu_to(&mut a, dama::tui::app::StartItem::Opening);
    press(&mut a, KeyCode::Char('1'));
    press(&mut a, KeyCode::Char('2'));
    press(&mut a, KeyCode::Enter);
    assert!(a.start_menu().is_none());
    assert_eq!(a.players(), Players::TwoPlayers { turn: true });
    let ballot = dama::tui::ballots::get(RuleSet::Italian, 12).unwrap();
    assert_eq!(a.game().start(), &ballot.position);
    assert!(a.message().contains("ballot 12"), "{}", a.message());
    assert!(!asked_for_a_move(&mut a));

    // English: the ACF's 3-move ballots, named with their moves.
    let mut a = App::start_screen(config(Lang::En, Players::Engine), None);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Right); // English
    tui_common::menu_to(&mut a, dama::tui::app::StartItem::Opening);
    press(&mut a, KeyCode::Char('1'));
    press(&mut a, KeyCode::Enter);
    let ballot = dama::tui::ballots::get(RuleSet::English, 1).unwrap();
    assert_eq!(a.game().start(), &ballot.position);
    assert!(
        a.message()
            .contains("ballot 1 (ACF 3-move ballot 001: 09-13 21-17 05-09)"),
        "{}",
        a.message()
    );

    // Engine v engine, White at level 3, Black at level 9.
    let mut a = App::start_screen(config(Lang::En, Players::Engine), None);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Left); // wraps round to engine v engine
    press(&mut a, KeyCode::Down); // White's level
    for _ in 0..3 {
        press(&mut a, KeyCode::Left);
    }
    press(&mut a, KeyCode::Down); // Black's level
    for _ in 0..3 {
        press(&mut a, KeyCode::Right);
    }
    press(&mut a, KeyCode::Enter);
    assert_eq!(
        a.players(),
        Players::Watch {
            white: Strength::Level(3),
            black: Strength::Level(9)
        }
    );
    assert!(asked_for_a_move(&mut a));
}

/// The editor by keys: an empty board, pieces put with w/b/W/B, checked before playing (the
/// reason on the message line), copied (the clipboard text for the runner and the panel),
/// then played from the start screen's choice of side.
#[test]
fn the_editor_sets_up_checks_copies_and_plays() {
    let mut a = App::start_screen(config(Lang::En, Players::Engine), None);
    // Down to "Set up a position...".
    while a.start_menu().map(|m| m.current()) != Some(dama::tui::app::StartItem::Editor) {
        press(&mut a, KeyCode::Down);
    }
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.context(), Context::Editor);
    press(&mut a, KeyCode::Char('e'));
    assert!(a.editor().unwrap().squares.iter().all(Option::is_none));
    // A white man on 22, a black king on 5.
    let go = |a: &mut App, n: u32| {
        let sq = dama::rules::Square::from_number(n).unwrap();
        while a.cursor() != (sq.row(), sq.file(RuleSet::Italian)) {
            let (r, f) = a.cursor();
            let code = if r < sq.row() {
                KeyCode::Down
            } else if r > sq.row() {
                KeyCode::Up
            } else if f < sq.file(RuleSet::Italian) {
                KeyCode::Right
            } else {
                KeyCode::Left
            };
            press(a, code);
        }
    };
    go(&mut a, 22);
    press(&mut a, KeyCode::Char('w'));
    // QA 7: one piece is "piece".
    assert!(
        screen(&a, 120, 40).contains("White 1 piece, Black 0"),
        "{}",
        screen(&a, 120, 40)
    );
    press(&mut a, KeyCode::Char('p'));
    assert_eq!(
        a.context(),
        Context::Editor,
        "not playable: Black has no piece"
    );
    assert!(
        a.message().contains("Black has no pieces"),
        "{}",
        a.message()
    );
    go(&mut a, 2);
    press(&mut a, KeyCode::Char('w'));
    press(&mut a, KeyCode::Char('p'));
    assert!(a.message().contains("crowning row"), "{}", a.message());
    press(&mut a, KeyCode::Char(' '));
    go(&mut a, 5);
    press(&mut a, KeyCode::Char('B'));
    press(&mut a, KeyCode::Char('c'));
    assert_eq!(a.take_clipboard().as_deref(), Some("W:W22:BK5"));
    assert_eq!(a.take_clipboard(), None, "handed over once");
    assert_eq!(a.editor().unwrap().fen_shown.as_deref(), Some("W:W22:BK5"));
    assert!(screen(&a, 120, 40).contains("W:W22:BK5"));
    // Black to move, then a FEN typed in instead.
    press(&mut a, KeyCode::Char('t'));
    assert_eq!(a.editor().unwrap().side, Color::Black);
    press(&mut a, KeyCode::Char('/'));
    assert_eq!(a.context(), Context::Text);
    for c in "W:W21,22:B9,K30".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.context(), Context::Editor);
    assert_eq!(a.editor().unwrap().fen(), "W:W21,22:B9,K30");
    press(&mut a, KeyCode::Char('p'));
    assert!(a.editor().is_none());
    let want = fen::parse(RuleSet::Italian, "W:W21,22:B9,K30").unwrap();
    assert_eq!(a.game().start(), &want);
    assert_eq!(a.players(), Players::Engine);
    // The player is White, to move: no search for the engine yet.
    assert!(!asked_for_a_move(&mut a));
}

/// A bad FEN is refused with the reason and the field stays open to correct; Esc leaves the
/// editor back to the start screen.
#[test]
fn the_editor_refuses_a_bad_fen_and_goes_back() {
    let mut a = App::new(
        config(Lang::It, Players::Engine),
        Game::new(Position::start(RuleSet::Italian)),
    );
    let menu = dama::tui::app::StartMenu::new(RuleSet::Italian, None);
    a.open_editor(&Position::start(RuleSet::Italian), Some(menu));
    press(&mut a, KeyCode::Char('/'));
    for c in "W:W33:B1".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.context(), Context::Text, "the field stays open");
    assert!(a.message().contains("33"), "{}", a.message());
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.context(), Context::Editor);
    // The start position is unchanged.
    assert_eq!(a.editor().unwrap().count(Color::White), 12);
    // A light square refuses a piece, with the reason (the board's own dark squares only).
    press(&mut a, KeyCode::Char('e'));
    if a.cursor_square().is_some() {
        press(&mut a, KeyCode::Right);
        if a.cursor_square().is_some() {
            press(&mut a, KeyCode::Left);
            press(&mut a, KeyCode::Left);
        }
    }
    assert!(a.cursor_square().is_none(), "on a light square");
    press(&mut a, KeyCode::Char('w'));
    assert_eq!(a.editor().unwrap().count(Color::White), 0);
    assert!(a.message().contains("case scure"), "{}", a.message());
    // The board was emptied: leaving asks first (s: si).
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.context(), Context::YesNo);
    press(&mut a, KeyCode::Char('s'));
    assert!(a.start_menu().is_some(), "back to the start screen");
}

/// Snapshots: the start screen with the two-player lines, a two-player game after a move, the
/// engine's game paused, and the editor, at 80x24 and 120x40, both languages.
#[test]
fn the_new_screens_at_both_sizes_in_both_languages() {
    for lang in Lang::ALL {
        let l = lang_name(lang);
        for (w, h) in SIZES {
            let resize = |a: &mut App| {
                a.update(Action::Resize {
                    width: w,
                    height: h,
                })
            };
            let mut a = App::start_screen(config(lang, Players::Engine), None);
            resize(&mut a);
            press(&mut a, KeyCode::Down);
            press(&mut a, KeyCode::Down);
            for _ in 0..3 {
                press(&mut a, KeyCode::Right);
            }
            check_snapshot(&format!("i22_start_two_{l}_{w}x{h}"), &screen(&a, w, h));

            let mut a = two_players(lang);
            resize(&mut a);
            play_by_keys(&mut a, "22-18");
            check_snapshot(
                &format!("i22_two_players_{l}_{w}x{h}"),
                &zero_clocks(&screen(&a, w, h)),
            );
            press(&mut a, KeyCode::Char('?'));
            check_snapshot(&format!("i22_two_help_{l}_{w}x{h}"), &screen(&a, w, h));

            let mut a = App::new(
                config(lang, WATCH),
                Game::new(Position::start(RuleSet::Italian)),
            );
            resize(&mut a);
            answer_search(&mut a, "22-18", report());
            press(&mut a, KeyCode::Char(' '));
            a.take_requests();
            check_snapshot(
                &format!("i22_watch_paused_{l}_{w}x{h}"),
                &zero_clocks(&screen(&a, w, h)),
            );
            press(&mut a, KeyCode::Char('?'));
            check_snapshot(&format!("i22_watch_help_{l}_{w}x{h}"), &screen(&a, w, h));

            let mut a = App::new(
                config(lang, Players::Engine),
                Game::new(Position::start(RuleSet::Italian)),
            );
            resize(&mut a);
            a.open_editor(
                &fen::parse(RuleSet::Italian, "W:W21,22,K30:B1,2,9").unwrap(),
                None,
            );
            press(&mut a, KeyCode::Char('c'));
            check_snapshot(&format!("i22_editor_{l}_{w}x{h}"), &screen(&a, w, h));
        }
    }
}

/// A two players' game kept for `--resume` goes on as two players' (the record names the
/// sides White and Black), not against the engine.
#[test]
fn a_two_players_game_resumes_as_one() {
    let dir = temp_dir("resume");
    let auto = dir.join("autosave.pdn");
    let mut c = config(Lang::En, TWO);
    c.autosave = Some(auto.clone());
    let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    play_by_keys(&mut app, "22-18");
    play_by_keys(&mut app, "10-14");
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit());
    let l = dama::tui::keep::load_game(&auto, RuleSet::Italian).unwrap();
    assert!(l.two_players);
    assert_eq!(l.human, None);
    // The start screen's Resume continues it for two players: no engine search.
    let mut c = config(Lang::En, Players::Engine);
    c.autosave = Some(auto.clone());
    let mut a = App::start_screen(c, Some("kept".into()));
    tui_common::menu_to(&mut a, dama::tui::app::StartItem::Resume);
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.game().ply(), 2);
    assert_eq!(a.players(), Players::TwoPlayers { turn: false });
    assert!(!asked_for_a_move(&mut a));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The engine's game started from the start screen ends in the viewer, whose `q` goes back
/// to the start screen.
#[test]
fn the_engines_game_goes_back_to_the_start_screen() {
    let mut a = App::start_screen(config(Lang::En, Players::Engine), None);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Left); // engine v engine
    press(&mut a, KeyCode::Enter);
    let mut plies = 0;
    while a.game().outcome().is_none() {
        let (id, g) = pending_search(&mut a);
        let best = g.legal_moves()[0];
        a.update(Action::Engine(dama::tui::app::EngineMsg::Done {
            id,
            best: Some(best),
            report: report(),
        }));
        plies += 1;
        assert!(plies < 1000, "the game ends");
    }
    assert!(a.replay_viewer().is_some());
    press(&mut a, KeyCode::Char('q'));
    assert!(!a.should_quit());
    assert!(a.start_menu().is_some(), "back to the start screen");
}

/// The mouse in the editor: a left click puts a white man, again a white king; a right
/// click empties the square.
#[test]
fn the_editor_takes_the_mouse() {
    use ratatui::crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let mut a = editor_at_start(Lang::En, Some((100, 32)));
    press(&mut a, KeyCode::Char('e'));
    let sq = dama::rules::Square::from_number(18).unwrap();
    let screen = dama::tui::layout::Screen::new(ratatui::layout::Rect::new(0, 0, 100, 32)).unwrap();
    let cell = screen.cell(sq.row(), sq.file(RuleSet::Italian));
    let (x, y) = (cell.x + cell.width / 2, cell.y + cell.height / 2);
    let click = |a: &mut App, button| {
        let ev = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(button),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        });
        let action = dama::tui::input::map(&ev, a.context()).unwrap();
        a.update(action);
    };
    let on = |a: &App| a.editor().unwrap().squares[sq.index()];
    click(&mut a, MouseButton::Left);
    assert_eq!(
        on(&a).map(|p| (p.color, p.kind)),
        Some((Color::White, dama::rules::Kind::Man))
    );
    click(&mut a, MouseButton::Left);
    assert_eq!(
        on(&a).map(|p| (p.color, p.kind)),
        Some((Color::White, dama::rules::Kind::King))
    );
    click(&mut a, MouseButton::Right);
    assert_eq!(on(&a), None);
    assert_eq!(a.context(), Context::Editor, "a right click does not leave");
}

/// A FEN pasted into the terminal (bracketed paste) is read at once in the editor, with the
/// editor's keys untouched by its letters; a bad one stays in the field; a paste into a yes/no
/// question is dropped rather than answering it.
#[test]
fn a_pasted_fen_is_read_and_a_stray_paste_does_nothing() {
    use ratatui::crossterm::event::Event;
    let paste = |a: &mut App, text: &str| {
        if let Some(action) = dama::tui::input::map(&Event::Paste(text.into()), a.context()) {
            a.update(action);
        }
    };
    let mut a = editor_at_start(Lang::En, None);
    paste(&mut a, "B:W21,22:BK1,9\n");
    assert_eq!(a.context(), Context::Editor);
    assert_eq!(a.editor().unwrap().fen(), "B:W21,22:BK1,9");
    paste(&mut a, "W:W40:B1");
    assert_eq!(a.context(), Context::Text, "left in the field to correct");
    assert!(a.message().contains("40"), "{}", a.message());
    // A yes/no question ignores a paste.
    let mut b = two_players(Lang::It);
    press(&mut b, KeyCode::Char('d'));
    assert_eq!(b.context(), Context::YesNo);
    paste(&mut b, "si");
    assert_eq!(b.context(), Context::YesNo);
    assert_eq!(b.game().outcome(), None);
}

/// `a` in the editor opens the analysis board on the edited position once it passes the
/// checks (a position that does not is refused with the reason); `q` there comes back to the
/// editor as it was, with no search left running.
#[test]
fn the_editor_opens_the_analysis_board_and_comes_back() {
    let mut a = App::new(
        config(Lang::En, Players::Engine),
        Game::new(Position::start(RuleSet::Italian)),
    );
    a.take_requests();
    let menu = dama::tui::app::StartMenu::new(RuleSet::Italian, None);
    a.open_editor(&Position::start(RuleSet::Italian), Some(menu));
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Char('a'));
    assert_eq!(a.context(), Context::Editor, "an empty board is refused");
    assert!(a.message().contains("Cannot analyse"), "{}", a.message());
    press(&mut a, KeyCode::Char('/'));
    for c in "W:W21,22:B9,K30".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    press(&mut a, KeyCode::Char('a'));
    assert_eq!(a.context(), Context::Analysis);
    let want = fen::parse(RuleSet::Italian, "W:W21,22:B9,K30").unwrap();
    assert_eq!(a.game().position(), &want);
    let analysed: Vec<Game> = a
        .take_requests()
        .into_iter()
        .filter_map(|r| match r {
            Request::Analyse { game, .. } => Some(*game),
            _ => None,
        })
        .collect();
    assert_eq!(analysed.len(), 1, "one analysis asked for");
    assert_eq!(analysed[0].position(), &want, "of the edited position");
    assert!(a.thinking().is_some());
    press(&mut a, KeyCode::Char('q'));
    assert_eq!(a.context(), Context::Editor);
    assert!(a.thinking().is_none(), "no search left running");
    assert!(
        a.take_requests().iter().any(|r| matches!(r, Request::Stop)),
        "the analysis was stopped"
    );
    assert_eq!(a.editor().unwrap().fen(), "W:W21,22:B9,K30");
    // The editor's keys still work: `p` plays it.
    press(&mut a, KeyCode::Char('p'));
    assert!(a.editor().is_none());
    assert_eq!(a.game().start(), &want);
}

/// QA practice: on the smallest board (59x11 and up, here 60x20) the FEN being typed and the
/// FEN copied stay on screen: they came after the keys, below the panel's foot, so a FEN was
/// typed blind and a copied one was not there to select.
#[test]
fn the_editors_fen_field_and_copied_fen_show_on_a_small_terminal() {
    for lang in Lang::ALL {
        for (w, h) in [(60, 20), (59, 11)] {
            let mut a = editor_at_start(lang, Some((w, h)));
            press(&mut a, KeyCode::Char('/'));
            for c in "W:W21:B1".chars() {
                press(&mut a, KeyCode::Char(c));
            }
            let text = screen(&a, w, h);
            assert!(text.contains("W:W21:B1"), "{lang:?} {w}x{h}:\n{text}");
            press(&mut a, KeyCode::Enter);
            press(&mut a, KeyCode::Char('c'));
            let text = screen(&a, w, h);
            assert!(text.contains("W:W21:B1"), "{lang:?} {w}x{h}:\n{text}");
        }
    }
}

/// QA5 practice: at 60x20 the Italian editor lost its last key line under the panel's foot.
/// `?` opens every key of the editor in the help's box (paged where short), in both
/// languages; any key turns the page or closes it and the set-up is as it was.
#[test]
fn the_editors_keys_are_all_in_its_help() {
    for lang in Lang::ALL {
        for (w, h) in [(100u16, 32u16), (60, 20), (59, 11)] {
            let mut a = editor_at_start(lang, Some((w, h)));
            press(&mut a, KeyCode::Char('e'));
            let before = a.editor().unwrap().squares;
            press(&mut a, KeyCode::Char('?'));
            let mut seen = String::new();
            for _ in 0..10 {
                if a.overlay() != &dama::tui::app::Overlay::Help {
                    break;
                }
                seen.push_str(&screen(&a, w, h));
                press(&mut a, KeyCode::Char(' '));
            }
            assert_eq!(a.overlay(), &dama::tui::app::Overlay::None);
            for (key, what) in lang.editor_keys() {
                // The help's key column is 14 wide: a longer key runs into its description.
                assert!(key.chars().count() <= 14, "{key}");
                assert!(seen.contains(key), "{key} missing at {w}x{h}:\n{seen}");
                let start: String = what.chars().take(12).collect();
                assert!(seen.contains(&start), "{what} missing at {w}x{h}:\n{seen}");
            }
            // The space that closed the help did not empty a square: nothing changed.
            assert_eq!(a.editor().unwrap().squares, before);
        }
    }
}

/// QA practice: opened from a start screen set to a random colour, the editor shows White as
/// who plays; the first `o` goes on to Black (it used to give White again, doing nothing).
#[test]
fn the_editors_o_moves_on_from_a_random_colour() {
    let mut a = App::new(
        config(Lang::En, Players::Engine),
        Game::new(Position::start(RuleSet::Italian)),
    );
    let mut menu = dama::tui::app::StartMenu::new(RuleSet::Italian, None);
    menu.side = dama::tui::app::StartSide::Random;
    a.open_editor(&Position::start(RuleSet::Italian), Some(menu));
    assert!(screen(&a, 100, 32).contains("Play: White"));
    press(&mut a, KeyCode::Char('o'));
    assert_eq!(a.editor().unwrap().play, dama::tui::app::StartSide::Black);
    assert!(screen(&a, 100, 32).contains("Play: Black"));
}

/// QA practice: a right click empties the square clicked. It emptied the cursor's square
/// instead (the last one clicked or walked to), wherever the click was.
#[test]
fn a_right_click_in_the_editor_empties_the_square_clicked() {
    use ratatui::crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let mut a = editor_at_start(Lang::En, Some((100, 32)));
    let screen = dama::tui::layout::Screen::new(ratatui::layout::Rect::new(0, 0, 100, 32)).unwrap();
    let click = |a: &mut App, n: u32, button| {
        let sq = dama::rules::Square::from_number(n).unwrap();
        let cell = screen.cell(sq.row(), sq.file(RuleSet::Italian));
        let ev = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(button),
            column: cell.x + cell.width / 2,
            row: cell.y + cell.height / 2,
            modifiers: KeyModifiers::NONE,
        });
        let action = dama::tui::input::map(&ev, a.context()).unwrap();
        a.update(action);
    };
    let on = |a: &App, n: u32| a.editor().unwrap().squares[n as usize - 1];
    // The cursor on 21 (a left click there, which cycles its man to a king).
    click(&mut a, 21, MouseButton::Left);
    assert!(on(&a, 21).is_some());
    click(&mut a, 26, MouseButton::Right);
    assert_eq!(on(&a, 26), None, "the square clicked is emptied");
    assert!(on(&a, 21).is_some(), "the cursor's square is left alone");
    assert_eq!(a.editor().unwrap().count(Color::White), 11);
}

/// QA practice: a position set up is not lost to one key. `q` or Esc (easily pressed once too
/// often after the FEN field) left the editor at once; now, once the board was changed, they
/// ask (n stays, with the position; y leaves). Untouched, the editor still leaves at once.
#[test]
fn leaving_the_editor_with_a_position_set_up_asks_first() {
    for lang in Lang::ALL {
        let open = || {
            let mut a = App::new(
                config(lang, Players::Engine),
                Game::new(Position::start(RuleSet::Italian)),
            );
            a.update(Action::Resize {
                width: 100,
                height: 32,
            });
            let menu = dama::tui::app::StartMenu::new(RuleSet::Italian, None);
            a.open_editor(&Position::start(RuleSet::Italian), Some(menu));
            a
        };
        let mut a = open();
        press(&mut a, KeyCode::Esc);
        assert!(a.start_menu().is_some(), "untouched: no question");
        let mut a = open();
        press(&mut a, KeyCode::Char('e'));
        press(&mut a, KeyCode::Char('/'));
        for c in "W:W21:B1".chars() {
            press(&mut a, KeyCode::Char(c));
        }
        press(&mut a, KeyCode::Enter);
        press(&mut a, KeyCode::Esc);
        assert_eq!(a.context(), Context::YesNo);
        assert_eq!(a.overlay(), &Overlay::Confirm(Question::LeaveEditor));
        let asked = dama::tui::lang::Msg::EditLeaveQ.text(lang);
        let prefix: String = asked.chars().take(20).collect();
        assert!(screen(&a, 100, 32).contains(&prefix));
        // Esc again answers no: the position stays.
        press(&mut a, KeyCode::Esc);
        assert_eq!(a.context(), Context::Editor);
        assert_eq!(a.editor().unwrap().fen(), "W:W21:B1");
        press(&mut a, KeyCode::Char('q'));
        press(&mut a, KeyCode::Char('n'));
        assert_eq!(a.editor().unwrap().fen(), "W:W21:B1");
        press(&mut a, KeyCode::Char('q'));
        press(&mut a, KeyCode::Char('y'));
        assert!(a.start_menu().is_some());
    }
}

/// QA practice: `i` puts the start position and nothing else: who plays and the level chosen
/// stay (they went back to White and level 6).
#[test]
fn the_editors_start_position_keeps_who_plays_and_the_level() {
    let mut a = editor_at_start(Lang::En, None);
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Char('o'));
    press(&mut a, KeyCode::Char('+'));
    let (play, level) = (a.editor().unwrap().play, a.editor().unwrap().level);
    press(&mut a, KeyCode::Char('i'));
    let e = a.editor().unwrap();
    assert_eq!((e.play, e.level), (play, level));
    assert_eq!(e.count(Color::White), 12);
}

/// QA pass 5: `dama edit --rules english` opened the editor turned for Black (the rule set's
/// first to move) under "Play: White", and from the start screen after a game as Black it
/// kept that game's turn; the editor opens with White at the bottom, as the viewer does, and
/// `f` turns it.
#[test]
fn the_editor_opens_with_white_at_the_bottom() {
    for rules in [RuleSet::English, RuleSet::Italian] {
        let mut c = GameSettings::new(rules);
        c.look = Look::Ascii;
        c.autosave = None;
        c.human = Color::Black;
        let mut a = App::new(c, Game::new(Position::start(rules)));
        a.take_requests();
        a.update(Action::Resize {
            width: 100,
            height: 32,
        });
        a.open_editor(&Position::start(rules), None);
        assert!(!a.flipped(), "{rules:?}");
        assert!(screen(&a, 100, 32).contains("Play: White"));
        // Rank 8 on top, rank 1 at the foot, files a to h.
        let text = screen(&a, 100, 32);
        let row = |r: char| text.lines().position(|l| l.starts_with(r)).unwrap();
        assert!(row('8') < row('1'), "{text}");
        assert!(text.contains("     a     b     c"), "{text}");
        press(&mut a, KeyCode::Char('f'));
        assert!(a.flipped());
    }
}

/// QA pass 5: two players' `R` asked "Resign this game?", naming neither side, though it is
/// the side to move that resigns; the question names it, in both languages.
#[test]
fn two_players_resign_question_names_the_side_to_move() {
    for (lang, white, black) in [
        (Lang::En, "for White, to move", "for Black, to move"),
        (
            Lang::It,
            "Il Bianco, che ha la mossa",
            "Il Nero, che ha la mossa",
        ),
    ] {
        let mut app = two_players_at_100x32(lang);
        press(&mut app, KeyCode::Char('R'));
        assert_eq!(app.overlay(), &Overlay::Confirm(Question::ResignWhite));
        assert!(screen(&app, 100, 32).contains(white), "{lang:?}");
        press(&mut app, KeyCode::Char('n'));
        assert_eq!(app.game().outcome(), None);
        play_by_keys(&mut app, "22-18");
        press(&mut app, KeyCode::Char('R'));
        assert!(screen(&app, 100, 32).contains(black), "{lang:?}");
        press(&mut app, KeyCode::Char('y'));
        assert_eq!(
            app.game().outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Resignation
            })
        );
    }
}

/// QA pass 5: the editor's panel, its only list of keys, did not name `n` (the square
/// numbers, docs/playing.md's table); it does, in both languages, and `n` shows them.
#[test]
fn the_editors_keys_name_the_square_numbers() {
    for (lang, words) in [
        (Lang::En, "n: square numbers"),
        (Lang::It, "n: numeri delle caselle"),
    ] {
        let mut a = editor_at_start(lang, Some((100, 32)));
        assert!(screen(&a, 100, 32).contains(words), "{lang:?}");
        press(&mut a, KeyCode::Char('n'));
        assert!(a.numbers(), "{lang:?}");
    }
}
