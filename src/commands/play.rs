//! `dama` / `dama play`: the board in the terminal against the engine; and the full-screen
//! replay viewer that `dama replay FILE` opens.

use super::values::{LangChoice, Rules, contempt, level, play_depth, table_cache_mib, threads};
use crate::engine::Strength;
use crate::engine::strength::MAX_DEPTH;
use crate::notation::fen;
use crate::rules::{Color, Game, Position, RuleSet};
use crate::tui::keep::Kept;
use crate::tui::run::Ended;
use crate::tui::viewer::Viewer;
use crate::tui::worker::{LazyEngine, Worker};
use crate::tui::{App, GameSettings, Look};
use anyhow::Context;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

/// The side the player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorChoice {
    #[default]
    White,
    Black,
    /// Chosen at random (by `--seed` when given).
    Random,
}

#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// The side you play (default White; a loaded game keeps the side you had).
    #[arg(long, value_enum)]
    pub color: Option<ColorChoice>,
    /// The engine's playing level, 1 (a beginner) to 14 (full strength: a second a move on
    /// all --threads); each level scores 65-80 % against the one below.
    /// With --time, levels 1-13 keep their own pace and 14 spends its share of the clock.
    #[arg(long, value_parser = level, conflicts_with_all = ["depth", "movetime"], allow_negative_numbers = true)]
    pub level: Option<u8>,
    /// Engine search depth in plies (default 12: about a quarter of a second from the start
    /// position in a release build).
    #[arg(long, conflicts_with = "movetime", value_parser = play_depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Engine time per move in milliseconds (instead of a depth), at most 86400000 (a day).
    #[arg(long, value_name = "MS", value_parser = crate::commands::values::movetime, allow_negative_numbers = true)]
    pub movetime: Option<u64>,
    /// A time control for both sides: minutes for the game + seconds added per move (e.g.
    /// 5+3), or minutes alone for no increment (5 = 5+0). The minutes may be decimal (1.5 =
    /// 1 minute 30 seconds), from 0.1 (6 seconds) to 600; the seconds 0 to 600. The engine
    /// manages its own time; whoever runs out of time loses.
    #[arg(long, value_name = "MIN+SEC", conflicts_with_all = ["depth", "movetime"], allow_hyphen_values = true)]
    pub time: Option<crate::tui::clock::TimeControl>,
    /// Seed for the engine's choices among equal moves (and for `--color random`).
    #[arg(long, value_parser = crate::commands::values::seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Start from this position (PDN FEN) instead of the start position.
    #[arg(long, conflicts_with_all = ["load", "resume"])]
    pub fen: Option<String>,
    /// Continue a saved game (PDN) from its last position.
    #[arg(long, value_name = "FILE.pdn", conflicts_with = "resume")]
    pub load: Option<std::path::PathBuf>,
    /// Continue the game kept when you last quit.
    #[arg(long)]
    pub resume: bool,
    /// Plain ASCII board without colour (`NO_COLOR` also turns colour off).
    #[arg(long)]
    pub ascii: bool,
    /// Touch-move (R-G6): a piece you pick up that can move must move.
    #[arg(long)]
    pub touch_move: bool,
    /// Ring the terminal bell at the engine's move and at the end of the game (`b` in game).
    #[arg(long)]
    pub bell: bool,
    /// The board's language (default from LC_ALL / LC_MESSAGES / LANG: `it...` is Italian).
    #[arg(long, value_enum)]
    pub lang: Option<LangChoice>,
    /// Two players at one keyboard: the engine plays neither side (it still gives hints).
    #[arg(long, conflicts_with_all = ["watch", "color", "load", "resume"])]
    pub two_players: bool,
    /// With --two-players: the board turns to face the side to move after every move.
    // (Each option that requires another also conflicts with what that one conflicts with:
    // clap lets a required option be missing when it conflicts with one given, so
    // `--turn-board --watch` would otherwise pass and `--turn-board` go unheard.)
    #[arg(long, requires = "two_players", conflicts_with_all = ["watch", "color", "load", "resume"])]
    pub turn_board: bool,
    /// Watch the engine play itself (Space pauses, the right arrow plays one move while
    /// paused); each side's strength by --white-level/--black-level or
    /// --white-movetime/--black-movetime, else --level (or the default) for both.
    #[arg(long, conflicts_with_all = ["color", "load", "resume", "time"])]
    pub watch: bool,
    /// With --watch: White's level (1-14, as --level).
    #[arg(long, value_parser = level, requires = "watch", conflicts_with_all = ["white_movetime", "two_players", "color", "load", "resume", "time"], allow_negative_numbers = true)]
    pub white_level: Option<u8>,
    /// With --watch: Black's level (1-14, as --level).
    #[arg(long, value_parser = level, requires = "watch", conflicts_with_all = ["black_movetime", "two_players", "color", "load", "resume", "time"], allow_negative_numbers = true)]
    pub black_level: Option<u8>,
    /// With --watch: White's time per move in milliseconds.
    #[arg(long, value_name = "MS", value_parser = crate::commands::values::movetime, requires = "watch", conflicts_with_all = ["two_players", "color", "load", "resume", "time"], allow_negative_numbers = true)]
    pub white_movetime: Option<u64>,
    /// With --watch: Black's time per move in milliseconds.
    #[arg(long, value_name = "MS", value_parser = crate::commands::values::movetime, requires = "watch", conflicts_with_all = ["two_players", "color", "load", "resume", "time"], allow_negative_numbers = true)]
    pub black_movetime: Option<u64>,
    /// Start from an opening ballot: its number, or `random`. Italian: the 11-man ballots
    /// (2,400); English: the ACF 3-move ballots (157).
    #[arg(long, value_name = "N|random", conflicts_with_all = ["fen", "load", "resume"])]
    pub ballot: Option<crate::tui::ballots::Choice>,
    /// Engine search threads (default: all cores but one, at least one; with --seed, one, so
    /// that the games replay).
    #[arg(long, value_parser = threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// How much below level (centi-men, 0-150) the engine counts a draw, so it plays on for a
    /// win in a level position (default 30, measured against a weaker opponent); 0 lets it take
    /// a draw whenever it sees no more. Hints and reviews always count a draw as level.
    #[arg(long, default_value_t = crate::engine::params::CONTEMPT, value_parser = contempt, allow_negative_numbers = true)]
    pub contempt: i32,
    /// The engine searches its opening moves instead of playing them from the opening book
    /// (also `book = false` in settings.toml, or the start screen's Book line).
    #[arg(long)]
    pub no_book: bool,
    /// Do not build the endgame tables (up to 5 pieces) in the background while you play
    /// (also `table_build = false` in settings.toml).
    #[arg(long)]
    pub no_table_build: bool,
    /// MiB of decompressed endgame-table blocks kept in memory per rule set, 1-4096 (default
    /// 64; also `table_cache` in settings.toml).
    #[arg(long, value_name = "MIB", value_parser = table_cache_mib, allow_negative_numbers = true)]
    pub table_cache: Option<usize>,
    /// The background build's piece count (for tests: a small build is quick).
    #[arg(long, hide = true, default_value_t = crate::tables::DEFAULT_PIECES, value_parser = build_pieces, allow_negative_numbers = true)]
    pub table_build_pieces: u32,
}

fn build_pieces(text: &str) -> Result<u32, String> {
    super::values::number_in(text, 2, u64::from(crate::tables::DEFAULT_PIECES))
}

/// The settings of settings.toml that apply to a board opened by options (a damaged file
/// gives none: the start screen says why).
fn remembered() -> crate::tui::prefs::Remembered {
    crate::tui::prefs::file()
        .and_then(|p| crate::tui::prefs::load(&p).ok())
        .unwrap_or_default()
}

/// Sets the tables' cache budget and starts the background build (the rule set `first` first,
/// then the other), unless the options or the settings turn it off or there is no data folder.
fn tables_for_board(
    args: &PlayArgs,
    prefs: crate::tui::prefs::TablePrefs,
    first: RuleSet,
    root: Option<PathBuf>,
) -> Option<crate::tables::background::Background> {
    if let Some(mib) = args.table_cache.or(prefs.cache_mib) {
        crate::tables::set_cache_bytes(mib << 20);
    }
    if args.no_table_build || prefs.build == Some(false) {
        return None;
    }
    let root = root?;
    let other = match first {
        RuleSet::Italian => RuleSet::English,
        RuleSet::English => RuleSet::Italian,
    };
    crate::tables::background::Background::start(crate::tables::background::Plan {
        root,
        rules: vec![first, other],
        pieces: args.table_build_pieces,
        threads: default_play_threads(),
    })
    .ok()
}

/// The board's default search threads: all cores but one (left for the terminal and the
/// rest of the machine), at least one.
pub fn default_play_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// [`base_config`] for a board that takes only the rules, the look and the language (the
/// editor, the training).
pub(super) fn plain_config(rules: Rules, ascii: bool, lang: Option<LangChoice>) -> GameSettings {
    base_config(&PlayArgs {
        rules,
        ascii,
        lang,
        ..PlayArgs::default()
    })
}

/// The settings every board starts from: look, language, and the data folder (cleaned of the
/// temporary files of killed saves) for saves and the kept game.
pub(super) fn base_config(args: &PlayArgs) -> GameSettings {
    let mut config = GameSettings::new(RuleSet::from(args.rules));
    config.look = look(args.ascii);
    config.lang = LangChoice::resolve(args.lang);
    config.book = !args.no_book;
    use_data_folder(&mut config);
    config
}

/// Saves and the kept game go to the data folder (cleaned first of the temporary files of
/// killed saves); without one, saves go to the current folder and nothing is kept.
fn use_data_folder(config: &mut GameSettings) {
    let data = crate::store::data_dir();
    if let Some(d) = &data {
        crate::tui::keep::clean_data_folder(d);
    }
    config.save_dir = data.clone().unwrap_or_else(|| PathBuf::from("."));
    config.autosave = data.map(|d| d.join("autosave.pdn"));
}

/// `dama` with no arguments at all: the start screen, which then plays, resumes, loads or
/// replays as the matching options would. Any option skips it (`run`).
pub fn start_screen(args: &PlayArgs) -> anyhow::Result<()> {
    let rules = RuleSet::from(args.rules);
    let mut config = base_config(args);
    // The settings of the last session (a damaged file is named on the screen and ignored).
    config.prefs = crate::tui::prefs::file();
    let remembered = config
        .prefs
        .as_deref()
        .map(crate::tui::prefs::load)
        .transpose()
        .map(Option::unwrap_or_default);
    if let (Ok(r), None) = (&remembered, args.lang) {
        config.lang = r.lang.unwrap_or(config.lang);
    }
    // The kept game, named, when there is one that `--resume` would continue.
    let peek = config
        .autosave
        .clone()
        .map(|p| (crate::tui::keep::peek_resume(&p, rules), p));
    let trouble = peek.as_ref().and_then(|(r, _)| r.as_ref().err());
    let kept = peek.as_ref().and_then(|(r, p)| {
        let l = r.as_ref().ok()?;
        let mut text = l.summary.text(config.lang);
        // The other unfinished games (Load lists them all).
        let shelf = crate::tui::keep::shelved(p).len();
        let more = if p.exists() {
            shelf
        } else {
            shelf.saturating_sub(1)
        };
        if more > 0 {
            let msg = if more == 1 {
                crate::tui::lang::Msg::MoreUnfinishedOne
            } else {
                crate::tui::lang::Msg::MoreUnfinished
            };
            text.push_str(&msg.fill(config.lang, &[&more]));
        }
        Some(text)
    });
    let prefs = remembered.as_ref().map(|r| r.tables).unwrap_or_default();
    config.table_prefs = prefs;
    let first = remembered
        .as_ref()
        .ok()
        .and_then(|r| r.rules)
        .unwrap_or(rules);
    let lang = config.lang;
    let mut app = App::start_screen(config, kept);
    app.remember(remembered.as_ref().map_err(|e| e.reason(lang)));
    if let Some(e) = trouble {
        app.tell_kept_trouble(e);
    }
    if let Some(b) = tables_for_board(args, prefs, first, crate::store::tables_dir()) {
        app.watch_table_build(b);
    }
    let mut engine = LazyEngine::new(play_threads(args));
    let ended = crate::tui::run::run(&mut app, &mut engine);
    report_end(&app);
    finish(ended)
}

pub fn run(args: &PlayArgs) -> anyhow::Result<()> {
    let rules = RuleSet::from(args.rules);
    let mut config = base_config(args);
    let prefs = remembered();
    config.book &= prefs.book != Some(false);

    let mut resumed = None;
    let mut ballot = None;
    let mut loaded_side = None;
    let mut two_players = args.two_players;
    let mut loaded_strength = None;
    let mut loaded_clock = None;
    let game = if let Some(text) = &args.fen {
        let pos = fen::parse(rules, text).with_context(|| format!("bad --fen {text:?}"))?;
        Game::new(pos)
    } else if let Some(path) = &args.load {
        // The data folder's own games (the autosave, a game set aside) are continued as
        // `--resume` continues them, so that no older copy is left behind.
        let own = config
            .autosave
            .as_deref()
            .and_then(|auto| crate::tui::keep::continue_own(auto, path, rules));
        let l = match own {
            Some(resumed_own) => {
                let l = resumed_own?;
                resumed = Some(l.summary.clone());
                config.resumed = true;
                l
            }
            None => crate::tui::keep::load_game(path, rules)?,
        };
        loaded_side = l.human;
        two_players |= l.two_players;
        loaded_strength = l.engine;
        loaded_clock = l.clock;
        l.game
    } else if args.resume {
        let path = config
            .autosave
            .clone()
            .context("no home folder: there is no autosave to resume")?;
        let l = crate::tui::keep::resume(&path, rules)?;
        loaded_side = l.human;
        two_players |= l.two_players;
        loaded_strength = l.engine;
        resumed = Some(l.summary);
        loaded_clock = l.clock;
        config.resumed = true;
        l.game
    } else if let Some(choice) = args.ballot {
        let b = crate::tui::ballots::choose(rules, choice).with_context(|| {
            format!(
                "there is no such ballot: the {rules} ballots are numbered 1 to {}",
                crate::tui::ballots::count(rules)
            )
        })?;
        ballot = Some(b.clone());
        Game::new(b.position)
    } else {
        Game::new(Position::start(rules))
    };
    config.rules = game.position().rules();
    config.human = match args.color {
        Some(ColorChoice::White) => Color::White,
        Some(ColorChoice::Black) => Color::Black,
        Some(ColorChoice::Random) => {
            // With a seed the choice is repeatable: its lowest bit picks the side.
            let white = match args.seed {
                Some(s) => s & 1 == 0,
                None => rand::random_bool(0.5),
            };
            if white { Color::White } else { Color::Black }
        }
        None => loaded_side.unwrap_or(Color::White),
    };
    // A continued game keeps the engine it was played against, unless told otherwise.
    match (args.depth, args.movetime, loaded_strength) {
        _ if args.level.is_some() || args.time.is_some() => {}
        (None, None, Some(s)) => config.strength = s,
        _ => {}
    }
    if let Some(d) = args.depth {
        anyhow::ensure!(
            (1..=MAX_DEPTH).contains(&d),
            "--depth must be between 1 and {MAX_DEPTH}"
        );
        config.strength = Strength::Depth(d);
    }
    if let Some(t) = args.movetime {
        config.strength = Strength::MoveTime(Duration::from_millis(t));
    }
    config.seed = args.seed;
    config.touch_move = args.touch_move;
    config.time_control = args.time;
    // A continued timed game goes on with its own clock, unless --time sets another.
    if let (None, Some(kept)) = (args.time, loaded_clock) {
        config.time_control = Some(kept.control);
        config.clock_left = Some(kept.left);
    }
    if let Some(n) = args.level {
        config.strength = Strength::Level(n);
    }
    config.bell = args.bell;
    config.players = players(args, config.strength);
    // A two players' game continued (`--load`, `--resume`) goes on as one.
    if two_players && !args.watch {
        config.players = crate::tui::app::Players::TwoPlayers {
            turn: args.turn_board,
        };
    }

    // Said before the board takes the screen (the line stays above it), and the tables are
    // read now rather than on the engine's first move. A background build makes what is
    // missing (its progress is in the panel), so then only damaged or unreadable files are
    // named.
    let build = tables_for_board(args, prefs.tables, config.rules, crate::store::tables_dir());
    let load = crate::tables::shared_load(config.rules);
    if build.is_none() || load.problems.iter().any(|e| !e.is_absent()) {
        super::tables::for_engine_in(config.rules, config.lang);
    }
    if config.book {
        book_notice(config.rules, config.lang);
    }
    let lang = config.lang;
    let mut notes = Vec::new();
    if let Some(summary) = &resumed {
        notes.push(crate::tui::lang::Msg::Resumed.fill(lang, &[&summary.text(lang)]));
    }
    if let Some(b) = ballot {
        notes.push(b.announce(lang));
    }
    notes.extend(colour_drawn(args, &config));
    let mut app = App::new(config, game);
    if let Some(b) = build {
        app.watch_table_build(b);
    }
    if !notes.is_empty() {
        app.note(notes.join(". "));
    }
    let mut engine = Worker::spawn(args.seed, play_threads(args), args.contempt)
        .context("cannot start the engine thread")?;
    let ended = crate::tui::run::run(&mut app, &mut engine);
    report_end(&app);
    finish(ended)
}

/// With `--color random`, the side drawn for the player, said on the board's first message
/// as the start screen's random colour is.
fn colour_drawn(args: &PlayArgs, config: &GameSettings) -> Option<String> {
    matches!(args.color, Some(ColorChoice::Random)).then(|| {
        let lang = config.lang;
        crate::tui::lang::Msg::StartedNewGame.fill(
            lang,
            &[
                &crate::tui::lang::color(lang, config.human),
                &crate::tui::lang::strength(lang, config.strength),
            ],
        )
    })
}

/// Says on standard error, before the board opens, when the player's own opening book (the
/// data folder's, grown by `dama book build`) cannot be used: the engine would otherwise
/// quietly play from the shipped book. The book is read now rather than at the first move.
fn book_notice(rules: RuleSet, lang: crate::tui::Lang) {
    let loaded = crate::book::shared(rules);
    if let (Some(problem), Some(path)) = (&loaded.problem, crate::book::user_path(rules)) {
        let shown = path.display().to_string();
        let why = problem
            .strip_prefix(&format!("{shown}: "))
            .unwrap_or(problem);
        let line = crate::tui::lang::Msg::BookNotUsed.fill(lang, &[&shown, &why]);
        let _ = std::io::Write::write_all(&mut std::io::stderr(), format!("{line}\n").as_bytes());
    }
}

/// Who moves the pieces: `--two-players`, `--watch` (each side's strength, `strength` where
/// not given), else the player against the engine.
fn players(args: &PlayArgs, strength: Strength) -> crate::tui::app::Players {
    use crate::tui::app::Players;
    let side = |level: Option<u8>, ms: Option<u64>| match (level, ms) {
        (Some(n), _) => Strength::Level(n),
        (None, Some(ms)) => Strength::MoveTime(Duration::from_millis(ms)),
        (None, None) => strength,
    };
    if args.two_players {
        Players::TwoPlayers {
            turn: args.turn_board,
        }
    } else if args.watch {
        Players::Watch {
            white: side(args.white_level, args.white_movetime),
            black: side(args.black_level, args.black_movetime),
        }
    } else {
        Players::Engine
    }
}

/// `dama edit`: the position editor.
#[derive(Args, Debug, Clone, Default)]
pub struct EditArgs {
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// Start from this position (PDN FEN) instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Plain ASCII board without colour (`NO_COLOR` also turns colour off).
    #[arg(long)]
    pub ascii: bool,
    /// The board's language (default from LC_ALL / LC_MESSAGES / LANG: `it...` is Italian).
    #[arg(long, value_enum)]
    pub lang: Option<LangChoice>,
    /// Engine search threads for the game played from the position.
    #[arg(long, value_parser = threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
}

/// `dama edit [--fen F]`: the position editor, then the game played from the position (`p`);
/// `q` in the editor quits. A FEN with a square off the board or given twice is refused here;
/// one that is not playable (a man on its crowning row, 13 pieces) opens, with the reason
/// shown, to be fixed.
pub fn edit(args: &EditArgs) -> anyhow::Result<()> {
    let rules = RuleSet::from(args.rules);
    let config = plain_config(args.rules, args.ascii, args.lang);
    let mut app = App::new(config, Game::new(Position::start(rules)));
    app.take_requests();
    app.open_editor(&Position::start(rules), None);
    if let Some(text) = &args.fen {
        // Typed into the editor's FEN field, as a player would paste it: one reading.
        app.update(crate::tui::Action::EditFen);
        for c in text.chars() {
            app.update(crate::tui::Action::Char(c));
        }
        app.update(crate::tui::Action::Select);
        if app.context() != crate::tui::input::Context::Editor {
            // Worded as every other --fen is (the board's own "Not read: ..." is for the
            // screen); the board's words only where the FEN reads but the editor refuses it.
            fen::parse(rules, text).with_context(|| format!("bad --fen {text:?}"))?;
            anyhow::bail!("bad --fen {text:?}: {}", app.message());
        }
    }
    let threads = args.threads.unwrap_or_else(default_play_threads);
    let mut engine = LazyEngine::new(threads);
    let ended = crate::tui::run::run(&mut app, &mut engine);
    report_end(&app);
    finish(ended)
}

/// After the terminal is restored: where the game went (saved, kept for `--resume`, or, when
/// it could not be kept, the game itself on standard error so that it is not lost). Written
/// without `println!`, which panics when the terminal has been closed.
fn report_end(app: &App) {
    use crate::tui::lang::Msg;
    use std::io::Write;
    // In the board's language, as the session was.
    let lang = app.lang();
    let mut out = std::io::stdout();
    if let Some(p) = app.saved_to() {
        // A file saved before the game went on does not hold the game as it ends.
        let msg = if app.saved_earlier() {
            Msg::ExitSavedEarlier
        } else {
            Msg::ExitSaved
        };
        let _ = writeln!(out, "{}", msg.fill(lang, &[&p.display()]));
    }
    if let Some(p) = app.analysis_saved_to() {
        let _ = writeln!(
            out,
            "{}",
            Msg::ExitAnalysisSaved.fill(lang, &[&p.display()])
        );
    }
    // The finished game's place in the archive (while the game is as it ended, reviewed or
    // not); when it could not be written there, the game itself, so that it is not lost.
    match app.archived_as_it_stands() {
        Some(crate::tui::keep::Archived::Written(p)) => {
            let _ = writeln!(out, "{}", Msg::ExitArchived.fill(lang, &[&p.display()]));
        }
        Some(crate::tui::keep::Archived::Failed(p, e))
            if app.saved_to().is_none() || app.saved_earlier() =>
        {
            let e = crate::tui::keep::failure_reason(lang, p, e);
            let why = Msg::ArchiveFailed.fill(lang, &[&format!("{}: {e}", p.display())]);
            let _ = writeln!(
                std::io::stderr(),
                "{}\n\n{}",
                Msg::ExitHereItIs.fill(lang, &[&why]),
                app.record_text()
            );
        }
        _ => {}
    }
    let unkept = match app.kept() {
        Kept::InFile(p) => {
            // Kept aside when another board held the autosave: `--resume` would not find it.
            let msg = if app.autosave_path() == Some(p.as_path()) {
                Msg::ExitKept
            } else {
                Msg::ExitKeptAside
            };
            let _ = writeln!(out, "{}", msg.fill(lang, &[&p.display()]));
            return;
        }
        Kept::Failed(p, e) => {
            let why = crate::tui::keep::failure_reason(lang, p, e);
            Msg::ExitNotKeptIn.fill(lang, &[&p.display(), &why])
        }
        Kept::NoPlace if app.in_progress() => Msg::ExitNoHome.text(lang).to_string(),
        _ => return,
    };
    let _ = writeln!(
        std::io::stderr(),
        "{}\n\n{}",
        Msg::ExitHereItIs.fill(lang, &[&unkept]),
        app.record_text()
    );
}

/// Ends as the terminal loop did: a signal makes the exit status 128 + its number, as a shell
/// reports a program it ended (the terminal is already restored and the game kept).
pub(super) fn finish(ended: std::io::Result<Ended>) -> anyhow::Result<()> {
    let signal = match &ended {
        Ok(Ended::Signal(sig)) => Some(*sig),
        _ => crate::tui::run::pending_signal(),
    };
    if let Some(sig) = signal {
        std::process::exit(128 + sig);
    }
    ended.context("terminal error")?;
    Ok(())
}

/// Opens the full-screen viewer on the games of a PDN text, at game `index` (0-based); when
/// the file holds several and none was `chosen`, on the list of games. The engine thread
/// starts only if the player starts a game from a position of the replay.
pub fn view(name: String, text: String, opts: &ViewOptions) -> anyhow::Result<()> {
    let mut config = GameSettings::new(opts.rules);
    config.look = look(opts.ascii);
    config.lang = opts.lang;
    use_data_folder(&mut config);
    let mut viewer = Viewer::from_text(name, text, opts.rules, opts.index);
    let list = viewer.count() > 1 && !opts.chosen;
    if let Some(ply) = opts.ply {
        viewer.goto(ply);
    }
    let mut app = App::viewer(config, viewer);
    if opts.numbers {
        app.update(crate::tui::Action::ToggleNumbers);
    }
    if list {
        app.show_game_list();
    }
    let mut link = LazyEngine::new(default_play_threads());
    let ended = crate::tui::run::run(&mut app, &mut link);
    report_end(&app);
    finish(ended)
}

/// `dama analyze --board`: the analysis board on `record` at ply `ply` of its main line, the
/// engine on every thread the machine has; `q` ends it.
pub fn analysis_board(
    record: crate::notation::pdn::PdnGame,
    ply: usize,
    lang: crate::tui::Lang,
    threads: Option<usize>,
    note: Option<String>,
) -> anyhow::Result<()> {
    let mut config = GameSettings::new(record.rules);
    config.look = look(false);
    config.lang = lang;
    use_data_folder(&mut config);
    let mut app = App::analysis_board(config, record, ply, false);
    if let Some(n) = note {
        app.note(n);
    }
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let mut link = LazyEngine::new(threads);
    let ended = crate::tui::run::run(&mut app, &mut link);
    report_end(&app);
    finish(ended)
}

/// How `dama replay` opens the viewer.
pub struct ViewOptions {
    /// The game to show first (0-based).
    pub index: usize,
    /// Whether the user named that game (else a file of several opens on the list).
    pub chosen: bool,
    /// Start at this ply instead of the start position.
    pub ply: Option<usize>,
    /// Square numbers on the board.
    pub numbers: bool,
    /// For records without a GameType tag.
    pub rules: RuleSet,
    pub ascii: bool,
    pub lang: crate::tui::Lang,
}

/// The board's search threads: `--threads`, else all cores but one; with `--seed` (games that
/// replay exactly) one, since a parallel search varies from run to run.
fn play_threads(args: &PlayArgs) -> usize {
    args.threads.unwrap_or_else(|| {
        if args.seed.is_some() {
            1
        } else {
            default_play_threads()
        }
    })
}

fn look(ascii: bool) -> Look {
    if ascii {
        Look::Ascii
    } else if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        Look::Mono
    } else {
        Look::Colour
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::background::Status;
    use crate::tui::prefs::TablePrefs;

    /// `--color random` says which side was drawn, in the board's language; a chosen colour
    /// needs no word.
    #[test]
    fn a_random_colour_is_said() {
        let args = PlayArgs {
            color: Some(ColorChoice::Random),
            ..PlayArgs::default()
        };
        let mut config = base_config(&args);
        config.human = Color::Black;
        config.strength = Strength::Level(4);
        config.lang = crate::tui::Lang::En;
        let said = colour_drawn(&args, &config).unwrap();
        assert!(said.contains("you play Black"), "{said}");
        config.lang = crate::tui::Lang::It;
        config.strength = Strength::Depth(12);
        let said = colour_drawn(&args, &config).unwrap();
        assert_eq!(
            said,
            "Nuova partita: giochi col Nero; computer: profondità 12"
        );
        let chosen = PlayArgs {
            color: Some(ColorChoice::Black),
            ..PlayArgs::default()
        };
        assert_eq!(colour_drawn(&chosen, &config), None);
    }

    /// `--no-book` turns the opening book off for the engine's moves; without it the board
    /// plays from the book (settings.toml's `book = false` is applied on top, in `run`).
    #[test]
    fn no_book_turns_the_book_off() {
        let on = base_config(&PlayArgs::default());
        assert!(on.book);
        let off = base_config(&PlayArgs {
            no_book: true,
            ..PlayArgs::default()
        });
        assert!(!off.book);
    }

    /// The background build starts unless `--no-table-build` or `table_build = false` turns it
    /// off; it builds in the folder given (a scratch one here), the rule set played first.
    #[test]
    fn the_background_build_starts_unless_turned_off() {
        let root = std::env::temp_dir().join(format!("dama-play-build-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let args = PlayArgs {
            table_build_pieces: 2,
            ..PlayArgs::default()
        };
        let off = TablePrefs {
            build: Some(false),
            cache_mib: None,
        };
        let flag = PlayArgs {
            no_table_build: true,
            ..args.clone()
        };
        let r = Some(root.clone());
        assert!(
            tables_for_board(&flag, TablePrefs::default(), RuleSet::English, r.clone()).is_none()
        );
        assert!(tables_for_board(&args, off, RuleSet::English, r.clone()).is_none());
        assert!(tables_for_board(&args, TablePrefs::default(), RuleSet::English, None).is_none());
        assert!(!root.exists(), "nothing built while turned off");
        let b = tables_for_board(&args, TablePrefs::default(), RuleSet::English, r).unwrap();
        assert_eq!(
            b.end_within_a_minute(),
            Status::Done {
                pieces: 2,
                built: true
            }
        );
        for rules in ["english", "italian"] {
            let n = std::fs::read_dir(root.join(rules)).unwrap().count();
            assert_eq!(n, 4, "{rules}: the four 2-piece slices");
        }
        let _ = std::fs::remove_dir_all(&root);
    }
}
