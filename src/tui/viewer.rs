//! The replay viewer's state: the games of a PDN file and a cursor in one of them, built on
//! [`crate::notation::replay::Replay`]. The board itself is drawn from the rules' `Game` up to
//! the current ply, like a game being played.

use crate::notation::pdn::{PdnError, PdnGame};
use crate::notation::replay::Replay;
use crate::rules::Game;

/// A PDN file open in the viewer.
pub struct Viewer {
    /// The file name as shown.
    name: String,
    games: Vec<Result<PdnGame, PdnError>>,
    index: usize,
    /// The replay of the current game, of a damaged one up to its damage; `None` when nothing
    /// of that record could be read.
    replay: Option<Replay>,
}

impl Viewer {
    /// The viewer on game `index` (0-based, clamped) of `games`.
    pub fn new(name: String, games: Vec<Result<PdnGame, PdnError>>, index: usize) -> Viewer {
        let mut v = Viewer {
            name,
            games,
            index: 0,
            replay: None,
        };
        v.open(index);
        v
    }

    /// Opens game `index` (0-based, clamped) at its start.
    pub fn open(&mut self, index: usize) {
        self.index = index.min(self.games.len().saturating_sub(1));
        self.replay = match self.games.get(self.index) {
            Some(Ok(g)) => Some(Replay::new(g.clone())),
            Some(Err(e)) => e.partial.as_deref().cloned().map(Replay::new),
            None => None,
        };
    }

    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn index(&self) -> usize {
        self.index
    }
    pub fn count(&self) -> usize {
        self.games.len()
    }
    pub fn games(&self) -> &[Result<PdnGame, PdnError>] {
        &self.games
    }
    pub fn replay(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }
    /// Why the current game cannot be shown, or is shown only up to its damage.
    pub fn error(&self) -> Option<&PdnError> {
        self.games.get(self.index).and_then(|g| g.as_ref().err())
    }

    /// The game up to the current ply (for the board and for playing on from here).
    pub fn game_so_far(&self) -> Option<Game> {
        self.replay.as_ref().map(Replay::game_so_far)
    }

    pub fn forward(&mut self) -> bool {
        self.replay.as_mut().is_some_and(Replay::forward)
    }
    pub fn back(&mut self) -> bool {
        self.replay.as_mut().is_some_and(Replay::back)
    }
    /// Jumps to a ply of the current game (clamped to its length).
    pub fn goto(&mut self, ply: usize) {
        if let Some(r) = self.replay.as_mut() {
            r.goto(ply);
        }
    }
    pub fn to_start(&mut self) {
        if let Some(r) = self.replay.as_mut() {
            r.to_start();
        }
    }
    pub fn to_end(&mut self) {
        if let Some(r) = self.replay.as_mut() {
            r.to_end();
        }
    }
    /// The next (or previous) game of the file; false when there is none.
    pub fn switch(&mut self, forward: bool) -> bool {
        let next = if forward {
            self.index + 1
        } else {
            match self.index.checked_sub(1) {
                Some(i) => i,
                None => return false,
            }
        };
        if next >= self.games.len() {
            return false;
        }
        self.open(next);
        true
    }
}
