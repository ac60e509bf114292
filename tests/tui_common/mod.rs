//! Helpers shared by the `tests/tui_*.rs` suites: keys through the public input handler, and
//! the engine's answers fed in as the worker thread would send them.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use dama::rules::{Game, Move, Position, legal_moves};
use dama::tui::App;
use dama::tui::app::{EngineMsg, Report, Request};
use dama::tui::input::{self, Action};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// An Italian game's settings in plain ASCII, in `lang`, with no kept game.
pub fn ascii_settings(lang: dama::tui::Lang) -> dama::tui::GameSettings {
    let mut c = dama::tui::GameSettings::new(dama::rules::RuleSet::Italian);
    c.look = dama::tui::Look::Ascii;
    c.autosave = None;
    c.lang = lang;
    c
}

/// The start screen with `c`, drawn `w` by `h`.
pub fn start_sized(c: dama::tui::GameSettings, w: u16, h: u16) -> App {
    let mut a = App::start_screen(c, None);
    a.update(Action::Resize {
        width: w,
        height: h,
    });
    a
}

/// One key press, mapped and applied as the event loop does.
pub fn press(app: &mut App, code: KeyCode) {
    let ev = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    if let Some(a) = input::map(&ev, app.context()) {
        app.update(a);
    }
}

/// The legal move written `text` in `pos`; panics naming both if there is none.
pub fn find_move(pos: &Position, text: &str) -> Move {
    legal_moves(pos)
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {pos:?}"))
}

/// Moves the cursor to `sq` with the arrow keys (through a flipped board too) and presses
/// Enter there.
pub fn choose_square(app: &mut App, sq: dama::rules::Square) {
    let rules = app.settings().rules;
    while app.cursor() != (sq.row(), sq.file(rules)) {
        let (r, f) = app.cursor();
        let flip = app.flipped();
        let down = (r < sq.row()) != flip;
        let right = (f < sq.file(rules)) != flip;
        let code = if r != sq.row() {
            if down { KeyCode::Down } else { KeyCode::Up }
        } else if right {
            KeyCode::Right
        } else {
            KeyCode::Left
        };
        press(app, code);
    }
    press(app, KeyCode::Enter);
}

/// Plays `text` for the player with the cursor keys and Enter (through a flipped board too).
pub fn play_by_keys(app: &mut App, text: &str) {
    let pos = *app.game().position();
    let m = find_move(&pos, text);
    for sq in [m.from(), m.to()] {
        choose_square(app, sq);
    }
}

/// The last search the app asked for (the engine thread would get it), with its id.
pub fn pending_search(app: &mut App) -> (u64, Game) {
    let mut found = None;
    for r in app.take_requests() {
        if let Request::Search { id, game, .. } = r {
            found = Some((id, *game));
        }
    }
    found.expect("a search was requested")
}

/// Answers the pending search with `text` as the engine's move and `report` as its search.
pub fn answer_search(app: &mut App, text: &str, report: Report) {
    let (id, game) = pending_search(app);
    let m = find_move(game.position(), text);
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: Some(m),
        report,
    }));
}

/// Answers every review search the app asks for with `score_of(ply)` (from the side to
/// move's view) and the first legal move as the best, as the engine thread would; returns how
/// many it answered.
pub fn answer_review(a: &mut App, score_of: impl Fn(usize) -> i32) -> usize {
    use dama::tui::app::Purpose;
    let mut answered = 0;
    loop {
        let job = a.take_requests().into_iter().find_map(|r| match r {
            Request::Search {
                id,
                game,
                purpose: Purpose::Review(ply),
                ..
            } => Some((id, game, ply)),
            _ => None,
        });
        let Some((id, game, ply)) = job else {
            return answered;
        };
        let best = game.legal_moves()[0];
        a.update(Action::Engine(EngineMsg::Done {
            id,
            best: Some(best),
            report: Report {
                depth: 10,
                score: score_of(ply),
                nodes: 1,
                nps: 1,
                pv: vec![best],
                tables: false,
            },
        }));
        answered += 1;
    }
}

/// The screen as text, each line without its trailing blanks.
pub fn screen(app: &App, w: u16, h: u16) -> String {
    let area = ratatui::layout::Rect::new(0, 0, w, h);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    dama::tui::view::render(app, area, &mut buf);
    let mut out = String::new();
    for y in 0..h {
        let line: String = (0..w).map(|x| buf[(x, y)].symbol()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The clocks read the wall clock, which a loaded machine may have moved past a second: each
/// `M:SS` (or `0:0S.T`) ending a panel line with "piece" / "pezz" is written `0:00`.
pub fn zero_clocks(text: &str) -> String {
    text.lines()
        .map(|l| {
            if (l.contains("piece") || l.contains("pezz"))
                && let Some(sp) = l.rfind("  ")
                && l[sp + 2..].contains(':')
                && l[sp + 2..]
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == ':' || c == '.')
            {
                return format!("{}0:00\n", &l[..sp + 2]);
            }
            format!("{l}\n")
        })
        .collect()
}

/// `got` compared with the snapshot `tests/data/tui/{name}.txt` (written instead with
/// `DAMA_UPDATE_SNAPSHOTS=1`); the first line that differs is named.
pub fn check_snapshot(name: &str, got: &str) {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tui")
        .join(format!("{name}.txt"));
    if std::env::var_os("DAMA_UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with DAMA_UPDATE_SNAPSHOTS=1)", path.display()));
    if got != want {
        for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
            if g != w {
                panic!("{name} differs at line {}:\n got: {g}\nwant: {w}", i + 1);
            }
        }
        panic!("{name}: different length: got\n{got}");
    }
}

/// A record as dama writes it, with a fixed date and time, and the file's time set to `age`
/// seconds ago (the start screen's list is ordered by the files' times).
pub fn put_game(
    path: &std::path::Path,
    black: &str,
    result: &str,
    when: (&str, &str),
    moves: &str,
    age: u64,
) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text = format!(
        "[Event \"dama\"]\n[Date \"{}\"]\n[White \"You\"]\n[Black \"{black}\"]\n\
         [Result \"{result}\"]\n[Time \"{}\"]\n[GameType \"22\"]\n\n{moves} {result}\n",
        when.0, when.1
    );
    std::fs::write(path, text).unwrap();
    let t = std::time::SystemTime::now() - std::time::Duration::from_secs(age);
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(t)
        .unwrap();
}

/// Down the start screen's menu to `item` (where a line is depends on the lines above it:
/// the kept game's, the two players' and the engine's options).
pub fn menu_to(app: &mut App, item: dama::tui::app::StartItem) {
    for _ in 0..20 {
        if app.start_menu().map(|m| m.current()) == Some(item) {
            return;
        }
        app.update(Action::Down);
    }
    panic!("{item:?} is not on the start screen");
}

/// The game in play (the autosave, ten seconds old) and an archived one, in the data folder
/// `data`.
pub fn kept_and_archived(data: &std::path::Path) {
    put_game(
        &data.join("autosave.pdn"),
        "dama (level 6)",
        "*",
        ("2026.12.02", "10:30:00"),
        "1. 22-18 11-14",
        10,
    );
    put_game(
        &data.join("archive/2026-12-01-120000.pdn"),
        "dama (depth 4)",
        "1-0",
        ("2026.12.01", "12:00:00"),
        "1. 22-18 11-14 2. 18x11",
        50,
    );
}

/// The four kinds of games in a data folder `data`: in play, unfinished, archived, saved.
pub fn four_games(data: &std::path::Path) {
    kept_and_archived(data);
    put_game(
        &data.join("unfinished/2026-12-01-090000-001.pdn"),
        "dama (level 3)",
        "*",
        ("2026.12.01", "09:00:00"),
        "1. 21-17",
        100,
    );
    put_game(
        &data.join("dama-italian-2026.11.30-1.pdn"),
        "dama (level 8)",
        "*",
        ("2026.11.30", "20:00:00"),
        "1. 23-19",
        1000,
    );
}
