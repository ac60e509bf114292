//! `dama engine`: the text protocol driven through the real binary.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::time::Duration;

mod cli_common;
use cli_common::dama_command;

/// Runs a batch. The end of input stops a running search, so a batch whose last search should
/// run to its limit ends with a command that waits for it: `newgame` (silent), added here.
fn run(input: &str) -> Vec<String> {
    let input = if input.ends_with("quit\n") {
        input.to_string()
    } else {
        format!("{input}newgame\n")
    };
    let out = dama_command()
        .args(["engine", "--tt", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .expect("dama engine runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Like [`run`], but gives up (killing the engine) if it has not ended within `limit`: `None`.
fn run_within(input: &str, limit: Duration) -> Option<Vec<String>> {
    let mut child = dama_command()
        .args(["engine", "--tt", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("dama engine runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let lines: Vec<String> = BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .collect();
        let _ = tx.send(lines);
    });
    match rx.recv_timeout(limit) {
        Ok(lines) => {
            assert!(child.wait().unwrap().success());
            Some(lines)
        }
        Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            None
        }
    }
}

#[test]
fn answers_a_limited_search_with_info_and_bestmove() {
    let out = run("isready\nposition startpos moves 22-18 11-14\nd\ngo depth 4\n");
    assert_eq!(out[0], "readyok");
    assert!(out[1].starts_with("fen W:"), "{out:?}");
    // R-C1: 18x11 is the only legal move.
    assert_eq!(out[2], "legal 18x11");
    assert!(
        out.iter()
            .any(|l| l.starts_with("info depth ") && l.contains(" pv 18x11"))
    );
    assert_eq!(out.last().unwrap(), "bestmove 18x11");
}

#[test]
fn english_rules_and_fen_positions() {
    let out = run("rules english\nposition fen W:WK22,K30:BK18\ngo depth 3\n");
    // The lone king is taken at once (R-K3): a win in one ply.
    assert!(out.iter().any(|l| l.contains("score win 1")), "{out:?}");
    assert_eq!(out.last().unwrap(), "bestmove 22x15");
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let out = run(
        "position startpos moves 22-18 99-1\nposition fen W:W33:B1\nfly\ngo depth x\nd\nquit\n",
    );
    assert!(out[0].starts_with("error move 2 \"99-1\""), "{out:?}");
    assert!(out[1].starts_with("error bad fen"), "{out:?}");
    assert!(out[2].starts_with("error unknown command"), "{out:?}");
    assert!(
        out[3].starts_with("error usage: go") || out[3].starts_with("error \"x\""),
        "{out:?}"
    );
    assert_eq!(
        out[4],
        "fen W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let mut child = dama_command()
        .args(["engine", "--tt", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "go infinite").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    writeln!(stdin, "stop").unwrap();
    writeln!(stdin, "isready").unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut best = None;
    for line in lines.by_ref() {
        let line = line.unwrap();
        if let Some(m) = line.strip_prefix("bestmove ") {
            best = Some(m.to_string());
        }
        if line == "readyok" && best.is_some() {
            break;
        }
    }
    let best = best.expect("bestmove after stop");
    assert!(
        [
            "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"
        ]
        .contains(&best.as_str())
    );
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn out_of_range_and_extra_arguments_are_errors_not_silent_defaults() {
    // Each line must be refused with a reason; none may start a search or change a setting.
    let bad = [
        ("go depth 0", "depth must be 1 to 100"),
        ("go depth 101", "depth must be 1 to 100"),
        ("go depth 99999999999999999999999", "too large"),
        ("go nodes 0", "nodes must be at least 1"),
        ("go movetime 0", "movetime must be 1 to"),
        ("go movetime 99999999999", "movetime must be 1 to"),
        ("variety -5", "variety must be 0 to 1000"),
        ("variety 1001", "variety must be 0 to 1000"),
        ("contempt -1", "contempt must be 0 to 150"),
        ("contempt 151", "contempt must be 0 to 150"),
        ("contempt", "usage: contempt"),
        ("threads 0", "threads must be 1 to 256"),
        ("threads 257", "threads must be 1 to 256"),
        ("threads", "usage: threads"),
        ("tablecache 0", "tablecache must be 1 to 4096 MiB"),
        ("tablecache 4097", "tablecache must be 1 to 4096 MiB"),
        ("tablecache", "usage: tablecache <MiB>"),
        ("seed -1", "seed"),
        ("newgame now", "newgame takes no arguments"),
        ("d all", "d takes no arguments"),
        ("isready now", "isready takes no arguments"),
        ("quit now", "quit takes no arguments"),
    ];
    let input: String = bad.iter().map(|(cmd, _)| format!("{cmd}\n")).collect();
    let out = run(&format!("{input}d\n"));
    for (i, (cmd, why)) in bad.iter().enumerate() {
        assert!(
            out[i].starts_with("error ") && out[i].contains(why),
            "{cmd:?} answers {:?}; want an error saying {why:?}\n{out:?}",
            out[i]
        );
    }
    // `quit now` did not quit: `d` still answers, and no search ever started.
    assert!(out[bad.len()].starts_with("fen W:W21,"), "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("bestmove")), "{out:?}");
}

#[test]
fn a_line_that_is_not_utf8_is_an_error_not_the_end_of_input() {
    let out = dama_command()
        .args(["engine", "--tt", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"\xff\xfe\nisready\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("error ") && lines[0].contains("UTF-8"),
        "{lines:?}"
    );
    assert_eq!(lines[1], "readyok");
}

#[test]
fn a_search_too_deep_or_long_to_end_soon_does_not_block_the_next_command() {
    // From the start these take hours; the next command stops them as it would `go infinite`,
    // after their `bestmove`.
    for go in [
        "go depth 60",
        "go nodes 100000000000",
        "go movetime 3600000",
    ] {
        let out = run_within(&format!("{go}\nd\n"), Duration::from_secs(60))
            .unwrap_or_else(|| panic!("{go:?} blocked the protocol"));
        let best = out.iter().position(|l| l.starts_with("bestmove "));
        let fen = out.iter().position(|l| l.starts_with("fen "));
        assert!(
            matches!((best, fen), (Some(b), Some(f)) if b < f),
            "{go}: {out:?}"
        );
    }
}

#[test]
fn an_error_answers_after_the_bestmove_of_the_search_before_it() {
    // A bounded search that takes a while in a debug build, then malformed commands: their
    // errors must follow its bestmove, as every other answer does.
    let out = run("go nodes 200000\nfly\nvariety x\ngo depth 0\nrules chess\nd\n");
    let best = out
        .iter()
        .position(|l| l.starts_with("bestmove "))
        .expect("bestmove");
    let errors: Vec<usize> = (0..out.len())
        .filter(|&i| out[i].starts_with("error "))
        .collect();
    assert_eq!(errors.len(), 4, "{out:?}");
    assert!(errors.iter().all(|&e| e > best), "{out:?}");
    assert!(out[best + 5].starts_with("fen "), "{out:?}");
}

#[test]
fn the_first_timed_search_of_a_solved_ending_gets_its_whole_time() {
    // The two-kings-against-one table is solved once per process (over 100 ms in a debug
    // build). Solved on the clock of the first search that reaches it, it used up that
    // search's time, so the same input answered differently the first time. Both searches
    // must end the same way: at the same depth with the same node count and verdict.
    let out =
        run("variety 0\nposition fen W:WK29,K30:BK4\ngo movetime 100\nnewgame\ngo movetime 100\n");
    let last_infos: Vec<String> = out
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("bestmove "))
        .map(|(i, _)| {
            let info = &out[i - 1];
            assert!(info.starts_with("info depth "), "{out:?}");
            // Everything but the machine-dependent nps and time.
            let (head, tail) = info.split_once(" nps ").unwrap();
            format!("{head} {}", tail.split_once(" pv ").unwrap().1)
        })
        .collect();
    assert_eq!(last_infos.len(), 2, "{out:?}");
    assert!(last_infos[0].contains("score win 33"), "{out:?}");
    assert_eq!(last_infos[0], last_infos[1], "{out:?}");
}

#[test]
fn the_last_line_before_bestmove_starts_with_that_move_even_when_varied() {
    // With variety a move within the margin of the best may be played. The line printed last
    // must then be the chosen move's own, not the best move's. A wide margin (40 centi-men):
    // from the start several moves are within it whatever the weights and pruning (the default
    // 6 left one move at depth 5, then at depth 6, as the search changed).
    let input: String = std::iter::once("variety 40\n".to_string())
        .chain((1..=8).map(|s| format!("seed {s}\ngo depth 5\n")))
        .collect();
    let out = run(&input);
    let mut varied = 0;
    for (i, line) in out.iter().enumerate() {
        let Some(best) = line.strip_prefix("bestmove ") else {
            continue;
        };
        let head = |l: &str| {
            l.split(" pv ")
                .nth(1)
                .and_then(|pv| pv.split(' ').next())
                .map(str::to_string)
        };
        assert_eq!(head(&out[i - 1]).as_deref(), Some(best), "{out:?}");
        // The best line came just before when the chosen move is not the best.
        if out[i - 2].starts_with("info depth 5 ") && head(&out[i - 2]).as_deref() != Some(best) {
            varied += 1;
        }
    }
    assert!(varied > 0, "no seed picked another move: {out:?}");
}

/// A line longer than the protocol's limit (64 KiB) is answered with an error and forgotten;
/// one of exactly the limit is still read; the engine goes on answering after both.
#[test]
fn an_over_long_line_is_answered_with_an_error() {
    const LIMIT: usize = 64 * 1024;
    let padded = |n: usize| format!("isready{}\n", " ".repeat(n - "isready".len()));
    let input = format!(
        "{}{}{}isready\n",
        padded(LIMIT),
        padded(LIMIT + 1),
        "x".repeat(10 * LIMIT) + "\n"
    );
    let out = run(&input);
    let too_long = "error the line is longer than 65536 bytes (ignored)";
    assert_eq!(out, ["readyok", too_long, too_long, "readyok"]);
}

/// An endless line is not held in memory: with the engine's address space capped at 256 MiB,
/// a 512 MiB line (which a reader that keeps the whole line would try to hold) is answered
/// with an error, and the engine carries on.
#[cfg(target_os = "linux")]
#[test]
fn an_endless_line_takes_no_memory() {
    use std::os::unix::process::CommandExt;
    let mut cmd = dama_command();
    cmd.args(["engine", "--tt", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only setrlimit (async-signal-safe) runs between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let cap = libc::rlimit {
                rlim_cur: 256 << 20,
                rlim_max: 256 << 20,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &cap) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("dama engine runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'a'; 1 << 20];
        for _ in 0..512 {
            stdin.write_all(&chunk)?;
        }
        stdin.write_all(b"\nisready\n")
    });
    let out = child.wait_with_output().unwrap();
    writer
        .join()
        .unwrap()
        .expect("the engine read the whole line");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {err}", out.status);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "error the line is longer than 65536 bytes (ignored)\nreadyok\n"
    );
}

/// A table of 4 GiB is ready at once, and `newgame` clears it at once: the memory is taken
/// zeroed and untouched, not filled entry by entry (which took 8.8 s for 4 GiB even in a
/// release build). Judged by the memory the process holds, not by the clock, so that a busy
/// machine cannot fail it: filling the table would make all 4 GiB resident.
#[test]
fn a_large_table_is_ready_at_once() {
    let mut child = dama_command()
        .args(["engine", "--tt", "4096"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama engine runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut answer = |send: &str, until: &str| {
        stdin.write_all(send.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let mut seen = Vec::new();
        for line in lines.by_ref() {
            let line = line.unwrap();
            let done = line.starts_with(until);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("no {until} after {send:?}: {seen:?}");
    };
    // Resident memory in MiB (Linux); elsewhere only the answers are checked.
    let resident = |pid: u32| {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib >> 10)
    };
    let pid = child.id();
    assert_eq!(answer("isready\n", "readyok"), ["readyok"]);
    if let Some(mib) = resident(pid) {
        assert!(mib < 512, "{mib} MiB resident after isready");
    }
    let seen = answer("go depth 4\n", "bestmove ");
    assert!(seen.last().unwrap().len() > "bestmove ".len(), "{seen:?}");
    assert_eq!(answer("newgame\nisready\n", "readyok"), ["readyok"]);
    if let Some(mib) = resident(pid) {
        assert!(mib < 512, "{mib} MiB resident after newgame");
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    // The whole table was granted (no fallback to a smaller one).
    assert!(!err.contains("not enough memory"), "{err}");
}

#[test]
fn threads_command_searches_in_parallel_and_answers_a_legal_move() {
    // Two threads from the start position, then back to one: both answer a legal move after
    // their iterations, and `threads` itself prints nothing.
    let out = run("threads 2\ngo depth 8\nthreads 1\ngo depth 6\n");
    let best: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(best.len(), 2, "{out:?}");
    assert!(
        out.iter().any(|l| l.starts_with("info depth 8 ")),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.starts_with("error")), "{out:?}");
    let start = dama::rules::Game::new(dama::rules::Position::start(dama::rules::RuleSet::Italian));
    let legal: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    for b in best {
        assert!(legal.contains(&b["bestmove ".len()..].to_string()), "{b}");
    }
}

#[test]
fn contempt_scores_a_draw_below_level() {
    // One king against one is a draw: level without contempt, 20 centi-men below with it.
    let out = run("position fen W:WK29:BK4\ngo depth 4\ncontempt 20\ngo depth 4\n");
    let scores: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(scores.len(), 2, "{out:?}");
    let last_info = |upto: usize| {
        out[..upto]
            .iter()
            .rev()
            .find(|l| l.starts_with("info"))
            .cloned()
            .unwrap()
    };
    let firsts: Vec<usize> = out
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("bestmove"))
        .map(|(i, _)| i)
        .collect();
    assert!(last_info(firsts[0]).contains("score cp 0 "), "{out:?}");
    assert!(last_info(firsts[1]).contains("score cp -20 "), "{out:?}");
}

/// The probe's position (issue 23): 18-14 wins; 18-13, first in the untried root order, loses.
const SHOT: &str = "W:W18,19,21,25:B4,10,11,12";

/// The first word of an `info` line's `pv`.
fn pv_head(info: &str) -> Option<&str> {
    info.split(" pv ").nth(1)?.split(' ').next()
}

#[test]
fn a_short_parallel_search_always_answers_a_searched_move() {
    // Issue 23: `threads 8`, `go movetime 5` answered the unsearched 18-13 in 14 runs of 20.
    let mut input = format!("threads 8\nposition fen {SHOT}\n");
    for _ in 0..20 {
        input.push_str("newgame\ngo movetime 5\n");
    }
    let out = run(&input);
    let answers: Vec<usize> = (0..out.len())
        .filter(|&i| out[i].starts_with("bestmove "))
        .collect();
    assert_eq!(answers.len(), 20, "{out:?}");
    for i in answers {
        assert_eq!(out[i], "bestmove 18-14", "{out:?}");
        // The line just before starts with the move played (the README's promise).
        assert!(out[i - 1].starts_with("info depth "), "{out:?}");
        assert_eq!(pv_head(&out[i - 1]), Some("18-14"), "{out:?}");
    }
}

/// A timing bound, so run in release by `.ci/run` (a debug build beside the other tests on two
/// cores can miss any bound that still catches the defect).
#[test]
#[ignore = "timing: run in release by .ci/run"]
fn many_threads_answer_within_the_move_time() {
    // Issue 23: `threads 256`, `go movetime 500` answered after 1,127 ms. The bound: the move
    // time and 300 ms (release answers within a few ms).
    let mut child = dama_command()
        .args(["engine", "--tt", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    // The first search of a process solves the two-kings ending first (over 100 ms in a debug
    // build), whatever the threads: done here, before the searches timed.
    writeln!(stdin, "go depth 1").unwrap();
    while !lines.next().unwrap().unwrap().starts_with("bestmove ") {}
    for (threads, ms) in [(256, 100), (64, 50)] {
        writeln!(
            stdin,
            "threads {threads}\nposition fen {SHOT}\nnewgame\nisready"
        )
        .unwrap();
        assert_eq!(lines.next().unwrap().unwrap(), "readyok");
        let t = std::time::Instant::now();
        writeln!(stdin, "go movetime {ms}").unwrap();
        let mut last_info = String::new();
        let best = loop {
            let line = lines.next().expect("an answer").unwrap();
            if let Some(m) = line.strip_prefix("bestmove ") {
                break m.to_string();
            }
            last_info = line;
        };
        let took = t.elapsed();
        assert_eq!(best, "18-14");
        assert_eq!(pv_head(&last_info), Some("18-14"), "{last_info}");
        assert!(
            took < Duration::from_millis(ms + 300),
            "threads {threads}, movetime {ms}: answered after {took:?}"
        );
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn the_end_of_input_stops_a_search_and_answers_it() {
    // Issue 23: input closed after `go depth 24` kept the engine searching for 9.8 s (a debug
    // build: far longer), `go movetime 60000` for a minute. The end of input is `quit`: the
    // search stops at once and still answers its (searched) move.
    for (position, go) in [
        ("startpos", "go depth 24"),
        ("startpos", "go nodes 100000000"),
        (&format!("fen {SHOT}"), "go movetime 60000"),
    ] {
        let t = std::time::Instant::now();
        let out = run_within(
            &format!("position {position}\n{go}\n"),
            Duration::from_secs(30),
        )
        .unwrap_or_else(|| panic!("{go}: still searching after the end of input"));
        assert!(
            t.elapsed() < Duration::from_secs(3),
            "{go}: ended after {:?}",
            t.elapsed()
        );
        let n = out.len();
        assert!(n >= 2, "{go}: {out:?}");
        let best = out[n - 1]
            .strip_prefix("bestmove ")
            .expect("a bestmove last");
        if position != "startpos" {
            assert_eq!(best, "18-14", "{go}: {out:?}");
        }
        assert_eq!(pv_head(&out[n - 2]), Some(best), "{go}: {out:?}");
    }
}

/// An input that cannot be read (here a folder as stdin: EISDIR) is an error on stderr with a
/// non-zero exit, as a failed output is, not a quiet end of input.
#[test]
fn an_unreadable_input_is_an_error() {
    let home = std::env::temp_dir().join(format!("dama-engine-stdin-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let folder = std::fs::File::open(&home).unwrap();
    let out = dama_command()
        .arg("engine")
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(folder)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot read standard input"), "{err}");
    let _ = std::fs::remove_dir_all(&home);
}
