//! Where the gold of a Dungeon of Chaos game comes from and goes, per seat and round, and how
//! long games run: the measurement behind the data's estimate (docs/rulings.md, "Game length").
//!
//! `cargo run --release -p dq-bots --example chaos_economy -- [bot] [seats] [games] [seed]`;
//! defaults: greedy, 2 seats, 1000 games, seed 7. One thread.

use dq_bots::core::Policy;
use dq_bots::dungeon_of_chaos::ChaosPlayers;
use dq_bots::BotSpec;
use dq_engine::core::{DecisionGame, Observer};
use dq_engine::dungeon_of_chaos::combat::End;
use dq_engine::dungeon_of_chaos::game::{ChaosChoice, ChaosConfig, ChaosEvent, DeckId, Ending, Place};
use dq_engine::dungeon_of_chaos::rules::ChaosSources;
use dq_engine::dungeon_of_chaos::{ChaosGame, ChaosRules};
use dq_engine::dungeonquest::rules::Source as DataSource;
use dq_engine::rng::{GameRng, Stream};

/// Where a gold event came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Source {
    Kill,
    Chest,
    Event,
    God,
    Redeem,
    Transmute,
    Shop,
    Other,
}
const SOURCES: [Source; 8] = [
    Source::Kill,
    Source::Chest,
    Source::Event,
    Source::God,
    Source::Redeem,
    Source::Transmute,
    Source::Shop,
    Source::Other,
];

#[derive(Default)]
struct Tally {
    gained: [i64; 8],
    lost: [i64; 8],
    source: Option<Source>,
    kills_by_level: [u64; 4],
    combats_by_level: [u64; 4],
    fled: u64,
    died_in_combat: u64,
    deaths: u64,
    tiles_by_level: [u64; 4],
    treasure_lost_on_death: u64,
    last_level: u8,
    /// Print every event (a game traced from round `trace_from`).
    trace: bool,
}

impl Observer<ChaosEvent> for Tally {
    fn event(&mut self, e: ChaosEvent) {
        if self.trace {
            println!("    {e:?}");
        }
        match e {
            ChaosEvent::CombatOver(End::Cleared { gold, .. }) => {
                self.source = Some(Source::Kill);
                if gold > 0 {
                    self.kills_by_level[usize::from(self.last_level)] += 1;
                }
            }
            ChaosEvent::CombatOver(End::HeroFled) => self.fled += 1,
            ChaosEvent::CombatOver(End::HeroDied) => self.died_in_combat += 1,
            ChaosEvent::Card { deck: DeckId::Monsters(l), .. } => {
                self.combats_by_level[usize::from(l)] += 1;
            }
            ChaosEvent::Card { deck: DeckId::Chests, .. } => self.source = Some(Source::Chest),
            ChaosEvent::Card { deck: DeckId::Events, .. } => self.source = Some(Source::Event),
            ChaosEvent::Card { deck: DeckId::Gods, .. } => self.source = Some(Source::God),
            ChaosEvent::Town { .. } => self.source = Some(Source::Redeem),
            ChaosEvent::TilePlaced { at, .. } => self.tiles_by_level[usize::from(at.level())] += 1,
            ChaosEvent::Died { .. } => self.deaths += 1,
            ChaosEvent::Gold { amount, .. } => {
                let s = self.source.unwrap_or(Source::Other) as usize;
                if amount >= 0 {
                    self.gained[s] += i64::from(amount);
                } else {
                    self.lost[s] -= i64::from(amount);
                }
            }
            _ => {}
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bot = args.first().map_or("greedy", |s| s.as_str());
    let seats: u8 = args.get(1).map_or(2, |s| s.parse().unwrap());
    let games: u64 = args.get(2).map_or(1000, |s| s.parse().unwrap());
    let seed: u64 = args.get(3).map_or(7, |s| s.parse().unwrap());
    // DATA=dir plays the data files of that folder (a copy of data/dungeon_of_chaos/ being
    // tuned) instead of the embedded ones.
    let rules = match std::env::var("DATA") {
        Ok(dir) => {
            let read = |f: &str| std::fs::read_to_string(format!("{dir}/{f}")).unwrap();
            let texts = ChaosSources::FILES.map(read);
            let src = |i: usize| DataSource { name: ChaosSources::FILES[i], text: &texts[i] };
            ChaosRules::load(ChaosSources {
                characters: src(0),
                monsters: src(1),
                items: src(2),
                decks: src(3),
                tiles: src(4),
            })
            .unwrap_or_else(|e| panic!("{e}"))
        }
        Err(_) => ChaosRules::standard(),
    };
    let config = ChaosConfig::new(seats);
    let spec = BotSpec::parse(bot).unwrap();
    let mut players = ChaosPlayers::new(&[spec], usize::from(seats)).unwrap();
    let mut t = Tally::default();
    let mut game = ChaosGame::new(&rules, &config, seed, 0, &mut t).unwrap();
    let mut lengths = Vec::new();
    let mut won = 0u64;
    let mut level_turns = [0u64; 5];
    let mut gold_at = [0f64; 20]; // the leader's gold every 10 rounds
    let trace: Option<(u64, u16)> = std::env::var("TRACE").ok().map(|v| {
        let (a, b) = v.split_once(':').unwrap();
        (a.parse().unwrap(), b.parse().unwrap())
    });
    for index in 0..games {
        t.source = None;
        players.new_game();
        game.restart(&config, seed, index, &mut t).unwrap();
        let mut rng = GameRng::new(seed, index, Stream::Bot);
        let mut last_round = 0;
        while !game.is_over() {
            let legal = game.legal_choices().clone();
            let d = game.pending().unwrap();
            let c = players.choose(&game, &legal, &mut rng);
            if game.round() != last_round {
                last_round = game.round();
                if last_round % 10 == 0 {
                    let best = (0..seats).map(|s| game.hero(s).gold).max().unwrap();
                    gold_at[usize::from(last_round / 10 - 1)] += f64::from(best);
                }
                for s in 0..seats {
                    let l = match game.hero(s).place {
                        Place::Town => 4,
                        Place::Dungeon(q) => usize::from(q.level()),
                    };
                    level_turns[l] += 1;
                }
            }
            let h = game.hero(d.seat);
            t.trace = trace.is_some_and(|(i, r)| i == index && game.round() >= r);
            if t.trace {
                println!(
                    "  r{} seat {} at {:?} hp {:?} gold {} items {}: {:?} -> {c:?} of {legal:?}",
                    game.round(),
                    d.seat,
                    h.place,
                    h.stats,
                    h.gold,
                    h.items.len(),
                    d.ask
                );
            }
            if t.trace && std::env::var("MAP").is_ok() {
                print_map(&game);
                std::process::exit(0);
            }
            t.last_level = h.square().map_or(0, |q| q.level());
            match c {
                ChaosChoice::Redeem(_) => t.source = Some(Source::Redeem),
                ChaosChoice::Transmute(_) => t.source = Some(Source::Transmute),
                ChaosChoice::Buy(_) | ChaosChoice::TradeIn(_) => t.source = Some(Source::Shop),
                _ => {}
            }
            let treasure = u64::from(game.treasure_value(h));
            let deaths = t.deaths;
            game.apply(c, &mut t).unwrap();
            if t.deaths > deaths {
                t.treasure_lost_on_death += treasure;
            }
        }
        if let Some(Ending::Won(_)) = game.ending() {
            won += 1;
            for g in gold_at.iter_mut().skip(usize::from(game.round() / 10)) {
                *g += 2000.0;
            }
        }
        lengths.push(game.round());
    }
    lengths.sort_unstable();
    let n = games as f64;
    let seat_games = n * f64::from(seats);
    let q = |p: f64| lengths[((lengths.len() - 1) as f64 * p) as usize];
    println!("{bot} seats {seats} games {games} seed {seed}: won {won} ({:.1}%)", 100.0 * won as f64 / n);
    println!(
        "rounds: p10 {} p25 {} median {} p75 {} p90 {} mean {:.1}",
        q(0.1),
        q(0.25),
        q(0.5),
        q(0.75),
        q(0.9),
        lengths.iter().map(|&l| f64::from(l)).sum::<f64>() / n
    );
    let rounds: f64 = lengths.iter().map(|&l| f64::from(l)).sum();
    println!("gold per seat-game (and per 100 seat-rounds):");
    for s in SOURCES {
        let i = s as usize;
        if t.gained[i] != 0 || t.lost[i] != 0 {
            println!(
                "  {:?}: +{:.0} -{:.0} ({:+.1} per 100 rounds)",
                s,
                t.gained[i] as f64 / seat_games,
                t.lost[i] as f64 / seat_games,
                100.0 * (t.gained[i] - t.lost[i]) as f64 / (rounds * f64::from(seats))
            );
        }
    }
    println!("  treasure value lost on death: {:.0}", t.treasure_lost_on_death as f64 / seat_games);
    println!(
        "monsters met per seat-game by level {:?}; paid kills {:?}; fled {:.2}, died in combat {:.2}, deaths {:.2}",
        t.combats_by_level.map(|x| (x as f64 / seat_games * 100.0).round() / 100.0),
        t.kills_by_level.map(|x| (x as f64 / seat_games * 100.0).round() / 100.0),
        t.fled as f64 / seat_games,
        t.died_in_combat as f64 / seat_games,
        t.deaths as f64 / seat_games
    );
    println!("tiles per game by level {:?}", t.tiles_by_level.map(|x| (x as f64 / n * 10.0).round() / 10.0));
    let lt: u64 = level_turns.iter().sum();
    println!(
        "share of seat-rounds on levels 1-4 and in town: {:?}",
        level_turns.map(|x| (x as f64 / lt as f64 * 1000.0).round() / 10.0)
    );
    println!("leader's gold every 10 rounds (games over count 2000): {:?}", gold_at.map(|x| (x / n).round()));
}

/// Level 1-2 maps: each square as its feature's initial (`.` unexplored, `M` monsters), with
/// its open east and south sides (`-`, `|`; `d` a door).
fn print_map(g: &ChaosGame<'_>) {
    use dq_engine::dungeon_of_chaos::game::board::{COLS, ROWS};
    use dq_engine::dungeon_of_chaos::game::{Dir, Edge, Sq};
    let b = g.board();
    for level in 0..4 {
        println!("level {}", level + 1);
        for r in 0..ROWS {
            let mut line = String::new();
            let mut below = String::new();
            for c in 0..COLS {
                let s = Sq::new(level, r, c);
                let ch = match b.laid_at(s) {
                    None => ".".to_string(),
                    Some(l) if l.n_monsters > 0 => "M".to_string(),
                    Some(l) => format!("{:?}", g.rules().tiles[l.tile as usize].feature).chars().take(2).collect(),
                };
                let side = |d: Dir| match b.edge(s, d) {
                    Edge::Wall => " ",
                    Edge::Door(_) => "d",
                    _ if b.same_tile(s, s.step(d)) => "=",
                    _ => "-",
                };
                line.push_str(&format!("{ch:>2}{}", side(Dir::E)));
                below.push_str(&format!(" {} ", side(Dir::S)));
            }
            println!("{line}\n{below}");
        }
    }
}
