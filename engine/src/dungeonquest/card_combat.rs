//! The 2010 card combat of edition `third` (DungeonQuest 3rd edition rulebook, "Combat",
//! "Going It Alone"): a shared combat deck, hands of five, one power card drawn into the hand in
//! the first round, a simultaneous reveal, counterattacks, deathblows from the combat stack,
//! stand-offs, damage stacks and canceled cards.
//!
//! Everything about the cards comes from `combat.ron` (`cards:`), compiled into [`CardRules`];
//! the real card lists are not public, so the shipped file is an estimate that an owner of the
//! game can replace. [`Fight`] is the state of one combat in fixed-size storage. It knows nothing
//! of the game around it: the engine asks the players for their cards and calls its steps in
//! order ([`Fight::draw_step`], [`Fight::reveal`], the counterattack, [`Fight::assign`]), and
//! rule tests drive it directly with stacked decks.
//!
//! Rule decisions where the rulebook is silent are written at the code that implements them.

use crate::core::rng::GameRng;
use crate::dungeonquest::data::{AttackType, Attr, CardCombatData, PowerEffect};
use crate::dungeonquest::rules::{DataError, Source};
use arrayvec::ArrayVec;

/// A combat or power card: index into [`CardRules::cards`].
pub type CcId = u8;
/// Most combat cards in one fight (the combat deck plus two power sets).
pub const CC_CAP: usize = 128;
/// Most cards in one hand (or played by one side in a round).
pub const HAND_CAP: usize = 16;
/// Most power cards of one hero or monster type.
pub const POWER_CAP: usize = 8;
/// Side index of the hero.
pub const HERO: usize = 0;
/// Side index of the monster.
pub const MONSTER: usize = 1;

/// One compiled combat or power card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CcCard {
    pub attack: AttackType,
    pub value: u8,
    pub counter: Option<AttackType>,
    /// A power card (escape value, effects) rather than a combat deck card.
    pub power: bool,
    pub escape: u8,
    pub damage: u8,
    pub effects: [Option<PowerEffect>; 2],
}

impl CcCard {
    fn has(&self, f: impl Fn(PowerEffect) -> bool) -> bool {
        self.effects.iter().flatten().any(|&e| f(e))
    }
}

/// The compiled card combat of an edition.
#[derive(Clone, Debug)]
pub struct CardRules {
    /// Combat deck cards first (ids `0..deck_len`), then the power sets.
    pub cards: Vec<CcCard>,
    /// Card names (power cards by name, deck cards as "Melee 3").
    pub names: Vec<String>,
    pub deck_len: u8,
    /// Power set (first id, count) by hero index of [`crate::Rules::heroes`].
    pub hero_powers: Vec<(CcId, u8)>,
    /// Power set (first id, count) by monster kind index.
    pub monster_powers: Vec<(CcId, u8)>,
    pub hand_size: u8,
    pub solo_reveal: u8,
    /// Whether the file marks the card lists as estimated.
    pub estimated: bool,
    /// The `combat-dice` optional rule: the attribute rolled against, by monster kind index
    /// (`None` when the data has no `dice_variant`).
    pub dice_attributes: Option<Vec<Attr>>,
    /// Whether the file marks the dice variant's list as estimated.
    pub dice_estimated: bool,
}

fn line_of(text: &str, needle: &str, skip: usize) -> usize {
    text.lines().enumerate().filter(|(_, l)| l.contains(needle)).nth(skip).map_or(1, |(i, _)| i + 1)
}

impl CardRules {
    /// Validates the `cards:` section of `combat.ron`. `heroes` and `kinds` name the owners
    /// every power set must match.
    pub(crate) fn compile(
        d: &CardCombatData,
        src: Source<'_>,
        heroes: &[String],
        kinds: &[String],
    ) -> Result<CardRules, DataError> {
        let fail = |needle: &str, skip: usize, message: String| DataError {
            file: src.name.to_string(),
            line: line_of(src.text, needle, skip),
            message,
        };
        if !(1..=8).contains(&d.hand_size) {
            return Err(fail("hand_size:", 0, format!("hand_size {} must be 1 to 8", d.hand_size)));
        }
        if d.solo_counter_reveal > 10 {
            return Err(fail("solo_counter_reveal:", 0, "solo_counter_reveal must be 0 to 10".into()));
        }
        let mut cards = Vec::new();
        let mut names = Vec::new();
        for (i, l) in d.deck.iter().enumerate() {
            if l.count == 0 || l.value > 20 {
                return Err(fail(
                    "attack:",
                    i,
                    format!("combat deck line {}: count must be at least 1 and value at most 20", i + 1),
                ));
            }
            for _ in 0..l.count {
                cards.push(CcCard {
                    attack: l.attack,
                    value: l.value,
                    counter: l.counter,
                    power: false,
                    escape: 0,
                    damage: 0,
                    effects: [None, None],
                });
                names.push(format!("{:?} {}", l.attack, l.value));
            }
        }
        if cards.len() != d.deck_size as usize {
            return Err(fail(
                "deck_size:",
                0,
                format!("combat deck lines add up to {} cards but deck_size is {}", cards.len(), d.deck_size),
            ));
        }
        // Two full hands plus room to play: a smaller deck could leave a hand empty.
        let min = 2 * d.hand_size as usize + 8;
        if cards.len() < min || cards.len() > CC_CAP - 2 * POWER_CAP {
            return Err(fail(
                "deck_size:",
                0,
                format!("the combat deck needs {min} to {} cards", CC_CAP - 2 * POWER_CAP),
            ));
        }
        let deck_len = cards.len() as u8;
        let mut hero_powers = vec![(0u8, 0u8); heroes.len()];
        let mut monster_powers = vec![(0u8, 0u8); kinds.len()];
        let mut seen_h = vec![false; heroes.len()];
        let mut seen_m = vec![false; kinds.len()];
        let mut names_seen = 0usize;
        for set in &d.powers {
            let at = format!("owner: \"{}\"", set.owner);
            let slot = if let Some(h) = heroes.iter().position(|x| *x == set.owner) {
                if std::mem::replace(&mut seen_h[h], true) {
                    return Err(fail(&at, 1, format!("power set \"{}\" is listed twice", set.owner)));
                }
                &mut hero_powers[h]
            } else if let Some(k) = kinds.iter().position(|x| *x == set.owner) {
                if std::mem::replace(&mut seen_m[k], true) {
                    return Err(fail(&at, 1, format!("power set \"{}\" is listed twice", set.owner)));
                }
                &mut monster_powers[k]
            } else {
                return Err(fail(
                    &at,
                    0,
                    format!("power set owner \"{}\" is neither a hero id nor a monster kind", set.owner),
                ));
            };
            if set.cards.is_empty() || set.cards.len() > POWER_CAP {
                return Err(fail(&at, 0, format!("power set \"{}\" needs 1 to {POWER_CAP} cards", set.owner)));
            }
            if cards.len() + set.cards.len() > u8::MAX as usize {
                return Err(fail(&at, 0, "too many power cards in all (ids are one byte)".into()));
            }
            *slot = (cards.len() as u8, set.cards.len() as u8);
            for p in &set.cards {
                names_seen += 1;
                let here = format!("\"{}\"", p.name);
                if p.value > 20 || p.escape > 20 || p.damage > 20 || p.effect.len() > 2 {
                    return Err(fail(
                        &here,
                        0,
                        format!("power card \"{}\": values at most 20 and at most 2 effects", p.name),
                    ));
                }
                for e in &p.effect {
                    let bad = match *e {
                        PowerEffect::NextRoundBonus { bonus, .. } => bonus == 0 || bonus > 20,
                        PowerEffect::Bonus(n) | PowerEffect::Recover(n) | PowerEffect::DrawCards(n) => n == 0 || n > 8,
                        PowerEffect::Piercing(n) => n == 0 || n > 8,
                        PowerEffect::CancelOpponent => false,
                    };
                    if bad {
                        return Err(fail(&here, 0, format!("power card \"{}\": effect {e:?} is out of range", p.name)));
                    }
                }
                cards.push(CcCard {
                    attack: p.attack,
                    value: p.value,
                    counter: p.counter,
                    power: true,
                    escape: p.escape,
                    damage: p.damage,
                    effects: [p.effect.first().copied(), p.effect.get(1).copied()],
                });
                names.push(p.name.clone());
            }
        }
        debug_assert_eq!(names_seen + deck_len as usize, cards.len());
        if let Some(h) = seen_h.iter().position(|s| !s) {
            return Err(fail("powers:", 0, format!("hero \"{}\" has no power set", heroes[h])));
        }
        if let Some(k) = seen_m.iter().position(|s| !s) {
            return Err(fail("powers:", 0, format!("monster kind \"{}\" has no power set", kinds[k])));
        }
        let dice_attributes = match &d.dice_variant {
            None => None,
            Some(dv) => {
                let mut by_kind: Vec<Option<Attr>> = vec![None; kinds.len()];
                for (i, l) in dv.attributes.iter().enumerate() {
                    let at = format!("kind: \"{}\"", l.kind);
                    let Some(k) = kinds.iter().position(|x| *x == l.kind) else {
                        return Err(fail(
                            &at,
                            0,
                            format!(
                                "dice_variant line {}: \"{}\" is not a monster kind (known: {})",
                                i + 1,
                                l.kind,
                                kinds.join(", ")
                            ),
                        ));
                    };
                    if by_kind[k].replace(l.attribute).is_some() {
                        return Err(fail(&at, 1, format!("dice_variant: \"{}\" is listed twice", l.kind)));
                    }
                }
                if let Some(k) = by_kind.iter().position(Option::is_none) {
                    return Err(fail(
                        "dice_variant:",
                        0,
                        format!("dice_variant: monster kind \"{}\" has no attribute", kinds[k]),
                    ));
                }
                Some(by_kind.into_iter().flatten().collect())
            }
        };
        Ok(CardRules {
            dice_estimated: d.dice_variant.as_ref().is_some_and(|v| v.estimated.is_some()),
            dice_attributes,
            cards,
            names,
            deck_len,
            hero_powers,
            monster_powers,
            hand_size: d.hand_size,
            solo_reveal: d.solo_counter_reveal,
            estimated: d.estimated.is_some(),
        })
    }

    /// The card ids of a power set.
    pub fn set(&self, (first, len): (CcId, u8)) -> impl Iterator<Item = CcId> {
        first..first + len
    }

    #[inline]
    pub fn card(&self, c: CcId) -> &CcCard {
        &self.cards[c as usize]
    }
}

/// What a round came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct RoundResult {
    /// [`HERO`], [`MONSTER`], or 2 for a stand-off.
    pub winner: u8,
    pub totals: [u8; 2],
    /// Cards the winner took from the combat stack by a deathblow.
    pub deathblow: u8,
    /// Damage stack sizes after the round.
    pub damage: [u8; 2],
}

/// How a fight is set up.
#[derive(Clone, Copy, Debug)]
pub struct FightSetup {
    /// Going It Alone: the monster has no hand and plays the top card of the deck.
    pub solo: bool,
    /// The monster token's life value.
    pub life: u8,
    /// Damage cards that kill the hero: his life value minus the wounds he already has.
    pub hero_room: u8,
    pub hand_size: [u8; 2],
    /// Whether each side is barred from deathblows (Hugo's opponent).
    pub no_deathblow: [bool; 2],
    pub hero_powers: (CcId, u8),
    pub monster_powers: (CcId, u8),
}

/// One combat in progress.
#[derive(Clone, Debug)]
pub struct Fight {
    /// Draw pile, top = last.
    deck: ArrayVec<CcId, CC_CAP>,
    /// Cards revealed and discarded during the fight (solo counterattacks, Tatianna).
    discard: ArrayVec<CcId, CC_CAP>,
    /// Power cards not yet drawn, top = last (shuffled, so the top is a random one).
    power: [ArrayVec<CcId, POWER_CAP>; 2],
    hand: [ArrayVec<CcId, HAND_CAP>; 2],
    played: [ArrayVec<CcId, HAND_CAP>; 2],
    stack: ArrayVec<CcId, CC_CAP>,
    damage: [ArrayVec<CcId, CC_CAP>; 2],
    total: [u8; 2],
    canceled: [bool; 2],
    /// Bonus registered by a "next round" card this round: (bonus, against type or any).
    next_bonus: [(u8, Option<AttackType>); 2],
    /// Bonus from last round's cards, applied at this round's reveal.
    bonus_now: [(u8, Option<AttackType>); 2],
    piercing: [u8; 2],
    /// Rounds completed.
    pub round: u8,
    /// Wounds the monster took from won dice rounds (the `combat-dice` optional rule).
    dice_hits: u8,
    setup: FightSetup,
}

fn push<const N: usize>(v: &mut ArrayVec<CcId, N>, c: CcId) {
    // Capacities are sized for every card of a fight; a full vector would be an engine bug.
    let _ = v.try_push(c);
}

impl Default for Fight {
    fn default() -> Self {
        Fight::new()
    }
}

impl Fight {
    /// An empty fight (no cards).
    pub fn new() -> Fight {
        Fight {
            deck: ArrayVec::new(),
            discard: ArrayVec::new(),
            power: [ArrayVec::new(), ArrayVec::new()],
            hand: [ArrayVec::new(), ArrayVec::new()],
            played: [ArrayVec::new(), ArrayVec::new()],
            stack: ArrayVec::new(),
            damage: [ArrayVec::new(), ArrayVec::new()],
            total: [0; 2],
            canceled: [false; 2],
            next_bonus: [(0, None); 2],
            bonus_now: [(0, None); 2],
            piercing: [0; 2],
            round: 0,
            dice_hits: 0,
            setup: FightSetup {
                solo: false,
                life: 1,
                hero_room: 1,
                hand_size: [0; 2],
                no_deathblow: [false; 2],
                hero_powers: (0, 0),
                monster_powers: (0, 0),
            },
        }
    }

    /// Starts a combat: every combat card shuffled into the deck ("all Combat cards are shuffled
    /// back into the Combat deck" at the end of each combat), the two power sets shuffled.
    /// `stacked` cards go on top of the deck (first on top) and `stacked_power` on top of each
    /// power pile, for rule tests; pass empty slices in play.
    pub fn start(
        &mut self,
        r: &CardRules,
        setup: FightSetup,
        rng: &mut GameRng,
        stacked: &[CcId],
        stacked_power: [&[CcId]; 2],
    ) {
        *self = Fight::new();
        self.setup = setup;
        self.deck.extend(0..r.deck_len);
        rng.shuffle(&mut self.deck);
        Self::stack_on_top(&mut self.deck, stacked);
        for (side, set) in [setup.hero_powers, setup.monster_powers].into_iter().enumerate() {
            self.power[side].extend(r.set(set));
            rng.shuffle(&mut self.power[side]);
            Self::stack_on_top(&mut self.power[side], stacked_power[side]);
        }
    }

    fn stack_on_top<const N: usize>(pile: &mut ArrayVec<CcId, N>, cards: &[CcId]) {
        for &c in cards.iter().rev() {
            if let Some(i) = pile.iter().position(|&x| x == c) {
                pile.remove(i);
                push(pile, c);
            }
        }
    }

    // --- read access (what the table shows, plus each side's own hand) ---

    /// A side's hand. Only that side's player may look at it.
    pub fn hand(&self, side: usize) -> &[CcId] {
        &self.hand[side]
    }
    /// Cards a side played this round (revealed card first, then counterattack cards).
    pub fn played(&self, side: usize) -> &[CcId] {
        &self.played[side]
    }
    /// The combat stack, oldest first.
    pub fn combat_stack(&self) -> &[CcId] {
        &self.stack
    }
    /// A side's damage stack.
    pub fn damage(&self, side: usize) -> &[CcId] {
        &self.damage[side]
    }
    /// A side's attack total this round so far.
    pub fn total(&self, side: usize) -> u8 {
        self.total[side]
    }
    /// Whether a side's revealed card is canceled this round.
    pub fn canceled(&self, side: usize) -> bool {
        self.canceled[side]
    }
    /// Cards left in the combat deck.
    pub fn deck_left(&self) -> usize {
        self.deck.len()
    }
    /// Power cards a side has not drawn yet.
    pub fn power_left(&self, side: usize) -> usize {
        self.power[side].len()
    }
    /// The monster's life value (secret from the hero except in solo play).
    pub fn life(&self) -> u8 {
        self.setup.life
    }
    /// Damage cards that kill the hero.
    pub fn hero_room(&self) -> u8 {
        self.setup.hero_room
    }
    /// Whether the monster has no hand (solo play).
    pub fn solo(&self) -> bool {
        self.setup.solo
    }
    /// Whether a side may make deathblows.
    pub fn may_deathblow(&self, side: usize) -> bool {
        !self.setup.no_deathblow[side]
    }

    /// Whether the monster's damage stack (plus the wounds of won dice rounds) reaches its life
    /// value.
    pub fn monster_dead(&self) -> bool {
        self.damage[MONSTER].len() + self.dice_hits as usize >= self.setup.life as usize
    }

    /// Wounds the monster took in dice rounds (the `combat-dice` optional rule).
    pub fn dice_hits(&self) -> u8 {
        self.dice_hits
    }

    /// One round of the Official Combat Dice Variant (2010): no cards are played; the roll is
    /// made by the game, which wounds the hero itself when `hero_hit`, and otherwise the monster
    /// takes one wound here.
    pub fn dice_round(&mut self, hero_hit: bool) {
        self.round = self.round.saturating_add(1);
        if !hero_hit {
            self.dice_hits = self.dice_hits.saturating_add(1);
        }
    }

    /// Sets the damage cards that kill the hero: the wounds he can still take changed after
    /// the fight was set up (a failed escape's damage value).
    pub fn set_hero_room(&mut self, room: u8) {
        self.setup.hero_room = room;
    }

    /// Takes back the wound of the dice round just won (Live to Fight Another Day: the round
    /// deals no damage).
    pub fn undo_dice_hit(&mut self) {
        self.dice_hits = self.dice_hits.saturating_sub(1);
    }

    /// Wounds the monster has taken in this fight: its damage stack and won dice rounds. It
    /// is alive while its life value is above this.
    pub fn monster_damage(&self) -> u8 {
        (self.damage[MONSTER].len() + self.dice_hits as usize).min(u8::MAX as usize) as u8
    }

    /// The combat deck (top last) and the two power piles, for tests that look at what is
    /// hidden.
    #[cfg(test)]
    pub(crate) fn piles(&self) -> (&[CcId], [&[CcId]; 2]) {
        (&self.deck, [&self.power[HERO], &self.power[MONSTER]])
    }

    /// Sets the monster's life value: the fought token was resampled (`Game::resample`).
    pub fn set_life(&mut self, life: u8) {
        self.setup.life = life;
    }

    /// The side whose power set card `c` belongs to (`None`: a combat deck card), for tests.
    #[cfg(test)]
    pub(crate) fn power_side(&self, c: CcId) -> Option<usize> {
        let of = |(first, len): (CcId, u8)| (first..first.saturating_add(len)).contains(&c);
        [HERO, MONSTER]
            .into_iter()
            .find(|&s| of(if s == HERO { self.setup.hero_powers } else { self.setup.monster_powers }))
    }

    /// Redraws, in place, what a player who sees the hands of the sides `known` says (a
    /// player may play both: a table of one without solo play) cannot see. The cards of the
    /// deck, the power piles and the other sides' hands trade places at random, each with a
    /// card of its own kind (a combat deck card, or a power card of the same side's set: a
    /// power card may lie in the deck once the deck was reformed from the combat stack), so
    /// every pile and hand keeps its size and its mix; then the deck and the power piles are
    /// shuffled. What lies on the table (played cards, the combat stack, discards, damage
    /// stacks) stays. Why: a search over a copy of the game must not see the real deck order
    /// nor the other side's hand (`Game::resample`). Each kind's cards are put in card order
    /// before they are dealt, and the piles before they are shuffled, so the result does not
    /// depend on the real order.
    pub fn resample(&mut self, known: [bool; 2], rng: &mut GameRng) {
        let setup = self.setup;
        // A hand is hidden unless its player looks at it; the solo monster has none.
        let no_hand = |side: usize| setup.solo && side == MONSTER;
        let hidden = [HERO, MONSTER].map(|side| !known[side] && !no_hand(side));
        // The kind of a card: 0 or 1, a power card of that side's set; 2, a combat deck card.
        let kind = |c: CcId| {
            let of = |(first, len): (CcId, u8)| (first..first.saturating_add(len)).contains(&c);
            if of(setup.hero_powers) {
                0
            } else if of(setup.monster_powers) {
                1
            } else {
                2
            }
        };
        let Fight { deck, power, hand, .. } = self;
        let [p0, p1] = power;
        let [h0, h1] = hand;
        for k in 0..3u8 {
            let mut cards: ArrayVec<CcId, CC_CAP> = ArrayVec::new();
            let hands = [&*h0, &*h1].into_iter().zip(hidden).filter(|&(_, h)| h).flat_map(|(h, _)| h.iter());
            for &c in deck.iter().chain(p0.iter()).chain(p1.iter()).chain(hands) {
                if kind(c) == k {
                    push(&mut cards, c);
                }
            }
            cards.sort_unstable();
            rng.shuffle(&mut cards);
            let hands =
                [&mut *h0, &mut *h1].into_iter().zip(hidden).filter(|(_, h)| *h).flat_map(|(h, _)| h.iter_mut());
            for slot in deck.iter_mut().chain(p0.iter_mut()).chain(p1.iter_mut()).chain(hands) {
                if kind(*slot) == k {
                    // As many places of this kind as cards were taken from them.
                    if let Some(c) = cards.pop() {
                        *slot = c;
                    }
                }
            }
        }
        deck.sort_unstable();
        rng.shuffle(deck);
        for pile in [p0, p1] {
            pile.sort_unstable();
            rng.shuffle(pile);
        }
    }

    /// Whether the hero's damage stack reaches the wounds he can still take.
    pub fn hero_dead(&self) -> bool {
        self.damage[HERO].len() >= self.setup.hero_room as usize
    }

    // --- steps ---

    /// Draws the top card of the combat deck. Rule decision (the rulebook is silent on an
    /// exhausted Combat deck): the cards discarded during this combat are shuffled back first,
    /// then the combat stack; if that is empty too there is nothing to draw.
    fn draw_one(&mut self, rng: &mut GameRng) -> Option<CcId> {
        if self.deck.is_empty() {
            let from = if self.discard.is_empty() { &mut self.stack } else { &mut self.discard };
            self.deck.extend(from.drain(..));
            rng.shuffle(&mut self.deck);
        }
        self.deck.pop()
    }

    /// Takes a random power card of a side (an escape attempt); it cannot be drawn into the hand
    /// later in this combat.
    pub fn take_power(&mut self, side: usize) -> Option<CcId> {
        self.power[side].pop()
    }

    /// Step 1, "Draw Combat Cards": in the first round each side with `power_draw` adds one of
    /// its power cards (at random) to its hand; then both fill their hands from the combat deck,
    /// the hero first. In solo play the monster has no hand.
    pub fn draw_step(&mut self, power_draw: [bool; 2], rng: &mut GameRng) {
        for side in [HERO, MONSTER] {
            if self.setup.solo && side == MONSTER {
                continue;
            }
            if self.round == 0 && power_draw[side] {
                if let Some(p) = self.power[side].pop() {
                    push(&mut self.hand[side], p);
                }
            }
            while self.hand[side].len() < self.setup.hand_size[side] as usize {
                match self.draw_one(rng) {
                    Some(c) => push(&mut self.hand[side], c),
                    None => break,
                }
            }
        }
    }

    /// Step 2, "Reveal Combat Cards": the hero's card from his hand and the monster's (from its
    /// hand, or in solo play the top card of the deck; `monster` is then ignored). Power card
    /// effects resolve, the hero's first. Returns false if a card was missing.
    ///
    /// Rule decision: cancel effects are applied before any other effect, so a canceled card's
    /// text (a "next round" bonus included) never takes effect, whichever side it belongs to;
    /// two cards that cancel each other are both canceled.
    pub fn reveal(&mut self, r: &CardRules, hero: CcId, monster: CcId, rng: &mut GameRng) -> bool {
        let Some(i) = self.hand[HERO].iter().position(|&c| c == hero) else { return false };
        self.hand[HERO].remove(i);
        let m = if self.setup.solo {
            match self.draw_one(rng) {
                Some(c) => c,
                None => {
                    push(&mut self.hand[HERO], hero);
                    return false;
                }
            }
        } else {
            let Some(j) = self.hand[MONSTER].iter().position(|&c| c == monster) else {
                push(&mut self.hand[HERO], hero);
                return false;
            };
            self.hand[MONSTER].remove(j)
        };
        self.played = [ArrayVec::new(), ArrayVec::new()];
        push(&mut self.played[HERO], hero);
        push(&mut self.played[MONSTER], m);
        self.canceled = [false; 2];
        self.total = [0; 2];
        self.piercing = [0; 2];
        let cards = [r.card(hero), r.card(m)];
        for side in [HERO, MONSTER] {
            if cards[side].has(|e| e == PowerEffect::CancelOpponent) {
                self.canceled[1 - side] = true;
            }
        }
        for side in [HERO, MONSTER] {
            if self.canceled[side] {
                continue;
            }
            let (bonus, against) = self.bonus_now[side];
            let other = cards[1 - side].attack;
            let mut t = cards[side].value as u16;
            if bonus > 0 && against.is_none_or(|a| a == other) {
                t += bonus as u16;
            }
            self.total[side] = t.min(u8::MAX as u16) as u8;
            self.effects(r, side, played_first(&self.played[side]), rng);
        }
        true
    }

    /// Power card effects of `card` played by `side` (not canceled).
    fn effects(&mut self, r: &CardRules, side: usize, card: CcId, rng: &mut GameRng) {
        for e in r.card(card).effects.into_iter().flatten() {
            match e {
                PowerEffect::NextRoundBonus { bonus, against } => self.next_bonus[side] = (bonus, against),
                PowerEffect::Bonus(n) => self.total[side] = self.total[side].saturating_add(n),
                PowerEffect::CancelOpponent => {
                    // Played in a counterattack: the opponent's revealed card loses its value
                    // and its text ("next round" abilities and the like).
                    let o = 1 - side;
                    if !self.canceled[o] {
                        self.canceled[o] = true;
                        self.total[o] = 0;
                        self.next_bonus[o] = (0, None);
                        self.piercing[o] = 0;
                    }
                }
                PowerEffect::Recover(n) => {
                    // Rule decision: recovered damage cards go to the bottom of the combat deck.
                    for _ in 0..n {
                        let Some(c) = self.damage[side].pop() else { break };
                        if self.deck.try_insert(0, c).is_err() {
                            push(&mut self.damage[side], c);
                            break;
                        }
                    }
                }
                PowerEffect::DrawCards(n) => {
                    if !(self.setup.solo && side == MONSTER) {
                        for _ in 0..n {
                            match self.draw_one(rng) {
                                Some(c) => push(&mut self.hand[side], c),
                                None => break,
                            }
                        }
                    }
                }
                PowerEffect::Piercing(n) => self.piercing[side] = self.piercing[side].saturating_add(n),
            }
        }
    }

    /// Step 3: the side that may counterattack, if any. A side may when its total is at most the
    /// opponent's and its revealed card's counterattack icon matches the opponent's attack type;
    /// equal values of the same type are a stand-off with no counterattack. Rule decision: if
    /// both sides could (a tie whose icons match each other, possible only with edited data),
    /// the hero is asked, as power effects resolve hero first.
    pub fn counter_side(&self, r: &CardRules) -> Option<usize> {
        let (Some(&h), Some(&m)) = (self.played[HERO].first(), self.played[MONSTER].first()) else { return None };
        let cards = [r.card(h), r.card(m)];
        if self.total[HERO] == self.total[MONSTER] && cards[HERO].attack == cards[MONSTER].attack {
            return None;
        }
        [HERO, MONSTER].into_iter().find(|&s| {
            !self.canceled[s] && self.total[s] <= self.total[1 - s] && cards[s].counter == Some(cards[1 - s].attack)
        })
    }

    /// The cards `side` may add to its counterattack now: cards in hand whose counterattack icon
    /// matches the opponent's attack type, while its total does not exceed the opponent's
    /// ("he must stop playing cards once his total attack value exceeds his opponent's").
    pub fn counter_cards(&self, r: &CardRules, side: usize, out: &mut ArrayVec<CcId, HAND_CAP>) {
        out.clear();
        let Some(&o) = self.played[1 - side].first() else { return };
        if self.total[side] > self.total[1 - side] {
            return;
        }
        let t = r.card(o).attack;
        out.extend(self.hand[side].iter().copied().filter(|&c| r.card(c).counter == Some(t)));
    }

    /// Adds a card from `side`'s hand to its counterattack; its power effects resolve.
    pub fn counter_play(&mut self, r: &CardRules, side: usize, card: CcId, rng: &mut GameRng) -> bool {
        let Some(i) = self.hand[side].iter().position(|&c| c == card) else { return false };
        self.hand[side].remove(i);
        push(&mut self.played[side], card);
        self.total[side] = self.total[side].saturating_add(r.card(card).value);
        self.effects(r, side, card, rng);
        true
    }

    /// Going It Alone, step 3: the top cards of the deck are revealed; if the ones whose icon
    /// matches the hero's attack type can make the counterattack succeed they must be played
    /// (in the order revealed, stopping once the total exceeds the hero's); every other
    /// revealed card is discarded. Rule decision: "successful" means winning the round, so
    /// cards that would only reach a stand-off are not played.
    pub fn solo_counter(&mut self, r: &CardRules, rng: &mut GameRng) {
        let Some(&h) = self.played[HERO].first() else { return };
        let t = r.card(h).attack;
        let mut shown: ArrayVec<CcId, 16> = ArrayVec::new();
        for _ in 0..r.solo_reveal.min(16) {
            match self.draw_one(rng) {
                Some(c) => shown.push(c),
                None => break,
            }
        }
        let usable: u16 =
            shown.iter().filter(|&&c| r.card(c).counter == Some(t)).map(|&c| r.card(c).value as u16).sum();
        let wins = self.total[MONSTER] as u16 + usable > self.total[HERO] as u16;
        for c in shown {
            if wins && self.total[MONSTER] <= self.total[HERO] && r.card(c).counter == Some(t) {
                push(&mut self.played[MONSTER], c);
                self.total[MONSTER] = self.total[MONSTER].saturating_add(r.card(c).value);
            } else {
                push(&mut self.discard, c);
            }
        }
    }

    /// Tatianna (2010): reveal the top `n` cards; those of type `attack` go onto the monster's
    /// damage stack, the rest are discarded. Returns the damage dealt.
    pub fn volley(&mut self, r: &CardRules, n: u8, attack: AttackType, rng: &mut GameRng) -> u8 {
        let mut hit = 0;
        for _ in 0..n {
            let Some(c) = self.draw_one(rng) else { break };
            if r.card(c).attack == attack {
                push(&mut self.damage[MONSTER], c);
                hit += 1;
            } else {
                push(&mut self.discard, c);
            }
        }
        hit
    }

    /// Step 4, "Assign Damage": the higher total wins; the winner's cards go onto the loser's
    /// damage stack, then a deathblow takes every combat-stack card of the winner's attack type
    /// onto it too (before the loser's cards join the stack), then the loser's cards go onto the
    /// combat stack. Equal totals are a stand-off: both sides' cards go onto the combat stack.
    ///
    /// Rule decisions: the deathblow type is the attack type of the winner's revealed card (a
    /// counterattack's added cards only add value); a loser who played several cards (a failed
    /// counterattack) puts them all on the combat stack.
    pub fn assign(&mut self, r: &CardRules, rng: &mut GameRng) -> RoundResult {
        let totals = self.total;
        let winner = match totals[HERO].cmp(&totals[MONSTER]) {
            std::cmp::Ordering::Greater => HERO as u8,
            std::cmp::Ordering::Less => MONSTER as u8,
            std::cmp::Ordering::Equal => 2,
        };
        let mut deathblow = 0;
        if winner < 2 {
            let w = winner as usize;
            let l = 1 - w;
            let kind = r.card(played_first(&self.played[w])).attack;
            let won = core::mem::take(&mut self.played[w]);
            for c in won {
                push(&mut self.damage[l], c);
            }
            if !self.setup.no_deathblow[w] {
                let mut i = 0;
                while i < self.stack.len() {
                    if r.card(self.stack[i]).attack == kind {
                        let c = self.stack.remove(i);
                        push(&mut self.damage[l], c);
                        deathblow += 1;
                    } else {
                        i += 1;
                    }
                }
            }
            for _ in 0..self.piercing[w] {
                if let Some(c) = self.draw_one(rng) {
                    push(&mut self.damage[l], c);
                }
            }
            let lost = core::mem::take(&mut self.played[l]);
            for c in lost {
                push(&mut self.stack, c);
            }
        } else {
            for side in [HERO, MONSTER] {
                let p = core::mem::take(&mut self.played[side]);
                for c in p {
                    push(&mut self.stack, c);
                }
            }
        }
        self.bonus_now = self.next_bonus;
        self.next_bonus = [(0, None); 2];
        self.canceled = [false; 2];
        self.piercing = [0; 2];
        self.round = self.round.saturating_add(1);
        RoundResult {
            winner,
            totals,
            deathblow,
            damage: [self.damage[HERO].len() as u8, self.damage[MONSTER].len() as u8],
        }
    }
}

impl Fight {
    /// Discards the cards of `side`'s damage stack above its first `keep` (Live to Fight
    /// Another Day: the round's damage "discarded instead").
    pub fn discard_damage(&mut self, side: usize, keep: usize) {
        while self.damage[side].len() > keep {
            if let Some(c) = self.damage[side].pop() {
                push(&mut self.discard, c);
            }
        }
    }
}

fn played_first(p: &[CcId]) -> CcId {
    p.first().copied().unwrap_or(0)
}
