//! Single combats (`Game::duel`): set-up, stacked outcomes, and the solo table's exact odds.

use dq_engine::rng::{GameRng, Stream};
use dq_engine::{Choice, Choices, DecisionKind, DuelConfig, Game, NoObserver, Rules, Variant};

/// Solo combat table, abilities off (every hero has one; they would bend the odds).
fn solo() -> Variant {
    let mut v = Variant::default();
    v.enable("solo").unwrap();
    v.enable("no-abilities").unwrap();
    v
}

fn plain_hero(_rules: &Rules) -> u8 {
    0
}

#[test]
fn solo_duel_with_stacked_dice_ends_exactly() {
    let rules = Rules::revised();
    let hero = plain_hero(&rules);
    let troll = rules.monster_kind_by_name("troll").unwrap();
    let cfg = DuelConfig { hero, wounds: 0, monster: Some(troll), life: Some(3), escape: true, variant: solo() };
    let mut g = Game::duel(&rules, &cfg, 1, 0, &mut NoObserver).unwrap();
    assert_eq!(g.pending().map(|d| d.kind), Some(DecisionKind::SoloEscape));
    // Rounds: 3 (1 each), 5 (monster 1), 1 (hero 1): monster has taken 2 of 3, hero 2.
    // Then 6: monster takes 2 and dies.
    g.force_dice(&[3, 5, 1, 6]);
    g.apply(Choice::No, &mut NoObserver).unwrap();
    assert!(g.is_over());
    let o = g.duel_outcome().unwrap();
    assert!(o.hero_won && !o.hero_died && !o.escaped);
    assert_eq!((o.rounds, o.hero_wounds), (4, 2));
}

#[test]
fn a_duel_can_kill_the_hero_and_escapes_end_it() {
    let rules = Rules::revised();
    let hero = plain_hero(&rules);
    let health = rules.heroes[hero as usize].health;
    let cfg = DuelConfig { hero, wounds: health - 1, monster: None, life: Some(5), escape: true, variant: solo() };
    let mut g = Game::duel(&rules, &cfg, 1, 1, &mut NoObserver).unwrap();
    g.force_dice(&[1]);
    g.apply(Choice::No, &mut NoObserver).unwrap();
    let o = g.duel_outcome().unwrap();
    assert!(o.hero_died && !o.hero_won);
    assert_eq!(o.rounds, 1);

    // Escape: the agility test passes on double one, then the hero picks where to go.
    let cfg = DuelConfig { wounds: 0, ..cfg };
    let mut g = Game::duel(&rules, &cfg, 1, 2, &mut NoObserver).unwrap();
    g.force_dice(&[1, 1]);
    g.apply(Choice::Yes, &mut NoObserver).unwrap();
    let mut c = Choices::new();
    g.legal(&mut c);
    if !g.is_over() {
        assert_eq!(g.pending().map(|d| d.kind), Some(DecisionKind::EscapeTo));
        g.apply(c[0], &mut NoObserver).unwrap();
    }
    let o = g.duel_outcome().unwrap();
    assert!(o.escaped && !o.hero_won && !o.hero_died);
    assert_eq!(o.rounds, 0);
}

#[test]
fn bad_duel_settings_are_refused() {
    let rules = Rules::revised();
    let health = rules.heroes[0].health;
    let base = DuelConfig { hero: 0, wounds: 0, monster: None, life: None, escape: true, variant: Variant::default() };
    assert!(Game::duel(&rules, &DuelConfig { wounds: health, ..base }, 1, 0, &mut NoObserver).is_err());
    assert!(Game::duel(&rules, &DuelConfig { hero: 99, ..base }, 1, 0, &mut NoObserver).is_err());
    assert!(Game::duel(&rules, &DuelConfig { monster: Some(99), ..base }, 1, 0, &mut NoObserver).is_err());
    assert!(Game::duel(&rules, &DuelConfig { life: Some(0), ..base }, 1, 0, &mut NoObserver).is_err());
}

/// P(hero wins) of a solo fight to the end, by dynamic programming over (health left,
/// life left) with the d6 table from the rule data.
fn solo_win_probability(rules: &Rules, health_left: usize, life: usize) -> f64 {
    let mut p = vec![vec![0.0f64; life + 1]; health_left + 1];
    for h in 1..=health_left {
        for m in 1..=life {
            let mut acc = 0.0;
            for &(hw, mw) in &rules.solo {
                let (hw, mw) = (hw as usize, mw as usize);
                if hw >= h {
                    continue; // hero dies first (hero death is checked first)
                }
                acc += if mw >= m { 1.0 } else { p[h - hw][m - mw] };
            }
            p[h][m] = acc / 6.0;
        }
    }
    p[health_left][life]
}

#[test]
fn solo_duels_match_the_exact_odds_of_the_d6_table() {
    let rules = Rules::revised();
    let hero = plain_hero(&rules);
    let health = rules.heroes[hero as usize].health;
    for (wounds, life) in [(0u8, 4u8), (health - 3, 5)] {
        let cfg = DuelConfig { hero, wounds, monster: None, life: Some(life), escape: false, variant: solo() };
        let n = 20_000u64;
        let mut wins = 0u64;
        let mut c = Choices::new();
        for i in 0..n {
            let mut g = Game::duel(&rules, &cfg, 3, i, &mut NoObserver).unwrap();
            let mut rng = GameRng::new(3, i, Stream::Bot);
            while !g.is_over() {
                g.legal(&mut c);
                let pick = c[rng.below(c.len() as u32) as usize];
                g.apply(pick, &mut NoObserver).unwrap();
            }
            wins += u64::from(g.duel_outcome().unwrap().hero_won);
        }
        let p = solo_win_probability(&rules, (health - wounds) as usize, life as usize);
        let se = (p * (1.0 - p) / n as f64).sqrt();
        let got = wins as f64 / n as f64;
        assert!((got - p).abs() < 4.0 * se, "wounds {wounds} life {life}: {got} vs exact {p} (se {se})");
    }
}
