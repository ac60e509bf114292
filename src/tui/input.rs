//! Keys and mouse clicks to [`Action`]s: a pure mapping, no state. What a key means depends only
//! on the [`Context`] the app is in (board, text prompt, yes/no question, replay viewer).

use crate::tui::messages::EngineMsg;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

/// What the player asked for (or what happened: an engine message, a tick, a resize).
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Move the cursor on the screen (the board may be flipped: these are screen directions).
    Up,
    Down,
    Left,
    Right,
    /// Pick up the piece under the cursor, or put the picked piece down there.
    Select,
    /// Let go of the picked piece; close an overlay.
    Cancel,
    /// A left click at a screen cell: move the cursor there and select.
    Click {
        x: u16,
        y: u16,
    },
    /// Take back a full move (yours and the engine's reply).
    Undo,
    Redo,
    Hint,
    /// `m`: stop the engine's search and play (or show) its best move so far.
    MoveNow,
    DepthUp,
    DepthDown,
    Flip,
    /// Square numbers on the board on/off.
    ToggleNumbers,
    /// The evaluation readout on/off.
    ToggleEval,
    /// The bell at the engine's move and the end of the game on/off.
    ToggleBell,
    OfferDraw,
    Resign,
    NewGame,
    Save,
    /// `q`: quit, asking first when a game is in progress.
    Quit,
    /// Ctrl-C: quit at once (the game is kept in the autosave); if it could not be kept, ask
    /// first.
    Interrupt,
    /// A signal (SIGTERM, SIGHUP...) or a terminal error: keep what can be kept and quit,
    /// asking nothing.
    Terminate,
    Help,
    /// Text typed into a prompt.
    Char(char),
    Backspace,
    /// Tab in a file name: complete it.
    Complete,
    /// Yes / no answers to a question.
    Yes,
    No,
    /// Replay viewer: step and jump through the game, change game, start playing from here.
    First,
    Last,
    PrevGame,
    NextGame,
    PlayFromHere,
    /// Replay viewer: the list of the file's games.
    GameList,
    /// The game-end dialog: a new game with the same settings, colours swapped.
    PlayAgain,
    /// Review the game with the engine (the game-end dialog, the viewer).
    Review,
    /// The viewer: the next move the review marked as a mistake.
    NextMistake,
    /// `[` and `]` in a game: look at the position a ply earlier or later (read-only), back
    /// up to the game's own.
    PeekBack,
    PeekForward,
    /// `a`: open the analysis board on the position shown.
    Analyse,
    /// The analysis board: one ply back, forward on the main continuation, the variation
    /// before or after (another move in the same position).
    TreeBack,
    TreeForward,
    TreeUp,
    TreeDown,
    /// The analysis board: the engine's analysis on/off.
    ToggleAnalysis,
    /// The analysis board: move the variation shown up (towards the main line).
    Promote,
    /// The analysis board: delete the move shown and what follows it.
    DeleteNode,
    /// The analysis board: note the engine's score as a comment on the move shown.
    Note,
    /// Training: show the solution (before answering: counted as failed).
    ShowSolution,
    /// Training: the next position.
    NextPuzzle,
    /// Training: the same position again.
    Retry,
    /// Training: the other line (the winning line, the answer to the player's move).
    OtherLine,
    Resize {
        width: u16,
        height: u16,
    },
    /// Time passes (spinner).
    Tick,
    /// Ctrl-Z: give the terminal back to the shell until `fg` (the terminal loop does it).
    Suspend,
    /// Back from a suspension that lasted `away`: no clock is charged for it.
    Resumed {
        away: std::time::Duration,
    },
    /// A message from the engine thread.
    Engine(EngineMsg),
    /// The position editor: put this piece (none: empty the square) under the cursor.
    Place(Option<crate::rules::Piece>),
    /// The editor: empty the square under the cursor (Space, Delete, `x`).
    EditClear,
    /// A right click in the editor: empty the square clicked (not the cursor's).
    EditClearAt {
        x: u16,
        y: u16,
    },
    /// The editor: the other side to move.
    EditSide,
    /// The editor: an empty board.
    EditEmpty,
    /// The editor: the start position.
    EditStart,
    /// The editor: type or paste a FEN.
    EditFen,
    /// The editor: copy the position's FEN (terminal clipboard and on screen).
    EditCopy,
    /// The editor: who plays the position (a side, two players, the engine against itself).
    EditPlayers,
    /// Text pasted into the terminal (bracketed paste), where text is typed or in the editor
    /// (a FEN).
    Paste(String),
}

/// What the keyboard currently drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    Board,
    /// Typing a file name.
    Text,
    /// A y/n question.
    YesNo,
    /// The help overlay: any key closes it.
    Help,
    Replay,
    /// Choosing a game from the list.
    List,
    /// The game-end dialog.
    GameEnd,
    /// The start screen's menu.
    Start,
    /// The analysis board.
    Analysis,
    /// The position editor.
    Editor,
    /// Training: the board, and the training's keys.
    Training,
}

/// Maps a terminal event to an action; `None` for events the game ignores (key releases,
/// mouse moves, unbound keys).
pub fn map(event: &Event, ctx: Context) -> Option<Action> {
    match event {
        Event::Key(key) => map_key(key, ctx),
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Action::Click {
                x: m.column,
                y: m.row,
            }),
            MouseEventKind::Down(MouseButton::Right) if ctx == Context::Editor => {
                Some(Action::EditClearAt {
                    x: m.column,
                    y: m.row,
                })
            }
            MouseEventKind::Down(MouseButton::Right) => Some(Action::Cancel),
            MouseEventKind::ScrollUp if ctx == Context::Replay => Some(Action::Left),
            MouseEventKind::ScrollDown if ctx == Context::Replay => Some(Action::Right),
            _ => None,
        },
        // Elsewhere a paste is dropped: its letters would act as keys (or answer a question).
        Event::Paste(text) if matches!(ctx, Context::Text | Context::Editor) => {
            Some(Action::Paste(text.clone()))
        }
        Event::Resize(width, height) => Some(Action::Resize {
            width: *width,
            height: *height,
        }),
        _ => None,
    }
}

/// Maps one key press (releases and repeats of other kinds are ignored: only
/// `KeyEventKind::Press` counts, so Windows terminals do not see every key twice).
pub fn map_key(key: &KeyEvent, ctx: Context) -> Option<Action> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('C')) {
        return Some(Action::Interrupt);
    }
    // Raw mode delivers Ctrl-Z as a key: it suspends, as in any terminal program.
    if ctrl && matches!(key.code, KeyCode::Char('z') | KeyCode::Char('Z')) {
        return Some(Action::Suspend);
    }
    match ctx {
        Context::Text => match key.code {
            KeyCode::Enter => Some(Action::Select),
            KeyCode::Esc => Some(Action::Cancel),
            KeyCode::Backspace => Some(Action::Backspace),
            KeyCode::Tab => Some(Action::Complete),
            // The start screen's list of games above its file name.
            KeyCode::Up => Some(Action::Up),
            KeyCode::Down => Some(Action::Down),
            KeyCode::Char(c) if !ctrl => Some(Action::Char(c)),
            _ => None,
        },
        Context::YesNo => match key.code {
            KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Enter => Some(Action::Yes),
            KeyCode::Char('n') | KeyCode::Char('N') | KeyCode::Esc => Some(Action::No),
            // "sì": the app reads it as yes in Italian only (in English it is not an answer).
            KeyCode::Char(c @ ('s' | 'S')) => Some(Action::Char(c)),
            _ => None,
        },
        // Any key shows the help's next page; Esc ("no more") closes it at once.
        Context::Help if key.code == KeyCode::Esc => Some(Action::No),
        Context::Help => Some(Action::Cancel),
        Context::List => match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Action::Up),
            KeyCode::Down | KeyCode::Char('j') => Some(Action::Down),
            KeyCode::PageUp => Some(Action::PrevGame),
            KeyCode::PageDown => Some(Action::NextGame),
            KeyCode::Enter | KeyCode::Char(' ') => Some(Action::Select),
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Tab => Some(Action::Cancel),
            _ => None,
        },
        // `n` plays again; any other key closes the dialog and acts as on the board (s saves,
        // u takes back, q quits, arrows look at the final position); a key the board does not
        // use closes it as Esc does, to look at the final position (README: "any other key
        // shows the final position").
        Context::GameEnd => match key.code {
            KeyCode::Char('n') => Some(Action::PlayAgain),
            KeyCode::Char('r') => Some(Action::Review),
            code => board_key(code, ctrl).or(Some(Action::Cancel)),
        },
        Context::Start => match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Action::Up),
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => Some(Action::Down),
            KeyCode::Left | KeyCode::Char('h') => Some(Action::Left),
            KeyCode::Right | KeyCode::Char('l') => Some(Action::Right),
            KeyCode::Enter | KeyCode::Char(' ') => Some(Action::Select),
            KeyCode::Char('q') | KeyCode::Esc => Some(Action::Quit),
            // A ballot's number.
            KeyCode::Char(d) if d.is_ascii_digit() => Some(Action::Char(d)),
            KeyCode::Backspace => Some(Action::Backspace),
            _ => None,
        },
        Context::Board => board_key(key.code, ctrl),
        // The arrows walk the tree; the cursor goes with hjkl (or the mouse).
        Context::Analysis => Some(match key.code {
            KeyCode::Left | KeyCode::Backspace => Action::TreeBack,
            KeyCode::Right => Action::TreeForward,
            KeyCode::Up => Action::TreeUp,
            KeyCode::Down => Action::TreeDown,
            KeyCode::Home => Action::First,
            KeyCode::End => Action::Last,
            KeyCode::Char('k') => Action::Up,
            KeyCode::Char('j') => Action::Down,
            KeyCode::Char('h') => Action::Left,
            KeyCode::Char('l') => Action::Right,
            KeyCode::Enter => Action::Select,
            KeyCode::Esc => Action::Cancel,
            KeyCode::Char(' ') => Action::ToggleAnalysis,
            KeyCode::Char('+') | KeyCode::Char('=') => Action::DepthUp,
            KeyCode::Char('-') => Action::DepthDown,
            KeyCode::Char('p') => Action::Promote,
            KeyCode::Char('x') | KeyCode::Delete => Action::DeleteNode,
            KeyCode::Char('n') => Action::Note,
            KeyCode::Char('s') => Action::Save,
            KeyCode::Char('f') => Action::Flip,
            KeyCode::Char('c') => Action::ToggleNumbers,
            KeyCode::Char('q') => Action::Quit,
            KeyCode::Char('?') => Action::Help,
            _ => return None,
        }),
        Context::Editor => editor_key(key.code),
        Context::Training => match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Action::Up),
            KeyCode::Down | KeyCode::Char('j') => Some(Action::Down),
            KeyCode::Left | KeyCode::Char('h') => Some(Action::Left),
            KeyCode::Right | KeyCode::Char('l') => Some(Action::Right),
            KeyCode::Home => Some(Action::First),
            KeyCode::End => Some(Action::Last),
            KeyCode::Enter | KeyCode::Char(' ') => Some(Action::Select),
            KeyCode::Esc => Some(Action::Cancel),
            KeyCode::Tab => Some(Action::OtherLine),
            KeyCode::Char('s') => Some(Action::ShowSolution),
            KeyCode::Char('n') => Some(Action::NextPuzzle),
            KeyCode::Char('r') => Some(Action::Retry),
            KeyCode::Char('a') => Some(Action::Analyse),
            KeyCode::Char('f') => Some(Action::Flip),
            KeyCode::Char('c') => Some(Action::ToggleNumbers),
            KeyCode::Char('q') => Some(Action::Quit),
            KeyCode::Char('?') => Some(Action::Help),
            _ => None,
        },
        Context::Replay => match key.code {
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Char('k') | KeyCode::Up => {
                Some(Action::Left)
            }
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char('j') | KeyCode::Down => {
                Some(Action::Right)
            }
            KeyCode::Home | KeyCode::Char('g') => Some(Action::First),
            KeyCode::End | KeyCode::Char('G') => Some(Action::Last),
            KeyCode::PageUp | KeyCode::Char('[') => Some(Action::PrevGame),
            KeyCode::PageDown | KeyCode::Char(']') => Some(Action::NextGame),
            KeyCode::Char('p') | KeyCode::Enter => Some(Action::PlayFromHere),
            KeyCode::Tab => Some(Action::GameList),
            KeyCode::Char('v') => Some(Action::Review),
            KeyCode::Char('x') => Some(Action::NextMistake),
            KeyCode::Char('a') => Some(Action::Analyse),
            KeyCode::Char('f') => Some(Action::Flip),
            KeyCode::Char('c') => Some(Action::ToggleNumbers),
            KeyCode::Char('?') => Some(Action::Help),
            KeyCode::Char('q') | KeyCode::Esc => Some(Action::Quit),
            _ => None,
        },
    }
}

/// The position editor's keys: w b W B put a white or black man or king, Space (Delete, `x`)
/// empties the square, Enter cycles through them all.
fn editor_key(code: KeyCode) -> Option<Action> {
    use crate::rules::{Color, Kind, Piece};
    let piece = |color, kind| Action::Place(Some(Piece { color, kind }));
    Some(match code {
        KeyCode::Up | KeyCode::Char('k') => Action::Up,
        KeyCode::Down | KeyCode::Char('j') => Action::Down,
        KeyCode::Left | KeyCode::Char('h') => Action::Left,
        KeyCode::Right | KeyCode::Char('l') => Action::Right,
        KeyCode::Char('w') => piece(Color::White, Kind::Man),
        KeyCode::Char('W') => piece(Color::White, Kind::King),
        KeyCode::Char('b') => piece(Color::Black, Kind::Man),
        KeyCode::Char('B') => piece(Color::Black, Kind::King),
        KeyCode::Char(' ') | KeyCode::Delete | KeyCode::Backspace | KeyCode::Char('x') => {
            Action::EditClear
        }
        KeyCode::Enter => Action::Select,
        KeyCode::Char('t') => Action::EditSide,
        KeyCode::Char('e') => Action::EditEmpty,
        KeyCode::Char('i') => Action::EditStart,
        KeyCode::Char('/') => Action::EditFen,
        KeyCode::Char('c') => Action::EditCopy,
        KeyCode::Char('o') => Action::EditPlayers,
        KeyCode::Char('+') | KeyCode::Char('=') => Action::DepthUp,
        KeyCode::Char('-') => Action::DepthDown,
        KeyCode::Char('f') => Action::Flip,
        KeyCode::Char('n') => Action::ToggleNumbers,
        KeyCode::Char('p') => Action::PlayFromHere,
        KeyCode::Char('a') => Action::Analyse,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    })
}

fn board_key(code: KeyCode, ctrl: bool) -> Option<Action> {
    Some(match code {
        KeyCode::Up | KeyCode::Char('k') => Action::Up,
        KeyCode::Down | KeyCode::Char('j') => Action::Down,
        KeyCode::Left | KeyCode::Char('h') => Action::Left,
        KeyCode::Right | KeyCode::Char('l') => Action::Right,
        KeyCode::Enter | KeyCode::Char(' ') => Action::Select,
        KeyCode::Esc => Action::Cancel,
        KeyCode::Char('r') if ctrl => Action::Redo,
        KeyCode::Char('u') | KeyCode::Backspace => Action::Undo,
        KeyCode::Char('r') => Action::Redo,
        KeyCode::Char('t') => Action::Hint,
        KeyCode::Char('m') => Action::MoveNow,
        KeyCode::Char('+') | KeyCode::Char('=') => Action::DepthUp,
        KeyCode::Char('-') => Action::DepthDown,
        KeyCode::Char('f') => Action::Flip,
        KeyCode::Char('c') => Action::ToggleNumbers,
        KeyCode::Char('e') => Action::ToggleEval,
        KeyCode::Char('b') => Action::ToggleBell,
        KeyCode::Char('d') => Action::OfferDraw,
        KeyCode::Char('R') => Action::Resign,
        KeyCode::Char('N') => Action::NewGame,
        KeyCode::Char('s') => Action::Save,
        KeyCode::Char('q') => Action::Quit,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('v') => Action::Review,
        KeyCode::Char('a') => Action::Analyse,
        KeyCode::Char('[') => Action::PeekBack,
        KeyCode::Char(']') => Action::PeekForward,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyEventState;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn any_key_the_board_does_not_use_closes_the_game_end_dialog() {
        // The dialog stayed up on x, z, F1, Tab...: only the board's keys closed it.
        for code in [
            KeyCode::Char('x'),
            KeyCode::Char('z'),
            KeyCode::Tab,
            KeyCode::F(1),
            KeyCode::Home,
        ] {
            assert_eq!(
                map(&key(code), Context::GameEnd),
                Some(Action::Cancel),
                "{code:?}"
            );
        }
        // The dialog's own keys and the board's keep their meaning.
        assert_eq!(
            map(&key(KeyCode::Char('n')), Context::GameEnd),
            Some(Action::PlayAgain)
        );
        assert_eq!(
            map(&key(KeyCode::Char('q')), Context::GameEnd),
            Some(Action::Quit)
        );
        assert_eq!(
            map(&key(KeyCode::Char('u')), Context::GameEnd),
            Some(Action::Undo)
        );
    }

    #[test]
    fn releases_are_ignored() {
        let mut k = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
        k.kind = KeyEventKind::Release;
        k.state = KeyEventState::NONE;
        assert_eq!(map(&Event::Key(k), Context::Board), None);
    }

    #[test]
    fn same_key_means_different_things_by_context() {
        assert_eq!(
            map(&key(KeyCode::Char('h')), Context::Board),
            Some(Action::Left)
        );
        assert_eq!(
            map(&key(KeyCode::Char('h')), Context::Text),
            Some(Action::Char('h'))
        );
        assert_eq!(
            map(&key(KeyCode::Char('y')), Context::YesNo),
            Some(Action::Yes)
        );
        assert_eq!(
            map(&key(KeyCode::Char('x')), Context::Help),
            Some(Action::Cancel)
        );
        // Ctrl-C quits and Ctrl-Z suspends wherever they are pressed (a file name being typed
        // too).
        let ctrl = |c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
        for ctx in [
            Context::Board,
            Context::Text,
            Context::YesNo,
            Context::Replay,
        ] {
            assert_eq!(map(&ctrl('c'), ctx), Some(Action::Interrupt));
            assert_eq!(map(&ctrl('z'), ctx), Some(Action::Suspend));
        }
        assert_eq!(
            map(&key(KeyCode::Char('z')), Context::Text),
            Some(Action::Char('z'))
        );
    }
}
