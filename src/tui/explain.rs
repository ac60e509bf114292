//! Short reasons for refused moves ("You must capture", "a man cannot capture a king", "the
//! ladder requires the capture with the king").
//!
//! Legality always comes from [`crate::rules::legal_moves`]; this module only words *why* an
//! attempt is not among the legal moves. To do that it lists the jumps a piece could make if
//! the capture ladder (R-C5) and the man/king restriction (R-M3) did not apply, and compares.

use crate::rules::{Color, Dir, Kind, Move, Position, RuleSet, Square, has_capture, legal_moves};
use crate::tui::lang::{Lang, Msg};

/// A capture chain as the ladder judges it (R-C5).
#[derive(Clone, Debug)]
struct Chain {
    /// Landing squares in order.
    path: Vec<Square>,
    pieces: u32,
    kings: u32,
    /// Jump index (0-based) of each king taken.
    king_jumps: Vec<usize>,
    /// Whether the chain jumps a king with a man (refused in Italian, R-M3).
    man_takes_king: bool,
    /// Whether a man jumped backwards (never allowed, R-M2).
    backwards: bool,
}

fn forward(color: Color) -> [Dir; 2] {
    match color {
        Color::White => [Dir::UpLeft, Dir::UpRight],
        Color::Black => [Dir::DownLeft, Dir::DownRight],
    }
}

/// Every jump chain of the piece on `from`, ignoring the ladder, R-M3 and the man's direction
/// (those are recorded on the chain), but keeping R-C2..R-C4 (the chain goes on while it can,
/// jumped pieces stay and are not jumped twice, promotion ends it).
fn chains(pos: &Position, from: Square) -> Vec<Chain> {
    let Some(piece) = pos.piece_at(from) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let start = Chain {
        path: Vec::new(),
        pieces: 0,
        kings: 0,
        king_jumps: Vec::new(),
        man_takes_king: false,
        backwards: false,
    };
    extend(
        pos,
        from,
        piece.color,
        piece.kind,
        from,
        0,
        &start,
        &mut out,
    );
    out
}

#[allow(clippy::too_many_arguments)]
fn extend(
    pos: &Position,
    origin: Square,
    color: Color,
    kind: Kind,
    at: Square,
    captured: u32,
    chain: &Chain,
    out: &mut Vec<Chain>,
) {
    let rules = pos.rules();
    let mut any = false;
    for dir in Dir::ALL {
        let Some(over) = at.neighbour(rules, dir) else {
            continue;
        };
        let Some(victim) = pos.piece_at(over) else {
            continue;
        };
        if victim.color == color || captured & (1 << over.index()) != 0 {
            continue;
        }
        let Some(land) = over.neighbour(rules, dir) else {
            continue;
        };
        // R-C3: the start square counts as empty, jumped pieces still block.
        if land != origin && pos.piece_at(land).is_some() {
            continue;
        }
        // A jump the man may not make (backwards, or onto a king in Italian) is listed to
        // explain a refusal, but does not stand in the way of the chain ending here: the man
        // that takes 19 and could then only jump back still has the chain that takes 19.
        let improper = kind == Kind::Man
            && (!forward(color).contains(&dir)
                || (victim.kind == Kind::King && rules == RuleSet::Italian));
        any |= !improper;
        let mut next = chain.clone();
        next.path.push(land);
        next.pieces += 1;
        if victim.kind == Kind::King {
            next.kings += 1;
            next.king_jumps.push(chain.path.len());
            next.man_takes_king |= kind == Kind::Man;
        }
        next.backwards |= kind == Kind::Man && !forward(color).contains(&dir);
        let far_row = match color {
            Color::White => 0,
            Color::Black => 7,
        };
        if kind == Kind::Man && land.row() == far_row {
            out.push(next); // R-C4
            continue;
        }
        extend(
            pos,
            origin,
            color,
            kind,
            land,
            captured | 1 << over.index(),
            &next,
            out,
        );
    }
    if !any && !chain.path.is_empty() {
        out.push(chain.clone());
    }
}

/// R-C4: whether the man on `from` would reach `to` by jumping on after its crowning, which
/// ends the move (a player used to rules where the new king goes on is told why).
fn past_the_crown(pos: &Position, from: Square, to: Square) -> bool {
    let Some(piece) = pos.piece_at(from).filter(|p| p.kind == Kind::Man) else {
        return false;
    };
    let rules = pos.rules();
    let far_row = match piece.color {
        Color::White => 0,
        Color::Black => 7,
    };
    chains(pos, from)
        .iter()
        .filter(|c| allowed(rules, c))
        .any(|c| {
            let Some(&last) = c.path.last().filter(|s| s.row() == far_row) else {
                return false;
            };
            // The pieces the chain jumped, from its landing squares: they still block.
            let mut captured = 0u32;
            let mut at = from;
            for &land in &c.path {
                let over = Dir::ALL.into_iter().find_map(|d| {
                    at.neighbour(rules, d)
                        .filter(|o| o.neighbour(rules, d) == Some(land))
                });
                if let Some(over) = over {
                    captured |= 1 << over.index();
                }
                at = land;
            }
            // On from the crowning square as the king it became.
            let mut on = Vec::new();
            extend(
                pos,
                from,
                piece.color,
                Kind::King,
                last,
                captured,
                c,
                &mut on,
            );
            on.iter()
                .any(|k| k.path.len() > c.path.len() && k.path[c.path.len()..].contains(&to))
        })
}

/// Whether a chain of this rule set could be legal if the ladder did not exist.
fn allowed(rules: RuleSet, c: &Chain) -> bool {
    !(c.backwards || (c.man_takes_king && rules == RuleSet::Italian))
}

/// The pieces of the side to move that have a legal move, as "22, 27".
fn movers(legal: &[Move]) -> String {
    let mut from: Vec<u8> = legal.iter().map(|m| m.from().number()).collect();
    from.sort_unstable();
    from.dedup();
    from.iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The chain the ladder ranks highest among one piece's chains (R-C5 steps 1, 3 and 4; step 2
/// is the same for all of them, made by one piece): the one to compare with the legal
/// captures, so that the reason names the step where the piece's best loses, not the step
/// where one of its weaker chains would.
fn ladder_best<'a>(chains: impl Iterator<Item = &'a Chain>) -> Option<&'a Chain> {
    chains.max_by(|a, b| {
        a.pieces
            .cmp(&b.pieces)
            .then(a.kings.cmp(&b.kings))
            .then_with(|| b.king_jumps.cmp(&a.king_jumps))
    })
}

/// Why the ladder prefers the legal captures over `c` (R-C5), in a few words.
fn ladder_reason(c: &Chain, chain_by_king: bool, legal: &[Move], lang: Lang) -> String {
    let Some(best) = legal.first() else {
        return Msg::CaptureNotAllowed.text(lang).into();
    };
    let best_pieces = best.capture_count();
    if best_pieces > c.pieces {
        return Msg::LadderMostPieces.fill(lang, &[&best_pieces]);
    }
    if best.is_king_move() && !chain_by_king {
        return Msg::LadderKing.text(lang).into();
    }
    if best.captured_kings().count() > c.kings {
        return Msg::LadderMostKings.text(lang).into();
    }
    Msg::LadderKingFirst.text(lang).into()
}

/// Why the piece on `sq` cannot be picked up (it has no legal move), or `None` when it can.
pub fn cannot_pick(pos: &Position, sq: Square, lang: Lang) -> Option<String> {
    let t = |m: Msg| Some(m.text(lang).to_string());
    let legal = legal_moves(pos);
    if legal.iter().any(|m| m.from() == sq) {
        return None;
    }
    let side = pos.side_to_move();
    match pos.piece_at(sq) {
        None => return t(Msg::PickOwn),
        Some(p) if p.color != side => {
            return t(match p.color {
                Color::White => Msg::PieceOfWhite,
                Color::Black => Msg::PieceOfBlack,
            });
        }
        Some(_) => {}
    }
    if legal.is_empty() {
        return t(Msg::NoLegalMove);
    }
    if has_capture(pos) {
        let kind = pos.piece_at(sq).map(|p| p.kind);
        let own: Vec<Chain> = chains(pos, sq);
        let rules = pos.rules();
        if let Some(c) = ladder_best(own.iter().filter(|c| allowed(rules, c))) {
            let reason = ladder_reason(c, kind == Some(Kind::King), &legal, lang);
            return Some(Msg::MustCaptureReason.fill(lang, &[&reason, &movers(&legal)]));
        }
        if own.iter().any(|c| c.man_takes_king && !c.backwards) && rules == RuleSet::Italian {
            return Some(Msg::ManCannotKingMust.fill(lang, &[&movers(&legal)]));
        }
        return Some(Msg::MustCaptureFrom.fill(lang, &[&movers(&legal)]));
    }
    t(Msg::PieceCannotMove)
}

/// Why moving the piece on `from` to `to` is refused. Call it only when no legal move of that
/// piece ends on or passes through `to`.
pub fn cannot_move(pos: &Position, from: Square, to: Option<Square>, lang: Lang) -> String {
    let t = |m: Msg| m.text(lang).to_string();
    let Some(to) = to else {
        return t(Msg::MoveDarkOnly);
    };
    if pos.piece_at(to).is_some() {
        return t(Msg::NotEmpty);
    }
    let rules = pos.rules();
    let Some(piece) = pos.piece_at(from) else {
        return t(Msg::PickOwn);
    };
    let legal = legal_moves(pos);
    let through = |c: &Chain| c.path.contains(&to);
    let own = chains(pos, from);
    let reaching: Vec<&Chain> = own.iter().filter(|c| through(c)).collect();
    if let Some(c) = ladder_best(reaching.iter().copied().filter(|c| allowed(rules, c))) {
        let reason = ladder_reason(c, piece.kind == Kind::King, &legal, lang);
        return Msg::NotAllowed.fill(lang, &[&reason]);
    }
    if reaching.iter().any(|c| c.man_takes_king) && rules == RuleSet::Italian {
        return t(Msg::ManCannotKing);
    }
    if reaching.iter().any(|c| c.backwards) {
        return t(Msg::ManCapturesForward);
    }
    if past_the_crown(pos, from, to) {
        return t(Msg::CrownEndsMove);
    }
    let adjacent = Dir::ALL
        .into_iter()
        .find(|&d| from.neighbour(rules, d) == Some(to));
    if let Some(d) = adjacent {
        if has_capture(pos) {
            return Msg::MustCaptureFrom.fill(lang, &[&movers(&legal)]);
        }
        if piece.kind == Kind::Man && !forward(piece.color).contains(&d) {
            return t(Msg::ManMovesForward);
        }
    }
    if has_capture(pos) {
        return Msg::MustCaptureFrom.fill(lang, &[&movers(&legal)]);
    }
    t(Msg::OneSquareDiagonal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    fn sq(n: u32) -> Square {
        Square::from_number(n).unwrap()
    }

    #[test]
    fn r_c1_you_must_capture() {
        // R-C1: White 22 (d3) can take 18 (c4); 24 (h3) has a quiet move but may not make it.
        let pos = fen::parse(RuleSet::Italian, "W:W24,22:B18,1").unwrap();
        let why = cannot_pick(&pos, sq(24), Lang::En).unwrap();
        assert!(why.starts_with("You must capture"), "{why}");
        assert!(why.contains("22"), "{why}");
        assert_eq!(cannot_pick(&pos, sq(22), Lang::En), None);
    }

    #[test]
    fn r_m3_man_cannot_capture_a_king() {
        // R-M3: the white man on 22 (d3) faces a black king on 18 (c4) with 13 (b5) empty.
        let pos = fen::parse(RuleSet::Italian, "W:W22:BK18,1").unwrap();
        assert_eq!(
            cannot_move(&pos, sq(22), Some(sq(13)), Lang::En),
            "A man cannot capture a king"
        );
    }

    #[test]
    fn r_c5_ladder_requires_the_king() {
        // R-C5 step 2: the man on 22 (d3) can take 18 (c4), the king on 24 (h3) can take
        // 20 (g4); one piece each, so the king must.
        let pos = fen::parse(RuleSet::Italian, "W:W22,K24:B18,20,1").unwrap();
        let legal = legal_moves(&pos);
        assert!(legal.iter().all(|m| m.from() == sq(24)), "{legal:?}");
        let why = cannot_pick(&pos, sq(22), Lang::En).unwrap();
        assert!(
            why.contains("the ladder requires the capture with the king"),
            "{why}"
        );
    }

    #[test]
    fn r_c5_ladder_requires_the_king_when_the_man_could_then_only_jump_back() {
        // QA 4: the king on 22 (d3) and the man on 23 (f3) can each take one piece; from 14
        // the man could only go on backwards over 18, which does not make its capture
        // something other than a one-piece capture by a man.
        let pos = fen::parse(RuleSet::Italian, "W:WK22,23:B18,19,1").unwrap();
        let why = cannot_pick(&pos, sq(23), Lang::En).unwrap();
        assert!(
            why.contains("the ladder requires the capture with the king"),
            "{why}"
        );
        let why = cannot_move(&pos, sq(23), Some(sq(14)), Lang::En);
        assert!(
            why.contains("the ladder requires the capture with the king"),
            "{why}"
        );
    }

    #[test]
    fn r_c4_a_capture_on_past_the_crowning_square_is_explained() {
        // R-C4, QA4 play: the white man on 11 (e6) takes 6 (d7) and is crowned on 2 (c8);
        // going on over 5 (b7) to 9 (a6) was refused as "You must capture (from 11)".
        for rules in [RuleSet::Italian, RuleSet::English] {
            let fen_text = match rules {
                // English: 11 (f6) takes 7 (e7) to 2 (d8), then 6 (c7) to 9 (b6).
                RuleSet::English => "W:W11:B7,6,20",
                RuleSet::Italian => "W:W11:B6,5,20",
            };
            let pos = fen::parse(rules, fen_text).unwrap();
            assert_eq!(
                cannot_move(&pos, sq(11), Some(sq(9)), Lang::En),
                "A man that reaches the far row is crowned there: its move ends",
                "{rules:?}"
            );
            assert!(
                cannot_move(&pos, sq(11), Some(sq(9)), Lang::It).contains("promossa a dama"),
                "{rules:?}"
            );
        }
        // A square off the chain keeps the usual reason.
        let pos = fen::parse(RuleSet::Italian, "W:W11:B6,5,20").unwrap();
        assert!(cannot_move(&pos, sq(11), Some(sq(13)), Lang::En).starts_with("You must capture"));
    }

    #[test]
    fn r_m1_men_move_forward() {
        let pos = fen::parse(RuleSet::Italian, "W:W18:B1").unwrap();
        assert_eq!(
            cannot_move(&pos, sq(18), Some(sq(22)), Lang::En),
            "A man moves only forward"
        );
    }

    #[test]
    fn r_c5_ladder_most_pieces_and_most_kings() {
        // R-C5 step 1: 22 (d3) takes one man; 24 (h3) takes 20 and 11 by 15.
        let pos = fen::parse(RuleSet::Italian, "W:W22,24:B18,20,11").unwrap();
        let why = cannot_pick(&pos, sq(22), Lang::En).unwrap();
        assert!(
            why.contains("the ladder requires the capture that takes the most pieces (2)"),
            "{why}"
        );
        // R-C5 step 3: two kings take one piece each; the one that takes a king must.
        let pos = fen::parse(RuleSet::Italian, "W:WK22,K24:B18,K20,1").unwrap();
        let why = cannot_pick(&pos, sq(22), Lang::En).unwrap();
        assert!(
            why.contains("the ladder requires the capture that takes the most kings"),
            "{why}"
        );
    }

    #[test]
    fn r_c5_step_4_named_when_the_piece_takes_as_many_kings() {
        // R-C5 step 4: the black king on 20 (g4) can take three pieces two ways, 20x11x18x25
        // (kings at the second and third jumps) and 20x11x18x27 (one king); the king on 17
        // (a4) takes three with kings at the first and third jumps (17x26x19x10), the only
        // legal capture. The piece can take as many kings: it loses on the first king, step 4.
        let pos = fen::parse(RuleSet::Italian, "B:WK14,15,K21,22,K28:BK7,12,K13,K17,K20").unwrap();
        let legal: Vec<String> = legal_moves(&pos).iter().map(|m| m.to_string()).collect();
        assert_eq!(legal, ["17x26x19x10"]);
        let why = cannot_pick(&pos, sq(20), Lang::En).unwrap();
        assert!(
            why.contains("the ladder requires the capture that meets the kings first"),
            "{why}"
        );
        let why = cannot_move(&pos, sq(20), Some(sq(11)), Lang::En);
        assert!(
            why.contains("the ladder requires the capture that meets the kings first"),
            "{why}"
        );
        // The white king on 21 (b3) takes 18 then the king on 10 (21x14x5) or the man on 11
        // (21x14x7); 12x19x26 takes its king at the first jump: step 4 again, not step 3.
        let pos = fen::parse(
            RuleSet::Italian,
            "W:WK12,K21,K23,K24,K25,K28:B4,K9,K10,11,K13,K15,16,18,K20,22",
        )
        .unwrap();
        let legal: Vec<String> = legal_moves(&pos).iter().map(|m| m.to_string()).collect();
        assert_eq!(legal, ["12x19x26"]);
        let why = cannot_pick(&pos, sq(21), Lang::En).unwrap();
        assert!(
            why.contains("the ladder requires the capture that meets the kings first"),
            "{why}"
        );
    }

    #[test]
    fn r_c6_english_has_no_ladder() {
        // R-C6: black 9 (b6) can take two (9x18x27), black 11 (f6) only one (11x20); in
        // English both are legal, so the shorter one is not refused.
        let pos = fen::parse(RuleSet::English, "B:W14,23,16:B9,11").unwrap();
        let legal: Vec<String> = legal_moves(&pos).iter().map(|m| m.to_string()).collect();
        assert!(legal.contains(&"9x18x27".to_string()), "{legal:?}");
        assert!(legal.contains(&"11x20".to_string()), "{legal:?}");
        assert_eq!(cannot_pick(&pos, sq(11), Lang::En), None);
    }
}
