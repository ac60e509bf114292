//! What covers the board: help, a y/n question, the save prompt, the replay viewer's list of
//! games, the end-of-game dialog. The view draws them; the dispatcher routes keys by them.

use crate::tui::lang::{Lang, Msg};

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
    /// The question as the player reads it.
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
