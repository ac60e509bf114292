//! Ending a match's games early on the players' own scores, as engine-testing harnesses do
//! (cutechess-cli's `-draw` and `-resign`): a game both players score level for long enough is
//! a draw, one both agree is lost for one side is a loss. Long shuffles in drawn endings and
//! the conversion of won ones cost most of a strong match's time and decide nothing. Off
//! unless asked for; the game's record says when it was adjudicated.

use crate::line_protocol::Score;
use crate::rules::Color;
use std::fmt;

/// `--adjudicate-draw MOVE,COUNT,CP`: from full move `MOVE` on, both players' scores within
/// `CP` centi-men of 0 for their last `COUNT` moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub from_move: u32,
    pub count: u32,
    pub cp: i32,
}

/// `--adjudicate-win COUNT,CP`: one player's score at least `CP` centi-men below 0 and the
/// other's as far above it, each for their last `COUNT` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinRule {
    pub count: u32,
    pub cp: i32,
}

/// What ended a game early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Adjudication {
    Draw(DrawRule),
    Loss(Color, WinRule),
}

impl fmt::Display for Adjudication {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Adjudication::Draw(r) => write!(
                f,
                "adjudicated: a draw, both scores within {} centi-men of 0 for {} moves each",
                r.cp, r.count
            ),
            Adjudication::Loss(c, r) => write!(
                f,
                "adjudicated: {} loses, both scores {} centi-men or more against it for {} moves each",
                c.name(),
                r.cp,
                r.count
            ),
        }
    }
}

/// The rules in force, for the match's header.
pub(super) fn rules_text(draw: Option<DrawRule>, win: Option<WinRule>) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(r) = draw {
        parts.push(format!(
            "a draw from move {} once both scores are within {} centi-men of 0 for {} moves each",
            r.from_move, r.cp, r.count
        ));
    }
    if let Some(r) = win {
        parts.push(format!(
            "a loss once both scores are {} centi-men or more against one side for {} moves each",
            r.cp, r.count
        ));
    }
    (!parts.is_empty()).then(|| format!("adjudication: {}", parts.join("; ")))
}

/// Follows a game's scores move by move.
pub(super) struct Adjudicator {
    draw: Option<DrawRule>,
    win: Option<WinRule>,
    /// Per colour (White, Black): how many of its last moves in a row scored level, and how
    /// many scored at least the win margin up (positive) or down (negative).
    level: [u32; 2],
    decided: [i32; 2],
}

fn slot(c: Color) -> usize {
    usize::from(c != Color::White)
}

impl Adjudicator {
    pub(super) fn new(draw: Option<DrawRule>, win: Option<WinRule>) -> Option<Adjudicator> {
        (draw.is_some() || win.is_some()).then_some(Adjudicator {
            draw,
            win,
            level: [0; 2],
            decided: [0; 2],
        })
    }

    /// Counts the move `mover` just made with `score` (its own view; `None` for a move
    /// without a search, which breaks every run), the game now at full move `full_move`;
    /// the game's end, if the rules give one.
    pub(super) fn after(
        &mut self,
        mover: Color,
        score: Option<Score>,
        full_move: u32,
    ) -> Option<Adjudication> {
        let i = slot(mover);
        let cp = score.map(|s| match s {
            Score::Cp(c) => c,
            Score::Win(_) => i32::MAX,
            Score::Loss(_) => i32::MIN,
        });
        match (cp, self.draw) {
            (Some(c), Some(r)) if c.unsigned_abs() <= r.cp.unsigned_abs() => self.level[i] += 1,
            _ => self.level[i] = 0,
        }
        self.decided[i] = match (cp, self.win) {
            (Some(c), Some(r)) if c >= r.cp => self.decided[i].max(0) + 1,
            (Some(c), Some(r)) if c <= -r.cp => self.decided[i].min(0) - 1,
            _ => 0,
        };
        if let Some(r) = self.win {
            let n = r.count as i32;
            for loser in [Color::White, Color::Black] {
                let (l, w) = (slot(loser), slot(loser.opposite()));
                if self.decided[l] <= -n && self.decided[w] >= n {
                    return Some(Adjudication::Loss(loser, r));
                }
            }
        }
        if let Some(r) = self.draw {
            if full_move >= r.from_move && self.level.iter().all(|&n| n >= r.count) {
                return Some(Adjudication::Draw(r));
            }
        }
        None
    }
}

/// `MOVE,COUNT,CP`.
pub fn draw_rule(text: &str) -> Result<DrawRule, String> {
    let [from_move, count, cp] = numbers::<3>(text, "MOVE,COUNT,CP (e.g. 40,8,10)")?;
    if count == 0 {
        return Err("COUNT must be at least 1".to_string());
    }
    Ok(DrawRule {
        from_move,
        count,
        cp: cp as i32,
    })
}

/// `COUNT,CP`.
pub fn win_rule(text: &str) -> Result<WinRule, String> {
    let [count, cp] = numbers::<2>(text, "COUNT,CP (e.g. 4,500)")?;
    if count == 0 || cp == 0 {
        return Err("COUNT and CP must be at least 1".to_string());
    }
    Ok(WinRule {
        count,
        cp: cp as i32,
    })
}

/// `N` whole numbers from 0 to 100,000, separated by commas.
fn numbers<const N: usize>(text: &str, shape: &str) -> Result<[u32; N], String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let mut out = [0; N];
    if parts.len() != N {
        return Err(format!("{text:?} is not {shape}"));
    }
    for (o, p) in out.iter_mut().zip(parts) {
        *o = p
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= 100_000)
            .ok_or_else(|| {
                format!("{p:?} in {text:?} is not a whole number from 0 to 100000 ({shape})")
            })?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DRAW: DrawRule = DrawRule {
        from_move: 3,
        count: 2,
        cp: 10,
    };
    const WIN: WinRule = WinRule { count: 2, cp: 300 };

    /// Plays scores alternately from White, the full move counted as a game does.
    fn run(a: &mut Adjudicator, scores: &[Option<Score>]) -> Option<(usize, Adjudication)> {
        for (ply, &s) in scores.iter().enumerate() {
            let mover = if ply % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            if let Some(v) = a.after(mover, s, (ply / 2 + 1) as u32) {
                return Some((ply, v));
            }
        }
        None
    }

    #[test]
    fn a_draw_needs_both_sides_level_long_enough_and_late_enough() {
        let cp = |c| Some(Score::Cp(c));
        let mut a = Adjudicator::new(Some(DRAW), None).unwrap();
        // Level from the start, but not before move 3: decided at White's move 3 (ply 4).
        let s = [cp(0), cp(-5), cp(10), cp(-10), cp(3), cp(0)];
        assert_eq!(run(&mut a, &s), Some((4, Adjudication::Draw(DRAW))));
        // One score out of the band starts that side's count again.
        let mut a = Adjudicator::new(Some(DRAW), None).unwrap();
        let s = [
            cp(0),
            cp(0),
            cp(0),
            cp(0),
            cp(11),
            cp(0),
            cp(0),
            cp(0),
            cp(0),
        ];
        assert_eq!(run(&mut a, &s), Some((8, Adjudication::Draw(DRAW))));
        // A move with no search (a book move) breaks the run; a table win is no draw.
        let mut a = Adjudicator::new(Some(DRAW), None).unwrap();
        let s = [cp(0), cp(0), None, cp(0), Some(Score::Win(9)), cp(0)];
        assert_eq!(run(&mut a, &s), None);
    }

    #[test]
    fn a_loss_needs_both_sides_to_agree() {
        let cp = |c| Some(Score::Cp(c));
        let mut a = Adjudicator::new(None, Some(WIN)).unwrap();
        // White thinks it is winning, Black does not agree: no adjudication.
        let s = [cp(400), cp(0), cp(500), cp(-100), cp(600), cp(0)];
        assert_eq!(run(&mut a, &s), None);
        // Both agree Black is lost, twice each: at Black's second such move.
        let mut a = Adjudicator::new(None, Some(WIN)).unwrap();
        let s = [cp(0), cp(-300), cp(350), Some(Score::Loss(20)), cp(900)];
        assert_eq!(
            run(&mut a, &s),
            Some((4, Adjudication::Loss(Color::Black, WIN)))
        );
        // The other way round.
        let mut a = Adjudicator::new(None, Some(WIN)).unwrap();
        let s = [cp(-400), Some(Score::Win(11)), cp(-900), cp(301)];
        assert_eq!(
            run(&mut a, &s),
            Some((3, Adjudication::Loss(Color::White, WIN)))
        );
        assert!(Adjudicator::new(None, None).is_none());
    }

    #[test]
    fn the_rules_read_from_the_command_line() {
        assert_eq!(
            draw_rule("40, 8,10"),
            Ok(DrawRule {
                from_move: 40,
                count: 8,
                cp: 10
            })
        );
        assert_eq!(win_rule("4,500"), Ok(WinRule { count: 4, cp: 500 }));
        for bad in [
            "",
            "40,8",
            "40,8,10,1",
            "a,8,10",
            "40,0,10",
            "40,-8,10",
            "40,8,999999",
        ] {
            assert!(draw_rule(bad).is_err(), "{bad}");
        }
        for bad in ["4", "0,500", "4,0", "4,x"] {
            assert!(win_rule(bad).is_err(), "{bad}");
        }
    }
}
