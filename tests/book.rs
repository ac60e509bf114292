//! The opening book: its file read back as written, damage refused, a resumed build equal to
//! one that never stopped, probes answering legal moves only, and the book in `dama engine`,
//! `dama match` and `dama book`.

mod cli_common;

use cli_common::{dama_at, scratch};
use dama::book::build::{Options, Step, Tree};
use dama::book::format::{BookError, ROOTS_BALLOTS, ROOTS_START};
use dama::book::{self, Book};
use dama::rules::{Game, Position, RuleSet, legal_moves};
use rand::{RngExt, SeedableRng};
use std::borrow::Cow;
use std::path::Path;

/// A small budget: a debug build searches a few thousand nodes a millisecond.
fn options(rules: RuleSet) -> Options {
    Options {
        rules,
        nodes: 400,
        roots: vec![Position::start(rules)],
        roots_bits: ROOTS_START,
        max_ply: 12,
    }
}

fn grown(rules: RuleSet, steps: usize) -> Tree {
    let mut t = Tree::new(options(rules));
    for _ in 0..steps {
        assert_ne!(t.step(), Step::Done);
    }
    t
}

fn read(bytes: Vec<u8>) -> Result<Book, BookError> {
    Book::from_bytes(Cow::Owned(bytes))
}

#[test]
fn a_book_reads_back_as_it_was_written() {
    let t = grown(RuleSet::Italian, 8);
    let book = read(t.to_bytes()).unwrap();
    assert_eq!(book.rules(), RuleSet::Italian);
    assert_eq!(book.header().nodes, 400);
    assert_eq!(book.header().roots, ROOTS_START);
    let records: Vec<_> = book.records().collect();
    assert_eq!(records, t.records());
    assert_eq!(records.len(), t.positions());
    assert_eq!(records.iter().filter(|r| r.expanded()).count(), 8);
    for r in &records {
        assert_eq!(book.find(r.hash), Some(*r));
    }
    assert_eq!(book.find(12345), None);
    // The start position: expanded first, and its value is the minimax of its moves'.
    let start = Position::start(RuleSet::Italian);
    let moves = book.moves(&start).expect("the start position is in book");
    let root = book.find(start.hash()).unwrap();
    assert_eq!(i32::from(root.value), moves[0].score);
    assert!(moves.windows(2).all(|w| w[0].score >= w[1].score));
}

#[test]
fn a_damaged_book_is_refused_never_misread() {
    let good = grown(RuleSet::English, 3).to_bytes();
    assert!(read(good.clone()).is_ok());
    // Any byte of the records changed: the checksum.
    for at in [64, 64 + 8, good.len() - 3] {
        let mut bad = good.clone();
        bad[at] ^= 0x10;
        assert!(matches!(read(bad), Err(BookError::Checksum)), "byte {at}");
    }
    // Cut short, or one record more than the count says.
    let mut short = good.clone();
    short.truncate(good.len() - 16);
    assert!(matches!(read(short), Err(BookError::Damaged(_))));
    assert!(matches!(
        read(good[..20].to_vec()),
        Err(BookError::TooShort(20))
    ));
    // Not a book at all; a later version; another rule set's byte (the key check differs).
    assert!(matches!(
        read(b"[Event \"x\"]".to_vec()),
        Err(BookError::NotABook)
    ));
    let mut later = good.clone();
    later[8] = 2;
    assert!(matches!(read(later), Err(BookError::Version(2))));
    let mut rules = good.clone();
    rules[12] = 7;
    assert!(matches!(read(rules), Err(BookError::Damaged(_))));
    // The error says what to do.
    let text = read(vec![0; 100]).unwrap_err().to_string();
    assert!(text.contains("not an opening book"), "{text}");

    // Through the command line: a clear error and a non-zero exit.
    let dir = scratch("book-damaged");
    let file = dir.join("bad.book");
    let mut bad = good.clone();
    bad[70] ^= 1;
    std::fs::write(&file, &bad).unwrap();
    let out = dama_in(
        &dir,
        &["book", "info", "--rules", "english", "--file", path(&file)],
    );
    assert!(!out.0);
    assert!(out.2.contains("checksum does not match"), "{}", out.2);
    // A damaged book in the data folder is not used: the shipped one is, and `info` says so.
    let data = dir.join("data/dama/book");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("english.book"), &bad).unwrap();
    let out = dama_in(&dir, &["book", "info", "--rules", "english"]);
    assert!(out.0, "{}", out.2);
    assert!(
        out.1.contains("not used") && out.1.contains("checksum"),
        "{}",
        out.1
    );
    assert!(out.1.contains("the book shipped with dama"), "{}", out.1);
}

/// QA engine: `book info --file` looked the start position up in --rules' start (Italian by
/// default) whatever the file held; it takes the file's own rules and refuses others.
#[test]
fn book_info_of_a_file_reads_it_by_its_own_rules() {
    let dir = scratch("book-info-rules");
    let file = dir.join("en.book");
    std::fs::write(&file, include_bytes!("../src/book/data/english.book")).unwrap();
    let (ok, out, err) = dama_in(&dir, &["book", "info", "--file", path(&file)]);
    assert!(ok, "{err}");
    assert!(out.contains("rules: english"), "{out}");
    assert!(!out.contains("start position: not in the book"), "{out}");
    let (ok, _, err) = dama_in(
        &dir,
        &["book", "info", "--rules", "italian", "--file", path(&file)],
    );
    assert!(!ok);
    assert!(
        err.contains("is a book for the english rules, not italian"),
        "{err}"
    );
}

#[test]
fn a_resumed_build_makes_the_same_book_as_one_that_never_stopped() {
    let whole = grown(RuleSet::Italian, 10);
    let mut first = grown(RuleSet::Italian, 4);
    let saved = read(first.to_bytes()).unwrap();
    drop(first);
    first = Tree::resume(&saved, options(RuleSet::Italian)).unwrap();
    for _ in 0..6 {
        assert_ne!(first.step(), Step::Done);
    }
    assert_eq!(first.records(), whole.records());
    // Another budget or set of roots would mix two kinds of searches: refused.
    let other = Options {
        nodes: 500,
        ..options(RuleSet::Italian)
    };
    assert!(Tree::resume(&saved, other).is_err());
    let ballots = Options {
        roots_bits: ROOTS_START | ROOTS_BALLOTS,
        ..options(RuleSet::Italian)
    };
    assert!(Tree::resume(&saved, ballots).is_err());
}

#[test]
fn a_probe_answers_legal_moves_only() {
    for rules in [RuleSet::Italian, RuleSet::English] {
        let book = read(grown(rules, 12).to_bytes()).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut in_book = 0;
        for _ in 0..30 {
            let mut game = Game::new(Position::start(rules));
            // Down the book by its own moves, as far as it goes.
            while let Some(moves) = book.moves_in(&game) {
                in_book += 1;
                let legal = legal_moves(game.position());
                assert_eq!(moves.len(), legal.len());
                for b in &moves {
                    assert!(legal.contains(&b.mv), "{}", b.mv);
                }
                let pick = book.pick(&game, 25, &mut rng).unwrap();
                assert!(pick.score >= moves[0].score - 25);
                game.play(&pick.mv).unwrap();
            }
            // Out of book: no move, and no pick.
            assert!(book.pick(&game, 25, &mut rng).is_none());
        }
        assert!(in_book >= 30);
        // Off the book's paths, and another rule set's positions: nothing.
        let mut game = Game::new(Position::start(rules));
        for _ in 0..6 {
            let legal = game.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            game.play(&m).unwrap();
        }
        let other = match rules {
            RuleSet::Italian => RuleSet::English,
            RuleSet::English => RuleSet::Italian,
        };
        assert!(book.moves(&Position::start(other)).is_none());
    }
}

#[test]
fn the_shipped_books_read_and_answer_the_start_position() {
    for rules in [RuleSet::Italian, RuleSet::English] {
        let book = book::shipped(rules).expect("the shipped book reads");
        assert_eq!(book.rules(), rules);
        let moves = book.moves(&Position::start(rules)).expect("in book");
        assert_eq!(moves.len(), legal_moves(&Position::start(rules)).len());
    }
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `dama ARGS` with the data folder under `dir` (and the input given): status, stdout, stderr.
fn dama_in(dir: &Path, args: &[&str]) -> (bool, String, String) {
    dama_at(dir, args, "")
}

#[test]
fn book_build_and_info_through_the_command_line() {
    let dir = scratch("book-cli");
    // `dama book build` of the English start position's tree with a node budget, and more.
    let build = |nodes: &str, more: &[&str]| {
        let mut args = vec![
            "book", "build", "--rules", "english", "--roots", "start", "--nodes", nodes,
        ];
        args.extend_from_slice(more);
        dama_in(&dir, &args)
    };
    let (ok, out, err) = build("300", &["--expansions", "3"]);
    assert!(ok, "{err}");
    assert!(out.contains("a new book"), "{out}");
    let file = dir.join("data/dama/book/english.book");
    let book = Book::read(&file).unwrap();
    assert_eq!(book.records().filter(|r| r.expanded()).count(), 3);
    // Again: it goes on from there.
    let (ok, out, err) = build("300", &["--expansions", "2"]);
    assert!(ok, "{err}");
    assert!(out.contains("going on with"), "{out}");
    let book = Book::read(&file).unwrap();
    assert_eq!(book.records().filter(|r| r.expanded()).count(), 5);
    // Other options than the book was built with: refused, the book kept.
    let (ok, _, err) = build("999", &[]);
    assert!(!ok);
    assert!(err.contains("300 nodes"), "{err}");
    let (ok, out, _) = dama_in(&dir, &["book", "info", "--rules", "english"]);
    assert!(ok);
    assert!(out.contains(&format!("positions: {}", book.len())), "{out}");
    assert!(out.contains("start position: "), "{out}");
}

/// QA pass 5: with a file where the book folder should be, `dama book build` said "cannot
/// make …/dama/book: File exists (os error 17)"; it names the file in the way now.
#[test]
fn a_file_where_the_book_folder_should_be_is_named() {
    let dir = scratch("book-in-the-way");
    let folder = dir.join("data/dama/book");
    std::fs::create_dir_all(folder.parent().unwrap()).unwrap();
    std::fs::write(&folder, "not a folder").unwrap();
    let (ok, _, err) = dama_in(
        &dir,
        &["book", "build", "--rules", "english", "--nodes", "300"],
    );
    assert!(!ok);
    assert!(
        err.contains(&format!("{} is a file, not a folder", folder.display())),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// One build of a book at a time: while another holds the book's lock (here this test, as a
/// build at work would), `dama book build` refuses and leaves the book as it was; once free,
/// a build removes the temporary files of builds killed while saving, and a different file
/// in the folder is left alone.
#[cfg(unix)]
#[test]
fn a_second_build_of_a_book_is_refused_and_killed_saves_are_cleared() {
    let dir = scratch("book-lock");
    let folder = dir.join("data/dama/book");
    std::fs::create_dir_all(&folder).unwrap();
    let build = || {
        dama_in(
            &dir,
            &[
                "book",
                "build",
                "--rules",
                "english",
                "--roots",
                "start",
                "--nodes",
                "300",
                "--expansions",
                "1",
            ],
        )
    };
    let held = dama::store::try_lock(&folder.join(".english.book.lock")).unwrap();
    assert!(held.is_some());
    let (ok, _, err) = build();
    assert!(!ok);
    assert!(err.contains("another `dama book build`"), "{err}");
    assert!(!folder.join("english.book").exists());
    drop(held);
    let stale = folder.join("english.book.part4999999");
    std::fs::write(&stale, b"half a book").unwrap();
    let other = folder.join("english.book.partial-notes");
    std::fs::write(&other, b"mine").unwrap();
    let (ok, _, err) = build();
    assert!(ok, "{err}");
    assert!(Book::read(&folder.join("english.book")).is_ok());
    assert!(!stale.exists(), "a killed save's file is removed");
    assert!(other.exists(), "other files are left alone");
}

#[test]
fn the_protocol_turns_the_book_on_and_off() {
    let dir = scratch("book-protocol");
    let input = "rules english\nseed 1\ngo depth 3\nbook on\ngo depth 3\nbook off\ngo depth 2\n\
                 book maybe\nquit\n";
    let (ok, out, err) = dama_at(&dir, &["engine"], input);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // Off by default: a search (depth 1 to 3); on: the book's line, depth 0, bestmove.
    assert!(lines[0].starts_with("info depth 1"), "{out}");
    let book_at = lines
        .iter()
        .position(|l| l.starts_with("book "))
        .expect(&out);
    assert!(lines[book_at - 1].starts_with("bestmove"), "{out}");
    assert!(lines[book_at + 1].starts_with("info depth 0 "), "{out}");
    let played = lines[book_at + 2].strip_prefix("bestmove ").expect(&out);
    let book_moves: Vec<&str> = lines[book_at]
        .split_whitespace()
        .skip(1)
        .step_by(3)
        .collect();
    assert!(book_moves.contains(&played), "{out}");
    let start = Position::start(RuleSet::English);
    assert_eq!(book_moves.len(), legal_moves(&start).len());
    // Off again: searched.
    assert!(lines[book_at + 3].starts_with("info depth 1"), "{out}");
    assert!(out.contains("error usage: book on|off"), "{out}");
}

#[test]
fn match_book_flags_parse_and_play() {
    let dir = scratch("book-match");
    let (ok, out, err) = dama_in(
        &dir,
        &[
            "match",
            "--games",
            "2",
            "--a-book",
            "on",
            "--b-book",
            "off",
            "--a-depth",
            "1",
            "--b-depth",
            "1",
            "--openings",
            "0",
        ],
    );
    assert!(ok, "{err}");
    assert!(out.contains("book moves (no search"), "{out}");
    let (ok, _, err) = dama_in(
        &dir,
        &["match", "--games", "2", "--a-book", "/no/such.book"],
    );
    assert!(!ok);
    assert!(err.contains("/no/such.book"), "{err}");
    let (ok, _, err) = dama_in(
        &dir,
        &[
            "match",
            "--games",
            "2",
            "--b-book",
            "on",
            "--b-engine",
            "cat",
        ],
    );
    assert!(!ok);
    assert!(err.contains("cannot be used with"), "{err}");
    // A book of the other rule set.
    let english = dir.join("english.book");
    std::fs::write(&english, grown(RuleSet::English, 1).to_bytes()).unwrap();
    let (ok, _, err) = dama_in(
        &dir,
        &[
            "match",
            "--games",
            "2",
            "--a-book",
            path(&english),
            "--a-depth",
            "1",
            "--b-depth",
            "1",
        ],
    );
    assert!(!ok);
    assert!(err.contains("english rules"), "{err}");
}
