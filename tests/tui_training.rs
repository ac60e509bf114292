//! The training mode (combinations, "colpi") as a player meets it: the positions in order,
//! a right answer, a wrong one with the engine's refutation on the board, the solution asked
//! for, retry and next; the progress file read back, and a damaged one named and ignored; the
//! positions of the player's own reviewed games; the screens at 80x24 and 120x40 in both
//! languages.

mod tui_common;

use tui_common::{check_snapshot, pending_search, play_by_keys, press, screen};

use dama::rules::{Game, Move, RuleSet};
use dama::tui::app::{
    EngineMsg, LineKind, Purpose, PuzzleSource, Report, Request, StartItem, TrainingLevel,
    TrainingPhase, Verdict,
};
use dama::tui::input::Action;
use dama::tui::keep::training::{self as files, Progress};
use dama::tui::{App, GameSettings, Lang, Look};
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};

/// A data folder of its own for each test (never the real home).
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dama-training-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn config(rules: RuleSet, data: &Path, lang: Lang) -> GameSettings {
    let mut c = GameSettings::new(rules);
    c.look = Look::Ascii;
    c.lang = lang;
    c.autosave = Some(data.join("autosave.pdn"));
    c.save_dir = data.to_path_buf();
    c
}

fn trainer(rules: RuleSet, data: &Path, level: Option<TrainingLevel>, lang: Lang) -> App {
    let mut app = App::training(config(rules, data, lang), level);
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    app
}

/// The position shown and its winning move.
fn shown(app: &App) -> (dama::rules::Position, Move) {
    let p = app.training_state().unwrap().puzzle().unwrap();
    (p.pos, p.best)
}

/// A legal move of the position shown that is not the winning one.
fn wrong_move(app: &App) -> Move {
    let (pos, best) = shown(app);
    dama::rules::legal_moves(&pos)
        .into_iter()
        .find(|m| *m != best)
        .expect("another move")
}

/// Answers the training's pending search as the engine would: a line of `plies` moves (the
/// first legal move each time: captures, which are compulsory, come first), scored `score`
/// from the view of the side to move in the searched position. Returns the searched game.
fn answer_line(app: &mut App, plies: usize, score: i32) -> Game {
    let (id, game) = pending_search(app);
    let mut g = game.clone();
    let mut pv = Vec::new();
    for _ in 0..plies {
        let Some(m) = g.legal_moves().first().copied() else {
            break;
        };
        g.play(&m).unwrap();
        pv.push(m);
    }
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: pv.first().copied(),
        report: Report {
            depth: 12,
            score,
            nodes: 1000,
            nps: 1000,
            pv,
            tables: false,
        },
    }));
    game
}

fn progress_in(data: &Path, rules: RuleSet) -> Progress {
    files::load_progress(&files::progress_path(data, rules)).unwrap()
}

/// The shipped suites read whole, easy to hard, and every level has positions.
/// The viewer on the Italian game of `text` (the player's own, as `mine.pdn`), with the data
/// folder `data`, at 100x32, its review asked for (`v`).
fn reviewing(text: &str, data: &Path) -> App {
    let games: Vec<_> = dama::notation::pdn::read_games(text, RuleSet::Italian);
    let viewer = dama::tui::viewer::Viewer::new("mine.pdn".into(), games, 0);
    let mut app = App::viewer(config(RuleSet::Italian, data, Lang::En), viewer);
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    press(&mut app, KeyCode::Char('v'));
    app
}

#[test]
fn the_shipped_suites_are_graded_easy_to_hard() {
    use dama::tui::app::TrainingLevel as L;
    for (rules, count) in [(RuleSet::Italian, 250), (RuleSet::English, 200)] {
        let data = scratch(&format!("order-{rules}"));
        let all = trainer(rules, &data, None, Lang::En);
        let t = all.training_state().unwrap();
        assert_eq!(t.place(), (0, count), "{rules}: every shot of the file");
        let mut depths = Vec::new();
        let mut levels = Vec::new();
        let mut app = all;
        for _ in 0..count {
            let p = app.training_state().unwrap().puzzle().unwrap().clone();
            let PuzzleSource::Suite { shows_at, .. } = p.source else {
                panic!("only the suite here");
            };
            depths.push(shows_at);
            levels.push(p.level().unwrap());
            press(&mut app, KeyCode::Char('n'));
        }
        assert!(
            depths.windows(2).all(|w| w[0] <= w[1]),
            "{rules}: {depths:?}"
        );
        assert!(levels.windows(2).all(|w| w[0] <= w[1]));
        // Each level alone: its own positions, all of them.
        let mut total = 0;
        for level in [L::Easy, L::Medium, L::Hard] {
            let a = trainer(rules, &data, Some(level), Lang::En);
            let (_, n) = a.training_state().unwrap().place();
            assert!(n > 20, "{rules} {level:?}: {n}");
            assert_eq!(
                a.training_state().unwrap().puzzle().unwrap().level(),
                Some(level)
            );
            total += n;
        }
        assert_eq!(total, count);
    }
}

/// The right move by the keys: told right, counted, the winning line played on the board
/// once the engine has worked it out; `n` goes on to the next position.
#[test]
fn a_right_answer_is_counted_and_its_line_shown() {
    let data = scratch("right");
    let mut app = trainer(RuleSet::Italian, &data, None, Lang::En);
    let (pos, best) = shown(&app);
    assert_eq!(app.game().position(), &pos);
    assert_eq!(app.settings().human, pos.side_to_move());
    play_by_keys(&mut app, &best.to_string());
    let t = app.training_state().unwrap();
    assert_eq!(t.phase(), TrainingPhase::Answered(Verdict::Right));
    assert!(app.message().starts_with("Right!"), "{}", app.message());
    let p = progress_in(&data, RuleSet::Italian);
    assert_eq!((p.solved, p.failed, p.streak), (1, 0, 1));
    assert!(p.done.contains(&dama::notation::fen::write(&pos)));
    // The engine is asked for the line after the winning move, not for a move of its own.
    let searched = answer_line(&mut app, 3, 200);
    assert_eq!(searched.moves(), [best]);
    let t = app.training_state().unwrap();
    let line = t.line(LineKind::Solution).clone();
    assert!(line.ready);
    assert_eq!(line.moves[0], best);
    assert!(line.moves.len() > 1, "the engine's line follows the move");
    assert!(
        t.line(LineKind::Played).moves.is_empty(),
        "the player's line is the winning line"
    );
    // The whole line is on the board, and left steps back through it.
    assert_eq!(app.game().moves(), line.moves.as_slice());
    press(&mut app, KeyCode::Left);
    assert_eq!(app.game().moves().len(), line.moves.len() - 1);
    press(&mut app, KeyCode::Home);
    assert_eq!(app.game().moves().len(), 0);
    press(&mut app, KeyCode::End);
    assert_eq!(app.game().moves().len(), line.moves.len());
    assert!(app.take_requests().is_empty(), "no more searches");
    // The autosave is the player's games' place: a training position never goes there.
    assert!(!data.join("autosave.pdn").exists());
    press(&mut app, KeyCode::Char('?'));
    assert!(screen(&app, 100, 32).contains("Training keys"));
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.overlay(), dama::tui::app::Overlay::None);
    press(&mut app, KeyCode::Char('n'));
    let t = app.training_state().unwrap();
    assert_eq!(t.phase(), TrainingPhase::Asking);
    assert_eq!(t.place().0, 1);
    assert_eq!(app.game().position(), &t.puzzle().unwrap().pos);
    assert!(
        app.message().contains("to play and win material"),
        "{}",
        app.message()
    );
}

/// A wrong move: told wrong with the shot named, the engine's refutation played on the board,
/// then the winning line worked out too; Tab turns to it. The screen says all of it.
#[test]
fn a_wrong_answer_shows_the_refutation_and_the_solution() {
    let data = scratch("wrong");
    let mut app = trainer(RuleSet::Italian, &data, None, Lang::En);
    let (_, best) = shown(&app);
    let wrong = wrong_move(&app);
    play_by_keys(&mut app, &wrong.to_string());
    let t = app.training_state().unwrap();
    assert_eq!(t.phase(), TrainingPhase::Judging);
    assert_eq!(t.played(), Some(wrong));
    // First the refutation: the engine answers the player's move, and judges it.
    let searched = answer_line(&mut app, 4, 150);
    assert_eq!(searched.moves(), [wrong]);
    assert_eq!(
        app.training_state().unwrap().phase(),
        TrainingPhase::Answered(Verdict::Wrong)
    );
    assert!(app.message().starts_with("Not that"), "{}", app.message());
    assert!(
        app.message().contains(&best.to_string()),
        "the shot is named"
    );
    let p = progress_in(&data, RuleSet::Italian);
    assert_eq!((p.solved, p.failed, p.streak), (0, 1, 0));
    let t = app.training_state().unwrap();
    assert_eq!(t.on_board(), LineKind::Played);
    let refutation = t.line(LineKind::Played).moves.clone();
    assert_eq!(refutation[0], wrong);
    assert!(refutation.len() > 1);
    assert_eq!(app.game().moves(), refutation.as_slice());
    let text = screen(&app, 100, 32);
    assert!(text.contains("Wrong"), "{text}");
    assert!(text.contains("Refutation:"), "{text}");
    // Then the winning line.
    let searched = answer_line(&mut app, 3, 200);
    assert_eq!(searched.moves(), [best]);
    press(&mut app, KeyCode::Tab);
    let t = app.training_state().unwrap();
    assert_eq!(t.on_board(), LineKind::Solution);
    assert_eq!(app.game().moves()[0], best);
    assert!(screen(&app, 100, 32).contains("Winning line:"));
    // A retry is practice: the right move now is not counted.
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(app.training_state().unwrap().phase(), TrainingPhase::Asking);
    assert!(app.message().contains("not counted"), "{}", app.message());
    play_by_keys(&mut app, &best.to_string());
    assert_eq!(
        app.training_state().unwrap().phase(),
        TrainingPhase::Answered(Verdict::Right)
    );
    let p = progress_in(&data, RuleSet::Italian);
    assert_eq!((p.solved, p.failed), (0, 1), "the first answer counts");
    // Nor does the solution asked for in a retry.
    press(&mut app, KeyCode::Char('r'));
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.message(), format!("The solution: {best} (c2-d3)"));
    assert_eq!(progress_in(&data, RuleSet::Italian).failed, 1);
}

/// `a` after an answer opens the analysis board on the position: the line on the board as
/// its main line at the ply shown, the other line as a variation; `q` there comes back to the
/// training as it was, and the line the engine was still working out is asked again. Before
/// the answer it would give the answer away, and while the engine judges it waits.
#[test]
fn the_lines_open_on_the_analysis_board_and_come_back() {
    use dama::notation::tree::NodeId;
    let data = scratch("analyse");
    let mut app = trainer(RuleSet::Italian, &data, None, Lang::En);
    let (pos, best) = shown(&app);
    press(&mut app, KeyCode::Char('a'));
    assert!(app.analysis().is_none());
    assert_eq!(app.message(), "Answer first (or s for the solution)");
    let wrong = wrong_move(&app);
    play_by_keys(&mut app, &wrong.to_string());
    press(&mut app, KeyCode::Char('a'));
    assert!(app.analysis().is_none());
    assert_eq!(app.message(), "The engine is judging your move...");
    answer_line(&mut app, 4, 150);
    let refutation = app
        .training_state()
        .unwrap()
        .line(LineKind::Played)
        .moves
        .clone();
    // The winning line is being worked out: its search is pending.
    let _ = pending_search(&mut app);
    press(&mut app, KeyCode::Home);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    let shown_game = app.game().clone();
    assert_eq!(shown_game.moves(), &refutation[..2]);
    press(&mut app, KeyCode::Char('a'));
    let a = app.analysis().expect("the analysis board");
    assert!(app.training_state().is_none());
    let tree = a.tree();
    assert_eq!(*tree.start(), pos);
    assert_eq!(tree.moves_to(a.at()), &refutation[..2]);
    let first = tree.node(NodeId::ROOT).children();
    let moves: Vec<_> = first.iter().map(|&c| tree.node(c).mv.unwrap()).collect();
    assert_eq!(moves, [wrong, best], "the solution is a variation");
    press(&mut app, KeyCode::Char('q'));
    assert!(app.analysis().is_none());
    let t = app.training_state().expect("the training again");
    assert_eq!(t.phase(), TrainingPhase::Answered(Verdict::Wrong));
    assert_eq!(app.game().moves(), shown_game.moves());
    // The winning line is asked again, and comes.
    let searched = answer_line(&mut app, 3, 200);
    assert_eq!(searched.moves(), [best]);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.game().moves()[0], best);
    let p = progress_in(&data, RuleSet::Italian);
    assert_eq!((p.solved, p.failed), (0, 1), "counted once");
}

/// `s` before answering shows the solution and counts as failed; `n` first skips, counting
/// nothing; a stale answer (the player went on) is dropped.
#[test]
fn the_solution_asked_for_counts_as_failed() {
    let data = scratch("shown");
    let mut app = trainer(RuleSet::English, &data, None, Lang::En);
    let (_, best) = shown(&app);
    press(&mut app, KeyCode::Char('s'));
    let t = app.training_state().unwrap();
    assert_eq!(t.phase(), TrainingPhase::Answered(Verdict::Shown));
    assert_eq!(app.game().moves(), [best]);
    assert_eq!(progress_in(&data, RuleSet::English).failed, 1);
    // Next before the line came: the engine's late answer changes nothing.
    let (id, _) = pending_search(&mut app);
    press(&mut app, KeyCode::Char('n'));
    app.update(Action::Engine(EngineMsg::Done {
        id,
        best: None,
        report: Report::default(),
    }));
    let t = app.training_state().unwrap();
    assert_eq!(t.phase(), TrainingPhase::Asking);
    assert!(app.game().moves().is_empty());
    // Skipping counts nothing.
    press(&mut app, KeyCode::Char('n'));
    let p = progress_in(&data, RuleSet::English);
    assert_eq!((p.solved, p.failed), (0, 1));
    assert_eq!(app.training_state().unwrap().place().0, 2);
}

/// The progress is kept: a new session starts at the first position not solved, and shows the
/// counts; the start screen's training line says them.
#[test]
fn the_progress_file_reads_back() {
    let data = scratch("roundtrip");
    let mut p = Progress::default();
    p.record("W:W1:B2", true);
    p.record("W:W3:B4", true);
    p.record("x", false);
    p.record("W:W5:B6", true);
    assert_eq!((p.solved, p.failed, p.streak, p.best_streak), (3, 1, 1, 2));
    let path = files::progress_path(&data, RuleSet::Italian);
    files::save_progress(&path, &p, false).unwrap();
    assert_eq!(files::load_progress(&path).unwrap(), p);
    // Solving the first position: the next session opens on the second.
    let mut app = trainer(RuleSet::Italian, &data, Some(TrainingLevel::Easy), Lang::En);
    let (_, best) = shown(&app);
    play_by_keys(&mut app, &best.to_string());
    let again = trainer(RuleSet::Italian, &data, Some(TrainingLevel::Easy), Lang::En);
    assert_eq!(again.training_state().unwrap().place().0, 1);
    let p = progress_in(&data, RuleSet::Italian);
    assert_eq!((p.solved, p.failed, p.streak, p.best_streak), (4, 1, 2, 2));
    assert!(screen(&again, 100, 32).contains("Solved 4, failed 1, streak 2"));
    // The start screen: the training's entry and the progress of the rules chosen.
    let menu = App::start_screen(config(RuleSet::Italian, &data, Lang::En), None);
    assert!(
        menu.start_menu()
            .unwrap()
            .items()
            .contains(&StartItem::Training)
    );
    let text = screen(&menu, 100, 32);
    assert!(text.contains("Training: colpi"), "{text}");
    assert!(
        text.contains("1 of 250 solved, 1 failed, streak 2"),
        "{text}"
    );
}

/// A damaged progress file is named on the screen and ignored, never fatal; the next answer
/// sets it aside (`.damaged`) and writes a fresh one. The start screen names it too.
#[test]
fn a_damaged_progress_file_is_named_and_ignored() {
    let data = scratch("damaged");
    let path = files::progress_path(&data, RuleSet::Italian);
    std::fs::write(&path, "solved = \"many\"\n").unwrap();
    let e = files::load_progress(&path).unwrap_err();
    assert!(e.to_string().contains("training-italian.toml"), "{e}");
    let menu = App::start_screen(config(RuleSet::Italian, &data, Lang::En), None);
    assert!(screen(&menu, 120, 40).contains("progress ignored"));
    let mut app = trainer(RuleSet::Italian, &data, None, Lang::En);
    let t = app.training_state().unwrap();
    assert_eq!(t.progress(), &Progress::default());
    let problem = t.problem().unwrap().to_string();
    assert!(problem.contains("training-italian.toml"), "{problem}");
    assert!(screen(&app, 120, 40).contains("Training progress ignored"));
    let (_, best) = shown(&app);
    play_by_keys(&mut app, &best.to_string());
    assert_eq!(progress_in(&data, RuleSet::Italian).solved, 1);
    let aside = data.join("training-italian.toml.damaged");
    assert_eq!(
        std::fs::read_to_string(aside).unwrap(),
        "solved = \"many\"\n"
    );
    // Bytes that are not text are no better.
    std::fs::write(&path, [0xff, 0xfe, 0]).unwrap();
    assert!(files::load_progress(&path).is_err());
    let app = trainer(RuleSet::Italian, &data, None, Lang::It);
    assert!(app.training_state().unwrap().problem().is_some());
}

/// A review of the player's own game keeps its `?`/`??` positions for the training; they come
/// first, and there another move is right when the engine finds it as good.
#[test]
fn the_players_own_mistakes_become_training_positions() {
    let data = scratch("own");
    let text = "[White \"You\"]\n[Black \"dama level 6\"]\n[Date \"2026.12.04\"]\n\
                [GameType \"22\"]\n\n1. 22-18 12-16 2. 21-17 *\n";
    let mut app = reviewing(text, &data);
    // White's second move throws two men away (from White's view: +0.1, then -2.0); Black's
    // moves are the engine's and not kept.
    let answered = tui_common::answer_review(&mut app, |ply| match ply {
        0 => 10,
        1 => -10,
        2 => 10,
        _ => 200,
    });
    assert_eq!(answered, 4, "{}", app.message());
    assert!(
        app.message().contains("1 of your positions kept"),
        "{}",
        app.message()
    );
    let kept = files::load_own(&files::own_path(&data, RuleSet::Italian)).unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        (kept[0].played.as_str(), kept[0].mark.as_str()),
        ("21-17", "??")
    );
    assert_eq!(kept[0].score, 10);
    // The training shows it first, from the player's side.
    let mut app = trainer(RuleSet::Italian, &data, None, Lang::En);
    let t = app.training_state().unwrap();
    assert_eq!(t.place().1, 251);
    let p = t.puzzle().unwrap().clone();
    assert!(matches!(p.source, PuzzleSource::Own { .. }));
    assert_eq!(dama::notation::fen::write(&p.pos), kept[0].fen);
    assert!(screen(&app, 100, 32).contains("Your game (2026.12.04, move 2)"));
    // Another move than the review's: the engine judges it; as good is right.
    let other = dama::rules::legal_moves(&p.pos)
        .into_iter()
        .find(|m| *m != p.best && m.to_string() != "21-17")
        .unwrap();
    play_by_keys(&mut app, &other.to_string());
    assert_eq!(
        app.training_state().unwrap().phase(),
        TrainingPhase::Judging
    );
    let searched = answer_line(&mut app, 2, -5); // the opponent's view: +0.05 for the player
    assert_eq!(searched.moves(), [other]);
    assert_eq!(
        app.training_state().unwrap().phase(),
        TrainingPhase::Answered(Verdict::Right)
    );
    assert!(app.message().contains("as good as"), "{}", app.message());
    // Worse by a mistake's margin is wrong.
    press(&mut app, KeyCode::Char('r'));
    play_by_keys(&mut app, &other.to_string());
    answer_line(&mut app, 2, 60);
    assert_eq!(
        app.training_state().unwrap().phase(),
        TrainingPhase::Answered(Verdict::Wrong)
    );
    // A damaged file of positions is named and ignored; the suite is still there.
    std::fs::write(
        files::own_path(&data, RuleSet::Italian),
        "[[position]]\nfen = 3\n",
    )
    .unwrap();
    let app = trainer(RuleSet::Italian, &data, None, Lang::En);
    let t = app.training_state().unwrap();
    assert_eq!(t.place().1, 250);
    assert!(t.problem().unwrap().contains("colpi-italian.toml"));
}

/// From the start screen and back: the entry opens the training at the level chosen, `q`
/// returns to the start screen with the progress line brought up to date.
#[test]
fn the_start_screen_opens_the_training_and_gets_it_back() {
    let data = scratch("start");
    let mut app = App::start_screen(config(RuleSet::English, &data, Lang::En), None);
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    while app.start_menu().unwrap().current() != StartItem::Training {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    assert_eq!(
        app.start_menu().unwrap().train_level,
        Some(TrainingLevel::Medium)
    );
    press(&mut app, KeyCode::Enter);
    let t = app.training_state().expect("the training is open");
    assert_eq!(t.rules, RuleSet::English);
    assert_eq!(t.puzzle().unwrap().level(), Some(TrainingLevel::Medium));
    let wrong = wrong_move(&app);
    play_by_keys(&mut app, &wrong.to_string());
    answer_line(&mut app, 2, 100);
    press(&mut app, KeyCode::Char('q'));
    assert!(app.training_state().is_none());
    assert!(app.start_menu().is_some(), "back on the start screen");
    assert!(!app.should_quit());
    assert!(screen(&app, 100, 32).contains("0 of 200 solved, 1 failed, streak 0"));
    // The engine's search was stopped on the way out.
    assert!(
        app.take_requests()
            .iter()
            .any(|r| matches!(r, Request::Stop))
    );
}

/// The training's screens, both languages, at the smallest size and a large one: the
/// question, and a wrong answer with its refutation.
#[test]
fn training_screens_snapshots() {
    for lang in Lang::ALL {
        let tag = match lang {
            Lang::En => "en",
            Lang::It => "it",
        };
        for (w, h) in [(80, 24), (120, 40)] {
            let data = scratch(&format!("snap-{tag}-{w}"));
            let mut app = App::training(config(RuleSet::Italian, &data, lang), None);
            app.update(Action::Resize {
                width: w,
                height: h,
            });
            check_snapshot(&format!("training_ask_{tag}_{w}x{h}"), &screen(&app, w, h));
            let wrong = wrong_move(&app);
            play_by_keys(&mut app, &wrong.to_string());
            answer_line(&mut app, 4, 150);
            check_snapshot(
                &format!("training_wrong_{tag}_{w}x{h}"),
                &screen(&app, w, h),
            );
        }
    }
}

/// QA pass 5: `?` put the training's keys on the message line, which cut them at 80x24 and
/// 60x20 (`q back` lost), and named neither `c` nor, in Italian, `f`. They are now the help's
/// box, paged where the terminal is short, in both languages.
#[test]
fn the_training_help_lists_every_key_at_small_sizes() {
    for lang in Lang::ALL {
        for (w, h) in [(100, 32), (80, 24), (60, 20)] {
            let data = scratch(&format!("help-{w}"));
            let mut app = trainer(RuleSet::Italian, &data, None, lang);
            app.update(Action::Resize {
                width: w,
                height: h,
            });
            press(&mut app, KeyCode::Char('?'));
            assert_eq!(*app.overlay(), dama::tui::app::Overlay::Help);
            let title = match lang {
                Lang::En => "Training keys",
                Lang::It => "Tasti dell'allenamento",
            };
            // Every page, as the player turns them: each key of the table is shown.
            let mut seen = String::new();
            while *app.overlay() == dama::tui::app::Overlay::Help {
                let text = screen(&app, w, h);
                assert!(text.contains(title), "{text}");
                seen.push_str(&text);
                press(&mut app, KeyCode::Char(' '));
            }
            for (key, what) in lang.training_keys() {
                // The help's key column is 14 wide: a longer key runs into its description.
                assert!(key.chars().count() <= 14, "{key}");
                assert!(seen.contains(key), "{key} missing at {w}x{h}:\n{seen}");
                let start: String = what.chars().take(12).collect();
                assert!(seen.contains(&start), "{what} missing at {w}x{h}:\n{seen}");
            }
            assert!(lang.training_keys().iter().any(|(k, _)| *k == "f / c"));
            // Closed, the training goes on as it was: still asking, nothing counted.
            assert_eq!(app.training_state().unwrap().phase(), TrainingPhase::Asking);
        }
    }
}

/// QA pass 5: at 60x20, after a wrong answer with long lines, the panel cut its body under
/// the keys: "Serie migliore 0; risolte 0 su" lost its "250". The body comes first now; the
/// keys (on `?`, and on the message line after answering) give way when both do not fit.
#[test]
fn a_short_panel_keeps_the_progress_whole_before_the_keys() {
    for lang in Lang::ALL {
        let data = scratch(&format!("short-panel-{lang:?}"));
        let mut app = trainer(RuleSet::Italian, &data, None, lang);
        app.update(Action::Resize {
            width: 60,
            height: 20,
        });
        let wrong = wrong_move(&app);
        play_by_keys(&mut app, &wrong.to_string());
        answer_line(&mut app, 16, 150);
        answer_line(&mut app, 16, 150);
        let text = screen(&app, 60, 20);
        let panel: String = text
            .lines()
            .filter_map(|l| l.split_once('|').map(|(_, p)| p.trim()))
            .collect::<Vec<_>>()
            .join(" ");
        let best = match lang {
            Lang::En => "solved 0 of 250",
            Lang::It => "risolte 0 su 250",
        };
        assert!(panel.contains(best), "{text}");
    }
}

/// What the searches the training asked for are for.
fn search_purposes(app: &mut App) -> Vec<Purpose> {
    app.take_requests()
        .into_iter()
        .filter_map(|r| match r {
            Request::Search { purpose, .. } => Some(purpose),
            _ => None,
        })
        .collect()
}

/// Every search the training asks for is for a line, never a move of the engine's own.
#[test]
fn the_training_asks_only_for_lines() {
    let data = scratch("purpose");
    let mut app = trainer(RuleSet::Italian, &data, None, Lang::En);
    let wrong = wrong_move(&app);
    play_by_keys(&mut app, &wrong.to_string());
    let purposes = search_purposes(&mut app);
    assert_eq!(purposes, [Purpose::Training(None)]);
}

/// The winning line's search carries the shot's proof (what the move wins, from which material,
/// at which depth), so the engine thread makes the line show the gain; the answer to a wrong
/// move carries none.
#[test]
fn the_winning_line_is_asked_with_its_proof() {
    use dama::tui::app::{PuzzleSource, ShotProof};
    let data = scratch("proof");
    let mut app = trainer(RuleSet::Italian, &data, None, Lang::En);
    let (pos, best) = shown(&app);
    let PuzzleSource::Suite { gain, depth, .. } = app
        .training_state()
        .unwrap()
        .puzzle()
        .unwrap()
        .source
        .clone()
    else {
        panic!("a suite's shot");
    };
    assert_eq!(depth, 16, "the shipped proofs search 16 plies");
    play_by_keys(&mut app, &best.to_string());
    let purposes = search_purposes(&mut app);
    let before = dama::proof::material(&pos);
    assert_eq!(
        purposes,
        [Purpose::Training(Some(ShotProof {
            before,
            gain,
            depth
        }))]
    );
}

/// A shot's line is the engine's where the engine's wins the proven material, and the proof's
/// search's where it does not (here: no line at all, or one that gives the man back).
#[test]
fn a_line_short_of_the_gain_is_made_to_show_it() {
    use dama::notation::fen;
    use dama::proof::material;
    use dama::tui::app::{ShotProof, proven_line};
    use tui_common::find_move;
    // 18-14 gives a man; the captures that follow leave White a man up and crowned on 5.
    let pos = fen::parse(RuleSet::Italian, "W:W18,19,21,25:B4,10,11,12").unwrap();
    let after = pos.after(&find_move(&pos, "18-14"));
    let shot = ShotProof {
        before: material(&pos),
        gain: 150,
        depth: 6,
    };
    let white_up = |line: &[Move]| {
        let end = line.iter().fold(after, |p, m| p.after(m));
        let of = |c| end.men_of(c).count() as i32 * 100 + end.kings_of(c).count() as i32 * 150;
        of(dama::rules::Color::White) - of(dama::rules::Color::Black)
    };
    let made = proven_line(&after, &[], shot);
    assert_eq!(white_up(&made) - material(&pos), 150, "{made:?}");
    // The proof's line is kept as it is when given as the engine's.
    assert_eq!(proven_line(&after, &made, shot), made);
    // A proof that does not hold (a gain the position does not have): the engine's line.
    let wrong = ShotProof {
        before: material(&pos),
        gain: 400,
        depth: 6,
    };
    assert_eq!(proven_line(&after, &made[..1], wrong), made[..1].to_vec());
}

/// The shipped shots' winning lines, worked out as the board does (the engine's line after the
/// winning move, made to win the proven material by the proof's search where it does not, cut
/// where it has won the most), end with the suite's gain won, every one of them, within the
/// plies a line shows. Release only (`.ci/run`): 450 searches of 16 plies (`DAMA_LINE_DEPTH`).
#[test]
#[ignore]
fn the_winning_lines_show_the_gain() {
    use dama::engine::{Engine, Limits};
    use std::sync::atomic::AtomicBool;
    let mut engine = Engine::new(64);
    engine.set_variety(0);
    let material = |pos: &dama::rules::Position, side: dama::rules::Color| {
        let of = |c| pos.men_of(c).count() as i32 * 100 + pos.kings_of(c).count() as i32 * 150;
        of(side) - of(side.opposite())
    };
    let depth: u32 = std::env::var("DAMA_LINE_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(16);
    let mut all_short = Vec::new();
    let mut longest = 0;
    for (rules, file) in [(RuleSet::Italian, "italian"), (RuleSet::English, "english")] {
        let text = std::fs::read_to_string(format!(
            "{}/tests/data/shots/{file}.txt",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let suite = dama::notation::shots::parse(&text).unwrap();
        let mut short = Vec::new();
        for s in &suite.shots {
            engine.new_game();
            let mut game = Game::new(s.pos);
            game.play(&s.best).unwrap();
            let r = engine.search(
                &game,
                Limits::Depth(depth),
                &AtomicBool::new(false),
                &mut |_| {},
            );
            let shot = dama::tui::app::ShotProof {
                before: dama::proof::material(&s.pos),
                gain: s.gain,
                depth: s.depth,
            };
            let pv = dama::tui::app::proven_line(game.position(), &r.pv, shot);
            longest = longest.max(pv.len());
            let line = dama::tui::app::cut_line(game.position(), &pv, s.pos.side_to_move());
            let mut end = *game.position();
            for m in &line {
                end = end.after(m);
            }
            let side = s.pos.side_to_move();
            let won = material(&end, side) - material(&s.pos, side);
            if won < s.gain {
                short.push(format!(
                    "{} {} won {won} of {}",
                    dama::notation::fen::write(&s.pos),
                    s.best,
                    s.gain
                ));
            }
        }
        eprintln!(
            "{rules}: {} of {} lines show the whole gain; short:\n{}",
            suite.shots.len() - short.len(),
            suite.shots.len(),
            short.join("\n")
        );
        all_short.extend(short);
    }
    // The engine's line is shown where it wins the proven material; else the proof's own
    // search finds a line that does, so every line shows it, within the plies shown.
    eprintln!("longest line: {longest} plies");
    assert!(
        all_short.is_empty(),
        "{} of 450 lines fall short",
        all_short.len()
    );
    assert!(longest <= dama::tui::app::LINE_PLIES);
}

/// A line is cut where the side it is for has won the most (the engine's line goes on past
/// the win), stops at a move that is not legal, and a line that wins nothing keeps four plies.
#[test]
fn lines_are_cut_where_the_material_is_won() {
    use dama::notation::fen;
    use tui_common::find_move;
    let start = fen::parse(
        RuleSet::Italian,
        "W:W17,20,24,26,27,30,31:B1,2,4,10,11,15,16,18",
    )
    .unwrap();
    let after = start.after(&find_move(&start, "26-22"));
    let mut pos = after;
    let mut pv = Vec::new();
    for text in ["16x23", "22x13x6", "23-28", "6-3", "11-14"] {
        let m = find_move(&pos, text);
        pos = pos.after(&m);
        pv.push(m);
    }
    let white = dama::rules::Color::White;
    let cut = dama::tui::app::cut_line(&after, &pv, white);
    let texts: Vec<String> = cut.iter().map(Move::to_string).collect();
    // Two men won by 22x13x6, and 6-3 crowns the man: the line ends there, not at 11-14.
    assert_eq!(texts, ["16x23", "22x13x6", "23-28", "6-3"]);
    // For Black the line wins nothing: four plies.
    let black = dama::rules::Color::Black;
    assert_eq!(dama::tui::app::cut_line(&after, &pv, black).len(), 4);
    // A move that is not legal ends the line there (nothing is played past it).
    let mut wrong = pv.clone();
    wrong.swap(0, 1);
    assert!(dama::tui::app::cut_line(&after, &wrong, white).is_empty());
    // No capture: the first four plies.
    let quiet = dama::tui::app::cut_line(&pos, &[], white);
    assert!(quiet.is_empty());
    let open = dama::rules::Position::start(RuleSet::Italian);
    let mut g = Game::new(open);
    let mut line = Vec::new();
    // Six quiet plies: each time a move after which no capture is due.
    while line.len() < 6 {
        let pos = *g.position();
        let Some(m) = g
            .legal_moves()
            .into_iter()
            .find(|m| !dama::rules::has_capture(&pos.after(m)))
        else {
            break;
        };
        g.play(&m).unwrap();
        line.push(m);
    }
    assert!(line.len() > 4, "{line:?}");
    assert_eq!(dama::tui::app::cut_line(&open, &line, white), line[..4]);
}

/// Another move than the shot's that the engine proves wins the game (a won ending, where the
/// suite's "only move that wins material" leaves room) is right; leaving while the engine
/// judges counts nothing.
#[test]
fn a_move_that_wins_the_game_is_right_too() {
    let data = scratch("wins");
    let mut app = trainer(RuleSet::Italian, &data, None, Lang::En);
    let other = wrong_move(&app);
    play_by_keys(&mut app, &other.to_string());
    // The opponent's view: lost by force.
    answer_line(&mut app, 2, -dama::engine::WIN + 9);
    let t = app.training_state().unwrap();
    assert_eq!(t.phase(), TrainingPhase::Answered(Verdict::Right));
    assert!(
        app.message().contains("wins the game by force too"),
        "{}",
        app.message()
    );
    assert_eq!(progress_in(&data, RuleSet::Italian).solved, 1);
    press(&mut app, KeyCode::Char('n'));
    let other = wrong_move(&app);
    play_by_keys(&mut app, &other.to_string());
    assert_eq!(
        app.training_state().unwrap().phase(),
        TrainingPhase::Judging
    );
    press(&mut app, KeyCode::Char('n'));
    let p = progress_in(&data, RuleSet::Italian);
    assert_eq!((p.solved, p.failed), (1, 0), "not judged, not counted");
}

/// QA practice: a kept position names its game's move as the record numbers it (a game from a
/// position with Black to move starts at `1...`: White's first move is move 2), and in the
/// player's language (the file keeps one wording: it used to show "move" in Italian too).
#[test]
fn an_own_positions_source_is_numbered_as_the_record_and_worded_in_both_languages() {
    let data = scratch("own-numbered");
    let text = "[White \"You\"]\n[Black \"dama level 6\"]\n[Date \"2026.12.05\"]\n\
                [GameType \"22\"]\n[FEN \"B:W18,21,23,24,25,26,27,28,29,30,31,32:\
                B1,2,3,4,5,6,7,8,9,10,11,12\"]\n\n1... 12-16 2. 23-19 10-14 *\n";
    let mut app = reviewing(text, &data);
    // White's 23-19 (ply 1) throws two men away.
    tui_common::answer_review(&mut app, |ply| match ply {
        0 | 1 => 0,
        p if p % 2 == 0 => 200,
        _ => -200,
    });
    let kept = files::load_own(&files::own_path(&data, RuleSet::Italian)).unwrap();
    assert_eq!(kept.len(), 1, "{}", app.message());
    assert_eq!(kept[0].played, "23-19");
    assert_eq!(kept[0].source, "2026.12.05, move 2");
    let app = trainer(RuleSet::Italian, &data, None, Lang::En);
    assert!(screen(&app, 100, 32).contains("Your game (2026.12.05, move 2)"));
    let app = trainer(RuleSet::Italian, &data, None, Lang::It);
    let text = screen(&app, 100, 32);
    assert!(
        text.contains("La tua partita (2026.12.05, mossa 2)"),
        "{text}"
    );
    // Its better move is right as the better move, not as a shot that wins material (it need
    // not win anything), and its line is the better line, not a winning one.
    for lang in Lang::ALL {
        // Unsolved again: the training opens on it.
        let _ = std::fs::remove_file(files::progress_path(&data, RuleSet::Italian));
        let mut app = trainer(RuleSet::Italian, &data, None, lang);
        let (_, best) = shown(&app);
        play_by_keys(&mut app, &best.to_string());
        let right = dama::tui::lang::Msg::TrainingRightOwn.fill(lang, &[&""]);
        assert!(
            app.message().ends_with(
                right
                    .trim_start_matches("Right! ")
                    .trim_start_matches("Giusto! ")
                    .trim()
            ),
            "{}",
            app.message()
        );
        assert!(!app.message().contains("material") && !app.message().contains("materiale"));
        let text = screen(&app, 100, 32);
        let better = dama::tui::lang::Msg::TrainingLineBetter.text(lang);
        assert!(text.contains(better), "{text}");
    }
    // A source written otherwise (by hand) is shown as written.
    assert_eq!(
        dama::tui::app::training_source_text("club night", Lang::It),
        "club night"
    );
}

/// QA practice: a two-player game reviewed at its end is named as it is kept and archived,
/// White and Black, and keeps no positions as "yours". It was named "You" against the engine
/// (the engine played nothing), and White's mistakes went to the player's training.
#[test]
fn a_two_player_games_review_names_both_players_and_keeps_nothing() {
    let data = scratch("two-review");
    let mut c = config(RuleSet::Italian, &data, Lang::En);
    c.players = dama::tui::app::Players::TwoPlayers { turn: false };
    let pos = dama::notation::fen::parse(RuleSet::Italian, "W:W22:B14").unwrap();
    let mut app = App::new(c, dama::rules::Game::new(pos));
    app.update(Action::Resize {
        width: 100,
        height: 32,
    });
    // White's man walks into Black's capture (not the review's first move, its "best").
    let played = dama::rules::legal_moves(&pos)[1];
    play_by_keys(&mut app, &played.to_string());
    let take = dama::rules::legal_moves(app.game().position())[0];
    play_by_keys(&mut app, &take.to_string());
    assert!(app.game().outcome().is_some());
    press(&mut app, KeyCode::Char('v'));
    let record = app
        .replay_viewer()
        .unwrap()
        .replay()
        .unwrap()
        .record()
        .clone();
    assert_eq!(record.tag("White"), Some("White"));
    assert_eq!(record.tag("Black"), Some("Black"));
    tui_common::answer_review(&mut app, |ply| if ply == 0 { 0 } else { 1000 });
    assert_eq!(app.mistakes(), vec![0], "White's move is marked");
    let kept = files::load_own(&files::own_path(&data, RuleSet::Italian)).unwrap();
    assert!(kept.is_empty(), "{kept:?}");
}
