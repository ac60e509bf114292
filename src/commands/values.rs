//! The value parsers and choices the commands' options share (clap's `value_parser`s and
//! `ValueEnum`s): ranges checked with an error that says the allowed range in words.

use crate::rules::RuleSet;
use clap::ValueEnum;

/// A whole number within `lo..=hi`, or an error that says the allowed range in words, worded
/// as the engine protocol words it: `must be from 1 to 14, not -1`, `must be at least 1;
/// 99999999999999999999 is too large`, `"abc" is not a whole number (must be ...)`. (Clap
/// takes a negative number as a value only on options marked `allow_negative_numbers`.)
pub fn number_in<T: TryFrom<u64>>(text: &str, lo: u64, hi: u64) -> Result<T, String> {
    number_with_unit(text, lo, hi, "")
}

/// [`number_in`] with the unit after the range (`" ms"`).
pub fn number_with_unit<T: TryFrom<u64>>(
    text: &str,
    lo: u64,
    hi: u64,
    unit: &str,
) -> Result<T, String> {
    use std::num::IntErrorKind;
    let range = if hi == u64::MAX && lo > 0 {
        format!("at least {lo}{unit}")
    } else {
        format!("from {lo} to {hi}{unit}")
    };
    let word = text.trim();
    let n: u64 = match word.parse() {
        Ok(n) => n,
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => {
            return Err(format!("must be {range}; {word} is too large"));
        }
        Err(_)
            if word
                .strip_prefix('-')
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())) =>
        {
            return Err(format!("must be {range}, not {word}"));
        }
        Err(_) => return Err(format!("{text:?} is not a whole number (must be {range})")),
    };
    if n < lo || n > hi {
        return Err(format!("must be {range}, not {n}"));
    }
    T::try_from(n).map_err(|_| format!("must be {range}; {word} is too large"))
}

/// A thinking time in milliseconds: 1 ms to a day, as the engine protocol's `go movetime`
/// takes it (longer is a typo, and would think without end).
pub fn movetime(text: &str) -> Result<u64, String> {
    let max = crate::line_protocol::MAX_MOVETIME_MS;
    number_with_unit(text, 1, max, " ms")
}

/// A random seed: any whole number that fits 64 bits.
pub fn seed(text: &str) -> Result<u64, String> {
    number_in(text, 0, u64::MAX)
}

/// A game's number in a file, from 1.
pub fn game_number(text: &str) -> Result<usize, String> {
    number_in(text, 1, usize::MAX as u64)
}

/// A count of plies (half-moves) into a game, from 0 (the start).
pub fn plies(text: &str) -> Result<usize, String> {
    // "0 or more": a 64-bit bound says nothing about a game's plies.
    number_in(text, 0, usize::MAX as u64)
        .map_err(|e| e.replace(&format!("from 0 to {}", usize::MAX), "0 or more"))
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

/// A count (positions, a batch): at least 1.
pub fn positive_usize(text: &str) -> Result<usize, String> {
    number_in(text, 1, usize::MAX as u64)
}

/// A count of games.
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
    number_with_unit(text, 0, max as u64, " centi-men")
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

/// A learning step (Adam's step size): a finite number above 0. NaN, infinity, 0 or a
/// negative step would write weights that mean nothing.
pub fn step(text: &str) -> Result<f64, String> {
    real(text, "a number above 0", |x| x > 0.0)
}

/// A pull towards the starting weights (regularisation): a finite number, 0 or more.
pub fn pull(text: &str) -> Result<f64, String> {
    real(text, "a number from 0 up", |x| x >= 0.0)
}

/// A finite real number that `ok` accepts, or an error that says what it must be.
fn real(text: &str, must: &str, ok: impl Fn(f64) -> bool) -> Result<f64, String> {
    let word = text.trim();
    match word.parse::<f64>() {
        Ok(x) if x.is_finite() && ok(x) => Ok(x),
        Ok(_) => Err(format!("must be {must}, not {word}")),
        Err(_) => Err(format!("{text:?} is not a number (must be {must})")),
    }
}

/// Self-play variety: root moves within this many centi-men of the best, 0 to 1000 (as the
/// engine protocol's `variety`).
pub fn variety(text: &str) -> Result<i32, String> {
    number_in(text, 0, 1000)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_worded_as_the_protocol_words_them() {
        assert_eq!(movetime("86400000"), Ok(86_400_000));
        assert_eq!(
            movetime("86400001").unwrap_err(),
            "must be from 1 to 86400000 ms, not 86400001"
        );
        assert_eq!(level("-1").unwrap_err(), "must be from 1 to 14, not -1");
        assert_eq!(
            positive("99999999999999999999").unwrap_err(),
            "must be at least 1; 99999999999999999999 is too large"
        );
        assert_eq!(
            game_number("abc").unwrap_err(),
            "\"abc\" is not a whole number (must be at least 1)"
        );
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
    }

    /// QA records: a learning step and a pull are finite and in range; NaN, infinity and a
    /// negative step were taken and `dama tune` wrote weights of a NaN error.
    #[test]
    fn steps_and_pulls_are_finite_numbers_in_range() {
        assert_eq!(step("0.003"), Ok(0.003));
        assert_eq!(step("1e-2"), Ok(0.01));
        assert_eq!(step("inf"), Err("must be a number above 0, not inf".into()));
        assert_eq!(step("NaN"), Err("must be a number above 0, not NaN".into()));
        assert_eq!(step("0"), Err("must be a number above 0, not 0".into()));
        assert_eq!(step("-1"), Err("must be a number above 0, not -1".into()));
        assert_eq!(
            step("fast"),
            Err("\"fast\" is not a number (must be a number above 0)".into())
        );
        assert_eq!(pull("0"), Ok(0.0));
        assert_eq!(pull("1e-8"), Ok(1e-8));
        assert_eq!(pull("-3"), Err("must be a number from 0 up, not -3".into()));
        assert_eq!(
            pull("-inf"),
            Err("must be a number from 0 up, not -inf".into())
        );
        assert_eq!(variety("-5"), Err("must be from 0 to 1000, not -5".into()));
    }

    /// QA records: a count of plies says "0 or more", not "from 0 to 18446744073709551615".
    #[test]
    fn plies_say_0_or_more() {
        assert_eq!(plies("12"), Ok(12));
        assert_eq!(plies("-1"), Err("must be 0 or more, not -1".into()));
        assert_eq!(
            plies("soon"),
            Err("\"soon\" is not a whole number (must be 0 or more)".into())
        );
    }
}
