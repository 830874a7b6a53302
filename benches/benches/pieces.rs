//! The hot pieces of a game, each timed from a position taken from a real `greedy` game
//! (criterion): `cargo bench -p dq-benches --bench pieces`.
//!
//! - `move_into_unexplored`: a move onto an unexplored space: tile drawn, turned and placed,
//!   the chamber's effects, on to the next decision;
//! - `path_full` / `path_repair`: a bot's graph and treasure-chamber map built from scratch,
//!   and brought up to date after one tile instead;
//! - `combat_round`: the hero's combat card answered, one round resolved;
//! - `dragon_draw`: a dragon card drawn in the treasure chamber.
//!
//! Each bench first checks what its piece did (the tile is on the board, the repaired map
//! equals a fresh one, a round was fought, a dragon card was drawn), so a faster version that
//! does something else fails.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use dq_benches::{first_position, Workload};
use dq_bots::path::{Change, CostModel, DistMap, Goal, Graph};
use dq_engine::{Choice, DecisionKind, Game, NoObserver};
use std::hint::black_box;

/// Answers the pending decision of a copy of `g` and runs to the next one.
fn answered(g: &Game<'static>, c: Choice) -> Game<'static> {
    let mut next = g.clone();
    next.apply(c, &mut NoObserver).expect("a legal answer");
    next
}

fn is_action(g: &Game<'_>) -> bool {
    g.pending().is_some_and(|d| d.kind == DecisionKind::Action)
}

/// The first move of the position onto an unexplored space.
fn unexplored_move(g: &Game<'_>) -> Option<Choice> {
    g.legal_choices().iter().copied().find(|c| matches!(c, Choice::Move(to) if !g.cell_is_explored(*to)))
}

fn pieces(c: &mut Criterion) {
    let mut w = Workload::new("greedy", 1);

    // A move into the unknown, a few turns into a game.
    let pos = first_position(&mut w, |g| is_action(g) && g.round() >= 3 && unexplored_move(g).is_some());
    let mv = unexplored_move(&pos).expect("chosen for it");
    let Choice::Move(to) = mv else { unreachable!() };
    let after = answered(&pos, mv);
    assert!(after.cell_is_explored(to), "the move placed a tile");
    assert!(after.board_epoch() != pos.board_epoch());
    c.bench_function("move_into_unexplored", |b| {
        b.iter_batched_ref(|| pos.clone(), |g| g.apply(mv, &mut NoObserver), BatchSize::SmallInput)
    });

    // Path finding over that position, in full and as a repair after the tile.
    let model = CostModel::BOLD;
    let mut full = Graph::default();
    full.build(&after, &model, false);
    let mut fresh = DistMap::default();
    fresh.compute(&full, Goal::Treasure);
    let mut before = Graph::default();
    before.build(&pos, &model, false);
    let mut old = DistMap::default();
    old.compute(&before, Goal::Treasure);
    let repaired = |graph: &mut Graph, map: &mut DistMap| match graph.update(&after, &model, false) {
        Change::Spaces(changed) => map.repair(graph, &changed),
        other => panic!("one tile is a local change, got {other:?}"),
    };
    let (mut g2, mut m2) = (before.clone(), old.clone());
    repaired(&mut g2, &mut m2);
    assert!(g2.same_as(&full) && m2.cost == fresh.cost, "the repair equals a fresh map");
    c.bench_function("path_full", |b| {
        b.iter(|| {
            let mut g = Graph::default();
            g.build(black_box(&after), &model, false);
            let mut m = DistMap::default();
            m.compute(&g, Goal::Treasure);
            black_box(m.cost[0])
        })
    });
    c.bench_function("path_repair", |b| {
        b.iter_batched_ref(
            || (before.clone(), old.clone()),
            |(g, m)| {
                repaired(g, m);
                black_box(m.cost[0])
            },
            BatchSize::SmallInput,
        )
    });

    // One combat round: the hero's card, then the monster player's, then the round resolved.
    let fight = first_position(&mut w, |g| g.pending().is_some_and(|d| d.kind == DecisionKind::HeroCombatCard));
    let card = fight.legal_choices()[0];
    let (_, _, rounds_before) = fight.combat().expect("in combat");
    let round = |g: &mut Game<'static>| {
        g.apply(card, &mut NoObserver).expect("legal");
        if g.pending().is_some_and(|d| d.kind == DecisionKind::MonsterCombatCard) {
            let m = g.legal_choices()[0];
            g.apply(m, &mut NoObserver).expect("legal");
        }
    };
    let mut next = fight.clone();
    round(&mut next);
    assert!(next.combat().is_none_or(|(_, _, r)| r > rounds_before), "a round was fought");
    c.bench_function("combat_round", |b| b.iter_batched_ref(|| fight.clone(), round, BatchSize::SmallInput));

    // A dragon card drawn in the treasure chamber.
    let chamber = first_position(&mut w, |g| is_action(g) && g.legal_choices().contains(&Choice::DrawDragon));
    let seat = chamber.pending().expect("a decision").seat;
    let drawn = answered(&chamber, Choice::DrawDragon);
    assert_eq!(drawn.hero(seat).stats.dragon_draws, chamber.hero(seat).stats.dragon_draws + 1);
    c.bench_function("dragon_draw", |b| {
        b.iter_batched_ref(|| chamber.clone(), |g| g.apply(Choice::DrawDragon, &mut NoObserver), BatchSize::SmallInput)
    });
}

criterion_group!(benches, pieces);
criterion_main!(benches);
