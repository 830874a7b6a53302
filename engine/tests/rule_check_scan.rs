use dq_engine::rng::GameRng;
use dq_engine::*;
use std::collections::BTreeMap;

fn play(rules: &Rules, cfg: &GameConfig, master: u64, index: u64) -> Vec<Violation> {
    let mut chk = RuleCheck::new(rules, cfg.variant);
    let mut g = Game::new(rules, cfg, master, index, &mut chk).unwrap();
    chk.check_after(&g);
    let mut rng = GameRng::new(master, index, rng::Stream::Bot);
    let mut choices = Choices::new();
    while !g.is_over() {
        g.legal(&mut choices);
        let c = choices[rng.below(choices.len() as u32) as usize];
        g.apply(c, &mut chk).unwrap();
        chk.check_after(&g);
    }
    chk.take_violations()
}

#[test]
#[ignore]
fn scan() {
    for third in [false, true] {
        let rules = if third { Rules::third() } else { Rules::revised() };
        let tables = dq_engine::rule_check::rules_alone_and_in_pairs(&rules);
        let mut cfgs = Vec::new();
        for n in 1..=4usize {
            for v in &tables {
                if v.solo && n > 1 { continue; }
                cfgs.push(GameConfig::random(n, *v));
            }
        }
        let per: u64 = std::env::var("PER").ok().and_then(|s| s.parse().ok()).unwrap_or(5);
        let mut by: BTreeMap<Invariant, (usize, String)> = BTreeMap::new();
        let mut games = 0;
        let mut shapes: BTreeMap<String, usize> = BTreeMap::new();
        for (k, cfg) in cfgs.iter().enumerate() {
            for j in 0..per {
                let i = k as u64 * per + j;
                games += 1;
                for v in play(&rules, cfg, 77, i) {
                    let shape: String = v.message.chars().map(|c| if c.is_ascii_digit() { '#' } else { c }).collect();
                    *shapes.entry(format!("{:?}: {shape}", v.invariant)).or_insert(0usize) += 1;
                    let e = by.entry(v.invariant).or_insert((0, String::new()));
                    if e.0 < 3 { e.1 += &format!("\n    game {i} n={} rules={}: {v}", cfg.heroes.len(), cfg.variant.label()); }
                    e.0 += 1;
                }
            }
        }
        println!("== {} : {} configs, {games} games", rules.edition, cfgs.len());
        for (k, n) in &shapes { println!("  shape {n:6} {k}"); }
        for (k, (n, ex)) in by { println!("  {k:?}: {n}{ex}"); }
    }
}

/// Both observers at once.
struct Both<'a, 'r>(&'a mut RuleCheck<'r>, &'a mut dq_engine::trace::Trace);
impl Observer for Both<'_, '_> {
    fn event(&mut self, e: Event) {
        self.1.event(e);
        let before = self.0.violations().len();
        self.0.event(e);
        if self.0.violations().len() > before {
            self.1.events.push(Event::LateStart { roll: 99 });
        }
    }
}

#[test]
#[ignore]
fn show() {
    let third = std::env::var("ED").map(|s| s == "third").unwrap_or(false);
    let rules = if third { Rules::third() } else { Rules::revised() };
    let n: usize = std::env::var("N").unwrap().parse().unwrap();
    let i: u64 = std::env::var("G").unwrap().parse().unwrap();
    let v = Variant::from_label(&std::env::var("R").unwrap_or_default()).unwrap();
    let cfg = GameConfig::random(n, v);
    let master: u64 = std::env::var("M").map(|s| s.parse().unwrap()).unwrap_or(77);
    let mut chk = RuleCheck::new(&rules, cfg.variant);
    let mut tr = dq_engine::trace::Trace::default();
    let mut g = Game::new(&rules, &cfg, master, i, &mut Both(&mut chk, &mut tr)).unwrap();
    chk.check_after(&g);
    let mut rng = GameRng::new(master, i, rng::Stream::Bot);
    let mut choices = Choices::new();
    while !g.is_over() {
        g.legal(&mut choices);
        let c = choices[rng.below(choices.len() as u32) as usize];
        g.apply(c, &mut Both(&mut chk, &mut tr)).unwrap();
        let before = chk.violations().len();
        chk.check_after(&g);
        if chk.violations().len() > before { tr.events.push(Event::LateStart { roll: 98 }); }
    }
    println!("{}", tr.render(&rules));
    for v in chk.violations() { println!("{v}"); }
}
