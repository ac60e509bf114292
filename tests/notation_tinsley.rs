//! The real CheckerBoard file of Marion Tinsley's games (English, no GameType tag, a few
//! damaged records), read from ../shared/data when it is there (as in CI and development).

use dama::notation::pdn::{PdnErrorKind, read_games};
use dama::rules::{DrawReason, Outcome, RuleSet};

#[test]
fn tinsley_games_read_as_english() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/tinsley_english.pdn"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: {path} not found");
        return;
    };
    let games = read_games(&text, RuleSet::English);
    assert_eq!(games.len(), 724, "every record is reported, read or not");
    let ok: Vec<_> = games.iter().filter_map(|g| g.as_ref().ok()).collect();
    assert_eq!(ok.len(), 717);
    assert!(ok.iter().all(|g| g.rules == RuleSet::English));
    // The first game: 28 moves, ending with the triple jump 24x15x6.
    assert_eq!(ok[0].moves.len(), 56);
    assert_eq!(ok[0].moves[55].mv.to_string(), "24x15x6");
    let mut repetition = 0;
    let mut text_damage = 0;
    let mut illegal = 0;
    for g in &games {
        match g.as_ref().map_err(|e| &e.kind) {
            Ok(_) => {}
            // R-G2: play went on after a third repetition, which ends the game here.
            Err(PdnErrorKind::AfterEnd {
                outcome:
                    Outcome::Draw {
                        reason: DrawReason::Repetition,
                    },
                ..
            }) => repetition += 1,
            // Notes typed into the movetext without braces ("8-11Redoverstepped...").
            Err(PdnErrorKind::UnexpectedText(t)) if t.contains("overstepped") => text_damage += 1,
            // A record that moves a piece from an empty square.
            Err(PdnErrorKind::Move { .. }) => illegal += 1,
            Err(other) => panic!("unexpected failure: {other}"),
        }
    }
    assert_eq!((repetition, text_damage, illegal), (4, 2, 1));
}
