//! Personal income tax withheld from payouts to people without a labour contract: 10% of a payment of
//! 2.000.000 ₫ or more (Circular 111/2013/TT-BTC, Article 25), unless the person has declared for the year that
//! their income stays below the taxable threshold (commitment form 08/CK-TNCN). Off unless the academy turns it on.

/// The rate withheld, in percent.
pub const WITHHOLDING_PERCENT: i64 = 10;
/// The smallest payment (VND) tax is withheld from.
pub const WITHHOLDING_THRESHOLD_VND: i64 = 2_000_000;

/// What decides the tax of one payout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Withholding {
    /// Whether the academy withholds tax at all (a setting).
    pub enabled: bool,
    /// Whether the teacher declared the commitment form for the payout's year.
    pub committed: bool,
}

/// The tax withheld from a payout of `amount` VND: 10% rounded down to the đồng, or nothing below the threshold,
/// with the commitment, or when withholding is off.
pub fn withheld_tax(amount: i64, rule: Withholding) -> i64 {
    if !rule.enabled || rule.committed || amount < WITHHOLDING_THRESHOLD_VND {
        return 0;
    }
    amount * WITHHOLDING_PERCENT / 100
}

#[cfg(test)]
mod tests {
    use super::*;

    const ON: Withholding = Withholding { enabled: true, committed: false };

    #[test]
    fn ten_percent_is_withheld_from_two_million_dong() {
        assert_eq!(withheld_tax(2_000_000, ON), 200_000);
        assert_eq!(withheld_tax(3_456_789, ON), 345_678);
    }

    #[test]
    fn nothing_is_withheld_below_two_million_dong() {
        assert_eq!(withheld_tax(1_999_999, ON), 0);
    }

    #[test]
    fn nothing_is_withheld_with_the_commitment_or_when_off() {
        assert_eq!(withheld_tax(5_000_000, Withholding { enabled: true, committed: true }), 0);
        assert_eq!(withheld_tax(5_000_000, Withholding { enabled: false, committed: false }), 0);
    }

    proptest::proptest! {
        #[test]
        fn tax_is_never_more_than_a_tenth(amount in 0_i64..1_000_000_000_000) {
            let tax = withheld_tax(amount, ON);
            proptest::prop_assert!(tax >= 0 && tax * 10 <= amount);
        }
    }
}
