//! `--resume`: the games an earlier run of the same match wrote to its `--pdn` file (it is
//! rewritten as each game ends, so a stopped or killed match keeps every finished game). Each
//! is checked against the game of that number this match would play (the players, A's
//! colour, the opening), so games of another match are never counted as this one's.

use super::games::Plan;
use crate::notation::pdn::{PdnGame, PdnResult, read_games, read_text};
use crate::rules::{Color, RuleSet};
use std::path::Path;

/// The games in `path` by their number (from 0), or none if there is no such file.
///
/// # Errors
/// The file cannot be read, holds a damaged record, or a game this match would not have
/// played.
pub(super) fn read(
    path: &Path,
    rules: RuleSet,
    plan: &Plan,
) -> anyhow::Result<Vec<(usize, PdnGame)>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let shown = path.display();
    let text = read_text(path).map_err(|e| anyhow::anyhow!("cannot read {shown}: {e}"))?;
    let mut seen = vec![false; plan.jobs.len()];
    let mut games = Vec::new();
    for (k, record) in read_games(&text, rules).into_iter().enumerate() {
        let record = record.map_err(|e| anyhow::anyhow!("{shown}, record {}: {e}", k + 1))?;
        let i = check(&record, plan, &seen).map_err(|why| {
            anyhow::anyhow!(
                "{shown}, record {}: {why}: it was not written by this match; resume with \
                 the options that began it, or write to another --pdn",
                k + 1
            )
        })?;
        seen[i] = true;
        games.push((i, record));
    }
    Ok(games)
}

/// The number (from 0) of the game `record` is, if it is one this match plays and not seen yet.
fn check(record: &PdnGame, plan: &Plan, seen: &[bool]) -> Result<usize, String> {
    let round = record.tag("Round").unwrap_or("");
    let i = match round.parse::<usize>() {
        Ok(n) if (1..=plan.jobs.len()).contains(&n) => n - 1,
        Ok(n) => {
            return Err(format!(
                "its Round is {n}, and this match has games 1 to {}",
                plan.jobs.len()
            ));
        }
        Err(_) => return Err(format!("its Round tag ({round:?}) is not a game number")),
    };
    if seen[i] {
        return Err(format!("game {} is in the file twice", i + 1));
    }
    let job = &plan.jobs[i];
    let (a, b) = (plan.specs[0].name(), plan.specs[1].name());
    let (white, black) = if job.a_colour == Color::White {
        (&a, &b)
    } else {
        (&b, &a)
    };
    for (tag, want) in [("White", white), ("Black", black)] {
        let got = record.tag(tag).unwrap_or("");
        if got != want {
            return Err(format!(
                "game {}'s {tag} is {got:?}, and this match's is {want:?}",
                i + 1
            ));
        }
    }
    let opening = &plan.openings[job.opening].1;
    let moves = opening.moves();
    if record.rules != opening.start().rules()
        || record.start != *opening.start()
        || record.moves.len() < moves.len()
        || record.moves.iter().zip(moves).any(|(m, o)| m.mv != *o)
    {
        return Err(format!(
            "game {} does not start from this match's opening for it",
            i + 1
        ));
    }
    if record.result == PdnResult::Unknown {
        return Err(format!("game {} has no result", i + 1));
    }
    Ok(i)
}
