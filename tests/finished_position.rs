//! A position where one side has no pieces is a finished game (R-G1), whoever is to move:
//! `--fen W:W21-32:B` (Black has no pieces, White to move) is said to be over by the rules,
//! `dama analyze`, `dama engine` and the board, not searched as a live game ("win in 1").

mod tui_common;

mod cli_common;

use cli_common::{dama_at, scratch};
use dama::notation::fen;
use dama::rules::{Color, Game, Outcome, RuleSet, WinReason};
use dama::tui::app::Request;
use dama::tui::input::Action;
use dama::tui::{App, GameSettings};
use ratatui::crossterm::event::KeyCode;

fn game(rules: RuleSet, text: &str) -> Game {
    Game::new(fen::parse(rules, text).unwrap())
}

fn win(winner: Color) -> Option<Outcome> {
    Some(Outcome::Win {
        winner,
        reason: WinReason::NoPieces,
    })
}

/// Runs `dama ARGS` with `input` on stdin in a scratch HOME and data folder (never the user's
/// own): (success, stdout, stderr).
fn dama(name: &str, args: &[&str], input: &str) -> (bool, String, String) {
    let home = scratch(&format!("finished-{name}"));
    let out = dama_at(&home, args, input);
    let _ = std::fs::remove_dir_all(&home);
    out
}

#[test]
fn a_side_with_no_pieces_has_lost_whoever_is_to_move() {
    for rules in [RuleSet::Italian, RuleSet::English] {
        assert_eq!(game(rules, "W:W21-32:B").outcome(), win(Color::White));
        assert_eq!(game(rules, "B:W21-32:B").outcome(), win(Color::White));
        assert_eq!(game(rules, "B:W:B1-12").outcome(), win(Color::Black));
        assert_eq!(game(rules, "W:W:B1-12").outcome(), win(Color::Black));
        assert_eq!(game(rules, "W:W21-32:B1").outcome(), None);
    }
    // No move can be played in a finished game.
    let mut g = game(RuleSet::Italian, "W:W21-32:B");
    let m = dama::rules::legal_moves(g.position())[0];
    assert!(g.play(&m).is_err());
}

#[test]
fn analyze_says_the_game_is_over_instead_of_win_in_1() {
    let (ok, out, err) = dama(
        "analyze",
        &["analyze", "--fen", "W:W21-32:B", "--depth", "4"],
        "",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("the game is over: White wins: Black has no pieces left"),
        "{out}"
    );
    assert!(!out.contains("win in"), "{out}");
    assert!(!out.contains("depth  1"), "nothing is searched: {out}");
    assert!(out.contains("bestmove none"), "{out}");
}

#[test]
fn the_engine_answers_bestmove_none_on_a_finished_position() {
    let (ok, out, err) = dama(
        "engine",
        &["engine", "--tt", "4"],
        "position fen W:W21-32:B\nd\ngo depth 3\nposition fen W:W21-32:B moves 21-17\n\
         position fen W:W21-32:B1\ngo depth 1\n",
    );
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"over White wins: Black has no pieces left"),
        "{out}"
    );
    let at = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    assert_eq!(lines[at], "bestmove none", "{out}");
    assert!(
        !lines[..at].iter().any(|l| l.starts_with("info")),
        "no search on a finished position: {out}"
    );
    // No move is played after the end.
    assert!(lines[at + 1].starts_with("error "), "{out}");
    // A live position is still searched.
    assert!(lines.last().unwrap().starts_with("bestmove "), "{out}");
    assert_ne!(*lines.last().unwrap(), "bestmove none", "{out}");
}

#[test]
fn the_board_shows_the_game_over() {
    for human in [Color::White, Color::Black] {
        let mut c = GameSettings::new(RuleSet::Italian);
        c.autosave = None;
        c.human = human;
        let mut app = App::new(c, game(RuleSet::Italian, "W:W21-32:B"));
        assert_eq!(app.game().outcome(), win(Color::White));
        // The engine (White, when the player is Black) does not think about a move.
        assert!(
            !app.take_requests()
                .iter()
                .any(|r| matches!(r, Request::Search { .. })),
            "{human:?}"
        );
        assert!(!app.engine_moving());
        // The player's keys move nothing.
        for k in [KeyCode::Enter, KeyCode::Up, KeyCode::Right, KeyCode::Enter] {
            tui_common::press(&mut app, k);
        }
        assert_eq!(app.game().ply(), 0);
        app.update(Action::Resize {
            width: 100,
            height: 32,
        });
        let area = ratatui::layout::Rect::new(0, 0, 100, 32);
        let mut buf = ratatui::buffer::Buffer::empty(area);
        dama::tui::view::render(&app, area, &mut buf);
        let text: String = buf.content().iter().map(|c| c.symbol()).collect();
        assert!(text.contains("White wins"), "{text}");
    }
}
