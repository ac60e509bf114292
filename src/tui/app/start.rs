//! The start screen `dama` opens with no arguments: a new game (rules, colour, level, clock), the
//! kept game to resume (named), a saved game to load, a file to replay, or quit. Choosing sets
//! the app up exactly as the matching command-line options would.

use super::{App, Overlay, Players};
use crate::engine::Strength;
use crate::rules::{Color, Game, Position, RuleSet};
use crate::tui::clock::TimeControl;
use crate::tui::input::Action;
use crate::tui::keep::{LoadError, Loaded, ResumeError};
use crate::tui::lang::{Lang, Msg};
use crate::tui::viewer::Viewer;
use std::path::PathBuf;
use std::time::Duration;

/// The side the player takes in a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    White,
    Black,
    Random,
    /// Two players at one keyboard.
    TwoPlayers,
    /// Nobody: the engine plays itself.
    Watch,
}

/// The opening a new game starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    Start,
    /// A ballot drawn when the game starts.
    RandomBallot,
    /// Ballot n (from 1).
    Ballot(usize),
}

/// A line of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    NewGame,
    Rules,
    Side,
    /// Two players: whether the board turns to the side to move.
    Turn,
    Level,
    /// The engine against itself: Black's level (the Level line is White's).
    BlackLevel,
    Opening,
    /// The position editor.
    Editor,
    Clock,
    /// Whether the engine plays its openings from the book.
    Book,
    Resume,
    Load,
    Replay,
    /// The analysis board, from the start position of the rules chosen.
    Analysis,
    /// Training: combinations (colpi), at the level chosen.
    Training,
    Quit,
}

/// What a typed file name is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileFor {
    Load,
    Replay,
}

/// The start screen's state.
#[derive(Clone, Debug)]
pub struct StartMenu {
    pub at: usize,
    pub rules: RuleSet,
    pub side: Side,
    pub level: u8,
    /// Two players: the board turns to face the side to move.
    pub turn: bool,
    /// The engine against itself: Black's level.
    pub black_level: u8,
    pub opening: Opening,
    /// Digits are being typed on the opening line: the next one goes on the number. A ballot
    /// reached with the arrows is replaced by the first digit typed, not added to.
    pub typing: bool,
    /// The new game's time control (`None`: no clock).
    pub clock: Option<TimeControl>,
    /// The engine plays its openings from the book.
    pub book: bool,
    /// The kept game's description, when there is one to resume.
    pub kept: Option<String>,
    /// A file name being typed.
    pub prompt: Option<(FileFor, String)>,
    /// The games in the data folder, newest first, while a file is chosen.
    pub games: Vec<crate::tui::keep::list::Entry>,
    /// The game of [`StartMenu::games`] chosen (none: the typed file name counts).
    pub pick: Option<usize>,
    /// Why the last choice did not work.
    pub error: Option<String>,
    /// The training's level (all: `None`).
    pub train_level: Option<super::TrainingLevel>,
    /// The training's progress per rule set, for the training's line.
    pub trained: Vec<(RuleSet, super::TrainingSummary)>,
}

/// The level a new game offers first: a club player's opponent, not full strength.
pub const DEFAULT_LEVEL: u8 = 6;

/// The time controls the start screen offers after "none": a quick game, a club game, a long
/// one without increment (minutes, seconds added a move). Any other (`dama play --time`, a
/// hand-written settings file) is shown as it is until changed.
pub const CLOCKS: [(u64, u64); 3] = [(5, 3), (15, 10), (30, 0)];

/// The start screen's clock choices in order: none, then [`CLOCKS`].
fn clock_choices() -> Vec<Option<TimeControl>> {
    let offered = CLOCKS.iter().map(|&(m, s)| {
        Some(TimeControl {
            base: Duration::from_secs(m * 60),
            increment: Duration::from_secs(s),
        })
    });
    std::iter::once(None).chain(offered).collect()
}

impl StartMenu {
    pub fn new(rules: RuleSet, kept: Option<String>) -> StartMenu {
        StartMenu {
            at: 0,
            rules,
            side: Side::White,
            level: DEFAULT_LEVEL,
            turn: false,
            black_level: DEFAULT_LEVEL,
            opening: Opening::Start,
            typing: false,
            clock: None,
            book: true,
            kept,
            prompt: None,
            games: Vec::new(),
            pick: None,
            error: None,
            train_level: None,
            trained: Vec::new(),
        }
    }

    /// The lines shown, in order (Resume only when there is a kept game).
    pub fn items(&self) -> Vec<Item> {
        let mut v = vec![Item::NewGame, Item::Rules, Item::Side];
        match self.side {
            Side::TwoPlayers => v.push(Item::Turn),
            Side::Watch => v.extend([Item::Level, Item::BlackLevel]),
            _ => v.push(Item::Level),
        }
        v.push(Item::Clock);
        // Two players have no engine to take moves from the book.
        if self.side != Side::TwoPlayers {
            v.push(Item::Book);
        }
        v.push(Item::Opening);
        if self.kept.is_some() {
            v.push(Item::Resume);
        }
        v.extend([
            Item::Editor,
            Item::Load,
            Item::Replay,
            Item::Analysis,
            Item::Training,
            Item::Quit,
        ]);
        v
    }

    pub fn current(&self) -> Item {
        let items = self.items();
        items[self.at.min(items.len() - 1)]
    }

    /// Left/right on an option line.
    fn change(&mut self, delta: i32) {
        match self.current() {
            Item::Rules => {
                self.rules = match self.rules {
                    RuleSet::Italian => RuleSet::English,
                    RuleSet::English => RuleSet::Italian,
                };
                // The other rule set has other ballots.
                if let Opening::Ballot(_) = self.opening {
                    self.opening = Opening::RandomBallot;
                }
            }
            Item::Side => {
                let all = [
                    Side::White,
                    Side::Black,
                    Side::Random,
                    Side::TwoPlayers,
                    Side::Watch,
                ];
                let i = all.iter().position(|s| *s == self.side).unwrap_or(0) as i32;
                self.side = all[(i + delta).rem_euclid(all.len() as i32) as usize];
            }
            Item::Turn => self.turn = !self.turn,
            Item::Book => self.book = !self.book,
            Item::Level => {
                let max = i32::from(crate::engine::strength::LEVELS);
                self.level = (i32::from(self.level) + delta).clamp(1, max) as u8;
            }
            Item::BlackLevel => {
                let max = i32::from(crate::engine::strength::LEVELS);
                self.black_level = (i32::from(self.black_level) + delta).clamp(1, max) as u8;
            }
            Item::Opening => {
                // The start position, a random ballot, then each ballot by number.
                let n = crate::tui::ballots::count(self.rules);
                let i = match self.opening {
                    Opening::Start => 0,
                    Opening::RandomBallot => 1,
                    Opening::Ballot(b) => b + 1,
                } as i64;
                let i = (i + i64::from(delta)).rem_euclid(n as i64 + 2) as usize;
                self.opening = match i {
                    0 => Opening::Start,
                    1 => Opening::RandomBallot,
                    b => Opening::Ballot(b - 1),
                };
            }
            Item::Training => {
                // All levels, then easy to hard, round.
                let all = [
                    None,
                    Some(super::TrainingLevel::Easy),
                    Some(super::TrainingLevel::Medium),
                    Some(super::TrainingLevel::Hard),
                ];
                let i = all.iter().position(|l| *l == self.train_level).unwrap_or(0) as i32;
                self.train_level = all[(i + delta).rem_euclid(4) as usize];
            }
            Item::Clock => {
                // Round the choices; one not offered goes to the first or last.
                let all = clock_choices();
                let n = all.len() as i32;
                self.clock = match all.iter().position(|c| *c == self.clock) {
                    Some(i) => all[(i as i32 + delta).rem_euclid(n) as usize],
                    None if delta > 0 => all[0],
                    None => all[all.len() - 1],
                };
            }
            _ => {}
        }
    }
}

/// Why a game could not be loaded, in the interface's language.
fn load_error(lang: Lang, e: &LoadError) -> String {
    match e {
        LoadError::Io(p, e) => {
            let why = crate::tui::lang::file_error(lang, e);
            Msg::CannotReadFile.fill(lang, &[&p.display(), &why])
        }
        LoadError::NoGame(p) => Msg::NoGameIn.fill(lang, &[&p.display()]),
        LoadError::Several(p, n) => Msg::LoadSeveral.fill(lang, &[&p.display(), n]),
        // FILE:LINE:COLUMN, as the command line writes a place in a file.
        LoadError::Pdn(p, e) => format!(
            "{}:{}:{}: {}",
            p.display(),
            e.line,
            e.column,
            crate::tui::lang::pdn_error_kind(lang, &e.kind)
        ),
    }
}

/// Why the kept game cannot be continued, in the interface's language (the command line's
/// `--resume` says it in English).
pub fn resume_error(lang: Lang, e: &ResumeError) -> String {
    match e {
        ResumeError::Nothing(p) => Msg::NothingToResume.fill(lang, &[&p.display()]),
        ResumeError::NewestNotKept { older, .. } => {
            Msg::NewestNotKept.fill(lang, &[&older.display()])
        }
        ResumeError::Load(e) => Msg::KeptUnreadable.fill(lang, &[&load_error(lang, e)]),
    }
}

impl App {
    /// The start screen (for `dama` with no arguments); `kept` names the game `--resume`
    /// would continue.
    pub fn start_screen(config: super::GameSettings, kept: Option<String>) -> App {
        let rules = config.rules;
        let mut app = App::new(config, Game::new(Position::start(rules)));
        app.requests.clear();
        app.thinking = None;
        let mut menu = StartMenu::new(rules, kept);
        let data = app.data_folder();
        menu.trained = [RuleSet::Italian, RuleSet::English]
            .into_iter()
            .map(|r| (r, super::training::summary(data.as_deref(), r)))
            .collect();
        menu.clock = app.settings.time_control;
        menu.book = app.settings.book;
        app.menu = Some(menu);
        app
    }

    /// The start screen opens with the settings remembered from the last session, or, when
    /// they could not be read, says why (and keeps the defaults).
    pub fn remember(&mut self, r: Result<&crate::tui::prefs::Remembered, String>) {
        let lang = self.settings.lang;
        let Some(menu) = self.menu.as_mut() else {
            return;
        };
        match r {
            Ok(r) => {
                menu.rules = r.rules.unwrap_or(menu.rules);
                menu.side = r.side.unwrap_or(menu.side);
                menu.level = r.level.unwrap_or(menu.level);
                if r.time_control.is_some() {
                    menu.clock = r.time_control;
                }
                menu.book = r.book.unwrap_or(menu.book);
                if !r.ignored.is_empty() {
                    let msg = if r.ignored.len() == 1 {
                        Msg::PrefsKeyIgnored
                    } else {
                        Msg::PrefsKeysIgnored
                    };
                    let file = self
                        .settings
                        .prefs
                        .as_deref()
                        .map_or(String::new(), |p| p.display().to_string());
                    menu.error = Some(msg.fill(lang, &[&r.ignored.join(", "), &file]));
                }
            }
            Err(why) => {
                menu.error = Some(Msg::PrefsIgnored.fill(lang, &[&why]));
                // A file that could not be read is left as it is, never written over by this
                // session's settings (what it holds may be the player's, in a form dama cannot
                // read; a pipe there would hold the board until read).
                self.settings.prefs = None;
            }
        }
    }

    /// Says on the start screen why the kept game cannot be offered to resume, when there is
    /// one it cannot offer (not when there is none): a damaged autosave, or a newest game that
    /// could not be kept, offered nothing and said nothing.
    pub fn tell_kept_trouble(&mut self, e: &ResumeError) {
        if matches!(e, ResumeError::Nothing(_)) {
            return;
        }
        let why = resume_error(self.settings.lang, e);
        if let Some(menu) = self.menu.as_mut() {
            menu.error = Some(match menu.error.take() {
                Some(before) => format!("{before}. {why}"),
                None => why,
            });
        }
    }

    pub fn start_menu(&self) -> Option<&StartMenu> {
        self.menu.as_ref()
    }

    pub(super) fn menu_action(&mut self, action: Action) {
        let Some(menu) = self.menu.as_mut() else {
            return;
        };
        if let Some((what, mut text)) = menu.prompt.take() {
            let n = menu.games.len();
            if matches!(
                action,
                Action::Char(_) | Action::Backspace | Action::Complete | Action::Up | Action::Down
            ) {
                menu.error = None; // acted on: the last error no longer applies
            }
            match action {
                // Typing a name leaves the list for the name.
                Action::Char(c) => {
                    text.push(c);
                    menu.pick = None;
                    menu.prompt = Some((what, text));
                }
                Action::Backspace => {
                    text.pop();
                    menu.prompt = Some((what, text));
                }
                Action::Complete => {
                    menu.pick = None;
                    menu.prompt = Some((what, crate::tui::keep::list::complete(&text)));
                }
                Action::Up => {
                    // Above the first game: the file name.
                    menu.pick = menu.pick.and_then(|i| i.checked_sub(1));
                    menu.prompt = Some((what, text));
                }
                Action::Down if n > 0 => {
                    menu.pick = Some(menu.pick.map_or(0, |i| (i + 1).min(n - 1)));
                    menu.prompt = Some((what, text));
                }
                Action::Down => menu.prompt = Some((what, text)),
                Action::Select => match menu.pick.and_then(|i| menu.games.get(i)) {
                    Some(g) => {
                        let path = g.path.clone();
                        self.open_path(what, path);
                    }
                    None if text.trim().is_empty() => {
                        // Nothing typed, nothing chosen: say so, not an OS error.
                        menu.error = Some(Msg::StartFileEmpty.text(self.settings.lang).into());
                        menu.prompt = Some((what, text));
                    }
                    None => self.open_file(what, &text),
                },
                _ => {} // Esc: back to the menu
            }
            return;
        }
        let count = menu.items().len();
        let typing = std::mem::take(&mut menu.typing);
        match action {
            // A ballot's number typed on its line.
            Action::Char(d @ '0'..='9') if menu.current() == Item::Opening => {
                let n = crate::tui::ballots::count(menu.rules);
                let digit = d as usize - '0' as usize;
                let typed = match menu.opening {
                    Opening::Ballot(b) if typing && b * 10 + digit <= n => b * 10 + digit,
                    _ => digit,
                };
                menu.typing = true;
                menu.opening = if (1..=n).contains(&typed) {
                    Opening::Ballot(typed)
                } else {
                    Opening::Start
                };
            }
            Action::Backspace if menu.current() == Item::Opening => {
                menu.typing = true;
                menu.opening = match menu.opening {
                    Opening::Ballot(b) if b >= 10 => Opening::Ballot(b / 10),
                    _ => Opening::Start,
                };
            }
            Action::Up => menu.at = (menu.at + count - 1) % count,
            Action::Down => menu.at = (menu.at + 1) % count,
            Action::Left => menu.change(-1),
            Action::Right => menu.change(1),
            Action::Select => self.choose(),
            Action::Quit | Action::Cancel => self.quit = true,
            _ => {}
        }
    }

    fn choose(&mut self) {
        let Some(menu) = self.menu.as_mut() else {
            return;
        };
        menu.error = None;
        match menu.current() {
            // Enter on a setting starts the game with it, as the footer says (left/right
            // change it).
            Item::NewGame
            | Item::Rules
            | Item::Side
            | Item::Turn
            | Item::Level
            | Item::BlackLevel
            | Item::Clock
            | Item::Book
            | Item::Opening => self.start_new_game(),
            Item::Resume => self.resume_kept(),
            Item::Editor => {
                let rules = menu.rules;
                let back = self.menu.take();
                self.open_editor(&Position::start(rules), back);
            }
            Item::Load | Item::Replay => {
                let what = if menu.current() == Item::Load {
                    FileFor::Load
                } else {
                    FileFor::Replay
                };
                // The games in the data folder, newest first, the newest chosen.
                menu.games = self
                    .settings
                    .autosave
                    .as_deref()
                    .and_then(std::path::Path::parent)
                    .map(|d| crate::tui::keep::list::games(d, menu.rules))
                    .unwrap_or_default();
                menu.pick = (!menu.games.is_empty()).then_some(0);
                menu.prompt = Some((what, String::new()));
            }
            Item::Analysis => {
                let Some(menu) = self.menu.take() else {
                    return;
                };
                let record = crate::notation::pdn::PdnGame::new(menu.rules);
                let back = super::analysis::Back::Start(Box::new(menu));
                self.open_analysis(record, 0, back);
            }
            Item::Training => {
                let (rules, level) = (menu.rules, menu.train_level);
                let back = self.menu.take();
                self.open_training(rules, level, back);
            }
            Item::Quit => self.quit = true,
        }
    }

    fn start_new_game(&mut self) {
        let Some(menu) = self.menu.take() else {
            return;
        };
        self.settings.rules = menu.rules;
        self.settings.strength = Strength::Level(menu.level);
        self.settings.time_control = menu.clock;
        self.settings.book = menu.book;
        self.settings.human = match menu.side {
            Side::Black => Color::Black,
            Side::Random if rand::random_bool(0.5) => Color::Black,
            _ => Color::White,
        };
        self.settings.players = match menu.side {
            Side::TwoPlayers => Players::TwoPlayers { turn: menu.turn },
            Side::Watch => Players::Watch {
                white: Strength::Level(menu.level),
                black: Strength::Level(menu.black_level),
            },
            _ => Players::Engine,
        };
        let ballot = match menu.opening {
            Opening::Start => None,
            Opening::RandomBallot => {
                crate::tui::ballots::choose(menu.rules, crate::tui::ballots::Choice::Random)
            }
            Opening::Ballot(n) => crate::tui::ballots::get(menu.rules, n),
        };
        if let Some(path) = &self.settings.prefs {
            let r = crate::tui::prefs::Remembered {
                rules: Some(menu.rules),
                side: Some(menu.side),
                level: Some(menu.level),
                time_control: menu.clock,
                book: Some(menu.book),
                lang: Some(self.settings.lang),
                tables: self.settings.table_prefs,
                ignored: Vec::new(),
            };
            // Not remembering is no reason to stop the game: the next start screen has the
            // defaults, which it would say if the file were damaged.
            let _ = crate::tui::prefs::save(path, &r);
        }
        self.start = ballot
            .as_ref()
            .map_or_else(|| Position::start(menu.rules), |b| b.position);
        self.flipped =
            self.settings.human == Color::Black && self.settings.players == Players::Engine;
        self.new_game();
        let lang = self.settings.lang;
        self.message = match self.settings.players {
            Players::Engine => Msg::StartedNewGame.fill(
                lang,
                &[
                    &crate::tui::lang::color(lang, self.settings.human),
                    &crate::tui::lang::strength(lang, self.settings.strength),
                ],
            ),
            Players::TwoPlayers { .. } => Msg::StartedTwoPlayers.text(lang).to_string(),
            Players::Watch { .. } => Msg::StartedWatch.text(lang).to_string(),
        };
        if let Some(b) = ballot {
            self.message = format!("{}. {}", b.announce(lang), self.message);
        }
        // The engine's game ends in the replay viewer, whose `q` comes back here.
        if let Players::Watch { .. } = self.settings.players {
            self.back_to_start = Some(menu);
        }
    }

    /// Continues a loaded record as `--load` and `--resume` do: the side and the engine
    /// strength it was played with.
    fn continue_loaded(&mut self, l: Loaded) {
        self.menu = None;
        self.settings.players = if l.two_players {
            Players::TwoPlayers { turn: false }
        } else {
            Players::Engine
        };
        self.settings.rules = l.game.position().rules();
        self.settings.human = l.human.unwrap_or(Color::White);
        if let Some(strength) = l.engine {
            self.settings.strength = strength;
        }
        self.start = *l.game.start();
        self.game = l.game;
        self.keeper.new_game();
        self.flipped = self.settings.human == Color::Black && !l.two_players;
        // The game goes on under the clock it was played with, not the menu's.
        self.continue_clock(l.clock);
        self.mark_turn();
        self.clear_selection();
        self.place_cursor();
        if self.game.outcome().is_some() {
            self.announce_end();
        } else {
            self.engine_turn();
        }
    }

    fn resume_kept(&mut self) {
        let Some(path) = self.settings.autosave.clone() else {
            return;
        };
        match crate::tui::keep::resume(&path, self.settings.rules) {
            Ok(l) => {
                let summary = l.summary.text(self.settings.lang);
                self.settings.resumed = true;
                self.continue_loaded(l);
                let names = self.names();
                self.keeper.adopt(&self.game, &names);
                self.message = Msg::Resuming.fill(self.settings.lang, &[&summary]);
            }
            Err(e) => {
                let why = resume_error(self.settings.lang, &e);
                if let Some(m) = self.menu.as_mut() {
                    m.error = Some(why);
                }
            }
        }
    }

    fn open_file(&mut self, what: FileFor, text: &str) {
        let path = super::expand_home(text.trim());
        self.open_path(what, path);
    }

    /// Opens `path` to load or replay. The game in play and the shelved games are continued
    /// as `--resume` does (the shelved one moved back to the autosave), so that no copy is
    /// left behind to be continued twice.
    fn open_path(&mut self, what: FileFor, path: PathBuf) {
        if what == FileFor::Load
            && let Some(auto) = self.settings.autosave.clone()
        {
            // A shelved game, or the game set aside when a newer one could not be kept.
            let shelved = crate::tui::keep::set_aside(&auto, &path);
            // While another board holds the autosave, nothing is moved in or out of it: the
            // game is loaded as any file is (and kept aside once played on).
            let free = self.keeper.autosave_free();
            if free
                && (path == auto || (shelved && crate::tui::keep::unshelve(&auto, &path).is_ok()))
            {
                self.resume_kept();
                return;
            }
        }
        let rules = self.menu.as_ref().map_or(self.settings.rules, |m| m.rules);
        let error = match what {
            FileFor::Load => match crate::tui::keep::load_game(&path, rules) {
                Ok(l) => {
                    self.continue_loaded(l);
                    self.message = Msg::Loaded.fill(self.settings.lang, &[&path.display()]);
                    return;
                }
                Err(e) => load_error(self.settings.lang, &e),
            },
            FileFor::Replay => match crate::notation::pdn::read_file(&path, rules) {
                Ok(games) if !games.is_empty() => {
                    self.replay_file(path, games);
                    return;
                }
                Ok(_) => Msg::NoGameIn.fill(self.settings.lang, &[&path.display()]),
                Err(e) => {
                    let why = crate::tui::lang::file_error(self.settings.lang, &e);
                    Msg::CannotReadFile.fill(self.settings.lang, &[&path.display(), &why])
                }
            },
        };
        if let Some(m) = self.menu.as_mut() {
            m.error = Some(error);
        }
    }

    fn replay_file(
        &mut self,
        path: PathBuf,
        games: Vec<Result<crate::notation::pdn::PdnGame, crate::notation::pdn::PdnError>>,
    ) {
        self.back_to_start = self.menu.take();
        let several = games.len() > 1;
        let viewer = Viewer::new(path.display().to_string(), games, 0);
        let rules = self.settings.rules;
        self.game = viewer
            .game_so_far()
            .unwrap_or_else(|| Game::new(Position::start(rules)));
        self.settings.rules = self.game.position().rules();
        self.viewer = Some(viewer);
        self.flipped = false;
        self.message.clear();
        if several {
            self.show_game_list();
        } else {
            self.overlay = Overlay::None;
        }
    }
}
