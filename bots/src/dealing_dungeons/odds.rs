//! One-round chances of the dice the fights roll, by table look-up: no allocation, a few
//! instructions a decision (the exact odds of a whole fight are `dq_engine`'s `exact`, which
//! allocates and so is not for the hot loop).

/// Ways (of 36) that 2D6 totals at least `k`, for `k` in 0..=13.
const TWO_D6_AT_LEAST: [u8; 14] = [36, 36, 36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1, 0];

/// P(2D6 + `plus` > `target`).
pub fn two_d6_beats(plus: i16, target: i16) -> f32 {
    two_d6_at_least(target + 1 - plus)
}

/// P(2D6 + `plus` >= `target`).
pub fn two_d6_reaches(plus: i16, target: i16) -> f32 {
    two_d6_at_least(target - plus)
}

/// P(2D6 >= `k`).
fn two_d6_at_least(k: i16) -> f32 {
    f32::from(TWO_D6_AT_LEAST[k.clamp(0, 13) as usize]) / 36.0
}

/// P(1D6 + `plus` >= `target`).
pub fn d6_reaches(plus: i16, target: i16) -> f32 {
    let need = (target - plus).clamp(1, 7);
    (7 - need) as f32 / 6.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_tables_count_the_faces() {
        for k in 0..14i16 {
            let ways = (1..=6).flat_map(|a| (1..=6).map(move |b| a + b)).filter(|&s| s >= k).count();
            assert_eq!(two_d6_at_least(k), ways as f32 / 36.0, "{k}");
        }
        assert_eq!(two_d6_beats(0, 7), 15.0 / 36.0);
        assert_eq!(two_d6_reaches(2, 7), 30.0 / 36.0, "2D6 >= 5");
        assert_eq!(d6_reaches(0, 4), 0.5);
        assert_eq!(d6_reaches(10, 4), 1.0);
        assert_eq!(d6_reaches(0, 9), 0.0);
    }
}
