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
