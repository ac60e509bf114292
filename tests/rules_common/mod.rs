//! Helpers shared by the `tests/rules_*.rs` suites: building positions from FEN and comparing
//! move lists as sets of move strings (`10x19x26`).

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use dama::notation::fen;
use dama::rules::{Game, Move, Position, RuleSet, Square, legal_moves};
use std::collections::BTreeSet;

pub const IT: RuleSet = RuleSet::Italian;
pub const EN: RuleSet = RuleSet::English;

/// The position of a FEN; panics with the FEN and the error if it does not parse.
pub fn pos(rules: RuleSet, text: &str) -> Position {
    fen::parse(rules, text).unwrap_or_else(|e| panic!("{rules} FEN {text:?}: {e}"))
}

pub fn sq(n: u32) -> Square {
    Square::from_number(n).unwrap_or_else(|| panic!("no square {n}"))
}

/// The legal moves of a position as a set of move strings.
pub fn move_set(p: &Position) -> BTreeSet<String> {
    let list = legal_moves(p);
    let set: BTreeSet<String> = list.iter().map(Move::to_string).collect();
    assert_eq!(set.len(), list.len(), "duplicate move in {list:?}\n{p:?}");
    set
}

/// Asserts that the legal moves of `text` are exactly `expected`.
#[track_caller]
pub fn assert_moves(rules: RuleSet, text: &str, expected: &[&str]) {
    let p = pos(rules, text);
    let want: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(move_set(&p), want, "{rules} {text}\n{p:?}");
}

/// The legal move of `p` written `text`; panics if there is none.
#[track_caller]
pub fn find_move(p: &Position, text: &str) -> Move {
    legal_moves(p)
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal; legal: {:?}\n{p:?}", move_set(p)))
}

/// Plays the moves written in `texts` one after the other.
#[track_caller]
pub fn play_all(game: &mut Game, texts: &[&str]) {
    for t in texts {
        let m = find_move(game.position(), t);
        game.play(&m).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}

/// Square numbers of a bitboard, in order.
pub fn numbers(bb: dama::rules::Bitboard) -> Vec<u8> {
    bb.iter().map(|s| s.number()).collect()
}

/// The position turned half a turn with the colours swapped: square n becomes 33 - n, White's
/// pieces become Black's and the other side moves. Both rule sets are symmetric under this
/// (R-B2, R-B4: 1 and 32 are opposite corners), so it has the mirrored move list.
pub fn rotate(p: &Position) -> Position {
    let setup = p.to_setup();
    let rotated = dama::rules::Setup {
        side_to_move: setup.side_to_move.opposite(),
        pieces: setup
            .pieces
            .iter()
            .map(|&(n, piece)| {
                let piece = dama::rules::Piece {
                    color: piece.color.opposite(),
                    kind: piece.kind,
                };
                (33 - n, piece)
            })
            .collect(),
    };
    Position::from_setup(p.rules(), &rotated).expect("a rotated position is valid")
}

/// A move string with every square n replaced by 33 - n.
pub fn rotate_move(text: &str) -> String {
    let mut out = String::new();
    let mut num = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            num.push(c);
        } else {
            if !num.is_empty() {
                let n: u32 = num.parse().expect("digits");
                out.push_str(&(33 - n).to_string());
                num.clear();
            }
            if c != ' ' {
                out.push(c);
            }
        }
    }
    out
}

/// [`assert_moves`] for the position and for its rotation (the same rule seen from the other
/// side of the board).
#[track_caller]
pub fn assert_moves_both_sides(rules: RuleSet, text: &str, expected: &[&str]) {
    assert_moves(rules, text, expected);
    let r = rotate(&pos(rules, text));
    let want: BTreeSet<String> = expected.iter().map(|m| rotate_move(m)).collect();
    assert_eq!(move_set(&r), want, "{rules} {text} rotated\n{r:?}");
}
