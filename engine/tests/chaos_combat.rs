//! The Dungeon of Chaos: a combat allocates nothing once set up (the engine rule), played out
//! from the public API with the seeded dice.

use dq_engine::dungeon_of_chaos::combat::{Combat, HeroSetup, Step};
use dq_engine::dungeon_of_chaos::ChaosRules;
use dq_engine::rng::GameRng;
#[path = "support/counting_alloc.rs"]
mod counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;

#[test]
fn chaos_combats_allocate_nothing() {
    let rules = ChaosRules::standard();
    let foes =
        [rules.monster("Frail Goblin").unwrap(), rules.monster("Young Qyzox").unwrap(), rules.monster("Lich").unwrap()];
    let heroes: Vec<HeroSetup> = (0..rules.characters.len() as u8).map(|c| HeroSetup::character(&rules, c)).collect();
    let mut rng = GameRng::from_seed(27);
    let (ended, allocations) = counting_alloc::measure(|| {
        let mut ended = 0;
        for h in &heroes {
            for n in 1..=foes.len() {
                let mut c = Combat::new(&rules, h, &foes[..n]);
                let mut step = c.start(&rules, &mut rng, &mut |_| {});
                while !matches!(step, Step::Over(_)) {
                    step = if step == Step::TurnLost {
                        c.resume(&rules, &mut rng, &mut |_| {})
                    } else {
                        let legal = c.legal();
                        let a = legal[rng.below(legal.len() as u32) as usize];
                        c.answer(&rules, &mut rng, a, &mut |_| {}).unwrap()
                    };
                }
                ended += 1;
            }
        }
        ended
    });
    assert_eq!(ended, heroes.len() * foes.len());
    assert_eq!(allocations, 0);
}
