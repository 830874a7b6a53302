//! Rule tests for the optional rules of the 2010 rulebook ("Optional Rules") played in the
//! Revised engine: one stacked scenario per rule asserting its exact mechanism.

mod common;
use common::*;
use dq_engine::board::Dir;
use dq_engine::data::TileKind;
use dq_engine::trace::Trace;
use dq_engine::*;

/// A game with these heroes and rules whose runes cannot interfere, waiting for an Action.
fn setup(heroes: &[&str], rules_on: &[&str]) -> (Game<'static>, Trace) {
    quiet_game(heroes, rules_on)
}

/// An unused four-hall dungeon room without stairs.
fn room() -> u8 {
    rules()
        .tiles
        .iter()
        .position(|t| t.kind == TileKind::DungeonRoom && t.sides == [H, H, H, H] && !t.stairs)
        .expect("a four-hall room") as u8
}

fn gold_coins() -> CardId {
    nth_card_in(Deck::Search, "Gold Coins", 0)
}

fn treasure() -> CardId {
    rules().deck_cards(Deck::Treasure).find(|&c| rules().cards[c as usize].loot).expect("a treasure card")
}

// --- No Guts, No Glory ------------------------------------------------------------------------

/// NO GUTS, NO GLORY: loot from the search deck does not open the tower doors; a treasure card
/// does. Without the rule, any loot card does.
#[test]
fn no_guts_no_glory_needs_a_treasure_card_to_exit() {
    for rule in [&[][..], &["no-guts-no-glory"][..]] {
        let (mut g, mut t) = setup(&["hugo"], rule);
        let start = g.hero(0).pos;
        assert!(TOWERS.contains(&start));
        g.give_card(0, gold_coins());
        assert_eq!(legal(&g).contains(&Choice::ExitDungeon), rule.is_empty(), "{rule:?}");
        g.give_card(0, treasure());
        assert!(legal(&g).contains(&Choice::ExitDungeon), "{rule:?}");
        answer(&mut g, &mut t, Choice::ExitDungeon);
        assert_eq!(g.hero(0).status, HeroStatus::Exited);
        assert!(g.is_over());
    }
    // Entering a tower room: the exit is offered only with a treasure card.
    let (mut g, mut t) = setup(&["hugo"], &["no-guts-no-glory"]);
    g.lay_tile(at(1, 0), room(), Dir::South);
    g.put_hero(0, at(1, 0));
    g.give_card(0, gold_coins());
    answer(&mut g, &mut t, Choice::Move(TOWERS[0]));
    expect(&g, 0, DecisionKind::Tower);
    assert!(!legal(&g).contains(&Choice::ExitDungeon));
    g.check_invariants().unwrap();
}

// --- Magical Might ----------------------------------------------------------------------------

/// MAGICAL MIGHT: each hero is dealt N different runes at setup instead of one.
#[test]
fn magical_might_deals_n_runes_each() {
    for n in 1..=3usize {
        let rule = format!("magical-might={n}");
        let (g, _) = game(&["hugo", "lindel", "challara", "krutzbeck"], &[&rule]);
        let mut all: Vec<CardId> = Vec::new();
        for s in 0..4 {
            assert_eq!(g.hero(s).runes.len(), n, "{rule} seat {s}");
            all.extend(g.hero(s).runes);
        }
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 4 * n, "{rule}: runes dealt twice");
        assert_eq!(g.deck_len(Deck::Rune) as usize, rules().deck_cards(Deck::Rune).count() - 4 * n);
    }
    let (g, _) = game(&["hugo"], &[]);
    assert_eq!(g.hero(0).runes.len(), rules().runes_per_hero as usize);
}

// --- combat scenarios -------------------------------------------------------------------------

/// The hero's room, the room he moves into, and a third room next to that one.
const A: Cell = rc(2, 2);
const B: Cell = rc(2, 3);
const C: Cell = rc(1, 3);

fn four_hall_room(n: usize) -> u8 {
    tile(TileKind::DungeonRoom, [H, H, H, H], n)
}

/// Quiet runes, the active hero on room A next to room B (and C beyond B).
fn arena(heroes: &[&str], rules_on: &[&str]) -> (Game<'static>, Trace, u8) {
    let (mut g, t) = game(heroes, rules_on);
    let active = g.active();
    let others = ["Rune of Dragonfire", "Rune of Death", "Life Drain Rune"];
    for s in 0..g.seats() {
        let name = if s == active { "Rune of Blinding" } else { others[s as usize] };
        g.give_rune(s, card_in(Deck::Rune, name));
    }
    g.lay_tile(A, four_hall_room(0), Dir::South);
    g.lay_tile(B, four_hall_room(1), Dir::West);
    g.lay_tile(C, four_hall_room(2), Dir::South);
    g.put_hero(active, A);
    (g, t, active)
}

/// Moves the active hero from A into B, where an Ambush brings out monster card `m`.
fn ambushed(g: &mut Game<'static>, t: &mut Trace, m: CardId) {
    g.stack_deck(&[card_in(Deck::Dungeon, "Ambush")]);
    g.stack_deck(&[m]);
    answer(g, t, Choice::Move(B));
}

fn in_discard(g: &Game<'static>, deck: Deck, card: CardId) -> bool {
    g.discard_pile(deck).any(|c| c == card)
}

// --- Live to Fight Another Day ----------------------------------------------------------------

/// LIVE TO FIGHT ANOTHER DAY (solo): a won round (monster wounded, hero not) offers the
/// declaration; declaring gives back that round's damage; winning the next round is the escape
/// (no test, no penalty); losing it means the fight goes on, and a later won round offers it
/// again.
#[test]
fn live_to_fight_solo_declare_then_win_escapes() {
    let (mut g, mut t, seat) = arena(&["lindel"], &["solo", "live-to-fight-another-day"]);
    let demon = monster("Demon", 8, 6);
    ambushed(&mut g, &mut t, demon);
    expect(&g, seat, DecisionKind::SoloEscape);
    // Round 1: a 3 (both hurt) is no won round; round 2: a 5 (monster 1) is.
    g.force_dice(&[3, 5]);
    answer(&mut g, &mut t, Choice::No);
    expect(&g, seat, DecisionKind::LiveToFight);
    assert_eq!(g.combat(), Some((kind_of("Demon"), 2, 2)));
    assert_eq!(g.hero(seat).wounds, 1);
    // Declare: the round's wound comes off the monster. Round 3: a 1 (hero hurt): no escape,
    // the fight goes on as normal. Round 4: a 6 (monster 2): won, offered again; decline.
    g.force_dice(&[1, 6]);
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, seat, DecisionKind::LiveToFight);
    assert_eq!(g.combat(), Some((kind_of("Demon"), 1 + 2, 4)));
    assert_eq!(g.hero(seat).wounds, 2);
    // Decline, round 5: a 5 (monster 1) → offered; declare; round 6: a 6 → the escape, and the
    // monster takes nothing that round.
    g.force_dice(&[5]);
    answer(&mut g, &mut t, Choice::No);
    expect(&g, seat, DecisionKind::LiveToFight);
    assert_eq!(g.combat(), Some((kind_of("Demon"), 4, 5)));
    g.force_dice(&[6]);
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, seat, DecisionKind::EscapeTo);
    assert!(in_discard(&g, Deck::Monster, demon), "the monster card is discarded");
    assert_eq!(g.hero(seat).wounds, 2, "no escape penalty");
    assert_eq!(g.hero(seat).stats.escapes, 1);
    g.stack_deck(&[nth_card_in(Deck::Dungeon, "Empty", 0)]);
    answer(&mut g, &mut t, Choice::Move(C));
    assert_eq!(g.hero(seat).pos, C);
    assert!(g.cell(B).monster, "the monster token stays behind");
    g.check_invariants().unwrap();

    // Without the rule a solo fight has no escape after the first round.
    let (mut g, mut t, _) = arena(&["lindel"], &["solo"]);
    ambushed(&mut g, &mut t, monster("Demon", 8, 6));
    g.force_dice(&[5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    answer(&mut g, &mut t, Choice::No);
    assert!(t.events.iter().all(|e| !matches!(e, Event::Decided { kind: DecisionKind::LiveToFight, .. })));
}

/// LIVE TO FIGHT ANOTHER DAY (three-card combat): Magic against Ranged (monster 1, hero 0) is
/// a won round; after declaring, the agility escape is not offered that round, and a won next
/// round (Ranged against Melee) is the escape with no test and no penalty.
#[test]
fn live_to_fight_card_combat_declared_escape() {
    use dq_engine::data::CombatCard::{Magic, Melee, Ranged};
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &["live-to-fight-another-day"]);
    let mseat = 1 - seat;
    let demon = monster("Demon", 8, 6);
    ambushed(&mut g, &mut t, demon);
    let round = |g: &mut Game<'static>, t: &mut Trace, h, m| {
        expect(g, seat, DecisionKind::HeroCombatCard);
        answer(g, t, Choice::Combat(h));
        expect(g, mseat, DecisionKind::MonsterCombatCard);
        answer(g, t, Choice::Combat(m));
    };
    // A lost round (Magic v Melee: hero 1): the usual escape offer, no declaration.
    round(&mut g, &mut t, Magic, Melee);
    expect(&g, seat, DecisionKind::Escape);
    answer(&mut g, &mut t, Choice::No);
    round(&mut g, &mut t, Magic, Ranged);
    expect(&g, seat, DecisionKind::LiveToFight);
    assert_eq!(g.combat(), Some((kind_of("Demon"), 1, 2)));
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.combat(), Some((kind_of("Demon"), 0, 2)), "the won round's damage is given back");
    expect(&g, seat, DecisionKind::HeroCombatCard);
    round(&mut g, &mut t, Ranged, Melee);
    expect(&g, seat, DecisionKind::EscapeTo);
    assert_eq!(g.hero(seat).wounds, 1, "no penalty (the demon's would be 6)");
    assert!(in_discard(&g, Deck::Monster, demon));
    answer(&mut g, &mut t, Choice::Move(A));
    assert_eq!(g.hero(seat).pos, A);
    g.check_invariants().unwrap();
}

fn kind_of(name: &str) -> u8 {
    rules().monster_kinds.iter().position(|k| k == name).expect("kind") as u8
}

// --- Cloak and Dagger -------------------------------------------------------------------------

/// CLOAK AND DAGGER: while a player decides, the other heroes' play areas are face down to
/// him: no cards, no gold, only the number of loot cards. His own stay visible, and at the end
/// of the game every play area is turned up. Without the rule everything is visible.
#[test]
fn cloak_and_dagger_hides_other_heroes_loot_from_the_player_deciding() {
    for cloak in [false, true] {
        let rules_on: &[&str] = if cloak { &["cloak-and-dagger"] } else { &[] };
        let (mut g, mut t) = setup(&["hugo", "lindel"], rules_on);
        let me = g.active();
        let other = 1 - me;
        g.give_card(other, gold_coins());
        g.give_card(other, treasure());
        g.give_card(me, nth_card_in(Deck::Search, "Gold Coins", 1));
        let gold_other = g.gold(other);
        assert!(gold_other > 0);
        assert_eq!(g.pending().unwrap().seat, me);
        // The other hero, as the deciding player sees him.
        let h = g.hero(other);
        assert_eq!(h.held_hidden, cloak);
        assert_eq!(h.held.len(), if cloak { 0 } else { 2 });
        assert_eq!(g.gold_seen(other), if cloak { None } else { Some(gold_other) });
        assert_eq!(g.loot_cards(other), 2, "the number of loot cards stays public");
        // His own play area.
        assert!(!g.hero(me).held_hidden);
        assert_eq!(g.hero(me).held.len(), 1);
        assert_eq!(g.gold_seen(me), Some(g.gold(me)));
        // The end of the game turns every card up.
        g.put_hero(me, TOWERS.into_iter().find(|&c| c != g.hero(other).pos).unwrap());
        answer(&mut g, &mut t, Choice::ExitDungeon);
        if !g.is_over() {
            // The other hero's turn: now he is the one deciding, and mine is hidden from him.
            let d = g.pending().unwrap();
            assert_eq!(d.seat, other);
            assert_eq!(g.hero(me).held_hidden, cloak);
            assert_eq!(g.hero(other).held.len(), 2);
        }
    }
    let (g, _) = setup(&["hugo", "lindel"], &["cloak-and-dagger"]);
    let mut g = g;
    let me = g.active();
    g.give_card(1 - me, gold_coins());
    let mut t = Trace::default();
    // Play it out with the first legal answer; once over, everything is visible.
    while !g.is_over() {
        let c = legal(&g)[0];
        answer(&mut g, &mut t, c);
    }
    for s in 0..2 {
        assert!(!g.hero(s).held_hidden);
        assert_eq!(g.gold_seen(s), Some(g.gold(s)));
    }
}

// --- Hero vs. Hero ----------------------------------------------------------------------------

/// Two heroes: the active one on A, the other on B; returns (game, trace, attacker, defender).
fn face_off(rules_on: &[&str]) -> (Game<'static>, Trace, u8, u8) {
    let (mut g, t, a) = arena(&["lindel", "challara"], rules_on);
    let d = 1 - a;
    g.put_hero(d, B);
    (g, t, a, d)
}

/// HERO VS. HERO: without the rule another hero's chamber cannot be entered; with it, moving
/// in is an attack: three-card rounds (attacker in the hero column, defender in the monster
/// column) until one has four wounds from the fight; the victor takes a loot card of his
/// choice, the defeated flees to an adjacent explored chamber, and the attacker's turn ends.
/// The chamber entered is not resolved.
#[test]
fn hero_vs_hero_attack_until_four_wounds_loot_and_retreat() {
    use dq_engine::data::CombatCard::{Magic, Melee, Ranged};
    let (g, _, _, _) = face_off(&[]);
    assert!(!legal(&g).contains(&Choice::Move(B)), "an occupied chamber is closed without the rule");

    let (mut g, mut t, a, d) = face_off(&["hero-vs-hero"]);
    let coins = gold_coins();
    g.give_card(d, coins);
    g.give_card(d, nth_card_in(Deck::Search, "Gold Coins", 1));
    assert!(legal(&g).contains(&Choice::Move(B)));
    let dungeon_left = g.deck_len(Deck::Dungeon);
    answer(&mut g, &mut t, Choice::Move(B));
    assert_eq!(g.hero(a).pos, B);
    let round = |g: &mut Game<'static>, t: &mut Trace, x, y| {
        expect(g, a, DecisionKind::AttackCard);
        answer(g, t, Choice::Combat(x));
        expect(g, d, DecisionKind::DefendCard);
        answer(g, t, Choice::Combat(y));
    };
    // Ranged v Melee: defender 2. Magic v Melee: attacker 1. Ranged v Melee: defender 4 → done.
    round(&mut g, &mut t, Ranged, Melee);
    assert_eq!((g.hero(a).wounds, g.hero(d).wounds), (0, 2));
    round(&mut g, &mut t, Magic, Melee);
    assert_eq!((g.hero(a).wounds, g.hero(d).wounds), (1, 2));
    round(&mut g, &mut t, Ranged, Melee);
    assert_eq!((g.hero(a).wounds, g.hero(d).wounds), (1, 4));
    // The victor picks one of the two loot cards.
    expect(&g, a, DecisionKind::TakeLoot);
    assert_eq!(legal(&g).len(), 2);
    answer(&mut g, &mut t, Choice::Card(coins));
    assert!(g.hero(a).held.contains(&coins));
    assert_eq!(g.loot_cards(d), 1);
    // The defeated flees to an adjacent explored chamber: A or C (not unexplored spaces).
    expect(&g, d, DecisionKind::Retreat);
    let l = legal(&g);
    assert!(l.contains(&Choice::Move(A)) && l.contains(&Choice::Move(C)) && l.len() == 2, "{l:?}");
    answer(&mut g, &mut t, Choice::Move(C));
    assert_eq!(g.hero(d).pos, C);
    assert_eq!(g.hero(a).pos, B);
    assert_eq!(g.deck_len(Deck::Dungeon), dungeon_left, "room B was not resolved");
    // The attacker's turn is over: the defender plays next.
    expect(&g, d, DecisionKind::Action);
    assert!(t.events.iter().all(|e| !matches!(e, Event::Decided { kind: DecisionKind::Escape, .. })));
    g.check_invariants().unwrap();
}

/// HERO VS. HERO: a defeated hero who flees into a split chamber (a chasm) stands on the side
/// the hall he came through leads to, as any move would put him (rulings: "Revised Hero vs.
/// Hero retreat"); it used to be side 0 whatever the hall.
#[test]
fn hero_vs_hero_retreat_into_a_chasm_keeps_the_side_of_the_hall() {
    use dq_engine::data::CombatCard::{Melee, Ranged};
    let chasm =
        rules().tiles.iter().position(|t| t.kind == TileKind::Chasm && t.part == [1, 1, 0, 0]).expect("the left chasm")
            as u8;
    // C lies north of B: the loser comes in through C's bottom side. Arrow west turns the far
    // {top, right} pair to {right, bottom}; arrow east to {left, top}.
    for (arrow, side) in [(Dir::West, 1), (Dir::East, 0)] {
        let (mut g, mut t, a, d) = face_off(&["hero-vs-hero"]);
        g.lay_tile(C, chasm, arrow);
        assert!(g.cell(C).explored);
        answer(&mut g, &mut t, Choice::Move(B));
        while g.pending().is_some_and(|p| p.kind == DecisionKind::AttackCard) {
            answer(&mut g, &mut t, Choice::Combat(Ranged));
            answer(&mut g, &mut t, Choice::Combat(Melee));
        }
        expect(&g, d, DecisionKind::Retreat);
        answer(&mut g, &mut t, Choice::Move(C));
        assert_eq!((g.hero(d).pos, g.hero(d).part), (C, side), "arrow {arrow:?}");
        assert_eq!(g.hero(a).pos, B);
        g.check_invariants().unwrap();
    }
}

/// HERO VS. HERO: the attacker can lose (he then flees, giving up a card), and wounds are
/// real: a hero can die of them (cause `hero`).
#[test]
fn hero_vs_hero_the_attacker_can_lose_or_kill() {
    use dq_engine::data::CombatCard::{Magic, Melee, Ranged};
    // Attacker defeated: Magic v Melee four times (attacker 1 each).
    let (mut g, mut t, a, d) = face_off(&["hero-vs-hero"]);
    let coins = gold_coins();
    g.give_card(a, coins);
    answer(&mut g, &mut t, Choice::Move(B));
    for _ in 0..4 {
        expect(&g, a, DecisionKind::AttackCard);
        answer(&mut g, &mut t, Choice::Combat(Magic));
        answer(&mut g, &mut t, Choice::Combat(Melee));
    }
    // One loot card: the victor's pick is forced; the attacker flees back to A or on to C.
    assert!(g.hero(d).held.contains(&coins));
    expect(&g, a, DecisionKind::Retreat);
    answer(&mut g, &mut t, Choice::Move(A));
    assert_eq!((g.hero(a).pos, g.hero(a).wounds), (A, 4));
    g.check_invariants().unwrap();

    // A wounded defender dies of the fight.
    let (mut g, mut t, a, d) = face_off(&["hero-vs-hero"]);
    let health = g.hero(d).health;
    g.set_hero_state(d, health - 2, 0);
    answer(&mut g, &mut t, Choice::Move(B));
    answer(&mut g, &mut t, Choice::Combat(Ranged));
    answer(&mut g, &mut t, Choice::Combat(Melee));
    assert_eq!(g.hero(d).status, HeroStatus::Dead);
    assert_eq!(g.hero(d).stats.death_cause, Some(DeathCause::Hero));
    assert_eq!(g.hero(a).status, HeroStatus::Board);
    g.check_invariants().unwrap();

    // Under Cloak and Dagger the victor picks a face-down card: by position, not by name.
    let (mut g, mut t, a, d) = face_off(&["hero-vs-hero", "cloak-and-dagger"]);
    let (c0, c1) = (gold_coins(), nth_card_in(Deck::Search, "Gold Coins", 1));
    g.give_card(d, c0);
    g.give_card(d, c1);
    answer(&mut g, &mut t, Choice::Move(B));
    for _ in 0..2 {
        answer(&mut g, &mut t, Choice::Combat(Ranged));
        answer(&mut g, &mut t, Choice::Combat(Melee));
    }
    expect(&g, a, DecisionKind::TakeLoot);
    assert_eq!(legal(&g), vec![Choice::Part(0), Choice::Part(1)]);
    answer(&mut g, &mut t, Choice::Part(1));
    // The second loot card went: the defeated hero, now deciding where to flee, keeps the first.
    expect(&g, d, DecisionKind::Retreat);
    assert_eq!(g.hero(d).held.to_vec(), vec![c0]);
    assert!(g.hero(a).held_hidden, "the victor's cards are face down to the defeated hero");
    assert_eq!(g.loot_cards(a), 1);
    assert_eq!(g.loot_cards(d), 1);
    g.check_invariants().unwrap();
}

// --- Servants of Kalladra ---------------------------------------------------------------------

/// SERVANTS OF KALLADRA: a dead hero's player takes turns moving monster tokens. A token moved
/// into a hero's chamber attacks him, the servant playing the monster; afterwards play goes on
/// from the servant. While fewer tokens than heroes are left, a token may be added on a dungeon
/// chamber next to a tower; the token moved last stays put while another one is on the board.
#[test]
fn servants_of_kalladra_move_tokens_and_attack() {
    use dq_engine::data::CombatCard::{Melee, Ranged};
    let (mut g, mut t, a) = arena(&["lindel", "hugo", "krutzbeck"], &["servants-of-kalladra"]);
    let seats = g.seats();
    let next = (a + 1) % seats;
    let other = (a + 2) % seats;
    // The next seat's hero is dead; the third hero waits far away in a tower.
    g.check_invariants().unwrap();
    g.kill_hero(next);
    g.check_invariants().unwrap();
    assert_eq!(g.hero(next).status, HeroStatus::Dead);
    let far = TOWERS.into_iter().find(|&c| c != g.hero(a).pos).unwrap();
    g.put_hero(other, far);
    g.set_monster_token(C, true);
    let empty = nth_card_in(Deck::Dungeon, "Empty", 0);
    // The active hero walks into B; his turn ends; the servant's turn follows.
    g.stack_deck(&[empty]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, next, DecisionKind::ServantMove);
    // Two heroes in the dungeon, one token: moving the token from C (into B, where the hero
    // stands) or adding one next to a tower (none laid there yet, so none offered), or passing.
    let l = legal(&g);
    assert!(l.contains(&Choice::Done) && l.contains(&Choice::MoveToken(C, B)), "{l:?}");
    assert!(l.iter().all(|c| matches!(c, Choice::Done | Choice::MoveToken(C, _))), "{l:?}");
    let skeleton = monster("Skeleton", 2, 1);
    g.stack_deck(&[skeleton]);
    answer(&mut g, &mut t, Choice::MoveToken(C, B));
    assert!(!g.cell(C).monster && g.cell(B).monster);
    // The trace names the token's move by its spaces.
    let text = t.render(rules());
    let pos = |x: Cell| format!("({},{})", dq_engine::board::row(x), dq_engine::board::col(x));
    let (c, b) = (pos(C), pos(B));
    assert!(text.contains(&format!("decides ServantMove: move the monster token from {c} to {b}")), "{text}");
    // The hero is attacked on the servant's turn; the servant plays the monster.
    expect(&g, a, DecisionKind::HeroCombatCard);
    answer(&mut g, &mut t, Choice::Combat(Ranged));
    expect(&g, next, DecisionKind::MonsterCombatCard);
    answer(&mut g, &mut t, Choice::Combat(Melee));
    assert_eq!(g.hero(a).stats.monsters_killed, 1);
    assert!(!g.cell(B).monster, "the killed monster's token is gone");
    // Play goes on to the servant's left: the third hero.
    assert_eq!(g.active(), other);
    assert_eq!(g.pending().unwrap().seat, other);
    g.check_invariants().unwrap();

    // Adding: no token left, two heroes: a token may go on a chamber next to a tower.
    let (mut g, mut t, a) = arena(&["lindel", "hugo"], &["servants-of-kalladra"]);
    let d = 1 - a;
    g.kill_hero(d);
    let start = g.hero(a).pos;
    let beside = TOWERS.into_iter().find(|&c| c != start).unwrap();
    let spot = [at(0, 1), at(1, 0), at(8, 0), at(9, 1), at(0, 11), at(1, 12), at(8, 12), at(9, 11)]
        .into_iter()
        .find(|&c| dq_engine::board::manhattan(c, beside) == 1)
        .unwrap();
    g.lay_tile(spot, four_hall_room(3), Dir::South);
    g.stack_deck(&[empty]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, d, DecisionKind::ServantMove);
    // One hero left in the dungeon and no token: one may be added (fewer tokens than heroes).
    assert!(legal(&g).contains(&Choice::Move(spot)), "{:?}", legal(&g));
    answer(&mut g, &mut t, Choice::Move(spot));
    assert!(g.cell(spot).monster);
    expect(&g, a, DecisionKind::Action);
    g.set_monster_token(C, true);
    g.stack_deck(&[empty]);
    // The hero searches nothing: move back to A.
    answer(&mut g, &mut t, Choice::Move(A));
    expect(&g, d, DecisionKind::ServantMove);
    let l = legal(&g);
    // Two tokens: the one just added cannot move again; the one on C can; no more additions.
    assert!(l.iter().all(|c| !matches!(c, Choice::MoveToken(f, _) if *f == spot)), "{l:?}");
    assert!(l.contains(&Choice::MoveToken(C, B)), "{l:?}");
    assert!(l.iter().all(|c| !matches!(c, Choice::Move(_))), "{l:?}");
    g.check_invariants().unwrap();

    // Without the rule a dead hero's seat is skipped.
    let (mut g, mut t, a) = arena(&["lindel", "hugo"], &[]);
    g.kill_hero(1 - a);
    g.stack_deck(&[empty]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, a, DecisionKind::Action);
}
