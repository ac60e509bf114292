//! Moving the cursor and entering moves: picking a piece, choosing where it goes (a capture by
//! its final square, then by landing squares when several chains end there), and the reasons
//! for refusals.

use super::App;
use crate::rules::{Color, Kind, Move, Square};
use crate::tui::explain;
use crate::tui::input::Action;
use crate::tui::lang::Msg;

impl App {
    /// The moves that can be entered: the game's; on the analysis board, the position's own
    /// past a draw by the rules too (the board goes on, as a record may), none once won.
    fn entry_moves(&self) -> crate::rules::MoveList {
        match &self.analysis {
            Some(_) if self.game.outcome().is_none_or(|o| o.winner().is_none()) => {
                crate::rules::legal_moves(self.game.position())
            }
            _ => self.game.legal_moves(),
        }
    }

    /// The legal moves of the picked piece that are still possible with the landing squares
    /// chosen so far.
    pub fn candidates(&self) -> Vec<Move> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        self.entry_moves()
            .into_iter()
            .filter(|m| m.from() == from)
            .filter(|m| self.target.is_none_or(|t| m.to() == t))
            .filter(|m| passes_in_order(m, &self.via))
            .collect()
    }

    /// The squares to highlight as places to put the picked piece: the final squares of the
    /// candidates, or, while several captures end on the chosen square, the landing squares
    /// that tell them apart.
    pub fn targets(&self) -> Vec<Square> {
        let cands = self.candidates();
        let mut out: Vec<Square> = if self.target.is_some() {
            distinguishing(&cands)
        } else {
            cands.iter().map(|m| m.to()).collect()
        };
        out.sort();
        out.dedup();
        out
    }

    /// The pieces that must capture, marked while the player has not picked one (R-C1).
    pub fn capturers(&self) -> Vec<Square> {
        if self.selected.is_some()
            || self.viewer.is_some()
            || self.peek.is_some()
            || self.editor.is_some()
            || !self.person_to_move()
            || !crate::rules::has_capture(self.game.position())
        {
            return Vec::new();
        }
        let mut v: Vec<Square> = self.entry_moves().iter().map(|m| m.from()).collect();
        v.sort();
        v.dedup();
        v
    }

    /// The arrows move the cursor, in every mode with a board to point at; whether `action`
    /// was one of them.
    pub(super) fn arrow(&mut self, action: &Action) -> bool {
        let (dr, df) = match action {
            Action::Up => (-1, 0),
            Action::Down => (1, 0),
            Action::Left => (0, -1),
            Action::Right => (0, 1),
            _ => return false,
        };
        self.move_cursor(dr, df);
        true
    }

    pub(super) fn move_cursor(&mut self, dr: i8, df: i8) {
        let (dr, df) = if self.flipped { (-dr, -df) } else { (dr, df) };
        let r = (self.cursor.0 as i8 + dr).clamp(0, 7) as u8;
        let f = (self.cursor.1 as i8 + df).clamp(0, 7) as u8;
        self.cursor = (r, f);
    }

    /// Puts the cursor on a piece of the player that can move (the first one), or leaves it.
    /// While the engine is to move (it opens the game), on the player's own piece nearest the
    /// middle instead, not on the engine's pieces.
    pub(super) fn place_cursor(&mut self) {
        let rules = self.settings.rules;
        let human = match self.settings.players {
            super::Players::Engine => self.settings.human,
            _ => self.side_to_move(),
        };
        let sq = if self.side_to_move() == human {
            self.entry_moves().first().map(|m| m.from())
        } else {
            // Squares are numbered from Black's side: White's front is its lowest number.
            let mut own = self.game.position().pieces_of(human).iter();
            match human {
                Color::White => own.next(),
                Color::Black => own.last(),
            }
        };
        if let Some(sq) = sq {
            self.cursor = (sq.row(), sq.file(rules));
        }
    }

    /// The board square at display row/column.
    pub fn display_to_board(&self, drow: u8, dcol: u8) -> (u8, u8) {
        if self.flipped {
            (7 - drow, 7 - dcol)
        } else {
            (drow, dcol)
        }
    }

    pub(super) fn click(&mut self, x: u16, y: u16) {
        let Some(screen) = self.screen else {
            return;
        };
        if let Some((dr, dc)) = screen.hit(x, y) {
            self.cursor = self.display_to_board(dr, dc);
            self.select();
        }
    }

    pub(super) fn clear_selection(&mut self) {
        self.selected = None;
        self.target = None;
        self.via.clear();
    }

    pub(super) fn cancel(&mut self) {
        if self.target.is_some() || !self.via.is_empty() {
            self.target = None;
            self.via.clear();
            self.message = self.t(Msg::ChooseWhere).into();
        } else if let Some(sq) = self.selected {
            if self.settings.touch_move {
                self.message = self.fill(Msg::TouchMoveMust, &[&sq]);
            } else {
                self.clear_selection();
                self.message.clear();
            }
        } else {
            self.message.clear();
        }
    }

    pub(super) fn select(&mut self) {
        if self.analysis.is_some() {
            // Past a draw by the rules the analysis board goes on, as a record may; a won
            // position (no move, no pieces) has nothing to play, and the board's keys are
            // not a game's.
            if let Some(o) = self.game.outcome().filter(|o| o.winner().is_some()) {
                self.message = crate::tui::lang::outcome(self.lang(), o);
                return;
            }
        } else if self.game.outcome().is_some() {
            self.message = self.t(Msg::GameOverKeys).into();
            return;
        }
        if !self.person_to_move() {
            self.message = self.t(Msg::EngineThinkingWait).into();
            return;
        }
        let sq = self.cursor_square();
        match self.selected {
            None => self.pick(sq),
            Some(from) => self.put(from, sq),
        }
    }

    pub(super) fn pick(&mut self, sq: Option<Square>) {
        let Some(sq) = sq else {
            self.message = self.t(Msg::DarkSquaresOnly).into();
            return;
        };
        if let Some(why) = explain::cannot_pick(self.game.position(), sq, self.lang()) {
            self.message = why;
            return;
        }
        self.selected = Some(sq);
        self.target = None;
        self.via.clear();
        let capture = self.candidates().iter().any(Move::is_capture);
        let back_home = self.candidates().iter().any(|m| m.to() == sq);
        // Italian names the piece ("la pedina 22", "la dama 22").
        let king = self.game.position().piece_at(sq).map(|p| p.kind) == Some(Kind::King);
        let key = match (back_home, capture, self.settings.touch_move, king) {
            (true, ..) => Msg::MustCaptureBackHome,
            (_, true, ..) => Msg::MustCaptureChoose,
            // R-G6: a picked piece that can move must move, so there is no letting go.
            (_, _, true, false) => Msg::PickedTouch,
            (_, _, true, true) => Msg::PickedKingTouch,
            (_, _, false, false) => Msg::Picked,
            (_, _, false, true) => Msg::PickedKing,
        };
        self.message = self.fill(key, &[&sq]);
    }

    pub(super) fn put(&mut self, from: Square, sq: Option<Square>) {
        let pos = *self.game.position();
        let own = sq.and_then(|s| pos.piece_at(s)).map(|p| p.color) == Some(pos.side_to_move());
        let cands = self.candidates();
        let Some(t) = sq else {
            self.message = explain::cannot_move(&pos, from, None, self.lang());
            return;
        };
        // Another of the player's pieces: pick it instead (a chain may end on its own start,
        // so the picked square itself is a target when some capture ends there).
        if own && !cands.iter().any(|m| m.to() == t) {
            if self.settings.touch_move && t != from {
                self.message = self.fill(Msg::TouchMoveMust, &[&from]);
                return;
            }
            if t == from {
                self.cancel();
                return;
            }
            // A piece that cannot move is not picked: the current one stays in hand.
            if let Some(why) = explain::cannot_pick(&pos, t, self.lang()) {
                self.message = why;
                return;
            }
            self.clear_selection();
            self.pick(Some(t));
            return;
        }
        // The chosen final square again: the chain that passes none of the marked squares
        // (one whose landing squares are all shared with the others), if there is one.
        if self.target == Some(t) {
            match plain(&cands).as_slice() {
                [m] => return self.play_human(*m),
                _ => {
                    self.message = self.t(Msg::ChooseMarked).into();
                    return;
                }
            }
        }
        if self.target.is_none() {
            let ending: Vec<Move> = cands.iter().filter(|m| m.to() == t).copied().collect();
            match ending.len() {
                1 => return self.play_human(ending[0]),
                0 => {}
                _ => {
                    self.target = Some(t);
                    let again = if plain(&ending).len() == 1 {
                        self.fill(Msg::AgainForPlain, &[&t])
                    } else {
                        String::new()
                    };
                    self.message = self.fill(Msg::CapturesEndOn, &[&ending.len(), &t, &again]);
                    return;
                }
            }
        }
        // A landing square on the way (choosing a chain step by step).
        let on_way: Vec<Move> = cands
            .iter()
            .filter(|m| {
                let mut via = self.via.clone();
                via.push(t);
                m.to() != t && passes_in_order(m, &via)
            })
            .copied()
            .collect();
        if on_way.is_empty() {
            self.message = if self.target.is_some() || !self.via.is_empty() {
                self.t(Msg::ChooseMarked).into()
            } else {
                explain::cannot_move(&pos, from, Some(t), self.lang())
            };
            return;
        }
        self.via.push(t);
        let left = self.candidates();
        if left.len() == 1 {
            return self.play_human(left[0]);
        }
        self.message = self.fill(Msg::Through, &[&t]);
    }

    pub(super) fn play_human(&mut self, m: Move) {
        if self.analysis.is_some() {
            return self.analysis_play(m);
        }
        let side = self.side_to_move();
        if let Err(e) = self.game.play(&m) {
            self.message = crate::tui::lang::illegal(self.lang(), &e);
            return;
        }
        // A training position is not a game to keep.
        if self.training.is_none() {
            self.keeper.take_over();
        }
        self.clock.moved(side);
        self.clear_selection();
        self.redo.clear();
        self.hint = None;
        self.stop_search();
        let text = crate::tui::lang::move_text(&m, self.settings.rules);
        self.message = match self.settings.players {
            // Two players: said by colour, not "you".
            super::Players::TwoPlayers { .. } => self.fill(
                Msg::SidePlayed,
                &[&crate::tui::lang::color(self.lang(), side), &text],
            ),
            _ => self.fill(Msg::YouPlayed, &[&text]),
        };
        self.after_move();
    }
}

/// Whether `m` lands on the squares of `via` in that order (not counting its final square).
fn passes_in_order(m: &Move, via: &[Square]) -> bool {
    let mut it = m.path();
    via.iter().all(|v| it.by_ref().any(|s| s == *v))
}

/// The landing squares (not final) found in some but not all of `moves`: choosing one tells
/// the chains apart.
fn distinguishing(moves: &[Move]) -> Vec<Square> {
    let mut all: Vec<Square> = Vec::new();
    for m in moves {
        let path: Vec<Square> = m.path().collect();
        for &s in &path[..path.len().saturating_sub(1)] {
            all.push(s);
        }
    }
    all.sort();
    all.dedup();
    all.retain(|s| {
        !moves.iter().all(|m| {
            m.path()
                .take(m.path().count().saturating_sub(1))
                .any(|x| x == *s)
        })
    });
    all
}

/// The chains among `moves` that pass none of the squares telling them apart.
fn plain(moves: &[Move]) -> Vec<Move> {
    let d = distinguishing(moves);
    moves
        .iter()
        .filter(|m| {
            let n = m.path().count();
            !m.path().take(n - 1).any(|s| d.contains(&s))
        })
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::{Dir, RuleSet};

    /// A king's chain on the Italian board from square index `from`, jumping in `dirs`.
    fn chain(from: u8, dirs: &[Dir]) -> Move {
        let rules = RuleSet::Italian;
        let (mut sq, mut captured, mut packed) = (Square::new(from), 0u32, 0u32);
        for (i, &d) in dirs.iter().enumerate() {
            let over = sq.neighbour(rules, d).unwrap();
            captured |= 1 << over.index();
            sq = over.neighbour(rules, d).unwrap();
            packed |= (d as u32) << (2 * i);
        }
        let to = sq.index() as u8;
        Move::capture(
            rules,
            from,
            to,
            packed,
            dirs.len() as u8,
            captured,
            0,
            true,
            false,
        )
    }

    #[test]
    fn landing_squares_tell_chains_apart() {
        // Two chains from index 0 to 18: one through 9, one through 9, 16 and 25.
        let (dl, dr, ur) = (Dir::DownLeft, Dir::DownRight, Dir::UpRight);
        let short = chain(0, &[dr, dr]);
        let long = chain(0, &[dr, dl, dr, ur]);
        let landings = |m: &Move| m.path().map(|s| s.index()).collect::<Vec<_>>();
        assert_eq!(landings(&short), [9, 18]);
        assert_eq!(landings(&long), [9, 16, 25, 18]);
        let both = [short, long];
        let d = distinguishing(&both);
        assert_eq!(d, vec![Square::new(16), Square::new(25)]);
        assert_eq!(plain(&both), vec![short]);
        assert!(passes_in_order(&long, &[Square::new(16), Square::new(25)]));
        assert!(!passes_in_order(&long, &[Square::new(25), Square::new(16)]));
    }
}
