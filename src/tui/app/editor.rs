//! The position editor (issue 22 §2): men and kings of either colour put on and taken off
//! with keys and the mouse, the side to move, an empty board, the start position, a FEN typed
//! or pasted; then the position is checked ([`check`]: every reason in the player's
//! language) before it is played or copied. Copying puts its FEN on the screen and asks the
//! runner to hand it to the terminal's clipboard (OSC 52): the app itself does no I/O.

use super::{App, Players, StartMenu, StartSide};
use crate::engine::Strength;
use crate::notation::fen;
use crate::rules::{Color, Kind, Piece, Position, RuleSet, Setup, Square};
use crate::tui::input::Action;
use crate::tui::lang::{Lang, Msg, color};

/// The squares a man may not stand on: its own promotion row (White's men are crowned on
/// 1-4, Black's on 29-32; R-K1).
fn promotion_row(c: Color) -> std::ops::RangeInclusive<u8> {
    match c {
        Color::White => 1..=4,
        Color::Black => 29..=32,
    }
}

/// Why an edited position cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// More than 12 pieces of one colour (R-B3).
    TooMany { color: Color, count: usize },
    /// A man on the row where it would have been crowned (square number).
    ManOnPromotionRow { square: u8, color: Color },
    /// The side not to move has no pieces: the game ended with the last capture.
    NoPieces { color: Color },
    /// The side to move has no legal move: the position is a finished game, lost for it.
    Finished { side: Color },
}

impl Problem {
    /// The reason in the player's language.
    pub fn text(self, lang: Lang) -> String {
        match self {
            Problem::TooMany { color: c, count } => {
                Msg::EditTooMany.fill(lang, &[&color(lang, c), &count])
            }
            Problem::ManOnPromotionRow { square, color: c } => {
                Msg::EditManOnLastRow.fill(lang, &[&color(lang, c), &square])
            }
            Problem::NoPieces { color: c } => Msg::EditNoPieces.fill(lang, &[&color(lang, c)]),
            Problem::Finished { side } => {
                Msg::EditFinished.fill(lang, &[&color(lang, side), &color(lang, side.opposite())])
            }
        }
    }
}

/// Checks an edited position: at most 12 pieces a side, no man on its own promotion row, a
/// side not to move with pieces, a side to move with a legal move. The squares follow the rule
/// set's board (R-B2: the Italian board has its dark corner at each player's right), which
/// the editor keeps by putting pieces on that board's dark squares only.
///
/// # Errors
/// The first [`Problem`] found, in that order.
pub fn check(
    rules: RuleSet,
    squares: &[Option<Piece>; 32],
    side: Color,
) -> Result<Position, Problem> {
    for c in [Color::White, Color::Black] {
        let count = squares.iter().flatten().filter(|p| p.color == c).count();
        if count > 12 {
            return Err(Problem::TooMany { color: c, count });
        }
    }
    for (i, p) in squares.iter().enumerate() {
        let n = i as u8 + 1;
        if let Some(p) = p
            && p.kind == Kind::Man
            && promotion_row(p.color).contains(&n)
        {
            return Err(Problem::ManOnPromotionRow {
                square: n,
                color: p.color,
            });
        }
    }
    let setup = Setup {
        side_to_move: side,
        pieces: squares
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (i as u32 + 1, p)))
            .collect(),
    };
    // Both conditions above are the only ones `from_setup` has left to refuse.
    let pos = Position::from_setup(rules, &setup).map_err(|_| Problem::TooMany {
        color: side,
        count: 13,
    })?;
    if pos.pieces_of(side.opposite()).is_empty() {
        return Err(Problem::NoPieces {
            color: side.opposite(),
        });
    }
    if crate::rules::legal_moves(&pos).is_empty() {
        return Err(Problem::Finished { side });
    }
    Ok(pos)
}

/// The editor's state.
#[derive(Clone, Debug)]
pub struct Editor {
    pub rules: RuleSet,
    /// The pieces by square index (square number - 1).
    pub squares: [Option<Piece>; 32],
    pub side: Color,
    /// A FEN being typed or pasted.
    pub prompt: Option<String>,
    /// The FEN last copied, shown for selecting with the mouse.
    pub fen_shown: Option<String>,
    /// Who plays the position (the start screen's choice, changed with `o`).
    pub play: StartSide,
    /// The engine's level for the game played from it (`+`/`-`).
    pub level: u8,
    /// The start screen it was opened from (Esc goes back to it; none: Esc quits).
    pub back: Option<StartMenu>,
    /// The position it opened with: leaving with another asks first.
    opened: ([Option<Piece>; 32], Color),
}

impl Editor {
    /// An editor on `pos`.
    pub fn new(pos: &Position) -> Editor {
        let mut squares = [None; 32];
        for sq in Square::all() {
            squares[sq.index()] = pos.piece_at(sq);
        }
        Editor {
            rules: pos.rules(),
            squares,
            side: pos.side_to_move(),
            prompt: None,
            fen_shown: None,
            play: StartSide::White,
            level: super::start::DEFAULT_LEVEL,
            back: None,
            opened: (squares, pos.side_to_move()),
        }
    }

    /// Whether the board was changed since the editor opened.
    pub fn changed(&self) -> bool {
        (self.squares, self.side) != self.opened
    }

    /// The FEN of the board as it stands (written even when it is not a playable position,
    /// so that it can be copied to fix elsewhere).
    pub fn fen(&self) -> String {
        let mut s = String::new();
        s.push(self.side.letter());
        for c in [Color::White, Color::Black] {
            s.push(':');
            s.push(c.letter());
            let list: Vec<String> = self
                .squares
                .iter()
                .enumerate()
                .filter_map(|(i, p)| match p {
                    Some(p) if p.color == c && p.kind == Kind::King => Some(format!("K{}", i + 1)),
                    Some(p) if p.color == c => Some((i + 1).to_string()),
                    _ => None,
                })
                .collect();
            s.push_str(&list.join(","));
        }
        s
    }

    /// How many pieces of `c` are on the board.
    pub fn count(&self, c: Color) -> usize {
        self.squares
            .iter()
            .flatten()
            .filter(|p| p.color == c)
            .count()
    }
}

impl App {
    /// The position editor, while it is open.
    pub fn editor(&self) -> Option<&Editor> {
        self.editor.as_ref()
    }

    /// The piece the board shows on `sq`: the editor's while it is open, else the game's.
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        match &self.editor {
            Some(e) => e.squares[sq.index()],
            None => self.board_game().position().piece_at(sq),
        }
    }

    /// Opens the editor on `pos` (`dama edit`, the start screen); `back`: the start screen to
    /// return to.
    pub fn open_editor(&mut self, pos: &Position, back: Option<StartMenu>) {
        self.stop_search();
        let mut e = Editor::new(pos);
        if let Some(m) = &back {
            e.play = m.side;
            e.level = m.level;
        }
        e.back = back;
        self.settings.rules = pos.rules();
        self.game = crate::rules::Game::new(Position::start(pos.rules()));
        // White at the bottom, as a diagram and the viewer show a position, whatever the
        // board faced before (`dama edit --rules english` opened it turned for Black, who
        // moves first, under "Play: White"); `f` turns it.
        self.flipped = false;
        self.clear_selection();
        self.hint = None;
        self.last_search = None;
        self.editor = Some(e);
        self.menu = None;
        self.viewer = None;
        self.overlay = super::Overlay::None;
        self.message = self.t(Msg::EditOpened).into();
    }

    /// The text to hand to the terminal's clipboard, once (the runner writes the escape).
    pub fn take_clipboard(&mut self) -> Option<String> {
        self.clipboard.take()
    }

    /// A pasted FEN, read at once (a FEN that cannot be read stays in the field to correct).
    pub(super) fn paste_fen(&mut self, text: &str) {
        let Some(e) = self.editor.as_mut() else {
            return;
        };
        let text: String = text.chars().filter(|c| !c.is_control()).take(200).collect();
        e.prompt = Some(text.trim().to_string());
        self.editor_action(Action::Select);
    }

    pub(super) fn editor_action(&mut self, action: Action) {
        let lang = self.lang();
        let Some(e) = self.editor.as_mut() else {
            return;
        };
        if let Some(mut text) = e.prompt.take() {
            match action {
                Action::Char(c) => {
                    // A FEN is short; a paste of something else is cut rather than kept whole.
                    if text.chars().count() < 200 {
                        text.push(c);
                    }
                    e.prompt = Some(text);
                }
                Action::Backspace => {
                    text.pop();
                    e.prompt = Some(text);
                }
                Action::Select => match fen::parse_setup(fen_of(&text)) {
                    Ok(setup) => match squares_of(&setup) {
                        Ok(squares) => {
                            e.squares = squares;
                            e.side = setup.side_to_move;
                            e.fen_shown = None;
                            self.message = Msg::EditFenRead.text(lang).into();
                        }
                        Err(n) => {
                            self.message = Msg::EditFenBadSquare.fill(lang, &[&n]);
                            e.prompt = Some(text);
                        }
                    },
                    Err(err) => {
                        let why = crate::tui::lang::fen_error(lang, &err);
                        self.message = Msg::EditFenBad.fill(lang, &[&why]);
                        e.prompt = Some(text);
                    }
                },
                Action::Cancel => self.message.clear(), // back to the board
                _ => e.prompt = Some(text),             // Tab, arrows: nothing to do
            }
            return;
        }
        match action {
            Action::Up => self.move_cursor(-1, 0),
            Action::Down => self.move_cursor(1, 0),
            Action::Left => self.move_cursor(0, -1),
            Action::Right => self.move_cursor(0, 1),
            Action::Place(p) => self.put_piece(p),
            Action::Select => self.cycle_piece(),
            Action::EditClear => self.put_piece(None),
            Action::EditClearAt { x, y } => {
                // The square clicked, not the cursor's (a right click elsewhere emptied that).
                if let Some(screen) = self.screen
                    && let Some((dr, dc)) = screen.hit(x, y)
                {
                    self.cursor = self.display_to_board(dr, dc);
                    self.put_piece(None);
                }
            }
            Action::Click { x, y } => {
                if let Some(screen) = self.screen
                    && let Some((dr, dc)) = screen.hit(x, y)
                {
                    self.cursor = self.display_to_board(dr, dc);
                    self.cycle_piece();
                }
            }
            Action::EditSide => {
                e.side = e.side.opposite();
                self.message = Msg::SideToMove.fill(lang, &[&color(lang, e.side)]);
            }
            Action::EditEmpty => {
                e.squares = [None; 32];
                e.fen_shown = None;
                self.message = Msg::EditEmptied.text(lang).into();
            }
            Action::EditStart => {
                let start = Position::start(e.rules);
                let side = e.side;
                *e = Editor {
                    back: e.back.take(),
                    opened: e.opened,
                    play: e.play,
                    level: e.level,
                    ..Editor::new(&start)
                };
                e.side = side;
                self.message = Msg::EditStartPlaced.text(lang).into();
            }
            Action::EditFen => {
                e.prompt = Some(String::new());
                self.message = Msg::EditFenPrompt.text(lang).into();
            }
            Action::EditCopy => {
                let text = e.fen();
                e.fen_shown = Some(text.clone());
                self.clipboard = Some(text);
                self.message = Msg::EditCopied.text(lang).into();
            }
            Action::EditPlayers => {
                let all = [
                    StartSide::White,
                    StartSide::Black,
                    StartSide::TwoPlayers,
                    StartSide::Watch,
                ];
                // "Random" (from the start screen) is shown and played as White: the next is
                // Black, not White again (a first `o` that changed nothing).
                let i = all.iter().position(|s| *s == e.play).map_or(1, |i| i + 1);
                e.play = all[i % all.len()];
            }
            Action::DepthUp | Action::DepthDown => {
                let d = if action == Action::DepthUp { 1 } else { -1 };
                let max = i32::from(crate::engine::strength::LEVELS);
                e.level = (i32::from(e.level) + d).clamp(1, max) as u8;
            }
            Action::Flip => self.flipped = !self.flipped,
            Action::ToggleNumbers => self.numbers = !self.numbers,
            // Every key in the help's box: a short terminal cuts the panel's list.
            Action::Help => self.open_help(),
            Action::PlayFromHere => self.play_edited(),
            Action::Analyse => self.analyse_edited(),
            // A position set up is the player's work: Esc (easily pressed once too often
            // after the FEN field) or `q` does not throw it away unasked.
            Action::Quit | Action::Cancel if e.changed() => {
                self.overlay = super::Overlay::Confirm(super::Question::LeaveEditor);
            }
            Action::Quit | Action::Cancel => self.leave_editor(),
            _ => {}
        }
    }

    /// A piece (or none) on the cursor's square; a light square is refused with the reason.
    fn put_piece(&mut self, p: Option<Piece>) {
        let Some(sq) = self.cursor_square() else {
            self.message = self.t(Msg::EditDarkOnly).into();
            return;
        };
        if let Some(e) = self.editor.as_mut() {
            e.squares[sq.index()] = p;
            e.fen_shown = None;
        }
        self.message.clear();
    }

    /// Enter or a click: empty, white man, white king, black man, black king, empty...
    fn cycle_piece(&mut self) {
        let Some(sq) = self.cursor_square() else {
            self.message = self.t(Msg::EditDarkOnly).into();
            return;
        };
        let now = self.editor.as_ref().and_then(|e| e.squares[sq.index()]);
        let piece = |color, kind| Some(Piece { color, kind });
        let next = match now.map(|p| (p.color, p.kind)) {
            None => piece(Color::White, Kind::Man),
            Some((Color::White, Kind::Man)) => piece(Color::White, Kind::King),
            Some((Color::White, Kind::King)) => piece(Color::Black, Kind::Man),
            Some((Color::Black, Kind::Man)) => piece(Color::Black, Kind::King),
            Some((Color::Black, Kind::King)) => None,
        };
        self.put_piece(next);
    }

    /// Leaves the editor: back to the start screen it came from, else quits.
    pub(super) fn leave_editor(&mut self) {
        let back = self.editor.take().and_then(|e| e.back);
        self.message.clear();
        match back {
            Some(mut m) => {
                m.prompt = None;
                m.error = None;
                self.menu = Some(m);
            }
            None => self.quit = true,
        }
    }

    /// `p`: the position is checked, then played as chosen (a side against the engine at the
    /// chosen level, two players, or the engine against itself).
    fn play_edited(&mut self) {
        let Some(e) = self.editor.as_ref() else {
            return;
        };
        let pos = match check(e.rules, &e.squares, e.side) {
            Ok(p) => p,
            Err(problem) => {
                self.message = Msg::EditCannotPlay.fill(self.lang(), &[&problem.text(self.lang())]);
                return;
            }
        };
        let (play, level) = (e.play, e.level);
        self.editor = None;
        self.settings.rules = pos.rules();
        self.settings.strength = Strength::Level(level);
        self.settings.human = match play {
            StartSide::Black => Color::Black,
            _ => Color::White,
        };
        self.settings.players = match play {
            StartSide::TwoPlayers => Players::TwoPlayers { turn: false },
            StartSide::Watch => Players::Watch {
                white: Strength::Level(level),
                black: Strength::Level(level),
            },
            _ => Players::Engine,
        };
        self.start = pos;
        self.flipped =
            self.settings.human == Color::Black && self.settings.players == Players::Engine;
        self.new_game();
        self.message = self.t(Msg::EditPlaying).into();
    }

    /// `a`: the analysis board on the edited position, once it passes the checks; leaving the
    /// board comes back to the editor as it was.
    fn analyse_edited(&mut self) {
        let Some(e) = self.editor.as_ref() else {
            return;
        };
        let pos = match check(e.rules, &e.squares, e.side) {
            Ok(p) => p,
            Err(problem) => {
                let why = problem.text(self.lang());
                self.message = Msg::EditCannotAnalyse.fill(self.lang(), &[&why]);
                return;
            }
        };
        let Some(editor) = self.editor.take() else {
            return;
        };
        let record = crate::notation::pdn::PdnGame {
            start: pos,
            ..crate::notation::pdn::PdnGame::new(pos.rules())
        };
        self.open_analysis(record, 0, super::analysis::Back::Editor(Box::new(editor)));
    }
}

/// The FEN in what was typed or pasted: as copied from a PDN file, `[FEN "W:W21:B1"]`, or in
/// quotes, it is the text inside.
fn fen_of(text: &str) -> &str {
    let t = text.trim();
    let t = match t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        Some(inner) => {
            let inner = inner.trim();
            inner
                .get(..3)
                .filter(|tag| tag.eq_ignore_ascii_case("fen"))
                .map_or(inner, |_| inner[3..].trim())
        }
        None => t,
    };
    t.strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or(t)
        .trim()
}

/// The squares of a FEN's setup, or the first square number that is not on the board or is
/// given twice.
fn squares_of(setup: &Setup) -> Result<[Option<Piece>; 32], u32> {
    let mut squares = [None; 32];
    for &(n, p) in &setup.pieces {
        let i = n.checked_sub(1).filter(|&i| i < 32).ok_or(n)? as usize;
        if squares[i].is_some() {
            return Err(n);
        }
        squares[i] = Some(p);
    }
    Ok(squares)
}

/// The text `dama edit` and the editor hand to the terminal's clipboard: the OSC 52 escape
/// (`ESC ] 52 ; c ; base64 BEL`), which terminals that support it (xterm, kitty, iTerm2,
/// WezTerm, tmux with `set-clipboard on`) put on the clipboard; others ignore it.
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", base64(text.as_bytes()))
}

/// Standard base64 with padding (RFC 4648), for the escape above: a crate for twenty lines
/// would be more to audit than the lines.
fn base64(data: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(A[(n >> shift & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PositionError;

    fn man(color: Color) -> Option<Piece> {
        Some(Piece {
            color,
            kind: Kind::Man,
        })
    }

    fn board(pieces: &[(u8, Option<Piece>)]) -> [Option<Piece>; 32] {
        let mut s = [None; 32];
        for &(n, p) in pieces {
            s[usize::from(n) - 1] = p;
        }
        s
    }

    #[test]
    fn each_reason_is_found_and_worded_in_both_languages() {
        let rules = RuleSet::Italian;
        // 13 white men.
        let mut s = [None; 32];
        for sq in &mut s[8..21] {
            *sq = man(Color::White);
        }
        s[0] = man(Color::Black);
        assert_eq!(
            check(rules, &s, Color::White),
            Err(Problem::TooMany {
                color: Color::White,
                count: 13
            })
        );
        // A white man on square 2 (White is crowned on 1-4), a black one on 30.
        let s = board(&[(2, man(Color::White)), (10, man(Color::Black))]);
        assert_eq!(
            check(rules, &s, Color::White),
            Err(Problem::ManOnPromotionRow {
                square: 2,
                color: Color::White
            })
        );
        let s = board(&[(22, man(Color::White)), (30, man(Color::Black))]);
        assert_eq!(
            check(rules, &s, Color::White),
            Err(Problem::ManOnPromotionRow {
                square: 30,
                color: Color::Black
            })
        );
        // No black piece while White is to move.
        let s = board(&[(22, man(Color::White))]);
        assert_eq!(
            check(rules, &s, Color::White),
            Err(Problem::NoPieces {
                color: Color::Black
            })
        );
        // White to move, its only man (25) blocked by black men it cannot take (21 and 22,
        // with 17 and 18 behind them): no move, a finished game.
        let s = board(&[
            (25, man(Color::White)),
            (21, man(Color::Black)),
            (17, man(Color::Black)),
            (22, man(Color::Black)),
            (18, man(Color::Black)),
        ]);
        assert_eq!(
            check(rules, &s, Color::White),
            Err(Problem::Finished { side: Color::White })
        );
        // The start position is fine.
        let start = Editor::new(&Position::start(rules));
        assert!(check(rules, &start.squares, Color::White).is_ok());
        for lang in Lang::ALL {
            for p in [
                Problem::TooMany {
                    color: Color::White,
                    count: 13,
                },
                Problem::ManOnPromotionRow {
                    square: 2,
                    color: Color::White,
                },
                Problem::NoPieces {
                    color: Color::Black,
                },
                Problem::Finished { side: Color::White },
            ] {
                let t = p.text(lang);
                assert!(!t.contains('{'), "{t}");
                assert!(
                    t.contains(color(lang, Color::White)) || t.contains(color(lang, Color::Black))
                );
            }
        }
        assert_ne!(
            Problem::Finished { side: Color::White }.text(Lang::En),
            Problem::Finished { side: Color::White }.text(Lang::It)
        );
    }

    #[test]
    fn the_fen_is_written_and_read_back() {
        let e = Editor::new(&Position::start(RuleSet::Italian));
        let fen = e.fen();
        let back = fen::parse(RuleSet::Italian, &fen).unwrap();
        assert_eq!(back, Position::start(RuleSet::Italian));
        assert_eq!(squares_of(&fen::parse_setup("W:W33:B1").unwrap()), Err(33));
        assert_eq!(squares_of(&fen::parse_setup("W:W5:B5").unwrap()), Err(5));
    }

    /// QA practice: a FEN copied with its tag from a PDN file (or in quotes) is read; one
    /// that cannot be read is told in the player's language (the notation's English text
    /// used to show on the Italian board).
    #[test]
    fn a_fen_is_read_from_its_tag_and_its_errors_are_worded_in_both_languages() {
        assert_eq!(fen_of(" [FEN \"W:W21:B1\"] "), "W:W21:B1");
        assert_eq!(fen_of("[fen \"B:W5:B30\"]"), "B:W5:B30");
        assert_eq!(fen_of("\"W:W21:B1\""), "W:W21:B1");
        assert_eq!(fen_of("W:W21:B1"), "W:W21:B1");
        assert!(fen::parse_setup(fen_of("[FEN \"W:W21,K30:B1,2\"]")).is_ok());
        for bad in [
            "",
            "X:W21:B1",
            "W:Q21:B1",
            "W:W21:W22",
            "W:W21",
            "W:W21,:B1",
            "W:W24-21:B1",
        ] {
            let e = fen::parse_setup(bad).unwrap_err();
            let en = crate::tui::lang::fen_error(Lang::En, &e);
            let it = crate::tui::lang::fen_error(Lang::It, &e);
            assert!(!en.contains('{') && !it.contains('{'), "{en} / {it}");
            assert_ne!(en, it, "{bad}: not translated");
        }
        let e = fen::parse_setup("W:W21:W22").unwrap_err();
        assert!(crate::tui::lang::fen_error(Lang::It, &e).contains("Bianco"));
        for e in [
            PositionError::SquareOutOfRange(33),
            PositionError::SquareTwice(5),
            PositionError::ManOnPromotionRow {
                square: 2,
                color: Color::White,
            },
            PositionError::TooManyPieces {
                color: Color::Black,
                count: 13,
            },
        ] {
            let e = fen::FenError::Invalid(e);
            let en = crate::tui::lang::fen_error(Lang::En, &e);
            let it = crate::tui::lang::fen_error(Lang::It, &e);
            assert!(!en.contains('{') && !it.contains('{'), "{en} / {it}");
            assert_ne!(en, it);
        }
    }

    #[test]
    fn base64_is_the_standard_one() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(osc52("W:W1:B32"), "\x1b]52;c;VzpXMTpCMzI=\x07");
    }
}
