//! One monster combat of the 1987 rules (rulebook 8.1–8.4, 11): the hero's reaction, the
//! Monster card read under it, El-Adoran's bow, and the rounds by counters (or the solo D12).
//!
//! [`Fight`] is a small `Copy` state that knows nothing of the game around it, shaped like
//! `card_combat::Fight` so the engine's decision API can drive it later: [`Fight::pending`]
//! says what is awaited and from whom, [`Fight::legal`] lists the answers, [`Fight::apply`]
//! takes one and runs on (dice from a [`Dice`], the engine's dice stream in a game) to the
//! next thing awaited. The Monster card is drawn by the host (the game's Monster deck, or a
//! test's stacked card) and handed to [`Fight::read_card`]. No allocation, no panic: a wrong
//! answer is an [`IllegalAnswer`].
//!
//! Rulings where the text is unclear are in docs/rulings.md ("Classic (1987)") and at the
//! code below.

use super::data::{Counter, Shot};
use super::rules::{ClassicRules, Hit, Losses, Response, SoloRoll, Stance};
use crate::core::rng::GameRng;
use arrayvec::ArrayVec;

/// Where the fight's dice come from: the engine's dice stream, or stacked rolls in a test.
pub trait Dice {
    /// A six-sided die, 1 to 6.
    fn d6(&mut self) -> u8;
    /// A twelve-sided die, 1 to 12.
    fn d12(&mut self) -> u8;
}

impl Dice for GameRng {
    #[inline]
    fn d6(&mut self) -> u8 {
        GameRng::d6(self)
    }

    #[inline]
    fn d12(&mut self) -> u8 {
        self.below(12) as u8 + 1
    }
}

/// Rolls a test stacks, in order, then those of `then` (for "forced dice" rule tests).
#[derive(Clone, Debug)]
pub struct Stacked<D> {
    rolls: ArrayVec<u8, 32>,
    at: usize,
    /// The dice after the stacked ones.
    pub then: D,
}

impl<D: Dice> Stacked<D> {
    /// `rolls` (at most 32) first, whatever die is asked for; each must fit the die it is
    /// used as, which the fight checks in debug builds.
    pub fn new(rolls: &[u8], then: D) -> Stacked<D> {
        Stacked { rolls: rolls.iter().copied().take(32).collect(), at: 0, then }
    }

    /// Whether every stacked roll has been used.
    pub fn used_up(&self) -> bool {
        self.at == self.rolls.len()
    }

    fn next(&mut self, sides: u8) -> Option<u8> {
        let v = *self.rolls.get(self.at)?;
        self.at += 1;
        debug_assert!((1..=sides).contains(&v), "stacked roll {v} on a d{sides}");
        Some(v.clamp(1, sides))
    }
}

impl<D: Dice> Dice for Stacked<D> {
    fn d6(&mut self) -> u8 {
        self.next(6).unwrap_or_else(|| self.then.d6())
    }

    fn d12(&mut self) -> u8 {
        self.next(12).unwrap_or_else(|| self.then.d12())
    }
}

/// How an encounter begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// A monster on a Room card: attack, wait and see, or escape (8.1).
    Room,
    /// A Sneak Attack: D12 − Luck LPs first, then attack or escape only (8.3).
    SneakAttack,
    /// Straight into the rounds against a monster of `life` LPs, no reaction and no card
    /// (`dq duel` and the exact chains).
    Rounds { life: u8 },
}

/// How the rounds are fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundSystem {
    /// Both sides choose a combat counter in secret; the combat display gives the losses.
    Counters,
    /// Solo game: a D12 on the solo table each round (11).
    SoloTable,
}

/// Everything a fight needs from the game around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encounter {
    /// Index into [`ClassicRules::heroes`].
    pub hero: u8,
    /// The hero's Life Points left (above zero).
    pub life_left: u8,
    /// Index into [`ClassicRules::kinds`].
    pub kind: u8,
    /// Arrows left this game (0 for a hero without a bow).
    pub arrows: u8,
    /// Whether escape may be chosen (not behind a portcullis, not after a secret door).
    pub may_escape: bool,
    /// Whether the hero holds an unused Ring of Blinding.
    pub ring_of_blinding: bool,
    pub opening: Opening,
    pub rounds: RoundSystem,
}

/// How a fight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The monster's LPs ran out (its LPs are revealed).
    MonsterKilled,
    /// The Ring of Blinding defeated it.
    MonsterBlinded,
    /// The hero's LPs ran out; `monster_dead` when the same round killed the monster too.
    HeroKilled { monster_dead: bool },
    /// The hero went back to the tile he came from (after a slash or not).
    Escaped,
    /// The monster ran away (or was sneaked past): nothing more happens.
    MonsterFled,
}

/// When El-Adoran may shoot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BowWindow {
    /// After choosing to attack, before the Monster card is drawn.
    BeforeCard,
    /// After the card gave a combat, before the first round.
    AfterCard,
}

/// What the fight waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// The hero: attack, wait and see, escape (or the Ring of Blinding).
    Reaction,
    /// The hero: fire an arrow or not.
    Bow(BowWindow),
    /// The host: draw the top Monster card and pass it to [`Fight::read_card`].
    MonsterCard,
    /// The hero: a combat counter, in secret.
    HeroCounter,
    /// The monster's player: a combat counter, in secret (the hero's is not shown).
    MonsterCounter,
    /// Nothing: the fight is over.
    Over(Outcome),
}

/// Who answers a [`Pending`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Hero,
    /// The player on the hero's right (the Monster card's reader, the monster's counters).
    Monster,
    /// The host: a card to draw.
    Host,
    Nobody,
}

/// An answer to a hero's or monster's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    Stance(Stance),
    /// Use the Ring of Blinding.
    Blind,
    Fire,
    Hold,
    Counter(Counter),
}

/// The legal answers (at most four: the reaction with the ring).
pub type Answers = ArrayVec<Answer, 4>;

/// An answer that is not legal now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{answer:?} is not a legal answer while the fight waits for {pending:?}")]
pub struct IllegalAnswer {
    pub answer: Option<Answer>,
    pub pending: Pending,
}

/// One combat in progress. `Copy`, fixed size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fight {
    enc: Encounter,
    /// The hero's LPs left.
    hero_life: u8,
    /// Arrows left this game.
    arrows: u8,
    /// Arrows fired in this fight.
    fired: u8,
    /// The monster's LPs: unknown until the Monster card is read.
    life: Option<u8>,
    /// LPs the monster has lost (the black token on the Monster Track).
    lost: u8,
    /// A tough type's first Killed arrow has hit (Champion of Chaos: the next one kills).
    first_kill_taken: bool,
    stance: Option<Stance>,
    hero_counter: Option<Counter>,
    /// The counters of the last round, as both players saw them.
    last_round: Option<(Counter, Counter)>,
    rounds: u8,
    pending: Pending,
}

impl Fight {
    /// A fight from its encounter, run to the first thing awaited (a Sneak Attack's roll, or
    /// a solo fight of [`Opening::Rounds`] to its end).
    pub fn start<D: Dice>(rules: &ClassicRules, enc: Encounter, dice: &mut D) -> Fight {
        let mut f = Fight {
            enc,
            hero_life: enc.life_left,
            arrows: enc.arrows,
            fired: 0,
            life: None,
            lost: 0,
            first_kill_taken: false,
            stance: None,
            hero_counter: None,
            last_round: None,
            rounds: 0,
            pending: Pending::Reaction,
        };
        if f.hero_life == 0 {
            f.pending = Pending::Over(Outcome::HeroKilled { monster_dead: false });
            return f;
        }
        match enc.opening {
            Opening::Room => {}
            Opening::SneakAttack => {
                let luck = rules.heroes.get(enc.hero as usize).map_or(0, |h| h.attrs[3]);
                let hit = dice.d12().saturating_sub(luck);
                if f.hurt_hero(hit) {
                    f.pending = Pending::Over(Outcome::HeroKilled { monster_dead: false });
                }
            }
            Opening::Rounds { life } => {
                f.life = Some(life.max(1));
                f.begin_rounds(rules, dice);
            }
        }
        f
    }

    /// What the fight waits for.
    #[inline]
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// Who answers [`Fight::pending`].
    pub fn side(&self) -> Side {
        match self.pending {
            Pending::Reaction | Pending::Bow(_) | Pending::HeroCounter => Side::Hero,
            Pending::MonsterCounter => Side::Monster,
            Pending::MonsterCard => Side::Host,
            Pending::Over(_) => Side::Nobody,
        }
    }

    /// How it ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.pending {
            Pending::Over(o) => Some(o),
            _ => None,
        }
    }

    /// The hero's LPs left (the host copies them back to the character sheet).
    pub fn hero_life(&self) -> u8 {
        self.hero_life
    }

    /// Arrows left this game (the host copies them back to the Arrow Track).
    pub fn arrows_left(&self) -> u8 {
        self.arrows
    }

    /// Arrows fired in this fight.
    pub fn arrows_fired(&self) -> u8 {
        self.fired
    }

    /// LPs the monster has lost: public (the Monster Track).
    pub fn monster_lost(&self) -> u8 {
        self.lost
    }

    /// The monster's LPs as the players may know them: only once it is dead (8.2).
    pub fn revealed_life(&self) -> Option<u8> {
        match self.pending {
            Pending::Over(Outcome::MonsterKilled | Outcome::HeroKilled { monster_dead: true }) => self.life,
            _ => None,
        }
    }

    /// The monster's LPs as the card gave them: for the engine and tests, never a player's view.
    pub fn secret_life(&self) -> Option<u8> {
        self.life
    }

    /// Counter rounds (or solo rolls that counted) fought.
    pub fn rounds(&self) -> u8 {
        self.rounds
    }

    /// The hero's reaction, once chosen.
    pub fn stance(&self) -> Option<Stance> {
        self.stance
    }

    /// The last round's counters (hero, monster), public once turned over.
    pub fn last_round(&self) -> Option<(Counter, Counter)> {
        self.last_round
    }

    /// The encounter this fight was started from.
    pub fn encounter(&self) -> Encounter {
        self.enc
    }

    /// The legal answers to [`Fight::pending`] (none for the card and for the end).
    pub fn legal(&self, out: &mut Answers) {
        out.clear();
        match self.pending {
            Pending::Reaction => {
                out.push(Answer::Stance(Stance::Attack));
                let sneak = self.enc.opening == Opening::SneakAttack;
                if !sneak {
                    out.push(Answer::Stance(Stance::Wait));
                }
                if self.enc.may_escape {
                    out.push(Answer::Stance(Stance::Escape));
                }
                // The Ring of Blinding "does not work against a Sneak Attack".
                if self.enc.ring_of_blinding && !sneak {
                    out.push(Answer::Blind);
                }
            }
            Pending::Bow(_) => {
                out.push(Answer::Fire);
                out.push(Answer::Hold);
            }
            Pending::HeroCounter | Pending::MonsterCounter => {
                out.extend(Counter::ALL.map(Answer::Counter));
            }
            Pending::MonsterCard | Pending::Over(_) => {}
        }
    }

    /// Applies a hero's or monster's answer and runs on to the next thing awaited.
    pub fn apply<D: Dice>(&mut self, rules: &ClassicRules, answer: Answer, dice: &mut D) -> Result<(), IllegalAnswer> {
        let mut legal = Answers::new();
        self.legal(&mut legal);
        if !legal.contains(&answer) {
            return Err(IllegalAnswer { answer: Some(answer), pending: self.pending });
        }
        match (self.pending, answer) {
            (Pending::Reaction, Answer::Blind) => self.pending = Pending::Over(Outcome::MonsterBlinded),
            (Pending::Reaction, Answer::Stance(s)) => {
                self.stance = Some(s);
                self.pending = if s == Stance::Attack && self.may_shoot(rules) {
                    Pending::Bow(BowWindow::BeforeCard)
                } else {
                    Pending::MonsterCard
                };
            }
            (Pending::Bow(w), a) => {
                if a == Answer::Fire && self.shoot(rules, dice) {
                    self.pending = Pending::Over(Outcome::MonsterKilled);
                    return Ok(());
                }
                match w {
                    BowWindow::BeforeCard => self.pending = Pending::MonsterCard,
                    BowWindow::AfterCard => self.begin_rounds(rules, dice),
                }
            }
            (Pending::HeroCounter, Answer::Counter(c)) => {
                self.hero_counter = Some(c);
                self.pending = Pending::MonsterCounter;
            }
            (Pending::MonsterCounter, Answer::Counter(m)) => {
                let h = self.hero_counter.take().unwrap_or(Counter::MightyBlow);
                let cell = rules.chart_for(self.enc.hero)[h.index()][m.index()];
                self.last_round = Some((h, m));
                self.round(cell);
            }
            _ => return Err(IllegalAnswer { answer: Some(answer), pending: self.pending }),
        }
        Ok(())
    }

    /// Reads Monster card `card` (an index into [`ClassicRules::monster_cards`]) under the
    /// hero's reaction and runs on.
    pub fn read_card<D: Dice>(&mut self, rules: &ClassicRules, card: u8, dice: &mut D) -> Result<(), IllegalAnswer> {
        let (Pending::MonsterCard, Some(stance), Some(c)) =
            (self.pending, self.stance, rules.monster_cards.get(card as usize))
        else {
            return Err(IllegalAnswer { answer: None, pending: self.pending });
        };
        match c.read(self.enc.kind, stance) {
            Response::Combat { life } => self.fight_from_card(rules, life, dice),
            Response::Escape => self.pending = Pending::Over(Outcome::Escaped),
            Response::Flee => self.pending = Pending::Over(Outcome::MonsterFled),
            Response::SlashEscape(hit) => {
                let dead = self.slash(hit, dice);
                self.pending =
                    Pending::Over(if dead { Outcome::HeroKilled { monster_dead: false } } else { Outcome::Escaped });
            }
            Response::SlashCombat { slash, life } => {
                if self.slash(slash, dice) {
                    self.pending = Pending::Over(Outcome::HeroKilled { monster_dead: false });
                } else {
                    self.fight_from_card(rules, life, dice);
                }
            }
        }
        Ok(())
    }

    /// Redraws what the seat resampling cannot see, for a search that must not peek
    /// (`ClassicGame::resample`): the monster's LPs unless `knows_card` (the seat that read the
    /// Monster card), drawn by rank among the Monster cards whose result for this monster and
    /// stance is a combat with more LPs than the monster has lost (a slash shown is not used to
    /// narrow it: less known, nothing leaked); and the hero's counter chosen in secret unless
    /// `knows_counter`, drawn uniformly. Nothing once the fight is over.
    pub fn resample_hidden(&mut self, rules: &ClassicRules, knows_card: bool, knows_counter: bool, rng: &mut GameRng) {
        if matches!(self.pending, Pending::Over(_)) {
            return;
        }
        if !knows_counter && self.hero_counter.is_some() {
            self.hero_counter = Some(Counter::ALL[rng.below(3) as usize]);
        }
        let (Some(_), Some(stance), false) = (self.life, self.stance, knows_card) else { return };
        let lost = self.lost;
        let life_of = |c: &super::rules::MonsterCard| match c.read(self.enc.kind, stance) {
            Response::Combat { life } | Response::SlashCombat { life, .. } if life > lost => Some(life),
            _ => None,
        };
        let n = rules.monster_cards.iter().filter_map(life_of).count();
        if n > 0 {
            let k = rng.below(n as u32) as usize;
            self.life = rules.monster_cards.iter().filter_map(life_of).nth(k);
        }
    }

    /// The card gave a combat against `life` LPs: damage from an arrow before the card
    /// counts (it may already have killed), then the second arrow, then the rounds.
    fn fight_from_card<D: Dice>(&mut self, rules: &ClassicRules, life: u8, dice: &mut D) {
        self.life = Some(life);
        if self.lost >= life {
            self.pending = Pending::Over(Outcome::MonsterKilled);
        } else if self.stance == Some(Stance::Attack) && self.may_shoot(rules) {
            self.pending = Pending::Bow(BowWindow::AfterCard);
        } else {
            self.begin_rounds(rules, dice);
        }
    }

    /// Whether an arrow may be fired now: arrows left, fewer than the per-combat limit.
    fn may_shoot(&self, rules: &ClassicRules) -> bool {
        self.arrows > 0 && self.fired < rules.arrows_per_combat
    }

    /// One arrow by the Longbow Table (8.4). Returns whether it killed the monster.
    fn shoot<D: Dice>(&mut self, rules: &ClassicRules, dice: &mut D) -> bool {
        self.arrows -= 1;
        self.fired += 1;
        let shot = rules.longbow[(dice.d6() as usize - 1) % 6];
        match shot {
            Shot::Missed => return false,
            Shot::Wounded => self.lost = self.lost.saturating_add(dice.d6() / 2),
            Shot::Killed => {
                let tough = rules.kinds.get(self.enc.kind as usize).and_then(|k| k.first_kill_damage);
                match tough {
                    // "The first Killed result against a Champion of Chaos causes 3 LPs of
                    // damage"; counted per fight (each fight is a fresh Champion).
                    Some(n) if !self.first_kill_taken => {
                        self.first_kill_taken = true;
                        self.lost = self.lost.saturating_add(n);
                    }
                    _ => return true,
                }
            }
        }
        // Before the card its LPs are unknown: the damage waits for the card.
        self.life.is_some_and(|l| self.lost >= l)
    }

    /// A slash from the card. Returns whether it killed the hero.
    fn slash<D: Dice>(&mut self, hit: Hit, dice: &mut D) -> bool {
        let n = match hit {
            Hit::Fixed(n) => n,
            Hit::D6 => dice.d6(),
            Hit::D12 => dice.d12(),
        };
        self.hurt_hero(n)
    }

    /// The hero loses `n` LPs. Returns whether he is dead.
    fn hurt_hero(&mut self, n: u8) -> bool {
        self.hero_life = self.hero_life.saturating_sub(n);
        self.hero_life == 0
    }

    /// Counters: wait for the hero's. Solo: roll until one side is dead.
    fn begin_rounds<D: Dice>(&mut self, rules: &ClassicRules, dice: &mut D) {
        match self.enc.rounds {
            RoundSystem::Counters => self.pending = Pending::HeroCounter,
            RoundSystem::SoloTable => {
                self.pending = Pending::HeroCounter;
                while self.pending == Pending::HeroCounter {
                    if let SoloRoll::Loses(l) = rules.solo[(dice.d12() as usize - 1) % 12] {
                        self.round(l);
                    }
                }
            }
        }
    }

    /// One round's losses; both may die in the same round.
    fn round(&mut self, l: Losses) {
        self.rounds = self.rounds.saturating_add(1);
        self.lost = self.lost.saturating_add(l.monster);
        let monster_dead = self.life.is_none_or(|life| self.lost >= life);
        self.pending = if self.hurt_hero(l.hero) {
            Pending::Over(Outcome::HeroKilled { monster_dead })
        } else if monster_dead {
            Pending::Over(Outcome::MonsterKilled)
        } else {
            Pending::HeroCounter
        };
    }
}
