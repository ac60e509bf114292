//! The state of the game screen and `update(Action)`, the only place it changes.
//!
//! Rule state (the position, the history, counters, the result) lives in [`rules::Game`] and
//! nowhere else: the app keeps only what the screen needs (cursor, selection, overlays, the
//! engine's latest report). The engine runs elsewhere: the app asks for searches through
//! [`Request`]s (the runner hands them to the worker thread) and hears back through
//! [`Action::Engine`]. Every reply carries the id of its search, so a stale answer (the player
//! took back while the engine thought) is simply dropped.

mod entry;
mod practice;
mod replay;
mod review;
mod start;

pub use crate::tui::protocol::{EngineMsg, Purpose, Report, Request, SearchLimits};
pub use practice::movetime_text;
pub use review::Review;
pub use start::{FileFor, Item as StartItem, Side as StartSide, StartMenu};

use crate::rules::{Color, Game, Move, Position, RuleSet, Square};
use crate::tui::clock::{Clock, TimeControl};
use crate::tui::input::{Action, Context};
use crate::tui::lang::{Lang, Msg};
use crate::tui::layout::Screen;
use crate::tui::save::{Keeper, Kept};
use crate::tui::viewer::Viewer;
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::time::Duration;

/// How the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Colours and Unicode pieces.
    Colour,
    /// No colour (`NO_COLOR`): Unicode pieces, markers instead of colours.
    Mono,
    /// Plain ASCII, no colour (`--ascii`).
    Ascii,
}

/// The settings a game starts with (from the command line).
#[derive(Clone, Debug)]
pub struct Config {
    pub rules: RuleSet,
    /// The side the player takes; the engine plays the other.
    pub human: Color,
    pub depth: u32,
    /// A playing level 1-10 (`--level`) instead of a depth or time: its search limit and how
    /// often the engine settles for a nearly-as-good move.
    pub level: Option<u8>,
    /// A fixed time per engine move instead of a depth.
    pub movetime: Option<Duration>,
    /// A time control for both sides (`--time 5+3`): the engine manages its own time and a
    /// flag fall ends the game.
    pub time_control: Option<TimeControl>,
    /// Ring the terminal bell at the engine's move and at the end of the game (`--bell`, `b`).
    pub bell: bool,
    pub seed: Option<u64>,
    pub look: Look,
    /// R-G6: a picked piece that can move must move.
    pub touch_move: bool,
    /// Where the game in progress is kept, after every move (for `--resume`).
    pub autosave: Option<PathBuf>,
    /// The game is the kept game itself (`--resume`): the autosave follows it from the start.
    pub resumed: bool,
    /// Where saved games go by default.
    pub save_dir: PathBuf,
    /// The language of the interface (`--lang`, else the locale).
    pub lang: Lang,
}

impl Config {
    pub fn new(rules: RuleSet) -> Config {
        Config {
            rules,
            human: rules.first_to_move(),
            depth: DEFAULT_DEPTH,
            level: None,
            movetime: None,
            time_control: None,
            bell: false,
            seed: None,
            look: Look::Colour,
            touch_move: false,
            autosave: None,
            resumed: false,
            save_dir: PathBuf::from("."),
            lang: Lang::En,
        }
    }

    pub fn limits(&self) -> SearchLimits {
        use crate::engine::Limits;
        if let Some(l) = self.level.and_then(crate::engine::levels::level) {
            return match l.limits {
                Limits::MoveTime(t) => SearchLimits::MoveTime(t),
                Limits::Depth(d) => SearchLimits::Depth(d),
                Limits::Nodes(n) => SearchLimits::Nodes(n),
                // Levels are depths or a time; anything else would be a table error.
                _ => SearchLimits::Depth(self.depth),
            };
        }
        match self.movetime {
            Some(t) => SearchLimits::MoveTime(t),
            None => SearchLimits::Depth(self.depth),
        }
    }

    /// The margin within which the engine's own moves may vary (the level's, or the default).
    pub fn variety(&self) -> i32 {
        self.level
            .and_then(crate::engine::levels::level)
            .map_or(crate::engine::params::VARIETY_MARGIN, |l| l.variety)
    }
}

/// The engine depth when none is given.
pub const DEFAULT_DEPTH: u32 = 12;
const MAX_DEPTH: u32 = 40;

#[derive(Clone, Debug)]
struct Thinking {
    id: u64,
    purpose: Purpose,
    latest: Option<Report>,
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

/// A question waiting for y/n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Quitting a game that is kept.
    Quit,
    /// Quitting a game the player has not moved in: the kept game is left as it was.
    QuitUntouched,
    /// Quitting a game that could not be kept (the message line says why).
    QuitNotKept,
    NewGame,
    Resign,
    /// The file name typed to save to is an existing file (not this game's own save).
    Replace,
}

impl Question {
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Question::Quit => Msg::QuitKept,
            Question::QuitUntouched => Msg::QuitUntouched,
            Question::QuitNotKept => Msg::QuitNotKept,
            Question::NewGame => Msg::NewGameQ,
            Question::Resign => Msg::ResignQ,
            Question::Replace => Msg::ReplaceQ,
        }
        .text(lang)
    }
}

/// What covers the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    Help,
    Confirm(Question),
    /// Typing the file name to save to.
    SaveAs(String),
    /// The replay viewer's list of games, with the highlighted one.
    Games(usize),
    /// The game has ended: its result and what to do next.
    GameEnd,
}

/// The game screen.
pub struct App {
    config: Config,
    game: Game,
    /// The position new games start from.
    start: Position,
    screen: Option<Screen>,
    /// The last resize left no room for the board: keys would act on a board nobody sees.
    too_small: bool,
    /// Time used (and left, under a time control) by each side.
    clock: Clock,
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
    /// Keeps the game in the autosave for `--resume`.
    keeper: Keeper,
    /// A save waiting for the player to confirm replacing an existing file.
    replace: Option<PathBuf>,
    /// The replay viewer, while a PDN file is being viewed.
    viewer: Option<Viewer>,
}

impl App {
    /// A game from `start` (or continued from `game`'s last position), the engine moving at
    /// once if it is its turn.
    pub fn new(mut config: Config, game: Game) -> App {
        // The game decides the rule set (a loaded record may name another than the default).
        config.rules = game.position().rules();
        let start = *game.start();
        let flipped = config.human == Color::Black;
        let keeper = Keeper::new(config.autosave.clone());
        let clock = Clock::new(config.time_control);
        let mut app = App {
            clock,
            ring: false,
            menu: None,
            review: None,
            config,
            game,
            start,
            screen: None,
            too_small: false,
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
            keeper,
            replace: None,
            viewer: None,
        };
        if app.config.resumed {
            let engine = app.engine_name();
            app.keeper.adopt(&app.game, app.config.human, &engine);
        }
        app.place_cursor();
        if app.game.outcome().is_none() {
            app.clock.start(app.side_to_move());
        }
        app.engine_turn();
        app
    }

    /// The replay viewer on a PDN file; `p` starts a game from the shown position.
    pub fn viewer(config: Config, viewer: Viewer) -> App {
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
        app.config.rules = game.position().rules();
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

    /// The replay viewer, while one is open.
    pub fn replay_viewer(&self) -> Option<&Viewer> {
        self.viewer.as_ref()
    }

    // ----- read access for the view and the tests -----

    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn config(&self) -> &Config {
        &self.config
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
    /// Whether the game is kept in the autosave (as of the last change or quitting).
    pub fn kept(&self) -> &Kept {
        self.keeper.state()
    }
    /// The game as PDN text, as it would be saved.
    pub fn record_text(&self) -> String {
        let record = crate::tui::save::record(&self.game, self.config.human, &self.engine_name());
        crate::notation::pdn::write_game(&record)
    }
    /// Shows `text` on the message line (what the command line has to say at the start, such
    /// as which game `--resume` continues).
    pub fn note(&mut self, text: impl Into<String>) {
        self.message = text.into();
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
        match self.overlay {
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
        self.game.ply() > 0 && self.game.outcome().is_none()
    }
    /// The square under the cursor, if dark.
    pub fn cursor_square(&self) -> Option<Square> {
        Square::at(self.config.rules, self.cursor.0, self.cursor.1)
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
        self.keep(false);
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::Resize { width, height } => {
                self.screen = Screen::new(Rect::new(0, 0, width, height));
                self.too_small = self.screen.is_none();
                return;
            }
            Action::Tick => {
                self.tick = self.tick.wrapping_add(1);
                self.check_flag();
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
            _ if self.menu.is_some() => {
                self.menu_action(action);
                return;
            }
            // Too small to see the board: only quitting (and answering its question) acts.
            Action::Quit | Action::Yes | Action::No => {}
            _ if self.too_small => return,
            _ => {}
        }
        match self.overlay.clone() {
            Overlay::Help => {
                self.overlay = Overlay::None;
                return;
            }
            Overlay::Confirm(q) => {
                self.overlay = Overlay::None;
                if action == Action::Yes {
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
                        if path.is_file() && self.saved_to.as_ref() != Some(&path) {
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
        if self.viewer.is_some() {
            self.replay_action(action);
            return;
        }
        match action {
            Action::Up => self.move_cursor(-1, 0),
            Action::Down => self.move_cursor(1, 0),
            Action::Left => self.move_cursor(0, -1),
            Action::Right => self.move_cursor(0, 1),
            Action::Select => self.select(),
            Action::Cancel => self.cancel(),
            Action::Click { x, y } => self.click(x, y),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.ask_hint(),
            Action::MoveNow => self.move_now(),
            Action::DepthUp => self.change_depth(1),
            Action::DepthDown => self.change_depth(-1),
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
                self.config.bell = !self.config.bell;
                self.message = self
                    .t(if self.config.bell {
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
                    self.overlay = Overlay::Confirm(Question::Resign);
                }
            }
            Action::NewGame => {
                if self.in_progress() {
                    self.overlay = Overlay::Confirm(Question::NewGame);
                } else {
                    self.new_game();
                }
            }
            Action::Save => {
                let default = self.default_save_path();
                self.overlay = Overlay::SaveAs(default.display().to_string());
            }
            Action::Quit => {
                if self.in_progress() {
                    let q = self.quit_question();
                    self.overlay = Overlay::Confirm(q);
                } else {
                    self.quit_now();
                }
            }
            Action::Help => self.overlay = Overlay::Help,
            _ => {}
        }
    }

    /// The interface's language.
    pub fn lang(&self) -> Lang {
        self.config.lang
    }

    /// A message in the interface's language.
    pub(crate) fn t(&self, m: Msg) -> &'static str {
        m.text(self.config.lang)
    }

    /// A message with arguments in the interface's language.
    pub(crate) fn fill(&self, m: Msg, args: &[&dyn std::fmt::Display]) -> String {
        m.fill(self.config.lang, args)
    }

    fn answer_yes(&mut self, q: Question) {
        match q {
            Question::Quit | Question::QuitUntouched | Question::QuitNotKept => self.quit_now(),
            Question::NewGame => self.new_game(),
            Question::Replace => {
                if let Some(p) = self.replace.take() {
                    self.save_as(p);
                }
            }
            Question::Resign => {
                self.stop_search();
                self.game.resign(self.config.human);
                self.clear_selection();
                self.announce_end();
            }
        }
    }
}

/// A move as written (square numbers, the draughts standard) with the board's coordinates
/// after it, so the numbers and the a-h/1-8 labels agree: `22-18 (d3-c4)`, `21x14x5 (b3xd5xb7)`.
pub fn move_text(m: &Move, rules: RuleSet) -> String {
    let sep = if m.is_capture() { "x" } else { "-" };
    let coords: Vec<String> = std::iter::once(m.from())
        .chain(m.path())
        .map(|s| s.coordinate(rules))
        .collect();
    format!("{m} ({})", coords.join(sep))
}

/// A score in centi-men from one side's view, as the engine words it (`+0.35`, `win in 7`).
pub fn score_text(lang: Lang, score: i32) -> String {
    crate::tui::lang::score(lang, score)
}

/// A score from White's view: `+0.35`, or for a forced end `White wins in 7 plies`.
pub fn white_score_text(lang: Lang, score: i32) -> String {
    use crate::engine::score::{ScoreKind, classify};
    let (winner, plies) = match classify(score) {
        ScoreKind::Win(n) => (Color::White, n),
        ScoreKind::Loss(n) => (Color::Black, n),
        centi @ ScoreKind::Centi(_) => return centi.to_string(),
    };
    Msg::WinsIn.fill(
        lang,
        &[
            &crate::tui::lang::color(lang, winner),
            &crate::tui::lang::plies(lang, plies),
        ],
    )
}

/// `~/x.pdn` as the shell would read it (the prompt is not a shell).
fn expand_home(text: &str) -> PathBuf {
    match (text.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) if !home.is_empty() => PathBuf::from(home).join(rest),
        _ => PathBuf::from(text),
    }
}
