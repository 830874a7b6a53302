//! Slice 4: Ye Olde Shoppe, the Alchemist, item actions in combat and the tile guide's special
//! tiles and rooms, one test per rule with set-up values, stacked decks and forced dice.

use super::game::{card, cards_are_conserved, character, game, play, room, solo, sq, tile, tile1, ENTRY};
use super::{rules, Forced};
use crate::dungeon_of_chaos::combat::{Answer, Combat, Event, HandCard, HeroSetup, Step};
use crate::dungeon_of_chaos::data::{Ailment, Attr};
use crate::dungeon_of_chaos::game::{
    Ask, ChaosChoice, ChaosEvent, ChaosGame, DeckId, Dir, DoorState, Place, SeatSetup, Sq, Ware,
};

fn item(name: &str) -> u8 {
    rules().item(name).unwrap_or_else(|| panic!("{name}"))
}

fn monster(name: &str) -> u8 {
    rules().monster(name).unwrap_or_else(|| panic!("{name}"))
}

fn top_item(name: &str) -> (DeckId, u16) {
    let i = item(name);
    (DeckId::Items(rules().items[i as usize].level - 1), i as u16)
}

fn potion(name: &str) -> (DeckId, u16) {
    (DeckId::Potions, card(&rules().potions.names, name))
}

fn scroll(name: &str) -> (DeckId, u16) {
    (DeckId::Scrolls, card(&rules().scrolls.names, name))
}

fn spell(name: &str) -> (DeckId, u16) {
    (DeckId::Spells, card(&rules().spells.names, name))
}

fn at(g: &ChaosGame<'_>) -> Sq {
    g.hero(0).square().expect("in the dungeon")
}

fn health(g: &ChaosGame<'_>) -> i8 {
    g.hero(0).stats[Attr::Health as usize]
}

/// The square north of the entry tile, entered from its exit north.
const NORTH_OF_ENTRY: Sq = Sq(11);
/// The entry tile's square with an exit north.
const NORTH: Sq = Sq(19);

/// A shop in the bottom-left corner of level 1, the Warrior in it.
fn in_the_shop(gold: u32, items: Vec<u8>) -> ChaosGame<'static> {
    let shop = sq(0, 5, 0);
    let mut set = solo("Warrior", shop);
    set.laid = vec![(shop, tile("Ye Olde Shoppe"), Dir::N)];
    set.seats[0].gold = gold;
    set.seats[0].items = items;
    // Stocking: two of the shop's level (a worthless one redrawn), two of random levels (d8
    // 3: level 2, d8 8: level 4), a Potion and a Scroll.
    set.tops = vec![
        top_item("Rusty Helm"),
        top_item("Dagger"),
        top_item("Short Sword"),
        top_item("Broadsword"),
        top_item("Holy Avenger"),
        potion("Potion of Healing"),
        scroll("Identify"),
    ];
    set.dice = vec![3, 8];
    game(&set)
}

#[test]
fn chaos_a_shoppe_is_stocked_from_the_decks_and_worthless_items_are_redrawn() {
    let g = in_the_shop(0, vec![]);
    let wares: Vec<Ware> = g.wares().collect();
    assert_eq!(
        wares,
        vec![
            Ware::Item(item("Dagger")),
            Ware::Item(item("Short Sword")),
            Ware::Item(item("Broadsword")),
            Ware::Item(item("Holy Avenger")),
            Ware::Potion(potion("Potion of Healing").1),
            Ware::Scroll(scroll("Identify").1),
        ]
    );
    // The worthless (0 coins) Rusty Helm went back to its discards.
    assert!(g.stock(DeckId::Items(0)).cards().contains(&(item("Rusty Helm") as u16)));
    assert_eq!(g.price(Ware::Potion(0)), 40);
    cards_are_conserved(&g).unwrap();
}

#[test]
fn chaos_the_shoppe_sells_for_credit_then_coins_trades_in_at_half_and_redeems_treasure() {
    let mut g = in_the_shop(30, vec![item("Leather Cap"), item("Silver Goblet")]);
    let legal = g.legal().clone();
    // 30 coins: the Dagger (10) and the Short Sword (30), not the Broadsword (80); the cap
    // traded in, the goblet (Treasure) redeemed.
    for c in [ChaosChoice::Buy(0), ChaosChoice::Buy(1), ChaosChoice::TradeIn(0), ChaosChoice::Redeem(1)] {
        assert!(legal.contains(&c), "{c:?}");
    }
    assert!(!legal.contains(&ChaosChoice::Buy(2)) && !legal.contains(&ChaosChoice::TradeIn(1)));
    // The Leather Cap (15) for 8 credit (halves round up, §16).
    play(&mut g, ChaosChoice::TradeIn(0));
    assert_eq!((g.hero(0).credit, g.hero(0).gold), (8, 30));
    assert!(g.stock(DeckId::Items(0)).cards().contains(&(item("Leather Cap") as u16)));
    // The Short Sword (30): 8 of credit, then 22 coins.
    play(&mut g, ChaosChoice::Buy(1));
    assert_eq!((g.hero(0).credit, g.hero(0).gold), (0, 8));
    assert!(g.hero(0).items.contains(&item("Short Sword")));
    // The goblet redeemed for its 160 coins (§13), then the Potion bought (40) comes known.
    let goblet = g.hero(0).items.iter().position(|&i| i == item("Silver Goblet")).unwrap() as u8;
    play(&mut g, ChaosChoice::Redeem(goblet));
    assert_eq!(g.hero(0).gold, 168);
    let potion_ware = g.wares().position(|w| matches!(w, Ware::Potion(_))).unwrap() as u8;
    play(&mut g, ChaosChoice::Buy(potion_ware));
    assert_eq!(g.hero(0).gold, 128);
    assert_eq!(g.hero(0).hand[0], Some(HandCard::Potion(potion("Potion of Healing").1)));
    assert_eq!(g.hero(0).known & 1, 1);
    // What was not bought stays for others.
    assert_eq!(g.wares().count(), 4);
    cards_are_conserved(&g).unwrap();
}

#[test]
fn chaos_the_alchemist_turns_items_into_their_coins() {
    let mut set = solo("Alchemist", ENTRY);
    set.seats[0].items = vec![item("Torch"), item("Rusty Helm")];
    let mut g = game(&set);
    // Never a cursed one (no one parts with it, §13), nor a worthless one.
    assert!(g.legal().contains(&ChaosChoice::Transmute(0)));
    assert!(!g.legal().contains(&ChaosChoice::Transmute(1)));
    play(&mut g, ChaosChoice::Transmute(0));
    assert_eq!(g.hero(0).gold, 5);
    assert_eq!(g.hero(0).items.as_slice(), &[item("Rusty Helm")]);
    // Others cannot.
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].items = vec![item("Torch")];
    let g = game(&set);
    assert!(!g.legal().iter().any(|c| matches!(c, ChaosChoice::Transmute(_))));
}

#[test]
fn chaos_an_items_combat_action_may_break_the_tool() {
    // The Torch's BURN: d6 fire at the Frail Goblin, then a d8 above its sturdiness 4 breaks it.
    let h = HeroSetup::character(rules(), character("Warrior")).with_item(rules(), item("Torch"));
    let mut c = Combat::new(rules(), &h, &[monster("Frail Goblin")]);
    let mut d = Forced::new(&[8, 2, 6, 5, 6]);
    let mut log = Vec::new();
    assert_eq!(c.start(rules(), &mut d, &mut |e| log.push(e)), Step::HeroToAct);
    let burn = Answer::Use { tool: 0, foe: 1 };
    assert!(c.legal().contains(&burn));
    let s = c.answer(rules(), &mut d, burn, &mut |e| log.push(e)).unwrap();
    assert_eq!(s, Step::HeroToAct);
    assert_eq!(c.fighter(1).stats[Attr::Health as usize], 2);
    assert!(log.contains(&Event::Broke { item: item("Torch") }));
    assert!(!c.legal().contains(&burn));
    d.done();
    // Rolled 4: it holds.
    let mut c = Combat::new(rules(), &h, &[monster("Frail Goblin")]);
    let mut d = Forced::new(&[8, 2, 6, 4, 6]);
    c.start(rules(), &mut d, &mut |_| {});
    c.answer(rules(), &mut d, burn, &mut |_| {}).unwrap();
    assert!(c.legal().contains(&burn));
    d.done();
}

#[test]
fn chaos_a_tool_broken_in_combat_is_discarded_after_it() {
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].items = vec![item("Torch")];
    set.monsters = vec![(ENTRY, monster("Frail Goblin"))];
    // Initiative 8 and 2; BURN 6, sturdiness 5 (broken); the goblin DEFENDS (6); ATTACK 8 +
    // critical 4: the goblin dies.
    set.dice = vec![8, 2, 6, 5, 6, 8, 4];
    set.tops = vec![top_item("Dagger")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Combat(Answer::Use { tool: 0, foe: 1 }));
    play(&mut g, ChaosChoice::Combat(Answer::Attack { foe: 1, weapon: None }));
    assert_eq!(g.pending().unwrap().ask, Ask::Turn);
    assert_eq!(g.hero(0).items.as_slice(), &[item("Dagger")]);
    assert!(g.stock(DeckId::Items(0)).cards().contains(&(item("Torch") as u16)));
    cards_are_conserved(&g).unwrap();
}

#[test]
fn chaos_a_dark_room_bans_reading_in_combat_too_and_is_left_by_a_random_exit() {
    let dark = NORTH_OF_ENTRY;
    let mut set = solo("Warrior", dark);
    set.laid = vec![(dark, tile("Dark Room"), Dir::N)];
    let identify = card(&rules().scrolls.names, "Identify");
    set.seats[0].hand = vec![HandCard::Scroll { card: identify, on_enemy: false }];
    let g = game(&set);
    // Out of combat: no reading, and no chosen exit, only a stumble.
    assert!(!g.legal().iter().any(|c| matches!(c, ChaosChoice::Read(_) | ChaosChoice::Move { .. })));
    assert!(g.legal().contains(&ChaosChoice::Stumble));
    // The random exit: of three (back to the entry tile, west, east), the pick 0 is the first
    // the tile lists; every pick leaves the room.
    for pick in 0..3u8 {
        let mut set = set.clone();
        set.dice = vec![pick];
        set.tops = vec![tile1("Straight Corridor")];
        let mut g = game(&set);
        let log = play(&mut g, ChaosChoice::Stumble);
        assert!(log.contains(&ChaosEvent::Rolled { sides: 3, value: pick + 1 }));
        assert_ne!(at(&g), dark);
        assert_eq!(g.turn().moves, 5);
    }
    // In combat: no READ SCROLL either.
    set.monsters = vec![(dark, monster("Frail Goblin"))];
    set.dice = vec![8, 2];
    let g = game(&set);
    assert_eq!(g.pending().unwrap().ask, Ask::Combat);
    assert!(!g.legal().iter().any(|c| matches!(c, ChaosChoice::Combat(Answer::Read { .. }))));
    // Elsewhere he reads in combat.
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].hand = vec![HandCard::Scroll { card: identify, on_enemy: false }];
    set.monsters = vec![(ENTRY, monster("Frail Goblin"))];
    set.dice = vec![8, 2];
    let g = game(&set);
    assert!(g.legal().iter().any(|c| matches!(c, ChaosChoice::Combat(Answer::Read { .. }))));
}

#[test]
fn chaos_ice_and_slides_carry_without_an_action() {
    for t in ["Icy Corridor", "Slide"] {
        let mut set = solo("Warrior", ENTRY);
        set.tops = vec![tile1(t), tile1("Straight Corridor")];
        let mut g = game(&set);
        play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
        assert_eq!(at(&g), sq(0, 0, 3), "{t}");
        assert_eq!(g.turn().moves, 5, "{t}: one movement action");
    }
    // Fliers avoid it.
    let mut set = solo("Faerie", ENTRY);
    set.tops = vec![tile1("Icy Corridor")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    assert_eq!(at(&g), NORTH_OF_ENTRY);
    // No momentum, no sliding on ice: put there (a set-up, as a teleport would), he stays.
    let mut set = solo("Warrior", NORTH_OF_ENTRY);
    set.laid = vec![(NORTH_OF_ENTRY, tile("Icy Corridor"), Dir::N)];
    let g = game(&set);
    assert_eq!(at(&g), NORTH_OF_ENTRY);
}

#[test]
fn chaos_a_giant_fan_blows_to_a_wall_and_its_side_hurts() {
    // Walked in through its Back: blown back over the entry tile and out of its south side,
    // a tile laid there, on to the wall.
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Giant Fan"), tile1("Dead End")];
    let mut g = game(&set);
    let hp = health(&g);
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    assert_eq!(at(&g), sq(0, 4, 3));
    assert_eq!(g.board().laid_at(sq(0, 4, 3)).unwrap().tile, tile("Dead End"));
    assert_eq!(health(&g), hp);
    // Walked in through the fan's side: 10 Health, and blown on to the wall.
    let mut set = solo("Warrior", ENTRY);
    set.laid = vec![(NORTH_OF_ENTRY, tile("Giant Fan"), Dir::S), (sq(0, 0, 3), tile("Dead End"), Dir::N)];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    assert_eq!(at(&g), sq(0, 0, 3));
    assert_eq!(health(&g), hp - 10);
}

#[test]
fn chaos_spikes_hurt_the_carried_and_the_fallen() {
    // Carried by ice into a spiked wall.
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Icy Corridor"), tile1("Spiked Wall"), room("Alchemist's Shelf")];
    let mut g = game(&set);
    let hp = health(&g);
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    assert_eq!((at(&g), health(&g)), (sq(0, 0, 3), hp - 10));
    // Walked in: unhurt.
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Spiked Wall"), room("Alchemist's Shelf")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    assert_eq!(health(&g), hp);
    // Fallen through a pit onto a spiked floor.
    let mut set = solo("Warrior", ENTRY);
    set.laid = vec![(sq(1, 1, 3), tile("Spiked Floor"), Dir::N)];
    set.tops = vec![tile1("Pit")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    assert_eq!((at(&g), health(&g)), (sq(1, 1, 3), hp - 10));
}

#[test]
fn chaos_a_magical_barrier_is_a_roll_against_mind() {
    for (roll, lost) in [(3, 10), (2, 0)] {
        // The Warrior's Mind is 2: a d8 of 3 fails.
        let mut set = solo("Warrior", ENTRY);
        set.tops = vec![tile1("Magical Barrier")];
        set.dice = vec![roll];
        let mut g = game(&set);
        let hp = health(&g);
        play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
        assert_eq!(health(&g), hp - lost, "rolled {roll}");
    }
}

#[test]
fn chaos_a_springboard_throws_up_a_level_and_under_a_pit_the_loop_is_chosen() {
    let below = sq(1, 2, 3);
    let mut set = solo("Warrior", below);
    set.laid = vec![(below, tile("Straight Corridor"), Dir::N)];
    set.tops = vec![tile1("Springboard"), tile1("Crossroads")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: below, dir: Dir::N });
    assert_eq!(at(&g), sq(0, 1, 3));
    assert_eq!(g.board().laid_at(sq(0, 1, 3)).unwrap().tile, tile("Crossroads"));
    // Under a pit: choose one of the two tiles, and the turn goes on there.
    set.laid.push((sq(0, 1, 3), tile("Pit"), Dir::N));
    set.tops = vec![tile1("Springboard")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: below, dir: Dir::N });
    assert_eq!(g.pending().unwrap().ask, Ask::Loop);
    assert_eq!(g.legal().as_slice(), &[ChaosChoice::Land(sq(1, 1, 3)), ChaosChoice::Land(sq(0, 1, 3))]);
    play(&mut g, ChaosChoice::Land(sq(0, 1, 3)));
    assert_eq!(at(&g), sq(0, 1, 3));
    assert_eq!(g.pending().unwrap().ask, Ask::Turn);
    // From level 1 it throws him out to the town.
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Springboard")];
    let mut g = game(&set);
    let log = play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    assert!(log.contains(&ChaosEvent::Town { seat: 0 }));
}

#[test]
fn chaos_a_fountains_potion_stays_and_is_drunk_once_a_turn() {
    let mut set = solo("Warrior", NORTH_OF_ENTRY);
    set.laid = vec![(NORTH_OF_ENTRY, tile("Fountain"), Dir::N)];
    set.tops = vec![potion("Potion of Vigour")];
    let mut g = game(&set);
    let hp = health(&g);
    play(&mut g, ChaosChoice::Fountain);
    assert_eq!(health(&g), hp + 5);
    let vigour = potion("Potion of Vigour").1;
    assert_eq!(g.board().laid_at(NORTH_OF_ENTRY).unwrap().fountain, Some(vigour));
    assert!(!g.legal().contains(&ChaosChoice::Fountain));
    play(&mut g, ChaosChoice::End);
    // Next turn: the same potion, no card drawn.
    let log = play(&mut g, ChaosChoice::Fountain);
    assert_eq!(health(&g), hp + 10);
    assert!(!log.iter().any(|e| matches!(e, ChaosEvent::Card { deck: DeckId::Potions, .. })));
    cards_are_conserved(&g).unwrap();
}

#[test]
fn chaos_touching_a_statue_wakes_both() {
    let hall = sq(0, 5, 0);
    let mut set = solo("Warrior", hall);
    set.laid = vec![(hall, tile("Mysterious Statues"), Dir::N)];
    // Each of a random level: d8 1 and 2, level 1 both.
    set.tops =
        vec![(DeckId::Monsters(0), monster("Frail Goblin") as u16), (DeckId::Monsters(0), monster("Giant Rat") as u16)];
    set.dice = vec![1, 2];
    let mut g = game(&set);
    assert!(g.legal().contains(&ChaosChoice::Touch));
    let log = play(&mut g, ChaosChoice::Touch);
    assert_eq!(g.pending().unwrap().ask, Ask::Combat);
    let fighters = g.hero(0).fight.as_ref().unwrap().len();
    assert_eq!(fighters, 3);
    assert!(log.contains(&ChaosEvent::Card { deck: DeckId::Monsters(0), card: monster("Giant Rat") as u16 }));
}

#[test]
fn chaos_the_tome_the_crystal_ball_and_the_altar_reward_a_turn_ended_there() {
    // The tome: a Black caster draws a Grey spell (the deck drawn until one comes).
    let room_at = NORTH_OF_ENTRY;
    let mut set = solo("Necromancer", room_at);
    set.laid = vec![(room_at, tile("Tome of Knowledge"), Dir::N)];
    set.tops = vec![spell("Magic Missile"), spell("Fireball")];
    let mut g = game(&set);
    let before = g.hero(0).hand.iter().flatten().count();
    play(&mut g, ChaosChoice::End);
    let hand: Vec<HandCard> = g.hero(0).hand.iter().flatten().copied().collect();
    assert_eq!(hand.len(), before + 1);
    assert!(hand.contains(&HandCard::Spell { card: spell("Fireball").1, on_enemy: true }));
    assert!(g.stock(DeckId::Spells).cards().contains(&spell("Magic Missile").1));
    // The Warrior casts nothing: no spell.
    let mut set = solo("Warrior", room_at);
    set.laid = vec![(room_at, tile("Tome of Knowledge"), Dir::N)];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::End);
    assert_eq!(g.hero(0).hand.iter().flatten().count(), 0);
    // The crystal ball: a Grey caster draws a Black spell; anyone's Mind restored.
    for (who, spells) in [("Necromancer", 1), ("Warrior", 0)] {
        let mut set = solo(who, room_at);
        set.laid = vec![(room_at, tile("Crystal Ball"), Dir::N)];
        let mut stats = rules().characters[character(who) as usize].stats;
        stats[Attr::Mind as usize] = 1;
        set.seats[0].stats = Some(stats);
        set.tops = vec![spell("Fireball"), spell("Fear")];
        let mut g = game(&set);
        let before = g.hero(0).hand.iter().flatten().count();
        play(&mut g, ChaosChoice::End);
        assert_eq!(g.hero(0).stats[Attr::Mind as usize], g.hero(0).start[Attr::Mind as usize], "{who}");
        assert_eq!(g.hero(0).hand.iter().flatten().count(), before + spells, "{who}");
    }
    // The altar: cursed items destroyed, disease cured, a White spell for a White caster.
    let mut set = solo("Cleric", room_at);
    set.laid = vec![(room_at, tile("Christian Altar"), Dir::N)];
    set.seats[0].items = vec![item("Rusty Helm"), item("Dagger")];
    set.seats[0].ailments.add(Ailment::Diseased);
    set.tops = vec![spell("Fireball"), spell("Heal")];
    let mut g = game(&set);
    let before = g.hero(0).hand.iter().flatten().count();
    play(&mut g, ChaosChoice::End);
    let h = g.hero(0);
    assert_eq!(h.items.as_slice(), &[item("Dagger")]);
    assert!(!h.ailments.has(Ailment::Diseased));
    assert_eq!(h.hand.iter().flatten().count(), before + 1);
    assert!(h.hand.contains(&Some(HandCard::Spell { card: spell("Heal").1, on_enemy: false })));
    cards_are_conserved(&g).unwrap();
}

#[test]
fn chaos_the_portal_and_the_tunnels_move_as_actions_and_a_flight_may_escape_by_the_portal() {
    let hall = sq(0, 5, 0);
    let mut set = solo("Warrior", hall);
    set.laid = vec![(hall, tile("Portal Chamber"), Dir::N)];
    // A random level (d8 5: level 3), row d6 2, column d8 7.
    set.dice = vec![5, 2, 7];
    set.tops = vec![tile1("Crossroads")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Portal);
    assert_eq!(at(&g), sq(2, 1, 6));
    assert_eq!(g.turn().moves, 6, "a non-movement action");
    // A flight from the chamber escapes into the portal; the goblin stays.
    let goblin = monster("Frail Goblin");
    set.monsters = vec![(hall, goblin)];
    // Initiative 8 and 2; FLEE 8 against 1; then the portal.
    set.dice = vec![8, 2, 8, 1, 5, 2, 7];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Combat(Answer::Flee));
    assert_eq!(g.pending().unwrap().ask, Ask::Escape);
    assert_eq!(g.legal().as_slice(), &[ChaosChoice::Portal, ChaosChoice::Away]);
    play(&mut g, ChaosChoice::Portal);
    assert_eq!(at(&g), sq(2, 1, 6));
    assert!(!g.hero(0).fled);
    assert_eq!(g.board().laid_at(hall).unwrap().monsters(), &[goblin]);
    // Tunnels: out at any other mouth.
    let (a, b) = (NORTH_OF_ENTRY, sq(0, 5, 6));
    let mut set = solo("Warrior", a);
    set.laid = vec![(a, tile("Tunnel Mouth"), Dir::N), (b, tile("Tunnel Mouth"), Dir::W)];
    let mut g = game(&set);
    assert!(g.legal().contains(&ChaosChoice::Tunnel(b)) && !g.legal().contains(&ChaosChoice::Tunnel(a)));
    play(&mut g, ChaosChoice::Tunnel(b));
    assert_eq!(at(&g), b);
}

#[test]
fn chaos_the_floodgates_wash_the_level_and_those_below_down_a_level() {
    let gates = NORTH_OF_ENTRY;
    let deep = sq(1, 4, 4);
    let deepest = sq(3, 0, 0);
    let mut set = solo("Warrior", gates);
    set.seats.push(SeatSetup::new(character("Elf"), Place::Dungeon(deep)));
    set.seats.push(SeatSetup::new(character("Thief"), Place::Dungeon(deepest)));
    set.laid = vec![
        (gates, tile("Floodgates"), Dir::N),
        (deep, tile("Small Room"), Dir::N),
        (deepest, tile("Straight Corridor"), Dir::N),
    ];
    set.monsters = vec![(deep, monster("Giant Rat"))];
    set.tops = vec![tile1("Crossroads"), tile1("T Junction")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Lever);
    // The entry tile stays; the rest of levels 1 to 4 is gone but the tiles laid under the
    // characters moved down.
    let b = g.board();
    assert!(b.explored(ENTRY));
    assert_eq!(b.laid().len(), 3);
    assert_eq!(g.hero(0).square(), Some(sq(1, 1, 3)));
    assert_eq!(b.laid_at(sq(1, 1, 3)).unwrap().tile, tile("Crossroads"));
    assert_eq!(g.hero(1).square(), Some(sq(2, 4, 4)));
    // Washed off level 4: lost.
    assert!(g.hero(2).is_dead());
    // The rat was washed away to its discards, the tiles to theirs.
    assert!(g.stock(DeckId::Monsters(0)).cards().contains(&(monster("Giant Rat") as u16)));
    cards_are_conserved(&g).unwrap();
}

#[test]
fn chaos_a_chasm_may_be_jumped_into_and_the_locked_door_tile_starts_locked() {
    let c = NORTH_OF_ENTRY;
    let mut set = solo("Faerie", c);
    set.laid = vec![(c, tile("Chasm"), Dir::N)];
    set.tops = vec![tile1("Crossroads")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Jump);
    assert_eq!(at(&g), sq(2, 1, 3));
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Locked Door")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    let door = g.board().door(NORTH_OF_ENTRY, Dir::N).map(|d| d.2);
    assert_eq!(door, Some(DoorState::Locked));
}

#[test]
fn chaos_fliers_go_down_pits_and_fliers_and_climbers_up_them() {
    let pit = NORTH_OF_ENTRY;
    let below = sq(1, 1, 3);
    let mut set = solo("Faerie", pit);
    set.laid = vec![(pit, tile("Pit"), Dir::N), (below, tile("Straight Corridor"), Dir::N)];
    let mut g = game(&set);
    assert!(g.legal().contains(&ChaosChoice::Down));
    play(&mut g, ChaosChoice::Down);
    assert_eq!(at(&g), below);
    assert!(g.legal().contains(&ChaosChoice::Up));
    play(&mut g, ChaosChoice::Up);
    assert_eq!(at(&g), pit);
    // A climber goes up, not down; others neither.
    for (who, up) in [("Barbarian", true), ("Warrior", false)] {
        let mut set = solo(who, below);
        set.laid = vec![(pit, tile("Pit"), Dir::N), (below, tile("Straight Corridor"), Dir::N)];
        let g = game(&set);
        assert_eq!(g.legal().contains(&ChaosChoice::Up), up, "{who}");
    }
}

#[test]
fn chaos_a_climber_may_climb_down_the_pit_he_avoids() {
    // Tile guide: "Characters with Climbing or Flying may avoid pits": avoiding is his choice,
    // so a climber standing on a pit may go down it, a movement action, as a flier does
    // (docs/rulings.md).
    let pit = NORTH_OF_ENTRY;
    let below = sq(1, 1, 3);
    let mut set = solo("Barbarian", pit);
    set.laid = vec![(pit, tile("Pit"), Dir::N), (below, tile("Straight Corridor"), Dir::N)];
    let mut g = game(&set);
    let moves = g.turn().moves;
    assert!(g.legal().contains(&ChaosChoice::Down));
    play(&mut g, ChaosChoice::Down);
    assert_eq!(at(&g), below);
    assert_eq!(g.turn().moves, moves - 1);
    // One who neither climbs nor flies has no such choice (he falls on arrival), and on level 4
    // the pit is bottomless: no way down.
    let mut set = solo("Warrior", pit);
    set.laid = vec![(pit, tile("Pit"), Dir::N)];
    assert!(!game(&set).legal().contains(&ChaosChoice::Down));
    let deepest = sq(3, 1, 3);
    let mut set = solo("Barbarian", deepest);
    set.laid = vec![(deepest, tile("Pit"), Dir::N)];
    assert!(!game(&set).legal().contains(&ChaosChoice::Down));
}

#[test]
fn chaos_a_flight_from_a_dark_rooms_combat_leaves_it_by_a_random_exit() {
    // He fled from the goblin last turn (§6): moving away from a dark room is a stumble by a
    // random exit (tile guide), never an exit chosen.
    let dark = NORTH_OF_ENTRY;
    let goblin = monster("Frail Goblin");
    let mut set = solo("Warrior", dark);
    set.laid = vec![(dark, tile("Dark Room"), Dir::N)];
    set.monsters = vec![(dark, goblin)];
    set.seats[0].fled = true;
    set.dice = vec![1];
    set.tops = vec![tile1("Straight Corridor")];
    let mut g = game(&set);
    assert_eq!(g.pending().unwrap().ask, Ask::Flight);
    assert!(g.legal().contains(&ChaosChoice::Stumble) && g.legal().contains(&ChaosChoice::Fight));
    assert!(!g.legal().iter().any(|c| matches!(c, ChaosChoice::Move { .. })));
    let log = play(&mut g, ChaosChoice::Stumble);
    assert!(log.contains(&ChaosEvent::Rolled { sides: 3, value: 2 }));
    assert_ne!(at(&g), dark);
    assert_eq!(g.pending().unwrap().ask, Ask::Turn, "away: the movement phase goes on");
    assert_eq!(g.turn().moves, 5);
    assert_eq!(g.board().laid_at(dark).unwrap().monsters(), &[goblin]);
}

#[test]
fn chaos_a_flight_from_a_chasm_may_jump_into_it() {
    // Tile guide, Chasm: "jump into the chasm (as an action or when running away)": two levels
    // down, the goblin left in the room.
    let chasm = sq(0, 5, 0);
    let goblin = monster("Frail Goblin");
    let mut set = solo("Warrior", chasm);
    set.laid = vec![(chasm, tile("Chasm"), Dir::N)];
    set.monsters = vec![(chasm, goblin)];
    // Initiative 8 and 2; FLEE 8 against 1.
    set.dice = vec![8, 2, 8, 1];
    set.tops = vec![tile1("Crossroads")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Combat(Answer::Flee));
    assert_eq!(g.pending().unwrap().ask, Ask::Escape);
    assert_eq!(g.legal().as_slice(), &[ChaosChoice::Jump, ChaosChoice::Away]);
    play(&mut g, ChaosChoice::Jump);
    assert_eq!(at(&g), sq(2, 5, 0));
    assert!(!g.hero(0).fled);
    assert_eq!(g.board().laid_at(chasm).unwrap().monsters(), &[goblin]);
}

#[test]
fn chaos_a_fan_leaves_room_cards_face_down_on_the_new_rooms_it_blows_through() {
    // Blown south from the fan over the entry tile: through a new Staircase room (its Room
    // card face down) into a new Closet, where he stops and turns its card (a Scroll). The
    // next to enter the staircase turns its card (a Potion).
    let mut set = solo("Warrior", ENTRY);
    set.tops =
        vec![tile1("Giant Fan"), tile1("Staircase"), room("Alchemist's Shelf"), tile1("Closet"), room("Scriptorium")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    let (stairs, closet) = (sq(0, 4, 3), sq(0, 5, 3));
    assert_eq!(at(&g), closet);
    let shelf = card(&rules().rooms.names, "Alchemist's Shelf");
    assert_eq!(g.board().laid_at(stairs).unwrap().face_down, Some(shelf));
    assert_eq!(g.board().laid_at(closet).unwrap().face_down, None);
    let held = |g: &ChaosGame<'_>, f: fn(&HandCard) -> bool| g.hero(0).hand.iter().flatten().filter(|c| f(c)).count();
    assert_eq!(held(&g, |c| matches!(c, HandCard::Scroll { .. })), 1);
    assert_eq!(held(&g, |c| matches!(c, HandCard::Potion(_))), 0);
    play(&mut g, ChaosChoice::Move { from: closet, dir: Dir::N });
    assert_eq!(at(&g), stairs);
    assert_eq!(g.board().laid_at(stairs).unwrap().face_down, None);
    assert_eq!(held(&g, |c| matches!(c, HandCard::Potion(_))), 1);
    cards_are_conserved(&g).unwrap();
}
