//! [`Game::resample`]: it leaks nothing (what it redraws matches the real game no more often
//! than chance, and a seat's resampled game does not depend on what he cannot see), it keeps
//! what is known and the game's invariants, games played on from it pass the rules checker,
//! and it is deterministic.

use super::super::*;
use crate::core::rng::GameRng;
use crate::dungeonquest::card_combat::{HERO, MONSTER};
use crate::dungeonquest::observer::NoObserver;
use crate::dungeonquest::rule_check::{is_known_bug, RuleCheck};
use crate::dungeonquest::variant::none_then_each_rule_alone;

/// A position reached by random play, with the rules checker that followed it there.
struct Position<'r> {
    game: Game<'r>,
    check: RuleCheck<'r>,
}

/// The optional rules played: none, each alone, and the 2010 table rules together.
fn variants() -> Vec<Variant> {
    let mut v = none_then_each_rule_alone();
    let mut table = Variant::default();
    for name in ["hero-vs-hero", "servants-of-kalladra", "cloak-and-dagger", "live-to-fight-another-day"] {
        table.enable(name).expect("a known rule");
    }
    v.push(table);
    v
}

/// A random legal answer.
fn pick(g: &Game, rng: &mut GameRng) -> Choice {
    let legal = g.legal_choices();
    legal[rng.below(legal.len() as u32) as usize]
}

/// Positions of `games` random games per variant and table size (1-4 heroes): after about
/// one answer in `every`, the game as it stands while a decision is pending.
fn positions(rules: &Rules, games: u64, every: u32) -> Vec<Position<'_>> {
    let mut out = Vec::new();
    let mut rng = GameRng::from_seed(0x5EED);
    let mut index = 0;
    for variant in variants() {
        for seats in 1..=4 {
            for _ in 0..games {
                index += 1;
                let cfg = GameConfig::random(seats, variant);
                let mut check = RuleCheck::new(rules, variant);
                let Ok(mut game) = Game::new(rules, &cfg, 11, index, &mut check) else { break };
                check.check_after(&game);
                while !game.is_over() {
                    if rng.below(every) == 0 {
                        out.push(Position { game: game.clone(), check: check.clone() });
                    }
                    let c = pick(&game, &mut rng);
                    game.apply(c, &mut check).unwrap();
                    check.check_after(&game);
                }
            }
        }
    }
    out
}

/// Matches of a redrawn element with the real one, against their chance.
#[derive(Default, Debug)]
struct Tally {
    samples: u32,
    hits: u32,
    expected: f64,
    variance: f64,
}

impl Tally {
    /// One comparison whose chance of a match is `p`.
    fn add(&mut self, p: f64, hit: bool) {
        self.samples += 1;
        self.hits += u32::from(hit);
        self.expected += p;
        self.variance += p * (1.0 - p);
    }

    /// Within 4 sigma of chance (plus one match, for the tallies of a few samples).
    fn check(&self, what: &str) {
        let sigma = self.variance.sqrt();
        let off = (self.hits as f64 - self.expected).abs();
        assert!(
            off <= 4.0 * sigma + 1.0,
            "{what}: {} matches of {} for {:.1} expected (σ {sigma:.2})",
            self.hits,
            self.samples,
            self.expected
        );
    }
}

/// The draw pile of a deck, bottom first.
fn pile<'a>(g: &'a Game, deck: Deck) -> &'a [CardId] {
    let first = g.rules.decks[deck as usize].first as usize;
    &g.decks.slots[first..first + g.decks.draw[deck as usize] as usize]
}

/// The discard pile of a deck.
fn discards<'a>(g: &'a Game, deck: Deck) -> &'a [CardId] {
    let r = g.rules.decks[deck as usize];
    let end = (r.first + r.len) as usize;
    &g.decks.slots[end - g.decks.discard[deck as usize] as usize..end]
}

fn sorted<T: Ord + Copy>(s: &[T]) -> Vec<T> {
    let mut v = s.to_vec();
    v.sort_unstable();
    v
}

/// The seat a position is resampled for: the one deciding, or now and then another seat.
fn viewer(g: &Game, k: usize) -> u8 {
    let deciding = g.pending.map_or(0, |d| d.seat);
    if k % 5 == 4 {
        (deciding + 1) % g.seats
    } else {
        deciding
    }
}

/// The tallies of one edition's positions: each deck's top card, the top tile, the next die,
/// the monster fought (card or token) and the tokens on the board, the card combat's deck
/// and the hand of the other side.
fn leakage(rules: &Rules, unshuffled: Option<Deck>) -> Vec<(String, Tally)> {
    let mut tallies: Vec<(String, Tally)> =
        Deck::ALL.iter().map(|d| (d.name().to_string(), Tally::default())).collect();
    for what in ["tile", "die", "fought", "board token", "combat deck", "hand", "play area"] {
        tallies.push((what.to_string(), Tally::default()));
    }
    let at = |name: &str| {
        11 + ["tile", "die", "fought", "board token", "combat deck", "hand", "play area"]
            .iter()
            .position(|&w| w == name)
            .unwrap()
    };
    let mut rng = GameRng::from_seed(0x1EA4);
    for (k, p) in positions(rules, 6, 6).iter().enumerate() {
        let real = &p.game;
        let seat = viewer(real, k);
        let mut g = real.clone();
        g.resample(seat, &mut rng);
        if let Some(deck) = unshuffled {
            // The test of the test: this deck's order put back as it was.
            let first = rules.decks[deck as usize].first as usize;
            let n = real.decks.draw[deck as usize] as usize;
            g.decks.slots[first..first + n].copy_from_slice(&real.decks.slots[first..first + n]);
        }
        for deck in Deck::ALL {
            let (a, b) = (pile(real, deck), pile(&g, deck));
            let Some(&top) = a.last() else { continue };
            let peek = real.decks.peek;
            let known = deck == Deck::Search && peek.seat == seat && (peek.from as usize) < a.len();
            let n = a.len() as f64;
            let mut hit_p = if known { 1.0 } else { 1.0 / n };
            let fixed = real.duel.is_some() || seat == real.combat.monster_seat;
            if deck == Deck::Monster && real.edition == Edition::Revised && real.combat.card != NO_CARD && !fixed {
                // A top card that could be the one fought leaves the pile for the fight with
                // chance 1 in the fitting cards plus the fought one.
                let m = rules.card(real.combat.card).monster.unwrap();
                let fit =
                    |c: CardId| rules.card(c).monster.is_some_and(|x| x.kind == m.kind && x.life > real.combat.wounds);
                if fit(top) {
                    let fits = a.iter().filter(|&&c| fit(c)).count() as f64;
                    hit_p = fits / (fits + 1.0) / n;
                }
            }
            tallies[deck as usize].1.add(hit_p, b.last() == Some(&top));
        }
        let left = real.tiles.left as usize;
        if left > 0 {
            tallies[at("tile")].1.add(1.0 / left as f64, g.tiles.order[left - 1] == real.tiles.order[left - 1]);
        }
        tallies[at("die")].1.add(1.0 / 6.0, g.chance.dice.clone().d6() == real.chance.dice.clone().d6());
        if real.variant.cloak_and_dagger && !real.over {
            for h in (0..real.seats as usize).filter(|&h| h != seat as usize) {
                for (i, &c) in real.heroes[h].held.iter().enumerate() {
                    let def = rules.card(c);
                    let set = real.heroes[h].gold_set.iter().any(|&(x, _)| x == c);
                    let fits = |x: CardId| rules.card(x).loot == def.loot && super::may_be_held(rules, x);
                    if set || !fits(c) {
                        continue;
                    }
                    // Redrawn from its deck's fitting cards and the other hidden ones alike.
                    let fits = |x: CardId| rules.card(x).deck == def.deck && fits(x);
                    let mut n = pile(real, def.deck).iter().filter(|&&x| fits(x)).count();
                    for o in (0..real.seats as usize).filter(|&o| o != seat as usize) {
                        let hero = &real.heroes[o];
                        n += hero
                            .held
                            .iter()
                            .filter(|&&x| fits(x) && !hero.gold_set.iter().any(|&(y, _)| y == x))
                            .count();
                    }
                    tallies[at("play area")].1.add(1.0 / n as f64, g.heroes[h].held[i] == c);
                }
            }
        }
        match real.edition {
            Edition::Revised => {
                let c = real.combat.card;
                let fixed = real.duel.is_some() || seat == real.combat.monster_seat;
                if c != NO_CARD && !fixed {
                    let m = rules.card(c).monster.unwrap();
                    let fits = pile(real, Deck::Monster)
                        .iter()
                        .filter(|&&x| {
                            rules.card(x).monster.is_some_and(|y| y.kind == m.kind && y.life > real.combat.wounds)
                        })
                        .count();
                    tallies[at("fought")].1.add(1.0 / (fits + 1) as f64, g.combat.card == c);
                }
            }
            Edition::Third => third_leakage(
                real,
                &g,
                seat,
                &mut tallies,
                at("fought"),
                at("board token"),
                at("combat deck"),
                at("hand"),
            ),
            Edition::Classic => unreachable!("a `Game` plays only the FFG editions"),
        }
    }
    tallies
}

/// The 2010 parts of [`leakage`].
#[allow(clippy::too_many_arguments)]
fn third_leakage(
    real: &Game,
    g: &Game,
    seat: u8,
    tallies: &mut [(String, Tally)],
    monster: usize,
    board: usize,
    deck: usize,
    hand: usize,
) {
    let rules = real.rules;
    let alone = real.variant.solo || real.seats == 1;
    let r = rules.decks[Deck::Monster as usize];
    let tokens = r.first..r.first + r.len;
    let kind = |t: CardId| rules.card(t).monster.unwrap().kind;
    let fought = real.third.token;
    let dealt = real.third.fight.monster_damage();
    if fought != NO_CARD && seat != real.third.monster_seat && !alone {
        let alive =
            tokens.clone().filter(|&t| kind(t) == kind(fought) && rules.card(t).monster.unwrap().life > dealt).count();
        tallies[monster].1.add(1.0 / alive as f64, g.third.token == fought);
    }
    if fought == NO_CARD && !alone {
        for c in 0..crate::dungeonquest::board::CELLS as Cell {
            if let Some(t) = real.token_on(c) {
                let same = tokens.clone().filter(|&x| kind(x) == kind(t)).count();
                tallies[board].1.add(1.0 / same as f64, g.token_on(c) == Some(t));
            }
        }
    }
    let in_fight = fought != NO_CARD || real.third.pvp;
    let f = &real.third.fight;
    if in_fight {
        let known = [seat == real.active.get(), seat == real.third.monster_seat];
        let no_hand = |s: usize| f.solo() && s == MONSTER;
        let hidden = |s: usize| !known[s] && !no_hand(s);
        let (cards, power) = f.piles();
        // Cards of one kind (combat card, or a side's power card) trade places at random
        // among the deck, the power piles and the hidden hands.
        let pool = |c: u8| {
            let k = f.power_side(c);
            let hands = [HERO, MONSTER].into_iter().filter(|&s| hidden(s)).flat_map(|s| f.hand(s).iter());
            cards.iter().chain(power[0]).chain(power[1]).chain(hands).filter(|&&x| f.power_side(x) == k).count() as f64
        };
        if let Some(&top) = cards.last() {
            let k = f.power_side(top);
            let in_deck = cards.iter().filter(|&&x| f.power_side(x) == k).count() as f64;
            let p = in_deck / pool(top) / cards.len() as f64;
            tallies[deck].1.add(p, g.third.fight.piles().0.last() == Some(&top));
        }
        let other = if known[HERO] { MONSTER } else { HERO };
        if let Some(&c) = f.hand(other).first() {
            if hidden(other) {
                tallies[hand].1.add(1.0 / pool(c), g.third.fight.hand(other).first() == Some(&c));
            }
        }
    }
}

#[test]
fn resampled_games_match_the_real_future_no_more_often_than_chance() {
    for rules in [Rules::revised(), Rules::third()] {
        let tallies = leakage(&rules, None);
        for (what, t) in &tallies {
            eprintln!(
                "{:?} {what}: {} matches of {} for {:.1} expected (σ {:.2})",
                rules.edition,
                t.hits,
                t.samples,
                t.expected,
                t.variance.sqrt()
            );
            t.check(&format!("{:?} {what}", rules.edition));
        }
        let count = |w: &str| tallies.iter().find(|(n, _)| n == w).unwrap().1.samples;
        assert!(count("play area") > 200, "{tallies:?}");
        assert!(count("dungeon") > 2_000 && count("tile") > 2_000 && count("die") > 2_000, "{tallies:?}");
        if rules.edition == Edition::Third {
            assert!(count("fought") > 300 && count("combat deck") > 500 && count("board token") > 500, "{tallies:?}");
        } else {
            assert!(count("fought") > 300, "{tallies:?}");
        }
    }
}

/// The test of the test: a deck left in its real order shows as a leak.
#[test]
fn a_deck_left_unshuffled_is_caught() {
    let rules = Rules::revised();
    let tallies = leakage(&rules, Some(Deck::Dungeon));
    let t = &tallies[Deck::Dungeon as usize].1;
    assert!(t.hits == t.samples && t.samples > 1_000, "{t:?}");
    assert!(std::panic::catch_unwind(|| t.check("dungeon")).is_err());
}

/// What `seat` knows is untouched; what he does not keeps its make-up.
fn check_consistent(real: &Game, g: &Game, seat: u8) {
    let rules = real.rules;
    g.check_invariants().unwrap();
    // Cloak and Dagger: the other heroes' play areas trade cards with the draw piles.
    let cloaked = |h: usize| real.variant.cloak_and_dagger && !real.over && h != seat as usize;
    let held_of = |x: &Game, deck: Deck| -> Vec<CardId> {
        (0..x.seats as usize)
            .filter(|&h| cloaked(h))
            .flat_map(|h| x.heroes[h].held.iter().copied().filter(|&c| rules.card(c).deck == deck).collect::<Vec<_>>())
            .collect()
    };
    for deck in Deck::ALL {
        let (a, b) = (pile(real, deck), pile(g, deck));
        let (mut x, mut y) = (a.to_vec(), b.to_vec());
        if real.variant.cloak_and_dagger && !real.over {
            x.extend(held_of(real, deck));
            y.extend(held_of(g, deck));
        }
        if deck == Deck::Monster && real.edition == Edition::Revised && real.combat.card != NO_CARD {
            x.push(real.combat.card);
            y.push(g.combat.card);
            let (m, n) = (rules.card(real.combat.card).monster.unwrap(), rules.card(g.combat.card).monster.unwrap());
            assert_eq!(m.kind, n.kind);
            assert!(n.life > g.combat.wounds);
        }
        assert_eq!(sorted(&x), sorted(&y), "{} cards hidden", deck.name());
        assert_eq!(discards(real, deck), discards(g, deck), "{} discards", deck.name());
        let peek = real.decks.peek;
        if deck == Deck::Search && peek.seat == seat && (peek.from as usize) < a.len() {
            assert_eq!(&a[peek.from as usize..], &b[peek.from as usize..], "search cards seen");
        }
    }
    let left = real.tiles.left as usize;
    assert_eq!(sorted(&real.tiles.order[..left]), sorted(&g.tiles.order[..left]));
    for h in 0..real.seats as usize {
        let (x, y) = (&real.heroes[h], &g.heroes[h]);
        let mut same = x.clone();
        if cloaked(h) {
            assert_eq!(real.loot_count(h as u8), g.loot_count(h as u8));
            let deck_of = |v: &[CardId]| v.iter().map(|&c| rules.card(c).deck).collect::<Vec<_>>();
            assert_eq!(deck_of(&x.held), deck_of(&y.held), "decks of a hidden play area");
            same.held = y.held.clone();
        }
        assert_eq!(format!("{same:?}"), format!("{y:?}"), "hero {h}");
    }
    assert!(real.board.iter().eq(g.board.iter()));
    assert_eq!(real.board.epoch, g.board.epoch);
    assert_eq!(real.scratch.resolving, g.scratch.resolving);
    assert_eq!(real.scratch.cards, g.scratch.cards);
    assert_eq!(real.pending, g.pending);
    if real.pending.is_some_and(|d| d.seat == seat) {
        assert_eq!(real.legal_choices().as_slice(), g.legal_choices().as_slice(), "the decider's answers");
    }
    assert!(g.chance.forced.is_empty());
    if real.edition == Edition::Third {
        let f = (&real.third.fight, &g.third.fight);
        let in_fight = real.third.token != NO_CARD || real.third.pvp;
        if in_fight {
            for side in [HERO, MONSTER] {
                assert_eq!(f.0.hand(side).len(), f.1.hand(side).len());
                assert_eq!(f.0.damage(side), f.1.damage(side));
                assert_eq!(f.0.played(side), f.1.played(side));
                let own =
                    (side == HERO && seat == real.active.get()) || (side == MONSTER && seat == real.third.monster_seat);
                if own {
                    assert_eq!(f.0.hand(side), f.1.hand(side), "own hand");
                }
            }
            let cards = |x: &crate::dungeonquest::card_combat::Fight| {
                let (deck, power) = x.piles();
                let mut v: Vec<u8> = deck.to_vec();
                for s in [HERO, MONSTER] {
                    v.extend(x.hand(s));
                    v.extend(power[s]);
                }
                sorted(&v)
            };
            assert_eq!(cards(f.0), cards(f.1), "combat cards");
            assert_eq!(f.0.combat_stack(), f.1.combat_stack());
        }
        if g.third.token != NO_CARD {
            let t = rules.card(g.third.token).monster.unwrap();
            assert_eq!(Some(t.kind), real.fight_kind());
            assert_eq!(g.third.fight.life(), g.duel.and_then(|d| d.life).unwrap_or(t.life));
            assert!(!g.third.fight.monster_dead() || real.third.fight.monster_dead());
        }
        for c in 0..crate::dungeonquest::board::CELLS as Cell {
            assert_eq!(real.token_kind_at(c), g.token_kind_at(c), "token kind on {c}");
        }
    }
}

#[test]
fn resampling_keeps_what_is_known_and_the_invariants() {
    for rules in [Rules::revised(), Rules::third()] {
        let mut rng = GameRng::from_seed(0xC0);
        let ps = positions(&rules, 3, 5);
        assert!(ps.len() > 1_000, "{}", ps.len());
        for (k, p) in ps.iter().enumerate() {
            let seat = viewer(&p.game, k);
            let mut g = p.game.clone();
            g.resample(seat, &mut rng);
            check_consistent(&p.game, &g, seat);
        }
    }
}

/// Games played on from resampled positions with random answers end without a panic and
/// pass the rules checker after every answer.
#[test]
fn games_played_on_from_resampled_positions_pass_the_rules_checker() {
    for rules in [Rules::revised(), Rules::third()] {
        let mut rng = GameRng::from_seed(0xF00D);
        let ps = positions(&rules, 8, 9);
        assert!(ps.len() > 4_000, "{} positions", ps.len());
        eprintln!("{:?}: {} positions played on", rules.edition, ps.len());
        for (k, p) in ps.iter().enumerate() {
            let seat = viewer(&p.game, k);
            let mut g = p.game.clone();
            let mut check = p.check.clone();
            g.resample(seat, &mut rng);
            check.check_after(&g);
            let mut answers = 0;
            while !g.is_over() {
                let c = pick(&g, &mut rng);
                g.apply(c, &mut check).unwrap();
                check.check_after(&g);
                for v in check.take_violations() {
                    assert!(is_known_bug(rules.edition, v.invariant), "position {k}: {v}");
                }
                answers += 1;
                assert!(answers < 50_000, "position {k}: no end");
            }
        }
    }
}

#[test]
fn the_same_rng_gives_the_same_resampled_game() {
    for rules in [Rules::revised(), Rules::third()] {
        for (k, p) in positions(&rules, 1, 20).iter().enumerate() {
            let seat = viewer(&p.game, k);
            let (mut a, mut b, mut c) = (p.game.clone(), p.game.clone(), p.game.clone());
            a.resample(seat, &mut GameRng::from_seed(k as u64));
            b.resample(seat, &mut GameRng::from_seed(k as u64));
            c.resample(seat, &mut GameRng::from_seed(k as u64 + 1));
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
            assert_ne!(format!("{a:?}"), format!("{c:?}"), "another seed, another future");
        }
    }
}

/// The search cards a player put back with the Rune of Vision stay as he ordered them for
/// him, and are shuffled for the others.
#[test]
fn the_rune_of_vision_order_is_known_to_its_user_alone() {
    let rules = Rules::revised();
    let vision = (0..rules.cards.len() as CardId).find(|&c| rules.card(c).name == "Rune of Vision").unwrap();
    let mut rng = GameRng::from_seed(3);
    let mut seen = 0;
    for index in 0..400 {
        let mut g = Game::new(&rules, &GameConfig::random(2, Variant::default()), 5, index, &mut NoObserver).unwrap();
        g.give_rune(0, vision);
        while !g.is_over() && g.decks.peek.seat == pvp::NO_SEAT {
            let c = if g.legal_choices().contains(&Choice::Card(vision)) {
                Choice::Card(vision)
            } else {
                pick(&g, &mut rng)
            };
            g.apply(c, &mut NoObserver).unwrap();
        }
        // Once every card is back on top.
        while !g.is_over() && g.pending.is_some_and(|d| d.kind == DecisionKind::ArrangeSearch) {
            let c = pick(&g, &mut rng);
            g.apply(c, &mut NoObserver).unwrap();
        }
        let peek = g.decks.peek;
        let n = pile(&g, Deck::Search).len();
        if g.is_over() || peek.seat != 0 || n < peek.from as usize + 4 {
            continue;
        }
        seen += 1;
        let top = |g: &Game| pile(g, Deck::Search)[peek.from as usize..].to_vec();
        let mut mine = g.clone();
        mine.resample(0, &mut rng);
        assert_eq!(top(&mine), top(&g));
        let mut moved = 0;
        for _ in 0..20 {
            let mut theirs = g.clone();
            theirs.resample(1, &mut rng);
            moved += usize::from(top(&theirs) != top(&g));
        }
        assert!(moved >= 15, "{moved} of 20");
    }
    assert!(seen >= 5, "{seen} games reached a Rune of Vision");
}

/// Resampling forgets the hidden state it replaces: a position and a copy of it whose hidden
/// state was redrawn once already (the same for `seat` but for what he cannot see) resample
/// with the same `rng` to the very same game.
#[test]
fn what_seat_cannot_see_does_not_change_his_resampled_game() {
    for rules in [Rules::revised(), Rules::third()] {
        let ps = positions(&rules, 3, 5);
        for (k, p) in ps.iter().enumerate() {
            let seat = viewer(&p.game, k);
            let mut other = p.game.clone();
            other.resample(seat, &mut GameRng::from_seed(!(k as u64)));
            let (mut a, mut b) = (p.game.clone(), other);
            a.resample(seat, &mut GameRng::from_seed(k as u64));
            b.resample(seat, &mut GameRng::from_seed(k as u64));
            let (x, y) = (format!("{a:?}"), format!("{b:?}"));
            if let Some(i) = x.bytes().zip(y.bytes()).position(|(p, q)| p != q) {
                let from = x[..i].rfind(": ").map_or(0, |j| j.saturating_sub(60));
                panic!(
                    "position {k}, seat {seat}: {} / {}",
                    &x[from..(i + 80).min(x.len())],
                    &y[from..(i + 80).min(y.len())]
                );
            }
            assert_eq!(x.len(), y.len());
        }
    }
}
