//! `dama perft` as a user runs it: counts per depth, `--divide`, and a clear error with a
//! non-zero exit for a bad FEN.

mod cli_common;

use cli_common::dama;
use std::process::Command;

/// The count column of `dama perft` output, by depth.
fn counts(stdout: &str) -> Vec<u64> {
    stdout
        .lines()
        .filter_map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            (cols.len() == 4 && cols[0].parse::<u32>().is_ok()).then(|| cols[1].parse().unwrap())
        })
        .collect()
}

#[test]
fn perft_prints_every_depth_for_both_rule_sets() {
    let (ok, out, _) = dama(&["perft", "--depth", "5"]);
    assert!(ok);
    assert_eq!(counts(&out), vec![7, 49, 302, 1469, 7361]);
    let (ok, out, _) = dama(&["perft", "--rules", "english", "--depth", "6"]);
    assert!(ok);
    assert_eq!(counts(&out), vec![7, 49, 302, 1469, 7361, 36768]);
}

#[test]
fn divide_lists_root_moves_in_notation() {
    let (ok, out, _) = dama(&["perft", "--depth", "3", "--divide"]);
    assert!(ok);
    let rows: Vec<(&str, u64)> = out
        .lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            let (m, n) = (it.next()?, it.next()?);
            (it.next().is_none() && m.contains('-')).then(|| (m, n.parse().unwrap()))
        })
        .collect();
    // R-B4 (IT): White's seven first moves.
    let moves: Vec<&str> = rows.iter().map(|r| r.0).collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [
            "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"
        ]
    );
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 302);
    assert!(out.contains("nodes 302"));
}

#[test]
fn threads_share_the_root_moves_without_changing_a_count() {
    // A position with captures and kings, so that every kind of chain is in the tree.
    let fen = "W:WK1,21,22,27:B11,12,K28";
    for rules in ["italian", "english"] {
        let one = ["perft", "--rules", rules, "--fen", fen, "--depth", "6"];
        let (ok, single, _) = dama(&one);
        assert!(ok);
        let (ok, split, _) = dama(&[&one[..], &["--threads", "3"]].concat());
        assert!(ok);
        assert!(split.contains("threads 3"), "{split}");
        assert_eq!(counts(&split), counts(&single), "{rules}");
        assert_eq!(counts(&single).len(), 6);
        // --divide: the same rows in the same order.
        let rows = |out: &str| -> Vec<String> {
            out.lines()
                .filter(|l| l.split_whitespace().count() == 2 && !l.starts_with("threads"))
                .map(str::to_string)
                .collect()
        };
        let (ok, single, _) = dama(&[&one[..], &["--divide"]].concat());
        assert!(ok);
        let (ok, split, _) = dama(&[&one[..], &["--divide", "--threads", "2"]].concat());
        assert!(ok);
        assert!(!rows(&single).is_empty());
        assert_eq!(rows(&split), rows(&single), "{rules}");
    }
    let (ok, _, err) = dama(&["perft", "--depth", "3", "--threads", "0"]);
    assert!(!ok);
    assert!(err.contains("from 1 to 64"), "{err}");
}

#[test]
fn bad_fen_is_an_error_that_says_why() {
    let (ok, out, err) = dama(&["perft", "--fen", "W:W21,33:B1", "--depth", "1"]);
    assert!(!ok);
    assert!(out.is_empty());
    assert!(err.contains("square 33 is not on the board"), "{err}");
    let (ok, _, err) = dama(&["perft", "--fen", "W:W21", "--depth", "1"]);
    assert!(!ok);
    assert!(err.contains("3 fields"), "{err}");
}

/// `dama perft | head -1`: when the reader goes away, dama ends quietly (killed by SIGPIPE as
/// `cat` would be) instead of panicking with "failed printing to stdout".
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["perft", "--depth", "12"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dama");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("rules italian"), "{first}");
    // The reader is dropped here: the next line perft prints meets a closed pipe.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE));
}

/// `dama perft --depth 100` would never end: the depth is bounded, and the error says why,
/// at once and before any output.
#[test]
fn a_depth_that_would_never_finish_is_refused() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    for extra in [&[][..], &["--divide"][..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
            .args([&["perft", "--depth", "100"], extra].concat())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run dama");
        let t = Instant::now();
        while child.try_wait().unwrap().is_none() {
            if t.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                let _ = child.wait();
                panic!("perft --depth 100 {extra:?} still running after 10 s");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert!(out.stdout.is_empty());
        assert!(
            err.contains("100 is too deep: at most 20") && err.contains("days"),
            "{err}"
        );
    }
    // One ply past the bound is refused as well.
    let (ok, _, err) = dama(&["perft", "--depth", "21"]);
    assert!(!ok && err.contains("at most 20"), "{err}");
}
