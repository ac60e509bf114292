//! `dama match`: two players (the engine at chosen settings, the classic yardstick, a random
//! mover, or another program speaking the `dama engine` protocol), each opening played twice
//! with colours swapped. Openings are random plies or positions from a PDN book. Games run on
//! `--concurrency` threads; a line per finished game gives the score so far, and with `--sprt`
//! the match stops as soon as the test decides. At the end: wins/draws/losses from A's view,
//! the score, the Elo difference with its 95% margin, and the time each side used per move.

use super::external::{External, Forfeit};
use super::output::{Out, outln};
use crate::cli::{MatchArgs, PlayerKind};
use crate::engine::selfplay::{self, Player, Tally};
use crate::engine::sprt::{Sprt, Verdict};
use crate::engine::{Limits, Strength, Style};
use crate::notation::pdn::{self, Overwrite, PdnGame, save_atomic, write_games};
use crate::rules::{Color, Game, Move, RuleSet};
use anyhow::{Context, bail};
use rand::seq::SliceRandom;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn limits(depth: Option<u32>, movetime: Option<u64>, nodes: Option<u64>) -> Limits {
    match (depth, movetime, nodes) {
        (Some(d), _, _) => Limits::Depth(d.max(1)),
        (_, Some(ms), _) => Limits::MoveTime(Duration::from_millis(ms.max(1))),
        (_, _, Some(n)) => Limits::Nodes(n.max(1)),
        _ => Limits::Depth(6),
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
struct Spec {
    kind: PlayerKind,
    /// An external program's command line.
    engine: Option<String>,
    limits: Limits,
    /// A playing level's variety margin (`--a-level`); `None` keeps the engine's default.
    variety: Option<i32>,
    /// The playing level, for the players' names.
    level: Option<u8>,
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
}

impl Spec {
    fn name(&self) -> String {
        if let Some(cmd) = &self.engine {
            return format!("`{cmd}` {}", limits_text(self.limits));
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
        match self.level {
            Some(n) => format!("{what} level {n} ({}{threads})", limits_text(self.limits)),
            None => format!("{what} {}{threads}", limits_text(self.limits)),
        }
    }

    fn build(&self) -> Side {
        if let Some(cmd) = &self.engine {
            return Side::External(External::new(cmd, self.seed, self.ready));
        }
        Side::Local(match self.kind {
            PlayerKind::Random => Player::Random(Box::new(selfplay::rng(self.seed))),
            PlayerKind::Full | PlayerKind::Classic => {
                let mut engine = Box::new(super::engine_with_table(self.tt));
                engine.set_seed(Some(self.seed));
                engine.set_experiment(self.exp);
                engine.set_contempt(self.contempt);
                engine.set_threads(self.threads);
                if let Some(v) = self.variety {
                    engine.set_variety(v);
                }
                if self.kind == PlayerKind::Classic {
                    engine.set_style(Style::Classic);
                }
                Player::Engine {
                    engine,
                    limits: self.limits,
                }
            }
        })
    }
}

/// A player in a running match.
enum Side {
    Local(Player),
    External(External),
}

impl Side {
    fn new_game(&mut self, rules: RuleSet) -> Result<(), Forfeit> {
        match self {
            Side::Local(p) => {
                p.new_game();
                // The endgame tables of the game's rule set, if built (read once, shared).
                if let Player::Engine { engine, .. } = p {
                    engine.set_tables(super::tables::for_engine(rules));
                }
                Ok(())
            }
            Side::External(e) => e.new_game(rules),
        }
    }

    /// The move, the time it took, and whether the search ended before the clock.
    fn choose(
        &mut self,
        spec: &Spec,
        game: &Game,
        stop: &AtomicBool,
    ) -> Result<(Move, Duration, bool), Forfeit> {
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
                Ok((m, t.elapsed(), ended))
            }
            Side::Local(p) => {
                let t = Instant::now();
                let m = p.choose(game, stop).expect("a legal move");
                Ok((m, t.elapsed(), false))
            }
            Side::External(e) => e.choose(game, spec.limits, spec.timeout),
        }
    }
}

/// Time used per move by one side: moves with a choice apart from forced ones (a single legal
/// move is answered at once, so it would hide how much of its time the engine uses), and of
/// those, the searches that ended on their own before the clock (see [`ended_on_its_own`]).
#[derive(Clone, Copy, Debug, Default)]
struct TimeUse {
    total: Duration,
    max: Duration,
    moves: u32,
    forced_total: Duration,
    forced: u32,
    early_total: Duration,
    early: u32,
}

impl TimeUse {
    fn add(&mut self, t: Duration, forced: bool, ended: bool) {
        if forced {
            self.forced_total += t;
            self.forced += 1;
        } else {
            self.total += t;
            self.moves += 1;
            if ended {
                self.early_total += t;
                self.early += 1;
            }
        }
        self.max = self.max.max(t);
    }

    fn merge(&mut self, o: &TimeUse) {
        self.total += o.total;
        self.max = self.max.max(o.max);
        self.moves += o.moves;
        self.forced_total += o.forced_total;
        self.forced += o.forced;
        self.early_total += o.early_total;
        self.early += o.early;
    }

    fn text(&self) -> String {
        let ms = |t: Duration, n: u32| t.as_secs_f64() * 1000.0 / f64::from(n.max(1));
        let all = self.moves + self.forced;
        if all == 0 {
            return "no moves".to_string();
        }
        format!(
            "{:.1} ms average over {all} moves, {:.1} ms at most; {:.1} ms over the {} with a \
             choice, {:.1} ms over the {} forced",
            ms(self.total + self.forced_total, all),
            self.max.as_secs_f64() * 1000.0,
            ms(self.total, self.moves),
            self.moves,
            ms(self.forced_total, self.forced),
            self.forced
        ) + &if self.early > 0 {
            format!(
                "; of those with a choice, {} searches ended on their own (a forced result, the \
                 tables, the depth limit) in {:.1} ms, the other {} in {:.1} ms",
                self.early,
                ms(self.early_total, self.early),
                self.moves - self.early,
                ms(self.total - self.early_total, self.moves - self.early)
            )
        } else {
            String::new()
        }
    }
}

/// Whether a search whose last report was `depth`, `score` and `nodes` stopped by itself, not
/// by the clock: the tables answered (one node at depth 1), the deepest iteration was done, or
/// a forced result sat well inside the horizon (the engine's own rule in `Engine::search`).
/// For another program it is a reading of its `info` lines by the same rules.
pub(super) fn ended_on_its_own(depth: u32, score: Score, nodes: u64) -> bool {
    depth >= crate::engine::limits::MAX_DEPTH
        || (depth == 1 && nodes == 1)
        || matches!(score, Score::Win(n) | Score::Loss(n) if depth > n + 6)
}

/// A reported score: centi-men, or a forced win or loss in so many plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Score {
    Cp,
    Win(u32),
    Loss(u32),
}

impl Score {
    fn of(score: i32) -> Score {
        use crate::engine::score::{ScoreKind, classify};
        match classify(score) {
            ScoreKind::Win(n) => Score::Win(n),
            ScoreKind::Loss(n) => Score::Loss(n),
            ScoreKind::Centi(_) => Score::Cp,
        }
    }
}

/// What an `info` line of the protocol says: its depth, score and nodes.
pub(super) fn read_info(line: &str) -> Option<(u32, Score, u64)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return None;
    }
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
    };
    let depth = after("depth")?.parse().ok()?;
    let nodes = after("nodes")?.parse().ok()?;
    let i = words.iter().position(|w| *w == "score")?;
    let plies = || words.get(i + 2).and_then(|w| w.parse().ok());
    let score = match *words.get(i + 1)? {
        "win" => Score::Win(plies()?),
        "loss" => Score::Loss(plies()?),
        _ => Score::Cp,
    };
    Some((depth, score, nodes))
}

/// A game to play: its number (from 0), its opening and A's colour.
struct Job {
    opening: usize,
    a_colour: Color,
}

/// A finished game.
struct Played {
    index: usize,
    game: Game,
    /// The side (A's colour or B's) that lost other than on the board, and why.
    forfeit: Option<(Color, Forfeit)>,
    /// A's time, then B's.
    time: [TimeUse; 2],
}

/// Plays one game to its end; `None` if `stop` was raised first.
fn play(
    index: usize,
    job: &Job,
    opening: &Game,
    sides: &mut [Side; 2],
    specs: &[Spec; 2],
    stop: &AtomicBool,
) -> Option<Played> {
    let mut game = opening.clone();
    let mut time = [TimeUse::default(); 2];
    let mut forfeit = None;
    let colour = |i: usize| {
        if i == 0 {
            job.a_colour
        } else {
            job.a_colour.opposite()
        }
    };
    for (i, side) in sides.iter_mut().enumerate() {
        if let Err(f) = side.new_game(game.start().rules()) {
            forfeit = Some((colour(i), f));
            break;
        }
    }
    while forfeit.is_none() && game.outcome().is_none() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let i = usize::from(game.position().side_to_move() != job.a_colour);
        let forced = game.legal_moves().len() == 1;
        match sides[i].choose(&specs[i], &game, stop) {
            Ok((m, used, ended)) => {
                time[i].add(used, forced, ended);
                game.play(&m).expect("players answer legal moves");
            }
            Err(f) => forfeit = Some((colour(i), f)),
        }
    }
    if let Some((loser, _)) = &forfeit {
        game.resign(*loser);
    }
    Some(Played {
        index,
        game,
        forfeit,
        time,
    })
}

/// The openings, each with its number (from 1: the pair of games for random plies, the game in
/// the file for a book), in the order they are played: random plies (one per pair of games) or
/// a PDN book's positions.
fn openings(args: &MatchArgs, rules: RuleSet) -> anyhow::Result<(Vec<(usize, Game)>, String)> {
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
        let mut game = Game::new(record.start);
        for m in &record.moves {
            game.play(&m.mv).expect("a record's moves are legal");
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
    let seed = args.seed.unwrap_or(1);
    let spec = |kind, engine: &Option<String>, l: Limits, level: Option<u8>, side_seed, exp| Spec {
        kind,
        engine: engine.clone(),
        limits: level.map_or(l, |n| Strength::Level(n).limits()),
        variety: level.map(|n| Strength::Level(n).variety()),
        level,
        seed: side_seed,
        exp,
        contempt: 0,
        tt: args.tt,
        threads: 1,
        timeout: match (args.timeout, l) {
            (Some(ms), _) => Duration::from_millis(ms),
            (None, Limits::MoveTime(t)) => t + Duration::from_secs(1),
            (None, _) => Duration::from_secs(60),
        },
        ready: args
            .ready_timeout
            .map_or(super::external::READY_TIME, Duration::from_millis),
    };
    let mut specs = [
        spec(
            args.a_kind,
            &args.a_engine,
            limits(
                args.a_depth,
                args.a_movetime.or(args.movetime),
                args.a_nodes,
            ),
            args.a_level,
            seed.wrapping_mul(2).wrapping_add(1),
            args.a_exp,
        ),
        spec(
            args.b_kind,
            &args.b_engine,
            limits(
                args.b_depth,
                args.b_movetime.or(args.movetime),
                args.b_nodes,
            ),
            args.b_level,
            seed.wrapping_mul(2).wrapping_add(2),
            args.b_exp,
        ),
    ];
    specs[0].threads = args.a_threads;
    specs[1].threads = args.b_threads;
    specs[0].contempt = args.a_contempt;
    specs[1].contempt = args.b_contempt;
    let (openings, opening_text) = openings(args, rules)?;
    // An external engine that can't start (or exits at once) is the user's mistake, not a
    // string of lost games. One that runs but is not ready (it hangs, or floods its output)
    // loses each game it is not ready for, like any other failure, and the match goes on.
    for (spec, which) in specs.iter().zip(["A", "B"]) {
        if let Side::External(mut e) = spec.build() {
            let check = std::thread::scope(|s| {
                s.spawn(move || {
                    super::external::quiet_broken_pipes();
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
                Err(f) => super::output::warn(format_args!(
                    "dama: engine {which} ({cmd}) is not ready ({f}): the match goes on, and \
                     each game it is not ready for is lost"
                )),
            }
        }
    }
    let first = rules.first_to_move();
    // Games 2k and 2k+1 share an opening; in the even one A has the first mover's colour.
    let jobs: Vec<Job> = (0..args.games as usize)
        .map(|g| Job {
            opening: (g / 2) % openings.len(),
            a_colour: if g % 2 == 0 { first } else { first.opposite() },
        })
        .collect();
    let sprt = args.sprt.map(|(e0, e1)| Sprt::new(e0, e1));
    outln!(
        out,
        "match: A = {}, B = {}, {} game{}{}, rules {rules}, openings: {opening_text}",
        specs[0].name(),
        specs[1].name(),
        args.games,
        if args.games == 1 { "" } else { "s" },
        if sprt.is_some() { " at most" } else { "" },
    )?;
    if let Some(s) = &sprt {
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

    // Solved once per process: not charged to the first move's time.
    crate::engine::endgame::prepare(rules);
    let t = Instant::now();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Played>();
    let mut tally = Tally::default();
    let mut time = [TimeUse::default(); 2];
    let mut played: Vec<Played> = Vec::new();
    let mut verdict = Verdict::Continue;
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.min(jobs.len()) {
            let (tx, next, stop, jobs, specs, openings) =
                (tx.clone(), &next, &stop, &jobs, &specs, &openings);
            scope.spawn(move || {
                super::external::quiet_broken_pipes();
                let mut sides = [specs[0].build(), specs[1].build()];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= jobs.len() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let job = &jobs[i];
                    let Some(p) = play(i, job, &openings[job.opening].1, &mut sides, specs, stop)
                    else {
                        break;
                    };
                    if tx.send(p).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for p in rx {
            // Games that end after the test decided are not counted.
            if verdict != Verdict::Continue {
                continue;
            }
            let job = &jobs[p.index];
            let result = match p.game.outcome().and_then(|o| o.winner()) {
                None => {
                    tally.draws += 1;
                    "draw"
                }
                Some(c) if c == job.a_colour => {
                    tally.wins += 1;
                    "A wins"
                }
                Some(_) => {
                    tally.losses += 1;
                    "B wins"
                }
            };
            time[0].merge(&p.time[0]);
            time[1].merge(&p.time[1]);
            let why = match (&p.forfeit, p.game.outcome()) {
                (Some((c, f)), _) => {
                    let who = if *c == job.a_colour { "A" } else { "B" };
                    format!("{who} {f}")
                }
                (None, o) => o.map(|o| o.to_string()).unwrap_or_default(),
            };
            let mut line = format!(
                "game {:>3} (opening {}): A plays {:<5} {:<7} {:>3} plies  {result}  ({why})  +{} ={} -{}  {}",
                p.index + 1,
                openings[job.opening].0,
                job.a_colour.name(),
                p.game
                    .outcome()
                    .map_or("*", |o| o.pdn_result(p.game.start().rules())),
                p.game.ply(),
                tally.wins,
                tally.draws,
                tally.losses,
                elo_text(&tally)
            );
            if let Some(s) = &sprt {
                line.push_str(&format!("  LLR {:.2}", s.llr(&tally)));
                verdict = s.verdict(&tally);
                if verdict != Verdict::Continue {
                    // Games under way are abandoned; no new ones start.
                    stop.store(true, Ordering::Relaxed);
                }
            }
            played.push(p);
            if let Err(e) = outln!(out, "{line}") {
                // Nowhere to report to: the games under way are abandoned.
                stop.store(true, Ordering::Relaxed);
                write_error = Some(e);
                break;
            }
        }
    });
    if let Some(e) = write_error {
        return Err(e.into());
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
    outln!(out, "time per move: A {}", time[0].text())?;
    outln!(out, "time per move: B {}", time[1].text())?;
    if let Some(s) = &sprt {
        let llr = s.llr(&tally);
        match verdict {
            // "A's Elo minus B's" reads right for negative bounds too.
            Verdict::AcceptH1 => outln!(
                out,
                "SPRT: H1 accepted (LLR {llr:.2}): A's Elo minus B's is about {} or more",
                s.elo1
            )?,
            Verdict::AcceptH0 => outln!(
                out,
                "SPRT: H0 accepted (LLR {llr:.2}): A's Elo minus B's is about {} or less, not {}",
                s.elo0,
                s.elo1
            )?,
            Verdict::Continue => outln!(
                out,
                "SPRT: undecided after {} games (LLR {llr:.2}): more games are needed{}",
                tally.games(),
                if tally.wins == 0 || tally.draws == 0 || tally.losses == 0 {
                    " (the test starts once there is a win, a draw and a loss)"
                } else {
                    ""
                }
            )?,
        }
    }
    if let Some(path) = &args.pdn {
        // In the order of the games (threads finish them in any order).
        played.sort_by_key(|p| p.index);
        let records: Vec<PdnGame> = played
            .iter()
            .map(|p| {
                let number = openings[jobs[p.index].opening].0;
                record(p, &jobs[p.index], number, &specs, &opening_text)
            })
            .collect();
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
    record
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read_for_how_the_search_ended() {
        let line = "info depth 14 score cp -12 nodes 250000 nps 2500000 time 100 pv 22-18 9-13";
        assert_eq!(read_info(line), Some((14, Score::Cp, 250_000)));
        let win = "info depth 19 score win 11 nodes 9000 nps 900000 time 10 pv 22-18";
        assert_eq!(read_info(win), Some((19, Score::Win(11), 9000)));
        assert_eq!(read_info("bestmove 22-18"), None);
        assert_eq!(read_info("info depth x score cp 1 nodes 1"), None);
        // The clock stopped it: a level score short of the depth limit.
        assert!(!ended_on_its_own(14, Score::Cp, 250_000));
        // A win seen 11 plies ahead ends the search from depth 18 on, not before.
        assert!(!ended_on_its_own(17, Score::Win(11), 9000));
        assert!(ended_on_its_own(18, Score::Loss(11), 9000));
        // The tables' answer, and the deepest iteration.
        assert!(ended_on_its_own(1, Score::Cp, 1));
        assert!(ended_on_its_own(100, Score::Cp, 5_000_000));
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

    #[test]
    fn time_use_keeps_the_searches_that_ended_early_apart() {
        let ms = Duration::from_millis;
        let mut t = TimeUse::default();
        t.add(ms(100), false, false);
        t.add(ms(98), false, false);
        t.add(ms(2), false, true);
        t.add(ms(1), true, false);
        let text = t.text();
        assert!(text.contains("66.7 ms over the 3 with a choice"), "{text}");
        assert!(text.contains("1 searches ended on their own"), "{text}");
        assert!(text.contains("in 2.0 ms, the other 2 in 99.0 ms"), "{text}");
    }
}
