//! Scans bot-played games for the planner's blunders of issue 24 item 1 and counts them, with
//! the first few game indexes of each (replay them with `dq replay --seed 20141 --game G`).
//! `cargo run --release -p dq-benches --example ways_out -- EDITION BOTS SEATS GAMES [RULES]`
//!
//! Patterns, for every hero: `stuck` dies at sunset having stood on at most 3 spaces in his
//! last 12 actions (with `cata`: a catacomb entrance was offered then; `rune`: he held the
//! Teleportation Rune or the Rune of Opening); `bounce` walks into the treasure chamber more
//! than 3 times; `monster-room` meets monsters on one space 3 times or more; `bridge` counts
//! crossings and falls; `no-treasure` dies at sunset with no treasure card (Revised solo and No
//! Guts, No Glory need one to leave).
use dq_benches::ExampleTable;
use dq_bots::Policy;
use dq_engine::board::TREASURE;
use dq_engine::observer::Event;
use dq_engine::rng::{GameRng, Stream};
use dq_engine::{Cell, Choice, Choices, DeathCause, DecisionKind, Game, NoObserver};

#[derive(Default)]
struct Log {
    /// Per seat: spaces moved to.
    moves: Vec<Vec<Cell>>,
    /// Per seat: spaces monsters were met on.
    monsters: Vec<Vec<Cell>>,
    /// Every event, when one game is traced (`GAME=N`).
    trace: Option<dq_engine::trace::Trace>,
}

impl dq_engine::core::Observer<Event> for Log {
    fn event(&mut self, e: Event) {
        if let Some(t) = self.trace.as_mut() {
            dq_engine::core::Observer::event(t, e);
        }
        if let Event::Moved { seat, to, .. } = e {
            self.moves[seat as usize].push(to);
        }
    }
}

fn main() {
    let t = ExampleTable::from_args();
    let (rules, seats, games, a) = (&t.rules, t.seats, t.games, &t.args);
    let mut players = t.players();
    let cfg = t.config();
    let rune = |name: &str| (0..rules.cards.len()).find(|&c| rules.cards[c].name == name).map(|c| c as u16);
    let (teleport, opening) = (rune("Teleportation Rune"), rune("Rune of Opening"));
    let names = ["stuck", "stuck+cata", "stuck+rune", "bounce", "monster-room", "no-treasure", "bridge-fall"];
    let mut count = [0u64; 7];
    let mut first: Vec<Vec<u64>> = vec![Vec::new(); 7];
    let (mut bridges, mut n, mut surv, mut gold) = (0u64, 0u64, 0u64, 0u64);
    let mut causes = std::collections::BTreeMap::<String, u64>::new();
    let mut c = Choices::new();
    let only: Option<u64> = std::env::var("GAME").ok().and_then(|g| g.parse().ok());
    for i in only.map_or(0..games, |g| g..g + 1) {
        players.new_game();
        let trace = only.map(|_| dq_engine::trace::Trace::default());
        let mut log = Log { moves: vec![Vec::new(); seats], monsters: vec![Vec::new(); seats], trace };
        let mut g = Game::new(rules, &cfg, 20141, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(20141, i, Stream::Bot);
        // Per seat: positions at the last actions, and whether a catacomb entrance was offered.
        let mut at: Vec<Vec<(Cell, bool)>> = vec![Vec::new(); seats];
        while !g.is_over() {
            g.legal(&mut c);
            let d = g.pending().unwrap();
            if d.kind == DecisionKind::Action {
                let s = d.seat as usize;
                at[s].push((g.hero(d.seat).pos, c.contains(&Choice::EnterCatacombs)));
            }
            if d.kind == DecisionKind::Bridge {
                bridges += 1;
            }
            let before = g.combat().is_some();
            let pick = players.choose(&g, &c, &mut rng);
            g.apply(pick, &mut log).unwrap();
            if !before && g.combat().is_some() {
                let s = g.active();
                log.monsters[s as usize].push(g.hero(s).pos);
            }
        }
        if let Some(t) = &log.trace {
            println!("{}", t.render(rules));
        }
        for s in 0..seats {
            let h = g.hero(s as u8);
            if std::env::var_os("PERGAME").is_some() {
                println!("game {i} seat {s} {:?} gold {} round {}", h.stats.death_cause, g.gold(s as u8), g.round());
            }
            n += 1;
            if h.stats.death_cause.is_none() {
                surv += 1;
                gold += u64::from(g.gold(s as u8));
            }
            *causes.entry(format!("{:?}", h.stats.death_cause)).or_default() += 1;
            let mut hit = [false; 7];
            if h.stats.death_cause == Some(DeathCause::Sunset) {
                let last = &at[s][at[s].len().saturating_sub(12)..];
                let mut cells: Vec<Cell> = last.iter().map(|x| x.0).collect();
                cells.sort_unstable();
                cells.dedup();
                if last.len() >= 12 && cells.len() <= 3 {
                    hit[0] = true;
                    hit[1] = last.iter().any(|x| x.1);
                    hit[2] = h.runes.iter().any(|&r| Some(r) == teleport || Some(r) == opening);
                }
                hit[5] = g.treasure_cards(s as u8) == 0;
            }
            let m = &log.moves[s];
            let entries = m.windows(2).filter(|w| !TREASURE.contains(&w[0]) && TREASURE.contains(&w[1])).count();
            hit[3] = entries > 3;
            let mut met = log.monsters[s].clone();
            met.sort_unstable();
            hit[4] = met.windows(3).any(|w| w[0] == w[2]);
            hit[6] = h.stats.death_cause == Some(DeathCause::Bridge);
            for k in 0..7 {
                if hit[k] {
                    count[k] += 1;
                    if first[k].len() < 6 {
                        first[k].push(i);
                    }
                }
            }
        }
    }
    println!(
        "{} {} seats={seats} games={games} survival={:.2}% gold/hero-game={:.1} bridges/hero-game={:.3}",
        a[0],
        a[1],
        100.0 * surv as f64 / n as f64,
        gold as f64 / n as f64,
        bridges as f64 / n as f64
    );
    println!("  causes {causes:?}");
    for k in 0..7 {
        println!("  {:<13} {:>6.2}%  e.g. {:?}", names[k], 100.0 * count[k] as f64 / n as f64, first[k]);
    }
}
