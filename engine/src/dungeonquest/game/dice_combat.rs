//! The `combat-dice` optional rule of edition `third`: the FFG "Official Combat Dice Variant"
//! (DungeonQuest combat variants, Version 1.0, 29 Sep 2010; reference data file section 3.3).
//!
//! "Each monster type is tied to one hero attribute. Each round, roll 2d6: a total greater than
//! that attribute means the hero takes 1 wound; otherwise the monster takes 1. Escape still
//! uses power cards." The type → attribute list is data (`combat.ron`, `dice_variant`, an
//! estimate: the official graphic is not public).
//!
//! Everything before the first round is the card-combat encounter unchanged (the token and
//! its life, escape or attack with power cards, a failed escape's damage value); from the first
//! round on, each round is one roll here. Rule decisions (the variant's text is one paragraph):
//! - The roll is not an attribute test: no determination tokens are gained or spent, and
//!   Lindel's reroll does not apply (the variant says only "roll 2d6").
//! - Wounds are suffered as rolled (there is no damage stack), so the hero dies in the round
//!   that his wounds reach his life value, and the monster's token then stays in the chamber.
//! - The card abilities (Krutzbeck's sixth card, Challara's power card, Hugo's deathblows,
//!   Tatianna's volley) have nothing to act on; Krutzbeck still never escapes.
//! - Going It Alone changes nothing in the rounds (no monster player is needed).
//! - Hero vs. Hero keeps the card combat: the dice list ties each monster type to an attribute
//!   and a hero has no type, while the Hero vs. Hero text resolves the fight "following the
//!   normal rules" (the 2010 card combat, each hero with his own hand and power cards).
//! - Live to Fight Another Day: a won roll (the monster wounded, not killed) is the won round
//!   after which the escape may be announced, where an escape before combat would be allowed;
//!   declaring takes that wound back off the monster; the next won roll is the escape instead
//!   of a wound, a lost roll ends the declaration (as in the card combat, `third/optional.rs`).

use super::*;
use crate::dungeonquest::card_combat::HERO;

impl<'r> Game<'r> {
    /// Refuses `combat-dice` with rule data that has no dice list (Revised, or a copy of the
    /// 2010 files without `dice_variant`).
    pub(crate) fn check_combat_dice(rules: &Rules) -> Result<(), ConfigError> {
        match &rules.card_combat {
            Some(c) if c.dice_attributes.is_some() => Ok(()),
            Some(_) => Err(ConfigError::Rule(
                "rule \"combat-dice\" needs a `dice_variant` list in combat.ron (monster type -> attribute)".into(),
            )),
            None => Err(ConfigError::Rule(
                "rule \"combat-dice\" is a variant of the 2010 card combat and needs edition third's data".into(),
            )),
        }
    }

    /// The attribute value the active hero rolls against when fighting a monster of `kind`.
    pub fn dice_target(&self, kind: u8) -> Option<u8> {
        let attrs = self.rules.card_combat.as_ref()?.dice_attributes.as_ref()?;
        let a = *attrs.get(kind as usize)?;
        Some(self.attr_value(self.active.get(), AttrSel::One(a)))
    }

    /// One dice round: 2d6 against the attribute of the monster's type.
    pub(crate) fn dice_round<O: Observer>(&mut self, obs: &mut O) {
        let seat = self.active.get();
        let Some(target) = self.fight_kind().and_then(|k| self.dice_target(k)) else {
            // Checked at setup; nothing to fight with otherwise.
            self.third_monster_stays();
            return;
        };
        let roll = self.roll(2, obs);
        let hero_hit = roll > target;
        self.third.fight.dice_round(hero_hit);
        if O::ENABLED {
            obs.event(Event::DiceCombatRound { roll, target, hero_hit, monster_wounds: self.third.fight.dice_hits() });
        }
        if hero_hit {
            // Live to Fight Another Day: a lost round ends a declared escape.
            self.third.declared = false;
            let health = self.rules.hero(self.cur().def).health;
            let lethal = self.cur().wounds.saturating_add(1) >= health;
            if lethal {
                // "Monster Victory": the token stays where the hero fell.
                self.third_monster_stays();
            }
            self.wound(seat, 1, DeathCause::Monster, obs);
            if !lethal && self.cur().in_game() {
                self.push(Task::Third(third::Step::Round));
            }
        } else if self.third_live_to_fight(HERO as u8, 0, obs) {
            // Live to Fight Another Day: the announcement, or the escape it announced.
        } else if self.third.fight.monster_dead() {
            debug_assert!(self.third.fight.damage(HERO).is_empty());
            self.third_monster_killed(obs);
        } else {
            self.push(Task::Third(third::Step::Round));
        }
    }
}
