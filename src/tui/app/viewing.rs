//! The replay viewer's keys: stepping, jumping, changing game, and playing on from the shown
//! position.

use super::{App, Overlay};
use crate::rules::Color;
use crate::tui::input::Action;
use crate::tui::lang::{Msg, color};
use crate::tui::viewer::Viewer;

impl App {
    pub(super) fn replay_action(&mut self, action: Action) {
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
            Action::PrevGame | Action::NextGame => {
                let switched = v.switch(action == Action::NextGame);
                if switched && self.review.is_some() {
                    // The review was of the other game.
                    self.review = None;
                    self.stop_search();
                }
                switched
            }
            Action::Review => {
                self.start_review();
                false
            }
            Action::NextMistake => {
                self.next_mistake();
                false
            }
            Action::Flip => {
                self.flipped = !self.flipped;
                false
            }
            Action::ToggleNumbers => {
                self.numbers = !self.numbers;
                false
            }
            Action::Help => {
                self.open_help();
                false
            }
            Action::Quit => {
                self.leave_viewer();
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
            self.hint = None;
            if let Some(g) = self.viewer.as_ref().and_then(Viewer::game_so_far) {
                self.settings.rules = g.position().rules();
                self.game = g;
            }
        }
    }

    /// `q` in the viewer: back to the start screen when the replay was opened from it, else
    /// quit.
    fn leave_viewer(&mut self) {
        let Some(mut menu) = self.back_to_start.take() else {
            self.quit = true;
            return;
        };
        self.stop_search();
        self.viewer = None;
        self.review = None;
        self.hint = None;
        self.last_search = None;
        self.message.clear();
        menu.prompt = None;
        menu.error = None;
        self.menu = Some(menu);
    }

    pub(super) fn game_list(&mut self, at: usize, action: Action) {
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
                let other = at != v.index();
                v.open(at);
                if let Some(g) = v.game_so_far() {
                    self.settings.rules = g.position().rules();
                    self.game = g;
                }
                if other && self.review.is_some() {
                    // The review was of the other game (as `[` and `]` drop it): its marks,
                    // `x` and the positions kept for training must not be read on this one.
                    self.review = None;
                    self.stop_search();
                    self.hint = None;
                }
                Overlay::None
            }
            Action::Cancel => Overlay::None,
            _ => Overlay::Games(at),
        };
    }

    /// Leaves the viewer and plays on from the shown position: the player takes the side to
    /// move, the engine the other.
    pub(super) fn play_from_here(&mut self) {
        let Some(v) = self.viewer.as_ref() else {
            return;
        };
        let Some(game) = v.game_so_far() else {
            self.message = self.t(Msg::CannotReadChoose).into();
            return;
        };
        if game.outcome().is_some() {
            self.message = self.t(Msg::OverAtThisPoint).into();
            return;
        }
        self.viewer = None;
        self.review = None;
        self.back_to_start = None;
        self.settings.rules = game.position().rules();
        self.settings.human = game.position().side_to_move();
        // Whoever played the record, the game played on is the player's against the engine.
        self.settings.players = super::Players::Engine;
        self.flipped = self.settings.human == Color::Black;
        self.start = *game.start();
        self.game = game;
        self.keeper.new_game();
        self.clock = crate::tui::clock::Clock::new(self.settings.time_control);
        self.clock.start(self.side_to_move());
        self.mark_turn();
        self.redo.clear();
        self.clear_selection();
        // The review's search belongs to the record, not to the game played on.
        self.last_search = None;
        self.hint = None;
        let lang = self.lang();
        self.message = self.fill(
            Msg::PlayingOn,
            &[
                &color(lang, self.settings.human),
                &color(lang, self.settings.human.opposite()),
            ],
        );
        self.place_cursor();
        self.engine_turn();
    }
}
