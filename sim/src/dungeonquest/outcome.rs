//! What a finished game leaves behind: one [`Row`] per hero (the Parquet row, minus the
//! columns that are the same for the whole run) and integer [`Tally`] counts for the summary.
//!
//! Both are plain `Copy` values and fixed arrays filled into buffers reused chunk after chunk,
//! so the hot loop allocates nothing per game. Tallies are integers only: adding them in any
//! order gives the same result, which keeps summaries identical for any thread count.

use dq_engine::dungeonquest::classic::game::{ClassicGame, Fate};
use dq_engine::{DeathCause, Game, HeroStats, HeroStatus};

/// One hero's result in one game: the per-game columns of the Parquet schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub game_index: u64,
    pub seat: u8,
    /// Index into `rules.heroes`.
    pub hero: u8,
    pub players: u8,
    pub survived: bool,
    pub exited: bool,
    pub winner: bool,
    pub first_player: bool,
    pub gold: u32,
    pub loot_cards: u16,
    pub treasure_cards: u16,
    /// `None` for survivors.
    pub death_cause: Option<DeathCause>,
    pub wounds: u16,
    /// The engine's counters, column for column (its `death_cause` is not read: see above).
    pub stats: HeroStats,
}

impl Row {
    /// The row of `seat` in finished game `index`.
    pub fn of(game: &Game<'_>, index: u64, seat: u8) -> Row {
        let h = game.hero(seat);
        let s = h.stats;
        // Survived: left the dungeon alive when the game ended. Under Death Can Wait a hero
        // may have died and restarted first (`deaths` > 0); the cause is then not reported.
        let survived = h.status == HeroStatus::Exited;
        Row {
            game_index: index,
            seat,
            hero: h.hero,
            players: game.seats(),
            survived,
            exited: h.status == HeroStatus::Exited,
            winner: game.winners() & (1 << seat) != 0,
            first_player: game.first_player() == seat,
            gold: game.gold(seat),
            loot_cards: game.loot_cards(seat) as u16,
            treasure_cards: game.treasure_cards(seat) as u16,
            death_cause: if survived { None } else { s.death_cause },
            wounds: h.wounds as u16,
            stats: s,
        }
    }

    /// The row of `seat` in finished 1987 game `index`: loot cards are the treasure cards
    /// kept from the decks, treasure cards the Treasure counters, wounds the LPs lost from
    /// the sheet (docs/schema.md).
    pub fn of_classic(game: &ClassicGame<'_>, index: u64, seat: u8) -> Row {
        let h = game.hero(seat);
        let survived = h.fate == Fate::Exited;
        let sheet = game.rules().heroes[usize::from(h.hero)].life;
        Row {
            game_index: index,
            seat,
            hero: h.hero,
            players: game.seats(),
            survived,
            exited: survived,
            winner: game.won(seat),
            first_player: game.first() == seat,
            gold: game.gold(seat),
            loot_cards: h.cards.len() as u16,
            treasure_cards: h.counters.count_ones() as u16,
            death_cause: if survived { None } else { h.stats.death_cause },
            wounds: u16::from(sheet.saturating_sub(h.life)),
            stats: h.stats,
        }
    }
}

/// Counts over the heroes of one hero sheet, or of one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Hero-games played.
    pub games: u64,
    pub survived: u64,
    pub wins: u64,
    /// Gold summed over survivors only.
    pub gold_survivors: u64,
    /// Squares of survivors' gold summed (for the interval of the mean).
    pub gold_sq_survivors: u128,
}

impl Counts {
    fn add_row(&mut self, r: &Row) {
        self.games += 1;
        self.survived += r.survived as u64;
        self.wins += r.winner as u64;
        if r.survived {
            self.gold_survivors += r.gold as u64;
            self.gold_sq_survivors += (r.gold as u128) * (r.gold as u128);
        }
    }

    fn merge(&mut self, o: &Counts) {
        self.games += o.games;
        self.survived += o.survived;
        self.wins += o.wins;
        self.gold_survivors += o.gold_survivors;
        self.gold_sq_survivors += o.gold_sq_survivors;
    }
}

/// Most hero sheets an edition may have for the fixed-size tallies.
pub const MAX_HEROES: usize = 64;
/// Death causes counted (the engine has fewer).
const MAX_CAUSES: usize = 16;

/// Integer counts over a set of games: what the summary is computed from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    /// By hero sheet (index into `rules.heroes`).
    pub by_hero: [Counts; MAX_HEROES],
    pub by_seat: [Counts; 4],
    /// Deaths of non-survivors by cause name, in order of first appearance.
    pub causes: arrayvec::ArrayVec<(&'static str, u64), MAX_CAUSES>,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            games: 0,
            by_hero: [Counts::default(); MAX_HEROES],
            by_seat: [Counts::default(); 4],
            causes: Default::default(),
        }
    }
}

impl Tally {
    /// Adds one hero's row (call [`Tally::add_game`] once per game as well).
    pub fn add_row(&mut self, r: &Row) {
        self.by_hero[r.hero as usize % MAX_HEROES].add_row(r);
        self.by_seat[r.seat as usize % 4].add_row(r);
        if let Some(c) = r.death_cause {
            self.add_cause(c.name(), 1);
        }
    }

    /// Counts one game.
    pub fn add_game(&mut self) {
        self.games += 1;
    }

    fn add_cause(&mut self, name: &'static str, n: u64) {
        match self.causes.iter_mut().find(|(c, _)| *c == name) {
            Some((_, k)) => *k += n,
            None => {
                let _ = self.causes.try_push((name, n));
            }
        }
    }

    /// Adds another tally (integer sums: any order gives the same result).
    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        for (a, b) in self.by_hero.iter_mut().zip(&o.by_hero) {
            a.merge(b);
        }
        for (a, b) in self.by_seat.iter_mut().zip(&o.by_seat) {
            a.merge(b);
        }
        for &(name, n) in &o.causes {
            self.add_cause(name, n);
        }
    }

    /// Back to zero, keeping nothing.
    pub fn clear(&mut self) {
        *self = Tally::default();
    }

    /// All heroes together.
    pub fn total(&self) -> Counts {
        let mut t = Counts::default();
        for c in &self.by_hero {
            t.merge(c);
        }
        t
    }

    /// Death causes sorted by name (a stable order whatever order chunks finished in).
    pub fn causes_sorted(&self) -> Vec<(&'static str, u64)> {
        let mut v = self.causes.to_vec();
        v.sort();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dq_bots::{BotSpec, MonsterSpec, Players};
    use dq_engine::{GameConfig, NoObserver, Rules, Variant};

    #[test]
    fn tallies_add_up_in_any_order() {
        let rules = Rules::revised();
        let cfg = GameConfig::random(3, Variant::default());
        let mut players = Players::new(&rules, &[BotSpec::parse("random").unwrap()], MonsterSpec::Random, 3).unwrap();
        let (mut a, mut b, mut all) = (Tally::default(), Tally::default(), Tally::default());
        for i in 0..60u64 {
            let g = dq_bots::play(&rules, &cfg, 5, i, &mut players, &mut NoObserver).unwrap();
            let part = if i % 3 == 0 { &mut a } else { &mut b };
            part.add_game();
            all.add_game();
            for s in 0..3 {
                let r = Row::of(&g, i, s);
                assert_eq!(r.death_cause.is_none(), r.survived, "game {i} seat {s}");
                part.add_row(&r);
                all.add_row(&r);
            }
        }
        let mut ba = b.clone();
        ba.merge(&a);
        a.merge(&b);
        assert_eq!(a.total(), all.total());
        assert_eq!(ba.total(), all.total());
        assert_eq!(a.by_seat, all.by_seat);
        assert_eq!(a.causes_sorted(), all.causes_sorted());
        assert_eq!(all.total().games, 180);
        assert_eq!(all.by_seat.iter().map(|c| c.games).sum::<u64>(), 180);
        let deaths: u64 = all.causes.iter().map(|c| c.1).sum();
        assert_eq!(deaths, 180 - all.total().survived);
    }
}
