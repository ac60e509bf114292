//! Opening ballots a game can start from (issue 22 §4): for Italian the 11-man ballots (each
//! side starts one man short, which man drawn by lot), for English the 3-move ballots of the
//! American Checker Federation (the first three moves drawn by lot).
//!
//! Where the files come from: both were handed to the project in its shared data folder
//! (`../shared/data/ballots_11_man_italian.pdn`, 2,400 positions as bare `FEN` tags, and
//! `../shared/data/ballots_3move_english.pdn`, 157 games with a `FEN` tag and the ACF ballot's
//! number and moves in `Event`) and are copied here unchanged. Neither file carries a licence
//! or provenance header; they list positions (a mechanical enumeration for Italian, the ACF's
//! published list of openings for English), facts of the game rather than anyone's prose.
//! They are shipped in the binary (`include_str!`, about 200 kB), so a ballot needs no file.

use crate::notation::pdn::Reader;
use crate::rules::{Position, RuleSet};
use std::sync::OnceLock;

const ITALIAN: &str = include_str!("italian_11_man.pdn");
const ENGLISH: &str = include_str!("english_3move.pdn");

/// One ballot: its number in the list (from 1), its position and, for English, the ACF's
/// name of it (`ACF 3-move ballot 001: 09-13 21-17 05-09`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ballot {
    pub number: usize,
    pub position: Position,
    pub name: Option<String>,
}

/// Which ballot a game starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// One drawn at random.
    Random,
    /// The ballot of this number (from 1).
    Number(usize),
}

impl std::str::FromStr for Choice {
    type Err = String;
    fn from_str(s: &str) -> Result<Choice, String> {
        if s.eq_ignore_ascii_case("random") {
            return Ok(Choice::Random);
        }
        match s.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Choice::Number(n)),
            _ => Err(format!(
                "{s:?} is not a ballot: give a number from 1 or \"random\""
            )),
        }
    }
}

/// The ballots of a rule set, read once (and checked by the tests: every one is a legal
/// position with a move).
fn all(rules: RuleSet) -> &'static [(Position, Option<String>)] {
    static IT: OnceLock<Vec<(Position, Option<String>)>> = OnceLock::new();
    static EN: OnceLock<Vec<(Position, Option<String>)>> = OnceLock::new();
    let (cell, text) = match rules {
        RuleSet::Italian => (&IT, ITALIAN),
        RuleSet::English => (&EN, ENGLISH),
    };
    cell.get_or_init(|| {
        Reader::new(text, rules)
            .filter_map(Result::ok)
            .filter(|g| g.start.rules() == rules)
            .map(|g| (g.start, g.tag("Event").map(str::to_string)))
            .collect()
    })
}

impl Ballot {
    /// How the player is told which ballot the game starts from: its number and, for the
    /// English ballots, the ACF's name of it with its three moves (the data's own words, a
    /// proper name in either language).
    pub fn announce(&self, lang: crate::tui::Lang) -> String {
        let mut s = crate::tui::lang::Msg::FromBallot.fill(lang, &[&self.number]);
        if let Some(name) = &self.name {
            s.push_str(&format!(" ({name})"));
        }
        s
    }
}

/// How many ballots the rule set has.
pub fn count(rules: RuleSet) -> usize {
    all(rules).len()
}

/// Ballot `n` (from 1), if there is one.
pub fn get(rules: RuleSet, n: usize) -> Option<Ballot> {
    let (position, name) = all(rules).get(n.checked_sub(1)?)?.clone();
    Some(Ballot {
        number: n,
        position,
        name,
    })
}

/// The ballot `choice` names (a random one drawn now), if there is one.
pub fn choose(rules: RuleSet, choice: Choice) -> Option<Ballot> {
    match choice {
        Choice::Number(n) => get(rules, n),
        Choice::Random => {
            let n = count(rules);
            (n > 0)
                .then(|| rand::random_range(1..=n))
                .and_then(|i| get(rules, i))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn every_ballot_is_read_and_playable() {
        assert_eq!(count(RuleSet::Italian), 2400);
        assert_eq!(count(RuleSet::English), 157);
        for (n, (p, _)) in all(RuleSet::Italian).iter().enumerate() {
            assert_eq!(p.pieces_of(Color::White).count(), 11, "ballot {}", n + 1);
            assert_eq!(p.pieces_of(Color::Black).count(), 11, "ballot {}", n + 1);
            assert_eq!(p.side_to_move(), Color::White);
            assert!(!crate::rules::legal_moves(p).is_empty());
        }
        for (p, name) in all(RuleSet::English) {
            assert!(name.as_deref().is_some_and(|e| e.contains("3-move")));
            assert!(!crate::rules::legal_moves(p).is_empty());
        }
    }

    #[test]
    fn a_ballot_is_chosen_by_number_or_at_random() {
        assert_eq!(get(RuleSet::Italian, 0), None);
        assert_eq!(get(RuleSet::Italian, 2401), None);
        assert_eq!(get(RuleSet::English, 1).unwrap().number, 1);
        let r = choose(RuleSet::English, Choice::Random).unwrap();
        assert!((1..=157).contains(&r.number));
        assert_eq!("random".parse::<Choice>(), Ok(Choice::Random));
        assert_eq!("12".parse::<Choice>(), Ok(Choice::Number(12)));
        assert!("0".parse::<Choice>().is_err());
        assert!("x".parse::<Choice>().is_err());
    }
}
