//! The game under random answers, in every mode and with every option: every game ends, no
//! panic, a pending decision always has legal answers, and the invariants hold after every
//! answer.

use crate::core::rng::{GameRng, Stream};
use crate::core::{fuzz, DecisionGame, NoObserver};
use crate::dealing_dungeons::data::Side;
use crate::dealing_dungeons::game::table::{opposite, step, NO_LINK};
use crate::dealing_dungeons::game::{
    AfterDeath, BagOfHolding, ChaosPhase, DealingChoice, DealingConfig, DealingGame, DungeonSize, End, HeroChoice,
    HeroPick, Mode, MonsterAttack, Options, RoomCard, Status, MAX_SEATS,
};
use crate::dealing_dungeons::DealingRules;

/// What must hold in every position.
pub(super) fn invariants(g: &DealingGame<'_>) -> Result<(), String> {
    if !g.kits_fresh() {
        return Err("a seat's kept skills or gear differ from his hero card, level and hand".into());
    }
    if g.mode() == Mode::CoOp {
        return super::game_coop::invariants(g);
    }
    let rules = g.rules();
    let m = &rules.modes;
    let (w, d) = rules.geometry.table_spaces;
    let mut spaces: Vec<(i8, i8)> = Vec::new();
    let mut encounters = g.encounter_piles().0 + g.encounter_piles().1;
    let mut chaos_cards = 0;
    for s in 0..g.seats() {
        let p = g.player(s);
        if p.lives > m.max_lives {
            return Err(format!("seat {s} has {} lives", p.lives));
        }
        if p.alive() && p.lives == 0 {
            return Err(format!("seat {s} is alive with no life"));
        }
        if p.level < 1 || p.level > g.max_level() {
            return Err(format!("seat {s} at level {}", p.level));
        }
        let dn = g.dungeon(s);
        if p.at as usize >= dn.len() {
            return Err(format!("seat {s} stands in room {} of {}", p.at, dn.len()));
        }
        let drawn = (s == g.active() && g.drawn().is_some()) as usize;
        if g.mode() == Mode::Chaos {
            // Dungeons are built by every seat: the cards are counted over the table below.
            chaos_cards += dn.len() + p.deck.len();
            encounters += g.chaos().hands[s as usize].len();
            encounters += g.chaos().hidden[s as usize].iter().filter(|&&c| c != u8::MAX).count();
            if g.chaos().hidden[s as usize].iter().enumerate().any(|(k, &c)| c != u8::MAX && k >= dn.len()) {
                return Err(format!("seat {s}: a face-down card on a room not laid"));
            }
        } else if dn.len() + p.deck.len() + drawn != g.dungeon_cards() {
            return Err(format!("seat {s}: {} rooms laid and {} in the deck", dn.len(), p.deck.len()));
        }
        if p.deck.first().is_some_and(|&c| c != RoomCard::Treasure) {
            return Err(format!("seat {s}: the Treasure Room card is not at the bottom"));
        }
        encounters += p.dashboard.len();
        for (k, r) in dn.iter().enumerate() {
            if r.x < 0 || r.y < 0 || r.x >= w as i8 || r.y >= d as i8 {
                return Err(format!("seat {s} room {k} off the table at ({}, {})", r.x, r.y));
            }
            if g.room_at(r.x, r.y) != Some((s, k as u8)) {
                return Err(format!("seat {s} room {k}: the grid holds {:?}", g.room_at(r.x, r.y)));
            }
            if spaces.contains(&(r.x, r.y)) {
                return Err(format!("two cards on ({}, {})", r.x, r.y));
            }
            spaces.push((r.x, r.y));
            for side in Side::ALL {
                let (dx, dy) = step(side);
                let (nx, ny) = (r.x + dx, r.y + dy);
                let on = (0..w as i8).contains(&nx) && (0..d as i8).contains(&ny);
                let card = (0..g.seats())
                    .find_map(|o| g.dungeon(o).iter().position(|q| q.x == nx && q.y == ny).map(|k| (o, k as u8)));
                if (r.open & side.bit() != 0) != (on && card.is_none()) {
                    return Err(format!("seat {s} room {k}: open side {side:?} is stale"));
                }
                let link = match card {
                    Some((o, q)) if o == s && r.doors & side.bit() != 0 => {
                        let back = opposite(side).bit();
                        (dn[q as usize].doors & back != 0).then_some(q)
                    }
                    _ => None,
                };
                if r.links[side as usize] != link.unwrap_or(NO_LINK) {
                    return Err(format!("seat {s} room {k}: link {side:?} is {} not {link:?}", r.links[side as usize]));
                }
            }
            encounters += r.monster.is_some() as usize;
            if r.fresh && (r.monster.is_some() || k == 0) {
                return Err(format!("seat {s} room {k} is reset but has a monster or is the entrance"));
            }
            if k > 0 {
                let parent = &dn[r.parent as usize];
                if (parent.x - r.x).abs() + (parent.y - r.y).abs() != 1 {
                    return Err(format!("seat {s} room {k} is not next to the room it was built from"));
                }
            }
        }
        if p.playing() && p.fight.is_some() && dn[p.at as usize].monster.is_none() {
            return Err(format!("seat {s} fights in a room without a monster"));
        }
    }
    if g.mode() == Mode::Chaos {
        // A picked card stays in its hand until laid.
        let total = chaos_cards + g.chaos().set_aside as usize;
        if total != g.seats() as usize * g.dungeon_cards() {
            return Err(format!("{total} room cards on the table, in hands and set aside"));
        }
        if g.chaos().phase == ChaosPhase::Play && (0..g.seats()).any(|s| !g.player(s).deck.is_empty()) {
            return Err("a room card still in hand in play".into());
        }
        if let Some((_, lives, most)) = g.chaos().boss {
            let fallen = (0..g.seats()).any(|s| g.player(s).stats.boss_defeated);
            if (lives == 0) != fallen || lives > most {
                return Err(format!("the shared End Boss has {lives} lives of {most}"));
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

/// Every mode played, each with every option that applies to it.
pub(super) fn every_mode() -> Vec<DealingConfig> {
    let o = Options::default();
    let rolled = Options { attack: MonsterAttack::Rolled, ..o };
    let replaced = Options { death: AfterDeath::Replaced, ..o };
    let mut out = Vec::new();
    for n in 2..=4 {
        for options in [
            o,
            rolled,
            replaced,
            Options { heroes: HeroChoice::FromTwoEach, bag: BagOfHolding::Swap, ..o },
            Options { heroes: HeroChoice::FromAll, death: AfterDeath::Replaced, attack: MonsterAttack::Rolled, ..o },
        ] {
            out.push(DealingConfig::standard(n).with(options));
        }
    }
    for mode in [Mode::SoloRegular, Mode::SoloModerate, Mode::SoloHard] {
        let mut list = vec![o, rolled];
        if mode != Mode::SoloModerate {
            list.push(replaced);
        } else {
            list.extend((12..=15).map(|k| Options { dungeon: DungeonSize::Long(k), ..rolled }));
        }
        for options in list {
            out.push(DealingConfig::solo(mode, HeroPick::Random).with(options));
        }
    }
    for n in 2..=4 {
        for options in [
            o,
            rolled,
            Options { heroes: HeroChoice::FromTwoEach, ..o },
            Options { heroes: HeroChoice::FromAll, ..rolled },
        ] {
            out.push(DealingConfig::coop(n).with(options));
        }
    }
    for n in 2..=4 {
        for options in [o, rolled, Options { heroes: HeroChoice::FromTwoEach, bag: BagOfHolding::Swap, ..o }] {
            out.push(DealingConfig::chaos(n).with(options));
        }
    }
    out
}

#[test]
fn dealing_random_games_of_every_mode_and_option_end() {
    let rules = DealingRules::standard();
    let configs = every_mode();
    let mut g = DealingGame::new(&rules, &configs[0], 12, 0, &mut NoObserver).unwrap();
    for (k, cfg) in configs.iter().enumerate() {
        let mut ends = [0u32; 3];
        let mut answers = 0u32;
        for i in 0..300u64 {
            g.restart(cfg, 12, i, &mut NoObserver).unwrap();
            let mut rng = GameRng::new(12, i, Stream::Bot);
            answers += fuzz(&mut g, &mut rng, 200_000, &mut NoObserver, |g, _, _, _| invariants(g))
                .unwrap_or_else(|e| panic!("game {i} of {cfg:?}: {e}"));
            ends[match g.end().unwrap() {
                End::Boss(s) => {
                    assert!(g.player(s).stats.boss_defeated, "{cfg:?} game {i}");
                    0
                }
                End::NoneLeft => 1,
                End::RoundLimit => 2,
            }] += 1;
        }
        println!(
            "{k:2} {:?} {:?}: ends boss/none/limit {ends:?}, {} answers a game",
            cfg.mode,
            cfg.options,
            answers / 300
        );
        assert!(ends[1] > 0 || ends[0] > 0, "{cfg:?}: every game at the round limit");
    }
}

#[test]
fn dealing_random_games_of_2_to_4_players_end() {
    let rules = DealingRules::standard();
    let mut ends = [0u32; 3];
    let mut g = DealingGame::new(&rules, &DealingConfig::standard(2), 11, 0, &mut NoObserver).unwrap();
    for i in 0..2_400u64 {
        let n = 2 + (i % 3) as usize;
        g.restart(&DealingConfig::standard(n), 11, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(11, i, Stream::Bot);
        fuzz(&mut g, &mut rng, 100_000, &mut NoObserver, |g, _, _, _| invariants(g))
            .unwrap_or_else(|e| panic!("game {i} ({n} players): {e}"));
        match g.end().unwrap() {
            End::Boss(s) => {
                ends[0] += 1;
                assert_eq!(g.player(s).status, Status::Victor);
            }
            End::NoneLeft => ends[1] += 1,
            End::RoundLimit => ends[2] += 1,
        }
    }
    println!(
        "random games: {} won by a boss kill, {} with no one left, {} at the round limit",
        ends[0], ends[1], ends[2]
    );
    assert!(ends[0] > 0 && ends[1] > 0);
}

#[test]
fn dealing_game_size() {
    let size = std::mem::size_of::<DealingGame<'static>>();
    println!("size_of::<DealingGame>() = {size} bytes ({MAX_SEATS} seats)");
    assert!(size < 8 * 1024, "DealingGame is {size} bytes");
}

#[test]
fn dealing_a_resampled_copy_keeps_what_the_seat_sees_and_plays_on() {
    let rules = DealingRules::standard();
    let configs = every_mode();
    for i in 0..400u64 {
        let cfg = &configs[i as usize % configs.len()];
        let mut g = DealingGame::new(&rules, cfg, 5, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(5, i, Stream::Bot);
        for _ in 0..(i % 40) {
            if g.is_over() {
                break;
            }
            let c = g.legal_choices()[rng.below(g.legal_choices().len() as u32) as usize];
            g.apply(c, &mut NoObserver).unwrap();
        }
        let mut copy = g.clone();
        let seat = g.deciding_seat().unwrap_or(0);
        copy.resample(seat, &mut GameRng::new(5, i, Stream::Bot));
        for s in 0..g.seats() {
            assert_eq!(g.dungeon(s), copy.dungeon(s));
            assert_eq!((g.player(s).lives, g.player(s).deck.len()), (copy.player(s).lives, copy.player(s).deck.len()));
        }
        assert_eq!(g.legal_choices(), copy.legal_choices());
        fuzz(&mut copy, &mut rng, 100_000, &mut NoObserver, |g, _, _, _| invariants(g)).unwrap();
    }
}

/// A player who swaps with the Bag of Holding whenever he may (else answers at random) still
/// ends every game: a slot is swapped once a turn, so a turn cannot go on forever.
#[test]
fn dealing_games_of_a_player_who_always_swaps_end() {
    let rules = DealingRules::standard();
    let configs: Vec<DealingConfig> =
        every_mode().into_iter().filter(|c| c.mode == Mode::SoloHard || c.options.bag == BagOfHolding::Swap).collect();
    assert!(configs.len() >= 4);
    let mut g = DealingGame::new(&rules, &configs[0], 13, 0, &mut NoObserver).unwrap();
    let mut swaps = 0u32;
    for cfg in &configs {
        for i in 0..60u64 {
            g.restart(cfg, 13, i, &mut NoObserver).unwrap();
            let mut rng = GameRng::new(13, i, Stream::Bot);
            let mut answers = 0u32;
            while !g.is_over() {
                let legal = g.legal_choices();
                let c = match legal.iter().find(|c| matches!(c, DealingChoice::Swap { .. })) {
                    Some(&swap) => {
                        swaps += 1;
                        swap
                    }
                    None => legal[rng.below(legal.len() as u32) as usize],
                };
                g.apply(c, &mut NoObserver).unwrap();
                answers += 1;
                assert!(answers < 100_000, "game {i} of {cfg:?}: no end after {answers} answers");
            }
        }
    }
    assert!(swaps > 100, "the swap is played ({swaps} swaps)");
}
