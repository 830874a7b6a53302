//! Edition `third` (DungeonQuest 3rd edition, 2010): rule tests with stacked decks for the 2010
//! mechanisms, including the rulebook's five combat examples (pp. 18-19) played as one combat.

mod common;

use common::{answer, expect, legal};
use dq_engine::board::{cell as rc, walk, Cell, Dir, TREASURE};
use dq_engine::card_combat::{CcId, HERO, MONSTER};
use dq_engine::data::{AttackType, Side, TileKind};
use dq_engine::trace::Trace;
use dq_engine::*;
use AttackType::{Magic, Melee, Ranged};

fn rules() -> &'static Rules {
    common::third_rules()
}

fn cr() -> &'static dq_engine::card_combat::CardRules {
    rules().card_combat.as_ref().unwrap()
}

const A: Cell = rc(2, 2);
const B: Cell = rc(2, 3);

/// A game of these heroes in which seat 0 moves first (the seed is searched for that).
fn game(heroes: &[&str], rules_on: &[&str]) -> (Game<'static>, Trace) {
    let r = rules();
    let mut v = Variant::default();
    for n in rules_on {
        v.enable(n).unwrap();
    }
    let picks: arrayvec::ArrayVec<HeroPick, 4> =
        heroes.iter().map(|h| HeroPick::Fixed(r.hero_by_id(h).expect("hero id") as u8)).collect();
    let cfg = GameConfig { heroes: picks, variant: v };
    for master in 1..200 {
        let mut t = Trace::default();
        let g = Game::new(r, &cfg, master, 0, &mut t).unwrap();
        if g.active() == 0 {
            return (g, t);
        }
    }
    panic!("no seed with seat 0 first");
}

fn card_in(deck: Deck, name: &str) -> CardId {
    rules().deck_cards(deck).find(|&c| rules().cards[c as usize].name == name).unwrap_or_else(|| panic!("no {name}"))
}

fn rune(name: &str) -> CardId {
    card_in(Deck::Rune, name)
}

/// Runes that cannot trigger here: seat 0 gets the Rune of Dragonfire (dragon draws only),
/// seat 1 the Rune of Death (only after drawing a monster card itself).
fn quiet(g: &mut Game<'static>) {
    for s in 0..g.seats() {
        let name = if s == 0 { "Rune of Dragonfire" } else { "Rune of Death" };
        g.give_rune(s, rune(name));
    }
}

fn tile(kind: TileKind, sides: [Side; 4], skip: usize) -> u8 {
    common::tile_of(rules(), kind, sides, skip)
}

/// Seat 0 stands in a plain room on A; B, east of it, is a dungeon room whose hall back to A
/// has a portcullis (lifted by a Strength test).
fn portcullis_beyond_a(g: &mut Game<'static>) {
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, tile(TileKind::DungeonRoom, [Side::Hall, Side::Wall, Side::Portcullis, Side::Wall], 0), Dir::West);
    g.put_hero(0, A);
}

fn room(n: usize) -> u8 {
    tile(TileKind::DungeonRoom, [Side::Hall; 4], n)
}

/// A monster token of this kind and life (the `n`th such).
fn token(kind: &str, life: u8, n: usize) -> CardId {
    let k = rules().monster_kind_by_name(kind).unwrap();
    rules()
        .deck_cards(Deck::Monster)
        .filter(|&c| rules().cards[c as usize].monster.is_some_and(|m| m.kind == k && m.life == life))
        .nth(n)
        .expect("token")
}

/// Combat deck cards by attack type, value and counterattack icon, distinct in call order.
struct Picker(Vec<bool>);
impl Picker {
    fn new() -> Picker {
        Picker(vec![false; cr().deck_len as usize])
    }
    fn take(&mut self, attack: AttackType, value: u8, counter: Option<AttackType>) -> CcId {
        let i = (0..cr().deck_len as usize)
            .find(|&i| {
                let c = cr().cards[i];
                !self.0[i] && c.attack == attack && c.value == value && c.counter == counter
            })
            .unwrap_or_else(|| panic!("no more {attack:?} {value} {counter:?}"));
        self.0[i] = true;
        i as CcId
    }
}

fn power(owner_first: (CcId, u8), name: &str) -> CcId {
    cr().set(owner_first).find(|&c| cr().names[c as usize] == name).unwrap_or_else(|| panic!("no power {name}"))
}

fn hero_power(hero: &str, name: &str) -> CcId {
    power(cr().hero_powers[rules().hero_by_id(hero).unwrap()], name)
}

fn monster_power(kind: &str, name: &str) -> CcId {
    power(cr().monster_powers[rules().monster_kind_by_name(kind).unwrap() as usize], name)
}

fn rounds(t: &Trace) -> Vec<(u8, u8, u8, u8, u8, u8)> {
    t.events
        .iter()
        .filter_map(|e| match *e {
            Event::CardCombatRound { winner, hero_total, monster_total, deathblow, hero_damage, monster_damage } => {
                Some((winner, hero_total, monster_total, deathblow, hero_damage, monster_damage))
            }
            _ => None,
        })
        .collect()
}

/// The hero at seat 0 stands on room A (entered from the west) next to room B.
fn arena(heroes: &[&str], rules_on: &[&str]) -> (Game<'static>, Trace) {
    let (mut g, t) = game(heroes, rules_on);
    quiet(&mut g);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, room(1), Dir::West);
    g.put_hero(0, A);
    (g, t)
}

#[test]
fn third_data_loads_with_the_2010_components_and_hero_sheets() {
    let r = rules();
    assert_eq!(r.edition, dq_engine::Edition::Third);
    assert_eq!(r.combat, dq_engine::CombatSystem::Cards);
    let c = cr();
    assert_eq!(c.deck_len, 54, "54 Combat cards");
    assert_eq!(c.cards.len() - 54, 44, "44 Power cards");
    assert!(c.hero_powers.iter().chain(&c.monster_powers).all(|&(_, n)| n == 4), "four power cards each");
    assert!(c.estimated, "the card lists are marked estimated");
    assert_eq!(c.hand_size, 5);
    assert_eq!(r.deck_cards(Deck::Monster).len(), 20, "20 monster tokens");
    let stats: Vec<(&str, u8, [u8; 4])> = r.heroes.iter().map(|h| (h.id.as_str(), h.health, h.attrs)).collect();
    assert_eq!(
        stats,
        vec![
            ("gherinn", 13, [3, 4, 4, 9]),
            ("challara", 12, [5, 6, 5, 7]),
            ("hugo", 16, [7, 4, 9, 3]),
            ("krutzbeck", 20, [9, 5, 5, 3]),
            ("lindel", 15, [6, 6, 6, 5]),
            ("tatianna", 14, [4, 9, 4, 6]),
        ]
    );
    // The rulebook's Skeleton power card "Poisoned Arrow": ranged 2, melee counterattack icon.
    let pa = cr().card(monster_power("Skeleton", "Poisoned Arrow"));
    assert_eq!((pa.attack, pa.value, pa.counter), (Ranged, 2, Some(Melee)));
}

#[test]
fn broken_third_data_is_an_error_naming_file_and_line() {
    let mut src = dq_engine::rules::third_sources();
    let text = src.combat.text.replace("deck_size: 54", "deck_size: 53");
    src.combat.text = &text;
    let e = Rules::load(src).unwrap_err();
    assert_eq!(e.file, "data/dungeonquest/third/combat.ron");
    assert_eq!(text.lines().nth(e.line - 1).unwrap().trim(), "deck_size: 53,", "{e}");
    assert!(e.message.contains("54") && e.message.contains("53"), "{e}");

    let mut src = dq_engine::rules::third_sources();
    let text = src.combat.text.replace("(owner: \"Demon\"", "(owner: \"Dragon\"");
    src.combat.text = &text;
    let e = Rules::load(src).unwrap_err();
    assert!(text.lines().nth(e.line - 1).unwrap().contains("owner: \"Dragon\""), "{e}");

    let mut src = dq_engine::rules::third_sources();
    let text = src.decks.text.replace("kind: Some(\"Troll\")", "kind: Some(\"Trol\")");
    src.decks.text = &text;
    let e = Rules::load(src).unwrap_err();
    assert_eq!(e.file, "data/dungeonquest/third/decks.ron");
    assert!(e.message.contains("Trol"), "{e}");
}

/// The rulebook's combat examples 1-5 (pp. 18-19) are one combat: Lindel against a Skeleton
/// whose token has life 3, the monster played by the player to his left.
#[test]
fn the_five_rulebook_combat_examples_in_one_combat() {
    let (mut g, mut t) = arena(&["lindel", "hugo"], &[]);
    let mut p = Picker::new();
    // Lindel's hand: his power card, then four cards from the top of the deck.
    let (l_magic3, l_melee1, l_melee3, l_melee4) =
        (p.take(Magic, 3, None), p.take(Melee, 1, Some(Magic)), p.take(Melee, 3, None), p.take(Melee, 4, None));
    // The skeleton's hand: "Poisoned Arrow", then four cards.
    let (s_magic2, s_magic1, s_ranged1, s_ranged2) = (
        p.take(Magic, 2, Some(Ranged)),
        p.take(Magic, 1, Some(Ranged)),
        p.take(Ranged, 1, Some(Melee)),
        p.take(Ranged, 2, Some(Melee)),
    );
    // Refills, one card a side per round (three for the skeleton after its counterattack).
    let x1 = p.take(Melee, 2, Some(Magic));
    let y1 = p.take(Magic, 2, Some(Ranged));
    let (x2, y2) = (p.take(Magic, 5, None), p.take(Melee, 5, None));
    let (x3, y3, y4, y5) =
        (p.take(Magic, 4, None), p.take(Melee, 5, None), p.take(Melee, 4, None), p.take(Melee, 4, None));
    let deck = [
        l_magic3, l_melee1, l_melee3, l_melee4, s_magic2, s_magic1, s_ranged1, s_ranged2, x1, y1, x2, y2, x3, y3, y4,
        y5,
    ];
    let keen_eye = hero_power("lindel", "Keen Eye");
    let arrow = monster_power("Skeleton", "Poisoned Arrow");
    g.stack_combat(&deck, &[keen_eye], &[arrow]);
    let skeleton = token("Skeleton", 3, 0);
    g.stack_token(skeleton);
    g.stack_deck(&[card_in(Deck::Dungeon, "Skeleton")]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::EscapeOrAttack);
    answer(&mut g, &mut t, Choice::No);

    // Example 1, basic attack: skeleton magic 2, Lindel magic 3.
    expect(&g, 0, DecisionKind::CombatPlay);
    let f = g.card_fight().unwrap();
    assert_eq!(f.hand(HERO).len(), 5);
    assert!(f.hand(HERO).contains(&keen_eye) && f.hand(MONSTER).contains(&arrow), "one power card each");
    assert_eq!(f.life(), 3);
    answer(&mut g, &mut t, Choice::Card(l_magic3 as CardId));
    expect(&g, 1, DecisionKind::CombatPlay);
    answer(&mut g, &mut t, Choice::Card(s_magic2 as CardId));
    // "Lindel places his card in the skeleton's damage stack, and then the skeleton places its
    // card in the combat stack."
    expect(&g, 0, DecisionKind::CombatPlay);
    let f = g.card_fight().unwrap();
    assert_eq!((f.damage(MONSTER), f.combat_stack(), f.damage(HERO)), (&[l_magic3][..], &[s_magic2][..], &[][..]));

    // Example 2, stand-off: skeleton magic 1, Lindel melee 1 (magic icon); he may counterattack
    // but does not.
    answer(&mut g, &mut t, Choice::Card(l_melee1 as CardId));
    answer(&mut g, &mut t, Choice::Card(s_magic1 as CardId));
    expect(&g, 0, DecisionKind::Counterattack);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Card(x1 as CardId)]);
    answer(&mut g, &mut t, Choice::Done);
    let f = g.card_fight().unwrap();
    assert_eq!(f.combat_stack(), &[s_magic2, l_melee1, s_magic1][..], "both cards on the combat stack");
    assert_eq!(f.damage(MONSTER).len(), 1);

    // Example 3, counterattack: skeleton ranged 1 (melee icon) against Lindel's melee 3; it adds
    // a ranged 2 (total 3, a stand-off if it stopped) and "Poisoned Arrow" (total 5), then must
    // stop.
    answer(&mut g, &mut t, Choice::Card(l_melee3 as CardId));
    answer(&mut g, &mut t, Choice::Card(s_ranged1 as CardId));
    expect(&g, 1, DecisionKind::Counterattack);
    assert!(
        legal(&g).contains(&Choice::Card(s_ranged2 as CardId)) && legal(&g).contains(&Choice::Card(arrow as CardId))
    );
    answer(&mut g, &mut t, Choice::Card(s_ranged2 as CardId));
    expect(&g, 1, DecisionKind::Counterattack);
    assert!(legal(&g).contains(&Choice::Done), "it could stop at a stand-off");
    answer(&mut g, &mut t, Choice::Card(arrow as CardId));
    expect(&g, 0, DecisionKind::CombatPlay);
    let f = g.card_fight().unwrap();
    assert_eq!(f.damage(HERO), &[s_ranged1, s_ranged2, arrow][..], "three cards in Lindel's damage stack");
    assert_eq!(f.combat_stack(), &[s_magic2, l_melee1, s_magic1, l_melee3][..]);
    assert_eq!(g.hero(0).wounds, 0, "damage stacks are not wounds until the combat ends");

    // Example 4, deathblow: skeleton magic 2 (ranged icon, no counterattack against melee),
    // Lindel melee 4 takes both melee cards of the combat stack. Poisoned Arrow's +4 applies
    // only against a magic attack, so the skeleton's total stays 2.
    answer(&mut g, &mut t, Choice::Card(l_melee4 as CardId));
    answer(&mut g, &mut t, Choice::Card(y1 as CardId));

    // Example 5, end of combat: four cards in the damage stack of a life-3 skeleton kill it;
    // Lindel takes his three damage cards as wounds.
    assert!(g.card_fight().is_none(), "the combat is over");
    assert_eq!(
        rounds(&t),
        vec![
            // (winner, hero total, monster total, deathblow cards, hero damage, monster damage)
            (0, 3, 2, 0, 0, 1),
            (2, 1, 1, 0, 0, 1),
            (1, 3, 5, 0, 3, 1),
            (0, 4, 2, 2, 3, 4),
        ]
    );
    let h = g.hero(0);
    assert_eq!((h.wounds, h.stats.monsters_killed, h.stats.monsters_met), (3, 1, 1));
    assert_eq!(g.token_kind_at(B), None, "the killed monster's token returns to the pool");
    g.check_invariants().unwrap();
    let text = t.render(rules());
    assert!(text.contains("seat 1 decides Counterattack: combat card \"Poisoned Arrow\""), "{text}");
}

fn nth_card(deck: Deck, name: &str, n: usize) -> CardId {
    rules().deck_cards(deck).filter(|&c| rules().cards[c as usize].name == name).nth(n).expect("copy")
}

fn kind(name: &str) -> u8 {
    rules().monster_kind_by_name(name).unwrap()
}

fn in_discard(g: &Game<'static>, deck: Deck, card: CardId) -> bool {
    g.discard_pile(deck).any(|c| c == card)
}

fn count_events(t: &Trace, f: impl Fn(&Event) -> bool) -> usize {
    t.events.iter().filter(|e| f(e)).count()
}

#[test]
fn a_successful_escape_returns_to_the_chamber_entered_from_and_the_same_token_lingers() {
    // The rulebook's escape example with Lindel: his escape value 4 beats the Skeleton's 2.
    let (mut g, mut t) = arena(&["lindel"], &[]);
    g.set_came_from(0, rc(2, 1));
    let skeleton = token("Skeleton", 3, 0);
    g.stack_token(skeleton);
    g.stack_combat(&[], &[hero_power("lindel", "Swift Blade")], &[monster_power("Skeleton", "Poisoned Arrow")]);
    let (empty1, empty2) = (nth_card(Deck::Dungeon, "Empty", 0), nth_card(Deck::Dungeon, "Empty", 1));
    g.stack_deck(&[card_in(Deck::Dungeon, "Skeleton"), empty1, empty2]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::EscapeOrAttack);
    answer(&mut g, &mut t, Choice::Yes);
    let esc: Vec<_> = t.events.iter().filter(|e| matches!(e, Event::PowerEscape { .. })).collect();
    assert_eq!(esc, vec![&Event::PowerEscape { seat: 0, hero_escape: 4, monster_escape: 2, damage: 1, escaped: true }]);
    // Back in A, a Skeleton token in B; on his next turn (played at once, he is alone) he
    // encounters A instead of acting: A's dungeon card is drawn. The turn after, he acts.
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.stats.escapes, h.stats.turns), (A, 0, 1, 3));
    assert_eq!(g.token_kind_at(B), Some(kind("Skeleton")));
    assert!(in_discard(&g, Deck::Dungeon, empty1), "A is encountered on the next turn");
    expect(&g, 0, DecisionKind::Action);

    // He goes back into B: the lingering token is the same monster, life 3, met before the
    // chamber; killed, the chamber follows (B's dungeon card).
    let mut p = Picker::new();
    let hero = [p.take(Melee, 5, None), p.take(Melee, 5, None), p.take(Melee, 5, None), p.take(Melee, 4, None)];
    let mon = [
        p.take(Magic, 1, Some(Ranged)),
        p.take(Magic, 1, Some(Ranged)),
        p.take(Magic, 1, Some(Ranged)),
        p.take(Magic, 1, Some(Ranged)),
    ];
    let deck: Vec<CcId> = hero.iter().chain(&mon).copied().collect();
    g.stack_combat(&deck, &[], &[]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::EscapeOrAttack);
    assert_eq!((g.card_fight().unwrap().life(), g.fight_kind()), (3, Some(kind("Skeleton"))));
    assert!(!in_discard(&g, Deck::Dungeon, empty2), "the monster comes before the chamber");
    answer(&mut g, &mut t, Choice::No);
    for r in 0..3 {
        expect(&g, 0, DecisionKind::CombatPlay);
        answer(&mut g, &mut t, Choice::Card(hero[r] as CardId));
        expect(&g, 0, DecisionKind::CombatPlay); // the monster player (the hero's own seat alone)
        answer(&mut g, &mut t, Choice::Card(mon[r] as CardId));
    }
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.stats.monsters_killed), (B, 0, 1));
    assert_eq!(g.token_kind_at(B), None);
    assert!(in_discard(&g, Deck::Dungeon, empty2), "after the kill the chamber is encountered");
    g.check_invariants().unwrap();
}

#[test]
fn an_escape_or_a_rage_retreat_is_special_movement_so_a_monster_met_there_cannot_be_escaped() {
    // Lindel escapes from a Skeleton in B back to A, where a Troll token waits: on his next
    // turn he must attack it (no escape back into B).
    let (mut g, mut t) = arena(&["lindel"], &[]);
    g.set_came_from(0, rc(2, 1));
    g.put_token(token("Troll", 4, 0), A);
    g.stack_token(token("Skeleton", 3, 0));
    g.stack_combat(&[], &[hero_power("lindel", "Swift Blade")], &[monster_power("Skeleton", "Poisoned Arrow")]);
    g.stack_deck(&[card_in(Deck::Dungeon, "Skeleton")]);
    answer(&mut g, &mut t, Choice::Move(B));
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.hero(0).stats.escapes, 1);
    expect(&g, 0, DecisionKind::CombatPlay);
    assert_eq!((g.hero(0).pos, g.fight_kind()), (A, Some(kind("Troll"))));
    assert_eq!(count_events(&t, |e| matches!(e, Event::Decided { kind: DecisionKind::EscapeOrAttack, .. })), 1);

    // Hugo retreats from Dragon Rage into a room holding a Golem token: attacked next turn.
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    let west = rc(4, 5);
    g.lay_tile(west, room(3), Dir::East);
    g.put_token(token("Golem", 4, 0), west);
    g.give_card(0, rules().deck_cards(Deck::Treasure).next().unwrap());
    g.put_hero(0, TREASURE[0]);
    g.stack_deck(&[card_in(Deck::Dragon, "Dragon Rage")]);
    answer(&mut g, &mut t, Choice::DrawDragon);
    g.force_dice(&[1, 2]);
    answer(&mut g, &mut t, Choice::No);
    expect(&g, 0, DecisionKind::RageRetreat);
    answer(&mut g, &mut t, Choice::Move(west));
    expect(&g, 0, DecisionKind::CombatPlay);
    assert_eq!((g.hero(0).pos, g.fight_kind()), (west, Some(kind("Golem"))));
    assert_eq!(count_events(&t, |e| matches!(e, Event::Decided { kind: DecisionKind::EscapeOrAttack, .. })), 0);
    g.check_invariants().unwrap();
}

#[test]
fn a_failed_escapes_wounds_shrink_the_damage_stack_that_kills() {
    // Lindel (life 15) with 12 wounds fails to escape (Keen Eye 2 against Dark Volley 3):
    // 2 wounds, 14. One damage card is then his last wound: the first lost round kills him.
    let mut p = Picker::new();
    let hero = [
        p.take(Melee, 1, Some(Magic)),
        p.take(Melee, 1, Some(Magic)),
        p.take(Melee, 1, Some(Magic)),
        p.take(Melee, 1, Some(Magic)),
    ];
    let mon = [p.take(Ranged, 5, None), p.take(Ranged, 5, None), p.take(Ranged, 5, None), p.take(Ranged, 4, None)];
    let deck: Vec<CcId> = hero.iter().chain(&mon).copied().collect();
    let (mut g, mut t) = arena(&["lindel", "hugo"], &[]);
    g.set_hero_state(0, 12, 0);
    g.set_came_from(0, rc(2, 1));
    let (keen, bow) = (hero_power("lindel", "Keen Eye"), hero_power("lindel", "Elven Longbow"));
    let (volley, arrow) = (monster_power("Skeleton", "Dark Volley"), monster_power("Skeleton", "Poisoned Arrow"));
    g.stack_combat(&deck, &[keen, bow], &[volley, arrow]);
    g.stack_token(token("Skeleton", 3, 0));
    g.stack_deck(&[card_in(Deck::Dungeon, "Skeleton")]);
    answer(&mut g, &mut t, Choice::Move(B));
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, 0, DecisionKind::CombatPlay);
    assert_eq!((g.hero(0).wounds, g.card_fight().unwrap().hero_room()), (14, 1));
    answer(&mut g, &mut t, Choice::Card(hero[0] as CardId));
    answer(&mut g, &mut t, Choice::Card(mon[0] as CardId));
    no_counter(&mut g, &mut t);
    let h = g.hero(0);
    assert_eq!((h.status, h.wounds, h.stats.death_cause), (HeroStatus::Dead, 15, Some(DeathCause::Monster)));
    assert_eq!(rounds(&t).len(), 1, "the combat ends with the round that killed him");
    assert_eq!(g.token_kind_at(B), Some(kind("Skeleton")));
    g.check_invariants().unwrap();
}

#[test]
fn a_failed_escape_costs_the_damage_value_and_those_power_cards_stay_out_of_the_hands() {
    let (mut g, mut t) = arena(&["lindel"], &[]);
    g.set_came_from(0, rc(2, 1));
    g.stack_token(token("Skeleton", 2, 0));
    let (keen, bow) = (hero_power("lindel", "Keen Eye"), hero_power("lindel", "Elven Longbow"));
    let (volley, arrow) = (monster_power("Skeleton", "Dark Volley"), monster_power("Skeleton", "Poisoned Arrow"));
    g.stack_combat(&[], &[keen, bow], &[volley, arrow]);
    g.stack_deck(&[card_in(Deck::Dungeon, "Skeleton")]);
    answer(&mut g, &mut t, Choice::Move(B));
    answer(&mut g, &mut t, Choice::Yes);
    // Keen Eye's escape 2 is less than Dark Volley's 3: 2 wounds (its damage value), then combat.
    expect(&g, 0, DecisionKind::CombatPlay);
    assert_eq!(g.hero(0).wounds, 2);
    let f = g.card_fight().unwrap();
    assert!(f.hand(HERO).contains(&bow) && !f.hand(HERO).contains(&keen));
    assert!(f.hand(MONSTER).contains(&arrow) && !f.hand(MONSTER).contains(&volley));
    assert_eq!(f.hand(HERO).len(), 5);
}

#[test]
fn no_escape_from_a_portcullis_chamber_nor_for_krutzbeck_whose_hand_holds_six() {
    // B has a portcullis on the hall from A: lifted (Strength test), then the monster there
    // must be attacked.
    let (mut g, mut t) = game(&["lindel"], &[]);
    quiet(&mut g);
    portcullis_beyond_a(&mut g);
    g.set_came_from(0, rc(2, 1));
    g.stack_deck(&[card_in(Deck::Dungeon, "Troll")]);
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::CombatPlay);
    assert_eq!(g.fight_kind(), Some(kind("Troll")));
    assert_eq!(g.card_fight().unwrap().hand(HERO).len(), 5);

    let (mut g, mut t) = arena(&["krutzbeck"], &[]);
    g.set_came_from(0, rc(2, 1));
    g.stack_deck(&[card_in(Deck::Dungeon, "Demon")]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::CombatPlay);
    let f = g.card_fight().unwrap();
    assert_eq!((f.hand(HERO).len(), f.hand(MONSTER).len()), (6, 5), "Krutzbeck fills his hand to six");
    assert_eq!(count_events(&t, |e| matches!(e, Event::PowerEscape { .. })), 0);
}

#[test]
fn searching_twice_then_the_hero_must_move_and_may_search_again_after_returning() {
    let (mut g, mut t) = arena(&["lindel"], &[]);
    let gold: Vec<CardId> = (0..4)
        .map(|i| {
            rules().deck_cards(Deck::Search).filter(|&c| rules().cards[c as usize].name == "Gold Coins").nth(i).unwrap()
        })
        .collect();
    g.stack_deck(&gold);
    assert!(legal(&g).contains(&Choice::Search));
    answer(&mut g, &mut t, Choice::Search);
    assert!(legal(&g).contains(&Choice::Search), "a second successive search");
    answer(&mut g, &mut t, Choice::Search);
    assert!(!legal(&g).contains(&Choice::Search), "after two successive searches he must move");
    assert_eq!(g.hero(0).stats.searches, 2);
    g.stack_deck(&[nth_card(Deck::Dungeon, "Empty", 0), nth_card(Deck::Dungeon, "Empty", 1)]);
    answer(&mut g, &mut t, Choice::Move(B));
    answer(&mut g, &mut t, Choice::Move(A));
    assert!(legal(&g).contains(&Choice::Search), "back in the chamber he may search it again");
}

/// A dead-end room at (0,4): its only hall faces the outer wall.
fn dead_end(g: &mut Game<'static>, at: Cell) {
    g.lay_tile(at, tile(TileKind::DungeonRoom, [Side::Wall, Side::Wall, Side::Hall, Side::Wall], 0), Dir::North);
}

#[test]
fn a_dead_end_kills_after_two_failed_searches() {
    let (mut g, mut t) = game(&["lindel"], &[]);
    quiet(&mut g);
    let at = rc(0, 4);
    dead_end(&mut g, at);
    g.put_hero(0, at);
    let empties: Vec<CardId> = (0..2).map(|i| nth_card(Deck::Search, "Empty", i)).collect();
    g.stack_deck(&empties);
    assert_eq!(legal(&g), vec![Choice::Search]);
    answer(&mut g, &mut t, Choice::Search);
    // Alone, the next turns run at once: the second search (the only action), then death.
    let h = g.hero(0);
    assert_eq!((h.status, h.stats.death_cause, h.stats.searches), (HeroStatus::Dead, Some(DeathCause::DeadEnd), 2));
    assert!(g.is_over());
}

#[test]
fn a_blocked_hero_loses_his_turn_instead_of_dying() {
    let (mut g, mut t) = arena(&["lindel", "hugo"], &[]);
    // Lindel searches (his turn ends), then is moved into a rotating room (no search icon)
    // whose only hall leads to Hugo's room.
    g.stack_deck(&[nth_card(Deck::Search, "Empty", 0), nth_card(Deck::Search, "Empty", 1)]);
    answer(&mut g, &mut t, Choice::Search);
    expect(&g, 1, DecisionKind::Action);
    let (x, y) = (rc(5, 2), rc(5, 3));
    g.lay_tile(x, tile(TileKind::RotatingChamber, [Side::Wall, Side::Wall, Side::Hall, Side::Wall], 0), Dir::East);
    g.lay_tile(y, room(2), Dir::West);
    g.put_hero(0, x);
    g.put_hero(1, y);
    answer(&mut g, &mut t, Choice::Search);
    // Lindel's turn is lost; it is Hugo's turn again and Lindel is alive where he was.
    expect(&g, 1, DecisionKind::Action);
    let h = g.hero(0);
    assert_eq!((h.status, h.pos), (HeroStatus::Board, x));
    assert_eq!(count_events(&t, |e| matches!(e, Event::TurnLost { seat: 0, .. })), 1);
}

/// Answers "no counterattack" while one is offered.
fn no_counter(g: &mut Game<'static>, t: &mut Trace) {
    while g.pending().is_some_and(|d| d.kind == DecisionKind::Counterattack) {
        answer(g, t, Choice::Done);
    }
}

fn tests(t: &Trace) -> Vec<(u8, u8, bool)> {
    t.events
        .iter()
        .filter_map(|e| match *e {
            Event::Test { target, total, pass, .. } => Some((target, total, pass)),
            _ => None,
        })
        .collect()
}

#[test]
fn determination_counts_for_the_same_encounter_and_is_discarded_when_it_resolves() {
    // Hugo (Strength 7) lifts B's portcullis: 12 fails (one token), 12 fails again (two), then
    // 9 passes against 7 + 2; the tokens are discarded.
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    portcullis_beyond_a(&mut g);
    g.stack_deck(&[nth_card(Deck::Dungeon, "Empty", 0)]);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, Choice::Move(B));
    assert_eq!((g.hero(0).pos, g.hero(0).determination), (A, 1));
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, Choice::Move(B));
    assert_eq!(g.hero(0).determination, 2);
    assert!(!legal(&g).iter().any(|c| matches!(c, Choice::Spend(_))), "tokens are not spent by choice in 2010");
    g.force_dice(&[4, 5]);
    answer(&mut g, &mut t, Choice::Move(B));
    assert_eq!((g.hero(0).pos, g.hero(0).determination), (B, 0));
    assert_eq!(tests(&t), vec![(7, 12, false), (8, 12, false), (9, 9, true)]);
}

#[test]
fn dragon_rage_discards_treasure_wounds_and_the_hero_retreats_to_encounter_next_turn() {
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    let treasure = rules().deck_cards(Deck::Treasure).next().unwrap();
    g.give_card(0, treasure);
    g.put_hero(0, TREASURE[0]);
    g.stack_deck(&[card_in(Deck::Dragon, "Dragon Rage"), nth_card(Deck::Dungeon, "Empty", 0)]);
    g.stack_tiles(&[room(3)]);
    answer(&mut g, &mut t, Choice::DrawDragon);
    expect(&g, 0, DecisionKind::Rune);
    g.force_dice(&[1, 2]);
    answer(&mut g, &mut t, Choice::No);
    expect(&g, 0, DecisionKind::RageRetreat);
    let west = rc(4, 5);
    assert!(legal(&g).contains(&Choice::Move(west)));
    assert_eq!((g.hero(0).wounds, g.treasure_cards(0)), (3, 0));
    answer(&mut g, &mut t, Choice::Move(west));
    // Next turn (alone, at once) he encounters the new room: its dungeon card is drawn.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!((g.hero(0).pos, g.cell_is_explored(west)), (west, true));
    assert!(in_discard(&g, Deck::Dungeon, nth_card(Deck::Dungeon, "Empty", 0)));
}

fn stairs_room() -> u8 {
    rules().tiles.iter().position(|t| t.kind == TileKind::DungeonRoom && t.stairs).unwrap() as u8
}

#[test]
fn resurfacing_stops_at_the_wall_without_wounds_and_a_monster_next_turn_cannot_be_escaped() {
    let (mut g, mut t) = game(&["lindel"], &[]);
    quiet(&mut g);
    let at = rc(5, 10);
    g.lay_tile(at, stairs_room(), Dir::South);
    g.put_hero(0, at);
    g.stack_deck(&[card_in(Deck::Catacomb, "Exit"), card_in(Deck::Dungeon, "Troll")]);
    g.stack_tiles(&[room(3)]);
    answer(&mut g, &mut t, Choice::EnterCatacombs);
    answer(&mut g, &mut t, Choice::Dir(Dir::East));
    expect(&g, 0, DecisionKind::ExitCatacombs);
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, 0, DecisionKind::TurnDirection);
    let marker = g.hero(0).marker;
    assert_eq!(marker, rc(5, 11), "one catacomb card: one space east");
    // Turning north, a 6 would pass the outer wall: he stops at the wall, unhurt.
    g.force_dice(&[6]);
    answer(&mut g, &mut t, Choice::Turn(false));
    let (to, over) = walk(marker, Dir::North, 6);
    assert_eq!((to, over), (rc(0, 11), 1));
    expect(&g, 0, DecisionKind::TileOrientation);
    answer(&mut g, &mut t, Choice::Dir(Dir::South));
    // The turn ended on resurfacing; next turn the room is encountered: a Troll that must be
    // attacked.
    expect(&g, 0, DecisionKind::CombatPlay);
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.status), (to, 0, HeroStatus::Board));
    assert_eq!(g.fight_kind(), Some(kind("Troll")));
    assert_eq!(count_events(&t, |e| matches!(e, Event::Decided { kind: DecisionKind::EscapeOrAttack, .. })), 0);
}

#[test]
fn going_it_alone_the_monster_plays_the_top_card_and_counterattacks_from_the_top_five() {
    let (mut g, mut t) = arena(&["lindel"], &["solo"]);
    g.set_came_from(0, rc(2, 1));
    let mut p = Picker::new();
    let hand = [
        p.take(Melee, 3, None),
        p.take(Melee, 5, None),
        p.take(Melee, 5, None),
        p.take(Melee, 5, None),
        p.take(Melee, 4, None),
    ];
    let top = p.take(Ranged, 1, Some(Melee));
    let five = [
        p.take(Ranged, 2, Some(Melee)),
        p.take(Magic, 5, None),
        p.take(Ranged, 1, Some(Melee)),
        p.take(Melee, 4, None),
        p.take(Melee, 4, None),
    ];
    let deck: Vec<CcId> = hand.iter().chain([top].iter()).chain(&five).copied().collect();
    g.stack_combat(&deck, &[], &[]);
    g.stack_token(token("Skeleton", 3, 0));
    g.stack_deck(&[card_in(Deck::Dungeon, "Skeleton")]);
    answer(&mut g, &mut t, Choice::Move(B));
    answer(&mut g, &mut t, Choice::No);
    expect(&g, 0, DecisionKind::CombatPlay);
    let f = g.card_fight().unwrap();
    assert!(f.solo() && f.hand(MONSTER).is_empty(), "the monster has no hand");
    assert_eq!(f.hand(HERO), &hand[..], "no power card in the solo hero's hand");
    answer(&mut g, &mut t, Choice::Card(hand[0] as CardId));
    // Ranged 1 (melee icon) against melee 3: of the top five, ranged 2 and ranged 1 can win it
    // (1 + 2 + 1 = 4 > 3) and are played; the others are discarded.
    expect(&g, 0, DecisionKind::CombatPlay);
    assert_eq!(rounds(&t), vec![(1, 3, 4, 0, 3, 0)]);
    assert_eq!(g.card_fight().unwrap().damage(HERO), &[top, five[0], five[2]][..]);
}

#[test]
fn the_sun_does_not_advance_on_the_first_turn() {
    let (mut g, mut t) = arena(&["lindel"], &[]);
    // The token starts on the first space and rests there in round 1.
    assert_eq!((g.round(), g.sun()), (1, 1));
    g.stack_deck(&[nth_card(Deck::Search, "Empty", 0)]);
    answer(&mut g, &mut t, Choice::Search);
    assert_eq!((g.round(), g.sun()), (2, 2));
}

#[test]
fn the_first_sunset_roll_is_in_round_26_on_space_26() {
    // Lindel walks between A and B (empty chambers) until the first player rolls for the sun.
    let (mut g, mut t) = arena(&["lindel"], &[]);
    let empty = nth_card(Deck::Dungeon, "Empty", 0);
    for _ in 0..60 {
        if g.is_over() || t.events.iter().any(|e| matches!(e, Event::SunRoll { .. })) {
            break;
        }
        match g.pending().map(|d| d.kind) {
            Some(DecisionKind::Action) => {
                let to = if g.hero(0).pos == A { B } else { A };
                g.stack_deck(&[empty]);
                answer(&mut g, &mut t, Choice::Move(to));
            }
            _ => answer(&mut g, &mut t, Choice::No),
        }
    }
    let mut round = 0;
    let mut first = None;
    for e in &t.events {
        match *e {
            Event::RoundStart { round: r, sun } => {
                round = r;
                assert_eq!(u16::from(sun), r, "the sun is on space r in round r");
            }
            Event::SunRoll { space, .. } if first.is_none() => first = Some((round, space)),
            _ => {}
        }
    }
    assert_eq!(first, Some((26, 26)), "the first roll for the sun");
}

/// The active hero meets a monster of `kind` (token `life`) in B and chooses to fight.
fn fight(hero: &str, kind_name: &str, life: u8, deck: &[CcId], powers: (&[CcId], &[CcId])) -> (Game<'static>, Trace) {
    let (mut g, mut t) = arena(&[hero], &[]);
    g.set_came_from(0, rc(2, 1));
    g.stack_combat(deck, powers.0, powers.1);
    g.stack_token(token(kind_name, life, 0));
    g.stack_deck(&[card_in(Deck::Dungeon, kind_name)]);
    answer(&mut g, &mut t, Choice::Move(B));
    if g.pending().is_some_and(|d| d.kind == DecisionKind::Redraw) {
        answer(&mut g, &mut t, Choice::No);
    }
    if g.pending().is_some_and(|d| d.kind == DecisionKind::EscapeOrAttack) {
        answer(&mut g, &mut t, Choice::No);
    }
    (g, t)
}

#[test]
fn tatiannas_opening_volley_puts_the_ranged_cards_of_the_top_five_on_the_damage_stack() {
    let mut p = Picker::new();
    let five = [
        p.take(Ranged, 4, None),
        p.take(Ranged, 5, None),
        p.take(Melee, 1, Some(Magic)),
        p.take(Ranged, 1, Some(Melee)),
        p.take(Magic, 2, Some(Ranged)),
    ];
    let (g, t) = fight("tatianna", "Troll", 5, &five, (&[], &[]));
    expect(&g, 0, DecisionKind::CombatPlay);
    assert_eq!(g.card_fight().unwrap().damage(MONSTER), &[five[0], five[1], five[3]][..]);
    // The trace says so (it used to pass over the volley in silence).
    assert!(t.events.contains(&Event::Volley { seat: 0, cards: 5, hits: 3 }));
    let text = t.render(rules());
    assert!(text.contains("seat 0's opening volley: 5 cards revealed, 3 onto the monster's damage stack"), "{text}");
}

#[test]
fn hugos_opponent_makes_no_deathblow_but_hugo_does() {
    let mut p = Picker::new();
    // Hugo's hand (with his power card): magic 3, ranged 1, magic 5, magic 4; the Golem's:
    // melee 2, melee 5, melee 1, ranged 4.
    let h = [p.take(Magic, 3, None), p.take(Ranged, 1, Some(Melee)), p.take(Magic, 5, None), p.take(Magic, 4, None)];
    let m =
        [p.take(Melee, 2, Some(Magic)), p.take(Melee, 5, None), p.take(Melee, 1, Some(Magic)), p.take(Ranged, 4, None)];
    let refill = [p.take(Ranged, 5, None), p.take(Ranged, 5, None), p.take(Ranged, 5, None), p.take(Ranged, 4, None)];
    let deck: Vec<CcId> = h.iter().chain(&m).chain(&refill).copied().collect();
    let (mut g, mut t) = fight("hugo", "Golem", 6, &deck, (&[], &[]));
    // Round 1: magic 3 beats melee 2 (melee goes on the combat stack).
    answer(&mut g, &mut t, Choice::Card(h[0] as CardId));
    answer(&mut g, &mut t, Choice::Card(m[0] as CardId));
    no_counter(&mut g, &mut t);
    // Round 2: the Golem's melee 5 wins, a melee card lies on the combat stack, yet no deathblow.
    answer(&mut g, &mut t, Choice::Card(h[1] as CardId));
    answer(&mut g, &mut t, Choice::Card(m[1] as CardId));
    no_counter(&mut g, &mut t);
    assert_eq!(g.card_fight().unwrap().combat_stack(), &[m[0], h[1]][..]);
    // Round 3: Hugo's ranged 5 (drawn in round 2) beats melee 1 and takes his own ranged 1 from
    // the combat stack: his deathblows still count.
    answer(&mut g, &mut t, Choice::Card(refill[0] as CardId));
    answer(&mut g, &mut t, Choice::Card(m[2] as CardId));
    no_counter(&mut g, &mut t);
    assert_eq!(rounds(&t), vec![(0, 3, 2, 0, 0, 1), (1, 1, 5, 0, 1, 1), (0, 5, 1, 1, 1, 3)]);
    assert_eq!(g.card_fight().unwrap().combat_stack(), &[m[0], m[2]][..]);
}

#[test]
fn challara_with_eight_wounds_draws_no_power_card() {
    let (mut g, mut t) = arena(&["challara"], &[]);
    g.set_hero_state(0, 8, 0);
    g.set_came_from(0, rc(2, 1));
    g.stack_deck(&[card_in(Deck::Dungeon, "Sorcerer")]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::Redraw);
    answer(&mut g, &mut t, Choice::No);
    answer(&mut g, &mut t, Choice::No);
    expect(&g, 0, DecisionKind::CombatPlay);
    let f = g.card_fight().unwrap();
    assert_eq!(f.hand(HERO).len(), 5);
    assert!(f.hand(HERO).iter().all(|&c| c < cr().deck_len), "only combat deck cards");
    assert!(f.hand(MONSTER).iter().any(|&c| c >= cr().deck_len), "the monster has its power card");
}

#[test]
fn a_canceled_card_is_worth_zero_and_its_next_round_ability_is_lost() {
    use dq_engine::card_combat::{Fight, FightSetup};
    use dq_engine::rng::{GameRng, Stream};
    let lindel = rules().hero_by_id("lindel").unwrap();
    let skeleton = kind("Skeleton") as usize;
    let setup = FightSetup {
        solo: false,
        life: 3,
        hero_room: 15,
        hand_size: [5, 5],
        no_deathblow: [false, false],
        hero_powers: cr().hero_powers[lindel],
        monster_powers: cr().monster_powers[skeleton],
    };
    let mut p = Picker::new();
    let (h1, m1) = (p.take(Magic, 1, Some(Ranged)), p.take(Magic, 1, Some(Ranged)));
    let hero_cards = [h1, p.take(Melee, 5, None), p.take(Melee, 5, None), p.take(Melee, 5, None)];
    let mon_cards = [m1, p.take(Ranged, 5, None), p.take(Ranged, 5, None), p.take(Ranged, 4, None)];
    let deck: Vec<CcId> = hero_cards.iter().chain(&mon_cards).copied().collect();
    let (ward, arrow) = (hero_power("lindel", "Nature's Ward"), monster_power("Skeleton", "Poisoned Arrow"));
    let mut rng = GameRng::new(1, 0, Stream::Shuffle);
    let mut f = Fight::new();
    f.start(cr(), setup, &mut rng, &deck, [&[ward], &[arrow]]);
    f.draw_step([true, true], &mut rng);
    assert!(f.reveal(cr(), ward, arrow, &mut rng));
    assert!(f.canceled(MONSTER) && !f.canceled(HERO));
    assert_eq!((f.total(HERO), f.total(MONSTER)), (2, 0));
    assert_eq!(f.counter_side(cr()), None, "a canceled card's counterattack icon is ignored");
    let r = f.assign(cr(), &mut rng);
    assert_eq!((r.winner, r.damage), (0, [0, 1]));
    // Had Poisoned Arrow not been canceled, the skeleton would add 4 against this magic attack.
    f.draw_step([true, true], &mut rng);
    assert!(f.reveal(cr(), h1, m1, &mut rng));
    assert_eq!((f.total(HERO), f.total(MONSTER)), (1, 1));
    assert_eq!(f.counter_side(cr()), None, "same value, same type: an automatic stand-off");
    assert_eq!(f.assign(cr(), &mut rng).winner, 2);
}

#[test]
fn a_passage_down_in_a_cave_in_leaves_no_marker_but_may_be_taken_next_turn() {
    let (mut g, mut t) = game(&["lindel"], &[]);
    quiet(&mut g);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, tile(TileKind::CaveIn, [Side::Hall, Side::Wall, Side::Hall, Side::Wall], 0), Dir::West);
    g.put_hero(0, A);
    let passage = card_in(Deck::Dungeon, "Passage Down");
    g.stack_deck(&[passage, nth_card(Deck::Dungeon, "Empty", 0), nth_card(Deck::Dungeon, "Empty", 1)]);
    answer(&mut g, &mut t, Choice::Move(B));
    assert!(!g.cell(B).catacomb_entrance, "the cave-in filled in the entrance");
    assert!(legal(&g).contains(&Choice::EnterCatacombs), "but he may go down on his next turn");
    answer(&mut g, &mut t, Choice::Move(A));
    answer(&mut g, &mut t, Choice::Move(B));
    assert!(!legal(&g).contains(&Choice::EnterCatacombs), "the passage is gone once not taken");

    // Elsewhere a Passage Down marks the chamber.
    let (mut g, mut t) = arena(&["lindel"], &[]);
    g.stack_deck(&[passage]);
    answer(&mut g, &mut t, Choice::Move(B));
    assert!(g.cell(B).catacomb_entrance);
}

#[test]
fn a_monster_met_after_a_secret_door_cannot_be_escaped() {
    let (mut g, mut t) = arena(&["lindel"], &[]);
    let skeleton = token("Skeleton", 2, 1);
    g.put_token(skeleton, B);
    assert_eq!(g.token_kind_at(B), Some(kind("Skeleton")));
    assert!(g.cell(B).monster, "the board shows the token");
    g.stack_deck(&[card_in(Deck::Search, "Secret Door")]);
    answer(&mut g, &mut t, Choice::Search);
    expect(&g, 0, DecisionKind::SecretDoor);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::CombatPlay);
    assert_eq!(g.card_fight().unwrap().life(), 2, "the token placed there is the monster met");
}

#[test]
fn a_monster_that_kills_the_hero_stays_in_the_chamber() {
    let mut p = Picker::new();
    let hero = [
        p.take(Melee, 1, Some(Magic)),
        p.take(Melee, 1, Some(Magic)),
        p.take(Melee, 1, Some(Magic)),
        p.take(Melee, 1, Some(Magic)),
    ];
    let mon = [p.take(Ranged, 5, None), p.take(Ranged, 5, None), p.take(Ranged, 5, None), p.take(Ranged, 4, None)];
    let deck: Vec<CcId> = hero.iter().chain(&mon).copied().collect();
    let (mut g, mut t) = arena(&["lindel", "hugo"], &[]);
    g.set_hero_state(0, 14, 0);
    g.set_came_from(0, rc(2, 1));
    g.stack_combat(&deck, &[], &[]);
    g.stack_token(token("Demon", 8, 0));
    g.stack_deck(&[card_in(Deck::Dungeon, "Demon")]);
    answer(&mut g, &mut t, Choice::Move(B));
    answer(&mut g, &mut t, Choice::No);
    answer(&mut g, &mut t, Choice::Card(hero[0] as CardId));
    answer(&mut g, &mut t, Choice::Card(mon[0] as CardId));
    no_counter(&mut g, &mut t);
    let h = g.hero(0);
    assert_eq!((h.status, h.stats.death_cause), (HeroStatus::Dead, Some(DeathCause::Monster)));
    assert_eq!(g.token_kind_at(B), Some(kind("Demon")), "the token stays for the next hero");
    g.check_invariants().unwrap();
}

#[test]
fn death_can_wait_2010_knocks_the_hero_out_and_a_dead_end_puts_him_next_door() {
    let (mut g, mut t) = game(&["lindel"], &["death-can-wait"]);
    quiet(&mut g);
    let at = rc(0, 4);
    dead_end(&mut g, at);
    g.put_hero(0, at);
    let coins: Vec<CardId> = [Deck::Dungeon, Deck::Search]
        .into_iter()
        .flat_map(|d| rules().deck_cards(d).filter(|&c| rules().cards[c as usize].name == "Gold Coins").take(2))
        .take(3)
        .collect();
    assert_eq!(coins.len(), 3);
    for &c in &coins {
        g.give_card(0, c);
    }
    g.set_hero_state(0, 5, 0);
    g.stack_deck(&[
        nth_card(Deck::Search, "Empty", 0),
        nth_card(Deck::Search, "Empty", 1),
        nth_card(Deck::Dungeon, "Empty", 0),
    ]);
    g.stack_tiles(&[room(3)]);
    g.force_dice(&[2]);
    answer(&mut g, &mut t, Choice::Search);
    // Third turn: a dead end. Knocked out: a 2, so two loot cards of his choice go.
    expect(&g, 0, DecisionKind::DiscardLoot);
    answer(&mut g, &mut t, Choice::Card(coins[0]));
    expect(&g, 0, DecisionKind::DiscardLoot);
    answer(&mut g, &mut t, Choice::Card(coins[1]));
    // Then he is placed in an adjacent space, as when resurfacing.
    expect(&g, 0, DecisionKind::Teleport);
    let next = rc(1, 4);
    answer(&mut g, &mut t, Choice::Move(next));
    // His turn ended there; the next turn he encountered the new room (its dungeon card drawn).
    expect(&g, 0, DecisionKind::Action);
    let h = g.hero(0);
    assert_eq!((h.status, h.pos, h.wounds, h.stats.deaths, h.stats.death_cause), (HeroStatus::Board, next, 2, 1, None));
    assert_eq!(g.loot_cards(0), 1);
    assert!(in_discard(&g, Deck::Dungeon, nth_card(Deck::Dungeon, "Empty", 0)));
}

#[test]
fn a_counterattack_card_that_cancels_removes_the_opponents_next_round_ability() {
    use dq_engine::card_combat::{Fight, FightSetup};
    use dq_engine::rng::{GameRng, Stream};
    let setup = FightSetup {
        solo: false,
        life: 3,
        hero_room: 15,
        hand_size: [5, 5],
        no_deathblow: [false, false],
        hero_powers: cr().hero_powers[rules().hero_by_id("lindel").unwrap()],
        monster_powers: cr().monster_powers[kind("Skeleton") as usize],
    };
    let mut p = Picker::new();
    let (h1, h2) = (p.take(Magic, 1, Some(Ranged)), p.take(Magic, 1, Some(Ranged)));
    let m1 = p.take(Magic, 1, Some(Ranged));
    let deck = [
        h1,
        h2,
        p.take(Melee, 5, None),
        p.take(Melee, 5, None),
        m1,
        p.take(Melee, 4, None),
        p.take(Melee, 4, None),
        p.take(Melee, 3, None),
    ];
    let (ward, arrow) = (hero_power("lindel", "Nature's Ward"), monster_power("Skeleton", "Poisoned Arrow"));
    let mut rng = GameRng::new(2, 0, Stream::Shuffle);
    let mut f = Fight::new();
    f.start(cr(), setup, &mut rng, &deck, [&[ward], &[arrow]]);
    f.draw_step([true, true], &mut rng);
    // Magic 1 against Poisoned Arrow (ranged 2): Lindel counterattacks with Nature's Ward.
    assert!(f.reveal(cr(), h1, arrow, &mut rng));
    assert_eq!(f.counter_side(cr()), Some(HERO));
    assert!(f.counter_play(cr(), HERO, ward, &mut rng));
    assert!(f.canceled(MONSTER));
    assert_eq!((f.total(HERO), f.total(MONSTER)), (3, 0));
    let r = f.assign(cr(), &mut rng);
    assert_eq!((r.winner, r.damage), (0, [0, 2]));
    // The arrow's +4 against magic is gone with its text.
    f.draw_step([true, true], &mut rng);
    assert!(f.reveal(cr(), h2, m1, &mut rng));
    assert_eq!((f.total(HERO), f.total(MONSTER)), (1, 1));
}

// --- the 2010 forms of the optional rules (engine/src/dungeonquest/game/third/optional.rs) ---

#[test]
fn hero_vs_hero_2010_four_damage_cards_defeat_the_victor_takes_a_loot_card_the_loser_flees_back() {
    let c = rc(2, 4);
    let (mut g, mut t) = arena(&["lindel", "hugo"], &["hero-vs-hero"]);
    g.lay_tile(c, room(2), Dir::West);
    g.put_hero(1, B);
    g.set_came_from(1, c);
    let mut treasure = rules().deck_cards(Deck::Treasure);
    let (loot, other) = (treasure.next().unwrap(), treasure.next().unwrap());
    g.give_card(1, loot);
    g.give_card(1, other);
    let mut p = Picker::new();
    let lindel = [p.take(Melee, 5, None), p.take(Melee, 5, None), p.take(Melee, 5, None), p.take(Melee, 4, None)];
    let hugo = [p.take(Ranged, 3, None), p.take(Ranged, 3, None), p.take(Magic, 3, None), p.take(Magic, 3, None)];
    let deck: Vec<CcId> = lindel.iter().chain(&hugo).copied().collect();
    g.stack_combat(&deck, &[hero_power("lindel", "Keen Eye")], &[]);
    g.stack_deck(&[nth_card(Deck::Dungeon, "Empty", 0)]);
    assert!(legal(&g).contains(&Choice::Move(B)), "a hero's space may be entered");
    answer(&mut g, &mut t, Choice::Move(B));
    // No escape offered: the attacker plays the hero side, the defender the other.
    for r in 0..4 {
        expect(&g, 0, DecisionKind::CombatPlay);
        let f = g.card_fight().expect("a card combat between the heroes");
        assert_eq!(f.damage(MONSTER).len(), r, "Hugo's damage stack before round {r}");
        assert_eq!(f.hand(MONSTER).len(), 5, "Hugo holds a hand of five (his power card and four)");
        assert_eq!(g.fight_kind(), None, "no monster");
        answer(&mut g, &mut t, Choice::Card(lindel[r] as CardId));
        expect(&g, 1, DecisionKind::CombatPlay);
        answer(&mut g, &mut t, Choice::Card(hugo[r] as CardId));
    }
    // Four cards in Hugo's stack: the combat ends, the stacks become wounds, Hugo is defeated
    // and Lindel takes his loot card.
    assert!(g.card_fight().is_none(), "the fight ended after the round that made four");
    assert_eq!((g.hero(0).wounds, g.hero(1).wounds), (0, 4));
    expect(&g, 0, DecisionKind::TakeLoot);
    assert_eq!(legal(&g), vec![Choice::Card(loot), Choice::Card(other)], "any one loot card");
    answer(&mut g, &mut t, Choice::Card(loot));
    // Hugo flees as from a monster: back to the chamber he entered B from, encountered on his
    // next turn (its Empty card), which is all that turn holds; Lindel's turn ended with the
    // fight and he is next.
    assert_eq!(count_events(&t, |e| matches!(e, Event::Escaped { seat: 1, to } if *to == c)), 1);
    expect(&g, 0, DecisionKind::Action);
    let (l, h) = (g.hero(0), g.hero(1));
    assert_eq!((l.pos, h.pos, h.status), (B, c, HeroStatus::Board));
    assert!(l.held.contains(&loot) && !h.held.contains(&loot) && h.held.contains(&other));
    assert!(in_discard(&g, Deck::Dungeon, nth_card(Deck::Dungeon, "Empty", 0)), "C encountered on Hugo's turn");
    g.check_invariants().unwrap();

    // Without the rule a hero's space is not entered.
    let (mut g, _) = arena(&["lindel", "hugo"], &[]);
    g.put_hero(1, B);
    assert!(!legal(&g).contains(&Choice::Move(B)));
}

#[test]
fn hero_vs_hero_2010_under_combat_dice_is_the_card_combat() {
    // Rule decision: the dice variant ties monster types to attributes; two heroes fight with
    // the card combat, as without it.
    let c = rc(2, 4);
    let (mut g, mut t) = arena(&["lindel", "hugo"], &["hero-vs-hero", "combat-dice"]);
    g.lay_tile(c, room(2), Dir::West);
    g.put_hero(1, B);
    g.set_came_from(1, c);
    let mut treasure = rules().deck_cards(Deck::Treasure);
    let (loot, other) = (treasure.next().unwrap(), treasure.next().unwrap());
    g.give_card(1, loot);
    g.give_card(1, other);
    let mut p = Picker::new();
    let lindel = [p.take(Melee, 5, None), p.take(Melee, 5, None), p.take(Melee, 5, None), p.take(Melee, 4, None)];
    let hugo = [p.take(Ranged, 3, None), p.take(Ranged, 3, None), p.take(Magic, 3, None), p.take(Magic, 3, None)];
    let deck: Vec<CcId> = lindel.iter().chain(&hugo).copied().collect();
    g.stack_combat(&deck, &[hero_power("lindel", "Keen Eye")], &[]);
    g.stack_deck(&[nth_card(Deck::Dungeon, "Empty", 0)]);
    answer(&mut g, &mut t, Choice::Move(B));
    for r in 0..4 {
        expect(&g, 0, DecisionKind::CombatPlay);
        answer(&mut g, &mut t, Choice::Card(lindel[r] as CardId));
        expect(&g, 1, DecisionKind::CombatPlay);
        answer(&mut g, &mut t, Choice::Card(hugo[r] as CardId));
    }
    assert!(g.card_fight().is_none());
    assert_eq!(count_events(&t, |e| matches!(e, Event::DiceCombatRound { .. })), 0, "no dice are rolled");
    assert_eq!((g.hero(0).wounds, g.hero(1).wounds), (0, 4));
    expect(&g, 0, DecisionKind::TakeLoot);
    answer(&mut g, &mut t, Choice::Card(loot));
    assert_eq!((g.hero(0).held.contains(&loot), g.hero(1).pos), (true, c));
    g.check_invariants().unwrap();
}

#[test]
fn live_to_fight_2010_declared_after_a_won_round_the_next_won_round_is_the_escape() {
    let (mut g, mut t) = arena(&["lindel"], &["live-to-fight-another-day"]);
    g.set_came_from(0, rc(2, 1));
    let mut p = Picker::new();
    let l = [p.take(Melee, 5, None), p.take(Melee, 3, None), p.take(Melee, 5, None), p.take(Melee, 4, None)];
    let s = [p.take(Ranged, 3, None), p.take(Magic, 5, None), p.take(Ranged, 3, None), p.take(Magic, 3, None)];
    let deck: Vec<CcId> = l.iter().chain(&s).copied().collect();
    g.stack_combat(&deck, &[hero_power("lindel", "Keen Eye")], &[monster_power("Skeleton", "Poisoned Arrow")]);
    g.stack_token(token("Skeleton", 3, 0));
    let empty = nth_card(Deck::Dungeon, "Empty", 0);
    g.stack_deck(&[card_in(Deck::Dungeon, "Skeleton"), empty]);
    answer(&mut g, &mut t, Choice::Move(B));
    answer(&mut g, &mut t, Choice::No);
    let round = |g: &mut Game<'static>, t: &mut Trace, r: usize| {
        expect(g, 0, DecisionKind::CombatPlay);
        answer(g, t, Choice::Card(l[r] as CardId));
        answer(g, t, Choice::Card(s[r] as CardId));
    };
    // Round 1 won: the hero may announce the escape; its card leaves the damage stack.
    round(&mut g, &mut t, 0);
    expect(&g, 0, DecisionKind::LiveToFight);
    assert_eq!(g.card_fight().unwrap().damage(MONSTER), &[l[0]][..]);
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.card_fight().unwrap().damage(MONSTER), &[][..], "the round's damage is discarded");
    // Round 2 lost: no escape, combat continues as normal (one card in Lindel's stack).
    round(&mut g, &mut t, 1);
    expect(&g, 0, DecisionKind::CombatPlay);
    assert_eq!(g.card_fight().unwrap().damage(HERO), &[s[1]][..]);
    // Round 3 won, with a deathblow (his lost melee 3): he may announce again; both go.
    round(&mut g, &mut t, 2);
    expect(&g, 0, DecisionKind::LiveToFight);
    assert_eq!(g.card_fight().unwrap().damage(MONSTER), &[l[2], l[1]][..]);
    answer(&mut g, &mut t, Choice::Yes);
    assert!(g.card_fight().unwrap().damage(MONSTER).is_empty());
    // Round 4 won: he escapes instead of hurting the skeleton, suffers his damage stack as
    // wounds, returns to A; the token stays in B with its printed life.
    round(&mut g, &mut t, 3);
    assert!(g.card_fight().is_none());
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.stats.escapes, h.stats.monsters_killed), (A, 1, 1, 0));
    assert_eq!(g.token_kind_at(B), Some(kind("Skeleton")));
    assert!(in_discard(&g, Deck::Dungeon, empty), "A is encountered on the next turn, as after any escape");
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();

    // Without the rule a won round is not followed by the announcement.
    let (mut g, mut t) = arena(&["lindel"], &[]);
    g.set_came_from(0, rc(2, 1));
    g.stack_combat(&deck, &[hero_power("lindel", "Keen Eye")], &[monster_power("Skeleton", "Poisoned Arrow")]);
    g.stack_token(token("Skeleton", 3, 0));
    g.stack_deck(&[card_in(Deck::Dungeon, "Skeleton")]);
    answer(&mut g, &mut t, Choice::Move(B));
    answer(&mut g, &mut t, Choice::No);
    answer(&mut g, &mut t, Choice::Card(l[0] as CardId));
    answer(&mut g, &mut t, Choice::Card(s[0] as CardId));
    expect(&g, 0, DecisionKind::CombatPlay);
    assert_eq!(g.card_fight().unwrap().damage(MONSTER).len(), 1);
}

#[test]
fn servants_of_kalladra_2010_move_a_token_with_its_life_and_add_one_from_the_dungeon_deck() {
    let c = rc(2, 4);
    let (mut g, mut t) = arena(&["lindel", "hugo"], &["servants-of-kalladra"]);
    g.lay_tile(c, room(2), Dir::West);
    g.kill_hero(1);
    let skeleton = token("Skeleton", 2, 0);
    g.put_token(skeleton, c);
    let (empty0, empty1) = (nth_card(Deck::Dungeon, "Empty", 0), nth_card(Deck::Dungeon, "Empty", 1));
    g.stack_deck(&[empty0, empty1]);
    let mut p = Picker::new();
    let l = [p.take(Melee, 5, None), p.take(Melee, 5, None), p.take(Melee, 5, None), p.take(Melee, 4, None)];
    let s = [p.take(Ranged, 3, None), p.take(Ranged, 3, None), p.take(Magic, 3, None), p.take(Magic, 3, None)];
    let deck: Vec<CcId> = l.iter().chain(&s).copied().collect();
    g.stack_combat(&deck, &[hero_power("lindel", "Keen Eye")], &[monster_power("Skeleton", "Poisoned Arrow")]);
    // Lindel walks into B; the dead Hugo's player takes a servant's turn.
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 1, DecisionKind::ServantMove);
    let moves = legal(&g);
    assert!(moves.contains(&Choice::Done) && moves.contains(&Choice::MoveToken(c, B)), "{moves:?}");
    answer(&mut g, &mut t, Choice::MoveToken(c, B));
    // The same token (life 2) attacks Lindel; he may try to escape; Hugo's player plays it.
    expect(&g, 0, DecisionKind::EscapeOrAttack);
    assert_eq!(
        (g.card_fight().unwrap().life(), g.fight_kind(), g.fight_monster_seat()),
        (2, Some(kind("Skeleton")), 1)
    );
    answer(&mut g, &mut t, Choice::No);
    for r in 0..2 {
        expect(&g, 0, DecisionKind::CombatPlay);
        answer(&mut g, &mut t, Choice::Card(l[r] as CardId));
        expect(&g, 1, DecisionKind::CombatPlay);
        answer(&mut g, &mut t, Choice::Card(s[r] as CardId));
    }
    // Killed: the token returns to the pool; B is not encountered again (Lindel did not enter
    // it); play goes on to the servant's left, Lindel's next turn.
    assert_eq!((g.hero(0).stats.monsters_killed, g.token_kind_at(B), g.token_kind_at(c)), (1, None, None));
    assert!(!in_discard(&g, Deck::Dungeon, empty1), "no chamber after the servant's monster");
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();

    // Adding: no token on the board, one hero inside: dungeon cards are drawn until a monster
    // card, all discarded, and a token of its type goes on the chosen chamber next to a tower.
    let (mut g, mut t) = arena(&["lindel", "hugo"], &["servants-of-kalladra"]);
    g.kill_hero(1);
    let tower = dq_engine::board::TOWERS.into_iter().find(|&x| x != g.hero(0).pos).unwrap();
    let spot = Dir::ALL.into_iter().find_map(|d| g.neighbour(tower, d)).unwrap();
    g.lay_tile(spot, room(3), Dir::South);
    let troll = card_in(Deck::Dungeon, "Troll");
    g.stack_deck(&[empty0, empty1, troll]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 1, DecisionKind::ServantMove);
    assert!(legal(&g).contains(&Choice::Move(spot)), "{:?}", legal(&g));
    answer(&mut g, &mut t, Choice::Move(spot));
    assert_eq!(g.token_kind_at(spot), Some(kind("Troll")));
    assert!(in_discard(&g, Deck::Dungeon, empty1) && in_discard(&g, Deck::Dungeon, troll));
    g.check_invariants().unwrap();
}

#[test]
fn tower_power_2010_the_tower_room_move_to_another_tower_is_the_optional_rule_then_the_hero_moves_on() {
    use dq_engine::board::TOWERS;
    let (t0, t1, t2, t3) = (TOWERS[0], TOWERS[1], TOWERS[2], TOWERS[3]);
    let next_to_t0 = rc(1, 0);
    let enter = |rules_on: &[&str]| {
        let (mut g, mut t) = game(&["lindel"], rules_on);
        quiet(&mut g);
        g.lay_tile(next_to_t0, room(0), Dir::South);
        g.put_hero(0, next_to_t0);
        g.give_card(0, rules().deck_cards(Deck::Treasure).next().unwrap());
        answer(&mut g, &mut t, Choice::Move(t0));
        expect(&g, 0, DecisionKind::Tower);
        (g, t)
    };
    // The 2010 Tower Room: exit, or "you must immediately move again"; no other tower.
    let (g, _) = enter(&[]);
    let l = legal(&g);
    assert!(l.contains(&Choice::ExitDungeon) && l.contains(&Choice::Move(rc(0, 1))), "{l:?}");
    assert!(![t1, t2, t3].iter().any(|&x| l.contains(&Choice::Move(x))), "{l:?}");
    // Tower Power: any other Tower Room too; there the hero must move on to an adjacent space
    // (no exit, no second tower).
    let (mut g, mut t) = enter(&["tower-power"]);
    let l = legal(&g);
    assert!(l.contains(&Choice::ExitDungeon) && [t1, t2, t3].iter().all(|&x| l.contains(&Choice::Move(x))), "{l:?}");
    answer(&mut g, &mut t, Choice::Move(t3));
    expect(&g, 0, DecisionKind::Tower);
    assert_eq!(g.hero(0).pos, t3);
    let mut l = legal(&g);
    l.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(l, vec![Choice::Move(rc(8, 12)), Choice::Move(rc(9, 11))]);
    g.check_invariants().unwrap();
}

#[test]
fn hero_vs_hero_2010_no_attack_in_the_treasure_chamber() {
    let (mut g, mut t) = game(&["lindel", "hugo"], &["hero-vs-hero"]);
    quiet(&mut g);
    // A room beside the treasure chamber with a passage into it.
    let (outside, inside) = TREASURE
        .into_iter()
        .flat_map(|c| Dir::ALL.into_iter().filter_map(move |d| dq_engine::board::step(c, d).map(|o| (o, c))))
        .find(|(o, _)| !TREASURE.contains(o))
        .unwrap();
    g.lay_tile(outside, room(0), Dir::South);
    g.put_hero(0, outside);
    g.put_hero(1, inside);
    let l = legal(&g);
    let into = l.iter().copied().find(|c| matches!(c, Choice::Move(x) if TREASURE.contains(x)));
    let Some(into) = into else { panic!("no move into the treasure chamber: {l:?}") };
    answer(&mut g, &mut t, into);
    assert!(g.card_fight().is_none(), "no fight in the treasure chamber");
    assert_ne!(g.pending().map(|d| d.kind), Some(DecisionKind::CombatPlay));
    assert_eq!(g.hero(1).wounds, 0);
}

/// The 2010 Rotating Room "only ever rotates once; if a Hero enters the chamber again, it does
/// not rotate" (and the turn goes on as in any chamber without an effect). The Revised game
/// turns it on every entry (`rules_movement::rotating_chamber_turns_on_every_entry_and_can_trap`).
#[test]
fn the_rotating_room_rotates_only_once() {
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    let (x, y) = (B, rc(2, 4));
    g.lay_tile(A, room(0), Dir::South);
    // One hall, at the entry arrow (west); east of it a room.
    g.lay_tile(x, tile(TileKind::RotatingChamber, [Side::Wall, Side::Wall, Side::Hall, Side::Wall], 0), Dir::West);
    g.lay_tile(y, room(1), Dir::West);
    g.put_hero(0, A);
    let empty = |n| nth_card(Deck::Dungeon, "Empty", n);
    g.stack_deck(&[empty(0), empty(1)]);
    let rotations = |t: &Trace| t.events.iter().filter(|e| matches!(e, Event::TileRotated { .. })).count();
    answer(&mut g, &mut t, Choice::Move(x));
    // Turned (its hall now east), turn over; next turn the only way on is east, into Y.
    assert_eq!(rotations(&t), 1);
    assert_eq!(g.hero(0).pos, y);
    assert_eq!(g.round(), 3);
    expect(&g, 0, DecisionKind::Action);
    // Back in: no second rotation; the hall still leads east, taken next turn.
    answer(&mut g, &mut t, Choice::Move(x));
    assert_eq!(rotations(&t), 1);
    assert_eq!(g.cell(x).sides, [Side::Wall, Side::Hall, Side::Wall, Side::Wall]);
    assert_eq!(g.hero(0).pos, y);
    assert_eq!(g.round(), 5);
    g.check_invariants().unwrap();
}
