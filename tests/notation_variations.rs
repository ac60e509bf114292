//! PDN variations `( ... )`: read into moves replayed through the rules (nested, with
//! comments and NAGs), written back the same, turned into a move tree and back; malformed
//! ones refused with their line and column.

use dama::notation::pdn::{
    MAX_VARIATION_DEPTH, PdnErrorKind, PdnResult, read_game, read_games, variation_text, write_game,
};
use dama::notation::tree::{MoveTree, NodeId};
use dama::rules::RuleSet;

const NESTED: &str = r#"[Event "Variations"]
[GameType "22"]
{Before anything.}
1. 21-17 {the usual} ({or} 1. 22-18 $1 {the side} 1... 10-14 (1... 11-15 {calmer}
(1... 12-16 2. 18-14 {and then?})) 2. 21-17) (1. 23-19 ! 9-13) 1... 10-13 2. 17x10 {forced}
2... 5x14 3. 22-18 (3. 24-20 ?? {gives away} 3... 14-19 {oops}) 3... 14x21 4. 26x17 *
"#;

#[test]
fn nested_variations_with_comments_are_read_as_moves() {
    let g = read_game(NESTED, RuleSet::Italian).unwrap();
    let main: Vec<String> = g.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(
        main,
        ["21-17", "10-13", "17x10", "5x14", "22-18", "14x21", "26x17"]
    );
    let first = &g.moves[0];
    assert_eq!(first.comments, ["the usual"]);
    assert_eq!(first.variations.len(), 2);
    let side = &first.variations[0];
    assert_eq!(side.intro, ["or"]);
    assert_eq!(side.moves[0].mv.to_string(), "22-18");
    assert_eq!(side.moves[0].nags, ["$1"]);
    assert_eq!(side.moves[0].comments, ["the side"]);
    // Nested: 11-15 replaces 10-14, and 12-16 replaces 11-15 in turn.
    let calmer = &side.moves[1].variations[0];
    assert_eq!(calmer.moves[0].mv.to_string(), "11-15");
    assert_eq!(calmer.moves[0].comments, ["calmer"]);
    let deeper = &calmer.moves[0].variations[0];
    let deeper_moves: Vec<String> = deeper.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(deeper_moves, ["12-16", "18-14"]);
    assert_eq!(deeper.moves[1].comments, ["and then?"]);
    assert_eq!(side.moves[2].mv.to_string(), "21-17");
    assert_eq!(first.variations[1].moves[0].nags, ["!"]);
    // A variation of the fifth ply.
    let v = &g.moves[4].variations[0];
    assert_eq!(v.moves[1].mv.to_string(), "14-19");
    assert_eq!(v.moves[0].nags, ["??"]);
    assert_eq!(
        variation_text(&g, 4, v),
        "3. 24-20?? {gives away} 3... 14-19 {oops}"
    );
}

#[test]
fn nested_variations_round_trip_through_the_writer_and_the_tree() {
    for rules in [RuleSet::Italian, RuleSet::English] {
        let g = read_game(NESTED, rules).unwrap();
        let written = write_game(&g);
        let again = read_game(&written, rules).unwrap();
        assert_eq!(again.moves, g.moves, "{written}");
        assert_eq!(again.intro, g.intro);
        assert_eq!(write_game(&again), written, "writing is stable");
        assert!(
            written.lines().all(|l| l.chars().count() <= 80),
            "{written}"
        );

        let tree = MoveTree::from_game(&g);
        // 7 main-line moves, 3 + 2 in the first variations, 1 + 2 nested, 2 in the last.
        assert_eq!(tree.len(), 7 + 3 + 2 + 1 + 2 + 2);
        let back = tree.to_game(&g);
        assert_eq!(back.intro, g.intro);
        // A variation of a variation's first move is one more alternative to the same move:
        // the tree writes it beside the other, not inside it (the same tree either way).
        let text = write_game(&back);
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(
                "1... 10-14 (1... 11-15 {calmer}) (1... 12-16 2. 18-14 {and then?}) 2. 21-17)"
            ),
            "{text}"
        );
        let mut expected = g.clone();
        let inner = expected.moves[0].variations[0].moves[1].variations[0].moves[0]
            .variations
            .remove(0);
        expected.moves[0].variations[0].moves[1]
            .variations
            .push(inner);
        assert_eq!(back.moves, expected.moves);
        let again = read_game(&text, rules).unwrap();
        assert_eq!(MoveTree::from_game(&again), tree);
        assert_eq!(MoveTree::from_game(&again).to_game(&g), back);
    }
}

#[test]
fn a_tree_edited_writes_what_it_holds() {
    let g = read_game(NESTED, RuleSet::Italian).unwrap();
    let mut tree = MoveTree::from_game(&g);
    let root = tree.node(NodeId::ROOT).children().to_vec();
    assert_eq!(root.len(), 3, "the main move and two variations");
    // Promote 23-19 twice: it becomes the main line; the variation's intro comment, which
    // PDN cannot write before a main move, follows the start's comments instead.
    let side = root[1];
    let last = root[2];
    assert!(tree.promote(last));
    assert!(tree.promote(last));
    assert!(tree.is_main_line(last));
    let text = write_game(&tree.to_game(&g));
    assert!(
        text.contains("{Before anything.} 1. 23-19! (1. 21-17 {the usual} 1... 10-13"),
        "{text}"
    );
    assert!(text.ends_with("2. 21-17) 1... 9-13 *\n"), "{text}");
    // Delete 22-18's variation: it is gone from the record; the rest reads back.
    assert_eq!(tree.delete(side), Some(NodeId::ROOT));
    let text = write_game(&tree.to_game(&g));
    assert!(!text.contains("{or}") && !text.contains("18-14"), "{text}");
    let again = read_game(&text, RuleSet::Italian).unwrap();
    assert_eq!(MoveTree::from_game(&again).len(), tree.len());
    // A line added by play, then written with a comment on it.
    let at = tree.line_end(NodeId::ROOT);
    let pos = tree.position(at);
    let m = dama::rules::legal_moves(&pos)[0];
    let n = tree.play(at, m);
    tree.node_mut(n).comments.push("+0.25 depth 12".into());
    let text = write_game(&tree.to_game(&g));
    assert!(text.contains(&format!("{m} {{+0.25 depth 12}}")), "{text}");
}

#[test]
fn a_result_closing_a_variation_is_kept() {
    let g = read_game("1. 22-18 (1. 21-17 1-0) 10-14 *", RuleSet::Italian).unwrap();
    assert_eq!(g.moves.len(), 2);
    let v = &g.moves[0].variations[0];
    assert_eq!(v.result, Some(PdnResult::FirstPlayerWins));
    assert_eq!(variation_text(&g, 0, v), "1. 21-17 1-0");
    assert_eq!(
        read_game(&write_game(&g), RuleSet::Italian).unwrap().moves,
        g.moves
    );
    // The move tree keeps it too: the record made from the tree writes it again.
    let back = MoveTree::from_game(&g).to_game(&g);
    assert_eq!(back.moves, g.moves);
    assert!(
        write_game(&back).contains("(1. 21-17 1-0)"),
        "{}",
        write_game(&back)
    );
}

#[test]
fn malformed_variations_are_refused_with_their_place() {
    type Case = (&'static str, usize, usize, fn(&PdnErrorKind) -> bool);
    let cases: [Case; 7] = [
        // An illegal move inside a variation: its line and column, its position.
        ("1. 22-18 (1. 22-17) 10-14 *", 1, 14, |k| {
            matches!(k, PdnErrorKind::Move { ply: 0, .. })
        }),
        // Two deep, on the second line.
        ("1. 22-18 (1. 21-17 10-13\n(1... 21-17)) *", 2, 7, |k| {
            matches!(k, PdnErrorKind::Move { ply: 1, .. })
        }),
        // A result not followed by `)`: the variation is unclosed.
        ("1. 22-18 (1. 21-17 * 10-14", 1, 10, |k| {
            *k == PdnErrorKind::UnclosedVariation
        }),
        ("1. 22-18 (1. 21-17\n", 1, 10, |k| {
            *k == PdnErrorKind::UnclosedVariation
        }),
        ("(1. 22-18) *", 1, 1, |k| {
            matches!(k, PdnErrorKind::NothingToAnnotate(_))
        }),
        ("1. 22-18 ($2 21-17) *", 1, 11, |k| {
            matches!(k, PdnErrorKind::NothingToAnnotate(_))
        }),
        ("1. 22-18 ((21-17)) *", 1, 11, |k| {
            matches!(k, PdnErrorKind::NothingToAnnotate(_))
        }),
    ];
    for (text, line, column, kind) in cases {
        let e = read_game(text, RuleSet::Italian).unwrap_err();
        assert!(kind(&e.kind), "{text}: {e}");
        assert_eq!((e.line, e.column), (line, column), "{text}: {e}");
        // What was read of the main line before the damage is kept.
        if line == 1 && column > 1 {
            assert_eq!(e.partial.as_ref().unwrap().moves.len(), 1, "{text}");
        }
    }
}

#[test]
fn variations_too_deep_are_refused_without_overflowing_the_stack() {
    let deep = MAX_VARIATION_DEPTH + 1;
    let mut text = String::from("1. 22-18 ");
    for _ in 0..deep {
        text.push_str("(1. 21-17 ");
    }
    text.push_str(&")".repeat(deep));
    text.push_str(" *\n[Event \"next\"]\n1. 21-17 *\n");
    let games = read_games(&text, RuleSet::Italian);
    let e = games[0].as_ref().unwrap_err();
    assert_eq!(e.kind, PdnErrorKind::VariationTooDeep);
    assert_eq!(e.column, 10 + 10 * MAX_VARIATION_DEPTH);
    // The next game is still read.
    assert_eq!(games.last().unwrap().as_ref().unwrap().moves.len(), 1);
    // As deep as allowed reads and writes back.
    let mut ok = String::from("1. 22-18 ");
    for _ in 0..MAX_VARIATION_DEPTH {
        ok.push_str("(1. 21-17 ");
    }
    ok.push_str(&")".repeat(MAX_VARIATION_DEPTH));
    ok.push_str(" *");
    let g = read_game(&ok, RuleSet::Italian).unwrap();
    assert_eq!(
        read_game(&write_game(&g), RuleSet::Italian).unwrap().moves,
        g.moves
    );
}
