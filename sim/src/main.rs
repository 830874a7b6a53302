//! `dq`: the DungeonQuest simulator's command line.

use dq_bots::{play, RandomPolicy};
use dq_engine::{GameConfig, HeroPick, HeroStatus, NoObserver, Rules, Variant};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: dq run [--games N] [--heroes N|ID,ID..] [--seed S] [--rule NAME]...

  --games N     games to play (default 10000)
  --heroes X    number of random heroes (1-4), or hero ids comma-separated (default 1)
  --seed S      master seed (default 20141)
  --rule NAME   optional rule, repeatable: death-can-wait, late-start, no-abilities, solo, torchlight

Every decision is answered uniformly at random (the `random` policy) until the Bots issue
adds the strategic policies.";

struct Args {
    games: u64,
    heroes: GameConfig,
    seed: u64,
}

fn parse(rules: &Rules, argv: &[String]) -> Result<Args, String> {
    let mut it = argv.iter();
    match it.next().map(String::as_str) {
        Some("run") => {}
        Some(other) => return Err(format!("unknown command \"{other}\"")),
        None => return Err("missing command".into()),
    }
    let mut games = 10_000u64;
    let mut seed = 20_141u64;
    let mut heroes_arg = "1".to_string();
    let mut variant = Variant::default();
    while let Some(flag) = it.next() {
        let mut value = || it.next().cloned().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => games = value()?.parse().map_err(|_| "--games must be a whole number".to_string())?,
            "--seed" => seed = value()?.parse().map_err(|_| "--seed must be a whole number".to_string())?,
            "--heroes" => heroes_arg = value()?,
            "--rule" => variant.enable(&value()?).map_err(|e| e.to_string())?,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown option \"{other}\"")),
        }
    }
    let heroes = if let Ok(n) = heroes_arg.parse::<usize>() {
        if !(1..=4).contains(&n) {
            return Err(format!("--heroes {n}: use 1 to 4"));
        }
        GameConfig::random(n, variant)
    } else {
        let mut picks = arrayvec::ArrayVec::new();
        for id in heroes_arg.split(',') {
            let h = rules.hero_by_id(id).ok_or_else(|| {
                let known: Vec<&str> = rules.heroes.iter().map(|h| h.id.as_str()).collect();
                format!("unknown hero \"{id}\" (known: {})", known.join(", "))
            })?;
            picks.try_push(HeroPick::Fixed(h as u8)).map_err(|_| "--heroes: at most 4".to_string())?;
        }
        GameConfig { heroes: picks, variant }
    };
    if variant.solo && heroes.heroes.len() != 1 {
        return Err("--rule solo needs exactly one hero".into());
    }
    Ok(Args { games, heroes, seed })
}

fn wilson(k: u64, n: u64) -> (f64, f64) {
    dq_reports::wilson(k, n, dq_reports::Z95)
}

fn main() -> ExitCode {
    let rules = Rules::revised();
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse(&rules, &argv) {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("dq: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let n = rules.heroes.len();
    let (mut games_by, mut survived_by, mut gold_by) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    for i in 0..args.games {
        let g = match play(&rules, &args.heroes, args.seed, i, &mut RandomPolicy, &mut NoObserver) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("dq: {e}");
                return ExitCode::from(2);
            }
        };
        for s in 0..g.seats() {
            let h = g.hero(s);
            games_by[h.hero as usize] += 1;
            if h.status == HeroStatus::Exited {
                survived_by[h.hero as usize] += 1;
                gold_by[h.hero as usize] += g.gold(s) as u64;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let (total, surv): (u64, u64) = (games_by.iter().sum(), survived_by.iter().sum());
    let (lo, hi) = wilson(surv, total);
    println!("dq run: {} games, seed {}, edition {}, policy random", args.games, args.seed, rules.edition);
    println!(
        "survival {:.2}% [{:.2}%, {:.2}%] of {} hero-games, {:.0} games/s",
        100.0 * surv as f64 / total.max(1) as f64,
        100.0 * lo,
        100.0 * hi,
        total,
        args.games as f64 / secs.max(1e-9)
    );
    for (h, def) in rules.heroes.iter().enumerate() {
        if games_by[h] == 0 {
            continue;
        }
        let (lo, hi) = wilson(survived_by[h], games_by[h]);
        let mean_gold = gold_by[h].checked_div(survived_by[h]).unwrap_or(0);
        println!(
            "  {:<26} {:>7} games  survival {:>6.2}% [{:.2}%, {:.2}%]  mean gold of survivors {}",
            def.name,
            games_by[h],
            100.0 * survived_by[h] as f64 / games_by[h] as f64,
            100.0 * lo,
            100.0 * hi,
            mean_gold
        );
    }
    ExitCode::SUCCESS
}
