//! `dama analyze`: the engine's view of a position (one line per finished iteration) or, with
//! `--annotate`, of every move of a PDN game (written back as a PDN copy with comments).

use super::output::{Out, OutputError, outln};
use super::values::{Rules, depth, lines, table_cache_mib, threads, tt_mib};
use crate::engine::{Engine, Limits, SearchInfo, WIN, format_score, is_decisive};
use crate::notation::fen;
use crate::notation::pdn::{self, PdnGame};
use crate::rules::{Game, RuleSet};
use crate::store::{Overwrite, save_atomic};
use anyhow::{Context, bail};
use clap::Args;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

#[derive(Args, Debug)]
// What to analyse: a game of a FILE, a --fen position, or (--board alone) the start position.
#[command(group(clap::ArgGroup::new("position").args(["file", "fen", "board"]).required(true).multiple(true)))]
pub struct AnalyzeArgs {
    /// Rule set (a PDN file's GameType tag takes precedence).
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// The position to analyse (PDN FEN).
    #[arg(long, conflicts_with = "file")]
    pub fen: Option<String>,
    /// A PDN file: its game's final position (or the one after --ply plies) is analysed.
    pub file: Option<std::path::PathBuf>,
    /// Which game of the file (from 1).
    #[arg(long, default_value_t = 1, requires = "file", conflicts_with = "fen", value_parser = crate::commands::values::game_number, allow_negative_numbers = true)]
    pub game: usize,
    /// Analyse the position after this many plies of the game instead of its last one.
    #[arg(long, requires = "file", conflicts_with_all = ["fen", "annotate"], value_parser = crate::commands::values::plies, allow_negative_numbers = true)]
    pub ply: Option<usize>,
    /// Search depth in plies.
    #[arg(long, short, conflicts_with = "movetime", value_parser = depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Milliseconds per position.
    #[arg(long, value_name = "MS", value_parser = crate::commands::values::movetime, allow_negative_numbers = true)]
    pub movetime: Option<u64>,
    /// Open the analysis board in the terminal on the position (moves for both sides, the
    /// engine's best lines live, variations saved as PDN) instead of printing.
    #[arg(long, conflicts_with_all = ["annotate", "depth", "movetime", "lines"])]
    pub board: bool,
    /// The board's language (default from LC_ALL / LC_MESSAGES / LANG: `it...` is Italian).
    // (Also conflicting with what --board conflicts with: clap lets a required option be
    // missing when it conflicts with one given, so `--fen F --depth 8 --lang it` would pass.)
    #[arg(long, value_enum, requires = "board", conflicts_with_all = ["annotate", "depth", "movetime", "lines", "tt"])]
    pub lang: Option<super::values::LangChoice>,
    /// Show the best N lines (multi-PV), each with its score and depth, best first.
    #[arg(long, default_value_t = 1, value_parser = lines, conflicts_with = "annotate", allow_negative_numbers = true)]
    pub lines: usize,
    /// Write the game to this PDN file with the evaluation and best move after every move as
    /// comments, and `?` / `??` on moves that lose half a man / one and a half men or more.
    #[arg(long, value_name = "FILE", requires = "file", conflicts_with = "fen")]
    pub annotate: Option<std::path::PathBuf>,
    /// Replace the --annotate file if it exists (without this, an existing file is kept).
    // (Also conflicting with what --annotate conflicts with, as --lang above.)
    #[arg(long, requires = "annotate", conflicts_with_all = ["fen", "board", "ply", "lines"])]
    pub force: bool,
    /// Transposition table size, MiB (the analysis board's engine has its own, 64 MiB).
    #[arg(long, default_value_t = 64, value_parser = tt_mib, allow_negative_numbers = true, conflicts_with = "board")]
    pub tt: usize,
    #[arg(long, value_enum, help = super::pattern::EVAL_HELP)]
    pub eval: Option<super::pattern::Eval>,
    /// Search threads (lazy SMP: node counts and lines then vary from run to run); default 1,
    /// and on the analysis board every thread of the machine.
    #[arg(long, value_parser = threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Endgame tables' cache of decompressed blocks, MiB (the files themselves are mapped).
    #[arg(long, default_value_t = 64, value_parser = table_cache_mib, allow_negative_numbers = true)]
    pub table_cache: usize,
}

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

/// A table result in words: `win in 7`, `loss in 4`, `draw`.
pub(crate) fn table_score_text(score: i32) -> String {
    if score == 0 {
        "draw".to_string()
    } else {
        format_score(score)
    }
}

fn info_line(i: &SearchInfo) -> String {
    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
    // A result the endgame tables decided is marked as such (exact, not searched).
    let score = if i.tables {
        format!("{} (tables)", table_score_text(i.score))
    } else {
        format_score(i.score)
    };
    format!(
        "depth {:>2}  score {:>9}  nodes {:>11}  nps {:>9}  time {:>7.3}s  pv {}",
        i.depth,
        score,
        i.nodes,
        i.nps,
        i.elapsed.as_secs_f64(),
        pv.join(" ")
    )
}

pub fn run(args: &AnalyzeArgs, out: &mut Out) -> anyhow::Result<()> {
    super::pattern::use_eval(args.eval);
    // The printed analysis and the board alike.
    crate::tables::set_cache_bytes(args.table_cache << 20);
    let limits = limits(args);
    let rules = RuleSet::from(args.rules);
    // The position (or the game) is read before the engine and its tables: a mistake in the
    // arguments or the file is then the first and only thing said.
    let record = match &args.fen {
        Some(text) if args.board => {
            let pos = fen::parse(rules, text).with_context(|| format!("bad --fen {text:?}"))?;
            let mut record = PdnGame::new(rules);
            record.start = pos;
            let lang = super::values::LangChoice::resolve(args.lang);
            return super::play::analysis_board(record, 0, lang, args.threads, None);
        }
        // `--board` alone: the start position.
        None if args.board && args.file.is_none() => {
            let lang = super::values::LangChoice::resolve(args.lang);
            return super::play::analysis_board(PdnGame::new(rules), 0, lang, args.threads, None);
        }
        Some(text) => {
            let pos = fen::parse(rules, text).with_context(|| format!("bad --fen {text:?}"))?;
            let mut engine = engine(args, rules);
            return analyse(&mut engine, &Game::new(pos), limits, args.lines, out);
        }
        None => read_record(args, rules)?,
    };
    // A damaged game, as `dama replay` shows it: up to the ply before its damage (a --ply at
    // or past it stops there), with the damage said after the board or the analysis, exit
    // status 1.
    let Record {
        game: record,
        damage,
        error,
    } = record;
    let readable = record.moves.len();
    let up_to = |ply: Option<usize>| match (ply, &damage) {
        (Some(k), None) if k > readable => Err(anyhow::anyhow!(
            "game {} has only {readable} plies",
            args.game
        )),
        (Some(k), _) => Ok(k.min(readable)),
        (None, _) => Ok(readable),
    };
    let after_damage = |what: &str| match &damage {
        Some(d) => Err(anyhow::anyhow!(
            "{d} ({what} up to ply {readable}, where the record is damaged)"
        )),
        None => Ok(()),
    };
    if args.board {
        let plies = up_to(args.ply)?;
        let lang = super::values::LangChoice::resolve(args.lang);
        // Said on the board too: a game cut short at its damage is not left to look whole
        // until the board is closed (QA pass 5).
        let note = error.as_ref().map(|e| {
            crate::tui::lang::Msg::AnalysisDamaged
                .fill(lang, &[&readable, &crate::tui::lang::pdn_error(lang, e)])
        });
        super::play::analysis_board(record, plies, lang, args.threads, note)?;
        return after_damage("game opened");
    }
    if let Some(file) = &args.annotate {
        if let Some(d) = &damage {
            // An annotated copy of part of a game would pass for the whole record.
            bail!("{d}: --annotate needs a whole game (dama replay shows it up to the damage)");
        }
        if let Some(input) = &args.file {
            super::check_not_input(file, &[input], "--annotate")?;
        }
        // Checked before the (long) analysis as well as when writing.
        super::check_output(file, args.force)?;
        // The annotated file is the product: it is written even if the reader of the progress
        // lines goes away.
        out.outlive_reader();
        let mut engine = engine(args, record.start.rules());
        return annotate(&mut engine, record, limits, file, args.force, out);
    }
    let mut game = Game::new(record.start);
    let plies = up_to(args.ply)?;
    for m in &record.moves[..plies] {
        // As the record was read: on past a draw by the rules, if it plays on.
        game.play_past_draw(&m.mv).context("the record replays")?;
    }
    drop(record);
    let mut engine = engine(args, game.position().rules());
    analyse(&mut engine, &game, limits, args.lines, out)?;
    after_damage("analysed")
}

/// The chosen game of the file, or of a damaged one what can be read before the damage, with
/// the damage in words (`FILE:LINE:COL (game N): ...`, as `dama replay` says it).
struct Record {
    game: PdnGame,
    damage: Option<String>,
    /// The damage itself, for the board to say it in its own language while it is open.
    error: Option<crate::notation::pdn::PdnError>,
}

/// The engine as the arguments set it up, with the endgame tables of `rules`: the rule set of
/// what is analysed (a file's `GameType` tag takes precedence over `--rules`).
fn engine(args: &AnalyzeArgs, rules: RuleSet) -> Engine {
    let mut engine = super::engine_with_table(args.tt);
    // Analysis shows the best move, not a varied one.
    engine.set_variety(0);
    engine.set_threads(args.threads.unwrap_or(1));
    engine.set_tables(super::tables::for_engine(rules));
    engine
}

/// The chosen game of the file: read as `dama replay` reads it, one game at a time up to it
/// (a large file's games are never all held), and without --annotate only up to --ply (a
/// game of millions of plies is not read past the position asked for).
fn read_record(args: &AnalyzeArgs, rules: RuleSet) -> anyhow::Result<Record> {
    let path = args
        .file
        .as_ref()
        .expect("clap requires a file without --fen");
    let text = pdn::read_text(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut reader = pdn::Reader::new(&text, rules);
    let no_game = |count| {
        anyhow::anyhow!(
            "{}: no game {} (the file holds {count})",
            path.display(),
            args.game
        )
    };
    let Some(before) = args.game.checked_sub(1) else {
        bail!("{}: no game 0 (games are numbered from 1)", path.display());
    };
    for read in 0..before {
        if reader.next().is_none() {
            return Err(no_game(read));
        }
    }
    // The board keeps the whole game (its moves after --ply too, and its variations).
    let plies = match (&args.annotate, args.ply) {
        (None, Some(k)) if !args.board => k,
        _ => usize::MAX,
    };
    let head = reader.next_up_to(plies).ok_or_else(|| no_game(before))?;
    match head.game {
        Ok(game) => Ok(Record {
            game,
            damage: None,
            error: None,
        }),
        Err(mut e) => {
            // Worded as `dama replay` words it: the game's number only in a file of several.
            let which = if before > 0 || !reader.at_end() {
                format!(" (game {})", args.game)
            } else {
                String::new()
            };
            let damage = format!(
                "{}:{}:{}{which}: {}",
                path.display(),
                e.line,
                e.column,
                e.kind
            );
            match e.partial.take() {
                Some(partial) => Ok(Record {
                    game: *partial,
                    damage: Some(damage),
                    error: Some(e),
                }),
                // Nothing of it can be read (its tags are at fault).
                None => bail!("{damage}"),
            }
        }
    }
}

fn analyse(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    lines: usize,
    out: &mut Out,
) -> anyhow::Result<()> {
    outln!(
        out,
        "rules {}  fen {}",
        game.position().rules(),
        fen::write(game.position())
    )?;
    if let Some(o) = game.outcome() {
        outln!(out, "the game is over: {o}")?;
        // Nothing to search in a finished game (a side with no pieces is not "won in 1").
        outln!(out, "bestmove none (the game is over)")?;
        return Ok(());
    }
    if let Some(moves) = book_moves(game) {
        outln!(
            out,
            "book: {}",
            crate::book::probe::describe(&moves, moves.len())
        )?;
    }
    if lines > 1 {
        return analyse_lines(engine, game, limits, lines, out);
    }
    let stop = AtomicBool::new(false);
    let mut last = None;
    // A line that cannot be written ends the search (nobody would see the rest).
    let mut failed: Option<OutputError> = None;
    let r = engine.search(game, limits, &stop, &mut |i| {
        if failed.is_some() {
            return;
        }
        if let Err(e) = outln!(out, "{}", info_line(i)) {
            failed = Some(e);
            stop.store(true, Ordering::Relaxed);
        }
        // The search's own clock, carried on past its last report.
        last = Some((i.clone(), std::time::Instant::now()));
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    if let Some(i) = super::chosen_line(last.as_ref(), &r) {
        outln!(out, "{}", info_line(&i))?;
    }
    match r.best {
        Some(m) => outln!(out, "bestmove {m}  score {}", format_score(r.score))?,
        None => outln!(
            out,
            "bestmove none (no legal move: the side to move has lost)"
        )?,
    }
    Ok(())
}

/// `--lines N`: after each iteration, its lines (`line 1` the best), then the best move.
fn analyse_lines(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    lines: usize,
    out: &mut Out,
) -> anyhow::Result<()> {
    let stop = AtomicBool::new(false);
    let mut failed: Option<OutputError> = None;
    let found = engine.search_lines(game, limits, lines, &stop, &mut |infos| {
        for (k, i) in infos.iter().enumerate() {
            if failed.is_some() {
                return;
            }
            if let Err(e) = outln!(out, "line {}  {}", k + 1, info_line(i)) {
                failed = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    match found
        .first()
        .and_then(|l| l.pv.first().map(|m| (m, l.score)))
    {
        Some((m, score)) => outln!(out, "bestmove {m}  score {}", format_score(score))?,
        None => outln!(
            out,
            "bestmove none (no legal move: the side to move has lost)"
        )?,
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

/// A score one ply up: the child's score (its side to move's view) seen by the side that moved
/// into it, with a forced result one ply further away.
fn parent_view(child: i32) -> i32 {
    use crate::engine::score::{ScoreKind, classify, loss_in, win_in};
    match classify(child) {
        ScoreKind::Win(n) => loss_in(n as i32 + 1),
        ScoreKind::Loss(n) => win_in(n as i32 + 1),
        ScoreKind::Centi(cp) => -cp,
    }
}

/// The opening book's moves of the game's position (the data folder's book, else the shipped
/// one), best first; `None` out of book. The analysis itself never plays from the book: it
/// only says what the book holds beside its own search.
fn book_moves(game: &Game) -> Option<Vec<crate::book::BookMove>> {
    crate::book::shared(game.position().rules())
        .book
        .as_ref()?
        .moves_in(game)
}

/// An annotation's words for a position in book: the played move's book value and the
/// book's best (`book 21-18 -0.03, best 23-19 +0.01`).
fn book_note(moves: &[crate::book::BookMove], played: crate::rules::Move) -> String {
    let best = &moves[0];
    let mine = moves
        .iter()
        .find(|b| b.mv == played)
        .map_or_else(|| "-".to_string(), |b| format_score(b.score));
    format!(
        "book {played} {mine}, best {} {}",
        best.mv,
        format_score(best.score)
    )
}

fn annotate(
    engine: &mut Engine,
    mut record: PdnGame,
    limits: Limits,
    file: &std::path::Path,
    force: bool,
    out: &mut Out,
) -> anyhow::Result<()> {
    let stop = AtomicBool::new(false);
    let mut game = Game::new(record.start);
    let mut marked = 0;
    let mut in_book = 0;
    let numbers: Vec<(usize, bool)> = (0..record.moves.len())
        .map(|i| record.move_number(i))
        .collect();
    for (i, &(number, first)) in numbers.iter().enumerate() {
        let played = record.moves[i].mv;
        let book = book_moves(&game).map(|moves| book_note(&moves, played));
        // The best move and its score at this position (mover's view, plies counted from here).
        let r = engine.search(&game, limits, &stop, &mut |_| {});
        let (best, best_score) = (r.best, r.score);
        let mut after_game = game.clone();
        // As the record was read (and as the analysis without --annotate replays it): on past
        // a draw by the rules (R-G2, R-G3), if the record plays on.
        after_game
            .play_past_draw(&played)
            .context("the record replays")?;
        // The played move's score on the same horizon and from the same point of view: the
        // best move's own score when it is the best move (the same search), else a search of
        // the position after it one ply shallower (the best move's line is `depth` plies from
        // here, so the played one gets `depth - 1` after it), seen from the mover's side.
        let played_score = if best == Some(played) {
            best_score
        } else {
            let child = match after_game.outcome() {
                Some(o) if o.winner().is_some() => -WIN,
                Some(_) => 0,
                None => {
                    let depth = match limits {
                        Limits::Depth(d) => d,
                        _ => r.depth,
                    };
                    let child_limits = Limits::Depth(depth.saturating_sub(1).max(1));
                    engine
                        .search(&after_game, child_limits, &stop, &mut |_| {})
                        .score
                }
            };
            parent_view(child)
        };
        game = after_game;
        // What the move gave away against the best (mover's view).
        let loss = clamp(best_score) - clamp(played_score);
        let mark = if best == Some(played) || loss < MISTAKE {
            ""
        } else if loss < BLUNDER {
            "?"
        } else {
            "??"
        };
        let best_text = best.map_or_else(|| "-".to_string(), |b| b.to_string());
        let after = format_score(played_score);
        let m = &mut record.moves[i];
        m.comments.push(match &book {
            Some(note) => format!(
                "{after} (best {best_text} {}; {note})",
                format_score(best_score)
            ),
            None => format!("{after} (best {best_text} {})", format_score(best_score)),
        });
        if !mark.is_empty() {
            m.nags.push(mark.to_string());
            marked += 1;
        }
        outln!(
            out,
            "{number}{} {:<10} {:>9}  best {:<10} {:>9} {mark}",
            if first { "." } else { "..." },
            m.mv.to_string(),
            after,
            best_text,
            format_score(best_score),
        )?;
        in_book += usize::from(book.is_some());
    }
    if in_book > 0 {
        outln!(
            out,
            "{in_book} moves played in positions of the opening book (each comment gives the book's \
             values)"
        )?;
    }
    record.set_tag("Annotator", "dama analyze");
    let overwrite = if force {
        Overwrite::Replace
    } else {
        Overwrite::Never
    };
    save_atomic(file, &pdn::write_game(&record), overwrite)
        .map_err(|e| super::write_error(file, e))?;
    outln!(
        out,
        "{marked} moves marked; annotated game written to {}",
        file.display()
    )?;
    Ok(())
}
