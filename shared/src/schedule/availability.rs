//! A teacher's availability and the rules it must follow (checked the same way in the editor and on the server).

use std::str::FromStr;

use chrono::NaiveDate;
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::{
    i18n::Lang,
    validation::{Field, FieldErrors, Message},
};

/// The zone of a teacher who has not chosen one.
pub const DEFAULT_ZONE: &str = "Asia/Ho_Chi_Minh";
/// Times of day are whole quarter hours.
pub const MINUTE_STEP: u32 = 15;
/// The gap between sessions: 0 to 120 minutes.
pub const BUFFER_MAX_MINUTES: u32 = 120;
/// How long before a session it must be booked (and can be cancelled or moved): 0 minutes to 14 days; 2 hours
/// unless the teacher says otherwise.
pub const NOTICE_MAX_MINUTES: u32 = 14 * 24 * 60;
pub const DEFAULT_NOTICE_MINUTES: u32 = 120;
/// At most this many intervals in one day.
pub const INTERVALS_PER_DAY_MAX: usize = 12;
/// At most this many dated exceptions.
pub const OVERRIDES_MAX: usize = 366;

const DAY_MINUTES: u32 = 24 * 60;

/// Part of a day in local time: minutes after midnight, `start` included, `end` excluded (`end` may be 1440,
/// midnight at the end of the day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interval {
    pub start: u32,
    pub end: u32,
}

/// A date with hours other than its weekday's: no intervals is a day off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DateOverride {
    /// The local date, `YYYY-MM-DD`.
    pub date: NaiveDate,
    pub intervals: Vec<Interval>,
}

/// When a teacher can be booked, in their own zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Availability {
    /// An IANA zone name, e.g. `Asia/Ho_Chi_Minh`.
    pub zone: String,
    /// The intervals of each weekday, Monday first.
    pub weekly: [Vec<Interval>; 7],
    /// Minutes kept free before and after every booked session.
    pub buffer_minutes: u32,
    /// A session starts at least this many minutes after it is booked.
    pub notice_minutes: u32,
}

impl Default for Availability {
    fn default() -> Self {
        Self {
            zone: DEFAULT_ZONE.to_owned(),
            weekly: Default::default(),
            buffer_minutes: 0,
            notice_minutes: DEFAULT_NOTICE_MINUTES,
        }
    }
}

/// The zone of an IANA name (`Europe/Berlin`), or `None` for a name the time zone database does not know.
pub fn parse_zone(name: &str) -> Option<Tz> {
    Tz::from_str(name).ok()
}

/// The IANA names of every zone a teacher can choose (`Region/City` and `UTC`), in alphabetical order.
pub fn zone_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> =
        chrono_tz::TZ_VARIANTS.iter().map(|zone| zone.name()).filter(|n| n.contains('/') || *n == "UTC").collect();
    names.sort_unstable();
    names
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum AvailabilityField {
    Zone,
    /// The intervals of one weekday, 0 = Monday.
    Weekly(u8),
    Overrides,
    BufferMinutes,
    NoticeMinutes,
}

impl Field for AvailabilityField {
    fn name(self) -> &'static str {
        const DAYS: [&str; 7] = ["weekly.0", "weekly.1", "weekly.2", "weekly.3", "weekly.4", "weekly.5", "weekly.6"];
        match self {
            Self::Zone => "zone",
            Self::Weekly(day) => DAYS.get(usize::from(day)).copied().unwrap_or("weekly"),
            Self::Overrides => "overrides",
            Self::BufferMinutes => "bufferMinutes",
            Self::NoticeMinutes => "noticeMinutes",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AvailabilityError {
    #[error("Unknown time zone")]
    ZoneUnknown,
    #[error("Each interval must start before it ends, within the day")]
    IntervalEmpty,
    #[error("Times must be whole quarter hours (:00, :15, :30, :45)")]
    NotOnStep,
    #[error("Intervals must be in order and must not overlap")]
    IntervalsOverlap,
    #[error("At most {max} intervals a day")]
    TooManyIntervals { max: usize },
    #[error("Each date may be listed once, with at most {max} dates")]
    OverridesInvalid { max: usize },
    #[error("Enter a whole number from {min} to {max}")]
    NumberOutOfRange { min: u32, max: u32 },
}

impl Message for AvailabilityError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::ZoneUnknown) => "Múi giờ không hợp lệ".into(),
            (Lang::Vi, Self::IntervalEmpty) => {
                "Mỗi khoảng thời gian phải bắt đầu trước khi kết thúc, trong ngày".into()
            }
            (Lang::Vi, Self::NotOnStep) => "Thời gian phải tròn 15 phút (:00, :15, :30, :45)".into(),
            (Lang::Vi, Self::IntervalsOverlap) => "Các khoảng thời gian phải theo thứ tự và không chồng nhau".into(),
            (Lang::Vi, Self::TooManyIntervals { max }) => format!("Tối đa {max} khoảng thời gian mỗi ngày"),
            (Lang::Vi, Self::OverridesInvalid { max }) => {
                format!("Mỗi ngày chỉ được liệt kê một lần, tối đa {max} ngày")
            }
            (Lang::Vi, Self::NumberOutOfRange { min, max }) => format!("Nhập một số nguyên từ {min} đến {max}"),
        }
    }
}

/// Checks the intervals of one day: at most 12, each within the day on quarter hours with its start before its
/// end, in order and not overlapping (one may start where the previous ends).
pub fn check_intervals(intervals: &[Interval]) -> Result<(), AvailabilityError> {
    if intervals.len() > INTERVALS_PER_DAY_MAX {
        return Err(AvailabilityError::TooManyIntervals { max: INTERVALS_PER_DAY_MAX });
    }
    for interval in intervals {
        if interval.start >= interval.end || interval.end > DAY_MINUTES {
            return Err(AvailabilityError::IntervalEmpty);
        }
        if interval.start % MINUTE_STEP != 0 || interval.end % MINUTE_STEP != 0 {
            return Err(AvailabilityError::NotOnStep);
        }
    }
    if intervals.windows(2).any(|pair| pair[1].start < pair[0].end) {
        return Err(AvailabilityError::IntervalsOverlap);
    }
    Ok(())
}

fn check_range(value: u32, min: u32, max: u32) -> Result<(), AvailabilityError> {
    if (min..=max).contains(&value) { Ok(()) } else { Err(AvailabilityError::NumberOutOfRange { min, max }) }
}

/// Checks an availability and its dated exceptions: a known zone; each day's intervals (see `check_intervals`);
/// each date listed once, at most 366; a buffer of 0-120 minutes and a notice of 0 minutes to 14 days.
pub fn validate_availability(
    availability: &Availability,
    overrides: &[DateOverride],
) -> Result<Tz, FieldErrors<AvailabilityField, AvailabilityError>> {
    let mut errors = FieldErrors::default();
    let zone = parse_zone(&availability.zone);
    if zone.is_none() {
        errors.add(AvailabilityField::Zone, AvailabilityError::ZoneUnknown);
    }
    for (day, intervals) in (0u8..).zip(availability.weekly.iter()) {
        errors.check(AvailabilityField::Weekly(day), check_intervals(intervals));
    }
    if overrides.len() > OVERRIDES_MAX
        || overrides.iter().enumerate().any(|(i, o)| overrides[..i].iter().any(|p| p.date == o.date))
    {
        errors.add(AvailabilityField::Overrides, AvailabilityError::OverridesInvalid { max: OVERRIDES_MAX });
    }
    for date in overrides {
        errors.check(AvailabilityField::Overrides, check_intervals(&date.intervals));
    }
    errors.check(AvailabilityField::BufferMinutes, check_range(availability.buffer_minutes, 0, BUFFER_MAX_MINUTES));
    errors.check(AvailabilityField::NoticeMinutes, check_range(availability.notice_minutes, 0, NOTICE_MAX_MINUTES));
    errors.into_result(|| zone.unwrap_or(Tz::Asia__Ho_Chi_Minh))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zones_offered_include_ho_chi_minh_city_berlin_and_utc_and_every_one_parses() {
        let names = zone_names();
        for name in ["Asia/Ho_Chi_Minh", "Europe/Berlin", "America/New_York", "UTC"] {
            assert!(names.contains(&name), "{name}");
        }
        assert!(names.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(names.iter().all(|name| parse_zone(name).is_some()));
    }

    fn at(start: u32, end: u32) -> Interval {
        Interval { start, end }
    }

    fn week(monday: Vec<Interval>) -> Availability {
        let mut availability = Availability::default();
        availability.weekly[0] = monday;
        availability
    }

    #[test]
    fn a_new_availability_is_in_ho_chi_minh_city_with_two_hours_notice_and_is_valid() {
        let availability = Availability::default();
        assert_eq!(availability.zone, "Asia/Ho_Chi_Minh");
        assert_eq!(availability.notice_minutes, 120);
        assert_eq!(validate_availability(&availability, &[]), Ok(Tz::Asia__Ho_Chi_Minh));
    }

    #[test]
    fn intervals_in_order_on_quarter_hours_are_valid_and_may_touch() {
        let availability = week(vec![at(9 * 60, 12 * 60), at(12 * 60, 13 * 60 + 45), at(20 * 60, 24 * 60)]);
        assert!(validate_availability(&availability, &[]).is_ok());
    }

    #[test]
    fn each_broken_interval_rule_names_its_weekday() {
        let cases = [
            (vec![at(600, 600)], AvailabilityError::IntervalEmpty),
            (vec![at(700, 600)], AvailabilityError::IntervalEmpty),
            (vec![at(600, 1455)], AvailabilityError::IntervalEmpty),
            (vec![at(610, 700)], AvailabilityError::NotOnStep),
            (vec![at(600, 700)], AvailabilityError::NotOnStep),
            (vec![at(600, 720), at(705, 780)], AvailabilityError::IntervalsOverlap),
            (vec![at(720, 780), at(600, 660)], AvailabilityError::IntervalsOverlap),
            ((0..13).map(|i| at(i * 60, i * 60 + 30)).collect(), AvailabilityError::TooManyIntervals { max: 12 }),
        ];
        for (intervals, expected) in cases {
            let errors = validate_availability(&week(intervals.clone()), &[]).expect_err("invalid");
            assert_eq!(errors.get(AvailabilityField::Weekly(0)), Some(&expected), "{intervals:?}");
            assert_eq!(errors.messages(Lang::En).keys().collect::<Vec<_>>(), ["weekly.0"]);
        }
    }

    #[test]
    fn an_unknown_zone_and_out_of_range_buffer_and_notice_are_refused_in_both_languages() {
        let availability = Availability {
            zone: "Mars/Olympus".into(),
            buffer_minutes: 121,
            notice_minutes: NOTICE_MAX_MINUTES + 1,
            ..Availability::default()
        };
        let errors = validate_availability(&availability, &[]).expect_err("invalid");
        assert_eq!(errors.get(AvailabilityField::Zone), Some(&AvailabilityError::ZoneUnknown));
        assert_eq!(
            errors.get(AvailabilityField::BufferMinutes),
            Some(&AvailabilityError::NumberOutOfRange { min: 0, max: 120 })
        );
        assert_eq!(
            errors.get(AvailabilityField::NoticeMinutes),
            Some(&AvailabilityError::NumberOutOfRange { min: 0, max: 20_160 })
        );
        let vi = errors.messages(Lang::Vi);
        assert_eq!(vi["zone"], "Múi giờ không hợp lệ");
        assert_eq!(vi["bufferMinutes"], "Nhập một số nguyên từ 0 đến 120");
        assert_eq!(errors.messages(Lang::En)["zone"], "Unknown time zone");
    }

    #[test]
    fn a_date_listed_twice_or_with_broken_hours_is_refused() {
        let date = NaiveDate::from_ymd_opt(2026, 12, 24).expect("a date");
        let off = DateOverride { date, intervals: vec![] };
        let errors = validate_availability(&Availability::default(), &[off.clone(), off.clone()]).expect_err("twice");
        assert_eq!(errors.get(AvailabilityField::Overrides), Some(&AvailabilityError::OverridesInvalid { max: 366 }));
        let broken = DateOverride { date, intervals: vec![at(600, 590)] };
        let errors = validate_availability(&Availability::default(), &[broken]).expect_err("broken");
        assert_eq!(errors.get(AvailabilityField::Overrides), Some(&AvailabilityError::IntervalEmpty));
        assert!(validate_availability(&Availability::default(), &[off]).is_ok());
    }

    #[test]
    fn an_availability_reads_and_writes_the_json_the_browser_sends() {
        let json = r#"{"zone":"Europe/Berlin","weekly":[[{"start":540,"end":720}],[],[],[],[],[],[]],"bufferMinutes":15,"noticeMinutes":120}"#;
        let availability: Availability = serde_json::from_str(json).expect("reads");
        assert_eq!(availability.weekly[0], vec![at(540, 720)]);
        assert_eq!(serde_json::to_string(&availability).expect("writes"), json);
        let date: DateOverride = serde_json::from_str(r#"{"date":"2026-10-25","intervals":[]}"#).expect("reads");
        assert_eq!(date.date, NaiveDate::from_ymd_opt(2026, 10, 25).expect("a date"));
    }
}
