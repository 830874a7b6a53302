//! Ye Olde Shoppe (tile guide, §13) and the Alchemist's transmutation (§13): a shop stocked
//! from the decks when its tile is laid, its wares bought with store credit and coins, items
//! traded in at half value for store credit, Treasure redeemed for coins.

use super::{ChaosChoice, ChaosChoices, ChaosEvent, ChaosGame, DeckId, Sq};
use crate::core::Observer;
use crate::dungeon_of_chaos::combat::HandCard;
use crate::dungeon_of_chaos::data::ItemType;
use arrayvec::ArrayVec;

/// Shops stocked at once (a storage bound: the data has one shop tile; a shop beyond stays
/// empty, docs/rulings.md).
pub const MAX_SHOPS: usize = 2;
/// Wares of a shop: two items of its level, two of random levels, a Potion and a Scroll
/// (tile guide).
pub const MAX_WARES: usize = 6;
/// Item cards drawn from the shop's own level, then from random levels (tile guide).
const OWN_LEVEL_ITEMS: u8 = 2;
const RANDOM_LEVEL_ITEMS: u8 = 2;
/// Worthless items redrawn at most this often for one ware (a guard for edited data where a
/// level holds only worthless items).
const MAX_REDRAWS: u8 = 8;

/// A card for sale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ware {
    /// An Item card (an id of the rules' items), priced at its value.
    Item(u8),
    Potion(u16),
    Scroll(u16),
}

/// A shop on the board: its tile (the square of the arrow) and the wares not yet bought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shop {
    pub at: Sq,
    pub wares: ArrayVec<Ware, MAX_WARES>,
}

impl ChaosGame<'_> {
    /// The shops on the board.
    pub fn shops(&self) -> &[Shop] {
        &self.shops
    }

    /// Stocks the shop whose tile's arrow is on `at` (tile guide): two Item cards of its level,
    /// two of random levels (a d8 halved, as [`LevelRef::Random`](crate::dungeon_of_chaos::data::LevelRef)),
    /// worthless ones (0 coins) discarded and redrawn, then a Potion and a Scroll.
    pub(super) fn stock_shop<O: Observer<ChaosEvent>>(&mut self, at: Sq, obs: &mut O) {
        if self.shops.is_full() || self.shops.iter().any(|s| s.at == at) {
            return;
        }
        let mut wares = ArrayVec::new();
        for i in 0..OWN_LEVEL_ITEMS + RANDOM_LEVEL_ITEMS {
            let level = if i < OWN_LEVEL_ITEMS { at.level() } else { self.roll(8, obs).div_ceil(2) - 1 };
            for _ in 0..MAX_REDRAWS {
                let Some(card) = self.draw(DeckId::Items(level), obs) else { break };
                if self.rules.items[card as usize].value > 0 {
                    wares.push(Ware::Item(card as u8));
                    break;
                }
                self.discard(DeckId::Items(level), card);
            }
        }
        if let Some(c) = self.draw(DeckId::Potions, obs) {
            wares.push(Ware::Potion(c));
        }
        if let Some(c) = self.draw(DeckId::Scrolls, obs) {
            wares.push(Ware::Scroll(c));
        }
        self.shops.push(Shop { at, wares });
    }

    /// The shop of the tile the active character stands on.
    fn shop_here(&self) -> Option<usize> {
        let at = self.hero(self.active).square()?;
        let origin = self.board.laid_at(at)?.origin;
        self.shops.iter().position(|s| s.at == origin)
    }

    /// A ware's price: an item's value, the data's price of a Potion or a Scroll.
    pub fn price(&self, w: Ware) -> u32 {
        match w {
            Ware::Item(i) => self.rules.items[i as usize].value as u32,
            Ware::Potion(_) => self.rules.shop_prices.potion as u32,
            Ware::Scroll(_) => self.rules.shop_prices.scroll as u32,
        }
    }

    /// Whether the active character can take a ware: a free hand for a card, room and
    /// strength for an item.
    fn can_take(&self, w: Ware) -> bool {
        let h = self.hero(self.active);
        match w {
            Ware::Item(i) => {
                let heavy = self.rules.items[i as usize].weight > 0;
                let lifts = !(self.rules.characters[h.character as usize].no_weight && heavy);
                lifts && !h.items.is_full()
            }
            Ware::Potion(_) | Ware::Scroll(_) => h.hand.iter().any(|c| c.is_none()),
        }
    }

    /// The shop's and the Alchemist's non-movement actions, added to the turn's answers.
    pub(super) fn shop_actions(&self, legal: &mut ChaosChoices) {
        let rules = self.rules;
        let h = self.hero(self.active);
        let mut push = |c| {
            if legal.len() + 1 < legal.capacity() {
                legal.push(c);
            }
        };
        if let Some(s) = self.shop_here() {
            for (i, &w) in self.shops[s].wares.iter().enumerate() {
                if self.price(w) <= h.gold + h.credit && self.can_take(w) {
                    push(ChaosChoice::Buy(i as u8));
                }
            }
            for (i, &id) in h.items.iter().enumerate() {
                let it = &rules.items[id as usize];
                if it.kind == ItemType::Treasure {
                    push(ChaosChoice::Redeem(i as u8));
                } else if !it.cursed && it.value > 0 {
                    push(ChaosChoice::TradeIn(i as u8));
                }
            }
        }
        if rules.characters[h.character as usize].transmute {
            for (i, &id) in h.items.iter().enumerate() {
                let it = &rules.items[id as usize];
                if !it.cursed && it.value > 0 {
                    push(ChaosChoice::Transmute(i as u8));
                }
            }
        }
    }

    /// Runs a shop's or the Alchemist's action.
    pub(super) fn shop_action<O: Observer<ChaosEvent>>(&mut self, c: ChaosChoice, obs: &mut O) {
        let rules = self.rules;
        let seat = self.active;
        match c {
            ChaosChoice::Buy(i) => {
                let Some(s) = self.shop_here() else { return };
                let w = self.shops[s].wares.remove(i as usize);
                // Store credit first, then coins (credit is worth nothing elsewhere).
                let price = self.price(w);
                let h = self.me();
                let credit = price.min(h.credit);
                h.credit -= credit;
                self.gold(-((price - credit) as i32), obs);
                match w {
                    Ware::Item(id) => {
                        self.receive_item(seat, id);
                    }
                    // Ruling: a card bought was seen on the counter, so it is identified.
                    Ware::Potion(card) => self.take_known(HandCard::Potion(card)),
                    Ware::Scroll(card) => {
                        let on_enemy = rules.scrolls.cards[card as usize].on_enemy;
                        self.take_known(HandCard::Scroll { card, on_enemy });
                    }
                }
            }
            ChaosChoice::TradeIn(i) => {
                let id = self.me().items[i as usize];
                // §16: halves round up.
                let credit = (rules.items[id as usize].value as u32).div_ceil(2);
                self.lose_item(seat, i as usize);
                self.me().credit += credit;
            }
            ChaosChoice::Redeem(i) | ChaosChoice::Transmute(i) => {
                let id = self.me().items[i as usize];
                self.lose_item(seat, i as usize);
                self.gold(rules.items[id as usize].value as i32, obs);
            }
            _ => {}
        }
    }

    /// A card into the hand face up (a free slot was checked).
    fn take_known(&mut self, c: HandCard) {
        let h = self.me();
        if let Some(slot) = h.hand.iter().position(|s| s.is_none()) {
            h.hand[slot] = Some(c);
            h.known |= 1 << slot;
        }
    }

    /// The wares of every shop, for the cards' count.
    pub fn wares(&self) -> impl Iterator<Item = Ware> + '_ {
        self.shops.iter().flat_map(|s| s.wares.iter().copied())
    }
}
