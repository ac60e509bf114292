//! Reading games from PDN text: tags, then movetext replayed through the rules, one game after
//! another, skipping past damaged ones.

use super::lexer::{Lexer, Spanned, Tok, collapse};
use super::{PdnError, PdnErrorKind, PdnGame, PdnMove, PdnResult};
use crate::notation::fen;
use crate::notation::movetext::parse_move;
use crate::rules::{Game, Position, RuleSet};

/// What is left of a damaged game after its error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skip {
    /// Nothing: the error was at the game's end.
    Nothing,
    /// The rest of its movetext, up to its result or the next tag pair.
    Movetext,
    /// Unreadable text: every line up to the next one that starts with a tag.
    Lines,
}

/// Reads the games of a PDN text one by one. After a damaged game (an `Err`), it resumes at
/// the next game, so every game of a file is reported, good or bad.
pub struct Reader {
    lex: Lexer,
    default_rules: RuleSet,
}

impl Reader {
    /// A reader of `text`; games without a `GameType` tag are read with `default_rules`.
    pub fn new(text: &str, default_rules: RuleSet) -> Reader {
        Reader {
            lex: Lexer::new(text),
            default_rules,
        }
    }

    /// Reads the next game, or `None` at the end of the text.
    fn read(&mut self) -> Option<Result<PdnGame, PdnError>> {
        let first = match self.lex.next()? {
            Ok(t) => t,
            Err(e) => {
                self.lex.skip_to_next_tag_line();
                return Some(Err(e));
            }
        };
        self.lex.push_back(first);
        let mut state = GameState::default();
        let r = self.read_body(&mut state);
        match r {
            Ok(()) => Some(Ok(state.finish())),
            Err((e, skip)) => {
                self.recover(skip);
                Some(Err(e))
            }
        }
    }

    /// Skips the rest of a damaged game: to the end of its movetext (its result or the next
    /// tag pair) when the text can still be read, else to the next line that starts a tag.
    fn recover(&mut self, skip: Skip) {
        if skip == Skip::Nothing {
            return;
        }
        if skip == Skip::Movetext {
            while let Some(t) = self.lex.next() {
                match t {
                    Ok(Spanned {
                        tok: Tok::Result(_),
                        ..
                    }) => return,
                    Ok(
                        t @ Spanned {
                            tok: Tok::Tag { .. },
                            ..
                        },
                    ) if t.column == 1 => {
                        self.lex.push_back(t);
                        return;
                    }
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
        }
        self.lex.skip_to_next_tag_line();
    }

    /// Reads tags and movetext up to and including the result. Errors carry whether they
    /// were lexical (the text itself unreadable) or about the game, i.e. what is left to skip.
    fn read_body(&mut self, st: &mut GameState) -> Result<(), (PdnError, Skip)> {
        loop {
            let Some(t) = self.lex.next() else {
                // End of text without a result: a record cut short, kept as unfinished.
                let (line, column) = (self.lex.line, self.lex.column);
                return st.start(self.default_rules).map_err(|(kind, tag)| {
                    let (line, column) = tag.unwrap_or((line, column));
                    (PdnError { line, column, kind }, Skip::Nothing)
                });
            };
            let t = t.map_err(|e| (e, Skip::Lines))?;
            let at = |kind| {
                let (line, column) = (t.line, t.column);
                (PdnError { line, column, kind }, Skip::Movetext)
            };
            // Errors of the FEN or GameType tag point at the tag.
            let at_tag = |(kind, tag): (PdnErrorKind, Option<(usize, usize)>)| {
                let (line, column) = tag.unwrap_or((t.line, t.column));
                (PdnError { line, column, kind }, Skip::Movetext)
            };
            match &t.tok {
                Tok::Tag { name, value } => {
                    if st.game.is_some() {
                        // A new game's tags before this one's result: this one ends here.
                        self.lex.push_back(t);
                        return Ok(());
                    }
                    st.tags.push((name.clone(), value.clone()));
                    st.tag_at.push((t.line, t.column));
                }
                Tok::Result(r) => {
                    // The game ends here, read or not: nothing of it is left to skip.
                    st.start(self.default_rules)
                        .map_err(at_tag)
                        .map_err(|(e, _)| (e, Skip::Nothing))?;
                    st.result = Some(*r);
                    return Ok(());
                }
                Tok::MoveNumber => {
                    st.start(self.default_rules).map_err(at_tag)?;
                }
                Tok::Comment(c) => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    match st.moves.last_mut() {
                        Some(m) => m.comments.push(c.clone()),
                        None => st.intro.push(c.clone()),
                    }
                }
                Tok::Nag(n) => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    match st.moves.last_mut() {
                        Some(m) => m.nags.push(n.clone()),
                        None => return Err(at(PdnErrorKind::NothingToAnnotate(n.clone()))),
                    }
                }
                Tok::Open => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    let raw = self.variation(&t)?;
                    match st.moves.last_mut() {
                        Some(m) => m.variations.push(raw),
                        None => {
                            return Err(at(PdnErrorKind::NothingToAnnotate(format!("({raw})"))));
                        }
                    }
                }
                Tok::Close => return Err(at(PdnErrorKind::UnmatchedParen)),
                Tok::Move(text) => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    let game = st.game.as_mut().expect("started");
                    let pos = *game.position();
                    if let Some(outcome) = game.outcome() {
                        return Err(at(PdnErrorKind::AfterEnd {
                            text: text.clone(),
                            outcome,
                            fen: fen::write(&pos),
                        }));
                    }
                    let m = parse_move(&pos, text).map_err(|error| {
                        at(PdnErrorKind::Move {
                            ply: game.ply(),
                            error,
                            fen: fen::write(&pos),
                        })
                    })?;
                    game.play(&m).expect("a legal move of a game not over");
                    st.moves.push(PdnMove::new(m));
                }
            }
        }
    }

    /// Reads a variation after its `(` up to the matching `)`; returns its text.
    fn variation(&mut self, open: &Spanned) -> Result<String, (PdnError, Skip)> {
        let mut depth = 1;
        let start = open.end;
        loop {
            let t = match self.lex.next() {
                None => {
                    return Err((
                        PdnError {
                            line: open.line,
                            column: open.column,
                            kind: PdnErrorKind::UnclosedVariation,
                        },
                        Skip::Lines,
                    ));
                }
                Some(t) => t.map_err(|e| (e, Skip::Lines))?,
            };
            match t.tok {
                Tok::Open => depth += 1,
                Tok::Close => {
                    depth -= 1;
                    if depth == 0 {
                        let raw: String = self.lex.chars[start..t.start].iter().collect();
                        return Ok(collapse(&raw));
                    }
                }
                // A tag inside a variation means the `)` is missing.
                Tok::Tag { .. } => {
                    self.lex.push_back(t);
                    return Err((
                        PdnError {
                            line: open.line,
                            column: open.column,
                            kind: PdnErrorKind::UnclosedVariation,
                        },
                        Skip::Movetext,
                    ));
                }
                _ => {}
            }
        }
    }
}

impl Iterator for Reader {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read()
    }
}

#[derive(Default)]
struct GameState {
    tags: Vec<(String, String)>,
    /// Line and column of each tag.
    tag_at: Vec<(usize, usize)>,
    game: Option<Game>,
    rules: Option<RuleSet>,
    intro: Vec<String>,
    moves: Vec<PdnMove>,
    result: Option<PdnResult>,
}

impl GameState {
    /// At the first movetext token: the rule set from `GameType`, the start from `FEN`.
    /// An error comes with the position of the tag at fault.
    fn start(
        &mut self,
        default_rules: RuleSet,
    ) -> Result<(), (PdnErrorKind, Option<(usize, usize)>)> {
        if self.game.is_some() {
            return Ok(());
        }
        let tag = |name: &str| {
            self.tags
                .iter()
                .position(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|i| (self.tags[i].1.clone(), Some(self.tag_at[i])))
        };
        let rules = match tag("GameType") {
            None => default_rules,
            Some((gt, at)) => match gt.split(',').next().map(str::trim) {
                Some("22") => RuleSet::Italian,
                Some("21") => RuleSet::English,
                _ => return Err((PdnErrorKind::UnsupportedGameType(gt), at)),
            },
        };
        let start = match tag("FEN") {
            None => Position::start(rules),
            Some((value, at)) => fen::parse(rules, &value)
                .map_err(|error| (PdnErrorKind::BadFen { value, error }, at))?,
        };
        self.rules = Some(rules);
        self.game = Some(Game::new(start));
        Ok(())
    }

    fn finish(self) -> PdnGame {
        let game = self.game.expect("started before the game ends");
        PdnGame {
            tags: self.tags,
            rules: self.rules.expect("started"),
            start: *game.start(),
            intro: self.intro,
            moves: self.moves,
            result: self.result.unwrap_or(PdnResult::Unknown),
        }
    }
}

/// Reads every game of a PDN file (see [`decode`] for its encoding and [`Reader`] for damaged
/// games).
///
/// # Errors
/// The I/O error when the file can't be read.
pub fn read_file(
    path: &std::path::Path,
    default_rules: RuleSet,
) -> std::io::Result<Vec<Result<PdnGame, PdnError>>> {
    Ok(read_games(&decode(&std::fs::read(path)?), default_rules))
}

/// The text of a PDN file: UTF-8 when it is (a byte-order mark is skipped by the reader), else
/// Latin-1, which older Windows programs write (accented player names in Italian files).
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// Reads every game of a PDN text, damaged ones as errors (see [`Reader`]).
pub fn read_games(text: &str, default_rules: RuleSet) -> Vec<Result<PdnGame, PdnError>> {
    Reader::new(text, default_rules).collect()
}

/// Reads the first game of a PDN text.
///
/// # Errors
/// The first game's [`PdnError`]; [`PdnErrorKind::NoGame`] when there is no game at all.
pub fn read_game(text: &str, default_rules: RuleSet) -> Result<PdnGame, PdnError> {
    Reader::new(text, default_rules)
        .next()
        .unwrap_or(Err(PdnError {
            line: 1,
            column: 1,
            kind: PdnErrorKind::NoGame,
        }))
}
