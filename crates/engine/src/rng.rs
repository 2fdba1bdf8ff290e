//! A tiny seeded generator: levels need reproducible noise, not cryptography.

/// SplitMix64: one multiply-xorshift chain per draw, good enough for move noise.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed; equal seeds give equal sequences.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_engine::Rng;
    /// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
    /// assert_eq!(a.next_u64(), b.next_u64());
    /// assert!(a.below(10) < 10);
    /// ```
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5DEE_CE66_D1CE_5EED)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            ((self.next_u64() >> 11) % n as u64) as usize
        }
    }

    /// A number in `-amp..=amp`.
    pub fn symmetric(&mut self, amp: i32) -> i32 {
        if amp <= 0 {
            0
        } else {
            self.below(2 * amp as usize + 1) as i32 - amp
        }
    }
}
