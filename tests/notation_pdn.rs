//! PDN (R-N3) over the corpus in tests/data/pdn: round trips, games replayed to their final
//! FEN, every kind of malformed input with its place in the file, and atomic saving.

use dama::notation::fen;
use dama::notation::movetext::{MoveTextError, Syntax, Why};
use dama::notation::pdn::{
    PdnError, PdnErrorKind, PdnGame, PdnResult, read_game, read_games, variation_text, write_game,
    write_games,
};
use dama::rules::{Game, Position, RuleSet};
use dama::store::{Overwrite, save_atomic};
use std::path::{Path, PathBuf};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pdn")
        .join(name)
}

fn read(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The corpus files that read cleanly, with the rules to read them by.
const GOOD: &[(&str, RuleSet)] = &[
    ("italian_random.pdn", RuleSet::Italian),
    ("italian_setup.pdn", RuleSet::Italian),
    ("english_checkerboard.pdn", RuleSet::English),
    ("pdn30_features.pdn", RuleSet::Italian),
    ("ballots_fen_only.pdn", RuleSet::Italian),
];

fn good_games(name: &str, rules: RuleSet) -> Vec<PdnGame> {
    read_games(&read(name), rules)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

#[test]
fn r_n3_round_trip_over_the_corpus() {
    // R-N3: parse -> write -> parse gives the same game, and writing is then stable.
    for &(name, rules) in GOOD {
        let games = good_games(name, rules);
        assert!(!games.is_empty(), "{name}");
        let written = write_games(&games);
        // The written file says its rule set, so it reads back the same whatever the default.
        let other = match rules {
            RuleSet::Italian => RuleSet::English,
            RuleSet::English => RuleSet::Italian,
        };
        let again = good_games_from(&written, other);
        assert_eq!(again.len(), games.len(), "{name}");
        for (a, b) in games.iter().zip(&again) {
            assert_eq!(a.rules, b.rules, "{name}");
            assert_eq!(a.start, b.start, "{name}");
            assert_eq!(a.moves, b.moves, "{name}");
            assert_eq!(a.intro, b.intro, "{name}");
            assert_eq!(a.result, b.result, "{name}");
            for (tag, value) in &a.tags {
                if !["Result", "FEN", "GameType"].contains(&tag.as_str()) {
                    assert_eq!(b.tag(tag), Some(value.as_str()), "{name}: tag {tag}");
                }
            }
        }
        assert_eq!(write_games(&again), written, "{name}: writing is stable");
        for line in written.lines() {
            assert!(line.chars().count() <= 80, "{name}: long line {line:?}");
        }
    }
}

fn good_games_from(text: &str, rules: RuleSet) -> Vec<PdnGame> {
    read_games(text, rules)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{e}\n{text}")))
        .collect()
}

#[test]
fn r_n3_real_length_games_replay_to_their_final_fen() {
    // The .fen files were written by the generator from the rules' own positions (not by
    // reading the PDN back), one final FEN per game.
    for (name, rules) in [
        ("italian_random", RuleSet::Italian),
        ("italian_setup", RuleSet::Italian),
        ("english_checkerboard", RuleSet::English),
    ] {
        let games = good_games(&format!("{name}.pdn"), rules);
        let fens: Vec<String> = read(&format!("{name}.fen"))
            .lines()
            .map(String::from)
            .collect();
        assert_eq!(games.len(), fens.len(), "{name}");
        for (g, want) in games.iter().zip(&fens) {
            assert_eq!(fen::write(&g.final_position()), *want, "{name}");
            assert!(g.moves.len() >= 20, "{name}: a real-length game");
            // Each game was played until the rules ended it: the record's result agrees.
            let game = g.game();
            let outcome = game.outcome().expect("the game has ended");
            assert_eq!(
                PdnResult::from_outcome(g.rules, Some(outcome)),
                g.result,
                "{name}"
            );
        }
    }
}

#[test]
fn r_n3_game_type_and_fen_tags_choose_rules_and_start() {
    let games = good_games("pdn30_features.pdn", RuleSet::Italian);
    assert_eq!(games.len(), 4);
    assert_eq!(games[0].rules, RuleSet::Italian);
    assert_eq!(
        games[1].rules,
        RuleSet::English,
        "GameType 21 beats the default"
    );
    assert_eq!(
        games[1].start,
        fen::parse(RuleSet::English, "W:W18,K27:B14,K3,5").unwrap()
    );
    // A bare `22` is GameType enough.
    assert_eq!(games[3].rules, RuleSet::Italian);
    // Without GameType, the caller's rules (CheckerBoard writes none).
    for rules in [RuleSet::Italian, RuleSet::English] {
        let g = read_game("[Event \"x\"]\n*", rules).unwrap();
        assert_eq!(g.rules, rules);
        assert_eq!(g.start, Position::start(rules));
    }
}

#[test]
fn r_n3_comments_nags_variations_and_results() {
    let games = good_games("pdn30_features.pdn", RuleSet::Italian);
    let g = &games[0];
    assert_eq!(g.intro, ["Before the first move."]);
    assert_eq!(g.tag("Annotator"), Some("dama tests \"quoted\" name"));
    let first = &g.moves[0];
    assert_eq!(first.mv.to_string(), "21-17");
    assert_eq!(first.nags, ["$1"]);
    assert_eq!(first.comments, ["White opens on the side"]);
    // The variation stays beside the move it replaces, nested one kept inside, replayed.
    assert_eq!(first.variations.len(), 1);
    assert_eq!(
        variation_text(g, 0, &first.variations[0]),
        "1. 22-18 10-14 {a main alternative} (1... 11-15)"
    );
    assert_eq!(first.variations[0].moves[1].variations[0].moves.len(), 1);
    // ... and is never taken for the main line.
    let main: Vec<String> = g.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(
        main,
        ["21-17", "10-13", "17x10", "5x14", "22-18", "14x21", "26x17"]
    );
    assert_eq!(g.moves[1].nags, ["!"]);
    assert_eq!(g.moves[3].nags, ["?!"]);
    assert_eq!(g.moves[6].nags, ["$14"]);
    assert_eq!(g.result, PdnResult::Unknown);
    // `12...` and a FEN with White to move in English: the first move is White's.
    assert_eq!(games[1].moves[0].mv.to_string(), "18x9");
    assert_eq!(games[1].result, PdnResult::SecondPlayerWins);
    assert_eq!(games[2].result, PdnResult::FirstPlayerWins, "2-0");
    assert_eq!(games[3].result, PdnResult::Draw, "1-1");
    // R-N3 results are written in the standard form.
    let w = write_game(&games[2]);
    assert!(
        w.contains("[Result \"1-0\"]") && w.trim_end().ends_with("1-0"),
        "{w}"
    );
}

/// QA records: PDN's rest-of-line comment, `;` to the end of the line, is a comment (in the
/// main line and in a variation) and is written back as `{...}`; it was damage (`";" is not
/// PDN movetext`), so a record with one was cut there.
#[test]
fn r_n3_a_semicolon_comments_to_the_end_of_the_line() {
    let text = "[GameType \"22\"]\n; before the first move\r\n1. 22-19 ; a {brace} 1-0 here\n\
                11-14 (12-16 ; inside\n2. 21-17) 2. 19-15 12x19 *\n";
    let g = read_game(text, RuleSet::Italian).unwrap();
    assert_eq!(g.intro, ["before the first move"]);
    let main: Vec<String> = g.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(main, ["22-19", "11-14", "19-15", "12x19"]);
    assert_eq!(g.moves[0].comments, ["a {brace} 1-0 here"]);
    assert_eq!(g.moves[1].variations[0].moves[0].comments, ["inside"]);
    assert_eq!(g.result, PdnResult::Unknown);
    // Written back (a comment holding `}` as a `;` comment that ends its line, the others
    // as braces), it reads back the same, comments and all.
    let written = write_game(&g);
    assert!(written.contains("; a {brace} 1-0 here\n"), "{written}");
    assert!(written.contains("{inside}"), "{written}");
    let again = read_game(&written, RuleSet::Italian).unwrap();
    assert_eq!(again.intro, g.intro);
    assert_eq!(again.moves, g.moves);
}

/// A `;` comment holding `}` in a variation's last move (the CI fuzz run's find: the `}` was
/// dropped on writing): it comes back whole, and the variation's `)` goes to the next line,
/// not into the comment.
#[test]
fn r_n3_a_semicolon_comment_ends_a_variation() {
    let text = "1. 21-17 $1 {side} (1. 22-18 10-14 ;a main alternative}\n(11-15)) 10-13 *";
    let g = read_game(text, RuleSet::Italian).unwrap();
    let v = &g.moves[0].variations[0];
    assert_eq!(v.moves[1].comments, ["a main alternative}"]);
    let written = write_game(&g);
    let again = read_game(&written, RuleSet::Italian).unwrap();
    assert_eq!(again.moves, g.moves, "{written}");
    // One line for a viewer: the `}` gives way to a space there.
    assert_eq!(
        variation_text(&g, 0, v),
        "1. 22-18 10-14 {a main alternative} (1... 11-15)"
    );
}

#[test]
fn r_n3_writer_tags_and_set_up() {
    let games = good_games("italian_setup.pdn", RuleSet::Italian);
    let text = write_game(&games[1]);
    let lines: Vec<&str> = text.lines().collect();
    // Seven standard tags in order, then GameType and FEN (set up: not the start position).
    let names: Vec<&str> = lines[..9]
        .iter()
        .map(|l| l[1..].split(' ').next().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN"
        ]
    );
    assert_eq!(lines[7], "[GameType \"22,W,8,8,N2,1\"]");
    assert!(lines[8].starts_with("[FEN \"B:"), "{}", lines[8]);
    // Black moves first in this set-up: the movetext starts with `1...`.
    assert!(lines[9].starts_with("1... "), "{}", lines[9]);
    // A game from the start position has no FEN tag.
    let std = write_game(&good_games("italian_random.pdn", RuleSet::Italian)[0]);
    assert!(!std.contains("[FEN"));
    // English GameType (R-N3).
    let en = write_game(&good_games("english_checkerboard.pdn", RuleSet::English)[0]);
    assert!(en.contains("[GameType \"21,B,8,8,N1,0\"]"));
}

#[test]
fn r_n3_record_of_a_game_played_here() {
    let mut game = Game::new(Position::start(RuleSet::Italian));
    for m in ["21-17", "10-13", "17x10"] {
        let mv = dama::notation::movetext::parse_move(game.position(), m).unwrap();
        game.play(&mv).unwrap();
    }
    let g = PdnGame::from_game(&game, "Casual", "You", "dama (depth 8)");
    let text = write_game(&g);
    assert!(text.contains("[Black \"dama (depth 8)\"]"), "{text}");
    let date = g.tag("Date").unwrap();
    assert_eq!(date.len(), 10);
    assert!(
        date.chars().all(|c| c.is_ascii_digit() || c == '.'),
        "{date}"
    );
    assert!(text.contains("1. 21-17 10-13 2. 17x10 *"), "{text}");
    let back = read_game(&text, RuleSet::English).unwrap();
    assert_eq!(back.moves, g.moves);
}

/// QA records: a file of games on one line (a very long line) whose second game holds a word
/// that is not movetext keeps the games after it: the reader goes on to that game's result.
/// It skipped to the next line that starts a tag, and there was none: every later game was
/// lost (the Tinsley file on one line read 623 of its 724 games).
#[test]
fn a_damaged_word_on_a_one_line_file_loses_no_later_game() {
    let text = "[GameType \"22\"] 1. 22-19 11-14 * [GameType \"22\"] 1. 21-17 \
                10-14Resigned. 1-0 [GameType \"22\"] 1. 23-20 12-16 1/2-1/2 \
                [GameType \"22\"] 1. 24-20 *";
    let games = read_games(text, RuleSet::Italian);
    assert_eq!(games.len(), 4);
    assert!(games[0].is_ok());
    let e = games[1].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (1, 59));
    assert!(matches!(&e.kind, PdnErrorKind::UnexpectedText(t) if t.starts_with("10-14Res")));
    assert_eq!(e.partial.as_ref().unwrap().moves.len(), 1);
    assert_eq!(games[2].as_ref().unwrap().result, PdnResult::Draw);
    assert_eq!(games[3].as_ref().unwrap().moves.len(), 1);
}

/// QA records: a comment after a game's result is no game of its own: before the next game's
/// tags it opens that game, at the end of the file it ends the last one. Each made a game of
/// no moves, so the games after it were numbered one too far (`dama replay` listed 3 games
/// for 2, and `--game 2` was the empty one).
#[test]
fn a_comment_after_a_result_makes_no_game() {
    let text = "[GameType \"22\"]\n1. 22-19 11-14 * {after the first}\n\n\
                [GameType \"22\"]\n1. 21-17 * {after the last}\n";
    let games = good_games_from(text, RuleSet::Italian);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves.len(), 2);
    assert_eq!(games[1].intro, ["after the first"]);
    assert_eq!(games[1].moves[0].mv.to_string(), "21-17");
    // Nothing but a comment is no game at all.
    assert!(read_games("{only a comment}", RuleSet::Italian).is_empty());
    // A game without tags still opens with its comment.
    let g = read_game("{opening} 1. 22-19 *", RuleSet::Italian).unwrap();
    assert_eq!(g.intro, ["opening"]);
}

/// (file, rules, line, column, what the error must be)
type Check = fn(&PdnErrorKind) -> bool;

#[test]
fn malformed_inputs_fail_with_kind_and_place() {
    let cases: &[(&str, RuleSet, usize, usize, Check)] = &[
        ("truncated_tag.pdn", RuleSet::Italian, 1, 1, |k| {
            *k == PdnErrorKind::UnclosedTag
        }),
        ("unclosed_comment.pdn", RuleSet::Italian, 3, 10, |k| {
            *k == PdnErrorKind::UnclosedComment
        }),
        ("bad_square.pdn", RuleSet::Italian, 3, 10, |k| {
            matches!(
                k,
                PdnErrorKind::Move {
                    error: MoveTextError::NotAMove {
                        problem: Syntax::BadSquare { .. },
                        ..
                    },
                    ..
                }
            )
        }),
        ("wrong_side.pdn", RuleSet::Italian, 3, 4, |k| {
            matches!(
                k,
                PdnErrorKind::Move {
                    ply: 0,
                    error: MoveTextError::Illegal {
                        why: Why::NotYourPiece { .. },
                        ..
                    },
                    ..
                }
            )
        }),
        ("capture_ignored.pdn", RuleSet::Italian, 4, 4, |k| {
            // R-C1
            matches!(k, PdnErrorKind::Move { error: MoveTextError::Illegal { why: Why::MustCapture { .. }, .. }, fen, .. } if fen == "W:W22,31:B18")
        }),
        ("illegal_capture.pdn", RuleSet::Italian, 4, 4, |k| {
            matches!(
                k,
                PdnErrorKind::Move {
                    error: MoveTextError::Illegal {
                        why: Why::NotALegalCapture { .. },
                        ..
                    },
                    ..
                }
            )
        }),
        ("ambiguous_capture.pdn", RuleSet::Italian, 4, 4, |k| {
            // R-N1
            matches!(k, PdnErrorKind::Move { error: MoveTextError::Ambiguous { candidates, .. }, .. } if candidates.len() == 2)
        }),
        (
            "italian_game_read_as_english.pdn",
            RuleSet::English,
            5,
            4,
            |k| {
                // R-B5: in English Black moves first, so White's 22-18 is the wrong side's move.
                matches!(
                    k,
                    PdnErrorKind::Move {
                        ply: 0,
                        error: MoveTextError::Illegal {
                            why: Why::NotYourPiece { .. },
                            ..
                        },
                        ..
                    }
                )
            },
        ),
        ("unclosed_variation.pdn", RuleSet::Italian, 3, 10, |k| {
            *k == PdnErrorKind::UnclosedVariation
        }),
        ("unmatched_paren.pdn", RuleSet::Italian, 3, 10, |k| {
            *k == PdnErrorKind::UnmatchedParen
        }),
        ("bad_fen.pdn", RuleSet::Italian, 3, 1, |k| {
            matches!(k, PdnErrorKind::BadFen { .. })
        }),
        ("unsupported_gametype.pdn", RuleSet::Italian, 2, 1, |k| {
            matches!(k, PdnErrorKind::UnsupportedGameType(_))
        }),
        ("not_pdn.pdn", RuleSet::Italian, 1, 1, |k| {
            *k == PdnErrorKind::UnexpectedText("This".into())
        }),
        ("move_after_end.pdn", RuleSet::Italian, 4, 15, |k| {
            // R-G1: Black has no pieces left after 22x13.
            matches!(k, PdnErrorKind::AfterEnd { fen, .. } if fen == "B:W13:B")
        }),
        ("alphanumeric_moves.pdn", RuleSet::Italian, 3, 4, |k| {
            *k == PdnErrorKind::UnexpectedText("c3-d4".into())
        }),
    ];
    for &(name, rules, line, column, check) in cases {
        let text = read(&format!("malformed/{name}"));
        let games = read_games(&text, rules);
        let Some(Err(e)) = games.first() else {
            panic!("{name}: expected an error, got {games:?}");
        };
        assert_eq!((e.line, e.column), (line, column), "{name}: {e}");
        assert!(check(&e.kind), "{name}: {e}");
        assert!(
            e.to_string()
                .starts_with(&format!("line {line}, column {column}: "))
        );
    }
}

#[test]
fn error_message_gives_move_text_and_fen() {
    let text = read("malformed/capture_ignored.pdn");
    let e = read_game(&text, RuleSet::Italian).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 4, column 4: ply 1: 31-27 is illegal here: you must capture (legal: 22x13) \
         (position W:W22,31:B18)"
    );
}

#[test]
fn reader_skips_a_damaged_game_and_goes_on() {
    let text = read("malformed/three_games_middle_damaged.pdn");
    let games = read_games(&text, RuleSet::Italian);
    assert_eq!(games.len(), 3, "{games:?}");
    assert_eq!(games[0].as_ref().unwrap().tag("Event"), Some("Good 1"));
    assert!(matches!(
        games[1],
        Err(PdnError {
            kind: PdnErrorKind::UnclosedComment,
            line: 7,
            ..
        })
    ));
    let third = games[2].as_ref().unwrap();
    assert_eq!(third.tag("Event"), Some("Good 2"));
    assert_eq!(third.moves.len(), 4);
}

#[test]
fn r_n2_ballots_fen_only() {
    let games = good_games("ballots_fen_only.pdn", RuleSet::Italian);
    assert_eq!(games.len(), 6);
    for g in &games[..5] {
        assert!(g.moves.is_empty());
        assert_ne!(g.start, Position::start(RuleSet::Italian));
        assert_eq!(g.start.pieces_of(dama::rules::Color::White).count(), 11);
    }
    assert_eq!(games[5].moves.len(), 3);
}

#[test]
fn real_ballot_file_reads_every_ballot() {
    // The shared Italian ballots file (FEN-only PDN) when it is present beside the repo.
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/ballots_11_man_italian.pdn");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} not found", path.display());
        return;
    };
    let games = read_games(&text, RuleSet::Italian);
    assert_eq!(
        games.len(),
        text.lines().filter(|l| l.contains("[FEN")).count()
    );
    assert!(games.iter().all(Result::is_ok));
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn save_atomic_replaces_or_refuses() {
    let dir = scratch_dir("save");
    let target = dir.join("game.pdn");
    save_atomic(&target, "first\n", Overwrite::Never).unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "first\n");
    // Never overwrite a file without being told to.
    let e = save_atomic(&target, "second\n", Overwrite::Never).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "first\n");
    save_atomic(&target, "second\n", Overwrite::Replace).unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "second\n");
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["game.pdn"]);
    // A folder that does not exist: an error, and nothing is created.
    let missing = dir.join("no/such/folder/game.pdn");
    assert!(save_atomic(&missing, "x", Overwrite::Replace).is_err());
    assert!(!dir.join("no").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn writer_keeps_player_text_from_breaking_the_file() {
    let mut g = read_game("1. 22-18 11-15 *", RuleSet::Italian).unwrap();
    g.set_tag("White", "Ann \"the\nwall\"");
    g.moves[0]
        .comments
        .push("a {brace and a long comment ".repeat(8));
    let text = write_game(&g);
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    let back = read_game(&text, RuleSet::English).unwrap();
    assert_eq!(back.tag("White"), Some("Ann \"the wall\""));
    assert_eq!(back.moves, {
        let mut m = g.moves.clone();
        m[0].comments = vec![
            ("a {brace and a long comment ".repeat(8))
                .trim()
                .to_string(),
        ];
        m
    });
    // A `}` can't be inside braces: that comment is a `;` one, on a line of its own end, kept
    // whole even past 80 columns.
    g.moves[0].comments = vec!["a } brace".to_string()];
    let back = read_game(&write_game(&g), RuleSet::English).unwrap();
    assert_eq!(back.moves, g.moves);
    assert_eq!(
        read_game("  \n", RuleSet::Italian).unwrap_err().kind,
        PdnErrorKind::NoGame
    );
}

#[test]
fn a_bad_fen_only_game_does_not_take_the_next_one_with_it() {
    // FEN-only records without tags on their own lines: the error is at the bad game's end,
    // so the reader goes straight on to the next.
    let text = "[FEN \"W:W33:B1\"] * 1. 22-18 * [FEN \"W:W21:B1\"] *";
    let games = read_games(text, RuleSet::Italian);
    assert_eq!(games.len(), 3, "{games:?}");
    assert!(matches!(&games[0], Err(e) if matches!(e.kind, PdnErrorKind::BadFen { .. })));
    assert_eq!(games[1].as_ref().unwrap().moves.len(), 1);
    assert!(games[2].is_ok());
}

#[test]
fn latin1_files_keep_their_accents() {
    // "Niccolò" in Latin-1, as older Windows programs write it.
    let mut bytes = b"[White \"Niccol".to_vec();
    bytes.push(0xF2);
    bytes.extend_from_slice(b"\"]\n[GameType \"22\"]\n1. 22-18 *\n");
    let text = dama::notation::pdn::decode(&bytes);
    let g = read_game(&text, RuleSet::Italian).unwrap();
    assert_eq!(g.tag("White"), Some("Niccolò"));
    // UTF-8 with a byte-order mark.
    let utf8 = "\u{feff}[White \"Niccolò\"]\n1. 22-18 *\n";
    let g = read_game(
        &dama::notation::pdn::decode(utf8.as_bytes()),
        RuleSet::Italian,
    )
    .unwrap();
    assert_eq!(g.tag("White"), Some("Niccolò"));
}

#[test]
fn windows_line_ends_read_the_same() {
    for &(name, rules) in GOOD {
        let text = read(name);
        let crlf = text.replace('\n', "\r\n");
        let a = good_games(name, rules);
        let b = good_games_from(&crlf, rules);
        assert_eq!(a, b, "{name}");
    }
}

/// Windows-1252, as files saved on Windows usually are: its punctuation in 0x80-0x9F (the
/// dash 0x96, curly quotes 0x93/0x94, the euro 0x80) is read, not dropped as control bytes.
#[test]
fn windows_1252_punctuation_is_read() {
    let mut bytes = b"[Event \"P".to_vec();
    bytes.extend_from_slice(&[0xE0, b'r', b't', b'i', b't', b'a', b' ', 0x96, b' ', 0x93]);
    bytes.extend_from_slice(b"x");
    bytes.extend_from_slice(&[0x94, b' ', 0x80, b'5']);
    bytes.extend_from_slice(b"\"]\n[GameType \"22\"]\n1. 22-18 *\n");
    let text = dama::notation::pdn::decode(&bytes);
    let g = read_game(&text, RuleSet::Italian).unwrap();
    assert_eq!(g.tag("Event"), Some("Pàrtita – “x” €5"));
}
