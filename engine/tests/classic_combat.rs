//! The classic (1987) combat (`classic::combat::Fight`): every Monster-card result with stacked
//! cards and forced dice, the counter rounds, the solo D12 table, El-Adoran's bow and its
//! limits, the Sneak Attack and the Ring of Blinding; then the exact chain against Monte Carlo.
//! Rulings are in docs/rulings.md ("Classic (1987)").

use dq_engine::dungeonquest::classic::combat::{Answers, BowWindow, Side};
use dq_engine::dungeonquest::classic::data::Counter;
use dq_engine::dungeonquest::classic::exact::{exact, RoundModel};
use dq_engine::dungeonquest::classic::rules::{ClassicRules, Hit, Response, Stance};
use dq_engine::dungeonquest::classic::{Answer, Encounter, Fight, Opening, Outcome, Pending, RoundSystem, Stacked};
use dq_engine::rng::{GameRng, Stream};
#[path = "classic_common/mod.rs"]
mod classic_common;
use classic_common::CHART;

fn rules() -> ClassicRules {
    ClassicRules::embedded()
}

fn rng(i: u64) -> GameRng {
    GameRng::new(25, i, Stream::Dice)
}

/// Forced rolls, then a seeded stream.
fn dice(rolls: &[u8]) -> Stacked<GameRng> {
    Stacked::new(rolls, rng(0))
}

fn hero(r: &ClassicRules, id: &str) -> u8 {
    r.hero_by_id(id).unwrap()
}

fn kind(r: &ClassicRules, id: &str) -> u8 {
    r.kind_by_id(id).unwrap()
}

/// An encounter on a Room card with counters, escape allowed, no ring.
fn room(r: &ClassicRules, hero_id: &str, kind_id: &str) -> Encounter {
    let h = hero(r, hero_id);
    Encounter {
        hero: h,
        life_left: r.heroes[h as usize].life,
        kind: kind(r, kind_id),
        arrows: r.heroes[h as usize].arrows,
        may_escape: true,
        ring_of_blinding: false,
        opening: Opening::Room,
        rounds: RoundSystem::Counters,
    }
}

/// The first Monster card whose result for `kind` under `stance` satisfies `f`.
fn card(r: &ClassicRules, kind: u8, stance: Stance, f: impl Fn(Response) -> bool) -> (u8, Response) {
    let (i, c) = r.monster_cards.iter().enumerate().find(|(_, c)| f(c.read(kind, stance))).expect("such a card");
    (i as u8, c.read(kind, stance))
}

fn legal(f: &Fight) -> Vec<Answer> {
    let mut a = Answers::new();
    f.legal(&mut a);
    a.to_vec()
}

#[test]
fn reaction_choices_and_the_card_reader() {
    let r = rules();
    let mut d = dice(&[]);
    let f = Fight::start(&r, room(&r, "ulf", "orc"), &mut d);
    assert_eq!((f.pending(), f.side()), (Pending::Reaction, Side::Hero));
    use Stance::*;
    assert_eq!(legal(&f), [Answer::Stance(Attack), Answer::Stance(Wait), Answer::Stance(Escape)]);
    // Behind a portcullis or after a secret door: no escape.
    let f = Fight::start(&r, Encounter { may_escape: false, ..room(&r, "ulf", "orc") }, &mut d);
    assert_eq!(legal(&f), [Answer::Stance(Attack), Answer::Stance(Wait)]);
    // A reaction hands the card to the host (the player on the right draws it).
    let mut f = Fight::start(&r, room(&r, "ulf", "orc"), &mut d);
    f.apply(&r, Answer::Stance(Wait), &mut d).unwrap();
    assert_eq!((f.pending(), f.side()), (Pending::MonsterCard, Side::Host));
    assert!(legal(&f).is_empty());
    // Answers out of turn are refused, the state unchanged.
    let before = f;
    assert!(f.apply(&r, Answer::Fire, &mut d).is_err());
    assert!(f.apply(&r, Answer::Counter(Counter::Slash), &mut d).is_err());
    assert_eq!(f, before);
    let mut g = Fight::start(&r, room(&r, "ulf", "orc"), &mut d);
    assert!(g.read_card(&r, 0, &mut d).is_err(), "no card before the reaction");
    assert!(f.read_card(&r, 99, &mut d).is_err(), "no such card");
}

#[test]
fn combat_result_leads_to_the_counter_rounds_with_hidden_life() {
    let r = rules();
    let k = kind(&r, "goblin");
    let (c, resp) = card(&r, k, Stance::Attack, |x| matches!(x, Response::Combat { .. }));
    let Response::Combat { life } = resp else { unreachable!() };
    let mut d = dice(&[]);
    let mut f = Fight::start(&r, room(&r, "ulf", "goblin"), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    f.read_card(&r, c, &mut d).unwrap();
    assert_eq!(f.pending(), Pending::HeroCounter);
    assert_eq!(f.revealed_life(), None, "a monster's LPs are never told before its death");
    // Ruling: once the rounds begin there is no escape (8.2: "until one combatant is dead").
    assert_eq!(legal(&f), Counter::ALL.map(Answer::Counter));
    assert_eq!(f.secret_life(), Some(life));
    // Mighty Blow against Slash: 2 each round, no loss to the hero.
    while f.outcome().is_none() {
        let before = f.last_round();
        f.apply(&r, Answer::Counter(Counter::MightyBlow), &mut d).unwrap();
        assert_eq!((f.pending(), f.side()), (Pending::MonsterCounter, Side::Monster));
        // The hero's counter lies face down: nothing public shows it yet.
        assert_eq!(f.last_round(), before);
        f.apply(&r, Answer::Counter(Counter::Slash), &mut d).unwrap();
    }
    assert_eq!(f.outcome(), Some(Outcome::MonsterKilled));
    assert_eq!(f.revealed_life(), Some(life));
    assert_eq!(f.hero_life(), 16);
    assert_eq!(f.rounds(), life.div_ceil(2));
    assert_eq!(f.last_round(), Some((Counter::MightyBlow, Counter::Slash)));
}

#[test]
fn escape_flee_and_slash_results() {
    let r = rules();
    let t = kind(&r, "troll");
    // Escape.
    let (c, _) = card(&r, t, Stance::Escape, |x| x == Response::Escape);
    let mut d = dice(&[]);
    let mut f = Fight::start(&r, room(&r, "volrik", "troll"), &mut d);
    f.apply(&r, Answer::Stance(Stance::Escape), &mut d).unwrap();
    f.read_card(&r, c, &mut d).unwrap();
    assert_eq!((f.outcome(), f.hero_life()), (Some(Outcome::Escaped), 15));
    // Flee (waiting to see).
    let (c, _) = card(&r, t, Stance::Wait, |x| x == Response::Flee);
    let mut f = Fight::start(&r, room(&r, "volrik", "troll"), &mut d);
    f.apply(&r, Answer::Stance(Stance::Wait), &mut d).unwrap();
    f.read_card(&r, c, &mut d).unwrap();
    assert_eq!((f.outcome(), f.hero_life()), (Some(Outcome::MonsterFled), 15));
    // Slash/Escape by a D6: the forced 4 costs 4 LPs, then the hero is back where he came from.
    let (c, _) = card(&r, t, Stance::Escape, |x| x == Response::SlashEscape(Hit::D6));
    let mut d = dice(&[4]);
    let mut f = Fight::start(&r, room(&r, "volrik", "troll"), &mut d);
    f.apply(&r, Answer::Stance(Stance::Escape), &mut d).unwrap();
    f.read_card(&r, c, &mut d).unwrap();
    assert_eq!((f.outcome(), f.hero_life()), (Some(Outcome::Escaped), 11));
    assert!(d.used_up());
    // Slash/Escape by a number (the Goblin's 1).
    let g = kind(&r, "goblin");
    let (c, _) = card(&r, g, Stance::Escape, |x| x == Response::SlashEscape(Hit::Fixed(1)));
    let mut f = Fight::start(&r, room(&r, "volrik", "goblin"), &mut d);
    f.apply(&r, Answer::Stance(Stance::Escape), &mut d).unwrap();
    f.read_card(&r, c, &mut d).unwrap();
    assert_eq!((f.outcome(), f.hero_life()), (Some(Outcome::Escaped), 14));
    // Slash/Combat by a D6 (the Troll, waiting): slashed, then the rounds.
    let (c, resp) = card(&r, t, Stance::Wait, |x| matches!(x, Response::SlashCombat { slash: Hit::D6, .. }));
    let Response::SlashCombat { life, .. } = resp else { unreachable!() };
    let mut d = dice(&[5]);
    let mut f = Fight::start(&r, room(&r, "volrik", "troll"), &mut d);
    f.apply(&r, Answer::Stance(Stance::Wait), &mut d).unwrap();
    f.read_card(&r, c, &mut d).unwrap();
    assert_eq!((f.pending(), f.hero_life(), f.secret_life()), (Pending::HeroCounter, 10, Some(life)));
    // A slash can kill: the hero has 3 LPs left and the D6 shows 3.
    let mut d = dice(&[3]);
    let enc = Encounter { life_left: 3, ..room(&r, "volrik", "troll") };
    let mut f = Fight::start(&r, enc, &mut d);
    f.apply(&r, Answer::Stance(Stance::Wait), &mut d).unwrap();
    f.read_card(&r, c, &mut d).unwrap();
    assert_eq!((f.outcome(), f.hero_life()), (Some(Outcome::HeroKilled { monster_dead: false }), 0));
}

#[test]
fn death_warrior_and_champion_flee_is_sneaking_past() {
    // "If you get a flee result for the Death Warrior or the Champion of Chaos ... you manage to
    // sneak past them": the same end as a flight.
    let r = rules();
    for id in ["death-warrior", "champion"] {
        let k = kind(&r, id);
        let (c, _) = card(&r, k, Stance::Wait, |x| x == Response::Flee);
        let mut d = dice(&[]);
        let mut f = Fight::start(&r, room(&r, "ulf", id), &mut d);
        f.apply(&r, Answer::Stance(Stance::Wait), &mut d).unwrap();
        f.read_card(&r, c, &mut d).unwrap();
        assert_eq!(f.outcome(), Some(Outcome::MonsterFled), "{id}");
    }
}

/// Straight into the rounds against `life`.
fn rounds(
    r: &ClassicRules,
    hero_id: &str,
    life_left: u8,
    life: u8,
    system: RoundSystem,
    d: &mut Stacked<GameRng>,
) -> Fight {
    let enc = Encounter {
        life_left,
        arrows: 0,
        opening: Opening::Rounds { life },
        rounds: system,
        ..room(r, hero_id, "orc")
    };
    Fight::start(r, enc, d)
}

fn round(f: &mut Fight, r: &ClassicRules, h: Counter, m: Counter) {
    let mut d = dice(&[]);
    f.apply(r, Answer::Counter(h), &mut d).unwrap();
    f.apply(r, Answer::Counter(m), &mut d).unwrap();
}

#[test]
fn every_chart_cell_in_a_round_and_sir_rohans_bonus() {
    let r = rules();
    use Counter::*;
    let mut d = dice(&[]);
    for (h, m, hl, ml) in CHART {
        let mut f = rounds(&r, "ulf", 10, 9, RoundSystem::Counters, &mut d);
        round(&mut f, &r, h, m);
        assert_eq!((10 - f.hero_life(), f.monster_lost()), (hl, ml), "{h:?} vs {m:?}");
        assert_eq!(f.pending(), Pending::HeroCounter);
        // Sir Rohan: the same, but 3 for Mighty Blow against Slash.
        let mut f = rounds(&r, "rohan", 10, 9, RoundSystem::Counters, &mut d);
        round(&mut f, &r, h, m);
        let bonus = u8::from((h, m) == (MightyBlow, Slash));
        assert_eq!((10 - f.hero_life(), f.monster_lost()), (hl, ml + bonus), "Rohan {h:?} vs {m:?}");
    }
    // Rohan's Mighty Blow kills a 3-LP monster in one round where Ulf's does not.
    let mut f = rounds(&r, "rohan", 10, 3, RoundSystem::Counters, &mut d);
    round(&mut f, &r, MightyBlow, Slash);
    assert_eq!((f.outcome(), f.revealed_life()), (Some(Outcome::MonsterKilled), Some(3)));
    let mut f = rounds(&r, "ulf", 10, 3, RoundSystem::Counters, &mut d);
    round(&mut f, &r, MightyBlow, Slash);
    assert_eq!(f.outcome(), None);
}

#[test]
fn a_round_can_kill_both() {
    // Ruling: both lose at once, so both can die in the same round; the hero is dead.
    let r = rules();
    let mut d = dice(&[]);
    let mut f = rounds(&r, "ulf", 1, 1, RoundSystem::Counters, &mut d);
    round(&mut f, &r, Counter::Slash, Counter::Slash);
    assert_eq!(f.outcome(), Some(Outcome::HeroKilled { monster_dead: true }));
    assert_eq!(f.revealed_life(), Some(1));
    let mut f = rounds(&r, "ulf", 1, 2, RoundSystem::Counters, &mut d);
    round(&mut f, &r, Counter::Slash, Counter::Slash);
    assert_eq!((f.outcome(), f.revealed_life()), (Some(Outcome::HeroKilled { monster_dead: false }), None));
}

#[test]
fn solo_table_bands_with_forced_rolls() {
    let r = rules();
    // Each band on its own: (roll, hero loses, monster loses).
    for (roll, hl, ml) in [(1, 1, 0), (3, 1, 0), (4, 1, 1), (6, 1, 1), (7, 0, 1), (9, 0, 1), (10, 0, 2)] {
        // A 2-LP monster and a hero of 5: after the forced roll, monster-only 7s end it.
        let mut d = dice(&[roll, 7, 7]);
        let f = rounds(&r, "ulf", 5, 2, RoundSystem::SoloTable, &mut d);
        assert_eq!(f.outcome(), Some(Outcome::MonsterKilled), "roll {roll}");
        assert_eq!(5 - f.hero_life(), hl, "roll {roll}");
        assert_eq!(f.rounds(), 1 + (2 - ml), "roll {roll}");
    }
    // 11 and 12 are rolled again and count for nothing.
    let mut d = dice(&[11, 12, 11, 10]);
    let f = rounds(&r, "ulf", 5, 2, RoundSystem::SoloTable, &mut d);
    assert_eq!((f.outcome(), f.rounds(), f.hero_life()), (Some(Outcome::MonsterKilled), 1, 5));
    assert!(d.used_up());
    // The hero can die: three 1s against a 3-LP hero.
    let mut d = dice(&[1, 2, 3]);
    let f = rounds(&r, "ulf", 3, 4, RoundSystem::SoloTable, &mut d);
    assert_eq!((f.outcome(), f.monster_lost()), (Some(Outcome::HeroKilled { monster_dead: false }), 0));
    // The solo table has no counters: no decision is ever asked for.
    assert_eq!(f.side(), Side::Nobody);
    // Ruling: Sir Rohan's bonus belongs to his Mighty Blow counter, so a solo 10 costs 2.
    // (Then five 1s kill him, so the loss is read at the end.)
    let mut d = dice(&[10, 1, 1, 1, 1, 1]);
    let f = rounds(&r, "rohan", 5, 3, RoundSystem::SoloTable, &mut d);
    assert_eq!((f.outcome(), f.monster_lost()), (Some(Outcome::HeroKilled { monster_dead: false }), 2));
}

fn el_adoran(r: &ClassicRules, kind_id: &str, arrows: u8) -> Encounter {
    Encounter { arrows, ..room(r, "el-adoran", kind_id) }
}

#[test]
fn the_bow_fires_once_before_and_once_after_the_card_only_when_attacking() {
    let r = rules();
    let k = kind(&r, "orc");
    let (c, _) = card(&r, k, Stance::Attack, |x| matches!(x, Response::Combat { .. }));
    // Two misses (1, 2): before the card, after it, then the rounds: no third arrow.
    let mut d = dice(&[1, 2]);
    let mut f = Fight::start(&r, el_adoran(&r, "orc", 4), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    assert_eq!(f.pending(), Pending::Bow(BowWindow::BeforeCard));
    assert_eq!(legal(&f), [Answer::Fire, Answer::Hold]);
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    assert_eq!(f.pending(), Pending::MonsterCard);
    f.read_card(&r, c, &mut d).unwrap();
    assert_eq!(f.pending(), Pending::Bow(BowWindow::AfterCard));
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    assert_eq!((f.pending(), f.arrows_left(), f.arrows_fired(), f.monster_lost()), (Pending::HeroCounter, 2, 2, 0));
    assert!(d.used_up());
    // Holding before the card still leaves the one after it; at most two in any case.
    let mut d = dice(&[2]);
    let mut f = Fight::start(&r, el_adoran(&r, "orc", 4), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    f.apply(&r, Answer::Hold, &mut d).unwrap();
    f.read_card(&r, c, &mut d).unwrap();
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    assert_eq!((f.pending(), f.arrows_left()), (Pending::HeroCounter, 3));
    // One arrow left: fired before the card, none after.
    let mut d = dice(&[1]);
    let mut f = Fight::start(&r, el_adoran(&r, "orc", 1), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    f.read_card(&r, c, &mut d).unwrap();
    assert_eq!((f.pending(), f.arrows_left()), (Pending::HeroCounter, 0));
    // No arrows: attacking goes straight to the card.
    let mut f = Fight::start(&r, el_adoran(&r, "orc", 0), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    assert_eq!(f.pending(), Pending::MonsterCard);
    // Waiting or escaping: no bow, before or after.
    for s in [Stance::Wait, Stance::Escape] {
        let (c, _) = card(&r, k, s, |x| matches!(x, Response::Combat { .. } | Response::SlashCombat { .. }));
        let mut d = dice(&[]);
        let mut f = Fight::start(&r, el_adoran(&r, "orc", 4), &mut d);
        f.apply(&r, Answer::Stance(s), &mut d).unwrap();
        assert_eq!(f.pending(), Pending::MonsterCard, "{s:?}");
        f.read_card(&r, c, &mut d).unwrap();
        assert!(matches!(f.pending(), Pending::HeroCounter | Pending::Over(_)), "{s:?}");
        assert_eq!(f.arrows_left(), 4);
    }
    // Another hero has no bow.
    let mut f = Fight::start(&r, room(&r, "ulf", "orc"), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    assert_eq!(f.pending(), Pending::MonsterCard);
}

#[test]
fn arrows_wound_kill_and_are_wasted_on_a_flight() {
    let r = rules();
    let k = kind(&r, "orc");
    // Killed before the card: the combat is over, no card is drawn.
    let mut d = dice(&[6]);
    let mut f = Fight::start(&r, el_adoran(&r, "orc", 4), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    assert_eq!((f.outcome(), f.arrows_left()), (Some(Outcome::MonsterKilled), 3));
    // Wounded before the card (3, then a 5: 2 LPs), against a 2-LP card: dead when read.
    let (c2, _) = card(&r, k, Stance::Attack, |x| x == Response::Combat { life: 2 });
    let mut d = dice(&[3, 5]);
    let mut f = Fight::start(&r, el_adoran(&r, "orc", 4), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    assert_eq!((f.pending(), f.monster_lost()), (Pending::MonsterCard, 2));
    f.read_card(&r, c2, &mut d).unwrap();
    assert_eq!((f.outcome(), f.revealed_life()), (Some(Outcome::MonsterKilled), Some(2)));
    // Wounded for half a D6 rounded down: a 1 does nothing.
    let (c3, _) = card(&r, k, Stance::Attack, |x| x == Response::Combat { life: 3 });
    let mut d = dice(&[3, 1, 4, 6]);
    let mut f = Fight::start(&r, el_adoran(&r, "orc", 4), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    assert_eq!(f.monster_lost(), 0);
    f.read_card(&r, c3, &mut d).unwrap();
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    // 4 wounds, the 6 halves to 3: the 3-LP monster dies after the card.
    assert_eq!((f.outcome(), f.monster_lost()), (Some(Outcome::MonsterKilled), 3));
    // Fired before the card, then the monster flees: the arrow is wasted.
    let (cf, _) = card(&r, k, Stance::Attack, |x| x == Response::Flee);
    let mut d = dice(&[3, 6]);
    let mut f = Fight::start(&r, el_adoran(&r, "orc", 4), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    f.read_card(&r, cf, &mut d).unwrap();
    assert_eq!((f.outcome(), f.arrows_left()), (Some(Outcome::MonsterFled), 3));
}

#[test]
fn the_champion_of_chaos_takes_three_from_the_first_kill() {
    let r = rules();
    let k = kind(&r, "champion");
    let (c, resp) = card(&r, k, Stance::Attack, |x| matches!(x, Response::Combat { .. }));
    let Response::Combat { life } = resp else { unreachable!() };
    assert!(life > 3);
    // First Killed: 3 LPs, the fight goes on; second Killed: dead.
    let mut d = dice(&[6, 6]);
    let mut f = Fight::start(&r, el_adoran(&r, "champion", 4), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    assert_eq!((f.pending(), f.monster_lost()), (Pending::MonsterCard, 3));
    f.read_card(&r, c, &mut d).unwrap();
    assert_eq!(f.pending(), Pending::Bow(BowWindow::AfterCard));
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    assert_eq!((f.outcome(), f.revealed_life()), (Some(Outcome::MonsterKilled), Some(life)));
    // Another monster dies from the first Killed result.
    let mut d = dice(&[6]);
    let mut f = Fight::start(&r, el_adoran(&r, "troll", 4), &mut d);
    f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
    f.apply(&r, Answer::Fire, &mut d).unwrap();
    assert_eq!(f.outcome(), Some(Outcome::MonsterKilled));
    let mut d = dice(&[]);
    let enc = Encounter { opening: Opening::Rounds { life: 4 }, ..el_adoran(&r, "champion", 4) };
    let f = Fight::start(&r, enc, &mut d);
    // Straight to the rounds: no bow (the bow belongs to the reaction "attack").
    assert_eq!((f.pending(), f.arrows_left()), (Pending::HeroCounter, 4));
}

#[test]
fn sneak_attack_hits_first_and_allows_attack_or_escape() {
    let r = rules();
    // Sir Rohan, Luck 4: a D12 of 10 costs 6.
    let mut d = dice(&[10]);
    let enc = Encounter { opening: Opening::SneakAttack, ring_of_blinding: true, ..room(&r, "rohan", "orc") };
    let f = Fight::start(&r, enc, &mut d);
    assert_eq!((f.pending(), f.hero_life()), (Pending::Reaction, 11));
    // No wait and see, and the Ring of Blinding does not work against a Sneak Attack.
    assert_eq!(legal(&f), [Answer::Stance(Stance::Attack), Answer::Stance(Stance::Escape)]);
    // A roll at or below Luck costs nothing.
    let mut d = dice(&[4]);
    let f = Fight::start(&r, enc, &mut d);
    assert_eq!(f.hero_life(), 17);
    // It can kill.
    let mut d = dice(&[12]);
    let f = Fight::start(&r, Encounter { life_left: 8, ..enc }, &mut d);
    assert_eq!(f.outcome(), Some(Outcome::HeroKilled { monster_dead: false }));
}

#[test]
fn the_ring_of_blinding_defeats_a_room_monster() {
    let r = rules();
    let mut d = dice(&[]);
    let mut f = Fight::start(&r, Encounter { ring_of_blinding: true, ..room(&r, "volrik", "champion") }, &mut d);
    assert!(legal(&f).contains(&Answer::Blind));
    f.apply(&r, Answer::Blind, &mut d).unwrap();
    assert_eq!(f.outcome(), Some(Outcome::MonsterBlinded));
}

#[test]
fn a_fight_is_small_and_copy() {
    fn copy<T: Copy>() {}
    copy::<Fight>();
    assert!(std::mem::size_of::<Fight>() <= 40, "{}", std::mem::size_of::<Fight>());
}

// --- exact chains against Monte Carlo ---

/// A counter drawn from `mix` with the bot-like stream `rng`.
fn pick(rng: &mut GameRng, mix: [f64; 3]) -> Counter {
    let u = rng.below(1 << 24) as f64 / (1u64 << 24) as f64;
    if u < mix[0] {
        Counter::MightyBlow
    } else if u < mix[0] + mix[1] {
        Counter::Slash
    } else {
        Counter::LeapAside
    }
}

/// Plays a fight's counter rounds out with both mixes.
fn play_rounds(
    f: &mut Fight,
    r: &ClassicRules,
    hero: [f64; 3],
    monster: [f64; 3],
    bots: &mut GameRng,
    d: &mut GameRng,
) {
    while f.outcome().is_none() {
        let mix = if f.side() == Side::Hero { hero } else { monster };
        f.apply(r, Answer::Counter(pick(bots, mix)), d).unwrap();
    }
}

/// Monte Carlo P(hero dies) and mean LPs lost, against the exact values, within 4 sigma.
fn agree(label: &str, n: u32, exact_p: f64, exact_loss: f64, mut one: impl FnMut(u32) -> (bool, u8)) {
    let (mut dead, mut loss, mut loss2) = (0u32, 0f64, 0f64);
    for i in 0..n {
        let (d, l) = one(i);
        dead += u32::from(d);
        loss += f64::from(l);
        loss2 += f64::from(l) * f64::from(l);
    }
    let nf = f64::from(n);
    let p = f64::from(dead) / nf;
    let se = (exact_p * (1.0 - exact_p) / nf).sqrt().max(1e-9);
    assert!((p - exact_p).abs() < 4.0 * se, "{label}: P(dies) {p} vs exact {exact_p} (se {se})");
    let mean = loss / nf;
    let var = (loss2 / nf - mean * mean).max(1e-9);
    let se = (var / nf).sqrt();
    assert!((mean - exact_loss).abs() < 4.0 * se, "{label}: mean loss {mean} vs exact {exact_loss} (se {se})");
}

const UNIFORM: [f64; 3] = [1.0 / 3.0; 3];
/// The chart's minimax mixes (hand solution, checked against the solver in dq-bots):
/// hero (Mighty Blow, Slash, Leap Aside) = (3, 4, 5)/12, monster (4, 3, 5)/12.
const EQ_HERO: [f64; 3] = [3.0 / 12.0, 4.0 / 12.0, 5.0 / 12.0];
const EQ_MONSTER: [f64; 3] = [4.0 / 12.0, 3.0 / 12.0, 5.0 / 12.0];

#[test]
fn exact_counter_chains_match_monte_carlo() {
    let r = rules();
    for (label, hero_id, life_left, life, hm, mm) in [
        ("uniform", "ulf", 4u8, 5u8, UNIFORM, UNIFORM),
        ("equilibrium", "volrik", 3, 4, EQ_HERO, EQ_MONSTER),
        ("rohan uniform", "rohan", 3, 6, UNIFORM, UNIFORM),
    ] {
        let h = hero(&r, hero_id);
        let model = RoundModel::Counters { chart: r.chart_for(h), hero: hm, monster: mm };
        let e = exact(life_left, &[(life, 1.0)], 0, &model);
        assert!((e.hero_dies + e.monster_dies - 1.0).abs() < 1e-12);
        let mut bots = GameRng::new(7, 0, Stream::Bot);
        let mut d = rng(1);
        agree(label, 6000, e.hero_dies, e.expected_loss(life_left), |_| {
            let enc = Encounter { life_left, opening: Opening::Rounds { life }, ..room(&r, hero_id, "orc") };
            let mut f = Fight::start(&r, enc, &mut d);
            play_rounds(&mut f, &r, hm, mm, &mut bots, &mut d);
            (matches!(f.outcome(), Some(Outcome::HeroKilled { .. })), life_left - f.hero_life())
        });
    }
}

#[test]
fn exact_solo_chain_matches_monte_carlo() {
    let r = rules();
    let e = exact(4, &[(5, 1.0)], 0, &RoundModel::Solo(r.solo));
    let mut d = rng(2);
    agree("solo", 6000, e.hero_dies, e.expected_loss(4), |_| {
        let enc = Encounter {
            life_left: 4,
            opening: Opening::Rounds { life: 5 },
            rounds: RoundSystem::SoloTable,
            ..room(&r, "ulf", "orc")
        };
        let f = Fight::start(&r, enc, &mut d);
        (matches!(f.outcome(), Some(Outcome::HeroKilled { .. })), 4 - f.hero_life())
    });
}

/// The whole encounter (attack, a Monster card drawn at random) against the chain over the
/// card's life distribution: the Death Warrior under attack is either a plain combat or a
/// sneak-past, so the combats alone follow the chain.
#[test]
fn exact_chain_over_the_card_lives_matches_whole_encounters() {
    let r = rules();
    let k = kind(&r, "death-warrior");
    let lives: Vec<u8> = r
        .monster_cards
        .iter()
        .filter_map(|c| match c.read(k, Stance::Attack) {
            Response::Combat { life } => Some(life),
            Response::Flee => None,
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    let w = 1.0 / lives.len() as f64;
    let dist: Vec<(u8, f64)> = lives.iter().map(|&l| (l, w)).collect();
    let ulf = hero(&r, "ulf");
    let model = RoundModel::Counters { chart: r.chart_for(ulf), hero: UNIFORM, monster: UNIFORM };
    let e = exact(6, &dist, 0, &model);
    let mut bots = GameRng::new(8, 0, Stream::Bot);
    let mut d = rng(3);
    let mut shuffle = GameRng::new(9, 0, Stream::Shuffle);
    let mut fights = 0;
    let mut results = Vec::new();
    while fights < 5000 {
        let enc = Encounter { life_left: 6, ..room(&r, "ulf", "death-warrior") };
        let mut f = Fight::start(&r, enc, &mut d);
        f.apply(&r, Answer::Stance(Stance::Attack), &mut d).unwrap();
        f.read_card(&r, shuffle.below(r.monster_cards.len() as u32) as u8, &mut d).unwrap();
        if f.outcome() == Some(Outcome::MonsterFled) {
            continue;
        }
        fights += 1;
        play_rounds(&mut f, &r, UNIFORM, UNIFORM, &mut bots, &mut d);
        results.push((matches!(f.outcome(), Some(Outcome::HeroKilled { .. })), 6 - f.hero_life()));
    }
    agree("death warrior cards", results.len() as u32, e.hero_dies, e.expected_loss(6), |i| results[i as usize]);
}
