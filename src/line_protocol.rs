//! The `dama engine` line protocol (docs/protocol.md) as values: the commands a program sends
//! ([`EngineCommand`]) and the answers it gets ([`Answer`], with its [`Info`] and [`Score`]), each
//! written with `Display` and read with `FromStr`. `dama engine` reads commands and writes
//! answers with them; the match's client for external engines does the reverse, so the two
//! sides cannot drift apart. Errors are small enums whose text is what `dama engine` answers
//! after `error`.
//!
//! Moves stay words here: which move a word names depends on the position, so they are read
//! when a [`SetPosition`] is played out ([`SetPosition::game`]) or by the caller. Depends on
//! `rules`, `notation` and `engine` (for [`Limits`] and the score's encoding) only.

use crate::engine::limits::MAX_DEPTH;
use crate::engine::params::MAX_CONTEMPT;
use crate::engine::{Limits, SearchInfo, WIN};
use crate::notation::fen::{self, FenError};
use crate::notation::movetext::{self, MoveTextError};
use crate::rules::{Game, IllegalMove, Position, RuleSet};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The longest line either side takes, in bytes. The longest useful one, a `position` with a
/// few thousand moves, is far shorter; a longer one is refused without being kept.
pub const MAX_LINE: usize = 64 * 1024;

/// The longest `go movetime` accepted: a day (anything longer is a typo, and would overflow
/// the clock's arithmetic at the extreme).
pub const MAX_MOVETIME_MS: u64 = 86_400_000;

/// The most search threads `threads` takes (as `--threads` does).
pub const MAX_THREADS: usize = 256;

/// The widest `variety` margin accepted, in centi-men (ten men: far beyond any useful value).
pub const MAX_VARIETY: i32 = 1000;

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
    /// `d`: show the position.
    Show,
    Quit,
}

impl Word {
    const ALL: [Word; 12] = [
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
            EngineCommand::Variety(n) | EngineCommand::Contempt(n) => write!(f, " {n}"),
            EngineCommand::Threads(n) => write!(f, " {n}"),
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

/// A number a command takes, with its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Depth,
    MoveTime,
    Nodes,
    Variety,
    Contempt,
    Threads,
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Depth => "depth",
            Field::MoveTime => "movetime",
            Field::Nodes => "nodes",
            Field::Variety => "variety",
            Field::Contempt => "contempt",
            Field::Threads => "threads",
        }
    }

    fn unit(self) -> &'static str {
        match self {
            Field::Depth => " plies",
            Field::MoveTime => " ms",
            Field::Variety | Field::Contempt => " centi-men",
            Field::Nodes | Field::Threads => "",
        }
    }

    /// The values taken, both ends included.
    pub fn range(self) -> (u64, u64) {
        match self {
            Field::Depth => (1, u64::from(MAX_DEPTH)),
            Field::MoveTime => (1, MAX_MOVETIME_MS),
            Field::Nodes => (1, u64::MAX),
            Field::Variety => (0, MAX_VARIETY as u64),
            Field::Contempt => (0, MAX_CONTEMPT as u64),
            Field::Threads => (1, MAX_THREADS as u64),
        }
    }

    /// `word` as a whole number in this field's range, or why not.
    fn read(self, word: &str) -> Result<u64, NumberError> {
        use std::num::IntErrorKind;
        let (lo, hi) = self.range();
        let bad = |problem| NumberError {
            field: self,
            problem,
        };
        let n = match word.parse::<u64>() {
            Ok(n) => n,
            Err(e) if *e.kind() == IntErrorKind::PosOverflow => {
                return Err(bad(Problem::TooLarge(word.to_string())));
            }
            // A negative number reads as a range error, not as "not a number".
            Err(_)
                if word
                    .strip_prefix('-')
                    .is_some_and(|d| d.parse::<u64>().is_ok()) =>
            {
                return Err(bad(Problem::Negative(word.to_string())));
            }
            Err(_) => return Err(bad(Problem::NotANumber(word.to_string()))),
        };
        if (lo..=hi).contains(&n) {
            Ok(n)
        } else {
            Err(bad(Problem::OutOfRange(n)))
        }
    }
}

/// A number a command cannot take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberError {
    pub field: Field,
    pub problem: Problem,
}

/// What is wrong with a number (the word as written, or the number read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    NotANumber(String),
    Negative(String),
    TooLarge(String),
    OutOfRange(u64),
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, unit) = (self.field.name(), self.field.unit());
        let range = match self.field.range() {
            (lo, u64::MAX) => format!("at least {lo}{unit}"),
            (lo, hi) => format!("{lo} to {hi}{unit}"),
        };
        match &self.problem {
            Problem::TooLarge(w) => write!(f, "{what} must be {range}; {w} is too large"),
            Problem::Negative(w) => write!(f, "{what} must be {range}, not {w}"),
            Problem::NotANumber(w) => {
                write!(f, "{w:?} is not a whole number ({what} must be {range})")
            }
            Problem::OutOfRange(n) => write!(f, "{what} must be {range}, not {n}"),
        }
    }
}

impl std::error::Error for NumberError {}

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
        }
    }
}

/// A search's score as the protocol gives it: centi-men, or a forced win or loss in so many
/// plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Win(u32),
    Loss(u32),
}

impl Score {
    /// The engine's score (side to move's view) in the protocol's terms. The only place here
    /// that reads the engine's encoding of a forced result.
    pub fn of(score: i32) -> Score {
        if !crate::engine::is_decisive(score) {
            Score::Cp(score)
        } else if score > 0 {
            Score::Win((WIN - score) as u32)
        } else {
            Score::Loss((WIN + score) as u32)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(n) => write!(f, "cp {n}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

impl FromStr for Score {
    type Err = InfoError;

    /// `cp <n>`, `win <plies>` or `loss <plies>`.
    fn from_str(text: &str) -> Result<Score, InfoError> {
        let bad = Err(InfoError::Bad(InfoField::Score));
        let words: Vec<&str> = text.split_whitespace().collect();
        let [kind, n] = words[..] else {
            return bad;
        };
        match kind {
            "cp" => n.parse().map(Score::Cp).or(bad),
            "win" => n.parse().map(Score::Win).or(bad),
            "loss" => n.parse().map(Score::Loss).or(bad),
            _ => bad,
        }
    }
}

/// An `info` line: one finished iteration of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    /// Since `go`, in whole milliseconds.
    pub time: Duration,
    /// The principal variation, the move to play first (each one word).
    pub pv: Vec<String>,
}

impl From<&SearchInfo> for Info {
    fn from(i: &SearchInfo) -> Info {
        Info {
            depth: i.depth,
            score: Score::of(i.score),
            nodes: i.nodes,
            nps: i.nps,
            time: i.elapsed,
            pv: i.pv.iter().map(|m| m.to_string()).collect(),
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "info depth {} score {} nodes {} nps {} time {} pv {}",
            self.depth,
            self.score,
            self.nodes,
            self.nps,
            self.time.as_millis(),
            self.pv.join(" ")
        )
    }
}

/// A field of an `info` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfoField {
    Depth,
    Score,
    Nodes,
    Nps,
    Time,
}

impl InfoField {
    fn name(self) -> &'static str {
        match self {
            InfoField::Depth => "depth",
            InfoField::Score => "score",
            InfoField::Nodes => "nodes",
            InfoField::Nps => "nps",
            InfoField::Time => "time",
        }
    }
}

/// Why a line is not an `info` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfoError {
    /// It does not start with `info`.
    NotInfo,
    Missing(InfoField),
    /// A value that cannot be read.
    Bad(InfoField),
    Repeated(InfoField),
}

impl fmt::Display for InfoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InfoError::NotInfo => write!(f, "not an info line"),
            InfoError::Missing(x) => write!(f, "info without {}", x.name()),
            InfoError::Bad(x) => write!(f, "info with a bad {}", x.name()),
            InfoError::Repeated(x) => write!(f, "info with {} twice", x.name()),
        }
    }
}

impl std::error::Error for InfoError {}

impl FromStr for Info {
    type Err = InfoError;

    /// Reads the fields in any order; `pv` takes the rest of the line. Words it does not know
    /// are passed over, so a program may add fields of its own.
    fn from_str(line: &str) -> Result<Info, InfoError> {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return Err(InfoError::NotInfo);
        }
        let (mut depth, mut score, mut nodes, mut nps, mut time, mut pv) =
            (None, None, None, None, None, Vec::new());
        fn set<T>(
            slot: &mut Option<T>,
            field: InfoField,
            value: Option<T>,
        ) -> Result<(), InfoError> {
            if slot.is_some() {
                return Err(InfoError::Repeated(field));
            }
            *slot = Some(value.ok_or(InfoError::Bad(field))?);
            Ok(())
        }
        fn value<T: FromStr>(words: &mut std::str::SplitWhitespace) -> Option<T> {
            words.next().and_then(|v| v.parse().ok())
        }
        while let Some(w) = words.next() {
            match w {
                "depth" => set(&mut depth, InfoField::Depth, value(&mut words))?,
                "nodes" => set(&mut nodes, InfoField::Nodes, value(&mut words))?,
                "nps" => set(&mut nps, InfoField::Nps, value(&mut words))?,
                "time" => set(
                    &mut time,
                    InfoField::Time,
                    value(&mut words).map(Duration::from_millis),
                )?,
                "score" => {
                    let two = words.next().zip(words.next());
                    let s = two.and_then(|(k, n)| format!("{k} {n}").parse().ok());
                    set(&mut score, InfoField::Score, s)?;
                }
                "pv" => pv = words.by_ref().map(str::to_string).collect(),
                _ => {}
            }
        }
        Ok(Info {
            depth: depth.ok_or(InfoError::Missing(InfoField::Depth))?,
            score: score.ok_or(InfoError::Missing(InfoField::Score))?,
            nodes: nodes.ok_or(InfoError::Missing(InfoField::Nodes))?,
            nps: nps.ok_or(InfoError::Missing(InfoField::Nps))?,
            time: time.ok_or(InfoError::Missing(InfoField::Time))?,
            pv,
        })
    }
}

/// An answer from the engine, one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    ReadyOk,
    Info(Info),
    /// `bestmove <move>`, or `bestmove none` when there is no move to play.
    BestMove(Option<String>),
    /// `error <why>`: the command was refused and changed nothing.
    Error(String),
    /// `d`'s answers: `fen <FEN>`, `legal <moves>`, and `over <result>` if the game is over.
    Fen(String),
    Legal(Vec<String>),
    Over(String),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::ReadyOk => f.write_str("readyok"),
            Answer::Info(i) => i.fmt(f),
            Answer::BestMove(Some(m)) => write!(f, "bestmove {m}"),
            Answer::BestMove(None) => f.write_str("bestmove none"),
            Answer::Error(why) => write!(f, "error {why}"),
            Answer::Fen(text) => write!(f, "fen {text}"),
            // `legal ` with nothing after it when there is no legal move.
            Answer::Legal(moves) => write!(f, "legal {}", moves.join(" ")),
            Answer::Over(text) => write!(f, "over {text}"),
        }
    }
}

/// Why a line is not an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerError {
    Empty,
    Unknown(String),
    /// `readyok` with words after it.
    ReadyOkWithWords,
    /// `bestmove` with no move after it.
    NoMove,
    Info(InfoError),
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerError::Empty => write!(f, "no answer"),
            AnswerError::Unknown(w) => write!(f, "unknown answer {w:?}"),
            AnswerError::ReadyOkWithWords => write!(f, "readyok with words after it"),
            AnswerError::NoMove => write!(f, "bestmove without a move"),
            AnswerError::Info(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AnswerError {}

impl FromStr for Answer {
    type Err = AnswerError;

    fn from_str(line: &str) -> Result<Answer, AnswerError> {
        let line = line.trim();
        let (first, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, rest)| (w, rest.trim_start()));
        let words: Vec<&str> = rest.split_whitespace().collect();
        match first {
            "" => Err(AnswerError::Empty),
            "readyok" if words.is_empty() => Ok(Answer::ReadyOk),
            "readyok" => Err(AnswerError::ReadyOkWithWords),
            "info" => line.parse().map(Answer::Info).map_err(AnswerError::Info),
            // Words after the move are passed over (UCI engines add `ponder <move>`).
            "bestmove" => match words.first() {
                Some(&"none") => Ok(Answer::BestMove(None)),
                Some(m) => Ok(Answer::BestMove(Some(m.to_string()))),
                None => Err(AnswerError::NoMove),
            },
            "error" => Ok(Answer::Error(rest.to_string())),
            "fen" => Ok(Answer::Fen(rest.to_string())),
            "legal" => Ok(Answer::Legal(words.iter().map(|m| m.to_string()).collect())),
            "over" => Ok(Answer::Over(rest.to_string())),
            other => Err(AnswerError::Unknown(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Canonical lines: read, then written back, give the same line; and the value written
    /// reads back as the same value.
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
            "d",
            "quit",
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
    fn answers_round_trip() {
        let lines = [
            "readyok",
            "bestmove 18x11",
            "bestmove none",
            "info depth 4 score cp 14 nodes 354 nps 156562 time 2 pv 18x11 7x14 21-17",
            "info depth 1 score cp -19 nodes 3 nps 2168 time 1 pv 18x11",
            "info depth 40 score win 33 nodes 160 nps 252138 time 0 pv 29-25 4-8",
            "info depth 9 score loss 2 nodes 1 nps 0 time 0 pv ",
            "error unknown command \"x\"",
            "fen W:W18,21:B1,2",
            "legal 18x11 21-17",
            "legal ",
            "over draw by repetition",
        ];
        for line in lines {
            let a: Answer = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(a.to_string(), line);
            assert_eq!(a.to_string().parse::<Answer>(), Ok(a));
        }
    }

    #[test]
    fn info_is_read_in_any_order_past_unknown_fields() {
        let i: Info = "info nodes 9 seldepth 12 score win 11 time 5 nps 90 depth 19 pv 22-18"
            .parse()
            .unwrap();
        assert_eq!((i.depth, i.score, i.nodes), (19, Score::Win(11), 9));
        assert_eq!(i.pv, ["22-18"]);
        let bad = [
            ("bestmove 22-18", InfoError::NotInfo),
            (
                "info depth x score cp 1 nodes 1",
                InfoError::Bad(InfoField::Depth),
            ),
            (
                "info depth 1 score cp 1 nodes 1",
                InfoError::Missing(InfoField::Nps),
            ),
            (
                "info depth 1 depth 2",
                InfoError::Repeated(InfoField::Depth),
            ),
            ("info score draw 1", InfoError::Bad(InfoField::Score)),
        ];
        for (line, e) in bad {
            assert_eq!(line.parse::<Info>(), Err(e), "{line}");
        }
    }

    #[test]
    fn scores_keep_their_meaning() {
        assert_eq!(Score::of(-12), Score::Cp(-12));
        assert_eq!(Score::of(WIN - 7), Score::Win(7));
        assert_eq!(Score::of(-(WIN - 4)), Score::Loss(4));
        assert_eq!(Score::of(WIN - 1000), Score::Cp(WIN - 1000));
        for s in [Score::Cp(-5), Score::Win(3), Score::Loss(0)] {
            assert_eq!(s.to_string().parse::<Score>(), Ok(s));
        }
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
}
