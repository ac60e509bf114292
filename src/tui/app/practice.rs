//! The engine's turn and the practice features: searches and their answers, hint, draw offer,
//! depth, take back and redo, new game, quitting, saving and the autosave.

use super::{App, LastSearch, Question, Thinking};
use crate::engine::{Limits, Strength};
use crate::rules::{Game, Move, Outcome, WinReason};
use crate::tui::keep::Kept;
use crate::tui::lang::{Msg, color, outcome};
use crate::tui::messages::{EngineMsg, Purpose, Report, Request};
use std::path::PathBuf;
use std::time::Duration;

/// A hint is the engine's best move at full strength, whatever the opponent's level: a fixed
/// short time on every thread the engine has (a weak level's budget would hint weak moves):
/// the top level's second.
pub const HINT_TIME: Duration = crate::engine::strength::FULL_STRENGTH_MOVETIME;

impl App {
    /// After any move: announce the end, or let the engine answer.
    pub(super) fn after_move(&mut self) {
        if self.training.is_some() {
            // A training position is answered, not played on.
            self.training_moved();
            return;
        }
        self.mark_turn();
        self.turn_board();
        if self.game.outcome().is_some() {
            self.announce_end();
        } else {
            self.engine_turn();
        }
    }

    pub(super) fn announce_end(&mut self) {
        if let Some(o) = self.game.outcome() {
            self.clock.pause();
            // "you win" only where there is one player to say it to.
            let verdict = match o.winner() {
                _ if self.settings.players != super::Players::Engine => "",
                Some(w) if w == self.settings.human => self.t(Msg::VerdictWin),
                Some(_) => self.t(Msg::VerdictLoss),
                None => "",
            };
            self.message = self.fill(Msg::EndMessage, &[&outcome(self.lang(), o), &verdict]);
            self.ring |= self.settings.bell;
            if matches!(self.settings.players, super::Players::Watch { .. }) {
                self.watch_ended();
            } else if self.viewer.is_none() {
                // The dialog is for a game played here, not for a record being replayed.
                self.overlay = super::Overlay::GameEnd;
            }
        }
    }

    /// The game-end dialog's "play again": the same settings with the colours swapped.
    pub(super) fn play_again(&mut self) {
        self.settings.human = self.settings.human.opposite();
        self.flipped = self.settings.human == crate::rules::Color::Black
            && self.settings.players == super::Players::Engine;
        self.new_game();
        // Two players have no colour of their own to swap: the game starts again for both.
        self.message = match self.settings.players {
            super::Players::TwoPlayers { .. } => self.t(Msg::StartedTwoPlayers).into(),
            _ => self.fill(Msg::PlayAgain, &[&color(self.lang(), self.settings.human)]),
        };
    }

    /// Notes both clocks as the turn at the current ply begins.
    pub(super) fn mark_turn(&mut self) {
        self.turn_clocks.resize(self.game.ply(), None);
        self.turn_clocks.push(Some(self.clock.times()));
    }

    /// Starts the engine's move when it is its turn and it is not already thinking.
    pub(super) fn engine_turn(&mut self) {
        if self.game.outcome().is_none()
            && !self.person_to_move()
            && !self.paused
            && self.viewer.is_none()
            && !self.engine_moving()
        {
            // Under a time control the engine spends a share of what it has left, except a
            // level below full strength: it keeps its budget (the clock is there for the
            // player), cut short only if the search reaches that share first.
            let strength = self.strength_of(self.side_to_move());
            let budget = self.clock.engine_budget(self.side_to_move());
            let limits = match budget {
                Some(t) if !strength.is_budget_level() => Limits::MoveTime(t),
                _ => strength.limits(),
            };
            self.start_search(Purpose::Move, limits);
            if let (Some(t), Some(thinking)) = (budget, self.thinking.as_mut())
                && strength.is_budget_level()
            {
                thinking.deadline = Some(std::time::Instant::now() + t);
            }
        }
    }

    /// A level's search that has used its share of the clock is told to answer now (with
    /// its deepest finished iteration's move), so a node budget never loses on time.
    pub(super) fn check_deadline(&mut self) {
        if let Some(t) = self.thinking.as_mut()
            && t.deadline.is_some_and(|d| std::time::Instant::now() >= d)
        {
            t.deadline = None;
            self.requests.push(Request::Stop);
        }
    }

    /// A flag fall ends the game: the side whose time ran out loses.
    pub(super) fn check_flag(&mut self) {
        if self.game.outcome().is_some()
            || self.viewer.is_some()
            || self.analysis.is_some()
            || self.training.is_some()
        {
            return;
        }
        if let Some(side) = self.clock.flag() {
            self.stop_search();
            self.clear_selection();
            self.game.flag_fall(side);
            self.announce_end();
        }
    }

    pub(super) fn start_search(&mut self, purpose: Purpose, limits: Limits) {
        self.stop_search();
        let id = self.next_id;
        self.next_id += 1;
        self.requests.push(Request::Search {
            id,
            game: Box::new(self.game.clone()),
            limits,
            purpose,
            variety: self.strength_of(self.side_to_move()).variety(),
            book: self.settings.book,
        });
        self.thinking = Some(Thinking {
            id,
            purpose,
            latest: None,
            deadline: None,
        });
    }

    /// Ends the running search early but keeps waiting for its answer: the engine replies
    /// with the best move of its deepest finished iteration, which is then played (or shown
    /// as the hint).
    pub(super) fn move_now(&mut self) {
        match &self.thinking {
            Some(t) if t.purpose != Purpose::DrawOffer => {
                self.requests.push(Request::Stop);
                self.message = self.t(Msg::StoppingSearch).into();
            }
            _ => self.message = self.t(Msg::EngineNotThinking).into(),
        }
    }

    pub(super) fn stop_search(&mut self) {
        if self.thinking.take().is_some() {
            self.requests.push(Request::Stop);
        }
    }

    pub(super) fn on_engine(&mut self, msg: EngineMsg) {
        let Some(t) = self.thinking.as_mut() else {
            return;
        };
        match msg {
            EngineMsg::Info { id, report } if id == t.id => t.latest = Some(report),
            EngineMsg::Lines { id, lines } => self.on_lines(id, lines),
            EngineMsg::Done {
                id,
                best,
                mut report,
            } if id == t.id => {
                let purpose = t.purpose;
                // The result's line may be cut to its first move (the engine varies its
                // choice among equal moves); the last progress report's line is longer.
                if let Some(latest) = t.latest.take()
                    && report.pv.len() < latest.pv.len()
                    && latest.pv.first() == best.as_ref()
                {
                    report.pv = latest.pv;
                }
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

    pub(super) fn finish(&mut self, purpose: Purpose, best: Option<Move>, report: &Report) {
        match purpose {
            Purpose::Analysis => self.analysis_done(),
            Purpose::Move => {
                let Some(m) = best else {
                    self.announce_end();
                    return;
                };
                let side = self.side_to_move();
                if let Err(e) = self.game.play(&m) {
                    let why = crate::tui::lang::illegal(self.lang(), &e);
                    self.message = self.fill(Msg::EngineMoveRefused, &[&why]);
                    return;
                }
                self.clock.moved(side);
                self.ring |= self.settings.bell;
                let played = self.fill(
                    Msg::EnginePlayed,
                    &[&crate::tui::lang::move_text(&m, self.settings.rules)],
                );
                self.tell(played);
                if self.person_to_move() && crate::rules::has_capture(self.game.position()) {
                    self.message.push_str(self.t(Msg::YouMustCaptureSuffix));
                }
                // One step done: paused before the next search would start.
                self.after_watch_move();
                self.after_move();
            }
            Purpose::Hint => match best {
                Some(m) => {
                    self.hint = Some(m);
                    self.message = self.fill(
                        Msg::HintIs,
                        &[&crate::tui::lang::move_text(&m, self.settings.rules)],
                    );
                }
                None => self.message = self.t(Msg::NoHint).into(),
            },
            Purpose::Review(ply) => self.on_review(ply, report.score, best),
            Purpose::Training(_) => self.on_training_search(report),
            Purpose::DrawOffer => {
                // R-G5: the score is from the player's view (the player is to move); the
                // engine accepts when the position is level or worse for itself.
                let own = -report.score;
                if own <= 0 {
                    self.game.agree_draw();
                    self.clear_selection();
                    self.message = self.fill(
                        Msg::DrawAccepted,
                        &[&crate::tui::lang::score(self.lang(), own)],
                    );
                    self.overlay = super::Overlay::GameEnd;
                } else {
                    self.message = self.fill(
                        Msg::DrawDeclined,
                        &[&crate::tui::lang::score(self.lang(), own)],
                    );
                }
            }
        }
    }

    pub(super) fn ask_hint(&mut self) {
        if self.game.outcome().is_some() {
            self.message = self.t(Msg::GameOver).into();
        } else if !self.person_to_move() || self.engine_moving() {
            self.message = self.t(Msg::HintsYourTurn).into();
        } else {
            self.start_search(Purpose::Hint, Limits::MoveTime(HINT_TIME));
            self.message = self.t(Msg::LookingForMove).into();
        }
    }

    pub(super) fn offer_draw(&mut self) {
        if self.game.outcome().is_some() {
            self.message = self.t(Msg::AlreadyOver).into();
        } else if !self.person_to_move() || self.engine_moving() {
            self.message = self.t(Msg::OfferOnYourTurn).into();
        } else if matches!(self.settings.players, super::Players::TwoPlayers { .. }) {
            self.offer_draw_to_player();
        } else {
            self.start_search(Purpose::DrawOffer, self.settings.strength.limits());
            self.message = self.t(Msg::YouOfferDraw).into();
        }
    }

    /// `+`/`-`: a stronger or weaker engine in the unit the player chose ([`Strength::step`])
    /// and the message line saying what it is now.
    pub(super) fn change_strength(&mut self, delta: i32) {
        let strength = self.settings.strength.step(delta);
        let lang = self.settings.lang;
        // At either end of the scale nothing changes: said so, not "from its next move".
        if strength == self.settings.strength {
            let key = if delta > 0 {
                Msg::EngineStrongest
            } else {
                Msg::EngineWeakest
            };
            self.message = key.fill(lang, &[&crate::tui::lang::strength(lang, strength)]);
            return;
        }
        self.settings.strength = strength;
        self.message = match strength {
            Strength::Level(n @ crate::engine::strength::FULL_STRENGTH) => {
                Msg::EngineLevelFull.fill(lang, &[&n, &crate::engine::strength::LEVELS])
            }
            Strength::Level(n) => {
                Msg::EngineLevel.fill(lang, &[&n, &crate::engine::strength::LEVELS])
            }
            Strength::MoveTime(t) => Msg::EngineTime.fill(lang, &[&crate::tui::lang::movetime(t)]),
            Strength::Depth(d) => Msg::EngineDepth.fill(lang, &[&d]),
            Strength::Nodes(_) => {
                Msg::EngineStrength.fill(lang, &[&crate::tui::lang::strength(lang, strength)])
            }
        };
    }

    /// Take back a full move: the engine's reply and the player's move before it (or just the
    /// player's move while the engine is still thinking about it).
    pub(super) fn undo(&mut self) {
        // Two players take back one ply: the last mover's.
        let human = match self.settings.players {
            super::Players::TwoPlayers { .. } => self.side_to_move().opposite(),
            _ => self.settings.human,
        };
        // The ply the take-back goes to: the player's last turn.
        let Some(target) = (0..self.game.ply())
            .rev()
            .find(|&i| self.game.position_at(i).map(|p| p.side_to_move()) == Some(human))
        else {
            self.message = self.t(Msg::NothingToTakeBack).into();
            return;
        };
        // After a flag fall the clocks go back to that turn's start (with no time left the
        // flag would fall again at once); without them the take-back is refused.
        let lost_on_time = matches!(
            self.game.outcome(),
            Some(Outcome::Win {
                reason: WinReason::Time,
                ..
            })
        );
        let times = match self.turn_clocks.get(target).copied().flatten() {
            Some(t) if lost_on_time => Some(t),
            None if lost_on_time => {
                self.message = self.t(Msg::TakeBackNoClock).into();
                return;
            }
            _ => None,
        };
        self.keeper.take_over();
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
        if let Some(t) = times {
            self.clock.restore(t, self.side_to_move());
            let key = if list.len() == 1 {
                Msg::TookBackClockOne
            } else {
                Msg::TookBackClock
            };
            self.message = self.fill(key, &[&list.join(" ")]);
        } else {
            // The clock goes on for whoever is to move now; time already spent stays spent.
            self.clock.start(self.side_to_move());
            let key = if list.len() == 1 {
                Msg::TookBackOne
            } else {
                Msg::TookBack
            };
            self.message = self.fill(key, &[&list.join(" ")]);
        }
        self.turn_board();
    }

    pub(super) fn redo(&mut self) {
        if self.redo.is_empty() {
            self.message = self.t(Msg::NothingToRedo).into();
            return;
        }
        self.keeper.take_over();
        if !self.person_to_move() || self.thinking.is_some() {
            self.stop_search();
        }
        // Two players replay one ply.
        let human = match self.settings.players {
            super::Players::TwoPlayers { .. } => self.side_to_move().opposite(),
            _ => self.settings.human,
        };
        let mut played = Vec::new();
        while let Some(m) = self.redo.pop() {
            if self.game.play(&m).is_err() {
                self.redo.clear();
                break;
            }
            played.push(m);
            if self.side_to_move() == human {
                break;
            }
        }
        self.clock.start(self.side_to_move());
        let list: Vec<String> = played.iter().map(Move::to_string).collect();
        let key = if list.len() == 1 {
            Msg::ReplayedOne
        } else {
            Msg::Replayed
        };
        self.message = self.fill(key, &[&list.join(" ")]);
        self.clear_selection();
        self.hint = None;
        self.after_move();
    }

    pub(super) fn new_game(&mut self) {
        self.stop_search();
        self.requests.push(Request::NewGame);
        self.game = Game::new(self.start);
        self.keeper.new_game();
        self.clock = crate::tui::clock::Clock::new(self.settings.time_control);
        self.clock.start(self.side_to_move());
        self.mark_turn();
        self.clear_selection();
        self.redo.clear();
        self.hint = None;
        self.last_search = None;
        self.saved_to = None;
        self.saved_as = None;
        self.saved_stale = false;
        self.message = self.t(Msg::NewGame).into();
        self.paused = false;
        self.step = false;
        self.turn_board();
        self.place_cursor();
        self.watch_seen();
        self.engine_turn();
    }

    pub(super) fn quit_now(&mut self) {
        self.stop_search();
        self.keep(true);
        self.quit = true;
    }

    /// The question `q` asks while a game goes on: it says whether the game is kept, after one
    /// more attempt to keep it.
    pub(super) fn quit_question(&mut self) -> Question {
        self.keep(true);
        match self.keeper.state() {
            Kept::InFile(_) | Kept::Nothing => Question::Quit,
            Kept::Untouched => Question::QuitUntouched,
            Kept::Failed(..) => Question::QuitNotKept,
            Kept::NoPlace => {
                self.message = self.t(Msg::NoHome).into();
                Question::QuitNotKept
            }
        }
    }

    pub(super) fn default_save_path(&self) -> PathBuf {
        if let Some(p) = self.own_save_file() {
            return p.clone();
        }
        // A new name for each game, so a save never overwrites an earlier game by default.
        let day = crate::notation::pdn::today();
        let rules = self.settings.rules;
        (1..1000)
            .map(|n| {
                self.settings
                    .save_dir
                    .join(format!("dama-{rules}-{day}-{n}.pdn"))
            })
            .find(|p| !p.exists())
            .unwrap_or_else(|| self.settings.save_dir.join(format!("dama-{rules}.pdn")))
    }

    /// The file that `s` saves to again without asking: the analysis board's own while it
    /// is open (a board's lines and the game are different records, and neither may
    /// overwrite the other unasked), else the game's.
    pub(super) fn own_save_file(&self) -> Option<&PathBuf> {
        match &self.analysis {
            Some(a) => a.saved_to.as_ref(),
            None => self.saved_to.as_ref(),
        }
    }

    pub(super) fn save_as(&mut self, path: PathBuf) {
        if path.as_os_str().is_empty() {
            self.message = self.t(Msg::NotSavedNoName).into();
            return;
        }
        // The default folder (dama's data folder) is made on the first save; any other folder
        // must exist: a mistyped one is reported, not created.
        let parent = path.parent().filter(|d| !d.as_os_str().is_empty());
        if parent == Some(self.settings.save_dir.as_path())
            && let Err(e) = std::fs::create_dir_all(&self.settings.save_dir)
        {
            self.message = self.fill(Msg::NotSavedTo, &[&path.display(), &e]);
            return;
        }
        match self.write_game(&path) {
            Ok(()) => {
                self.message = self.fill(Msg::SavedTo, &[&path.display()]);
                // Saved from the analysis board, the file holds its lines, not the game: the
                // game's own file stays its own.
                if let Some(a) = self.analysis.as_mut() {
                    a.saved(path.clone());
                    self.analysis_saved = Some(path);
                    return;
                }
                self.saved_to = Some(path);
                self.saved_as = Some((self.game.moves().to_vec(), self.game.outcome().is_some()));
                self.saved_stale = false;
            }
            Err(e) => self.message = self.fill(Msg::NotSavedTo, &[&path.display(), &e]),
        }
    }

    /// Brings the autosave up to date (see [`Keeper::keep`]). While the game cannot be kept,
    /// the message line says so after every change, not only the first time, so the player
    /// does not miss it under the engine's reply.
    ///
    /// [`Keeper::keep`]: crate::tui::keep::Keeper::keep
    pub(super) fn keep(&mut self, retry: bool) {
        if self.viewer.is_some()
            || self.analysis.is_some()
            || self.editor.is_some()
            || self.training.is_some()
        {
            // A replayed record is not a game of the player's; under the analysis board the
            // game waits as it was, kept already; the editor's position is no game yet, nor
            // is a training position.
            return;
        }
        let names = self.names();
        if let Some((moves, over)) = &self.saved_as {
            self.saved_stale =
                moves.as_slice() != self.game.moves() || *over != self.game.outcome().is_some();
        }
        self.keeper.set_clock(self.kept_clock());
        let state = self.keeper.keep(&self.game, &names, retry);
        let state = state.clone();
        if let Some(p) = self.keeper.take_aside() {
            // A note, so that the engine's reply is said after it rather than in its place;
            // named within the data folder, to fit the line (the full path is said on leaving).
            let data = self.keeper.path().and_then(std::path::Path::parent);
            let short = data.and_then(|d| p.strip_prefix(d).ok()).unwrap_or(&p);
            let note = self.fill(Msg::KeptAside, &[&short.display()]);
            // Before a note of the start still unseen (which game `--resume` continues).
            let note = if self.noted && !self.message.is_empty() {
                format!("{note}. {}", self.message)
            } else {
                note
            };
            self.note(note);
        }
        if let Some(p) = self.keeper.take_dropped() {
            self.message = self.fill(
                Msg::ShelfFull,
                &[&crate::tui::keep::SHELF_SIZE, &p.display()],
            );
        }
        if let Kept::Failed(path, e) = &state {
            // The keeper's state borrows the app: word the messages without `self`.
            let lang = self.settings.lang;
            let e = crate::tui::keep::failure_reason(lang, path, e);
            let not_kept = Msg::NotKept.text(lang);
            if !self.failure_told {
                self.message = Msg::NotKeptIn.fill(lang, &[&path.display(), &e]);
                self.failure_told = true;
            } else if !self.message.contains(not_kept)
                && !self.message.contains(Msg::NotKeptMark.text(lang))
            {
                self.message = format!("{}. {not_kept}: {e}", self.message);
            }
        } else if matches!(state, Kept::InFile(_) | Kept::Nothing) {
            self.failure_told = false;
        }
    }

    /// The computer player's name in saved games, with its strength (read back on loading).
    pub(super) fn engine_name(&self) -> String {
        self.settings.strength.player_name()
    }

    pub(super) fn write_game(&self, path: &std::path::Path) -> std::io::Result<()> {
        if let Some(record) = self.analysis_record() {
            let text = crate::notation::pdn::write_game(&record);
            return crate::store::save_atomic(path, &text, crate::store::Overwrite::Replace);
        }
        let clock = self.kept_clock();
        crate::tui::keep::write_timed(&self.game, &self.names(), clock.as_ref(), path)
    }

    /// A timed game's clock as of the last move, for its record.
    fn kept_clock(&self) -> Option<crate::tui::keep::KeptClock> {
        Some(crate::tui::keep::KeptClock {
            control: self.clock.control()?,
            left: self.clock.banked_left()?,
        })
    }

    /// Goes on with a continued game's own clock: its time control and times left. A game
    /// kept without one goes on untimed.
    pub fn continue_clock(&mut self, kept: Option<crate::tui::keep::KeptClock>) {
        self.settings.time_control = kept.map(|k| k.control);
        self.clock = crate::tui::clock::Clock::new(self.settings.time_control);
        if let Some(k) = kept {
            self.clock.set_left(k.left);
        }
        if self.game.outcome().is_none() {
            self.clock.start(self.side_to_move());
        }
    }
}
