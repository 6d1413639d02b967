//! The crate's one random-number generator: SplitMix64 (Steele, Lea and Flood, 2014), a tiny
//! generator whose outputs pass BigCrush. Its step is a `const fn`, so the Zobrist keys are
//! drawn from it at compile time and are the same in every build; the tests draw their random
//! boards and playouts from it, with fixed seeds, so every run repeats.

/// One SplitMix64 step: the next state, and the output drawn from it.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// A stream of pseudo-random numbers from a fixed seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A stream starting from `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next pseudo-random word.
    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix64(self.0);
        self.0 = state;
        value
    }

    /// A pseudo-random number below `n`, which must not be 0. (The remainder's bias, under
    /// n / 2^64, does not matter for the uses here.)
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_repeat_and_stay_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
            assert!(a.below(10) < 10);
            b.below(10);
        }
        // The published first output of SplitMix64 from seed 0.
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }
}
