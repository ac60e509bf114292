//! The commands a program sends to `dama engine`: [`EngineCommand`], written with `Display`
//! and read with `FromStr`; [`CommandError`]'s text is what the engine answers after `error`.

use super::number::{Field, NumberError};
use crate::engine::Limits;
use crate::notation::fen::{self, FenError};
use crate::notation::movetext::{self, MoveTextError};
use crate::rules::{Game, IllegalMove, Position, RuleSet};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A command's first word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Rules,
    Position,
    Go,
    Stop,
    IsReady,
    NewGame,
    Seed,
    Variety,
    Contempt,
    Threads,
    /// `multipv`: how many lines a search reports.
    MultiPv,
    /// `tablecache <MiB>`: the endgame tables' block cache.
    TableCache,
    /// `book on|off`: whether `go` plays from the opening book.
    Book,
    /// `d`: show the position.
    Show,
    Quit,
}

impl Word {
    const ALL: [Word; 15] = [
        Word::Rules,
        Word::Position,
        Word::Go,
        Word::Stop,
        Word::IsReady,
        Word::NewGame,
        Word::Seed,
        Word::Variety,
        Word::Contempt,
        Word::Threads,
        Word::MultiPv,
        Word::TableCache,
        Word::Book,
        Word::Show,
        Word::Quit,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Word::Rules => "rules",
            Word::Position => "position",
            Word::Go => "go",
            Word::Stop => "stop",
            Word::IsReady => "isready",
            Word::NewGame => "newgame",
            Word::Seed => "seed",
            Word::Variety => "variety",
            Word::Contempt => "contempt",
            Word::Threads => "threads",
            Word::MultiPv => "multipv",
            Word::TableCache => "tablecache",
            Word::Book => "book",
            Word::Show => "d",
            Word::Quit => "quit",
        }
    }

    /// How the command is written, for [`CommandError::Usage`].
    fn usage(self) -> &'static str {
        match self {
            Word::Rules => "rules italian|english",
            Word::Position => "position startpos|fen <FEN> [moves <m1> ...]",
            Word::Go => "go depth <n>|movetime <ms>|nodes <n>|infinite",
            Word::Seed => "seed <n>|none",
            Word::Variety => "variety <centi-men>",
            Word::Contempt => "contempt <centi-men>",
            Word::Threads => "threads <n>",
            Word::MultiPv => "multipv <n>",
            Word::TableCache => "tablecache <MiB>",
            Word::Book => "book on|off",
            w => w.as_str(),
        }
    }
}

/// Where a `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`: the rule set's start position.
    StartPos,
    /// `fen <FEN>`: a PDN FEN (its words joined by single spaces).
    Fen(String),
}

/// `position startpos|fen <FEN> [moves <m1> <m2> ...]`: a start and the moves played since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetPosition {
    pub start: Start,
    /// The moves as written (each one word).
    pub moves: Vec<String>,
}

impl SetPosition {
    /// The whole of `game`: its start as a FEN and every move since, so the engine knows the
    /// positions that count for repetition.
    pub fn of(game: &Game) -> SetPosition {
        SetPosition {
            start: Start::Fen(fen::write(game.start())),
            moves: game.moves().iter().map(|m| m.to_string()).collect(),
        }
    }

    /// The game after the moves, under `rules`.
    ///
    /// # Errors
    /// A FEN that cannot be read, or the first move that cannot be read or played.
    pub fn game(&self, rules: RuleSet) -> Result<Game, PositionError> {
        let start = match &self.start {
            Start::StartPos => Position::start(rules),
            Start::Fen(text) => fen::parse(rules, text).map_err(|error| PositionError::Fen {
                text: text.clone(),
                error,
            })?,
        };
        let mut game = Game::new(start);
        for (i, text) in self.moves.iter().enumerate() {
            let bad = |error| PositionError::Move {
                number: i + 1,
                text: text.clone(),
                error,
            };
            let m =
                movetext::parse_move(game.position(), text).map_err(|e| bad(MoveError::Text(e)))?;
            game.play(&m).map_err(|e| bad(MoveError::Illegal(e)))?;
        }
        Ok(game)
    }
}

/// Why a `position` cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    Fen {
        text: String,
        error: FenError,
    },
    /// Move `number` (from 1) of the list.
    Move {
        number: usize,
        text: String,
        error: MoveError,
    },
}

/// Why a move of a `position` cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    Text(MoveTextError),
    Illegal(IllegalMove),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Text(e) => e.fmt(f),
            MoveError::Illegal(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen { text, error } => write!(f, "bad fen {text:?}: {error}"),
            PositionError::Move {
                number,
                text,
                error,
            } => write!(f, "move {number} {text:?}: {error}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// A command to the engine, one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineCommand {
    /// The rule set (the position goes back to its start).
    Rules(RuleSet),
    Position(SetPosition),
    /// Search; `go` alone is `go infinite`.
    Go(Limits),
    Stop,
    IsReady,
    NewGame,
    /// `seed <n>` (reproducible) or `seed none` (varied).
    Seed(Option<u64>),
    /// Centi-men below the best a chosen move may be.
    Variety(i32),
    Contempt(i32),
    Threads(usize),
    /// How many lines each search reports (`info ... multipv K ...`), best first.
    MultiPv(usize),
    /// MiB of decompressed endgame-table blocks kept per rule set.
    TableCache(usize),
    /// `book on|off`: whether a search answers from the opening book when the position is
    /// in it.
    Book(bool),
    /// `d`: the position, its legal moves and whether the game is over.
    Show,
    Quit,
}

impl EngineCommand {
    pub fn word(&self) -> Word {
        match self {
            EngineCommand::Rules(_) => Word::Rules,
            EngineCommand::Position(_) => Word::Position,
            EngineCommand::Go(_) => Word::Go,
            EngineCommand::Stop => Word::Stop,
            EngineCommand::IsReady => Word::IsReady,
            EngineCommand::NewGame => Word::NewGame,
            EngineCommand::Seed(_) => Word::Seed,
            EngineCommand::Variety(_) => Word::Variety,
            EngineCommand::Contempt(_) => Word::Contempt,
            EngineCommand::Threads(_) => Word::Threads,
            EngineCommand::MultiPv(_) => Word::MultiPv,
            EngineCommand::TableCache(_) => Word::TableCache,
            EngineCommand::Book(_) => Word::Book,
            EngineCommand::Show => Word::Show,
            EngineCommand::Quit => Word::Quit,
        }
    }
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word().as_str())?;
        match self {
            EngineCommand::Rules(rules) => write!(f, " {}", rules.name()),
            EngineCommand::Position(p) => {
                match &p.start {
                    Start::StartPos => f.write_str(" startpos")?,
                    Start::Fen(text) => write!(f, " fen {text}")?,
                }
                if !p.moves.is_empty() {
                    write!(f, " moves {}", p.moves.join(" "))?;
                }
                Ok(())
            }
            EngineCommand::Go(Limits::Depth(d)) => write!(f, " depth {d}"),
            // At least 1: `movetime 0` is refused.
            EngineCommand::Go(Limits::MoveTime(t)) => {
                write!(f, " movetime {}", t.as_millis().max(1))
            }
            EngineCommand::Go(Limits::Nodes(n)) => write!(f, " nodes {n}"),
            EngineCommand::Go(Limits::Infinite) => f.write_str(" infinite"),
            EngineCommand::Seed(Some(n)) => write!(f, " {n}"),
            EngineCommand::Seed(None) => f.write_str(" none"),
            EngineCommand::Book(on) => f.write_str(if *on { " on" } else { " off" }),
            EngineCommand::Variety(n) | EngineCommand::Contempt(n) => write!(f, " {n}"),
            EngineCommand::Threads(n)
            | EngineCommand::MultiPv(n)
            | EngineCommand::TableCache(n) => {
                write!(f, " {n}")
            }
            EngineCommand::Stop
            | EngineCommand::IsReady
            | EngineCommand::NewGame
            | EngineCommand::Show
            | EngineCommand::Quit => Ok(()),
        }
    }
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// Nothing but spaces (`dama engine` passes over it without an answer).
    Empty,
    Unknown(String),
    /// Words after a command that takes none (they are given, joined by spaces).
    TakesNoArguments(Word, String),
    /// Not the words the command takes.
    Usage(Word),
    Number(NumberError),
    /// `seed` with neither a number nor `none`.
    Seed(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Empty => write!(f, "no command"),
            CommandError::Unknown(w) => write!(f, "unknown command {w:?}"),
            CommandError::TakesNoArguments(w, rest) => {
                write!(f, "{} takes no arguments, not {rest:?}", w.as_str())
            }
            CommandError::Usage(w) => write!(f, "usage: {}", w.usage()),
            CommandError::Number(e) => e.fmt(f),
            CommandError::Seed(w) => write!(f, "seed wants a number or none, not {w:?}"),
        }
    }
}

impl std::error::Error for CommandError {}

impl From<NumberError> for CommandError {
    fn from(e: NumberError) -> CommandError {
        CommandError::Number(e)
    }
}

impl FromStr for EngineCommand {
    type Err = CommandError;

    /// Reads a command; words are separated by any whitespace.
    fn from_str(line: &str) -> Result<EngineCommand, CommandError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err(CommandError::Empty);
        };
        let word = Word::ALL
            .into_iter()
            .find(|w| w.as_str() == first)
            .ok_or_else(|| CommandError::Unknown(first.to_string()))?;
        let usage = Err(CommandError::Usage(word));
        let number = |field: Field| match rest {
            [n] => Ok(field.read(n)?),
            _ => Err(CommandError::Usage(word)),
        };
        match word {
            Word::Stop | Word::IsReady | Word::NewGame | Word::Show | Word::Quit
                if !rest.is_empty() =>
            {
                Err(CommandError::TakesNoArguments(word, rest.join(" ")))
            }
            Word::Stop => Ok(EngineCommand::Stop),
            Word::IsReady => Ok(EngineCommand::IsReady),
            Word::NewGame => Ok(EngineCommand::NewGame),
            Word::Show => Ok(EngineCommand::Show),
            Word::Quit => Ok(EngineCommand::Quit),
            Word::Book => match rest {
                ["on"] => Ok(EngineCommand::Book(true)),
                ["off"] => Ok(EngineCommand::Book(false)),
                _ => usage,
            },
            Word::Rules => match rest {
                ["italian"] => Ok(EngineCommand::Rules(RuleSet::Italian)),
                ["english"] => Ok(EngineCommand::Rules(RuleSet::English)),
                _ => usage,
            },
            Word::Position => {
                let at = rest
                    .iter()
                    .position(|&w| w == "moves")
                    .unwrap_or(rest.len());
                let (setup, moves) = rest.split_at(at);
                let start = match setup {
                    ["startpos"] => Start::StartPos,
                    ["fen", fen @ ..] if !fen.is_empty() => Start::Fen(fen.join(" ")),
                    _ => return usage,
                };
                Ok(EngineCommand::Position(SetPosition {
                    start,
                    moves: moves.iter().skip(1).map(|m| m.to_string()).collect(),
                }))
            }
            Word::Go => match rest {
                [] | ["infinite"] => Ok(EngineCommand::Go(Limits::Infinite)),
                ["depth", n] => Ok(EngineCommand::Go(Limits::Depth(
                    Field::Depth.read(n)? as u32
                ))),
                ["movetime", n] => Ok(EngineCommand::Go(Limits::MoveTime(Duration::from_millis(
                    Field::MoveTime.read(n)?,
                )))),
                ["nodes", n] => Ok(EngineCommand::Go(Limits::Nodes(Field::Nodes.read(n)?))),
                _ => usage,
            },
            Word::Seed => match rest {
                ["none"] => Ok(EngineCommand::Seed(None)),
                [n] => n
                    .parse::<u64>()
                    .map(|n| EngineCommand::Seed(Some(n)))
                    .map_err(|_| CommandError::Seed(n.to_string())),
                _ => usage,
            },
            Word::Variety => number(Field::Variety).map(|n| EngineCommand::Variety(n as i32)),
            Word::Contempt => number(Field::Contempt).map(|n| EngineCommand::Contempt(n as i32)),
            Word::Threads => number(Field::Threads).map(|n| EngineCommand::Threads(n as usize)),
            Word::MultiPv => number(Field::MultiPv).map(|n| EngineCommand::MultiPv(n as usize)),
            Word::TableCache => {
                number(Field::TableCache).map(|n| EngineCommand::TableCache(n as usize))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::number::{MAX_MOVETIME_MS, MAX_TABLE_CACHE_MIB, MAX_THREADS, MAX_VARIETY};
    use super::*;
    use crate::engine::limits::MAX_DEPTH;
    use crate::engine::params::MAX_CONTEMPT;

    #[test]
    fn commands_round_trip() {
        let lines = [
            "rules italian",
            "rules english",
            "position startpos",
            "position startpos moves 22-18 11-14",
            "position fen W:W18,19,21,25:B4,10,11,12",
            "position fen W:W18,19,21,25:B4,10,11,12 moves 18-14 11x18",
            "go depth 4",
            "go movetime 200",
            "go nodes 100000",
            "go infinite",
            "stop",
            "isready",
            "newgame",
            "seed 7",
            "seed none",
            "variety 0",
            "variety 1000",
            "contempt 150",
            "threads 256",
            "tablecache 1",
            "tablecache 4096",
            "d",
            "quit",
            "book on",
            "book off",
        ];
        for line in lines {
            let c: EngineCommand = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(c.to_string(), line);
            assert_eq!(c.to_string().parse::<EngineCommand>(), Ok(c));
        }
        // Other spellings read as the canonical ones.
        let same = [
            ("go", "go infinite"),
            ("  go   depth  3 ", "go depth 3"),
            ("position startpos moves", "position startpos"),
            ("go depth 007", "go depth 7"),
        ];
        for (line, canonical) in same {
            assert_eq!(
                line.parse::<EngineCommand>().unwrap().to_string(),
                canonical
            );
        }
    }

    #[test]
    fn values_written_read_back_the_same() {
        let game = SetPosition {
            start: Start::Fen("B:W18:BK4".to_string()),
            moves: vec!["4-8".to_string(), "18-14".to_string()],
        };
        let commands = [
            EngineCommand::Go(Limits::Depth(100)),
            EngineCommand::Go(Limits::Nodes(u64::MAX)),
            EngineCommand::Go(Limits::MoveTime(Duration::from_millis(MAX_MOVETIME_MS))),
            EngineCommand::Seed(Some(u64::MAX)),
            EngineCommand::Position(game),
            EngineCommand::Threads(1),
            EngineCommand::Contempt(0),
        ];
        for c in commands {
            assert_eq!(c.to_string().parse::<EngineCommand>(), Ok(c.clone()), "{c}");
        }
        // A game in progress, written and played back.
        let mut g = Game::new(Position::start(RuleSet::Italian));
        for text in ["22-18", "11-14", "18x11"] {
            let m = movetext::parse_move(g.position(), text).unwrap();
            g.play(&m).unwrap();
        }
        let line = EngineCommand::Position(SetPosition::of(&g)).to_string();
        let Ok(EngineCommand::Position(p)) = line.parse() else {
            panic!("{line}");
        };
        let back = p.game(RuleSet::Italian).unwrap();
        assert_eq!(back.moves(), g.moves());
        assert_eq!(back.start(), g.start());
    }

    #[test]
    fn errors_say_what_dama_engine_answers() {
        let cases = [
            ("", "no command"),
            ("hello", "unknown command \"hello\""),
            ("quit now", "quit takes no arguments, not \"now\""),
            ("go depth 0", "depth must be 1 to 100 plies, not 0"),
            ("go depth 00", "depth must be 1 to 100 plies, not 0"),
            ("go depth -3", "depth must be 1 to 100 plies, not -3"),
            (
                "go nodes 99999999999999999999999",
                "nodes must be at least 1; 99999999999999999999999 is too large",
            ),
            (
                "variety x",
                "\"x\" is not a whole number (variety must be 0 to 1000 centi-men)",
            ),
            ("threads", "usage: threads <n>"),
            ("tablecache 0", "tablecache must be 1 to 4096 MiB, not 0"),
            ("tablecache", "usage: tablecache <MiB>"),
            (
                "go deep 3",
                "usage: go depth <n>|movetime <ms>|nodes <n>|infinite",
            ),
            (
                "position fen",
                "usage: position startpos|fen <FEN> [moves <m1> ...]",
            ),
            ("seed -1", "seed wants a number or none, not \"-1\""),
            ("rules", "usage: rules italian|english"),
        ];
        for (line, want) in cases {
            let e = line.parse::<EngineCommand>().unwrap_err();
            assert_eq!(e.to_string(), want, "{line}");
        }
        let p = SetPosition {
            start: Start::StartPos,
            moves: vec!["22-18".to_string(), "99-1".to_string()],
        };
        let e = p.game(RuleSet::Italian).unwrap_err();
        assert!(matches!(e, PositionError::Move { number: 2, .. }), "{e}");
        assert!(e.to_string().starts_with("move 2 \"99-1\": "), "{e}");
        let f = SetPosition {
            start: Start::Fen("Q".to_string()),
            moves: Vec::new(),
        };
        let e = f.game(RuleSet::Italian).unwrap_err();
        assert!(e.to_string().starts_with("bad fen \"Q\": "), "{e}");
    }

    use proptest::prelude::*;

    fn word() -> impl Strategy<Value = String> {
        // Any word but `moves`, which ends a FEN.
        "[0-9A-Za-z:,x.-]{1,12}".prop_filter("not the keyword", |w| w != "moves")
    }

    fn command() -> impl Strategy<Value = EngineCommand> {
        let start = prop_oneof![
            Just(Start::StartPos),
            prop::collection::vec(word(), 1..4).prop_map(|w| Start::Fen(w.join(" "))),
        ];
        let position = (start, prop::collection::vec(word(), 0..6))
            .prop_map(|(start, moves)| EngineCommand::Position(SetPosition { start, moves }));
        prop_oneof![
            prop_oneof![Just(RuleSet::Italian), Just(RuleSet::English)]
                .prop_map(EngineCommand::Rules),
            position,
            (1..=MAX_DEPTH).prop_map(|d| EngineCommand::Go(Limits::Depth(d))),
            (1..=MAX_MOVETIME_MS)
                .prop_map(|ms| EngineCommand::Go(Limits::MoveTime(Duration::from_millis(ms)))),
            (1..=u64::MAX).prop_map(|n| EngineCommand::Go(Limits::Nodes(n))),
            Just(EngineCommand::Go(Limits::Infinite)),
            any::<Option<u64>>().prop_map(EngineCommand::Seed),
            (0..=MAX_VARIETY).prop_map(EngineCommand::Variety),
            (0..=MAX_CONTEMPT).prop_map(EngineCommand::Contempt),
            (1..=MAX_THREADS).prop_map(EngineCommand::Threads),
            (1..=MAX_TABLE_CACHE_MIB as usize).prop_map(EngineCommand::TableCache),
            Just(EngineCommand::Stop),
            Just(EngineCommand::IsReady),
            Just(EngineCommand::NewGame),
            Just(EngineCommand::Show),
            Just(EngineCommand::Quit),
        ]
    }

    proptest! {
        /// Every command the engine takes reads back as itself once written, and the line
        /// written is the canonical one (written again, the same).
        #[test]
        fn any_command_round_trips(c in command()) {
            let line = c.to_string();
            let back: EngineCommand = line.parse().map_err(|e| TestCaseError::fail(format!("{line}: {e}")))?;
            prop_assert_eq!(back.to_string(), line);
            prop_assert_eq!(back, c);
        }
    }
}
