//! Looking back during a game: `[` shows the position a ply earlier, `]` a ply later, up to
//! the game's own; read-only, nothing is taken back, and the game goes on meanwhile (the
//! engine's move arrives in the game, not in the position looked at).

use super::App;
use crate::rules::Game;
use crate::tui::input::Action;
use crate::tui::lang::Msg;

impl App {
    /// The game the board shows: the earlier position looked at, else the game itself.
    pub fn board_game(&self) -> &Game {
        self.peek.as_ref().unwrap_or(&self.game)
    }

    /// The ply looked at, while looking back.
    pub fn peeking(&self) -> Option<usize> {
        self.peek.as_ref().map(Game::ply)
    }

    /// The game's first `ply` plies (its start, history and all).
    fn prefix(&self, ply: usize) -> Game {
        let mut g = Game::new(*self.game.start());
        for m in &self.game.moves()[..ply] {
            // Every move was legal when played.
            if g.play_past_draw(m).is_err() {
                break;
            }
        }
        g
    }

    /// The keys while looking back (and `[`, `]` at any time on the board); whether the
    /// action was taken here.
    pub(super) fn peek_action(&mut self, action: &Action) -> bool {
        let live = self.game.ply();
        match action {
            Action::PeekBack => {
                let at = self.peeking().unwrap_or(live);
                if at == 0 {
                    self.message = self.t(Msg::PeekAtStart).into();
                    return true;
                }
                self.clear_selection();
                self.peek = Some(self.prefix(at - 1));
            }
            Action::PeekForward => match self.peeking() {
                Some(at) if at + 1 < live => self.peek = Some(self.prefix(at + 1)),
                Some(_) => self.peek = None,
                None => {
                    self.message = self.t(Msg::PeekLive).into();
                    return true;
                }
            },
            Action::Cancel if self.peek.is_some() => self.peek = None,
            // Moving, taking back and the engine's help act on the game itself.
            Action::Select
            | Action::Click { .. }
            | Action::Undo
            | Action::Redo
            | Action::Hint
            | Action::MoveNow
            | Action::OfferDraw
                if self.peek.is_some() =>
            {
                self.message = self.t(Msg::PeekReadOnly).into();
                return true;
            }
            _ => return false,
        }
        self.message = match self.peeking() {
            Some(at) => self.fill(Msg::PeekAt, &[&at, &live]),
            None => self.t(Msg::PeekLive).into(),
        };
        true
    }
}
