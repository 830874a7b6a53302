//! Serde schema of the rule data files in `data/dungeonquest/<edition>/`.
//!
//! These types mirror the files one to one so that a user who rebalances a card edits text that
//! reads like the card. They are only used while loading: [`crate::dungeonquest::rules::Rules::load`] validates
//! them and compiles them into compact, id-based tables. Nothing here is touched while a game runs.
//!
//! Every entry may carry `estimated: Some("reason")`: a value that is not confirmed by a public
//! source must say so, with its reasoning, in the file itself.

use serde::{Deserialize, Serialize};

/// One of the four tested hero attributes.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum Attr {
    Strength,
    Agility,
    Armor,
    Luck,
}

/// Which attribute a test uses: a plain attribute or the lower of two (Vampire Bite).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum AttrSel {
    One(Attr),
    LowerOf(Attr, Attr),
}

/// A number of wounds, turns or the like, possibly rolled.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum Amount {
    /// A fixed number.
    Fixed(u8),
    /// `dice`d6 + `plus`, never below zero.
    Dice { dice: u8, plus: i8 },
    /// Half the hero's remaining health (health − wounds), rounded up (Spectral Storm).
    HalfRemainingUp,
    /// `base` − the hero's attribute, never below zero (Troll Smash).
    Minus { base: u8, attr: Attr },
    /// The amount by which the last attribute test failed (Crossfire Trap, Sorcerer's Bolt).
    FailMargin,
    /// The last roll made by a `Roll` effect (Poisonous Snakes: lose as many turns as wounds).
    LastRoll,
}

/// How much a heal removes.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum HealAmount {
    Up(u8),
    All,
}

/// Why an attribute test is made, so kept items can name the tests they pass automatically.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash, Default)]
#[serde(deny_unknown_fields)]
pub enum TestTag {
    #[default]
    Other,
    Trapdoor,
    HoleInRoof,
    BottomlessPit,
    Bridge,
    Portcullis,
    Web,
    CaveIn,
    Escape,
}

/// The decks of the game. Card effects name decks by these ids.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum DeckName {
    Dungeon,
    Search,
    Door,
    Trap,
    Crypt,
    Corpse,
    Catacomb,
    Dragon,
    Treasure,
    Rune,
    Monster,
}

/// Chamber tile kinds (the Rules Reference's chamber effects list).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum TileKind {
    DungeonRoom,
    Corridor,
    Bridge,
    BottomlessPit,
    CaveIn,
    ChamberOfDarkness,
    Chasm,
    RotatingChamber,
    SpiderWeb,
    TrapChamber,
}

/// One side of a tile, in the tile's own orientation.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum Side {
    Wall,
    Hall,
    Door,
    Portcullis,
}

/// The closed effect vocabulary. Card texts are written as lists of these; the engine
/// interprets them. Lists run in order; an effect that ends the turn or kills the hero stops the
/// rest.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum Effect {
    /// Suffer wounds.
    Wounds(Amount),
    /// Heal wounds.
    Heal(HealAmount),
    /// The hero dies.
    Die,
    /// The hero's turn ends now.
    EndTurn,
    /// Door cards: the door opens and the move goes on. A door card without it leaves the hero
    /// where he is and ends his turn.
    Proceed,
    /// Skip the hero's next N turns entirely.
    LoseTurns(Amount),
    /// Take N extra turns right after this one.
    ExtraTurns(u8),
    /// Put this card in the play area as loot (counts for exiting, the bridge and gold).
    Loot,
    /// Put this card in the play area, not as loot (its triggers stay active).
    Keep,
    /// Discard this card now (from the play area or from resolution).
    DiscardThis,
    /// The player may draw and resolve a card of the deck.
    MayDraw(DeckName),
    /// Draw and resolve a card of the deck.
    Draw(DeckName),
    /// Draw `draw` treasure cards and keep `keep` of them (the rest are discarded).
    DrawTreasure { draw: u8, keep: u8 },
    /// A monster encounter begins. `escape: false` forbids escaping it. `kind` names the
    /// monster type (a `monster_kinds` entry) in editions whose cards name it (`third`); without
    /// it the monster is drawn at random (a Revised monster card, or a random type in `third`).
    Monster {
        escape: bool,
        #[serde(default)]
        kind: Option<String>,
    },
    /// The current chamber gains a catacomb entrance marker.
    CatacombEntrance,
    /// The hero enters the catacombs (travel marker placed, turn ends).
    EnterCatacombs,
    /// Turn the hero's current tile clockwise by quarter turns.
    RotateTile(u8),
    /// Turn every tile of a kind clockwise by quarter turns.
    RotateAll { kind: TileKind, quarter_turns: u8 },
    /// The player may move at once into any adjacent space, ignoring walls, doors and
    /// portcullises; a monster met there cannot be escaped.
    SecretDoor,
    /// Attribute test with branches.
    Test {
        attr: AttrSel,
        #[serde(default)]
        tag: TestTag,
        /// Determination tokens may not be spent on this test (Demon Flame).
        #[serde(default)]
        no_determination: bool,
        #[serde(default)]
        pass: Vec<Effect>,
        #[serde(default)]
        fail: Vec<Effect>,
    },
    /// Roll `dice`d6 and run the first case whose range holds the total.
    Roll { dice: u8, cases: Vec<Case> },
    /// Shuffle this card with the deck and its discard pile, then draw a new card.
    Shuffle,
    /// Catacombs: the player may leave the catacombs now.
    MayExitCatacombs,
    /// Catacombs: a failed test here may be retaken next turn instead of drawing (Hole in the Roof).
    RetestNextTurn,
    /// Catacombs (Greedy Deep Elf): the player may bribe with a loot card; roll `dice`d6 × `times`;
    /// below the card's gold the hero may leave, above it he suffers `wounds`.
    Bribe { dice: u8, times: u16, wounds: u8 },
    /// Catacombs (Giant Naga): the way is blocked; the travel marker moves as in exit steps 1–2,
    /// is turned 180°, and the row of catacomb cards is discarded.
    BlockedWay { keep_loot: bool },
    /// Draw N monster cards, suffer the sum of their escape penalties, discard them.
    MonsterVolley(u8),
    /// The player discards one of his loot cards of his choice (if any).
    DiscardLoot,
    /// Discard one of the hero's other loot cards at random.
    DiscardRandomOtherLoot,
    /// This card's gold becomes the last roll × N (Treasure Chest, Artifact Eater).
    GoldFromRoll(u16),
    /// Ferrox: roll `dice`d6 for its life, then test the attribute repeatedly: a pass costs it
    /// one life, a failure costs the hero one wound.
    Duel { life_dice: u8, attr: Attr },
    /// Dragon Rage: discard treasure cards, roll `dice`d6 wounds; every other hero in the
    /// treasure chamber suffers the same; all dragon cards are shuffled back.
    DragonRage { dice: u8 },
    /// The hero exits the dungeon at once (Forbidden Tome 12).
    ExitDungeon,
    // --- rune effects ---
    /// Discard the card just drawn unresolved.
    CancelCard,
    /// Remove search tokens from the hero's space and the adjacent spaces.
    RemoveSearchTokens,
    /// Shuffle every dragon card back into the dragon deck.
    ReshuffleDragon,
    /// Draw a second chamber tile, shuffle one back, place the other.
    RedrawTile,
    /// The failed test succeeds instead.
    PassTest,
    /// Discard all the hero's determination tokens.
    ClearDetermination,
    /// Ignore all doors and portcullises for the rest of this turn.
    IgnoreBarriers,
    /// Look at the top N cards of the search deck and put them back in any order.
    ArrangeSearch(u8),
    /// Move to any adjacent space and resolve it; a monster met there cannot be escaped.
    Teleport,
}

/// One line of a roll table: totals `lo..=hi` run `then`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub lo: u8,
    pub hi: u8,
    #[serde(default)]
    pub then: Vec<Effect>,
}

/// When a kept card's or loot card's trigger fires.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum When {
    /// At the start of each of the owner's status phases (mandatory).
    Status,
    /// At the start of the status phase, at the owner's option (Unstable Potion, Quicksilver).
    StatusOptional,
    /// At the start of the status phase while the card is in the owner's catacomb row.
    StatusInCatacombs,
    /// At the start of the status phase when the owner is in the treasure chamber.
    StatusInTreasureChamber,
    /// At the end of the game, if the owner exited (mandatory).
    EndOfGame,
    /// At the end of the game, if the owner exited, at the owner's option (Bottle Imp).
    EndOfGameOptional,
}

/// A triggered effect of a card in a play area.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Trigger {
    pub when: When,
    pub effect: Vec<Effect>,
}

/// Lasting properties of a held card.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum Passive {
    /// Discard this card to pass a test with one of these tags automatically.
    AutoPass(Vec<TestTag>),
    /// While held, every dragon draw is two draws.
    DoubleDragonDraw,
    /// While the holder also holds the named card, this card is worth `gold`.
    PairGold { with: String, gold: u32 },
    /// Discarded when the holder enters the catacombs.
    DiscardOnCatacombs,
    /// Discarded when the holder exits the dungeon.
    DiscardOnExit,
}

/// Monster values printed on a monster card.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MonsterStats {
    pub kind: String,
    pub life: u8,
    pub escape_penalty: u8,
}

/// When a rune may be used.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum RuneWindow {
    /// At the end of the owner's status phase.
    EndOfStatus,
    /// At the end of the owner's action phase.
    EndOfAction,
    /// Right after the owner draws a card marked `ambush`.
    AfterAmbush,
    /// Right after the owner draws a card of one of these decks.
    AfterDraw,
    /// When the owner is about to draw a dragon card.
    BeforeDragon,
    /// After the owner kills a monster.
    AfterKill,
    /// After the owner draws a chamber tile.
    AfterTile,
    /// After the owner fails an attribute test.
    AfterFailedTest,
}

/// A rune card's use.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RuneUse {
    pub window: RuneWindow,
    /// For `AfterDraw`: the decks whose cards it applies to.
    #[serde(default)]
    pub decks: Vec<DeckName>,
    pub effect: Vec<Effect>,
}

/// One card line of a deck file: `count` identical cards.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CardData {
    pub name: String,
    #[serde(default = "one")]
    pub count: u8,
    /// Printed gold value (loot).
    #[serde(default)]
    pub gold: u32,
    /// Effects on drawing the card.
    #[serde(default)]
    pub effect: Vec<Effect>,
    #[serde(default)]
    pub triggers: Vec<Trigger>,
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// The card is an Ambush (Rune of Death).
    #[serde(default)]
    pub ambush: bool,
    /// Monster cards only.
    #[serde(default)]
    pub monster: Option<MonsterStats>,
    /// Rune cards only.
    #[serde(default)]
    pub rune: Option<RuneUse>,
    /// Why this line is an estimate, if it is one.
    #[serde(default)]
    pub estimated: Option<String>,
}

/// A card or tile line's default count (serde's `default` for `count`).
pub(crate) fn one() -> u8 {
    1
}

/// A deck file entry.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DeckData {
    pub deck: DeckName,
    /// The official card total; the loader checks the lines add up to it.
    pub size: u16,
    pub cards: Vec<CardData>,
}

/// `decks.ron`: every deck of the edition.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DecksFile {
    pub decks: Vec<DeckData>,
    /// Monster kinds in the order the combat data and reports use.
    pub monster_kinds: Vec<String>,
}

/// A hero ability, from a closed list the engine implements.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum Ability {
    /// Once per turn, when about to make an attribute test, may suffer `wounds` to gain `tokens`
    /// determination tokens (Brother Gherinn).
    WoundsForDetermination { wounds: u8, tokens: u8 },
    /// After rolling Dragon Rage dice, may reroll one or both dice once (Brother Gherinn).
    RerollDragonRage,
    /// When drawing a dungeon card, may discard it and draw a replacement, which must be
    /// resolved (Challara).
    RedrawDungeonCard,
    /// After rolling an attribute test, may reroll one die once (Lindel).
    RerollTestDie,
    /// The monster suffers N wounds before the first combat round (Tatianna).
    OpeningStrike(u8),
    /// Suffers at most N wounds per combat round (Hugo).
    MaxCombatWoundsPerRound(u8),
    /// May never attempt to escape a monster (Krutzbeck).
    NeverEscapes,
    /// Card combat (`third`): the hand holds this many more cards than the edition's hand size
    /// (Krutzbeck, 2010: six instead of five).
    ExtraHandCards(u8),
    /// Card combat: with at least this many wounds no power card is drawn into the hand at the
    /// start of combat (Challara, 2010).
    NoPowerCardAtWounds(u8),
    /// Card combat: the opponent cannot make deathblows (Hugo, 2010).
    NoDeathblowsAgainst,
    /// Card combat: when choosing to fight rather than escape, reveal the top `reveal` cards of
    /// the combat deck; those of `attack` type go onto the monster's damage stack, the rest are
    /// discarded (Tatianna, 2010).
    OpeningVolley { reveal: u8, attack: AttackType },
}

/// A hero ability line with its provenance.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AbilityData {
    pub ability: Ability,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// One hero sheet.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HeroData {
    /// Short id used on the command line (`gherinn`).
    pub id: String,
    pub name: String,
    pub health: u8,
    pub strength: u8,
    pub agility: u8,
    pub armor: u8,
    pub luck: u8,
    #[serde(default)]
    pub abilities: Vec<AbilityData>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `heroes.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HeroesFile {
    pub heroes: Vec<HeroData>,
}

/// One tile line: `count` identical tiles. Sides are (top, right, bottom, left) with the entry
/// arrow on the bottom side.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TileData {
    pub kind: TileKind,
    pub sides: (Side, Side, Side, Side),
    #[serde(default = "one")]
    pub count: u8,
    /// Torch icon: the chamber can be searched.
    #[serde(default)]
    pub torch: bool,
    /// Printed catacomb stairs.
    #[serde(default)]
    pub stairs: bool,
    /// For chasm, cave-in and bridge tiles: the sides on the far part of the tile (the part
    /// that does not hold the bottom side). Sides are named `Top`, `Right`, `Bottom`, `Left`.
    #[serde(default)]
    pub far: Vec<SideName>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// A tile side by name.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum SideName {
    Top,
    Right,
    Bottom,
    Left,
}

/// `tiles.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TilesFile {
    /// The official tile total; the loader checks the lines add up to it.
    pub size: u16,
    pub tiles: Vec<TileData>,
}

/// A combat card of the Revised three-card combat.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum CombatCard {
    Magic,
    Melee,
    Ranged,
}

/// One cell of the combat results diagram.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MatrixCell {
    pub hero: CombatCard,
    pub monster: CombatCard,
    pub hero_wounds: u8,
    pub monster_wounds: u8,
}

/// One line of the solo combat table: a d6 range and the wounds each side suffers.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SoloLine {
    pub lo: u8,
    pub hi: u8,
    pub hero_wounds: u8,
    pub monster_wounds: u8,
}

/// `combat.ron`. An edition fights either with the Revised three-card diagram (`matrix` and
/// `solo`) or with the 2010 card combat (`cards`); the loader checks the one in use.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CombatFile {
    #[serde(default)]
    pub matrix: Vec<MatrixCell>,
    #[serde(default)]
    pub solo: Vec<SoloLine>,
    /// The 2010 card combat (edition `third`).
    #[serde(default)]
    pub cards: Option<CardCombatData>,
}

/// The attack type of a 2010 combat or power card (red melee, blue ranged, yellow magic).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum AttackType {
    Melee,
    Ranged,
    Magic,
}

/// One line of the shared combat deck: `count` identical cards.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CombatDeckLine {
    pub attack: AttackType,
    pub value: u8,
    /// The counterattack icon: the attack type this card can counter.
    #[serde(default)]
    pub counter: Option<AttackType>,
    #[serde(default = "one")]
    pub count: u8,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// What a power card does besides its attack value (resolved when it is revealed or played
/// in a counterattack, unless it is canceled).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum PowerEffect {
    /// +`bonus` to this side's attack value next round if the opponent then plays an attack of
    /// type `against` (any type if `None`). "Poisoned Arrow": +4 against magic.
    NextRoundBonus { bonus: u8, against: Option<AttackType> },
    /// +N to this side's attack value this round.
    Bonus(u8),
    /// Cancel the opponent's revealed card: its text and counterattack icon are ignored and its
    /// attack value is 0 and cannot be raised.
    CancelOpponent,
    /// Return up to N cards from this side's damage stack to the bottom of the combat deck.
    Recover(u8),
    /// Draw N combat cards into the hand now (they can be used in a counterattack).
    DrawCards(u8),
    /// If this side wins the round, the top N cards of the combat deck also go onto the loser's
    /// damage stack.
    Piercing(u8),
}

/// One power card.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PowerCardData {
    pub name: String,
    pub attack: AttackType,
    pub value: u8,
    #[serde(default)]
    pub counter: Option<AttackType>,
    /// The escape value (white number).
    pub escape: u8,
    /// The damage value (black number, monsters' power cards only): wounds for a failed escape.
    #[serde(default)]
    pub damage: u8,
    #[serde(default)]
    pub effect: Vec<PowerEffect>,
}

/// The power cards of one hero (by hero id) or one monster type (by `monster_kinds` name).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PowerSetData {
    pub owner: String,
    pub cards: Vec<PowerCardData>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// The 2010 card combat: the shared combat deck and the power sets.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CardCombatData {
    /// Cards in each hand after the draw step.
    pub hand_size: u8,
    /// Solo play: how many cards of the combat deck are revealed for a monster's counterattack.
    pub solo_counter_reveal: u8,
    /// The official combat deck total; the loader checks the lines add up to it.
    pub deck_size: u16,
    pub deck: Vec<CombatDeckLine>,
    pub powers: Vec<PowerSetData>,
    #[serde(default)]
    pub estimated: Option<String>,
    /// The monster-type attributes of the `combat-dice` optional rule (absent: the rule is
    /// refused with this data).
    #[serde(default)]
    pub dice_variant: Option<DiceVariantData>,
}

/// The Official Combat Dice Variant (2010): the hero attribute each monster type is fought with.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DiceVariantData {
    /// One line per monster type (a `monster_kinds` name).
    pub attributes: Vec<DiceAttributeLine>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// A monster type and the attribute a hero rolls against when fighting it with dice.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DiceAttributeLine {
    pub kind: String,
    pub attribute: Attr,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// A numbered sun-track space: the sun sets on a d6 roll of `sets_on_or_below` or less.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SunSpace {
    pub space: u8,
    pub sets_on_or_below: u8,
}

/// `game.ron`: the sun track and other edition-wide numbers.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub edition: String,
    /// Spaces after the start space.
    pub sun_spaces: u8,
    pub sun_numbered: Vec<SunSpace>,
    #[serde(default)]
    pub sun_estimated: Option<String>,
    /// Runes dealt to each hero at setup.
    pub runes_per_hero: u8,
}
