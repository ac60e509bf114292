//! What a match prints and writes: the header, a line per game, the totals with the Elo
//! difference and the SPRT's verdict, and the games as PDN.

use super::args::MatchArgs;
use super::games::{ForA, Job, Plan, Played, Results};
use super::spec::Spec;
use crate::commands::output::{Out, outln};
use crate::lab::selfplay::Tally;
use crate::lab::sprt::{Sprt, Verdict};
use crate::notation::pdn::{PdnGame, write_games};
use crate::rules::{Color, RuleSet};
use crate::store::{Overwrite, save_atomic};
use std::path::Path;
use std::time::Duration;

/// The first lines: the players, the games, the rules, the openings and the SPRT's bounds.
pub(super) fn header(
    out: &mut Out,
    args: &MatchArgs,
    rules: RuleSet,
    plan: &Plan,
    sprt: Option<&Sprt>,
) -> anyhow::Result<()> {
    let (specs, opening_text) = (&plan.specs, &plan.opening_text);
    outln!(
        out,
        "match: A = {}, B = {}, {} game{}{}, rules {rules}, openings: {opening_text}",
        specs[0].name(),
        specs[1].name(),
        args.games,
        if args.games == 1 { "" } else { "s" },
        if sprt.is_some() { " at most" } else { "" },
    )?;
    if let Some(text) = super::adjudicate::rules_text(plan.adjudicate_draw, plan.adjudicate_win) {
        outln!(out, "{text}")?;
    }
    if let Some(s) = sprt {
        let (lo, hi) = s.bounds();
        outln!(
            out,
            "SPRT: H0 Elo {}, H1 Elo {}, alpha {} beta {}: stops when the LLR leaves ({lo:.2}, {hi:.2})",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta
        )?;
    }
    Ok(())
}

/// Writes the line for a finished game, counted in `r` (see [`game_line`]); with `sprt`, the
/// test's log-likelihood ratio after it.
///
/// # Errors
/// The line cannot be written.
pub(super) fn game(
    out: &mut Out,
    p: &Played,
    r: &Results,
    plan: &Plan,
    sprt: Option<&Sprt>,
) -> anyhow::Result<()> {
    let job = &plan.jobs[p.index];
    let mut line = game_line(p, job, plan.openings[job.opening].0, &r.tally);
    if let Some(s) = sprt {
        line.push_str(&format!("  LLR {:.2}", s.llr(&r.tally)));
    }
    outln!(out, "{line}")?;
    Ok(())
}

/// The line for a finished game: its number, opening, A's colour, the result and why, and the
/// score so far (`tally`, this game counted).
fn game_line(p: &Played, job: &Job, opening_number: usize, tally: &Tally) -> String {
    let result = match p.for_a(job) {
        ForA::Win => "A wins",
        ForA::Draw => "draw",
        ForA::Loss => "B wins",
    };
    let why = match (&p.forfeit, p.game.outcome()) {
        _ if p.adjudicated.is_some() => p.adjudicated.map(|a| a.to_string()).unwrap_or_default(),
        (Some((c, f)), _) => {
            let who = if *c == job.a_colour { "A" } else { "B" };
            format!("{who} {f}")
        }
        (None, o) => o.map(|o| o.to_string()).unwrap_or_default(),
    };
    format!(
        "game {:>3} (opening {}): A plays {:<5} {:<7} {:>3} plies  {result}  ({why})  +{} ={} -{}  {}",
        p.index + 1,
        opening_number,
        job.a_colour.name(),
        p.game
            .outcome()
            .map_or("*", |o| o.pdn_result(p.game.start().rules())),
        p.game.ply(),
        tally.wins,
        tally.draws,
        tally.losses,
        elo_text(tally)
    )
}

/// The totals: the score and Elo from A's view, the time each side used, the SPRT's verdict.
pub(super) fn summary(
    out: &mut Out,
    r: &Results,
    elapsed: Duration,
    sprt: Option<&Sprt>,
) -> anyhow::Result<()> {
    let tally = &r.tally;
    outln!(
        out,
        "A vs B: +{} ={} -{}  score {:.1}/{} ({:.1}%)  {}  time {:.1}s",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.points(),
        tally.games(),
        100.0 * tally.score(),
        elo_text(tally),
        elapsed.as_secs_f64()
    )?;
    outln!(out, "time per move: A {}", r.time[0].text())?;
    outln!(out, "time per move: B {}", r.time[1].text())?;
    if let Some(s) = sprt {
        outln!(out, "{}", verdict_text(s, r.verdict, tally))?;
    }
    Ok(())
}

/// The SPRT's last word: which hypothesis it accepted, or that it needs more games.
fn verdict_text(s: &Sprt, verdict: Verdict, tally: &Tally) -> String {
    let llr = s.llr(tally);
    match verdict {
        // "A's Elo minus B's" reads right for negative bounds too.
        Verdict::AcceptH1 => format!(
            "SPRT: H1 accepted (LLR {llr:.2}): A's Elo minus B's is about {} or more",
            s.elo1
        ),
        Verdict::AcceptH0 => format!(
            "SPRT: H0 accepted (LLR {llr:.2}): A's Elo minus B's is about {} or less, not {}",
            s.elo0, s.elo1
        ),
        Verdict::Continue => format!(
            "SPRT: undecided after {} games (LLR {llr:.2}): more games are needed{}",
            tally.games(),
            if tally.wins == 0 || tally.draws == 0 || tally.losses == 0 {
                " (the test starts once there is a win, a draw and a loss)"
            } else {
                ""
            }
        ),
    }
}

/// Writes the games to `path` as PDN, those of an earlier run (`--resume`) and this run's, in
/// the order they were numbered (threads finish them in any order).
///
/// # Errors
/// The file cannot be written (or exists, without `replace`).
pub(super) fn save_games(
    path: &Path,
    replace: bool,
    r: &Results,
    plan: &Plan,
) -> anyhow::Result<()> {
    let jobs = &plan.jobs;
    let mut records: Vec<(usize, PdnGame)> = r
        .played
        .iter()
        .map(|p| {
            let number = plan.openings[jobs[p.index].opening].0;
            let record = record(p, &jobs[p.index], number, &plan.specs, &plan.opening_text);
            (p.index, record)
        })
        .collect();
    records.extend(r.resumed.iter().cloned());
    records.sort_by_key(|(i, _)| *i);
    let records: Vec<PdnGame> = records.into_iter().map(|(_, g)| g).collect();
    save_atomic(
        path,
        &write_games(&records),
        if replace {
            Overwrite::Replace
        } else {
            Overwrite::Never
        },
    )
    .map_err(|e| crate::commands::write_error(path, e))
}

/// The line after the header of a resumed match: how many games the file held and their score.
pub(super) fn resumed(out: &mut Out, args: &MatchArgs, r: &Results) -> anyhow::Result<()> {
    let path = args.pdn.as_deref().unwrap_or(Path::new("")).display();
    let t = &r.tally;
    if t.games() == 0 {
        outln!(out, "resume: no games in {path} yet: the match starts")?;
    } else {
        outln!(
            out,
            "resume: {} game{} from {path}: +{} ={} -{}  {} (their time per move is not in the totals)",
            t.games(),
            if t.games() == 1 { "" } else { "s" },
            t.wins,
            t.draws,
            t.losses,
            elo_text(t)
        )?;
    }
    Ok(())
}

fn record(
    p: &Played,
    job: &Job,
    opening_number: usize,
    specs: &[Spec; 2],
    opening_text: &str,
) -> PdnGame {
    let (a, b) = (specs[0].name(), specs[1].name());
    let (white, black) = if job.a_colour == Color::White {
        (&a, &b)
    } else {
        (&b, &a)
    };
    let mut record = PdnGame::from_game(&p.game, "dama match", white, black);
    record.set_tag("Round", &(p.index + 1).to_string());
    let opening = if opening_text.starts_with("book") {
        format!("{opening_text}, game {opening_number}")
    } else {
        opening_text.to_string()
    };
    record.set_tag("Opening", &opening);
    if let Some((_, f)) = &p.forfeit {
        record.set_tag("Termination", &f.to_string());
    }
    if let Some(a) = &p.adjudicated {
        record.set_tag("Termination", &a.to_string());
    }
    record
}

/// The Elo difference with its 95% margin, or why there is none: a score of 0% or 100% has
/// no finite Elo. Where the score's 95% interval reaches past 0% or 100% (a few games, or a
/// lopsided score) the Elo has no bound on that side: the finite end alone is given, since a
/// margin made from a capped end would look like a measurement.
fn elo_text(tally: &Tally) -> String {
    let n = tally.games();
    if n > 0 && (tally.wins == n || tally.losses == n) {
        return "Elo not measurable (one side won every game)".to_string();
    }
    let Some(e) = tally.elo() else {
        return "Elo not measurable (no games)".to_string();
    };
    // `+ 0.0` turns a -0 into 0.
    let elo = e.elo.round() + 0.0;
    if tally.draws == n {
        return format!("Elo {elo:+.0} (every game drawn: no margin yet)");
    }
    match (e.low, e.high) {
        (Some(_), Some(_)) => format!(
            "Elo {elo:+.0} +- {:.0} (95%)",
            e.margin().unwrap_or_default()
        ),
        (Some(low), None) => format!("Elo {elo:+.0} (95%: {:+.0} or more)", low.round() + 0.0),
        (None, Some(high)) => format!("Elo {elo:+.0} (95%: {:+.0} or less)", high.round() + 0.0),
        (None, None) => format!("Elo {elo:+.0} (95% margin unknown: too few games)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(wins: u32, draws: u32, losses: u32) -> String {
        elo_text(&Tally {
            wins,
            draws,
            losses,
        })
    }

    /// The margin is printed only when the interval has two finite ends; it used to come from
    /// ends capped at +-798 ("+1 =0 -1: Elo +0 +- 798", "+0 =1 -0: Elo +0 +- 0").
    #[test]
    fn elo_text_gives_no_margin_made_from_a_capped_end() {
        assert_eq!(text(30, 20, 10), "Elo +120 +- 75 (95%)");
        assert_eq!(text(2, 1, 1), "Elo +89 (95%: -221 or more)");
        assert_eq!(text(16, 1, 1), "Elo +417 (95%: +242 or more)");
        assert_eq!(text(1, 0, 3), "Elo -191 (95%: +126 or less)");
        assert_eq!(text(1, 0, 1), "Elo +0 (95% margin unknown: too few games)");
        assert_eq!(text(0, 1, 0), "Elo +0 (every game drawn: no margin yet)");
        assert_eq!(text(199, 1, 0), "Elo +1040 (95%: +851 or more)");
        assert_eq!(
            text(4, 0, 0),
            "Elo not measurable (one side won every game)"
        );
        assert_eq!(text(0, 0, 0), "Elo not measurable (no games)");
    }
}
