//! The board's background table build (issue 25): it reports progress, stops when asked,
//! goes on from what an earlier (stopped or killed) build wrote, leaves complete tables alone,
//! and the board shows it. Small builds (3 pieces) in scratch folders, never the user's home.

mod tui_common;

use dama::rules::RuleSet;
use dama::tables::background::{Background, Plan, Status};
use dama::tables::{Material, Tables};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dama-bg-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn plan(root: &Path, pieces: u32) -> Plan {
    Plan {
        root: root.to_path_buf(),
        rules: vec![RuleSet::Italian],
        pieces,
        threads: 1,
    }
}

/// How long a small build may take before a test calls it hung: a guard against a hang, not a
/// timing check (a debug build of a few seconds took over 120 s on a two-core machine running
/// four other searches).
const HUNG: Duration = Duration::from_secs(600);

/// Waits for the build to end, keeping every status seen on the way.
fn finish(b: &Background) -> Vec<Status> {
    let start = Instant::now();
    let mut seen = vec![b.status()];
    while !b.finished() {
        assert!(start.elapsed() < HUNG, "the build did not end");
        let s = b.status();
        if seen.last() != Some(&s) {
            seen.push(s);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    seen.push(b.status());
    seen
}

/// Each slice file's modification time (a file written again gets a new one).
fn files(dir: &Path) -> BTreeMap<String, SystemTime> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            (name, e.metadata().unwrap().modified().unwrap())
        })
        .collect()
}

/// The per-slice counts of `tests/data/tables/italian.counts`, for the slices of `t`.
fn check_counts(t: &Tables) {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tables/italian.counts"),
    )
    .unwrap();
    let want: BTreeMap<&str, (u64, u64, u64)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let n = |i: usize| f[i].parse::<u64>().unwrap();
            (f[0], (n(1), n(2), n(3)))
        })
        .collect();
    for s in t.slices() {
        let name = s.material.name();
        assert_eq!(
            Some(&(s.wins, s.draws, s.losses)),
            want.get(name.as_str()),
            "{name}"
        );
    }
}

#[test]
fn the_build_reports_progress_and_goes_on_from_what_is_written() {
    let root = scratch("resume");
    let dir = root.join("italian");
    let seen = finish(&Background::start(plan(&root, 3)).unwrap());
    assert_eq!(
        seen.last(),
        Some(&Status::Done {
            pieces: 3,
            built: true
        })
    );
    let progress: Vec<u64> = seen.iter().filter_map(Status::permille).collect();
    assert!(!progress.is_empty(), "no progress reported: {seen:?}");
    assert!(progress.windows(2).all(|w| w[0] <= w[1]), "{progress:?}");
    let all = Material::all_up_to(3).len();
    let first = files(&dir);
    assert_eq!(first.len(), all);
    let t = Tables::load(&dir, RuleSet::Italian, 3);
    assert_eq!(t.max_pieces(), 3);
    check_counts(&t);

    // Complete: looked at, nothing written again.
    let again = finish(&Background::start(plan(&root, 3)).unwrap());
    assert_eq!(
        again.last(),
        Some(&Status::Done {
            pieces: 3,
            built: false
        })
    );
    assert_eq!(files(&dir), first);

    // What a killed build leaves: the slices finished before it, whole, and the one it was
    // writing as a temporary file. The next build keeps the first and solves the rest.
    // (A slice is solved with its mirror, the other side to move: both go.)
    let gone: Vec<String> = Material::all_up_to(3)
        .into_iter()
        .filter(|m| m.name().starts_with("1-1"))
        .flat_map(|m| [m, m.mirror()])
        .map(|m| format!("{}.dtb", m.name()))
        .collect();
    assert!(gone.len() >= 2, "{gone:?}");
    for n in &gone {
        std::fs::remove_file(dir.join(n)).unwrap();
    }
    std::fs::write(dir.join(format!("{}.part", gone[0])), b"half a file").unwrap();
    std::thread::sleep(Duration::from_millis(20));
    let seen = finish(&Background::start(plan(&root, 3)).unwrap());
    assert_eq!(
        seen.last(),
        Some(&Status::Done {
            pieces: 3,
            built: true
        })
    );
    let now = files(&dir);
    assert!(now.keys().all(|n| n.ends_with(".dtb")), "{now:?}");
    for (n, t) in &first {
        if gone.contains(n) {
            assert!(now[n] > *t, "{n} solved again");
        } else {
            assert_eq!(now[n], *t, "{n} kept as it was");
        }
    }
    let t = Tables::load(&dir, RuleSet::Italian, 3);
    assert_eq!(t.max_pieces(), 3);
    check_counts(&t);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_stopped_build_leaves_whole_files_and_the_next_one_ends_it() {
    let root = scratch("stop");
    let dir = root.join("italian");
    let b = Background::start(plan(&root, 3)).unwrap();
    // Stopped before the first slice: the check comes before each slice pair.
    let end = b.stop_and_wait();
    assert_eq!(end, Status::Stopped);
    let written = if dir.exists() {
        files(&dir)
    } else {
        BTreeMap::new()
    };
    assert!(written.keys().all(|n| n.ends_with(".dtb")), "{written:?}");
    assert!(written.len() < Material::all_up_to(3).len());
    let seen = finish(&Background::start(plan(&root, 3)).unwrap());
    assert!(matches!(seen.last(), Some(Status::Done { pieces: 3, .. })));
    check_counts(&Tables::load(&dir, RuleSet::Italian, 3));
    let _ = std::fs::remove_dir_all(&root);
}

/// A folder the build cannot write into: the build fails with the reason, and the board says
/// so once on its message line.
#[test]
fn a_failed_build_is_told() {
    let root = scratch("fail");
    std::fs::create_dir_all(&root).unwrap();
    // A file where the rule set's folder should be.
    std::fs::write(root.join("italian"), b"not a folder").unwrap();
    let b = Background::start(plan(&root, 2)).unwrap();
    let seen = finish(&b);
    let Some(Status::Failed(why)) = seen.last() else {
        panic!("{seen:?}");
    };
    assert!(why.contains("italian"), "{why}");
    let mut app = dama::tui::App::new(
        dama::tui::GameSettings::new(RuleSet::Italian),
        dama::rules::Game::new(dama::rules::Position::start(RuleSet::Italian)),
    );
    app.watch_table_build(b);
    app.update(dama::tui::Action::Tick);
    assert!(
        app.message().contains("could not be built") && app.message().contains("italian"),
        "{}",
        app.message()
    );
    assert_eq!(app.table_build_line(), None);
    let _ = std::fs::remove_dir_all(&root);
}

/// The panel has a progress line while the build runs, in the board's language, and the
/// message line says once that the tables are ready.
#[test]
fn the_board_shows_the_build() {
    for lang in dama::tui::Lang::ALL {
        let root = scratch(&format!("board-{lang:?}"));
        let mut config = dama::tui::GameSettings::new(RuleSet::Italian);
        config.lang = lang;
        let mut app = dama::tui::App::new(
            config,
            dama::rules::Game::new(dama::rules::Position::start(RuleSet::Italian)),
        );
        app.watch_table_build(Background::start(plan(&root, 3)).unwrap());
        let (building, ready) = match lang {
            dama::tui::Lang::En => ("Endgame tables (Italian):", "Endgame tables ready"),
            dama::tui::Lang::It => (
                "Tabelle dei finali (italiana):",
                "Tabelle dei finali pronte",
            ),
        };
        let start = Instant::now();
        let mut shown = false;
        loop {
            assert!(start.elapsed() < HUNG, "no end");
            app.update(dama::tui::Action::Tick);
            if let Some(line) = app.table_build_line() {
                assert!(line.starts_with(building), "{line}");
                let text = tui_common::screen(&app, 120, 40);
                assert!(text.contains(building), "{text}");
                shown = true;
            }
            if app.message().starts_with(ready) {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(shown, "{lang:?}: no progress line");
        assert!(app.message().contains('3'), "{}", app.message());
        assert_eq!(app.table_build_line(), None, "gone once built");
        // Told once: a new message is not overwritten by a later tick.
        app.note("x");
        app.update(dama::tui::Action::Tick);
        assert_eq!(app.message(), "x");
        let _ = std::fs::remove_dir_all(&root);
    }
}

/// The cache's size is a setting of every player: `dama engine --table-cache` and the
/// `tablecache` command (resizing the tables already read), `dama match --table-cache`, `dama
/// play --table-cache` (refused out of range before the board opens). The engine still
/// answers a table position with the tables' move at the smallest cache.
#[test]
fn the_table_cache_is_a_setting_of_engine_match_and_play() {
    let data = scratch("cache");
    let root = data.join("dama/tables");
    let seen = finish(&Background::start(plan(&root, 3)).unwrap());
    assert!(matches!(seen.last(), Some(Status::Done { .. })), "{seen:?}");
    let fen = "W:WK28:B1,3";
    let pos = dama::notation::fen::parse(RuleSet::Italian, fen).unwrap();
    let want = Tables::load(&root.join("italian"), RuleSet::Italian, 3)
        .best_move(&pos)
        .expect("in the tables")
        .to_string();
    let input = format!("tablecache 1\nposition fen {fen}\ngo depth 3\nisready\nquit\n");
    let out = dama_with(
        &data,
        &["engine", "--tt", "1", "--table-cache", "2"],
        &input,
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("error"), "{text}");
    assert!(text.contains(&format!("bestmove {want}")), "{text}");
    for args in [
        &["engine", "--table-cache", "0"][..],
        &["match", "--table-cache", "5000"],
        &["play", "--table-cache", "0"],
    ] {
        let out = dama_with(&data, args, "");
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--table-cache"), "{args:?}: {err}");
    }
    let out = dama_with(
        &data,
        &[
            "match",
            "--games",
            "2",
            "--a-depth",
            "1",
            "--b-depth",
            "1",
            "--table-cache",
            "1",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// `dama ARGS` with `data` as its data folder and home, `input` on its standard input.
fn dama_with(data: &Path, args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .env("HOME", data)
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dama");
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}
