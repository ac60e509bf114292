//! Reading game files in bounded memory (issue 23): every command that reads a game file
//! refuses a device such as `/dev/zero` at once, `analyze` holds one game at a time as
//! `replay` does, and `--ply K` reads a game no further than ply K. Each case runs `dama` under
//! an address-space cap (`setrlimit` in the child) that the old reading went through.

#![cfg(target_os = "linux")]

mod cli_common;

use cli_common::scratch;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The address space `dama` gets here. A debug build reading the files below one game at a
/// time runs in under 32 MiB; holding every game (or every ply of the long one) took over
/// 96 MiB.
const CAP_MIB: u64 = 64;

/// Runs `dama ARGS` with its address space capped at [`CAP_MIB`], a scratch data folder and
/// no input.
fn dama_capped(args: &[&str], data: &Path) -> Output {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dama"));
    cmd.args(args)
        .env("XDG_DATA_HOME", data)
        .env("HOME", data)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only setrlimit (async-signal-safe) runs between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let cap = libc::rlimit {
                rlim_cur: CAP_MIB << 20,
                rlim_max: CAP_MIB << 20,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &cap) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    cmd.output().expect("run dama")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `play --load` (and, as before, `replay` and `analyze`) refuse a device that never ends,
/// at once and in a few megabytes, instead of reading it until memory runs out.
#[test]
fn every_reader_refuses_an_endless_device() {
    let data = scratch("read-devices");
    for device in ["/dev/zero", "/dev/urandom"] {
        for args in [
            vec!["play", "--load", device],
            vec!["replay", device, "--text"],
            vec!["analyze", device, "--depth", "1"],
        ] {
            let out = dama_capped(&args, &data);
            let err = text(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(1),
                "{args:?}: {:?} {err}",
                out.status
            );
            assert!(
                err.contains(&format!("cannot read {device}: not a PDN file")),
                "{args:?}: {err}"
            );
        }
    }
    std::fs::remove_dir_all(data).unwrap();
}

/// A game of `plies` plies: two kings walking back and forth (the rules draw it early on, and
/// the record plays on, as records may).
fn long_game(plies: usize) -> String {
    let cycle = ["29-25", "4-8", "25-29", "8-4"];
    let moves: Vec<&str> = cycle.iter().copied().cycle().take(plies).collect();
    format!(
        "[GameType \"22,W,8,8,N2,1\"]\n[FEN \"W:WK29:BK4\"]\n{} 1/2-1/2\n",
        moves.join(" ")
    )
}

/// `--ply K` reads a game of 400,000 plies no further than ply K: `replay --text` and
/// `analyze` show its start in a few megabytes (reading it whole took over 96 MiB).
#[test]
fn ply_k_reads_a_huge_game_only_up_to_k() {
    let dir = scratch("read-long");
    let file = dir.join("long.pdn");
    std::fs::write(&file, long_game(400_000)).unwrap();
    let f = file.to_str().unwrap();
    let out = dama_capped(&["replay", f, "--text", "--ply", "10"], &dir);
    let (stdout, err) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{:?} {err}", out.status);
    assert!(
        stdout.contains(
            "Stopped after ply 10 (the record goes on and is not read further; result 1/2-1/2)"
        ),
        "{stdout}"
    );
    // Kings on 25 and 8 after ten plies.
    assert!(stdout.ends_with("FEN W:WK25:BK8\n"), "{stdout}");
    let out = dama_capped(
        &["analyze", f, "--ply", "10", "--depth", "1", "--tt", "1"],
        &dir,
    );
    let (stdout, err) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{:?} {err}", out.status);
    assert!(
        stdout.starts_with("rules italian  fen W:WK25:BK8\n"),
        "{stdout}"
    );
    assert!(stdout.contains("bestmove"), "{stdout}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// `analyze --game N` goes through a file of 200,000 small games holding one at a time, as
/// `replay` does (holding them all took over 96 MiB).
#[test]
fn analyze_holds_one_game_at_a_time() {
    let dir = scratch("read-many");
    let file = dir.join("many.pdn");
    let games = 200_000;
    let mut body = String::from("[GameType \"22,W,8,8,N2,1\"]\n");
    body.push_str(&"1. 22-18 *\n".repeat(games));
    std::fs::write(&file, body).unwrap();
    let f = file.to_str().unwrap();
    let last = games.to_string();
    let out = dama_capped(
        &["analyze", f, "--game", &last, "--depth", "1", "--tt", "1"],
        &dir,
    );
    let (stdout, err) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{:?} {err}", out.status);
    assert!(stdout.contains("bestmove"), "{stdout}");
    let past = (games + 1).to_string();
    let out = dama_capped(&["analyze", f, "--game", &past, "--depth", "1"], &dir);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("no game {past} (the file holds {games})")),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
