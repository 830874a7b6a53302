//! Dealing Dungeons combat: one test per rule with forced dice, the rulebook's combat
//! examples, the rulings of docs/rulings.md ("Dealing Dungeons"), and Monte Carlo against the
//! exact chains.

use crate::core::rng::GameRng;
use crate::dealing_dungeons::combat::{
    BossAnswer, BossFight, BossFoe, BossOutcome, BossPending, BossRound, Fighter, Foe, MonsterFight, NoDice, Outcome,
    Pending, RoundResult, Setting, Stacked,
};
use crate::dealing_dungeons::data::{AttackRule, BossSkill};
use crate::dealing_dungeons::exact::{boss_odds, monster_odds, BossPolicy, Odds, Policy};
use crate::dealing_dungeons::rules::{HeroSide, Mods, Monster, Skills};
use crate::dealing_dungeons::{Answer, DealingRules};

fn dice(rolls: &[u8]) -> Stacked<NoDice> {
    Stacked::new(rolls, NoDice)
}

fn plain() -> Skills {
    Skills { hand_slots: 1, ..Skills::default() }
}

fn hero(lives: u8, skills: Skills, gear: Mods) -> Fighter {
    Fighter { lives, skills, gear }
}

fn werewolf() -> Monster {
    DealingRules::standard().monster("werewolf").unwrap()
}

fn monster(attack: u8, defense: Option<u8>, lives: u8, range: bool) -> Monster {
    Monster { attack, defense, lives, range }
}

fn fight(h: Fighter, m: Monster) -> MonsterFight {
    MonsterFight::new(h, Foe::printed(m), Setting::in_room(2), &mut NoDice)
}

fn at(h: Fighter, m: Monster, distance: u8) -> MonsterFight {
    MonsterFight::new(h, Foe::printed(m), Setting { distance, may_run: true, defend_bonus: 2 }, &mut NoDice)
}

#[test]
fn fight_beats_the_attack_value_defeats_the_monster() {
    let mut f = fight(hero(3, plain(), Mods::default()), werewolf());
    assert_eq!(f.pending(), Pending::Choose { target: 7 });
    let r = f.apply(Answer::Fight, &mut dice(&[4, 4])).unwrap();
    assert_eq!((r.roll, r.total, r.target, r.result), (8, 8, 7, RoundResult::Won));
    assert_eq!(f.pending(), Pending::Over(Outcome::Defeated));
    assert_eq!(f.hero_lives(), 3);
}

#[test]
fn a_tie_is_safe_and_the_monster_is_faced_again() {
    let mut f = fight(hero(3, plain(), Mods::default()), werewolf());
    let r = f.apply(Answer::Fight, &mut dice(&[3, 4])).unwrap();
    assert_eq!(r.result, RoundResult::Tied);
    assert_eq!((f.hero_lives(), f.foe_lives()), (3, 1));
    assert_eq!(f.pending(), Pending::Choose { target: 7 });
}

#[test]
fn less_than_the_attack_costs_a_life_and_the_monster_is_faced_again() {
    let mut f = fight(hero(3, plain(), Mods::default()), werewolf());
    let r = f.apply(Answer::Fight, &mut dice(&[3, 3])).unwrap();
    assert_eq!(r.result, RoundResult::Lost { lives: 1 });
    assert_eq!(f.hero_lives(), 2);
    assert_eq!(f.pending(), Pending::Choose { target: 7 });
}

#[test]
fn losing_the_last_life_ends_the_hero() {
    let mut f = fight(hero(1, plain(), Mods::default()), werewolf());
    f.apply(Answer::Fight, &mut dice(&[1, 1])).unwrap();
    assert_eq!(f.pending(), Pending::Over(Outcome::HeroDied));
    assert!(f.legal().is_empty());
}

#[test]
fn a_monster_with_two_lives_takes_a_wound_and_is_faced_again() {
    let mut f = fight(hero(3, plain(), Mods::default()), monster(8, Some(4), 2, false));
    assert_eq!(f.apply(Answer::Fight, &mut dice(&[5, 5])).unwrap().result, RoundResult::Won);
    assert_eq!((f.foe_lives(), f.pending()), (1, Pending::Choose { target: 8 }));
    f.apply(Answer::Fight, &mut dice(&[6, 5])).unwrap();
    assert_eq!(f.pending(), Pending::Over(Outcome::Defeated));
}

#[test]
fn modifiers_stack_hero_skill_and_in_hand_card() {
    let skills = Skills { combat: 1, ..plain() };
    let mut f = fight(hero(3, skills, Mods { combat: 1, ..Mods::default() }), monster(8, Some(4), 1, false));
    let r = f.apply(Answer::Fight, &mut dice(&[3, 4])).unwrap();
    assert_eq!((r.total, r.result), (9, RoundResult::Won));
}

#[test]
fn defend_ties_or_beats_the_defense_value() {
    let mut f = fight(hero(3, plain(), Mods::default()), werewolf());
    let r = f.apply(Answer::Defend, &mut dice(&[4])).unwrap();
    assert_eq!((r.roll, r.target, r.result), (4, 4, RoundResult::Defended));
    assert_eq!(f.pending(), Pending::AfterDefend { target: 7 });
    assert_eq!(f.bonus(), 2);
    assert_eq!(f.hero_lives(), 3);
}

#[test]
fn a_failed_defend_costs_a_life_and_the_monster_stays() {
    let mut f = fight(hero(3, Skills { defend: 1, ..plain() }, Mods::default()), werewolf());
    let r = f.apply(Answer::Defend, &mut dice(&[2])).unwrap();
    assert_eq!((r.total, r.result), (3, RoundResult::DefendFailed { lives: 1 }));
    assert_eq!((f.hero_lives(), f.pending()), (2, Pending::Choose { target: 7 }));
}

#[test]
fn after_a_defend_fight_with_plus_2_or_leave_but_not_run_or_defend() {
    let mut f = fight(hero(3, plain(), Mods::default()), werewolf());
    f.apply(Answer::Defend, &mut dice(&[5])).unwrap();
    assert_eq!(f.legal().as_slice(), [Answer::Fight, Answer::Leave]);
    assert!(f.apply(Answer::Run, &mut NoDice).is_err());
    assert!(f.apply(Answer::Defend, &mut NoDice).is_err());
    // 3 + 3 = 6, +2 = 8 beats the Werewolf's 7.
    let r = f.apply(Answer::Fight, &mut dice(&[3, 3])).unwrap();
    assert_eq!((r.total, r.result), (8, RoundResult::Won));
}

#[test]
fn the_defend_bonus_is_used_by_one_fight_only() {
    let mut f = fight(hero(3, plain(), Mods::default()), werewolf());
    f.apply(Answer::Defend, &mut dice(&[6])).unwrap();
    assert_eq!(f.apply(Answer::Fight, &mut dice(&[2, 3])).unwrap().result, RoundResult::Tied);
    assert_eq!(f.bonus(), 0);
    assert_eq!(f.apply(Answer::Fight, &mut dice(&[3, 4])).unwrap().result, RoundResult::Tied);
}

#[test]
fn after_a_defend_the_hero_may_build_past_the_monster() {
    let mut f = fight(hero(3, plain(), Mods::default()), werewolf());
    f.apply(Answer::Defend, &mut dice(&[4])).unwrap();
    assert_eq!(f.apply(Answer::Leave, &mut NoDice).unwrap().result, RoundResult::Left);
    assert_eq!(f.pending(), Pending::Over(Outcome::Left));
    assert_eq!(f.foe_lives(), 1, "the card stays on the room");
}

#[test]
fn n_a_defense_cannot_be_defended_against() {
    let mut f = fight(hero(3, plain(), Mods::default()), monster(6, None, 1, false));
    assert_eq!(f.legal().as_slice(), [Answer::Fight, Answer::Run]);
    let e = f.apply(Answer::Defend, &mut NoDice).unwrap_err();
    assert_eq!(e.answer, Answer::Defend);
}

#[test]
fn run_goes_back_without_a_roll_and_leaves_the_monster() {
    let mut f = fight(hero(3, plain(), Mods::default()), werewolf());
    assert_eq!(f.legal().as_slice(), [Answer::Fight, Answer::Defend, Answer::Run]);
    assert_eq!(f.apply(Answer::Run, &mut NoDice).unwrap().result, RoundResult::Ran);
    assert_eq!((f.pending(), f.hero_lives()), (Pending::Over(Outcome::Ran), 3));
}

#[test]
fn the_range_skill_adds_its_bonus_even_in_the_same_room() {
    let ranger = Skills { range: 1, ..plain() };
    let mut f = fight(hero(3, ranger, Mods::default()), werewolf());
    assert_eq!(f.legal().as_slice(), [Answer::Fight, Answer::Ranged, Answer::Defend, Answer::Run]);
    let r = f.apply(Answer::Ranged, &mut dice(&[3, 4])).unwrap();
    assert_eq!((r.total, r.result), (8, RoundResult::Won));
}

#[test]
fn a_failed_ranged_attack_costs_a_life_only_against_a_ranged_monster() {
    let ranger = Skills { range: 1, ..plain() };
    let mut f = fight(hero(3, ranger, Mods::default()), werewolf());
    assert_eq!(f.apply(Answer::Ranged, &mut dice(&[1, 2])).unwrap().result, RoundResult::Lost { lives: 0 });
    assert_eq!(f.hero_lives(), 3);
    let archer = DealingRules::standard().monster("orc-archer").unwrap();
    assert!(archer.range);
    let mut f = fight(hero(3, ranger, Mods::default()), archer);
    assert_eq!(f.apply(Answer::Ranged, &mut dice(&[1, 2])).unwrap().result, RoundResult::Lost { lives: 1 });
    assert_eq!(f.hero_lives(), 2);
}

#[test]
fn from_one_space_only_the_ranged_attack_and_only_ranged_cards_count() {
    let ranger = Skills { range: 1, ..plain() };
    let sword = Mods { combat: 2, ..Mods::default() };
    let mut f = at(hero(3, ranger, sword), werewolf(), 1);
    assert_eq!(f.legal().as_slice(), [Answer::Ranged, Answer::Leave]);
    // 3 + 3 + 1 (range) = 7 ties the Werewolf: the sword's +2 does not count from a distance.
    let r = f.apply(Answer::Ranged, &mut dice(&[3, 3])).unwrap();
    assert_eq!((r.total, r.result), (7, RoundResult::Tied));
    // In the room the sword counts as well: 3 + 3 + 1 + 2.
    let mut f = fight(hero(3, ranger, sword), werewolf());
    assert_eq!(f.apply(Answer::Ranged, &mut dice(&[3, 3])).unwrap().total, 9);
}

#[test]
fn a_bow_on_the_range_skill_makes_plus_2_and_two_spaces() {
    // Terms: "If you find a bow that gives you +1 to range, and you have the range skill, you
    // now have a +2, which means you can shoot up to 2 spaces away and add +2 to Combat."
    let ranger = Skills { range: 1, ..plain() };
    let bow = Mods { range: 1, ..Mods::default() };
    let mut f = at(hero(3, ranger, bow), werewolf(), 2);
    assert_eq!(f.legal().as_slice(), [Answer::Ranged, Answer::Leave]);
    let r = f.apply(Answer::Ranged, &mut dice(&[3, 3])).unwrap();
    assert_eq!((r.total, r.result), (8, RoundResult::Won));
    assert!(!at(hero(3, ranger, Mods::default()), werewolf(), 2).legal().contains(&Answer::Ranged));
}

#[test]
fn the_mage_shoots_from_two_spaces() {
    let r = DealingRules::standard();
    let mage = r.heroes[r.hero("mage").unwrap() as usize].skills(HeroSide::Front, 1);
    let mut f = at(hero(3, mage, Mods::default()), werewolf(), 2);
    assert_eq!(f.apply(Answer::Ranged, &mut dice(&[3, 3])).unwrap().total, 8);
    assert!(at(hero(3, mage, Mods::default()), werewolf(), 3).legal().as_slice() == [Answer::Leave]);
}

#[test]
fn solo_moderate_way_out_werewolf_has_9_attack_and_2_lives() {
    let r = DealingRules::standard();
    let w = werewolf();
    let foe = Foe {
        monster: w,
        attack: AttackRule::Printed,
        attack_bonus: r.modes.moderate_attack,
        lives: w.lives + r.modes.moderate_lives,
    };
    let mut f = MonsterFight::new(hero(3, plain(), Mods::default()), foe, Setting::in_room(2), &mut NoDice);
    assert_eq!((f.pending(), f.foe_lives()), (Pending::Choose { target: 9 }, 2));
    assert_eq!(f.apply(Answer::Fight, &mut dice(&[4, 5])).unwrap().result, RoundResult::Tied);
}

#[test]
fn a_rolled_attack_is_rolled_each_round_before_the_hero_chooses() {
    // Solo Hard level 3: 2D6 + 2.
    let foe = Foe { monster: werewolf(), attack: AttackRule::Rolled { dice: 2, plus: 2 }, attack_bonus: 0, lives: 2 };
    let mut d = dice(&[1, 2, 3, 3, 6, 6, 2, 2, 1, 1]);
    let mut f = MonsterFight::new(hero(3, plain(), Mods::default()), foe, Setting::in_room(2), &mut d);
    assert_eq!(f.pending(), Pending::Choose { target: 5 });
    // Hero 3 + 3 = 6 beats 5; the next round's attack is 6 + 6 + 2 = 14.
    assert_eq!(f.apply(Answer::Fight, &mut d).unwrap().result, RoundResult::Won);
    assert_eq!(f.pending(), Pending::Choose { target: 14 });
    assert_eq!(f.apply(Answer::Fight, &mut d).unwrap().result, RoundResult::Lost { lives: 1 });
    assert_eq!((f.hero_lives(), f.pending()), (2, Pending::Choose { target: 4 }));
    assert!(d.used_up());
}

#[test]
fn the_host_heals_between_rounds() {
    let mut f = fight(hero(1, plain(), Mods::default()), werewolf());
    f.set_hero_lives(3);
    f.apply(Answer::Fight, &mut dice(&[1, 1])).unwrap();
    assert_eq!(f.hero_lives(), 2);
}

fn boss(lives: u8, skill: BossSkill) -> BossFoe {
    BossFoe { lives, skill, dice: 3, attack_bonus: 0 }
}

fn boss_fight(h: Fighter, foe: BossFoe, first: &[u8]) -> BossFight {
    BossFight::new(h, foe, 2, &mut dice(first))
}

#[test]
fn the_boss_rolls_three_dice_and_the_hero_must_beat_the_total() {
    let r = DealingRules::standard();
    let tm = &r.bosses[r.boss("troll-mage").unwrap() as usize];
    let mut f = boss_fight(hero(3, plain(), Mods::default()), boss(tm.lives, tm.skill), &[3, 3, 3]);
    assert_eq!(f.pending(), BossPending::Choose { target: 9 });
    assert_eq!(f.legal().as_slice(), [BossAnswer::Fight, BossAnswer::Defend]);
    // Hero 5 + 5 = 10 beats 9: a wound. The next round: Regenerate rolls 4 (< 5, no heal), then
    // the dice 4 4 4.
    let mut d = dice(&[5, 5, 4, 4, 4, 4]);
    let r1: BossRound = f.apply(BossAnswer::Fight, &mut d).unwrap();
    assert_eq!((r1.total, r1.result, r1.next.healed), (10, RoundResult::Won, false));
    assert_eq!((f.foe_lives(), f.pending()), (1, BossPending::Choose { target: 12 }));
    // A tie is safe.
    let mut d = dice(&[6, 6, 1, 1, 1, 1]);
    assert_eq!(f.apply(BossAnswer::Fight, &mut d).unwrap().result, RoundResult::Tied);
    // Regenerate rolled 1 (< 5, no heal), then the dice 1 1 1 = 3; 2 + 2 = 4 beats it.
    assert_eq!(f.pending(), BossPending::Choose { target: 3 });
    f.apply(BossAnswer::Fight, &mut dice(&[2, 2])).unwrap();
    assert_eq!(f.pending(), BossPending::Over(BossOutcome::Defeated));
}

#[test]
fn losing_to_the_boss_costs_a_life() {
    let mut f = boss_fight(hero(2, plain(), Mods::default()), boss(3, BossSkill::Cunning), &[4, 4, 4, 1]);
    // Cunning rolled its lowest die (4, the first) again: 1 + 4 + 4 = 9.
    assert_eq!(f.pending(), BossPending::Choose { target: 9 });
    let r = f.apply(BossAnswer::Fight, &mut dice(&[2, 2, 6, 6, 6, 6])).unwrap();
    assert_eq!(r.result, RoundResult::Lost { lives: 1 });
    assert_eq!(f.hero_lives(), 1);
    assert_eq!(f.pending(), BossPending::Choose { target: 18 });
    f.apply(BossAnswer::Fight, &mut dice(&[6, 6])).unwrap();
    assert_eq!(f.pending(), BossPending::Over(BossOutcome::HeroDied));
}

#[test]
fn defending_against_the_boss_is_2d6_and_earns_plus_2() {
    let mut f =
        boss_fight(hero(3, Skills { defend: 1, ..plain() }, Mods::default()), boss(3, BossSkill::Fury(1)), &[3, 3, 3]);
    assert_eq!(f.pending(), BossPending::Choose { target: 10 });
    let r = f.apply(BossAnswer::Defend, &mut dice(&[4, 5, 2, 2, 2])).unwrap();
    assert_eq!((r.total, r.result), (10, RoundResult::Defended));
    assert_eq!(f.bonus(), 2);
    assert_eq!(f.pending(), BossPending::Choose { target: 7 });
    // Both answers stay open; Fight takes the bonus: 3 + 3 + 2 = 8 beats 7.
    assert_eq!(f.legal().as_slice(), [BossAnswer::Fight, BossAnswer::Defend]);
    assert_eq!(f.apply(BossAnswer::Fight, &mut dice(&[3, 3, 3, 3, 3])).unwrap().result, RoundResult::Won);
    let r = f.apply(BossAnswer::Defend, &mut dice(&[1, 1])).unwrap();
    assert_eq!(r.result, RoundResult::DefendFailed { lives: 1 });
}

#[test]
fn boss_skills_fear_armour_crushing_vengeful() {
    let h = hero(3, plain(), Mods::default());
    // Fear(1): 4 + 4 − 1 = 7 against 6 still wins.
    let mut f = boss_fight(h, boss(2, BossSkill::Fear(1)), &[2, 2, 2]);
    assert_eq!(f.apply(BossAnswer::Fight, &mut dice(&[4, 4, 2, 2, 2])).unwrap().total, 7);
    // Armour(1): 7 against 6 is only a tie; 8 wounds.
    let mut f = boss_fight(h, boss(2, BossSkill::Armour(1)), &[2, 2, 2]);
    assert_eq!(f.apply(BossAnswer::Fight, &mut dice(&[3, 4, 2, 2, 2])).unwrap().result, RoundResult::Tied);
    assert_eq!(f.apply(BossAnswer::Fight, &mut dice(&[4, 4, 2, 2, 2])).unwrap().result, RoundResult::Won);
    // Crushing: a loss is two lives.
    let mut f = boss_fight(h, boss(2, BossSkill::Crushing), &[5, 5, 5]);
    assert_eq!(f.apply(BossAnswer::Fight, &mut dice(&[1, 1, 2, 2, 2])).unwrap().result, RoundResult::Lost { lives: 2 });
    assert_eq!(f.hero_lives(), 1);
    // Vengeful: a tie costs a life.
    let mut f = boss_fight(h, boss(2, BossSkill::Vengeful), &[2, 2, 2]);
    assert_eq!(f.apply(BossAnswer::Fight, &mut dice(&[3, 3, 2, 2, 2])).unwrap().result, RoundResult::Lost { lives: 1 });
}

#[test]
fn boss_skills_drain_relentless_disarm() {
    let sword = Mods { combat: 2, defend: 1, range: 0 };
    // Drain: after a wound it heals one when it takes a life.
    let mut f = boss_fight(hero(3, plain(), Mods::default()), boss(2, BossSkill::Drain), &[2, 2, 2]);
    f.apply(BossAnswer::Fight, &mut dice(&[6, 6, 6, 6, 6])).unwrap();
    assert_eq!(f.foe_lives(), 1);
    let r = f.apply(BossAnswer::Fight, &mut dice(&[1, 1, 6, 6, 6])).unwrap();
    assert!(r.drained);
    assert_eq!((f.foe_lives(), f.hero_lives()), (2, 2));
    // Relentless: Fight only.
    let f = boss_fight(hero(3, plain(), Mods::default()), boss(2, BossSkill::Relentless), &[2, 2, 2]);
    assert_eq!(f.legal().as_slice(), [BossAnswer::Fight]);
    // Disarm: the In Hand card's +2 does not count.
    let mut f = boss_fight(hero(3, plain(), sword), boss(2, BossSkill::Disarm), &[2, 2, 2]);
    assert_eq!(f.apply(BossAnswer::Fight, &mut dice(&[3, 3, 2, 2, 2])).unwrap().total, 6);
    let mut f = boss_fight(hero(3, plain(), sword), boss(2, BossSkill::Fury(1)), &[2, 2, 2]);
    assert_eq!(f.apply(BossAnswer::Fight, &mut dice(&[3, 3, 2, 2, 2])).unwrap().total, 8);
}

#[test]
fn start_of_round_skills_act_from_the_second_round() {
    // Curse(1): no roll before the first round (BossFight::new rolls only the three dice).
    let mut f = boss_fight(hero(2, plain(), Mods::default()), boss(2, BossSkill::Curse(1)), &[2, 2, 2]);
    assert_eq!(f.hero_lives(), 2);
    // Round 1 a tie; round 2 starts with the curse roll (1: a life), then the dice.
    let r = f.apply(BossAnswer::Fight, &mut dice(&[3, 3, 1, 4, 4, 4])).unwrap();
    assert!(r.next.cursed);
    assert_eq!((f.hero_lives(), f.pending()), (1, BossPending::Choose { target: 12 }));
    // Regenerate rolls only when it is wounded, and heals on 5 or more.
    let mut f = boss_fight(hero(3, plain(), Mods::default()), boss(2, BossSkill::Regenerate(5)), &[2, 2, 2]);
    let r = f.apply(BossAnswer::Fight, &mut dice(&[3, 3, 3, 3, 3])).unwrap();
    assert_eq!((r.result, r.next.healed), (RoundResult::Tied, false));
    let r = f.apply(BossAnswer::Fight, &mut dice(&[6, 6, 5, 3, 3, 3])).unwrap();
    assert_eq!((r.result, r.next.healed, f.foe_lives()), (RoundResult::Won, true, 2));
}

#[test]
fn solo_hard_troll_mage_at_level_4_needs_five_wounds() {
    let r = DealingRules::standard();
    let tm = &r.bosses[r.boss("troll-mage").unwrap() as usize];
    let lvl = r.modes.hard_levels[3];
    let foe = BossFoe {
        lives: tm.lives + lvl.boss_lives,
        skill: tm.skill,
        dice: r.modes.boss_dice,
        attack_bonus: lvl.boss_attack,
    };
    let f = boss_fight(hero(3, plain(), Mods::default()), foe, &[1, 1, 1]);
    assert_eq!((f.foe_lives(), f.pending()), (5, BossPending::Choose { target: 7 }));
}

/// `z` standard errors of a proportion: the Monte Carlo must land within 4.
fn within_4_sigma(hits: u32, n: u32, p: f64) -> bool {
    let sd = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
    ((hits as f64 / n as f64) - p).abs() <= 4.0 * sd
}

fn mc_monster(h: Fighter, foe: Foe, s: Setting, policy: Policy, n: u32, seed: u64) -> (u32, f64) {
    let mut rng = GameRng::from_seed(seed);
    let (mut wins, mut rounds) = (0, 0u64);
    for _ in 0..n {
        let mut f = MonsterFight::new(h, foe, s, &mut rng);
        loop {
            let answer = match (f.pending(), policy) {
                (Pending::Over(o), _) => {
                    wins += (o == Outcome::Defeated) as u32;
                    break;
                }
                (_, Policy::Ranged) => Answer::Ranged,
                (Pending::Choose { .. }, Policy::DefendThenFight) if f.legal().contains(&Answer::Defend) => {
                    Answer::Defend
                }
                _ => Answer::Fight,
            };
            f.apply(answer, &mut rng).unwrap();
            rounds += 1;
        }
    }
    (wins, rounds as f64 / n as f64)
}

fn mc_boss(h: Fighter, foe: BossFoe, policy: BossPolicy, n: u32, seed: u64) -> (u32, f64) {
    let mut rng = GameRng::from_seed(seed);
    let (mut wins, mut rounds) = (0, 0u64);
    for _ in 0..n {
        let mut f = BossFight::new(h, foe, 2, &mut rng);
        loop {
            let target = match f.pending() {
                BossPending::Over(o) => {
                    wins += (o == BossOutcome::Defeated) as u32;
                    break;
                }
                BossPending::Choose { target } => target,
            };
            let defend = f.bonus() == 0
                && f.legal().contains(&BossAnswer::Defend)
                && match policy {
                    BossPolicy::Fight => false,
                    BossPolicy::DefendThenFight => true,
                    BossPolicy::DefendAbove(k) => target >= k,
                };
            f.apply(if defend { BossAnswer::Defend } else { BossAnswer::Fight }, &mut rng).unwrap();
            rounds += 1;
        }
    }
    (wins, rounds as f64 / n as f64)
}

fn check(name: &str, exact: &Odds, (wins, rounds): (u32, f64), n: u32) {
    assert!((exact.win + exact.die - 1.0).abs() < 1e-9, "{name}: {exact:?}");
    assert!(within_4_sigma(wins, n, exact.win), "{name}: MC {} vs exact {}", wins as f64 / n as f64, exact.win);
    assert!(
        (rounds - exact.rounds).abs() < 0.05 * exact.rounds.max(1.0),
        "{name}: rounds MC {rounds} vs exact {}",
        exact.rounds
    );
}

#[test]
fn exact_odds_of_an_even_fight_are_one_half() {
    // 2D6 beats 7 and falls short of it equally often (15/36 each); ties repeat.
    let o =
        monster_odds(hero(1, plain(), Mods::default()), Foe::printed(werewolf()), Setting::in_room(2), Policy::Fight);
    assert!((o.win - 0.5).abs() < 1e-12, "{o:?}");
    assert!((o.rounds - 36.0 / 30.0).abs() < 1e-12, "{o:?}");
}

#[test]
fn monte_carlo_matches_the_exact_monster_chains() {
    const N: u32 = 200_000;
    let ranger = Skills { range: 1, combat: 1, ..plain() };
    let w = werewolf();
    let troll = monster(8, Some(4), 2, false);
    let archer = monster(6, Some(3), 1, true);
    let hard = Foe { monster: w, attack: AttackRule::Rolled { dice: 2, plus: 2 }, attack_bonus: 0, lives: 2 };
    let cases: [(&str, Fighter, Foe, Setting, Policy); 5] = [
        ("fight werewolf", hero(3, plain(), Mods::default()), Foe::printed(w), Setting::in_room(2), Policy::Fight),
        (
            "defend-then-fight troll",
            hero(3, Skills { defend: 1, ..plain() }, Mods::default()),
            Foe::printed(troll),
            Setting::in_room(2),
            Policy::DefendThenFight,
        ),
        (
            "ranged archer from 1",
            hero(2, ranger, Mods { range: 1, ..Mods::default() }),
            Foe::printed(archer),
            Setting { distance: 1, may_run: true, defend_bonus: 2 },
            Policy::Ranged,
        ),
        (
            "solo hard level 3",
            hero(3, Skills { combat: 2, ..plain() }, Mods::default()),
            hard,
            Setting::in_room(2),
            Policy::DefendThenFight,
        ),
        (
            "moderate werewolf",
            hero(3, Skills { combat: 1, ..plain() }, Mods { combat: 1, ..Mods::default() }),
            Foe { monster: w, attack: AttackRule::Printed, attack_bonus: 2, lives: 2 },
            Setting::in_room(2),
            Policy::Fight,
        ),
    ];
    for (i, (name, h, foe, s, p)) in cases.into_iter().enumerate() {
        let exact = monster_odds(h, foe, s, p);
        check(name, &exact, mc_monster(h, foe, s, p, N, 26_000 + i as u64), N);
    }
}

#[test]
fn monte_carlo_matches_the_exact_boss_chains() {
    const N: u32 = 200_000;
    let lvl3 = Skills { combat: 3, defend: 1, ..plain() };
    let gear = Mods { combat: 1, defend: 1, range: 0 };
    let cases: [(&str, BossFoe, BossPolicy); 8] = [
        ("troll mage regenerate", boss(2, BossSkill::Regenerate(5)), BossPolicy::Fight),
        ("lich curse", boss(3, BossSkill::Curse(1)), BossPolicy::DefendAbove(12)),
        ("vampire drain", boss(3, BossSkill::Drain), BossPolicy::DefendThenFight),
        ("minotaur crushing", boss(3, BossSkill::Crushing), BossPolicy::DefendAbove(11)),
        ("golem armour", boss(4, BossSkill::Armour(1)), BossPolicy::Fight),
        ("goblin king cunning", boss(2, BossSkill::Cunning), BossPolicy::DefendAbove(13)),
        ("spider queen vengeful", boss(3, BossSkill::Vengeful), BossPolicy::Fight),
        (
            "dark knight disarm, hard level 2",
            BossFoe { attack_bonus: 2, ..boss(4, BossSkill::Disarm) },
            BossPolicy::DefendThenFight,
        ),
    ];
    for (i, (name, foe, p)) in cases.into_iter().enumerate() {
        let h = hero(3, lvl3, gear);
        let exact = boss_odds(h, foe, 2, p);
        check(name, &exact, mc_boss(h, foe, p, N, 2_600 + i as u64), N);
    }
}

#[test]
fn a_hero_given_a_life_back_after_his_last_faces_the_monster_again() {
    let mut f = fight(hero(1, plain(), Mods::default()), werewolf());
    f.apply(Answer::Fight, &mut dice(&[1, 1])).unwrap();
    assert_eq!(f.pending(), Pending::Over(Outcome::HeroDied));
    f.refresh(hero(1, plain(), Mods::default()), &mut NoDice);
    assert_eq!(f.pending(), Pending::Choose { target: 7 }, "a Ward potion kept the life");
    f.grant_bonus(2);
    let r = f.apply(Answer::Fight, &mut dice(&[3, 3])).unwrap();
    assert_eq!((r.total, r.result), (8, RoundResult::Won), "a potion's +2 on the next Fight");
    let mut b = BossFight::new(
        hero(1, plain(), Mods::default()),
        BossFoe { lives: 2, skill: BossSkill::Fury(1), dice: 3, attack_bonus: 0 },
        2,
        &mut dice(&[6, 6, 6]),
    );
    b.apply(BossAnswer::Fight, &mut dice(&[1, 1])).unwrap();
    assert_eq!(b.pending(), BossPending::Over(BossOutcome::HeroDied));
    b.refresh(hero(1, plain(), Mods::default()), &mut dice(&[1, 1, 1]));
    assert_eq!(b.pending(), BossPending::Choose { target: 4 });
}
