//! What a finished Dealing Dungeons game leaves behind: one [`Row`] per seat and integer
//! [`Tally`] counts, plain `Copy` values and fixed arrays (nothing allocated per game;
//! tallies add up the same in any order, so summaries do not depend on the thread count).

use dq_engine::core::Observer;
use dq_engine::dealing_dungeons::game::{DealingEvent, DealingGame, DeathCause, End, Status, MAX_SEATS};
use dq_engine::dealing_dungeons::rules::HeroSide;
use dq_engine::DecisionGame;

/// Hero slots counted: each Hero card's two sides.
pub const MAX_HERO_SIDES: usize = 64;

/// The turns each seat began (missed ones included): the only event a run watches.
#[derive(Clone, Copy, Debug, Default)]
pub struct Turns(pub [u16; MAX_SEATS]);

impl Observer<DealingEvent> for Turns {
    #[inline(always)]
    fn event(&mut self, e: DealingEvent) {
        if let DealingEvent::Turn(s) = e {
            self.0[s as usize % MAX_SEATS] += 1;
        }
    }
}

/// A hero side's index in the run's hero names: the card's front `2 h`, its back `2 h + 1`.
pub fn hero_side(hero: u8, side: HeroSide) -> u8 {
    hero * 2 + (side == HeroSide::Back) as u8
}

/// One seat's result in one game: the per-game columns of the results table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub game_index: u64,
    pub seat: u8,
    /// The hero side played ([`hero_side`]).
    pub hero: u8,
    pub players: u8,
    pub survived: bool,
    pub winner: bool,
    /// The loot tally at the end (counted for the dead too).
    pub gold: u32,
    pub death_cause: Option<DeathCause>,
    pub turns: u16,
    pub level: u8,
    pub xp: u16,
    pub lives: u8,
    /// The Bag of Holding's gold (the Loot cards' values, extra potions 10 each).
    pub bag_gold: u16,
    pub boss_defeated: bool,
    pub rooms_built: u8,
    pub monsters_defeated: u8,
    pub edge: bool,
    pub end: End,
    /// Heroes of the seat who died (more than one under the replacement rule).
    pub heroes_lost: u8,
}

impl Row {
    /// The row of `seat` in finished game `index`, the seats' turns counted by `turns`.
    pub fn of(game: &DealingGame<'_>, index: u64, seat: u8, turns: &Turns) -> Row {
        let p = game.player(seat);
        // The seat's first hero: under the replacement rule, the one who died first.
        let (hero, survived, cause) = match p.stats.first_death {
            Some((hero, side, cause)) => (hero_side(hero, side), false, Some(cause)),
            None => (hero_side(p.hero, p.side), p.alive(), None),
        };
        Row {
            game_index: index,
            seat,
            hero,
            players: game.seats(),
            survived,
            winner: game.won(seat),
            gold: game.tally(seat),
            death_cause: cause,
            turns: turns.0[seat as usize % MAX_SEATS],
            level: p.level,
            xp: game.xp(seat),
            lives: p.lives,
            bag_gold: p.bag_gold,
            boss_defeated: p.stats.boss_defeated,
            rooms_built: p.stats.rooms_built,
            monsters_defeated: p.stats.monsters_defeated,
            edge: matches!(p.status, Status::Edge | Status::WalledIn),
            end: game.end().unwrap_or(End::RoundLimit),
            heroes_lost: p.stats.heroes_lost,
        }
    }
}

/// The `death_cause` column's words.
pub fn cause_name(c: DeathCause) -> &'static str {
    match c {
        DeathCause::Monster => "monster",
        DeathCause::RangedMiss => "ranged_miss",
        DeathCause::Boss => "boss",
    }
}

/// The `game_end` column's words.
pub fn end_name(e: End) -> &'static str {
    match e {
        End::Boss(_) => "boss",
        End::NoneLeft => "none_left",
        End::RoundLimit => "round_limit",
    }
}

/// An end's slot in [`Tally::ends`].
fn end_slot(e: End) -> usize {
    match e {
        End::Boss(_) => 0,
        End::NoneLeft => 1,
        End::RoundLimit => 2,
    }
}

/// Ends in [`Tally::ends`] order.
pub const ENDS: [End; 3] = [End::Boss(0), End::NoneLeft, End::RoundLimit];
/// Death causes in [`Counts::deaths`] order.
pub const CAUSES: [DeathCause; 3] = [DeathCause::Monster, DeathCause::RangedMiss, DeathCause::Boss];

/// Counts over the games of one hero side (or all).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Hero-games.
    pub games: u64,
    pub survived: u64,
    pub wins: u64,
    pub bosses: u64,
    /// The loot tally summed over survivors, and its squares.
    pub gold_survivors: u64,
    pub gold_sq_survivors: u128,
    pub monsters: u64,
    pub deaths: [u64; 3],
}

impl Counts {
    fn add_row(&mut self, r: &Row) {
        self.games += 1;
        self.survived += r.survived as u64;
        self.wins += r.winner as u64;
        self.bosses += r.boss_defeated as u64;
        self.monsters += u64::from(r.monsters_defeated);
        if r.survived {
            self.gold_survivors += u64::from(r.gold);
            self.gold_sq_survivors += u128::from(r.gold) * u128::from(r.gold);
        }
        if let Some(c) = r.death_cause {
            self.deaths[CAUSES.iter().position(|&k| k == c).unwrap_or(0)] += 1;
        }
    }

    fn merge(&mut self, o: &Counts) {
        self.games += o.games;
        self.survived += o.survived;
        self.wins += o.wins;
        self.bosses += o.bosses;
        self.gold_survivors += o.gold_survivors;
        self.gold_sq_survivors += o.gold_sq_survivors;
        self.monsters += o.monsters;
        for (a, b) in self.deaths.iter_mut().zip(o.deaths) {
            *a += b;
        }
    }
}

/// A run's integer counts: games by how they ended, and counts per hero side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    pub ends: [u64; 3],
    pub by_hero: [Counts; MAX_HERO_SIDES],
}

impl Default for Tally {
    fn default() -> Tally {
        Tally { games: 0, ends: [0; 3], by_hero: [Counts::default(); MAX_HERO_SIDES] }
    }
}

impl Tally {
    /// Counts a finished game (once, before its rows).
    pub fn add_game(&mut self, end: End) {
        self.games += 1;
        self.ends[end_slot(end)] += 1;
    }

    pub fn add_row(&mut self, r: &Row) {
        self.by_hero[r.hero as usize % MAX_HERO_SIDES].add_row(r);
    }

    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        for (a, b) in self.ends.iter_mut().zip(o.ends) {
            *a += b;
        }
        for (a, b) in self.by_hero.iter_mut().zip(&o.by_hero) {
            a.merge(b);
        }
    }

    /// Every hero side together.
    pub fn total(&self) -> Counts {
        let mut t = Counts::default();
        for c in &self.by_hero {
            t.merge(c);
        }
        t
    }
}
