//! `dama analyze`: the engine's view of a position (one line per finished iteration) or, with
//! `--annotate`, of every move of a PDN game (written back as a PDN copy with comments).

use crate::cli::AnalyzeArgs;
use crate::engine::{Engine, Limits, SearchInfo, WIN, format_score, is_decisive};
use crate::notation::fen;
use crate::notation::pdn::{self, Overwrite, PdnGame, save_atomic};
use crate::rules::{Game, RuleSet};
use anyhow::{Context, bail};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A move that loses this much (centi-men, from the mover's view) against the best gets `?`.
const MISTAKE: i32 = 50;
/// ... and this much `??`.
const BLUNDER: i32 = 150;

fn limits(args: &AnalyzeArgs) -> Limits {
    match (args.depth, args.movetime) {
        (Some(d), _) => Limits::Depth(d.max(1)),
        (None, Some(ms)) => Limits::MoveTime(Duration::from_millis(ms.max(1))),
        (None, None) => Limits::Depth(12),
    }
}

fn info_line(i: &SearchInfo) -> String {
    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "depth {:>2}  score {:>9}  nodes {:>11}  nps {:>9}  time {:>7.3}s  pv {}",
        i.depth,
        format_score(i.score),
        i.nodes,
        i.nps,
        i.elapsed.as_secs_f64(),
        pv.join(" ")
    )
}

pub fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let limits = limits(args);
    let mut engine = super::engine_with_table(args.tt);
    // Analysis shows the best move, not a varied one.
    engine.set_variety(0);
    if let Some(text) = &args.fen {
        let rules = RuleSet::from(args.rules);
        let pos = fen::parse(rules, text).with_context(|| format!("bad --fen {text:?}"))?;
        return analyse(&mut engine, &Game::new(pos), limits);
    }
    let path = args
        .file
        .as_ref()
        .expect("clap requires a file without --fen");
    let games = pdn::read_file(path, RuleSet::from(args.rules))
        .with_context(|| format!("cannot read {}", path.display()))?;
    let count = games.len();
    let Some(record) = args
        .game
        .checked_sub(1)
        .and_then(|i| games.into_iter().nth(i))
    else {
        bail!(
            "{}: no game {} (the file holds {count})",
            path.display(),
            args.game
        );
    };
    let record =
        record.with_context(|| format!("{}: game {} is damaged", path.display(), args.game))?;
    if let Some(out) = &args.annotate {
        // Checked before the (long) analysis as well as when writing.
        super::check_output(out, args.force)?;
        return annotate(&mut engine, record, limits, out, args.force);
    }
    let mut game = Game::new(record.start);
    let plies = args.ply.unwrap_or(record.moves.len());
    if plies > record.moves.len() {
        bail!("game {} has only {} plies", args.game, record.moves.len());
    }
    for m in &record.moves[..plies] {
        game.play(&m.mv).context("the record replays")?;
    }
    analyse(&mut engine, &game, limits)
}

fn analyse(engine: &mut Engine, game: &Game, limits: Limits) -> anyhow::Result<()> {
    println!(
        "rules {}  fen {}",
        game.position().rules(),
        fen::write(game.position())
    );
    if let Some(o) = game.outcome() {
        println!("the game is over: {o}");
    }
    let stop = AtomicBool::new(false);
    let r = engine.search(game, limits, &stop, &mut |i| println!("{}", info_line(i)));
    match r.best {
        Some(m) => println!("bestmove {m}  score {}", format_score(r.score)),
        None => println!("bestmove none (no legal move: the side to move has lost)"),
    }
    Ok(())
}

/// Scores for the loss arithmetic: a forced result counts as a big but finite lead.
fn clamp(score: i32) -> i32 {
    if is_decisive(score) {
        score.signum() * 3000
    } else {
        score
    }
}

fn annotate(
    engine: &mut Engine,
    mut record: PdnGame,
    limits: Limits,
    out: &std::path::Path,
    force: bool,
) -> anyhow::Result<()> {
    let stop = AtomicBool::new(false);
    let mut game = Game::new(record.start);
    // The score of every position of the game from its side to move's view, and the move the
    // engine prefers there.
    let mut scores = Vec::with_capacity(record.moves.len() + 1);
    let mut bests = Vec::with_capacity(record.moves.len() + 1);
    for i in 0..=record.moves.len() {
        let (score, best) = match game.outcome() {
            Some(o) if o.winner().is_some() => (-WIN, None),
            Some(_) => (0, None),
            None => {
                let r = engine.search(&game, limits, &stop, &mut |_| {});
                (r.score, r.best)
            }
        };
        scores.push(score);
        bests.push(best);
        if i < record.moves.len() {
            game.play(&record.moves[i].mv)
                .context("the record replays")?;
        }
    }
    let mut marked = 0;
    let numbers: Vec<(usize, bool)> = (0..record.moves.len())
        .map(|i| record.move_number(i))
        .collect();
    for (i, m) in record.moves.iter_mut().enumerate() {
        // What the move gave away: the best score here minus the score after it (mover's view).
        let loss = clamp(scores[i]) + clamp(scores[i + 1]);
        let best = bests[i];
        let mark = if best == Some(m.mv) || loss < MISTAKE {
            ""
        } else if loss < BLUNDER {
            "?"
        } else {
            "??"
        };
        let best_text = best.map_or_else(|| "-".to_string(), |b| b.to_string());
        // After the last move of a won game there is nothing left to count.
        let after = if scores[i + 1] == -WIN && bests[i + 1].is_none() {
            "wins".to_string()
        } else {
            format_score(-scores[i + 1])
        };
        m.comments.push(format!(
            "{after} (best {best_text} {})",
            format_score(scores[i])
        ));
        if !mark.is_empty() {
            m.nags.push(mark.to_string());
            marked += 1;
        }
        let (number, first) = numbers[i];
        println!(
            "{number}{} {:<10} {:>9}  best {:<10} {:>9} {mark}",
            if first { "." } else { "..." },
            m.mv.to_string(),
            after,
            best_text,
            format_score(scores[i]),
        );
    }
    record.set_tag("Annotator", "dama analyze");
    let overwrite = if force {
        Overwrite::Replace
    } else {
        Overwrite::Never
    };
    save_atomic(out, &pdn::write_game(&record), overwrite)
        .map_err(|e| super::write_error(out, e))?;
    println!(
        "{marked} moves marked; annotated game written to {}",
        out.display()
    );
    Ok(())
}
