//! `Game::duel` in edition `third` (2010): one monster token met in a dungeon room, fought with
//! the card combat (or the dice variant), escape by power cards; exact outcomes with stacked
//! combat decks, power cards, tokens and dice (`Game::duel_staged`).

mod common;

use common::answer;
use dq_engine::board::cell as rc;
use dq_engine::card_combat::{CcId, HERO, MONSTER};
use dq_engine::data::AttackType::{self, Magic, Melee};
use dq_engine::trace::Trace;
use dq_engine::*;

fn rules() -> &'static Rules {
    use std::sync::OnceLock;
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(Rules::third)
}

fn cr() -> &'static dq_engine::card_combat::CardRules {
    rules().card_combat.as_ref().unwrap()
}

fn config(hero: &str, monster: &str, life: Option<u8>, escape: bool, rules_on: &[&str]) -> DuelConfig {
    let mut variant = Variant::default();
    for n in rules_on {
        variant.enable(n).unwrap();
    }
    DuelConfig {
        hero: rules().hero_by_id(hero).unwrap() as u8,
        wounds: 0,
        monster: rules().monster_kind_by_name(monster),
        life,
        escape,
        variant,
    }
}

/// Combat deck cards by attack type, value and icon, distinct in call order.
struct Picker(Vec<bool>);
impl Picker {
    fn take(&mut self, attack: AttackType, value: u8, counter: Option<AttackType>) -> CcId {
        let i = (0..cr().deck_len as usize)
            .find(|&i| {
                let c = cr().cards[i];
                !self.0[i] && c.attack == attack && c.value == value && c.counter == counter
            })
            .expect("card");
        self.0[i] = true;
        i as CcId
    }
}

fn power(set: (CcId, u8), name: &str) -> CcId {
    cr().set(set).find(|&c| cr().names[c as usize] == name).unwrap()
}

fn token(kind: &str, life: u8) -> CardId {
    let k = rules().monster_kind_by_name(kind).unwrap();
    rules()
        .deck_cards(Deck::Monster)
        .find(|&c| rules().cards[c as usize].monster.is_some_and(|m| m.kind == k && m.life == life))
        .unwrap()
}

#[test]
fn lindel_kills_a_skeleton_of_fixed_life_1_in_one_card_round() {
    let mut p = Picker(vec![false; cr().deck_len as usize]);
    // After the power cards: four cards to Lindel, then four to the Skeleton.
    let h = [p.take(Melee, 5, None), p.take(Melee, 5, None), p.take(Melee, 4, None), p.take(Melee, 4, None)];
    let m = [
        p.take(Melee, 1, Some(Magic)),
        p.take(Melee, 2, Some(Magic)),
        p.take(Melee, 1, Some(Magic)),
        p.take(Melee, 2, Some(Magic)),
    ];
    let deck: Vec<CcId> = h.iter().chain(&m).copied().collect();
    let mut t = Trace::default();
    let mut g = Game::duel_staged(rules(), &config("lindel", "skeleton", Some(1), false, &[]), 5, 0, &mut t).unwrap();
    g.stack_token(token("Skeleton", 3));
    g.stack_combat(&deck, &[], &[]);
    g.begin(&mut t);
    assert_eq!(g.pending(), Some(Decision { seat: 0, kind: DecisionKind::CombatPlay }), "no escape offered");
    let f = g.card_fight().unwrap();
    assert_eq!(f.life(), 1, "--life overrides the token's 3");
    assert_eq!(&f.hand(HERO)[1..], &h[..]);
    assert_eq!(&f.hand(MONSTER)[1..], &m[..]);
    answer(&mut g, &mut t, Choice::Card(h[0] as CardId));
    // The monster side is played by the hero's own seat in a one-hero duel.
    assert_eq!(g.pending(), Some(Decision { seat: 0, kind: DecisionKind::CombatPlay }));
    assert_eq!(g.fight_deciding(), MONSTER);
    answer(&mut g, &mut t, Choice::Card(m[0] as CardId));
    assert!(g.is_over(), "{}", t.render(rules()));
    assert_eq!(
        g.duel_outcome(),
        Some(DuelOutcome { hero_won: true, hero_died: false, escaped: false, rounds: 1, hero_wounds: 0 })
    );
}

#[test]
fn an_escape_by_power_cards_ends_the_duel_and_a_failed_one_leads_into_the_fight() {
    let lindel = cr().hero_powers[rules().hero_by_id("lindel").unwrap()];
    let troll = cr().monster_powers[rules().monster_kind_by_name("Troll").unwrap() as usize];
    let mut t = Trace::default();
    let mut g = Game::duel_staged(rules(), &config("lindel", "troll", None, true, &[]), 5, 0, &mut t).unwrap();
    g.stack_combat(&[], &[power(lindel, "Nature's Ward")], &[power(troll, "Smash")]);
    g.begin(&mut t);
    assert_eq!(g.pending(), Some(Decision { seat: 0, kind: DecisionKind::EscapeOrAttack }));
    assert_eq!(g.fight_kind(), rules().monster_kind_by_name("Troll"));
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(
        g.duel_outcome(),
        Some(DuelOutcome { hero_won: false, hero_died: false, escaped: true, rounds: 0, hero_wounds: 0 })
    );
    assert_eq!(g.hero(0).pos, rc(3, 3), "back to the room he came from");

    // Keen Eye (2) against Boulder Toss (3, damage 3), then the dice variant: 12 wounds Lindel,
    // then three rolls of 2 kill a Troll of life 3 (Armor 6).
    let mut t = Trace::default();
    let cfg = config("lindel", "troll", Some(3), true, &["combat-dice"]);
    let mut g = Game::duel_staged(rules(), &cfg, 5, 0, &mut t).unwrap();
    g.stack_combat(&[], &[power(lindel, "Keen Eye")], &[power(troll, "Boulder Toss")]);
    g.force_dice(&[6, 6, 1, 1, 1, 1, 1, 1]);
    g.begin(&mut t);
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(
        g.duel_outcome(),
        Some(DuelOutcome { hero_won: true, hero_died: false, escaped: false, rounds: 4, hero_wounds: 4 })
    );
}

#[test]
fn a_dice_duel_the_hero_loses() {
    // Gherinn (health 13, 12 wounds, Strength 3) against a Demon: 7 kills him in round 1.
    let mut cfg = config("gherinn", "demon", None, false, &["combat-dice"]);
    cfg.wounds = 12;
    let mut t = Trace::default();
    let mut g = Game::duel_staged(rules(), &cfg, 5, 0, &mut t).unwrap();
    g.force_dice(&[3, 4]);
    g.begin(&mut t);
    assert_eq!(
        g.duel_outcome(),
        Some(DuelOutcome { hero_won: false, hero_died: true, escaped: false, rounds: 1, hero_wounds: 1 })
    );
}

#[test]
fn going_it_alone_gives_the_monster_no_hand() {
    let mut t = Trace::default();
    let g = Game::duel(rules(), &config("hugo", "golem", None, false, &["solo"]), 5, 0, &mut t).unwrap();
    assert_eq!(g.pending(), Some(Decision { seat: 0, kind: DecisionKind::CombatPlay }));
    let f = g.card_fight().unwrap();
    assert!(f.solo() && f.hand(MONSTER).is_empty() && f.hand(HERO).len() == 5);
}

#[test]
fn third_duels_refuse_what_revised_duels_refuse() {
    let mut t = Trace::default();
    let mut cfg = config("gherinn", "demon", None, true, &[]);
    cfg.wounds = 13;
    let e = Game::duel(rules(), &cfg, 1, 0, &mut t).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("wounds must be below"), "{e}");
    let mut cfg = config("gherinn", "demon", Some(0), true, &[]);
    let e = Game::duel(rules(), &cfg, 1, 0, &mut t).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("life must be at least 1"), "{e}");
    cfg.life = None;
    cfg.monster = Some(9);
    let e = Game::duel(rules(), &cfg, 1, 0, &mut t).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("does not exist"), "{e}");
}

#[test]
fn a_random_type_is_met_without_monster_and_duels_are_deterministic() {
    let cfg = DuelConfig { monster: None, ..config("lindel", "troll", None, true, &[]) };
    let mut kinds = std::collections::BTreeSet::new();
    for i in 0..200 {
        let a = Game::duel(rules(), &cfg, 9, i, &mut NoObserver).unwrap();
        let b = Game::duel(rules(), &cfg, 9, i, &mut NoObserver).unwrap();
        assert_eq!(a.fight_kind(), b.fight_kind());
        assert_eq!(a.card_fight().map(|f| f.life()), b.card_fight().map(|f| f.life()));
        kinds.insert(a.fight_kind().unwrap());
    }
    assert_eq!(kinds.len(), rules().monster_kinds.len(), "every type is met");
}
