//! The analysis board: both sides moved by the player over a move tree (the game's line and
//! the variations the player tries), the engine analysing the position shown without stopping
//! (its best lines, multi-PV, on every thread) until `space` stops it.
//!
//! While it is open, the app's [`Game`] is the position at the tree's cursor, so the board,
//! move entry and the mouse work as in a game; the game or viewer it was opened from waits in
//! [`Back`] and comes back as it was.

use super::{App, Overlay, StartMenu};
use crate::notation::pdn::{PdnGame, PdnMove};
use crate::notation::tree::{MoveTree, NodeId};
use crate::rules::{Color, Game, Move, Position};
use crate::tui::input::Action;
use crate::tui::lang::Msg;
use crate::tui::messages::{Report, Request};
use std::path::PathBuf;

/// The most lines the board shows; `+` and `-` keep within 1 and this.
pub const MAX_LINES: usize = 5;
/// The lines shown when the board opens.
pub const DEFAULT_LINES: usize = 3;

/// Where `q` goes back to.
#[derive(Debug)]
pub enum Back {
    /// The game in play or the viewer's position, restored as it was (the clock and the
    /// engine's turn resume in a game).
    Game(Box<Game>),
    /// The start screen.
    Start(Box<StartMenu>),
    /// The position editor, as it was.
    Editor(Box<super::Editor>),
    /// The training, and the board it showed, as they were.
    Training(Box<(super::training::Training, Game)>),
    /// Nothing: `dama analyze --board` ends.
    Quit,
}

/// The analysis board's state.
#[derive(Debug)]
pub struct Analysis {
    tree: MoveTree,
    at: NodeId,
    /// The record the tree came from: its tags and result are saved with it.
    base: PdnGame,
    /// How many lines the engine shows.
    want: usize,
    /// The engine's latest lines at the cursor, best first.
    lines: Vec<Report>,
    /// The engine analyses (space stops and starts it).
    running: bool,
    /// The engine has finished with the position shown (solved it): it starts again on the
    /// next one, the player having stopped nothing.
    finished: bool,
    back: Back,
    /// The player's colour and touch-move in the game, given back on leaving (the board is
    /// both sides' here, and no move is binding).
    human: Color,
    touch_move: bool,
    /// The file this board saved to (saved again there without asking).
    pub(super) saved_to: Option<PathBuf>,
    /// The lines as they were opened or last saved: leaving with others asks first.
    clean: Lines,
}

/// What the board adds to a record: the comments before the first move and the main line
/// with its variations, comments and marks.
type Lines = (Vec<String>, Vec<PdnMove>);

impl Analysis {
    pub fn tree(&self) -> &MoveTree {
        &self.tree
    }
    /// The node shown.
    pub fn at(&self) -> NodeId {
        self.at
    }
    pub fn lines(&self) -> &[Report] {
        &self.lines
    }
    /// How many lines the engine is asked for.
    pub fn wanted(&self) -> usize {
        self.want
    }
    pub fn running(&self) -> bool {
        self.running
    }
    /// Whether the engine has finished with the position shown (it goes on at the next).
    pub fn finished(&self) -> bool {
        self.finished
    }
    /// Whether moves or notes were made since the board opened or was last saved.
    pub fn unsaved(&self) -> bool {
        self.lines_now() != self.clean
    }
    fn lines_now(&self) -> Lines {
        let g = self.tree.to_game(&self.base);
        (g.intro, g.moves)
    }
    /// Saved to `path`: the lines as they are now are safe there.
    pub(super) fn saved(&mut self, path: PathBuf) {
        self.saved_to = Some(path);
        self.clean = self.lines_now();
    }
}

/// `game`'s moves as a record (for a tree of a game in play or a position).
fn record_of(game: &Game) -> PdnGame {
    let mut g = PdnGame::new(game.start().rules());
    g.start = *game.start();
    g.moves = game
        .moves()
        .iter()
        .copied()
        .map(crate::notation::pdn::PdnMove::new)
        .collect();
    g
}

impl App {
    /// The analysis board on its own (the start screen, `dama analyze --board`): `record`'s
    /// tree at ply `ply` of its main line.
    pub fn analysis_board(
        config: super::GameSettings,
        record: PdnGame,
        ply: usize,
        back_to_start: bool,
    ) -> App {
        let rules = record.rules;
        let mut app = App::new(config, Game::new(Position::start(rules)));
        app.requests.clear();
        app.thinking = None;
        let back = if back_to_start {
            Back::Start(Box::new(StartMenu::new(rules, None)))
        } else {
            Back::Quit
        };
        app.open_analysis(record, ply, back);
        app
    }

    /// The analysis board, while it is open.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// Opens the board on `record` at ply `ply` of its main line.
    pub(super) fn open_analysis(&mut self, record: PdnGame, ply: usize, back: Back) {
        self.stop_search();
        self.clock.pause();
        self.overlay = Overlay::None;
        let tree = MoveTree::from_game(&record);
        let mut at = NodeId::ROOT;
        for _ in 0..ply {
            match tree.main_child(at) {
                Some(c) => at = c,
                None => break,
            }
        }
        self.settings.rules = record.rules;
        let mut a = Analysis {
            tree,
            at,
            base: record,
            want: DEFAULT_LINES,
            lines: Vec::new(),
            running: true,
            finished: false,
            back,
            human: self.settings.human,
            touch_move: self.settings.touch_move,
            saved_to: None,
            clean: (Vec::new(), Vec::new()),
        };
        a.clean = a.lines_now();
        self.analysis = Some(a);
        self.settings.touch_move = false;
        self.message = self.t(Msg::AnalysisOpened).into();
        self.show_node();
    }

    /// Opens the board on the game shown: the game in play (at its current position), or the
    /// viewer's record (its variations too) at the viewer's ply.
    pub(super) fn analyse_here(&mut self) {
        let back = Back::Game(Box::new(self.game.clone()));
        let record = match self.viewer.as_ref().and_then(|v| v.replay()) {
            Some(r) => (r.record().clone(), r.ply()),
            // From the position looked back at, if any.
            None => (
                record_of(&self.game),
                self.peek.take().map_or(self.game.ply(), |p| p.ply()),
            ),
        };
        self.open_analysis(record.0, record.1, back);
    }

    /// The position at the cursor onto the board, and the engine onto it (when running).
    fn show_node(&mut self) {
        let Some(a) = self.analysis.as_mut() else {
            return;
        };
        let mut game = Game::new(*a.tree.start());
        for m in a.tree.moves_to(a.at) {
            // Every move of the tree was legal where it was played; past a draw by the rules
            // the analysis goes on, as a record may.
            if game.play_past_draw(&m).is_err() {
                break;
            }
        }
        a.lines.clear();
        a.finished = false;
        let running = a.running;
        self.settings.human = game.position().side_to_move();
        self.game = game;
        self.hint = None;
        self.clear_selection();
        self.place_cursor();
        self.stop_search();
        if running {
            self.start_analysis();
        }
    }

    /// Starts the engine on the position shown, stopping any search before it: the engine
    /// thread runs one search at a time, and an analysis never ends by itself.
    fn start_analysis(&mut self) {
        self.stop_search();
        let Some(a) = self.analysis.as_ref() else {
            return;
        };
        if self.game.outcome().is_some_and(|o| o.winner().is_some()) {
            return; // nothing to analyse: no move, or a side without pieces, has lost
        }
        let lines = a.want;
        let id = self.next_id;
        self.next_id += 1;
        self.requests.push(Request::Analyse {
            id,
            game: Box::new(self.game.clone()),
            lines,
        });
        self.thinking = Some(super::Thinking {
            id,
            purpose: super::Purpose::Analysis,
            latest: None,
            deadline: None,
        });
    }

    /// The engine's lines after an iteration of the running analysis.
    pub(super) fn on_lines(&mut self, id: u64, lines: Vec<Report>) {
        let current = self.thinking.as_ref().is_some_and(|t| t.id == id);
        if let (true, Some(a)) = (current, self.analysis.as_mut()) {
            if let Some(t) = self.thinking.as_mut() {
                t.latest = lines.first().cloned();
            }
            self.hint = lines.first().and_then(|l| l.pv.first().copied());
            a.lines = lines;
        }
    }

    /// The analysis ended by itself (the position is solved, or the deepest depth reached).
    pub(super) fn analysis_done(&mut self) {
        if let Some(a) = self.analysis.as_mut() {
            // This position only: the next one shown is analysed again (the player stopped
            // nothing; an endgame would otherwise leave the engine silent after its first).
            a.finished = true;
            self.message = Msg::AnalysisFinished.text(self.settings.lang).into();
        }
    }

    /// A move made on the board: the tree's child that holds it, or a new variation.
    pub(super) fn analysis_play(&mut self, m: Move) {
        let Some(a) = self.analysis.as_mut() else {
            return;
        };
        let parent = a.at;
        let had = a.tree.node(parent).children().len();
        a.at = a.tree.play(parent, m);
        // A new move where another was already played: a variation.
        let new_variation = had > 0 && a.tree.node(parent).children().len() > had;
        let text = crate::tui::lang::move_text(&m, self.settings.rules);
        self.show_node();
        self.message = if new_variation {
            self.fill(Msg::AnalysisNewVariation, &[&text])
        } else {
            self.fill(Msg::YouPlayed, &[&text])
        };
    }

    /// The analysis board's keys.
    pub(super) fn analysis_action(&mut self, action: Action) {
        // A won position (no move, or a side without pieces) has nothing to analyse.
        let won = self.game.outcome().filter(|o| o.winner().is_some());
        let lang = self.settings.lang;
        let Some(a) = self.analysis.as_mut() else {
            return;
        };
        match action {
            // Space said "Analysis started" there, with no analysis to start.
            Action::ToggleAnalysis if won.is_some() => {
                let why = won.map(|o| crate::tui::lang::outcome(lang, o));
                self.message = Msg::AnalysisNothingHere.fill(lang, &[&why.unwrap_or_default()]);
            }
            Action::TreeBack => {
                if let Some(p) = a.tree.node(a.at).parent() {
                    a.at = p;
                    self.show_node();
                }
            }
            Action::TreeForward => {
                if let Some(c) = a.tree.main_child(a.at) {
                    a.at = c;
                    self.show_node();
                }
            }
            Action::TreeUp | Action::TreeDown => {
                // The sibling before or after: another move in the same position.
                let Some(p) = a.tree.node(a.at).parent() else {
                    return;
                };
                let sibs = a.tree.node(p).children();
                let i = sibs.iter().position(|&c| c == a.at).unwrap_or(0);
                let j = if action == Action::TreeUp {
                    i.checked_sub(1)
                } else {
                    Some(i + 1).filter(|&j| j < sibs.len())
                };
                if let Some(j) = j {
                    a.at = sibs[j];
                    self.show_node();
                }
            }
            Action::First => {
                a.at = NodeId::ROOT;
                self.show_node();
            }
            Action::Last => {
                a.at = a.tree.line_end(a.at);
                self.show_node();
            }
            Action::ToggleAnalysis => {
                // Finished here, space starts it again rather than stopping what has ended.
                a.running = !a.running || a.finished;
                a.finished = false;
                if a.running {
                    self.message = self.t(Msg::AnalysisStarted).into();
                    self.start_analysis();
                } else {
                    self.stop_search();
                    self.message = self.t(Msg::AnalysisStopped).into();
                }
            }
            Action::DepthUp | Action::DepthDown => {
                let want = if action == Action::DepthUp {
                    (a.want + 1).min(MAX_LINES)
                } else {
                    a.want.saturating_sub(1).max(1)
                };
                a.want = want;
                a.lines.truncate(want);
                let running = a.running;
                self.message = self.fill(Msg::AnalysisLines, &[&want]);
                if running {
                    self.start_analysis();
                }
            }
            Action::Promote => {
                if a.tree.promote(a.at) {
                    self.message = self.t(Msg::AnalysisPromoted).into();
                } else {
                    self.message = self.t(Msg::AnalysisMainLine).into();
                }
            }
            Action::DeleteNode => match a.tree.delete(a.at) {
                Some(p) => {
                    a.at = p;
                    self.show_node();
                    self.message = self.t(Msg::AnalysisDeleted).into();
                }
                None => self.message = self.t(Msg::AnalysisNothingToDelete).into(),
            },
            Action::Note => {
                // The engine's view of the position shown, as a comment on the move that led
                // here (before the first move: on the start), saved with the tree.
                let Some(best) = a.lines.first() else {
                    self.message = self.t(Msg::AnalysisNoScore).into();
                    return;
                };
                let side = self.game.position().side_to_move();
                let white = if side == Color::White {
                    best.score
                } else {
                    -best.score
                };
                let line: Vec<String> = best.pv.iter().take(6).map(|m| m.to_string()).collect();
                // Worded as the panel words it ("White wins in 33 plies", not the engine's
                // "win in 33", which does not say whose), in the player's language.
                let lang = self.settings.lang;
                let note = Msg::AnalysisNote.fill(
                    lang,
                    &[
                        &crate::tui::lang::white_score(lang, white),
                        &best.depth,
                        &line.join(" "),
                    ],
                );
                // The same view noted twice (the engine has not gone deeper since) is kept once.
                let comments = &mut a.tree.node_mut(a.at).comments;
                if comments.last() == Some(&note) {
                    self.message = self.fill(Msg::AnalysisAlreadyNoted, &[&note]);
                } else {
                    comments.push(note.clone());
                    self.message = self.fill(Msg::AnalysisNoted, &[&note]);
                }
            }
            Action::Save => {
                let default = self.default_save_path();
                self.overlay = Overlay::SaveAs(default.display().to_string());
            }
            // Lines and notes are the player's work: not lost to one key unasked.
            Action::Quit if a.unsaved() => {
                self.overlay = Overlay::Confirm(super::Question::LeaveAnalysis);
            }
            Action::Quit => self.leave_analysis(),
            Action::Flip => {
                self.flipped = !self.flipped;
            }
            Action::ToggleNumbers => self.numbers = !self.numbers,
            Action::Help => self.open_help(),
            a if self.arrow(&a) => {}
            Action::Select => self.select(),
            Action::Cancel => self.cancel(),
            Action::Click { x, y } => self.click(x, y),
            _ => {}
        }
    }

    /// The tree as a record, for saving: the tags of the record it came from, its variations
    /// and the comments noted.
    pub(super) fn analysis_record(&self) -> Option<PdnGame> {
        let a = self.analysis.as_ref()?;
        let mut g = a.tree.to_game(&a.base);
        let same_game = g
            .moves
            .iter()
            .map(|m| m.mv)
            .eq(a.base.moves.iter().map(|m| m.mv))
            && g.start == a.base.start;
        if g.tag("Event").is_none() || !same_game {
            g.set_tag("Event", "dama analysis");
            g.set_tag("Date", &crate::notation::pdn::today());
        }
        if !same_game {
            // Another main line is another record: made now, and its result is its own (the
            // rules' where the line ends the game, else unknown), not the game's it came from.
            g.set_tag("Time", &crate::tui::keep::time_of_day());
            g.tags
                .retain(|(n, _)| !n.eq_ignore_ascii_case("Termination"));
            // (Unknown first: a record's game takes a declared result as its outcome.)
            g.result = crate::notation::pdn::PdnResult::Unknown;
            g.result = crate::notation::pdn::PdnResult::from_outcome(g.rules, g.game().outcome());
            g.set_tag("Result", g.result.as_str());
        }
        Some(g)
    }

    /// Closes the board: the search stops, and what it was opened from comes back.
    pub(super) fn leave_analysis(&mut self) {
        self.stop_search();
        let Some(a) = self.analysis.take() else {
            return;
        };
        self.settings.human = a.human;
        self.settings.touch_move = a.touch_move;
        self.hint = None;
        self.clear_selection();
        self.message.clear();
        match a.back {
            Back::Game(game) => {
                self.settings.rules = game.position().rules();
                self.game = *game;
                self.place_cursor();
                if self.viewer.is_none() {
                    if self.game.outcome().is_none() {
                        self.clock.start(self.side_to_move());
                    }
                    self.engine_turn();
                } else if self.review.as_ref().is_some_and(|r| !r.done()) {
                    // The review the board interrupted goes on where it was.
                    self.review_next();
                }
            }
            Back::Start(menu) => {
                let rules = self.settings.rules;
                self.game = Game::new(Position::start(rules));
                self.menu = Some(*menu);
            }
            Back::Editor(editor) => {
                self.editor = Some(*editor);
                self.message = self.t(Msg::EditOpened).into();
            }
            Back::Training(t) => {
                let (training, game) = *t;
                self.back_to_training(training, game);
            }
            Back::Quit => self.quit = true,
        }
    }
}
