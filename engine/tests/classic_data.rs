//! The classic (1987) data loads into the values the rulebook and the reference give, every
//! cell of the combat display and every band of the solo table is as printed, and bad data is
//! refused with an error naming the file, the line and the problem.

use dq_engine::dungeonquest::classic::data::{Counter, RingEffect, Shot};
use dq_engine::dungeonquest::classic::rules::{
    ClassicRules, ClassicSources, Hit, Losses, Response, SoloRoll, Stance, DATA_DIR,
};

mod classic_common;
use classic_common::{broken, line_of, CHART};

#[test]
fn the_four_characters_match_the_reference() {
    let r = ClassicRules::embedded();
    let four: Vec<_> = r.default_heroes().map(|(_, h)| (h.id.as_str(), h.life, h.attrs)).collect();
    assert_eq!(
        four,
        [
            ("rohan", 17, [6, 4, 9, 4]),
            ("ulf", 16, [7, 5, 6, 5]),
            ("el-adoran", 11, [3, 8, 5, 7]),
            ("volrik", 15, [4, 7, 4, 8]),
        ]
    );
    let rohan = &r.heroes[r.hero_by_id("rohan").unwrap() as usize];
    assert_eq!((rohan.mighty_blow_bonus, rohan.arrows), (1, 0));
    let el = &r.heroes[r.hero_by_id("el-adoran").unwrap() as usize];
    assert_eq!((el.mighty_blow_bonus, el.arrows), (0, 4));
    // The twelve extra heroes are there but unverified, so off by default.
    assert_eq!(r.heroes.len(), 16);
    assert_eq!(r.heroes.iter().filter(|h| h.unverified).count(), 12);
    let rildo = &r.heroes[r.hero_by_id("rildo").unwrap() as usize];
    assert_eq!((rildo.mighty_blow_bonus, rildo.unverified), (-1, true));
}

/// Reference 4.3, cell by cell: (hero counter, monster counter) → (hero loses, monster loses).
#[test]
fn every_cell_of_the_combat_display() {
    use Counter::*;
    let r = ClassicRules::embedded();
    for (h, m, hl, ml) in CHART {
        assert_eq!(r.chart[h.index()][m.index()], Losses { hero: hl, monster: ml }, "{h:?} vs {m:?}");
    }
    // The adventurer never loses 2 (4.3).
    assert!(r.chart.iter().flatten().all(|l| l.hero <= 1));
    // Sir Rohan: +1 only where his Mighty Blow meets a Slash; Rildo: -1 there.
    let rohan = r.chart_for(r.hero_by_id("rohan").unwrap());
    let rildo = r.chart_for(r.hero_by_id("rildo").unwrap());
    let ulf = r.chart_for(r.hero_by_id("ulf").unwrap());
    for (i, j) in (0..3).flat_map(|i| (0..3).map(move |j| (i, j))) {
        let base = r.chart[i][j];
        let special = (i, j) == (MightyBlow.index(), Slash.index());
        let plus = |d: u8| Losses { hero: base.hero, monster: if special { d } else { base.monster } };
        assert_eq!(rohan[i][j], plus(3));
        assert_eq!(rildo[i][j], plus(1));
        assert_eq!(ulf[i][j], base);
    }
}

/// Rulebook 11: 1-3 hero 1, 4-6 both 1, 7-9 monster 1, 10 monster 2, 11-12 roll again.
#[test]
fn every_band_of_the_solo_table() {
    let r = ClassicRules::embedded();
    let l = |hero, monster| SoloRoll::Loses(Losses { hero, monster });
    for roll in 1..=12u8 {
        let want = match roll {
            1..=3 => l(1, 0),
            4..=6 => l(1, 1),
            7..=9 => l(0, 1),
            10 => l(0, 2),
            _ => SoloRoll::Reroll,
        };
        assert_eq!(r.solo[roll as usize - 1], want, "roll {roll}");
    }
}

#[test]
fn longbow_table_and_limits() {
    let r = ClassicRules::embedded();
    assert_eq!(r.arrows_per_combat, 2);
    use Shot::*;
    assert_eq!(r.longbow, [Missed, Missed, Wounded, Wounded, Wounded, Killed]);
    // The bands are an estimate and say so.
    assert!(r.estimated.contains(&"combat.ron: longbow"));
}

#[test]
fn monster_deck_keeps_a_pattern_per_type() {
    let r = ClassicRules::embedded();
    let ids: Vec<_> = r.kinds.iter().map(|k| k.id.as_str()).collect();
    assert_eq!(ids, ["goblin", "orc", "death-warrior", "troll", "champion"]);
    assert_eq!(r.monster_cards.len(), 15);
    let champion = r.kind_by_id("champion").unwrap();
    assert_eq!(r.kinds[champion as usize].first_kill_damage, Some(3));
    assert!(r.estimated.contains(&"monsters.ron: cards"));
    // Lives: the Revised life values, ranked by type; the mean over every combat result is
    // close to row 27's 4.05.
    let mut pooled = (0u32, 0u32);
    for k in 0..r.kinds.len() as u8 {
        let lives: Vec<u8> = r
            .monster_cards
            .iter()
            .filter_map(|c| match c.read(k, Stance::Attack) {
                Response::Combat { life } | Response::SlashCombat { life, .. } => Some(life),
                _ => None,
            })
            .collect();
        assert!(!lives.is_empty());
        for c in &r.monster_cards {
            for s in 0..3 {
                if let Response::Combat { life } | Response::SlashCombat { life, .. } = c.rows[k as usize][s] {
                    pooled.0 += life as u32;
                    pooled.1 += 1;
                }
            }
        }
    }
    let mean = pooled.0 as f64 / pooled.1 as f64;
    assert!((3.7..=4.4).contains(&mean), "pooled mean life {mean}");
    // No Champion falls to the first Killed arrow (8.4).
    assert!(r.monster_cards.iter().all(|c| (0..3).all(|s| match c.rows[champion as usize][s] {
        Response::Combat { life } | Response::SlashCombat { life, .. } => life > 3,
        _ => true,
    })));
    // Behaviour differs by type: the Goblin flees an attack far more often than the Champion.
    let flees = |k: u8, s: Stance| r.monster_cards.iter().filter(|c| c.read(k, s) == Response::Flee).count();
    let goblin = r.kind_by_id("goblin").unwrap();
    assert!(flees(goblin, Stance::Attack) > flees(champion, Stance::Attack));
    assert_eq!(flees(champion, Stance::Attack), 0);
    // Escape results only under the escape heading.
    for c in &r.monster_cards {
        for row in &c.rows[..r.kinds.len()] {
            for s in [Stance::Attack, Stance::Wait] {
                assert!(!matches!(row[s as usize], Response::Escape | Response::SlashEscape(_)));
            }
        }
    }
    let slashes = r
        .monster_cards
        .iter()
        .filter(|c| matches!(c.read(champion, Stance::Escape), Response::SlashEscape(Hit::D6)))
        .count();
    assert_eq!(slashes, 6);
}

#[test]
fn treasure_dragon_and_rings() {
    let r = ClassicRules::embedded();
    assert_eq!(r.treasure.len(), 32);
    assert_eq!(r.treasure.iter().map(|&g| g as u32).sum::<u32>(), 30_000);
    assert_eq!(r.treasure_per_turn, 2);
    assert_eq!((r.dragon.asleep, r.dragon.awake, r.dragon.breath), (7, 1, Hit::D12));
    let effects: Vec<_> = r.rings.iter().map(|g| g.effect).collect();
    assert_eq!(
        effects,
        [RingEffect::Blinding, RingEffect::Healing { up_to: 5 }, RingEffect::Opening, RingEffect::Warning]
    );
}

#[test]
fn data_dir_names_the_files() {
    let s = ClassicSources::embedded();
    assert_eq!(s.heroes.name, format!("{DATA_DIR}heroes.ron"));
    assert_eq!(ClassicSources::FILES.len(), 6);
    assert_ne!(ClassicRules::embedded().data_hash, 0);
}

// --- bad data ---

#[test]
fn bad_data_errors_name_file_and_line() {
    // A chart cell that costs nobody anything.
    let needle = "(hero: Slash,      monster: Slash,      hero_loses: 1, monster_loses: 1)";
    let e =
        broken("combat.ron", |t| t.replace(needle, "(hero: Slash, monster: Slash, hero_loses: 0, monster_loses: 0)"));
    assert_eq!(
        e,
        format!("{DATA_DIR}combat.ron:{}: chart cell Slash vs Slash must cost someone", line_of("combat.ron", needle))
    );
    // A missing chart cell.
    let e = broken("combat.ron", |t| t.replace(&format!("        {needle},\n"), ""));
    assert!(e.ends_with("the chart needs all 9 counter pairs"), "{e}");
    assert!(e.starts_with(&format!("{DATA_DIR}combat.ron:")), "{e}");
    // Solo bands overlapping.
    let e = broken("combat.ron", |t| t.replace("(lo: 10, hi: 10,", "(lo: 9, hi: 10,"));
    assert_eq!(
        e,
        format!("{DATA_DIR}combat.ron:{}: solo roll 9 is covered twice", line_of("combat.ron", "(lo: 10, hi: 10,"))
    );
    // A longbow band outside the die.
    let e = broken("combat.ron", |t| t.replace("(lo: 6, hi: 6, result: Killed)", "(lo: 6, hi: 7, result: Killed)"));
    assert_eq!(
        e,
        format!(
            "{DATA_DIR}combat.ron:{}: longbow line 6-7 must lie within 1-6",
            line_of("combat.ron", "result: Killed")
        )
    );
    // A hero with a characteristic a D12 cannot test.
    let e = broken("heroes.ron", |t| t.replace("life: 16, strength: 7,", "life: 16, strength: 13,"));
    assert_eq!(
        e,
        format!(
            "{DATA_DIR}heroes.ron:{}: hero \"ulf\": characteristics are tested on a D12: at most 12",
            line_of("heroes.ron", "id: \"ulf\"")
        )
    );
    // A syntax error: the parser's line.
    let e = broken("treasure.ron", |t| t.replace("per_turn: 2,", "per_turn: two,"));
    assert!(e.starts_with(&format!("{DATA_DIR}treasure.ron:{}:", line_of("treasure.ron", "per_turn:"))), "{e}");
    // A Monster card row with an Escape under `attack`: the row's own line.
    let row = "(kind: \"troll\",         attack: Combat(life: 5), wait: Combat(life: 5)";
    let e = broken("monsters.ron", |t| {
        t.replacen(row, "(kind: \"troll\",         attack: Escape, wait: Combat(life: 5)", 1)
    });
    assert_eq!(
        e,
        format!(
            "{DATA_DIR}monsters.ron:{}: Monster card 1, troll: Escape results belong under `escape` only",
            line_of("monsters.ron", row)
        )
    );
    // A card without a row for a kind.
    let e = broken("monsters.ron", |t| t.replacen("(kind: \"orc\",", "(kind: \"goblin\",", 1));
    assert!(e.contains("Monster card 1, goblin: the kind has two rows on this card"), "{e}");
    // The deck's size.
    let e = broken("monsters.ron", |t| t.replace("size: 15,", "size: 14,"));
    assert_eq!(
        e,
        format!(
            "{DATA_DIR}monsters.ron:{}: the Monster deck lists 15 cards but size is 14 (at least 1)",
            line_of("monsters.ron", "size: 15,")
        )
    );
    // A monster life of 0.
    let e = broken("monsters.ron", |t| t.replacen("attack: Combat(life: 2)", "attack: Combat(life: 0)", 1));
    assert!(e.contains("Monster card 1, goblin: life 0 must be 1 to 20"), "{e}");
    // Treasure: no awake Dragon counter.
    let e = broken("treasure.ron", |t| t.replace("awake: 1,", "awake: 0,"));
    assert_eq!(
        e,
        format!(
            "{DATA_DIR}treasure.ron:{}: at least one awake Dragon counter and at most 32 in all",
            line_of("treasure.ron", "awake: 1,")
        )
    );
}
