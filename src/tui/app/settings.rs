//! The settings a game is played with: from the command line, the start screen or a loaded
//! game; changed in play by a few keys (`+`/`-`, `b`).

use crate::engine::Strength;
use crate::rules::{Color, RuleSet};
use crate::tui::clock::TimeControl;
use crate::tui::lang::Lang;
use std::path::PathBuf;

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

/// Who moves the pieces (issue 22 §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Players {
    /// The player against the engine: the usual game.
    Engine,
    /// Two people at one keyboard; `turn`: the board turns to face the side to move.
    TwoPlayers { turn: bool },
    /// The engine against itself, each side at its own strength; the player watches.
    Watch { white: Strength, black: Strength },
}

/// The settings a game starts with (from the command line).
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub rules: RuleSet,
    /// The side the player takes; the engine plays the other (with [`Players::Engine`]).
    pub human: Color,
    /// Who moves the pieces: the player against the engine, two players, or the engine alone.
    pub players: Players,
    /// How strongly the engine plays (`--level`, `--depth`, `--movetime`; the start screen's
    /// level; a loaded game's).
    pub strength: Strength,
    /// A time control for both sides (`--time 5+3`): the engine manages its own time and a
    /// flag fall ends the game.
    pub time_control: Option<TimeControl>,
    /// A continued timed game's times left (White's, Black's), the clock's start.
    pub clock_left: Option<[std::time::Duration; 2]>,
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
    /// Where the start screen remembers its settings for the next session (none: nowhere).
    pub prefs: Option<PathBuf>,
    /// The endgame tables' settings read from the settings file, written back with the rest.
    pub table_prefs: crate::tui::prefs::TablePrefs,
    /// The engine's own moves come from the opening book where it has the position
    /// (`--no-book`, `book = false`, the start screen's Book line turn it off).
    pub book: bool,
}

impl GameSettings {
    pub fn new(rules: RuleSet) -> GameSettings {
        GameSettings {
            rules,
            human: rules.first_to_move(),
            players: Players::Engine,
            strength: Strength::DEFAULT,
            time_control: None,
            clock_left: None,
            bell: false,
            seed: None,
            look: Look::Colour,
            touch_move: false,
            autosave: None,
            resumed: false,
            save_dir: PathBuf::from("."),
            lang: Lang::En,
            prefs: None,
            table_prefs: crate::tui::prefs::TablePrefs::default(),
            book: true,
        }
    }
}
