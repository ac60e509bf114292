//! `dama match`: engine against engine (or the classic yardstick, or a random mover), colours
//! alternating, each pair of games from the same random opening. Prints each game, then
//! wins/draws/losses from A's view, the score and the Elo difference with its 95% margin.

use super::output::{Out, outln};
use crate::cli::{MatchArgs, PlayerKind};
use crate::engine::selfplay::{self, Player, Tally};
use crate::engine::{Limits, Style};
use crate::notation::pdn::{Overwrite, PdnGame, save_atomic, write_games};
use crate::rules::{Color, Game, RuleSet};
use anyhow::Context;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn limits(depth: Option<u32>, movetime: Option<u64>, nodes: Option<u64>) -> Limits {
    match (depth, movetime, nodes) {
        (Some(d), _, _) => Limits::Depth(d.max(1)),
        (_, Some(ms), _) => Limits::MoveTime(Duration::from_millis(ms.max(1))),
        (_, _, Some(n)) => Limits::Nodes(n.max(1)),
        _ => Limits::Depth(6),
    }
}

fn describe(kind: PlayerKind, l: Limits) -> String {
    let what = match kind {
        PlayerKind::Full => "engine",
        PlayerKind::Classic => "classic",
        PlayerKind::Random => return "random mover".to_string(),
    };
    match l {
        Limits::Depth(d) => format!("{what} depth {d}"),
        Limits::MoveTime(t) => format!("{what} {} ms/move", t.as_millis()),
        Limits::Nodes(n) => format!("{what} {n} nodes/move"),
        Limits::Infinite => what.to_string(),
    }
}

fn player(kind: PlayerKind, limits: Limits, tt: usize, seed: u64, exp: u32) -> Player {
    match kind {
        PlayerKind::Random => Player::Random(Box::new(selfplay::rng(seed))),
        PlayerKind::Full | PlayerKind::Classic => {
            let mut engine = Box::new(super::engine_with_table(tt));
            engine.set_seed(Some(seed));
            engine.set_experiment(exp);
            if kind == PlayerKind::Classic {
                engine.set_style(Style::Classic);
            }
            Player::Engine { engine, limits }
        }
    }
}

pub fn run(args: &MatchArgs, out: &mut Out) -> anyhow::Result<()> {
    anyhow::ensure!(args.games >= 1, "--games must be at least 1");
    if let Some(path) = &args.pdn {
        // Checked before the (long) match as well as when writing.
        super::check_output(path, args.force)?;
        // The games file is the product: it is written even if the reader of the progress
        // lines goes away.
        out.outlive_reader();
    }
    let rules = RuleSet::from(args.rules);
    let la = limits(args.a_depth, args.a_movetime, args.a_nodes);
    let lb = limits(args.b_depth, args.b_movetime, args.b_nodes);
    let (name_a, name_b) = (describe(args.a_kind, la), describe(args.b_kind, lb));
    let mut a = player(
        args.a_kind,
        la,
        args.tt,
        args.seed.wrapping_mul(2).wrapping_add(1),
        args.a_exp,
    );
    let mut b = player(
        args.b_kind,
        lb,
        args.tt,
        args.seed.wrapping_mul(2).wrapping_add(2),
        args.b_exp,
    );
    outln!(
        out,
        "match: A = {name_a}, B = {name_b}, {} game{}, rules {rules}",
        args.games,
        if args.games == 1 { "" } else { "s" }
    )?;
    let stop = AtomicBool::new(false);
    let mut openings = selfplay::rng(args.seed);
    let mut tally = Tally::default();
    let mut records = Vec::new();
    let mut opening = Game::new(crate::rules::Position::start(rules));
    let t = Instant::now();
    for g in 0..args.games {
        if g % 2 == 0 {
            opening = selfplay::random_opening(rules, args.opening_plies, &mut openings);
        }
        // Even games: A has the first move's colour; odd: B does.
        let first = rules.first_to_move();
        let a_colour = if g % 2 == 0 { first } else { first.opposite() };
        let mut game = opening.clone();
        a.new_game();
        b.new_game();
        let outcome = if a_colour == Color::White {
            selfplay::play_out(&mut game, &mut a, &mut b, &stop)
        } else {
            selfplay::play_out(&mut game, &mut b, &mut a, &stop)
        }
        .context("the match was stopped")?;
        let result = match outcome.winner() {
            None => {
                tally.draws += 1;
                "draw"
            }
            Some(c) if c == a_colour => {
                tally.wins += 1;
                "A wins"
            }
            Some(_) => {
                tally.losses += 1;
                "B wins"
            }
        };
        let (white, black) = if a_colour == Color::White {
            (&name_a, &name_b)
        } else {
            (&name_b, &name_a)
        };
        outln!(
            out,
            "game {:>3}: A plays {:<5} {:<7} {:>3} plies  {}  ({outcome})",
            g + 1,
            a_colour.name(),
            outcome.pdn_result(game.start().rules()),
            game.ply(),
            result
        )?;
        let mut record = PdnGame::from_game(&game, "dama match", white, black);
        record.set_tag("Round", &(g + 1).to_string());
        record.set_tag(
            "Opening",
            &format!("first {} plies random", args.opening_plies),
        );
        records.push(record);
    }
    outln!(
        out,
        "A vs B: +{} ={} -{}  score {:.1}/{} ({:.1}%)  {}  time {:.1}s",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.points(),
        tally.games(),
        100.0 * tally.score(),
        elo_text(&tally),
        t.elapsed().as_secs_f64()
    )?;
    if let Some(path) = &args.pdn {
        save_atomic(
            path,
            &write_games(&records),
            if args.force {
                Overwrite::Replace
            } else {
                Overwrite::Never
            },
        )
        .map_err(|e| super::write_error(path, e))?;
        outln!(out, "games written to {}", path.display())?;
    }
    Ok(())
}

/// The Elo difference with its 95% margin, or why there is none: a score of 0% or 100% has
/// no finite Elo, and the capped figure would look like a measurement.
fn elo_text(tally: &Tally) -> String {
    let n = tally.games();
    if tally.wins == n || tally.losses == n {
        return "Elo not measurable (one side won every game)".to_string();
    }
    match tally.elo() {
        // `+ 0.0` turns a -0 into 0.
        Some((elo, margin)) => format!("Elo {:+.0} +- {:.0} (95%)", elo.round() + 0.0, margin),
        None => "Elo not measurable (no games)".to_string(),
    }
}
