//! The table: room cards laid on a grid of spaces, their doorways turned with the card, and
//! the questions building, moving and shooting ask of it.
//!
//! A space is one room card (the rulebook's "8 spaces (20")" make a space 2.5", a card's
//! short side); a card covers one space whichever way it is turned, and its orientation only
//! turns its doorways (docs/rulings.md). `x` runs along the players' edge, `y` away from it;
//! the entrances stand on row 0 facing North.

use crate::dealing_dungeons::data::Side;
use arrayvec::ArrayVec;

/// Rooms the table holds, every dungeon together: the most any mode lays. Standard: four
/// dungeons of an entrance, 10 Dungeon Room cards and a Treasure Room (48); Solo Hard: one
/// entrance and four levels of 10 cards and a Treasure Room (45); Solo Moderate's long
/// dungeon: 17. Each game splits it into equal shares, one a dungeon ([`Dungeons::reset`]).
pub const ROOM_POOL: usize = 48;
/// Most rooms of one dungeon (a one-seat game may use the whole pool).
pub const MAX_ROOMS: usize = ROOM_POOL;
/// Most dungeons on the table.
pub const MAX_DUNGEONS: usize = 4;
const _: () = assert!(MAX_ROOMS <= 64, "moves keep a u64 of rooms seen");
/// Most spaces of the table (its width times its depth), each a byte of [`Dungeons`]' grid.
pub const TABLE_SPACES: usize = 1024;
const _: () = assert!(MAX_DUNGEONS * 64 <= 256, "a grid byte holds a seat and a room");

/// What card a room is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoomCard {
    Entrance,
    Treasure,
    /// A Dungeon Room card kind (index into the rules' rooms).
    Deck(u8),
}

/// An Encounter card standing on a room until defeated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The Encounter card kind.
    pub card: u8,
    /// Its lives left.
    pub lives: u8,
}

/// A laid room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    pub card: RoomCard,
    pub x: i8,
    pub y: i8,
    /// Doorways by world side ([`Side::bit`]), the card's turned, Secret Door tokens added.
    pub doors: u8,
    /// Secret Door tokens placed here (also in `doors`).
    pub secret: u8,
    /// Blocked Door tokens: doorways facing another dungeon.
    pub blocked: u8,
    /// Sides facing an empty space on the table (kept up to date as cards are laid).
    pub open: u8,
    /// By side, the room of the same dungeon connected through a doorway on both cards
    /// ([`NO_LINK`]: none).
    pub links: [u8; 4],
    /// The room it was built from (itself for the entrance): the way back.
    pub parent: u8,
    pub monster: Option<Standing>,
    /// A monster here was shot from afar: its Loot card waits for the hero to come.
    pub loot_waiting: bool,
    /// Reset (Solo Moderate's way out, a replacement hero): the room is met again, an
    /// Encounter card (or, for a Treasure Room, an End Boss) drawn when the hero enters.
    pub fresh: bool,
    /// The level of a Solo Hard dungeon it belongs to (0 to 3; 0 in every other mode).
    pub level: u8,
}

/// One seat's dungeon: its rooms in the order they were laid (0 is the entrance).
pub type Dungeon = [Room];

/// Every dungeon's rooms in one fixed pool, split into equal shares sized from the mode: a
/// four-seat game and Solo Hard's four stacked levels both fit without a per-seat array
/// sized for the worst of both. Indexing by seat gives that seat's [`Dungeon`].
#[derive(Clone)]
pub struct Dungeons {
    rooms: [Room; ROOM_POOL],
    len: [u8; MAX_DUNGEONS],
    /// Where each dungeon's share starts in the pool (0, and `len` 0, past the count): read at
    /// every index, so kept rather than worked out (docs/perf.md).
    start: [u8; MAX_DUNGEONS],
    /// Rooms each dungeon may hold.
    share: u8,
    count: u8,
    /// The table's width, the row length of `grid`.
    width: u8,
    /// By space (`y * width + x`), the room laid there: `seat * 64 + room + 1`, 0 for none.
    /// A room's place is fixed once laid. Building asks what lies beside a space, and this
    /// answers without a scan of every room (docs/perf.md).
    grid: [u8; TABLE_SPACES],
}

impl Dungeons {
    /// No dungeon.
    pub const fn new() -> Dungeons {
        Dungeons {
            rooms: [Room::new(RoomCard::Entrance, 0, 0, 0, 0); ROOM_POOL],
            len: [0; MAX_DUNGEONS],
            start: [0; MAX_DUNGEONS],
            share: 0,
            count: 0,
            width: 0,
            grid: [0; TABLE_SPACES],
        }
    }

    /// `count` empty dungeons of `share` rooms each (the caller checked they fit the pool).
    /// The grid is cleared only where the rooms laid before lie, not written whole.
    pub fn reset(&mut self, count: usize, share: usize) {
        for seat in 0..self.count as usize {
            self.truncate(seat, 0);
        }
        let count = count.min(MAX_DUNGEONS);
        self.count = count as u8;
        self.share = share.min(ROOM_POOL / count.max(1)) as u8;
        self.len = [0; MAX_DUNGEONS];
        self.start = std::array::from_fn(|seat| if seat < count { (seat * self.share as usize) as u8 } else { 0 });
    }

    /// How many dungeons there are.
    pub fn count(&self) -> usize {
        self.count as usize
    }

    /// Rooms a dungeon may hold.
    pub fn share(&self) -> usize {
        self.share as usize
    }

    /// A dungeon's rooms in the pool (none for a seat past the count).
    #[inline]
    fn range(&self, seat: usize) -> std::ops::Range<usize> {
        match (self.start.get(seat), self.len.get(seat)) {
            (Some(&start), Some(&len)) => start as usize..start as usize + len as usize,
            _ => 0..0,
        }
    }

    /// The grid's cell of (x, y) on a table `width` wide (`None` off it or past the grid).
    #[inline]
    fn cell(width: u8, x: i8, y: i8) -> Option<usize> {
        let i = (y as usize).wrapping_mul(width as usize).wrapping_add(x as usize);
        (x >= 0 && y >= 0 && (x as u8) < width && i < TABLE_SPACES).then_some(i)
    }

    /// The dungeon and room on a space of the grid.
    #[inline]
    pub fn at(&self, x: i8, y: i8) -> Option<(u8, u8)> {
        let v = *self.grid.get(Self::cell(self.width, x, y)?)?;
        (v != 0).then(|| ((v - 1) / 64, (v - 1) % 64))
    }

    /// Adds a room to a dungeon on a table `width` wide; false when its share is full.
    fn push(&mut self, seat: usize, room: Room, width: u8) -> bool {
        let r = self.range(seat);
        if seat >= self.count as usize || r.len() >= self.share as usize {
            return false;
        }
        self.width = width;
        if let Some(i) = Self::cell(width, room.x, room.y) {
            self.grid[i] = (seat * 64 + r.len() + 1) as u8;
        }
        self.rooms[r.end] = room;
        self.len[seat] += 1;
        true
    }

    /// Takes a dungeon back to its first `n` rooms.
    pub fn truncate(&mut self, seat: usize, n: usize) {
        if seat < self.count as usize {
            let r = self.range(seat);
            for k in r.start + n.min(r.len())..r.end {
                let room = self.rooms[k];
                if let Some(i) = Self::cell(self.width, room.x, room.y) {
                    self.grid[i] = 0;
                }
            }
            self.len[seat] = self.len[seat].min(n as u8);
        }
    }
}

impl Default for Dungeons {
    fn default() -> Dungeons {
        Dungeons::new()
    }
}

impl std::ops::Index<usize> for Dungeons {
    type Output = [Room];
    #[inline]
    fn index(&self, seat: usize) -> &[Room] {
        &self.rooms[self.range(seat)]
    }
}

impl std::ops::IndexMut<usize> for Dungeons {
    #[inline]
    fn index_mut(&mut self, seat: usize) -> &mut [Room] {
        let r = self.range(seat);
        &mut self.rooms[r]
    }
}

impl std::fmt::Debug for Dungeons {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries((0..self.count()).map(|s| &self[s])).finish()
    }
}

/// No connected room on that side.
pub const NO_LINK: u8 = u8::MAX;

impl Room {
    /// A card about to be laid at (x, y) with doorways `doors` (world sides); [`lay`] fills
    /// in what depends on its neighbours.
    pub const fn new(card: RoomCard, x: i8, y: i8, doors: u8, parent: u8) -> Room {
        Room {
            card,
            x,
            y,
            doors,
            secret: 0,
            blocked: 0,
            open: 0,
            links: [NO_LINK; 4],
            parent,
            monster: None,
            loot_waiting: false,
            fresh: false,
            level: 0,
        }
    }
}

/// A doorway of another dungeon that a new card blocked: (seat, room, side).
pub type BlockedDoor = (u8, u8, Side);

/// Lays `room` in `seat`'s dungeon on a `width` × `depth` table, keeping every room's open
/// sides and links up to date: its doorways facing an own room's doorway connect, those facing
/// another dungeon's card get Blocked Door tokens (and so do that card's doorways facing it).
/// Returns the other dungeons' newly blocked doorways. The caller checks the space is free.
pub fn lay(dungeons: &mut Dungeons, width: i8, depth: i8, seat: u8, mut room: Room) -> ArrayVec<BlockedDoor, 4> {
    let mut others = ArrayVec::new();
    let new = dungeons[seat as usize].len() as u8;
    if new as usize >= dungeons.share() {
        // Never met: the configuration check sizes the shares for every card dealt.
        return others;
    }
    let (x, y) = (room.x, room.y);
    room.open = 0;
    for side in Side::ALL {
        let (dx, dy) = step(side);
        let (nx, ny) = (x + dx, y + dy);
        if !(0..width).contains(&nx) || !(0..depth).contains(&ny) {
            continue;
        }
        let Some((s, k)) = dungeons.at(nx, ny) else {
            room.open |= side.bit();
            continue;
        };
        // `r` is beside the new card, on its `side`; `back` is r's side facing it.
        let back = opposite(side);
        let r = &mut dungeons[s as usize][k as usize];
        r.open &= !back.bit();
        let both = r.doors & back.bit() != 0 && room.doors & side.bit() != 0;
        if s == seat {
            if both {
                r.links[back as usize] = new;
                room.links[side as usize] = k;
            }
        } else {
            if r.doors & back.bit() != 0 && r.blocked & back.bit() == 0 {
                r.blocked |= back.bit();
                others.push((s, k, back));
            }
            room.blocked |= room.doors & side.bit();
        }
    }
    // Reported by dungeon and room, as a scan of the rooms would meet them.
    others.sort_unstable_by_key(|&(s, k, _)| (s, k));
    dungeons.push(seat as usize, room, width as u8);
    others
}

/// The grid step of a side.
pub fn step(side: Side) -> (i8, i8) {
    match side {
        Side::North => (0, 1),
        Side::East => (1, 0),
        Side::South => (0, -1),
        Side::West => (-1, 0),
    }
}

/// The side facing `side`.
pub fn opposite(side: Side) -> Side {
    Side::ALL[(side as usize + 2) & 3]
}

/// A doorway mask turned `turns` quarter turns clockwise (North becomes East).
pub fn turn(mask: u8, turns: u8) -> u8 {
    let t = turns & 3;
    ((mask << t) | (mask >> ((4 - t) & 3))) & 0xF
}

/// Where a dungeon may go: the table size and every dungeon's cards.
pub struct Table<'a> {
    pub width: i8,
    pub depth: i8,
    pub dungeons: &'a Dungeons,
}

/// What building off a doorway meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beyond {
    /// An empty space on the table: a card can go there.
    Free,
    /// Off the table edge.
    Edge,
    /// A laid card (any dungeon's).
    Taken,
}

impl Table<'_> {
    /// Whether (x, y) is on the table.
    pub fn on_table(&self, x: i8, y: i8) -> bool {
        (0..self.width).contains(&x) && (0..self.depth).contains(&y)
    }

    /// The dungeon and room on a space.
    pub fn at(&self, x: i8, y: i8) -> Option<(u8, u8)> {
        if !self.on_table(x, y) {
            return None;
        }
        self.dungeons.at(x, y)
    }

    /// What lies beyond `side` of seat `seat`'s room `room`.
    pub fn beyond(&self, seat: u8, room: u8, side: Side) -> Beyond {
        let r = &self.dungeons[seat as usize][room as usize];
        let (dx, dy) = step(side);
        if r.open & side.bit() != 0 {
            Beyond::Free
        } else if !self.on_table(r.x + dx, r.y + dy) {
            Beyond::Edge
        } else {
            Beyond::Taken
        }
    }

    /// The own room through `side`'s doorway of `room`, when both cards have a doorway there
    /// (a connection). Other dungeons are never connected.
    #[inline]
    pub fn through(&self, seat: u8, room: u8, side: Side) -> Option<u8> {
        let k = self.dungeons[seat as usize][room as usize].links[side as usize];
        (k != NO_LINK).then_some(k)
    }

    /// The doorways of `room` a card can be built off (an empty space on the table beyond),
    /// and whether any doorway leads off the table edge.
    pub fn build_sides(&self, seat: u8, room: u8) -> (ArrayVec<Side, 4>, bool) {
        let r = &self.dungeons[seat as usize][room as usize];
        // `open` is kept as cards are laid: a doorway onto it is Free, any other is Taken or
        // off the Edge (read from the bits, not side by side through `beyond`: docs/perf.md).
        let (free_mask, shut) = (r.doors & r.open, r.doors & !r.open);
        let mut free = ArrayVec::new();
        let mut edge = false;
        for side in Side::ALL {
            if free_mask & side.bit() != 0 {
                free.push(side);
            } else if shut & side.bit() != 0 {
                let (dx, dy) = step(side);
                edge |= !self.on_table(r.x + dx, r.y + dy);
            }
        }
        (free, edge)
    }

    /// The distinct turns of a card with doorways `mask` that put a doorway on `side` (facing
    /// the room it is built from).
    pub fn turns_facing(mask: u8, side: Side) -> ArrayVec<(u8, u8), 4> {
        let mut out: ArrayVec<(u8, u8), 4> = ArrayVec::new();
        for t in 0..4 {
            let m = turn(mask, t);
            if m & side.bit() != 0 && !out.iter().any(|&(_, o)| o == m) {
                out.push((t, m));
            }
        }
        out
    }

    /// Rooms the hero in `from` may move to, nearest first, each handed to `each` with the
    /// room he enters it by: through connected cleared rooms; a room with an undefeated
    /// monster, or a reset one still to be met, ends the move there. A Treasure Room is
    /// entered only while reset. Handed out, not returned: the Action's legal list takes them
    /// as they are found (docs/perf.md).
    #[inline]
    pub fn moves(&self, seat: u8, from: u8, mut each: impl FnMut(u8, u8)) {
        let d = &self.dungeons[seat as usize];
        if from as usize >= d.len() {
            return;
        }
        // Rooms found, in order: a ring over a power of two (never more than `MAX_ROOMS`).
        let mut queue = [0u8; 64];
        let (mut head, mut tail) = (0usize, 0usize);
        let mut seen = 1u64 << from;
        let mut r = from;
        loop {
            let room = &d[r as usize];
            // Stopped by a monster: no passing on (the start room is the hero's own).
            if r == from || (room.monster.is_none() && !room.fresh) {
                for k in room.links {
                    if k == NO_LINK || seen & (1 << (k & 63)) != 0 {
                        continue;
                    }
                    let Some(next) = d.get(k as usize) else { continue };
                    if next.card != RoomCard::Treasure || next.fresh {
                        seen |= 1 << (k & 63);
                        queue[tail & 63] = k;
                        tail += 1;
                        each(k, r);
                    }
                }
            }
            if head == tail {
                break;
            }
            r = queue[head & 63];
            head += 1;
        }
    }

    /// The monster rooms a hero in `from` can shoot with `reach`: in a straight line through
    /// connected doorways, the first monster met on each side (monsters block the line), at
    /// 1 to `reach` spaces; a reset room ends the line. Returns (room, distance).
    pub fn targets(&self, seat: u8, from: u8, reach: u8) -> ArrayVec<(u8, u8), 4> {
        let d = &self.dungeons[seat as usize];
        let mut out = ArrayVec::new();
        for side in Side::ALL {
            let mut at = from;
            for dist in 1..=reach {
                let Some(k) = self.through(seat, at, side) else { break };
                // No shot into a Treasure Room, nor past a reset room (nothing met there yet).
                if d[k as usize].card == RoomCard::Treasure || d[k as usize].fresh {
                    break;
                }
                if d[k as usize].monster.is_some() {
                    out.push((k, dist));
                    break;
                }
                at = k;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dealing_turning_a_card_turns_its_doorways_clockwise() {
        let n = Side::North.bit();
        assert_eq!(turn(n, 1), Side::East.bit());
        assert_eq!(turn(n, 2), Side::South.bit());
        assert_eq!(turn(n, 3), Side::West.bit());
        assert_eq!(turn(Side::West.bit(), 1), n);
        let bend = Side::North.bit() | Side::East.bit();
        assert_eq!(Table::turns_facing(bend, Side::South).len(), 2);
        let hall = Side::North.bit() | Side::South.bit();
        assert_eq!(Table::turns_facing(hall, Side::South).len(), 1, "a turned hall is the same card");
    }
}
