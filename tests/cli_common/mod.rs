//! Helpers shared by the tests that run the `dama` binary as a user would.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

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

/// A fresh folder under the system's temporary folder (never the user's home), unique to this
/// test process and `name`.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
