//! Helpers shared by the tests that run the `dama` binary as a user would.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `dama` with a data and configuration folder of its own, empty: endgame tables or a book
/// built in the runner's own data folder would change the engine's answers (a position the
/// tables hold is looked up, not searched; the doc's session is searched).
pub fn dama_command() -> Command {
    let home = std::env::temp_dir().join(format!("dama-test-home-{}", std::process::id()));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dama"));
    cmd.env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"));
    cmd
}

/// Runs `dama ARGS`: (exit status success, stdout, stderr).
pub fn dama(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .output()
        .expect("run dama");
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("dama prints UTF-8"),
        String::from_utf8(out.stderr).expect("dama prints UTF-8"),
    )
}

/// Runs `dama ARGS` with `dir` as HOME and `dir/data` as the data folder (never the user's
/// own), `input` on its standard input: (exit status success, stdout, stderr).
pub fn dama_at(dir: &Path, args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("HOME", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dama");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("dama prints UTF-8"),
        String::from_utf8(out.stderr).expect("dama prints UTF-8"),
    )
}

/// A fresh folder under the system's temporary folder (never the user's home), unique to this
/// test process and `name`.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
