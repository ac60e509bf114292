//! The `dama engine` session of docs/protocol.md, replayed through the real binary: every line
//! it shows must come out as written, but for `nps` and `time` (the machine's). When the search
//! changes on purpose, this test says which line of docs/protocol.md to rewrite.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::time::Duration;

mod cli_common;
use cli_common::dama_command;

/// The session block: `>` lines typed, the others expected (`...` skips lines).
fn session() -> Vec<String> {
    let doc = include_str!("../docs/protocol.md");
    let start = doc
        .find("A session (`>` marks what was typed):")
        .expect("docs/protocol.md has the session");
    let block = &doc[start..];
    let open = block.find("```text\n").unwrap() + "```text\n".len();
    let close = block[open..].find("```").unwrap();
    block[open..open + close]
        .lines()
        .map(str::to_string)
        .collect()
}

/// A line without its machine-dependent fields (and without the node count, where the
/// search's start depends on timing: `go infinite` begins while the two-kings table is built).
fn fingerprint(line: &str, nodes: bool) -> String {
    let mut out = Vec::new();
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == "nps" || w == "time" || (w == "nodes" && !nodes) {
            words.next();
            continue;
        }
        out.push(w);
    }
    out.join(" ")
}

#[test]
fn the_protocol_doc_engine_session_is_what_dama_engine_answers() {
    let mut child = dama_command()
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("dama engine runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap()).lines();
    let (mut skip, mut nodes) = (false, true);
    for line in session() {
        if let Some(cmd) = line.strip_prefix("> ") {
            // An infinite search is stopped once it has had time for its first iterations.
            if cmd == "stop" {
                std::thread::sleep(Duration::from_millis(300));
            }
            if cmd.starts_with("go ") {
                nodes = cmd != "go infinite";
            }
            writeln!(stdin, "{cmd}").unwrap();
            stdin.flush().unwrap();
            continue;
        }
        if line == "..." {
            skip = true;
            continue;
        }
        let want = fingerprint(&line, nodes);
        loop {
            let got = out.next().expect("dama answers").unwrap();
            if fingerprint(&got, nodes) == want {
                break;
            }
            assert!(
                skip && got.starts_with("info "),
                "docs/protocol.md's engine session shows {line:?}; dama engine answers {got:?}"
            );
        }
        skip = false;
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// The damaged-record example of docs/playing.md: the file it shows gives exactly the error
/// line it shows, with exit status 1.
#[test]
fn the_playing_doc_damage_example_is_what_replay_prints() {
    let doc = include_str!("../docs/playing.md");
    let start = doc
        .find("For example, this\n`games.pdn`:")
        .expect("docs/playing.md has the example");
    let blocks: Vec<&str> = doc[start..].split("```text\n").skip(1).take(2).collect();
    let body = |b: &str| b[..b.find("```").unwrap()].to_string();
    let (record, error) = (body(blocks[0]), body(blocks[1]));
    let dir = std::env::temp_dir().join(format!("dama-doc-damage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("games.pdn"), record).unwrap();
    let out = dama_command()
        .args(["replay", "games.pdn", "--text"])
        .current_dir(&dir)
        .env("HOME", &dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), error);
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("Damaged after ply 0: ")
    );
    std::fs::remove_dir_all(dir).unwrap();
}
