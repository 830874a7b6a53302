//! Paired measurements of a bot setting: survival and gold per hero-game of a run kept game by
//! game, so two runs on the same seed and game indexes (another setting, or an optional rule)
//! are compared pair by pair, not as two independent samples.
//!
//! Why pairs: two settings played on the same seeds meet mostly the same tiles, cards and dice,
//! so the game-by-game difference varies far less than either run; a difference of a point of
//! survival that two independent 20,000-game runs cannot tell apart is often clear in pairs.
//!
//! Intervals are over games, not hero-games: the heroes of one game share its board, so each
//! game's mean over its seats is one observation (the 95% half-width is 1.96 standard errors).

use dq_bots::{play, play_into, BotSpec, MonsterSpec, Players};
use dq_engine::{GameConfig, NoObserver, Rules, Variant};

/// A mean with its 95% half-width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub half: f64,
}

impl Estimate {
    /// The mean of `values` and 1.96 standard errors.
    pub fn of(values: impl Iterator<Item = f64>) -> Estimate {
        let (mut n, mut sum, mut squares) = (0.0, 0.0, 0.0);
        for v in values {
            n += 1.0;
            sum += v;
            squares += v * v;
        }
        let mean = sum / n;
        let var = ((squares - n * mean * mean) / (n - 1.0)).max(0.0);
        Estimate { mean, half: 1.96 * (var / n).sqrt() }
    }

    /// Whether the interval lies wholly above zero.
    pub fn above_zero(&self) -> bool {
        self.mean - self.half > 0.0
    }

    /// Whether the interval lies wholly below zero.
    pub fn below_zero(&self) -> bool {
        self.mean + self.half < 0.0
    }

    /// How many half-widths the mean lies from zero (0 when the interval is degenerate at zero).
    pub fn z(&self) -> f64 {
        if self.half > 0.0 {
            self.mean / self.half
        } else if self.mean == 0.0 {
            0.0
        } else {
            f64::INFINITY.copysign(self.mean)
        }
    }
}

/// One run's outcomes, game by game: heroes out alive and the gold they carried out.
#[derive(Clone, Debug)]
pub struct Outcomes {
    seats: usize,
    survivors: Vec<u8>,
    gold: Vec<u32>,
}

impl Outcomes {
    /// Plays games `0..games` of `seed` with `spec` at every one of `seats` seats (random
    /// heroes, the edition's default monster player) under `variant`.
    pub fn play(rules: &Rules, spec: BotSpec, seats: usize, variant: Variant, seed: u64, games: u64) -> Outcomes {
        let mut players = Players::new(rules, &vec![spec; seats], MonsterSpec::edition_default(rules.edition), seats)
            .expect("valid table");
        let cfg = GameConfig::random(seats, variant);
        let mut out = Outcomes { seats, survivors: Vec::with_capacity(games as usize), gold: Vec::new() };
        out.gold.reserve(games as usize);
        let mut game = None;
        for i in 0..games {
            let g = match &mut game {
                None => game.insert(play(rules, &cfg, seed, i, &mut players, &mut NoObserver).expect("valid game")),
                Some(g) => {
                    play_into(g, &cfg, seed, i, &mut players, &mut NoObserver).expect("valid game");
                    g
                }
            };
            let (mut alive, mut gold) = (0u8, 0u32);
            for s in 0..seats as u8 {
                if g.hero(s).stats.death_cause.is_none() {
                    alive += 1;
                    gold += g.gold(s);
                }
            }
            out.survivors.push(alive);
            out.gold.push(gold);
        }
        out
    }

    /// Games played.
    pub fn games(&self) -> usize {
        self.survivors.len()
    }

    /// Per game: the share of its heroes out alive, in percent.
    fn survival_of(&self, i: usize) -> f64 {
        100.0 * f64::from(self.survivors[i]) / self.seats as f64
    }

    /// Per game: gold carried out per hero (0 for the dead).
    fn gold_of(&self, i: usize) -> f64 {
        f64::from(self.gold[i]) / self.seats as f64
    }

    /// Per game: the objective of a policy valuing getting out alive at `life` gold, per hero
    /// (`BotSpec::objective` averaged over the seats).
    fn objective_of(&self, i: usize, life: u16) -> f64 {
        (f64::from(self.gold[i]) + f64::from(life) * f64::from(self.survivors[i])) / self.seats as f64
    }

    /// Survival per hero-game, in percent.
    pub fn survival(&self) -> Estimate {
        Estimate::of((0..self.games()).map(|i| self.survival_of(i)))
    }

    /// Gold carried out per hero-game (0 for the dead).
    pub fn gold(&self) -> Estimate {
        Estimate::of((0..self.games()).map(|i| self.gold_of(i)))
    }

    /// The objective per hero-game of a policy whose `life` is given.
    pub fn objective(&self, life: u16) -> Estimate {
        Estimate::of((0..self.games()).map(|i| self.objective_of(i, life)))
    }

    /// Survival of `self` minus survival of `base`, paired game by game (percentage points).
    pub fn survival_change(&self, base: &Outcomes) -> Estimate {
        self.paired(base, |o, i| o.survival_of(i))
    }

    /// Gold per hero-game of `self` minus that of `base`, paired game by game.
    pub fn gold_change(&self, base: &Outcomes) -> Estimate {
        self.paired(base, |o, i| o.gold_of(i))
    }

    /// The objective (at `life`) of `self` minus that of `base`, paired game by game.
    pub fn objective_change(&self, base: &Outcomes, life: u16) -> Estimate {
        self.paired(base, |o, i| o.objective_of(i, life))
    }

    fn paired(&self, base: &Outcomes, value: impl Fn(&Outcomes, usize) -> f64) -> Estimate {
        assert_eq!(self.games(), base.games(), "paired runs play the same games");
        Estimate::of((0..self.games()).map(|i| value(self, i) - value(base, i)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimate_is_the_mean_and_its_interval() {
        let e = Estimate::of([1.0, 2.0, 3.0, 4.0].into_iter());
        assert_eq!(e.mean, 2.5);
        // Sample variance 5/3, standard error sqrt(5/12).
        assert!((e.half - 1.96 * (5.0f64 / 12.0).sqrt()).abs() < 1e-12);
        assert!(e.above_zero() && !e.below_zero());
        assert_eq!(Estimate::of([0.0, 0.0].into_iter()).z(), 0.0);
    }

    #[test]
    fn a_setting_paired_with_itself_changes_nothing() {
        let rules = Rules::revised();
        let a = Outcomes::play(&rules, BotSpec::parse("greedy").unwrap(), 2, Variant::default(), 7, 40);
        let b = Outcomes::play(&rules, BotSpec::parse("greedy").unwrap(), 2, Variant::default(), 7, 40);
        let d = b.gold_change(&a);
        assert_eq!((d.mean, d.half), (0.0, 0.0));
        assert_eq!(a.survival().mean, b.survival().mean);
        let o = a.objective(150);
        assert!((o.mean - (a.gold().mean + 1.5 * a.survival().mean)).abs() < 1e-9);
    }
}
