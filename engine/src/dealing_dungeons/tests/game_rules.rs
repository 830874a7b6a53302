//! The Standard-mode game, one test per rule with stacked decks, forced dice and laid cards
//! (`DealingSetup`), and the rulebook's examples played in a game. Rulings are in
//! docs/rulings.md ("Dealing Dungeons").

use crate::core::{DecisionGame, NoObserver};
use crate::dealing_dungeons::combat::{Answer, BossAnswer};
use crate::dealing_dungeons::data::Side;
use crate::dealing_dungeons::game::{
    AfterDeath, Ask, DealingChoice as C, DealingConfig, DealingConfigError, DealingEvent, DealingGame, DealingSetup,
    DeathCause, End, HeroPick, Laid, Mode, Options, RoomCard, SeatSetup, Status, ROUND_LIMIT,
};
use crate::dealing_dungeons::rules::HeroSide;
use crate::dealing_dungeons::DealingRules;
use std::sync::OnceLock;

fn rules() -> &'static DealingRules {
    static R: OnceLock<DealingRules> = OnceLock::new();
    R.get_or_init(DealingRules::standard)
}

fn room(id: &str) -> u8 {
    rules().rooms.iter().position(|r| r.id == id).unwrap() as u8
}

fn loot(id: &str) -> u8 {
    rules().loot.iter().position(|r| r.id == id).unwrap() as u8
}

fn enc(id: &str) -> u8 {
    rules().encounter(id).unwrap()
}

fn hero(id: &str) -> u8 {
    rules().hero(id).unwrap()
}

fn laid(seat: u8, from: u8, side: Side, card: &str, monster: Option<&str>) -> Laid {
    Laid { seat, from, side, card: Some(room(card)), turns: 0, monster: monster.map(enc) }
}

/// Seat 0: a Barbarian (+1 Combat) at his entrance, a deck of crossroads. Seat 1: a Knight
/// with one room laid, who only walks between it and his entrance ([`idle`]).
fn base() -> DealingSetup {
    let mut s0 = SeatSetup::hero(hero("barbarian"));
    s0.deck = Some(vec![room("cross"); 10]);
    let mut s1 = SeatSetup::hero(hero("knight"));
    s1.deck = Some(vec![room("cross"); 9]);
    DealingSetup { seats: vec![s0, s1], laid: vec![laid(1, 0, Side::North, "cross", None)], ..DealingSetup::default() }
}

fn game(setup: &DealingSetup) -> DealingGame<'static> {
    DealingGame::from_setup(rules(), setup, 1, &mut NoObserver).unwrap()
}

fn play(g: &mut DealingGame<'_>, c: C) {
    let legal = g.legal().clone();
    g.apply(c, &mut NoObserver).unwrap_or_else(|e| panic!("{e}; legal {legal:?}"));
}

fn play_seen(g: &mut DealingGame<'_>, c: C) -> Vec<DealingEvent> {
    let mut ev = Vec::new();
    g.apply(c, &mut |e| ev.push(e)).unwrap_or_else(|e| panic!("{e}"));
    ev
}

/// Plays seat 1's turns: a walk to another room (or the first answer).
fn idle(g: &mut DealingGame<'_>) {
    while let Some(d) = g.pending().filter(|d| d.seat == 1) {
        let c = g.legal().iter().copied().find(|c| matches!(c, C::Move(_) | C::Go)).unwrap_or(g.legal()[0]);
        let _ = d;
        play(g, c);
    }
}

fn ask(g: &DealingGame<'_>) -> (u8, Ask) {
    let d = g.pending().unwrap();
    (d.seat, d.ask)
}

#[test]
fn dealing_setup_entrances_decks_lives_and_a_forced_first_build() {
    for n in 2..=4 {
        let g = DealingGame::new(rules(), &DealingConfig::standard(n), 3, 7, &mut NoObserver).unwrap();
        let xs: Vec<i8> = (0..n as u8).map(|s| g.dungeon(s)[0].x).collect();
        let apart = if n == 2 { 8 } else { 10 };
        assert!(xs.windows(2).all(|w| w[1] - w[0] == apart), "{n} players: entrances at {xs:?}");
        for s in 0..n as u8 {
            let p = g.player(s);
            assert_eq!((p.lives, p.level, p.deck.len()), (3, 1, 11));
            assert_eq!(p.deck[0], RoomCard::Treasure, "ten room cards on a Treasure Room card");
            assert_eq!(g.dungeon(s)[0].card, RoomCard::Entrance);
        }
        assert_eq!(ask(&g), (g.first(), Ask::Action));
        assert_eq!(g.legal().as_slice(), &[C::Build], "the first turn must be Build/Encounter");
    }
}

#[test]
fn dealing_modes_refuse_seat_counts_and_options_that_do_not_apply() {
    let e = DealingGame::new(rules(), &DealingConfig::chaos(1), 1, 0, &mut NoObserver).unwrap_err();
    assert!(matches!(e, DealingConfigError::Seats(1, 2, 4)), "Chaos is for 2 to 4 players");
    let cfg = DealingConfig::chaos(3).with(Options { death: AfterDeath::Replaced, ..Options::default() });
    let e = DealingGame::new(rules(), &cfg, 1, 0, &mut NoObserver).unwrap_err();
    assert!(matches!(e, DealingConfigError::Option { option: "replacement hero", .. }), "{e:?}");
    let e = DealingGame::new(rules(), &DealingConfig::coop(1), 1, 0, &mut NoObserver).unwrap_err();
    assert!(matches!(e, DealingConfigError::Seats(1, 2, 4)), "Co-Op is for 2 to 4 players");
    let e = DealingGame::new(rules(), &DealingConfig::standard(1), 1, 0, &mut NoObserver).unwrap_err();
    assert!(matches!(e, DealingConfigError::Seats(1, 2, 4)));
    let cfg = DealingConfig {
        mode: Mode::Standard,
        heroes: [HeroPick::Fixed(0, HeroSide::Front), HeroPick::Fixed(0, HeroSide::Back)].into_iter().collect(),
        options: Default::default(),
    };
    assert_eq!(DealingGame::new(rules(), &cfg, 1, 0, &mut NoObserver).unwrap_err(), DealingConfigError::Hero(0));
}

#[test]
fn dealing_build_lines_up_doorways_either_way_round_and_enters_the_room() {
    let mut s = base();
    s.seats[0].deck = Some(vec![room("bend-ne"), room("cross")]);
    s.encounter_tops = vec![enc("empty")];
    let mut g = game(&s);
    play(&mut g, C::Build);
    assert_eq!(ask(&g), (0, Ask::Place));
    // The entrance's one doorway faces North; a bend fits it turned two ways (it needs a
    // doorway facing South): portrait or landscape.
    assert_eq!(
        g.legal().as_slice(),
        &[C::Place { side: Side::North, turns: 1 }, C::Place { side: Side::North, turns: 2 }]
    );
    let ev = play_seen(&mut g, C::Place { side: Side::North, turns: 1 });
    let r = g.dungeon(0)[1];
    assert_eq!((r.x, r.y, r.parent), (g.dungeon(0)[0].x, 1, 0));
    assert_eq!(r.doors, Side::East.bit() | Side::South.bit(), "North and East turned a quarter");
    assert_eq!(g.player(0).at, 1, "the hero moves into the new room");
    assert!(ev.contains(&DealingEvent::Encounter { seat: 0, card: enc("empty") }));
    assert_eq!(ask(&g).0, 1, "an empty room ends the turn");
}

#[test]
fn dealing_no_placement_puts_the_card_back_and_ends_the_turn() {
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "end-s", None));
    s.seats[0].at = 1;
    let mut g = game(&s);
    let top = *g.player(0).deck.last().unwrap();
    let ev = play_seen(&mut g, C::Build);
    assert!(ev.contains(&DealingEvent::NoPlacement(0)));
    assert_eq!(*g.player(0).deck.last().unwrap(), top, "the card is back on top");
    assert_eq!(g.dungeon(0).len(), 2);
    assert_eq!(ask(&g).0, 1);
}

#[test]
fn dealing_a_card_only_placeable_off_the_table_edge_ends_that_players_game() {
    let mut s = base();
    s.table = Some((32, 2));
    s.laid.push(laid(0, 0, Side::North, "hall-ns", None));
    s.seats[0].at = 1;
    let mut g = game(&s);
    let ev = play_seen(&mut g, C::Build);
    assert!(ev.contains(&DealingEvent::OffTable(0)));
    assert_eq!(g.player(0).status, Status::Edge);
    assert!(g.player(0).alive(), "his game is over, but he is not dead");
    // With a doorway onto the table as well, only that placement is offered.
    let mut s = base();
    s.table = Some((32, 2));
    s.laid.push(laid(0, 0, Side::North, "cross", None));
    s.seats[0].at = 1;
    let mut g = game(&s);
    play(&mut g, C::Build);
    assert!(g.legal().iter().all(|c| matches!(c, C::Place { side: Side::East | Side::West, .. })));
}

#[test]
fn dealing_doorways_facing_another_dungeon_get_blocked_door_tokens() {
    let mut s = base();
    // Seat 0 (entrance x 11) builds east, seat 1 (entrance x 19) west, along row 1.
    s.laid = vec![
        laid(1, 0, Side::North, "cross", None),
        laid(1, 1, Side::West, "hall-ew", None),
        laid(1, 2, Side::West, "hall-ew", None),
        laid(1, 3, Side::West, "hall-ew", None),
        laid(1, 4, Side::West, "hall-ew", None),
        laid(0, 0, Side::North, "cross", None),
        laid(0, 1, Side::East, "hall-ew", None),
        laid(0, 2, Side::East, "hall-ew", None),
    ];
    s.seats[0].at = 3;
    s.encounter_tops = vec![enc("empty")];
    let mut g = game(&s);
    assert_eq!((g.dungeon(0)[3].x, g.dungeon(1)[5].x), (13, 15));
    play(&mut g, C::Build);
    let ev = play_seen(&mut g, C::Place { side: Side::East, turns: 0 });
    let new = g.dungeon(0)[4];
    assert_eq!(new.x, 14);
    assert_eq!(new.blocked, Side::East.bit(), "its doorway facing seat 1's room is blocked");
    assert_eq!(g.dungeon(1)[5].blocked, Side::West.bit(), "and so is seat 1's doorway facing it");
    assert!(ev.contains(&DealingEvent::Blocked { seat: 0, room: 4, side: Side::East }));
    // Blocked doorways lead nowhere: seat 1 in that room can neither build nor move east.
    idle(&mut g);
    let mut s1 = s.clone();
    s1.seats[1].at = 5;
    s1.first = 1;
    s1.laid.push(laid(0, 3, Side::East, "cross", None));
    let g = game(&s1);
    assert_eq!(ask(&g), (1, Ask::Action));
    assert!(
        !g.legal().iter().any(|c| matches!(c, C::Build)) || {
            let mut g = g.clone();
            play(&mut g, C::Build);
            g.pending().map(|d| d.ask) != Some(Ask::Place)
        }
    );
}

#[test]
fn dealing_secret_door_only_in_a_dead_end_and_it_opens_a_doorway() {
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "end-s", None));
    s.seats[0].at = 1;
    s.encounter_tops = vec![enc("empty")];
    let mut g = game(&s);
    let searches: Vec<Side> =
        g.legal().iter().filter_map(|c| if let C::Search(side) = c { Some(*side) } else { None }).collect();
    assert_eq!(searches, vec![Side::North, Side::East, Side::West], "the three door locations without a doorway");
    let tokens = g.door_tokens();
    play(&mut g, C::Search(Side::North));
    assert_eq!(g.door_tokens(), tokens - 1);
    assert_eq!(g.dungeon(0)[1].secret, Side::North.bit());
    idle(&mut g);
    assert!(!g.legal().iter().any(|c| matches!(c, C::Search(_))), "no longer a dead end");
    play(&mut g, C::Build);
    assert_eq!(g.legal()[0], C::Place { side: Side::North, turns: 0 });
}

#[test]
fn dealing_no_secret_door_search_beside_a_monster_unless_the_last_defend_succeeded() {
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "end-s", Some("werewolf")));
    s.seats[0].at = 1;
    s.dice = vec![4];
    let mut g = game(&s);
    assert_eq!(ask(&g), (0, Ask::Fight));
    assert!(!g.legal().iter().any(|c| matches!(c, C::Search(_))));
    play(&mut g, C::Combat(Answer::Defend)); // 4 against the Werewolf's 4: defended
    idle(&mut g);
    assert_eq!(ask(&g), (0, Ask::Action));
    assert!(g.legal().contains(&C::Search(Side::North)));
}

#[test]
fn dealing_move_goes_through_cleared_rooms_and_stops_at_a_monster() {
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "hall-ns", Some("goblin")));
    s.laid.push(laid(0, 1, Side::North, "cross", None));
    s.laid.push(laid(0, 2, Side::North, "hall-ns", None));
    s.seats[0].at = 3;
    let mut g = game(&s);
    let moves: Vec<C> = g.legal().iter().copied().filter(|c| matches!(c, C::Move(_))).collect();
    assert_eq!(
        moves,
        vec![C::Move(2), C::Move(1)],
        "room 2, and room 1 where the goblin stops him; never the entrance"
    );
    play(&mut g, C::Move(1));
    assert_eq!(g.player(0).at, 1);
    idle(&mut g);
    assert_eq!(ask(&g), (0, Ask::Fight), "he must face it on his next turn");
    assert!(!g.legal().iter().any(|c| matches!(c, C::Build | C::Move(_))));
}

#[test]
fn dealing_a_lost_or_tied_fight_forces_a_re_encounter() {
    let mut s = base();
    s.encounter_tops = vec![enc("werewolf")];
    s.dice = vec![1, 1, 3, 3];
    let mut g = game(&s);
    play(&mut g, C::Build);
    play(&mut g, C::Place { side: Side::North, turns: 0 });
    assert_eq!(ask(&g), (0, Ask::Fight));
    assert_eq!(g.legal().as_slice(), &[C::Combat(Answer::Fight), C::Combat(Answer::Defend), C::Combat(Answer::Run)]);
    play(&mut g, C::Combat(Answer::Fight)); // 2 + 1 against 7: a life lost
    assert_eq!(g.player(0).lives, 2);
    idle(&mut g);
    assert_eq!(ask(&g), (0, Ask::Fight), "Re-Encounter is the only action");
    play(&mut g, C::Combat(Answer::Fight)); // 6 + 1 = 7: a tie, safe, faced again
    assert_eq!(g.player(0).lives, 2);
    idle(&mut g);
    assert_eq!(ask(&g), (0, Ask::Fight));
}

#[test]
fn dealing_after_a_defend_build_past_or_fight_with_plus_2() {
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "cross", Some("werewolf")));
    s.seats[0].at = 1;
    s.dice = vec![5, 2, 2];
    s.loot_tops = vec![loot("purse")];
    let mut g = game(&s);
    play(&mut g, C::Combat(Answer::Defend));
    idle(&mut g);
    assert_eq!(ask(&g), (0, Ask::Action));
    assert_eq!(g.legal().as_slice(), &[C::Combat(Answer::Fight), C::Build], "no Run, no Defend, no Move");
    let mut built = g.clone();
    play(&mut g, C::Combat(Answer::Fight)); // 4 + 1 + 2 = 7... beats 7? no: a tie
    assert_eq!(g.dungeon(0)[1].monster.map(|m| m.card), Some(enc("werewolf")));
    // The other way: build past it; it stays on its room.
    play(&mut built, C::Build);
    let place = built.legal()[0];
    play(&mut built, place);
    assert_ne!(built.player(0).at, 1);
    assert!(built.dungeon(0)[1].monster.is_some(), "the Werewolf stays");
}

#[test]
fn dealing_run_goes_back_the_way_he_came_out_to_the_entrance() {
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "cross", Some("werewolf")));
    s.seats[0].at = 1;
    let mut g = game(&s);
    let ev = play_seen(&mut g, C::Combat(Answer::Run));
    assert!(ev.contains(&DealingEvent::Ran { seat: 0, room: 0 }));
    assert_eq!(g.player(0).at, 0);
    assert!(g.dungeon(0)[1].monster.is_some());
    idle(&mut g);
    assert_eq!(ask(&g), (0, Ask::Action), "back in a cleared room: any action");
}

#[test]
fn dealing_the_mage_shoots_two_spaces_down_a_straight_line_and_collects_the_loot_there() {
    let mut s = base();
    s.seats[0] = SeatSetup { deck: Some(vec![room("cross"); 7]), ..SeatSetup::hero(hero("mage")) };
    s.laid.push(laid(0, 0, Side::North, "hall-ns", None));
    s.laid.push(laid(0, 1, Side::North, "hall-ns", None));
    s.laid.push(laid(0, 2, Side::North, "hall-ns", Some("werewolf")));
    s.seats[0].at = 1;
    s.dice = vec![3, 3];
    s.loot_tops = vec![loot("purse")];
    let mut g = game(&s);
    assert!(g.legal().contains(&C::Shoot(3)), "Mage with a +2 Range bonus: two spaces away");
    play(&mut g, C::Shoot(3)); // 6 + 2 against 7
    assert!(g.dungeon(0)[3].monster.is_none());
    assert!(g.dungeon(0)[3].loot_waiting);
    assert_eq!(g.xp(0), 7);
    idle(&mut g);
    play(&mut g, C::Move(3));
    assert_eq!(g.player(0).bag_gold, 10, "the loot is drawn on reaching the room");
    // A monster in between blocks the line of sight.
    let mut s2 = s.clone();
    s2.laid[2] = laid(0, 1, Side::North, "hall-ns", Some("goblin"));
    let g = game(&s2);
    assert!(g.legal().contains(&C::Shoot(2)) && !g.legal().contains(&C::Shoot(3)));
}

#[test]
fn dealing_a_bow_on_the_range_skill_reaches_two_spaces() {
    let mut s = base();
    s.seats[0] = SeatSetup { hand: vec![loot("bow")], ..SeatSetup::hero(hero("ranger")) };
    s.laid.push(laid(0, 0, Side::North, "hall-ns", None));
    s.laid.push(laid(0, 1, Side::North, "hall-ns", None));
    s.laid.push(laid(0, 2, Side::North, "hall-ns", Some("goblin")));
    s.seats[0].at = 1;
    let g = game(&s);
    assert_eq!(g.fighter(0).reach(), 2, "+1 Range and a +1 bow: +2, up to 2 spaces");
    assert!(g.legal().contains(&C::Shoot(3)));
}

#[test]
fn dealing_the_treasure_room_after_the_tenth_card_and_its_end_boss_end_the_game() {
    let mut s = base();
    s.seats[0].deck = Some(vec![]);
    s.boss_tops = vec![rules().boss("troll-mage").unwrap()];
    // Boss dice 1+1+1; the hero's 6+6; Regenerate's die (1: no heal); boss 1+1+1; 6+6.
    s.dice = vec![1, 1, 1, 6, 6, 1, 1, 1, 1, 6, 6];
    s.loot_tops = vec![loot("purse"), loot("gem"), loot("coins")];
    let mut g = game(&s);
    play(&mut g, C::Build);
    play(&mut g, C::Place { side: Side::North, turns: 0 });
    assert_eq!(g.dungeon(0)[1].card, RoomCard::Treasure);
    assert_eq!(ask(&g), (0, Ask::Boss));
    assert_eq!(
        g.legal().as_slice(),
        &[C::Boss(BossAnswer::Fight), C::Boss(BossAnswer::Defend)],
        "Fight or Defend only"
    );
    play(&mut g, C::Boss(BossAnswer::Fight));
    assert!(!g.is_over(), "the Troll Mage has 2 lives");
    idle(&mut g);
    assert_eq!(ask(&g), (0, Ask::Boss));
    play(&mut g, C::Boss(BossAnswer::Fight));
    assert_eq!(g.end(), Some(End::Boss(0)));
    assert!(g.is_over());
    assert_eq!(g.player(0).bag_gold, 10 + 20 + 5, "three Loot cards for the kill");
    assert!(g.won(0));
    assert_eq!(g.outcome(1).score, g.tally(1), "the other survivor tallies too");
}

#[test]
fn dealing_in_hand_loot_is_equipped_or_bagged_and_potions_one_token_at_a_time() {
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "cross", Some("goblin")));
    s.laid.push(laid(0, 1, Side::North, "cross", Some("goblin")));
    s.seats[0].at = 1;
    s.dice = vec![6, 6];
    s.loot_tops = vec![loot("short-sword")];
    let mut g = game(&s);
    play(&mut g, C::Combat(Answer::Fight));
    assert_eq!(ask(&g), (0, Ask::Loot));
    assert_eq!(g.legal().as_slice(), &[C::Equip(0), C::Bag]);
    play(&mut g, C::Equip(0));
    assert_eq!(g.player(0).hand.as_slice(), &[loot("short-sword")]);
    assert_eq!(g.fighter(0).gear.combat, 1);
    // A second In Hand card replaces the first (to the bag, 20 gold) or goes to the bag.
    let mut s = s.clone();
    s.seats[0].hand = vec![loot("short-sword")];
    s.loot_tops = vec![loot("battle-axe")];
    let mut g = game(&s);
    play(&mut g, C::Combat(Answer::Fight));
    assert_eq!(g.legal().as_slice(), &[C::Equip(0), C::Bag], "one In Hand card at a time");
    play(&mut g, C::Equip(0));
    assert_eq!((g.player(0).hand[0], g.player(0).bag_gold), (loot("battle-axe"), 20));
    // Healing Potion: the token, then a card for the bag worth 10.
    let mut s = s.clone();
    s.seats[0].potion = true;
    s.loot_tops = vec![loot("healing-potion")];
    let mut g = game(&s);
    play(&mut g, C::Combat(Answer::Fight));
    assert!(g.player(0).potion);
    assert_eq!(g.player(0).bag_gold, 10);
}

#[test]
fn dealing_the_healing_potion_is_drunk_at_the_start_of_a_turn_below_three_lives() {
    let mut s = base();
    s.seats[0].potion = true;
    let g = game(&s);
    assert_eq!(ask(&g), (0, Ask::Action), "at 3 lives there is nothing to heal");
    s.seats[0].lives = Some(2);
    let mut g = game(&s);
    assert_eq!(ask(&g), (0, Ask::Potion));
    assert_eq!(g.legal().as_slice(), &[C::Drink, C::Go]);
    play(&mut g, C::Drink);
    assert_eq!((g.player(0).lives, g.player(0).potion), (3, false));
    assert_eq!(ask(&g), (0, Ask::Action));
}

#[test]
fn dealing_xp_buys_a_life_for_7_or_a_level_for_15_once_a_turn_and_the_rest_is_lost() {
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "cross", None));
    s.seats[0].at = 1;
    s.seats[0].lives = Some(2);
    s.seats[0].dashboard = vec![enc("werewolf"), enc("werewolf")];
    let mut g = game(&s);
    assert_eq!(g.xp(0), 14);
    play(&mut g, C::Move(0));
    assert_eq!(ask(&g), (0, Ask::Exchange));
    assert_eq!(g.legal().as_slice(), &[C::Life, C::Go], "14 XP: not enough for a level");
    play(&mut g, C::Life);
    assert_eq!((g.player(0).lives, g.xp(0)), (3, 0), "the 7 left over are lost");
    assert_eq!(ask(&g).0, 1, "one exchange a turn");
    // 21 XP: a level, which heals a life too.
    s.seats[0].dashboard = vec![enc("werewolf"); 3];
    let mut g = game(&s);
    play(&mut g, C::Move(0));
    assert_eq!(g.legal().as_slice(), &[C::Life, C::Level, C::Go]);
    let ev = play_seen(&mut g, C::Level);
    assert!(ev.contains(&DealingEvent::LevelUp { seat: 0, level: 2 }));
    assert_eq!((g.player(0).level, g.player(0).lives, g.xp(0)), (2, 3, 0));
    assert_eq!(g.fighter(0).skills.combat, 2, "the Barbarian's level 2 skills");
}

#[test]
fn dealing_the_horn_of_kilter_after_two_lives_lost_to_the_first_encounter() {
    let mut s = base();
    s.encounter_tops = vec![enc("werewolf")];
    s.dice = vec![1, 1, 1, 1];
    let mut g = game(&s);
    play(&mut g, C::Build);
    play(&mut g, C::Place { side: Side::North, turns: 0 });
    assert!(!g.legal().contains(&C::Kilter));
    play(&mut g, C::Combat(Answer::Fight));
    idle(&mut g);
    assert!(!g.legal().contains(&C::Kilter), "one life lost is not enough");
    play(&mut g, C::Combat(Answer::Fight));
    idle(&mut g);
    assert_eq!(g.player(0).lives, 1);
    assert!(g.legal().contains(&C::Kilter));
    play(&mut g, C::Kilter);
    assert!(g.dungeon(0)[1].monster.is_none(), "Kilter vanquishes the monster");
    assert_eq!((g.player(0).lives, g.xp(0), g.player(0).bag_cards), (2, 0, 0), "a life healed; no XP, no loot");
}

#[test]
fn dealing_darkness_misses_the_next_turn() {
    let mut s = base();
    s.encounter_tops = vec![enc("darkness")];
    let mut g = game(&s);
    play(&mut g, C::Build);
    play(&mut g, C::Place { side: Side::North, turns: 0 });
    assert_eq!(ask(&g).0, 1);
    let mut ev = Vec::new();
    let c = g.legal().iter().copied().find(|c| matches!(c, C::Move(_))).unwrap();
    g.apply(c, &mut |e| ev.push(e)).unwrap();
    assert!(ev.contains(&DealingEvent::Missed(0)));
    assert_eq!(ask(&g).0, 1, "seat 0's turn was missed");
}

#[test]
fn dealing_losing_the_last_life_ends_the_hero_and_the_dead_tally_nothing() {
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "cross", Some("werewolf")));
    s.seats[0].at = 1;
    s.seats[0].lives = Some(1);
    s.seats[0].hand = vec![loot("short-sword")];
    s.dice = vec![1, 1];
    let mut g = game(&s);
    play(&mut g, C::Combat(Answer::Fight));
    assert_eq!(g.player(0).status, Status::Dead(DeathCause::Monster));
    assert_eq!(g.outcome(0).score, 0);
    assert!(!g.outcome(0).survived);
    assert_eq!(ask(&g).0, 1, "the others play on");
}

#[test]
fn dealing_the_loot_tally_counts_the_bag_in_hand_cards_20_and_potions_10() {
    let mut s = base();
    s.seats[0].hand = vec![loot("short-sword")];
    s.seats[0].potion = true;
    s.seats[0].specials = vec![loot("greater-healing")];
    let g = game(&s);
    assert_eq!(g.tally(0), 20 + 10 + 10);
}

#[test]
fn dealing_a_game_that_runs_on_stops_at_the_round_limit_unfinished() {
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "cross", None));
    let mut g = game(&s);
    while !g.is_over() {
        let c = g.legal().iter().copied().find(|c| matches!(c, C::Move(_))).unwrap();
        play(&mut g, c);
    }
    assert_eq!(g.end(), Some(End::RoundLimit));
    assert_eq!(g.round(), ROUND_LIMIT + 1);
    assert!(!g.won(0) && !g.won(1), "no winner in an unfinished game");
}

#[test]
fn dealing_the_encounter_deck_is_reshuffled_when_empty() {
    let mut s = base();
    s.encounter_pile = Some(vec![]);
    let mut g = game(&s);
    let (pile, discard) = g.encounter_piles();
    assert_eq!((pile, discard), (0, rules().encounter_deck.len()));
    play(&mut g, C::Build);
    let ev = play_seen(&mut g, C::Place { side: Side::North, turns: 0 });
    assert!(ev.contains(&DealingEvent::Reshuffled));
    let (pile, discard) = g.encounter_piles();
    assert_eq!(discard, 0);
    assert!(pile + 1 >= rules().encounter_deck.len() - 1, "the discard pile became the deck, one card drawn");
}

#[test]
fn dealing_special_potions_heal_strengthen_the_next_fight_or_ward_a_life() {
    // Potion of Valor: a life and +2 to the next Fight, kept until a fight comes.
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "cross", None));
    s.laid.push(laid(0, 1, Side::North, "cross", Some("werewolf")));
    s.seats[0].at = 1;
    s.seats[0].lives = Some(2);
    s.seats[0].specials = vec![loot("valor")];
    s.dice = vec![2, 2];
    s.loot_tops = vec![loot("purse")];
    let mut g = game(&s);
    assert_eq!(ask(&g), (0, Ask::Potion));
    assert_eq!(g.legal().as_slice(), &[C::Special(0), C::Go]);
    play(&mut g, C::Special(0));
    assert_eq!((g.player(0).lives, g.player(0).fight_bonus), (3, 2));
    play(&mut g, C::Move(2)); // into the Werewolf's room: stopped there
    idle(&mut g);
    play(&mut g, C::Combat(Answer::Fight)); // 4 + 1 + 2 = 7 ties; without the +2 it would lose
    assert_eq!(g.player(0).lives, 3);
    assert_eq!(g.player(0).fight_bonus, 0);
    // Potion of Warding: the next life lost is not lost, even the last.
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "cross", Some("werewolf")));
    s.seats[0].at = 1;
    s.seats[0].lives = Some(1);
    s.seats[0].specials = vec![loot("warding")];
    s.dice = vec![1, 1];
    let mut g = game(&s);
    assert_eq!(ask(&g), (0, Ask::Fight), "a Ward is not drunk: it waits face up");
    let ev = play_seen(&mut g, C::Combat(Answer::Fight));
    assert!(ev.contains(&DealingEvent::Warded(0)));
    assert_eq!((g.player(0).lives, g.player(0).status), (1, Status::Playing));
    assert!(g.player(0).specials.is_empty());
    idle(&mut g);
    assert_eq!(ask(&g), (0, Ask::Fight), "the Werewolf is still there");
}

#[test]
fn dealing_no_healing_in_the_treasure_room_but_a_potion() {
    let mut s = base();
    s.seats[0].deck = Some(vec![]);
    s.seats[0].lives = Some(2);
    s.seats[0].dashboard = vec![enc("werewolf")];
    s.boss_tops = vec![rules().boss("troll-mage").unwrap()];
    s.dice = vec![6, 6, 6, 3, 4];
    let mut g = game(&s);
    play(&mut g, C::Build);
    play(&mut g, C::Place { side: Side::North, turns: 0 });
    play(&mut g, C::Boss(BossAnswer::Fight)); // 7 + 1 against 18: a life lost
    assert_eq!(g.player(0).lives, 1);
    assert_eq!(ask(&g).0, 1, "7 XP cannot buy a life in the Treasure Room");
    let mut s = s.clone();
    s.seats[0].potion = true;
    let mut g = game(&s);
    play(&mut g, C::Go); // keep the potion for the Treasure Room
    play(&mut g, C::Build);
    play(&mut g, C::Place { side: Side::North, turns: 0 });
    play(&mut g, C::Boss(BossAnswer::Fight));
    idle(&mut g);
    assert_eq!(ask(&g), (0, Ask::Potion), "the Healing Potion token still works");
    play(&mut g, C::Drink);
    assert_eq!(g.player(0).lives, 2);
    assert_eq!(ask(&g), (0, Ask::Boss));
}

#[test]
fn dealing_rulebook_examples_entrances_in_inches_xp_values_and_the_level_card() {
    // "For a 2 player game, place the entrances 8 spaces away (20")"; "10 spaces away (25")".
    let inches = rules().geometry.space_inches;
    for (n, apart) in [(2, 20.0), (3, 25.0), (4, 25.0)] {
        let g = DealingGame::new(rules(), &DealingConfig::standard(n), 1, 0, &mut NoObserver).unwrap();
        let d = (g.dungeon(1)[0].x - g.dungeon(0)[0].x) as f32 * inches;
        assert_eq!(d, apart, "{n} players");
    }
    // "The XP Value is equal to the monster's attack value": the Werewolf gives 7.
    let mut s = base();
    s.laid.push(laid(0, 0, Side::North, "cross", Some("werewolf")));
    s.seats[0].at = 1;
    s.dice = vec![6, 6];
    s.loot_tops = vec![loot("purse")];
    let mut g = game(&s);
    play(&mut g, C::Combat(Answer::Fight));
    assert_eq!(g.xp(0), 7);
    // The Leveling Up card: level 1 +1 Range (and +1 Combat with it), level 2 +1 Range and
    // +1 Defend, level 3 +3 Combat and +1 Defend, each reached by 15 XP in play.
    let mut s = base();
    s.seats[0] = SeatSetup { dashboard: vec![enc("werewolf"); 3], ..SeatSetup::hero(hero("ranger")) };
    s.laid.push(laid(0, 0, Side::North, "cross", None));
    let mut g = game(&s);
    let f = g.fighter(0);
    assert_eq!((f.skills.range, f.skills.defend, f.skills.combat), (1, 0, 0));
    play(&mut g, C::Move(1));
    play(&mut g, C::Level);
    let f = g.fighter(0);
    assert_eq!((g.player(0).level, f.skills.range, f.skills.defend), (2, 1, 1));
}

/// A dungeon with cards left but no doorway, nor blank wall, onto an empty space can never
/// grow again: the hero's game is over as at the table edge (ruling in docs/rulings.md), where
/// he used to wait for the round limit.
#[test]
fn dealing_a_walled_in_dungeon_ends_that_players_game() {
    let walled = |table: (u8, u8)| {
        let mut s0 = SeatSetup::hero(hero("barbarian"));
        s0.deck = Some(vec![room("cross"); 9]);
        s0.at = 1;
        let s = DealingSetup {
            seats: vec![s0],
            laid: vec![laid(0, 0, Side::North, "end-s", None)],
            table: Some(table),
            mode: Mode::SoloRegular,
            ..DealingSetup::default()
        };
        let mut ev = Vec::new();
        let g = DealingGame::from_setup(rules(), &s, 1, &mut |e| ev.push(e)).unwrap();
        (g, ev)
    };
    // A table one space wide: the entrance and the dead end fill it.
    let (g, ev) = walled((1, 2));
    assert!(ev.contains(&DealingEvent::WalledIn(0)), "{ev:?}");
    assert_eq!(g.player(0).status, Status::WalledIn);
    assert!(g.player(0).alive(), "his game is over, but he is not dead");
    assert_eq!(g.end(), Some(End::NoneLeft));
    // On a wide table the dead end's blank walls face empty spaces: a Secret Door search.
    let (g, _) = walled((32, 2));
    assert_eq!(g.player(0).status, Status::Playing);
    assert!(g.legal().iter().any(|c| matches!(c, C::Search(_))), "{:?}", g.legal());
}
