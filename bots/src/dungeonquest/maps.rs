//! The path maps a table of strategic bots shares.
//!
//! Every strategic seat that prices the board with the same [`CostModel`] and carries loot or
//! not sees the same graph and the same distance maps, so one copy serves them all: with four
//! heroes the board changes about four times between one hero's turns, and each change is
//! absorbed once for the table instead of once per seat.
//!
//! What each part of a [`Maps`] (one cost model, one loot state) answers:
//! - the graph ([`Graph`]): what entering each space costs and which of its sides lead on,
//!   as the board shows it (unexplored spaces open, at a price);
//! - the treasure map: from every space, the cheapest cost to the treasure chamber, and walked
//!   from a space ([`DistMap::hops`]) the moves that way: how far the trip in is;
//! - the tower map: the same to the nearest tower: how far home is, from the hero's space and
//!   from the treasure chamber (the way back a trip adds);
//! - [`Maps::back`]: the moves from the treasure chamber to the nearest tower, counted once
//!   per board; [`Maps::back_from`], the treasure space that way starts from.
//!
//! [`TableMaps`] keeps one [`Maps`] per cost model and loot state for the whole table, and the
//! empty board's, where every game starts.
//!
//! Maps are brought up to date lazily. A graph update only notes which spaces changed; a map
//! takes the changes in ([`DistMap::note`], or is computed, after a rebuild) when a seat first
//! prepares it, and is settled only as far as a seat then reads it ([`Maps::settle`]), so a
//! map nobody needs (the treasure map once every hero heads home, or while the planner's lower
//! bound on the trip decides without it, see `Strategic::treasure_pays`) costs nothing, nor
//! does the part of a map nobody reads. Taking several updates in at once gives the same map
//! as taking each in: the settling ends at the fixed point of the graph it is given, whatever
//! spaces it is told to look at first, as long as every changed space is among them.
//!
//! What each cache here and in the path module buys, and the ones removed for not paying
//! their lines, is measured in docs/perf.md ("the DungeonQuest path code simplified").

use crate::dungeonquest::path::{Change, CostModel, DistMap, Exact, Goal, Graph, Spaces, Want};
use dq_engine::board::NO_CELL;
use dq_engine::Cell;

/// Cost models a table may use: index 0 is [`CostModel::BOLD`], 1 [`CostModel::CAREFUL`].
pub const MODELS: [CostModel; 2] = [CostModel::BOLD, CostModel::CAREFUL];

/// Whether a hero's loot changes the board's prices under `model`: if it does not (no extra
/// cost for loaded bridges), loaded and unloaded heroes share the unloaded maps.
#[inline]
fn prices_loot(model: usize, loaded: bool) -> bool {
    loaded && MODELS[model].bridge_loaded != 0
}

/// A distance map and the board changes it has not taken in yet (taken in when a seat
/// prepares it).
#[derive(Debug, Default)]
struct DeferredMap {
    map: DistMap,
    /// Spaces changed since the map was last brought up to date (empty: it is up to date), or
    /// `None` when it must be computed in full.
    behind: Option<Spaces>,
    /// Set only while `behind` is `Some` and empty (the map is up to date; cleared at every
    /// change noted, even one of no spaces, which `sync_now` then finds empty). Why: the
    /// test for an up-to-date map runs at every read of a map, and `behind`'s own test
    /// reads its tag and ORs its four words; this is one byte.
    fresh: bool,
}

/// Copies field by field, so that [`DistMap::clone_from`] leaves the settling's scratch buckets
/// behind instead of building a whole new map to move in.
impl Clone for DeferredMap {
    fn clone(&self) -> Self {
        DeferredMap { map: self.map.clone(), behind: self.behind, fresh: self.fresh }
    }

    fn clone_from(&mut self, source: &Self) {
        self.map.clone_from(&source.map);
        self.behind = source.behind;
        self.fresh = source.fresh;
    }
}

impl DeferredMap {
    /// Notes a change the graph just reported.
    ///
    /// A map read right after the update takes it in with the graph's own record of what the
    /// changed spaces were (see [`DistMap::note`]); one several updates behind works out the
    /// offers of every changed space and its neighbours again. Why no map keeps a record of
    /// its own (`Before` in the path module, as the tower map did: it falls several updates behind
    /// on the way to the treasure): keeping it cost more at every update than it saved at the
    /// reads, once a read of the hero's own space no longer settled the map in full
    /// (docs/perf.md).
    fn note(&mut self, change: &Change) {
        if !matches!(change, Change::None) {
            self.fresh = false;
        }
        match (change, self.behind.as_mut()) {
            (Change::None, _) | (Change::Spaces(_), None) => {}
            (Change::Spaces(s), Some(behind)) => behind.union(s),
            (Change::All, _) => self.behind = None,
        }
    }

    /// Takes the changes of `graph` in (see [`DistMap::note`]); the map is settled where it
    /// is read. The test for a map already up to date (most reads) comes first; the rest is a
    /// call of its own.
    fn sync(&mut self, graph: &Graph, goal: Goal) {
        debug_assert!(!self.fresh || self.behind.is_some_and(|s| s.is_empty()));
        if self.fresh {
            return;
        }
        self.sync_now(graph, goal);
    }

    /// [`DeferredMap::sync`] of a map behind its graph.
    #[inline(never)]
    fn sync_now(&mut self, graph: &Graph, goal: Goal) {
        match &self.behind {
            None => self.map.compute(graph, goal),
            Some(s) if s.is_empty() => {
                self.fresh = true;
                return;
            }
            Some(s) => self.map.note(graph, s),
        }
        self.behind = Some(Spaces::default());
        self.fresh = true;
    }
}

/// The graph and both distance maps for one cost model and one loot state.
#[derive(Debug, Default)]
pub struct Maps {
    graph: Graph,
    treasure: DeferredMap,
    tower: DeferredMap,
    /// Moves from the treasure chamber back to the nearest tower, once asked (forgotten
    /// whenever the graph changes).
    pub back: Option<i64>,
    /// The treasure space the way back last walked started from (any other space: none), kept
    /// across board changes: its walk is walked first next time (see `walk_back` in the
    /// strategic policy).
    pub back_from: Cell,
}

/// Copies field by field: a table starts each game (and a loot state its first use) from a
/// copy, which then overwrites the arrays in place rather than building a whole set of maps,
/// scratch space included, and moving it in.
impl Clone for Maps {
    fn clone(&self) -> Self {
        Maps {
            graph: self.graph.clone(),
            treasure: self.treasure.clone(),
            tower: self.tower.clone(),
            back: self.back,
            back_from: self.back_from,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.graph.clone_from(&source.graph);
        self.treasure.clone_from(&source.treasure);
        self.tower.clone_from(&source.tower);
        self.back = source.back;
        self.back_from = source.back_from;
    }
}

impl Maps {
    /// The graph the maps are computed over.
    #[inline]
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Brings the map to `goal` up to date with the graph, but for the settling, which
    /// [`Maps::settle`] does as far as a reader needs (most often there is nothing to do, see
    /// `DeferredMap::sync`).
    pub fn prepare(&mut self, goal: Goal) {
        match goal {
            Goal::Treasure => self.treasure.sync(&self.graph, goal),
            Goal::Tower => self.tower.sync(&self.graph, goal),
        }
    }

    /// Settles the map to `goal` (prepared this decision) until what `want` reads is right
    /// (see [`DistMap::settle`]): read the map only after this.
    pub fn settle(&mut self, goal: Goal, want: &impl Want) {
        match goal {
            Goal::Treasure => self.treasure.map.settle(&self.graph, want),
            Goal::Tower => self.tower.map.settle(&self.graph, want),
        }
    }

    /// [`Maps::settle`] until the spaces `cells` are exact.
    pub fn settle_at(&mut self, goal: Goal, cells: &[Cell]) {
        self.settle(goal, &Exact(cells));
    }

    /// Prepares the map to `goal` and settles it in full.
    pub fn prepare_all(&mut self, goal: Goal) {
        self.prepare(goal);
        match goal {
            Goal::Treasure => self.treasure.map.settle_all(&self.graph),
            Goal::Tower => self.tower.map.settle_all(&self.graph),
        }
    }

    /// The map to `goal` as last prepared: exact only at the spaces settled since (see
    /// [`Maps::settle`]).
    #[inline]
    pub fn map(&self, goal: Goal) -> &DistMap {
        match goal {
            Goal::Treasure => &self.treasure.map,
            Goal::Tower => &self.tower.map,
        }
    }

    /// Updates the graph from the board and notes the change in both maps (inlined into
    /// [`TableMaps::sync`], its one caller: docs/perf.md).
    #[inline(always)]
    fn update(&mut self, game: &dq_engine::Game<'_>, model: &CostModel, loaded: bool) {
        let change = self.graph.update(game, model, loaded);
        // Most decisions find the board as it was: nothing to note.
        if change == Change::None {
            return;
        }
        self.back = None;
        self.treasure.note(&change);
        self.tower.note(&change);
    }
}

/// The maps of a whole table: one [`Maps`] per cost model and loot state, plus the maps of
/// the empty board per cost model, kept from the first game (every game starts there).
#[derive(Clone, Debug, Default)]
pub struct TableMaps {
    slots: [[Maps; 2]; 2],
    empty: [Option<Maps>; 2],
}

impl TableMaps {
    /// Forgets the board of the previous game (the empty-board maps are kept).
    pub fn new_game(&mut self) {
        for slot in self.slots.iter_mut().flatten() {
            slot.graph.clear();
            slot.treasure.behind = None;
            slot.treasure.fresh = false;
            slot.tower.behind = None;
            slot.tower.fresh = false;
            slot.back = None;
            slot.back_from = NO_CELL;
        }
    }

    /// The maps for cost model `model` (an index into [`MODELS`]) and a hero carrying loot or
    /// not, their graph brought up to date with the board; the maps themselves are brought up
    /// to date by [`Maps::prepare`]. Inlined into the policy's plan, its one caller
    /// (docs/perf.md).
    #[inline(always)]
    pub fn sync(&mut self, game: &dq_engine::Game<'_>, model: usize, loaded: bool) -> &mut Maps {
        let loaded = prices_loot(model, loaded);
        let [unloaded, with_loot] = &mut self.slots[model];
        let (slot, other) = if loaded { (with_loot, unloaded) } else { (unloaded, with_loot) };
        if slot.graph.key().is_none() {
            // Start from whatever is nearest the board: the other loot state's maps this game
            // (the update then reprices bridges only), else the empty board's.
            if other.graph.key().is_some() {
                slot.clone_from(other);
            } else if !loaded && game.tiles_left() > 0 {
                if let Some(e) = &self.empty[model] {
                    slot.clone_from(e);
                }
            }
        }
        slot.update(game, &MODELS[model], loaded);
        slot
    }

    /// The maps for `model` and loot state as last synced.
    #[inline]
    pub fn get(&self, model: usize, loaded: bool) -> &Maps {
        &self.slots[model][usize::from(prices_loot(model, loaded))]
    }

    /// [`TableMaps::get`], to prepare more maps.
    #[inline]
    pub fn get_mut(&mut self, model: usize, loaded: bool) -> &mut Maps {
        &mut self.slots[model][usize::from(prices_loot(model, loaded))]
    }

    /// Keeps the unloaded maps of `model` as the empty board's, if they are that, both maps
    /// brought up to date first (once per table: a seat may not have needed the tower map).
    ///
    /// Asked at every decision, kept once: the test is inlined, the keeping is not.
    #[inline]
    pub fn keep_empty(&mut self, game: &dq_engine::Game<'_>, model: usize) {
        if game.board_epoch() == 0 && self.empty[model].is_none() {
            self.keep_empty_now(model);
        }
    }

    /// [`TableMaps::keep_empty`] once the board is known to be empty and nothing kept yet.
    #[cold]
    fn keep_empty_now(&mut self, model: usize) {
        let slot = &mut self.slots[model][0];
        if slot.graph.key().is_some_and(|k| k.0 == 0 && !k.2) {
            slot.prepare_all(Goal::Treasure);
            slot.prepare_all(Goal::Tower);
            self.empty[model] = Some(slot.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeonquest::random_play::each_board;
    use crate::dungeonquest::spec::BotSpec;
    use crate::dungeonquest::strategic::Strategic;
    use crate::Policy;
    use dq_engine::rng::GameRng;
    use dq_engine::{Game, GameConfig, NoObserver, Rules, Variant};

    /// Maps synced only now and then (several board changes taken in at once), for both
    /// cost models and loot states, equal maps computed afresh.
    #[test]
    fn maps_brought_up_to_date_late_equal_fresh_ones() {
        let rules = Rules::revised();
        let mut table = TableMaps::default();
        let mut late = 0;
        each_board(&rules, 5, 300, |game, i, step| {
            if step == 0 {
                table.new_game();
            }
            // Each (model, loot) slot is looked at on its own rhythm, so it falls behind
            // by a varying number of board changes.
            for (model, loaded) in [(0, false), (0, true), (1, false), (1, true)] {
                let every = 2 + model as u32 * 3 + u32::from(loaded) * 2;
                if !step.is_multiple_of(every) {
                    continue;
                }
                let epoch = table.get(model, loaded).graph().key().map(|k| k.0);
                let m = table.sync(game, model, loaded);
                if epoch.is_some_and(|e| game.board_epoch() > e + 1) {
                    late += 1;
                }
                let mut fresh = Graph::default();
                fresh.build(game, &MODELS[model], loaded);
                assert!(m.graph().same_as(&fresh), "game {i} step {step}: graph");
                for goal in [Goal::Treasure, Goal::Tower] {
                    m.prepare_all(goal);
                    let mut want = DistMap::default();
                    want.compute(&fresh, goal);
                    assert_eq!(
                        m.map(goal).cost,
                        want.cost,
                        "game {i} step {step}: {goal:?} map, model {model}, loaded {loaded}"
                    );
                }
                table.keep_empty(game, model);
            }
        });
        assert!(late > 1000, "only {late} syncs several changes behind");
    }

    /// A table whose seats share maps answers every decision as seats with maps of their own.
    #[test]
    fn shared_maps_give_the_same_decisions_as_own_maps() {
        let rules = Rules::revised();
        let specs = BotSpec::parse_list("greedy,cautious,mixed,greedy").unwrap();
        let mut shared = crate::Players::new(&rules, &specs, crate::MonsterSpec::Random, 4).unwrap();
        let mut own: Vec<Strategic> = specs.iter().map(|&s| Strategic::new(&rules, s)).collect();
        let mut decisions = 0;
        for i in 0..60u64 {
            let mut game =
                Game::new(&rules, &GameConfig::random(4, Variant::default()), 9, i, &mut NoObserver).unwrap();
            shared.new_game();
            own.iter_mut().for_each(Strategic::new_game);
            let (mut r1, mut r2) = (GameRng::from_seed(i), GameRng::from_seed(i));
            while !game.is_over() {
                let choices = game.legal_choices().clone();
                let d = game.pending().unwrap();
                let a = shared.choose(&game, &choices, &mut r1);
                if d.kind != dq_engine::DecisionKind::MonsterCombatCard {
                    let b = own[d.seat as usize].choose(&game, &choices, &mut r2);
                    assert_eq!(a, b, "game {i}: {:?} of seat {}", d.kind, d.seat);
                    decisions += 1;
                } else {
                    r2 = r1.clone();
                }
                game.apply(a, &mut NoObserver).unwrap();
            }
        }
        assert!(decisions > 5000, "only {decisions} decisions compared");
    }
}
