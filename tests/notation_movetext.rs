//! Move text (R-N1) read against real positions, and a rules fix found while reading records.

use dama::notation::fen;
use dama::notation::movetext::{MoveText, MoveTextError, Why, parse_move, write_move};
use dama::rules::{Position, RuleSet, legal_moves};

fn pos(rules: RuleSet, text: &str) -> Position {
    fen::parse(rules, text).unwrap()
}

#[test]
fn r_m3_english_man_taking_a_king_removes_the_king() {
    // R-M3 (EN): a man captures kings too. The White man on 22 (c3) takes the Black king on
    // 18 (d4) and lands on 15. The king must be gone from the board afterwards, king bit and
    // all: a stale bit once turned a later king move into a man move in a Tinsley game.
    let p = pos(RuleSet::English, "W:W22:BK18,1");
    let m = parse_move(&p, "22x15").unwrap();
    assert_eq!(m.captured_kings().count(), 1);
    let after = p.after(&m);
    assert!(after.kings().is_empty(), "{after:?}");
    assert_eq!(after, pos(RuleSet::English, "B:W15:B1"));
    assert_eq!(after.hash(), after.compute_hash());
}

#[test]
fn r_n1_tinsley_fragment_king_keeps_its_crown() {
    // A fragment of a real game (Tinsley-Fuller 1946) that exposed the bug above: the White
    // man 9x2 takes a king and is crowned, then moves back as a king.
    let p = pos(RuleSet::English, "B:W9,32:B3,K6,13,14,28");
    let p = p.after(&parse_move(&p, "14-18").unwrap());
    let p = p.after(&parse_move(&p, "9x2").unwrap_or_else(|e| panic!("{e}")));
    let p2 = p.after(&parse_move(&p, "18-22").unwrap());
    let p3 = p2.after(&parse_move(&p2, "2-6").unwrap());
    assert_eq!(fen::write(&p3), "B:WK6,32:B3,13,22,28");
}

#[test]
fn r_n1_every_form_of_a_capture() {
    // R-N1: the White man on 22 (IT) takes 18 and 10: full path, short form, `:` and `X`.
    let p = pos(RuleSet::Italian, "W:W22:B18,10");
    for text in ["22x13x6", "22x6", "22:13:6", "22X6", " 22x13x6 "] {
        assert_eq!(
            parse_move(&p, text).unwrap().to_string(),
            "22x13x6",
            "{text:?}"
        );
    }
}

#[test]
fn r_n1_syntax_is_checked_before_the_position() {
    // R-N1: syntax errors do not depend on the position.
    for text in ["", "22", "22-", "x18", "22/18", "a3-b4", "22-18-", "99-18"] {
        let e = MoveText::parse(text).unwrap_err();
        assert!(
            matches!(e, MoveTextError::NotAMove { .. }),
            "{text:?}: {e:?}"
        );
    }
    let mt = MoveText::parse("10x19x26").unwrap();
    assert!(mt.is_capture());
    assert_eq!(
        mt.squares().iter().map(|s| s.number()).collect::<Vec<_>>(),
        [10, 19, 26]
    );
}

#[test]
fn r_c1_wrong_side_and_forced_capture_are_illegal_not_syntax() {
    let start = Position::start(RuleSet::English);
    // R-B5 (EN): Black moves first, so White's 22-18 names the wrong side's piece.
    match parse_move(&start, "22-18") {
        Err(MoveTextError::Illegal {
            why: Why::NotYourPiece { .. },
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    // R-C1: a capture is due (White 22 can take 18), so 31-27 is illegal.
    let p = pos(RuleSet::Italian, "W:W22,31:B18");
    let e = parse_move(&p, "31-27").unwrap_err();
    assert_eq!(
        e.to_string(),
        "31-27 is illegal here: you must capture (legal: 22x13)"
    );
}

#[test]
fn r_n1_write_then_read_every_legal_move_of_both_start_positions() {
    for rules in [RuleSet::Italian, RuleSet::English] {
        let p = Position::start(rules);
        let legal = legal_moves(&p);
        assert_eq!(legal.len(), 7);
        for m in &legal {
            assert_eq!(parse_move(&p, &write_move(m)).unwrap(), *m);
        }
    }
}
