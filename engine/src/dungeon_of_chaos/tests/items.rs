//! Slice 3: what characters carry and lead (§9, §13, §14, §16), one test per rule with set-up
//! values, stacked decks and forced dice.

use super::game::{card, cards_are_conserved, character, game, play, room, solo, tile1, ENTRY};
use super::rules;
use crate::dungeon_of_chaos::combat::{loot_share, Answer, HandCard};
use crate::dungeon_of_chaos::data::{Ailment, Attr};
use crate::dungeon_of_chaos::game::{
    Ask, ChaosChoice, ChaosEvent, ChestLeft, Companion, DeckId, Dir, Ending, Place, SeatSetup, Sq,
};

fn item(name: &str) -> u8 {
    rules().item(name).unwrap_or_else(|| panic!("{name}"))
}

fn chest(name: &str) -> (DeckId, u16) {
    (DeckId::Chests, card(&rules().chests.names, name))
}

fn scroll(name: &str) -> HandCard {
    let card = card(&rules().scrolls.names, name);
    HandCard::Scroll { card, on_enemy: rules().scrolls.cards[card as usize].on_enemy }
}

/// The entry tile's square with an exit north (as in the tests of slice 2).
const NORTH: Sq = Sq(19);

#[test]
fn chaos_armour_works_only_equipped_weight_always_and_equipment_is_fixed_in_combat() {
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].items = vec![item("Wooden Shield"), item("Iron Shield")];
    let mut g = game(&set);
    let start = g.hero(0).stats;
    // The first shield went on, the second waits: one of each type equipped.
    assert_eq!(g.hero(0).worn, 0b01);
    assert_eq!(g.effective(0, Attr::Defence), start[Attr::Defence as usize] + 1);
    // §13: weight counts whether equipped or not (1 + 2).
    assert_eq!(g.effective(0, Attr::Speed), start[Attr::Speed as usize] - 3);
    assert!(g.legal().contains(&ChaosChoice::Equip(1)));
    assert!(g.legal().contains(&ChaosChoice::Unequip(0)));
    play(&mut g, ChaosChoice::Equip(1));
    assert_eq!(g.hero(0).worn, 0b10);
    assert_eq!(g.effective(0, Attr::Defence), start[Attr::Defence as usize] + 2);
    // In combat, only combat actions: the equipment is fixed.
    let goblin = rules().monster("Frail Goblin").unwrap();
    set.monsters = vec![(ENTRY, goblin)];
    set.dice = vec![8, 1];
    let g = game(&set);
    assert_eq!(g.pending().unwrap().ask, Ask::Combat);
    assert!(g.legal().iter().all(|c| matches!(c, ChaosChoice::Combat(_))));
}

#[test]
fn chaos_a_cursed_item_stays_equipped_and_the_town_removes_it() {
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].items = vec![item("Leather Cap"), item("Rusty Helm")];
    let mut g = game(&set);
    // The cursed helm pushed the cap off and cannot come off or be discarded (§13).
    assert_eq!(g.hero(0).worn, 0b10);
    let legal = g.legal();
    assert!(!legal.contains(&ChaosChoice::Unequip(1)) && !legal.contains(&ChaosChoice::DropItem(1)));
    assert!(!legal.contains(&ChaosChoice::Equip(0)));
    assert!(legal.contains(&ChaosChoice::DropItem(0)));
    let mind = g.hero(0).stats[Attr::Mind as usize];
    assert_eq!(g.effective(0, Attr::Mind), mind - 1);
    play(&mut g, ChaosChoice::Up);
    assert_eq!(g.hero(0).items.as_slice(), &[item("Leather Cap")]);
    assert!(g.stock(DeckId::Items(0)).cards().contains(&(item("Rusty Helm") as u16)));
}

#[test]
fn chaos_a_chest_waits_on_its_tile_and_a_locked_one_stays_for_a_key_that_may_break() {
    // A Treasure Room's chest is a token on the tile until someone opens it.
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Small Room"), room("Treasure Room"), chest("Iron Chest")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    let here = g.hero(0).square().unwrap();
    assert_eq!(g.board().laid_at(here).unwrap().chest, ChestLeft::Token);
    assert!(g.legal().contains(&ChaosChoice::OpenChest));
    // Locked, and no key: the card stays on the tile (§13).
    play(&mut g, ChaosChoice::OpenChest);
    let iron = chest("Iron Chest").1;
    assert_eq!(g.board().laid_at(here).unwrap().chest, ChestLeft::Locked(iron));
    assert!(!g.legal().contains(&ChaosChoice::OpenChest));
    cards_are_conserved(&g).unwrap();
    // With a Skeleton Key (sturdiness 6): the key roll 7 breaks it; the loot D8 × 50 = 200.
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].items = vec![item("Skeleton Key")];
    set.tops = vec![tile1("Small Room"), room("Treasure Room"), chest("Iron Chest")];
    set.dice = vec![7, 4];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    play(&mut g, ChaosChoice::OpenChest);
    assert_eq!(g.hero(0).gold, 200);
    assert!(!g.hero(0).items.contains(&item("Skeleton Key")), "broken");
    assert_eq!(g.hero(0).items.len(), 1, "the chest's item");
    assert!(g.stock(DeckId::Chests).cards().contains(&iron));
}

#[test]
fn chaos_a_trapped_chest_hurts_before_it_opens() {
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Small Room"), room("Treasure Room"), chest("Needle Trap Chest")];
    // The needle D6 = 3, the loot D8 × 30 = 60.
    set.dice = vec![3, 2];
    let mut g = game(&set);
    let health = g.hero(0).stats[Attr::Health as usize];
    play(&mut g, ChaosChoice::Move { from: NORTH, dir: Dir::N });
    play(&mut g, ChaosChoice::OpenChest);
    assert_eq!(g.hero(0).stats[Attr::Health as usize], health - 3);
    assert_eq!(g.hero(0).gold, 60);
}

fn companion(share: bool) -> Companion {
    Companion { attr: Attr::Attack, by: 1, share, mount: None }
}

#[test]
fn chaos_companions_take_equal_shares_rounded_down() {
    // §16's example: three companions taking an equal share and one who takes none, 350 coins:
    // a fourth each, 87.5, so 87 for the character.
    assert_eq!(loot_share(350, 3), 87);
    // In play: the Frail Goblin's 40 coins with the same four companions: 10 kept.
    let goblin = rules().monster("Frail Goblin").unwrap();
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].companions = vec![companion(true), companion(true), companion(true), companion(false)];
    set.monsters = vec![(ENTRY, goblin)];
    set.dice = vec![8, 1, 8, 8];
    let mut g = game(&set);
    // Their bonuses count (+1 Attack each).
    let attack = g.hero(0).stats[Attr::Attack as usize];
    assert_eq!(g.effective(0, Attr::Attack), attack + 4);
    assert_eq!(g.pending().unwrap().ask, Ask::Beginning);
    play(&mut g, ChaosChoice::Go);
    play(&mut g, ChaosChoice::Combat(Answer::Attack { foe: 1, weapon: None }));
    assert_eq!(g.hero(0).gold, 10);
}

#[test]
fn chaos_the_beginning_phase_may_dismiss_a_companion() {
    let lizard = rules().monster("Giant Lizard").unwrap();
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].companions = vec![Companion { attr: Attr::Speed, by: 2, share: false, mount: Some(lizard) }];
    let mut g = game(&set);
    assert_eq!(g.pending().unwrap().ask, Ask::Beginning);
    assert_eq!(g.legal().as_slice(), &[ChaosChoice::Dismiss(0), ChaosChoice::Go]);
    play(&mut g, ChaosChoice::Dismiss(0));
    assert!(g.hero(0).companions.is_empty());
    assert!(g.stock(DeckId::Monsters(0)).cards().contains(&(lizard as u16)), "the mount's card discarded");
    assert_eq!(g.pending().unwrap().ask, Ask::Turn);
}

#[test]
fn chaos_a_slain_mount_is_ridden() {
    let lizard = rules().monster("Giant Lizard").unwrap();
    let mut set = solo("Warrior", ENTRY);
    set.monsters = vec![(ENTRY, lizard)];
    set.dice = vec![8, 1, 8, 8];
    let mut g = game(&set);
    let speed = g.effective(0, Attr::Speed);
    play(&mut g, ChaosChoice::Combat(Answer::Attack { foe: 1, weapon: None }));
    assert_eq!(g.hero(0).companions.len(), 1);
    assert_eq!(g.hero(0).companions[0].mount, Some(lizard));
    assert_eq!(g.effective(0, Attr::Speed), speed + 2);
    cards_are_conserved(&g).unwrap();
}

#[test]
fn chaos_scrolls_are_read_out_of_combat_and_in_it_but_not_blind() {
    let mut set = solo("Warrior", ENTRY);
    let mut hurt = rules().characters[character("Warrior") as usize].stats;
    hurt[Attr::Health as usize] = 2;
    set.seats[0].stats = Some(hurt);
    set.seats[0].hand = vec![scroll("Scroll of Healing")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Read(0));
    assert_eq!(g.hero(0).stats, g.hero(0).start);
    assert!(g.hero(0).hand[0].is_none());
    // Blind, he cannot read (§11).
    set.seats[0].ailments.add(Ailment::Blind);
    let g = game(&set);
    assert!(!g.legal().contains(&ChaosChoice::Read(0)));
    // In combat, READ SCROLL: Lightning D8 = 8 at the goblin (Health 8).
    let goblin = rules().monster("Frail Goblin").unwrap();
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].hand = vec![scroll("Scroll of Lightning")];
    set.monsters = vec![(ENTRY, goblin)];
    set.dice = vec![8, 1, 8];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Combat(Answer::Read { slot: 0, foe: 1 }));
    assert_eq!(g.hero(0).tally.kills, 1);
    cards_are_conserved(&g).unwrap();
}

#[test]
fn chaos_a_curse_is_held_until_the_town() {
    let frailty = card(&rules().curses.names, "Curse of Frailty");
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].curses = vec![frailty];
    let mut g = game(&set);
    let defence = g.hero(0).stats[Attr::Defence as usize];
    assert_eq!(g.effective(0, Attr::Defence), defence - 2);
    play(&mut g, ChaosChoice::Up);
    assert!(g.hero(0).curses.is_empty());
    assert!(g.stock(DeckId::Curses).cards().contains(&frailty));
}

#[test]
fn chaos_items_and_coins_are_traded_on_one_tile() {
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].items = vec![item("Dagger"), item("Short Sword")];
    set.seats[0].gold = 250;
    set.seats.push(SeatSetup::new(character("Faerie"), Place::Dungeon(ENTRY)));
    let mut g = game(&set);
    let legal = g.legal();
    assert!(legal.contains(&ChaosChoice::Give { to: 1, item: 0 }));
    // The Faerie lifts nothing with a weight.
    assert!(!legal.contains(&ChaosChoice::Give { to: 1, item: 1 }));
    assert!(legal.contains(&ChaosChoice::GiveGold { to: 1, amount: 100 }));
    assert!(legal.contains(&ChaosChoice::GiveGold { to: 1, amount: 250 }));
    play(&mut g, ChaosChoice::Give { to: 1, item: 0 });
    play(&mut g, ChaosChoice::GiveGold { to: 1, amount: 100 });
    assert_eq!(g.hero(1).items.as_slice(), &[item("Dagger")]);
    assert_eq!((g.hero(0).gold, g.hero(1).gold), (150, 100));
}

#[test]
fn chaos_treasure_is_redeemed_in_town_and_counts_for_the_win() {
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].items = vec![item("Pouch of Gems"), item("Dagger")];
    set.seats[0].gold = 1850;
    let mut g = game(&set);
    let log = play(&mut g, ChaosChoice::Up);
    // Only the Treasure item turns into coins (§13).
    assert_eq!(g.hero(0).gold, 2050, "1,850 and the Pouch of Gems' 200");
    assert_eq!(g.hero(0).items.as_slice(), &[item("Dagger")]);
    assert!(log.contains(&ChaosEvent::Over(Ending::Won(0))));
}
