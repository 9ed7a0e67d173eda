//! Dividing an amount between lines in proportion to their weights, in whole minor units, so that the parts
//! always add up to the amount (the largest-remainder method).

/// Splits `total` into one part per weight, each proportional to its weight, the parts summing exactly to
/// `total`. Each part is first the whole units of `total × weight ÷ Σweights`; the units left over go one each to
/// the parts with the largest remainders (the earlier line first on a tie).
///
/// Negative weights count as 0. With no positive weight, or a `total` of 0 or less, every part is 0. When
/// `total` is at most the sum of the weights, no part exceeds its weight.
pub fn allocate(total: i64, weights: &[i64]) -> Vec<i64> {
    let weights: Vec<i128> = weights.iter().map(|w| i128::from((*w).max(0))).collect();
    let sum: i128 = weights.iter().sum();
    if total <= 0 || sum == 0 {
        return vec![0; weights.len()];
    }
    let total = i128::from(total);
    let mut parts: Vec<i128> = weights.iter().map(|w| total * w / sum).collect();
    let mut by_remainder: Vec<(usize, i128)> = weights.iter().enumerate().map(|(i, w)| (i, total * w % sum)).collect();
    // Largest remainder first; a stable sort keeps the earlier line first among equals.
    by_remainder.sort_by_key(|(_, remainder)| std::cmp::Reverse(*remainder));
    let left = total - parts.iter().sum::<i128>();
    for (index, _) in by_remainder.into_iter().take(usize::try_from(left).unwrap_or(0)) {
        parts[index] += 1;
    }
    parts.into_iter().map(|p| i64::try_from(p).unwrap_or(i64::MAX)).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use proptest::prelude::*;

    #[test]
    fn an_amount_is_divided_in_proportion_to_the_weights() {
        let cases: [(i64, &[i64], &[i64]); 8] = [
            (100, &[1, 1], &[50, 50]),
            (100, &[1, 1, 1], &[34, 33, 33]),
            (10, &[3, 3, 4], &[3, 3, 4]),
            (399_600, &[499_000, 499_000], &[199_800, 199_800]),
            (7, &[1, 2], &[2, 5]),
            (0, &[5, 5], &[0, 0]),
            (9, &[0, 0], &[0, 0]),
            (5, &[0, 10, -4], &[0, 5, 0]),
        ];
        for (total, weights, expected) in cases {
            assert_eq!(allocate(total, weights), expected, "{total} over {weights:?}");
        }
    }

    #[test]
    fn the_units_left_over_go_to_the_largest_remainders_then_to_the_earlier_line() {
        // 10 × 1/3 = 3.33 each: one unit left, to the first line.
        assert_eq!(allocate(10, &[1, 1, 1]), [4, 3, 3]);
        // 2 × (1/6, 2/6, 3/6) = 0.33, 0.67, 1: the largest remainder (0.67) takes the unit.
        assert_eq!(allocate(2, &[1, 2, 3]), [0, 1, 1]);
    }

    #[test]
    fn large_amounts_do_not_overflow() {
        let parts = allocate(i64::MAX / 2, &[i64::MAX / 4, i64::MAX / 4]);
        assert_eq!(parts.iter().map(|p| i128::from(*p)).sum::<i128>(), i128::from(i64::MAX / 2));
    }

    proptest! {
        #[test]
        fn the_parts_always_sum_to_the_total_and_never_exceed_their_weight(
            weights in proptest::collection::vec(0i64..10_000_000, 1..12),
            share in 0u32..=100,
        ) {
            let sum: i64 = weights.iter().sum();
            let total = sum * i64::from(share) / 100;
            let parts = allocate(total, &weights);
            prop_assert_eq!(parts.len(), weights.len());
            if sum > 0 {
                prop_assert_eq!(parts.iter().sum::<i64>(), total);
            }
            for (part, weight) in parts.iter().zip(&weights) {
                prop_assert!(*part >= 0 && part <= weight, "{part} of weight {weight}");
            }
        }

        #[test]
        fn each_part_is_within_one_unit_of_its_exact_share(
            weights in proptest::collection::vec(1i64..1_000_000, 1..10),
            total in 0i64..50_000_000,
        ) {
            let sum: i128 = weights.iter().map(|w| i128::from(*w)).sum();
            for (part, weight) in allocate(total, &weights).iter().zip(&weights) {
                let exact_floor = i128::from(total) * i128::from(*weight) / sum;
                let part = i128::from(*part);
                prop_assert!(part == exact_floor || part == exact_floor + 1);
            }
        }
    }
}
