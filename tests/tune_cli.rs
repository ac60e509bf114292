//! `dama tune`: the same seed writes the same weights file, the file is one the engine can
//! read, saved positions fit to the same weights, and an existing file is kept without --force.

mod cli_common;

use cli_common::{dama, scratch};
use dama::engine::eval::weights::Weights;

fn tune(out: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "tune", "--games", "3", "--nodes", "200", "--epochs", "10", "--seed", "5", "--out", out,
    ];
    args.extend_from_slice(extra);
    let (ok, stdout, stderr) = dama(&args);
    assert!(ok, "dama {args:?} failed:\n{stdout}\n{stderr}");
    stdout
}

#[test]
fn same_seed_same_weights_and_the_file_reads_back() {
    let dir = scratch("tune");
    let (a, b, c) = (dir.join("a.txt"), dir.join("b.txt"), dir.join("c.txt"));
    let positions = dir.join("positions.txt");
    let out = tune(
        a.to_str().unwrap(),
        &["--save-positions", positions.to_str().unwrap()],
    );
    assert!(out.contains("games 3/3") && out.contains("wrote"), "{out}");
    tune(b.to_str().unwrap(), &["--threads", "2"]);
    let (ta, tb) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    assert_eq!(ta, tb, "same seed, same weights, whatever the thread count");
    let w = Weights::parse(&ta).expect("a weights file the engine reads");
    assert_ne!(w, Weights::zero());
    // The saved positions give the same fit (the header names the source, so compare weights).
    tune(
        c.to_str().unwrap(),
        &["--positions", positions.to_str().unwrap()],
    );
    let wc = Weights::parse(&std::fs::read_to_string(&c).unwrap()).unwrap();
    assert_eq!(w, wc);
    // Without --force an existing file stays as it was.
    let (ok, _, err) = dama(&["tune", "--games", "1", "--out", a.to_str().unwrap()]);
    assert!(!ok && err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&a).unwrap(), ta);
    let _ = std::fs::remove_dir_all(&dir);
}

/// QA4 records: `tune --epochs 0` was taken and wrote the starting weights as if tuned; it is
/// refused with the range, before any game is played, and nothing is written.
#[test]
fn tune_refuses_zero_epochs() {
    let dir = scratch("tune-zero");
    let out = dir.join("w.txt");
    let (ok, _, err) = dama(&["tune", "--epochs", "0", "--out", out.to_str().unwrap()]);
    assert!(!ok && err.contains("--epochs"), "{err}");
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
