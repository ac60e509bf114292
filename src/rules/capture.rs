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

/// The pieces of the side to move that have at least one jump, as (men's jump masks, men,
/// kings).
#[inline(always)]
pub(crate) fn capturers<const IT: bool>(pos: &Position) -> (ManJumps, u32, u32) {
    match pos.side_to_move() {
        Color::White => capturers_with_jumps::<IT, true>(pos),
        Color::Black => capturers_with_jumps::<IT, false>(pos),
    }
}

/// [`capturers`] for a known side to move (`WHITE`), with the men's jump masks that found
/// them, so that generating or counting the captures does not read the board again.
#[inline(always)]
pub(crate) fn capturers_with_jumps<const IT: bool, const WHITE: bool>(
    pos: &Position,
) -> (ManJumps, u32, u32) {
    let g = geometry(rules_of(IT));
    let us = if WHITE { Color::White } else { Color::Black };
    let (pieces, kings) = pos.raw();
    let own = pieces[us.index()];
    let enemy = pieces[1 - us.index()];
    let empty = !(pieces[0] | pieces[1]);
    let jumps = ManJumps::new::<IT, WHITE>(pos);
    let cm = jumps.goes_on & own & !kings;
    let own_kings = own & kings;
    let mut ck = 0;
    if own_kings != 0 {
        for d in Dir::ALL {
            let back = opposite(d);
            ck |= step(g, step(g, empty, back) & enemy, back) & own_kings;
        }
    }
    (jumps, cm, ck)
}

/// Where a man of the side to move could jump, read off the board once. A man only moves
/// forward, so what its chain leaves behind (its start square, the pieces it took) is never
/// in its way again: these masks answer every step of every man's chain, and a man's chains
/// need neither a board copy nor a check against the pieces already taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ManJumps {
    /// `from[i]`: every square from which a man jumps in direction `forward_of(WHITE)[i]`.
    from: [u32; 2],
    /// Squares from which some jump exists: a man landing on one goes on (R-C2). The far row
    /// is never among them (nothing lies beyond it), so a man crowned there stops (R-C4).
    goes_on: u32,
}

impl ManJumps {
    #[inline(always)]
    fn new<const IT: bool, const WHITE: bool>(pos: &Position) -> ManJumps {
        let g = geometry(rules_of(IT));
        let us = if WHITE { Color::White } else { Color::Black };
        let (pieces, kings) = pos.raw();
        let enemy = pieces[1 - us.index()];
        let empty = !(pieces[0] | pieces[1]);
        // R-M3: an Italian man never takes a king.
        let victims = if IT { enemy & !kings } else { enemy };
        let [d0, d1] = forward_of(WHITE);
        let jump_from = |d: Dir| {
            let back = opposite(d);
            step(g, step(g, empty, back) & victims, back)
        };
        let from = [jump_from(d0), jump_from(d1)];
        ManJumps {
            from,
            goes_on: from[0] | from[1],
        }
    }

    /// Calls `leaf(captured, dirs, jumps, landing)` (`dirs` packed as in [`Move`]) for every complete chain of a man that
    /// has reached `sq` after `jumps` jumps, in the order the generator has always used
    /// (first forward direction first, depth first).
    fn walk<const WHITE: bool, F: FnMut(u32, u32, u8, u8)>(
        &self,
        g: &Geometry,
        sq: u8,
        captured: u32,
        dirs: u32,
        jumps: u8,
        leaf: &mut F,
    ) {
        let bit = 1u32 << sq;
        for (i, d) in forward_of(WHITE).into_iter().enumerate() {
            if self.from[i] & bit == 0 {
                continue;
            }
            let (over, land) = g.jump[sq as usize][d as usize];
            let c2 = captured | 1 << over;
            let p2 = dirs | (d as u32) << (2 * jumps);
            if self.goes_on & (1 << land) != 0 {
                self.walk::<WHITE, F>(g, land, c2, p2, jumps + 1, leaf);
            } else {
                leaf(c2, p2, jumps + 1, land);
            }
        }
    }

    /// For the chains of a man standing on `sq`: (most jumps, how many chains have that
    /// many) in Italian, (0, how many chains) in English.
    fn count<const IT: bool, const WHITE: bool>(&self, g: &Geometry, sq: u8) -> (u32, u32) {
        let bit = 1u32 << sq;
        let mut best = (0, 0);
        for (i, d) in forward_of(WHITE).into_iter().enumerate() {
            if self.from[i] & bit == 0 {
                continue;
            }
            let land = g.jump[sq as usize][d as usize].1;
            let (len, n) = if self.goes_on & (1 << land) != 0 {
                self.count::<IT, WHITE>(g, land)
            } else {
                (0, 1)
            };
            if !IT {
                best.1 += n;
            } else if len + 1 > best.0 {
                best = (len + 1, n);
            } else if len + 1 == best.0 {
                best.1 += n;
            }
        }
        best
    }

    /// [`ManJumps::count`] over all the men in `men` (each of which has a jump).
    #[inline(always)]
    fn count_all<const IT: bool, const WHITE: bool>(&self, g: &Geometry, men: u32) -> (u32, u32) {
        // Most captures are single jumps: when no landing square lets a man go on, every
        // jump is a whole chain and a popcount answers.
        let [d0, d1] = forward_of(WHITE);
        let (j0, j1) = (men & self.from[0], men & self.from[1]);
        let landings = step(g, step(g, j0, d0), d0) | step(g, step(g, j1, d1), d1);
        if landings & self.goes_on == 0 {
            return (1, (u64::from(j0) | u64::from(j1) << 32).count_ones());
        }
        self.count_chains::<IT, WHITE>(g, men)
    }

    /// [`ManJumps::count_all`] when some chain goes on past its first jump.
    #[inline(never)]
    fn count_chains<const IT: bool, const WHITE: bool>(
        &self,
        g: &Geometry,
        men: u32,
    ) -> (u32, u32) {
        let mut best = (0, 0);
        let mut bb = men;
        while bb != 0 {
            let from = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            let (len, n) = self.count::<IT, WHITE>(g, from);
            if !IT || len == best.0 {
                best.1 += n;
            } else if len > best.0 {
                best = (len, n);
            }
        }
        best
    }
}

/// The state shared by every chain of one moving king.
struct Chains<'a> {
    g: &'static Geometry,
    from: u8,
    victims: u32,
    enemy_kings: u32,
    /// Every piece on the board but the mover: captured pieces stay until the chain ends
    /// (R-C3), and the start square is empty.
    occupied: u32,
    best: u32,
    list: &'a mut MoveList,
}

/// Appends every legal capture of the side to move to `list` (which must be empty) and says
/// whether there was any. With captures present no quiet move is legal (R-C1).
pub(crate) fn generate<const IT: bool>(pos: &Position, list: &mut MoveList) -> bool {
    let (jumps, cm, ck) = capturers::<IT>(pos);
    if cm | ck == 0 {
        return false;
    }
    generate_from::<IT>(pos, &jumps, cm, ck, list);
    true
}

/// [`generate`] for capturers already found by [`capturers`].
pub(crate) fn generate_from<const IT: bool>(
    pos: &Position,
    jumps: &ManJumps,
    cm: u32,
    ck: u32,
    list: &mut MoveList,
) {
    match pos.side_to_move() {
        Color::White => generate_for::<IT, true>(pos, jumps, cm, ck, list),
        Color::Black => generate_for::<IT, false>(pos, jumps, cm, ck, list),
    }
}

fn generate_for<const IT: bool, const WHITE: bool>(
    pos: &Position,
    jumps: &ManJumps,
    cm: u32,
    ck: u32,
    list: &mut MoveList,
) {
    let g = geometry(rules_of(IT));
    let us = if WHITE { Color::White } else { Color::Black };
    let (pieces, kings) = pos.raw();
    let enemy = pieces[1 - us.index()];
    let promotion_row = PROMOTION_ROW[us.index()];
    // R-M3 (EN): a man may take kings, and the move must say which pieces were kings or
    // making it leaves a stale king bit behind (always 0 in Italian).
    let enemy_kings = if IT { 0 } else { enemy & kings };
    let mut best = 0;
    if cm != 0 {
        let mut bb = cm;
        while bb != 0 {
            let from = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            jumps.walk::<WHITE, _>(g, from, 0, 0, 0, &mut |captured, dirs, n, land| {
                if IT {
                    // R-C5: among men's chains only the number of pieces counts.
                    let key = u32::from(n) << 20;
                    if key < best {
                        return;
                    }
                    if key > best {
                        best = key;
                        list.clear();
                    }
                }
                let promotes = promotion_row & (1 << land) != 0;
                let m = Move::capture(
                    rules_of(IT),
                    from,
                    land,
                    dirs,
                    n,
                    captured,
                    captured & enemy_kings,
                    false,
                    promotes,
                );
                let pushed = list.try_push(m);
                debug_assert!(pushed.is_ok(), "move list full");
            });
        }
    }
    if ck != 0 {
        king_captures::<IT>(pos, ck, best, list);
    }
}

/// Appends the king chains of the pieces in `ck` that the ladder keeps against `best` (the
/// key of the men's chains already in `list`; 0 for none, and always 0 in English).
fn king_captures<const IT: bool>(pos: &Position, ck: u32, best: u32, list: &mut MoveList) {
    let us = pos.side_to_move();
    let (pieces, kings) = pos.raw();
    let enemy = pieces[1 - us.index()];
    let occupied = pieces[0] | pieces[1];
    let mut c = Chains {
        g: geometry(rules_of(IT)),
        from: 0,
        victims: enemy,
        enemy_kings: enemy & kings,
        occupied,
        best,
        list,
    };
    let mut bb = ck;
    while bb != 0 {
        let from = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        c.from = from;
        c.occupied = occupied & !(1 << from);
        c.king::<IT>(from, 0, 0, 0, 0, 0);
    }
}

/// The number of legal captures of the side to move (`WHITE`), whose capturing pieces are
/// `cm` (men, with their jump masks `jumps`) and `ck` (kings), not both empty: men's chains
/// are counted without building a move.
#[inline(always)]
pub(crate) fn count_from<const IT: bool, const WHITE: bool>(
    pos: &Position,
    jumps: &ManJumps,
    cm: u32,
    ck: u32,
) -> u64 {
    let g = geometry(rules_of(IT));
    let (len, men) = if cm == 0 {
        (0, 0)
    } else {
        jumps.count_all::<IT, WHITE>(g, cm)
    };
    if ck == 0 {
        return u64::from(men);
    }
    count_with_kings::<IT>(pos, ck, len, men)
}

/// The rest of [`count_from`] when kings can capture: their chains merge (R-C7), which needs
/// the moves. Kept out of line so the common case does not carry a move list's stack frame.
#[inline(never)]
fn count_with_kings<const IT: bool>(pos: &Position, ck: u32, len: u32, men: u32) -> u64 {
    let mut list = MoveList::new();
    if IT {
        // A king's chain beats a man's of the same length (R-C5), so only kings' chains at
        // least as long as the men's longest are kept; if none, the men's count stands.
        king_captures::<IT>(pos, ck, len << 20, &mut list);
        if list.is_empty() {
            u64::from(men)
        } else {
            list.len() as u64
        }
    } else {
        king_captures::<IT>(pos, ck, 0, &mut list);
        u64::from(men) + list.len() as u64
    }
}

impl Chains<'_> {
    /// Extends a king's chain that has reached `sq`; returns whether any jump was possible.
    fn king<const IT: bool>(
        &mut self,
        sq: u8,
        captured: u32,
        captured_kings: u32,
        dirs: u32,
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
            let p2 = dirs | (d as u32) << (2 * jumps);
            // Step 4 of the ladder: bit (11 - jump index) marks a king taken at that jump, so
            // a larger number means the kings fall earlier, king by king.
            let o2 = order | if took_king { 1 << (11 - jumps) } else { 0 };
            if !self.king::<IT>(land, c2, ck2, p2, jumps + 1, o2) {
                self.record::<IT>(land, c2, ck2, p2, jumps + 1, o2);
            }
        }
        any
    }

    #[inline(always)]
    fn record<const IT: bool>(
        &mut self,
        to: u8,
        captured: u32,
        captured_kings: u32,
        dirs: u32,
        jumps: u8,
        order: u32,
    ) {
        if IT {
            // R-C5: most pieces, then king before man, then most kings, then earliest kings
            // (a man's key is its jumps alone, see `generate_for`).
            let key =
                (u32::from(jumps) << 20) | (1 << 19) | (captured_kings.count_ones() << 15) | order;
            if key < self.best {
                return;
            }
            if key > self.best {
                self.best = key;
                self.list.clear();
            }
        }
        let m = Move::capture(
            rules_of(IT),
            self.from,
            to,
            dirs,
            jumps,
            captured,
            captured_kings,
            true,
            false,
        );
        // R-C7: same start, landing and captured set is one move (after the ladder).
        if self
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
