//! The real CheckerBoard file of Marion Tinsley's games (English, no GameType tag, a few
//! damaged records), read from the shared data folder when it is there (as in CI and
//! development: `../shared/data` beside the clone, or two levels up from a worktree).

use dama::notation::pdn::{PdnErrorKind, RuleDraw, read_games};
use dama::notation::stepper::Stepper;
use dama::rules::{DrawReason, RuleSet};

fn tinsley() -> Option<String> {
    let dir = env!("CARGO_MANIFEST_DIR");
    ["../shared/data", "../../shared/data"]
        .iter()
        .find_map(|d| std::fs::read_to_string(format!("{dir}/{d}/tinsley_english.pdn")).ok())
}

#[test]
fn tinsley_games_read_as_english() {
    let Some(text) = tinsley() else {
        eprintln!("skipped: tinsley_english.pdn not found");
        return;
    };
    let games = read_games(&text, RuleSet::English);
    assert_eq!(games.len(), 724, "every record is reported, read or not");
    let ok: Vec<_> = games.iter().filter_map(|g| g.as_ref().ok()).collect();
    // 717 read clean, and 4 that play on after a third repetition.
    assert_eq!(ok.len(), 721);
    assert!(ok.iter().all(|g| g.rules == RuleSet::English));
    // The first game: 28 moves, ending with the triple jump 24x15x6.
    assert_eq!(ok[0].moves.len(), 56);
    assert_eq!(ok[0].moves[55].mv.to_string(), "24x15x6");
    // R-G2: play went on after a third repetition. The draw is noted where it came, and the
    // record is replayed to its end.
    let repeated: Vec<_> = ok.iter().filter(|g| g.rule_draw.is_some()).collect();
    assert_eq!(repeated.len(), 4);
    for g in repeated {
        let RuleDraw { ply, reason } = g.rule_draw.unwrap();
        assert_eq!(reason, DrawReason::Repetition);
        assert!(ply < g.moves.len(), "moves follow the draw");
        let mut r = Stepper::new((*g).clone());
        r.goto(ply);
        assert_eq!(
            r.game_so_far().repetitions(),
            3,
            "the third repetition is at ply {ply}"
        );
        r.to_end();
        assert_eq!(r.game_so_far().ply(), g.moves.len(), "replayed whole");
    }
    // Exactly records 541, 623 and 693 are damaged (a move after a won position is no
    // damage any of the others has).
    let damaged: Vec<usize> = (1..=games.len())
        .filter(|&n| games[n - 1].is_err())
        .collect();
    assert_eq!(damaged, [541, 623, 693]);
    // The damaged records are shown up to their damage, with the error.
    let mut text_damage = 0;
    let mut illegal = 0;
    for e in games.iter().filter_map(|g| g.as_ref().err()) {
        let partial = e
            .partial
            .as_ref()
            .expect("a damaged game keeps its readable plies");
        assert!(!partial.moves.is_empty(), "{e}");
        assert!(partial.tag("Event").is_some(), "and its tags");
        match &e.kind {
            // Notes typed into the movetext without braces ("8-11Redoverstepped...").
            PdnErrorKind::UnexpectedText(t) if t.contains("overstepped") => text_damage += 1,
            // A record that moves a piece from an empty square: shown up to the ply before.
            PdnErrorKind::Move { ply, .. } => {
                assert_eq!(partial.moves.len(), *ply);
                illegal += 1;
            }
            other => panic!("unexpected failure: {other}"),
        }
    }
    assert_eq!((text_damage, illegal), (2, 1));
}
