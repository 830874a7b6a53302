use dq_engine::rng::GameRng;
use dq_engine::trace::Trace;
use dq_engine::*;

#[test]
#[ignore]
fn debug_one() {
    let rules = Rules::revised();
    let n: usize = std::env::var("N").unwrap().parse().unwrap();
    let index: u64 = std::env::var("I").unwrap().parse().unwrap();
    let cfg = GameConfig::random(n, Variant::default());
    let mut t = Trace::default();
    let mut g = Game::new(&rules, &cfg, 1, index, &mut t).unwrap();
    let mut rng = GameRng::from_seed(index ^ 0xABCD);
    let mut c = Choices::new();
    let mut steps = 0;
    while !g.is_over() && steps < 3000 {
        g.legal(&mut c);
        let pick = c[rng.below(c.len() as u32) as usize];
        g.apply(pick, &mut t).unwrap();
        steps += 1;
    }
    let text = t.render(&rules);
    let lines: Vec<&str> = text.lines().collect();
    println!("{}", lines[lines.len().saturating_sub(60)..].join("\n"));
}
