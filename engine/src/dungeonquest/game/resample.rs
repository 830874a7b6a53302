//! Resampling what a player cannot see ([`Game::resample`]), so that a search can play a copy
//! of the game forward without knowing the real future (issue 24, the `expert` bot's engine
//! side).
//!
//! Hidden information in a game, and who knows it:
//! - the order of every deck's draw pile (dungeon, search, door, trap, crypt, corpse,
//!   catacomb, dragon, treasure, rune, monster) and of the chamber tile stack: nobody, except
//!   the search cards a player put back on top with the Rune of Vision ([`Peek`]), whose
//!   order he alone knows. What each pile holds is known: every card is printed in the rules,
//!   and every card out of a pile (discards, play areas, runes, catacomb rows, cards being
//!   resolved or picked from) is face up or its own player's, but for those below;
//! - Revised: the monster card fought (its life and escape penalty), known only to the
//!   monster player, who drew it (the hero himself in solo play or alone at the table); its
//!   kind is announced, and it is alive, so its life is above the wounds dealt so far;
//! - 2010: which monster token lies where (each token's number is its life): on the board,
//!   in the pool and in the fight, known to nobody in a game of several heroes except the
//!   monster player, who knows the token he plays (the 2010 life is "secret from the hero
//!   except in solo play"); a player alone at the table has seen every token he met;
//! - 2010 card combat: the combat deck's and the power piles' order, and each side's hand,
//!   known to that side's player;
//! - a card chosen in secret and not revealed yet: the hero's combat card while the monster
//!   player chooses (Revised and 2010), the attacker's card while the defender chooses
//!   (Revised Hero vs. Hero);
//! - Cloak and Dagger: the cards of the other heroes' play areas (face down; each one's deck
//!   is known by its back, and each hero's count of loot);
//! - the dice and every other draw of chance still to come.

use super::*;
use crate::dungeonquest::card_combat::{HERO, MONSTER};

impl<'r> Game<'r> {
    /// Redraws, in place, everything `seat` cannot see, from the distribution consistent with
    /// what he knows, and reseeds the game's dice and reshuffle streams from `rng`: the copy
    /// plays on to a future the real game's streams do not decide. Why: a search bot (issue
    /// 24's `expert`) plays copies of the position forward; on the real game's hidden state
    /// it would see the next card and die roll.
    ///
    /// Hidden and redrawn (see the module notes for who knows what):
    /// - every deck's draw pile and the tile stack, shuffled (the search cards `seat` put back
    ///   with the Rune of Vision stay on top in the order he chose);
    /// - Revised: the monster card fought, unless `seat` drew it as the monster player,
    ///   swapped for one of the same kind and a life above the wounds dealt, drawn uniformly
    ///   from the monster deck and itself;
    /// - 2010, with two heroes or more: the monster tokens of each type trade places at random
    ///   among the board, the pool and the fight (the fought one, unless `seat` plays it,
    ///   drawn among those with a life above its damage, and the fight's life set to it);
    /// - 2010 card combat: the hands `seat` does not hold dealt afresh from the deck and power
    ///   piles, each card for one of its kind, and the piles shuffled (`Fight::resample`);
    /// - a secret card another seat has chosen and not yet revealed, drawn uniformly from what
    ///   he could have chosen (a choice has no chance of its own: ignorance made uniform);
    /// - Cloak and Dagger: each card of another hero's face-down play area, swapped for one of
    ///   the same deck that could lie there (see `resample_play_areas`);
    /// - the dice: forced dice dropped, the streams reseeded.
    ///
    /// Known and kept: the board, the heroes (but for the face-down play areas), discard
    /// piles, the cards being resolved or picked from, the pending decision's answers (posted
    /// anew after the redraw, unchanged when `seat` is the one deciding), every pile's size.
    ///
    /// Not conditioned on (a player could infer a little more, so the redraw forgets it): an
    /// escape penalty a failed escape showed, damage earlier fights dealt to a token now on
    /// the board, the token a player once fought as the monster, which cards a face-down play
    /// area's owner was seen to draw. Kept although hidden (small leaks, only when `seat` is
    /// not the one deciding, or rare): the search cards another player holds while he orders
    /// them (Rune of Vision), a face-down card whose gold was set in play (Treasure Chest).
    ///
    /// Canonical: the result depends only on what `seat` knows and on `rng`, not on the
    /// hidden state it replaces (each hidden pile is put in card order before it is shuffled,
    /// each redrawn card picked by rank among its candidates), so two games that differ only
    /// in what `seat` cannot see resample to the same game. No allocation: the game's own
    /// buffers are sorted and shuffled.
    pub fn resample(&mut self, seat: u8, rng: &mut GameRng) {
        if self.edition == Edition::Third {
            self.resample_fight(seat, rng);
            self.resample_tokens(seat, rng);
        } else {
            self.resample_monster_card(seat, rng);
            self.resample_secret_cards(seat, rng);
        }
        self.resample_play_areas(seat, rng);
        self.resample_piles(seat, rng);
        self.chance.dice = GameRng::from_seed(rng.next_u64());
        self.chance.shuffle = LazyRng::from_seed(rng.next_u64());
        self.chance.forced.clear();
        if self.pending.is_some() {
            self.refresh_legal();
        }
    }

    /// The slots of `deck`'s draw pile whose order `seat` does not know: all of it but the
    /// search cards he put back himself ([`Peek`]).
    fn hidden_pile(&self, deck: Deck, seat: u8) -> core::ops::Range<usize> {
        let first = self.rules.decks[deck as usize].first as usize;
        let d = self.decks.draw[deck as usize];
        let peek = self.decks.peek;
        let n = if deck == Deck::Search && peek.seat == seat { peek.from.min(d) } else { d };
        first..first + n as usize
    }

    /// The hidden part of `deck`'s draw pile in card order: what it holds, whatever order
    /// the real game had (see the canonical note of [`Game::resample`]).
    fn sort_hidden(&mut self, deck: Deck, seat: u8) -> core::ops::Range<usize> {
        let r = self.hidden_pile(deck, seat);
        self.decks.slots[r.clone()].sort_unstable();
        r
    }

    /// Every draw pile and the tile stack shuffled, but for the search cards `seat` knows.
    fn resample_piles(&mut self, seat: u8, rng: &mut GameRng) {
        for deck in Deck::ALL {
            let r = self.sort_hidden(deck, seat);
            rng.shuffle(&mut self.decks.slots[r]);
        }
        let left = self.tiles.left as usize;
        self.tiles.order[..left].sort_unstable();
        rng.shuffle(&mut self.tiles.order[..left]);
    }

    /// A single combat whose monster's life the caller gave (`dq duel --life`): known to all.
    fn life_given(&self) -> bool {
        self.duel.is_some_and(|d| d.life.is_some())
    }

    /// Redraws `card`, which lies outside `deck`'s draw pile where `seat` cannot see it, from
    /// itself, the `fits` cards of the pile's hidden part and the `fits` cards of `more`
    /// (sorted: cards elsewhere, as hidden as it is), uniformly, by rank in card order.
    /// Returns the card drawn, which the caller puts in `card`'s place: one of the pile's
    /// takes `card`'s place in the pile; one of `more` is the caller's to exchange.
    fn redraw(
        &mut self,
        deck: Deck,
        seat: u8,
        card: CardId,
        more: &[CardId],
        fits: impl Fn(CardId) -> bool,
        rng: &mut GameRng,
    ) -> CardId {
        let r = self.sort_hidden(deck, seat);
        let pile = &self.decks.slots[r.clone()];
        let n = 1 + pile.iter().filter(|&&c| fits(c)).count() + more.iter().filter(|&&c| fits(c)).count();
        let k = rng.below(n as u32) as usize;
        // The k-th smallest of the three sorted lists' fitting cards, `card` among them.
        let mut a = pile.iter().copied().filter(|&c| fits(c)).peekable();
        let mut b = more.iter().copied().filter(|&c| fits(c)).peekable();
        let mut own = Some(card);
        let mut chosen = card;
        for _ in 0..=k {
            let Some(c) = [a.peek().copied(), b.peek().copied(), own].into_iter().flatten().min() else { break };
            if a.peek() == Some(&c) {
                a.next();
            } else if b.peek() == Some(&c) {
                b.next();
            } else {
                own = None;
            }
            chosen = c;
        }
        if let Some(j) = r.into_iter().find(|&j| self.decks.slots[j] == chosen) {
            self.decks.slots[j] = card;
        }
        chosen
    }

    /// Revised: the monster card fought, if `seat` did not draw it as the monster player (the
    /// hero himself in solo play, or alone at the table).
    fn resample_monster_card(&mut self, seat: u8, rng: &mut GameRng) {
        let card = self.combat.card;
        if card == NO_CARD || self.life_given() || seat == self.combat.monster_seat {
            return;
        }
        let rules = self.rules;
        let Some(m) = rules.card(card).monster else { return };
        let wounds = self.combat.wounds;
        let fits = |c: CardId| rules.card(c).monster.is_some_and(|x| x.kind == m.kind && x.life > wounds);
        if fits(card) {
            self.combat.card = self.redraw(Deck::Monster, seat, card, &[], fits, rng);
        }
    }

    /// Cloak and Dagger: the other heroes' face-down play areas. Each card there is redrawn
    /// from those of its deck's draw pile and of the face-down areas not redrawn yet that
    /// could lie there as it does (kept by their effect, or a treasure card; loot for loot):
    /// the deck a card came from is known (its back), and so is each hero's count of loot. A
    /// card whose gold was set in play (Treasure Chest) stays, and none that would have its
    /// gold set comes in: the value goes with the card.
    fn resample_play_areas(&mut self, seat: u8, rng: &mut GameRng) {
        if !self.variant.cloak_and_dagger || self.over {
            return;
        }
        let rules = self.rules;
        // The face-down cards to redraw, as (hero, place in his area), in play-area order.
        let mut hidden: ArrayVec<(u8, u8), { HELD_CAP * MAX_SEATS }> = ArrayVec::new();
        for h in (0..self.seats).filter(|&h| h != seat) {
            let hero = &self.heroes[h as usize];
            for (i, &c) in hero.held.iter().enumerate() {
                if may_be_held(rules, c) && !hero.gold_set.iter().any(|&(x, _)| x == c) {
                    hidden.push((h, i as u8));
                }
            }
        }
        let held = |g: &Game, (h, i): (u8, u8)| g.heroes[h as usize].held[i as usize];
        for n in 0..hidden.len() {
            let card = held(self, hidden[n]);
            let (deck, loot) = (rules.card(card).deck, rules.card(card).loot);
            let fits = |c: CardId| rules.card(c).deck == deck && rules.card(c).loot == loot && may_be_held(rules, c);
            // The face-down cards still to redraw, this one's fellows, in card order.
            let mut more: ArrayVec<CardId, { HELD_CAP * MAX_SEATS }> =
                hidden[n + 1..].iter().map(|&p| held(self, p)).filter(|&c| fits(c)).collect();
            more.sort_unstable();
            let chosen = self.redraw(deck, seat, card, &more, fits, rng);
            if let Some(&p) = hidden[n + 1..].iter().find(|&&p| held(self, p) == chosen) {
                // Drawn from another face-down area: the two trade.
                self.heroes[p.0 as usize].held.replace(rules, p.1 as usize, card);
            }
            let (h, i) = hidden[n];
            self.heroes[h as usize].held.replace(rules, i as usize, chosen);
        }
    }

    /// Revised: the hero's combat card while the monster player chooses his, and the
    /// attacker's while the defender chooses (Hero vs. Hero), for every other seat.
    fn resample_secret_cards(&mut self, seat: u8, rng: &mut GameRng) {
        const CARDS: [CombatCard; 3] = [CombatCard::Magic, CombatCard::Melee, CombatCard::Ranged];
        if seat == self.active.get() {
            return;
        }
        if self.combat.hero_card.is_some() {
            self.combat.hero_card = Some(CARDS[rng.below(3) as usize]);
        }
        if self.pvp.attacker_card.is_some() {
            self.pvp.attacker_card = Some(CARDS[rng.below(3) as usize]);
        }
    }

    /// 2010: the card combat in progress, as `seat` sees it.
    fn resample_fight(&mut self, seat: u8, rng: &mut GameRng) {
        if self.third.token == NO_CARD && !self.third.pvp {
            return;
        }
        let known = [seat == self.active.get(), seat == self.third.monster_seat];
        self.third.fight.resample(known, rng);
        // The hero's card, chosen and not revealed while the monster's player chooses, is one
        // of the hand just dealt.
        let hero_chose = !self.variant.solo
            && self.third.deciding as usize == MONSTER
            && self.pending.is_some_and(|d| d.kind == DecisionKind::CombatPlay);
        if hero_chose && !known[HERO] {
            let hand = self.third.fight.hand(HERO);
            if !hand.is_empty() {
                self.third.hero_card = hand[rng.below(hand.len() as u32) as usize];
            }
        }
    }

    /// 2010, two heroes or more: the monster tokens of each type trade places (board, pool,
    /// fight) at random, but for the one fought when `seat` plays it; the fought one is drawn
    /// among those whose life is above the damage dealt. Steps waiting on the stack that name
    /// a token follow it to its new one (the token now in the place they meant).
    fn resample_tokens(&mut self, seat: u8, rng: &mut GameRng) {
        // Alone at the table, the player has played (and seen) every token he met.
        if self.variant.solo || self.seats == 1 {
            return;
        }
        let rules = self.rules;
        let r = rules.decks[Deck::Monster as usize];
        let (first, n) = (r.first, (r.len as usize).min(third::MAX_TOKENS));
        let fought = self.third.token;
        let fought_hidden = fought != NO_CARD && seat != self.third.monster_seat && !self.life_given();
        let dealt = self.third.fight.monster_damage();
        let life = |t: CardId| rules.card(t).monster.map_or(1, |m| m.life);
        let kind = |t: CardId| rules.card(t).monster.map_or(0, |m| m.kind);
        let cells = self.third.token_cell;
        let place = |t: CardId| cells[(t - first) as usize];
        // The token now in the place each token was: `map[t - first]`.
        let mut map: [CardId; third::MAX_TOKENS] = core::array::from_fn(|i| first + i as CardId);
        for k in 0..rules.monster_kinds.len() as u8 {
            let tokens = (first..first + n as CardId).filter(|&t| kind(t) == k);
            let this_fight = fought_hidden && kind(fought) == k;
            let mut new_fought = fought;
            if this_fight {
                let alive = tokens.clone().filter(|&t| life(t) > dealt).count();
                let pick = rng.below(alive.max(1) as u32) as usize;
                new_fought = tokens.clone().filter(|&t| life(t) > dealt).nth(pick).unwrap_or(fought);
            }
            // The places of the kind's tokens (the fight's apart), by place then token; the
            // tokens to put there (the new fought one apart), in card order, then shuffled.
            let mut olds: ArrayVec<CardId, { third::MAX_TOKENS }> = tokens.clone().filter(|&t| t != fought).collect();
            olds.sort_unstable_by_key(|&t| (place(t), t));
            let mut news: ArrayVec<CardId, { third::MAX_TOKENS }> =
                tokens.filter(|&t| if this_fight { t != new_fought } else { t != fought }).collect();
            rng.shuffle(&mut news);
            for (&o, &t) in olds.iter().zip(&news) {
                self.third.token_cell[(t - first) as usize] = place(o);
                map[(o - first) as usize] = t;
            }
            if this_fight {
                map[(fought - first) as usize] = new_fought;
                self.third.token_cell[(new_fought - first) as usize] = NO_CELL;
                self.third.token = new_fought;
                self.third.fight.set_life(life(new_fought));
            }
        }
        let remap = |c: CardId| match c.checked_sub(first) {
            Some(i) if (i as usize) < n => map[i as usize],
            _ => c,
        };
        for t in self.tasks.iter_mut() {
            match t {
                Task::Third(third::Step::Encounter { token, .. }) => *token = remap(*token),
                Task::RunesAfter { card, .. } => *card = remap(*card),
                _ => {}
            }
        }
        // The card of a rune window, read only while its decision is pending (stale after).
        if self.pending.is_some_and(|d| d.kind == DecisionKind::Rune) {
            self.scratch.window_card = remap(self.scratch.window_card);
        }
    }
}

/// Whether card `c` can lie in a play area with its gold as printed: a treasure card, or a
/// card whose effect may keep it (`Loot`, `Keep`, in any branch), and none whose effect sets
/// its gold from a roll.
fn may_be_held(rules: &Rules, c: CardId) -> bool {
    let def = rules.card(c);
    let (kept, rolled) = scan(rules, def.effect);
    (def.deck == Deck::Treasure || kept) && !rolled
}

/// Whether the ops of `span` (and of their branches) keep the card, and set its gold from a
/// roll.
fn scan(rules: &Rules, span: Span) -> (bool, bool) {
    use crate::dungeonquest::rules::Op;
    let (mut kept, mut rolled) = (false, false);
    for op in rules.span(span) {
        let (k, r) = match *op {
            Op::Loot | Op::Keep => (true, false),
            Op::GoldFromRoll(_) => (false, true),
            Op::Test { pass, fail, .. } => {
                let (a, b) = (scan(rules, pass), scan(rules, fail));
                (a.0 || b.0, a.1 || b.1)
            }
            Op::Roll { cases, .. } => scan(rules, cases),
            Op::Case { then, .. } => scan(rules, then),
            _ => (false, false),
        };
        kept |= k;
        rolled |= r;
    }
    (kept, rolled)
}

#[cfg(test)]
mod tests;
