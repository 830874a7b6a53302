mod common;
use common::*;
use dq_engine::*;

#[test]
fn harness_sets_up_a_solo_game() {
    let (g, _t) = game(&["gherinn"], &[]);
    assert_eq!(g.seats(), 1);
    assert_eq!(g.round(), 1);
    assert_eq!(g.sun(), 1);
    expect(&g, 0, DecisionKind::Action);
    let h = g.hero(0);
    assert!(TOWERS.contains(&h.pos));
    assert_eq!(h.runes.len(), 1);
    assert_eq!(rules().heroes[h.hero as usize].id, "gherinn");
}
