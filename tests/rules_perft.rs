//! Perft from data files (tests/data/perft/*.perft): R-C7's merged counting, both rule sets.
//!
//! Each block is an `id` line, then `fen` and `rules` lines, then `perft N count` lines;
//! blank lines and `#` comments are ignored. In debug, depths whose expected count exceeds
//! [`DEBUG_LEAF_BUDGET`] are skipped; the ignored test runs every depth (in release, by
//! .ci/run), including depth 12 from both start positions.

use dama::notation::fen;
use dama::rules::{Position, RuleSet, divide, legal_moves, perft};
use std::path::{Path, PathBuf};

/// Largest expected leaf count checked by the default (debug) test run.
const DEBUG_LEAF_BUDGET: u64 = 2_000_000;

struct Case {
    /// `file:line` of the `id`, for messages.
    origin: String,
    id: String,
    rules: Option<RuleSet>,
    fen: Option<String>,
    perft: Vec<(u32, u64)>,
}

fn perft_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .perft files in {}", dir.display());
    files
}

/// Reads one file; any line it does not understand fails the test with its place.
fn parse_file(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let at = format!("{name}:{}", i + 1);
        let line = raw.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let value = value.trim();
        if key == "id" {
            cases.push(Case {
                origin: at,
                id: value.to_string(),
                rules: None,
                fen: None,
                perft: Vec::new(),
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("{at}: {key:?} before the first `id`"));
        match key {
            "fen" => case.fen = Some(value.to_string()),
            "rules" => {
                case.rules = Some(match value {
                    "italian" => RuleSet::Italian,
                    "english" => RuleSet::English,
                    other => panic!("{at}: unknown rule set {other:?}"),
                })
            }
            "perft" => {
                let mut parts = value.split_whitespace();
                let mut number = |what| -> u64 {
                    parts
                        .next()
                        .and_then(|t| t.parse().ok())
                        .unwrap_or_else(|| panic!("{at}: `perft DEPTH COUNT` needs a {what}"))
                };
                let depth = number("depth") as u32;
                let count = number("count");
                assert!(parts.next().is_none(), "{at}: extra text after the count");
                if let Some(&(last, _)) = case.perft.last() {
                    assert!(depth > last, "{at}: depths must increase");
                }
                case.perft.push((depth, count));
            }
            other => panic!("{at}: unknown key {other:?}"),
        }
    }
    for c in &cases {
        assert!(
            c.fen.is_some() && c.rules.is_some(),
            "{}: {} needs fen and rules",
            c.origin,
            c.id
        );
        assert!(
            !c.perft.is_empty(),
            "{}: {} has no perft lines",
            c.origin,
            c.id
        );
    }
    cases
}

fn all_cases() -> Vec<Case> {
    let cases: Vec<Case> = perft_files().iter().flat_map(|f| parse_file(f)).collect();
    let mut ids: Vec<&str> = cases.iter().map(|c| c.id.as_str()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), cases.len(), "duplicate ids");
    cases
}

fn position(case: &Case) -> Position {
    let (rules, text) = (case.rules.unwrap(), case.fen.as_deref().unwrap());
    fen::parse(rules, text).unwrap_or_else(|e| panic!("{}: {}: {e}", case.origin, case.id))
}

/// Checks every depth of every case whose expected count is at most `budget`; returns how
/// many depths were checked.
fn run(budget: u64) -> usize {
    let mut checked = 0;
    for case in all_cases() {
        let p = position(&case);
        let mut ran_one = false;
        for &(depth, want) in case.perft.iter().filter(|&&(_, n)| n <= budget) {
            assert_eq!(
                perft(&p, depth),
                want,
                "{} ({}) perft {depth}",
                case.id,
                case.origin
            );
            ran_one = true;
            checked += 1;
        }
        assert!(ran_one, "{}: no depth within the budget", case.id);
    }
    checked
}

#[test]
fn perft_data_within_debug_budget() {
    assert!(run(DEBUG_LEAF_BUDGET) >= 20);
}

#[test]
#[ignore = "deep: every depth, up to 12 from the start positions; run in release by .ci/run"]
fn perft_data_all_depths() {
    run(u64::MAX);
}

#[test]
fn perft_start_positions_match_rules_md() {
    // The table in RULES.md must be what the data files say (depths 1-12, both sets).
    let table: [(u64, u64); 12] = [
        (7, 7),
        (49, 49),
        (302, 302),
        (1_469, 1_469),
        (7_361, 7_361),
        (36_473, 36_768),
        (177_532, 179_740),
        (828_783, 845_931),
        (3_860_875, 3_963_680),
        (17_761_384, 18_391_564),
        (81_647_058, 85_242_128),
        (367_911_475, 388_617_999),
    ];
    let cases = all_cases();
    for rules in [RuleSet::Italian, RuleSet::English] {
        let start = cases
            .iter()
            .find(|c| c.rules == Some(rules) && position(c) == Position::start(rules))
            .unwrap_or_else(|| panic!("no {rules} start position in the data"));
        let want: Vec<(u32, u64)> = table
            .iter()
            .enumerate()
            .map(|(i, &(it, en))| {
                (
                    i as u32 + 1,
                    if rules == RuleSet::Italian { it } else { en },
                )
            })
            .collect();
        assert_eq!(start.perft, want, "{rules}");
    }
}

#[test]
fn perft_divide_sums_to_perft() {
    // divide lists each legal root move once, and its counts add up to perft.
    for case in all_cases() {
        let p = position(&case);
        let Some(&(depth, want)) = case
            .perft
            .iter()
            .rev()
            .find(|&&(d, n)| d >= 2 && n <= 200_000)
        else {
            continue;
        };
        let parts = divide(&p, depth);
        assert_eq!(parts.len(), legal_moves(&p).len(), "{}", case.id);
        assert_eq!(
            parts.iter().map(|&(_, n)| n).sum::<u64>(),
            want,
            "{}",
            case.id
        );
    }
}

#[test]
fn perft_depth_zero_and_one() {
    for case in all_cases() {
        let p = position(&case);
        assert_eq!(perft(&p, 0), 1);
        assert_eq!(perft(&p, 1), legal_moves(&p).len() as u64, "{}", case.id);
    }
}
