//! The openings a match plays: random plies (one per pair of games) or the games of a PDN
//! book, each game's start and moves.

use super::args::MatchArgs;
use crate::lab::selfplay;
use crate::notation::pdn;
use crate::rules::{Game, RuleSet};
use anyhow::{Context, bail};
use rand::seq::SliceRandom;
use std::path::Path;

/// The openings, each with its number (from 1: the pair of games for random plies, the game in
/// the file for a book), in the order they are played: random plies (one per pair of games) or
/// a PDN book's positions.
pub(super) fn openings(
    args: &MatchArgs,
    rules: RuleSet,
) -> anyhow::Result<(Vec<(usize, Game)>, String)> {
    let seed = args.seed.unwrap_or(1);
    let Some(path) = &args.book else {
        let mut rng = selfplay::rng(seed);
        let pairs = args.games.div_ceil(2) as usize;
        let list = (0..pairs)
            .map(|i| Ok((i + 1, random_opening(rules, args.opening_plies, &mut rng)?)))
            .collect::<anyhow::Result<_>>()?;
        return Ok((list, format!("first {} plies random", args.opening_plies)));
    };
    let mut list: Vec<(usize, Game)> = read_book(path, rules)?
        .into_iter()
        .enumerate()
        .map(|(i, g)| (i + 1, g))
        .collect();
    if let Some(seed) = args.seed {
        list.shuffle(&mut selfplay::rng(seed));
    }
    let name = path
        .file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy();
    Ok((list, format!("book {name}")))
}

/// Tries for one random opening before giving up: at the longest `--openings` allowed
/// ([`selfplay::MAX_OPENING_PLIES`]) about one line in six is usable, so this many never all
/// fail by chance; it only bounds the time should the rules ever make long lines unusable.
const OPENING_TRIES: usize = 10_000;

/// A random opening of `plies` plies (the same as [`selfplay::random_opening`] gives), or an
/// error after [`OPENING_TRIES`] lines that ended the game or left a capture pending.
fn random_opening(
    rules: RuleSet,
    plies: usize,
    rng: &mut rand::rngs::StdRng,
) -> anyhow::Result<Game> {
    (0..OPENING_TRIES)
        .find_map(|_| selfplay::random_line(rules, plies, rng))
        .with_context(|| {
            format!(
                "no opening of {plies} random plies found in {OPENING_TRIES} tries (each ended \
                 the game or left a capture pending): ask for fewer with --openings"
            )
        })
}

/// Every game of a PDN book as an opening: its start (the FEN tag) and its moves.
fn read_book(path: &Path, rules: RuleSet) -> anyhow::Result<Vec<Game>> {
    let records =
        pdn::read_file(path, rules).with_context(|| format!("cannot read {}", path.display()))?;
    let mut list = Vec::with_capacity(records.len());
    for (i, record) in records.into_iter().enumerate() {
        let record =
            record.with_context(|| format!("{}: game {} is damaged", path.display(), i + 1))?;
        if record.rules != rules {
            bail!(
                "{}: game {} is for {} rules, the match for {rules} (see --rules)",
                path.display(),
                i + 1,
                record.rules
            );
        }
        // A record may play on past a draw by the rules (it reads so); a match cannot.
        if let Some(d) = record.rule_draw {
            bail!(
                "{}: game {}: {d}: no opening to play",
                path.display(),
                i + 1
            );
        }
        let mut game = Game::new(record.start);
        for m in &record.moves {
            game.play(&m.mv)
                .expect("a record's moves are legal and no draw by the rules comes before its end");
        }
        if let Some(o) = game.outcome() {
            bail!(
                "{}: game {} is over at its end ({o}): no opening to play",
                path.display(),
                i + 1
            );
        }
        list.push(game);
    }
    anyhow::ensure!(!list.is_empty(), "{}: no games in it", path.display());
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA records: a book game that plays on past a draw by the rules (as the Tinsley file's
    /// games may) is refused with the game and the reason; the match panicked ("a record's
    /// moves are legal: GameOver").
    #[test]
    fn r_g2_a_book_game_played_on_past_a_draw_is_refused_not_a_panic() {
        // Kings shuffle: the start position comes back a third time after ply 8 (R-G2), and
        // the record plays on.
        let text = "[GameType \"22\"]\n[FEN \"W:WK29:BK4\"]\n1. 29-25 4-8 2. 25-29 8-4 \
                    3. 29-25 4-8 4. 25-29 8-4 5. 29-25 *\n";
        let path = crate::store::scratch_dir("match-book-draw").join("book.pdn");
        std::fs::write(&path, text).unwrap();
        let err = read_book(&path, RuleSet::Italian).unwrap_err().to_string();
        assert!(
            err.ends_with(
                "book.pdn: game 1: the rules draw the game after ply 8 (third repetition, \
                 R-G2); the record plays on: no opening to play"
            ),
            "{err}"
        );
    }

    #[test]
    fn random_openings_give_up_after_a_bounded_number_of_tries() {
        // The same openings as before the bound.
        let (mut r1, mut r2) = (selfplay::rng(3), selfplay::rng(3));
        let g = random_opening(RuleSet::Italian, 6, &mut r1).unwrap();
        assert_eq!(
            g.moves(),
            selfplay::random_opening(RuleSet::Italian, 6, &mut r2).moves()
        );
        // 2,000 lines of 300 random plies gave none usable; the search stops with the reason.
        let err = random_opening(RuleSet::Italian, 300, &mut selfplay::rng(1)).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("no opening of 300 random plies found in 10000 tries"),
            "{text}"
        );
    }
}
