//! Commands that write files never replace an existing file unless told to (`--force`), and
//! check before the long work starts.

mod cli_common;

use cli_common::{dama, dama_at, scratch};

/// A match of one game at depth 1, the options under test appended.
const QUICK_MATCH: [&str; 7] = ["match", "--games", "1", "--a-depth", "1", "--b-depth", "1"];

#[test]
fn match_keeps_an_existing_pdn_file_without_force() {
    let dir = scratch("match");
    let file = dir.join("games.pdn");
    std::fs::write(&file, "precious").unwrap();
    let f = file.to_str().unwrap();
    let (ok, _, err) = dama(&[&QUICK_MATCH[..], &["--pdn", f]].concat());
    assert!(!ok);
    assert!(
        err.contains("already exists") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious");
    let (ok, _, err) = dama(&[&QUICK_MATCH[..], &["--pdn", f, "--force"]].concat());
    assert!(ok, "{err}");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("[GameType \"22,W,8,8,N2,1\"]")
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn annotate_keeps_an_existing_file_without_force() {
    let dir = scratch("annotate");
    let game = dir.join("game.pdn");
    std::fs::write(&game, "[GameType \"22,W,8,8,N2,1\"]\n1. 22-18 10-13 *\n").unwrap();
    let g = game.to_str().unwrap();
    let kept = dir.join("kept.pdn");
    std::fs::write(&kept, "[GameType \"22,W,8,8,N2,1\"]\n").unwrap();
    let (ok, _, err) = dama(&[
        "analyze",
        g,
        "--depth",
        "2",
        "--annotate",
        kept.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(err.contains("already exists"), "{err}");
    assert!(
        std::fs::read_to_string(&game)
            .unwrap()
            .starts_with("[GameType")
    );
    let out = dir.join("annotated.pdn");
    let (ok, _, err) = dama(&[
        "analyze",
        g,
        "--depth",
        "2",
        "--annotate",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(std::fs::read_to_string(&out).unwrap().contains("22-18"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// Runs `dama ARGS` with `home` as HOME and its `data` and `config` as the data and
/// configuration folders, `input` on standard input and standard output going to `stdout`:
/// (exit status, stderr). Not the runner's own data folder: with endgame tables built there
/// in part (a board that stopped building them), `analyze` said "endgame tables up to 4 pieces
/// only ..." on stderr, which these tests took for a second error line.
fn dama_into(
    home: &std::path::Path,
    args: &[&str],
    input: &str,
    stdout: std::process::Stdio,
) -> (std::process::ExitStatus, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dama");
    // A command that does not read its input may be gone already: not an error here.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn dev_full() -> std::process::Stdio {
    std::fs::File::create("/dev/full").unwrap().into()
}

/// A pipe whose reader is already gone: every write to it fails with EPIPE.
fn closed_pipe() -> std::process::Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    writer.into()
}

fn pdn(name: &str) -> String {
    format!("{}/tests/data/pdn/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Every way of running dama that prints, with the input it needs.
fn printing_commands(dir: &std::path::Path) -> Vec<(Vec<String>, &'static str)> {
    let annotated = dir.join("annotated.pdn").to_string_lossy().into_owned();
    let games = dir.join("games.pdn").to_string_lossy().into_owned();
    let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
    let mut commands = vec![
        (words("perft --depth 2"), ""),
        (words("perft --depth 2 --divide"), ""),
        (words("bench --depth 1"), ""),
        (words("analyze --fen W:W31:B5 --depth 1"), ""),
        (words("match --games 1 --a-depth 1 --b-depth 1"), ""),
        (words("engine --tt 1"), "isready\n"),
        (words("engine --tt 1"), "go depth 3\n"),
        (words("--help"), ""),
        (words("perft --help"), ""),
        (words("--version"), ""),
    ];
    for extra in [
        vec!["replay".to_string(), pdn("italian_random.pdn")],
        vec![
            "replay".to_string(),
            pdn("italian_random.pdn"),
            "--game".to_string(),
            "1".to_string(),
        ],
        vec![
            "analyze".to_string(),
            pdn("italian_random.pdn"),
            "--depth".to_string(),
            "1".to_string(),
            "--annotate".to_string(),
            annotated,
        ],
        [
            words("match --games 1 --a-depth 1 --b-depth 1 --pdn"),
            vec![games],
        ]
        .concat(),
    ] {
        commands.push((extra, ""));
    }
    commands
}

/// Standard error without the one line `analyze` gives when no endgame tables are built (a
/// note on how to build them, said once per process whatever happens to standard output).
fn without_table_advice(err: &str) -> String {
    err.lines()
        .filter(|l| !l.starts_with("dama: no endgame tables"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `dama ... > /dev/full`: the write error is reported in one line with a non-zero exit, by
/// every command (clap's --help and --version included), never a panic or a silent success.
#[cfg(target_os = "linux")]
#[test]
fn every_command_reports_a_full_disk_in_one_line() {
    let dir = scratch("full");
    for (args, input) in printing_commands(&dir) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (status, err) = dama_into(&dir, &args, input, dev_full());
        let err = without_table_advice(&err);
        assert_eq!(status.code(), Some(1), "{args:?}: {status:?} {err}");
        assert_eq!(
            err, "dama: cannot write to standard output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// When the reader of the output is gone, a command that only prints ends quietly, with the
/// status of a command killed by SIGPIPE (as `cat` would be); one whose product is a file
/// (`analyze --annotate`, `match --pdn`) still writes it and succeeds.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_quietly_and_loses_no_file() {
    use std::os::unix::process::ExitStatusExt;
    let dir = scratch("closed");
    for (args, input) in printing_commands(&dir) {
        let file = args
            .iter()
            .position(|a| a == "--annotate" || a == "--pdn")
            .map(|i| std::path::PathBuf::from(&args[i + 1]));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (status, err) = dama_into(&dir, &args, input, closed_pipe());
        assert_eq!(without_table_advice(&err), "", "{args:?}");
        match file {
            Some(file) => {
                assert!(status.success(), "{args:?}: {status:?}");
                let text = std::fs::read_to_string(&file).unwrap();
                assert!(text.contains("[GameType \"22,W,8,8,N2,1\"]"), "{text}");
            }
            None => assert_eq!(status.signal(), Some(libc::SIGPIPE), "{args:?}"),
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// `--annotate` (and `match --pdn`) to a file that cannot be written fails at once, before
/// the analysis (or the match) has run, not after it.
#[test]
fn an_unwritable_output_fails_before_the_work() {
    let dir = scratch("unwritable");
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, "a file, not a folder").unwrap();
    let missing = dir.join("no such folder").join("out.pdn");
    let under_file = plain.join("out.pdn");
    let game = pdn("italian_random.pdn");
    for (target, why) in [
        (&missing, "does not exist"),
        (&under_file, "is not a folder"),
        (&dir, "it is a folder"),
    ] {
        let t = target.to_str().unwrap();
        // The analysis prints a line per move as it goes, and the match a header first: an
        // empty output shows that neither started.
        let args = ["analyze", &game, "--depth", "3", "--annotate", t, "--force"];
        let (ok, out, err) = dama(&args);
        assert!(!ok, "{args:?}");
        assert!(out.is_empty(), "analysis printed before failing: {out}");
        assert!(err.contains("cannot write") && err.contains(why), "{err}");
        let args = [
            "match",
            "--games",
            "2",
            "--a-depth",
            "2",
            "--b-depth",
            "2",
            "--pdn",
            t,
            "--force",
        ];
        let (ok, out, err) = dama(&args);
        assert!(!ok, "{args:?}");
        assert!(out.is_empty(), "the match started: {out}");
        assert!(err.contains(why), "{err}");
    }
    // Nothing was left behind by the checks.
    let mut left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    left.sort();
    assert_eq!(left, ["plain.txt"]);
    std::fs::remove_dir_all(dir).unwrap();
}

/// A short game to annotate (quick at depth 1).
fn short_game(dir: &std::path::Path) -> String {
    let game = dir.join("short.pdn");
    std::fs::write(&game, "[GameType \"22,W,8,8,N2,1\"]\n1. 22-18 10-13 *\n").unwrap();
    game.to_string_lossy().into_owned()
}

/// `analyze GAME --depth 1 --annotate TARGET --force`: (exit status success, stderr).
fn annotate_into(game: &str, target: &std::path::Path) -> (bool, String) {
    let t = target.to_str().unwrap();
    let (ok, _, err) = dama(&["analyze", game, "--depth", "1", "--annotate", t, "--force"]);
    (ok, err)
}

/// `--force` through a symbolic link replaces the file the link points to (in its own
/// folder), not the link; a dangling link gets its file created.
#[cfg(unix)]
#[test]
fn force_follows_symbolic_links_to_the_file() {
    use std::os::unix::fs::symlink;
    let dir = scratch("force-links");
    let game = short_game(&dir);
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let real = elsewhere.join("real.pdn");
    std::fs::write(&real, "old").unwrap();
    let link = dir.join("link.pdn");
    symlink("elsewhere/real.pdn", &link).unwrap();
    let (ok, err) = annotate_into(&game, &link);
    assert!(ok, "{err}");
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    assert!(
        std::fs::read_to_string(&real)
            .unwrap()
            .contains("dama analyze")
    );
    // A link to a file not there yet: the file is made where the link points.
    let dangling = dir.join("dangling.pdn");
    symlink(elsewhere.join("new.pdn"), &dangling).unwrap();
    // Without --force the link is a name in the way, as a file would be.
    let d = dangling.to_str().unwrap();
    let (ok, _, err) = dama(&["analyze", &game, "--depth", "1", "--annotate", d]);
    assert!(!ok && err.contains("already exists"), "{err}");
    let (ok, err) = annotate_into(&game, &dangling);
    assert!(ok, "{err}");
    assert!(
        dangling
            .symlink_metadata()
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(elsewhere.join("new.pdn").is_file());
    // A loop of links is an error, not a hang, and the links stay.
    let (a, b) = (dir.join("a.pdn"), dir.join("b.pdn"));
    symlink(&b, &a).unwrap();
    symlink(&a, &b).unwrap();
    let (ok, err) = annotate_into(&game, &a);
    assert!(!ok && err.contains("symbolic links"), "{err}");
    assert!(a.symlink_metadata().unwrap().file_type().is_symlink());
    // No temporary or probe file was left in either folder.
    for d in [&dir, &elsewhere] {
        for e in std::fs::read_dir(d).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            assert!(!name.starts_with('.'), "{name} left in {}", d.display());
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// `--force` onto a device writes into it: `/dev/null` stays a device (a link to it stays a
/// link), and `/dev/full` is a full disk, an error with a non-zero exit, not a success.
#[cfg(target_os = "linux")]
#[test]
fn force_writes_into_a_device_and_reports_its_errors() {
    use std::os::unix::fs::{FileTypeExt, symlink};
    let dir = scratch("force-devices");
    let game = short_game(&dir);
    let null = dir.join("null.pdn");
    symlink("/dev/null", &null).unwrap();
    let (ok, err) = annotate_into(&game, &null);
    assert!(ok, "{err}");
    assert_eq!(
        std::fs::read_link(&null).unwrap(),
        std::path::Path::new("/dev/null")
    );
    let full = dir.join("full.pdn");
    symlink("/dev/full", &full).unwrap();
    let (ok, err) = annotate_into(&game, &full);
    assert!(!ok, "a game written into /dev/full was reported saved");
    assert!(
        err.contains("cannot write") && err.contains("No space left on device"),
        "{err}"
    );
    assert!(full.symlink_metadata().unwrap().file_type().is_symlink());
    // A device node itself (made here, where replacing it harms nothing; only root may).
    let node = dir.join("node.pdn");
    let c = std::ffi::CString::new(node.to_str().unwrap()).unwrap();
    // SAFETY: a valid path; the numbers are those of /dev/null (1, 3).
    if unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) } == 0 {
        let (ok, err) = annotate_into(&game, &node);
        assert!(ok, "{err}");
        let kind = node.symlink_metadata().unwrap().file_type();
        assert!(kind.is_char_device(), "the device was replaced: {kind:?}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// `match --pdn FIFO --force` writes the games into the pipe, for its reader; the FIFO stays.
#[cfg(unix)]
#[test]
fn force_writes_into_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("force-fifo");
    let fifo = dir.join("games.pdn");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = fifo.clone();
    // Opening a FIFO waits for a writer; if the FIFO is replaced instead, this thread waits
    // for ever and the test fails on the timeout below.
    std::thread::spawn(move || {
        let _ = tx.send(std::fs::read_to_string(reader));
    });
    let f = fifo.to_str().unwrap();
    // Two games: a pipe takes them in one write at the end (its reader stops at the end of
    // the first), where a file is rewritten as each game ends.
    let args = [
        "match",
        "--games",
        "2",
        "--a-depth",
        "1",
        "--b-depth",
        "1",
        "--pdn",
        f,
        "--force",
    ];
    let (ok, _, err) = dama(&args);
    assert!(ok, "{err}");
    let kind = fifo.symlink_metadata().unwrap().file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced: {kind:?}");
    let text = rx
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("the games came through the FIFO")
        .unwrap();
    assert!(text.contains("[GameType \"22,W,8,8,N2,1\"]"), "{text}");
    assert!(
        text.contains("[Round \"2\"]"),
        "both games came through: {text}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Runs `dama ARGS` with its standard output closed (`dama ... >&-`): (exit status, stderr).
#[cfg(unix)]
fn dama_closed_stdout(args: &[&str], input: &str) -> (std::process::ExitStatus, String) {
    use std::io::Write;
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dama"));
    cmd.args(args)
        .env("XDG_DATA_HOME", scratch("closed-stdout-data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // SAFETY: only close (async-signal-safe) runs between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::close(1);
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("run dama");
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `dama ... >&-`: a standard output closed from the start is a failed write like any other
/// (one line on stderr, exit 1), not a silent success into nowhere.
#[cfg(target_os = "linux")]
#[test]
fn every_command_reports_a_closed_standard_output() {
    let dir = scratch("closed-stdout");
    let mut commands = printing_commands(&dir);
    let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
    commands.push((words("tables info"), ""));
    commands.push((
        [words("replay --text"), vec![pdn("italian_random.pdn")]].concat(),
        "",
    ));
    for (args, input) in commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (status, err) = dama_closed_stdout(&args, input);
        let err = without_table_advice(&err);
        assert_eq!(status.code(), Some(1), "{args:?}: {status:?} {err}");
        assert_eq!(
            err, "dama: cannot write to standard output: it was closed when dama started\n",
            "{args:?}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A game file of two games, for the input-is-output checks.
fn two_games(dir: &std::path::Path) -> std::path::PathBuf {
    let file = dir.join("multi.pdn");
    std::fs::write(
        &file,
        "[Event \"a\"]\n1. 22-18 *\n\n[Event \"b\"]\n1. 22-18 *\n",
    )
    .unwrap();
    file
}

#[test]
fn annotate_refuses_its_own_input_even_with_force() {
    let dir = scratch("annotate-self");
    let file = two_games(&dir);
    let before = std::fs::read(&file).unwrap();
    // The same file under another spelling, and with --force: still refused.
    let other_spelling = dir.join(".").join("multi.pdn");
    for force in [false, true] {
        let mut args = vec![
            "analyze",
            file.to_str().unwrap(),
            "--game",
            "2",
            "--depth",
            "1",
            "--annotate",
            other_spelling.to_str().unwrap(),
        ];
        if force {
            args.push("--force");
        }
        let (ok, _, err) = dama_at(&dir, &args, "");
        assert!(!ok);
        assert!(err.contains("is the file being read"), "{err}");
        assert_eq!(std::fs::read(&file).unwrap(), before, "the input is intact");
    }
    // A hard link is the same file under another name.
    let link = dir.join("link.pdn");
    std::fs::hard_link(&file, &link).unwrap();
    let (ok, _, err) = dama_at(
        &dir,
        &[
            "analyze",
            file.to_str().unwrap(),
            "--depth",
            "1",
            "--annotate",
            link.to_str().unwrap(),
            "--force",
        ],
        "",
    );
    assert!(!ok && err.contains("is the file being read"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[test]
fn match_refuses_to_write_its_games_over_its_openings() {
    let dir = scratch("match-self");
    let file = two_games(&dir);
    let before = std::fs::read(&file).unwrap();
    let f = file.to_str().unwrap();
    let (ok, _, err) = dama_at(
        &dir,
        &[&QUICK_MATCH[..], &["--book", f, "--pdn", f, "--force"]].concat(),
        "",
    );
    assert!(!ok);
    assert!(err.contains("is the file being read"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[test]
fn an_output_that_is_a_folder_is_named_at_once() {
    let dir = scratch("out-folder");
    let file = two_games(&dir);
    let folder = dir.join("adir");
    std::fs::create_dir(&folder).unwrap();
    let (o, fo) = (file.to_str().unwrap(), folder.to_str().unwrap());
    for args in [
        vec!["analyze", o, "--depth", "1", "--annotate", fo],
        [&QUICK_MATCH[..], &["--pdn", fo]].concat(),
    ] {
        let (ok, _, err) = dama_at(&dir, &args, "");
        assert!(!ok);
        assert!(err.contains("it is a folder"), "{args:?}: {err}");
        assert!(!err.contains("--force"), "{args:?}: {err}");
    }
}
