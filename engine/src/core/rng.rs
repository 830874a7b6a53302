//! Per-game randomness: seed derivation and the few samplers the rules need.
//!
//! The generator (xoshiro256++) and the samplers are written here rather than taken from
//! `rand_xoshiro` and `rand`, so a stored replay keeps its meaning when dependencies are
//! upgraded. A golden test pins the samplers, another the generator against `rand_xoshiro`.

/// The purposes a game draws randomness for. Each has its own stream so that two variants
/// played from the same (seed, game) face the same dungeon for as long as they can
/// (common random numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Stream {
    /// Setup: heroes, towers, runes, first player, deck and tile order.
    Setup = 1,
    /// Dice rolls during play.
    Dice = 2,
    /// Reshuffles during play.
    Shuffle = 3,
    /// Reserved for bots (the engine never draws from it).
    Bot = 4,
}

/// SplitMix64's state increment (the golden ratio in 64-bit fixed point).
const SPLITMIX_INCREMENT: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64 finaliser: a bijection on u64, so distinct inputs never collide.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(SPLITMIX_INCREMENT);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of one stream of game `index` in a run with `master` seed. Depends on nothing
/// else, so game `index` can be replayed alone and results do not depend on thread count.
pub fn stream_seed(master: u64, index: u64, stream: Stream) -> u64 {
    mix64(mix64(master ^ mix64(index)) ^ (stream as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// A random number generator with the samplers the game uses.
///
/// The generator is xoshiro256++ (Blackman and Vigna), its state held here and stepped by
/// `GameRng::step`: the same words `rand_xoshiro::Xoshiro256PlusPlus` gives (a test pins
/// it), without going through the crate's seeding, which takes the state as 32 bytes and
/// tests them for all zeros (~30 instructions a stream, at every game start).
#[derive(Clone, Debug)]
pub struct GameRng {
    s: [u64; 4],
    draws: u32,
}

impl GameRng {
    /// A generator for one stream of one game.
    #[inline]
    pub fn new(master: u64, index: u64, stream: Stream) -> Self {
        Self::from_seed(stream_seed(master, index, stream))
    }

    /// A generator from a raw 64-bit seed: the state `Xoshiro256PlusPlus::seed_from_u64`
    /// makes (four SplitMix64 words from `seed`), built here directly. The crate's version
    /// fills the seed bytes through a generic byte-filling loop in an out-of-line call, ~130
    /// instructions; a game seeds four streams (setup, dice, shuffle and the bots').
    /// `mix64` is SplitMix64's step on its state plus the increment, so word `k` is
    /// `mix64(seed + k * increment)`. (Four consecutive SplitMix64 words are never all zero,
    /// the one state the generator must not start from and the case where the crate's
    /// `from_seed` would substitute a fixed state: `mix64` is a bijection, so no test is
    /// needed.) A test pins the equality.
    #[inline]
    pub fn from_seed(seed: u64) -> Self {
        let word = |k: u64| mix64(seed.wrapping_add(k.wrapping_mul(SPLITMIX_INCREMENT)));
        GameRng { s: [word(0), word(1), word(2), word(3)], draws: 0 }
    }

    /// One xoshiro256++ step: the next word, and the state moved on.
    #[inline(always)]
    fn step(&mut self) -> u64 {
        let s = &mut self.s;
        let out = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    /// Raw 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.draws = self.draws.wrapping_add(1);
        self.step()
    }

    /// How many 64-bit words this generator has produced (the RNG-floor benchmark uses it).
    pub fn draws(&self) -> u32 {
        self.draws
    }

    /// Uniform integer in `0..n` (Lemire's multiply-shift with rejection; unbiased). `n > 0`.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        self.draws = self.draws.wrapping_add(1);
        self.below_after_counted(n)
    }

    /// [`GameRng::below`] whose first word the caller has already counted in `draws` (words
    /// drawn on rejection are counted here).
    #[inline]
    fn below_after_counted(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n64 = n as u64;
        let mut m = (self.step() >> 32) * n64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = (self.next_u64() >> 32) * n64;
            }
        }
        (m >> 32) as u32
    }

    /// One six-sided die.
    #[inline]
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// Fisher–Yates shuffle.
    ///
    /// The same draws and swaps as `j = below(i + 1)` then `swap(i, j)` for `i` from the top
    /// down, written to cost less per card (setup shuffles every deck and the tile stack,
    /// some 370 cards a game, a fifth of a random-bot game's instructions): the one word each
    /// step surely draws is counted in `draws` once up front; the rejection test compares
    /// 32-bit halves (no widening); two steps a pass (the same steps in the same order; an
    /// odd last one after the loop), so the loop's own test and counter are paid once per two
    /// cards; and the swap reads and writes through the slice's pointer without a bounds
    /// check. That last needs `j < len`, which the sampler guarantees (`below_after_counted`,
    /// see the safety note) but the compiler cannot see: a clamp (`j.min(i)`, a
    /// no-op) or a checked swap cost a compare and a select or branch per card, ~1,000
    /// instructions a random-bot game. Always inlined: as an out-of-line call (two steps a
    /// pass make it large) it cost more than the unrolling saved.
    #[inline(always)]
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        let n = items.len();
        if n < 2 {
            return;
        }
        self.draws = self.draws.wrapping_add(n as u32 - 1);
        let mut rest = items;
        while rest.len() > 2 {
            let n = rest.len();
            let j = self.below_after_counted(n as u32) as usize;
            let k = self.below_after_counted(n as u32 - 1) as usize;
            debug_assert!(j < n && k < n - 1);
            let p = rest.as_mut_ptr();
            // SAFETY: `p` points to `n` initialised elements of `rest`, which this function
            // borrows mutably. `n - 1` and `n - 2` are below `n`; `j < n` and `k < n - 1`
            // because `below_after_counted(m)` is `(a * m) >> 32` with `a < 2^32`, so it is
            // below `m`. `ptr::swap` allows the two places to be the same (`j == n - 1`).
            unsafe {
                core::ptr::swap(p.add(n - 1), p.add(j));
                core::ptr::swap(p.add(n - 2), p.add(k));
            }
            rest = &mut core::mem::take(&mut rest)[..n - 2];
        }
        if rest.len() == 2 {
            let j = (self.below_after_counted(2) as usize).min(1);
            rest.swap(1, j);
        }
    }
}

/// A stream's generator seeded on its first use: until then only its seed is kept.
///
/// Why: a game seeds the reshuffle stream at every start, four SplitMix64 words and the
/// generator's own seed checks, some seventy instructions, and most games never reshuffle
/// a deck nor return a tile (the stream's only uses in the Revised game); a random-bot
/// game is short enough for that to be a visible part of it. A generator seeded on first
/// use draws exactly the words one seeded at the start would, so nothing else changes.
#[derive(Clone, Debug)]
pub struct LazyRng {
    seed: u64,
    rng: Option<GameRng>,
}

impl LazyRng {
    /// The generator of one stream of one game, not seeded yet.
    #[inline]
    pub fn new(master: u64, index: u64, stream: Stream) -> Self {
        LazyRng { seed: stream_seed(master, index, stream), rng: None }
    }

    /// A generator from a raw 64-bit seed, not seeded yet (see [`GameRng::from_seed`]): what
    /// a resampled game's reshuffle stream is reseeded with (`Game::resample`).
    #[inline]
    pub fn from_seed(seed: u64) -> Self {
        LazyRng { seed, rng: None }
    }

    /// The generator, seeded now if this is its first use.
    #[inline]
    pub fn get(&mut self) -> &mut GameRng {
        let seed = self.seed;
        self.rng.get_or_insert_with(|| seeded(seed))
    }

    /// How many 64-bit words the generator has produced (none before its first use).
    pub fn draws(&self) -> u32 {
        self.rng.as_ref().map_or(0, GameRng::draws)
    }
}

/// [`GameRng::from_seed`] out of line, for [`LazyRng::get`]'s rare first use.
#[cold]
#[inline(never)]
fn seeded(seed: u64) -> GameRng {
    GameRng::from_seed(seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_samplers() {
        // Pins the samplers: a change here changes every stored replay.
        let mut r = GameRng::from_seed(42);
        let dice: Vec<u8> = (0..12).map(|_| r.d6()).collect();
        let mut v: Vec<u8> = (0..10).collect();
        r.shuffle(&mut v);
        assert_eq!(dice, GOLDEN_DICE, "d6 sequence changed");
        assert_eq!(v, GOLDEN_SHUFFLE, "shuffle changed");
    }

    const GOLDEN_DICE: [u8; 12] = [5, 2, 6, 5, 5, 4, 1, 4, 2, 6, 4, 6];
    const GOLDEN_SHUFFLE: [u8; 10] = [9, 4, 5, 2, 8, 1, 7, 3, 0, 6];

    #[test]
    fn below_is_uniform_enough() {
        let mut r = GameRng::from_seed(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.d6() as usize - 1] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn from_seed_is_the_crate_seeding() {
        use rand_core::{Rng, SeedableRng};
        use rand_xoshiro::Xoshiro256PlusPlus;
        for seed in [0, 1, 42, u64::MAX, 0x9E37_79B9_7F4A_7C15u64.wrapping_neg(), stream_seed(1, 5, Stream::Dice)] {
            let mut ours = GameRng::from_seed(seed);
            let mut theirs = Xoshiro256PlusPlus::seed_from_u64(seed);
            for _ in 0..1000 {
                assert_eq!(ours.next_u64(), theirs.next_u64(), "seed {seed:#x}");
            }
        }
    }

    #[test]
    fn lazy_rng_draws_as_seeded_at_once() {
        let mut lazy = LazyRng::new(3, 9, Stream::Shuffle);
        let mut now = GameRng::new(3, 9, Stream::Shuffle);
        assert_eq!(lazy.draws(), 0);
        for n in 1..40 {
            assert_eq!(lazy.get().below(n), now.below(n));
        }
        assert_eq!(lazy.draws(), now.draws());
    }

    #[test]
    fn streams_differ_and_are_stable() {
        assert_ne!(stream_seed(1, 0, Stream::Dice), stream_seed(1, 0, Stream::Setup));
        assert_ne!(stream_seed(1, 0, Stream::Dice), stream_seed(1, 1, Stream::Dice));
        assert_eq!(stream_seed(1, 5, Stream::Dice), stream_seed(1, 5, Stream::Dice));
    }
}
