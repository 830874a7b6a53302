//! The Dealing Dungeons game itself (Standard mode, 2-4 players), driven through
//! [`DecisionGame`].
//!
//! A [`DealingGame`] is a `Clone` value in fixed-size storage (no allocation after set-up, no
//! IO): the seats' heroes and dashboards, each seat's dungeon of laid cards and its Dungeon
//! Deck, the Encounter, Loot and End Boss decks, the fight in progress (slice 1's
//! [`MonsterFight`] and [`BossFight`], one round a turn) and the pending decision with its
//! legal answers. Chance comes from the per-game streams of [`crate::core::rng`].
//!
//! - `decision.rs`: what is asked, the answers, the events;
//! - `setup.rs`: the configuration ([`Mode`]), the seeded set-up, the test set-up;
//! - `table.rs`: the grid of laid cards, doorways, building, moving and line of sight;
//! - `flow.rs`: turns, the actions, fights, loot, XP and the end.
//!
//! Standard and the three Solo modes play, with the optional rules ([`Options`]):
//! - Solo Regular / Moderate: one seat; the Treasure Room opens only once no monster stands.
//!   Moderate: after the boss the rooms reset ([`Room::fresh`]) and the hero fights his way
//!   back out to the entrance, monsters +2 attack and +1 life; its 12-15 card dungeon.
//! - Solo Hard: four levels stacked in one Dungeon Deck (a Treasure Room card under each ten),
//!   the rooms of every level in the table's room pool ([`table::Dungeons`], sized from the
//!   mode); no Darkness / Empty / Nothing; monsters and bosses by level; 2 Loot cards a boss
//!   and a Secret Door token out of its Treasure Room; a life for a missed turn; levels past 3.
//!
//! - Co-Op (`coop.rs`, 2-4 players): one shared dungeon built from the hands (a Secret Door
//!   token each, the fill-out phase), a face-down Encounter card in every room, rounds of four
//!   phases, the vortex and the End Boss with two minions.
//!
//! - Chaos (`chaos.rs`, 2-4 players): every dungeon built and populated with face-down
//!   Encounter cards by the players in the left / right / across / self orders, Secret Door
//!   tokens paid in loot, the shared teleporting boss with a minion in each Treasure Room and
//!   its healing, monsters attacking back on a 1, victory by the most loot.

mod chaos;
mod coop;
mod decision;
mod flow;
mod setup;
pub mod table;

pub use chaos::{target as chaos_target, Chaos, ChaosPhase};
pub use coop::{Coop, CoopPhase};
pub use decision::{
    offered, Ask, DealingChoice, DealingChoices, DealingDecision, DealingEvent, DealingIllegal, DeathCause, End, Gift,
    Status,
};
pub use setup::{
    AfterDeath, BagOfHolding, DealingConfig, DealingConfigError, DealingSetup, DungeonSize, HeroChoice, HeroPick, Laid,
    Mode, MonsterAttack, Options, SeatSetup, SetupError,
};
pub use table::{Dungeon, Dungeons, Room, RoomCard, Standing, MAX_ROOMS, ROOM_POOL};

use super::combat::{BossFight, Fighter, MonsterFight, Stacked};
use super::rules::{DealingRules, HeroSide, Loot, Mods, Skills};
use crate::core::rng::{GameRng, LazyRng};
use crate::core::{DecisionGame, Observer, Outcome};
use arrayvec::ArrayVec;

/// Most seats (Standard mode: 2 to 4).
pub const MAX_SEATS: usize = table::MAX_DUNGEONS;
/// Rounds after which a game that has not ended stops, recorded as [`End::RoundLimit`]
/// (random answers can walk a dungeon for ever).
pub const ROUND_LIMIT: u16 = 200;
/// Most cards of the Encounter and Loot decks.
pub const DECK_CAP: usize = 64;
/// Most End Boss cards.
pub const BOSS_CAP: usize = 32;
/// Most cards of one Dungeon Deck (the Treasure Room cards included): a dungeon less its
/// entrance.
pub const DUNGEON_DECK_CAP: usize = MAX_ROOMS - 1;
/// Solo Hard's levels.
pub const HARD_LEVELS: usize = 4;
/// In Hand cards a hero can have equipped at once (a hero card's most).
pub const HAND_CAP: usize = 4;

/// What a seat's hero has met and done, for result rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Room cards laid (the Treasure Room included).
    pub rooms_built: u8,
    pub monsters_defeated: u8,
    pub boss_defeated: bool,
    /// Heroes of this seat who died (more than one only under the replacement rule).
    pub heroes_lost: u8,
    /// The seat's first hero to die: his card, side and cause. Under the replacement rule the
    /// seat plays on with another hero, and a row still reports the one it started with.
    pub first_death: Option<(u8, HeroSide, DeathCause)>,
}

/// One seat: the hero and his dashboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Index into the rules' heroes, and the side of the card played.
    pub hero: u8,
    pub side: HeroSide,
    pub status: Status,
    pub lives: u8,
    pub level: u8,
    /// Defeated monsters' Encounter cards under the XP section (their attack is their XP).
    pub dashboard: ArrayVec<u8, DECK_CAP>,
    /// The Healing Potion token.
    pub potion: bool,
    /// Special Healing Potion cards face up (Loot card kinds).
    pub specials: ArrayVec<u8, 4>,
    /// Equipped In Hand cards (Loot card kinds).
    pub hand: ArrayVec<u8, HAND_CAP>,
    /// The Bag of Holding: its tally and its number of cards.
    pub bag_gold: u16,
    pub bag_cards: u8,
    /// The Bag of Holding's cards (Loot card kinds), for a replaced hero's loot to go back.
    pub bag: ArrayVec<u8, DECK_CAP>,
    /// End Bosses he has defeated (Solo Hard's levels cleared, Solo Moderate's way out).
    pub bosses: u8,
    /// The room of his dungeon he stands in, and the one he came from (Run goes there).
    pub at: u8,
    pub came_from: u8,
    /// The Dungeon Deck, drawn from the end (the Treasure Room card first in).
    pub deck: ArrayVec<RoomCard, DUNGEON_DECK_CAP>,
    /// The monster in his room while he faces it (kept between turns for the Defend bonus).
    pub fight: Option<MonsterFight>,
    /// The End Boss (its card kind) and the fight.
    pub boss: Option<(u8, BossFight)>,
    /// Darkness: his next turn is missed.
    pub miss_turn: bool,
    pub kilter_used: bool,
    /// Lives lost in the first room (the Horn of Kilter's condition).
    pub first_losses: u8,
    /// A potion's bonus for his next Fight.
    pub fight_bonus: u8,
    /// In Hand slots swapped with the Bag of Holding this turn, a bit each: a slot is
    /// swapped at most once a turn (swapping it again only undoes or redoes a choice), so
    /// every turn's decisions end.
    pub swapped: u8,
    pub stats: Stats,
}

impl Player {
    /// Whether he still takes turns.
    pub fn playing(&self) -> bool {
        self.status == Status::Playing
    }

    /// Whether he is alive (tallies his loot at the end).
    pub fn alive(&self) -> bool {
        !matches!(self.status, Status::Dead(_))
    }
}

/// A seat's skills at his level and his equipped cards' modifiers, kept as they change
/// (hero, side, level, hand: [`DealingGame::refit`]) so a [`Fighter`] is read, not rebuilt, at
/// every decision (docs/perf.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Kit {
    skills: Skills,
    gear: Mods,
}

/// Where a step goes once its Loot cards are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum After {
    EndTurn,
    /// The End Boss fell: the game ends.
    EndGame(u8),
    /// Solo Moderate's boss fell: the dungeon resets for the way out.
    WayOut,
    /// A Solo Hard level's boss fell: a Secret Door token out of its Treasure Room.
    NextLevel,
    /// Co-Op: its state machine goes on.
    Coop,
}

/// The streams a game draws from.
#[derive(Clone, Debug)]
struct Chance {
    /// Dice: a test's stacked rolls first, then the dice stream.
    dice: Stacked<GameRng>,
    /// The Encounter deck's reshuffles.
    shuffle: LazyRng,
    setup_draws: u32,
}

/// A game of Dealing Dungeons.
#[derive(Clone, Debug)]
pub struct DealingGame<'r> {
    rules: &'r DealingRules,
    mode: Mode,
    options: Options,
    seats: u8,
    first: u8,
    active: u8,
    round: u16,
    /// The round after which the game stops unfinished: [`ROUND_LIMIT`] rounds past the
    /// start or the latest replacement hero's arrival (each new hero walks his dungeon anew).
    last_round: u16,
    players: [Player; MAX_SEATS],
    /// Each seat's skills and gear, refitted whenever its hero, level or hand changes.
    kits: [Kit; MAX_SEATS],
    dungeons: Dungeons,
    /// Cards of each dungeon: its entrance and its Dungeon Deck as dealt.
    dungeon_cards: u8,
    /// Encounter cards in the game (Solo Hard takes some out).
    encounter_cards: u8,
    /// Hero cards in play or played (a replacement comes from the rest), by bit.
    heroes_used: u64,
    /// The hero-choice procedure: seats still to choose (the next last) and the cards on offer.
    choosing: ArrayVec<u8, MAX_SEATS>,
    offered: u64,
    /// Draw piles, drawn from the end.
    encounters: ArrayVec<u8, DECK_CAP>,
    discard: ArrayVec<u8, DECK_CAP>,
    loot: ArrayVec<u8, DECK_CAP>,
    bosses: ArrayVec<u8, BOSS_CAP>,
    /// The table's size in spaces (width along the players' edge, depth).
    table: (u8, u8),
    /// Secret/Blocked Door tokens left in the box.
    door_tokens: u8,
    /// The room card drawn, waiting for its placement.
    drawn: Option<RoomCard>,
    /// The In Hand card drawn, waiting to be equipped or bagged.
    held_loot: Option<u8>,
    loot_queue: u8,
    after: After,
    end: Option<End>,
    chance: Chance,
    pending: Option<DealingDecision>,
    legal: DealingChoices,
    /// Co-Op's phases, face-down cards and boss (untouched in the other modes).
    coop: Coop,
    /// Chaos's set-up phases, face-down cards and shared boss (untouched in the others).
    chaos: Chaos,
}

impl<'r> DealingGame<'r> {
    pub fn rules(&self) -> &'r DealingRules {
        self.rules
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The optional rules in play.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Cards of each dungeon: the entrance and every Dungeon Deck card with its Treasure
    /// Room cards.
    pub fn dungeon_cards(&self) -> usize {
        self.dungeon_cards as usize
    }

    /// Encounter cards in this game (Solo Hard removes the Darkness and Empty cards).
    pub fn encounter_cards(&self) -> usize {
        self.encounter_cards as usize
    }

    /// The highest level a hero may reach: the card's three, past it in Solo Hard.
    pub fn max_level(&self) -> u8 {
        let m = &self.rules.modes;
        if self.mode == Mode::SoloHard && m.hard_levels_beyond_card {
            super::rules::MAX_LEVEL
        } else {
            m.card_levels
        }
    }

    pub fn first(&self) -> u8 {
        self.first
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> u8 {
        self.active
    }

    /// The round being played (1 on).
    pub fn round(&self) -> u16 {
        self.round
    }

    pub fn player(&self, seat: u8) -> &Player {
        &self.players[seat as usize % MAX_SEATS]
    }

    /// The dungeon seat `seat`'s hero is in: his own, or Co-Op's shared one.
    #[inline]
    pub fn dungeon(&self, seat: u8) -> &Dungeon {
        let d = if self.mode == Mode::CoOp { 0 } else { seat as usize };
        &self.dungeons[d]
    }

    /// The seat and room of the card on space (x, y), if one lies there (cards on the table
    /// are public).
    #[inline]
    pub fn room_at(&self, x: i8, y: i8) -> Option<(u8, u8)> {
        self.dungeons.at(x, y)
    }

    /// How the game ended (`None` while it goes on).
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Encounter cards in the draw pile and in the discard pile.
    pub fn encounter_piles(&self) -> (usize, usize) {
        (self.encounters.len(), self.discard.len())
    }

    /// The Encounter draw pile (the tests' card counts).
    #[cfg(test)]
    pub(crate) fn encounter_piles_cards(&self) -> &[u8] {
        &self.encounters
    }

    /// The room card drawn and waiting for its placement.
    pub fn drawn(&self) -> Option<RoomCard> {
        self.drawn
    }

    /// The In Hand Loot card drawn and waiting to be equipped or bagged (what a player holds
    /// up while he decides).
    pub fn held_loot(&self) -> Option<u8> {
        self.held_loot
    }

    pub fn loot_left(&self) -> usize {
        self.loot.len()
    }

    /// End Boss cards left in the deck (a replacement hero's later Treasure Rooms draw on it).
    pub fn bosses_left(&self) -> usize {
        self.bosses.len()
    }

    pub fn door_tokens(&self) -> u8 {
        self.door_tokens
    }

    /// Random words drawn, every stream.
    pub fn rng_draws(&self) -> u32 {
        self.chance.setup_draws + self.chance.dice.then.draws() + self.chance.shuffle.draws()
    }

    /// A seat's XP: the attack values of the cards on his dashboard.
    pub fn xp(&self, seat: u8) -> u16 {
        self.player(seat).dashboard.iter().map(|&c| self.monster_attack(c) as u16).sum()
    }

    /// The loot tally: the bag, In Hand cards 20 each, unused potions 10 each.
    pub fn tally(&self, seat: u8) -> u32 {
        let p = self.player(seat);
        let m = &self.rules.modes;
        p.bag_gold as u32
            + p.hand.len() as u32 * m.gold_per_in_hand as u32
            + (p.potion as u32 + p.specials.len() as u32) * m.gold_per_potion as u32
    }

    /// Whether a seat won: alive with the highest tally once the game is over by a boss; in
    /// Co-Op, the party won (every seat, the fallen too) when the End Boss fell.
    pub fn won(&self, seat: u8) -> bool {
        if self.mode == Mode::CoOp {
            return matches!(self.end, Some(End::Boss(_)));
        }
        if !matches!(self.end, Some(End::Boss(_))) || !self.player(seat).alive() {
            return false;
        }
        let mine = self.tally(seat);
        (0..self.seats).all(|s| s == seat || !self.player(s).alive() || self.tally(s) <= mine)
    }

    /// The hero's side of a fight now: lives, skills at his level, equipped cards.
    #[inline]
    pub fn fighter(&self, seat: u8) -> Fighter {
        let k = &self.kits[seat as usize % MAX_SEATS];
        Fighter { lives: self.player(seat).lives, skills: k.skills, gear: k.gear }
    }

    /// A seat's skills and gear computed afresh from his hero card, level and hand.
    pub(crate) fn kit_of(&self, seat: u8) -> (Skills, Mods) {
        let p = self.player(seat);
        let skills = self.rules.heroes.get(p.hero as usize).map_or_else(Skills::default, |h| h.skills(p.side, p.level));
        let gear = p.hand.iter().fold(Mods::default(), |acc, &c| match self.rules.loot[c as usize].loot {
            Loot::InHand(m) => acc.plus(m),
            _ => acc,
        });
        (skills, gear)
    }

    /// Keeps seat `seat`'s [`Kit`] after his hero, side, level or hand changed: every
    /// change of those calls it.
    pub(super) fn refit(&mut self, seat: u8) {
        let (skills, gear) = self.kit_of(seat);
        self.kits[seat as usize % MAX_SEATS] = Kit { skills, gear };
    }

    /// A seat's player, for tests to fill his Bag of Holding (the test set-up has no bag).
    #[cfg(test)]
    pub(crate) fn player_mut(&mut self, seat: u8) -> &mut Player {
        &mut self.players[seat as usize % MAX_SEATS]
    }

    /// Whether every seat's kit is up to date (the tests' invariant).
    #[cfg(test)]
    pub(crate) fn kits_fresh(&self) -> bool {
        (0..self.seats).all(|s| {
            let k = self.kits[s as usize];
            self.kit_of(s) == (k.skills, k.gear)
        })
    }

    fn monster_attack(&self, card: u8) -> u8 {
        match self.rules.encounters[card as usize].encounter {
            super::rules::Encounter::Monster(m) => m.attack,
            _ => 0,
        }
    }

    pub fn pending(&self) -> Option<DealingDecision> {
        self.pending
    }

    pub fn legal(&self) -> &DealingChoices {
        &self.legal
    }

    pub fn is_over(&self) -> bool {
        self.pending.is_none()
    }

    /// Answers the pending decision and runs on.
    pub fn apply<O: Observer<DealingEvent>>(
        &mut self,
        choice: DealingChoice,
        obs: &mut O,
    ) -> Result<(), DealingIllegal> {
        let Some(d) = self.pending else {
            return Err(DealingIllegal { choice, pending: None });
        };
        if !offered(&self.legal, choice) {
            return Err(DealingIllegal { choice, pending: Some(d) });
        }
        self.pending = None;
        self.legal.clear();
        self.answer(d, choice, obs);
        Ok(())
    }

    /// Redraws what `seat` cannot see and reseeds chance from `rng`. Hidden: the order of the
    /// Encounter, Loot and End Boss decks and of every Dungeon Deck above its Treasure Room
    /// card (no one looks at them), and the dice. Other players' Bag contents are hidden at
    /// the table but kept here (only their tally is used, and only at the end). Co-Op: also
    /// the face-down Encounter cards and the other seats' hands. Chaos: the other seats' room
    /// and Encounter hands during set-up and the face-down cards the seat did not lay, drawn
    /// from the cards it has not seen.
    pub fn resample(&mut self, seat: u8, rng: &mut GameRng) {
        self.encounters.sort_unstable();
        rng.shuffle(&mut self.encounters);
        self.loot.sort_unstable();
        rng.shuffle(&mut self.loot);
        self.bosses.sort_unstable();
        rng.shuffle(&mut self.bosses);
        // Chaos's "decks" are hands, redrawn by `chaos_resample`.
        let decks = if self.mode == Mode::Chaos { 0 } else { self.seats as usize };
        for p in &mut self.players[..decks] {
            // Each stack between Treasure Room cards (Solo Hard has four) on its own.
            for stack in p.deck.split_mut(|&c| c == RoomCard::Treasure).skip(1) {
                stack.sort_unstable_by_key(|c| match c {
                    RoomCard::Deck(k) => *k,
                    _ => u8::MAX,
                });
                rng.shuffle(stack);
            }
        }
        if self.mode == Mode::CoOp {
            self.coop_resample(seat, rng);
        }
        if self.mode == Mode::Chaos {
            self.chaos_resample(seat, rng);
        }
        self.chance.dice = Stacked::new(&[], GameRng::from_seed(rng.next_u64()));
        self.chance.shuffle = LazyRng::from_seed(rng.next_u64());
    }
}

impl DecisionGame for DealingGame<'_> {
    type Decision = DealingDecision;
    type Choice = DealingChoice;
    type Choices = DealingChoices;
    type Event = DealingEvent;
    type Illegal = DealingIllegal;
    type Config = DealingConfig;
    type ConfigError = DealingConfigError;

    fn restart<O: Observer<DealingEvent>>(
        &mut self,
        config: &DealingConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<(), DealingConfigError> {
        DealingGame::restart(self, config, master, index, obs)
    }

    #[inline]
    fn pending(&self) -> Option<DealingDecision> {
        self.pending
    }

    #[inline]
    fn deciding_seat(&self) -> Option<u8> {
        self.pending.map(|d| d.seat)
    }

    #[inline]
    fn legal_choices(&self) -> &DealingChoices {
        &self.legal
    }

    #[inline]
    fn apply<O: Observer<DealingEvent>>(&mut self, choice: DealingChoice, obs: &mut O) -> Result<(), DealingIllegal> {
        DealingGame::apply(self, choice, obs)
    }

    #[inline]
    fn is_over(&self) -> bool {
        DealingGame::is_over(self)
    }

    #[inline]
    fn seats(&self) -> u8 {
        self.seats
    }

    /// Survived: alive at the end; score: the loot tally (the dead tally nothing).
    fn outcome(&self, seat: u8) -> Outcome {
        let survived = self.player(seat).alive();
        Outcome { survived, score: if survived { self.tally(seat) } else { 0 } }
    }

    fn resample(&mut self, seat: u8, rng: &mut GameRng) {
        DealingGame::resample(self, seat, rng)
    }
}
