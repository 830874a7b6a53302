//! Why Dungeon of Chaos games end unfinished: for each game that reaches the round limit, what
//! the board still holds (1×1 tiles left, squares explored per level, rooms where monsters
//! wait, chests, exits where a tile can still be laid, the seats' coins) and each seat's state
//! and answers over its last 50 rounds (docs/bots.md, "Games that end").
//!
//! `cargo run --release -p dq-bots --example chaos_stalls -- [bot] [seats] [games] [seed] [first]`;
//! defaults: greedy, 4 seats, 1000 games, seed 20141, from game 0. One thread.
use dq_bots::core::Policy;
use dq_bots::dungeon_of_chaos::ChaosPlayers;
use dq_bots::BotSpec;
use dq_engine::core::{DecisionGame, NoObserver};
use dq_engine::dungeon_of_chaos::data::Attr;
use dq_engine::dungeon_of_chaos::game::{ChaosChoice, ChaosConfig, DeckId, Ending, Place};
use dq_engine::dungeon_of_chaos::{ChaosGame, ChaosRules};
use dq_engine::rng::{GameRng, Stream};
use std::collections::HashSet;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bot = args.first().map_or("greedy", |s| s.as_str());
    let seats: u8 = args.get(1).map_or(4, |s| s.parse().unwrap());
    let games: u64 = args.get(2).map_or(1000, |s| s.parse().unwrap());
    let seed: u64 = args.get(3).map_or(20141, |s| s.parse().unwrap());
    let from: u64 = args.get(4).map_or(0, |s| s.parse().unwrap());
    let rules = ChaosRules::standard();
    let config = ChaosConfig::new(seats);
    let spec = BotSpec::parse(bot).unwrap();
    let mut players = ChaosPlayers::new(&[spec], usize::from(seats)).unwrap();
    let mut game = ChaosGame::new(&rules, &config, seed, 0, &mut NoObserver).unwrap();
    let mut unfinished = 0;
    let mut n_exhausted = 0;
    for index in from..from + games {
        players.new_game();
        game.restart(&config, seed, index, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(seed, index, Stream::Bot);
        let mut squares: Vec<HashSet<u8>> = vec![HashSet::new(); 4];
        let mut acts = [[0u32; 8]; 4];
        while !game.is_over() {
            let legal = game.legal_choices().clone();
            let d = game.pending().unwrap();
            let c = players.choose(&game, &legal, &mut rng);
            if game.round() > 150 {
                let s = d.seat as usize;
                if let Some(q) = game.hero(d.seat).square() {
                    squares[s].insert(q.0);
                }
                let k = match c {
                    ChaosChoice::End => 0,
                    ChaosChoice::Move { .. } => 1,
                    ChaosChoice::Up => 2,
                    ChaosChoice::Down => 3,
                    ChaosChoice::Search { .. } => 4,
                    ChaosChoice::Open { .. } => 5,
                    ChaosChoice::Combat(_) => 6,
                    _ => 7,
                };
                acts[s][k] += 1;
            }
            game.apply(c, &mut NoObserver).unwrap();
        }
        if !matches!(game.ending(), Some(Ending::Unfinished)) {
            continue;
        }
        unfinished += 1;
        let tiles: Vec<u32> = (0..3).map(|z| game.stock(DeckId::Tiles(z)).left() as u32).collect();
        let laid: Vec<usize> = (0..4u8)
            .map(|l| {
                (l * 48..l * 48 + 48)
                    .filter(|&s| game.board().explored(dq_engine::dungeon_of_chaos::game::Sq(s)))
                    .count()
            })
            .collect();
        let b = game.board();
        use dq_engine::dungeon_of_chaos::data::TileSize;
        use dq_engine::dungeon_of_chaos::game::{ChestLeft, Dir, Edge, Sq};
        let mut monster_rooms = 0;
        let mut chests = 0;
        let mut frontier = 0;
        for l in b.laid() {
            monster_rooms += usize::from(l.n_monsters > 0);
            chests += usize::from(l.chest != ChestLeft::None);
        }
        for s in (0..192u8).map(Sq) {
            if !b.explored(s) {
                continue;
            }
            for d in Dir::ALL {
                let t = s.step(d);
                if b.explored(t) || b.edge(s, d) == Edge::Wall {
                    continue;
                }
                let sizes: &[TileSize] = match b.edge(s, d) {
                    Edge::Arrow => &[TileSize::TwoByTwo, TileSize::OneByTwo, TileSize::One],
                    Edge::Door(_) => &[TileSize::OneByTwo, TileSize::One],
                    _ => &[TileSize::One],
                };
                if sizes.iter().any(|&z| {
                    let st = game.stock(DeckId::Tiles(z as u8));
                    st.left() + st.discarded() > 0 && b.fits(z, t, d).is_some()
                }) {
                    frontier += 1;
                }
            }
        }
        let total: u32 = (0..seats).map(|s| game.hero(s).gold).sum();
        let best: u32 = (0..seats).map(|s| game.hero(s).gold).max().unwrap();
        let exhausted = monster_rooms == 0 && chests == 0 && frontier == 0;
        if exhausted {
            n_exhausted += 1;
        }
        println!("game {index}: tiles left {tiles:?} explored per level {laid:?} monster rooms {monster_rooms} chests {chests} frontier {frontier} coins total {total} best {best} exhausted {exhausted}");
        for s in 0..seats {
            let h = game.hero(s);
            let treasure = game.treasure_value(h);
            let at = match h.place {
                Place::Town => "town".to_string(),
                Place::Dungeon(q) => format!("L{} r{} c{} ({})", q.level() + 1, q.row(), q.col(), q.0),
            };
            println!(
                "  seat {s} {:3} at {at:18} hp {}/{} spd {} gold {} treas {} items {} sq50 {} acts[end,mv,up,dn,srch,open,cmb,oth] {:?}",
                h.character,
                h.stats[Attr::Health as usize],
                h.start[Attr::Health as usize],
                game.effective(s, Attr::Speed),
                h.gold,
                treasure,
                h.items.len(),
                squares[s as usize].len(),
                acts[s as usize]
            );
        }
    }
    println!("unfinished {unfinished} of {games}, exhausted (no ground, monsters or chests left) {n_exhausted}");
}
