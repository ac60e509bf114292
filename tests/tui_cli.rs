//! `dama play` refuses bad input before it touches the terminal: a clear message naming the
//! problem and a non-zero exit.

use std::process::Command;

fn dama(args: &[&str], data: &std::path::Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .env("XDG_DATA_HOME", data)
        .output()
        .expect("run dama");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_options_are_reported() {
    let data = std::env::temp_dir().join(format!("dama-tui-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (ok, err) = dama(&["play", "--resume"], &data);
    assert!(!ok);
    assert!(err.contains("no game to resume"), "{err}");
    let (ok, err) = dama(&["play", "--fen", "W:W33:B1"], &data);
    assert!(!ok);
    assert!(err.contains("bad --fen"), "{err}");
    let (ok, err) = dama(&["--load", "/nonexistent/game.pdn"], &data);
    assert!(!ok);
    assert!(err.contains("cannot read /nonexistent/game.pdn"), "{err}");
    let (ok, err) = dama(&["play", "--depth", "0"], &data);
    assert!(!ok);
    assert!(err.contains("--depth"), "{err}");
    let (ok, err) = dama(&["play", "--fen", "W:W22:B18", "--resume"], &data);
    assert!(!ok);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// Without a terminal (output to a pipe), the board is not drawn into the pipe: a clear error
/// that points to the text replay, and a non-zero exit.
#[test]
fn the_board_needs_a_terminal() {
    let data = std::env::temp_dir().join(format!("dama-tui-noterm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .env("XDG_DATA_HOME", &data)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run dama");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "nothing drawn into the pipe");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the board needs a terminal"), "{err}");
    assert!(err.contains("dama replay FILE --text"), "{err}");
    assert!(!data.join("dama/autosave.pdn").exists());
}

/// Temporary files that a killed save left in the data folder are removed when dama next
/// starts, and never taken for a game: `--resume` still finds nothing to resume.
#[test]
fn a_killed_saves_leftovers_are_removed_at_start() {
    let data = std::env::temp_dir().join(format!("dama-tui-leftover-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let dir = data.join("dama");
    std::fs::create_dir_all(&dir).unwrap();
    // A process id above any system's limit (2^22): no such process.
    let left = dir.join(".autosave.pdn.4999999.3.tmp");
    std::fs::write(&left, "[White \"You\"]\n1. 22-18 *\n").unwrap();
    let not_ours = dir.join("notes.tmp");
    std::fs::write(&not_ours, "mine").unwrap();
    let (ok, err) = dama(&["play", "--resume"], &data);
    assert!(!ok);
    assert!(err.contains("no game to resume"), "{err}");
    assert!(!left.exists(), "the leftover is removed");
    assert!(not_ours.exists(), "other files are left alone");
    let _ = std::fs::remove_dir_all(&data);
}

/// `dama train`: a level it does not know is refused with the choices; without a terminal it
/// says so and writes nothing (no progress file for a session that never began).
#[test]
fn train_checks_its_options_and_needs_a_terminal() {
    let data = std::env::temp_dir().join(format!("dama-train-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (ok, err) = dama(&["train", "--level", "expert"], &data);
    assert!(!ok);
    assert!(
        err.contains("easy") && err.contains("medium") && err.contains("hard"),
        "{err}"
    );
    let (ok, err) = dama(&["train", "--rules", "english", "--level", "hard"], &data);
    assert!(!ok);
    assert!(err.contains("the board needs a terminal"), "{err}");
    assert!(!data.join("dama/training-english.toml").exists());
}

/// A damaged opening book of the player's own (`dama book build`'s file in the data folder) is
/// named on standard error before the board opens, in the board's language, rather than passed
/// over in silence for the shipped book; `--no-book` says nothing of it.
#[test]
fn a_damaged_own_book_is_named_before_the_board() {
    let data = std::env::temp_dir().join(format!("dama-tui-badbook-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let book = data.join("dama/book/italian.book");
    std::fs::create_dir_all(book.parent().unwrap()).unwrap();
    std::fs::write(&book, b"not a book at all").unwrap();
    let play = |extra: &[&str]| {
        let mut args = vec!["play", "--no-table-build"];
        args.extend_from_slice(extra);
        let out = Command::new(env!("CARGO_BIN_EXE_dama"))
            .args(&args)
            .env("XDG_DATA_HOME", &data)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run dama");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let err = play(&["--lang", "en"]);
    assert!(
        err.contains(&format!("the opening book {} is not used", book.display())),
        "{err}"
    );
    assert!(err.contains("the book shipped with dama"), "{err}");
    let err = play(&["--lang", "it"]);
    assert!(err.contains("il libro delle aperture"), "{err}");
    let err = play(&["--no-book"]);
    assert!(!err.contains("opening book"), "{err}");
    let _ = std::fs::remove_dir_all(&data);
}
