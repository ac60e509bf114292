//! `dama train`: the training mode on the board, combinations ("colpi") to find, easy to hard,
//! with the progress kept per rule set in the data folder.

use super::play::{finish, plain_config};
use super::values::{LangChoice, Rules};
use crate::tui::App;
use crate::tui::app::TrainingLevel;
use crate::tui::worker::LazyEngine;
use clap::{Args, ValueEnum};

/// The positions' level, by the depth at which the win shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelChoice {
    /// The win shows within 2 plies.
    Easy,
    /// 3 to 5 plies.
    Medium,
    /// 6 plies or more.
    Hard,
}

impl From<LevelChoice> for TrainingLevel {
    fn from(l: LevelChoice) -> TrainingLevel {
        match l {
            LevelChoice::Easy => TrainingLevel::Easy,
            LevelChoice::Medium => TrainingLevel::Medium,
            LevelChoice::Hard => TrainingLevel::Hard,
        }
    }
}

#[derive(Args, Debug, Clone, Default)]
pub struct TrainArgs {
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Rules::Italian)]
    pub rules: Rules,
    /// Only the positions of this level (default: all, easy first; your own games' first).
    #[arg(long, value_enum)]
    pub level: Option<LevelChoice>,
    /// Plain ASCII board without colour (`NO_COLOR` also turns colour off).
    #[arg(long)]
    pub ascii: bool,
    /// The board's language (default from LC_ALL / LC_MESSAGES / LANG: `it...` is Italian).
    #[arg(long, value_enum)]
    pub lang: Option<LangChoice>,
}

/// Opens the training on the board; after it, one line says what was solved this time and
/// where the progress is kept.
///
/// # Errors
/// The terminal's (no terminal, an I/O error).
pub fn run(args: &TrainArgs) -> anyhow::Result<()> {
    let config = plain_config(args.rules, args.ascii, args.lang);
    let mut app = App::training(config, args.level.map(TrainingLevel::from));
    let mut engine = LazyEngine::new(super::play::default_play_threads());
    let ended = crate::tui::run::run(&mut app, &mut engine);
    report(&app);
    finish(ended)
}

/// The closing line, written without `println!` (which panics once the terminal is gone).
fn report(app: &App) {
    use std::io::Write;
    let Some(t) = app.training_state() else {
        return;
    };
    let (solved, failed) = t.session();
    let Some(path) = t.progress_file() else {
        return;
    };
    if solved + failed > 0 {
        let line = crate::tui::lang::Msg::TrainingExit
            .fill(app.lang(), &[&solved, &failed, &path.display()]);
        let _ = writeln!(std::io::stdout(), "{line}");
    }
}
