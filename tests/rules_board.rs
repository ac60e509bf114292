//! Board, numbering and position notation: R-B1..R-B5 and R-N2.

mod rules_common;

use dama::notation::fen;
use dama::rules::{Color, Dir, Game, Kind, Position, PositionError, RuleSet, Square};
use rules_common::{EN, IT, assert_moves, move_set, play_all, pos, sq};
use std::collections::BTreeSet;

/// (file, rank) of a square, both 0-based, rank 0 being White's first row.
fn file_rank(rules: RuleSet, s: Square) -> (u8, u8) {
    (s.file(rules), 7 - s.row())
}

#[test]
fn r_b1_only_32_dark_squares_of_one_colour() {
    // R-B1: 32 playable squares, all of one colour of the 8x8 board. With 0-based file and
    // rank, a1 has an even sum; it is light in Italian (R-B2), so the dark squares have an odd
    // sum there and an even one in English, where a1 is dark.
    for (rules, parity) in [(IT, 1), (EN, 0)] {
        let mut seen = BTreeSet::new();
        for s in Square::all() {
            let (f, r) = file_rank(rules, s);
            assert!(f < 8 && r < 8);
            assert_eq!(
                (f + r) % 2,
                parity,
                "{rules}: square {s} at {}",
                s.coordinate(rules)
            );
            assert!(
                seen.insert((f, r)),
                "{rules}: two squares at {}",
                s.coordinate(rules)
            );
            assert_eq!(Square::at(rules, s.row(), s.file(rules)), Some(s));
        }
        assert_eq!(seen.len(), 32);
        // The other 32 squares of the board are not squares of the game.
        for row in 0..8 {
            for file in 0..8 {
                let dark = (file + (7 - row)) % 2 == parity;
                assert_eq!(
                    Square::at(rules, row, file).is_some(),
                    dark,
                    "{rules} {row},{file}"
                );
            }
        }
    }
}

#[test]
fn r_b1_neighbours_are_diagonal_and_dark() {
    // R-B1: pieces never reach a light square: every step is one diagonal step.
    for rules in [IT, EN] {
        let mut links = 0;
        for s in Square::all() {
            for (d, (dr, df)) in Dir::ALL
                .into_iter()
                .zip([(-1, -1), (-1, 1), (1, -1), (1, 1)])
            {
                let (r, f) = (i32::from(s.row()) + dr, i32::from(s.file(rules)) + df);
                let on_board = (0..8).contains(&r) && (0..8).contains(&f);
                match s.neighbour(rules, d) {
                    Some(n) => {
                        links += 1;
                        assert!(on_board);
                        assert_eq!((i32::from(n.row()), i32::from(n.file(rules))), (r, f));
                    }
                    None => assert!(!on_board, "{rules} {s} {d:?}"),
                }
            }
        }
        // 7 diagonals' worth of links each way: 49 adjacent pairs on the dark squares.
        assert_eq!(links, 2 * 49, "{rules}");
    }
}

#[test]
fn r_b2_italian_corners() {
    // R-B2 (IT): the corner at each player's right hand is dark: h1 for White (square 32),
    // a8 for Black (square 1); the left-hand corners a1 and h8 are light.
    assert_eq!(sq(32).coordinate(IT), "h1");
    assert_eq!(sq(1).coordinate(IT), "a8");
    assert_eq!(Square::at(IT, 7, 0), None, "a1 is light");
    assert_eq!(Square::at(IT, 0, 7), None, "h8 is light");
    // The double corner (two dark squares in the corner) is at each player's left:
    // b1 (29) and a2 (25) for White, g8 (4) and h7 (8) for Black.
    assert_eq!(sq(29).neighbour(IT, Dir::UpLeft), Some(sq(25)));
    assert_eq!(sq(4).neighbour(IT, Dir::DownRight), Some(sq(8)));
}

#[test]
fn r_b2_english_corners() {
    // R-B2 (EN): each player has a dark square in the corner at the left hand: a1 (29) for
    // White, h8 (4) for Black.
    assert_eq!(sq(29).coordinate(EN), "a1");
    assert_eq!(sq(4).coordinate(EN), "h8");
    assert_eq!(Square::at(EN, 7, 7), None, "h1 is light");
    assert_eq!(Square::at(EN, 0, 0), None, "a8 is light");
}

#[test]
fn r_b3_start_position() {
    // R-B3: 12 men a side on the three rows nearest to it; the two middle rows empty.
    for rules in [IT, EN] {
        let p = Position::start(rules);
        assert!(p.kings().is_empty());
        for s in Square::all() {
            let want = match s.row() {
                0..=2 => Some(Color::Black),
                3 | 4 => None,
                _ => Some(Color::White),
            };
            assert_eq!(p.piece_at(s).map(|pc| pc.color), want, "{rules} square {s}");
            if let Some(pc) = p.piece_at(s) {
                assert_eq!(pc.kind, Kind::Man);
            }
        }
        assert_eq!(p.pieces_of(Color::White).count(), 12);
        assert_eq!(p.pieces_of(Color::Black).count(), 12);
    }
}

#[test]
fn r_b4_italian_fid_numbering() {
    // R-B4 (IT): 1 = a8, 4 = g8, 5 = b7, 21 = b3, 25 = a2, 29 = b1, 32 = h1, row by row.
    let cases = [
        (1, "a8"),
        (4, "g8"),
        (5, "b7"),
        (21, "b3"),
        (25, "a2"),
        (29, "b1"),
        (32, "h1"),
    ];
    for (n, c) in cases {
        assert_eq!(sq(n).coordinate(IT), c, "square {n}");
    }
    let all: Vec<String> = Square::all().map(|s| s.coordinate(IT)).collect();
    assert_eq!(
        all.join(" "),
        "a8 c8 e8 g8 b7 d7 f7 h7 a6 c6 e6 g6 b5 d5 f5 h5 \
         a4 c4 e4 g4 b3 d3 f3 h3 a2 c2 e2 g2 b1 d1 f1 h1"
    );
}

#[test]
fn r_b4_english_numbering() {
    // R-B4 (EN): 1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1.
    for (n, c) in [(1, "b8"), (4, "h8"), (5, "a7"), (29, "a1"), (32, "g1")] {
        assert_eq!(sq(n).coordinate(EN), c, "square {n}");
    }
    let all: Vec<String> = Square::all().map(|s| s.coordinate(EN)).collect();
    assert_eq!(
        all.join(" "),
        "b8 d8 f8 h8 a7 c7 e7 g7 b6 d6 f6 h6 a5 c5 e5 g5 \
         b4 d4 f4 h4 a3 c3 e3 g3 b2 d2 f2 h2 a1 c1 e1 g1"
    );
}

#[test]
fn r_b4_first_moves() {
    // R-B4: White's seven first moves (IT) and Black's seven first moves (EN).
    assert_moves(
        IT,
        "W:W21-32:B1-12",
        &[
            "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20",
        ],
    );
    assert_moves(
        EN,
        "B:W21-32:B1-12",
        &["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"],
    );
}

#[test]
fn r_b4_same_numbers_different_neighbours() {
    // R-B4: the sets share square numbers, not adjacency. A white man on 22 moves to 18 and
    // 19 in Italian (d3 to c4, e4) but to 17 and 18 in English (c3 to b4, d4).
    assert_moves(IT, "W:W22:B1", &["22-18", "22-19"]);
    assert_moves(EN, "W:W22:B1", &["22-17", "22-18"]);
    // The left-edge squares differ: Italian 9 (a6) and English 13 (a5).
    assert_moves(IT, "B:W32:B9", &["9-13"]);
    assert_moves(EN, "B:W32:B13", &["13-17"]);
    assert_moves(EN, "B:W32:B9", &["9-13", "9-14"]);
}

#[test]
fn r_b5_who_moves_first_then_alternate() {
    // R-B5: White first in Italian, Black first in English; then turns alternate.
    for (rules, first, replies) in [
        (IT, Color::White, ["22-19", "10-14", "19x10"]),
        (EN, Color::Black, ["11-15", "22-18", "15x22"]),
    ] {
        assert_eq!(rules.first_to_move(), first);
        let start = Position::start(rules);
        assert_eq!(start.side_to_move(), first);
        assert_eq!(pos(rules, rules.start_fen()), start);
        let mut game = Game::new(start);
        let mut side = first;
        for m in replies {
            play_all(&mut game, &[m]);
            side = side.opposite();
            assert_eq!(game.position().side_to_move(), side, "{rules} after {m}");
        }
        // Every move of the side to move is made by its own pieces.
        let p = game.position();
        for m in dama::rules::legal_moves(p) {
            assert_eq!(p.piece_at(m.from()).map(|pc| pc.color), Some(side));
        }
    }
}

#[test]
fn r_n2_start_fens() {
    // R-N2: Italian start `W:W21-32:B1-12`, English start `B:W21-32:B1-12`.
    assert_eq!(pos(IT, "W:W21-32:B1-12"), Position::start(IT));
    assert_eq!(pos(EN, "B:W21-32:B1-12"), Position::start(EN));
    assert_eq!(IT.start_fen(), "W:W21-32:B1-12");
    assert_eq!(EN.start_fen(), "B:W21-32:B1-12");
    let listed = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
    assert_eq!(pos(IT, listed), Position::start(IT));
    assert_eq!(fen::write(&Position::start(IT)), listed);
}

#[test]
fn r_n2_kings_ranges_and_round_trip() {
    // R-N2: `K` before a king's square; ranges accepted when reading.
    let p = pos(IT, "B:WK1,18-20,K30:B5,K24-K26");
    assert_eq!(p.side_to_move(), Color::Black);
    let piece = |n| p.piece_at(sq(n)).map(|pc| (pc.color, pc.kind));
    assert_eq!(piece(1), Some((Color::White, Kind::King)));
    for n in 18..=20 {
        assert_eq!(piece(n), Some((Color::White, Kind::Man)), "square {n}");
    }
    assert_eq!(piece(30), Some((Color::White, Kind::King)));
    assert_eq!(piece(5), Some((Color::Black, Kind::Man)));
    for n in 24..=26 {
        assert_eq!(piece(n), Some((Color::Black, Kind::King)), "square {n}");
    }
    assert_eq!(p.occupied().count(), 9);
    let written = fen::write(&p);
    assert_eq!(written, "B:WK1,18,19,20,K30:B5,K24,K25,K26");
    assert_eq!(pos(IT, &written), p);
    // The same text in the other rule set is the same placement by number.
    let e = pos(EN, &written);
    assert_eq!(fen::write(&e), written);
    assert_ne!(move_set(&e), move_set(&p));
}

#[test]
fn r_n2_invalid_positions_are_named() {
    // R-N2 with the validator: what is wrong is named.
    let err = |text: &str| fen::parse(IT, text).unwrap_err().to_string();
    assert!(err("W:W33:B1").contains("33"));
    assert!(err("W:W3:B1").contains("square 3"));
    assert!(err("W:W21-32,13:B1").contains("13 pieces"));
    assert_eq!(
        Position::from_setup(IT, &fen::parse_setup("B:W21:B29").unwrap()),
        Err(PositionError::ManOnPromotionRow {
            square: 29,
            color: Color::Black
        })
    );
    // The same FEN is valid or not in both sets alike: promotion rows are rows, not numbers.
    assert!(fen::parse(RuleSet::English, "W:W3:B1").is_err());
}
