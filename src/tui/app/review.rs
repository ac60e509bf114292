//! Review: the engine goes through a finished game (or a replayed record) position by
//! position in the background, one search at a time on the engine thread; the viewer then
//! shows a score graph over the moves, `?` / `??` on the moves that lost half a man / one and a
//! half men or more, and `x` jumps to the next mistake with the engine's better move marked on
//! the board.

use super::{App, Purpose};
use crate::engine::Limits;
use crate::engine::WIN;
use crate::engine::score::names_winner;
use crate::rules::{Color, Game, Move};
use crate::tui::lang::Msg;
use crate::tui::viewer::Viewer;

/// The depth of each position's search: deep enough to see the usual shots, quick enough
/// that a 100-ply game is reviewed in a few seconds in a release build.
pub const REVIEW_DEPTH: u32 = 10;

/// A move that loses this much (centi-men, from its player's view) is a mistake `?`.
pub const MISTAKE: i32 = 50;
/// ... and this much a blunder `??` (the thresholds `dama analyze --annotate` uses).
pub const BLUNDER: i32 = 150;

/// A review in progress or done, of the viewer's current game.
#[derive(Clone, Debug)]
pub struct Review {
    /// The game at each ply (the history matters for repetitions).
    games: Vec<Game>,
    /// Each position's score from White's view, once searched.
    scores: Vec<Option<i32>>,
    /// The engine's best move in each position.
    best: Vec<Option<Move>>,
    /// The viewer's game the review is of.
    pub game_index: usize,
    /// The ply of the mistake `x` showed last: the next `x` goes past it.
    shown: Option<usize>,
}

impl Review {
    fn new(start: Game, moves: &[Move], game_index: usize) -> Review {
        let mut games = vec![start];
        for m in moves {
            let mut g = games[games.len() - 1].clone();
            if g.play(m).is_err() {
                break;
            }
            games.push(g);
        }
        let n = games.len();
        Review {
            games,
            scores: vec![None; n],
            best: vec![None; n],
            game_index,
            shown: None,
        }
    }

    /// Positions searched so far and in all.
    pub fn progress(&self) -> (usize, usize) {
        (
            self.scores.iter().filter(|s| s.is_some()).count(),
            self.scores.len(),
        )
    }

    pub fn done(&self) -> bool {
        self.scores.iter().all(Option::is_some)
    }

    /// Scores from White's view, position by position (`None` not yet searched); a forced
    /// result counts as ten men so the graph and the marks stay in scale.
    pub fn white_scores(&self) -> Vec<Option<i32>> {
        self.scores
            .iter()
            .map(|s| {
                s.map(|v| {
                    if names_winner(v) {
                        v.signum() * 1000
                    } else {
                        v
                    }
                })
            })
            .collect()
    }

    /// The game as it stood before the move of ply `ply`.
    pub fn game_at(&self, ply: usize) -> Option<&Game> {
        self.games.get(ply)
    }

    /// The next position to search.
    fn next(&self) -> Option<usize> {
        self.scores.iter().position(Option::is_none)
    }

    /// The mark of the move played from position `ply` (`"?"`, `"??"` or `""`), and the
    /// better move the engine found there.
    pub fn mark(&self, ply: usize, played: &Move) -> (&'static str, Option<Move>) {
        let scores = self.white_scores();
        let (Some(Some(before)), Some(Some(after))) = (scores.get(ply), scores.get(ply + 1)) else {
            return ("", None);
        };
        let best = self.best.get(ply).copied().flatten();
        if best == Some(*played) {
            return ("", None);
        }
        let mover = self.games[ply].position().side_to_move();
        let sign = if mover == Color::White { 1 } else { -1 };
        let lost = sign * (before - after);
        let mark = if lost >= BLUNDER {
            "??"
        } else if lost >= MISTAKE {
            "?"
        } else {
            ""
        };
        (mark, best.filter(|_| !mark.is_empty()))
    }
}

impl App {
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// Starts reviewing the viewer's current game (`v` in the viewer).
    pub(super) fn start_review(&mut self) {
        let Some(v) = self.viewer.as_ref() else {
            return;
        };
        let Some(r) = v.replay() else {
            self.message = Msg::ReviewNothing.text(self.settings.lang).into();
            return;
        };
        let rec = r.record();
        let moves: Vec<Move> = rec.moves.iter().map(|m| m.mv).collect();
        let review = Review::new(Game::new(rec.start), &moves, v.index());
        self.stop_search();
        self.review = Some(review);
        self.message = Msg::ReviewStarted.text(self.settings.lang).into();
        self.review_next();
    }

    /// The game-end dialog's "review": the finished game opens in the viewer and is reviewed.
    pub(super) fn review_finished_game(&mut self) {
        // Named as the game is kept and archived: two players are White and Black (not "You"
        // against the engine, which made White's mistakes "yours" for the training).
        let names = self.names();
        let record = crate::notation::pdn::PdnGame::from_game(
            &self.game,
            "dama",
            &names.white,
            &names.black,
        );
        self.stop_search();
        let name = Msg::ThisGame.text(self.settings.lang).to_string();
        let mut viewer = Viewer::new(name, vec![Ok(record)], 0);
        // The review opens where the game ended, the position the dialog was over (the
        // board keeps the played game, with how it ended); Left steps back from there.
        viewer.to_end();
        self.viewer = Some(viewer);
        self.flipped = self.settings.human == Color::Black;
        self.clear_selection();
        self.start_review();
    }

    /// Asks for the next position's search, if any is left.
    pub(super) fn review_next(&mut self) {
        let Some(review) = &self.review else {
            return;
        };
        match review.next() {
            Some(i) => {
                let game = review.games[i].clone();
                if game.outcome().is_some() {
                    // The end itself needs no search: it is won, lost or drawn.
                    let score = match game.outcome().and_then(|o| o.winner()) {
                        Some(Color::White) => WIN,
                        Some(Color::Black) => -WIN,
                        None => 0,
                    };
                    self.record_review(i, score, None);
                    return;
                }
                let saved = std::mem::replace(&mut self.game, game);
                self.start_search(Purpose::Review(i), Limits::Depth(REVIEW_DEPTH));
                self.game = saved;
            }
            None => {
                self.message = match self.mistakes().len() {
                    0 => Msg::ReviewDoneNone.text(self.settings.lang).into(),
                    1 => Msg::ReviewDoneOne.text(self.settings.lang).into(),
                    n => Msg::ReviewDone.fill(self.settings.lang, &[&n]),
                };
                // The player's own mistakes become training positions.
                if let Some(note) = self.keep_own_mistakes() {
                    self.message.push_str(&note);
                }
            }
        }
    }

    /// A finished review search: `score` from the side to move's view.
    pub(super) fn on_review(&mut self, ply: usize, score: i32, best: Option<Move>) {
        let Some(review) = &self.review else {
            return;
        };
        let side = review.games[ply].position().side_to_move();
        let white = if side == Color::White { score } else { -score };
        self.record_review(ply, white, best);
    }

    fn record_review(&mut self, ply: usize, white: i32, best: Option<Move>) {
        if let Some(review) = self.review.as_mut()
            && ply < review.scores.len()
        {
            review.scores[ply] = Some(white);
            review.best[ply] = best;
        }
        self.review_next();
    }

    /// The plies whose move is marked `?` or `??`.
    pub fn mistakes(&self) -> Vec<usize> {
        let (Some(review), Some(v)) = (&self.review, &self.viewer) else {
            return Vec::new();
        };
        if review.game_index != v.index() {
            return Vec::new(); // a review of another game of the file
        }
        let Some(r) = v.replay() else {
            return Vec::new();
        };
        r.record()
            .moves
            .iter()
            .enumerate()
            .filter(|(i, m)| !review.mark(*i, &m.mv).0.is_empty())
            .map(|(i, _)| i)
            .collect()
    }

    /// `x`: the position before the next mistake from the shown one (past the one `x` showed
    /// last), with the engine's better move marked on the board; after the last one, back to
    /// the first, saying so.
    pub(super) fn next_mistake(&mut self) {
        let mistakes = self.mistakes();
        let shown = self.review.as_ref().and_then(|r| r.shown);
        let Some(v) = self.viewer.as_mut() else {
            return;
        };
        let here = v.replay().map_or(0, |r| r.ply());
        let from = if shown == Some(here) { here + 1 } else { here };
        let next = mistakes.iter().find(|&&p| p >= from);
        // Round to the first again only after a mistake was shown: the review opens at the
        // final position, past every mistake, and the first x there just goes to the first.
        let wrapped = next.is_none() && !mistakes.is_empty() && shown.is_some();
        let Some(&ply) = next.or(mistakes.first()) else {
            self.message = if self.review.as_ref().is_some_and(Review::done) {
                Msg::NoMistakes.text(self.settings.lang).into()
            } else {
                Msg::NoMistakesYet.text(self.settings.lang).into()
            };
            return;
        };
        // Shown: the position the mistake was made in, so the better move can be played.
        v.goto(ply);
        let played = v.replay().and_then(|r| r.next_move()).map(|m| m.mv);
        // Numbered as the move list numbers it: a record from a position with the second
        // player to move starts at `1...`.
        let number = v
            .replay()
            .map_or(ply / 2 + 1, |r| r.record().move_number(ply).0);
        if let Some(g) = v.game_so_far() {
            self.game = g;
        }
        if let Some(r) = self.review.as_mut() {
            r.shown = Some(ply);
        }
        let Some(review) = &self.review else {
            return;
        };
        let Some(played) = played else {
            return;
        };
        let (mark, better) = review.mark(ply, &played);
        self.hint = better;
        let lang = self.settings.lang;
        // Going round to the first mistake again says so; both name the better move if any.
        let (with_better, alone) = if wrapped {
            (Msg::MistakesWrappedBetter, Msg::MistakesWrapped)
        } else {
            (Msg::MistakeBetter, Msg::MistakeAt)
        };
        self.message = match better {
            Some(b) => with_better.fill(
                lang,
                &[
                    &number,
                    &played,
                    &mark,
                    &crate::tui::lang::move_text(&b, self.settings.rules),
                ],
            ),
            None => alone.fill(lang, &[&number, &played, &mark]),
        };
    }
}
