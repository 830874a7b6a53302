//! `dq duel` in edition `third`: single card combats played by the bots, with sane odds.

use dq_bots::{play_duel, BotSpec, MonsterSpec, Players};
use dq_engine::{DuelConfig, NoObserver, Rules, Variant};

#[derive(Default, Debug)]
struct Odds {
    n: u64,
    won: u64,
    died: u64,
    escaped: u64,
    rounds: u64,
}

fn duels(rules: &Rules, bot: &str, monster_policy: MonsterSpec, cfg: &DuelConfig, n: u64) -> Odds {
    let mut players = Players::new(rules, &[BotSpec::parse(bot).unwrap()], monster_policy, 1).unwrap();
    let mut o = Odds::default();
    for i in 0..n {
        let g = play_duel(rules, cfg, 2010, i, &mut players, &mut NoObserver).unwrap();
        let r = g.duel_outcome().expect("a played duel is over");
        assert!(u8::from(r.hero_won) + u8::from(r.hero_died) + u8::from(r.escaped) <= 1, "{r:?}");
        o.n += 1;
        o.won += u64::from(r.hero_won);
        o.died += u64::from(r.hero_died);
        o.escaped += u64::from(r.escaped);
        o.rounds += u64::from(r.rounds);
    }
    o
}

fn cfg(rules: &Rules, hero: &str, monster: &str, life: u8, escape: bool, v: Variant) -> DuelConfig {
    DuelConfig {
        hero: rules.hero_by_id(hero).unwrap() as u8,
        wounds: 0,
        monster: rules.monster_kind_by_name(monster),
        life: Some(life),
        escape,
        variant: v,
    }
}

#[test]
fn third_duel_odds_are_sane() {
    let rules = Rules::third();
    let n = 3000;
    let print = |name: &str, o: &Odds| {
        println!(
            "{name}: won {:.3}, died {:.3}, escaped {:.3}, mean rounds {:.2} ({} duels)",
            o.won as f64 / o.n as f64,
            o.died as f64 / o.n as f64,
            o.escaped as f64 / o.n as f64,
            o.rounds as f64 / o.n as f64,
            o.n
        );
    };
    let plain = Variant::default();
    let weak =
        duels(&rules, "greedy", MonsterSpec::Equilibrium, &cfg(&rules, "krutzbeck", "skeleton", 2, false, plain), n);
    let strong =
        duels(&rules, "greedy", MonsterSpec::Equilibrium, &cfg(&rules, "krutzbeck", "demon", 8, false, plain), n);
    print("krutzbeck vs skeleton life 2", &weak);
    print("krutzbeck vs demon life 8", &strong);
    assert!(weak.won as f64 / n as f64 > 0.9, "{weak:?}");
    assert!(weak.won > strong.won + n / 20, "{weak:?} {strong:?}");
    assert!(strong.rounds > weak.rounds, "a tougher monster takes more rounds");
    assert_eq!(weak.escaped + strong.escaped, 0, "--no-escape");
    // A weaker monster player (uniform cards) loses more often than the rules of thumb.
    let uniform = duels(&rules, "greedy", MonsterSpec::Random, &cfg(&rules, "gherinn", "demon", 6, false, plain), n);
    let thumb = duels(&rules, "greedy", MonsterSpec::Equilibrium, &cfg(&rules, "gherinn", "demon", 6, false, plain), n);
    print("gherinn vs demon life 6, random monster", &uniform);
    print("gherinn vs demon life 6, equilibrium monster", &thumb);
    assert!(uniform.won > thumb.won, "{uniform:?} {thumb:?}");
    // A bot told to escape whenever allowed escapes when it may (cautious's default until
    // session 16; it fights on now).
    let esc = duels(
        &rules,
        "cautious:escape=always",
        MonsterSpec::Random,
        &cfg(&rules, "tatianna", "troll", 5, true, plain),
        n,
    );
    print("cautious tatianna vs troll life 5 with escape", &esc);
    assert!(esc.escaped > n / 10, "{esc:?}");
    // Going It Alone and the dice variant play to the end too.
    let solo = duels(
        &rules,
        "greedy",
        MonsterSpec::Random,
        &cfg(&rules, "lindel", "golem", 5, false, Variant { solo: true, ..plain }),
        n,
    );
    print("lindel vs golem life 5, going it alone", &solo);
    assert!(solo.won > 0 && solo.died > 0);
    let dice = Variant { combat_dice: true, ..plain };
    let d = duels(&rules, "greedy", MonsterSpec::Random, &cfg(&rules, "gherinn", "demon", 6, false, dice), n);
    print("gherinn (Strength 3) vs demon life 6, combat-dice", &d);
    // 2d6 <= 3 is 1/12 a round: six wins before thirteen losses almost never happens.
    assert!(d.died as f64 / n as f64 > 0.99, "{d:?}");
    // So `mixed` tries to escape such a fight under the dice variant, and fights it with cards.
    let esc = |v: Variant| {
        duels(&rules, "mixed", MonsterSpec::Random, &cfg(&rules, "gherinn", "demon", 6, true, v), n).escaped
    };
    let (with_dice, with_cards) = (esc(dice), esc(plain));
    println!("mixed gherinn vs demon: escapes with combat-dice {with_dice}/{n}, with cards {with_cards}/{n}");
    assert!(with_dice > 0 && with_cards == 0, "{with_dice} {with_cards}");
}
