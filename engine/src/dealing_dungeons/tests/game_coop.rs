//! Co-Op mode: random games, the invariants of a shared dungeon, and one test per rule with
//! stacked decks and forced dice. Rulings are in docs/rulings.md ("Dealing Dungeons, Co-Op").

use crate::core::rng::{GameRng, Stream};
use crate::core::{fuzz, DecisionGame, NoObserver};
use crate::dealing_dungeons::data::Side;
use crate::dealing_dungeons::game::table::{opposite, step, NO_LINK};
use crate::dealing_dungeons::game::{CoopPhase, DealingGame, RoomCard};

/// What must hold in every Co-Op position.
pub(super) fn invariants(g: &DealingGame<'_>) -> Result<(), String> {
    let rules = g.rules();
    let m = &rules.modes;
    let (w, d) = rules.geometry.table_spaces;
    let dn = g.dungeon(0);
    let c = g.coop();
    let mut encounters = g.encounter_piles().0 + g.encounter_piles().1;
    let mut spaces: Vec<(i8, i8)> = Vec::new();
    for s in 0..g.seats() {
        let p = g.player(s);
        if p.lives > m.max_lives || (p.alive() && p.lives == 0) {
            return Err(format!("seat {s} has {} lives", p.lives));
        }
        if p.level < 1 || p.level > g.max_level() {
            return Err(format!("seat {s} at level {}", p.level));
        }
        if p.at as usize >= dn.len() {
            return Err(format!("seat {s} stands in room {} of {}", p.at, dn.len()));
        }
        if g.dungeon(s).len() != dn.len() {
            return Err("every seat sees the one dungeon".into());
        }
        if p.deck.iter().any(|&r| !matches!(r, RoomCard::Deck(_))) {
            return Err(format!("seat {s} holds a card that is not a room card"));
        }
        if !matches!(c.phase, CoopPhase::Build | CoopPhase::Treasure | CoopPhase::FillOut) && !p.deck.is_empty() {
            return Err(format!("seat {s} still holds room cards in phase {:?}", c.phase));
        }
        encounters += p.dashboard.len();
        if c.phase == CoopPhase::Boss && p.playing() && p.at != c.treasure {
            return Err(format!("seat {s} is not in the Treasure Room after the vortex"));
        }
    }
    encounters += c.minions.iter().flatten().count();
    for (k, r) in dn.iter().enumerate() {
        if r.x < 0 || r.y < 0 || r.x >= w as i8 || r.y >= d as i8 || spaces.contains(&(r.x, r.y)) {
            return Err(format!("room {k} off the table or on another card at ({}, {})", r.x, r.y));
        }
        spaces.push((r.x, r.y));
        for side in Side::ALL {
            let (dx, dy) = step(side);
            let (nx, ny) = (r.x + dx, r.y + dy);
            let on = (0..w as i8).contains(&nx) && (0..d as i8).contains(&ny);
            let card = dn.iter().position(|q| q.x == nx && q.y == ny);
            if (r.open & side.bit() != 0) != (on && card.is_none()) {
                return Err(format!("room {k}: open side {side:?} is stale"));
            }
            let link = card.filter(|&q| r.doors & side.bit() != 0 && dn[q].doors & opposite(side).bit() != 0);
            if r.links[side as usize] != link.map_or(NO_LINK, |q| q as u8) {
                return Err(format!("room {k}: link {side:?} is stale"));
            }
        }
        let hidden = c.hidden[k] != u8::MAX;
        if r.fresh != hidden || (hidden && r.monster.is_some()) {
            return Err(format!("room {k}: face down {hidden}, reset {}, monster {:?}", r.fresh, r.monster));
        }
        if hidden && (k == 0 || r.card == RoomCard::Treasure) {
            return Err(format!("room {k}: an Encounter card on the entrance or the Treasure Room"));
        }
        encounters += hidden as usize + r.monster.is_some() as usize;
        if k > 0 {
            let parent = &dn[r.parent as usize];
            if (parent.x - r.x).abs() + (parent.y - r.y).abs() != 1 {
                return Err(format!("room {k} is not next to the room it was built from"));
            }
        }
    }
    if encounters != g.encounter_cards() {
        return Err(format!("{encounters} Encounter cards accounted for, not {}", g.encounter_cards()));
    }
    if !g.is_over() && g.legal_choices().is_empty() {
        return Err("a decision with no legal answer".into());
    }
    if g.is_over() && g.end().is_none() {
        return Err("over without an end".into());
    }
    Ok(())
}

#[test]
fn dealing_coop_random_games_end() {
    let rules = crate::dealing_dungeons::DealingRules::standard();
    let cfg = crate::dealing_dungeons::game::DealingConfig::coop(2);
    let mut g = DealingGame::new(&rules, &cfg, 3, 0, &mut NoObserver).unwrap();
    let mut ends = [0u32; 3];
    for i in 0..900u64 {
        let cfg = crate::dealing_dungeons::game::DealingConfig::coop(2 + (i % 3) as usize);
        g.restart(&cfg, 3, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(3, i, Stream::Bot);
        fuzz(&mut g, &mut rng, 200_000, &mut NoObserver, |g, _, _, _| invariants(g))
            .unwrap_or_else(|e| panic!("game {i}: {e}"));
        ends[match g.end().unwrap() {
            crate::dealing_dungeons::game::End::Boss(_) => 0,
            crate::dealing_dungeons::game::End::NoneLeft => 1,
            crate::dealing_dungeons::game::End::RoundLimit => 2,
        }] += 1;
    }
    println!("co-op random games: boss / none left / limit {ends:?}");
    assert!(ends[0] > 0 && ends[1] > 0, "{ends:?}");
}

mod rules {
    use crate::core::NoObserver;
    use crate::dealing_dungeons::combat::{Answer, BossAnswer, Pending};
    use crate::dealing_dungeons::data::Side;
    use crate::dealing_dungeons::game::{
        Ask, CoopPhase, DealingChoice as C, DealingConfig, DealingEvent, DealingGame, DealingSetup, End, Laid, Mode,
        SeatSetup,
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

    fn barbarian() -> SeatSetup {
        SeatSetup::hero(rules().hero("barbarian").unwrap())
    }

    /// Entrance (0), then Crossroads 1 and 2 northwards with these face-down cards, then the
    /// Treasure Room (3); `n` Barbarians at the entrance.
    fn corridor(n: usize, cards: [&str; 2], dice: Vec<u8>) -> DealingSetup {
        let cross = |from: u8, card: &str| Laid {
            seat: 0,
            from,
            side: Side::North,
            card: Some(room("cross")),
            turns: 0,
            monster: Some(enc(card)),
        };
        let treasure = Laid { seat: 0, from: 2, side: Side::North, card: None, turns: 0, monster: None };
        let mut seats = vec![barbarian(), SeatSetup::hero(rules().hero("knight").unwrap())];
        seats.extend((2..n).map(|k| SeatSetup::hero(k as u8 + 5)));
        seats.truncate(n);
        DealingSetup {
            seats,
            mode: Mode::CoOp,
            laid: vec![cross(0, cards[0]), cross(1, cards[1]), treasure],
            loot_tops: ["coins", "purse", "goblet", "gem", "crown", "chest"].map(loot).to_vec(),
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

    fn target(g: &DealingGame<'_>, s: u8) -> u8 {
        match g.player(s).fight.unwrap().pending() {
            Pending::Choose { target } => target,
            p => panic!("{p:?}"),
        }
    }

    #[test]
    fn dealing_coop_setup_deals_hands_by_player_count_and_a_token_each() {
        for (n, cards) in [(2, 10), (3, 9), (4, 8)] {
            let g = DealingGame::new(rules(), &DealingConfig::coop(n), 7, 0, &mut NoObserver).unwrap();
            assert_eq!(g.coop().phase, CoopPhase::Build);
            assert_eq!(g.coop().secret, (1 << n) - 1, "a Secret Door token each");
            for s in 0..n as u8 {
                assert_eq!(g.player(s).deck.len(), cards, "{n} players");
            }
            assert_eq!(ask(&g), (g.first(), Ask::Lay));
            assert_eq!(g.dungeon(0).len(), 1, "one dungeon, its entrance");
        }
    }

    #[test]
    fn dealing_coop_cards_go_off_the_last_one_a_dead_end_takes_the_token() {
        let mut s0 = barbarian();
        s0.deck = Some(vec![room("end-s")]);
        let mut s1 = SeatSetup::hero(rules().hero("knight").unwrap());
        s1.deck = Some(vec![room("hall-ns")]);
        let setup = DealingSetup { seats: vec![s0, s1], mode: Mode::CoOp, ..DealingSetup::default() };
        let mut g = game(&setup);
        assert_eq!(ask(&g), (0, Ask::Lay));
        play(&mut g, C::Card(0));
        assert_eq!(g.legal().as_slice(), &[C::Spot { room: 0, side: Side::North }], "off the entrance");
        play(&mut g, C::Spot { room: 0, side: Side::North });
        play(&mut g, C::Place { side: Side::North, turns: 0 });
        // A dead end: the next player must use his Secret Door token.
        assert_eq!(ask(&g), (1, Ask::Action));
        assert!(g.legal().iter().all(|c| matches!(c, C::Search(_))) && g.legal().contains(&C::Search(Side::North)));
        play(&mut g, C::Search(Side::North));
        assert_eq!(g.coop().secret, 1, "seat 1's token is spent");
        assert_eq!(ask(&g), (1, Ask::Lay));
        play(&mut g, C::Card(0));
        assert_eq!(g.legal().as_slice(), &[C::Spot { room: 1, side: Side::North }], "off the last card");
        play(&mut g, C::Spot { room: 1, side: Side::North });
        play(&mut g, C::Place { side: Side::North, turns: 0 });
        // Every hand is empty: the Treasure Room off the last card, by its player.
        assert_eq!(ask(&g), (1, Ask::Spot));
        assert_eq!(g.legal().as_slice(), &[C::Spot { room: 2, side: Side::North }]);
        play(&mut g, C::Spot { room: 2, side: Side::North });
        play(&mut g, C::Place { side: Side::North, turns: 0 });
        // Seat 0 kept his token: an In Hand Loot card for it (an Equip or Bag question).
        assert_eq!(ask(&g), (0, Ask::Loot));
        play(&mut g, C::Bag);
        assert_eq!(g.coop().phase, CoopPhase::Move);
        assert_eq!(g.player(0).bag_cards, 1);
        let d = g.dungeon(0);
        assert_eq!(d.len(), 4);
        assert_eq!(d[3].card, crate::dealing_dungeons::game::RoomCard::Treasure);
        for (k, r) in d.iter().enumerate() {
            let down = g.coop().hidden[k] != u8::MAX;
            assert_eq!(down, k == 1 || k == 2, "a face-down card in every room but the entrance and treasure");
            assert_eq!(r.fresh, down);
        }
    }

    #[test]
    fn dealing_coop_monster_lives_by_1d6_plus_one_for_two_heroes_the_ghoul_example() {
        // "2 players move into the dungeon room. They rolled a 4. The Ghoul now has 3 lives."
        let mut g = game(&corridor(2, ["ghoul", "goblin"], vec![4]));
        assert_eq!(ask(&g), (0, Ask::Walk));
        play(&mut g, C::Move(1));
        let ev = play(&mut g, C::Move(1));
        assert!(ev.contains(&DealingEvent::Flipped { room: 1, card: enc("ghoul"), lives: 3 }), "{ev:?}");
        // Phase 3: +1 to its attack with more than one hero in the room.
        assert_eq!(ask(&g), (0, Ask::Fight));
        assert_eq!(target(&g, 0), 6 + 1);
        // One hero alone: 1-3 one life, 4-6 two.
        for (roll, lives) in [(3, 1), (4, 2)] {
            let mut g = game(&corridor(2, ["ghoul", "goblin"], vec![roll]));
            play(&mut g, C::Move(1));
            let ev = play(&mut g, C::Go);
            assert!(ev.contains(&DealingEvent::Flipped { room: 1, card: enc("ghoul"), lives }), "{ev:?}");
            assert_eq!(target(&g, 0), 6, "one hero: the printed attack");
        }
    }

    #[test]
    fn dealing_coop_passing_through_flips_and_a_revealed_monster_heals_when_more_arrive() {
        // Seat 0 walks through room 1 (Empty) into room 2: both turn up; the goblin gets 2 lives.
        let mut g = game(&corridor(2, ["empty", "goblin"], vec![5, 6, 6, 1]));
        let ev = play(&mut g, C::Move(2));
        assert!(ev.iter().all(|e| !matches!(e, DealingEvent::Flipped { .. })));
        let ev = play(&mut g, C::Go);
        assert!(ev.contains(&DealingEvent::Flipped { room: 1, card: enc("empty"), lives: 0 }), "{ev:?}");
        assert!(ev.contains(&DealingEvent::Flipped { room: 2, card: enc("goblin"), lives: 2 }), "{ev:?}");
        // Seat 0 wounds it (6 + 6 + 1 beats 5): 1 life left.
        play(&mut g, C::Combat(Answer::Fight));
        assert_eq!(g.dungeon(0)[2].monster.unwrap().lives, 1);
        // Round 2 (seat 1 first): seat 1 walks in; it heals 1.
        assert_eq!(ask(&g), (1, Ask::Walk));
        play(&mut g, C::Move(2));
        assert_eq!(g.dungeon(0)[2].monster.unwrap().lives, 2, "it heals 1 life");
    }

    #[test]
    fn dealing_coop_running_into_an_unresolved_room_costs_a_wound() {
        let mut setup = corridor(2, ["orc", "goblin"], vec![1]);
        setup.seats[0].at = 2;
        let mut g = game(&setup);
        play(&mut g, C::Go);
        play(&mut g, C::Go);
        assert_eq!(ask(&g), (0, Ask::Fight));
        assert!(g.legal().contains(&C::Combat(Answer::Run)));
        let ev = play(&mut g, C::Combat(Answer::Run));
        assert!(ev.contains(&DealingEvent::Ran { seat: 0, room: 1 }));
        assert_eq!(g.player(0).lives, 2, "room 1's card is still face down: one wound");
    }

    #[test]
    fn dealing_coop_the_defend_bonus_passes_to_the_next_hero_who_fights() {
        // Both in room 1: the goblin (attack 5 + 1, defense 3) gets 1 + 1 lives (roll 2).
        let mut g = game(&corridor(2, ["goblin", "orc"], vec![2, 6, 6, 5, 4]));
        play(&mut g, C::Move(1));
        play(&mut g, C::Move(1));
        // Seat 0 defends (6 >= 3): the +2 goes to seat 1.
        let ev = play(&mut g, C::Combat(Answer::Defend));
        assert!(ev.iter().any(|e| matches!(e, DealingEvent::Combat { answer: Answer::Defend, .. })));
        assert_eq!(ask(&g), (1, Ask::Fight));
        assert_eq!(g.player(1).fight.unwrap().bonus(), 2, "the Defend bonus passed on");
        assert_eq!(g.coop().pool[1], 2);
        // Seat 1 (the Knight, +0) rolls 6 + 5 + 2 = 13 > 6: a wound.
        play(&mut g, C::Combat(Answer::Fight));
        assert_eq!(g.coop().pool[1], 0, "spent by the Fight");
        assert_eq!(g.dungeon(0)[1].monster.unwrap().lives, 1);
    }

    #[test]
    fn dealing_coop_xp_to_the_killing_blow_and_a_loot_card_to_each_wounder() {
        // Roll 4: the goblin has 2 + 1 lives; three blows of 6 + 6.
        let dice = vec![4, 6, 6, 6, 6, 6, 6];
        let mut g = game(&corridor(2, ["goblin", "orc"], dice));
        play(&mut g, C::Move(1));
        play(&mut g, C::Move(1));
        play(&mut g, C::Combat(Answer::Fight));
        play(&mut g, C::Combat(Answer::Fight));
        assert_eq!(g.dungeon(0)[1].monster.unwrap().lives, 1);
        // Round 2: seat 1 is first and strikes the last blow.
        while g.pending().is_some_and(|d| d.ask != Ask::Fight) {
            play(&mut g, C::Go);
        }
        assert_eq!(ask(&g), (1, Ask::Fight));
        let ev = play(&mut g, C::Combat(Answer::Fight));
        assert!(ev.contains(&DealingEvent::MonsterDefeated { seat: 1, card: enc("goblin") }));
        assert_eq!((g.player(0).dashboard.len(), g.player(1).dashboard.len()), (0, 1), "XP to the killing blow");
        let loot: Vec<u8> = ev
            .iter()
            .filter_map(|e| if let DealingEvent::Loot { seat, .. } = e { Some(*seat) } else { None })
            .collect();
        assert_eq!(loot, vec![0, 1], "a Loot card to each hero who wounded it");
    }

    #[test]
    fn dealing_coop_rest_heals_one_who_did_not_move_nor_rested_last_round() {
        let mut setup = corridor(2, ["empty", "orc"], vec![]);
        setup.seats[0].lives = Some(1);
        setup.seats[1].lives = Some(1);
        let mut g = game(&setup);
        play(&mut g, C::Go);
        let ev = play(&mut g, C::Move(1));
        assert!(ev.contains(&DealingEvent::Rested(0)) && !ev.contains(&DealingEvent::Rested(1)), "{ev:?}");
        assert_eq!((g.player(0).lives, g.player(1).lives), (2, 1));
        // Round 2 (seat 1 first): both stay; seat 0 rested last round.
        play(&mut g, C::Go);
        let ev = play(&mut g, C::Go);
        assert!(ev.contains(&DealingEvent::Rested(1)) && !ev.contains(&DealingEvent::Rested(0)), "{ev:?}");
        assert_eq!((g.player(0).lives, g.player(1).lives), (2, 2));
    }

    /// Entrance and the Treasure Room only: every Encounter card is resolved at once.
    fn treasure_only(n: usize, dice: Vec<u8>) -> DealingSetup {
        let mut s = corridor(n, ["empty", "empty"], dice);
        s.laid = vec![Laid { seat: 0, from: 0, side: Side::North, card: None, turns: 0, monster: None }];
        s.encounter_tops = vec![enc("darkness"), enc("goblin"), enc("orc")];
        s.boss_tops = vec![rules().boss("troll-mage").unwrap()];
        s
    }

    #[test]
    fn dealing_coop_the_vortex_the_boss_with_extra_lives_and_two_minions() {
        let mut ev = Vec::new();
        let g = DealingGame::from_setup(rules(), &treasure_only(3, vec![]), 1, &mut |e| ev.push(e)).unwrap();
        assert!(ev.contains(&DealingEvent::Vortex));
        assert_eq!(g.coop().phase, CoopPhase::Boss);
        assert!((0..3).all(|s| g.player(s).at == 1), "every hero in the Treasure Room");
        assert_eq!(g.coop().boss.unwrap().1, 2 + 2, "the Troll Mage's 2 lives, +2 for 3 players");
        let minions: Vec<_> = g.coop().minions.iter().map(|m| m.map(|m| (m.card, m.lives))).collect();
        assert_eq!(minions, vec![Some((enc("goblin"), 3)), Some((enc("orc"), 3))], "Darkness discarded");
        assert_eq!(ask(&g), (0, Ask::Boss));
        assert!(g.legal().contains(&C::Boss(BossAnswer::Fight)));
        assert!(g.legal().contains(&C::Minion { minion: 1, answer: Answer::Fight }));
        // A minion's attack is +1: the orc's 6 + 1 = 7 is not beaten by 5 + 1 (Barbarian).
        let mut g =
            DealingGame::from_setup(rules(), &treasure_only(3, vec![1, 1, 1, 3, 2]), 1, &mut NoObserver).unwrap();
        let ev = play(&mut g, C::Minion { minion: 1, answer: Answer::Fight });
        assert!(ev.iter().any(|e| matches!(e, DealingEvent::Combat { target: 7, total: 6, .. })), "{ev:?}");
        assert_eq!(g.player(0).lives, 2);
    }

    #[test]
    fn dealing_coop_the_party_wins_when_the_boss_falls_and_loses_when_all_fall() {
        // Two players (no extra lives): the Troll Mage's 2 lives. Boss dice 1+1+1, hero 6+6;
        // Regenerate rolls 1; seat 1 meets dice 1+1+1 and rolls 6+6.
        let dice = vec![1, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 1, 6, 6];
        let mut g = game(&treasure_only(2, dice));
        play(&mut g, C::Boss(BossAnswer::Fight));
        assert_eq!(g.coop().boss.unwrap().1, 1);
        assert_eq!(ask(&g), (1, Ask::Boss));
        let ev = play(&mut g, C::Boss(BossAnswer::Fight));
        assert!(ev.contains(&DealingEvent::Over(End::Boss(1))), "{ev:?}");
        let loot = ev.iter().filter(|e| matches!(e, DealingEvent::Loot { seat: 1, .. })).count();
        assert_eq!(loot, 3, "3 Loot cards for the killing blow");
        assert!(g.won(0) && g.won(1), "the party wins");
        // Both heroes at 1 life lose (to 6+6+6, then to 1+1+1 with 1+1): the party loses.
        let mut setup = treasure_only(2, vec![6, 6, 6, 1, 1, 1, 1, 1, 1, 1]);
        setup.seats[0].lives = Some(1);
        setup.seats[1].lives = Some(1);
        let mut g = game(&setup);
        play(&mut g, C::Boss(BossAnswer::Fight));
        let ev = play(&mut g, C::Boss(BossAnswer::Fight));
        assert!(ev.contains(&DealingEvent::Over(End::NoneLeft)), "{ev:?}");
        assert!(!g.won(0) && !g.won(1));
    }

    /// Two heroes stay at the entrance (a cleared room) through round 1's phases 1-3.
    fn to_trading(setup: &DealingSetup) -> DealingGame<'static> {
        let mut g = game(setup);
        play(&mut g, C::Go);
        play(&mut g, C::Go);
        g
    }

    #[test]
    fn dealing_coop_heroes_in_one_room_trade_cards_in_phase_4() {
        use crate::dealing_dungeons::game::Gift;
        let mut setup = corridor(2, ["empty", "orc"], vec![]);
        setup.seats[0].hand = vec![loot("bow")];
        setup.seats[0].potion = true;
        setup.seats[0].specials = vec![loot("elixir")];
        let mut g = to_trading(&setup);
        // Phase 4, seat 0 first: every card of his to the Knight beside him, or done.
        assert_eq!(ask(&g), (0, Ask::Trade));
        let hand = C::Give { to: 1, gift: Gift::Hand { slot: 0, back: None } };
        let potion = C::Give { to: 1, gift: Gift::Potion };
        let elixir = C::Give { to: 1, gift: Gift::Special(0) };
        assert_eq!(g.legal().as_slice(), &[hand, elixir, potion, C::Go]);
        let ev = play(&mut g, hand);
        assert!(ev.contains(&DealingEvent::Gave { from: 0, to: 1, card: Some(loot("bow")) }), "{ev:?}");
        assert_eq!((g.player(0).hand.len(), g.player(1).hand.as_slice()), (0, &[loot("bow")][..]));
        assert_eq!(g.fighter(1).reach(), 1, "the bow gives the Knight Range");
        // He trades on, a card at a time.
        assert_eq!(ask(&g), (0, Ask::Trade));
        assert_eq!(g.legal().as_slice(), &[elixir, potion, C::Go]);
        play(&mut g, potion);
        assert!(!g.player(0).potion && g.player(1).potion);
        assert_eq!(g.legal().as_slice(), &[elixir, C::Go], "the token only to a hero without one");
        play(&mut g, C::Go);
        // Seat 1's turn to trade: the bow back (into the Barbarian's free slot), not the token.
        assert_eq!(ask(&g), (1, Ask::Trade));
        assert_eq!(
            g.legal().as_slice(),
            &[C::Give { to: 0, gift: Gift::Hand { slot: 0, back: None } }, potion_to(0), C::Go]
        );
        play(&mut g, C::Go);
        // Round 2: the phases begin again.
        assert_eq!(ask(&g), (1, Ask::Walk));
        assert!(g.kits_fresh());
    }

    fn potion_to(to: u8) -> C {
        C::Give { to, gift: crate::dealing_dungeons::game::Gift::Potion }
    }

    #[test]
    fn dealing_coop_an_in_hand_card_to_a_full_hand_is_an_exchange_and_each_card_goes_once() {
        use crate::dealing_dungeons::game::Gift;
        let mut setup = corridor(2, ["empty", "orc"], vec![]);
        setup.seats[0].hand = vec![loot("bow")];
        setup.seats[1].hand = vec![loot("battle-axe")];
        let mut g = to_trading(&setup);
        assert_eq!(ask(&g), (0, Ask::Trade));
        let swap = C::Give { to: 1, gift: Gift::Hand { slot: 0, back: Some(0) } };
        assert_eq!(g.legal().as_slice(), &[swap, C::Go], "the Knight's one slot is full: an exchange");
        let ev = play(&mut g, swap);
        assert!(ev.contains(&DealingEvent::Gave { from: 0, to: 1, card: Some(loot("bow")) }));
        assert!(ev.contains(&DealingEvent::Gave { from: 1, to: 0, card: Some(loot("battle-axe")) }));
        assert_eq!((g.player(0).hand[0], g.player(1).hand[0]), (loot("battle-axe"), loot("bow")));
        assert_eq!(g.fighter(0).gear.combat, 2);
        // The slot was traded: no more gifts for seat 0, so seat 1 trades next.
        assert_eq!(ask(&g), (1, Ask::Trade));
        assert_eq!(g.legal().as_slice(), &[C::Give { to: 0, gift: Gift::Hand { slot: 0, back: Some(0) } }, C::Go]);
    }

    #[test]
    fn dealing_coop_trades_only_within_one_room() {
        let mut setup = corridor(2, ["empty", "orc"], vec![]);
        setup.seats[0].hand = vec![loot("bow")];
        setup.seats[0].potion = true;
        setup.seats[1].at = 1;
        let g = to_trading(&setup);
        assert_ne!(ask(&g).1, Ask::Trade, "the Knight is in another room");
        // Three heroes in one room: a gift to either of the others.
        let mut setup = corridor(3, ["empty", "orc"], vec![]);
        setup.seats[0].hand = vec![loot("bow")];
        let mut g = game(&setup);
        for _ in 0..3 {
            play(&mut g, C::Go);
        }
        assert_eq!(ask(&g), (0, Ask::Trade));
        assert_eq!(g.legal().len(), 3, "to either hero, or done");
    }

    #[test]
    fn dealing_coop_a_bagged_in_hand_card_goes_to_a_free_hand() {
        use crate::dealing_dungeons::game::Gift;
        let mut setup = corridor(2, ["empty", "orc"], vec![]);
        setup.seats[0].hand = vec![loot("short-sword")];
        let mut g = game(&setup);
        let p = g.player_mut(0);
        p.bag.extend([loot("coins"), loot("shield"), loot("shield"), loot("bow")]);
        p.bag_gold = 5 + 3 * 20;
        p.bag_cards = 4;
        play(&mut g, C::Go);
        play(&mut g, C::Go);
        assert_eq!(ask(&g), (0, Ask::Trade));
        let gift = |i| C::Give { to: 1, gift: Gift::Bag(i) };
        let hand = C::Give { to: 1, gift: Gift::Hand { slot: 0, back: None } };
        assert_eq!(g.legal().as_slice(), &[hand, gift(1), gift(3), C::Go], "In Hand cards, one per kind");
        let before = (g.tally(0), g.tally(1));
        play(&mut g, gift(3));
        assert_eq!(g.player(1).hand.as_slice(), &[loot("bow")]);
        assert_eq!((g.player(0).bag.len(), g.player(0).bag_cards, g.player(0).bag_gold), (3, 3, 45));
        assert_eq!((g.tally(0), g.tally(1)), (before.0 - 20, before.1 + 20), "20 gold moves with the card");
        // The Knight's one slot is full now: only an exchange for the sword is left.
        assert_eq!(g.legal().as_slice(), &[C::Give { to: 1, gift: Gift::Hand { slot: 0, back: Some(0) } }, C::Go]);
    }
}
