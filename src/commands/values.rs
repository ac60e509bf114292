//! The value parsers and choices the commands' options share (clap's `value_parser`s and
//! `ValueEnum`s): ranges checked with an error that says the allowed range in words.

use crate::rules::RuleSet;
use clap::ValueEnum;

/// A whole number within `lo..=hi`, or an error that says the allowed range in words.
pub fn number_in<T: TryFrom<u64>>(text: &str, lo: u64, hi: u64) -> Result<T, String> {
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number"))?;
    let range = if hi >= u64::from(u32::MAX) {
        format!("at least {lo}")
    } else {
        format!("from {lo} to {hi}")
    };
    if n < lo || n > hi {
        return Err(format!("must be {range}"));
    }
    T::try_from(n).map_err(|_| format!("must be {range}"))
}

/// An engine depth: at least one ply, at most the engine's limit (a bad value is an error,
/// not silently clamped).
pub fn depth(text: &str) -> Result<u32, String> {
    number_in(text, 1, u64::from(crate::engine::limits::MAX_DEPTH))
}

/// The play depth: the board's own range (`+` and `-` keep to it too).
pub fn play_depth(text: &str) -> Result<u32, String> {
    number_in(text, 1, u64::from(crate::engine::strength::MAX_DEPTH))
}

/// A time in milliseconds, a node count or a perft depth: zero would be no work at all.
pub fn positive(text: &str) -> Result<u64, String> {
    number_in(text, 1, u64::MAX)
}

/// How many lines an analysis shows (multi-PV): the most a position has are in the dozens;
/// [`crate::engine::MAX_LINES`] is plenty to compare.
pub fn lines(text: &str) -> Result<usize, String> {
    number_in(text, 1, crate::engine::MAX_LINES as u64)
}

/// A count of games or a perft depth.
pub fn positive_u32(text: &str) -> Result<u32, String> {
    number_in(text, 1, u64::from(u32::MAX))
}

/// Transposition table MiB: at most 4 GiB, so a mistyped size is an error rather than an
/// allocation that aborts the process.
pub fn tt_mib(text: &str) -> Result<usize, String> {
    number_in(text, 0, 4096)
}

/// The endgame tables' block cache, MiB: 1 to 4096.
pub fn table_cache_mib(text: &str) -> Result<usize, String> {
    number_in(text, 1, crate::tui::prefs::MAX_TABLE_CACHE_MIB as u64)
}

/// Contempt: 0 to 150 centi-men.
pub fn contempt(text: &str) -> Result<i32, String> {
    let max = crate::engine::params::MAX_CONTEMPT;
    match text.parse::<i32>() {
        Ok(n) if (0..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a whole number of centi-men from 0 to {max}"
        )),
    }
}

/// Search threads: 1 to 256 (lazy SMP; more than the machine's cores only compete for them).
pub fn threads(text: &str) -> Result<usize, String> {
    number_in(text, 1, 256)
}

/// A playing level: 1 to 14 (14: full strength, a second a move).
pub fn level(text: &str) -> Result<u8, String> {
    number_in(text, 1, u64::from(crate::engine::strength::LEVELS))
}

/// Random opening plies: at most 100 (longer random lines nearly all end the game).
pub fn opening_plies(text: &str) -> Result<usize, String> {
    let max = crate::lab::selfplay::MAX_OPENING_PLIES;
    number_in(text, 0, max as u64).map_err(|e| {
        format!("{e} (longer random lines nearly all end the game or leave a capture pending)")
    })
}

/// Games at once: 1 to 64 (more threads than that only compete for the same cores).
pub fn concurrency(text: &str) -> Result<usize, String> {
    number_in(text, 1, 64)
}

/// The rule set, as chosen on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Rules {
    /// Dama italiana (Italian draughts).
    #[default]
    Italian,
    /// American checkers / English draughts.
    English,
}

impl From<Rules> for RuleSet {
    fn from(r: Rules) -> RuleSet {
        match r {
            Rules::Italian => RuleSet::Italian,
            Rules::English => RuleSet::English,
        }
    }
}

/// The language of the board and the viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangChoice {
    /// Italiano.
    It,
    /// English.
    En,
}

impl LangChoice {
    /// The language chosen, else the one the locale asks for.
    pub fn resolve(choice: Option<LangChoice>) -> crate::tui::Lang {
        match choice {
            Some(LangChoice::It) => crate::tui::Lang::It,
            Some(LangChoice::En) => crate::tui::Lang::En,
            None => crate::tui::Lang::from_env(),
        }
    }
}
