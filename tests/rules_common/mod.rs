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
