//! Who earns what from a sale: the teacher of each course gets (100 − commission)% of what its line was really
//! paid (its price after its share of the coupon), rounded down in minor units; the platform gets the rest, so
//! the two always add up to what was paid.

use serde::{Deserialize, Serialize};

use crate::{i18n::Lang, validation::Message};

/// The platform's commission on sales, a whole percentage from 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "i64", into = "i64")]
pub struct Commission(u8);

impl Commission {
    /// The commission unless an administrator sets another: 20%.
    pub const DEFAULT: Commission = Commission(20);

    /// A commission of `percent`, refused outside 0–100.
    pub fn parse(percent: i64) -> Result<Commission, CommissionOutOfRange> {
        u8::try_from(percent).ok().filter(|p| *p <= 100).map(Commission).ok_or(CommissionOutOfRange)
    }

    pub fn percent(self) -> u8 {
        self.0
    }
}

impl Default for Commission {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl TryFrom<i64> for Commission {
    type Error = CommissionOutOfRange;

    fn try_from(percent: i64) -> Result<Self, Self::Error> {
        Commission::parse(percent)
    }
}

impl From<Commission> for i64 {
    fn from(commission: Commission) -> i64 {
        i64::from(commission.0)
    }
}

/// A commission outside 0–100%.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a commission is between 0 and 100 percent")]
pub struct CommissionOutOfRange;

impl Message for CommissionOutOfRange {
    fn message(&self, lang: Lang) -> String {
        lang.pick("Hoa hồng phải từ 0 đến 100%.", "The commission must be between 0 and 100%.").into()
    }
}

/// One line's share between the course's teacher and the platform (minor units).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineSplit {
    pub teacher: i64,
    pub platform: i64,
}

/// The split of a line that was paid `paid` (minor units; a negative amount counts as 0).
pub fn split_line(paid: i64, commission: Commission) -> LineSplit {
    let paid = paid.max(0);
    let teacher_percent = i128::from(100 - commission.percent());
    let teacher = i64::try_from(i128::from(paid) * teacher_percent / 100).unwrap_or(paid);
    LineSplit { teacher, platform: paid - teacher }
}

/// The split of every line of a sale, each line being what it was paid after its share of the coupon.
pub fn split_sale(paid: &[i64], commission: Commission) -> Vec<LineSplit> {
    paid.iter().map(|amount| split_line(*amount, commission)).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_teacher_gets_eighty_percent_and_the_platform_twenty_by_default() {
        assert_eq!(split_line(1_490_000, Commission::DEFAULT), LineSplit { teacher: 1_192_000, platform: 298_000 });
        assert_eq!(split_line(0, Commission::DEFAULT), LineSplit { teacher: 0, platform: 0 });
    }

    #[test]
    fn the_teacher_share_is_rounded_down_and_the_platform_takes_the_unit() {
        // 80% of 999 is 799.2.
        assert_eq!(split_line(999, Commission::DEFAULT), LineSplit { teacher: 799, platform: 200 });
        let thirty = Commission::parse(30).unwrap();
        assert_eq!(split_line(1, thirty), LineSplit { teacher: 0, platform: 1 });
    }

    #[test]
    fn a_sale_after_a_coupon_splits_what_each_line_was_really_paid() {
        // 1,490,000 and 799,000 with 40% off: paid 894,000 and 479,400.
        let split = split_sale(&[894_000, 479_400], Commission::DEFAULT);
        assert_eq!(
            split,
            [LineSplit { teacher: 715_200, platform: 178_800 }, LineSplit { teacher: 383_520, platform: 95_880 }]
        );
    }

    #[test]
    fn commissions_are_whole_percentages_from_zero_to_one_hundred() {
        assert_eq!(Commission::parse(0).map(Commission::percent), Ok(0));
        assert_eq!(Commission::parse(100).map(Commission::percent), Ok(100));
        assert_eq!(Commission::parse(101), Err(CommissionOutOfRange));
        assert_eq!(Commission::parse(-1), Err(CommissionOutOfRange));
        assert_eq!(split_line(500, Commission::parse(100).unwrap()), LineSplit { teacher: 0, platform: 500 });
        assert_eq!(split_line(500, Commission::parse(0).unwrap()), LineSplit { teacher: 500, platform: 0 });
    }

    proptest! {
        #[test]
        fn the_two_shares_always_sum_to_what_was_paid(paid in 0i64..1_000_000_000_000, percent in 0i64..=100) {
            let split = split_line(paid, Commission::parse(percent).unwrap());
            prop_assert_eq!(split.teacher + split.platform, paid);
            prop_assert!(split.teacher >= 0 && split.platform >= 0);
            // The platform never gets less than its commission, nor a whole unit more.
            let exact_platform = i128::from(paid) * i128::from(percent);
            prop_assert!(i128::from(split.platform) * 100 >= exact_platform);
            prop_assert!(i128::from(split.platform) * 100 < exact_platform + 100);
        }
    }
}
