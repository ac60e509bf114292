//! A game: the start position, the moves played, and the end of the game (R-G1..R-G5).
//! Taking back moves is exact because each move describes itself.

use super::{Color, DrawState, Move, MoveList, Position, RuleSet, legal_moves, legal_moves_into};
use std::fmt;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser has no pieces left (R-G1).
    NoPieces,
    /// The loser, to move, has no legal move (R-G1).
    NoMoves,
    /// The loser resigned (R-G4).
    Resignation,
    /// The loser's time ran out under a time control (a clock is not part of the rules; the
    /// program that keeps time declares the result).
    Time,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// Third occurrence of the same position with the same side to move (R-G2).
    Repetition,
    /// 80 plies with no capture and no man move (R-G3).
    NoProgress,
    /// Both players agreed (R-G5).
    Agreement,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw { reason: DrawReason },
}

impl Outcome {
    /// The PDN result (R-N3), scored as draughts records score it: the side that moved first
    /// comes first. `1-0` is a White win in Italian and a Black win in English (CheckerBoard's
    /// files agree: in the Tinsley collection 84 of 103 decisive games that end with one side
    /// ahead in material name that side the winner this way, 19 the other way).
    pub fn pdn_result(self, rules: RuleSet) -> &'static str {
        match self.winner() {
            None => "1/2-1/2",
            Some(c) if c == rules.first_to_move() => "1-0",
            Some(_) => "0-1",
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

/// The game won on the board (R-G1): a side without pieces has lost, whoever is to move, and
/// so has the side to move without a legal move. Shared by [`Game::outcome`] and the PDN
/// reader, which refuses a move after such a position in the main line and in variations alike.
pub fn won_on_board(pos: &Position) -> Option<Outcome> {
    let side = pos.side_to_move();
    for loser in [side, side.opposite()] {
        if pos.pieces_of(loser).is_empty() {
            return Some(Outcome::Win {
                winner: loser.opposite(),
                reason: WinReason::NoPieces,
            });
        }
    }
    if legal_moves(pos).is_empty() {
        return Some(Outcome::Win {
            winner: side.opposite(),
            reason: WinReason::NoMoves,
        });
    }
    None
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                let loser = winner.opposite();
                match reason {
                    WinReason::NoPieces => write!(f, "{winner} wins: {loser} has no pieces left"),
                    WinReason::NoMoves => write!(f, "{winner} wins: {loser} has no legal move"),
                    WinReason::Resignation => write!(f, "{winner} wins: {loser} resigned"),
                    WinReason::Time => write!(f, "{winner} wins: {loser} ran out of time"),
                }
            }
            Outcome::Draw { reason } => match reason {
                DrawReason::Repetition => {
                    write!(f, "Draw: the same position occurred three times")
                }
                DrawReason::NoProgress => write!(
                    f,
                    "Draw: 80 plies without a capture or a man move (the house rule)"
                ),
                DrawReason::Agreement => write!(f, "Draw by agreement"),
            },
        }
    }
}

/// Why [`Game::play`] refused a move; keeps the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game has already ended.
    GameOver(Move),
    /// The move is not among the legal moves of the position.
    NotLegal(Move),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver(m) => write!(f, "{m}: the game is over"),
            IllegalMove::NotLegal(m) => write!(f, "{m} is not a legal move here"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// The history of one game.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    hashes: Vec<u64>,
    draw: Vec<DrawState>,
    moves: Vec<Move>,
    /// An end that the board does not show: resignation or agreement.
    declared: Option<Outcome>,
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            hashes: vec![start.hash()],
            draw: vec![DrawState::default()],
            moves: Vec::new(),
            declared: None,
        }
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The position after `ply` plies (0 = start).
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// Hashes of every position so far, the current one last (for the engine's repetition
    /// checks).
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    pub fn draw_state(&self) -> DrawState {
        *self.draw.last().expect("a game always has a draw state")
    }

    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() {
            MoveList::new()
        } else {
            legal_moves(self.position())
        }
    }

    /// Plays a legal move. A move equal to a legal one in start, landing square and captured
    /// set is that move (R-C7), whatever path it gives.
    ///
    /// # Errors
    /// [`IllegalMove`] when the game is over or the move is not legal; the game is unchanged.
    pub fn play(&mut self, m: &Move) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver(*m));
        }
        let legal = legal_moves(self.position())
            .into_iter()
            .find(|l| l.from() == m.from() && l.to() == m.to() && l.captured() == m.captured())
            .ok_or(IllegalMove::NotLegal(*m))?;
        self.push(legal);
        Ok(())
    }

    /// Plays a legal move like [`Game::play`], also after a draw by repetition or by no
    /// progress (R-G2, R-G3): game records made under other conventions play on past them.
    /// Any other end of the game still refuses the move.
    ///
    /// # Errors
    /// [`IllegalMove`] when the game has ended otherwise or the move is not legal.
    pub fn play_past_draw(&mut self, m: &Move) -> Result<(), IllegalMove> {
        if self.declared.is_some() {
            return Err(IllegalMove::GameOver(*m));
        }
        // A side without pieces has no legal move either: then the game is won (R-G1). The
        // list is filled in place (it is kilobytes: copying it cost game records a quarter
        // of their reading time).
        let mut legal = MoveList::new();
        legal_moves_into(self.position(), &mut legal);
        if legal.is_empty() {
            return Err(IllegalMove::GameOver(*m));
        }
        let legal = *legal
            .iter()
            .find(|l| l.from() == m.from() && l.to() == m.to() && l.captured() == m.captured())
            .ok_or(IllegalMove::NotLegal(*m))?;
        self.push(legal);
        Ok(())
    }

    /// Plays a move known to be legal here (one of [`Game::legal_moves`], or one a move reader
    /// has just resolved against this position) without generating the moves again, like the
    /// search's unchecked play; the game may have been drawn by R-G2 or R-G3 (records play on).
    /// An illegal move leaves the game in a state the rules never reach.
    pub fn play_unchecked(&mut self, m: Move) {
        self.push(m);
    }

    fn push(&mut self, m: Move) {
        let next = self.position().after(&m);
        let draw = self.draw_state().after(&m);
        self.positions.push(next);
        self.hashes.push(next.hash());
        self.draw.push(draw);
        self.moves.push(m);
    }

    /// Takes back the last move (and any resignation or agreement), returning it.
    pub fn undo(&mut self) -> Option<Move> {
        self.declared = None;
        let m = self.moves.pop()?;
        self.positions.pop();
        self.hashes.pop();
        self.draw.pop();
        Some(m)
    }

    /// `color` resigns (R-G4).
    pub fn resign(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::Win {
                winner: color.opposite(),
                reason: WinReason::Resignation,
            });
        }
    }

    /// `color`'s time ran out (declared by whoever keeps the clock).
    pub fn flag_fall(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::Win {
                winner: color.opposite(),
                reason: WinReason::Time,
            });
        }
    }

    /// Both sides agree to a draw (R-G5).
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::Draw {
                reason: DrawReason::Agreement,
            });
        }
    }

    /// Records an end given by a game record (a PDN result) that the board does not show.
    pub fn declare(&mut self, outcome: Outcome) {
        self.declared = Some(outcome);
    }

    /// How many times the current position has occurred (R-G2).
    pub fn repetitions(&self) -> usize {
        self.draw_state().repetitions(&self.hashes)
    }

    /// The end of the game, if it has ended. A side with no move loses (R-G1) even when the
    /// same ply also completes a repetition or the no-progress count: the loss is decided at
    /// that side's turn. A side with no pieces has lost whoever is to move: play never gets
    /// there with the winner to move, but a set-up position (a FEN) can, and that side will
    /// never have a turn it can play.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.declared {
            return Some(o);
        }
        if let Some(win) = won_on_board(self.position()) {
            return Some(win);
        }
        if self.draw_state().is_third_repetition(&self.hashes) {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        if self.draw_state().is_no_progress_draw() {
            return Some(Outcome::Draw {
                reason: DrawReason::NoProgress,
            });
        }
        None
    }
}
