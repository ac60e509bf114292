//! Reading games from PDN text: tags, then movetext replayed through the rules, one game after
//! another, skipping past damaged ones.

use super::lexer::{Lexer, Spanned, Tok};
use super::{
    MAX_VARIATION_DEPTH, PdnError, PdnErrorKind, PdnGame, PdnMove, PdnResult, RuleDraw, Variation,
};
use crate::notation::movetext::parse_move;
use crate::notation::{excerpt, fen};
use crate::rules::{DrawReason, Game, Position, RuleSet, won_on_board};

/// Where a game begins in a text (see [`Reader::next_start`]): byte offset, line, column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameStart((usize, usize, usize));

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

/// What is left to skip after the lexer's error `e`: a word that is not movetext was read
/// whole, so the text after it reads on to the game's result (a file of games on one line
/// keeps the games after the damaged one); other unreadable text, to the next tag line.
fn after_lexical(e: PdnError) -> (PdnError, Skip) {
    match e.kind {
        PdnErrorKind::UnexpectedText(_) => (e, Skip::Movetext),
        _ => (e, Skip::Lines),
    }
}

/// Reads the games of a PDN text one by one. After a damaged game (an `Err`), it resumes at
/// the next game, so every game of a file is reported, good or bad.
/// A damaged game's error carries what could be read of it before the damage
/// ([`PdnError::partial`]).
pub struct Reader<'a> {
    lex: Lexer<'a>,
    default_rules: RuleSet,
    /// Plies of the main line to read before passing over the rest ([`Reader::next_up_to`]).
    limit: Option<usize>,
    /// The game just read went on past `limit`.
    cut: bool,
}

/// A game read up to a ply ([`Reader::next_up_to`]).
#[derive(Debug)]
pub struct Head {
    /// The game (or its error) up to the plies asked for.
    pub game: Result<PdnGame, PdnError>,
    /// The record goes on past them: its later moves were passed over unread (not replayed,
    /// so a damage there goes unseen); the result is the one written at its end.
    pub cut: bool,
}

impl<'a> Reader<'a> {
    /// A reader of `text`; games without a `GameType` tag are read with `default_rules`.
    pub fn new(text: &'a str, default_rules: RuleSet) -> Reader<'a> {
        Reader {
            lex: Lexer::new(text),
            default_rules,
            limit: None,
            cut: false,
        }
    }

    /// Where the next game begins, so that it can be read again later on its own.
    pub fn next_start(&self) -> GameStart {
        GameStart(self.lex.mark())
    }

    /// A reader of `text` from a game's start, reading from there as the reader that gave
    /// `at` (of the same `text`) did.
    ///
    /// # Panics
    /// If `at` comes from a reader of another text and falls inside a character.
    pub fn resume(text: &'a str, at: GameStart, default_rules: RuleSet) -> Reader<'a> {
        Reader {
            lex: Lexer::resume(text, at.0),
            default_rules,
            limit: None,
            cut: false,
        }
    }

    /// Reads the next game as [`Iterator::next`] does, but only its first `plies` plies: at
    /// the move after them, the rest of its movetext is passed over without replaying it, up
    /// to its result (kept) or the next game's tags. Time and memory go with `plies`, not
    /// with the length of the game (a record of millions of plies shows its start at once).
    pub fn next_up_to(&mut self, plies: usize) -> Option<Head> {
        self.limit = Some(plies);
        let game = self.read();
        self.limit = None;
        let cut = std::mem::take(&mut self.cut);
        game.map(|game| Head { game, cut })
    }

    /// Whether the text holds nothing more (no game, not even damaged text; comments after
    /// the last game's result are no game).
    pub fn at_end(&self) -> bool {
        let mut lex = self.lex.clone();
        loop {
            match lex.next() {
                None => return true,
                Some(Ok(Spanned {
                    tok: Tok::Comment(_),
                    ..
                })) => {}
                Some(_) => return false,
            }
        }
    }

    /// After the plies asked for: the rest of the movetext, passed over (see
    /// [`Reader::next_up_to`]).
    fn skip_rest(&mut self, st: &mut GameState) {
        self.cut = true;
        // Results inside a variation are not the game's.
        let mut depth = 0usize;
        while let Some(t) = self.lex.next() {
            let Ok(t) = t else {
                // Unreadable text after the plies asked for: the game ends there unseen.
                self.lex.skip_to_next_tag_line();
                return;
            };
            match &t.tok {
                Tok::Open => depth += 1,
                Tok::Close => depth = depth.saturating_sub(1),
                Tok::Result(r) if depth == 0 => {
                    st.result = Some(*r);
                    return;
                }
                Tok::Tag { .. } => {
                    self.lex.push_back(t);
                    return;
                }
                _ => {}
            }
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
            // Comments after the last game's result, and nothing else: no game.
            Ok(()) if state.game.is_none() => None,
            Ok(()) => Some(Ok(state.finish())),
            Err((mut e, skip)) => {
                self.recover(skip);
                // A tag pair that cannot be read leaves the start unknown (it may be the FEN):
                // nothing to show, as for a FEN that cannot be read.
                let tags_at_fault = state.game.is_none()
                    && matches!(e.kind, PdnErrorKind::UnclosedTag | PdnErrorKind::BadTag);
                if !tags_at_fault {
                    e.partial = state.partial(self.default_rules).map(Box::new);
                }
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
    #[allow(
        clippy::result_large_err,
        reason = "at most one error per game: not worth a box on the hot path"
    )]
    fn read_body(&mut self, st: &mut GameState) -> Result<(), (PdnError, Skip)> {
        loop {
            let Some(t) = self.lex.next() else {
                if st.game.is_none() && st.tags.is_empty() {
                    // Only comments since the last game's result: no game.
                    return Ok(());
                }
                // End of text without a result: a record cut short, kept as unfinished.
                let (line, column) = (self.lex.line, self.lex.column);
                return st.start(self.default_rules).map_err(|(kind, tag)| {
                    let (line, column) = tag.unwrap_or((line, column));
                    (PdnError::new(line, column, kind), Skip::Nothing)
                });
            };
            let t = t.map_err(after_lexical)?;
            let at = |kind| {
                let (line, column) = (t.line, t.column);
                (PdnError::new(line, column, kind), Skip::Movetext)
            };
            // Errors of the FEN or GameType tag point at the tag.
            let at_tag = |(kind, tag): (PdnErrorKind, Option<(usize, usize)>)| {
                let (line, column) = tag.unwrap_or((t.line, t.column));
                (PdnError::new(line, column, kind), Skip::Movetext)
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
                // Before any tag or move, a comment opens the next game (a comment after a
                // game's result starts no game of its own).
                Tok::Comment(c) if st.game.is_none() && st.tags.is_empty() => {
                    st.intro.push(c.clone());
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
                        Some(m) => m.nags.push(n.to_string()),
                        None => return Err(at(PdnErrorKind::NothingToAnnotate(n.to_string()))),
                    }
                }
                Tok::Open => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    let Some(before) = st.before_last else {
                        return Err(at(PdnErrorKind::NothingToAnnotate("(".into())));
                    };
                    let ply = st.moves.len() - 1;
                    let v = self.variation(&t, before, ply, 1)?;
                    st.moves.last_mut().expect("a move").variations.push(v);
                }
                Tok::Close => return Err(at(PdnErrorKind::UnmatchedParen)),
                Tok::Move(_) if self.limit == Some(st.moves.len()) => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    self.skip_rest(st);
                    return Ok(());
                }
                Tok::Move(text) => {
                    st.start(self.default_rules).map_err(at_tag)?;
                    let game = st.game.as_mut().expect("started");
                    let pos = *game.position();
                    // R-G1: a game won on the board (a side without pieces, even when it is
                    // not its turn, as a FEN may set up; or no move) takes no further move,
                    // as `dama engine` judges it.
                    if let Some(outcome) = won_on_board(&pos) {
                        return Err(at(PdnErrorKind::AfterEnd {
                            text: excerpt(text),
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
                    // R-G2, R-G3: the rules draw the game here, but records made under other
                    // conventions play on; the draw is noted where it happened.
                    if st.rule_draw.is_none() {
                        let reason = if game.repetitions() >= 3 {
                            Some(DrawReason::Repetition)
                        } else if game.draw_state().is_no_progress_draw() {
                            Some(DrawReason::NoProgress)
                        } else {
                            None
                        };
                        st.rule_draw = reason.map(|reason| RuleDraw {
                            ply: game.ply(),
                            reason,
                        });
                    }
                    // `parse_move` resolved it among the legal moves of this position.
                    game.play_unchecked(m);
                    st.before_last = Some(pos);
                    st.moves.push(PdnMove::new(m));
                }
            }
        }
    }

    /// Reads a variation after its `(` up to the matching `)`: its moves replayed from
    /// `start` (the position before the move it replaces, ply `ply` of the game), nested
    /// variations read the same way, `depth` deep.
    #[allow(clippy::result_large_err, reason = "as for read_body")]
    fn variation(
        &mut self,
        open: &Spanned,
        start: Position,
        ply: usize,
        depth: usize,
    ) -> Result<Variation, (PdnError, Skip)> {
        let unclosed = || PdnError::new(open.line, open.column, PdnErrorKind::UnclosedVariation);
        if depth > MAX_VARIATION_DEPTH {
            let e = PdnError::new(open.line, open.column, PdnErrorKind::VariationTooDeep);
            return Err((e, Skip::Lines));
        }
        let mut v = Variation::default();
        let (mut pos, mut before) = (start, start);
        loop {
            let t = match self.lex.next() {
                None => return Err((unclosed(), Skip::Lines)),
                Some(t) => t.map_err(after_lexical)?,
            };
            if let Tok::Tag { .. } = t.tok {
                // A tag inside a variation means the `)` is missing.
                self.lex.push_back(t);
                return Err((unclosed(), Skip::Movetext));
            }
            let at = |kind| (PdnError::new(t.line, t.column, kind), Skip::Movetext);
            match &t.tok {
                Tok::Close => return Ok(v),
                Tok::Tag { .. } | Tok::MoveNumber => {}
                Tok::Comment(c) => match v.moves.last_mut() {
                    Some(m) => m.comments.push(c.clone()),
                    None => v.intro.push(c.clone()),
                },
                Tok::Nag(n) => match v.moves.last_mut() {
                    Some(m) => m.nags.push(n.to_string()),
                    None => return Err(at(PdnErrorKind::NothingToAnnotate(n.to_string()))),
                },
                Tok::Open => {
                    if v.moves.is_empty() {
                        return Err(at(PdnErrorKind::NothingToAnnotate("(".into())));
                    }
                    let inner = self.variation(&t, before, ply + v.moves.len() - 1, depth + 1)?;
                    v.moves.last_mut().expect("a move").variations.push(inner);
                }
                // Some programs end a variation with its outcome, `(... 1-0)`: kept. A
                // result anywhere else is the game's, and the `)` before it is missing.
                Tok::Result(r) => match self.lex.next() {
                    Some(Ok(Spanned {
                        tok: Tok::Close, ..
                    })) => {
                        v.result = Some(*r);
                        return Ok(v);
                    }
                    Some(Ok(next)) => {
                        self.lex.push_back(next);
                        return Err((unclosed(), Skip::Nothing));
                    }
                    Some(Err(e)) => return Err((e, Skip::Lines)),
                    None => return Err((unclosed(), Skip::Nothing)),
                },
                Tok::Move(text) => {
                    // A variation, too, ends where the game is won on the board (R-G1).
                    if let Some(outcome) = won_on_board(&pos) {
                        return Err(at(PdnErrorKind::AfterEnd {
                            text: excerpt(text),
                            outcome,
                            fen: fen::write(&pos),
                        }));
                    }
                    let m = parse_move(&pos, text).map_err(|error| {
                        at(PdnErrorKind::Move {
                            ply: ply + v.moves.len(),
                            error,
                            fen: fen::write(&pos),
                        })
                    })?;
                    before = pos;
                    pos = pos.after(&m);
                    v.moves.push(PdnMove::new(m));
                }
            }
        }
    }
}

impl Iterator for Reader<'_> {
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
    rule_draw: Option<RuleDraw>,
    /// The position before the main line's last move: where a variation after it starts.
    before_last: Option<Position>,
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
                _ => return Err((PdnErrorKind::UnsupportedGameType(excerpt(&gt)), at)),
            },
        };
        let start = match tag("FEN") {
            None => Position::start(rules),
            Some((value, at)) => fen::parse(rules, &value).map_err(|error| {
                let value = excerpt(&value);
                (PdnErrorKind::BadFen { value, error }, at)
            })?,
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
            rule_draw: self.rule_draw,
        }
    }

    /// What a damaged game shows: its tags and the moves before the damage, result unknown;
    /// `None` when its tags themselves are at fault (no rules or start to show it from).
    fn partial(&mut self, default_rules: RuleSet) -> Option<PdnGame> {
        if self.game.is_none() && self.tags.is_empty() {
            // Nothing of a game was read: text that is no game at all.
            return None;
        }
        self.start(default_rules).ok()?;
        self.result = None;
        Some(std::mem::take(self).finish())
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
        .unwrap_or(Err(PdnError::new(1, 1, PdnErrorKind::NoGame)))
}
