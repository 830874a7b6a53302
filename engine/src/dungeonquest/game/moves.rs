//! Moving: halls and walls, doors and portcullises, placing tiles, and every chamber's effect.

use super::*;
use crate::dungeonquest::board::{dir_between, is_tower, is_treasure, step, Dir, NEIGHBOURS, TREASURE};
use crate::dungeonquest::data::{Attr, RuneWindow, Side, TileKind};

/// Move targets (the treasure chamber has six neighbours).
pub(crate) type Targets = ArrayVec<Cell, 8>;

/// Appends a move answer per target. One push each: `extend` through an iterator adapter
/// cost twice as much for the two or three targets of a move.
#[inline]
pub(crate) fn push_moves(out: &mut Choices, targets: &[Cell]) {
    for &t in targets {
        out.push(Choice::Move(t));
    }
}

/// The bit of direction `d` in [`Game::open_mask`], looked up by the look byte `v` of the
/// neighbour that way: `OPEN_TOWARD[u][d][v]`, `u` being whether tiles remain to be placed.
/// An explored neighbour is open unless its side facing back (`(d + 2) & 3`) is closed; an
/// unexplored one is open while tiles remain. Why a table: one load per side instead of a
/// test, a shift and a select (open_mask is asked for every action and every space the
/// bots' path maps reread).
pub(crate) static OPEN_TOWARD: [[[u8; LOOK_LEN]; 4]; 2] = {
    let mut t = [[[0u8; LOOK_LEN]; 4]; 2];
    let mut u = 0;
    while u < 2 {
        let mut d = 0;
        while d < 4 {
            let mut v = 0;
            while v < LOOK_LEN {
                let ok = if v as u8 & LOOK_EXPLORED != 0 { (!(v as u8) >> ((d + 2) & 3)) & 1 } else { u as u8 };
                t[u][d][v] = ok << d;
                v += 1;
            }
            d += 1;
        }
        u += 1;
    }
    t
};

/// Whether an action from `pos`, a space holding a tile of kind `kind` (if any), can move
/// through every open hall, but into a space another hero holds ([`Game::open_targets`]):
/// not from the treasure chamber (two spaces), a corridor (its entry hall only as a last
/// resort) or a chasm (only the halls on the hero's side), nor in `third` a bridge:
/// "If you stay on the side of the chamber you entered from, on your next turn, you must
/// return to the Dungeon chamber you entered from", so an action there uses only the halls on
/// the hero's side, as in a chasm (the crossing is offered on entering only). One test for the
/// action's listing and [`Game::move_targets`], which take that short way alike.
#[inline(always)]
pub(crate) fn plain_moves(pos: Cell, kind: Option<TileKind>, edition: Edition) -> bool {
    !is_treasure(pos) && !kind.is_some_and(|k| k == TileKind::Corridor || sided(k, edition))
}

/// Whether an action from a chamber of this kind may use only the halls on the hero's side
/// of it: a chasm, and in `third` a bridge (see [`plain_moves`]).
#[inline(always)]
fn sided(kind: TileKind, edition: Edition) -> bool {
    kind == TileKind::Chasm || (edition == Edition::Third && kind == TileKind::Bridge)
}

impl<'r> Game<'r> {
    /// The tile on a space, if any. Read from the rules' tile table (no bounds check: the
    /// board's byte is the tile's index + 1, below 256).
    #[inline]
    pub(crate) fn tile_at(&self, c: Cell) -> Option<&'r crate::dungeonquest::rules::TileDef> {
        let t = self.board[c as usize].tile;
        if t == 0 {
            None
        } else {
            Some(self.rules.tile(t - 1))
        }
    }

    #[inline]
    pub(crate) fn tile_kind(&self, c: Cell) -> Option<TileKind> {
        self.tile_at(c).map(|t| t.kind)
    }

    /// Whether a space holds a chamber (tower, treasure chamber or tile).
    #[inline]
    pub(crate) fn explored(&self, c: Cell) -> bool {
        self.board[c as usize].look & LOOK_EXPLORED != 0
    }

    /// World directions that are closed on a space: its tile's walls turned by the tile's
    /// rotation, plus the outer wall and the inside of the treasure chamber. Doors and
    /// portcullises count as open here (they are tested when crossed). Read from
    /// [`Space::look`], which [`Game::look_of`] works out when the space changes.
    #[inline]
    pub(crate) fn closed(&self, c: Cell) -> u8 {
        self.board[c as usize].look & 0xF
    }

    /// Tile side index (tile orientation) facing world direction `d`.
    #[inline]
    pub(crate) fn local_side(&self, c: Cell, d: Dir) -> usize {
        ((d as u8 + 4 - self.board[c as usize].rot) & 3) as usize
    }

    /// Whether the world side `d` of space `c` holds a door or a portcullis (a tile's; the
    /// printed chambers have none): [`Game::side_at`] is `Door` or `Portcullis`.
    #[inline]
    pub(crate) fn barrier_at(&self, c: Cell, d: Dir) -> bool {
        self.tile_at(c).is_some_and(|t| {
            crate::dungeonquest::board::rotate_mask(t.barriers, self.board[c as usize].rot) & (1 << d as u8) != 0
        })
    }

    /// Whether the hall on world side `d` of space `c` lies on side `part` of a split chamber
    /// (chasm, cave-in, bridge: [`crate::dungeonquest::rules::TileDef::part`]); always, for a chamber that is
    /// not split. The one side rule of movement: a move to a hall of the other side is barred
    /// (chasm) or tested (cave-in, bridge); escapes and retreats keep to the hero's side.
    #[inline]
    pub(crate) fn on_part(&self, c: Cell, d: Dir, part: u8) -> bool {
        self.tile_at(c).is_none_or(|t| t.part[self.local_side(c, d)] == part)
    }

    /// The spaces a hall leads to from `seat`'s chamber on his side of it ([`Game::on_part`]),
    /// each with the cell of the chamber and the hall's side: halls walled at either end left
    /// out, doors and portcullises ignored, unexplored spaces included while tiles remain
    /// ([`Game::link`]). What escapes and retreats choose from.
    #[inline]
    pub(crate) fn halls_out(&self, seat: u8, mut put: impl FnMut(Cell, Dir, Cell)) {
        let h = &self.heroes[seat as usize & (MAX_SEATS - 1)];
        if !h.on_board() {
            return;
        }
        for c in Self::chamber_cells(h.pos) {
            for d in Dir::ALL {
                if !self.on_part(c, d, h.part) {
                    continue;
                }
                if let Some(to) = self.link(c, d) {
                    put(c, d, to);
                }
            }
        }
    }

    /// What is on the world side `d` of an explored space.
    pub(crate) fn side_at(&self, c: Cell, d: Dir) -> Side {
        if let Some(t) = self.tile_at(c) {
            return t.sides[self.local_side(c, d)];
        }
        match step(c, d) {
            None => Side::Wall,
            Some(n) if is_treasure(c) && is_treasure(n) => Side::Wall,
            Some(_) => Side::Hall,
        }
    }

    /// The space reached through the hall on side `d` of explored space `c`, if the hall is
    /// open on both ends (a wall of the neighbour or the outer wall blocks it). Unexplored
    /// spaces can be entered while tiles remain.
    #[inline]
    pub(crate) fn link(&self, c: Cell, d: Dir) -> Option<Cell> {
        if self.closed(c) & (1 << d as u8) != 0 {
            return None;
        }
        let to = NEIGHBOURS[c as usize][d as usize];
        if self.explored(to) {
            if self.closed(to) & (1 << d.opposite() as u8) != 0 {
                return None;
            }
        } else if self.tiles.left == 0 {
            return None;
        }
        Some(to)
    }

    /// The directions [`Game::link`] leads somewhere from explored space `c`, as a mask.
    ///
    /// All four sides are worked out without branches and the closed ones masked off at the
    /// end (an outer-wall side reads any byte: its own bit is closed): the path maps of the
    /// bots ask this of every changed space and each action of the hero's, and a loop over
    /// the open sides with a branch per side cost about three times as much.
    #[inline]
    pub(crate) fn open_mask(&self, c: Cell) -> u8 {
        let own = !self.closed(c) & 0xF;
        if own == 0 {
            return 0;
        }
        let row = &NEIGHBOURS[c as usize];
        // Toward an unexplored space: open while tiles remain to be placed there.
        let t = &OPEN_TOWARD[usize::from(self.tiles.left > 0)];
        let b = &self.board;
        let m = t[0][b[row[0] as usize].look as usize]
            | t[1][b[row[1] as usize].look as usize]
            | t[2][b[row[2] as usize].look as usize]
            | t[3][b[row[3] as usize].look as usize];
        m & own
    }

    /// The cells making up a chamber (two for the treasure chamber). Inlined, as are
    /// `place_tile` and `cap_wounds`: small, and asked in every tile placement or combat round,
    /// where the calls cost more than a copy of their code.
    #[inline]
    pub(crate) fn chamber_cells(c: Cell) -> ArrayVec<Cell, 2> {
        crate::dungeonquest::board::chamber_cells(c)
    }

    /// The direction from the hero's chamber to a neighbouring target. Inlined: every move
    /// asks it (barriers, leave tests), and the call cost about as much as the lookup.
    #[inline]
    pub(crate) fn dir_to(&self, from: Cell, to: Cell) -> Option<(Cell, Dir)> {
        // Without building `chamber_cells`: every move asks this (leave tests, barriers).
        if is_treasure(from) {
            TREASURE.into_iter().find_map(|c| dir_between(c, to).map(|d| (c, d)))
        } else {
            dir_between(from, to).map(|d| (from, d))
        }
    }

    /// Where the active hero may move: `again` for a chamber's "move again", else the action.
    ///
    /// Called for every action and "move again" decision (and again to act on some answers),
    /// so it reads each space's walls once ([`Game::open_mask`]) and the other heroes'
    /// positions once, instead of per direction; targets come out in the same order (chamber
    /// cell, then north, east, south, west).
    ///
    /// Always inlined into its callers (the action's listing above all, once a decision): the
    /// call, with its large frame, cost a good part of what the direct paths below take.
    #[inline(always)]
    pub(crate) fn move_targets(&self, again: bool, out: &mut Targets) {
        out.clear();
        let h = self.cur();
        if !h.on_board() {
            return;
        }
        let pos = h.pos;
        let tile = self.tile_at(pos);
        let treasure = is_treasure(pos);
        let others = self.seats > 1 && !self.variant.hero_vs_hero;
        // Spaces held by other heroes on the board ([`Game::occupied`]: the treasure chamber
        // never counts). Hero vs. Hero: a chamber held by another hero may be entered (to
        // attack him), so none are held. A solo hero has no one to check. (Read before the
        // short way below, which reads them itself: placed after it, the listing measured
        // dearer; docs/perf.md.)
        let held = if others { self.held_by_others() } else { [NO_CELL; MAX_SEATS] };
        // Most calls (an action in an ordinary chamber): every open hall is a target, in
        // direction order, but for one into a space another hero holds. Only the checks below
        // that can strike one out are made, and with no "move again", no second space
        // (treasure chamber) and no corridor or chasm, the held spaces are the only check left. Same
        // targets, same order. (With several heroes this is every action: the general loop
        // below cost ~300 instructions a call.)
        let edition = self.edition;
        if !again && plain_moves(pos, tile.map(|t| t.kind), edition) {
            self.open_targets(pos, |to| out.push(to));
            return;
        }
        // The rest of the calls in a single space but a chasm: a "move again" (a corridor's
        // mostly, a tower's, a web's) or an action in a corridor (~300 instructions a call in
        // the general loop below). Same checks as there, in the same order, with the corridor's
        // entry hall found once as a world direction (`local_side(pos, d) == h.entry` exactly
        // when `d == (h.entry + rot) & 3`; no hall when `h.entry` is 4) instead of per hall.
        if !treasure && tile.is_none_or(|t| !sided(t.kind, edition)) {
            let entry_dir = match tile {
                Some(t) if t.kind == TileKind::Corridor && h.entry < 4 => {
                    ((h.entry + self.board[pos as usize].rot) & 3) as usize
                }
                _ => 4,
            };
            let mut entry_target = None;
            let mut open = self.open_mask(pos);
            let row = &NEIGHBOURS[pos as usize];
            while open != 0 {
                let d = open.trailing_zeros() as usize;
                open &= open - 1;
                let to = row[d & 3];
                if others && held_has(held, to) {
                    continue;
                }
                let canon = if is_treasure(to) { TREASURE[0] } else { to };
                let seen = again && self.turn.entered.contains(canon);
                if d == entry_dir {
                    entry_target = Some((to, seen));
                    continue;
                }
                if !seen {
                    out.push(to);
                }
            }
            // A corridor is left by the hall entered only if every other hall is blocked
            // (Revised CORRIDOR). Rule decision (Revised): that way back may re-enter a chamber
            // entered earlier this turn (it always leads to one after a move), but only while
            // the hero has re-entered none this turn (`TurnFlags::reentered`): without that,
            // two dead-end corridors facing each other would send him to and fro for ever.
            // Not in `third`, whose corridor text forbids entering the same corridor twice.
            if out.is_empty() {
                if let Some((t, seen)) = entry_target {
                    if !seen || !(self.turn.reentered || self.edition == Edition::Third) {
                        out.push(t);
                    }
                }
            }
            return;
        }
        // Left for the general loop: the treasure chamber (two spaces, no tile) and a chasm
        // (only the halls on the hero's side of it); a corridor took a direct path above.
        debug_assert!(treasure != tile.is_some_and(|t| sided(t.kind, edition)));
        // Rule decision: a "move again" never re-enters a chamber already entered this turn.
        // The 2010 rulebook says so for corridors ("cannot enter the same Corridor twice during
        // the same turn"); applying it to every forced move (towers, darkness, webs too) is what
        // guarantees a turn ends: otherwise tower -> dead-end corridor -> tower loops forever.
        let entered = if again { Some(&self.turn.entered) } else { None };
        let cells: &[Cell] = if treasure { &TREASURE } else { core::slice::from_ref(&pos) };
        for &c in cells {
            let mut open = self.open_mask(c);
            while open != 0 {
                let d = Dir::from_u8(open.trailing_zeros() as u8);
                open &= open - 1;
                let to = NEIGHBOURS[c as usize][d as usize];
                let canon = if is_treasure(to) { TREASURE[0] } else { to };
                if (others && held_has(held, to))
                    || (treasure && cell_in(out, to))
                    || entered.is_some_and(|e| e.contains(canon))
                {
                    continue;
                }
                if !self.on_part(c, d, h.part) {
                    continue;
                }
                out.push(to);
            }
        }
    }

    /// The targets of an action in an ordinary chamber ([`plain_moves`]): every open hall
    /// from `pos` in direction order, but for one into a space another hero holds
    /// ([`Game::move_targets`]' first path), each passed to `put`. Apart so that the action's
    /// listing can write its move answers directly instead of through a [`Targets`] list.
    #[inline(always)]
    pub(crate) fn open_targets(&self, pos: Cell, mut put: impl FnMut(Cell)) {
        let others = self.seats > 1 && !self.variant.hero_vs_hero;
        let held = if others { self.held_by_others() } else { [NO_CELL; MAX_SEATS] };
        let mut open = self.open_mask(pos);
        let row = &NEIGHBOURS[pos as usize];
        while open != 0 {
            let d = open.trailing_zeros() as usize;
            open &= open - 1;
            let to = row[d & 3];
            if !(others && held_has(held, to)) {
                put(to);
            }
        }
    }

    /// The spaces the other heroes on the board stand on, by seat ([`NO_CELL`] for the active
    /// hero, heroes off the board and heroes in the treasure chamber, which never counts as
    /// held: see [`Game::occupied`]).
    #[inline]
    fn held_by_others(&self) -> [Cell; MAX_SEATS] {
        let mut held = [NO_CELL; MAX_SEATS];
        for (i, o) in self.seated().iter().enumerate() {
            if i as u8 != self.active.get() && o.on_board() && !is_treasure(o.pos) {
                held[i] = o.pos;
            }
        }
        held
    }

    /// Secret door and teleport targets: any neighbouring space, walls ignored.
    pub(crate) fn special_targets(&self, out: &mut Choices) {
        let h = self.cur();
        if !h.on_board() {
            return;
        }
        for c in Self::chamber_cells(h.pos) {
            for d in Dir::ALL {
                let Some(to) = step(c, d) else { continue };
                if is_treasure(c) && is_treasure(to) {
                    continue;
                }
                if (!self.explored(to) && self.tiles.left == 0) || self.occupied(to, self.active.get()) {
                    continue;
                }
                if !out.contains(&Choice::Move(to)) {
                    out.push(Choice::Move(to));
                }
            }
        }
    }

    pub(crate) fn move_again_choices(&self, out: &mut Choices) {
        let mut t = Targets::new();
        self.move_again_targets(&mut t);
        push_moves(out, &t);
    }

    /// The targets of a chamber's "move again" ([`Game::move_targets`] with `again`), plus, in
    /// a 2010 Spider Web, the hall entered by even when its chamber was entered this turn: taking
    /// it is the retreat, which ends the turn where he is (no chamber is re-entered).
    fn move_again_targets(&self, t: &mut Targets) {
        self.move_targets(true, t);
        let h = self.cur();
        if self.edition == Edition::Third
            && h.on_board()
            && h.entry < 4
            && self.tile_kind(h.pos) == Some(TileKind::SpiderWeb)
        {
            let d = Dir::from_u8((h.entry + self.board[h.pos as usize].rot) & 3);
            if let Some(to) = self.link(h.pos, d).filter(|&to| !self.occupied(to, self.active.get())) {
                if !t.contains(&to) {
                    t.push(to);
                }
            }
        }
    }

    /// The mode of a chamber's "move again": doors and portcullises ignored in Revised (the
    /// Rules Reference says so), not in `third` ([`MoveMode::AGAIN_GATED`]).
    #[inline]
    pub(crate) fn again_mode(&self) -> MoveMode {
        if self.edition == Edition::Third {
            MoveMode::AGAIN_GATED
        } else {
            MoveMode::AGAIN
        }
    }

    /// A chamber makes the hero move again at once.
    pub(crate) fn move_again<O: Observer>(&mut self, obs: &mut O) {
        let mut t = Targets::new();
        self.move_again_targets(&mut t);
        if t.is_empty() {
            return;
        }
        if self.tile_kind(self.cur().pos) == Some(TileKind::ChamberOfDarkness) {
            match self.dark_pick(&t) {
                Some(to) => self.push(Task::Move { to, mode: self.again_mode() }),
                None => self.end_turn_now(obs),
            }
        } else {
            // The answers are these targets (`move_again_choices`): not listed twice.
            let mut c = Choices::new();
            push_moves(&mut c, &t);
            self.ask_with(self.active.get(), DecisionKind::MoveAgain, &c, obs);
        }
    }

    /// The chamber of darkness's die, given the open targets `t` (not empty).
    ///
    /// Revised: blocked halls are rerolled, so the die picks uniformly among the open ones.
    /// `third`: "If the passage you rolled is blocked by a wall, your turn ends and you must
    /// roll again next turn" (`None`). Rule decision: the numbers printed on the 2010 tiles are
    /// unknown, so the die picks uniformly among the chamber's own passages that are open or
    /// walled off (a neighbour's wall, the outer wall); a passage into a space another hero
    /// holds, or (moving again) into a chamber entered this turn, is rerolled.
    pub(crate) fn dark_pick(&mut self, t: &Targets) -> Option<Cell> {
        if self.edition != Edition::Third {
            return Some(t[self.pick(t.len())]);
        }
        let pos = self.cur().pos;
        // The tile's own passages (its walls turned by its rotation; the outer wall is not
        // the tile's), less those open: the ones walled off.
        let own = self
            .tile_at(pos)
            .map_or(0, |tile| !crate::dungeonquest::board::rotate_mask(tile.walls, self.board[pos as usize].rot) & 0xF);
        let walled = (own & !self.open_mask(pos)).count_ones() as usize;
        t.get(self.pick(t.len() + walled)).copied()
    }

    /// 2010 Spider Web: "If you retreat, on your next turn, you must return to the Dungeon
    /// chamber you entered from": the way back through the web's entry hall of a hero who
    /// retreated (marked by `part` 1, which no web otherwise has), if he may take it.
    pub(crate) fn web_retreat_target(&self) -> Option<Cell> {
        let h = self.cur();
        if self.edition != Edition::Third
            || h.part != 1
            || h.entry > 3
            || self.tile_kind(h.pos) != Some(TileKind::SpiderWeb)
        {
            return None;
        }
        let d = Dir::from_u8((h.entry + self.board[h.pos as usize].rot) & 3);
        self.link(h.pos, d).filter(|&to| !self.occupied(to, self.active.get()))
    }

    /// What leaving through a hall demands of the hero first.
    #[inline]
    fn leave_test(&self, to: Cell, mode: MoveMode) -> Option<Leave> {
        if mode.no_leave_test {
            return None;
        }
        let h = self.cur();
        let t = self.tile_at(h.pos)?;
        // Only these chambers test a hero leaving: the hall's side is not needed elsewhere.
        if !matches!(t.kind, TileKind::Bridge | TileKind::CaveIn | TileKind::SpiderWeb) {
            return None;
        }
        let (c, d) = self.dir_to(h.pos, to)?;
        let k = self.local_side(c, d);
        match t.kind {
            TileKind::Bridge if !self.on_part(c, d, h.part) => Some(Leave::Bridge),
            TileKind::CaveIn if !self.on_part(c, d, h.part) => Some(Leave::CaveIn),
            // Starting a turn in the webs, every way out needs a struggle; just after entering,
            // only ways other than the hall entered by.
            // 2010: a hero who retreated goes back through the entry hall without a struggle.
            TileKind::SpiderWeb if self.edition == Edition::Third && h.part == 1 && k as u8 == h.entry => None,
            TileKind::SpiderWeb if !mode.again || k as u8 != h.entry => Some(Leave::Web),
            _ => None,
        }
    }

    /// A move begins: crossing tests, then doors and portcullises, then the new chamber.
    ///
    /// Leaving one of the three chambers with a crossing test goes through `start_move_from`
    /// (out of line): its tests and calls gave `start_move` a frame (three pushes and pops)
    /// that every other move, which only goes on to the barriers, paid for.
    pub(crate) fn start_move<O: Observer>(&mut self, to: Cell, mode: MoveMode, obs: &mut O) {
        let h = self.cur();
        if !h.on_board() {
            return;
        }
        let tested = matches!(self.tile_kind(h.pos), Some(TileKind::Bridge | TileKind::CaveIn | TileKind::SpiderWeb));
        if tested && !mode.no_leave_test {
            self.start_move_from(to, mode, obs);
            return;
        }
        debug_assert!(self.leave_test(to, mode).is_none());
        if self.runs_next() {
            // `start_move` is only the move step's handler: see `Game::runs_next`.
            self.barriers(to, mode, 0, obs);
        } else {
            self.push(Task::Barriers { to, mode, stage: 0 });
        }
    }

    /// `start_move` from a bridge, a cave-in or the webs: the crossing test first, if due.
    #[inline(never)]
    fn start_move_from<O: Observer>(&mut self, to: Cell, mode: MoveMode, obs: &mut O) {
        match self.leave_test(to, mode) {
            Some(Leave::Bridge) => self.push(Task::BridgeDiscard { to }),
            Some(Leave::CaveIn) => {
                self.push(Task::AfterLeaveTest { to, mode, leave: Leave::CaveIn });
                self.begin_test(
                    crate::dungeonquest::data::AttrSel::One(Attr::Agility),
                    crate::dungeonquest::data::TestTag::CaveIn,
                    false,
                    0,
                    obs,
                );
            }
            Some(Leave::Web) => {
                self.push(Task::AfterLeaveTest { to, mode, leave: Leave::Web });
                self.begin_test(
                    crate::dungeonquest::data::AttrSel::One(Attr::Strength),
                    crate::dungeonquest::data::TestTag::Web,
                    false,
                    0,
                    obs,
                );
            }
            // 2010 Spider Web: leaving at once by the hall entered is the retreat, "on your next
            // turn, you must return to the Dungeon chamber you entered from": the turn ends here
            // and `part` 1 marks it (see `web_retreat_target`).
            None if mode.again
                && self.edition == Edition::Third
                && self.tile_kind(self.cur().pos) == Some(TileKind::SpiderWeb) =>
            {
                self.cur_mut().part = 1;
                self.end_turn_now(obs);
            }
            // `start_move` is only the move step's handler: see `Game::runs_next`.
            None if self.runs_next() => self.barriers(to, mode, 0, obs),
            None => self.push(Task::Barriers { to, mode, stage: 0 }),
        }
    }

    pub(crate) fn after_leave_test<O: Observer>(&mut self, to: Cell, mode: MoveMode, leave: Leave, obs: &mut O) {
        if self.test.pass {
            // The after-leave-test step's handler: its last act (see `Game::runs_next`).
            let mode = MoveMode { no_leave_test: true, ..mode };
            if self.runs_next() {
                self.barriers(to, mode, 0, obs);
            } else {
                self.push(Task::Barriers { to, mode, stage: 0 });
            }
            return;
        }
        match leave {
            Leave::Bridge => {
                // Fall: 1d6 wounds, then the catacombs.
                let n = self.roll(1, obs);
                self.wound(self.active.get(), n, DeathCause::Bridge, obs);
                if self.cur().on_board() {
                    self.push(Task::EnterCatacombs);
                }
            }
            Leave::CaveIn | Leave::Web => self.end_turn_now(obs),
        }
    }

    /// The bridge's far hall target, if the hero can cross.
    pub(crate) fn bridge_far_target(&self) -> Option<Cell> {
        let h = self.cur();
        let t = self.tile_at(h.pos)?;
        if t.kind != TileKind::Bridge {
            return None;
        }
        Dir::ALL.into_iter().find_map(|d| {
            let k = self.local_side(h.pos, d);
            if self.on_part(h.pos, d, h.part) || t.sides[k] == Side::Wall {
                return None;
            }
            self.link(h.pos, d).filter(|&to| !self.occupied(to, self.active.get()))
        })
    }

    /// Before crossing a bridge the player may discard loot (each card adds 1 to the roll).
    pub(crate) fn bridge_discard<O: Observer>(&mut self, to: Cell, obs: &mut O) {
        self.scratch.bridge_to = to;
        if self.loot_count(self.active.get()) > 0 {
            self.ask(self.active.get(), DecisionKind::BridgeDiscard, obs);
        } else {
            self.push(Task::BridgeTest { to });
        }
    }

    pub(crate) fn answer_bridge_discard<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        let to = self.scratch.bridge_to;
        match c {
            Choice::Card(card) => {
                self.discard_held(self.active.get(), card, obs);
                self.push(Task::BridgeDiscard { to });
            }
            _ => self.push(Task::BridgeTest { to }),
        }
    }

    pub(crate) fn bridge_test<O: Observer>(&mut self, to: Cell, obs: &mut O) {
        let loot = self.loot_count(self.active.get());
        let mode = MoveMode { no_leave_test: false, ..MoveMode::NORMAL };
        self.push(Task::AfterLeaveTest { to, mode, leave: Leave::Bridge });
        self.begin_test(
            crate::dungeonquest::data::AttrSel::One(Attr::Agility),
            crate::dungeonquest::data::TestTag::Bridge,
            false,
            loot,
            obs,
        );
    }

    /// Doors and portcullises in the hall, in order from the hero's side. Several doors take
    /// one door card; several portcullises one Strength test (Rules Reference "Door",
    /// "Portcullis").
    pub(crate) fn barriers<O: Observer>(&mut self, to: Cell, mode: MoveMode, stage: u8, obs: &mut O) {
        let from = self.cur().pos;
        let Some((c, d)) = self.dir_to(from, to) else { return };
        let ignore = mode.ignore_barriers || self.turn.ignore_barriers;
        // A hall with a door or portcullis on neither end (most) has nothing to stop at.
        let gated = || self.barrier_at(c, d) || (self.explored(to) && self.barrier_at(to, d.opposite()));
        if stage < 2 && !ignore && gated() {
            let near = self.side_at(c, d);
            let far = if self.explored(to) { self.side_at(to, d.opposite()) } else { Side::Hall };
            // A stage with neither a door nor a portcullis goes straight on to the next here:
            // the same as pushing `Barriers { stage: stage + 1 }`, which the task loop would pop
            // at once, without working out the hall's sides again (most halls have neither).
            for stage in stage..2 {
                let barrier = match stage {
                    0 => near,
                    1 if far != near => far,
                    _ => Side::Hall,
                };
                match barrier {
                    Side::Door => {
                        self.turn.door_open = false;
                        self.push(Task::AfterDoor { to, mode, stage });
                        // The door card is drawn at once when the loop would draw it next
                        // (`barriers` is a last act: see `Game::runs_next`).
                        if self.runs_next() {
                            self.draw_and_resolve(Deck::Door, false, obs);
                        } else {
                            self.push(Task::Draw { deck: Deck::Door, redraw_ok: false });
                        }
                        return;
                    }
                    Side::Portcullis => {
                        self.push(Task::AfterPortcullis { to, mode, stage });
                        self.begin_test(
                            crate::dungeonquest::data::AttrSel::One(Attr::Strength),
                            crate::dungeonquest::data::TestTag::Portcullis,
                            false,
                            0,
                            obs,
                        );
                        return;
                    }
                    _ => {}
                }
            }
        }
        // Called only as the last act of the barriers and move steps: see `Game::runs_next`.
        // 2010, "Entering a Bridge with Special Movement": after a "Secret Passage" (a secret
        // door, a teleport) the hero "chooses which side of the chamber to place his Hero
        // figure" (`arrive` asks for a split chamber or a web). Revised enters through the side
        // crossed (its texts give the choice only from the catacombs).
        let via =
            if mode.special && self.edition == Edition::Third { Via::Special } else { Via::Hall(d.opposite() as u8) };
        if self.runs_next() {
            self.enter(to, from, via, obs);
        } else {
            self.push(Task::Enter { to, from, via });
        }
    }

    /// The after-door step's handler (its last act goes on to the next barrier stage at once
    /// when nothing is pending: see `Game::runs_next`).
    pub(crate) fn after_door<O: Observer>(&mut self, to: Cell, mode: MoveMode, stage: u8, obs: &mut O) {
        if self.turn.door_open && self.cur().on_board() {
            if self.runs_next() {
                self.barriers(to, mode, stage + 1, obs);
            } else {
                self.push(Task::Barriers { to, mode, stage: stage + 1 });
            }
        } else {
            // The door stays shut: the hero stays and his turn ends.
            self.truncate_turn();
        }
    }

    /// The after-portcullis step's handler (as `after_door`).
    pub(crate) fn after_portcullis<O: Observer>(&mut self, to: Cell, mode: MoveMode, stage: u8, obs: &mut O) {
        if self.test.pass {
            if self.runs_next() {
                self.barriers(to, mode, stage + 1, obs);
            } else {
                self.push(Task::Barriers { to, mode, stage: stage + 1 });
            }
        } else {
            self.truncate_turn();
        }
    }

    /// Enters a space: draws and places a tile first if it is unexplored.
    ///
    /// Always inlined, as are `arrive` and `set_position` (like `resolve`): every move runs
    /// barriers → enter → (place the tile →) arrive → set_position → resolve → chamber, each a
    /// call of its own with its frame; the compiler's own choice kept them out of line.
    #[inline(always)]
    pub(crate) fn enter<O: Observer>(&mut self, to: Cell, from: Cell, via: Via, obs: &mut O) {
        if !self.cur().in_game() {
            return;
        }
        self.third.came_from[self.active as usize] = from;
        if self.explored(to) {
            self.arrive(to, via, obs);
            return;
        }
        let Some(t) = self.take_tile() else { return };
        self.scratch.tiles = [t, t];
        // `enter` is the last act of the steps that call it (see `Game::runs_next`): when the
        // after-tile rune window asks nothing (it only ever posts a decision, never pushes),
        // the loop would place the tile next, so place it now. Otherwise the placing waits
        // under the decision, as the push before the window would have left it.
        self.offer_runes(RuneWindow::AfterTile, NO_CARD, obs);
        if self.runs_next() {
            self.place_drawn_tile(to, from, via, obs);
        } else {
            self.push(Task::PlaceTile { to, from, via });
        }
    }

    /// Places the drawn tile, entry arrow toward the chamber moved from (or as the player
    /// likes when resurfacing). Always inlined: see `enter`, its caller on every move into
    /// unexplored space.
    #[inline(always)]
    pub(crate) fn place_drawn_tile<O: Observer>(&mut self, to: Cell, from: Cell, via: Via, obs: &mut O) {
        self.scratch.place_to = to;
        match via {
            Via::Catacombs => self.ask(self.active.get(), DecisionKind::TileOrientation, obs),
            _ => {
                let back = Self::back_toward(to, from, via);
                self.place_tile(to, self.scratch.tiles[0], back, obs);
                self.arrive(to, via, obs);
            }
        }
    }

    /// A new tile's entry arrow: toward whichever space of the chamber moved from touches the
    /// new one (the treasure chamber is two spaces), or south if none does.
    ///
    /// Through a hall, that is the hall's side itself: only the barriers step enters through
    /// one, with the side `dir_to(from, to)` leads out of (a cell `c` of the chamber moved
    /// from, `to` its neighbour that way), turned round; and `to`'s neighbour that way is
    /// `c`, the only cell of the chamber next to `to` (`to` lies outside the chamber, and no
    /// cell touches both treasure spaces). Why: the search over the chamber's cells and
    /// `to`'s neighbours cost some twenty instructions at each of the ~7 tiles a solo game
    /// places. `back_toward_matches_the_search` compares the two.
    #[inline(always)]
    fn back_toward(to: Cell, from: Cell, via: Via) -> Dir {
        match via {
            Via::Hall(side) => {
                debug_assert_eq!(Some(Dir::from_u8(side)), Self::back_by_search(to, from));
                Dir::from_u8(side)
            }
            _ => Self::back_by_search(to, from).unwrap_or(Dir::South),
        }
    }

    /// `back_toward`'s plain form: the first cell of the chamber `from` next to `to`.
    #[inline]
    fn back_by_search(to: Cell, from: Cell) -> Option<Dir> {
        Self::chamber_cells(from).into_iter().find_map(|c| dir_between(to, c))
    }

    pub(crate) fn answer_orientation<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        if let Choice::Dir(d) = c {
            let to = self.scratch.place_to;
            self.place_tile(to, self.scratch.tiles[0], d, obs);
            self.arrive(to, Via::Catacombs, obs);
        }
    }

    /// Puts tile `t` on `c` with its entry arrow (bottom side) facing world direction `arrow`.
    #[inline]
    pub(crate) fn place_tile<O: Observer>(&mut self, c: Cell, t: u8, arrow: Dir, obs: &mut O) {
        let rot = (arrow as u8 + 2) & 3;
        self.board[c as usize] = Space { tile: t + 1, rot, flags: 0, look: 0 };
        self.touch(c);
        self.cur_mut().stats.chambers_explored += 1;
        if O::ENABLED {
            obs.event(Event::TilePlaced { cell: c, tile: t, rotation: rot });
        }
    }

    #[inline]
    pub(crate) fn take_tile(&mut self) -> Option<u8> {
        if self.tiles.left == 0 {
            return None;
        }
        let i = self.tiles.left - 1;
        self.tiles.left = i;
        Some(self.tiles.order[i as usize])
    }

    /// Returns a tile to a random place in the stack.
    pub(crate) fn return_tile(&mut self, t: u8) {
        let n = self.tiles.left as usize;
        let at = self.chance.shuffle.get().below(n as u32 + 1) as usize;
        self.tiles.order.copy_within(at..n, at + 1);
        self.tiles.order[at] = t;
        self.tiles.left += 1;
    }

    /// Rune of Transformation: a second tile; the player keeps one.
    pub(crate) fn redraw_tile<O: Observer>(&mut self, obs: &mut O) {
        if let Some(t2) = self.take_tile() {
            self.scratch.tiles[1] = t2;
            self.ask(self.active.get(), DecisionKind::ChooseTile, obs);
        }
    }

    pub(crate) fn answer_choose_tile<O: Observer>(&mut self, c: Choice, _obs: &mut O) {
        if let Choice::Tile(t) = c {
            let other = if self.scratch.tiles[0] == t { self.scratch.tiles[1] } else { self.scratch.tiles[0] };
            self.scratch.tiles = [t, t];
            self.return_tile(other);
        }
    }

    /// The hero stands in the new chamber, then resolves it. Always inlined: see `enter`.
    #[inline(always)]
    pub(crate) fn arrive<O: Observer>(&mut self, to: Cell, via: Via, obs: &mut O) {
        self.set_position(to, via, obs);
        // Not entering through a hall (catacombs, secret door, jump): the player picks the part
        // of a split chamber, or the web side, he stands on.
        let side = !matches!(via, Via::Hall(_))
            && self.tile_at(to).is_some_and(|t| t.is_split() || t.kind == TileKind::SpiderWeb);
        if side {
            self.push(Task::Resolve);
            self.ask(self.active.get(), DecisionKind::ChooseSide, obs);
        } else if self.runs_next() {
            // `arrive` is the last act of the steps (and answers) that call it: see
            // `Game::runs_next`.
            self.resolve(obs);
        } else {
            self.push(Task::Resolve);
        }
    }

    /// Moves the hero's figure (no chamber effect). Always inlined: see `enter`.
    #[inline(always)]
    pub(crate) fn set_position<O: Observer>(&mut self, to: Cell, via: Via, obs: &mut O) {
        let to = if is_treasure(to) { TREASURE[0] } else { to };
        let (part, entry) = match (via, self.tile_at(to)) {
            (Via::Hall(side), Some(t)) => {
                let k = self.local_side(to, Dir::from_u8(side));
                (t.part[k], k as u8)
            }
            _ => (0, 4),
        };
        let seat = self.active.get();
        let h = self.cur_mut();
        let from = h.pos;
        h.pos = to;
        h.part = part;
        h.entry = entry;
        // A chamber entered a second time this turn (see `TurnFlags::reentered`).
        self.turn.reentered |= self.turn.entered.contains(to);
        self.turn.entered.insert(to);
        if self.turn.no_escape_at.is_some_and(|c| c != to) {
            // Out of the chamber a secret door or teleport led to: escapes allowed again.
            self.turn.no_escape_at = None;
        }
        if O::ENABLED {
            obs.event(Event::Moved { seat, from, to });
        }
        if from != to {
            self.left_cell(from, obs);
        }
    }

    pub(crate) fn side_choices(&self, out: &mut Choices) {
        let h = self.cur();
        let Some(t) = self.tile_at(h.pos) else { return };
        if t.kind == TileKind::SpiderWeb {
            for k in 0..4u8 {
                if t.sides[k as usize] != Side::Wall {
                    out.push(Choice::Part(k));
                }
            }
        } else if t.is_split() {
            out.extend([Choice::Part(0), Choice::Part(1)]);
        }
    }

    pub(crate) fn answer_side(&mut self, c: Choice) {
        if let Choice::Part(p) = c {
            let web = self.tile_kind(self.cur().pos) == Some(TileKind::SpiderWeb);
            let h = self.cur_mut();
            if web {
                h.entry = p;
            } else {
                h.part = p;
            }
        }
    }

    /// Entering a chamber: a monster token there is met instead of the chamber's effect.
    /// Always inlined (into `arrive`, which every move ends with, and the resolve step): as a
    /// call of its own it was one more frame in the chain of every move.
    #[inline(always)]
    pub(crate) fn resolve<O: Observer>(&mut self, obs: &mut O) {
        if !self.cur().on_board() {
            return;
        }
        let third = self.edition == Edition::Third;
        if third && self.third_defer(obs) {
            return;
        }
        let pos = self.cur().pos;
        if self.variant.torchlight {
            self.torchlight(pos, obs);
        }
        if third {
            // Hero vs. Hero (2010): moving into another hero's space is an attack, in place of
            // the chamber and any token in it (see `game/third/optional.rs`).
            if let Some(defender) = self.defender_at(pos).filter(|_| self.moved_into(pos)) {
                self.third_pvp_start(defender);
            } else if !self.third_token_here(obs) {
                self.push(Task::Chamber);
            }
        } else if let Some(defender) = self.defender_at(pos) {
            // Hero vs. Hero: the attack replaces the chamber (and a monster token's) encounter.
            self.pvp_start(defender);
        } else if self.board[pos as usize].flags & F_MONSTER != 0 {
            self.push(Task::Encounter { escape: true });
        } else if self.runs_next() {
            // `resolve` is only the resolve step's handler: see `Game::runs_next`.
            self.chamber(obs);
        } else {
            self.push(Task::Chamber);
        }
    }

    /// The chamber effects of the Rules Reference.
    ///
    /// The tower's decision and the rotating chamber are out of line (`tower_ask`,
    /// `rotating_chamber`): inlined, their calls and the tower's listing buffer gave
    /// `chamber` a frame that every chamber entered paid for, where the common arms end in
    /// a tail call.
    pub(crate) fn chamber<O: Observer>(&mut self, obs: &mut O) {
        let pos = self.cur().pos;
        if is_tower(pos) {
            self.tower_ask(obs);
            return;
        }
        if is_treasure(pos) {
            self.push(Task::DragonDraw { draws: 0 });
            return;
        }
        let Some(t) = self.tile_at(pos) else { return };
        // `chamber` is the last act of the steps that call it, and so is each of these: the
        // card draw and the move again run at once when the loop would run them next (see
        // `Game::runs_next`).
        let next = self.runs_next();
        match t.kind {
            TileKind::DungeonRoom | TileKind::CaveIn | TileKind::Chasm if next => {
                self.draw_and_resolve(Deck::Dungeon, true, obs)
            }
            TileKind::DungeonRoom | TileKind::CaveIn | TileKind::Chasm => {
                self.push(Task::Draw { deck: Deck::Dungeon, redraw_ok: true })
            }
            TileKind::TrapChamber if next => self.draw_and_resolve(Deck::Trap, true, obs),
            TileKind::TrapChamber => self.push(Task::Draw { deck: Deck::Trap, redraw_ok: true }),
            TileKind::Corridor | TileKind::ChamberOfDarkness | TileKind::SpiderWeb if next => self.move_again(obs),
            TileKind::Corridor | TileKind::ChamberOfDarkness | TileKind::SpiderWeb => self.push(Task::MoveAgain),
            TileKind::Bridge => self.push(Task::BridgeOffer),
            TileKind::BottomlessPit => {
                self.push(Task::AfterPit);
                self.begin_test(
                    crate::dungeonquest::data::AttrSel::One(Attr::Luck),
                    crate::dungeonquest::data::TestTag::BottomlessPit,
                    false,
                    0,
                    obs,
                );
            }
            TileKind::RotatingChamber => self.rotating_chamber(pos, obs),
        }
    }

    /// A tower entered: where to go on (see `chamber`).
    #[inline(never)]
    fn tower_ask<O: Observer>(&mut self, obs: &mut O) {
        self.ask(self.active.get(), DecisionKind::Tower, obs);
    }

    /// The rotating chamber at `pos` entered (see `chamber`): turned 180° and the turn ends.
    /// Can trap the hero (dead end).
    ///
    /// Revised: on every entry. Its Rules Reference says "Upon Entering: Rotate the chamber
    /// 180° and end your turn", and "Upon Entering" applies "each time a hero enters the
    /// chamber". `third`: on the first entry only (2010 rulebook: it "only ever rotates once;
    /// if a Hero enters the chamber again, it does not rotate"); a later entry does nothing.
    #[inline(never)]
    fn rotating_chamber<O: Observer>(&mut self, pos: Cell, obs: &mut O) {
        if self.edition != Edition::Third || self.board[pos as usize].flags & F_ROTATED == 0 {
            self.board[pos as usize].flags |= F_ROTATED;
            self.rotate_tile(pos, 2, obs);
            self.end_turn_now(obs);
        }
    }

    pub(crate) fn after_pit<O: Observer>(&mut self, obs: &mut O) {
        if self.test.pass {
            self.end_turn_now(obs);
        } else {
            self.kill(self.active.get(), DeathCause::Pit, obs);
        }
    }

    pub(crate) fn rotate_tile<O: Observer>(&mut self, c: Cell, quarter: u8, obs: &mut O) {
        if self.board[c as usize].tile == 0 {
            return;
        }
        let s = &mut self.board[c as usize];
        s.rot = (s.rot + quarter) & 3;
        let rotation = s.rot;
        self.touch(c);
        if O::ENABLED {
            obs.event(Event::TileRotated { cell: c, rotation });
        }
    }

    /// Tower: exit, move again, or move to another free tower and go on from there.
    ///
    /// Edition `third`: the 2010 Tower Room offers only "exit the dungeon" or "you must
    /// immediately move again" (rulebook, "Exiting the Dungeon" and the Tower Room reference);
    /// the move to another tower is the optional Tower Power: "When a Hero enters a Tower Room,
    /// he may move to any other Tower Room. The Hero must then immediately move again to a
    /// space adjacent to the Tower Room." Rule decisions: after that move the hero may not exit
    /// from the tower he arrived in (he must move on); the tower must be free of heroes (2010
    /// heroes do not share spaces); the Revised "no second jump in a turn" holds.
    pub(crate) fn tower_choices(&self, out: &mut Choices) {
        let third = self.edition == Edition::Third;
        if self.can_exit(self.active.get()) && !(third && self.turn.jumped) {
            out.push(Choice::ExitDungeon);
        }
        let mut t = Targets::new();
        self.move_targets(true, &mut t);
        push_moves(out, &t);
        if !self.turn.jumped && (!third || self.variant.tower_power) {
            let pos = self.cur().pos;
            for tw in TOWERS {
                if tw != pos && !self.occupied(tw, self.active.get()) {
                    out.push(Choice::Move(tw));
                }
            }
        }
    }

    /// The answer to [`Game::tower_choices`].
    pub(crate) fn answer_tower(&mut self, c: Choice) {
        match c {
            Choice::ExitDungeon => self.push(Task::ExitNow),
            Choice::Move(to) if is_tower(to) => {
                // Decision: after the jump the hero resolves the new tower again but may not jump
                // a second time this turn (no endless jumping).
                self.turn.jumped = true;
                self.push(Task::Enter { to, from: NO_CELL, via: Via::Special });
            }
            Choice::Move(to) => self.push(Task::Move { to, mode: MoveMode::AGAIN_GATED }),
            _ => {}
        }
    }

    /// Torchlight: a tile beyond every open, door-less hall that leads to an unexplored space.
    pub(crate) fn torchlight<O: Observer>(&mut self, pos: Cell, obs: &mut O) {
        for c in Self::chamber_cells(pos) {
            for d in Dir::ALL {
                let Some(to) = step(c, d) else { continue };
                if self.explored(to) || matches!(self.side_at(c, d), Side::Wall | Side::Door) {
                    continue;
                }
                let Some(t) = self.take_tile() else { return };
                self.place_tile(to, t, d.opposite(), obs);
            }
        }
    }

    /// Adjacent explored chambers an escaping hero may flee to (halls not walled; doors and
    /// portcullises ignored; other heroes allowed, as the 2010 clarification says), on his
    /// side of a split chamber ([`Game::halls_out`]).
    ///
    /// Solo: the moves of an action ([`Game::move_targets`]), but only through halls on his
    /// side. Rule decision: an escape is no ordinary move and makes no crossing test, so a
    /// cave-in's rubble or a bridge is not crossed by it, any more than a chasm (Rules
    /// Reference: CHASM, CAVE-IN, BRIDGE "When Exiting"; `escape_keeps_to_the_heros_side_*`).
    pub(crate) fn escape_targets(&self, out: &mut Choices) {
        let h = self.cur();
        if !h.on_board() {
            return;
        }
        if self.variant.solo {
            let mut t = Targets::new();
            self.move_targets(false, &mut t);
            for to in t {
                if self.dir_to(h.pos, to).is_some_and(|(c, d)| self.on_part(c, d, h.part)) {
                    out.push(Choice::Move(to));
                }
            }
            return;
        }
        self.halls_out(self.active.get(), |_, _, to| {
            if self.explored(to) && !out.contains(&Choice::Move(to)) {
                out.push(Choice::Move(to));
            }
        });
    }

    /// Whether [`Game::escape_targets`] lists any space, found without listing them: the
    /// escape offer after every combat round asks only this, and building the list (a
    /// duplicate test per entry) cost ~110 instructions a round.
    pub(crate) fn has_escape_target(&self) -> bool {
        let h = self.cur();
        if !h.on_board() {
            return false;
        }
        let found = if self.variant.solo {
            let mut t = Targets::new();
            self.move_targets(false, &mut t);
            t.iter().any(|&to| self.dir_to(h.pos, to).is_some_and(|(c, d)| self.on_part(c, d, h.part)))
        } else {
            let mut any = false;
            self.halls_out(self.active.get(), |_, _, to| any |= self.explored(to));
            any
        };
        debug_assert_eq!(found, {
            let mut t = Choices::new();
            self.escape_targets(&mut t);
            !t.is_empty()
        });
        found
    }

    /// Whether the hero may search here: torch icon, no monster token, no search token.
    pub(crate) fn can_search(&self, c: Cell) -> bool {
        if self.edition == Edition::Third {
            return self.third_can_search(c);
        }
        let f = self.board[c as usize].flags;
        self.tile_at(c).is_some_and(|t| t.torch) && f & (F_SEARCHED | F_MONSTER) == 0
    }

    pub(crate) fn has_catacomb_entrance(&self, c: Cell) -> bool {
        self.board[c as usize].flags & F_MARKER != 0 || self.tile_at(c).is_some_and(|t| t.stairs)
    }
}

/// Whether the other heroes' spaces ([`Game::held_by_others`]) include `c`, tested on all
/// four at once as the bytes of one word: a byte of `x` is zero exactly where a space is
/// `c`, and `(x - 0x01..) & !x & 0x80..` is nonzero exactly when some byte of `x` is zero
/// (the lowest zero byte always sets its high bit; bytes above a borrow may set theirs
/// too, but only when some byte is zero). Why: with several heroes every action and move
/// again tests each open hall against the four seats, and the loop over them (a compare
/// and a branch per seat) cost ~13 instructions a hall.
#[inline(always)]
fn held_has(held: [Cell; MAX_SEATS], c: Cell) -> bool {
    const { assert!(MAX_SEATS == 4) };
    let x = u32::from_ne_bytes(held) ^ (u32::from(c) * 0x0101_0101);
    x.wrapping_sub(0x0101_0101) & !x & 0x8080_8080 != 0
}

/// Whether `cells` holds `c`: `<[u8]>::contains` written as a plain loop. The standard one
/// goes through `memchr`'s setup, which costs more than the handful of compares these
/// few-entry lists (the other heroes' spaces, a move's targets) need (clippy's
/// `manual_contains` suggests exactly the call this avoids).
#[allow(clippy::manual_contains)]
#[inline(always)]
fn cell_in(cells: &[Cell], c: Cell) -> bool {
    cells.iter().any(|&x| x == c)
}

#[cfg(test)]
mod open_toward_tests {
    use super::{LOOK_EXPLORED, LOOK_LEN, OPEN_TOWARD};

    /// Every entry of the table against the rule it encodes, written out with branches: an
    /// explored neighbour is open unless its side facing back is closed, an unexplored one
    /// while tiles remain; only direction `d`'s own bit is ever set.
    #[test]
    fn open_toward_matches_the_rule() {
        for (u, per_dir) in OPEN_TOWARD.iter().enumerate() {
            for (d, row) in per_dir.iter().enumerate() {
                for (v, &got) in row.iter().enumerate() {
                    let v = v as u8;
                    let back = (d + 2) % 4;
                    let open = if v & LOOK_EXPLORED != 0 { v & (1 << back) == 0 } else { u == 1 };
                    let want = if open { 1u8 << d } else { 0 };
                    assert_eq!(got, want, "tiles left {u}, direction {d}, look {v:#04x}");
                }
            }
        }
        assert_eq!(OPEN_TOWARD[0][0].len(), LOOK_LEN);
    }
}

#[cfg(test)]
mod held_has_tests {
    use super::{cell_in, held_has};

    /// The word test against the plain scan, for every space asked and seats holding the
    /// bytes around it and at the edges (a borrow between bytes is where the test could go
    /// wrong).
    #[test]
    fn held_has_matches_the_scan() {
        for c in 0..=255u8 {
            let near = [0, 1, 0x7F, 0x80, 0xFE, 0xFF, c.wrapping_sub(1), c, c.wrapping_add(1)];
            for &a in &near {
                for &b in &near {
                    for &x in &near {
                        for &y in &near {
                            let held = [a, b, x, y];
                            assert_eq!(held_has(held, c), cell_in(&held, c), "{held:?} {c}");
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod back_toward_tests {
    use super::*;
    use crate::dungeonquest::board::CELLS;

    /// The entry arrow through a hall (the hall's side, turned round) against the search over
    /// the chamber's cells, for every chamber and every space a hall leads to from it, as
    /// the barriers step finds them (`dir_to`); the other ways in keep the search.
    #[test]
    fn back_toward_matches_the_search() {
        let rules = Rules::revised();
        let g = Game::blank(&rules);
        let mut halls = 0;
        for from in 0..CELLS as Cell {
            for to in 0..CELLS as Cell {
                let Some((_, d)) = g.dir_to(from, to) else { continue };
                if Game::chamber_cells(from).contains(&to) {
                    continue;
                }
                let via = Via::Hall(d.opposite() as u8);
                let want = Game::back_by_search(to, from).unwrap_or(Dir::South);
                assert_eq!(Game::back_toward(to, from, via), want, "from {from} to {to}");
                halls += 1;
            }
            for via in [Via::Special, Via::Catacombs] {
                let to = from;
                let want = Game::back_by_search(to, NO_CELL).unwrap_or(Dir::South);
                assert_eq!(Game::back_toward(to, NO_CELL, via), want);
            }
        }
        assert!(halls > 4 * CELLS / 2, "too few halls tried: {halls}");
    }
}
