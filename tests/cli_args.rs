//! Bad option values are errors with a clear reason and a non-zero exit, before anything
//! starts: never silently clamped (`--depth 0` searching depth 1), never a crash (`--tt`
//! asking the allocator for terabytes).

use std::process::{Command, Stdio};

fn dama(args: &[&str]) -> (Option<i32>, String) {
    // A scratch home: a refused option must never reach the user's data folder anyway.
    let home = std::env::temp_dir().join(format!("dama-cli-args-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::null())
        .output()
        .expect("run dama");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn out_of_range_numbers_are_refused_with_the_range() {
    let cases: &[(&[&str], &str)] = &[
        (&["--depth", "0"], "must be from 1 to 40"),
        (&["play", "--depth", "41"], "must be from 1 to 40"),
        (&["--movetime", "0"], "must be at least 1"),
        (&["--movetime", "soon"], "\"soon\" is not a whole number"),
        (&["perft", "--depth", "0"], "must be at least 1"),
        (&["bench", "--depth", "0"], "must be from 1 to 100"),
        (
            &["analyze", "--fen", "W:W21-32:B1-12", "--depth", "0"],
            "must be from 1 to 100",
        ),
        (
            &["analyze", "--fen", "W:W21-32:B1-12", "--movetime", "0"],
            "must be at least 1",
        ),
        (&["match", "--games", "0"], "must be at least 1"),
        (&["match", "--a-depth", "0"], "must be from 1 to 100"),
        (&["match", "--b-nodes", "0"], "must be at least 1"),
        (&["play", "--level", "15"], "must be from 1 to 14"),
        (&["play", "--level", "0"], "must be from 1 to 14"),
        (&["match", "--b-level", "15"], "must be from 1 to 14"),
        (&["engine", "--tt", "100000000"], "must be from 0 to 4096"),
        (
            &["analyze", "--fen", "W:W21-32:B1-12", "--tt", "99999999"],
            "must be from 0 to 4096",
        ),
    ];
    for (args, why) in cases {
        let (code, err) = dama(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_depth_and_a_move_time_together_are_refused() {
    let (code, err) = dama(&["--depth", "3", "--movetime", "100"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn an_unknown_language_is_refused_with_the_choices() {
    for args in [
        &["--lang", "de"][..],
        &["play", "--lang", "fr"],
        &["replay", "x.pdn", "--lang", "es"],
    ] {
        let (code, err) = dama(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("possible values: it, en"), "{args:?}: {err}");
    }
}

#[test]
fn analyze_says_it_needs_a_file_or_a_fen() {
    let (code, err) = dama(&["analyze"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("<FILE|--fen <FEN>|--board>"), "{err}");
}

#[test]
fn analyze_refuses_game_options_with_a_fen() {
    // --annotate, --game and --ply are about a game of a FILE: with --fen they were ignored.
    for extra in [
        &["--annotate", "x.pdn"][..],
        &["--game", "2"],
        &["--ply", "3"],
    ] {
        let mut args = vec!["analyze", "--fen", "W:W21-32:B1-12", "--depth", "1"];
        args.extend_from_slice(extra);
        let (code, err) = dama(&args);
        assert_eq!(code, Some(2), "{extra:?}: {err}");
        assert!(err.contains("cannot be used with"), "{extra:?}: {err}");
    }
}
