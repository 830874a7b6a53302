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

    /// The swaps [`GameRng::shuffle`] makes on `plan.len()` items, drawn now and written down
    /// to be made later: `plan[i]` for each position `i` from the top (`len - 1`) down to 1 is
    /// the position `j <= i` the shuffle swaps item `i` with at that step (`plan[0]` is left as
    /// it is). The same words as the shuffle in the same order, counted alike; making the swaps
    /// in that order (`swap(i, plan[i])`, `i` falling) gives the shuffle's order. Why: the setup
    /// shuffles every deck and the tile stack, but a game draws few of those cards; the swaps
    /// of the rest need never be made (see `Decks`). Always inlined, as `shuffle` is; its steps
    /// eight a pass (`plan_steps`). Items: at most 256 (a step's `j` is written as a `u8`, half the
    /// room of a `u16` in the game's fixed-size state).
    #[inline(always)]
    pub fn shuffle_plan(&mut self, plan: &mut [u8]) {
        let n = plan.len();
        if n < 2 {
            return;
        }
        self.draws = self.draws.wrapping_add(n as u32 - 1);
        self.plan_steps(plan);
    }

    /// `shuffle_plan`'s steps, their words already counted: eight steps a pass, then at most
    /// one pass of four, one of two and the last step (the same steps in the same order). Why
    /// eight: a solo game's setup makes some 370 of these steps, each a generator step, a
    /// multiply, the rejection test and a byte store (~18 instructions), and a pass's own
    /// work (its bounds, test and counter, ~5 instructions) was paid once per two steps.
    /// Each step writes its slot at once, through a slice pattern (no bounds checks), so
    /// the pass holds no more than one result in a register. Measured (greedy 1 2000): two a
    /// pass 120.24 M, four 119.93 M, eight 119.64 M, sixteen 119.56 M (not worth its size);
    /// the same eight steps as a loop over a `[u8; 8]` were not unrolled (122.69 M).
    #[inline(always)]
    fn plan_steps(&mut self, plan: &mut [u8]) {
        debug_assert!(plan.len() <= u8::MAX as usize + 1);
        let mut rest = plan;
        while rest.len() > 8 {
            let m = rest.len() as u32;
            if let [.., p7, p6, p5, p4, p3, p2, p1, top] = rest {
                *top = self.below_after_counted(m) as u8;
                *p1 = self.below_after_counted(m - 1) as u8;
                *p2 = self.below_after_counted(m - 2) as u8;
                *p3 = self.below_after_counted(m - 3) as u8;
                *p4 = self.below_after_counted(m - 4) as u8;
                *p5 = self.below_after_counted(m - 5) as u8;
                *p6 = self.below_after_counted(m - 6) as u8;
                *p7 = self.below_after_counted(m - 7) as u8;
            }
            let keep = rest.len() - 8;
            rest = &mut core::mem::take(&mut rest)[..keep];
        }
        if rest.len() > 4 {
            let m = rest.len() as u32;
            if let [.., p3, p2, p1, top] = rest {
                *top = self.below_after_counted(m) as u8;
                *p1 = self.below_after_counted(m - 1) as u8;
                *p2 = self.below_after_counted(m - 2) as u8;
                *p3 = self.below_after_counted(m - 3) as u8;
            }
            let keep = rest.len() - 4;
            rest = &mut core::mem::take(&mut rest)[..keep];
        }
        if rest.len() > 2 {
            let m = rest.len() as u32;
            if let [.., below, top] = rest {
                *top = self.below_after_counted(m) as u8;
                *below = self.below_after_counted(m - 1) as u8;
            }
            let keep = rest.len() - 2;
            rest = &mut core::mem::take(&mut rest)[..keep];
        }
        if let [_, top] = rest {
            // `shuffle` clamps this step's `j` to 1: `below(2)` is 0 or 1 anyway.
            *top = self.below_after_counted(2) as u8;
        }
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
    fn shuffle_plan_is_the_shuffle_made_later() {
        // Every length to 40 (each remainder after the passes of eight, four and two), and
        // the decks' and tile stack's sizes up to the largest plan.
        for n in (0usize..=40).chain([50, 115, 250, 255, 256]) {
            for seed in [1u64, 42, 0xDEAD_BEEF] {
                let mut eager = GameRng::from_seed(seed);
                let mut items: Vec<u16> = (0..n as u16).collect();
                eager.shuffle(&mut items);
                let mut lazy = GameRng::from_seed(seed);
                let mut plan = vec![u8::MAX; n];
                lazy.shuffle_plan(&mut plan);
                let mut made: Vec<u16> = (0..n as u16).collect();
                for i in (1..n).rev() {
                    assert!(plan[i] as usize <= i, "n {n} seed {seed}: step {i} swaps with {}", plan[i]);
                    made.swap(i, plan[i] as usize);
                }
                assert_eq!(made, items, "n {n} seed {seed}");
                assert_eq!(lazy.draws(), eager.draws(), "n {n} seed {seed}");
                assert_eq!(lazy.next_u64(), eager.next_u64(), "n {n} seed {seed}: stream position");
            }
        }
    }

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
