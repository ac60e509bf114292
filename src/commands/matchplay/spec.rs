//! The two sides of a match: how each is configured ([`Spec`], from the command line) and
//! the player each thread builds from it ([`Side`]: the engine, the classic yardstick, a
//! random mover or an external program). An external engine that cannot start stops the
//! match before it begins ([`check_engines`]).

use super::args::{BookChoice, MatchArgs, PlayerKind};
use super::timing::ended_on_its_own;
use crate::book::Book;
use crate::engine::{Limits, Strength, Style};
use crate::lab::external::{self, External, Forfeit};
use crate::lab::selfplay::{self, Player};
use crate::line_protocol::Score;
use crate::rules::{Game, Move, RuleSet};
use anyhow::bail;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A side's strength from its options: a level, else a depth, a time or nodes (depth 6 when
/// none is given).
fn strength(
    level: Option<u8>,
    depth: Option<u32>,
    movetime: Option<u64>,
    nodes: Option<u64>,
) -> Strength {
    match (level, depth, movetime, nodes) {
        (Some(n), ..) => Strength::Level(n),
        (_, Some(d), _, _) => Strength::Depth(d.max(1)),
        (_, _, Some(ms), _) => Strength::MoveTime(Duration::from_millis(ms.max(1))),
        (_, _, _, Some(n)) => Strength::Nodes(n.max(1)),
        _ => Strength::Depth(6),
    }
}

fn limits_text(l: Limits) -> String {
    match l {
        Limits::Depth(d) => format!("depth {d}"),
        Limits::MoveTime(t) => format!("{} ms/move", t.as_millis()),
        Limits::Nodes(n) => format!("{n} nodes/move"),
        Limits::Infinite => "no limit".to_string(),
    }
}

/// One side of the match, as configured (each thread builds its own players from it).
pub(super) struct Spec {
    kind: PlayerKind,
    /// An external program's command line.
    engine: Option<String>,
    /// How strongly it plays: its search limits, and a level's variety margin.
    strength: Strength,
    seed: u64,
    exp: u32,
    contempt: i32,
    tt: usize,
    /// Search threads of this side's engine.
    threads: usize,
    /// How long an external engine may take for a move before it loses on time.
    timeout: Duration,
    /// How long an external engine may take to answer `isready`.
    ready: Duration,
    /// The opening book it plays from, if any.
    book: Option<Arc<Book>>,
}

impl Spec {
    pub(super) fn name(&self) -> String {
        if let Some(cmd) = &self.engine {
            return format!("`{cmd}` {}", limits_text(self.strength.limits()));
        }
        let what = match self.kind {
            PlayerKind::Full => "engine",
            PlayerKind::Classic => "classic",
            PlayerKind::Random => return "random mover".to_string(),
        };
        let threads = if self.threads > 1 && self.kind == PlayerKind::Full {
            format!(", {} threads", self.threads)
        } else {
            String::new()
        };
        let limits = limits_text(self.strength.limits());
        let book = if self.book.is_some() { ", book" } else { "" };
        match self.strength {
            Strength::Level(n) => format!("{what} level {n} ({limits}{threads}{book})"),
            _ => format!("{what} {limits}{threads}{book}"),
        }
    }

    pub(super) fn build(&self) -> Side {
        if let Some(cmd) = &self.engine {
            return Side::External(External::new(cmd, self.seed, self.ready));
        }
        Side::Local(match self.kind {
            PlayerKind::Random => Player::Random(Box::new(selfplay::rng(self.seed))),
            PlayerKind::Full | PlayerKind::Classic => {
                let mut engine = Box::new(crate::commands::engine_with_table(self.tt));
                engine.set_seed(Some(self.seed));
                engine.set_experiment(self.exp);
                engine.set_contempt(self.contempt);
                engine.set_threads(self.threads);
                engine.set_variety(self.strength.variety());
                if self.kind == PlayerKind::Classic {
                    engine.set_style(Style::Classic);
                }
                Player::Engine {
                    engine,
                    limits: self.strength.limits(),
                }
            }
        })
    }
}

/// A side's answer: its move and how it came.
pub(super) struct Choice {
    pub(super) mv: Move,
    pub(super) used: Duration,
    /// The search ended before its limit (a forced result, the deepest depth).
    pub(super) ended: bool,
    /// From the opening book, with no search.
    pub(super) book: bool,
    /// The search's last score, the mover's view (none without a search).
    pub(super) score: Option<Score>,
}

/// A player in a running match.
pub(super) enum Side {
    Local(Player),
    External(External),
}

impl Side {
    pub(super) fn new_game(&mut self, rules: RuleSet) -> Result<(), Forfeit> {
        match self {
            Side::Local(p) => {
                p.new_game();
                // The endgame tables of the game's rule set, if built (read once, shared).
                if let Player::Engine { engine, .. } = p {
                    engine.set_tables(crate::commands::tables::for_engine(rules));
                }
                Ok(())
            }
            Side::External(e) => e.new_game(rules),
        }
    }

    /// The move, the time it took, whether the search ended before the clock, whether it
    /// came from the opening book (no search), and the search's last score (the mover's view).
    pub(super) fn choose(
        &mut self,
        spec: &Spec,
        game: &Game,
        stop: &AtomicBool,
    ) -> Result<Choice, Forfeit> {
        if let (Some(book), Side::Local(Player::Engine { .. })) = (&spec.book, &self) {
            use rand::SeedableRng;
            let t = Instant::now();
            // Reproducible as the engine's own choices are: the side's seed and the position.
            let seed = spec.seed ^ game.position().hash() ^ game.ply() as u64;
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let margin = crate::book::probe::margin(spec.strength);
            if let Some(pick) = book.pick(game, margin, &mut rng) {
                return Ok(Choice {
                    mv: pick.mv,
                    used: t.elapsed(),
                    ended: true,
                    book: true,
                    score: None,
                });
            }
        }
        match self {
            Side::Local(Player::Engine { engine, limits }) => {
                let t = Instant::now();
                let mut last = None;
                let r = engine.search(game, *limits, stop, &mut |i| {
                    last = Some((i.depth, Score::of(i.score), i.nodes));
                });
                // Only called while the game goes on, so there is a legal move.
                let m = r.best.expect("a legal move");
                let ended = last.is_some_and(|(d, s, n)| ended_on_its_own(d, s, n));
                Ok(Choice {
                    mv: m,
                    used: t.elapsed(),
                    ended,
                    book: false,
                    score: last.map(|(_, s, _)| s),
                })
            }
            Side::Local(p) => {
                let t = Instant::now();
                let m = p.choose(game, stop).expect("a legal move");
                Ok(Choice {
                    mv: m,
                    used: t.elapsed(),
                    ended: false,
                    book: false,
                    score: None,
                })
            }
            Side::External(e) => {
                let (m, used, last) = e.choose(game, spec.strength.limits(), spec.timeout)?;
                // Its `info` lines read by the same rules as the engine's own reports.
                let ended = last
                    .as_ref()
                    .is_some_and(|i| ended_on_its_own(i.depth, i.score, i.nodes));
                Ok(Choice {
                    mv: m,
                    used,
                    ended,
                    book: false,
                    score: last.map(|i| i.score),
                })
            }
        }
    }
}

/// The two sides as the command line sets them, A then B (each with its own seed).
pub(super) fn specs(args: &MatchArgs) -> [Spec; 2] {
    let seed = args.seed.unwrap_or(1);
    let spec = |kind, engine: &Option<String>, strength: Strength, side_seed, exp| Spec {
        kind,
        engine: engine.clone(),
        strength,
        seed: side_seed,
        exp,
        contempt: 0,
        tt: args.tt,
        threads: 1,
        timeout: match (args.timeout, strength.limits()) {
            (Some(ms), _) => Duration::from_millis(ms),
            (None, Limits::MoveTime(t)) => t + Duration::from_secs(1),
            (None, _) => Duration::from_secs(60),
        },
        ready: args
            .ready_timeout
            .map_or(external::READY_TIME, Duration::from_millis),
        book: None,
    };
    let mut specs = [
        spec(
            args.a_kind,
            &args.a_engine,
            strength(
                args.a_level,
                args.a_depth,
                args.a_movetime.or(args.movetime),
                args.a_nodes,
            ),
            seed.wrapping_mul(2).wrapping_add(1),
            args.a_exp,
        ),
        spec(
            args.b_kind,
            &args.b_engine,
            strength(
                args.b_level,
                args.b_depth,
                args.b_movetime.or(args.movetime),
                args.b_nodes,
            ),
            seed.wrapping_mul(2).wrapping_add(2),
            args.b_exp,
        ),
    ];
    specs[0].threads = args.a_threads;
    specs[1].threads = args.b_threads;
    specs[0].contempt = args.a_contempt;
    specs[1].contempt = args.b_contempt;
    specs
}

/// Loads each side's opening book (`--a-book`, `--b-book`).
///
/// # Errors
/// A book file that cannot be read, is damaged, or is for the other rule set.
pub(super) fn load_books(
    specs: &mut [Spec; 2],
    args: &MatchArgs,
    rules: RuleSet,
) -> anyhow::Result<()> {
    for (spec, choice) in specs.iter_mut().zip([&args.a_book, &args.b_book]) {
        if spec.kind == PlayerKind::Random {
            continue;
        }
        spec.book = match choice {
            BookChoice::Off => None,
            BookChoice::On => {
                let loaded = crate::book::shared(rules);
                if let Some(p) = &loaded.problem {
                    crate::commands::output::warn(format_args!(
                        "dama: opening book not used ({p}); using the book shipped with dama"
                    ));
                }
                Some(
                    loaded
                        .book
                        .clone()
                        .ok_or_else(|| anyhow::anyhow!("no opening book for {rules} rules"))?,
                )
            }
            BookChoice::File(path) => {
                let book = Book::read(path)
                    .map_err(|e| anyhow::anyhow!("book {}: {e}", path.display()))?;
                anyhow::ensure!(
                    book.rules() == rules,
                    "book {}: a book for {} rules, the match is for {rules}",
                    path.display(),
                    book.rules()
                );
                Some(Arc::new(book))
            }
        };
    }
    Ok(())
}

/// Starts each external engine once before the match.
///
/// # Errors
/// An engine that cannot start, exits at once or answers `error` to the rules: the user's
/// mistake, not a string of lost games. One that runs but is not ready (it hangs, or floods its output) loses each game it
/// is not ready for, like any other failure, and the match goes on (with a warning).
pub(super) fn check_engines(specs: &[Spec; 2], rules: RuleSet) -> anyhow::Result<()> {
    for (spec, which) in specs.iter().zip(["A", "B"]) {
        if let Side::External(mut e) = spec.build() {
            let check = std::thread::scope(|s| {
                s.spawn(move || {
                    external::quiet_broken_pipes();
                    e.new_game(rules)
                })
                .join()
                .expect("the engine check does not panic")
            });
            let cmd = spec.engine.as_deref().unwrap_or_default();
            match check {
                Ok(()) => {}
                Err(f @ Forfeit::Crash(_)) => {
                    bail!("engine {which} ({cmd}) did not answer `isready`: {f}")
                }
                Err(f @ Forfeit::Refused(_)) => {
                    bail!("engine {which} ({cmd}) cannot play {rules} rules: {f}")
                }
                // "is not ready: no answer within N ms" (it read "is not ready (not ready: ...").
                Err(f @ Forfeit::NotReady(_)) => crate::commands::output::warn(format_args!(
                    "dama: engine {which} ({cmd}) is {f}: the match goes on, and each game it \
                     is not ready for is lost"
                )),
                Err(f) => crate::commands::output::warn(format_args!(
                    "dama: engine {which} ({cmd}) is not ready ({f}): the match goes on, and \
                     each game it is not ready for is lost"
                )),
            }
        }
    }
    Ok(())
}
