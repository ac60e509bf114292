//! The state of the game screen and `update(Action)`, the only place it changes.
//!
//! Rule state (the position, the history, counters, the result) lives in [`rules::Game`] and
//! nowhere else: the app keeps only what the screen needs (cursor, selection, overlays, the
//! engine's latest report). The engine runs elsewhere: the app asks for searches through
//! [`Request`]s (the runner hands them to the worker thread) and hears back through
//! [`Action::Engine`]. Every reply carries the id of its search, so a stale answer (the player
//! took back while the engine thought) is simply dropped.

use crate::rules::{Color, Game, Move, Position, RuleSet, Square};
use crate::tui::explain;
use crate::tui::input::{Action, Context};
use crate::tui::layout::Screen;
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

/// How long the engine may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchLimits {
    Depth(u32),
    MoveTime(Duration),
}

/// The settings a game starts with (from the command line).
#[derive(Clone, Debug)]
pub struct Config {
    pub rules: RuleSet,
    /// The side the player takes; the engine plays the other.
    pub human: Color,
    pub depth: u32,
    /// A fixed time per engine move instead of a depth.
    pub movetime: Option<Duration>,
    pub seed: Option<u64>,
    pub look: Look,
    /// R-G6: a picked piece that can move must move.
    pub touch_move: bool,
    /// Where the game in progress is kept on quitting (for `--resume`).
    pub autosave: Option<PathBuf>,
    /// Where saved games go by default.
    pub save_dir: PathBuf,
}

impl Config {
    pub fn new(rules: RuleSet) -> Config {
        Config {
            rules,
            human: rules.first_to_move(),
            depth: DEFAULT_DEPTH,
            movetime: None,
            seed: None,
            look: Look::Colour,
            touch_move: false,
            autosave: None,
            save_dir: PathBuf::from("."),
        }
    }

    pub fn limits(&self) -> SearchLimits {
        match self.movetime {
            Some(t) => SearchLimits::MoveTime(t),
            None => SearchLimits::Depth(self.depth),
        }
    }
}

/// The engine depth when none is given.
pub const DEFAULT_DEPTH: u32 = 12;
const MAX_DEPTH: u32 = 40;

/// Why a search was started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine's own move.
    Move,
    /// The best move for the player, drawn on the board.
    Hint,
    /// The player offered a draw: the engine judges the position (R-G5).
    DrawOffer,
}

/// Work for the engine thread.
#[derive(Clone, Debug)]
pub enum Request {
    /// Search this game's current position (the history is there for repetitions).
    Search {
        id: u64,
        game: Box<Game>,
        limits: SearchLimits,
    },
    /// Stop the running search at once.
    Stop,
    /// Forget what was learnt (hash tables) before a new game.
    NewGame,
}

/// What the engine reports about a search; `score` is from the side to move's view.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Report {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub nps: u64,
    pub pv: Vec<Move>,
}

/// A message from the engine thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMsg {
    /// Progress (one per finished iteration).
    Info { id: u64, report: Report },
    /// The search ended.
    Done {
        id: u64,
        best: Option<Move>,
        report: Report,
    },
}

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
    Quit,
    NewGame,
    Resign,
}

impl Question {
    pub fn text(self) -> &'static str {
        match self {
            Question::Quit => "Quit? The game is kept for `dama play --resume`. (y/n)",
            Question::NewGame => "Abandon this game and start a new one? (y/n)",
            Question::Resign => "Resign this game? (y/n)",
        }
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
}

/// The game screen.
pub struct App {
    config: Config,
    game: Game,
    /// The position new games start from.
    start: Position,
    screen: Option<Screen>,
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
    /// The replay viewer, while a PDN file is being viewed.
    viewer: Option<Viewer>,
}

impl App {
    /// A game from `start` (or continued from `game`'s last position), the engine moving at
    /// once if it is its turn.
    pub fn new(config: Config, game: Game) -> App {
        let start = *game.start();
        let flipped = config.human == Color::Black;
        let mut app = App {
            config,
            game,
            start,
            screen: None,
            cursor: (5, 0),
            selected: None,
            target: None,
            via: Vec::new(),
            flipped,
            numbers: false,
            eval_on: false,
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
            viewer: None,
        };
        app.place_cursor();
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
    pub fn tick(&self) -> u64 {
        self.tick
    }
    pub fn saved_to(&self) -> Option<&PathBuf> {
        self.saved_to.as_ref()
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
        match self.overlay {
            Overlay::None if self.viewer.is_some() => Context::Replay,
            Overlay::None => Context::Board,
            Overlay::Help => Context::Help,
            Overlay::Confirm(_) => Context::YesNo,
            Overlay::SaveAs(_) => Context::Text,
            Overlay::Games(_) => Context::List,
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

    /// The legal moves of the picked piece that are still possible with the landing squares
    /// chosen so far.
    pub fn candidates(&self) -> Vec<Move> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        self.game
            .legal_moves()
            .into_iter()
            .filter(|m| m.from() == from)
            .filter(|m| self.target.is_none_or(|t| m.to() == t))
            .filter(|m| passes_in_order(m, &self.via))
            .collect()
    }

    /// The squares to highlight as places to put the picked piece: the final squares of the
    /// candidates, or, while several captures end on the chosen square, the landing squares
    /// that tell them apart.
    pub fn targets(&self) -> Vec<Square> {
        let cands = self.candidates();
        let mut out: Vec<Square> = if self.target.is_some() {
            distinguishing(&cands)
        } else {
            cands.iter().map(|m| m.to()).collect()
        };
        out.sort();
        out.dedup();
        out
    }

    /// The pieces that must capture, marked while the player has not picked one (R-C1).
    pub fn capturers(&self) -> Vec<Square> {
        if self.selected.is_some()
            || self.viewer.is_some()
            || self.side_to_move() != self.config.human
            || !crate::rules::has_capture(self.game.position())
        {
            return Vec::new();
        }
        let mut v: Vec<Square> = self.game.legal_moves().iter().map(|m| m.from()).collect();
        v.sort();
        v.dedup();
        v
    }

    /// The side to move in the shown position.
    pub fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    // ----- update -----

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Resize { width, height } => {
                self.screen = Screen::new(Rect::new(0, 0, width, height));
                return;
            }
            Action::Tick => {
                self.tick = self.tick.wrapping_add(1);
                return;
            }
            Action::Engine(msg) => {
                self.on_engine(msg);
                return;
            }
            Action::Interrupt => {
                self.quit_now();
                return;
            }
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
                        self.save_as(PathBuf::from(text.trim()));
                    }
                    _ => {}
                }
                return;
            }
            Overlay::Games(at) => {
                self.game_list(at, action);
                return;
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
            Action::DepthUp => self.change_depth(1),
            Action::DepthDown => self.change_depth(-1),
            Action::Flip => self.flipped = !self.flipped,
            Action::ToggleNumbers => self.numbers = !self.numbers,
            Action::ToggleEval => {
                self.eval_on = !self.eval_on;
                self.message = if self.eval_on {
                    "Evaluation shown (from White's view)".into()
                } else {
                    "Evaluation hidden".into()
                };
            }
            Action::OfferDraw => self.offer_draw(),
            Action::Resign => {
                if self.game.outcome().is_some() {
                    self.message = "The game is already over".into();
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
                    self.overlay = Overlay::Confirm(Question::Quit);
                } else {
                    self.quit_now();
                }
            }
            Action::Help => self.overlay = Overlay::Help,
            _ => {}
        }
    }

    fn replay_action(&mut self, action: Action) {
        let Some(v) = self.viewer.as_mut() else {
            return;
        };
        let moved = match action {
            Action::Left => v.back(),
            Action::Right => v.forward(),
            Action::First => {
                v.to_start();
                true
            }
            Action::Last => {
                v.to_end();
                true
            }
            Action::PrevGame => v.switch(false),
            Action::NextGame => v.switch(true),
            Action::Flip => {
                self.flipped = !self.flipped;
                false
            }
            Action::ToggleNumbers => {
                self.numbers = !self.numbers;
                false
            }
            Action::Help => {
                self.overlay = Overlay::Help;
                false
            }
            Action::Quit => {
                self.quit = true;
                false
            }
            Action::PlayFromHere => return self.play_from_here(),
            Action::GameList => {
                self.overlay = Overlay::Games(v.index());
                false
            }
            _ => false,
        };
        if moved {
            if let Some(g) = self.viewer.as_ref().and_then(Viewer::game_so_far) {
                self.config.rules = g.position().rules();
                self.game = g;
            }
        }
    }

    fn game_list(&mut self, at: usize, action: Action) {
        let Some(v) = self.viewer.as_mut() else {
            self.overlay = Overlay::None;
            return;
        };
        let last = v.count().saturating_sub(1);
        self.overlay = match action {
            Action::Up => Overlay::Games(at.saturating_sub(1)),
            Action::Down => Overlay::Games((at + 1).min(last)),
            Action::PrevGame => Overlay::Games(at.saturating_sub(10)),
            Action::NextGame => Overlay::Games((at + 10).min(last)),
            Action::Select => {
                v.open(at);
                if let Some(g) = v.game_so_far() {
                    self.config.rules = g.position().rules();
                    self.game = g;
                }
                Overlay::None
            }
            Action::Cancel => Overlay::None,
            _ => Overlay::Games(at),
        };
    }

    /// Leaves the viewer and plays on from the shown position: the player takes the side to
    /// move, the engine the other.
    fn play_from_here(&mut self) {
        let Some(v) = self.viewer.as_ref() else {
            return;
        };
        let Some(game) = v.game_so_far() else {
            self.message = "This game could not be read; choose another ([ and ])".into();
            return;
        };
        if game.outcome().is_some() {
            self.message = "The game is over at this point; step back first".into();
            return;
        }
        self.viewer = None;
        self.config.rules = game.position().rules();
        self.config.human = game.position().side_to_move();
        self.flipped = self.config.human == Color::Black;
        self.start = *game.start();
        self.game = game;
        self.redo.clear();
        self.clear_selection();
        self.message = format!(
            "Playing on from here: you are {}, the engine {}",
            self.config.human,
            self.config.human.opposite()
        );
        self.place_cursor();
        self.engine_turn();
    }

    fn answer_yes(&mut self, q: Question) {
        match q {
            Question::Quit => self.quit_now(),
            Question::NewGame => self.new_game(),
            Question::Resign => {
                self.stop_search();
                self.game.resign(self.config.human);
                self.clear_selection();
                self.announce_end();
            }
        }
    }

    fn move_cursor(&mut self, dr: i8, df: i8) {
        let (dr, df) = if self.flipped { (-dr, -df) } else { (dr, df) };
        let r = (self.cursor.0 as i8 + dr).clamp(0, 7) as u8;
        let f = (self.cursor.1 as i8 + df).clamp(0, 7) as u8;
        self.cursor = (r, f);
    }

    /// Puts the cursor on a piece of the player that can move (the first one), or leaves it.
    fn place_cursor(&mut self) {
        let legal = self.game.legal_moves();
        if let Some(m) = legal.first() {
            let rules = self.config.rules;
            self.cursor = (m.from().row(), m.from().file(rules));
        }
    }

    /// The board square at display row/column.
    pub fn display_to_board(&self, drow: u8, dcol: u8) -> (u8, u8) {
        if self.flipped {
            (7 - drow, 7 - dcol)
        } else {
            (drow, dcol)
        }
    }

    fn click(&mut self, x: u16, y: u16) {
        let Some(screen) = self.screen else {
            return;
        };
        if let Some((dr, dc)) = screen.hit(x, y) {
            self.cursor = self.display_to_board(dr, dc);
            self.select();
        }
    }

    fn clear_selection(&mut self) {
        self.selected = None;
        self.target = None;
        self.via.clear();
    }

    fn cancel(&mut self) {
        if self.target.is_some() || !self.via.is_empty() {
            self.target = None;
            self.via.clear();
            self.message = "Choose where to put the piece".into();
        } else if let Some(sq) = self.selected {
            if self.config.touch_move {
                self.message = format!("Touch-move: the piece on {sq} must move");
            } else {
                self.clear_selection();
                self.message.clear();
            }
        } else {
            self.message.clear();
        }
    }

    fn select(&mut self) {
        if self.game.outcome().is_some() {
            self.message = "The game is over: s saves, N starts a new game, q quits".into();
            return;
        }
        if self.side_to_move() != self.config.human {
            self.message = "The engine is thinking; wait for its move (u takes back)".into();
            return;
        }
        let sq = self.cursor_square();
        match self.selected {
            None => self.pick(sq),
            Some(from) => self.put(from, sq),
        }
    }

    fn pick(&mut self, sq: Option<Square>) {
        let Some(sq) = sq else {
            self.message = "Pieces stand on the dark squares only".into();
            return;
        };
        if let Some(why) = explain::cannot_pick(self.game.position(), sq) {
            self.message = why;
            return;
        }
        self.selected = Some(sq);
        self.target = None;
        self.via.clear();
        let capture = self.candidates().iter().any(Move::is_capture);
        self.message = if capture {
            format!("{sq} must capture: choose the landing square")
        } else {
            format!("{sq} picked: choose where to move (Esc lets go)")
        };
    }

    fn put(&mut self, from: Square, sq: Option<Square>) {
        let pos = *self.game.position();
        let own = sq.and_then(|s| pos.piece_at(s)).map(|p| p.color) == Some(pos.side_to_move());
        let cands = self.candidates();
        let Some(t) = sq else {
            self.message = explain::cannot_move(&pos, from, None);
            return;
        };
        // Another of the player's pieces: pick it instead (a chain may end on its own start,
        // so the picked square itself is a target when some capture ends there).
        if own && !cands.iter().any(|m| m.to() == t) {
            if self.config.touch_move && t != from {
                self.message = format!("Touch-move: the piece on {from} must move");
                return;
            }
            if t == from {
                self.cancel();
                return;
            }
            // A piece that cannot move is not picked: the current one stays in hand.
            if let Some(why) = explain::cannot_pick(&pos, t) {
                self.message = why;
                return;
            }
            self.clear_selection();
            self.pick(Some(t));
            return;
        }
        if self.target.is_none() {
            let ending: Vec<Move> = cands.iter().filter(|m| m.to() == t).copied().collect();
            match ending.len() {
                1 => return self.play_human(ending[0]),
                0 => {}
                _ => {
                    self.target = Some(t);
                    self.message = format!(
                        "{} captures end on {t}: choose a landing square on the way",
                        ending.len()
                    );
                    return;
                }
            }
        }
        // A landing square on the way (choosing a chain step by step).
        let on_way: Vec<Move> = cands
            .iter()
            .filter(|m| {
                let mut via = self.via.clone();
                via.push(t);
                m.to() != t && passes_in_order(m, &via)
            })
            .copied()
            .collect();
        if on_way.is_empty() {
            self.message = if self.target.is_some() || !self.via.is_empty() {
                "Choose one of the marked landing squares (Esc starts over)".into()
            } else {
                explain::cannot_move(&pos, from, Some(t))
            };
            return;
        }
        self.via.push(t);
        let left = self.candidates();
        if left.len() == 1 {
            return self.play_human(left[0]);
        }
        self.message = format!("Through {t}: choose the next landing square");
    }

    fn play_human(&mut self, m: Move) {
        if let Err(e) = self.game.play(&m) {
            self.message = e.to_string();
            return;
        }
        self.clear_selection();
        self.redo.clear();
        self.hint = None;
        self.stop_search();
        self.message = format!("You played {m}");
        self.after_move();
    }

    /// After any move: announce the end, or let the engine answer.
    fn after_move(&mut self) {
        if self.game.outcome().is_some() {
            self.announce_end();
        } else {
            self.engine_turn();
        }
    }

    fn announce_end(&mut self) {
        if let Some(o) = self.game.outcome() {
            self.message = format!("{o}. s saves, N starts a new game, q quits");
        }
    }

    /// Starts the engine's move when it is its turn and it is not already thinking.
    fn engine_turn(&mut self) {
        if self.game.outcome().is_none()
            && self.side_to_move() != self.config.human
            && !self.engine_moving()
        {
            self.start_search(Purpose::Move, self.config.limits());
        }
    }

    fn start_search(&mut self, purpose: Purpose, limits: SearchLimits) {
        self.stop_search();
        let id = self.next_id;
        self.next_id += 1;
        self.requests.push(Request::Search {
            id,
            game: Box::new(self.game.clone()),
            limits,
        });
        self.thinking = Some(Thinking {
            id,
            purpose,
            latest: None,
        });
    }

    fn stop_search(&mut self) {
        if self.thinking.take().is_some() {
            self.requests.push(Request::Stop);
        }
    }

    fn on_engine(&mut self, msg: EngineMsg) {
        let Some(t) = self.thinking.as_mut() else {
            return;
        };
        match msg {
            EngineMsg::Info { id, report } if id == t.id => t.latest = Some(report),
            EngineMsg::Done { id, best, report } if id == t.id => {
                let purpose = t.purpose;
                self.thinking = None;
                let side = self.side_to_move();
                self.last_search = Some(LastSearch {
                    report: report.clone(),
                    side,
                });
                self.finish(purpose, best, &report);
            }
            _ => {} // an answer to a search that was stopped
        }
    }

    fn finish(&mut self, purpose: Purpose, best: Option<Move>, report: &Report) {
        match purpose {
            Purpose::Move => {
                let Some(m) = best else {
                    self.announce_end();
                    return;
                };
                if let Err(e) = self.game.play(&m) {
                    self.message = format!("The engine's move was refused: {e}");
                    return;
                }
                self.message = format!("The engine played {m}");
                if crate::rules::has_capture(self.game.position()) {
                    self.message.push_str(": you must capture");
                }
                self.after_move();
            }
            Purpose::Hint => match best {
                Some(m) => {
                    self.hint = Some(m);
                    self.message = format!("Hint: {m} (marked on the board)");
                }
                None => self.message = "No hint: there is no legal move".into(),
            },
            Purpose::DrawOffer => {
                // R-G5: the score is from the player's view (the player is to move); the
                // engine accepts when the position is level or worse for itself.
                let own = -report.score;
                if own <= 0 {
                    self.game.agree_draw();
                    self.clear_selection();
                    self.message = format!(
                        "The engine accepts the draw: it judges the position {} for itself. {}",
                        score_text(own),
                        "s saves, N starts a new game, q quits"
                    );
                } else {
                    self.message = format!(
                        "The engine declines the draw: it judges the position {} for itself",
                        score_text(own)
                    );
                }
            }
        }
    }

    fn ask_hint(&mut self) {
        if self.game.outcome().is_some() {
            self.message = "The game is over".into();
        } else if self.side_to_move() != self.config.human || self.engine_moving() {
            self.message = "Hints are for your turn".into();
        } else {
            self.start_search(Purpose::Hint, self.config.limits());
            self.message = "Looking for a good move…".into();
        }
    }

    fn offer_draw(&mut self) {
        if self.game.outcome().is_some() {
            self.message = "The game is already over".into();
        } else if self.side_to_move() != self.config.human || self.engine_moving() {
            self.message = "Offer a draw on your turn".into();
        } else {
            self.start_search(Purpose::DrawOffer, self.config.limits());
            self.message = "You offer a draw; the engine is considering…".into();
        }
    }

    fn change_depth(&mut self, delta: i32) {
        let d = (self.config.depth as i32 + delta).clamp(1, MAX_DEPTH as i32) as u32;
        self.config.depth = d;
        self.config.movetime = None;
        self.message = format!("Engine depth {d} (from its next move)");
    }

    /// Take back a full move: the engine's reply and the player's move before it (or just the
    /// player's move while the engine is still thinking about it).
    fn undo(&mut self) {
        let human = self.config.human;
        let has_human_move = (0..self.game.ply())
            .any(|i| self.game.position_at(i).map(|p| p.side_to_move()) == Some(human));
        if !has_human_move {
            self.message = "Nothing to take back".into();
            return;
        }
        self.stop_search();
        self.clear_selection();
        self.hint = None;
        let mut taken = Vec::new();
        while let Some(m) = self.game.undo() {
            self.redo.push(m);
            taken.push(m);
            if self.side_to_move() == human {
                break;
            }
        }
        taken.reverse();
        let list: Vec<String> = taken.iter().map(Move::to_string).collect();
        self.message = format!("Took back {} (r redoes)", list.join(" "));
    }

    fn redo(&mut self) {
        if self.redo.is_empty() {
            self.message = "Nothing to redo".into();
            return;
        }
        if self.side_to_move() != self.config.human || self.thinking.is_some() {
            self.stop_search();
        }
        let mut played = Vec::new();
        while let Some(m) = self.redo.pop() {
            if self.game.play(&m).is_err() {
                self.redo.clear();
                break;
            }
            played.push(m);
            if self.side_to_move() == self.config.human {
                break;
            }
        }
        let list: Vec<String> = played.iter().map(Move::to_string).collect();
        self.message = format!("Replayed {}", list.join(" "));
        self.clear_selection();
        self.hint = None;
        self.after_move();
    }

    fn new_game(&mut self) {
        self.stop_search();
        self.requests.push(Request::NewGame);
        self.game = Game::new(self.start);
        self.clear_selection();
        self.redo.clear();
        self.hint = None;
        self.last_search = None;
        self.saved_to = None;
        self.message = "New game".into();
        self.place_cursor();
        self.engine_turn();
    }

    fn quit_now(&mut self) {
        self.stop_search();
        self.autosave();
        self.quit = true;
    }

    fn default_save_path(&self) -> PathBuf {
        if let Some(p) = &self.saved_to {
            return p.clone();
        }
        // A new name for each game, so a save never overwrites an earlier game by default.
        let day = crate::notation::pdn::today();
        let rules = self.config.rules;
        (1..1000)
            .map(|n| {
                self.config
                    .save_dir
                    .join(format!("dama-{rules}-{day}-{n}.pdn"))
            })
            .find(|p| !p.exists())
            .unwrap_or_else(|| self.config.save_dir.join(format!("dama-{rules}.pdn")))
    }

    fn save_as(&mut self, path: PathBuf) {
        if path.as_os_str().is_empty() {
            self.message = "Not saved: no file name".into();
            return;
        }
        match self.write_game(&path) {
            Ok(()) => {
                self.message = format!("Saved to {}", path.display());
                self.saved_to = Some(path);
            }
            Err(e) => self.message = format!("Not saved: {e}"),
        }
    }

    /// Keeps the game in progress in the autosave file (for `--resume`); a finished or empty
    /// game removes a stale autosave so `--resume` does not bring back an old game.
    fn autosave(&mut self) {
        let Some(path) = self.config.autosave.clone() else {
            return;
        };
        if self.viewer.is_some() {
            return; // a replayed record is not a game of the player's
        }
        if self.in_progress() {
            if let Err(e) = self.write_game(&path) {
                self.message = format!("Autosave failed: {e}");
            }
        } else if path.exists() {
            let _ = std::fs::remove_file(&path);
        }
    }

    fn write_game(&self, path: &std::path::Path) -> std::io::Result<()> {
        let engine = match self.config.movetime {
            Some(t) => format!("dama ({} ms)", t.as_millis()),
            None => format!("dama (depth {})", self.config.depth),
        };
        crate::tui::save::write_game(&self.game, self.config.human, &engine, path)
    }
}

/// Whether `m` lands on the squares of `via` in that order (not counting its final square).
fn passes_in_order(m: &Move, via: &[Square]) -> bool {
    let mut it = m.path();
    via.iter().all(|v| it.by_ref().any(|s| s == *v))
}

/// The landing squares (not final) found in some but not all of `moves`: choosing one tells
/// the chains apart.
fn distinguishing(moves: &[Move]) -> Vec<Square> {
    let mut all: Vec<Square> = Vec::new();
    for m in moves {
        let path: Vec<Square> = m.path().collect();
        for &s in &path[..path.len().saturating_sub(1)] {
            all.push(s);
        }
    }
    all.sort();
    all.dedup();
    all.retain(|s| {
        !moves.iter().all(|m| {
            m.path()
                .take(m.path().count().saturating_sub(1))
                .any(|x| x == *s)
        })
    });
    all
}

/// A score in centi-men from one side's view, as the engine words it (`+0.35`, `win in 7`).
pub fn score_text(score: i32) -> String {
    crate::engine::format_score(score)
}

/// A score from White's view: `+0.35`, or for a forced end `White wins in 7` (plies).
pub fn white_score_text(score: i32) -> String {
    use crate::engine::{WIN, is_decisive};
    if !is_decisive(score) {
        return crate::engine::format_score(score);
    }
    let (winner, plies) = if score > 0 {
        (Color::White, WIN - score)
    } else {
        (Color::Black, WIN + score)
    };
    format!("{winner} wins in {plies}")
}
