//! `ClassicGame::resample`: it leaks nothing of the real future, keeps what is known, depends
//! only on what the seat knows and on its rng, and resampled copies play on to an end.

use super::*;
use crate::core::fuzz;
use crate::core::rng::Stream;
use crate::core::NoObserver;
use crate::dungeonquest::classic::check::ClassicCheck;
use crate::dungeonquest::classic::combat::Dice;

/// A position part-way through random game `i` (random answers for a random number of steps),
/// or `None` if the game ended first.
fn position(rules: &ClassicRules, i: u64) -> Option<ClassicGame<'_>> {
    let n = (i % 4) as usize + 1;
    let mut g = ClassicGame::new(rules, &ClassicConfig::random(n), 11, i, &mut NoObserver).ok()?;
    let mut rng = GameRng::new(11, i, Stream::Bot);
    for _ in 0..rng.below(80) {
        if g.is_over() {
            return None;
        }
        let legal = g.legal_choices();
        let c = legal[rng.below(legal.len() as u32) as usize];
        g.apply(c, &mut NoObserver).ok()?;
    }
    (!g.is_over()).then_some(g)
}

/// Matches of a hidden draw against chance: (matches, expected, variance).
#[derive(Default)]
struct Tally(u32, f64, f64);

impl Tally {
    fn add(&mut self, matched: bool, p: f64) {
        self.0 += u32::from(matched);
        self.1 += p;
        self.2 += p * (1.0 - p);
    }

    fn check(&self, what: &str) {
        let (m, e, v) = (f64::from(self.0), self.1, self.2);
        assert!(e > 20.0, "{what}: too few hidden draws to test ({e:.1} expected)");
        assert!((m - e).abs() <= 4.0 * v.sqrt() + 1.0, "{what}: {m} matches for {e:.1} expected by chance");
    }
}

fn sorted(q: &CardQueue) -> Vec<u8> {
    let mut v: Vec<u8> = (0..q.len()).filter_map(|i| q.get(i)).collect();
    v.sort_unstable();
    v
}

#[test]
fn the_resampled_future_matches_the_real_one_only_by_chance() {
    let rules = ClassicRules::embedded();
    let (mut tile, mut room, mut cup, mut dragon, mut monster, mut dice) =
        (Tally::default(), Tally::default(), Tally::default(), Tally::default(), Tally::default(), Tally::default());
    let mut rng = GameRng::new(7, 0, Stream::Bot);
    let mut positions = 0;
    for i in 0..4_000 {
        let Some(real) = position(&rules, i) else { continue };
        positions += 1;
        let seat = real.deciding_seat().unwrap_or(0);
        let mut copy = real.clone();
        copy.resample(seat, &mut rng);
        let n = real.tiles_left as usize;
        if n > 0 {
            tile.add(real.tiles[n - 1] == copy.tiles[n - 1], 1.0 / n as f64);
        }
        let (r, c) = (&real.decks[0], &copy.decks[0]);
        if r.unseen > 0 {
            room.add(r.get(0) == c.get(0), 1.0 / f64::from(r.unseen.min(r.len)));
        }
        if real.cup.len() > 0 {
            cup.add(real.cup.get(0) == copy.cup.get(0), 1.0 / real.cup.len() as f64);
        }
        if real.monsters.len() > 0 {
            monster.add(real.monsters.get(0) == copy.monsters.get(0), 1.0 / real.monsters.len() as f64);
        }
        let left = real.dragon.left as usize;
        if left > 0 {
            let awake = real.dragon.order[..left].iter().filter(|&&a| a).count() as f64 / left as f64;
            let same = real.dragon.order[left - 1] == copy.dragon.order[left - 1];
            dragon.add(same, awake * awake + (1.0 - awake) * (1.0 - awake));
        }
        let (mut a, mut b) = (real.clone(), copy.clone());
        dice.add(a.chance.dice.d12() == b.chance.dice.d12(), 1.0 / 12.0);
        // Known things stay: the board, the heroes, every stock's make-up.
        assert_eq!(format!("{:?}", real.board), format!("{:?}", copy.board));
        assert_eq!(format!("{:?}", real.heroes), format!("{:?}", copy.heroes));
        for (r, c) in [(&real.cup, &copy.cup), (&real.monsters, &copy.monsters)] {
            assert_eq!(sorted(r), sorted(c));
        }
        for (r, c) in real.decks.iter().zip(&copy.decks) {
            assert_eq!(sorted(r), sorted(c));
            // Cards put back at the bottom were seen, in order.
            for k in r.unseen.min(r.len) as usize..r.len() {
                assert_eq!(r.get(k), c.get(k), "game {i}: a seen card moved");
            }
        }
        let mut t = (real.tiles[..n].to_vec(), copy.tiles[..n].to_vec());
        t.0.sort_unstable();
        t.1.sort_unstable();
        assert_eq!(t.0, t.1);
        assert_eq!(real.legal_choices(), copy.legal_choices());
    }
    assert!(positions > 2_000, "{positions} positions");
    tile.check("next tile");
    room.check("Room deck's top card");
    cup.check("next Treasure counter");
    monster.check("Monster deck's top card");
    dragon.check("next Dragon counter");
    dice.check("next die");
}

#[test]
fn the_redraw_depends_only_on_what_is_known_and_the_rng() {
    let rules = ClassicRules::embedded();
    let mut checked = 0;
    for i in 0..400 {
        let Some(real) = position(&rules, i) else { continue };
        let seat = real.deciding_seat().unwrap_or(0);
        // Another hidden state with the same known state: the real game resampled once.
        let mut other = real.clone();
        other.resample(seat, &mut GameRng::new(99, i, Stream::Bot));
        let (mut a, mut b) = (real.clone(), other);
        a.resample(seat, &mut GameRng::new(5, i, Stream::Bot));
        b.resample(seat, &mut GameRng::new(5, i, Stream::Bot));
        assert_eq!(format!("{a:?}"), format!("{b:?}"), "game {i}");
        let mut c = real.clone();
        c.resample(seat, &mut GameRng::new(6, i, Stream::Bot));
        checked += usize::from(format!("{a:?}") != format!("{c:?}"));
    }
    assert!(checked > 100, "another rng gives another game ({checked})");
}

#[test]
fn resampled_copies_play_on_to_an_end() {
    let rules = ClassicRules::embedded();
    for i in 0..1_500 {
        let Some(real) = position(&rules, i) else { continue };
        let seat = real.deciding_seat().unwrap_or(0);
        let mut copy = real.clone();
        copy.resample(seat, &mut GameRng::new(8, i, Stream::Bot));
        let mut rng = GameRng::new(9, i, Stream::Bot);
        // A resampled game keeps the rules too: every card, counter and tile still in one place.
        fuzz(
            &mut copy,
            &mut rng,
            20_000,
            &mut ClassicCheck::new(),
            |g: &ClassicGame, check: &mut ClassicCheck, _, last| check.check_after(g, last),
        )
        .unwrap_or_else(|e| panic!("game {i}: {e}"));
        assert!(copy.is_over());
    }
}
