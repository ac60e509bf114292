//! Captures: compulsory capture, chains, promotion in a chain, the Italian ladder, English free
//! choice and merged chains (R-C1..R-C7, R-G7). Every position is also checked turned half a
//! turn with the colours swapped, so each rule is seen from both sides.
//!
//! Italian squares used most (R-B4): 10 = c6, 13 = b5, 14 = d5, 18 = c4, 21 = b3, 22 = d3,
//! 26 = c2, 29 = b1; 4 = g8, 7 = f7, 11 = e6, 15 = f5, 20 = g4, 23 = f3, 27 = e2.

mod rules_common;

use dama::rules::{Color, Game, IllegalMove, Position, legal_moves};
use rules_common::{EN, IT, assert_moves_both_sides, find_move, numbers, pos, sq};

#[test]
fn r_c1_capture_is_compulsory() {
    // R-C1: 22 must take 18 although 31 (and 22 itself) could step.
    assert_moves_both_sides(IT, "W:W22,31:B18", &["22x13"]);
    assert_moves_both_sides(EN, "W:W22,31:B17", &["22x13"]);
    // A king's capture forbids the men's quiet moves too.
    assert_moves_both_sides(IT, "W:WK18,24,25:B14", &["18x11"]);
}

#[test]
fn r_c1_quiet_move_refused_when_a_capture_exists() {
    // R-C1 through Game::play: the quiet move is refused with the move kept, the game unchanged.
    let p = pos(IT, "W:W22,31:B18");
    let quiet = find_move(&pos(IT, "W:W22,31:B1"), "31-27");
    let mut g = Game::new(p);
    assert_eq!(g.play(&quiet), Err(IllegalMove::NotLegal(quiet)));
    assert_eq!(g.position(), &p);
    assert_eq!(g.ply(), 0);
}

#[test]
fn r_c2_chain_continues_and_turns() {
    // R-C2: after 22x13 the man must go on over 10 to 6, turning from up-left to up-right;
    // `22x13` alone is not a move.
    assert_moves_both_sides(IT, "W:W22:B18,10", &["22x13x6"]);
    // RULES.md's own example (EN): black 10 takes 15 then 23, down-right then down-left.
    assert_moves_both_sides(EN, "B:W15,23:B10", &["10x19x26"]);
    // A king's chain turns too: 18 over 22 to 27, then over 23 to 20.
    assert_moves_both_sides(IT, "W:WK18:B22,23", &["18x27x20"]);
}

#[test]
fn r_c3_king_never_crosses_a_captured_piece_twice() {
    // R-C3: after 18x11 the man on 14 is still there and 18 is empty, but jumping 14 again
    // (11x18, then over 22 to 27) is forbidden: the two one-piece captures are the moves.
    assert_moves_both_sides(IT, "W:WK18:B14,22", &["18x11", "18x27"]);
    assert_moves_both_sides(EN, "W:WK18:B15,23", &["18x11", "18x27"]);
    let m = find_move(&pos(IT, "W:WK18:B14,22"), "18x11");
    assert_eq!(numbers(m.captured()), vec![14]);
}

#[test]
fn r_c3_chain_returns_through_its_start_square() {
    // R-C3: the start square counts as empty. The king on 10 jumps the diamond 14, 22, 21, 13
    // back onto 10 and goes on over 6 to 3: five pieces. Both ways round take the same pieces
    // from the same square to the same square, so they are one move (R-C7).
    let p = pos(IT, "W:WK10:B6,13,14,21,22");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 1, "{moves:?}");
    let m = moves[0];
    assert!(["10x19x26x17x10x3", "10x17x26x19x10x3"].contains(&m.to_string().as_str()));
    assert_eq!(numbers(m.captured()), vec![6, 13, 14, 21, 22]);
    let mut landings: Vec<u8> = m.path().map(|s| s.number()).collect();
    landings.sort();
    assert_eq!(landings, vec![3, 10, 17, 19, 26]);
    let after = p.after(&m);
    assert_eq!(numbers(after.pieces_of(Color::Black)), Vec::<u8>::new());
    assert_eq!(numbers(after.kings_of(Color::White)), vec![3]);
    // Ending on the start square: the loop alone (without the man on 6).
    let p = pos(IT, "W:WK10:B13,14,21,22");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!(moves[0].from(), sq(10));
    assert_eq!(moves[0].to(), sq(10));
    assert_eq!(moves[0].capture_count(), 4);
    let after = p.after(&moves[0]);
    assert_eq!(numbers(after.pieces_of(Color::White)), vec![10]);
    assert!(after.pieces_of(Color::Black).is_empty());
    assert_eq!(after.hash(), after.compute_hash());
}

#[test]
fn r_c4_promotion_stops_the_chain_italian() {
    // R-C4: the man lands on 2 (c8) and is crowned; as a king it could go on over 5 to 9,
    // but the move ends there.
    assert_moves_both_sides(IT, "W:W11:B5,6", &["11x2"]);
    // In the middle of a chain: 18 over 14 to 11, over 6 to 2, stop (5 stays).
    assert_moves_both_sides(IT, "W:W18:B5,6,14", &["18x11x2"]);
    let p = pos(IT, "W:W18:B5,6,14");
    let m = find_move(&p, "18x11x2");
    assert!(m.promotes());
    let after = p.after(&m);
    assert_eq!(numbers(after.kings_of(Color::White)), vec![2]);
    assert_eq!(numbers(after.pieces_of(Color::Black)), vec![5]);
}

#[test]
fn r_c4_promotion_stops_the_chain_english() {
    // R-C4 (EN geometry): 18 (d4) over 15 to 11, over 7 to 2 (d8), crowned; 6 stays.
    assert_moves_both_sides(EN, "W:W18:B6,7,15", &["18x11x2"]);
    let p = pos(EN, "W:W18:B6,7,15");
    let after = p.after(&find_move(&p, "18x11x2"));
    assert_eq!(numbers(after.kings_of(Color::White)), vec![2]);
    assert_eq!(numbers(after.pieces_of(Color::Black)), vec![6]);
    // Crowned by taking a king (R-M3, EN): the chain stops even though 6 is then in reach.
    assert_moves_both_sides(EN, "W:W18:B6,K7,15", &["18x11x2"]);
}

#[test]
fn r_c5_step1_most_pieces() {
    // R-C5.1: the man on 22 takes two (18, 10); 24 could take one (20). Only the longer.
    assert_moves_both_sides(IT, "W:W22,24:B18,10,20", &["22x13x6"]);
    // The same piece, two branches: the king on 18 takes 22 then 23 rather than 14 alone.
    assert_moves_both_sides(IT, "W:WK18:B14,22,23", &["18x27x20"]);
}

#[test]
fn r_c5_step2_king_beats_man() {
    // R-C5.2: one piece each; the king on 28 (over 23) beats the man on 22 (over 18).
    assert_moves_both_sides(IT, "W:W22,K28:B18,23", &["28x19"]);
}

#[test]
fn r_c5_step3_most_kings() {
    // R-C5.3: one piece each, both by the king on 18: the kings on 14 and 22 before the men
    // on 13 and 21.
    assert_moves_both_sides(IT, "W:WK18:B13,K14,21,K22", &["18x11", "18x27"]);
    // Two pieces each, by two kings: 29 takes K26 and K18; 4 takes K7 and a man.
    assert_moves_both_sides(IT, "W:WK29,K4:BK26,K18,7,K15", &["29x22x13"]);
}

#[test]
fn r_c5_step4_first_king_earliest() {
    // R-C5.4: two pieces and one king each: 29 takes the king on 26 at its first jump, 4 takes
    // the king on 15 at its second. Only the first.
    assert_moves_both_sides(IT, "W:WK29,K4:BK26,18,7,K15", &["29x22x13"]);
    // The same with the roles of the two kings swapped.
    assert_moves_both_sides(IT, "W:WK29,K4:B26,K18,K7,15", &["4x11x20"]);
}

#[test]
fn r_c5_step4_king_by_king() {
    // R-C5.4 compared king by king: both chains take three pieces, two of them kings, and
    // both take their first king at the first jump. 29 takes its second king at jump 2
    // (K26, K18, 10); 4 at jump 3 (K7, 15, K23). The second king decides: only 29's chain.
    // (A first-king-only reading would allow both.)
    assert_moves_both_sides(IT, "W:WK29,K4:BK26,K18,10,K7,15,K23", &["29x22x13x6"]);
    // Swapped: 4's chain takes K7, K15, 23; 29's takes K26, 18, K10.
    assert_moves_both_sides(IT, "W:WK29,K4:BK26,18,K10,K7,K15,23", &["4x11x20x27"]);
}

#[test]
fn r_c5_tie_after_step4_player_chooses() {
    // R-C5: chains still tied after step 4 are all legal.
    assert_moves_both_sides(
        IT,
        "W:WK18:B13,14,21,22",
        &["18x9", "18x11", "18x25", "18x27"],
    );
    // Tied with a king at the same jump.
    assert_moves_both_sides(IT, "W:WK18:BK13,K14,21,22", &["18x9", "18x11"]);
    // Men tied with men: two one-piece captures by two men.
    assert_moves_both_sides(IT, "W:W22,24:B18,20", &["22x13", "24x15"]);
}

#[test]
fn r_c5_steps_in_combination() {
    // Step 1 over step 2: the man's two pieces beat the king's one.
    assert_moves_both_sides(IT, "W:W22,K28:B18,10,23", &["22x13x6"]);
    // Step 1 over step 3: two men (18x27x20) beat one king (18x9 over K13).
    assert_moves_both_sides(IT, "W:WK18:BK13,22,23", &["18x27x20"]);
    // Step 1 over step 4: three men beat a chain of two that starts with a king.
    assert_moves_both_sides(IT, "W:WK29,K4:BK26,18,7,15,23", &["4x11x20x27"]);
    // Step 3 over step 4: 4 takes a man then two kings (7, K15, K23); 29 takes a king first
    // but only one (K26, 18, 10). Most kings wins before earliest king.
    assert_moves_both_sides(IT, "W:WK29,K4:BK26,18,10,7,K15,K23", &["4x11x20x27"]);
    // Step 2 over step 4 is the rule for men: an Italian man never takes a king (R-M3), so
    // a man's chain has no king to compare; step 2 already prefers the king's chain.
    assert_moves_both_sides(IT, "W:W22,K28:BK18,23,10", &["28x19"]);
}

#[test]
fn r_c5_r_m3_man_facing_a_king() {
    // R-M3 inside the ladder (IT): the man on 22 may not take the king on 18, so its only
    // chain (none) does not compete; 24's one-piece capture is the move.
    assert_moves_both_sides(IT, "W:W22,24:BK18,10,20", &["24x15"]);
    // (EN) the man may take it, and free choice lets it take either.
    assert_moves_both_sides(EN, "W:W22,K28:BK17,24", &["22x13", "28x19"]);
}

#[test]
fn r_c6_english_free_choice() {
    // R-C6 (EN): 10 may take one (14, landing on 17) or two (15 and 23): both legal. Partial
    // chains are not (10x19 must go on, R-C2).
    assert_moves_both_sides(EN, "B:W14,15,23:B10", &["10x17", "10x19x26"]);
    // No preference for a king's chain or for kings taken.
    assert_moves_both_sides(EN, "W:W22,K28:B17,24", &["22x13", "28x19"]);
    // The loop (five pieces, one move by R-C7) or one piece: free choice.
    let p = pos(EN, "W:WK10:B7,14,15,22,23");
    let moves: Vec<String> = legal_moves(&p).iter().map(|m| m.to_string()).collect();
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert!(moves.contains(&"10x3".to_string()));
    assert!(
        moves.contains(&"10x17x26x19x10x3".to_string())
            || moves.contains(&"10x19x26x17x10x3".to_string())
    );
}

#[test]
fn r_c7_equal_chains_are_one_move() {
    // R-C7: the two ways round the diamond are one move, in both rule sets.
    for (rules, text) in [(IT, "W:WK10:B13,14,21,22"), (EN, "W:WK10:B14,15,22,23")] {
        for p in [pos(rules, text), rules_common::rotate(&pos(rules, text))] {
            let moves = legal_moves(&p);
            assert_eq!(moves.len(), 1, "{rules} {moves:?}");
            assert_eq!(moves[0].from(), moves[0].to());
            assert_eq!(moves[0].capture_count(), 4);
        }
    }
}

#[test]
fn r_c7_ladder_applied_before_merging() {
    // R-C7 with R-C5.4: the same loop, with a king on 14. Clockwise (over 14 first) takes it
    // at jump 1, anticlockwise at jump 4, so only the clockwise path is legal and the one
    // move left is written with it. With the king on 13 it is the other way round.
    assert_moves_both_sides(IT, "W:WK10:B6,13,K14,21,22", &["10x19x26x17x10x3"]);
    assert_moves_both_sides(IT, "W:WK10:B6,K13,14,21,22", &["10x17x26x19x10x3"]);
}

#[test]
fn r_g7_no_huffing() {
    // R-G7: a piece that could have captured is never taken away for it. White has two
    // equal captures (R-C5 tie); after 22x13, the man on 24 that did not capture stays, and
    // no black reply removes it without jumping it.
    let mut g = Game::new(pos(IT, "W:W22,24,31:B18,20,1"));
    let m = find_move(g.position(), "22x13");
    g.play(&m).unwrap();
    let after: &Position = g.position();
    assert_eq!(numbers(after.pieces_of(Color::White)), vec![13, 24, 31]);
    for reply in legal_moves(after) {
        let next = after.after(&reply);
        for n in [13, 24, 31] {
            let gone = next.piece_at(sq(n)).is_none();
            assert_eq!(
                gone,
                reply.captured().contains(sq(n)),
                "{reply} and square {n}"
            );
        }
    }
    // Black has no capture here: its replies are quiet and White keeps all three pieces.
    assert!(legal_moves(after).iter().all(|r| !r.is_capture()));
}
