//! What a finished Dungeon of Chaos game leaves behind: one [`Row`] per seat and integer
//! [`Tally`] counts, plain `Copy` values and fixed arrays (nothing allocated per game; tallies
//! add up the same in any order, so summaries do not depend on the thread count).

use dq_engine::core::Observer;
use dq_engine::dungeon_of_chaos::death::{DeathCause, CATEGORIES};
use dq_engine::dungeon_of_chaos::game::{ChaosEvent, Ending, MAX_SEATS};
use dq_engine::dungeon_of_chaos::ChaosGame;

/// Character Profiles counted (the rules may hold fewer; `Setup` refuses more).
pub const MAX_PROFILES: usize = 64;

/// Each seat's first profile, the only events a run watches (the engine's tallies hold the rest).
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstProfiles(pub [Option<u8>; MAX_SEATS]);

impl Observer<ChaosEvent> for FirstProfiles {
    #[inline(always)]
    fn event(&mut self, e: ChaosEvent) {
        if let ChaosEvent::Profile { seat, character } = e {
            self.0[seat as usize % MAX_SEATS].get_or_insert(character);
        }
    }
}

/// How a game ended, as the `game_end` column says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// A seat came back to town holding 2,000 gold coins.
    Won,
    /// The round limit came first (the game is unfinished).
    RoundLimit,
}

impl End {
    pub fn of(e: Option<Ending>) -> End {
        match e {
            Some(Ending::Won(_)) => End::Won,
            _ => End::RoundLimit,
        }
    }

    /// The `game_end` column's words.
    pub fn name(self) -> &'static str {
        match self {
            End::Won => "won",
            End::RoundLimit => "round_limit",
        }
    }
}

/// Ends in [`Tally::ends`] order.
pub const ENDS: [End; 2] = [End::Won, End::RoundLimit];

/// One seat's result in one game: the per-game columns of the results table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub game_index: u64,
    pub seat: u8,
    /// The first profile chosen (index into the rules' characters).
    pub profile: u8,
    /// The profile played at the end.
    pub last_profile: u8,
    pub players: u8,
    /// No character of the seat died.
    pub survived: bool,
    pub winner: bool,
    /// Gold coins held at the end.
    pub gold: u32,
    pub turns: u16,
    pub characters: u8,
    pub deaths: u16,
    pub deepest: u8,
    pub kills: u16,
    pub town_visits: u16,
    /// Item cards held at the end.
    pub items: u8,
    pub rounds: u16,
    pub end: End,
    /// Why the seat's last character to die died.
    pub cause: Option<DeathCause>,
    /// The seat's deaths by category, in [`CATEGORIES`] order.
    pub deaths_by: [u16; CATEGORIES.len()],
}

impl Row {
    /// The row of `seat` in finished game `index`, its first profile noted by `first`.
    pub fn of(game: &ChaosGame<'_>, index: u64, seat: u8, first: &FirstProfiles) -> Row {
        let h = game.hero(seat);
        let t = h.tally;
        Row {
            game_index: index,
            seat,
            profile: first.0[seat as usize % MAX_SEATS].unwrap_or(h.character),
            last_profile: h.character,
            players: game.seats(),
            survived: t.deaths == 0,
            winner: game.ending() == Some(Ending::Won(seat)),
            gold: h.gold,
            turns: t.turns,
            characters: t.characters,
            deaths: t.deaths,
            deepest: t.deepest,
            kills: t.kills,
            town_visits: t.town_visits,
            items: h.items.len() as u8,
            rounds: game.round(),
            end: End::of(game.ending()),
            cause: t.last_death,
            deaths_by: t.deaths_by,
        }
    }
}

/// Counts over the seat-games of one first profile (or all).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Seat-games.
    pub games: u64,
    pub survived: u64,
    pub wins: u64,
    /// Gold held at the end, summed, and its squares.
    pub gold: u64,
    pub gold_sq: u128,
    pub deaths: u64,
    /// Deaths by category, in [`CATEGORIES`] order.
    pub deaths_by: [u64; CATEGORIES.len()],
    pub kills: u64,
    pub deepest: u64,
    pub town_visits: u64,
}

impl Counts {
    fn add_row(&mut self, r: &Row) {
        self.games += 1;
        self.survived += u64::from(r.survived);
        self.wins += u64::from(r.winner);
        self.gold += u64::from(r.gold);
        self.gold_sq += u128::from(r.gold) * u128::from(r.gold);
        self.deaths += u64::from(r.deaths);
        for (a, &b) in self.deaths_by.iter_mut().zip(&r.deaths_by) {
            *a += u64::from(b);
        }
        self.kills += u64::from(r.kills);
        self.deepest += u64::from(r.deepest);
        self.town_visits += u64::from(r.town_visits);
    }

    fn merge(&mut self, o: &Counts) {
        self.games += o.games;
        self.survived += o.survived;
        self.wins += o.wins;
        self.gold += o.gold;
        self.gold_sq += o.gold_sq;
        self.deaths += o.deaths;
        for (a, b) in self.deaths_by.iter_mut().zip(o.deaths_by) {
            *a += b;
        }
        self.kills += o.kills;
        self.deepest += o.deepest;
        self.town_visits += o.town_visits;
    }
}

/// A run's integer counts: games by how they ended, and counts per first profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    pub ends: [u64; 2],
    /// Rounds summed over games.
    pub rounds: u64,
    pub by_profile: [Counts; MAX_PROFILES],
}

impl Default for Tally {
    fn default() -> Tally {
        Tally { games: 0, ends: [0; 2], rounds: 0, by_profile: [Counts::default(); MAX_PROFILES] }
    }
}

impl Tally {
    /// Counts a finished game (once, before its rows).
    pub fn add_game(&mut self, end: End, rounds: u16) {
        self.games += 1;
        self.ends[ENDS.iter().position(|&e| e == end).unwrap_or(1)] += 1;
        self.rounds += u64::from(rounds);
    }

    pub fn add_row(&mut self, r: &Row) {
        self.by_profile[r.profile as usize % MAX_PROFILES].add_row(r);
    }

    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.rounds += o.rounds;
        for (a, b) in self.ends.iter_mut().zip(o.ends) {
            *a += b;
        }
        for (a, b) in self.by_profile.iter_mut().zip(&o.by_profile) {
            a.merge(b);
        }
    }

    /// Every profile together.
    pub fn total(&self) -> Counts {
        let mut t = Counts::default();
        for c in &self.by_profile {
            t.merge(c);
        }
        t
    }
}
