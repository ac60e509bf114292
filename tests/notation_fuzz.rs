//! Fuzz-style properties: no input makes the FEN, move text or PDN readers panic, and what
//! they accept writes back to something they read the same.

use dama::notation::pdn::{read_games, write_games};
use dama::notation::{fen, movetext};
use dama::rules::{Position, RuleSet};
use proptest::prelude::*;

/// Text made of the pieces PDN is built from, so that the readers get deep into their code
/// rather than failing on the first byte.
fn pdn_like() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "[",
        "]",
        "\"",
        "{",
        "}",
        "(",
        ")",
        "%",
        "$",
        "!",
        "?",
        "*",
        ".",
        "...",
        " ",
        "\n",
        "\r\n",
        "x",
        "-",
        ":",
        ",",
        "/",
        "1-0",
        "0-1",
        "1/2-1/2",
        "K",
        "W",
        "B",
        "Event",
        "FEN",
        "GameType",
        "22",
        "21",
        "20",
        "1.",
        "2.",
        "22-18",
        "21-17",
        "10-13",
        "17x10",
        "5x14",
        "11-15",
        "9-13",
        "23-19",
        "W:W21-32:B1-12",
        "B:W21-32:B1-12",
        "33",
        "0",
        "é",
        "\\",
    ]);
    prop::collection::vec(atoms, 0..60).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fen_reader_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        let text = String::from_utf8_lossy(&bytes);
        for rules in [RuleSet::Italian, RuleSet::English] {
            if let Ok(p) = fen::parse(rules, &text) {
                // R-N2: what is read writes back to the same position.
                prop_assert_eq!(fen::parse(rules, &fen::write(&p)).unwrap(), p);
            }
        }
    }

    #[test]
    fn pdn_reader_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = read_games(&text, RuleSet::Italian);
        let _ = read_games(&text, RuleSet::English);
    }

    #[test]
    fn pdn_reader_never_panics_on_pdn_like_text(text in pdn_like()) {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let games = read_games(&text, rules);
            // R-N3: the games that read cleanly survive a round trip.
            let good: Vec<_> = games.into_iter().filter_map(Result::ok).collect();
            let written = write_games(&good);
            let again: Vec<_> = read_games(&written, rules).into_iter().collect();
            prop_assert_eq!(again.len(), good.len(), "{}", written);
            for (a, b) in good.iter().zip(&again) {
                let b = b.as_ref().map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
                prop_assert_eq!(&a.moves, &b.moves);
                prop_assert_eq!(a.start, b.start);
                prop_assert_eq!(a.result, b.result);
            }
        }
    }

    #[test]
    fn fen_like_text_never_panics(text in "[WBK0-9:,\\- .\"]{0,40}") {
        let _ = fen::parse(RuleSet::Italian, &text);
    }

    #[test]
    fn move_text_never_panics(text in "[0-9x:\\- ]{0,12}") {
        for rules in [RuleSet::Italian, RuleSet::English] {
            let _ = movetext::parse_move(&Position::start(rules), &text);
        }
    }
}
