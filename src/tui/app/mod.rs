//! The state of the game screen and `update(Action)`, the only place it changes.
//!
//! Rule state (the position, the history, counters, the result) lives in [`rules::Game`] and
//! nowhere else: the app keeps only what the screen needs (cursor, selection, overlays, the
//! engine's latest report). The engine runs elsewhere: the app asks for searches through
//! [`Request`]s (the runner hands them to the worker thread) and hears back through
//! [`Action::Engine`]. Every reply carries the id of its search, so a stale answer (the player
//! took back while the engine thought) is simply dropped.

mod analysis;
mod editor;
mod entry;
mod overlay;
mod peek;
mod players;
mod practice;
mod review;
mod settings;
mod start;
mod training;
mod viewing;

pub use crate::tui::messages::{EngineMsg, Purpose, Report, Request, ShotProof};
pub use analysis::{
    Analysis, Back as AnalysisBack, DEFAULT_LINES, MAX_LINES as MAX_ANALYSIS_LINES,
};
pub use editor::{Editor, Problem, check as check_edited, osc52};
pub use overlay::{HelpKeys, Overlay, Question, analysis_help_pages, help_pages, help_pages_of};
pub use review::Review;
pub use settings::{GameSettings, Look, Players};
pub use start::{
    FileFor, Item as StartItem, Opening as StartOpening, Side as StartSide, StartMenu,
};
pub use training::{
    LINE_PLIES, Level as TrainingLevel, Line as TrainingLine, LineKind, Phase as TrainingPhase,
    Puzzle, Source as PuzzleSource, Summary as TrainingSummary, Training, Verdict, cut_line,
    proven_line, source_text as training_source_text,
};

use crate::rules::{Color, Game, Move, Position, Square};
use crate::tui::clock::{Clock, ClockTimes};
use crate::tui::input::{Action, Context};
use crate::tui::keep::{Keeper, Kept};
use crate::tui::lang::{Lang, Msg};
use crate::tui::layout::Screen;
use crate::tui::viewer::Viewer;
use ratatui::layout::Rect;
use std::path::PathBuf;

#[derive(Clone, Debug)]
struct Thinking {
    id: u64,
    purpose: Purpose,
    latest: Option<Report>,
    /// When a level's move must be cut short to keep within its clock (a node budget does
    /// not look at the clock); `None` once asked to stop, or without a clock.
    deadline: Option<std::time::Instant>,
}

/// The engine's last finished search, kept for the panel and the evaluation readout.
#[derive(Clone, Debug)]
pub struct LastSearch {
    pub report: Report,
    /// The side to move at the searched position (the score is from its view).
    pub side: Color,
}

impl LastSearch {
    /// The score from White's view.
    pub fn white_score(&self) -> i32 {
        match self.side {
            Color::White => self.report.score,
            Color::Black => -self.report.score,
        }
    }
}

/// The game screen.
pub struct App {
    settings: GameSettings,
    game: Game,
    /// The position new games start from.
    start: Position,
    screen: Option<Screen>,
    /// The last resize left no room for the board: keys would act on a board nobody sees.
    too_small: bool,
    /// The terminal's size (columns, rows), as the last resize gave it.
    size: (u16, u16),
    /// The help's page shown (a short terminal has several).
    help_page: usize,
    /// Time used (and left, under a time control) by each side.
    clock: Clock,
    /// Both clocks as each ply's turn began (`None` where not seen: a loaded game's moves),
    /// so a take-back after a flag fall gives the time back.
    turn_clocks: Vec<Option<ClockTimes>>,
    /// The bell is due (the runner rings it: the app does no I/O).
    ring: bool,
    /// The start screen, while it is shown.
    menu: Option<StartMenu>,
    /// The engine's review of the viewer's game.
    review: Option<Review>,
    /// (row, file) as White sees the board; may be on a light square.
    cursor: (u8, u8),
    selected: Option<Square>,
    /// The final square chosen when several captures end there.
    target: Option<Square>,
    /// Landing squares chosen on the way (in order).
    via: Vec<Square>,
    flipped: bool,
    numbers: bool,
    eval_on: bool,
    message: String,
    thinking: Option<Thinking>,
    last_search: Option<LastSearch>,
    hint: Option<Move>,
    redo: Vec<Move>,
    overlay: Overlay,
    next_id: u64,
    requests: Vec<Request>,
    quit: bool,
    tick: u64,
    saved_to: Option<PathBuf>,
    /// The file the analysis board saved to last (its own file, never the game's), for the
    /// report on leaving.
    analysis_saved: Option<PathBuf>,
    /// The game played as it was saved to `saved_to` (its moves and whether it had ended).
    saved_as: Option<(Vec<Move>, bool)>,
    /// The game played has changed since it was saved.
    saved_stale: bool,
    /// Keeps the game in the autosave for `--resume`.
    keeper: Keeper,
    /// The player has been told in full that the game could not be kept (further failures
    /// add a short note): the keeper thread's answer may come after the next move, so
    /// whether it failed before is not the same as whether it was said.
    failure_told: bool,
    /// The message line holds what the command line had to say at the start ([`App::note`]:
    /// the game `--resume` continues, the ballot): the player has not acted since, so what
    /// comes by itself (the engine's first move, the tables' news) is added after it rather
    /// than put in its place.
    noted: bool,
    /// A save waiting for the player to confirm replacing an existing file.
    replace: Option<PathBuf>,
    /// The replay viewer, while a PDN file is being viewed.
    viewer: Option<Viewer>,
    /// The start screen a replay was opened from: quitting the replay goes back to it.
    back_to_start: Option<StartMenu>,
    /// The analysis board, while it is open (over the game or viewer it was opened from).
    analysis: Option<analysis::Analysis>,
    /// An earlier position of the game looked at (read-only), while the game goes on.
    peek: Option<Game>,
    /// The position editor, while it is open.
    editor: Option<Editor>,
    /// Text for the terminal's clipboard, which the runner writes (OSC 52).
    clipboard: Option<String>,
    /// The engine playing itself is paused (Space).
    paused: bool,
    /// The engine playing itself plays one move, then pauses.
    step: bool,
    /// The training (combinations), while it is open.
    training: Option<Training>,
    /// The endgame tables being built in the background, if the board started a build.
    table_build: Option<crate::tui::tablebuild::Watch>,
}

impl App {
    /// A game from `start` (or continued from `game`'s last position), the engine moving at
    /// once if it is its turn.
    pub fn new(mut config: GameSettings, game: Game) -> App {
        // The game decides the rule set (a loaded record may name another than the default).
        config.rules = game.position().rules();
        let start = *game.start();
        let flipped = config.human == Color::Black && config.players == Players::Engine;
        let keeper = Keeper::new(config.autosave.clone());
        let mut clock = Clock::new(config.time_control);
        if let Some(left) = config.clock_left.take() {
            clock.set_left(left);
        }
        let mut app = App {
            clock,
            turn_clocks: Vec::new(),
            ring: false,
            menu: None,
            review: None,
            settings: config,
            game,
            start,
            screen: None,
            too_small: false,
            size: (80, 24),
            help_page: 0,
            cursor: (5, 0),
            selected: None,
            target: None,
            via: Vec::new(),
            flipped,
            numbers: false,
            eval_on: true,
            message: String::new(),
            thinking: None,
            last_search: None,
            hint: None,
            redo: Vec::new(),
            overlay: Overlay::None,
            next_id: 1,
            requests: Vec::new(),
            quit: false,
            tick: 0,
            saved_to: None,
            analysis_saved: None,
            saved_as: None,
            saved_stale: false,
            keeper,
            failure_told: false,
            noted: false,
            replace: None,
            viewer: None,
            back_to_start: None,
            analysis: None,
            peek: None,
            editor: None,
            clipboard: None,
            paused: false,
            step: false,
            training: None,
            table_build: None,
        };
        if app.settings.resumed {
            let names = app.names();
            app.keeper.adopt(&app.game, &names);
        }
        app.turn_board();
        app.place_cursor();
        if app.game.outcome().is_none() {
            app.clock.start(app.side_to_move());
        }
        app.mark_turn();
        app.watch_seen();
        app.engine_turn();
        app
    }

    /// The replay viewer on a PDN file; `p` starts a game from the shown position.
    pub fn viewer(config: GameSettings, viewer: Viewer) -> App {
        let rules = config.rules;
        let game = viewer
            .game_so_far()
            .unwrap_or_else(|| Game::new(Position::start(rules)));
        let mut app = App {
            viewer: Some(viewer),
            ..App::new(config, Game::new(Position::start(rules)))
        };
        app.requests.clear();
        app.thinking = None;
        app.settings.rules = game.position().rules();
        app.game = game;
        app.flipped = false;
        app.message.clear();
        app
    }

    /// Opens the viewer's list of games (a file of several games starts there).
    pub fn show_game_list(&mut self) {
        if let Some(v) = &self.viewer {
            self.overlay = Overlay::Games(v.index());
        }
    }

    /// Where the game that ended was archived (or is being, or why it could not be).
    pub fn archived(&self) -> Option<&crate::tui::keep::Archived> {
        self.keeper.archived()
    }

    /// [`App::archived`] while the game played is as it ended (a review may show another
    /// position of it; a take-back and play on since would make the archive an older end).
    pub fn archived_as_it_stands(&self) -> Option<&crate::tui::keep::Archived> {
        self.keeper.archived_as_it_stands()
    }

    /// The game was saved with `s` and has changed since: the file holds an earlier point.
    pub fn saved_earlier(&self) -> bool {
        self.saved_to.is_some() && self.saved_stale
    }

    /// The replay viewer, while one is open and shown (not under the analysis board).
    pub fn replay_viewer(&self) -> Option<&Viewer> {
        self.viewer.as_ref().filter(|_| self.analysis.is_none())
    }

    // ----- read access for the view and the tests -----

    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn settings(&self) -> &GameSettings {
        &self.settings
    }
    pub fn cursor(&self) -> (u8, u8) {
        self.cursor
    }
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }
    pub fn flipped(&self) -> bool {
        self.flipped
    }
    pub fn numbers(&self) -> bool {
        self.numbers
    }
    pub fn eval_on(&self) -> bool {
        self.eval_on
    }
    pub fn message(&self) -> &str {
        &self.message
    }
    pub fn hint(&self) -> Option<Move> {
        self.hint
    }
    pub fn overlay(&self) -> &Overlay {
        &self.overlay
    }
    pub fn last_search(&self) -> Option<&LastSearch> {
        self.last_search.as_ref()
    }
    pub fn should_quit(&self) -> bool {
        self.quit
    }
    /// Whether the bell is due, once: the runner rings it and the flag is cleared.
    pub fn take_bell(&mut self) -> bool {
        std::mem::take(&mut self.ring)
    }
    pub fn clock(&self) -> &Clock {
        &self.clock
    }
    pub fn tick(&self) -> u64 {
        self.tick
    }
    pub fn saved_to(&self) -> Option<&PathBuf> {
        self.saved_to.as_ref()
    }
    /// Where the analysis board's lines were saved last in this session, if anywhere.
    pub fn analysis_saved_to(&self) -> Option<&PathBuf> {
        self.analysis_saved.as_ref()
    }
    /// Hands the autosave's writing to a keeper thread, so that a slow disk never holds up a
    /// move (the terminal loop does; an app driven directly keeps it in step).
    ///
    /// # Errors
    /// When the thread cannot be started: the autosave is then written in step, as before.
    pub fn keep_in_background(&mut self) -> std::io::Result<()> {
        self.keeper.in_background()
    }
    /// Whether the game is kept in the autosave (as of the last change or quitting).
    pub fn kept(&self) -> &Kept {
        self.keeper.state()
    }
    /// The autosave's path (`None` without a data folder).
    pub fn autosave_path(&self) -> Option<&std::path::Path> {
        self.keeper.path()
    }
    /// The game as PDN text, as it would be saved.
    pub fn record_text(&self) -> String {
        let record = crate::tui::keep::record_of(&self.game, &self.names());
        crate::notation::pdn::write_game(&record)
    }
    /// Shows `text` on the message line (what the command line has to say at the start, such
    /// as which game `--resume` continues).
    pub fn note(&mut self, text: impl Into<String>) {
        self.message = text.into();
        self.noted = true;
    }

    /// Shows `text`, news that came by itself, on the message line: after the note of the start
    /// if the player has not acted since it was shown (once), else in place of what was there.
    pub(super) fn tell(&mut self, text: String) {
        if std::mem::take(&mut self.noted) {
            self.message = format!("{}. {text}", self.message);
        } else {
            self.message = text;
        }
    }

    /// Follows a background build of the endgame tables: its progress in the panel, its end
    /// on the message line (looked at on every tick).
    pub fn watch_table_build(&mut self, build: crate::tables::background::Background) {
        self.table_build = Some(crate::tui::tablebuild::Watch::new(build));
    }

    /// The background build's progress line, while it runs.
    pub fn table_build_line(&self) -> Option<String> {
        self.table_build.as_ref()?.line(self.settings.lang)
    }

    /// The background build, if the board started one.
    pub fn table_build(&self) -> Option<&crate::tui::tablebuild::Watch> {
        self.table_build.as_ref()
    }
    /// The purpose and latest report of the running search, if any.
    pub fn thinking(&self) -> Option<(Purpose, Option<&Report>)> {
        self.thinking
            .as_ref()
            .map(|t| (t.purpose, t.latest.as_ref()))
    }
    /// Whether the engine is busy with its own move.
    pub fn engine_moving(&self) -> bool {
        matches!(
            self.thinking,
            Some(Thinking {
                purpose: Purpose::Move,
                ..
            })
        )
    }
    /// Work for the engine thread since the last call.
    pub fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }
    /// What the keyboard drives now.
    pub fn context(&self) -> Context {
        if let Some(m) = &self.menu {
            return if m.prompt.is_some() {
                Context::Text
            } else {
                Context::Start
            };
        }
        if let Some(e) = &self.editor {
            return if e.prompt.is_some() {
                Context::Text
            } else if matches!(self.overlay, Overlay::Confirm(_)) {
                Context::YesNo
            } else if self.overlay == Overlay::Help {
                Context::Help
            } else {
                Context::Editor
            };
        }
        match self.overlay {
            Overlay::None if self.analysis.is_some() => Context::Analysis,
            Overlay::None if self.training.is_some() => Context::Training,
            Overlay::None if self.viewer.is_some() => Context::Replay,
            Overlay::None => Context::Board,
            Overlay::Help => Context::Help,
            Overlay::Confirm(_) => Context::YesNo,
            Overlay::SaveAs(_) => Context::Text,
            Overlay::Games(_) => Context::List,
            Overlay::GameEnd => Context::GameEnd,
        }
    }
    /// Whether a game is under way (moves played, not finished): quitting asks first.
    pub fn in_progress(&self) -> bool {
        self.editor.is_none() && self.game.ply() > 0 && self.game.outcome().is_none()
    }
    /// The square under the cursor, if dark.
    pub fn cursor_square(&self) -> Option<Square> {
        Square::at(self.settings.rules, self.cursor.0, self.cursor.1)
    }

    /// The side to move in the shown position.
    pub fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    // ----- update -----

    /// Applies one action, then keeps the game if it changed (the autosave is never more than
    /// the move being made behind).
    pub fn update(&mut self, action: Action) {
        self.apply(action);
        // A position looked back at must still be one of the game's (a new game, a load).
        if let Some(p) = &self.peek
            && (p.ply() >= self.game.ply()
                || p.start() != self.game.start()
                || p.moves() != &self.game.moves()[..p.ply()])
        {
            self.peek = None;
        }
        self.keep(false);
    }

    fn apply(&mut self, action: Action) {
        if !matches!(
            action,
            Action::Resize { .. }
                | Action::Tick
                | Action::Engine(_)
                | Action::Suspend
                | Action::Resumed { .. }
        ) {
            // The player acted: the note of the start has been seen.
            self.noted = false;
        }
        match action {
            // The terminal loop suspends; nothing of the game changes.
            Action::Suspend => return,
            Action::Resumed { away } => {
                self.clock.forgive(away);
                if let Some(d) = self.thinking.as_mut().and_then(|t| t.deadline.as_mut()) {
                    *d += away;
                }
                return;
            }
            Action::Resize { width, height } => {
                self.screen = Screen::new(Rect::new(0, 0, width, height));
                self.size = (width, height);
                self.too_small = self.screen.is_none();
                return;
            }
            Action::Tick => {
                self.tick = self.tick.wrapping_add(1);
                self.check_flag();
                let lang = self.settings.lang;
                if let Some(note) = self.table_build.as_mut().and_then(|w| w.poll(lang)) {
                    // A game that cannot be kept stays told first: the tables' news comes after.
                    let not_kept = self.failure_told
                        && (self.message.contains(Msg::NotKept.text(lang))
                            || self.message.contains(Msg::NotKeptMark.text(lang)));
                    if not_kept {
                        self.message = format!("{}. {note}", self.message);
                    } else {
                        self.tell(note);
                    }
                }
                self.check_deadline();
                // The keeper thread's answer (a failure to tell) is looked at on every tick,
                // not only at the next move; nothing is written when nothing changed.
                if self.keeper.is_background() {
                    self.keep(false);
                }
                return;
            }
            Action::Engine(msg) => {
                self.on_engine(msg);
                return;
            }
            Action::Interrupt => {
                // Ctrl-C quits at once, unless that would lose a game that could not be kept:
                // then it asks (a second Ctrl-C quits).
                self.keep(true);
                let asking = self.overlay == Overlay::Confirm(Question::QuitNotKept);
                if self.in_progress() && !asking && matches!(self.keeper.state(), Kept::Failed(..))
                {
                    self.overlay = Overlay::Confirm(Question::QuitNotKept);
                } else {
                    self.quit_now();
                }
                return;
            }
            Action::Terminate => {
                self.quit_now();
                return;
            }
            // A paste: a FEN for the editor; elsewhere typed, one character at a time (line
            // breaks and other control characters left out).
            Action::Paste(text) if self.editor.is_some() => {
                self.paste_fen(&text);
                return;
            }
            Action::Paste(text) => {
                for c in text.chars().filter(|c| !c.is_control()) {
                    self.apply(Action::Char(c));
                }
                return;
            }
            _ if self.menu.is_some() => {
                self.menu_action(action);
                return;
            }
            // The editor's question (leaving it) is answered below, as every question is.
            _ if self.editor.is_some() && !self.too_small && self.overlay == Overlay::None => {
                self.editor_action(action);
                return;
            }
            // Too small to see the board: only quitting (and answering its question) acts.
            Action::Quit | Action::Yes | Action::No => {}
            _ if self.too_small => return,
            _ => {}
        }
        match self.overlay.clone() {
            // Any key shows the next page, or closes the help after the last; Esc closes it.
            Overlay::Help => {
                let (w, h) = self.size;
                let pages = help_pages_of(self.lang(), self.help_keys(), w, h).len();
                if self.help_page + 1 < pages && action != Action::No {
                    self.help_page += 1;
                } else {
                    self.overlay = Overlay::None;
                }
                return;
            }
            Overlay::Confirm(q) => {
                let yes = match action {
                    Action::Yes => true,
                    Action::Char('s' | 'S') if self.settings.lang == Lang::It => true,
                    Action::Char(_) => return, // not an answer: the question stays
                    _ => false,
                };
                self.overlay = Overlay::None;
                if matches!(
                    q,
                    Question::DrawOfferedByWhite | Question::DrawOfferedByBlack
                ) {
                    self.draw_answered(yes);
                } else if yes {
                    self.answer_yes(q);
                } else if let Some(p) = self.replace.take() {
                    self.message = self.fill(Msg::NotSavedKept, &[&p.display()]);
                } else if q == Question::QuitNotKept {
                    self.message = self.t(Msg::SaveElsewhere).into();
                }
                return;
            }
            Overlay::SaveAs(mut text) => {
                match action {
                    Action::Char(c) => {
                        text.push(c);
                        self.overlay = Overlay::SaveAs(text);
                    }
                    Action::Backspace => {
                        text.pop();
                        self.overlay = Overlay::SaveAs(text);
                    }
                    Action::Cancel => self.overlay = Overlay::None,
                    Action::Select => {
                        self.overlay = Overlay::None;
                        let path = expand_home(text.trim());
                        // Saving over another file loses what it held: ask first.
                        if path.is_file() && self.own_save_file() != Some(&path) {
                            self.replace = Some(path);
                            self.overlay = Overlay::Confirm(Question::Replace);
                        } else {
                            self.save_as(path);
                        }
                    }
                    _ => {}
                }
                return;
            }
            Overlay::Games(at) => {
                self.game_list(at, action);
                return;
            }
            // The dialog's own keys; Esc closes it to look at the final position, and the
            // rest act as on the board (save, quit, new game, take back).
            Overlay::GameEnd => {
                self.overlay = Overlay::None;
                if action == Action::PlayAgain {
                    self.play_again();
                    return;
                }
                if action == Action::Review {
                    self.review_finished_game();
                    return;
                }
            }
            Overlay::None => {}
        }
        if self.analysis.is_some() {
            self.analysis_action(action);
            return;
        }
        if self.training.is_some() && self.training_action(&action) {
            return;
        }
        if action == Action::Analyse {
            self.analyse_here();
            return;
        }
        if self.viewer.is_some() {
            self.replay_action(action);
            return;
        }
        if self.peek_action(&action) {
            return;
        }
        if self.watch_action(&action) {
            return;
        }
        match action {
            a if self.arrow(&a) => {}
            Action::Select => self.select(),
            Action::Cancel => self.cancel(),
            Action::Click { x, y } => self.click(x, y),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.ask_hint(),
            Action::MoveNow => self.move_now(),
            Action::DepthUp => self.change_strength(1),
            Action::DepthDown => self.change_strength(-1),
            Action::Flip => {
                self.flipped = !self.flipped;
                self.message = self
                    .t(if self.flipped {
                        Msg::FlippedBlack
                    } else {
                        Msg::FlippedWhite
                    })
                    .into();
            }
            Action::ToggleNumbers => {
                self.numbers = !self.numbers;
                self.message = self
                    .t(if self.numbers {
                        Msg::NumbersShown
                    } else {
                        Msg::NumbersHidden
                    })
                    .into();
            }
            Action::ToggleBell => {
                self.settings.bell = !self.settings.bell;
                self.message = self
                    .t(if self.settings.bell {
                        Msg::BellOn
                    } else {
                        Msg::BellOff
                    })
                    .into();
            }
            Action::ToggleEval => {
                self.eval_on = !self.eval_on;
                self.message = self
                    .t(if self.eval_on {
                        Msg::EvalShown
                    } else {
                        Msg::EvalHidden
                    })
                    .into();
            }
            Action::OfferDraw => self.offer_draw(),
            Action::Resign => {
                if self.game.outcome().is_some() {
                    self.message = self.t(Msg::AlreadyOver).into();
                } else {
                    // Two players: the side to move resigns, and the question says which
                    // ("Resign this game?" named neither).
                    self.overlay = Overlay::Confirm(match self.settings.players {
                        Players::TwoPlayers { .. } if self.side_to_move() == Color::White => {
                            Question::ResignWhite
                        }
                        Players::TwoPlayers { .. } => Question::ResignBlack,
                        _ => Question::Resign,
                    });
                }
            }
            Action::NewGame => {
                if self.in_progress() {
                    // Said as `q` says it: a kept game goes to the unfinished ones.
                    self.keep(true);
                    let q = if matches!(self.keeper.state(), Kept::InFile(_)) {
                        Question::NewGameKept
                    } else {
                        Question::NewGame
                    };
                    self.overlay = Overlay::Confirm(q);
                } else {
                    self.new_game();
                }
            }
            Action::Save => {
                let default = self.default_save_path();
                self.overlay = Overlay::SaveAs(default.display().to_string());
            }
            Action::Quit => {
                // The engine's game against itself is nobody's to lose: no question.
                if self.in_progress() && !matches!(self.settings.players, Players::Watch { .. }) {
                    let q = self.quit_question();
                    self.overlay = Overlay::Confirm(q);
                } else {
                    self.quit_now();
                }
            }
            Action::Help => self.open_help(),
            // The dialog closed, the finished game can still be reviewed.
            Action::Review if self.game.outcome().is_some() => self.review_finished_game(),
            Action::Review => self.message = self.t(Msg::ReviewAfterEnd).into(),
            _ => {}
        }
    }

    /// The help's page shown.
    pub fn help_page(&self) -> usize {
        self.help_page
    }

    pub(super) fn open_help(&mut self) {
        self.help_page = 0;
        self.overlay = Overlay::Help;
    }

    /// The interface's language.
    pub fn lang(&self) -> Lang {
        self.settings.lang
    }

    /// A message in the interface's language.
    pub(crate) fn t(&self, m: Msg) -> &'static str {
        m.text(self.settings.lang)
    }

    /// A message with arguments in the interface's language.
    pub(crate) fn fill(&self, m: Msg, args: &[&dyn std::fmt::Display]) -> String {
        m.fill(self.settings.lang, args)
    }

    fn answer_yes(&mut self, q: Question) {
        match q {
            Question::Quit | Question::QuitUntouched | Question::QuitNotKept => self.quit_now(),
            Question::NewGame | Question::NewGameKept => self.new_game(),
            Question::LeaveAnalysis => self.leave_analysis(),
            Question::LeaveEditor => self.leave_editor(),
            Question::Replace => {
                if let Some(p) = self.replace.take() {
                    self.save_as(p);
                }
            }
            // The offers are answered in `draw_answered`.
            Question::DrawOfferedByWhite | Question::DrawOfferedByBlack => {}
            Question::Resign | Question::ResignWhite | Question::ResignBlack => {
                self.stop_search();
                // Two players: the side to move resigns.
                let loser = match self.settings.players {
                    Players::TwoPlayers { .. } => self.side_to_move(),
                    _ => self.settings.human,
                };
                self.game.resign(loser);
                self.clear_selection();
                self.announce_end();
            }
        }
    }
}

/// `~/x.pdn` as the shell would read it (the prompt is not a shell).
fn expand_home(text: &str) -> PathBuf {
    match (text.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) if !home.is_empty() => PathBuf::from(home).join(rest),
        _ => PathBuf::from(text),
    }
}
