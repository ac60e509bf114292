//! FEN (R-N2): round trips over positions from random games of both rule sets, and the
//! lenient forms other programs write.

use dama::notation::fen;
use dama::rules::{Position, RuleSet, legal_moves};

#[test]
fn r_n2_round_trip_along_random_games() {
    for rules in [RuleSet::Italian, RuleSet::English] {
        let mut seed = 0xD1B5_4A32_D192_ED03u64;
        for _ in 0..30 {
            let mut pos = Position::start(rules);
            for _ in 0..150 {
                let text = fen::write(&pos);
                assert_eq!(fen::parse(rules, &text).unwrap(), pos, "{text}");
                // Canonical: no ranges, sorted, White first.
                assert!(!text[2..].contains('-'), "{text}");
                let legal = legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = pos.after(&legal[(seed % legal.len() as u64) as usize]);
            }
        }
    }
}

#[test]
fn r_n2_start_positions_and_lenient_forms() {
    // R-N2: Italian start `W:W21-32:B1-12`, English start `B:W21-32:B1-12`.
    assert_eq!(
        fen::parse(RuleSet::Italian, "W:W21-32:B1-12").unwrap(),
        Position::start(RuleSet::Italian)
    );
    assert_eq!(
        fen::parse(RuleSet::English, "B:W21-32:B1-12").unwrap(),
        Position::start(RuleSet::English)
    );
    // Black's list first, spaces, a trailing dot, quotes, ranges mixed with squares, kings.
    let a = fen::parse(RuleSet::Italian, "\"B:B1-3, K7 : W 30,K31,32.\"").unwrap();
    assert_eq!(fen::write(&a), "B:W30,K31,32:B1,2,3,K7");
}
