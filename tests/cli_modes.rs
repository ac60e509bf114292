//! Issue 22's command-line ways in: `dama play --two-players`, `--watch`, `--ballot`, and
//! `dama edit --fen`. What is refused is refused before the board opens, with the reason.

use std::process::Command;

/// Runs `dama ARGS` with a scratch home (the board's commands clean the data folder):
/// (success, standard error).
fn dama(name: &str, args: &[&str]) -> (bool, String) {
    let home = std::env::temp_dir().join(format!("dama-cli-modes-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .env("HOME", &home)
        .env_remove("XDG_DATA_HOME")
        .env_remove("XDG_CONFIG_HOME")
        .output()
        .expect("run dama");
    let _ = std::fs::remove_dir_all(&home);
    (
        out.status.success(),
        String::from_utf8(out.stderr).expect("dama prints UTF-8"),
    )
}

#[test]
fn a_ballot_out_of_range_is_named_with_the_range() {
    let (ok, err) = dama("ballot-it", &["play", "--ballot", "2401"]);
    assert!(!ok);
    assert!(err.contains("1 to 2400"), "{err}");
    let (ok, err) = dama(
        "ballot-en",
        &["play", "--rules", "english", "--ballot", "158"],
    );
    assert!(!ok);
    assert!(err.contains("1 to 157"), "{err}");
    let (ok, err) = dama("ballot-x", &["play", "--ballot", "first"]);
    assert!(!ok);
    assert!(err.contains("random"), "{err}");
}

#[test]
fn the_modes_exclude_each_other_and_their_options_need_them() {
    let (ok, err) = dama("both", &["play", "--two-players", "--watch"]);
    assert!(!ok);
    assert!(err.contains("cannot be used with"), "{err}");
    let (ok, err) = dama("level", &["play", "--white-level", "3"]);
    assert!(!ok);
    assert!(err.contains("--watch"), "{err}");
    let (ok, err) = dama("turn", &["play", "--turn-board"]);
    assert!(!ok);
    assert!(err.contains("--two-players"), "{err}");
    let (ok, err) = dama("level16", &["play", "--watch", "--black-level", "16"]);
    assert!(!ok);
    assert!(err.contains("16"), "{err}");
}

#[test]
fn the_editor_refuses_a_fen_it_cannot_read() {
    let (ok, err) = dama("fen", &["edit", "--fen", "W:W33:B1"]);
    assert!(!ok);
    assert!(err.contains("bad --fen") && err.contains("33"), "{err}");
    let (ok, err) = dama("fen2", &["edit", "--fen", "nonsense"]);
    assert!(!ok);
    assert!(err.contains("bad --fen"), "{err}");
    // Worded as `dama --fen` words it: no board message ("Not read: ...") in it.
    let (_, play) = dama("fen3", &["--fen", "nonsense"]);
    assert_eq!(err, play);
    assert!(!err.contains("Not read"), "{err}");
}
