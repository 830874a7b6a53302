//! Rules of thumb of the strategic policies for the 2010 decisions (edition `third`): which
//! combat card to play, how far to counterattack, and whether to escape before combat. They
//! read only the table: their own hand, the cards played, the combat stack, the damage stacks,
//! and the printed power cards (their escape values are public card data); never the deck
//! order, the opponent's hand or a face-down monster token.

use crate::dungeonquest::spec::EscapeStyle;
use dq_engine::card_combat::{CardRules, CcId, Fight, HERO, MONSTER};
use dq_engine::data::PowerEffect;
use dq_engine::{Choice, Choices, Deck, Game};

/// Wound-equivalents a death costs (as in the Revised escape comparison).
const DEATH_COST: f64 = 12.0;
/// Wound-equivalents of the ground an escape loses.
const ESCAPE_DETOUR: f64 = 1.0;
/// The chance that a hero who escaped meets the monster again: its token stays on the chamber
/// (docs/rulings.md) and the way to his goal mostly still leads through it. Pricing an escape
/// as the fight avoided for good (0) made `mixed` escape often, for no survival and 26 gold
/// per game less than fighting (2010 solo, paired).
const MEETS_AGAIN: f64 = 0.85;

fn parts<'g>(game: &'g Game<'_>) -> Option<(&'g CardRules, &'g Fight)> {
    Some((game.rules().card_combat.as_ref()?, game.card_fight()?))
}

/// The card to reveal: the highest attack value, plus two for every combat-stack card of its
/// type when a win would be a deathblow; a low card with a counterattack icon is kept back
/// (the rulebook's combat tips), unless nothing else is left.
pub fn combat_play(game: &Game<'_>, choices: &Choices) -> Choice {
    let Some((cr, f)) = parts(game) else { return choices[0] };
    let side = game.fight_deciding();
    let score = |c: CcId| -> i32 {
        let card = cr.card(c);
        let mut s = i32::from(card.value) * 4;
        if f.may_deathblow(side) {
            s += 8 * f.combat_stack().iter().filter(|&&k| cr.card(k).attack == card.attack).count() as i32;
        }
        for e in card.effects.iter().flatten() {
            match *e {
                PowerEffect::Bonus(n) => s += 4 * i32::from(n),
                PowerEffect::Piercing(n) => s += 3 * i32::from(n),
                PowerEffect::CancelOpponent => s += 6,
                _ => s += 1,
            }
        }
        if card.value <= 2 && card.counter.is_some() {
            s -= 6;
        }
        s
    };
    best(choices, |c| match c {
        Choice::Card(id) => Some(score(id as CcId)),
        _ => None,
    })
}

/// A counterattack plays the cheapest cards first (every card played goes onto the loser's
/// damage stack, so more cards before the total passes the opponent's is more damage) when
/// the cards can win the round; when they can only draw level it plays them all for the
/// stand-off; otherwise it stops.
pub fn counterattack(game: &Game<'_>, choices: &Choices) -> Choice {
    let Some((cr, f)) = parts(game) else { return Choice::Done };
    let side = game.fight_deciding();
    let mine = i32::from(f.total(side));
    let theirs = i32::from(f.total(1 - side));
    let sum: i32 = choices
        .iter()
        .filter_map(|c| match *c {
            Choice::Card(id) => Some(i32::from(cr.card(id as CcId).value)),
            _ => None,
        })
        .sum();
    if mine + sum < theirs {
        return Choice::Done;
    }
    best(choices, |c| match c {
        Choice::Card(id) => Some(-i32::from(cr.card(id as CcId).value)),
        _ => None,
    })
}

fn best(choices: &Choices, score: impl Fn(Choice) -> Option<i32>) -> Choice {
    let mut pick = choices[0];
    let mut top = i32::MIN;
    for &c in choices.iter() {
        if let Some(s) = score(c) {
            if s > top {
                top = s;
                pick = c;
            }
        }
    }
    pick
}

/// Escape or attack. `Expected` compares a rough cost of fighting (the monster's mean token
/// life as wounds, the card combat being about even, with a death cost ramping in as that nears
/// the wounds the hero can still take) with trying to escape (the chance that a random hero
/// power card's escape value is at least a random monster card's, from the printed cards; on a
/// failure its damage value and the fight; on a success, `MEETS_AGAIN` times the fight,
/// met later). Under the `combat-dice` rule the fight costs the
/// expected wounds before the hero wins the mean life's rounds at his chance p of rolling at
/// most the attribute: life × (1 − p) / p.
pub fn escape_or_attack(game: &Game<'_>, seat: u8, style: EscapeStyle) -> Choice {
    match style {
        EscapeStyle::Never => return Choice::No,
        EscapeStyle::Always => return Choice::Yes,
        EscapeStyle::Expected => {}
    }
    let rules = game.rules();
    let (Some(cr), Some(kind)) = (rules.card_combat.as_ref(), game.fight_kind()) else { return Choice::No };
    let h = game.hero(seat);
    let left = f64::from(h.health) - f64::from(h.wounds);
    let life = mean_life(game, kind);
    let wounds = match game.variant().combat_dice.then(|| game.dice_target(kind)).flatten() {
        Some(target) => {
            // P(2d6 <= target): 36 outcomes, counted.
            let p =
                (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| a + b)).filter(|&s| s <= target).count() as f64 / 36.0;
            if p > 0.0 {
                life * (1.0 - p) / p
            } else {
                f64::from(h.health)
            }
        }
        None => life,
    };
    let cost = |w: f64| w + DEATH_COST * ((w - left + 3.0) / 6.0).clamp(0.0, 1.0);
    let fight = cost(wounds);
    let hp = cr.hero_powers[h.hero as usize];
    let mp = cr.monster_powers[kind as usize];
    let (mut pairs, mut ok, mut dmg) = (0.0, 0.0, 0.0);
    for a in cr.set(hp) {
        for b in cr.set(mp) {
            pairs += 1.0;
            if cr.card(a).escape >= cr.card(b).escape {
                ok += 1.0;
            } else {
                dmg += f64::from(cr.card(b).damage);
            }
        }
    }
    if pairs == 0.0 {
        return Choice::No;
    }
    let p = ok / pairs;
    let fail_dmg = if ok < pairs { dmg / (pairs - ok) } else { 0.0 };
    let flee = p * (ESCAPE_DETOUR + MEETS_AGAIN * fight) + (1.0 - p) * cost(wounds + fail_dmg);
    if flee < fight {
        Choice::Yes
    } else {
        Choice::No
    }
}

/// The mean printed life of the monster tokens of a type (public component data), or 3.
fn mean_life(game: &Game<'_>, kind: u8) -> f64 {
    let rules = game.rules();
    let (mut sum, mut n) = (0.0, 0.0);
    for c in rules.deck_cards(Deck::Monster) {
        if let Some(m) = rules.cards[c as usize].monster {
            if m.kind == kind {
                sum += f64::from(m.life);
                n += 1.0;
            }
        }
    }
    if n > 0.0 {
        sum / n
    } else {
        3.0
    }
}

/// Damage-stack cards of margin a declared escape keeps: about one lost round.
const DECLARE_MARGIN: f64 = 3.0;

/// Live to Fight Another Day (2010 form): `Never` fights on; the others announce the escape
/// when the cards the hero can still take before he dies are within `DECLARE_MARGIN` of the
/// cards the monster still needs: its token life (face up in solo play, otherwise the mean life
/// of its type) less its damage stack without this round's cards, which the announcement gives
/// back. The hero's own side of the table only: no hidden token value in multiplayer.
pub fn live_to_fight(game: &Game<'_>, style: EscapeStyle) -> Choice {
    if style == EscapeStyle::Never {
        return Choice::No;
    }
    let (Some((_, f)), Some(kind)) = (parts(game), game.fight_kind()) else { return Choice::No };
    let life = if f.solo() { f64::from(f.life()) } else { mean_life(game, kind) };
    // Under `combat-dice` wounds are taken as rolled and the monster's wounds are won rolls.
    let (room, dealt) = if game.variant().combat_dice {
        let h = game.hero(game.active());
        (f64::from(h.health) - f64::from(h.wounds), f64::from(f.dice_hits()))
    } else {
        (f64::from(f.hero_room()) - f.damage(HERO).len() as f64, f.damage(MONSTER).len() as f64)
    };
    // This round's cards are still on the stack: count the stack as before the round, at most.
    let need = life - dealt + 1.0;
    if room < need + DECLARE_MARGIN {
        Choice::Yes
    } else {
        Choice::No
    }
}
