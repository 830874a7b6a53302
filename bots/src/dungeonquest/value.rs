//! What a plan is worth to a strategic policy: the gold it expects to carry out plus the
//! policy's value of getting out alive ([`Params::life`](crate::Params::life)), times the
//! chance of getting out.
//!
//! The chance has two parts, both smooth in the turns and moves a plan takes, so no plan falls
//! off a cliff when the sun moves one space: the sun not setting while the hero is still inside
//! (read off the rules' sun track, with the turns a walk takes blurred over a few turns either
//! way, as encounters and lost turns make them uncertain), and the hero surviving the spaces he
//! walks through (a hazard per move that grows as his health runs low).

use dq_engine::Rules;

/// Chance per move of dying on the way, times the health left: a hero with 10 health left
/// is reckoned to die about once in 10 moves, one with 4 left once in 4. Pessimistic as a
/// fact about the dungeon (heroes die less often than that), it is the value that served the
/// policies' objectives best among those tried (0.2 to 2, solo Revised games: docs/bots.md,
/// "Objectives"): the plan leaves out the loot found on the way and the choices made later,
/// and a longer walk is dearer than it counts.
const HAZARD: f64 = 1.0;

/// How the turns a walk takes spread around the count the pace gives: weights for -2..=+2.
const SPREAD: [f64; 5] = [1.0 / 9.0, 2.0 / 9.0, 3.0 / 9.0, 2.0 / 9.0, 1.0 / 9.0];

/// Turns of the sun track looked ahead past its last space (the last number repeats).
const AHEAD: usize = 64;

/// The sun track as chances: `keep[s]` is the chance the sun has not set by the time it
/// stands on space `s` (counting from the start), so that the chance of surviving the turns
/// from space `a` to space `b` is `keep[b] / keep[a]`.
///
/// The blurred chances are worked out once per space (`blur`): the planner asks at every move.
#[derive(Clone, Debug)]
pub struct SunTrack {
    keep: Vec<f64>,
    /// `blur[i]`: the chance of `keep` at space `i - 2`, blurred over `SPREAD`; past its end
    /// the chance no longer changes.
    blur: Vec<f64>,
}

impl SunTrack {
    /// The track of `rules`.
    pub fn new(rules: &Rules) -> SunTrack {
        let last = rules.sun_numbers.last().copied().unwrap_or(0);
        let mut keep = Vec::with_capacity(rules.sun_numbers.len() + AHEAD);
        let mut p = 1.0;
        for s in 0..rules.sun_numbers.len() + AHEAD {
            let n = rules.sun_numbers.get(s).copied().unwrap_or(last);
            p *= 1.0 - f64::from(n.min(6)) / 6.0;
            keep.push(p);
        }
        let mut track = SunTrack { keep, blur: Vec::new() };
        // Below space -2 every space the blur reads is before the track (1.0); from one past
        // the track's end on, every space it reads is the last.
        track.blur = (-2..=track.keep.len() as i64 + 1).map(|s| track.blurred(s)).collect();
        track
    }

    /// The chance the sun has not set by space `s`, blurred over `SPREAD`.
    fn blurred(&self, s: i64) -> f64 {
        let mut p = 0.0;
        for (k, w) in SPREAD.iter().enumerate() {
            p += w * self.at(s + k as i64 - 2);
        }
        p
    }

    /// The chance the sun, now on space `sun`, does not set in the next `turns` turns, the
    /// turns blurred over `SPREAD` (two turns either way).
    pub fn survive(&self, sun: u8, turns: i64) -> f64 {
        let from = self.at(i64::from(sun));
        if from == 0.0 {
            return 0.0;
        }
        let s = (i64::from(sun) + turns).clamp(-2, self.blur.len() as i64 - 3);
        (self.blur[(s + 2) as usize] / from).min(1.0)
    }

    fn at(&self, s: i64) -> f64 {
        if s <= 0 {
            return 1.0;
        }
        self.keep[(s as usize).min(self.keep.len() - 1)]
    }
}

/// The chance of walking `moves` moves alive with `left` health left.
pub fn walk_survival(moves: i64, left: i32) -> f64 {
    let hz = (HAZARD / f64::from(left.max(1))).min(0.9);
    (1.0 - hz).powi(moves.clamp(0, 200) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sun_track_is_safe_before_its_numbers_and_falls_smoothly_after() {
        let rules = Rules::revised();
        let sun = SunTrack::new(&rules);
        assert_eq!(sun.survive(1, 10), 1.0);
        let mut last = 1.0;
        for t in 20..40 {
            let p = sun.survive(1, t);
            assert!(p <= last && p >= 0.0, "turns {t}: {p}");
            // No cliff: one turn more never costs more than three quarters of the chance
            // (the track's own fall, blurred) while it is worth counting.
            assert!(p >= last * 0.25 || last < 0.05, "turns {t}: {p} after {last}");
            last = p;
        }
        assert!(sun.survive(1, 40) < 0.01);
    }

    #[test]
    fn the_blurred_track_is_the_blur_worked_out_at_each_ask() {
        let sun = SunTrack::new(&Rules::revised());
        for s in 0..30u8 {
            for t in -5..200 {
                let from = sun.at(i64::from(s));
                if from == 0.0 {
                    continue;
                }
                let want = (sun.blurred(i64::from(s) + t) / from).min(1.0);
                assert_eq!(sun.survive(s, t).to_bits(), want.to_bits(), "sun {s}, turns {t}");
            }
        }
    }

    #[test]
    fn walking_is_safer_with_more_health() {
        assert!(walk_survival(10, 10) > walk_survival(10, 3));
        assert_eq!(walk_survival(0, 1), 1.0);
    }
}
