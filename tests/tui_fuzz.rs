//! Fuzz-style property: any sequence of keys, clicks, terminal sizes and engine answers leaves
//! the app in a drawable state; nothing panics, in every look, at every size (down to 0x0).

use dama::rules::{Color, Game, Position, RuleSet, legal_moves};
use dama::tui::app::{EngineMsg, Report, Request};
use dama::tui::input::Action;
use dama::tui::view;
use dama::tui::{App, GameSettings, Look};
use proptest::prelude::*;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Player actions (no Backspace: with it a prompt could reach a path outside the temporary
/// folder and the save would write there).
fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        8 => prop::sample::select(vec![
            Action::Up,
            Action::Down,
            Action::Left,
            Action::Right,
            Action::Select,
            Action::Select,
            Action::Cancel,
            Action::Undo,
            Action::Redo,
            Action::Hint,
            Action::DepthUp,
            Action::DepthDown,
            Action::Flip,
            Action::ToggleNumbers,
            Action::ToggleEval,
            Action::OfferDraw,
            Action::Resign,
            Action::NewGame,
            Action::Save,
            Action::Quit,
            Action::Help,
            Action::Yes,
            Action::No,
            Action::Tick,
        ]),
        1 => (0u16..130, 0u16..45).prop_map(|(x, y)| Action::Click { x, y }),
        1 => (0u16..140, 0u16..50).prop_map(|(width, height)| Action::Resize { width, height }),
        1 => prop::sample::select(vec!['a', 'z', 'x']).prop_map(Action::Char),
    ]
}

/// Answers the app's pending searches as the worker would: a legal move (the `pick`-th) and a
/// report, or no move when there is none.
fn answer(app: &mut App, pick: usize) {
    for r in app.take_requests() {
        if let Request::Search { id, game, .. } = r {
            let moves = legal_moves(game.position());
            let best = (!moves.is_empty()).then(|| moves[pick % moves.len()]);
            app.update(Action::Engine(EngineMsg::Done {
                id,
                best,
                report: Report {
                    depth: 3,
                    score: (pick as i32 % 400) - 200,
                    nodes: 1_234,
                    nps: 10_000,
                    pv: best.into_iter().collect(),
                    tables: false,
                },
            }));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn any_input_leaves_a_drawable_app(
        english in any::<bool>(),
        black in any::<bool>(),
        look in prop::sample::select(vec![Look::Colour, Look::Mono, Look::Ascii]),
        steps in prop::collection::vec((action(), any::<usize>()), 1..80),
    ) {
        let rules = if english { RuleSet::English } else { RuleSet::Italian };
        let dir = std::env::temp_dir().join(format!("dama-tui-fuzz-{}", std::process::id()));
        let mut c = GameSettings::new(rules);
        c.look = look;
        c.human = if black { Color::Black } else { Color::White };
        c.save_dir = dir.clone();
        c.autosave = None;
        let mut app = App::new(c, Game::new(Position::start(rules)));
        let mut size = (100u16, 32u16);
        app.update(Action::Resize { width: size.0, height: size.1 });
        for (a, pick) in steps {
            if let Action::Resize { width, height } = a {
                size = (width, height);
            }
            app.update(a);
            answer(&mut app, pick);
            let area = Rect::new(0, 0, size.0, size.1);
            let mut buf = Buffer::empty(area);
            view::render(&app, area, &mut buf);
            if app.should_quit() {
                break;
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
