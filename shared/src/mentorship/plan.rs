//! A mentorship plan: what a teacher sells (validated the same way in the editor and on the server), how long a
//! booking of it lasts, and where a booking's period starts and ends (a renewal of an active booking extends it
//! from its end; an expired one starts again now).

use serde::{Deserialize, Serialize};

use crate::{
    civil::{civil_from_days, days_from_civil},
    i18n::Lang,
    limits::{TooLong, check_max},
    validation::{Field, FieldErrors, Message},
};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The longest plan title, short description and service line.
pub const TITLE_MAX_CHARS: usize = 120;
pub const SHORT_DESCRIPTION_MAX_CHARS: usize = 500;
pub const SERVICE_MAX_CHARS: usize = 120;
/// At most this many services per plan.
pub const SERVICES_MAX: usize = 20;
/// The highest price (minor units), far above any real plan.
pub const PRICE_MAX: i64 = 1_000_000_000_000;
/// Durations: 1 to 365 days, or 1 to 24 months.
pub const DAYS_MAX: i64 = 365;
pub const MONTHS_MAX: i64 = 24;
/// Sessions per period: 1 to 60; a session lasts 15 to 240 minutes; 1 to 1000 active mentees.
pub const SESSIONS_MAX: i64 = 60;
pub const SESSION_MINUTES_MIN: i64 = 15;
pub const SESSION_MINUTES_MAX: i64 = 240;
pub const MENTEES_MAX: i64 = 1000;
/// Currencies a plan can be priced in.
pub const CURRENCIES: [&str; 2] = ["VND", "USD"];

/// The unit of a plan's duration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum DurationUnit {
    Days,
    Months,
}

impl DurationUnit {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Days => "days",
            Self::Months => "months",
        }
    }

    pub fn parse(text: &str) -> Option<DurationUnit> {
        match text {
            "days" => Some(Self::Days),
            "months" => Some(Self::Months),
            _ => None,
        }
    }
}

impl TryFrom<String> for DurationUnit {
    type Error = crate::stored::UnknownName;

    fn try_from(name: String) -> Result<Self, Self::Error> {
        Self::parse(&name).ok_or(crate::stored::UnknownName { what: "duration unit", name })
    }
}

/// How long one booking of a plan lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Duration {
    pub value: i64,
    pub unit: DurationUnit,
}

fn days_in_month(year: i64, month: i64) -> i64 {
    let (next_year, next_month) = if month == 12 { (year + 1, 1) } else { (year, month + 1) };
    days_from_civil(next_year, next_month, 1) - days_from_civil(year, month, 1)
}

/// The instant `duration` after `start_ms` (epoch milliseconds, UTC): days are 24 hours; months are calendar
/// months, the day of the month kept or, when that month is shorter, its last day (31 January + 1 month is
/// 28 or 29 February), the time of day kept.
pub fn add_duration(start_ms: i64, duration: Duration) -> i64 {
    match duration.unit {
        DurationUnit::Days => start_ms.saturating_add(duration.value.saturating_mul(DAY_MS)),
        DurationUnit::Months => {
            let days = start_ms.div_euclid(DAY_MS);
            let time = start_ms.rem_euclid(DAY_MS);
            let (year, month, day) = civil_from_days(days);
            let months = year * 12 + (month - 1) + duration.value;
            let (year, month) = (months.div_euclid(12), months.rem_euclid(12) + 1);
            let day = day.min(days_in_month(year, month));
            days_from_civil(year, month, day) * DAY_MS + time
        }
    }
}

/// A booking's period after a payment at `now_ms`: renewing one that is still active (`current`: its start and
/// end) extends it from its end and keeps its start; otherwise a new period starts now. (start, end).
pub fn booked_period(current: Option<(i64, i64)>, duration: Duration, now_ms: i64) -> (i64, i64) {
    match current {
        Some((start, end)) if end > now_ms => (start, add_duration(end, duration)),
        _ => (now_ms, add_duration(now_ms, duration)),
    }
}

/// A booking's end once the period one payment bought is refunded: that duration taken off its end, by the
/// calendar, never before its start (a first booking refunded ends where it began).
pub fn refunded_end(start_ms: i64, end_ms: i64, duration: Duration) -> i64 {
    add_duration(end_ms, Duration { value: duration.value.saturating_neg(), unit: duration.unit }).max(start_ms)
}

/// The period of a booking (from `start_ms`) that `at_ms` falls in: the booking is cut into consecutive periods
/// of its plan's duration from its start (a renewal adds periods); an instant before the start is in the first.
/// (start, end).
pub fn period_at(start_ms: i64, duration: Duration, at_ms: i64) -> (i64, i64) {
    if duration.value <= 0 {
        return (start_ms, i64::MAX);
    }
    let nth =
        |n: i64| add_duration(start_ms, Duration { value: duration.value.saturating_mul(n), unit: duration.unit });
    let mut n = 0;
    while nth(n + 1) <= at_ms && n < 100_000 {
        n += 1;
    }
    (nth(n), nth(n + 1))
}

/// A plan as the editor and the server read it.
#[derive(Debug, Clone, Copy)]
pub struct PlanFacts<'a> {
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub short_description_vi: &'a str,
    pub short_description_en: &'a str,
    /// Each service in (vi, en).
    pub services: &'a [(&'a str, &'a str)],
    pub price: i64,
    pub currency: &'a str,
    pub duration_value: i64,
    pub duration_unit: &'a str,
    pub sessions_per_period: i64,
    pub session_minutes: i64,
    pub max_mentees: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PlanField {
    TitleVi,
    TitleEn,
    ShortDescriptionVi,
    ShortDescriptionEn,
    Services,
    Price,
    Currency,
    DurationValue,
    DurationUnit,
    SessionsPerPeriod,
    SessionMinutes,
    MaxMentees,
}

impl Field for PlanField {
    fn name(self) -> &'static str {
        match self {
            Self::TitleVi => "title.vi",
            Self::TitleEn => "title.en",
            Self::ShortDescriptionVi => "shortDescription.vi",
            Self::ShortDescriptionEn => "shortDescription.en",
            Self::Services => "services",
            Self::Price => "price",
            Self::Currency => "currency",
            Self::DurationValue => "durationValue",
            Self::DurationUnit => "durationUnit",
            Self::SessionsPerPeriod => "sessionsPerPeriod",
            Self::SessionMinutes => "sessionMinutes",
            Self::MaxMentees => "maxMentees",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error("This field is required")]
    Required,
    #[error("This field must be at most {max} characters")]
    TooLong { max: usize },
    #[error("At most {max} services, each with a Vietnamese text")]
    ServicesInvalid { max: usize },
    #[error("Enter a whole number from {min} to {max}")]
    NumberOutOfRange { min: i64, max: i64 },
    #[error("Unknown currency")]
    CurrencyUnknown,
    #[error("Choose days or months")]
    UnitUnknown,
}

impl From<TooLong> for PlanError {
    fn from(TooLong { max }: TooLong) -> Self {
        Self::TooLong { max }
    }
}

impl Message for PlanError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::Required) => "Trường này là bắt buộc".into(),
            (Lang::Vi, Self::ServicesInvalid { max }) => {
                format!("Tối đa {max} dịch vụ, mỗi dịch vụ có nội dung tiếng Việt")
            }
            (Lang::Vi, Self::NumberOutOfRange { min, max }) => format!("Nhập một số nguyên từ {min} đến {max}"),
            (Lang::Vi, Self::CurrencyUnknown) => "Loại tiền tệ không hợp lệ".into(),
            (Lang::Vi, Self::UnitUnknown) => "Chọn ngày hoặc tháng".into(),
        }
    }
}

fn check_text(text: &str, max: usize, required: bool) -> Result<(), PlanError> {
    check_max(text, max)?;
    if required && text.trim().is_empty() { Err(PlanError::Required) } else { Ok(()) }
}

fn check_range(value: i64, min: i64, max: i64) -> Result<(), PlanError> {
    if (min..=max).contains(&value) { Ok(()) } else { Err(PlanError::NumberOutOfRange { min, max }) }
}

/// Checks a plan: a Vietnamese title, texts within their maximum, at most 20 services each with a Vietnamese
/// text, a price from 0 in a known currency, a duration of 1-365 days or 1-24 months, 1-60 sessions per period
/// of 15-240 minutes, and 1-1000 active mentees. The duration when valid.
pub fn validate_plan(plan: &PlanFacts<'_>) -> Result<Duration, FieldErrors<PlanField, PlanError>> {
    let mut errors = FieldErrors::default();
    errors.check(PlanField::TitleVi, check_text(plan.title_vi, TITLE_MAX_CHARS, true));
    errors.check(PlanField::TitleEn, check_text(plan.title_en, TITLE_MAX_CHARS, false));
    errors.check(
        PlanField::ShortDescriptionVi,
        check_text(plan.short_description_vi, SHORT_DESCRIPTION_MAX_CHARS, false),
    );
    errors.check(
        PlanField::ShortDescriptionEn,
        check_text(plan.short_description_en, SHORT_DESCRIPTION_MAX_CHARS, false),
    );
    let services_ok = plan.services.len() <= SERVICES_MAX
        && plan.services.iter().all(|(vi, en)| {
            !vi.trim().is_empty()
                && check_max(vi, SERVICE_MAX_CHARS).is_ok()
                && check_max(en, SERVICE_MAX_CHARS).is_ok()
        });
    if !services_ok {
        errors.add(PlanField::Services, PlanError::ServicesInvalid { max: SERVICES_MAX });
    }
    errors.check(PlanField::Price, check_range(plan.price, 0, PRICE_MAX));
    if !CURRENCIES.contains(&plan.currency) {
        errors.add(PlanField::Currency, PlanError::CurrencyUnknown);
    }
    let unit = DurationUnit::parse(plan.duration_unit);
    match unit {
        None => errors.add(PlanField::DurationUnit, PlanError::UnitUnknown),
        Some(DurationUnit::Days) => {
            errors.check(PlanField::DurationValue, check_range(plan.duration_value, 1, DAYS_MAX))
        }
        Some(DurationUnit::Months) => {
            errors.check(PlanField::DurationValue, check_range(plan.duration_value, 1, MONTHS_MAX));
        }
    }
    errors.check(PlanField::SessionsPerPeriod, check_range(plan.sessions_per_period, 1, SESSIONS_MAX));
    errors
        .check(PlanField::SessionMinutes, check_range(plan.session_minutes, SESSION_MINUTES_MIN, SESSION_MINUTES_MAX));
    errors.check(PlanField::MaxMentees, check_range(plan.max_mentees, 1, MENTEES_MAX));
    errors.into_result(|| Duration { value: plan.duration_value, unit: unit.unwrap_or(DurationUnit::Days) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// 2026-01-31T10:00:00Z.
    const JAN_31: i64 = 1_769_853_600_000;

    fn date(ms: i64) -> (i64, i64, i64) {
        civil_from_days(ms.div_euclid(DAY_MS))
    }

    fn plan() -> PlanFacts<'static> {
        PlanFacts {
            title_vi: "Kèm cặp 1-1",
            title_en: "One-to-one mentoring",
            short_description_vi: "",
            short_description_en: "",
            services: &[("Xem lại mã", "Code review")],
            price: 1_500_000,
            currency: "VND",
            duration_value: 1,
            duration_unit: "months",
            sessions_per_period: 4,
            session_minutes: 60,
            max_mentees: 5,
        }
    }

    #[test]
    fn a_month_after_the_thirty_first_of_january_is_the_last_day_of_february() {
        assert_eq!(date(JAN_31), (2026, 1, 31));
        let one = Duration { value: 1, unit: DurationUnit::Months };
        assert_eq!(date(add_duration(JAN_31, one)), (2026, 2, 28));
        assert_eq!(add_duration(JAN_31, one).rem_euclid(DAY_MS), JAN_31.rem_euclid(DAY_MS));
        let thirteen = Duration { value: 13, unit: DurationUnit::Months };
        assert_eq!(date(add_duration(JAN_31, thirteen)), (2027, 2, 28));
        let twenty_five = Duration { value: 25, unit: DurationUnit::Months };
        assert_eq!(date(add_duration(JAN_31, twenty_five)), (2028, 2, 29));
    }

    #[test]
    fn thirty_days_are_thirty_times_twenty_four_hours() {
        let days = Duration { value: 30, unit: DurationUnit::Days };
        assert_eq!(add_duration(JAN_31, days), JAN_31 + 30 * DAY_MS);
    }

    #[test]
    fn a_refund_takes_the_period_it_paid_for_off_the_end_never_past_the_start() {
        let days = Duration { value: 30, unit: DurationUnit::Days };
        let start = JAN_31 - 10 * DAY_MS;
        let renewed = booked_period(Some((start, JAN_31 + 20 * DAY_MS)), days, JAN_31);
        assert_eq!(refunded_end(renewed.0, renewed.1, days), JAN_31 + 20 * DAY_MS);
        assert_eq!(refunded_end(start, start + 30 * DAY_MS, days), start, "a first booking ends where it began");
        let month = Duration { value: 1, unit: DurationUnit::Months };
        let (first, end) = booked_period(None, month, JAN_31);
        let (_, renewed_end) = booked_period(Some((first, end)), month, JAN_31);
        assert_eq!(refunded_end(first, renewed_end, month), end, "a month back by the calendar");
        assert_eq!(refunded_end(first, end, month), first);
    }

    #[test]
    fn renewing_an_active_booking_extends_it_from_its_end_and_an_expired_one_starts_now() {
        let days = Duration { value: 30, unit: DurationUnit::Days };
        let now = JAN_31;
        let active = (now - 10 * DAY_MS, now + 20 * DAY_MS);
        assert_eq!(booked_period(Some(active), days, now), (active.0, now + 50 * DAY_MS));
        let expired = (now - 40 * DAY_MS, now - 10 * DAY_MS);
        assert_eq!(booked_period(Some(expired), days, now), (now, now + 30 * DAY_MS));
        let ends_now = (now - 30 * DAY_MS, now);
        assert_eq!(booked_period(Some(ends_now), days, now), (now, now + 30 * DAY_MS));
        assert_eq!(booked_period(None, days, now), (now, now + 30 * DAY_MS));
    }

    #[test]
    fn a_booking_is_cut_into_periods_of_its_plans_duration_from_its_start() {
        let days = Duration { value: 30, unit: DurationUnit::Days };
        let start = JAN_31;
        assert_eq!(period_at(start, days, start), (start, start + 30 * DAY_MS));
        assert_eq!(period_at(start, days, start - DAY_MS), (start, start + 30 * DAY_MS));
        assert_eq!(period_at(start, days, start + 45 * DAY_MS), (start + 30 * DAY_MS, start + 60 * DAY_MS));
        assert_eq!(period_at(start, days, start + 60 * DAY_MS), (start + 60 * DAY_MS, start + 90 * DAY_MS));
        let month = Duration { value: 1, unit: DurationUnit::Months };
        let (from, to) = period_at(start, month, start + 33 * DAY_MS);
        assert_eq!((date(from), date(to)), ((2026, 2, 28), (2026, 3, 31)));
    }

    #[test]
    fn a_complete_plan_is_valid_and_gives_its_duration() {
        assert_eq!(validate_plan(&plan()), Ok(Duration { value: 1, unit: DurationUnit::Months }));
    }

    #[test]
    fn each_broken_rule_is_reported_on_its_field() {
        let long = "x".repeat(TITLE_MAX_CHARS + 1);
        let too_many: Vec<(&str, &str)> = vec![("a", "a"); SERVICES_MAX + 1];
        let cases: Vec<(PlanFacts<'_>, PlanField, PlanError)> = vec![
            (PlanFacts { title_vi: "  ", ..plan() }, PlanField::TitleVi, PlanError::Required),
            (PlanFacts { title_en: &long, ..plan() }, PlanField::TitleEn, PlanError::TooLong { max: TITLE_MAX_CHARS }),
            (PlanFacts { services: &too_many, ..plan() }, PlanField::Services, PlanError::ServicesInvalid { max: 20 }),
            (
                PlanFacts { services: &[("", "Code review")], ..plan() },
                PlanField::Services,
                PlanError::ServicesInvalid { max: 20 },
            ),
            (
                PlanFacts { price: -1, ..plan() },
                PlanField::Price,
                PlanError::NumberOutOfRange { min: 0, max: PRICE_MAX },
            ),
            (PlanFacts { currency: "EUR", ..plan() }, PlanField::Currency, PlanError::CurrencyUnknown),
            (PlanFacts { duration_unit: "weeks", ..plan() }, PlanField::DurationUnit, PlanError::UnitUnknown),
            (
                PlanFacts { duration_value: 25, ..plan() },
                PlanField::DurationValue,
                PlanError::NumberOutOfRange { min: 1, max: 24 },
            ),
            (
                PlanFacts { duration_value: 366, duration_unit: "days", ..plan() },
                PlanField::DurationValue,
                PlanError::NumberOutOfRange { min: 1, max: 365 },
            ),
            (
                PlanFacts { duration_value: 0, ..plan() },
                PlanField::DurationValue,
                PlanError::NumberOutOfRange { min: 1, max: 24 },
            ),
            (
                PlanFacts { sessions_per_period: 0, ..plan() },
                PlanField::SessionsPerPeriod,
                PlanError::NumberOutOfRange { min: 1, max: 60 },
            ),
            (
                PlanFacts { session_minutes: 10, ..plan() },
                PlanField::SessionMinutes,
                PlanError::NumberOutOfRange { min: 15, max: 240 },
            ),
            (
                PlanFacts { max_mentees: 0, ..plan() },
                PlanField::MaxMentees,
                PlanError::NumberOutOfRange { min: 1, max: 1000 },
            ),
        ];
        for (facts, field, error) in cases {
            let errors = validate_plan(&facts).expect_err("invalid");
            assert_eq!(errors.len(), 1, "{field:?}");
            assert_eq!(errors.get(field), Some(&error), "{field:?}");
        }
    }

    #[test]
    fn plan_errors_speak_both_languages() {
        let error = PlanError::NumberOutOfRange { min: 1, max: 60 };
        assert_eq!(error.message(Lang::En), "Enter a whole number from 1 to 60");
        assert_eq!(error.message(Lang::Vi), "Nhập một số nguyên từ 1 đến 60");
    }

    proptest! {
        #[test]
        fn civil_dates_round_trip(days in -1_000_000i64..1_000_000) {
            let (y, m, d) = civil_from_days(days);
            prop_assert_eq!(days_from_civil(y, m, d), days);
        }

        #[test]
        fn a_booking_always_ends_after_it_starts_and_a_renewal_never_shortens_it(
            start in 0i64..4_000_000_000_000, len in 1i64..400 * DAY_MS, now in 0i64..4_000_000_000_000,
            value in 1i64..=24, months in any::<bool>(),
        ) {
            let duration = Duration { value, unit: if months { DurationUnit::Months } else { DurationUnit::Days } };
            let current = (start, start + len);
            let (from, to) = booked_period(Some(current), duration, now);
            prop_assert!(to > from && to > now);
            prop_assert!(to > current.1 || current.1 <= now);
        }
    }
}
