//! Coupons: whether one applies to an order, and how much it takes off each line.
//!
//! A coupon takes a percentage or a fixed amount off, on one course or on the whole order, between an optional
//! start (inclusive) and end (exclusive), above an optional minimum order, within a total number of uses and a
//! number of uses per person. The discount is shared between the lines it applies to in proportion to their
//! prices, in whole minor units, the parts summing exactly to the discount ([`allocate`]).

use serde::{Deserialize, Serialize};

use super::allocate::allocate;
use crate::{
    i18n::Lang,
    money::{Currency, format_price},
    validation::Message,
};

/// What a coupon takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "camelCase")]
pub enum CouponKind {
    /// This percentage (1–100) of the price of each line it applies to, rounded down in minor units.
    Percent(u8),
    /// This amount in minor units of the coupon's currency, at most the price of the lines it applies to.
    Fixed(i64),
}

/// A coupon as the rules need it (its code and bookkeeping stay with the server).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Coupon {
    pub kind: CouponKind,
    /// The currency of a fixed amount and of the minimum order; a percentage without a minimum fits any currency.
    pub currency: Option<Currency>,
    /// The one course it applies to; `None`: every line of the order.
    pub course_id: Option<String>,
    /// Valid from this instant (epoch ms), inclusive.
    pub starts_at: Option<i64>,
    /// Valid until this instant (epoch ms), exclusive.
    pub ends_at: Option<i64>,
    /// The order's total before the coupon must be at least this (minor units; 0: no minimum).
    pub min_order: i64,
    /// Uses allowed in total; `None`: unlimited.
    pub max_uses: Option<i64>,
    /// Uses allowed per person; `None`: unlimited.
    pub max_uses_per_user: Option<i64>,
    /// An administrator can switch a coupon off.
    pub active: bool,
}

/// One line of an order: the course and what it costs before the coupon (minor units).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    pub course_id: String,
    pub price: i64,
}

/// How often a coupon was used already: by everyone, and by the person ordering.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CouponUsage {
    pub total: i64,
    pub by_user: i64,
}

/// What a coupon takes off an order: the total, and each line's share of it (in the order of the lines).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CouponDiscount {
    pub total: i64,
    pub per_line: Vec<i64>,
}

/// Why a coupon does not apply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "camelCase")]
pub enum CouponRefusal {
    #[error("the coupon is switched off")]
    Inactive,
    #[error("the coupon is not valid yet")]
    NotStarted { starts_at: i64 },
    #[error("the coupon has ended")]
    Ended { ends_at: i64 },
    #[error("the order is below the coupon's minimum")]
    BelowMinimum { minimum: i64, currency: Currency },
    #[error("the coupon's uses are all taken")]
    Exhausted,
    #[error("the person has used the coupon as often as allowed")]
    UserLimitReached,
    #[error("no line of the order is one the coupon applies to")]
    NotApplicable,
    #[error("the coupon is in another currency than the order")]
    CurrencyMismatch { coupon: Currency },
}

impl Message for CouponRefusal {
    fn message(&self, lang: Lang) -> String {
        match self {
            Self::Inactive => {
                lang.pick("Mã giảm giá này không còn hiệu lực.", "This coupon is no longer active.").into()
            }
            Self::NotStarted { .. } => {
                lang.pick("Mã giảm giá này chưa đến thời gian sử dụng.", "This coupon cannot be used yet.").into()
            }
            Self::Ended { .. } => lang.pick("Mã giảm giá này đã hết hạn.", "This coupon has expired.").into(),
            Self::BelowMinimum { minimum, currency } => {
                let minimum = format_price(*minimum, *currency, lang);
                match lang {
                    Lang::Vi => format!("Mã giảm giá này chỉ áp dụng cho đơn hàng từ {minimum}."),
                    Lang::En => format!("This coupon applies to orders of {minimum} or more."),
                }
            }
            Self::Exhausted => {
                lang.pick("Mã giảm giá này đã hết lượt sử dụng.", "This coupon has been used up.").into()
            }
            Self::UserLimitReached => lang
                .pick("Bạn đã dùng mã giảm giá này hết số lần cho phép.", "You have already used this coupon.")
                .into(),
            Self::NotApplicable => lang
                .pick(
                    "Mã giảm giá này không áp dụng cho khóa học nào trong đơn hàng.",
                    "This coupon does not apply to any course in this order.",
                )
                .into(),
            Self::CurrencyMismatch { coupon } => match lang {
                Lang::Vi => format!("Mã giảm giá này chỉ dùng cho đơn hàng bằng {coupon}."),
                Lang::En => format!("This coupon only applies to orders in {coupon}."),
            },
        }
    }
}

/// Applies `coupon` at `now_ms` to an order in `currency` with `lines`, given how often it was used already.
///
/// Checks, in order: switched on, started, not ended, the currency (of a fixed amount or a minimum), the uses
/// in total and by this person, that it applies to a line, the minimum order (the whole order before the
/// coupon). The discount is shared between the lines it applies to in proportion to their prices; other lines
/// get 0.
pub fn evaluate(
    coupon: &Coupon,
    currency: Currency,
    lines: &[Line],
    usage: CouponUsage,
    now_ms: i64,
) -> Result<CouponDiscount, CouponRefusal> {
    if !coupon.active {
        return Err(CouponRefusal::Inactive);
    }
    if let Some(starts_at) = coupon.starts_at.filter(|start| now_ms < *start) {
        return Err(CouponRefusal::NotStarted { starts_at });
    }
    if let Some(ends_at) = coupon.ends_at.filter(|end| now_ms >= *end) {
        return Err(CouponRefusal::Ended { ends_at });
    }
    let needs_currency = matches!(coupon.kind, CouponKind::Fixed(_)) || coupon.min_order > 0;
    if let Some(coupon_currency) = coupon.currency.filter(|c| needs_currency && *c != currency) {
        return Err(CouponRefusal::CurrencyMismatch { coupon: coupon_currency });
    }
    if coupon.max_uses.is_some_and(|max| usage.total >= max) {
        return Err(CouponRefusal::Exhausted);
    }
    if coupon.max_uses_per_user.is_some_and(|max| usage.by_user >= max) {
        return Err(CouponRefusal::UserLimitReached);
    }
    let eligible: Vec<i64> = lines
        .iter()
        .map(|line| {
            let applies = coupon.course_id.as_deref().is_none_or(|course| course == line.course_id);
            if applies { line.price.max(0) } else { 0 }
        })
        .collect();
    let eligible_total: i64 = eligible.iter().sum();
    if eligible_total == 0 {
        return Err(CouponRefusal::NotApplicable);
    }
    let order_total: i64 = lines.iter().map(|line| line.price.max(0)).sum();
    if order_total < coupon.min_order {
        return Err(CouponRefusal::BelowMinimum { minimum: coupon.min_order, currency });
    }
    let total = match coupon.kind {
        CouponKind::Percent(percent) => {
            let percent = i128::from(percent.min(100));
            i64::try_from(i128::from(eligible_total) * percent / 100).unwrap_or(eligible_total)
        }
        CouponKind::Fixed(amount) => amount.clamp(0, eligible_total),
    };
    Ok(CouponDiscount { total, per_line: allocate(total, &eligible) })
}

/// A coupon definition an administrator may not save.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CouponDefinitionError {
    #[error("the code is not 3–32 letters, digits, dashes or underscores")]
    Code,
    #[error("a percentage is between 1 and 100")]
    Percent,
    #[error("a fixed amount is positive and has a currency")]
    Amount,
    #[error("the end is not after the start")]
    Period,
    #[error("a limit is at least 1, a minimum at least 0")]
    Limit,
}

impl Message for CouponDefinitionError {
    fn message(&self, lang: Lang) -> String {
        match self {
            Self::Code => lang.pick(
                "Mã gồm 3–32 ký tự: chữ cái không dấu, chữ số, gạch ngang hoặc gạch dưới.",
                "A code has 3–32 characters: letters without marks, digits, dashes or underscores.",
            ),
            Self::Percent => {
                lang.pick("Phần trăm giảm phải từ 1 đến 100.", "The percentage must be between 1 and 100.")
            }
            Self::Amount => lang.pick(
                "Số tiền giảm phải lớn hơn 0 và có đơn vị tiền tệ.",
                "The amount must be greater than 0 and have a currency.",
            ),
            Self::Period => lang.pick("Ngày kết thúc phải sau ngày bắt đầu.", "The end must be after the start."),
            Self::Limit => lang.pick(
                "Giới hạn lượt dùng phải từ 1 trở lên và đơn tối thiểu không âm.",
                "Use limits must be at least 1 and the minimum order cannot be negative.",
            ),
        }
        .into()
    }
}

/// The stored form of a coupon code: trimmed and upper case; 3–32 ASCII letters, digits, `-` or `_`.
pub fn normalize_code(code: &str) -> Result<String, CouponDefinitionError> {
    let code = code.trim().to_ascii_uppercase();
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if (3..=32).contains(&code.len()) && code.chars().all(allowed) {
        Ok(code)
    } else {
        Err(CouponDefinitionError::Code)
    }
}

/// Checks a coupon an administrator defines: its percentage or amount, its period and its limits.
pub fn validate(coupon: &Coupon) -> Result<(), CouponDefinitionError> {
    match coupon.kind {
        CouponKind::Percent(p) if !(1..=100).contains(&p) => return Err(CouponDefinitionError::Percent),
        CouponKind::Fixed(amount) if amount <= 0 || coupon.currency.is_none() => {
            return Err(CouponDefinitionError::Amount);
        }
        _ => {}
    }
    if let (Some(start), Some(end)) = (coupon.starts_at, coupon.ends_at)
        && end <= start
    {
        return Err(CouponDefinitionError::Period);
    }
    let limit_ok = |limit: Option<i64>| limit.is_none_or(|n| n >= 1);
    if coupon.min_order < 0 || !limit_ok(coupon.max_uses) || !limit_ok(coupon.max_uses_per_user) {
        return Err(CouponDefinitionError::Limit);
    }
    if coupon.min_order > 0 && coupon.currency.is_none() {
        return Err(CouponDefinitionError::Amount);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use proptest::prelude::*;

    const NOW: i64 = 1_790_000_000_000;

    fn site_wide(kind: CouponKind) -> Coupon {
        Coupon {
            kind,
            currency: None,
            course_id: None,
            starts_at: None,
            ends_at: None,
            min_order: 0,
            max_uses: None,
            max_uses_per_user: None,
            active: true,
        }
    }

    fn lines(prices: &[(&str, i64)]) -> Vec<Line> {
        prices.iter().map(|(id, price)| Line { course_id: (*id).to_owned(), price: *price }).collect()
    }

    fn apply(coupon: &Coupon, prices: &[(&str, i64)]) -> Result<CouponDiscount, CouponRefusal> {
        evaluate(coupon, Currency::Vnd, &lines(prices), CouponUsage::default(), NOW)
    }

    #[test]
    fn forty_percent_off_is_shared_between_the_lines_in_proportion() {
        let discount = apply(&site_wide(CouponKind::Percent(40)), &[("a", 1_490_000), ("b", 799_000)]).unwrap();
        // 40% of 2,289,000 = 915,600: 1,490,000 / 2,289,000 of it is 596,000.
        assert_eq!(discount, CouponDiscount { total: 915_600, per_line: vec![596_000, 319_600] });
    }

    #[test]
    fn a_percentage_is_rounded_down_in_minor_units_and_the_parts_still_sum_to_it() {
        let discount = apply(&site_wide(CouponKind::Percent(33)), &[("a", 1_001), ("b", 1_001), ("c", 1_001)]).unwrap();
        assert_eq!(discount.total, 990); // 33% of 3,003 = 990.99
        assert_eq!(discount.per_line, [330, 330, 330]);
        let discount = apply(&site_wide(CouponKind::Percent(50)), &[("a", 1), ("b", 1), ("c", 1)]).unwrap();
        assert_eq!((discount.total, discount.per_line), (1, vec![1, 0, 0]));
    }

    #[test]
    fn a_fixed_amount_never_exceeds_what_it_applies_to() {
        let mut coupon = site_wide(CouponKind::Fixed(100_000));
        coupon.currency = Some(Currency::Vnd);
        assert_eq!(apply(&coupon, &[("a", 300_000), ("b", 100_000)]).unwrap().per_line, [75_000, 25_000]);
        assert_eq!(apply(&coupon, &[("a", 60_000)]).unwrap().total, 60_000);
    }

    #[test]
    fn a_course_coupon_takes_off_only_that_course() {
        let coupon = Coupon { course_id: Some("b".into()), ..site_wide(CouponKind::Percent(50)) };
        let discount = apply(&coupon, &[("a", 200_000), ("b", 100_000)]).unwrap();
        assert_eq!(discount, CouponDiscount { total: 50_000, per_line: vec![0, 50_000] });
        assert_eq!(apply(&coupon, &[("a", 200_000)]), Err(CouponRefusal::NotApplicable));
    }

    #[test]
    fn a_coupon_is_valid_from_its_start_until_just_before_its_end() {
        let coupon = Coupon { starts_at: Some(NOW), ends_at: Some(NOW + 1000), ..site_wide(CouponKind::Percent(10)) };
        let at = |now| evaluate(&coupon, Currency::Vnd, &lines(&[("a", 1000)]), CouponUsage::default(), now);
        assert_eq!(at(NOW - 1), Err(CouponRefusal::NotStarted { starts_at: NOW }));
        assert!(at(NOW).is_ok());
        assert!(at(NOW + 999).is_ok());
        assert_eq!(at(NOW + 1000), Err(CouponRefusal::Ended { ends_at: NOW + 1000 }));
    }

    #[test]
    fn the_minimum_order_counts_the_whole_order_before_the_coupon() {
        let coupon = Coupon {
            min_order: 500_000,
            currency: Some(Currency::Vnd),
            course_id: Some("a".into()),
            ..site_wide(CouponKind::Percent(10))
        };
        assert_eq!(
            apply(&coupon, &[("a", 200_000)]),
            Err(CouponRefusal::BelowMinimum { minimum: 500_000, currency: Currency::Vnd })
        );
        assert_eq!(apply(&coupon, &[("a", 200_000), ("b", 300_000)]).unwrap().total, 20_000);
    }

    #[test]
    fn uses_are_limited_in_total_and_per_person() {
        let coupon = Coupon { max_uses: Some(100), max_uses_per_user: Some(1), ..site_wide(CouponKind::Percent(40)) };
        let with = |total, by_user| {
            evaluate(&coupon, Currency::Vnd, &lines(&[("a", 1000)]), CouponUsage { total, by_user }, NOW)
        };
        assert!(with(99, 0).is_ok());
        assert_eq!(with(100, 0), Err(CouponRefusal::Exhausted));
        assert_eq!(with(5, 1), Err(CouponRefusal::UserLimitReached));
    }

    #[test]
    fn a_switched_off_coupon_and_a_coupon_in_another_currency_are_refused() {
        let off = Coupon { active: false, ..site_wide(CouponKind::Percent(10)) };
        assert_eq!(apply(&off, &[("a", 1000)]), Err(CouponRefusal::Inactive));
        let dollars = Coupon { currency: Some(Currency::Usd), ..site_wide(CouponKind::Fixed(500)) };
        assert_eq!(apply(&dollars, &[("a", 1000)]), Err(CouponRefusal::CurrencyMismatch { coupon: Currency::Usd }));
        // A percentage without a minimum fits any currency.
        let percent = Coupon { currency: Some(Currency::Usd), ..site_wide(CouponKind::Percent(10)) };
        assert!(apply(&percent, &[("a", 1000)]).is_ok());
    }

    #[test]
    fn every_refusal_speaks_both_languages() {
        let refusals = [
            CouponRefusal::Inactive,
            CouponRefusal::NotStarted { starts_at: NOW },
            CouponRefusal::Ended { ends_at: NOW },
            CouponRefusal::BelowMinimum { minimum: 500_000, currency: Currency::Vnd },
            CouponRefusal::Exhausted,
            CouponRefusal::UserLimitReached,
            CouponRefusal::NotApplicable,
            CouponRefusal::CurrencyMismatch { coupon: Currency::Usd },
        ];
        for refusal in refusals {
            let (vi, en) = (refusal.message(Lang::Vi), refusal.message(Lang::En));
            assert!(!vi.is_empty() && !en.is_empty() && vi != en, "{refusal:?}");
        }
        let below = CouponRefusal::BelowMinimum { minimum: 500_000, currency: Currency::Vnd };
        assert_eq!(below.message(Lang::Vi), "Mã giảm giá này chỉ áp dụng cho đơn hàng từ 500.000 ₫.");
        assert_eq!(below.message(Lang::En), "This coupon applies to orders of ₫500,000 or more.");
    }

    #[test]
    fn codes_are_stored_upper_case_and_definitions_are_checked() {
        assert_eq!(normalize_code(" first100 "), Ok("FIRST100".to_owned()));
        assert_eq!(normalize_code("ab"), Err(CouponDefinitionError::Code));
        assert_eq!(normalize_code("GIẢM40"), Err(CouponDefinitionError::Code));
        assert!(validate(&site_wide(CouponKind::Percent(40))).is_ok());
        assert_eq!(validate(&site_wide(CouponKind::Percent(0))), Err(CouponDefinitionError::Percent));
        assert_eq!(validate(&site_wide(CouponKind::Fixed(1000))), Err(CouponDefinitionError::Amount));
        let period = Coupon { starts_at: Some(NOW), ends_at: Some(NOW), ..site_wide(CouponKind::Percent(5)) };
        assert_eq!(validate(&period), Err(CouponDefinitionError::Period));
        let limit = Coupon { max_uses: Some(0), ..site_wide(CouponKind::Percent(5)) };
        assert_eq!(validate(&limit), Err(CouponDefinitionError::Limit));
    }

    proptest! {
        #[test]
        fn a_discount_is_never_more_than_the_order_and_its_parts_sum_to_it(
            prices in proptest::collection::vec(0i64..5_000_000, 1..8),
            percent in 1u8..=100,
            fixed in 1i64..20_000_000,
            use_fixed in any::<bool>(),
        ) {
            let kind = if use_fixed { CouponKind::Fixed(fixed) } else { CouponKind::Percent(percent) };
            let coupon = Coupon { currency: Some(Currency::Vnd), ..site_wide(kind) };
            let order: Vec<Line> =
                prices.iter().enumerate().map(|(i, p)| Line { course_id: i.to_string(), price: *p }).collect();
            match evaluate(&coupon, Currency::Vnd, &order, CouponUsage::default(), NOW) {
                Ok(discount) => {
                    prop_assert_eq!(discount.per_line.iter().sum::<i64>(), discount.total);
                    prop_assert!(discount.total <= prices.iter().sum::<i64>());
                    for (part, price) in discount.per_line.iter().zip(&prices) {
                        prop_assert!(*part >= 0 && part <= price);
                    }
                }
                Err(refusal) => prop_assert_eq!(refusal, CouponRefusal::NotApplicable),
            }
        }
    }
}
