//! `dama match`: two players (the engine at chosen settings, the classic yardstick, a random
//! mover, or another program speaking the `dama engine` protocol), each opening played twice
//! with colours swapped. Openings are random plies or positions from a PDN book. Games run on
//! `--concurrency` threads; a line per finished game gives the score so far, and with `--sprt`
//! the match stops as soon as the test decides. At the end: wins/draws/losses from A's view,
//! the score, the Elo difference with its 95% margin, and the time each side used per move.
//!
//! The rooms: `spec` (the sides and their players), `book` (the openings), `games`
//! (playing them), `timing` (time used per move), `report` (what is printed and saved).
//! The match uses `commands::external` for other programs; that module never uses this one.

mod adjudicate;
mod args;
mod book;
mod games;
mod report;
mod resume;
mod spec;
mod timing;

use super::output::{Out, outln};
use crate::lab::sprt::Sprt;
use crate::rules::RuleSet;
pub use args::{BookChoice, MatchArgs, PlayerKind};
use std::time::Instant;

/// # Errors
/// Bad settings, a book or engine that cannot be used, or output that cannot be written.
pub fn run(args: &MatchArgs, out: &mut Out) -> anyhow::Result<()> {
    anyhow::ensure!(args.games >= 1, "--games must be at least 1");
    args::check_kinds(args)?;
    if let Some(path) = &args.pdn {
        // The openings and the sides' books are read: the games file must not replace them.
        let mut inputs: Vec<&std::path::Path> = args.book.iter().map(|p| p.as_path()).collect();
        for book in [&args.a_book, &args.b_book] {
            if let BookChoice::File(p) = book {
                inputs.push(p);
            }
        }
        super::check_not_input(path, &inputs, "--pdn")?;
        // Checked before the (long) match as well as when writing.
        super::check_output(path, args.force || (args.resume && path.exists()))?;
        // The games file is the product: it is written even if the reader of the progress
        // lines goes away.
        out.outlive_reader();
    }
    let rules = RuleSet::from(args.rules);
    let mut specs = spec::specs(args);
    spec::load_books(&mut specs, args, rules)?;
    let (openings, opening_text) = book::openings(args, rules)?;
    spec::check_engines(&specs, rules)?;
    let plan = games::Plan {
        jobs: games::schedule(args.games, rules, openings.len()),
        specs,
        openings,
        opening_text,
        adjudicate_draw: args.adjudicate_draw,
        adjudicate_win: args.adjudicate_win,
    };
    let sprt = args.sprt.map(|(e0, e1)| Sprt::new(e0, e1));
    let resumed = match &args.pdn {
        Some(path) if args.resume => resume::read(path, rules, &plan)?,
        _ => Vec::new(),
    };
    report::header(out, args, rules, &plan, sprt.as_ref())?;
    let results = games::Results::resumed(resumed, &plan.jobs, sprt.as_ref());
    if args.resume {
        report::resumed(out, args, &results)?;
    }

    if let Some(mib) = args.table_cache {
        crate::tables::set_cache_bytes(mib << 20);
    }
    // Made once per process: not charged to the first move's time.
    crate::engine::prepare(rules);
    let t = Instant::now();
    // A file is rewritten as each game ends, so that a match stopped part way keeps its
    // games (and `--resume` goes on from them); only this run's first write may find it new.
    // A stream (a named pipe, a terminal, /dev/null) takes them once, at the end: a pipe's
    // reader stops at the end of the first write.
    let mut replace = args.force || args.resume;
    let each_game = args.pdn.as_deref().filter(|p| {
        !matches!(
            crate::store::Target::of(p),
            Ok(crate::store::Target::Stream(_))
        )
    });
    let results = games::play_all(args.concurrency, &plan, sprt.as_ref(), results, |p, r| {
        // Saved before its line is printed: the file, not the log, is what a resume reads.
        if let Some(path) = each_game {
            report::save_games(path, replace, r, &plan)?;
            replace = true;
        }
        report::game(out, p, r, &plan, sprt.as_ref())
    })?;
    report::summary(out, &results, t.elapsed(), sprt.as_ref())?;
    if let Some(path) = &args.pdn {
        if each_game.is_none() {
            report::save_games(path, replace, &results, &plan)?;
        }
        outln!(out, "games written to {}", path.display())?;
    }
    Ok(())
}
