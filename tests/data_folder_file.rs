//! A data folder that is a regular file (made by mistake): every path that uses it names that
//! cause ("<folder> is a file, not a folder") instead of the system's "File exists", "Not a
//! directory" or "does not exist": the board (in English and Italian), `--resume`, and the
//! endgame tables' notice.

mod tui_common;

use dama::rules::{Game, Position, RuleSet};
use dama::tui::{App, GameSettings, Lang};
use std::process::Command;
use tui_common::play_by_keys;

/// A scratch home whose data folder `dama` is a file.
fn home_with_a_file_for_data(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("dama-data-file-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("dama"), "a file where the data folder should be").unwrap();
    d
}

#[test]
fn the_board_says_the_data_folder_is_a_file_in_either_language() {
    let home = home_with_a_file_for_data("board");
    let data = home.join("dama");
    for (lang, words) in [
        (Lang::En, "is a file, not a folder"),
        (Lang::It, "è un file, non una cartella"),
    ] {
        let mut c = GameSettings::new(RuleSet::Italian);
        c.lang = lang;
        c.autosave = Some(data.join("autosave.pdn"));
        let mut app = App::new(c, Game::new(Position::start(RuleSet::Italian)));
        play_by_keys(&mut app, "22-18");
        let message = app.message().to_string();
        assert!(
            message.contains(&format!("{} {words}", data.display())),
            "{message}"
        );
        assert!(!message.contains("os error"), "{message}");
    }
    std::fs::remove_dir_all(&home).unwrap();
}

#[test]
fn resume_and_the_tables_say_the_data_folder_is_a_file() {
    let home = home_with_a_file_for_data("cli");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_dama"))
            .args(args)
            .env("HOME", &home)
            .env("XDG_DATA_HOME", &home)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let cause = format!("{} is a file, not a folder", home.join("dama").display());
    let (ok, err) = run(&["play", "--resume"]);
    assert!(!ok);
    assert!(
        err.contains(&cause) && !err.contains("does not exist"),
        "{err}"
    );
    let (ok, err) = run(&["analyze", "--fen", "W:W21-32:B1-12", "--depth", "1"]);
    assert!(ok, "{err}");
    assert!(err.contains(&cause) && !err.contains("os error"), "{err}");
    std::fs::remove_dir_all(&home).unwrap();
}
