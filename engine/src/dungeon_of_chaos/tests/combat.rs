//! One test per combat rule (§10, §11, §12), with forced dice, and the rulebook's combat
//! examples.

use super::{rules, Forced};
use crate::dungeon_of_chaos::combat::{
    loot_share, Ailments, Answer, Combat, End, Event, Guard, HeroSetup, Presence, Step, HERO,
};
use crate::dungeon_of_chaos::data::{Ailment, AttackType, Attr};

fn hero(name: &str) -> HeroSetup {
    HeroSetup::character(rules(), rules().character(name).unwrap_or_else(|| panic!("{name}")))
}

fn holding(h: HeroSetup, item: &str) -> HeroSetup {
    h.with_item(rules(), rules().item(item).unwrap_or_else(|| panic!("{item}")))
}

fn id(monster: &str) -> u8 {
    rules().monster(monster).unwrap_or_else(|| panic!("{monster}"))
}

fn fight(h: HeroSetup, foes: &[&str]) -> Combat {
    let ids: Vec<u8> = foes.iter().map(|f| id(f)).collect();
    Combat::new(rules(), &h, &ids)
}

/// Starts `c` with `dice`, returning the step and the events.
fn start(c: &mut Combat, dice: &mut Forced) -> (Step, Vec<Event>) {
    let mut log = Vec::new();
    let s = c.start(rules(), dice, &mut |e| log.push(e));
    (s, log)
}

fn answer(c: &mut Combat, dice: &mut Forced, a: Answer) -> (Step, Vec<Event>) {
    let mut log = Vec::new();
    let s = c.answer(rules(), dice, a, &mut |e| log.push(e)).expect("legal");
    (s, log)
}

const ATTACK_GOBLIN: Answer = Answer::Attack { foe: 1, weapon: None };

fn health(c: &Combat, i: u8) -> i8 {
    c.fighter(i).stats[Attr::Health as usize]
}

#[test]
fn chaos_initiative_is_d8_plus_speed_highest_first() {
    // Warrior (Speed 4) 6 + 4 = 10 against the Frail Goblin (Speed 4) 2 + 4 = 6.
    let mut c = fight(hero("Warrior"), &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2]);
    let (s, log) = start(&mut c, &mut d);
    assert_eq!(s, Step::HeroToAct);
    assert_eq!(c.order(), [0, 1]);
    assert_eq!(log[0], Event::Initiative { who: 0, roll: 6, total: 10 });
    d.done();
}

#[test]
fn chaos_initiative_ties_are_rolled_off_until_they_differ() {
    // Both 7; the roll-off ties at 4, then the goblin wins 5 to 2 and acts first (6: DEFEND).
    let mut c = fight(hero("Warrior"), &["Frail Goblin"]);
    let mut d = Forced::new(&[3, 3, 4, 4, 2, 5, 6]);
    let (s, _) = start(&mut c, &mut d);
    assert_eq!(s, Step::HeroToAct);
    assert_eq!(c.order(), [1, 0]);
    assert_eq!(c.fighter(1).guard, Guard::Defending);
    d.done();
}

#[test]
fn chaos_a_one_surprises_acts_last_and_defends_at_0_until_it_acts() {
    // The Faerie rolls 1 (1 + 7 = 8, surprised), the goblin 3 + 4 = 7: the goblin acts first,
    // ATTACKs (chart 1) with 5 + 2 − 0 = 7 against her Defence of 0.
    let mut c = fight(hero("Faerie"), &["Frail Goblin"]);
    let mut d = Forced::new(&[1, 3, 1, 5]);
    let (s, log) = start(&mut c, &mut d);
    assert!(log.contains(&Event::Surprised { who: 0 }));
    assert_eq!(c.order(), [1, 0]);
    assert!(log.contains(&Event::Wound { on: 0, amount: 7, kind: AttackType::Plain }));
    assert_eq!(s, Step::HeroToAct);
    // Her own turn ends the surprise.
    assert_eq!(c.effective(HERO, Attr::Defence), 9);
    d.done();
}

#[test]
fn chaos_flight_from_surprised_enemies_needs_no_roll_and_they_stay_healed() {
    let mut c = fight(hero("Warrior"), &["Frail Goblin"]);
    let mut d = Forced::new(&[5, 1]);
    assert_eq!(start(&mut c, &mut d).0, Step::HeroToAct);
    let (s, _) = answer(&mut c, &mut d, Answer::Flee);
    assert_eq!(s, Step::Over(End::HeroFled));
    assert_eq!(c.survivors().as_slice(), [id("Frail Goblin")]);
    d.done();
}

#[test]
fn chaos_flight_from_speed_0_enemies_needs_no_roll() {
    let mut c = fight(hero("Warrior"), &["Green Slime"]);
    let mut d = Forced::new(&[6, 3]);
    start(&mut c, &mut d);
    assert_eq!(answer(&mut c, &mut d, Answer::Flee).0, Step::Over(End::HeroFled));
    d.done();
}

#[test]
fn chaos_attack_is_d8_plus_attack_minus_defence_and_victory_pays_the_treasure() {
    // 4 + 6 − 2 = 8 kills the 8-Health goblin: 40 gold and a level 1 item (§9).
    let mut c = fight(hero("Warrior"), &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2, 4]);
    start(&mut c, &mut d);
    let (s, log) = answer(&mut c, &mut d, ATTACK_GOBLIN);
    assert!(log.contains(&Event::Wound { on: 1, amount: 8, kind: AttackType::Plain }));
    assert_eq!(s, Step::Over(End::Cleared { gold: 40, items: [1, 0, 0, 0] }));
    d.done();
}

#[test]
fn chaos_a_chosen_weapon_adds_its_bonus_and_weight_slows() {
    // Short Sword: +2, Weight 1 (initiative 6 + 4 − 1 = 9). 2 + 6 + 2 − 3 = 7 on the Hobgoblin.
    let mut c = fight(holding(hero("Warrior"), "Short Sword"), &["Hobgoblin"]);
    let mut d = Forced::new(&[6, 2, 2, 7]);
    let (_, log) = start(&mut c, &mut d);
    assert_eq!(log[0], Event::Initiative { who: 0, roll: 6, total: 9 });
    answer(&mut c, &mut d, Answer::Attack { foe: 1, weapon: Some(0) });
    assert_eq!(health(&c, 1), 12 - 7);
    d.done();
}

#[test]
fn chaos_a_roll_of_1_fumbles() {
    let mut c = fight(hero("Warrior"), &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2, 1, 6]);
    start(&mut c, &mut d);
    let (s, log) = answer(&mut c, &mut d, ATTACK_GOBLIN);
    assert!(log.contains(&Event::Fumble { who: 0 }));
    assert_eq!((s, health(&c, 1)), (Step::HeroToAct, 8));
    d.done();
}

#[test]
fn chaos_a_critical_adds_one_die_and_never_a_second() {
    // 8 + 8 + 6 − 3 = 19; the second 8 rolls nothing more (no die is left to roll).
    let mut c = fight(hero("Warrior"), &["Hobgoblin"]);
    let mut d = Forced::new(&[6, 2, 8, 8]);
    start(&mut c, &mut d);
    let (s, log) = answer(&mut c, &mut d, ATTACK_GOBLIN);
    assert!(log.contains(&Event::Critical { who: 0, extra: 8 }));
    assert!(log.contains(&Event::Wound { on: 1, amount: 19, kind: AttackType::Plain }));
    assert_eq!(s, Step::Over(End::Cleared { gold: 75, items: [1, 0, 0, 0] }));
    d.done();
}

#[test]
fn chaos_defend_adds_4_until_the_next_action() {
    // The goblin's 7 + 2 = 9 against 6 + 4 = 10 misses; at his next action the guard is down.
    let mut c = fight(hero("Warrior"), &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2, 1, 7]);
    start(&mut c, &mut d);
    let (s, log) = answer(&mut c, &mut d, Answer::Defend);
    assert!(!log.iter().any(|e| matches!(e, Event::Wound { .. })));
    assert_eq!((s, health(&c, 0)), (Step::HeroToAct, 26));
    assert_eq!(c.effective(HERO, Attr::Defence), 6);
    d.done();
}

#[test]
fn chaos_flee_needs_a_greater_total_and_a_failure_costs_2_defence() {
    // 2 + 4 against 2 + 4: a tie fails; the goblin then hits 6 + 2 − (6 − 2) = 4.
    let mut c = fight(hero("Warrior"), &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2, 2, 2, 1, 6]);
    start(&mut c, &mut d);
    let (s, log) = answer(&mut c, &mut d, Answer::Flee);
    assert!(log.contains(&Event::FleeFailed { who: 0 }));
    assert!(log.contains(&Event::Wound { on: 0, amount: 4, kind: AttackType::Plain }));
    assert_eq!(s, Step::HeroToAct);
    // A won contest escapes.
    let mut d = Forced::new(&[5, 4]);
    assert_eq!(answer(&mut c, &mut d, Answer::Flee).0, Step::Over(End::HeroFled));
    d.done();
}

#[test]
fn chaos_the_frail_goblin_rolling_7_flees() {
    // §9's example: the goblin acts first, rolls 7: FLEE, 5 + 4 against the hero's 3 + 4.
    // A fled monster's card is discarded: no treasure.
    let mut c = fight(hero("Warrior"), &["Frail Goblin"]);
    let mut d = Forced::new(&[2, 6, 7, 5, 3]);
    let (s, log) = start(&mut c, &mut d);
    assert!(log.contains(&Event::Chart { who: 1, roll: 7, act: crate::dungeon_of_chaos::rules::Act::Flee }));
    assert_eq!(s, Step::Over(End::Cleared { gold: 0, items: [0; 4] }));
    assert_eq!(c.fighter(1).presence, Presence::Fled);
    d.done();
}

#[test]
fn chaos_a_monster_flees_a_surprised_hero_without_a_roll() {
    let mut c = fight(hero("Warrior"), &["Frail Goblin"]);
    let mut d = Forced::new(&[1, 4, 8]);
    assert_eq!(start(&mut c, &mut d).0, Step::Over(End::Cleared { gold: 0, items: [0; 4] }));
    d.done();
}

#[test]
fn chaos_the_drunk_wizard_and_the_mind_drinker() {
    // §5: drunk, the Wizard's effective Mind is 1; the Mind Drinker's touch (4 + 3 − 4 > 0)
    // takes 1 from his actual 7; he stays sane and has Mind 6 when sober.
    let mut h = hero("Wizard");
    h.ailments.add(Ailment::Drunk);
    let mut c = fight(h, &["Mind Drinker"]);
    assert_eq!(c.effective(HERO, Attr::Mind), 1);
    let mut d = Forced::new(&[2, 5, 2, 4]);
    let (s, _) = start(&mut c, &mut d);
    assert_eq!(s, Step::HeroToAct);
    assert_eq!(c.fighter(HERO).stats[Attr::Mind as usize], 6);
    assert_eq!(c.effective(HERO, Attr::Mind), 1);
    assert_eq!(c.fighter(HERO).presence, Presence::In);
    let mut d = Forced::new(&[8, 1]);
    assert_eq!(answer(&mut c, &mut d, Answer::Flee).0, Step::Over(End::HeroFled));
    let (stats, ailments) = c.hero_after();
    assert_eq!(stats[Attr::Mind as usize], 6);
    assert!(ailments.has(Ailment::Drunk), "drunkenness lasts until town (§14)");
    c.fighter_mut(HERO).ailments.remove(Ailment::Drunk);
    assert_eq!(c.effective(HERO, Attr::Mind), 6);
    d.done();
}

#[test]
fn chaos_fire_breath_immunity_and_weakness() {
    // §12: the Dragon Hatching's breath, d8 fire: 6 plain, none if immune, 12 if weak.
    for (h, init, lost) in [
        (hero("Warrior"), 2, 6),
        (holding(hero("Warrior"), "Ring of Fire Resistance"), 2, 0),
        (holding(hero("Warrior"), "Cloak of Misfortune"), 2, 12),
    ] {
        let mut c = fight(h, &["Dragon Hatching"]);
        let mut d = Forced::new(&[init, 6, 5, 6]);
        assert_eq!(start(&mut c, &mut d).0, Step::HeroToAct);
        assert_eq!(health(&c, 0), 26 - lost);
        d.done();
    }
}

#[test]
fn chaos_the_ring_of_retribution_against_a_summoned_giant_rat() {
    // §10: a Young Qyzox summons a Giant Rat, which ATTACKS Ron for 5 (6 + 3 − 4); Ron's Ring
    // of Retribution deals 1 to the Young Qyzox, not to the rat.
    let ron = holding(hero("Wizard"), "Ring of Retribution");
    let mut c = fight(ron, &["Young Qyzox"]);
    let rat = id("Giant Rat");
    let at = rules().monster_decks[0].iter().position(|&m| m == rat).unwrap() as u32;
    let mut d = Forced::new(&[2, 6, 4, at, 6]);
    let (s, log) = start(&mut c, &mut d);
    assert_eq!(s, Step::HeroToAct);
    assert!(log.contains(&Event::Summoned { by: 1, monster: rat }));
    assert!(log.contains(&Event::Wound { on: 0, amount: 5, kind: AttackType::Plain }));
    assert!(log.contains(&Event::Retribution { on: 1, amount: 1 }));
    assert_eq!((health(&c, 0), health(&c, 1)), (16 - 5, 18 - 1));
    d.done();
}

#[test]
fn chaos_mindstrike_is_d8_plus_mind_minus_mind_without_fumble_or_critical() {
    // Mind Drinker (Mind 6) at the Warrior (Mind 2): a 1 still deals 5, an 8 deals 12 and no more.
    let mut c = fight(hero("Warrior"), &["Mind Drinker"]);
    let mut d = Forced::new(&[2, 5, 4, 1]);
    start(&mut c, &mut d);
    assert_eq!(health(&c, 0), 21);
    let mut d = Forced::new(&[5, 8]);
    answer(&mut c, &mut d, Answer::Defend);
    assert_eq!(health(&c, 0), 9);
    d.done();
}

#[test]
fn chaos_touch_needs_a_positive_total() {
    // 5 + 3 − 9 is not positive: the Faerie keeps her Mind.
    let mut c = fight(hero("Faerie"), &["Mind Drinker"]);
    let mut d = Forced::new(&[2, 6, 1, 5]);
    assert_eq!(start(&mut c, &mut d).0, Step::HeroToAct);
    assert_eq!(c.fighter(HERO).stats[Attr::Mind as usize], 3);
    d.done();
}

#[test]
fn chaos_a_teleporting_monster_leaves_no_treasure() {
    let mut c = fight(hero("Warrior"), &["Mind Drinker"]);
    let mut d = Forced::new(&[2, 6, 8]);
    assert_eq!(start(&mut c, &mut d).0, Step::Over(End::Cleared { gold: 0, items: [0; 4] }));
    assert_eq!(c.fighter(1).presence, Presence::Teleported);
    d.done();
}

#[test]
fn chaos_fairy_dust_puts_to_sleep_and_damage_wakes() {
    // The goblin's Mind roll 7 + 2 < 10: asleep, it skips its action and defends at 0; the
    // Faerie's 3 + 2 − 0 = 5 wakes it, and it DEFENDs (6).
    let mut c = fight(hero("Faerie"), &["Frail Goblin"]);
    let mut d = Forced::new(&[5, 2, 7]);
    start(&mut c, &mut d);
    let (s, log) = answer(&mut c, &mut d, Answer::Action { foe: 1 });
    assert!(log.contains(&Event::Ailment { on: 1, ailment: Ailment::Asleep }));
    assert!(log.contains(&Event::Asleep { who: 1 }));
    assert_eq!(s, Step::HeroToAct);
    assert_eq!(c.effective(1, Attr::Defence), 0);
    let mut d = Forced::new(&[3, 6]);
    let (_, log) = answer(&mut c, &mut d, ATTACK_GOBLIN);
    assert!(log.contains(&Event::Woke { who: 1 }));
    assert_eq!(health(&c, 1), 3);
    d.done();
}

#[test]
fn chaos_undead_things_and_plants_ignore_ailments() {
    // §9: the Skeleton fails the Fairy Dust roll and stays awake.
    let mut c = fight(hero("Faerie"), &["Skeleton"]);
    let mut d = Forced::new(&[5, 2, 1, 1, 4]);
    start(&mut c, &mut d);
    let (s, _) = answer(&mut c, &mut d, Answer::Action { foe: 1 });
    assert!(!c.fighter(1).ailments.has(Ailment::Asleep));
    assert_eq!(s, Step::HeroToAct);
    d.done();
}

#[test]
fn chaos_undead_and_things_are_immune_to_draining_and_poison() {
    let r = rules();
    let skel = &r.monsters[id("Skeleton") as usize];
    assert!(skel.immunities().has(AttackType::Draining) && skel.immunities().has(AttackType::Poison));
    let weed = &r.monsters[id("Strangleweed") as usize];
    assert!(weed.immunities().has(AttackType::Poison) && !weed.immunities().has(AttackType::Draining));
    assert!(weed.ailment_immune());
}

#[test]
fn chaos_the_afraid_can_only_flee_and_lose_the_fear_on_failing() {
    let mut h = hero("Warrior");
    h.ailments.add(Ailment::Afraid);
    let mut c = fight(h, &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2]);
    start(&mut c, &mut d);
    assert_eq!(c.legal().as_slice(), [Answer::Flee]);
    assert!(c.answer(rules(), &mut d, ATTACK_GOBLIN, &mut |_| {}).is_err());
    let mut d = Forced::new(&[1, 8, 6]);
    answer(&mut c, &mut d, Answer::Flee);
    assert!(!c.fighter(HERO).ailments.has(Ailment::Afraid));
    assert!(c.legal().contains(&ATTACK_GOBLIN));
    d.done();
}

#[test]
fn chaos_blindness_takes_4_from_attack_and_defence() {
    let mut h = hero("Warrior");
    h.ailments.add(Ailment::Blind);
    let c = fight(h, &["Frail Goblin"]);
    assert_eq!((c.effective(HERO, Attr::Attack), c.effective(HERO, Attr::Defence)), (2, 2));
}

#[test]
fn chaos_a_confused_hero_rolls_on_the_confusion_card() {
    // 1: he ATTACKs himself (5 + 6 − 6 = 5); next time 8: he acts as he likes.
    let mut h = hero("Warrior");
    h.ailments.add(Ailment::Confused);
    let mut c = fight(h, &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2, 1, 5, 6, 8]);
    let (s, log) = start(&mut c, &mut d);
    assert!(log.contains(&Event::Wound { on: 0, amount: 5, kind: AttackType::Plain }));
    assert_eq!(s, Step::HeroToAct);
    d.done();
}

#[test]
fn chaos_ailments_of_combat_end_with_it_and_the_rest_persist() {
    let mut h = hero("Warrior");
    for a in [Ailment::Blind, Ailment::Drunk, Ailment::Diseased, Ailment::Confused, Ailment::Afraid, Ailment::Poisoned]
    {
        h.ailments.add(a);
    }
    let c = fight(h, &["Frail Goblin"]);
    let mut want = Ailments(0);
    for a in [Ailment::Blind, Ailment::Drunk, Ailment::Diseased] {
        want.add(a);
    }
    assert_eq!(c.hero_after().1, want);
}

#[test]
fn chaos_a_lost_turn_pauses_the_combat_until_the_next_turn() {
    // The Strangleweed (Speed 0) rolls 8 + 0 > 2 + 4, touches (6 + 2 − 6 > 0): the hero loses
    // his turn; next turn the combat goes on after the weed, with the hero.
    let mut c = fight(hero("Warrior"), &["Strangleweed"]);
    let mut d = Forced::new(&[2, 8, 7, 6]);
    assert_eq!(start(&mut c, &mut d).0, Step::TurnLost);
    assert!(c.legal().is_empty());
    assert_eq!(c.resume(rules(), &mut d, &mut |_| {}), Step::HeroToAct);
    d.done();
}

#[test]
fn chaos_mind_0_is_insanity() {
    // The Barbarian (Mind 1) touched by the Mind Drinker.
    let mut c = fight(hero("Barbarian"), &["Mind Drinker"]);
    let mut d = Forced::new(&[2, 6, 1, 5]);
    assert_eq!(start(&mut c, &mut d).0, Step::Over(End::HeroDied));
    d.done();
}

#[test]
fn chaos_a_monster_casts_the_top_spell_card() {
    // The Kobold Shaman (Mind 4) draws Magic Missile (damage equal to Mind) at the hero.
    let missile = rules().spells.names.iter().position(|n| n == "Magic Missile").unwrap() as u16;
    let at = rules().spells.draw.iter().position(|&c| c == missile).unwrap() as u32;
    let mut c = fight(hero("Warrior"), &["Kobold Shaman"]);
    let mut d = Forced::new(&[2, 5, 4, at]);
    let (_, log) = start(&mut c, &mut d);
    assert!(log.contains(&Event::Spell { by: 1, card: missile }));
    assert_eq!(health(&c, 0), 26 - 4);
    d.done();
}

#[test]
fn chaos_poison_costs_1_health_at_each_turn() {
    let mut h = hero("Warrior");
    h.ailments.add(Ailment::Poisoned);
    let mut c = fight(h, &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2]);
    start(&mut c, &mut d);
    assert_eq!(health(&c, 0), 25);
    d.done();
}

#[test]
fn chaos_a_tied_contest_is_neither_won_nor_lost() {
    // TURN UNDEAD: 3 + 5 against 6 + 2 ties: nothing; then 5 + 5 against 1 + 2: the goblin is
    // afraid, flees at once (2 + 4 against 5 + 4 fails) and is no longer afraid.
    let mut c = fight(hero("Cleric"), &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2, 3, 6, 6]);
    start(&mut c, &mut d);
    answer(&mut c, &mut d, Answer::Action { foe: 1 });
    assert!(!c.fighter(1).ailments.has(Ailment::Afraid));
    let mut d = Forced::new(&[5, 1, 2, 5]);
    let (_, log) = answer(&mut c, &mut d, Answer::Action { foe: 1 });
    assert!(log.contains(&Event::Ailment { on: 1, ailment: Ailment::Afraid }));
    assert!(log.contains(&Event::FleeFailed { who: 1 }));
    assert!(!c.fighter(1).ailments.has(Ailment::Afraid));
    d.done();
}

#[test]
fn chaos_special_rules_monsters_mark_their_wounds() {
    // The Werewolf bites (chart 1: 5 + 6 − 6 = 5): its special rules card applies after combat.
    let mut c = fight(hero("Warrior"), &["Werewolf"]);
    let mut d = Forced::new(&[2, 6, 1, 5]);
    start(&mut c, &mut d);
    assert_eq!(c.special_wounds, 1 << crate::dungeon_of_chaos::data::SpecialRule::Werewolf as u8);
    d.done();
}

#[test]
fn chaos_several_monsters_pay_when_all_are_slain() {
    let mut c = fight(hero("Warrior"), &["Frail Goblin", "Frail Goblin"]);
    // The second goblin (7 to the first's 6) fumbles between the hero's two kills.
    let mut d = Forced::new(&[8, 2, 3, 4, 2, 1]);
    start(&mut c, &mut d);
    assert_eq!(c.order(), [0, 2, 1]);
    let (s, _) = answer(&mut c, &mut d, ATTACK_GOBLIN);
    assert_eq!(s, Step::HeroToAct);
    let mut d = Forced::new(&[6]);
    let (s, _) = answer(&mut c, &mut d, Answer::Attack { foe: 2, weapon: None });
    assert_eq!(s, Step::Over(End::Cleared { gold: 80, items: [2, 0, 0, 0] }));
    d.done();
}

#[test]
fn chaos_companions_share_rounding_down() {
    // §16: three sharing companions and one who takes no fee: 350 / 4 = 87.5, you keep 87.
    assert_eq!(loot_share(350, 3), 87);
    assert_eq!(loot_share(350, 0), 350);
}

#[test]
fn chaos_the_slain_pay_even_when_the_others_fled() {
    // The hero kills the first goblin; the second flees (5 + 4 against 1 + 4): 40 gold, 1 item.
    let mut c = fight(hero("Warrior"), &["Frail Goblin", "Frail Goblin"]);
    let mut d = Forced::new(&[8, 2, 3, 4, 7, 5, 1]);
    start(&mut c, &mut d);
    let (s, _) = answer(&mut c, &mut d, ATTACK_GOBLIN);
    assert_eq!(s, Step::Over(End::Cleared { gold: 40, items: [1, 0, 0, 0] }));
    d.done();
}

#[test]
fn chaos_a_monster_that_loses_its_turn_skips_its_next_action() {
    // STUNNING PALM: the goblin's Speed roll 3 + 4 < 10; its next action is lost (no chart roll).
    let mut c = fight(hero("Monk"), &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2, 3]);
    start(&mut c, &mut d);
    let (s, log) = answer(&mut c, &mut d, Answer::Action { foe: 1 });
    assert_eq!(s, Step::HeroToAct);
    assert!(!log.iter().any(|e| matches!(e, Event::Chart { .. })));
    d.done();
}

#[test]
fn chaos_a_confused_monster_may_attack_itself() {
    // §11: a random target among the fighters in play (pick 1: itself), 5 + 2 − 2 = 5.
    let mut c = fight(hero("Warrior"), &["Frail Goblin"]);
    c.fighter_mut(1).ailments.add(Ailment::Confused);
    let mut d = Forced::new(&[2, 6, 1, 1, 5]);
    assert_eq!(start(&mut c, &mut d).0, Step::HeroToAct);
    assert_eq!(health(&c, 1), 3);
    d.done();
}

#[test]
fn chaos_disease_stops_healing() {
    // The Kobold Shaman casts Heal (Restore Mind + d8) on itself: nothing while diseased.
    let heal = rules().spells.names.iter().position(|n| n == "Heal").unwrap() as u16;
    let at = rules().spells.draw.iter().position(|&c| c == heal).unwrap() as u32;
    for (diseased, after) in [(true, 3), (false, 7)] {
        let mut c = fight(hero("Warrior"), &["Kobold Shaman"]);
        c.fighter_mut(1).stats[Attr::Health as usize] = 3;
        if diseased {
            c.fighter_mut(1).ailments.add(Ailment::Diseased);
        }
        let mut d = Forced::new(&[2, 5, 4, at, 3]);
        start(&mut c, &mut d);
        assert_eq!(health(&c, 1), after, "restored to the start, never past it");
        d.done();
    }
}

#[test]
fn chaos_random_combats_end_and_keep_their_invariants() {
    // Every profile against random rooms of 1 to 4 monsters of every level, answered at random.
    use crate::core::rng::GameRng;
    let r = rules();
    let mut ended = [0u32; 3];
    for ch in 0..r.characters.len() as u8 {
        for seed in 0..400u64 {
            let mut rng = GameRng::from_seed(seed * 131 + ch as u64);
            let level = rng.below(4) as usize;
            let deck = &r.monster_decks[level];
            let n = 1 + rng.below(4) as usize;
            let foes: Vec<u8> = (0..n).map(|_| deck[rng.below(deck.len() as u32) as usize]).collect();
            let mut h = HeroSetup::character(r, ch);
            for k in 0..4 {
                let (spell, deck) = if k % 2 == 0 { (true, &r.spells.draw) } else { (false, &r.potions.draw) };
                h = h.with_card(r, spell, deck[rng.below(deck.len() as u32) as usize]);
            }
            let mut c = Combat::new(r, &h, &foes);
            let mut step = c.start(r, &mut rng, &mut |_| {});
            let mut actions = 0;
            while !matches!(step, Step::Over(_)) {
                actions += 1;
                assert!(actions < 10_000, "combat {seed} of {ch} does not end");
                step = match step {
                    Step::TurnLost => c.resume(r, &mut rng, &mut |_| {}),
                    _ => {
                        let legal = c.legal();
                        assert!(!legal.is_empty());
                        let a = legal[rng.below(legal.len() as u32) as usize];
                        c.answer(r, &mut rng, a, &mut |_| {}).expect("a legal answer")
                    }
                };
            }
            let foes_in = (1..c.len()).filter(|&i| c.fighter(i).presence == Presence::In).count();
            match step {
                Step::Over(End::HeroDied) => {
                    assert_eq!(c.fighter(HERO).presence, Presence::Dead);
                    ended[0] += 1;
                }
                Step::Over(End::HeroFled) => {
                    assert_eq!(c.survivors().len(), foes_in);
                    ended[1] += 1;
                }
                Step::Over(End::Cleared { gold, items }) => {
                    assert_eq!(foes_in, 0);
                    let slain = (1..c.len()).filter(|&i| c.fighter(i).presence == Presence::Dead);
                    let paid: u16 = slain.map(|i| c.fighter(i).gold).sum();
                    assert_eq!(gold, paid);
                    assert!(items.iter().sum::<u8>() as usize <= n);
                    ended[2] += 1;
                }
                _ => unreachable!(),
            }
            assert!(c.legal().is_empty(), "nothing to answer after the end");
        }
    }
    assert!(ended.iter().all(|&k| k > 0), "deaths, flights and clears all happen: {ended:?}");
}

#[test]
fn chaos_when_everyone_sleeps_everyone_wakes() {
    // Ruling: a full round of sleepers wakes them all, so the combat cannot stall.
    let mut c = fight(hero("Faerie"), &["Frail Goblin"]);
    c.fighter_mut(HERO).ailments.add(Ailment::Asleep);
    c.fighter_mut(1).ailments.add(Ailment::Asleep);
    let mut d = Forced::new(&[5, 2]);
    let (s, log) = start(&mut c, &mut d);
    assert_eq!(s, Step::HeroToAct);
    assert!(log.contains(&Event::Woke { who: 0 }) && log.contains(&Event::Woke { who: 1 }));
    d.done();
}

fn spell(name: &str) -> u16 {
    rules().spells.names.iter().position(|n| n == name).unwrap() as u16
}

fn potion(name: &str) -> u16 {
    rules().potions.names.iter().position(|n| n == name).unwrap() as u16
}

#[test]
fn chaos_a_caster_casts_from_his_hand_and_discards_the_spell() {
    // Magic Missile deals the caster's Mind: 7 from the Wizard, 1 when drunk (§5: "trouble
    // getting much use out of his spells").
    for (drunk, dealt) in [(false, 7), (true, 1)] {
        let mut h = hero("Wizard").with_card(rules(), true, spell("Magic Missile"));
        if drunk {
            h.ailments.add(Ailment::Drunk);
        }
        let mut c = fight(h, &["Frail Goblin"]);
        let mut d = Forced::new(&[6, 2, 6]);
        start(&mut c, &mut d);
        answer(&mut c, &mut d, Answer::Cast { slot: 0, foe: 1 });
        assert_eq!(health(&c, 1), 8 - dealt);
        assert!(c.hand()[0].is_none(), "cast spells are discarded (§8)");
        d.done();
    }
    // A spell on himself: Shield, +4 Defence until the combat ends.
    let mut c = fight(hero("Wizard").with_card(rules(), true, spell("Shield")), &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2, 6]);
    start(&mut c, &mut d);
    answer(&mut c, &mut d, Answer::Cast { slot: 0, foe: HERO });
    assert_eq!(c.effective(HERO, Attr::Defence), 8);
    d.done();
}

#[test]
fn chaos_only_spellcasters_cast() {
    let mut c = fight(hero("Warrior").with_card(rules(), true, spell("Magic Missile")), &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2]);
    start(&mut c, &mut d);
    assert!(!c.legal().iter().any(|a| matches!(a, Answer::Cast { .. })));
    d.done();
}

#[test]
fn chaos_drinking_and_throwing_potions() {
    // DRINK: Healing restores 2d8 (5 + 6) up to the start.
    let mut h = hero("Warrior").with_card(rules(), false, potion("Potion of Healing"));
    h.stats[Attr::Health as usize] = 10;
    let mut c = fight(h, &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2, 5, 6, 6]);
    start(&mut c, &mut d);
    answer(&mut c, &mut d, Answer::Drink { slot: 0 });
    assert_eq!(health(&c, 0), 21);
    d.done();
    // THROW: 1 + 6 > 2 hits (no fumble on a throw): the goblin sleeps and skips its action.
    let mut c = fight(hero("Warrior").with_card(rules(), false, potion("Potion of Sleep")), &["Frail Goblin"]);
    let mut d = Forced::new(&[6, 2, 1]);
    start(&mut c, &mut d);
    let (s, log) = answer(&mut c, &mut d, Answer::Throw { slot: 0, foe: 1 });
    assert!(log.contains(&Event::Asleep { who: 1 }));
    assert_eq!(s, Step::HeroToAct);
    d.done();
    // A throw that does not exceed the Defence is wasted: 1 + 2 against the Skeleton's 3.
    let mut c = fight(hero("Faerie").with_card(rules(), false, potion("Potion of Sleep")), &["Skeleton"]);
    let mut d = Forced::new(&[5, 2, 1, 7]);
    start(&mut c, &mut d);
    answer(&mut c, &mut d, Answer::Throw { slot: 0, foe: 1 });
    assert!(c.hand()[0].is_none());
    d.done();
}

#[test]
fn chaos_a_combat_where_no_one_is_hurt_for_8_rounds_ends_with_the_monsters_leaving() {
    // Ruling: STALEMATE_ROUNDS (8) whole rounds in a row with no one hurt and the monsters
    // leave (discarded as after FLEE, no treasure): the Faerie DEFENDs and the Fire
    // Elemental DEFENDs (its chart's 8) round after round.
    use crate::dungeon_of_chaos::combat::STALEMATE_ROUNDS;
    assert_eq!(STALEMATE_ROUNDS, 8);
    let mut c = fight(hero("Faerie"), &["Fire Elemental"]);
    // Initiative 5 + 7 against 2 + 6: the Faerie acts first; then the Elemental's chart rolls.
    let mut d = Forced::new(&[5, 2, 8, 8, 8, 8, 8, 8, 8]);
    let (s, _) = start(&mut c, &mut d);
    assert_eq!(s, Step::HeroToAct);
    for _ in 0..7 {
        let (s, log) = answer(&mut c, &mut d, Answer::Defend);
        assert_eq!(s, Step::HeroToAct, "7 quiet rounds are not yet a stalemate");
        assert!(!log.contains(&Event::Stalemate));
    }
    let (s, log) = answer(&mut c, &mut d, Answer::Defend);
    assert!(log.contains(&Event::Stalemate) && log.contains(&Event::Fled { who: 1 }));
    assert_eq!(s, Step::Over(End::Cleared { gold: 0, items: [0; 4] }));
    assert_eq!(c.fighter(1).presence, Presence::Fled);
    d.done();
}

#[test]
fn chaos_a_wound_restarts_the_count_of_quiet_rounds() {
    // 6 quiet rounds (the Elemental DEFENDs five times, then fumbles an attack: chart 1, roll
    // 1), a wound (the Faerie's ATTACK hits for 6 + 2 - 5 = 3), then 7 more quiet rounds:
    // still no stalemate; the 8th after the wound is.
    let mut c = fight(hero("Faerie"), &["Fire Elemental"]);
    let mut dice = vec![5, 2];
    dice.extend([8; 5]);
    dice.extend([1, 1]);
    dice.push(6); // the Faerie's attack roll
    dice.extend([8; 8]);
    let mut d = Forced::new(&dice);
    start(&mut c, &mut d);
    for _ in 0..6 {
        answer(&mut c, &mut d, Answer::Defend);
    }
    let (_, log) = answer(&mut c, &mut d, ATTACK_GOBLIN);
    assert!(log.iter().any(|e| matches!(e, Event::Wound { on: 1, .. })));
    for _ in 0..7 {
        let (s, _) = answer(&mut c, &mut d, Answer::Defend);
        assert_eq!(s, Step::HeroToAct);
    }
    let (s, log) = answer(&mut c, &mut d, Answer::Defend);
    assert!(log.contains(&Event::Stalemate));
    assert!(matches!(s, Step::Over(End::Cleared { gold: 0, .. })));
    d.done();
}
