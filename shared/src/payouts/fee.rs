//! What a payout method charges: nothing, a fixed amount, or a percentage (in basis points, 100 = 1%) rounded
//! half up to the đồng. Shown to the teacher before they confirm.

use serde::{Deserialize, Serialize};

/// A payout method's fee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PayoutFee {
    #[default]
    None,
    Fixed {
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        amount: i64,
    },
    Percent {
        #[serde(rename = "basisPoints")]
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        basis_points: i64,
    },
}

/// The most a percentage fee may be: 10%.
pub const MAX_FEE_BASIS_POINTS: i64 = 1_000;

impl PayoutFee {
    /// The fee on a payout of `amount`, never more than the amount.
    pub fn on(self, amount: i64) -> i64 {
        let fee = match self {
            Self::None => 0,
            Self::Fixed { amount: fixed } => fixed,
            Self::Percent { basis_points } => (i128::from(amount) * i128::from(basis_points) + 5_000)
                .div_euclid(10_000)
                .try_into()
                .unwrap_or(i64::MAX),
        };
        fee.clamp(0, amount.max(0))
    }

    /// Whether the fee is one an administrator may set: not negative, a percentage of at most 10%.
    pub fn is_valid(self) -> bool {
        match self {
            Self::None => true,
            Self::Fixed { amount } => (0..=1_000_000_000).contains(&amount),
            Self::Percent { basis_points } => (0..=MAX_FEE_BASIS_POINTS).contains(&basis_points),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_fee_is_charged_as_set() {
        assert_eq!(PayoutFee::None.on(1_000_000), 0);
        assert_eq!(PayoutFee::Fixed { amount: 3_300 }.on(1_000_000), 3_300);
        assert_eq!(PayoutFee::Percent { basis_points: 50 }.on(1_000_000), 5_000);
    }

    #[test]
    fn a_percentage_rounds_half_up_to_the_dong() {
        assert_eq!(PayoutFee::Percent { basis_points: 1 }.on(5_000), 1);
        assert_eq!(PayoutFee::Percent { basis_points: 1 }.on(4_999), 0);
    }

    #[test]
    fn a_fee_never_exceeds_the_payout() {
        assert_eq!(PayoutFee::Fixed { amount: 50_000 }.on(20_000), 20_000);
    }

    #[test]
    fn only_sane_fees_can_be_set() {
        assert!(PayoutFee::Percent { basis_points: 1_000 }.is_valid());
        assert!(!PayoutFee::Percent { basis_points: 1_001 }.is_valid());
        assert!(!PayoutFee::Fixed { amount: -1 }.is_valid());
    }

    #[test]
    fn a_fee_reads_and_writes_as_the_forms_send_it() {
        let fee: PayoutFee = serde_json::from_str(r#"{"kind":"percent","basisPoints":150}"#).expect("json");
        assert_eq!(fee, PayoutFee::Percent { basis_points: 150 });
        assert_eq!(serde_json::to_string(&PayoutFee::None).expect("json"), r#"{"kind":"none"}"#);
    }
}
