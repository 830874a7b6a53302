//! Edition `third` (DungeonQuest 3rd edition, 2010): rule tests with stacked decks for the 2010
//! mechanisms, including the rulebook's five combat examples (pp. 18-19) played as one combat.

use dq_engine::board::{cell as rc, Cell, Dir};
use dq_engine::card_combat::{CcId, HERO, MONSTER};
use dq_engine::data::{AttackType, Side, TileKind};
use dq_engine::trace::Trace;
use dq_engine::*;
use AttackType::{Magic, Melee, Ranged};

fn rules() -> &'static Rules {
    use std::sync::OnceLock;
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(Rules::third)
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

fn legal(g: &Game<'static>) -> Vec<Choice> {
    let mut l = Choices::new();
    g.legal(&mut l);
    l.to_vec()
}

fn answer(g: &mut Game<'static>, t: &mut Trace, c: Choice) {
    if let Err(e) = g.apply(c, t) {
        panic!("{e}; legal: {:?}\n--- trace ---\n{}", legal(g), t.render(rules()));
    }
}

fn expect(g: &Game<'static>, seat: u8, kind: DecisionKind) {
    assert_eq!(g.pending(), Some(Decision { seat, kind }), "legal: {:?}", legal(g));
}

fn card_in(deck: Deck, name: &str) -> CardId {
    rules().deck_cards(deck).find(|&c| rules().cards[c as usize].name == name).unwrap_or_else(|| panic!("no {name}"))
}

fn rune(name: &str) -> CardId {
    card_in(Deck::Rune, name)
}

/// Runes that cannot trigger here.
fn quiet(g: &mut Game<'static>) {
    for s in 0..g.seats() {
        let name = if s == 0 { "Rune of Blinding" } else { "Rune of Dragonfire" };
        g.give_rune(s, rune(name));
    }
}

fn tile(kind: TileKind, sides: [Side; 4], skip: usize) -> u8 {
    rules()
        .tiles
        .iter()
        .enumerate()
        .filter(|(_, t)| t.kind == kind && t.sides == sides)
        .nth(skip)
        .unwrap_or_else(|| panic!("no tile {kind:?} {sides:?}"))
        .0 as u8
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
    assert_eq!(r.edition, "third");
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
    assert_eq!(e.file, "data/third/combat.ron");
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
    assert_eq!(e.file, "data/third/decks.ron");
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
}
