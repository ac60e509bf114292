//! The screen rendered into a buffer at fixed sizes and compared with stored snapshots in
//! tests/data/tui/ (colour, no-colour, ASCII, a small terminal, a too-small one). Set
//! `DAMA_UPDATE_SNAPSHOTS=1` to rewrite them after a deliberate change, then read the diff.

mod tui_common;

use tui_common::{check_snapshot, find_move, pending_search, play_by_keys, zero_clocks};

use dama::notation::fen;
use dama::rules::{Color, Game, Position, RuleSet, legal_moves};
use dama::tui::app::{EngineMsg, Report, Request};
use dama::tui::input::Action;
use dama::tui::view;
use dama::tui::{App, GameSettings, Lang, Look};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color as Tc;
use std::fmt::Write as _;
use std::path::PathBuf;

fn app(look: Look, pos: Position, human: Color, w: u16, h: u16) -> App {
    app_in(Lang::En, look, pos, human, w, h)
}

fn app_in(lang: Lang, look: Look, pos: Position, human: Color, w: u16, h: u16) -> App {
    let mut c = GameSettings::new(pos.rules());
    c.lang = lang;
    c.look = look;
    c.human = human;
    c.autosave = None;
    let mut app = App::new(c, Game::new(pos));
    app.update(Action::Resize {
        width: w,
        height: h,
    });
    app
}

fn engine(app: &mut App, text: &str) {
    let (id, game) = pending_search(app);
    let m = find_move(game.position(), text);
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(m),
        report: Report {
            depth: 9,
            score: -12,
            nodes: 123_456,
            nps: 1_000_000,
            pv: vec![m],
            tables: false,
        },
    }));
}

/// The buffer as text; with `colours`, a second grid names each cell's background by a letter
/// (legend first), so colour changes show in the snapshot too.
fn dump(buf: &Buffer, colours: bool) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let line: String = (0..area.width).map(|x| buf[(x, y)].symbol()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if colours {
        let mut legend: Vec<Tc> = Vec::new();
        let mut grid = String::new();
        for y in 0..area.height {
            let mut line = String::new();
            for x in 0..area.width {
                let bg = buf[(x, y)].bg;
                let i = legend.iter().position(|c| *c == bg).unwrap_or_else(|| {
                    legend.push(bg);
                    legend.len() - 1
                });
                line.push((b'A' + i as u8) as char);
            }
            grid.push_str(&line);
            grid.push('\n');
        }
        out.push_str("-- backgrounds --\n");
        for (i, c) in legend.iter().enumerate() {
            let _ = writeln!(out, "{} = {c:?}", (b'A' + i as u8) as char);
        }
        out.push_str(&grid);
    }
    out
}

fn check(name: &str, app: &App, w: u16, h: u16, colours: bool) {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    view::render(app, area, &mut buf);
    check_snapshot(name, &zero_clocks(&dump(&buf, colours)));
}

fn midgame(look: Look, w: u16, h: u16) -> App {
    midgame_in(Lang::En, look, w, h)
}

fn midgame_in(lang: Lang, look: Look, w: u16, h: u16) -> App {
    let start = Position::start(RuleSet::Italian);
    let mut a = app_in(lang, look, start, Color::White, w, h);
    play_by_keys(&mut a, "23-19");
    engine(&mut a, "10-14");
    play_by_keys(&mut a, "19x10");
    engine(&mut a, "5x14");
    // Pick up 22 so the selection and its targets show.
    play_pick(&mut a, 22);
    a
}

fn play_pick(app: &mut App, n: u32) {
    let sq = dama::rules::Square::from_number(n).unwrap();
    let rules = app.settings().rules;
    while app.cursor() != (sq.row(), sq.file(rules)) {
        let (r, f) = app.cursor();
        app.update(if r < sq.row() {
            Action::Down
        } else if r > sq.row() {
            Action::Up
        } else if f < sq.file(rules) {
            Action::Right
        } else {
            Action::Left
        });
    }
    app.update(Action::Select);
}

#[test]
fn colour_100x32_midgame() {
    check(
        "colour_100x32",
        &midgame(Look::Colour, 100, 32),
        100,
        32,
        true,
    );
}

#[test]
fn ascii_100x32_midgame() {
    check(
        "ascii_100x32",
        &midgame(Look::Ascii, 100, 32),
        100,
        32,
        false,
    );
}

#[test]
fn mono_80x24_midgame_with_numbers_and_eval() {
    let mut a = midgame(Look::Mono, 80, 24);
    a.update(Action::ToggleNumbers);
    check("mono_80x24", &a, 80, 24, false);
}

#[test]
fn small_terminal_ascii() {
    let a = midgame(Look::Ascii, 60, 14);
    check("ascii_60x14", &a, 60, 14, false);
}

#[test]
fn too_small_says_how_large() {
    // Played at a usable size, then shrunk (keys do nothing while it is too small).
    let mut a = midgame(Look::Colour, 100, 32);
    a.update(Action::Resize {
        width: 40,
        height: 10,
    });
    check("too_small_40x10", &a, 40, 10, false);
}

#[test]
fn english_flipped_with_kings_and_help() {
    let pos = fen::parse(RuleSet::English, "B:WK5,22,30:BK27,9,10").unwrap();
    let mut a = app(Look::Ascii, pos, Color::Black, 100, 32);
    check("english_black_ascii", &a, 100, 32, false);
    a.update(Action::Help);
    check("help_ascii", &a, 100, 32, false);
}

#[test]
fn compulsory_capture_marks_the_capturers() {
    let mut a = app(
        Look::Ascii,
        Position::start(RuleSet::Italian),
        Color::White,
        60,
        14,
    );
    play_by_keys(&mut a, "23-19");
    engine(&mut a, "10-14");
    check("must_capture_ascii_60x14", &a, 60, 14, false);
}

#[test]
fn a_long_game_scrolls_the_move_list() {
    // 70 plies, always the first legal move (deterministic), then the app takes over.
    let mut game = Game::new(Position::start(RuleSet::Italian));
    while game.ply() < 70 && game.outcome().is_none() {
        let m = game.legal_moves()[0];
        game.play(&m).unwrap();
    }
    let plies = game.ply();
    let mut c = GameSettings::new(RuleSet::Italian);
    c.look = Look::Ascii;
    c.autosave = None;
    let mut a = App::new(c, game);
    a.update(Action::Resize {
        width: 100,
        height: 32,
    });
    let area = Rect::new(0, 0, 100, 32);
    let mut buf = Buffer::empty(area);
    view::render(&a, area, &mut buf);
    let text = dump(&buf, false);
    let last_row = format!("{:>3}. ", plies.div_ceil(2));
    assert!(
        text.contains(&last_row),
        "the last move row {last_row:?} is shown:\n{text}"
    );
    assert!(
        !text.contains("  1. "),
        "the first rows scrolled away:\n{text}"
    );
    check("long_game_ascii_100x32", &a, 100, 32, false);
}

#[test]
fn the_panel_shows_the_draw_counters() {
    // R-G2/R-G3: kings shuffle; after 4 plies the start position is back (second time), and
    // after 20 plies the no-progress count shows.
    let pos = fen::parse(RuleSet::Italian, "W:WK29:BK4").unwrap();
    let mut game = Game::new(pos);
    let shuffle = ["29-25", "4-8", "25-29", "8-4"];
    let text_at = |game: &Game| {
        let mut c = GameSettings::new(RuleSet::Italian);
        c.look = Look::Ascii;
        c.autosave = None;
        let a = App::new(c, game.clone());
        let area = Rect::new(0, 0, 100, 32);
        let mut buf = Buffer::empty(area);
        view::render(&a, area, &mut buf);
        dump(&buf, false)
    };
    for m in shuffle {
        let mv = legal_moves(game.position())
            .into_iter()
            .find(|x| x.to_string() == m)
            .unwrap();
        game.play(&mv).unwrap();
    }
    assert!(text_at(&game).contains("This position has occurred 2 times"));
    assert!(!text_at(&game).contains("No capture or man move"));
    // Wander with the kings (no repetition of the shuffle) to 20 quiet plies.
    let walk = [
        "29-25", "4-8", "25-21", "8-12", "21-17", "12-16", "17-13", "16-20", "13-9", "20-24",
        "9-5", "24-28", "5-1", "28-32",
    ];
    for m in walk {
        let mv = legal_moves(game.position())
            .into_iter()
            .find(|x| x.to_string() == m)
            .unwrap_or_else(|| panic!("{m} in {:?}", game.position()));
        game.play(&mv).unwrap();
    }
    assert_eq!(game.draw_state().no_progress, 18);
    assert!(!text_at(&game).contains("No capture or man move"));
    for m in ["1-5", "32-28"] {
        let mv = legal_moves(game.position())
            .into_iter()
            .find(|x| x.to_string() == m)
            .unwrap();
        game.play(&mv).unwrap();
    }
    assert!(text_at(&game).contains("No capture or man move: 20/80 plies"));
}

/// QA4 play: in a 60x20 terminal the panel is 31 columns wide; the draw counters were cut
/// there ("No capture or man move: 79/80 p", in Italian "Senza prese né mosse di pedina:"
/// with no number at all, "Questa posizione si è presentat"). They go on over a second line.
#[test]
fn r_g2_r_g3_the_draw_counters_keep_their_numbers_in_a_narrow_panel() {
    let pos = fen::parse(RuleSet::Italian, "W:WK29:BK4").unwrap();
    let mut game = Game::new(pos);
    // Twice round the square (the start position is back: its second time), then a walk to
    // 20 quiet plies.
    let moves = [
        "29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-21", "8-12", "21-17", "12-16", "17-13",
        "16-20", "13-9", "20-24", "9-5", "24-28", "5-1", "28-32", "1-5", "32-28",
    ];
    let seen_twice = 4;
    let text_at = |game: &Game, lang: Lang| {
        let mut c = GameSettings::new(RuleSet::Italian);
        c.lang = lang;
        c.look = Look::Ascii;
        c.autosave = None;
        let mut a = App::new(c, game.clone());
        a.update(Action::Resize {
            width: 60,
            height: 20,
        });
        let area = Rect::new(0, 0, 60, 20);
        let mut buf = Buffer::empty(area);
        view::render(&a, area, &mut buf);
        // The panel's words, joined across its lines.
        dump(&buf, false)
            .lines()
            .filter_map(|l| l.split_once('|').map(|(_, r)| r.trim().to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (i, m) in moves.iter().enumerate() {
        let mv = find_move(game.position(), m);
        game.play(&mv).unwrap();
        if i + 1 == seen_twice {
            let en = text_at(&game, Lang::En);
            assert!(en.contains("This position has occurred 2 times"), "{en}");
            let it = text_at(&game, Lang::It);
            assert!(
                it.contains("Questa posizione si è presentata 2 volte"),
                "{it}"
            );
        }
    }
    assert_eq!(game.draw_state().no_progress, 20);
    let en = text_at(&game, Lang::En);
    assert!(en.contains("No capture or man move: 20/80 plies"), "{en}");
    let it = text_at(&game, Lang::It);
    assert!(it.contains("Senza prese né mosse di pedina: 20/80"), "{it}");
    // The pieces taken, as long in Italian ("Il Bianco ha mangiato 1, il Nero").
    let mut game = Game::new(fen::parse(RuleSet::Italian, "W:W22,30:B18,1").unwrap());
    game.play(&find_move(game.position(), "22x13")).unwrap();
    let it = text_at(&game, Lang::It);
    assert!(it.contains("Il Bianco ha mangiato 1, il Nero 0"), "{it}");
}

/// Men are discs and kings crowned discs on squares large enough for them, in colour and
/// without (White's pieces hollow, Black's solid); the one-glyph pieces stay for small squares.
#[test]
fn kings_and_men_are_drawn_large_and_apart() {
    let pos = fen::parse(RuleSet::Italian, "W:WK5,22,23,K30:BK27,9,10,12").unwrap();
    let a = app(Look::Colour, pos, Color::White, 100, 32);
    check("kings_colour_100x32", &a, 100, 32, true);
    let mut a = app(Look::Colour, pos, Color::White, 80, 24);
    a.update(Action::Resize {
        width: 80,
        height: 24,
    });
    check("kings_colour_80x24", &a, 80, 24, true);
    let a = app(Look::Mono, pos, Color::White, 100, 32);
    check("kings_mono_100x32", &a, 100, 32, false);
    let a = app(Look::Mono, pos, Color::White, 130, 42);
    check("kings_mono_130x42", &a, 130, 42, false);
    // The rows of square 27 (a black king, d2 at 100x32: columns 27..33, rows 18..21) and of
    // square 22 (a white man, d3... rows 15..18): a crown's points stand where a man is round.
    let area = Rect::new(0, 0, 100, 32);
    let mut buf = Buffer::empty(area);
    let a = app(Look::Colour, pos, Color::White, 100, 32);
    view::render(&a, area, &mut buf);
    let row = |y: u16, x: u16| -> String { (x..x + 6).map(|x| buf[(x, y)].symbol()).collect() };
    assert_eq!(row(18, 26), " ▙▟▙▟ ", "the king on 27 wears a crown");
    assert_eq!(row(19, 26), " ████ ");
    assert_eq!(row(15, 20), " ▗▄▄▖ ", "the man on 22 is round");
    assert_eq!(row(16, 20), " ████ ");
    assert_eq!(buf[(27, 18)].fg, Tc::Rgb(240, 190, 40), "a gold crown");
    assert_eq!(buf[(27, 19)].fg, Tc::Rgb(10, 10, 10), "on a black body");
}

/// The engine line says whose view its score is in (not for a win, which names the side), and
/// keeps a win's plies apart from the
/// node count ("White wins in 2 9 nodes" read as one number).
#[test]
fn the_engine_line_reads_clearly() {
    let mut a = app(
        Look::Ascii,
        Position::start(RuleSet::Italian),
        Color::White,
        100,
        32,
    );
    play_by_keys(&mut a, "23-19");
    let (id, game) = a
        .take_requests()
        .into_iter()
        .find_map(|r| match r {
            Request::Search { id, game, .. } => Some((id, game)),
            _ => None,
        })
        .unwrap();
    let m = legal_moves(game.position())[0];
    // From the engine's (Black's) side: it loses in 3 plies.
    a.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(m),
        report: Report {
            depth: 5,
            score: -(dama::engine::WIN - 3),
            nodes: 9,
            nps: 1_000,
            pv: vec![m],
            tables: false,
        },
    }));
    let area = Rect::new(0, 0, 100, 32);
    let mut buf = Buffer::empty(area);
    view::render(&a, area, &mut buf);
    let text = dump(&buf, false);
    assert!(
        text.contains("Engine d5: White wins in 3 plies, 9 nodes"),
        "{text}"
    );
    // The evaluation line: a win names its side, so no point of view is added to it.
    assert!(text.contains("Eval: White wins in 3 plies\n"), "{text}");
    assert!(!text.contains("White's view"), "{text}");
}

/// `--ascii` means plain ASCII everywhere, the status line too while the engine thinks.
#[test]
fn ascii_while_thinking_is_plain_ascii() {
    let mut a = app(
        Look::Ascii,
        Position::start(RuleSet::Italian),
        Color::White,
        100,
        32,
    );
    play_by_keys(&mut a, "23-19");
    let id = a
        .take_requests()
        .into_iter()
        .find_map(|r| match r {
            Request::Search { id, .. } => Some(id),
            _ => None,
        })
        .unwrap();
    a.update(Action::Engine(EngineMsg::Info {
        id,
        report: Report {
            depth: 7,
            score: 12,
            nodes: 45_678,
            nps: 1_000_000,
            pv: vec![],
            tables: false,
        },
    }));
    let area = Rect::new(0, 0, 100, 32);
    let mut buf = Buffer::empty(area);
    view::render(&a, area, &mut buf);
    let text = dump(&buf, false);
    let status = text.lines().nth(31).unwrap();
    assert!(
        status.contains("d7: White -0.12, 45.7k nodes | "),
        "{status}"
    );
    assert!(text.is_ascii(), "{text}");
}

/// At the smallest size the move list keeps rows for the last moves: the key reminder and the
/// engine's line give way first.
#[test]
fn the_smallest_panel_still_shows_the_moves() {
    let mut a = app(
        Look::Ascii,
        Position::start(RuleSet::Italian),
        Color::White,
        59,
        11,
    );
    play_by_keys(&mut a, "22-18");
    engine(&mut a, "12-15");
    let area = Rect::new(0, 0, 59, 11);
    let mut buf = Buffer::empty(area);
    view::render(&a, area, &mut buf);
    let text = dump(&buf, false);
    assert!(text.contains("1. 22-18      12-15"), "{text}");
    assert!(text.contains("Engine d9: White +0.12"), "{text}");
    assert!(text.contains("Eval: +0.12"), "{text}");
}

/// The start screen (`dama` with no arguments), with a kept game to resume, at 80x24 and
/// 120x40.
#[test]
fn start_screen_snapshots() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut c = GameSettings::new(RuleSet::Italian);
        c.look = Look::Colour;
        c.autosave = None;
        let mut a = App::start_screen(
            c,
            Some("You (White) v dama (level 6), 2026.12.01, 7 moves".into()),
        );
        a.update(Action::Resize {
            width: w,
            height: h,
        });
        check(&format!("start_{w}x{h}"), &a, w, h, false);
    }
}

/// The game-end dialog at 80x24 and 120x40.
#[test]
fn game_end_dialog_snapshots() {
    for (w, h) in [(80, 24), (120, 40)] {
        let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
        let mut a = app(Look::Colour, pos, Color::White, w, h);
        play_by_keys(&mut a, "22x13");
        check(&format!("game_end_{w}x{h}"), &a, w, h, false);
    }
}

/// A finished review in the viewer: marks, the score graph and the review line, at 80x24 and
/// 120x40.
#[test]
fn review_snapshots() {
    let text = "[GameType \"22,W,8,8,N2,1\"]\n1. 22-18 12-16 2. 23-19 10-14 3. 19x10 *\n";
    for (w, h) in [(80, 24), (120, 40)] {
        let games = dama::notation::pdn::read_games(text, RuleSet::Italian);
        let mut c = GameSettings::new(RuleSet::Italian);
        c.look = Look::Colour;
        c.autosave = None;
        let mut a = App::viewer(c, dama::tui::viewer::Viewer::new("g.pdn".into(), games, 0));
        a.update(Action::Resize {
            width: w,
            height: h,
        });
        a.update(Action::Review);
        // White gives a man away with 23-19 (ply 2): scores from the side to move's view.
        tui_common::answer_review(&mut a, |ply| match ply {
            0..=2 => 0,
            p if p % 2 == 1 => 100,
            _ => -100,
        });
        a.update(Action::NextMistake);
        check(&format!("review_{w}x{h}"), &a, w, h, false);
    }
}

/// The Italian board at the two sizes players use most: the panel (narrow at 80x24), the
/// status line with a picked piece, the square numbers, and at 120x40 the help and the
/// game-end dialog.
#[test]
fn italian_80x24_midgame() {
    let mut a = midgame_in(Lang::It, Look::Mono, 80, 24);
    a.update(Action::ToggleNumbers);
    check("italian_80x24", &a, 80, 24, false);
    // The picked piece's message, then the narrow help.
    a.update(Action::Cancel);
    play_pick(&mut a, 22);
    a.update(Action::Help);
    check("italian_help_80x24", &a, 80, 24, false);
}

#[test]
fn italian_120x40_midgame_and_the_end() {
    let a = midgame_in(Lang::It, Look::Ascii, 120, 40);
    check("italian_120x40", &a, 120, 40, false);
    // White (the player) resigns: the game-end dialog and the panel's result in Italian.
    let mut a = midgame_in(Lang::It, Look::Ascii, 120, 40);
    a.update(Action::Cancel);
    a.update(Action::Resign);
    a.update(Action::Yes);
    check("italian_end_120x40", &a, 120, 40, false);
    // The same at 80x24: the dialog and the panel's result fit the narrow screen.
    let mut a = midgame_in(Lang::It, Look::Mono, 80, 24);
    a.update(Action::Cancel);
    a.update(Action::Resign);
    a.update(Action::Yes);
    check("italian_end_80x24", &a, 80, 24, false);
}

/// Issue 21 item 1: the game-end dialog says where the finished game was archived, in both
/// languages. The data folder is a relative one (`target/...`), so the path on screen is the
/// same wherever the tests run; the file's time stamp is written as `YYYY-MM-DD-HHMMSS`.
#[test]
fn game_end_dialog_names_the_archive() {
    for lang in [Lang::En, Lang::It] {
        for (w, h) in [(80, 24), (120, 40)] {
            let dir = PathBuf::from(format!("target/tui-archive/{lang:?}-{w}x{h}"));
            let _ = std::fs::remove_dir_all(&dir);
            let pos = fen::parse(RuleSet::Italian, "W:W22:B18").unwrap();
            let mut c = GameSettings::new(RuleSet::Italian);
            c.lang = lang;
            c.look = Look::Mono;
            c.autosave = Some(dir.join("autosave.pdn"));
            let mut a = App::new(c, Game::new(pos));
            a.update(Action::Resize {
                width: w,
                height: h,
            });
            play_by_keys(&mut a, "22x13");
            let archived = a.archived().expect("archived").path().to_path_buf();
            assert!(archived.is_file(), "{archived:?}");
            let stamp = archived.file_stem().unwrap().to_string_lossy().into_owned();
            let area = Rect::new(0, 0, w, h);
            let mut buf = Buffer::empty(area);
            view::render(&a, area, &mut buf);
            let got = zero_clocks(&dump(&buf, false)).replace(&stamp, "YYYY-MM-DD-HHMMSS");
            let name = format!("archived_{lang:?}_{w}x{h}").to_lowercase();
            let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/tui")
                .join(format!("{name}.txt"));
            if std::env::var_os("DAMA_UPDATE_SNAPSHOTS").is_some() {
                std::fs::write(&path, &got).unwrap();
            } else {
                let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                    panic!("{}: {e} (run with DAMA_UPDATE_SNAPSHOTS=1)", path.display())
                });
                assert_eq!(got, want, "{name}");
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// Issue 21 item 4: a damaged settings file is named on the start screen (and ignored), in
/// both languages.
#[test]
fn start_screen_names_a_damaged_settings_file() {
    for lang in [Lang::En, Lang::It] {
        for (w, h) in [(80u16, 24u16), (120, 40)] {
            let mut c = GameSettings::new(RuleSet::Italian);
            c.lang = lang;
            c.look = Look::Mono;
            let mut a = App::start_screen(c, None);
            a.remember(Err(
                "target/config/dama/settings.toml: TOML parse error at line 1, \
                 column 9: invalid type: string \"six\", expected u8"
                    .to_string(),
            ));
            a.update(Action::Resize {
                width: w,
                height: h,
            });
            let name = format!("prefs_damaged_{lang:?}_{w}x{h}").to_lowercase();
            check(&name, &a, w, h, false);
        }
    }
}

/// The start screen of a board whose data folder is `dir`, sized `w`x`h`, with Load's list
/// of games open.
fn load_list(dir: &std::path::Path, lang: Lang, look: Look, w: u16, h: u16) -> App {
    let mut c = GameSettings::new(RuleSet::Italian);
    c.lang = lang;
    c.look = look;
    c.autosave = Some(dir.join("autosave.pdn"));
    let mut a = App::start_screen(c, None);
    a.update(Action::Resize {
        width: w,
        height: h,
    });
    tui_common::menu_to(&mut a, dama::tui::app::StartItem::Load);
    a.update(Action::Select);
    a
}

/// QA pass 5: without a data folder (HOME and XDG_DATA_HOME unset) Load's list read "No
/// games in  yet." (an empty folder name); it says there is no data folder, in both
/// languages, whole at 59 columns.
#[test]
fn the_games_to_load_without_a_data_folder_say_so() {
    for (lang, said) in [
        (Lang::En, "No data folder (HOME is not set): type a file."),
        (
            Lang::It,
            "Nessuna cartella dei dati (manca HOME): scrivi un file.",
        ),
    ] {
        let mut c = GameSettings::new(RuleSet::Italian);
        c.lang = lang;
        c.look = Look::Ascii;
        c.autosave = None;
        let mut a = App::start_screen(c, None);
        let (w, h) = (59u16, 11u16);
        a.update(Action::Resize {
            width: w,
            height: h,
        });
        tui_common::menu_to(&mut a, dama::tui::app::StartItem::Load);
        a.update(Action::Select);
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        view::render(&a, area, &mut buf);
        let text = dump(&buf, false);
        assert!(text.contains(said), "{lang:?}:\n{text}");
        assert!(!text.contains(" in  "), "{lang:?}:\n{text}");
    }
}

/// QA5 files: a kept game the start screen could not read (a damaged autosave) was neither
/// offered nor named; the screen says why it cannot be resumed and that it is not lost, in the
/// interface's language. No kept game at all says nothing.
#[test]
fn the_start_screen_names_a_kept_game_it_cannot_read() {
    for (lang, said) in [
        (Lang::En, "The kept game cannot be read ("),
        (Lang::It, "La partita interrotta non si può leggere"),
    ] {
        let dir = PathBuf::from(format!("target/tui-kept-damaged/{lang:?}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let auto = dir.join("autosave.pdn");
        let Err(e) = dama::tui::keep::peek_resume(&auto, RuleSet::Italian) else {
            panic!("no game to resume");
        };
        let mut c = GameSettings::new(RuleSet::Italian);
        c.lang = lang;
        c.look = Look::Ascii;
        c.autosave = None;
        let mut a = App::start_screen(c.clone(), None);
        a.tell_kept_trouble(&e);
        assert!(
            a.start_menu().unwrap().error.is_none(),
            "nothing kept, nothing said"
        );
        std::fs::write(&auto, "[GameType \"22\"]\n1. 22-18 10-14 2. 18-22 *\n").unwrap();
        let Err(e) = dama::tui::keep::peek_resume(&auto, RuleSet::Italian) else {
            panic!("no game to resume");
        };
        let mut a = App::start_screen(c, None);
        a.update(Action::Resize {
            width: 100,
            height: 32,
        });
        a.tell_kept_trouble(&e);
        let area = Rect::new(0, 0, 100, 32);
        let mut buf = Buffer::empty(area);
        view::render(&a, area, &mut buf);
        let text = dump(&buf, false);
        assert!(text.contains(said), "{lang:?}:\n{text}");
        assert!(text.contains("18-22"), "the reason: {lang:?}:\n{text}");
    }
}

/// QA4 play: at 59 and 60 columns Load's list cut the end of its rows, the kind of game
/// ("1 m. arch" for archiviata). The date goes without its time there; every row is whole.
#[test]
fn the_games_to_load_are_whole_rows_in_a_narrow_terminal() {
    for lang in [Lang::En, Lang::It] {
        for (w, h) in [(59u16, 11u16), (60, 20)] {
            let dir = PathBuf::from(format!("target/tui-list-narrow/{lang:?}-{w}x{h}"));
            let _ = std::fs::remove_dir_all(&dir);
            tui_common::kept_and_archived(&dir);
            let mut a = load_list(&dir, lang, Look::Ascii, w, h);
            let (in_play, archived) = match lang {
                Lang::En => ("in play", "archived"),
                Lang::It => ("in corso", "archiviata"),
            };
            for (i, kind) in [(0, in_play), (1, archived)] {
                while a.start_menu().unwrap().pick != Some(i) {
                    a.update(Action::Down);
                }
                let area = Rect::new(0, 0, w, h);
                let mut buf = Buffer::empty(area);
                view::render(&a, area, &mut buf);
                let text = dump(&buf, false);
                assert!(
                    text.lines()
                        .any(|l| l.trim_start().starts_with("| 2026.12.0")
                            && l.trim_end_matches('|').trim_end().ends_with(kind)),
                    "{w}x{h}: the row of {kind:?} is cut:\n{text}"
                );
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// Issue 21 item 3: Load's list of the games in the data folder, newest first, with the
/// file name field, in both languages. The data folder is relative (`target/...`).
#[test]
fn start_screen_lists_the_games_to_load() {
    for lang in [Lang::En, Lang::It] {
        for (w, h) in [(80u16, 24u16), (120, 40)] {
            let dir = PathBuf::from(format!("target/tui-list/{lang:?}-{w}x{h}"));
            let _ = std::fs::remove_dir_all(&dir);
            tui_common::four_games(&dir);
            let mut a = load_list(&dir, lang, Look::Mono, w, h);
            a.update(Action::Down);
            let name = format!("load_list_{lang:?}_{w}x{h}").to_lowercase();
            check(&name, &a, w, h, false);
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
