//! The real CheckerBoard file of the Tinsley games (English, no GameType tag): how many read.

use dama::notation::pdn::{PdnErrorKind, read_games};
use dama::rules::RuleSet;

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
    let ok = games.iter().filter(|g| g.is_ok()).count();
    for (i, g) in games.iter().enumerate() {
        if let Err(e) = g {
            println!("game {}: {e}", i + 1);
        }
    }
    let _ = PdnErrorKind::UnclosedComment;
    println!("{ok} of {} read", games.len());
    assert_eq!(games.len(), 724);
}
