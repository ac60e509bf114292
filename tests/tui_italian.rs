//! The board in Italian, driven by keys as a player would: refused moves say why in Italian
//! (with the game's own words: presa obbligatoria, "la pedina non può mangiare la dama", the
//! regole di precedenza), the engine's move, the draw offer and the game-end dialog.

mod tui_common;

use tui_common::{answer_search, press};

use dama::notation::fen;
use dama::rules::{Color, Game, Position, RuleSet, Square};
use dama::tui::app::{Overlay, Question, Report};
use dama::tui::input::Action;
use dama::tui::view;
use dama::tui::{App, GameSettings, Lang};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

fn italian(fen_text: Option<&str>) -> App {
    let mut c = GameSettings::new(RuleSet::Italian);
    c.lang = Lang::It;
    c.save_dir = std::env::temp_dir();
    c.autosave = None;
    let pos = match fen_text {
        Some(f) => fen::parse(RuleSet::Italian, f).unwrap(),
        None => Position::start(RuleSet::Italian),
    };
    let mut app = App::new(c, Game::new(pos));
    app.update(Action::Resize {
        width: 80,
        height: 24,
    });
    app
}

/// Walks the cursor to square `n` with the arrow keys and presses Enter.
fn choose(app: &mut App, n: u32) {
    let s = Square::from_number(n).unwrap();
    let (row, file) = (s.row(), s.file(RuleSet::Italian));
    for _ in 0..16 {
        let (r, f) = app.cursor();
        let key = if r < row {
            KeyCode::Down
        } else if r > row {
            KeyCode::Up
        } else if f < file {
            KeyCode::Right
        } else if f > file {
            KeyCode::Left
        } else {
            break;
        };
        press(app, key);
    }
    assert_eq!(app.cursor(), (row, file), "cursor reached {n}");
    press(app, KeyCode::Enter);
}

fn report(score: i32) -> Report {
    Report {
        depth: 5,
        score,
        nodes: 1000,
        nps: 100_000,
        pv: Vec::new(),
        tables: false,
    }
}

/// The screen as text.
fn screen(app: &App) -> String {
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    view::render(app, area, &mut buf);
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                + "\n"
        })
        .collect()
}

#[test]
fn refused_moves_say_why_in_italian() {
    // R-M3: the man on 22 may not take the king on 18.
    let mut app = italian(Some("W:W22:BK18,1"));
    choose(&mut app, 22);
    assert!(
        app.message().starts_with("Hai scelto la pedina 22"),
        "{}",
        app.message()
    );
    choose(&mut app, 13);
    assert_eq!(app.message(), "La pedina non può mangiare la dama");
    // R-M1: a man moves only forward.
    let mut app = italian(Some("W:W18:B1"));
    choose(&mut app, 18);
    choose(&mut app, 22);
    assert_eq!(app.message(), "La pedina si muove solo in avanti");
    // R-C1 and R-C5: 22 takes one man, 24 takes two; 22 may not be picked.
    let mut app = italian(Some("W:W22,24:B18,20,11"));
    choose(&mut app, 22);
    assert_eq!(
        app.message(),
        "Presa obbligatoria: precedenza alla presa di più pezzi (2) (dalla casella 24)"
    );
    assert_eq!(app.selected(), None);
    // An opponent's piece.
    choose(&mut app, 18);
    assert_eq!(app.message(), "Quel pezzo è del Nero");
}

#[test]
fn the_engine_and_the_compulsory_capture_in_italian() {
    let mut app = italian(None);
    choose(&mut app, 23);
    choose(&mut app, 19);
    assert_eq!(app.message(), "Hai giocato 23-19 (f3-e4)");
    answer_search(&mut app, "10-14", report(0));
    assert_eq!(
        app.message(),
        "Il computer ha giocato 10-14 (c6-d5): devi mangiare"
    );
    let text = screen(&app);
    assert!(text.contains("Tocca al Bianco (tu)"), "{text}");
    assert!(text.contains("Bianco (tu): 12 pezzi"), "{text}");
    // The quiet move is refused while 19 must take.
    choose(&mut app, 22);
    assert_eq!(app.message(), "Presa obbligatoria (dalla casella 19)");
}

#[test]
fn the_draw_offer_and_the_game_end_dialog_in_italian() {
    let mut app = italian(Some("W:WK29:BK4"));
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(app.message(), "Proponi la patta; il computer ci pensa…");
    // The engine judges the position level for itself (the score is from the player's view).
    answer_search(&mut app, "29-25", report(0));
    assert!(
        app.message()
            .starts_with("Il computer accetta la patta: per lui la posizione vale +0.00"),
        "{}",
        app.message()
    );
    assert_eq!(app.overlay(), &Overlay::GameEnd);
    let text = screen(&app);
    for want in [
        "Partita finita",
        "1/2-1/2   Patta.",
        "Patta per accordo",
        "dopo 0 mosse (0 semimosse)",
        "n    gioca ancora (colori scambiati)",
        "Esc  guarda la posizione finale",
    ] {
        assert!(text.contains(want), "{want:?} missing:\n{text}");
    }
    // n plays again with the colours swapped, in Italian too.
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(
        app.message(),
        "Nuova partita: giochi col Nero (colori scambiati)"
    );
}

#[test]
fn resigning_asks_and_ends_in_italian() {
    let mut app = italian(None);
    press(&mut app, KeyCode::Char('R'));
    assert_eq!(app.overlay(), &Overlay::Confirm(Question::Resign));
    assert!(screen(&app).contains("Abbandonare la partita? (s sì / n no)"));
    press(&mut app, KeyCode::Char('y'));
    assert!(
        app.message()
            .starts_with("Vince il Nero: il Bianco ha abbandonato (hai perso)"),
        "{}",
        app.message()
    );
    let text = screen(&app);
    assert!(text.contains("0-1   Hai perso."), "{text}");
    assert_eq!(app.settings().human, Color::White);
}

/// QA4 play: a game of two players at one keyboard (the record names the sides "White" and
/// "Black") was described on the Italian start screen as "White (Bianco) contro Black", and
/// listed as "White - Black"; in English "White (White) v Black".
#[test]
fn a_two_players_game_is_described_by_its_colours_in_each_language() {
    let dir = std::env::temp_dir().join(format!("dama-test-{}-it-two", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("due.pdn");
    std::fs::write(
        &path,
        "[GameType \"22\"]\n[White \"White\"]\n[Black \"Black\"]\n[Date \"2026.12.07\"]\n\
         [Result \"*\"]\n\n1. 22-18 11-15 *\n",
    )
    .unwrap();
    let loaded = dama::tui::keep::load_game(&path, RuleSet::Italian).unwrap();
    assert!(loaded.two_players);
    let it = loaded.summary.text(Lang::It);
    assert!(
        it.starts_with("Bianco contro Nero (due giocatori), 2026.12.07"),
        "{it}"
    );
    assert!(!it.contains("White") && !it.contains("Black"), "{it}");
    let en = loaded.summary.to_string();
    assert!(
        en.starts_with("White v Black (two players), 2026.12.07"),
        "{en}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_resumed_game_is_described_in_italian() {
    let dir = std::env::temp_dir().join(format!("dama-test-{}-it-summary", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("partita.pdn");
    let mut game = Game::new(Position::start(RuleSet::Italian));
    for m in ["22-18", "11-14"] {
        let mv = tui_common::find_move(game.position(), m);
        game.play(&mv).unwrap();
    }
    dama::tui::keep::write_game(&game, Color::White, "dama (depth 12)", &path).unwrap();
    let loaded = dama::tui::keep::load_game(&path, RuleSet::Italian).unwrap();
    let it = loaded.summary.text(Lang::It);
    assert!(
        it.starts_with("Tu (Bianco) contro dama (profondità 12), "),
        "{it}"
    );
    // Issue 21 item 13: "1. 22-18 11-14" is one move, not two.
    assert!(it.ends_with(", 1 mossa, 11-14"), "{it}");
    let en = loaded.summary.to_string();
    assert!(en.starts_with("You (White) v dama (depth 12), "), "{en}");
    assert!(en.ends_with(", 1 move, 11-14"), "{en}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The Italian viewer at 80x24 on the records of `file` (named `name`), at its first game.
fn italian_viewer(name: &str, file: &str) -> App {
    let games = dama::notation::pdn::read_games(file, RuleSet::Italian);
    let mut c = GameSettings::new(RuleSet::Italian);
    c.lang = Lang::It;
    c.autosave = None;
    let viewer = dama::tui::viewer::Viewer::new(name.into(), games, 0);
    let mut app = App::viewer(c, viewer);
    app.update(Action::Resize {
        width: 80,
        height: 24,
    });
    app
}

#[test]
fn the_replay_viewer_in_italian() {
    let file = r#"[Event "Serata al circolo"]
[White "Rossi"]
[Black "Bianchi"]
[Result "1-0"]
[GameType "22,W,8,8,N2,1"]
1. 23-19 10-14 2. 19x10 5x14 1-0

[Event "Rotta"]
[GameType "22,W,8,8,N2,1"]
1. 22-18 10-14 2. 18-22 *
"#;
    let mut app = italian_viewer("circolo.pdn", file);
    let text = screen(&app);
    for want in [
        "Rivedi: circolo.pdn",
        "Partita 1 di 2",
        "Bianco: Rossi",
        "Nero: Bianchi",
        "Evento: Serata al circolo",
        "semimossa 0/4",
        "Tocca al Bianco",
        "<-/-> mosse  v revisione",
    ] {
        assert!(text.contains(want), "{want:?} missing:\n{text}");
    }
    // At the end: the record's result, worded in Italian (the game was adjudicated).
    press(&mut app, KeyCode::End);
    let text = screen(&app);
    assert!(text.contains("1-0 (vince il Bianco)"), "{text}");
    // A position in the middle: p plays on from it against the computer.
    press(&mut app, KeyCode::Home);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(
        app.message(),
        "Si gioca da qui: tu hai il Nero, il computer il Bianco"
    );
}

/// QA records: a record whose result the board contradicts (the last black piece taken, the
/// record saying 0-1) ends with the board's result and names the record's beside it; the
/// viewer showed "0-1 (vince il Bianco: ...)", a result and a winner that disagree.
#[test]
fn the_viewer_names_a_record_result_the_board_contradicts_in_italian() {
    let file = "[GameType \"22\"]\n[FEN \"W:W22:B18\"]\n[Result \"0-1\"]\n\n1. 22x13 0-1\n";
    let mut app = italian_viewer("r.pdn", file);
    press(&mut app, KeyCode::End);
    let text = screen(&app);
    // The panel's lines, joined: the ending wraps.
    let panel: String = text
        .lines()
        .filter_map(|l| l.split_once('│').map(|(_, p)| p.trim()))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        panel.contains("1-0 (Vince il Bianco: il Nero non ha più pezzi; il file riporta 0-1)"),
        "{text}"
    );
}

/// QA records: why a damaged record stops is worded in Italian on the Italian viewer (the
/// panel and the list of games); it came in English ("line 4, column 4: ply 1: 31-27 is
/// illegal here: you must capture ..."). The command line keeps its English.
#[test]
fn a_damaged_record_is_explained_in_italian() {
    let file = "[GameType \"22\"]\n[FEN \"W:W22,31:B18\"]\n\n1. 31-27 *\n\n\
                [GameType \"22\"]\n1. 22-19 ; fine\n11-14 *\n";
    let games = dama::notation::pdn::read_games(file, RuleSet::Italian);
    let e = games[0].as_ref().unwrap_err();
    assert_eq!(dama::tui::lang::pdn_error(Lang::En, e), e.to_string());
    assert_eq!(
        dama::tui::lang::pdn_error(Lang::It, e),
        "riga 4, colonna 4: semimossa 1: 31-27 qui non è valida: la presa è obbligatoria \
         (valide: 22x13) (posizione W:W22,31:B18)"
    );
    let mut app = italian_viewer("rotta.pdn", file);
    let text = screen(&app);
    assert!(text.contains("Il resto non si legge: riga 4"), "{text}");
    assert!(!text.contains("illegal"), "{text}");
    press(&mut app, KeyCode::Tab);
    let text = screen(&app);
    assert!(
        text.contains("(non si può leggere: riga 4, colonna 4: semimossa"),
        "{text}"
    );
}

/// The start screen's Load list in Italian at 120 columns: a game against the top level names
/// its opponent whole (`dama (livello 14)`), not cut mid-word from the long wording
/// ("livello 14 di 14 (piena forza)").
#[test]
fn the_load_list_names_a_level_whole_in_italian() {
    let dir = std::env::temp_dir().join(format!("dama-test-{}-it-list", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    tui_common::put_game(
        &dir.join("archive/2026-12-05-120000.pdn"),
        "dama (level 14)",
        "0-1",
        ("2026.12.05", "12:00:00"),
        "1. 22-18 11-14",
        10,
    );
    let mut c = tui_common::ascii_settings(Lang::It);
    c.autosave = Some(dir.join("autosave.pdn"));
    let mut a = tui_common::start_sized(c, 120, 40);
    tui_common::menu_to(&mut a, dama::tui::app::StartItem::Load);
    a.update(Action::Select);
    let text = tui_common::screen(&a, 120, 40);
    let row = text
        .lines()
        .find(|l| l.contains("2026.12.05 12:00"))
        .unwrap_or_else(|| panic!("no listed game:\n{text}"));
    assert!(row.contains("dama (livello 14) "), "{row}");
    assert!(!row.contains("piena"), "{row}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// QA4 play: at 60x20 and 59x11 the start screen's line of keys was cut at the box's edge
/// ("..., Invio inizia, q" without "esce"; "q quit" without its "s"). It goes on over a
/// second line.
#[test]
fn the_start_screen_keys_are_whole_in_a_narrow_terminal() {
    for (lang, end) in [
        (dama::tui::Lang::It, "Invio inizia, q esce"),
        (dama::tui::Lang::En, "Enter starts, q quits"),
    ] {
        for (w, h) in [(60, 20), (59, 11), (100, 32)] {
            let a = tui_common::start_sized(tui_common::ascii_settings(lang), w, h);
            let text = tui_common::screen(&a, w, h);
            // The box's lines, joined as one text.
            let joined = text
                .lines()
                .map(|l| l.trim_matches(|c: char| c == '|' || c == '│' || c == ' '))
                .collect::<Vec<_>>()
                .join(" ");
            assert!(joined.contains(end), "{w}x{h}: {end:?} missing:\n{text}");
        }
    }
}

/// QA4 play: one move taken back was said in the plural ("Annullate: 22-18 (r le rifà)"),
/// as two players always take back one; one move now agrees, two keep the plural.
#[test]
fn a_move_taken_back_is_said_in_the_singular() {
    let mut c = italian(None).settings().clone();
    c.players = dama::tui::app::Players::TwoPlayers { turn: false };
    let mut a = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    tui_common::play_by_keys(&mut a, "22-18");
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.message(), "Annullata: 22-18 (r la rifà)");
    press(&mut a, KeyCode::Char('r'));
    assert_eq!(a.message(), "Rifatta: 22-18");
    // Against the engine a full move goes: two, in the plural.
    let mut a = italian(None);
    tui_common::play_by_keys(&mut a, "22-18");
    answer_search(&mut a, "11-15", report(0));
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.message(), "Annullate: 22-18 11-15 (r le rifà)");
}
