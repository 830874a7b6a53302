//! `dq replay --game dungeon-of-chaos`: one game of a run played again, exactly (rebuilt from
//! the run's options, seed and the game's index alone, with fresh bots), printed as a
//! turn-by-turn trace of its events and the bots' answers, or as JSON with its Parquet rows
//! (built by the same code as the results file's).

use super::outcome::{FirstProfiles, Row};
use super::run::Setup;
use crate::cli::{Format, ReplayArgs};
use crate::error::{bad, Failure};
use crate::parquet_out;
use crate::replay::rows_json;
use arrayvec::ArrayVec;
use dq_bots::dungeon_of_chaos::play_chaos_noting;
use dq_engine::core::Observer;
use dq_engine::dungeon_of_chaos::combat::{Answer, End, Event as CombatEvent, HandCard, Who, HERO, MAX_FOES};
use dq_engine::dungeon_of_chaos::data::{AttackType, Attr, Confusion};
use dq_engine::dungeon_of_chaos::death;
use dq_engine::dungeon_of_chaos::game::board::Board;
use dq_engine::dungeon_of_chaos::game::{ChaosChoice, ChaosDecision, ChaosEvent, DeckId, Dir, Ending, Sq, Ware};
use dq_engine::dungeon_of_chaos::rules::Act;
use dq_engine::dungeon_of_chaos::{ChaosGame, ChaosRules};
use dq_engine::NoObserver;
use serde_json::{json, Value};

/// Runs `dq replay` of game `index` of a Dungeon of Chaos run.
pub fn run(args: &ReplayArgs, index: u64) -> Result<(), Failure> {
    let setup = Setup::new(&args.table)?;
    if let Some(games) = args.games {
        if index >= games {
            return Err(bad(format!("--index {index}: a run of {games} games has games 0 to {}", games - 1)));
        }
    }
    let seed = args.table.seed;
    let config = &setup.table.config;
    let mut players = setup.table.players();
    let mut game =
        ChaosGame::new(&setup.rules, config, seed, index, &mut NoObserver).map_err(|e| bad(e.to_string()))?;
    let mut trace = Trace {
        rules: &setup.rules,
        first: FirstProfiles::default(),
        characters: [None; 4],
        active: 0,
        foes: [None; MAX_FOES],
        waiting: Vec::new(),
        board: Board::new(),
        squares: [None; 4],
        lines: Vec::new(),
    };
    play_chaos_noting(&mut game, config, seed, index, &mut players, &mut trace, |t, g, d, c| t.answered(g, d, c))
        .map_err(|e| bad(e.to_string()))?;
    trace.flush(&game);
    let rows: Vec<Row> = (0..game.seats()).map(|s| Row::of(&game, index, s, &trace.first)).collect();
    let batch = parquet_out::batch(&rows, &setup.consts(seed));
    let table = &setup.table;
    match args.format {
        Format::Text => {
            let mut s = format!(
                "dq replay: game {index} of seed {seed}, dungeon-of-chaos (data {}), heroes {}, bots {}\n",
                crate::meta::hex(setup.rules.data_hash),
                table.heroes,
                table.bots.join(",")
            );
            for l in &trace.lines {
                s += l;
                s.push('\n');
            }
            s += "\nresult:\n";
            for row in rows_json(&batch) {
                let v = |k: &str| row.get(k).map_or(String::new(), |v| v.to_string().trim_matches('"').to_string());
                s += &format!(
                    "  seat {} {} ({}): gold {}, {} deaths, deepest level {}, {} kills, {} town visits{}\n",
                    v("seat"),
                    v("hero"),
                    v("bot"),
                    v("gold"),
                    v("deaths"),
                    v("deepest_level"),
                    v("kills"),
                    v("town_visits"),
                    if row["winner"] == json!(true) { ", WINNER" } else { "" },
                );
            }
            crate::error::emit(&s);
        }
        Format::Json => {
            let head = json!({
                "game": super::schema::GAME,
                "seed": seed,
                "game_index": index,
                "data_hash": crate::meta::hex(setup.rules.data_hash),
                "heroes": table.heroes,
                "bots": table.bots,
            });
            let events: Vec<String> = trace.lines.iter().map(|l| json!({ "event": l.trim() }).to_string()).collect();
            let rows: Vec<String> = rows_json(&batch).into_iter().map(|r| Value::Object(r).to_string()).collect();
            crate::error::emit(&format!(
                "{{\"game\":{head},\n\"events\":[\n{}\n],\n\"rows\":[\n{}\n]}}\n",
                events.join(",\n"),
                rows.join(",\n")
            ));
        }
    }
    Ok(())
}

/// The game's events and answers as readable lines: characters, monsters, items, cards and
/// tiles by their names, directions as north/east/south/west, squares as level, row and
/// column (each counted from 1, as the board is read).
///
/// A combat's events are named from the combat (fighter 1 is its first monster), which the
/// game holds only once it has begun: events are kept as they come and written out at the
/// next answer, with the game then in hand.
struct Trace<'a> {
    rules: &'a ChaosRules,
    first: FirstProfiles,
    /// Each seat's character (profile id) once taken.
    characters: [Option<u8>; 4],
    /// The seat whose turn it is, as the events tell.
    active: u8,
    /// The monsters of the combat under way (fighter `i` is `foes[i - 1]`), as last seen.
    foes: [Option<u8>; MAX_FOES],
    /// Events not yet written: they wait for the game's next position.
    waiting: Vec<ChaosEvent>,
    /// The board and each seat's square at the last answer: the monsters waiting in a room
    /// a combat begins in.
    board: Board,
    squares: [Option<Sq>; 4],
    lines: Vec<String>,
}

/// A direction in words.
fn dir(d: Dir) -> &'static str {
    match d {
        Dir::N => "north",
        Dir::E => "east",
        Dir::S => "south",
        Dir::W => "west",
    }
}

/// A square as level, row and column, each from 1.
fn square(s: Sq) -> String {
    format!("level {} row {} column {}", s.level() + 1, s.row() + 1, s.col() + 1)
}

/// An attribute's name (§5).
fn attr(a: Attr) -> &'static str {
    match a {
        Attr::Attack => "Attack",
        Attr::Defence => "Defence",
        Attr::Speed => "Speed",
        Attr::Mind => "Mind",
        Attr::Health => "Health",
    }
}

impl Trace<'_> {
    fn who(&self, seat: u8) -> String {
        match self.characters.get(usize::from(seat)).copied().flatten() {
            Some(c) => format!("seat {seat} ({})", self.profile(c)),
            None => format!("seat {seat}"),
        }
    }

    fn profile(&self, c: u8) -> &str {
        self.rules.character_names.get(usize::from(c)).map_or("?", |n| n.as_str())
    }

    fn monster(&self, m: u8) -> &str {
        self.rules.monster_names.get(usize::from(m)).map_or("?", |n| n.as_str())
    }

    fn item(&self, i: u8) -> &str {
        self.rules.item_names.get(usize::from(i)).map_or("?", |n| n.as_str())
    }

    /// Fighter `i` of the combat under way: the hero (his seat) or a monster by name.
    fn fighter(&self, i: u8) -> String {
        if i == HERO {
            return self.who(self.active);
        }
        match self.foes.get(usize::from(i) - 1).copied().flatten() {
            Some(m) => self.monster(m).to_string(),
            None => format!("monster {i}"),
        }
    }

    /// The monsters of `seat`'s combat under way, if one is.
    fn see_combat(&mut self, game: &ChaosGame<'_>, seat: u8) {
        if let Some(f) = &game.hero(seat).fight {
            for (i, foe) in self.foes.iter_mut().enumerate() {
                *foe = match (i + 1 < usize::from(f.len())).then(|| f.fighter(i as u8 + 1).who) {
                    Some(Who::Monster(m)) => Some(m),
                    _ => None,
                };
            }
        }
    }

    /// The events kept so far written out, named from `game` (the position after them).
    /// The game's combat names the events after the last combat that ended among them; a
    /// combat begun and ended between two answers is named as the game sets it up: the
    /// monsters waiting in the room (as at the last answer), then the Monster cards drawn.
    fn flush(&mut self, game: &ChaosGame<'_>) {
        let waiting = std::mem::take(&mut self.waiting);
        let last_over = waiting.iter().rposition(|e| matches!(e, ChaosEvent::CombatOver(_)));
        let mut drawn: ArrayVec<u8, MAX_FOES> = ArrayVec::new();
        let mut in_combat = self.foes.iter().any(Option::is_some);
        for (k, &e) in waiting.iter().enumerate() {
            match e {
                ChaosEvent::Turn(s) => self.active = s,
                ChaosEvent::Moved { seat, to } => {
                    if let Some(q) = self.squares.get_mut(usize::from(seat)) {
                        *q = Some(to);
                    }
                }
                ChaosEvent::Card { deck: DeckId::Monsters(_), card } if !drawn.is_full() => {
                    drawn.push(card as u8);
                }
                ChaosEvent::Combat(_) if !in_combat => {
                    in_combat = true;
                    let room = self.squares.get(usize::from(self.active)).copied().flatten();
                    let there = room.and_then(|at| self.board.laid_at(at)).map_or(&[][..], |l| l.monsters());
                    let foes = there.iter().chain(drawn.iter()).map(|&m| Some(m)).chain(std::iter::repeat(None));
                    for (foe, m) in self.foes.iter_mut().zip(foes) {
                        *foe = m;
                    }
                    drawn.clear();
                }
                _ => {}
            }
            if last_over.is_none_or(|o| k > o) {
                self.see_combat(game, self.active);
            }
            let line = self.event_line(e);
            self.lines.push(line);
            if let ChaosEvent::CombatOver(_) = e {
                self.foes = [None; MAX_FOES];
                in_combat = false;
            }
        }
        self.waiting = waiting;
        self.waiting.clear();
    }

    /// What the next events are named from: the board and where each seat stands now.
    fn remember(&mut self, game: &ChaosGame<'_>) {
        self.board.clone_from(game.board());
        for (s, q) in self.squares.iter_mut().enumerate() {
            *q = if s < usize::from(game.seats()) { game.hero(s as u8).square() } else { None };
        }
    }

    fn answered(&mut self, game: &ChaosGame<'_>, d: ChaosDecision, c: ChaosChoice) {
        self.flush(game);
        self.remember(game);
        self.active = d.seat;
        self.see_combat(game, d.seat);
        let line = format!("    {} {}", self.who(d.seat), self.answer(game, d, c));
        self.lines.push(line);
    }

    /// What an answer does, named from the position it is given in.
    fn answer(&self, game: &ChaosGame<'_>, d: ChaosDecision, c: ChaosChoice) -> String {
        use ChaosChoice as C;
        let h = game.hero(d.seat);
        let item = |slot: u8| h.items.get(usize::from(slot)).map_or("?", |&i| self.item(i));
        let hand = |slot: u8| self.hand_card(h.hand.get(usize::from(slot)).copied().flatten());
        match c {
            C::Profile(i) => {
                format!("takes the profile {}", game.offer().get(usize::from(i)).map_or("?", |&p| self.profile(p)))
            }
            C::Move { from, dir: d } => format!("moves {} from {}", dir(d), square(from)),
            C::Open { from, dir: d } => format!("opens the door {} of {}", dir(d), square(from)),
            C::Search { from, dir: d } => format!("searches the {} wall of {} for a secret door", dir(d), square(from)),
            C::Up => "goes up the stairs".into(),
            C::Down => "goes down the stairs".into(),
            C::Drink(slot) => format!("drinks {}", hand(slot)),
            C::End => "ends the turn".into(),
            C::Fight => "stays and fights".into(),
            C::Through => "goes through the secret door".into(),
            C::Stay => "stays on this side of the secret door".into(),
            C::Combat(a) => self.combat_answer(game, d.seat, a),
            C::Equip(slot) => format!("equips {}", item(slot)),
            C::Unequip(slot) => format!("takes off {}", item(slot)),
            C::DropItem(slot) => format!("discards {}", item(slot)),
            C::Read(slot) => format!("reads {}", hand(slot)),
            C::OpenChest => "opens the chest".into(),
            C::Give { to, item: slot } => format!("gives {} {}", self.who(to), item(slot)),
            C::GiveGold { to, amount } => format!("gives {} {amount} gold", self.who(to)),
            C::Dismiss(i) => match h.companions.get(usize::from(i)).and_then(|c| c.mount) {
                Some(m) => format!("dismisses the mount {}", self.monster(m)),
                None => format!("dismisses companion {}", i + 1),
            },
            C::Go => "goes on".into(),
            C::Buy(i) => {
                let at = h.square();
                let shop = game.shops().iter().find(|s| at.is_some_and(|a| game.board().same_tile(s.at, a)));
                match shop.and_then(|s| s.wares.get(usize::from(i))) {
                    Some(&w) => format!("buys {} for {} gold", self.ware(w), game.price(w)),
                    None => format!("buys ware {}", i + 1),
                }
            }
            C::TradeIn(slot) => format!("trades in {} for store credit", item(slot)),
            C::Redeem(slot) => format!("redeems {}", item(slot)),
            C::Transmute(slot) => format!("transmutes {} into coins", item(slot)),
            C::Portal => "steps into the portal".into(),
            C::Tunnel(at) => format!("takes the tunnel out at {}", square(at)),
            C::Lever => "pulls the floodgates' lever".into(),
            C::Jump => "jumps into the chasm".into(),
            C::Fountain => "drinks from the fountain".into(),
            C::Touch => "touches a statue".into(),
            C::Stumble => "stumbles out of the dark room".into(),
            C::Away => "gets away".into(),
            C::Land(at) => format!("lands on {}", square(at)),
        }
    }

    /// A combat answer, with the weapon, tool, card and target named.
    fn combat_answer(&self, game: &ChaosGame<'_>, seat: u8, a: Answer) -> String {
        let (weapons, tools) = game.combat_items(seat);
        let fight = game.hero(seat).fight.as_ref();
        let card = |slot: u8| self.hand_card(fight.and_then(|f| f.hand().get(usize::from(slot)).copied().flatten()));
        let at = |foe: u8| if foe == HERO { "himself".to_string() } else { self.fighter(foe) };
        match a {
            Answer::Attack { foe, weapon: None } => format!("attacks {} bare-handed", at(foe)),
            Answer::Attack { foe, weapon: Some(w) } => format!(
                "attacks {} with {}",
                at(foe),
                weapons.get(usize::from(w)).map_or("a weapon", |&i| self.item(i))
            ),
            Answer::Defend => "defends".into(),
            Answer::Flee => "flees".into(),
            Answer::Action { foe } => format!("uses the profile's combat action on {}", at(foe)),
            Answer::Use { tool, foe } => {
                format!("uses {} on {}", tools.get(usize::from(tool)).map_or("a tool", |&i| self.item(i)), at(foe))
            }
            Answer::Cast { slot, foe } => format!("casts {} at {}", card(slot), at(foe)),
            Answer::Drink { slot } => format!("drinks {}", card(slot)),
            Answer::Throw { slot, foe } => format!("throws {} at {}", card(slot), at(foe)),
            Answer::Read { slot, foe } => format!("reads {} at {}", card(slot), at(foe)),
        }
    }

    fn hand_card(&self, c: Option<HandCard>) -> String {
        let name = |deck: &[String], id: u16| deck.get(usize::from(id)).map_or("?".to_string(), |n| n.clone());
        match c {
            Some(HandCard::Spell { card, .. }) => format!("the spell {}", name(&self.rules.spells.names, card)),
            Some(HandCard::Potion(card)) => format!("the potion {}", name(&self.rules.potions.names, card)),
            Some(HandCard::Scroll { card, .. }) => format!("the scroll {}", name(&self.rules.scrolls.names, card)),
            None => "an empty hand".into(),
        }
    }

    fn ware(&self, w: Ware) -> String {
        match w {
            Ware::Item(i) => self.item(i).to_string(),
            Ware::Potion(p) => self.hand_card(Some(HandCard::Potion(p))),
            Ware::Scroll(s) => self.hand_card(Some(HandCard::Scroll { card: s, on_enemy: false })),
        }
    }

    fn card(&self, deck: DeckId, card: u16) -> String {
        let names: &[String] = match deck {
            DeckId::Monsters(_) => &self.rules.monster_names,
            DeckId::Items(_) => &self.rules.item_names,
            DeckId::Spells => &self.rules.spells.names,
            DeckId::Potions => &self.rules.potions.names,
            DeckId::Scrolls => &self.rules.scrolls.names,
            DeckId::Rooms => &self.rules.rooms.names,
            DeckId::Events => &self.rules.events.names,
            DeckId::Doors => &self.rules.doors.names,
            DeckId::Chests => &self.rules.chests.names,
            DeckId::Curses => &self.rules.curses.names,
            DeckId::Gods => &self.rules.gods.names,
            DeckId::Profiles => &self.rules.character_names,
            DeckId::Tiles(_) => &self.rules.tile_names,
        };
        let kind = death::deck_name(deck).trim_end_matches("-card");
        match (deck, names.get(usize::from(card))) {
            (DeckId::Monsters(l) | DeckId::Items(l), Some(n)) => format!("the level {} {kind} card {n}", l + 1),
            (_, Some(n)) => format!("the {kind} card {n}"),
            (_, None) => format!("a {kind} card"),
        }
    }

    fn event_line(&self, e: ChaosEvent) -> String {
        use ChaosEvent as E;
        match e {
            E::Round(r) => format!("round {r}"),
            E::Turn(s) => format!("  {}'s turn", self.who(s)),
            E::Profile { seat, character } => format!("    seat {seat} plays {}", self.profile(character)),
            E::First { seat } => format!("{} goes first", self.who(seat)),
            E::TilePlaced { at, tile, facing } => format!(
                "    the tile {} is laid at {}, facing {}",
                self.rules.tile_names.get(usize::from(tile)).map_or("?", |n| n.as_str()),
                square(at),
                dir(facing)
            ),
            E::Moved { seat, to } => format!("    {} arrives at {}", self.who(seat), square(to)),
            E::Card { deck, card } => format!("    draws {}", self.card(deck, card)),
            E::Rolled { sides, value } => format!("    rolls {value} on a d{sides}"),
            E::Door { at, dir: d, card } => format!(
                "    the door {} of {}: {}",
                dir(d),
                square(at),
                self.rules.doors.names.get(usize::from(card)).map_or("?", |n| n.as_str())
            ),
            E::SecretDoor { at, dir: d, found: true } => {
                format!("    a secret door found in the {} wall of {}", dir(d), square(at))
            }
            E::SecretDoor { at, dir: d, found: false } => {
                format!("    no secret door in the {} wall of {}", dir(d), square(at))
            }
            E::Combat(c) => format!("    {}", self.combat_event(c)),
            E::CombatOver(end) => match end {
                End::Cleared { gold, items } => {
                    let n = items.iter().map(|&k| u32::from(k)).sum::<u32>();
                    format!("    the combat is won: {gold} gold and {n} item cards of treasure")
                }
                End::HeroFled => "    the combat ends: the hero fled, the monsters stay".into(),
                End::HeroDied => "    the combat ends: the hero died".into(),
            },
            E::Town { seat } => format!("    {} enters the town", self.who(seat)),
            E::Died { seat, cause } => {
                use dq_engine::dungeon_of_chaos::death::Source;
                let by = match cause.harm.source {
                    Source::Monster { monster, .. } => self.monster(monster).to_string(),
                    Source::Item(i) => self.item(i).to_string(),
                    other => super::schema::other_word(other).to_string(),
                };
                let attack = cause.attack().map_or(String::new(), |a| format!(", {a}"));
                format!("    {}'s character dies: {} ({by}{attack})", self.who(seat), cause.category().name())
            }
            E::Gold { seat, amount } if amount >= 0 => format!("    {} gains {amount} gold", self.who(seat)),
            E::Gold { seat, amount } => format!("    {} loses {} gold", self.who(seat), -amount),
            E::Over(Ending::Won(s)) => format!("game over: {} wins, back in town with the gold", self.who(s)),
            E::Over(Ending::Unfinished) => "game over: the round limit (unfinished)".into(),
        }
    }

    fn combat_event(&self, e: CombatEvent) -> String {
        use CombatEvent as C;
        let f = |i: u8| self.fighter(i);
        match e {
            C::Initiative { who, roll, total } => format!("{}: initiative {roll}, total {total}", f(who)),
            C::Surprised { who } => format!("{} is surprised", f(who)),
            C::Chart { who, roll, act } => format!("{} rolls {roll} on its chart: {}", f(who), act_name(act)),
            C::Asleep { who } => format!("{} is asleep", f(who)),
            C::Fumble { who } => format!("{} fumbles", f(who)),
            C::Critical { who, extra } => format!("{} strikes a critical blow, {extra} more", f(who)),
            C::Wound { on, amount, kind } => {
                let kind = match kind {
                    AttackType::Plain => String::new(),
                    k => format!(" {}", death::attack_type_name(k)),
                };
                format!("{} loses {amount} Health to the{kind} blow", f(on))
            }
            C::Retribution { on, amount } => format!("the Ring of Retribution deals {} {amount}", f(on)),
            C::Died { who } => format!("{} dies", f(who)),
            C::Fled { who } => format!("{} flees", f(who)),
            C::FleeFailed { who } => format!("{} fails to flee", f(who)),
            C::Teleported { who } => format!("{} teleports away", f(who)),
            C::Stalemate => "no one was hurt for rounds: the monsters leave".into(),
            C::Summoned { by, monster } => format!("{} summons {}", f(by), self.monster(monster)),
            C::Spell { by, card } => format!(
                "{} casts {}",
                f(by),
                self.rules.spells.names.get(usize::from(card)).map_or("?", |n| n.as_str())
            ),
            C::Ailment { on, ailment } => format!("{} is {}", f(on), death::ailment_name(ailment)),
            C::Woke { who } => format!("{} wakes up", f(who)),
            C::Confusion { roll, does } => format!(
                "confusion: {roll}, {}",
                match does {
                    Confusion::Normal => "acts as chosen",
                    Confusion::AttackRandom => "attacks someone at random",
                    Confusion::AttackSelf => "attacks himself",
                    Confusion::Flee => "flees",
                    Confusion::Dither => "dithers, the action lost",
                }
            ),
            C::Lost { what, on, amount } => format!("{} loses {amount} {}", f(on), attr(what)),
            C::Broke { item } => format!("{} breaks", self.item(item)),
        }
    }
}

/// A monster's chart act in words.
fn act_name(a: Act) -> String {
    match a {
        Act::Attack { kind: AttackType::Plain, bonus: 0 } => "attacks".into(),
        Act::Attack { kind: AttackType::Plain, bonus } => format!("attacks at {bonus:+}"),
        Act::Attack { kind, bonus: 0 } => format!("a {} attack", death::attack_type_name(kind)),
        Act::Attack { kind, bonus } => format!("a {} attack at {bonus:+}", death::attack_type_name(kind)),
        Act::Flee => "flees".into(),
        Act::Defend => "defends".into(),
        Act::CastSpell => "casts a spell".into(),
        Act::Teleport => "teleports".into(),
        Act::Mindstrike => "a mindstrike".into(),
        Act::Touch(_) => "a touch".into(),
        Act::Summon(n) => format!("summons from level {n}"),
        Act::Do(_) => "its special act".into(),
    }
}

impl Observer<ChaosEvent> for Trace<'_> {
    fn event(&mut self, e: ChaosEvent) {
        self.first.event(e);
        if let ChaosEvent::Profile { seat, character } = e {
            if let Some(c) = self.characters.get_mut(usize::from(seat)) {
                *c = Some(character);
            }
        }
        self.waiting.push(e);
    }
}
