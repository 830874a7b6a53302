use dq_engine::rng::GameRng;
use dq_engine::*;

fn play(rules: &Rules, cfg: &GameConfig, master: u64, index: u64) -> Result<u32, String> {
    let mut g = Game::new(rules, cfg, master, index, &mut NoObserver).map_err(|e| e.to_string())?;
    let mut rng = GameRng::from_seed(index ^ 0xABCD);
    let mut c = Choices::new();
    let mut steps = 0u32;
    while !g.is_over() {
        g.legal(&mut c);
        if c.is_empty() {
            return Err(format!("game {index}: pending {:?} has no legal choice", g.pending()));
        }
        let pick = c[rng.below(c.len() as u32) as usize];
        g.apply(pick, &mut NoObserver).map_err(|e| format!("game {index}: {e}"))?;
        g.check_invariants().map_err(|e| format!("game {index} step {steps}: {e}"))?;
        steps += 1;
        if steps > 100_000 {
            return Err(format!("game {index}: too many steps"));
        }
    }
    Ok(steps)
}

#[test]
fn random_games_smoke() {
    let rules = Rules::revised();
    for n in 1..=4 {
        for v in [
            Variant::default(),
            Variant { solo: n == 1, torchlight: true, death_can_wait: true, late_start: true, ..Variant::default() },
        ] {
            let cfg = GameConfig::random(n, v);
            for i in 0..300 {
                if let Err(e) = play(&rules, &cfg, 1, i) {
                    panic!("n={n} {v:?}: {e}");
                }
            }
        }
    }
}
