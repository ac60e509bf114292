//! The shot suites (issue 8, section 3: quiet moves that lose to a combination must not be
//! pruned away): tests/data/shots/*.txt hold positions where one quiet move, and only it, wins
//! material by force, as a full-width search proves. Here: the files read, their proofs hold
//! when searched again, the engine finds the moves, and `dama suite` reports bad files clearly.

mod cli_common;

use cli_common::{dama, scratch};
use dama::engine::{Engine, Limits};
use dama::lab::suite::run::attempt;
use dama::lab::suite::{self, Suite, SuiteErrorKind};
use dama::proof::{self as prove, Prover};
use dama::rules::{RuleSet, has_capture};

fn data(name: &str) -> Suite {
    let path = format!("{}/tests/data/shots/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the suite file");
    suite::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn suites() -> [(Suite, RuleSet, usize); 2] {
    [
        (data("italian"), RuleSet::Italian, 200),
        (data("english"), RuleSet::English, 100),
    ]
}

/// The least depth at which the win shows, from the comment the generator writes.
fn shows_at(comment: &str) -> u32 {
    let tail = comment
        .split("shows at depth ")
        .nth(1)
        .unwrap_or_else(|| panic!("no depth in {comment:?}"));
    tail.trim().parse().expect("a depth")
}

#[test]
fn the_suites_hold_enough_distinct_quiet_positions() {
    for (suite, rules, least) in suites() {
        assert_eq!(suite.rules, rules);
        assert!(suite.shots.len() >= least, "{rules}: {}", suite.shots.len());
        let mut seen = std::collections::HashSet::new();
        for s in &suite.shots {
            // Parsing checked the FEN, the move's legality and the sacrifice mark.
            assert!(seen.insert(s.pos.hash()), "{rules}: twice {:?}", s.pos);
            assert!(!has_capture(&s.pos) && !s.best.is_capture());
            assert!(s.gain >= prove::MAN);
            assert!(shows_at(&s.comment) + 2 <= s.depth, "{}", s.comment);
        }
        // Real shots (the move gives material first) are a good part of each suite.
        let sacrifices = suite.shots.iter().filter(|s| s.sacrifice).count();
        assert!(sacrifices * 4 >= suite.shots.len(), "{rules}: {sacrifices}");
    }
}

#[test]
fn the_winning_moves_win_at_the_depth_they_show() {
    // The first half of each proof, searched again (cheap enough for a debug build): the
    // suite's move wins at least a man at the depth its comment gives. The whole proof,
    // uniqueness included, is `proofs_hold_when_searched_again` (release).
    for (suite, _, _) in suites() {
        for s in suite.shots.iter().step_by(10) {
            let base = prove::material(&s.pos);
            let d = shows_at(&s.comment);
            let mut p = Prover::new(u64::MAX);
            let v = -p
                .search(
                    &s.pos.after(&s.best),
                    d - 1,
                    -(base + s.gain),
                    -(base + s.gain - 1),
                )
                .unwrap();
            assert!(
                v >= base + prove::MAN,
                "{} {}: {v} from {base}",
                s.comment,
                s.best
            );
        }
    }
}

#[test]
#[ignore = "full-width proofs of 16 plies, about six minutes: run in release"]
fn proofs_hold_when_searched_again() {
    // Every position: the same move, the only one to gain anything, wins the same material
    // at the depth the file gives, and shows by the same ply.
    for (suite, _, _) in suites() {
        for s in &suite.shots {
            let proof = prove::prove(&s.pos, s.depth, 2, &mut Prover::new(u64::MAX))
                .unwrap_or_else(|r| panic!("{}: {r:?}", s.comment));
            assert_eq!(
                (proof.best, proof.gain, proof.sacrifice, proof.shows_at),
                (s.best, s.gain, s.sacrifice, shows_at(&s.comment)),
                "{}",
                s.comment
            );
        }
    }
}

fn engine() -> Engine {
    Engine::new(64)
}

#[test]
fn the_engine_finds_a_handful_at_a_small_node_budget() {
    // Deterministic: a node budget, one thread, variety 0, a fresh table for each position.
    let mut e = engine();
    for (suite, _, _) in suites() {
        for s in suite.shots.iter().step_by(40) {
            let t = attempt(&mut e, s, Limits::Nodes(20_000));
            assert!(
                t.solved,
                "{}: played {:?}, not {}",
                s.comment,
                t.played.map(|m| m.to_string()),
                s.best
            );
        }
    }
}

/// Nodes per position for the whole suite: about what a release build searches in 100 ms.
const SUITE_NODES: u64 = 300_000;

/// Positions solved at [`SUITE_NODES`] by the engine as it is, per suite: the target is all of
/// them (issue 8, section 3); the misses are listed in docs/measurements.md. Raise these as the
/// engine improves. On the suites proven at 16 plies (rebuilt when 30 Italian and 31 English
/// positions of the first ones, proven at 14, did not hold at 16): 246 and 197. (On the first
/// suites the engine had come from 211 and 187 to 246 and 199; see README.md's git history.)
const SOLVED_AT_LEAST: [usize; 2] = [246, 197];

#[test]
#[ignore = "450 searches of 300,000 nodes, about a minute: run in release"]
fn the_engine_solves_the_suites() {
    let mut e = engine();
    for ((suite, rules, _), floor) in suites().into_iter().zip(SOLVED_AT_LEAST) {
        let mut failed = Vec::new();
        for s in &suite.shots {
            let t = attempt(&mut e, s, Limits::Nodes(SUITE_NODES));
            if !t.solved {
                failed.push(format!(
                    "{} played {}, expected {} ({})",
                    dama::notation::fen::write(&s.pos),
                    t.played.map_or("none".into(), |m| m.to_string()),
                    s.best,
                    s.comment
                ));
            }
        }
        let solved = suite.shots.len() - failed.len();
        assert!(
            solved >= floor,
            "{rules}: solved {solved} / {}, fewer than {floor}; missed:\n{}",
            suite.shots.len(),
            failed.join("\n")
        );
    }
}

/// Whether an error is of the kind a case expects.
type IsKind = fn(&SuiteErrorKind) -> bool;

#[test]
fn bad_suite_files_are_errors_with_their_line() {
    const GOOD: &str = "W:W18,19,21,25:B4,10,11,12 18-14 1.50 6 sacrifice";
    let cases: &[(&str, usize, IsKind)] = &[
        ("", 0, |k| *k == SuiteErrorKind::Empty),
        ("# only a comment\nrules italian\n", 0, |k| {
            *k == SuiteErrorKind::Empty
        }),
        (GOOD, 1, |k| *k == SuiteErrorKind::NoRules),
        ("rules italian\nrules english", 2, |k| {
            *k == SuiteErrorKind::RulesTwice
        }),
        (
            "rules polish",
            1,
            |k| matches!(k, SuiteErrorKind::UnknownRules(r) if r == "polish"),
        ),
        (
            "rules italian\n\nW:W18,19,21,25:B4,10,11,12 18-14",
            3,
            |k| *k == SuiteErrorKind::Missing("gain"),
        ),
        ("rules italian\nW:W18:B4:X 18-14 1 6 quiet", 2, |k| {
            matches!(k, SuiteErrorKind::BadFen(_))
        }),
        (
            "rules italian\nW:W18,19,21,25:B4,10,11,12 4-8 1 6 quiet",
            2,
            |k| matches!(k, SuiteErrorKind::BadMove(_)),
        ),
        (
            "rules italian\nW:W18,19,21,25:B4,10,11,12 18-14 -1 6 sacrifice",
            2,
            |k| matches!(k, SuiteErrorKind::BadGain(_)),
        ),
        (
            "rules italian\nW:W18,19,21,25:B4,10,11,12 18-14 1 0 sacrifice",
            2,
            |k| matches!(k, SuiteErrorKind::BadDepth(_)),
        ),
        (
            "rules italian\nW:W18,19,21,25:B4,10,11,12 18-14 1 6 brilliant",
            2,
            |k| matches!(k, SuiteErrorKind::BadKind(_)),
        ),
        (
            "rules italian\nW:W18,19,21,25:B4,10,11,12 18-14 1 6 quiet",
            2,
            |k| *k == SuiteErrorKind::KindMismatch { marked: "quiet" },
        ),
        (
            "rules italian\nW:W18,19,21,25:B4,10,11,12 21-17 1 6 sacrifice",
            2,
            |k| {
                *k == SuiteErrorKind::KindMismatch {
                    marked: "sacrifice",
                }
            },
        ),
        ("rules italian\nW:W22:B18 22-13 1 6 quiet", 2, |k| {
            *k == SuiteErrorKind::CapturePending
        }),
        (
            "rules italian\nW:W18,19,21,25:B4,10,11,12 18-14 1 6 sacrifice extra",
            2,
            |k| matches!(k, SuiteErrorKind::Extra(t) if t == "extra"),
        ),
    ];
    for (text, line, kind) in cases {
        let e = suite::parse(text).expect_err(text);
        assert_eq!(e.line, *line, "{text:?}: {e}");
        assert!(kind(&e.kind), "{text:?}: {e:?}");
        if *line > 0 {
            assert!(e.to_string().starts_with(&format!("line {line}: ")), "{e}");
        }
    }
    // The same text with its fields right reads.
    assert!(suite::parse(&format!("rules italian\n{GOOD} ; fine")).is_ok());
}

#[test]
fn dama_suite_run_reports_a_bad_file_and_exits_non_zero() {
    let dir = scratch("suite-bad");
    let bad = dir.join("bad.txt");
    std::fs::write(
        &bad,
        "# a suite\nrules italian\nW:W18,19,21,25:B4,10,11,12 18-14 1.50 6 sacrifice\nnonsense\n",
    )
    .unwrap();
    let (ok, out, err) = dama(&["suite", "run", bad.to_str().unwrap(), "--nodes", "100"]);
    assert!(!ok, "{out}");
    assert!(err.contains("line 4") && err.contains("bad FEN"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let missing = dir.join("missing.txt");
    let (ok, _, err) = dama(&["suite", "run", missing.to_str().unwrap()]);
    assert!(!ok && err.contains("cannot read"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dama_suite_build_then_run() {
    let dir = scratch("suite-build");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    // Three games whose shots the file must hold: seed 3 gives two with the third fit of the
    // Italian weights (seed 2's games, played by the second, had some; the third's have none).
    let build = |out: &std::path::Path| {
        let args = [
            "suite",
            "build",
            "--games",
            "3",
            "--seed",
            "3",
            "--depth",
            "6",
            "--nodes",
            "200",
            "--out",
            out.to_str().unwrap(),
        ];
        let (ok, stdout, stderr) = dama(&args);
        assert!(ok, "{stdout}\n{stderr}");
        stdout
    };
    let said = build(&a);
    build(&b);
    let text = std::fs::read_to_string(&a).unwrap();
    // The same, but for the file's name in the header's command line.
    assert_eq!(
        text.replace("a.txt", "b.txt"),
        std::fs::read_to_string(&b).unwrap(),
        "same seed, same file"
    );
    assert!(
        text.contains("# Made by: dama suite build --rules italian --games 3 --seed 3 --depth 6")
    );
    let suite = suite::parse(&text).expect("the file reads back");
    assert!(
        said.contains(&format!("{} positions", suite.shots.len())),
        "{said}"
    );
    // An existing file is kept without --force.
    let (ok, _, err) = dama(&[
        "suite",
        "build",
        "--games",
        "1",
        "--out",
        a.to_str().unwrap(),
    ]);
    assert!(!ok && err.contains("already exists"), "{err}");
    let (ok, out, err) = dama(&["suite", "run", a.to_str().unwrap(), "--nodes", "2000"]);
    assert!(ok, "{err}");
    let n = suite.shots.len();
    assert_eq!(out.lines().count(), n + 1, "{out}");
    let last = out.lines().last().unwrap();
    let solved: usize = last
        .strip_prefix("solved ")
        .and_then(|r| r.strip_suffix(&format!(" / {n}")))
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("{last:?}"));
    assert_eq!(solved, out.lines().filter(|l| l.contains(" ok ")).count());
    // The full-width proofs stand when made again.
    let (ok, out, err) = dama(&["suite", "verify", a.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.ends_with(&format!("verified {n} / {n}\n")), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
