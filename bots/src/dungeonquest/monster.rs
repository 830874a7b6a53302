//! The monster player's combat-card policies.
//!
//! In Revised combat the monster's card is chosen by another player (the next seat, or the
//! hero's own player in a one-hero game). How that player chooses changes how deadly monsters
//! are, so it is a policy of its own: uniform, the equilibrium mix, or the best response to
//! what the hero policy is known to play.

use crate::dungeonquest::equilibrium::{payoff, solve, weights};
use crate::dungeonquest::spec::MonsterSpec;
use crate::dungeonquest::strategic::sample;
use dq_engine::data::CombatCard;
use dq_engine::rng::GameRng;
use dq_engine::{Choice, Choices, DecisionKind, Edition, Rules};

/// A monster policy, with the per-hero equilibria it needs computed once (none for the
/// `random` policy, which reads no table: its tables stay empty).
#[derive(Clone, Debug)]
pub struct MonsterPolicy {
    spec: MonsterSpec,
    /// Per hero sheet: the monster's equilibrium weights (hero's wound cap on, off).
    eq: Vec<[[u32; 3]; 2]>,
    /// Per hero sheet: the hero's payoff matrix (cap on, off), for best responses.
    payoff: Vec<[[[f64; 3]; 3]; 2]>,
    /// Per hero sheet: hero wounds of each card pair (cap on, off), to break ties.
    hero_wounds: Vec<[[[u8; 3]; 3]; 2]>,
}

impl MonsterPolicy {
    pub fn new(rules: &Rules, spec: MonsterSpec) -> MonsterPolicy {
        let mut eq = Vec::new();
        let mut pay = Vec::new();
        let mut hw = Vec::new();
        // Only the equilibrium and adversarial policies read the tables.
        let heroes = if spec == MonsterSpec::Random { &[][..] } else { &rules.heroes[..] };
        for h in heroes {
            let mut plain = h.clone();
            plain.abilities = Default::default();
            let (a, b) = (payoff(rules, h), payoff(rules, &plain));
            eq.push([weights(solve(&a).monster), weights(solve(&b).monster)]);
            pay.push([a, b]);
            let cap = h.abilities.max_combat_wounds_per_round;
            let w = |capped: bool| {
                let mut m = [[0u8; 3]; 3];
                for (i, row) in rules.matrix.iter().enumerate() {
                    for (j, &(x, _)) in row.iter().enumerate() {
                        m[i][j] = if capped { cap.map_or(x, |c| x.min(c)) } else { x };
                    }
                }
                m
            };
            hw.push([w(true), w(false)]);
        }
        MonsterPolicy { spec, eq, payoff: pay, hero_wounds: hw }
    }

    pub fn spec(&self) -> MonsterSpec {
        self.spec
    }

    /// The monster's card against hero sheet `hero`, whose policy plays `hero_mix`.
    /// `uncapped` is set under the `no-abilities` rule.
    pub fn choose(&self, hero: usize, uncapped: bool, hero_mix: [f64; 3], rng: &mut GameRng) -> CombatCard {
        const CARDS: [CombatCard; 3] = [CombatCard::Magic, CombatCard::Melee, CombatCard::Ranged];
        let k = usize::from(uncapped);
        match self.spec {
            MonsterSpec::Random => CARDS[rng.below(3) as usize],
            MonsterSpec::Equilibrium => sample(self.eq[hero][k], rng),
            MonsterSpec::Adversarial => {
                CARDS[best_response(&self.payoff[hero][k], &self.hero_wounds[hero][k], hero_mix)]
            }
        }
    }
}

impl MonsterPolicy {
    /// The monster side's answer in the 2010 card combat (edition `third`), for a combat card
    /// (`CombatPlay`) or a counterattack (`Counterattack`): `random` picks uniformly among the
    /// legal answers (a card of the hand; stopping or one of the counterattack cards);
    /// `equilibrium` plays the strategic bots' card rules of thumb (`crate::dungeonquest::third`: no
    /// equilibrium of the card combat is computed, so the heuristic stands in for it).
    /// `adversarial` has no card-combat meaning and is refused for `third` by [`Players::new`]
    /// (if built anyway it plays as `equilibrium`).
    ///
    /// [`Players::new`]: crate::Players::new
    pub fn choose_card(
        &self,
        game: &dq_engine::Game<'_>,
        kind: DecisionKind,
        choices: &Choices,
        rng: &mut GameRng,
    ) -> Choice {
        match self.spec {
            MonsterSpec::Random => choices[rng.below(choices.len() as u32) as usize],
            MonsterSpec::Equilibrium | MonsterSpec::Adversarial => match kind {
                DecisionKind::Counterattack => crate::dungeonquest::third::counterattack(game, choices),
                _ => crate::dungeonquest::third::combat_play(game, choices),
            },
        }
    }
}

/// Why a monster policy cannot play the rules' combat, if it cannot: `adversarial` is the best
/// response to a hero policy's mix over the Revised combat cards, which the 2010 card combat
/// (edition `third`) does not have.
pub fn unavailable(rules: &Rules, spec: MonsterSpec) -> Option<String> {
    (rules.edition == Edition::Third && spec == MonsterSpec::Adversarial).then(|| {
        "monster policy \"adversarial\" is not available in the third edition: it answers the hero's mix of the \
         three Revised combat cards, which the 2010 card combat does not have (use random or equilibrium)"
            .to_string()
    })
}

/// The monster card that minimises the hero's expected payoff against `mix`; ties go to the
/// card that wounds the hero most, then to the first.
pub fn best_response(a: &[[f64; 3]; 3], hero_wounds: &[[u8; 3]; 3], mix: [f64; 3]) -> usize {
    let mut best = 0;
    let mut key = (f64::INFINITY, f64::NEG_INFINITY);
    for j in 0..3 {
        let v: f64 = (0..3).map(|i| mix[i] * a[i][j]).sum();
        let w: f64 = (0..3).map(|i| mix[i] * f64::from(hero_wounds[i][j])).sum();
        if v < key.0 - 1e-12 || ((v - key.0).abs() <= 1e-12 && w > key.1 + 1e-12) {
            best = j;
            key = (v, w);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain_payoff() -> ([[f64; 3]; 3], [[u8; 3]; 3]) {
        let rules = Rules::revised();
        let h = rules.heroes.iter().find(|h| h.abilities.max_combat_wounds_per_round.is_none()).unwrap();
        let w = rules.matrix.map(|row| row.map(|(hero_wounds, _)| hero_wounds));
        (payoff(&rules, h), w)
    }

    /// Against a hero who always plays melee, the best answer is ranged (the hero takes a
    /// wound and deals none), and it does strictly better for the monster than the
    /// equilibrium mix does.
    #[test]
    fn adversarial_beats_a_fixed_hero_strategy() {
        let (a, w) = plain_payoff();
        let melee = [0.0, 1.0, 0.0];
        let j = best_response(&a, &w, melee);
        assert_eq!(j, 2, "ranged");
        let hero_value_adv = a[1][j];
        assert_eq!(hero_value_adv, -1.0);
        let eq = solve(&a);
        let hero_value_eq: f64 = (0..3).map(|k| eq.monster[k] * a[1][k]).sum();
        assert!(hero_value_adv < hero_value_eq, "{hero_value_adv} vs {hero_value_eq}");
        // And the equilibrium hero mix holds the adversary to the game value.
        let j = best_response(&a, &w, eq.hero);
        let v: f64 = (0..3).map(|i| eq.hero[i] * a[i][j]).sum();
        assert!((v - eq.value).abs() < 1e-12);
    }

    #[test]
    fn against_a_uniform_hero_the_adversary_breaks_the_tie_by_wounds() {
        // Uniform hero: magic and ranged both hold the hero to 0; magic wounds the hero more
        // (1 + 1 + 1 against 0 + 1 + 1).
        let (a, w) = plain_payoff();
        assert_eq!(best_response(&a, &w, [1.0 / 3.0; 3]), 0);
    }
}
