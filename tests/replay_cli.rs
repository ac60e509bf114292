//! `dama replay` as a user runs it: the game list, the text replay with boards and the final
//! FEN, `--ply`, `--numbers`, `--rules`, and errors with a non-zero exit.

mod cli_common;

use cli_common::dama;

use std::path::Path;

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pdn")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn last_line(s: &str) -> &str {
    s.lines().last().unwrap_or("")
}

#[test]
fn several_games_are_listed() {
    let (ok, out, _) = dama(&["replay", &data("italian_random.pdn")]);
    assert!(ok);
    assert!(out.contains("4 games (4 readable)"), "{out}");
    let rows: Vec<&str> = out.lines().skip(2).collect();
    assert_eq!(rows.len(), 4);
    assert!(
        rows[0].trim_start().starts_with("1  random 1 - random 2"),
        "{}",
        rows[0]
    );
    assert!(rows[0].contains("0-1"), "{}", rows[0]);
}

#[test]
fn a_damaged_game_is_listed_with_its_error() {
    let (ok, out, _) = dama(&["replay", &data("malformed/three_games_middle_damaged.pdn")]);
    assert!(ok);
    assert!(out.contains("3 games (2 readable)"), "{out}");
    assert!(
        out.contains("2  cannot be read: line 7, column 10:"),
        "{out}"
    );
}

#[test]
fn text_replay_ends_with_result_and_final_fen() {
    let fens = std::fs::read_to_string(data("italian_random.fen")).unwrap();
    for (i, want) in fens.lines().enumerate() {
        let n = (i + 1).to_string();
        let (ok, out, err) = dama(&[
            "replay",
            &data("italian_random.pdn"),
            "--game",
            &n,
            "--text",
        ]);
        assert!(ok, "{err}");
        assert_eq!(last_line(&out), format!("FEN {want}"));
        assert!(out.contains("[Event \"Random legal moves\"]"));
        assert!(out.contains("\nResult 0-1 (Black wins"), "{out}");
        // A board after every move, plus the start.
        let boards = out.matches("    a  b  c  d  e  f  g  h").count();
        let plies = out
            .lines()
            .filter(|l| {
                let w = l.split(' ').next().unwrap_or("");
                w.ends_with('.') && w.starts_with(|c: char| c.is_ascii_digit())
            })
            .count();
        assert_eq!(boards, plies + 1, "{out}");
    }
}

#[test]
fn ply_stops_early_and_numbers_show_squares() {
    let (ok, out, _) = dama(&[
        "replay",
        &data("italian_random.pdn"),
        "--game",
        "1",
        "--text",
        "--ply",
        "1",
        "--numbers",
    ]);
    assert!(ok);
    // After 23-20 (R-B4: 23 is f3, 20 is g4), White to move is Black.
    assert_eq!(
        last_line(&out),
        "FEN B:W20,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    // The record is read no further than asked.
    assert!(
        out.contains("Stopped after ply 1 (the record goes on and is not read further; result "),
        "{out}"
    );
    assert!(out.contains("1. 23-20\n"), "{out}");
    assert!(out.contains("3 |    w     w    23     w |"), "{out}");
    assert!(out.contains("4 |17    18    19     w    |"), "{out}");
    let (_, zero, _) = dama(&[
        "replay",
        &data("italian_random.pdn"),
        "-g",
        "1",
        "--text",
        "--ply",
        "0",
    ]);
    assert_eq!(
        last_line(&zero),
        "FEN W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
}

#[test]
fn rules_option_reads_files_without_game_type() {
    let file = data("english_checkerboard.pdn");
    let want = std::fs::read_to_string(data("english_checkerboard.fen")).unwrap();
    let (ok, out, err) = dama(&[
        "replay", &file, "--game", "2", "--text", "--rules", "english",
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        last_line(&out),
        format!("FEN {}", want.lines().nth(1).unwrap())
    );
    assert!(out.contains("Rules: english"));
    // Read as Italian (the default), the first move is already wrong: White does not move
    // first in English (R-B5), and the error says where.
    let (ok, _, err) = dama(&["replay", &file, "--game", "2", "--text"]);
    assert!(!ok);
    assert!(
        err.contains("english_checkerboard.pdn:15:4 (game 2): ply 1:"),
        "{err}"
    );
}

#[test]
fn errors_exit_non_zero_with_a_message() {
    let (ok, _, err) = dama(&["replay", &data("no_such_file.pdn"), "--text"]);
    assert!(!ok);
    assert!(
        err.contains("cannot read") && err.contains("no_such_file.pdn"),
        "{err}"
    );

    let (ok, _, err) = dama(&["replay", &data("malformed/not_pdn.pdn"), "--text"]);
    assert!(!ok);
    assert!(
        err.contains("not_pdn.pdn:1:1: \"This\" is not PDN movetext"),
        "{err}"
    );

    let (ok, _, err) = dama(&["replay", &data("malformed/capture_ignored.pdn"), "--text"]);
    assert!(!ok);
    assert!(
        err.contains("capture_ignored.pdn:4:4: ply 1: 31-27 is illegal here: you must capture"),
        "{err}"
    );
    assert!(err.contains("W:W22,31:B18"), "{err}");

    let (ok, _, err) = dama(&["replay", &data("italian_random.pdn"), "--game", "9"]);
    assert!(!ok);
    assert!(err.contains("holds 4 games; there is no game 9"), "{err}");

    let empty = std::env::temp_dir().join(format!("dama-empty-{}.pdn", std::process::id()));
    std::fs::write(&empty, "  \n").unwrap();
    let (ok, _, err) = dama(&["replay", &empty.to_string_lossy(), "--text"]);
    std::fs::remove_file(&empty).unwrap();
    assert!(!ok);
    assert!(err.contains("no game found"), "{err}");
}

#[test]
fn without_a_terminal_the_replay_is_text() {
    // On a terminal `dama replay FILE` opens the full-screen viewer; piped (as here) it prints
    // the same text as --text, so scripts never get a screen they cannot read.
    let (ok, out, err) = dama(&["replay", &data("italian_random.pdn"), "--game", "1"]);
    assert!(ok, "{err}");
    let (ok2, text, _) = dama(&[
        "replay",
        &data("italian_random.pdn"),
        "--game",
        "1",
        "--text",
    ]);
    assert!(ok2);
    assert_eq!(out, text);
}

#[test]
fn a_file_where_nothing_reads_is_an_error_with_a_hint() {
    // English games read with the default (Italian) rules: every one fails at ply 1.
    let (ok, out, err) = dama(&["replay", &data("english_checkerboard.pdn")]);
    assert!(!ok, "{out}");
    assert!(err.contains("none of the 4 games"), "{err}");
    assert!(err.contains("see --rules"), "{err}");
    let (ok, out, _) = dama(&[
        "replay",
        &data("english_checkerboard.pdn"),
        "--rules",
        "english",
    ]);
    assert!(ok);
    assert!(out.contains("4 games (4 readable)"), "{out}");
}

/// `--ply` without `--game` on a file of several games lists them, and says the option needs
/// a game rather than dropping it silently.
#[test]
fn one_game_options_without_a_game_say_so() {
    let (ok, out, err) = dama(&["replay", &data("italian_random.pdn"), "--ply", "5"]);
    assert!(ok);
    assert!(out.contains("4 games (4 readable)"), "{out}");
    assert!(err.contains("choose it with --game N"), "{err}");
    let (_, _, err) = dama(&["replay", &data("italian_random.pdn")]);
    assert!(err.is_empty(), "{err}");
}

/// Control characters other than the line break and the tab: what could drive the terminal.
fn controls(s: &str) -> Vec<char> {
    s.chars()
        .filter(|&c| c.is_control() && c != '\n' && c != '\t')
        .collect()
}

/// Text read from a file reaches the terminal without its control characters: a tag value
/// `\e]0;x\a` would rename the terminal, `\e[2J` clear it. The list, the text replay, the
/// analysis of a game and error messages that quote the file are all cleaned.
#[test]
fn text_from_a_file_cannot_drive_the_terminal() {
    let dir = std::env::temp_dir().join(format!("dama-replay-ctl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("hostile.pdn");
    std::fs::write(
        &file,
        "[Event \"\u{1b}]0;owned\u{7}Club\"]\n[White \"Ann\u{1b}[2J\u{9b}31m\"]\n\
         [Black \"Bo\u{8}b\"]\n[GameType \"22,W,8,8,N2,1\"]\n\
         1. 22-18 {a \u{1b}[5mblinking\u{1b}[0m comment} 10-13 *\n\n\
         [Event \"second\u{1b}]2;x\u{7}\"]\n[GameType \"22,W,8,8,N2,1\"]\n\
         1. 22-18 10-13 2. 99-\u{1b}[2J *\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let (ok, out, err) = dama(&["replay", f, "--game", "1", "--text"]);
    assert!(ok, "{err}");
    assert_eq!(controls(&out), [], "{out:?}");
    assert!(out.contains("[Event \"]0;ownedClub\"]"), "{out}");
    assert!(out.contains("[White \"Ann[2J31m\"]"), "{out}");
    assert!(out.contains("{a [5mblinking[0m comment}"), "{out}");
    let (ok, out, err) = dama(&["replay", f]);
    assert!(ok, "{err}");
    assert_eq!(controls(&out), [], "{out:?}");
    assert!(out.contains("Ann[2J31m - Bob"), "{out}");
    let (ok, out, err) = dama(&["replay", f, "--game", "2", "--text"]);
    assert!(!ok);
    assert_eq!(controls(&out), [], "{out:?}");
    assert_eq!(controls(&err), [], "{err:?}");
    let (ok, out, err) = dama(&["analyze", f, "--game", "1", "--depth", "1"]);
    assert!(ok, "{err}");
    assert_eq!(controls(&out), [], "{out:?}");
    // A file name is quoted in error messages as well.
    let named = dir.join("no\u{1b}]0;owned\u{7}.pdn");
    let (ok, _, err) = dama(&["replay", named.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("no]0;owned.pdn"), "{err:?}");
    assert_eq!(controls(&err), [], "{err:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_damaged_game_is_replayed_up_to_its_damage() {
    // Game 2 breaks off after its first ply (a comment never closed).
    let file = data("malformed/three_games_middle_damaged.pdn");
    let (ok, out, err) = dama(&["replay", &file, "--game", "2", "--text", "--ply", "1"]);
    assert!(ok, "a ply before the damage is shown as asked: {err}");
    assert!(out.contains("[Event \"Damaged\"]"), "{out}");
    assert!(out.contains("\n1. 22-18\n"), "{out}");
    assert!(
        out.contains("Stopped after ply 1 of the 1 readable (the record is damaged after them:"),
        "{out}"
    );
    // --ply 0 reads none of the moves, so the damage after the first goes unseen.
    let (ok, out, _) = dama(&["replay", &file, "--game", "2", "--text", "--ply", "0"]);
    assert!(ok);
    assert!(
        out.contains("Stopped after ply 0 (the record goes on and is not read further; result *)"),
        "{out}"
    );
    // The whole game runs into the damage: shown up to it, then the error and a failure.
    let (ok, out, err) = dama(&["replay", &file, "--game", "2", "--text"]);
    assert!(!ok);
    assert!(out.contains("\n1. 22-18\n"), "{out}");
    assert!(out.contains("Damaged after ply 1:"), "{out}");
    assert!(
        err.contains("three_games_middle_damaged.pdn:7:10 (game 2): comment '{' is never closed"),
        "{err}"
    );
    assert!(err.contains("shown up to ply 1"), "{err}");
    // The list says how much of it shows.
    let (ok, out, _) = dama(&["replay", &file]);
    assert!(ok);
    assert!(out.contains("(shown up to ply 1)"), "{out}");
}

#[cfg(unix)]
#[test]
fn dev_zero_is_refused_with_a_clear_error() {
    let (ok, _, err) = dama(&["replay", "/dev/zero"]);
    assert!(!ok);
    assert!(err.contains("cannot read /dev/zero"), "{err}");
    assert!(err.contains("not a PDN file"), "{err}");
}

/// A missing file is named with its operating-system error once, by every command that reads
/// a game file (it used to come twice: "No such file or directory (os error 2): No such file
/// or directory (os error 2)").
#[test]
fn a_missing_file_gives_its_error_once() {
    let missing = std::env::temp_dir().join(format!("dama-missing-{}.pdn", std::process::id()));
    let m = missing.to_str().unwrap();
    let data = cli_common::scratch("missing-data");
    for args in [
        vec!["replay", m],
        vec!["analyze", m, "--depth", "1"],
        vec!["play", "--load", m],
        vec![
            "match",
            "--book",
            m,
            "--games",
            "2",
            "--a-depth",
            "1",
            "--b-depth",
            "1",
        ],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dama"))
            .args(&args)
            .env("XDG_DATA_HOME", &data)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            err.contains(&format!("cannot read {m}: ")),
            "{args:?}: {err}"
        );
        assert_eq!(err.matches("(os error 2)").count(), 1, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    std::fs::remove_dir_all(data).unwrap();
}

/// A PDN file whose first tag pair runs on for megabytes is not "not a PDN file": the error
/// says that the tag is too long, and where it starts.
#[test]
fn a_tag_too_long_is_named_with_its_place() {
    let dir = cli_common::scratch("long-tag");
    let file = dir.join("long_tag.pdn");
    let value = "x".repeat(3 << 20);
    let game = format!("\n[Event \"{value}\"]\n[GameType \"22,W,8,8,N2,1\"]\n1. 22-18 *\n");
    std::fs::write(&file, game).unwrap();
    let f = file.to_str().unwrap();
    for args in [
        vec!["replay", f, "--text"],
        vec!["analyze", f, "--depth", "1"],
    ] {
        let (ok, _, err) = dama(&args);
        assert!(!ok, "{args:?}");
        assert!(
            err.contains(&format!(
                "cannot read {f}: line 2, column 1: the tag pair that starts there is too long"
            )),
            "{args:?}: {err}"
        );
        assert!(!err.contains("not a PDN file"), "{err}");
        assert!(err.len() < 400, "{err}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
