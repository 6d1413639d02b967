//! Zobrist keys: one random 64-bit number per (piece, square), castling state, e.p. file and
//! side to move. A position's key is the XOR of the numbers for everything true in it, so a
//! move updates the key with a few XORs.
//!
//! The numbers come from the crate's fixed-seed generator (`rng`), evaluated at compile time,
//! so every build on every machine has the same keys: `bench` node counts and hash behaviour
//! repeat.

use super::rng::splitmix64;

/// All keys in one table so they are drawn from one stream in a fixed order.
pub struct Keys {
    /// `piece_square[piece][sq64]`, indexed by the coloured piece code (0..16).
    pub piece_square: [[u64; 64]; 16],
    /// One key per 4-bit castling-rights value.
    pub castling: [u64; 16],
    /// One key per file of the e.p. square.
    pub en_passant: [u64; 8],
    /// XORed in when Black is to move.
    pub black_to_move: u64,
}

const fn generate() -> Keys {
    let mut keys = Keys { piece_square: [[0; 64]; 16], castling: [0; 16], en_passant: [0; 8], black_to_move: 0 };
    let mut state = 0x4D61_7869_6D00_0001; // "Maxim", version 1 of the key set
    let mut piece = 0;
    while piece < 16 {
        let mut sq = 0;
        while sq < 64 {
            let (s, value) = splitmix64(state);
            state = s;
            keys.piece_square[piece][sq] = value;
            sq += 1;
        }
        piece += 1;
    }
    // Castling keys: one per single right, combined by XOR, so that losing a right is one XOR.
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s, value) = splitmix64(state);
        state = s;
        single[i] = value;
        i += 1;
    }
    let mut rights = 0;
    while rights < 16 {
        let mut key = 0;
        let mut bit = 0;
        while bit < 4 {
            if rights & (1 << bit) != 0 {
                key ^= single[bit];
            }
            bit += 1;
        }
        keys.castling[rights] = key;
        rights += 1;
    }
    let mut file = 0;
    while file < 8 {
        let (s, value) = splitmix64(state);
        state = s;
        keys.en_passant[file] = value;
        file += 1;
    }
    let (_, value) = splitmix64(state);
    keys.black_to_move = value;
    keys
}

/// The key set, computed once by the compiler.
pub static KEYS: Keys = generate();

/// The slot of a table of `entries` (a power of two) for `word`, a set of squares or a mix of
/// them that is no key: the word times 2^64 over the golden ratio (a multiplicative hash,
/// which spreads nearby words far apart), its top bits. The caches and histories keyed by
/// pawns or pieces pick their entries with it.
#[inline(always)]
pub fn table_slot(word: u64, entries: usize) -> usize {
    (word.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - entries.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_fixed() {
        let mut all: Vec<u64> = KEYS.piece_square.iter().flatten().copied().collect();
        all.extend(KEYS.en_passant);
        all.push(KEYS.black_to_move);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n, "duplicate Zobrist keys");
        assert_eq!(KEYS.castling[0], 0);
        // The first key never changes between builds: bench and the tests depend on it.
        assert_eq!(KEYS.piece_square[0][0], splitmix64(0x4D61_7869_6D00_0001).1);
    }
}
