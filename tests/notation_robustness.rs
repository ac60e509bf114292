//! Reading whatever a file holds without losing anything (issue 10): short error messages
//! for huge input, UTF-16 files, linear reading time, files that are not PDN, records that
//! play on after a draw by the rules, and damaged games kept up to their damage.

use dama::notation::pdn::{
    FileError, PdnErrorKind, PdnResult, Reader, RuleDraw, SNIFF_BYTES, Unclosed, decode, read_game,
    read_games, read_text,
};
use dama::notation::stepper::Stepper;
use dama::notation::{EXCERPT_CHARS, fen, movetext};
use dama::rules::{DrawReason, Game, Position, RuleSet};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// An error message about `len` bytes of input stays short: the quoted part is at most
/// [`EXCERPT_CHARS`] characters, the rest (position, FEN, explanation) a few hundred.
fn assert_short(message: &str) {
    assert!(
        message.len() < EXCERPT_CHARS + 400,
        "{} bytes: {}...",
        message.len(),
        message.chars().take(300).collect::<String>()
    );
}

const HUGE: usize = 200_000;

#[test]
fn errors_quote_at_most_a_few_dozen_characters_of_huge_input() {
    // A move token of 200 KB (22-18-18-18...): a movetext error inside a PDN error.
    let text = format!("[Event \"x\"]\n1. 22{} *\n", "-18".repeat(HUGE / 3));
    let e = read_game(&text, RuleSet::Italian).unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::Move { .. }), "{e}");
    assert_short(&e.to_string());
    // A square number of 200 KB.
    let text = format!("1. {}-18 *\n", "2".repeat(HUGE));
    assert_short(&read_game(&text, RuleSet::Italian).unwrap_err().to_string());
    // A word that is no PDN at all, 200 KB long.
    let text = format!("[Event \"x\"]\n1. 22-18 {} *\n", "z".repeat(HUGE));
    let e = read_game(&text, RuleSet::Italian).unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::UnexpectedText(_)), "{e}");
    assert_short(&e.to_string());
    // A FEN tag and a GameType tag of 200 KB.
    let text = format!("[FEN \"W:W{}:B1\"]\n*\n", "9".repeat(HUGE));
    assert_short(&read_game(&text, RuleSet::Italian).unwrap_err().to_string());
    let text = format!("[GameType \"{}\"]\n*\n", "7".repeat(HUGE));
    assert_short(&read_game(&text, RuleSet::Italian).unwrap_err().to_string());
    // The FEN and move readers on their own.
    let e = fen::parse(RuleSet::Italian, &format!("{}:W1:B2", "Q".repeat(HUGE))).unwrap_err();
    assert_short(&e.to_string());
    let e = fen::parse(RuleSet::Italian, &format!("W:W{}:B2", "K".repeat(HUGE))).unwrap_err();
    assert_short(&e.to_string());
    let start = Position::start(RuleSet::Italian);
    for bad in [
        format!("22-{}", "1".repeat(HUGE)),
        format!("22-18{}", "?".repeat(HUGE)),
        "22-18".repeat(HUGE / 5),
    ] {
        let e = movetext::parse_move(&start, &bad).unwrap_err();
        assert_short(&e.to_string());
    }
    // Short input is quoted whole, as before.
    let e = read_game("1. 22-18 hello *", RuleSet::Italian).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 10: \"hello\" is not PDN movetext"
    );
}

const GAME: &str = "[Event \"Città di Pisa\"]\n[GameType \"22,W,8,8,N2,1\"]\n\
                    1. 21-17 10-13 2. 17x10 5x14 1-0\n";

fn utf16(text: &str, little: bool, bom: bool) -> Vec<u8> {
    let mut units: Vec<u16> = text.encode_utf16().collect();
    if bom {
        units.insert(0, 0xFEFF);
    }
    units
        .iter()
        .flat_map(|u| {
            if little {
                u.to_le_bytes()
            } else {
                u.to_be_bytes()
            }
        })
        .collect()
}

#[test]
fn utf16_files_read_like_utf8_with_or_without_a_byte_order_mark() {
    let want = read_game(GAME, RuleSet::Italian).unwrap();
    assert_eq!(want.tag("Event"), Some("Città di Pisa"));
    for little in [true, false] {
        for bom in [true, false] {
            let text = decode(&utf16(GAME, little, bom));
            let got = read_game(&text, RuleSet::Italian);
            assert_eq!(got.as_ref(), Ok(&want), "little endian {little}, BOM {bom}");
        }
    }
    // Latin-1 (no zero bytes) is still Latin-1, UTF-8 still UTF-8.
    let latin1: Vec<u8> = GAME.chars().map(|c| c as u8).collect();
    assert_eq!(
        read_game(&decode(&latin1), RuleSet::Italian),
        Ok(want.clone())
    );
    assert_eq!(
        read_game(&decode(GAME.as_bytes()), RuleSet::Italian),
        Ok(want)
    );
}

fn scratch_file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("dama-robust-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_utf16_file_on_disk_reads_like_utf8() {
    let path = scratch_file("utf16.pdn", &utf16(GAME, true, true));
    let text = read_text(&path);
    std::fs::remove_file(&path).unwrap();
    let games = read_games(&text.unwrap(), RuleSet::Italian);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].as_ref().unwrap().moves.len(), 4);
}

/// Reading time grows in proportion to the text: the files that took quadratic time (many
/// comments left open, one per game; many games) are read within a generous bound, in a debug
/// build on a busy machine. Before, 25,000 open comments took minutes in debug.
#[test]
fn reading_is_linear_in_files_that_were_quadratic() {
    let open_comments = "[Event \"x\"]\n{ never closed\n".repeat(25_000);
    let t = Instant::now();
    let games = read_games(&open_comments, RuleSet::Italian);
    let open_time = t.elapsed();
    assert_eq!(games.len(), 25_000);
    assert!(games.iter().all(|g| matches!(
        g.as_ref().map_err(|e| &e.kind),
        Err(PdnErrorKind::UnclosedComment)
    )));
    let lines_of_braces = "{ never closed\n".repeat(50_000);
    let t = Instant::now();
    assert_eq!(read_games(&lines_of_braces, RuleSet::Italian).len(), 1);
    let brace_time = t.elapsed();
    let bound = Duration::from_secs(20);
    assert!(
        open_time < bound && brace_time < bound,
        "{open_time:?} {brace_time:?}"
    );
}

#[test]
fn a_large_file_that_is_not_pdn_is_refused_after_its_first_megabyte() {
    // Zero bytes, as `/dev/zero` gives without end.
    let zeros = scratch_file("zeros.pdn", &vec![0u8; SNIFF_BYTES + 10]);
    let r = read_text(&zeros);
    std::fs::remove_file(&zeros).unwrap();
    assert!(matches!(r, Err(FileError::NotPdn)), "{r:?}");
    // Text, but no PDN in the first megabyte.
    let log = "INFO nothing to see here\n".repeat(SNIFF_BYTES / 20);
    let path = scratch_file("log.pdn", log.as_bytes());
    let r = read_text(&path);
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(r, Err(FileError::NotPdn)), "{r:?}");
    assert!(
        r.unwrap_err()
            .to_string()
            .contains("first megabyte holds no tag pair and no move")
    );
    // A large file of games reads whole; a small file that is not PDN is left to the reader
    // (its error names the line).
    let games = GAME.repeat(SNIFF_BYTES / GAME.len() + 100);
    let path = scratch_file("games.pdn", games.as_bytes());
    let r = read_text(&path);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(r.unwrap(), games);
    let path = scratch_file("small.pdn", b"not a game\n");
    let r = read_text(&path);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(r.unwrap(), "not a game\n");
}

#[cfg(unix)]
#[test]
fn dev_zero_is_refused_not_read_forever() {
    let r = read_text(std::path::Path::new("/dev/zero"));
    assert!(matches!(r, Err(FileError::NotPdn)), "{r:?}");
}

/// Two kings walk back and forth: the start position comes back after every 4 plies, for the
/// third time after ply 8 (R-G2).
fn repetition_record(extra: usize) -> (String, usize) {
    let start = fen::parse(RuleSet::Italian, "W:WK29:BK4").unwrap();
    let mut game = Game::new(start);
    let cycle = ["29-25", "4-8", "25-29", "8-4"];
    let mut words = Vec::new();
    let mut draw_ply = None;
    for text in cycle.iter().cycle().take(8 + extra) {
        let m = movetext::parse_move(game.position(), text).unwrap();
        game.play_past_draw(&m).unwrap();
        if game.repetitions() == 3 && draw_ply.is_none() {
            draw_ply = Some(game.ply());
        }
        words.push(text.to_string());
    }
    let text = format!(
        "[GameType \"22,W,8,8,N2,1\"]\n[FEN \"W:WK29:BK4\"]\n{} 1/2-1/2\n",
        words.join(" ")
    );
    (text, draw_ply.expect("a third repetition"))
}

#[test]
fn r_g2_a_record_that_plays_on_after_a_third_repetition_is_replayed_whole() {
    let (text, draw_ply) = repetition_record(3);
    assert_eq!(draw_ply, 8);
    let g = read_game(&text, RuleSet::Italian).unwrap();
    assert_eq!(g.moves.len(), 11);
    assert_eq!(
        g.rule_draw,
        Some(RuleDraw {
            ply: 8,
            reason: DrawReason::Repetition
        })
    );
    let mut r = Stepper::new(g.clone());
    r.to_end();
    assert_eq!(r.game_so_far().ply(), 11, "the board follows past the draw");
    assert!(
        r.ending().contains("the rules draw the game after ply 8"),
        "{}",
        r.ending()
    );
    r.goto(7);
    assert_eq!(r.rule_draw_passed(), None);
    r.goto(8);
    assert!(r.rule_draw_passed().is_some());
    assert_eq!(g.game().ply(), 11);
    // A record that ends at the draw notes nothing: the game simply ended there.
    let (text, _) = repetition_record(0);
    let g = read_game(&text, RuleSet::Italian).unwrap();
    assert_eq!((g.moves.len(), g.rule_draw), (8, None));
    // A move after a win is still an error.
    let e = read_game("[FEN \"W:W22:B18\"]\n22x13 5-9 *", RuleSet::Italian).unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::AfterEnd { .. }), "{e}");
}

/// R-G1: a variation, like the main line, ends where the game is won on the board; a move
/// after that is past the end, not an illegal move of a side that has no pieces.
#[test]
fn a_move_in_a_variation_after_a_win_is_past_the_end() {
    let text = "[FEN \"W:W22:B18\"]\n1. 22x13 (1. 22x13 13-9) *";
    let e = read_game(text, RuleSet::Italian).unwrap_err();
    assert!(
        matches!(&e.kind, PdnErrorKind::AfterEnd { fen, .. } if fen == "B:W13:B"),
        "{e}"
    );
    assert_eq!((e.line, e.column), (2, 20));
    // The same variation without the extra move reads.
    let g = read_game(
        "[FEN \"W:W22:B18\"]\n1. 22x13 (1. 22x13) *",
        RuleSet::Italian,
    )
    .unwrap();
    assert_eq!(g.moves[0].variations.len(), 1);
}

/// R-G1: a side with no pieces has lost even when the FEN gives the move to the other side;
/// a move from there is past the end (the verdict `dama engine` gives), shown up to ply 0.
#[test]
fn a_move_after_a_side_has_no_pieces_is_damage_even_on_the_winners_turn() {
    let e = read_game("[FEN \"W:W21:B\"]\n1. 21-17 *", RuleSet::Italian).unwrap_err();
    assert!(
        matches!(&e.kind, PdnErrorKind::AfterEnd { fen, .. } if fen == "W:W21:B"),
        "{e}"
    );
    assert_eq!((e.line, e.column), (2, 4));
    assert_eq!(e.partial.as_ref().map(|p| p.moves.len()), Some(0));
    // The position alone, with no move, is a finished game and reads.
    let g = read_game("[FEN \"W:W21:B\"]\n*", RuleSet::Italian).unwrap();
    assert!(g.moves.is_empty());
}

#[test]
fn a_damaged_game_keeps_its_tags_and_the_plies_before_the_damage() {
    // Damage at ply 4 (an illegal move), at ply 3 (text that is no PDN), at ply 2 (a comment
    // never closed): each game is shown up to the ply before.
    let text = "[Event \"illegal\"]\n[GameType \"22,W,8,8,N2,1\"]\n\
                1. 21-17 10-13 2. 17x10 8-9 *\n\n\
                [Event \"text\"]\n[GameType \"22,W,8,8,N2,1\"]\n\
                1. 21-17 10-13 oops 2. 17x10 *\n\n\
                [Event \"comment\"]\n[GameType \"22,W,8,8,N2,1\"]\n\
                1. 21-17 {never closed\n\n\
                [Event \"bad fen\"]\n[FEN \"W:W99:B1\"]\n1. 22-18 *\n\n\
                [Event \"good\"]\n[GameType \"22,W,8,8,N2,1\"]\n1. 22-18 *\n";
    let games = read_games(text, RuleSet::Italian);
    assert_eq!(games.len(), 5);
    for (i, (event, plies)) in [("illegal", 3), ("text", 2), ("comment", 1)]
        .into_iter()
        .enumerate()
    {
        let e = games[i].as_ref().unwrap_err();
        let p = e.partial.as_ref().unwrap_or_else(|| panic!("{event}: {e}"));
        assert_eq!(p.tag("Event"), Some(event));
        assert_eq!(p.moves.len(), plies, "{event}: {e}");
        assert_eq!(p.moves[0].mv.to_string(), "21-17");
    }
    // Tags at fault leave nothing to show; the next game is read.
    let e = games[3].as_ref().unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::BadFen { .. }) && e.partial.is_none());
    assert!(games[4].is_ok());
    // Text that is no game at all has no partial game either.
    let e = read_game("this is not a game", RuleSet::Italian).unwrap_err();
    assert!(e.partial.is_none());
}

/// QA records: a tag pair that cannot be read (it may be the FEN) leaves nothing to show, as a
/// FEN that cannot be read does; the game was shown "up to ply 0" from the start position,
/// which need not be its start.
#[test]
fn an_unreadable_tag_pair_shows_no_start_position() {
    let text = "[GameType \"22\"]\n[FEN \"[FEN \"W:W21:B1\"]\"]\n\n*\n\n\
                [GameType \"22\"]\n[FEN W:W21:B1]\n\n*\n\n\
                [Event \"good\"]\n1. 22-18 *\n";
    let games = read_games(text, RuleSet::Italian);
    assert_eq!(games.len(), 3, "{games:?}");
    let e = games[0].as_ref().unwrap_err();
    assert_eq!(
        (e.line, e.column, &e.kind),
        (2, 1, &PdnErrorKind::UnclosedTag)
    );
    assert!(e.partial.is_none());
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(e.kind, PdnErrorKind::BadTag);
    assert!(e.partial.is_none());
    assert!(games[2].is_ok());
}

/// The viewer keeps where each game starts and reads it again when opened: a game read from
/// its start is the game read in order, whatever came before it (a BOM, a game cut short by
/// the next one's tags, damage, `%` lines, an open comment).
#[test]
fn a_game_read_again_from_its_start_is_the_same_game() {
    let text = "\u{feff}% a note\n[Event \"a\"]\n1. 21-17 10-13\n[Event \"b\"]\n1. 22-18 *\n\
                [Event \"c\"]\n1. 22-18 {open\n\n[Event \"d\"]\n1. 22-18 bad 2. 1-0\n\
                [Event \"e\"]\n1. 21-17 10-13 2. 17x10 5x14 1-0";
    let mut reader = dama::notation::pdn::Reader::new(text, RuleSet::Italian);
    let mut starts = Vec::new();
    let mut games = Vec::new();
    loop {
        let at = reader.next_start();
        let Some(g) = reader.next() else { break };
        starts.push(at);
        games.push(g);
    }
    assert_eq!(games.len(), 5);
    for (at, g) in starts.into_iter().zip(&games) {
        let again = dama::notation::pdn::Reader::resume(text, at, RuleSet::Italian).next();
        assert_eq!(again.as_ref(), Some(g));
    }
}

/// A file whose first megabyte is one tag pair or comment still open at its end is refused
/// as too long, saying where that starts, not as "not a PDN file".
#[test]
fn a_tag_or_comment_past_the_first_megabyte_is_too_long() {
    let long = "x".repeat(SNIFF_BYTES + 10);
    let game = "[GameType \"22,W,8,8,N2,1\"]\n1. 22-18 *\n";
    for (name, text, what, at) in [
        (
            "tag",
            format!("  [Event \"{long}\"]\n{game}"),
            Unclosed::Tag,
            (1, 3),
        ),
        (
            "comment",
            format!("\n\n{{{long}}}\n{game}"),
            Unclosed::Comment,
            (3, 1),
        ),
    ] {
        let path = scratch_file(&format!("long_{name}.pdn"), text.as_bytes());
        let r = read_text(&path);
        std::fs::remove_file(&path).unwrap();
        match r {
            Err(FileError::TooLong {
                what: w,
                line,
                column,
            }) => {
                assert_eq!((w, (line, column)), (what, at), "{name}");
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    let e = FileError::TooLong {
        what: Unclosed::Tag,
        line: 1,
        column: 3,
    };
    assert!(
        e.to_string()
            .starts_with("line 1, column 3: the tag pair that starts there is too long"),
        "{e}"
    );
}

/// `Reader::next_up_to`: a game read up to a ply keeps its tags, that many moves and the
/// result written at its end; the reader goes on with the next game as usual.
#[test]
fn a_game_read_up_to_a_ply_passes_over_the_rest() {
    let text = "[Event \"one\"]\n[GameType \"22,W,8,8,N2,1\"]\n\
                1. 21-17 {c} 10-13 (1... 11-15 1-0) 2. 17x10 5x14 1-0\n\n\
                [Event \"two\"]\n[GameType \"22,W,8,8,N2,1\"]\n1. 21-17 *\n";
    let mut r = Reader::new(text, RuleSet::Italian);
    let head = r.next_up_to(1).unwrap();
    assert!(head.cut);
    let g = head.game.unwrap();
    assert_eq!(g.moves.len(), 1);
    assert_eq!(g.moves[0].comments, ["c"]);
    // The result at the end, not the one inside the variation.
    assert_eq!(g.result, PdnResult::FirstPlayerWins);
    assert!(!r.at_end());
    let two = r.next_up_to(5).unwrap();
    assert!(!two.cut);
    let two = two.game.unwrap();
    assert_eq!((two.tag("Event"), two.moves.len()), (Some("two"), 1));
    assert!(r.at_end() && r.next().is_none());
    // As many plies as the game has: read whole, not cut.
    let whole = Reader::new(text, RuleSet::Italian).next_up_to(4).unwrap();
    assert!(!whole.cut);
    assert_eq!(whole.game.unwrap().moves.len(), 4);
}

/// Random bytes past the first megabyte are not PDN even when something in them lexes as a
/// move: `/dev/urandom` was sometimes read on until memory ran out, when its first megabyte
/// happened to hold such a token. A large text file with a few stray control characters is
/// still read.
#[test]
fn random_bytes_are_not_pdn_even_with_a_move_in_them() {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut bytes = b"1. 22-18 11-14 *\n".to_vec();
    while bytes.len() < SNIFF_BYTES + 4096 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        bytes.push((x >> 32) as u8);
    }
    let path = scratch_file("random.pdn", &bytes);
    let r = read_text(&path);
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(r, Err(FileError::NotPdn)), "{r:?}");

    let mut text = String::from("{a stray bell\u{7} and NUL\u{0}}\n");
    while text.len() < SNIFF_BYTES + 4096 {
        text.push_str("[Event \"club\"]\n1. 22-18 11-14 {a comment} *\n\n");
    }
    let path = scratch_file("large.pdn", text.as_bytes());
    let r = read_text(&path);
    std::fs::remove_file(&path).unwrap();
    assert!(r.is_ok(), "{r:?}");
}
