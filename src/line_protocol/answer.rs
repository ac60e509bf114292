//! The answers `dama engine` sends back: [`Answer`] (with an `info` line's [`Info`] and its
//! [`Score`]), written with `Display` and read with `FromStr`.

use crate::engine::SearchInfo;
use crate::engine::score::{self, ScoreKind};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A search's score as the protocol gives it: centi-men, or a forced win or loss in so many
/// plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Win(u32),
    Loss(u32),
}

impl Score {
    /// The engine's score (side to move's view) in the protocol's terms, read through
    /// [`score::classify`], the one reader of the engine's encoding of a forced result.
    pub fn of(s: i32) -> Score {
        match score::classify(s) {
            ScoreKind::Centi(cp) => Score::Cp(cp),
            ScoreKind::Win(n) => Score::Win(n),
            ScoreKind::Loss(n) => Score::Loss(n),
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
    /// Under `multipv N` (N > 1): which of the lines this is, 1 the best; `None` otherwise
    /// (and not written).
    pub multipv: Option<usize>,
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
            multipv: None,
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info depth {}", self.depth)?;
        if let Some(k) = self.multipv {
            write!(f, " multipv {k}")?;
        }
        write!(
            f,
            " score {} nodes {} nps {} time {} pv {}",
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
    MultiPv,
}

impl InfoField {
    fn name(self) -> &'static str {
        match self {
            InfoField::Depth => "depth",
            InfoField::Score => "score",
            InfoField::Nodes => "nodes",
            InfoField::Nps => "nps",
            InfoField::Time => "time",
            InfoField::MultiPv => "multipv",
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
        let mut multipv = None;
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
                "multipv" => set(&mut multipv, InfoField::MultiPv, value(&mut words))?,
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
            multipv,
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
    /// `book <move> <score> [<move> <score> ...]`: the position is in the opening book and
    /// these are its moves with the book's scores, best first (then `info` and `bestmove` for
    /// the move played).
    Book(Vec<(String, Score)>),
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
            Answer::Book(moves) => {
                f.write_str("book")?;
                for (m, s) in moves {
                    write!(f, " {m} {s}")?;
                }
                Ok(())
            }
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
            "book" => words
                .chunks(3)
                .map(|w| match w {
                    [m, k, n] => format!("{k} {n}")
                        .parse()
                        .map(|s| (m.to_string(), s))
                        .map_err(AnswerError::Info),
                    _ => Err(AnswerError::Info(InfoError::Bad(InfoField::Score))),
                })
                .collect::<Result<_, _>>()
                .map(Answer::Book),
            other => Err(AnswerError::Unknown(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "book 23-19 cp -3 21-18 cp -6 22-18 win 9",
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
        assert_eq!(Score::of(crate::engine::WIN - 7), Score::Win(7));
        assert_eq!(Score::of(-(crate::engine::WIN - 4)), Score::Loss(4));
        assert_eq!(
            Score::of(crate::engine::WIN - 1000),
            Score::Cp(crate::engine::WIN - 1000)
        );
        for s in [Score::Cp(-5), Score::Win(3), Score::Loss(0)] {
            assert_eq!(s.to_string().parse::<Score>(), Ok(s));
        }
    }

    use proptest::prelude::*;

    fn moves() -> impl Strategy<Value = Vec<String>> {
        prop::collection::vec("[0-9]{1,2}[-x][0-9]{1,2}", 0..8)
    }

    fn answer() -> impl Strategy<Value = Answer> {
        let score = prop_oneof![
            any::<i32>().prop_map(Score::Cp),
            any::<u32>().prop_map(Score::Win),
            any::<u32>().prop_map(Score::Loss),
        ];
        let info = (
            any::<u32>(),
            score,
            any::<u64>(),
            any::<u64>(),
            any::<u32>(),
            moves(),
            prop::option::of(1usize..=10),
        )
            .prop_map(|(depth, score, nodes, nps, ms, pv, multipv)| Info {
                depth,
                score,
                nodes,
                nps,
                time: Duration::from_millis(u64::from(ms)),
                pv,
                multipv,
            });
        // Free text: words, single spaces, no leading space.
        let text = prop::collection::vec("[!-~]{1,8}", 1..5).prop_map(|w| w.join(" "));
        prop_oneof![
            Just(Answer::ReadyOk),
            info.prop_map(Answer::Info),
            "[0-9]{1,2}[-x][0-9]{1,2}".prop_map(|m| Answer::BestMove(Some(m))),
            Just(Answer::BestMove(None)),
            text.clone().prop_map(Answer::Error),
            text.clone().prop_map(Answer::Fen),
            moves().prop_map(Answer::Legal),
            text.prop_map(Answer::Over),
        ]
    }

    proptest! {
        /// Every answer reads back as itself once written.
        #[test]
        fn any_answer_round_trips(a in answer()) {
            let line = a.to_string();
            let back: Answer = line.parse().map_err(|e| TestCaseError::fail(format!("{line}: {e}")))?;
            prop_assert_eq!(back.to_string(), line);
            prop_assert_eq!(back, a);
        }
    }
}
