//! Zobrist keys: one per (colour, kind, square) and one for the side to move, fixed at compile
//! time by splitmix64 so hashes are the same in every run (the engine's bench relies on it).

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> [[[u64; 32]; 2]; 2] {
    let mut keys = [[[0u64; 32]; 2]; 2];
    let mut state = 0x00DA_4A17_u64;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 2 {
            let mut s = 0;
            while s < 32 {
                let (ns, v) = splitmix(state);
                state = ns;
                keys[c][k][s] = v;
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    keys
}

/// `PIECE[colour][kind][square]` with kind 0 = man, 1 = king.
pub(crate) static PIECE: [[[u64; 32]; 2]; 2] = build();
/// XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = 0x6A09_E667_F3BC_C909;
