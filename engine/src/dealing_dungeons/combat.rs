//! Dealing Dungeons combat: one encounter with a monster ([`MonsterFight`]) and the End Boss
//! fight ([`BossFight`]), each a small `Copy` state driven by answers.
//!
//! A fight knows nothing of the dungeon around it. The host (the game, a test, `dq duel`)
//! builds it from the hero's skills and equipped cards ([`Fighter`]) and the monster with the
//! mode's changes applied ([`Foe`], [`BossFoe`]); [`MonsterFight::legal`] lists the answers and
//! [`MonsterFight::apply`] plays one round, which at the table is one turn: the host may heal
//! the hero between rounds ([`MonsterFight::set_hero_lives`]). Dice come from a [`Dice`]: the
//! engine's stream in a game, [`Stacked`] rolls in a test. No allocation, no panic: a wrong
//! answer is an [`IllegalAnswer`].
//!
//! Order of dice, which stacked tests follow: a rolled monster attack (Solo Hard, "more of a
//! challenge") and a boss's dice are rolled at the start of each round, before the hero
//! chooses (the total "is the number you need to beat"); then the hero's dice. A boss's
//! start-of-round skill (Regenerate, Curse) rolls before its attack dice, from the second
//! round on. Rulings are in docs/rulings.md ("Dealing Dungeons").

use super::data::{AttackRule, BossSkill};
use super::rules::{Mods, Monster, Skills, MAX_LIVES};
use crate::core::rng::GameRng;
use arrayvec::ArrayVec;

/// Where a fight's dice come from: the engine's dice stream, or stacked rolls in a test.
pub trait Dice {
    /// A six-sided die, 1 to 6.
    fn d6(&mut self) -> u8;
}

impl Dice for GameRng {
    #[inline]
    fn d6(&mut self) -> u8 {
        GameRng::d6(self)
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
    /// `rolls` (at most 32, each 1 to 6) first.
    pub fn new(rolls: &[u8], then: D) -> Stacked<D> {
        Stacked { rolls: rolls.iter().copied().take(32).collect(), at: 0, then }
    }

    /// Whether every stacked roll has been used.
    pub fn used_up(&self) -> bool {
        self.at == self.rolls.len()
    }
}

impl<D: Dice> Dice for Stacked<D> {
    fn d6(&mut self) -> u8 {
        match self.rolls.get(self.at) {
            Some(&v) => {
                self.at += 1;
                debug_assert!((1..=6).contains(&v), "stacked roll {v} on a d6");
                v.clamp(1, 6)
            }
            None => self.then.d6(),
        }
    }
}

/// Dice a test never expects to be rolled: a roll is a test failure (debug) or a 1.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoDice;

impl Dice for NoDice {
    fn d6(&mut self) -> u8 {
        debug_assert!(false, "a die was rolled after the stacked ones ran out");
        1
    }
}

fn roll(dice: &mut impl Dice, n: u8) -> u8 {
    (0..n).map(|_| dice.d6()).sum()
}

/// The hero's side of a fight: lives, skill totals at his level, equipped In Hand cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fighter {
    pub lives: u8,
    pub skills: Skills,
    /// The equipped In Hand cards' modifiers, summed.
    pub gear: Mods,
}

impl Fighter {
    /// How far he can shoot: the hero's Range plus his ranged cards' ("modifiers can stack").
    /// Above 0 he has the Range skill.
    pub fn reach(&self) -> u8 {
        self.skills.range.saturating_add(self.gear.range)
    }

    /// Added to a melee Fight roll.
    fn melee(&self) -> i16 {
        self.skills.combat as i16 + self.gear.combat as i16
    }

    /// Added to a ranged Fight roll from `distance` spaces: the Range bonus on top of Combat;
    /// from one space or more only ranged cards count (swords do not).
    fn ranged(&self, distance: u8) -> i16 {
        let cards = if distance == 0 { self.gear.combat as i16 } else { 0 };
        self.skills.combat as i16 + self.reach() as i16 + cards
    }

    /// Added to a Defend roll.
    fn defend(&self) -> i16 {
        self.skills.defend as i16 + self.gear.defend as i16
    }
}

/// A monster as this fight meets it, the mode's changes applied by the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Foe {
    /// The printed card (its attack is used when `attack` is `Printed`).
    pub monster: Monster,
    pub attack: AttackRule,
    /// Added to the attack (Solo Moderate's way out +2, Co-Op's crowd +1).
    pub attack_bonus: u8,
    /// Lives it has now (printed plus the mode's extras, or what a wounded one has left).
    pub lives: u8,
}

impl Foe {
    /// The printed monster, as the Standard mode meets it.
    pub fn printed(monster: Monster) -> Foe {
        Foe { monster, attack: AttackRule::Printed, attack_bonus: 0, lives: monster.lives }
    }
}

/// Where and how the encounter is fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Spaces between the hero and the monster (0: the same room). Above 0 only a ranged
    /// attack is possible; the host checks the line of sight.
    pub distance: u8,
    /// Whether Run is allowed (the host knows the way back).
    pub may_run: bool,
    /// Added to the next Fight after a successful Defend (the rules' +2).
    pub defend_bonus: u8,
}

impl Setting {
    /// In the monster's room, Run allowed, the rules' +2.
    pub fn in_room(defend_bonus: u8) -> Setting {
        Setting { distance: 0, may_run: true, defend_bonus }
    }
}

/// A hero's answer in a monster encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// 2D6 + Combat against the attack.
    Fight,
    /// Fight with the Range skill (from the room or from up to `reach` spaces).
    Ranged,
    /// 1D6 + Defend against the defense (not against N/A).
    Defend,
    /// Back one space the way he came; the monster stays.
    Run,
    /// After a successful Defend: build past it (or search a secret door); the monster stays.
    /// From a distance: stop shooting.
    Leave,
}

/// The legal answers (at most four).
pub type Answers = ArrayVec<Answer, 5>;

/// How an encounter ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Its last life is gone: XP and a Loot card for the host to give.
    Defeated,
    /// The hero's last life is gone.
    HeroDied,
    /// The hero ran back one space; the card stays on the room.
    Ran,
    /// The hero left it standing (after a Defend, or from a distance).
    Left,
}

/// What the fight waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// An answer this round, against `target` (the attack to beat).
    Choose {
        target: u8,
    },
    /// The round after a successful Defend: Fight with the bonus, or Leave.
    AfterDefend {
        target: u8,
    },
    Over(Outcome),
}

/// One round's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundResult {
    /// The roll beat the target: the foe lost a life.
    Won,
    /// A tie: safe, face it again.
    Tied,
    /// Less than the target: the hero lost `lives` (0 for a ranged miss at a monster without
    /// the Range icon).
    Lost {
        lives: u8,
    },
    /// The Defend roll tied or beat the defense.
    Defended,
    /// The Defend roll fell short: the hero lost `lives`.
    DefendFailed {
        lives: u8,
    },
    Ran,
    Left,
}

/// One round as played: the answer, the dice, the total with modifiers, what it was
/// against, the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    pub answer: Answer,
    /// The hero's dice (0 for Run and Leave).
    pub roll: u8,
    /// The roll with every modifier.
    pub total: i16,
    /// The attack (Fight) or defense (Defend) value.
    pub target: u8,
    pub result: RoundResult,
}

/// An answer that is not legal now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{answer:?} is not a legal answer while the fight waits for {pending:?}")]
pub struct IllegalAnswer {
    pub answer: Answer,
    pub pending: Pending,
}

/// One monster encounter in progress. `Copy`, fixed size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonsterFight {
    foe: Foe,
    foe_lives: u8,
    hero: Fighter,
    setting: Setting,
    /// The Defend bonus waiting for the next Fight (0 for none).
    bonus: u8,
    pending: Pending,
}

impl MonsterFight {
    /// The encounter at its first round (a rolled attack is rolled now).
    pub fn new(hero: Fighter, foe: Foe, setting: Setting, dice: &mut impl Dice) -> MonsterFight {
        let mut f = MonsterFight {
            foe,
            foe_lives: foe.lives.clamp(1, MAX_LIVES),
            hero,
            setting,
            bonus: 0,
            pending: Pending::Over(Outcome::Left),
        };
        if hero.lives == 0 {
            f.pending = Pending::Over(Outcome::HeroDied);
        } else {
            let target = f.attack(dice);
            f.pending = Pending::Choose { target };
        }
        f
    }

    fn attack(&self, dice: &mut impl Dice) -> u8 {
        let base = match self.foe.attack {
            AttackRule::Printed => self.foe.monster.attack,
            AttackRule::Rolled { dice: n, plus } => roll(dice, n).saturating_add(plus),
        };
        base.saturating_add(self.foe.attack_bonus)
    }

    pub fn pending(&self) -> Pending {
        self.pending
    }

    pub fn hero_lives(&self) -> u8 {
        self.hero.lives
    }

    pub fn foe_lives(&self) -> u8 {
        self.foe_lives
    }

    /// The Defend bonus waiting for the next Fight.
    pub fn bonus(&self) -> u8 {
        self.bonus
    }

    /// The host healed (or hurt) the hero between rounds.
    pub fn set_hero_lives(&mut self, lives: u8) {
        self.hero.lives = lives.min(MAX_LIVES);
        if lives == 0 {
            self.pending = Pending::Over(Outcome::HeroDied);
        }
    }

    /// The host changed the hero between rounds (healed, levelled, equipped, saved by a
    /// Ward potion): a hero given lives back after the fight took his last faces the monster
    /// again (a new round, its attack rolled anew when rolled).
    pub fn refresh(&mut self, hero: Fighter, dice: &mut impl Dice) {
        self.hero = Fighter { lives: hero.lives.min(MAX_LIVES), ..hero };
        match self.pending {
            _ if hero.lives == 0 => self.pending = Pending::Over(Outcome::HeroDied),
            Pending::Over(Outcome::HeroDied) if self.foe_lives > 0 => {
                self.pending = Pending::Choose { target: self.attack(dice) };
            }
            _ => {}
        }
    }

    /// Adds `n` to the next Fight roll (a potion's bonus), on top of any Defend bonus.
    pub fn grant_bonus(&mut self, n: u8) {
        self.bonus = self.bonus.saturating_add(n);
    }

    /// The legal answers now.
    pub fn legal(&self) -> Answers {
        let mut out = Answers::new();
        let can_shoot = self.hero.reach() >= self.setting.distance.max(1);
        match self.pending {
            Pending::Choose { .. } if self.setting.distance > 0 => {
                if can_shoot {
                    out.push(Answer::Ranged);
                }
                out.push(Answer::Leave);
            }
            Pending::Choose { .. } => {
                out.push(Answer::Fight);
                if can_shoot {
                    out.push(Answer::Ranged);
                }
                if self.foe.monster.defense.is_some() {
                    out.push(Answer::Defend);
                }
                if self.setting.may_run {
                    out.push(Answer::Run);
                }
            }
            Pending::AfterDefend { .. } => {
                out.push(Answer::Fight);
                if can_shoot {
                    out.push(Answer::Ranged);
                }
                out.push(Answer::Leave);
            }
            Pending::Over(_) => {}
        }
        out
    }

    /// Plays one round.
    pub fn apply(&mut self, answer: Answer, dice: &mut impl Dice) -> Result<Round, IllegalAnswer> {
        let target = match self.pending {
            Pending::Choose { target } | Pending::AfterDefend { target } if self.legal().contains(&answer) => target,
            pending => return Err(IllegalAnswer { answer, pending }),
        };
        let bonus = std::mem::take(&mut self.bonus) as i16;
        let round = match answer {
            Answer::Fight | Answer::Ranged => {
                let roll = roll(dice, 2);
                let (mods, miss_costs) = if answer == Answer::Fight {
                    (self.hero.melee(), 1)
                } else {
                    (self.hero.ranged(self.setting.distance), self.foe.monster.range as u8)
                };
                let total = roll as i16 + mods + bonus;
                let result = if total > target as i16 {
                    self.foe_lives -= 1;
                    RoundResult::Won
                } else if total == target as i16 {
                    RoundResult::Tied
                } else {
                    self.hero.lives = self.hero.lives.saturating_sub(miss_costs);
                    RoundResult::Lost { lives: miss_costs }
                };
                Round { answer, roll, total, target, result }
            }
            Answer::Defend => {
                let defense = self.foe.monster.defense.unwrap_or(u8::MAX);
                let roll = dice.d6();
                let total = roll as i16 + self.hero.defend();
                let result = if total >= defense as i16 {
                    self.bonus = self.setting.defend_bonus.saturating_add(self.hero.skills.defend_bonus);
                    RoundResult::Defended
                } else {
                    self.hero.lives = self.hero.lives.saturating_sub(1);
                    RoundResult::DefendFailed { lives: 1 }
                };
                Round { answer, roll, total, target: defense, result }
            }
            Answer::Run => Round { answer, roll: 0, total: 0, target, result: RoundResult::Ran },
            Answer::Leave => Round { answer, roll: 0, total: 0, target, result: RoundResult::Left },
        };
        self.pending = match round.result {
            RoundResult::Ran => Pending::Over(Outcome::Ran),
            RoundResult::Left => Pending::Over(Outcome::Left),
            _ if self.hero.lives == 0 => Pending::Over(Outcome::HeroDied),
            _ if self.foe_lives == 0 => Pending::Over(Outcome::Defeated),
            RoundResult::Defended => Pending::AfterDefend { target: self.attack(dice) },
            _ => Pending::Choose { target: self.attack(dice) },
        };
        Ok(round)
    }
}

/// An End Boss as this fight meets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BossFoe {
    /// Its lives at the start (the card's plus the mode's extras): the most it heals to.
    pub lives: u8,
    pub skill: BossSkill,
    /// Attack dice (the rules' 3).
    pub dice: u8,
    /// Added to its total (Solo Hard's levels).
    pub attack_bonus: u8,
}

/// A hero's answer to an End Boss ("you can only FIGHT or DEFEND").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BossAnswer {
    Fight,
    Defend,
}

/// How a boss fight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BossOutcome {
    Defeated,
    HeroDied,
}

/// What a boss fight waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BossPending {
    /// The hero's answer, knowing this round's `target` (its dice total).
    Choose {
        target: u8,
    },
    Over(BossOutcome),
}

/// What the boss's skill did at the start of a round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RoundStart {
    /// Regenerate healed a wound.
    pub healed: bool,
    /// Curse took a life.
    pub cursed: bool,
}

/// One boss round as played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BossRound {
    pub answer: BossAnswer,
    pub roll: u8,
    pub total: i16,
    pub target: u8,
    pub result: RoundResult,
    /// Drain healed it after taking a life.
    pub drained: bool,
    /// The next round's start (what its skill did), if the fight goes on.
    pub next: RoundStart,
}

/// An answer a boss fight does not allow now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{answer:?} is not a legal answer while the boss fight waits for {pending:?}")]
pub struct IllegalBossAnswer {
    pub answer: BossAnswer,
    pub pending: BossPending,
}

/// One End Boss fight in progress. `Copy`, fixed size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BossFight {
    foe: BossFoe,
    foe_lives: u8,
    hero: Fighter,
    defend_bonus: u8,
    bonus: u8,
    pending: BossPending,
}

impl BossFight {
    /// The fight at its first round: the boss's dice are rolled now (no start-of-round skill:
    /// the first round is fought on the turn the Treasure Room was built).
    pub fn new(hero: Fighter, foe: BossFoe, defend_bonus: u8, dice: &mut impl Dice) -> BossFight {
        let mut f = BossFight {
            foe,
            foe_lives: foe.lives.clamp(1, MAX_LIVES),
            hero,
            defend_bonus,
            bonus: 0,
            pending: BossPending::Over(BossOutcome::HeroDied),
        };
        if hero.lives > 0 {
            f.pending = BossPending::Choose { target: f.attack(dice) };
        }
        f
    }

    /// Its dice total (Cunning: the lowest die rolled again).
    fn attack(&self, dice: &mut impl Dice) -> u8 {
        let mut d = [0u8; 4];
        let n = (self.foe.dice as usize).min(4);
        for x in d.iter_mut().take(n) {
            *x = dice.d6();
        }
        if self.foe.skill == BossSkill::Cunning && n > 0 {
            let low = (0..n).min_by_key(|&i| d[i]).unwrap_or(0);
            d[low] = dice.d6();
        }
        let fury = if let BossSkill::Fury(k) = self.foe.skill { k } else { 0 };
        d.iter().sum::<u8>().saturating_add(fury).saturating_add(self.foe.attack_bonus)
    }

    pub fn pending(&self) -> BossPending {
        self.pending
    }

    pub fn hero_lives(&self) -> u8 {
        self.hero.lives
    }

    pub fn foe_lives(&self) -> u8 {
        self.foe_lives
    }

    pub fn bonus(&self) -> u8 {
        self.bonus
    }

    /// The host changed the hero between rounds (a potion, a level): as
    /// [`MonsterFight::refresh`].
    pub fn refresh(&mut self, hero: Fighter, dice: &mut impl Dice) {
        self.hero = Fighter { lives: hero.lives.min(MAX_LIVES), ..hero };
        match self.pending {
            _ if hero.lives == 0 => self.pending = BossPending::Over(BossOutcome::HeroDied),
            BossPending::Over(BossOutcome::HeroDied) if self.foe_lives > 0 => {
                self.pending = BossPending::Choose { target: self.attack(dice) };
            }
            _ => {}
        }
    }

    /// Adds `n` to the next Fight roll (a potion's bonus).
    pub fn grant_bonus(&mut self, n: u8) {
        self.bonus = self.bonus.saturating_add(n);
    }

    /// The boss already wounded (Co-Op's shared boss, met by a hero a round at a time).
    pub fn set_foe_lives(&mut self, lives: u8) {
        self.foe_lives = lives.clamp(1, self.foe.lives.clamp(1, MAX_LIVES));
    }

    /// The legal answers now: Fight, and Defend unless the boss is Relentless.
    pub fn legal(&self) -> ArrayVec<BossAnswer, 2> {
        let mut out = ArrayVec::new();
        if let BossPending::Choose { .. } = self.pending {
            out.push(BossAnswer::Fight);
            if self.foe.skill != BossSkill::Relentless {
                out.push(BossAnswer::Defend);
            }
        }
        out
    }

    fn gear(&self) -> Mods {
        if self.foe.skill == BossSkill::Disarm {
            Mods::default()
        } else {
            self.hero.gear
        }
    }

    /// The hero loses `n` lives to it; Drain heals it then.
    fn hurt(&mut self, n: u8) -> bool {
        self.hero.lives = self.hero.lives.saturating_sub(n);
        if n > 0 && self.foe.skill == BossSkill::Drain && self.foe_lives < self.foe.lives {
            self.foe_lives += 1;
            return true;
        }
        false
    }

    /// Plays one round, then starts the next (its skill, its dice).
    pub fn apply(&mut self, answer: BossAnswer, dice: &mut impl Dice) -> Result<BossRound, IllegalBossAnswer> {
        let target = match self.pending {
            BossPending::Choose { target } if self.legal().contains(&answer) => target,
            pending => return Err(IllegalBossAnswer { answer, pending }),
        };
        let loss = if self.foe.skill == BossSkill::Crushing { 2 } else { 1 };
        let bonus = std::mem::take(&mut self.bonus) as i16;
        let roll = roll(dice, 2);
        let mut drained = false;
        let (total, result) = match answer {
            BossAnswer::Fight => {
                let fear = if let BossSkill::Fear(k) = self.foe.skill { k as i16 } else { 0 };
                let armour = if let BossSkill::Armour(k) = self.foe.skill { k as i16 } else { 0 };
                let mods =
                    self.hero.skills.combat as i16 + self.gear().combat as i16 + self.hero.skills.boss_combat as i16;
                let total = roll as i16 + mods + bonus - fear;
                let result = if total > target as i16 + armour {
                    self.foe_lives -= 1;
                    RoundResult::Won
                } else if total >= target as i16 {
                    if self.foe.skill == BossSkill::Vengeful {
                        drained = self.hurt(1);
                        RoundResult::Lost { lives: 1 }
                    } else {
                        RoundResult::Tied
                    }
                } else {
                    drained = self.hurt(loss);
                    RoundResult::Lost { lives: loss }
                };
                (total, result)
            }
            BossAnswer::Defend => {
                let total = roll as i16 + self.hero.skills.defend as i16 + self.gear().defend as i16;
                let result = if total >= target as i16 {
                    self.bonus = self.defend_bonus.saturating_add(self.hero.skills.defend_bonus);
                    RoundResult::Defended
                } else {
                    drained = self.hurt(loss);
                    RoundResult::DefendFailed { lives: loss }
                };
                (total, result)
            }
        };
        let mut next = RoundStart::default();
        self.pending = if self.hero.lives == 0 {
            BossPending::Over(BossOutcome::HeroDied)
        } else if self.foe_lives == 0 {
            BossPending::Over(BossOutcome::Defeated)
        } else {
            next = self.start_round(dice);
            if self.hero.lives == 0 {
                BossPending::Over(BossOutcome::HeroDied)
            } else {
                BossPending::Choose { target: self.attack(dice) }
            }
        };
        Ok(BossRound { answer, roll, total, target, result, drained, next })
    }

    /// Its start-of-round skill ("End Boss skills take effect before any Hero's skills").
    fn start_round(&mut self, dice: &mut impl Dice) -> RoundStart {
        let wounded = self.foe_lives < self.foe.lives;
        let s = match self.foe.skill {
            BossSkill::Regenerate(n) if wounded => RoundStart { healed: dice.d6() >= n, cursed: false },
            BossSkill::Curse(n) => RoundStart { healed: false, cursed: dice.d6() <= n },
            _ => RoundStart::default(),
        };
        self.foe_lives += s.healed as u8;
        self.hero.lives = self.hero.lives.saturating_sub(s.cursed as u8);
        s
    }
}
