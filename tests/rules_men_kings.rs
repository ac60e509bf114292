//! Men and kings: R-M1..R-M3 and R-K1..R-K3, with positions built from the rule text.
//! Diagrams are as White sees the board; Italian squares: 18 = c4, 22 = d3 (R-B4).

mod rules_common;

use dama::rules::{Color, Kind, legal_moves};
use rules_common::{EN, IT, assert_moves, find_move, pos, sq};

#[test]
fn r_m1_men_step_forward_only_italian() {
    // R-M1: one square diagonally forward onto an empty square; never backward (26, 27).
    assert_moves(IT, "W:W22:B1", &["22-18", "22-19"]);
    assert_moves(IT, "W:W24:B1", &["24-20"]);
    // Black's forward is down the board: 10 (c6) to 13 (b5) and 14 (d5), not to 5 or 6.
    assert_moves(IT, "B:W32:B10", &["10-13", "10-14"]);
    // Onto empty squares only: own and enemy pieces block.
    assert_moves(IT, "W:W18,22:B1", &["18-13", "18-14", "22-19"]);
    assert_moves(IT, "W:W22:B13,18", &["22-19"]);
}

#[test]
fn r_m1_men_step_forward_only_english() {
    // R-M1 (EN geometry): 22 is c3, forward to b4 (17) and d4 (18).
    assert_moves(EN, "W:W22:B1", &["22-17", "22-18"]);
    assert_moves(EN, "B:W32:B10", &["10-14", "10-15"]);
    assert_moves(EN, "B:W32:B13", &["13-17"]);
}

#[test]
fn r_m2_men_capture_forward_only() {
    // R-M2: 22 jumps 18 (forward) to 13; the man on 26 behind it, with 29 empty beyond, can't
    // be taken backwards.
    assert_moves(IT, "W:W22:B18,26", &["22x13"]);
    // Black's forward is down: 10 takes 14 landing on 19, not 6 (backward, 3 empty).
    assert_moves(IT, "B:W6,14:B10", &["10x19"]);
    // English geometry: 22 (c3) takes 17 (b4) to 13 (a5), not 26 (d2) towards 31.
    assert_moves(EN, "W:W22:B17,26", &["22x13"]);
    assert_moves(EN, "B:W6,15:B10", &["10x19"]);
    // The landing square must be empty.
    assert_moves(IT, "W:W22:B13,18", &["22-19"]);
}

#[test]
fn r_m3_italian_man_never_takes_a_king() {
    // R-M3 (IT): the black king on 18 stands in front of the man on 22 with 13 empty behind
    // it: no capture, and the man may step to 19.
    assert_moves(IT, "W:W22:BK18", &["22-19"]);
    // Whatever the position: taking the king would start a two-piece chain (K18, 10), yet the
    // only legal move is the one-piece capture by 24 of the man on 20.
    assert_moves(IT, "W:W22,24:BK18,10,20", &["24x15"]);
    // Not in the middle of a chain either: after 22x13 the king on 10 stays.
    assert_moves(IT, "W:W22:B18,K10", &["22x13"]);
    // Black men the same: the white king on 14 can't be taken by 10.
    assert_moves(IT, "B:WK14,31:B10", &["10-13"]);
    // Only a king takes a king.
    assert_moves(IT, "W:WK22:BK18", &["22x13"]);
}

#[test]
fn r_m3_english_man_takes_a_king() {
    // R-M3 (EN): a man captures men and kings alike: 22 (c3) takes the king on 17 (b4).
    assert_moves(EN, "W:W22:BK17", &["22x13"]);
    // ... and in the middle of a chain: 17, then the king on 9, landing on 6.
    assert_moves(EN, "W:W22:B17,K9", &["22x13x6"]);
    assert_moves(EN, "B:WK14:B10", &["10x17"]);
}

#[test]
fn r_k1_man_on_far_row_becomes_king() {
    // R-K1: White promotes on 1-4, Black on 29-32, by a quiet move or a capture.
    for (rules, text, mv, to) in [
        (IT, "W:W5:B28", "5-1", 1),
        (IT, "W:W5:B28", "5-2", 2),
        (IT, "B:W5:B28", "28-31", 31),
        (IT, "B:W5:B28", "28-32", 32),
        (IT, "W:W10:B6", "10x3", 3),
        (EN, "W:W5:B28", "5-1", 1),
        (EN, "B:W5:B28", "28-32", 32),
        (EN, "W:W10:B7", "10x3", 3),
    ] {
        let p = pos(rules, text);
        let m = find_move(&p, mv);
        assert!(m.promotes(), "{rules} {text} {mv}");
        assert!(!m.is_king_move());
        let after = p.after(&m);
        let piece = after.piece_at(sq(to)).expect("the mover is there");
        assert_eq!(piece.kind, Kind::King, "{rules} {text} {mv}");
        assert_eq!(piece.color, p.side_to_move());
        assert!(after.kings().contains(sq(to)));
    }
    // A move that does not reach the far row does not promote; a king reaching it is no
    // promotion either.
    let p = pos(IT, "W:W9,K6:B28");
    for m in legal_moves(&p) {
        assert!(!m.promotes(), "{m}");
    }
    assert!(legal_moves(&p).iter().any(|m| m.to_string() == "6-2"));
}

#[test]
fn r_k1_new_king_moves_backward_next_turn() {
    // R-K1 then R-K2: after 5-1 and a black reply, the king on 1 steps back to 5.
    let mut g = dama::rules::Game::new(pos(IT, "W:W5:B28"));
    rules_common::play_all(&mut g, &["5-1", "28-31"]);
    assert_moves(IT, &dama::notation::fen::write(g.position()), &["1-5"]);
}

#[test]
fn r_k2_king_steps_one_square_four_ways() {
    // R-K2: one square in any direction; no flying (18-9, 18-27 are not moves).
    assert_moves(IT, "W:WK18:B1", &["18-13", "18-14", "18-21", "18-22"]);
    assert_moves(IT, "W:WK32:B1", &["32-28"]);
    assert_moves(IT, "W:WK29:B1", &["29-25", "29-26"]);
    assert_moves(IT, "B:W32:BK18", &["18-13", "18-14", "18-21", "18-22"]);
    assert_moves(EN, "W:WK18:B1", &["18-14", "18-15", "18-22", "18-23"]);
    assert_moves(EN, "W:WK29:B1", &["29-25"]);
    // Blocked by its own pieces.
    assert_moves(
        IT,
        "W:WK18,13,14:B1",
        &["13-9", "13-10", "14-10", "14-11", "18-21", "18-22"],
    );
}

#[test]
fn r_k3_king_captures_in_all_four_directions() {
    // R-K3: the king on 18 (c4) may jump b5, d5, b3 and d3.
    assert_moves(
        IT,
        "W:WK18:B13,14,21,22",
        &["18x9", "18x11", "18x25", "18x27"],
    );
    assert_moves(
        IT,
        "B:W13,14,21,22:BK18",
        &["18x9", "18x11", "18x25", "18x27"],
    );
    // English (free choice, R-C6): men and kings alike, in all four directions.
    assert_moves(
        EN,
        "W:WK18:B14,K15,22,K23",
        &["18x9", "18x11", "18x25", "18x27"],
    );
    // It does not fly: 19 lies empty between the king on 22 and the man on 15.
    assert_moves(IT, "W:WK22:B1,15", &["22-18", "22-19", "22-26", "22-27"]);
}

#[test]
fn r_k3_italian_king_captures_kings() {
    // R-K3 with R-C5 step 3: the king takes a king (14, 22) in preference to a man.
    assert_moves(IT, "W:WK18:B13,K14,21,K22", &["18x11", "18x27"]);
    let p = pos(IT, "W:WK18:B13,K14,21,K22");
    let m = find_move(&p, "18x11");
    assert_eq!(m.captured_kings(), m.captured());
    let after = p.after(&m);
    assert!(after.piece_at(sq(14)).is_none());
    assert_eq!(after.kings_of(Color::Black).count(), 1);
}

#[test]
fn r_m3_english_man_taking_a_king_makes_and_unmakes() {
    // R-M3 (EN): the captured king is recorded as a king, so the move removes a king and
    // taking it back puts a king (not a man) back, with the hash restored.
    for (text, mv, king_sq) in [("W:W22:BK17", "22x13", 17), ("W:W22:B17,K9", "22x13x6", 9)] {
        let p = pos(EN, text);
        let m = find_move(&p, mv);
        assert_eq!(
            rules_common::numbers(m.captured_kings()),
            vec![king_sq],
            "{text} {mv}"
        );
        let mut q = p;
        q.make(&m);
        assert!(q.kings_of(Color::Black).is_empty(), "{text} {mv}");
        assert!(q.kings().is_empty(), "no king left on an empty square");
        assert_eq!(q.hash(), q.compute_hash());
        q.unmake(&m);
        assert_eq!(q, p);
        assert_eq!(
            q.piece_at(sq(u32::from(king_sq))).map(|pc| pc.kind),
            Some(Kind::King)
        );
    }
}
