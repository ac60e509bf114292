//! `dama analyze --lines N` (multi-PV on the command line) and `--board`'s argument checks
//! (the board itself is driven in tests/tui_analysis.rs).

mod cli_common;

use cli_common::{dama, dama_at, scratch};

#[test]
fn lines_prints_the_best_n_lines_per_iteration() {
    let (ok, out, err) = dama(&[
        "analyze",
        "--fen",
        "W:W21-32:B1-12",
        "--depth",
        "4",
        "--lines",
        "3",
    ]);
    assert!(ok, "{err}");
    for depth in 1..=4 {
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| l.contains(&format!("depth {depth:>2} ")))
            .collect();
        assert_eq!(lines.len(), 3, "{out}");
        for (k, l) in lines.iter().enumerate() {
            assert!(l.starts_with(&format!("line {}  ", k + 1)), "{l}");
        }
        let firsts: Vec<&str> = lines
            .iter()
            .map(|l| l.split("pv ").nth(1).unwrap().split(' ').next().unwrap())
            .collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    }
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
}

#[test]
fn lines_and_board_refuse_what_they_cannot_do() {
    for args in [
        &["analyze", "--fen", "W:W21-32:B1-12", "--lines", "0"][..],
        &["analyze", "--fen", "W:W21-32:B1-12", "--lines", "11"],
        &["analyze", "--board", "--depth", "3"],
        &["analyze", "--board", "--lines", "2"],
        &["analyze", "--lang", "it"],
    ] {
        let (ok, _, err) = dama(args);
        assert!(!ok, "{args:?} should fail");
        assert!(err.contains("error"), "{args:?}: {err}");
    }
    // A ply past the game's end is said before any terminal is touched.
    let dir = scratch("board-ply");
    let file = dir.join("g.pdn");
    std::fs::write(&file, "[GameType \"22\"]\n1. 22-18 10-14 *\n").unwrap();
    let (ok, _, err) = dama(&["analyze", "--board", file.to_str().unwrap(), "--ply", "5"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!ok);
    assert!(err.contains("game 1 has only 2 plies"), "{err}");
    let (ok, _, err) = dama(&["analyze", "--board", "--fen", "W:W33:B1"]);
    assert!(!ok && err.contains("bad --fen"), "{err}");
}

/// A damaged game is analysed as `dama replay` shows it: up to the ply before the damage
/// (any --ply at or past it stops there), then the damage in replay's words, exit status 1;
/// a --ply before it as usual. The board opens on it the same way; --annotate wants a whole
/// game.
#[test]
fn a_damaged_game_is_analysed_up_to_its_damage() {
    let dir = scratch("damaged");
    let file = dir.join("g.pdn");
    // Ply 3 moves a piece with no legal move.
    std::fs::write(
        &file,
        "[GameType \"22\"]\n1. 22-18 10-14 2. 31-27 99-14 *\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let (_, _, replayed) = dama_at(&dir, &["replay", f, "--text"], "");
    let damage = replayed
        .trim_end()
        .strip_suffix(" (game shown up to ply 2, where the record is damaged)")
        .unwrap_or_else(|| panic!("{replayed}"));
    assert!(damage.contains("g.pdn:2:19: ply 3:"), "{damage}");
    for ply in [&[][..], &["--ply", "3"], &["--ply", "9"]] {
        let mut args = vec!["analyze", f, "--depth", "1"];
        args.extend_from_slice(ply);
        let (ok, out, err) = dama_at(&dir, &args, "");
        assert!(!ok, "{ply:?}");
        assert!(out.contains("bestmove"), "{ply:?}: analysed: {out}");
        assert_eq!(
            // After the note on the endgame tables (none in the scratch folder).
            err.trim_end().lines().last().unwrap(),
            format!("{damage} (analysed up to ply 2, where the record is damaged)"),
            "{ply:?}"
        );
    }
    let (ok, out, err) = dama_at(&dir, &["analyze", f, "--depth", "1", "--ply", "1"], "");
    assert!(ok && out.contains("bestmove"), "{err}");
    // The board gets past the damage (here it stops only for want of a terminal).
    for extra in [
        &["--board"][..],
        &["--board", "--ply", "1"],
        &["--board", "--ply", "3"],
    ] {
        let mut args = vec!["analyze", f];
        args.extend_from_slice(extra);
        let (ok, _, err) = dama_at(&dir, &args, "");
        assert!(!ok);
        assert!(err.contains("needs a terminal"), "{extra:?}: {err}");
    }
    let annotated = dir.join("a.pdn");
    let (ok, _, err) = dama_at(
        &dir,
        &[
            "analyze",
            f,
            "--depth",
            "1",
            "--annotate",
            annotated.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        !ok && err.contains("--annotate needs a whole game"),
        "{err}"
    );
    assert!(!annotated.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
