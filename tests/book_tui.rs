//! The board says when the engine's move came from the opening book (a report at depth 0
//! with no nodes, as the engine thread sends it), in English and in Italian.

mod tui_common;

use tui_common::{answer_search, screen};

use dama::rules::{Color, Game, Position, RuleSet};
use dama::tui::app::Report;
use dama::tui::input::Action;
use dama::tui::{App, GameSettings, Lang};

fn app(lang: Lang) -> App {
    let mut c = GameSettings::new(RuleSet::Italian);
    c.lang = lang;
    c.human = Color::Black;
    c.autosave = None;
    let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    app
}

fn book_report(m: dama::rules::Move) -> Report {
    Report {
        depth: 0,
        score: 5,
        nodes: 0,
        nps: 0,
        pv: vec![m],
        tables: false,
    }
}

#[test]
fn a_book_move_is_named_on_the_panel() {
    let start = Position::start(RuleSet::Italian);
    let m = tui_common::find_move(&start, "23-19");
    for (lang, words, eval) in [
        (
            Lang::En,
            "Engine: book move, White +0.05",
            "Eval: +0.05 (book)",
        ),
        (
            Lang::It,
            "Computer: mossa di libro, Bianco +0.05",
            "Valutazione: +0.05 (libro)",
        ),
    ] {
        let mut a = app(lang);
        answer_search(&mut a, "23-19", book_report(m));
        let text = screen(&a, 100, 32);
        assert!(text.contains(words), "{lang:?}:\n{text}");
        assert!(text.contains(eval), "{lang:?}:\n{text}");
        assert!(!text.contains("d0"), "{lang:?}:\n{text}");
    }
    // A searched move keeps its depth and nodes.
    let mut a = app(Lang::En);
    let searched = Report {
        depth: 7,
        nodes: 1234,
        ..book_report(m)
    };
    assert!(!searched.is_book());
    answer_search(&mut a, "23-19", searched);
    let text = screen(&a, 100, 32);
    assert!(!text.contains("book move"), "{text}");
}
