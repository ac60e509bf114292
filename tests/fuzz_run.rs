//! A bounded fuzz run (release, `#[ignore]`, run by `.ci/run`): random and mutated inputs for
//! the PDN, FEN and move readers, and mutated command lines for `dama engine`, for
//! `DAMA_FUZZ_SECS` seconds each (default 20). Zero panics allowed: an input that makes a
//! reader panic is written to the temporary folder and named in the failure.
//!
//! cargo-fuzz needs a nightly compiler; this harness needs none. Seeds are the files of
//! tests/data/pdn and, when present, the real Tinsley and ballot files of the shared data.

use dama::notation::pdn::{decode, read_games, write_games};
use dama::notation::{fen, movetext};
use dama::rules::{Position, RuleSet, legal_moves};
use std::io::{BufRead, BufReader, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// xorshift64*: a small, seeded generator so that a failing run can be repeated
/// (`DAMA_FUZZ_SEED`).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

fn budget() -> Duration {
    let secs = std::env::var("DAMA_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    Duration::from_secs(secs)
}

fn rng() -> Rng {
    let seed = std::env::var("DAMA_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
    eprintln!("fuzz seed {seed} (set DAMA_FUZZ_SEED to repeat)");
    Rng(seed | 1)
}

fn seeds() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![
        root.join("tests/data/pdn"),
        root.join("tests/data/pdn/malformed"),
    ];
    for shared in ["../shared/data", "../../shared/data"] {
        dirs.push(root.join(shared));
    }
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_file() {
                out.push(std::fs::read(&p).unwrap());
            }
        }
    }
    assert!(out.len() >= 10, "the seed files are there");
    out
}

/// Pieces that PDN, FEN and moves are made of, to splice into the inputs.
const ATOMS: &[&str] = &[
    "[",
    "]",
    "\"",
    "{",
    "}",
    "(",
    ")",
    "%",
    "$",
    "$1",
    "!",
    "?",
    "*",
    ".",
    "...",
    " ",
    "\n",
    "\r\n",
    "\t",
    "x",
    "-",
    ":",
    ",",
    "/",
    "1-0",
    "0-1",
    "1/2-1/2",
    "2-0",
    "K",
    "W",
    "B",
    "[FEN \"",
    "[GameType \"21\"]\n",
    "[GameType \"22\"]\n",
    "[Event \"",
    "22-18",
    "10x19x26",
    "33",
    "0",
    "99999999999999999999",
    "\u{feff}",
    "\u{0}",
    "é",
    "\u{1b}[2J",
    "W:W21-32:B1-12",
    "B:WK1:BK32",
];

fn mutate(rng: &mut Rng, base: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = base.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(v.len() + 1);
        match rng.below(8) {
            0 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] ^= 1 << rng.below(8);
            }
            1 => {
                let atom = rng.pick(ATOMS).as_bytes();
                v.splice(at..at, atom.iter().copied());
            }
            2 => {
                let end = (at + rng.below(64)).min(v.len());
                v.drain(at..end);
            }
            3 => {
                let end = (at + rng.below(256)).min(v.len());
                let piece = v[at..end].to_vec();
                v.splice(at..at, piece);
            }
            4 if !other.is_empty() => {
                let s = rng.below(other.len());
                let e = (s + rng.below(512)).min(other.len());
                v.splice(at..at, other[s..e].iter().copied());
            }
            5 => v.truncate(at),
            6 => {
                let n = rng.below(16);
                let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
                v.splice(at..at, bytes);
            }
            _ => {
                // A long run of one character: huge tokens, deep nesting.
                let c = *rng.pick(b"({1-x[ ");
                v.splice(at..at, std::iter::repeat_n(c, rng.below(5000)));
            }
        }
    }
    v
}

/// Every reader on one input; panics propagate.
fn read_everything(bytes: &[u8]) {
    let text = decode(bytes);
    for rules in [RuleSet::Italian, RuleSet::English] {
        let games = read_games(&text, rules);
        let good: Vec<_> = games
            .iter()
            .filter_map(|g| g.as_ref().ok())
            .cloned()
            .collect();
        // What was read writes back to text that reads the same moves.
        let again = read_games(&write_games(&good), rules);
        assert_eq!(again.len(), good.len());
        for (a, b) in good.iter().zip(&again) {
            assert_eq!(Some(&a.moves), b.as_ref().ok().map(|g| &g.moves));
        }
        for e in games.iter().filter_map(|g| g.as_ref().err()) {
            let _ = e.to_string();
        }
    }
    for line in text.lines().take(200) {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let _ = fen::parse(rules, line);
            let pos = Position::start(rules);
            for word in line.split_whitespace().take(50) {
                let _ = movetext::parse_move(&pos, word).map_err(|e| e.to_string());
                if let Ok(p) = fen::parse(rules, word.trim_matches('"')) {
                    let _ = legal_moves(&p);
                }
            }
        }
    }
}

fn keep(name: &str, bytes: &[u8]) -> PathBuf {
    let p = std::env::temp_dir().join(format!("dama-fuzz-{}-{name}", std::process::id()));
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
#[ignore = "a timed fuzz run: release, from .ci/run"]
fn fuzz_pdn_fen_and_move_readers() {
    let seeds = seeds();
    let mut rng = rng();
    let end = Instant::now() + budget();
    let mut runs = 0u64;
    while Instant::now() < end {
        // A few games' worth of a seed, from a line start: many inputs a second, each deep
        // into real records.
        let base = {
            let seed = rng.pick(&seeds);
            let from = rng.below(seed.len());
            let from = seed[..from]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let to = (from + 256 + rng.below(8192)).min(seed.len());
            &seed[from..to]
        };
        let other = rng.pick(&seeds);
        let input = match rng.below(10) {
            // Pure noise now and then; mostly mutations of real records.
            0 => (0..rng.below(4096)).map(|_| rng.next() as u8).collect(),
            1 => (0..rng.below(200))
                .flat_map(|_| rng.pick(ATOMS).as_bytes().to_vec())
                .collect(),
            _ => mutate(&mut rng, base, other),
        };
        if catch_unwind(AssertUnwindSafe(|| read_everything(&input))).is_err() {
            let p = keep("reader-input.pdn", &input);
            panic!("a reader panicked on the input kept in {}", p.display());
        }
        runs += 1;
    }
    eprintln!("{runs} inputs read without a panic");
    assert!(runs > 0);
}

const COMMANDS: &[&str] = &[
    "rules italian",
    "rules english",
    "position startpos",
    "position startpos moves 22-18 11-14",
    "position startpos moves 22-18 11-14 18x11",
    "position fen W:W18,19,21,25:B4,10,11,12",
    "position fen W:WK29,K30:BK4 moves 29-25",
    "go depth 3",
    "go nodes 500",
    "go movetime 5",
    "isready",
    "newgame",
    "seed 7",
    "seed none",
    "variety 20",
    "d",
    "stop",
];

fn mutate_line(rng: &mut Rng, line: &str) -> String {
    let mut words: Vec<String> = line.split(' ').map(str::to_string).collect();
    match rng.below(6) {
        0 => {
            let i = rng.below(words.len());
            words[i] = rng.pick(ATOMS).trim().to_string();
        }
        1 => {
            let i = rng.below(words.len() + 1);
            words.insert(
                i,
                rng.pick(&["99999999999999999999", "-1", "0", "moves", "fen", "x"])
                    .to_string(),
            );
        }
        2 => {
            let i = rng.below(words.len());
            words.remove(i);
        }
        3 => return String::from_utf8_lossy(&mutate(rng, line.as_bytes(), b"")).replace('\n', " "),
        _ => {}
    }
    words.join(" ")
}

/// Runs `dama engine` on `input`; the process must end by itself without a panic.
fn engine_survives(input: &str) -> Result<(), String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["engine", "--tt", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama engine runs");
    let mut stdin = child.stdin.take().unwrap();
    // The engine may stop reading (quit): a broken pipe here is no failure.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let text: Vec<String> = BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .collect();
        let _ = tx.send(text.join("\n"));
    });
    match rx.recv_timeout(Duration::from_secs(30)) {
        Ok(err) => {
            let status = child.wait().unwrap();
            if err.contains("panicked") || !status.success() {
                return Err(format!("{status}: {err}"));
            }
            Ok(())
        }
        Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            Err("did not end within 30 s".into())
        }
    }
}

#[test]
#[ignore = "a timed fuzz run: release, from .ci/run"]
fn fuzz_engine_protocol() {
    let mut rng = rng();
    let end = Instant::now() + budget();
    let mut runs = 0u64;
    while Instant::now() < end {
        let lines: Vec<String> = (0..1 + rng.below(12))
            .map(|_| {
                let line = *rng.pick(COMMANDS);
                if rng.below(3) == 0 {
                    line.to_string()
                } else {
                    mutate_line(&mut rng, line)
                }
            })
            .collect();
        let input = lines.join("\n") + "\n";
        if let Err(why) = engine_survives(&input) {
            let p = keep("engine-input.txt", input.as_bytes());
            panic!(
                "dama engine failed ({why}) on the input kept in {}",
                p.display()
            );
        }
        runs += 1;
    }
    eprintln!("{runs} engine sessions without a panic");
    assert!(runs > 0);
}
