//! One combat of The Dungeon of Chaos (§10, §11, §12) as a fixed-size state machine.
//!
//! A [`Combat`] holds the hero and up to [`MAX_FOES`] monsters in fixed arrays (no allocation).
//! [`Combat::start`] rolls initiative and runs the monsters' turns until the hero must act
//! ([`Step::HeroToAct`]); [`Combat::answer`] takes his action and runs on. Monsters act by a d8
//! on their chart. A monster that makes the hero lose his turn leaves the combat paused
//! ([`Step::TurnLost`]); [`Combat::resume`] continues it next turn "as if that monster had
//! just taken its turn". Dice come through the [`Dice`] trait, so tests force every roll.
//! Rulings where the rulebook is unclear are in docs/rulings.md (The Dungeon of Chaos).
//!
//! The hero may ATTACK, DEFEND, FLEE, use his profile's action or an item's (a tool that may
//! break after use, §13), CAST SPELL, DRINK or THROW a POTION and READ SCROLL from the cards in
//! his hand (not blind, not in a dark room). Not here: fights with more than one character.

use super::data::{Ailment, Amount, AttackType, Attr, Confusion, SpecialRule};
use super::death::{Blow, Harm, Source};
use super::game::DeckId;
use super::rules::{Act, ActionDef, ChaosRules, Op, Span, TypeSet};
use crate::core::rng::GameRng;
use arrayvec::ArrayVec;

/// Most monsters in one room.
pub const MAX_FOES: usize = 4;
/// Fighters: the hero (index 0) and the monsters.
pub const MAX_FIGHTERS: usize = 1 + MAX_FOES;
/// Most weapons a hero chooses among (§13: choose the weapon before each ATTACK).
pub const MAX_WEAPONS: usize = 4;
/// Summons inside summons resolved before one fizzles (a ruling).
pub const MAX_SUMMON_DEPTH: u8 = 4;
/// The hero's index among the fighters.
pub const HERO: u8 = 0;
/// Most Spell and Potion cards a hero brings into a combat.
pub const MAX_HAND: usize = 8;
/// Most items with a combat action (§10: "an action written on your ... Item Cards") a hero
/// chooses among.
pub const MAX_TOOLS: usize = 4;

/// An item's combat action: the item (an id of [`ChaosRules::items`]), what it does, and its
/// sturdiness (§13: it breaks when a d8 after use exceeds it; 0 never breaks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tool {
    pub item: u8,
    pub action: ActionDef,
    pub sturdiness: u8,
}

/// A card the hero may use in combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandCard {
    /// A Spell card (an id of [`ChaosRules::spells`]) and whether it targets an enemy.
    Spell { card: u16, on_enemy: bool },
    /// A Potion card (an id of [`ChaosRules::potions`]), identified or not.
    Potion(u16),
    /// A Scroll card (an id of [`ChaosRules::scrolls`]) and whether it targets an enemy.
    Scroll { card: u16, on_enemy: bool },
}

/// The dice of a combat: the seeded stream in play, forced rolls in tests.
pub trait Dice {
    /// One eight-sided die, 1 to 8.
    fn d8(&mut self) -> u8;
    /// One six-sided die, 1 to 6.
    fn d6(&mut self) -> u8;
    /// A uniform pick in `0..n` (a random target, the top card of a shuffled deck). `n > 0`.
    fn pick(&mut self, n: u32) -> u32;
}

impl Dice for GameRng {
    #[inline]
    fn d8(&mut self) -> u8 {
        self.below(8) as u8 + 1
    }
    #[inline]
    fn d6(&mut self) -> u8 {
        GameRng::d6(self)
    }
    #[inline]
    fn pick(&mut self, n: u32) -> u32 {
        self.below(n)
    }
}

/// Status ailments as bits (`1 << Ailment`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ailments(pub u16);

impl Ailments {
    #[inline]
    pub fn has(self, a: Ailment) -> bool {
        self.0 & (1 << a as u16) != 0
    }
    #[inline]
    pub fn add(&mut self, a: Ailment) {
        self.0 |= 1 << a as u16;
    }
    #[inline]
    pub fn remove(&mut self, a: Ailment) {
        self.0 &= !(1 << a as u16);
    }
    /// Only the ailments that outlast combat (§14: blindness, drunkenness, disease).
    pub fn persistent(self) -> Ailments {
        let mut out = Ailments(0);
        for a in [Ailment::Blind, Ailment::Drunk, Ailment::Diseased] {
            if self.has(a) {
                out.add(a);
            }
        }
        out
    }
}

/// A fighter's guard until its next action (§10: DEFEND +4, a failed FLEE −2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Guard {
    #[default]
    Open,
    Defending,
    Stumbled,
}

/// Whether a fighter is still in the fight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Presence {
    #[default]
    In,
    Dead,
    Fled,
    /// Left by TELEPORT: no treasure (§10).
    Teleported,
}

/// Who a fighter is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Who {
    #[default]
    Hero,
    Monster(u8),
}

/// One combatant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fighter {
    pub who: Who,
    /// Starting values (restore's cap; §5), by [`Attr`].
    pub start: [i8; 5],
    /// Actual values.
    pub stats: [i8; 5],
    /// Effective bonuses until the end of combat (spells, boosts; a hero's items).
    pub boost: [i8; 5],
    pub ailments: Ailments,
    pub immune: TypeSet,
    pub weak: TypeSet,
    /// Undead, Things and Plants (§9).
    pub ailment_immune: bool,
    pub guard: Guard,
    pub presence: Presence,
    /// A monster made to lose its turn skips its next action.
    pub loses_next: bool,
    pub initiative: i8,
    /// A monster's treasure: gold, and the level of its item (0 for none).
    pub gold: u16,
    pub item_level: u8,
    pub special: Option<SpecialRule>,
}

impl Fighter {
    #[inline]
    fn is_in(&self) -> bool {
        self.presence == Presence::In
    }
}

/// A weapon the hero may ATTACK with: bonus and attack type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weapon {
    pub bonus: i8,
    pub kind: AttackType,
}

/// The hero as he enters a combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeroSetup {
    pub start: [i8; 5],
    pub stats: [i8; 5],
    /// Effective bonuses of equipped items, by [`Attr`].
    pub bonus: [i8; 5],
    /// Persistent ailments carried in.
    pub ailments: Ailments,
    pub immune: TypeSet,
    pub weak: TypeSet,
    pub weapons: [Weapon; MAX_WEAPONS],
    pub n_weapons: u8,
    /// Damage dealt back to an enemy whose ATTACK wounds him (the Ring of Retribution).
    pub retribution: u8,
    /// The profile's combat action.
    pub action: Option<ActionDef>,
    /// Whether he has *spellcasting* (§8: only casters cast).
    pub casts: bool,
    /// Spells and potions he carries.
    pub hand: [Option<HandCard>; MAX_HAND],
    /// Items with a combat action, in the order he holds them.
    pub tools: [Option<Tool>; MAX_TOOLS],
    /// Whether he may READ SCROLL: not in a dark room (tile guide; blindness is checked in
    /// the combat, §11).
    pub reads: bool,
}

impl HeroSetup {
    /// A fresh character of the profile `id`, unarmed.
    pub fn character(rules: &ChaosRules, id: u8) -> HeroSetup {
        let c = &rules.characters[id as usize];
        HeroSetup {
            start: c.stats,
            stats: c.stats,
            bonus: [0; 5],
            ailments: Ailments(0),
            immune: c.immune,
            weak: TypeSet(0),
            weapons: [Weapon::default(); MAX_WEAPONS],
            n_weapons: 0,
            retribution: 0,
            action: c.action,
            casts: c.colours != 0,
            hand: [None; MAX_HAND],
            tools: [None; MAX_TOOLS],
            reads: true,
        }
    }

    /// Carries a Spell (`spell`) or Potion card `id`, in the first free slot (none beyond
    /// [`MAX_HAND`]).
    pub fn with_card(mut self, rules: &ChaosRules, spell: bool, id: u16) -> HeroSetup {
        let card = if spell {
            HandCard::Spell { card: id, on_enemy: rules.spells.cards[id as usize].on_enemy }
        } else {
            HandCard::Potion(id)
        };
        if let Some(slot) = self.hand.iter_mut().find(|c| c.is_none()) {
            *slot = Some(card);
        }
        self
    }

    /// Holds the item `id` (weapon, bonuses, immunities, retribution).
    pub fn with_item(mut self, rules: &ChaosRules, id: u8) -> HeroSetup {
        let it = &rules.items[id as usize];
        if let Some((bonus, kind)) = it.weapon {
            if (self.n_weapons as usize) < MAX_WEAPONS {
                self.weapons[self.n_weapons as usize] = Weapon { bonus, kind };
                self.n_weapons += 1;
            }
        }
        for (b, i) in self.bonus.iter_mut().zip(it.bonus) {
            *b += i;
        }
        self.bonus[Attr::Speed as usize] -= it.weight as i8;
        self.immune = TypeSet(self.immune.0 | it.immune.0);
        self.weak = TypeSet(self.weak.0 | it.weak.0);
        self.retribution += it.retribution;
        if let Some(action) = it.action {
            if let Some(t) = self.tools.iter_mut().find(|t| t.is_none()) {
                *t = Some(Tool { item: id, action, sturdiness: it.sturdiness });
            }
        }
        self
    }
}

/// The hero's action (§10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// ATTACK the fighter `foe` with a weapon (an index of the hero's weapons) or bare-handed.
    Attack {
        foe: u8,
        weapon: Option<u8>,
    },
    Defend,
    Flee,
    /// The profile's combat action, at `foe` when it targets an enemy.
    Action {
        foe: u8,
    },
    /// The combat action of tool `tool` (an index of the hero's tools), at `foe` when it
    /// targets an enemy (or at himself, [`HERO`]).
    Use {
        tool: u8,
        foe: u8,
    },
    /// CAST SPELL: the spell in hand `slot`, at `foe` (or at himself, [`HERO`]).
    Cast {
        slot: u8,
        foe: u8,
    },
    /// DRINK POTION: the potion in hand `slot`.
    Drink {
        slot: u8,
    },
    /// THROW POTION at `foe`.
    Throw {
        slot: u8,
        foe: u8,
    },
    /// READ SCROLL: the scroll in hand `slot`, at `foe` (or at himself, [`HERO`]).
    Read {
        slot: u8,
        foe: u8,
    },
}

/// Up to this many answers are legal at once.
pub const MAX_ANSWERS: usize = MAX_FOES * (MAX_WEAPONS + 2) + 3 + MAX_HAND * (2 * MAX_FOES + 1) + MAX_TOOLS * MAX_FOES;

/// Rounds in a row in which no fighter loses Health or another attribute, after which the
/// monsters leave the room (a ruling for sides that cannot hurt each other, docs/rulings.md).
pub const STALEMATE_ROUNDS: u8 = 8;

/// How a combat ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// No enemy is left: the treasure of the slain (§10), items by level − 1.
    Cleared {
        gold: u16,
        items: [u8; 4],
    },
    /// The hero ran away; the survivors stay, healed (§10).
    HeroFled,
    HeroDied,
}

/// Where the combat stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The hero must answer.
    HeroToAct,
    /// The hero lost the rest of his turn; [`Combat::resume`] next turn.
    TurnLost,
    Over(End),
}

/// What happened, for logs and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Initiative {
        who: u8,
        roll: u8,
        total: i8,
    },
    Surprised {
        who: u8,
    },
    /// A monster's chart roll and the act it gave.
    Chart {
        who: u8,
        roll: u8,
        act: Act,
    },
    Asleep {
        who: u8,
    },
    Fumble {
        who: u8,
    },
    Critical {
        who: u8,
        extra: u8,
    },
    /// Health lost (after immunity and weakness).
    Wound {
        on: u8,
        amount: i16,
        kind: AttackType,
    },
    Retribution {
        on: u8,
        amount: u8,
    },
    Died {
        who: u8,
    },
    Fled {
        who: u8,
    },
    FleeFailed {
        who: u8,
    },
    Teleported {
        who: u8,
    },
    /// [`STALEMATE_ROUNDS`] rounds passed with no one hurt: the monsters leave (each with a
    /// [`Event::Fled`]).
    Stalemate,
    Summoned {
        by: u8,
        monster: u8,
    },
    Spell {
        by: u8,
        card: u16,
    },
    Ailment {
        on: u8,
        ailment: Ailment,
    },
    Woke {
        who: u8,
    },
    Confusion {
        roll: u8,
        does: Confusion,
    },
    Lost {
        what: Attr,
        on: u8,
        amount: i8,
    },
    /// A tool broke after use (§13): the item's id.
    Broke {
        item: u8,
    },
}

/// The hero's answer was not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal combat answer {0:?}")]
pub struct IllegalAnswer(pub Answer);

/// Who acts: a fighter, or a summoned monster acting for its summoner (§10: effects on it go
/// to the summoner).
#[derive(Clone, Copy, Debug)]
struct Actor {
    /// The fighter effects on the actor land on.
    at: u8,
    /// Effective Attack and Mind of the one acting.
    attack: i8,
    mind: i8,
    /// The special rules card of the monster acting, if any.
    special: Option<SpecialRule>,
    /// The Monster card acting (a summoned monster's own), `None` for the hero.
    card: Option<u8>,
}

/// One combat.
#[derive(Clone, Copy, Debug)]
pub struct Combat {
    fighters: [Fighter; MAX_FIGHTERS],
    n: u8,
    /// Fighter indices in acting order.
    order: [u8; MAX_FIGHTERS],
    /// The position in `order` of the next to act.
    next: u8,
    step: Step,
    weapons: [Weapon; MAX_WEAPONS],
    n_weapons: u8,
    retribution: u8,
    action: Option<ActionDef>,
    tools: [Option<Tool>; MAX_TOOLS],
    /// Tools broken in this combat (bit `i` for tool `i`): the game discards their items.
    pub broken: u8,
    reads: bool,
    casts: bool,
    hand: [Option<HandCard>; MAX_HAND],
    /// Coins taken from the hero (the Bandit's touch).
    pub gold_lost: u16,
    /// Special rules cards (bits by [`SpecialRule`]) whose monsters wounded the hero.
    pub special_wounds: u8,
    /// An effect made the hero lose his turn during the current action.
    lose_turn: bool,
    /// Someone lost Health or another attribute in the round in progress.
    harmed: bool,
    /// Whole rounds in a row with no one hurt ([`STALEMATE_ROUNDS`]).
    quiet: u8,
    /// What acts now, for the hero's losses (a monster's act, his own card, an ailment).
    acting: Source,
    /// The hero's last loss of Health, Mind or Speed in this combat: his death cause if he
    /// dies of it.
    pub hero_harm: Option<Harm>,
}

impl Combat {
    /// A combat of the hero against `foes` (monster ids, 1 to [`MAX_FOES`]) at their starting
    /// values.
    pub fn new(rules: &ChaosRules, hero: &HeroSetup, foes: &[u8]) -> Combat {
        assert!(!foes.is_empty() && foes.len() <= MAX_FOES, "a combat has 1 to {MAX_FOES} monsters");
        let mut fighters = [Fighter::default(); MAX_FIGHTERS];
        fighters[0] = Fighter {
            who: Who::Hero,
            start: hero.start,
            stats: hero.stats,
            boost: hero.bonus,
            ailments: hero.ailments,
            immune: hero.immune,
            weak: hero.weak,
            ..Fighter::default()
        };
        for (i, &m) in foes.iter().enumerate() {
            let def = &rules.monsters[m as usize];
            fighters[i + 1] = Fighter {
                who: Who::Monster(m),
                start: def.stats,
                stats: def.stats,
                immune: def.immunities(),
                weak: def.weak,
                ailment_immune: def.ailment_immune(),
                gold: def.gold,
                item_level: if def.item { def.level } else { 0 },
                special: def.special,
                ..Fighter::default()
            };
        }
        let n = 1 + foes.len() as u8;
        let mut order = [0u8; MAX_FIGHTERS];
        for (i, o) in order.iter_mut().enumerate().take(n as usize) {
            *o = i as u8;
        }
        Combat {
            fighters,
            n,
            order,
            next: 0,
            step: Step::HeroToAct,
            weapons: hero.weapons,
            n_weapons: hero.n_weapons.min(MAX_WEAPONS as u8),
            retribution: hero.retribution,
            action: hero.action,
            tools: hero.tools,
            broken: 0,
            reads: hero.reads,
            casts: hero.casts,
            hand: hero.hand,
            gold_lost: 0,
            special_wounds: 0,
            lose_turn: false,
            harmed: false,
            quiet: 0,
            acting: Source::Unknown,
            hero_harm: None,
        }
    }

    /// A fighter (0 the hero, then the monsters in the order given).
    pub fn fighter(&self, i: u8) -> &Fighter {
        &self.fighters[i as usize]
    }

    /// The fighter for tests and effects set up before the start (a Potion drunk before, …).
    pub fn fighter_mut(&mut self, i: u8) -> &mut Fighter {
        &mut self.fighters[i as usize]
    }

    /// Fighters in play (hero included).
    pub fn len(&self) -> u8 {
        self.n
    }

    /// Never true: a combat has the hero and a monster.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The acting order.
    pub fn order(&self) -> &[u8] {
        &self.order[..self.n as usize]
    }

    /// Where the combat stands.
    pub fn step(&self) -> Step {
        self.step
    }

    /// An effective value (§5): boosts, guard, blindness, sleep, surprise, drunkenness.
    pub fn effective(&self, i: u8, attr: Attr) -> i8 {
        let f = &self.fighters[i as usize];
        let a = attr as usize;
        let mut v = f.stats[a].saturating_add(f.boost[a]);
        let blind = f.ailments.has(Ailment::Blind);
        match attr {
            Attr::Attack if blind => v = v.saturating_sub(4),
            Attr::Defence => {
                if f.ailments.has(Ailment::Asleep) || f.ailments.has(Ailment::Surprised) {
                    return 0;
                }
                v = v.saturating_add(match f.guard {
                    Guard::Open => 0,
                    Guard::Defending => 4,
                    Guard::Stumbled => -2,
                });
                if blind {
                    v = v.saturating_sub(4);
                }
            }
            Attr::Mind if f.ailments.has(Ailment::Drunk) => return 1,
            _ => {}
        }
        v
    }

    /// Rolls initiative (§10: d8 + Speed, a 1 surprises, ties rolled off, the surprised after
    /// the rest) and runs until the hero must act.
    pub fn start(&mut self, rules: &ChaosRules, dice: &mut impl Dice, log: &mut impl FnMut(Event)) -> Step {
        let n = self.n as usize;
        let mut surprised = [false; MAX_FIGHTERS];
        for (i, surprised) in surprised.iter_mut().enumerate().take(n) {
            let roll = dice.d8();
            let total = roll as i8 + self.effective(i as u8, Attr::Speed);
            self.fighters[i].initiative = total;
            log(Event::Initiative { who: i as u8, roll, total });
            if roll == 1 {
                *surprised = true;
                self.fighters[i].ailments.add(Ailment::Surprised);
                log(Event::Surprised { who: i as u8 });
            }
        }
        // Roll-offs: every fighter tied with another rolls d8; the group rerolls while tied.
        let mut rolloff = [0u8; MAX_FIGHTERS];
        let tied = |f: &[Fighter; MAX_FIGHTERS], a: usize, b: usize| {
            a != b && f[a].initiative == f[b].initiative && surprised[a] == surprised[b]
        };
        for i in 0..n {
            if rolloff[i] != 0 || !(0..n).any(|j| tied(&self.fighters, i, j)) {
                continue;
            }
            let group: ArrayVec<usize, MAX_FIGHTERS> =
                (0..n).filter(|&j| j == i || tied(&self.fighters, i, j)).collect();
            loop {
                for &j in &group {
                    rolloff[j] = dice.d8();
                }
                let distinct = group.iter().all(|&a| group.iter().all(|&b| a == b || rolloff[a] != rolloff[b]));
                if distinct {
                    break;
                }
            }
        }
        let key = |i: usize| (surprised[i], -(self.fighters[i].initiative as i16), -(rolloff[i] as i16));
        let mut order: ArrayVec<u8, MAX_FIGHTERS> = (0..n as u8).collect();
        order.sort_unstable_by_key(|&i| key(i as usize));
        self.order[..n].copy_from_slice(&order);
        self.next = 0;
        self.run(rules, dice, log)
    }

    /// Continues after a lost turn, as if the monster that took it had just acted (§10).
    pub fn resume(&mut self, rules: &ChaosRules, dice: &mut impl Dice, log: &mut impl FnMut(Event)) -> Step {
        if self.step == Step::TurnLost {
            self.step = Step::HeroToAct;
            return self.run(rules, dice, log);
        }
        self.step
    }

    /// The hero's legal answers: nothing unless [`Step::HeroToAct`]; only FLEE when afraid
    /// (§11).
    pub fn legal(&self) -> ArrayVec<Answer, MAX_ANSWERS> {
        let mut out = ArrayVec::new();
        if self.step != Step::HeroToAct {
            return out;
        }
        out.push(Answer::Flee);
        if self.fighters[0].ailments.has(Ailment::Afraid) {
            return out;
        }
        out.push(Answer::Defend);
        for foe in 1..self.n {
            if !self.fighters[foe as usize].is_in() {
                continue;
            }
            out.push(Answer::Attack { foe, weapon: None });
            for w in 0..self.n_weapons {
                out.push(Answer::Attack { foe, weapon: Some(w) });
            }
            if matches!(self.action, Some(a) if a.on_enemy) {
                out.push(Answer::Action { foe });
            }
        }
        if matches!(self.action, Some(a) if !a.on_enemy) {
            out.push(Answer::Action { foe: HERO });
        }
        let foes = (1..self.n).filter(|&f| self.fighters[f as usize].is_in());
        for (i, t) in self.tools.iter().enumerate() {
            let tool = i as u8;
            match t {
                _ if self.broken & (1 << i) != 0 => {}
                Some(t) if t.action.on_enemy => out.extend(foes.clone().map(|foe| Answer::Use { tool, foe })),
                Some(_) => out.push(Answer::Use { tool, foe: HERO }),
                None => {}
            }
        }
        for (slot, card) in self.hand.iter().enumerate() {
            let slot = slot as u8;
            match *card {
                Some(HandCard::Spell { on_enemy: true, .. }) if self.casts => {
                    out.extend(foes.clone().map(|foe| Answer::Cast { slot, foe }))
                }
                Some(HandCard::Spell { on_enemy: false, .. }) if self.casts => {
                    out.push(Answer::Cast { slot, foe: HERO })
                }
                Some(HandCard::Potion(_)) => {
                    out.push(Answer::Drink { slot });
                    out.extend(foes.clone().map(|foe| Answer::Throw { slot, foe }));
                }
                // §11: the blind cannot read; nor can anyone in a dark room (tile guide).
                Some(HandCard::Scroll { .. }) if !self.reads || self.fighters[0].ailments.has(Ailment::Blind) => {}
                Some(HandCard::Scroll { on_enemy: true, .. }) => {
                    out.extend(foes.clone().map(|foe| Answer::Read { slot, foe }))
                }
                Some(HandCard::Scroll { on_enemy: false, .. }) => out.push(Answer::Read { slot, foe: HERO }),
                _ => {}
            }
        }
        out
    }

    /// The cards left in the hero's hand (used ones are discarded).
    pub fn hand(&self) -> &[Option<HandCard>; MAX_HAND] {
        &self.hand
    }

    /// Applies the hero's answer and runs until he must act again or the combat stops.
    pub fn answer(
        &mut self,
        rules: &ChaosRules,
        dice: &mut impl Dice,
        a: Answer,
        log: &mut impl FnMut(Event),
    ) -> Result<Step, IllegalAnswer> {
        if !self.legal().contains(&a) {
            return Err(IllegalAnswer(a));
        }
        self.hero_does(rules, dice, a, log);
        Ok(self.run(rules, dice, log))
    }

    /// The monsters still in the room (by card id), to stay there healed when the hero has fled
    /// (§10).
    pub fn survivors(&self) -> ArrayVec<u8, MAX_FOES> {
        self.fighters[1..self.n as usize]
            .iter()
            .filter(|f| f.is_in())
            .filter_map(|f| match f.who {
                Who::Monster(m) => Some(m),
                Who::Hero => None,
            })
            .collect()
    }

    /// The hero's actual values and the ailments that outlast the combat (§11, §14).
    pub fn hero_after(&self) -> ([i8; 5], Ailments) {
        let h = &self.fighters[0];
        (h.stats, h.ailments.persistent())
    }

    // ------------------------------------------------------------------ the turn loop

    /// Runs turns in order until the hero must act, loses his turn or the combat ends.
    fn run(&mut self, rules: &ChaosRules, dice: &mut impl Dice, log: &mut impl FnMut(Event)) -> Step {
        // Turns in a row passed asleep.
        let mut idle = 0u8;
        loop {
            if let Some(s) = self.settled() {
                self.step = s;
                return s;
            }
            if self.lose_turn {
                self.lose_turn = false;
                self.step = Step::TurnLost;
                return Step::TurnLost;
            }
            let who = self.order[self.next as usize];
            self.next = (self.next + 1) % self.n;
            if self.next == 0 && self.round_over(log) {
                continue;
            }
            if !self.fighters[who as usize].is_in() {
                continue;
            }
            // Its own turn: the guard of its last action and surprise end (§10).
            let f = &mut self.fighters[who as usize];
            f.guard = Guard::Open;
            f.ailments.remove(Ailment::Surprised);
            // Ruling: poison costs 1 Health at the start of each turn (docs/rulings.md).
            if f.ailments.has(Ailment::Poisoned) {
                self.acting = Source::Ailment(Ailment::Poisoned);
                self.wound(who, 1, AttackType::Poison, None, log);
                if let Some(s) = self.settled() {
                    self.step = s;
                    return s;
                }
                if !self.fighters[who as usize].is_in() {
                    continue;
                }
            }
            if self.fighters[who as usize].ailments.has(Ailment::Asleep) {
                log(Event::Asleep { who });
                // Ruling: when a whole round passes with everyone in the fight asleep, they all
                // wake (nothing else could end the combat).
                idle += 1;
                if idle >= self.n {
                    idle = 0;
                    for (i, f) in self.fighters[..self.n as usize].iter_mut().enumerate() {
                        if f.is_in() && f.ailments.has(Ailment::Asleep) {
                            f.ailments.remove(Ailment::Asleep);
                            log(Event::Woke { who: i as u8 });
                        }
                    }
                }
                continue;
            }
            idle = 0;
            if who == HERO {
                if self.fighters[0].ailments.has(Ailment::Confused) {
                    let roll = dice.d8();
                    let does = rules.confusion[roll as usize - 1];
                    log(Event::Confusion { roll, does });
                    match does {
                        Confusion::Normal => {}
                        Confusion::Dither => continue,
                        Confusion::Flee => {
                            self.hero_does(rules, dice, Answer::Flee, log);
                            continue;
                        }
                        Confusion::AttackSelf => {
                            self.acting = Source::Ailment(Ailment::Confused);
                            self.hero_attack(dice, HERO, None, log);
                            continue;
                        }
                        Confusion::AttackRandom => {
                            let t = self.random_target(dice);
                            self.acting = Source::Ailment(Ailment::Confused);
                            self.hero_attack(dice, t, None, log);
                            continue;
                        }
                    }
                }
                self.step = Step::HeroToAct;
                return Step::HeroToAct;
            }
            self.monster_turn(rules, dice, who, log);
        }
    }

    /// The end, if the combat is over.
    fn settled(&self) -> Option<Step> {
        let hero = &self.fighters[0];
        match hero.presence {
            Presence::Dead => return Some(Step::Over(End::HeroDied)),
            Presence::Fled | Presence::Teleported => return Some(Step::Over(End::HeroFled)),
            Presence::In => {}
        }
        if self.fighters[1..self.n as usize].iter().any(|f| f.is_in()) {
            return None;
        }
        // §10: the treasure of the slain; the fled and teleported give none.
        let (mut gold, mut items) = (0u16, [0u8; 4]);
        for f in self.fighters[1..self.n as usize].iter().filter(|f| f.presence == Presence::Dead) {
            gold = gold.saturating_add(f.gold);
            if f.item_level > 0 {
                items[f.item_level as usize - 1] += 1;
            }
        }
        Some(Step::Over(End::Cleared { gold, items }))
    }

    /// A random fighter in play, the actor included (§11: a confused combatant may ATTACK
    /// itself).
    fn random_target(&self, dice: &mut impl Dice) -> u8 {
        let ins: ArrayVec<u8, MAX_FIGHTERS> = (0..self.n).filter(|&i| self.fighters[i as usize].is_in()).collect();
        ins[dice.pick(ins.len() as u32) as usize]
    }

    fn hero_does(&mut self, rules: &ChaosRules, dice: &mut impl Dice, a: Answer, log: &mut impl FnMut(Event)) {
        // What hurts him in his own action (a contest lost, a potion drunk) is his own doing.
        self.acting = match a {
            Answer::Action { .. } => Source::Profile,
            Answer::Use { tool, .. } => self.tools[tool as usize].map_or(Source::Profile, |t| Source::Item(t.item)),
            Answer::Cast { .. } => Source::Card(DeckId::Spells),
            Answer::Drink { .. } | Answer::Throw { .. } => Source::Card(DeckId::Potions),
            Answer::Read { .. } => Source::Card(DeckId::Scrolls),
            // Nothing of his own hurts him here (a confused blow is set where it happens).
            Answer::Attack { .. } | Answer::Defend | Answer::Flee => Source::Unknown,
        };
        match a {
            Answer::Attack { foe, weapon } => self.hero_attack(dice, foe, weapon, log),
            Answer::Defend => self.fighters[0].guard = Guard::Defending,
            Answer::Flee => self.hero_flee(dice, log),
            Answer::Action { foe } => {
                if let Some(act) = self.action {
                    let me = self.actor(HERO);
                    let on = if act.on_enemy { foe } else { HERO };
                    self.apply(rules, dice, act.effects, on, me, log);
                }
            }
            Answer::Use { tool, foe } => {
                if let Some(t) = self.tools[tool as usize] {
                    let me = self.actor(HERO);
                    let on = if t.action.on_enemy { foe } else { HERO };
                    self.apply(rules, dice, t.action.effects, on, me, log);
                    // §13: a tool with a sturdiness may break after use.
                    if t.sturdiness > 0 && dice.d8() > t.sturdiness {
                        self.broken |= 1 << tool;
                        log(Event::Broke { item: t.item });
                    }
                }
            }
            Answer::Cast { slot, foe } => {
                if let Some(HandCard::Spell { card, .. }) = self.hand[slot as usize].take() {
                    log(Event::Spell { by: HERO, card });
                    let me = self.actor(HERO);
                    self.apply(rules, dice, rules.spells.cards[card as usize].effects, foe, me, log);
                }
            }
            Answer::Drink { slot } => {
                if let Some(HandCard::Potion(card)) = self.hand[slot as usize].take() {
                    let me = self.actor(HERO);
                    self.apply(rules, dice, rules.potions.cards[card as usize].effects, HERO, me, log);
                }
            }
            Answer::Read { slot, foe } => {
                if let Some(HandCard::Scroll { card, .. }) = self.hand[slot as usize].take() {
                    // Ruling: its combat effects act now; the game does the rest once the
                    // combat is over (docs/rulings.md).
                    let me = self.actor(HERO);
                    self.apply(rules, dice, rules.scrolls.cards[card as usize].effects, foe, me, log);
                }
            }
            Answer::Throw { slot, foe } => {
                if let Some(HandCard::Potion(card)) = self.hand[slot as usize].take() {
                    // §10: d8 + Attack (no weapon) must exceed the Defence; ruling: no fumble
                    // or critical on a throw.
                    let total = dice.d8() as i16 + self.effective(HERO, Attr::Attack) as i16;
                    if total > self.effective(foe, Attr::Defence) as i16 {
                        let me = self.actor(HERO);
                        self.apply(rules, dice, rules.potions.cards[card as usize].effects, foe, me, log);
                    }
                }
            }
        }
    }

    fn hero_attack(&mut self, dice: &mut impl Dice, target: u8, weapon: Option<u8>, log: &mut impl FnMut(Event)) {
        let w = weapon.map(|w| self.weapons[w as usize]).unwrap_or_default();
        let attack = self.effective(HERO, Attr::Attack).saturating_add(w.bonus);
        self.strike(dice, self.actor(HERO), attack, w.kind, target, log);
    }

    /// FLEE by the hero (§10): free when every enemy is surprised or has Speed 0.
    fn hero_flee(&mut self, dice: &mut impl Dice, log: &mut impl FnMut(Event)) {
        let foes = || (1..self.n).filter(|&i| self.fighters[i as usize].is_in());
        let free = foes().all(|i| self.fighters[i as usize].ailments.has(Ailment::Surprised))
            || foes().all(|i| self.effective(i, Attr::Speed) <= 0);
        let escaped = free || {
            let fastest = foes().max_by_key(|&i| self.effective(i, Attr::Speed)).unwrap_or(1);
            let mine = dice.d8() as i16 + self.effective(HERO, Attr::Speed) as i16;
            let theirs = dice.d8() as i16 + self.effective(fastest, Attr::Speed) as i16;
            mine > theirs // a tie fails (ruling)
        };
        self.flee_result(HERO, escaped, log);
    }

    fn flee_result(&mut self, who: u8, escaped: bool, log: &mut impl FnMut(Event)) {
        let f = &mut self.fighters[who as usize];
        f.ailments.remove(Ailment::Afraid);
        if escaped {
            f.presence = Presence::Fled;
            log(Event::Fled { who });
        } else {
            f.guard = Guard::Stumbled;
            log(Event::FleeFailed { who });
        }
    }

    /// The actor of a fighter's own action.
    fn actor(&self, i: u8) -> Actor {
        Actor {
            at: i,
            attack: self.effective(i, Attr::Attack),
            mind: self.effective(i, Attr::Mind),
            special: self.fighters[i as usize].special,
            card: match self.fighters[i as usize].who {
                Who::Monster(m) => Some(m),
                Who::Hero => None,
            },
        }
    }

    fn monster_turn(&mut self, rules: &ChaosRules, dice: &mut impl Dice, who: u8, log: &mut impl FnMut(Event)) {
        let f = &mut self.fighters[who as usize];
        if f.loses_next {
            f.loses_next = false;
            return;
        }
        let Who::Monster(m) = f.who else { return };
        if f.ailments.has(Ailment::Afraid) {
            self.monster_flee(dice, who, log);
            return;
        }
        let roll = dice.d8();
        let act = rules.monsters[m as usize].chart[roll as usize - 1];
        log(Event::Chart { who, roll, act });
        let target =
            if self.fighters[who as usize].ailments.has(Ailment::Confused) { self.random_target(dice) } else { HERO };
        let me = self.actor(who);
        self.perform(rules, dice, act, me, target, 0, log);
    }

    /// FLEE by a monster against the hero (§10): free when he is surprised or has Speed 0; a
    /// fled monster's card is discarded.
    fn monster_flee(&mut self, dice: &mut impl Dice, who: u8, log: &mut impl FnMut(Event)) {
        let hero = &self.fighters[0];
        let free = hero.ailments.has(Ailment::Surprised) || self.effective(HERO, Attr::Speed) <= 0;
        let escaped = free || {
            let mine = dice.d8() as i16 + self.effective(who, Attr::Speed) as i16;
            let theirs = dice.d8() as i16 + self.effective(HERO, Attr::Speed) as i16;
            mine > theirs
        };
        self.flee_result(who, escaped, log);
    }

    /// A monster act by `me` at `target`; `depth` counts summons inside summons.
    #[allow(clippy::too_many_arguments)]
    fn perform(
        &mut self,
        rules: &ChaosRules,
        dice: &mut impl Dice,
        act: Act,
        me: Actor,
        target: u8,
        depth: u8,
        log: &mut impl FnMut(Event),
    ) {
        let summoned = depth > 0;
        if let Some(monster) = me.card {
            let blow = match act {
                Act::CastSpell => Blow::Spell,
                Act::Mindstrike => Blow::Mindstrike,
                Act::Touch(_) => Blow::Touch,
                Act::Do(_) | Act::Summon(_) => Blow::Chart,
                Act::Attack { .. } | Act::Defend | Act::Flee | Act::Teleport => Blow::Attack,
            };
            self.acting = Source::Monster { monster, blow };
        }
        match act {
            Act::Attack { kind, bonus } => self.strike(dice, me, me.attack.saturating_add(bonus), kind, target, log),
            // A summoned monster leaves after its act: its own guard and flight mean nothing.
            Act::Defend if !summoned => self.fighters[me.at as usize].guard = Guard::Defending,
            Act::Flee if !summoned => self.monster_flee(dice, me.at, log),
            Act::Teleport if !summoned => {
                self.fighters[me.at as usize].presence = Presence::Teleported;
                log(Event::Teleported { who: me.at });
            }
            Act::Defend | Act::Flee | Act::Teleport => {}
            Act::CastSpell => {
                let deck = &rules.spells;
                if deck.draw.is_empty() {
                    return;
                }
                let card = deck.draw[dice.pick(deck.draw.len() as u32) as usize];
                log(Event::Spell { by: me.at, card });
                let c = deck.cards[card as usize];
                let on = if c.on_enemy { target } else { me.at };
                self.apply(rules, dice, c.effects, on, me, log);
            }
            Act::Mindstrike => {
                let roll = dice.d8() as i16;
                let dmg = roll + me.mind as i16 - self.effective(target, Attr::Mind) as i16;
                if dmg > 0 {
                    self.wound(target, dmg, AttackType::Plain, Some(me), log);
                }
            }
            Act::Touch(span) => {
                let total = dice.d8() as i16 + me.attack as i16 - self.effective(target, Attr::Defence) as i16;
                if total > 0 {
                    self.apply(rules, dice, span, target, me, log);
                }
            }
            Act::Do(span) => self.apply(rules, dice, span, target, me, log),
            Act::Summon(level) => {
                if depth >= MAX_SUMMON_DEPTH {
                    return;
                }
                let deck = &rules.monster_decks[level as usize - 1];
                let m = deck[dice.pick(deck.len() as u32) as usize];
                log(Event::Summoned { by: me.at, monster: m });
                let def = &rules.monsters[m as usize];
                // §10: it acts with its own values; anything aimed at it lands on the summoner.
                let it = Actor {
                    at: me.at,
                    attack: def.stats[Attr::Attack as usize],
                    mind: def.stats[Attr::Mind as usize],
                    special: def.special,
                    card: Some(m),
                };
                self.perform(rules, dice, def.summoned, it, target, depth + 1, log);
            }
        }
    }

    /// An ATTACK (§10): d8 + Attack − Defence; a 1 fumbles, an 8 adds one more die (no second
    /// critical).
    fn strike(
        &mut self,
        dice: &mut impl Dice,
        me: Actor,
        attack: i8,
        kind: AttackType,
        target: u8,
        log: &mut impl FnMut(Event),
    ) {
        let roll = dice.d8();
        if roll == 1 {
            log(Event::Fumble { who: me.at });
            return;
        }
        let mut total = roll as i16 + attack as i16;
        if roll == 8 {
            let extra = dice.d8();
            log(Event::Critical { who: me.at, extra });
            total += extra as i16;
        }
        let dmg = total - self.effective(target, Attr::Defence) as i16;
        if dmg <= 0 {
            return;
        }
        let dealt = self.wound(target, dmg, kind, Some(me), log);
        // The Ring of Retribution answers an enemy's ATTACK (§10), on the summoner if summoned.
        if target == HERO && dealt > 0 && me.at != HERO && self.retribution > 0 {
            log(Event::Retribution { on: me.at, amount: self.retribution });
            self.wound(me.at, self.retribution as i16, AttackType::Plain, None, log);
        }
    }

    /// Health lost to `amount` of `kind` (§12: immune none, weak double); wakes the sleeper;
    /// returns what was lost.
    fn wound(&mut self, on: u8, amount: i16, kind: AttackType, by: Option<Actor>, log: &mut impl FnMut(Event)) -> i16 {
        let f = &mut self.fighters[on as usize];
        let amount = if f.immune.has(kind) {
            0
        } else if f.weak.has(kind) {
            amount * 2
        } else {
            amount
        };
        if amount <= 0 {
            return 0;
        }
        f.stats[Attr::Health as usize] = (f.stats[Attr::Health as usize] as i16 - amount).max(i8::MIN as i16) as i8;
        log(Event::Wound { on, amount, kind });
        if on == HERO {
            self.hero_harm = Some(Harm { source: self.acting, kind });
        }
        let f = &mut self.fighters[on as usize];
        if f.ailments.has(Ailment::Asleep) {
            f.ailments.remove(Ailment::Asleep);
            log(Event::Woke { who: on });
        }
        if on == HERO {
            if let Some(rule) = by.and_then(|b| b.special) {
                self.special_wounds |= 1 << rule as u8;
            }
        }
        self.harmed = true;
        self.check_death(on, log);
        amount
    }

    /// The end of a round (the last in the order has begun its turn): a round in which no one
    /// was hurt counts towards the stalemate; after [`STALEMATE_ROUNDS`] of them the monsters
    /// still in the fight leave the room, their cards discarded as after FLEE (ruling: nothing
    /// else ends a combat between sides immune to each other's attacks; see docs/rulings.md).
    /// Returns whether they left.
    fn round_over(&mut self, log: &mut impl FnMut(Event)) -> bool {
        self.quiet = if std::mem::take(&mut self.harmed) { 0 } else { self.quiet + 1 };
        if self.quiet < STALEMATE_ROUNDS {
            return false;
        }
        log(Event::Stalemate);
        for i in 1..self.n {
            let f = &mut self.fighters[i as usize];
            if f.is_in() {
                f.presence = Presence::Fled;
                log(Event::Fled { who: i });
            }
        }
        true
    }

    /// Death at Health 0, insanity at Mind 0, paralysis at Speed 0 (§5), on actual values.
    fn check_death(&mut self, on: u8, log: &mut impl FnMut(Event)) {
        let f = &mut self.fighters[on as usize];
        let dead = f.stats[Attr::Health as usize] <= 0
            || (f.start[Attr::Mind as usize] > 0 && f.stats[Attr::Mind as usize] <= 0)
            || (f.start[Attr::Speed as usize] > 0 && f.stats[Attr::Speed as usize] <= 0);
        if dead && f.is_in() {
            f.presence = Presence::Dead;
            log(Event::Died { who: on });
        }
    }

    /// A number of a card, rolled for `me` (its Mind for spells).
    fn amount(dice: &mut impl Dice, a: Amount, me: Actor) -> i16 {
        match a {
            Amount::N(n) => n as i16,
            Amount::D6 => dice.d6() as i16,
            Amount::D8 => dice.d8() as i16,
            Amount::D8Plus(n) => dice.d8() as i16 + n as i16,
            Amount::TwoD8 => dice.d8() as i16 + dice.d8() as i16,
            Amount::Mind => me.mind.max(0) as i16,
            Amount::MindPlusD8 => me.mind.max(0) as i16 + dice.d8() as i16,
            Amount::Full => 0,
        }
    }

    /// Applies card effects to fighter `on`, used by `me`.
    fn apply(
        &mut self,
        rules: &ChaosRules,
        dice: &mut impl Dice,
        span: Span,
        on: u8,
        me: Actor,
        log: &mut impl FnMut(Event),
    ) {
        for i in span.range() {
            if !self.fighters[on as usize].is_in() {
                return;
            }
            let op = rules.ops[i];
            self.apply_op(rules, dice, op, on, me, log);
        }
    }

    fn apply_op(
        &mut self,
        rules: &ChaosRules,
        dice: &mut impl Dice,
        op: Op,
        on: u8,
        me: Actor,
        log: &mut impl FnMut(Event),
    ) {
        let o = on as usize;
        match op {
            Op::Damage { amount, kind } => {
                let n = Self::amount(dice, amount, me);
                self.wound(on, n, kind, Some(me), log);
            }
            Op::Lose { attr, amount, kind } => {
                let f = &self.fighters[o];
                let a = attr as usize;
                // §5: creatures starting at 0 Mind or Speed ignore losses to them.
                if f.immune.has(kind) || (matches!(attr, Attr::Mind | Attr::Speed) && f.start[a] == 0) {
                    return;
                }
                let n = Self::amount(dice, amount, me) * if f.weak.has(kind) { 2 } else { 1 };
                if attr == Attr::Health {
                    self.wound(on, n, AttackType::Plain, Some(me), log);
                    return;
                }
                let f = &mut self.fighters[o];
                f.stats[a] = (f.stats[a] as i16 - n).clamp(i8::MIN as i16, i8::MAX as i16) as i8;
                log(Event::Lost { what: attr, on, amount: n.clamp(0, 127) as i8 });
                self.harmed |= n > 0;
                if on == HERO && n > 0 {
                    self.hero_harm = Some(Harm { source: self.acting, kind });
                }
                self.check_death(on, log);
            }
            Op::Gain { attr, amount } => {
                let n = Self::amount(dice, amount, me);
                let f = &mut self.fighters[o];
                if attr == Attr::Health && f.ailments.has(Ailment::Diseased) {
                    return;
                }
                f.stats[attr as usize] = (f.stats[attr as usize] as i16 + n).min(i8::MAX as i16) as i8;
            }
            Op::Restore { attr, amount } => {
                let n = Self::amount(dice, amount, me);
                let f = &mut self.fighters[o];
                let a = attr as usize;
                if (attr == Attr::Health && f.ailments.has(Ailment::Diseased)) || f.stats[a] >= f.start[a] {
                    return;
                }
                f.stats[a] = if amount == Amount::Full {
                    f.start[a]
                } else {
                    (f.stats[a] as i16 + n).min(f.start[a] as i16) as i8
                };
            }
            Op::Boost { attr, by } => {
                let b = &mut self.fighters[o].boost[attr as usize];
                *b = b.saturating_add(by);
            }
            Op::Ailment(a) => {
                let f = &mut self.fighters[o];
                if !f.ailment_immune {
                    f.ailments.add(a);
                    log(Event::Ailment { on, ailment: a });
                }
            }
            Op::Cure(a) => self.fighters[o].ailments.remove(a),
            Op::LoseTurn => {
                if on == HERO {
                    self.lose_turn = true;
                } else {
                    self.fighters[o].loses_next = true;
                }
            }
            Op::Test { attr, target, pass, fail } => {
                let total = dice.d8() as i16 + self.effective(on, attr) as i16;
                let s = if total >= target as i16 { pass } else { fail };
                self.apply(rules, dice, s, on, me, log);
            }
            Op::Contest { attr, win, lose } => {
                let mine = dice.d8() as i16 + self.effective(me.at, attr) as i16;
                let theirs = dice.d8() as i16 + self.effective(on, attr) as i16;
                // Ruling: a tie is neither won nor lost.
                if mine > theirs {
                    self.apply(rules, dice, win, on, me, log);
                } else if mine < theirs {
                    let back = self.actor(me.at);
                    self.apply(rules, dice, lose, me.at, back, log);
                }
            }
            Op::LoseGold(n) if on == HERO => self.gold_lost = self.gold_lost.saturating_add(n),
            // Out-of-combat effects are refused by the loader in combat lists.
            _ => {}
        }
    }
}

/// Gold kept from `gold` found with `sharing` companions who each take an equal share
/// (§16: rounded down).
pub fn loot_share(gold: u16, sharing: u8) -> u16 {
    gold / (sharing as u16 + 1)
}
