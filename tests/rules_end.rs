//! The end of the game: R-G1 (no pieces, no moves), R-G2 (repetition since the last
//! irreversible move), R-G3 (80 plies without a capture or a man move), R-G4/R-G5 (resign,
//! draw agreement as outcomes).

mod rules_common;

use dama::rules::{
    Color, DrawReason, DrawState, Game, IllegalMove, NO_PROGRESS_LIMIT, Outcome, Position, RuleSet,
    WinReason, has_capture, legal_moves,
};
use rules_common::{EN, IT, find_move, play_all, pos};

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

#[test]
fn r_g1_no_pieces_loses() {
    // R-G1: White's 22x13 takes Black's last piece; Black, to move, has none and loses.
    let mut g = Game::new(pos(IT, "W:W22:B18"));
    assert_eq!(g.outcome(), None);
    play_all(&mut g, &["22x13"]);
    assert_eq!(g.outcome(), win(Color::White, WinReason::NoPieces));
    assert_eq!(g.outcome().unwrap().pdn_result(IT), "1-0");
    assert!(g.legal_moves().is_empty());
    // English, Black capturing White's last piece.
    let mut g = Game::new(pos(EN, "B:W14:B10"));
    play_all(&mut g, &["10x17"]);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::NoPieces));
    assert_eq!(g.outcome().unwrap().pdn_result(EN), "1-0");
    // A position set up with no pieces for the side to move is already lost.
    let g = Game::new(pos(IT, "W:W:B1"));
    assert_eq!(g.outcome(), win(Color::Black, WinReason::NoPieces));
}

#[test]
fn r_g1_no_legal_move_loses() {
    // R-G1: after 28-24 Black's men on 16 and 20 are blocked (20's jump over 23 lands on the
    // occupied 27; over 24 would leave the board): Black has pieces but no move, and loses.
    let mut g = Game::new(pos(IT, "W:W23,27,28:B16,20"));
    play_all(&mut g, &["28-24"]);
    assert!(legal_moves(g.position()).is_empty());
    assert_eq!(g.outcome(), win(Color::White, WinReason::NoMoves));
    // White blocked: its man on 8 (h7) faces a king on 4 (g8) at the edge (IT) ...
    let g = Game::new(pos(IT, "W:W8:BK4"));
    assert_eq!(g.outcome(), win(Color::Black, WinReason::NoMoves));
    // ... and on 5 (a7) facing a king on 1 (b8) (EN).
    let g = Game::new(pos(EN, "W:W5:BK1"));
    assert_eq!(g.outcome(), win(Color::Black, WinReason::NoMoves));
}

#[test]
fn r_g1_no_play_after_the_end() {
    // A finished game refuses further moves and keeps the move it refused.
    let mut g = Game::new(pos(IT, "W:W22,31:B18"));
    play_all(&mut g, &["22x13"]);
    let any = find_move(&pos(IT, "W:W13,31:B1"), "31-27");
    assert_eq!(g.play(&any), Err(IllegalMove::GameOver(any)));
    assert_eq!(g.ply(), 1);
}

/// Two kings shuffling: White 29-25-29, Black 4-8-4 (IT).
const SHUFFLE: [&str; 4] = ["29-25", "4-8", "25-29", "8-4"];

#[test]
fn r_g2_third_occurrence_draws() {
    // R-G2: the start position recurs after 4 and 8 plies; the 8th ply draws.
    let mut g = Game::new(pos(IT, "W:WK29:BK4"));
    assert_eq!(g.repetitions(), 1);
    play_all(&mut g, &SHUFFLE);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    play_all(&mut g, &SHUFFLE[..3]);
    assert_eq!(g.outcome(), None);
    // The position after 25-29... has occurred after plies 3 and 7 only: twice.
    assert_eq!(g.repetitions(), 2);
    play_all(&mut g, &SHUFFLE[3..]);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), draw(DrawReason::Repetition));
    assert_eq!(g.outcome().unwrap().pdn_result(IT), "1/2-1/2");
    assert!(g.legal_moves().is_empty());
    // Taking the last move back undoes the draw.
    g.undo();
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
}

#[test]
fn r_g2_counted_since_the_last_irreversible_move() {
    // R-G2: White first shuffles (the start occurs twice), then plays the man move 22-18.
    // The count starts again from the position after it, which itself counts as the first
    // occurrence: it recurs after 4 and 8 more plies, and the 8th draws.
    let mut g = Game::new(pos(IT, "W:WK29,22:BK4"));
    play_all(&mut g, &SHUFFLE);
    assert_eq!(g.repetitions(), 2);
    play_all(&mut g, &["22-18"]);
    assert_eq!(g.draw_state().no_progress, 0);
    assert_eq!(g.repetitions(), 1);
    let black_first = ["4-8", "29-25", "8-4", "25-29"];
    play_all(&mut g, &black_first);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    play_all(&mut g, &black_first);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), draw(DrawReason::Repetition));
    // DrawState looks back only as far as the no-progress count allows: the last 5 positions
    // after 4 reversible plies, the start only as far as the last irreversible move.
    let hashes = [1, 2, 1, 2, 1];
    assert_eq!(DrawState { no_progress: 4 }.repetitions(&hashes), 3);
    assert_eq!(DrawState { no_progress: 2 }.repetitions(&hashes), 2);
    assert_eq!(DrawState { no_progress: 0 }.repetitions(&hashes), 1);
}

#[test]
fn r_g2_side_to_move_is_part_of_the_position() {
    // R-G2: same pieces, other side to move: a different position.
    let a = pos(IT, "W:WK29:BK4");
    let b = pos(IT, "B:WK29:BK4");
    assert_ne!(a, b);
    assert_ne!(a.hash(), b.hash());
}

/// Plays `plies` quiet king moves, never allowing a capture and preferring positions not seen
/// yet, so that no repetition draw comes first. Returns nothing; asserts each step.
fn walk_kings(g: &mut Game, plies: u32) {
    for _ in 0..plies {
        let p: Position = *g.position();
        let seen = |h: u64| g.hashes().iter().filter(|&&x| x == h).count();
        let m = legal_moves(&p)
            .into_iter()
            .filter(|m| m.is_king_move() && !m.is_capture() && !has_capture(&p.after(m)))
            .min_by_key(|m| (seen(p.after(m).hash()), m.to_string()))
            .unwrap_or_else(|| panic!("no quiet king move\n{p:?}"));
        let before = g.draw_state().no_progress;
        g.play(&m).unwrap();
        assert_eq!(g.draw_state().no_progress, before + 1, "{m}");
        assert!(g.repetitions() < 3);
    }
}

#[test]
fn r_g3_eighty_plies_without_progress_draw() {
    // R-G3: after 79 plies of king moves the game goes on; the 80th draws.
    for (rules, text) in [(IT, "W:WK29,K32:BK1,K4"), (EN, "B:WK29,K32:BK1,K4")] {
        let mut g = Game::new(pos(rules, text));
        walk_kings(&mut g, NO_PROGRESS_LIMIT - 1);
        assert_eq!(g.draw_state().no_progress, 79);
        assert_eq!(g.outcome(), None, "{rules}");
        walk_kings(&mut g, 1);
        assert_eq!(g.draw_state().no_progress, 80);
        assert_eq!(g.outcome(), draw(DrawReason::NoProgress), "{rules}");
        g.undo();
        assert_eq!(g.outcome(), None);
    }
}

#[test]
fn r_g3_counter_resets_on_capture_and_man_move() {
    // R-G3 on a game: 4 king plies, a man move (reset), 6 king plies, then a king's capture
    // (reset); the count goes 1-4, 0, 1-6, 0.
    let mut g = Game::new(pos(IT, "W:WK29,22:BK4,K11"));
    let plies = [
        ("29-25", 1),
        ("4-8", 2),
        ("25-29", 3),
        ("8-4", 4),
        ("22-18", 0),
        ("11-15", 1),
        ("29-25", 2),
        ("15-19", 3),
        ("25-29", 4),
        ("19-14", 5),
        ("29-25", 6),
        ("14x21", 0),
        ("25x18", 0),
    ];
    for (m, count) in plies {
        play_all(&mut g, &[m]);
        assert_eq!(g.draw_state().no_progress, count, "after {m}");
    }
    // R-G3 on the counter itself, from 79: a king's quiet move makes 80 (a draw); a man's
    // move, a promotion, a man's capture and a king's capture all reset it.
    let near = DrawState { no_progress: 79 };
    let mv = |rules: RuleSet, text: &str, m: &str| find_move(&pos(rules, text), m);
    let king_step = mv(IT, "W:WK18:B1", "18-14");
    assert!(near.after(&king_step).is_no_progress_draw());
    assert!(!near.is_no_progress_draw());
    for m in [
        mv(IT, "W:W22:B1", "22-18"),
        mv(IT, "W:W5:B28", "5-1"),
        mv(IT, "W:W22:B18", "22x13"),
        mv(IT, "W:WK18:B14", "18x11"),
        mv(EN, "W:WK18:BK15", "18x11"),
    ] {
        assert_eq!(near.after(&m).no_progress, 0, "{m}");
        assert!(m.is_irreversible());
    }
    assert!(!king_step.is_irreversible());
}

#[test]
fn r_g4_resignation() {
    // R-G4: either side may resign; the record carries it.
    let mut g = Game::new(Position::start(IT));
    g.resign(Color::White);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Resignation));
    assert_eq!(g.outcome().unwrap().pdn_result(IT), "0-1");
    assert!(g.legal_moves().is_empty());
    let m = find_move(&Position::start(IT), "22-18");
    assert_eq!(g.play(&m), Err(IllegalMove::GameOver(m)));
    // A second declaration does not overwrite the first.
    g.agree_draw();
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Resignation));
    let mut g = Game::new(Position::start(EN));
    g.resign(Color::Black);
    assert_eq!(g.outcome(), win(Color::White, WinReason::Resignation));
    assert_eq!(g.outcome().unwrap().pdn_result(EN), "0-1");
}

#[test]
fn r_g5_draw_by_agreement() {
    // R-G5: an accepted offer ends the game drawn.
    let mut g = Game::new(Position::start(IT));
    play_all(&mut g, &["22-18"]);
    g.agree_draw();
    assert_eq!(g.outcome(), draw(DrawReason::Agreement));
    assert_eq!(g.outcome().unwrap().pdn_result(IT), "1/2-1/2");
    assert!(g.legal_moves().is_empty());
    // Taking back the last move also takes back the agreement.
    assert!(g.undo().is_some());
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position(), &Position::start(IT));
}
