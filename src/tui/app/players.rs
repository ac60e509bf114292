//! Who moves the pieces (issue 22 §4): the player against the engine, two players at one
//! keyboard (draw offers answered by the other player, the board turning to the side to move
//! when asked), or the engine against itself (pause, one move at a time, the replay viewer's
//! keys once the game is over). The rest of the app asks these few questions instead of
//! comparing the side to move with the player's colour.

use super::{App, Overlay, Question};
use crate::engine::Strength;
use crate::rules::Color;
use crate::tui::input::Action;
use crate::tui::keep::{Names, TWO_PLAYERS};
use crate::tui::lang::{Msg, color};
use crate::tui::viewer::Viewer;

pub use super::settings::Players;

impl App {
    /// Whether a person moves for the side to move (never while the engine plays itself).
    pub fn person_to_move(&self) -> bool {
        match self.settings.players {
            Players::Engine => self.side_to_move() == self.settings.human,
            Players::TwoPlayers { .. } => true,
            Players::Watch { .. } => false,
        }
    }

    /// Who moves the pieces.
    pub fn players(&self) -> Players {
        self.settings.players
    }

    /// The engine's strength for `side` (one strength unless it plays itself).
    pub fn strength_of(&self, side: Color) -> Strength {
        match self.settings.players {
            Players::Watch { white, black } => match side {
                Color::White => white,
                Color::Black => black,
            },
            _ => self.settings.strength,
        }
    }

    /// The players as the record names them: `You` and the engine with its strength, the
    /// colours' names for two players, the engine's strength on each side when it plays itself.
    pub(super) fn names(&self) -> Names {
        match self.settings.players {
            Players::Engine => Names::against(self.settings.human, &self.engine_name()),
            Players::TwoPlayers { .. } => Names::of(TWO_PLAYERS.0, TWO_PLAYERS.1),
            Players::Watch { white, black } => {
                Names::of(&white.player_name(), &black.player_name())
            }
        }
    }

    /// The keys the help lists now.
    pub fn help_keys(&self) -> super::HelpKeys {
        match self.settings.players {
            _ if self.editor.is_some() => super::HelpKeys::Editor,
            _ if self.analysis.is_some() => super::HelpKeys::Analysis,
            _ if self.training.is_some() => super::HelpKeys::Training,
            _ if self.viewer.is_some() => super::HelpKeys::Replay,
            Players::Watch { .. } => super::HelpKeys::Watch,
            Players::TwoPlayers { .. } => super::HelpKeys::TwoPlayers,
            _ => super::HelpKeys::Board,
        }
    }

    /// Whether the engine's game is paused (engine against itself).
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Two players: the board faces whoever is to move (when it turns), and the cursor goes
    /// to a piece of theirs, as it does for the one player against the engine.
    pub(super) fn turn_board(&mut self) {
        if let Players::TwoPlayers { turn } = self.settings.players {
            if turn {
                self.flipped = self.side_to_move() == Color::Black;
            }
            self.place_cursor();
        }
    }

    /// The keys that mean something else while the engine plays itself: Space pauses and
    /// goes on, the right arrow plays one move and pauses again, `+`/`-` change the strength of
    /// the side to move; taking back, hints and offers are not for a game nobody plays.
    /// Returns whether the action was taken here.
    pub(super) fn watch_action(&mut self, action: &Action) -> bool {
        let Players::Watch { white, black } = self.settings.players else {
            return false;
        };
        if self.game.outcome().is_some() {
            return false;
        }
        match action {
            Action::Select => {
                self.paused = !self.paused;
                self.step = false;
                if self.paused {
                    // The move being thought about is dropped; Space again starts it anew.
                    self.stop_search();
                    self.clock.pause();
                    self.message = self.t(Msg::WatchPaused).into();
                } else {
                    self.clock.start(self.side_to_move());
                    self.message = self.t(Msg::WatchGoingOn).into();
                    self.engine_turn();
                }
            }
            Action::Right if self.paused => {
                self.step = true;
                self.paused = false;
                self.clock.start(self.side_to_move());
                self.message = self.t(Msg::WatchStep).into();
                self.engine_turn();
            }
            Action::DepthUp | Action::DepthDown => {
                let delta = if *action == Action::DepthUp { 1 } else { -1 };
                let side = self.side_to_move();
                let s = self.strength_of(side).step(delta);
                self.settings.players = match side {
                    Color::White => Players::Watch { white: s, black },
                    Color::Black => Players::Watch { white, black: s },
                };
                let lang = self.lang();
                self.message = Msg::WatchStrength.fill(
                    lang,
                    &[&color(lang, side), &crate::tui::lang::strength(lang, s)],
                );
            }
            Action::Undo | Action::Redo | Action::Hint | Action::OfferDraw | Action::Resign => {
                self.message = self.t(Msg::WatchNotYours).into();
            }
            Action::Left | Action::Up | Action::Down | Action::Click { .. } | Action::Cancel => {}
            _ => return false,
        }
        true
    }

    /// The engine's game is seen going on before its first move, so that it is archived
    /// however fast it ends (the keeper archives only games it saw going on).
    pub(super) fn watch_seen(&mut self) {
        if matches!(self.settings.players, Players::Watch { .. }) {
            self.keep(false);
        }
    }

    /// After the engine's move while it plays itself: one step done, pause again.
    pub(super) fn after_watch_move(&mut self) {
        if self.step {
            self.step = false;
            self.paused = true;
            self.clock.pause();
            self.message.push_str(self.t(Msg::WatchStepped));
        }
    }

    /// The engine's game against itself is over: archived like any game, then opened in the
    /// replay viewer at its last position, so the viewer's keys step through it.
    pub(super) fn watch_ended(&mut self) {
        // Archived now: the keeper leaves a game in the viewer alone.
        self.keep(false);
        let record = crate::tui::keep::record_of(&self.game, &self.names());
        let mut viewer = Viewer::new(self.t(Msg::WatchTitle).to_string(), vec![Ok(record)], 0);
        viewer.to_end();
        self.viewer = Some(viewer);
        self.overlay = Overlay::None;
        self.message.push_str(self.t(Msg::WatchEndKeys));
    }

    /// Two players: the side to move offers a draw; the other answers y/n.
    pub(super) fn offer_draw_to_player(&mut self) {
        let q = match self.side_to_move() {
            Color::White => Question::DrawOfferedByWhite,
            Color::Black => Question::DrawOfferedByBlack,
        };
        self.overlay = Overlay::Confirm(q);
    }

    /// The other player's answer to a draw offer.
    pub(super) fn draw_answered(&mut self, accepted: bool) {
        if accepted {
            self.stop_search();
            self.game.agree_draw();
            self.clear_selection();
            self.announce_end();
        } else {
            let lang = self.lang();
            self.message =
                Msg::DrawRefusedBy.fill(lang, &[&color(lang, self.side_to_move().opposite())]);
        }
    }
}
