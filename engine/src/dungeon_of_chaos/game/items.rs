//! What a character carries and leads (§9, §13, §14, §16): items held and equipped, tools that
//! break, chests left on tiles, scrolls read and potions identified, curses held, companions
//! and mounts with their shares of the gold, trading between characters, treasure redeemed.

use super::board::ChestLeft;
use super::cards::Aftermath;
use super::{needs_equipping, Ask, ChaosChoice, ChaosChoices, ChaosEvent, ChaosGame, Companion, DeckId, Hero};
use crate::core::Observer;
use crate::dungeon_of_chaos::combat::{loot_share, HandCard};
use crate::dungeon_of_chaos::data::{Ailment, Feature, ItemType};
use crate::dungeon_of_chaos::death::Source;
use crate::dungeon_of_chaos::rules::ChaosRules;

/// Coins handed over at once besides "all of them" (a trade's step, keeping answers few).
pub const GIVE_STEP: u32 = 100;

impl Hero {
    /// Takes item `id`, equipped if nothing of its type is (a cursed item always: §13, it
    /// must stay equipped, taking the place of an uncursed one); `false` if his hands are full.
    pub fn hold(&mut self, rules: &ChaosRules, id: u8) -> bool {
        let slot = self.items.len();
        if self.items.try_push(id).is_err() {
            return false;
        }
        let it = &rules.items[id as usize];
        if needs_equipping(it.kind) {
            let same = self.same_type_worn(rules, it.kind);
            if it.cursed {
                // Uncursed items of the type come off.
                for i in 0..slot {
                    if self.worn & (1 << i) != 0
                        && rules.items[self.items[i] as usize].kind == it.kind
                        && !rules.items[self.items[i] as usize].cursed
                    {
                        self.worn &= !(1 << i);
                    }
                }
                self.worn |= 1 << slot;
            } else if same.is_none() {
                self.worn |= 1 << slot;
            }
        }
        true
    }

    /// The slot of an equipped item of type `kind`.
    fn same_type_worn(&self, rules: &ChaosRules, kind: ItemType) -> Option<usize> {
        (0..self.items.len()).find(|&i| self.worn & (1 << i) != 0 && rules.items[self.items[i] as usize].kind == kind)
    }

    /// Takes the item out of slot `i` (the equipped marks of the later slots move down).
    pub fn take_item(&mut self, i: usize) -> u8 {
        let low = self.worn & ((1 << i) - 1);
        let high = (self.worn >> (i + 1)) << i;
        self.worn = low | high;
        self.items.remove(i)
    }

    /// Whether he may equip the item in slot `i` now (§13: one of each equipped type, and a
    /// cursed one never comes off).
    fn may_equip(&self, rules: &ChaosRules, i: usize) -> bool {
        let it = &rules.items[self.items[i] as usize];
        needs_equipping(it.kind)
            && self.worn & (1 << i) == 0
            && self.same_type_worn(rules, it.kind).is_none_or(|j| !rules.items[self.items[j] as usize].cursed)
    }
}

impl ChaosGame<'_> {
    /// An item given to `seat` (found or traded); `false` if he cannot take it (full hands,
    /// or a weight he cannot lift: the Faerie's *NoWeight*).
    pub(super) fn receive_item(&mut self, seat: u8, id: u8) -> bool {
        let rules = self.rules;
        let h = self.hero_mut(seat);
        if rules.characters[h.character as usize].no_weight && rules.items[id as usize].weight > 0 {
            return false;
        }
        h.hold(rules, id)
    }

    /// Discards the item in slot `i` of `seat`.
    pub(super) fn lose_item(&mut self, seat: u8, i: usize) {
        let id = self.hero_mut(seat).take_item(i);
        self.discard(DeckId::Items(self.rules.items[id as usize].level - 1), id as u16);
    }

    /// Whether the active character holds a working item that opens locks.
    pub(super) fn opens_locks(&self) -> bool {
        let h = self.hero(self.active);
        h.working(self.rules).any(|i| self.rules.items[i as usize].opens_locks)
    }

    /// Uses an item that opens locks (§13: a tool with a sturdiness breaks when a d8 after use
    /// exceeds it): the sturdiest is chosen, 0 meaning it never breaks.
    pub(super) fn use_key<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        let rules = self.rules;
        let h = self.hero(self.active);
        let key = (0..h.items.len())
            .filter(|&i| h.works(rules, i) && rules.items[h.items[i] as usize].opens_locks)
            .max_by_key(|&i| match rules.items[h.items[i] as usize].sturdiness {
                0 => u8::MAX,
                s => s,
            });
        let Some(i) = key else { return };
        let sturdiness = rules.items[h.items[i] as usize].sturdiness;
        if sturdiness > 0 && self.roll(8, obs) > sturdiness {
            let seat = self.active;
            self.lose_item(seat, i);
        }
    }

    /// Gold found (treasure, chests, cards): companions who take a share get theirs, his own
    /// rounded down (§16).
    pub(super) fn found_gold<O: Observer<ChaosEvent>>(&mut self, n: u32, obs: &mut O) {
        let sharing = self.me().companions.iter().filter(|c| c.share).count() as u8;
        let kept = if sharing == 0 { n } else { loot_share(n.min(u16::MAX as u32) as u16, sharing) as u32 };
        self.gold(kept as i32, obs);
    }

    /// A slain monster that can be ridden taken as a mount (§9): one mount at a time, room
    /// among the companions needed. Its card stays with him.
    pub(super) fn take_mount(&mut self, m: u8) -> bool {
        let Some((attr, by)) = self.rules.monsters[m as usize].mount else { return false };
        let h = self.me();
        if h.companions.iter().any(|c| c.mount.is_some()) {
            return false;
        }
        h.companions.try_push(Companion { attr, by, share: false, mount: Some(m) }).is_ok()
    }

    /// A companion leaves (dismissed, §16, or with the dead); a mount's card is discarded.
    pub(super) fn part_with(&mut self, i: usize) {
        let c = self.me().companions.remove(i);
        if let Some(m) = c.mount {
            self.discard(DeckId::Monsters(self.rules.monsters[m as usize].level - 1), m as u16);
        }
    }

    /// A Curse card drawn: its effects at once, and it is held (its boosts last while held,
    /// until the town, §14).
    pub(super) fn take_curse<O: Observer<ChaosEvent>>(&mut self, after: &mut Aftermath, depth: u8, obs: &mut O) {
        let Some(card) = self.draw(DeckId::Curses, obs) else { return };
        let outer = std::mem::replace(&mut self.by, Source::Card(DeckId::Curses));
        self.effects(self.rules.curses.cards[card as usize].effects, after, depth + 1, obs);
        self.by = outer;
        if self.me().curses.try_push(card).is_err() {
            self.discard(DeckId::Curses, card);
        }
    }

    /// A chest found (§13) is put on the tile as a token, to be opened by whoever risks it
    /// (a non-movement action); a second chest found on a tile that holds one is opened at
    /// once.
    pub(super) fn chest_found<O: Observer<ChaosEvent>>(&mut self, after: &mut Aftermath, depth: u8, obs: &mut O) {
        let Some(at) = self.me().square() else { return };
        match self.board.laid_at_mut(at) {
            Some(l) if l.chest == ChestLeft::None => l.chest = ChestLeft::Token,
            Some(_) => {
                if let Some(card) = self.draw(DeckId::Chests, obs) {
                    self.open_chest_card(card, after, depth, obs);
                }
            }
            None => {}
        }
    }

    /// Opens the chest of the active character's tile (a non-movement action).
    pub(super) fn open_chest<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        let Some(at) = self.me().square() else { return };
        let Some(l) = self.board.laid_at_mut(at) else { return };
        let left = std::mem::take(&mut l.chest);
        let card = match left {
            ChestLeft::None => return,
            ChestLeft::Token => match self.draw(DeckId::Chests, obs) {
                Some(c) => c,
                None => return,
            },
            ChestLeft::Locked(c) => c,
        };
        let mut after = Aftermath::default();
        self.open_chest_card(card, &mut after, 0, obs);
        if let Some((to, fresh)) = self.resolve(after, obs) {
            self.enter(to, fresh, obs);
        }
    }

    /// A Chest card (§13): a locked one without a way to open locks stays on the tile; a
    /// trap is suffered before the loot; the card is discarded once looted.
    fn open_chest_card<O: Observer<ChaosEvent>>(&mut self, card: u16, after: &mut Aftermath, depth: u8, obs: &mut O) {
        let chest = self.rules.chests.cards[card as usize];
        if chest.locked {
            if !self.opens_locks() {
                let at = self.me().square();
                match at.and_then(|at| self.board.laid_at_mut(at)) {
                    Some(l) if l.chest == ChestLeft::None => l.chest = ChestLeft::Locked(card),
                    _ => self.discard(DeckId::Chests, card),
                }
                return;
            }
            self.use_key(obs);
        }
        let outer = std::mem::replace(&mut self.by, Source::Card(DeckId::Chests));
        self.effects(chest.trap, after, depth + 1, obs);
        self.effects(chest.loot, after, depth + 1, obs);
        self.by = outer;
        self.discard(DeckId::Chests, card);
    }

    /// READ SCROLL outside combat, a non-movement action (§6, §13): a scroll meant for an
    /// enemy finds none and does nothing.
    pub(super) fn read<O: Observer<ChaosEvent>>(&mut self, slot: u8, obs: &mut O) {
        let Some(Some(HandCard::Scroll { card, on_enemy })) = self.me().hand.get(slot as usize).copied() else {
            return;
        };
        self.me().hand[slot as usize] = None;
        self.me().known &= !(1 << slot);
        let mut after = Aftermath::default();
        if !on_enemy {
            self.by = Source::Card(DeckId::Scrolls);
            self.effects(self.rules.scrolls.cards[card as usize].effects, &mut after, 0, obs);
        }
        self.discard(DeckId::Scrolls, card);
        if let Some((to, fresh)) = self.resolve(after, obs) {
            self.enter(to, fresh, obs);
        }
    }

    /// Whether the active character can read: not blind (§11), not in a dark room (tile guide).
    fn can_read(&self) -> bool {
        let h = self.hero(self.active);
        !h.ailments.has(Ailment::Blind) && h.square().is_some_and(|at| self.feature_at(at) != Feature::Dark)
    }

    /// The Laboratory identifies potions, the Library scrolls (tile guide; docs/rulings.md).
    pub(super) fn identify_here(&mut self, feature: Feature) {
        let kind_is = |c: &Option<HandCard>| match feature {
            Feature::Laboratory => matches!(c, Some(HandCard::Potion(_))),
            Feature::Library => matches!(c, Some(HandCard::Scroll { .. })),
            _ => false,
        };
        let h = self.me();
        for slot in 0..h.hand.len() {
            if kind_is(&h.hand[slot]) {
                h.known |= 1 << slot;
            }
        }
    }

    /// Seats whose living characters stand on the active character's tile (to trade with).
    fn beside(&self) -> impl Iterator<Item = u8> + '_ {
        let at = self.hero(self.active).square();
        (0..self.seats).filter(move |&s| {
            let o = self.hero(s);
            s != self.active
                && !o.is_dead()
                && matches!((at, o.square()), (Some(a), Some(b)) if self.board.same_tile(a, b))
        })
    }

    /// The non-movement actions of what he carries (§13, §16), added to the turn's answers.
    pub(super) fn carry_actions(&self, legal: &mut ChaosChoices) {
        let rules = self.rules;
        let h = self.hero(self.active);
        // One place is kept for the End answer.
        let mut push = |c| {
            if legal.len() + 1 < legal.capacity() {
                legal.push(c);
            }
        };
        for (i, &id) in h.items.iter().enumerate() {
            let it = &rules.items[id as usize];
            if h.may_equip(rules, i) {
                push(ChaosChoice::Equip(i as u8));
            } else if needs_equipping(it.kind) && h.worn & (1 << i) != 0 && !it.cursed {
                push(ChaosChoice::Unequip(i as u8));
            }
            // §13: no one discards a cursed item on purpose.
            if !it.cursed {
                push(ChaosChoice::DropItem(i as u8));
            }
        }
        if self.can_read() {
            for (slot, c) in h.hand.iter().enumerate() {
                if matches!(c, Some(HandCard::Scroll { .. })) {
                    push(ChaosChoice::Read(slot as u8));
                }
            }
        }
        if h.square().and_then(|at| self.board.laid_at(at)).is_some_and(|l| match l.chest {
            ChestLeft::None => false,
            ChestLeft::Token => true,
            ChestLeft::Locked(_) => self.opens_locks(),
        }) {
            push(ChaosChoice::OpenChest);
        }
        for to in self.beside() {
            let o = self.hero(to);
            for (i, &id) in h.items.iter().enumerate() {
                let it = &rules.items[id as usize];
                let lifts = !(rules.characters[o.character as usize].no_weight && it.weight > 0);
                if !it.cursed && lifts && !o.items.is_full() {
                    push(ChaosChoice::Give { to, item: i as u8 });
                }
            }
            if h.gold > GIVE_STEP {
                push(ChaosChoice::GiveGold { to, amount: GIVE_STEP });
            }
            if h.gold > 0 {
                push(ChaosChoice::GiveGold { to, amount: h.gold });
            }
        }
    }

    /// Runs a carried thing's non-movement action.
    pub(super) fn carry_action<O: Observer<ChaosEvent>>(&mut self, c: ChaosChoice, obs: &mut O) {
        let rules = self.rules;
        let seat = self.active;
        match c {
            ChaosChoice::Equip(i) => {
                let h = self.me();
                let kind = rules.items[h.items[i as usize] as usize].kind;
                if let Some(j) = h.same_type_worn(rules, kind) {
                    h.worn &= !(1 << j);
                }
                h.worn |= 1 << i;
            }
            ChaosChoice::Unequip(i) => self.me().worn &= !(1 << i),
            ChaosChoice::DropItem(i) => self.lose_item(seat, i as usize),
            ChaosChoice::Read(slot) => self.read(slot, obs),
            ChaosChoice::OpenChest => self.open_chest(obs),
            ChaosChoice::Give { to, item } => {
                let id = self.me().take_item(item as usize);
                if !self.receive_item(to, id) {
                    self.discard(DeckId::Items(rules.items[id as usize].level - 1), id as u16);
                }
            }
            ChaosChoice::GiveGold { to, amount } => {
                let amount = amount.min(self.me().gold);
                self.me().gold -= amount;
                self.hero_mut(to).gold += amount;
                if O::ENABLED {
                    obs.event(ChaosEvent::Gold { seat, amount: -(amount as i32) });
                    obs.event(ChaosEvent::Gold { seat: to, amount: amount as i32 });
                }
            }
            _ => {}
        }
    }

    /// The town's redemption (§13): Treasure items turned into coins at their value.
    pub(super) fn redeem_treasure<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        let rules = self.rules;
        let mut i = 0;
        while i < self.me().items.len() {
            let id = self.me().items[i];
            if rules.items[id as usize].kind == ItemType::Treasure {
                let seat = self.active;
                self.lose_item(seat, i);
                self.gold(rules.items[id as usize].value as i32, obs);
            } else {
                i += 1;
            }
        }
    }

    /// The beginning phase (§6): forced effects (none in the data) and abilities that skip
    /// the turn (none in the data) come first; a companion may be dismissed (§16). Asked only
    /// when he leads one; `false` when there is nothing to decide.
    pub(super) fn pose_beginning(&mut self) -> bool {
        let n = self.hero(self.active).companions.len();
        if n == 0 {
            return false;
        }
        self.legal.clear();
        for i in 0..n {
            self.legal.push(ChaosChoice::Dismiss(i as u8));
        }
        self.legal.push(ChaosChoice::Go);
        self.ask(Ask::Beginning);
        true
    }
}
