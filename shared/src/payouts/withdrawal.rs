//! Asking for a payout: the money rules an administrator sets (how long a sale matures, how long a new payout
//! account waits, the smallest payout, whether tax is withheld), and what a request of an amount gives: the fee,
//! the tax and what reaches the teacher's bank.

use serde::{Deserialize, Serialize};

use super::{
    fee::PayoutFee,
    tax::{Withholding, withheld_tax},
};
use crate::{
    Message,
    i18n::Lang,
    money::{Currency, format_price},
};

const DAY_MS: i64 = 86_400_000;
const HOUR_MS: i64 = 3_600_000;

/// The money rules of payouts, with their defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PayoutRules {
    /// Days a sale's earnings wait before they can be paid out (the refund window): 7.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub holding_days: i64,
    /// Hours a new or changed payout account waits before it can receive a payout: 24.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub account_wait_hours: i64,
    /// The smallest payout, VND: 100.000 ₫.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub minimum_payout: i64,
    /// Whether personal income tax is withheld from payouts: off.
    pub withhold_tax: bool,
}

impl Default for PayoutRules {
    fn default() -> Self {
        Self { holding_days: 7, account_wait_hours: 24, minimum_payout: 100_000, withhold_tax: false }
    }
}

/// The ranges an administrator may set.
pub const HOLDING_DAYS: std::ops::RangeInclusive<i64> = 0..=90;
pub const ACCOUNT_WAIT_HOURS: std::ops::RangeInclusive<i64> = 0..=168;
pub const MINIMUM_PAYOUT: std::ops::RangeInclusive<i64> = 10_000..=100_000_000;

impl PayoutRules {
    /// When earnings of a sale made at `sale_at_ms` can be paid out.
    pub fn matures_at(&self, sale_at_ms: i64) -> i64 {
        sale_at_ms + self.holding_days * DAY_MS
    }

    /// When an account added or changed at `changed_at_ms` can receive a payout.
    pub fn account_ready_at(&self, changed_at_ms: i64) -> i64 {
        changed_at_ms + self.account_wait_hours * HOUR_MS
    }

    /// Whether each rule is inside its range.
    pub fn is_valid(&self) -> bool {
        HOLDING_DAYS.contains(&self.holding_days)
            && ACCOUNT_WAIT_HOURS.contains(&self.account_wait_hours)
            && MINIMUM_PAYOUT.contains(&self.minimum_payout)
    }
}

/// What a payout of an amount gives, shown before the teacher confirms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PayoutQuote {
    /// Taken from the balance.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub amount: i64,
    /// The method's fee.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub fee: i64,
    /// Personal income tax withheld.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub tax: i64,
    /// What reaches the teacher's bank: amount − fee − tax.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub net: i64,
}

/// Why a payout request is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PayoutRequestError {
    #[error("below the smallest payout of {minimum}")]
    BelowMinimum { minimum: i64 },
    #[error("more than the {available} available")]
    AboveAvailable { available: i64 },
    #[error("nothing would reach the bank after the fee and tax")]
    NothingToSend,
}

impl Message for PayoutRequestError {
    fn message(&self, lang: Lang) -> String {
        let price = |amount: i64| format_price(amount, Currency::Vnd, lang);
        match self {
            Self::BelowMinimum { minimum } => match lang {
                Lang::Vi => format!("Số tiền rút tối thiểu là {}.", price(*minimum)),
                Lang::En => format!("The smallest payout is {}.", price(*minimum)),
            },
            Self::AboveAvailable { available } => match lang {
                Lang::Vi => format!("Bạn chỉ có thể rút tối đa {} (số dư khả dụng).", price((*available).max(0))),
                Lang::En => {
                    format!("You can withdraw at most {} (your available balance).", price((*available).max(0)))
                }
            },
            Self::NothingToSend => lang
                .pick(
                    "Sau phí và thuế, không còn tiền để chuyển. Hãy rút số tiền lớn hơn.",
                    "Nothing would reach your bank after the fee and tax. Ask for a larger amount.",
                )
                .into(),
        }
    }
}

/// Checks a request of `amount` against what is available now (available less what earlier requests reserved)
/// and the method's minimum, and gives its fee, tax and net.
pub fn quote_payout(
    amount: i64,
    available: i64,
    minimum: i64,
    fee: PayoutFee,
    withholding: Withholding,
) -> Result<PayoutQuote, PayoutRequestError> {
    if amount < minimum {
        return Err(PayoutRequestError::BelowMinimum { minimum });
    }
    if amount > available {
        return Err(PayoutRequestError::AboveAvailable { available });
    }
    let fee = fee.on(amount);
    let tax = withheld_tax(amount, withholding);
    let net = amount - fee - tax;
    if net <= 0 {
        return Err(PayoutRequestError::NothingToSend);
    }
    Ok(PayoutQuote { amount, fee, tax, net })
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_TAX: Withholding = Withholding { enabled: false, committed: false };
    const TAX: Withholding = Withholding { enabled: true, committed: false };

    #[test]
    fn a_sale_matures_after_the_holding_days() {
        let rules = PayoutRules::default();
        assert_eq!(rules.matures_at(1_000), 1_000 + 7 * DAY_MS);
        assert_eq!(rules.account_ready_at(0), 24 * HOUR_MS);
    }

    #[test]
    fn a_request_within_the_balance_gives_its_fee_tax_and_net() {
        let quote = quote_payout(2_000_000, 3_000_000, 100_000, PayoutFee::Fixed { amount: 5_500 }, TAX);
        assert_eq!(quote, Ok(PayoutQuote { amount: 2_000_000, fee: 5_500, tax: 200_000, net: 1_794_500 }));
    }

    #[test]
    fn a_request_below_the_minimum_or_above_the_balance_is_refused() {
        assert_eq!(
            quote_payout(99_999, 1_000_000, 100_000, PayoutFee::None, NO_TAX),
            Err(PayoutRequestError::BelowMinimum { minimum: 100_000 })
        );
        assert_eq!(
            quote_payout(1_000_001, 1_000_000, 100_000, PayoutFee::None, NO_TAX),
            Err(PayoutRequestError::AboveAvailable { available: 1_000_000 })
        );
        assert_eq!(
            PayoutRequestError::BelowMinimum { minimum: 100_000 }.message(Lang::Vi),
            "Số tiền rút tối thiểu là 100.000 ₫."
        );
    }

    #[test]
    fn a_negative_balance_allows_nothing_and_says_zero() {
        let refused = quote_payout(100_000, -50_000, 100_000, PayoutFee::None, NO_TAX).expect_err("owed");
        assert_eq!(refused.message(Lang::En), "You can withdraw at most ₫0 (your available balance).");
    }

    #[test]
    fn a_fee_that_takes_everything_is_refused() {
        assert_eq!(
            quote_payout(100_000, 200_000, 100_000, PayoutFee::Fixed { amount: 100_000 }, NO_TAX),
            Err(PayoutRequestError::NothingToSend)
        );
    }

    #[test]
    fn the_default_rules_are_valid_and_out_of_range_ones_are_not() {
        assert!(PayoutRules::default().is_valid());
        assert!(!PayoutRules { holding_days: -1, ..PayoutRules::default() }.is_valid());
        assert!(!PayoutRules { minimum_payout: 0, ..PayoutRules::default() }.is_valid());
    }
}
