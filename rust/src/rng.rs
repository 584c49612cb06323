//! The library's own deterministic generator (RULES G-RNG-1), bit for bit the
//! one of `kanasta._rng`: SplitMix64 driving a Fisher-Yates shuffle, with one
//! derived stream per purpose of a game seed.

const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
const LABEL_MULTIPLIER: u64 = 0xD1B5_4A32_D192_ED03;

/// SplitMix64 (Steele, Lea and Flood, 2014).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first step starts from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` by multiply-shift (the Python engine's `below`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// The generator for one purpose (e.g. the deal of hand 3) of a game seed.
pub fn stream(seed: u64, labels: &[u64]) -> SplitMix64 {
    let mut state = SplitMix64::new(seed).next_u64();
    for &label in labels {
        state = SplitMix64::new(state ^ label.wrapping_mul(LABEL_MULTIPLIER)).next_u64();
    }
    SplitMix64::new(state)
}

/// Fisher-Yates shuffle of `items` in place, driven by `g` (the Python engine's `shuffled`).
pub fn shuffle<T>(items: &mut [T], g: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = g.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_output_of_seed_zero_is_the_published_splitmix64_value() {
        // The reference value of SplitMix64 seeded with 0 (also the doctest of kanasta._rng).
        assert_eq!(SplitMix64::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn below_stays_in_range_and_uses_the_high_bits() {
        let mut g = SplitMix64::new(7);
        for n in 1..300u64 {
            assert!(g.below(n) < n);
        }
        // below(n) is floor(x * n / 2**64): with n = 2**32 it is the top half of x.
        let x = SplitMix64::new(9).next_u64();
        assert_eq!(SplitMix64::new(9).below(1 << 32), x >> 32);
    }

    #[test]
    fn streams_differ_by_label_and_are_reproducible() {
        let take = |mut g: SplitMix64| -> Vec<u64> { (0..4).map(|_| g.next_u64()).collect() };
        assert_eq!(take(stream(5, &[1, 2])), take(stream(5, &[1, 2])));
        assert_ne!(take(stream(5, &[1, 2])), take(stream(5, &[1, 3])));
        assert_ne!(take(stream(5, &[1, 2])), take(stream(6, &[1, 2])));
        // No labels: the stream starts from the seed generator's first output.
        assert_eq!(
            stream(5, &[]),
            SplitMix64::new(SplitMix64::new(5).next_u64())
        );
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u32> = (0..108).collect();
        shuffle(&mut items, &mut stream(11, &[1, 1]));
        assert_ne!(items, (0..108).collect::<Vec<u32>>());
        items.sort_unstable();
        assert_eq!(items, (0..108).collect::<Vec<u32>>());
    }
}
