//! Checks of solved tables against the rules: every sampled position's value must follow from
//! its moves (one ply of search over the tables), and short wins, losses and draws must agree
//! with a plain minimax over the move generator that knows nothing of the tables.

use super::index::{Material, unrank};
use super::{Tables, Wdl};
use crate::rules::{Position, legal_moves};

/// What a sample found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Positions whose value was checked against their moves.
    pub consistent: u64,
    /// Positions also checked by the table-free search.
    pub searched: u64,
    /// Descriptions of the positions that failed.
    pub wrong: Vec<String>,
}

impl Report {
    pub fn add(&mut self, o: &Report) {
        self.consistent += o.consistent;
        self.searched += o.searched;
        self.wrong.extend(o.wrong.iter().cloned());
    }
}

/// The longest distance the table-free search checks.
pub const SEARCH_PLIES: u32 = 5;

/// The value a position must have given its moves' values in the tables.
pub fn from_moves(t: &Tables, pos: &Position) -> Option<Wdl> {
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return Some(Wdl::Loss(0));
    }
    t.through_moves(pos, &moves)
}

const MATE: i32 = 1000;

/// Plain minimax to `depth` plies: `MATE - k` for a win in `k`, `-(MATE - k)` for a loss in
/// `k`, 0 when nothing is forced within the depth.
pub fn minimax(pos: &Position, depth: u32) -> i32 {
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return -MATE;
    }
    if depth == 0 {
        return 0;
    }
    let mut best = -MATE - 1;
    for m in moves.iter() {
        let v = minimax(&pos.after(m), depth - 1);
        let ours = match v {
            0 => 0,
            v if v > 0 => -(v - 1),
            v => -v - 1,
        };
        best = best.max(ours);
        if best == MATE - 1 {
            break;
        }
    }
    best
}

/// Checks `n` random positions of slice `m` (reproducible from `seed`).
pub fn sample(t: &Tables, m: Material, n: u32, seed: u64) -> Report {
    let mut r = Report::default();
    let mut x = seed | 1;
    let size = m.size();
    let mut tries = 0;
    while r.consistent < u64::from(n) && tries < 20 * u64::from(n) {
        tries += 1;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let Some(pos) = unrank(m, x % size).and_then(|p| p.position(t.rules())) else {
            continue;
        };
        let Some(stored) = t.probe(&pos) else {
            continue;
        };
        // A move into a damaged block: that block is named by the file check, not here.
        let Some(derived) = from_moves(t, &pos) else {
            continue;
        };
        r.consistent += 1;
        let fen = crate_fen(&pos);
        if !derived.same_result(stored) {
            r.wrong.push(format!(
                "{m} {fen}: stored {stored:?}, its moves say {derived:?}"
            ));
            continue;
        }
        let expect = match stored {
            // A distance not kept: no forced result against the side the table says.
            Wdl::Win(_) | Wdl::Loss(_) if !stored.distance_known() => None,
            Wdl::Win(d) if d <= SEARCH_PLIES => Some((d, MATE - d as i32)),
            Wdl::Loss(d) if d <= SEARCH_PLIES => Some((d, -(MATE - d as i32))),
            // Longer results: nothing may be forced sooner than the table says.
            Wdl::Win(_) | Wdl::Loss(_) | Wdl::Draw => Some((3, 0)),
        };
        if !stored.distance_known() {
            r.searched += 1;
            let got = minimax(&pos, 3);
            let against = matches!(stored, Wdl::Win(_)) && got < 0
                || matches!(stored, Wdl::Loss(_)) && got > 0;
            if against {
                r.wrong.push(format!(
                    "{m} {fen}: stored {stored:?}, a 3-ply search says {got}"
                ));
            }
        }
        if let Some((depth, want)) = expect {
            r.searched += 1;
            let got = minimax(&pos, depth);
            if got != want {
                r.wrong.push(format!(
                    "{m} {fen}: stored {stored:?}, a {depth}-ply search says {got}"
                ));
            }
        }
    }
    r
}

/// The position's squares, for messages (the tables floor depends on `rules` only, so no FEN
/// writer here).
fn crate_fen(pos: &Position) -> String {
    use crate::rules::Color;
    let side = |c: Color| {
        pos.pieces_of(c)
            .iter()
            .map(|s| {
                let k = if pos.kings().contains(s) { "K" } else { "" };
                format!("{k}{}", s.number())
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{}:W{}:B{}",
        pos.side_to_move().letter(),
        side(Color::White),
        side(Color::Black)
    )
}
