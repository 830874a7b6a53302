//! Chaos mode: the placement orders, the building and populating phases of a seeded game,
//! and one test per rule with stacked decks and forced dice. Rulings are in docs/rulings.md
//! ("Dealing Dungeons, Chaos").

use crate::core::{DecisionGame, NoObserver};
use crate::dealing_dungeons::combat::{Answer, BossAnswer};
use crate::dealing_dungeons::data::Side;
use crate::dealing_dungeons::game::{
    chaos_target, Ask, ChaosPhase, DealingChoice as C, DealingConfig, DealingEvent, DealingGame, DealingSetup, End,
    Laid, Mode, RoomCard, SeatSetup,
};
use crate::dealing_dungeons::DealingRules;
use std::sync::OnceLock;

fn rules() -> &'static DealingRules {
    static R: OnceLock<DealingRules> = OnceLock::new();
    R.get_or_init(DealingRules::standard)
}

fn room(id: &str) -> u8 {
    rules().rooms.iter().position(|r| r.id == id).unwrap() as u8
}

fn enc(id: &str) -> u8 {
    rules().encounter(id).unwrap()
}

fn loot(id: &str) -> u8 {
    rules().loot.iter().position(|r| r.id == id).unwrap() as u8
}

fn boss(id: &str) -> u8 {
    rules().bosses.iter().position(|b| b.id == id).unwrap() as u8
}

/// Seat 0 (a Barbarian, +1 Combat): entrance (0), Crossroads 1 (a face-down Goblin) and 2
/// (empty) northwards, the Treasure Room (3). Seat 1 (a Knight): entrance, Crossroads 1
/// (empty), Treasure Room (2).
fn corridor(dice: Vec<u8>) -> DealingSetup {
    let cross = |from: u8, monster: Option<u8>| Laid {
        seat: 0,
        from,
        side: Side::North,
        card: Some(room("cross")),
        turns: 0,
        monster,
    };
    let treasure = |seat: u8, from: u8| Laid { seat, from, side: Side::North, card: None, turns: 0, monster: None };
    let hall = Laid { seat: 1, ..cross(0, None) };
    let seats = vec![
        SeatSetup { deck: Some(vec![]), ..SeatSetup::hero(rules().hero("barbarian").unwrap()) },
        SeatSetup { deck: Some(vec![]), ..SeatSetup::hero(rules().hero("knight").unwrap()) },
    ];
    DealingSetup {
        seats,
        mode: Mode::Chaos,
        laid: vec![cross(0, Some(enc("goblin"))), cross(1, None), treasure(0, 2), hall, treasure(1, 1)],
        dice,
        ..DealingSetup::default()
    }
}

fn game(setup: &DealingSetup) -> DealingGame<'static> {
    DealingGame::from_setup(rules(), setup, 1, &mut NoObserver).unwrap()
}

fn play(g: &mut DealingGame<'_>, c: C) -> Vec<DealingEvent> {
    let legal = g.legal().clone();
    let mut ev = Vec::new();
    g.apply(c, &mut |e| ev.push(e)).unwrap_or_else(|e| panic!("{e}; legal {legal:?}"));
    ev
}

fn ask(g: &DealingGame<'_>) -> (u8, Ask) {
    let d = g.pending().unwrap();
    (d.seat, d.ask)
}

#[test]
fn dealing_chaos_placement_orders_left_right_across_self() {
    // Seat 0's targets, round by round: the left is the next seat clockwise.
    let of = |n: u8| (0..10).map(|k| chaos_target(n, k, 0)).collect::<Vec<_>>();
    assert_eq!(of(4), [1, 3, 2, 0, 1, 3, 2, 0, 1, 0], "L R A S L R A S, then L and S");
    assert_eq!(of(3), [1, 2, 0, 1, 2, 0, 1, 2, 0, 1], "L R S until ten cards");
    assert_eq!(of(2), [1, 0, 1, 0, 1, 0, 1, 0, 1, 0], "across, self");
    // Every dungeon takes one card a round.
    for n in 2..=4u8 {
        for k in 0..10 {
            let mut hit = 0u8;
            for s in 0..n {
                hit |= 1 << chaos_target(n, k, s);
            }
            assert_eq!(hit, (1 << n) - 1, "{n} players round {k}");
        }
    }
}

#[test]
fn dealing_chaos_setup_builds_and_populates_every_dungeon_by_the_others() {
    for n in 2..=4usize {
        let mut g = DealingGame::new(rules(), &DealingConfig::chaos(n), 3, n as u64, &mut NoObserver).unwrap();
        assert_eq!(ask(&g), (g.first(), Ask::Lay), "the first player lays first");
        for s in 0..n as u8 {
            assert_eq!(g.chaos().hands[s as usize].len(), 10, "10 Encounter cards dealt to each");
            assert_eq!(g.player(s).deck.len(), 11, "10 room cards and the Treasure Room");
        }
        let mut built = Vec::new();
        while g.chaos().phase != ChaosPhase::Play {
            let c = g.legal()[0];
            let (s, a) = ask(&g);
            let ev = play(&mut g, c);
            if a == Ask::Place {
                built.extend(ev.iter().filter_map(|e| match e {
                    DealingEvent::Built { seat, .. } => Some((s, *seat)),
                    _ => None,
                }));
            }
        }
        let first = g.first();
        assert_eq!(built[0], (first, chaos_target(n as u8, 0, first)), "round 1 goes into another dungeon");
        assert_ne!(built[0].0, built[0].1);
        for s in 0..n as u8 {
            let d = g.dungeon(s);
            let treasure = d.iter().position(|r| r.card == RoomCard::Treasure);
            if g.chaos().set_aside == 0 {
                assert_eq!(d.len(), 12, "entrance, 10 rooms, Treasure Room");
                assert!(treasure.is_some());
                let face_down = g.chaos().hidden[s as usize].iter().filter(|&&c| c != u8::MAX).count();
                assert_eq!(face_down, 10, "a face-down card in every room");
            }
            assert!(g.player(s).deck.is_empty());
            assert!(g.chaos().hands[s as usize].is_empty());
        }
        assert_eq!(ask(&g).1, Ask::Action, "play begins");
    }
}

#[test]
fn dealing_chaos_a_face_down_card_is_met_on_entry_not_the_deck_top() {
    let mut s = corridor(vec![6, 6]);
    s.encounter_tops = vec![enc("troll")];
    s.loot_tops = vec![loot("coins")];
    let mut g = game(&s);
    assert_eq!(ask(&g), (0, Ask::Action));
    assert!(!g.legal().contains(&C::Build), "dungeons are built in the set-up");
    assert!(!g.legal().contains(&C::Move(2)), "the move stops in the unresolved room");
    let ev = play(&mut g, C::Move(1));
    assert!(ev.contains(&DealingEvent::Encounter { seat: 0, card: enc("goblin") }), "{ev:?}");
    assert_eq!(ask(&g), (0, Ask::Fight));
    let ev = play(&mut g, C::Combat(Answer::Fight));
    assert!(ev.contains(&DealingEvent::Loot { seat: 0, card: loot("coins") }), "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, DealingEvent::AttackedBack(_))), "a defeated monster cannot attack");
}

#[test]
fn dealing_chaos_monsters_attack_back_on_a_1() {
    // Goblin attack 5: 2 + 2 + 1 ties (safe), then 1D6 = 1: a wound.
    let mut g = game(&corridor(vec![2, 2, 1]));
    play(&mut g, C::Move(1));
    let ev = play(&mut g, C::Combat(Answer::Fight));
    assert!(ev.contains(&DealingEvent::AttackedBack(0)), "{ev:?}");
    assert_eq!(g.player(0).lives, 2);
    // A 2 does nothing.
    let mut g = game(&corridor(vec![2, 2, 2]));
    play(&mut g, C::Move(1));
    play(&mut g, C::Combat(Answer::Fight));
    assert_eq!(g.player(0).lives, 3);
}

#[test]
fn dealing_chaos_shared_boss_minion_without_loot_and_healing_on_arrival() {
    // Seat 0 in room 2 (cleared): into the Treasure Room. Red Dragon (4 lives, Fury 1) +1.
    let mut s = corridor(vec![
        6, 6, // the minion (Goblin) falls
        1, 1, 1, // the boss's dice (3 + Fury 1 = 4)
        6, 6, // 13 beats 4: a wound
        1, 1, 1, // its next round's dice
        6, // no attack back
        5, // seat 1 arrives: 1D6 = 5 heals 2 (to its most)
    ]);
    s.seats[0].at = 2;
    s.laid[0].monster = None;
    s.boss_tops = vec![boss("red-dragon")];
    s.encounter_tops = vec![enc("darkness"), enc("goblin"), enc("orc")];
    let mut g = game(&s);
    let ev = play(&mut g, C::Move(3));
    assert!(ev.contains(&DealingEvent::BossDrawn { seat: 0, boss: boss("red-dragon") }));
    assert!(ev.contains(&DealingEvent::Minion { card: enc("goblin") }), "the Darkness is discarded: {ev:?}");
    assert_eq!(g.chaos().boss, Some((boss("red-dragon"), 5, 5)), "one extra life");
    assert_eq!(ask(&g), (0, Ask::Fight), "the minion first");
    let ev = play(&mut g, C::Combat(Answer::Fight));
    assert!(!ev.iter().any(|e| matches!(e, DealingEvent::Loot { .. })), "minions drop no loot: {ev:?}");
    assert_eq!(ask(&g), (0, Ask::Boss), "the boss at once, the same turn");
    play(&mut g, C::Boss(BossAnswer::Fight));
    assert_eq!(g.chaos().boss, Some((boss("red-dragon"), 4, 5)));
    assert_eq!(ask(&g), (1, Ask::Action), "seat 1's turn");
    let ev = play(&mut g, C::Move(2));
    assert!(ev.contains(&DealingEvent::BossHealed { lives: 5 }), "{ev:?}");
    assert!(ev.contains(&DealingEvent::Minion { card: enc("orc") }));
    assert!(!ev.iter().any(|e| matches!(e, DealingEvent::BossDrawn { .. })), "one boss for all");
}

#[test]
fn dealing_chaos_a_new_minion_each_turn_and_the_most_loot_wins_after_doors_are_paid() {
    let mut s = corridor(vec![
        6, 6, // the minion falls
        1, 1, 1, // boss dice
        6, 6, // the last wound
    ]);
    s.seats[0].at = 2;
    s.laid[0].monster = None;
    s.seats[1].hand = vec![loot("magic-sword")];
    s.seats[1].potion = true;
    s.boss_tops = vec![boss("red-dragon")];
    s.encounter_tops = vec![enc("goblin")];
    s.loot_tops = ["purse", "coins", "goblet"].map(loot).to_vec();
    let mut g = game(&s);
    // The boss already met and down to its last life; seat 0 used two Secret Door tokens.
    g.chaos_mut().boss = Some((boss("red-dragon"), 1, 1));
    g.chaos_mut().tokens_used[0] = 2;
    play(&mut g, C::Move(3));
    play(&mut g, C::Combat(Answer::Fight));
    let ev = play(&mut g, C::Boss(BossAnswer::Fight));
    assert!(ev.contains(&DealingEvent::Over(End::Boss(0))), "{ev:?}");
    // 10 + 5 + 15, less the cheapest card for the token past the free one: 25.
    assert_eq!(g.tally(0), 25);
    assert_eq!(g.tally(1), 30, "an In Hand card and the potion token");
    assert!(g.won(1) && !g.won(0), "the most loot wins, not the boss's killer");
    assert!(g.is_over());
}

#[test]
fn dealing_chaos_a_minion_returns_at_the_start_of_the_next_turn() {
    let mut s = corridor(vec![
        6, 6, // minion 1 falls
        1, 1, 1, // boss dice
        2, 2, // 2 + 2 + 1 = 5 beats 4: a wound
        1, 1, 1, 6, // next boss dice, no attack back
    ]);
    s.seats[0].at = 2;
    s.laid[0].monster = None;
    s.boss_tops = vec![boss("red-dragon")];
    s.encounter_tops = vec![enc("goblin"), enc("orc")];
    let mut g = game(&s);
    play(&mut g, C::Move(3));
    play(&mut g, C::Combat(Answer::Fight));
    play(&mut g, C::Boss(BossAnswer::Fight));
    assert_eq!(ask(&g), (1, Ask::Action));
    play(&mut g, C::Move(1));
    let (seat, a) = ask(&g);
    assert_eq!((seat, a), (0, Ask::Fight), "a new minion before the boss");
    assert_eq!(g.dungeon(0)[3].monster.map(|m| m.card), Some(enc("orc")));
}

#[test]
fn dealing_chaos_a_dungeon_with_no_open_doorway_takes_the_placers_secret_door_token() {
    // A table one space deep: the entrances' doorways face its edge.
    let seats = vec![
        SeatSetup { deck: Some(vec![room("hall-ew")]), ..SeatSetup::hero(rules().hero("barbarian").unwrap()) },
        SeatSetup { deck: Some(vec![]), ..SeatSetup::hero(rules().hero("knight").unwrap()) },
    ];
    let s = DealingSetup { seats, mode: Mode::Chaos, table: Some((20, 1)), ..DealingSetup::default() };
    let mut g = DealingGame::from_setup(rules(), &s, 1, &mut NoObserver).unwrap();
    let tokens = g.door_tokens();
    // Round 1 (two players: across): seat 0 into seat 1's dungeon, its free token on the
    // entrance's first blank wall onto a free space (East), the card off it.
    assert_eq!(ask(&g), (0, Ask::Lay));
    assert_eq!(g.dungeon(1)[0].secret, Side::East.bit());
    assert_eq!(g.chaos().tokens_used, [1, 0, 0, 0]);
    play(&mut g, C::Card(1));
    assert_eq!(g.legal().as_slice(), &[C::Spot { room: 0, side: Side::East }]);
    play(&mut g, C::Spot { room: 0, side: Side::East });
    let c = g.legal()[0];
    let ev = play(&mut g, c);
    assert!(ev.iter().any(|e| matches!(e, DealingEvent::Built { seat: 1, room: 1, .. })), "{ev:?}");
    // Seat 0's own Treasure Room: a second token, from the box (to be paid for in loot).
    assert_eq!(ask(&g), (0, Ask::Spot));
    assert_eq!(g.chaos().tokens_used, [2, 0, 0, 0]);
    assert_eq!(g.door_tokens(), tokens - 1, "the free token is not the box's");
    play(&mut g, C::Spot { room: 0, side: Side::East });
    let c = g.legal()[0];
    play(&mut g, c);
    // Seat 1 lays its Treasure Room off the Gallery without a token.
    assert_eq!(ask(&g), (1, Ask::Spot));
    assert_eq!(g.chaos().tokens_used, [2, 0, 0, 0]);
    play(&mut g, C::Spot { room: 1, side: Side::East });
    let c = g.legal()[0];
    play(&mut g, c);
    assert_eq!(g.chaos().phase, ChaosPhase::Play);
    assert_eq!(ask(&g), (0, Ask::Action));
}

/// Encounter cards of a Chaos game wherever they are hidden or held (pile, hands, face down),
/// sorted: a resample moves them, never adds or loses one.
fn hidden_encounters(g: &DealingGame<'_>) -> Vec<u8> {
    let mut v: Vec<u8> = g.encounter_piles_cards().to_vec();
    for s in 0..g.seats() as usize {
        v.extend(&g.chaos().hands[s]);
        v.extend(g.chaos().hidden[s].iter().filter(|&&c| c != u8::MAX));
    }
    v.sort_unstable();
    v
}

#[test]
fn dealing_chaos_resample_hides_the_other_hands_during_setup() {
    use crate::core::fuzz;
    use crate::core::rng::{GameRng, Stream};
    let (mut room_hands_changed, mut boxed, mut encounter_hands_changed, mut cases) = (0, 0, 0, 0);
    for n in 2..=4usize {
        for i in 0..40u64 {
            let mut g = DealingGame::new(rules(), &DealingConfig::chaos(n), 9, i, &mut NoObserver).unwrap();
            let mut rng = GameRng::new(9, i, Stream::Bot);
            // Somewhere in the building or the populating phase.
            for _ in 0..(i * 7 % 130) {
                if g.chaos().phase == ChaosPhase::Play {
                    break;
                }
                let c = g.legal()[rng.below(g.legal().len() as u32) as usize];
                play(&mut g, c);
            }
            if g.chaos().phase == ChaosPhase::Play {
                continue;
            }
            cases += 1;
            let decider = g.pending().unwrap().seat;
            for seat in [decider, (decider + 1) % n as u8] {
                let mut copy = g.clone();
                copy.resample(seat, &mut GameRng::new(9, i + 100 * seat as u64, Stream::Bot));
                // What the seat saw stays: the table, its own hands, the cards it laid face down.
                for t in 0..n as u8 {
                    assert_eq!(g.dungeon(t), copy.dungeon(t));
                    let (a, b) = (&g.player(t).deck, &copy.player(t).deck);
                    assert_eq!(a.len(), b.len());
                    let treasure = |d: &[RoomCard]| d.iter().map(|c| *c == RoomCard::Treasure).collect::<Vec<_>>();
                    assert_eq!(treasure(a), treasure(b), "the Treasure Room cards stay");
                    let (ha, hb) = (&g.chaos().hands[t as usize], &copy.chaos().hands[t as usize]);
                    assert_eq!(ha.len(), hb.len());
                    if t == seat {
                        assert_eq!(a, b, "seat {seat}'s own room cards");
                        assert_eq!(ha, hb, "seat {seat}'s own Encounter cards");
                    } else {
                        room_hands_changed += (a != b) as u32;
                        encounter_hands_changed += (ha != hb) as u32;
                        let had = |k: &RoomCard| (0..n).any(|u| g.player(u as u8).deck.contains(k));
                        boxed += b.iter().any(|k| !had(k)) as u32;
                    }
                    for r in 0..crate::dealing_dungeons::game::MAX_ROOMS {
                        let (x, y) = (g.chaos().hidden[t as usize][r], copy.chaos().hidden[t as usize][r]);
                        assert_eq!(x == u8::MAX, y == u8::MAX, "face-down cards stay where they are");
                    }
                }
                assert_eq!(hidden_encounters(&g), hidden_encounters(&copy), "Encounter cards are moved, not made");
                // No room card twice more than the box holds.
                let mut count = vec![0usize; rules().rooms.len()];
                for t in 0..n as u8 {
                    let laid = copy.dungeon(t).iter().map(|r| r.card);
                    for c in laid.chain(copy.player(t).deck.iter().copied()) {
                        if let RoomCard::Deck(k) = c {
                            count[k as usize] += 1;
                        }
                    }
                }
                for (k, &c) in count.iter().enumerate() {
                    let copies = rules().room_deck.iter().filter(|&&x| x as usize == k).count();
                    assert!(c <= copies, "room card {k} {c} times, the box has {copies}");
                }
                if seat == decider {
                    assert_eq!(g.legal(), copy.legal(), "the seat's own choices stay");
                }
                for c in copy.legal().iter() {
                    assert!(copy.clone().apply(*c, &mut NoObserver).is_ok(), "{c:?} listed and legal");
                }
                fuzz(&mut copy, &mut rng, 100_000, &mut NoObserver, |g, _, _, _| super::game_fuzz::invariants(g))
                    .unwrap();
                assert!(copy.is_over());
            }
        }
    }
    println!("{cases} set-ups: room hands changed {room_hands_changed}, from the box {boxed}, encounter hands changed {encounter_hands_changed}");
    assert!(cases > 60);
    assert!(room_hands_changed > cases && encounter_hands_changed > 2 * cases && boxed > cases / 2);
}
