//! Training: combinations ("colpi"). A position where one move wins material by force; the
//! player enters the move on the board as in a game, and is told right or wrong. Then the
//! board plays the line out: the winning line (the move and the engine's best play after it)
//! and, for a wrong move, the engine's refutation of it; left/right step through the line,
//! Tab turns to the other one.
//!
//! The positions: the shot suites proven by `dama suite build` (`tests/data/shots`, shipped in
//! the binary), easy to hard by the depth at which the win shows; and, first, the positions
//! of the player's own reviewed games where a move marked `?`/`??` had a better one (kept in
//! the data folder after each review, `keep::training`). A suite's shot has one move that wins
//! material and only one (the suite's proof rejects positions with two), so another move is
//! wrong unless the engine proves it wins the game (a won ending, where more than one move
//! wins); in a position of the player's game another move is right when the engine finds it
//! loses less than a mistake (half a man) against the review's score.
//!
//! Each position's first answer counts (solved, or failed: a wrong move, or the solution asked
//! for before answering); a retry is practice. The progress per rule set is written after every
//! counted answer.

use super::analysis::Back;
use super::review::MISTAKE;
use super::{App, Purpose, ShotProof, StartMenu};
use crate::engine::{Limits, is_decisive};
use crate::notation::pdn::{PdnGame, PdnMove, Variation};
use crate::notation::{fen, movetext, shots};
use crate::proof::{Prover, material, winning_line};
use crate::rules::{Color, Game, Move, Position, RuleSet, has_capture, legal_moves};
use crate::tui::input::Action;
use crate::tui::keep::training::{self as files, OwnPosition, Progress};
use crate::tui::lang::{Msg, move_text};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The proven suites, shipped in the binary (one copy: the tests prove these very files).
const ITALIAN_SHOTS: &str = include_str!("../../../tests/data/shots/italian.txt");
const ENGLISH_SHOTS: &str = include_str!("../../../tests/data/shots/english.txt");

/// How long the engine works out a line (every thread, as a hint does): the shots win by the
/// tenth ply, which a second's search sees in a release build.
pub const LINE_TIME: Duration = Duration::from_secs(1);

/// The longest line shown, in plies after the first move: the suites' proofs search 16 plies,
/// the move and 15 after it, and play the captures out past that (the shipped lines take 17
/// at most).
pub const LINE_PLIES: usize = 20;

/// How hard a shot is: by the least depth at which the win shows (plies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// The win shows within 2 plies.
    Easy,
    /// 3 to 5 plies.
    Medium,
    /// 6 plies or more.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn of_depth(shows_at: u32) -> Level {
        match shows_at {
            0..=2 => Level::Easy,
            3..=5 => Level::Medium,
            _ => Level::Hard,
        }
    }

    /// The level's name in the player's language.
    pub fn text(self, lang: crate::tui::Lang) -> &'static str {
        match self {
            Level::Easy => Msg::TrainingEasy,
            Level::Medium => Msg::TrainingMedium,
            Level::Hard => Msg::TrainingHard,
        }
        .text(lang)
    }
}

/// Where a position comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A proven shot: the win shows at `shows_at` plies; it wins `gain` centi-men, as a
    /// full-width search of `depth` plies proved.
    Suite {
        shows_at: u32,
        gain: i32,
        depth: u32,
    },
    /// The player's own game: the move played there (marked `mark`), the review's score of the
    /// position (centi-men, the mover's view), and which game.
    Own {
        played: Move,
        mark: String,
        score: i32,
        source: String,
    },
}

/// A training position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub pos: Position,
    /// The winning (or better) move.
    pub best: Move,
    pub source: Source,
}

impl Puzzle {
    /// The position's name in the progress file: its FEN.
    pub fn key(&self) -> String {
        fen::write(&self.pos)
    }

    /// The suite's level (`None` for a position of the player's games).
    pub fn level(&self) -> Option<Level> {
        match self.source {
            Source::Suite { shows_at, .. } => Some(Level::of_depth(shows_at)),
            Source::Own { .. } => None,
        }
    }
}

/// The suite's shots of `rules`, easiest first (by the depth the win shows at; a shot without
/// it counts by its proof's depth), in the file's order within a depth.
pub fn suite(rules: RuleSet) -> Vec<Puzzle> {
    let text = match rules {
        RuleSet::Italian => ITALIAN_SHOTS,
        RuleSet::English => ENGLISH_SHOTS,
    };
    // The files are checked by the tests (tests/training.rs reads every line): an error here
    // would be a build shipped with a broken file, and leaves the training without them.
    let Ok(s) = shots::parse(text) else {
        return Vec::new();
    };
    let mut v: Vec<Puzzle> = s
        .shots
        .into_iter()
        .filter(|s| s.pos.rules() == rules)
        .map(|s| Puzzle {
            source: Source::Suite {
                shows_at: s.shows_at().unwrap_or(s.depth),
                gain: s.gain,
                depth: s.depth,
            },
            pos: s.pos,
            best: s.best,
        })
        .collect();
    v.sort_by_key(|p| match p.source {
        Source::Suite { shows_at, .. } => shows_at,
        Source::Own { .. } => 0,
    });
    v
}

/// The positions of the player's games that read as positions of `rules` with legal moves,
/// newest first (a hand-mended line that does not is left out).
pub fn own(rules: RuleSet, list: &[OwnPosition]) -> Vec<Puzzle> {
    list.iter()
        .rev()
        .filter_map(|o| {
            let pos = fen::parse(rules, &o.fen).ok()?;
            let best = movetext::parse_move(&pos, &o.better).ok()?;
            let played = movetext::parse_move(&pos, &o.played).ok()?;
            (best != played).then(|| Puzzle {
                pos,
                best,
                source: Source::Own {
                    played,
                    mark: o.mark.clone(),
                    score: o.score,
                    source: o.source.clone(),
                },
            })
        })
        .collect()
}

/// A position's source as kept in the file (`2026.12.07, move 12`) in the player's language;
/// anything else (a hand-edited line) as written.
pub fn source_text(source: &str, lang: crate::tui::Lang) -> String {
    match source.rsplit_once(", move ") {
        Some((date, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            Msg::TrainingSource.fill(lang, &[&date, &n])
        }
        _ => source.to_string(),
    }
}

/// The training's order: the player's own positions, then the suite's shots of `level` (all
/// levels: `None`), easy to hard.
pub fn queue(rules: RuleSet, level: Option<Level>, own: Vec<Puzzle>) -> Vec<Puzzle> {
    let mut v = own;
    v.extend(
        suite(rules)
            .into_iter()
            .filter(|p| level.is_none_or(|l| p.level() == Some(l))),
    );
    v
}

/// How the player answered the position shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Right,
    Wrong,
    /// The solution was asked for.
    Shown,
}

/// Where the position shown stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for the player's move.
    Asking,
    /// A move in a position of the player's game: the engine judges it.
    Judging,
    Answered(Verdict),
}

/// The two lines a position can show on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// The winning move and the best play after it.
    Solution,
    /// The player's move and the engine's answer to it (its refutation when wrong).
    Played,
}

/// A search the training asks the engine for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Job {
    /// Judge the player's move (not the winning one) and work out its line.
    Judge,
    /// The line after the winning move.
    Solution,
}

/// A line and whether the engine has finished it.
#[derive(Clone, Debug, Default)]
pub struct Line {
    pub moves: Vec<Move>,
    pub ready: bool,
}

/// The progress of one rule set, as the start screen shows it.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The progress, or why its file was ignored.
    pub progress: Result<Progress, String>,
    /// The positions there are (the suite's and the player's own).
    pub total: usize,
    /// How many of them are solved.
    pub solved: usize,
}

/// The summary of `rules` for the start screen: `data` is the data folder (none: no progress).
pub fn summary(data: Option<&Path>, rules: RuleSet) -> Summary {
    let own = data
        .map(|d| files::load_own(&files::own_path(d, rules)).unwrap_or_default())
        .unwrap_or_default();
    let progress = match data {
        Some(d) => files::load_progress(&files::progress_path(d, rules)).map_err(|e| e.to_string()),
        None => Ok(Progress::default()),
    };
    let mut all = suite(rules);
    all.extend(self::own(rules, &own));
    let solved = match &progress {
        Ok(p) => all.iter().filter(|q| p.done.contains(&q.key())).count(),
        Err(_) => 0,
    };
    Summary {
        progress,
        total: all.len(),
        solved,
    }
}

/// The training in progress.
#[derive(Clone, Debug)]
pub struct Training {
    pub rules: RuleSet,
    pub level: Option<Level>,
    puzzles: Vec<Puzzle>,
    at: usize,
    phase: Phase,
    played: Option<Move>,
    /// The shown position's answer has been counted (a retry is not).
    counted: bool,
    solution: Line,
    line_played: Line,
    on_board: LineKind,
    /// Plies of the line on the board that are played.
    step: usize,
    jobs: Vec<Job>,
    searching: Option<Job>,
    progress: Progress,
    /// The progress file (none: progress is not kept, as without a home folder).
    path: Option<PathBuf>,
    /// The progress file was damaged: it is set aside at the first save.
    set_aside: bool,
    /// A file named and ignored, or a save that failed, in the player's language.
    problem: Option<String>,
    /// The start screen the training was opened from (quitting goes back to it).
    back: Option<StartMenu>,
    /// Solved and failed in this session.
    session: (u32, u32),
}

impl Training {
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.puzzles.get(self.at)
    }
    /// The shown position's place in the queue (from 0) and the queue's length.
    pub fn place(&self) -> (usize, usize) {
        (self.at, self.puzzles.len())
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn played(&self) -> Option<Move> {
        self.played
    }
    pub fn line(&self, kind: LineKind) -> &Line {
        match kind {
            LineKind::Solution => &self.solution,
            LineKind::Played => &self.line_played,
        }
    }
    pub fn on_board(&self) -> LineKind {
        self.on_board
    }
    pub fn step(&self) -> usize {
        self.step
    }
    pub fn progress(&self) -> &Progress {
        &self.progress
    }
    /// How many of the positions in this training are solved.
    pub fn solved_here(&self) -> usize {
        let done = &self.progress.done;
        self.puzzles
            .iter()
            .filter(|p| done.contains(&p.key()))
            .count()
    }
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }
    /// Solved and failed in this session.
    pub fn session(&self) -> (u32, u32) {
        self.session
    }
    /// Where the progress is kept (none: nowhere).
    pub fn progress_file(&self) -> Option<&Path> {
        self.path.as_deref()
    }
}

/// `pv` as far as it is legal from `pos`, at most [`LINE_PLIES`] long, cut where `side` has
/// won the most material (the suites' count: a man 100, a king 150, so a promotion counts) at
/// a point where no capture is due, the earliest such point: the engine's line goes on past
/// the win. A line where `side` wins nothing keeps four plies.
pub fn cut_line(pos: &Position, pv: &[Move], side: Color) -> Vec<Move> {
    let material = |p: &Position| {
        let of = |c: Color| p.men_of(c).count() as i32 * 100 + p.kings_of(c).count() as i32 * 150;
        of(side) - of(side.opposite())
    };
    let mut p = *pos;
    let mut line = Vec::new();
    let mut best = (material(&p), 0);
    for m in pv.iter().take(LINE_PLIES) {
        if !legal_moves(&p).contains(m) {
            break;
        }
        p = p.after(m);
        line.push(*m);
        let v = material(&p);
        if v > best.0 && !has_capture(&p) {
            best = (v, line.len());
        }
    }
    let keep = if best.1 > 0 {
        best.1
    } else {
        line.len().min(4)
    };
    line.truncate(keep);
    line
}

/// The nodes a winning line's proof search may take ([`proven_line`]): the prover runs some
/// 40 M a second in a release build, and the shipped shots' lines take 16 M at most.
pub const LINE_PROOF_NODES: u64 = 100_000_000;

/// The line to show after a proven shot's winning move, from `after` (the position after
/// it): the engine's line `pv` as far as it wins the proven material, else a line that does,
/// found by the proof's own full-width search of material (the engine plays on its judgement,
/// which may keep a position rather than take the man the proof is about). The engine's
/// line when the proof search runs out of its budget.
pub fn proven_line(after: &Position, pv: &[Move], shot: ShotProof) -> Vec<Move> {
    let mut prover = Prover::new(LINE_PROOF_NODES);
    // The proof searched the position after the move one ply less deep.
    let depth = shot.depth.saturating_sub(1);
    winning_line(after, shot.before, shot.gain, depth, pv, &mut prover)
        .unwrap_or_else(|| pv.to_vec())
}

/// The proof behind a puzzle's winning line: a suite's shot has one; a position of the
/// player's games has none.
fn proof_of(p: &Puzzle) -> Option<ShotProof> {
    match p.source {
        Source::Suite { gain, depth, .. } => Some(ShotProof {
            before: material(&p.pos),
            gain,
            depth,
        }),
        Source::Own { .. } => None,
    }
}

/// A score as the review's graph counts it: a forced result is ten men.
fn clamp(score: i32) -> i32 {
    if is_decisive(score) {
        score.signum() * 1000
    } else {
        score
    }
}

impl App {
    /// The training mode (`dama train`): the positions of `rules` at `level` (all: `None`).
    pub fn training(config: super::GameSettings, level: Option<Level>) -> App {
        let rules = config.rules;
        let mut app = App::new(config, Game::new(Position::start(rules)));
        app.requests.clear();
        app.thinking = None;
        app.open_training(rules, level, None);
        app
    }

    /// The training, while it is open.
    pub fn training_state(&self) -> Option<&Training> {
        self.training.as_ref()
    }

    /// The data folder (where the autosave lives), if there is one.
    pub(super) fn data_folder(&self) -> Option<PathBuf> {
        self.settings
            .autosave
            .as_deref()
            .and_then(Path::parent)
            .map(Path::to_path_buf)
    }

    pub(super) fn open_training(
        &mut self,
        rules: RuleSet,
        level: Option<Level>,
        back: Option<StartMenu>,
    ) {
        let lang = self.settings.lang;
        let data = self.data_folder();
        let mut problem = None;
        let own_list = match data
            .as_deref()
            .map(|d| files::load_own(&files::own_path(d, rules)))
        {
            Some(Ok(list)) => list,
            Some(Err(e)) => {
                problem = Some(Msg::TrainingFileIgnored.fill(lang, &[&e]));
                Vec::new()
            }
            None => Vec::new(),
        };
        let path = data.as_deref().map(|d| files::progress_path(d, rules));
        let mut set_aside = false;
        let progress = match path.as_deref().map(files::load_progress) {
            Some(Ok(p)) => p,
            Some(Err(e)) => {
                set_aside = matches!(e, files::TrainingFileError::Damaged(..));
                problem = Some(Msg::TrainingProgressIgnored.fill(lang, &[&e]));
                Progress::default()
            }
            None => {
                problem = Some(Msg::TrainingNoHome.text(lang).to_string());
                Progress::default()
            }
        };
        let puzzles = queue(rules, level, own(rules, &own_list));
        let first = puzzles
            .iter()
            .position(|p| !progress.done.contains(&p.key()))
            .unwrap_or(0);
        self.stop_search();
        self.menu = None;
        self.viewer = None;
        self.review = None;
        self.overlay = super::Overlay::None;
        self.settings.rules = rules;
        // A training position has no clock, whatever the games are played with.
        self.clock = crate::tui::clock::Clock::new(None);
        self.training = Some(Training {
            rules,
            level,
            puzzles,
            at: first,
            phase: Phase::Asking,
            played: None,
            counted: false,
            solution: Line::default(),
            line_played: Line::default(),
            on_board: LineKind::Solution,
            step: 0,
            jobs: Vec::new(),
            searching: None,
            progress,
            path,
            set_aside,
            problem,
            back,
            session: (0, 0),
        });
        self.show_puzzle(false);
    }

    /// Shows the current position, waiting for the player's move; `again`: a retry.
    fn show_puzzle(&mut self, again: bool) {
        self.stop_search();
        let lang = self.settings.lang;
        let Some(t) = self.training.as_mut() else {
            return;
        };
        if !again {
            t.counted = false;
        }
        t.phase = Phase::Asking;
        t.played = None;
        t.solution = Line::default();
        t.line_played = Line::default();
        t.on_board = LineKind::Solution;
        t.step = 0;
        t.jobs.clear();
        t.searching = None;
        let Some(p) = t.puzzle().cloned() else {
            self.message = Msg::TrainingNone.text(lang).into();
            return;
        };
        self.start = p.pos;
        self.game = Game::new(p.pos);
        self.settings.human = p.pos.side_to_move();
        self.flipped = self.settings.human == Color::Black;
        self.hint = None;
        self.last_search = None;
        self.clear_selection();
        self.place_cursor();
        let side = crate::tui::lang::color(lang, p.pos.side_to_move());
        let key = match (&p.source, again) {
            (_, true) => Msg::TrainingAgain,
            (Source::Suite { .. }, false) => Msg::TrainingAsk,
            (Source::Own { .. }, false) => Msg::TrainingAskOwn,
        };
        self.message = key.fill(lang, &[&side]);
    }

    /// The training's keys (`true`: done with the action); the board's own keys (the cursor,
    /// picking and putting pieces, flip, square numbers) are left to the board while the
    /// player is to answer.
    pub(super) fn training_action(&mut self, action: &Action) -> bool {
        let lang = self.settings.lang;
        let Some(t) = self.training.as_ref() else {
            return false;
        };
        let phase = t.phase;
        match action {
            Action::Quit => self.leave_training(),
            Action::NextPuzzle => self.next_puzzle(),
            Action::Retry => match phase {
                Phase::Asking => self.message = Msg::TrainingAlreadyAsking.text(lang).into(),
                _ => self.show_puzzle(true),
            },
            Action::ShowSolution => match phase {
                Phase::Asking => self.reveal(),
                Phase::Judging => self.message = Msg::TrainingWait.text(lang).into(),
                Phase::Answered(_) => self.turn_line(Some(LineKind::Solution)),
            },
            Action::OtherLine => match phase {
                Phase::Answered(_) => self.turn_line(None),
                _ => self.message = Msg::TrainingNoLineYet.text(lang).into(),
            },
            // The training's own keys, in the help's box: paged in a small terminal, where
            // the message line would cut them.
            Action::Help => self.open_help(),
            // Before the answer the engine's lines would give it away.
            Action::Analyse => match phase {
                Phase::Asking => self.message = Msg::TrainingNoLineYet.text(lang).into(),
                Phase::Judging => self.message = Msg::TrainingWait.text(lang).into(),
                Phase::Answered(_) => self.analyse_lines(),
            },
            Action::Flip | Action::ToggleNumbers => return false,
            _ if phase == Phase::Asking => return false,
            Action::Left => self.step_line(-1),
            Action::Right => self.step_line(1),
            Action::First => self.step_line(-(LINE_PLIES as i32) - 1),
            Action::Last => self.step_line(LINE_PLIES as i32 + 1),
            Action::Select | Action::Click { .. } if phase == Phase::Judging => {
                self.message = Msg::TrainingWait.text(lang).into();
            }
            Action::Select | Action::Click { .. } => {
                self.message = Msg::TrainingAnsweredKeys.text(lang).into();
            }
            _ => {}
        }
        true
    }

    /// `a` after answering: the analysis board on the position, the line on the board as its
    /// main line (at the ply shown) and the other line as a variation; leaving it comes back
    /// here as it was. The lines the engine still works out are worked out afterwards.
    fn analyse_lines(&mut self) {
        let Some(t) = self.training.as_mut() else {
            return;
        };
        let Some(p) = t.puzzle().cloned() else {
            return;
        };
        // A line search under way is asked again on the way back.
        if let Some(job) = t.searching.take() {
            t.jobs.insert(0, job);
        }
        let line = |kind| -> Vec<PdnMove> {
            t.line(kind)
                .moves
                .iter()
                .copied()
                .map(PdnMove::new)
                .collect()
        };
        let other = match t.on_board {
            LineKind::Solution => LineKind::Played,
            LineKind::Played => LineKind::Solution,
        };
        let mut record = PdnGame::new(p.pos.rules());
        record.start = p.pos;
        record.moves = line(t.on_board);
        let alternative = line(other);
        if let Some(first) = record.moves.first_mut()
            && alternative.first().is_some_and(|m| m.mv != first.mv)
        {
            first.variations.push(Variation {
                moves: alternative,
                ..Variation::default()
            });
        }
        let step = t.step;
        let Some(training) = self.training.take() else {
            return;
        };
        let back = Back::Training(Box::new((training, self.game.clone())));
        self.open_analysis(record, step, back);
    }

    /// Back from the analysis board opened by [`App::analyse_lines`].
    pub(super) fn back_to_training(&mut self, training: Training, game: Game) {
        self.start = *game.start();
        self.game = game;
        self.training = Some(training);
        self.clear_selection();
        self.place_cursor();
        self.message = Msg::TrainingAnsweredKeys.text(self.settings.lang).into();
        self.next_job();
    }

    /// Back to the start screen the training came from, or quit.
    fn leave_training(&mut self) {
        self.stop_search();
        let Some(t) = self.training.take() else {
            return;
        };
        let rules = t.rules;
        self.game = Game::new(Position::start(rules));
        self.start = *self.game.start();
        self.clear_selection();
        self.hint = None;
        self.last_search = None;
        match t.back {
            Some(mut menu) => {
                let data = self.data_folder();
                for (r, s) in &mut menu.trained {
                    *s = summary(data.as_deref(), *r);
                }
                self.menu = Some(menu);
                self.message.clear();
            }
            None => {
                self.training = Some(Training { back: None, ..t });
                self.quit = true;
            }
        }
    }

    /// The next position not solved yet after the shown one (round again when all are).
    fn next_puzzle(&mut self) {
        let lang = self.settings.lang;
        let Some(t) = self.training.as_mut() else {
            return;
        };
        let n = t.puzzles.len();
        if n == 0 {
            self.message = Msg::TrainingNone.text(lang).into();
            return;
        }
        let open = (1..=n)
            .map(|k| (t.at + k) % n)
            .find(|&i| !t.progress.done.contains(&t.puzzles[i].key()));
        t.at = open.unwrap_or((t.at + 1) % n);
        self.show_puzzle(false);
        if open.is_none() {
            self.message = Msg::TrainingAllSolved.text(lang).into();
        }
    }

    /// `s` before answering: the solution, counted as failed.
    fn reveal(&mut self) {
        self.clear_selection();
        let Some(t) = self.training.as_mut() else {
            return;
        };
        let Some(p) = t.puzzle().cloned() else {
            return;
        };
        t.phase = Phase::Answered(Verdict::Shown);
        t.solution = Line {
            moves: vec![p.best],
            ready: false,
        };
        t.on_board = LineKind::Solution;
        t.step = 1;
        t.jobs = vec![Job::Solution];
        // In a retry the position's answer was counted already.
        let key = if t.counted {
            Msg::TrainingShownAgain
        } else {
            Msg::TrainingShown
        };
        self.count(false);
        self.board_to_line();
        self.message = key.fill(self.settings.lang, &[&move_text(&p.best, p.pos.rules())]);
        self.next_job();
    }

    /// The player's move in the position shown: graded at once for a suite's shot (one move
    /// wins), by the engine for a position of the player's game.
    pub(super) fn training_moved(&mut self) {
        let lang = self.settings.lang;
        let Some(m) = self.game.moves().last().copied() else {
            return;
        };
        let Some(t) = self.training.as_mut() else {
            return;
        };
        let Some(p) = t.puzzle().cloned() else {
            return;
        };
        let rules = p.pos.rules();
        t.played = Some(m);
        t.solution = Line {
            moves: vec![p.best],
            ready: false,
        };
        t.line_played = Line {
            moves: vec![m],
            ready: false,
        };
        t.step = 1;
        let text = move_text(&m, rules);
        if m == p.best {
            // The player's line is the winning line: one line to show.
            t.line_played = Line::default();
            t.phase = Phase::Answered(Verdict::Right);
            t.on_board = LineKind::Solution;
            t.jobs = vec![Job::Solution];
            self.count(true);
            // A shot wins material; the better move of the player's own game need not.
            let key = match p.source {
                Source::Suite { .. } => Msg::TrainingRight,
                Source::Own { .. } => Msg::TrainingRightOwn,
            };
            self.message = key.fill(lang, &[&text]);
        } else {
            // Another move: the engine's search of it is its refutation, and it judges it.
            t.phase = Phase::Judging;
            t.on_board = LineKind::Played;
            t.jobs = vec![Job::Judge, Job::Solution];
            self.message = Msg::TrainingJudging.fill(lang, &[&text]);
        }
        self.next_job();
    }

    /// Counts the first answer to the position shown and writes the progress.
    fn count(&mut self, right: bool) {
        let lang = self.settings.lang;
        let Some(t) = self.training.as_mut() else {
            return;
        };
        if t.counted {
            return;
        }
        t.counted = true;
        let Some(key) = t.puzzle().map(Puzzle::key) else {
            return;
        };
        if right {
            t.session.0 += 1;
        } else {
            t.session.1 += 1;
        }
        // Counted into the file as it is now: another board training the same rules may have
        // counted answers there since this one read it.
        let Some(path) = &t.path else {
            t.progress.record(&key, right);
            return;
        };
        match files::record_answer(path, &t.progress, &key, right, t.set_aside) {
            Ok(p) => {
                t.progress = p;
                t.set_aside = false;
            }
            Err(e) => {
                t.progress.record(&key, right);
                t.problem = Some(Msg::TrainingNotSaved.fill(lang, &[&path.display(), &e]));
            }
        }
    }

    /// Asks the engine for the next line, if any is left.
    fn next_job(&mut self) {
        let Some(t) = self.training.as_mut() else {
            return;
        };
        if t.jobs.is_empty() {
            return;
        }
        let job = t.jobs.remove(0);
        let Some(p) = t.puzzle().cloned() else {
            return;
        };
        let first = match job {
            Job::Solution => p.best,
            Job::Judge => match t.played {
                Some(m) => m,
                None => return,
            },
        };
        let mut game = Game::new(p.pos);
        if game.play(&first).is_err() {
            return;
        }
        if let Some(o) = game.outcome() {
            // The move ends the game: the line is that move, and it is judged by the result.
            let mover = p.pos.side_to_move();
            let score = match o.winner() {
                Some(w) if w == mover => 1000,
                Some(_) => -1000,
                None => 0,
            };
            self.line_done(job, -score, &[]);
            return;
        }
        t.searching = Some(job);
        let proof = match job {
            Job::Solution => proof_of(&p),
            Job::Judge => None,
        };
        let saved = std::mem::replace(&mut self.game, game);
        self.start_search(Purpose::Training(proof), Limits::MoveTime(LINE_TIME));
        self.game = saved;
    }

    /// The engine's answer to a line's search.
    pub(super) fn on_training_search(&mut self, report: &super::Report) {
        let Some(job) = self.training.as_mut().and_then(|t| t.searching.take()) else {
            return;
        };
        self.line_done(job, report.score, &report.pv);
    }

    /// A line worked out: `score` is from the view of the side to move after its first move
    /// (the opponent), `pv` the engine's line from there.
    fn line_done(&mut self, job: Job, score: i32, pv: &[Move]) {
        let lang = self.settings.lang;
        let Some(t) = self.training.as_mut() else {
            return;
        };
        let Some(p) = t.puzzle().cloned() else {
            return;
        };
        let rules = p.pos.rules();
        let line = match job {
            Job::Solution => &mut t.solution,
            Job::Judge => &mut t.line_played,
        };
        // Every line starts with its move before its search is asked for; none: nothing to do.
        let Some(first) = line.moves.first().copied() else {
            return;
        };
        let after = p.pos.after(&first);
        // The winning line up to the player's gain; the answer to the player's move up to the
        // opponent's.
        let player = p.pos.side_to_move();
        let side = match job {
            Job::Solution => player,
            Job::Judge => player.opposite(),
        };
        line.moves.truncate(1);
        line.moves.extend(cut_line(&after, pv, side));
        line.ready = true;
        if job == Job::Judge
            && let Some(m) = t.played
        {
            let mine = clamp(-score);
            let (right, key) = match &p.source {
                // A shot's proof leaves one move that wins material within 16 plies; another
                // move that the engine proves wins the game (a won ending) is as good.
                Source::Suite { .. } if mine >= 1000 => (true, Msg::TrainingRightWins),
                Source::Suite { .. } => (false, Msg::TrainingWrong),
                // The player's move against the review's score of the position, both from the
                // player's view: within a mistake of it, it is as good.
                Source::Own { score: review, .. } if mine > *review - MISTAKE => {
                    (true, Msg::TrainingRightToo)
                }
                Source::Own { .. } => (false, Msg::TrainingWrongOwn),
            };
            t.phase = Phase::Answered(if right {
                Verdict::Right
            } else {
                Verdict::Wrong
            });
            let text = move_text(&m, rules);
            let best = move_text(&p.best, rules);
            self.count(right);
            self.message = key.fill(lang, &[&text, &best]);
        }
        let kind = match job {
            Job::Solution => LineKind::Solution,
            Job::Judge => LineKind::Played,
        };
        if self.training.as_ref().is_some_and(|t| t.on_board == kind) {
            if let Some(t) = self.training.as_mut() {
                t.step = t.line(kind).moves.len();
            }
            self.board_to_line();
        }
        self.next_job();
    }

    /// Tab (or `s` after answering): the other line on the board, or `kind`.
    fn turn_line(&mut self, kind: Option<LineKind>) {
        let lang = self.settings.lang;
        let Some(t) = self.training.as_mut() else {
            return;
        };
        let other = match t.on_board {
            LineKind::Solution => LineKind::Played,
            LineKind::Played => LineKind::Solution,
        };
        let kind = kind.unwrap_or(other);
        if t.line(kind).moves.is_empty() {
            self.message = Msg::TrainingOneLine.text(lang).into();
            return;
        }
        t.on_board = kind;
        t.step = t.line(kind).moves.len();
        self.board_to_line();
        self.message.clear();
    }

    /// Left/right: the line on the board a ply back or forward.
    fn step_line(&mut self, delta: i32) {
        let Some(t) = self.training.as_mut() else {
            return;
        };
        let len = t.line(t.on_board).moves.len() as i32;
        t.step = (t.step as i32 + delta).clamp(0, len) as usize;
        self.board_to_line();
    }

    /// The board shows the position shown with the first `step` plies of the line on it.
    fn board_to_line(&mut self) {
        let Some(t) = self.training.as_ref() else {
            return;
        };
        let Some(p) = t.puzzle() else {
            return;
        };
        let mut game = Game::new(p.pos);
        for m in t.line(t.on_board).moves.iter().take(t.step) {
            if game.play(m).is_err() {
                break;
            }
        }
        self.game = game;
        self.clear_selection();
    }

    /// After a review of one of the player's own games (a side named [`PLAYER`]): the
    /// positions where the player's move was marked `?`/`??` and the engine had a better one
    /// are kept for the training. Returns what to add to the message line.
    ///
    /// [`PLAYER`]: crate::tui::keep::PLAYER
    pub(super) fn keep_own_mistakes(&mut self) -> Option<String> {
        let lang = self.settings.lang;
        let data = self.data_folder()?;
        let (review, viewer) = (self.review.as_ref()?, self.viewer.as_ref()?);
        if review.game_index != viewer.index() {
            return None; // the review is of another game of the file than the one shown
        }
        let record = viewer.replay()?.record();
        let you = crate::tui::keep::PLAYER;
        let player = match (record.tag("White"), record.tag("Black")) {
            (Some(w), _) if w == you => Color::White,
            (_, Some(b)) if b == you => Color::Black,
            _ => return None,
        };
        let scores = review.white_scores();
        let date = record.tag("Date").unwrap_or("?").to_string();
        let mut kept = Vec::new();
        let mut rules = None;
        for (ply, m) in record.moves.iter().enumerate() {
            let (mark, better) = review.mark(ply, &m.mv);
            let (Some(better), Some(game)) = (better, review.game_at(ply)) else {
                continue;
            };
            let pos = game.position();
            if pos.side_to_move() != player {
                continue;
            }
            let Some(Some(white)) = scores.get(ply) else {
                continue;
            };
            let score = if player == Color::White {
                *white
            } else {
                -white
            };
            rules = Some(pos.rules());
            kept.push(OwnPosition {
                fen: fen::write(pos),
                better: better.to_string(),
                played: m.mv.to_string(),
                mark: mark.to_string(),
                score,
                // Kept in one wording whatever the language (the panel words it, see
                // `source_text`), numbered as the record numbers its moves.
                source: format!("{date}, move {}", record.move_number(ply).0),
            });
        }
        let rules = rules?;
        match files::add_own(&files::own_path(&data, rules), &kept) {
            Ok(_) => Some(Msg::TrainingKeptOwn.fill(lang, &[&kept.len()])),
            Err(e) => Some(Msg::TrainingFileIgnored.fill(lang, &[&e])),
        }
    }
}
