//! Zobrist keys, generated at compile time, so that a position carries a 64-bit key for
//! repetition detection and transposition tables without any run-time set-up.

use super::types::SQUARES;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

pub(crate) struct Keys {
    /// Indexed by piece code (0 unused) and square.
    pub piece: [[u64; SQUARES]; 15],
    pub black_to_move: u64,
    pub castling: [u64; 16],
    pub en_passant: [u64; SQUARES],
}

const fn build() -> Keys {
    let mut state = 0x007E_450C_4E55_u64;
    let mut keys = Keys {
        piece: [[0; SQUARES]; 15],
        black_to_move: 0,
        castling: [0; 16],
        en_passant: [0; SQUARES],
    };
    let mut c = 1;
    while c < 15 {
        let mut sq = 0;
        while sq < SQUARES {
            let (s, k) = splitmix(state);
            state = s;
            keys.piece[c][sq] = k;
            sq += 1;
        }
        c += 1;
    }
    let (s, k) = splitmix(state);
    state = s;
    keys.black_to_move = k;
    let mut i = 1;
    while i < 16 {
        let (s, k) = splitmix(state);
        state = s;
        keys.castling[i] = k;
        i += 1;
    }
    let mut sq = 0;
    while sq < SQUARES {
        let (s, k) = splitmix(state);
        state = s;
        keys.en_passant[sq] = k;
        sq += 1;
    }
    keys
}

pub(crate) static KEYS: Keys = build();
