//! Capture chains (R-M2, R-M3, R-K3, R-C2..R-C4) and the rule set's filter over them: the
//! Italian ladder (R-C5) or English free choice (R-C6), then merging of equal chains (R-C7).
//! The ladder lives here and nowhere else.

use super::moves::MoveList;
use super::position::{PROMOTION_ROW, Position};
use super::square::{Dir, Geometry, NONE, geometry, step};
use super::{Color, Move, RuleSet};

pub(crate) const fn rules_of(italian: bool) -> RuleSet {
    if italian {
        RuleSet::Italian
    } else {
        RuleSet::English
    }
}

pub(crate) const fn forward(color: Color) -> [Dir; 2] {
    match color {
        Color::White => [Dir::UpLeft, Dir::UpRight],
        Color::Black => [Dir::DownLeft, Dir::DownRight],
    }
}

pub(crate) const fn opposite(d: Dir) -> Dir {
    match d {
        Dir::UpLeft => Dir::DownRight,
        Dir::UpRight => Dir::DownLeft,
        Dir::DownLeft => Dir::UpRight,
        Dir::DownRight => Dir::UpLeft,
    }
}

/// The forward directions as a constant (so direction matches fold away).
pub(crate) const fn forward_of(white: bool) -> [Dir; 2] {
    if white {
        [Dir::UpLeft, Dir::UpRight]
    } else {
        [Dir::DownLeft, Dir::DownRight]
    }
}

/// The pieces of the side to move that have at least one jump, as (men, kings).
#[inline(always)]
pub(crate) fn capturers<const IT: bool>(pos: &Position) -> (u32, u32) {
    match pos.side_to_move() {
        Color::White => capturers_for::<IT, true>(pos),
        Color::Black => capturers_for::<IT, false>(pos),
    }
}

#[inline(always)]
fn capturers_for<const IT: bool, const WHITE: bool>(pos: &Position) -> (u32, u32) {
    let g = geometry(rules_of(IT));
    let us = if WHITE { Color::White } else { Color::Black };
    let (pieces, kings) = pos.raw();
    let own = pieces[us.index()];
    let enemy = pieces[1 - us.index()];
    let empty = !(pieces[0] | pieces[1]);
    let men = own & !kings;
    let own_kings = own & kings;
    // R-M3: an Italian man never takes a king.
    let men_victims = if IT { enemy & !kings } else { enemy };
    let mut cm = 0;
    for d in forward_of(WHITE) {
        let back = opposite(d);
        cm |= step(g, step(g, empty, back) & men_victims, back) & men;
    }
    let mut ck = 0;
    if own_kings != 0 {
        for d in Dir::ALL {
            let back = opposite(d);
            ck |= step(g, step(g, empty, back) & enemy, back) & own_kings;
        }
    }
    (cm, ck)
}

/// The state shared by every chain of one moving piece.
struct Chains<'a> {
    g: &'static Geometry,
    from: u8,
    dirs: [Dir; 2],
    victims: u32,
    enemy_kings: u32,
    /// Every piece on the board but the mover: captured pieces stay until the chain ends
    /// (R-C3), and the start square is empty.
    occupied: u32,
    promotion_row: u32,
    best: u32,
    list: &'a mut MoveList,
}

/// Appends every legal capture of the side to move to `list` (which must be empty) and says
/// whether there was any. With captures present no quiet move is legal (R-C1).
pub(crate) fn generate<const IT: bool>(pos: &Position, list: &mut MoveList) -> bool {
    let (cm, ck) = capturers::<IT>(pos);
    if cm | ck == 0 {
        return false;
    }
    generate_from::<IT>(pos, cm, ck, list);
    true
}

/// [`generate`] for capturers already found by [`capturers`].
pub(crate) fn generate_from<const IT: bool>(pos: &Position, cm: u32, ck: u32, list: &mut MoveList) {
    let us = pos.side_to_move();
    let (pieces, kings) = pos.raw();
    let enemy = pieces[1 - us.index()];
    let occupied = pieces[0] | pieces[1];
    let mut c = Chains {
        g: geometry(rules_of(IT)),
        from: 0,
        dirs: forward(us),
        victims: if IT { enemy & !kings } else { enemy },
        enemy_kings: enemy & kings,
        occupied,
        promotion_row: PROMOTION_ROW[us.index()],
        best: 0,
        list,
    };
    let mut bb = cm;
    while bb != 0 {
        let from = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        c.from = from;
        c.occupied = occupied & !(1 << from);
        c.man::<IT>(from, 0, 0, 0, 0);
    }
    c.victims = enemy;
    let mut bb = ck;
    while bb != 0 {
        let from = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        c.from = from;
        c.occupied = occupied & !(1 << from);
        c.king::<IT>(from, 0, 0, 0, 0, 0);
    }
}

impl Chains<'_> {
    /// Extends a man's chain that has reached `sq`; returns whether any jump was possible.
    /// A man moves forward only, so it can never reach a square twice, and two of its chains
    /// with the same captured set are the same chain: no merging needed (R-C7).
    fn man<const IT: bool>(
        &mut self,
        sq: u8,
        captured: u32,
        path: u64,
        jumps: u8,
        order: u32,
    ) -> bool {
        let mut any = false;
        for d in self.dirs {
            let (over, land) = self.g.jump[sq as usize][d as usize];
            if over == NONE {
                continue;
            }
            let ob = 1u32 << over;
            if self.victims & ob == 0 || captured & ob != 0 || self.occupied & (1 << land) != 0 {
                continue;
            }
            any = true;
            let c2 = captured | ob;
            let p2 = path | (u64::from(land) << (5 * jumps));
            // R-C4: a man reaching the far row stops there; R-C2: otherwise it goes on.
            // R-M3 (EN): a man may take kings, and the move must say which pieces were kings
            // or making it leaves a stale king bit behind (always 0 in Italian).
            let ck2 = c2 & self.enemy_kings;
            if self.promotion_row & (1 << land) != 0 {
                self.record::<IT, false>(c2, ck2, p2, jumps + 1, order, true);
            } else if !self.man::<IT>(land, c2, p2, jumps + 1, order) {
                self.record::<IT, false>(c2, ck2, p2, jumps + 1, order, false);
            }
        }
        any
    }

    /// Extends a king's chain that has reached `sq`; returns whether any jump was possible.
    fn king<const IT: bool>(
        &mut self,
        sq: u8,
        captured: u32,
        captured_kings: u32,
        path: u64,
        jumps: u8,
        order: u32,
    ) -> bool {
        let mut any = false;
        for d in 0..4 {
            let (over, land) = self.g.jump[sq as usize][d];
            if over == NONE {
                continue;
            }
            let ob = 1u32 << over;
            // R-C3: a captured piece is never jumped twice, and still blocks its square.
            if self.victims & ob == 0 || captured & ob != 0 || self.occupied & (1 << land) != 0 {
                continue;
            }
            any = true;
            let took_king = self.enemy_kings & ob != 0;
            let c2 = captured | ob;
            let ck2 = captured_kings | if took_king { ob } else { 0 };
            let p2 = path | (u64::from(land) << (5 * jumps));
            // Step 4 of the ladder: bit (11 - jump index) marks a king taken at that jump, so
            // a larger number means the kings fall earlier, king by king.
            let o2 = order | if took_king { 1 << (11 - jumps) } else { 0 };
            if !self.king::<IT>(land, c2, ck2, p2, jumps + 1, o2) {
                self.record::<IT, true>(c2, ck2, p2, jumps + 1, o2, false);
            }
        }
        any
    }

    #[inline(always)]
    fn record<const IT: bool, const KING: bool>(
        &mut self,
        captured: u32,
        captured_kings: u32,
        path: u64,
        jumps: u8,
        order: u32,
        promotes: bool,
    ) {
        if IT {
            // R-C5: most pieces, then king before man, then most kings, then earliest kings.
            let key = (u32::from(jumps) << 20)
                | (u32::from(KING) << 19)
                | (captured_kings.count_ones() << 15)
                | order;
            if key < self.best {
                return;
            }
            if key > self.best {
                self.best = key;
                self.list.clear();
            }
        }
        let m = Move::capture(
            self.from,
            path,
            jumps,
            captured,
            captured_kings,
            KING,
            promotes,
        );
        // R-C7: same start, landing and captured set is one move (after the ladder).
        if KING
            && self
                .list
                .iter()
                .any(|o| o.from() == m.from() && o.to() == m.to() && o.captured() == m.captured())
        {
            return;
        }
        // The list holds 256 moves; searches for positions with the most captures found
        // 28 (English) and 18 (Italian), so a full list means a bug, not a position.
        let pushed = self.list.try_push(m);
        debug_assert!(pushed.is_ok(), "move list full");
    }
}
