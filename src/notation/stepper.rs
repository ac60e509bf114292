//! Stepping through a recorded game ply by ply: the model behind `dama replay --text` and the
//! full-screen replay viewer. It owns the record and every position of its main line; moving
//! the cursor never replays moves again.

use super::pdn::{PdnGame, PdnMove, PdnResult, RuleDraw};
use crate::rules::{Color, Game, Kind, Piece, Position, Square};

/// A game record and a cursor on one of its positions (ply 0 = the start position).
#[derive(Clone, Debug)]
pub struct Stepper {
    record: PdnGame,
    positions: Vec<Position>,
    ply: usize,
}

impl Stepper {
    /// A replay at the start of the game.
    pub fn new(record: PdnGame) -> Stepper {
        let positions = record.positions();
        Stepper {
            record,
            positions,
            ply: 0,
        }
    }

    pub fn record(&self) -> &PdnGame {
        &self.record
    }

    /// The number of plies in the game.
    pub fn len(&self) -> usize {
        self.record.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }

    /// Plies played to reach the current position.
    pub fn ply(&self) -> usize {
        self.ply
    }

    pub fn at_start(&self) -> bool {
        self.ply == 0
    }

    pub fn at_end(&self) -> bool {
        self.ply == self.len()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.positions[self.ply]
    }

    /// The position after `ply` plies.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The move that led to the current position (none at the start).
    pub fn last_move(&self) -> Option<&PdnMove> {
        self.ply.checked_sub(1).map(|i| &self.record.moves[i])
    }

    /// The move to be played from the current position (none at the end).
    pub fn next_move(&self) -> Option<&PdnMove> {
        self.record.moves.get(self.ply)
    }

    /// One ply forward; false at the end.
    pub fn forward(&mut self) -> bool {
        let moved = !self.at_end();
        self.ply += usize::from(moved);
        moved
    }

    /// One ply back; false at the start.
    pub fn back(&mut self) -> bool {
        let moved = !self.at_start();
        self.ply -= usize::from(moved);
        moved
    }

    /// Jumps to a ply (clamped to the game's length).
    pub fn goto(&mut self, ply: usize) {
        self.ply = ply.min(self.len());
    }

    pub fn to_start(&mut self) {
        self.ply = 0;
    }

    pub fn to_end(&mut self) {
        self.ply = self.len();
    }

    /// The label of move `ply` (0-based): `12. 22-18` or `12... 11-15`.
    pub fn move_label(&self, ply: usize) -> Option<String> {
        let m = self.record.moves.get(ply)?;
        let (number, first) = self.record.move_number(ply);
        let dots = if first { "." } else { "..." };
        Some(format!("{number}{dots} {}", m.mv))
    }

    /// The game up to the current ply, as the rules see it (for draw counters, the side to
    /// move and whether the board itself ends the game).
    pub fn game_so_far(&self) -> Game {
        let mut g = Game::new(self.record.start);
        for m in &self.record.moves[..self.ply] {
            if g.play_past_draw(&m.mv).is_err() {
                break;
            }
        }
        g
    }

    /// The draw by the rules (R-G2, R-G3) that the record played on after, once the cursor
    /// has reached it.
    pub fn rule_draw_passed(&self) -> Option<RuleDraw> {
        self.record.rule_draw.filter(|d| self.ply >= d.ply)
    }

    /// How the game ended, in words: the board's own verdict when it shows one (no pieces,
    /// no moves, repetition, no progress), with its result and the record's when that says
    /// otherwise, else the record's result; and a draw by the rules that the record played
    /// on after.
    pub fn ending(&self) -> String {
        let rules = self.record.rules;
        let mut g = Game::new(self.record.start);
        for m in &self.record.moves {
            if g.play_past_draw(&m.mv).is_err() {
                break;
            }
        }
        let end = match g.outcome() {
            // The board decides; a record that says otherwise is named, not believed.
            Some(o) => match self.record.result {
                r if r == PdnResult::from_outcome(rules, Some(o)) => format!("{r} ({o})"),
                r => format!(
                    "{} ({o}; the record says {r})",
                    PdnResult::from_outcome(rules, Some(o))
                ),
            },
            None => format!(
                "{} ({})",
                self.record.result,
                self.record.result.describe(rules)
            ),
        };
        let end = match self.record.result_tag_disagrees() {
            Some(t) => format!("{end}; its Result tag says {t}"),
            None => end,
        };
        match self.record.rule_draw {
            Some(d) => format!("{end}; {d}"),
            None => end,
        }
    }
}

/// The board as White sees it, in ASCII: `w`/`b` men, `W`/`B` kings, `.` empty dark squares
/// (or their numbers with `numbers`), files a-h below and ranks 8-1 beside.
///
/// ```text
///   +------------------------+
/// 8 | b     b     b     b    |
/// ```
pub fn board_text(pos: &Position, numbers: bool) -> String {
    let rules = pos.rules();
    let mut s = String::from("  +------------------------+\n");
    for row in 0..8u8 {
        s.push_str(&format!("{} |", 8 - row));
        for file in 0..8u8 {
            let cell = match Square::at(rules, row, file) {
                None => "   ".to_string(),
                Some(sq) => match pos.piece_at(sq) {
                    Some(p) => format!(" {} ", piece_char(p)),
                    None if numbers => format!("{:>2} ", sq.number()),
                    None => " . ".to_string(),
                },
            };
            s.push_str(&cell);
        }
        s.push_str("|\n");
    }
    s.push_str("  +------------------------+\n");
    s.push_str("    a  b  c  d  e  f  g  h\n");
    s
}

fn piece_char(p: Piece) -> char {
    match (p.color, p.kind) {
        (Color::White, Kind::Man) => 'w',
        (Color::White, Kind::King) => 'W',
        (Color::Black, Kind::Man) => 'b',
        (Color::Black, Kind::King) => 'B',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pdn::read_game;
    use crate::rules::RuleSet;

    #[test]
    fn stepping_and_labels() {
        let g = read_game("1. 21-17 10-13 2. 17x10 5x14 *", RuleSet::Italian).unwrap();
        let mut r = Stepper::new(g);
        assert_eq!(r.len(), 4);
        assert!(r.at_start() && !r.back());
        assert_eq!(*r.position(), Position::start(RuleSet::Italian));
        assert!(r.forward());
        assert_eq!(r.last_move().unwrap().mv.to_string(), "21-17");
        assert_eq!(r.move_label(1).unwrap(), "1... 10-13");
        assert_eq!(r.move_label(2).unwrap(), "2. 17x10");
        r.to_end();
        assert!(r.at_end() && !r.forward());
        assert_eq!(r.game_so_far().ply(), 4);
        r.goto(99);
        assert_eq!(r.ply(), 4);
        r.goto(2);
        assert_eq!(r.position().side_to_move(), Color::White);
        assert_eq!(r.next_move().unwrap().mv.to_string(), "17x10");
    }

    #[test]
    fn ending_names_a_record_result_the_board_contradicts() {
        // The last black piece is taken: White wins (1-0 in Italian, R-N3), whatever the
        // record's result says.
        let text =
            |result: &str| format!("[GameType \"22\"]\n[FEN \"W:W22:B18\"]\n\n1. 22x13 {result}\n");
        let end = |result: &str| {
            let mut r = Stepper::new(read_game(&text(result), RuleSet::Italian).unwrap());
            r.to_end();
            r.ending()
        };
        assert_eq!(end("1-0"), "1-0 (White wins: Black has no pieces left)");
        assert_eq!(
            end("0-1"),
            "1-0 (White wins: Black has no pieces left; the record says 0-1)"
        );
        assert_eq!(
            end("*"),
            "1-0 (White wins: Black has no pieces left; the record says *)"
        );
        // A Result tag at odds with the movetext's result is named beside it.
        let g = read_game("[Result \"0-1\"]\n1. 21-17 10-13 1-0", RuleSet::Italian).unwrap();
        assert_eq!(
            Stepper::new(g).ending(),
            "1-0 (White wins); its Result tag says 0-1"
        );
        let g = read_game("[Result \"1-0\"]\n1. 21-17 10-13 1-0", RuleSet::Italian).unwrap();
        assert_eq!(Stepper::new(g).ending(), "1-0 (White wins)");
        // Not decided on the board: the record's result, in words.
        let g = read_game("1. 21-17 10-13 1-0", RuleSet::Italian).unwrap();
        assert_eq!(Stepper::new(g).ending(), "1-0 (White wins)");
    }

    #[test]
    fn r_b4_board_text_italian_start() {
        // R-B4 (IT): square 1 is a8, 32 is h1; White's men on 21-32 at the bottom.
        let text = board_text(&Position::start(RuleSet::Italian), true);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "8 | b     b     b     b    |");
        assert_eq!(lines[4], "5 |   13    14    15    16 |");
        assert_eq!(lines[8], "1 |    w     w     w     w |");
        let plain = board_text(&Position::start(RuleSet::Italian), false);
        assert_eq!(
            plain.lines().nth(4).unwrap(),
            "5 |    .     .     .     . |"
        );
    }
}
