//! The replay viewer's state: the games of a PDN file and a cursor in one of them, built on
//! [`crate::notation::stepper::Stepper`]. The board itself is drawn from the rules' `Game` up to
//! the current ply, like a game being played.
//!
//! A file's games are not all held: the viewer keeps the text, where each game starts and a
//! one-line summary of each, and reads a game again when it is opened (a large file's games
//! take many times its size in memory).

use crate::notation::pdn::{GameStart, PdnError, PdnGame, PdnResult, Reader};
use crate::notation::stepper::Stepper;
use crate::rules::{Game, RuleSet};

/// One game in the viewer's list.
#[derive(Clone, Debug)]
pub enum GameRow {
    Read {
        white: String,
        black: String,
        result: PdnResult,
    },
    /// A damaged record (shown up to its damage when something of it could be read).
    Damaged(PdnError),
}

impl GameRow {
    fn of(g: &Result<PdnGame, PdnError>) -> GameRow {
        match g {
            Ok(g) => GameRow::Read {
                white: g.tag("White").unwrap_or("?").to_string(),
                black: g.tag("Black").unwrap_or("?").to_string(),
                result: g.result,
            },
            Err(e) => GameRow::Damaged(PdnError::new(e.line, e.column, e.kind.clone())),
        }
    }
}

/// Where the games come from.
enum Games {
    /// Read already (tests, small inputs).
    Held(Vec<Result<PdnGame, PdnError>>),
    /// A file's text and where each game starts in it.
    Text {
        text: String,
        rules: RuleSet,
        starts: Vec<GameStart>,
    },
}

/// A PDN file open in the viewer.
pub struct Viewer {
    /// The file name as shown.
    name: String,
    games: Games,
    rows: Vec<GameRow>,
    index: usize,
    /// The replay of the current game, of a damaged one up to its damage; `None` when nothing
    /// of that record could be read.
    replay: Option<Stepper>,
    /// Why the current game could not be read to its end.
    error: Option<PdnError>,
}

impl Viewer {
    /// The viewer on game `index` (0-based, clamped) of `games`.
    pub fn new(name: String, games: Vec<Result<PdnGame, PdnError>>, index: usize) -> Viewer {
        let rows = games.iter().map(GameRow::of).collect();
        Viewer::with(name, Games::Held(games), rows, index)
    }

    /// The viewer on game `index` (0-based, clamped) of a PDN text; games without a
    /// `GameType` tag are read with `rules`.
    pub fn from_text(name: String, text: String, rules: RuleSet, index: usize) -> Viewer {
        let mut starts = Vec::new();
        let mut rows = Vec::new();
        let mut reader = Reader::new(&text, rules);
        loop {
            let at = reader.next_start();
            let Some(g) = reader.next() else { break };
            starts.push(at);
            rows.push(GameRow::of(&g));
        }
        let games = Games::Text {
            text,
            rules,
            starts,
        };
        Viewer::with(name, games, rows, index)
    }

    fn with(name: String, games: Games, rows: Vec<GameRow>, index: usize) -> Viewer {
        let mut v = Viewer {
            name,
            games,
            rows,
            index: 0,
            replay: None,
            error: None,
        };
        v.open(index);
        v
    }

    /// Game `index` as read.
    fn load(&self, index: usize) -> Option<Result<PdnGame, PdnError>> {
        match &self.games {
            Games::Held(games) => games.get(index).cloned(),
            Games::Text {
                text,
                rules,
                starts,
            } => Reader::resume(text, *starts.get(index)?, *rules).next(),
        }
    }

    /// Opens game `index` (0-based, clamped) at its start.
    pub fn open(&mut self, index: usize) {
        self.index = index.min(self.rows.len().saturating_sub(1));
        (self.replay, self.error) = match self.load(self.index) {
            Some(Ok(g)) => (Some(Stepper::new(g)), None),
            Some(Err(mut e)) => (e.partial.take().map(|g| Stepper::new(*g)), Some(e)),
            None => (None, None),
        };
    }

    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn index(&self) -> usize {
        self.index
    }
    pub fn count(&self) -> usize {
        self.rows.len()
    }
    /// A summary of each game, for the list.
    pub fn rows(&self) -> &[GameRow] {
        &self.rows
    }
    pub fn replay(&self) -> Option<&Stepper> {
        self.replay.as_ref()
    }
    /// Why the current game cannot be shown, or is shown only up to its damage.
    pub fn error(&self) -> Option<&PdnError> {
        self.error.as_ref()
    }

    /// The game up to the current ply (for the board and for playing on from here).
    pub fn game_so_far(&self) -> Option<Game> {
        self.replay.as_ref().map(Stepper::game_so_far)
    }

    pub fn forward(&mut self) -> bool {
        self.replay.as_mut().is_some_and(Stepper::forward)
    }
    pub fn back(&mut self) -> bool {
        self.replay.as_mut().is_some_and(Stepper::back)
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
        if next >= self.rows.len() {
            return false;
        }
        self.open(next);
        true
    }
}
